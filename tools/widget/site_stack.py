"""The processes and the browser of the site end-to-end test (site_e2e_test.py): the captcha
server(s), the site's backend (site_backend.py) and headless Chromium with the test's hostnames
mapped to loopback; and PostgreSQL for the two-instance runs."""
import hashlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START_SECONDS = 60
TOKEN_TTL = 8  # seconds: short, so the expired-token test waits little
HOSTS = ["shop.test", "blog.test", "evil.test"]

# Keeps each challenge response the page fetches (the --dev answer is in it) and each pass token.
CAPTURE = """
window.__challenges = [];
window.__passes = [];
window.__expired = 0;
document.addEventListener('captcha-gen:pass', function (e) { window.__passes.push(e.detail); });
document.addEventListener('captcha-gen:expire', function () { window.__expired += 1; });
(function () {
  var original = window.fetch;
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input.url;
    return original.apply(this, arguments).then(function (response) {
      if (/\\/v1\\/challenges$/.test(url) && init && init.method === 'POST') {
        response.clone().json().then(function (json) { if (json && json.id) window.__challenges.push(json); },
                                     function () {});
      }
      return response;
    });
  };
})();
"""


class Process:
    """A process that prints 'listening on URL' first; stopped by stop()."""

    def __init__(self, command, log_path, env=None):
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env)
        found = {}
        reader = threading.Thread(target=lambda: found.setdefault("line", self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(START_SECONDS)
        line = found.get("line", "")
        if not line.startswith("listening on "):
            self.stop()
            raise RuntimeError(f"{' '.join(command)} printed {line!r} (log: {log_path})")
        self.url = line[len("listening on "):].strip()
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def post_form(url, fields):
    """POSTs a form; (status, JSON answer)."""
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def post_json(url, body, headers=None):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class Stack:
    """The captcha server(s), the site's backend and a browser, for one store."""

    def __init__(self, args, store_url):
        self.dir = tempfile.mkdtemp(prefix="captcha-site-e2e-")
        self.secrets = {"shop": "shop-" + secrets.token_hex(16), "blog": "blog-" + secrets.token_hex(16)}
        sites = {"sites": [
            {"sitekey": "shop", "secret_sha256": sha256(self.secrets["shop"]), "hostnames": ["shop.test"]},
            {"sitekey": "blog", "secret_sha256": sha256(self.secrets["blog"]), "hostnames": ["blog.test"]},
        ]}
        sites_path = os.path.join(self.dir, "sites.json")
        with open(sites_path, "w") as f:
            json.dump(sites, f)
        self.processes = []
        try:
            count = 2 if store_url else 1
            for i in range(count):
                command = [args.bin, "serve", "--dev", "--port", "0", "--kind", "slide", "--pool", "4",
                           "--rate-limit", "0", "--sites", sites_path, "--token-ttl", str(TOKEN_TTL)]
                if store_url:
                    command += ["--store", store_url]
                self.processes.append(Process(command, os.path.join(args.logs, f"e2e-serve-{count}-{i}.log")))
            self.servers = [p.url for p in self.processes]
            backend = [sys.executable, os.path.join(HERE, "site_backend.py"), "--port", "0",
                       "--widget-endpoint", self.servers[0], "--siteverify", self.servers[-1] + "/v1/siteverify",
                       "--site", f"shop.test=shop:{self.secrets['shop']}",
                       "--site", f"blog.test=blog:{self.secrets['blog']}",
                       "--site", f"evil.test=shop:{self.secrets['shop']}"]
            self.processes.append(Process(backend, os.path.join(args.logs, f"e2e-site-{count}.log")))
            self.site_port = self.processes[-1].url.rsplit(":", 1)[1]
            self.driver = new_browser(args)
        except Exception:
            self.stop()
            raise

    def page(self, host, widget="div"):
        return f"http://{host}:{self.site_port}/signup" + ("" if widget == "div" else f"?widget={widget}")

    def accounts(self):
        with urllib.request.urlopen(self.processes[-1].url + "/accounts", timeout=10) as r:
            return json.load(r)

    def stop(self):
        if getattr(self, "driver", None):
            self.driver.quit()
        for process in reversed(self.processes):
            process.stop()


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def new_browser(args):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    rules = ", ".join(f"MAP {host} 127.0.0.1" for host in HOSTS)
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,900",
                 f"--host-resolver-rules={rules}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    return driver


class Postgres:
    """CAPTCHA_TEST_POSTGRES_URL, or a cluster of tools/pg/cluster.sh started on first use."""

    def __init__(self):
        self.started = False
        self.value = os.environ.get("CAPTCHA_TEST_POSTGRES_URL")

    def url(self):
        if not self.value:
            script = os.path.join(ROOT, "tools", "pg", "cluster.sh")
            self.value = subprocess.run([script, "start"], check=True, capture_output=True, text=True).stdout.strip()
            self.started = True
        return self.value

    def stop(self):
        if self.started:
            subprocess.run([os.path.join(ROOT, "tools", "pg", "cluster.sh"), "stop"], check=False)


POSTGRES = Postgres()

"""Headless Chromium on tools/pow/pow_page.html, for pow_browser_test.py and bench_pow.py.

A throw-away HTTP server on 127.0.0.1 serves the page, the widget's solver as `captcha-gen serve`
ships it (Sources/CaptchaServe/Resources/pow-worker.js) and the SHA-256 baseline's worker (workers
cannot load from file: URLs). `PowPage.call(worker, message)` posts to a worker and waits for its
answer; `chromium_cpu_seconds()` sums the CPU time of the browser's processes (from /proc), which
stays meaningful on a machine that other work keeps busy.
"""

import http.server
import os
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FILES = {
    "/pow_page.html": os.path.join(HERE, "pow_page.html"),
    "/pow-worker.js": os.path.join(ROOT, "Sources", "CaptchaServe", "Resources", "pow-worker.js"),
    "/sha256_hashcash_worker.js": os.path.join(HERE, "sha256_hashcash_worker.js"),
}


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = FILES.get(self.path)
        if path is None:
            self.send_error(404)
            return
        with open(path, "rb") as f:
            body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "text/html" if path.endswith(".html") else "application/javascript")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class PowPage:
    """The page in headless Chromium; `close()` stops the browser and the HTTP server."""

    def __init__(self, chromium, chromedriver, script_timeout=600):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
            options.add_argument(flag)
        self.service = Service(chromedriver)
        self.driver = webdriver.Chrome(service=self.service, options=options)
        self.driver.set_script_timeout(script_timeout)
        self.driver.get("http://127.0.0.1:%d/pow_page.html" % self.httpd.server_address[1])

    def call(self, worker, message):
        """Posts `message` to window[worker] and returns its answer."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.callWorker(window[arguments[0]], arguments[1]).then(done);", worker, message)

    def run(self, script, *args):
        return self.driver.execute_script(script, *args)

    def chromium_cpu_seconds(self):
        """User + system CPU seconds of every process under chromedriver (the browser's)."""
        children = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open("/proc/%s/stat" % entry) as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                children.setdefault(int(fields[1]), []).append((int(entry), int(fields[11]) + int(fields[12])))
        ticks, stack = 0, [self.service.process.pid]
        while stack:
            for pid, used in children.get(stack.pop(), []):
                ticks += used
                stack.append(pid)
        return ticks / os.sysconf("SC_CLK_TCK")

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.httpd.shutdown()

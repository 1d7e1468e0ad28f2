"""What the two site end-to-end tests share (site_e2e_test.py: our own sign-up site; dropin_e2e_test.py:
a Django site with the Turnstile, hCaptcha and reCAPTCHA libraries): the two sites serve knows (shop
and blog, with fresh secrets), headless Chromium with the test's hostnames mapped to loopback and the
challenge capture, the steps SiteTest's tests are written in (answer a slide widget with the keyboard
from its --dev answer), and the command line and summary both scripts run with.

The processes themselves start through tools/serve/serve_process.py.
"""
import argparse
import hashlib
import json
import os
import secrets
import sys
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

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


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def write_sites(folder):
    """sites.json in `folder` with two sites, shop (shop.test) and blog (blog.test), each with a fresh
    secret: (its path, {sitekey: secret})."""
    keys = {name: f"{name}-" + secrets.token_hex(16) for name in ("shop", "blog")}
    sites = {"sites": [{"sitekey": name, "secret_sha256": sha256(secret), "hostnames": [f"{name}.test"]}
                       for name, secret in keys.items()]}
    path = os.path.join(folder, "sites.json")
    with open(path, "w") as f:
        json.dump(sites, f)
    return path, keys


def post_form(url, fields):
    """POSTs a form; (status, JSON answer)."""
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def new_browser(args, hosts, *flags):
    """Headless Chromium that resolves `hosts` to 127.0.0.1, with the challenge capture and `flags`."""
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    rules = ", ".join(f"MAP {host} 127.0.0.1" for host in hosts)
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,900",
                 f"--host-resolver-rules={rules}", *flags]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE})
    return driver


class SiteTest:
    """Steps on a site's pages. A test class sets `stack` (with `driver` and stop()) in setUpClass by
    `make_stack`; tearDownClass stops it."""

    stack = None
    wait_seconds = 20

    @classmethod
    def make_stack(cls):
        raise NotImplementedError

    @classmethod
    def setUpClass(cls):
        cls.stack = cls.make_stack()
        cls.driver = cls.stack.driver

    @classmethod
    def tearDownClass(cls):
        if cls.stack:
            cls.stack.stop()

    def wait_for(self, condition, what, seconds=None):
        seconds = seconds or self.wait_seconds
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda d: condition())
        except TimeoutException:
            logs = self.driver.get_log("browser") if hasattr(self.driver, "get_log") else []
            self.fail(f"timed out after {seconds} s waiting for {what}; browser log: {logs[-5:]}")

    def answer(self, root):
        """Answers `root`'s slide challenge with the keyboard (its --dev answer) and waits for the pass
        (or for the widget to go: execute's dialog is removed once its puzzle is passed)."""
        self.wait_for(lambda: root.get_attribute("data-state") == "ready", "a ready widget")
        cid = root.get_attribute("data-challenge-id")
        challenge = self.driver.execute_script(
            "var id = arguments[0]; return window.__challenges.filter(function (c) { return c.id === id; })[0]", cid)
        target = challenge["answer"]["target"]["x"]
        knob = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
        self.driver.execute_script("arguments[0].focus()", knob)
        keys = [Keys.HOME] + [Keys.PAGE_UP] * (target // 10) + [Keys.ARROW_RIGHT] * (target % 10) + [Keys.ENTER]
        ActionChains(self.driver).send_keys(*keys).perform()

        def passed():
            try:
                return root.get_attribute("data-state") == "pass"
            except WebDriverException:  # the widget, or its page, is gone: what follows checks the outcome
                return True
        self.wait_for(passed, "a pass")

    def submit_form(self, name, fields=(), token=None, answered=None):
        """Types `name`, puts `token` (when given) into the `fields` elements, submits the form, waits for
        `answered()` (default: no form left on the page); the page's text."""
        self.driver.find_element(By.NAME, "name").send_keys(name)
        if token is not None:
            for field in fields:
                self.driver.execute_script("arguments[0].value = arguments[1]", field, token)
        self.driver.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
        self.wait_for(answered or (lambda: not self.driver.find_elements(By.CSS_SELECTOR, "form")),
                      "the site's answer")
        return self.driver.find_element(By.TAG_NAME, "body").text


def parse_arguments(description):
    """The scripts' command line: --bin, --chromium, --chromedriver, --logs (made), and the rest for
    unittest (-k NAME)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--logs", default=".build/browser-test", help="where the processes' logs go")
    args, rest = parser.parse_known_args()
    os.makedirs(args.logs, exist_ok=True)
    return args, rest


def run_tests(label, rest, cleanup=lambda: None):
    """Runs the calling script's tests (unittest, with `rest` as its arguments), then `cleanup`; prints
    the time and the counts under `label` and exits 0 only when every test passed."""
    started = time.monotonic()
    try:
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        cleanup()
    failed = len(result.failures) + len(result.errors)
    print(f"{label} tests took {time.monotonic() - started:.1f} s")
    print(f"{label}: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)

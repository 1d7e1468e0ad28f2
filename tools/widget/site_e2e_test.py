"""End-to-end test of a site that protects its sign-up form with captcha-gen, across two origins.

The captcha server (`captcha-gen serve --sites`) runs on http://127.0.0.1:A; the site
(tools/widget/site_backend.py, another process) on http://shop.test:B, http://blog.test:B and
http://evil.test:B (headless Chromium maps those names to 127.0.0.1). The site's pages embed the
widget from the captcha server; its POST handler checks the pass token with siteverify. In the
browser: solving and submitting creates the account; no token, a made-up one, a used one, an
expired one and another site's are refused by the site; a page on a host no site allows gets no
challenge and the widget says so. Then 50 concurrent siteverify calls of one token: one success.

Both stores: memory (one server) and PostgreSQL (two servers on one database: the widget talks to
the first, the site's backend to the second). PostgreSQL comes from CAPTCHA_TEST_POSTGRES_URL, or
a throw-away cluster (tools/pg/cluster.sh) this script starts and stops.

    python3 -m tools.widget.site_e2e_test --bin .build/debug/captcha-gen [-k memory]
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

from selenium.webdriver.common.by import By

from tools.serve.serve_process import ListeningProcess, ServeProcess
from tools.widget.site_harness import SiteTest, new_browser, parse_arguments, post_form, run_tests, write_sites

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN_TTL = 8  # seconds: short, so the expired-token test waits little
HOSTS = ["shop.test", "blog.test", "evil.test"]
ARGS = None


class Stack:
    """The captcha server(s), the site's backend (site_backend.py) and a browser, for one store."""

    def __init__(self, args, store_url):
        self.dir = tempfile.mkdtemp(prefix="captcha-site-e2e-")
        sites_path, self.secrets = write_sites(self.dir)
        self.processes = []
        self.driver = None
        try:
            count = 2 if store_url else 1
            for i in range(count):
                serve_args = ["--dev", "--kind", "slide", "--pool", "4", "--rate-limit", "0", "--sites", sites_path,
                              "--token-ttl", str(TOKEN_TTL)] + (["--store", store_url] if store_url else [])
                self.processes.append(ServeProcess(args.bin, serve_args,
                                                   os.path.join(args.logs, f"e2e-serve-{count}-{i}.log")))
            self.servers = [p.url for p in self.processes]
            backend = [sys.executable, os.path.join(ROOT, "tools", "widget", "site_backend.py"), "--port", "0",
                       "--widget-endpoint", self.servers[0], "--siteverify", self.servers[-1] + "/v1/siteverify",
                       "--site", f"shop.test=shop:{self.secrets['shop']}",
                       "--site", f"blog.test=blog:{self.secrets['blog']}",
                       "--site", f"evil.test=shop:{self.secrets['shop']}"]
            self.processes.append(ListeningProcess(backend, os.path.join(args.logs, f"e2e-site-{count}.log")))
            self.site_port = self.processes[-1].url.rsplit(":", 1)[1]
            self.driver = new_browser(args, HOSTS)
        except Exception:
            self.stop()
            raise

    def page(self, host, widget="div"):
        return f"http://{host}:{self.site_port}/signup" + ("" if widget == "div" else f"?widget={widget}")

    def accounts(self):
        with urllib.request.urlopen(self.processes[-1].url + "/accounts", timeout=10) as r:
            return json.load(r)

    def stop(self):
        if self.driver:
            self.driver.quit()
        for process in reversed(self.processes):
            process.stop()


class Postgres:
    """CAPTCHA_TEST_POSTGRES_URL, or a cluster of tools/pg/cluster.sh started on first use."""

    script = os.path.join(ROOT, "tools", "pg", "cluster.sh")

    def __init__(self):
        self.started = False
        self.value = os.environ.get("CAPTCHA_TEST_POSTGRES_URL")

    def url(self):
        if not self.value:
            self.value = subprocess.run([self.script, "start"], check=True, capture_output=True, text=True).stdout.strip()
            self.started = True
        return self.value

    def stop(self):
        if self.started:
            subprocess.run([self.script, "stop"], check=False)


class SignUpTests(SiteTest):
    """The site's sign-up form, with one store; subclasses name the store."""

    store_url = None

    @classmethod
    def make_stack(cls):
        return Stack(ARGS, cls.store_url)

    # -- page steps

    def widget(self):
        return self.driver.find_element(By.CSS_SELECTOR, "[data-captcha-gen]")

    def state(self):
        return self.widget().get_attribute("data-state")

    def status(self):
        return self.widget().find_element(By.CSS_SELECTOR, '[role="status"]').text

    def field(self):
        return self.driver.find_element(By.CSS_SELECTOR, 'input[type="hidden"][name="captcha-gen-response"]')

    def open(self, host, widget="div"):
        self.driver.get(self.stack.page(host, widget))
        self.wait_for(lambda: self.state() in ("ready", "error"), "the widget to load")

    def answer(self, root=None):
        """Answers the challenge of `root` (default: the page's widget); waits for the pass."""
        super().answer(root or self.widget())

    def solve(self):
        """Answers the page's widget; returns the pass token it put into the form."""
        self.answer()
        token = self.field().get_attribute("value")
        passes = self.driver.execute_script("return window.__passes")
        self.assertEqual([p["token"] for p in passes], [token], "captcha-gen:pass carries the token in the field")
        self.assertTrue(token.startswith("cg1."), token)
        return token

    def submit(self, name, token=None):
        """Submits the form (with `token` in the field, when given); the page's text."""
        return self.submit_form(name, [self.field()] if token is not None else [], token,
                                lambda: "/signup" in self.driver.current_url and
                                not self.driver.find_elements(By.CSS_SELECTOR, "form"))

    def account_names(self):
        return [a["name"] for a in self.stack.accounts()]

    # -- tests

    def test_solving_then_submitting_creates_the_account(self):
        self.open("shop.test")
        self.solve()
        self.assertEqual(self.submit("ada"), "welcome, ada")
        account = [a for a in self.stack.accounts() if a["name"] == "ada"]
        self.assertEqual(account, [{"name": "ada", "hostname": "shop.test", "sitekey": "shop"}])

    def test_submitting_without_solving_is_refused(self):
        self.open("shop.test")
        self.assertEqual(self.field().get_attribute("value"), "")
        self.assertEqual(self.submit("bob"), "refused: missing-input-response")
        self.assertNotIn("bob", self.account_names())

    def test_a_made_up_token_is_refused(self):
        self.open("shop.test")
        made_up = "cg1.1999999999." + "A" * 32
        self.assertEqual(self.submit("carol", made_up), "refused: invalid-input-response")
        self.assertNotIn("carol", self.account_names())

    def test_a_used_token_is_refused(self):
        self.open("shop.test")
        token = self.solve()
        self.assertEqual(self.submit("dan"), "welcome, dan")
        self.open("shop.test")
        self.assertEqual(self.submit("dan-again", token), "refused: timeout-or-duplicate")
        self.assertNotIn("dan-again", self.account_names())

    def test_an_expired_token_is_refused_and_the_widget_empties_the_field(self):
        self.open("shop.test")
        token = self.solve()
        self.wait_for(lambda: self.field().get_attribute("value") == "", "the field to empty at expiry",
                      seconds=TOKEN_TTL + 5)
        self.wait_for(lambda: self.state() == "ready", "a new puzzle after the expiry")
        self.assertEqual(self.driver.execute_script("return window.__expired"), 1, "captcha-gen:expire fired")
        time.sleep(1)  # past the expiry on the server's clock too
        self.assertEqual(self.submit("erin", token), "refused: timeout-or-duplicate")
        self.assertNotIn("erin", self.account_names())

    def test_another_sites_token_is_refused(self):
        self.open("blog.test")
        blog_token = self.solve()
        self.open("shop.test")
        self.assertEqual(self.submit("frank", blog_token), "refused: invalid-input-response")
        self.assertNotIn("frank", self.account_names())

    def test_a_page_on_a_host_not_allowed_gets_no_challenge_and_the_widget_says_so(self):
        self.open("evil.test")
        self.assertEqual(self.state(), "error")
        self.assertIsNone(self.widget().get_attribute("data-challenge-id"))
        self.assertEqual(self.driver.execute_script("return window.__challenges.length"), 0)
        self.assertIn("this page's host, evil.test, is not allowed for site key \"shop\"", self.status())

    def test_the_captcha_gen_element_submits_its_token_as_a_form_value(self):
        self.open("shop.test", widget="element")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'input[type="hidden"]'), [],
                         "the element is the form field itself")
        self.answer()
        form_value = self.driver.execute_script(
            "return new FormData(document.querySelector('form')).get('captcha-gen-response')")
        self.assertEqual(form_value, self.driver.execute_script("return window.__passes[0].token"))
        self.assertEqual(self.submit("gina"), "welcome, gina")

    def test_the_javascript_api_renamed_field_get_response_reset_and_callbacks(self):
        self.open("shop.test")
        self.driver.execute_script("""
          window.__calls = [];
          var form = document.createElement('form');
          var node = document.createElement('div');
          node.id = 'second';
          form.appendChild(node);
          document.body.appendChild(form);
          window.__second = CaptchaGen.mount(node, {
            sitekey: 'shop', endpoint: arguments[0], kind: 'slide', responseField: 'my-token',
            onPass: function (token) { window.__calls.push(['pass', token]); },
            onExpire: function () { window.__calls.push(['expire']); },
            onError: function (message) { window.__calls.push(['error', message]); },
          });""", self.stack.servers[0])
        second = self.driver.find_element(By.ID, "second")
        self.answer(second)
        token = self.driver.execute_script("return window.__second.getResponse()")
        self.assertTrue(token.startswith("cg1."))
        self.assertEqual(self.driver.execute_script("return CaptchaGen.getResponse('#second')"), token)
        self.assertEqual(second.find_element(By.NAME, "my-token").get_attribute("value"), token)
        self.assertEqual(self.driver.execute_script("return window.__calls"), [["pass", token]])
        self.driver.execute_script("CaptchaGen.reset('#second')")
        self.assertEqual(self.driver.execute_script("return window.__second.getResponse()"), "")
        self.assertEqual(second.find_element(By.NAME, "my-token").get_attribute("value"), "",
                         "a new challenge empties the field")
        self.wait_for(lambda: second.get_attribute("data-state") == "ready", "a new puzzle after reset")
        self.driver.execute_script("""
          var node = document.createElement('div');
          node.id = 'third';
          document.body.appendChild(node);
          CaptchaGen.mount(node, {sitekey: 'nope', endpoint: arguments[0],
                                  onError: function (message) { window.__calls.push(['error', message]); }});""",
                                   self.stack.servers[0])
        self.wait_for(lambda: self.driver.execute_script("return window.__calls.length") == 2, "onError")
        self.assertEqual(self.driver.execute_script("return window.__calls[1]"),
                         ["error", 'site key "nope" is unknown here'])

    def test_fifty_concurrent_siteverify_calls_of_one_token_give_one_success(self):
        servers = self.stack.servers
        self.open("shop.test")
        token = self.solve()  # the widget solves the proof of work a verify needs
        fields = {"secret": self.stack.secrets["shop"], "response": token}
        with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
            futures = [pool.submit(post_form, servers[i % len(servers)] + "/v1/siteverify", fields) for i in range(50)]
            answers = [f.result() for f in futures]
        self.assertTrue(all(status == 200 for status, _ in answers), answers)
        successes = [a for _, a in answers if a["success"]]
        self.assertEqual(len(successes), 1, f"{len(successes)} successes over {len(servers)} instance(s)")
        codes = [a["error-codes"] for _, a in answers if not a["success"]]
        self.assertEqual(codes, [["timeout-or-duplicate"]] * 49)


class MemoryStoreTest(SignUpTests, unittest.TestCase):
    """One server, challenges and tokens in its memory."""


class PostgresStoreTest(SignUpTests, unittest.TestCase):
    """Two servers on one PostgreSQL database: the widget uses the first, the site's backend the second."""

    @classmethod
    def setUpClass(cls):
        cls.store_url = POSTGRES.url()
        super().setUpClass()



POSTGRES = Postgres()


def main():
    global ARGS
    ARGS, rest = parse_arguments(__doc__)
    run_tests("site end-to-end", rest, cleanup=POSTGRES.stop)


if __name__ == "__main__":
    main()

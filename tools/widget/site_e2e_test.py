"""End-to-end test of a site that protects its sign-up form with captcha-gen, across two origins.

The captcha server (`captcha-gen serve --sites`) runs on http://127.0.0.1:A; the site
(site_backend.py, another process) on http://shop.test:B, http://blog.test:B and
http://evil.test:B (headless Chromium maps those names to 127.0.0.1). The site's pages embed the
widget from the captcha server; its POST handler checks the pass token with siteverify. In the
browser: solving and submitting creates the account; no token, a made-up one, a used one, an
expired one and another site's are refused by the site; a page on a host no site allows gets no
challenge and the widget says so. Then 50 concurrent siteverify calls of one token: one success.

Both stores: memory (one server) and PostgreSQL (two servers on one database: the widget talks to
the first, the site's backend to the second). PostgreSQL comes from CAPTCHA_TEST_POSTGRES_URL, or
a throw-away cluster (tools/pg/cluster.sh) this script starts and stops.

    python tools/widget/site_e2e_test.py --bin .build/debug/captcha-gen [-k memory]
"""
import argparse
import concurrent.futures
import os
import sys
import time
import unittest

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from site_stack import TOKEN_TTL, Postgres, Stack, post_form  # noqa: E402

WAIT_SECONDS = 20
ARGS = None


class SignUpTests:
    """The site's sign-up form, with one store; subclasses name the store."""

    store_url = None
    stack = None

    @classmethod
    def setUpClass(cls):
        cls.stack = Stack(ARGS, cls.store_url)
        cls.driver = cls.stack.driver

    @classmethod
    def tearDownClass(cls):
        if cls.stack:
            cls.stack.stop()

    # -- page steps

    def wait_for(self, condition, what, seconds=WAIT_SECONDS):
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda d: condition())
        except TimeoutException:
            self.fail(f"timed out after {seconds} s waiting for {what}")

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
        """Answers the challenge of `root` (default: the page's widget) with the keyboard; waits for the pass."""
        root = root or self.widget()
        self.wait_for(lambda: root.get_attribute("data-state") == "ready", "a ready widget")
        cid = root.get_attribute("data-challenge-id")
        challenge = self.driver.execute_script(
            "var id = arguments[0]; return window.__challenges.filter(function (c) { return c.id === id; })[0]", cid)
        target = challenge["answer"]["target"]["x"]
        knob = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
        self.driver.execute_script("arguments[0].focus()", knob)
        keys = [Keys.HOME] + [Keys.PAGE_UP] * (target // 10) + [Keys.ARROW_RIGHT] * (target % 10) + [Keys.ENTER]
        ActionChains(self.driver).send_keys(*keys).perform()
        self.wait_for(lambda: root.get_attribute("data-state") == "pass",
                      f"a pass (status: {root.find_element(By.CSS_SELECTOR, '[role=status]').text!r})")

    def solve(self):
        """Answers the page's widget; returns the pass token it put into the form."""
        self.answer()
        token = self.field().get_attribute("value")
        passes = self.driver.execute_script("return window.__passes")
        self.assertEqual([p["token"] for p in passes], [token], "captcha-gen:pass carries the token in the field")
        self.assertTrue(token.startswith("cg1."), token)
        return token

    def submit(self, name, token=None):
        """Submits the form (with `token` in the field, when given); (page text)."""
        self.driver.find_element(By.NAME, "name").send_keys(name)
        if token is not None:
            self.driver.execute_script("arguments[0].value = arguments[1]", self.field(), token)
        self.driver.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
        self.wait_for(lambda: "/signup" in self.driver.current_url and
                      not self.driver.find_elements(By.CSS_SELECTOR, "form"), "the site's answer")
        return self.driver.find_element(By.TAG_NAME, "body").text

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
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--logs", default=".build/browser-test", help="where the processes' logs go")
    ARGS, rest = parser.parse_known_args()
    os.makedirs(ARGS.logs, exist_ok=True)
    started = time.monotonic()
    try:
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        POSTGRES.stop()
    failed = len(result.failures) + len(result.errors)
    print(f"site end-to-end tests took {time.monotonic() - started:.1f} s")
    print(f"site end-to-end: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()

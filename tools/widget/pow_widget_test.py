"""The widget's proof of work in headless Chromium, against `captcha-gen serve --dev` with the proof
of work on (as by default).

- every kind passes with the solution the widget's worker found (the verify body carries it);
- a wrong solution (the worker's answer corrupted on its way to the widget) fails, the widget
  wording the server's reason_code (pow_wrong), and a solution of another challenge, reused, fails too;
- a person who answers before the worker is done sees "Checking…" and passes once it is;
- a worker that cannot start shows a clear error and "Try again", which recovers;
- the no-puzzle path by keyboard alone: Tab to "I can't solve the puzzle", Enter, and the form's
  hidden field gets a token that /v1/siteverify accepts;
- invisible mode (a server whose default kind is pow): no picture, and the field gets a token.

    python -m tools.widget.pow_widget_test --bin .build/debug/captcha-gen
"""
import argparse
import json
import os
import sys
import tempfile
import time
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tools.widget import widget_harness
from tools.widget.widget_harness import KINDS, SERVERS, WidgetTest

SECRET = "pow-widget-test-secret"

# Wraps window.Worker: with __powCorrupt set, the worker's solution reaches the widget with its first
# nonce changed; with __powBreak set, no worker starts. Also keeps each verify body the page sends.
WORKER_HOOKS = """
window.__verifyBodies = [];
(function () {
  var RealWorker = window.Worker;
  window.Worker = function (url) {
    if (window.__powBreak) throw new Error('workers are blocked here');
    var worker = new RealWorker(url);
    var handler = null;
    Object.defineProperty(worker, 'onmessage', {
      set: function (fn) {
        handler = fn;
        worker.addEventListener('message', function (event) {
          var data = event.data;
          if (window.__powCorrupt && data && data.type === 'solved') {
            data = Object.assign({}, data, {nonces: data.nonces.map(function (n, i) { return i ? n : (n + 1) >>> 0; })});
          }
          handler({data: data});
        });
      },
      get: function () { return handler; },
    });
    return worker;
  };
  var original = window.fetch;
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input.url;
    if (/\\/verify$/.test(url) && init && init.body) window.__verifyBodies.push(JSON.parse(init.body));
    return original.apply(this, arguments);
  };
})();
"""

# A sign-up form with one widget (data-kind = arguments[0], none when empty), then the widget script.
FORM_PAGE = """
document.body.innerHTML = '<form id="signup"><label>Name <input name="name"></label>' +
  '<div data-captcha-gen' + (arguments[0] ? ' data-kind="' + arguments[0] + '"' : '') + '></div>' +
  '<button type="submit">Sign up</button></form>';
var script = document.createElement('script');
script.src = '/widget.js';
document.head.appendChild(script);
"""


def open_form(test, server, kind):
    """A page of `server` (its /healthz, so no demo widgets run beside) with FORM_PAGE's form; its widget."""
    test.driver.get(SERVERS[server].url + "/healthz")
    test.driver.execute_script(FORM_PAGE, kind)
    return test.wait_for(lambda: test.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen][data-state]"),
                         "the form's widget")[0]


def setUpModule():
    secret_file = os.path.join(tempfile.mkdtemp(prefix="captcha-pow-widget-"), "secret")
    with open(secret_file, "w") as f:
        f.write(SECRET)
    # "pow": the puzzles, and the no-puzzle challenge as a choice; "invisible": pow first, so a
    # widget without data-kind gets the invisible mode; "slow": level 1 made 16 times harder.
    widget_harness.start_servers([
        ("pow", KINDS + ["pow"], ["--secret-file", secret_file]),
        ("invisible", ["pow", "slide"], ["--secret-file", secret_file]),
        ("slow", ["slide"], ["--pow-difficulty", "262144"]),
    ], "serve-pow")


def tearDownModule():
    widget_harness.stop_servers()


def siteverify(server, token):
    request = urllib.request.Request(
        SERVERS[server].url + "/v1/siteverify", data=json.dumps({"secret": SECRET, "response": token}).encode(),
        method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def keyboard_answer(test, root, challenge):
    """Answers `challenge` with the keyboard: the slider keys then Enter, or the dots then Check."""
    kind = challenge["kind"]
    if kind == "pattern":
        dots = root.find_elements(By.CSS_SELECTOR, '[role="button"].cg-dot')
        for index in challenge["answer"]["sequence"]:
            test.driver.execute_script("arguments[0].focus()", dots[index])
            test.press(Keys.SPACE)
        check = root.find_element(By.XPATH, ".//button[normalize-space()='Check']")
        test.driver.execute_script("arguments[0].focus()", check)
        test.press(Keys.ENTER)
        return
    value = challenge["answer"]["target"]["x"] if kind == "slide" else challenge["answer"]["angle"]
    knob = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
    test.driver.execute_script("arguments[0].focus()", knob)
    test.press(Keys.HOME, *([Keys.PAGE_UP] * (value // 10) + [Keys.ARROW_RIGHT] * (value % 10)), Keys.ENTER)


class PowWidgetTest(WidgetTest):
    server = "pow"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WORKER_HOOKS})

    def last_verify_body(self):
        return self.driver.execute_script("return window.__verifyBodies[window.__verifyBodies.length - 1]")

    def test_each_kind_passes_with_the_workers_solution(self):
        for kind in KINDS:
            with self.subTest(kind=kind):
                root, challenge = self.ready_challenge(kind)
                self.assertEqual(challenge["pow"]["algorithm"], "table-walk-v1")
                self.assertTrue(challenge.get("no_puzzle"), "this server also offers the no-puzzle challenge")
                keyboard_answer(self, root, challenge)
                self.wait_state(root, "pass")
                self.assertEqual(root.get_attribute("data-pow"), "solved")
                nonces = self.last_verify_body()["pow"]["nonces"]
                self.assertEqual(len(nonces), challenge["pow"]["puzzles"])
                self.assertTrue(all(isinstance(n, int) and 0 <= n < 2**32 for n in nonces), nonces)

    def test_a_wrong_solution_fails_with_a_reason_and_a_new_challenge_follows(self):
        self.driver.execute_script("window.__powCorrupt = true")
        root, challenge = self.ready_challenge("slide")
        keyboard_answer(self, root, challenge)
        self.wait_state(root, "fail")
        # The server's reason_code (pow_wrong), in the widget's words.
        self.assertEqual(self.status(root), "Failed: the browser’s check was wrong. Here comes a new puzzle.")
        self.driver.execute_script("window.__powCorrupt = false")
        self.wait_for(lambda: root.get_attribute("data-challenge-id") not in (None, challenge["id"]),
                      "a new challenge after the fail")

    def test_the_verify_body_carries_the_widgets_client_report(self):
        """The analytics' `client` object (docs/analytics.md): the page's attempt (a second one after a
        fail), the times on screen and to solve, the proof of work's time, and webdriver (selenium)."""
        self.driver.execute_script("window.__powCorrupt = true")
        root, first = self.ready_challenge("slide")
        keyboard_answer(self, root, first)
        self.wait_state(root, "fail")
        failed = self.last_verify_body()["client"]
        self.driver.execute_script("window.__powCorrupt = false")
        self.wait_for(lambda: root.get_attribute("data-challenge-id") not in (None, first["id"]),
                      "a new challenge after the fail")
        self.wait_state(root, "ready")
        second = self.driver.execute_script(
            "return window.__captchaGenChallenges[arguments[0]]", root.get_attribute("data-challenge-id"))
        keyboard_answer(self, root, second)
        self.wait_state(root, "pass")
        passed = self.last_verify_body()["client"]
        self.assertEqual((failed["attempt"], passed["attempt"]), (1, 2))
        for report in (failed, passed):
            self.assertIs(report["webdriver"], True)
            for key in ("shown_ms", "solve_ms", "pow_ms"):
                self.assertTrue(isinstance(report[key], int) and report[key] >= 0, report)

    def test_a_solution_reused_for_another_challenge_fails(self):
        root, first = self.ready_challenge("slide")
        keyboard_answer(self, root, first)
        self.wait_state(root, "pass")
        nonces = self.last_verify_body()["pow"]["nonces"]
        other, second = self.ready_challenge("rotate")
        self.assertNotEqual(second["pow"]["salt"], first["pow"]["salt"], "each challenge has its own puzzle")
        status, reply = self.verify_again(second["id"], {"angle": second["answer"]["angle"], "pow": {"nonces": nonces}})
        self.assertEqual(status, 200, reply)
        self.assertIs(reply["pass"], False, reply)
        self.assertIn("proof of work", reply["reason"])

    def test_a_worker_that_cannot_start_shows_an_error_and_try_again_recovers(self):
        self.driver.get(SERVERS["pow"].url + "/healthz")
        self.driver.execute_script("window.__powBreak = true")
        self.driver.execute_script(FORM_PAGE, "slide")
        root = self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "[data-captcha-gen][data-state]"),
                             "the form's widget")[0]
        self.wait_state(root, "error")
        self.assertIn("could not do the check", self.status(root))
        retry = root.find_element(By.CSS_SELECTOR, "button.cg-retry")
        self.assertTrue(retry.is_displayed())
        self.driver.execute_script("window.__powBreak = false")
        retry.send_keys(Keys.ENTER)
        self.wait_state(root, "ready")
        self.assertFalse(retry.is_displayed(), "Try again goes away")
        self.assertTrue(
            self.driver.execute_script("return arguments[0].contains(document.activeElement)", root),
            "the keyboard focus stays in the widget after Try again")


class NoPuzzleTest(WidgetTest):
    server = "pow"

    def field(self):
        return self.driver.find_element(By.CSS_SELECTOR, 'input[type="hidden"][name="captcha-gen-response"]')

    def test_the_no_puzzle_path_by_keyboard_alone_fills_the_field_with_a_token_siteverify_accepts(self):
        root = open_form(self, "pow", "slide")
        self.wait_state(root, "ready")
        self.driver.execute_script("document.activeElement.blur(); document.body.focus()")
        focused = None
        for _ in range(12):
            self.press(Keys.TAB)
            focused = self.driver.switch_to.active_element
            if focused.text == "I can't solve the puzzle":
                break
        self.assertEqual(focused.text, "I can't solve the puzzle", "Tab reaches the button")
        self.assertEqual(focused.tag_name, "button")
        self.press(Keys.ENTER)
        self.wait_state(root, "pass", seconds=60)
        self.assertEqual(root.get_attribute("data-pow"), "solved")
        self.assertTrue(
            self.driver.execute_script("return arguments[0].contains(document.activeElement)", root),
            "the focus stays in the widget (on its status line) when the button it was on goes away")
        token = self.field().get_attribute("value")
        self.assertTrue(token, "the form field holds the pass token")
        answer = siteverify("pow", token)
        self.assertIs(answer["success"], True, answer)
        self.assertEqual(answer["kind"], "pow")

    def test_a_person_faster_than_the_worker_sees_checking_then_passes(self):
        self.driver.get(SERVERS["slow"].url + "/")
        root, challenge = self.ready_challenge("slide")
        keyboard_answer(self, root, challenge)
        self.wait_for(lambda: "finishing" in self.status(root), "the checking message")
        self.assertEqual(root.get_attribute("aria-busy"), "true")
        self.wait_state(root, "pass", seconds=120)


class InvisibleTest(WidgetTest):
    server = "invisible"

    def test_a_site_whose_kind_is_pow_gets_the_invisible_mode_and_a_token_in_the_field(self):
        root = open_form(self, "invisible", "")
        self.wait_state(root, "pass", seconds=60)
        self.assertIn("cg-invisible", root.get_attribute("class"))
        self.assertEqual(root.find_elements(By.CSS_SELECTOR, ".cg-stage, img"), [], "no picture")
        self.assertFalse(root.find_element(By.CSS_SELECTOR, ".cg-switch").is_displayed())
        token = self.driver.find_element(By.CSS_SELECTOR, 'input[name="captcha-gen-response"]').get_attribute("value")
        answer = siteverify("invisible", token)
        self.assertIs(answer["success"], True, answer)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshots", default="")
    parser.add_argument("--logs", default=".build/browser-test")
    parser.add_argument("--url", default=None)
    widget_harness.ARGS, rest = parser.parse_known_args()
    started = time.monotonic()
    result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"pow widget tests took {time.monotonic() - started:.1f} s")
    print(f"pow widget: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()

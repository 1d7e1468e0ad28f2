"""An accessibility audit of the widget with axe-core (the axe.min.js that PyPI's
axe-playwright-python carries; installed with --no-deps, so without playwright) in headless Chromium:
every kind in every state a person meets (ready, checking, pass, fail, error, and the no-puzzle
challenge), in the light and the dark theme and in a right-to-left language. A violation of serious
or critical impact fails the test; every violation found is printed with its rule and element.

    python -m tools.widget.a11y_test --bin .build/debug/captcha-gen
"""

import argparse
import os
import sys
import unittest

import axe_playwright_python
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tools.widget import widget_harness
from tools.widget.widget_harness import KINDS, SERVERS, WidgetTest

AXE_SOURCE = os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js")
BLOCKING = ("serious", "critical")
# Theme and language of each audit pass: light and dark in English, and Arabic (right to left).
LOOKS = [("light", "en"), ("dark", "en"), ("light", "ar")]

# Runs axe-core on one element; answers its violations as {id, impact, help, nodes: [selector…]}.
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(arguments[0], {resultTypes: ['violations']}).then(function (r) {
  done(r.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(function (n) { return n.target.join(' '); })};
  }));
}, function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]); });
"""

# Holds the page still: no timer set from now on fires (the fail state is held about a second by
# one), so an audit sees one state; `audit` gives the page its timers back before axe-core runs.
# Workers and network answers still arrive.
FREEZE_TIMERS = "window.__setTimeout = window.setTimeout; window.setTimeout = function () { return 0; };"


def setUpModule():
    # "plain": the puzzles and the no-puzzle choice; "slow": level 1 made 64 times harder, so a
    # person who answers at once sees "Checking…" while the worker finishes.
    widget_harness.start_servers([("plain", KINDS + ["pow"], []),
                                  ("slow", ["slide"], ["--pow-difficulty", str(16384 * 64)])], "serve-a11y")


def tearDownModule():
    widget_harness.stop_servers()


class AuditTest(WidgetTest):
    """Mounts a widget of one kind, theme and language, brings it to a state, and audits it."""

    findings = []

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        with open(AXE_SOURCE) as source:
            cls.axe = source.read()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        print(f"\naxe-core audit: {len(cls.findings)} audits", file=sys.stderr)
        for where, violations in cls.findings:
            summary = ", ".join(f"{v['id']} ({v['impact']})" for v in violations) or "no violation"
            print(f"  {where}: {summary}", file=sys.stderr)

    def mount(self, kind, theme, lang, endpoint=None):
        options = {"kind": kind, "theme": theme, "lang": lang}
        if endpoint:
            options["endpoint"] = endpoint
        return self.driver.execute_script("""
            const el = document.createElement('div');
            document.body.appendChild(el);
            CaptchaGen.mount(el, arguments[0]);
            return el;""", options)

    def challenge_of(self, root):
        cid = root.get_attribute("data-challenge-id")
        return self.wait_for(
            lambda: self.driver.execute_script("return window.__captchaGenChallenges[arguments[0]]", cid),
            f"the challenge response of {cid}")

    def audit(self, root, where):
        """Runs axe-core on the widget; fails on a serious or critical violation."""
        # axe-core needs the page's timers: the ones frozen before (FREEZE_TIMERS) have been dropped.
        self.driver.execute_script("if (window.__setTimeout) window.setTimeout = window.__setTimeout;")
        if not self.driver.execute_script("return !!window.axe"):
            self.driver.execute_script(self.axe)
        violations = self.driver.execute_async_script(RUN_AXE, root)
        self.findings.append((where, violations))
        blocking = [v for v in violations if v["impact"] in BLOCKING]
        self.assertEqual(blocking, [], f"{where}: serious or critical axe-core violations")

    def answer(self, root, kind, challenge, right):
        """Answers by keyboard: the target (or 40 off it), the angle (or 90 off), the sequence (or
        another)."""
        if kind == "pattern":
            dots = root.find_elements(By.CSS_SELECTOR, ".cg-dot")
            sequence = challenge["answer"]["sequence"]
            picks = sequence if right else [i for i in range(9) if i not in sequence][: len(sequence)]
            for index in picks:
                self.driver.execute_script("arguments[0].focus()", dots[index])
                self.press(Keys.ENTER)
            root.find_element(By.CSS_SELECTOR, ".cg-button.cg-primary").click()
            return
        value = challenge["answer"]["target"]["x"] if kind == "slide" else challenge["answer"]["angle"]
        if not right:
            value = (value + 90) % 360 if kind == "rotate" else (value + 40 if value < 100 else value - 40)
        knob = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
        self.driver.execute_script("arguments[0].focus()", knob)
        self.press(Keys.HOME, *([Keys.PAGE_UP] * (value // 10)), *([Keys.ARROW_RIGHT] * (value % 10)), Keys.ENTER)

    def test_the_audit_finds_a_violation_planted_in_a_widget(self):
        self.driver.get(SERVERS["plain"].url + "/")
        root = self.mount("slide", "light", "en")
        self.wait_state(root, "ready")
        self.driver.execute_script("arguments[0].appendChild(document.createElement('button'))", root)
        with self.assertRaises(AssertionError):
            self.audit(root, "slide ready with a planted button without a name")
        self.assertIn(("button-name", "critical"), [(v["id"], v["impact"]) for v in self.findings[-1][1]])

    def test_every_kind_ready_passed_and_failed(self):
        for theme, lang in LOOKS:
            for kind in KINDS:
                with self.subTest(kind=kind, theme=theme, lang=lang):
                    self.driver.get(SERVERS["plain"].url + "/")
                    self.driver.execute_script("document.querySelectorAll('[data-captcha-gen]')"
                                               ".forEach(function (e) { e.remove(); })")
                    root = self.mount(kind, theme, lang)
                    self.wait_state(root, "ready")
                    self.audit(root, f"{kind} ready, {theme}, {lang}")
                    challenge = self.challenge_of(root)
                    self.answer(root, kind, challenge, right=True)
                    self.wait_state(root, "pass")
                    self.audit(root, f"{kind} pass, {theme}, {lang}")
                    other = self.mount(kind, theme, lang)
                    self.wait_state(other, "ready")
                    self.driver.execute_script(FREEZE_TIMERS)
                    self.answer(other, kind, self.challenge_of(other), right=False)
                    self.wait_state(other, "fail")
                    self.audit(other, f"{kind} fail, {theme}, {lang}")

    def test_checking_error_and_the_no_puzzle_challenge(self):
        for theme, lang in LOOKS:
            with self.subTest(theme=theme, lang=lang):
                self.driver.get(SERVERS["slow"].url + "/")
                root = self.mount("slide", theme, lang)
                self.wait_state(root, "ready")
                self.answer(root, "slide", self.challenge_of(root), right=True)
                self.wait_for(lambda: root.get_attribute("aria-busy") == "true", "the wait for the worker")
                self.audit(root, f"slide checking, {theme}, {lang}")

                self.driver.get(SERVERS["plain"].url + "/")
                broken = self.mount("slide", theme, lang, endpoint="http://127.0.0.1:9")
                self.wait_state(broken, "error")
                self.audit(broken, f"error, {theme}, {lang}")

                chooser = self.mount("slide", theme, lang)
                self.wait_state(chooser, "ready")
                switch = chooser.find_element(By.CSS_SELECTOR, ".cg-switch")
                self.assertTrue(switch.is_displayed(), "the server offers the no-puzzle challenge")
                self.driver.execute_script(FREEZE_TIMERS)
                switch.click()
                self.wait_for(lambda: chooser.find_elements(By.CSS_SELECTOR, ".cg-pow"), "the no-puzzle panel")
                self.audit(chooser, f"no puzzle, {theme}, {lang}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen", help="the captcha-gen binary to serve with")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--logs", default=".build/browser-test", help="where the servers' logs go")
    parser.add_argument("--screenshots", default="", help=argparse.SUPPRESS)
    widget_harness.ARGS, rest = parser.parse_known_args()
    result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"a11y: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()

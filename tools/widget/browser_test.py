"""Real-browser tests of the web widget (widget.js + the demo page) against `captcha-gen serve --dev`, with
the proof of work on (the widget solves it; tools/widget/pow_widget_test.py tests that part).

Headless Debian Chromium driven by selenium through chromedriver. The script starts two servers
(plain, and `--steps 8` for the stepped tests) on free ports, reads each one's first stdout line
`listening on http://HOST:PORT`, runs the tests, and always stops the servers.

The answer comes from the `--dev` challenge response the widget itself fetched: a script injected
before the page's own (CDP Page.addScriptToEvaluateOnNewDocument) wraps window.fetch and keeps every
challenge response. Drags are real pointer actions (W3C actions: mouse, and touch for rotate) shaped
like a hand's: eased, with wobble and small pauses, so the server's track judge accepts them.

    python -m tools.widget.browser_test --bin .build/debug/captcha-gen [--screenshots DIR]

The servers, the browser and the shared test steps are in widget_harness.py.
"""

import argparse
import json
import math
import os
import sys
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tools.widget import widget_harness
from tools.widget.widget_harness import KINDS, SERVERS, RunningServer, WidgetTest, human_path

RING_FACTOR = 1.22  # widget.js: the rotate ring's radius over the disc's
# The path vectors widget.js and the Swift resolver are both held to.
PATTERN_VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "pattern-paths.json")


def setUpModule():
    args = widget_harness.ARGS
    if args.url:
        SERVERS["plain"] = RunningServer(args.url)
        SERVERS["steps"] = RunningServer(args.steps_url or args.url)
        return
    widget_harness.start_servers([("plain", KINDS, []), ("steps", KINDS, ["--steps", "8"])], "serve")


def tearDownModule():
    widget_harness.stop_servers()


# --------------------------------------------------------------------------------------------------
# slide


class SlideTest(WidgetTest):
    def knob(self, root):
        return root.find_element(By.CSS_SELECTOR, '[role="slider"]')

    def drag_slide_to(self, root, challenge, x, pointer="mouse"):
        knob = self.knob(root)
        start = self.centre(knob)
        _, _, width = self.stage_box(root)
        dx = (x - challenge["start"]["x"]) * width / challenge["width"]
        self.drag([start] + human_path(start, (start[0] + dx, start[1]), self.rng), pointer)

    def test_drag_to_the_answer_passes_once(self):
        root, challenge = self.ready_challenge("slide")
        self.screenshot(root, "widget-slide.png")
        knob = self.knob(root)
        answer = challenge["answer"]
        self.assertEqual(knob.get_attribute("aria-valuemin"), "0")
        self.assertEqual(int(knob.get_attribute("aria-valuemax")), challenge["width"] - challenge["piece_width"])
        self.assertEqual(int(knob.get_attribute("aria-valuenow")), challenge["start"]["x"])
        self.drag_slide_to(root, challenge, answer["target"]["x"])
        self.assertLessEqual(abs(int(knob.get_attribute("aria-valuenow")) - answer["target"]["x"]), 1)
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"x": answer["target"]["x"]})
        self.screenshot(root, "widget-slide-pass.png")

    def test_drag_to_a_wrong_place_fails_then_loads_a_new_challenge(self):
        root, challenge = self.ready_challenge("slide")
        target = challenge["answer"]["target"]["x"]
        wrong = target + 60 if target + 60 <= challenge["width"] - challenge["piece_width"] else target - 60
        self.drag_slide_to(root, challenge, wrong)
        self.assert_fails_then_new_challenge(root, challenge)

    def test_a_widget_shown_twice_as_large_still_sends_background_pixels(self):
        root = self.widget("slide")
        self.driver.execute_script("arguments[0].style.maxWidth = 'none'; arguments[0].style.width = '700px'", root)
        root, challenge = self.ready_challenge("slide")
        _, _, width = self.stage_box(root)
        self.assertGreater(width / challenge["width"], 1.9, "the picture scales with its container")
        target = challenge["answer"]["target"]["x"]
        self.drag_slide_to(root, challenge, target)
        self.assertLessEqual(abs(int(self.knob(root).get_attribute("aria-valuenow")) - target), 1)
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"x": target})

    def test_keyboard_reaches_the_answer_and_enter_submits(self):
        root, challenge = self.ready_challenge("slide")
        knob = self.knob(root)
        self.driver.execute_script("arguments[0].focus()", knob)
        self.assertTrue(self.driver.execute_script("return document.activeElement === arguments[0]", knob))
        distance = challenge["answer"]["target"]["x"] - challenge["start"]["x"]
        tens, ones = divmod(abs(distance), 10)
        self.press(*([Keys.PAGE_UP if distance > 0 else Keys.PAGE_DOWN] * tens))
        self.press(*([Keys.ARROW_RIGHT if distance > 0 else Keys.ARROW_LEFT] * ones))
        self.assertEqual(int(knob.get_attribute("aria-valuenow")), challenge["answer"]["target"]["x"])
        self.press(Keys.END)
        self.assertEqual(knob.get_attribute("aria-valuenow"), knob.get_attribute("aria-valuemax"))
        self.press(Keys.HOME)
        self.assertEqual(knob.get_attribute("aria-valuenow"), "0")
        self.press(*([Keys.PAGE_UP] * (challenge["answer"]["target"]["x"] // 10)))
        self.press(*([Keys.ARROW_RIGHT] * (challenge["answer"]["target"]["x"] % 10)))
        self.press(Keys.ENTER)
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"x": challenge["answer"]["target"]["x"]})


# --------------------------------------------------------------------------------------------------
# rotate


class RotateTest(WidgetTest):
    def handle(self, root):
        return root.find_element(By.CSS_SELECTOR, '[role="slider"]')

    def drag_ring_to(self, root, challenge, angle, pointer="mouse"):
        """Grabs the handle (at the top of the ring at 0°) and carries it clockwise around to `angle`."""
        cx, cy = self.client_point(root, challenge, challenge["center"]["x"], challenge["center"]["y"])
        hx, hy = self.centre(self.handle(root))
        radius = math.hypot(hx - cx, hy - cy)
        _, _, width = self.stage_box(root)
        self.assertAlmostEqual(radius, RING_FACTOR * challenge["piece_width"] / 2 * width / challenge["width"],
                               delta=2, msg="the ring is centred on the disc")
        steps = 28
        points = [(hx, hy)]
        for i in range(1, steps + 1):
            f = 1 - (1 - i / steps) ** 3
            a = math.radians(angle * f)
            r = radius + (0 if i == steps else self.rng.uniform(-2, 2))
            points.append((cx + r * math.sin(a), cy - r * math.cos(a)))
        self.drag(points, pointer)

    def test_touch_drag_around_the_ring_to_the_answer_passes_once(self):
        root, challenge = self.ready_challenge("rotate")
        self.screenshot(root, "widget-rotate.png")
        handle = self.handle(root)
        self.assertEqual((handle.get_attribute("aria-valuemin"), handle.get_attribute("aria-valuemax")), ("0", "359"))
        angle = challenge["answer"]["angle"]
        self.drag_ring_to(root, challenge, angle, pointer="touch")
        now = int(handle.get_attribute("aria-valuenow"))
        self.assertLessEqual(min(abs(now - angle), 360 - abs(now - angle)), 3, f"handle at {now}, answer {angle}")
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"angle": angle})

    def test_mouse_drag_to_a_wrong_angle_fails_then_loads_a_new_challenge(self):
        root, challenge = self.ready_challenge("rotate")
        self.drag_ring_to(root, challenge, (challenge["answer"]["angle"] + 90) % 360)
        self.assert_fails_then_new_challenge(root, challenge)

    def test_keyboard_turns_by_degrees_and_enter_submits(self):
        root, challenge = self.ready_challenge("rotate")
        handle = self.handle(root)
        self.driver.execute_script("arguments[0].focus()", handle)
        self.press(Keys.ARROW_LEFT)
        self.assertEqual(handle.get_attribute("aria-valuenow"), "359", "the ring goes round")
        self.press(Keys.HOME, Keys.PAGE_UP, Keys.ARROW_RIGHT)
        self.assertEqual(handle.get_attribute("aria-valuenow"), "11")
        angle = challenge["answer"]["angle"]
        self.press(Keys.HOME, *([Keys.PAGE_UP] * (angle // 10) + [Keys.ARROW_RIGHT] * (angle % 10)), Keys.ENTER)
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"angle": angle})


# --------------------------------------------------------------------------------------------------
# pattern


class PatternTest(WidgetTest):
    def dots(self, root):
        return root.find_elements(By.CSS_SELECTOR, '[role="button"].cg-dot')

    def drag_through(self, root, challenge, indices, pointer="mouse"):
        centres = [self.client_point(root, challenge, d["x"], d["y"])
                   for d in (challenge["dots"][i] for i in indices)]
        points = [centres[0]]
        for a, b in zip(centres, centres[1:]):
            points += human_path(a, b, self.rng, steps=8)
        self.drag(points, pointer)

    def test_nine_labelled_dots_in_reading_order(self):
        root, challenge = self.ready_challenge("pattern")
        self.screenshot(root, "widget-pattern.png")
        dots = self.dots(root)
        self.assertEqual([d.get_attribute("aria-label") for d in dots], [f"dot {i}" for i in range(1, 10)])
        for dot, expected in zip(dots, challenge["dots"]):
            x, y = self.centre(dot)
            ex, ey = self.client_point(root, challenge, expected["x"], expected["y"])
            self.assertLess(math.hypot(x - ex, y - ey), 2, "each dot sits on its marker")
        self.assertEqual(root.find_element(By.XPATH, ".//button[normalize-space()='Check']").tag_name, "button")

    def test_drag_through_the_sequence_passes_once(self):
        root, challenge = self.ready_challenge("pattern")
        sequence = challenge["answer"]["sequence"]
        self.drag_through(root, challenge, sequence)
        path = [[challenge["dots"][i]["x"], challenge["dots"][i]["y"]] for i in sequence]
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"path": path})
        self.screenshot(root, "widget-pattern-pass.png")

    def test_drag_through_other_dots_fails_then_loads_a_new_challenge(self):
        root, challenge = self.ready_challenge("pattern")
        self.drag_through(root, challenge, list(reversed(challenge["answer"]["sequence"])))
        self.assert_fails_then_new_challenge(root, challenge)

    def test_enter_and_space_pick_dots_and_check_submits(self):
        root, challenge = self.ready_challenge("pattern")
        dots = self.dots(root)
        sequence = challenge["answer"]["sequence"]
        first = dots[sequence[0]]
        self.driver.execute_script("arguments[0].focus()", first)
        self.press(Keys.SPACE)
        self.assertEqual(first.get_attribute("aria-pressed"), "true")
        self.press(Keys.ENTER)
        self.assertEqual(first.get_attribute("aria-pressed"), "false", "Enter toggles the dot off again")
        for i, index in enumerate(sequence):
            self.driver.execute_script("arguments[0].focus()", dots[index])
            self.press(Keys.ENTER if i % 2 else Keys.SPACE)
        check = root.find_element(By.XPATH, ".//button[normalize-space()='Check']")
        self.driver.execute_script("arguments[0].focus()", check)
        self.press(Keys.ENTER)
        path = [[challenge["dots"][i]["x"], challenge["dots"][i]["y"]] for i in sequence]
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"path": path})


class PatternPathRuleTest(WidgetTest):
    """widget.js's path rule on the vectors Swift's PatternPathResolver is held to (CaptchaKindsTests)."""

    def test_the_widget_visits_the_dots_every_shared_vector_expects(self):
        with open(PATTERN_VECTORS) as f:
            cases = json.load(f)["cases"]
        self.assertGreater(len(cases), 30)
        got = self.driver.execute_script(
            "return arguments[0].map(function (c) {"
            "  function points(pairs) { return pairs.map(function (p) { return {x: p[0], y: p[1]}; }); }"
            "  return CaptchaGen.resolvePattern(points(c.dots), c.radius, points(c.path));"
            "});", cases)
        for case, visited in zip(cases, got):
            self.assertEqual(visited, case["visited"], case["name"])


# --------------------------------------------------------------------------------------------------
# --steps 8: the knob snaps to the nearest stop


class SteppedTest(WidgetTest):
    server = "steps"

    def test_slide_snaps_to_the_nearest_stop_and_passes(self):
        root, challenge = self.ready_challenge("slide")
        stops = challenge["steps"]
        self.assertEqual(stops, challenge["answer"]["steps"]["positions"])
        index = challenge["answer"]["steps"]["index"]
        gap = stops[1] - stops[0]
        off_stop = stops[index] + (0.3 * gap if index < len(stops) - 1 else -0.3 * gap)
        knob = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
        start = self.centre(knob)
        _, _, width = self.stage_box(root)
        dx = (off_stop - challenge["start"]["x"]) * width / challenge["width"]
        self.drag([start] + human_path(start, (start[0] + dx, start[1]), self.rng))
        self.wait_for(lambda: int(knob.get_attribute("aria-valuenow")) == round(stops[index]),
                      f"the knob to snap to stop {index} at {stops[index]} "
                      f"(it is at {knob.get_attribute('aria-valuenow')})")
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"step": index})

    def test_rotate_keys_move_stop_by_stop(self):
        root, challenge = self.ready_challenge("rotate")
        stops = challenge["steps"]
        handle = root.find_element(By.CSS_SELECTOR, '[role="slider"]')
        self.driver.execute_script("arguments[0].focus()", handle)
        self.press(Keys.HOME)
        self.wait_for(lambda: int(handle.get_attribute("aria-valuenow")) == round(stops[0]), "the first stop")
        index = challenge["answer"]["steps"]["index"]
        for i in range(1, index + 1):
            self.press(Keys.ARROW_RIGHT)
            self.wait_for(lambda: int(handle.get_attribute("aria-valuenow")) == round(stops[i]) % 360,
                          f"stop {i} at {stops[i]}")
        self.press(Keys.ENTER)
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"step": index})


# --------------------------------------------------------------------------------------------------
# a phone: 360 x 740 CSS px with touch


class PhoneTest(WidgetTest):
    """The demo page on a phone-sized touch screen: every kind passes by touch, the widget fits a
    320 px container without scrolling sideways, and every target is at least 44 x 44 CSS px."""

    MIN_TARGET = 44

    @classmethod
    def setUpClass(cls):
        cls.driver = widget_harness.new_browser(phone=True)

    knob = SlideTest.knob
    handle = RotateTest.handle
    dots = PatternTest.dots
    drag_slide_to = SlideTest.drag_slide_to
    drag_ring_to = RotateTest.drag_ring_to
    drag_through = PatternTest.drag_through

    def ready_challenge(self, kind):
        """As on a desktop, then the widget scrolled into the middle of the small screen."""
        root, challenge = super().ready_challenge(kind)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", root)
        return root, challenge

    def test_the_screen_is_a_phones(self):
        width, touch = self.driver.execute_script("return [window.innerWidth, navigator.maxTouchPoints]")
        self.assertEqual(width, 360)
        self.assertGreater(touch, 0)

    def test_slide_passes_by_touch(self):
        root, challenge = self.ready_challenge("slide")
        target = challenge["answer"]["target"]["x"]
        self.drag_slide_to(root, challenge, target, pointer="touch")
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"x": target})

    def test_rotate_passes_by_touch(self):
        root, challenge = self.ready_challenge("rotate")
        angle = challenge["answer"]["angle"]
        self.drag_ring_to(root, challenge, angle, pointer="touch")
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"angle": angle})

    def test_pattern_passes_by_touch(self):
        root, challenge = self.ready_challenge("pattern")
        sequence = challenge["answer"]["sequence"]
        self.drag_through(root, challenge, sequence, pointer="touch")
        path = [[challenge["dots"][i]["x"], challenge["dots"][i]["y"]] for i in sequence]
        self.assert_passes_and_refuses_a_second_verify(root, challenge, {"path": path})

    def test_a_320_px_container_holds_every_kind_without_sideways_scrolling_and_44_px_targets(self):
        roots = self.driver.execute_script("""
            const box = document.createElement('div');
            box.style.cssText = 'width:320px;margin:0;padding:0';
            document.body.prepend(box);
            return ['slide', 'rotate', 'pattern'].map(function (kind) {
              const el = document.createElement('div');
              box.appendChild(el);
              CaptchaGen.mount(el, {kind: kind});
              return el;
            });""")
        for kind, root in zip(["slide", "rotate", "pattern"], roots):
            self.wait_state(root, "ready")
            overflow = self.driver.execute_script(
                "const r = arguments[0]; return [r.getBoundingClientRect().width, r.scrollWidth, r.clientWidth];", root)
            self.assertLessEqual(overflow[0], 320.5, f"{kind}: the widget is {overflow[0]} px wide")
            self.assertLessEqual(overflow[1], overflow[2], f"{kind}: its content is wider than it")
            targets = self.driver.execute_script("""
                return Array.from(arguments[0].querySelectorAll(
                  '[role="slider"], [role="button"], button')).filter(function (e) {
                  return e.offsetParent !== null;
                }).map(function (e) {
                  const r = e.getBoundingClientRect();
                  return [e.className || e.tagName, r.width, r.height];
                });""", root)
            self.assertTrue(targets, "the widget has targets")
            for name, width, height in targets:
                self.assertGreaterEqual(min(width, height), self.MIN_TARGET - 0.5,
                                        f"a target ({name}) is {width:.1f} x {height:.1f} CSS px")
        page = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        self.assertLessEqual(page[0], page[1], "the page does not scroll sideways")


# --------------------------------------------------------------------------------------------------
# languages and themes


class LanguageThemeTest(WidgetTest):
    """A widget in German in the dark theme, in Arabic right to left, and in the page's language with
    the browser's colour scheme: its words, its direction, its colours, and a pass and a fail."""

    def mount(self, options, attributes=None):
        """A slide widget added to the page and mounted with `options` (after `attributes` are set)."""
        return self.driver.execute_script("""
            const el = document.createElement('div');
            for (const [name, value] of Object.entries(arguments[1] || {})) el.setAttribute(name, value);
            document.body.appendChild(el);
            CaptchaGen.mount(el, Object.assign({kind: 'slide'}, arguments[0]));
            return el;""", options, attributes)

    def ready(self, root):
        self.wait_state(root, "ready")
        cid = root.get_attribute("data-challenge-id")
        return self.wait_for(
            lambda: self.driver.execute_script("return window.__captchaGenChallenges[arguments[0]]", cid),
            f"the challenge response of {cid}")

    def answer(self, root, x):
        """Moves the knob to `x` with the keys and presses Enter."""
        knob = root.find_element(By.CSS_SELECTOR, ".cg-knob")
        self.driver.execute_script("arguments[0].focus()", knob)
        self.press(Keys.HOME)
        self.press(*([Keys.PAGE_UP] * (x // 10)))
        self.press(*([Keys.ARROW_RIGHT] * (x % 10)))
        self.press(Keys.ENTER)

    def css(self, element, name):
        return self.driver.execute_script("return getComputedStyle(arguments[0])[arguments[1]]", element, name)

    def test_german_in_the_dark_theme_words_a_fail_by_its_code_and_a_pass(self):
        root = self.mount({"lang": "de-AT", "theme": "dark"})
        challenge = self.ready(root)
        self.assertEqual((root.get_attribute("lang"), root.get_attribute("dir")), ("de", "ltr"))
        self.assertEqual(root.get_attribute("data-theme"), "dark")
        self.assertEqual(self.css(root, "backgroundColor"), "rgb(17, 24, 39)")
        self.assertEqual(root.find_element(By.CSS_SELECTOR, ".cg-prompt").text,
                         "Ziehen Sie den Regler, bis das Teil in seine Lücke passt.")
        self.assertEqual(root.find_element(By.CSS_SELECTOR, ".cg-knob").get_attribute("aria-label"),
                         "Position des Teils, waagerecht")
        target = challenge["answer"]["target"]["x"]
        self.answer(root, target + 40 if target < 100 else target - 40)
        self.wait_state(root, "fail")
        self.assertEqual(self.status(root),
                         "Nicht bestanden: das Teil sitzt nicht an seinem Platz. Hier kommt ein neues Rätsel.")
        self.wait_for(lambda: root.get_attribute("data-challenge-id") not in (None, challenge["id"]),
                      "a new challenge after the fail")
        challenge = self.ready(root)
        self.answer(root, challenge["answer"]["target"]["x"])
        self.wait_state(root, "pass")
        self.assertEqual(self.status(root), "Bestanden: Sie sind verifiziert.")

    def test_arabic_runs_right_to_left_and_the_puzzle_keeps_its_geometry(self):
        root = self.mount({"lang": "ar", "theme": "light"})
        challenge = self.ready(root)
        self.assertEqual((root.get_attribute("lang"), root.get_attribute("dir")), ("ar", "rtl"))
        self.assertEqual(self.css(root, "direction"), "rtl")
        self.assertEqual(self.css(root.find_element(By.CSS_SELECTOR, ".cg-stage"), "direction"), "ltr")
        self.assertEqual(self.css(root, "backgroundColor"), "rgb(255, 255, 255)")
        self.answer(root, challenge["answer"]["target"]["x"])
        self.wait_state(root, "pass")
        self.assertEqual(self.status(root), "نجحت: تم التحقق منك.")

    def test_the_pages_language_and_the_browsers_dark_scheme_by_default(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            self.driver.execute_script("document.documentElement.lang = 'he'")
            root = self.mount({})
            self.ready(root)
            self.assertEqual((root.get_attribute("lang"), root.get_attribute("dir")), ("he", "rtl"))
            self.assertEqual(root.get_attribute("data-theme"), "auto")
            self.assertEqual(self.css(root, "backgroundColor"), "rgb(17, 24, 39)")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_bad_language_theme_and_strings_leave_a_working_english_widget(self):
        root = self.mount({}, {"data-lang": "xx-nowhere", "data-theme": "neon", "data-strings": "{not json"})
        challenge = self.ready(root)
        self.assertEqual((root.get_attribute("lang"), root.get_attribute("data-theme")), ("en", "auto"))
        self.assertEqual(root.find_element(By.CSS_SELECTOR, ".cg-prompt").text,
                         "Drag the slider to fit the piece into its gap.")
        self.answer(root, challenge["answer"]["target"]["x"])
        self.wait_state(root, "pass")

    def test_a_sites_strings_override_the_catalog(self):
        root = self.mount({"lang": "fr", "strings": {"pass": "C'est bon !"}})
        challenge = self.ready(root)
        self.answer(root, challenge["answer"]["target"]["x"])
        self.wait_state(root, "pass")
        self.assertEqual(self.status(root), "C'est bon !")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen", help="the captcha-gen binary to serve with")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshots", default=".build/browser-test/screenshots",
                        help="where to save screenshots of each kind ('' for none)")
    parser.add_argument("--url", help="test a server already running (serve --dev) instead of starting one")
    parser.add_argument("--steps-url", help="with --url: a running server with --steps 8")
    parser.add_argument("--logs", default=".build/browser-test", help="where the servers' logs go")
    widget_harness.ARGS, rest = parser.parse_known_args()
    started = time.monotonic()
    result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"browser tests took {time.monotonic() - started:.1f} s")
    print(f"browser: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()

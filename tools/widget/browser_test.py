"""Real-browser tests of the web widget (widget.js + the demo page) against `captcha-gen serve --dev`, with
the proof of work on (the widget solves it; tools/widget/pow_widget_test.py tests that part).

Headless Debian Chromium driven by selenium through chromedriver. The script starts two servers
(plain, and `--steps 8` for the stepped tests) on free ports, reads each one's first stdout line
`listening on http://HOST:PORT`, runs the tests, and always stops the servers.

The answer comes from the `--dev` challenge response the widget itself fetched: a script injected
before the page's own (CDP Page.addScriptToEvaluateOnNewDocument) wraps window.fetch and keeps every
challenge response. Drags are real pointer actions (W3C actions: mouse, and touch for rotate) shaped
like a hand's: eased, with wobble and small pauses, so the server's track judge accepts them.

    python tools/widget/browser_test.py --bin .build/debug/captcha-gen [--screenshots DIR]
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import threading
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

KINDS = ["slide", "rotate", "pattern"]
SERVER_START_SECONDS = 60
STATE_WAIT_SECONDS = 20
FAIL_HOLD_SECONDS = 1.0  # DESIGN.md: "fail" stays about a second before a new challenge
RING_FACTOR = 1.22  # widget.js: the rotate ring's radius over the disc's
# The path vectors widget.js and the Swift resolver are both held to.
PATTERN_VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "pattern-paths.json")

# Keeps each challenge response the page fetches (POST /v1/challenges), by id, and every state
# change the widgets announce ("captcha-gen:state"), with its time.
CAPTURE_CHALLENGES = """
window.__captchaGenChallenges = {};
window.__captchaGenStates = [];
document.addEventListener('captcha-gen:state', function (e) {
  window.__captchaGenStates.push({kind: e.detail.kind, state: e.detail.state, t: performance.now()});
});
(function () {
  var original = window.fetch;
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input.url;
    return original.apply(this, arguments).then(function (response) {
      if (/\\/v1\\/challenges$/.test(url) && init && init.method === 'POST') {
        response.clone().json().then(function (json) {
          if (json && json.id) window.__captchaGenChallenges[json.id] = json;
        });
      }
      return response;
    });
  };
})();
"""

ARGS = None
SERVERS = {}


# --------------------------------------------------------------------------------------------------
# Servers


class Server:
    """One `captcha-gen serve --dev --port 0` process; `url` is what it printed first."""

    def __init__(self, binary, extra, log_path, kinds=KINDS):
        self.log = open(log_path, "w")
        # The proof of work is on, as by default: the widget solves it in its worker and sends the solution.
        command = [binary, "serve", "--dev", "--port", "0", "--kind", ",".join(kinds), "--rate-limit", "0"] + extra
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.url = self._read_address(command)
        # Keep draining stdout so the server never blocks on a full pipe.
        self.drain = threading.Thread(target=self.process.stdout.read, daemon=True)
        self.drain.start()

    def _read_address(self, command):
        found = {}

        def read_first_line():
            found["line"] = self.process.stdout.readline()

        reader = threading.Thread(target=read_first_line, daemon=True)
        reader.start()
        reader.join(SERVER_START_SECONDS)
        line = found.get("line", "")
        prefix = "listening on "
        if not line.startswith(prefix):
            self.stop()
            raise RuntimeError(
                f"{' '.join(command)} printed {line!r} instead of 'listening on http://HOST:PORT' "
                f"(its log: {self.log.name})"
            )
        return line[len(prefix):].strip()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if getattr(self, "drain", None):
            self.drain.join(5)
        self.process.stdout.close()
        self.log.close()


class RunningServer:
    """A server someone else started (`--url`, `--steps-url`): used as is, never stopped."""

    def __init__(self, url):
        self.url = url.rstrip("/")

    def stop(self):
        pass


def setUpModule():
    os.makedirs(ARGS.logs, exist_ok=True)
    if ARGS.url:
        SERVERS["plain"] = RunningServer(ARGS.url)
        SERVERS["steps"] = RunningServer(ARGS.steps_url or ARGS.url)
        return
    try:
        SERVERS["plain"] = Server(ARGS.bin, [], os.path.join(ARGS.logs, "serve-plain.log"))
        SERVERS["steps"] = Server(ARGS.bin, ["--steps", "8"], os.path.join(ARGS.logs, "serve-steps.log"))
    except Exception:
        tearDownModule()
        raise


def tearDownModule():
    for server in SERVERS.values():
        server.stop()
    SERVERS.clear()


# --------------------------------------------------------------------------------------------------
# Browser helpers


def new_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = ARGS.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000",
                 "--force-device-scale-factor=1", "--hide-scrollbars"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(ARGS.chromedriver), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CAPTURE_CHALLENGES})
    driver.set_script_timeout(15)
    return driver


def human_path(start, end, rng, steps=24):
    """Points from start to end, eased out (fast, then braking), with a hand's wobble across."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # across the movement
    points = []
    for i in range(1, steps + 1):
        f = 1 - (1 - i / steps) ** 3
        wobble = 0 if i == steps else rng.uniform(-2.5, 2.5)
        points.append((x0 + (x1 - x0) * f + nx * wobble, y0 + (y1 - y0) * f + ny * wobble))
    return points


class WidgetTest(unittest.TestCase):
    """Common steps: open the demo page, find a kind's widget, read its answer, drag, wait for states."""

    server = "plain"

    @classmethod
    def setUpClass(cls):
        cls.driver = new_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.rng = random.Random(self.id())
        self.driver.get(SERVERS[self.server].url + "/")

    # -- page state

    def widget(self, kind):
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-captcha-gen][data-kind="{kind}"]')

    def wait_for(self, condition, what, seconds=STATE_WAIT_SECONDS):
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda d: condition())
        except TimeoutException:
            self.fail(f"timed out after {seconds} s waiting for {what}")

    def wait_state(self, root, state, seconds=STATE_WAIT_SECONDS):
        self.wait_for(lambda: root.get_attribute("data-state") == state,
                      f"data-state={state} (it is {root.get_attribute('data-state')}; "
                      f"status: {self.status(root)!r})", seconds)

    def status(self, root):
        return root.find_element(By.CSS_SELECTOR, '[role="status"]').text

    def ready_challenge(self, kind):
        """The kind's widget once ready, and the challenge response (with the --dev answer) it shows."""
        root = self.widget(kind)
        self.wait_state(root, "ready")
        cid = root.get_attribute("data-challenge-id")
        self.assertRegex(cid, r"^[0-9a-f]{32}$")
        challenge = self.wait_for(
            lambda: self.driver.execute_script("return window.__captchaGenChallenges[arguments[0]]", cid),
            f"the challenge response of {cid}")
        self.assertEqual(challenge["kind"], kind)
        self.assertIn("answer", challenge, "serve --dev adds the answer to challenge responses")
        return root, challenge

    def stage_box(self, root):
        """(left, top, scale): client position of the picture and CSS px per background px."""
        r = self.driver.execute_script(
            "var r = arguments[0].querySelector('.cg-stage').getBoundingClientRect();"
            "return [r.left, r.top, r.width];", root)
        return r[0], r[1], r[2]

    def client_point(self, root, challenge, x, y):
        left, top, width = self.stage_box(root)
        scale = width / challenge["width"]
        return left + x * scale, top + y * scale

    def centre(self, element):
        r = self.driver.execute_script(
            "var r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
            element)
        return r[0], r[1]

    def verify_again(self, cid, body):
        """A verify of `cid` sent by the page itself: (HTTP status, JSON body)."""
        return self.driver.execute_async_script(
            "var done = arguments[2];"
            "fetch('/v1/challenges/' + arguments[0] + '/verify', {method: 'POST',"
            " headers: {'Content-Type': 'application/json'}, body: JSON.stringify(arguments[1])})"
            ".then(function (r) { return r.json().then(function (j) { done([r.status, j]); }); })"
            ".catch(function (e) { done([0, String(e)]); });", cid, body)

    # -- input

    def drag(self, points, pointer="mouse"):
        """Presses at points[0], moves through the rest with small, uneven pauses, releases."""
        kind = interaction.POINTER_TOUCH if pointer == "touch" else interaction.POINTER_MOUSE
        builder = ActionBuilder(self.driver, mouse=PointerInput(kind, pointer), duration=0)
        action = builder.pointer_action
        x, y = points[0]
        action.move_to_location(round(x), round(y))
        action.pointer_down()
        for x, y in points[1:]:
            action.pause(self.rng.uniform(0.015, 0.04))
            action.move_to_location(round(x), round(y))
        action.pause(0.12)
        action.pointer_up()
        builder.perform()

    def press(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def screenshot(self, root, name):
        if ARGS.screenshots:
            os.makedirs(ARGS.screenshots, exist_ok=True)
            root.screenshot(os.path.join(ARGS.screenshots, name))

    # -- shared assertions

    def assert_passes_and_refuses_a_second_verify(self, root, challenge, body):
        self.wait_state(root, "pass")
        self.assertIn("Passed", self.status(root))
        self.assertEqual(root.get_attribute("data-challenge-id"), challenge["id"], "after a pass it stays")
        status, reply = self.verify_again(challenge["id"], body)
        self.assertEqual(status, 409, f"a second verify of the same id is refused: {reply}")
        self.assertIsInstance(reply.get("error"), str)
        time.sleep(FAIL_HOLD_SECONDS + 0.3)
        self.assertEqual(root.get_attribute("data-state"), "pass")

    def assert_fails_then_new_challenge(self, root, challenge):
        self.wait_state(root, "fail")
        self.assertIn("Failed", self.status(root))
        self.wait_for(lambda: root.get_attribute("data-challenge-id") not in (None, challenge["id"]),
                      "a new data-challenge-id after the fail")
        self.wait_state(root, "ready")
        states = [s for s in self.driver.execute_script("return window.__captchaGenStates")
                  if s["kind"] == challenge["kind"]]
        names = [s["state"] for s in states]
        self.assertEqual(names[-3:], ["fail", "loading", "ready"], names)
        held = (states[-2]["t"] - states[-3]["t"]) / 1000
        self.assertGreater(held, FAIL_HOLD_SECONDS * 0.8, "fail stays about a second")
        self.assertLess(held, FAIL_HOLD_SECONDS * 2, "then a new challenge is fetched")


# --------------------------------------------------------------------------------------------------
# slide


class SlideTest(WidgetTest):
    def knob(self, root):
        return root.find_element(By.CSS_SELECTOR, '[role="slider"]')

    def drag_slide_to(self, root, challenge, x):
        knob = self.knob(root)
        start = self.centre(knob)
        _, _, width = self.stage_box(root)
        dx = (x - challenge["start"]["x"]) * width / challenge["width"]
        self.drag([start] + human_path(start, (start[0] + dx, start[1]), self.rng))

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

    def drag_through(self, root, challenge, indices):
        centres = [self.client_point(root, challenge, d["x"], d["y"])
                   for d in (challenge["dots"][i] for i in indices)]
        points = [centres[0]]
        for a, b in zip(centres, centres[1:]):
            points += human_path(a, b, self.rng, steps=8)
        self.drag(points)

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


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen", help="the captcha-gen binary to serve with")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--screenshots", default=".build/browser-test/screenshots",
                        help="where to save screenshots of each kind ('' for none)")
    parser.add_argument("--url", help="test a server already running (serve --dev) instead of starting one")
    parser.add_argument("--steps-url", help="with --url: a running server with --steps 8")
    parser.add_argument("--logs", default=".build/browser-test", help="where the servers' logs go")
    ARGS, rest = parser.parse_known_args()
    started = time.monotonic()
    result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"browser tests took {time.monotonic() - started:.1f} s")
    print(f"browser: {max(result.testsRun - failed, 0)} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()

"""What the widget's browser tests share (browser_test.py, pow_widget_test.py): `captcha-gen serve
--dev` processes (tools/serve/serve_process.py), headless Chromium with the challenge capture
(every challenge response the page fetches, with its --dev answer, and every state change), drags
shaped like a hand's, and WidgetTest, the steps and assertions the tests are written in.

The scripts set ARGS (their parsed command line) and fill SERVERS (name -> server) before tests run.
"""

import math
import os
import random
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
from selenium.webdriver.support.ui import WebDriverWait

from tools.serve.serve_process import ServeProcess

KINDS = ["slide", "rotate", "pattern"]
STATE_WAIT_SECONDS = 20
FAIL_HOLD_SECONDS = 1.0  # DESIGN.md: "fail" stays about a second before a new challenge

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


def start_server(binary, extra, log_path, kinds=KINDS):
    """`captcha-gen serve --dev` with `kinds` and no rate limit, plus `extra` arguments. The proof of
    work is on, as by default: the widget solves it in its worker and sends the solution."""
    return ServeProcess(binary, ["--dev", "--kind", ",".join(kinds), "--rate-limit", "0", *extra], log_path)


def start_servers(specs, prefix):
    """Starts a `serve --dev` per (name, kinds, extra arguments) into SERVERS, each logging to
    ARGS.logs/PREFIX-NAME.log; when one cannot start, stops those already running and raises."""
    os.makedirs(ARGS.logs, exist_ok=True)
    try:
        for name, kinds, extra in specs:
            SERVERS[name] = start_server(ARGS.bin, extra, os.path.join(ARGS.logs, f"{prefix}-{name}.log"), kinds)
    except Exception:
        stop_servers()
        raise


def stop_servers():
    """Stops every server in SERVERS (the ones a test script started, or was given)."""
    for server in SERVERS.values():
        server.stop()
    SERVERS.clear()


class RunningServer:
    """A server someone else started (`--url`, `--steps-url`): used as is, never stopped."""

    def __init__(self, url):
        self.url = url.rstrip("/")

    def stop(self):
        pass



# --------------------------------------------------------------------------------------------------
# Browser helpers


# A mid-size phone as Chromium's device emulation gives it: 360 x 740 CSS px, touch, a phone's browser.
PHONE = {
    "deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 3.0, "touch": True},
    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
                 "Chrome/120.0.0.0 Mobile Safari/537.36",
}


def new_browser(phone=False):
    """Headless Chromium with the challenge capture; `phone`: as a 360 x 740 touch screen."""
    options = webdriver.ChromeOptions()
    options.binary_location = ARGS.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000",
                 "--hide-scrollbars"] + ([] if phone else ["--force-device-scale-factor=1"]):
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", PHONE)
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

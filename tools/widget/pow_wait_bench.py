"""What the proof of work costs a person (figures, not a test): the widget's solve time per level in
headless Chromium, next to the 2-4 s a person takes to drag a puzzle.

For each level L it starts `captcha-gen serve --kind slide --pow-difficulty D` with D = the
level-1 difficulty times 2^(L-1) (the work of level L; the challenge itself says level 1), then
opens the demo page afresh --samples times: each sample is what a visitor gets, a new page whose
worker starts, builds its 64 MiB table and solves the challenge. It reads the widget's
"captcha-gen:pow" event: the time from the challenge's arrival to the solution (the widget starts
the worker then, before the pictures load). A person who submits d seconds after that waits
max(0, solve - d) more.

    python tools/widget/pow_wait_bench.py --bin .build/debug/captcha-gen [--levels 1,2,3,4] [--samples 15]

(The server's build does not matter: the times are the browser's, from the challenge's arrival.)
"""
import argparse
import os
import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from site_stack import Process  # noqa: E402

BASE_DIFFICULTY = 16384  # serve's default --pow-difficulty (level 1)
DRAG_SECONDS = [2.0, 3.0, 4.0]

LISTEN = """
window.__pow = [];
document.addEventListener('captcha-gen:pow', function (e) { window.__pow.push(e.detail); });
"""


def new_browser(args):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,700"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTEN})
    return driver


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def sample(driver, url, timeout):
    """One fresh page: the solve time in seconds, as the widget measured it."""
    driver.get(url + "/")
    solved = WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: d.execute_script(
        "return window.__pow.filter(function (e) { return e.state === 'solved' || e.state === 'error'; })[0]"))
    if solved["state"] != "solved":
        raise RuntimeError(f"the worker failed: {solved}")
    return solved["ms"] / 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen")
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--logs", default=".build/browser-test")
    args = parser.parse_args()
    os.makedirs(args.logs, exist_ok=True)
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} at the start; {args.samples} fresh pages per level")
    print("level | difficulty | solve median | p90 | max | added wait after a drag of 2 s / 3 s / 4 s (median; pages that wait)")
    driver = new_browser(args)
    try:
        for level in [int(x) for x in args.levels.split(",")]:
            difficulty = BASE_DIFFICULTY << (level - 1)
            server = Process([args.bin, "serve", "--port", "0", "--kind", "slide", "--pool", "4", "--rate-limit", "0",
                              "--pow-difficulty", str(difficulty)],
                             os.path.join(args.logs, f"pow-wait-{level}.log"))
            try:
                times = [sample(driver, server.url, 120) for _ in range(args.samples)]
            finally:
                server.stop()
            waits = []
            for drag in DRAG_SECONDS:
                extra = [max(0.0, t - drag) for t in times]
                waits.append(f"{statistics.median(extra):.2f} s ({sum(1 for e in extra if e > 0)}/{len(extra)})")
            print(f"{level} | {difficulty} | {statistics.median(times):.2f} s | {percentile(times, 90):.2f} s | "
                  f"{max(times):.2f} s | " + " / ".join(waits), flush=True)
    finally:
        driver.quit()
    print(f"load average at the end {os.getloadavg()[0]:.1f} ({time.strftime('%H:%M:%S')})")


if __name__ == "__main__":
    main()

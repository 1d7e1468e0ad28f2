"""What the proof of work costs a person (figures, not a test): the widget's solve time per level in
headless Chromium, next to the 2-4 s a person takes to drag a puzzle.

For each level L it starts `captcha-gen serve --kind slide --pow-difficulty D` with D = the
level-1 difficulty times 2^(L-1) (the work of level L; the challenge itself says level 1), then
opens the demo page afresh --samples times: each sample is what a visitor gets, a new page whose
worker starts, builds its 64 MiB table and solves the challenge. It reads the widget's
"captcha-gen:pow" event: the time from the challenge's arrival to the solution (the widget starts
the worker then, before the pictures load). A person who submits d seconds after that waits
max(0, solve - d) more.

    python3 -m tools.widget.pow_wait_bench --bin .build/debug/captcha-gen [--levels 1,2,3,4] [--samples 15]
        [--cpu 1,0.25,0.1667]

--cpu stands in for phones: for each share of one core it runs the whole browser (chromedriver and
every process it starts) in a cgroup held to that share (the cpu controller's quota over a 100 ms
period; v1 or v2, as root), so the Web Worker is slowed too (DevTools' CPU throttling does not slow
workers). 0.25 of a core is about a mid-tier phone (4x slower than this machine's core), 0.1667 a
low-end one (6x); 1 is no limit.

(The server's build does not matter: the times are the browser's, from the challenge's arrival.)
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from tools.serve.serve_process import ServeProcess

BASE_DIFFICULTY = 16384  # serve's default --pow-difficulty (level 1)
DRAG_SECONDS = [2.0, 3.0, 4.0]

LISTEN = """
window.__pow = [];
document.addEventListener('captcha-gen:pow', function (e) { window.__pow.push(e.detail); });
"""


class CpuLimit:
    """A cgroup holding a browser to `share` of one core: the cpu controller's quota over a 100 ms
    period (cgroup v2's cpu.max, else v1's cpu.cfs_quota_us). `chromedriver` is a wrapper that moves
    itself into the group before it starts the real one, so every process of the browser is in it."""

    PERIOD_US = 100_000

    def __init__(self, share, chromedriver):
        v2 = "/sys/fs/cgroup"
        if os.path.exists(os.path.join(v2, "cgroup.controllers")) and "cpu" in open(
                os.path.join(v2, "cgroup.controllers")).read().split():
            self.path = os.path.join(v2, f"captcha-pow-bench-{os.getpid()}")
            os.mkdir(self.path)
            self._write("cpu.max", f"{int(share * self.PERIOD_US)} {self.PERIOD_US}")
        elif os.path.isdir("/sys/fs/cgroup/cpu"):
            self.path = os.path.join("/sys/fs/cgroup/cpu", f"captcha-pow-bench-{os.getpid()}")
            os.mkdir(self.path)
            self._write("cpu.cfs_period_us", str(self.PERIOD_US))
            self._write("cpu.cfs_quota_us", str(int(share * self.PERIOD_US)))
        else:
            sys.exit("--cpu needs a cgroup cpu controller (/sys/fs/cgroup) and root")
        self.wrapper = os.path.join(tempfile.mkdtemp(prefix="captcha-pow-bench-"), "chromedriver")
        with open(self.wrapper, "w") as script:
            script.write(f"#!/bin/sh\necho $$ > {os.path.join(self.path, 'cgroup.procs')}\n"
                         f'exec {chromedriver} "$@"\n')
        os.chmod(self.wrapper, 0o755)

    def _write(self, name, value):
        with open(os.path.join(self.path, name), "w") as file:
            file.write(value)

    def close(self):
        for _ in range(50):  # the browser's last processes may take a moment to exit
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)


def new_browser(args, chromedriver=None):
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,700"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver or args.chromedriver), options=options)
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


def measure(args, level, driver):
    """One row: the solve times of --samples fresh pages at `level`."""
    difficulty = BASE_DIFFICULTY << (level - 1)
    with ServeProcess(args.bin, ["--kind", "slide", "--pool", "4", "--rate-limit", "0", "--pow-difficulty", str(difficulty)],
                      os.path.join(args.logs, f"pow-wait-{level}.log")) as server:
        return difficulty, [sample(driver, server.url, args.timeout) for _ in range(args.samples)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/captcha-gen")
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--cpu", default="1", help="shares of one core for the browser, e.g. 1,0.25,0.1667 (1: no limit)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds one page may take to solve")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--logs", default=".build/browser-test")
    args = parser.parse_args()
    os.makedirs(args.logs, exist_ok=True)
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} at the start; {args.samples} fresh pages per level")
    print("cpu | level | difficulty | solve median | p90 | max | added wait after a drag of 2 s / 3 s / 4 s "
          "(median; pages that wait)")
    for share in [float(x) for x in args.cpu.split(",")]:
        limit = CpuLimit(share, args.chromedriver) if share < 1 else None
        label = "no limit" if limit is None else f"{share:.3g} core ({1 / share:.0f}x)"
        driver = new_browser(args, limit.wrapper if limit else None)
        try:
            for level in [int(x) for x in args.levels.split(",")]:
                difficulty, times = measure(args, level, driver)
                waits = []
                for drag in DRAG_SECONDS:
                    extra = [max(0.0, t - drag) for t in times]
                    waits.append(f"{statistics.median(extra):.2f} s ({sum(1 for e in extra if e > 0)}/{len(extra)})")
                print(f"{label} | {level} | {difficulty} | {statistics.median(times):.2f} s | "
                      f"{percentile(times, 90):.2f} s | {max(times):.2f} s | " + " / ".join(waits), flush=True)
        finally:
            driver.quit()
            if limit:
                limit.close()
    print(f"load average at the end {os.getloadavg()[0]:.1f} ({time.strftime('%H:%M:%S')})")


if __name__ == "__main__":
    main()

"""`make sim-day`: a simulated day of traffic against two `captcha-gen serve` instances sharing one
PostgreSQL, and a check that the operator sees exactly what happened: the driver keeps its own counts
per site, kind, look and audience (issued, shown, attempted, passed first try, passed later, failed
by reason, abandoned, tokens, siteverify successes and failures by code, solve times), and
`captcha-gen report --json`, the admin endpoint of each instance and the dashboard in headless
Chromium must give back those counts exactly (the solve-time quantiles within their histogram
bucket). With --screenshot, the dashboard after the day is saved there (docs/images/dashboard.png).

    .venv-browser/bin/python -m tools.analytics.sim_day --bin .build/debug/captcha-gen \
        --store postgres://captcha@127.0.0.1:54329/postgres [--minutes 3] [--scale 1] [--seed 1] \
        [--screenshot docs/images/dashboard.png]

Who comes, and how they answer, is the attack simulation's model (tools/pow/crowd_sim.py): a person
drags for 2-6 s, is right 90% of the time and tries again a second after a failure, up to 5 times; a
bot answers 50 ms after the challenge arrives, a "guesser" right 10% of the time, a "solver" 97%.
The day adds what the operator's view has to tell apart: people arrive by the hour of the day (few at
night, most in the afternoon) on two sites ("shop": a look experiment, look a classic slide at weight
3, look b stepped at weight 1; "blog": slide and rotate); some leave without answering (ABANDON); the
sites' backends check most tokens once, a few twice (a replay), and a bot posts forged ones; the bots
post to the API without saying they are driven, so they count as people, as they would on a real
site; a headless audit tool that says navigator.webdriver loads the page and leaves, a CI suite that
says it answers right, and an uptime monitor uses the test keys (both counted as automation).

The day is compressed: DAY seconds of simulated time pass in --minutes of wall time, so every wait
is divided by that factor, while the times the clients report (client.solve_ms) are the model's. The
serve instances run with --dev (the driver reads the answers), --pow off (no proof of work is
solved, though the levels the activity calls for are counted) and --rate-limit 0 (every request
comes from one address).
Exit status 0 when everything matches, 1 with the differences listed.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from tools.pow import crowd_sim  # the people and bot models
from tools.analytics import funnel_test
from tools.analytics.funnel_test import create_database
from tools.serve.serve_process import ServeProcess

DAY = 24 * 3600.0
REQUEST_TIMEOUT = 120  # seconds
TTL = 30  # seconds a challenge lives (wall time): room for a slow machine; abandoned ones are swept after
ADMIN_TOKEN = "sim-day-admin-" + hashlib.sha256(os.urandom(16)).hexdigest()[:24]
SECRETS = {"shop": "sim-day-shop-secret", "blog": "sim-day-blog-secret"}
TEST_SITEKEY, TEST_SECRET = "test-always-pass", "test-secret-always-pass"
UNKNOWN = "unknown"

PEOPLE = 900  # who come in the day (--scale multiplies them and every other actor)
ABANDON = 0.06  # a person who leaves with the challenge on screen, unanswered
CHECKED_ONCE, CHECKED_TWICE = 0.95, 0.02  # a site's backend checks a pass token once, twice (replay), never
SHOP_SHARE = 0.7  # of the people; the rest go to the blog, half of them to its rotate challenge
BOT_HOURS = {"guesser": (2.0, 4.0), "solver": (14.0, 15.0)}  # when each bot runs (simulated hours)
BOT_ATTEMPTS_PER_HOUR = {"guesser": 60, "solver": 40}
FORGED_TOKENS = 12  # the guesser posts made-up tokens to the shop's form
AUDIT_EVERY, CI_EVERY, MONITOR_EVERY = 1800.0, 4 * 3600.0, 900.0  # simulated seconds
CI_PASSES = 3

# Mirrors AnalyticsBuckets.solveMs (Sources/CaptchaService/Analytics/AnalyticsBuckets.swift).
SOLVE_BOUNDS = [1000, 2000, 3000, 5000, 8000, 13000, 20000, 30000, 60000]
FIGURES = ["issued", "shown", "attempted", "passed_first", "passed_later", "abandoned", "tokens",
           "siteverify_success"]
DETAILED = ["failed", "siteverify_failure"]


def request(url, body=None, headers=None):
    """funnel_test's request with room for a slow machine (an issue may wait for its pool)."""
    return funnel_test.request(url, body, headers, timeout=REQUEST_TIMEOUT)


def people_per_hour(hour):
    """The share of the day's people arriving in `hour` (0-23): a night floor, an afternoon peak."""
    return 0.15 + max(0.0, math.sin(math.pi * (hour - 6) / 16)) if 6 <= hour < 22 else 0.15


class Truth:
    """What the driver knows it did, per (site, kind, look, audience)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rows = collections.defaultdict(lambda: {
            **dict.fromkeys(FIGURES, 0), "first_attempts": 0, "failed": collections.Counter(),
            "siteverify_failure": collections.Counter(), "solve_ms": []})

    def add(self, labels, figure, detail=None, n=1):
        with self.lock:
            row = self.rows[labels]
            if detail is None:
                row[figure] += n
            else:
                row[figure][detail] += n

    def solve(self, labels, milliseconds):
        with self.lock:
            self.rows[labels]["solve_ms"].append(milliseconds)


class Day:
    def __init__(self, args, servers):
        self.args = args
        self.servers = servers
        self.truth = Truth()
        self.compression = DAY / (args.minutes * 60)
        self.problems = []

    def sleep(self, simulated_seconds):
        time.sleep(simulated_seconds / self.compression)

    def issue(self, rng, site, kind, client=None):
        body = {"sitekey": site, "kind": kind}
        if client:
            body["client"] = client
        status, challenge, text = request(rng.choice(self.servers).url + "/v1/challenges", body)
        if status != 200:
            raise RuntimeError(f"issue for {site} {kind}: {status} {text}")
        look = ("b" if "steps" in challenge else "a") if site == "shop" else "default"
        audience = "automation" if site == TEST_SITEKEY or (client or {}).get("webdriver") else "people"
        labels = (site, challenge["kind"], look, audience)
        self.truth.add(labels, "issued")
        return challenge, labels

    def verify(self, rng, challenge, labels, right, client=None):
        """Answers on either instance; returns the token of a pass (None for a failure)."""
        answer = challenge["answer"]
        if "steps" in answer:
            index, count = answer["steps"]["index"], answer["steps"]["count"]
            body = {"step": index if right else (index + rng.randint(1, count - 1)) % count}
        elif "angle" in answer:
            body = {"angle": answer["angle"] if right else (answer["angle"] + rng.choice([-1, 1]) * rng.randint(60, 120)) % 360}
        else:
            target = answer["target"]
            miss = rng.randint(20, 60) * (1 if target["x"] < 70 else -1)
            body = {"x": target["x"] if right else target["x"] + miss, "y": target["y"]}
        if client:
            body["client"] = client
        status, verdict, text = request(
            rng.choice(self.servers).url + f"/v1/challenges/{challenge['id']}/verify", body)
        if status != 200:
            raise RuntimeError(f"verify {labels}: {status} {text}")
        attempt = (client or {}).get("attempt", 1)
        self.truth.add(labels, "attempted")
        self.truth.add(labels, "first_attempts", n=int(attempt == 1))
        self.truth.add(labels, "shown", n=int("shown_ms" in (client or {})))
        if verdict["pass"] != right and labels[0] != TEST_SITEKEY:
            self.problems.append(f"{labels}: a {'right' if right else 'wrong'} answer got pass={verdict['pass']}")
        if verdict["pass"]:
            self.truth.add(labels, "passed_first" if attempt == 1 else "passed_later")
            if verdict.get("token"):
                self.truth.add(labels, "tokens")
            return verdict.get("token")
        self.truth.add(labels, "failed", verdict["reason_code"])
        return None

    def siteverify(self, rng, site, token, labels):
        secret = TEST_SECRET if site == TEST_SITEKEY else SECRETS[site]
        status, answer, text = request(rng.choice(self.servers).url + "/v1/siteverify",
                                       {"secret": secret, "response": token})
        if status != 200:
            raise RuntimeError(f"siteverify {site}: {status} {text}")
        if answer["success"]:
            self.truth.add(labels, "siteverify_success")
        else:
            for code in answer["error-codes"]:
                self.truth.add(labels, "siteverify_failure", code)

    def backend_checks(self, rng, site, token, labels):
        """The site's backend: checks a pass token once, twice (a replay) or never."""
        draw = rng.random()
        times = 1 if draw < CHECKED_ONCE else 2 if draw < CHECKED_ONCE + CHECKED_TWICE else 0
        for _ in range(times):
            self.siteverify(rng, site, token, labels)

    # The actors.

    def person(self, rng):
        site = "shop" if rng.random() < SHOP_SHARE else "blog"
        kind = "slide" if site == "shop" or rng.random() < 0.5 else "rotate"
        for attempt in range(1, crowd_sim.PERSON_TRIES + 1):
            challenge, labels = self.issue(rng, site, kind, client={"webdriver": False})
            if rng.random() < ABANDON:
                self.truth.add(labels, "abandoned")
                return
            drag = rng.uniform(*crowd_sim.PERSON_DRAG)
            self.sleep(drag)
            right = rng.random() < crowd_sim.PERSON_RIGHT
            solve_ms = round(drag * 1000)
            self.truth.solve(labels, solve_ms)
            token = self.verify(rng, challenge, labels, right, client={
                "attempt": attempt, "shown_ms": rng.randint(80, 400), "solve_ms": solve_ms, "webdriver": False})
            if token:
                self.backend_checks(rng, site, token, labels)
                return
            self.sleep(crowd_sim.RETRY_AFTER_FAIL)

    def bot_attempt(self, rng, name):
        """One try of a bot that posts to the API itself: no client object, so the server's
        issue-to-verify time is its solve time, and it counts as people."""
        started = time.monotonic()
        challenge, labels = self.issue(rng, "shop", "slide")
        time.sleep(crowd_sim.BOT_ROUND_TRIP)
        token = self.verify(rng, challenge, labels, rng.random() < crowd_sim.BOTS[name])
        self.truth.solve(labels, (time.monotonic() - started) * 1000)
        if token:
            self.backend_checks(rng, "shop", token, labels)

    def forged_token(self, rng):
        token = "".join(rng.choice("0123456789abcdef") for _ in range(64))
        self.siteverify(rng, "shop", token, ("shop", UNKNOWN, UNKNOWN, "people"))

    def audit_visit(self, rng):
        """A headless audit tool that says navigator.webdriver: loads the page and leaves."""
        _, labels = self.issue(rng, "blog", "slide", client={"webdriver": True})
        self.truth.add(labels, "abandoned")

    def ci_run(self, rng):
        """A CI suite in a driven browser: answers right at once."""
        for _ in range(CI_PASSES):
            challenge, labels = self.issue(rng, "shop", "slide", client={"webdriver": True})
            self.truth.solve(labels, 300)
            self.verify(rng, challenge, labels, True,
                        client={"attempt": 1, "shown_ms": 50, "solve_ms": 300, "webdriver": True})

    def uptime_monitor(self, rng):
        """An uptime monitor on the test keys: a challenge, any answer, a siteverify."""
        challenge, labels = self.issue(rng, TEST_SITEKEY, "slide")
        self.truth.solve(labels, 200)
        token = self.verify(rng, challenge, labels, True, client={"attempt": 1, "solve_ms": 200})
        self.siteverify(rng, TEST_SITEKEY, token or "any-token", (TEST_SITEKEY, "test", "default", "automation"))

    def schedule(self, rng):
        """(simulated second, actor) for the whole day, in order."""
        events = []
        weights = [people_per_hour(h) for h in range(24)]
        scale = self.args.scale
        for _ in range(round(PEOPLE * scale)):
            hour = rng.choices(range(24), weights)[0]
            events.append((hour * 3600 + rng.uniform(0, 3600), self.person))
        for name, (start, end) in BOT_HOURS.items():
            attempts = round(BOT_ATTEMPTS_PER_HOUR[name] * (end - start) * scale)
            for i in range(attempts):
                events.append((start * 3600 + (end - start) * 3600 * i / attempts,
                               lambda r, name=name: self.bot_attempt(r, name)))
        start = BOT_HOURS["guesser"][0] * 3600
        events += [(start + 60 * i, self.forged_token) for i in range(round(FORGED_TOKENS * scale))]
        for every, actor in [(AUDIT_EVERY, self.audit_visit), (CI_EVERY, self.ci_run),
                             (MONITOR_EVERY, self.uptime_monitor)]:
            events += [(t, actor) for t in frange(every / 2 / scale, DAY, every / scale)]
        return sorted(events, key=lambda e: e[0])

    def run(self):
        rng = random.Random(self.args.seed)
        events = self.schedule(rng)
        started = time.monotonic()
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.workers) as pool:
            futures = []
            for i, (at, actor) in enumerate(events):
                delay = at / self.compression - (time.monotonic() - started)
                if delay > 0:
                    time.sleep(delay)
                futures.append(pool.submit(actor, random.Random(self.args.seed * 1_000_003 + i)))
            for future in futures:
                if future.exception():
                    failures.append(repr(future.exception()))
        if failures:
            raise SystemExit(f"{len(failures)} actors failed, the first: {failures[0]}")
        print(f"the day: {len(events)} arrivals in {time.monotonic() - started:.0f} s "
              f"(1 s of wall time is {self.compression:.0f} s of the day)")


def frange(start, stop, step):
    while start < stop:
        yield start
        start += step


def bucket_of(milliseconds):
    """The index of the solve_ms histogram bucket (AnalyticsBuckets.histogramDetail)."""
    return next((i for i, bound in enumerate(SOLVE_BOUNDS) if max(milliseconds, 0) <= bound), len(SOLVE_BOUNDS))


def quantile_bucket(q, samples):
    """The bucket the report's `q` quantile falls in (Histogram.quantile: the first bucket whose
    running count reaches q x n)."""
    counts = collections.Counter(bucket_of(s) for s in samples)
    below = 0
    for index in range(len(SOLVE_BOUNDS) + 1):
        if counts[index] and below + counts[index] >= q * len(samples):
            return index
        below += counts[index]
    return None


def within_bucket(value, index):
    lower = 0 if index == 0 else SOLVE_BOUNDS[index - 1]
    upper = SOLVE_BOUNDS[index] if index < len(SOLVE_BOUNDS) else lower
    return lower <= value <= upper


def compare(truth, report, source):
    """Differences between the driver's counts and a report's JSON, as sentences."""
    problems = []
    rows = {(site["sitekey"], r["kind"], r["look"], r["audience"]): r
            for site in report["sites"] for r in site["rows"]}
    for labels in sorted(set(rows) | set(truth.rows)):
        if labels not in truth.rows:
            problems.append(f"{source}: a row the day never made: {labels}")
            continue
        if labels not in rows:
            problems.append(f"{source}: no row for {labels}")
            continue
        want, got = truth.rows[labels], rows[labels]
        for figure in FIGURES:
            if got[figure] != want[figure]:
                problems.append(f"{source} {labels} {figure}: {got[figure]}, the day made {want[figure]}")
        for figure in DETAILED:
            if got[figure] != dict(want[figure]):
                problems.append(f"{source} {labels} {figure}: {got[figure]}, the day made {dict(want[figure])}")
        if sum(got["levels"].values()) != want["issued"]:
            problems.append(f"{source} {labels} levels: {got['levels']} for {want['issued']} issued")
        rate = got["first_try_rate"]["value"]
        if want["first_attempts"] and abs(rate - want["passed_first"] / want["first_attempts"]) > 5e-5:
            problems.append(f"{source} {labels} first_try_rate {rate}, the day made "
                            f"{want['passed_first']}/{want['first_attempts']}")
        for name, q in [("p50", 0.5), ("p90", 0.9)]:
            if want["solve_ms"]:
                index = quantile_bucket(q, want["solve_ms"])
                if not within_bucket(got["solve_ms"][name], index):
                    problems.append(f"{source} {labels} solve_ms {name} {got['solve_ms'][name]} is outside "
                                    f"bucket {index} of the day's times")
    return problems


def admin_report(server, query):
    status, report, text = request(server.url + "/admin/v1/report?" + urllib.parse.urlencode(query),
                                   headers={"Authorization": "Bearer " + ADMIN_TOKEN})
    if status != 200:
        raise SystemExit(f"the admin report of {server.url}: {status} {text}")
    return report, text


def wait_for_abandons(day, query):
    """The abandoned challenges are counted by the sweep after they expire: ask both instances (each
    writes what it owes before reading) until the abandons add up."""
    want = sum(row["abandoned"] for row in day.truth.rows.values())
    deadline = time.monotonic() + TTL + 30
    while True:
        for server in day.servers:
            report, _ = admin_report(server, query)
        got = sum(r["abandoned"] for site in report["sites"] for r in site["rows"])
        if got >= want or time.monotonic() > deadline:
            return
        time.sleep(1)


def dashboard_problems(day, report, since):
    """Every figure of every row in the dashboard's tables, read in headless Chromium; the screenshot."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = day.args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,2200",
                 "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(day.args.chromedriver), options=options)
    problems = []
    try:
        base = day.servers[1].url
        driver.get(base + "/admin/")
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.ID, "token"))
        driver.find_element(By.ID, "token").send_keys(ADMIN_TOKEN + Keys.ENTER)
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "table"))
        driver.get(base + "/admin/?" + urllib.parse.urlencode({"since": since}))
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "table"))
        for site in report["sites"]:
            section = driver.find_element(By.XPATH, f"//section[h2[text()='Site {site['sitekey']}']]")
            for row in site["rows"]:
                labels = (site["sitekey"], row["kind"], row["look"], row["audience"])
                want = day.truth.rows.get(labels)
                selector = (f"tr[data-kind='{row['kind']}'][data-look='{row['look']}']"
                            f"[data-audience='{row['audience']}']")
                lines = section.find_elements(By.CSS_SELECTOR, selector)
                if want is None or not lines:
                    problems.append(f"dashboard: {labels} {'is not on the page' if want else 'was never made'}")
                    continue
                cells = {c.get_attribute("data-metric"): c.text for c in lines[0].find_elements(By.CSS_SELECTOR, "td")}
                for figure in FIGURES:
                    if cells.get(figure) != str(want[figure]):
                        problems.append(f"dashboard {labels} {figure}: {cells.get(figure)}, the day made {want[figure]}")
                for figure in DETAILED:
                    if cells.get(figure) != str(sum(want[figure].values())):
                        problems.append(f"dashboard {labels} {figure}: {cells.get(figure)}, "
                                        f"the day made {sum(want[figure].values())}")
        if day.args.screenshot:
            driver.get(base + "/admin/?" + urllib.parse.urlencode({"site": "shop", "since": since}))
            WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "table"))
            driver.set_window_size(1280, 600)  # then as tall as the page, so the picture holds all of it
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(1280, min(height + 140, 4000))  # the window's frame takes about 140 px
            driver.save_screenshot(day.args.screenshot)
            print(f"the dashboard of shop after the day: {day.args.screenshot}")
    finally:
        driver.quit()
    return problems


def print_truth(truth):
    print(f"{'site':<18}{'kind':<8}{'look':<9}{'audience':<11}" + "".join(f"{f[:10]:>11}" for f in FIGURES)
          + f"{'failed':>8}{'sv_fail':>8}")
    for labels in sorted(truth.rows):
        row = truth.rows[labels]
        print(f"{labels[0]:<18}{labels[1]:<8}{labels[2]:<9}{labels[3]:<11}"
              + "".join(f"{row[f]:>11}" for f in FIGURES)
              + f"{sum(row['failed'].values()):>8}{sum(row['siteverify_failure'].values()):>8}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the captcha-gen binary (captcha-gen-serve beside it)")
    parser.add_argument("--store", required=True, help="a PostgreSQL server's URL (a database is made on it)")
    parser.add_argument("--minutes", type=float, default=3.0, help="wall minutes the day takes")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiplies the day's traffic (people, bots, monitors); 0.1 for a quick look")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=32, help="actors at once")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--no-browser", action="store_true", help="skip the dashboard in Chromium")
    parser.add_argument("--screenshot", help="save the dashboard of shop after the day here (PNG)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers on the way out

    folder = tempfile.mkdtemp(prefix="sim-day-")
    store = create_database(args.store)
    sites = {"sites": [
        {"sitekey": "shop", "secret_sha256": hashlib.sha256(SECRETS["shop"].encode()).hexdigest(),
         "hostnames": ["*"], "looks": [{"name": "a", "weight": 3}, {"name": "b", "weight": 1, "steps": 8}]},
        {"sitekey": "blog", "secret_sha256": hashlib.sha256(SECRETS["blog"].encode()).hexdigest(),
         "hostnames": ["*"]}]}
    with open(os.path.join(folder, "sites.json"), "w") as f:
        json.dump(sites, f)
    with open(os.path.join(folder, "admin.token"), "w") as f:
        f.write(ADMIN_TOKEN + "\n")
    common = ["--store", store, "--sites", os.path.join(folder, "sites.json"), "--test-keys", "--dev",
              "--pow", "off", "--rate-limit", "0", "--kind", "slide,rotate", "--pool", "16", "--ttl", str(TTL),
              "--admin-token-file", os.path.join(folder, "admin.token")]
    servers = [ServeProcess(args.bin, common, os.path.join(folder, f"serve-{i}.log")) for i in range(2)]
    try:
        for server in servers:
            server.wait_for_pool("slide", 8, 120)
        started = time.time()
        day = Day(args, servers)
        day.run()
        since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started - 600))
        until = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 600))
        query = {"since": since, "until": until}
        wait_for_abandons(day, query)
        print_truth(day.truth)

        problems = list(day.problems)
        reports = {f"admin endpoint of instance {i + 1}": admin_report(server, query) for i, server in enumerate(servers)}
        cli = subprocess.run([args.bin, "report", "--store", store, "--since", since, "--until", until, "--json"],
                             capture_output=True, text=True, timeout=120)
        if cli.returncode != 0:
            raise SystemExit(f"captcha-gen report: {cli.stderr}")
        reports["captcha-gen report --json"] = (json.loads(cli.stdout), cli.stdout.strip())
        for source, (report, _) in reports.items():
            problems += compare(day.truth, report, source)
        texts = {text for _, text in reports.values()}
        if len(texts) != 1:
            problems.append("the admin endpoints and the command line answer different bytes")
        if not args.no_browser:
            problems += dashboard_problems(day, reports["captcha-gen report --json"][0], since)
        rows = len(day.truth.rows)
        if problems:
            print(f"{len(problems)} differences:")
            for problem in problems:
                print("  " + problem)
            sys.exit(1)
        print(f"all {rows} rows match, exactly for counts and within a bucket for solve times: "
              + ", ".join(reports) + ("" if args.no_browser else ", the dashboard in Chromium"))
    finally:
        for server in servers:
            server.stop()


if __name__ == "__main__":
    main()

"""The CROWD scenario of `simulate_attack.py --crowd`: people behind one address prefix, a bot among them
and a bot on a prefix of its own, over a simulated hour, under the old level rule and the new one.

A model, not a server: an hour of a school's or a carrier's NAT cannot be run against `serve` in real
time, so this file re-implements the level rule and the activity store's scores. IT MUST MIRROR
Sources/CaptchaService/Gate/ChallengeLevels.swift (LevelRules.standard, level(client:site:)),
Stores/ClientActivityStore.swift (ActivityRules.standard) and Stores/MemoryClientActivityStore.swift (admit,
recordFailure, recordPass); change them together. OLD is the rule before passes counted: every request
stays on the request score. NEW: a pass takes its issue and verify requests back off the client's
request score (the issue's off the site's), and the client's per-level figures grow to 0.5 x its
recent passes; passes add a level of their own at 300.

People arrive at random (Poisson) N a minute. Each asks for a challenge, drags for 2-6 s while the
widget solves the proof of work (0.26 s at level 1 on the desktop of docs/proof-of-work.md, doubling
per level, times 0.8-1.6), verifies when both are done and is right 90% of the time; after a fail the
widget asks for a new challenge a second later (up to 5 tries). A bot solves the proof of work with
pow_native on one core (0.1 CPU s at level 1, doubling per level), answers 50 ms later and starts again
at once; a "guesser" is right 10% of the time, a "solver" 97%.
"""

import heapq
import math
import random

HALF_LIFE = 600.0
CLIENT_REQUESTS_PER_LEVEL = 10.0
CLIENT_FAILURES_PER_LEVEL = 3.0
CLIENT_PASSES_PER_LEVEL = 300.0
SITE_REQUESTS_PER_LEVEL = 2000.0
SITE_FAILURES_PER_LEVEL = 30.0
ALLOWANCE_PER_PASS = 0.5
SHARE_REQUESTS = 20.0
SHARE_FAILURES = 3.0
MAX_LEVEL = 12
ISSUE_WEIGHT = 1
VERIFY_WEIGHT = 1

PERSON_RIGHT = 0.9
PERSON_TRIES = 5
PERSON_DRAG = (2.0, 6.0)
PERSON_POW_LEVEL1 = 0.26
POW_JITTER = (0.8, 1.6)
RETRY_AFTER_FAIL = 1.0
BOT_POW_LEVEL1 = 0.1
BOT_ROUND_TRIP = 0.05
BOTS = {"guesser": 0.10, "solver": 0.97}

WARMUP = 30 * 60.0
HOUR = 60 * 60.0


def steps(score, per):
    """floor(log2(1 + score / per)), 0 for a non-positive score (LevelRules.steps)."""
    if score <= 0 or per <= 0:
        return 0
    return int(math.floor(math.log2(1 + score / per)))


class Row:
    """A client's or a site's scores, decayed to the time they were last touched."""

    def __init__(self, now):
        self.requests = self.failures = self.passes = 0.0
        self.updated = now

    def decay(self, now):
        factor = 0.5 ** (max(now - self.updated, 0) / HALF_LIFE)
        self.requests *= factor
        self.failures *= factor
        self.passes *= factor
        self.updated = max(self.updated, now)


class Store:
    """MemoryClientActivityStore without the rate limit's window (no --rate-limit)."""

    def __init__(self, new_rule):
        self.new_rule = new_rule
        self.rows = {}

    def row(self, key, now):
        row = self.rows.setdefault(key, Row(now))
        row.decay(now)
        return row

    def admit(self, client, site, weight, now):
        row = self.row("client " + client, now)
        before = row.requests
        row.requests += weight
        site_row = self.row("site " + site, now) if site else None
        if site_row and before < SHARE_REQUESTS:
            site_row.requests += weight
        return self.level(row, site_row or Row(now))

    def record_failure(self, client, site, now):
        row = self.row("client " + client, now)
        before = row.failures
        row.failures += 1
        if site and before < SHARE_FAILURES:
            self.row("site " + site, now).failures += 1

    def record_pass(self, client, site, issue_weight, now):
        if not self.new_rule:
            return
        row = self.row("client " + client, now)
        row.requests = max(row.requests - issue_weight - VERIFY_WEIGHT, 0)
        row.passes += 1
        if site and row.requests < SHARE_REQUESTS:
            site_row = self.row("site " + site, now)
            site_row.requests = max(site_row.requests - issue_weight, 0)

    def level(self, client, site):
        if self.new_rule:
            allowance = ALLOWANCE_PER_PASS * client.passes
            own = (steps(client.requests, max(CLIENT_REQUESTS_PER_LEVEL, allowance))
                   + steps(client.failures, max(CLIENT_FAILURES_PER_LEVEL, allowance))
                   + steps(client.passes, CLIENT_PASSES_PER_LEVEL))
        else:
            own = steps(client.requests, CLIENT_REQUESTS_PER_LEVEL) + steps(client.failures, CLIENT_FAILURES_PER_LEVEL)
        level = 1 + own + steps(site.requests, SITE_REQUESTS_PER_LEVEL) + steps(site.failures, SITE_FAILURES_PER_LEVEL)
        return min(level, MAX_LEVEL)


class Tally:
    def __init__(self):
        self.levels, self.waits = [], []
        self.attempts = self.passes = 0
        self.cpu = 0.0

    def percentile(self, values, q):
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def simulate(per_minute, bot, new_rule, seed):
    """One scenario: returns the tallies of the people, the bot in their prefix and the lone bot,
    counted over the hour after the warm-up."""
    rng = random.Random(seed)
    store = Store(new_rule)
    site = "site"
    crowd, lone = "10.77.1.0/24", "10.66.1.0/24"
    people, crowd_bot, lone_bot = Tally(), Tally(), Tally()
    end = WARMUP + HOUR
    events = []
    sequence = 0

    def at(time, action, *args):
        nonlocal sequence
        sequence += 1
        heapq.heappush(events, (time, sequence, action, args))

    def person_issue(now, tries):
        level = store.admit(crowd, site, ISSUE_WEIGHT, now)
        drag = rng.uniform(*PERSON_DRAG)
        pow_seconds = PERSON_POW_LEVEL1 * 2 ** (level - 1) * rng.uniform(*POW_JITTER)
        if now >= WARMUP:
            people.levels.append(level)
            people.waits.append(max(pow_seconds - drag, 0))
        at(now + max(drag, pow_seconds), person_verify, tries)

    def person_verify(now, tries):
        store.admit(crowd, None, VERIFY_WEIGHT, now)
        counted = now >= WARMUP
        people.attempts += counted
        if rng.random() < PERSON_RIGHT:
            store.record_pass(crowd, site, ISSUE_WEIGHT, now)
            people.passes += counted
        else:
            store.record_failure(crowd, site, now)
            if tries + 1 < PERSON_TRIES:
                at(now + RETRY_AFTER_FAIL, person_issue, tries + 1)

    def person_arrives(now):
        at(now, person_issue, 0)
        at(now + rng.expovariate(per_minute / 60.0), person_arrives)

    def bot_attempt(now, client, tally, right):
        level = store.admit(client, site, ISSUE_WEIGHT, now)
        cpu = BOT_POW_LEVEL1 * 2 ** (level - 1) * rng.uniform(*POW_JITTER)
        at(now + cpu + BOT_ROUND_TRIP, bot_verify, client, tally, right, level, cpu)

    def bot_verify(now, client, tally, right, level, cpu):
        store.admit(client, None, VERIFY_WEIGHT, now)
        passed = rng.random() < right
        if passed:
            store.record_pass(client, site, ISSUE_WEIGHT, now)
        else:
            store.record_failure(client, site, now)
        if now >= WARMUP:
            tally.attempts += 1
            tally.passes += passed
            tally.cpu += cpu
            tally.levels.append(level)
        at(now, bot_attempt, client, tally, right)

    at(0.0, person_arrives)
    if bot:
        at(0.0, bot_attempt, crowd, crowd_bot, BOTS[bot])
        at(0.0, bot_attempt, lone, lone_bot, BOTS[bot])
    while events:
        time, _, action, args = heapq.heappop(events)
        if time > end:
            break
        action(time, *args)
    return people, crowd_bot, lone_bot


def describe_people(people):
    return "%d / %d, %.1f s" % (people.percentile(people.levels, 0.5), people.percentile(people.levels, 0.9),
                                people.percentile(people.waits, 0.9))


def describe_bot(bot):
    if not bot.attempts:
        return "-"
    mean_level = sum(bot.levels) / len(bot.levels)
    per_pass = "%.2f" % (bot.cpu / bot.passes) if bot.passes else "-"
    return "%.1f, %d, %s" % (mean_level, bot.passes, per_pass)


def run(seed, crowds=(2, 10, 60, 300), bots=(None, "guesser", "solver")):
    """Prints the table of docs/proof-of-work.md: one row per crowd and bot, old rule beside new."""
    print("people: level median / p90, p90 wait beyond the drag (desktop); bots: mean level, passes in the hour,"
          " CPU s per pass")
    print("| people / min | bot | people BEFORE | people AFTER | bot in the crowd BEFORE | AFTER"
          " | bot alone BEFORE | AFTER |")
    print("|---|---|---|---|---|---|---|---|")
    for per_minute in crowds:
        for bot in bots:
            before = simulate(per_minute, bot, False, seed)
            after = simulate(per_minute, bot, True, seed)
            print("| %d | %s | %s | %s | %s | %s | %s | %s |" % (
                per_minute, bot or "none", describe_people(before[0]), describe_people(after[0]),
                describe_bot(before[1]), describe_bot(after[1]), describe_bot(before[2]), describe_bot(after[2])))

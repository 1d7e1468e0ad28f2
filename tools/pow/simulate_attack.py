"""`make simulate-pow`: a bot against two `serve` instances on one PostgreSQL, and a person beside it.

Not a test: it prints what an attack gets. The bot sits on one address prefix (10.66.x.y, sent as
X-Forwarded-For, which the instances believe because they run with --trust-proxy 127.0.0.1), asks
one instance for a challenge and verifies it on the other, solves the proof of work with
tools/pow/pow_native (C, every core, AVX-512: the fastest solver we have), knows the answer from
--dev and gives it right 97% of the time, and goes as fast as the servers let it (a 429 waits its
Retry-After). A person on another prefix (10.77.P.5, a new one in each phase P) asks for a challenge every
--person-every seconds (45: about what one person trying again and again does), solves it with one
thread and always answers right.

Two phases, each on fresh instances: levels held at 1 (--levels with per-level figures nobody
reaches: what the proof of work alone costs a bot), then the default levels. Per phase and minute:
the bot's passes, fails, mean level and CPU seconds of solving per pass; the person's levels and
verdicts.

    python3 -m tools.pow.simulate_attack --bin .build/release/captcha-gen --native .build/pow/pow_native \
        --store postgres://… [--minutes 2] [--rate-limit 0]

CROWD (`--crowd`, no server): N people a minute behind one prefix (2, 10, 60, 300), each right 90% of the
time at a person's pace while the widget solves the proof of work, beside a bot in their prefix and a
bot on its own, over a simulated hour, under the old level rule and the new one side by side. It is a
model of the level rule and the activity store in tools/pow/crowd_sim.py, which must mirror
Sources/CaptchaService/Gate/ChallengeLevels.swift and Stores/MemoryClientActivityStore.swift (an hour of traffic
cannot be run against serve in real time):

    python3 -m tools.pow.simulate_attack --crowd [--seed 1]
"""

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from tools.pow import crowd_sim
from tools.serve.serve_process import ServeProcess

BOT_PREFIX = "10.66.{phase}.{host}"
PERSON = "10.77.{phase}.5"
FLAT_LEVELS = "requests=1000000000,failures=1000000000,site-requests=1000000000,site-failures=1000000000"


def post(url, body, client):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "X-Forwarded-For": client})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}"), error.headers


class Solver:
    """A pow_native `solve` process: one challenge a line in, nonces and CPU seconds out."""

    def __init__(self, binary, threads):
        self.process = subprocess.Popen([binary, "solve", "--gather", "--lanes", "64", "--threads", str(threads)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def solve(self, pow_object):
        p = pow_object
        self.process.stdin.write("%s %d %d %d %d\n" % (p["salt"], p["puzzles"], p["steps"], p["difficulty"],
                                                       p["table_log2"]))
        self.process.stdin.flush()
        nonces, cpu = self.process.stdout.readline().split()
        return [int(n) for n in nonces.split(",")], float(cpu)

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=20)


def answer_body(challenge, right, rng):
    target = challenge["answer"]["target"]
    x = target["x"] if right else target["x"] + rng.choice([-1, 1]) * rng.randint(20, 60)
    return {"x": x, "y": target["y"]}


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.minutes = {}

    def add(self, minute, **counts):
        with self.lock:
            row = self.minutes.setdefault(minute, {})
            for key, value in counts.items():
                if isinstance(value, tuple):
                    row.setdefault(key, []).extend(value)
                else:
                    row[key] = row.get(key, 0) + value


def bot(servers, solver, phase, seconds, tally, rng, stop):
    started = time.monotonic()
    turn = 0
    while time.monotonic() - started < seconds and not stop.is_set():
        minute = int((time.monotonic() - started) // 60)
        client = BOT_PREFIX.format(phase=phase, host=rng.randint(1, 254))
        issuer, verifier = servers[turn % 2], servers[(turn + 1) % 2]
        turn += 1
        status, challenge, headers = post(issuer.url + "/v1/challenges", {}, client)
        if status == 429:
            tally.add(minute, limited=1)
            time.sleep(int(headers.get("Retry-After", "1")))
            continue
        if status != 200:
            raise SystemExit("the bot's issue got %d %s" % (status, challenge))
        nonces, cpu = solver.solve(challenge["pow"])
        right = rng.random() < 0.97
        body = dict(answer_body(challenge, right, rng), pow={"nonces": nonces})
        status, verdict, headers = post(verifier.url + "/v1/challenges/%s/verify" % challenge["id"], body, client)
        if status == 429:
            tally.add(minute, limited=1, cpu=cpu)
            time.sleep(int(headers.get("Retry-After", "1")))
            continue
        passed = status == 200 and verdict.get("pass") is True
        tally.add(minute, passes=int(passed), fails=int(not passed), cpu=cpu, level_sum=challenge["pow"]["level"],
                  attempts=1)


def person(servers, solver, phase, seconds, every, tally, stop):
    started = time.monotonic()
    turn = 0
    rng = random.Random(7)
    while time.monotonic() - started < seconds and not stop.is_set():
        minute = int((time.monotonic() - started) // 60)
        issuer = servers[turn % 2]
        turn += 1
        status, challenge, _ = post(issuer.url + "/v1/challenges", {}, PERSON.format(phase=phase))
        if status != 200:
            tally.add(minute, person_refused=1)
        else:
            nonces, _ = solver.solve(challenge["pow"])
            body = dict(answer_body(challenge, True, rng), pow={"nonces": nonces})
            status, verdict, _ = post(servers[turn % 2].url + "/v1/challenges/%s/verify" % challenge["id"], body,
                                      PERSON.format(phase=phase))
            passed = status == 200 and verdict.get("pass") is True
            tally.add(minute, person_passes=int(passed), person_fails=int(not passed),
                      person_levels=(challenge["pow"]["level"],))
        stop.wait(every)


def run_phase(args, phase, name, extra):
    logs = os.path.join(args.logs, "phase%d" % phase)
    os.makedirs(logs, exist_ok=True)
    common = ["--store", args.store, "--kind", "slide", "--pool", "32", "--dev", "--trust-proxy", "127.0.0.1",
              "--rate-limit", "%d/min" % args.rate_limit, *extra]
    tally, stop = Tally(), threading.Event()
    seconds = args.minutes * 60
    # Whatever fails to start, everything started before it is stopped.
    with contextlib.ExitStack() as started:
        servers = [started.enter_context(ServeProcess(args.bin, common, os.path.join(logs, "serve%d.log" % i)))
                   for i in range(2)]
        bot_solver = Solver(args.native, os.cpu_count())
        started.callback(bot_solver.stop)
        person_solver = Solver(args.native, 1)
        started.callback(person_solver.stop)
        started.callback(stop.set)
        time.sleep(args.warmup)
        threads = [threading.Thread(target=bot, args=(servers, bot_solver, phase, seconds, tally,
                                                      random.Random(phase), stop)),
                   threading.Thread(target=person, args=(servers, person_solver, phase, seconds, args.person_every,
                                                         tally, stop))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    print("\n%s" % name)
    print("%-7s %7s %6s %8s %10s %12s   %s" % ("minute", "passes", "fails", "limited", "mean level", "cpu s/pass",
                                               "person: levels, passes/fails"))
    totals = {"passes": 0, "cpu": 0.0}
    for minute in sorted(tally.minutes):
        row = tally.minutes[minute]
        passes, attempts = row.get("passes", 0), row.get("attempts", 0)
        totals["passes"] += passes
        totals["cpu"] += row.get("cpu", 0.0)
        print("%-7d %7d %6d %8d %10s %12s   %s, %d/%d" % (
            minute + 1, passes, row.get("fails", 0), row.get("limited", 0),
            "%.1f" % (row.get("level_sum", 0) / attempts) if attempts else "-",
            "%.2f" % (row.get("cpu", 0.0) / passes) if passes else "-",
            list(row.get("person_levels", [])), row.get("person_passes", 0), row.get("person_fails", 0)))
    print("over %d min: %.1f bot passes per minute, %.2f CPU s of solving per pass" % (
        args.minutes, totals["passes"] / args.minutes, totals["cpu"] / max(totals["passes"], 1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--crowd", action="store_true", help="the CROWD scenario (a model; no server)")
    parser.add_argument("--seed", type=int, default=1, help="the CROWD scenario's random seed")
    parser.add_argument("--bin", help="captcha-gen (release), whose serve runs the instances")
    parser.add_argument("--native", help="tools/pow/pow_native")
    parser.add_argument("--store", help="postgres://… shared by both instances")
    parser.add_argument("--minutes", type=int, default=2, help="minutes per phase")
    parser.add_argument("--rate-limit", type=int, default=0, help="serve --rate-limit N/min (0: off)")
    parser.add_argument("--person-every", type=float, default=45.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds for the pools to fill first")
    parser.add_argument("--logs", default=".build/simulate-pow")
    args = parser.parse_args()
    if args.crowd:
        crowd_sim.run(args.seed)
        return 0
    if not (args.bin and args.native and args.store):
        parser.error("--bin, --native and --store are needed (or --crowd)")
    print("machine: %d cores, load average %s; bot: pow_native on every core, 97%% right; person: one thread" % (
        os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3])))
    run_phase(args, 1, "phase 1: levels held at 1 (the proof of work alone)", ["--levels", FLAT_LEVELS])
    run_phase(args, 2, "phase 2: default levels", [])


if __name__ == "__main__":
    sys.exit(main())

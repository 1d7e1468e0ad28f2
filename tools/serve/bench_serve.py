"""`make bench-serve`: how many challenges `captcha-gen serve` sustains and how fast it answers at
a fixed rate below that (a benchmark, not a test).

For each store (memory, then PostgreSQL from tools/pg/cluster.sh):
1. The sustained issue rate: after the pool (64) has run dry, 8 clients issue as fast as they can
   for --saturate seconds; the rate over the last part of that window is what the refill sustains.
   Beside it, in the same run and alternating with it, `captcha-gen batch --jobs N` makes the same
   look (the built-in background, default options) with and without fsync: the ratio to batch.
2. The open-loop runs (tools/serve/open_loop.py): issue and verify together at 50% and 80% of the
   sustained rate for --seconds each, from a schedule set before the run; p50/p99 of each, failures,
   the server's RSS (start, end, peak) and CPU, the generator's CPU.

The generator runs on the same machine as the server and shares its cores: its CPU share is
printed with each run.
"""
import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

from tools.serve import open_loop
from tools.serve.serve_process import ServeProcess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CLUSTER = os.path.join(ROOT, "tools", "pg", "cluster.sh")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
REFILL_NICENESS = 10  # Sources/CaptchaService/Pool/RefillThread.swift


def cores():
    return len(os.sched_getaffinity(0))


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def batch_rate(binary, jobs, count, fsync):
    """Challenges per second of `captcha-gen batch --jobs JOBS` (default look, built-in background),
    run 10 nicer than this process, like serve's refill threads (RefillThread.niceness), so that both
    compete alike with whatever else runs on the machine."""
    out = tempfile.mkdtemp(prefix="bench-serve-batch-")
    command = ["nice", "-n", str(REFILL_NICENESS), binary, "batch", "--count", str(count), "--jobs", str(jobs),
               "--out", out, "--quiet"]
    if not fsync:
        command.append("--no-fsync")
    try:
        started = time.monotonic()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return count / (time.monotonic() - started)
    finally:
        shutil.rmtree(out, ignore_errors=True)


class ProcessWatch:
    """Samples a process's RSS every `interval` seconds; its CPU time from /proc."""

    def __init__(self, pid, interval=1.0):
        self.pid, self.interval = pid, interval
        self.samples = []
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)

    def status(self, field):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024  # MiB
        return None

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def loop(self):
        while not self.stop_event.wait(self.interval):
            self.samples.append(self.status("VmRSS"))

    @property
    def rss_mid(self):
        return self.samples[len(self.samples) // 2] if self.samples else self.rss_start

    def __enter__(self):
        self.cpu_start = self.cpu_seconds()
        self.rss_start = self.status("VmRSS")
        self.started = time.monotonic()
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop_event.set()
        self.thread.join()
        self.rss_end = self.status("VmRSS")
        self.rss_peak = max([self.rss_start, self.rss_end, *self.samples])
        self.hwm = self.status("VmHWM")
        self.cpu_share = (self.cpu_seconds() - self.cpu_start) / (time.monotonic() - self.started)


async def saturate(server, seconds, clients=8, kind="slide"):
    """Issues with `clients` concurrent closed-loop clients for `seconds`; returns the refill rate
    over the second half of the window (the pool has run dry by then: every challenge issued was
    made meanwhile), the refill's seconds per challenge, and the failed requests."""
    url = server.url
    connections = open_loop.Connections(*url.rsplit("//", 1)[1].split(":"))
    connections.port = int(connections.port)
    done, failures = [], [0]
    end = time.monotonic() + seconds
    body = json.dumps({"kind": kind})

    async def client():
        while time.monotonic() < end:
            try:
                status, _ = await open_loop.request(connections, "POST", "/v1/challenges", body)
                if status == 200:
                    done.append(time.monotonic())
                else:
                    failures[0] += 1
            except Exception:  # noqa: BLE001 — counted
                failures[0] += 1

    async def meter():
        await asyncio.sleep(seconds / 2)
        return (time.monotonic(), server.metric("captcha_pool_refilled_total", kind),
                server.metric("captcha_pool_refill_seconds_total", kind))

    *_, (t0, made0, spent0) = await asyncio.gather(*(client() for _ in range(clients)), meter())
    t1, made1, spent1 = (time.monotonic(), server.metric("captcha_pool_refilled_total", kind),
                         server.metric("captcha_pool_refill_seconds_total", kind))
    connections.close()
    made = made1 - made0
    return made / (t1 - t0), (spent1 - spent0) / max(made, 1), failures[0]


def start_serve(binary, store, workers, log_path):
    # --pow off: the load generator does not solve proofs of work; their server cost (a check of
    # 18-45 us) is measured by `make bench-pow` (docs/proof-of-work.md).
    args = ["--kind", "slide", "--pool", "64", "--dev", "--pow", "off", "--log-format", "json", "--store", store]
    if workers:
        args += ["--workers", str(workers)]
    return ServeProcess(binary, args, log_path)


def route_latencies(log_path, offset):
    """p50 and p99 (ms) of the verify lines serve logged after byte `offset` of its log: the time
    inside the route, from the handler's start to its answer (no queueing before it)."""
    with open(log_path) as f:
        f.seek(offset)
        values = sorted(float(json.loads(line)["latency_ms"]) for line in f
                        if line.startswith("{") and '"message":"verify"' in line)
    if not values:
        return None, None
    return values[len(values) // 2], values[min(len(values) - 1, int(0.99 * len(values)))]


def measure_store(binary, store_name, store, args, jobs):
    log_path = os.path.join(args.work, f"serve-{store_name}.log")
    server = start_serve(binary, store, args.workers, log_path)
    result = {"store": store_name, "batch": [], "batch_no_fsync": [], "serve": []}
    try:
        server.wait_for_pool("slide", 64, 300)
        for _ in range(args.rounds):
            result["batch"].append(batch_rate(binary, jobs, args.batch_count, fsync=True))
            result["batch_no_fsync"].append(batch_rate(binary, jobs, args.batch_count, fsync=False))
            server.wait_for_pool("slide", 64, 300)
            with ProcessWatch(server.process.pid) as watch:
                rate, per_challenge, failures = asyncio.run(saturate(server, args.saturate))
            result["serve"].append(rate)
            result.setdefault("refill_seconds_per_challenge", []).append(per_challenge)
            result.setdefault("saturate_failures", 0)
            result["saturate_failures"] += failures
            result["saturate_server_cpu"] = watch.cpu_share
        # The machine's other work makes rounds differ: the slowest round is the rate kept.
        sustained = min(result["serve"])
        result["sustained"] = sustained
        result["runs"] = []
        # A fresh server for the open-loop runs: the saturation's unverified challenges would sit in
        # memory until they expire and leave the allocator's high-water mark behind.
        server.stop()
        log_path = os.path.join(args.work, f"serve-{store_name}-open-loop.log")
        server = start_serve(binary, store, args.workers, log_path)
        for share in args.shares:
            server.wait_for_pool("slide", 64, 300)
            offset = os.path.getsize(log_path)
            empty_before = server.metric("captcha_pool_empty_total", "slide") or 0
            print(f"  open loop at {share:.0%} of {sustained:.1f}/s for {args.seconds:.0f} s … ({uptime()})",
                  flush=True)
            with ProcessWatch(server.process.pid) as watch:
                figures = asyncio.run(open_loop.run(server.url, sustained * share, args.seconds, "slide"))
            figures.update(share=share, rss_start=watch.rss_start, rss_mid=watch.rss_mid, rss_end=watch.rss_end,
                           rss_peak=watch.rss_peak, rss_hwm=watch.hwm, server_cpu_share=watch.cpu_share,
                           pool_empty=(server.metric("captcha_pool_empty_total", "slide") or 0) - empty_before)
            server.log.flush()
            figures["route_p50_ms"], figures["route_p99_ms"] = route_latencies(log_path, offset)
            result["runs"].append(figures)
    finally:
        server.stop()
    return result


def print_report(results, args, jobs):
    nice = f", serve and generator at nice {args.nice}" if args.nice else ""
    print(f"\n== captcha-gen serve, open loop ({cores()} cores, generator on the same cores{nice}), "
          f"--pool 64, --workers {args.workers or 'default (' + str(cores()) + ')'}, kind slide, default look")
    for r in results:
        b, bn, s = statistics.median(r["batch"]), statistics.median(r["batch_no_fsync"]), r["sustained"]
        per = statistics.median(r["refill_seconds_per_challenge"]) * 1000
        print(f"\n-- store: {r['store']}")
        print(f"sustained issue rate (refill, pool dry; slowest round) {s:.1f}/s, rounds "
              f"{', '.join(f'{x:.1f}' for x in r['serve'])}; "
              f"{per:.0f} ms per challenge per worker; server CPU {r['saturate_server_cpu']:.2f} cores")
        print(f"batch --jobs {jobs} (nice +10 like the refill), same rounds: "
              f"{', '.join(f'{x:.1f}' for x in r['batch'])}/s (fsync), "
              f"{', '.join(f'{x:.1f}' for x in r['batch_no_fsync'])}/s (--no-fsync); "
              f"ratio of medians {statistics.median(r['serve']) / b:.2f}x / {statistics.median(r['serve']) / bn:.2f}x, "
              f"per round {', '.join(f'{x / y:.2f}' for x, y in zip(r['serve'], r['batch']))}x (goal >= 0.8x)")
        print(f"{'rate':>12}{'issue p50':>11}{'p99':>9}{'verify p50':>12}{'p99':>9}{'sent p99 i/v':>16}"
              f"{'failed':>7}{'passes':>7}{'RSS MiB 0/30/60 s':>19}{'srv CPU':>8}{'gen CPU':>8}{'lag p99':>9}")
        for run in r["runs"]:
            i, v = run["issue"], run["verify"]
            rss = f"{run['rss_start']:.0f}/{run['rss_mid']:.0f}/{run['rss_end']:.0f}"
            rate = f"{run['rate']:.1f}/s {run['share']:.0%}"
            print(f"{rate:>12}{i['p50_ms']:>9.1f}ms{i['p99_ms']:>7.1f}ms{v['p50_ms']:>10.1f}ms{v['p99_ms']:>7.1f}ms"
                  f"{i['sent_p99_ms']:>7.1f}/{v['sent_p99_ms']:.1f}ms"
                  f"{i['failed'] + v['failed'] + run['unanswered']:>7}{run['passes']:>7}{rss:>19}"
                  f"{run['server_cpu_share']:>8.2f}{run['generator_cpu_share']:>8.3f}{run['send_lag_p99_ms']:>7.1f}ms")
        for run in r["runs"]:
            ok = run["issue"]["p99_ms"] <= 20 and run["verify"]["p99_ms"] <= 20
            errors = run["issue"]["failed"] + run["verify"]["failed"] + run["unanswered"]
            print(f"  at {run['share']:.0%}: p99 <= 20 ms {'met' if ok else 'NOT met'}; errors {errors}; "
                  f"verify inside the route p50/p99 {run['route_p50_ms']:.2f}/{run['route_p99_ms']:.2f} ms; "
                  f"pool ran dry {run['pool_empty']:.0f} times; peak RSS {run['rss_hwm']:.0f} MiB (VmHWM); "
                  f"{run['connections_opened']} connections opened; "
                  f"first error: {run['issue']['first_error'] or run['verify']['first_error']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="captcha-gen (release build)")
    parser.add_argument("--seconds", type=float, default=60, help="length of each open-loop run")
    parser.add_argument("--saturate", type=float, default=16, help="length of each saturation run")
    parser.add_argument("--rounds", type=int, default=3, help="batch/serve saturation rounds, alternating")
    parser.add_argument("--batch-count", type=int, default=300)
    parser.add_argument("--workers", type=int, help="serve --workers (default: serve's own default)")
    parser.add_argument("--shares", type=float, nargs="+", default=[0.5, 0.8])
    parser.add_argument("--stores", nargs="+", default=["memory", "postgres"])
    parser.add_argument("--json", default=".build/bench-serve.json")
    parser.add_argument("--nice", type=int, default=0,
                        help="run serve and the generator at this nice value (e.g. -10: ahead of the machine's "
                             "other work; the refill and batch run 10 nicer than that)")
    args = parser.parse_args()
    if args.nice:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)
    jobs = args.workers or cores()
    args.work = tempfile.mkdtemp(prefix="bench-serve-")
    print("load at the start:", uptime(), flush=True)
    results = []
    for store_name in args.stores:
        print(f"== store {store_name}", flush=True)
        if store_name == "postgres":
            subprocess.run([CLUSTER, "stop"], check=True)
            url = subprocess.run([CLUSTER, "start"], check=True, capture_output=True, text=True).stdout.strip()
            try:
                results.append(measure_store(args.bin, "postgres", url + "?sslmode=disable", args, jobs))
            finally:
                subprocess.run([CLUSTER, "stop"], check=True)
        else:
            results.append(measure_store(args.bin, "memory", "memory", args, jobs))
    print_report(results, args, jobs)
    print("load at the end:", uptime())
    os.makedirs(os.path.dirname(args.json) or ".", exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(results, f, indent=2)
    print(f"figures: {args.json}; serve logs: {args.work}")


if __name__ == "__main__":
    main()

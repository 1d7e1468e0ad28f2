"""`make bench-pow`: what the proof of work costs a person's browser and a bot's native code.

Prints figures, asserts nothing. Per level: the widget's solver (pow-worker.js) in a Web Worker in
headless Chromium against tools/pow/pow_native (C, every core, 2 MiB pages, AVX-512 gathers), each
on fresh random salts, interleaved level by level. Then the same for plain SHA-256 hashcash (the
baseline: JavaScript as fast as we could write it, against the SHA extensions on every core), and
the server's cost to check one solution.

Times are wall-clock (median, p90) and CPU seconds, and CPU nanoseconds per walk step (per hash
for SHA-256) over every try, which the luck of the draw does not move (the browser's processes from /proc; the native
solver's own clock). On a machine shared with other work the wall times stretch but the CPU times
mostly do not, so the bot's advantage is given both ways:
  per core  = browser CPU ns per step / native CPU ns per step
  per solve = browser wall s per solve (one worker) / native wall s per solve (every core)

    python -m tools.pow.bench_pow --native .build/pow/pow_native [--levels 1,2,3] [--challenges 9]
"""

import argparse
import json
import os
import random
import statistics
import subprocess

from tools.pow.pow_browser import PowPage

TABLE_LOG2, STEPS, PUZZLES = 24, 64, 16
BASE_DIFFICULTY = 1 << 14  # PowSettings.defaultBaseDifficulty
SHA256_DIFFICULTY = 1 << 17


def p90(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def summary(wall, cpu, ns_per_step):
    return {"wall_median": statistics.median(wall), "wall_p90": p90(wall), "cpu_median": statistics.median(cpu),
            "cpu_p90": p90(cpu), "ns_per_step": ns_per_step}


def random_salt(rng):
    return "".join("%02x" % rng.randrange(256) for _ in range(16))


def browser_walks(page, difficulty, count, rng):
    wall, cpu, steps = [], [], 0
    for _ in range(count):
        pow_object = {"algorithm": "table-walk-v1", "level": 1, "salt": random_salt(rng), "puzzles": PUZZLES,
                      "steps": STEPS, "difficulty": difficulty, "table_log2": TABLE_LOG2}
        before = page.chromium_cpu_seconds()
        answer = page.call("powWorker", {"type": "solve", "pow": pow_object})
        cpu.append(page.chromium_cpu_seconds() - before)
        assert answer["type"] == "solved", answer
        wall.append(answer["ms"] / 1000)
        steps += sum((nonce // 16 + 1) * 16 for nonce in answer["nonces"]) * STEPS  # 16 walks at a time
    return summary(wall, cpu, sum(cpu) * 1e9 / steps)


def browser_sha256(page, difficulty, count, rng):
    wall, cpu, hashes = [], [], 0
    for _ in range(count):
        salt = [rng.randrange(256) for _ in range(16)]
        before = page.chromium_cpu_seconds()
        answer = page.call("hashcashWorker", {"salt": salt, "puzzles": PUZZLES, "difficulty": difficulty})
        cpu.append(page.chromium_cpu_seconds() - before)
        wall.append(answer["ms"] / 1000)
        hashes += sum(nonce + 1 for nonce in answer["nonces"])
    return summary(wall, cpu, sum(cpu) * 1e9 / hashes)


def native(binary, mode, difficulty, count, extra=()):
    out = subprocess.run([binary, mode, "--difficulty", str(difficulty), "--challenges", str(count),
                          "--puzzles", str(PUZZLES), *extra], check=True, capture_output=True, text=True).stdout
    result = json.loads(out)
    return summary(result["seconds"], result["cpu_seconds"], result["cpu_ns_per_step"])


def table_build(page):
    """Wall and CPU seconds of the worker's first solve, which builds the table (difficulty 1)."""
    tiny = {"algorithm": "table-walk-v1", "level": 1, "salt": "00" * 16, "puzzles": 1, "steps": STEPS,
            "difficulty": 1, "table_log2": TABLE_LOG2}
    before = page.chromium_cpu_seconds()
    answer = page.call("powWorker", {"type": "solve", "pow": tiny})
    return answer["ms"] / 1000, page.chromium_cpu_seconds() - before


def row(name, browser, bot):
    per_core = browser["ns_per_step"] / bot["ns_per_step"]
    per_solve = browser["wall_median"] / bot["wall_median"]
    print("%-26s %6.2f %6.2f %6.2f %6.2f %5.1f   %6.3f %6.3f %6.3f %6.3f %5.1f   %5.2fx %5.2fx" % (
        name, browser["wall_median"], browser["wall_p90"], browser["cpu_median"], browser["cpu_p90"],
        browser["ns_per_step"], bot["wall_median"], bot["wall_p90"], bot["cpu_median"], bot["cpu_p90"],
        bot["ns_per_step"], per_core, per_solve))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--native", required=True, help="tools/pow/pow_native.c built with -O3 -march=native")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--levels", default="1,2,3")
    parser.add_argument("--challenges", type=int, default=9, help="challenges per level and side")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cores = os.cpu_count()
    page = PowPage(args.chromium, args.chromedriver)
    try:
        build_wall, build_cpu = table_build(page)
        print("machine: %d cores, load average %s" % (cores, " ".join(open("/proc/loadavg").read().split()[:3])))
        print("widget: one Web Worker in headless Chromium; bot: pow_native, %d threads, AVX-512 gathers" % cores)
        print("table (64 MiB) built once per page: %.3f s wall, %.3f s CPU in the browser" % (build_wall, build_cpu))
        print("challenge: %d puzzles, %d steps, table 2^%d words; %d challenges per row" % (
            PUZZLES, STEPS, TABLE_LOG2, args.challenges))
        print()
        print("%-26s %-33s   %-33s   %s" % ("", "browser (one Web Worker)", "native (every core)", "bot advantage"))
        print("%-26s %-33s   %-33s   %s" % ("", "wall s     cpu s      cpu ns", "wall s        cpu s        cpu ns",
                                           "per    per"))
        print("%-26s %-33s   %-33s   %s" % ("", "med   p90  med   p90  /step", "med    p90    med    p90   /step",
                                           "core   solve"))
        for level in [int(v) for v in args.levels.split(",")]:
            difficulty = BASE_DIFFICULTY << (level - 1)
            browser = browser_walks(page, difficulty, args.challenges, rng)
            bot = native(args.native, "walk", difficulty, args.challenges, ["--gather", "--lanes", "64"])
            row("table-walk level %d" % level, browser, bot)
        browser = browser_sha256(page, SHA256_DIFFICULTY, args.challenges, rng)
        bot = native(args.native, "sha256", SHA256_DIFFICULTY, args.challenges)
        row("sha256 hashcash (baseline)", browser, bot)
    finally:
        page.close()
    verify = json.loads(subprocess.run([args.native, "verify", "--challenges", "2000"], check=True,
                                       capture_output=True, text=True).stdout)
    print()
    print("server: %.1f us of CPU to check one %d-puzzle solution (the C serve runs, table lines cold)" % (
        verify["us_per_verify"], PUZZLES))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare two captcha-bench binaries side by side: runs them alternately (A, B, A, B, ...) on
one benchmark group and prints, per case, the median over runs of each binary's median, and the
ratio B/A. Alternating keeps both exposed to the same machine load.

    python3 -m tools.bench.ab OLD_BENCH NEW_BENCH [--group raster] [--runs 7] [--only TEXT]

Typical use: build the baseline commit's captcha-bench in a separate checkout
(`git worktree add /tmp/base <commit>` then `swift build -c release --product captcha-bench`),
build this checkout's, and pass both. `--only` sets CAPTCHA_BENCH_ONLY (cases whose label
contains TEXT). Prefix with `nice -n 10` on a shared machine.
"""

import argparse
import os
import re
import statistics
import subprocess

LINE = re.compile(r"^\s+(?P<label>.+?): median (?P<median>[0-9.]+) us")


def run_once(binary, group, only):
    """The median per case printed by one run of `binary group`."""
    env = dict(os.environ)
    if only:
        env["CAPTCHA_BENCH_ONLY"] = only
    out = subprocess.run(
        [binary, group], env=env, check=True, capture_output=True, text=True
    ).stdout
    found = {}
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            found[m.group("label")] = float(m.group("median"))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="baseline captcha-bench binary")
    parser.add_argument("b", help="captcha-bench binary to compare")
    parser.add_argument("--group", default="raster")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()

    medians = {"a": {}, "b": {}}
    order = []
    for _ in range(args.runs):
        for side, binary in (("a", args.a), ("b", args.b)):
            for label, value in run_once(binary, args.group, args.only).items():
                if label not in order:
                    order.append(label)
                medians[side].setdefault(label, []).append(value)

    print(f"A = {args.a}\nB = {args.b}\n{args.runs} alternating runs; median of per-run medians (us)")
    print(f"{'case':<78} {'A':>9} {'B':>9} {'B/A':>6}")
    for label in order:
        a = medians["a"].get(label)
        b = medians["b"].get(label)
        if not a or not b:
            continue
        ma = statistics.median(a)
        mb = statistics.median(b)
        print(f"{label[:78]:<78} {ma:>9.1f} {mb:>9.1f} {mb / ma:>6.2f}")


if __name__ == "__main__":
    main()

"""The native solver (tools/pow/pow_native.c) against Fixtures/pow-vectors.json: for every case,
`pow_native solve` must find the fixture's first solving nonces, with its scalar walks and, where
the CPU has AVX-512, with its gathers. The attack simulation and the benchmarks trust this solver's
figures; this is what keeps it the same function as the server's and the widget's.

    python3 -m tools.pow.native_selfcheck --native .build/pow/pow_native      (make check-pow-native)
"""

import argparse
import json
import os
import subprocess
import sys

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "pow-vectors.json")


def has_avx512():
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            return " avx512f" in cpuinfo.read()
    except OSError:
        return False


def solve(native, cases, extra):
    lines = "".join(
        f"{c['pow']['salt']} {c['pow']['puzzles']} {c['pow']['steps']} {c['pow']['difficulty']} {c['pow']['table_log2']}\n"
        for c in cases)
    done = subprocess.run([native, "solve", *extra], input=lines, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        sys.exit(f"{native} solve {' '.join(extra)} exited {done.returncode}: {done.stderr.strip()}")
    return [[int(n) for n in line.split()[0].split(",")] for line in done.stdout.splitlines()]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--native", required=True, help="the pow_native binary")
    args = parser.parse_args()
    with open(FIXTURE) as file:
        cases = json.load(file)["cases"]
    variants = [("scalar", [])] + ([("gather", ["--gather"])] if has_avx512() else [])
    passed = failed = 0
    for name, extra in variants:
        for case, nonces in zip(cases, solve(args.native, cases, extra), strict=True):
            if nonces == case["first_solving_nonces"]:
                passed += 1
                print(f"ok: {name}: {case['name']}")
            else:
                failed += 1
                print(f"FAIL: {name}: {case['name']}: got {nonces}, the fixture says {case['first_solving_nonces']}")
    if len(variants) == 1:
        print("note: this CPU has no AVX-512; the gather solver was not checked")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Every kind's attack evaluation on its default look, one table (`make attack-eval`).

    python3 -m tools.attacks.evaluate_all --bin .build/release/captcha-gen --photos ../shared/photos \
        [--seeds 10] [--solvers .venv-solvers/bin/python] [--models .build/attack-models] \
        [--out .build/attack-eval-all] [--pattern-arg=--lengths --pattern-arg=4]

Runs evaluate.py (slide, the default look), rotate_evaluate.py (rotate) and pattern_evaluate.py
(pattern), each on `--seeds` captchas per TEST photo and as many on the built-in
background's test seeds (split.py); each prints its own table as it goes and writes JSON under
`--out`. The final table has one row per (kind, attack): the share of captchas solved on the test
photos and on the built-in background. For slide that is the better of the raw guess and the guess
with an offset fitted on the other half of the captchas (evaluate.py's "fit"); rotate and pattern
have no offsets. `goal` marks rows above 10% (the bar every cheap attack must stay under). Exit status: 0
after the table, 2 when an evaluator fails.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

GOAL = 0.10


def run(cmd: list[str]) -> None:
    print("$ " + " ".join(cmd), flush=True)
    if subprocess.run(cmd).returncode != 0:
        raise SystemExit(f"evaluate_all: `{cmd[1]}` failed")


def slide_rows(path: Path) -> list[dict]:
    data = json.loads(path.read_text())
    rows = []
    for look, result in data["looks"].items():
        subsets = result["subsets"]
        names = list(next(iter(subsets.values()))["attacks"])
        for name in names:
            cells = {sub: max(r["attacks"][name]["raw"], r["attacks"][name]["fitted"]) for sub, r in subsets.items()}
            rows.append({"kind": f"slide ({look})", "attack": name,
                         "class": data["descriptions"][name]["class"], **cells})
        rows.append({"kind": f"slide ({look})", "attack": "chance", "class": "",
                     **{sub: r["chance"] for sub, r in subsets.items()}})
    return rows


def rotate_rows(path: Path) -> list[dict]:
    data = json.loads(path.read_text())
    subsets = data["subsets"]
    names = list(next(iter(subsets.values()))["attacks"])
    rows = [{"kind": "rotate", "attack": n, "class": data.get("classes", {}).get(n, ""),
             **{sub: r["attacks"][n]["success"] for sub, r in subsets.items()}} for n in names]
    rows.append({"kind": "rotate", "attack": "chance", "class": "", **{sub: r["chance"] for sub, r in subsets.items()}})
    return rows


def pattern_rows(path: Path) -> list[dict]:
    """pattern_evaluate.py's JSON: {"results": {column: {attack: {"photos": rate, "built-in": rate}}}}."""
    data = json.loads(path.read_text())
    rows = []
    for column, attacks in data["results"].items():
        for name, r in attacks.items():
            rows.append({"kind": f"pattern ({column})", "attack": name, "class": "",
                         "photos": r.get("photos"), "built-in": r.get("built-in")})
    return rows


def pct(v) -> str:
    return "—" if v is None or v != v else f"{100 * v:.1f}%"


def print_table(rows: list[dict]) -> None:
    kw = max(len(r["kind"]) for r in rows) + 2
    aw = max(len(r["attack"]) for r in rows) + 2
    print(f"{'kind':<{kw}}{'attack':<{aw}}{'class':<7}{'test photos':>12}{'built-in':>10}  goal ≤ 10%")
    print("-" * (kw + aw + 7 + 12 + 10 + 12))
    for r in rows:
        worst = max((v for v in (r.get("photos"), r.get("built-in")) if v is not None), default=0)
        mark = "" if r["attack"] in ("chance", "blind") else ("met" if worst <= GOAL else "NOT MET")
        print(f"{r['kind']:<{kw}}{r['attack']:<{aw}}{r['class']:<7}{pct(r.get('photos')):>12}"
              f"{pct(r.get('built-in')):>10}  {mark}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--seeds", type=int, default=10, help="captchas per TEST photo, and 3× that on the built-in "
                    "background, per kind (default 10)")
    ap.add_argument("--solvers", help="python of the PyPI solvers' venv (make solver-venv)")
    ap.add_argument("--models", help="folder of trained learned attackers (make attack-train)")
    ap.add_argument("--out", default=".build/attack-eval-all")
    ap.add_argument("--pattern-arg", action="append", default=[], help="extra argument for pattern_evaluate.py")
    args = ap.parse_args(argv)
    out = Path(args.out)
    py = sys.executable
    common = ["--bin", args.bin, "--photos", args.photos, "--seeds", str(args.seeds)]
    solvers = ["--solvers", args.solvers] if args.solvers else []
    models = ["--models", args.models] if args.models else []

    run([py, "-m", "tools.attacks.evaluate", *common, "--looks", "normal", *solvers, *models,
         "--work", str(out / "slide"), "--json", str(out / "slide.json")])
    rows = slide_rows(out / "slide.json")
    run([py, "-m", "tools.attacks.rotate_evaluate", *common, *solvers, *models,
         "--work", str(out / "rotate"), "--json", str(out / "rotate.json")])
    rows += rotate_rows(out / "rotate.json")
    run([py, "-m", "tools.attacks.pattern_evaluate", "--bin", args.bin, "--photos", args.photos, *models,
         "--work", str(out / "pattern"), "--json", str(out / "pattern.json"), *args.pattern_arg])
    rows += pattern_rows(out / "pattern.json")
    if not args.solvers:
        print("evaluate_all: no --solvers: the PyPI solvers are not in the table (make solver-venv)")
    print()
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())

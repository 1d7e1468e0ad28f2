"""Compare `captcha-gen make --check` (the built-in Swift self-attack) with this suite's Python attacks.

    python -m tools.attacks.crosscheck --bin .build/debug/captcha-gen --photos ../shared/photos \
        --seeds 5 [--make-arg=--mode --make-arg=free]

For every photo and seed it runs `make --image PHOTO --seed N --size 320x160 --check --json`, reads the
Swift attacks' guesses from the printed JSON, runs the Python attack of the same name on the written
files, and prints how often the two guesses are identical, within 1 px, and agree on cracked/not
cracked. Exit status 0 after printing, 2 on a generation error.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import zlib
from pathlib import Path

import cv2

from tools.attacks.attacks import ATTACKS
from tools.attacks.hole_attacks import HOLE_ATTACKS


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--size", default="320x160")
    ap.add_argument("--work", default=".build/crosscheck")
    ap.add_argument("--make-arg", action="append", default=[])
    args = ap.parse_args()

    photos = sorted(p for p in Path(args.photos).iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    stats: dict[str, dict[str, int]] = {}
    for photo in photos:
        base = (zlib.crc32(photo.stem.encode()) % 100_000) * 1000
        for k in range(args.seeds):
            seed = base + 1 + k
            out = Path(args.work) / photo.stem / f"seed{seed}"
            cmd = [args.bin, "make", "--image", str(photo), "--out", str(out), "--seed", str(seed),
                   "--size", args.size, "--check", "--json", *args.make_arg]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"crosscheck: `{' '.join(cmd)}` failed: {run.stderr.strip()}", file=sys.stderr)
                return 2
            answer = json.loads(run.stdout)
            bg = cv2.imread(str(out / answer["background"]["file"]), cv2.IMREAD_UNCHANGED)
            piece = cv2.imread(str(out / answer["piece"]["file"]), cv2.IMREAD_UNCHANGED)
            start = (answer["start"]["x"], answer["start"]["y"])
            tx, ty, tol = answer["target"]["x"], answer["target"]["y"], answer["tolerance"]
            for verdict in answer["check"]["attacks"]:
                name = verdict["name"]
                _, attack, _ = {**ATTACKS, **HOLE_ATTACKS}[name]
                py = attack(bg, piece, answer["mode"], start)
                sw = (verdict["guess"]["x"], verdict["guess"]["y"]) if verdict["guess"] else None
                py_cracked = py is not None and abs(py[0] - tx) <= tol and (
                    answer["mode"] == "horizontal" or abs(py[1] - ty) <= tol)
                s = stats.setdefault(name, {"n": 0, "same": 0, "near": 0, "crack_agree": 0, "py": 0, "sw": 0})
                s["n"] += 1
                s["same"] += sw == py
                s["near"] += sw is not None and py is not None and max(abs(sw[0] - py[0]), abs(sw[1] - py[1])) <= 1
                s["crack_agree"] += verdict["cracked"] == py_cracked
                s["py"] += py_cracked
                s["sw"] += verdict["cracked"]
                if sw != py:
                    print(f"  {photo.stem} seed {seed} {name}: swift {sw} (rank {verdict['rank']}), python {py}, target ({tx}, {ty})")
    for name, s in stats.items():
        n = s["n"]
        print(f"{name:12s} n={n:3d}  same guess {s['same']}/{n}  within 1 px {s['near']}/{n}  "
              f"same verdict {s['crack_agree']}/{n}  cracked: swift {s['sw']}, python {s['py']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

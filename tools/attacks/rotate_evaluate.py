"""Make rotate captchas from the fixed photo split, run the rotate attacks, print success rates.

    python tools/attacks/rotate_evaluate.py --bin .build/release/captcha-gen --photos ../shared/photos \
        [--set test] [--seeds 20] [--models .build/attack-models] [--make-arg=--steps --make-arg=8] \
        [--json results.json]

A guess passes as `verify --angle` would judge it: circular distance to `angle` within `tolerance`,
or, for a stepped answer (`--steps N`), snapping to the target's stop. Chance: (2·tolerance + 1) /
301 for whole-degree guesses (the angle is a whole degree in 30…330), about 1 / (stops 30° or
more from upright) when stepped. Exit status 0 after the table, 2 on a usage or generation error.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rotate_attacks import ROTATE_ATTACKS, circular_distance  # noqa: E402
from split import TEST_PHOTOS, TRAIN_PHOTOS  # noqa: E402


def passes(answer: dict, guess: float | None) -> bool:
    if guess is None:
        return False
    steps = answer.get("steps")
    if steps:
        near = min(range(steps["count"]), key=lambda i: circular_distance(guess, steps["positions"][i]))
        return near == steps["index"]
    return circular_distance(guess, answer["angle"]) <= answer["tolerance"]


def chance(answer: dict) -> float:
    steps = answer.get("steps")
    if steps:
        eligible = [p for p in steps["positions"] if 30 <= p <= 330]
        return 1 / len(eligible)
    return (2 * answer["tolerance"] + 1) / 301


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--set", choices=["test", "train"], default="test")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--size", default="320x160")
    ap.add_argument("--work", default=".build/attack-eval-rotate")
    ap.add_argument("--models", help="folder with rotnet.pt (rotnet.py train --out)")
    ap.add_argument("--make-arg", action="append", default=[])
    ap.add_argument("--json")
    args = ap.parse_args(argv)

    stems = TEST_PHOTOS if args.set == "test" else TRAIN_PHOTOS
    photos = [next(iter(Path(args.photos).glob(s + ".*")), None) for s in stems]
    if not all(photos):
        print(f"rotate_evaluate: missing {args.set} photos in {args.photos}", file=sys.stderr)
        return 2
    attacks = {name: fn for name, (_, fn, _) in ROTATE_ATTACKS.items()}
    if args.models and (Path(args.models) / "rotnet.pt").exists():
        from rotnet import RotNetAttack

        attacks["rotnet"] = RotNetAttack(Path(args.models) / "rotnet.pt")
    results = {name: [] for name in attacks}
    errors = {name: [] for name in attacks}
    chances = []
    for photo in photos:
        base = (zlib.crc32(photo.stem.encode()) % 100_000) * 1000
        for k in range(args.seeds):
            seed = base + 1 + k
            out = Path(args.work) / photo.stem / f"seed{seed}"
            cmd = [args.bin, "make", "--kind", "rotate", "--image", str(photo), "--out", str(out), "--seed", str(seed),
                   "--size", args.size, *args.make_arg]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"rotate_evaluate: `{' '.join(cmd)}` failed: {run.stderr.strip()}", file=sys.stderr)
                return 2
            answer = json.loads((out / "answer.json").read_text())
            bg = cv2.imread(str(out / answer["background"]["file"]), cv2.IMREAD_UNCHANGED)
            piece = cv2.imread(str(out / "piece.png"), cv2.IMREAD_UNCHANGED)
            center = (answer["center"]["x"], answer["center"]["y"])
            chances.append(chance(answer))
            for name, fn in attacks.items():
                g = fn(bg, piece, center)
                results[name].append(passes(answer, g))
                errors[name].append(circular_distance(g, answer["angle"]) if g is not None else 180.0)
    n = len(chances)
    print(f"{args.set} photos: {', '.join(p.stem for p in photos)}; {n} rotate captchas, size {args.size}, "
          f"make args {args.make_arg or 'none'}")
    print(f"{'attack':<12} {'success':>8} {'median err':>11} {'mean err':>9}")
    table = {}
    for name in attacks:
        rate = sum(results[name]) / n
        med = float(np.median(errors[name]))
        mean = float(np.mean(errors[name]))
        table[name] = {"success": rate, "median_error": med, "mean_error": mean}
        print(f"{name:<12} {100 * rate:7.1f}% {med:10.1f}° {mean:8.1f}°")
    print(f"{'chance':<12} {100 * float(np.mean(chances)):7.1f}%")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"set": args.set, "captchas": n, "make_args": args.make_arg,
                                               "attacks": table, "chance": float(np.mean(chances))}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

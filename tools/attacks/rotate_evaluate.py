"""Make rotate captchas from the fixed photo split, run the rotate attacks, print success rates.

    python -m tools.attacks.rotate_evaluate --bin .build/release/captcha-gen --photos ../shared/photos \
        [--set test] [--seeds 20] [--builtin 60] [--models .build/attack-models] \
        [--solvers .venv-solvers/bin/python] [--make-arg=--steps --make-arg=8] [--json results.json]

Captchas come from the set's photos (split.py) and from the built-in background with the set's seeds
(split.BUILTIN_SEEDS); each source is its own column. `--solvers PYTHON` adds the PyPI rotate solver
(pypi_solvers.py, run by that interpreter: `make solver-venv`).

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

from tools.attacks.rotate_attacks import ROTATE_ATTACKS, circular_distance
from tools.attacks.evaluate import solver_guesses
from tools.attacks.split import BUILTIN, BUILTIN_SEEDS, TEST_PHOTOS, TRAIN_PHOTOS


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


def make(args, photo: Path | None, seed: int) -> Path:
    """One rotate captcha from `photo` (None: the built-in background) with `seed`."""
    out = Path(args.work) / (photo.stem if photo is not None else BUILTIN) / f"seed{seed}"
    source = ["--image", str(photo)] if photo is not None else []
    cmd = [args.bin, "make", "--kind", "rotate", *source, "--out", str(out), "--seed", str(seed),
           "--size", args.size, *args.make_arg]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"rotate_evaluate: `{' '.join(cmd)}` failed: {run.stderr.strip()}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--set", choices=["test", "train"], default="test")
    ap.add_argument("--seeds", type=int, default=20, help="captchas per photo (default 20)")
    ap.add_argument("--builtin", type=int, help="captchas on the built-in background (default: as many as from "
                    "the photos; 0: none)")
    ap.add_argument("--size", default="320x160")
    ap.add_argument("--work", default=".build/attack-eval-rotate")
    ap.add_argument("--models", help="folder with rotnet.pt (rotnet.py train --out)")
    ap.add_argument("--solvers", help="python of the PyPI solvers' venv (make solver-venv)")
    ap.add_argument("--make-arg", action="append", default=[])
    ap.add_argument("--json")
    args = ap.parse_args(argv)

    stems = TEST_PHOTOS if args.set == "test" else TRAIN_PHOTOS
    photos = [next(iter(Path(args.photos).glob(s + ".*")), None) for s in stems]
    if not all(photos):
        print(f"rotate_evaluate: missing {args.set} photos in {args.photos}", file=sys.stderr)
        return 2
    builtin = len(photos) * args.seeds if args.builtin is None else args.builtin
    attacks = {name: fn for name, (_, fn, _) in ROTATE_ATTACKS.items()}
    classes = {name: cls for name, (cls, _, _) in ROTATE_ATTACKS.items()}
    if args.models and (Path(args.models) / "rotnet.pt").exists():
        from tools.attacks.rotnet import RotNetAttack

        attacks["rotnet"] = RotNetAttack(Path(args.models) / "rotnet.pt")
        classes["rotnet"] = "learned"
    folders = []
    for photo in photos:
        base = (zlib.crc32(photo.stem.encode()) % 100_000) * 1000
        folders += [make(args, photo, base + 1 + k) for k in range(args.seeds)]
    folders += [make(args, None, BUILTIN_SEEDS[args.set] + 1 + k) for k in range(builtin)]

    answers = [json.loads((f / "answer.json").read_text()) for f in folders]
    guesses = {name: [] for name in attacks}
    for folder, answer in zip(folders, answers):
        bg = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_UNCHANGED)
        piece = cv2.imread(str(folder / "piece.png"), cv2.IMREAD_UNCHANGED)
        center = (answer["center"]["x"], answer["center"]["y"])
        for name, fn in attacks.items():
            guesses[name].append(fn(bg, piece, center))
    if args.solvers:
        for name, (_, found) in solver_guesses(args.solvers, "rotate", folders).items():
            guesses[name] = found
            classes[name] = "pypi"

    subsets = {"photos": [k for k, f in enumerate(folders) if f.parent.name != BUILTIN],
               BUILTIN: [k for k, f in enumerate(folders) if f.parent.name == BUILTIN]}
    subsets = {name: ks for name, ks in subsets.items() if ks}
    table = {sub: summarise(answers, guesses, ks) for sub, ks in subsets.items()}
    print(f"{args.set} photos: {', '.join(p.stem for p in photos)} ({args.seeds} each); built-in background: "
          f"{builtin} (seeds {BUILTIN_SEEDS[args.set] + 1}…); rotate captchas, size {args.size}, "
          f"make args {args.make_arg or 'none'}")
    print(f"{'':<23}" + "".join(f"{sub + f' ({len(ks)})':>31}" for sub, ks in subsets.items()))
    print(f"{'attack':<15}{'class':<8}" + "".join(f"{'success':>10}{'median err':>11}{'mean err':>10}" for _ in subsets))
    for name in guesses:
        cells = [table[sub]["attacks"][name] for sub in subsets]
        print(f"{name:<15}{classes[name]:<8}" + "".join(
            f"{100 * c['success']:9.1f}%{c['median_error']:10.1f}°{c['mean_error']:9.1f}°" for c in cells))
    print(f"{'chance':<23}" + "".join(f"{100 * table[sub]['chance']:9.1f}%{'':>21}" for sub in subsets))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"set": args.set, "make_args": args.make_arg, "classes": classes, "subsets": table},
                                              indent=1) + "\n")
    return 0


def summarise(answers: list[dict], guesses: dict, chosen: list[int]) -> dict:
    """Per attack: success rate, median and mean circular error (no guess: 180°) over `chosen`."""
    out = {}
    for name, found in guesses.items():
        errors = [circular_distance(found[k], answers[k]["angle"]) if found[k] is not None else 180.0 for k in chosen]
        out[name] = {"success": sum(passes(answers[k], found[k]) for k in chosen) / len(chosen),
                     "median_error": float(np.median(errors)), "mean_error": float(np.mean(errors))}
    return {"captchas": len(chosen), "attacks": out, "chance": float(np.mean([chance(answers[k]) for k in chosen]))}


if __name__ == "__main__":
    sys.exit(main())

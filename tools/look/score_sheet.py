"""Score a person's blind answers to a contact sheet (contact_sheet.py) against its answers file.

    python -m tools.look.score_sheet --answers .build/sheet-answers.json --guesses guesses.json

`guesses.json` maps the captcha number to the person's answer; a missing number is "cannot tell".
Slide: the x the piece goes to (piece's left edge, background pixels), e.g. {"1": 95, "2": 100}; a
guess counts as right when the hole nearest to it (target or decoy, by left edge) is the target: it
scores the choice of hole, not the hand's precision. Rotate (answers made with `--kind rotate`):
where the picture's top points now, in degrees clockwise from 12 o'clock on the cell's dial, e.g.
{"1": 120}; the turn that makes it upright is 360 minus that, and it counts as right when
`verify` would pass it (within the answer's tolerance); the share within 15° and 45° is printed
too. Prints each captcha and the total.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", required=True)
    ap.add_argument("--guesses", required=True)
    args = ap.parse_args(argv)
    answers = json.loads(Path(args.answers).read_text())
    guesses = json.loads(Path(args.guesses).read_text())
    if answers and answers[0].get("kind") == "rotate":
        return score_rotate(answers, guesses)
    right = 0
    for a in answers:
        holes = [("target", a["target"]["x"])] + [("decoy", d["x"]) for d in a["decoys"]]
        g = guesses.get(str(a["index"]))
        if g is None:
            verdict = "no answer"
        else:
            kind, _ = min(holes, key=lambda h: abs(h[1] - g))
            verdict = "right" if kind == "target" else "wrong"
            right += kind == "target"
        xs = ", ".join(f"{k[0]}{x}" for k, x in sorted(holes, key=lambda h: h[1]))
        print(f"#{a['index']:2d} {a['photo']:18s} guess {g!s:>4s}  holes {xs:40s} {verdict}")
    print(f"{right}/{len(answers)} right ({100 * right / len(answers):.0f}%), "
          f"chance about {100 * sum(1 / (1 + len(a['decoys'])) for a in answers) / len(answers):.0f}%")
    return 0


def circular_distance(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def score_rotate(answers: list, guesses: dict) -> int:
    right = near = about = 0
    for a in answers:
        g = guesses.get(str(a["index"]))
        if g is None:
            verdict, err = "no answer", None
        else:
            turn = (360 - float(g)) % 360
            err = circular_distance(turn, a["angle"])
            verdict = "right" if err <= a["tolerance"] else "wrong"
            right += err <= a["tolerance"]
            near += err <= 15
            about += err <= 45
        top = (360 - a["angle"]) % 360
        print(f"#{a['index']:2d} {a['photo']:18s} top said {g!s:>5s}  top at {top:5.0f}  "
              f"error {'—' if err is None else f'{err:.0f}°':>5s}  {verdict}")
    n = len(answers)
    print(f"{right}/{n} right ({100 * right / n:.0f}%; within 15°: {near}/{n}, within 45°: {about}/{n}), "
          f"chance about {100 * sum((2 * a['tolerance'] + 1) / 301 for a in answers) / n:.0f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())

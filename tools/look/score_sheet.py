"""Score a person's blind answers to a contact sheet (contact_sheet.py) against its answers file.

    python tools/look/score_sheet.py --answers .build/sheet-answers.json --guesses guesses.json

`guesses.json` maps the captcha number to the x a person said the piece goes to (piece's left edge,
background pixels), e.g. {"1": 95, "2": 100}; a missing number is "cannot tell". A guess counts
as right when the hole nearest to it (target or decoy, by left edge) is the target: it scores the
choice of hole, not the hand's precision. Prints each captcha and the total.
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


if __name__ == "__main__":
    sys.exit(main())

"""Blind person reads of pattern captchas: a contact sheet of boards with their hints as a client
shows them, and the scoring of a reader's answers afterwards.

    python -m tools.look.pattern_sheet sheet --bin .build/release/captcha-gen --photos ../shared/photos \
        --out .build/pattern-sheet.png [--count 30] [--columns 3] [--first-seed 1099511627776] \
        [--builtin-every 4] [--answers .build/pattern-sheet-answers.json] [--make-arg=--length --make-arg=6]
    python -m tools.look.pattern_sheet score --answers .build/pattern-sheet-answers.json --guesses guesses.json

Each cell is the board at its real size with a small grey grid-position number (1…9, row by row) in
the corner of each grid cell, and the hint below it; nothing on the sheet tells the order. Captchas
cycle through the photos in name order, every `--builtin-every`-th on the built-in background
instead; captcha k (from 1) has seed first-seed + k - 1. The sequences go to `--answers`, never
into the picture.

`guesses.json` maps the captcha number to the grid positions the reader would connect, in order,
e.g. {"1": [5, 1, 2, 6], "2": [9, 8, 4, 7]}; a missing number is "cannot tell". A read is right when
the whole order is right; the share of icons placed right is printed too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

GAP = 6


def cell(folder: Path, index: int) -> np.ndarray:
    """The board with grid-position numbers, the hint below it, and the captcha's number."""
    answer = json.loads((folder / "answer.json").read_text())
    board = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_COLOR)
    hint = cv2.imread(str(folder / answer["piece"]["file"]), cv2.IMREAD_COLOR)
    h, w = board.shape[:2]
    for pos in range(9):
        x, y = (pos % 3) * w // 3 + 3, (pos // 3) * h // 3 + 12
        cv2.putText(board, str(pos + 1), (x, y), cv2.FONT_HERSHEY_PLAIN, 0.8, (255, 255, 255), 2)
        cv2.putText(board, str(pos + 1), (x, y), cv2.FONT_HERSHEY_PLAIN, 0.8, (90, 90, 90), 1)
    width = max(w, hint.shape[1])
    out = np.full((18 + h + GAP + hint.shape[0], width, 3), 255, np.uint8)
    cv2.putText(out, f"#{index}", (2, 13), cv2.FONT_HERSHEY_PLAIN, 1.0, (0, 0, 0), 1)
    out[18:18 + h, :w] = board
    out[18 + h + GAP:, :hint.shape[1]] = hint
    return out


def sheet(args) -> int:
    photos = sorted(p for p in Path(args.photos).iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    if not photos:
        print(f"pattern_sheet: no jpg/png photos in {args.photos}", file=sys.stderr)
        return 2
    cells, answers, photo_k = [], [], 0
    for k in range(args.count):
        builtin = args.builtin_every > 0 and (k + 1) % args.builtin_every == 0
        photo = None if builtin else photos[photo_k % len(photos)]
        photo_k += not builtin
        seed = args.first_seed + k
        folder = Path(args.work) / f"c{k + 1:02d}"
        source = [] if photo is None else ["--image", str(photo)]
        cmd = [args.bin, "make", "--kind", "pattern", *source, "--out", str(folder), "--seed", str(seed),
               *args.make_arg]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"pattern_sheet: `{' '.join(cmd)}` failed: {run.stderr.strip()}", file=sys.stderr)
            return 2
        answer = json.loads((folder / "answer.json").read_text())
        answers.append({"index": k + 1, "photo": photo.stem if photo else "built-in", "seed": seed,
                        "sequence": [d + 1 for d in answer["sequence"]]})
        cells.append(cell(folder, k + 1))
    ch = max(c.shape[0] for c in cells)
    cw = max(c.shape[1] for c in cells)
    rows = (len(cells) + args.columns - 1) // args.columns
    out = np.full((rows * (ch + GAP) - GAP, args.columns * (cw + GAP) - GAP, 3), 255, np.uint8)
    for i, c in enumerate(cells):
        r, col = divmod(i, args.columns)
        out[r * (ch + GAP):r * (ch + GAP) + c.shape[0], col * (cw + GAP):col * (cw + GAP) + c.shape[1]] = c
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(args.out, out, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    Path(args.answers).parent.mkdir(parents=True, exist_ok=True)
    Path(args.answers).write_text(json.dumps(answers, indent=1) + "\n")
    print(f"pattern_sheet: {len(cells)} captchas -> {args.out}; answers -> {args.answers}")
    return 0


def score(args) -> int:
    answers = json.loads(Path(args.answers).read_text())
    guesses = json.loads(Path(args.guesses).read_text())
    right = icons = total = 0
    for a in answers:
        g = guesses.get(str(a["index"]))
        seq = a["sequence"]
        total += len(seq)
        if g is None:
            verdict = "no answer"
        else:
            placed = sum(1 for x, y in zip(g, seq) if x == y)
            icons += placed
            verdict = "right" if list(g) == seq else f"wrong ({placed}/{len(seq)} icons)"
            right += list(g) == seq
        print(f"#{a['index']:2d} {a['photo']:18s} said {g!s:20s} answer {seq!s:20s} {verdict}")
    print(f"{right}/{len(answers)} right ({100 * right / len(answers):.0f}%); icons placed right: "
          f"{icons}/{total}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sheet", help="make the contact sheet and its answers file")
    s.add_argument("--bin", required=True)
    s.add_argument("--photos", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--answers", default=".build/pattern-sheet-answers.json")
    s.add_argument("--work", default=".build/pattern-sheet")
    s.add_argument("--count", type=int, default=30)
    s.add_argument("--columns", type=int, default=3)
    s.add_argument("--first-seed", type=int, default=1 << 40)
    s.add_argument("--builtin-every", type=int, default=4,
                   help="make every Nth captcha on the built-in background (0: never; default 4)")
    s.add_argument("--make-arg", action="append", default=[])
    c = sub.add_parser("score", help="score a reader's answers against the answers file")
    c.add_argument("--answers", required=True)
    c.add_argument("--guesses", required=True)
    args = ap.parse_args(argv)
    return sheet(args) if args.cmd == "sheet" else score(args)


if __name__ == "__main__":
    sys.exit(main())

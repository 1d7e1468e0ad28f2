"""A contact sheet of default captchas as a person sees them: each cell is the background with the
piece laid at its start position (where a client shows it first), numbered, with an x scale every 20
px along the bottom so a reader can say where the piece goes.

    python tools/look/contact_sheet.py --bin .build/release/captcha-gen --photos ../shared/photos \
        --out docs/images/default-look-sheet.png [--count 30] [--columns 3] [--first-seed 101] \
        [--answers .build/sheet-answers.json] [--make-arg=--difficulty --make-arg=hard]

Captchas cycle through the photos in name order; captcha k (from 1) has seed first-seed + k - 1, so no
two share a placement; the answers (target x, decoy x) go to
`--answers`, never into the picture, so the sheet can be solved blind and scored afterwards with
`score_sheet.py`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

LABEL_HEIGHT = 14


def cell(folder: Path, index: int) -> np.ndarray:
    """The captcha in `folder` as a client first shows it, with its number and an x scale."""
    answer = json.loads((folder / "answer.json").read_text())
    bg = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_COLOR)
    piece = cv2.imread(str(folder / answer["piece"]["file"]), cv2.IMREAD_UNCHANGED)
    x, y = answer["start"]["x"], answer["start"]["y"]
    h, w = piece.shape[:2]
    a = piece[:, :, 3:4].astype(np.float32) / 255
    region = bg[y : y + h, x : x + w].astype(np.float32)
    bg[y : y + h, x : x + w] = (region * (1 - a) + piece[:, :, :3] * a).astype(np.uint8)
    strip = np.full((LABEL_HEIGHT, bg.shape[1], 3), 255, np.uint8)
    for tick in range(0, bg.shape[1], 20):
        cv2.line(strip, (tick, 0), (tick, 4 if tick % 100 else 8), (0, 0, 0), 1)
        if tick % 100 == 0:
            cv2.putText(strip, str(tick), (tick + 2, 12), cv2.FONT_HERSHEY_PLAIN, 0.8, (0, 0, 0), 1)
    out = np.vstack([bg, strip])
    cv2.putText(out, f"#{index}", (4, 14), cv2.FONT_HERSHEY_PLAIN, 1.0, (0, 0, 0), 3)
    cv2.putText(out, f"#{index}", (4, 14), cv2.FONT_HERSHEY_PLAIN, 1.0, (255, 255, 255), 1)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--answers", default=".build/sheet-answers.json")
    ap.add_argument("--work", default=".build/sheet")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--columns", type=int, default=3)
    ap.add_argument("--size", default="320x160")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--make-arg", action="append", default=[])
    args = ap.parse_args(argv)
    photos = sorted(p for p in Path(args.photos).iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    if not photos:
        print(f"contact_sheet: no jpg/png photos in {args.photos}", file=sys.stderr)
        return 2
    cells, answers = [], []
    for k in range(args.count):
        photo = photos[k % len(photos)]
        seed = args.first_seed + k
        folder = Path(args.work) / f"c{k + 1:02d}"
        cmd = [args.bin, "make", "--image", str(photo), "--out", str(folder), "--seed", str(seed),
               "--size", args.size, *args.make_arg]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"contact_sheet: `{' '.join(cmd)}` failed: {run.stderr.strip()}", file=sys.stderr)
            return 2
        answer = json.loads((folder / "answer.json").read_text())
        answers.append({"index": k + 1, "photo": photo.stem, "seed": seed, "target": answer["target"],
                        "decoys": [{"x": d["x"], "y": d["y"]} for d in answer.get("decoys", [])],
                        "tolerance": answer["tolerance"]})
        cells.append(cell(folder, k + 1))
    gap = 6
    h, w = cells[0].shape[:2]
    rows = (len(cells) + args.columns - 1) // args.columns
    sheet = np.full((rows * (h + gap) - gap, args.columns * (w + gap) - gap, 3), 255, np.uint8)
    for i, c in enumerate(cells):
        r, col = divmod(i, args.columns)
        sheet[r * (h + gap) : r * (h + gap) + h, col * (w + gap) : col * (w + gap) + w] = c
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(args.out, sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    Path(args.answers).parent.mkdir(parents=True, exist_ok=True)
    Path(args.answers).write_text(json.dumps(answers, indent=1) + "\n")
    print(f"contact_sheet: {len(cells)} captchas -> {args.out}; answers -> {args.answers}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A contact sheet of default captchas as a person sees them: each cell is the background with the
piece laid at its start position (where a client shows it first), numbered. Slide cells have an x
scale every 20 px along the bottom so a reader can say where the piece goes; rotate cells (`--kind
rotate`) a dial around the disc, a tick every 10° and a number every 30° clockwise from 12 o'clock,
so a reader can say where the picture's top points now.

    python -m tools.look.contact_sheet --bin .build/release/captcha-gen --photos ../shared/photos \
        --out docs/images/default-look-sheet.png [--kind slide|rotate] [--count 30] [--columns 3] \
        [--first-seed 101] [--builtin-every 0] [--stems astronaut,china] [--answers .build/sheet-answers.json] \
        [--make-arg=--difficulty --make-arg=hard]

Captchas cycle through the photos in name order (with `--builtin-every N`, every Nth is made on the
built-in background instead); captcha k (from 1) has seed first-seed + k - 1, so no two share a
placement; the answers (slide: target x, decoy x; rotate: angle) go to `--answers`, never into the
picture, so the sheet can be solved blind and scored afterwards with `score_sheet.py`.
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
DIAL_MARGIN = 16


def rotate_cell(folder: Path, index: int) -> np.ndarray:
    """A rotate captcha as a client first shows it (the piece over the background at its centre,
    unturned) on a white margin with a dial: a tick every 10°, a number every 30° clockwise from
    12 o'clock."""
    answer = json.loads((folder / "answer.json").read_text())
    bg = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_COLOR)
    piece = cv2.imread(str(folder / answer["piece"]["file"]), cv2.IMREAD_UNCHANGED)
    h, w = piece.shape[:2]
    cx, cy = answer["center"]["x"], answer["center"]["y"]
    x, y = cx - w // 2, cy - h // 2
    a = piece[:, :, 3:4].astype(np.float32) / 255
    region = bg[y : y + h, x : x + w].astype(np.float32)
    bg[y : y + h, x : x + w] = (region * (1 - a) + piece[:, :, :3] * a).astype(np.uint8)
    m = DIAL_MARGIN
    out = cv2.copyMakeBorder(bg, m, m, m, m, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    r = w / 2
    for deg in range(0, 360, 10):
        t = np.radians(deg)
        ux, uy = np.sin(t), -np.cos(t)
        inner = r + 2
        outer = r + (9 if deg % 30 == 0 else 5)
        p0 = (int(round(m + cx + inner * ux)), int(round(m + cy + inner * uy)))
        p1 = (int(round(m + cx + outer * ux)), int(round(m + cy + outer * uy)))
        cv2.line(out, p0, p1, (255, 255, 255), 3)
        cv2.line(out, p0, p1, (0, 0, 0), 1)
        if deg % 30 == 0:
            label = str(deg)
            (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_PLAIN, 0.8, 1)
            lx = int(round(m + cx + (r + 17) * ux - tw / 2))
            ly = int(round(m + cy + (r + 17) * uy + th / 2))
            cv2.putText(out, label, (lx, ly), cv2.FONT_HERSHEY_PLAIN, 0.8, (255, 255, 255), 3)
            cv2.putText(out, label, (lx, ly), cv2.FONT_HERSHEY_PLAIN, 0.8, (0, 0, 0), 1)
    cv2.putText(out, f"#{index}", (4, 14), cv2.FONT_HERSHEY_PLAIN, 1.0, (0, 0, 0), 3)
    cv2.putText(out, f"#{index}", (4, 14), cv2.FONT_HERSHEY_PLAIN, 1.0, (255, 255, 255), 1)
    return out


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
    ap.add_argument("--kind", choices=["slide", "rotate"], default="slide")
    ap.add_argument("--builtin-every", type=int, default=0,
                    help="make every Nth captcha on the built-in background instead of a photo (0: never)")
    ap.add_argument("--stems", help="comma-separated photo names (without extension) to use (default: every photo)")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--columns", type=int, default=3)
    ap.add_argument("--size", default="320x160")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--make-arg", action="append", default=[])
    args = ap.parse_args(argv)
    photos = sorted(p for p in Path(args.photos).iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"})
    if args.stems:
        photos = [p for p in photos if p.stem in set(args.stems.split(","))]
    if not photos:
        print(f"contact_sheet: no jpg/png photos in {args.photos}", file=sys.stderr)
        return 2
    cells, answers = [], []
    photo_k = 0
    for k in range(args.count):
        builtin = args.builtin_every > 0 and (k + 1) % args.builtin_every == 0
        photo = None if builtin else photos[photo_k % len(photos)]
        photo_k += not builtin
        seed = args.first_seed + k
        folder = Path(args.work) / f"c{k + 1:02d}"
        source = [] if photo is None else ["--image", str(photo)]
        cmd = [args.bin, "make", "--kind", args.kind, *source, "--out", str(folder), "--seed", str(seed),
               "--size", args.size, *args.make_arg]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"contact_sheet: `{' '.join(cmd)}` failed: {run.stderr.strip()}", file=sys.stderr)
            return 2
        answer = json.loads((folder / "answer.json").read_text())
        entry = {"index": k + 1, "kind": args.kind, "photo": photo.stem if photo else "built-in", "seed": seed,
                 "tolerance": answer["tolerance"]}
        if args.kind == "rotate":
            entry["angle"] = answer["angle"]
            cells.append(rotate_cell(folder, k + 1))
        else:
            entry["target"] = answer["target"]
            entry["decoys"] = [{"x": d["x"], "y": d["y"]} for d in answer.get("decoys", [])]
            cells.append(cell(folder, k + 1))
        answers.append(entry)
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

"""Attacks on the pattern captcha kind (`make --kind pattern`), measured on the TEST photos of
split.py (plus the procedural background) so nothing here was tuned on what it is judged on.

Attacks (each sees only background.png and piece.png; answer.json only scores the guess):
- blind: the baseline of guessing an order of L distinct dots, 1 / (9*8*...*(10-L));
- template: OpenCV template matching: each hint icon's outline is filled into a silhouette, its
  edges matched against the board's edges near each nominal grid centre at 12 angles x 3 scales;
  the best-scoring order of distinct dots is the guess;
- ddddocr: detect-then-classify with ddddocr's bundled detection model (boxes on the board),
  then each hint icon assigned to the detected box whose crop matches it best (the same
  silhouette matching, on detected boxes instead of grid cells).

Usage: python -m tools.attacks.pattern_attacks --bin .build/release/captcha-gen --photos DIR
       [--seeds N] [--lengths 4] [--json OUT]
"""

import argparse
import itertools
import json
import math
import os
import subprocess
import tempfile

import cv2
import numpy as np

from tools.attacks.split import TEST_PHOTOS

ANGLES = range(0, 360, 30)
SCALES = (1.0, 1.2, 1.4)


def hint_boxes(board_w, board_h, length):
    """The hint's icon boxes (the public layout of PatternHint.tiles)."""
    box = max(32, int(round(0.7 * min(board_w, board_h) / 3)))
    pad, gap = box // 6, box // 3
    return [(pad + i * (box + gap), pad, box, box) for i in range(length)], 2 * pad + length * box + (length - 1) * gap


def silhouette(tile):
    gray = cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY).astype(np.int32)
    ink = (gray.max() - gray > 60).astype(np.uint8)
    h, w = ink.shape
    flood = ink.copy() * 255
    mask = np.zeros((h + 2, w + 2), np.uint8)
    for x, y in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
        if flood[y, x] == 0:
            cv2.floodFill(flood, mask, (x, y), 128)
    return (flood != 128).astype(np.float32)


def edges(img):
    img = cv2.GaussianBlur(img.astype(np.float32), (0, 0), 0.8)
    dx = cv2.Sobel(img, cv2.CV_32F, 1, 0)
    dy = cv2.Sobel(img, cv2.CV_32F, 0, 1)
    return cv2.magnitude(dx, dy)


def templates(sil):
    side = int(math.ceil(max(sil.shape) * max(SCALES) * 1.2))
    out = []
    for a in ANGLES:
        for s in SCALES:
            m = cv2.getRotationMatrix2D((sil.shape[1] / 2, sil.shape[0] / 2), a, s)
            m[0, 2] += side / 2 - sil.shape[1] / 2
            m[1, 2] += side / 2 - sil.shape[0] / 2
            out.append(edges(cv2.warpAffine(sil, m, (side, side))))
    return out


def match_score(board_edges, temps, cx, cy, reach, padded=None):
    """The best TM_CCORR_NORMED of any template in a window of +-reach around (cx, cy); the board
    is zero-padded (once, when `padded` = (array, pad) is given) where the window leaves it."""
    if padded is None:
        pad = max(max(t.shape) for t in temps) + reach + 2
        padded = (cv2.copyMakeBorder(board_edges, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0), pad)
    big, pad = padded
    best = -1.0
    for t in temps:
        th, tw = t.shape
        x0, y0 = int(cx - tw / 2 - reach) + pad, int(cy - th / 2 - reach) + pad
        window = big[y0:y0 + th + 2 * reach, x0:x0 + tw + 2 * reach]
        r = cv2.matchTemplate(window, t, cv2.TM_CCORR_NORMED)
        best = max(best, float(r.max()))
    return best


def best_order(scores):
    length, dots = scores.shape
    best, best_sum = None, -1e18
    for order in itertools.permutations(range(dots), length):
        s = sum(scores[i, j] for i, j in enumerate(order))
        if s > best_sum:
            best, best_sum = list(order), s
    return best


def hint_silhouettes(board, hint):
    h, w = board.shape[:2]
    for length in range(3, 10):
        boxes, width = hint_boxes(w, h, length)
        if width == hint.shape[1]:
            return [silhouette(hint[y:y + s, x:x + s]) for x, y, s, _ in boxes]
    raise ValueError("hint layout not recognised")


def template_attack(board, hint):
    h, w = board.shape[:2]
    board_edges = edges(cv2.cvtColor(board, cv2.COLOR_BGR2GRAY))
    cell = min(w, h) / 3
    reach = int(math.ceil(0.15 * cell))
    centres = [((c + 0.5) * w / 3, (r + 0.5) * h / 3) for r in range(3) for c in range(3)]
    sils = hint_silhouettes(board, hint)
    temps = [templates(s) for s in sils]  # once per hint icon, not once per (icon, cell)
    pad = max(max(t.shape) for ts in temps for t in ts) + reach + 2
    padded = (cv2.copyMakeBorder(board_edges, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0), pad)
    scores = np.array([[match_score(board_edges, t, cx, cy, reach, padded) for cx, cy in centres] for t in temps])
    return best_order(scores)


def ddddocr_attack(det, board_bytes, board, hint):
    """Detect boxes with ddddocr, map each box to its nearest grid cell, then classify by silhouette
    matching inside the detected box (no search window beyond it)."""
    h, w = board.shape[:2]
    boxes = det.detection(board_bytes)
    centres = [((c + 0.5) * w / 3, (r + 0.5) * h / 3) for r in range(3) for c in range(3)]
    found = {}
    for x0, y0, x1, y1 in boxes:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        j = min(range(9), key=lambda k: (centres[k][0] - cx) ** 2 + (centres[k][1] - cy) ** 2)
        found.setdefault(j, (cx, cy, max(x1 - x0, y1 - y0)))
    board_edges = edges(cv2.cvtColor(board, cv2.COLOR_BGR2GRAY))
    sils = hint_silhouettes(board, hint)
    scores = np.full((len(sils), 9), -1.0)
    for i, s in enumerate(sils):
        temps = templates(s)
        for j, (cx, cy, _) in found.items():
            scores[i, j] = match_score(board_edges, temps, cx, cy, 3)
    return best_order(scores), len(boxes)


def make(binary, out, seed, length, image):
    args = [binary, "make", "--kind", "pattern", "--seed", str(seed), "--length", str(length), "--out", out]
    if image:
        args += ["--image", image]
    subprocess.run(args, check=True, capture_output=True)
    with open(os.path.join(out, "answer.json")) as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--photos", required=True)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--lengths", type=int, nargs="+", default=[4])
    ap.add_argument("--json")
    a = ap.parse_args()
    try:
        import ddddocr

        det = ddddocr.DdddOcr(det=True, ocr=False, show_ad=False)
        det_error = None
    except Exception as e:  # reported, not hidden
        det, det_error = None, f"{type(e).__name__}: {e}"
    photos = [None] + [os.path.join(a.photos, p + ".jpg") for p in TEST_PHOTOS]
    results = {}
    for length in a.lengths:
        tally = {"captchas": 0, "template": 0, "ddddocr": 0, "ddddocr_boxes": 0}
        with tempfile.TemporaryDirectory() as tmp:
            for photo in photos:
                for k in range(a.seeds):
                    seed = 1000 + k
                    ans = make(a.bin, tmp, seed, length, photo)
                    board = cv2.imread(os.path.join(tmp, "background.png"))
                    hint = cv2.imread(os.path.join(tmp, "piece.png"))
                    tally["captchas"] += 1
                    tally["template"] += template_attack(board, hint) == ans["sequence"]
                    if det:
                        with open(os.path.join(tmp, "background.png"), "rb") as f:
                            guess, nboxes = ddddocr_attack(det, f.read(), board, hint)
                        tally["ddddocr"] += guess == ans["sequence"]
                        tally["ddddocr_boxes"] += nboxes
        n = tally["captchas"]
        results[length] = {
            "captchas": n,
            "blind": 1 / math.perm(9, length),
            "template": tally["template"] / n,
            "ddddocr": tally["ddddocr"] / n if det else None,
            "ddddocr_mean_boxes": tally["ddddocr_boxes"] / n if det else None,
        }
        r = results[length]
        print(f"length {length}: {n} captchas; blind {r['blind']:.2e}; template {r['template']:.1%}; "
              + (f"ddddocr {r['ddddocr']:.1%} ({r['ddddocr_mean_boxes']:.1f} boxes/board)" if det
                 else f"ddddocr unavailable ({det_error})"))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()

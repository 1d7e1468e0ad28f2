"""What every pattern attack shares: making pattern captchas with the binary, the public layouts
(nine grid cells, the hint's icon boxes), reading the hint's outlines, and turning per-icon scores
into the best order of distinct dots.

Nothing here reads answer.json except `Captcha.sequence`, which only scores a guess.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

GRID = 3
JITTER = 0.15  # PatternLayout.jitter: the largest centre offset, as a fraction of a cell


@dataclass
class Captcha:
    """One pattern captcha as a client gets it (board BGR, hint BGR) plus its answer for scoring."""

    board: np.ndarray
    hint: np.ndarray
    sequence: list[int]
    answer: dict
    name: str


def photo_seed_base(stem: str) -> int:
    """A per-photo seed base, stable in the photo's name, so photos do not share layouts. Large
    (above 2^32) so the binary has nothing to warn about."""
    return (1 << 40) + (zlib.crc32(stem.encode()) % 100_000) * 1000


def make(binary: str, out: Path, seed: int, length: int, image: Path | None, size: str | None = None,
         extra: list[str] | None = None) -> dict:
    """Runs `captcha-gen make --kind pattern` into `out`; returns answer.json. Raises on failure."""
    cmd = [binary, "make", "--kind", "pattern", "--seed", str(seed), "--length", str(length), "--out", str(out)]
    if image is not None:
        cmd += ["--image", str(image)]
    if size:
        cmd += ["--size", size]
    cmd += extra or []
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"`{' '.join(cmd)}` failed ({run.returncode}): {run.stderr.strip()}")
    return json.loads((out / "answer.json").read_text())


def load(folder: Path, name: str) -> Captcha:
    answer = json.loads((folder / "answer.json").read_text())
    board = cv2.imread(str(folder / answer["background"]["file"]), cv2.IMREAD_COLOR)
    hint = cv2.imread(str(folder / answer["piece"]["file"]), cv2.IMREAD_COLOR)
    if board is None or hint is None:
        raise RuntimeError(f"cannot read the pictures in {folder}")
    return Captcha(board, hint, list(answer["sequence"]), answer, name)


def cell_side(w: int, h: int) -> float:
    return min(w, h) / GRID


def nominal_centres(w: int, h: int) -> list[tuple[float, float]]:
    """The nine grid centres without jitter, row by row (dot index = row * 3 + column)."""
    return [((c + 0.5) * w / GRID, (r + 0.5) * h / GRID) for r in range(GRID) for c in range(GRID)]


def hint_layout(board_w: int, board_h: int, length: int) -> tuple[list[tuple[int, int, int]], int, int]:
    """The public layout of PatternHint.tiles: the icon boxes (x, y, side) and the card's size."""
    box = max(32, int(math.floor(0.7 * cell_side(board_w, board_h) + 0.5)))
    pad, gap = box // 6, box // 3
    boxes = [(pad + i * (box + gap), pad, box) for i in range(length)]
    return boxes, 2 * pad + length * box + (length - 1) * gap, box + 2 * pad


def hint_tiles(board: np.ndarray, hint: np.ndarray) -> list[np.ndarray]:
    """The hint cut into its icon boxes (BGR), found from its width by the public layout."""
    h, w = board.shape[:2]
    for length in range(3, 10):
        boxes, width, height = hint_layout(w, h, length)
        if width == hint.shape[1] and height == hint.shape[0]:
            return [hint[y:y + s, x:x + s] for x, y, s in boxes]
    raise ValueError(f"hint {hint.shape[1]}x{hint.shape[0]} fits no hint layout for a {w}x{h} board")


def hint_ink(tile: np.ndarray) -> np.ndarray:
    """The outline strokes of one hint icon: pixels clearly darker than the card (bool)."""
    gray = cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY).astype(np.int32)
    card = int(np.percentile(gray, 90))
    return card - gray > 60


def best_order(scores: np.ndarray) -> list[int]:
    """The order of distinct dots with the highest summed score (scores[i, j]: hint icon i at dot j)."""
    length, dots = scores.shape
    best, best_sum = None, -math.inf
    for order in itertools.permutations(range(dots), length):
        s = sum(scores[i, j] for i, j in enumerate(order))
        if s > best_sum:
            best, best_sum = list(order), s
    return best


def assignment_accuracy(scores: np.ndarray, sequence: list[int]) -> float:
    """Share of hint icons whose best-scoring dot is the right one (a per-icon figure)."""
    return float(np.mean([int(np.argmax(scores[i])) == d for i, d in enumerate(sequence)]))


def hint_shape(ink: np.ndarray, holes: bool = True) -> np.ndarray:
    """The figure a hint outline stands for, grown by half the stroke width to reach the strokes'
    middle. With `holes`, the regions the strokes separate are numbered by nesting (outside 0,
    regions one stroke in 1, two strokes in 2, ...) and the odd ones are the figure; without, every
    region the strokes enclose is (right where an outline draws lines inside its figure)."""

    free = (~ink).astype(np.uint8)
    n, labels = cv2.connectedComponents(free, connectivity=4)
    h, w = ink.shape
    border = set(np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))) - {0}
    half = float(np.percentile(cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3)[ink], 95)) if ink.any() else 1.0
    reach = np.ones((int(2 * half) * 2 + 3,) * 2, np.uint8)  # across one stroke, with a pixel to spare
    level = {k: 0 for k in border}
    frontier = set(border)
    depth = 0
    while frontier:
        grown = cv2.dilate(np.isin(labels, list(frontier)).astype(np.uint8), reach) > 0
        depth += 1
        frontier = {int(k) for k in np.unique(labels[grown]) if k != 0 and k not in level}
        for k in frontier:
            level[k] = depth
    figure = np.isin(labels, [k for k, d in level.items() if (d % 2 == 1 if holes else d > 0)])
    grow = int(round(half))
    if grow > 0:
        figure = cv2.dilate(figure.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1,) * 2)) > 0
    return figure

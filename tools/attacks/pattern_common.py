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


def fill_outline(ink: np.ndarray) -> np.ndarray:
    """Everything the strokes enclose (not reachable from the border without crossing ink)."""
    h, w = ink.shape
    flood = ink.astype(np.uint8) * 255
    mask = np.zeros((h + 2, w + 2), np.uint8)
    for y in range(h):
        for x in (0, w - 1):
            if flood[y, x] == 0:
                cv2.floodFill(flood, mask, (x, y), 128)
    for x in range(w):
        for y in (0, h - 1):
            if flood[y, x] == 0:
                cv2.floodFill(flood, mask, (x, y), 128)
    return flood != 128


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

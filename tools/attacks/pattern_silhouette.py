"""The per-cell silhouette attack on pattern boards: cut each grid cell's marker out of
the board, then match every hint outline to every cut-out over a search of angles.

Cut-outs (six segmenters, each its own attack row):
- `flat`: a marker painted in one flat colour has exactly (PNG) or nearly (JPEG) equal pixels,
  which photos and the built-in background almost never have. Pixels whose 3x3 neighbourhood
  spans at most `tol` levels per channel are "flat"; the flat component nearest the cell's centre
  (of a marker's size) seeds the cut-out, which grows to every connected pixel of its colour.
- `smooth`: `flat` after a 5x5 median filter (grain and dither removed first).
- `luma`: brightness alone: Otsu's threshold on the median-filtered luma, light or dark side.
- `grain`: the region whose pixels are noisy (distance from the 3x3 median, Otsu's threshold).
- `contour`: the region that Canny edges (of the median-filtered luma) enclose near the centre.
- `colour`: for looks without flat paint: the cell's pixels are clustered by colour (k-means in
  Lab, k = 3); the cluster most concentrated around the cell's centre, as one connected piece of
  a marker's size, is the cut-out.

Matching (two scores):
- `chamfer`: the hint's stroke pixels and the cut-out's boundary pixels, both relative to their
  filled silhouettes' centroids, the hint scaled by the square root of the area ratio and turned
  in 3-degree steps; the symmetric mean distance (distance transforms both ways) at the best angle.
- `overlap`: intersection over union of the figures (holes open) at the best angle (3-degree steps).

The hint's figure is rebuilt from its outline twice (holes by nesting, and everything enclosed;
see pattern_common.hint_shape), the cut-out is grown by a pixel for the anti-aliased edge it leaves
out and taken with its holes and filled; each score is the better of holes-to-holes and
filled-to-filled.

Scores per (hint icon, dot) go to `best_order`. No parameter was tuned on the TEST photos.
"""

from __future__ import annotations

import hashlib
import math

import cv2
import numpy as np

from tools.attacks.pattern_common import best_order, cell_side, hint_ink, hint_shape, hint_tiles, nominal_centres

ANGLES = np.deg2rad(np.arange(0, 360, 3))
WINDOW = 0.62  # half the cut-out window, as a fraction of a cell: jitter 0.15 + a marker's reach
MIN_AREA, MAX_AREA = 0.015, 0.6  # a marker's area as a fraction of a cell's area (generous)


def _window(board: np.ndarray, cx: float, cy: float, half: int) -> tuple[np.ndarray, int, int]:
    pad = cv2.copyMakeBorder(board, half, half, half, half, cv2.BORDER_REFLECT)
    x0, y0 = int(round(cx)), int(round(cy))
    return pad[y0:y0 + 2 * half + 1, x0:x0 + 2 * half + 1], x0 - half, y0 - half


def _pick_component(mask: np.ndarray, cell: float, centre_reach: float) -> np.ndarray | None:
    """The connected component of `mask` of a marker's size whose centroid is nearest the window
    centre (within `centre_reach` pixels)."""
    n, labels, stats, cents = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    h, w = mask.shape
    c = np.array([w / 2, h / 2])
    best, best_d = None, math.inf
    for k in range(1, n):
        area = stats[k, cv2.CC_STAT_AREA]
        if not (MIN_AREA * cell * cell <= area <= MAX_AREA * cell * cell):
            continue
        d = float(np.hypot(*(cents[k] - c)))
        if d <= centre_reach and d < best_d:
            best, best_d = k, d
    return None if best is None else labels == best


def cut_flat(win: np.ndarray, cell: float, tol: int) -> np.ndarray | None:
    """The flat-paint cut-out: see the module doc."""
    kernel = np.ones((3, 3), np.uint8)
    spread = np.max(cv2.dilate(win, kernel).astype(np.int16) - cv2.erode(win, kernel).astype(np.int16), axis=2)
    seed = _pick_component(spread <= tol, cell, 0.35 * cell)
    if seed is None:
        return None
    colour = np.median(win[seed].astype(np.float32), axis=0)
    near = np.max(np.abs(win.astype(np.float32) - colour), axis=2) <= max(2 * tol, 1)
    n, labels = cv2.connectedComponents(near.astype(np.uint8), connectivity=8)
    keep = np.unique(labels[seed & near])
    return np.isin(labels, keep[keep > 0])


def cut_colour(win: np.ndarray, cell: float) -> np.ndarray | None:
    """The colour-cluster cut-out: see the module doc."""
    lab = cv2.cvtColor(win, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    _, labels, _ = cv2.kmeans(lab, 3, None, crit, 2, cv2.KMEANS_PP_CENTERS)
    labels = labels.reshape(win.shape[:2])
    h, w = labels.shape
    yy, xx = np.mgrid[0:h, 0:w]
    r = np.hypot(xx - w / 2, yy - h / 2)
    best, best_score = None, math.inf
    for k in range(3):
        comp = _pick_component(cv2.morphologyEx((labels == k).astype(np.uint8), cv2.MORPH_OPEN,
                                                np.ones((2, 2), np.uint8)) > 0, cell, 0.3 * cell)
        if comp is None:
            continue
        score = float(r[comp].mean()) / math.sqrt(comp.sum())  # compact and central
        if score < best_score:
            best, best_score = comp, score
    return best


def cut_luma(win: np.ndarray, cell: float) -> np.ndarray | None:
    """The brightness cut-out: the window's luma, median-filtered (5x5) against grain, split at
    Otsu's threshold; of the light and the dark side, the component of a marker's size that is most
    compact and central."""
    gray = cv2.medianBlur(cv2.cvtColor(win, cv2.COLOR_BGR2GRAY), 5)
    t, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    h, w = gray.shape
    yy, xx = np.mgrid[0:h, 0:w]
    r = np.hypot(xx - w / 2, yy - h / 2)
    best, best_score = None, math.inf
    for side in (gray > t, gray <= t):
        comp = _pick_component(side, cell, 0.3 * cell)
        if comp is None:
            continue
        score = float(r[comp].mean()) / math.sqrt(comp.sum())
        if score < best_score:
            best, best_score = comp, score
    return best


def cut_contour(win: np.ndarray, cell: float) -> np.ndarray | None:
    """The contour cut-out: Canny edges of the median-filtered (5x5) luma, thresholds from the
    window's median gradient, closed by one dilation; the region they enclose (a component of the
    non-edge pixels) of a marker's size nearest the centre, grown back by the dilation."""
    gray = cv2.medianBlur(cv2.cvtColor(win, cv2.COLOR_BGR2GRAY), 5)
    mag = cv2.magnitude(cv2.Sobel(gray, cv2.CV_32F, 1, 0), cv2.Sobel(gray, cv2.CV_32F, 0, 1))
    m = float(np.median(mag)) + 1
    edges = cv2.Canny(gray, 1.5 * m, 3 * m)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    comp = _pick_component(edges == 0, cell, 0.3 * cell)
    return None if comp is None else cv2.dilate(comp.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


def cut_grain(win: np.ndarray, cell: float) -> np.ndarray | None:
    """The grain cut-out: per-pixel noise (the colour's distance from its 3x3 median), averaged
    over 5x5, split at Otsu's threshold; the noisy component of a marker's size nearest the centre
    (finds markers that carry grain the picture around them does not)."""
    residual = np.abs(win.astype(np.int16) - cv2.medianBlur(win, 3).astype(np.int16)).sum(axis=2)
    energy = cv2.blur(residual.astype(np.float32), (5, 5))
    scaled = np.clip(energy * (255 / max(1.0, float(energy.max()))), 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return _pick_component(scaled > t, cell, 0.3 * cell)


def _filled(mask: np.ndarray) -> np.ndarray:
    """The mask with its holes filled (everything its outer contours enclose)."""
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    out = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(out, contours, -1, 1, thickness=-1)
    return out > 0


def _boundary(mask: np.ndarray) -> np.ndarray:
    m = mask.astype(np.uint8)
    return (m - cv2.erode(m, np.ones((3, 3), np.uint8))) > 0


def _dt(lines: np.ndarray) -> np.ndarray:
    return cv2.distanceTransform((~lines).astype(np.uint8), cv2.DIST_L2, 3)


def _sample(dt: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """dt at points (..., 2) as (x, y), clamped to the picture, nearest pixel; far outside costs more."""
    h, w = dt.shape
    x, y = pts[..., 0], pts[..., 1]
    xi = np.clip(np.rint(x).astype(int), 0, w - 1)
    yi = np.clip(np.rint(y).astype(int), 0, h - 1)
    outside = np.hypot(x - xi, y - yi)
    return dt[yi, xi] + outside


def _rotations(pts: np.ndarray, scale: float) -> np.ndarray:
    """pts (N, 2) turned by every angle and scaled: (A, N, 2)."""
    c, s = np.cos(ANGLES)[:, None], np.sin(ANGLES)[:, None]
    x, y = pts[None, :, 0] * scale, pts[None, :, 1] * scale
    return np.stack([c * x - s * y, s * x + c * y], axis=-1)


class Shape:
    """A silhouette ready for matching: its area, centroid, outline points (every edge, holes' too)
    and their distance map, and the figure itself (holes left open)."""

    def __init__(self, lines: np.ndarray, filled: np.ndarray):
        ys, xs = np.nonzero(filled)
        self.area = float(len(xs))
        self.centre = np.array([xs.mean(), ys.mean()]) if len(xs) else np.zeros(2)
        ly, lx = np.nonzero(lines)
        pts = np.stack([lx, ly], axis=1).astype(np.float32)
        if len(pts) > 400:
            pts = pts[np.linspace(0, len(pts) - 1, 400).astype(int)]
        self.points = pts - self.centre
        self.dt = _dt(lines)
        self.filled = filled

    @staticmethod
    def of_hint(tile: np.ndarray) -> tuple["Shape", "Shape"]:
        """The figure the outline stands for, with holes by nesting and with every enclosed region
        filled (grown to the strokes' middle)."""
        ink = hint_ink(tile)
        return tuple(Shape(_boundary(f), f) for f in (hint_shape(ink, holes=True), hint_shape(ink, holes=False)))

    @staticmethod
    def of_cutout(mask: np.ndarray) -> tuple["Shape", "Shape"]:
        """The cut-out grown by one pixel (the anti-aliased edge a flat cut-out leaves out), with its
        holes and with them filled."""
        grown = cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        return tuple(Shape(_boundary(f), f) for f in (grown, _filled(grown)))


def chamfer(hint: Shape, cut: Shape) -> float:
    """Minus the best symmetric chamfer distance (in cut-out pixels) over the angle search."""
    if cut.area == 0 or hint.area == 0 or len(hint.points) == 0 or len(cut.points) == 0:
        return -1e3
    s = math.sqrt(cut.area / hint.area)
    fwd = _sample(cut.dt, _rotations(hint.points, s) + cut.centre).mean(axis=1)
    # The way back: hint -> cut turns by +a, so cut -> hint turns by -a and scales by 1/s.
    c, sn = np.cos(ANGLES)[:, None], np.sin(ANGLES)[:, None]
    x, y = cut.points[None, :, 0] / s, cut.points[None, :, 1] / s
    back_pts = np.stack([c * x + sn * y, -sn * x + c * y], axis=-1) + hint.centre
    back = _sample(hint.dt, back_pts).mean(axis=1) * s
    return -float(np.min((fwd + back) / 2))


def overlap(hint: Shape, cut: Shape) -> float:
    """The best intersection over union of the filled silhouettes over the angle search."""
    if cut.area == 0 or hint.area == 0:
        return 0.0
    s = math.sqrt(cut.area / hint.area)
    ys, xs = np.nonzero(hint.filled)
    pts = np.stack([xs, ys], axis=1).astype(np.float32) - hint.centre
    if len(pts) > 1500:
        pts = pts[np.linspace(0, len(pts) - 1, 1500).astype(int)]
    moved = _rotations(pts, s) + cut.centre
    h, w = cut.filled.shape
    xi, yi = np.rint(moved[..., 0]).astype(int), np.rint(moved[..., 1]).astype(int)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    hit = np.zeros(inside.shape, bool)
    hit[inside] = cut.filled[yi[inside], xi[inside]]
    inter = hit.mean(axis=1) * cut.area  # hint pixels that land inside, in cut-out pixels
    return float(np.max(inter / (2 * cut.area - inter)))


_CACHE: dict = {}


def cutouts(board: np.ndarray, segmenter: str, tol: int) -> list[tuple[Shape, Shape] | None]:
    """The nine cut-outs (None where a cell has none); the last board's are kept, so the two
    measures share one segmentation."""
    key = (hashlib.blake2b(board.tobytes(), digest_size=16).digest(), board.shape, segmenter, tol)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = _cutouts(board, segmenter, tol)
    return _CACHE[key]


def _cutouts(board: np.ndarray, segmenter: str, tol: int) -> list[tuple[Shape, Shape] | None]:
    h, w = board.shape[:2]
    cell = cell_side(w, h)
    half = int(math.ceil(WINDOW * cell))
    out = []
    for cx, cy in nominal_centres(w, h):
        win, _, _ = _window(board, cx, cy, half)
        if segmenter == "flat":
            mask = cut_flat(win, cell, tol)
        elif segmenter == "smooth":
            mask = cut_flat(cv2.medianBlur(win, 5), cell, tol)
        elif segmenter == "luma":
            mask = cut_luma(win, cell)
        elif segmenter == "grain":
            mask = cut_grain(win, cell)
        elif segmenter == "contour":
            mask = cut_contour(win, cell)
        else:
            mask = cut_colour(win, cell)
        out.append(None if mask is None else Shape.of_cutout(mask))
    return out


def score_matrix(board: np.ndarray, hint: np.ndarray, segmenter: str, measure: str, tol: int = 0) -> np.ndarray:
    """scores[i, j]: hint icon i against the cut-out of dot j (missing cut-outs score lowest)."""
    hints = [Shape.of_hint(t) for t in hint_tiles(board, hint)]
    cuts = cutouts(board, segmenter, tol)
    fn = chamfer if measure == "chamfer" else overlap
    low = -1e3 if measure == "chamfer" else -1.0
    # Holes against holes, filled against filled: the better of the two (an outline that draws lines
    # inside its figure spoils the first, a figure with holes the second).
    return np.array([[max(fn(hs[0], c[0]), fn(hs[1], c[1])) if c is not None else low for c in cuts]
                     for hs in hints])


def attack(board: np.ndarray, hint: np.ndarray, segmenter: str, measure: str, tol: int = 0) -> list[int]:
    return best_order(score_matrix(board, hint, segmenter, measure, tol))

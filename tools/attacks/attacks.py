"""Public attack classes against slide-puzzle captchas, as a bot author would write them.

Every attack takes the holed background (H×W×3 or H×W×4 uint8, BGR(A) as OpenCV reads it), the
piece (h×w×4 uint8, alpha = the shape's coverage), the drag mode and the start position shown to
the client, and returns its guess (x, y) for piece.png's top-left corner, or None when it has no
guess (e.g. the alpha-leak attack on an opaque background).

The start position gives a coordinate away: in horizontal mode the piece slides along its own row,
so attackers search only x at y = start.y; in vertical mode only y at x = start.x; in free mode both.
"""

from __future__ import annotations

import cv2
import numpy as np

Guess = tuple[int, int] | None


# ---------------------------------------------------------------- shared helpers


def _bgr(image: np.ndarray) -> np.ndarray:
    """The colour channels of a BGR, BGRA or grey image, as float32 H×W×3."""
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    return image[:, :, :3].astype(np.float32)


def _gray(image: np.ndarray) -> np.ndarray:
    """Luma of a BGR(A) or grey image as float32."""
    if image.ndim == 2:
        return image.astype(np.float32)
    return cv2.cvtColor(np.ascontiguousarray(image[:, :, :3]), cv2.COLOR_BGR2GRAY).astype(np.float32)


def _alpha(piece: np.ndarray) -> np.ndarray:
    """The piece's alpha as uint8 (255 everywhere when the piece has none)."""
    if piece.ndim == 3 and piece.shape[2] == 4:
        return piece[:, :, 3]
    return np.full(piece.shape[:2], 255, np.uint8)


def _solid(piece: np.ndarray, erode: int = 0) -> np.ndarray:
    """Pixels fully inside the shape (alpha 255), eroded by `erode` pixels, as a 0/1 uint8 mask.
    Outside the piece box counts as outside the shape (a square filling its box erodes too)."""
    m = (_alpha(piece) == 255).astype(np.uint8)
    if erode > 0:
        m = cv2.copyMakeBorder(m, erode, erode, erode, erode, cv2.BORDER_CONSTANT, value=0)
        m = cv2.erode(m, np.ones((3, 3), np.uint8), iterations=erode)[erode:-erode, erode:-erode]
    return m


def pick(score: np.ndarray, mode: str, start: tuple[int, int] | None) -> Guess:
    """Best placement in a score map (score[y, x], higher is better) under the drag mode's constraint."""
    s = np.where(np.isfinite(score), score, -np.inf).astype(np.float64)
    rows, cols = s.shape
    if start is not None and mode == "horizontal":
        y = int(np.clip(start[1], 0, rows - 1))
        row = s[y]
        return (int(np.argmax(row)), y) if np.isfinite(row).any() else None
    if start is not None and mode == "vertical":
        x = int(np.clip(start[0], 0, cols - 1))
        col = s[:, x]
        return (x, int(np.argmax(col))) if np.isfinite(col).any() else None
    if not np.isfinite(s).any():
        return None
    y, x = np.unravel_index(int(np.argmax(s)), s.shape)
    return int(x), int(y)


def _match(image: np.ndarray, templ: np.ndarray, method: int, mask: np.ndarray | None = None) -> np.ndarray:
    image = np.ascontiguousarray(image, np.float32)
    templ = np.ascontiguousarray(templ, np.float32)
    if mask is None:
        return cv2.matchTemplate(image, templ, method)
    mask = np.ascontiguousarray(mask, np.float32)
    if templ.ndim == 3 and mask.ndim == 2:
        mask = np.repeat(mask[:, :, None], templ.shape[2], axis=2)
    return cv2.matchTemplate(image, templ, method, mask=mask)


# ---------------------------------------------------------------- 1. edge template matching


def edge_match(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Canny edges of the piece's alpha outline against Canny edges of the background."""
    # Pad both by the same margin (zeros around the alpha, so a shape filling its whole box still
    # has an outline; replicated pixels around the background, which add no edges): match
    # positions stay piece top-left positions.
    p = 3
    outline = cv2.Canny(cv2.copyMakeBorder(_alpha(piece), p, p, p, p, cv2.BORDER_CONSTANT, value=0), 100, 200)
    gray = cv2.GaussianBlur(_gray(background), (3, 3), 0).astype(np.uint8)
    edges = cv2.Canny(cv2.copyMakeBorder(gray, p, p, p, p, cv2.BORDER_REPLICATE), 60, 160)
    # A little blur on both edge maps so a one-pixel miss still counts.
    t = cv2.GaussianBlur(outline.astype(np.float32), (3, 3), 0)
    e = cv2.GaussianBlur(edges.astype(np.float32), (3, 3), 0)
    return pick(_match(e, t, cv2.TM_CCORR_NORMED), mode, start)


# ---------------------------------------------------------------- 2. masked normalised correlation


def ncc_ccoeff(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Zero-mean normalised correlation of the piece's grey pixels against the background, masked to
    the shape's interior (so brightness and contrast changes of the hole do not matter)."""
    mask = _solid(piece, erode=2)
    score = _match(_gray(background), _gray(piece), cv2.TM_CCOEFF_NORMED, mask)
    return pick(score, mode, start)


def ncc_ccorr(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Normalised (not zero-mean) correlation of the piece's colour pixels, masked to the interior:
    insensitive to a uniform darkening or lightening of the hole."""
    mask = _solid(piece, erode=2)
    score = _match(_bgr(background), _bgr(piece), cv2.TM_CCORR_NORMED, mask)
    return pick(score, mode, start)


def _gradient(gray: np.ndarray) -> np.ndarray:
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    return cv2.magnitude(gx, gy)


def ncc_gradient(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Masked zero-mean correlation on gradient-magnitude images (defeats smooth shading of the hole)."""
    mask = _solid(piece, erode=3)
    g_piece = _gradient(cv2.GaussianBlur(_gray(piece), (3, 3), 0))
    g_back = _gradient(cv2.GaussianBlur(_gray(background), (3, 3), 0))
    score = _match(g_back, g_piece, cv2.TM_CCOEFF_NORMED, mask)
    return pick(score, mode, start)


# ---------------------------------------------------------------- 3. hole-contrast profiles


def _log_brightness(background: np.ndarray) -> np.ndarray:
    """log(grey + 8): a uniform darkening by a factor becomes a constant step."""
    return np.log(_gray(background) + 8.0)


def _log_local_contrast(background: np.ndarray) -> np.ndarray:
    """log of the 5×5 standard deviation (+1): a translucent fill scales it by a constant."""
    gray = _gray(background)
    mean = cv2.blur(gray, (5, 5))
    var = np.maximum(cv2.blur(gray * gray, (5, 5)) - mean * mean, 0)
    return np.log(np.sqrt(var) + 1.0)


def _body(piece: np.ndarray) -> tuple[int, int, int, int]:
    """The piece's body inside its box: rows r0…r1−1 and columns c0…c1−1 whose coverage is at least
    60% of the fullest row/column (leaves out the knobs of a jigsaw shape)."""
    a = _alpha(piece).astype(np.float32)
    rows, cols = a.sum(axis=1), a.sum(axis=0)
    r = np.nonzero(rows >= 0.6 * rows.max())[0]
    c = np.nonzero(cols >= 0.6 * cols.max())[0]
    return int(r[0]), int(r[-1]) + 1, int(c[0]), int(c[-1]) + 1


def _column_profile_score(feature: np.ndarray, piece: np.ndarray) -> np.ndarray:
    """score[y, x] for the piece's top-left at (x, y): (mean column profile of the flanks) − (mean
    column profile of the body window). The profile is the feature averaged over the body's rows,
    the window is the body's columns, the flanks are a third of the body width either side: high
    where a body-wide band is darker (flatter) than its sides."""
    h, w = piece.shape[:2]
    r0, r1, c0, c1 = _body(piece)
    H, W = feature.shape
    rows, cols = H - h + 1, W - w + 1
    bw, flank = c1 - c0, max(2, (c1 - c0) // 3)
    # band[y, :] = mean of feature rows y+r0 … y+r1−1.
    csum_r = np.concatenate([np.zeros((1, W)), np.cumsum(feature, axis=0, dtype=np.float64)], axis=0)
    y = np.arange(rows)
    band = (csum_r[y + r1] - csum_r[y + r0]) / (r1 - r0)
    csum = np.concatenate([np.zeros((rows, 1)), np.cumsum(band, axis=1)], axis=1)

    def mean(a, b):  # mean over columns [a, b) per row
        return (csum[:, b] - csum[:, a]) / np.maximum(b - a, 1)

    x = np.arange(cols) + c0
    inside = mean(x, x + bw)
    la, lb = np.maximum(x - flank, 0), x
    ra, rb = x + bw, np.minimum(x + bw + flank, W)
    n_l, n_r = lb - la, rb - ra
    sides = (mean(la, lb) * n_l + mean(ra, rb) * n_r) / np.maximum(n_l + n_r, 1)
    return sides - inside


def profile_dark(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Column profile of darkness relative to a blurred copy (log brightness minus its Gaussian blur,
    sigma = piece width / 12) over the piece's row band; the body-wide window darkest relative to its
    flanks is the shaded hole."""
    log = _log_brightness(background)
    relative = log - cv2.GaussianBlur(log, (0, 0), sigmaX=max(2.0, piece.shape[1] / 12))
    return pick(_column_profile_score(relative, piece), mode, start)


def profile_contrast(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Column profile of log local contrast over the piece's row band; the piece-wide window
    flattest relative to its flanks is the hole."""
    return pick(_column_profile_score(_log_local_contrast(background), piece), mode, start)


def _shape_contrast_score(feature: np.ndarray, piece: np.ndarray) -> np.ndarray:
    """score[y, x] = mean feature in a 3-pixel ring just outside the shape − mean feature inside it
    (eroded by 2 to skip a drawn outline), with the shape's top-left at (x, y)."""
    alpha = _alpha(piece)
    inner = _solid(piece, erode=2).astype(np.float32)
    m = (alpha > 0).astype(np.uint8)
    pad = 4
    mp = cv2.copyMakeBorder(m, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    ring = (cv2.dilate(mp, np.ones((3, 3), np.uint8), iterations=3) - mp).astype(np.float32)
    inner = cv2.copyMakeBorder(inner, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    fp = cv2.copyMakeBorder(feature.astype(np.float32), pad, pad, pad, pad, cv2.BORDER_REFLECT)
    s_in = _match(fp, inner, cv2.TM_CCORR) / max(inner.sum(), 1)
    s_ring = _match(fp, ring, cv2.TM_CCORR) / max(ring.sum(), 1)
    return s_ring - s_in


def shape_dark(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Hole contrast with the known shape: log brightness just outside the outline minus inside."""
    return pick(_shape_contrast_score(_log_brightness(background), piece), mode, start)


def shape_flat(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Hole contrast with the known shape: log local contrast just outside the outline minus inside."""
    return pick(_shape_contrast_score(_log_local_contrast(background), piece), mode, start)


# ---------------------------------------------------------------- 4. boundary continuity


def _border_pairs(piece: np.ndarray, inside: float = 2.5, outside: float = 1.5, sigma: float = 0.0):
    """Pairs (inner pixel of the piece, pixel just outside the outline) along the outline's normal.
    Returns (inner colours N×3, blurred by sigma within the shape; outer offsets N×2 as (dy, dx)
    relative to the piece box)."""
    # Work on a copy padded with transparent pixels, so a shape filling its whole box has a border.
    p = int(np.ceil(outside)) + 2
    piece = cv2.copyMakeBorder(piece, p, p, p, p, cv2.BORDER_CONSTANT, value=0)
    alpha = _alpha(piece)
    m = (alpha >= 128).astype(np.uint8)
    border = m & (1 - cv2.erode(m, np.ones((3, 3), np.uint8)))
    smooth = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), 1.5)
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3)
    ys, xs = np.nonzero(border)
    nx, ny = -gx[ys, xs], -gy[ys, xs]  # outward: alpha falls outwards
    norm = np.hypot(nx, ny)
    ok = norm > 1e-3
    ys, xs, nx, ny, norm = ys[ok], xs[ok], nx[ok] / norm[ok], ny[ok] / norm[ok], norm[ok]
    iy = np.rint(ys - inside * ny).astype(int)
    ix = np.rint(xs - inside * nx).astype(int)
    oy = np.rint(ys + outside * ny).astype(int)
    ox = np.rint(xs + outside * nx).astype(int)
    h, w = alpha.shape
    inb = (iy >= 0) & (iy < h) & (ix >= 0) & (ix < w)
    iy, ix, oy, ox = iy[inb], ix[inb], oy[inb], ox[inb]
    solid = alpha[iy, ix] == 255
    outb = (oy >= 0) & (oy < h) & (ox >= 0) & (ox < w)
    outside_shape = ~outb | (alpha[np.clip(oy, 0, h - 1), np.clip(ox, 0, w - 1)] == 0)
    keep = solid & outside_shape
    colours = _masked_blur(piece, sigma)[iy[keep], ix[keep]]
    return colours, np.stack([oy[keep] - p, ox[keep] - p], axis=1)


def _masked_blur(piece: np.ndarray, sigma: float) -> np.ndarray:
    """The piece's colours blurred with its alpha as weight (transparent pixels do not darken the
    border), float32 h×w×3; sigma 0 leaves them as they are."""
    colours = _bgr(piece)
    if sigma <= 0:
        return colours
    a = _alpha(piece).astype(np.float32) / 255
    num = cv2.GaussianBlur(colours * a[:, :, None], (0, 0), sigma)
    den = cv2.GaussianBlur(a, (0, 0), sigma)
    return num / np.maximum(den, 1e-3)[:, :, None]


def boundary_continuity(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """For every candidate position, compare the piece's pixels 2.5 px inside its outline with the
    background 1.5 px outside the candidate hole (past a drawn rim or edge line), both lightly
    blurred against sensor and JPEG noise; the lowest mean discontinuity wins."""
    h, w = piece.shape[:2]
    sigma = 1.0
    colours, offsets = _border_pairs(piece, sigma=sigma)
    if len(colours) == 0:
        return None
    bg = cv2.GaussianBlur(_bgr(background), (0, 0), sigma)
    rows, cols = bg.shape[0] - h + 1, bg.shape[1] - w + 1
    pad = int(np.abs(offsets).max()) + 2
    padded = cv2.copyMakeBorder(bg, pad, pad, pad, pad, cv2.BORDER_REFLECT)
    ys, x0, x1 = range(rows), 0, cols
    if start is not None and mode == "horizontal":
        y = int(np.clip(start[1], 0, rows - 1))
        ys = range(y, y + 1)
    elif start is not None and mode == "vertical":
        x0 = int(np.clip(start[0], 0, cols - 1))
        x1 = x0 + 1
    score = np.full((rows, cols), -np.inf)
    for y in ys:
        total = np.zeros(x1 - x0, np.float64)
        for (dy, dx), c in zip(offsets, colours):
            row = padded[y + dy + pad, x0 + dx + pad : x1 + dx + pad]
            total += np.abs(row - c).sum(axis=1)
        score[y, x0:x1] = -total / len(colours)
    return pick(score, mode, start)


# ---------------------------------------------------------------- 5. alpha leak


def alpha_leak(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """A hole drawn with transparency shows in the background's alpha channel: the piece-shaped
    region with the most missing alpha wins. No guess when the background is opaque."""
    if background.ndim != 3 or background.shape[2] != 4 or (background[:, :, 3] == 255).all():
        return None
    missing = 255.0 - background[:, :, 3].astype(np.float32)
    shape = _alpha(piece).astype(np.float32) / 255.0
    return pick(_match(missing, shape, cv2.TM_CCORR), mode, start)


# ---------------------------------------------------------------- 6. background restore


def background_restore(background: np.ndarray, piece: np.ndarray, mode: str, start=None, group=()) -> Guess:
    """Given other captchas made from the same photo (`group`, backgrounds of the same size, this one
    may be among them), a per-pixel median rebuilds the clean photo; the piece-shaped region that
    differs most from it is the hole. No guess without at least one other captcha."""
    others = [g for g in group if g is not background and g.shape[:2] == background.shape[:2]]
    if not others:
        return None
    stack = np.stack([_bgr(g) for g in [background, *others]])
    clean = np.median(stack, axis=0)
    diff = np.abs(_bgr(background) - clean).sum(axis=2)
    shape = _alpha(piece).astype(np.float32) / 255.0
    return pick(_match(diff, shape, cv2.TM_CCORR), mode, start)


# ---------------------------------------------------------------- registry

#: name → (attack number in the attack table, function, short description). Order is the table's order.
ATTACKS = {
    "edge-match": (1, edge_match, "Canny(piece alpha outline) vs Canny(background), TM_CCORR_NORMED"),
    "ncc-ccoeff": (2, ncc_ccoeff, "masked TM_CCOEFF_NORMED of piece grey pixels"),
    "ncc-ccorr": (2, ncc_ccorr, "masked TM_CCORR_NORMED of piece colour pixels"),
    "ncc-gradient": (2, ncc_gradient, "masked TM_CCOEFF_NORMED on gradient magnitudes"),
    "profile-dark": (3, profile_dark, "column profile of darkness vs a blurred copy; darkest body-wide window vs its flanks"),
    "profile-contrast": (3, profile_contrast, "column profile of log local contrast; flattest body-wide window vs its flanks"),
    "shape-dark": (3, shape_dark, "log brightness: ring outside the shape minus inside, shape known"),
    "shape-flat": (3, shape_flat, "log local contrast: ring outside the shape minus inside, shape known"),
    "boundary": (4, boundary_continuity, "piece border pixels vs background just outside the outline"),
    "alpha-leak": (5, alpha_leak, "piece-shaped region of missing background alpha"),
    "restore": (6, background_restore, "per-pixel median of same-photo captchas, largest masked difference"),
}

"""Attacks that find the holes first, as a motivated bot author writes them after reading
our source: the hardened hole is a coloured, striped patch whose visible region is the piece's
outline eroded by the hole's inset, and decoys differ from the target in shape and row.

Two families, same signature as attacks.py (background, piece, mode, start) -> (x, y) | None:

- hole finders (no shape choice beyond the piece-shaped window): `hole-contrast` (inside vs ring on
  grey, log-grey and HSV saturation, normalised by local spread), `stripe-demod` (energy of the one
  plane wave a striped hole carries, per pixel, relative to all local energy), `colour-cast`
  (inside vs ring distance of the mean chroma);
- hole finders that then choose by the designer's tells: `hole-shape` (segment each striped hole,
  keep the one the piece's eroded alpha overlaps best on the start row), `knob-layout` (the hole
  whose flat/knob/notch sides equal the piece's), `row-rule` (the hole whose box centre lies on the
  piece's row).
"""

from __future__ import annotations

import cv2
import numpy as np

from tools.attacks.attacks import Guess, _alpha, _gray, _match, pick

#: The hardened hole's inset (StripedHole.inset): its visible edge lies this far inside the outline.
INSET = 4
#: Stripe periods and directions of StripedHole.Look: 4…7 px, sixteen directions over half a turn.
PERIODS = (4.0, 4.75, 5.5, 6.25, 7.0)
DIRECTIONS = [(np.cos(k * np.pi / 16), np.sin(k * np.pi / 16)) for k in range(16)]


# ---------------------------------------------------------------- shared feature maps


def eroded_shape(piece: np.ndarray, inset: int = INSET) -> np.ndarray:
    """The piece's coverage (alpha ≥ 128) eroded by `inset` px with a disc: the visible hole, 0/1."""
    m = (_alpha(piece) >= 128).astype(np.uint8)
    if inset <= 0:
        return m
    p = inset + 1
    m = cv2.copyMakeBorder(m, p, p, p, p, cv2.BORDER_CONSTANT, value=0)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * inset + 1, 2 * inset + 1))
    return cv2.erode(m, disc)[p:-p, p:-p]


def _ring(shape: np.ndarray, width: int = 4) -> tuple[np.ndarray, np.ndarray, int]:
    """(inside, ring) templates over the piece box padded by `width` on every side, float32, and the
    padding: ring = pixels within `width` px outside `shape`."""
    pad = width
    inner = cv2.copyMakeBorder(shape, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * width + 1, 2 * width + 1))
    ring = cv2.dilate(inner, disc) - inner
    return inner.astype(np.float32), ring.astype(np.float32), pad


def _window_stats(feature: np.ndarray, templ: np.ndarray, pad: int) -> tuple[np.ndarray, np.ndarray]:
    """(mean, variance) of `feature` (H×W or H×W×C) under the 0/1 template at every placement of the
    piece box's top-left; the template is the piece box padded by `pad`."""
    f = np.ascontiguousarray(feature, np.float32)
    if f.ndim == 3:
        stats = [_window_stats(f[:, :, c], templ, pad) for c in range(f.shape[2])]
        return np.stack([m for m, _ in stats], axis=2), np.stack([v for _, v in stats], axis=2)
    fp = cv2.copyMakeBorder(f, pad, pad, pad, pad, cv2.BORDER_REFLECT)
    n = max(float(templ.sum()), 1.0)
    s1 = _match(fp, templ, cv2.TM_CCORR) / n
    s2 = _match(fp * fp, templ, cv2.TM_CCORR) / n
    return s1, np.maximum(s2 - s1 * s1, 0)


def _z_contrast(feature: np.ndarray, shape: np.ndarray, width: int = 4) -> np.ndarray:
    """|mean inside − mean in the ring| / the ring's standard deviation: how far the window's mean
    stands out of its surroundings' local spread (a hole that differs from its surroundings scores
    high on any map)."""
    inner, ring, pad = _ring(shape, width)
    m_in, _ = _window_stats(feature, inner, pad)
    m_out, v_out = _window_stats(feature, ring, pad)
    return np.abs(m_in - m_out) / np.sqrt(v_out + 1e-3 * float(np.var(feature)) + 1e-6)


def saturation(background: np.ndarray) -> np.ndarray:
    """HSV saturation 0…1."""
    hsv = cv2.cvtColor(np.ascontiguousarray(background[:, :, :3]), cv2.COLOR_BGR2HSV)
    return hsv[:, :, 1].astype(np.float32) / 255


def chroma(background: np.ndarray) -> np.ndarray:
    """(Cr, Cb) of BT.601 YCrCb, centred on 0, float32 H×W×2."""
    ycc = cv2.cvtColor(np.ascontiguousarray(background[:, :, :3]), cv2.COLOR_BGR2YCrCb).astype(np.float32)
    return ycc[:, :, 1:] - 128


def wave_amplitudes(gray: np.ndarray, envelope: float = 1.0) -> np.ndarray:
    """Demodulation at every bank wave (16 directions × PERIODS): the local amplitude of the plane
    wave of that direction and period, under a Gaussian window of σ = envelope·period, at every
    pixel; K×H×W float32. Done in the frequency domain: one FFT of the high-passed brightness, one
    inverse FFT per wave of its product with the window's (Gaussian) spectrum centred on the wave."""
    g = gray - cv2.GaussianBlur(gray, (0, 0), 3)
    H, W = g.shape
    spectrum = np.fft.fft2(g)
    fy = np.fft.fftfreq(H)[:, None]
    fx = np.fft.fftfreq(W)[None, :]
    out = []
    for period in PERIODS:
        sigma = envelope * period
        for dx, dy in DIRECTIONS:
            kx, ky = dx / period, dy / period
            window = np.exp(-2 * np.pi**2 * sigma**2 * ((fx - kx) ** 2 + (fy - ky) ** 2))
            out.append(2 * np.abs(np.fft.ifft2(spectrum * window)).astype(np.float32))
    return np.stack(out)


def stripiness(background: np.ndarray) -> np.ndarray:
    """Per pixel: the strongest single plane wave's amplitude over √2 × the local standard deviation
    of the (high-passed) brightness: 1 for a pure plane wave, lower for photo texture, whose energy
    is spread over many waves. A striped hole is one plane wave."""
    gray = _gray(background)
    amp = wave_amplitudes(gray).max(axis=0)
    hp = gray - cv2.GaussianBlur(gray, (0, 0), 3)
    local = np.sqrt(2 * cv2.GaussianBlur(hp * hp, (0, 0), 5.5)) + 1.0
    return amp / local


# ---------------------------------------------------------------- 1. hole finders


def hole_contrast(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Inside a piece-shaped window vs a 4-px ring around it, on grey, log-grey and HSV
    saturation, each normalised by the ring's spread; summed over the three maps and over two
    windows: the shape eroded by the striped hole's inset, and the whole shape (a shaded hole)."""
    gray = _gray(background)
    maps = (gray, np.log(gray + 8.0), saturation(background))
    score = sum(_z_contrast(f, eroded_shape(piece, inset)) for inset in (INSET, 0) for f in maps)
    return pick(score, mode, start)


def stripe_demod(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Mean stripiness inside the piece-shaped window minus the ring around it."""
    shape = eroded_shape(piece)
    inner, ring, pad = _ring(shape, 4)
    s = stripiness(background)
    m_in, _ = _window_stats(s, inner, pad)
    m_out, _ = _window_stats(s, ring, pad)
    return pick(m_in - m_out, mode, start)


def colour_cast(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Distance between the mean chroma inside the piece-shaped window and in the ring around it,
    over the ring's chroma spread: a colour cast of equal brightness shows here and nowhere in grey."""
    shape = eroded_shape(piece)
    inner, ring, pad = _ring(shape, 4)
    c = chroma(background)
    m_in, v_in = _window_stats(c, inner, pad)
    m_out, v_out = _window_stats(c, ring, pad)
    diff = np.sqrt(((m_in - m_out) ** 2).sum(axis=2))
    spread = np.sqrt(0.5 * (v_in + v_out).sum(axis=2) + 1.0)
    return pick(diff / spread, mode, start)


# ---------------------------------------------------------------- 2. segment the holes, then choose


class Hole:
    """One segmented hole: its 0/1 mask over the whole background and its pixel box."""

    def __init__(self, mask: np.ndarray, strength: float):
        self.mask = mask
        self.strength = strength
        ys, xs = np.nonzero(mask)
        self.x0, self.x1, self.y0, self.y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
        self.area = int(mask.sum())

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


#: Stripiness above which a pixel may be part of a striped hole (a single plane wave scores about
#: 0.7; photo texture, whose energy is spread over many waves, mostly below 0.4).
STRIPE_THRESHOLD = 0.45


def segment_holes(background: np.ndarray, piece: np.ndarray) -> list[Hole]:
    """The striped holes: connected regions of high stripiness about the size of the visible hole,
    each refined to the pixels whose chroma matches the region's colour cast (the cast is sharp at
    the hole's edge, while the stripe energy is blurred by the demodulation window)."""
    target_area = float(eroded_shape(piece).sum())
    s = stripiness(background)
    seed = (s > STRIPE_THRESHOLD).astype(np.uint8)
    seed = cv2.morphologyEx(seed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(seed, connectivity=8)
    c = chroma(background)
    holes = []
    for k in range(1, n):
        if not 0.25 * target_area <= stats[k, cv2.CC_STAT_AREA] <= 3 * target_area:
            continue
        region = labels == k
        cast = np.median(c[region], axis=0)
        near = cv2.dilate(region.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
        dist = np.sqrt(((c - cast) ** 2).sum(axis=2))
        spread = max(6.0, 2.5 * float(np.median(dist[region])))
        mask = (near & (dist <= spread)).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        m, lab, st, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        if m <= 1:
            continue
        best = 1 + int(np.argmax(st[1:, cv2.CC_STAT_AREA]))
        mask = (lab == best).astype(np.uint8)
        if mask.sum() < 0.25 * target_area:
            continue
        holes.append(Hole(mask, float(s[region].mean())))
    return holes


def _allowed(x: int, y: int, mode: str, start) -> bool:
    if start is None or mode == "free":
        return True
    return (y == start[1]) if mode == "horizontal" else (x == start[0])


def best_overlap(hole: Hole, shape: np.ndarray, mode: str, start, reach: int = 6) -> tuple[float, int, int]:
    """(IoU, x, y): the piece box placement, allowed by the mode, whose eroded shape overlaps the
    hole best, searched within `reach` px of where the boxes' centres agree."""
    h, w = shape.shape
    H, W = hole.mask.shape
    cx, cy = hole.centre
    ys, xs = np.nonzero(shape)
    sx, sy = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
    bx, by = int(round(cx - sx)), int(round(cy - sy))
    if start is not None and mode == "horizontal":
        y_range = [start[1]]
    else:
        y_range = range(by - reach, by + reach + 1)
    if start is not None and mode == "vertical":
        x_range = [start[0]]
    else:
        x_range = range(bx - reach, bx + reach + 1)
    pad = max(h, w) + reach + 2
    m = cv2.copyMakeBorder(hole.mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    area_s = float(shape.sum())
    best = (-1.0, bx, by)
    for y in y_range:
        for x in x_range:
            if not (0 <= x <= W - w and 0 <= y <= H - h):
                continue
            inter = float((m[y + pad : y + pad + h, x + pad : x + pad + w] & shape).sum())
            iou = inter / (hole.area + area_s - inter)
            if iou > best[0]:
                best = (iou, x, y)
    return best


def hole_shape(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Segment every striped hole; the one the piece's eroded alpha overlaps best (IoU, at the
    placement allowed by the drag mode) is the target."""
    shape = eroded_shape(piece)
    scored = [best_overlap(h, shape, mode, start) for h in segment_holes(background, piece)]
    scored = [s for s in scored if s[0] > 0]
    if not scored:
        return None
    _, x, y = max(scored)
    return x, y


def side_kinds(mask: np.ndarray) -> tuple[int, ...]:
    """Flat (0), knob (1) or notch (2) for the top, right, bottom and left sides of a jigsaw-like
    0/1 mask. The body is the box without its thin ends (rows or columns less than 40% full: a
    knob's neck and head); a side
    carries a knob when enough of the mask lies beyond the body's edge in its middle third, a
    notch when the body's middle third along that edge is mostly empty."""
    ys, xs = np.nonzero(mask)
    m = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)
    rows, cols = m.sum(axis=1), m.sum(axis=0)

    def core(cover: np.ndarray, full: int) -> tuple[int, int]:
        """Trim the ends thinner than 40% of the box: what a knob adds beyond the body."""
        thick = np.nonzero(cover >= 0.4 * full)[0]
        return int(thick[0]), int(thick[-1]) + 1

    r0, r1 = core(rows, m.shape[1])
    c0, c1 = core(cols, m.shape[0])
    bh, bw = r1 - r0, c1 - c0
    depth = max(2, int(round(0.2 * min(bh, bw))))
    mid_c = slice(c0 + bw // 3, c1 - bw // 3)
    mid_r = slice(r0 + bh // 3, r1 - bh // 3)
    regions = [
        (m[:r0, mid_c], m[r0 : r0 + depth, mid_c]),  # top: beyond, body edge band
        (m[mid_r, c1:], m[mid_r, c1 - depth : c1]),  # right
        (m[r1:, mid_c], m[r1 - depth : r1, mid_c]),  # bottom
        (m[mid_r, :c0], m[mid_r, c0 : c0 + depth]),  # left
    ]
    kinds = []
    for beyond, band in regions:
        if band.size and band.mean() < 0.6:
            kinds.append(2)
        elif beyond.size and beyond.sum() >= 0.02 * bw * bh:
            kinds.append(1)
        else:
            kinds.append(0)
    return tuple(kinds)


def knob_layout(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """Among the segmented holes, the one whose flat/knob/notch layout equals the piece's (read the
    same way from the piece's eroded alpha); ties and no match fall back to the best overlap."""
    shape = eroded_shape(piece)
    want = side_kinds(shape)
    holes = segment_holes(background, piece)
    if not holes:
        return None
    ranked = []
    for h in holes:
        crop = h.mask[h.y0 : h.y1 + 1, h.x0 : h.x1 + 1]
        same = sum(a == b for a, b in zip(side_kinds(crop), want))
        iou, x, y = best_overlap(h, shape, mode, start)
        ranked.append((same, iou, x, y))
    _, _, x, y = max(ranked)
    return x, y


def row_rule(background: np.ndarray, piece: np.ndarray, mode: str, start=None) -> Guess:
    """The hole that lies on the piece's row (horizontal; column in vertical mode): the target is
    exactly on the start row, decoys are drawn a few pixels off it. Each hole's row is where the
    piece's eroded shape, free to move, overlaps it best (robust to a pixel or two of segmentation
    error at its edge); the hole nearest the start row wins, ties go to the better overlap. Free
    mode gives no row away: no guess."""
    if start is None or mode == "free":
        return None
    shape = eroded_shape(piece)
    fits = [best_overlap(h, shape, "free", None) for h in segment_holes(background, piece)]
    if not fits:
        return None
    axis = 2 if mode == "horizontal" else 1
    line = start[1] if mode == "horizontal" else start[0]
    _, x, y = min(fits, key=lambda f: (abs(f[axis] - line), -f[0]))
    return (x, start[1]) if mode == "horizontal" else (start[0], y)


#: name → (attack class, function, short description), in the table's order.
HOLE_ATTACKS = {
    "hole-contrast": ("7a", hole_contrast, "inside vs ring of the eroded piece shape on grey, log-grey, HSV saturation / local spread"),
    "stripe-demod": ("7a", stripe_demod, "single-plane-wave energy (Gabor demodulation) / local energy, inside vs ring"),
    "colour-cast": ("7a", colour_cast, "mean chroma inside vs ring / chroma spread"),
    "hole-shape": ("7b", hole_shape, "segment striped holes (stripes + cast), best IoU with the eroded piece on the start row"),
    "knob-layout": ("7b", knob_layout, "segmented hole whose flat/knob/notch sides equal the piece's"),
    "row-rule": ("7b", row_rule, "segmented hole whose best-fitting row (piece shape free to move) is the start row"),
}

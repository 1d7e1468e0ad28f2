"""Attacks on rotate captchas, written the way an attacker would write them.

Each is a function `attack(background, piece, center) -> angle | None` over OpenCV BGR(A) arrays:
`center` is where the client shows the piece's centre (answer.json's `center`, which the client
needs to draw the captcha). The guess is the clockwise turn in degrees that makes the piece upright.

- rim-tenon: what the `tenon` package's `rotate_identify` does: a band just inside the piece's rim
  and a band just outside the hole, compared at every angle in 10° steps, then in 1° steps around
  the best; the lowest mean absolute colour difference wins.
- rim-ncc: the same bands, zero-mean normalised correlation per channel (immune to the piece's
  gain and brightness jitter), every whole degree.
The hole's radius: an attacker who has read our source knows the socket (0.07 r, at least 2 px);
`hole_radius` also measures it from the background when asked (`measure=True`).
"""

from __future__ import annotations

import numpy as np
import cv2

GAP_FRACTION = 0.07
BAND = (2.0, 3.0, 4.0)


def hole_radius(piece_radius: float) -> float:
    gap = 0 if GAP_FRACTION == 0 else max(2, round(piece_radius * GAP_FRACTION))
    return piece_radius + gap


def ring(image: np.ndarray, cx: float, cy: float, radii, samples: int = 360) -> np.ndarray:
    """(samples, 3) float: mean colour over `radii` at each angle (clockwise from +x, y down)."""
    t = np.arange(samples) * (2 * np.pi / samples)
    acc = np.zeros((samples, 3), np.float32)
    for r in radii:
        mx = (cx + r * np.cos(t) - 0.5).astype(np.float32).reshape(1, -1)
        my = (cy + r * np.sin(t) - 0.5).astype(np.float32).reshape(1, -1)
        acc += cv2.remap(image[:, :, :3].astype(np.float32), mx, my, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)[0]
    return acc / len(radii)


def bands(background, piece, center):
    r = piece.shape[1] / 2
    inner = ring(piece, r, r, [r - b for b in BAND])
    outer = ring(background, center[0], center[1], [hole_radius(r) + b for b in BAND])
    return inner, outer


def rim_tenon(background, piece, center):
    inner, outer = bands(background, piece, center)

    def cost(turn):
        # Piece sample at φ lands at φ + turn.
        return float(np.mean(np.abs(inner - np.roll(outer, -turn, axis=0))))

    coarse = min(range(0, 360, 10), key=cost)
    fine = min(((coarse + d) % 360 for d in range(-9, 10)), key=cost)
    return float(fine)


def rim_ncc(background, piece, center):
    inner, outer = bands(background, piece, center)
    inner = inner - inner.mean(axis=0)
    outer = outer - outer.mean(axis=0)
    scores = [float(np.sum(inner * np.roll(outer, -t, axis=0))) for t in range(360)]
    return float(int(np.argmax(scores)))


ROTATE_ATTACKS = {
    "rim-tenon": ("rim", rim_tenon, "tenon-style rim matching: mean |colour difference| of the piece's inner rim band "
                                    "vs the band outside the hole, 10° then 1° steps"),
    "rim-ncc": ("rim", rim_ncc, "rim matching by zero-mean correlation per channel, every whole degree"),
}


def circular_distance(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


# The upright prior: no rim at all, only what photos usually look like the right way
# up: edges mostly level and plumb (horizons, walls, trunks) and the lighter half on top (sky).
UPRIGHT_EDGE_WEIGHT = 1.0
UPRIGHT_LIGHT_WEIGHT = 1.0


def disc_levelness(piece):
    """The piece's grey picture, each pixel's offset (dx, dy) from the centre, the disc's inside
    (0.92 r), and for every whole-degree clockwise turn how level and plumb its gradients would be
    (the cos 4θ moment of the gradient angles, weighted by squared magnitude; not normalised)."""
    r = piece.shape[1] / 2
    grey = cv2.cvtColor(piece[:, :, :3], cv2.COLOR_BGR2GRAY).astype(np.float32)
    yy, xx = np.mgrid[0:piece.shape[0], 0:piece.shape[1]]
    dx, dy = xx + 0.5 - r, yy + 0.5 - r
    inside = (dx * dx + dy * dy) <= (0.92 * r) ** 2
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    w = (gx * gx + gy * gy) * inside
    theta = np.arctan2(gy, gx)
    # Turning the picture clockwise by t turns every gradient direction by t as well.
    c4, s4 = float(np.sum(w * np.cos(4 * theta))), float(np.sum(w * np.sin(4 * theta)))
    t = np.radians(np.arange(360))
    return grey, dx, dy, inside, c4 * np.cos(4 * t) - s4 * np.sin(4 * t)


def upright_prior(background, piece, center):
    """The clockwise turn that makes the piece's gradient directions most level and plumb (the
    cos 4θ moment of the gradient angles, weighted by squared magnitude) and its brighter side face
    up (the brightness moment about the centre), each normalised to −1…1; every whole degree."""
    grey, dx, dy, inside, edge = disc_levelness(piece)
    lum = (grey - grey[inside].mean()) * inside
    mx, my = float(np.sum(lum * dx)), float(np.sum(lum * dy))
    normm = float(np.sqrt(np.sum(lum * lum) * np.sum((dx * dx + dy * dy) * inside))) or 1.0
    t = np.radians(np.arange(360))
    # The brightness moment turned clockwise by t (y down): its y must point up (negative).
    turned_y = mx * np.sin(t) + my * np.cos(t)
    light = -turned_y / normm
    score = UPRIGHT_EDGE_WEIGHT * edge / max(1e-9, np.abs(edge).max()) + UPRIGHT_LIGHT_WEIGHT * light / max(
        1e-9, np.abs(light).max())
    return float(int(np.argmax(score)))


ROTATE_ATTACKS["upright-prior"] = (
    "prior", upright_prior, "no rim: the turn with the most level/plumb gradients and the lighter half on top")


# The object-axis attack: written against the rotate kind's built-in picture
# (ObjectScene: upright objects made of ellipses on a ground of one colour, their colours drawn at
# random, no horizon), by someone who has read its source. It cuts the objects out by their
# colour distance from the ground's median colour, takes each object's long axis (second moments
# of its pixels) and its mass skew along that axis, and votes: the axes, weighted by area and
# elongation, should stand plumb; the skews (trunks and stems below round crowns and caps) should
# point down, with the sign fitted on the train seeds.
OBJECT_CONTRAST = 40.0
OBJECT_MIN_AREA = 40
OBJECT_SKEW_SIGN = 1.0
OBJECT_SKEW_WEIGHT = 0.5


def object_axis(background, piece, center):
    """The turn that stands the cut-out objects' long axes plumb, their mass skews pointing the way
    the train seeds say; every whole degree."""
    n = piece.shape[0]
    r = n / 2
    yy, xx = np.mgrid[0:n, 0:n]
    inside = ((xx + 0.5 - r) ** 2 + (yy + 0.5 - r) ** 2) <= (0.95 * r) ** 2
    img = cv2.GaussianBlur(piece[:, :, :3].astype(np.float32), (0, 0), 1.2)
    ground = np.median(img[inside], axis=0)
    fg = ((np.sqrt(((img - ground) ** 2).sum(-1)) > OBJECT_CONTRAST) & inside).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(fg)
    c2 = s2 = sx = sy = 0.0
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < OBJECT_MIN_AREA:
            continue
        ys, xs = np.nonzero(labels == k)
        x, y = xs - xs.mean(), ys - ys.mean()
        mxx, myy, mxy = float((x * x).mean()), float((y * y).mean()), float((x * y).mean())
        theta = 0.5 * np.arctan2(2 * mxy, mxx - myy)  # the long axis, from +x, y down
        elongation = np.sqrt((mxx - myy) ** 2 + 4 * mxy ** 2) / max(1e-9, mxx + myy)
        weight = len(xs) * elongation
        c2 += weight * np.cos(2 * theta)
        s2 += weight * np.sin(2 * theta)
        u = x * np.cos(theta) + y * np.sin(theta)
        skew = float((u ** 3).mean()) / max(1e-9, float((u * u).mean()) ** 1.5)
        sx += len(xs) * skew * np.cos(theta)
        sy += len(xs) * skew * np.sin(theta)
    t = np.radians(np.arange(360))
    # Turned clockwise by t an axis at θ lies at θ + t; plumb is ±90°, where cos 2(θ + t) = −1.
    plumb = -(c2 * np.cos(2 * t) - s2 * np.sin(2 * t))
    # The skew vector turned clockwise by t should point down (+y) when OBJECT_SKEW_SIGN is 1.
    down = OBJECT_SKEW_SIGN * (sx * np.sin(t) + sy * np.cos(t))
    score = plumb / max(1e-9, np.abs(plumb).max()) + OBJECT_SKEW_WEIGHT * down / max(1e-9, np.abs(down).max())
    return float(int(np.argmax(score)))


ROTATE_ATTACKS["object-axis"] = (
    "aware", object_axis, "written against the built-in object scene: objects cut out by colour, their long axes "
                          "stood plumb, their mass skews the way the train seeds say")


def upright_halves(background, piece, center):
    """The upright prior with half means in place of the brightness moment: for each clockwise turn,
    how level and plumb the gradients would be (the cos 4θ term) plus how much lighter the upper half
    of the turned disc would be than its lower half, each normalised to −1…1; every whole degree. Half
    means see a sky/ground split that the moment weighs less (a bright sky far from a dark ground
    near the centre)."""
    grey, dx, dy, inside, edge = disc_levelness(piece)
    t = np.radians(np.arange(360))
    halves = []
    for a in t:
        turned_y = dx * np.sin(a) + dy * np.cos(a)  # y of each pixel once turned clockwise by a
        up, down = grey[inside & (turned_y < 0)], grey[inside & (turned_y > 0)]
        halves.append(float(up.mean() - down.mean()) if up.size and down.size else 0.0)
    halves = np.array(halves)
    score = edge / max(1e-9, np.abs(edge).max()) + halves / max(1e-9, np.abs(halves).max())
    return float(int(np.argmax(score)))


ROTATE_ATTACKS["upright-halves"] = (
    "prior", upright_halves, "no rim: the most level/plumb gradients and the lighter upper half (half means)")

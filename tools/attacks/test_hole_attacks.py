"""The hole-finding attacks find known holes in synthetic captchas: a shaded (classic)
hole, and a striped, colour-cast hole drawn like StripedHole (fill of the surroundings' colour, one
plane wave, equal-luma cast, visible edge 4 px inside the outline) among decoys of another shape
a few rows off.

Run with `.venv/bin/python -m pytest tools/attacks` after `make attack-venv`.
"""

from __future__ import annotations


import cv2
import numpy as np
import pytest

from tools.attacks import hole_attacks as HA
from tools.attacks.test_attacks import BOX, POSITIONS, TOL, jigsaw_alpha, make_captcha, texture


def striped_hole(bg: np.ndarray, alpha: np.ndarray, x: int, y: int, direction: float, period: float,
                 cast: tuple[float, float]) -> None:
    """Draw a striped hole in place: inside the outline eroded by 4 px, the blurred surroundings'
    colour at a third of its saturation, ±24 levels of one plane wave and an equal-luma cast
    (Cb, Cr) — what StripedHole draws."""
    visible = HA.eroded_shape(np.dstack([alpha] * 4)).astype(bool)
    region = bg[y : y + BOX, x : x + BOX].astype(np.float32)
    base = cv2.GaussianBlur(region, (0, 0), 8)
    grey = base.mean(axis=2, keepdims=True)
    yy, xx = np.mgrid[y : y + BOX, x : x + BOX].astype(np.float32)
    u = (xx * np.cos(direction) + yy * np.sin(direction)) / period
    tri = 4 * np.abs(u - np.floor(u) - 0.5) - 1
    cb, cr = cast
    tint = np.array([1.772 * cb, -0.344 * cb - 0.714 * cr, 1.402 * cr], np.float32)  # B, G, R
    fill = grey + (base - grey) * 0.3 + 24 * np.clip(1.5 * tri, -1, 1)[:, :, None] + tint
    region[visible] = fill[visible]
    bg[y : y + BOX, x : x + BOX] = np.clip(region, 0, 255).astype(np.uint8)


def centred(alpha: np.ndarray) -> np.ndarray:
    """The shape moved so its bounding box is centred in the piece box, as captcha-gen fits every
    outline."""
    ys, xs = np.nonzero(alpha >= 128)
    dy = int(round((BOX - 1) / 2 - (ys.min() + ys.max()) / 2))
    dx = int(round((BOX - 1) / 2 - (xs.min() + xs.max()) / 2))
    return np.roll(alpha, (dy, dx), axis=(0, 1))


def hardened_captcha(seed: int, x: int, y: int, decoys: list[tuple[int, int]]):
    """(background, piece): the target's striped hole at (x, y) with the piece's shape, and decoy
    holes of the shape turned by 180° (other knob/notch sides) at `decoys`."""
    photo = texture(seed)
    alpha = centred(jigsaw_alpha())
    piece = np.dstack([photo[y : y + BOX, x : x + BOX], alpha])
    bg = photo.copy()
    rng = np.random.default_rng(seed)
    striped_hole(bg, alpha, x, y, rng.uniform(0, np.pi), rng.uniform(4, 7), (40, -30))
    for k, (dx, dy) in enumerate(decoys):
        striped_hole(bg, alpha[::-1, ::-1].copy(), dx, dy, rng.uniform(0, np.pi), rng.uniform(4, 7), (-35 + 20 * k, 40))
    return bg, piece


CASES = [  # seed, target, decoys (rows 2–4 px off the target's, as captcha-gen draws them)
    (1, (150, 50), [(20, 53), (240, 47)]),
    (2, (30, 70), [(120, 72), (220, 66)]),
    (3, (240, 40), [(40, 44), (130, 37)]),
]


@pytest.mark.parametrize("x, y", POSITIONS)
def test_hole_contrast_cracks_a_classic_shaded_hole(x, y):
    bg, piece = make_captcha(texture(seed=x), x, y, "dark")
    guess = HA.hole_contrast(bg, piece, "horizontal", (0, y))
    assert guess is not None and abs(guess[0] - x) <= TOL and guess[1] == y


@pytest.mark.parametrize("name", ["stripe-demod", "colour-cast"])
@pytest.mark.parametrize("x, y", POSITIONS)
def test_hole_finders_find_a_lone_striped_hole(name, x, y):
    bg, piece = hardened_captcha(x, x, y, [])
    guess = HA.HOLE_ATTACKS[name][1](bg, piece, "horizontal", (0, y))
    assert guess is not None and abs(guess[0] - x) <= TOL, f"{name} guessed {guess}, hole at {x}"


@pytest.mark.parametrize("seed, target, decoys", CASES)
def test_segmentation_finds_every_striped_hole_and_nothing_else(seed, target, decoys):
    bg, piece = hardened_captcha(seed, *target, decoys)
    holes = HA.segment_holes(bg, piece)
    centres = sorted(h.centre[0] for h in holes)
    expected = sorted(px + BOX / 2 for px, _ in [target, *decoys])
    assert len(holes) == 3
    assert all(abs(c - e) <= 6 for c, e in zip(centres, expected)), (centres, expected)


def test_segmentation_finds_no_hole_in_a_plain_photo():
    photo = texture(seed=11)
    assert HA.segment_holes(photo, np.dstack([photo[:BOX, :BOX], jigsaw_alpha()])) == []


@pytest.mark.parametrize("name", ["hole-shape", "knob-layout"])
@pytest.mark.parametrize("seed, target, decoys", CASES)
def test_choosers_pick_the_target_among_decoys(name, seed, target, decoys):
    bg, piece = hardened_captcha(seed, *target, decoys)
    guess = HA.HOLE_ATTACKS[name][1](bg, piece, "horizontal", (0, target[1]))
    assert guess is not None and abs(guess[0] - target[0]) <= TOL, f"{name} guessed {guess}, target {target}"


@pytest.mark.parametrize("seed, target", [(1, (150, 50)), (2, (30, 70)), (3, (240, 40))])
def test_row_rule_picks_the_hole_on_the_piece_row_when_decoys_are_4_px_off(seed, target):
    # Its hole boxes are found to within 1–2 px, so decoys 1–3 px off can beat it (see README).
    x, y = target
    decoys = [((x + 100) % 250, y + 4), ((x + 180) % 250, y - 4)]
    bg, piece = hardened_captcha(seed, x, y, decoys)
    guess = HA.row_rule(bg, piece, "horizontal", (0, y))
    assert guess is not None and abs(guess[0] - x) <= TOL, f"row-rule guessed {guess}, target {target}"


def test_row_rule_has_no_guess_in_free_mode():
    bg, piece = hardened_captcha(1, 150, 50, [(20, 53)])
    assert HA.row_rule(bg, piece, "free", (0, 0)) is None


def test_side_kinds_reads_the_jigsaw_layout():
    # A body with a knob on top and on the right, a flat bottom and a notch on the left, as deep
    # as captcha-gen's (a quarter of the body side).
    shape = np.zeros((BOX, BOX), np.uint8)
    cv2.rectangle(shape, (12, 12), (43, 43), 1, -1)
    cv2.circle(shape, (28, 7), 6, 1, -1)
    cv2.circle(shape, (48, 28), 6, 1, -1)
    cv2.circle(shape, (15, 28), 6, 0, -1)
    assert HA.side_kinds(shape) == (1, 1, 0, 2)
    assert HA.side_kinds(shape[::-1, ::-1].copy()) == (0, 2, 1, 1)


def test_eroded_shape_shrinks_by_the_inset():
    square = np.zeros((BOX, BOX, 4), np.uint8)
    square[10:40, 10:40, 3] = 255
    eroded = HA.eroded_shape(square)
    ys, xs = np.nonzero(eroded)
    assert (ys.min(), ys.max(), xs.min(), xs.max()) == (14, 35, 14, 35)

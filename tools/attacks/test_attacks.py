"""Each attack finds a known hole in synthetic captchas, and misses where it has nothing to go on.

Run with `.venv/bin/python -m pytest tools/attacks` after `make attack-venv`.
"""

from __future__ import annotations


import cv2
import numpy as np
import pytest

from tools.attacks import attacks as A
from tools.attacks.scoring import Item, chance_rate, fit_offset, fitted_rate, hit, success_rate

W, H, BOX = 320, 160, 56
TOL = 5


def texture(seed: int) -> np.ndarray:
    """A photo-like BGR background: blurred noise at a few scales over a gradient, 40…220."""
    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), np.float32)
    for sigma, weight in ((12, 1.0), (4, 0.6), (1.2, 0.35)):
        n = cv2.GaussianBlur(rng.standard_normal((H, W, 3)).astype(np.float32), (0, 0), sigma)
        img += weight * n / n.std()
    img += np.linspace(-0.8, 0.8, W, dtype=np.float32)[None, :, None]
    img = 130 + 40 * img
    return np.clip(img, 40, 220).astype(np.uint8)


def jigsaw_alpha() -> np.ndarray:
    """A BOX×BOX anti-aliased jigsaw-like coverage: a square body with a knob on the right and on top."""
    s = 8
    big = np.zeros((BOX * s, BOX * s), np.uint8)
    cv2.rectangle(big, (6 * s, 12 * s), (44 * s, 50 * s), 255, -1)
    cv2.circle(big, (46 * s, 31 * s), 7 * s, 255, -1)
    cv2.circle(big, (25 * s, 10 * s), 7 * s, 255, -1)
    cv2.circle(big, (6 * s, 31 * s), 5 * s, 0, -1)  # an inward notch on the left
    return cv2.resize(big, (BOX, BOX), interpolation=cv2.INTER_AREA)


def square_alpha() -> np.ndarray:
    """A square filling the whole BOX×BOX piece box (no transparent margin at all)."""
    return np.full((BOX, BOX), 255, np.uint8)


SHAPES = {"jigsaw": jigsaw_alpha, "square": square_alpha}


def make_captcha(photo: np.ndarray, x: int, y: int, hole: str = "dark", seed: int = 0, shape: str = "jigsaw"):
    """(background, piece) with the piece's top-left at (x, y). hole: 'dark' (photo × 0.5), 'noise'
    (random pixels with the photo's local mean and spread), 'alpha' (transparent hole, BGRA),
    'none' (untouched background)."""
    alpha = SHAPES[shape]()
    a = alpha.astype(np.float32)[:, :, None] / 255
    patch = photo[y : y + BOX, x : x + BOX]
    piece = np.dstack([patch, alpha])
    bg = photo.copy()
    region = bg[y : y + BOX, x : x + BOX].astype(np.float32)
    if hole == "dark":
        filled = region * 0.5
    elif hole == "noise":
        rng = np.random.default_rng(seed + 1000)
        filled = region.mean() + region.std() * rng.standard_normal(region.shape)
    else:
        filled = region
    bg[y : y + BOX, x : x + BOX] = np.clip(region * (1 - a) + filled * a, 0, 255).astype(np.uint8)
    if hole == "alpha":
        full = np.full((H, W), 255, np.uint8)
        full[y : y + BOX, x : x + BOX] = (255 - alpha * 0.6).astype(np.uint8)
        bg = np.dstack([bg, full])
    return bg, piece


POSITIONS = [(37, 20), (151, 71), (250, 95)]

ATTACKS_ON_DARK_HOLE = ["edge-match", "ncc-ccoeff", "ncc-ccorr", "ncc-gradient", "profile-dark",
                        "profile-contrast", "shape-dark", "shape-flat", "boundary"]


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("name", ATTACKS_ON_DARK_HOLE)
@pytest.mark.parametrize("x, y", POSITIONS)
def test_attack_finds_darkened_hole(name, x, y, shape):
    bg, piece = make_captcha(texture(seed=x), x, y, "dark", shape=shape)
    guess = A.ATTACKS[name][1](bg, piece, "horizontal", (0, y))
    assert guess is not None and abs(guess[0] - x) <= TOL, f"{name} guessed {guess}, hole at {x}"
    assert guess[1] == y  # horizontal mode: the row is the start row


@pytest.mark.parametrize("name", ["ncc-ccoeff", "ncc-ccorr", "ncc-gradient", "profile-dark", "shape-dark"])
@pytest.mark.parametrize("x, y", POSITIONS)
def test_pixel_and_darkness_attacks_miss_a_noise_hole(name, x, y):
    # The hole's pixels are random, with the photo's mean: nothing to correlate with, nothing darker.
    bg, piece = make_captcha(texture(seed=x), x, y, "noise", seed=x)
    guess = A.ATTACKS[name][1](bg, piece, "horizontal", (0, y))
    assert guess is None or abs(guess[0] - x) > TOL, f"{name} found a noise hole at {guess}"


@pytest.mark.parametrize("x, y", POSITIONS)
def test_boundary_continuity_ignores_the_hole_but_needs_a_matching_piece(x, y):
    photo = texture(seed=x)
    bg, piece = make_captcha(photo, x, y, "noise", seed=x)
    guess = A.boundary_continuity(bg, piece, "horizontal", (0, y))
    assert abs(guess[0] - x) <= TOL  # it only looks outside the hole
    foreign = piece.copy()
    foreign[:, :, :3] = texture(seed=999)[y : y + BOX, x : x + BOX]  # piece from another picture
    guess = A.boundary_continuity(bg, foreign, "horizontal", (0, y))
    assert abs(guess[0] - x) > TOL


def test_free_and_vertical_modes_search_the_free_coordinates():
    x, y = 151, 71
    bg, piece = make_captcha(texture(seed=5), x, y, "dark")
    gx, gy = A.ncc_ccoeff(bg, piece, "free", (0, 0))
    assert abs(gx - x) <= TOL and abs(gy - y) <= TOL
    gx, gy = A.ncc_ccoeff(bg, piece, "vertical", (x, 0))
    assert gx == x and abs(gy - y) <= TOL


@pytest.mark.parametrize("x, y", POSITIONS)
def test_alpha_leak_finds_a_transparent_hole(x, y):
    bg, piece = make_captcha(texture(seed=x), x, y, "alpha")
    guess = A.alpha_leak(bg, piece, "horizontal", (0, y))
    assert guess is not None and abs(guess[0] - x) <= TOL


def test_alpha_leak_has_no_guess_on_an_opaque_background():
    bg, piece = make_captcha(texture(seed=3), 100, 50, "dark")
    assert A.alpha_leak(bg, piece, "horizontal", (0, 50)) is None
    opaque = np.dstack([bg, np.full(bg.shape[:2], 255, np.uint8)])
    assert A.alpha_leak(opaque, piece, "horizontal", (0, 50)) is None


def test_background_restore_finds_noise_holes_from_a_reused_photo():
    # Noise holes defeat correlation, but not a median over captchas sharing the photo's pixels.
    photo = texture(seed=42)
    made = [make_captcha(photo, x, y, "noise", seed=x) for x, y in POSITIONS + [(90, 30), (200, 60)]]
    group = [bg for bg, _ in made]
    for (x, y), (bg, piece) in zip(POSITIONS + [(90, 30), (200, 60)], made):
        guess = A.background_restore(bg, piece, "horizontal", (0, y), group=group)
        assert guess is not None and abs(guess[0] - x) <= TOL
    bg, piece = made[0]
    assert A.background_restore(bg, piece, "horizontal", (0, 20), group=[bg]) is None


def test_background_restore_fails_when_every_captcha_has_its_own_photo():
    made = [make_captcha(texture(seed=s), x, y, "noise", seed=s) for s, (x, y) in enumerate(POSITIONS + [(90, 30)])]
    group = [bg for bg, _ in made]
    misses = sum(
        abs(A.background_restore(bg, piece, "horizontal", (0, y), group=group)[0] - x) > TOL
        for (x, y), (bg, piece) in zip(POSITIONS + [(90, 30)], made)
    )
    assert misses >= 3


# ---------------------------------------------------------------- scoring


def item(tx, mode="horizontal", ty=10):
    return Item(name="t", mode=mode, tolerance=5, target=(tx, ty), start=(0, ty), x_range=261, y_range=101)


def test_hit_uses_tolerance_and_ignores_y_only_in_horizontal_mode():
    assert hit(item(100), (105, 99)) and not hit(item(100), (106, 10)) and not hit(item(100), None)
    assert not hit(item(100, "free"), (100, 16)) and hit(item(100, "free"), (100, 15))


def test_fitted_offset_recovers_a_constant_bias_but_not_random_guesses():
    items = [item(t) for t in range(20, 240, 11)]
    biased = [(i.target[0] + 17, 10) for i in items]
    assert success_rate(items, biased) == 0
    assert fit_offset(items, biased) == (-17, 0)
    assert fitted_rate(items, biased)[0] == 1.0
    rng = np.random.default_rng(1)
    random_guesses = [(int(rng.integers(0, 261)), 10) for _ in items]
    assert fitted_rate(items, random_guesses)[0] < 0.3


def test_chance_rate_is_window_over_range():
    assert chance_rate([item(50)]) == pytest.approx(11 / 261)
    assert chance_rate([item(50, "free")]) == pytest.approx(11 / 261 * 11 / 101)

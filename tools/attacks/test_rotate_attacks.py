"""Tests of the rotate attacks on synthetic rotate captchas built in numpy: a smooth random
texture, a disc cut from its centre and turned, the hole filled with flat grey. Rim matching finds
the angle when the hole has no gap (the layout go-captcha uses) and fails when the piece comes
from another picture; the evaluator's scoring wraps at 0/360 and snaps stepped answers."""


import cv2
import numpy as np

from tools.attacks import rotate_attacks
from tools.attacks.rotate_attacks import circular_distance, rim_ncc, rim_tenon
from tools.attacks.rotate_evaluate import passes

R = 48


def texture(seed, h=160, w=320):
    rng = np.random.default_rng(seed)
    img = cv2.GaussianBlur(rng.uniform(0, 255, (h, w, 3)).astype(np.float32), (0, 0), 6)
    img = (img - img.min()) / (img.max() - img.min()) * 255
    return img.astype(np.uint8)


def captcha(seed, angle, gap, piece_from=None):
    img = texture(seed)
    src = texture(piece_from) if piece_from is not None else img
    cx, cy = 160, 80
    square = src[cy - R:cy + R, cx - R:cx + R]
    m = cv2.getRotationMatrix2D((R, R), angle, 1.0)  # counter-clockwise by angle = clockwise by 360 − angle
    piece = cv2.warpAffine(square, m, (2 * R, 2 * R))
    yy, xx = np.mgrid[0:2 * R, 0:2 * R]
    alpha = (((xx + 0.5 - R) ** 2 + (yy + 0.5 - R) ** 2) <= R * R).astype(np.uint8) * 255
    piece = np.dstack([piece, alpha])
    bg = img.copy()
    yy, xx = np.mgrid[0:160, 0:320]
    bg[((xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2) <= (R + gap) ** 2] = 128
    return bg, piece, (cx, cy)


def test_rim_matching_finds_the_angle_without_a_gap(monkeypatch):
    monkeypatch.setattr(rotate_attacks, "GAP_FRACTION", 0)
    for seed, angle in [(1, 40), (2, 137), (3, 300)]:
        bg, piece, c = captcha(seed, angle, gap=0)
        for attack in (rim_tenon, rim_ncc):
            assert circular_distance(attack(bg, piece, c), angle) <= 3, (attack.__name__, seed)


def test_rim_matching_fails_when_the_piece_is_from_another_picture(monkeypatch):
    monkeypatch.setattr(rotate_attacks, "GAP_FRACTION", 0)
    hits = 0
    for seed in range(6):
        angle = 40 + 45 * seed
        bg, piece, c = captcha(seed, angle, gap=0, piece_from=seed + 100)
        hits += circular_distance(rim_ncc(bg, piece, c), angle) <= 7
    assert hits <= 2


def test_scoring_wraps_and_snaps():
    assert passes({"angle": 355, "tolerance": 7}, 2)
    assert not passes({"angle": 355, "tolerance": 7}, 3)
    stepped = {"angle": 90, "tolerance": 7, "steps": {"count": 4, "index": 1, "positions": [0, 90, 180, 270]}}
    assert passes(stepped, 130)
    assert not passes(stepped, 140)
    assert not passes(stepped, None)


def landscape_disc(angle):
    """A synthetic upright scene cut to a disc and turned: sky brightening upwards above a level
    horizon, darker ground with a few level bands below; turned clockwise by 360 − angle."""
    size = 2 * R
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    img = np.zeros((size, size, 3), np.float32)
    sky = yy < R
    img[sky] = np.stack([230 - yy[sky], 200 - 0.5 * yy[sky], 150 - 0.3 * yy[sky]], axis=-1)
    ground = ~sky
    band = ((yy[ground] - R) // 10) % 2
    img[ground] = np.stack([60 + 25 * band, 110 + 25 * band, 50 + 10 * band], axis=-1)
    m = cv2.getRotationMatrix2D((R, R), angle, 1.0)  # counter-clockwise by angle = clockwise by 360 − angle
    turned = cv2.warpAffine(img.astype(np.uint8), m, (size, size), borderMode=cv2.BORDER_REPLICATE)
    alpha = (((xx + 0.5 - R) ** 2 + (yy + 0.5 - R) ** 2) <= R * R).astype(np.uint8) * 255
    return np.dstack([turned, alpha])


def test_the_upright_prior_turns_a_level_horizon_with_the_sky_on_top_upright():
    from tools.attacks.rotate_attacks import upright_prior

    for angle in (45, 130, 200, 300):
        piece = landscape_disc(angle)
        assert circular_distance(upright_prior(None, piece, None), angle) <= 3, angle


def test_the_upright_prior_has_nothing_to_go_on_in_a_flat_disc():
    from tools.attacks.rotate_attacks import upright_prior

    piece = np.dstack([np.full((2 * R, 2 * R, 3), 120, np.uint8), np.full((2 * R, 2 * R), 255, np.uint8)])
    # Every turn scores alike: the guess is turn 0, which is never an answer (30…330°).
    assert upright_prior(None, piece, None) == 0.0


def object_disc(angle, seed=0):
    """Synthetic upright objects on a ground of one colour (lollipop trees: a thin trunk under a
    round crown, each in a random colour), cut to a disc and turned clockwise by 360 − angle."""
    rng = np.random.default_rng(seed)
    size = 2 * R
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = (90, 120, 100)
    for cx, cy in [(30, 40), (66, 36), (48, 70)]:
        trunk, crown = (tuple(int(v) for v in rng.integers(150, 255, 3)) for _ in range(2))
        cv2.ellipse(img, (cx, cy + 8), (3, 13), 0, 0, 360, trunk, -1, cv2.LINE_AA)
        cv2.circle(img, (cx, cy - 8), 11, crown, -1, cv2.LINE_AA)
    m = cv2.getRotationMatrix2D((R, R), angle, 1.0)
    turned = cv2.warpAffine(img, m, (size, size), borderMode=cv2.BORDER_REPLICATE)
    yy, xx = np.mgrid[0:size, 0:size]
    alpha = (((xx + 0.5 - R) ** 2 + (yy + 0.5 - R) ** 2) <= R * R).astype(np.uint8) * 255
    return np.dstack([turned, alpha])


def test_the_object_axis_attack_stands_trees_upright():
    from tools.attacks.rotate_attacks import object_axis

    for seed, angle in enumerate((50, 140, 230, 310)):
        piece = object_disc(angle, seed)
        assert circular_distance(object_axis(None, piece, None), angle) <= 7, angle


def test_the_object_axis_attack_has_nothing_to_go_on_in_a_flat_disc():
    from tools.attacks.rotate_attacks import object_axis

    piece = np.dstack([np.full((2 * R, 2 * R, 3), 120, np.uint8), np.full((2 * R, 2 * R), 255, np.uint8)])
    assert object_axis(None, piece, None) == 0.0


def test_upright_halves_turns_a_level_horizon_with_the_sky_on_top_upright():
    from tools.attacks.rotate_attacks import upright_halves

    for angle in (45, 130, 200, 300):
        assert circular_distance(upright_halves(None, landscape_disc(angle), None), angle) <= 3, angle


def test_upright_halves_has_nothing_to_go_on_in_a_flat_disc():
    from tools.attacks.rotate_attacks import upright_halves

    piece = np.dstack([np.full((2 * R, 2 * R, 3), 120, np.uint8), np.full((2 * R, 2 * R), 255, np.uint8)])
    assert upright_halves(None, piece, None) == 0.0

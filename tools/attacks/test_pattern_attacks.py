"""Tests of the pattern attacks on synthetic boards built in numpy: nine distinct polygons, each
turned and scaled, on a smooth random texture; the hint draws four of them as dark outlines on a
light card in the public layout. The flat-paint cut-out and both matchers find the order when the
markers are painted flat, and the flat cut-out finds nothing once the paint carries noise; the
PRNG port repeats the Swift reference outputs; the best order is the best-scoring one."""

import math

import cv2
import numpy as np

from tools.attacks import pattern_silhouette as sil
from tools.attacks.pattern_common import best_order, hint_layout, hint_tiles, nominal_centres
from tools.attacks.pattern_families import FAMILIES, Xoshiro, _splitmix, dot_families

W = H = 240

SHAPES = [
    [(0, -1), (0.9, 0.8), (-0.9, 0.8)],  # triangle
    [(-1, -0.3), (1, -0.3), (1, 0.3), (-1, 0.3)],  # bar
    [(0, -1), (0.3, -0.3), (1, 0), (0.3, 0.3), (0, 1), (-0.3, 0.3), (-1, 0), (-0.3, -0.3)],  # 4-star
    [(-1, -1), (1, -1), (1, 1), (0.2, 1), (0.2, -0.2), (-1, -0.2)],  # L
    [(0, -1), (1, 0), (0, 1), (-0.4, 0)],  # kite
    [(-1, -0.6), (0, 0.3), (1, -0.6), (1, 0.2), (0, 1), (-1, 0.2)],  # chevron
    [(-0.8, -1), (0.8, -1), (0.1, 0), (0.8, 1), (-0.8, 1), (-0.1, 0)],  # hourglass
    [(-1, 1), (-1, -0.2), (0, -1), (1, -0.2), (1, 1)],  # house
    [(-0.3, -1), (0.3, -1), (0.3, -0.3), (1, -0.3), (1, 0.3), (0.3, 0.3), (0.3, 1), (-0.3, 1), (-0.3, 0.3),
     (-1, 0.3), (-1, -0.3), (-0.3, -0.3)],  # plus
]


def placed(shape, cx, cy, scale, degrees):
    a = math.radians(degrees)
    pts = [(cx + scale * (x * math.cos(a) - y * math.sin(a)), cy + scale * (x * math.sin(a) + y * math.cos(a)))
           for x, y in shape]
    return np.array([pts], np.float32)


def fill(img, poly, colour):
    cv2.fillPoly(img, np.round(poly * 16).astype(np.int32), colour, lineType=cv2.LINE_AA, shift=4)


def board_and_hint(seed, sequence, noisy=False):
    rng = np.random.default_rng(seed)
    board = cv2.GaussianBlur(rng.uniform(0, 255, (H, W, 3)).astype(np.float32), (0, 0), 8)
    board = ((board - board.min()) / (board.max() - board.min()) * 200 + 20).astype(np.uint8)
    for k, (cx, cy) in enumerate(nominal_centres(W, H)):
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        poly = placed(SHAPES[k], cx + rng.uniform(-8, 8), cy + rng.uniform(-8, 8), rng.uniform(20, 26),
                      rng.uniform(0, 360))
        if noisy:
            mask = np.zeros((H, W), np.uint8)
            fill(mask, poly, 255)
            noise = np.clip(np.array(colour) + rng.normal(0, 25, (H, W, 3)), 0, 255)
            a = mask[..., None] / 255
            board = (board * (1 - a) + noise * a).astype(np.uint8)
        else:
            fill(board, poly, colour)
    boxes, width, height = hint_layout(W, H, len(sequence))
    hint = np.full((height, width, 3), 235, np.uint8)
    for (x, y, s), dot in zip(boxes, sequence):
        poly = placed(SHAPES[dot], x + s / 2, y + s / 2, s / 2 * 0.75, rng.uniform(0, 360))
        cv2.polylines(hint, np.round(poly * 16).astype(np.int32), True, (40, 40, 40), 2, cv2.LINE_AA, shift=4)
    return board, hint


def test_flat_paint_is_cut_out_and_matched_by_both_measures():
    for seed, seq in [(1, [4, 0, 8, 2]), (2, [7, 3, 1, 5]), (3, [6, 2, 0, 8])]:
        board, hint = board_and_hint(seed, seq)
        for measure in ("chamfer", "overlap"):
            assert sil.attack(board, hint, "flat", measure, 0) == seq, (seed, measure)


def test_noisy_paint_leaves_the_flat_cutout_nothing():
    board, hint = board_and_hint(4, [4, 0, 8, 2], noisy=True)
    assert all(c is None for c in sil.cutouts(board, "flat", 0))


def test_hint_tiles_follow_the_public_layout():
    board, hint = board_and_hint(5, [1, 2, 3, 4, 5, 6])
    tiles = hint_tiles(board, hint)
    assert len(tiles) == 6
    assert all(t.shape[:2] == (56, 56) for t in tiles)  # 0.7 of an 80-px cell


def test_best_order_takes_distinct_dots_with_the_highest_sum():
    scores = np.zeros((3, 4))
    scores[0, 1] = scores[1, 1] = 1.0  # both want dot 1
    scores[1, 2] = 0.9
    scores[2, 3] = 0.5
    assert best_order(scores) == [1, 2, 3]


def test_the_prng_port_repeats_the_swift_reference_outputs():
    g = Xoshiro(0)
    g.s = [1, 2, 3, 4]
    assert [g.next() for _ in range(6)] == [11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
                                            607988272756665600]
    sm = _splitmix(1234567)
    assert [next(sm) for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_dot_families_are_nine_distinct_families():
    for seed in (1, 42, 1 << 40):
        fam = dot_families(seed)
        assert len(fam) == 9 and len(set(fam)) == 9
        assert all(0 <= f < len(FAMILIES) for f in fam)


def test_by_source_counts_each_photo_and_column_apart():
    from tools.attacks import pattern_evaluate

    done = [("L4 png", "photos", {"a": (True, 1.0)}, "hubble"),
            ("L4 png", "photos", {"a": (False, 0.0)}, "grace"),
            ("L6 png", "photos", {"a": (True, 1.0)}, "hubble"),
            ("L4 png", "built-in", {"a": (False, 0.0)}, "built-in")]
    lines = pattern_evaluate.by_source(done, ["L4 png", "L6 png"])
    rows = {line.split()[1]: line.split()[2:] for line in lines[2:]}
    assert rows["hubble"] == ["1/1", "1/1", "2/2", "100%"]
    assert rows["grace"] == ["0/1", "0/0", "0/1", "0%"]
    assert rows["built-in"] == ["0/1", "0/0", "0/1", "0%"]

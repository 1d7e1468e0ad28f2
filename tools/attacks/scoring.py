"""Scoring of attack guesses: raw success, success after a fitted constant offset, chance rate."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Item:
    """One captcha's ground truth, as read from answer.json."""

    name: str
    mode: str
    tolerance: int
    target: tuple[int, int]
    start: tuple[int, int]
    x_range: int  # number of valid x positions: background width − piece width + 1
    y_range: int


def hit(item: Item, guess, dx: int = 0, dy: int = 0) -> bool:
    """Would `guess` (shifted by dx, dy) pass verify? A missing guess fails."""
    if guess is None:
        return False
    ok_x = abs(guess[0] + dx - item.target[0]) <= item.tolerance
    ok_y = item.mode == "horizontal" or abs(guess[1] + dy - item.target[1]) <= item.tolerance
    return ok_x and ok_y


def success_rate(items: list[Item], guesses: list, dx: int = 0, dy: int = 0) -> float:
    if not items:
        return float("nan")
    return sum(hit(i, g, dx, dy) for i, g in zip(items, guesses)) / len(items)


def fit_offset(items: list[Item], guesses: list) -> tuple[int, int]:
    """The single (dx, dy) that, added to every guess, makes the most of them pass: what an attacker
    calibrating on a few solved samples would find. Ties go to the offset nearest the median error."""
    pairs = [(i, g) for i, g in zip(items, guesses) if g is not None]
    if not pairs:
        return 0, 0
    vary_y = any(i.mode != "horizontal" for i, _ in pairs)
    mid_x = float(np.median([i.target[0] - g[0] for i, g in pairs]))
    mid_y = float(np.median([i.target[1] - g[1] for i, g in pairs]))
    cand_x = sorted({i.target[0] - g[0] + t for i, g in pairs for t in range(-i.tolerance, i.tolerance + 1)},
                    key=lambda d: (abs(d - mid_x), d))
    cand_y = [0]
    if vary_y:
        cand_y = sorted({i.target[1] - g[1] + t for i, g in pairs for t in range(-i.tolerance, i.tolerance + 1)},
                        key=lambda d: (abs(d - mid_y), d))
    best, best_n = (0, 0), -1
    for dy in cand_y:
        for dx in cand_x:
            n = sum(hit(i, g, dx, dy) for i, g in pairs)
            if n > best_n:
                best, best_n = (dx, dy), n
    return best


def fitted_rate(items: list[Item], guesses: list) -> tuple[float, list[tuple[int, int]]]:
    """Two-fold cross-validated success with a fitted offset: fit on the even-indexed items, test on
    the odd ones, and the other way round; returns the pooled test success and the two offsets."""
    folds = [list(range(0, len(items), 2)), list(range(1, len(items), 2))]
    passed, tested, offsets = 0, 0, []
    for fit_idx, test_idx in (folds, folds[::-1]):
        if not fit_idx or not test_idx:
            continue
        dx, dy = fit_offset([items[k] for k in fit_idx], [guesses[k] for k in fit_idx])
        offsets.append((dx, dy))
        passed += sum(hit(items[k], guesses[k], dx, dy) for k in test_idx)
        tested += len(test_idx)
    return (passed / tested if tested else float("nan")), offsets


def chance_rate(items: list[Item]) -> float:
    """Success of a uniform random guess over the valid positions, averaged over the items."""
    if not items:
        return float("nan")
    total = 0.0
    for i in items:
        p = min(1.0, (2 * i.tolerance + 1) / i.x_range) if i.mode != "vertical" else 1.0
        if i.mode != "horizontal":
            p *= min(1.0, (2 * i.tolerance + 1) / i.y_range)
        total += p
    return total / len(items)

"""The learned attacker's many-keys mode draws a fresh style key every N captchas, reproducibly.

Run with `.venv/bin/python -m pytest tools/attacks` after `make attack-venv` (torch is not needed).
"""

from __future__ import annotations

import re

from tools.attacks.learned import random_keys


def test_a_fresh_key_every_n_captchas():
    keys = random_keys(23, 5, seed=3)
    assert len(keys) == 23
    assert all(re.fullmatch(r"[0-9a-f]{16}", k) for k in keys)
    blocks = [keys[i : i + 5] for i in range(0, 23, 5)]
    assert all(len(set(b)) == 1 for b in blocks)
    assert len({b[0] for b in blocks}) == len(blocks)


def test_same_seed_same_keys_other_seed_other_keys():
    assert random_keys(10, 2, seed=1) == random_keys(10, 2, seed=1)
    assert set(random_keys(10, 2, seed=1)).isdisjoint(random_keys(10, 2, seed=2))

"""Which icon family each marker of a pattern captcha has, from its seed: what an attacker who
reads the public source does to label training captchas for a family classifier.

The generator draws the nine markers' families from its own PRNG stream of the seed
(PatternMaker.Stream.icons, PatternIconFamily.draw): for each dot, a family index without
replacement from the pool, then that family's own proportions, then a stretch. This file repeats
those draws (SplitMix64 + xoshiro256**, Lemire's bounded integers) and the list of families with
the draws each makes. It must follow the Swift source: when the families change, FAMILIES changes
with them (`test_pattern_attacks.py` checks the PRNG against the Swift reference values, and the
classifier's training accuracy shows wrong labels at once).

`answer.json` carries the seed, so labels come from the generator's own files.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
ICON_STREAM = 0x7061_6963

# (family name, the draws its `make` takes): "d" = nextDouble, an int n = next(below: n).
FAMILIES: list[tuple[str, tuple]] = [
    # basic
    ("triangle", ("d",)),
    ("rounded-square", ("d",)),
    ("pentagon", ()),
    ("ring", ("d",)),
    ("star", (2, "d")),
    ("plus", ("d",)),
    ("rhombus", ("d",)),
    ("square-frame", ("d",)),
    ("hourglass", ("d",)),
    ("chevron", ("d",)),
    ("t-block", ()),
    # pictograms
    ("heart", ("d",)),
    ("crescent", ("d", "d")),
    ("arrow", ("d", "d")),
    ("bolt", ("d",)),
    ("drop", ("d",)),
    ("cloud", ("d",)),
    ("arch", ("d",)),
    ("pac", ("d",)),
    ("trefoil", ("d",)),
    ("eye", ("d", "d")),
    ("dumbbell", ("d",)),
    ("leaf", ("d",)),
]
# After each family's own draws: the stretch (nextDouble) and its axis (next(below: 2)).
STRETCH_DRAWS = ("d", 2)
# The families of the earlier look (commit 8f5c1a7): four more round or six-sided ones.
FAMILIES_8F5C1A7: list[tuple[str, tuple]] = [
    ("triangle", ("d",)), ("rounded-square", ("d",)), ("pentagon", ()), ("hexagon", ("d",)), ("ring", ("d",)),
    ("star", (2, "d")), ("burst", (4, "d")), ("plus", ("d",)), ("rhombus", ("d",)), ("square-frame", ("d",)),
    ("hourglass", ("d",)), ("chevron", ("d",)), ("t-block", ()), ("l-block", ()), ("s-block", ()),
    ("half-disc", ("d",)), ("heart", ("d",)), ("crescent", ("d", "d")), ("arrow", ("d", "d")), ("bolt", ("d",)),
    ("drop", ("d",)), ("flower", (2, "d")), ("gear", (3, "d")), ("cloud", ("d",)), ("house", ("d",)),
    ("arch", ("d",)), ("pac", ("d",)), ("trefoil", ("d",)), ("eye", ("d", "d")), ("keyhole", ("d",)),
    ("dumbbell", ("d",)), ("leaf", ("d",)),
]
TABLES = {"current": FAMILIES, "8f5c1a7": FAMILIES_8F5C1A7}


def _splitmix(state: int):
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Xoshiro:
    """xoshiro256** exactly as CaptchaSupport's Xoshiro256StarStar."""

    def __init__(self, seed: int, stream: int | None = None):
        if stream is not None:
            seed ^= next(_splitmix((stream * 0xD1B54A32D192ED03) & MASK))
        sm = _splitmix(seed & MASK)
        self.s = [next(sm) for _ in range(4)]

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, bound: int) -> int:
        m = self.next() * bound
        if (m & MASK) < bound:
            threshold = ((1 << 64) - bound) % bound
            while (m & MASK) < threshold:
                m = self.next() * bound
        return m >> 64

    def draw(self, kind) -> None:
        if kind == "d":
            self.next()
        else:
            self.below(kind)


def family_names(table: str = "current") -> list[str]:
    return [name for name, _ in TABLES[table]]


def dot_families(seed: int, dots: int = 9, table: str = "current") -> list[int]:
    """The family index (into TABLES[table]) of each dot's marker, dot by dot."""
    families = TABLES[table]
    rng = Xoshiro(seed, ICON_STREAM)
    pool = list(range(len(families)))
    out = []
    for _ in range(dots):
        family = pool.pop(rng.below(len(pool)))
        for d in families[family][1] + STRETCH_DRAWS:
            rng.draw(d)
        out.append(family)
    return out

"""The fixed photo split of the attack suite: attacks are tuned, and the learned attacker
trained, on TRAIN_PHOTOS (plus captcha-gen's procedural backgrounds); every reported figure that
judges a look comes from captchas made from TEST_PHOTOS, which nothing in the suite was tuned or
trained on. Stems of the photos in ../shared/photos.

The built-in background (`make` without `--image`) is drawn from the seed, so its split is by seed:
looks and attacks are tuned on captchas of BUILTIN_SEEDS["train"] + k, figures reported on
BUILTIN_SEEDS["test"] + k (k = 1, 2, …, a few hundred at most), far from every seed the suite trains
on (learned.py: 7 000 000 + k; rotnet.py: batch seed 1400)."""

TRAIN_PHOTOS = ("astronaut", "china", "flower")
TEST_PHOTOS = ("grace_hopper", "hubble_deep_field", "stereo_motorcycle")
BUILTIN_SEEDS = {"train": 800_000_000, "test": 900_000_000}
# How the built-in background's captchas are named in tables and JSON, next to photo stems.
BUILTIN = "built-in"

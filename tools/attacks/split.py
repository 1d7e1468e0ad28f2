"""The fixed photo split of the attack suite (issue 12): attacks are tuned, and the learned attacker
trained, on TRAIN_PHOTOS (plus captcha-gen's procedural backgrounds); every reported figure that
judges a look comes from captchas made from TEST_PHOTOS, which nothing in the suite was tuned or
trained on. Stems of the photos in ../shared/photos."""

TRAIN_PHOTOS = ("astronaut", "china", "flower")
TEST_PHOTOS = ("grace_hopper", "hubble_deep_field", "stereo_motorcycle")

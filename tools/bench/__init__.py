"""Baselines and figures: captcha-gen beside Pillow, the codec floor, Skia and the PNG settings."""

"""Test images for `make bench`, written into OUT (default .build/bench/images).

    batch/   five photos of 0.6-3 MP, PNG and JPEG, the backgrounds of the batch comparison
    mixed/   four small PNGs (0.1-0.2 MP) and one 2 MP JPEG: the second batch comparison, where the
             Pillow script decodes little and each captcha's own work counts most
    make/    bg-451x300.png and photo-1mp.jpg, photo-3mp.jpg, photo-12mp.jpg (1152x864, 2048x1536,
             4000x3000), the inputs of the make comparison

With --photos DIR (a folder holding the sample photos astronaut, china, flower, hubble_deep_field,
stereo_motorcycle .jpg), each image is one of them resized with Lanczos plus a fixed film grain, so
enlarged photos keep a camera-like texture; without it (or when a photo is missing) the picture is
procedural (gradients, a Mandelbrot set and the same grain). Everything is deterministic. Images
that already exist are kept.
"""

import argparse
import os
import random

from PIL import Image, ImageChops

# (file name, source photo, size, format)
BATCH = [
    ("astronaut.png", "astronaut.jpg", (800, 800), "PNG"),
    ("china.jpg", "china.jpg", (1200, 801), "JPEG"),
    ("flower.png", "flower.jpg", (960, 640), "PNG"),
    ("hubble.jpg", "hubble_deep_field.jpg", (1850, 1613), "JPEG"),
    ("motorcycle.png", "stereo_motorcycle.jpg", (1482, 1000), "PNG"),
]
MIXED = [
    ("astronaut.png", "astronaut.jpg", (400, 400), "PNG"),
    ("china.png", "china.jpg", (480, 320), "PNG"),
    ("flower.png", "flower.jpg", (512, 341), "PNG"),
    ("grace_hopper.png", "grace_hopper.jpg", (360, 450), "PNG"),
    ("motorcycle.jpg", "stereo_motorcycle.jpg", (1732, 1155), "JPEG"),
]
MAKE = [
    ("bg-451x300.png", "flower.jpg", (451, 300), "PNG"),
    ("photo-12mp.jpg", "china.jpg", (4000, 3000), "JPEG"),
    ("photo-1mp.jpg", "china.jpg", (1152, 864), "JPEG"),
    ("photo-3mp.jpg", "china.jpg", (2048, 1536), "JPEG"),
]


def grain(size, seed):
    """Uniform noise of +-4 levels per channel, from a seeded generator (same bytes everywhere)."""
    rng = random.Random(seed)
    count = size[0] * size[1] * 3
    noise = Image.frombytes("RGB", size, rng.randbytes(count))
    return noise.point(lambda v: v % 9)


def procedural(size, seed):
    """Gradients in two channels and a Mandelbrot set in the third, resized to `size`."""
    base = (512, 384)
    red = Image.linear_gradient("L").resize(base)
    green = Image.radial_gradient("L").resize(base)
    blue = Image.effect_mandelbrot(base, (-2.0 + seed * 0.01, -1.2, 1.0, 1.2), 100)
    return Image.merge("RGB", (red, green, blue)).resize(size, Image.Resampling.BICUBIC)


def cover(image, size):
    """`image` scaled (Lanczos) to cover `size` and centre-cropped to it."""
    scale = max(size[0] / image.width, size[1] / image.height)
    scaled = (max(size[0], round(image.width * scale)), max(size[1], round(image.height * scale)))
    image = image.resize(scaled, Image.Resampling.LANCZOS)
    left = (scaled[0] - size[0]) // 2
    top = (scaled[1] - size[1]) // 2
    return image.crop((left, top, left + size[0], top + size[1]))


def make(path, photo, size, fmt, photos, seed):
    if os.path.exists(path):
        return
    source = os.path.join(photos, photo) if photos else None
    if source and os.path.exists(source):
        picture = cover(Image.open(source).convert("RGB"), size)
    else:
        picture = procedural(size, seed)
    picture = ImageChops.add(picture, grain(size, seed), scale=1.0, offset=-4)
    options = {"quality": 92} if fmt == "JPEG" else {}
    tmp = path + ".tmp"
    picture.save(tmp, fmt, **options)
    os.replace(tmp, path)
    print(f"  {path}: {size[0]}x{size[1]} {fmt}, {os.path.getsize(path) // 1024} KB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=".build/bench/images")
    parser.add_argument("--photos", default="", help="folder of the sample photos (optional)")
    args = parser.parse_args()
    photos = args.photos if args.photos and os.path.isdir(args.photos) else ""
    for sub, entries in (("batch", BATCH), ("mixed", MIXED), ("make", MAKE)):
        os.makedirs(os.path.join(args.out, sub), exist_ok=True)
        for seed, (name, photo, size, fmt) in enumerate(entries):
            make(os.path.join(args.out, sub, name), photo, size, fmt, photos, seed + 1)


if __name__ == "__main__":
    main()

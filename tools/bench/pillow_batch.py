"""The classic slide-captcha job in plain Pillow + multiprocessing: the baseline of `make bench`.

For item i (background = the i-th file of --images, sorted, modulo their count): open it (JPEGs in
draft mode, so libjpeg decodes at a reduced DCT scale), cover-resize to --size, cut a jigsaw piece
(a square body with two knobs out and two notches in, drawn 4x larger and reduced for
anti-aliasing) at a random place, save the piece as an RGBA PNG, darken the hole by half, save the
background PNG and a JSON answer into OUT/NNNNNN/. --jobs worker processes share the items.
Prints the captchas per second.
"""

import argparse
import json
import os
import random
import time
from multiprocessing import Pool

from PIL import Image, ImageDraw, ImageEnhance, ImageOps

SUPERSAMPLE = 4
args = None
images = []


def jigsaw_mask(size):
    """An 'L' mask of size x size: body of side size/1.3, knobs out top and right, notches in
    bottom and left (radius 0.15 of the body)."""
    big = size * SUPERSAMPLE
    body = big / 1.3
    r = body * 0.15
    x0 = y0 = (big - body) / 2
    x1, y1 = x0 + body, y0 + body
    mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    draw.rectangle((x0, y0, x1, y1), fill=255)
    draw.ellipse((mid_x - r, y0 - 2 * r, mid_x + r, y0), fill=255)  # knob, top
    draw.ellipse((x1, mid_y - r, x1 + 2 * r, mid_y + r), fill=255)  # knob, right
    draw.ellipse((mid_x - r, y1 - 2 * r, mid_x + r, y1), fill=0)  # notch, bottom
    draw.ellipse((x0, mid_y - r, x0 + 2 * r, mid_y + r), fill=0)  # notch, left
    return mask.resize((size, size), Image.Resampling.BOX)


def make_item(i):
    width, height = args.size
    rng = random.Random(args.seed * 1_000_003 + i)
    picture = Image.open(images[i % len(images)])
    picture.draft("RGB", (width, height))
    picture = ImageOps.fit(picture.convert("RGB"), (width, height))
    piece_size = max(16, min(width, height) * 3 // 8)
    margin = max(2, piece_size // 10)
    x = rng.randint(piece_size + margin, width - piece_size - margin)
    y = rng.randint(margin, height - piece_size - margin)
    box = (x, y, x + piece_size, y + piece_size)
    mask = jigsaw_mask(piece_size)
    piece = picture.crop(box)
    piece.putalpha(mask)
    hole = ImageEnhance.Brightness(picture.crop(box)).enhance(0.5)
    picture.paste(hole, box, mask)
    folder = os.path.join(args.out, f"{i:06d}")
    os.makedirs(folder, exist_ok=True)
    piece.save(os.path.join(folder, "piece.png"))
    picture.save(os.path.join(folder, "background.png"))
    answer = {
        "schema": 1,
        "background": {"file": "background.png", "width": width, "height": height},
        "piece": {"file": "piece.png", "width": piece_size, "height": piece_size},
        "start": {"x": 0, "y": y},
        "target": {"x": x, "y": y},
    }
    with open(os.path.join(folder, "answer.json"), "w") as f:
        json.dump(answer, f)
    return i


def size(text):
    w, h = text.lower().split("x")
    return int(w), int(h)


def start(parsed):
    global args, images
    args = parsed
    images = sorted(os.path.join(args.images, n) for n in os.listdir(args.images))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--size", type=size, default=(320, 160))
    parser.add_argument("--seed", type=int, default=1)
    parsed = parser.parse_args()
    started = time.perf_counter()
    with Pool(parsed.jobs, initializer=start, initargs=(parsed,)) as pool:
        done = sum(1 for _ in pool.imap_unordered(make_item, range(parsed.count), chunksize=4))
    seconds = time.perf_counter() - started
    print(f"{done} captchas in {seconds:.2f} s: {done / seconds:.1f} captchas/s")


if __name__ == "__main__":
    main()

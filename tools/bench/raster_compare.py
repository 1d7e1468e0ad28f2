#!/usr/bin/env python3
"""Fill time of our rasteriser next to Skia's, in the same run, on these
cases: the 64x64 jigsaw piece, the 1920x1080 rectangle with a puzzle hole (even-odd), the
10,000-segment polygon in 128x128, and a 10,000-segment self-crossing rosette (both rules). Fill time only on both sides: the polygons are built once.

    python3 -m tools.bench.raster_compare [--bench .build/release/captcha-bench] [--rounds 9]
        [--baseline OTHER/captcha-bench]

(`make raster-compare` builds captcha-bench, installs skia-python into .venv-raster and runs this.)

Both renderers fill exactly the same polygons: `captcha-bench --raster-shapes` prints them. Each
round runs, per case, our side (`captcha-bench raster`, one process per case: the median of its
in-process timed fills) and Skia's (skia-python, A8 raster surface, anti-aliased drawPath: the
median of timed samples), in alternating order, so both see the same machine load. With
`--baseline`, another captcha-bench (e.g. an earlier commit's) is timed in the same rounds too. A Skia sample
plays back a recorded picture of K draws of the path and is divided by K, which takes the Python
call overhead (a few microseconds) out of Skia's figure; K is chosen so a sample lasts about
100 us, short enough that the median dodges time slices lost to other processes. Printed: the
median over rounds of each side's median, the median of the per-round ratios, and the issue's goal.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import time

import skia

# Case key (a text in our bench label), short name, goal on ours/Skia.
GOALS = [
    ("64x64 jigsaw piece, nonzero", "64x64 jigsaw piece", 0.5),
    ("1920x1080 rectangle + puzzle hole", "1920x1080 rect + hole, even-odd", 1.0),
    ("10 000-segment polygon in 128x128", "10,000-segment polygon, 128x128", 1.0),
    ("self-crossing rosette in 128x128, nonzero", "10,000-seg self-crossing, nonzero", 1.0),
    ("self-crossing rosette in 128x128, even-odd", "10,000-seg self-crossing, even-odd", 1.0),
]
SAMPLE_MICROS = 100
SKIA_SAMPLES = 300
OUR_LINE = re.compile(r"median ([0-9.]+) us")


def load_shapes(bench):
    out = subprocess.run([bench, "--raster-shapes"], check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def skia_picture_fill(shape):
    """A function timing one Skia sample (per fill, in us): K draws played back from a picture."""
    x, y, w, h = shape["clip"]
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeA8(w, h))
    canvas = surface.getCanvas()
    canvas.translate(-x, -y)
    path = skia.Path()
    for c in shape["contours"]:
        path.moveTo(c[0], c[1])
        for i in range(2, len(c), 2):
            path.lineTo(c[i], c[i + 1])
        path.close()
    path.setFillType(
        skia.PathFillType.kEvenOdd if shape["rule"] == "evenodd" else skia.PathFillType.kWinding)
    paint = skia.Paint(AntiAlias=True)

    def picture(k):
        recorder = skia.PictureRecorder()
        rc = recorder.beginRecording(skia.Rect(x, y, x + w, y + h))
        for _ in range(k):
            rc.drawPath(path, paint)
        return recorder.finishRecordingAsPicture()

    # Calibrate K from single draws.
    one = picture(1)
    single = []
    for _ in range(50):
        t0 = time.perf_counter_ns()
        canvas.drawPicture(one)
        single.append((time.perf_counter_ns() - t0) / 1000)
    k = max(1, round(SAMPLE_MICROS / statistics.median(single)))
    pic = picture(k)

    def sample():
        t0 = time.perf_counter_ns()
        canvas.drawPicture(pic)
        return (time.perf_counter_ns() - t0) / 1000 / k
    return sample, k


def skia_median(sample):
    for _ in range(10):
        sample()
    return statistics.median(sample() for _ in range(SKIA_SAMPLES))


def ours_median(bench, key):
    env = dict(os.environ, CAPTCHA_BENCH_ONLY=key)
    out = subprocess.run([bench, "raster"], env=env, check=True, capture_output=True, text=True)
    m = OUR_LINE.search(out.stdout)
    if not m:
        raise SystemExit(f"compare.py: {bench} printed no median for case '{key}'")
    return float(m.group(1))


def load():
    return open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=".build/release/captcha-bench")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--baseline", help="another captcha-bench to time in the same rounds")
    args = ap.parse_args()

    shapes = load_shapes(args.bench)
    samplers = {}
    for key, _, _ in GOALS:
        shape = next(s for s in shapes if key in s["label"])
        samplers[key] = skia_picture_fill(shape)
    print(f"skia-python {skia.__version__}; {args.rounds} rounds; load average at start "
          + " ".join(load()))
    ours = {key: [] for key, _, _ in GOALS}
    theirs = {key: [] for key, _, _ in GOALS}
    base = {key: [] for key, _, _ in GOALS}
    for r in range(args.rounds):
        for key, _, _ in GOALS:
            sample, _ = samplers[key]
            if r % 2 == 0:
                ours[key].append(ours_median(args.bench, key))
                theirs[key].append(skia_median(sample))
            else:
                theirs[key].append(skia_median(sample))
                ours[key].append(ours_median(args.bench, key))
            if args.baseline:
                base[key].append(ours_median(args.baseline, key))
    print("load average at end " + " ".join(load()))
    head = f"{'case':34} {'ours us':>9} {'Skia us':>9} {'ours/Skia':>10} {'goal':>7}  verdict"
    if args.baseline:
        head += f"   {'baseline us':>11} {'baseline/Skia':>13}"
    print(head)
    for key, name, goal in GOALS:
        o = statistics.median(ours[key])
        s = statistics.median(theirs[key])
        ratio = statistics.median(a / b for a, b in zip(ours[key], theirs[key]))
        verdict = "met" if ratio <= goal else "NOT MET"
        line = f"{name:34} {o:9.1f} {s:9.1f} {ratio:10.2f} {'<= ' + format(goal, '.1f'):>7}  {verdict:7}"
        if args.baseline:
            b = statistics.median(base[key])
            br = statistics.median(a / c for a, c in zip(base[key], theirs[key]))
            line += f" {b:11.1f} {br:13.2f}"
        print(line)
    print("(Skia: K draws per sample, K = "
          + ", ".join(str(samplers[key][1]) for key, _, _ in GOALS) + ")")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fill time of our rasteriser next to Skia (skia-python) and cairo (pycairo) on the three
reference cases of `captcha-bench raster`: median of many fills, fill only (paths built once).

Usage: python3 tools/raster-compare/compare.py [--bench .build/release/captcha-bench]
Needs: pip install -r tools/raster-compare/requirements.txt; `make release` and
`swift build -c release --product captcha-bench` for our figures.

The shapes are rebuilt here from the bench's definitions (BenchShapes.jigsaw flattened to about
0.1 px, the 1920x1080 rectangle with a 120 px jigsaw hole, the 10,000-segment flower). Skia and
cairo are called through Python bindings, so their figures include a few microseconds of call
overhead per fill; ours are the bench's in-process medians.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import time

import cairo
import skia

TAB = [((0.34, 0), (0.40, -0.02), (0.38, -0.10)), ((0.33, -0.22), (0.42, -0.30), (0.50, -0.30)),
       ((0.58, -0.30), (0.67, -0.22), (0.62, -0.10)), ((0.60, -0.02), (0.66, 0), (1, 0))]


def cubic_points(p0, c1, c2, p3, tol=0.1):
    dd = max(math.hypot(p0[0] - 2 * c1[0] + c2[0], p0[1] - 2 * c1[1] + c2[1]),
             math.hypot(c1[0] - 2 * c2[0] + p3[0], c1[1] - 2 * c2[1] + p3[1]))
    n = max(1, math.ceil(math.sqrt(0.75 * dd / tol)))
    out = []
    for k in range(1, n + 1):
        t = k / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p3[1]))
    return out


def jigsaw(x, y, size):
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
    kinds = [1.0, 1.0, -1.0, 0.0]
    pts = [corners[0]]
    for side in range(4):
        a, b = corners[side], corners[(side + 1) % 4]
        d = (b[0] - a[0], b[1] - a[1])
        nrm = (-d[1], d[0])
        m = lambda p: (a[0] + d[0] * p[0] + nrm[0] * p[1] * kinds[side],
                       a[1] + d[1] * p[0] + nrm[1] * p[1] * kinds[side])
        if kinds[side] == 0:
            pts.append(b)
            continue
        cur = a
        for c1, c2, p in TAB:
            seg = cubic_points(cur, m(c1), m(c2), m(p))
            pts.extend(seg)
            cur = m(p)
    return [pts[:-1]]


def flower(n=10_000):
    pts = []
    for k in range(n):
        a = k * 2 * math.pi / n
        r = 44 + 16 * math.sin(12 * a)
        pts.append((64 + r * math.cos(a), 64 + r * math.sin(a)))
    return [pts]


CASES = [
    ("64x64 jigsaw piece", jigsaw(10, 10, 44), False, (64, 64), "jigsaw piece, nonzero", 4000),
    ("1920x1080 rect + hole, even-odd", [[(0, 0), (1920, 0), (1920, 1080), (0, 1080)]] + jigsaw(900.3, 480.6, 120),
     True, (1920, 1080), "1920x1080", 300),
    ("10,000-segment flower 128x128", flower(), False, (128, 128), "10 000-segment polygon", 300),
]


def median_us(fn, reps):
    for _ in range(max(3, reps // 20)):
        fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / 1000)
    return statistics.median(times)


def skia_fill(contours, evenodd, size):
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeA8(*size))
    canvas = surface.getCanvas()
    path = skia.Path()
    for c in contours:
        path.moveTo(*c[0])
        for p in c[1:]:
            path.lineTo(*p)
        path.close()
    path.setFillType(skia.PathFillType.kEvenOdd if evenodd else skia.PathFillType.kWinding)
    paint = skia.Paint(AntiAlias=True)

    def fill():
        canvas.clear(skia.ColorTRANSPARENT)
        canvas.drawPath(path, paint)
        surface.flushAndSubmit()
    return fill


def cairo_fill(contours, evenodd, size):
    surface = cairo.ImageSurface(cairo.FORMAT_A8, *size)
    ctx = cairo.Context(surface)
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if evenodd else cairo.FILL_RULE_WINDING)
    for c in contours:
        ctx.move_to(*c[0])
        for p in c[1:]:
            ctx.line_to(*p)
        ctx.close_path()
    path = ctx.copy_path()
    ctx.new_path()

    def fill():
        ctx.set_operator(cairo.OPERATOR_CLEAR)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.append_path(path)
        ctx.fill()
        surface.flush()
    return fill


def ours(bench, label):
    if not os.path.exists(bench):
        return None
    env = dict(os.environ, CAPTCHA_BENCH_ONLY=label)
    out = subprocess.run([bench, "raster"], env=env, capture_output=True, text=True).stdout
    m = re.search(r"median ([0-9.]+) us", out)
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", default=".build/release/captcha-bench")
    args = ap.parse_args()
    print(f"{'case':34} {'ours us':>9} {'Skia us':>9} {'cairo us':>9} {'ours/Skia':>10} {'ours/cairo':>11}")
    for name, contours, evenodd, size, label, reps in CASES:
        s = median_us(skia_fill(contours, evenodd, size), reps)
        c = median_us(cairo_fill(contours, evenodd, size), reps)
        o = ours(args.bench, label)
        os_ = f"{o:9.1f}" if o else f"{'-':>9}"
        rs = f"{o / s:10.2f}" if o else f"{'-':>10}"
        rc = f"{o / c:11.2f}" if o else f"{'-':>11}"
        print(f"{name:34} {os_} {s:9.1f} {c:9.1f} {rs} {rc}")


if __name__ == "__main__":
    main()

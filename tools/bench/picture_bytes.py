"""Bytes a browser downloads per served challenge, per kind and background format, and the time
`batch` takes per captcha in each format (what the encoder costs serve's refill).

Starts `captcha-gen serve --format F --kind K` for every format and kind, on the built-in picture
and on a folder of photos, asks for challenges, and downloads each background and piece with the
`Accept` header Chrome sends for images (so a WebP server answers WebP). Prints one table.

    python3 -m tools.bench.picture_bytes --bin .build/release/captcha-gen --photos ../shared/photos
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
import urllib.request

from tools.serve.serve_process import ServeProcess

FORMATS = ["png", "jpeg", "webp", "webp-lossless"]
KINDS = ["slide", "rotate", "pattern"]
CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
# What a browser without WebP sends (Safari before 14): a WebP server answers it with a PNG.
NO_WEBP_ACCEPT = "image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5"
SIZE = "320x160"


def fetch(url, accept=None, body=None):
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    if accept:
        request.add_header("Accept", accept)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request) as response:
        return response.read(), response.headers.get("Content-Type")


def served_bytes(binary, kind, fmt, photos, count):
    """Median background, piece and total bytes of `count` challenges, the media types seen, and for
    a WebP server the extra milliseconds of a PNG fallback."""
    args = ["--kind", kind, "--format", fmt, "--size", SIZE, "--pool", "4", "--rate-limit", "0", "--pow", "off"]
    if photos:
        args += ["--images", photos]
    server = ServeProcess(binary, args)
    try:
        backgrounds, pieces, types = [], [], set()
        for _ in range(count):
            challenge = json.loads(fetch(server.url + "/v1/challenges", body=b"{}")[0])
            background, media = fetch(server.url + challenge["background"], CHROME_ACCEPT)
            piece, _ = fetch(server.url + challenge["piece"], CHROME_ACCEPT)
            backgrounds.append(len(background))
            pieces.append(len(piece))
            types.add(media)
        totals = [b + p for b, p in zip(backgrounds, pieces)]
        fallback = fallback_ms(server.url + challenge["background"]) if fmt.startswith("webp") else None
        return (statistics.median(backgrounds), statistics.median(pieces), statistics.median(totals), types,
                fallback)
    finally:
        server.stop()


def fallback_ms(url, rounds=15):
    """Median milliseconds a background takes as PNG (made on request) more than as WebP."""
    def timed(accept):
        started = time.perf_counter()
        fetch(url, accept)
        return (time.perf_counter() - started) * 1000
    png, webp = [], []
    for _ in range(rounds):
        png.append(timed(NO_WEBP_ACCEPT))
        webp.append(timed(CHROME_ACCEPT))
    return statistics.median(png) - statistics.median(webp)


def batch_ms(binary, kind, fmt, photos, count):
    """Wall milliseconds per captcha of one `batch --jobs 1` run of `count` captchas."""
    with tempfile.TemporaryDirectory() as out:
        args = [binary, "batch", "--kind", kind, "--format", fmt, "--size", SIZE, "--count", str(count),
                "--jobs", "1", "--no-fsync", "--quiet", "--out", out]
        if photos:
            args += ["--images", photos]
        started = time.monotonic()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        return (time.monotonic() - started) * 1000 / count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default=".build/release/captcha-gen")
    parser.add_argument("--photos", default="", help="a folder of photos (else only the built-in picture)")
    parser.add_argument("--count", type=int, default=20, help="challenges per kind and format")
    parser.add_argument("--batch-count", type=int, default=60, help="captchas per batch timing")
    options = parser.parse_args()
    sources = [("built-in", "")] + ([("photos", options.photos)] if os.path.isdir(options.photos) else [])
    print(f"Median bytes per served challenge ({SIZE}, {options.count} challenges each; browser Accept), "
          f"and batch --jobs 1 ms per captcha ({options.batch_count} captchas)\n")
    print("| picture | kind | format | background | piece | total | vs png | batch ms/captcha | PNG fallback ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for source, photos in sources:
        for kind in KINDS:
            baseline = None
            for fmt in FORMATS:
                background, piece, total, types, fallback = served_bytes(
                    options.bin, kind, fmt, photos, options.count)
                baseline = baseline or total
                ms = batch_ms(options.bin, kind, fmt, photos, options.batch_count)
                print(f"| {source} | {kind} | {fmt} ({', '.join(sorted(types))}) | {background / 1000:.1f} KB "
                      f"| {piece / 1000:.1f} KB | {total / 1000:.1f} KB | {total / baseline:.2f}x | {ms:.1f} "
                      f"| {'' if fallback is None else f'{fallback:.1f}'} |",
                      flush=True)


if __name__ == "__main__":
    main()

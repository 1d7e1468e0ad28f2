#!/bin/sh
# Writes the seed corpora of the fuzz targets (Fixtures/fuzz/<target>/) with captcha-gen itself:
# small JPEG and WebP backgrounds and answer.json files from a few `make` runs, a piece PNG, and SVG path
# data covering every command. The PNG seeds also hold a few PngSuite images (see the README).
# Usage: tools/fuzz/make-seeds.sh [path/to/captcha-gen]   (default .build/release/captcha-gen)
set -eu
bin=${1:-.build/release/captcha-gen}
out=Fixtures/fuzz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for args in "--seed 1" "--seed 2 --quality 30 --shape circle" "--seed 3 --quality 95 --decoys 1 --size 64x32"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$bin" make --out "$work/$n" --format jpeg --size 48x24 $args >/dev/null
  cp "$work/$n/background.jpg" "$out/jpeg/make-$n.jpg"
  cp "$work/$n/answer.json" "$out/answer/make-$n.json"
done
# WebP: lossy (low quality, small), lossless, and lossy with alpha (a transparent hole).
"$bin" make --out "$work/w1" --seed 1 --format webp --size 96x48 --quality 40 >/dev/null
"$bin" make --out "$work/w2" --seed 2 --format webp-lossless --size 64x32 --kind rotate >/dev/null
"$bin" make --out "$work/w3" --seed 3 --format webp --hole-style transparent --size 120x60 >/dev/null
mkdir -p "$out/webp"
for n in 1 2 3; do cp "$work/w$n/background.webp" "$out/webp/make-$n.webp"; done
"$bin" make --out "$work/png" --seed 4 --size 48x24 --piece-shadow --piece-rotation 10 >/dev/null
cp "$work/png/piece.png" "$out/png/piece.png"
cp "$work/png/answer.json" "$out/answer/shadow.json"
printf '%s' 'M 0 0 L 10 0 L 10 10 Z' >"$out/svg-raster/triangle.txt"
printf '%s' 'M2 2h20v20h-20z M7 7v10h10v-10z' >"$out/svg-raster/ring.txt"
printf '%s' 'M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80 Q 95 10 180 80 T 10 80 A 30 50 -45 0 1 60 70 a25 25 0 1 0 -20 -20 Z' >"$out/svg-raster/every-command.txt"
printf '%s' 'M32.3 3 L60.378 38.209 L19.804 57.748 L9.783 13.843 L54.817 13.843 L44.796 57.748 L4.222 38.209 Z' >"$out/svg-raster/star.txt"
printf '%s' 'm1.5.5-.5-.5e1 1e-3 0l1-1zM0,0L10-5' >"$out/svg-raster/compact-numbers.txt"
# png-encode: byte 0 the layout (0 RGBA, 1 RGB, 2 gray), bytes 1-2 the width - 1 (low byte, then
# the high two bits), then pixels. ramp A B writes the bytes A % 256 ... (B - 1) % 256.
ramp() {
  i=$1
  while [ "$i" -lt "$2" ]; do
    # shellcheck disable=SC2059
    printf "\\$(printf '%03o' $((i % 256)))"
    i=$((i + 1))
  done
}
mkdir -p "$out/png-encode"
{ printf '\000\017\000'; head -c 512 /dev/zero; } >"$out/png-encode/rgba-transparent-16x8.bin"
{ printf '\001\077\000'; ramp 0 768; } >"$out/png-encode/rgb-ramp-64x3.bin"
{ printf '\002\000\000'; ramp 0 100; } >"$out/png-encode/gray-column-1x100.bin"
{ printf '\000\377\003'; ramp 0 4096; } >"$out/png-encode/rgba-row-1024x1.bin"
{ printf '\002\143\000'; head -c 300 /dev/zero | tr '\000' 'a'; ramp 7 307; } >"$out/png-encode/gray-runs-100x6.bin"

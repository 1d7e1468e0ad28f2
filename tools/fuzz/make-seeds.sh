#!/bin/sh
# Writes the seed corpora of the fuzz targets (Fixtures/fuzz/<target>/) with captcha-gen itself:
# small JPEG backgrounds and answer.json files from a few `make` runs, a piece PNG, and SVG path
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
"$bin" make --out "$work/png" --seed 4 --size 48x24 --piece-shadow --piece-rotation 10 >/dev/null
cp "$work/png/piece.png" "$out/png/piece.png"
cp "$work/png/answer.json" "$out/answer/shadow.json"
printf '%s' 'M 0 0 L 10 0 L 10 10 Z' >"$out/svg-raster/triangle.txt"
printf '%s' 'M2 2h20v20h-20z M7 7v10h10v-10z' >"$out/svg-raster/ring.txt"
printf '%s' 'M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80 Q 95 10 180 80 T 10 80 A 30 50 -45 0 1 60 70 a25 25 0 1 0 -20 -20 Z' >"$out/svg-raster/every-command.txt"
printf '%s' 'M32.3 3 L60.378 38.209 L19.804 57.748 L9.783 13.843 L54.817 13.843 L44.796 57.748 L4.222 38.209 Z' >"$out/svg-raster/star.txt"
printf '%s' 'm1.5.5-.5-.5e1 1e-3 0l1-1zM0,0L10-5' >"$out/svg-raster/compact-numbers.txt"

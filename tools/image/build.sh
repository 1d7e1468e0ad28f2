#!/usr/bin/env bash
# Builds the captcha-gen image from the binaries in BIN_DIR (a build of both products, static on
# Linux: Package.swift): stages .build/image/context (rootfs/ and the Dockerfile) and runs
# `docker build`. Called by `make image`; prints the image's size.
#
#   tools/image/build.sh BIN_DIR TAG
set -euo pipefail
cd "$(dirname "$0")/../.."

BIN_DIR=${1:?usage: tools/image/build.sh BIN_DIR TAG}
TAG=${2:?usage: tools/image/build.sh BIN_DIR TAG}
CONTEXT=.build/image/context
ROOT=$CONTEXT/rootfs
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
USER_ID=10001
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

die() { echo "build.sh: $*" >&2; exit 1; }

for binary in captcha-gen captcha-gen-serve; do
  [ -x "$BIN_DIR/$binary" ] || die "$BIN_DIR/$binary is missing; build it first (make image does)."
  # A scratch image has no dynamic linker: a binary that needs one would not start in it.
  if readelf -l "$BIN_DIR/$binary" | grep -q "Requesting program interpreter"; then
    die "$BIN_DIR/$binary is not a static executable (see Package.swift's linker settings)."
  fi
done
[ -f "$CA_BUNDLE" ] || die "$CA_BUNDLE is missing; install Debian's ca-certificates."

rm -rf "$CONTEXT"
mkdir -p "$ROOT/usr/local/bin" "$ROOT/etc/ssl/certs"
# Symbols stay (a crash's backtrace names functions); the debugging sections go.
for binary in captcha-gen captcha-gen-serve; do
  strip --strip-debug -o "$ROOT/usr/local/bin/$binary" "$BIN_DIR/$binary"
done
cp "$CA_BUNDLE" "$ROOT/etc/ssl/certs/ca-certificates.crt"
echo "captcha:x:$USER_ID:$USER_ID:captcha-gen:/nonexistent:/sbin/nologin" > "$ROOT/etc/passwd"
echo "captcha:x:$USER_ID:" > "$ROOT/etc/group"
cp tools/image/Dockerfile "$CONTEXT/Dockerfile"

$SUDO docker build --quiet --tag "$TAG" "$CONTEXT" >/dev/null
size=$($SUDO docker image inspect --format '{{.Size}}' "$TAG")
echo "image $TAG: $((size / 1000000)) MB ($(du -sh "$ROOT/usr/local/bin/captcha-gen" | cut -f1) captcha-gen, $(du -sh "$ROOT/usr/local/bin/captcha-gen-serve" | cut -f1) captcha-gen-serve)"

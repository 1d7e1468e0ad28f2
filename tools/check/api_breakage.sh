#!/usr/bin/env bash
# The public API of every library product (CaptchaKit, CaptchaService, CaptchaServe,
# CaptchaStorePostgres, ChallengeStoreTesting) against a baseline: a removed or changed public
# declaration fails, an added one passes. Usage: tools/check/api_breakage.sh [BASELINE]
# BASELINE is a tag, branch or commit; by default the newest tag matching v* (the last release).
# Without such a tag there is nothing to compare against: it says so and exits 0.
# Breaks accepted since the baseline are listed, one message a line, in api-breakage-allowed.txt
# beside this script (lines starting with # are comments); the list is emptied when a release is
# tagged. The baseline is built once (as long as a clean build) and its API files are kept, in a
# folder per baseline commit, under API_BASELINE_DIR (default: ~/.cache/captcha-gen/api-baseline,
# outside the clone, so that the next clone's run skips the baseline's build).
set -euo pipefail
cd "$(dirname "$0")/../.."

baseline="${1:-}"
if [ -z "$baseline" ]; then
  baseline="$(git tag --list 'v*' --sort=-version:refname | head -n 1)"
  if [ -z "$baseline" ]; then
    echo "api-breakage: there is no release tag (v*) to compare against yet, so no API is checked; tag a release (git tag v0.1.0) or give a baseline (make api-breakage BASELINE=<ref>)."
    exit 0
  fi
fi
if ! git rev-parse --verify --quiet "$baseline^{commit}" >/dev/null; then
  echo "api-breakage: '$baseline' names no commit in this repository (a tag, branch or commit)" >&2
  exit 64
fi
if git diff --quiet "$baseline" -- Sources Package.swift Package.resolved; then
  echo "api-breakage: Sources and Package.swift are $baseline's, so its API is unchanged."
  exit 0
fi
allowed="tools/check/api-breakage-allowed.txt"
accepted="$(mktemp)"
trap 'rm -f "$accepted"' EXIT
grep -v -e '^#' -e '^[[:space:]]*$' "$allowed" >"$accepted" || true
echo "api-breakage: comparing the library products' public API with $baseline" \
  "($(grep -c "" "$accepted") accepted breaks listed in $allowed)"
options=(--breakage-allowlist-path "$accepted")
baseline_dir="${API_BASELINE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/captcha-gen/api-baseline}"
mkdir -p "$baseline_dir"
options+=(--baseline-dir "$baseline_dir")
"${SWIFT:-swift}" package diagnose-api-breaking-changes "$baseline" "${options[@]}"

#!/usr/bin/env bash
# The public API of every library product (CaptchaKit, CaptchaService, CaptchaServe,
# CaptchaStorePostgres, ChallengeStoreTesting) against a baseline: a removed or changed public
# declaration fails, an added one passes. Usage: tools/check/api_breakage.sh [BASELINE]
# BASELINE is a tag, branch or commit; by default the newest tag matching v* (the last release).
# Without such a tag there is nothing to compare against: it says so and exits 0.
# The baseline is built in a temporary folder, so the first run takes as long as a clean build.
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
echo "api-breakage: comparing the library products' public API with $baseline"
exec "${SWIFT:-swift}" package diagnose-api-breaking-changes "$baseline"

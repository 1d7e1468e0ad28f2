# captcha-gen: set-up, build, checks, tests, benchmarks and attacks. `make help` lists the targets
# by purpose; each purpose's targets live in make/PURPOSE.mk.
#
# The README's two commands work on a fresh Debian machine with the Swift toolchain: `make demo`
# (builds captcha-gen, writes one captcha) and `make test` (CI's full run, .ci/run). Both install
# what the machine lacks first (`make deps` does that alone; it does nothing when all is there).
# On every change a developer runs `make check`: build, unit tests, node tests and lints, in a few
# minutes, with no PostgreSQL, browser or Docker.

SWIFT       ?= swift
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN_DEBUG    = .build/debug/captcha-gen
BIN_RELEASE  = .build/release/captcha-gen
# The sample photographs for benchmarks and attacks (never read by a test).
PHOTOS      ?= ../shared/photos

.DEFAULT_GOAL := help

include make/setup.mk
include make/build.mk
include make/check.mk
include make/test.mk
include make/bench.mk
include make/attacks.mk
include make/image.mk
include make/fuzz.mk

##@ Help

.PHONY: help

help: ## this list: every target a person runs, by purpose
	@awk 'FNR == 1 { file = FILENAME } \
	  /^##@ / { printf "\n%s\n", substr($$0, 5); next } \
	  /^[a-zA-Z0-9_-]+:.*## / { split($$0, parts, ":.*## "); printf "  make %-22s %s\n", parts[1], parts[2] }' \
	  $(MAKEFILE_LIST)

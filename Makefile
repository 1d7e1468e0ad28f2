# captcha-gen — set-up, build, test and benchmark entry points.
# `make demo` and `make test` do all set-up on a fresh Debian machine with the Swift toolchain.

SWIFT       ?= swift
DEB_PACKAGES = libpng-dev libjpeg62-turbo-dev zlib1g-dev
BIN_RELEASE  = .build/release/captcha-gen
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release test demo bench format clean

# Install the C libraries' headers when they are missing (libpng, libjpeg-turbo, zlib).
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build
	$(SWIFT) test

demo: release
	$(BIN_RELEASE) make --out demo --seed 42 --json
	@echo "wrote demo/piece.png, demo/background.png, demo/answer.json"

bench: release
	$(SWIFT) build -c release --product captcha-bench
	.build/release/captcha-bench

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build demo

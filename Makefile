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
	$(SWIFT) test --disable-swift-testing

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

# Attack suite (tools/attacks, Python + OpenCV in .venv): how solvable our captchas are. Not part of
# `make test`. `attack-eval` makes 20 captchas per TEST photo (tools/attacks/split.py) for the default
# look and every preset and runs every attack on them (about 10 minutes on 2 cores); the learned
# attackers are included once `make attack-train` has trained them (torch, CPU, about 25 minutes:
# 2400 training captchas from the TRAIN photos, 8 minutes per variant). ATTACK_ARGS passes extra
# options to the evaluator, e.g. ATTACK_ARGS='--seeds 10 --looks normal'.
VENV          = .venv
PHOTOS       ?= ../shared/photos
ATTACK_JSON  ?= .build/attack-results.json
ATTACK_MODELS ?= .build/attack-models
ATTACK_ARGS  ?=
TRAIN_ARGS   ?=

.PHONY: attack-venv attack-learn-venv attack-eval attack-train attack-eval-rotate attack-train-rotate

attack-venv: $(VENV)/.installed

$(VENV)/.installed: tools/attacks/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r tools/attacks/requirements.txt
	touch $@

# torch for the learned attacker (a CPU build when pip finds one; the default Linux wheel from PyPI
# also pulls several GB of CUDA libraries).
attack-learn-venv: $(VENV)/.installed-learn

$(VENV)/.installed-learn: $(VENV)/.installed tools/attacks/requirements-learn.txt
	$(VENV)/bin/pip install --quiet -r tools/attacks/requirements-learn.txt
	touch $@

attack-eval: attack-venv
	@if [ ! -d "$(PHOTOS)" ]; then \
	  echo "attack-eval: skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR to a folder of jpg/png photos)"; \
	else \
	  $(MAKE) --no-print-directory release && \
	  models=""; if ls $(ATTACK_MODELS)/*.pt >/dev/null 2>&1; then models="--models $(ATTACK_MODELS)"; \
	  else echo "attack-eval: no learned attackers in $(ATTACK_MODELS) (run make attack-train to include them)"; fi; \
	  nice -n 10 $(VENV)/bin/python tools/attacks/evaluate.py --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --json $(ATTACK_JSON) $$models $(ATTACK_ARGS); \
	fi

attack-train: attack-learn-venv
	@if [ ! -d "$(PHOTOS)" ]; then \
	  echo "attack-train: skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR)"; \
	else \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/learned.py train --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --out $(ATTACK_MODELS) $(TRAIN_ARGS); \
	fi

# Rotate captchas (issue 14): rim matching (tenon-style and correlation) and, once trained, the
# RotNet-style upright classifier, on 20 captchas per TEST photo; plain and with --steps 8.
# `attack-train-rotate` trains the classifier from `batch --kind rotate` on the TRAIN photos (CPU,
# about 8 minutes).
attack-eval-rotate: attack-venv
	@if [ ! -d "$(PHOTOS)" ]; then echo "attack-eval-rotate: skipped: photo folder $(PHOTOS) is missing"; else \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/rotate_evaluate.py --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --models $(ATTACK_MODELS) --json .build/rotate-attack-results.json $(ATTACK_ARGS) && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/rotate_evaluate.py --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --models $(ATTACK_MODELS) --work .build/attack-eval-rotate-steps --make-arg=--steps --make-arg=8; \
	fi

attack-train-rotate: attack-learn-venv
	@if [ ! -d "$(PHOTOS)" ]; then echo "attack-train-rotate: skipped: photo folder $(PHOTOS) is missing"; else \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/rotnet.py train --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --out $(ATTACK_MODELS) $(TRAIN_ARGS); \
	fi

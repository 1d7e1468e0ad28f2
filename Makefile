# captcha-gen — set-up, build, test and benchmark entry points.
# `make demo` and `make test` do all set-up on a fresh Debian machine with the Swift toolchain:
# `make deps` installs what the machine lacks (Debian packages, Python venvs), and does nothing when
# all is there. For development: `make test-unit` (XCTest, with a throw-away PostgreSQL),
# `make test-serve` (schemathesis), `make test-browser` (headless Chromium), `make test-attacks`
# (the attack suite's pytest tests), `make lint` (swift format), `make examples` (Examples/).

SWIFT       ?= swift
DEB_PACKAGES = libpng-dev libjpeg62-turbo-dev libdeflate-dev zlib1g-dev
BIN_RELEASE  = .build/release/captcha-gen
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian packages the tests need besides the C libraries: PostgreSQL, Python with venv, Chromium.
TEST_DEB_PACKAGES = postgresql python3 python3-venv chromium chromium-driver

.PHONY: deps build-deps build release test test-unit demo lint examples bench bench-suites bench-compare \
  raster-compare fuzz format clean

# $(call apt-install,PACKAGES): installs those of the Debian PACKAGES that are missing.
define apt-install
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
fi
endef

# The C libraries' headers (libpng, libjpeg-turbo, libdeflate, zlib): all a build needs.
build-deps:
	$(call apt-install,$(DEB_PACKAGES))

# Everything the tests need that the machine lacks: the Debian packages, then the Python venvs.
deps: build-deps
	$(call apt-install,$(TEST_DEB_PACKAGES))
	@$(MAKE) --no-print-directory $(SERVE_VENV)/.installed $(BROWSER_VENV)/.installed $(VENV)/.installed \
	  $(SOLVER_VENV)/.installed

build: build-deps
	$(SWIFT) build

release: build-deps
	$(SWIFT) build -c release

# What CI runs (.ci/run): every test suite, then the lint. The suites also run one by one.
test: deps
	$(MAKE) --no-print-directory test-unit
	$(MAKE) --no-print-directory test-serve
	$(MAKE) --no-print-directory test-browser
	$(MAKE) --no-print-directory test-attacks
	$(MAKE) --no-print-directory examples
	$(MAKE) --no-print-directory test-image
	$(MAKE) --no-print-directory lint

# The XCTest suites, with a throw-away PostgreSQL cluster (tools/pg/cluster.sh) for the PostgreSQL
# store's tests; it is stopped and deleted afterwards, also when a test fails or make is interrupted.
# `swift build` builds every product: the CLI tests run captcha-gen, whose `serve` execs the
# captcha-gen-serve binary built next to it.
test-unit: build-deps pg-deps
	$(SWIFT) build
	$(SWIFT) build --build-tests
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	echo "PostgreSQL for the tests: $$url"; \
	CAPTCHA_TEST_POSTGRES_URL=$$url CAPTCHA_TEST_POSTGRES_CONTROL=$(PG_CLUSTER) \
	  $(SWIFT) test --skip-build --disable-swift-testing

# The code is formatted as `swift format` formats it (.swift-format); `make format` fixes it.
LINT_PATHS = Sources Tests Examples/Sources Examples/Tests Examples/Package.swift Package.swift

lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

# Examples/: a package of its own that uses captcha-gen through its library products only. It
# builds in the main package's build folder, so the dependencies compiled for the tests are reused
# (a folder of its own would compile them all again: 9 minutes here).
examples: build-deps
	$(SWIFT) build --package-path Examples --scratch-path $(CURDIR)/.build
	$(SWIFT) test --package-path Examples --scratch-path $(CURDIR)/.build --disable-swift-testing

# PostgreSQL for development: `make pg-start` prints the URL to export as CAPTCHA_TEST_POSTGRES_URL
# (or to give `serve --store`); `make pg-stop` stops and deletes the cluster.
PG_DEB_PACKAGES = postgresql
PG_CLUSTER      = $(CURDIR)/tools/pg/cluster.sh

.PHONY: pg-deps pg-start pg-stop

pg-deps:
	$(call apt-install,$(PG_DEB_PACKAGES))

pg-start: pg-deps
	@url=$$($(PG_CLUSTER) start) && echo "export CAPTCHA_TEST_POSTGRES_URL=$$url CAPTCHA_TEST_POSTGRES_CONTROL=$(PG_CLUSTER)"

pg-stop:
	$(PG_CLUSTER) stop

# schemathesis (PyPI, in .venv-serve) against `captcha-gen serve --port 0`, driven by the OpenAPI
# file: no 500s, every response as the spec says (tools/serve/run_schemathesis.py; about 2 minutes).
# `captcha-gen serve` runs the captcha-gen-serve binary next to captcha-gen: both are built.
SERVE_VENV = .venv-serve
SERVE_SPEC = Sources/CaptchaServe/Resources/openapi.json

.PHONY: test-serve test-serve-api

$(SERVE_VENV)/.installed: tools/serve/requirements.txt | python-deps
	python3 -m venv $(SERVE_VENV)
	$(SERVE_VENV)/bin/pip install --quiet -r tools/serve/requirements.txt
	touch $@

test-serve: test-serve-api

test-serve-api: build-deps $(SERVE_VENV)/.installed
	$(SWIFT) build --product captcha-gen
	$(SWIFT) build --product captcha-gen-serve
	$(SERVE_VENV)/bin/python tools/serve/run_schemathesis.py --bin .build/debug/captcha-gen \
	  --schemathesis $(SERVE_VENV)/bin/schemathesis --spec $(SERVE_SPEC)

# Real-browser tests of the web widget (tools/widget/browser_test.py): headless Debian chromium through
# chromium-driver and selenium (in .venv-browser). The script starts two `captcha-gen serve --dev
# --port 0` (plain, and --steps 8), reads their addresses from stdout, and always stops them.
# Screenshots of each kind go to .build/browser-test/screenshots (BROWSER_ARGS='--screenshots docs/images'
# refreshes the README's); BROWSER_ARGS='-k rotate' runs some tests only.
# Then the site end-to-end test (tools/widget/site_e2e_test.py, about a minute): a sign-up site of its
# own (tools/widget/site_backend.py) on other origins checks pass tokens with siteverify, with the
# memory store and with two instances on PostgreSQL (a throw-away cluster it starts and stops, unless
# CAPTCHA_TEST_POSTGRES_URL names one); SITE_E2E_ARGS='-k Memory' runs some tests only. Then the
# widget's proof of work (tools/widget/pow_widget_test.py, under a minute): every kind with the
# worker's solution, a wrong and a reused solution, a worker that cannot start, the no-puzzle path
# by keyboard and the invisible mode. All of them run serve with the proof of work on.
BROWSER_VENV = .venv-browser
BROWSER_DEB_PACKAGES = chromium chromium-driver python3 python3-venv
BROWSER_ARGS ?=
SITE_E2E_ARGS ?=

.PHONY: test-browser browser-deps browser-venv python-deps

# python3 with its venv module (Debian packages it apart).
python-deps:
	$(call apt-install,python3 python3-venv)

browser-deps:
	$(call apt-install,$(BROWSER_DEB_PACKAGES))

browser-venv: $(BROWSER_VENV)/.installed

$(BROWSER_VENV)/.installed: tools/widget/requirements.txt | browser-deps python-deps
	python3 -m venv $(BROWSER_VENV)
	$(BROWSER_VENV)/bin/pip install --quiet -r tools/widget/requirements.txt
	touch $@

test-browser: build browser-deps browser-venv pg-deps
	$(BROWSER_VENV)/bin/python tools/widget/browser_test.py --bin .build/debug/captcha-gen $(BROWSER_ARGS)
	$(BROWSER_VENV)/bin/python tools/widget/site_e2e_test.py --bin .build/debug/captcha-gen $(SITE_E2E_ARGS)
	$(BROWSER_VENV)/bin/python tools/widget/pow_widget_test.py --bin .build/debug/captcha-gen
	$(MAKE) --no-print-directory test-pow-browser

# The proof of work: test-pow-browser, bench-pow, bench-pow-widget, simulate-pow.
include tools/pow/pow.mk

# One captcha with the release build of the captcha-gen product alone (no serve layers: quick on a
# fresh clone).
demo: build-deps
	$(SWIFT) build -c release --product captcha-gen
	$(BIN_RELEASE) make --out demo --seed 42 --json
	@echo "wrote demo/piece.png, demo/background.png, demo/answer.json"

# `make bench`: the comparisons with the baselines (bench-compare), then the in-process suites.
bench: bench-compare bench-suites

bench-suites: release
	$(SWIFT) build -c release --product captcha-bench
	.build/release/captcha-bench

# Our fill time next to Skia's (skia-python, in .venv-raster) in the same run, on the rasteriser
# issue's three cases, with the ratio and the goal; RASTER_ARGS passes options (e.g. --rounds 15).
RASTER_VENV  = .venv-raster
RASTER_ARGS ?=

$(RASTER_VENV)/.installed: tools/raster-compare/requirements.txt | python-deps
	python3 -m venv $(RASTER_VENV)
	$(RASTER_VENV)/bin/pip install --quiet -r tools/raster-compare/requirements.txt
	touch $@

raster-compare: build-deps $(RASTER_VENV)/.installed
	$(SWIFT) build -c release --product captcha-bench
	@uptime
	$(RASTER_VENV)/bin/python tools/raster-compare/compare.py --bench .build/release/captcha-bench $(RASTER_ARGS)
	@uptime

# libFuzzer targets (separate package Fuzz/, so `swift build`/`swift test` never build them):
# SVG path parser + rasteriser, PNG decode, PNG encode round trip, JPEG decode, answer.json
# reader. Each runs for FUZZ_SECONDS on its seeds (Fixtures/fuzz/<target>); new inputs collect in
# .build/fuzz/corpus, crashes and hangs in .build/fuzz/artifacts (make a regression test of each).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= svg-raster png png-encode jpeg answer

fuzz: build-deps
	cd Fuzz && $(SWIFT) build -c release --sanitize=fuzzer --sanitize=address \
	  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz/corpus/$$t .build/fuzz/artifacts/$$t; \
	  dict=""; [ -f Fixtures/fuzz/$$t.dict ] && dict="-dict=Fixtures/fuzz/$$t.dict"; \
	  echo "== fuzz-$$t: $(FUZZ_SECONDS) s =="; \
	  Fuzz/.build/release/fuzz-$$t .build/fuzz/corpus/$$t Fixtures/fuzz/$$t $$dict \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
	    -artifact_prefix=.build/fuzz/artifacts/$$t/ -print_final_stats=1 || exit 1; \
	done

clean:
	rm -rf .build demo

# Attack suite (tools/attacks, Python + OpenCV in .venv): how solvable our captchas are. Not part of
# `make test` (`make attack-eval` and `make test-attacks` are in the block of issue 31 below). The
# learned attackers are included once `make attack-train` has trained them (torch, CPU, about 25
# minutes: 2400 training captchas from the TRAIN photos, 8 minutes per variant).
VENV          = .venv
PHOTOS       ?= ../shared/photos
ATTACK_MODELS ?= .build/attack-models
ATTACK_ARGS  ?=
TRAIN_ARGS   ?=

.PHONY: attack-venv attack-learn-venv attack-train attack-eval-rotate attack-train-rotate

attack-venv: $(VENV)/.installed

$(VENV)/.installed: tools/attacks/requirements.txt | python-deps
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r tools/attacks/requirements.txt
	touch $@

# torch for the learned attacker (a CPU build when pip finds one; the default Linux wheel from PyPI
# also pulls several GB of CUDA libraries).
attack-learn-venv: $(VENV)/.installed-learn

$(VENV)/.installed-learn: $(VENV)/.installed tools/attacks/requirements-learn.txt
	$(VENV)/bin/pip install --quiet -r tools/attacks/requirements-learn.txt
	touch $@

attack-train: attack-learn-venv
	@if [ ! -d "$(PHOTOS)" ]; then \
	  echo "attack-train: skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR)"; \
	else \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/learned.py train --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --out $(ATTACK_MODELS) $(TRAIN_ARGS); \
	fi

# Baselines of issue 13 (tools/bench): the decode+encode-only C program and the Pillow script, run
# side by side with captcha-gen by run_bench.py. Pillow lives in its own .venv-bench. BENCH_ARGS
# passes options, e.g. BENCH_ARGS='--only make --samples 3' or BENCH_ARGS='-- --no-fsync'.
BENCH_VENV  = .venv-bench
CODEC_FLOOR = .build/bench/codec-floor
BENCH_ARGS ?=

.PHONY: bench-venv bench-tools bench-png

bench-venv: $(BENCH_VENV)/.installed

$(BENCH_VENV)/.installed: tools/bench/requirements.txt | python-deps
	python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet -r tools/bench/requirements.txt
	touch $@

$(CODEC_FLOOR): tools/bench/codec-floor.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -o $@ $< -lpng -ljpeg -lz

# GNU time reports each run's peak RSS; libdeflate is compared with zlib by bench-png.
BENCH_DEB_PACKAGES = time libdeflate-dev

bench-tools: build-deps $(CODEC_FLOOR) bench-venv
	$(call apt-install,$(BENCH_DEB_PACKAGES))

bench-compare: release bench-tools
	$(BENCH_VENV)/bin/python tools/bench/run_bench.py --bin $(BIN_RELEASE) --floor $(CODEC_FLOOR) \
	  --photos "$(PHOTOS)" $(BENCH_ARGS)

# PNG encoder settings (zlib levels/strategies/filters, libdeflate) on captcha-gen's own outputs:
# size and CPU time of each, the table in docs/decisions/0004-png-and-jpeg-codecs.md.
PNG_OPTIONS = .build/bench/png-options
PNG_SAMPLES = .build/bench/png-samples
BENCH_IMAGES = .build/bench/images

$(PNG_OPTIONS): tools/bench/png-options.c tools/bench/png_deflate.c tools/bench/png_deflate.h \
                Sources/CCodecs/*.c Sources/CCodecs/*.h Sources/CCodecs/include/ccodecs.h | bench-tools
	$(CC) -O2 -Wall -I Sources/CCodecs -I Sources/CCodecs/include -o $@ tools/bench/png-options.c \
	  tools/bench/png_deflate.c Sources/CCodecs/ccodecs_*.c -lpng -ljpeg -lz -ldeflate

bench-png: release bench-tools $(PNG_OPTIONS)
	$(BENCH_VENV)/bin/python tools/bench/make_images.py --out $(BENCH_IMAGES) --photos "$(PHOTOS)"
	rm -rf $(PNG_SAMPLES)
	$(BIN_RELEASE) batch --count 10 --seed 3 --size 320x160 --images $(BENCH_IMAGES)/batch \
	  --out $(PNG_SAMPLES)/default > /dev/null
	$(BIN_RELEASE) batch --count 10 --seed 4 --size 320x160 --images $(BENCH_IMAGES)/batch \
	  --out $(PNG_SAMPLES)/classic --difficulty classic > /dev/null
	$(BIN_RELEASE) make --image $(BENCH_IMAGES)/make/bg-451x300.png --seed 1 --out $(PNG_SAMPLES)/m451 > /dev/null
	$(BIN_RELEASE) make --image $(BENCH_IMAGES)/batch/motorcycle.png --seed 1 --out $(PNG_SAMPLES)/mphoto > /dev/null
	for s in 5 11 12 13; do $(BIN_RELEASE) make --seed $$s --size 320x160 --out $(PNG_SAMPLES)/proc$$s > /dev/null; done
	$(BIN_RELEASE) make --seed 3 --size 1920x1080 --out $(PNG_SAMPLES)/proc1080 > /dev/null
	$(BIN_RELEASE) make --seed 4 --size 1920x1080 --difficulty classic --out $(PNG_SAMPLES)/proc1080c > /dev/null
	@echo "== batch outputs, 320x160 from photos (default look and classic)"
	$(PNG_OPTIONS) --rounds 9 $(PNG_SAMPLES)/default/*/*.png $(PNG_SAMPLES)/classic/*/*.png
	@echo "== make outputs: 451x300 and 1482x1000 photos, built-in pictures at 320x160 and 1920x1080"
	$(PNG_OPTIONS) --rounds 5 $(PNG_SAMPLES)/m*/*.png $(PNG_SAMPLES)/proc*/*.png

# The pattern kind's attacks (tools/attacks/pattern_attacks.py: blind baseline, template matching,
# ddddocr detect-then-classify; ddddocr is installed into .venv on first use).
.PHONY: attack-eval-pattern
attack-eval-pattern: attack-venv
	@if [ ! -d "$(PHOTOS)" ]; then \
	  echo "attack-eval-pattern: skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR)"; \
	else \
	  $(MAKE) --no-print-directory release && \
	  $(VENV)/bin/pip install --quiet ddddocr && \
	  nice -n 10 $(VENV)/bin/python tools/attacks/pattern_attacks.py --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --json .build/pattern-attacks.json $(ATTACK_ARGS); \
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

# Issue 31: every kind's cheap attacks on its default look, and the attack suite's own tests.
# `attack-eval` builds captcha-gen (release) and runs tools/attacks/evaluate_all.py: slide, rotate and,
# once tools/attacks/pattern_evaluate.py exists, pattern; 10 captchas per TEST photo and 30 on the
# built-in background's test seeds per kind (tools/attacks/split.py), the suite's own attacks and the
# PyPI solvers (.venv-solvers), one table at the end; about 5 minutes on 2 cores. ATTACK_ARGS passes
# options to it, e.g. ATTACK_ARGS='--seeds 20'. `test-attacks` runs tools/attacks/test_*.py (about
# 20 s) with the solvers' venv for the wrapper's tests.
SOLVER_VENV = .venv-solvers
PHOTOS     ?= ../shared/photos
ATTACK_ARGS ?=

.PHONY: solver-venv attack-eval test-attacks

solver-venv: $(SOLVER_VENV)/.installed

# --no-deps from a complete list: tenon pins an OpenCV that the other solvers cannot use (see the file).
$(SOLVER_VENV)/.installed: tools/attacks/requirements-solvers.txt | python-deps
	python3 -m venv $(SOLVER_VENV)
	$(SOLVER_VENV)/bin/pip install --quiet --no-deps -r tools/attacks/requirements-solvers.txt
	touch $@

attack-eval: build-deps attack-venv solver-venv
	@if [ ! -d "$(PHOTOS)" ]; then \
	  echo "attack-eval: skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR to a folder of jpg/png photos)"; \
	else \
	  $(SWIFT) build -c release --product captcha-gen && \
	  models=""; if ls $(ATTACK_MODELS)/*.pt >/dev/null 2>&1; then models="--models $(ATTACK_MODELS)"; \
	  else echo "attack-eval: no learned attackers in $(ATTACK_MODELS) (run make attack-train to include them)"; fi; \
	  nice -n 10 $(VENV)/bin/python tools/attacks/evaluate_all.py --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --solvers $(SOLVER_VENV)/bin/python $$models $(ATTACK_ARGS); \
	fi

test-attacks: attack-venv solver-venv
	SOLVERS_PYTHON=$(CURDIR)/$(SOLVER_VENV)/bin/python $(VENV)/bin/python -m pytest -q tools/attacks

# ---- serve under load and in a container (issue 30): bench-serve, image, test-image ---------------
# `make bench-serve`: the open-loop benchmark of serve (tools/serve/bench_serve.py; figures in
# docs/performance.md, "serve"): the sustained issue rate beside `batch --jobs N`, then issue and
# verify together at 50% and 80% of it for 60 s each, with the memory store and with PostgreSQL
# (tools/pg/cluster.sh). About 10 minutes. SERVE_BENCH_ARGS passes options, e.g.
# SERVE_BENCH_ARGS='--stores memory --seconds 30'.
SERVE_BENCH_ARGS ?=

.PHONY: bench-serve image image-binaries test-image docker-deps

bench-serve: build-deps pg-deps
	$(SWIFT) build -c release --product captcha-gen
	$(SWIFT) build -c release --product captcha-gen-serve
	python3 tools/serve/bench_serve.py --bin $(BIN_RELEASE) $(SERVE_BENCH_ARGS)

# `make image`: the OCI image (tools/image/Dockerfile, FROM scratch; docs/container.md) from the
# IMAGE_CONFIG build of the two binaries, tagged IMAGE. dockerd (Debian's docker.io) is started when
# none answers, and left running with the image in it.
IMAGE        ?= captcha-gen:latest
IMAGE_CONFIG ?= release
DOCKER_DEB_PACKAGES = docker.io ca-certificates binutils
DOCKERD      = $(CURDIR)/tools/image/dockerd.sh

docker-deps:
	$(call apt-install,$(DOCKER_DEB_PACKAGES))

image-binaries: build-deps
	$(SWIFT) build -c $(IMAGE_CONFIG) --product captcha-gen
	$(SWIFT) build -c $(IMAGE_CONFIG) --product captcha-gen-serve

image: image-binaries docker-deps
	@$(DOCKERD) start
	tools/image/build.sh .build/$(IMAGE_CONFIG) $(IMAGE)

# `make test-image` (run by `make test`): tools/image/test_image.py against an image built from the
# debug binaries `make test` has built already (TEST_IMAGE_CONFIG=release tests the release ones),
# two containers and a throw-away PostgreSQL server listening on the docker bridge. dockerd is
# started when none answers and stopped afterwards, like the PostgreSQL cluster; where dockerd
# cannot run, the test says so and is skipped.
TEST_IMAGE_CONFIG ?= debug
TEST_IMAGE         = captcha-gen:test

test-image: docker-deps pg-deps
	$(MAKE) --no-print-directory image-binaries IMAGE_CONFIG=$(TEST_IMAGE_CONFIG)
	tools/image/run_test.sh .build/$(TEST_IMAGE_CONFIG) $(TEST_IMAGE)

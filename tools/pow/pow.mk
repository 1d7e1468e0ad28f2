# The proof of work's tests, benchmarks and simulation (docs/proof-of-work.md), included by the
# Makefile after its browser and PostgreSQL variables (BROWSER_VENV, PG_CLUSTER, BIN_RELEASE).

# Proof of work (docs/proof-of-work.md). test-pow-browser: the widget's solver
# (Resources/pow-worker.js) in headless Chromium against RFC 7914's scrypt vectors and the server's
# table and walk (about 10 s). bench-pow (not a test): the solver's time per level in Chromium
# against the fastest native solver (tools/pow/pow_native.c, every core) and plain SHA-256
# hashcash as the baseline, and the server's cost per check; POW_BENCH_ARGS='--levels 1,2,3,4'.
POW_NATIVE      = .build/pow/pow_native
POW_C_SOURCES   = $(wildcard Sources/CProofOfWork/*.c) Sources/CSHA256/csha256.c
POW_CC         := $(shell command -v cc 2>/dev/null || echo clang)
POW_BENCH_ARGS ?=

.PHONY: test-pow-browser bench-pow

$(POW_NATIVE): tools/pow/pow_native.c $(POW_C_SOURCES) $(wildcard Sources/CProofOfWork/include/*.h)
	@mkdir -p $(dir $@)
	$(POW_CC) -O3 -march=native -pthread -ISources/CProofOfWork/include -ISources/CSHA256/include \
	  -o $@ tools/pow/pow_native.c $(POW_C_SOURCES)

test-pow-browser: browser-deps browser-venv
	cd tools/pow && ../../$(BROWSER_VENV)/bin/python pow_browser_test.py

bench-pow: browser-deps browser-venv $(POW_NATIVE)
	cd tools/pow && ../../$(BROWSER_VENV)/bin/python bench_pow.py --native ../../$(POW_NATIVE) $(POW_BENCH_ARGS)

# The person's side through the widget (figures, not a test): solve time per level on fresh pages in
# headless Chromium, and the wait it adds after a 2, 3 or 4 s drag; POW_WAIT_ARGS='--samples 15'.
POW_WAIT_ARGS ?=

.PHONY: bench-pow-widget

bench-pow-widget: build browser-deps browser-venv
	$(BROWSER_VENV)/bin/python tools/widget/pow_wait_bench.py --bin .build/debug/captcha-gen $(POW_WAIT_ARGS)

# The attack simulation (figures, not a test; docs/proof-of-work.md "Attack simulation"): two release
# `serve` instances on a throw-away PostgreSQL cluster, a bot on one address prefix solving with
# pow_native on every core and answering right 97% of the time, a person on another prefix beside
# it; two phases (levels held at 1, then the default levels) of SIMULATE_ARGS='--minutes 2' each.
SIMULATE_ARGS ?=

.PHONY: simulate-pow

simulate-pow: release pg-deps $(POW_NATIVE)
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	python3 tools/pow/simulate_attack.py --bin $(BIN_RELEASE) --native $(POW_NATIVE) --store $$url $(SIMULATE_ARGS)

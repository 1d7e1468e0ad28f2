# Checks: the fast tier a developer runs on every change, and the lints. No PostgreSQL, browser or
# Docker: the PostgreSQL store's tests skip without CAPTCHA_TEST_POSTGRES_URL (`make test-unit`
# runs them on a throw-away cluster).

# The code each lint reads.
SWIFT_LINT_PATHS = Sources Tests Examples/Sources Examples/Tests Examples/Package.swift Package.swift
JS_LINT_FILES    = $(wildcard Sources/CaptchaServe/Resources/*.js Sources/CaptchaServe/Resources/widget/*.js \
                     Tests/JavaScript/*.js tools/*/*.js)
C_LINT_FILES     = $(wildcard Sources/C*/*.c tools/pow/*.c tools/bench/*.c)
C_LINT_INCLUDES  = -ISources/CCodecs -ISources/CCodecs/include -ISources/CProofOfWork/include \
                   -ISources/CSHA256/include -Itools/bench

##@ Check (on every change)

.PHONY: check check-unit check-node check-pow-native check-tools lint lint-swift lint-python lint-js lint-c format api-breakage

check: ## build, unit tests (no PostgreSQL), node tests, the native solver's vectors, the tools' launcher, every lint
	$(MAKE) --no-print-directory check-unit
	$(MAKE) --no-print-directory check-node
	$(MAKE) --no-print-directory check-tools
	$(MAKE) --no-print-directory check-pow-native
	$(MAKE) --no-print-directory lint

check-unit: build-deps ## the XCTest suites without PostgreSQL (its store's tests skip)
	$(SWIFT) build --build-tests
	env -u CAPTCHA_TEST_POSTGRES_URL $(SWIFT) test --skip-build --disable-swift-testing

check-node: ## the widget's and the proof-of-work worker's JavaScript under node, and the browser scripts' dialect (Tests/JavaScript)
	node --test Tests/JavaScript/

check-pow-native: $(POW_NATIVE) ## the native solver against Fixtures/pow-vectors.json
	python3 -m tools.pow.native_selfcheck --native $(POW_NATIVE)

# The one launcher every tool starts serve with (tools/serve/serve_process.py), on real processes and
# on the debug captcha-gen (standard library only; about 15 s).
check-tools: build ## the tools' serve launcher: starts, waits for /healthz, refuses what does not start, stops cleanly
	BIN=$(BIN_DEBUG) python3 -m unittest -v tools.serve.test_serve_process

lint: lint-swift lint-python lint-js lint-c ## every lint: Swift, Python, JavaScript, C

lint-swift: ## swift format, as .swift-format says (`make format` fixes it)
	$(SWIFT) format lint --strict --recursive $(SWIFT_LINT_PATHS)

lint-python: $(LINT_VENV)/.installed ## ruff on tools/ (tools/pyproject.toml: syntax errors, pyflakes, no sys.path edits)
	$(LINT_VENV)/bin/ruff check tools

lint-js: ## every script parses alone (node --check)
	@for f in $(JS_LINT_FILES); do node --check $$f || exit 1; done
	@echo "$(words $(JS_LINT_FILES)) JavaScript files parse"

lint-c: ## the C sources compile clean with -Wall -Wextra
	@for f in $(C_LINT_FILES); do \
	  $(POW_CC) -fsyntax-only -std=gnu11 -Wall -Wextra -Werror -march=native $(C_LINT_INCLUDES) $$f || exit 1; \
	done
	@echo "$(words $(C_LINT_FILES)) C files compile clean"

api-breakage: ## the library products' public API against BASELINE (default: the newest v* tag; none: says so)
	SWIFT=$(SWIFT) tools/check/api_breakage.sh $(BASELINE)

format: ## reformat the Swift code as swift format does
	$(SWIFT) format --in-place --recursive $(SWIFT_LINT_PATHS)

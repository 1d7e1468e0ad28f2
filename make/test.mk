# Tests: CI's full run (`make test`, .ci/run) and its suites one by one, each on real components:
# PostgreSQL (a throw-away cluster, tools/pg/cluster.sh), schemathesis, headless Chromium, Docker.

PG_CLUSTER        = $(CURDIR)/tools/pg/cluster.sh
SERVE_SPEC        = Sources/CaptchaServe/Resources/openapi.json
BROWSER_ARGS     ?=
SITE_E2E_ARGS    ?=
# test-image builds its image from the debug binaries the other suites built (release: set it).
TEST_IMAGE_CONFIG ?= debug
TEST_IMAGE         = captcha-gen:test

##@ Test (CI's full run and its suites)

.PHONY: test test-unit test-serve test-serve-api test-analytics sim-day test-browser test-dropin test-pow-browser \
  test-attacks examples \
  test-image pg-start pg-stop

test: deps ## CI's full run: every suite below, the node tests, the native solver's vectors, the tools' launcher, every lint, the API check
	$(MAKE) --no-print-directory test-unit
	$(MAKE) --no-print-directory check-node
	$(MAKE) --no-print-directory check-pow-native
	$(MAKE) --no-print-directory check-tools
	$(MAKE) --no-print-directory test-serve
	$(MAKE) --no-print-directory test-analytics
	$(MAKE) --no-print-directory test-browser
	$(MAKE) --no-print-directory test-dropin
	$(MAKE) --no-print-directory test-attacks
	$(MAKE) --no-print-directory examples
	$(MAKE) --no-print-directory test-image
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory api-breakage

# `swift build` builds every product: the CLI tests run captcha-gen, whose `serve` execs the
# captcha-gen-serve binary built next to it. The cluster is stopped and deleted afterwards, also
# when a test fails or make is interrupted.
test-unit: build-deps pg-deps ## the XCTest suites, with a throw-away PostgreSQL for the store's tests
	$(SWIFT) build
	$(SWIFT) build --build-tests
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	echo "PostgreSQL for the tests: $$url"; \
	CAPTCHA_TEST_POSTGRES_URL=$$url CAPTCHA_TEST_POSTGRES_CONTROL=$(PG_CLUSTER) \
	  $(SWIFT) test --skip-build --disable-swift-testing

test-serve: test-serve-api

# schemathesis against `captcha-gen serve --port 0`, driven by the OpenAPI file: no 500s, every
# response as the spec says (tools/serve/run_schemathesis.py; about 2 minutes).
test-serve-api: build-deps $(SERVE_VENV)/.installed ## serve against its OpenAPI file with schemathesis
	$(SWIFT) build --product captcha-gen
	$(SWIFT) build --product captcha-gen-serve
	$(SERVE_VENV)/bin/python -m tools.serve.run_schemathesis --bin $(BIN_DEBUG) \
	  --schemathesis $(SERVE_VENV)/bin/schemathesis --spec $(SERVE_SPEC)

# The funnel end to end (tools/analytics/funnel_test.py, standard library only; about 20 s): a
# scripted sequence against two serve processes on a throw-away PostgreSQL comes back exactly from
# `captcha-gen report --json` and from the admin endpoint of either instance. Then the dashboard in
# headless Chromium against the report's numbers (dashboard_test.py, about 10 s;
# DASHBOARD_ARGS='--screenshot docs/images/dashboard.png' refreshes the docs' picture).
DASHBOARD_ARGS ?=
test-analytics: build pg-deps browser-deps browser-venv ## the analytics: two serve instances on PostgreSQL, the report's counts exactly; the dashboard in Chromium
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	python3 -m tools.analytics.funnel_test --bin $(BIN_DEBUG) --store $$url
	$(BROWSER_VENV)/bin/python -m tools.analytics.dashboard_test --bin $(BIN_DEBUG) $(DASHBOARD_ARGS)

# A simulated day (tools/analytics/sim_day.py; about 5 minutes, release build: the pools refill
# fast enough): the people and bot models of the attack simulation drive two serve instances on a
# throw-away PostgreSQL for a day compressed into SIM_DAY_MINUTES; the report, both admin endpoints
# and the dashboard in Chromium must give back the driver's own counts exactly.
# SIM_DAY_ARGS='--screenshot docs/images/dashboard.png' refreshes the docs' picture of the dashboard.
SIM_DAY_MINUTES ?= 3
SIM_DAY_ARGS ?=
sim-day: release pg-deps browser-deps browser-venv ## a simulated day on two serve instances: report, admin endpoints and dashboard give back its counts exactly
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	$(BROWSER_VENV)/bin/python -m tools.analytics.sim_day --bin $(BIN_RELEASE) --store $$url \
	  --minutes $(SIM_DAY_MINUTES) $(SIM_DAY_ARGS)

# Real-browser tests of the widget: headless Debian chromium through chromium-driver and selenium.
# browser_test.py starts two `captcha-gen serve --dev --port 0` (plain, and --steps 8) and drives
# every kind by mouse, touch and keyboard; screenshots go to .build/browser-test/screenshots
# (BROWSER_ARGS='--screenshots docs/images' refreshes the README's; BROWSER_ARGS='-k rotate' runs
# some tests only). site_e2e_test.py (about a minute): a sign-up site of its own
# (tools/widget/site_backend.py) on other origins checks pass tokens with siteverify, with the memory
# store and with two instances on PostgreSQL (SITE_E2E_ARGS='-k Memory' runs some only).
# pow_widget_test.py (under a minute): every kind with the worker's solution, a wrong and a reused
# one, a worker that cannot start, the no-puzzle path by keyboard and the invisible mode. a11y_test.py:
# axe-core on every kind and state, light, dark and right to left. Then the worker alone against the
# shared vectors. All of them run serve with the proof of work on.
test-browser: build browser-deps browser-venv pg-deps ## the widget in headless Chromium
	$(BROWSER_VENV)/bin/python -m tools.widget.browser_test --bin $(BIN_DEBUG) $(BROWSER_ARGS)
	$(BROWSER_VENV)/bin/python -m tools.widget.site_e2e_test --bin $(BIN_DEBUG) $(SITE_E2E_ARGS)
	$(BROWSER_VENV)/bin/python -m tools.widget.pow_widget_test --bin $(BIN_DEBUG)
	$(BROWSER_VENV)/bin/python -m tools.widget.a11y_test --bin $(BIN_DEBUG)
	$(MAKE) --no-print-directory test-pow-browser

# Unmodified integrations from PyPI against captcha-gen (tools/widget/dropin_e2e_test.py, under a
# minute): a Django sign-up site with django-turnstile, django-hCaptcha and django-recaptcha, each
# pointed at serve through its own settings (django-recaptcha over HTTPS, through a TLS proxy with a
# test certificate authority made by openssl); the browser solves each widget, each library accepts
# the sign-up and refuses a made-up, a replayed and another site's token; django-recaptcha's v3 widget
# with its action and score check; each script's page API (DROPIN_ARGS='-k hcaptcha').
test-dropin: build browser-deps dropin-venv ## Turnstile, hCaptcha and reCAPTCHA libraries against serve, in Chromium
	$(DROPIN_VENV)/bin/python -m tools.widget.dropin_e2e_test --bin $(BIN_DEBUG) $(DROPIN_ARGS)

# The worker (Resources/pow-worker.js) in a Web Worker against Fixtures/pow-vectors.json (about 10 s).
test-pow-browser: browser-deps browser-venv ## the proof-of-work worker in headless Chromium
	$(BROWSER_VENV)/bin/python -m tools.pow.pow_browser_test

# The attack suite's own tests (tools/attacks/test_*.py, about 20 s), with the solvers' venv for the
# wrapper's tests.
test-attacks: attack-venv solver-venv ## the attack suite's pytest tests
	SOLVERS_PYTHON=$(CURDIR)/$(SOLVER_VENV)/bin/python $(VENV)/bin/python -m pytest -q tools/attacks

# Examples/: a package of its own that uses captcha-gen through its library products only. It
# builds in the main package's build folder, so the dependencies compiled for the tests are reused
# (a folder of its own would compile them all again: 9 minutes here).
examples: build-deps ## Examples/, built and tested through the library products alone
	$(SWIFT) build --package-path Examples --scratch-path $(CURDIR)/.build
	$(SWIFT) test --package-path Examples --scratch-path $(CURDIR)/.build --disable-swift-testing

# tools/image/test_image.py against an image of the TEST_IMAGE_CONFIG binaries: two containers and
# a throw-away PostgreSQL server on the docker bridge. dockerd is started when none answers and
# stopped afterwards; where dockerd cannot run, the test says so and is skipped.
test-image: docker-deps pg-deps ## the container image: two containers on one PostgreSQL
	$(MAKE) --no-print-directory image-binaries IMAGE_CONFIG=$(TEST_IMAGE_CONFIG)
	tools/image/run_test.sh .build/$(TEST_IMAGE_CONFIG) $(TEST_IMAGE)

pg-start: pg-deps ## a PostgreSQL for development: prints the URL to export (or to give serve --store)
	@url=$$($(PG_CLUSTER) start) && echo "export CAPTCHA_TEST_POSTGRES_URL=$$url CAPTCHA_TEST_POSTGRES_CONTROL=$(PG_CLUSTER)"

pg-stop: ## stop and delete that PostgreSQL
	$(PG_CLUSTER) stop

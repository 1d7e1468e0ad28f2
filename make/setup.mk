# Set-up: Debian packages and Python venvs. Each rule installs only what is missing, so a target
# that depends on one costs nothing once the machine has it.

DEB_PACKAGES         = libpng-dev libjpeg62-turbo-dev libwebp-dev libdeflate-dev zlib1g-dev
PG_DEB_PACKAGES      = postgresql
BROWSER_DEB_PACKAGES = chromium chromium-driver python3 python3-venv openssl
DOCKER_DEB_PACKAGES  = docker.io ca-certificates binutils
# GNU time reports each run's peak RSS; libdeflate is compared with zlib by bench-png.
BENCH_DEB_PACKAGES   = time libdeflate-dev
# Everything `make test` needs besides the C libraries' headers.
TEST_DEB_PACKAGES    = $(PG_DEB_PACKAGES) $(BROWSER_DEB_PACKAGES) $(DOCKER_DEB_PACKAGES)

# The Python venvs, one per purpose (their requirements files beside the tools that use them). Each
# also installs tools/ itself, the package `tools` (tools/pyproject.toml), editable; the targets run
# the tools as modules from the repository's root (python -m tools.PURPOSE.NAME), which needs no install.
LINT_VENV    = .venv-lint
SERVE_VENV   = .venv-serve
BROWSER_VENV = .venv-browser
DROPIN_VENV  = .venv-dropin
VENV         = .venv
SOLVER_VENV  = .venv-solvers
BENCH_VENV   = .venv-bench
RASTER_VENV  = .venv-raster
TEST_VENVS   = $(LINT_VENV) $(SERVE_VENV) $(BROWSER_VENV) $(DROPIN_VENV) $(VENV) $(SOLVER_VENV)

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

# $(call venv,DIR,REQUIREMENTS[,PIP OPTIONS]): the recipe that makes the venv DIR from a requirements
# file, with the tools package.
define venv
python3 -m venv $(1)
$(1)/bin/pip install --quiet $(3) -r $(2)
$(call tools-package,$(1))
touch $(1)/.installed
endef

# $(call tools-package,DIR): installs tools/ (editable) into the venv DIR.
define tools-package
$(1)/bin/pip install --quiet --no-deps -e tools
endef

##@ Set-up

.PHONY: deps build-deps pg-deps browser-deps docker-deps python-deps bench-deps attack-venv \
  attack-learn-venv solver-venv bench-venv browser-venv dropin-venv

deps: build-deps ## everything `make test` needs: Debian packages and Python venvs (only what is missing)
	$(call apt-install,$(TEST_DEB_PACKAGES))
	@$(MAKE) --no-print-directory $(addsuffix /.installed,$(TEST_VENVS))

build-deps: ## the C libraries' headers a build needs (libpng, libjpeg-turbo, libwebp, libdeflate, zlib)
	$(call apt-install,$(DEB_PACKAGES))

pg-deps:
	$(call apt-install,$(PG_DEB_PACKAGES))

browser-deps:
	$(call apt-install,$(BROWSER_DEB_PACKAGES))

docker-deps:
	$(call apt-install,$(DOCKER_DEB_PACKAGES))

# python3 with its venv module (Debian packages it apart).
python-deps:
	$(call apt-install,python3 python3-venv)

bench-deps:
	$(call apt-install,$(BENCH_DEB_PACKAGES))

$(LINT_VENV)/.installed: tools/check/requirements.txt | python-deps
	$(call venv,$(LINT_VENV),tools/check/requirements.txt)

$(SERVE_VENV)/.installed: tools/serve/requirements.txt | python-deps
	$(call venv,$(SERVE_VENV),tools/serve/requirements.txt)

browser-venv: $(BROWSER_VENV)/.installed

$(BROWSER_VENV)/.installed: tools/widget/requirements.txt tools/widget/requirements-axe.txt | browser-deps python-deps
	python3 -m venv $(BROWSER_VENV)
	$(BROWSER_VENV)/bin/pip install --quiet -r tools/widget/requirements.txt
	$(BROWSER_VENV)/bin/pip install --quiet --no-deps -r tools/widget/requirements-axe.txt
	$(call tools-package,$(BROWSER_VENV))
	touch $@

# The drop-in test's unmodified captcha integrations (Django and its Turnstile, hCaptcha and
# reCAPTCHA libraries) and selenium.
dropin-venv: $(DROPIN_VENV)/.installed

$(DROPIN_VENV)/.installed: tools/widget/requirements-dropin.txt | browser-deps python-deps
	$(call venv,$(DROPIN_VENV),tools/widget/requirements-dropin.txt)

attack-venv: $(VENV)/.installed

$(VENV)/.installed: tools/attacks/requirements.txt | python-deps
	$(call venv,$(VENV),tools/attacks/requirements.txt)

# torch for the learned attacker (a CPU build when pip finds one; the default Linux wheel from PyPI
# also pulls several GB of CUDA libraries).
attack-learn-venv: $(VENV)/.installed-learn

$(VENV)/.installed-learn: $(VENV)/.installed tools/attacks/requirements-learn.txt
	$(VENV)/bin/pip install --quiet -r tools/attacks/requirements-learn.txt
	touch $@

solver-venv: $(SOLVER_VENV)/.installed

# --no-deps from a complete list: tenon pins an OpenCV that the other solvers cannot use (see the file).
$(SOLVER_VENV)/.installed: tools/attacks/requirements-solvers.txt | python-deps
	$(call venv,$(SOLVER_VENV),tools/attacks/requirements-solvers.txt,--no-deps)

bench-venv: $(BENCH_VENV)/.installed

$(BENCH_VENV)/.installed: tools/bench/requirements.txt | python-deps
	$(call venv,$(BENCH_VENV),tools/bench/requirements.txt)

$(RASTER_VENV)/.installed: tools/bench/requirements-raster.txt | python-deps
	$(call venv,$(RASTER_VENV),tools/bench/requirements-raster.txt)

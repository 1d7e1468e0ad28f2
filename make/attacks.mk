# Attacks: how solvable our captchas are (tools/attacks, docs/security.md). Figures, not tests; each
# reads the sample photographs (PHOTOS), split into tuning and test photos by tools/attacks/split.py,
# and says so and does nothing when the folder is missing. The suite's own tests are `make
# test-attacks`.

ATTACK_MODELS ?= .build/attack-models
ATTACK_ARGS   ?=
TRAIN_ARGS    ?=

# $(call need-photos,TARGET): stops the recipe with a sentence when the photo folder is missing.
define need-photos
@if [ ! -d "$(PHOTOS)" ]; then echo "$(1): skipped: photo folder $(PHOTOS) is missing (set PHOTOS=DIR)"; exit 0; fi
endef

##@ Attacks (figures, not tests)

.PHONY: attack-eval attack-eval-pattern attack-eval-rotate attack-train attack-train-rotate

# Every kind's cheap attacks on its default look (tools/attacks/evaluate_all.py): 10 captchas per
# TEST photo and 30 on the built-in background's test seeds per kind, the suite's own attacks and
# the PyPI solvers, one table at the end; about 5 minutes on 2 cores. The learned attackers are
# included once `make attack-train` has trained them. ATTACK_ARGS='--seeds 20' passes options.
attack-eval: build-deps attack-venv solver-venv ## every kind's attacks and the PyPI solvers, one table
	$(call need-photos,$@)
	@[ ! -d "$(PHOTOS)" ] || { \
	  $(SWIFT) build -c release --product captcha-gen && \
	  models=""; if ls $(ATTACK_MODELS)/*.pt >/dev/null 2>&1; then models="--models $(ATTACK_MODELS)"; \
	  else echo "attack-eval: no learned attackers in $(ATTACK_MODELS) (run make attack-train to include them)"; fi; \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.evaluate_all --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --solvers $(SOLVER_VENV)/bin/python $$models $(ATTACK_ARGS); }

# The pattern kind's attacks (tools/attacks/pattern_attacks.py: blind baseline, template matching,
# ddddocr detect-then-classify; ddddocr is installed into .venv on first use).
attack-eval-pattern: attack-venv ## the pattern kind's attacks, ddddocr among them
	$(call need-photos,$@)
	@[ ! -d "$(PHOTOS)" ] || { \
	  $(MAKE) --no-print-directory release && \
	  $(VENV)/bin/pip install --quiet ddddocr && \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.pattern_attacks --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --json .build/pattern-attacks.json $(ATTACK_ARGS); }

# Rotate: rim matching (tenon-style and correlation) and, once trained, the RotNet-style upright
# classifier, on 20 captchas per TEST photo; plain and with --steps 8.
attack-eval-rotate: attack-venv ## the rotate kind's attacks, plain and with --steps 8
	$(call need-photos,$@)
	@[ ! -d "$(PHOTOS)" ] || { \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.rotate_evaluate --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --models $(ATTACK_MODELS) --json .build/rotate-attack-results.json $(ATTACK_ARGS) && \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.rotate_evaluate --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --models $(ATTACK_MODELS) --work .build/attack-eval-rotate-steps --make-arg=--steps --make-arg=8; }

# The learned slide attacker (torch, CPU, about 25 minutes: 2400 training captchas from the TRAIN
# photos, 8 minutes per variant).
attack-train: attack-learn-venv ## train the learned slide attacker on the TRAIN photos
	$(call need-photos,$@)
	@[ ! -d "$(PHOTOS)" ] || { \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.learned train --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --out $(ATTACK_MODELS) $(TRAIN_ARGS); }

# The RotNet-style classifier from `batch --kind rotate` on the TRAIN photos (CPU, about 8 minutes).
attack-train-rotate: attack-learn-venv ## train the rotate classifier on the TRAIN photos
	$(call need-photos,$@)
	@[ ! -d "$(PHOTOS)" ] || { \
	  $(MAKE) --no-print-directory release && \
	  nice -n 10 $(VENV)/bin/python -m tools.attacks.rotnet train --bin $(BIN_RELEASE) --photos "$(PHOTOS)" \
	    --out $(ATTACK_MODELS) $(TRAIN_ARGS); }

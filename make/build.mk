# Build: the Swift products (debug and release), the demo, and the native proof-of-work solver.

# The fastest native solver of the proof of work (tools/pow/pow_native.c): the attack simulation's
# bot, the benchmarks' baseline, and checked against the shared vectors by check-pow-native.
POW_NATIVE    = .build/pow/pow_native
POW_C_SOURCES = $(wildcard Sources/CProofOfWork/*.c) Sources/CSHA256/csha256.c
POW_CC       := $(shell command -v cc 2>/dev/null || echo clang)

##@ Build

.PHONY: build release demo clean

build: build-deps ## every product, debug (.build/debug)
	$(SWIFT) build

release: build-deps ## captcha-gen and captcha-gen-serve, release (.build/release): install the two side by side
	$(SWIFT) build -c release

# The release build of the captcha-gen product alone (no serve layers: quick on a fresh clone).
demo: build-deps ## build captcha-gen (release) and write one captcha to ./demo, printing its answer
	$(SWIFT) build -c release --product captcha-gen
	$(BIN_RELEASE) make --out demo --seed 42 --json
	@echo "wrote demo/piece.png, demo/background.png, demo/answer.json"

clean: ## remove the build folder and the demo
	rm -rf .build demo

$(POW_NATIVE): tools/pow/pow_native.c $(POW_C_SOURCES) $(wildcard Sources/CProofOfWork/include/*.h)
	@mkdir -p $(dir $@)
	$(POW_CC) -O3 -march=native -pthread -ISources/CProofOfWork/include -ISources/CSHA256/include \
	  -o $@ tools/pow/pow_native.c $(POW_C_SOURCES)

# libFuzzer targets (a package of their own, Fuzz/, so `swift build` and `swift test` never build
# them): SVG path parser and rasteriser, PNG decode, PNG encode round trip, JPEG decode, WebP decode and round trip, answer.json
# reader. Each runs for FUZZ_SECONDS on its seeds (Fixtures/fuzz/TARGET); new inputs collect in
# .build/fuzz/corpus, crashes and hangs in .build/fuzz/artifacts (make a regression test of each).

FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= svg-raster png png-encode jpeg webp answer

##@ Fuzz

.PHONY: fuzz

fuzz: build-deps ## each libFuzzer target for FUZZ_SECONDS on its seeds
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

# Benchmarks: figures, not tests. Each prints medians and ratios against a baseline run beside it
# in the same run (docs/performance.md, docs/proof-of-work.md).

CODEC_FLOOR   = .build/bench/codec-floor
PNG_OPTIONS   = .build/bench/png-options
PNG_SAMPLES   = .build/bench/png-samples
BENCH_IMAGES  = .build/bench/images
BENCH_ARGS       ?=
RASTER_ARGS      ?=
SERVE_BENCH_ARGS ?=
POW_BENCH_ARGS   ?=
POW_WAIT_ARGS    ?=
SIMULATE_ARGS    ?=

##@ Benchmarks (figures, not tests)

.PHONY: bench bench-suites bench-compare bench-tools bench-png raster-exact raster-compare bench-serve bench-bytes bench-pow \
  bench-pow-widget simulate-pow

bench: bench-compare bench-suites ## the comparisons with the baselines, then the in-process suites

bench-suites: release ## the in-process suites (captcha-bench)
	$(SWIFT) build -c release --product captcha-bench
	.build/release/captcha-bench

# The decode+encode-only C program and the Pillow script, run side by side with captcha-gen by
# run_bench.py. BENCH_ARGS passes options, e.g. BENCH_ARGS='--only make --samples 3' or
# BENCH_ARGS='-- --no-fsync'.
bench-compare: release bench-tools ## make and batch beside the codec floor and a Pillow script
	$(BENCH_VENV)/bin/python -m tools.bench.run_bench --bin $(BIN_RELEASE) --floor $(CODEC_FLOOR) \
	  --photos "$(PHOTOS)" $(BENCH_ARGS)

bench-tools: build-deps bench-deps $(CODEC_FLOOR) bench-venv

$(CODEC_FLOOR): tools/bench/codec-floor.c Sources/CCodecs/ccodecs_jpeg.c Sources/CCodecs/ccodecs_common.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -ISources/CCodecs/include -ISources/CCodecs -o $@ $^ -lpng -ljpeg -lz

$(PNG_OPTIONS): tools/bench/png-options.c tools/bench/png_deflate.c tools/bench/png_deflate.h \
                Sources/CCodecs/*.c Sources/CCodecs/*.h Sources/CCodecs/include/ccodecs.h | bench-tools
	$(CC) -O2 -Wall -I Sources/CCodecs -I Sources/CCodecs/include -o $@ tools/bench/png-options.c \
	  tools/bench/png_deflate.c Sources/CCodecs/ccodecs_*.c -lpng -ljpeg -lwebp -lz -ldeflate

# Size and CPU time of each zlib level, strategy and filter, and libdeflate, on captcha-gen's own
# outputs: the table in docs/decisions/0004-png-and-jpeg-codecs.md.
bench-png: release bench-tools $(PNG_OPTIONS) ## PNG encoder settings on captcha-gen's own outputs
	$(BENCH_VENV)/bin/python -m tools.bench.make_images --out $(BENCH_IMAGES) --photos "$(PHOTOS)"
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

# The rasteriser against the exact reference on the crossing corpus (RasterReference): strictly
# exact paths (every pixel within one level), per family, and the worst pixel; exits 1 on a miss.
# RASTER_EXACT_ARGS='SEED COUNT' picks another corpus (default seed 1, 400 paths).
raster-exact: build-deps ## the rasteriser against the exact area on the crossing corpus
	$(SWIFT) build -c release --product captcha-bench
	.build/release/captcha-bench --raster-exact $(RASTER_EXACT_ARGS)

# Our fill time next to Skia's (skia-python) in the same run, on the rasteriser's cases, with
# the ratio and the goal; RASTER_ARGS passes options (e.g. --rounds 15).
raster-compare: build-deps $(RASTER_VENV)/.installed ## the rasteriser's fill time beside Skia's
	$(SWIFT) build -c release --product captcha-bench
	@uptime
	$(RASTER_VENV)/bin/python -m tools.bench.raster_compare --bench .build/release/captcha-bench $(RASTER_ARGS)
	@uptime

# The open-loop benchmark of serve (tools/serve/bench_serve.py; docs/performance.md, "serve"): the
# sustained issue rate beside `batch --jobs N`, then issue and verify together at 50% and 80% of it
# for 60 s each, with the memory store and with PostgreSQL. About 10 minutes;
# SERVE_BENCH_ARGS='--stores memory --seconds 30' passes options.
bench-serve: build-deps pg-deps ## serve's sustained rates, memory store and PostgreSQL
	$(SWIFT) build -c release --product captcha-gen
	$(SWIFT) build -c release --product captcha-gen-serve
	python3 -m tools.serve.bench_serve --bin $(BIN_RELEASE) $(SERVE_BENCH_ARGS)

# Bytes a browser downloads per served challenge, per kind and background format (png, jpeg, webp,
# webp-lossless), on the built-in picture and on PHOTOS, with batch's time per captcha in each
# format (docs/performance.md, "Bytes to a phone"); BYTES_ARGS='--count 40' passes options.
bench-bytes: release ## bytes per served challenge, per kind and format (PNG, JPEG, WebP)
	python3 -m tools.bench.picture_bytes --bin $(BIN_RELEASE) --photos "$(PHOTOS)" $(BYTES_ARGS)

# The widget's solver's time per level in Chromium against the fastest native solver (every core)
# and plain SHA-256 hashcash as the baseline, and the server's cost per check;
# POW_BENCH_ARGS='--levels 1,2,3,4'.
bench-pow: browser-deps browser-venv $(POW_NATIVE) ## the proof of work: browser against native solver
	$(BROWSER_VENV)/bin/python -m tools.pow.bench_pow --native $(POW_NATIVE) $(POW_BENCH_ARGS)

# The person's side through the widget: solve time per level on fresh pages in headless Chromium,
# and the wait it adds after a 2, 3 or 4 s drag; POW_WAIT_ARGS='--samples 15'. Phones:
# POW_WAIT_ARGS='--cpu 1,0.25,0.1667' holds the whole browser to a quarter and a sixth of a core.
bench-pow-widget: build browser-deps browser-venv ## the wait the proof of work adds for a person
	$(BROWSER_VENV)/bin/python -m tools.widget.pow_wait_bench --bin $(BIN_DEBUG) $(POW_WAIT_ARGS)

# The attack simulation (docs/proof-of-work.md "Attack simulation"): two release `serve` instances on
# a throw-away PostgreSQL cluster, a bot on one address prefix solving with pow_native on every core
# and answering right 97% of the time, a person on another prefix beside it; two phases (levels held
# at 1, then the default levels) of SIMULATE_ARGS='--minutes 2' each.
simulate-pow: release pg-deps $(POW_NATIVE) ## bots and people against two instances on PostgreSQL
	@$(PG_CLUSTER) stop; trap '$(PG_CLUSTER) stop' EXIT; trap 'exit 130' INT TERM; \
	url=$$($(PG_CLUSTER) start) || exit 1; \
	python3 -m tools.pow.simulate_attack --bin $(BIN_RELEASE) --native $(POW_NATIVE) --store $$url $(SIMULATE_ARGS)

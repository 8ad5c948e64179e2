# Articula: every entry point a developer or CI needs. Each target installs and builds what it
# needs first, so any of them works on a fresh clone.
#   make demo | test | bench | bench-compare | sanitize | build | deps | clean
#   make fuzz | fuzz-smoke | tsan   (docs/fuzzing.md; `make test` runs fuzz-smoke first)
#   make docs | format | format-check   (API reference with Doxygen; clang-format over the C++ files)
#   make python   (the Python module in $(BUILD)/python: PYTHONPATH=$(BUILD)/python python3; docs/python.md)
#   make install PREFIX=P | package   (library, headers, command, CMake package, pkg-config file,
#                                     the .deb; docs/install.md)
# JOBS limits parallel compiles: the reference machine (and CI) has 2 cores. BENCH_ARGS and
# COMPARE_ARGS pass options on, e.g. COMPARE_ARGS="--models arm7,humanoid36".

JOBS        ?= 2
BUILD       ?= build
ASAN_BUILD  ?= build-asan
CMAKE_FLAGS ?=
BENCH_ARGS  ?=
COMPARE_ARGS ?=

.PHONY: all deps deps-web configure build test demo bench bench-compare bench-opensim bench-sweep sanitize clean
.PHONY: python install package fuzz-build fuzz fuzz-smoke tsan docs format format-check

all: build

deps:
	bash scripts/install-deps

# The browser tests also need Debian's chromium (the npm packages come with the build: npm ci).
deps-web:
	bash scripts/install-deps --web

# Re-running cmake is cheap and picks up new source files (the globs use CONFIGURE_DEPENDS).
configure: deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DARTICULA_WEB=ON $(CMAKE_FLAGS)

build: configure
	ninja -C $(BUILD) -j $(JOBS)

test: deps-web format-check build fuzz-smoke
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The demo: the adult male's standing fall (2 s, contact with the floor), its GIF rendered in
# software, then the folder and the summary's highlights.
DEMO_MODEL ?= models/scenarios/standing_fall.json
demo: configure
	ninja -C $(BUILD) -j $(JOBS) articula_cli
	./$(BUILD)/articula run $(DEMO_MODEL) --out $(BUILD)/demo -q
	./$(BUILD)/articula render $(BUILD)/demo --gif -q
	@grep -E '^(Scenario|Integrator|Run|Energy|Head|Contact|Warning) |^             (non-|HIC15|the integration)' $(BUILD)/demo/summary.txt
	@echo "Outputs:   $(abspath $(BUILD))/demo/"
	@echo "Animation: file://$(abspath $(BUILD))/demo/animation.gif"
	@echo "Viewer:    file://$(abspath $(BUILD))/demo/viewer.html"

# The Python module, built into $(BUILD)/python/articula (docs/python.md).
python: configure
	ninja -C $(BUILD) -j $(JOBS) python
	@echo "PYTHONPATH=$(abspath $(BUILD))/python /usr/bin/python3 -c 'import articula'"

bench: configure
	ninja -C $(BUILD) -j $(JOBS) articula_bench
	./$(BUILD)/bench/articula_bench $(BENCH_ARGS)

# One program times the same models in Articula, Simbody 3.7 and MuJoCo; writes $(BUILD)/compare.json.
bench-compare: configure
	ninja -C $(BUILD) -j $(JOBS) articula_compare
	./$(BUILD)/bench/articula_compare --json $(BUILD)/compare.json $(COMPARE_ARGS)

# OpenSim's IK and ID tools on the gait2354 trial: frames per second against the capture rate.
bench-opensim: configure
	ninja -C $(BUILD) -j $(JOBS) articula_bench_opensim
	./$(BUILD)/bench/articula_bench_opensim $(OPENSIM_ARGS)

# Sweeps: separate `articula run` processes vs `articula sweep --jobs 1/2` vs Dask (docs/performance.md).
bench-sweep: configure
	ninja -C $(BUILD) -j $(JOBS) articula_cli python
	PYTHONPATH=$(abspath $(BUILD))/python /usr/bin/python3 bench/python/bench_sweep.py --command $(BUILD)/articula $(SWEEP_ARGS)

# Library, headers, command, CMake package and pkg-config file under PREFIX (docs/install.md).
PREFIX ?= /usr/local
install: configure
	ninja -C $(BUILD) -j $(JOBS) articula articula_web articula_cli python
	cmake --install $(BUILD) --prefix $(PREFIX)

# The Debian package $(BUILD)/articula_<version>_<arch>.deb (cmake/Package.cmake); install it with
# `sudo apt install ./$(BUILD)/articula_<version>_amd64.deb`.
package: configure
	ninja -C $(BUILD) -j $(JOBS) articula articula_web articula_cli python
	cd $(BUILD) && cpack
	@ls $(BUILD)/articula_*.deb

# ASan + UBSan over the whole test suite; a separate tree so the Release build stays intact.
sanitize: deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DARTICULA_SANITIZE=ON -DARTICULA_WEB=ON -DARTICULA_BUILD_BENCH=OFF $(CMAKE_FLAGS)
	ninja -C $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)

# ---- soak (issue 19): a long run's memory ---------------------------------------------------------
# The 20-body ellipsoid fall (tests/data/models/ellipsoid_fall_20.json) in 10^6 fixed steps of
# SemiExplicitEuler (10 s simulated, frames every 10 ms, ~4 min here); prints the resident set size
# from summary.json at the start, at 10 % and at the end, and the peak: nothing is kept per step
# (docs/output-format.md, `memory`). `make test` runs a 10^5-step version that bounds the growth
# (LongRunMemory_test).
SOAK_ARGS ?= --integrator SemiExplicitEuler --dt 1e-5 --duration 10 --report-interval 0.01
.PHONY: soak
soak: configure
	ninja -C $(BUILD) -j $(JOBS) articula_cli
	./$(BUILD)/articula run tests/data/models/ellipsoid_fall_20.json $(SOAK_ARGS) -q --out $(BUILD)/soak
	@python3 -c 'import json; s = json.load(open("$(BUILD)/soak/summary.json")); m = s["run"]["memory"]; \
	  print("soak: %d steps attempted in %.0f s, RSS start %.1f MB, at 10%% %.1f MB, end %.1f MB (growth from 10%%: %.2f MB), peak %.1f MB" % \
	  (s["integrator"]["steps_attempted"], s["run"]["total_wall_time_s"], m["rss_start_bytes"] / 1e6, m["rss_at_10_percent_bytes"] / 1e6, \
	   m["rss_end_bytes"] / 1e6, (m["rss_end_bytes"] - m["rss_at_10_percent_bytes"]) / 1e6, m["peak_rss_bytes"] / 1e6))'

# ---- Fuzzing and ThreadSanitizer (docs/fuzzing.md) ----
# The libFuzzer harnesses of every reader (fuzz/): a clang tree with ASan + UBSan. `make fuzz` runs
# each FUZZ_SECONDS and merges new coverage into fuzz/corpus/; `make fuzz-smoke` (part of `make
# test`) runs them all for FUZZ_SMOKE_SECONDS in total. Either fails on a finding.
FUZZ_BUILD         ?= build-fuzz
FUZZ_SECONDS       ?= 300
FUZZ_SMOKE_SECONDS ?= 60
fuzz-build: deps
	cmake -S fuzz -B $(FUZZ_BUILD) -G Ninja -DCMAKE_CXX_COMPILER=clang++
	ninja -C $(FUZZ_BUILD) -j $(JOBS)

fuzz: fuzz-build
	bash fuzz/run-fuzzers fuzz $(FUZZ_BUILD) $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build
	bash fuzz/run-fuzzers smoke $(FUZZ_BUILD) $(FUZZ_SMOKE_SECONDS)

# ThreadSanitizer over the tests that use threads: the frame pipeline, the CLI's frame thread,
# simulation runs, a System shared between threads. Not part of `make test`.
TSAN_BUILD ?= build-tsan
TSAN_TESTS ?= FramePipeline|ThreadSafety|FrameThread|SimulationRun|SweepRun|SweepCommand
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
	  -DARTICULA_WEB=ON -DARTICULA_BUILD_BENCH=OFF -DARTICULA_WITH_SIMBODY=OFF $(CMAKE_FLAGS)
	ninja -C $(TSAN_BUILD) -j $(JOBS) test_run test_cli test_matter articula_cli
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --test-dir $(TSAN_BUILD) --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'


# ---- API reference and code format ----
# `make docs`: the reference generated by Doxygen from the public headers (docs/Doxyfile, main page
# docs/reference-index.md) into $(BUILD)/docs/html/index.html; doxygen's warnings (broken references,
# bad commands; undocumented members are not listed) are printed and kept in $(BUILD)/docs/warnings.txt.
# Installs doxygen first if missing (scripts/install-deps --docs); builds no C++.
DOCS_OUT ?= $(BUILD)/docs
docs:
	@command -v doxygen >/dev/null 2>&1 || bash scripts/install-deps --docs
	@mkdir -p $(DOCS_OUT)
	@{ cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $(DOCS_OUT)"; echo "WARN_LOGFILE = $(DOCS_OUT)/warnings.txt"; } | doxygen -
	@if [ -s $(DOCS_OUT)/warnings.txt ]; then cat $(DOCS_OUT)/warnings.txt; fi
	@echo "docs: $$(grep -c 'warning:' $(DOCS_OUT)/warnings.txt || true) warnings; file://$(abspath $(DOCS_OUT))/html/index.html"

# `make format` reformats every tracked C++ file with .clang-format; `make format-check` changes
# nothing and fails if a file differs (scripts/format; clang-format 14 from scripts/install-deps --format).
format:
	@command -v clang-format >/dev/null 2>&1 || bash scripts/install-deps --format
	bash scripts/format

format-check:
	@command -v clang-format >/dev/null 2>&1 || bash scripts/install-deps --format
	bash scripts/format --check

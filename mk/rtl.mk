# RTL: lint, Verilator lockstep harnesses, Icarus benches, `make sim`.
# Each block adds its own rules in mk/rtl_<block>.mk and appends phony targets to the lists below.

VERILATOR ?= verilator
IVERILOG  ?= iverilog
VVP       ?= vvp

RTL_SRCS  := $(wildcard rtl/*.v rtl/*.vh)
# The framework's source files (zlib and FST output), compiled into every harness: LS_SRCS on each Verilator
# command line; LS_HDRS, every harness's prerequisite, lists them too, and the FST writer library.
# GTKWave's FST writer comes with Verilator (include/gtkwave); tb/lockstep/fst_lib.c compiles it once into
# $(LIBVLFST), which every harness links (the .a on the Verilator command line, like $(LIBMDD)).
VL_ROOT   := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)
LIBVLFST  := $(BUILD)/lib/libvlfst.a
LS_SRCS   := tb/lockstep/lockstep_io.cpp tb/lockstep/lockstep_fst.cpp
LS_HDRS   := $(wildcard tb/lockstep/*.h) $(wildcard model/*.h) include/mdd/crc.h $(LS_SRCS) $(LIBVLFST)
# What every harness's Verilator command line adds after its own .cpp (absolute: Verilator's make runs in the Mdir).
LS_LINK   = $(addprefix $(CURDIR)/,$(LS_SRCS)) $(CURDIR)/$(LIBVLFST)

# Lockstep builds: --x-assign/--x-initial 0 so that un-reset datapath registers start at 0, as the C twins do
# (the twins are compared on every output, valid or not). Lint is separate and strict (-Wall, fatal).
# -mpopcnt: Verilator turns the XOR reductions into popcounts (about 10% faster lockstep); x86-64 only.
# Optimisation goes through Verilator's own make variables: -O1 for the per-cycle code, -O0 for the code that
# runs once (constructors, the first waveform dump). The once-only code is most of the C++ of the wide
# designs; at -O2 it tripled the build time of rx_path W = 64 (1042 s against 327 s) for no faster run (36 s).
# With ccache (make deps) the builds share their identical objects -- the Verilator runtime is the same in all
# sixty -- through a cache inside $(BUILD), so a clean build starts from nothing.
VL_CXXFLAGS := -std=c++17 -I$(CURDIR)/include -I$(CURDIR)/model -I$(CURDIR)/tb/lockstep -I$(VL_ROOT)/include/gtkwave \
               $(if $(filter x86_64,$(shell uname -m)),-mpopcnt)
VL_MAKEFLAGS := OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1 $(if $(shell command -v ccache),OBJCACHE=ccache)
# -lz: the framework writes waveforms and vectors named *.gz through zlib (lockstep_io.cpp, every build).
VL_GEN_FLAGS := --cc --exe -O3 --trace -Wno-fatal -Irtl --x-assign 0 --x-initial 0 -CFLAGS "$(VL_CXXFLAGS)" -LDFLAGS -lz
VL_FLAGS     := --build -j 2 -MAKEFLAGS "$(VL_MAKEFLAGS)" $(VL_GEN_FLAGS)
VL_CCACHE_DIR := $(CURDIR)/$(BUILD)/ccache

# $(call VL_BUILD,<mdir>,<top module>,<harness .cpp>,<-G parameters>[,<RTL source, default rtl/<top module>.v>])
# Builds <mdir>/<notdir mdir>: the Verilated top, its harness, and the C twins from $(LIBMDD). The binary is
# removed first because Verilator's own makefile does not relink when only $(LIBMDD) changed. Its makefile
# also has VPATH += .., so with the binary gone make finds ../<notdir mdir> -- the Mdir itself, just made newer
# than every object by that rm -- and calls the binary up to date: the Mdir's time stamp goes back to 1970.
define VL_BUILD
	@mkdir -p $(1)
	@rm -f $(1)/$(notdir $(1))
	@touch -c -d @0 $(1)
	@echo "  VERILATE $(1) ($(2) $(strip $(4)))"
	@t0=$$(date +%s); CCACHE_DIR=$(VL_CCACHE_DIR) $(VERILATOR) $(VL_FLAGS) --top-module $(2) $(4) --Mdir $(1) \
	    -o $(notdir $(1)) $(or $(5),rtl/$(2).v) $(CURDIR)/$(3) $(LS_LINK) $(CURDIR)/$(LIBMDD) > $(1)/build.log 2>&1 \
	    || { tail -n 40 $(1)/build.log; exit 1; }; echo "  BUILT $(1) in $$(( $$(date +%s) - t0 )) s"; \
	    mkdir -p $(RESULTS); printf '%s\t%s\n' 'build:$(notdir $(1))' $$(( $$(date +%s) - t0 )) >> $(RESULTS)/times.tsv
endef

# The same build in two steps, for a build that should overlap Verilator's single-threaded translation with other
# work (the core's, mk/rtl_core.mk: make sim compiles libmdd meanwhile). VL_VERILATE writes <mdir>/V<top>.mk and
# the C++ from the RTL alone; VL_COMPILE compiles and links them with the harness and $(LIBMDD) (arguments as
# VL_BUILD's).
define VL_VERILATE
	@mkdir -p $(1)
	@echo "  VERILATE $(1) ($(2) $(strip $(4)))"
	@t0=$$(date +%s); $(VERILATOR) $(VL_GEN_FLAGS) --top-module $(2) $(4) --Mdir $(1) \
	    -o $(notdir $(1)) $(or $(5),rtl/$(2).v) $(CURDIR)/$(3) $(LS_LINK) $(CURDIR)/$(LIBMDD) > $(1)/verilate.log 2>&1 \
	    || { tail -n 40 $(1)/verilate.log; exit 1; }; echo "  VERILATED $(1) in $$(( $$(date +%s) - t0 )) s"; \
	    mkdir -p $(RESULTS); printf '%s\t%s\n' 'verilate:$(notdir $(1))' $$(( $$(date +%s) - t0 )) >> $(RESULTS)/times.tsv
endef
define VL_COMPILE
	@rm -f $(1)/$(notdir $(1))
	@touch -c -d @0 $(1)
	@t0=$$(date +%s); CCACHE_DIR=$(VL_CCACHE_DIR) make -C $(1) -f V$(2).mk -j 2 $(VL_MAKEFLAGS) > $(1)/build.log 2>&1 \
	    || { tail -n 40 $(1)/build.log; exit 1; }; echo "  BUILT $(1) in $$(( $$(date +%s) - t0 )) s"; \
	    mkdir -p $(RESULTS); printf '%s\t%s\n' 'build:$(notdir $(1))' $$(( $$(date +%s) - t0 )) >> $(RESULTS)/times.tsv
endef

# Third-party code: its own warnings are not ours (-w).
$(LIBVLFST): tb/lockstep/fst_lib.c
	@mkdir -p $(@D)
	$(CC) -O2 -w -I$(VL_ROOT)/include -I$(VL_ROOT)/include/gtkwave -c $< -o $(@D)/fst_lib.o
	$(AR) rcs $@ $(@D)/fst_lib.o

# fst2vcd: GTKWave's FST reader writing VCD, the independent check of the FST writer (scripts/fst-roundtrip-test.sh).
FST2VCD := $(BUILD)/bin/fst2vcd
$(FST2VCD): tb/lockstep/fst2vcd.c $(LIBVLFST)
	@mkdir -p $(@D)
	$(CC) -O1 -Wall -Wextra -Werror -I$(VL_ROOT)/include/gtkwave $< $(LIBVLFST) -lz -pthread -o $@

# $(call VL_LINT,<top module>,<-G parameters>)
define VL_LINT
	@$(VERILATOR) --lint-only -Wall -Irtl --top-module $(1) $(2) rtl/$(1).v
endef

IVERILOG_FLAGS := -g2005 -Wall -Irtl

# $(call RUN_SUITE,<suite>,<command>): runs a test step; its output goes to the terminal and to
# $(RESULTS)/<suite>.log, whose last line is the suite's "<suite>: P passed, F failed" (SHELL has pipefail).
# Each step's wall time goes to $(RESULTS)/times.tsv (suite, seconds), which the summary ranks: CI's time budget.
define RUN_SUITE
	@mkdir -p $(RESULTS)
	@t0=$$(date +%s); $(2) 2>&1 | tee $(RESULTS)/$(1).log; rc=$$?; \
	    printf '%s\t%s\n' '$(1)' $$(( $$(date +%s) - t0 )) >> $(RESULTS)/times.tsv; exit $$rc
endef

# make test's seeds: every lockstep harness runs at each of TEST_SEEDS, its cycles split between them (make soak
# draws random seeds; make regress adds its own). A seed is a dimension of the tests, not a constant.
TEST_SEEDS ?= 1 2 3
# $(call per_seed,<n>): n split between the seeds (a volume such as cycles or min_xfers)
per_seed = $(shell echo $$(( $(1) / $(words $(TEST_SEEDS)) )))

# $(call RUN_SEEDS,<suite>,<harness and knobs, no --seed/--suite/--vcd>,<vcd prefix>[,<seeds>]): the run at every
# seed of <seeds> (default TEST_SEEDS), as suite <suite>-s<seed> (a log each), waveforms of a divergence under
# <vcd prefix>_s<seed>. Every seed runs even after one failed; the step fails if any did.
define RUN_SEEDS
	@mkdir -p $(RESULTS)
	@rc=0; for s in $(if $(4),$(4),$(TEST_SEEDS)); do t0=$$(date +%s); \
	    $(2) --seed $$s --suite $(1)-s$$s --vcd $(3)_s$$s 2>&1 | tee $(RESULTS)/$(1)-s$$s.log || rc=1; \
	    printf '%s\t%s\n' '$(1)-s'$$s $$(( $$(date +%s) - t0 )) >> $(RESULTS)/times.tsv; done; exit $$rc
endef

# $(call RUN_VVP,<suite>,<vvp arguments>): an Icarus bench; vvp exits 0 even after a failed check, so the
# verdict is the bench's own last line.
define RUN_VVP
	$(call RUN_SUITE,$(1),$(VVP) -n $(2))
	@tail -n 1 $(RESULTS)/$(1).log | grep -q ' 0 failed$$'
endef

# $(call LOCKSTEP_SELFTEST,<suite>,<harness binary>,<cycle>,<signal>,<vcd prefix>): the harness must report a
# fault injected into the twin at <cycle> (scripts/lockstep-selftest.sh).
define LOCKSTEP_SELFTEST
	$(call RUN_SUITE,$(1),scripts/lockstep-selftest.sh $(1) $(2) $(3) $(4) $(5))
endef

# $(call TRACE_COMPARE,<suite>,<harness binary>,<cycle>,<signal>,<directory>): whole-run waveforms of a clean
# run agree under `mdd compare`, and those of a run with a fault injected at <cycle> differ first at <cycle> on
# <signal> (scripts/trace-compare-test.sh). The harness's model_dump must show the fault it injects.
define TRACE_COMPARE
	$(call RUN_SUITE,$(1),scripts/trace-compare-test.sh $(1) $(2) $(MDD_CLI) $(3) $(4) $(5))
endef

# `make test` runs the full-path harnesses (rx-locate, rx-path, tx-path: the largest Verilator builds) at the
# narrowest, the usual and the widest W; `make regress` adds the other widths. Lint, the unit blocks and the
# TX generator cover every W in `make test`. Exceptions for CI's time (D-078): rx-locate at W = 4 and 8, rx-path
# at W = 4, 8 and 32 (their W = 64 builds were 464 s and 588 s of CI's 2946).
PATH_TEST_WS  ?= 4 8 64
PATH_EXTRA_WS := $(filter-out $(PATH_TEST_WS),$(WS))

# make soak (scripts/soak.py): each block registers its harnesses with
#   $(call SOAK_ADD,<name>,<W or ->,<binary>,<cycles and knobs of one run>)
# (inside a template that is eval'ed, or in $(eval ...)); make soak builds those whose W is in SOAK_WS and runs them
# at random seeds for SOAK_MINUTES.
SOAK_NAMES :=
define SOAK_ADD
SOAK_NAMES += $(1)
SOAK_W_$(1) := $(2)
SOAK_BIN_$(1) := $(3)
SOAK_ARGS_$(1) := $(4)

endef

LOCKSTEP_TESTS :=
REGRESS_TESTS  :=
ICARUS_TESTS   :=
LINT_TARGETS   :=
BENCH_LOCKSTEP :=
SIM_TARGETS    :=

-include $(sort $(wildcard mk/rtl_*.mk))

# make soak: the registered harnesses (SOAK_ADD above) at random seeds for SOAK_MINUTES of wall time, SOAK_JOBS at
# a time; SOAK_WS chooses the widths (harnesses without a W always run), SOAK_ONLY (make patterns such as cmb-% or
# core-w8) the harnesses, SOAK_SEED the master seed (default: the clock) so that a whole soak replays. Every failure
# prints its replay command; build/soak/summary.txt has the pass rates per harness (scripts/soak.py).
SOAK_MINUTES ?= 10
SOAK_WS      ?= $(WS)
SOAK_JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
SOAK_SEED    ?=
SOAK_ONLY    ?=
SOAK_DIR     := $(BUILD)/soak
soak_w_ok = $(or $(filter -,$(SOAK_W_$(1))),$(filter $(SOAK_W_$(1)),$(SOAK_WS)))
SOAK_SEL = $(foreach n,$(SOAK_NAMES),$(if $(call soak_w_ok,$(n)),$(if $(SOAK_ONLY),$(filter $(SOAK_ONLY),$(n)),$(n))))
.PHONY: soak soak-build soak-list
soak: deps
	@$(MAKE) --no-print-directory -j$(SOAK_JOBS) soak-build
	@mkdir -p $(SOAK_DIR); : > $(SOAK_DIR)/harnesses.tsv
	@$(foreach n,$(SOAK_SEL),printf '%s\t%s\t%s\t%s\n' '$(n)' '$(SOAK_W_$(n))' '$(SOAK_BIN_$(n))' \
	    '$(strip $(SOAK_ARGS_$(n)))' >> $(SOAK_DIR)/harnesses.tsv;)
	@$(PYTHON) scripts/soak.py --table $(SOAK_DIR)/harnesses.tsv --minutes $(SOAK_MINUTES) --jobs $(SOAK_JOBS) \
	    --dir $(SOAK_DIR) $(if $(SOAK_SEED),--seed $(SOAK_SEED))
soak-build: $(foreach n,$(SOAK_SEL),$(SOAK_BIN_$(n)))
soak-list:
	@$(foreach n,$(SOAK_SEL),echo '$(n) (W $(SOAK_W_$(n))): $(SOAK_BIN_$(n)) $(strip $(SOAK_ARGS_$(n)))';)

# Knobs (D-059): a bad knob in a scenario file or on the command line (a probability outside [0, 1], a negative,
# non-numeric or out-of-range count, an unknown knob) stops a block harness and the core's with exit status 2 and
# the file, line and problem (scripts/check-knobs.py).
.PHONY: knobs-check
knobs-check: $(call rx_route_bin,8) $(call core_bin,8)
	$(call RUN_SUITE,knobs,$(PYTHON) scripts/check-knobs.py knobs $(call rx_route_bin,8) $(call core_bin,8) $(BUILD)/knobs)
	@tail -n 1 $(RESULTS)/knobs.log | grep -q ' 0 failed$$'
LOCKSTEP_TESTS += knobs-check

# Every RTL function reads only its arguments: an event-driven simulator (Icarus; any that follows IEEE 1364) does not
# re-evaluate `assign x = f(a)` when a signal read inside f changes, Verilator does (D-097). The check's own test
# first: a function that reads a module signal must be reported.
.PHONY: func-args-check
func-args-check:
	$(call RUN_SUITE,func-args-selftest,$(PYTHON) scripts/check-func-args.py --selftest)
	$(call RUN_SUITE,func-args,$(PYTHON) scripts/check-func-args.py $(sort $(wildcard rtl/*.v rtl/*.vh)))
LOCKSTEP_TESTS += func-args-check

# make soak's own test: a short soak with a fault injected into one entry must report exactly that entry's runs,
# each with a replay command that fails again, and exit 1; the clean entry alone exits 0 (scripts/check-soak.py).
.PHONY: soak-selftest
soak-selftest: $(call crc_shift_bin,a3_i1)
	$(call RUN_SUITE,soak-selftest,$(PYTHON) scripts/check-soak.py soak-selftest $< $(BUILD)/soak-selftest)
	@tail -n 1 $(RESULTS)/soak-selftest.log | grep -q ' 0 failed$$'
LOCKSTEP_TESTS += soak-selftest

.PHONY: test-lockstep regress-lockstep test-icarus bench-lockstep lint sim $(LOCKSTEP_TESTS) $(REGRESS_TESTS) \
        $(ICARUS_TESTS) $(LINT_TARGETS) $(BENCH_LOCKSTEP) $(SIM_TARGETS)

test-lockstep: $(LOCKSTEP_TESTS)
regress-lockstep: $(LOCKSTEP_TESTS) $(REGRESS_TESTS)
test-icarus: $(ICARUS_TESTS)
bench-lockstep: $(BENCH_LOCKSTEP)
# lint runs its configurations on every core even without -j: they are independent and there are over a hundred.
LINT_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
lint:
	@$(MAKE) --no-print-directory -j$(LINT_JOBS) lint-all
.PHONY: lint-all
lint-all: $(LINT_TARGETS)
	@echo "lint: $(words $(LINT_TARGETS)) configurations clean (verilator --lint-only -Wall)"

# make sim: the whole core on a scenario (default sim/core.scn; SCENARIO=FILE for another, SIM_W=W for another
# width) in lockstep with its twin, every result checked (tb/lockstep/core_main.cpp), its summary table.
# make sim-blocks: every block's own default scenario (sim/*.scn but core.scn), one line per run and the total.
# Logs go to their own directory so that a sim never mixes with test results.
SIM_RESULTS := $(BUILD)/sim
SCENARIO    ?= sim/core.scn
SIM_W       ?= 8
# The FST waveforms of the RTL (full hierarchy) and of the model (its ports and internal streams, the RTL's
# names): the SIM_WAVE_CYCLES cycles in the middle of the run; `all` for the whole run (the RTL's trace of the
# core at W = 8 is about 23 KB of VCD text per cycle before FST compresses it), 0 for none.
SIM_WAVE_CYCLES ?= 5000
SIM_WAVE_ARGS = $(if $(filter 0,$(SIM_WAVE_CYCLES)),,--trace $(SIM_RESULTS)/wave_w$(SIM_W) --trace-fst \
                  $(if $(filter all,$(SIM_WAVE_CYCLES)),,trace_len=$(SIM_WAVE_CYCLES)))
.PHONY: sim-blocks
sim: deps
	@rm -rf $(SIM_RESULTS); mkdir -p $(SIM_RESULTS)
	@$(MAKE) --no-print-directory -j2 RESULTS=$(SIM_RESULTS) core-build-w$(SIM_W)
	@echo "== make sim: the whole core (W = $(SIM_W)) on $(SCENARIO), RTL and C model in lockstep =="
	@$(BUILD)/vl/core_w$(SIM_W)/core_w$(SIM_W) --scenario $(SCENARIO) --suite sim-core \
	    --vcd $(SIM_RESULTS)/divergence $(SIM_WAVE_ARGS) pcap=$(SIM_RESULTS)/wire 2>&1 | tee $(SIM_RESULTS)/sim-core.log
	@scripts/test-summary.sh $(SIM_RESULTS)
sim-blocks: deps
	@rm -rf $(SIM_RESULTS); mkdir -p $(SIM_RESULTS)
	@$(MAKE) --no-print-directory RESULTS=$(SIM_RESULTS) $(SIM_TARGETS)
	@echo "== make sim-blocks: results checked against the C CRC library and the RX, TX, combiner and deposit reference models, model and RTL compared every cycle =="
	@scripts/test-summary.sh $(SIM_RESULTS)

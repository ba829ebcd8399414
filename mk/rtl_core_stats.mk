# Statistics and interrupt causes of the top level (rtl/mdd_core_stats.v, docs/core.md section 4): Verilator
# lockstep against the C twin model/mdd_core_stats_model.c with the harness's own running sums as the independent
# check (tb/lockstep/core_stats_main.cpp), an Icarus bench replaying vectors the twin wrote, lint, a self-test.
#   core-stats-lockstep          make test: TEST_SEEDS
#   core-stats-regress-s<seed>   make regress: 3 more seeds, each with its own mix
#   core-stats-icarus            Icarus replays the twin's vectors (tb/icarus/tb_mdd_core_stats.v)
#   core-stats-lint, core-stats-selftest
# No parameters. Build products: $(BUILD)/vl/core_stats/ (Verilator), $(BUILD)/core_stats/ (Icarus, vectors,
# waveforms).

CORE_STATS_SRCS := rtl/mdd_core_stats.v rtl/mdd_formats.vh
CORE_STATS_DIR  := $(BUILD)/core_stats
CORE_STATS_BIN  := $(BUILD)/vl/core_stats/core_stats

# make test: 10^6 cycles, ~25 k SNAPs (about 2 s). make regress: 3 seeds x 2 * 10^6 cycles: the defaults; frequent
# SNAP/CLEAR and resets; every event every cycle with full-width counts, rare CLEARs and no reset (the counters
# grow large: carries into the byte counters' high words, wraps of the 32-bit sums).
CORE_STATS_TEST_CYCLES    := 1000000
CORE_STATS_REGRESS_SEEDS  := 11 12 13
CORE_STATS_REGRESS_CYCLES := 2000000
CORE_STATS_REGRESS_KNOBS_11 :=
CORE_STATS_REGRESS_KNOBS_12 := p_snap=0.2 p_clear=0.1 p_both=0.05 p_rst=0.01
CORE_STATS_REGRESS_KNOBS_13 := p_ctx=1 p_sw=1 p_seg=1 p_res=1 p_dep=1 p_big=1 p_snap=0.005 p_clear=0.0001 \
    p_both=0.0001 p_rst=0
# Icarus: a short vector file with SNAPs and CLEARs often enough to matter.
CORE_STATS_ICARUS_CYCLES  := 2000

$(CORE_STATS_BIN): $(CORE_STATS_SRCS) tb/lockstep/core_stats_main.cpp $(LS_HDRS) $(LIBMDD)
	$(call VL_BUILD,$(@D),mdd_core_stats,tb/lockstep/core_stats_main.cpp,)

.PHONY: core-stats-build core-stats-lockstep core-stats-lint core-stats-selftest core-stats-icarus
core-stats-build: $(CORE_STATS_BIN)

core-stats-lockstep: $(CORE_STATS_BIN)
	$(call RUN_SEEDS,lockstep-core-stats,$(CORE_STATS_BIN) --cycles $(call per_seed,$(CORE_STATS_TEST_CYCLES)), \
	    $(CORE_STATS_DIR)/vcd/lockstep)

# make soak: the default mix and each regress mix
$(eval $(call SOAK_ADD,core-stats,-,$(CORE_STATS_BIN),--cycles $(CORE_STATS_TEST_CYCLES)))
$(foreach s,12 13,$(eval $(call SOAK_ADD,core-stats-mix$(s),-,$(CORE_STATS_BIN),--cycles $(CORE_STATS_TEST_CYCLES) \
    $(CORE_STATS_REGRESS_KNOBS_$(s)))))

define CORE_STATS_REGRESS
.PHONY: core-stats-regress-s$(1)
core-stats-regress-s$(1): $(CORE_STATS_BIN)
	$$(call RUN_SUITE,regress-core-stats-s$(1),$(CORE_STATS_BIN) --seed $(1) --suite regress-core-stats-s$(1) \
	    --cycles $(CORE_STATS_REGRESS_CYCLES) --vcd $(CORE_STATS_DIR)/vcd/regress_s$(1) $(CORE_STATS_REGRESS_KNOBS_$(1)))

endef
$(foreach s,$(CORE_STATS_REGRESS_SEEDS),$(eval $(call CORE_STATS_REGRESS,$(s))))

core-stats-lint:
	$(call VL_LINT,mdd_core_stats,)

# The harness must catch a divergence: corrupt the twin's rx_xfers_count at one cycle and expect a failing exit
# status, the DIVERGENCE line for that cycle and both waveform files.
core-stats-selftest: $(CORE_STATS_BIN)
	$(call LOCKSTEP_SELFTEST,selftest-core-stats,$<,3000,rx_xfers_count,$(CORE_STATS_DIR)/selftest/fault)

# Icarus: the harness writes each cycle's inputs and the twin's outputs (checked against the Verilated RTL and the
# harness's sums while it writes them); the bench replays and compares them. The compile must be silent too.
$(CORE_STATS_DIR)/tb_mdd_core_stats.vvp: $(CORE_STATS_SRCS) tb/icarus/tb_mdd_core_stats.v
	@mkdir -p $(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $@ -s tb_mdd_core_stats tb/icarus/tb_mdd_core_stats.v rtl/mdd_core_stats.v \
	    > $@.log 2>&1 || { cat $@.log; rm -f $@; exit 1; }
	@if [ -s $@.log ]; then cat $@.log; echo "iverilog: output above (warnings are errors here)"; rm -f $@; exit 1; fi

$(CORE_STATS_DIR)/vectors.vec: $(CORE_STATS_BIN)
	@mkdir -p $(@D)
	@$(CORE_STATS_BIN) --seed 7 --cycles $(CORE_STATS_ICARUS_CYCLES) --quiet p_snap=0.05 p_clear=0.03 p_both=0.02 \
	    p_rst=0.005 vectors=$@.tmp --vcd $(CORE_STATS_DIR)/vcd/vectors > $@.log || { cat $@.log; exit 1; }
	@mv $@.tmp $@

core-stats-icarus: $(CORE_STATS_DIR)/tb_mdd_core_stats.vvp $(CORE_STATS_DIR)/vectors.vec
	$(call RUN_VVP,icarus-core-stats,$(CORE_STATS_DIR)/tb_mdd_core_stats.vvp +vectors=$(CORE_STATS_DIR)/vectors.vec)

LOCKSTEP_TESTS += core-stats-lockstep core-stats-selftest
REGRESS_TESTS  += $(foreach s,$(CORE_STATS_REGRESS_SEEDS),core-stats-regress-s$(s))
ICARUS_TESTS   += core-stats-icarus
LINT_TARGETS   += core-stats-lint

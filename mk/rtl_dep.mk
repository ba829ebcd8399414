# Direct-deposit receive engine (rtl/mdd_dep.v, docs/deposit.md): Verilator lockstep against the C twin with the
# shared test environment (tb/lockstep/dep_main.cpp on model/mdd_depenv.c: generator, host memory as the AXI slave,
# scoreboard against the reference), Icarus replays of vectors the harness wrote, lint, self-tests and a bench.
#   dep-lockstep-<cfg>          make test: TEST_SEEDS, DEP_TEST_CYCLES cycles in all
#   dep-regress-<cfg>-s<seed>   make regress: DEP_REGRESS_SEEDS x DEP_REGRESS_CYCLES, mostly adversarial traffic;
#                               dep-regress-adversarial adds up the adversarial packets of every regress run
#                               (at least DEP_REGRESS_MIN_ADV, with no write outside the authorised ranges)
#   dep-lint-<cfg>              make lint: verilator --lint-only -Wall
#   dep-icarus-<cfg>            make test (d1, d3): Icarus replays DEP_ICARUS_CYCLES cycles of vectors the harness
#                               wrote (tb/icarus/tb_mdd_dep.v: every output compared every cycle)
#   dep-icarus-build-<cfg>      make test (d0, d2): iverilog -g2005 -Wall compiles that bench and the RTL without a
#                               warning (every configuration's .vvp is built this way)
#   dep-icarus-selftest         make test: the replay bench must fail on expected outputs with a bit flipped
#   dep-bench-<cfg>             no stalls: the fixed header-to-AW latency (asserted) and the rates
#   dep-san-<cfg>               the lockstep harness with the twin (and the Verilated RTL) under ASan/UBSan
#   dep-selftest                make test: the harness must catch a fault injected into the twin
# Configurations d<k>, "W CONNS REGIONS AREGS RHQS CQS BURST_BYTES MAX_OUTSTANDING AXI_ID_W" (the generator needs
# CONNS >= 4, REGIONS >= 8, AREGS >= 4):
#   d0  W = 8 and the RTL defaults
#   d1  W = 4, small tables (4 connections, 8 regions and registers, 2 RHQs and CQs), 64-byte bursts, 3 outstanding
#   d2  W = 64, 512-byte bursts
#   d3  W = 16, one RHQ and one CQ, small tables (4 connections, 8 regions, 4 registers), one-beat bursts, one
#       burst outstanding
# The engine with the combiner (rtl/mdd_dep_msg.v, docs/deposit.md 10), configurations m<k>: the shape of d<k>
# plus "MSGS CMB_BITS_PER_STAGE":
#   m0  W = 8, the RTL defaults, 16 messages in the combiner
#   m1  W = 4, d1's small tables, 4 messages (make regress)
# Build products: $(BUILD)/vl/dep_<cfg>/ (Verilator), $(BUILD)/dep/ (Icarus benches, vector files, waveforms).

DEP_CONFIGS := d0 d1 d2 d3
DEP_SHAPE_d0 := 8 64 256 256 16 16 256 16 4
DEP_SHAPE_d1 := 4 4 8 8 2 2 64 3 1
DEP_SHAPE_d2 := 64 64 256 256 16 16 512 16 4
DEP_SHAPE_d3 := 16 4 8 4 1 1 16 1 2
DEP_SRCS := $(filter-out rtl/mdd_dep_msg.v,$(wildcard rtl/mdd_dep*.v)) rtl/mdd_ram_1r1w.v rtl/mdd_lane_count.v rtl/mdd_fifo.v \
            rtl/mdd_crc_unit.v rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh rtl/mdd_formats.vh rtl/mdd_regmap.vh \
            rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
DEP_MSG_SRCS := $(DEP_SRCS) rtl/mdd_dep_msg.v rtl/mdd_axis_arb.v rtl/mdd_cmb.v rtl/mdd_crc_mul.v
DEP_MSG_CONFIGS := m0 m1
DEP_SHAPE_m0 := $(DEP_SHAPE_d0) 16 2
DEP_SHAPE_m1 := $(DEP_SHAPE_d1) 4 2
DEP_MSG_TEST := m0
# the combiner makes the harness slower (about 60 k cycles/s): 2 x 10^6 cycles, 30-35 s
DEP_MSG_TEST_CYCLES := 2000000
DEP_MSG_REGRESS_SEEDS := 21 22
DEP_DIR  := $(BUILD)/dep
# make test: 4 x 10^6 cycles per configuration (about 7 s each at W = 4..16, 17 s at W = 64; ~2 000 packets per
# 10^6 cycles at the default mix).
DEP_TEST_CYCLES := 4000000
# make regress: 5 seeds per configuration. Seed 11 is the default mix (payloads up to 3000 bytes, 35 % adversarial);
# 12-15 are mostly adversarial short packets (about 10^4 adversarial packets per 10^6 cycles): plain; frequent
# resets; a slow host (stalls, long B delays); rings that fill (software frees slots rarely). 4 x 4 x 9 x 10^6
# cycles of those give over 10^6 adversarial packets in all (dep-regress-adversarial checks it).
DEP_REGRESS_SEEDS := 11 12 13 14 15
DEP_REGRESS_CYCLES_11 := 4000000
DEP_ADV_KNOBS := max_len=128 adv_pct=90 sw_pct=3 p_valid=0.95 p_aw=0.9 p_w=0.9 p_b=0.9 b_max=3 p_evt=0.9
DEP_REGRESS_KNOBS_11 :=
DEP_REGRESS_KNOBS_12 := $(DEP_ADV_KNOBS)
DEP_REGRESS_KNOBS_13 := $(DEP_ADV_KNOBS) p_rst=0.00005
DEP_REGRESS_KNOBS_14 := $(DEP_ADV_KNOBS) p_aw=0.5 p_w=0.5 p_b=0.5 b_max=20
DEP_REGRESS_KNOBS_15 := $(DEP_ADV_KNOBS) max_len=600 head_period=3000
# the engine with the combiner: the default mix, then with frequent resets
DEP_REGRESS_CYCLES_21 := 4000000
DEP_REGRESS_CYCLES_22 := 4000000
DEP_REGRESS_KNOBS_22 := p_rst=0.00005
DEP_REGRESS_MIN_ADV := 1000000
# make bench: the size sweep's payload lengths (docs/deposit.md 9.5) and cycles per point
DEP_SWEEP_LENS := 64 128 256 1024 4096 65536
DEP_SWEEP_CYCLES := 200000
dep_regress_cycles = $(or $(DEP_REGRESS_CYCLES_$(1)),9000000)
# Icarus replays this block at ~600-800 cycles per second (W = 4 and 16, 2 busy cores; the checks and file reading
# are under a tenth of it), so the vector runs are short and dense: payloads up to 128 bytes, a reset every ~5000
# cycles (each followed by packets before the tables and the tables programmed again), frequent software actions
# and ring heads, the default 35 % adversarial packets; the last 2000 cycles drain. Seed 2 gives each
# configuration resets, adversarial and FLUSHED packets, events and SEG records (the .vec rule requires them):
# d1 167 packets (66 adversarial, 6 FLUSHED), 5 resets, 13 events, 19 SEG records; d3 109 (46, 3), 3, 11, 13.
DEP_ICARUS_CONFIGS := d1 d3
DEP_ICARUS_CYCLES  := 16000
DEP_ICARUS_KNOBS   := --seed 2 drain=2000 max_len=128 p_rst=0.0002 sw_pct=30 head_period=50
# The replay self-test: the first 400 cycles of d1's vectors, one expected bit flipped in each of three outputs
# (CYCLE:FIELD:SIGNAL, FIELD counting from 1 in the line format of tb/lockstep/dep_main.cpp).
DEP_ICARUS_FLIPS   := 100:23:s_axis_dep_tready 200:30:m_axi_wdata 300:45:m_axis_seg_tdata

dep_word = $(word $(2),$(DEP_SHAPE_$(1)))
dep_bin  = $(BUILD)/vl/dep_$(1)/dep_$(1)
dep_gparams = -GW=$(call dep_word,$(1),1) -GCONNS=$(call dep_word,$(1),2) -GREGIONS=$(call dep_word,$(1),3) \
    -GAREGS=$(call dep_word,$(1),4) -GRHQS=$(call dep_word,$(1),5) -GCQS=$(call dep_word,$(1),6) \
    -GBURST_BYTES=$(call dep_word,$(1),7) -GMAX_OUTSTANDING=$(call dep_word,$(1),8) -GAXI_ID_W=$(call dep_word,$(1),9)
dep_defines = -CFLAGS -DDEP_W=$(call dep_word,$(1),1) -CFLAGS -DDEP_CONNS=$(call dep_word,$(1),2) \
    -CFLAGS -DDEP_REGIONS=$(call dep_word,$(1),3) -CFLAGS -DDEP_AREGS=$(call dep_word,$(1),4) \
    -CFLAGS -DDEP_RHQS=$(call dep_word,$(1),5) -CFLAGS -DDEP_CQS=$(call dep_word,$(1),6) \
    -CFLAGS -DDEP_BB=$(call dep_word,$(1),7) -CFLAGS -DDEP_MAXO=$(call dep_word,$(1),8) \
    -CFLAGS -DDEP_IDW=$(call dep_word,$(1),9)
dep_iparams = $(subst -G,-Ptb_mdd_dep.,$(call dep_gparams,$(1)))

define DEP_REGRESS
.PHONY: dep-regress-$(1)-s$(2)
dep-regress-$(1)-s$(2): $(call dep_bin,$(1))
	$$(call RUN_SUITE,regress-dep-$(1)-s$(2),$(call dep_bin,$(1)) --seed $(2) --suite regress-dep-$(1)-s$(2) \
	    --cycles $(call dep_regress_cycles,$(2)) --vcd $(DEP_DIR)/vcd/regress_$(1)_s$(2) $(DEP_REGRESS_KNOBS_$(2)))

endef

define DEP_CONFIG
$(call dep_bin,$(1)): $(DEP_SRCS) tb/lockstep/dep_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_dep,tb/lockstep/dep_main.cpp,$(call dep_gparams,$(1)) $(call dep_defines,$(1)))

.PHONY: dep-build-$(1) dep-lockstep-$(1) dep-bench-$(1) dep-lint-$(1) dep-icarus-build-$(1)
dep-build-$(1): $(call dep_bin,$(1))

dep-lockstep-$(1): $(call dep_bin,$(1))
	$$(call RUN_SEEDS,lockstep-dep-$(1),$(call dep_bin,$(1)) --cycles $(call per_seed,$(DEP_TEST_CYCLES)), \
	    $(DEP_DIR)/vcd/lockstep_$(1))

# make soak: the default mix and each adversarial mix of make regress
$(call SOAK_ADD,dep-$(1),$(call dep_word,$(1),1),$(call dep_bin,$(1)),--cycles $(DEP_TEST_CYCLES))
$(foreach s,$(filter-out 11,$(DEP_REGRESS_SEEDS)),$(call SOAK_ADD,dep-$(1)-mix$(s),$(call dep_word,$(1),1),$(call dep_bin,$(1)),--cycles $(DEP_TEST_CYCLES) $(DEP_REGRESS_KNOBS_$(s))))

# latency (gap=200: every packet alone, its first AW exactly kLatency cycles after its header; asserted), then
# the rates with packets back to back (gap=0, the default mix), then the size sweep of docs/deposit.md 9.5: WRITEs
# of DEP_SWEEP_LENS bytes back to back, without and with a CQE, payload bytes per cycle.
dep-bench-$(1): $(call dep_bin,$(1))
	@mkdir -p $(RESULTS) $(DEP_DIR)
	@$(call dep_bin,$(1)) --seed 1 --cycles 200000 --bench gap=200 --suite bench-dep-lat-$(1) \
	    --vcd $(DEP_DIR)/vcd/bench_lat_$(1) | tee $(RESULTS)/bench-dep-lat-$(1).txt
	@$(call dep_bin,$(1)) --seed 1 --cycles 200000 --bench gap=0 max_len=4000 \
	    --suite bench-dep-rate-$(1) --vcd $(DEP_DIR)/vcd/bench_rate_$(1) | tee $(RESULTS)/bench-dep-rate-$(1).txt
	@rm -f $(RESULTS)/bench-dep-sweep-$(1).txt; for c in 0 1; do for l in $(DEP_SWEEP_LENS); do \
	    $(call dep_bin,$(1)) --seed 1 --cycles $(DEP_SWEEP_CYCLES) --bench gap=0 len=$$$$l compl=$$$$c \
	        --suite bench-dep-sweep-$(1) > $(DEP_DIR)/sweep_$(1).log 2>&1 || { cat $(DEP_DIR)/sweep_$(1).log; exit 1; }; \
	    grep 'sweep:' $(DEP_DIR)/sweep_$(1).log | tee -a $(RESULTS)/bench-dep-sweep-$(1).txt; done; done

$(foreach s,$(DEP_REGRESS_SEEDS),$(call DEP_REGRESS,$(1),$(s)))

dep-lint-$(1):
	$$(call VL_LINT,mdd_dep,$(call dep_gparams,$(1)))

# The replay bench with the RTL at this configuration; any iverilog output (a warning) fails the build.
$(DEP_DIR)/$(1).vvp: $(DEP_SRCS) tb/icarus/tb_mdd_dep.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_dep $(call dep_iparams,$(1)) tb/icarus/tb_mdd_dep.v \
	    $(filter %.v,$(DEP_SRCS)) > $$@.log 2>&1 || { cat $$@.log; rm -f $$@; exit 1; }
	@if [ -s $$@.log ]; then cat $$@.log; rm -f $$@; exit 1; fi

dep-icarus-build-$(1): $(DEP_DIR)/$(1).vvp

endef

$(foreach c,$(DEP_CONFIGS),$(eval $(call DEP_CONFIG,$(c))))

define DEP_ICARUS
# Icarus: the harness writes each cycle's inputs and the twin's outputs (checked against the Verilated RTL, and the
# RTL against the scoreboard, while it writes them); the bench replays and compares them. The harness's summary
# is kept in the .vec.log and must show resets beyond the first, adversarial and FLUSHED packets, packets that
# passed (so the tables were programmed), events and SEG records.
$(DEP_DIR)/$(1).vec: $(call dep_bin,$(1))
	@mkdir -p $$(@D)
	@$(call dep_bin,$(1)) --cycles $(DEP_ICARUS_CYCLES) $(DEP_ICARUS_KNOBS) vectors=$$@.tmp \
	    --suite vectors-dep-$(1) --vcd $(DEP_DIR)/vcd/vectors_$(1) > $$@.log || { cat $$@.log; exit 1; }
	@grep -E '^dep W=|bursts,' $$@.log
	@for want in '([2-9]|[1-9][0-9]+) resets' ' [1-9][0-9]* adversarial' ' [1-9][0-9]* of them FLUSHED' \
	    ' [1-9][0-9]* OK' ' [1-9][0-9]* events' ' [1-9][0-9]* SEG records'; do \
	    grep -qE "$$$$want" $$@.log || { echo "$$@: the vector run lacks /$$$$want/"; exit 1; }; done
	@mv $$@.tmp $$@

.PHONY: dep-icarus-$(1)
dep-icarus-$(1): $(DEP_DIR)/$(1).vvp $(DEP_DIR)/$(1).vec
	$$(call RUN_VVP,icarus-dep-$(1),$(DEP_DIR)/$(1).vvp +vectors=$(DEP_DIR)/$(1).vec +suite=icarus-dep-$(1))

endef
$(foreach c,$(DEP_ICARUS_CONFIGS),$(eval $(call DEP_ICARUS,$(c))))

# The replay bench must catch a wrong expected value (scripts/replay-selftest.sh): the same vectors unchanged pass,
# with DEP_ICARUS_FLIPS exactly those cycles fail, each naming its signal.
.PHONY: dep-icarus-selftest
dep-icarus-selftest: $(DEP_DIR)/d1.vvp $(DEP_DIR)/d1.vec
	$(call RUN_SUITE,selftest-dep-icarus,VVP=$(VVP) scripts/replay-selftest.sh selftest-dep-icarus \
	    $(DEP_DIR)/d1.vvp $(DEP_DIR)/d1.vec 400 $(DEP_DIR)/selftest/replay $(DEP_ICARUS_FLIPS))

# make sim: the default deposit scenario (sim/dep.scn) on the engine with the combiner at W = 8
.PHONY: dep-sim
dep-sim: $(call dep_bin,m0)
	$(call RUN_SUITE,sim-dep,$(call dep_bin,m0) --scenario sim/dep.scn --vcd $(DEP_DIR)/vcd/sim)
SIM_TARGETS += dep-sim

.PHONY: dep-selftest
dep-selftest: $(call dep_bin,d1)
	$(call LOCKSTEP_SELFTEST,selftest-dep,$<,20000,m_axi_wdata,$(DEP_DIR)/selftest/fault)

# The engine with the combiner: one build per m-configuration (top mdd_dep_msg, the harness with -DDEP_MSG).
dep_msg_gparams = $(call dep_gparams,$(1)) -GMSGS=$(call dep_word,$(1),10) -GCMB_BITS_PER_STAGE=$(call dep_word,$(1),11)
dep_msg_defines = $(call dep_defines,$(1)) -CFLAGS -DDEP_MSG=1 -CFLAGS -DDEP_MSGS=$(call dep_word,$(1),10) \
    -CFLAGS -DDEP_CMB_BPS=$(call dep_word,$(1),11)
define DEP_MSG_CONFIG
$(call dep_bin,$(1)): $(DEP_MSG_SRCS) tb/lockstep/dep_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_dep_msg,tb/lockstep/dep_main.cpp,$(call dep_msg_gparams,$(1)) $(call dep_msg_defines,$(1)))

.PHONY: dep-build-$(1) dep-lockstep-$(1) dep-lint-$(1)
dep-build-$(1): $(call dep_bin,$(1))

dep-lockstep-$(1): $(call dep_bin,$(1))
	$$(call RUN_SEEDS,lockstep-dep-$(1),$(call dep_bin,$(1)) --cycles $(call per_seed,$(DEP_MSG_TEST_CYCLES)), \
	    $(DEP_DIR)/vcd/lockstep_$(1))

$(call SOAK_ADD,dep-$(1),$(call dep_word,$(1),1),$(call dep_bin,$(1)),--cycles $(DEP_MSG_TEST_CYCLES))
$(call SOAK_ADD,dep-$(1)-mix22,$(call dep_word,$(1),1),$(call dep_bin,$(1)),--cycles $(DEP_MSG_TEST_CYCLES) $(DEP_REGRESS_KNOBS_22))

$(foreach s,$(DEP_MSG_REGRESS_SEEDS),$(call DEP_REGRESS,$(1),$(s)))

dep-lint-$(1):
	$$(call VL_LINT,mdd_dep_msg,$(call dep_msg_gparams,$(1)))

endef
$(foreach c,$(DEP_MSG_CONFIGS),$(eval $(call DEP_MSG_CONFIG,$(c))))

# ASan/UBSan: the same harness linked with the sanitized libmdd ($(LIBMDD_SAN)), short run.
dep_san_bin = $(BUILD)/vl/dep_san_$(1)/dep_san_$(1)
define DEP_SAN
$(call dep_san_bin,$(1)): $(DEP_SRCS) tb/lockstep/dep_main.cpp $(LS_HDRS) $(LIBMDD_SAN)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "  VERILATE $$(@D) (mdd_dep, ASan/UBSan)"
	@CCACHE_DIR=$(VL_CCACHE_DIR) $(VERILATOR) $(VL_FLAGS) --top-module mdd_dep $(call dep_gparams,$(1)) \
	    $(call dep_defines,$(1)) -CFLAGS "$(MDD_SAN)" -LDFLAGS "$(MDD_SAN)" --Mdir $$(@D) -o $$(notdir $$@) \
	    rtl/mdd_dep.v $(CURDIR)/tb/lockstep/dep_main.cpp $(LS_LINK) $(CURDIR)/$(LIBMDD_SAN) > $$(@D)/build.log 2>&1 \
	    || { tail -n 40 $$(@D)/build.log; exit 1; }

.PHONY: dep-san-$(1)
dep-san-$(1): $(call dep_san_bin,$(1))
	$$(call RUN_SUITE,san-dep-$(1),$(call dep_san_bin,$(1)) --seed 5 --suite san-dep-$(1) --cycles 100000 \
	    --vcd $(DEP_DIR)/vcd/san_$(1))

endef
$(foreach c,$(DEP_CONFIGS),$(eval $(call DEP_SAN,$(c))))

DEP_REGRESS_RUNS := $(foreach c,$(DEP_CONFIGS),$(foreach s,$(DEP_REGRESS_SEEDS),dep-regress-$(c)-s$(s)))

# The adversarial packets of every regress run added up (their "dep-adversarial:" lines): at least
# DEP_REGRESS_MIN_ADV, no write outside the authorised ranges, every run reporting.
.PHONY: dep-regress-adversarial
dep-regress-adversarial: $(DEP_REGRESS_RUNS)
	@mkdir -p $(RESULTS)
	@cat $(foreach r,$(DEP_REGRESS_RUNS),$(RESULTS)/regress-$(r:dep-regress-%=dep-%).log) 2>/dev/null | \
	    awk -v runs=$(words $(DEP_REGRESS_RUNS)) -v min=$(DEP_REGRESS_MIN_ADV) \
	    '/^dep-adversarial: / { n++; adv += $$2; viol += $$5 } \
	     END { p = 0; f = 0; \
	           printf "dep regress: %d of %d runs reported, %d adversarial packets, %d writes outside the authorised ranges\n", n, runs, adv, viol; \
	           if (n == runs) p++; else f++; if (adv >= min) p++; else f++; if (viol == 0) p++; else f++; \
	           printf "regress-dep-adversarial: %d passed, %d failed\n", p, f; exit (f > 0) }' \
	    | tee $(RESULTS)/regress-dep-adversarial.log

DEP_MSG_REGRESS_RUNS := $(foreach c,$(DEP_MSG_CONFIGS),$(foreach s,$(DEP_MSG_REGRESS_SEEDS),dep-regress-$(c)-s$(s)))

LOCKSTEP_TESTS += $(foreach c,$(DEP_CONFIGS) $(DEP_MSG_TEST),dep-lockstep-$(c)) dep-selftest
REGRESS_TESTS  += $(DEP_REGRESS_RUNS) dep-regress-adversarial $(filter-out $(DEP_MSG_TEST:%=dep-lockstep-%),$(foreach c,$(DEP_MSG_CONFIGS),dep-lockstep-$(c))) $(DEP_MSG_REGRESS_RUNS)
ICARUS_TESTS   += $(foreach c,$(DEP_ICARUS_CONFIGS),dep-icarus-$(c)) dep-icarus-selftest \
                  $(foreach c,$(filter-out $(DEP_ICARUS_CONFIGS),$(DEP_CONFIGS)),dep-icarus-build-$(c))
LINT_TARGETS   += $(foreach c,$(DEP_CONFIGS) $(DEP_MSG_CONFIGS),dep-lint-$(c))
BENCH_LOCKSTEP += $(foreach c,$(DEP_CONFIGS),dep-bench-$(c))

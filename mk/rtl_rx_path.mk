# RX path (rtl/mdd_rx_path.v: locate -> CRC engines -> checker -> packer / context): Verilator lockstep against
# the C twin (model/mdd_rx_path_model.c), every delivered byte, tag and context word checked against the
# reference receiver (model/mdd_rxref.c) on traffic-generator streams (model/mdd_trafgen.c) with corruptions;
# lint at every W; bench (input bytes per cycle at full rate and below it).

RX_PATH_DIR        := $(BUILD)/rx_path
RX_PATH_DATA_DEPTH := 16
RX_PATH_RES_DEPTH  := 32
RX_PATH_SRCS := rtl/mdd_rx_path.v rtl/mdd_check_stage.v rtl/mdd_rx_check.v rtl/mdd_rx_check_dec.v rtl/mdd_rx_ctx.v rtl/mdd_fifo.v rtl/mdd_rx_crc_engine.v \
                rtl/mdd_pack.v rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_crc_unit.v rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh \
                $(RX_LOCATE_SRCS)
RX_PATH_MODULES := mdd_rx_path mdd_rx_check mdd_rx_ctx mdd_fifo

# make test: one default run and one with tiny periods per W (three streams interleaved: each piece resumes from its
# descriptor after other streams' transfers); make regress: five more seeds per W.
RX_PATH_TEST_CYCLES  := 4 1000000 8 1000000 16 600000 32 400000 64 300000
RX_PATH_SMALL_CYCLES := 4 400000 8 400000 16 300000 32 200000 64 150000
RX_PATH_REGRESS_SEEDS := 11 12 13 14 15
RX_PATH_REGRESS_CYCLES := 1000000

rx_path_bin = $(BUILD)/vl/rx_path_w$(1)/rx_path_w$(1)
rx_path_cycles = $(word 2,$(wordlist $(call rx_locate_idx,$(1),$(2)),99,$(2)))

define RX_PATH_REGRESS
.PHONY: rx-path-regress-w$(1)-s$(2)
rx-path-regress-w$(1)-s$(2): $(call rx_path_bin,$(1))
	$$(call RUN_SUITE,regress-rx-path-w$(1)-s$(2),$(call rx_path_bin,$(1)) --seed $(2) \
	    --suite regress-rx-path-w$(1)-s$(2) --cycles $(RX_PATH_REGRESS_CYCLES) \
	    $(if $(filter 12 14,$(2)),small=1) --vcd $(RX_PATH_DIR)/vcd/regress_w$(1)_s$(2))

endef

define RX_PATH_CONFIG
$(call rx_path_bin,$(1)): $(RX_PATH_SRCS) tb/lockstep/rx_path_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_rx_path,tb/lockstep/rx_path_main.cpp,-GW=$(1) \
	    -GDATA_DEPTH=$(RX_PATH_DATA_DEPTH) -GRES_DEPTH=$(RX_PATH_RES_DEPTH) -CFLAGS -DRX_PATH_W=$(1) \
	    -CFLAGS -DRX_PATH_DATA_DEPTH=$(RX_PATH_DATA_DEPTH) -CFLAGS -DRX_PATH_RES_DEPTH=$(RX_PATH_RES_DEPTH))

.PHONY: rx-path-build-w$(1) rx-path-lockstep-w$(1) rx-path-small-w$(1) rx-path-bench-w$(1)
rx-path-build-w$(1): $(call rx_path_bin,$(1))

rx-path-lockstep-w$(1): $(call rx_path_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-path-w$(1),$(call rx_path_bin,$(1)) \
	    --cycles $(call per_seed,$(call rx_path_cycles,$(1),$(RX_PATH_TEST_CYCLES))) min_xfers=100,$(RX_PATH_DIR)/vcd/w$(1))

rx-path-small-w$(1): $(call rx_path_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-path-small-w$(1),$(call rx_path_bin,$(1)) small=1 interleave=3 \
	    --cycles $(call per_seed,$(call rx_path_cycles,$(1),$(RX_PATH_SMALL_CYCLES))) min_xfers=100, \
	    $(RX_PATH_DIR)/vcd/small_w$(1))

$(call SOAK_ADD,rx-path-w$(1),$(1),$(call rx_path_bin,$(1)),--cycles $(call rx_path_cycles,$(1),$(RX_PATH_SMALL_CYCLES)))
$(call SOAK_ADD,rx-path-small-w$(1),$(1),$(call rx_path_bin,$(1)),--cycles $(call rx_path_cycles,$(1),$(RX_PATH_SMALL_CYCLES)) small=1)

$(foreach s,$(RX_PATH_REGRESS_SEEDS),$(call RX_PATH_REGRESS,$(1),$(s)))

rx-path-bench-w$(1): $(call rx_path_bin,$(1))
	@mkdir -p $(RESULTS)
	@{ $(call rx_path_bin,$(1)) --seed 3 --cycles 200000 --bench --suite bench-rx-path-w$(1) \
	       --vcd $(RX_PATH_DIR)/vcd/bench_w$(1); \
	   $(call rx_path_bin,$(1)) --seed 3 --cycles 100000 --bench small=1 --suite bench-rx-path-small-w$(1) \
	       --vcd $(RX_PATH_DIR)/vcd/bench_small_w$(1); \
	   for c in mrk pdu blk; do $(call rx_path_bin,$(1)) --seed 3 --cycles 50000 --bench worst=$$$$c \
	       --suite bench-rx-path-worst-$$$$c-w$(1) --vcd $(RX_PATH_DIR)/vcd/bench_worst_$$$${c}_w$(1); done; } \
	    | grep -E '^bench|M cycles' | tee $(RESULTS)/bench-rx-path-w$(1).txt

endef

$(foreach w,$(WS),$(eval $(call RX_PATH_CONFIG,$(w))))

define RX_PATH_LINT
.PHONY: rx-path-lint-$(1)-w$(2)
rx-path-lint-$(1)-w$(2):
	$$(call VL_LINT,$(1),$(if $(filter mdd_fifo,$(1)),-GWIDTH=$(2),-GW=$(2)))

endef

$(foreach m,$(RX_PATH_MODULES),$(foreach w,$(WS),$(eval $(call RX_PATH_LINT,$(m),$(w)))))

.PHONY: rx-path-selftest
rx-path-selftest: $(call rx_path_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-rx-path,$<,20000,m_axis_rx_tuser,$(RX_PATH_DIR)/selftest/fault)

# Directed: each reserved bit of the RX path's descriptor (DESC's unused bits, COREDESC.TO_DEP among them: the
# core takes it out before the RX path) set in turn in junk transfers must fail the transfer with DESC.
.PHONY: rx-path-junk-w8
rx-path-junk-w8: $(call rx_path_bin,8)
	$(call RUN_SEEDS,lockstep-rx-path-junk-w8,$< --cycles 60000 p_reset=0 junk=reserved p_junk=1,$(RX_PATH_DIR)/vcd/junk_w8)

# Directed: 130..145 PDUs in one transfer, bit flips in its last tenth, so that the PDU index an error reports is
# past bit 7's carry (mdd_rx_check keeps the count + 128 beside the count, D-084): at least 5 such first errors
# (no tuser beats: an UPSTREAM error would come first).
.PHONY: rx-path-many-w8
rx-path-many-w8: $(call rx_path_bin,8)
	$(call RUN_SEEDS,lockstep-rx-path-many-w8,$< --cycles 80000 small=1 pdus_min=130 max_xfers=1 p_corrupt=0.8 \
	    p_corrupt_any=1 corrupt_tail=10 p_user=0 min_xfers=20 min_far=5,$(RX_PATH_DIR)/vcd/many_w8)

# Directed: the checker's first-error ranking (D-088). At W = 32 a word can hold two fields of one digest kind
# (MPA's CRCs of FPDUs shorter than a word); every stream corrupted, the second and third bit flips within a word
# of the first, so that an error lies between a word's two digest fields. At least min_rank_ab words per seed whose
# first error depends on which field keys the digest's candidate (the checker twin counts them): a ranking with
# the keys of a pair swapped diverges in the context beat (seeds 1-3).
.PHONY: rx-path-rank-w32
rx-path-rank-w32: $(call rx_path_bin,32)
	$(call RUN_SEEDS,lockstep-rx-path-rank-w32,$< --cycles 400000 small=1 p_corrupt=1 p_corrupt_any=1 corrupt_near=1 \
	    min_xfers=1000 min_rank_ab=3,$(RX_PATH_DIR)/vcd/rank_w32)

# make test runs the RX path at W = 4, 8 and 32, make regress at every W: the W = 64 build was 588 s of CI's
# 2946 (1379 s with the machine shared; W = 32 about a quarter of it, 2026-12-02) and grows with mdd_rx_loc_pdu's
# W = 64 size (issue 20). The TX path, the core's blocks and every block harness still run W = 64 in make test.
RX_PATH_TEST_WS  := 4 8 32
RX_PATH_EXTRA_WS := $(filter-out $(RX_PATH_TEST_WS),$(WS))
LOCKSTEP_TESTS += $(foreach w,$(RX_PATH_TEST_WS),rx-path-lockstep-w$(w) rx-path-small-w$(w)) rx-path-junk-w8 rx-path-many-w8 \
                  rx-path-rank-w32 \
                  rx-path-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(RX_PATH_REGRESS_SEEDS),rx-path-regress-w$(w)-s$(s))) \
                  $(foreach w,$(RX_PATH_EXTRA_WS),rx-path-lockstep-w$(w) rx-path-small-w$(w))
LINT_TARGETS   += $(foreach m,$(RX_PATH_MODULES),$(foreach w,$(WS),rx-path-lint-$(m)-w$(w)))
BENCH_LOCKSTEP += $(foreach w,$(WS),rx-path-bench-w$(w))

# Icarus: the lockstep harness writes a short vector file (inputs and twin outputs, checked against the
# Verilated RTL and the reference while written); the bench replays it on Icarus.
RX_PATH_ICARUS_WS     := 4 8
RX_PATH_ICARUS_CYCLES := 3000

define RX_PATH_ICARUS
$(RX_PATH_DIR)/icarus/w$(1).vvp: $(RX_PATH_SRCS) tb/icarus/tb_mdd_path.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_path -Ptb_mdd_path.W=$(1) -Ptb_mdd_path.TX=0 tb/icarus/tb_mdd_path.v \
	    $(filter %.v,$(RX_PATH_SRCS)) 2> $$(@D)/w$(1).iverilog.log || { cat $$(@D)/w$(1).iverilog.log; exit 1; }

$(RX_PATH_DIR)/icarus/w$(1).hex: $(call rx_path_bin,$(1))
	@mkdir -p $$(@D)
	@$(call rx_path_bin,$(1)) --seed 7 --cycles $(RX_PATH_ICARUS_CYCLES) p_reset=0.0005 vectors=$$@ \
	    --vcd $(RX_PATH_DIR)/vcd/icarus_w$(1) > $$(@D)/w$(1).vectors.log 2>&1 \
	    || { tail -n 20 $$(@D)/w$(1).vectors.log; exit 1; }

.PHONY: rx-path-icarus-w$(1)
rx-path-icarus-w$(1): $(RX_PATH_DIR)/icarus/w$(1).vvp $(RX_PATH_DIR)/icarus/w$(1).hex
	$$(call RUN_VVP,icarus-rx-path-w$(1),$(RX_PATH_DIR)/icarus/w$(1).vvp +vectors=$(RX_PATH_DIR)/icarus/w$(1).hex \
	    +cycles=$(RX_PATH_ICARUS_CYCLES))

endef

$(foreach w,$(RX_PATH_ICARUS_WS),$(eval $(call RX_PATH_ICARUS,$(w))))
ICARUS_TESTS += $(foreach w,$(RX_PATH_ICARUS_WS),rx-path-icarus-w$(w))

# make sim: the default RX scenario, human-readable.
.PHONY: rx-path-sim
rx-path-sim: $(call rx_path_bin,8)
	$(call RUN_SUITE,sim-rx-path,$(call rx_path_bin,8) --scenario sim/rx_path.scn --vcd $(RX_PATH_DIR)/vcd/sim)
SIM_TARGETS += rx-path-sim

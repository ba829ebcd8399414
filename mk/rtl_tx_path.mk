# TX path (rtl/mdd_tx_path.v = mdd_txg -> mdd_check_stage (PI) -> mdd_check_stage (digests) -> mdd_pack /
# mdd_rx_ctx): Verilator lockstep against the C twin (model/mdd_tx_path_model.c) with the reference transmitter
# (model/mdd_txref.c) as the oracle; Icarus replay; lint; bench (output bytes per cycle at full rate).

TX_PATH_DIR  := $(BUILD)/tx_path
TX_PATH_SRCS := $(sort rtl/mdd_tx_path.v $(TXG_TOP_SRCS) rtl/mdd_check_stage.v \
                rtl/mdd_rx_crc_engine.v rtl/mdd_crc_unit.v \
                rtl/mdd_crc_shift.v \
                rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_fifo.v rtl/mdd_rx_check.v rtl/mdd_rx_check_dec.v rtl/mdd_pack.v rtl/mdd_rx_ctx.v \
                rtl/mdd_formats.vh rtl/mdd_crc_math.vh rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh)
TX_PATH_DATA_DEPTH := 16
TX_PATH_RES_DEPTH  := 32

TX_PATH_TEST_CYCLES := 4 300000 8 250000 16 150000 32 100000 64 60000
TX_PATH_REGRESS_SEEDS := 11 12 13 14 15
TX_PATH_REGRESS_CYCLES := 1000000

tx_path_bin = $(BUILD)/vl/tx_path_w$(1)/tx_path_w$(1)
tx_path_idx = $(if $(filter 4,$(1)),1,$(if $(filter 8,$(1)),3,$(if $(filter 16,$(1)),5,$(if $(filter 32,$(1)),7,9))))
tx_path_cycles = $(word 2,$(wordlist $(call tx_path_idx,$(1),$(2)),99,$(2)))

define TX_PATH_REGRESS
.PHONY: tx-path-regress-w$(1)-s$(2)
tx-path-regress-w$(1)-s$(2): $(call tx_path_bin,$(1))
	$$(call RUN_SUITE,regress-tx-path-w$(1)-s$(2),$(call tx_path_bin,$(1)) --seed $(2) \
	    --suite regress-tx-path-w$(1)-s$(2) --cycles $(TX_PATH_REGRESS_CYCLES) --vcd $(TX_PATH_DIR)/vcd/regress_w$(1)_s$(2))

endef

define TX_PATH_CONFIG
$(call tx_path_bin,$(1)): $(TX_PATH_SRCS) tb/lockstep/tx_path_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_tx_path,tb/lockstep/tx_path_main.cpp,-GW=$(1) -GDATA_DEPTH=$(TX_PATH_DATA_DEPTH) \
	    -GRES_DEPTH=$(TX_PATH_RES_DEPTH) -CFLAGS -DTX_PATH_W=$(1) -CFLAGS -DTX_PATH_DATA_DEPTH=$(TX_PATH_DATA_DEPTH) \
	    -CFLAGS -DTX_PATH_RES_DEPTH=$(TX_PATH_RES_DEPTH))

.PHONY: tx-path-build-w$(1) tx-path-lockstep-w$(1) tx-path-bench-w$(1) tx-path-lint-w$(1)
tx-path-build-w$(1): $(call tx_path_bin,$(1))

tx-path-lockstep-w$(1): $(call tx_path_bin,$(1))
	$$(call RUN_SEEDS,lockstep-tx-path-w$(1),$(call tx_path_bin,$(1)) \
	    --cycles $(call per_seed,$(call tx_path_cycles,$(1),$(TX_PATH_TEST_CYCLES))) min_xfers=100,$(TX_PATH_DIR)/vcd/w$(1))

$(call SOAK_ADD,tx-path-w$(1),$(1),$(call tx_path_bin,$(1)),--cycles $(call tx_path_cycles,$(1),$(TX_PATH_TEST_CYCLES)))

tx-path-bench-w$(1): $(call tx_path_bin,$(1))
	@mkdir -p $(RESULTS)
	@{ $(call tx_path_bin,$(1)) --seed 3 --cycles 100000 --bench --suite bench-tx-path-w$(1) \
	       --vcd $(TX_PATH_DIR)/vcd/bench_w$(1); \
	   for c in mrk pdu blk; do $(call tx_path_bin,$(1)) --seed 3 --cycles 30000 --bench worst=$$$$c \
	       --suite bench-tx-path-worst-$$$$c-w$(1) --vcd $(TX_PATH_DIR)/vcd/bench_worst_$$$${c}_w$(1); done; } \
	    | grep -E '^bench tx-path|M cycles/s' | tee $(RESULTS)/bench-tx-path-w$(1).txt

tx-path-lint-w$(1):
	$$(call VL_LINT,mdd_tx_path,-GW=$(1))

$(foreach s,$(TX_PATH_REGRESS_SEEDS),$(call TX_PATH_REGRESS,$(1),$(s)))

endef

$(foreach w,$(WS),$(eval $(call TX_PATH_CONFIG,$(w))))

LINT_TARGETS += $(foreach w,$(WS),tx-path-lint-w$(w))

# Icarus: the lockstep harness writes a short vector file (inputs and twin outputs, checked against the
# Verilated RTL and the reference while written); tb/icarus/tb_mdd_path.v (TX = 1) replays it on Icarus.
# W = 64 in make regress only: about 7 minutes of Icarus for 1500 cycles (D-097: the staged generator's first
# Icarus simulation found functions that read signals other than their arguments)
TX_PATH_ICARUS_WS     := 4 8 64
TX_PATH_ICARUS_TEST_WS := 4 8
TX_PATH_ICARUS_CYCLES := 1500

define TX_PATH_ICARUS
$(TX_PATH_DIR)/icarus/w$(1).vvp: $(TX_PATH_SRCS) tb/icarus/tb_mdd_path.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_path -Ptb_mdd_path.W=$(1) -Ptb_mdd_path.TX=1 tb/icarus/tb_mdd_path.v \
	    $(filter %.v,$(TX_PATH_SRCS)) 2> $$(@D)/w$(1).iverilog.log || { cat $$(@D)/w$(1).iverilog.log; exit 1; }

$(TX_PATH_DIR)/icarus/w$(1).hex: $(call tx_path_bin,$(1))
	@mkdir -p $$(@D)
	@$(call tx_path_bin,$(1)) --seed 7 --cycles $(TX_PATH_ICARUS_CYCLES) p_reset=0.001 vectors=$$@ \
	    --vcd $(TX_PATH_DIR)/vcd/icarus_w$(1) > $$(@D)/w$(1).vectors.log 2>&1 \
	    || { tail -n 20 $$(@D)/w$(1).vectors.log; exit 1; }

.PHONY: tx-path-icarus-w$(1)
tx-path-icarus-w$(1): $(TX_PATH_DIR)/icarus/w$(1).vvp $(TX_PATH_DIR)/icarus/w$(1).hex
	$$(call RUN_VVP,icarus-tx-path-w$(1),$(TX_PATH_DIR)/icarus/w$(1).vvp +vectors=$(TX_PATH_DIR)/icarus/w$(1).hex \
	    +cycles=$(TX_PATH_ICARUS_CYCLES))

endef

$(foreach w,$(TX_PATH_ICARUS_WS),$(eval $(call TX_PATH_ICARUS,$(w))))
ICARUS_TESTS += $(foreach w,$(TX_PATH_ICARUS_TEST_WS),tx-path-icarus-w$(w))
REGRESS_TESTS += $(foreach w,$(filter-out $(TX_PATH_ICARUS_TEST_WS),$(TX_PATH_ICARUS_WS)),tx-path-icarus-w$(w))

.PHONY: tx-path-selftest
tx-path-selftest: $(call tx_path_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-tx-path,$<,5000,m_axis_tx_tuser,$(TX_PATH_DIR)/selftest/fault)

LOCKSTEP_TESTS += $(foreach w,$(PATH_TEST_WS),tx-path-lockstep-w$(w)) tx-path-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(TX_PATH_REGRESS_SEEDS),tx-path-regress-w$(w)-s$(s))) \
                  $(foreach w,$(PATH_EXTRA_WS),tx-path-lockstep-w$(w))
BENCH_LOCKSTEP += $(foreach w,$(WS),tx-path-bench-w$(w))

# make sim: the default TX scenario, human-readable.
.PHONY: tx-path-sim
tx-path-sim: $(call tx_path_bin,8)
	$(call RUN_SUITE,sim-tx-path,$(call tx_path_bin,8) --scenario sim/tx_path.scn --vcd $(TX_PATH_DIR)/vcd/sim)
SIM_TARGETS += tx-path-sim

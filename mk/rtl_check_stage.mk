# Check stage (rtl/mdd_check_stage.v: CRC engines + data FIFO + checker, shared by the RX and TX paths).
# Its RX configuration (every engine, TX = 0) runs inside every RX path suite (mk/rtl_rx_path.mk); the TX
# configurations are run by the TX path lockstep. Lint covers the RX configuration and the TX path's two
# rounds (ENG_MASK 4: the guard engine only; 3: digest engines only), each in both checker modes.

CHECK_STAGE_LINT_WS    := 4 8 64
CHECK_STAGE_LINT_MASKS := 7 4 3

# $(1) W, $(2) ENG_MASK, $(3) TX
define CHECK_STAGE_LINT
.PHONY: check-stage-lint-m$(2)-tx$(3)-w$(1)
check-stage-lint-m$(2)-tx$(3)-w$(1):
	$$(call VL_LINT,mdd_check_stage,-GW=$(1) -GENG_MASK=3\'d$(2) -GTX=$(3))

endef

$(foreach w,$(CHECK_STAGE_LINT_WS),$(foreach k,$(CHECK_STAGE_LINT_MASKS),$(foreach t,0 1,\
    $(eval $(call CHECK_STAGE_LINT,$(w),$(k),$(t))))))

LINT_TARGETS += $(foreach w,$(CHECK_STAGE_LINT_WS),$(foreach k,$(CHECK_STAGE_LINT_MASKS),$(foreach t,0 1,\
    check-stage-lint-m$(k)-tx$(t)-w$(w))))

# Icarus: the RTL's TX mode against its twin until the TX path has a lockstep harness. The C test of the twin
# (tb/unit/test_check_stage.c, itself checked against the reference transmitter while it runs) writes per-cycle
# vectors of both TX rounds (ENG_MASK 4, then 3; TX 1) on random streams; tb/icarus/tb_mdd_check_stage.v replays
# them and compares every output on every cycle. The vectors begin with streams where an incoming FRAME meets a DIF
# event at its offset in one word (the first-error rule's tie-break by code, which no path suite reaches: D-111).
CHECK_STAGE_DIR           := $(BUILD)/check_stage
CHECK_STAGE_SRCS          := rtl/mdd_check_stage.v rtl/mdd_rx_check.v rtl/mdd_rx_check_dec.v rtl/mdd_lane_count.v rtl/mdd_fifo.v rtl/mdd_rx_crc_engine.v \
                             rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_crc_unit.v rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh \
                             rtl/mdd_formats.vh rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
CHECK_STAGE_ICARUS_WS     := 8
CHECK_STAGE_ICARUS_CYCLES := 2000

# $(1) W, $(2) round (1, 2), $(3) its ENG_MASK
define CHECK_STAGE_ICARUS
$(CHECK_STAGE_DIR)/icarus/tx_r$(2)_w$(1).vvp: $(CHECK_STAGE_SRCS) tb/icarus/tb_mdd_check_stage.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_check_stage -Ptb_mdd_check_stage.W=$(1) \
	    -Ptb_mdd_check_stage.ENG_MASK=3\'d$(3) -Ptb_mdd_check_stage.TX=1 tb/icarus/tb_mdd_check_stage.v \
	    $(filter %.v,$(CHECK_STAGE_SRCS)) 2> $$(@D)/tx_r$(2)_w$(1).iverilog.log \
	    || { cat $$(@D)/tx_r$(2)_w$(1).iverilog.log; exit 1; }

.PHONY: check-stage-icarus-tx-r$(2)-w$(1)
check-stage-icarus-tx-r$(2)-w$(1): $(CHECK_STAGE_DIR)/icarus/tx_r$(2)_w$(1).vvp $(CHECK_STAGE_DIR)/icarus/tx_r$(2)_w$(1).hex
	$$(call RUN_VVP,icarus-check-stage-m$(3)-tx1-w$(1),$(CHECK_STAGE_DIR)/icarus/tx_r$(2)_w$(1).vvp \
	    +vectors=$(CHECK_STAGE_DIR)/icarus/tx_r$(2)_w$(1).hex +cycles=$(CHECK_STAGE_ICARUS_CYCLES))

endef

# One run of the C test writes both rounds' vectors.
define CHECK_STAGE_VECTORS
$(CHECK_STAGE_DIR)/icarus/tx_r1_w$(1).hex: $(TEST_CHECK_STAGE_BIN)
	@mkdir -p $$(@D)
	@$(TEST_CHECK_STAGE_BIN) vectors $(1) $(CHECK_STAGE_ICARUS_CYCLES) $$@ $(CHECK_STAGE_DIR)/icarus/tx_r2_w$(1).hex \
	    > $$(@D)/tx_w$(1).vectors.log 2>&1 || { tail -n 20 $$(@D)/tx_w$(1).vectors.log; exit 1; }

$(CHECK_STAGE_DIR)/icarus/tx_r2_w$(1).hex: $(CHECK_STAGE_DIR)/icarus/tx_r1_w$(1).hex ;

endef

$(foreach w,$(CHECK_STAGE_ICARUS_WS),$(eval $(call CHECK_STAGE_VECTORS,$(w))) \
    $(eval $(call CHECK_STAGE_ICARUS,$(w),1,4)) $(eval $(call CHECK_STAGE_ICARUS,$(w),2,3)))
ICARUS_TESTS += $(foreach w,$(CHECK_STAGE_ICARUS_WS),check-stage-icarus-tx-r1-w$(w) check-stage-icarus-tx-r2-w$(w))

# Staged TX generator stages (docs/timing.md section 4; rtl/mdd_txg.v, the TX path's generator, D-097): each stage's RTL
# (rtl/mdd_txg_<s>.v) in Verilator lockstep against its C twin (model/mdd_txg_<s>_model.c) with its bench
# (tb/lockstep/txg_<s>_main.cpp); lint at every W; every stage elaborates in Icarus at every W.
# Stage M's and the host ring's (hbuf) benches scoreboard bytes themselves; what P's parts, D's words, X's words and F's control
# (fc: combinational, a new input every cycle) mean is checked by the staged twin's suites against the lane walks and the
# references.
#
# A stage is added by naming it in TXG_STAGES with its make-test length and the output its self-test corrupts
# (TXG_<s>_DEPS: the other RTL files it instantiates).

TXG_DIR := $(BUILD)/txg
# make test runs every stage's bench at W = 4, 8 and 64 (lint and Icarus at every W); W = 16 and 32 in make regress:
# their 14 builds were about 250 s of CI's wall time (D-078).
TXG_TEST_WS := 4 8 64
TXG_STAGES := m p d fc hbuf f x r
TXG_REGRESS_SEEDS := 11 12 13 14 15
TXG_m_TEST_CYCLES := 400000
TXG_m_FAULT := k
TXG_p_TEST_CYCLES := 300000
TXG_p_FAULT := cls
TXG_d_TEST_CYCLES := 300000
TXG_d_FAULT := take
TXG_d_DEPS := rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
TXG_fc_TEST_CYCLES := 300000
TXG_fc_FAULT := why
TXG_hbuf_TEST_CYCLES := 300000
TXG_hbuf_FAULT := wr
TXG_hbuf_DEPS := rtl/mdd_compact.v rtl/mdd_lane_rotate.v
TXG_f_TEST_CYCLES := 300000
TXG_f_FAULT := emit
TXG_f_DEPS := rtl/mdd_txg_fc.v rtl/mdd_txg_err.v
TXG_x_TEST_CYCLES := 300000
TXG_x_FAULT := take
TXG_x_DEPS := rtl/mdd_lane_rotate.v rtl/mdd_lane_expand_ctl.v rtl/mdd_lane_count.v rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
TXG_r_TEST_CYCLES := 300000
TXG_r_FAULT := q_desc
txg_bin = $(BUILD)/vl/txg_$(1)_w$(2)/txg_$(1)_w$(2)

# $(1) stage, $(2) W
define TXG_STAGE_CONFIG
$(call txg_bin,$(1),$(2)): rtl/mdd_txg_$(1).v $(TXG_$(1)_DEPS) tb/lockstep/txg_$(1)_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_txg_$(1),tb/lockstep/txg_$(1)_main.cpp,-GW=$(2) -CFLAGS -DTXG_W=$(2))

.PHONY: txg-$(1)-build-w$(2) txg-$(1)-lockstep-w$(2) txg-$(1)-lint-w$(2)
txg-$(1)-build-w$(2): $(call txg_bin,$(1),$(2))

txg-$(1)-lockstep-w$(2): $(call txg_bin,$(1),$(2))
	$$(call RUN_SEEDS,lockstep-txg-$(1)-w$(2),$(call txg_bin,$(1),$(2)) --cycles $(call per_seed,$(TXG_$(1)_TEST_CYCLES)),$(TXG_DIR)/vcd/$(1)_w$(2))

txg-$(1)-lint-w$(2):
	$$(call VL_LINT,mdd_txg_$(1),-GW=$(2))

$(foreach s,$(TXG_REGRESS_SEEDS),$(eval $(call TXG_STAGE_REGRESS,$(1),$(2),$(s))))
endef

# $(1) stage, $(2) W, $(3) seed
define TXG_STAGE_REGRESS
.PHONY: txg-$(1)-regress-w$(2)-s$(3)
txg-$(1)-regress-w$(2)-s$(3): $(call txg_bin,$(1),$(2))
	$$(call RUN_SUITE,regress-txg-$(1)-w$(2)-s$(3),$(call txg_bin,$(1),$(2)) --seed $(3) --suite regress-txg-$(1)-w$(2)-s$(3) \
	    --cycles 1000000 --vcd $(TXG_DIR)/vcd/$(1)_regress_w$(2)_s$(3))
endef

# The harness must catch a divergence: the twin's TXG_<s>_FAULT output flipped at one cycle.
define TXG_STAGE
$(foreach w,$(WS),$(eval $(call TXG_STAGE_CONFIG,$(1),$(w))))

.PHONY: txg-$(1)-selftest
txg-$(1)-selftest: $(call txg_bin,$(1),8)
	$$(call LOCKSTEP_SELFTEST,selftest-txg-$(1),$$<,2345,$(TXG_$(1)_FAULT),$(TXG_DIR)/selftest/$(1)_fault)

LINT_TARGETS   += $(foreach w,$(WS),txg-$(1)-lint-w$(w))
LOCKSTEP_TESTS += $(foreach w,$(TXG_TEST_WS),txg-$(1)-lockstep-w$(w)) txg-$(1)-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(TXG_REGRESS_SEEDS),txg-$(1)-regress-w$(w)-s$(s))) \
                  $(foreach w,$(filter-out $(TXG_TEST_WS),$(WS)),txg-$(1)-lockstep-w$(w))
endef

$(foreach s,$(TXG_STAGES),$(eval $(call TXG_STAGE,$(s))))

.PHONY: txg-icarus-build
txg-icarus-build:
	@mkdir -p $(TXG_DIR)/icarus
	@for w in $(WS); do for m in $(TXG_STAGES) lay; do \
	    $(IVERILOG) $(IVERILOG_FLAGS) -y rtl -o $(TXG_DIR)/icarus/$${m}_w$$w.vvp -s mdd_txg_$$m -Pmdd_txg_$$m.W=$$w rtl/mdd_txg_$$m.v \
	    > $(TXG_DIR)/icarus/$${m}_w$$w.log 2>&1; rc=$$?; cat $(TXG_DIR)/icarus/$${m}_w$$w.log; \
	    test $$rc -eq 0 -a ! -s $(TXG_DIR)/icarus/$${m}_w$$w.log || exit 1; done; done
	@for w in $(WS); do \
	    $(IVERILOG) $(IVERILOG_FLAGS) -y rtl -o $(TXG_DIR)/icarus/top_w$$w.vvp -s mdd_txg -Pmdd_txg.W=$$w rtl/mdd_txg.v \
	    > $(TXG_DIR)/icarus/top_w$$w.log 2>&1; rc=$$?; cat $(TXG_DIR)/icarus/top_w$$w.log; \
	    test $$rc -eq 0 -a ! -s $(TXG_DIR)/icarus/top_w$$w.log || exit 1; done
	@echo "txg-icarus-build: $(foreach s,$(TXG_STAGES) lay,mdd_txg_$(s)) and mdd_txg elaborate in Icarus at W = $(WS)"

ICARUS_TESTS += txg-icarus-build

# Staged TX generator stages (docs/timing.md section 4; not instantiated yet): each stage's RTL in Verilator
# lockstep against its C twin, with a byte-by-byte scoreboard in the harness; lint at every W.
# Stage M: rtl/mdd_txg_m.v, model/mdd_txg_m_model.c, tb/lockstep/txg_m_main.cpp.

TXG_DIR := $(BUILD)/txg
TXG_M_TEST_CYCLES := 400000
TXG_M_REGRESS_SEEDS := 11 12 13 14 15
txg_m_bin = $(BUILD)/vl/txg_m_w$(1)/txg_m_w$(1)

define TXG_M_CONFIG
$(call txg_m_bin,$(1)): rtl/mdd_txg_m.v tb/lockstep/txg_m_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_txg_m,tb/lockstep/txg_m_main.cpp,-GW=$(1) -CFLAGS -DTXG_M_W=$(1))

.PHONY: txg-m-build-w$(1) txg-m-lockstep-w$(1) txg-m-lint-w$(1)
txg-m-build-w$(1): $(call txg_m_bin,$(1))

txg-m-lockstep-w$(1): $(call txg_m_bin,$(1))
	$$(call RUN_SEEDS,lockstep-txg-m-w$(1),$(call txg_m_bin,$(1)) --cycles $(call per_seed,$(TXG_M_TEST_CYCLES)),$(TXG_DIR)/vcd/m_w$(1))

txg-m-lint-w$(1):
	$$(call VL_LINT,mdd_txg_m,-GW=$(1))

$(foreach s,$(TXG_M_REGRESS_SEEDS),$(eval $(call TXG_M_REGRESS,$(1),$(s))))
endef

define TXG_M_REGRESS
.PHONY: txg-m-regress-w$(1)-s$(2)
txg-m-regress-w$(1)-s$(2): $(call txg_m_bin,$(1))
	$$(call RUN_SUITE,regress-txg-m-w$(1)-s$(2),$(call txg_m_bin,$(1)) --seed $(2) --suite regress-txg-m-w$(1)-s$(2) \
	    --cycles 1000000 --vcd $(TXG_DIR)/vcd/m_regress_w$(1)_s$(2))
endef

$(foreach w,$(WS),$(eval $(call TXG_M_CONFIG,$(w))))

# The harness must catch a divergence: flip the twin's k at one cycle.
.PHONY: txg-m-selftest
txg-m-selftest: $(call txg_m_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-txg-m,$<,2345,k,$(TXG_DIR)/selftest/m_fault)

LINT_TARGETS   += $(foreach w,$(WS),txg-m-lint-w$(w))
LOCKSTEP_TESTS += $(foreach w,$(WS),txg-m-lockstep-w$(w)) txg-m-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(TXG_M_REGRESS_SEEDS),txg-m-regress-w$(w)-s$(s)))

# Stage P: rtl/mdd_txg_p.v, model/mdd_txg_p_model.c, tb/lockstep/txg_p_main.cpp (lockstep only: what its parts
# mean is checked by the staged twin's suites against the lane walk and the references).
TXG_P_TEST_CYCLES := 300000
TXG_P_REGRESS_SEEDS := 11 12 13 14 15
txg_p_bin = $(BUILD)/vl/txg_p_w$(1)/txg_p_w$(1)

define TXG_P_CONFIG
$(call txg_p_bin,$(1)): rtl/mdd_txg_p.v tb/lockstep/txg_p_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_txg_p,tb/lockstep/txg_p_main.cpp,-GW=$(1) -CFLAGS -DTXG_P_W=$(1))

.PHONY: txg-p-build-w$(1) txg-p-lockstep-w$(1) txg-p-lint-w$(1)
txg-p-build-w$(1): $(call txg_p_bin,$(1))

txg-p-lockstep-w$(1): $(call txg_p_bin,$(1))
	$$(call RUN_SEEDS,lockstep-txg-p-w$(1),$(call txg_p_bin,$(1)) --cycles $(call per_seed,$(TXG_P_TEST_CYCLES)),$(TXG_DIR)/vcd/p_w$(1))

txg-p-lint-w$(1):
	$$(call VL_LINT,mdd_txg_p,-GW=$(1))

$(foreach s,$(TXG_P_REGRESS_SEEDS),$(eval $(call TXG_P_REGRESS,$(1),$(s))))
endef

define TXG_P_REGRESS
.PHONY: txg-p-regress-w$(1)-s$(2)
txg-p-regress-w$(1)-s$(2): $(call txg_p_bin,$(1))
	$$(call RUN_SUITE,regress-txg-p-w$(1)-s$(2),$(call txg_p_bin,$(1)) --seed $(2) --suite regress-txg-p-w$(1)-s$(2) \
	    --cycles 1000000 --vcd $(TXG_DIR)/vcd/p_regress_w$(1)_s$(2))
endef

$(foreach w,$(WS),$(eval $(call TXG_P_CONFIG,$(w))))

# The harness must catch a divergence: flip the twin's class of lane 0 at one cycle.
.PHONY: txg-p-selftest
txg-p-selftest: $(call txg_p_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-txg-p,$<,2345,cls,$(TXG_DIR)/selftest/p_fault)

LINT_TARGETS   += $(foreach w,$(WS),txg-p-lint-w$(w))
LOCKSTEP_TESTS += $(foreach w,$(WS),txg-p-lockstep-w$(w)) txg-p-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(TXG_P_REGRESS_SEEDS),txg-p-regress-w$(w)-s$(s)))

# Both stages elaborate in Icarus at every W (their benches are Verilator lockstep).
.PHONY: txg-icarus-build
txg-icarus-build:
	@mkdir -p $(TXG_DIR)/icarus
	@for w in $(WS); do for m in m p; do \
	    $(IVERILOG) $(IVERILOG_FLAGS) -o $(TXG_DIR)/icarus/$${m}_w$$w.vvp -s mdd_txg_$$m -Pmdd_txg_$$m.W=$$w rtl/mdd_txg_$$m.v \
	    > $(TXG_DIR)/icarus/$${m}_w$$w.log 2>&1; rc=$$?; cat $(TXG_DIR)/icarus/$${m}_w$$w.log; \
	    test $$rc -eq 0 -a ! -s $(TXG_DIR)/icarus/$${m}_w$$w.log || exit 1; done; done
	@echo "txg-icarus-build: mdd_txg_m, mdd_txg_p elaborate in Icarus at W = $(WS)"

ICARUS_TESTS += txg-icarus-build

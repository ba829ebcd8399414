# Round-robin record arbiter (rtl/mdd_axis_arb.v: N single-beat AXI4-Stream inputs, one output register; in
# mdd_dep_msg with N = 2, at the top level with more): self-checking Icarus bench tb/icarus/tb_mdd_axis_arb.v
# at N = 1, 2, 3, 8 (DATA_W 40, 30000 random cycles with resets and a drain: nothing lost or invented, per-input
# order, the exact round-robin grant, one-hot s_tready, no bubble, waits of at most N - 1 records), lint at the
# same N with DATA_W 40 and 256. The C twin's unit test is tb/unit/test_axis_arb.c (mk/clib.mk, axis-arb-model).

AXIS_ARB_NS := 1 2 3 8
AXIS_ARB_LINT_DATA_WS := 40 256

define AXIS_ARB_CONFIG
$(BUILD)/axis_arb/n$(1).vvp: rtl/mdd_axis_arb.v tb/icarus/tb_mdd_axis_arb.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_axis_arb -Ptb_mdd_axis_arb.N=$(1) -Ptb_mdd_axis_arb.DATA_W=40 \
	    tb/icarus/tb_mdd_axis_arb.v rtl/mdd_axis_arb.v

.PHONY: axis-arb-icarus-n$(1)
axis-arb-icarus-n$(1): $(BUILD)/axis_arb/n$(1).vvp
	$$(call RUN_VVP,icarus-axis-arb-n$(1),$(BUILD)/axis_arb/n$(1).vvp +suite=icarus-axis-arb-n$(1))

endef

define AXIS_ARB_LINT
.PHONY: axis-arb-lint-n$(1)-d$(2)
axis-arb-lint-n$(1)-d$(2):
	$$(call VL_LINT,mdd_axis_arb,-GN=$(1) -GDATA_W=$(2))

endef

$(foreach n,$(AXIS_ARB_NS),$(eval $(call AXIS_ARB_CONFIG,$(n))))
$(foreach n,$(AXIS_ARB_NS),$(foreach d,$(AXIS_ARB_LINT_DATA_WS),$(eval $(call AXIS_ARB_LINT,$(n),$(d)))))

ICARUS_TESTS += $(foreach n,$(AXIS_ARB_NS),axis-arb-icarus-n$(n))
LINT_TARGETS += $(foreach n,$(AXIS_ARB_NS),$(foreach d,$(AXIS_ARB_LINT_DATA_WS),axis-arb-lint-n$(n)-d$(d)))

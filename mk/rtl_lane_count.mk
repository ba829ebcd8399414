# Lane prefix count (rtl/mdd_lane_count.v, used by the RX locate stages and the TX generator): Icarus test
# bench against a lane-by-lane running count at every W of the sweep (2 and the core's W list), lint at every W
# (TAIL = 0, the combinational network; TAIL = 2, the network cut by a register, as RX locate L3 uses it; GATES = 1,
# its sums as gates, as RX locate L2 uses it).
# Icarus takes about 0.25 s per mask at W = 64 (each stage's counts are one vector with a driver per lane), so
# W = 32 and 64 check 150 random masks besides the corner cases, the others 3000.

LANE_COUNT_WS := 2 $(WS)

define LANE_COUNT_CONFIG
$(BUILD)/lane_count/w$(1).vvp: rtl/mdd_lane_count.v rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh tb/icarus/tb_mdd_lane_count.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_lane_count -Ptb_mdd_lane_count.W=$(1) \
	    -Ptb_mdd_lane_count.N=$(if $(filter 32 64,$(1)),150,3000) \
	    tb/icarus/tb_mdd_lane_count.v rtl/mdd_lane_count.v

.PHONY: lane-count-icarus-w$(1) lane-count-lint-w$(1)
lane-count-icarus-w$(1): $(BUILD)/lane_count/w$(1).vvp
	$$(call RUN_VVP,icarus-lane-count-w$(1),$(BUILD)/lane_count/w$(1).vvp +suite=icarus-lane-count-w$(1))

lane-count-lint-w$(1):
	$$(call VL_LINT,mdd_lane_count,-GW=$(1))
	$$(call VL_LINT,mdd_lane_count,-GW=$(1) -GTAIL=2)
	$$(call VL_LINT,mdd_lane_count,-GW=$(1) -GGATES=1)

endef

$(foreach w,$(LANE_COUNT_WS),$(eval $(call LANE_COUNT_CONFIG,$(w))))

ICARUS_TESTS += $(foreach w,$(LANE_COUNT_WS),lane-count-icarus-w$(w))
LINT_TARGETS += $(foreach w,$(LANE_COUNT_WS),lane-count-lint-w$(w))

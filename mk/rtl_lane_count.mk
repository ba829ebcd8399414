# Lane prefix count (rtl/mdd_lane_count.v, used by the RX locate stages and the TX generator): Icarus test
# bench against a lane-by-lane running count at every W of the sweep (2 and the core's W list), lint at every W
# (also of rtl/mdd_lane_count_p.v, the same network cut by a register, RX locate L3; its function is checked by
# the RX locate lockstep).

LANE_COUNT_WS := 2 $(WS)

define LANE_COUNT_CONFIG
$(BUILD)/lane_count/w$(1).vvp: rtl/mdd_lane_count.v tb/icarus/tb_mdd_lane_count.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_lane_count -Ptb_mdd_lane_count.W=$(1) \
	    tb/icarus/tb_mdd_lane_count.v rtl/mdd_lane_count.v

.PHONY: lane-count-icarus-w$(1) lane-count-lint-w$(1)
lane-count-icarus-w$(1): $(BUILD)/lane_count/w$(1).vvp
	$$(call RUN_VVP,icarus-lane-count-w$(1),$(BUILD)/lane_count/w$(1).vvp +suite=icarus-lane-count-w$(1))

lane-count-lint-w$(1):
	$$(call VL_LINT,mdd_lane_count,-GW=$(1))
	$$(call VL_LINT,mdd_lane_count_p,-GW=$(1))

endef

$(foreach w,$(LANE_COUNT_WS),$(eval $(call LANE_COUNT_CONFIG,$(w))))

ICARUS_TESTS += $(foreach w,$(LANE_COUNT_WS),lane-count-icarus-w$(w))
LINT_TARGETS += $(foreach w,$(LANE_COUNT_WS),lane-count-lint-w$(w))

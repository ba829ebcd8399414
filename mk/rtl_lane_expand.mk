# Lane expansion (rtl/mdd_lane_expand_ctl.v: selects and hl from a mask; rtl/mdd_lane_expand.v: the radix-4
# network; for the staged TX generator's lane fill, D-075): Verilator lockstep of both through
# tb/lockstep/lane_expand_top.v against the C twin (model/mdd_lane_expand_model.c, the selects in closed form) and
# a reference of the bench's own (each set lane holds src's lane of its rank), lint of both at every W, Icarus
# elaboration at every W.

LANE_EXPAND_DIR := $(BUILD)/lane_expand
LANE_EXPAND_SRCS := rtl/mdd_lane_expand_ctl.v rtl/mdd_lane_expand.v rtl/mdd_lane_count.v rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh tb/lockstep/lane_expand_top.v
LANE_EXPAND_TEST_CYCLES := 300000
lane_expand_bin = $(BUILD)/vl/lane_expand_w$(1)/lane_expand_w$(1)

define LANE_EXPAND_CONFIG
$(call lane_expand_bin,$(1)): $(LANE_EXPAND_SRCS) tb/lockstep/lane_expand_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),lane_expand_top,tb/lockstep/lane_expand_main.cpp,-GW=$(1) -CFLAGS -DLANE_EXPAND_W=$(1),tb/lockstep/lane_expand_top.v)

.PHONY: lane-expand-build-w$(1) lane-expand-lockstep-w$(1) lane-expand-lint-w$(1)
lane-expand-build-w$(1): $(call lane_expand_bin,$(1))

lane-expand-lockstep-w$(1): $(call lane_expand_bin,$(1))
	$$(call RUN_SEEDS,lockstep-lane-expand-w$(1),$(call lane_expand_bin,$(1)) --cycles $(call per_seed,$(LANE_EXPAND_TEST_CYCLES)),$(LANE_EXPAND_DIR)/vcd/w$(1))

lane-expand-lint-w$(1):
	$$(call VL_LINT,mdd_lane_expand_ctl,-GW=$(1))
	$$(call VL_LINT,mdd_lane_expand,-GW=$(1))

endef

$(foreach w,$(WS),$(eval $(call LANE_EXPAND_CONFIG,$(w))))

.PHONY: lane-expand-selftest lane-expand-icarus-build
lane-expand-selftest: $(call lane_expand_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-lane-expand,$<,2345,dst,$(LANE_EXPAND_DIR)/selftest/fault)

lane-expand-icarus-build:
	@mkdir -p $(LANE_EXPAND_DIR)/icarus
	@for w in $(WS); do \
	    $(IVERILOG) $(IVERILOG_FLAGS) -y rtl -o $(LANE_EXPAND_DIR)/icarus/w$$w.vvp -s lane_expand_top -Plane_expand_top.W=$$w \
	    tb/lockstep/lane_expand_top.v > $(LANE_EXPAND_DIR)/icarus/w$$w.log 2>&1; rc=$$?; cat $(LANE_EXPAND_DIR)/icarus/w$$w.log; \
	    test $$rc -eq 0 -a ! -s $(LANE_EXPAND_DIR)/icarus/w$$w.log || exit 1; done
	@echo "lane-expand-icarus-build: mdd_lane_expand_ctl, mdd_lane_expand elaborate in Icarus at W = $(WS)"

LINT_TARGETS   += $(foreach w,$(WS),lane-expand-lint-w$(w))
LOCKSTEP_TESTS += $(foreach w,$(WS),lane-expand-lockstep-w$(w)) lane-expand-selftest
ICARUS_TESTS   += lane-expand-icarus-build

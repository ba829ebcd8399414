# RX router of the top level (rtl/mdd_rx_route.v, docs/core.md 3): Verilator lockstep against the C twin
# (model/mdd_rx_route_model.c) with an independent transaction-level scoreboard (tb/lockstep/rx_route_main.cpp),
# a self-test of the harness, lint.
#   rx-route-lockstep-w<W>   make test, W = 4, 8, 64 (each with its own ROUTE_DEPTH, below)
#   rx-route-selftest        a fault injected into the twin must be reported
#   rx-route-lint-w<W>       W = 4..64 at ROUTE_DEPTH 16; rx-route-lint-d<D>: W = 8 at ROUTE_DEPTH 2 and 256
# Build products: $(BUILD)/vl/rx_route_w<W>/, $(BUILD)/rx_route/ (waveforms).

RX_ROUTE_WS := 4 8 64
# the FIFO depth per build: the smallest, the core's default, a small one at the widest W
RX_ROUTE_DEPTH_4  := 2
RX_ROUTE_DEPTH_8  := 16
RX_ROUTE_DEPTH_64 := 4
RX_ROUTE_DIR  := $(BUILD)/rx_route
RX_ROUTE_SRCS := rtl/mdd_rx_route.v rtl/mdd_formats.vh
# make test: 2 x 10^6 cycles per W (about 2 s each; some 450 k descriptors and packets checked)
RX_ROUTE_TEST_CYCLES := 2000000

rx_route_bin = $(BUILD)/vl/rx_route_w$(1)/rx_route_w$(1)

define RX_ROUTE_CONFIG
$(call rx_route_bin,$(1)): $(RX_ROUTE_SRCS) tb/lockstep/rx_route_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_rx_route,tb/lockstep/rx_route_main.cpp,-GW=$(1) -GROUTE_DEPTH=$(RX_ROUTE_DEPTH_$(1)) \
	    -CFLAGS -DRR_W=$(1) -CFLAGS -DRR_DEPTH=$(RX_ROUTE_DEPTH_$(1)))

.PHONY: rx-route-build-w$(1) rx-route-lockstep-w$(1)
rx-route-build-w$(1): $(call rx_route_bin,$(1))

rx-route-lockstep-w$(1): $(call rx_route_bin,$(1))
	$$(call RUN_SUITE,lockstep-rx-route-w$(1),$(call rx_route_bin,$(1)) --seed 1 --cycles $(RX_ROUTE_TEST_CYCLES) \
	    min_packets=10000 --vcd $(RX_ROUTE_DIR)/vcd/w$(1))

endef

$(foreach w,$(RX_ROUTE_WS),$(eval $(call RX_ROUTE_CONFIG,$(w))))

# The harness must catch a divergence: flip a bit of the twin's m_dep_tdata at one cycle.
.PHONY: rx-route-selftest
rx-route-selftest: $(call rx_route_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-rx-route,$<,4321,m_dep_tdata,$(RX_ROUTE_DIR)/selftest/fault)

define RX_ROUTE_LINT
.PHONY: rx-route-lint-w$(1)
rx-route-lint-w$(1):
	$$(call VL_LINT,mdd_rx_route,-GW=$(1) -GROUTE_DEPTH=16)

endef

$(foreach w,$(WS),$(eval $(call RX_ROUTE_LINT,$(w))))

.PHONY: rx-route-lint-d2 rx-route-lint-d256
rx-route-lint-d2:
	$(call VL_LINT,mdd_rx_route,-GW=8 -GROUTE_DEPTH=2)
rx-route-lint-d256:
	$(call VL_LINT,mdd_rx_route,-GW=8 -GROUTE_DEPTH=256)

LOCKSTEP_TESTS += $(foreach w,$(RX_ROUTE_WS),rx-route-lockstep-w$(w)) rx-route-selftest
LINT_TARGETS   += $(foreach w,$(WS),rx-route-lint-w$(w)) rx-route-lint-d2 rx-route-lint-d256

# RX router of the top level (rtl/mdd_rx_route.v, docs/core.md 3): Verilator lockstep against the C twin
# (model/mdd_rx_route_model.c) with an independent transaction-level scoreboard (tb/lockstep/rx_route_main.cpp),
# a self-test of the harness, lint, an Icarus replay of vectors the harness wrote (tb/icarus/tb_mdd_rx_route.v).
#   rx-route-lockstep-w<W>   make test, W = 4, 8, 64 (each with its own ROUTE_DEPTH, below)
#   rx-route-selftest        a fault injected into the twin must be reported
#   rx-route-lint-w<W>       W = 4..64 at ROUTE_DEPTH 16; rx-route-lint-d<D>: W = 8 at ROUTE_DEPTH 2 and 256
#   rx-route-icarus-w<W>     Icarus replays a short run at W = 4, 8, 64
#   rx-route-icarus-selftest the replay bench must fail on expected outputs with a bit flipped
# Build products: $(BUILD)/vl/rx_route_w<W>/, $(BUILD)/rx_route/ (vectors, Icarus, waveforms).

RX_ROUTE_WS := 4 8 64
# the FIFO depth per build: the smallest, the core's default, a small one at the widest W
RX_ROUTE_DEPTH_4  := 2
RX_ROUTE_DEPTH_8  := 16
RX_ROUTE_DEPTH_64 := 4
RX_ROUTE_DIR  := $(BUILD)/rx_route
RX_ROUTE_SRCS := rtl/mdd_rx_route.v rtl/mdd_formats.vh
# make test: 2 x 10^6 cycles per W (about 2 s each; some 450 k descriptors and packets checked)
RX_ROUTE_TEST_CYCLES := 2000000
RX_ROUTE_ICARUS_CYCLES := 4000

rx_route_bin = $(BUILD)/vl/rx_route_w$(1)/rx_route_w$(1)

define RX_ROUTE_CONFIG
$(call rx_route_bin,$(1)): $(RX_ROUTE_SRCS) tb/lockstep/rx_route_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_rx_route,tb/lockstep/rx_route_main.cpp,-GW=$(1) -GROUTE_DEPTH=$(RX_ROUTE_DEPTH_$(1)) \
	    -CFLAGS -DRR_W=$(1) -CFLAGS -DRR_DEPTH=$(RX_ROUTE_DEPTH_$(1)))

.PHONY: rx-route-build-w$(1) rx-route-lockstep-w$(1) rx-route-icarus-w$(1)
rx-route-build-w$(1): $(call rx_route_bin,$(1))

rx-route-lockstep-w$(1): $(call rx_route_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-route-w$(1),$(call rx_route_bin,$(1)) --cycles $(call per_seed,$(RX_ROUTE_TEST_CYCLES)) \
	    min_packets=$(call per_seed,10000),$(RX_ROUTE_DIR)/vcd/w$(1))

$(call SOAK_ADD,rx-route-w$(1),$(1),$(call rx_route_bin,$(1)),--cycles $(RX_ROUTE_TEST_CYCLES))

# Icarus: the harness writes each cycle's inputs and the twin's outputs (checked against the Verilated RTL and the
# scoreboard while it writes them); the bench replays them and compares every output every cycle.
$(RX_ROUTE_DIR)/w$(1).vvp: $(RX_ROUTE_SRCS) tb/icarus/tb_mdd_rx_route.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_rx_route -Ptb_mdd_rx_route.W=$(1) \
	    -Ptb_mdd_rx_route.ROUTE_DEPTH=$(RX_ROUTE_DEPTH_$(1)) tb/icarus/tb_mdd_rx_route.v rtl/mdd_rx_route.v

$(RX_ROUTE_DIR)/w$(1).vec: $(call rx_route_bin,$(1))
	@mkdir -p $$(@D)
	@$(call rx_route_bin,$(1)) --seed 7 --cycles $(RX_ROUTE_ICARUS_CYCLES) --quiet p_reset=0.003 phase=250 \
	    vectors=$$@.tmp --vcd $(RX_ROUTE_DIR)/vcd/vectors_w$(1) > $$@.log || { cat $$@.log; exit 1; }
	@mv $$@.tmp $$@

rx-route-icarus-w$(1): $(RX_ROUTE_DIR)/w$(1).vvp $(RX_ROUTE_DIR)/w$(1).vec
	$$(call RUN_VVP,icarus-rx-route-w$(1),$(RX_ROUTE_DIR)/w$(1).vvp +vectors=$(RX_ROUTE_DIR)/w$(1).vec)

endef

$(foreach w,$(RX_ROUTE_WS),$(eval $(call RX_ROUTE_CONFIG,$(w))))

# The harness must catch a divergence: flip a bit of the twin's m_dep_tdata at one cycle.
.PHONY: rx-route-selftest
rx-route-selftest: $(call rx_route_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-rx-route,$<,4321,m_dep_tdata,$(RX_ROUTE_DIR)/selftest/fault)

# The replay bench must catch a wrong expected value (scripts/replay-selftest.sh): the vectors unchanged pass, with
# one bit flipped in each of these expected outputs (cycle:field:signal) exactly those cycles fail.
RX_ROUTE_ICARUS_FLIPS := 100:20:s_desc_tready 200:30:m_dep_tdata 300:34:m_dep_tvalid 350:27:m_rx_tuser
.PHONY: rx-route-icarus-selftest
rx-route-icarus-selftest: $(RX_ROUTE_DIR)/w8.vvp $(RX_ROUTE_DIR)/w8.vec
	$(call RUN_SUITE,selftest-rx-route-icarus,VVP=$(VVP) scripts/replay-selftest.sh selftest-rx-route-icarus \
	    $(RX_ROUTE_DIR)/w8.vvp $(RX_ROUTE_DIR)/w8.vec 400 $(RX_ROUTE_DIR)/selftest/replay $(RX_ROUTE_ICARUS_FLIPS))

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
ICARUS_TESTS   += $(foreach w,$(RX_ROUTE_WS),rx-route-icarus-w$(w)) rx-route-icarus-selftest
LINT_TARGETS   += $(foreach w,$(WS),rx-route-lint-w$(w)) rx-route-lint-d2 rx-route-lint-d256

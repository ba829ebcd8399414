# RX locate stages (rtl/mdd_rx_locate.v = mdd_rx_loc_mrk -> mdd_rx_loc_pdu -> mdd_rx_loc_dif): Verilator
# lockstep against the C twin (model/mdd_rx_locate_model.c) with the reference receiver (model/mdd_rxref.c)
# as the oracle and the traffic generator (model/mdd_trafgen.c) as stimulus; lint of every stage at every W;
# bench (input bytes per cycle at full rate and with tiny periods).
# Build products: $(BUILD)/vl/rx_locate_w<W>/, waveforms of a divergence in $(BUILD)/rx_locate/vcd/.

RX_LOCATE_DIR  := $(BUILD)/rx_locate
RX_LOCATE_SRCS := rtl/mdd_rx_locate.v rtl/mdd_lane_count.v rtl/mdd_desc_check.v rtl/mdd_rx_loc_mrk.v rtl/mdd_rx_loc_pdu.v rtl/mdd_rx_loc_dif.v rtl/mdd_formats.vh rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
RX_LOCATE_MODULES := mdd_rx_locate mdd_rx_loc_mrk mdd_rx_loc_pdu mdd_rx_loc_dif

# make test: one default run (all stimulus) and one with tiny periods (small=1: every stage splits words) per
# W, split between TEST_SEEDS; both move some transfer cuts into a PDU's length field (p_cut_hdr, D-095), the
# small run also garbles half of those resume images (p_garble_resume). W = 64 runs at about 14 k cycles per CPU
# second (harness, RTL, twin and reference; it was 1.6 k while mdd_rx_loc_pdu's one-hot gathers were written bit
# by bit, 2026-12-02).
RX_LOCATE_TEST_CYCLES  := 4 3000000 8 2500000 16 2000000 32 1500000 64 1200000
RX_LOCATE_SMALL_CYCLES := 4 1500000 8 1200000 16 1000000 32 750000 64 600000
# make regress: five more seeds per W (two of them small=1), 1 M cycles each.
RX_LOCATE_REGRESS_SEEDS := 11 12 13 14 15
RX_LOCATE_REGRESS_CYCLES := 1000000

rx_locate_bin = $(BUILD)/vl/rx_locate_w$(1)/rx_locate_w$(1)
rx_locate_cycles = $(word 2,$(wordlist $(call rx_locate_idx,$(1),$(2)),99,$(2)))
rx_locate_idx = $(if $(filter 4,$(1)),1,$(if $(filter 8,$(1)),3,$(if $(filter 16,$(1)),5,$(if $(filter 32,$(1)),7,9))))

define RX_LOCATE_REGRESS
.PHONY: rx-locate-regress-w$(1)-s$(2)
rx-locate-regress-w$(1)-s$(2): $(call rx_locate_bin,$(1))
	$$(call RUN_SUITE,regress-rx-locate-w$(1)-s$(2),$(call rx_locate_bin,$(1)) --seed $(2) \
	    --suite regress-rx-locate-w$(1)-s$(2) --cycles $(RX_LOCATE_REGRESS_CYCLES) \
	    $(if $(filter 12 14,$(2)),small=1) --vcd $(RX_LOCATE_DIR)/vcd/regress_w$(1)_s$(2))

endef

define RX_LOCATE_CONFIG
$(call rx_locate_bin,$(1)): $(RX_LOCATE_SRCS) tb/lockstep/rx_locate_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_rx_locate,tb/lockstep/rx_locate_main.cpp,-GW=$(1) -CFLAGS -DRX_LOCATE_W=$(1))

.PHONY: rx-locate-build-w$(1) rx-locate-lockstep-w$(1) rx-locate-small-w$(1) rx-locate-rate-w$(1) \
        rx-locate-bench-w$(1)
rx-locate-build-w$(1): $(call rx_locate_bin,$(1))

rx-locate-lockstep-w$(1): $(call rx_locate_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-locate-w$(1),$(call rx_locate_bin,$(1)) \
	    --cycles $(call per_seed,$(call rx_locate_cycles,$(1),$(RX_LOCATE_TEST_CYCLES))) min_xfers=100 p_cut_hdr=0.2, \
	    $(RX_LOCATE_DIR)/vcd/w$(1))

rx-locate-small-w$(1): $(call rx_locate_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-locate-small-w$(1),$(call rx_locate_bin,$(1)) small=1 p_cut_hdr=0.3 p_garble_resume=0.5 \
	    --cycles $(call per_seed,$(call rx_locate_cycles,$(1),$(RX_LOCATE_SMALL_CYCLES))) min_xfers=100, \
	    $(RX_LOCATE_DIR)/vcd/small_w$(1))

$(call SOAK_ADD,rx-locate-w$(1),$(1),$(call rx_locate_bin,$(1)),--cycles $(call rx_locate_cycles,$(1),$(RX_LOCATE_SMALL_CYCLES)))
$(call SOAK_ADD,rx-locate-small-w$(1),$(1),$(call rx_locate_bin,$(1)),--cycles $(call rx_locate_cycles,$(1),$(RX_LOCATE_SMALL_CYCLES)) small=1)

# full-rate traffic: every cycle a beat (fails on any input stall), the rate on the summary line
rx-locate-rate-w$(1): $(call rx_locate_bin,$(1))
	$$(call RUN_SUITE,lockstep-rx-locate-rate-w$(1),$(call rx_locate_bin,$(1)) --seed 4 --bench \
	    --suite lockstep-rx-locate-rate-w$(1) --cycles 100000 --vcd $(RX_LOCATE_DIR)/vcd/rate_w$(1))

$(foreach s,$(RX_LOCATE_REGRESS_SEEDS),$(call RX_LOCATE_REGRESS,$(1),$(s)))

rx-locate-bench-w$(1): $(call rx_locate_bin,$(1))
	@mkdir -p $(RESULTS)
	@{ $(call rx_locate_bin,$(1)) --seed 3 --cycles 200000 --bench --suite bench-rx-locate-w$(1) \
	       --vcd $(RX_LOCATE_DIR)/vcd/bench_w$(1); \
	   $(call rx_locate_bin,$(1)) --seed 3 --cycles 100000 --bench small=1 --suite bench-rx-locate-small-w$(1) \
	       --vcd $(RX_LOCATE_DIR)/vcd/bench_small_w$(1); \
	   for c in mrk pdu blk; do $(call rx_locate_bin,$(1)) --seed 3 --cycles 50000 --bench worst=$$$$c \
	       --suite bench-rx-locate-worst-$$$$c-w$(1) --vcd $(RX_LOCATE_DIR)/vcd/bench_worst_$$$${c}_w$(1); done; } \
	    | grep -E '^bench rx-locate|M cycles/s' | tee $(RESULTS)/bench-rx-locate-w$(1).txt

endef

$(foreach w,$(WS),$(eval $(call RX_LOCATE_CONFIG,$(w))))

# Lint: every stage and the wrapper at every W.
define RX_LOCATE_LINT
.PHONY: rx-locate-lint-$(1)-w$(2)
rx-locate-lint-$(1)-w$(2):
	$$(call VL_LINT,$(1),-GW=$(2))

endef

$(foreach m,$(RX_LOCATE_MODULES),$(foreach w,$(WS),$(eval $(call RX_LOCATE_LINT,$(m),$(w)))))

# The harness must catch a divergence: corrupt the twin's m_tag at one cycle.
.PHONY: rx-locate-selftest
rx-locate-selftest: $(call rx_locate_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-rx-locate,$<,4321,m_tag,$(RX_LOCATE_DIR)/selftest/fault)

# The reference checks must catch a wrong expectation: corrupt one expected aux nibble, expect a failing exit
# status and a MISMATCH line.
.PHONY: rx-locate-golden-selftest
rx-locate-golden-selftest: $(call rx_locate_bin,8)
	@mkdir -p $(RESULTS) $(RX_LOCATE_DIR)/selftest
	@{ $< --seed 3 --cycles 20000 inject_golden=40 --vcd $(RX_LOCATE_DIR)/selftest/golden \
	       > $(RX_LOCATE_DIR)/selftest/golden.out 2>&1; rc=$$?; p=0; f=0; \
	   if [ $$rc -ne 0 ]; then p=$$((p + 1)); echo "ok: exit status $$rc"; \
	   else f=$$((f + 1)); echo "FAIL: exit status 0 with a wrong expectation"; fi; \
	   if grep -q '^MISMATCH .*check=bytes' $(RX_LOCATE_DIR)/selftest/golden.out; then p=$$((p + 1)); \
	       echo "ok: $$(grep -m1 '^MISMATCH' $(RX_LOCATE_DIR)/selftest/golden.out | cut -c1-100)"; \
	   else f=$$((f + 1)); echo "FAIL: no MISMATCH line (see $(RX_LOCATE_DIR)/selftest/golden.out)"; fi; \
	   echo "selftest-rx-locate-golden: $$p passed, $$f failed"; [ $$f -eq 0 ]; } 2>&1 \
	    | tee $(RESULTS)/selftest-rx-locate-golden.log

# W = 64 runs in make regress only: its Verilator build alone was 464 s of CI's 2946 (2026-12-02); make regress
# runs it with the RX path at W = 64 (mk/rtl_rx_path.mk: make test has the path at W = 32).
RX_LOCATE_TEST_WS  := $(filter-out 64,$(PATH_TEST_WS))
RX_LOCATE_EXTRA_WS := $(filter-out $(RX_LOCATE_TEST_WS),$(WS))
LOCKSTEP_TESTS += $(foreach w,$(RX_LOCATE_TEST_WS),rx-locate-lockstep-w$(w) rx-locate-small-w$(w) rx-locate-rate-w$(w)) \
                  rx-locate-selftest \
                  rx-locate-golden-selftest
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(RX_LOCATE_REGRESS_SEEDS),rx-locate-regress-w$(w)-s$(s))) \
                  $(foreach w,$(RX_LOCATE_EXTRA_WS),rx-locate-lockstep-w$(w) rx-locate-small-w$(w) rx-locate-rate-w$(w))
LINT_TARGETS   += $(foreach m,$(RX_LOCATE_MODULES),$(foreach w,$(WS),rx-locate-lint-$(m)-w$(w)))
BENCH_LOCKSTEP += $(foreach w,$(WS),rx-locate-bench-w$(w))

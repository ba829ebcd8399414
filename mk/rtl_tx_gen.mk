# TX generator (rtl/mdd_tx_gen.v): Verilator lockstep against the C twin (model/mdd_tx_gen_model.c) with the
# reference transmitter (model/mdd_txref.c) as the oracle and TX traffic (model/mdd_txtraf.c) as stimulus; lint at
# every W. Build products: $(BUILD)/vl/tx_gen_w<W>/, waveforms of a divergence in $(BUILD)/tx_gen/vcd/.

TX_GEN_DIR  := $(BUILD)/tx_gen
TX_GEN_SRCS := rtl/mdd_tx_gen.v rtl/mdd_desc_check.v rtl/mdd_lane_count.v rtl/mdd_formats.vh rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh

TX_GEN_TEST_CYCLES := 4 400000 8 300000 16 200000 32 120000 64 60000
TX_GEN_REGRESS_SEEDS := 11 12 13 14 15
TX_GEN_REGRESS_CYCLES := 1000000

tx_gen_bin = $(BUILD)/vl/tx_gen_w$(1)/tx_gen_w$(1)
# the harness built around the staged generator's layout pipelines in RTL (TXG_LAY_SHADOW), beside the staged twin
TXG_LAY_SRCS := rtl/mdd_txg_lay.v rtl/mdd_txg_fifo2.v rtl/mdd_txg_m.v rtl/mdd_txg_p.v rtl/mdd_txg_d.v rtl/mdd_txg_x.v \
                rtl/mdd_lane_expand_ctl.v rtl/mdd_lane_count.v rtl/mdd_lane_rotate.v rtl/mdd_formats.vh rtl/mdd_lane_fn.vh rtl/mdd_add_gates.vh
txg_lay_bin = $(BUILD)/vl/txg_lay_w$(1)/txg_lay_w$(1)
# the harness built around the staged generator (rtl/mdd_txg.v, TXG_STAGED_RTL), in lockstep with the staged twin
TXG_TOP_SRCS := rtl/mdd_txg.v $(TXG_LAY_SRCS) rtl/mdd_desc_check.v rtl/mdd_txg_hbuf.v rtl/mdd_compact.v \
                rtl/mdd_lane_expand.v rtl/mdd_txg_f.v rtl/mdd_txg_fc.v rtl/mdd_txg_err.v rtl/mdd_txg_r.v
txg_top_bin = $(BUILD)/vl/txg_top_w$(1)/txg_top_w$(1)
tx_gen_idx = $(if $(filter 4,$(1)),1,$(if $(filter 8,$(1)),3,$(if $(filter 16,$(1)),5,$(if $(filter 32,$(1)),7,9))))
tx_gen_cycles = $(word 2,$(wordlist $(call tx_gen_idx,$(1),$(2)),99,$(2)))

define TX_GEN_REGRESS
.PHONY: tx-gen-regress-w$(1)-s$(2)
tx-gen-regress-w$(1)-s$(2): $(call tx_gen_bin,$(1))
	$$(call RUN_SUITE,regress-tx-gen-w$(1)-s$(2),$(call tx_gen_bin,$(1)) --seed $(2) \
	    --suite regress-tx-gen-w$(1)-s$(2) --cycles $(TX_GEN_REGRESS_CYCLES) --vcd $(TX_GEN_DIR)/vcd/regress_w$(1)_s$(2))

endef

define TX_GEN_CONFIG
$(call tx_gen_bin,$(1)): $(TX_GEN_SRCS) tb/lockstep/tx_gen_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_tx_gen,tb/lockstep/tx_gen_main.cpp,-GW=$(1) -CFLAGS -DTX_GEN_W=$(1))

.PHONY: tx-gen-build-w$(1) tx-gen-lockstep-w$(1) tx-gen-bench-w$(1) tx-gen-lint-w$(1)
tx-gen-build-w$(1): $(call tx_gen_bin,$(1))

tx-gen-lockstep-w$(1): $(call tx_gen_bin,$(1))
	$$(call RUN_SEEDS,lockstep-tx-gen-w$(1),$(call tx_gen_bin,$(1)) \
	    --cycles $(call per_seed,$(call tx_gen_cycles,$(1),$(TX_GEN_TEST_CYCLES))) min_xfers=100,$(TX_GEN_DIR)/vcd/w$(1))

$(call SOAK_ADD,tx-gen-w$(1),$(1),$(call tx_gen_bin,$(1)),--cycles $(call tx_gen_cycles,$(1),$(TX_GEN_TEST_CYCLES)))

tx-gen-bench-w$(1): $(call tx_gen_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call tx_gen_bin,$(1)) --seed 3 --cycles 100000 --bench --suite bench-tx-gen-w$(1) \
	    --vcd $(TX_GEN_DIR)/vcd/bench_w$(1) | grep -E '^bench tx-gen|M cycles/s' | tee $(RESULTS)/bench-tx-gen-w$(1).txt

tx-gen-lint-w$(1):
	$$(call VL_LINT,mdd_tx_gen,-GW=$(1))
	$$(call VL_LINT,mdd_txg_lay,-GW=$(1))
	$$(call VL_LINT,mdd_txg,-GW=$(1))

# The staged twin with its layout pipelines in RTL beside it (rtl/mdd_txg_lay.v, two instances driven with the
# inputs the twin's pipelines take): every field F reads compared every cycle, the references checking the twin.
$(call txg_lay_bin,$(1)): $(TXG_LAY_SRCS) tb/lockstep/tx_gen_main.cpp tb/lockstep/txg_lay_shadow.h $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_txg_lay,tb/lockstep/tx_gen_main.cpp,-GW=$(1) -CFLAGS -DTX_GEN_W=$(1) -CFLAGS -DTXG_LAY_SHADOW)

# The staged generator's RTL (rtl/mdd_txg.v) in lockstep with the staged twin, the references checking both.
$(call txg_top_bin,$(1)): $(TXG_TOP_SRCS) tb/lockstep/tx_gen_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_txg,tb/lockstep/tx_gen_main.cpp,-GW=$(1) -CFLAGS -DTX_GEN_W=$(1) -CFLAGS -DTXG_STAGED_RTL)

.PHONY: tx-gen-top-w$(1)
tx-gen-top-w$(1): $(call txg_top_bin,$(1))
	$$(call RUN_SEEDS,top-tx-gen-w$(1),$(call txg_top_bin,$(1)) \
	    --cycles $(call per_seed,$(call tx_gen_cycles,$(1),$(TX_GEN_TEST_CYCLES))) min_xfers=100,$(TX_GEN_DIR)/vcd/top_w$(1))

# the trickling host with T3 cuts, and failed descriptors with tuser beats (as the staged twin's suites below)
.PHONY: tx-gen-top-trickle-w$(1) tx-gen-top-junk-w$(1)
tx-gen-top-trickle-w$(1): $(call txg_top_bin,$(1))
	$$(call RUN_SEEDS,top-trickle-tx-gen-w$(1),$(call txg_top_bin,$(1)) p_valid=0.3 p_holes=0.8 p_t3=0.6 --cycles 200000 \
	    min_xfers=10 min_t3_wait=1,$(TX_GEN_DIR)/vcd/top_trickle_w$(1))
tx-gen-top-junk-w$(1): $(call txg_top_bin,$(1))
	$$(call RUN_SEEDS,top-junk-tx-gen-w$(1),$(call txg_top_bin,$(1)) p_user=0.2 p_junk=0.3 --cycles 100000,$(TX_GEN_DIR)/vcd/top_junk_w$(1))
# FRAME at MPA's length, often with the transfer ending right after it (a transfer that ends in its FRAME's word
# flushes at once, not a cycle later: D-093)
.PHONY: tx-gen-top-frame-w$(1)
tx-gen-top-frame-w$(1): $(call txg_top_bin,$(1))
	$$(call RUN_SEEDS,top-frame-tx-gen-w$(1),$(call txg_top_bin,$(1)) p_frame=1 p_frame_cut=1 --cycles 300000,$(TX_GEN_DIR)/vcd/top_frame_w$(1))

.PHONY: tx-gen-lay-w$(1)
tx-gen-lay-w$(1): $(call txg_lay_bin,$(1))
	$$(call RUN_SEEDS,lay-tx-gen-w$(1),$(call txg_lay_bin,$(1)) \
	    --cycles $(call per_seed,$(call tx_gen_cycles,$(1),$(TX_GEN_TEST_CYCLES))) min_xfers=100,$(TX_GEN_DIR)/vcd/lay_w$(1))

# The staged twin (docs/timing.md section 4; its RTL is rtl/mdd_txg.v, tx-gen-top-w<W>) alone against the references: the same stimulus and
# checks, three seeds.
.PHONY: tx-gen-staged-w$(1) tx-gen-staged-bench-w$(1)
tx-gen-staged-w$(1): $(call tx_gen_bin,$(1))
	$$(call RUN_SEEDS,staged-tx-gen-w$(1),$(call tx_gen_bin,$(1)) model_only=1 staged=2 \
	    --cycles $(call per_seed,$(call tx_gen_cycles,$(1),$(TX_GEN_TEST_CYCLES))) min_xfers=100,$(TX_GEN_DIR)/vcd/staged_w$(1))

# A trickling host (few valid beats, most with tkeep holes) and T3 cuts: F meets T3 lanes with the ring short of
# the header's lengths (mdd_txg_fc_model's T3 wait, which the default traffic never reaches).
.PHONY: tx-gen-staged-trickle-w$(1)
tx-gen-staged-trickle-w$(1): $(call tx_gen_bin,$(1))
	$$(call RUN_SEEDS,staged-trickle-tx-gen-w$(1),$(call tx_gen_bin,$(1)) model_only=1 staged=2 p_valid=0.3 p_holes=0.8 \
	    p_t3=0.6 --cycles 200000 min_xfers=10 min_t3_wait=1,$(TX_GEN_DIR)/vcd/staged_trickle_w$(1))

# Failed descriptors and tuser beats together (the default traffic has about one tuser beat in 300 and one junk
# transfer in 50, so it almost never puts the two in one transfer): a bad transfer's bytes report no UPSTREAM
# (the staged F's mutant that reports them survived the default suites). The RTL in lockstep and the staged twin.
.PHONY: tx-gen-junk-w$(1)
tx-gen-junk-w$(1): $(call tx_gen_bin,$(1))
	$$(call RUN_SEEDS,junk-tx-gen-w$(1),$(call tx_gen_bin,$(1)) p_user=0.2 p_junk=0.3 --cycles 100000,$(TX_GEN_DIR)/vcd/junk_w$(1))
	$$(call RUN_SEEDS,staged-junk-tx-gen-w$(1),$(call tx_gen_bin,$(1)) model_only=1 staged=2 p_user=0.2 p_junk=0.3 \
	    --cycles 100000,$(TX_GEN_DIR)/vcd/staged_junk_w$(1))

tx-gen-staged-bench-w$(1): $(call tx_gen_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call tx_gen_bin,$(1)) --seed 3 --cycles 100000 --bench model_only=1 staged=2 --suite bench-tx-gen-staged-w$(1) \
	    --vcd $(TX_GEN_DIR)/vcd/bench_staged_w$(1) | grep -E '^bench tx-gen|M cycles/s' \
	    | sed 's/^bench tx-gen/bench tx-gen staged/' | tee $(RESULTS)/bench-tx-gen-staged-w$(1).txt

$(foreach s,$(TX_GEN_REGRESS_SEEDS),$(call TX_GEN_REGRESS,$(1),$(s)))

endef

$(foreach w,$(WS),$(eval $(call TX_GEN_CONFIG,$(w))))

LINT_TARGETS += $(foreach w,$(WS),tx-gen-lint-w$(w))
# make test sweeps W over $(PATH_TEST_WS); make regress over all of $(WS) (D-053)
# (the layout pipelines' shadow at W = 8 only: tx-gen-top covers them at every W through the generator's outputs)
LOCKSTEP_TESTS += $(foreach w,$(PATH_TEST_WS),tx-gen-lockstep-w$(w) tx-gen-staged-w$(w) tx-gen-top-w$(w)) tx-gen-lay-w8 \
                  tx-gen-staged-trickle-w4 \
                  tx-gen-staged-trickle-w8 tx-gen-junk-w8 tx-gen-top-trickle-w8 tx-gen-top-junk-w8 \
                  tx-gen-top-frame-w4 tx-gen-top-frame-w8
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(TX_GEN_REGRESS_SEEDS),tx-gen-regress-w$(w)-s$(s)) tx-gen-staged-w$(w) \
                  tx-gen-lay-w$(w) tx-gen-top-w$(w))
BENCH_LOCKSTEP += $(foreach w,$(WS),tx-gen-bench-w$(w) tx-gen-staged-bench-w$(w))

# The staged twin under AddressSanitizer and UBSan (it runs only inside this harness): W = 8, one seed, the RTL
# not run (model_only=1), the harness and libmdd built with the sanitizers.
TX_GEN_SAN_BIN := $(BUILD)/vl/tx_gen_san_w8/tx_gen_san_w8
TX_GEN_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
$(TX_GEN_SAN_BIN): $(TX_GEN_SRCS) tb/lockstep/tx_gen_main.cpp $(LS_HDRS) $(LIBMDD_SAN)
	@mkdir -p $(@D)
	@echo "  VERILATE $(@D) (mdd_tx_gen -GW=8, ASan + UBSan)"
	@CCACHE_DIR=$(VL_CCACHE_DIR) $(VERILATOR) $(VL_FLAGS) -CFLAGS "$(TX_GEN_SAN_FLAGS) -DTX_GEN_W=8" \
	    -LDFLAGS "$(TX_GEN_SAN_FLAGS)" --top-module mdd_tx_gen -GW=8 --Mdir $(@D) -o $(notdir $@) rtl/mdd_tx_gen.v \
	    $(CURDIR)/tb/lockstep/tx_gen_main.cpp $(LS_LINK) $(CURDIR)/$(LIBMDD_SAN) > $(@D)/build.log 2>&1 \
	    || { tail -n 40 $(@D)/build.log; exit 1; }

.PHONY: tx-gen-staged-san
tx-gen-staged-san: $(TX_GEN_SAN_BIN)
	$(call RUN_SUITE,staged-san-tx-gen-w8,$(TX_GEN_SAN_BIN) --seed 4 --cycles 60000 model_only=1 staged=2 \
	    --suite staged-san-tx-gen-w8 --vcd $(TX_GEN_DIR)/vcd/staged_san_w8)
LOCKSTEP_TESTS += tx-gen-staged-san

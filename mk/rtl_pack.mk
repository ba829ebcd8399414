# Packer (rtl/mdd_pack.v, compaction rtl/mdd_compact.v, rotation rtl/mdd_lane_rotate.v): Verilator lockstep against the C twin
# (model/mdd_pack_model.c) with an independent byte-stream scoreboard, lint of both modules at every W, bench
# (output bytes per cycle with dense and with random keep). Build products: $(BUILD)/vl/pack_w<W>/,
# waveforms of a divergence in $(BUILD)/pack/vcd/.

PACK_DIR  := $(BUILD)/pack
PACK_SRCS := rtl/mdd_pack.v rtl/mdd_compact.v rtl/mdd_lane_rotate.v
PACK_USER_LANE_W := 8

# make test: cycles per W chosen so that the five runs take well under a minute together on two cores.
PACK_TEST_CYCLES := 4 4000000 8 3000000 16 1600000 32 1000000 64 600000
# make regress: 10x the volume over five more seeds per W.
PACK_REGRESS_SEEDS := 11 12 13 14 15
# Icarus (~ thousands of cycles per second): a short vector file per W.
PACK_ICARUS_CYCLES := 3000

pack_bin = $(BUILD)/vl/pack_w$(1)/pack_w$(1)
pack_idx = $(if $(filter 4,$(1)),1,$(if $(filter 8,$(1)),3,$(if $(filter 16,$(1)),5,$(if $(filter 32,$(1)),7,9))))
pack_cycles = $(word 2,$(wordlist $(call pack_idx,$(1)),99,$(PACK_TEST_CYCLES)))
pack_regress_cycles = $(shell echo $$(( $(call pack_cycles,$(1)) * 2 )))

define PACK_REGRESS
.PHONY: pack-regress-w$(1)-s$(2)
pack-regress-w$(1)-s$(2): $(call pack_bin,$(1))
	$$(call RUN_SUITE,regress-pack-w$(1)-s$(2),$(call pack_bin,$(1)) --seed $(2) --suite regress-pack-w$(1)-s$(2) \
	    --cycles $(call pack_regress_cycles,$(1)) --vcd $(PACK_DIR)/vcd/regress_w$(1)_s$(2))

endef

define PACK_CONFIG
$(call pack_bin,$(1)): $(PACK_SRCS) tb/lockstep/pack_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_pack,tb/lockstep/pack_main.cpp,-GW=$(1) -GUSER_LANE_W=$(PACK_USER_LANE_W) \
	    -CFLAGS -DPACK_W=$(1) -CFLAGS -DPACK_USER_LANE_W=$(PACK_USER_LANE_W))

.PHONY: pack-build-w$(1) pack-lockstep-w$(1) pack-bench-w$(1)
pack-build-w$(1): $(call pack_bin,$(1))

pack-lockstep-w$(1): $(call pack_bin,$(1))
	$$(call RUN_SEEDS,lockstep-pack-w$(1),$(call pack_bin,$(1)) --cycles $(call per_seed,$(call pack_cycles,$(1))) \
	    min_packets=$(call per_seed,1000),$(PACK_DIR)/vcd/w$(1))

$(call SOAK_ADD,pack-w$(1),$(1),$(call pack_bin,$(1)),--cycles $(call pack_cycles,$(1)))

$(foreach s,$(PACK_REGRESS_SEEDS),$(call PACK_REGRESS,$(1),$(s)))

pack-bench-w$(1): $(call pack_bin,$(1))
	@mkdir -p $(RESULTS)
	@{ $(call pack_bin,$(1)) --seed 3 --cycles 200000 --bench p_valid=1 p_ready=1 p_reset=0 p_empty=0 mask_mode=0 \
	       require_coverage=0 --suite bench-pack-dense-w$(1) --vcd $(PACK_DIR)/vcd/bench_dense_w$(1); \
	   $(call pack_bin,$(1)) --seed 3 --cycles 200000 --bench p_valid=1 p_ready=1 p_reset=0 p_empty=0 mask_mode=5 \
	       require_coverage=0 --suite bench-pack-random-w$(1) --vcd $(PACK_DIR)/vcd/bench_random_w$(1); } \
	    | grep -E '^bench|throughput|M cycles' | tee $(RESULTS)/bench-pack-w$(1).txt

endef

$(foreach w,$(WS),$(eval $(call PACK_CONFIG,$(w))))

# Lint: the packer at every W (tags of 8 bits and of an odd width), the compaction at every W (byte lanes,
# {tag, byte} lanes).
define PACK_LINT
.PHONY: pack-lint-w$(1) pack-lint-u5-w$(1) compact-lint-w$(1) compact-lint-l16-w$(1) rotate-lint-w$(1)
pack-lint-w$(1):
	$$(call VL_LINT,mdd_pack,-GW=$(1))
pack-lint-u5-w$(1):
	$$(call VL_LINT,mdd_pack,-GW=$(1) -GUSER_LANE_W=5)
compact-lint-w$(1):
	$$(call VL_LINT,mdd_compact,-GW=$(1))
compact-lint-l16-w$(1):
	$$(call VL_LINT,mdd_compact,-GW=$(1) -GLANE_W=16)
rotate-lint-w$(1):
	$$(call VL_LINT,mdd_lane_rotate,-GW=$(1) -GLANE_W=1 -GDOWN=1)

endef

$(foreach w,$(WS),$(eval $(call PACK_LINT,$(w))))

# The twin and the harness under ASan/UBSan: a Verilator build linked with $(LIBMDD_SAN), at W = 4 and W = 64
# (one-word and multi-word planes in the compaction twin), with two byte planes per lane ({tag, byte}).
PACK_SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

define PACK_SAN
$(BUILD)/vl/pack_san_w$(1)/pack_san_w$(1): $(PACK_SRCS) tb/lockstep/pack_main.cpp $(LS_HDRS) $(LIBMDD_SAN)
	@rm -f $$@
	@mkdir -p $$(@D)
	@touch -c -d @0 $$(@D)
	@echo "  VERILATE $$(@D) (sanitized)"
	@$(VERILATOR) $(VL_FLAGS) --top-module mdd_pack -GW=$(1) -GUSER_LANE_W=$(PACK_USER_LANE_W) \
	    -CFLAGS -DPACK_W=$(1) -CFLAGS -DPACK_USER_LANE_W=$(PACK_USER_LANE_W) \
	    $(foreach f,$(PACK_SAN_FLAGS),-CFLAGS $(f) -LDFLAGS $(f)) \
	    --Mdir $$(@D) -o pack_san_w$(1) rtl/mdd_pack.v $(CURDIR)/tb/lockstep/pack_main.cpp $(LS_LINK) \
	    $(CURDIR)/$(LIBMDD_SAN) > $$(@D)/build.log 2>&1 || { tail -n 40 $$(@D)/build.log; exit 1; }

.PHONY: pack-sanitize-w$(1)
pack-sanitize-w$(1): $(BUILD)/vl/pack_san_w$(1)/pack_san_w$(1)
	$$(call RUN_SUITE,sanitize-pack-w$(1),$$< --seed 5 --cycles 60000 --suite sanitize-pack-w$(1) \
	    require_coverage=0 p_reset=0.002 --vcd $(PACK_DIR)/vcd/sanitize_w$(1))

endef

$(foreach w,4 64,$(eval $(call PACK_SAN,$(w))))

# The harness must catch a divergence: corrupt the twin's m_tdata at one cycle.
.PHONY: pack-selftest
pack-selftest: $(call pack_bin,8)
	$(call LOCKSTEP_SELFTEST,selftest-pack,$<,12345,m_tdata,$(PACK_DIR)/selftest/fault)

# make test sweeps W over $(PATH_TEST_WS); make regress over all of $(WS) (D-053)
LOCKSTEP_TESTS += $(foreach w,$(PATH_TEST_WS),pack-lockstep-w$(w)) pack-selftest pack-sanitize-w4 pack-sanitize-w64
REGRESS_TESTS  += $(foreach w,$(WS),$(foreach s,$(PACK_REGRESS_SEEDS),pack-regress-w$(w)-s$(s)))
LINT_TARGETS   += $(foreach w,$(WS),pack-lint-w$(w) pack-lint-u5-w$(w) compact-lint-w$(w) compact-lint-l16-w$(w) rotate-lint-w$(w))
BENCH_LOCKSTEP += $(foreach w,$(WS),pack-bench-w$(w))

# Icarus: the lockstep harness writes the inputs and the twin's outputs of a short run (every output verified
# against the RTL and the scoreboard while it is written); the bench replays them on Icarus.
define PACK_ICARUS
$(PACK_DIR)/icarus/w$(1).vvp: $(PACK_SRCS) tb/icarus/tb_mdd_pack.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_pack -Ptb_mdd_pack.W=$(1) \
	    -Ptb_mdd_pack.USER_LANE_W=$(PACK_USER_LANE_W) tb/icarus/tb_mdd_pack.v $(PACK_SRCS)

$(PACK_DIR)/icarus/w$(1).hex: $(call pack_bin,$(1))
	@mkdir -p $$(@D)
	@$(call pack_bin,$(1)) --seed 7 --cycles $(PACK_ICARUS_CYCLES) --quiet p_reset=0.002 phase=300 \
	    vectors=$$@.tmp --vcd $(PACK_DIR)/vcd/icarus_w$(1) > $$@.log || { cat $$@.log; exit 1; }
	@mv $$@.tmp $$@

.PHONY: pack-icarus-w$(1)
pack-icarus-w$(1): $(PACK_DIR)/icarus/w$(1).vvp $(PACK_DIR)/icarus/w$(1).hex
	$$(call RUN_VVP,icarus-pack-w$(1),$(PACK_DIR)/icarus/w$(1).vvp \
	    +vectors=$(PACK_DIR)/icarus/w$(1).hex +cycles=$(PACK_ICARUS_CYCLES))
endef

$(foreach w,$(WS),$(eval $(call PACK_ICARUS,$(w))))

ICARUS_TESTS   += $(foreach w,$(WS),pack-icarus-w$(w))

# CRC unit (rtl/mdd_crc_unit.v): Verilator lockstep against the C twin, Icarus bench, lint, bench, `make sim`.
# Configurations: CRC-32C at every W in $(WS); the other CRCs at W=8 and W=64; m11 (ALGS = 11: CRC-32C,
# CRC-16/T10-DIF and CRC-64/NVME in one unit, the check stage's guard engine, D-113) at W=8 and W=64. Build products:
# $(BUILD)/vl/crc_unit_a<ALG>_w<W>/ (Verilator), $(BUILD)/crc_unit/ (Icarus, vectors, waveforms).

CRC_UNIT_USER_W := 8
CRC_UNIT_CONFIGS := $(foreach w,$(WS),0_$(w)) $(foreach a,1 2 3 m11,$(a)_8 $(a)_64)
CRC_UNIT_DIR := $(BUILD)/crc_unit
# the compaction is an mdd_compact instance, the fix-up an mdd_crc_shift instance (Verilator finds them
# through -Irtl; Icarus gets the files)
CRC_UNIT_SRCS := rtl/mdd_crc_unit.v rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh

# make test: >= 1 M accepted words per W for CRC-32C (stall phases accept ~70% of cycles), fewer for the others;
# split between TEST_SEEDS, each seed's run long enough (>= 200000 cycles) to require its coverage.
CRC_UNIT_TEST_CYCLES := 1600000
CRC_UNIT_TEST_WORDS  := 1000000
CRC_UNIT_OTHER_CYCLES := 600000
# make regress: 10x the volume, spread over 5 more seeds per configuration.
CRC_UNIT_REGRESS_SEEDS := 11 12 13 14 15
CRC_UNIT_REGRESS_CYCLES := 3200000
CRC_UNIT_OTHER_REGRESS_CYCLES := 600000
# Icarus (~ thousands of cycles per second): a short vector file per W.
CRC_UNIT_ICARUS_CYCLES := 3000

crc_unit_alg = $(word 1,$(subst _, ,$(1)))
crc_unit_w = $(word 2,$(subst _, ,$(1)))
# m<mask>: the ALGS mask of a unit with several algorithms (CRC_ALG then 0, unused)
crc_unit_algs = $(patsubst m%,%,$(filter m%,$(call crc_unit_alg,$(1))))
crc_unit_a = $(if $(call crc_unit_algs,$(1)),0,$(call crc_unit_alg,$(1)))
crc_unit_bin = $(BUILD)/vl/crc_unit_a$(call crc_unit_alg,$(1))_w$(call crc_unit_w,$(1))/crc_unit_a$(call crc_unit_alg,$(1))_w$(call crc_unit_w,$(1))
crc_unit_params = -GW=$(call crc_unit_w,$(1)) -GCRC_ALG=$(call crc_unit_a,$(1)) -GUSER_W=$(CRC_UNIT_USER_W) \
    $(if $(call crc_unit_algs,$(1)),-GALGS=$(call crc_unit_algs,$(1)))

# One regression run: configuration $(1), seed $(2).
define CRC_UNIT_REGRESS
.PHONY: crc-unit-regress-$(1)-s$(2)
crc-unit-regress-$(1)-s$(2): $(call crc_unit_bin,$(1))
	$$(call RUN_SUITE,regress-crc-unit-a$(call crc_unit_alg,$(1))-w$(call crc_unit_w,$(1))-s$(2),$(call crc_unit_bin,$(1)) \
	    --seed $(2) --suite regress-crc-unit-a$(call crc_unit_alg,$(1))-w$(call crc_unit_w,$(1))-s$(2) \
	    --vcd $(CRC_UNIT_DIR)/vcd/regress_a$(1)_s$(2) \
	    --cycles $(if $(filter 0,$(call crc_unit_alg,$(1))),$(CRC_UNIT_REGRESS_CYCLES),$(CRC_UNIT_OTHER_REGRESS_CYCLES)))

endef

# One configuration <alg>_<w>: the Verilated harness and its make targets.
define CRC_UNIT_CONFIG
$(call crc_unit_bin,$(1)): $(CRC_UNIT_SRCS) tb/lockstep/crc_unit_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_crc_unit,tb/lockstep/crc_unit_main.cpp,$(call crc_unit_params,$(1)) \
	    -CFLAGS -DCRC_UNIT_W=$(call crc_unit_w,$(1)) -CFLAGS -DCRC_UNIT_ALG=$(call crc_unit_a,$(1)) \
	    -CFLAGS -DCRC_UNIT_USER_W=$(CRC_UNIT_USER_W) \
	    $(if $(call crc_unit_algs,$(1)),-CFLAGS -DCRC_UNIT_ALGS=$(call crc_unit_algs,$(1))))

.PHONY: crc-unit-build-$(1) crc-unit-lockstep-$(1) crc-unit-bench-$(1)
crc-unit-build-$(1): $(call crc_unit_bin,$(1))

crc-unit-lockstep-$(1): $(call crc_unit_bin,$(1))
	$$(call RUN_SEEDS,lockstep-crc-unit-a$(call crc_unit_alg,$(1))-w$(call crc_unit_w,$(1)),$(call crc_unit_bin,$(1)) \
	    $(if $(filter 0,$(call crc_unit_alg,$(1))),--cycles $(call per_seed,$(CRC_UNIT_TEST_CYCLES)) \
	    min_words=$(call per_seed,$(CRC_UNIT_TEST_WORDS)),--cycles $(call per_seed,$(CRC_UNIT_OTHER_CYCLES))) \
	    require_coverage=1,$(CRC_UNIT_DIR)/vcd/a$(1))

$(call SOAK_ADD,crc-unit-a$(call crc_unit_alg,$(1))-w$(call crc_unit_w,$(1)),$(call crc_unit_w,$(1)),$(call crc_unit_bin,$(1)),--cycles $(if $(filter 0,$(call crc_unit_alg,$(1))),$(CRC_UNIT_TEST_CYCLES),$(CRC_UNIT_OTHER_CYCLES)))

$(foreach s,$(CRC_UNIT_REGRESS_SEEDS),$(call CRC_UNIT_REGRESS,$(1),$(s)))

crc-unit-bench-$(1): $(call crc_unit_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call crc_unit_bin,$(1)) --seed 1 --cycles 2000000 --bench --vcd $(CRC_UNIT_DIR)/vcd/bench_a$(1) \
	    | grep 'cycles' | grep -v ' passed' | tee $(RESULTS)/bench-crc-unit-a$(1).txt
endef

$(foreach c,$(CRC_UNIT_CONFIGS),$(eval $(call CRC_UNIT_CONFIG,$(c))))

# make test sweeps W over $(PATH_TEST_WS); make regress over all of $(WS) (D-053)
LOCKSTEP_TESTS += $(foreach c,$(filter-out $(foreach w,$(PATH_EXTRA_WS),0_$(w)),$(CRC_UNIT_CONFIGS)),crc-unit-lockstep-$(c)) crc-unit-selftest \
                  crc-unit-sanitize-w4 crc-unit-sanitize-w64
REGRESS_TESTS  += $(foreach c,$(CRC_UNIT_CONFIGS),$(foreach s,$(CRC_UNIT_REGRESS_SEEDS),crc-unit-regress-$(c)-s$(s)))
LINT_TARGETS   += $(foreach w,$(WS),$(foreach a,0 1 2 3,crc-unit-lint-$(a)_$(w)) crc-unit-lint-m11_$(w))
BENCH_LOCKSTEP += $(foreach w,$(WS),crc-unit-bench-0_$(w))
ICARUS_TESTS   += $(foreach w,$(WS),crc-unit-icarus-0_$(w))
SIM_TARGETS    += crc-unit-sim

# The twin and the harness under ASan/UBSan: a Verilator build linked with $(LIBMDD_SAN) (VL_BUILD links
# $(LIBMDD)), at W = 4 and W = 64 (one-word and multi-word buses in the twin).
CRC_UNIT_SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

define CRC_UNIT_SAN
$(BUILD)/vl/crc_unit_san_w$(1)/crc_unit_san_w$(1): $(CRC_UNIT_SRCS) tb/lockstep/crc_unit_main.cpp $(LS_HDRS) $(LIBMDD_SAN)
	@rm -f $$@
	@mkdir -p $$(@D)
	@touch -c -d @0 $$(@D)
	@echo "  VERILATE $$(@D) (sanitized)"
	@$(VERILATOR) $(VL_FLAGS) --top-module mdd_crc_unit $(call crc_unit_params,0_$(1)) \
	    -CFLAGS -DCRC_UNIT_W=$(1) -CFLAGS -DCRC_UNIT_ALG=0 -CFLAGS -DCRC_UNIT_USER_W=$(CRC_UNIT_USER_W) \
	    -CFLAGS -DCRC_UNIT_SUITE=sanitize $(foreach f,$(CRC_UNIT_SAN_FLAGS),-CFLAGS $(f) -LDFLAGS $(f)) \
	    --Mdir $$(@D) -o crc_unit_san_w$(1) rtl/mdd_crc_unit.v $(CURDIR)/tb/lockstep/crc_unit_main.cpp $(LS_LINK) \
	    $(CURDIR)/$(LIBMDD_SAN) > $$(@D)/build.log 2>&1 || { tail -n 40 $$(@D)/build.log; exit 1; }

.PHONY: crc-unit-sanitize-w$(1)
crc-unit-sanitize-w$(1): $(BUILD)/vl/crc_unit_san_w$(1)/crc_unit_san_w$(1)
	$$(call RUN_SUITE,sanitize-crc-unit-a0-w$(1),$$< --seed 5 --cycles 60000 require_coverage=0 \
	    p_reset=0.0005 --vcd $(CRC_UNIT_DIR)/vcd/sanitize_w$(1))

endef

$(foreach w,4 64,$(eval $(call CRC_UNIT_SAN,$(w))))

# Lint: every W with every algorithm.
define CRC_UNIT_LINT
.PHONY: crc-unit-lint-$(1)_$(2)
crc-unit-lint-$(1)_$(2):
	$$(call VL_LINT,mdd_crc_unit,-GW=$(2) -GCRC_ALG=$(1))

endef

$(foreach w,$(WS),$(foreach a,0 1 2 3,$(eval $(call CRC_UNIT_LINT,$(a),$(w)))))

.PHONY: $(foreach w,$(WS),crc-unit-lint-m11_$(w))
$(foreach w,$(WS),crc-unit-lint-m11_$(w)): crc-unit-lint-m11_%:
	$(call VL_LINT,mdd_crc_unit,-GW=$* -GALGS=11)

# The harness must catch a divergence: corrupt the twin's m_crc at one cycle and expect a failing exit
# status, a DIVERGENCE line and both waveform files.
.PHONY: crc-unit-selftest
crc-unit-selftest: $(call crc_unit_bin,0_8)
	$(call LOCKSTEP_SELFTEST,selftest-crc-unit,$<,12345,m_crc,$(CRC_UNIT_DIR)/selftest/fault)

# Icarus: the lockstep harness writes the inputs and the twin's outputs of a short run (every output
# verified against the RTL and the scoreboard while it is written); the bench replays them on Icarus.
define CRC_UNIT_ICARUS
$(CRC_UNIT_DIR)/icarus/w$(2).vvp: $(CRC_UNIT_SRCS) tb/icarus/tb_mdd_crc_unit.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_crc_unit -Ptb_mdd_crc_unit.W=$(2) \
	    -Ptb_mdd_crc_unit.CRC_ALG=$(1) -Ptb_mdd_crc_unit.USER_W=$(CRC_UNIT_USER_W) \
	    tb/icarus/tb_mdd_crc_unit.v rtl/mdd_crc_unit.v rtl/mdd_compact.v rtl/mdd_lane_rotate.v rtl/mdd_crc_shift.v

$(CRC_UNIT_DIR)/icarus/w$(2).hex: $(call crc_unit_bin,$(1)_$(2))
	@mkdir -p $$(@D)
	@$(call crc_unit_bin,$(1)_$(2)) --seed 7 --cycles $(CRC_UNIT_ICARUS_CYCLES) --quiet p_reset=0.002 phase=300 \
	    vectors=$$@.tmp --vcd $(CRC_UNIT_DIR)/vcd/icarus_w$(2) > $$@.log || { cat $$@.log; exit 1; }
	@mv $$@.tmp $$@

.PHONY: crc-unit-icarus-$(1)_$(2)
crc-unit-icarus-$(1)_$(2): $(CRC_UNIT_DIR)/icarus/w$(2).vvp $(CRC_UNIT_DIR)/icarus/w$(2).hex
	$$(call RUN_VVP,icarus-crc-unit-a$(1)-w$(2),$(CRC_UNIT_DIR)/icarus/w$(2).vvp \
	    +vectors=$(CRC_UNIT_DIR)/icarus/w$(2).hex +cycles=$(CRC_UNIT_ICARUS_CYCLES))
endef

$(foreach w,$(WS),$(eval $(call CRC_UNIT_ICARUS,0,$(w))))

# make sim: the default scenario, human-readable.
.PHONY: crc-unit-sim
crc-unit-sim: $(call crc_unit_bin,0_8)
	$(call RUN_SUITE,sim-crc-unit,$(call crc_unit_bin,0_8) --scenario sim/crc_unit.scn --bench --vcd $(CRC_UNIT_DIR)/vcd/sim)

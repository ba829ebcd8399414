# CRC shift unit (rtl/mdd_crc_shift.v) and the RTL CRC math (rtl/mdd_crc_math.vh).
#   crc-shift-lockstep-a<ALG>_i<INV>  Verilator vs the C twin + library scoreboard (make test)
#   crc-shift-regress-...             5 more seeds x 2 the cycles (make regress: 10x the volume)
#   crc-shift-icarus-a<ALG>_i<INV>    Icarus replays vectors the twin wrote (make test)
#   crc-shift-trace-compare           whole-run RTL and twin waveforms through `mdd compare` (make test)
#   crc-shift-lint-..., crc-shift-bench-...
#   crc-math-vh                       self-check of mdd_crc_math.vh (Icarus) and its comparison with the C library
# Configurations a<CRC_ALG>_i<INVERSE>[_b<BITS_PER_STAGE>][_n<N_W>]: every CRC in both directions at the
# default N_W/BITS_PER_STAGE, plus one odd shape (CRC-16 inverse, 3 bits per stage, N_W 64: a 1-bit last digit, n up to
# 2^64 - 1); USER_W 8.  Build products: $(BUILD)/vl/crc_shift_a<ALG>_i<INV>/ (Verilator),
# $(BUILD)/icarus/crc_shift_work/ (Icarus, vectors, vh table, waveforms).

CRC_SHIFT_CONFIGS := $(foreach a,0 1 2 3,$(foreach i,0 1,a$(a)_i$(i))) a1_i1_b3_n64
CRC_SHIFT_USER_W  := 8
# RTL defaults, repeated here because the twin is configured from them too
CRC_SHIFT_N_W     := 33
CRC_SHIFT_BPS     := 2
CRC_SHIFT_SRCS    := rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh
CRC_SHIFT_ICARUS  := $(BUILD)/icarus/crc_shift_work

# make test: ~200 k accepted requests per configuration (about 0.72 requests per cycle at the default stalls).
CRC_SHIFT_TEST_CYCLES    := 280000
CRC_SHIFT_REGRESS_SEEDS  := 11 12 13 14 15
CRC_SHIFT_REGRESS_CYCLES := 560000
# Icarus runs at a few thousand cycles per second on this block.
CRC_SHIFT_ICARUS_CYCLES  := 3000

crc_shift_field = $(patsubst $(2)%,%,$(filter $(2)%,$(subst _, ,$(1))))
crc_shift_alg = $(call crc_shift_field,$(1),a)
crc_shift_inv = $(call crc_shift_field,$(1),i)
crc_shift_bps = $(or $(call crc_shift_field,$(1),b),$(CRC_SHIFT_BPS))
crc_shift_nw  = $(or $(call crc_shift_field,$(1),n),$(CRC_SHIFT_N_W))
crc_shift_dir = $(BUILD)/vl/crc_shift_$(1)
crc_shift_bin = $(call crc_shift_dir,$(1))/crc_shift_$(1)
crc_shift_gparams = -GCRC_ALG=$(call crc_shift_alg,$(1)) -GINVERSE=$(call crc_shift_inv,$(1)) \
    -GBITS_PER_STAGE=$(call crc_shift_bps,$(1)) -GN_W=$(call crc_shift_nw,$(1)) -GUSER_W=$(CRC_SHIFT_USER_W)
crc_shift_defines = -CFLAGS -DSHIFT_ALG=$(call crc_shift_alg,$(1)) -CFLAGS -DSHIFT_INVERSE=$(call crc_shift_inv,$(1)) \
    -CFLAGS -DSHIFT_N_W=$(call crc_shift_nw,$(1)) -CFLAGS -DSHIFT_BITS_PER_STAGE=$(call crc_shift_bps,$(1)) \
    -CFLAGS -DSHIFT_USER_W=$(CRC_SHIFT_USER_W)

define CRC_SHIFT_REGRESS
.PHONY: crc-shift-regress-$(1)-s$(2)
crc-shift-regress-$(1)-s$(2): $(call crc_shift_bin,$(1))
	$$(call RUN_SUITE,regress-crc-shift-$(1)-s$(2),$(call crc_shift_bin,$(1)) --seed $(2) \
	    --suite regress-crc-shift-$(1)-s$(2) --cycles $(CRC_SHIFT_REGRESS_CYCLES) --vcd $(CRC_SHIFT_ICARUS)/vcd/regress_$(1)_s$(2))

endef

define CRC_SHIFT_CONFIG
$(call crc_shift_bin,$(1)): $(CRC_SHIFT_SRCS) tb/lockstep/crc_shift_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_crc_shift,tb/lockstep/crc_shift_main.cpp,$(call crc_shift_gparams,$(1)) \
	    $(call crc_shift_defines,$(1)))

.PHONY: crc-shift-build-$(1) crc-shift-lockstep-$(1) crc-shift-bench-$(1) crc-shift-lint-$(1) crc-shift-icarus-$(1)
crc-shift-build-$(1): $(call crc_shift_bin,$(1))

crc-shift-lockstep-$(1): $(call crc_shift_bin,$(1))
	$$(call RUN_SEEDS,lockstep-crc-shift-$(1),$(call crc_shift_bin,$(1)) --cycles $(call per_seed,$(CRC_SHIFT_TEST_CYCLES)), \
	    $(CRC_SHIFT_ICARUS)/vcd/lockstep_$(1))

$(call SOAK_ADD,crc-shift-$(1),-,$(call crc_shift_bin,$(1)),--cycles $(CRC_SHIFT_TEST_CYCLES))

$(foreach s,$(CRC_SHIFT_REGRESS_SEEDS),$(call CRC_SHIFT_REGRESS,$(1),$(s)))

crc-shift-bench-$(1): $(call crc_shift_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call crc_shift_bin,$(1)) --seed 1 --cycles 1000000 --bench --quiet \
	    | grep 'cycles/s' | tee $(RESULTS)/bench-crc-shift-$(1).txt

crc-shift-lint-$(1):
	$$(call VL_LINT,mdd_crc_shift,$(call crc_shift_gparams,$(1)))

# Icarus: the lockstep harness writes each cycle's inputs and the twin's outputs (checked against the
# Verilated RTL and the library scoreboard while it writes them); the bench replays and compares them.
$(CRC_SHIFT_ICARUS)/$(1).vvp: $(CRC_SHIFT_SRCS) tb/icarus/tb_mdd_crc_shift.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_crc_shift -Ptb_mdd_crc_shift.CRC_ALG=$(call crc_shift_alg,$(1)) \
	    -Ptb_mdd_crc_shift.INVERSE=$(call crc_shift_inv,$(1)) -Ptb_mdd_crc_shift.USER_W=$(CRC_SHIFT_USER_W) \
	    -Ptb_mdd_crc_shift.BITS_PER_STAGE=$(call crc_shift_bps,$(1)) -Ptb_mdd_crc_shift.N_W=$(call crc_shift_nw,$(1)) \
	    tb/icarus/tb_mdd_crc_shift.v rtl/mdd_crc_shift.v

$(CRC_SHIFT_ICARUS)/$(1).vec: $(call crc_shift_bin,$(1))
	@mkdir -p $$(@D)
	@$(call crc_shift_bin,$(1)) --seed 7 --cycles $(CRC_SHIFT_ICARUS_CYCLES) --quiet p_rst=0.003 \
	    vectors=$$@.tmp --vcd $(CRC_SHIFT_ICARUS)/vcd/vectors_$(1) > $$@.log || { cat $$@.log; exit 1; }
	@mv $$@.tmp $$@

crc-shift-icarus-$(1): $(CRC_SHIFT_ICARUS)/$(1).vvp $(CRC_SHIFT_ICARUS)/$(1).vec
	$$(call RUN_VVP,icarus-crc-shift-$(1),$(CRC_SHIFT_ICARUS)/$(1).vvp +vectors=$(CRC_SHIFT_ICARUS)/$(1).vec)

endef

$(foreach c,$(CRC_SHIFT_CONFIGS),$(eval $(call CRC_SHIFT_CONFIG,$(c))))

# The harness must catch a divergence: corrupt the twin's m_reg at one cycle and expect a failing exit status,
# the DIVERGENCE line for that cycle and both waveform files.
.PHONY: crc-shift-selftest
crc-shift-selftest: $(call crc_shift_bin,a3_i1)
	$(call LOCKSTEP_SELFTEST,selftest-crc-shift,$<,4321,m_reg,$(CRC_SHIFT_ICARUS)/selftest/fault)

# Whole-run waveforms (--trace, gzip) of the RTL and the twin agree under `mdd compare`, and with the fault
# above it names cycle 4321 and m_reg (the cheapest harness build).
.PHONY: crc-shift-trace-compare
crc-shift-trace-compare: $(call crc_shift_bin,a3_i1) $(MDD_CLI)
	$(call TRACE_COMPARE,trace-compare-crc-shift,$<,4321,m_reg,$(CRC_SHIFT_ICARUS)/trace_compare)

# mdd_crc_math.vh: Icarus self-check (published check values, algebraic identities, elaboration vs run time),
# then the C library recomputes the table of function results it wrote.
CRC_MATH_DIR := $(CRC_SHIFT_ICARUS)/math
$(CRC_MATH_DIR)/tb_mdd_crc_math.vvp: rtl/mdd_crc_math.vh tb/unit/tb_mdd_crc_math.v
	@mkdir -p $(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $@ -s tb_mdd_crc_math tb/unit/tb_mdd_crc_math.v

$(CRC_MATH_DIR)/crc_math_vs_lib: tb/unit/crc_math_vs_lib.c include/mdd/crc.h $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $< $(LIBMDD_SAN) -o $@ $(MDD_LDLIBS)

.PHONY: crc-math-vh
crc-math-vh: $(CRC_MATH_DIR)/tb_mdd_crc_math.vvp $(CRC_MATH_DIR)/crc_math_vs_lib
	@rm -f $(CRC_MATH_DIR)/table.txt
	$(call RUN_VVP,crc-math-vh-self,$(CRC_MATH_DIR)/tb_mdd_crc_math.vvp +TABLE=$(CRC_MATH_DIR)/table.txt)
	$(call RUN_SUITE,crc-math-vh-lib,$(CRC_MATH_DIR)/crc_math_vs_lib $(CRC_MATH_DIR)/table.txt)

# The C twin alone over its whole parameter space, under ASan/UBSan, against the library.
$(CRC_SHIFT_ICARUS)/test_crc_shift_model: tb/unit/test_crc_shift_model.c include/mdd/crc.h model/mdd_crc_shift_model.h \
    $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $< $(LIBMDD_SAN) -o $@ $(MDD_LDLIBS)

.PHONY: crc-shift-model-test
crc-shift-model-test: $(CRC_SHIFT_ICARUS)/test_crc_shift_model
	$(call RUN_SUITE,c-crc-shift-model,$(CRC_SHIFT_ICARUS)/test_crc_shift_model)

LOCKSTEP_TESTS += $(foreach c,$(CRC_SHIFT_CONFIGS),crc-shift-lockstep-$(c)) crc-shift-selftest crc-shift-model-test \
                  crc-shift-trace-compare
REGRESS_TESTS  += $(foreach c,$(CRC_SHIFT_CONFIGS),$(foreach s,$(CRC_SHIFT_REGRESS_SEEDS),crc-shift-regress-$(c)-s$(s)))
ICARUS_TESTS   += $(foreach c,$(CRC_SHIFT_CONFIGS),crc-shift-icarus-$(c)) crc-math-vh
LINT_TARGETS   += $(foreach c,$(CRC_SHIFT_CONFIGS),crc-shift-lint-$(c))
BENCH_LOCKSTEP += $(foreach c,$(CRC_SHIFT_CONFIGS),crc-shift-bench-$(c))

# make sim: the default scenario of the shift unit (CRC-32C, forward), human-readable.
.PHONY: crc-shift-sim
crc-shift-sim: $(call crc_shift_bin,a0_i0)
	$(call RUN_SUITE,sim-crc-shift,$< --scenario sim/crc_shift.scn --bench --vcd $(CRC_SHIFT_ICARUS)/vcd/sim)
SIM_TARGETS += crc-shift-sim

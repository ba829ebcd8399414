# Incremental CRC combiner (rtl/mdd_cmb.v, docs/cmb.md): Verilator lockstep against the C twin with the
# reference-and-truth scoreboard (tb/lockstep/cmb_main.cpp), Icarus benches, lint, a self-test, a bench.
#   cmb-lockstep-<cfg>          make test: TEST_SEEDS
#   cmb-regress-<cfg>-s<seed>   make regress: 5 more seeds, >= 10^6 segments per configuration in all
#   cmb-icarus-<cfg>            Icarus replays vectors the twin wrote (two small configurations)
#   cmb-lint-<cfg>, cmb-selftest, cmb-bench-<cfg>
# Configurations a<CRC_ALG> (each with its own shape, "CRC_ALG MSGS ID_W ADDR_W BITS_PER_STAGE"):
#   a0  0 64 32 64 2   the RTL defaults
#   a1  1  4  8 32 2   a small table, short ids (ID_RANGE), 32-bit addresses
#   a2  2 16 32 48 2   48-bit addresses (zlib's crc32_combine checks every complete CRC-32 result)
#   a3  3  8 32 64 3   3 bits per shift stage (a 1-bit last digit)
# Build products: $(BUILD)/vl/cmb_<cfg>/ (Verilator), $(BUILD)/cmb/ (Icarus, vectors, waveforms).

CMB_CONFIGS := a0 a1 a2 a3
CMB_SHAPE_a0 := 0 64 32 64 2
CMB_SHAPE_a1 := 1 4 8 32 2
CMB_SHAPE_a2 := 2 16 32 48 2
CMB_SHAPE_a3 := 3 8 32 64 3
CMB_SRCS := rtl/mdd_cmb.v rtl/mdd_crc_shift.v rtl/mdd_crc_mul.v rtl/mdd_ram_1r1w.v rtl/mdd_crc_math.vh rtl/mdd_formats.vh
CMB_DIR  := $(BUILD)/cmb
CMB_HARNESS_DEPS := tb/lockstep/cmb_main.cpp $(LS_HDRS) $(LIBMDD)

# make test: 5 x 10^5 cycles per configuration, ~0.4 M segments at the default stalls (3-8 s each).
CMB_TEST_CYCLES    := 500000
# make regress: 5 seeds x 10^6 cycles (> 10^6 segments per configuration in all), each seed with its own mix:
# the defaults; short messages with many injections and bursts of one message (forwarding, table churn); a slow
# consumer; OPENs beyond MSGS and frequent resets; long relative-mode messages without L.
CMB_REGRESS_SEEDS  := 11 12 13 14 15
CMB_REGRESS_CYCLES := 1000000
CMB_REGRESS_KNOBS_11 :=
CMB_REGRESS_KNOBS_12 := max_len=64 max_segs=16 burst_pct=60 dup=60 overlap=60 format=60 reopen=60
CMB_REGRESS_KNOBS_13 := p_valid=0.97 p_ready=0.3
CMB_REGRESS_KNOBS_14 := over_pct=40 p_rst=0.001 abort=60 hole=60
CMB_REGRESS_KNOBS_15 := rel_pct=100 len_pct=0 crc_close_pct=80 bad_crc_pct=30
# Icarus replays ~60 cycles per second of this block: short vector files of short messages, frequent resets.
# No duplicate or overlapping segments there: Icarus checks the RTL against the twin, the lockstep runs check both
# against the scoreboard, and a scoreboard failure (an overlap status, say) would stop the vector file.
CMB_ICARUS_CONFIGS := a1 a3
CMB_ICARUS_CYCLES  := 1000

cmb_shape  = $(CMB_SHAPE_$(1))
cmb_alg    = $(word 1,$(call cmb_shape,$(1)))
cmb_msgs   = $(word 2,$(call cmb_shape,$(1)))
cmb_id_w   = $(word 3,$(call cmb_shape,$(1)))
cmb_addr_w = $(word 4,$(call cmb_shape,$(1)))
cmb_bps    = $(word 5,$(call cmb_shape,$(1)))
cmb_bin    = $(BUILD)/vl/cmb_$(1)/cmb_$(1)
cmb_gparams = -GCRC_ALG=$(call cmb_alg,$(1)) -GMSGS=$(call cmb_msgs,$(1)) -GID_W=$(call cmb_id_w,$(1)) \
    -GADDR_W=$(call cmb_addr_w,$(1)) -GBITS_PER_STAGE=$(call cmb_bps,$(1))
cmb_defines = -CFLAGS -DCMB_ALG=$(call cmb_alg,$(1)) -CFLAGS -DCMB_MSGS=$(call cmb_msgs,$(1)) \
    -CFLAGS -DCMB_ID_W=$(call cmb_id_w,$(1)) -CFLAGS -DCMB_ADDR_W=$(call cmb_addr_w,$(1)) \
    -CFLAGS -DCMB_BPS=$(call cmb_bps,$(1))
cmb_iparams = -Ptb_mdd_cmb.CRC_ALG=$(call cmb_alg,$(1)) -Ptb_mdd_cmb.MSGS=$(call cmb_msgs,$(1)) \
    -Ptb_mdd_cmb.ID_W=$(call cmb_id_w,$(1)) -Ptb_mdd_cmb.ADDR_W=$(call cmb_addr_w,$(1)) \
    -Ptb_mdd_cmb.BITS_PER_STAGE=$(call cmb_bps,$(1))

define CMB_REGRESS
.PHONY: cmb-regress-$(1)-s$(2)
cmb-regress-$(1)-s$(2): $(call cmb_bin,$(1))
	$$(call RUN_SUITE,regress-cmb-$(1)-s$(2),$(call cmb_bin,$(1)) --seed $(2) --suite regress-cmb-$(1)-s$(2) \
	    --cycles $(CMB_REGRESS_CYCLES) --vcd $(CMB_DIR)/vcd/regress_$(1)_s$(2) $(CMB_REGRESS_KNOBS_$(2)))

endef

define CMB_CONFIG
$(call cmb_bin,$(1)): $(CMB_SRCS) $(CMB_HARNESS_DEPS)
	$$(call VL_BUILD,$$(@D),mdd_cmb,tb/lockstep/cmb_main.cpp,$(call cmb_gparams,$(1)) $(call cmb_defines,$(1)))

.PHONY: cmb-build-$(1) cmb-lockstep-$(1) cmb-bench-$(1) cmb-lint-$(1)
cmb-build-$(1): $(call cmb_bin,$(1))

cmb-lockstep-$(1): $(call cmb_bin,$(1))
	$$(call RUN_SEEDS,lockstep-cmb-$(1),$(call cmb_bin,$(1)) --cycles $(call per_seed,$(CMB_TEST_CYCLES)),$(CMB_DIR)/vcd/lockstep_$(1))

# make soak: the default mix and each regress mix
$(call SOAK_ADD,cmb-$(1),-,$(call cmb_bin,$(1)),--cycles $(CMB_TEST_CYCLES))
$(foreach s,$(filter-out 11,$(CMB_REGRESS_SEEDS)),$(call SOAK_ADD,cmb-$(1)-mix$(s),-,$(call cmb_bin,$(1)),--cycles $(CMB_TEST_CYCLES) $(CMB_REGRESS_KNOBS_$(s))))

$(foreach s,$(CMB_REGRESS_SEEDS),$(call CMB_REGRESS,$(1),$(s)))

# no stalls, no resets: records and segments per cycle, latency from a message's last segment to its result
cmb-bench-$(1): $(call cmb_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call cmb_bin,$(1)) --seed 1 --cycles 200000 --bench --suite bench-cmb-$(1) --vcd $(CMB_DIR)/vcd/bench_$(1) \
	    | grep -E 'bench:|cycles/s' | tee $(RESULTS)/bench-cmb-$(1).txt

cmb-lint-$(1):
	$$(call VL_LINT,mdd_cmb,$(call cmb_gparams,$(1)))

endef

define CMB_ICARUS
# Icarus: the harness writes each cycle's inputs and the twin's outputs (checked against the Verilated RTL and
# the scoreboard while it writes them); the bench replays and compares them.
$(CMB_DIR)/$(1).vvp: $(CMB_SRCS) tb/icarus/tb_mdd_cmb.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_cmb $(call cmb_iparams,$(1)) tb/icarus/tb_mdd_cmb.v \
	    rtl/mdd_cmb.v rtl/mdd_crc_shift.v rtl/mdd_crc_mul.v rtl/mdd_ram_1r1w.v

$(CMB_DIR)/$(1).vec: $(call cmb_bin,$(1))
	@mkdir -p $$(@D)
	@$(call cmb_bin,$(1)) --seed 7 --cycles $(CMB_ICARUS_CYCLES) --quiet p_rst=0.002 max_len=256 max_segs=12 \
	    dup=0 overlap=0 vectors=$$@.tmp --vcd $(CMB_DIR)/vcd/vectors_$(1) > $$@.log || { cat $$@.log; exit 1; }
	@mv $$@.tmp $$@

.PHONY: cmb-icarus-$(1)
cmb-icarus-$(1): $(CMB_DIR)/$(1).vvp $(CMB_DIR)/$(1).vec
	$$(call RUN_VVP,icarus-cmb-$(1),$(CMB_DIR)/$(1).vvp +vectors=$(CMB_DIR)/$(1).vec)

endef

$(foreach c,$(CMB_CONFIGS),$(eval $(call CMB_CONFIG,$(c))))
$(foreach c,$(CMB_ICARUS_CONFIGS),$(eval $(call CMB_ICARUS,$(c))))

# The harness must catch a divergence: corrupt the twin's output at one cycle and expect a failing exit status,
# the DIVERGENCE line for that cycle and both waveform files. At cycle 3000 the output carries records.
.PHONY: cmb-selftest
cmb-selftest: $(call cmb_bin,a1)
	$(call LOCKSTEP_SELFTEST,selftest-cmb,$<,3000,m_axis_cmb_res_tdata,$(CMB_DIR)/selftest/fault)

LOCKSTEP_TESTS += $(foreach c,$(CMB_CONFIGS),cmb-lockstep-$(c)) cmb-selftest
REGRESS_TESTS  += $(foreach c,$(CMB_CONFIGS),$(foreach s,$(CMB_REGRESS_SEEDS),cmb-regress-$(c)-s$(s)))
ICARUS_TESTS   += $(foreach c,$(CMB_ICARUS_CONFIGS),cmb-icarus-$(c))
LINT_TARGETS   += $(foreach c,$(CMB_CONFIGS),cmb-lint-$(c))
BENCH_LOCKSTEP += $(foreach c,$(CMB_CONFIGS),cmb-bench-$(c))

# make sim: the default combiner scenario, human-readable.
.PHONY: cmb-sim
cmb-sim: $(call cmb_bin,a0)
	$(call RUN_SUITE,sim-cmb,$(call cmb_bin,a0) --scenario sim/cmb.scn --vcd $(CMB_DIR)/vcd/sim)
SIM_TARGETS += cmb-sim

# The context RAM on its own (the combiner's lint covers it inside mdd_cmb).
.PHONY: ram-1r1w-lint
ram-1r1w-lint:
	$(call VL_LINT,mdd_ram_1r1w,-GDATA_W=427 -GDEPTH=64 -GADDR_W=6)
LINT_TARGETS += ram-1r1w-lint

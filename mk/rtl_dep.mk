# Direct-deposit receive engine (rtl/mdd_dep.v, docs/deposit.md): Verilator lockstep against the C twin
# (tb/lockstep/dep_main.cpp, self-contained stimulus), lint, an Icarus compile, a self-test and a bench.
#   dep-lockstep-<cfg>        one seed, DEP_TEST_CYCLES cycles
#   dep-lint-<cfg>            verilator --lint-only -Wall
#   dep-icarus-build-<cfg>    iverilog -g2005 compiles the RTL cleanly (no Icarus bench yet)
#   dep-bench-<cfg>           no stalls: the fixed header-to-AW latency (asserted) and the rates
#   dep-san-<cfg>             the lockstep harness with the twin (and the Verilated RTL) under ASan/UBSan
#   dep-selftest              the harness must catch a fault injected into the twin
# Not in `make test` yet.
# Configurations d<k>, "W CONNS REGIONS AREGS RHQS CQS BURST_BYTES MAX_OUTSTANDING AXI_ID_W":
#   d0  W = 8 and the RTL defaults
#   d1  W = 4, small tables (4 connections, 8 regions and registers, 2 RHQs and CQs), 64-byte bursts, 3 outstanding
#   d2  W = 64, 512-byte bursts
#   d3  W = 16, one RHQ and one CQ, two-entry tables, one-beat bursts, one burst outstanding
# Build products: $(BUILD)/vl/dep_<cfg>/ (Verilator), $(BUILD)/dep/ (Icarus, waveforms).

DEP_CONFIGS := d0 d1 d2 d3
DEP_SHAPE_d0 := 8 64 256 256 16 16 256 16 4
DEP_SHAPE_d1 := 4 4 8 8 2 2 64 3 1
DEP_SHAPE_d2 := 64 64 256 256 16 16 512 16 4
DEP_SHAPE_d3 := 16 2 2 4 1 1 16 1 2
DEP_SRCS := $(wildcard rtl/mdd_dep*.v) rtl/mdd_ram_1r1w.v rtl/mdd_fifo.v rtl/mdd_crc_unit.v rtl/mdd_compact.v rtl/mdd_crc_shift.v \
            rtl/mdd_crc_math.vh rtl/mdd_formats.vh
DEP_DIR  := $(BUILD)/dep
DEP_TEST_CYCLES := 300000
DEP_SWEEP_LENS := 64 256 1024 4096 16384 65536

dep_word = $(word $(2),$(DEP_SHAPE_$(1)))
dep_bin  = $(BUILD)/vl/dep_$(1)/dep_$(1)
dep_gparams = -GW=$(call dep_word,$(1),1) -GCONNS=$(call dep_word,$(1),2) -GREGIONS=$(call dep_word,$(1),3) \
    -GAREGS=$(call dep_word,$(1),4) -GRHQS=$(call dep_word,$(1),5) -GCQS=$(call dep_word,$(1),6) \
    -GBURST_BYTES=$(call dep_word,$(1),7) -GMAX_OUTSTANDING=$(call dep_word,$(1),8) -GAXI_ID_W=$(call dep_word,$(1),9)
dep_defines = -CFLAGS -DDEP_W=$(call dep_word,$(1),1) -CFLAGS -DDEP_CONNS=$(call dep_word,$(1),2) \
    -CFLAGS -DDEP_REGIONS=$(call dep_word,$(1),3) -CFLAGS -DDEP_AREGS=$(call dep_word,$(1),4) \
    -CFLAGS -DDEP_RHQS=$(call dep_word,$(1),5) -CFLAGS -DDEP_CQS=$(call dep_word,$(1),6) \
    -CFLAGS -DDEP_BB=$(call dep_word,$(1),7) -CFLAGS -DDEP_MAXO=$(call dep_word,$(1),8) \
    -CFLAGS -DDEP_IDW=$(call dep_word,$(1),9)
dep_iparams = $(subst -G,-Pmdd_dep.,$(call dep_gparams,$(1)))

define DEP_CONFIG
$(call dep_bin,$(1)): $(DEP_SRCS) tb/lockstep/dep_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_dep,tb/lockstep/dep_main.cpp,$(call dep_gparams,$(1)) $(call dep_defines,$(1)))

.PHONY: dep-build-$(1) dep-lockstep-$(1) dep-bench-$(1) dep-lint-$(1) dep-icarus-build-$(1)
dep-build-$(1): $(call dep_bin,$(1))

dep-lockstep-$(1): $(call dep_bin,$(1))
	$$(call RUN_SUITE,lockstep-dep-$(1),$(call dep_bin,$(1)) --seed 1 --suite lockstep-dep-$(1) \
	    --cycles $(DEP_TEST_CYCLES) --vcd $(DEP_DIR)/vcd/lockstep_$(1))

# latency (gap=200: every packet alone, its first AW exactly kLatency cycles after its header; asserted), then
# the rates with packets back to back (gap=0, long payloads), then the size sweep: WRITEs of DEP_SWEEP_LENS bytes
# back to back, payload bytes and input beats per cycle (docs/deposit.md 9.5)
dep-bench-$(1): $(call dep_bin,$(1))
	@mkdir -p $(RESULTS)
	@$(call dep_bin,$(1)) --seed 1 --cycles 200000 --bench gap=200 --suite bench-dep-lat-$(1) \
	    --vcd $(DEP_DIR)/vcd/bench_lat_$(1) | tee $(RESULTS)/bench-dep-lat-$(1).txt
	@$(call dep_bin,$(1)) --seed 1 --cycles 200000 --bench gap=0 max_len=4000 long_pct=0 p_sw=0.05 \
	    --suite bench-dep-rate-$(1) --vcd $(DEP_DIR)/vcd/bench_rate_$(1) | tee $(RESULTS)/bench-dep-rate-$(1).txt
	@mkdir -p $(DEP_DIR)
	@rm -f $(RESULTS)/bench-dep-sweep-$(1).txt; for l in $(DEP_SWEEP_LENS); do \
	    $(call dep_bin,$(1)) --seed 1 --cycles 200000 --bench gap=0 len=$$$$l --suite bench-dep-sweep-$(1) \
	        > $(DEP_DIR)/sweep_$(1).log 2>&1 || { cat $(DEP_DIR)/sweep_$(1).log; exit 1; }; \
	    grep 'sweep:' $(DEP_DIR)/sweep_$(1).log | tee -a $(RESULTS)/bench-dep-sweep-$(1).txt; done

dep-lint-$(1):
	$$(call VL_LINT,mdd_dep,$(call dep_gparams,$(1)))

dep-icarus-build-$(1):
	@mkdir -p $(DEP_DIR)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $(DEP_DIR)/$(1).vvp -s mdd_dep $(call dep_iparams,$(1)) \
	    $(filter %.v,$(DEP_SRCS))

endef

$(foreach c,$(DEP_CONFIGS),$(eval $(call DEP_CONFIG,$(c))))

.PHONY: dep-selftest
dep-selftest: $(call dep_bin,d1)
	$(call LOCKSTEP_SELFTEST,selftest-dep,$<,20000,m_axi_wdata,$(DEP_DIR)/selftest/fault)

# ASan/UBSan: the same harness linked with the sanitized libmdd ($(LIBMDD_SAN)), short run.
dep_san_bin = $(BUILD)/vl/dep_san_$(1)/dep_san_$(1)
define DEP_SAN
$(call dep_san_bin,$(1)): $(DEP_SRCS) tb/lockstep/dep_main.cpp $(LS_HDRS) $(LIBMDD_SAN)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "  VERILATE $$(@D) (mdd_dep, ASan/UBSan)"
	@CCACHE_DIR=$(VL_CCACHE_DIR) $(VERILATOR) $(VL_FLAGS) --top-module mdd_dep $(call dep_gparams,$(1)) \
	    $(call dep_defines,$(1)) -CFLAGS "$(MDD_SAN)" -LDFLAGS "$(MDD_SAN)" --Mdir $$(@D) -o $$(notdir $$@) \
	    rtl/mdd_dep.v $(CURDIR)/tb/lockstep/dep_main.cpp $(CURDIR)/$(LIBMDD_SAN) > $$(@D)/build.log 2>&1 \
	    || { tail -n 40 $$(@D)/build.log; exit 1; }

.PHONY: dep-san-$(1)
dep-san-$(1): $(call dep_san_bin,$(1))
	$$(call RUN_SUITE,san-dep-$(1),$(call dep_san_bin,$(1)) --seed 5 --suite san-dep-$(1) --cycles 30000 \
	    --vcd $(DEP_DIR)/vcd/san_$(1))

endef
$(foreach c,$(DEP_CONFIGS),$(eval $(call DEP_SAN,$(c))))

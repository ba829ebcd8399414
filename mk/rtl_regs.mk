# The register map from one description (D-018): include/mdd/regs.toml -> scripts/regtool.py ->
# rtl/mdd_regs.v, rtl/mdd_regmap.vh, include/mdd/regs.h, docs/registers.md and the C twin of the register block,
# model/mdd_regs_model.{h,c} (all committed).
#   regs               regenerate them (after editing the description; commit all seven files)
#   regs-fresh         make test: fail if a generated file differs from what the description gives
#   regtool-test       make test: the generator's own tests (tb/regs/test_regtool.py: refused descriptions, the C
#                      header against hand-worked values, the generated RTL of tb/regs/test_regs.toml on Icarus
#                      against the test's own model of the access types, the twin compiles, --check sees a stale
#                      file)
#   regs-lockstep      make test: Verilator lockstep of rtl/mdd_regs.v against its twin (tb/lockstep/regs_main.cpp,
#                      -DREGS_CORE): random AXI4-Lite traffic, a random slave behind window DEP, random field
#                      inputs, resets; and the harness's own transaction-level checks (with include/mdd/regs.h)
#   regs-test-lockstep make test: the same for the test description tb/regs/test_regs.toml (every access type, two
#                      external windows), its RTL and twin generated into $(REGS_TWIN_DIR)
#   regs-selftest      make test: the harness must report a fault injected into the twin
#   regs-regress-s<N>  make regress: more seeds and cycles, each seed with its own mix (both descriptions)
#   regs-lint          make lint: fresh, and verilator --lint-only -Wall of the generated block and of a module that
#                      includes rtl/mdd_regmap.vh
#   regs-twin-lint     make lint: both twins with -std=c11 -pedantic -Wall -Wextra -Werror (and their headers as
#                      C++), verilator --lint-only -Wall of the test description's RTL

REGS_DESC := include/mdd/regs.toml
REGTOOL   := scripts/regtool.py
REGS_OUTS := --rtl rtl/mdd_regs.v --vh rtl/mdd_regmap.vh --h include/mdd/regs.h --md docs/registers.md \
             --model-h model/mdd_regs_model.h --model-c model/mdd_regs_model.c
REGS_DIR  := $(BUILD)/regs

.PHONY: regs regs-fresh regtool-test regs-lint

regs:
	$(PYTHON) $(REGTOOL) $(REGS_DESC) $(REGS_OUTS)

regs-fresh:
	@mkdir -p $(RESULTS)
	@if $(PYTHON) $(REGTOOL) $(REGS_DESC) $(REGS_OUTS) --check; then p=1; f=0; else p=0; f=1; fi; \
	    echo "regs-fresh: $$p passed, $$f failed" | tee $(RESULTS)/regs-fresh.log; exit $$f

regtool-test:
	@mkdir -p $(REGS_DIR)
	$(call RUN_SUITE,regtool,$(PYTHON) tb/regs/test_regtool.py --build $(REGS_DIR) --seed 1 --ops 4000)

regs-lint:
	@$(PYTHON) $(REGTOOL) $(REGS_DESC) $(REGS_OUTS) --check
	$(call VL_LINT,mdd_regs,)
	@mkdir -p $(REGS_DIR)
	@printf '%s\n' 'module mdd_regmap_lint;' '`include "mdd_regmap.vh"' 'endmodule' > $(REGS_DIR)/mdd_regmap_lint.v
	@$(VERILATOR) --lint-only -Wall -Irtl --top-module mdd_regmap_lint $(REGS_DIR)/mdd_regmap_lint.v

ICARUS_TESTS += regs-fresh regtool-test
LINT_TARGETS += regs-lint

# ---- lockstep: the generated RTL against the generated twin ----
# The test description's RTL and twin are build products (not committed): $(REGS_TWIN_DIR).
REGS_TEST_DESC := tb/regs/test_regs.toml
REGS_TWIN_DIR  := $(REGS_DIR)/twin
REGS_TEST_GEN  := $(REGS_TWIN_DIR)/mdd_regs_test.v $(REGS_TWIN_DIR)/mdd_regs_test_model.h \
                  $(REGS_TWIN_DIR)/mdd_regs_test_model.c
REGS_TEST_LIB  := $(REGS_TWIN_DIR)/libmdd_regs_test_model.a
REGS_LS_CORE   := $(BUILD)/vl/regs_core/regs_core
REGS_LS_TEST   := $(BUILD)/vl/regs_test/regs_test
REGS_LS_DEPS   := tb/lockstep/regs_main.cpp $(LS_HDRS) $(LIBMDD)

# make test: 10^6 cycles per description (a few seconds each), about 0.2 accesses per cycle
REGS_TEST_CYCLES    := 1000000
# make regress: 4 x 10^6 cycles per seed and description. Seed 11 is the default mix; 12 resets often (every
# ~500 cycles); 13 has slow external slaves (long delays, rare ready); 14 a slow master (rare bready/rready);
# 15 runs at full rate (always valid, always ready, an access every cycle).
REGS_REGRESS_SEEDS  := 11 12 13 14 15
REGS_REGRESS_CYCLES := 4000000
REGS_REGRESS_KNOBS_11 :=
REGS_REGRESS_KNOBS_12 := p_rst=0.002
REGS_REGRESS_KNOBS_13 := s_delay=40 p_sready=0.15
REGS_REGRESS_KNOBS_14 := p_bready=0.1 p_rready=0.1
REGS_REGRESS_KNOBS_15 := p_write=1 p_read=1 p_valid=1 p_bready=1 p_rready=1 p_sready=1 s_delay=0 p_set=0.5

$(REGS_TEST_GEN) &: $(REGS_TEST_DESC) $(REGTOOL)
	@mkdir -p $(REGS_TWIN_DIR)
	$(PYTHON) $(REGTOOL) $(REGS_TEST_DESC) --rtl $(REGS_TWIN_DIR)/mdd_regs_test.v \
	    --model-h $(REGS_TWIN_DIR)/mdd_regs_test_model.h --model-c $(REGS_TWIN_DIR)/mdd_regs_test_model.c

$(REGS_TEST_LIB): $(REGS_TEST_GEN)
	$(CC) $(MDD_CFLAGS) -I$(REGS_TWIN_DIR) -c $(REGS_TWIN_DIR)/mdd_regs_test_model.c \
	    -o $(REGS_TWIN_DIR)/mdd_regs_test_model.o
	@rm -f $@
	$(AR) rcs $@ $(REGS_TWIN_DIR)/mdd_regs_test_model.o

$(REGS_LS_CORE): rtl/mdd_regs.v $(REGS_LS_DEPS)
	$(call VL_BUILD,$(@D),mdd_regs,tb/lockstep/regs_main.cpp,-CFLAGS -DREGS_CORE)

$(REGS_LS_TEST): $(REGS_TEST_GEN) $(REGS_TEST_LIB) $(REGS_LS_DEPS)
	$(call VL_BUILD,$(@D),mdd_regs_test,tb/lockstep/regs_main.cpp,-CFLAGS -DREGS_TEST \
	    -CFLAGS -I$(CURDIR)/$(REGS_TWIN_DIR) $(CURDIR)/$(REGS_TEST_LIB),$(REGS_TWIN_DIR)/mdd_regs_test.v)

.PHONY: regs-lockstep regs-test-lockstep regs-selftest regs-twin-lint
regs-lockstep: $(REGS_LS_CORE)
	$(call RUN_SEEDS,lockstep-regs,$< --cycles $(call per_seed,$(REGS_TEST_CYCLES)),$(REGS_DIR)/vcd/lockstep)

regs-test-lockstep: $(REGS_LS_TEST)
	$(call RUN_SEEDS,lockstep-regs-test,$< --cycles $(call per_seed,$(REGS_TEST_CYCLES)),$(REGS_DIR)/vcd/lockstep_test)

# make soak: both descriptions, the default mix and each regress mix
REGS_SOAK_BIN_core := $(REGS_LS_CORE)
REGS_SOAK_BIN_test := $(REGS_LS_TEST)
$(foreach d,core test,$(eval $(call SOAK_ADD,regs-$(d),-,$(REGS_SOAK_BIN_$(d)),--cycles $(REGS_TEST_CYCLES))) \
    $(foreach s,$(filter-out 11,$(REGS_REGRESS_SEEDS)),$(eval $(call SOAK_ADD,regs-$(d)-mix$(s),-,$(REGS_SOAK_BIN_$(d)), \
    --cycles $(REGS_TEST_CYCLES) $(REGS_REGRESS_KNOBS_$(s))))))

# The harness must catch a divergence: s_axil_rdata of the twin flipped at cycle 3000.
regs-selftest: $(REGS_LS_CORE)
	$(call LOCKSTEP_SELFTEST,selftest-regs,$<,3000,s_axil_rdata,$(REGS_DIR)/selftest/fault)

define REGS_REGRESS
.PHONY: regs-regress-s$(1)
regs-regress-s$(1): $(REGS_LS_CORE) $(REGS_LS_TEST)
	$$(call RUN_SUITE,regress-regs-s$(1),$(REGS_LS_CORE) --seed $(1) --suite regress-regs-s$(1) \
	    --cycles $(REGS_REGRESS_CYCLES) --vcd $(REGS_DIR)/vcd/regress_s$(1) $(REGS_REGRESS_KNOBS_$(1)))
	$$(call RUN_SUITE,regress-regs-test-s$(1),$(REGS_LS_TEST) --seed $(1) --suite regress-regs-test-s$(1) \
	    --cycles $(REGS_REGRESS_CYCLES) --vcd $(REGS_DIR)/vcd/regress_test_s$(1) $(REGS_REGRESS_KNOBS_$(1)))

endef
$(foreach s,$(REGS_REGRESS_SEEDS),$(eval $(call REGS_REGRESS,$(s))))

regs-twin-lint: $(REGS_TEST_GEN)
	@$(CC) -std=c11 -pedantic -Wall -Wextra -Werror -Iinclude -Imodel -fsyntax-only model/mdd_regs_model.c
	@$(CC) -std=c11 -pedantic -Wall -Wextra -Werror -I$(REGS_TWIN_DIR) -fsyntax-only \
	    $(REGS_TWIN_DIR)/mdd_regs_test_model.c
	@$(CXX) -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ model/mdd_regs_model.h
	@$(CXX) -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ $(REGS_TWIN_DIR)/mdd_regs_test_model.h
	@$(VERILATOR) --lint-only -Wall --top-module mdd_regs_test $(REGS_TWIN_DIR)/mdd_regs_test.v

LOCKSTEP_TESTS += regs-lockstep regs-test-lockstep regs-selftest
REGRESS_TESTS  += $(foreach s,$(REGS_REGRESS_SEEDS),regs-regress-s$(s))
LINT_TARGETS   += regs-twin-lint

# The register map from one description (D-018): include/mdd/regs.toml -> scripts/regtool.py ->
# rtl/mdd_regs.v, rtl/mdd_regmap.vh, include/mdd/regs.h, docs/registers.md and the C twin of the register block,
# model/mdd_regs_model.{h,c} (all committed).
#   regs             regenerate them (after editing the description; commit all seven files)
#   regs-fresh       make test: fail if a generated file differs from what the description gives
#   regtool-test     make test: the generator's own tests (tb/regs/test_regtool.py: refused descriptions, the C
#                    header against hand-worked values, the generated RTL of tb/regs/test_regs.toml on Icarus
#                    against the test's own model of the access types)
#   regs-lint        make lint: fresh, and verilator --lint-only -Wall of the generated block and of a module that
#                    includes rtl/mdd_regmap.vh

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

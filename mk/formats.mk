# Shared formats (D-004): include/mdd/formats.def -> rtl/mdd_formats.vh (committed; C includes the .def through
# include/mdd/formats.h).
#   formats            regenerate rtl/mdd_formats.vh (after editing formats.def; commit both)
#   lint-formats       fail if rtl/mdd_formats.vh is stale (part of `make lint`)
#   lint-formats-vh    verilator --lint-only -Wall of a module that includes rtl/mdd_formats.vh (part of `make lint`)
# The C test of both (tb/unit/test_formats.c, suite "formats") runs in test-c (mk/clib.mk).
# Included from the top Makefile after mk/rtl.mk: `lint-all` (run by `make lint`) already has its prerequisites
# from LINT_TARGETS, so the targets are added to it directly as well as to the list (which `make lint` counts).

FORMATS_DEF := include/mdd/formats.def
FORMATS_VH  := rtl/mdd_formats.vh
GEN_FORMATS := scripts/gen-formats.py
FORMATS_DIR := $(BUILD)/formats

.PHONY: formats lint-formats lint-formats-vh

formats:
	$(PYTHON) $(GEN_FORMATS) $(FORMATS_DEF) -o $(FORMATS_VH)

lint-formats:
	@$(PYTHON) $(GEN_FORMATS) $(FORMATS_DEF) --check $(FORMATS_VH)

# A module that only includes the header: every localparam and function must elaborate lint-clean.
lint-formats-vh:
	@mkdir -p $(FORMATS_DIR)
	@printf '%s\n' 'module mdd_formats_lint;' '`include "mdd_formats.vh"' 'endmodule' > $(FORMATS_DIR)/mdd_formats_lint.v
	@$(VERILATOR) --lint-only -Wall -Irtl --top-module mdd_formats_lint $(FORMATS_DIR)/mdd_formats_lint.v

LINT_TARGETS += lint-formats lint-formats-vh
lint-all: lint-formats lint-formats-vh

# mdd: markers/DIF/digest data path, CRC combiner and direct-deposit core.
#
# The two commands a newcomer types:
#   make sim    lockstep simulation (RTL in Verilator vs the C model) of the default scenario, with a summary
#   make test   every test: C library (ASan/UBSan), CLI, RTL vs model lockstep (Verilator), Icarus benches
# Both install or build what they need (`make deps` installs missing tools with apt-get).
#
# Other targets: deps lint synth pnr bench regress soak formats clean.  Parts of the build live in mk/*.mk, one file per area.

BUILD   ?= build
WS      ?= 4 8 16 32 64
PYTHON  ?= python3

RESULTS := $(BUILD)/results

# bash with pipefail: test output is piped through tee, and a failing test must still fail the rule.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.DEFAULT_GOAL := all
.PHONY: all deps test sim lint synth bench regress clean help

all: lib cli

help:
	@sed -n '2,9p' Makefile | sed 's/^# \{0,1\}//'

include mk/deps.mk
include mk/clib.mk
include mk/rtl.mk
include mk/synth.mk
include mk/formats.mk

# Each test step writes "<suite>: P passed, F failed" as its last line into $(RESULTS)/<suite>.log;
# the summary adds them up and fails if anything failed or no test ran.
test: deps
	@rm -rf $(RESULTS); mkdir -p $(RESULTS)
	@$(MAKE) --no-print-directory -k test-c test-lockstep test-icarus test-synth; rc=$$?; scripts/test-summary.sh $(RESULTS) || rc=1; exit $$rc

regress: deps
	@rm -rf $(RESULTS); mkdir -p $(RESULTS)
	@$(MAKE) --no-print-directory -k test-c regress-lockstep test-icarus; rc=$$?; scripts/test-summary.sh $(RESULTS) || rc=1; exit $$rc

bench: deps
	@$(MAKE) --no-print-directory bench-c bench-lockstep

clean:
	rm -rf $(BUILD)

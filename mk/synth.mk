# Synthesis and timing (issue 20, D-060). All of it runs outside make test: hours of CPU at W = 64.
#   make synth        every block of mk/synth_blocks.txt alone at W = 8 and 64 (SYNTH_WS), then the whole core
#                     (make synth-core), then docs/synth.md (make synth-table)
#   make synth-blocks the blocks only (SYNTH_ONLY="tx_gen rx_check" narrows, SYNTH_JOBS runs in parallel)
#   make synth-core   the core's top-level blocks (CORE in mk/synth_blocks.txt) alone per W (SYNTH_CORE_WS);
#                     docs/synth.md's core row is their sum (D-099: yosys 0.23 cannot map the whole core in 23 GB,
#                     D-098)
#   make pnr          nextpnr-ecp5 place and route of every block at W = 8: Fmax, worst of PNR_SEEDS
#   make synth-table  docs/synth.md from whatever results build/synth and build/pnr hold
# Area and depth come from yosys synth_xilinx (UltraScale+, FIFOs in LUTRAM, tables in BRAM) measured by
# scripts/xdepth.py: LUT levels of the longest register-to-register path and of the longest feedback loop.
SYNTH_WS      ?= 8 64
SYNTH_CORE_WS ?= 8 64
SYNTH_JOBS    ?= 2
SYNTH_ONLY    ?=
PNR_SEEDS     ?= 1 2 3
SYNTH_BLOCKS  := mk/synth_blocks.txt

.PHONY: synth synth-blocks synth-core pnr synth-table
synth: deps
	@$(MAKE) --no-print-directory synth-blocks synth-core
	@$(MAKE) --no-print-directory synth-table

synth-blocks: deps
	@echo "yosys $$(yosys -V | awk '{print $$2}') synth_xilinx -family xcup; levels = LUT levels (scripts/xdepth.py)"
	@$(PYTHON) scripts/synth-run.py synth $(SYNTH_BLOCKS) --ws "$(SYNTH_WS)" --jobs $(SYNTH_JOBS) --only "$(SYNTH_ONLY)"

synth-core: deps
	@echo "yosys $$(yosys -V | awk '{print $$2}') synth_xilinx -family xcup; the core's top-level blocks, each alone"
	@$(PYTHON) scripts/synth-run.py synth $(SYNTH_BLOCKS) --core --ws "$(SYNTH_CORE_WS)" --jobs $(SYNTH_JOBS)

pnr: deps
	@echo "nextpnr-ecp5 LFE5UM-85F speed 8, out of context, seeds $(PNR_SEEDS); W = 8"
	@PNR_SEEDS="$(PNR_SEEDS)" NEXTPNR_ECP5=$(NEXTPNR_ECP5) $(PYTHON) scripts/synth-run.py pnr $(SYNTH_BLOCKS) \
	    --ws 8 --jobs $(SYNTH_JOBS) --only "$(SYNTH_ONLY)"
	@$(MAKE) --no-print-directory synth-table

synth-table:
	@$(PYTHON) scripts/synth-table.py $(SYNTH_BLOCKS) docs/synth.md README.md
	@echo "synth-table: docs/synth.md and README's copy of its table"

# make test: the depth measure itself, on hand-built netlists whose paths and loops are known (no yosys run), and
# yosys's elaboration of the RTL (yosys-elab): the whole core at W = 8 (every module at the parameters the core
# gives it; about 150 CPU s) and every block of mk/synth_blocks.txt that the core does not instantiate. Verilator
# and Icarus accept constructs yosys 0.23 refuses (a reference into a generate block declared further down
# stopped `make synth` for two days unseen).
.PHONY: test-synth xdepth-test yosys-elab
test-synth: xdepth-test yosys-elab
xdepth-test:
	$(call RUN_SUITE,xdepth,$(PYTHON) tb/synth/test_xdepth.py)
yosys-elab:
	@mkdir -p $(RESULTS)
	$(call RUN_SUITE,yosys-elab,scripts/yosys-elab.sh $(SYNTH_BLOCKS))

# synth: yosys LUT6 estimates (LUT count, flip-flops, LUT levels between registers) for each block and W.
# Anchors (DESIGN-NOTES.md): Forencich lfsr.v CRC-32C without mask 336 LUTs / 3 levels at 64 bits,
# 1981 / 4 at 512 bits; tkeep-aware 64-bit CRC from one lfsr per valid-byte count ~1330 LUTs / 4-5 levels.
SYNTH_ALGS := 0 1 2 3
# The whole core per W (docs/core.md 6): hierarchy kept, RAM tables black boxes; a line per block
# (scripts/synth-breakdown.py) and the memories (scripts/ram-report.py). About 31 minutes of yosys CPU at W = 8
# (3.3 GB) and 95 minutes at W = 64 (15 GB of memory): run it outside make test.
SYNTH_CORE_WS ?= 8 64

.PHONY: synth
synth: deps
	@echo "yosys $$(yosys -V | awk '{print $$2}'), synth -lut 6; levels = LUT6 levels on the longest register-to-register path"
	@for w in $(WS); do scripts/synth.sh mdd_crc_unit W=$$w CRC_ALG=0; done
	@for a in 1 2 3; do scripts/synth.sh mdd_crc_unit W=8 CRC_ALG=$$a; scripts/synth.sh mdd_crc_unit W=64 CRC_ALG=$$a; done
	@for a in $(SYNTH_ALGS); do for inv in 0 1; do scripts/synth.sh mdd_crc_shift CRC_ALG=$$a INVERSE=$$inv; done; done
	@for w in $(WS); do scripts/synth.sh mdd_pack W=$$w; done
	@for a in $(SYNTH_ALGS); do scripts/synth.sh mdd_crc_mul CRC_ALG=$$a; done
	@# the combiner in parts (docs/cmb.md section 8): its body with the shift units and the context RAM (MSGS x 427
	@# bits, block or distributed RAM on an FPGA) as black boxes, then its two shift units; the block is the sum,
	@# its depth the deepest part (every boundary is registered on both sides)
	@SYNTH_RAMS="mdd_ram_1r1w mdd_crc_shift" SYNTH_HIER=1 scripts/synth.sh mdd_cmb
	@scripts/synth.sh mdd_crc_shift CRC_ALG=0 INVERSE=1 N_W=64 USER_W=145
	@scripts/synth.sh mdd_crc_shift CRC_ALG=0 INVERSE=0 N_W=64
	@# the deposit engine with its table RAMs as black boxes (docs/deposit.md 9.7); W = 64 flattened does not
	@# finish, so it keeps the hierarchy (levels then per module)
	@SYNTH_RAMS=mdd_ram_1r1w scripts/synth.sh mdd_dep W=8
	@SYNTH_RAMS=mdd_ram_1r1w SYNTH_HIER=1 scripts/synth.sh mdd_dep W=64 BURST_BYTES=512
	@$(MAKE) --no-print-directory synth-core

# synth-core: the whole core alone (SYNTH_CORE_WS=W to choose)
.PHONY: synth-core
synth-core: deps
	@for w in $(SYNTH_CORE_WS); do \
	    SYNTH_RAMS=mdd_ram_1r1w SYNTH_HIER=1 scripts/synth.sh mdd_core W=$$w && \
	    $(PYTHON) scripts/synth-breakdown.py build/synth/mdd_core_W$$w.log && \
	    $(PYTHON) scripts/ram-report.py mdd_core W=$$w || exit 1; done

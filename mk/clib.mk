# C side: libmdd (CRC library + the C twins in model/), the `mdd` CLI, their tests and the CRC benchmark.
#   lib / lib-san   $(LIBMDD) / $(LIBMDD_SAN) (ASan+UBSan, -O1)
#   cli             $(BUILD)/bin/mdd
#   test-c          unit tests (sanitized) + CLI tests + formats test (include/mdd/formats.h, rtl/mdd_formats.vh)
#                   + reference receiver vs traffic generator (tb/unit/test_rxref.c) + reference transmitter
#                   (tb/unit/test_txref.c) + check stage twin in TX mode (tb/unit/test_check_stage.c) + pcap
#                   export checked by tshark (tb/unit/test_pcap.c) + reference combiner vs its stimulus
#                   generator's truth and the combiner twin vs both (tb/unit/test_cmb.c, suites cmb-ref and
#                   cmb-model) + the deposit reference, stimulus, host memory and scoreboard (tb/unit/test_depref.c,
#                   suite dep-ref) + the deposit twin in that environment (tb/unit/test_dep.c, suite dep-model)
#                   + the record arbiter's twin against properties and a queue reference (tb/unit/test_axis_arb.c,
#                   suite axis-arb-model) + the VCD reader and comparison of `mdd compare` (tb/unit/test_vcd.c,
#                   suite vcd); logs in $(RESULTS)/c-crc.log, cli.log, formats.log, rxref.log, txref.log,
#                   check-stage-tx.log, pcap.log, cmb-ref.log, cmb-model.log, dep-ref.log, dep-model.log,
#                   axis-arb-model.log and vcd.log
#   bench-c         CRC throughput / combine cost table (-O2, not sanitized)
# zlib and ISA-L are oracles and anchors for the tests and the bench; libmdd needs libc + pthreads. The CLI
# reads waveforms through zlib (mdd compare), so it links -lz.

MDD_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Iinclude -Imodel
MDD_SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# mdd_vcd.c (the VCD reader of `mdd compare`) is a tool, not part of the twins: only the CLI and its test link it.
MODEL_SRCS := $(filter-out model/mdd_cli.c model/mdd_vcd.c,$(wildcard model/*.c))
LIBMDD     := $(BUILD)/lib/libmdd.a
LIBMDD_SAN := $(BUILD)/lib/libmdd_san.a

MODEL_OBJS     := $(patsubst model/%.c,$(BUILD)/obj/%.o,$(MODEL_SRCS))
MODEL_SAN_OBJS := $(patsubst model/%.c,$(BUILD)/obj-san/%.o,$(MODEL_SRCS))
MDD_SAN_CFLAGS := $(MDD_CFLAGS) -O1 $(MDD_SAN)
MDD_LDLIBS     := -pthread
ORACLE_LDLIBS  := -lz -lisal

MDD_CLI       := $(BUILD)/bin/mdd
TEST_CRC_BIN  := $(BUILD)/bin/test_crc
TEST_FORMATS_BIN := $(BUILD)/bin/test_formats
TEST_RXREF_BIN := $(BUILD)/bin/test_rxref
TEST_TXREF_BIN := $(BUILD)/bin/test_txref
TEST_PCAP_BIN := $(BUILD)/bin/test_pcap
TEST_CHECK_STAGE_BIN := $(BUILD)/bin/test_check_stage
TEST_CMB_BIN := $(BUILD)/bin/test_cmb
TEST_DEPREF_BIN := $(BUILD)/bin/test_depref
TEST_DEP_BIN := $(BUILD)/bin/test_dep
TEST_AXIS_ARB_BIN := $(BUILD)/bin/test_axis_arb
TEST_VCD_BIN := $(BUILD)/bin/test_vcd
BENCH_CRC_BIN := $(BUILD)/bin/bench_crc

.PHONY: lib lib-san cli test-c bench-c test-depref test-dep test-axis-arb test-vcd

lib: $(LIBMDD)
lib-san: $(LIBMDD_SAN)
cli: $(MDD_CLI)

$(BUILD)/obj/%.o: model/%.c
	@mkdir -p $(@D)
	$(CC) $(MDD_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj-san/%.o: model/%.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# Rebuilt from scratch so objects of deleted sources do not linger in the archive.
$(LIBMDD): $(MODEL_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

$(LIBMDD_SAN): $(MODEL_SAN_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(AR) rcs $@ $^

$(MDD_CLI): $(BUILD)/obj/mdd_cli.o $(BUILD)/obj/mdd_vcd.o $(LIBMDD)
	@mkdir -p $(@D)
	$(CC) $(MDD_CFLAGS) $^ -o $@ -lz $(MDD_LDLIBS)

$(BUILD)/obj-san/test_crc.o: tb/unit/test_crc.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

$(TEST_CRC_BIN): $(BUILD)/obj-san/test_crc.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(ORACLE_LDLIBS) $(MDD_LDLIBS)

$(BUILD)/obj-san/test_formats.o: tb/unit/test_formats.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# libmdd only for the CRC widths of the PI guards; formats.h itself is header-only.
$(TEST_FORMATS_BIN): $(BUILD)/obj-san/test_formats.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_rxref.o: tb/unit/test_rxref.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The reference receiver (model/mdd_rxref.c) against the traffic generator (model/mdd_trafgen.c), both in libmdd.
$(TEST_RXREF_BIN): $(BUILD)/obj-san/test_rxref.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_txref.o: tb/unit/test_txref.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The reference transmitter (model/mdd_txref.c) against the traffic generator and the reference receiver.
$(TEST_TXREF_BIN): $(BUILD)/obj-san/test_txref.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_pcap.o: tb/unit/test_pcap.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The pcap export (model/mdd_pcap.c) on traffic-generator streams, decoded by tshark (installed by make deps).
$(TEST_PCAP_BIN): $(BUILD)/obj-san/test_pcap.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_check_stage.o: tb/unit/test_check_stage.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The check stage twin in TX mode against the reference transmitter (the RTL's TX mode waits for the TX path
# lockstep; RX mode is in every RX path suite).
$(TEST_CHECK_STAGE_BIN): $(BUILD)/obj-san/test_check_stage.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_cmb.o: tb/unit/test_cmb.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The reference combiner (model/mdd_cmbref.c) against hand-written cases and the truth of its stimulus generator
# (model/mdd_cmbtraf.c) ("test_cmb ref"), and the combiner twin against both through the scoreboard
# (model/mdd_cmbscore.c) ("test_cmb model"); all in libmdd. zlib's crc32_combine is an oracle for CRC-32.
$(TEST_CMB_BIN): $(BUILD)/obj-san/test_cmb.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ -lz $(MDD_LDLIBS)

$(BUILD)/obj-san/test_depref.o: tb/unit/test_depref.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The deposit engine's verification side: the reference (model/mdd_depref.c) against hand-written cases, the
# stimulus generator (model/mdd_deptraf.c) through the reference into an ideal host memory (model/mdd_hostmem.c)
# with its safety and order checks, and self-tests of the AXI slave, drivers and scoreboard (model/mdd_depscore.c).
$(TEST_DEPREF_BIN): $(BUILD)/obj-san/test_depref.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_dep.o: tb/unit/test_dep.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The deposit engine's twin (model/mdd_dep_model.c) alone in the test environment (model/mdd_depenv.c: stimulus,
# host memory, scoreboard against the reference) at several parameter sets.
$(TEST_DEP_BIN): $(BUILD)/obj-san/test_dep.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)

$(BUILD)/obj-san/test_axis_arb.o: tb/unit/test_axis_arb.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The record arbiter's twin (model/mdd_axis_arb_model.c) at N = 1, 2, 3, 8: the checks of its Icarus bench
# (tb/icarus/tb_mdd_axis_arb.v) and every output every cycle against a queue-based reference in the test.
$(TEST_AXIS_ARB_BIN): $(BUILD)/obj-san/test_axis_arb.o $(LIBMDD_SAN)
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ $(MDD_LDLIBS)
$(BUILD)/obj-san/test_vcd.o: tb/unit/test_vcd.c
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) -MMD -MP -c $< -o $@

# The VCD reader and trace comparison of `mdd compare` (model/mdd_vcd.c, not in libmdd) on dumps the test
# writes, plain and through zlib.
$(TEST_VCD_BIN): $(BUILD)/obj-san/test_vcd.o $(BUILD)/obj-san/mdd_vcd.o
	@mkdir -p $(@D)
	$(CC) $(MDD_SAN_CFLAGS) $^ -o $@ -lz $(MDD_LDLIBS)

$(BUILD)/obj/bench_crc.o: tb/bench/bench_crc.c
	@mkdir -p $(@D)
	$(CC) $(MDD_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_CRC_BIN): $(BUILD)/obj/bench_crc.o $(LIBMDD)
	@mkdir -p $(@D)
	$(CC) $(MDD_CFLAGS) $^ -o $@ $(ORACLE_LDLIBS) $(MDD_LDLIBS)

# All suites always run (each even when an earlier one fails); SHELL has pipefail, so tee keeps the status.
# formats: the staleness check of the .vh (mk/formats.mk) runs first and its exit status is one of the test's
# checks, so the log still ends with the test's own result line.
test-c: $(TEST_CRC_BIN) $(MDD_CLI) $(TEST_FORMATS_BIN) $(TEST_RXREF_BIN) $(TEST_TXREF_BIN) $(TEST_CHECK_STAGE_BIN) \
        $(TEST_PCAP_BIN) $(TEST_CMB_BIN) $(TEST_DEPREF_BIN) $(TEST_DEP_BIN) $(TEST_AXIS_ARB_BIN) $(TEST_VCD_BIN)
	@mkdir -p $(RESULTS)
	@rc=0; $(TEST_CRC_BIN) 2>&1 | tee $(RESULTS)/c-crc.log || rc=1; \
	 tb/unit/test_cli.sh $(MDD_CLI) 2>&1 | tee $(RESULTS)/cli.log || rc=1; \
	 { $(PYTHON) $(GEN_FORMATS) $(FORMATS_DEF) --check $(FORMATS_VH); \
	   $(TEST_FORMATS_BIN) $(FORMATS_VH) $$?; } 2>&1 | tee $(RESULTS)/formats.log || rc=1; \
	 $(TEST_RXREF_BIN) 2>&1 | tee $(RESULTS)/rxref.log || rc=1; \
	 $(TEST_TXREF_BIN) 2>&1 | tee $(RESULTS)/txref.log || rc=1; \
	 $(TEST_CHECK_STAGE_BIN) 2>&1 | tee $(RESULTS)/check-stage-tx.log || rc=1; \
	 $(TEST_PCAP_BIN) 2>&1 | tee $(RESULTS)/pcap.log || rc=1; \
	 $(TEST_CMB_BIN) ref 2>&1 | tee $(RESULTS)/cmb-ref.log || rc=1; \
	 $(TEST_CMB_BIN) model 2>&1 | tee $(RESULTS)/cmb-model.log || rc=1; \
	 $(TEST_DEPREF_BIN) 2>&1 | tee $(RESULTS)/dep-ref.log || rc=1; \
	 $(TEST_DEP_BIN) 2>&1 | tee $(RESULTS)/dep-model.log || rc=1; \
	 $(TEST_AXIS_ARB_BIN) 2>&1 | tee $(RESULTS)/axis-arb-model.log || rc=1; \
	 $(TEST_VCD_BIN) 2>&1 | tee $(RESULTS)/vcd.log || rc=1; exit $$rc

# The dep-ref suite alone.
test-depref: $(TEST_DEPREF_BIN)
	@mkdir -p $(RESULTS)
	@$(TEST_DEPREF_BIN) 2>&1 | tee $(RESULTS)/dep-ref.log

# The dep-model suite alone.
test-dep: $(TEST_DEP_BIN)
	@mkdir -p $(RESULTS)
	@$(TEST_DEP_BIN) 2>&1 | tee $(RESULTS)/dep-model.log

# The axis-arb-model suite alone.
test-axis-arb: $(TEST_AXIS_ARB_BIN)
	@mkdir -p $(RESULTS)
	@$(TEST_AXIS_ARB_BIN) 2>&1 | tee $(RESULTS)/axis-arb-model.log
# The vcd suite alone.
test-vcd: $(TEST_VCD_BIN)
	@mkdir -p $(RESULTS)
	@$(TEST_VCD_BIN) 2>&1 | tee $(RESULTS)/vcd.log

bench-c: $(BENCH_CRC_BIN)
	@mkdir -p $(RESULTS)
	@$(BENCH_CRC_BIN) 2>&1 | tee $(RESULTS)/bench-crc.txt

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/obj-san/*.d)

# CRC multiplier (rtl/mdd_crc_mul.v, used by the combiner): Icarus test bench against mdd_crc_mulmod of
# rtl/mdd_crc_math.vh for every CRC (the .vh function is tied to the C library by crc-math-vh-lib), lint per CRC.
# Its lockstep runs inside the combiner's (mk/rtl_cmb.mk).

CRC_MUL_ALGS := 0 1 2 3
# products per CRC; Icarus takes 73 ms a product of the 64-bit CRC (3000: 219 s, the longest Icarus run in CI)
CRC_MUL_N   := 3000
CRC_MUL_N64 := 1000

define CRC_MUL_CONFIG
$(BUILD)/crc_mul/a$(1).vvp: rtl/mdd_crc_mul.v rtl/mdd_crc_math.vh tb/icarus/tb_mdd_crc_mul.v
	@mkdir -p $$(@D)
	$(IVERILOG) $(IVERILOG_FLAGS) -o $$@ -s tb_mdd_crc_mul -Ptb_mdd_crc_mul.CRC_ALG=$(1) \
	    -Ptb_mdd_crc_mul.N=$(if $(filter 3,$(1)),$(CRC_MUL_N64),$(CRC_MUL_N)) tb/icarus/tb_mdd_crc_mul.v rtl/mdd_crc_mul.v

.PHONY: crc-mul-icarus-a$(1) crc-mul-lint-a$(1)
crc-mul-icarus-a$(1): $(BUILD)/crc_mul/a$(1).vvp
	$$(call RUN_VVP,icarus-crc-mul-a$(1),$(BUILD)/crc_mul/a$(1).vvp +suite=icarus-crc-mul-a$(1))

crc-mul-lint-a$(1):
	$$(call VL_LINT,mdd_crc_mul,-GCRC_ALG=$(1))

endef

$(foreach a,$(CRC_MUL_ALGS),$(eval $(call CRC_MUL_CONFIG,$(a))))

ICARUS_TESTS += $(foreach a,$(CRC_MUL_ALGS),crc-mul-icarus-a$(a))
LINT_TARGETS += $(foreach a,$(CRC_MUL_ALGS),crc-mul-lint-a$(a))

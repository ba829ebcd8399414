# RX/TX CRC engine (rtl/mdd_rx_crc_engine.v): two mdd_crc_unit instances taking messages alternately, result
# FIFOs with credits. Lockstep against the twin with an independent scoreboard (mdd_crc_update per message),
# lint for every W and algorithm. Configurations: CRC-32C at every W; CRC-16/T10-DIF and CRC-64/NVME (the other
# guards) at W=8 and W=64; m11 (ALGS = 11: the three guard CRCs in one engine, the check stage's, D-113) at W=8
# and W=64.

RX_CRC_ENGINE_DEPTH   := 16
RX_CRC_ENGINE_CONFIGS := $(foreach w,$(WS),0_$(w)) 1_8 1_64 3_8 3_64 m11_8 m11_64
RX_CRC_ENGINE_DIR     := $(BUILD)/rx_crc_engine
RX_CRC_ENGINE_SRCS    := rtl/mdd_rx_crc_engine.v rtl/mdd_fifo.v rtl/mdd_crc_unit.v rtl/mdd_crc_shift.v rtl/mdd_crc_math.vh \
                         $(wildcard rtl/mdd_compact.v rtl/mdd_lane_rotate.v)
RX_CRC_ENGINE_CYCLES  := 150000
RX_CRC_ENGINE_REGRESS_SEEDS  := 11 12 13
RX_CRC_ENGINE_REGRESS_CYCLES := 1000000

rx_crc_engine_alg = $(word 1,$(subst _, ,$(1)))
rx_crc_engine_w   = $(word 2,$(subst _, ,$(1)))
# m<mask>: the ALGS mask of an engine with several algorithms (CRC_ALG then 0, unused)
rx_crc_engine_algs = $(patsubst m%,%,$(filter m%,$(call rx_crc_engine_alg,$(1))))
rx_crc_engine_a    = $(if $(call rx_crc_engine_algs,$(1)),0,$(call rx_crc_engine_alg,$(1)))
rx_crc_engine_g    = -GW=$(call rx_crc_engine_w,$(1)) -GCRC_ALG=$(call rx_crc_engine_a,$(1)) \
                     $(if $(call rx_crc_engine_algs,$(1)),-GALGS=$(call rx_crc_engine_algs,$(1)))
rx_crc_engine_bin = $(BUILD)/vl/rx_crc_engine_a$(call rx_crc_engine_alg,$(1))_w$(call rx_crc_engine_w,$(1))/rx_crc_engine_a$(call rx_crc_engine_alg,$(1))_w$(call rx_crc_engine_w,$(1))

define RX_CRC_ENGINE_CONFIG
$(call rx_crc_engine_bin,$(1)): $(RX_CRC_ENGINE_SRCS) tb/lockstep/rx_crc_engine_main.cpp $(LS_HDRS) $(LIBMDD)
	$$(call VL_BUILD,$$(@D),mdd_rx_crc_engine,tb/lockstep/rx_crc_engine_main.cpp, \
	    $(call rx_crc_engine_g,$(1)) -GDEPTH=$(RX_CRC_ENGINE_DEPTH) \
	    -CFLAGS -DENGINE_W=$(call rx_crc_engine_w,$(1)) -CFLAGS -DENGINE_ALG=$(call rx_crc_engine_a,$(1)) \
	    -CFLAGS -DENGINE_DEPTH=$(RX_CRC_ENGINE_DEPTH) \
	    $(if $(call rx_crc_engine_algs,$(1)),-CFLAGS -DENGINE_ALGS=$(call rx_crc_engine_algs,$(1))))

.PHONY: rx-crc-engine-lockstep-$(1) rx-crc-engine-lint-$(1)
rx-crc-engine-lockstep-$(1): $(call rx_crc_engine_bin,$(1))
	$$(call RUN_SEEDS,lockstep-rx-crc-engine-a$(call rx_crc_engine_alg,$(1))-w$(call rx_crc_engine_w,$(1)),$$< \
	    --cycles $(call per_seed,$(RX_CRC_ENGINE_CYCLES)),$(RX_CRC_ENGINE_DIR)/vcd/a$(1))

$(call SOAK_ADD,rx-crc-engine-a$(call rx_crc_engine_alg,$(1))-w$(call rx_crc_engine_w,$(1)),$(call rx_crc_engine_w,$(1)),$(call rx_crc_engine_bin,$(1)),--cycles $(RX_CRC_ENGINE_CYCLES))

rx-crc-engine-lint-$(1):
	$$(call VL_LINT,mdd_rx_crc_engine,$(call rx_crc_engine_g,$(1)))

$(foreach s,$(RX_CRC_ENGINE_REGRESS_SEEDS),$(eval $(call RX_CRC_ENGINE_REGRESS,$(1),$(s))))
endef

define RX_CRC_ENGINE_REGRESS
.PHONY: rx-crc-engine-regress-$(1)-s$(2)
rx-crc-engine-regress-$(1)-s$(2): $(call rx_crc_engine_bin,$(1))
	$$(call RUN_SUITE,regress-rx-crc-engine-a$(call rx_crc_engine_alg,$(1))-w$(call rx_crc_engine_w,$(1))-s$(2),$$< \
	    --seed $(2) --cycles $(RX_CRC_ENGINE_REGRESS_CYCLES) \
	    --suite regress-rx-crc-engine-a$(call rx_crc_engine_alg,$(1))-w$(call rx_crc_engine_w,$(1))-s$(2) \
	    --vcd $(RX_CRC_ENGINE_DIR)/vcd/regress_a$(1)_s$(2))

endef

$(foreach c,$(RX_CRC_ENGINE_CONFIGS),$(eval $(call RX_CRC_ENGINE_CONFIG,$(c))))

.PHONY: rx-crc-engine-selftest
rx-crc-engine-selftest: $(call rx_crc_engine_bin,0_8)
	$(call LOCKSTEP_SELFTEST,selftest-rx-crc-engine,$<,5000,m_res0,$(RX_CRC_ENGINE_DIR)/selftest/fault)

# make test sweeps W over $(PATH_TEST_WS); make regress over all of $(WS) (D-053)
LOCKSTEP_TESTS += $(foreach c,$(filter-out $(foreach w,$(PATH_EXTRA_WS),0_$(w)),$(RX_CRC_ENGINE_CONFIGS)),rx-crc-engine-lockstep-$(c)) rx-crc-engine-selftest
REGRESS_TESTS  += $(foreach c,$(RX_CRC_ENGINE_CONFIGS),$(foreach s,$(RX_CRC_ENGINE_REGRESS_SEEDS),rx-crc-engine-regress-$(c)-s$(s)))
LINT_TARGETS   += $(foreach c,$(RX_CRC_ENGINE_CONFIGS),rx-crc-engine-lint-$(c))

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_crc_engine.v: two CRC units taking consecutive messages
 * alternately, up to two messages per word, with result FIFOs and credits.
 * Composed of two mdd_crc_unit twins; registers mirror the RTL (par, open_has,
 * cred0/1, rd_par, per-unit FIFO memory and pointers).  See the RTL header for
 * the behaviour; docs/rx-path.md section 9 for its use.
 */
#ifndef MDD_RX_CRC_ENGINE_MODEL_H
#define MDD_RX_CRC_ENGINE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_crc_unit_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_RX_CRC_ENGINE_MAX_DEPTH 64

typedef struct mdd_rx_crc_engine_in {
    bool rst;
    bool s_valid;
    uint8_t s_data[MDD_CRC_UNIT_MAX_W];
    uint64_t s_incl, s_end; /* bit i = lane i */
    bool s_close, s_seed_en;
    uint64_t s_seed;
    unsigned s_alg; /* with several algorithms (RTL ALGS): the word's */
    unsigned m_pop; /* 0, 1 or 2 */
} mdd_rx_crc_engine_in;

typedef struct mdd_rx_crc_engine_out {
    bool s_ready;
    unsigned s_nend;
    bool s_part;
    uint64_t m_res0, m_res1;
    bool m_res0_valid, m_res1_valid;
} mdd_rx_crc_engine_out;

typedef struct mdd_rx_crc_engine_model {
    unsigned w, depth;
    unsigned algs; /* bit a: algorithm a (the RTL's ALGS, or 1 << CRC_ALG) */
    bool par, open_has, rd_par;
    unsigned cred[2];
    mdd_crc_unit_model unit[2];
    uint64_t mem[2][MDD_RX_CRC_ENGINE_MAX_DEPTH];
    unsigned wr_ptr[2], rd_ptr[2]; /* AW+1 bits, like the RTL */
    uint64_t head[2];              /* the FIFOs' head registers (mdd_fifo HEAD_REG = 1) */
    mdd_crc_unit_in ureg[2];       /* the units' registered inputs (rst is the current one) */
    uint64_t pop_errors;           /* pops of results that were not valid (consumer bug) */
} mdd_rx_crc_engine_model;

/* 0 on success, -1 on parameters the RTL rejects. */
int mdd_rx_crc_engine_model_init(mdd_rx_crc_engine_model *m, unsigned w, mdd_crc_alg alg, unsigned depth);
/* The RTL's ALGS: units computing every algorithm of the mask, s_alg picking a message's result. */
int mdd_rx_crc_engine_model_init_algs(mdd_rx_crc_engine_model *m, unsigned w, unsigned algs, unsigned depth);
void mdd_rx_crc_engine_eval(const mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in,
                            mdd_rx_crc_engine_out *out);
void mdd_rx_crc_engine_tick(mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_CRC_ENGINE_MODEL_H */

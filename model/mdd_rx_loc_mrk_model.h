/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_mrk.v, RX locate stage L1: descriptor FIFO and validation, transfer offsets,
 * marker lanes, DESC/UPSTREAM events, TCP_SEQ and MRK_POS resume fields (docs/rx-path.md section 8).
 *
 * Contract (docs/ARCHITECTURE.md section 8): mdd_rx_loc_mrk_eval() is combinational (outputs from the
 * registers and this cycle's inputs), mdd_rx_loc_mrk_tick() is the rising clock edge, rst is an input.
 * Registers mirror the RTL's one for one (same names) and start at zero.
 */
#ifndef MDD_RX_LOC_MRK_MODEL_H
#define MDD_RX_LOC_MRK_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_rx_loc_mrk_in {
    bool rst;
    uint8_t s_axis_rx_tdata[MDD_RX_MAX_W]; /* lane i = tdata[8i+7:8i] */
    uint64_t s_axis_rx_tkeep;
    bool s_axis_rx_tlast;
    bool s_axis_rx_tuser;
    bool s_axis_rx_tvalid;
    uint64_t s_axis_rx_desc_tdata[8];
    bool s_axis_rx_desc_tvalid;
    bool m_ready;
} mdd_rx_loc_mrk_in;

typedef struct mdd_rx_loc_mrk_out {
    bool s_axis_rx_tready;
    bool s_axis_rx_desc_tready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_rx_loc_mrk_out;

typedef struct mdd_rx_loc_mrk_model {
    unsigned w;
    uint64_t lanes; /* W ones */
    /* descriptor FIFO */
    uint64_t e0_desc[8], e1_desc[8];
    bool e0_bad, e1_bad;
    unsigned fifo_cnt;
    /* stage A, the input register (the RTL also keeps the beat's lane counts there, a function of a_keep) */
    bool a_valid;
    uint8_t a_data[MDD_RX_MAX_W];
    uint64_t a_keep;
    bool a_last, a_user;
    /* transfer state */
    bool in_xfer;
    uint32_t woff_r;
    uint32_t mpos_r;
    uint64_t done;
    /* output register */
    bool m_valid_r;
    mdd_rx_word m;
} mdd_rx_loc_mrk_model;

/* 0 on success, -1 if w is not 4, 8, 16, 32 or 64. */
int mdd_rx_loc_mrk_model_init(mdd_rx_loc_mrk_model *m, unsigned w);
void mdd_rx_loc_mrk_eval(const mdd_rx_loc_mrk_model *m, const mdd_rx_loc_mrk_in *in, mdd_rx_loc_mrk_out *out);
void mdd_rx_loc_mrk_tick(mdd_rx_loc_mrk_model *m, const mdd_rx_loc_mrk_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_LOC_MRK_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_locate.v: the three RX locate stages in a row, composed of their twins as the RTL is
 * composed of the modules (L1 mdd_rx_loc_mrk -> L2 mdd_rx_loc_pdu -> L3 mdd_rx_loc_dif).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational (the ready chain runs from m_ready back
 * through L3, L2, L1 as in the RTL), tick is the clock edge, rst is an input.
 */
#ifndef MDD_RX_LOCATE_MODEL_H
#define MDD_RX_LOCATE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_loc_dif_model.h"
#include "mdd_rx_loc_mrk_model.h"
#include "mdd_rx_loc_pdu_model.h"
#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_rx_locate_in {
    bool rst;
    uint8_t s_axis_rx_tdata[MDD_RX_MAX_W];
    uint64_t s_axis_rx_tkeep;
    bool s_axis_rx_tlast;
    bool s_axis_rx_tuser;
    bool s_axis_rx_tvalid;
    uint64_t s_axis_rx_desc_tdata[8];
    bool s_axis_rx_desc_tvalid;
    bool m_ready;
} mdd_rx_locate_in;

typedef struct mdd_rx_locate_out {
    bool s_axis_rx_tready;
    bool s_axis_rx_desc_tready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_rx_locate_out;

typedef struct mdd_rx_locate_model {
    unsigned w;
    mdd_rx_loc_mrk_model l1;
    mdd_rx_loc_pdu_model l2;
    mdd_rx_loc_dif_model l3;
} mdd_rx_locate_model;

/* 0 on success, -1 if w is not 4, 8, 16, 32 or 64. */
int mdd_rx_locate_model_init(mdd_rx_locate_model *m, unsigned w);
void mdd_rx_locate_eval(const mdd_rx_locate_model *m, const mdd_rx_locate_in *in, mdd_rx_locate_out *out);
void mdd_rx_locate_tick(mdd_rx_locate_model *m, const mdd_rx_locate_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_LOCATE_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_tx_gen.v, the TX generator (docs/tx-path.md section 8): descriptor FIFO and validation,
 * a host byte buffer, and per cycle one word of the generated stream in the RX word format (model/mdd_rx_word.h):
 * markers (values filled), header/data digest slots and INSERT PI slots (zero: the check stages fill them), pad
 * (zero), host bytes (HDR, PAY, PI), stripped PI (K = 0), tags, aux, the window's K, the DESC/UPSTREAM/FRAME
 * events and the resume fields the generator owns (TCP_SEQ, MRK_POS, PDU_OFF, HDR_LEN, DATA_LEN, DIF_POS,
 * FPDU_WOFF, the window).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input.
 * Registers mirror the RTL's one for one and start at zero, except the marker image and its valid bit: the
 * walk computes a marker's image already when it looks at the marker's first byte after the word's last lane,
 * the RTL when it generates that byte (same value, outputs equal). The per-cycle word (gen_word) is a walk over the lanes, one after the other, with the
 * chunking rules C1-C6 of docs/tx-path.md section 8; the RTL decides all lanes at once (D-045) and must agree
 * with the walk on every output every cycle, so the walk is the oracle for the cycle behaviour.
 */
#ifndef MDD_TX_GEN_MODEL_H
#define MDD_TX_GEN_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_TX_GEN_MAX_BUF (3 * MDD_RX_MAX_W + 8)

typedef struct mdd_tx_gen_in {
    bool rst;
    uint8_t s_axis_tx_tdata[MDD_RX_MAX_W];
    uint64_t s_axis_tx_tkeep;
    bool s_axis_tx_tlast, s_axis_tx_tuser, s_axis_tx_tvalid;
    uint64_t s_axis_tx_desc_tdata[8];
    bool s_axis_tx_desc_tvalid;
    bool m_ready;
} mdd_tx_gen_in;

typedef struct mdd_tx_gen_out {
    bool s_axis_tx_tready, s_axis_tx_desc_tready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_tx_gen_out;

typedef struct mdd_tx_gen_model {
    unsigned w, buf; /* buf = 3W + 8 host bytes */
    /* descriptor FIFO (two entries, as RX L1) */
    uint64_t e0_desc[8], e1_desc[8];
    bool e0_bad, e1_bad;
    unsigned fifo_cnt;
    /* host byte buffer: hb[0..hb_cnt) in order; hb_up[j] = byte j is the first kept byte of a tuser beat.
     * hb_end: the current transfer's tlast is in the buffer, its bytes are hb[0..hb_e0); hb_end1: the next
     * transfer's tlast is in too, its bytes end at hb_e1 (no beat enters then) */
    uint8_t hb[MDD_TX_GEN_MAX_BUF];
    bool hb_up[MDD_TX_GEN_MAX_BUF];
    unsigned hb_cnt, hb_e0, hb_e1;
    bool hb_end, hb_end1;
    /* transfer state (meaningful while in_xfer) */
    bool in_xfer, lost, pdu_done, mimg_ok;
    uint32_t hoff;      /* host bytes consumed */
    uint32_t wire;      /* wire bytes generated */
    uint32_t mrk_pos, pdu_off, hdr_len, data_len, dif_pos, fpdu_woff, len_off, pdus;
    uint32_t skip, pass;
    uint8_t mimg[8];    /* the marker being generated */
    /* output register */
    bool m_valid_r;
    mdd_rx_word m;
} mdd_tx_gen_model;

/* 0 on success, -1 if w is not 4, 8, 16, 32 or 64. */
int mdd_tx_gen_model_init(mdd_tx_gen_model *m, unsigned w);
void mdd_tx_gen_eval(const mdd_tx_gen_model *m, const mdd_tx_gen_in *in, mdd_tx_gen_out *out);
void mdd_tx_gen_tick(mdd_tx_gen_model *m, const mdd_tx_gen_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TX_GEN_MODEL_H */

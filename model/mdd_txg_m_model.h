/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_txg_m.v, stage M of the staged TX generator (docs/timing.md section 4): the marker
 * counter and the window, W wire lanes a word. A word holds at most one marker start (a second one starts the
 * next word), so every lane decision is a compare of the lane index with a register: the distance d to the next
 * marker start, the marker position, skip and pass. The loop keeps only those registers.
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational (the word from the registers), tick the rising
 * edge, rst an input. load takes a transfer's start state (no word in that cycle); run takes the word.
 */
#ifndef MDD_TXG_M_MODEL_H
#define MDD_TXG_M_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_txg_m_in {
    bool rst;
    bool load;
    bool ld_mrk_en;
    uint32_t ld_period;  /* MRK_PERIOD, 19 bits */
    uint8_t ld_ml;       /* marker length: 4 or 8 */
    uint32_t ld_mrk_pos; /* MRK_POS, 19 bits, < period */
    uint32_t ld_skip, ld_pass;
    bool run;
} mdd_txg_m_in;

typedef struct mdd_txg_m_out {
    uint8_t n;                    /* lanes in the word: 1..W */
    uint64_t mrk, k, mnext;       /* per lane (bit i), 0 from lane n */
    uint8_t mb[MDD_RX_MAX_W];     /* marker byte of a marker lane, else 0 */
    /* for stage P, the non-marker prefix counts: pc[i] lanes j < i with mrk bit j clear (every lane i < W, so
     * lanes from n count as non-marker), pc_l = pc[n - 1], pc_n the word's non-marker lanes */
    uint8_t pc[MDD_RX_MAX_W];
    uint8_t pc_l, pc_n;
    uint32_t wire, mrk_pos, skip, pass; /* the state at the word's start */
} mdd_txg_m_out;

typedef struct mdd_txg_m_model {
    unsigned w;
    bool mrk_en;
    uint32_t period, ml;
    uint32_t d;       /* lanes to the next marker start (0: lane 0 starts one); 0 if markers are off */
    uint32_t mrk_pos, skip, pass, wire;
} mdd_txg_m_model;

int mdd_txg_m_model_init(mdd_txg_m_model *m, unsigned w);
void mdd_txg_m_eval(const mdd_txg_m_model *m, const mdd_txg_m_in *in, mdd_txg_m_out *out);
void mdd_txg_m_tick(mdd_txg_m_model *m, const mdd_txg_m_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_M_MODEL_H */

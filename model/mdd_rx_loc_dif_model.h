/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_dif.v, RX locate stage L3: DIF positions of the PAY lanes (PAY or PI, EB, PI aux
 * and K) and the DIF_POS resume field (docs/rx-path.md sections 1, 6 and 8).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick is the clock edge, rst is an input;
 * the pipeline registers mirror the RTL's one for one (same names) and start at zero: stage I, the input word
 * (i_valid, i; the RTL also keeps there the first stages of its lane counts, the period and the
 * state a first word loads, all functions of the word), stage A, the word with its lane counts (a_valid, a;
 * the counts are functions of the word), and the output register (m_valid_r, m); latency three clocks (two
 * from D-064, three from D-068). The split and position
 * state of stage B is the reference's (done, used_r, dpos_r: the lanes emitted and the position of the next
 * PAY byte), not the RTL's block-start distances; it changes on the same clock edges.
 */
#ifndef MDD_RX_LOC_DIF_MODEL_H
#define MDD_RX_LOC_DIF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_rx_loc_dif_in {
    bool rst;
    bool s_valid;
    MDD_RX_WORD_FIELDS(s_)
    bool m_ready;
} mdd_rx_loc_dif_in;

typedef struct mdd_rx_loc_dif_out {
    bool s_ready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_rx_loc_dif_out;

typedef struct mdd_rx_loc_dif_model {
    unsigned w;
    bool i_valid;
    mdd_rx_word i;
    bool a_valid;
    mdd_rx_word a;
    uint64_t done;
    uint32_t used_r;
    uint32_t dpos_r;
    bool m_valid_r;
    mdd_rx_word m;
} mdd_rx_loc_dif_model;

int mdd_rx_loc_dif_model_init(mdd_rx_loc_dif_model *m, unsigned w);
void mdd_rx_loc_dif_eval(const mdd_rx_loc_dif_model *m, const mdd_rx_loc_dif_in *in, mdd_rx_loc_dif_out *out);
void mdd_rx_loc_dif_tick(mdd_rx_loc_dif_model *m, const mdd_rx_loc_dif_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_LOC_DIF_MODEL_H */

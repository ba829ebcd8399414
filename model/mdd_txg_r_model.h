/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_txg_r.v, stage R of the staged TX generator (docs/timing.md section 4): the resume fields.
 * A transfer's last word carries in its descriptor the state after the last lane generated (TCP_SEQ, MRK_POS,
 * PDU_OFF, HDR_LEN, DATA_LEN, DIF_POS, FPDU_WOFF, SKIP_LEN, PASS_LEN: docs/tx-path.md section 2). R keeps that
 * state per transfer from the words F generates, counting each word's lanes by their tags, one cycle after F
 * (the word in the generator's first output register, on its way to the second):
 *   - wire lanes (every lane but VOID and the stripped PI, SPI) move the wire count, the marker position (modulo
 *     MRK_PERIOD when markers are on: a word holds lanes of one M word, so the position wraps at most twice),
 *     SKIP_LEN, then PASS_LEN (each saturating at 0), and MPA's FPDU offset (reset after the word's EP lane);
 *   - the PDU offset moves on the lanes that are neither VOID, MRK nor SPI (after the EP lane: counted from 0;
 *     RAW: never);
 *   - the DIF position moves on PAY and PI lanes (SPI included) unless DIF_OP is NONE, modulo BLK_LEN + the PI's
 *     length (a word holds one EB at most, so at most two wraps);
 *   - HDR_LEN and DATA_LEN are F's registers after the word (inputs).
 * A transfer's first word starts from its descriptor's fields. The word leaves with the fields written into its
 * descriptor if it is a good transfer's last word (dbad clear), else with the descriptor unchanged: HDR_LEN and
 * DATA_LEN into o_desc, which the generator's output register (q_base) loads as the word moves on (go), and the
 * others at that register's output from the state registers (q_desc, where q_sel says the register holds a good
 * transfer's last word; D-106). The state keeps the TCP sequence number itself (the descriptor's plus the wire
 * lanes) and has no reset (a transfer's first word loads it).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input (unused);
 * go: the word moves on (the state takes the state after it).
 */
#ifndef MDD_TXG_R_MODEL_H
#define MDD_TXG_R_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_txg_r_in {
    bool rst;
    bool go;
    /* the word: its tags, its stripped-PI lanes (bit i), first / last / dbad, its transfer's descriptor */
    uint8_t tag[MDD_RX_MAX_W];
    uint64_t spi;
    bool first, last, dbad;
    uint64_t desc[8];
    uint32_t hdr_len, data_len; /* F's lengths after the word */
    /* the generator's output register: its descriptor, and whether it holds a good transfer's last word */
    uint64_t q_base[8];
    bool q_sel;
} mdd_txg_r_in;

/* The state after a lane (the resume fields but the lengths). */
typedef struct mdd_txg_r_state {
    uint32_t seq, mrk_pos, skip, pass, pdu_off, fpdu_woff, dif_pos;
} mdd_txg_r_state;

typedef struct mdd_txg_r_model {
    unsigned w;
    mdd_txg_r_state s; /* after the last word that moved on */
} mdd_txg_r_model;

int mdd_txg_r_model_init(mdd_txg_r_model *m, unsigned w);
/* The state after the word (after), its descriptor as it leaves (o_desc: the lengths written) and the output
 * register's with the state's fields written (q_desc). */
void mdd_txg_r_eval(const mdd_txg_r_model *m, const mdd_txg_r_in *in, mdd_txg_r_state *after, uint64_t *o_desc,
                    uint64_t *q_desc);
/* base with the state's resume fields written where sel (q_desc of eval; out may be base) */
void mdd_txg_r_qdesc(const mdd_txg_r_model *m, const uint64_t *base, bool sel, uint64_t *out);
void mdd_txg_r_tick(mdd_txg_r_model *m, const mdd_txg_r_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_R_MODEL_H */

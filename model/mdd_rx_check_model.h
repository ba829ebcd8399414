/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_check.v: the RX checker (docs/rx-path.md sections 4-7 and 9). It takes the located
 * words (after the CRC engines' fork) together with the engines' results and
 *   - compares every HDIG, DDIG and PI byte with its expected value (the result of the message that ended at
 *     EH / ED / EB, or the descriptor's partial for a field cut at the transfer start), one event per field
 *     (per PI subfield), raised when the field's last byte passes or the transfer ends;
 *   - applies the T10 escapes, the app-tag mask, the reference tag per protection type, CHECK_REPLACE;
 *   - on the last word writes the resume fields it owns: HDIG_PART/DIG_PART/DIF_PART with their _OPEN bits
 *     and REF_TAG.
 * The lanes are processed in order (the RTL computes them in parallel, D-041); the registers are the st_*
 * below, mirrored one for one with the RTL, plus the four word registers (r: the word as it entered, e: after
 * the checks, q: after the events, m: after the ranking of the error candidates, D-061).
 *
 * Parameters, as the RTL's: eng_mask (bit MDD_ENGINE_HDIG / DDIG / GUARD: the engine exists; an absent one is
 * disabled on every word: its lanes pass untouched, no event, its resume fields echoed) and tx (TX mode,
 * docs/tx-path.md: offsets count host lanes only, HDIG/DDIG lanes and INSERT PI are filled with their expected
 * values instead of being checked, the header-digest partial is saved in DIG_PART with HDIG_OPEN, T4).
 */
#ifndef MDD_RX_CHECK_MODEL_H
#define MDD_RX_CHECK_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Engine index: header digest, data digest, guard (the selected PI format's engine). */
enum { MDD_RX_ENG_H = 0, MDD_RX_ENG_D = 1, MDD_RX_ENG_G = 2, MDD_RX_ENGS = 3 };

typedef struct mdd_rx_check_in {
    bool rst;
    bool s_valid;
    MDD_RX_WORD_FIELDS(s_)
    uint8_t s_nend[MDD_RX_ENGS]; /* results this word produced per engine: ends ... */
    bool s_part[MDD_RX_ENGS];    /* ... and a partial */
    uint64_t res0[MDD_RX_ENGS], res1[MDD_RX_ENGS];
    bool res0_valid[MDD_RX_ENGS], res1_valid[MDD_RX_ENGS];
    bool m_ready;
} mdd_rx_check_in;

typedef struct mdd_rx_check_out {
    bool s_ready;
    uint8_t pop[MDD_RX_ENGS];
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_rx_check_out;

/* A digest field (HDIG or DDIG) being compared: RTL st_<h|d>_*. */
typedef struct mdd_rx_check_dig {
    uint32_t exp;   /* expected value of the current / next field */
    unsigned rs;    /* resume source: 0 descriptor, 1 exp, 2 zero (field complete) */
    bool act, mis;  /* field has bytes in this transfer; a byte differed */
    unsigned mbyte; /* first differing byte */
    uint32_t off, unit, got;
} mdd_rx_check_dig;

/* The PI being compared: RTL st_p_*. */
typedef struct mdd_rx_check_pi {
    uint64_t gexp;          /* expected guard of the current / next PI */
    unsigned rs;            /* resume source of DIF_PART, as for digests */
    uint64_t ref;           /* expected reference tag of the next PI (48 bits) */
    bool act;
    uint64_t fgexp, fref;   /* guard / ref expected for the PI in progress */
    uint32_t unit;
    uint16_t present;       /* bit j: PI byte j is in this transfer */
    uint8_t got[16];
    bool mis[3];            /* guard, app, ref */
    unsigned mbyte[3];
    uint32_t soff[3];       /* transfer offset of each subfield's first byte in this transfer */
} mdd_rx_check_pi;

typedef struct mdd_rx_check_model {
    unsigned w;
    unsigned eng_mask; /* bit e: engine e (MDD_RX_ENG_*) exists */
    bool tx;
    /* stream state */
    mdd_rx_check_dig dig[2]; /* [0] header digest, [1] data digest */
    mdd_rx_check_pi pi;
    uint32_t pdus, blocks;   /* PDU ends / PIs completed so far in the transfer */
    /* stage 0 register (RTL r_*: the word and the result counts it needs; the RTL also registers the word's
     * lane decode, mdd_rx_check_dec, which the twin derives from the word); stage 1 (RTL e_*: the checked word,
     * its record merged here at once; the RTL holds the parts of its events and the PI bytes' differences),
     * stage 1b (RTL v_*: the PI compares reduced) and stage 2 (RTL q_*: the RTL holds each kind's candidate)
     * registers; the output register */
    /* stage P (RTL g_pre.p_word, W >= 32 only, D-112: the word before stage 0; the RTL's decoder registers its
     * part A of the word's lane decode with it) */
    bool pre;
    bool p_valid;
    mdd_rx_word p;
    uint8_t p_nend[MDD_RX_ENGS];
    bool p_part[MDD_RX_ENGS];
    bool r_valid;
    mdd_rx_word r;
    uint8_t r_nend[MDD_RX_ENGS];
    bool r_part[MDD_RX_ENGS];
    bool e_valid;
    mdd_rx_word e;
    bool v_valid;
    mdd_rx_word v;
    bool q_valid;
    mdd_rx_word q;
    bool m_valid;
    mdd_rx_word m;
    uint64_t contract_errors; /* engine counts that disagree with the word's end flags */
    /* coverage, not behaviour: words whose first error would differ, and change the transfer's first error so
     * far, if a digest kind's candidate were ranked by the key of its other field in the word (D-088's pairs) */
    uint64_t cov_rank_ab;
    bool cov_best_v;          /* the transfer's first error so far */
    unsigned cov_best_code;
    uint32_t cov_best_off;
} mdd_rx_check_model;

/* eng_mask: bits 0-2 = MDD_ENGINE_HDIG/DDIG/GUARD (RTL ENG_MASK); tx: RTL TX. */
int mdd_rx_check_model_init(mdd_rx_check_model *m, unsigned w, unsigned eng_mask, bool tx);
void mdd_rx_check_eval(const mdd_rx_check_model *m, const mdd_rx_check_in *in, mdd_rx_check_out *out);
void mdd_rx_check_tick(mdd_rx_check_model *m, const mdd_rx_check_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_CHECK_MODEL_H */

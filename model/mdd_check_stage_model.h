/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_check_stage.v: the CRC engines, the data FIFO and the checker as one block, composed of
 * their twins as the RTL is of the modules (docs/rx-path.md section 9):
 *
 *   s_* word -> fork {CRC engines h, d, g (those in eng_mask; g: the three PI formats' CRCs, D-113); data FIFO} -> checker -> m_* word
 *
 * Parameters as the RTL's: w, data_depth, res_depth, eng_mask (bit MDD_ENGINE_HDIG / DDIG / GUARD: engine
 * built; an absent one reports no results and the checker treats it as disabled), tx (the checker's TX mode and
 * the fork's TX rules: the header-digest engine seeded from DIG_PART, CHECK_STRIP PI left out of the data
 * digest). The RX path uses eng_mask 7, tx 0; the TX path one stage with the guard engine and one with the
 * digest engines, both tx 1 (docs/tx-path.md section 8).
 *
 * s_ready depends only on registers and m_ready (not on s_valid or the word), so a composing twin may evaluate
 * it before it has the word. m_* come from the checker's output register (chk.m_valid, chk.m).
 */
#ifndef MDD_CHECK_STAGE_MODEL_H
#define MDD_CHECK_STAGE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_check_model.h"
#include "mdd_rx_crc_engine_model.h"
#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CHECK_STAGE_MAX_DATA_DEPTH 64

/* Engines: header digest, data digest, guard (the three PI formats' CRCs in one, D-113): MDD_RX_ENG_H/D/G. */
enum { MDD_CHECK_STAGE_ENGS = MDD_RX_ENGS };

typedef struct mdd_check_stage_in {
    bool rst;
    bool s_valid;
    MDD_RX_WORD_FIELDS(s_)
    bool m_ready;
} mdd_check_stage_in;

typedef struct mdd_check_stage_out {
    bool s_ready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_check_stage_out;

/* A data FIFO entry: the word and the results it produced per engine (h, d, guard). */
typedef struct mdd_check_stage_fentry {
    mdd_rx_word w;
    uint8_t nend[MDD_RX_ENGS];
    bool part[MDD_RX_ENGS];
} mdd_check_stage_fentry;

typedef struct mdd_check_stage_model {
    unsigned w, data_depth, res_depth, eng_mask;
    bool tx;
    bool built[MDD_CHECK_STAGE_ENGS];
    mdd_rx_crc_engine_model eng[MDD_CHECK_STAGE_ENGS]; /* h, d, g */
    mdd_check_stage_fentry fifo[MDD_CHECK_STAGE_MAX_DATA_DEPTH];
    unsigned wr, rd; /* AW+1 bits, like the RTL */
    mdd_rx_check_model chk;
    uint64_t contract_errors; /* ticks where the checker saw result counts that disagree with the tags */
} mdd_check_stage_model;

/* 0 on success, -1 on parameters the RTL rejects. */
int mdd_check_stage_model_init(mdd_check_stage_model *m, unsigned w, unsigned data_depth, unsigned res_depth,
                               unsigned eng_mask, bool tx);
void mdd_check_stage_eval(const mdd_check_stage_model *m, const mdd_check_stage_in *in, mdd_check_stage_out *out);
void mdd_check_stage_tick(mdd_check_stage_model *m, const mdd_check_stage_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CHECK_STAGE_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_pack.v (M9): drops the byte lanes whose s_tkeep bit is
 * clear and repacks the kept bytes, with their tags, into full words; the last
 * word of a packet carries the rest (m_tkeep contiguous from lane 0), and a
 * packet with no kept byte still produces one word with m_tkeep = 0 and
 * m_tlast.  It mirrors the RTL's registers one for one (same stages, same
 * enables, same values, also while a stage holds no valid word) so that it
 * runs in lockstep with the Verilated RTL, every output compared every cycle.
 *
 * Contract (docs/ARCHITECTURE.md section 8): mdd_pack_eval() is combinational
 * (outputs from the registers and this cycle's inputs), mdd_pack_tick() is the
 * rising clock edge; rst is an input like any other.  Registers start at zero,
 * like the RTL's initial values.
 *
 * The compaction is the RTL's mdd_compact instance `cmp` (lanes {tag, byte}),
 * here its twin, composed; the gearbox registers follow the RTL's names
 * (gb_*, e_*).  docs/pack.md describes the pipeline.
 */
#ifndef MDD_PACK_MODEL_H
#define MDD_PACK_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_compact_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_PACK_MAX_W 64
#define MDD_PACK_MAX_USER_LANE_W 56

typedef struct mdd_pack_in {
    bool rst;
    uint8_t s_tdata[MDD_PACK_MAX_W];  /* byte i = s_tdata[8i+7:8i]; bytes >= W ignored */
    uint64_t s_tuser[MDD_PACK_MAX_W]; /* tag of byte i = s_tuser[U*i+U-1:U*i], U = USER_LANE_W */
    uint64_t s_tkeep;                 /* bit i = byte i kept; any pattern */
    bool s_tlast;
    bool s_tvalid;
    bool m_tready;
} mdd_pack_in;

typedef struct mdd_pack_out {
    bool s_tready;
    uint8_t m_tdata[MDD_PACK_MAX_W];
    uint64_t m_tuser[MDD_PACK_MAX_W];
    uint64_t m_tkeep; /* all ones, or (last word) contiguous from lane 0, possibly 0 */
    bool m_tlast;
    bool m_tvalid;
} mdd_pack_out;

typedef struct mdd_pack_model {
    /* parameters */
    unsigned w, user_lane_w;
    /* derived */
    unsigned lane_w; /* 8 + user_lane_w */
    uint64_t keep_mask, user_mask;

    /* P1, P2, fill, C: the compaction twin (RTL instance `cmp`, LANE_W = 8 + USER_LANE_W) */
    mdd_compact_model cmp;
    /* gearbox */
    mdd_compact_bus gb_word;
    bool gb_pend, gb_pend_last;
    uint64_t gb_pend_keep;
    /* E: the output register */
    mdd_compact_bus e_lanes;
    uint64_t e_keep;
    bool e_last, e_valid;

    /* Invariant the RTL relies on: a word waiting in the gearbox (pend) is
     * only ever followed by a word that starts at fill 0, so at most one word
     * waits.  Counted, not asserted, so a harness can report it. */
    uint64_t invariant_violations;
} mdd_pack_model;

/* 0 on success, -1 on parameters the RTL rejects (w not 4/8/16/32/64, user_lane_w not 1..56). */
int mdd_pack_model_init(mdd_pack_model *m, unsigned w, unsigned user_lane_w);
/* Cycles from the cycle that accepts the input word completing an output word to the cycle with that word's
 * m_tvalid, when nothing stalls (one more for the second word of a two-word packet end): the compaction's
 * 2 + ceil(log2(W) / 3) plus the gearbox/output register. */
unsigned mdd_pack_latency(const mdd_pack_model *m);
void mdd_pack_eval(const mdd_pack_model *m, const mdd_pack_in *in, mdd_pack_out *out);
void mdd_pack_tick(mdd_pack_model *m, const mdd_pack_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_PACK_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_crc_unit.v: the CRC of the bytes selected by a per-byte
 * include mask, W bytes per clock.  It mirrors the RTL's registers one for one
 * (same stages, same enables, same values, also while a stage holds no valid
 * word) so that it runs in lockstep with the Verilated RTL, every output
 * compared on every cycle.
 *
 * Contract (DESIGN-NOTES section 3): mdd_crc_unit_eval() is combinational
 * (outputs from the registers and this cycle's inputs), mdd_crc_unit_tick() is
 * the rising clock edge; rst is an input like any other.  Registers start at
 * zero, like the RTL's initial values.  All CRC math goes through
 * include/mdd/crc.h.
 *
 * The register names below follow the RTL (p1_*, p2_*, g_cstage[c].*, gb_*,
 * e_*, crc_state, l_*); the fix-up is the RTL's mdd_crc_shift instance `fix`,
 * here its twin, composed.  docs/crc-unit.md describes the pipeline.
 */
#ifndef MDD_CRC_UNIT_MODEL_H
#define MDD_CRC_UNIT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/crc.h"
#include "mdd_crc_shift_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CRC_UNIT_MAX_W 64
#define MDD_CRC_UNIT_MAX_L 6      /* log2 of the largest W */
#define MDD_CRC_UNIT_MAX_GROUPS 8 /* W / 8 */
#define MDD_CRC_UNIT_WORDS 8      /* 64-bit words of the widest data bus */

/* Internal data buses (W bytes) are kept as 64-bit words: byte i of the bus is
 * bits 8*(i%8)+7 .. 8*(i%8) of word i/8, so a bus is also the RTL vector. */
typedef struct mdd_crc_unit_bus {
    uint64_t word[MDD_CRC_UNIT_WORDS];
} mdd_crc_unit_bus;

typedef struct mdd_crc_unit_in {
    bool rst;
    uint8_t s_tdata[MDD_CRC_UNIT_MAX_W]; /* byte i = s_tdata[8i+7:8i]; bytes >= W ignored */
    uint64_t s_tkeep;                    /* bit i = byte i included */
    bool s_tlast;
    uint32_t s_tuser;
    bool s_seed_en;
    uint64_t s_seed; /* value domain */
    bool s_tvalid;
    bool m_tready;
} mdd_crc_unit_in;

typedef struct mdd_crc_unit_out {
    bool s_tready;
    uint64_t m_crc; /* value domain */
    uint32_t m_tuser;
    bool m_tvalid;
} mdd_crc_unit_out;

/* Tags that travel with a word from the first compaction register to the gearbox (meta_q). */
typedef struct mdd_crc_unit_meta {
    bool last, first;
    uint32_t user;
    bool seed_en;
    uint64_t seed;
    unsigned fill;    /* f: bytes waiting in the gearbox when this word arrives */
    uint64_t below;   /* bit s: slot s < f */
    bool lt, eq, gt;  /* f + k <, ==, > W */
    bool none;        /* f + k == 0 */
    unsigned pad;     /* (W - (f + k)) mod W */
} mdd_crc_unit_meta;

typedef struct mdd_crc_unit_model {
    /* parameters */
    unsigned w;
    mdd_crc_alg alg;
    unsigned user_w;
    /* derived (RTL localparams) */
    unsigned l, gs, gl, ng, ncp;
    unsigned nw; /* 64-bit words of a bus */
    uint64_t crc_mask, user_mask, keep_mask;
    uint64_t init, xorout;
    /* tables for the byte-mask handling (filled by init) */
    uint64_t byte_mask_of[256];    /* bit i of the index -> 0xff in byte i */
    uint64_t zeros_before[256];    /* byte i: clear bits of the index below bit i */
    uint8_t zeros_in[256];         /* clear bits of the index */

    /* input side */
    bool in_msg;
    /* P1 */
    mdd_crc_unit_bus p1_data;
    uint64_t p1_keep;
    mdd_crc_unit_bus p1_lz; /* one byte per slot: zeros before it inside its group */
    uint8_t p1_gz[MDD_CRC_UNIT_MAX_GROUPS];
    bool p1_last, p1_first, p1_seed_en, p1_valid;
    uint32_t p1_user;
    uint64_t p1_seed;
    /* P2 */
    mdd_crc_unit_bus p2_data;
    uint64_t p2_keep;
    mdd_crc_unit_bus p2_lz;
    uint8_t p2_zpre[MDD_CRC_UNIT_MAX_GROUPS];
    unsigned p2_zeros;
    bool p2_last, p2_first, p2_seed_en, p2_valid;
    uint32_t p2_user;
    uint64_t p2_seed;
    /* gearbox fill accumulator */
    unsigned fill;
    /* compaction registers g_cstage[c] */
    struct {
        mdd_crc_unit_bus data;
        uint64_t planes[MDD_CRC_UNIT_MAX_L]; /* plane t = bit t of z per slot; t >= 3(c+1) meaningful */
        mdd_crc_unit_meta meta;
        bool valid;
    } c[2];
    /* gearbox */
    mdd_crc_unit_bus gb_word;
    bool gb_pend, gb_pend_last, gb_pend_first, gb_pend_empty;
    unsigned gb_pend_pad;
    uint32_t gb_pend_user;
    bool gb_started, gb_seed_en;
    uint64_t gb_seed;
    /* E */
    mdd_crc_unit_bus e_data;
    bool e_first, e_last, e_empty, e_seed_en, e_valid;
    unsigned e_pad;
    uint32_t e_user;
    uint64_t e_seed;
    /* loop (after a last word: the message's register) and L */
    uint64_t crc_state;
    unsigned l_pad;
    uint32_t l_user;
    bool l_valid;
    /* fix-up: the shift unit's twin (INVERSE, N_W = log2(W), one bit per stage, OUT_XOR = xorout,
     * LOAD_VALID), fed from crc_state / l_*; its output is the unit's output */
    mdd_crc_shift_model fix;

    /* Invariant the RTL relies on: a word waiting in the gearbox (pend) is
     * only ever followed by a word that starts at fill 0, so at most one word
     * waits.  Counted, not asserted, so a harness can report it. */
    uint64_t invariant_violations;
} mdd_crc_unit_model;

/* 0 on success, -1 on parameters the RTL rejects (w not 4/8/16/32/64, bad alg, user_w not 1..32). */
int mdd_crc_unit_model_init(mdd_crc_unit_model *m, unsigned w, mdd_crc_alg alg, unsigned user_w);
/* Cycles from the cycle that accepts a last word to the cycle with its m_tvalid, when
 * nothing stalls and the word completes only one gearbox word (one more when it
 * completes two): 4 + ceil(log2(W) / 3) + the fix-up's latency (log2(W)). */
unsigned mdd_crc_unit_latency(const mdd_crc_unit_model *m);
void mdd_crc_unit_eval(const mdd_crc_unit_model *m, const mdd_crc_unit_in *in, mdd_crc_unit_out *out);
void mdd_crc_unit_tick(mdd_crc_unit_model *m, const mdd_crc_unit_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CRC_UNIT_MODEL_H */

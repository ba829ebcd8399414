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
 * The register names below follow the RTL (in_msg, gb_*, e_*, crc_state,
 * l_*); the compaction is the RTL's mdd_compact instance `cmp` and the fix-up
 * its mdd_crc_shift instance `fix`, here their twins, composed.  With several
 * algorithms (the RTL's ALGS, mdd_crc_unit_model_init_algs) there is a loop
 * register and a fix-up per algorithm, indexed by enum mdd_crc_alg (the RTL's
 * g_alg[a]), and the message's s_alg rides in the tag above the user bits.
 * docs/crc-unit.md describes the pipeline.
 */
#ifndef MDD_CRC_UNIT_MODEL_H
#define MDD_CRC_UNIT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/crc.h"
#include "mdd_compact_model.h"
#include "mdd_crc_shift_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CRC_UNIT_MAX_W 64
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
    unsigned s_alg;  /* with several algorithms: the result's algorithm, sampled with s_tuser */
    bool s_seed_en;
    uint64_t s_seed; /* value domain; each algorithm's loop takes its own width's low bits */
    bool s_tvalid;
    bool m_tready;
} mdd_crc_unit_in;

typedef struct mdd_crc_unit_out {
    bool s_tready;
    uint64_t m_crc; /* value domain */
    uint32_t m_tuser;
    bool m_tvalid;
} mdd_crc_unit_out;

typedef struct mdd_crc_unit_model {
    /* parameters */
    unsigned w;
    unsigned algs; /* RTL SET: bit a = algorithm a computed */
    unsigned user_w;
    /* derived (RTL localparams) */
    mdd_crc_alg first; /* RTL FIRST: the lowest algorithm, whose fix-up gives valid, tag and ready */
    bool multi;        /* RTL MULTI: more than one algorithm, the tag carries s_alg above the user bits */
    unsigned l;
    unsigned nw; /* 64-bit words of a bus */
    uint64_t crc_mask, user_mask, keep_mask; /* crc_mask: the widest algorithm's (RTL CRC_W) */

    /* input side */
    bool in_msg;
    /* P1, P2, fill, C: the compaction twin (RTL instance `cmp`, LANE_W = 8, meta {first, user, seed_en,
     * seed}: here meta[0] = first | seed_en << 1 | user << 32, meta[1] = seed) */
    mdd_compact_model cmp;
    /* gearbox */
    mdd_crc_unit_bus gb_word;
    bool gb_pend, gb_pend_last, gb_pend_first, gb_pend_empty;
    unsigned gb_pend_pad;
    uint64_t gb_pend_user;
    bool gb_started, gb_seed_en;
    uint64_t gb_seed;
    /* E */
    mdd_crc_unit_bus e_data;
    bool e_first, e_last, e_empty, e_seed_en, e_valid;
    unsigned e_pad;
    uint64_t e_user;
    uint64_t e_seed;
    /* R (W >= 32, RTL RAW_REG, D-114): E's tags a clock later, and what the loop adds that does not depend on
     * its register: r_mul (S through x^(8W)), r_keep (S unchanged), per algorithm r_add (CRC_raw(word) from a
     * zero register, + seed * x^(8W) on a first word; the seed alone on an empty first word); below W = 32 the
     * loop reads E */
    bool raw_reg;
    bool r_last, r_mul, r_keep, r_valid;
    unsigned r_pad;
    uint64_t r_user;
    uint64_t r_add[MDD_CRC_ALG_COUNT];
    /* L, and per algorithm the loop (after a last word: the message's register) */
    unsigned l_pad;
    uint64_t l_user; /* {s_alg, user} with several algorithms */
    bool l_valid;
    uint64_t crc_state[MDD_CRC_ALG_COUNT];
    /* per algorithm the fix-up: the shift unit's twin (INVERSE, N_W = log2(W), one bit per stage, OUT_XOR =
     * xorout, LOAD_VALID), fed from crc_state / l_*; the first one's handshake and the message's algorithm's
     * value are the unit's output */
    mdd_crc_shift_model fix[MDD_CRC_ALG_COUNT];

    /* Invariant the RTL relies on: a word waiting in the gearbox (pend) is
     * only ever followed by a word that starts at fill 0, so at most one word
     * waits.  Counted, not asserted, so a harness can report it. */
    uint64_t invariant_violations;
} mdd_crc_unit_model;

/* 0 on success, -1 on parameters the RTL rejects (w not 4/8/16/32/64, bad alg, user_w not 1..32). */
int mdd_crc_unit_model_init(mdd_crc_unit_model *m, unsigned w, mdd_crc_alg alg, unsigned user_w);
/* The RTL's ALGS: every algorithm of the mask `algs` (bit a = enum value a, at least one) computed; s_alg says
 * which one a message's result carries (0 when it is not in the mask). */
int mdd_crc_unit_model_init_algs(mdd_crc_unit_model *m, unsigned w, unsigned algs, unsigned user_w);
/* Cycles from the cycle that accepts a last word to the cycle with its m_tvalid, when
 * nothing stalls and the word completes only one gearbox word (one more when it
 * completes two): 4 + ceil(log2(W) / 3) + the fix-up's latency (log2(W)), + 1 at W >= 32 (R). */
unsigned mdd_crc_unit_latency(const mdd_crc_unit_model *m);
void mdd_crc_unit_eval(const mdd_crc_unit_model *m, const mdd_crc_unit_in *in, mdd_crc_unit_out *out);
void mdd_crc_unit_tick(mdd_crc_unit_model *m, const mdd_crc_unit_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CRC_UNIT_MODEL_H */

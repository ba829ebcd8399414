/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_crc_shift.v: m_reg = s_reg * x^(+-8n) mod g, pipelined,
 * mirroring the RTL's stage registers one for one so that it runs in lockstep
 * with the Verilated RTL (every output compared every cycle, valid or not).
 *
 * Contract (DESIGN-NOTES section 3): mdd_crc_shift_eval() is combinational
 * (outputs from the registers and this cycle's inputs), mdd_crc_shift_tick()
 * is the rising clock edge; rst is an input like any other.  Registers start
 * at zero, like the RTL's initial values.
 */
#ifndef MDD_CRC_SHIFT_MODEL_H
#define MDD_CRC_SHIFT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/crc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of the RTL parameters N_W (1..64) and BITS_PER_STAGE (1..8). */
#define MDD_CRC_SHIFT_MAX_N_W 64
#define MDD_CRC_SHIFT_MAX_BITS_PER_STAGE 8
/* max over BITS_PER_STAGE b of ceil(64 / b) * 2^b (b = 8: 8 stages * 256 digits) */
#define MDD_CRC_SHIFT_MAX_FACTORS 2048

typedef struct mdd_crc_shift_in {
    bool rst;
    uint64_t s_reg;    /* register domain, CRC width */
    uint64_t s_nbytes; /* n_w bits */
    uint64_t s_tuser;  /* user_w bits */
    bool s_tvalid;
    bool m_tready;
} mdd_crc_shift_in;

typedef struct mdd_crc_shift_out {
    bool s_tready;
    uint64_t m_reg;
    uint64_t m_tuser;
    bool m_tvalid;
    uint64_t m_tuser_next; /* what the output register takes at the next advance (the last stage's input) */
    bool m_tvalid_next;
} mdd_crc_shift_out;

/* One pipeline stage's registers (g_stage[j] in the RTL). */
typedef struct mdd_crc_shift_stage {
    uint64_t reg;    /* reg_q */
    uint64_t n_rest; /* g_rest.n_q: the bits of n later stages consume (0 in the last stage) */
    uint64_t user;   /* user_q */
    bool valid;      /* valid_q */
} mdd_crc_shift_stage;

typedef struct mdd_crc_shift_model {
    /* parameters */
    mdd_crc_alg alg;
    unsigned n_w;
    bool inverse;
    unsigned bits_per_stage;
    unsigned user_w;
    uint64_t out_xor; /* OUT_XOR: XORed into the last stage's register input */
    bool load_valid;  /* LOAD_VALID: data registers load only with a valid request */
    /* derived */
    unsigned stages;
    uint64_t reg_mask, n_mask, user_mask;
    /* factor[(j << bits_per_stage) | d] = x^(+-8 * d * 2^(j * bits_per_stage)) mod g */
    uint64_t factor[MDD_CRC_SHIFT_MAX_FACTORS];
    /* state */
    mdd_crc_shift_stage stage[MDD_CRC_SHIFT_MAX_N_W];
} mdd_crc_shift_model;

/* 0 on success, -1 on parameters the RTL would reject.  OUT_XOR = 0, LOAD_VALID = 0 (the RTL defaults). */
int mdd_crc_shift_model_init(mdd_crc_shift_model *m, mdd_crc_alg alg, unsigned n_w, bool inverse,
                             unsigned bits_per_stage, unsigned user_w);
/* The same with the output options OUT_XOR (masked to the CRC width) and LOAD_VALID. */
int mdd_crc_shift_model_init_opt(mdd_crc_shift_model *m, mdd_crc_alg alg, unsigned n_w, bool inverse,
                                 unsigned bits_per_stage, unsigned user_w, uint64_t out_xor, bool load_valid);
/* Pipeline depth in clock cycles (= RTL localparam STAGES). */
unsigned mdd_crc_shift_latency(const mdd_crc_shift_model *m);
void mdd_crc_shift_eval(const mdd_crc_shift_model *m, const mdd_crc_shift_in *in, mdd_crc_shift_out *out);
void mdd_crc_shift_tick(mdd_crc_shift_model *m, const mdd_crc_shift_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CRC_SHIFT_MODEL_H */

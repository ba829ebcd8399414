/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_crc_mul.v: p = a * b mod g of two run-time CRC registers, two register stages with a
 * shared clock enable (the partial products, then the reduction).  The twin keeps the product itself in the
 * first register: only p is an output, and the library's mdd_crc_mulmod is the one piece of CRC math.
 */
#ifndef MDD_CRC_MUL_MODEL_H
#define MDD_CRC_MUL_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/crc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CRC_MUL_LATENCY 2

typedef struct mdd_crc_mul_model {
    mdd_crc_alg alg;
    uint64_t prod_q; /* stage 1: a * b mod g (the RTL holds the unreduced product) */
    uint64_t p_q;    /* stage 2: the output register */
} mdd_crc_mul_model;

void mdd_crc_mul_model_init(mdd_crc_mul_model *m, mdd_crc_alg alg);
static inline uint64_t mdd_crc_mul_p(const mdd_crc_mul_model *m) { return m->p_q; }
/* Rising edge: both stages load when ce is set (a, b in register representation, CRC width). */
void mdd_crc_mul_tick(mdd_crc_mul_model *m, bool ce, uint64_t a, uint64_t b);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CRC_MUL_MODEL_H */

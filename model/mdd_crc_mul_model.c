/* SPDX-License-Identifier: MIT */
#include "mdd_crc_mul_model.h"

void mdd_crc_mul_model_init(mdd_crc_mul_model *m, mdd_crc_alg alg)
{
    m->alg = alg;
    m->prod_q = 0;
    m->p_q = 0;
}

void mdd_crc_mul_tick(mdd_crc_mul_model *m, bool ce, uint64_t a, uint64_t b)
{
    if (!ce)
        return;
    m->p_q = m->prod_q;
    m->prod_q = mdd_crc_mulmod(m->alg, a, b);
}

/* SPDX-License-Identifier: MIT */
/* C twin of rtl/mdd_crc_shift.v; see mdd_crc_shift_model.h.  CRC math comes only from the library. */
#include "mdd_crc_shift_model.h"

#include <string.h>

static uint64_t low_mask(unsigned bits) { return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1; }

int mdd_crc_shift_model_init(mdd_crc_shift_model *m, mdd_crc_alg alg, unsigned n_w, bool inverse,
                             unsigned bits_per_stage, unsigned user_w)
{
    return mdd_crc_shift_model_init_opt(m, alg, n_w, inverse, bits_per_stage, user_w, 0, false);
}

int mdd_crc_shift_model_init_opt(mdd_crc_shift_model *m, mdd_crc_alg alg, unsigned n_w, bool inverse,
                                 unsigned bits_per_stage, unsigned user_w, uint64_t out_xor, bool load_valid)
{
    if ((unsigned)alg >= MDD_CRC_ALG_COUNT || n_w < 1 || n_w > MDD_CRC_SHIFT_MAX_N_W || bits_per_stage < 1 ||
        bits_per_stage > MDD_CRC_SHIFT_MAX_BITS_PER_STAGE || user_w < 1 || user_w > 64)
        return -1;
    memset(m, 0, sizeof *m);
    m->alg = alg;
    m->n_w = n_w;
    m->inverse = inverse;
    m->bits_per_stage = bits_per_stage;
    m->user_w = user_w;
    m->stages = (n_w + bits_per_stage - 1) / bits_per_stage;
    m->reg_mask = mdd_crc_mask(alg);
    m->n_mask = low_mask(n_w);
    m->user_mask = low_mask(user_w);
    m->out_xor = out_xor & m->reg_mask;
    m->load_valid = load_valid;

    /* x^0 in register representation, whatever the bit order */
    const uint64_t one = mdd_crc_xpow8n(alg, 0);
    for (unsigned j = 0; j < m->stages; j++) {
        const unsigned lo = j * bits_per_stage;
        const unsigned digit_w = n_w - lo < bits_per_stage ? n_w - lo : bits_per_stage;
        for (uint64_t d = 0; d < (UINT64_C(1) << digit_w); d++) {
            const uint64_t n = d << lo;
            m->factor[(j << bits_per_stage) | d] = inverse ? mdd_crc_unshift(alg, one, n) : mdd_crc_xpow8n(alg, n);
        }
    }
    return 0;
}

unsigned mdd_crc_shift_latency(const mdd_crc_shift_model *m) { return m->stages; }

static bool advance(const mdd_crc_shift_model *m, const mdd_crc_shift_in *in)
{
    return in->m_tready || !m->stage[m->stages - 1].valid;
}

void mdd_crc_shift_eval(const mdd_crc_shift_model *m, const mdd_crc_shift_in *in, mdd_crc_shift_out *out)
{
    const mdd_crc_shift_stage *last = &m->stage[m->stages - 1];
    out->s_tready = advance(m, in);
    out->m_reg = last->reg;
    out->m_tuser = last->user;
    out->m_tvalid = last->valid;
    if (m->stages > 1) {
        out->m_tuser_next = m->stage[m->stages - 2].user;
        out->m_tvalid_next = m->stage[m->stages - 2].valid;
    } else {
        out->m_tuser_next = in->s_tuser & m->user_mask;
        out->m_tvalid_next = in->s_tvalid;
    }
}

void mdd_crc_shift_tick(mdd_crc_shift_model *m, const mdd_crc_shift_in *in)
{
    if (!advance(m, in)) {
        /* stalled: data registers hold; reset still clears the valid bits */
        if (in->rst)
            for (unsigned j = 0; j < m->stages; j++)
                m->stage[j].valid = false;
        return;
    }
    const unsigned b = m->bits_per_stage;
    /* last stage first, so every stage reads its predecessor's old registers */
    for (unsigned j = m->stages; j-- > 0;) {
        uint64_t reg_in, n_in, user_in;
        bool valid_in;
        if (j == 0) {
            reg_in = in->s_reg & m->reg_mask;
            n_in = in->s_nbytes & m->n_mask;
            user_in = in->s_tuser & m->user_mask;
            valid_in = in->s_tvalid;
        } else {
            const mdd_crc_shift_stage *prev = &m->stage[j - 1];
            reg_in = prev->reg;
            n_in = prev->n_rest;
            user_in = prev->user;
            valid_in = prev->valid;
        }
        const unsigned in_n_w = m->n_w - j * b;
        const unsigned digit_w = in_n_w < b ? in_n_w : b;
        const uint64_t digit = n_in & low_mask(digit_w);
        mdd_crc_shift_stage *s = &m->stage[j];
        if (valid_in || !m->load_valid) {
            s->reg = digit ? mdd_crc_mulmod(m->alg, reg_in, m->factor[(j << b) | digit]) : reg_in;
            if (j == m->stages - 1) s->reg ^= m->out_xor;
            s->n_rest = in_n_w > digit_w ? n_in >> digit_w : 0;
            s->user = user_in;
        }
        s->valid = !in->rst && valid_in;
    }
}

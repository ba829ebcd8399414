/* SPDX-License-Identifier: MIT */
#include "mdd_rx_ctx_model.h"

#include <string.h>

#include "mdd/formats.h"

int mdd_rx_ctx_model_init(mdd_rx_ctx_model *m, unsigned w, unsigned depth)
{
    memset(m, 0, sizeof *m);
    if (depth < 2 || depth > MDD_RX_CTX_MAX_DEPTH || (depth & (depth - 1)))
        return -1;
    m->w = w;
    m->depth = depth;
    return 0;
}

static bool full(const mdd_rx_ctx_model *m) { return ((m->wr - m->rd) & (2 * m->depth - 1)) == m->depth; }

/* The context beat of the transfer whose last word is `in` (RTL c_ctx). */
static void build(const mdd_rx_ctx_model *m, const mdd_rx_ctx_in *in, uint64_t ctx[16], mdd_rx_word *acc,
                  uint32_t cnt[6])
{
    unsigned proto = (unsigned)mdd_rx_field(in->s_desc, MDD_DESC_PROTO_WORD, MDD_DESC_PROTO_LSB, MDD_DESC_PROTO_W);
    unsigned pi_fmt = (unsigned)mdd_rx_field(in->s_desc, MDD_DESC_PI_FMT_WORD, MDD_DESC_PI_FMT_LSB, MDD_DESC_PI_FMT_W);
    unsigned pi_last = pi_fmt == MDD_PI_T10_CODE ? MDD_PI_T10_LEN - 1 : 15;
    unsigned mrk_last = proto == MDD_PROTO_MPA ? MDD_MPA_MRK_LEN - 1 : MDD_ISCSI_MRK_LEN - 1;
    uint32_t w_out = 0, w_blk = 0, w_pdu = 0, w_mrk = 0;
    for (unsigned i = 0; i < m->w; i++) {
        unsigned t = in->s_tag[i], kind = t & 7;
        if (kind == MDD_KIND_VOID)
            continue;
        w_out += (t >> MDD_TAG_K) & 1;
        w_pdu += (t >> MDD_TAG_EP) & 1;
        w_blk += kind == MDD_KIND_PI && (in->s_aux[i] & 15) == pi_last;
        w_mrk += kind == MDD_KIND_MRK && (in->s_aux[i] & 7) == mrk_last;
    }
    *acc = m->acc;
    if (in->s_err_v)
        mdd_rx_word_merge(acc, in->s_err_code, in->s_err_byte, in->s_err_off, in->s_err_unit, in->s_err_exp,
                          in->s_err_got);
    acc->emap = (uint16_t)(m->acc.emap | in->s_emap); /* merge() added one code; the word's map has them all */
    cnt[0] = m->a_in + in->s_nin;
    cnt[1] = m->a_out + w_out;
    cnt[2] = m->a_blk + w_blk;
    cnt[3] = m->a_pdu + w_pdu;
    cnt[4] = m->a_ecnt + in->s_ecnt;
    cnt[5] = m->a_mrk + w_mrk;
    memcpy(ctx, in->s_desc, 8 * sizeof(uint64_t));
    bool ev = acc->err_v;
    ctx[8] = (in->s_desc[0] & 0xFFFF) | ((uint64_t)acc->emap << 16) |
             (ev ? ((uint64_t)acc->err_code << 32) | ((uint64_t)acc->err_byte << 40) : 0) |
             ((uint64_t)(in->s_xflags & 1) << 48) | ((uint64_t)((in->s_xflags >> 1) & 1) << 49);
    ctx[9] = ev ? ((uint64_t)acc->err_unit << 32) | acc->err_off : 0;
    ctx[10] = ev ? acc->err_exp : 0;
    ctx[11] = ev ? acc->err_got : 0;
    ctx[12] = ((uint64_t)cnt[1] << 32) | cnt[0];
    ctx[13] = ((uint64_t)cnt[3] << 32) | cnt[2];
    ctx[14] = ((uint64_t)cnt[5] << 32) | cnt[4];
    ctx[15] = 0;
}

void mdd_rx_ctx_eval(const mdd_rx_ctx_model *m, const mdd_rx_ctx_in *in, mdd_rx_ctx_out *out)
{
    (void)in; /* outputs come from registers only */
    memset(out, 0, sizeof *out);
    out->s_ready = !full(m);
    memcpy(out->m_ctx_tdata, m->mem[m->rd & (m->depth - 1)], sizeof out->m_ctx_tdata);
    out->m_ctx_tvalid = m->wr != m->rd && m->released != 0;
}

void mdd_rx_ctx_tick(mdd_rx_ctx_model *m, const mdd_rx_ctx_in *in)
{
    unsigned wrap = 2 * m->depth - 1;
    bool take = in->s_valid && !full(m);
    bool send = m->wr != m->rd && m->released != 0 && in->m_ctx_tready;
    if (take) {
        uint64_t ctx[16];
        mdd_rx_word acc;
        uint32_t cnt[6];
        build(m, in, ctx, &acc, cnt);
        if (in->s_last) {
            memcpy(m->mem[m->wr & (m->depth - 1)], ctx, sizeof ctx);
            m->wr = (m->wr + 1) & wrap;
            memset(&m->acc, 0, sizeof m->acc);
            m->a_in = m->a_out = m->a_blk = m->a_pdu = m->a_ecnt = m->a_mrk = 0;
        } else {
            m->acc = acc;
            m->a_in = cnt[0];
            m->a_out = cnt[1];
            m->a_blk = cnt[2];
            m->a_pdu = cnt[3];
            m->a_ecnt = cnt[4];
            m->a_mrk = cnt[5];
        }
    }
    if (send)
        m->rd = (m->rd + 1) & wrap;
    m->released = (m->released + (in->m_pack_tlast ? 1u : 0u) - (send ? 1u : 0u)) & wrap;
    if (in->rst) {
        m->wr = m->rd = m->released = 0;
        memset(&m->acc, 0, sizeof m->acc);
        m->a_in = m->a_out = m->a_blk = m->a_pdu = m->a_ecnt = m->a_mrk = 0;
    }
}

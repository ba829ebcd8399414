/* SPDX-License-Identifier: MIT */
#include "mdd_rx_path_model.h"

#include <string.h>

#include "mdd/formats.h"


int mdd_rx_path_model_init(mdd_rx_path_model *m, unsigned w, unsigned data_depth, unsigned res_depth)
{
    memset(m, 0, sizeof *m);
    m->w = w;
    m->data_depth = data_depth;
    m->res_depth = res_depth;
    /* every engine, RX checks (RTL: ENG_MASK 3'b111, TX 0) */
    if (mdd_rx_locate_model_init(&m->loc, w) != 0 ||
        mdd_check_stage_model_init(&m->stage, w, data_depth, res_depth, 7u, false) != 0 ||
        mdd_pack_model_init(&m->pack, w, 8) != 0 || mdd_rx_ctx_model_init(&m->ctx, w, 4) != 0)
        return -1;
    return 0;
}

/* Every combinational signal of one cycle, in the RTL's dependency order. */
typedef struct nets {
    mdd_pack_in pi;
    mdd_pack_out po;
    mdd_rx_ctx_in xi;
    mdd_rx_ctx_out xo;
    mdd_check_stage_in si;
    mdd_check_stage_out so;
    mdd_rx_locate_in li;
    mdd_rx_locate_out lo;
} nets;

static void compute(const mdd_rx_path_model *m, const mdd_rx_path_in *in, nets *n)
{
    memset(n, 0, sizeof *n);
    unsigned W = m->w;

    /* check stage output register -> packer and context builder */
    const mdd_rx_word *cw = &m->stage.chk.m;
    bool c_valid = m->stage.chk.m_valid;
    mdd_rx_ctx_eval(&m->ctx, &n->xi, &n->xo); /* outputs from registers only */
    bool x_ready = n->xo.s_ready;
    n->pi.rst = in->rst;
    memcpy(n->pi.s_tdata, cw->data, W);
    for (unsigned i = 0; i < W; i++) {
        n->pi.s_tuser[i] = cw->tag[i];
        if ((cw->tag[i] & 7) != MDD_KIND_VOID && ((cw->tag[i] >> MDD_TAG_K) & 1))
            n->pi.s_tkeep |= 1ull << i;
    }
    n->pi.s_tlast = cw->last;
    n->pi.s_tvalid = c_valid && x_ready;
    n->pi.m_tready = in->m_axis_rx_tready;
    mdd_pack_eval(&m->pack, &n->pi, &n->po);
    bool p_ready = n->po.s_tready;
    n->xi.rst = in->rst;
    n->xi.s_valid = c_valid && p_ready;
    MDD_RX_WORD_COPY(&n->xi, s_, cw, );
    n->xi.m_pack_tlast = n->po.m_tvalid && in->m_axis_rx_tready && n->po.m_tlast;
    n->xi.m_ctx_tready = in->m_axis_rx_ctx_tready;
    mdd_rx_ctx_eval(&m->ctx, &n->xi, &n->xo);

    /* check stage ready: from its registers and m_ready only (not from the word, mdd_check_stage_model.h) */
    n->si.rst = in->rst;
    n->si.m_ready = p_ready && x_ready;
    mdd_check_stage_eval(&m->stage, &n->si, &n->so);

    /* locate -> check stage */
    n->li.rst = in->rst;
    memcpy(n->li.s_axis_rx_tdata, in->s_axis_rx_tdata, W);
    n->li.s_axis_rx_tkeep = in->s_axis_rx_tkeep;
    n->li.s_axis_rx_tlast = in->s_axis_rx_tlast;
    n->li.s_axis_rx_tuser = in->s_axis_rx_tuser;
    n->li.s_axis_rx_tvalid = in->s_axis_rx_tvalid;
    memcpy(n->li.s_axis_rx_desc_tdata, in->s_axis_rx_desc_tdata, sizeof n->li.s_axis_rx_desc_tdata);
    n->li.s_axis_rx_desc_tvalid = in->s_axis_rx_desc_tvalid;
    n->li.m_ready = n->so.s_ready;
    mdd_rx_locate_eval(&m->loc, &n->li, &n->lo);
    n->si.s_valid = n->lo.m_valid;
    MDD_RX_WORD_COPY(&n->si, s_, &n->lo, m_);
}

void mdd_rx_path_eval(const mdd_rx_path_model *m, const mdd_rx_path_in *in, mdd_rx_path_out *out)
{
    nets n;
    compute(m, in, &n);
    memset(out, 0, sizeof *out);
    out->s_axis_rx_tready = n.lo.s_axis_rx_tready;
    out->s_axis_rx_desc_tready = n.lo.s_axis_rx_desc_tready;
    memcpy(out->m_axis_rx_tdata, n.po.m_tdata, m->w);
    for (unsigned i = 0; i < m->w; i++)
        out->m_axis_rx_tuser[i] = (uint8_t)n.po.m_tuser[i];
    out->m_axis_rx_tkeep = n.po.m_tkeep;
    out->m_axis_rx_tlast = n.po.m_tlast;
    out->m_axis_rx_tvalid = n.po.m_tvalid;
    memcpy(out->m_axis_rx_ctx_tdata, n.xo.m_ctx_tdata, sizeof out->m_axis_rx_ctx_tdata);
    out->m_axis_rx_ctx_tvalid = n.xo.m_ctx_tvalid;
}

void mdd_rx_path_tick(mdd_rx_path_model *m, const mdd_rx_path_in *in)
{
    nets n;
    compute(m, in, &n);
    uint64_t ce = m->stage.contract_errors;
    mdd_pack_tick(&m->pack, &n.pi);
    mdd_rx_ctx_tick(&m->ctx, &n.xi);
    mdd_check_stage_tick(&m->stage, &n.si);
    if (m->stage.contract_errors != ce)
        m->contract_errors++;
    mdd_rx_locate_tick(&m->loc, &n.li);
}

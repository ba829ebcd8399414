/* SPDX-License-Identifier: MIT */
#include "mdd_tx_path_model.h"

#include <string.h>

#include "mdd/formats.h"

int mdd_tx_path_model_init(mdd_tx_path_model *m, unsigned w, unsigned data_depth, unsigned res_depth)
{
    memset(m, 0, sizeof *m);
    m->w = w;
    m->data_depth = data_depth;
    m->res_depth = res_depth;
    /* RTL: chk_pi ENG_MASK 3'b100, chk_dig ENG_MASK 3'b011, both TX 1 */
    /* RTL: mdd_txg, the staged generator with two layout pipelines (D-097) */
    if (mdd_tx_gen_model_init_staged(&m->gen, w, 2) != 0 ||
        mdd_check_stage_model_init(&m->pi, w, data_depth, res_depth, 1u << MDD_ENGINE_GUARD, true) != 0 ||
        mdd_check_stage_model_init(&m->dig, w, data_depth, res_depth,
                                   (1u << MDD_ENGINE_HDIG) | (1u << MDD_ENGINE_DDIG), true) != 0 ||
        mdd_pack_model_init(&m->pack, w, 8) != 0 || mdd_rx_ctx_model_init(&m->ctx, w, 4) != 0)
        return -1;
    return 0;
}

/* Every combinational signal of one cycle, in the RTL's dependency order. */
typedef struct nets {
    mdd_pack_in ki;
    mdd_pack_out ko;
    mdd_rx_ctx_in xi;
    mdd_rx_ctx_out xo;
    mdd_check_stage_in di, pi;
    mdd_check_stage_out dout, pout;
    mdd_tx_gen_in gi;
    mdd_tx_gen_out go;
} nets;

static void compute(const mdd_tx_path_model *m, const mdd_tx_path_in *in, nets *n)
{
    memset(n, 0, sizeof *n);
    unsigned W = m->w;

    /* digest stage output register -> packer and context builder */
    const mdd_rx_word *cw = &m->dig.chk.m;
    bool c_valid = m->dig.chk.m_valid;
    mdd_rx_ctx_eval(&m->ctx, &n->xi, &n->xo); /* outputs from registers only */
    bool x_ready = n->xo.s_ready;
    n->ki.rst = in->rst;
    memcpy(n->ki.s_tdata, cw->data, W);
    for (unsigned i = 0; i < W; i++) {
        n->ki.s_tuser[i] = cw->tag[i];
        if ((cw->tag[i] & 7) != MDD_KIND_VOID && ((cw->tag[i] >> MDD_TAG_K) & 1))
            n->ki.s_tkeep |= 1ull << i;
    }
    n->ki.s_tlast = cw->last;
    n->ki.s_tvalid = c_valid && x_ready;
    n->ki.m_tready = in->m_axis_tx_tready;
    mdd_pack_eval(&m->pack, &n->ki, &n->ko);
    bool k_ready = n->ko.s_tready;
    n->xi.rst = in->rst;
    n->xi.s_valid = c_valid && k_ready;
    MDD_RX_WORD_COPY(&n->xi, s_, cw, );
    n->xi.m_pack_tlast = n->ko.m_tvalid && in->m_axis_tx_tready && n->ko.m_tlast;
    n->xi.m_ctx_tready = in->m_axis_tx_ctx_tready;
    mdd_rx_ctx_eval(&m->ctx, &n->xi, &n->xo);

    /* digest stage: ready from its registers and m_ready; its word is the PI stage's output register */
    n->di.rst = in->rst;
    n->di.m_ready = k_ready && x_ready;
    n->di.s_valid = m->pi.chk.m_valid;
    MDD_RX_WORD_COPY(&n->di, s_, &m->pi.chk.m, );
    mdd_check_stage_eval(&m->dig, &n->di, &n->dout);

    /* PI stage: its word is the generator's output register */
    n->pi.rst = in->rst;
    n->pi.m_ready = n->dout.s_ready;
    mdd_check_stage_eval(&m->pi, &n->pi, &n->pout);

    /* generator */
    n->gi.rst = in->rst;
    memcpy(n->gi.s_axis_tx_tdata, in->s_axis_tx_tdata, W);
    n->gi.s_axis_tx_tkeep = in->s_axis_tx_tkeep;
    n->gi.s_axis_tx_tlast = in->s_axis_tx_tlast;
    n->gi.s_axis_tx_tuser = in->s_axis_tx_tuser;
    n->gi.s_axis_tx_tvalid = in->s_axis_tx_tvalid;
    memcpy(n->gi.s_axis_tx_desc_tdata, in->s_axis_tx_desc_tdata, sizeof n->gi.s_axis_tx_desc_tdata);
    n->gi.s_axis_tx_desc_tvalid = in->s_axis_tx_desc_tvalid;
    n->gi.m_ready = n->pout.s_ready;
    mdd_tx_gen_eval(&m->gen, &n->gi, &n->go);
    n->pi.s_valid = n->go.m_valid;
    MDD_RX_WORD_COPY(&n->pi, s_, &n->go, m_);
}

void mdd_tx_path_eval(const mdd_tx_path_model *m, const mdd_tx_path_in *in, mdd_tx_path_out *out)
{
    nets n;
    compute(m, in, &n);
    memset(out, 0, sizeof *out);
    out->s_axis_tx_tready = n.go.s_axis_tx_tready;
    out->s_axis_tx_desc_tready = n.go.s_axis_tx_desc_tready;
    memcpy(out->m_axis_tx_tdata, n.ko.m_tdata, m->w);
    for (unsigned i = 0; i < m->w; i++)
        out->m_axis_tx_tuser[i] = (uint8_t)n.ko.m_tuser[i];
    out->m_axis_tx_tkeep = n.ko.m_tkeep;
    out->m_axis_tx_tlast = n.ko.m_tlast;
    out->m_axis_tx_tvalid = n.ko.m_tvalid;
    memcpy(out->m_axis_tx_ctx_tdata, n.xo.m_ctx_tdata, sizeof out->m_axis_tx_ctx_tdata);
    out->m_axis_tx_ctx_tvalid = n.xo.m_ctx_tvalid;
}

void mdd_tx_path_tick(mdd_tx_path_model *m, const mdd_tx_path_in *in)
{
    nets n;
    compute(m, in, &n);
    uint64_t ce = m->pi.contract_errors + m->dig.contract_errors;
    mdd_pack_tick(&m->pack, &n.ki);
    mdd_rx_ctx_tick(&m->ctx, &n.xi);
    mdd_check_stage_tick(&m->dig, &n.di);
    mdd_check_stage_tick(&m->pi, &n.pi);
    if (m->pi.contract_errors + m->dig.contract_errors != ce)
        m->contract_errors++;
    mdd_tx_gen_tick(&m->gen, &n.gi);
}

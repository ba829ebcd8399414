/* SPDX-License-Identifier: MIT */
#include "mdd_rx_path_model.h"

#include <string.h>

#include "mdd/formats.h"

#define DGET(d, name) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)

int mdd_rx_path_model_init(mdd_rx_path_model *m, unsigned w, unsigned data_depth, unsigned res_depth)
{
    memset(m, 0, sizeof *m);
    if (data_depth < 2 || data_depth > MDD_RX_PATH_MAX_DATA_DEPTH || (data_depth & (data_depth - 1)))
        return -1;
    m->w = w;
    m->data_depth = data_depth;
    m->res_depth = res_depth;
    static const mdd_crc_alg algs[5] = {MDD_CRC32C, MDD_CRC32C, (mdd_crc_alg)MDD_PI_T10_GUARD_ALG,
                                        (mdd_crc_alg)MDD_PI_NVME32_GUARD_ALG, (mdd_crc_alg)MDD_PI_NVME64_GUARD_ALG};
    if (mdd_rx_locate_model_init(&m->loc, w) != 0 || mdd_rx_check_model_init(&m->chk, w) != 0 ||
        mdd_pack_model_init(&m->pack, w, 8) != 0 || mdd_rx_ctx_model_init(&m->ctx, w, 4) != 0)
        return -1;
    for (int e = 0; e < 5; e++)
        if (mdd_rx_crc_engine_model_init(&m->eng[e], w, algs[e], res_depth) != 0)
            return -1;
    return 0;
}

/* Every combinational signal of one cycle, in the RTL's dependency order. */
typedef struct nets {
    mdd_pack_in pi;
    mdd_pack_out po;
    mdd_rx_ctx_in xi;
    mdd_rx_ctx_out xo;
    mdd_rx_check_in ci;
    mdd_rx_check_out co;
    bool f_valid, f_ready, f_pop;
    mdd_rx_locate_in li;
    mdd_rx_locate_out lo;
    mdd_rx_crc_engine_in ei[5];
    mdd_rx_crc_engine_out eo[5];
    bool go;
    mdd_rx_path_fentry f_in;
} nets;

static unsigned gsel(unsigned pi_fmt) { return pi_fmt == MDD_PI_NVME64_CODE ? 4 : pi_fmt == MDD_PI_NVME32_CODE ? 3 : 2; }

static void compute(const mdd_rx_path_model *m, const mdd_rx_path_in *in, nets *n)
{
    memset(n, 0, sizeof *n);
    unsigned W = m->w;
    /* engine outputs that come from registers (results, credits) */
    mdd_rx_crc_engine_in idle;
    memset(&idle, 0, sizeof idle);
    for (int e = 0; e < 5; e++)
        mdd_rx_crc_engine_eval(&m->eng[e], &idle, &n->eo[e]);

    /* checker output register -> packer and context builder */
    const mdd_rx_word *cw = &m->chk.m;
    bool c_valid = m->chk.m_valid;
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

    /* data FIFO head -> checker */
    n->f_valid = m->wr != m->rd;
    const mdd_rx_path_fentry *h = &m->fifo[m->rd & (m->data_depth - 1)];
    n->ci.rst = in->rst;
    n->ci.s_valid = n->f_valid;
    MDD_RX_WORD_COPY(&n->ci, s_, &h->w, );
    unsigned qsel = gsel((unsigned)DGET(h->w.desc, PI_FMT));
    int src[3] = {0, 1, (int)qsel};
    for (int k = 0; k < 3; k++) {
        n->ci.s_nend[k] = h->nend[k];
        n->ci.s_part[k] = h->part[k];
        n->ci.res0[k] = n->eo[src[k]].m_res0;
        n->ci.res1[k] = n->eo[src[k]].m_res1;
        n->ci.res0_valid[k] = n->eo[src[k]].m_res0_valid;
        n->ci.res1_valid[k] = n->eo[src[k]].m_res1_valid;
    }
    n->ci.m_ready = p_ready && x_ready;
    mdd_rx_check_eval(&m->chk, &n->ci, &n->co);
    n->f_pop = n->f_valid && n->co.s_ready;
    bool full = ((m->wr - m->rd) & (2 * m->data_depth - 1)) == m->data_depth;
    n->f_ready = !full || n->f_pop;

    /* locate -> fork */
    bool e_ready = true;
    for (int e = 0; e < 5; e++)
        e_ready = e_ready && n->eo[e].s_ready;
    n->li.rst = in->rst;
    memcpy(n->li.s_axis_rx_tdata, in->s_axis_rx_tdata, W);
    n->li.s_axis_rx_tkeep = in->s_axis_rx_tkeep;
    n->li.s_axis_rx_tlast = in->s_axis_rx_tlast;
    n->li.s_axis_rx_tuser = in->s_axis_rx_tuser;
    n->li.s_axis_rx_tvalid = in->s_axis_rx_tvalid;
    memcpy(n->li.s_axis_rx_desc_tdata, in->s_axis_rx_desc_tdata, sizeof n->li.s_axis_rx_desc_tdata);
    n->li.s_axis_rx_desc_tvalid = in->s_axis_rx_desc_tvalid;
    n->li.m_ready = n->f_ready && e_ready;
    mdd_rx_locate_eval(&m->loc, &n->li, &n->lo);
    n->go = n->lo.m_valid && n->f_ready && e_ready;

    /* engine inputs from the located word */
    const mdd_rx_locate_out *l = &n->lo;
    unsigned proto = (unsigned)DGET(l->m_desc, PROTO), pi_fmt = (unsigned)DGET(l->m_desc, PI_FMT);
    bool en_h = !l->m_dbad && proto == MDD_PROTO_ISCSI && DGET(l->m_desc, HDIG_EN);
    bool en_d = !l->m_dbad && DGET(l->m_desc, DDIG_EN);
    bool en_g = !l->m_dbad && DGET(l->m_desc, DIF_OP) != MDD_DIF_NONE;
    uint8_t mh = mdd_incl_mask(MDD_ENGINE_HDIG, proto), md = mdd_incl_mask(MDD_ENGINE_DDIG, proto),
            mg = mdd_incl_mask(MDD_ENGINE_GUARD, proto);
    uint64_t incl_h = 0, incl_d = 0, incl_g = 0, end_h = 0, end_d = 0, end_g = 0;
    for (unsigned i = 0; i < W; i++) {
        unsigned t = l->m_tag[i], kind = t & 7;
        if (en_h && ((mh >> kind) & 1))
            incl_h |= 1ull << i;
        if (en_d && ((md >> kind) & 1) && !(kind == MDD_KIND_MRK && (l->m_aux[i] & 8)))
            incl_d |= 1ull << i;
        if (en_g && ((mg >> kind) & 1))
            incl_g |= 1ull << i;
        if (en_h && ((t >> MDD_TAG_EH) & 1))
            end_h |= 1ull << i;
        if (en_d && ((t >> MDD_TAG_ED) & 1))
            end_d |= 1ull << i;
        if (en_g && ((t >> MDD_TAG_EB) & 1))
            end_g |= 1ull << i;
    }
    unsigned sel = gsel(pi_fmt);
    for (int e = 0; e < 5; e++) {
        mdd_rx_crc_engine_in *ei = &n->ei[e];
        ei->rst = in->rst;
        ei->s_valid = n->go;
        memcpy(ei->s_data, l->m_data, W);
        ei->s_close = l->m_last;
        if (e == 0) {
            ei->s_incl = incl_h;
            ei->s_end = end_h;
            ei->s_seed_en = l->m_first && en_h && DGET(l->m_desc, HDIG_OPEN);
            ei->s_seed = DGET(l->m_desc, HDIG_PART);
        } else if (e == 1) {
            ei->s_incl = incl_d;
            ei->s_end = end_d;
            ei->s_seed_en = l->m_first && en_d && DGET(l->m_desc, DIG_OPEN);
            ei->s_seed = DGET(l->m_desc, DIG_PART);
        } else {
            bool mine = (unsigned)e == sel;
            ei->s_incl = mine ? incl_g : 0;
            ei->s_end = mine ? end_g : 0;
            ei->s_seed_en = l->m_first && en_g && DGET(l->m_desc, DIF_OPEN) && mine;
            ei->s_seed = DGET(l->m_desc, DIF_PART) & mdd_crc_mask(m->eng[e].alg);
        }
    }
    /* pops: the checker's, routed to the head word's guard engine */
    for (int e = 0; e < 5; e++) {
        unsigned k = e < 2 ? (unsigned)e : 2;
        n->ei[e].m_pop = (e < 2 || (unsigned)e == qsel) ? n->co.pop[k] : 0;
    }
    for (int e = 0; e < 5; e++)
        mdd_rx_crc_engine_eval(&m->eng[e], &n->ei[e], &n->eo[e]);
    MDD_RX_WORD_COPY(&n->f_in.w, , l, m_);
    n->f_in.nend[0] = (uint8_t)n->eo[0].s_nend;
    n->f_in.part[0] = n->eo[0].s_part;
    n->f_in.nend[1] = (uint8_t)n->eo[1].s_nend;
    n->f_in.part[1] = n->eo[1].s_part;
    n->f_in.nend[2] = (uint8_t)n->eo[sel].s_nend;
    n->f_in.part[2] = n->eo[sel].s_part;
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
    unsigned wrap = 2 * m->data_depth - 1;
    uint64_t ce = m->chk.contract_errors;
    mdd_pack_tick(&m->pack, &n.pi);
    mdd_rx_ctx_tick(&m->ctx, &n.xi);
    mdd_rx_check_tick(&m->chk, &n.ci);
    if (m->chk.contract_errors != ce)
        m->contract_errors++;
    for (int e = 0; e < 5; e++)
        mdd_rx_crc_engine_tick(&m->eng[e], &n.ei[e]);
    mdd_rx_locate_tick(&m->loc, &n.li);
    if (n.go && n.f_ready) {
        m->fifo[m->wr & (m->data_depth - 1)] = n.f_in;
        m->wr = (m->wr + 1) & wrap;
    }
    if (n.f_pop)
        m->rd = (m->rd + 1) & wrap;
    if (in->rst)
        m->wr = m->rd = 0;
}

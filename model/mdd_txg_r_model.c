/* SPDX-License-Identifier: MIT */
/* C twin of rtl/mdd_txg_r.v: see mdd_txg_r_model.h. */
#include "mdd_txg_r_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

int mdd_txg_r_model_init(mdd_txg_r_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* x + n reduced modulo p, for x < p and x + n < 3p */
static uint32_t wrap2(uint32_t x, uint32_t n, uint32_t p)
{
    const uint32_t r = x + n;
    return r >= 2 * p ? r - 2 * p : r >= p ? r - p : r;
}

void mdd_txg_r_qdesc(const mdd_txg_r_model *m, const uint64_t *base, bool sel, uint64_t *out)
{
    if (out != base)
        memcpy(out, base, 8 * sizeof *out);
    if (!sel)
        return;
    const mdd_txg_r_state *s = &m->s;
    mdd_txg_set_resume_counts(out, s->seq, s->mrk_pos, s->pdu_off, s->dif_pos, s->fpdu_woff, s->skip, s->pass);
}

void mdd_txg_r_eval(const mdd_txg_r_model *m, const mdd_txg_r_in *in, mdd_txg_r_state *after, uint64_t *o_desc,
                    uint64_t *q_desc)
{
    const uint64_t *d = in->desc;
    struct mdd_txg_cfg c;
    mdd_txg_cfg_of(&c, d);
    mdd_txg_r_state s = m->s;
    if (in->first) {
        s.seq = (uint32_t)MDD_TXG_F(TCP_SEQ, d);
        s.mrk_pos = (uint32_t)MDD_TXG_F(MRK_POS, d);
        s.skip = (uint32_t)MDD_TXG_TF(SKIP_LEN, d);
        s.pass = (uint32_t)MDD_TXG_TF(PASS_LEN, d);
        s.pdu_off = (uint32_t)MDD_TXG_F(PDU_OFF, d);
        s.fpdu_woff = (uint32_t)MDD_TXG_F(FPDU_WOFF, d);
        s.dif_pos = (uint32_t)MDD_TXG_F(DIF_POS, d);
    }
    /* the word's counts: wire lanes, PDU lanes and DIF lanes, and those after its EP lane */
    unsigned nw = 0, np = 0, nd = 0, nw_ep = 0, np_ep = 0;
    bool ep = false;
    for (unsigned i = 0; i < m->w; i++) {
        const unsigned kind = in->tag[i] & 7u;
        const bool spi = (in->spi >> i) & 1;
        if (kind == MDD_KIND_VOID)
            continue;
        const bool wire = !spi, pdu = !spi && kind != MDD_KIND_MRK;
        nw += wire;
        np += pdu;
        nd += kind == MDD_KIND_PAY || kind == MDD_KIND_PI;
        nw_ep += ep && wire;
        np_ep += ep && pdu;
        ep = ep || (in->tag[i] & MDD_TAGM_EP);
    }
    s.seq += nw;
    if (c.mrk_en)
        s.mrk_pos = wrap2(s.mrk_pos, nw, c.period);
    const uint32_t sk = nw < s.skip ? nw : s.skip;
    s.skip -= sk;
    s.pass -= nw - sk < s.pass ? nw - sk : s.pass;
    if (!c.raw)
        s.pdu_off = ep ? np_ep : s.pdu_off + np;
    if (c.mpa)
        s.fpdu_woff = (ep ? nw_ep : s.fpdu_woff + nw) & 0xFFFF;
    if (c.dif_op != MDD_DIF_NONE)
        s.dif_pos = wrap2(s.dif_pos, nd, c.blk_len + c.pi_len);
    *after = s;
    memcpy(o_desc, d, 8 * sizeof *o_desc);
    if (in->last && !in->dbad) {
        MDD_TXG_SETF(HDR_LEN, o_desc, in->hdr_len);
        MDD_TXG_SETF(DATA_LEN, o_desc, in->data_len);
    }
    mdd_txg_r_qdesc(m, in->q_base, in->q_sel, q_desc);
}

void mdd_txg_r_tick(mdd_txg_r_model *m, const mdd_txg_r_in *in)
{
    if (!in->go)
        return;
    mdd_txg_r_state s;
    uint64_t o_desc[8], q_desc[8];
    mdd_txg_r_eval(m, in, &s, o_desc, q_desc);
    m->s = s;
}

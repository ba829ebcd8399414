/* SPDX-License-Identifier: MIT */
/* C twin of stage P of the staged TX generator; see mdd_txg_p_model.h. Every expression is the RTL's. */
#include "mdd_txg_p_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

int mdd_txg_p_model_init(mdd_txg_p_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* The layout registers from a PDU's lengths (mdd_txg_lay's sums, as PDU offsets). */
static void layout(mdd_txg_p_model *m, uint32_t hl, uint32_t dl)
{
    const uint32_t pad = (0u - (hl + dl)) & 3u;
    const bool dd = m->ddig && (m->mpa || dl != 0);
    m->l_hdr = hl;
    m->l_ps = hl + (m->hdig ? 4u : 0u);
    m->l_pe = m->l_ps + dl;
    m->l_pde = m->l_pe + pad;
    m->l_len = m->l_pde + (dd ? 4u : 0u);
    m->l_lc_v = pad != 0 || dl != 0 || m->mpa;
    m->l_lc = pad ? m->l_pde - 1 : dl ? m->l_pe - 1 : hl - 1;
}

/* Lane i of the word is in the part. */
static bool in_part(const mdd_txg_p_model *m, const mdd_txg_p_in *in, unsigned i)
{
    return i >= m->lo && i < in->n && (m->raw || (int64_t)in->pc[i] < m->a_stop);
}

void mdd_txg_p_eval(const mdd_txg_p_model *m, const mdd_txg_p_in *in, mdd_txg_p_out *out)
{
    memset(out, 0, sizeof *out);
    out->b = m->b;
    out->a_len = m->a_len;
    out->lk = m->lk;
    out->wb = m->wb;
    out->fw = m->fw;
    out->pdus = m->pdus;
    out->lo = m->lo;
    out->hi = m->lo;
    if (!in->go || in->load || m->rl || (m->pr_v && !m->lk) || m->halt)
        return; /* no part in a reload */
    /* D's data counts (the header): s = max(pc_lo, a_ps), e the part's DATA lanes below a_pe */
    const bool lo_ps = m->pc_lo < m->a_ps, lo_pe = m->pc_lo < m->a_pe;
    const int64_t s = lo_ps ? m->a_ps : m->pc_lo;
    const int64_t e = lo_pe ? m->a_pe - s : 0;
    for (unsigned i = 0; i < m->w; i++) {
        if (!in_part(m, in, i))
            continue;
        out->hi = (uint8_t)(i + 1);
        const int64_t pc = in->pc[i];
        const bool mk = (in->mrk >> i) & 1;
        const uint64_t bit = 1ull << i;
        out->dc[i] = (uint8_t)(m->raw ? i : !m->lk || pc < m->a_ps ? 0 : pc < m->a_pe ? pc - s : e);
        if (m->raw) {
            out->cls[i] = MDD_TXG_L_DATA;
            out->pi_here |= bit;
            continue;
        }
        const bool aft = m->lk && pc >= m->a_len;     /* after the current PDU's last byte */
        const bool known = m->lk && !aft;
        const int64_t base = aft ? m->a_len : m->b;   /* pc at PDU offset 0 of the lane's PDU */
        const bool at0 = pc == base;
        const bool early = m->self && !known && pc <= base + m->last_len;
        out->plow[i] = (uint8_t)((pc - base) & 7);
        if (early)
            out->early |= bit;
        if (at0 || (known && pc >= m->a_ps && pc <= m->a_pe))
            out->pi_here |= bit;
        if (mk) {
            const bool between = known && m->mpa && m->ddig && !at0 && pc + 4 > m->a_len;
            out->cls[i] = MDD_TXG_L_MRK;
            if (at0)
                out->boundary |= bit;
            if (known && m->mpa && m->ddig && in->mb[i] == m->ml - 1 && !at0 && pc + 4 == m->a_len)
                out->flags[i] |= MDD_TAGM_ED;
            out->aux[i] = (uint8_t)(in->mb[i] | (m->mpa && !between ? 0u : 8u));
        } else if (aft && !m->self) {
            out->cls[i] = MDD_TXG_L_AFTER;
        } else if (known) {
            if (pc < m->a_hdr) {
                out->cls[i] = MDD_TXG_L_HDR;
                if (pc + 1 == m->a_hdr)
                    out->flags[i] |= MDD_TAGM_EH;
            } else if (pc < m->a_ps) {
                out->cls[i] = MDD_TXG_L_HDIG;
                out->aux[i] = (uint8_t)((pc - m->a_hdr) & 3);
            } else if (pc < m->a_pe) {
                out->cls[i] = MDD_TXG_L_DATA;
            } else if (pc < m->a_pde) {
                out->cls[i] = MDD_TXG_L_PAD;
            } else {
                out->cls[i] = MDD_TXG_L_DDIG;
                out->aux[i] = (uint8_t)((pc - m->a_pde) & 3);
            }
            if (m->lc_v && pc == m->a_lc && !(m->mpa && m->ddig && ((in->mnext >> i) & 1)))
                out->flags[i] |= MDD_TAGM_ED;
            if (pc + 1 == m->a_len)
                out->flags[i] |= MDD_TAGM_EP;
        } else {
            /* a self-framing header whose lengths are not known: up to the need point */
            out->cls[i] = MDD_TXG_L_HDR;
            if (early)
                out->parse |= bit;
            if (m->mpa && m->ulp == 0 && pc == base + 1)
                out->flags[i] |= MDD_TAGM_EH;
        }
    }
    out->v = out->hi > out->lo;
    if (out->v)
        out->dc_n = (uint8_t)(m->raw ? in->n : !m->lk || in->pc_n < m->a_ps ? 0 : in->pc_n < m->a_pe ? in->pc_n - s : e);
    /* as the RTL: the part takes the word's last lane (the thermometer's top) */
    out->pop = out->v && (m->raw || (int64_t)in->pc_l < m->a_stop);
}

void mdd_txg_p_tick(mdd_txg_p_model *m, const mdd_txg_p_in *in)
{
    if (in->rst) {
        const unsigned w = m->w;
        memset(m, 0, sizeof *m);
        m->w = w;
        return;
    }
    if (in->load) {
        const unsigned w = m->w;
        memset(m, 0, sizeof *m);
        m->w = w;
        m->raw = in->ld_raw;
        m->self = in->ld_self;
        m->mpa = in->ld_mpa;
        m->hdig = in->ld_hdig;
        m->ddig = in->ld_ddig;
        m->ulp = in->ld_ulp;
        m->ml = in->ld_ml;
        m->last_len = m->mpa ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2;
        m->np = m->mpa ? (m->ulp == 0 ? 2u : 1u + m->ulp) : MDD_ISCSI_BHS_LEN - 1;
        m->b = -(int64_t)in->ld_pdu_off;
        m->a_stop = m->b + m->np;
        m->fw = in->ld_fpdu_woff;
        m->wb = -(int32_t)in->ld_fpdu_woff;
        /* the cycle after a load is a reload (no part): with the descriptor's lengths in the parse register
         * if they apply, else only to settle the RTL's compare flags */
        if (!m->raw && (!m->self || in->ld_pdu_off > m->last_len)) {
            m->pr_v = true;
            m->pr_hl = in->ld_hdr_len;
            m->pr_dl = in->ld_data_len;
        } else {
            m->rl = true;
        }
        return;
    }
    mdd_txg_p_out o;
    mdd_txg_p_eval(m, in, &o);
    const mdd_txg_p_model s = *m; /* the state at the cycle's start */

    if (s.rl) {
        m->rl = false;
    } else if (s.pr_v && !s.lk) { /* a reload: the bounds from the parse register's lengths */
        layout(m, s.pr_hl, s.pr_dl);
        m->pr_v = false;
        m->a_hdr = s.b + m->l_hdr;
        m->a_ps = s.b + m->l_ps;
        m->a_pe = s.b + m->l_pe;
        m->a_pde = s.b + m->l_pde;
        m->a_lc = s.b + m->l_lc;
        m->lc_v = m->l_lc_v;
        m->a_len = s.b + m->l_len;
        m->a_stop = m->a_len + (s.self ? s.np : 1u);
        m->lk = true;
    }
    if (in->pr_v) {
        m->pr_v = true;
        m->pr_hl = in->pr_hl;
        m->pr_dl = in->pr_dl;
    }
    if (!o.v)
        return;

    m->lo = o.pop ? 0 : o.hi;
    m->pc_lo = o.pop ? 0 : (uint8_t)s.a_stop; /* a split part ends where pc reaches a_stop */
    if (s.raw)
        return;
    const int64_t shift = o.pop ? in->pc_n : 0;
    const int64_t pc_end = o.pop ? in->pc_n : s.a_stop; /* pc after the part's last lane */
    const bool ep = s.lk && s.a_len >= 1 && pc_end >= s.a_len;
    m->b = s.b - shift;
    m->a_hdr = s.a_hdr - shift;
    m->a_ps = s.a_ps - shift;
    m->a_pe = s.a_pe - shift;
    m->a_pde = s.a_pde - shift;
    m->a_lc = s.a_lc - shift;
    m->a_len = s.a_len - shift;
    m->a_stop = s.a_stop - shift;
    if (ep) {
        m->pdus = s.pdus + 1;
        if (s.self) {
            m->lk = false;
            m->b = s.a_len - shift;
            m->a_stop = s.a_len + s.np - shift;
        }
    }
    if (!s.self && s.lk && pc_end > s.a_len)
        m->halt = true; /* the part's last lane is the host byte after the PDU */
    if (s.mpa) {
        int32_t e1 = s.wb; /* the lane after the EP lane */
        for (unsigned i = o.lo; i < o.hi; i++)
            if (o.flags[i] & MDD_TAGM_EP)
                e1 = (int32_t)i + 1;
        m->wb = e1 - (o.pop ? (int32_t)in->n : 0);
    }
}

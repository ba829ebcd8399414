/* SPDX-License-Identifier: MIT */
/* Stage X of the staged TX generator: see mdd_txg_x_model.h. */
#include "mdd_txg_x_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

/* X1: D's word on F's lanes, the host mask, the marker runs, pdus (the fields the mid register holds) */
static void x1(unsigned w, const mdd_txg_x_in *in, mdd_txg_x_out *out)
{
    memset(out, 0, sizeof *out);
    out->n = in->n;
    /* the part's EP lane (at most one) */
    int ep = -1;
    for (unsigned i = 0; i < w; i++)
        if (in->pflags[i] & MDD_TAGM_EP) {
            ep = (int)i;
            break;
        }
    out->pdus = in->pdus + (ep >= 0 && (unsigned)ep < in->first ? 1u : 0u);
    /* the marker runs, among the input lanes of the word */
    uint64_t run_in = 0;
    int run = -1;
    for (unsigned i = in->first; i < in->next; i++) {
        const bool mrk = in->dcls[i] == MDD_TXG_L_MRK;
        if (mrk && (i == in->first || in->dcls[i - 1] != MDD_TXG_L_MRK || in->mb[i] == 0)) {
            out->runs++;
            run = run < 1 ? run + 1 : 1;
            const bool aft = !in->raw && in->lk && in->pc[i] >= in->a_len;
            out->r_p[run] = (uint32_t)(in->pc[i] - (aft ? in->a_len : in->b)) & 0x1FFFFFFu;
            const int32_t wb = ep >= 0 && (unsigned)ep < i ? ep + 1 : in->wb;
            out->r_mval[run] = in->mpa ? (uint16_t)(((uint32_t)((int32_t)i - wb) & 0xFFFFu) - in->mb[i]) : 0;
            out->r_bnd[run] = in->boundary >> i & 1;
        }
        if (mrk)
            run_in |= (uint64_t)(run & 1) << i;
    }
    /* the output lanes: the SPI runs, the input lanes from first in order on the others */
    unsigned i = in->first;
    for (unsigned q = 0; q < in->n; q++) {
        const bool r1 = q >= in->r1_pos && q < in->r1_pos + in->r1_len;
        const bool r2 = q >= in->r2_pos && q < in->r2_pos + in->r2_len;
        if (r1 || r2) {
            out->cls[q] = MDD_TXG_L_SPI;
            out->aux[q] = (uint8_t)(r1 ? in->r1_aux + (q - in->r1_pos) : q - in->r2_pos);
            continue;
        }
        const uint8_t cls = in->dcls[i];
        out->cls[q] = cls;
        out->flags[q] = (uint8_t)(in->pflags[i] | ((in->eb >> i & 1) ? MDD_TAGM_EB : 0u));
        out->aux[q] = cls == MDD_TXG_L_PI ? in->daux[i] : in->paux[i];
        out->mb[q] = in->mb[i];
        out->plow[q] = in->plow[i];
        out->k |= (in->k >> i & 1) << q;
        out->boundary |= (in->boundary >> i & 1) << q;
        out->parse |= (in->parse >> i & 1) << q;
        out->upto_len |= (in->early >> i & 1) << q;
        out->run |= (run_in >> i & 1) << q;
        i++;
    }
    for (unsigned q = 0; q < in->n; q++)
        if (mdd_txg_needs_host(in->op, out->cls[q]))
            out->host |= 1ull << q;
}

/* X2: from the mid register, the host counts, the lane fill's selects and the markers after each lane */
static void x2(unsigned w, mdd_txg_x_out *out)
{
    unsigned hl = 0;
    for (unsigned q = 0; q < out->n; q++) {
        out->hl[q] = (uint8_t)hl;
        hl += out->host >> q & 1;
    }
    out->hl_n = (uint8_t)hl;
    bool later = false;
    out->mrk_after = 0;
    for (unsigned q = out->n; q-- > 0;) {
        out->mrk_after |= (uint64_t)later << q;
        later = later || out->cls[q] == MDD_TXG_L_MRK;
    }
    uint8_t hl_all[MDD_LANE_EXPAND_MAX_W];
    mdd_lane_expand_ctl(w, out->host, out->sel, hl_all);
}

int mdd_txg_x_model_init(mdd_txg_x_model *m, unsigned w)
{
    if (w < 4 || w > MDD_RX_MAX_W || (w & (w - 1)))
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

void mdd_txg_x_eval(const mdd_txg_x_model *m, const mdd_txg_x_ctl *c, mdd_txg_x_out *out, bool *take, bool *v)
{
    *v = m->mid_v && c->room;
    *take = c->in_v && (!m->mid_v || c->room);
    *out = m->mid;
    x2(m->w, out);
}

void mdd_txg_x_tick(mdd_txg_x_model *m, const mdd_txg_x_ctl *c, const mdd_txg_x_in *in)
{
    if (c->rst || c->flush) {
        m->mid_v = false;
        return;
    }
    bool take, v;
    mdd_txg_x_out o;
    mdd_txg_x_eval(m, c, &o, &take, &v);
    if (take)
        x1(m->w, in, &m->mid);
    m->mid_v = take || (m->mid_v && !v);
}

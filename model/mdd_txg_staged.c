/* SPDX-License-Identifier: MIT */
/*
 * The staged TX generator (docs/timing.md section 4), a twin option of model/mdd_tx_gen_model.c chosen at init
 * (mdd_tx_gen_model_init_staged). Same ports, same output stream (the references are the oracle), different
 * cycles: the lane walk's one loop over all counters becomes four stages with a loop each.
 *
 *   M  W wire lanes per word from the marker counter and the window: marker byte or not, K. Ends a word before a
 *      second marker start (one marker value per word). model/mdd_txg_m_model.c, the RTL's twin (rtl/mdd_txg_m.v);
 *      it loads a transfer's start state a cycle before its first word.
 *   P  the PDU fields of M's non-marker lanes from the PDU counter: HDR, HDIG, DATA, PAD, DDIG with EH / ED / EP,
 *      a marker's aux, ED and MPA pointer. Ends a word before a second EH or ED (D-009). A self-framing header's
 *      lengths come from F through the parse register: P lays out the header bytes the lengths do not decide
 *      (iSCSI up to BHS byte 46, MPA up to the header's second-last byte, and always the length bytes) and
 *      waits there.
 *   D  PAY or PI for P's data lanes from the DIF counter, EB; under CHECK_STRIP the stripped PI in front of the
 *      first lane where it is due. Ends a word at W lanes or before a second EB, ED or EH.
 *   X  D's word expanded to its output lanes with every per-lane field F reads, and per word the host-lane
 *      counts, the lane fill's selects and the marker runs (model/mdd_txg_x_model.c), so that F starts from
 *      registers; takes each of D's words whole.
 *   F  the lanes of X's word in place, with host bytes from the buffer and marker values; the self-framing
 *      parse, FRAME, UPSTREAM, DESC; the transfer's end (T1: a lane that needs a host byte the transfer does
 *      not have, a marker at a PDU boundary, an iSCSI marker whose header lengths are not there); the resume
 *      fields. A marker whose value needs the header's lengths read ahead (T3) is F's first lane of a cycle.
 *
 * Words move through two-entry FIFOs (a stage loads while its FIFO had room at the cycle's start). One or two
 * layout pipelines (M, P, D, X; mdd_txg_pipe.n): the current one lays out the head descriptor's transfer, the other
 * the second descriptor's as soon as it is queued. When F ends a transfer, the current pipeline is flushed and F
 * takes the other's words from the next cycle (with one pipeline, M starts the next descriptor then); when F
 * loses a transfer's bytes to FRAME, its pipeline stops laying out: at once for FRAME before a lane (T3, AFTER),
 * in the next cycle, F idle, for FRAME at MPA's length (pipe.fpend, D-093: the RTL's flush then does not wait for
 * the ring's bytes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_tx_gen_model.h"
#include "mdd_txg_fc_model.h"

#define F(name, d) MDD_TXG_F(name, d)
#define TF(name, d) MDD_TXG_TF(name, d)

static mdd_txg_snap snap_of_desc(const uint64_t *d)
{
    mdd_txg_snap s;
    memset(&s, 0, sizeof s);
    s.mrk_pos = (uint32_t)F(MRK_POS, d);
    s.skip = (uint32_t)TF(SKIP_LEN, d);
    s.pass = (uint32_t)TF(PASS_LEN, d);
    s.pdu_off = (uint32_t)F(PDU_OFF, d);
    s.fpdu_woff = (uint32_t)F(FPDU_WOFF, d);
    s.dif_pos = (uint32_t)F(DIF_POS, d);
    return s;
}

/* The first PDU offset of a self-framing header whose layout needs the header's lengths. */
static uint32_t need_point(const struct mdd_txg_cfg *c)
{
    if (c->mpa)
        return c->ulp == 0 ? 2u : 1u + c->ulp;
    return MDD_ISCSI_BHS_LEN - 1;
}

/* ---- M ---------------------------------------------------------------------------------------------- */

/* Stage M's word (mdd_txg_m_model, the RTL's) as layout lanes, each with M's state after it by the byte-by-byte
 * rules (the lane walk's wire_byte): the lanes' decisions must agree with them, and M's prefix counts (carried
 * with the word for P) with a count of its marker lanes (else m->staged_errors). */
static void m_lanes(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, const mdd_txg_m_out *mo, mdd_txg_lword *out)
{
    memset(out, 0, sizeof *out);
    mdd_txg_snap s;
    memset(&s, 0, sizeof s);
    s.wire = mo->wire;
    s.mrk_pos = mo->mrk_pos;
    s.skip = mo->skip;
    s.pass = mo->pass;
    bool started = false;
    unsigned pc = 0;
    for (unsigned i = 0; i < mo->n; i++) {
        const bool is_mrk = c->mrk_en && s.mrk_pos < c->ml;
        if (mo->pc[i] != pc || (i + 1 == mo->n && mo->pc_l != pc))
            m->staged_errors++;
        pc += !is_mrk;
        mdd_txg_lane *l = &out->l[out->n++];
        l->cls = (mo->mrk >> i) & 1 ? MDD_TXG_L_MRK : MDD_TXG_L_WIRE;
        l->mb = mo->mb[i];
        l->k = (mo->k >> i) & 1;
        l->mnext = (mo->mnext >> i) & 1;
        const bool k = s.skip == 0 && s.pass != 0;
        if (s.skip)
            s.skip--;
        else if (s.pass)
            s.pass--;
        s.wire++;
        const bool mnext = c->mrk_en && s.mrk_pos + 1 == c->period;
        if (is_mrk != (l->cls == MDD_TXG_L_MRK) || (is_mrk && l->mb != s.mrk_pos) || k != l->k || mnext != l->mnext ||
            (is_mrk && s.mrk_pos == 0 && started))
            m->staged_errors++;
        started = started || (is_mrk && s.mrk_pos == 0);
        if (c->mrk_en)
            s.mrk_pos = s.mrk_pos + 1 == c->period ? 0 : s.mrk_pos + 1;
        l->after = s;
    }
    /* the word ends at W lanes or before a second marker start */
    if (mo->n < m->w && !(c->mrk_en && s.mrk_pos == 0 && started))
        m->staged_errors++;
    if (mo->pc_n != pc)
        m->staged_errors++;
    memcpy(out->pc, mo->pc, sizeof out->pc);
    out->pc_l = mo->pc_l;
    out->pc_n = mo->pc_n;
}

/* ---- P ---------------------------------------------------------------------------------------------- */

/* Lays out in->l[in->off..] into out; advances in->off. */
static void p_stage(const struct mdd_txg_cfg *c, mdd_txg_layout *pp, mdd_txg_lword *in, mdd_txg_lword *out)
{
    memset(out, 0, sizeof *out);
    unsigned ends = 0;
    const uint32_t np = need_point(c);
    unsigned i = in->off;
    for (; i < in->n && !pp->p_halt; i++) {
        mdd_txg_lane l = in->l[i];
        mdd_txg_snap *s = &pp->ps;
        const uint32_t p = s->pdu_off;
        if (!c->raw && c->self && !pp->p_lk && p >= np) {
            if (pp->pr_v && pp->pr_pdu == s->pdus) { /* F's parse of this PDU's header is back */
                pp->p_hdr_len = pp->pr_hl;
                pp->p_data_len = pp->pr_dl;
                pp->p_lk = true;
            } else {
                break; /* wait for it */
            }
        }
        uint32_t ps = 0, pe = 0, pde = 0, len = 0;
        int64_t lc = -1;
        const bool lk = !c->self || p > c->last_len; /* next_of's lk before a parse */
        if (!c->raw && pp->p_lk)
            mdd_txg_lay(c, pp->p_hdr_len, pp->p_data_len, &ps, &pe, &pde, &len, &lc);
        const bool pi_here = c->raw || p == 0 || (lk && pp->p_lk && p >= ps && p <= pe);
        l.p = p;
        l.pi_here = pi_here;
        l.flags = 0;
        l.aux = 0;
        bool ep = false;
        if (l.cls == MDD_TXG_L_MRK) {
            const bool boundary = p == 0;
            const bool known = lk && pp->p_lk; /* P has the lengths wherever they matter (need_point) */
            const bool between = c->mpa && !boundary && known && c->ddig_en && p > len - 4;
            const bool covered = c->mpa && !between;
            if (c->mpa && c->ddig_en && covered && l.mb == c->ml - 1 && !boundary && known && p == len - 4)
                l.flags |= MDD_TAGM_ED;
            l.boundary = boundary;
            l.aux = (uint8_t)(l.mb | (covered ? 0u : 8u));
            l.mval = (uint16_t)(s->fpdu_woff - l.mb);
            if (c->mpa)
                s->fpdu_woff = (s->fpdu_woff + 1) & 0xFFFF;
        } else if (c->raw) {
            l.cls = MDD_TXG_L_DATA;
        } else if (!c->self && s->pdu_done) {
            l.cls = MDD_TXG_L_AFTER;
        } else if (c->self && p <= c->last_len) {
            l.cls = MDD_TXG_L_HDR;
            l.parse = true;
            if (p == c->last_len && c->mpa && c->ulp == 0)
                l.flags |= MDD_TAGM_EH; /* the header's last byte; its lengths decide nothing else here */
        } else if (!pp->p_lk) {
            l.cls = MDD_TXG_L_HDR; /* below need_point: no length decides this byte */
        } else {
            if (p < pp->p_hdr_len) {
                l.cls = MDD_TXG_L_HDR;
                if (p == pp->p_hdr_len - 1)
                    l.flags |= MDD_TAGM_EH;
            } else if (p < ps) {
                l.cls = MDD_TXG_L_HDIG;
                l.aux = (uint8_t)(p - pp->p_hdr_len);
            } else if (p < pe) {
                l.cls = MDD_TXG_L_DATA;
            } else if (p < pde) {
                l.cls = MDD_TXG_L_PAD;
            } else {
                l.cls = MDD_TXG_L_DDIG;
                l.aux = (uint8_t)(p - pde);
            }
            if ((int64_t)p == lc && !(c->mpa && c->ddig_en && l.mnext))
                l.flags |= MDD_TAGM_ED;
            ep = p == len - 1;
            if (ep)
                l.flags |= MDD_TAGM_EP;
        }
        const unsigned xe = l.flags & (MDD_TAGM_ED | MDD_TAGM_EH);
        if (xe & ends)
            break; /* one end of a kind per word: the lane starts the next word */
        ends |= xe;
        if (l.cls == MDD_TXG_L_AFTER) {
            pp->p_halt = true; /* F ends the transfer or loses its bytes here */
        } else if (l.cls != MDD_TXG_L_MRK && !c->raw) {
            if (ep) {
                s->pdus++;
                s->pdu_off = 0;
                if (!c->self)
                    s->pdu_done = true;
                else
                    pp->p_lk = false;
            } else {
                s->pdu_off++;
            }
            if (c->mpa)
                s->fpdu_woff = ep ? 0 : ((s->fpdu_woff + 1) & 0xFFFF);
        }
        l.after.pdu_off = s->pdu_off;
        l.after.fpdu_woff = s->fpdu_woff;
        l.after.pdus = s->pdus;
        l.after.pdu_done = s->pdu_done;
        out->l[out->n++] = l;
    }
    in->off = i;
}

/* Stage P's part (mdd_txg_p_model, the RTL's) as layout lanes in place (out->l[lo..hi), off = lo): the per-lane
 * PDU offset, marker pointer and state after each lane from the part's per-word values, as F derives them. */
static void p_lanes(const struct mdd_txg_cfg *c, const mdd_txg_lword *in, const uint8_t *pc, const mdd_txg_p_out *po,
                    mdd_txg_lword *out)
{
    memset(out, 0, sizeof *out);
    out->off = out->lo = po->lo;
    out->n = po->hi;
    const bool done0 = !c->raw && !c->self && po->lk && po->a_len <= pc[po->lo];
    memcpy(out->dc, po->dc, sizeof out->dc);
    out->dc_n = po->dc_n;
    int32_t wb = po->wb;
    bool ep_seen = false;
    for (unsigned i = po->lo; i < po->hi; i++) {
        mdd_txg_lane l = in->l[i];
        const bool aft = !c->raw && po->lk && pc[i] >= po->a_len;
        const bool ep = po->flags[i] & MDD_TAGM_EP;
        l.cls = po->cls[i];
        l.flags = po->flags[i];
        l.aux = po->aux[i];
        l.pi_here = (po->pi_here >> i) & 1;
        l.boundary = (po->boundary >> i) & 1;
        l.parse = (po->parse >> i) & 1;
        l.p = c->raw ? (uint32_t)-po->b : (uint32_t)(pc[i] - (aft ? po->a_len : po->b));
        const uint32_t woff = c->mpa ? (uint32_t)((int32_t)i - wb) & 0xFFFF : po->fw;
        if (l.cls == MDD_TXG_L_MRK)
            l.mval = (uint16_t)(woff - l.mb);
        const bool moves = l.cls != MDD_TXG_L_MRK && l.cls != MDD_TXG_L_AFTER && !c->raw;
        l.after.pdu_off = ep ? 0 : l.p + (moves ? 1u : 0u);
        l.after.fpdu_woff = c->mpa ? (ep ? 0 : (l.cls == MDD_TXG_L_AFTER ? woff : (woff + 1) & 0xFFFF)) : po->fw;
        if (ep) {
            ep_seen = true;
            wb = (int32_t)i + 1;
        }
        l.after.pdus = po->pdus + ep_seen;
        l.after.pdu_done = !c->self && (done0 || ep_seen);
        out->l[i] = l;
    }
    /* what X takes from P's part: P's outputs and M's lanes, as the RTL's FIFO between P and D holds them */
    mdd_txg_x_in *x = &out->xi;
    x->raw = c->raw;
    x->mpa = c->mpa;
    x->op = (uint8_t)c->dif_op;
    for (unsigned i = po->lo; i < po->hi; i++) {
        x->pflags[i] = po->flags[i];
        x->paux[i] = po->aux[i];
        x->mb[i] = in->l[i].mb;
        x->plow[i] = po->plow[i];
        x->pc[i] = pc[i];
        x->k |= (uint64_t)in->l[i].k << i;
    }
    x->boundary = po->boundary;
    x->parse = po->parse;
    x->early = po->early;
    x->b = po->b;
    x->a_len = po->a_len;
    x->lk = po->lk;
    x->wb = po->wb;
    x->pdus = po->pdus;
}

/* Whether two layout lanes agree in every field P and M set. */
static bool lane_eq(const mdd_txg_lane *a, const mdd_txg_lane *b)
{
    return a->cls == b->cls && a->flags == b->flags && a->aux == b->aux && a->mb == b->mb && a->k == b->k &&
           a->mnext == b->mnext && a->pi_here == b->pi_here && a->boundary == b->boundary && a->parse == b->parse &&
           a->p == b->p && a->mval == b->mval && a->after.wire == b->after.wire &&
           a->after.mrk_pos == b->after.mrk_pos && a->after.skip == b->after.skip && a->after.pass == b->after.pass &&
           a->after.pdu_off == b->after.pdu_off && a->after.fpdu_woff == b->after.fpdu_woff &&
           a->after.pdus == b->after.pdus && a->after.pdu_done == b->after.pdu_done;
}

/* Stage P for a cycle: the block's part, checked against the lane walk run over the same lanes (the walk must
 * take exactly them and agree on every lane, on the compact outputs and on the halt). */
static void p_block(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, mdd_txg_layout *l, mdd_txg_p_in *pi,
                    mdd_txg_lword *p_out, bool *push, bool *pop)
{
    mdd_txg_lword *in = &l->mp.e[0];
    memcpy(pi->pc, in->pc, sizeof pi->pc);
    pi->pc_l = in->pc_l;
    pi->pc_n = in->pc_n;
    pi->n = (uint8_t)in->n;
    pi->mrk = pi->mnext = 0;
    for (unsigned i = 0; i < in->n; i++) {
        pi->mrk |= (uint64_t)(in->l[i].cls == MDD_TXG_L_MRK) << i;
        pi->mnext |= (uint64_t)in->l[i].mnext << i;
        pi->mb[i] = in->l[i].mb;
    }
    mdd_txg_p_out po;
    mdd_txg_p_eval(&l->pm, pi, &po);
    *push = po.v;
    *pop = po.pop;
    if (!po.v)
        return;
    p_lanes(c, in, in->pc, &po, p_out);
    /* the walk over the same lanes */
    mdd_txg_lword wi = *in, wo;
    wi.n = po.hi;
    bool bad = wi.off != po.lo;
    p_stage(c, l, &wi, &wo);
    bad = bad || wi.off != po.hi || wo.n != (unsigned)(po.hi - po.lo);
    for (unsigned i = po.lo; !bad && i < po.hi; i++) {
        const mdd_txg_lane *a = &p_out->l[i], *b = &wo.l[i - po.lo];
        bad = !lane_eq(a, b) || ((po.early >> i) & 1) != (c->self && !c->raw && a->p <= c->last_len) ||
              (((po.early >> i) & 1) && po.plow[i] != (a->p & 7));
    }
    bad = bad || l->p_halt != (po.cls[po.hi - 1] == MDD_TXG_L_AFTER) || po.pop != (po.hi == in->n);
    /* D's data counts (P's from pc and its bounds) against a count of the part's DATA lanes */
    unsigned dc = 0;
    for (unsigned i = po.lo; i < po.hi; i++) {
        bad = bad || po.dc[i] != dc;
        dc += po.cls[i] == MDD_TXG_L_DATA;
    }
    bad = bad || po.dc_n != dc;
    if (bad) {
        m->staged_errors++;
        if (getenv("MDD_TXG_DEBUG")) {
            fprintf(stderr, "P: lo %u hi %u pop %d walk off %u n %u halt %d lk %d b %lld a_len %lld stop %lld dc_n %u\n", po.lo,
                    po.hi, po.pop, wi.off, wo.n, l->p_halt, po.lk, (long long)po.b, (long long)po.a_len,
                    (long long)l->pm.a_stop, po.dc_n);
            for (unsigned i = po.lo; i < po.hi; i++) {
                const mdd_txg_lane *a = &p_out->l[i], *b = i - po.lo < wo.n ? &wo.l[i - po.lo] : a;
                fprintf(stderr, " %2u pc %2u dc %2u blk cls %u fl %x aux %x p %u pi %d bd %d pa %d mv %u af %u/%u/%u/%d | walk cls %u fl %x aux %x p %u pi %d bd %d pa %d mv %u af %u/%u/%u/%d\n",
                        i, pi->pc[i], po.dc[i], a->cls, a->flags, a->aux, a->p, a->pi_here, a->boundary, a->parse, a->mval, a->after.pdu_off,
                        a->after.fpdu_woff, a->after.pdus, a->after.pdu_done, b->cls, b->flags, b->aux, b->p, b->pi_here,
                        b->boundary, b->parse, b->mval, b->after.pdu_off, b->after.fpdu_woff, b->after.pdus, b->after.pdu_done);
            }
        }
    }
    in->off = po.pop ? in->n : po.hi;
}

/* ---- D ---------------------------------------------------------------------------------------------- */

static void d_stage(const struct mdd_txg_cfg *c, unsigned w, mdd_txg_layout *pp, mdd_txg_lword *in, mdd_txg_lword *out)
{
    memset(out, 0, sizeof *out);
    unsigned ends = 0;
    mdd_txg_snap *s = &pp->ds;
    unsigned i = in->off;
    while (i < in->n && out->n < w) {
        const mdd_txg_lane *src = &in->l[i];
        if (c->dif_op == MDD_DIF_CHECK_STRIP && s->dif_pos >= c->blk_len && src->pi_here) {
            mdd_txg_lane *l = &out->l[out->n++];
            memset(l, 0, sizeof *l);
            l->cls = MDD_TXG_L_SPI;
            l->aux = (uint8_t)(s->dif_pos - c->blk_len);
            s->dif_pos = mdd_txg_dif_next(c, s->dif_pos);
            l->after = *s;
            continue;
        }
        mdd_txg_lane l = *src;
        uint32_t dif = s->dif_pos;
        if (l.cls == MDD_TXG_L_DATA) {
            l.cls = MDD_TXG_L_PAY;
            if (c->dif_op != MDD_DIF_NONE) {
                if (dif < c->blk_len) {
                    if (dif == c->blk_len - 1)
                        l.flags |= MDD_TAGM_EB;
                } else {
                    l.cls = MDD_TXG_L_PI;
                    l.aux = (uint8_t)(dif - c->blk_len);
                }
                dif = mdd_txg_dif_next(c, dif);
            }
        }
        const unsigned xe = l.flags & (MDD_TAGM_EB | MDD_TAGM_ED | MDD_TAGM_EH);
        if (xe & ends)
            break;
        ends |= xe;
        s->dif_pos = dif;
        l.after.dif_pos = dif;
        const uint32_t d = s->dif_pos;
        *s = l.after;
        s->dif_pos = d;
        out->l[out->n++] = l;
        i++;
    }
    in->off = i;
}

/* Stage D for a cycle: the block's word (mdd_txg_d_model), checked against the lane walk over the same part
 * (the same lanes taken, every output lane's class, flags, aux and DIF position after it); the walk's lanes are
 * the output. */
static void d_block(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, mdd_txg_layout *l, mdd_txg_lword *in,
                    mdd_txg_lword *out)
{
    mdd_txg_d_in di;
    memset(&di, 0, sizeof di);
    di.go = true;
    di.lo = (uint8_t)in->lo;
    di.hi = (uint8_t)in->n;
    for (unsigned i = in->lo; i < in->n; i++) {
        di.dc[i] = in->dc[i]; /* P's (checked in p_block against a count of its DATA lanes) */
        di.cls[i] = in->l[i].cls;
        di.pi_here |= (uint64_t)in->l[i].pi_here << i;
    }
    di.dc_n = in->dc_n;
    mdd_txg_d_out o;
    mdd_txg_d_eval(&l->dm, &di, &o);
    const unsigned off0 = in->off;
    d_stage(c, m->w, l, in, out);
    uint8_t src[MDD_RX_MAX_W], ocls[MDD_RX_MAX_W], oaux[MDD_RX_MAX_W], eb;
    memset(src, 0, sizeof src);
    mdd_txg_d_compact(&l->dm, &o, src, ocls, oaux, &eb);
    bool bad = o.first != off0 || o.next != in->off || o.n != out->n || o.pop != (in->off == in->n);
    uint32_t dif = o.q;
    for (unsigned k = 0; !bad && k < out->n; k++) {
        const mdd_txg_lane *a = &out->l[k];
        const bool spi = src[k] == MDD_TXG_D_SPI;
        const mdd_txg_lane *s = spi ? NULL : &in->l[src[k]];
        const bool dif_lane = ocls[k] == MDD_TXG_L_PAY || ocls[k] == MDD_TXG_L_PI || spi;
        const unsigned flags = spi ? 0u : s->flags | (k == eb ? (unsigned)MDD_TAGM_EB : 0u);
        const unsigned aux = ocls[k] == MDD_TXG_L_PI || spi ? oaux[k] : s->aux;
        if (dif_lane && c->dif_op != MDD_DIF_NONE)
            dif = mdd_txg_dif_next(c, dif);
        bad = (a->cls == MDD_TXG_L_SPI) != spi || a->cls != ocls[k] || a->flags != flags || a->aux != aux ||
              a->after.dif_pos != dif;
        if (!spi && !bad) { /* the source lane itself: every field M and P set, and the state after it */
            mdd_txg_lane x = *s;
            x.cls = ocls[k];
            x.flags = (uint8_t)flags;
            x.aux = (uint8_t)aux;
            x.after.dif_pos = dif;
            bad = !lane_eq(&x, a);
        }
    }
    if (bad) {
        m->staged_errors++;
        if (getenv("MDD_TXG_DEBUG")) {
            fprintf(stderr, "D: op %u blk %u pi %u lo %u hi %u walk off %u->%u n %u | block first %u next %u n %u pop %d "
                            "q %u e %lld kp %u eb %u\n",
                    c->dif_op, c->blk_len, c->pi_len, in->lo, in->n, off0, in->off, out->n, o.first, o.next, o.n, o.pop,
                    o.q, (long long)o.e, o.kp, eb);
            for (unsigned k = 0; k < out->n || k < o.n; k++)
                fprintf(stderr, " %2u walk cls %u fl %x aux %u dif %u | block src %u cls %u aux %u\n", k,
                        out->l[k].cls, out->l[k].flags, out->l[k].aux, out->l[k].after.dif_pos, src[k], ocls[k],
                        oaux[k]);
        }
    }
    /* what X takes from D's word (with P's part's fields) */
    out->xi = in->xi;
    mdd_txg_x_in *x = &out->xi;
    x->first = o.first;
    x->next = o.next;
    x->n = o.n;
    x->eb = o.eb;
    memcpy(x->dcls, o.cls, sizeof x->dcls);
    memcpy(x->daux, o.aux, sizeof x->daux);
    x->r1_pos = o.r1_pos;
    x->r1_len = o.r1_len;
    x->r1_aux = (uint8_t)(l->dm.pi - l->dm.kp);
    x->r2_pos = o.r2_pos;
    x->r2_len = o.r2_len;
    m->txg_st.d_spi_two += o.r1_len && o.r2_len;
    m->txg_st.d_spi_cut += (o.r1_len && o.r1_len < o.kp) || (o.r2_len && o.r2_len < c->pi_len);
    mdd_txg_d_tick(&l->dm, &di);
}

/* Per lane of a word: a marker lane follows it in the word (the front stage's mrk_after). */
static uint64_t mrk_after_of(const mdd_txg_lword *hw)
{
    uint64_t after = 0;
    bool later = false;
    for (unsigned i = hw->n; i-- > 0;) {
        after |= (uint64_t)later << i;
        later = later || hw->l[i].cls == MDD_TXG_L_MRK;
    }
    return after;
}

/* ---- X ---------------------------------------------------------------------------------------------- */

/* X's word leaving for F (xo, from the block: mdd_txg_x_model) with the walk's lanes of the same word (in, taken
 * whole from D a cycle earlier) into out, checked against them: every field F reads, the host counts and the lane
 * fill's selects. */
static void x_block(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, const mdd_txg_lword *in,
                    const mdd_txg_x_out *xo, mdd_txg_lword *out)
{
    *out = *in;
    out->off = 0;
    out->xo = *xo;
    const mdd_txg_x_out *x = &out->xo;
    /* the RTL takes kp's SPI run r1 to lie before r2 (a non-SPI lane's shift is 0, r1_len or r1_len + r2_len) */
    const mdd_txg_x_in *xi = &in->xi;
    bool bad = x->n != in->n || in->off != 0 || x->runs > 2 ||
               (xi->r1_len && xi->r2_len && xi->r1_pos + xi->r1_len > xi->r2_pos);
    unsigned hl = 0, bad_lane = 0;
    int run = -1;
    uint64_t host = 0;
    for (unsigned q = 0; q < in->n; q++) {
        const mdd_txg_lane *l = &in->l[q];
        const bool spi = l->cls == MDD_TXG_L_SPI;
        const bool upto = !spi && c->self && !c->raw && l->p <= c->last_len;
        bool lb = x->cls[q] != l->cls || x->flags[q] != l->flags || x->aux[q] != l->aux || x->mb[q] != l->mb ||
                  (bool)(x->k >> q & 1) != l->k || (bool)(x->boundary >> q & 1) != l->boundary ||
                  (bool)(x->parse >> q & 1) != l->parse || (bool)(x->upto_len >> q & 1) != upto ||
                  x->plow[q] != (l->p & 7) || x->hl[q] != hl;
        if (mdd_txg_needs_host(c->dif_op, l->cls)) {
            host |= 1ull << q;
            hl++;
        }
        if (l->cls == MDD_TXG_L_MRK) {
            if (q == 0 || in->l[q - 1].cls != MDD_TXG_L_MRK || l->mb == 0)
                run = run < 1 ? run + 1 : 1;
            /* every lane of a run has the run's p, pointer and boundary flag */
            lb = lb || (unsigned)(x->run >> q & 1) != (unsigned)run || x->r_p[run] != l->p ||
                 x->r_mval[run] != (c->mpa ? l->mval : 0) || x->r_bnd[run] != l->boundary;
        }
        if (lb && !bad)
            bad_lane = q;
        bad = bad || lb;
    }
    /* coverage */
    {
        mdd_txg_stats *st = &m->txg_st;
        int ep = -1;
        for (unsigned i = 0; i < m->w && ep < 0; i++)
            if (xi->pflags[i] & MDD_TAGM_EP)
                ep = (int)i;
        bool reg1 = false, reg2 = false, run_after_ep = false;
        for (unsigned q = 0; q < in->n; q++) {
            const bool spi = in->l[q].cls == MDD_TXG_L_SPI;
            reg1 = reg1 || (!spi && xi->r1_len && q >= xi->r1_pos + xi->r1_len);
            reg2 = reg2 || (!spi && xi->r2_len && q >= xi->r2_pos + xi->r2_len);
        }
        for (unsigned i = xi->first; i < xi->next; i++)
            run_after_ep = run_after_ep || (ep >= 0 && (unsigned)ep < i && xi->dcls[i] == MDD_TXG_L_MRK);
        st->x_spi += xi->r1_len || xi->r2_len;
        st->x_reg1 += reg1;
        st->x_reg2 += reg2;
        st->x_runs2 += x->runs == 2;
        st->x_run_after_ep += run_after_ep;
        st->x_ep_first += ep >= 0 && (unsigned)ep < xi->first;
        st->x_first_nz += xi->first != 0;
    }
    const uint32_t pdus = in->n ? in->l[0].after.pdus - ((in->l[0].flags & MDD_TAGM_EP) ? 1u : 0u) : 0;
    bad = bad || x->hl_n != hl || x->host != host || x->mrk_after != mrk_after_of(in) || x->pdus != pdus;
    /* the lane fill: the network with X's selects moves compact lane j (the ring's byte j) to the j-th host lane */
    uint8_t idx[MDD_LANE_EXPAND_MAX_W], dst[MDD_LANE_EXPAND_MAX_W];
    for (unsigned j = 0; j < m->w; j++)
        idx[j] = (uint8_t)j;
    mdd_lane_expand(m->w, idx, x->sel, dst);
    for (unsigned q = 0; q < in->n; q++)
        bad = bad || ((host >> q & 1) && dst[q] != x->hl[q]);
    if (bad) {
        m->staged_errors++;
        if (getenv("MDD_TXG_DEBUG")) {
            fprintf(stderr, "X: n %u/%u runs %u hl_n %u/%u pdus %u/%u mrk_after %llx/%llx first bad lane %u\n", x->n,
                    in->n, x->runs, x->hl_n, hl, x->pdus, pdus, (unsigned long long)x->mrk_after,
                    (unsigned long long)mrk_after_of(in), bad_lane);
            for (unsigned q = 0; q < in->n; q++) {
                const mdd_txg_lane *l = &in->l[q];
                fprintf(stderr, " %2u X cls %u fl %x aux %x mb %u k %d p%%8 %u run %u | walk cls %u fl %x aux %x mb %u k %d "
                                "p %u mval %u bnd %d\n",
                        q, x->cls[q], x->flags[q], x->aux[q], x->mb[q], (int)(x->k >> q & 1), x->plow[q],
                        (unsigned)(x->run >> q & 1), l->cls, l->flags, l->aux, l->mb, l->k, l->p, l->mval, l->boundary);
            }
        }
    }
}

/* ---- F ---------------------------------------------------------------------------------------------- */

static bool needs_host(const struct mdd_txg_cfg *c, unsigned cls)
{
    return mdd_txg_needs_host(c->dif_op, cls);
}

/* Whether a lane ends the transfer when the transfer has no host byte left for it (T1). */
static bool stops_without_host(const struct mdd_txg_cfg *c, const mdd_txg_lane *l)
{
    return mdd_txg_stops_without_host(c->mpa, c->dif_op, l->cls, l->mb, l->boundary, c->self && l->p <= c->last_len);
}

struct f_res {
    bool flush;            /* M, P and D drop the transfer (its end, or its bytes lost) */
    bool frame_later;      /* FRAME at MPA's length: the flush is the next cycle's, F idle then (D-093) */
    bool publish;          /* the parse register is loaded */
    uint32_t pr_pdu, pr_hl, pr_dl;
    bool df_pop;           /* D's word is done */
    bool df_set;           /* else df_off lanes of it are taken */
    unsigned df_off;
};

/* The current transfer's host bytes in the ring as F sees them: saturated at 3W + 8 (F's width; F never uses
 * more than W + 8 of them in a cycle, so the decisions are the same). */
static unsigned f_avail(const mdd_tx_gen_model *m)
{
    const unsigned avail = m->hb_end ? m->hb_e0 : m->hb_cnt, cap = 3 * m->w + 8;
    return avail < cap ? avail : cap;
}

/* F's control block for this cycle: D's word at the head of the current pipeline's FIFO (consume: the
 * transfer is bad or lost). */
static void f_control(const mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, const mdd_txg_layout *pp, bool consume,
                      bool mimg_ok, bool plen_ok, unsigned avail, bool end, mdd_txg_fc_in *fi,
                      mdd_txg_fc_out *fo)
{
    memset(fi, 0, sizeof *fi);
    fi->mpa = c->mpa;
    fi->op = (uint8_t)c->dif_op;
    fi->consume = consume;
    fi->mimg_ok = mimg_ok;
    fi->plen_ok = plen_ok;
    fi->avail = (uint8_t)avail;
    fi->a = (uint16_t)avail;
    fi->last_in = end;
    if (!consume) {
        const mdd_txg_lword *hw = &pp->xf.e[0];
        fi->off = (uint8_t)hw->off;
        fi->n = (uint8_t)hw->n;
        unsigned hl = 0;
        for (unsigned i = 0; i < hw->n; i++) {
            const mdd_txg_lane *l = &hw->l[i];
            fi->cls[i] = l->cls;
            fi->mb[i] = l->mb;
            fi->boundary |= (uint64_t)l->boundary << i;
            fi->parse |= (uint64_t)l->parse << i;
            fi->upto_len |= (uint64_t)(c->self && l->p <= c->last_len) << i;
            fi->plow[i] = (uint8_t)(l->p & 7);
            fi->hl[i] = (uint8_t)hl;
            hl += needs_host(c, l->cls);
        }
        fi->mrk_after = mrk_after_of(hw);
        fi->hl_n = (uint8_t)hl;
        fi->a = (uint16_t)(avail + fi->hl[hw->off]);
        fi->next_v = pp->xf.cnt > 1;
        if (fi->next_v)
            fi->next_swh = stops_without_host(c, &pp->xf.e[1].l[0]);
    }
    mdd_txg_fc_eval(m->w, fi, fo);
}

/* Stage F's block (mdd_txg_f_model) on this cycle's inputs, as the RTL will see them: D's word with its runs and
 * host-lane counts, the ring's window from the word's lane-0 host byte. */
static void f_block_in(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, const mdd_txg_layout *pp, mdd_txg_f_in *fi)
{
    const uint64_t *d = m->e0_desc;
    memset(fi, 0, sizeof *fi);
    fi->mpa = c->mpa;
    fi->iscsi = c->iscsi;
    fi->self = c->self;
    fi->hdig = c->hdig_en;
    fi->ddig = c->ddig_en;
    fi->op = (uint8_t)c->dif_op;
    fi->ulp = (uint8_t)c->ulp;
    fi->ld_hdr_len = (uint16_t)F(HDR_LEN, d);
    fi->ld_data_len = (uint32_t)F(DATA_LEN, d);
    fi->present = fi->go = true;
    fi->bad = m->e0_bad;
    fi->avail = (uint8_t)f_avail(m);
    fi->last_in = m->hb_end;
    fi->dv = pp->xf.cnt > 0;
    unsigned hl_off = 0;
    if (fi->dv) { /* X's word (x_block checked it against the walk's lanes) */
        const mdd_txg_lword *hw = &pp->xf.e[0];
        const mdd_txg_x_out *x = &hw->xo;
        fi->off = (uint8_t)hw->off;
        fi->n = x->n;
        memcpy(fi->cls, x->cls, sizeof fi->cls);
        memcpy(fi->flags, x->flags, sizeof fi->flags);
        memcpy(fi->aux, x->aux, sizeof fi->aux);
        memcpy(fi->mb, x->mb, sizeof fi->mb);
        memcpy(fi->plow, x->plow, sizeof fi->plow);
        memcpy(fi->hl, x->hl, sizeof fi->hl);
        fi->k = x->k;
        fi->boundary = x->boundary;
        fi->parse = x->parse;
        fi->upto_len = x->upto_len;
        fi->mrk_after = x->mrk_after;
        fi->run = x->run;
        fi->hl_n = x->hl_n;
        for (unsigned r = 0; r < 2; r++) {
            fi->r_p[r] = x->r_p[r];
            fi->r_mval[r] = x->r_mval[r];
            fi->r_bnd[r] = x->r_bnd[r];
        }
        fi->pdus = x->pdus;
        fi->next_v = pp->xf.cnt > 1;
        if (fi->next_v) {
            const mdd_txg_x_out *x1 = &pp->xf.e[1].xo;
            fi->next_swh = mdd_txg_stops_without_host(c->mpa, c->dif_op, x1->cls[0], x1->mb[0], x1->boundary & 1,
                                                      x1->upto_len & 1);
        }
        hl_off = fi->hl[fi->off];
        fi->hl_off = (uint8_t)hl_off;
        fi->a = (uint16_t)(fi->avail + hl_off);
    }
    /* window byte j: the ring's byte rd_base + j, rd_base = rd - hl_off (bytes before rd are not read) */
    const bool consume = m->e0_bad || (m->in_xfer && m->lost);
    const unsigned base = consume ? 0 : hl_off;
    for (unsigned j = base; j < MDD_TXG_F_WIN && j - base < MDD_TX_GEN_MAX_BUF; j++) {
        fi->win[j] = m->hb[j - base];
        fi->win_up[j] = m->hb_up[j - base];
    }
    for (unsigned i = 0; i < fi->n; i++) { /* the lane fill */
        fi->hb[i] = fi->win[fi->hl[i]];
        fi->hb_up |= (uint64_t)(fi->win_up[fi->hl[i]] != 0) << i;
    }
}

static bool word_eq(const mdd_rx_word *a, const mdd_rx_word *b, unsigned w)
{
    return !memcmp(a->data, b->data, w) && !memcmp(a->tag, b->tag, w) && !memcmp(a->aux, b->aux, w) &&
           a->first == b->first && a->last == b->last && a->woff == b->woff && a->nin == b->nin &&
           a->dbad == b->dbad && a->xflags == b->xflags && a->err_v == b->err_v &&
           (!a->err_v || (a->err_code == b->err_code && a->err_byte == b->err_byte && a->err_off == b->err_off &&
                          a->err_unit == b->err_unit && a->err_exp == b->err_exp && a->err_got == b->err_got)) &&
           a->emap == b->emap && a->ecnt == b->ecnt;
}

static void f_block_check(mdd_tx_gen_model *m, const mdd_txg_f_in *fi, const mdd_txg_f_out *fo,
                          const struct mdd_txg_gen *g, const struct f_res *r)
{
    const bool ok = fo->emit == g->emit &&
                    (!g->emit || (word_eq(&fo->o, &g->o, m->w) && fo->spi == g->spi && fo->used == g->used &&
                                  fo->stop == g->stop &&
                                  fo->df_pop == r->df_pop && fo->df_set == r->df_set &&
                                  (!r->df_set || fo->df_off == r->df_off) && fo->flush == r->flush &&
                                  fo->frame_later == r->frame_later &&
                                  fo->publish == r->publish &&
                                  (!r->publish || (fo->pr_pdu == r->pr_pdu && fo->pr_hl == r->pr_hl &&
                                                   fo->pr_dl == r->pr_dl))));
    if (!ok) {
        m->staged_errors++;
        if (getenv("MDD_TXG_DEBUG")) {
            fprintf(stderr, "F block: emit %d/%d used %u/%u stop %d/%d pop %d/%d set %d/%d off %u/%u flush %d/%d "
                            "publish %d/%d (%u %u %u / %u %u %u) why %u next %u off %u n %u consume %d\n",
                    fo->emit, g->emit, fo->used, g->used, fo->stop, g->stop, fo->df_pop, r->df_pop, fo->df_set,
                    r->df_set, fo->df_off, r->df_off, fo->flush, r->flush, fo->publish, r->publish, fo->pr_pdu,
                    fo->pr_hl, fo->pr_dl, r->pr_pdu, r->pr_hl, r->pr_dl, fo->fc.why, fo->fc.next, fi->off, fi->n,
                    fi->bad || (m->in_xfer && m->lost));
            for (unsigned i = 0; i < m->w; i++)
                if (fo->o.data[i] != g->o.data[i] || fo->o.tag[i] != g->o.tag[i] || fo->o.aux[i] != g->o.aux[i])
                    fprintf(stderr, "  lane %u: data %02x/%02x tag %02x/%02x aux %x/%x cls %u mb %u run %u\n", i,
                            fo->o.data[i], g->o.data[i], fo->o.tag[i], g->o.tag[i], fo->o.aux[i], g->o.aux[i],
                            fi->cls[i], fi->mb[i], (unsigned)(fi->run >> i & 1));
            fprintf(stderr, "  err %d/%d code %u/%u off %u/%u unit %u/%u exp %llu/%llu got %llu/%llu emap %x/%x "
                            "ecnt %u/%u xflags %x/%x first %d/%d woff %u/%u\n",
                    fo->o.err_v, g->o.err_v, fo->o.err_code, g->o.err_code, fo->o.err_off, g->o.err_off,
                    fo->o.err_unit, g->o.err_unit, (unsigned long long)fo->o.err_exp,
                    (unsigned long long)g->o.err_exp, (unsigned long long)fo->o.err_got,
                    (unsigned long long)g->o.err_got, fo->o.emap, g->o.emap, fo->o.ecnt, g->o.ecnt, fo->o.xflags,
                    g->o.xflags, fo->o.first, g->o.first, fo->o.woff, g->o.woff);
        }
    }
}

static void f_stage(mdd_tx_gen_model *m, const struct mdd_txg_cfg *c, struct mdd_txg_gen *g, struct f_res *r)
{
    mdd_txg_f_in fbi;
    f_block_in(m, c, &m->pipe.lay[m->pipe.cur], &fbi);
    mdd_txg_f_out fbo;
    mdd_txg_f_eval(&m->pipe.fm, &fbi, &fbo);

    mdd_txg_pipe *pipe = &m->pipe;
    mdd_txg_layout *pp = &pipe->lay[pipe->cur];
    const uint64_t *d = m->e0_desc;
    const bool bad = m->e0_bad;
    /* F's transfer state, committed if the word is emitted */
    bool lost = m->lost, mimg_ok = m->mimg_ok;
    uint32_t hoff = m->hoff, hdr_len = m->hdr_len, data_len = m->data_len, len_off = m->len_off;
    uint8_t mimg[8];
    memcpy(mimg, m->mimg, 8);
    mdd_txg_snap cur = pipe->f_cur;
    if (!m->in_xfer) {
        lost = mimg_ok = false;
        hoff = len_off = 0;
        hdr_len = (uint32_t)F(HDR_LEN, d);
        data_len = (uint32_t)F(DATA_LEN, d);
        cur = snap_of_desc(d);
    }

    memset(g, 0, sizeof *g);
    memset(r, 0, sizeof *r);
    mdd_rx_word *o = &g->o;
    mdd_txg_word_begin(o, d, bad, !m->in_xfer, hoff);

    const unsigned avail = f_avail(m); /* this transfer's bytes */
    const bool end = m->hb_end;
    unsigned u = 0;
    bool stop = false, any = false, t3_read = false, lens = false;
    /* F's control block (mdd_txg_fc_model) on the same word, checked against the walk below */
    const bool f_word = !(bad || lost) && pp->xf.cnt;
    mdd_txg_fc_in fi;
    mdd_txg_fc_out fo;
    if (bad || lost || f_word)
        f_control(m, c, pp, bad || lost, mimg_ok || pipe->t3_rd == 2, pipe->plen_ok, avail, end, &fi, &fo);
    unsigned w_next = 0;
    bool w_frame = false, w_len_frame = false; /* FRAME, and FRAME at MPA's length (the data path's) */
    if (bad || lost) { /* consumed, not generated */
        for (unsigned i = 0; i <= m->w; i++) {
            if (u >= avail) {
                stop = end;
                break;
            }
            if (i == m->w)
                break;
            if (!bad && m->hb_up[u])
                mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, hoff, 0, 0, 0);
            u++;
            hoff++;
        }
    } else if (pp->xf.cnt) {
        mdd_txg_lword *hw = &pp->xf.e[0];
        unsigned i = hw->off, taken = 0;
        bool ended = false; /* the word ends before lane i (wait, stop, T3, FRAME) */
        for (; i < hw->n && !ended; i++) {
            const mdd_txg_lane *l = &hw->l[i];
            const bool have = u < avail;
            if (!have && stops_without_host(c, l)) {
                stop = end; /* else wait for the host's bytes */
                ended = true;
                break;
            }
            /* an iSCSI marker's image from F's length sum (not at a boundary, not T3) waits for the sum to be
             * current: a cycle after a header's lengths or a transfer's start */
            if (l->cls == MDD_TXG_L_MRK && c->iscsi && !l->boundary && !(c->self && l->p <= c->last_len) &&
                !pipe->plen_ok) {
                ended = true;
                break;
            }
            if (l->cls == MDD_TXG_L_MRK) {
                bool frame = false;
                if (!mimg_ok) {
                    if (c->mpa) {
                        memset(mimg, 0, 8);
                        mimg[2] = (uint8_t)(l->mval >> 8);
                        mimg[3] = (uint8_t)l->mval;
                    } else if (l->boundary) {
                        memset(mimg, 0, 8);
                    } else {
                        uint32_t hl = hdr_len, dl = data_len;
                        if (c->self && l->p <= c->last_len) { /* T3: read the lengths ahead */
                            if (taken) {
                                ended = true;
                                break;
                            }
                            const uint32_t need = c->last_len - l->p;
                            if (u + need >= avail) {
                                if (!end) {
                                    ended = true;
                                    break;
                                }
                                frame = true; /* (no host byte at all: stopped above) */
                            } else if (pipe->t3_rd < 2) { /* the read's two cycles: nothing taken */
                                t3_read = true;
                                ended = true;
                                break;
                            } else {
                                for (uint32_t k = l->p; k <= c->last_len; k++)
                                    mdd_txg_parse_byte(true, k, m->hb[u + (k - l->p)], &hl, &dl);
                            }
                        }
                        if (!frame) {
                            uint32_t ps, pe, pde, plen;
                            int64_t lc;
                            mdd_txg_lay(c, hl, dl, &ps, &pe, &pde, &plen, &lc);
                            mdd_txg_put_be32(mimg, plen - l->p);
                            mdd_txg_put_be32(mimg + 4, plen - l->p);
                        }
                    }
                    mimg_ok = !frame;
                }
                if (frame) {
                    mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, hoff, cur.pdus, c->last_len - l->p + 1, avail - u);
                    lost = true;
                    if (u >= avail)
                        stop = end;
                    ended = true;
                    break;
                }
                o->data[i] = mimg[l->mb];
                o->aux[i] = l->aux;
                o->tag[i] = (uint8_t)(MDD_KIND_MRK | l->flags | (l->k ? MDD_TAGM_K : 0));
                if (l->mb == c->ml - 1)
                    mimg_ok = false;
                cur = l->after;
                any = true;
                taken++;
                continue;
            }
            if (l->cls == MDD_TXG_L_AFTER) { /* R8: a host byte after the described PDU */
                uint32_t ps, pe, pde, len;
                int64_t lc;
                mdd_txg_lay(c, hdr_len, data_len, &ps, &pe, &pde, &len, &lc);
                mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, hoff, cur.pdus, len, len);
                lost = true;
                ended = true;
                break;
            }
            const bool host = needs_host(c, l->cls);
            const uint8_t b = host ? m->hb[u] : 0;
            bool frame_now = false;
            if (l->parse) { /* self-framing parse (R6); FRAME keeps this byte an ordinary HDR byte (R7) */
                const uint32_t p = l->p;
                if (p == (c->mpa ? (uint32_t)MDD_MPA_LEN_OFF : (uint32_t)MDD_ISCSI_DSL_OFF))
                    len_off = hoff;
                lens = lens || l->cls == MDD_TXG_L_HDR;
                mdd_txg_parse_byte(c->iscsi, p, b, &hdr_len, &data_len);
                if (p == c->last_len) {
                    if (c->mpa && data_len < c->ulp) {
                        mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, len_off, cur.pdus, c->ulp, data_len);
                        frame_now = true;
                    } else {
                        if (c->mpa) {
                            data_len -= c->ulp;
                            hdr_len = 2 + c->ulp;
                        }
                        r->publish = true;
                        r->pr_pdu = l->after.pdus;
                        r->pr_hl = hdr_len;
                        r->pr_dl = data_len;
                    }
                }
            }
            if (host) {
                if (m->hb_up[u])
                    mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, hoff, 0, 0, 0);
                u++;
                hoff++;
            }
            const unsigned kind = mdd_txg_kind_of(l->cls);
            g->spi |= (uint64_t)(l->cls == MDD_TXG_L_SPI) << i;
            o->data[i] = kind == MDD_KIND_HDR || kind == MDD_KIND_PAY || (kind == MDD_KIND_PI && host) ? b : 0;
            o->tag[i] = (uint8_t)(kind | l->flags | (l->k ? MDD_TAGM_K : 0));
            o->aux[i] = l->aux;
            cur = l->after;
            any = true;
            taken++;
            /* MPA: the word ends after the header's last length byte (FRAME's check then needs no ring byte in
             * F's control loop: D-074), iSCSI when a marker lane follows in the word (its image then needs no
             * length parsed in the same cycle); C6: after FRAME the lost bytes start with the next word, and the
             * transfer's end (no byte left) is the next cycle's, unless the lane was the word's last (the word
             * is then taken whole, with a whole word's end rule) */
            const bool mrk_later = mrk_after_of(hw) >> i & 1;
            if (frame_now || ((c->mpa || mrk_later) && l->parse && l->p == c->last_len && i + 1 < hw->n)) {
                lost = lost || frame_now;
                w_len_frame = frame_now;
                i++;
                ended = true;
                break;
            }
        }
        w_next = i;
        w_frame = lost;
        if (i == hw->n) {
            r->df_pop = true;
            /* look at the next word's first lane: is the transfer complete? */
            if (end && u >= avail && pp->xf.cnt > 1 && stops_without_host(c, &pp->xf.e[1].l[0]))
                stop = true;
        } else {
            r->df_set = true;
            r->df_off = i;
        }
    }
    if (f_word)
        m->txg_st.f_end[fo.why]++;
    if (bad || lost || f_word) {
        /* FRAME at MPA's length is the data path's (the control ends the word there either way) */
        const bool fr = fo.why == MDD_TXG_FC_T3_FRAME || fo.why == MDD_TXG_FC_AFTER;
        const unsigned hl_off = f_word ? fi.hl[fi.off] : 0;
        const bool ok = (unsigned)(fo.hl_end - hl_off) == u && fo.stop == stop &&
                        (!f_word || (fo.next == w_next && fr == (w_frame && !w_len_frame) &&
                                     (fo.why == MDD_TXG_FC_POP) == r->df_pop));
        if (!ok) {
            m->staged_errors++;
            if (getenv("MDD_TXG_DEBUG"))
                fprintf(stderr, "F: consume %d avail %u end %d | walk next %u used %u stop %d frame %d pop %d | block "
                                "why %u next %u used %u stop %d\n",
                        !f_word, avail, end, w_next, u, stop, w_frame, r->df_pop, fo.why, fo.next,
                        (unsigned)(fo.hl_end - hl_off), fo.stop);
            if (getenv("MDD_TXG_DEBUG") && f_word)
                for (unsigned i = 0; i < pp->xf.e[0].n; i++)
                    fprintf(stderr, "  lane %u cls %u mb %u p %u bnd %d | t3_rd %d mimg_ok %d/%d off %u\n", i,
                            pp->xf.e[0].l[i].cls, pp->xf.e[0].l[i].mb, pp->xf.e[0].l[i].p, pp->xf.e[0].l[i].boundary,
                            pipe->t3_rd, mimg_ok, fi.mimg_ok, pp->xf.e[0].off);
        }
    }
    g->stop = stop;
    g->used = u;
    g->emit = any || u > 0 || stop || o->err_v;
    o->last = stop;
    o->nin = (uint8_t)u;
    o->xflags = lost ? MDD_RX_XFLAG_FRAME_LOST : 0;
    if (stop && !bad) {
        mdd_txg_set_resume(o->desc, d, cur.wire, cur.mrk_pos, cur.pdu_off, hdr_len, data_len, cur.dif_pos,
                           cur.fpdu_woff, cur.skip, cur.pass);
    }
    /* (m->lost is the last transfer's until this one's first word is emitted) */
    /* FRAME at MPA's length flushes the layout in the next cycle (D-093) */
    r->flush = stop || (lost && !w_len_frame && !(m->in_xfer && m->lost)) || (bad && !m->in_xfer);
    r->frame_later = w_len_frame && !stop;
    m->txg_st.f_frame_stop += g->emit && w_len_frame && stop; /* (coverage: flushed at once) */
    {
        struct f_res rc = *r;
        if (!g->emit)
            rc.df_pop = rc.df_set = rc.publish = rc.flush = rc.frame_later = false;
        f_block_check(m, &fbi, &fbo, g, &rc);
    }
    mdd_txg_f_tick(&m->pipe.fm, &fbi);
    if (t3_read)
        pipe->t3_rd++; /* (no word leaves) */
    /* F's length sum is current in the next cycle unless length bytes are taken or the transfer ends now */
    pipe->plen_ok = !(g->emit && (stop || lens));
    if (g->emit) {
        pipe->t3_rd = 0;
        m->in_xfer = !stop;
        m->lost = lost;
        m->mimg_ok = mimg_ok;
        memcpy(m->mimg, mimg, 8);
        m->hoff = hoff;
        m->hdr_len = hdr_len;
        m->data_len = data_len;
        m->len_off = len_off;
        pipe->f_cur = cur;
    } else {
        /* nothing generated: no state changes, D's word untouched */
        r->df_pop = r->df_set = false;
        r->publish = false;
        r->flush = false;
        r->frame_later = false;
    }
    /* F's registers in the block against the walk's */
    const mdd_txg_f_model *fm = &m->pipe.fm;
    if (g->emit && (fm->in_xfer != m->in_xfer ||
                    (m->in_xfer && (fm->lost != m->lost || fm->mimg_ok != m->mimg_ok || fm->hoff != m->hoff ||
                                    fm->hdr_len != m->hdr_len || fm->data_len != m->data_len ||
                                    fm->len_off != m->len_off)))) {
        m->staged_errors++;
        if (getenv("MDD_TXG_DEBUG"))
            fprintf(stderr, "F block registers: in_xfer %d/%d lost %d/%d mimg_ok %d/%d hoff %u/%u hdr_len %u/%u "
                            "data_len %u/%u len_off %u/%u\n",
                    fm->in_xfer, m->in_xfer, fm->lost, m->lost, fm->mimg_ok, m->mimg_ok, fm->hoff, m->hoff,
                    fm->hdr_len, m->hdr_len, fm->data_len, m->data_len, fm->len_off, m->len_off);
    }
}

/* ---- the cycle -------------------------------------------------------------------------------------- */

static void fifo_pop(mdd_txg_fifo *f)
{
    if (f->cnt == 2)
        f->e[0] = f->e[1];
    f->cnt--;
}

static void fifo_push(mdd_txg_fifo *f, const mdd_txg_lword *w)
{
    f->e[f->cnt++] = *w;
}

/* Starts pipeline l on descriptor d: M loads its start state (its first word comes in the next cycle), P and D
 * theirs. */
static void lay_start(mdd_txg_layout *l, const uint64_t *d, bool bad, mdd_txg_m_in *mi, mdd_txg_p_in *pi)
{
    struct mdd_txg_cfg c;
    mdd_txg_cfg_of(&c, d);
    l->m_started = true;
    l->m_active = !bad;
    const mdd_txg_snap s0 = snap_of_desc(d);
    mi->load = true;
    mi->ld_mrk_en = c.mrk_en;
    mi->ld_period = c.period;
    mi->ld_ml = (uint8_t)c.ml;
    mi->ld_mrk_pos = s0.mrk_pos;
    mi->ld_skip = s0.skip;
    mi->ld_pass = s0.pass;
    pi->load = true;
    pi->ld_raw = c.raw;
    pi->ld_self = c.self;
    pi->ld_mpa = c.mpa;
    pi->ld_hdig = c.hdig_en;
    pi->ld_ddig = c.ddig_en;
    pi->ld_ulp = c.ulp;
    pi->ld_ml = c.ml;
    pi->ld_pdu_off = s0.pdu_off;
    pi->ld_hdr_len = (uint32_t)F(HDR_LEN, d);
    pi->ld_data_len = (uint32_t)F(DATA_LEN, d);
    pi->ld_fpdu_woff = s0.fpdu_woff;
    l->ps = l->ds = s0;
    mdd_txg_d_in di;
    memset(&di, 0, sizeof di);
    di.load = true;
    di.ld_op = (uint8_t)c.dif_op;
    di.ld_blk = c.blk_len;
    di.ld_pi = (uint8_t)c.pi_len;
    di.ld_dif_pos = s0.dif_pos;
    mdd_txg_d_tick(&l->dm, &di);
    l->p_hdr_len = (uint32_t)F(HDR_LEN, d);
    l->p_data_len = (uint32_t)F(DATA_LEN, d);
    l->p_lk = !c.self || s0.pdu_off > c.last_len;
    l->p_halt = false;
    l->pr_v = false;
    l->mp.cnt = l->pd.cnt = l->df.cnt = l->xf.cnt = 0;
    l->xm.mid_v = false;
}

/* M, P, D and X of one pipeline for a cycle; F has already taken from xf (f_pop / f_set, f_off). */
static void lay_cycle(mdd_tx_gen_model *m, mdd_txg_layout *l, const uint64_t *d, bool bad, bool present,
                      const struct f_res *fr, const mdd_txg_pub *pub)
{
    mdd_txg_pipe *pipe = &m->pipe;
    struct mdd_txg_cfg c;
    mdd_txg_cfg_of(&c, d);
    mdd_txg_lay_io *io = &l->io;
    io->present = present;
    io->bad = bad;
    memcpy(io->desc, d, sizeof io->desc);
    if (fr) {
        io->f_pop = fr->df_pop;
        io->f_set = fr->df_set;
        io->f_off = (uint8_t)fr->df_off;
    }
    if (pub) {
        io->pr_v = pub->v;
        io->pr_hl = pub->hl;
        io->pr_dl = pub->dl;
    }
    const unsigned mp0 = l->mp.cnt, pd0 = l->pd.cnt, df0 = l->df.cnt, xf0 = l->xf.cnt;
    mdd_txg_lword *d_out = &pipe->scratch[0], *p_out = &pipe->scratch[1], *m_out = &pipe->scratch[2];
    mdd_txg_lword *x_out = &pipe->scratch[3];
    bool d_push = false, d_pop = false, p_push = false, p_pop = false, m_push = false;
    /* each stage from its input FIFO's head, into its output FIFO if that had room at the cycle's start */
    const mdd_txg_x_ctl xc = {.rst = false, .flush = false, .in_v = l->m_started && df0 > 0, .room = xf0 < 2};
    mdd_txg_x_out xo;
    bool x_take, x_push;
    mdd_txg_x_eval(&l->xm, &xc, &xo, &x_take, &x_push);
    if (x_push)
        x_block(m, &c, &l->x_mid, &xo, x_out);
    if (l->m_started && df0 < 2 && pd0 > 0) {
        d_block(m, &c, l, &l->pd.e[0], d_out);
        d_push = d_out->n != 0;
        m->txg_st.d_short += d_push && d_out->n < m->w;
        d_pop = l->pd.e[0].off == l->pd.e[0].n;
    }
    mdd_txg_p_in pi;
    memset(&pi, 0, sizeof pi);
    pi.go = l->m_started && pd0 < 2 && mp0 > 0;
    if (pi.go) {
        p_block(m, &c, l, &pi, p_out, &p_push, &p_pop);
        m->txg_st.p_short += p_push && p_out->n - p_out->off < m->w;
        m->txg_st.p_wait += !p_push && !l->pm.lk && !l->pm.raw && !l->pm.halt; /* waits for a header's lengths */
    }
    mdd_txg_m_in mi;
    memset(&mi, 0, sizeof mi);
    if (!l->m_started && present) {
        lay_start(l, d, bad, &mi, &pi);
    } else if (l->m_active && mp0 < 2) {
        mdd_txg_m_out mo;
        mdd_txg_m_eval(&l->mm, &mi, &mo);
        m_lanes(m, &c, &mo, m_out);
        mi.run = true;
        m_push = true;
    }
    mdd_txg_m_tick(&l->mm, &mi);
    if (fr) {
        if (fr->df_pop)
            fifo_pop(&l->xf);
        else if (fr->df_set)
            l->xf.e[0].off = fr->df_off;
    }
    mdd_txg_x_tick(&l->xm, &xc, &l->df.e[0].xi); /* (its input is read only if taken) */
    if (x_take) {
        l->x_mid = l->df.e[0];
        fifo_pop(&l->df);
    }
    if (x_push)
        fifo_push(&l->xf, x_out);
    if (d_pop)
        fifo_pop(&l->pd);
    if (d_push)
        fifo_push(&l->df, d_out);
    if (p_pop)
        fifo_pop(&l->mp);
    if (p_push)
        fifo_push(&l->pd, p_out);
    if (m_push)
        fifo_push(&l->mp, m_out);
    pi.pr_v = pub && pub->v;
    if (pi.pr_v) {
        pi.pr_hl = pub->hl;
        pi.pr_dl = pub->dl;
    }
    mdd_txg_p_tick(&l->pm, &pi);
    if (pub && pub->v) {
        l->pr_v = true;
        l->pr_pdu = pub->pdu;
        l->pr_hl = pub->hl;
        l->pr_dl = pub->dl;
    }
}

void mdd_txg_staged_cycle(mdd_tx_gen_model *m, bool advance, struct mdd_txg_gen *g)
{
    mdd_txg_pipe *pipe = &m->pipe;
    struct mdd_txg_cfg c;
    mdd_txg_cfg_of(&c, m->e0_desc);

    memset(&pipe->lay[0].io, 0, sizeof pipe->lay[0].io);
    memset(&pipe->lay[1].io, 0, sizeof pipe->lay[1].io);

    /* F, from the current pipeline */
    struct f_res fr;
    memset(&fr, 0, sizeof fr);
    memset(g, 0, sizeof *g);
    /* after FRAME at MPA's length F is idle for a cycle, in which the current pipeline is flushed (D-093) */
    const bool fpend = pipe->fpend;
    pipe->fpend = false;
    if (!(advance && m->fifo_cnt != 0) || fpend) {
        /* F does not run: its registers that move every cycle (the length sums) still do */
        mdd_txg_f_in fbi;
        f_block_in(m, &c, &pipe->lay[pipe->cur], &fbi);
        fbi.present = m->fifo_cnt != 0;
        fbi.go = advance && !fpend;
        mdd_txg_f_tick(&pipe->fm, &fbi);
        pipe->plen_ok = m->fifo_cnt != 0;
    }
    if (advance && m->fifo_cnt != 0 && !fpend) {
        f_stage(m, &c, g, &fr);
        pipe->fpend = fr.frame_later;
        m->txg_st.f_frame_later += fr.frame_later;
        if (!m->e0_bad && !m->lost && pipe->lay[pipe->cur].xf.cnt == 0) {
            const mdd_txg_layout *l = &pipe->lay[pipe->cur];
            m->txg_st.f_starved++;
            if (l->pd.cnt == 0 && l->mp.cnt != 0 && !l->p_lk)
                m->txg_st.f_starved_parse++;
            else if (!m->in_xfer)
                m->txg_st.f_starved_start++;
        }
    }

    /* the layout pipelines: the current one on the head descriptor, the other on the second */
    const unsigned cur = pipe->cur;
    /* F's parse of the last cycle reaches the current pipeline's P now (F's of this cycle, if the transfer goes
     * on, in the next: a register between F and P) */
    const mdd_txg_pub pub = pipe->pr_d;
    memset(&pipe->pr_d, 0, sizeof pipe->pr_d);
    if (fr.publish && !fr.flush) {
        pipe->pr_d.v = true;
        pipe->pr_d.pdu = fr.pr_pdu;
        pipe->pr_d.hl = fr.pr_hl;
        pipe->pr_d.dl = fr.pr_dl;
    }
    lay_cycle(m, &pipe->lay[cur], m->e0_desc, m->e0_bad, m->fifo_cnt != 0, &fr, &pub);
    if (pipe->n == 2)
        lay_cycle(m, &pipe->lay[cur ^ 1], m->e1_desc, m->e1_bad, m->fifo_cnt == 2, NULL, NULL);

    if (fr.flush || fpend) { /* the current transfer ends, or its bytes are lost to FRAME: its layout stops */
        mdd_txg_layout *l = &pipe->lay[cur];
        l->io.flush = true;
        l->io.flush_stop = g->stop;
        l->mp.cnt = l->pd.cnt = l->df.cnt = l->xf.cnt = 0;
        l->xm.mid_v = false; /* X's flush */
        l->m_active = false;
        l->pr_v = false;
        if (g->stop) {
            l->m_started = false;
            if (pipe->n == 2)
                pipe->cur = cur ^ 1; /* the next transfer's words are (being) laid out there */
        }
    }
}

/* SPDX-License-Identifier: MIT */
/* Stage F of the staged TX generator, control, data and registers: see mdd_txg_f_model.h. */
#include "mdd_txg_f_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

int mdd_txg_f_model_init(mdd_txg_f_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* F's registers as this cycle sees them: a transfer's first word starts from the descriptor. */
struct f_regs {
    bool lost, mimg_ok, plen_ok;
    uint32_t hoff, hdr_len, data_len, len_off;
};

static void regs_now(const mdd_txg_f_model *m, const mdd_txg_f_in *in, struct f_regs *r)
{
    r->mimg_ok = m->mimg_ok; /* cleared at a transfer's end: a T3 read may precede its first word */
    r->plen_ok = m->plen_ok;
    if (m->in_xfer) {
        r->lost = m->lost;
        r->hoff = m->hoff;
        r->hdr_len = m->hdr_len;
        r->data_len = m->data_len;
        r->len_off = m->len_off;
    } else {
        r->lost = false;
        r->hoff = r->len_off = 0;
        r->hdr_len = in->ld_hdr_len;
        r->data_len = in->ld_data_len;
    }
}

static uint32_t pdu_len(const mdd_txg_f_in *in, uint32_t hdr_len, uint32_t data_len)
{
    struct mdd_txg_cfg c;
    memset(&c, 0, sizeof c);
    c.mpa = in->mpa;
    c.hdig_en = in->hdig;
    c.ddig_en = in->ddig;
    uint32_t ps, pe, pde, len;
    int64_t lc;
    mdd_txg_lay(&c, hdr_len, data_len, &ps, &pe, &pde, &len, &lc);
    return len;
}

/* The image of marker run r: MPA {0, 0, FPDUPTR}; iSCSI at a PDU boundary 0; else both copies the PDU's length
 * less p, the lengths from the registers or, when the marker sits in the length bytes (T3), from the T3 read's
 * (at F's first lane in an earlier cycle). */
static void run_image(const mdd_txg_f_model *m, const mdd_txg_f_in *in, const struct f_regs *r, unsigned run,
                      uint8_t *img)
{
    memset(img, 0, 8);
    if (in->mpa) {
        img[2] = (uint8_t)(in->r_mval[run] >> 8);
        img[3] = (uint8_t)in->r_mval[run];
        return;
    }
    if (in->r_bnd[run])
        return;
    (void)r;
    const uint32_t p = in->r_p[run];
    const bool t3 = in->self && p <= mdd_txg_last_len(false);
    const uint32_t v = (t3 ? m->plen_t3 : m->plen) - p;
    mdd_txg_put_be32(img, v);
    mdd_txg_put_be32(img + 4, v);
}

static mdd_txg_fc_in fc_inputs(const mdd_txg_f_in *in, const struct f_regs *r, bool consume)
{
    mdd_txg_fc_in fi;
    memset(&fi, 0, sizeof fi);
    fi.mpa = in->mpa;
    fi.op = in->op;
    fi.consume = consume;
    fi.mimg_ok = r->mimg_ok;
    fi.plen_ok = r->plen_ok;
    fi.avail = in->avail;
    fi.a = in->avail;
    fi.last_in = in->last_in;
    if (!consume) {
        fi.off = in->off;
        fi.n = in->n;
        memcpy(fi.cls, in->cls, sizeof fi.cls);
        memcpy(fi.mb, in->mb, sizeof fi.mb);
        fi.boundary = in->boundary;
        fi.parse = in->parse;
        fi.upto_len = in->upto_len;
        fi.mrk_after = in->mrk_after;
        memcpy(fi.plow, in->plow, sizeof fi.plow);
        memcpy(fi.hl, in->hl, sizeof fi.hl);
        fi.hl_n = in->hl_n;
        fi.a = in->a;
        fi.next_v = in->next_v;
        fi.next_swh = in->next_swh;
    }
    return fi;
}

/* The cycle's outcome and F's next registers. */
struct f_next {
    bool lens; /* length bytes are taken */
    bool lost, mimg_ok;
    uint32_t hoff, hdr_len, data_len, len_off;
};

static void f_cycle(const mdd_txg_f_model *m, const mdd_txg_f_in *in, mdd_txg_f_out *out, struct f_next *nx)
{
    memset(out, 0, sizeof *out);
    struct f_regs r;
    regs_now(m, in, &r);
    nx->lens = false;
    nx->lost = r.lost;
    nx->mimg_ok = r.mimg_ok;
    nx->hdr_len = r.hdr_len;
    nx->data_len = r.data_len;
    nx->len_off = r.len_off;
    nx->hoff = r.hoff;
    if (in->rst || !in->present || !in->go)
        return;
    const bool consume = in->bad || r.lost;
    if (!consume && !in->dv)
        return; /* no D word: F waits */

    mdd_rx_word *o = &out->o;
    memset(o->tag, MDD_KIND_VOID, sizeof o->tag);
    o->first = !m->in_xfer;
    o->woff = r.hoff;
    o->dbad = in->bad;
    if (in->bad && !m->in_xfer)
        mdd_rx_word_merge(o, MDD_ERR_DESC, 0, 0, 0, 0, 0);

    const mdd_txg_fc_in fi = fc_inputs(in, &r, consume);
    mdd_txg_fc_eval(m->w, &fi, &out->fc);
    const mdd_txg_fc_out *fo = &out->fc;
    const unsigned last_len = mdd_txg_last_len(in->mpa);

    bool lost_n = r.lost, any = false, len_frame = false;
    unsigned used;
    if (consume) {
        used = fo->hl_end;
        for (unsigned j = 0; j < used && !in->bad; j++)
            if (in->win_up[j])
                mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, r.hoff + j, 0, 0, 0);
    } else {
        const unsigned off = in->off, next = fo->next, hl_off = in->hl_off;
        used = fo->hl_end - hl_off;
        any = next > off;
        /* PDUs ended before lane i: the word's count and its EP lane (one a word) */
        unsigned ep_lane = MDD_RX_MAX_W;
        for (unsigned i = 0; i < in->n; i++)
            if (ep_lane == MDD_RX_MAX_W && (in->flags[i] & MDD_TAGM_EP))
                ep_lane = i;
#define PDUS_BEFORE(i) (in->pdus + ((i) > ep_lane ? 1u : 0u))

        /* marker images: one per run, from the run's fields and the registers (a T3 run's lanes are taken only
         * with its bytes in the read-ahead register: read in an earlier cycle, T3_READ) */
        uint8_t img[2][8];
        run_image(m, in, &r, 0, img[0]);
        run_image(m, in, &r, 1, img[1]);
        int last_mrk = -1;
        for (unsigned i = off; i < next; i++)
            if (in->cls[i] == MDD_TXG_L_MRK)
                last_mrk = (int)i;

        /* the lanes */
        for (unsigned i = off; i < next; i++) {
            const unsigned cls = in->cls[i], kind = mdd_txg_kind_of(cls);
            if (cls == MDD_TXG_L_MRK) {
                o->data[i] = img[in->run >> i & 1][in->mb[i] & 7];
            } else {
                const bool host = mdd_txg_needs_host(in->op, cls);
                const uint8_t b = host ? in->hb[i] : 0;
                o->data[i] = kind == MDD_KIND_HDR || kind == MDD_KIND_PAY || (kind == MDD_KIND_PI && host) ? b : 0;
                if (host && (in->hb_up >> i & 1))
                    mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, r.hoff + (in->hl[i] - hl_off), 0, 0, 0);
            }
            o->tag[i] = (uint8_t)(kind | in->flags[i] | ((in->k >> i & 1) ? MDD_TAGM_K : 0));
            o->aux[i] = in->aux[i];
            out->spi |= (uint64_t)(cls == MDD_TXG_L_SPI) << i;
        }
        if (last_mrk >= 0) /* inside a marker after the word: its T3 read is done */
            nx->mimg_ok = in->mb[last_mrk] != (in->mpa ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN) - 1;

        /* the parse: the length bytes by their PDU offset (one lane each), in order */
        int at[8];
        for (unsigned p = 0; p < 8; p++)
            at[p] = -1;
        for (unsigned i = off; i < next; i++)
            if ((in->parse >> i & 1) && in->cls[i] == MDD_TXG_L_HDR)
                at[in->plow[i]] = (int)i;
        uint32_t hl = r.hdr_len, dl = r.data_len, len_off = r.len_off;
        const unsigned len_first = in->mpa ? MDD_MPA_LEN_OFF : MDD_ISCSI_DSL_OFF;
        for (unsigned p = 0; p <= last_len; p++) {
            if (at[p] < 0)
                continue;
            const unsigned i = (unsigned)at[p];
            if (p == len_first)
                len_off = r.hoff + (in->hl[i] - hl_off);
            /* the byte from the window at the lane's host count, as the RTL reads it (hb[i] is that byte) */
            mdd_txg_parse_byte(in->iscsi, p, in->win[in->hl[i]], &hl, &dl);
            nx->lens = true;
        }
        if (at[last_len] >= 0) {
            const unsigned i = (unsigned)at[last_len];
            if (in->mpa && dl < in->ulp) {
                mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, len_off, PDUS_BEFORE(i), in->ulp, dl);
                lost_n = true;
                len_frame = true;
            } else {
                if (in->mpa) {
                    dl -= in->ulp;
                    hl = 2u + in->ulp;
                }
                out->publish = true;
                out->pr_pdu = PDUS_BEFORE(i); /* (a PDU is longer than 8 bytes: never EP here) */
                out->pr_hl = hl;
                out->pr_dl = dl;
            }
        }
        nx->hdr_len = hl;
        nx->data_len = dl;
        nx->len_off = len_off;

        /* FRAME where the word ends before a lane; the T3 read */
        if (fo->why == MDD_TXG_FC_T3_READ) {
            nx->mimg_ok = m->t3_half; /* the second read's cycle: the length sum is made */
        } else if (fo->why == MDD_TXG_FC_T3_FRAME) {
            mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, r.hoff, PDUS_BEFORE(off), last_len - in->plow[off] + 1u,
                              in->avail);
            lost_n = true;
            nx->mimg_ok = false;
        } else if (fo->why == MDD_TXG_FC_AFTER) {
            const uint32_t len = pdu_len(in, r.hdr_len, r.data_len);
            mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, r.hoff + (in->hl[next] - hl_off), PDUS_BEFORE(next), len, len);
            lost_n = true;
        }
#undef PDUS_BEFORE
        out->df_pop = fo->why == MDD_TXG_FC_POP;
        out->df_set = !out->df_pop;
        out->df_off = (uint8_t)next;
    }
    nx->lost = lost_n;
    nx->hoff = r.hoff + used;
    out->used = used;
    out->stop = fo->stop;
    o->last = fo->stop;
    o->nin = (uint8_t)used;
    o->xflags = lost_n ? MDD_RX_XFLAG_FRAME_LOST : 0;
    out->emit = any || used > 0 || fo->stop || o->err_v;
    /* FRAME at MPA's length flushes a cycle later (D-093: the ring's bytes are not in front of the flush) */
    out->flush = fo->stop || (lost_n && !r.lost && !len_frame) || (in->bad && !m->in_xfer);
    out->frame_later = len_frame && !fo->stop;
    if (!out->emit) { /* nothing generated: no state changes, D's word untouched */
        out->df_pop = out->df_set = false;
        out->publish = false;
        out->flush = false;
        out->frame_later = false;
    }
}

void mdd_txg_f_eval(const mdd_txg_f_model *m, const mdd_txg_f_in *in, mdd_txg_f_out *out)
{
    struct f_next nx;
    f_cycle(m, in, out, &nx);
}

void mdd_txg_f_tick(mdd_txg_f_model *m, const mdd_txg_f_in *in)
{
    mdd_txg_f_out out;
    struct f_next nx;
    f_cycle(m, in, &out, &nx);
    struct f_regs r;
    regs_now(m, in, &r);
    const bool active = !in->rst && in->present && in->go && (in->bad || r.lost || in->dv);
    /* the length sums, a cycle behind the registers they are made from */
    const uint32_t plen_n = pdu_len(in, r.hdr_len, r.data_len), plen_t3_n = pdu_len(in, m->t3_hl, m->t3_dl);
    if (!m->mimg_ok && !m->t3_half) {
        /* the T3 read: the lengths after the length bytes from PDU offset q = plow[off] on, the window's bytes
         * from F's first lane's host byte */
        const unsigned q = in->off < m->w ? in->plow[in->off] & 7 : 0, last_len = mdd_txg_last_len(false);
        uint32_t hl = r.hdr_len, dl = r.data_len;
        for (unsigned k = q; k <= last_len; k++)
            mdd_txg_parse_byte(true, k, in->hl_off <= m->w ? in->win[in->hl_off + (k - q)] : 0, &hl, &dl);
        m->t3_hl = hl;
        m->t3_dl = dl;
    }
    m->plen = plen_n;
    m->plen_t3 = plen_t3_n;
    m->plen_ok = !in->rst && in->present && !(out.emit && (out.stop || nx.lens));
    const bool t3_half = m->t3_half;
    if (active)
        m->t3_half = out.fc.why == MDD_TXG_FC_T3_READ && !t3_half;
    if (in->rst) {
        m->in_xfer = false;
        m->mimg_ok = false;
        m->t3_half = false;
        return;
    }
    if (!out.emit) {
        if (active && out.fc.why == MDD_TXG_FC_T3_READ)
            m->mimg_ok = t3_half; /* after the second read the lane is taken */
        return;
    }
    m->in_xfer = !out.stop;
    m->lost = nx.lost;
    m->mimg_ok = nx.mimg_ok && !out.stop;
    m->hoff = nx.hoff;
    m->hdr_len = nx.hdr_len;
    m->data_len = nx.data_len;
    m->len_off = nx.len_off;
}

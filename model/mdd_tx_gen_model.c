/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_tx_gen.v; see mdd_tx_gen_model.h. gen_word() produces the word of one cycle: its lanes
 * decided one after the other by the rules of docs/tx-path.md (the reference model/mdd_txref.c one byte at a
 * time), on copies of the transfer state, with the RTL's widths, and ended by the chunking rules C1-C6 (section
 * 8), which bound every counter to one event of each kind per word. The RTL computes the same word without the
 * walk (all lanes from per-word thresholds, D-045); the walk stays the oracle for the cycle behaviour.
 */
#include "mdd_tx_gen_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"
#include "mdd_desc_check.h"
#include "mdd_tx_gen_int.h"

#define F(name, d) MDD_TXG_F(name, d)
#define TF(name, d) MDD_TXG_TF(name, d)

int mdd_tx_gen_model_init_staged(mdd_tx_gen_model *m, unsigned w, unsigned pipes)
{
    if ((w != 4 && w != 8 && w != 16 && w != 32 && w != 64) || pipes > 2)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->buf = 3 * w + 8;
    m->staged = pipes != 0;
    m->staged_pipes = pipes;
    m->pipe.n = pipes;
    for (unsigned k = 0; k < 2; k++)
    {
        mdd_txg_m_model_init(&m->pipe.lay[k].mm, w);
        mdd_txg_p_model_init(&m->pipe.lay[k].pm, w);
        mdd_txg_d_model_init(&m->pipe.lay[k].dm, w);
        mdd_txg_x_model_init(&m->pipe.lay[k].xm, w);
    }
    mdd_txg_f_model_init(&m->pipe.fm, w);
    mdd_txg_r_model_init(&m->r, w);
    mdd_txg_hbuf_model_init(&m->hbuf, w, 4, 0);
    return 0;
}

int mdd_tx_gen_model_init(mdd_tx_gen_model *m, unsigned w) { return mdd_tx_gen_model_init_staged(m, w, 0); }

/* ------------------------------------------------------------------------------------------------------ */

/* The transfer state the lane walk advances (the RTL's blocking variables). */
struct st {
    bool lost, pdu_done, mimg_ok;
    uint32_t hoff, wire, mrk_pos, pdu_off, hdr_len, data_len, dif_pos, fpdu_woff, len_off, pdus, skip, pass;
    uint8_t mimg[8];
};


struct gen {
    mdd_rx_word o;
    bool emit, stop;
    unsigned used;
    uint64_t spi; /* staged */
    struct st s;
};


/* The next non-marker byte (docs/tx-path.md section 1; model/mdd_txref.c next_byte). */
struct nx {
    unsigned kind, flags, idx;
    bool host, strip, dif, ep;
};

static struct nx next_of(const struct mdd_txg_cfg *c, const struct st *s, bool parsed)
{
    struct nx x = {MDD_KIND_PAY, 0, 0, true, false, false, false};
    bool data = true;
    if (!c->raw) {
        uint32_t p = s->pdu_off, pay_start, pay_end, pad_end, len;
        int64_t last_cov;
        mdd_txg_lay(c, s->hdr_len, s->data_len, &pay_start, &pay_end, &pad_end, &len, &last_cov);
        bool lk = parsed || !c->self || p > c->last_len;
        bool pi_here = p == 0 || (lk && p >= pay_start && p <= pay_end);
        if (c->dif_op == MDD_DIF_CHECK_STRIP && s->dif_pos >= c->blk_len && pi_here) {
            x.kind = MDD_KIND_PI;
            x.strip = x.dif = true;
            x.idx = s->dif_pos - c->blk_len;
            return x;
        }
        data = false;
        if (!lk) {
            x.kind = MDD_KIND_HDR;
            return x;
        }
        if (p < s->hdr_len) {
            x.kind = MDD_KIND_HDR;
            if (p == s->hdr_len - 1)
                x.flags |= MDD_TAGM_EH;
        } else if (p < pay_start) {
            x.kind = MDD_KIND_HDIG;
            x.idx = p - s->hdr_len;
            x.host = false;
        } else if (p < pay_end) {
            data = true;
        } else if (p < pad_end) {
            x.kind = MDD_KIND_PAD;
            x.host = false;
        } else {
            x.kind = MDD_KIND_DDIG;
            x.idx = p - pad_end;
            x.host = false;
        }
        if ((int64_t)p == last_cov) {
            bool marker_next = c->mrk_en && (s->mrk_pos + 1 == c->period);
            if (!(c->mpa && c->ddig_en && marker_next))
                x.flags |= MDD_TAGM_ED;
        }
        x.ep = p == len - 1;
        if (x.ep)
            x.flags |= MDD_TAGM_EP;
    }
    if (data && c->dif_op != MDD_DIF_NONE) {
        x.dif = true;
        if (s->dif_pos < c->blk_len) {
            if (s->dif_pos == c->blk_len - 1)
                x.flags |= MDD_TAGM_EB;
        } else {
            x.kind = MDD_KIND_PI;
            x.idx = s->dif_pos - c->blk_len;
            if (c->dif_op == MDD_DIF_INSERT)
                x.host = false;
            else if (c->dif_op == MDD_DIF_CHECK_STRIP)
                x.strip = true;
        }
    }
    return x;
}


/* A wire byte has been generated: window, wire count, marker counter. Returns K. */
static bool wire_byte(const struct mdd_txg_cfg *c, struct st *s)
{
    bool k = s->skip == 0 && s->pass != 0;
    if (s->skip)
        s->skip--;
    else if (s->pass)
        s->pass--;
    s->wire++;
    if (c->mrk_en)
        s->mrk_pos = s->mrk_pos + 1 == c->period ? 0 : s->mrk_pos + 1;
    return k;
}

static void gen_word(const mdd_tx_gen_model *m, struct gen *g)
{
    memset(g, 0, sizeof *g);
    const uint64_t *d = m->e0_desc;
    struct mdd_txg_cfg c;
    mdd_txg_cfg_of(&c, d);
    const bool bad = m->e0_bad;

    struct st s;
    if (m->in_xfer) {
        s.lost = m->lost;
        s.pdu_done = m->pdu_done;
        s.mimg_ok = m->mimg_ok;
        s.hoff = m->hoff;
        s.wire = m->wire;
        s.mrk_pos = m->mrk_pos;
        s.pdu_off = m->pdu_off;
        s.hdr_len = m->hdr_len;
        s.data_len = m->data_len;
        s.dif_pos = m->dif_pos;
        s.fpdu_woff = m->fpdu_woff;
        s.len_off = m->len_off;
        s.pdus = m->pdus;
        s.skip = m->skip;
        s.pass = m->pass;
        memcpy(s.mimg, m->mimg, 8);
    } else {
        memset(&s, 0, sizeof s);
        s.mrk_pos = (uint32_t)F(MRK_POS, d);
        s.pdu_off = (uint32_t)F(PDU_OFF, d);
        s.hdr_len = (uint32_t)F(HDR_LEN, d);
        s.data_len = (uint32_t)F(DATA_LEN, d);
        s.dif_pos = (uint32_t)F(DIF_POS, d);
        s.fpdu_woff = (uint32_t)F(FPDU_WOFF, d);
        s.skip = (uint32_t)TF(SKIP_LEN, d);
        s.pass = (uint32_t)TF(PASS_LEN, d);
    }

    mdd_rx_word *o = &g->o;
    mdd_txg_word_begin(o, d, bad, !m->in_xfer, s.hoff);

    const unsigned avail = m->hb_end ? m->hb_e0 : m->hb_cnt; /* this transfer's bytes */
    const bool end = m->hb_end;
    unsigned u = 0;
    bool stop = false, wait = false, any = false;
    /* at most one end of each CRC message kind per word, so a word touches at most two messages of an engine
     * (the ping-pong units of the check stages, D-009): a lane with a second EB, ED or EH starts the next word */
    unsigned ends = 0;
    /* chunking rules C1-C6 (docs/tx-path.md section 8), so that the RTL decides all lanes at once from the
     * word-start state: a lane that breaks one is not generated; like lane W it only looks whether the transfer
     * is complete (stop), then the word ends */
    const bool lost0 = s.lost;
    bool fin = false;       /* this lane is the word's last look */
    bool started = false;   /* C1: a marker start (mrk_pos 0) is in the word */
    bool parsed = false;    /* C3: the previous lane was a self-framing header's last length byte: the word
                             * ends there, without a look at the next lane */
    bool after_eb = false;  /* C4: the previous lane was stripped PI or carried EB */
    for (unsigned i = 0; i <= m->w && !stop && !wait && !fin; i++) {
        if (parsed)
            break;
        bool lane = i < m->w; /* lane W only looks whether the transfer is complete */
        const bool have = u < avail;
        if (bad || s.lost) { /* consumed, not generated (DESC, after FRAME) */
            if (s.lost && !lost0) /* C6: a FRAME ends the word; the lost bytes start with the next one */
                lane = false;
            fin = !lane;
            if (!have) {
                stop = end;
                wait = !end;
            } else if (lane) {
                if (!bad && m->hb_up[u])
                    mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, s.hoff, 0, 0, 0);
                u++;
                s.hoff++;
            }
            continue;
        }
        struct nx x = next_of(&c, &s, false);
        const bool is_mrk = c.mrk_en && s.mrk_pos < c.ml && !x.strip;
        if ((is_mrk && s.mrk_pos == 0 && started)                      /* C1 */
            || (is_mrk && i > 0 && !s.mimg_ok && c.iscsi && s.pdu_off != 0 && c.self &&
                s.pdu_off <= c.last_len)                               /* C3: T3 read-ahead at lane 0 only */
            || (x.strip && i > 0 && !after_eb))                        /* C4 */
            lane = false;
        fin = !lane;
        if (is_mrk) {
            /* a marker byte */
            const unsigned mb = s.mrk_pos;
            const uint32_t p = s.pdu_off;
            const bool boundary = p == 0;
            const bool known = !c.self || p > c.last_len;
            uint32_t pay_start, pay_end, pad_end, len;
            int64_t last_cov;
            mdd_txg_lay(&c, s.hdr_len, s.data_len, &pay_start, &pay_end, &pad_end, &len, &last_cov);
            if (mb == 0 && !have && boundary) { /* T1: a boundary marker belongs to the next PDU */
                stop = end;
                wait = !end;
                continue;
            }
            bool frame = false;
            if (!s.mimg_ok) {
                if (c.mpa) {
                    memset(s.mimg, 0, 8);
                    uint16_t ptr = (uint16_t)(s.fpdu_woff - mb);
                    s.mimg[2] = (uint8_t)(ptr >> 8);
                    s.mimg[3] = (uint8_t)ptr;
                } else if (boundary) {
                    memset(s.mimg, 0, 8);
                } else {
                    uint32_t plen = len;
                    if (!known) { /* T3: read DataSegmentLength ahead in the buffer */
                        uint32_t need = c.last_len - p; /* bytes after the next one */
                        if (u + need >= avail) {
                            if (!end) {
                                wait = true;
                                continue;
                            }
                            if (!have && mb == 0) {
                                stop = true;
                                continue;
                            }
                            frame = true;
                        } else {
                            uint32_t hl = s.hdr_len, dl = s.data_len;
                            for (uint32_t k = p; k <= c.last_len; k++)
                                mdd_txg_parse_byte(true, k, m->hb[u + (k - p)], &hl, &dl);
                            mdd_txg_lay(&c, hl, dl, &pay_start, &pay_end, &pad_end, &plen, &last_cov);
                        }
                    }
                    if (!frame) {
                        mdd_txg_put_be32(s.mimg, plen - p);
                        mdd_txg_put_be32(s.mimg + 4, plen - p);
                    }
                }
                s.mimg_ok = !frame;
            }
            if (frame) {
                if (lane) {
                    mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, s.hoff, s.pdus, c.last_len - p + 1, avail - u);
                    s.lost = true;
                }
                continue;
            }
            if (!lane)
                break;
            const bool between = c.mpa && !boundary && known && c.ddig_en && p > len - 4;
            const bool covered = c.mpa && !between;
            unsigned flags = 0;
            if (c.mpa && c.ddig_en && covered && mb == c.ml - 1 && !boundary && known && p == len - 4)
                flags |= MDD_TAGM_ED;
            if (flags & ends)
                break;
            ends |= flags;
            o->data[i] = s.mimg[mb];
            o->aux[i] = (uint8_t)(mb | (covered ? 0u : 8u));
            if (c.mpa)
                s.fpdu_woff = (s.fpdu_woff + 1) & 0xFFFF;
            if (mb == c.ml - 1)
                s.mimg_ok = false;
            bool k = wire_byte(&c, &s);
            o->tag[i] = (uint8_t)(MDD_KIND_MRK | flags | (k ? MDD_TAGM_K : 0));
            any = true;
            started = started || mb == 0;
            after_eb = false;
            continue;
        }
        if (!c.raw && !c.self && s.pdu_done && !x.strip) { /* R8: a host byte after the described PDU */
            if (!have) {
                stop = end;
                wait = !end;
            } else if (lane) {
                uint32_t ps, pe, pde, len;
                int64_t lc;
                mdd_txg_lay(&c, s.hdr_len, s.data_len, &ps, &pe, &pde, &len, &lc);
                mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, s.hoff, s.pdus, len, len);
                s.lost = true;
            }
            continue;
        }
        if (x.host && !have) {
            stop = end;
            wait = !end;
            continue;
        }
        if (!lane)
            break;
        uint8_t b = x.host ? m->hb[u] : 0;
        bool frame_now = false, last_len_byte = false;
        const uint32_t sv_len_off = s.len_off, sv_hdr_len = s.hdr_len, sv_data_len = s.data_len;
        if (x.kind == MDD_KIND_HDR && c.self && s.pdu_off <= c.last_len) {
            /* self-framing parse (R6); FRAME keeps this byte an ordinary HDR byte (R7) */
            uint32_t p = s.pdu_off;
            if (p == (c.mpa ? (uint32_t)MDD_MPA_LEN_OFF : (uint32_t)MDD_ISCSI_DSL_OFF))
                s.len_off = s.hoff;
            mdd_txg_parse_byte(c.iscsi, p, b, &s.hdr_len, &s.data_len);
            if (p == c.last_len) {
                last_len_byte = true;
                if (c.mpa && s.data_len < c.ulp) {
                    mdd_rx_word_merge(o, MDD_ERR_FRAME, 0, s.len_off, s.pdus, c.ulp, s.data_len);
                    frame_now = true;
                } else {
                    if (c.mpa) {
                        s.data_len -= c.ulp;
                        s.hdr_len = 2 + c.ulp;
                    }
                    x = next_of(&c, &s, true);
                }
            }
        }
        const unsigned xe = x.flags & (MDD_TAGM_EB | MDD_TAGM_ED | MDD_TAGM_EH);
        if (xe & ends) { /* the parse above is undone: the byte is taken again next word */
            s.len_off = sv_len_off;
            s.hdr_len = sv_hdr_len;
            s.data_len = sv_data_len;
            break;
        }
        ends |= xe;
        if (x.host) {
            if (m->hb_up[u])
                mdd_rx_word_merge(o, MDD_ERR_UPSTREAM, 0, s.hoff, 0, 0, 0);
            u++;
            s.hoff++;
        }
        bool k = false;
        if (!x.strip)
            k = wire_byte(&c, &s);
        o->data[i] = x.kind == MDD_KIND_HDR || x.kind == MDD_KIND_PAY || (x.kind == MDD_KIND_PI && x.host) ? b : 0;
        o->tag[i] = (uint8_t)(x.kind | x.flags | (k ? MDD_TAGM_K : 0));
        o->aux[i] = (uint8_t)(x.kind == MDD_KIND_HDIG || x.kind == MDD_KIND_DDIG || x.kind == MDD_KIND_PI ? x.idx : 0);
        any = true;
        if (x.dif)
            s.dif_pos = mdd_txg_dif_next(&c, s.dif_pos);
        if (!c.raw && !x.strip) {
            if (x.ep) {
                s.pdus++;
                s.pdu_off = 0;
                if (!c.self)
                    s.pdu_done = true;
            } else {
                s.pdu_off++;
            }
            if (c.mpa)
                s.fpdu_woff = x.ep ? 0 : ((s.fpdu_woff + 1) & 0xFFFF);
        }
        if (frame_now)
            s.lost = true;
        parsed = last_len_byte;
        after_eb = x.strip || (x.flags & MDD_TAGM_EB) != 0;
    }
    g->stop = stop;
    g->used = u;
    g->emit = any || u > 0 || stop || o->err_v;
    o->last = stop;
    o->nin = (uint8_t)u;
    o->xflags = s.lost ? MDD_RX_XFLAG_FRAME_LOST : 0;
    if (stop && !bad) {
        mdd_txg_set_resume(o->desc, d, s.wire, s.mrk_pos, s.pdu_off, s.hdr_len, s.data_len, s.dif_pos, s.fpdu_woff,
                           s.skip, s.pass);
    }
    g->s = s;
}

/* ------------------------------------------------------------------------------------------------------ */

static bool in_ready(const mdd_tx_gen_model *m)
{
    if (m->staged) { /* the ring's: its compaction moves */
        mdd_txg_hbuf_in hi;
        mdd_txg_hbuf_out ho;
        memset(&hi, 0, sizeof hi);
        mdd_txg_hbuf_eval(&m->hbuf, &hi, &ho);
        return ho.s_tready;
    }
    return !m->hb_end1 && m->hb_cnt + m->w <= m->buf;
}

/* Staged: the host buffer as the lane walk reads it (hb[0 ..) the bytes from the read pointer on, hb_e0 / hb_e1
 * the transfers' ends relative to it), rebuilt from the ring after each edge. */
static void ring_view(mdd_tx_gen_model *m)
{
    const mdd_txg_hbuf_model *h = &m->hbuf;
    const unsigned mask = h->ptr_mask;
    m->hb_cnt = (h->wr - h->rd) & mask;
    m->hb_end = h->end0;
    m->hb_e0 = h->end0 ? (h->e0 - h->rd) & mask : 0;
    m->hb_end1 = h->end1;
    m->hb_e1 = h->end1 ? (h->e1 - h->rd) & mask : 0;
    for (unsigned j = 0; j < MDD_TX_GEN_MAX_BUF; j++) {
        const bool in = j < m->hb_cnt;
        m->hb[j] = in ? h->ring[(h->rd + j) % h->ring_n] : 0;
        m->hb_up[j] = in && h->up[(h->rd + j) % h->ring_n];
    }
}

void mdd_tx_gen_eval(const mdd_tx_gen_model *m, const mdd_tx_gen_in *in, mdd_tx_gen_out *out)
{
    (void)in; /* every output comes from a register or the buffer fill: no input reaches an output */
    memset(out, 0, sizeof *out);
    out->s_axis_tx_desc_tready = m->fifo_cnt != 2;
    out->s_axis_tx_tready = in_ready(m);
    if (m->staged) { /* the second output register, behind stage R */
        out->m_valid = m->m2_valid_r;
        MDD_RX_WORD_COPY(out, m_, &m->m2, );
        return;
    }
    out->m_valid = m->m_valid_r;
    MDD_RX_WORD_COPY(out, m_, &m->m, );
}

void mdd_tx_gen_tick(mdd_tx_gen_model *m, const mdd_tx_gen_in *in)
{
    const bool advance = in->m_ready || !(m->staged ? m->m2_valid_r : m->m_valid_r);
    const bool run = advance && m->fifo_cnt != 0;
    const bool push = in->s_axis_tx_desc_tvalid && m->fifo_cnt != 2;
    const bool accept = in->s_axis_tx_tvalid && in_ready(m);
    struct gen g;
    memset(&g, 0, sizeof g);
    if (m->staged) {
        struct mdd_txg_gen sg;
        mdd_txg_staged_cycle(m, advance, &sg); /* F's transfer state is updated there */
        g.o = sg.o;
        g.emit = sg.emit;
        g.stop = sg.stop;
        g.used = sg.used;
        g.spi = sg.spi;
    } else if (run) {
        gen_word(m, &g);
    }
    const bool emit = run && g.emit;
    const bool pop = emit && g.stop;

    if (m->staged) { /* stage R: the first register's word moves to the second with its resume fields */
        mdd_txg_r_in ri;
        memset(&ri, 0, sizeof ri);
        ri.rst = in->rst;
        ri.go = advance && m->m_valid_r;
        memcpy(ri.tag, m->m.tag, sizeof ri.tag);
        ri.spi = m->m_spi;
        ri.first = m->m.first;
        ri.last = m->m.last;
        ri.dbad = m->m.dbad;
        memcpy(ri.desc, m->m.desc, sizeof ri.desc);
        ri.hdr_len = m->m_hdr_len;
        ri.data_len = m->m_data_len;
        mdd_txg_r_state after = {0};
        if (ri.go) {
            /* the output register loads the lengths' descriptor, R's registers the state after the word; the
             * register's output is the descriptor with R's fields (mdd_txg_r_qdesc, after the tick) */
            uint64_t q_unused[8];
            m->m2 = m->m;
            mdd_txg_r_eval(&m->r, &ri, &after, m->m2.desc, q_unused);
        }
        mdd_txg_r_tick(&m->r, &ri);
        if (ri.go) {
            mdd_txg_r_qdesc(&m->r, m->m2.desc, ri.last && !ri.dbad, m->m2.desc);
            if (memcmp(m->m2.desc, m->m_walk_desc, sizeof m->m_walk_desc) != 0) {
                m->staged_errors++;
                if (getenv("MDD_TXG_DEBUG"))
                    fprintf(stderr, "R: resume fields differ from the lane walk's (seq %u mrk_pos %u pdu_off %u "
                                    "fpdu_woff %u dif_pos %u skip %u pass %u)\n",
                            after.seq, after.mrk_pos, after.pdu_off, after.fpdu_woff, after.dif_pos, after.skip,
                            after.pass);
            }
        }
        if (in->rst)
            m->m2_valid_r = false;
        else if (advance)
            m->m2_valid_r = m->m_valid_r;
    }
    if (emit) {
        m->m = g.o;
        if (m->staged) { /* R writes the resume fields (the walk's are its check) */
            memcpy(m->m_walk_desc, g.o.desc, sizeof m->m_walk_desc);
            memcpy(m->m.desc, m->e0_desc, sizeof m->m.desc);
            m->m_spi = g.spi;
            m->m_hdr_len = m->hdr_len;
            m->m_data_len = m->data_len;
        }
    }
    if (in->rst)
        m->m_valid_r = false;
    else if (advance)
        m->m_valid_r = emit;

    /* transfer state */
    if (emit && !m->staged) {
        m->in_xfer = !g.stop;
        m->lost = g.s.lost;
        m->pdu_done = g.s.pdu_done;
        m->mimg_ok = g.s.mimg_ok;
        m->hoff = g.s.hoff;
        m->wire = g.s.wire;
        m->mrk_pos = g.s.mrk_pos;
        m->pdu_off = g.s.pdu_off;
        m->hdr_len = g.s.hdr_len;
        m->data_len = g.s.data_len;
        m->dif_pos = g.s.dif_pos;
        m->fpdu_woff = g.s.fpdu_woff;
        m->len_off = g.s.len_off;
        m->pdus = g.s.pdus;
        m->skip = g.s.skip;
        m->pass = g.s.pass;
        memcpy(m->mimg, g.s.mimg, 8);
    }

    if (m->staged) { /* the ring: F's bytes taken, the beat into its compaction */
        mdd_txg_hbuf_in hi;
        memset(&hi, 0, sizeof hi);
        hi.rst = in->rst;
        memcpy(hi.s_tdata, in->s_axis_tx_tdata, m->w);
        hi.s_tkeep = in->s_axis_tx_tkeep;
        hi.s_tuser = in->s_axis_tx_tuser;
        hi.s_tlast = in->s_axis_tx_tlast;
        hi.s_tvalid = in->s_axis_tx_tvalid;
        hi.take = emit ? g.used : 0;
        hi.pop = pop;
        mdd_txg_hbuf_tick(&m->hbuf, &hi);
        ring_view(m);
    } else {
    /* host buffer: drop the consumed bytes, append the accepted beat's kept bytes */
    const unsigned used = emit ? g.used : 0;
    unsigned cnt = m->hb_cnt - used;
    memmove(m->hb, m->hb + used, cnt);
    memmove(m->hb_up, m->hb_up + used, cnt * sizeof m->hb_up[0]);
    unsigned e0 = m->hb_e0 - used, e1 = m->hb_e1 - used;
    bool end0 = m->hb_end, end1 = m->hb_end1;
    if (pop) { /* the next transfer's end (if in) becomes the current one's */
        end0 = end1;
        e0 = e1;
        end1 = false;
        e1 = 0;
    }
    if (accept) {
        bool first = true;
        for (unsigned i = 0; i < m->w; i++) {
            if (!((in->s_axis_tx_tkeep >> i) & 1))
                continue;
            m->hb[cnt] = in->s_axis_tx_tdata[i];
            m->hb_up[cnt] = in->s_axis_tx_tuser && first;
            first = false;
            cnt++;
        }
        if (in->s_axis_tx_tlast) {
            if (end0) {
                end1 = true;
                e1 = cnt;
            } else {
                end0 = true;
                e0 = cnt;
            }
        }
    }
    if (!end0)
        e0 = 0;
    if (!end1)
        e1 = 0;
    for (unsigned j = cnt; j < m->buf; j++) { /* the RTL clears the slots above the count */
        m->hb[j] = 0;
        m->hb_up[j] = false;
    }
    m->hb_cnt = cnt;
    m->hb_end = end0;
    m->hb_e0 = e0;
    m->hb_end1 = end1;
    m->hb_e1 = e1;
    }

    /* descriptor FIFO */
    const unsigned fc = m->fifo_cnt;
    if (pop) {
        memcpy(m->e0_desc, m->e1_desc, sizeof m->e0_desc);
        m->e0_bad = m->e1_bad;
    }
    if (push) {
        const bool bad = mdd_desc_bad(in->s_axis_tx_desc_tdata, true);
        if (fc == 0 || (fc == 1 && pop)) {
            memcpy(m->e0_desc, in->s_axis_tx_desc_tdata, sizeof m->e0_desc);
            m->e0_bad = bad;
        } else {
            memcpy(m->e1_desc, in->s_axis_tx_desc_tdata, sizeof m->e1_desc);
            m->e1_bad = bad;
        }
    }
    m->fifo_cnt = (fc + push - pop) & 3;

    if (in->rst) {
        m->fifo_cnt = 0;
        m->in_xfer = false;
        m->hb_cnt = m->hb_e0 = m->hb_e1 = 0;
        m->hb_end = m->hb_end1 = false;
        memset(m->hb, 0, sizeof m->hb);
        memset(m->hb_up, 0, sizeof m->hb_up);
        memset(&m->pipe, 0, sizeof m->pipe);
        m->pipe.n = m->staged_pipes;
        for (unsigned k = 0; k < 2; k++) {
            mdd_txg_m_model_init(&m->pipe.lay[k].mm, m->w);
            mdd_txg_p_model_init(&m->pipe.lay[k].pm, m->w);
            mdd_txg_d_model_init(&m->pipe.lay[k].dm, m->w);
            mdd_txg_x_model_init(&m->pipe.lay[k].xm, m->w);
        }
        mdd_txg_f_model_init(&m->pipe.fm, m->w);
    }
}

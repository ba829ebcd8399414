/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_pdu.v; see mdd_rx_loc_pdu_model.h. part_of() is stage B of the RTL: the part of the
 * word in stage A, computed by the reference algorithm (a walk through the lanes with the same state variables
 * and widths; values are masked where the RTL truncates), not by the RTL's header candidates and cut arithmetic
 * (D-066), so lockstep holds those to the reference on every cycle.
 */
#include "mdd_rx_loc_pdu_model.h"

#include <string.h>

#include "mdd/formats.h"

#define F(name, d) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)
#define SETF(name, d, v) mdd_field_set((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W, (v))

#define M24 0xffffffu
#define M25 0x1ffffffu
#define M26 0x3ffffffu

int mdd_rx_loc_pdu_model_init(mdd_rx_loc_pdu_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* Configuration of the word's transfer (descriptor fields L2 uses). */
struct cfg {
    bool active, raw, iscsi, mpa, self, hdig, ddig, mrk_chk, hdr_out;
    uint32_t ulp, max_data, ml, ll, fl;
    mdd_rx_loc_pdu_stats *stats; /* coverage counts of this part */
};

/* PDU length of a layout (RTL function pdu_len, 26 bits). */
static uint32_t pdu_len(const struct cfg *c, uint32_t hlen, uint32_t dlen)
{
    uint32_t pad = (0u - hlen - dlen) & 3u;
    bool has_dd = c->ddig && (c->mpa || dlen != 0);
    return (hlen + (c->hdig ? 4u : 0u) + dlen + pad + (has_dd ? 4u : 0u)) & M26;
}

static void frame_error(mdd_rx_loc_pdu_state *s, mdd_rx_word *w, uint32_t off, uint64_t exp, uint64_t got)
{
    mdd_rx_word_merge(w, MDD_ERR_FRAME, 0, off, s->pidx, exp, got);
    s->lost = true;
    if (s->pd_n != 0) s->unv = true;
    s->pd_n = 0;
    s->pd_in = false;
}

/* Deferred iSCSI marker checks once the PDU length is known. */
static void resolve_pending(const struct cfg *c, mdd_rx_loc_pdu_state *s, mdd_rx_word *w)
{
    const uint32_t len = pdu_len(c, s->hlen, s->dlen);
    c->stats->resolved += s->pd_n;
    for (unsigned k = 0; k < 2; ++k) {
        if (k >= s->pd_n) continue;
        const mdd_rx_loc_pend *pd = &s->pd[k];
        const uint32_t v = len - pd->p;
        const uint64_t exp = (uint64_t)v << 32 | v;
        uint64_t got = exp;
        bool dv = false;
        unsigned diff = 0;
        for (unsigned j = 0; j < 8; ++j) {
            const unsigned sh = 8 * (7 - j);
            if (!((pd->present >> j) & 1)) continue;
            const uint64_t gb = (pd->got >> sh) & 0xff;
            got = (got & ~(0xffull << sh)) | gb << sh;
            if (!dv && gb != ((exp >> sh) & 0xff)) {
                dv = true;
                diff = j;
            }
        }
        if (dv) mdd_rx_word_merge(w, MDD_ERR_MRK, diff, pd->off, pd->unit, exp, got);
    }
    s->pd_n = 0;
}

static void marker_lane(const struct cfg *c, mdd_rx_loc_pdu_state *s, mdd_rx_word *w, unsigned i, uint8_t b,
                        uint8_t a, uint32_t ioff)
{
    const unsigned m = a & 7u;
    unsigned flags = 0;
    if (s->lost) return; /* VOID, like every byte after a FRAME error */
    {
        const uint32_t p = s->off;
        const bool boundary = p == 0;
        const bool known = !c->self || p > c->ll;
        const uint32_t len = pdu_len(c, s->hlen, s->dlen);
        const bool has_dd = c->ddig && (c->mpa || s->dlen != 0);
        const bool between = c->mpa && !boundary && known && has_dd && p + 4 > len;
        const bool covered = c->mpa && !between;
        w->aux[i] = (uint8_t)(m | (covered ? 0u : 8u));
        if (c->ddig && covered && m == c->ml - 1 && !boundary && known && p + 4 == len) {
            flags |= MDD_TAGM_ED;
            c->stats->ed_on_marker++;
        }
        if (between && m == c->ml - 1) c->stats->mrk_uncovered++;
        if (c->mrk_chk) {
            uint64_t exp = 0;
            bool deferred = false;
            if (c->mpa) {
                exp = (s->fwoff - m) & 0xffffu;
            } else if (boundary) {
                exp = 0;
            } else if (!known) {
                deferred = true;
            } else {
                const uint32_t v = len - p;
                exp = (uint64_t)v << 32 | v;
            }
            if (deferred) {
                if (!s->pd_in) {
                    if (s->pd_n < 2) {
                        mdd_rx_loc_pend *pd = &s->pd[s->pd_n];
                        pd->off = ioff;
                        pd->unit = s->pidx;
                        pd->p = p;
                        pd->present = 0;
                        pd->got = 0;
                        s->pd_n++;
                        s->pd_in = true;
                        c->stats->deferred++;
                    } else {
                        s->unv = true; /* a third deferred marker: left unverified */
                        if (m == c->ml - 1) c->stats->pend_overflow++;
                    }
                }
                if (s->pd_in) {
                    mdd_rx_loc_pend *pd = &s->pd[s->pd_n - 1];
                    const unsigned sh = 8 * (7 - m);
                    pd->got = (pd->got & ~(0xffull << sh)) | (uint64_t)b << sh;
                    pd->present = (uint8_t)(pd->present | 1u << m);
                }
            } else {
                if (!s->mk_act) {
                    s->mk_act = true;
                    s->mk_dv = false;
                    s->mk_diff = 0;
                    s->mk_exp = exp;
                    s->mk_got = exp;
                    s->mk_off = ioff;
                    s->mk_unit = s->pidx;
                }
                const unsigned sh = 8 * (c->ml - 1 - m);
                s->mk_got = (s->mk_got & ~(0xffull << sh)) | (uint64_t)b << sh;
                if (!s->mk_dv && b != ((s->mk_exp >> sh) & 0xff)) {
                    s->mk_dv = true;
                    s->mk_diff = m;
                }
                if (m == c->ml - 1) {
                    if (s->mk_dv) mdd_rx_word_merge(w, MDD_ERR_MRK, s->mk_diff, s->mk_off, s->mk_unit, s->mk_exp, s->mk_got);
                    s->mk_act = false;
                }
            }
        }
        if (c->mpa) s->fwoff = (s->fwoff + 1) & 0xffffu;
    }
    if (m == c->ml - 1) s->pd_in = false;
    w->tag[i] = (uint8_t)(MDD_KIND_MRK | flags);
}

static void pdu_lane(const struct cfg *c, mdd_rx_loc_pdu_state *s, mdd_rx_word *w, unsigned i, uint8_t b, uint8_t a,
                     uint32_t ioff)
{
    if (s->lost) return; /* VOID */
    if (!c->self && s->pdone) {
        const uint32_t len = pdu_len(c, s->hlen, s->dlen);
        frame_error(s, w, ioff, len, len); /* overrun of a descriptor-framed PDU */
        c->stats->frame_overrun++;
        return;
    }
    const uint32_t p = s->off;
    bool early = false, frame_now = false;
    if (p == 0) c->stats->pdu_starts++;
    if (c->self && p <= c->ll) {
        early = true;
        if (p == c->fl) s->lenoff = ioff;
        if (c->iscsi) {
            if (p == MDD_ISCSI_AHS_OFF) s->hlen = (MDD_ISCSI_BHS_LEN + 4u * b) & 0xfffu;
            else if (p == MDD_ISCSI_DSL_OFF) s->dlen = b;
            else if (p > MDD_ISCSI_DSL_OFF) s->dlen = (s->dlen << 8 | b) & M24;
        } else {
            s->dlen = p == 0 ? b : ((s->dlen << 8 | b) & 0xffffu);   /* ULPDU_Length: 2 bytes */
        }
        if (p == c->ll) {
            early = false;
            if (c->mpa) {
                if (s->dlen < c->ulp) {
                    frame_error(s, w, s->lenoff, c->ulp, s->dlen);
                    frame_now = true;
                } else {
                    s->dlen = (s->dlen - c->ulp) & M24;
                    s->hlen = 2 + c->ulp;
                }
            }
            if (!frame_now && c->max_data != 0 && s->dlen > c->max_data) {
                frame_error(s, w, s->lenoff, c->max_data, s->dlen);
                frame_now = true;
            }
            if (frame_now) c->stats->frame_len++;
            else resolve_pending(c, s, w);
        }
    }
    unsigned kind, flags = 0, idx = 0;
    bool ep = false;
    if (early || frame_now) {
        kind = MDD_KIND_HDR;
    } else {
        const uint32_t q = s->hlen, d = s->dlen;
        const uint32_t hd = c->hdig ? 4u : 0u;
        const uint32_t pay_end = q + hd + d;            /* 26 bits */
        const uint32_t pad = (0u - q - d) & 3u;
        const uint32_t pad_end = pay_end + pad;
        const bool has_dd = c->ddig && (c->mpa || d != 0);
        const uint32_t len = pad_end + (has_dd ? 4u : 0u);
        if (p < q) {
            kind = MDD_KIND_HDR;
            if (p + 1 == q) flags |= MDD_TAGM_EH;
        } else if (p < q + hd) {
            kind = MDD_KIND_HDIG;
            idx = (p - q) & 3u;
        } else if (p < pay_end) {
            kind = MDD_KIND_PAY;
        } else if (p < pad_end) {
            kind = MDD_KIND_PAD;
        } else {
            kind = MDD_KIND_DDIG;
            idx = (p - pad_end) & 3u;
        }
        const bool last_cov = pad != 0 ? p + 1 == pad_end : d != 0 ? p + 1 == pay_end : c->mpa ? p + 1 == q : false;
        if (last_cov && !(c->mpa && c->ddig && (a & 1))) flags |= MDD_TAGM_ED;
        ep = p + 1 == len;
        if (ep) flags |= MDD_TAGM_EP;
    }
    const bool keep = kind == MDD_KIND_PAY || (kind == MDD_KIND_HDR && c->hdr_out);
    w->tag[i] = (uint8_t)(kind | flags | (keep ? MDD_TAGM_K : 0));
    w->aux[i] = (uint8_t)idx;
    if (ep) {
        s->pidx++;
        s->off = 0;
        if (!c->self) s->pdone = true;
    } else {
        s->off = (s->off + 1) & M25;
    }
    if (c->mpa) s->fwoff = ep ? 0 : ((s->fwoff + 1) & 0xffffu);
}

/* The part of the current input word emitted this cycle (the RTL's p_* values). */
struct part {
    mdd_rx_word w;
    mdd_rx_loc_pdu_state s; /* state after the part */
    mdd_rx_loc_pdu_stats stats;
    uint64_t in;
    bool final;
    unsigned nbytes, used;
};

static void part_of(const mdd_rx_loc_pdu_model *m, const mdd_rx_loc_pdu_in *in, struct part *pt)
{
    const uint64_t *d = in->s_desc;
    const bool first_part = m->done == 0;
    const unsigned used = first_part ? 0 : m->used_r;
    const bool init = in->s_first && first_part;
    struct cfg c;
    const unsigned proto = (unsigned)F(PROTO, d);
    c.active = !in->s_dbad;
    c.iscsi = proto == MDD_PROTO_ISCSI;
    c.mpa = proto == MDD_PROTO_MPA;
    c.raw = proto == MDD_PROTO_RAW;
    c.self = F(SELF_FRAME, d);
    c.hdig = F(HDIG_EN, d);
    c.ddig = F(DDIG_EN, d);
    c.mrk_chk = F(MRK_CHK, d);
    c.hdr_out = F(HDR_OUT, d);
    c.ulp = (uint32_t)F(ULP_HDR_LEN, d);
    c.max_data = (uint32_t)F(MAX_DATA, d);
    c.ml = c.iscsi ? MDD_ISCSI_MRK_LEN : MDD_MPA_MRK_LEN;
    c.ll = c.mpa ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2;
    c.fl = c.mpa ? MDD_MPA_LEN_OFF : MDD_ISCSI_DSL_OFF;
    memset(&pt->stats, 0, sizeof pt->stats);
    c.stats = &pt->stats;

    mdd_rx_loc_pdu_state *s = &pt->s;
    *s = m->st;
    if (init) {
        s->off = (uint32_t)F(PDU_OFF, d);
        s->hlen = (uint32_t)F(HDR_LEN, d);
        s->dlen = (uint32_t)F(DATA_LEN, d);
        s->fwoff = (uint32_t)F(FPDU_WOFF, d);
        s->pidx = 0;
        s->lenoff = 0;
        s->lost = false;
        s->pdone = false;
        s->unv = false;
        s->mk_act = false;
        s->pd_n = 0;
        s->pd_in = false;
    }

    mdd_rx_word *w = &pt->w;
    memcpy(w->data, in->s_data, sizeof w->data);
    memset(w->tag, MDD_KIND_VOID, sizeof w->tag);
    memset(w->aux, 0, sizeof w->aux);
    w->first = in->s_first && first_part;
    w->dbad = in->s_dbad;
    memcpy(w->desc, in->s_desc, sizeof w->desc);
    w->xflags = in->s_xflags;
    w->err_v = first_part && in->s_err_v;
    w->err_code = first_part ? in->s_err_code : 0;
    w->err_byte = first_part ? in->s_err_byte : 0;
    w->err_off = first_part ? in->s_err_off : 0;
    w->err_unit = first_part ? in->s_err_unit : 0;
    w->err_exp = first_part ? in->s_err_exp : 0;
    w->err_got = first_part ? in->s_err_got : 0;
    w->emap = first_part ? in->s_emap : 0;
    w->ecnt = first_part ? in->s_ecnt : 0;

    uint32_t ioff = in->s_woff + used;
    bool final = true, started = false;
    unsigned nbytes = 0;
    uint64_t inm = 0;
    for (unsigned i = 0; i < m->w; ++i) {
        if ((m->done >> i) & 1 || !final) continue;
        const uint8_t t = in->s_tag[i], a = in->s_aux[i] & 0xf, b = in->s_data[i];
        const unsigned kind = t & 7u;
        if (kind == MDD_KIND_VOID) {
            inm |= 1ull << i;
            continue;
        }
        /* a second PDU start ends the part before this lane; an MPA FPDU starts at its first wire byte
         * (fpdu_woff 0), possibly a boundary marker its CRC covers (D-034) */
        if (c.active && !c.raw && !s->lost && !(!c.self && s->pdone) &&
            (c.mpa ? s->fwoff == 0 : (kind != MDD_KIND_MRK && s->off == 0))) {
            if (started) {
                final = false; /* a second PDU start: the next part begins here */
                continue;
            }
            started = true;
        }
        inm |= 1ull << i;
        if (!c.active) {
            w->tag[i] = t;
            w->aux[i] = a;
        } else if (c.raw) {
            w->tag[i] = (uint8_t)(MDD_TAGM_K | MDD_KIND_PAY);
        } else if (kind == MDD_KIND_MRK) {
            marker_lane(&c, s, w, i, b, a, ioff);
        } else {
            pdu_lane(&c, s, w, i, b, a, ioff);
        }
        nbytes++;
        ioff++;
    }

    w->last = in->s_last && final;
    w->woff = in->s_woff + used;
    w->nin = (uint8_t)(final ? in->s_nin - used : nbytes);
    if (in->s_last && final && c.active) {
        if (s->mk_act && s->mk_dv) mdd_rx_word_merge(w, MDD_ERR_MRK, s->mk_diff, s->mk_off, s->mk_unit, s->mk_exp, s->mk_got);
        if (s->pd_n != 0) s->unv = true;
        w->xflags = (uint8_t)(w->xflags | (s->lost ? MDD_RX_XFLAG_FRAME_LOST : 0) | (s->unv ? MDD_RX_XFLAG_MRK_UNV : 0));
        SETF(PDU_OFF, w->desc, s->off);
        SETF(HDR_LEN, w->desc, s->hlen);
        SETF(DATA_LEN, w->desc, s->dlen);
        SETF(FPDU_WOFF, w->desc, s->fwoff);
    }
    pt->in = inm;
    pt->final = final;
    pt->nbytes = nbytes;
    pt->used = used;
}

/* stage A's word as part_of's input */
static void stage_a(const mdd_rx_loc_pdu_model *m, mdd_rx_loc_pdu_in *a)
{
    memset(a, 0, sizeof *a);
    a->s_valid = m->a_valid;
    MDD_RX_WORD_COPY(a, s_, &m->a, );
}

void mdd_rx_loc_pdu_eval(const mdd_rx_loc_pdu_model *m, const mdd_rx_loc_pdu_in *in, mdd_rx_loc_pdu_out *out)
{
    (void)in; /* every output is a register: s_ready, the skid register in front of stage I being empty (D-104) */
    out->s_ready = !m->sk_valid;
    out->m_valid = m->m_valid_r;
    MDD_RX_WORD_COPY(out, m_, &m->m, );
}

void mdd_rx_loc_pdu_tick(mdd_rx_loc_pdu_model *m, const mdd_rx_loc_pdu_in *in)
{
    const bool advance = in->m_ready || !m->m_valid_r;
    const bool adv_c = advance || !m->d_valid;
    const bool adv_e = adv_c || !m->e_valid;
    const bool adv_b = adv_e || !m->q_valid;
    const bool emit = m->a_valid && adv_b;
    bool take = false;
    if (advance && m->d_valid) m->m = m->d; /* each stage before the one behind it takes its next part */
    if (adv_c && m->e_valid) m->d = m->e;
    if (adv_e && m->q_valid) m->e = m->q;
    if (emit) {
        mdd_rx_loc_pdu_in a;
        struct part pt;
        stage_a(m, &a);
        part_of(m, &a, &pt);
        take = pt.final;
        m->q = pt.w;
        m->st = pt.s;
        if (!in->rst) {
            mdd_rx_loc_pdu_stats *a = &m->stats;
            const mdd_rx_loc_pdu_stats *b = &pt.stats;
            a->parts_split += !pt.final;
            a->deferred += b->deferred;
            a->resolved += b->resolved;
            a->pend_overflow += b->pend_overflow;
            a->frame_len += b->frame_len;
            a->frame_overrun += b->frame_overrun;
            a->ed_on_marker += b->ed_on_marker;
            a->mrk_uncovered += b->mrk_uncovered;
            a->pdu_starts += b->pdu_starts;
        }
        if (in->rst) {
            m->done = 0;
            m->used_r = 0;
        } else {
            m->done = pt.final ? 0 : (m->done | pt.in);
            m->used_r = pt.final ? 0 : ((pt.used + pt.nbytes) & 0xff);
        }
    } else if (in->rst) {
        m->done = 0;
        m->used_r = 0;
    }
    /* stage A takes stage I's word when it is empty or its word's last part leaves; stage I takes a word when it is
     * empty or its word moves on: the skid's if it holds one, else the input's; an input word stage I cannot take
     * waits in the skid (which takes the input whenever it is empty, as its registers do) */
    const bool load_a = m->i_valid && (!m->a_valid || take);
    const bool i_free = !m->i_valid || load_a;
    const bool load = i_free && (m->sk_valid || in->s_valid);
    if (load_a) m->a = m->i;
    if (load) {
        if (m->sk_valid)
            m->i = m->sk;
        else
            MDD_RX_WORD_COPY(&m->i, , in, s_);
    }
    const bool sk_was = m->sk_valid;
    if (!sk_was) MDD_RX_WORD_COPY(&m->sk, , in, s_);
    m->sk_valid = !in->rst && !i_free && (sk_was || in->s_valid);
    if (in->rst) {
        m->i_valid = false;
        m->a_valid = false;
        m->q_valid = false;
        m->e_valid = false;
        m->d_valid = false;
        m->m_valid_r = false;
    } else {
        if (advance) m->m_valid_r = m->d_valid; /* the pre-edge stages D, E, C and A */
        if (adv_c) m->d_valid = m->e_valid;
        if (adv_e) m->e_valid = m->q_valid;
        if (adv_b) m->q_valid = m->a_valid;
        if (load_a) m->a_valid = true;
        else if (take) m->a_valid = false;
        if (load) m->i_valid = true;
        else if (load_a) m->i_valid = false;
    }
}

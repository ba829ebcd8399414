/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_mrk.v; see mdd_rx_loc_mrk_model.h. The chunk function (c_*) is the RTL's
 * always block, lane by lane, with the same widths.
 */
#include "mdd_rx_loc_mrk_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_desc_check.h"

#define F(name, d) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)

static void set_field(uint64_t *d, unsigned word, unsigned lsb, unsigned width, uint64_t v)
{
    mdd_field_set(d, word, lsb, width, v);
}
#define SETF(name, d, v) set_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W, (v))

#define TAG_VOID ((uint8_t)MDD_KIND_VOID)
#define TAG_MRK ((uint8_t)MDD_KIND_MRK)
#define TAG_PAY ((uint8_t)(MDD_TAGM_K | MDD_KIND_PAY))

int mdd_rx_loc_mrk_model_init(mdd_rx_loc_mrk_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->lanes = w == 64 ? ~0ull : ((1ull << w) - 1);
    return 0;
}

/* The combinational chunk of the current beat (the RTL's c_* and the values derived from them). */
struct chunk {
    uint64_t in;
    bool final;
    unsigned nin;
    uint8_t tag[MDD_RX_MAX_W];
    uint8_t aux[MDD_RX_MAX_W];
    uint32_t cur_woff, cur_mpos, mpos_next, woff_next;
};

static void chunk_of(const mdd_rx_loc_mrk_model *m, struct chunk *c)
{
    const uint64_t *h = m->e0_desc;
    const bool mrk_en = F(MRK_EN, h);
    const uint32_t period = (uint32_t)F(MRK_PERIOD, h);
    const bool iscsi = F(PROTO, h) == MDD_PROTO_ISCSI;
    const uint32_t ml = iscsi ? MDD_ISCSI_MRK_LEN : MDD_MPA_MRK_LEN;
    const bool chunking = mrk_en && !m->e0_bad;

    c->cur_woff = m->in_xfer ? m->woff_r : 0;
    c->cur_mpos = m->in_xfer ? m->mpos_r : (uint32_t)F(MRK_POS, h);
    c->in = 0;
    c->final = true;
    c->nin = 0;
    memset(c->tag, TAG_VOID, sizeof c->tag);
    memset(c->aux, 0, sizeof c->aux);
    for (unsigned i = 0; i < m->w; ++i) {
        if ((m->done >> i) & 1) continue;
        const bool keep = (m->a_keep >> i) & 1;
        if (keep && chunking && c->nin >= period) c->final = false;
        if (!c->final) continue;
        c->in |= 1ull << i;
        if (!keep) continue;
        if (!m->e0_bad) {
            uint32_t pos = c->cur_mpos + c->nin; /* 20 bits */
            if (pos >= period) pos -= period;
            pos &= 0xfffff;
            if (mrk_en && pos < ml) {
                c->tag[i] = TAG_MRK;
                c->aux[i] = (uint8_t)((iscsi ? 8u : 0u) | (pos & 7u));
            } else {
                c->tag[i] = TAG_PAY;
                c->aux[i] = (uint8_t)(mrk_en && ((pos + 1) & 0xfffff) == period);
            }
        }
        c->nin++;
    }
    uint32_t sum = c->cur_mpos + c->nin;
    c->mpos_next = (sum >= period ? sum - period : sum) & 0x7ffff;
    c->woff_next = c->cur_woff + c->nin;
}

void mdd_rx_loc_mrk_eval(const mdd_rx_loc_mrk_model *m, const mdd_rx_loc_mrk_in *in, mdd_rx_loc_mrk_out *out)
{
    const bool have_desc = m->fifo_cnt != 0;
    const bool advance = in->m_ready || !m->m_valid_r;
    out->s_axis_rx_desc_tready = m->fifo_cnt != 2;
    if (!m->a_valid) {
        out->s_axis_rx_tready = true;
    } else if (have_desc && advance) {
        struct chunk c;
        chunk_of(m, &c);
        out->s_axis_rx_tready = c.final;
    } else {
        out->s_axis_rx_tready = false;
    }
    out->m_valid = m->m_valid_r;
    MDD_RX_WORD_COPY(out, m_, &m->m, );
}

void mdd_rx_loc_mrk_tick(mdd_rx_loc_mrk_model *m, const mdd_rx_loc_mrk_in *in)
{
    const bool have_desc = m->fifo_cnt != 0;
    const bool advance = in->m_ready || !m->m_valid_r;
    const bool push = in->s_axis_rx_desc_tvalid && m->fifo_cnt != 2;
    const bool emit = m->a_valid && have_desc && advance;
    struct chunk c;
    chunk_of(m, &c);
    const bool beat_end = emit && c.final;
    const bool xfer_end = beat_end && m->a_last;
    const bool pop = xfer_end;
    const bool load = in->s_axis_rx_tvalid && (!m->a_valid || beat_end);

    /* output register (reads the pre-edge state) */
    if (emit) {
        mdd_rx_word *o = &m->m;
        memcpy(o->data, m->a_data, sizeof o->data);
        memcpy(o->tag, c.tag, sizeof o->tag);
        memcpy(o->aux, c.aux, sizeof o->aux);
        o->first = !m->in_xfer;
        o->last = m->a_last && c.final;
        o->woff = c.cur_woff;
        o->nin = (uint8_t)c.nin;
        o->dbad = m->e0_bad;
        memcpy(o->desc, m->e0_desc, sizeof o->desc);
        if (m->a_last && c.final && !m->e0_bad) {
            SETF(TCP_SEQ, o->desc, (uint32_t)(F(TCP_SEQ, m->e0_desc) + c.woff_next));
            if (F(MRK_EN, m->e0_desc)) SETF(MRK_POS, o->desc, c.mpos_next);
        }
        o->xflags = 0;
        const bool ev_desc = m->e0_bad && !m->in_xfer;
        const bool ev_up = m->a_user && m->done == 0 && (m->a_keep & m->lanes) != 0 && !m->e0_bad;
        o->err_v = ev_desc || ev_up;
        o->err_code = ev_desc ? MDD_ERR_DESC : ev_up ? MDD_ERR_UPSTREAM : 0;
        o->err_byte = 0;
        o->err_off = ev_desc ? 0 : ev_up ? c.cur_woff : 0;
        o->err_unit = 0;
        o->err_exp = 0;
        o->err_got = 0;
        o->emap = (uint16_t)((ev_desc ? 1u << MDD_ERR_DESC : 0) | (ev_up ? 1u << MDD_ERR_UPSTREAM : 0));
        o->ecnt = (uint8_t)(ev_desc + ev_up);
    }
    if (in->rst) m->m_valid_r = false;
    else if (advance) m->m_valid_r = m->a_valid && have_desc;

    /* transfer state */
    if (emit) {
        m->woff_r = c.woff_next;
        m->mpos_r = c.mpos_next;
    }
    /* stage A */
    if (load) {
        memcpy(m->a_data, in->s_axis_rx_tdata, sizeof m->a_data);
        m->a_keep = in->s_axis_rx_tkeep & m->lanes;
        m->a_last = in->s_axis_rx_tlast;
        m->a_user = in->s_axis_rx_tuser;
    }
    if (in->rst) m->a_valid = false;
    else if (load) m->a_valid = true;
    else if (beat_end) m->a_valid = false;
    const unsigned cnt = m->fifo_cnt;
    if (in->rst) {
        m->fifo_cnt = 0;
        m->in_xfer = false;
        m->done = 0;
    } else {
        m->fifo_cnt = (cnt + push - pop) & 3;
        if (emit) {
            m->in_xfer = !xfer_end;
            m->done = c.final ? 0 : (m->done | c.in);
        }
    }
    /* FIFO entries */
    if (pop) {
        memcpy(m->e0_desc, m->e1_desc, sizeof m->e0_desc);
        m->e0_bad = m->e1_bad;
    }
    if (push) {
        const bool bad = mdd_desc_bad(in->s_axis_rx_desc_tdata, false);
        if (cnt == 0 || (cnt == 1 && pop)) {
            memcpy(m->e0_desc, in->s_axis_rx_desc_tdata, sizeof m->e0_desc);
            m->e0_bad = bad;
        } else {
            memcpy(m->e1_desc, in->s_axis_rx_desc_tdata, sizeof m->e1_desc);
            m->e1_bad = bad;
        }
    }
}

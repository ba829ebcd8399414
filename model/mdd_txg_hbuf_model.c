/* SPDX-License-Identifier: MIT */
/* The staged TX generator's host byte ring: see mdd_txg_hbuf_model.h. */
#include "mdd_txg_hbuf_model.h"

#include <string.h>

int mdd_txg_hbuf_model_init(mdd_txg_hbuf_model *m, unsigned w, unsigned r, unsigned win)
{
    memset(m, 0, sizeof *m);
    if (win == 0)
        win = w + 8;
    if (r < 4 || r > MDD_TXG_HBUF_MAX_R || (r & (r - 1)) != 0 || win > MDD_TXG_HBUF_MAX_WIN ||
        win + w - 1 > r * w)
        return -1;
    if (mdd_compact_model_init(&m->cmp, w, 8) != 0)
        return -1;
    m->w = w;
    m->r = r;
    m->win = win;
    m->ring_n = r * w;
    m->ptr_mask = 2 * r * w - 1;
    return 0;
}

unsigned mdd_txg_hbuf_latency(const mdd_txg_hbuf_model *m) { return mdd_compact_latency(&m->cmp); }

/* The compacted word at the pipeline's output and whether it enters the ring this cycle. */
static bool entering(const mdd_txg_hbuf_model *m, const mdd_compact_out *c, bool *advance)
{
    const unsigned fill = (m->wr - m->rd) & m->ptr_mask;
    const bool room = fill <= m->ring_n - m->w;
    *advance = !c->m_valid || (room && !m->end1);
    return c->m_valid && *advance;
}

void mdd_txg_hbuf_eval(const mdd_txg_hbuf_model *m, const mdd_txg_hbuf_in *in, mdd_txg_hbuf_out *out)
{
    memset(out, 0, sizeof *out);
    mdd_compact_out c;
    mdd_compact_eval(&m->cmp, &c);
    bool advance;
    out->in_v = entering(m, &c, &advance);
    out->s_tready = advance;
    out->in_k = m->w - c.m_tags->zeros;
    out->in_last = c.m_tags->last;
    out->rd = m->rd;
    out->wr = m->wr;
    out->e0 = m->e0;
    out->e1 = m->e1;
    out->end0 = m->end0;
    out->avail0 = ((m->end0 ? m->e0 : m->wr) - m->rd) & m->ptr_mask;
    out->end1 = m->end1;
    for (unsigned j = 0; j < m->win; j++) {
        const unsigned p = (in->rd_base + j) % m->ring_n;
        out->win[j] = m->ring[p];
        out->win_up[j] = m->up[p];
    }
}

void mdd_txg_hbuf_tick(mdd_txg_hbuf_model *m, const mdd_txg_hbuf_in *in)
{
    mdd_compact_out c;
    mdd_compact_eval(&m->cmp, &c);
    bool advance;
    const bool in_v = entering(m, &c, &advance);

    if (in_v) { /* the compacted word's k bytes at wr .. wr + k - 1; its first one carries tuser */
        const unsigned k = m->w - c.m_tags->zeros;
        uint8_t bytes[MDD_TXG_HBUF_MAX_W];
        mdd_compact_plane_to_bytes(&m->cmp, c.m_lanes->plane[0], bytes);
        for (unsigned i = 0; i < k; i++) {
            const unsigned p = (m->wr + i) % m->ring_n;
            m->ring[p] = bytes[i];
            m->up[p] = i == 0 && (c.m_tags->meta[0] & 1);
        }
    }
    const unsigned wr_next = (m->wr + (in_v ? m->w - c.m_tags->zeros : 0)) & m->ptr_mask;
    bool end0 = m->end0, end1 = m->end1;
    unsigned e0 = m->e0, e1 = m->e1;
    if (in->pop) { /* e1 becomes e0 before this cycle's tlast is placed */
        end0 = end1;
        e0 = e1;
        end1 = false;
    }
    if (in_v && c.m_tags->last) {
        if (end0) {
            end1 = true;
            e1 = wr_next;
        } else {
            end0 = true;
            e0 = wr_next;
        }
    }
    m->wr = wr_next;
    m->rd = (m->rd + in->take) & m->ptr_mask;
    m->end0 = end0;
    m->end1 = end1;
    m->e0 = e0;
    m->e1 = e1;
    if (in->rst) {
        m->rd = m->wr = 0;
        m->end0 = m->end1 = false;
    }

    mdd_compact_bus lanes;
    mdd_compact_in cin;
    memset(&cin, 0, sizeof cin);
    cin.rst = in->rst;
    cin.advance = advance;
    cin.s_valid = in->s_tvalid;
    cin.s_keep = in->s_tkeep;
    cin.s_last = in->s_tlast;
    cin.s_meta[0] = in->s_tuser;
    cin.s_lanes = &lanes;
    if (advance && in->s_tvalid)
        mdd_compact_plane_from_bytes(&m->cmp, in->s_tdata, lanes.plane[0]);
    mdd_compact_tick(&m->cmp, &cin);
}

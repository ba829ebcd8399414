/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_pack.v; see mdd_pack_model.h and docs/pack.md.
 *
 * mdd_pack_tick() updates the gearbox/output register first and the
 * compaction twin after it, so the gearbox reads the values the compaction
 * registers held before the clock edge, as the RTL's nonblocking assignments
 * do.  Lanes {tag, byte} are byte planes of the compaction twin (plane 0 the
 * data bytes, planes 1.. the tag bits 8 at a time); masks and the rotation
 * are its lane helpers, the same ones the CRC unit's twin uses.
 */
#include "mdd_pack_model.h"

#include <string.h>

int mdd_pack_model_init(mdd_pack_model *m, unsigned w, unsigned user_lane_w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    if (user_lane_w < 1 || user_lane_w > MDD_PACK_MAX_USER_LANE_W) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->user_lane_w = user_lane_w;
    m->lane_w = 8 + user_lane_w;
    m->keep_mask = w == 64 ? ~0ull : ((1ull << w) - 1);
    m->user_mask = (1ull << user_lane_w) - 1;
    if (mdd_compact_model_init(&m->cmp, w, m->lane_w) != 0) return -1;
    return 0;
}

unsigned mdd_pack_latency(const mdd_pack_model *m)
{
    return mdd_compact_latency(&m->cmp) + 1;
}

void mdd_pack_eval(const mdd_pack_model *m, const mdd_pack_in *in, mdd_pack_out *out)
{
    const unsigned np = m->cmp.np;
    out->s_tready = in->m_tready || !m->e_valid;
    out->m_tvalid = m->e_valid;
    out->m_tlast = m->e_last;
    out->m_tkeep = m->e_keep;
    mdd_compact_plane_to_bytes(&m->cmp, m->e_lanes.plane[0], out->m_tdata);
    for (unsigned i = 0; i < m->w; ++i) {
        uint64_t tag = 0;
        for (unsigned p = 1; p < np; ++p)
            tag |= ((m->e_lanes.plane[p][i / 8] >> (8 * (i % 8))) & 0xff) << (8 * (p - 1));
        out->m_tuser[i] = tag;
    }
    for (unsigned i = m->w; i < MDD_PACK_MAX_W; ++i) {
        out->m_tdata[i] = 0;
        out->m_tuser[i] = 0;
    }
}

static void tick_gearbox(mdd_pack_model *m, bool advance, bool rst)
{
    const unsigned nw = m->cmp.nw, np = m->cmp.np;
    mdd_compact_out cout;
    mdd_compact_eval(&m->cmp, &cout);
    const bool in_valid = cout.m_valid;
    const mdd_compact_tags *in = cout.m_tags;
    const bool pend = m->gb_pend;
    const bool e_valid_d = pend || (in_valid && (in->eq || in->gt || (in->lt && in->last)));

    if (advance && in_valid && pend && in->fill != 0) ++m->invariant_violations;
    if (!advance) {
        if (rst) m->gb_pend = m->e_valid = false;
        return;
    }

    /* m_tkeep of a word that ends a packet: f + k lanes (W when pad = 0), none when f + k = 0 */
    const uint64_t keep_tail = in->none ? 0 : (m->keep_mask >> in->pad);
    mdd_compact_bus rotated;
    for (unsigned p = 0; p < np; ++p) mdd_compact_rotate_up(&m->cmp, cout.m_lanes->plane[p], in->fill, rotated.plane[p]);

    if (e_valid_d) {
        uint64_t from_g[MDD_COMPACT_WORDS]; /* lanes taken from G */
        mdd_compact_lane_mask(&m->cmp, pend ? m->keep_mask : in->below, from_g);
        for (unsigned p = 0; p < np; ++p)
            for (unsigned k = 0; k < nw; ++k)
                m->e_lanes.plane[p][k] = (m->gb_word.plane[p][k] & from_g[k]) | (rotated.plane[p][k] & ~from_g[k]);
        m->e_keep = pend ? m->gb_pend_keep : in->gt ? m->keep_mask : keep_tail;
        m->e_last = pend ? m->gb_pend_last : (in->lt || (in->eq && in->last));
    }
    /* G keeps its lanes < f while a partial word grows (and everything while no word arrives); after a
     * wrapping last word it keeps only the wrapped lanes (lanes >= f cleared); otherwise it loads the
     * rotated word */
    uint64_t hold[MDD_COMPACT_WORDS], zero[MDD_COMPACT_WORDS];
    mdd_compact_lane_mask(&m->cmp,
                          !in_valid ? m->keep_mask : (!pend && in->lt && !in->last) ? in->below : 0, hold);
    mdd_compact_lane_mask(&m->cmp, (in_valid && !pend && in->gt && in->last) ? (~in->below & m->keep_mask) : 0,
                          zero);
    for (unsigned p = 0; p < np; ++p)
        for (unsigned k = 0; k < nw; ++k)
            m->gb_word.plane[p][k] = (m->gb_word.plane[p][k] & hold[k]) | (rotated.plane[p][k] & ~hold[k] & ~zero[k]);
    if (in_valid) {
        m->gb_pend_last = pend ? in->last : true;
        m->gb_pend_keep = keep_tail;
    }
    if (rst) {
        m->gb_pend = false;
        m->e_valid = false;
    } else {
        m->gb_pend = in_valid && (pend ? (in->last || in->eq) : (in->gt && in->last));
        m->e_valid = e_valid_d;
    }
}

void mdd_pack_tick(mdd_pack_model *m, const mdd_pack_in *in)
{
    const bool advance = in->m_tready || !m->e_valid;
    tick_gearbox(m, advance, in->rst);

    mdd_compact_bus lanes;
    mdd_compact_in cin;
    cin.rst = in->rst;
    cin.advance = advance;
    cin.s_valid = in->s_tvalid;
    cin.s_keep = in->s_tkeep;
    cin.s_last = in->s_tlast;
    cin.s_meta[0] = cin.s_meta[1] = 0; /* META_W = 1, tied to 0 */
    cin.s_lanes = &lanes;
    if (advance && in->s_tvalid) {
        const unsigned np = m->cmp.np;
        mdd_compact_plane_from_bytes(&m->cmp, in->s_tdata, lanes.plane[0]);
        for (unsigned p = 1; p < np; ++p)
            for (unsigned k = 0; k < m->cmp.nw; ++k) lanes.plane[p][k] = 0;
        for (unsigned i = 0; i < m->w; ++i) {
            uint64_t tag = in->s_tuser[i] & m->user_mask;
            for (unsigned p = 1; p < np; ++p)
                lanes.plane[p][i / 8] |= ((tag >> (8 * (p - 1))) & 0xff) << (8 * (i % 8));
        }
    }
    mdd_compact_tick(&m->cmp, &cin);
}

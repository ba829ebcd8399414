/* SPDX-License-Identifier: MIT */
/* C twin of rtl/mdd_txg_m.v; see mdd_txg_m_model.h. Every expression is the RTL's. */
#include "mdd_txg_m_model.h"

#include <string.h>

int mdd_txg_m_model_init(mdd_txg_m_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* A second marker start inside the word or right after it (period <= W): the word ends before it, at lane
 * d + period, and the next one starts at a marker (so the update never wraps the marker position twice). */
static bool second_start(const mdd_txg_m_model *m) { return m->mrk_en && m->d + m->period <= m->w; }

/* The non-marker lanes before lane (or lane count) i, 0..W, from the registers as the RTL computes them: the
 * word's marker lanes are at most two runs, the rest of the marker the word starts in (lanes [0, cl), cl < d)
 * and the marker starting at lane d (lanes [d, d + ml)). cl is ml - mrk_pos inside a marker (the RTL keeps it as
 * d - (period - ml) in a register beside d: the same value). */
static unsigned pc_at(const mdd_txg_m_model *m, unsigned cl, unsigned i)
{
    if (i <= cl)
        return 0;
    if (!m->mrk_en || i <= m->d)
        return i - cl;
    if (i <= m->d + m->ml)
        return m->d - cl;
    return i - cl - m->ml;
}

void mdd_txg_m_eval(const mdd_txg_m_model *m, const mdd_txg_m_in *in, mdd_txg_m_out *out)
{
    (void)in;
    memset(out, 0, sizeof *out);
    const unsigned n = second_start(m) ? m->d + m->period : m->w;
    out->n = (uint8_t)n;
    for (unsigned i = 0; i < n; i++) {
        const bool cont = i < m->d && m->mrk_pos + i < m->ml; /* the marker the word starts in */
        const bool start = i >= m->d && i - m->d < m->ml;     /* the marker starting at lane d */
        if (m->mrk_en && (cont || start)) {
            out->mrk |= 1ull << i;
            out->mb[i] = (uint8_t)(cont ? m->mrk_pos + i : i - m->d);
        }
        if (m->mrk_en && (i + 1 == m->d || i + 1 == m->d + m->period))
            out->mnext |= 1ull << i;
        if (m->skip <= i && m->pass > i - m->skip)
            out->k |= 1ull << i;
    }
    const unsigned cl = m->mrk_en && m->mrk_pos != 0 && m->mrk_pos < m->ml ? m->ml - m->mrk_pos : 0;
    for (unsigned i = 0; i < m->w; i++)
        out->pc[i] = (uint8_t)pc_at(m, cl, i);
    /* a word ended by a second marker start holds both runs whole, and its last lane is not a marker */
    out->pc_n = (uint8_t)(second_start(m) ? n - cl - m->ml : pc_at(m, cl, m->w));
    out->pc_l = (uint8_t)(second_start(m) ? n - cl - m->ml - 1 : pc_at(m, cl, m->w - 1));
    out->wire = m->wire;
    out->mrk_pos = m->mrk_pos;
    out->skip = m->skip;
    out->pass = m->pass;
}

void mdd_txg_m_tick(mdd_txg_m_model *m, const mdd_txg_m_in *in)
{
    if (in->rst) {
        unsigned w = m->w;
        memset(m, 0, sizeof *m);
        m->w = w;
        return;
    }
    if (in->load) {
        m->mrk_en = in->ld_mrk_en;
        m->period = in->ld_period;
        m->ml = in->ld_ml;
        m->mrk_pos = in->ld_mrk_pos;
        m->d = !in->ld_mrk_en || in->ld_mrk_pos == 0 ? 0 : in->ld_period - in->ld_mrk_pos;
        m->skip = in->ld_skip;
        m->pass = in->ld_pass;
        m->wire = 0;
        return;
    }
    if (!in->run)
        return;
    const bool second = second_start(m);
    const uint32_t n = second ? m->d + m->period : m->w;
    if (second) {
        m->d = 0;
        m->mrk_pos = 0;
    } else if (m->mrk_en) { /* n = W < d + period: at most one marker start passed, not at the word's end */
        m->d = m->d >= m->w ? m->d - m->w : m->d + m->period - m->w;
        m->mrk_pos = m->mrk_pos + m->w >= m->period ? m->mrk_pos + m->w - m->period : m->mrk_pos + m->w;
    }
    const uint32_t pass_used = m->skip >= n ? 0 : n - m->skip; /* window bytes the word's lanes take */
    m->pass = m->pass > pass_used ? m->pass - pass_used : 0;
    m->skip = m->skip > n ? m->skip - n : 0;
    m->wire += n;
}

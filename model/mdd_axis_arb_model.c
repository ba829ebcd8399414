/* SPDX-License-Identifier: MIT */
/* model/mdd_axis_arb_model.c - cycle twin of rtl/mdd_axis_arb.v (see the header). */
#include "mdd_axis_arb_model.h"

#include <string.h>

bool mdd_axis_arb_init(mdd_axis_arb_model *m, unsigned n, unsigned data_w)
{
    if (n < 1 || n > MDD_AXIS_ARB_MAX_N || data_w < 1 || data_w > 64 * MDD_AXIS_ARB_MAX_WORDS)
        return false;
    memset(m, 0, sizeof *m);
    m->n = n;
    m->data_w = data_w;
    return true;
}

/* the nearest valid input after the last winner, cyclically; -1 if none */
static int grant_of(const mdd_axis_arb_model *m, const mdd_axis_arb_in *in)
{
    for (unsigned k = 1; k <= m->n; k++) {
        unsigned i = (m->last + k) % m->n;
        if (in->s_tvalid[i])
            return (int)i;
    }
    return -1;
}

void mdd_axis_arb_eval(const mdd_axis_arb_model *m, const mdd_axis_arb_in *in, mdd_axis_arb_out *out)
{
    memset(out, 0, sizeof *out);
    const bool load = !m->m_tvalid || in->m_tready;
    const int g = grant_of(m, in);
    if (load && g >= 0)
        out->s_tready[g] = true;
    memcpy(out->m_tdata, m->m_tdata, sizeof out->m_tdata);
    out->m_tvalid = m->m_tvalid;
}

void mdd_axis_arb_tick(mdd_axis_arb_model *m, const mdd_axis_arb_in *in)
{
    const bool load = !m->m_tvalid || in->m_tready;
    const int g = grant_of(m, in);
    if (load) {
        m->m_tvalid = g >= 0;
        if (g >= 0) {
            for (unsigned k = 0; k < MDD_AXIS_ARB_MAX_WORDS; k++) {
                const unsigned lo = 64 * k;
                uint64_t v = in->s_tdata[g][k];
                if (lo >= m->data_w)
                    v = 0;
                else if (m->data_w - lo < 64)
                    v &= ((uint64_t)1 << (m->data_w - lo)) - 1;
                m->m_tdata[k] = v;
            }
            m->last = (unsigned)g;
        }
    }
    if (in->rst) {
        m->m_tvalid = false;
        m->last = 0;
    }
}

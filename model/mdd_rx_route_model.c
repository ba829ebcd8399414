/* SPDX-License-Identifier: MIT */
/* model/mdd_rx_route_model.c - cycle twin of rtl/mdd_rx_route.v (see the header and the RTL's comment). */
#include "mdd_rx_route_model.h"

#include "mdd/formats.h"
#include <string.h>

bool mdd_rx_route_init(mdd_rx_route_model *m, unsigned w, unsigned route_depth)
{
    if (w < 4 || w > MDD_RX_ROUTE_MAX_W || route_depth < 2 || route_depth > MDD_RX_ROUTE_MAX_DEPTH ||
        (route_depth & (route_depth - 1)) != 0)
        return false;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->depth = route_depth;
    m->ptr_mask = 2 * route_depth - 1;
    m->keep_mask = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    return true;
}

unsigned mdd_rx_route_fill(const mdd_rx_route_model *m)
{
    return (m->wr_ptr - m->ctx_ptr) & m->ptr_mask;
}

/* Every combinational signal of the RTL, from the state and this cycle's inputs. */
typedef struct comb {
    bool full, desc_load, desc_take, ctx_pop;
    bool known, pass, route;
    bool dep_valid, dep_load, route_v, s_dep_tready, route_rdy, s_rx_tready;
    bool ext_take, route_take, rx_end, verdict;
} comb;

static bool bit_of(const uint64_t *words, unsigned word, unsigned lsb)
{
    return (words[word] >> lsb) & 1;
}

static void comb_of(const mdd_rx_route_model *m, const mdd_rx_route_in *in, comb *c)
{
    c->full = mdd_rx_route_fill(m) == m->depth;
    c->desc_load = !m->m_desc_tvalid || in->m_desc_tready;
    c->desc_take = in->s_desc_tvalid && c->desc_load && !c->full;
    c->ctx_pop = in->ctx_tvalid && in->ctx_tready && m->ctx_ptr != m->wr_ptr;

    c->known = m->data_ptr != m->wr_ptr;
    const bool routed = m->to_dep[m->data_ptr & (m->depth - 1)];
    c->pass = c->known && !routed;
    c->route = c->known && routed;

    c->dep_valid = m->dep_full && !m->dep_wait;
    c->dep_load = !m->dep_full || (!m->dep_wait && in->m_dep_tready);
    c->route_v = in->s_rx_tvalid && c->route;
    const bool ext_may = m->busy ? m->last_ext : (!c->route_v || !m->last_ext);
    const bool route_may = m->busy ? !m->last_ext : (!in->s_dep_tvalid || m->last_ext);
    c->s_dep_tready = c->dep_load && ext_may;
    c->route_rdy = c->dep_load && route_may && c->route;
    c->s_rx_tready = c->pass ? in->m_rx_tready : c->route_rdy;

    c->ext_take = in->s_dep_tvalid && c->s_dep_tready;
    c->route_take = in->s_rx_tvalid && c->route_rdy;
    c->rx_end = in->s_rx_tvalid && c->s_rx_tready && in->s_rx_tlast;
    c->verdict = m->dep_wait && in->ctx_tvalid && m->ctx_ptr == m->hold_ptr;
}

void mdd_rx_route_eval(const mdd_rx_route_model *m, const mdd_rx_route_in *in, mdd_rx_route_out *out)
{
    comb c;
    comb_of(m, in, &c);
    memset(out, 0, sizeof *out);
    out->s_desc_tready = c.desc_load && !c.full;
    memcpy(out->m_desc_tdata, m->m_desc_tdata, sizeof out->m_desc_tdata);
    out->m_desc_tvalid = m->m_desc_tvalid;

    out->s_rx_tready = c.s_rx_tready;
    memcpy(out->m_rx_tdata, in->s_rx_tdata, m->w);
    memcpy(out->m_rx_tuser, in->s_rx_tuser, m->w);
    out->m_rx_tkeep = in->s_rx_tkeep & m->keep_mask;
    out->m_rx_tlast = in->s_rx_tlast;
    out->m_rx_tvalid = in->s_rx_tvalid && c.pass;

    out->s_dep_tready = c.s_dep_tready;
    memcpy(out->m_dep_tdata, m->m_dep_tdata, m->w);
    out->m_dep_tkeep = m->m_dep_tkeep;
    out->m_dep_tlast = m->m_dep_tlast;
    out->m_dep_tuser = m->m_dep_tuser;
    out->m_dep_tvalid = c.dep_valid;
}

void mdd_rx_route_tick(mdd_rx_route_model *m, const mdd_rx_route_in *in)
{
    comb c;
    comb_of(m, in, &c);
    const unsigned data_ptr = m->data_ptr; /* registers read before the edge */
    if (c.desc_take) {
        m->to_dep[m->wr_ptr & (m->depth - 1)] =
            bit_of(in->s_desc_tdata, MDD_COREDESC_TO_DEP_WORD, MDD_COREDESC_TO_DEP_LSB);
        m->wr_ptr = (m->wr_ptr + 1) & m->ptr_mask;
    }
    if (c.desc_load)
        m->m_desc_tvalid = c.desc_take;
    if (c.desc_take) {
        memcpy(m->m_desc_tdata, in->s_desc_tdata, sizeof m->m_desc_tdata);
        MDD_SET(COREDESC, TO_DEP, m->m_desc_tdata, 0);
    }
    if (c.ctx_pop)
        m->ctx_ptr = (m->ctx_ptr + 1) & m->ptr_mask;
    if (c.rx_end)
        m->data_ptr = (m->data_ptr + 1) & m->ptr_mask;

    if (c.ext_take) {
        memcpy(m->m_dep_tdata, in->s_dep_tdata, m->w);
        m->m_dep_tkeep = in->s_dep_tkeep & m->keep_mask;
        m->m_dep_tlast = in->s_dep_tlast;
        m->m_dep_tuser = in->s_dep_tuser;
        m->dep_full = true;
        m->busy = !in->s_dep_tlast;
        m->last_ext = true;
    } else if (c.route_take) {
        memcpy(m->m_dep_tdata, in->s_rx_tdata, m->w);
        m->m_dep_tkeep = in->s_rx_tkeep & m->keep_mask;
        m->m_dep_tlast = in->s_rx_tlast;
        m->m_dep_tuser = false;
        m->dep_full = true;
        m->dep_wait = in->s_rx_tlast;
        m->hold_ptr = data_ptr;
        m->busy = !in->s_rx_tlast;
        m->last_ext = false;
    } else if (c.dep_valid && in->m_dep_tready) {
        m->dep_full = false;
    }
    if (c.verdict) {
        m->dep_wait = false;
        m->m_dep_tuser = MDD_GET(CTX, ERR_MAP, in->ctx_tdata) != 0;
    }

    if (in->rst) {
        m->wr_ptr = m->ctx_ptr = m->data_ptr = m->hold_ptr = 0;
        m->m_desc_tvalid = false;
        m->dep_full = m->dep_wait = m->busy = m->last_ext = false;
    }
}

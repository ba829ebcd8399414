/* SPDX-License-Identifier: MIT */
/* model/mdd_core_model.c - cycle twin of rtl/mdd_core.v (see the header). */
#include "mdd_core_model.h"

#include <stdlib.h>
#include <string.h>

#include "mdd_core_stats_model.h"
#include "mdd_regs_model.h"
#include "mdd_rx_path_model.h"
#include "mdd_rx_route_model.h"
#include "mdd_tx_path_model.h"

/* The blocks' inputs and outputs in one cycle. */
struct net {
    mdd_rx_route_in ri;
    mdd_rx_route_out ro;
    mdd_rx_path_in xi;
    mdd_rx_path_out xo;
    mdd_tx_path_in ti;
    mdd_tx_path_out to;
    mdd_dep_msg_in di;
    mdd_dep_msg_out dout;
    mdd_core_stats_in si;
    mdd_core_stats_out so;
    mdd_regs_in gi;
    mdd_regs_out go;
};

struct mdd_core_model {
    mdd_core_params p;
    /* the last settled cycle: a tick with the inputs of the eval before it reuses it (the harnesses evaluate,
     * then tick, with the same inputs) */
    struct net *cache;
    mdd_core_in cache_in;
    bool cache_valid;
    mdd_rx_route_model route;
    mdd_rx_path_model rx;
    mdd_tx_path_model tx;
    mdd_dep_msg_model *dep;
    mdd_core_stats_model stats;
    mdd_regs_model regs;
};

mdd_core_params mdd_core_default_params(unsigned w)
{
    mdd_core_params p;
    memset(&p, 0, sizeof p);
    p.w = w;
    p.rx_data_depth = 16;
    p.rx_res_depth = 32;
    p.tx_data_depth = 16;
    p.tx_res_depth = 32;
    p.dep = mdd_dep_msg_default_params(w);
    p.route_depth = 16;
    return p;
}

mdd_core_model *mdd_core_model_new(const mdd_core_params *p)
{
    if (p->dep.dep.w != p->w || p->w > MDD_CORE_MAX_W)
        return NULL;
    mdd_core_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->p = *p;
    m->dep = mdd_dep_msg_model_new(&p->dep);
    if (!m->dep || !mdd_rx_route_init(&m->route, p->w, p->route_depth) ||
        mdd_rx_path_model_init(&m->rx, p->w, p->rx_data_depth, p->rx_res_depth) != 0 ||
        mdd_tx_path_model_init(&m->tx, p->w, p->tx_data_depth, p->tx_res_depth) != 0) {
        mdd_core_model_free(m);
        return NULL;
    }
    mdd_core_stats_init(&m->stats);
    mdd_regs_model_init(&m->regs);
    m->cache = malloc(sizeof *m->cache);
    if (!m->cache) {
        mdd_core_model_free(m);
        return NULL;
    }
    return m;
}

void mdd_core_model_free(mdd_core_model *m)
{
    if (!m)
        return;
    mdd_dep_msg_model_free(m->dep);
    free(m->cache);
    free(m);
}


/* 32-bit counter arrays of the statistics onto the register block's packed 64-bit words */
static void pack32(uint64_t *words, const uint32_t *v, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        if (k % 2 == 0)
            words[k / 2] = 0;
        words[k / 2] |= (uint64_t)v[k] << (32 * (k % 2));
    }
}

/* Every block's inputs from the core's inputs and the blocks' outputs (n's outputs as they are now). */
static void connect(const mdd_core_model *m, const mdd_core_in *in, struct net *n)
{
    const unsigned w = m->p.w;
    /* router */
    mdd_rx_route_in *ri = &n->ri;
    memset(ri, 0, sizeof *ri);
    ri->rst = in->rst;
    memcpy(ri->s_desc_tdata, in->s_axis_rx_desc_tdata, sizeof ri->s_desc_tdata);
    ri->s_desc_tvalid = in->s_axis_rx_desc_tvalid;
    ri->m_desc_tready = n->xo.s_axis_rx_desc_tready;
    memcpy(ri->s_rx_tdata, n->xo.m_axis_rx_tdata, w);
    ri->s_rx_tkeep = n->xo.m_axis_rx_tkeep;
    ri->s_rx_tlast = n->xo.m_axis_rx_tlast;
    memcpy(ri->s_rx_tuser, n->xo.m_axis_rx_tuser, w);
    ri->s_rx_tvalid = n->xo.m_axis_rx_tvalid;
    ri->m_rx_tready = in->m_axis_rx_tready;
    memcpy(ri->ctx_tdata, n->xo.m_axis_rx_ctx_tdata, sizeof ri->ctx_tdata);
    ri->ctx_tvalid = n->xo.m_axis_rx_ctx_tvalid;
    ri->ctx_tready = in->m_axis_rx_ctx_tready;
    memcpy(ri->s_dep_tdata, in->s_axis_dep_tdata, w);
    ri->s_dep_tkeep = in->s_axis_dep_tkeep;
    ri->s_dep_tlast = in->s_axis_dep_tlast;
    ri->s_dep_tuser = in->s_axis_dep_tuser;
    ri->s_dep_tvalid = in->s_axis_dep_tvalid;
    ri->m_dep_tready = n->dout.dep.s_axis_dep_tready;
    /* RX path */
    mdd_rx_path_in *xi = &n->xi;
    memset(xi, 0, sizeof *xi);
    xi->rst = in->rst;
    memcpy(xi->s_axis_rx_tdata, in->s_axis_rx_tdata, w);
    xi->s_axis_rx_tkeep = in->s_axis_rx_tkeep;
    xi->s_axis_rx_tlast = in->s_axis_rx_tlast;
    xi->s_axis_rx_tuser = in->s_axis_rx_tuser;
    xi->s_axis_rx_tvalid = in->s_axis_rx_tvalid;
    memcpy(xi->s_axis_rx_desc_tdata, n->ro.m_desc_tdata, sizeof xi->s_axis_rx_desc_tdata);
    xi->s_axis_rx_desc_tvalid = n->ro.m_desc_tvalid;
    xi->m_axis_rx_tready = n->ro.s_rx_tready;
    xi->m_axis_rx_ctx_tready = in->m_axis_rx_ctx_tready;
    /* deposit engine and combiner */
    mdd_dep_msg_in *di = &n->di;
    memset(di, 0, sizeof *di);
    mdd_dep_in *d = &di->dep;
    d->rst = in->rst;
    memcpy(d->s_axis_dep_tdata, n->ro.m_dep_tdata, w);
    d->s_axis_dep_tkeep = n->ro.m_dep_tkeep;
    d->s_axis_dep_tvalid = n->ro.m_dep_tvalid;
    d->s_axis_dep_tlast = n->ro.m_dep_tlast;
    d->s_axis_dep_tuser = n->ro.m_dep_tuser;
    d->m_axi_awready = in->m_axi_awready;
    d->m_axi_wready = in->m_axi_wready;
    d->m_axi_bid = in->m_axi_bid;
    d->m_axi_bresp = in->m_axi_bresp;
    d->m_axi_bvalid = in->m_axi_bvalid;
    d->s_axil_awaddr = n->go.m_axil_dep_awaddr;
    d->s_axil_awvalid = n->go.m_axil_dep_awvalid;
    d->s_axil_wdata = n->go.m_axil_dep_wdata;
    d->s_axil_wstrb = n->go.m_axil_dep_wstrb;
    d->s_axil_wvalid = n->go.m_axil_dep_wvalid;
    d->s_axil_bready = n->go.m_axil_dep_bready;
    d->s_axil_araddr = n->go.m_axil_dep_araddr;
    d->s_axil_arvalid = n->go.m_axil_dep_arvalid;
    d->s_axil_rready = n->go.m_axil_dep_rready;
    d->m_axis_evt_tready = in->m_axis_evt_tready;
    memcpy(di->s_axis_cmb_tdata, in->s_axis_cmb_tdata, sizeof di->s_axis_cmb_tdata);
    di->s_axis_cmb_tvalid = in->s_axis_cmb_tvalid;
    di->m_axis_cmb_res_tready = in->m_axis_cmb_res_tready;
    /* statistics */
    mdd_core_stats_in *si = &n->si;
    memset(si, 0, sizeof *si);
    si->rst = in->rst;
    memcpy(si->rx_ctx_tdata, n->xo.m_axis_rx_ctx_tdata, sizeof si->rx_ctx_tdata);
    si->rx_ctx_fire = n->xo.m_axis_rx_ctx_tvalid && in->m_axis_rx_ctx_tready;
    memcpy(si->tx_ctx_tdata, n->to.m_axis_tx_ctx_tdata, sizeof si->tx_ctx_tdata);
    si->tx_ctx_fire = n->to.m_axis_tx_ctx_tvalid && in->m_axis_tx_ctx_tready;
    si->cmb_sw_fire = in->s_axis_cmb_tvalid && n->dout.s_axis_cmb_tready;
    si->cmb_seg_fire = n->dout.stat_seg_fire;
    memcpy(si->cmb_res_tdata, n->dout.m_axis_cmb_res_tdata, sizeof si->cmb_res_tdata);
    si->cmb_res_fire = n->dout.m_axis_cmb_res_tvalid && in->m_axis_cmb_res_tready;
    si->dep_pkt_done = n->dout.dep.stat_pkt_done;
    si->dep_pkt_code = (uint8_t)n->dout.dep.stat_pkt_code;
    si->snap = n->go.core_stats_ctrl_snap_pulse;
    si->clear = n->go.core_stats_ctrl_clear_pulse;
    /* registers */
    mdd_regs_in *gi = &n->gi;
    const mdd_core_stats_out *so = &n->so;
    memset(gi, 0, sizeof *gi);
    gi->rst = in->rst;
    gi->s_axil_awaddr = in->s_axil_awaddr;
    gi->s_axil_awvalid = in->s_axil_awvalid;
    gi->s_axil_wdata = in->s_axil_wdata;
    gi->s_axil_wstrb = in->s_axil_wstrb;
    gi->s_axil_wvalid = in->s_axil_wvalid;
    gi->s_axil_bready = in->s_axil_bready;
    gi->s_axil_araddr = in->s_axil_araddr;
    gi->s_axil_arvalid = in->s_axil_arvalid;
    gi->s_axil_rready = in->s_axil_rready;
    const mdd_dep_out *dout = &n->dout.dep;
    gi->m_axil_dep_awready = dout->s_axil_awready;
    gi->m_axil_dep_wready = dout->s_axil_wready;
    gi->m_axil_dep_bresp = dout->s_axil_bresp;
    gi->m_axil_dep_bvalid = dout->s_axil_bvalid;
    gi->m_axil_dep_arready = dout->s_axil_arready;
    gi->m_axil_dep_rdata = dout->s_axil_rdata;
    gi->m_axil_dep_rresp = dout->s_axil_rresp;
    gi->m_axil_dep_rvalid = dout->s_axil_rvalid;
    gi->core_caps_w_i = w;
    gi->core_irq_status_dep_set = so->irq_dep_set;
    gi->core_irq_status_rx_set = so->irq_rx_set;
    gi->core_irq_status_tx_set = so->irq_tx_set;
    gi->core_irq_status_cmb_set = so->irq_cmb_set;
#define DIR(x)                                                                                                     \
    gi->x##_xfers_count_i = so->x##_xfers_count;                                                                 \
    gi->x##_xfers_err_count_i = so->x##_xfers_err_count;                                                         \
    gi->x##_pdus_count_i = so->x##_pdus_count;                                                                   \
    gi->x##_blocks_count_i = so->x##_blocks_count;                                                               \
    gi->x##_markers_count_i = so->x##_markers_count;                                                             \
    gi->x##_err_events_count_i = so->x##_err_events_count;                                                       \
    gi->x##_bytes_in_lo_count_i = so->x##_bytes_in_lo_count;                                                     \
    gi->x##_bytes_in_hi_count_i = so->x##_bytes_in_hi_count;                                                     \
    gi->x##_bytes_out_lo_count_i = so->x##_bytes_out_lo_count;                                                   \
    gi->x##_bytes_out_hi_count_i = so->x##_bytes_out_hi_count;                                                   \
    gi->x##_last_err_xfer_id_i = so->x##_last_err_xfer_id;                                                       \
    gi->x##_last_err_code_i = so->x##_last_err_code;                                                             \
    gi->x##_last_err_off_offset_i = so->x##_last_err_off_offset;                                                 \
    pack32(gi->x##_err_class_count_i, so->x##_err_class_count, MDD_CORE_STATS_CLASSES);
    DIR(rx)
    DIR(tx)
#undef DIR
    gi->cmb_records_sw_count_i = so->cmb_records_sw_count;
    gi->cmb_segs_count_i = so->cmb_segs_count;
    gi->cmb_outputs_count_i = so->cmb_outputs_count;
    pack32(gi->cmb_results_count_i, so->cmb_results_count, MDD_CORE_STATS_RESULTS);
    pack32(gi->cmb_errors_count_i, so->cmb_errors_count, MDD_CORE_STATS_ERRORS);
}

/* Evaluates every block until the connections stop changing: the RTL has no combinational loop between them, so
 * a few passes settle what one pass in a fixed order would need the blocks' inner dependencies for. */
static void settle(const mdd_core_model *m, const mdd_core_in *in, struct net *n)
{
    memset(n, 0, sizeof *n);
    /* the TX path only sees the core's inputs */
    n->ti.rst = in->rst;
    memcpy(n->ti.s_axis_tx_tdata, in->s_axis_tx_tdata, m->p.w);
    n->ti.s_axis_tx_tkeep = in->s_axis_tx_tkeep;
    n->ti.s_axis_tx_tlast = in->s_axis_tx_tlast;
    n->ti.s_axis_tx_tuser = in->s_axis_tx_tuser;
    n->ti.s_axis_tx_tvalid = in->s_axis_tx_tvalid;
    memcpy(n->ti.s_axis_tx_desc_tdata, in->s_axis_tx_desc_tdata, sizeof n->ti.s_axis_tx_desc_tdata);
    n->ti.s_axis_tx_desc_tvalid = in->s_axis_tx_desc_tvalid;
    n->ti.m_axis_tx_tready = in->m_axis_tx_tready;
    n->ti.m_axis_tx_ctx_tready = in->m_axis_tx_ctx_tready;
    mdd_tx_path_eval(&m->tx, &n->ti, &n->to);
    for (int pass = 0; pass < 16; pass++) {
        struct net prev = *n;
        connect(m, in, n);
        mdd_rx_route_eval(&m->route, &n->ri, &n->ro);
        mdd_rx_path_eval(&m->rx, &n->xi, &n->xo);
        mdd_dep_msg_eval(m->dep, &n->di, &n->dout);
        mdd_core_stats_eval(&m->stats, &n->si, &n->so);
        mdd_regs_eval(&m->regs, &n->gi, &n->go);
        if (pass > 0 && memcmp(&prev, n, sizeof *n) == 0)
            return;
    }
    abort(); /* a combinational loop between the blocks: the RTL has none */
}

/* The settled cycle for these inputs: the cached one when the inputs are those of the last settle. The cache is
 * not part of the model's state (the outputs and the next state depend on the registers and the inputs only). */
static const struct net *settled(const mdd_core_model *m, const mdd_core_in *in)
{
    mdd_core_model *w = (mdd_core_model *)m; /* the cache only */
    if (!w->cache_valid || memcmp(&w->cache_in, in, sizeof *in) != 0) {
        settle(m, in, w->cache);
        w->cache_in = *in;
        w->cache_valid = true;
    }
    return w->cache;
}

void mdd_core_eval(const mdd_core_model *m, const mdd_core_in *in, mdd_core_out *out)
{
    const struct net *n = settled(m, in);
    const unsigned w = m->p.w;
    memset(out, 0, sizeof *out);
    out->s_axis_rx_tready = n->xo.s_axis_rx_tready;
    out->s_axis_rx_desc_tready = n->ro.s_desc_tready;
    memcpy(out->m_axis_rx_tdata, n->ro.m_rx_tdata, w);
    out->m_axis_rx_tkeep = n->ro.m_rx_tkeep;
    out->m_axis_rx_tlast = n->ro.m_rx_tlast;
    memcpy(out->m_axis_rx_tuser, n->ro.m_rx_tuser, w);
    out->m_axis_rx_tvalid = n->ro.m_rx_tvalid;
    memcpy(out->m_axis_rx_ctx_tdata, n->xo.m_axis_rx_ctx_tdata, sizeof out->m_axis_rx_ctx_tdata);
    out->m_axis_rx_ctx_tvalid = n->xo.m_axis_rx_ctx_tvalid;
    out->s_axis_tx_tready = n->to.s_axis_tx_tready;
    out->s_axis_tx_desc_tready = n->to.s_axis_tx_desc_tready;
    memcpy(out->m_axis_tx_tdata, n->to.m_axis_tx_tdata, w);
    out->m_axis_tx_tkeep = n->to.m_axis_tx_tkeep;
    out->m_axis_tx_tlast = n->to.m_axis_tx_tlast;
    memcpy(out->m_axis_tx_tuser, n->to.m_axis_tx_tuser, w);
    out->m_axis_tx_tvalid = n->to.m_axis_tx_tvalid;
    memcpy(out->m_axis_tx_ctx_tdata, n->to.m_axis_tx_ctx_tdata, sizeof out->m_axis_tx_ctx_tdata);
    out->m_axis_tx_ctx_tvalid = n->to.m_axis_tx_ctx_tvalid;
    out->s_axis_dep_tready = n->ro.s_dep_tready;
    const mdd_dep_out *d = &n->dout.dep;
    out->m_axi_awid = d->m_axi_awid;
    out->m_axi_awaddr = d->m_axi_awaddr;
    out->m_axi_awlen = d->m_axi_awlen;
    out->m_axi_awsize = d->m_axi_awsize;
    out->m_axi_awburst = d->m_axi_awburst;
    out->m_axi_awvalid = d->m_axi_awvalid;
    memcpy(out->m_axi_wdata, d->m_axi_wdata, w);
    out->m_axi_wstrb = d->m_axi_wstrb;
    out->m_axi_wlast = d->m_axi_wlast;
    out->m_axi_wvalid = d->m_axi_wvalid;
    out->m_axi_bready = d->m_axi_bready;
    out->m_axis_evt_tdata = d->m_axis_evt_tdata;
    out->m_axis_evt_tvalid = d->m_axis_evt_tvalid;
    out->s_axis_cmb_tready = n->dout.s_axis_cmb_tready;
    memcpy(out->m_axis_cmb_res_tdata, n->dout.m_axis_cmb_res_tdata, sizeof out->m_axis_cmb_res_tdata);
    out->m_axis_cmb_res_tvalid = n->dout.m_axis_cmb_res_tvalid;
    out->s_axil_awready = n->go.s_axil_awready;
    out->s_axil_wready = n->go.s_axil_wready;
    out->s_axil_bresp = n->go.s_axil_bresp;
    out->s_axil_bvalid = n->go.s_axil_bvalid;
    out->s_axil_arready = n->go.s_axil_arready;
    out->s_axil_rdata = n->go.s_axil_rdata;
    out->s_axil_rresp = n->go.s_axil_rresp;
    out->s_axil_rvalid = n->go.s_axil_rvalid;
    const unsigned status = n->go.core_irq_status_dep_o | n->go.core_irq_status_rx_o << 1 |
                            n->go.core_irq_status_tx_o << 2 | n->go.core_irq_status_cmb_o << 3;
    const unsigned enable = n->go.core_irq_enable_dep_o | n->go.core_irq_enable_rx_o << 1 |
                            n->go.core_irq_enable_tx_o << 2 | n->go.core_irq_enable_cmb_o << 3;
    out->irq = (status & enable) != 0;
    mdd_core_inner *i = &out->inner;
    memcpy(i->rxp_tdata, n->xo.m_axis_rx_tdata, w);
    i->rxp_tkeep = n->xo.m_axis_rx_tkeep;
    i->rxp_tlast = n->xo.m_axis_rx_tlast;
    memcpy(i->rxp_tuser, n->xo.m_axis_rx_tuser, w);
    i->rxp_tvalid = n->xo.m_axis_rx_tvalid;
    i->rxp_tready = n->ro.s_rx_tready;
    memcpy(i->dep_in_tdata, n->ro.m_dep_tdata, w);
    i->dep_in_tkeep = n->ro.m_dep_tkeep;
    i->dep_in_tlast = n->ro.m_dep_tlast;
    i->dep_in_tuser = n->ro.m_dep_tuser;
    i->dep_in_tvalid = n->ro.m_dep_tvalid;
    i->dep_in_tready = d->s_axis_dep_tready;
    memcpy(i->seg_tdata, d->m_axis_seg_tdata, sizeof i->seg_tdata);
    i->seg_tvalid = d->m_axis_seg_tvalid;
    i->seg_tready = n->dout.seg_tready;
    i->stats_snap = n->go.core_stats_ctrl_snap_pulse;
    i->stats_clear = n->go.core_stats_ctrl_clear_pulse;
}

void mdd_core_tick(mdd_core_model *m, const mdd_core_in *in)
{
    const struct net *n = settled(m, in);
    mdd_rx_route_tick(&m->route, &n->ri);
    mdd_rx_path_tick(&m->rx, &n->xi);
    mdd_tx_path_tick(&m->tx, &n->ti);
    mdd_dep_msg_tick(m->dep, &n->di);
    mdd_core_stats_tick(&m->stats, &n->si);
    mdd_regs_tick(&m->regs, &n->gi);
    m->cache_valid = false; /* the registers moved */
}

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_core_model.h - cycle twin of rtl/mdd_core.v, the whole core (docs/core.md), composed of the twins of
 * its blocks as the RTL is composed of the modules: the RX router and path, the TX path, the deposit engine with
 * the combiner, the statistics and the generated register block.
 *
 * Ports: every port of mdd_core under its RTL name (tdata of the W-byte streams as byte arrays, byte i = lane i =
 * tdata[8i+7:8i]; m_axis_rx_tuser / m_axis_tx_tuser one tag byte per lane; tkeep / wstrb as uint64_t; descriptors,
 * contexts and combiner records as 64-bit words, word k = tdata[64k+63:64k]). The internal streams a bench follows
 * (the RTL marks them public) are outputs of the twin too, in `inner`: the RX path's delivered stream before the
 * router and the deposit engine's input after it, the engine's SEG handshake.
 */
#ifndef MDD_CORE_MODEL_H
#define MDD_CORE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_dep_msg_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CORE_MAX_W 64

/* The RTL parameters (docs/core.md 2). */
typedef struct mdd_core_params {
    unsigned w;
    unsigned rx_data_depth, rx_res_depth, tx_data_depth, tx_res_depth;
    mdd_dep_msg_params dep; /* dep.dep.w must equal w */
    unsigned route_depth;
} mdd_core_params;

/* RTL defaults at W = w. */
mdd_core_params mdd_core_default_params(unsigned w);

typedef struct mdd_core_in {
    bool rst;
    /* network RX */
    uint8_t s_axis_rx_tdata[MDD_CORE_MAX_W];
    uint64_t s_axis_rx_tkeep;
    bool s_axis_rx_tlast, s_axis_rx_tuser, s_axis_rx_tvalid;
    uint64_t s_axis_rx_desc_tdata[8];
    bool s_axis_rx_desc_tvalid;
    bool m_axis_rx_tready, m_axis_rx_ctx_tready;
    /* host TX */
    uint8_t s_axis_tx_tdata[MDD_CORE_MAX_W];
    uint64_t s_axis_tx_tkeep;
    bool s_axis_tx_tlast, s_axis_tx_tuser, s_axis_tx_tvalid;
    uint64_t s_axis_tx_desc_tdata[8];
    bool s_axis_tx_desc_tvalid;
    bool m_axis_tx_tready, m_axis_tx_ctx_tready;
    /* deposit packets */
    uint8_t s_axis_dep_tdata[MDD_CORE_MAX_W];
    uint64_t s_axis_dep_tkeep;
    bool s_axis_dep_tvalid, s_axis_dep_tlast, s_axis_dep_tuser;
    /* host memory writes: the inputs */
    bool m_axi_awready, m_axi_wready;
    uint32_t m_axi_bid, m_axi_bresp;
    bool m_axi_bvalid;
    bool m_axis_evt_tready;
    /* combiner */
    uint64_t s_axis_cmb_tdata[4];
    bool s_axis_cmb_tvalid;
    bool m_axis_cmb_res_tready;
    /* registers */
    uint32_t s_axil_awaddr;
    bool s_axil_awvalid;
    uint32_t s_axil_wdata, s_axil_wstrb;
    bool s_axil_wvalid, s_axil_bready;
    uint32_t s_axil_araddr;
    bool s_axil_arvalid, s_axil_rready;
} mdd_core_in;

/* The internal streams (public in the RTL). */
typedef struct mdd_core_inner {
    /* the RX path's delivered stream, before the router */
    uint8_t rxp_tdata[MDD_CORE_MAX_W];
    uint64_t rxp_tkeep;
    bool rxp_tlast;
    uint8_t rxp_tuser[MDD_CORE_MAX_W];
    bool rxp_tvalid, rxp_tready;
    /* the deposit engine's input, after the router */
    uint8_t dep_in_tdata[MDD_CORE_MAX_W];
    uint64_t dep_in_tkeep;
    bool dep_in_tlast, dep_in_tuser, dep_in_tvalid, dep_in_tready;
    /* the engine's SEG records into the combiner's arbiter */
    uint64_t seg_tdata[4];
    bool seg_tvalid, seg_tready;
    /* STATS_CTRL's pulses as the statistics block gets them (when the snapshot is taken) */
    bool stats_snap, stats_clear;
} mdd_core_inner;

typedef struct mdd_core_out {
    bool s_axis_rx_tready, s_axis_rx_desc_tready;
    uint8_t m_axis_rx_tdata[MDD_CORE_MAX_W];
    uint64_t m_axis_rx_tkeep;
    bool m_axis_rx_tlast;
    uint8_t m_axis_rx_tuser[MDD_CORE_MAX_W];
    bool m_axis_rx_tvalid;
    uint64_t m_axis_rx_ctx_tdata[16];
    bool m_axis_rx_ctx_tvalid;
    bool s_axis_tx_tready, s_axis_tx_desc_tready;
    uint8_t m_axis_tx_tdata[MDD_CORE_MAX_W];
    uint64_t m_axis_tx_tkeep;
    bool m_axis_tx_tlast;
    uint8_t m_axis_tx_tuser[MDD_CORE_MAX_W];
    bool m_axis_tx_tvalid;
    uint64_t m_axis_tx_ctx_tdata[16];
    bool m_axis_tx_ctx_tvalid;
    bool s_axis_dep_tready;
    uint32_t m_axi_awid;
    uint64_t m_axi_awaddr;
    uint32_t m_axi_awlen, m_axi_awsize, m_axi_awburst;
    bool m_axi_awvalid;
    uint8_t m_axi_wdata[MDD_CORE_MAX_W];
    uint64_t m_axi_wstrb;
    bool m_axi_wlast, m_axi_wvalid, m_axi_bready;
    uint32_t m_axis_evt_tdata;
    bool m_axis_evt_tvalid;
    bool s_axis_cmb_tready;
    uint64_t m_axis_cmb_res_tdata[8];
    bool m_axis_cmb_res_tvalid;
    bool s_axil_awready, s_axil_wready;
    uint32_t s_axil_bresp;
    bool s_axil_bvalid, s_axil_arready;
    uint32_t s_axil_rdata, s_axil_rresp;
    bool s_axil_rvalid;
    bool irq;
    mdd_core_inner inner;
} mdd_core_out;

typedef struct mdd_core_model mdd_core_model;

/* NULL on parameters the RTL would reject. */
mdd_core_model *mdd_core_model_new(const mdd_core_params *p);
void mdd_core_model_free(mdd_core_model *m);
void mdd_core_eval(const mdd_core_model *m, const mdd_core_in *in, mdd_core_out *out);
void mdd_core_tick(mdd_core_model *m, const mdd_core_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CORE_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_dep_model.h - cycle twin of rtl/mdd_dep.v, the direct-deposit receive engine (docs/deposit.md).
 *
 * Same ports as the RTL, as two structs; mdd_dep_eval() computes every output from the state and the inputs of
 * the current cycle (combinational paths included), mdd_dep_tick() is the rising clock edge. The lockstep
 * harness compares every output on every cycle, valid or not (D-022), so outputs that the RTL leaves holding
 * old data while a valid is low hold the same old data here.
 */
#ifndef MDD_DEP_MODEL_H
#define MDD_DEP_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_DEP_MAX_W 64

/* The RTL parameters (docs/deposit.md sections 3 and 8). */
typedef struct mdd_dep_params {
    unsigned w;               /* W: bytes per beat, 4..64, power of two */
    unsigned conns;           /* CONNS: connection table entries, power of two, 2..65536 */
    unsigned regions;         /* REGIONS: region (token) table entries, power of two, 2..2^24 */
    unsigned aregs;           /* AREGS: address registers, power of two, 2..65536 */
    unsigned rhqs;            /* RHQS: receive-header queues, power of two, 1..256 */
    unsigned cqs;             /* CQS: completion queues, power of two, 1..256 */
    unsigned burst_bytes;     /* BURST_BYTES: bursts never cross this aligned boundary; power of two, W..4096 */
    unsigned max_outstanding; /* MAX_OUTSTANDING: bursts in flight (AW sent, B not yet received), 1..256 */
    unsigned axi_id_w;        /* AXI_ID_W: 1..8 */
} mdd_dep_params;

/* RTL defaults: W 8, 64 connections, 256 regions, 256 address registers, 16 RHQs, 16 CQs, bursts within
 * 256-byte blocks, 16 outstanding, 4-bit AXI ids. */
mdd_dep_params mdd_dep_default_params(unsigned w);

typedef struct mdd_dep_in {
    bool rst;
    /* s_axis_dep: deposit packets */
    uint8_t s_axis_dep_tdata[MDD_DEP_MAX_W]; /* byte i = lane i = tdata[8i+7:8i] */
    uint64_t s_axis_dep_tkeep;
    bool s_axis_dep_tvalid;
    bool s_axis_dep_tlast;
    bool s_axis_dep_tuser;
    /* m_axi write channels: the inputs */
    bool m_axi_awready;
    bool m_axi_wready;
    uint32_t m_axi_bid;
    uint32_t m_axi_bresp;
    bool m_axi_bvalid;
    /* s_axil: register and table access */
    uint32_t s_axil_awaddr;
    bool s_axil_awvalid;
    uint32_t s_axil_wdata;
    uint32_t s_axil_wstrb;
    bool s_axil_wvalid;
    bool s_axil_bready;
    uint32_t s_axil_araddr;
    bool s_axil_arvalid;
    bool s_axil_rready;
    /* m_axis_evt */
    bool m_axis_evt_tready;
    /* m_axis_seg */
    bool m_axis_seg_tready;
} mdd_dep_in;

typedef struct mdd_dep_out {
    bool s_axis_dep_tready;
    uint32_t m_axi_awid;
    uint64_t m_axi_awaddr;
    uint32_t m_axi_awlen;
    uint32_t m_axi_awsize;
    uint32_t m_axi_awburst;
    bool m_axi_awvalid;
    uint8_t m_axi_wdata[MDD_DEP_MAX_W];
    uint64_t m_axi_wstrb;
    bool m_axi_wlast;
    bool m_axi_wvalid;
    bool m_axi_bready;
    bool s_axil_awready;
    bool s_axil_wready;
    uint32_t s_axil_bresp;
    bool s_axil_bvalid;
    bool s_axil_arready;
    uint32_t s_axil_rdata;
    uint32_t s_axil_rresp;
    bool s_axil_rvalid;
    uint32_t m_axis_evt_tdata;
    bool m_axis_evt_tvalid;
    uint64_t m_axis_seg_tdata[4]; /* CMBREC word k = tdata[64k+63:64k] */
    bool m_axis_seg_tvalid;
    bool stat_pkt_done;           /* a packet finished this cycle ... */
    uint32_t stat_pkt_code;       /* ... with this code (0 OK) */
} mdd_dep_out;

typedef struct mdd_dep_model mdd_dep_model;

/* NULL on parameters the RTL would reject. The state starts as the RTL's does under --x-initial 0. */
mdd_dep_model *mdd_dep_model_new(const mdd_dep_params *p);
void mdd_dep_model_free(mdd_dep_model *m);
void mdd_dep_eval(const mdd_dep_model *m, const mdd_dep_in *in, mdd_dep_out *out);
void mdd_dep_tick(mdd_dep_model *m, const mdd_dep_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEP_MODEL_H */

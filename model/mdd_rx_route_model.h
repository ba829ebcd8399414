/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_rx_route_model.h - cycle twin of rtl/mdd_rx_route.v, the top level's RX router (docs/core.md 3):
 * descriptors pass on with COREDESC.TO_DEP cleared and their TO_DEP bits queue in a FIFO of ROUTE_DEPTH
 * entries; transfers without TO_DEP pass from s_rx to m_rx unchanged, TO_DEP transfers go to the deposit output
 * register (tags dropped), whose last beat waits for the transfer's own context on ctx_* and then carries
 * tuser = (CTX.ERR_MAP != 0); s_dep shares that register packet by packet, round robin.
 *
 * Same ports as the RTL, as two structs: tdata of the data streams as byte arrays (byte i = lane i =
 * tdata[8i+7:8i]), s_rx_tuser/m_rx_tuser one tag byte per lane, tkeep as uint64_t (bit i = lane i), the
 * descriptor and the context as 64-bit words (word k = tdata[64k+63:64k]). mdd_rx_route_eval() computes every
 * output from the state and this cycle's inputs (m_rx_* and every tready are combinational),
 * mdd_rx_route_tick() is the rising clock edge; rst is an input. Lanes at and above W read as 0 on the outputs.
 */
#ifndef MDD_RX_ROUTE_MODEL_H
#define MDD_RX_ROUTE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_RX_ROUTE_MAX_W 64
#define MDD_RX_ROUTE_MAX_DEPTH 256
#define MDD_RX_ROUTE_DESC_WORDS 8 /* 512 bits */
#define MDD_RX_ROUTE_CTX_WORDS 16 /* 1024 bits */

typedef struct mdd_rx_route_in {
    bool rst;
    /* s_desc: descriptors from the core port */
    uint64_t s_desc_tdata[MDD_RX_ROUTE_DESC_WORDS];
    bool s_desc_tvalid;
    /* m_desc: to the RX path */
    bool m_desc_tready;
    /* s_rx: the RX path's data */
    uint8_t s_rx_tdata[MDD_RX_ROUTE_MAX_W];
    uint64_t s_rx_tkeep;
    bool s_rx_tlast;
    uint8_t s_rx_tuser[MDD_RX_ROUTE_MAX_W];
    bool s_rx_tvalid;
    /* m_rx: to the host */
    bool m_rx_tready;
    /* ctx: the RX path's context, observed */
    uint64_t ctx_tdata[MDD_RX_ROUTE_CTX_WORDS];
    bool ctx_tvalid;
    bool ctx_tready;
    /* s_dep: external deposit packets */
    uint8_t s_dep_tdata[MDD_RX_ROUTE_MAX_W];
    uint64_t s_dep_tkeep;
    bool s_dep_tlast;
    bool s_dep_tuser;
    bool s_dep_tvalid;
    /* m_dep: to the deposit engine */
    bool m_dep_tready;
} mdd_rx_route_in;

typedef struct mdd_rx_route_out {
    bool s_desc_tready;
    uint64_t m_desc_tdata[MDD_RX_ROUTE_DESC_WORDS];
    bool m_desc_tvalid;
    bool s_rx_tready;
    uint8_t m_rx_tdata[MDD_RX_ROUTE_MAX_W];
    uint64_t m_rx_tkeep;
    bool m_rx_tlast;
    uint8_t m_rx_tuser[MDD_RX_ROUTE_MAX_W];
    bool m_rx_tvalid;
    bool s_dep_tready;
    uint8_t m_dep_tdata[MDD_RX_ROUTE_MAX_W];
    uint64_t m_dep_tkeep;
    bool m_dep_tlast;
    bool m_dep_tuser;
    bool m_dep_tvalid;
} mdd_rx_route_out;

typedef struct mdd_rx_route_model {
    unsigned w, depth; /* W, ROUTE_DEPTH */
    unsigned ptr_mask; /* 2 * ROUTE_DEPTH - 1: the pointers' AW + 1 bits */
    uint64_t keep_mask;
    /* TO_DEP FIFO: bits and the three pointers, plus the index of the transfer whose last beat waits */
    bool to_dep[MDD_RX_ROUTE_MAX_DEPTH];
    unsigned wr_ptr, ctx_ptr, data_ptr, hold_ptr;
    /* descriptor register */
    uint64_t m_desc_tdata[MDD_RX_ROUTE_DESC_WORDS];
    bool m_desc_tvalid;
    /* deposit output register and the arbiter */
    uint8_t m_dep_tdata[MDD_RX_ROUTE_MAX_W];
    uint64_t m_dep_tkeep;
    bool m_dep_tlast, m_dep_tuser;
    bool dep_full, dep_wait, busy, last_ext;
} mdd_rx_route_model;

/* false unless 4 <= W <= 64 and ROUTE_DEPTH is a power of two in 2..256 (as the RTL requires). The state is the
 * RTL's at time 0 (everything zero). */
bool mdd_rx_route_init(mdd_rx_route_model *m, unsigned w, unsigned route_depth);
void mdd_rx_route_eval(const mdd_rx_route_model *m, const mdd_rx_route_in *in, mdd_rx_route_out *out);
void mdd_rx_route_tick(mdd_rx_route_model *m, const mdd_rx_route_in *in);

/* Transfers between their descriptor and their context (the FIFO's fill, 0..ROUTE_DEPTH). */
unsigned mdd_rx_route_fill(const mdd_rx_route_model *m);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_ROUTE_MODEL_H */

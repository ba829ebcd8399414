/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_ctx.v: accumulates a transfer's checked words into its 1024-bit context beat and holds
 * it until the packer has sent the transfer's last data beat. Registers mirror the RTL (a_*, FIFO, released).
 */
#ifndef MDD_RX_CTX_MODEL_H
#define MDD_RX_CTX_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_RX_CTX_MAX_DEPTH 16

typedef struct mdd_rx_ctx_in {
    bool rst;
    bool s_valid;
    MDD_RX_WORD_FIELDS(s_) /* only tag, aux, last, nin, desc, xflags and the error record are used */
    bool m_pack_tlast;
    bool m_ctx_tready;
} mdd_rx_ctx_in;

typedef struct mdd_rx_ctx_out {
    bool s_ready;
    uint64_t m_ctx_tdata[16];
    bool m_ctx_tvalid;
} mdd_rx_ctx_out;

typedef struct mdd_rx_ctx_model {
    unsigned w, depth;
    mdd_rx_word acc;      /* a_*: error record, emap (only those fields) */
    uint32_t a_in, a_out, a_blk, a_pdu, a_ecnt, a_mrk;
    uint64_t mem[MDD_RX_CTX_MAX_DEPTH][16];
    unsigned wr, rd, released; /* AW+1 bits */
} mdd_rx_ctx_model;

int mdd_rx_ctx_model_init(mdd_rx_ctx_model *m, unsigned w, unsigned depth);
void mdd_rx_ctx_eval(const mdd_rx_ctx_model *m, const mdd_rx_ctx_in *in, mdd_rx_ctx_out *out);
void mdd_rx_ctx_tick(mdd_rx_ctx_model *m, const mdd_rx_ctx_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_CTX_MODEL_H */

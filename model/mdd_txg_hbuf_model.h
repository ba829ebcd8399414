/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_txg_hbuf.v: the staged TX generator's host byte ring (docs/timing.md section 4, D-075). The
 * host's beats are compacted (the mdd_compact twin, as the RTL instantiates mdd_compact), written at the write
 * pointer into a ring of R x W bytes (W banks of R rows: ring byte r*W + b is row r of bank b), and read as a
 * window of WIN bytes from rd_base. Same registers, same values, also where the RTL keeps stale bytes: ring bytes
 * are only ever overwritten, never cleared.
 *
 * Contract (docs/ARCHITECTURE.md section 8): mdd_txg_hbuf_eval() computes every output from the state and the
 * inputs (the window depends on rd_base combinationally, the rest only on registers); mdd_txg_hbuf_tick() is the
 * rising clock edge.
 */
#ifndef MDD_TXG_HBUF_MODEL_H
#define MDD_TXG_HBUF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_compact_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_TXG_HBUF_MAX_W 64
#define MDD_TXG_HBUF_MAX_R 16
#define MDD_TXG_HBUF_MAX_RING (MDD_TXG_HBUF_MAX_R * MDD_TXG_HBUF_MAX_W)
#define MDD_TXG_HBUF_MAX_WIN (2 * MDD_TXG_HBUF_MAX_W + 8)

typedef struct mdd_txg_hbuf_in {
    bool rst;
    uint8_t s_tdata[MDD_TXG_HBUF_MAX_W];
    uint64_t s_tkeep;
    bool s_tuser, s_tlast, s_tvalid;
    unsigned take;    /* bytes F consumes this cycle (rd advances) */
    bool pop;         /* the current transfer ends: e1 becomes e0 */
    unsigned rd_base; /* the window's first ring position */
} mdd_txg_hbuf_in;

typedef struct mdd_txg_hbuf_out {
    bool s_tready;
    uint8_t win[MDD_TXG_HBUF_MAX_WIN];    /* ring bytes rd_base + j */
    bool win_up[MDD_TXG_HBUF_MAX_WIN];    /* ... the first kept byte of a beat with tuser */
    unsigned rd, wr, e0, e1;              /* pointers with a wrap bit: 0 .. 2RW - 1 */
    bool end0, end1;                      /* the current / the next transfer's tlast is in the ring at e0 / e1 */
    unsigned avail0;                      /* the current transfer's bytes from rd: (end0 ? e0 : wr) - rd */
    bool in_v;                            /* a compacted word enters the ring at this edge */
    unsigned in_k;                        /* its bytes */
    bool in_last;                         /* its tlast */
} mdd_txg_hbuf_out;

typedef struct mdd_txg_hbuf_model {
    unsigned w, r, win;
    unsigned ring_n, ptr_mask; /* R x W; 2RW - 1 */
    mdd_compact_model cmp;
    uint8_t ring[MDD_TXG_HBUF_MAX_RING];
    bool up[MDD_TXG_HBUF_MAX_RING];
    unsigned rd, wr, e0, e1;
    bool end0, end1;
} mdd_txg_hbuf_model;

/* 0 on success, -1 on parameters the RTL rejects (W not 4..64 a power of two, R not a power of two 4..16, or
 * WIN + W - 1 > R x W or WIN > the largest window). win 0 means W + 8, the RTL's default. */
int mdd_txg_hbuf_model_init(mdd_txg_hbuf_model *m, unsigned w, unsigned r, unsigned win);
/* Cycles from accepting a beat to its bytes entering the ring (wr moved past them) with room all along. */
unsigned mdd_txg_hbuf_latency(const mdd_txg_hbuf_model *m);
void mdd_txg_hbuf_eval(const mdd_txg_hbuf_model *m, const mdd_txg_hbuf_in *in, mdd_txg_hbuf_out *out);
void mdd_txg_hbuf_tick(mdd_txg_hbuf_model *m, const mdd_txg_hbuf_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_HBUF_MODEL_H */

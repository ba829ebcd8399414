/* SPDX-License-Identifier: MIT */
/*
 * Internal to the TX generator's twin (model/mdd_tx_gen_model.c, the lane walk, and model/mdd_txg_staged.c, the
 * staged generator of docs/timing.md section 4): the descriptor's configuration, the PDU layout and the word a
 * cycle produces. One copy of each rule for both.
 */
#ifndef MDD_TX_GEN_INT_H
#define MDD_TX_GEN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/formats.h"
#include "mdd_rx_word.h"

#define MDD_TXG_F(name, d) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)
#define MDD_TXG_TF(name, d) mdd_rx_field((d), MDD_TXDESC_##name##_WORD, MDD_TXDESC_##name##_LSB, MDD_TXDESC_##name##_W)

/* What the descriptor configures, decoded once per word. */
struct mdd_txg_cfg {
    unsigned proto, dif_op, ml;
    bool self, hdig_en, ddig_en, mrk_en, iscsi, mpa, raw;
    uint32_t period, blk_len, pi_len, ulp, last_len;
};

static inline void mdd_txg_cfg_of(struct mdd_txg_cfg *c, const uint64_t *d)
{
    c->proto = (unsigned)MDD_TXG_F(PROTO, d);
    c->dif_op = (unsigned)MDD_TXG_F(DIF_OP, d);
    c->iscsi = c->proto == MDD_PROTO_ISCSI;
    c->mpa = c->proto == MDD_PROTO_MPA;
    c->raw = c->proto == MDD_PROTO_RAW;
    c->ml = c->iscsi ? MDD_ISCSI_MRK_LEN : MDD_MPA_MRK_LEN;
    c->self = MDD_TXG_F(SELF_FRAME, d);
    c->hdig_en = MDD_TXG_F(HDIG_EN, d);
    c->ddig_en = MDD_TXG_F(DDIG_EN, d);
    c->mrk_en = MDD_TXG_F(MRK_EN, d);
    c->period = (uint32_t)MDD_TXG_F(MRK_PERIOD, d);
    c->blk_len = (uint32_t)MDD_TXG_F(BLK_LEN, d);
    c->pi_len = (unsigned)MDD_TXG_F(PI_FMT, d) == MDD_PI_T10_CODE ? MDD_PI_T10_LEN : MDD_PI_NVME32_LEN;
    c->ulp = (uint32_t)MDD_TXG_F(ULP_HDR_LEN, d);
    /* the PDU offset of the self-framing header's last length byte */
    c->last_len = c->mpa ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2;
}

/* The layout of a PDU with these lengths: payload [pay_start, pay_end), pad up to pad_end, the whole PDU len
 * bytes; last_cov is the last byte the data digest covers (-1: none). */
static inline void mdd_txg_lay(const struct mdd_txg_cfg *c, uint32_t hdr_len, uint32_t data_len, uint32_t *pay_start,
                               uint32_t *pay_end, uint32_t *pad_end, uint32_t *len, int64_t *last_cov)
{
    uint32_t hd = c->hdig_en ? 4u : 0u;
    *pay_start = hdr_len + hd;
    *pay_end = *pay_start + data_len;
    uint32_t pad = (0u - (hdr_len + data_len)) & 3u;
    *pad_end = *pay_end + pad;
    bool dd = c->ddig_en && (c->mpa || data_len != 0);
    *len = *pad_end + (dd ? 4u : 0u);
    *last_cov = pad ? (int64_t)*pad_end - 1
                : data_len ? (int64_t)*pay_end - 1
                : c->mpa ? (int64_t)hdr_len - 1
                         : -1;
}

static inline void mdd_txg_put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* The next DIF position after a data byte. */
static inline uint32_t mdd_txg_dif_next(const struct mdd_txg_cfg *c, uint32_t dif_pos)
{
    return dif_pos + 1 == c->blk_len + c->pi_len ? 0 : dif_pos + 1;
}

/* The word one cycle produces, and what it does to the host buffer and the transfer. */
struct mdd_txg_gen {
    mdd_rx_word o;
    bool emit, stop;
    unsigned used;
};

/* Lane classes of the staged generator's layout words (mdd_txg_lane.cls). */
enum {
    MDD_TXG_L_WIRE = 0, /* M: a wire lane that is not a marker byte (P classifies it) */
    MDD_TXG_L_MRK,
    MDD_TXG_L_HDR,
    MDD_TXG_L_HDIG,
    MDD_TXG_L_DATA,     /* P: a data byte (D makes it PAY or PI) */
    MDD_TXG_L_PAY,
    MDD_TXG_L_PI,
    MDD_TXG_L_PAD,
    MDD_TXG_L_DDIG,
    MDD_TXG_L_AFTER,    /* P: a host byte after a descriptor-framed PDU (FRAME if it exists) */
    MDD_TXG_L_SPI       /* D: a stripped PI byte (host, not wire) */
};

struct mdd_tx_gen_model;
/* One cycle of the staged generator (docs/timing.md section 4): F runs if advance (and a descriptor is queued)
 * and fills g; M, P and D run regardless. */
void mdd_txg_staged_cycle(struct mdd_tx_gen_model *m, bool advance, struct mdd_txg_gen *g);

#endif /* MDD_TX_GEN_INT_H */

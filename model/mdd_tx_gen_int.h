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
#include <string.h>

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

/* The PDU offset of a self-framed header's last length byte (MPA: ULPDU_Length's second; iSCSI: the last of
 * DataSegmentLength). */
static inline uint32_t mdd_txg_last_len(bool mpa) { return mpa ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2; }

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
    c->last_len = mdd_txg_last_len(c->mpa);
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

#define MDD_TXG_SETF(name, d, v) \
    mdd_field_set((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W, (v))
#define MDD_TXG_TSETF(name, d, v) \
    mdd_field_set((d), MDD_TXDESC_##name##_WORD, MDD_TXDESC_##name##_LSB, MDD_TXDESC_##name##_W, (v))

/* A word's fields before its lanes: every lane VOID, the transfer's descriptor, DESC on a bad one's first word. */
static inline void mdd_txg_word_begin(mdd_rx_word *o, const uint64_t *d, bool bad, bool first, uint32_t woff)
{
    memset(o->tag, MDD_KIND_VOID, sizeof o->tag);
    o->first = first;
    o->woff = woff;
    o->dbad = bad;
    memcpy(o->desc, d, sizeof o->desc);
    if (bad && first)
        mdd_rx_word_merge(o, MDD_ERR_DESC, 0, 0, 0, 0, 0);
}

/* One byte of a self-framing header's length fields at PDU offset p (R6): iSCSI's TotalAHSLength and
 * DataSegmentLength, MPA's ULPDU_Length. */
static inline void mdd_txg_parse_byte(bool iscsi, uint32_t p, uint8_t b, uint32_t *hdr_len, uint32_t *data_len)
{
    if (iscsi) {
        if (p == MDD_ISCSI_AHS_OFF)
            *hdr_len = MDD_ISCSI_BHS_LEN + 4u * b;
        else if (p == MDD_ISCSI_DSL_OFF)
            *data_len = b;
        else if (p > MDD_ISCSI_DSL_OFF)
            *data_len = (*data_len << 8 | b) & 0xFFFFFF;
    } else {
        *data_len = p == MDD_MPA_LEN_OFF ? b : ((*data_len << 8 | b) & 0xFFFFFF);
    }
}

/* The resume fields the generator counts (all but the lengths) into od: stage R writes these at the output
 * register from its state (mdd_txg_r_qdesc, D-106), the lane walk with the lengths (mdd_txg_set_resume). */
static inline void mdd_txg_set_resume_counts(uint64_t *od, uint32_t tcp_seq, uint32_t mrk_pos, uint32_t pdu_off,
                                             uint32_t dif_pos, uint32_t fpdu_woff, uint32_t skip, uint32_t pass)
{
    MDD_TXG_SETF(TCP_SEQ, od, tcp_seq);
    MDD_TXG_SETF(MRK_POS, od, mrk_pos);
    MDD_TXG_SETF(PDU_OFF, od, pdu_off);
    MDD_TXG_SETF(DIF_POS, od, dif_pos);
    MDD_TXG_SETF(FPDU_WOFF, od, fpdu_woff);
    MDD_TXG_TSETF(SKIP_LEN, od, skip);
    MDD_TXG_TSETF(PASS_LEN, od, pass);
}

/* The resume fields the generator owns, into the last word's descriptor od (d: the transfer's own). */
static inline void mdd_txg_set_resume(uint64_t *od, const uint64_t *d, uint32_t wire, uint32_t mrk_pos,
                                      uint32_t pdu_off, uint32_t hdr_len, uint32_t data_len, uint32_t dif_pos,
                                      uint32_t fpdu_woff, uint32_t skip, uint32_t pass)
{
    mdd_txg_set_resume_counts(od, (uint32_t)(MDD_TXG_F(TCP_SEQ, d) + wire), mrk_pos, pdu_off, dif_pos, fpdu_woff,
                              skip, pass);
    MDD_TXG_SETF(HDR_LEN, od, hdr_len);
    MDD_TXG_SETF(DATA_LEN, od, data_len);
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
    uint64_t spi; /* staged: the lanes that are stripped PI (stage R's) */
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

/* Whether a lane of class cls takes a host byte (INSERT's PI is generated). */
static inline bool mdd_txg_needs_host(unsigned dif_op, unsigned cls)
{
    return cls == MDD_TXG_L_HDR || cls == MDD_TXG_L_PAY || cls == MDD_TXG_L_SPI ||
           (cls == MDD_TXG_L_PI && dif_op != MDD_DIF_INSERT);
}

/* The KIND of the output tag of a lane of class cls. */
static inline unsigned mdd_txg_kind_of(unsigned cls)
{
    switch (cls) {
    case MDD_TXG_L_MRK: return MDD_KIND_MRK;
    case MDD_TXG_L_HDR: return MDD_KIND_HDR;
    case MDD_TXG_L_HDIG: return MDD_KIND_HDIG;
    case MDD_TXG_L_PI:
    case MDD_TXG_L_SPI: return MDD_KIND_PI;
    case MDD_TXG_L_PAD: return MDD_KIND_PAD;
    case MDD_TXG_L_DDIG: return MDD_KIND_DDIG;
    default: return MDD_KIND_PAY;
    }
}

/* Whether a lane ends the transfer when the transfer has no host byte left for it (T1): a host lane, AFTER, or
 * a marker's first byte at a PDU's start (boundary) or inside a self-framed iSCSI header's length bytes
 * (upto_len: self-framing and the PDU offset at most the last length byte's). */
static inline bool mdd_txg_stops_without_host(bool mpa, unsigned dif_op, unsigned cls, unsigned mb, bool boundary,
                                              bool upto_len)
{
    if (cls == MDD_TXG_L_MRK)
        return mb == 0 && (boundary || (!mpa && upto_len));
    return cls == MDD_TXG_L_AFTER || mdd_txg_needs_host(dif_op, cls);
}

struct mdd_tx_gen_model;
/* One cycle of the staged generator (docs/timing.md section 4): F runs if advance (and a descriptor is queued)
 * and fills g; M, P and D run regardless. */
void mdd_txg_staged_cycle(struct mdd_tx_gen_model *m, bool advance, struct mdd_txg_gen *g);

#endif /* MDD_TX_GEN_INT_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_compact.v: the lanes whose keep bit is set move down to
 * lanes 0..k-1 in order, zeros above, pipelined P1 -> P2 -> C (three network
 * levels per register), plus the gearbox fill accumulator and its case flags.
 * It mirrors the RTL's registers one for one (same stages, same enables, same
 * values, also while a stage holds no valid word).  The byte-mask handling of
 * the C side lives here: the CRC unit's twin and the packer's twin compose
 * this twin, as their RTL instantiates the module, and use its lane helpers
 * (lane masks, rotation) in their gearboxes.
 *
 * Contract (docs/ARCHITECTURE.md section 8): every output is a register, so
 * mdd_compact_eval() only reads the state; mdd_compact_tick() is the rising
 * clock edge with the user's advance and rst as inputs.  A user ticks this
 * twin after the stages that read its outputs (output side first), so they
 * see the pre-edge values, as with nonblocking assignments.
 *
 * Lanes are LANE_W bits (1..64), held as byte planes: plane p carries bits
 * 8p+7..8p of every lane, lane i in byte i % 8 of 64-bit word i / 8, so
 * plane 0 of a byte-lane bus is the RTL vector itself.  META_W <= 128: the
 * meta is the user's opaque bits, carried unchanged.
 */
#ifndef MDD_COMPACT_MODEL_H
#define MDD_COMPACT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_COMPACT_MAX_W 64
#define MDD_COMPACT_MAX_L 6        /* log2 of the largest W */
#define MDD_COMPACT_MAX_GROUPS 8   /* W / 8 */
#define MDD_COMPACT_WORDS 8        /* 64-bit words of a W-byte plane */
#define MDD_COMPACT_MAX_PLANES 8   /* LANE_W <= 64 */
#define MDD_COMPACT_META_WORDS 2   /* META_W <= 128 */
#define MDD_COMPACT_MAX_NCP 2      /* compaction registers at W = 64 */

/* A word of W lanes: plane p, 64-bit word k holds bits 8p+7..8p of lanes 8k..8k+7.  Only the first
 * np planes and nw words are used; unused bits are zero. */
typedef struct mdd_compact_bus {
    uint64_t plane[MDD_COMPACT_MAX_PLANES][MDD_COMPACT_WORDS];
} mdd_compact_bus;

typedef struct mdd_compact_in {
    bool rst;
    bool advance;                   /* the user's m_tready | ~m_tvalid */
    const mdd_compact_bus *s_lanes; /* read only when s_valid & advance */
    uint64_t s_keep;                /* bit i = lane i kept */
    bool s_last;
    uint64_t s_meta[MDD_COMPACT_META_WORDS];
    bool s_valid;
} mdd_compact_in;

/* The gearbox tags that travel with a word from the first C register to the outputs. */
typedef struct mdd_compact_tags {
    bool last;
    uint64_t meta[MDD_COMPACT_META_WORDS];
    unsigned zeros;  /* W - k */
    unsigned fill;   /* f: lanes waiting in the user's gearbox when this word arrives */
    uint64_t below;  /* bit s: lane s < f (the RTL's lane-wide thermometer, one bit per lane) */
    bool lt, eq, gt; /* f + k <, ==, > W */
    bool none;       /* f + k == 0 */
    unsigned pad;    /* (W - (f + k)) mod W */
} mdd_compact_tags;

/* The outputs (m_lanes, m_zeros, m_last, m_meta, m_fill, m_below, m_lt ... m_pad, m_valid): registers. */
typedef struct mdd_compact_out {
    const mdd_compact_bus *m_lanes; /* k lanes in 0..k-1, zeros above */
    const mdd_compact_tags *m_tags;
    bool m_valid;
} mdd_compact_out;

typedef struct mdd_compact_model {
    /* parameters */
    unsigned w, lane_w;
    /* derived (RTL localparams) */
    unsigned l, gs, gl, ng, ncp;
    unsigned nw, np;   /* 64-bit words of a plane, byte planes of a lane */
    uint64_t keep_mask;
    uint64_t top_mask; /* the bits of the top plane's bytes that belong to a lane, in every byte */
    /* tables (filled by init) */
    uint64_t byte_mask_of[256]; /* bit i of the index -> 0xff in byte i */
    uint64_t zeros_before[256]; /* byte i: clear bits of the index below bit i */
    uint8_t zeros_in[256];      /* clear bits of the index */

    /* P1 */
    mdd_compact_bus p1_lanes;
    uint64_t p1_keep;
    uint64_t p1_lz[MDD_COMPACT_WORDS]; /* one byte per lane: zeros before it inside its group */
    uint8_t p1_gz[MDD_COMPACT_MAX_GROUPS];
    bool p1_last, p1_valid;
    uint64_t p1_meta[MDD_COMPACT_META_WORDS];
    /* P2 */
    mdd_compact_bus p2_lanes;
    uint64_t p2_keep;
    uint64_t p2_lz[MDD_COMPACT_WORDS];
    uint8_t p2_zpre[MDD_COMPACT_MAX_GROUPS];
    unsigned p2_zeros;
    bool p2_last, p2_valid;
    uint64_t p2_meta[MDD_COMPACT_META_WORDS];
    /* gearbox fill accumulator */
    unsigned fill;
    /* compaction registers g_cstage[c] */
    struct {
        mdd_compact_bus lanes;
        uint64_t planes[MDD_COMPACT_MAX_L]; /* plane t = bit t of z per lane; t >= 3(c+1) meaningful */
        mdd_compact_tags tags;              /* meta_q */
        bool valid;
    } c[MDD_COMPACT_MAX_NCP];
} mdd_compact_model;

/* 0 on success, -1 on parameters the RTL rejects (w not 4/8/16/32/64, lane_w not 1..64). */
int mdd_compact_model_init(mdd_compact_model *m, unsigned w, unsigned lane_w);
/* Cycles from accepting a word to its m_valid when advance stays high: 2 + ceil(log2(W) / 3). */
unsigned mdd_compact_latency(const mdd_compact_model *m);
void mdd_compact_eval(const mdd_compact_model *m, mdd_compact_out *out);
void mdd_compact_tick(mdd_compact_model *m, const mdd_compact_in *in);

/* ---- lane helpers for the users' gearboxes (one plane = nw 64-bit words), inline: they run every cycle ---- */

/* Lane set (bit s = lane s) -> byte mask of one plane (0xff in byte s). */
static inline void mdd_compact_lane_mask(const mdd_compact_model *m, uint64_t lanes, uint64_t *mask)
{
    for (unsigned k = 0; k < m->nw; ++k) mask[k] = m->byte_mask_of[(lanes >> (8 * k)) & 0xff];
}

/* One plane rotated up by f lanes: lane s takes lane (s - f) mod W. */
static inline void mdd_compact_rotate_up(const mdd_compact_model *m, const uint64_t *in, unsigned f, uint64_t *out)
{
    const unsigned w = m->w;
    if (f == 0) {
        for (unsigned k = 0; k < m->nw; ++k) out[k] = in[k];
    } else if (m->nw == 1) {
        const uint64_t all = w == 8 ? ~0ull : ((1ull << (8 * w)) - 1);
        out[0] = ((in[0] << (8 * f)) | (in[0] >> (8 * (w - f)))) & all;
    } else {
        for (unsigned k = 0; k < m->nw; ++k) {
            /* output word k starts at lane 8k, which takes lane (8k - f) mod W */
            unsigned src = (8 * k + w - f) % w, lo = src / 8, bit = 8 * (src % 8);
            unsigned hi = (lo + 1) % m->nw;
            out[k] = bit == 0 ? in[lo] : (in[lo] >> bit) | (in[hi] << (64 - bit));
        }
    }
}

/* W bytes (byte i = lane i) -> one plane. */
static inline void mdd_compact_plane_from_bytes(const mdd_compact_model *m, const uint8_t *b, uint64_t *plane)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (m->w >= 8) {
        for (unsigned k = 0; k < m->nw; ++k) __builtin_memcpy(&plane[k], b + 8 * k, 8);
        return;
    }
#endif
    for (unsigned k = 0; k < m->nw; ++k) {
        uint64_t v = 0;
        for (unsigned i = 0; i < 8 && 8 * k + i < m->w; ++i) v |= (uint64_t)b[8 * k + i] << (8 * i);
        plane[k] = v;
    }
}

/* One plane -> W bytes. */
static inline void mdd_compact_plane_to_bytes(const mdd_compact_model *m, const uint64_t *plane, uint8_t *b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (m->w >= 8) {
        for (unsigned k = 0; k < m->nw; ++k) __builtin_memcpy(b + 8 * k, &plane[k], 8);
        return;
    }
#endif
    for (unsigned i = 0; i < m->w; ++i) b[i] = (uint8_t)(plane[i / 8] >> (8 * (i % 8)));
}

#ifdef __cplusplus
}
#endif

#endif /* MDD_COMPACT_MODEL_H */

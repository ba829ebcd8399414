/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_compact.v; see mdd_compact_model.h and docs/crc-unit.md.
 *
 * mdd_compact_tick() updates the stages from the output backwards, so every
 * stage still reads the values its source stage held before the clock edge,
 * as the RTL's nonblocking assignments do.  Buses are handled as 64-bit words
 * per byte plane and per-lane flags as W-bit masks (the RTL's own vector
 * operations), which keeps the byte-lane (np = 1) case a handful of word
 * operations per stage.
 */
#include "mdd_compact_model.h"

#include <string.h>

#define LSB_OF_BYTES 0x0101010101010101ull

static unsigned log2_exact(unsigned w)
{
    unsigned l = 0;
    while ((1u << l) < w) ++l;
    return l;
}

int mdd_compact_model_init(mdd_compact_model *m, unsigned w, unsigned lane_w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    if (lane_w < 1 || lane_w > 64) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->lane_w = lane_w;
    m->l = log2_exact(w);
    m->gs = w < 8 ? w : 8;
    m->gl = log2_exact(m->gs);
    m->ng = w / m->gs;
    m->ncp = (m->l + 2) / 3;
    m->nw = (w + 7) / 8;
    m->np = (lane_w + 7) / 8;
    m->keep_mask = w == 64 ? ~0ull : ((1ull << w) - 1);
    unsigned top_bits = lane_w - 8 * (m->np - 1);
    m->top_mask = ((1ull << top_bits) - 1) * LSB_OF_BYTES;
    for (unsigned v = 0; v < 256; ++v) {
        unsigned zeros = 0;
        for (unsigned i = 0; i < 8; ++i) {
            if ((v >> i) & 1) m->byte_mask_of[v] |= 0xffull << (8 * i);
            m->zeros_before[v] |= (uint64_t)zeros << (8 * i);
            zeros += !((v >> i) & 1);
        }
        m->zeros_in[v] = (uint8_t)zeros;
    }
    return 0;
}

unsigned mdd_compact_latency(const mdd_compact_model *m)
{
    return 2 + m->ncp; /* P1, P2, C * ncp */
}

void mdd_compact_eval(const mdd_compact_model *m, mdd_compact_out *out)
{
    const unsigned cl = m->ncp - 1;
    out->m_lanes = &m->c[cl].lanes;
    out->m_tags = &m->c[cl].tags;
    out->m_valid = m->c[cl].valid;
}

/* ---- plane helpers (W bytes in 64-bit words, unused high bytes zero; more in the header) ---- */

/* The stage functions take the plane count np as an argument and are always inlined, so that the byte-lane
 * case (np = 1, the CRC unit) compiles to the plain word operations (mdd_compact_tick() dispatches). */
#define STAGE static inline __attribute__((always_inline))

/* Plane moved down by sh lanes (lane s takes lane s + sh), zeros shifted in. */
STAGE void shift_down(const mdd_compact_model *m, const uint64_t *in, unsigned sh, uint64_t *out)
{
    const unsigned nw = m->nw;
    if (sh % 8 == 0) {
        const unsigned dw = sh / 8;
        for (unsigned k = 0; k < nw; ++k) out[k] = k + dw < nw ? in[k + dw] : 0;
    } else {
        const unsigned b = 8 * sh; /* sh < 8 */
        for (unsigned k = 0; k < nw; ++k) out[k] = (in[k] >> b) | (k + 1 < nw ? in[k + 1] << (64 - b) : 0);
    }
}

/* Bit t of the byte in each lane -> W-bit mask (one lane per bit). */
STAGE uint64_t gather_bit(const mdd_compact_model *m, const uint64_t *bytes, unsigned t)
{
    uint64_t lanes = 0;
    for (unsigned k = 0; k < m->nw; ++k)
        lanes |= (((bytes[k] >> t) & LSB_OF_BYTES) * 0x0102040810204080ull >> 56) << (8 * k);
    return lanes & m->keep_mask;
}

STAGE void copy_bus(const mdd_compact_model *m, const mdd_compact_bus *in, mdd_compact_bus *out, unsigned np)
{
    for (unsigned p = 0; p < np; ++p)
        for (unsigned k = 0; k < m->nw; ++k) out->plane[p][k] = in->plane[p][k];
}

/* ---- stages, output side first ---- */

/* Network stage j: lanes whose z has bit j set move down by 2^j lanes; higher z bits move with them. */
STAGE void network_stage(const mdd_compact_model *m, unsigned j, mdd_compact_bus *data, uint64_t *planes,
                         unsigned np)
{
    const unsigned sh = 1u << j;
    const uint64_t move = planes[j];
    uint64_t move_bytes[MDD_COMPACT_WORDS], moving[MDD_COMPACT_WORDS], moved[MDD_COMPACT_WORDS];
    mdd_compact_lane_mask(m, move, move_bytes);
    for (unsigned p = 0; p < np; ++p) {
        uint64_t *d = data->plane[p];
        for (unsigned k = 0; k < m->nw; ++k) moving[k] = d[k] & move_bytes[k];
        shift_down(m, moving, sh, moved);
        for (unsigned k = 0; k < m->nw; ++k) d[k] = (d[k] & ~move_bytes[k]) | moved[k];
    }
    for (unsigned t = j + 1; t < m->l; ++t) planes[t] = (planes[t] & ~move) | ((planes[t] & move) >> sh);
    planes[j] = 0;
}

STAGE void tick_compaction(mdd_compact_model *m, bool advance, bool rst, unsigned np)
{
    const unsigned w = m->w;
    for (unsigned c = m->ncp; c-- > 0;) {
        bool in_valid = c == 0 ? m->p2_valid : m->c[c - 1].valid;
        if (advance && in_valid) {
            mdd_compact_bus *data = &m->c[c].lanes;
            uint64_t planes[MDD_COMPACT_MAX_L] = {0};
            mdd_compact_tags *tags = &m->c[c].tags;
            if (c == 0) {
                /* level 0: cleared lanes zeroed; z = zeros before the lane, 0 for cleared lanes */
                uint64_t keep_bytes[MDD_COMPACT_WORDS], z[MDD_COMPACT_WORDS];
                mdd_compact_lane_mask(m, m->p2_keep, keep_bytes);
                for (unsigned k = 0; k < m->nw; ++k) {
                    uint64_t zpre = m->p2_zpre[(8 * k) / m->gs]; /* groups are 8 lanes (or all 4) */
                    z[k] = (zpre * LSB_OF_BYTES + m->p2_lz[k]) & keep_bytes[k];
                }
                for (unsigned p = 0; p < np; ++p)
                    for (unsigned k = 0; k < m->nw; ++k) data->plane[p][k] = m->p2_lanes.plane[p][k] & keep_bytes[k];
                for (unsigned t = 0; t < m->l; ++t) planes[t] = gather_bit(m, z, t);
                /* f + k vs W with k = W - zeros: compare f with zeros */
                const unsigned f = m->fill, zeros = m->p2_zeros;
                tags->last = m->p2_last;
                memcpy(tags->meta, m->p2_meta, sizeof tags->meta);
                tags->zeros = zeros;
                tags->fill = f;
                tags->below = f == 0 ? 0 : ((1ull << f) - 1);
                tags->lt = f < zeros;
                tags->eq = f == zeros;
                tags->gt = f > zeros;
                tags->none = f == 0 && zeros == w;
                tags->pad = (zeros - f) & (w - 1);
            } else {
                copy_bus(m, &m->c[c - 1].lanes, data, np);
                memcpy(planes, m->c[c - 1].planes, sizeof planes);
                *tags = m->c[c - 1].tags;
            }
            unsigned j1 = 3 * c + 3 < m->l ? 3 * c + 3 : m->l;
            for (unsigned j = 3 * c; j < j1; ++j) network_stage(m, j, data, planes, np);
            memcpy(m->c[c].planes, planes, sizeof planes);
        }
        if (rst) m->c[c].valid = false;
        else if (advance) m->c[c].valid = in_valid;
    }
    /* the fill accumulator, after C0 has read it */
    if (rst) m->fill = 0;
    else if (advance && m->p2_valid) m->fill = m->p2_last ? 0 : ((m->fill - m->p2_zeros) & (w - 1));
}

STAGE void tick_prefix(mdd_compact_model *m, const mdd_compact_in *in, unsigned np)
{
    const bool advance = in->advance, rst = in->rst;
    /* P2: zeros before each group and in the word */
    if (advance && m->p1_valid) {
        copy_bus(m, &m->p1_lanes, &m->p2_lanes, np);
        memcpy(m->p2_lz, m->p1_lz, sizeof m->p2_lz);
        m->p2_keep = m->p1_keep;
        unsigned sum = 0;
        for (unsigned g = 0; g < m->ng; ++g) {
            m->p2_zpre[g] = (uint8_t)sum;
            sum += m->p1_gz[g];
        }
        m->p2_zeros = sum;
        m->p2_last = m->p1_last;
        memcpy(m->p2_meta, m->p1_meta, sizeof m->p2_meta);
    }
    if (rst) m->p2_valid = false;
    else if (advance) m->p2_valid = m->p1_valid;

    /* P1: zeros before each lane inside its group (groups of 8 lanes, or the 4 of W = 4), zeros per group */
    if (advance && in->s_valid) {
        const uint64_t keep = in->s_keep & m->keep_mask;
        copy_bus(m, in->s_lanes, &m->p1_lanes, np);
        for (unsigned k = 0; k < m->nw; ++k) m->p1_lanes.plane[np - 1][k] &= m->top_mask;
        if (m->w == 4)
            for (unsigned p = 0; p < np; ++p) m->p1_lanes.plane[p][0] &= 0xffffffffull;
        m->p1_keep = keep;
        for (unsigned k = 0; k < m->nw; ++k) {
            /* W = 4: the four absent high bits of the index count as zeros only above lane 3 */
            unsigned kept = (unsigned)(keep >> (8 * k)) & 0xff;
            m->p1_lz[k] = m->zeros_before[kept] & (m->w == 4 ? 0xffffffffull : ~0ull);
            m->p1_gz[k] = (uint8_t)(m->zeros_in[kept] - (m->w == 4 ? 4 : 0));
        }
        m->p1_last = in->s_last;
        memcpy(m->p1_meta, in->s_meta, sizeof m->p1_meta);
    }
    if (rst) m->p1_valid = false;
    else if (advance) m->p1_valid = in->s_valid;
}

void mdd_compact_tick(mdd_compact_model *m, const mdd_compact_in *in)
{
    if (m->np == 1) {
        tick_compaction(m, in->advance, in->rst, 1);
        tick_prefix(m, in, 1);
    } else {
        tick_compaction(m, in->advance, in->rst, m->np);
        tick_prefix(m, in, m->np);
    }
}

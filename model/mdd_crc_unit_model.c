/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_crc_unit.v; see mdd_crc_unit_model.h and docs/crc-unit.md.
 *
 * mdd_crc_unit_tick() updates the stages from the output backwards, so every
 * stage still reads the values its source stage held before the clock edge,
 * as the RTL's nonblocking assignments do.  Buses are handled as 64-bit words
 * and per-slot flags as W-bit masks (the RTL's own vector operations), which
 * keeps a cycle of the W = 8 twin at a few tens of nanoseconds.  The byte-mask
 * handling (compaction, fill, lane masks, rotation) is the compaction twin's
 * (model/mdd_compact_model.c), as the RTL instantiates rtl/mdd_compact.v.
 */
#include "mdd_crc_unit_model.h"

#include <string.h>

static unsigned log2_exact(unsigned w)
{
    unsigned l = 0;
    while ((1u << l) < w) ++l;
    return l;
}

int mdd_crc_unit_model_init_algs(mdd_crc_unit_model *m, unsigned w, unsigned algs, unsigned user_w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    if (algs == 0 || algs >= (1u << MDD_CRC_ALG_COUNT)) return -1;
    if (user_w < 1 || user_w > 32) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    m->algs = algs;
    m->user_w = user_w;
    m->first = (mdd_crc_alg)__builtin_ctz(algs);
    m->multi = (algs & (algs - 1)) != 0;
    m->l = log2_exact(w);
    m->raw_reg = w >= 32;
    m->nw = (w + 7) / 8;
    m->user_mask = user_w == 32 ? 0xffffffffu : ((1u << user_w) - 1);
    m->keep_mask = w == 64 ? ~0ull : ((1ull << w) - 1);
    if (mdd_compact_model_init(&m->cmp, w, 8) != 0) return -1;
    unsigned ui_w = user_w + (m->multi ? 2 : 0); /* RTL UI_W: the tag {s_alg, user} */
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; ++a) {
        if (!((algs >> a) & 1)) continue;
        const mdd_crc_params *p = mdd_crc_params_of((mdd_crc_alg)a);
        if (mdd_crc_mask((mdd_crc_alg)a) > m->crc_mask) m->crc_mask = mdd_crc_mask((mdd_crc_alg)a);
        if (mdd_crc_shift_model_init_opt(&m->fix[a], (mdd_crc_alg)a, m->l, true, 1, ui_w, p->xorout, true) != 0)
            return -1;
    }
    return 0;
}

int mdd_crc_unit_model_init(mdd_crc_unit_model *m, unsigned w, mdd_crc_alg alg, unsigned user_w)
{
    if ((unsigned)alg >= MDD_CRC_ALG_COUNT) return -1;
    return mdd_crc_unit_model_init_algs(m, w, 1u << alg, user_w);
}

unsigned mdd_crc_unit_latency(const mdd_crc_unit_model *m)
{
    /* registers P1, P2, C * ncp (the compaction's), E, R (W >= 32), L (crc_state), then the fix-up's: the word
     * is in the k-th one k cycles after the cycle that accepted it */
    return mdd_compact_latency(&m->cmp) + 2 + (m->raw_reg ? 1 : 0) + mdd_crc_shift_latency(&m->fix[m->first]);
}

/* A fix-up's inputs: its loop register and the L tags, this cycle's m_tready. */
static void fix_inputs(const mdd_crc_unit_model *m, unsigned a, const mdd_crc_unit_in *in, mdd_crc_shift_in *fin)
{
    fin->rst = in->rst;
    fin->s_reg = m->crc_state[a];
    fin->s_nbytes = m->l_pad;
    fin->s_tuser = m->l_user;
    fin->s_tvalid = m->l_valid;
    fin->m_tready = in->m_tready;
}

void mdd_crc_unit_eval(const mdd_crc_unit_model *m, const mdd_crc_unit_in *in, mdd_crc_unit_out *out)
{
    mdd_crc_shift_in fin;
    mdd_crc_shift_out fout;
    fix_inputs(m, m->first, in, &fin);
    mdd_crc_shift_eval(&m->fix[m->first], &fin, &fout);
    out->m_tvalid = fout.m_tvalid;
    out->m_tuser = (uint32_t)(fout.m_tuser & m->user_mask);
    out->s_tready = fout.s_tready;
    out->m_crc = fout.m_reg;
    if (m->multi) {
        /* the message's algorithm (the tag's top bits) picks the fix-up; one outside the mask gives 0 */
        unsigned a = (unsigned)(fout.m_tuser >> m->user_w) & 3;
        out->m_crc = 0;
        if ((m->algs >> a) & 1) {
            fix_inputs(m, a, in, &fin);
            mdd_crc_shift_eval(&m->fix[a], &fin, &fout);
            out->m_crc = fout.m_reg;
        }
    }
}

/* ---- bus helpers: the compaction twin's lane helpers on plane 0 (one byte per lane) ---- */

static void bus_to_bytes(const mdd_crc_unit_model *m, const mdd_crc_unit_bus *bus, uint8_t *b)
{
    mdd_compact_plane_to_bytes(&m->cmp, bus->word, b);
}

/* ---- stages, output side first ---- */

/* E's seed in the register domain (the algorithm's init without s_seed_en). */
static uint64_t seed_reg(const mdd_crc_unit_model *m, mdd_crc_alg a)
{
    const mdd_crc_params *p = mdd_crc_params_of(a);
    return m->e_seed_en ? ((m->e_seed ^ p->xorout) & mdd_crc_mask(a)) : p->init;
}

/* The loop S' = S_in * x^(8W) + CRC_raw(word) is one raw update of the word from S_in; an empty word keeps
 * S_in.  After a last word crc_state is the message's register, which the fix-up reads.  With R (W >= 32):
 * S' = (r_mul ? S * x^(8W) : 0) + (r_keep ? S : 0) + r_add (S * x^(8W): mdd_crc_shift by W bytes). */
static void tick_loop(mdd_crc_unit_model *m, bool advance, bool rst)
{
    const bool valid = m->raw_reg ? m->r_valid : m->e_valid;
    const bool last = m->raw_reg ? m->r_last : m->e_last;
    if (advance && valid) {
        uint8_t bytes[MDD_CRC_UNIT_MAX_W];
        if (!m->raw_reg && !m->e_empty) bus_to_bytes(m, &m->e_data, bytes);
        for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; ++a) {
            if (!((m->algs >> a) & 1)) continue;
            const uint64_t s = m->crc_state[a];
            if (m->raw_reg) {
                m->crc_state[a] = (m->r_mul ? mdd_crc_shift((mdd_crc_alg)a, s, m->w) : 0) ^
                                  (m->r_keep ? s : 0) ^ m->r_add[a];
            } else {
                const uint64_t crc_in = m->e_first ? seed_reg(m, (mdd_crc_alg)a) : s;
                m->crc_state[a] =
                    m->e_empty ? crc_in : mdd_crc_raw_update((mdd_crc_alg)a, crc_in, bytes, m->w);
            }
        }
        if (last) {
            m->l_pad = m->raw_reg ? m->r_pad : m->e_pad;
            m->l_user = m->raw_reg ? m->r_user : m->e_user;
        }
    }
    if (rst) m->l_valid = false;
    else if (advance) m->l_valid = valid && last;
}

/* R (W >= 32): what the loop adds that does not depend on its register, from E. */
static void tick_raw(mdd_crc_unit_model *m, bool advance, bool rst)
{
    if (!m->raw_reg) return;
    if (advance && m->e_valid) {
        uint8_t bytes[MDD_CRC_UNIT_MAX_W];
        if (!m->e_empty) bus_to_bytes(m, &m->e_data, bytes);
        for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; ++a) {
            if (!((m->algs >> a) & 1)) continue;
            const uint64_t seed = seed_reg(m, (mdd_crc_alg)a);
            if (m->e_empty)
                m->r_add[a] = m->e_first ? seed : 0;
            else
                m->r_add[a] = mdd_crc_raw_update((mdd_crc_alg)a, m->e_first ? seed : 0, bytes, m->w);
        }
        m->r_last = m->e_last;
        m->r_mul = !m->e_first && !m->e_empty;
        m->r_keep = !m->e_first && m->e_empty;
        m->r_pad = m->e_pad;
        m->r_user = m->e_user;
    }
    if (rst) m->r_valid = false;
    else if (advance) m->r_valid = m->e_valid;
}

static void tick_gearbox(mdd_crc_unit_model *m, bool advance, bool rst)
{
    mdd_compact_out cout;
    mdd_compact_eval(&m->cmp, &cout);
    const bool in_valid = cout.m_valid;
    const mdd_compact_tags *in = cout.m_tags;
    const bool in_first = in->meta[0] & 1, in_seed_en = (in->meta[0] >> 1) & 1;
    const uint64_t in_user = in->meta[0] >> 32; /* {s_alg, user} with several algorithms */
    const uint64_t in_seed = in->meta[1];
    const bool pend = m->gb_pend;
    const bool in_fresh = in_first || !m->gb_started;
    const bool e_valid_d = pend || (in_valid && (in->eq || in->gt || (in->lt && in->last)));

    if (advance && in_valid && pend && in->fill != 0) ++m->invariant_violations;
    if (!advance) {
        if (rst) m->gb_pend = m->e_valid = false;
        return;
    }

    mdd_crc_unit_bus rotated, mask;
    mdd_compact_rotate_up(&m->cmp, cout.m_lanes->plane[0], in->fill, rotated.word);

    if (e_valid_d) {
        mdd_compact_lane_mask(&m->cmp, pend ? m->keep_mask : in->below, mask.word); /* slots taken from G */
        for (unsigned k = 0; k < m->nw; ++k)
            m->e_data.word[k] = (m->gb_word.word[k] & mask.word[k]) | (rotated.word[k] & ~mask.word[k]);
        m->e_first = pend ? m->gb_pend_first : in_fresh;
        m->e_last = pend ? m->gb_pend_last : (in->lt || (in->eq && in->last));
        m->e_empty = pend ? m->gb_pend_empty : (in->lt && in->none);
        m->e_pad = pend ? m->gb_pend_pad : in->pad; /* read on last words only */
        m->e_user = pend ? m->gb_pend_user : in_user;
        bool seed_from_in = !pend && in_first;
        m->e_seed_en = seed_from_in ? in_seed_en : m->gb_seed_en;
        m->e_seed = seed_from_in ? in_seed : m->gb_seed;
    }
    if (in_valid) {
        /* G keeps its slots < f while a partial word grows; after a wrapping last word
         * it keeps only the wrapped bytes (slots >= f cleared); otherwise it loads the rotated word */
        mdd_crc_unit_bus keep_mask, zero_mask;
        bool hold_partial = !pend && in->lt && !in->last;
        bool zero_upper = !pend && in->gt && in->last;
        mdd_compact_lane_mask(&m->cmp, hold_partial ? in->below : 0, keep_mask.word);
        mdd_compact_lane_mask(&m->cmp, zero_upper ? (~in->below & m->keep_mask) : 0, zero_mask.word);
        for (unsigned k = 0; k < m->nw; ++k)
            m->gb_word.word[k] = (m->gb_word.word[k] & keep_mask.word[k]) |
                                 (rotated.word[k] & ~keep_mask.word[k] & ~zero_mask.word[k]);
        m->gb_pend_last = pend ? in->last : true;
        m->gb_pend_first = pend && in_fresh;
        m->gb_pend_empty = pend && in->lt && in->none;
        m->gb_pend_pad = in->pad;
        m->gb_pend_user = in_user;
        m->gb_started = in->last ? false : (!in_fresh || in->eq || (!pend && in->gt));
        if (in_first) {
            m->gb_seed_en = in_seed_en;
            m->gb_seed = in_seed;
        }
    }
    if (rst) {
        m->gb_pend = false;
        m->e_valid = false;
    } else {
        m->gb_pend = in_valid && (pend ? (in->last || in->eq) : (in->gt && in->last));
        m->e_valid = e_valid_d;
    }
}

/* The input side: message start tracking, then the compaction twin with the message tags as its meta. */
static void tick_input(mdd_crc_unit_model *m, bool advance, bool rst, const mdd_crc_unit_in *in)
{
    mdd_compact_bus lanes;
    mdd_compact_in cin;
    cin.rst = rst;
    cin.advance = advance;
    cin.s_valid = in->s_tvalid;
    cin.s_keep = in->s_tkeep;
    cin.s_last = in->s_tlast;
    cin.s_lanes = &lanes;
    if (advance && in->s_tvalid) {
        mdd_compact_plane_from_bytes(&m->cmp, in->s_tdata, lanes.plane[0]);
        uint64_t user = in->s_tuser & m->user_mask;
        if (m->multi) user |= (uint64_t)(in->s_alg & 3) << m->user_w;
        cin.s_meta[0] = (uint64_t)!m->in_msg | (uint64_t)in->s_seed_en << 1 | user << 32;
        cin.s_meta[1] = in->s_seed & m->crc_mask;
    } else {
        cin.s_meta[0] = cin.s_meta[1] = 0; /* not read */
    }
    mdd_compact_tick(&m->cmp, &cin);

    if (rst) m->in_msg = false;
    else if (advance && in->s_tvalid) m->in_msg = !in->s_tlast;
}

void mdd_crc_unit_tick(mdd_crc_unit_model *m, const mdd_crc_unit_in *in)
{
    /* the fix-ups are the output stage: the first one's s_tready is every stage's advance */
    mdd_crc_shift_in fin;
    mdd_crc_shift_out fout;
    fix_inputs(m, m->first, in, &fin);
    mdd_crc_shift_eval(&m->fix[m->first], &fin, &fout);
    const bool advance = fout.s_tready;
    const bool rst = in->rst;
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; ++a) {
        if (!((m->algs >> a) & 1)) continue;
        fix_inputs(m, a, in, &fin);
        mdd_crc_shift_tick(&m->fix[a], &fin);
    }
    tick_loop(m, advance, rst);
    tick_raw(m, advance, rst);
    tick_gearbox(m, advance, rst);
    tick_input(m, advance, rst, in);
}

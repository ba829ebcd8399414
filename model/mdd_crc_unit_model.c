/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_crc_unit.v; see mdd_crc_unit_model.h and docs/crc-unit.md.
 *
 * mdd_crc_unit_tick() updates the stages from the output backwards, so every
 * stage still reads the values its source stage held before the clock edge,
 * as the RTL's nonblocking assignments do.  Buses are handled as 64-bit words
 * and per-slot flags as W-bit masks (the RTL's own vector operations), which
 * keeps a cycle of the W = 8 twin at a few tens of nanoseconds.
 */
#include "mdd_crc_unit_model.h"

#include <string.h>

#define LSB_OF_BYTES 0x0101010101010101ull

static unsigned log2_exact(unsigned w)
{
    unsigned l = 0;
    while ((1u << l) < w) ++l;
    return l;
}

int mdd_crc_unit_model_init(mdd_crc_unit_model *m, unsigned w, mdd_crc_alg alg, unsigned user_w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    if ((unsigned)alg >= MDD_CRC_ALG_COUNT) return -1;
    if (user_w < 1 || user_w > 32) return -1;
    memset(m, 0, sizeof *m);
    const mdd_crc_params *p = mdd_crc_params_of(alg);
    m->w = w;
    m->alg = alg;
    m->user_w = user_w;
    m->l = log2_exact(w);
    m->gs = w < 8 ? w : 8;
    m->gl = log2_exact(m->gs);
    m->ng = w / m->gs;
    m->ncp = (m->l + 2) / 3;
    m->nw = (w + 7) / 8;
    m->crc_mask = mdd_crc_mask(alg);
    m->user_mask = user_w == 32 ? 0xffffffffu : ((1u << user_w) - 1);
    m->keep_mask = w == 64 ? ~0ull : ((1ull << w) - 1);
    m->init = p->init;
    m->xorout = p->xorout;
    if (mdd_crc_shift_model_init_opt(&m->fix, alg, m->l, true, 1, user_w, p->xorout, true) != 0) return -1;
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

unsigned mdd_crc_unit_latency(const mdd_crc_unit_model *m)
{
    /* registers P1, P2, C * ncp, E, L (crc_state), then the fix-up's: the word is in the k-th one k cycles
     * after the cycle that accepted it */
    return 4 + m->ncp + mdd_crc_shift_latency(&m->fix);
}

/* The fix-up's inputs: the loop register and the L tags, this cycle's m_tready. */
static void fix_inputs(const mdd_crc_unit_model *m, const mdd_crc_unit_in *in, mdd_crc_shift_in *fin)
{
    fin->rst = in->rst;
    fin->s_reg = m->crc_state;
    fin->s_nbytes = m->l_pad;
    fin->s_tuser = m->l_user;
    fin->s_tvalid = m->l_valid;
    fin->m_tready = in->m_tready;
}

void mdd_crc_unit_eval(const mdd_crc_unit_model *m, const mdd_crc_unit_in *in, mdd_crc_unit_out *out)
{
    mdd_crc_shift_in fin;
    mdd_crc_shift_out fout;
    fix_inputs(m, in, &fin);
    mdd_crc_shift_eval(&m->fix, &fin, &fout);
    out->m_tvalid = fout.m_tvalid;
    out->m_crc = fout.m_reg;
    out->m_tuser = (uint32_t)fout.m_tuser;
    out->s_tready = fout.s_tready;
}

/* ---- bus helpers (W bytes in 64-bit words, unused high bytes zero) ---- */

/* Per-slot flags -> byte mask words. */
static void slot_mask(const mdd_crc_unit_model *m, uint64_t slots, mdd_crc_unit_bus *mask)
{
    for (unsigned k = 0; k < m->nw; ++k) mask->word[k] = m->byte_mask_of[(slots >> (8 * k)) & 0xff];
}

/* Bus moved down by sh slots (slot s takes slot s + sh), zeros shifted in. */
static void shift_down(const mdd_crc_unit_model *m, const mdd_crc_unit_bus *in, unsigned sh, mdd_crc_unit_bus *out)
{
    const unsigned nw = m->nw;
    if (sh % 8 == 0) {
        const unsigned dw = sh / 8;
        for (unsigned k = 0; k < nw; ++k) out->word[k] = k + dw < nw ? in->word[k + dw] : 0;
    } else {
        const unsigned b = 8 * sh;  /* sh < 8 */
        for (unsigned k = 0; k < nw; ++k)
            out->word[k] = (in->word[k] >> b) | (k + 1 < nw ? in->word[k + 1] << (64 - b) : 0);
    }
}

/* Slot s takes slot (s - f) mod W. */
static void rotate_up(const mdd_crc_unit_model *m, const mdd_crc_unit_bus *in, unsigned f, mdd_crc_unit_bus *out)
{
    const unsigned w = m->w;
    if (f == 0) {
        *out = *in;
    } else if (m->nw == 1) {
        const uint64_t all = w == 8 ? ~0ull : ((1ull << (8 * w)) - 1);
        out->word[0] = ((in->word[0] << (8 * f)) | (in->word[0] >> (8 * (w - f)))) & all;
    } else {
        for (unsigned k = 0; k < m->nw; ++k) {
            /* output word k starts at slot 8k, which takes slot (8k - f) mod W */
            unsigned src = (8 * k + w - f) % w, lo = src / 8, bit = 8 * (src % 8);
            unsigned hi = (lo + 1) % m->nw;
            out->word[k] = bit == 0 ? in->word[lo] : (in->word[lo] >> bit) | (in->word[hi] << (64 - bit));
        }
    }
}

/* Bit t of the byte in each slot -> W-bit mask (one slot per bit). */
static uint64_t gather_bit(const mdd_crc_unit_model *m, const mdd_crc_unit_bus *bytes, unsigned t)
{
    uint64_t slots = 0;
    for (unsigned k = 0; k < m->nw; ++k)
        slots |= (((bytes->word[k] >> t) & LSB_OF_BYTES) * 0x0102040810204080ull >> 56) << (8 * k);
    return slots & m->keep_mask;
}

static void bus_from_bytes(const mdd_crc_unit_model *m, const uint8_t *b, mdd_crc_unit_bus *bus)
{
    for (unsigned k = 0; k < m->nw; ++k) {
        uint64_t v = 0;
        for (unsigned i = 0; i < 8 && 8 * k + i < m->w; ++i) v |= (uint64_t)b[8 * k + i] << (8 * i);
        bus->word[k] = v;
    }
}

static void bus_to_bytes(const mdd_crc_unit_model *m, const mdd_crc_unit_bus *bus, uint8_t *b)
{
    for (unsigned i = 0; i < m->w; ++i) b[i] = (uint8_t)(bus->word[i / 8] >> (8 * (i % 8)));
}

/* ---- stages, output side first ---- */

/* The loop S' = S_in * x^(8W) + CRC_raw(word) is one raw update of the word from S_in; an empty word keeps
 * S_in.  After a last word crc_state is the message's register, which the fix-up reads. */
static void tick_loop(mdd_crc_unit_model *m, bool advance, bool rst)
{
    if (advance && m->e_valid) {
        uint64_t seed_reg = m->e_seed_en ? ((m->e_seed ^ m->xorout) & m->crc_mask) : m->init;
        uint64_t crc_in = m->e_first ? seed_reg : m->crc_state;
        if (m->e_empty) {
            m->crc_state = crc_in;
        } else {
            uint8_t bytes[MDD_CRC_UNIT_MAX_W];
            bus_to_bytes(m, &m->e_data, bytes);
            m->crc_state = mdd_crc_raw_update(m->alg, crc_in, bytes, m->w);
        }
        if (m->e_last) {
            m->l_pad = m->e_pad;
            m->l_user = m->e_user;
        }
    }
    if (rst) m->l_valid = false;
    else if (advance) m->l_valid = m->e_valid && m->e_last;
}

static void tick_gearbox(mdd_crc_unit_model *m, bool advance, bool rst)
{
    const unsigned cl = m->ncp - 1;
    const bool in_valid = m->c[cl].valid;
    const mdd_crc_unit_meta *in = &m->c[cl].meta;
    const bool pend = m->gb_pend;
    const bool in_fresh = in->first || !m->gb_started;
    const bool e_valid_d = pend || (in_valid && (in->eq || in->gt || (in->lt && in->last)));

    if (advance && in_valid && pend && in->fill != 0) ++m->invariant_violations;
    if (!advance) {
        if (rst) m->gb_pend = m->e_valid = false;
        return;
    }

    mdd_crc_unit_bus rotated, mask;
    rotate_up(m, &m->c[cl].data, in->fill, &rotated);

    if (e_valid_d) {
        slot_mask(m, pend ? m->keep_mask : in->below, &mask); /* slots taken from G */
        for (unsigned k = 0; k < m->nw; ++k)
            m->e_data.word[k] = (m->gb_word.word[k] & mask.word[k]) | (rotated.word[k] & ~mask.word[k]);
        m->e_first = pend ? m->gb_pend_first : in_fresh;
        m->e_last = pend ? m->gb_pend_last : (in->lt || (in->eq && in->last));
        m->e_empty = pend ? m->gb_pend_empty : (in->lt && in->none);
        m->e_pad = pend ? m->gb_pend_pad : in->pad; /* read on last words only */
        m->e_user = pend ? m->gb_pend_user : in->user;
        bool seed_from_in = !pend && in->first;
        m->e_seed_en = seed_from_in ? in->seed_en : m->gb_seed_en;
        m->e_seed = seed_from_in ? in->seed : m->gb_seed;
    }
    if (in_valid) {
        /* G keeps its slots < f while a partial word grows; after a wrapping last word
         * it keeps only the wrapped bytes (slots >= f cleared); otherwise it loads the rotated word */
        mdd_crc_unit_bus keep_mask, zero_mask;
        bool hold_partial = !pend && in->lt && !in->last;
        bool zero_upper = !pend && in->gt && in->last;
        slot_mask(m, hold_partial ? in->below : 0, &keep_mask);
        slot_mask(m, zero_upper ? (~in->below & m->keep_mask) : 0, &zero_mask);
        for (unsigned k = 0; k < m->nw; ++k)
            m->gb_word.word[k] = (m->gb_word.word[k] & keep_mask.word[k]) |
                                 (rotated.word[k] & ~keep_mask.word[k] & ~zero_mask.word[k]);
        m->gb_pend_last = pend ? in->last : true;
        m->gb_pend_first = pend && in_fresh;
        m->gb_pend_empty = pend && in->lt && in->none;
        m->gb_pend_pad = in->pad;
        m->gb_pend_user = in->user;
        m->gb_started = in->last ? false : (!in_fresh || in->eq || (!pend && in->gt));
        if (in->first) {
            m->gb_seed_en = in->seed_en;
            m->gb_seed = in->seed;
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

/* Network stage j: bytes whose z has bit j set move down by 2^j slots; higher z bits move with them. */
static void network_stage(const mdd_crc_unit_model *m, unsigned j, mdd_crc_unit_bus *data, uint64_t *planes)
{
    const unsigned sh = 1u << j;
    const uint64_t move = planes[j];
    mdd_crc_unit_bus move_bytes, moving, moved;
    slot_mask(m, move, &move_bytes);
    for (unsigned k = 0; k < m->nw; ++k) moving.word[k] = data->word[k] & move_bytes.word[k];
    shift_down(m, &moving, sh, &moved);
    for (unsigned k = 0; k < m->nw; ++k) data->word[k] = (data->word[k] & ~move_bytes.word[k]) | moved.word[k];
    for (unsigned t = j + 1; t < m->l; ++t) planes[t] = (planes[t] & ~move) | ((planes[t] & move) >> sh);
    planes[j] = 0;
}

static void tick_compaction(mdd_crc_unit_model *m, bool advance, bool rst)
{
    const unsigned w = m->w;
    for (unsigned c = m->ncp; c-- > 0;) {
        bool in_valid = c == 0 ? m->p2_valid : m->c[c - 1].valid;
        if (advance && in_valid) {
            mdd_crc_unit_bus data;
            uint64_t planes[MDD_CRC_UNIT_MAX_L] = {0};
            mdd_crc_unit_meta *meta = &m->c[c].meta;
            if (c == 0) {
                /* level 0: excluded bytes zeroed; z = zeros before the byte, 0 for excluded bytes */
                mdd_crc_unit_bus keep_bytes, z;
                slot_mask(m, m->p2_keep, &keep_bytes);
                for (unsigned k = 0; k < m->nw; ++k) {
                    uint64_t zpre = m->p2_zpre[(8 * k) / m->gs];  /* groups are 8 slots (or all 4) */
                    data.word[k] = m->p2_data.word[k] & keep_bytes.word[k];
                    z.word[k] = (zpre * LSB_OF_BYTES + m->p2_lz.word[k]) & keep_bytes.word[k];
                }
                for (unsigned t = 0; t < m->l; ++t) planes[t] = gather_bit(m, &z, t);
                /* f + k vs W with k = W - zeros: compare f with zeros */
                const unsigned f = m->fill, zeros = m->p2_zeros;
                meta->last = m->p2_last;
                meta->first = m->p2_first;
                meta->user = m->p2_user;
                meta->seed_en = m->p2_seed_en;
                meta->seed = m->p2_seed;
                meta->fill = f;
                meta->below = f == 0 ? 0 : ((1ull << f) - 1);
                meta->lt = f < zeros;
                meta->eq = f == zeros;
                meta->gt = f > zeros;
                meta->none = f == 0 && zeros == w;
                meta->pad = (zeros - f) & (w - 1);
            } else {
                data = m->c[c - 1].data;
                memcpy(planes, m->c[c - 1].planes, sizeof planes);
                *meta = m->c[c - 1].meta;
            }
            unsigned j1 = 3 * c + 3 < m->l ? 3 * c + 3 : m->l;
            for (unsigned j = 3 * c; j < j1; ++j) network_stage(m, j, &data, planes);
            m->c[c].data = data;
            memcpy(m->c[c].planes, planes, sizeof planes);
        }
        if (rst) m->c[c].valid = false;
        else if (advance) m->c[c].valid = in_valid;
    }
    /* the fill accumulator, after C0 has read it */
    if (rst) m->fill = 0;
    else if (advance && m->p2_valid) m->fill = m->p2_last ? 0 : ((m->fill - m->p2_zeros) & (w - 1));
}

static void tick_prefix(mdd_crc_unit_model *m, bool advance, bool rst, const mdd_crc_unit_in *in)
{
    /* P2: zeros before each group and in the word */
    if (advance && m->p1_valid) {
        m->p2_data = m->p1_data;
        m->p2_lz = m->p1_lz;
        m->p2_keep = m->p1_keep;
        unsigned sum = 0;
        for (unsigned g = 0; g < m->ng; ++g) {
            m->p2_zpre[g] = (uint8_t)sum;
            sum += m->p1_gz[g];
        }
        m->p2_zeros = sum;
        m->p2_last = m->p1_last;
        m->p2_first = m->p1_first;
        m->p2_user = m->p1_user;
        m->p2_seed_en = m->p1_seed_en;
        m->p2_seed = m->p1_seed;
    }
    if (rst) m->p2_valid = false;
    else if (advance) m->p2_valid = m->p1_valid;

    /* P1: zeros before each byte inside its group (groups of 8 slots, or the 4 of W = 4), zeros per group */
    if (advance && in->s_tvalid) {
        const uint64_t keep = in->s_tkeep & m->keep_mask;
        bus_from_bytes(m, in->s_tdata, &m->p1_data);
        m->p1_keep = keep;
        for (unsigned k = 0; k < m->nw; ++k) {
            /* W = 4: the four absent high bits of the index count as zeros only above slot 3 */
            unsigned kept = (unsigned)(keep >> (8 * k)) & 0xff;
            m->p1_lz.word[k] = m->zeros_before[kept] & (m->w == 4 ? 0xffffffffull : ~0ull);
            m->p1_gz[k] = (uint8_t)(m->zeros_in[kept] - (m->w == 4 ? 4 : 0));
        }
        m->p1_last = in->s_tlast;
        m->p1_first = !m->in_msg;
        m->p1_user = in->s_tuser & m->user_mask;
        m->p1_seed_en = in->s_seed_en;
        m->p1_seed = in->s_seed & m->crc_mask;
    }
    if (rst) m->p1_valid = false;
    else if (advance) m->p1_valid = in->s_tvalid;

    if (rst) m->in_msg = false;
    else if (advance && in->s_tvalid) m->in_msg = !in->s_tlast;
}

void mdd_crc_unit_tick(mdd_crc_unit_model *m, const mdd_crc_unit_in *in)
{
    /* the fix-up is the output stage: its s_tready is every stage's advance */
    mdd_crc_shift_in fin;
    mdd_crc_shift_out fout;
    fix_inputs(m, in, &fin);
    mdd_crc_shift_eval(&m->fix, &fin, &fout);
    const bool advance = fout.s_tready;
    const bool rst = in->rst;
    mdd_crc_shift_tick(&m->fix, &fin);
    tick_loop(m, advance, rst);
    tick_gearbox(m, advance, rst);
    tick_compaction(m, advance, rst);
    tick_prefix(m, advance, rst, in);
}

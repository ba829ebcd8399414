/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_cmb.v (docs/cmb.md section 4).  Register stages, one for one with the RTL:
 *   A   decoded record, record-level checks, end = ADDR + SEG_LEN folded to the shift count (mdd_crc_fold_count)
 *   S   the two shift units (inverse: v * x^(-8 end); forward: x^(8 end)); the record rides along (side[])
 *   P   CAM lookup, free-slot pick, context RAM read, F(end) - F(ADDR)
 *   Q   context read-modify-write (combinational from P; its result registered in q)
 *   M1  product stage of acc * xpow (mdd_crc_mul twin), F(eom) - F(lo)
 *   M2  reduction stage, fingerprint compare
 *   O   output record
 * Every stage loads on every advance (advance = m_tready | ~o.valid), valid or not, like the RTL, so even the
 * outputs of an invalid beat match.
 */
#include "mdd_cmb_model.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"
#include "mdd_crc_mul_model.h"

/* The record as it travels from A to Q (the inverse shift unit's tuser in the RTL). */
typedef struct side {
    uint32_t id;
    uint8_t op, mode, len_valid, crc_valid;
    uint8_t err;          /* record-level error code (FORMAT, ID_RANGE, LEN_ZERO, ADDR_RANGE) or 0 */
    uint8_t fmt_word;     /* FORMAT: first word with a forbidden bit */
    uint8_t fmt_bit;      /* FORMAT: its lowest forbidden bit */
    uint64_t w1;          /* ADDR (SEG) / L (OPEN) */
    uint32_t seg_len;
} side;

/* One context RAM entry. */
typedef struct ctx {
    bool mode, len_valid, crc_valid;
    uint64_t len, exp_crc, acc, xpow, lo, eom, bytes, fp;
    uint8_t rejected;
} ctx;

/* What the output record will say, carried from Q to O. */
typedef struct res {
    bool valid, is_err, abort;
    uint8_t code, op;
    uint32_t id;
    bool mode, len_valid, crc_valid;
    uint8_t rejected;
    uint64_t exp_crc, bytes, w4, w5, w6, w7;
} res;

struct mdd_cmb_model {
    mdd_cmb_params p;
    unsigned stages, slot_w;
    uint64_t crc_mask, addr_mask, xorout, one;
    mdd_crc_shift_model inv, fwd;
    /* A */
    bool a_valid;
    side a;
    uint64_t a_crc, a_end;
    /* S: sideband of each shift stage (the shift models hold the rest) */
    side *s_side;
    /* P */
    bool p_valid;
    side p_rec;
    uint64_t p_end64, p_nv, p_xp, p_fpd;
    bool p_hit, p_free1_ok, p_free2_ok, p_same_prev;
    unsigned p_slot, p_free1, p_free2;
    ctx ram_q;
    /* the record Q handled on the last advance */
    bool prev_present, prev_ins, prev_del;
    unsigned prev_slot;
    ctx prev_ctx;
    /* Q result */
    res q;
    uint64_t q_acc, q_xpow, q_fp, q_lo_eff, q_eom;
    /* M1 */
    res m1;
    uint64_t m1_fp, m1_fexp;
    bool m1_count_ok;
    /* M2 */
    res m2;
    bool m2_fp_ok, m2_count_ok;
    mdd_crc_mul_model mul;
    /* O */
    bool o_valid;
    uint64_t o_data[MDD_CMB_RES_WORDS];
    /* tables */
    uint32_t *cam_id;
    bool *cam_valid;
    ctx *mem;
};

mdd_cmb_params mdd_cmb_default_params(void)
{
    mdd_cmb_params p = {MDD_CRC32C, 64, 32, 64, 2};
    return p;
}

static uint64_t low_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

/* The coverage fingerprint's mixing function F (docs/cmb.md section 5, D-048): two rounds of a GF(2)-linear
 * spread (the CRC-64/NVME register after eight zero bytes) and the PRESENT 4-bit S-box on every nibble.  A
 * bijection, and non-linear over both GF(2) and the integers mod 2^64, where the fingerprint adds. */
static const uint8_t fp_sbox[16] = {0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2};

static uint64_t fp_mix(uint64_t a)
{
    for (int round = 0; round < 2; round++) {
        a = mdd_crc_shift(MDD_CRC64_NVME, a, 8);
        uint64_t s = 0;
        for (int nib = 0; nib < 16; nib++)
            s |= (uint64_t)fp_sbox[(a >> (4 * nib)) & 15] << (4 * nib);
        a = s;
    }
    return a;
}

static unsigned ctz64(uint64_t v)
{
    unsigned n = 0;
    while (!(v & 1)) {
        v >>= 1;
        n++;
    }
    return n;
}

mdd_cmb_model *mdd_cmb_model_new(const mdd_cmb_params *p)
{
    if ((unsigned)p->alg >= MDD_CRC_ALG_COUNT || p->msgs < 2 || p->msgs > MDD_CMB_MAX_MSGS || p->id_w < 1 ||
        p->id_w > 32 || p->addr_w < 32 || p->addr_w > 64 || p->bits_per_stage < 1 || p->bits_per_stage > 8)
        return NULL;
    mdd_cmb_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->p = *p;
    const unsigned exp_w = p->addr_w > mdd_crc_x_order_w(p->alg) ? mdd_crc_x_order_w(p->alg) : p->addr_w;
    if (mdd_crc_shift_model_init(&m->inv, p->alg, exp_w, true, p->bits_per_stage, 1) != 0 ||
        mdd_crc_shift_model_init(&m->fwd, p->alg, exp_w, false, p->bits_per_stage, 1) != 0) {
        free(m);
        return NULL;
    }
    m->stages = mdd_crc_shift_latency(&m->inv);
    m->slot_w = 1;
    while ((1u << m->slot_w) < p->msgs)
        m->slot_w++;
    m->crc_mask = mdd_crc_mask(p->alg);
    m->addr_mask = low_mask(p->addr_w);
    m->xorout = mdd_crc_params_of(p->alg)->xorout;
    m->one = mdd_crc_xpow8n(p->alg, 0);
    m->s_side = calloc(m->stages, sizeof *m->s_side);
    m->cam_id = calloc(p->msgs, sizeof *m->cam_id);
    m->cam_valid = calloc(p->msgs, sizeof *m->cam_valid);
    m->mem = calloc(p->msgs, sizeof *m->mem);
    if (!m->s_side || !m->cam_id || !m->cam_valid || !m->mem) {
        mdd_cmb_model_free(m);
        return NULL;
    }
    mdd_crc_mul_model_init(&m->mul, p->alg);
    return m;
}

void mdd_cmb_model_free(mdd_cmb_model *m)
{
    if (!m)
        return;
    free(m->s_side);
    free(m->cam_id);
    free(m->cam_valid);
    free(m->mem);
    free(m);
}

unsigned mdd_cmb_latency(const mdd_cmb_model *m) { return m->stages + 6; }

unsigned mdd_cmb_open_count(const mdd_cmb_model *m)
{
    unsigned n = 0;
    for (unsigned i = 0; i < m->p.msgs; i++)
        n += m->cam_valid[i];
    return n;
}

static bool advance_of(const mdd_cmb_model *m, const mdd_cmb_in *in) { return in->m_axis_cmb_res_tready || !m->o_valid; }

void mdd_cmb_eval(const mdd_cmb_model *m, const mdd_cmb_in *in, mdd_cmb_out *out)
{
    out->s_axis_cmb_tready = advance_of(m, in) || !m->inv.stage[m->stages - 1].valid;
    memcpy(out->m_axis_cmb_res_tdata, m->o_data, sizeof m->o_data);
    out->m_axis_cmb_res_tvalid = m->o_valid;
}

/* ---- stage A: decode and record-level checks ---- */
static void stage_a(const mdd_cmb_model *m, const uint64_t *w, side *s, uint64_t *crc, uint64_t *end)
{
    memset(s, 0, sizeof *s);
    s->id = (uint32_t)MDD_GET(CMBREC, ID, w);
    s->op = (uint8_t)MDD_GET(CMBREC, OP, w);
    s->mode = (uint8_t)MDD_GET(CMBREC, MODE, w);
    s->len_valid = (uint8_t)MDD_GET(CMBREC, LEN_VALID, w);
    s->crc_valid = (uint8_t)MDD_GET(CMBREC, CRC_VALID, w);
    s->w1 = MDD_GET(CMBREC, ADDR, w);
    s->seg_len = (uint32_t)MDD_GET(CMBREC, SEG_LEN, w);
    const bool crc_reg = MDD_GET(CMBREC, CRC_REG, w) != 0;
    const bool seg = s->op == MDD_CMB_OP_SEG, open = s->op == MDD_CMB_OP_OPEN, close = s->op == MDD_CMB_OP_CLOSE;

    /* the bits each op may use (docs/cmb.md section 2) */
    uint64_t allowed[4];
    allowed[0] = low_mask(MDD_CMBREC_OP_LSB + MDD_CMBREC_OP_W); /* ID and OP */
    if (seg)
        allowed[0] |= 1ull << MDD_CMBREC_CRC_REG_LSB;
    if (open)
        allowed[0] |= (1ull << MDD_CMBREC_MODE_LSB) | (1ull << MDD_CMBREC_LEN_VALID_LSB) |
                      (1ull << MDD_CMBREC_CRC_VALID_LSB);
    if (close)
        allowed[0] |= 1ull << MDD_CMBREC_CRC_VALID_LSB;
    allowed[1] = (seg || (open && s->len_valid)) ? ~0ull : 0;
    allowed[2] = seg ? low_mask(MDD_CMBREC_SEG_LEN_W) << MDD_CMBREC_SEG_LEN_LSB : 0;
    allowed[3] = (seg || ((open || close) && s->crc_valid)) ? m->crc_mask : 0;

    const uint64_t end64 = s->w1 + s->seg_len;
    const bool end_carry = end64 < s->w1;
    const bool end_over = end_carry || (m->p.addr_w < 64 && (end64 >> m->p.addr_w) != 0);
    const bool len_over = m->p.addr_w < 64 && (s->w1 >> m->p.addr_w) != 0;

    int fmt = -1;
    for (int k = 3; k >= 0; k--)
        if (w[k] & ~allowed[k])
            fmt = k;
    if (fmt >= 0) {
        s->err = MDD_CMB_ERR_FORMAT;
        s->fmt_word = (uint8_t)fmt;
        s->fmt_bit = (uint8_t)ctz64(w[fmt] & ~allowed[fmt]);
    } else if (m->p.id_w < 32 && (s->id >> m->p.id_w) != 0) {
        s->err = MDD_CMB_ERR_ID_RANGE;
    } else if ((seg && s->seg_len == 0) || (open && s->len_valid && s->w1 == 0)) {
        s->err = MDD_CMB_ERR_LEN_ZERO;
    } else if ((seg && end_over) || (open && s->len_valid && len_over)) {
        s->err = MDD_CMB_ERR_ADDR_RANGE;
    }
    *crc = (w[3] & m->crc_mask) ^ ((seg && crc_reg) ? m->xorout : 0);
    *end = seg ? mdd_crc_fold_count(m->p.alg, end64 & m->addr_mask) : 0; /* the RTL's fold (D-100) */
}

/* ---- stage P: CAM lookup and free-slot pick (against the CAM before Q's write of this edge) ---- */
static void cam_lookup(const mdd_cmb_model *m, uint32_t id, bool *hit, unsigned *slot)
{
    const bool in_range = m->p.id_w >= 32 || (id >> m->p.id_w) == 0;
    *hit = false;
    *slot = 0;
    for (unsigned i = 0; i < m->p.msgs; i++)
        if (m->cam_valid[i] && m->cam_id[i] == id && in_range) {
            *hit = true;
            *slot |= i; /* the RTL ORs the one-hot match into a binary index */
        }
}

static void free_pick(const mdd_cmb_model *m, bool *ok1, unsigned *f1, bool *ok2, unsigned *f2)
{
    *ok1 = *ok2 = false;
    *f1 = *f2 = 0;
    for (unsigned i = 0; i < m->p.msgs; i++) {
        if (m->cam_valid[i])
            continue;
        if (!*ok1) {
            *ok1 = true;
            *f1 = i;
        } else if (!*ok2) {
            *ok2 = true;
            *f2 = i;
        }
    }
}

/* ---- stage Q: everything that touches a context ---- */
typedef struct q_eff {
    res r;
    uint64_t acc, xpow, fp;
    bool ctx_we, cam_ins, cam_del;
    unsigned slot;
    ctx wctx;
    bool present_after;
} q_eff;

static uint8_t sat_inc(uint8_t v) { return v == 255 ? v : (uint8_t)(v + 1); }

static void stage_q(const mdd_cmb_model *m, q_eff *e)
{
    const side *s = &m->p_rec;
    memset(e, 0, sizeof *e);
    const bool hit = m->p_same_prev ? m->prev_present : m->p_hit;
    const unsigned slot = m->p_same_prev ? m->prev_slot : m->p_slot;
    const ctx c = m->p_same_prev ? m->prev_ctx : m->ram_q;
    ctx n = c;
    res *r = &e->r;

    r->id = s->id;
    r->op = s->op;
    e->slot = slot;
    e->acc = c.acc;
    e->xpow = c.xpow;
    e->fp = c.fp;

    uint8_t err = s->err;
    uint64_t exp = 0, got = 0;
    bool result = false, abort = false;
    const uint64_t start = s->w1 & m->addr_mask, end = m->p_end64 & m->addr_mask;
    switch (err) {
    case MDD_CMB_ERR_FORMAT:
        exp = s->fmt_word;
        got = s->fmt_bit;
        break;
    case MDD_CMB_ERR_ID_RANGE:
        exp = low_mask(m->p.id_w);
        got = s->id;
        break;
    case MDD_CMB_ERR_LEN_ZERO:
        exp = 1;
        break;
    case MDD_CMB_ERR_ADDR_RANGE:
        exp = m->addr_mask;
        got = s->op == MDD_CMB_OP_SEG ? m->p_end64 : s->w1;
        break;
    default:
        break;
    }

    if (!err) {
        switch (s->op) {
        case MDD_CMB_OP_OPEN: {
            unsigned alloc = 0;
            bool ok = true;
            if (m->p_free1_ok && !(m->prev_ins && m->prev_slot == m->p_free1))
                alloc = m->p_free1;
            else if (m->p_free2_ok && !(m->prev_ins && m->prev_slot == m->p_free2))
                alloc = m->p_free2;
            else if (m->prev_del)
                alloc = m->prev_slot;
            else
                ok = false;
            if (hit) {
                err = MDD_CMB_ERR_ALREADY_OPEN;
            } else if (!ok) {
                err = MDD_CMB_ERR_TABLE_FULL;
                exp = got = m->p.msgs;
            } else {
                e->cam_ins = true;
                e->slot = alloc;
                memset(&n, 0, sizeof n);
                n.mode = s->mode;
                n.len_valid = s->len_valid;
                n.crc_valid = s->crc_valid;
                n.len = s->w1;
                n.exp_crc = m->p_nv; /* the expected CRC passed the inverse unit with n = 0 */
                n.xpow = m->one;
                n.lo = m->addr_mask;
                e->ctx_we = true;
            }
            break;
        }
        case MDD_CMB_OP_SEG: {
            if (!hit) {
                err = MDD_CMB_ERR_NOT_OPEN;
                break;
            }
            const bool known = !c.mode;
            const uint64_t new_lo = start < c.lo ? start : c.lo;
            const uint64_t new_eom = end > c.eom ? end : c.eom;
            const uint64_t span = (new_eom - (known ? 0 : new_lo)) & m->addr_mask;
            if (c.len_valid && (known ? end > c.len : span > c.len)) {
                err = MDD_CMB_ERR_PAST_END;
                exp = c.len;
                got = known ? end : span;
            } else if (c.bytes > span - s->seg_len) { /* bytes + len > span, without the carry */
                err = MDD_CMB_ERR_OVERLAP;
                exp = span;
                got = c.bytes + s->seg_len;
            } else {
                n.acc = c.acc ^ m->p_nv;
                if (end > c.eom)
                    n.xpow = m->p_xp;
                n.lo = new_lo;
                n.eom = new_eom;
                n.bytes = c.bytes + s->seg_len;
                n.fp = c.fp + m->p_fpd;
                e->ctx_we = true;
                if (c.len_valid && n.bytes == c.len) {
                    result = true;
                    e->cam_del = true;
                }
            }
            break;
        }
        case MDD_CMB_OP_CLOSE:
            if (!hit) {
                err = MDD_CMB_ERR_NOT_OPEN;
                break;
            }
            if (s->crc_valid) {
                n.exp_crc = m->p_nv;
                n.crc_valid = true;
            }
            result = true;
            e->cam_del = true;
            break;
        default: /* ABORT */
            if (!hit) {
                err = MDD_CMB_ERR_NOT_OPEN;
                break;
            }
            result = abort = true;
            e->cam_del = true;
            break;
        }
    }
    if (err && hit) { /* a refused record naming an open message: only its count changes */
        n = c;
        n.rejected = sat_inc(c.rejected);
        e->ctx_we = true;
    }

    r->valid = err || result;
    r->is_err = err != 0;
    r->code = err;
    r->abort = abort;
    if (err) {
        r->w4 = s->w1;
        r->w5 = s->seg_len;
        r->w6 = exp;
        r->w7 = got;
    } else {
        r->mode = n.mode;
        r->len_valid = n.len_valid;
        r->crc_valid = n.crc_valid;
        r->rejected = n.rejected;
        r->exp_crc = n.crc_valid ? n.exp_crc : 0;
        r->bytes = n.bytes;
        r->w4 = n.lo;
        r->w5 = n.eom;
        r->w6 = n.len;
    }
    e->acc = n.acc;
    e->xpow = n.xpow;
    e->fp = n.fp;
    e->wctx = n;
    e->present_after = (hit && !e->cam_del) || e->cam_ins;
}

/* ---- O: the output record ---- */
static void compose(const res *r, uint64_t crc, bool fp_ok, bool count_ok, uint64_t *w)
{
    memset(w, 0, MDD_CMB_RES_WORDS * sizeof *w);
    const bool match = r->crc_valid && crc == r->exp_crc;
    unsigned code = r->code;
    if (!r->is_err) {
        if (r->abort)
            code = MDD_CMB_ST_ABORTED;
        else if (!count_ok)
            code = MDD_CMB_ST_INCOMPLETE;
        else if (!fp_ok)
            code = MDD_CMB_ST_OVERLAP;
        else
            code = (r->crc_valid && !match) ? MDD_CMB_ST_MISMATCH : MDD_CMB_ST_OK;
    }
    MDD_SET(CMBRES, ID, w, r->id);
    MDD_SET(CMBRES, CODE, w, code);
    MDD_SET(CMBRES, ERROR, w, r->is_err);
    MDD_SET(CMBRES, OP, w, r->op);
    if (!r->is_err) {
        MDD_SET(CMBRES, MODE, w, r->mode);
        MDD_SET(CMBRES, LEN_VALID, w, r->len_valid);
        MDD_SET(CMBRES, CRC_VALID, w, r->crc_valid);
        MDD_SET(CMBRES, MATCH, w, match);
        MDD_SET(CMBRES, COMPLETE, w, code == MDD_CMB_ST_OK || code == MDD_CMB_ST_MISMATCH);
        MDD_SET(CMBRES, REJECTED, w, r->rejected);
        MDD_SET(CMBRES, CRC, w, crc);
        MDD_SET(CMBRES, EXP_CRC, w, r->exp_crc);
        MDD_SET(CMBRES, BYTES, w, r->bytes);
    }
    MDD_SET(CMBRES, LO, w, r->w4);
    MDD_SET(CMBRES, EOM, w, r->w5);
    MDD_SET(CMBRES, EXP, w, r->w6);
    MDD_SET(CMBRES, GOT, w, r->w7);
}

void mdd_cmb_tick(mdd_cmb_model *m, const mdd_cmb_in *in)
{
    const bool adv = advance_of(m, in);
    const bool rst = in->rst;

    /* Inputs of every register, from the state before the edge. */
    mdd_crc_shift_in si = {0}, sf = {0};
    si.rst = sf.rst = rst;
    si.s_reg = m->a_crc;
    si.s_nbytes = m->a_end;
    si.s_tvalid = m->a_valid;
    si.m_tready = sf.m_tready = adv;
    sf.s_reg = m->one;
    sf.s_nbytes = m->a_end;
    sf.s_tvalid = m->a_valid;
    mdd_crc_shift_out so_inv, so_fwd;
    mdd_crc_shift_eval(&m->inv, &si, &so_inv);
    mdd_crc_shift_eval(&m->fwd, &sf, &so_fwd);
    const side *s_last = &m->s_side[m->stages - 1];

    q_eff e;
    stage_q(m, &e);
    /* P's lookups see the tables before this edge's Q write (read-first RAM, CAM registers) */
    bool hit, ok1, ok2;
    unsigned slot, f1, f2;
    cam_lookup(m, s_last->id, &hit, &slot);
    free_pick(m, &ok1, &f1, &ok2, &f2);
    const ctx p_rd = m->mem[slot];

    if (adv) {
        /* O: loads only with a valid record, so the output data are a function of valid records alone */
        if (m->m2.valid)
            compose(&m->m2, mdd_crc_mul_p(&m->mul), m->m2_fp_ok, m->m2_count_ok, m->o_data);
        m->o_valid = m->m2.valid;
        /* M2 */
        m->m2 = m->m1;
        m->m2_fp_ok = m->m1_fp == m->m1_fexp;
        m->m2_count_ok = m->m1_count_ok;
        /* M1 (both stages of the multiplier load together) */
        mdd_crc_mul_tick(&m->mul, true, m->q_acc, m->q_xpow);
        m->m1 = m->q;
        m->m1_fp = m->q_fp;
        m->m1_fexp = fp_mix(m->q_eom) - fp_mix(m->q_lo_eff);
        const res *qr = &m->q;
        const uint64_t required = qr->len_valid ? qr->w6 : ((qr->mode ? qr->w5 - qr->w4 : qr->w5) & m->addr_mask);
        m->m1_count_ok = qr->bytes != 0 && qr->bytes == required;
        /* Q: tables (valid records only), forwarding registers, result */
        if (m->p_valid && !rst) {
            if (e.ctx_we)
                m->mem[e.slot] = e.wctx;
            if (e.cam_ins) {
                m->cam_valid[e.slot] = true;
                m->cam_id[e.slot] = m->p_rec.id;
            }
            if (e.cam_del)
                m->cam_valid[e.slot] = false;
        }
        m->prev_present = e.present_after;
        m->prev_slot = e.slot;
        m->prev_ctx = e.wctx;
        m->prev_ins = m->p_valid && e.cam_ins;
        m->prev_del = m->p_valid && e.cam_del;
        m->q = e.r;
        m->q.valid = m->p_valid && e.r.valid;
        m->q_acc = e.acc;
        m->q_xpow = e.xpow;
        m->q_fp = e.fp;
        m->q_eom = e.wctx.eom;
        m->q_lo_eff = e.wctx.mode ? e.wctx.lo : 0;
        /* P (registers whether its record follows Q's with the same ID: Q then forwards its own write) */
        m->p_same_prev = so_inv.m_tvalid && m->p_valid && s_last->id == m->p_rec.id;
        m->ram_q = p_rd;
        m->p_valid = so_inv.m_tvalid;
        m->p_rec = *s_last;
        m->p_end64 = s_last->w1 + s_last->seg_len;
        m->p_nv = so_inv.m_reg;
        m->p_xp = so_fwd.m_reg;
        m->p_fpd = fp_mix(m->p_end64 & m->addr_mask) - fp_mix(s_last->w1 & m->addr_mask);
        m->p_hit = hit;
        m->p_slot = slot;
        m->p_free1_ok = ok1;
        m->p_free1 = f1;
        m->p_free2_ok = ok2;
        m->p_free2 = f2;
    }
    /* A and the shift units also advance while the shift output holds a bubble (the shift unit's own rule) */
    if (so_inv.s_tready) {
        memmove(&m->s_side[1], &m->s_side[0], (m->stages - 1) * sizeof *m->s_side);
        m->s_side[0] = m->a;
        stage_a(m, in->s_axis_cmb_tdata, &m->a, &m->a_crc, &m->a_end);
        m->a_valid = in->s_axis_cmb_tvalid;
    }
    mdd_crc_shift_tick(&m->inv, &si);
    mdd_crc_shift_tick(&m->fwd, &sf);
    if (rst) {
        m->a_valid = m->p_valid = m->q.valid = m->m1.valid = m->m2.valid = m->o_valid = false;
        m->prev_ins = m->prev_del = m->prev_present = false;
        memset(m->cam_valid, 0, m->p.msgs * sizeof *m->cam_valid);
    }
}

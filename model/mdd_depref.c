/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depref.c - the reference deposit engine (see mdd_depref.h), docs/deposit.md sections 2-7.
 *
 * The readings of points sections 2-7 of docs/deposit.md leave open are listed in one place, docs/deposit.md
 * section 9.6; this file follows them. Notes internal to the reference:
 *  - A packet is given as byte positions with optional tkeep per beat (struct mdd_deppkt): the reference derives
 *    the bytes seen from the tkeep popcounts; an empty tlast beat (tkeep 0) is not represented (the stimulus never
 *    sends one).
 *  - Whether a packet is checked before an earlier late failure of its connection is known is an input
 *    (hdr_early): the scoreboard runs both outcomes and keeps the one the engine's first write confirms.
 *  - A poisoned byte (host error range) fails the write that strobes it: the first failing structure's range
 *    (entry, then payload) gives AXI_RESP's BRESP.
 */
#include "mdd_depref.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"

struct mdd_depref {
    mdd_dep_params p;
    struct mdd_depref_conn *conn;
    struct mdd_depref_region *region;
    struct mdd_depref_areg *areg;
    struct mdd_depref_ring *rhq, *cq;
    uint32_t err_cq, tbl_sel, tbl_idx, db_idx;
    uint32_t data[8];
    struct mdd_depref_counters cnt;
    mdd_depref_poison_fn poison;
    void *poison_ctx;
    bool flushed_first;
};

mdd_dep_params mdd_depref_default_params(unsigned w)
{
    mdd_dep_params p = {w, 64, 256, 256, 16, 16, 256, 16, 4};
    return p;
}

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

bool mdd_depref_params_ok(const mdd_dep_params *p)
{
    return p && pow2(p->w) && p->w >= 4 && p->w <= MDD_DEP_MAX_W && pow2(p->conns) && p->conns >= 2 &&
           p->conns <= 65536 && pow2(p->regions) && p->regions >= 2 && p->regions <= (1u << 24) &&
           pow2(p->aregs) && p->aregs >= 2 && p->aregs <= 65536 && pow2(p->rhqs) && p->rhqs <= 256 &&
           pow2(p->cqs) && p->cqs <= 256 && pow2(p->burst_bytes) && p->burst_bytes >= p->w &&
           p->burst_bytes <= 4096 && p->max_outstanding >= 1 && p->max_outstanding <= 256 && p->axi_id_w >= 1 &&
           p->axi_id_w <= 8;
}

static void free_tables(struct mdd_depref *r)
{
    free(r->conn);
    free(r->region);
    free(r->areg);
    free(r->rhq);
    free(r->cq);
}

static bool alloc_tables(struct mdd_depref *r)
{
    r->conn = calloc(r->p.conns, sizeof *r->conn);
    r->region = calloc(r->p.regions, sizeof *r->region);
    r->areg = calloc(r->p.aregs, sizeof *r->areg);
    r->rhq = calloc(r->p.rhqs, sizeof *r->rhq);
    r->cq = calloc(r->p.cqs, sizeof *r->cq);
    return r->conn && r->region && r->areg && r->rhq && r->cq;
}

struct mdd_depref *mdd_depref_new(const mdd_dep_params *p)
{
    if (!mdd_depref_params_ok(p))
        return NULL;
    struct mdd_depref *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->p = *p;
    if (!alloc_tables(r)) {
        mdd_depref_free(r);
        return NULL;
    }
    return r;
}

void mdd_depref_free(struct mdd_depref *r)
{
    if (!r)
        return;
    free_tables(r);
    free(r);
}

void mdd_depref_reset(struct mdd_depref *r)
{
    /* what the engine's reset clears: connection states, whole region entries (the sweep writes zeros into the
     * region RAM), ring counts, arming, CQ existence, the registers and counters; every other table field keeps
     * its value (docs/deposit.md 9.6) */
    for (unsigned i = 0; i < r->p.conns; i++)
        r->conn[i].state = MDD_DEP_CONN_INVALID, r->conn[i].exc_late = false;
    memset(r->region, 0, r->p.regions * sizeof *r->region);
    for (unsigned i = 0; i < r->p.rhqs; i++)
        r->rhq[i].tail = r->rhq[i].head = 0;
    for (unsigned i = 0; i < r->p.cqs; i++) {
        struct mdd_depref_ring *q = &r->cq[i];
        q->tail = q->head = q->arm = 0;
        q->created = false;
    }
    r->err_cq = r->tbl_sel = r->tbl_idx = r->db_idx = 0;
    memset(&r->cnt, 0, sizeof r->cnt);
}

struct mdd_depref *mdd_depref_clone(const struct mdd_depref *r)
{
    struct mdd_depref *c = mdd_depref_new(&r->p);
    if (!c)
        return NULL;
    memcpy(c->conn, r->conn, r->p.conns * sizeof *r->conn);
    memcpy(c->region, r->region, r->p.regions * sizeof *r->region);
    memcpy(c->areg, r->areg, r->p.aregs * sizeof *r->areg);
    memcpy(c->rhq, r->rhq, r->p.rhqs * sizeof *r->rhq);
    memcpy(c->cq, r->cq, r->p.cqs * sizeof *r->cq);
    c->err_cq = r->err_cq;
    c->tbl_sel = r->tbl_sel;
    c->tbl_idx = r->tbl_idx;
    c->db_idx = r->db_idx;
    memcpy(c->data, r->data, sizeof r->data);
    c->cnt = r->cnt;
    c->poison = r->poison;
    c->poison_ctx = r->poison_ctx;
    c->flushed_first = r->flushed_first;
    return c;
}

const mdd_dep_params *mdd_depref_params(const struct mdd_depref *r) { return &r->p; }
void mdd_depref_set_poison(struct mdd_depref *r, mdd_depref_poison_fn fn, void *ctx)
{
    r->poison = fn;
    r->poison_ctx = ctx;
}
void mdd_depref_set_flushed_first(struct mdd_depref *r, bool flushed_first) { r->flushed_first = flushed_first; }

/* ---- tables ---------------------------------------------------------------------------------------------- */

static unsigned table_size(const struct mdd_depref *r, unsigned sel)
{
    switch (sel) {
    case MDD_DEP_TBL_CONN: return r->p.conns;
    case MDD_DEP_TBL_REGION: return r->p.regions;
    case MDD_DEP_TBL_AREG: return r->p.aregs;
    case MDD_DEP_TBL_RHQ: return r->p.rhqs;
    case MDD_DEP_TBL_CQ: return r->p.cqs;
    default: return 0;
    }
}

void mdd_depref_conn_image(const struct mdd_depref_conn *c, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    MDD_SET(DEPCONN, STATE, w, c->state);
    MDD_SET(DEPCONN, PD, w, c->pd);
    MDD_SET(DEPCONN, RHQ, w, c->rhq);
    MDD_SET(DEPCONN, CQ, w, c->cq);
    MDD_SET(DEPCONN, REPLY, w, c->reply);
    MDD_SET(DEPCONN, AREG_BASE, w, c->areg_base);
    MDD_SET(DEPCONN, AREG_LEN, w, c->areg_len);
}

void mdd_depref_region_image(const struct mdd_depref_region *g, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    MDD_SET(DEPREGION, VALID, w, g->valid);
    MDD_SET(DEPREGION, RIGHTS, w, g->w);
    MDD_SET(DEPREGION, KEY, w, g->key);
    MDD_SET(DEPREGION, PD, w, g->pd);
    MDD_SET(DEPREGION, BASE, w, g->base);
    MDD_SET(DEPREGION, LEN, w, g->len);
}

void mdd_depref_areg_image(const struct mdd_depref_areg *a, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    MDD_SET(DEPAREG, VALUE, w, a->value);
    MDD_SET(DEPAREG, PROT, w, a->prot);
}

void mdd_depref_rhq_image(const struct mdd_depref_ring *q, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    MDD_SET(DEPRHQ, BASE, w, q->base);
    MDD_SET(DEPRHQ, PTR_ADDR, w, q->ptr_addr);
    MDD_SET(DEPRHQ, LOG2N, w, q->log2n);
    MDD_SET(DEPRHQ, TAIL, w, q->tail);
    MDD_SET(DEPRHQ, HEAD, w, q->head);
}

void mdd_depref_cq_image(const struct mdd_depref_ring *q, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    MDD_SET(DEPCQ, BASE, w, q->base);
    MDD_SET(DEPCQ, LOG2N, w, q->log2n);
    MDD_SET(DEPCQ, EVT_ID, w, q->evt_id);
    MDD_SET(DEPCQ, ARM, w, q->arm);
    MDD_SET(DEPCQ, TAIL, w, q->tail);
    MDD_SET(DEPCQ, HEAD, w, q->head);
}

bool mdd_depref_table_image(const struct mdd_depref *r, unsigned sel, unsigned idx, uint64_t w[4])
{
    memset(w, 0, 4 * sizeof w[0]);
    if (idx >= table_size(r, sel))
        return false;
    switch (sel) {
    case MDD_DEP_TBL_CONN: mdd_depref_conn_image(&r->conn[idx], w); break;
    case MDD_DEP_TBL_REGION: mdd_depref_region_image(&r->region[idx], w); break;
    case MDD_DEP_TBL_AREG: mdd_depref_areg_image(&r->areg[idx], w); break;
    case MDD_DEP_TBL_RHQ: mdd_depref_rhq_image(&r->rhq[idx], w); break;
    case MDD_DEP_TBL_CQ: mdd_depref_cq_image(&r->cq[idx], w); break;
    }
    return true;
}

static void table_write(struct mdd_depref *r, unsigned sel, unsigned idx, const uint64_t *w)
{
    if (idx >= table_size(r, sel))
        return; /* a missing entry: nothing (docs/deposit.md 9.6) */
    switch (sel) {
    case MDD_DEP_TBL_CONN: {
        struct mdd_depref_conn *c = &r->conn[idx];
        c->state = (unsigned)MDD_GET(DEPCONN, STATE, w);
        c->pd = (unsigned)MDD_GET(DEPCONN, PD, w);
        c->rhq = (unsigned)MDD_GET(DEPCONN, RHQ, w);
        c->cq = (unsigned)MDD_GET(DEPCONN, CQ, w);
        c->reply = (unsigned)MDD_GET(DEPCONN, REPLY, w);
        c->areg_base = (unsigned)MDD_GET(DEPCONN, AREG_BASE, w);
        c->areg_len = (unsigned)MDD_GET(DEPCONN, AREG_LEN, w);
        c->exc_late = false;
        break;
    }
    case MDD_DEP_TBL_REGION: {
        struct mdd_depref_region *g = &r->region[idx];
        g->valid = MDD_GET(DEPREGION, VALID, w);
        g->w = MDD_GET(DEPREGION, RIGHTS, w);
        g->key = (unsigned)MDD_GET(DEPREGION, KEY, w);
        g->pd = (unsigned)MDD_GET(DEPREGION, PD, w);
        g->base = MDD_GET(DEPREGION, BASE, w);
        g->len = MDD_GET(DEPREGION, LEN, w);
        break;
    }
    case MDD_DEP_TBL_AREG:
        r->areg[idx].value = MDD_GET(DEPAREG, VALUE, w);
        r->areg[idx].prot = (unsigned)MDD_GET(DEPAREG, PROT, w);
        break;
    case MDD_DEP_TBL_RHQ: {
        struct mdd_depref_ring *q = &r->rhq[idx];
        memset(q, 0, sizeof *q); /* (re)creates the ring: tail, head 0 */
        q->base = MDD_GET(DEPRHQ, BASE, w);
        q->ptr_addr = MDD_GET(DEPRHQ, PTR_ADDR, w);
        q->log2n = (unsigned)MDD_GET(DEPRHQ, LOG2N, w);
        break;
    }
    case MDD_DEP_TBL_CQ: {
        struct mdd_depref_ring *q = &r->cq[idx];
        memset(q, 0, sizeof *q); /* tail, head, arm 0 */
        q->created = true;
        q->base = MDD_GET(DEPCQ, BASE, w);
        q->log2n = (unsigned)MDD_GET(DEPCQ, LOG2N, w);
        q->evt_id = (unsigned)MDD_GET(DEPCQ, EVT_ID, w);
        break;
    }
    }
}

bool mdd_depref_reg_write(struct mdd_depref *r, uint32_t addr, uint32_t data, uint32_t *evt_tdata)
{
    if (addr >= MDD_DEPREG_TBL_DATA0 && addr < MDD_DEPREG_TBL_DATA0 + 32 && !(addr & 3)) {
        r->data[(addr - MDD_DEPREG_TBL_DATA0) / 4] = data;
        return false;
    }
    switch (addr) {
    case MDD_DEPREG_ERR_CQ: r->err_cq = data & 0xFF; break; /* an 8-bit register (CQS <= 256) */
    case MDD_DEPREG_TBL_SEL: r->tbl_sel = data & 7; break;
    case MDD_DEPREG_TBL_IDX: r->tbl_idx = data; break;
    case MDD_DEPREG_TBL_CMD: {
        uint64_t w[4];
        if (data == MDD_DEPREG_CMD_WRITE) {
            for (unsigned i = 0; i < 4; i++)
                w[i] = (uint64_t)r->data[2 * i + 1] << 32 | r->data[2 * i];
            table_write(r, r->tbl_sel, r->tbl_idx, w);
        } else if (data == MDD_DEPREG_CMD_READ) {
            mdd_depref_table_image(r, r->tbl_sel, r->tbl_idx, w); /* zeros for an entry that does not exist */
            for (unsigned i = 0; i < 4; i++) {
                r->data[2 * i] = (uint32_t)w[i];
                r->data[2 * i + 1] = (uint32_t)(w[i] >> 32);
            }
        }
        break;
    }
    case MDD_DEPREG_DB_IDX: r->db_idx = data; break;
    case MDD_DEPREG_RHQ_HEAD:
        if (r->db_idx < r->p.rhqs)
            r->rhq[r->db_idx].head = data;
        break;
    case MDD_DEPREG_CQ_HEAD:
        if (r->db_idx < r->p.cqs)
            r->cq[r->db_idx].head = data;
        break;
    case MDD_DEPREG_CQ_ARM:
        if (r->db_idx < r->p.cqs) {
            struct mdd_depref_ring *q = &r->cq[r->db_idx];
            q->arm = data & 3;
            if (q->arm == MDD_DEP_ARM_ANY && q->head != q->tail) {
                q->arm = MDD_DEP_ARM_NONE;
                r->cnt.events++;
                if (evt_tdata)
                    *evt_tdata = r->db_idx << 16 | (q->evt_id & 0xFFFF);
                return true;
            }
        }
        break;
    default: break;
    }
    return false;
}

bool mdd_depref_reg_read(const struct mdd_depref *r, uint32_t addr, uint32_t *data)
{
    uint32_t v;
    if (addr >= MDD_DEPREG_TBL_DATA0 && addr < MDD_DEPREG_TBL_DATA0 + 32 && !(addr & 3))
        v = r->data[(addr - MDD_DEPREG_TBL_DATA0) / 4];
    else if (addr >= MDD_DEPREG_ERR_COUNT && addr < MDD_DEPREG_ERR_COUNT + 4 * MDD_DEP_ERR_CODES && !(addr & 3))
        v = r->cnt.err_count[(addr - MDD_DEPREG_ERR_COUNT) / 4];
    else
        switch (addr) {
        case MDD_DEPREG_ID: v = MDD_DEPREG_ID_VALUE; break;
        case MDD_DEPREG_ERR_CQ: v = r->err_cq; break;
        case MDD_DEPREG_TBL_SEL: v = r->tbl_sel; break;
        case MDD_DEPREG_TBL_IDX: v = r->tbl_idx; break;
        case MDD_DEPREG_DB_IDX: v = r->db_idx; break;
        case MDD_DEPREG_PKTS: v = r->cnt.pkts; break;
        case MDD_DEPREG_PKTS_OK: v = r->cnt.pkts_ok; break;
        case MDD_DEPREG_PKTS_ERR: v = r->cnt.pkts_err; break;
        case MDD_DEPREG_CQES: v = r->cnt.cqes; break;
        case MDD_DEPREG_EVENTS: v = r->cnt.events; break;
        case MDD_DEPREG_BYTES_LO: v = (uint32_t)r->cnt.bytes; break;
        case MDD_DEPREG_BYTES_HI: v = (uint32_t)(r->cnt.bytes >> 32); break;
        default: return false;
        }
    *data = v;
    return true;
}

/* ---- packets --------------------------------------------------------------------------------------------- */

static unsigned poison_at(const struct mdd_depref *r, uint64_t addr, uint64_t len)
{
    return r->poison && len ? r->poison(r->poison_ctx, addr, len) : 0;
}

/* What an operation needs of A[i] and A[i+1] (0: that register is not used). */
static void op_needs(unsigned op, unsigned *n0, unsigned *n1)
{
    *n0 = *n1 = 0;
    switch (op) {
    case MDD_DEP_OP_WRITE_IND:
    case MDD_DEP_OP_WRITE_IDX: *n0 = MDD_DEP_PROT_I; break;
    case MDD_DEP_OP_WRITE_IND_INC: *n0 = MDD_DEP_PROT_I | MDD_DEP_PROT_W; break;
    case MDD_DEP_OP_WRITE_IND_INCR:
        *n0 = MDD_DEP_PROT_I | MDD_DEP_PROT_W;
        *n1 = MDD_DEP_PROT_R;
        break;
    case MDD_DEP_OP_REG_LOAD: *n0 = MDD_DEP_PROT_W; break;
    case MDD_DEP_OP_REG_ADD:
    case MDD_DEP_OP_REG_INC: *n0 = MDD_DEP_PROT_R | MDD_DEP_PROT_W; break;
    case MDD_DEP_OP_NOTIFY_IF_EQ: *n0 = MDD_DEP_PROT_R; break;
    case MDD_DEP_OP_NOTIFY_IF_EQ_REG: *n0 = *n1 = MDD_DEP_PROT_R; break;
    }
}

bool mdd_depref_op_known(unsigned op)
{
    return (op >= MDD_DEP_OP_WRITE && op <= MDD_DEP_OP_WRITE_IND_INCR) ||
           (op >= MDD_DEP_OP_REG_LOAD && op <= MDD_DEP_OP_NOTIFY_IF_EQ_REG);
}
bool mdd_depref_op_is_write(unsigned op) { return op >= MDD_DEP_OP_WRITE && op <= MDD_DEP_OP_WRITE_IND_INCR; }

const char *mdd_depref_op_name(unsigned op)
{
    static const char *const w[] = {"?", "WRITE", "WRITE_IND", "WRITE_IDX", "WRITE_IND_INC", "WRITE_IND_INCR"};
    static const char *const g[] = {"REG_LOAD", "REG_ADD", "REG_INC", "NOTIFY_IF_EQ", "NOTIFY_IF_EQ_REG"};
    if (op >= 1 && op <= 5)
        return w[op];
    if (op >= 0x10 && op <= 0x14)
        return g[op - 0x10];
    return "?";
}

const char *mdd_depref_code_name(unsigned code)
{
    static const char *const n[] = {"OK",           "SHORT",         "KEEP",           "HDR_CSUM",
                                    "OPCODE",       "FORMAT",        "CONN_RANGE",     "CONN_INVALID",
                                    "CONN_EXCEPTION", "CONN_FLUSHED", "AREG_WINDOW",    "AREG_PROT",
                                    "TOKEN_RANGE",  "TOKEN_INVALID", "TOKEN_KEY",      "TOKEN_PD",
                                    "OVERFLOW",     "BOUNDS",        "RIGHTS",         "LONG",
                                    "PAYLOAD_CRC",  "UPSTREAM",      "AXI_RESP",       "FLUSHED"};
    return code < sizeof n / sizeof n[0] ? n[code] : "?";
}

/* Whether byte position k of the packet had its tkeep bit set (positions past len do not exist). */
static bool kept(const uint64_t *keep, unsigned w, uint32_t k) { return !keep || (keep[k / w] >> (k % w) & 1); }

/* Lowest position below len under a tkeep hole, at or above `from`, or UINT32_MAX. */
static uint32_t first_hole(const struct mdd_deppkt *pkt, unsigned w, uint32_t from)
{
    if (!pkt->keep)
        return UINT32_MAX;
    for (uint32_t k = from; k < pkt->len; k++)
        if (!kept(pkt->keep, w, k))
            return k;
    return UINT32_MAX;
}

/* Bytes seen: the sum of the tkeep popcounts (docs/deposit.md 9.6). */
static uint32_t bytes_seen(const struct mdd_deppkt *pkt, unsigned w)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < pkt->len; k++)
        n += kept(pkt->keep, w, k);
    return n;
}

bool mdd_depref_placed(const struct mdd_depref_res *res, uint32_t j)
{
    return j < res->place && kept(res->keep, res->w, MDD_DEPHDR_LEN + j);
}

static void put_wr(struct mdd_depref_wr *wr, uint64_t addr, uint32_t len)
{
    wr->addr = addr;
    wr->len = len;
}

static void fail(struct mdd_depref_res *res, unsigned code, unsigned field, uint64_t expected, uint64_t found)
{
    res->code = code;
    res->field = field;
    res->expected = expected;
    res->found = found;
}

/* The header checks of section 5 (1-13); 0 when all pass. eo is set for writes that reach check 11. */
static unsigned header_checks(struct mdd_depref *r, const struct mdd_deppkt *pkt, const uint8_t *h, uint32_t hole,
                              struct mdd_depref_res *res, bool *flushed, uint64_t *eo)
{
    const unsigned w = r->p.w;
    *flushed = false;
    /* the packet ends in a beat that holds header bytes with fewer than 32 bytes seen */
    const uint32_t seen = bytes_seen(pkt, w), last_start = (pkt->len ? pkt->len - 1 : 0) / w * w;
    if (last_start < MDD_DEPHDR_LEN && seen < MDD_DEPHDR_LEN) {
        fail(res, MDD_DEP_ERR_SHORT, MDD_DEP_FIELD_NONE, MDD_DEPHDR_LEN, seen);
        return res->code;
    }
    if (hole < MDD_DEPHDR_LEN) { /* a hole under a header byte; one at a payload lane of a header beat is late */
        fail(res, MDD_DEP_ERR_KEEP, hole % w, 0, 0);
        return res->code;
    }
    uint32_t csum = (uint32_t)mdd_crc(MDD_CRC32C, h, MDD_DEPHDR_CSUM_OFF);
    uint32_t hdr_csum = (uint32_t)mdd_dep_be(h + MDD_DEPHDR_CSUM_OFF, 4);
    if (csum != hdr_csum) {
        fail(res, MDD_DEP_ERR_HDR_CSUM, MDD_DEPHDR_CSUM_OFF, csum, hdr_csum);
        return res->code;
    }
    const unsigned op = res->opcode;
    if (!mdd_depref_op_known(op)) {
        fail(res, MDD_DEP_ERR_OPCODE, MDD_DEPHDR_OPCODE_OFF, 0, op);
        return res->code;
    }
    /* FORMAT in the order of check 5's text: flags 7:4, bytes 18-19, then for register ops token, length, PCRC or
     * MSEG;
     * found = the whole field */
    const bool regop = !mdd_depref_op_is_write(op);
    unsigned rsvd = (unsigned)mdd_dep_be(h + MDD_DEPHDR_RSVD_OFF, 2);
    if (res->flags & (uint8_t)~MDD_DEP_FLAGS_KNOWN) {
        fail(res, MDD_DEP_ERR_FORMAT, MDD_DEPHDR_FLAGS_OFF, 0, res->flags);
        return res->code;
    }
    if (rsvd) {
        fail(res, MDD_DEP_ERR_FORMAT, MDD_DEPHDR_RSVD_OFF, 0, rsvd);
        return res->code;
    }
    if (regop && res->token) {
        fail(res, MDD_DEP_ERR_FORMAT, MDD_DEPHDR_TOKEN_OFF, 0, res->token);
        return res->code;
    }
    if (regop && res->length) {
        fail(res, MDD_DEP_ERR_FORMAT, MDD_DEPHDR_LENGTH_OFF, 0, res->length);
        return res->code;
    }
    if (regop && (res->flags & (MDD_DEP_FLAG_PCRC | MDD_DEP_FLAG_MSEG))) {
        fail(res, MDD_DEP_ERR_FORMAT, MDD_DEPHDR_FLAGS_OFF, 0, res->flags);
        return res->code;
    }
    if (res->conn >= r->p.conns) {
        fail(res, MDD_DEP_ERR_CONN_RANGE, MDD_DEPHDR_CONN_OFF, r->p.conns, res->conn);
        return res->code;
    }
    const struct mdd_depref_conn *c = &r->conn[res->conn];
    unsigned state = c->state;
    if (state == MDD_DEP_CONN_EXCEPTION && c->exc_late && pkt->hdr_early) {
        state = MDD_DEP_CONN_OPEN; /* checked before the earlier packet's failure was known */
        *flushed = true;
    }
    if (state != MDD_DEP_CONN_OPEN) {
        unsigned code = state == MDD_DEP_CONN_INVALID     ? MDD_DEP_ERR_CONN_INVALID
                        : state == MDD_DEP_CONN_EXCEPTION ? MDD_DEP_ERR_CONN_EXCEPTION
                                                          : MDD_DEP_ERR_CONN_FLUSHED;
        fail(res, code, MDD_DEPHDR_CONN_OFF, MDD_DEP_CONN_OPEN, state);
        return res->code;
    }
    unsigned n0, n1;
    op_needs(op, &n0, &n1);
    const uint32_t ai = res->areg;
    if (n0 && ai >= c->areg_len) {
        fail(res, MDD_DEP_ERR_AREG_WINDOW, MDD_DEPHDR_AREG_OFF, c->areg_len, ai);
        return res->code;
    }
    if (n1 && ai + 1 >= c->areg_len) {
        fail(res, MDD_DEP_ERR_AREG_WINDOW, MDD_DEPHDR_AREG_OFF, c->areg_len, ai + 1);
        return res->code;
    }
    const unsigned i0 = (c->areg_base + ai) & (r->p.aregs - 1), i1 = (c->areg_base + ai + 1) & (r->p.aregs - 1);
    if (n0 && (r->areg[i0].prot & n0) != n0) {
        fail(res, MDD_DEP_ERR_AREG_PROT, MDD_DEPHDR_AREG_OFF, n0, r->areg[i0].prot);
        return res->code;
    }
    if (n1 && (r->areg[i1].prot & n1) != n1) {
        fail(res, MDD_DEP_ERR_AREG_PROT, MDD_DEPHDR_AREG_OFF, n1, r->areg[i1].prot);
        return res->code;
    }
    res->areg_idx = i0;
    if (regop)
        return 0;
    const uint32_t tidx = res->token >> 8, tkey = res->token & 0xFF;
    if (tidx >= r->p.regions) {
        fail(res, MDD_DEP_ERR_TOKEN_RANGE, MDD_DEPHDR_TOKEN_OFF, r->p.regions, tidx);
        return res->code;
    }
    const struct mdd_depref_region *g = &r->region[tidx];
    if (!g->valid) {
        fail(res, MDD_DEP_ERR_TOKEN_INVALID, MDD_DEPHDR_TOKEN_OFF, 1, 0); /* the valid bit */
        return res->code;
    }
    if (g->key != tkey) {
        fail(res, MDD_DEP_ERR_TOKEN_KEY, MDD_DEPHDR_TOKEN_OFF, g->key, tkey);
        return res->code;
    }
    if (g->pd != c->pd) {
        fail(res, MDD_DEP_ERR_TOKEN_PD, MDD_DEPHDR_TOKEN_OFF, c->pd, g->pd); /* what the connection needs */
        return res->code;
    }
    switch (op) {
    case MDD_DEP_OP_WRITE: *eo = res->offset; break;
    case MDD_DEP_OP_WRITE_IDX: *eo = r->areg[i0].value + res->offset; break;
    default: *eo = r->areg[i0].value; break;
    }
    const unsigned __int128 end = (unsigned __int128)*eo + res->length;
    if (end >> 64 || ((unsigned __int128)g->base + end) >> 64) {
        fail(res, MDD_DEP_ERR_OVERFLOW, MDD_DEPHDR_OFFSET_OFF, 0, *eo);
        return res->code;
    }
    if ((uint64_t)end > g->len) {
        fail(res, MDD_DEP_ERR_BOUNDS, MDD_DEPHDR_LENGTH_OFF, g->len, (uint64_t)end);
        return res->code;
    }
    if (!g->w) {
        fail(res, MDD_DEP_ERR_RIGHTS, MDD_DEPHDR_TOKEN_OFF, MDD_DEP_RIGHT_W, g->w);
        return res->code;
    }
    res->ea = g->base + *eo;
    return 0;
}

/* Posts the CQE of res (code, solicited, the fields already in res) to CQ cq; event if armed for it. */
static void post_cqe(struct mdd_depref *r, struct mdd_depref_res *res, unsigned cq, const struct mdd_depref_conn *c)
{
    struct mdd_depref_ring *q = &r->cq[cq];
    if (!q->created) /* a CQ software has not written since reset does not exist: the CQE is dropped */
        return;
    const uint32_t size = (uint32_t)1 << q->log2n, mask = size - 1;
    uint64_t w[4] = {0, 0, 0, 0};
    const bool err = res->code != 0;
    res->has_cqe = true;
    res->cq = cq;
    res->cq_count = q->tail;
    res->cq_wait = q->tail - q->head >= size;
    MDD_SET(DEPCQE, CODE, w, res->code);
    MDD_SET(DEPCQE, OPCODE, w, res->opcode);
    MDD_SET(DEPCQE, FLAGS, w, res->flags);
    MDD_SET(DEPCQE, PHASE, w, !((q->tail >> q->log2n) & 1)); /* 1 on the first pass, toggled each wrap */
    MDD_SET(DEPCQE, SOLICITED, w, res->solicited);
    MDD_SET(DEPCQE, IS_ERROR, w, err);
    MDD_SET(DEPCQE, CONN, w, res->conn);
    MDD_SET(DEPCQE, FIELD, w, err ? res->field : MDD_DEP_FIELD_NONE);
    MDD_SET(DEPCQE, MSG_TAG, w, res->msg_tag);
    MDD_SET(DEPCQE, LENGTH, w, res->length);
    if (err) {
        w[2] = res->expected;
        w[3] = res->found;
    } else {
        MDD_SET(DEPCQE, EA, w, res->is_write ? res->ea : 0);
        MDD_SET(DEPCQE, PTR, w, res->rhq_count + 1);
        MDD_SET(DEPCQE, REPLY, w, c ? c->reply : 0);
    }
    put_wr(&res->cqe, q->base + (uint64_t)(q->tail & mask) * 32, 32);
    for (unsigned i = 0; i < 4; i++)
        mdd_dep_put_le(res->cqe.data + 8 * i, 8, w[i]);
    q->tail++;
    r->cnt.cqes++;
    if (poison_at(r, res->cqe.addr, 32))
        res->axi_err = true;
    if (q->arm == MDD_DEP_ARM_ANY || (q->arm == MDD_DEP_ARM_SOLICITED && res->solicited)) {
        q->arm = MDD_DEP_ARM_NONE;
        res->event = true;
        res->evt_tdata = cq << 16 | (q->evt_id & 0xFFFF);
        r->cnt.events++;
    }
}

bool mdd_depref_flush_possible(const struct mdd_depref *r, const struct mdd_deppkt *pkt)
{
    if (pkt->len < MDD_DEPHDR_LEN)
        return false;
    unsigned conn = (unsigned)mdd_dep_be(pkt->data + MDD_DEPHDR_CONN_OFF, 2);
    return conn < r->p.conns && r->conn[conn].state == MDD_DEP_CONN_EXCEPTION && r->conn[conn].exc_late;
}

void mdd_depref_packet(struct mdd_depref *r, const struct mdd_deppkt *pkt, struct mdd_depref_res *res)
{
    uint8_t h[MDD_DEPHDR_LEN] = {0};
    memset(res, 0, sizeof *res);
    memcpy(h, pkt->data, pkt->len < MDD_DEPHDR_LEN ? pkt->len : MDD_DEPHDR_LEN);
    for (uint32_t k = 0; k < MDD_DEPHDR_LEN && k < pkt->len; k++)
        if (!kept(pkt->keep, r->p.w, k))
            h[k] = 0; /* a byte that did not arrive reads as 0 in the error CQE */
    res->field = MDD_DEP_FIELD_NONE;
    res->opcode = h[MDD_DEPHDR_OPCODE_OFF];
    res->flags = h[MDD_DEPHDR_FLAGS_OFF];
    res->conn = (uint16_t)mdd_dep_be(h + MDD_DEPHDR_CONN_OFF, 2);
    res->token = (uint32_t)mdd_dep_be(h + MDD_DEPHDR_TOKEN_OFF, 4);
    res->offset = mdd_dep_be(h + MDD_DEPHDR_OFFSET_OFF, 8);
    res->areg = (uint16_t)mdd_dep_be(h + MDD_DEPHDR_AREG_OFF, 2);
    res->length = (uint32_t)mdd_dep_be(h + MDD_DEPHDR_LENGTH_OFF, 4);
    res->msg_tag = (uint32_t)mdd_dep_be(h + MDD_DEPHDR_TAG_OFF, 4);
    r->cnt.pkts++;

    const uint32_t hole = first_hole(pkt, r->p.w, 0);
    bool flushed;
    uint64_t eo = 0;
    if (header_checks(r, pkt, h, hole, res, &flushed, &eo)) {
        res->hdr_fail = true;
        res->solicited = true;
        r->cnt.pkts_err++;
        r->cnt.err_count[res->code]++;
        post_cqe(r, res, r->err_cq & (r->p.cqs - 1), NULL);
        return;
    }

    /* passed: the RHQ slot, then the entry with status 0, then the payload as it arrives */
    struct mdd_depref_conn *c = &r->conn[res->conn];
    const unsigned op = res->opcode;
    const bool pcrc = res->flags & MDD_DEP_FLAG_PCRC;
    res->is_write = mdd_depref_op_is_write(op);
    res->has_entry = true;
    res->rhq = c->rhq & (r->p.rhqs - 1);
    struct mdd_depref_ring *q = &r->rhq[res->rhq];
    const uint32_t rsize = (uint32_t)1 << q->log2n;
    res->rhq_count = q->tail;
    res->rhq_wait = q->tail - q->head >= rsize;
    q->tail++;
    put_wr(&res->entry, q->base + (uint64_t)(res->rhq_count & (rsize - 1)) * MDD_DEP_RHQ_ENTRY_LEN,
           MDD_DEP_RHQ_ENTRY_LEN);
    memcpy(res->entry.data, h, MDD_DEP_RHQ_STATUS_OFF);
    put_wr(&res->status, res->entry.addr + MDD_DEP_RHQ_STATUS_OFF, 4);
    put_wr(&res->ptr, q->ptr_addr, 4);
    mdd_dep_put_le(res->ptr.data, 4, q->tail);

    /* late verdicts, in the order of section 5's list, from the bytes seen (tkeep popcounts) */
    const unsigned w = r->p.w;
    const uint64_t need = (uint64_t)MDD_DEPHDR_LEN + res->length + (pcrc ? MDD_DEP_TRAILER_LEN : 0);
    const uint32_t seen = bytes_seen(pkt, w), recv = pkt->len - MDD_DEPHDR_LEN;
    const uint32_t plen = res->is_write ? res->length : 0;
    const uint32_t late_hole = first_hole(pkt, w, MDD_DEPHDR_LEN);
    res->payload = pkt->data + MDD_DEPHDR_LEN;
    res->keep = pkt->keep;
    res->w = w;
    res->place = recv < plen ? recv : plen; /* payload bytes that arrived; the ones under holes are skipped */
    for (uint32_t j = 0; j < res->place; j++)
        res->placed += mdd_depref_placed(res, j);
    if (seen < need) {
        fail(res, MDD_DEP_ERR_SHORT, MDD_DEP_FIELD_NONE, need, seen);
    } else if (late_hole != UINT32_MAX) {
        fail(res, MDD_DEP_ERR_KEEP, late_hole % w, 0, 0);
    } else if (seen > need) {
        fail(res, MDD_DEP_ERR_LONG, MDD_DEP_FIELD_NONE, need, seen);
    } else if (pcrc && (uint32_t)mdd_crc(MDD_CRC32C, res->payload, res->length) !=
                           (uint32_t)mdd_dep_be(res->payload + res->length, 4)) {
        /* exact length, no hole: the trailer (the last four bytes) sits right after the payload */
        fail(res, MDD_DEP_ERR_PAYLOAD_CRC, MDD_DEP_FIELD_NONE, (uint32_t)mdd_crc(MDD_CRC32C, res->payload, res->length),
             mdd_dep_be(res->payload + res->length, 4));
    } else if (pkt->tuser) {
        fail(res, MDD_DEP_ERR_UPSTREAM, MDD_DEP_FIELD_NONE, 0, 0);
    } else {
        unsigned b = poison_at(r, res->entry.addr, MDD_DEP_RHQ_ENTRY_LEN);
        if (!b)
            b = poison_at(r, res->ea, plen);
        if (b)
            fail(res, MDD_DEP_ERR_AXI_RESP, MDD_DEP_FIELD_NONE, 0, b);
    }
    if (flushed && (res->code == 0 || r->flushed_first))
        fail(res, MDD_DEP_ERR_FLUSHED, MDD_DEP_FIELD_NONE, 0, 0);
    if (poison_at(r, res->entry.addr, MDD_DEP_RHQ_ENTRY_LEN) || poison_at(r, res->ea, res->place) ||
        poison_at(r, res->ptr.addr, 4))
        res->axi_err = true;
    r->cnt.bytes += res->placed;

    uint32_t status = MDD_DEP_RHQ_STATUS_DONE | res->code << MDD_DEP_RHQ_STATUS_CODE_LSB;
    mdd_dep_put_le(res->status.data, 4, status);
    memcpy(res->entry.data + MDD_DEP_RHQ_STATUS_OFF, "\0\0\0\0", 4);

    bool notify = false;
    if (res->code == 0) {
        /* deferred commit: every B of entry and payload came back OKAY */
        struct mdd_depref_areg *a = &r->areg[res->areg_idx];
        const uint64_t a1 = r->areg[(res->areg_idx + 1) & (r->p.aregs - 1)].value;
        res->areg_old = a->value;
        switch (op) {
        case MDD_DEP_OP_WRITE_IND_INC: res->commit = true; res->areg_new = a->value + res->offset; break;
        case MDD_DEP_OP_WRITE_IND_INCR: res->commit = true; res->areg_new = a->value + a1; break;
        case MDD_DEP_OP_REG_LOAD: res->commit = true; res->areg_new = res->offset; break;
        case MDD_DEP_OP_REG_ADD: res->commit = true; res->areg_new = a->value + res->offset; break;
        case MDD_DEP_OP_REG_INC: res->commit = true; res->areg_new = a->value + 1; break;
        case MDD_DEP_OP_NOTIFY_IF_EQ: notify = a->value == res->offset; break;
        case MDD_DEP_OP_NOTIFY_IF_EQ_REG: notify = a->value == a1; break;
        }
        if (res->commit)
            a->value = res->areg_new;
        /* a segment of a message: its place, length and CRC go to the combiner (section 10) */
        if ((res->flags & MDD_DEP_FLAG_MSEG) && res->length) {
            res->has_seg = true;
            MDD_SET(CMBREC, ID, res->seg, res->msg_tag);
            MDD_SET(CMBREC, OP, res->seg, MDD_CMB_OP_SEG);
            MDD_SET(CMBREC, ADDR, res->seg, res->ea); /* the target address */
            MDD_SET(CMBREC, SEG_LEN, res->seg, res->length);
            MDD_SET(CMBREC, CRC, res->seg, mdd_crc(MDD_CRC32C, res->payload, res->length));
        }
        r->cnt.pkts_ok++;
        r->cnt.err_count[0]++; /* ERR_COUNT[0] counts the packets that ended OK */
        res->solicited = (res->flags & MDD_DEP_FLAG_SOLICITED) || notify;
        if ((res->flags & MDD_DEP_FLAG_COMPL) || notify)
            post_cqe(r, res, c->cq & (r->p.cqs - 1), c);
    } else {
        r->cnt.pkts_err++;
        r->cnt.err_count[res->code]++;
        if (c->state == MDD_DEP_CONN_OPEN) {
            c->state = MDD_DEP_CONN_EXCEPTION;
            res->conn_to_exception = true;
        }
        c->exc_late = true;
        res->solicited = true;
        post_cqe(r, res, r->err_cq & (r->p.cqs - 1), NULL);
    }
}

const struct mdd_depref_conn *mdd_depref_conn(const struct mdd_depref *r, unsigned i)
{
    return i < r->p.conns ? &r->conn[i] : NULL;
}
const struct mdd_depref_region *mdd_depref_region(const struct mdd_depref *r, unsigned i)
{
    return i < r->p.regions ? &r->region[i] : NULL;
}
const struct mdd_depref_areg *mdd_depref_areg(const struct mdd_depref *r, unsigned i)
{
    return i < r->p.aregs ? &r->areg[i] : NULL;
}
const struct mdd_depref_ring *mdd_depref_rhq(const struct mdd_depref *r, unsigned i)
{
    return i < r->p.rhqs ? &r->rhq[i] : NULL;
}
const struct mdd_depref_ring *mdd_depref_cq(const struct mdd_depref *r, unsigned i)
{
    return i < r->p.cqs ? &r->cq[i] : NULL;
}
const struct mdd_depref_counters *mdd_depref_counters(const struct mdd_depref *r) { return &r->cnt; }
unsigned mdd_depref_err_cq(const struct mdd_depref *r) { return r->err_cq & (r->p.cqs - 1); }

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_deptraf.c - the deposit engine's stimulus and drivers (see mdd_deptraf.h).
 *
 * Every adversarial packet starts as a valid packet for an OPEN connection and breaks exactly one thing, with
 * every earlier check of section 5 still passing, so the code its kind implies is the first failure. Packets
 * whose outcome the generator cannot know (a random header or bit flips with a recomputed checksum) are marked
 * uncertain and followed by a resync: their connections are rewritten OPEN and their address registers rewritten
 * with the shadow's values, so the shadow stays exact.
 */
#include "mdd_deptraf.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_depref.h" /* register offsets, table images and byte helpers only: the generator never runs the reference */
#include "mdd_rng.h"

#define SLOT_SHIFT 38
#define RING_AREA 0x00007F0000000000ull
#define RHQ_AREA (RING_AREA)
#define PTR_AREA (RING_AREA + 0x40000000ull)
#define CQ_AREA (RING_AREA + 0x80000000ull)
#define TOP_LEN ((1u << 20) - 4096u) /* ends below 2^64: valid writes never meet the 2^64 OVERFLOW edge */

struct sconn {
    unsigned state, pd, rhq, cq, reply, base, len;
    bool exc_late;
};
struct sregion {
    bool valid, w;
    unsigned key, pd;
    uint64_t base, len;
};
struct sring {
    uint64_t base, ptr;
    unsigned log2n, evt;
};

struct hdr {
    unsigned op, flags, conn, areg;
    uint32_t token, length, tag;
    uint64_t offset;
};

struct regbuf {
    struct mdd_deptraf_reg *r;
    size_t n, cap;
};

struct mdd_deptraf {
    struct mdd_deptraf_cfg cfg;
    struct mdd_rng g;
    unsigned nconns, nregions;
    struct sconn *conn;
    struct sregion *region;
    uint64_t *aval;
    unsigned *aprot;
    struct sring *rhq, *cq;
    unsigned err_cq;
    unsigned main_region[5], poison_region, top_region;
    struct regbuf init, sw;
    uint8_t *buf;
    uint64_t *keep;
    size_t buf_cap, keep_cap;
    uint64_t serial;
    uint32_t tag;
    uint64_t counts[MDD_DEPTRAF_KINDS];
    int resync[2]; /* connections to resync before the next packet (-1 none) */
};

const char *mdd_deptraf_kind_name(unsigned kind)
{
    static const char *const n[] = {"VALID",         "RANDOM_HDR",    "RANDOM_HDR_CSUM", "FLIP",       "FLIP_CSUM",
                                    "OPCODE",        "FORMAT",        "CONN_RANGE",      "CONN_INVALID", "CONN_ERROR",
                                    "CONN_EXC",      "AREG_WINDOW",   "AREG_PROT",       "TOKEN_RANGE", "TOKEN_INVALID",
                                    "TOKEN_KEY",     "TOKEN_PD",      "OVERFLOW",        "BOUNDS",     "RIGHTS",
                                    "SHORT_HDR",     "KEEP_HDR",      "SHORT",           "KEEP",       "LONG",
                                    "PCRC_BAD",      "UPSTREAM",      "AXI",             "FLUSHED"};
    return kind < MDD_DEPTRAF_KINDS ? n[kind] : "?";
}

void mdd_deptraf_default_cfg(struct mdd_deptraf_cfg *cfg, const mdd_dep_params *p)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->p = *p;
    cfg->max_len = 65536;
    cfg->adv_pct = 35;
    cfg->sw_pct = 8;
    cfg->early_pct = 0;
    for (unsigned k = 1; k < MDD_DEPTRAF_KINDS; k++)
        cfg->rate[k] = 1;
}

uint64_t mdd_deptraf_count(const struct mdd_deptraf *t, unsigned kind)
{
    return kind < MDD_DEPTRAF_KINDS ? t->counts[kind] : 0;
}

uint64_t mdd_deptraf_areg_value(const struct mdd_deptraf *t, unsigned i) { return t->aval[i]; }
unsigned mdd_deptraf_conn_state(const struct mdd_deptraf *t, unsigned i)
{
    return i < t->nconns ? t->conn[i].state : MDD_DEP_CONN_INVALID;
}
unsigned mdd_deptraf_conns_used(const struct mdd_deptraf *t) { return t->nconns; }

/* ---- registers ------------------------------------------------------------------------------------------- */

static void reg_add(struct regbuf *b, uint32_t addr, uint32_t data)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->r = realloc(b->r, b->cap * sizeof *b->r);
        if (!b->r)
            abort();
    }
    b->r[b->n++] = (struct mdd_deptraf_reg){addr, data};
}

static void reg_entry(struct regbuf *b, unsigned sel, unsigned idx, const uint64_t w[4])
{
    reg_add(b, MDD_DEPREG_TBL_SEL, sel);
    reg_add(b, MDD_DEPREG_TBL_IDX, idx);
    for (unsigned i = 0; i < 4; i++) {
        reg_add(b, MDD_DEPREG_TBL_DATA0 + 8 * i, (uint32_t)w[i]);
        reg_add(b, MDD_DEPREG_TBL_DATA0 + 8 * i + 4, (uint32_t)(w[i] >> 32));
    }
    reg_add(b, MDD_DEPREG_TBL_CMD, MDD_DEPREG_CMD_WRITE);
}

static void reg_conn(struct regbuf *b, const struct mdd_deptraf *t, unsigned i)
{
    const struct sconn *c = &t->conn[i];
    const struct mdd_depref_conn e = {.state = c->state, .pd = c->pd, .rhq = c->rhq, .cq = c->cq,
                                      .reply = c->reply, .areg_base = c->base, .areg_len = c->len};
    uint64_t w[4];
    mdd_depref_conn_image(&e, w);
    reg_entry(b, MDD_DEP_TBL_CONN, i, w);
}

static void reg_areg(struct regbuf *b, const struct mdd_deptraf *t, unsigned i)
{
    const struct mdd_depref_areg e = {.value = t->aval[i], .prot = t->aprot[i]};
    uint64_t w[4];
    mdd_depref_areg_image(&e, w);
    reg_entry(b, MDD_DEP_TBL_AREG, i, w);
}

size_t mdd_deptraf_head_regs(bool cq, unsigned idx, uint32_t head, struct mdd_deptraf_reg regs[2])
{
    regs[0] = (struct mdd_deptraf_reg){MDD_DEPREG_DB_IDX, idx};
    regs[1] = (struct mdd_deptraf_reg){cq ? MDD_DEPREG_CQ_HEAD : MDD_DEPREG_RHQ_HEAD, head};
    return 2;
}

/* ---- configuration --------------------------------------------------------------------------------------- */

static uint64_t rnd(struct mdd_deptraf *t) { return mdd_rng_next(&t->g); }
static uint64_t below(struct mdd_deptraf *t, uint64_t n) { return mdd_rng_below(&t->g, n); }
static bool chance(struct mdd_deptraf *t, unsigned pct) { return mdd_rng_chance(&t->g, pct); }

static void make_tables(struct mdd_deptraf *t)
{
    const mdd_dep_params *p = &t->cfg.p;
    /* rings */
    for (unsigned i = 0; i < p->rhqs; i++) {
        struct sring *q = &t->rhq[i];
        q->log2n = chance(t, 80) ? 1 + (unsigned)below(t, 6) : 1 + (unsigned)below(t, 16);
        q->base = RHQ_AREA + ((uint64_t)i << 21);
        q->ptr = PTR_AREA + (uint64_t)i * 64 + 4 * below(t, 16);
    }
    for (unsigned i = 0; i < p->cqs; i++) {
        struct sring *q = &t->cq[i];
        q->log2n = chance(t, 80) ? 1 + (unsigned)below(t, 6) : 1 + (unsigned)below(t, 16);
        q->base = CQ_AREA + ((uint64_t)i << 21);
        q->evt = (unsigned)below(t, 65536);
    }
    t->err_cq = (unsigned)below(t, p->cqs);
    /* regions: 1..4 the main regions of pd 1..4, 5 poison, 6 top, 0 and some others invalid */
    for (unsigned i = 0; i < t->nregions; i++) {
        struct sregion *g = &t->region[i];
        const uint64_t slot = (uint64_t)i << SLOT_SHIFT;
        g->key = (unsigned)below(t, 256);
        g->pd = 1 + (unsigned)below(t, 4);
        if (i == 0) {
            g->valid = false;
        } else if (i <= 4) {
            g->valid = g->w = true;
            g->pd = i;
            g->len = (uint64_t)1 << 30;
            g->base = slot + (below(t, 1u << 20) << 12);
        } else if (i == 5) {
            t->poison_region = i;
            g->valid = g->w = true;
            g->pd = 1 + (unsigned)below(t, 3);
            g->len = 1u << 16;
            g->base = slot + below(t, 1u << 30);
        } else if (i == 6) {
            t->top_region = i;
            g->valid = g->w = true;
            g->pd = 1 + (unsigned)below(t, 3);
            g->len = TOP_LEN;
            g->base = 0 - ((uint64_t)1 << 20);
        } else {
            unsigned r = (unsigned)below(t, 100);
            g->valid = r < 75;
            g->w = r < 60;
            unsigned cls = (unsigned)below(t, 10);
            g->len = cls < 4 ? 1 + below(t, 4096) : cls < 8 ? 4096 + below(t, 1u << 20) : below(t, (uint64_t)1 << 34) + 1;
            const unsigned align = (unsigned)below(t, 13);
            g->base = slot + ((below(t, (uint64_t)1 << 36)) >> align << align);
        }
    }
    for (unsigned pd = 1; pd <= 4; pd++)
        t->main_region[pd] = pd;
    /* connections: 1 stays INVALID (never written), 2 is ERROR, the others OPEN */
    for (unsigned i = 0; i < t->nconns; i++) {
        struct sconn *c = &t->conn[i];
        c->state = i == 1 ? MDD_DEP_CONN_INVALID : i == 2 ? MDD_DEP_CONN_ERROR : MDD_DEP_CONN_OPEN;
        c->pd = 1 + (unsigned)below(t, 3);
        c->rhq = (unsigned)below(t, p->rhqs);
        c->cq = (unsigned)below(t, p->cqs);
        c->reply = (unsigned)below(t, 65536);
        const unsigned maxw = p->aregs < 16 ? p->aregs : 16; /* windows of 2..16 registers, at most the table */
        c->len = 2 + (unsigned)below(t, maxw - 1);
        c->base = (unsigned)below(t, p->aregs - c->len + 1);
    }
    /* address registers of the windows: the first two of each window may do everything */
    for (unsigned i = 0; i < p->aregs; i++) {
        t->aval[i] = below(t, 1u << 20);
        t->aprot[i] = (unsigned)below(t, 8);
    }
    for (unsigned i = 0; i < t->nconns; i++) {
        t->aprot[t->conn[i].base] = 7;
        t->aprot[t->conn[i].base + 1] = 7;
    }
    /* the register writes: rings, regions, registers, then connections (their resources exist first) */
    struct regbuf *b = &t->init;
    reg_add(b, MDD_DEPREG_ERR_CQ, t->err_cq);
    for (unsigned i = 0; i < p->rhqs; i++) {
        const struct mdd_depref_ring e = {.base = t->rhq[i].base, .ptr_addr = t->rhq[i].ptr, .log2n = t->rhq[i].log2n};
        uint64_t w[4];
        mdd_depref_rhq_image(&e, w);
        reg_entry(b, MDD_DEP_TBL_RHQ, i, w);
    }
    for (unsigned i = 0; i < p->cqs; i++) {
        const struct mdd_depref_ring e = {.base = t->cq[i].base, .log2n = t->cq[i].log2n, .evt_id = t->cq[i].evt};
        uint64_t w[4];
        mdd_depref_cq_image(&e, w);
        reg_entry(b, MDD_DEP_TBL_CQ, i, w);
    }
    for (unsigned i = 0; i < t->nregions; i++) {
        const struct sregion *g = &t->region[i];
        if (!g->valid && i)
            continue; /* never written: invalid since reset */
        const struct mdd_depref_region e = {.valid = g->valid, .w = g->w, .key = g->key, .pd = g->pd,
                                            .base = g->base, .len = g->len};
        uint64_t w[4];
        mdd_depref_region_image(&e, w);
        reg_entry(b, MDD_DEP_TBL_REGION, i, w);
    }
    for (unsigned i = 0; i < p->aregs; i++)
        reg_areg(b, t, i);
    for (unsigned i = 0; i < t->nconns; i++)
        if (i != 1)
            reg_conn(b, t, i);
}

struct mdd_deptraf *mdd_deptraf_new(const struct mdd_deptraf_cfg *cfg, uint64_t seed)
{
    const mdd_dep_params *p = &cfg->p;
    if (!mdd_depref_params_ok(p) || p->conns < 4 || p->regions < 8 || p->aregs < 4)
        return NULL;
    struct mdd_deptraf *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cfg = *cfg;
    t->g.s = seed * 0xD1B54A32D192ED03ull + 7;
    t->nconns = p->conns < 32 ? p->conns : 32;
    t->nregions = p->regions < 64 ? p->regions : 64;
    t->conn = calloc(t->nconns, sizeof *t->conn);
    t->region = calloc(t->nregions, sizeof *t->region);
    t->aval = calloc(p->aregs, sizeof *t->aval);
    t->aprot = calloc(p->aregs, sizeof *t->aprot);
    t->rhq = calloc(p->rhqs, sizeof *t->rhq);
    t->cq = calloc(p->cqs, sizeof *t->cq);
    t->resync[0] = t->resync[1] = -1;
    if (!t->conn || !t->region || !t->aval || !t->aprot || !t->rhq || !t->cq) {
        mdd_deptraf_free(t);
        return NULL;
    }
    make_tables(t);
    return t;
}

void mdd_deptraf_free(struct mdd_deptraf *t)
{
    if (!t)
        return;
    free(t->conn);
    free(t->region);
    free(t->aval);
    free(t->aprot);
    free(t->rhq);
    free(t->cq);
    free(t->init.r);
    free(t->sw.r);
    free(t->buf);
    free(t->keep);
    free(t);
}

const struct mdd_deptraf_reg *mdd_deptraf_init_regs(const struct mdd_deptraf *t, size_t *n)
{
    *n = t->init.n;
    return t->init.r;
}

void mdd_deptraf_declare(const struct mdd_deptraf *t, struct mdd_hostmem *m)
{
    for (unsigned i = 0; i < t->nregions; i++)
        if (t->region[i].valid && t->region[i].w)
            mdd_hostmem_auth_add(m, t->region[i].base, t->region[i].len);
    for (unsigned i = 0; i < t->cfg.p.rhqs; i++)
        mdd_hostmem_declare_rhq(m, i, t->rhq[i].base, t->rhq[i].log2n, t->rhq[i].ptr);
    for (unsigned i = 0; i < t->cfg.p.cqs; i++)
        mdd_hostmem_declare_cq(m, i, t->cq[i].base, t->cq[i].log2n);
    const struct sregion *g = &t->region[t->poison_region];
    mdd_hostmem_poison(m, g->base, g->len, 2);
}

bool mdd_deptraf_in_ring_area(uint64_t addr) { return addr >= RING_AREA && addr - RING_AREA < ((uint64_t)1 << 32); }

bool mdd_deptraf_in_rhq(const struct mdd_deptraf *t, uint64_t addr)
{
    for (unsigned i = 0; i < t->cfg.p.rhqs; i++)
        if (addr >= t->rhq[i].base && addr - t->rhq[i].base < (uint64_t)32 << t->rhq[i].log2n)
            return true;
    return false;
}

uint32_t mdd_deptraf_sw_rhq_tail(const struct mdd_deptraf *t, const struct mdd_hostmem *m, unsigned rhq)
{
    uint8_t b[4];
    mdd_hostmem_read(m, t->rhq[rhq].ptr, b, 4);
    return (uint32_t)mdd_dep_le(b, 4);
}

uint32_t mdd_deptraf_sw_cq_tail(const struct mdd_deptraf *t, const struct mdd_hostmem *m, unsigned cq, uint32_t head)
{
    const struct sring *q = &t->cq[cq];
    const uint32_t size = (uint32_t)1 << q->log2n;
    uint32_t c = head;
    while (c - head < size) {
        uint8_t b;
        mdd_hostmem_read(m, q->base + (uint64_t)(c & (size - 1)) * 32 + 3, &b, 1);
        if ((b & 1) != !((c >> q->log2n) & 1))
            break;
        c++;
    }
    return c;
}

/* ---- packets --------------------------------------------------------------------------------------------- */

void mdd_deptraf_header(uint8_t h[32], unsigned op, unsigned flags, unsigned conn, uint32_t token, uint64_t offset,
                        unsigned areg, uint32_t length, uint32_t msg_tag)
{
    memset(h, 0, 32);
    h[MDD_DEPHDR_OPCODE_OFF] = (uint8_t)op;
    h[MDD_DEPHDR_FLAGS_OFF] = (uint8_t)flags;
    mdd_dep_put_be(h + MDD_DEPHDR_CONN_OFF, 2, conn);
    mdd_dep_put_be(h + MDD_DEPHDR_TOKEN_OFF, 4, token);
    mdd_dep_put_be(h + MDD_DEPHDR_OFFSET_OFF, 8, offset);
    mdd_dep_put_be(h + MDD_DEPHDR_AREG_OFF, 2, areg);
    mdd_dep_put_be(h + MDD_DEPHDR_LENGTH_OFF, 4, length);
    mdd_dep_put_be(h + MDD_DEPHDR_TAG_OFF, 4, msg_tag);
    mdd_dep_put_be(h + MDD_DEPHDR_CSUM_OFF, 4, (uint32_t)mdd_crc(MDD_CRC32C, h, MDD_DEPHDR_CSUM_OFF));
}

static void recsum(uint8_t *h) { mdd_dep_put_be(h + 28, 4, (uint32_t)mdd_crc(MDD_CRC32C, h, 28)); }

static uint8_t *grow(struct mdd_deptraf *t, size_t n)
{
    if (n > t->buf_cap) {
        t->buf_cap = n + 4096;
        t->buf = realloc(t->buf, t->buf_cap);
        if (!t->buf)
            abort();
    }
    return t->buf;
}

static uint32_t rand_len(struct mdd_deptraf *t)
{
    const uint32_t mx = t->cfg.max_len;
    unsigned c = (unsigned)below(t, 100);
    uint32_t l = c < 40 ? (uint32_t)below(t, 65) : c < 70 ? 65 + (uint32_t)below(t, 960) : c < 90 ? 1024 + (uint32_t)below(t, 7169)
                                                                                        : 8192 + (uint32_t)below(t, 57345);
    return l > mx ? (uint32_t)below(t, (uint64_t)mx + 1) : l;
}

/* Lays out header + payload (+ trailer) into the buffer; returns the byte count. */
static uint32_t lay_out(struct mdd_deptraf *t, const struct hdr *h, uint32_t extra)
{
    const bool pcrc = h->flags & MDD_DEP_FLAG_PCRC;
    const uint32_t plen = mdd_depref_op_is_write(h->op) ? h->length : 0;
    const uint32_t n = 32 + plen + (pcrc ? 4 : 0) + extra;
    uint8_t *b = grow(t, n);
    mdd_deptraf_header(b, h->op, h->flags, h->conn, h->token, h->offset, h->areg, h->length, h->tag);
    for (uint32_t i = 32; i < n; i += 8) {
        uint64_t v = rnd(t);
        for (uint32_t k = 0; k < 8 && i + k < n; k++)
            b[i + k] = (uint8_t)(v >> 8 * k);
    }
    if (pcrc)
        mdd_dep_put_be(b + 32 + plen, 4, (uint32_t)mdd_crc(MDD_CRC32C, b + 32, plen));
    return n;
}

static unsigned abs_areg(const struct mdd_deptraf *t, const struct sconn *c, unsigned i)
{
    return (c->base + i) & (t->cfg.p.aregs - 1);
}

static void op_needs(unsigned op, unsigned *n0, unsigned *n1)
{
    static const unsigned need[0x15][2] = {
        [MDD_DEP_OP_WRITE_IND] = {MDD_DEP_PROT_I, 0},
        [MDD_DEP_OP_WRITE_IDX] = {MDD_DEP_PROT_I, 0},
        [MDD_DEP_OP_WRITE_IND_INC] = {MDD_DEP_PROT_I | MDD_DEP_PROT_W, 0},
        [MDD_DEP_OP_WRITE_IND_INCR] = {MDD_DEP_PROT_I | MDD_DEP_PROT_W, MDD_DEP_PROT_R},
        [MDD_DEP_OP_REG_LOAD] = {MDD_DEP_PROT_W, 0},
        [MDD_DEP_OP_REG_ADD] = {MDD_DEP_PROT_R | MDD_DEP_PROT_W, 0},
        [MDD_DEP_OP_REG_INC] = {MDD_DEP_PROT_R | MDD_DEP_PROT_W, 0},
        [MDD_DEP_OP_NOTIFY_IF_EQ] = {MDD_DEP_PROT_R, 0},
        [MDD_DEP_OP_NOTIFY_IF_EQ_REG] = {MDD_DEP_PROT_R, MDD_DEP_PROT_R},
    };
    *n0 = op < 0x15 ? need[op][0] : 0;
    *n1 = op < 0x15 ? need[op][1] : 0;
}

/* A register index of connection c's window whose rights (and those of the next, for two-register ops) are
 * sufficient (want = true) or not (want = false); -1 if none. */
static int find_areg(struct mdd_deptraf *t, const struct sconn *c, unsigned op, bool want)
{
    unsigned n0, n1;
    op_needs(op, &n0, &n1);
    const unsigned span = n1 ? c->len - 1 : c->len;
    const unsigned s = (unsigned)below(t, span);
    for (unsigned k = 0; k < span; k++) {
        unsigned i = (s + k) % span;
        unsigned p0 = t->aprot[abs_areg(t, c, i)], p1 = t->aprot[abs_areg(t, c, i + 1)];
        bool ok = (p0 & n0) == n0 && (!n1 || (p1 & n1) == n1);
        if (ok == want)
            return (int)i;
    }
    return -1;
}

/* A valid region of pd (W right or not), never the poison region; -1 if none. */
static int find_region(struct mdd_deptraf *t, unsigned pd, bool w, bool other_pd)
{
    const unsigned s = (unsigned)below(t, t->nregions);
    for (unsigned k = 0; k < t->nregions; k++) {
        unsigned i = (s + k) % t->nregions;
        const struct sregion *g = &t->region[i];
        if (g->valid && g->w == w && (g->pd == pd) != other_pd && i != t->poison_region)
            return (int)i;
    }
    return -1;
}

static uint32_t token_of(const struct mdd_deptraf *t, unsigned region) { return region << 8 | t->region[region].key; }

/* A valid packet for OPEN connection ci with operation op (0: random); false if op needs what c lacks. */
static bool build_valid(struct mdd_deptraf *t, unsigned ci, unsigned op, struct hdr *h)
{
    static const unsigned ops[] = {1, 1, 1, 2, 3, 4, 5, 0x10, 0x11, 0x12, 0x13, 0x14};
    const struct sconn *c = &t->conn[ci];
    memset(h, 0, sizeof *h);
    if (t->cfg.fixed)
        op = MDD_DEP_OP_WRITE;
    if (!op)
        op = ops[below(t, sizeof ops / sizeof ops[0])];
    h->op = op;
    h->conn = ci;
    h->tag = ++t->tag;
    h->flags = (chance(t, 30) ? MDD_DEP_FLAG_SOLICITED : 0) | (chance(t, 60) ? MDD_DEP_FLAG_COMPL : 0);
    h->areg = (unsigned)below(t, 65536); /* unused by WRITE: any value */
    if (op != MDD_DEP_OP_WRITE) {
        int i = find_areg(t, c, op, true);
        if (i < 0)
            return false;
        h->areg = (unsigned)i;
    }
    const uint64_t a = t->aval[abs_areg(t, c, h->areg)];
    if (t->cfg.fixed)
        h->flags = t->cfg.fixed_compl ? MDD_DEP_FLAG_COMPL : 0;
    if (mdd_depref_op_is_write(op)) {
        if (!t->cfg.fixed && chance(t, 50))
            h->flags |= MDD_DEP_FLAG_PCRC;
        if (!t->cfg.fixed && chance(t, 25)) /* a segment of a message: a SEG record when it ends OK */
            h->flags |= MDD_DEP_FLAG_MSEG;
        uint32_t len = t->cfg.fixed ? t->cfg.fixed_len : rand_len(t);
        if (op == MDD_DEP_OP_WRITE || op == MDD_DEP_OP_WRITE_IDX) {
            int r = t->cfg.fixed ? -1 : chance(t, 10) ? (int)t->top_region : find_region(t, c->pd, true, false);
            if (r < 0 || t->region[r].pd != c->pd)
                r = (int)t->main_region[c->pd];
            const struct sregion *g = &t->region[r];
            if (len > g->len)
                len = (uint32_t)below(t, g->len + 1);
            const uint64_t eo = below(t, g->len - len + 1);
            h->token = token_of(t, (unsigned)r);
            h->offset = op == MDD_DEP_OP_WRITE ? eo : eo - a;
        } else {
            const struct sregion *g = &t->region[t->main_region[c->pd]];
            if (a >= g->len)
                return false;
            if (len > g->len - a)
                len = (uint32_t)(g->len - a);
            h->token = token_of(t, t->main_region[c->pd]);
            h->offset = op == MDD_DEP_OP_WRITE_IND_INC ? below(t, 65536) : rnd(t); /* IND, INCR: unused */
        }
        h->length = len;
    } else {
        switch (op) {
        case MDD_DEP_OP_REG_LOAD: h->offset = below(t, 1u << 20); break;
        case MDD_DEP_OP_REG_ADD: h->offset = below(t, 65536); break;
        case MDD_DEP_OP_NOTIFY_IF_EQ: h->offset = chance(t, 50) ? a : a + 1 + below(t, 100); break;
        default: h->offset = 0; break;
        }
    }
    return true;
}

/* The commit a successful packet makes (the shadow of the address registers). */
static void commit(struct mdd_deptraf *t, const struct hdr *h)
{
    const struct sconn *c = &t->conn[h->conn];
    uint64_t *a = &t->aval[abs_areg(t, c, h->areg)];
    const uint64_t a1 = t->aval[abs_areg(t, c, h->areg + 1)];
    switch (h->op) {
    case MDD_DEP_OP_WRITE_IND_INC: *a += h->offset; break;
    case MDD_DEP_OP_WRITE_IND_INCR: *a += a1; break;
    case MDD_DEP_OP_REG_LOAD: *a = h->offset; break;
    case MDD_DEP_OP_REG_ADD: *a += h->offset; break;
    case MDD_DEP_OP_REG_INC: *a += 1; break;
    }
}

static int pick_conn(struct mdd_deptraf *t, unsigned state, int pd)
{
    const unsigned s = (unsigned)below(t, t->nconns);
    for (unsigned k = 0; k < t->nconns; k++) {
        unsigned i = (s + k) % t->nconns;
        if (t->conn[i].state == state && (pd < 0 || t->conn[i].pd == (unsigned)pd))
            return (int)i;
    }
    return -1;
}

static void set_keep(struct mdd_deptraf *t, uint32_t len, uint32_t hole)
{
    const unsigned w = t->cfg.p.w;
    const size_t beats = (len + w - 1) / w;
    if (beats > t->keep_cap) {
        t->keep_cap = beats + 64;
        t->keep = realloc(t->keep, t->keep_cap * sizeof *t->keep);
        if (!t->keep)
            abort();
    }
    const uint64_t full = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    for (size_t b = 0; b < beats; b++) {
        uint32_t n = b + 1 < beats ? w : len - (uint32_t)b * w;
        t->keep[b] = n == 64 ? full : ((uint64_t)1 << n) - 1;
    }
    t->keep[hole / w] &= ~((uint64_t)1 << (hole % w));
}

static void late_fail(struct mdd_deptraf *t, unsigned ci)
{
    t->conn[ci].state = MDD_DEP_CONN_EXCEPTION;
    t->conn[ci].exc_late = true;
}

/* Picks an adversarial kind by weight. */
static unsigned pick_kind(struct mdd_deptraf *t)
{
    uint64_t tot = 0;
    for (unsigned k = 1; k < MDD_DEPTRAF_KINDS; k++)
        tot += t->cfg.rate[k];
    uint64_t x = below(t, tot);
    for (unsigned k = 1; k < MDD_DEPTRAF_KINDS; k++) {
        if (x < t->cfg.rate[k])
            return k;
        x -= t->cfg.rate[k];
    }
    return MDD_DEPTRAF_VALID;
}

/* Builds packet of `kind` into it; false when the configuration cannot make it now. */
static bool build(struct mdd_deptraf *t, unsigned kind, struct mdd_deptraf_item *it)
{
    const mdd_dep_params *p = &t->cfg.p;
    const unsigned w = p->w, hb = (32 + w - 1) / w;
    struct hdr h;
    int ci = pick_conn(t, MDD_DEP_CONN_OPEN, -1);
    if (kind == MDD_DEPTRAF_AXI)
        ci = pick_conn(t, MDD_DEP_CONN_OPEN, (int)t->region[t->poison_region].pd);
    if (kind == MDD_DEPTRAF_CONN_EXC || kind == MDD_DEPTRAF_FLUSHED)
        ci = pick_conn(t, MDD_DEP_CONN_EXCEPTION, -1);
    if (ci < 0)
        return false;
    struct sconn *c = &t->conn[ci];
    unsigned op = 0;
    switch (kind) {
    case MDD_DEPTRAF_TOKEN_RANGE: case MDD_DEPTRAF_TOKEN_INVALID: case MDD_DEPTRAF_TOKEN_KEY:
    case MDD_DEPTRAF_TOKEN_PD: case MDD_DEPTRAF_OVERFLOW: case MDD_DEPTRAF_BOUNDS: case MDD_DEPTRAF_RIGHTS:
    case MDD_DEPTRAF_AXI: op = MDD_DEP_OP_WRITE; break;
    case MDD_DEPTRAF_PCRC_BAD: op = 1 + (unsigned)below(t, 5); break;
    default: break;
    }
    /* FLUSHED and CONN_EXC: valid for the connection as if it were OPEN */
    if (!build_valid(t, (unsigned)ci, op, &h) && !build_valid(t, (unsigned)ci, MDD_DEP_OP_WRITE, &h))
        return false;
    it->code = MDD_DEP_ERR_OK;
    it->certain = true;
    uint32_t extra = 0;
    int hole = -1;
    bool cut = false;
    uint32_t cut_len = 0;
    const uint32_t plen_of = mdd_depref_op_is_write(h.op) ? h.length : 0;
    switch (kind) {
    case MDD_DEPTRAF_VALID: break;
    case MDD_DEPTRAF_RANDOM_HDR: case MDD_DEPTRAF_RANDOM_HDR_CSUM: case MDD_DEPTRAF_FLIP: case MDD_DEPTRAF_FLIP_CSUM:
        break; /* after lay-out */
    case MDD_DEPTRAF_OPCODE: {
        unsigned o;
        do
            o = (unsigned)below(t, 256);
        while (mdd_depref_op_known(o));
        h.op = o;
        it->code = MDD_DEP_ERR_OPCODE;
        break;
    }
    case MDD_DEPTRAF_FORMAT: {
        const bool regop = !mdd_depref_op_is_write(h.op);
        unsigned v = (unsigned)below(t, regop ? 6 : 2);
        if (v == 0)
            h.flags |= (uint8_t)(~MDD_DEP_FLAGS_KNOWN & 0xFF & (0x80u >> below(t, 4)));
        else if (v == 5)
            h.flags |= MDD_DEP_FLAG_MSEG;
        else if (v == 2)
            h.token = 1 + (uint32_t)below(t, 0xFFFFFFFFu);
        else if (v == 3)
            h.length = 1 + (uint32_t)below(t, 64);
        else
            h.flags |= MDD_DEP_FLAG_PCRC;
        it->code = MDD_DEP_ERR_FORMAT;
        if (v == 1)
            hole = -2; /* marker: bytes 18-19 are set after the lay-out */
        if (v >= 3) /* the packet keeps the 32 bytes of a register op: FORMAT comes first */
            cut = true, cut_len = 32;
        break;
    }
    case MDD_DEPTRAF_CONN_RANGE:
        if (p->conns >= 65536)
            return false;
        h.conn = p->conns + (unsigned)below(t, 65536 - p->conns);
        it->code = MDD_DEP_ERR_CONN_RANGE;
        break;
    case MDD_DEPTRAF_CONN_INVALID:
        h.conn = chance(t, 50) || t->nconns >= p->conns ? 1 : t->nconns + (unsigned)below(t, p->conns - t->nconns);
        it->code = MDD_DEP_ERR_CONN_INVALID;
        break;
    case MDD_DEPTRAF_CONN_ERROR: h.conn = 2; it->code = MDD_DEP_ERR_CONN_FLUSHED; break;
    case MDD_DEPTRAF_CONN_EXC:
        it->code = MDD_DEP_ERR_CONN_EXCEPTION;
        it->alt_code = c->exc_late ? MDD_DEP_ERR_FLUSHED : MDD_DEP_ERR_CONN_EXCEPTION;
        break;
    case MDD_DEPTRAF_FLUSHED:
        if (!c->exc_late || !mdd_rng_chance(&t->g, t->cfg.early_pct))
            return false;
        it->hdr_early = true;
        it->code = MDD_DEP_ERR_FLUSHED;
        it->alt_code = MDD_DEP_ERR_CONN_EXCEPTION;
        break;
    case MDD_DEPTRAF_AREG_WINDOW: {
        if (h.op == MDD_DEP_OP_WRITE)
            return false;
        unsigned n0, n1;
        op_needs(h.op, &n0, &n1);
        h.areg = n1 && chance(t, 50) ? c->len - 1 : c->len + (unsigned)below(t, 65536 - c->len);
        it->code = MDD_DEP_ERR_AREG_WINDOW;
        break;
    }
    case MDD_DEPTRAF_AREG_PROT: {
        static const unsigned ops[] = {2, 3, 4, 5, 0x10, 0x11, 0x12, 0x13, 0x14};
        unsigned o = ops[below(t, sizeof ops / sizeof ops[0])];
        int i = find_areg(t, c, o, false);
        if (i < 0)
            return false;
        if (h.op != o) { /* rebuild the rest for o with the wrong register; the other fields stay valid */
            struct hdr v;
            if (!build_valid(t, (unsigned)ci, mdd_depref_op_is_write(o) ? MDD_DEP_OP_WRITE : o, &v))
                return false;
            v.op = o;
            if (!mdd_depref_op_is_write(o))
                v.flags &= ~MDD_DEP_FLAG_PCRC, v.token = 0, v.length = 0;
            h = v;
        }
        h.areg = (unsigned)i;
        it->code = MDD_DEP_ERR_AREG_PROT;
        break;
    }
    case MDD_DEPTRAF_TOKEN_RANGE:
        if (p->regions >= (1u << 24))
            return false;
        h.token = (p->regions + (uint32_t)below(t, (1u << 24) - p->regions)) << 8 | (uint32_t)below(t, 256);
        it->code = MDD_DEP_ERR_TOKEN_RANGE;
        break;
    case MDD_DEPTRAF_TOKEN_INVALID: {
        unsigned r = 0;
        if (chance(t, 50)) {
            for (unsigned k = 0; k < t->nregions; k++)
                if (!t->region[k].valid)
                    r = k;
        } else if (t->nregions < p->regions) {
            r = t->nregions + (unsigned)below(t, p->regions - t->nregions);
        }
        h.token = r << 8 | (uint32_t)below(t, 256);
        it->code = MDD_DEP_ERR_TOKEN_INVALID;
        break;
    }
    case MDD_DEPTRAF_TOKEN_KEY: h.token ^= 1 + (uint32_t)below(t, 255); it->code = MDD_DEP_ERR_TOKEN_KEY; break;
    case MDD_DEPTRAF_TOKEN_PD: {
        int r = find_region(t, c->pd, chance(t, 50), true);
        if (r < 0)
            return false;
        h.token = token_of(t, (unsigned)r);
        it->code = MDD_DEP_ERR_TOKEN_PD;
        break;
    }
    case MDD_DEPTRAF_OVERFLOW: {
        const struct sregion *top = &t->region[t->top_region];
        if (top->pd == c->pd && chance(t, 50)) { /* eo + length fits, base + eo + length does not */
            h.token = token_of(t, t->top_region);
            h.length = (uint32_t)below(t, 4096);
            h.offset = ((uint64_t)1 << 20) + below(t, (uint64_t)1 << 40);
        } else {
            h.length = 1 + (uint32_t)below(t, 4096);
            h.offset = ~(uint64_t)0 - below(t, h.length);
        }
        h.flags &= ~MDD_DEP_FLAG_PCRC;
        it->code = MDD_DEP_ERR_OVERFLOW;
        break;
    }
    case MDD_DEPTRAF_BOUNDS: {
        const struct sregion *g = &t->region[h.token >> 8];
        h.length = (uint32_t)(h.length < g->len ? h.length : g->len);
        h.offset = g->len - h.length + 1 + below(t, 1000);
        it->code = MDD_DEP_ERR_BOUNDS;
        break;
    }
    case MDD_DEPTRAF_RIGHTS: {
        int r = find_region(t, c->pd, false, false);
        if (r < 0)
            return false;
        const struct sregion *g = &t->region[r];
        h.token = token_of(t, (unsigned)r);
        h.length = (uint32_t)(h.length < g->len ? h.length : g->len);
        h.offset = below(t, g->len - h.length + 1);
        it->code = MDD_DEP_ERR_RIGHTS;
        break;
    }
    case MDD_DEPTRAF_SHORT_HDR: cut = true, cut_len = 1 + (uint32_t)below(t, 31); it->code = MDD_DEP_ERR_SHORT; break;
    case MDD_DEPTRAF_KEEP_HDR: /* the hole after lay-out; one byte more so that 32 header bytes are seen */
        it->code = MDD_DEP_ERR_KEEP;
        extra = 1;
        break;
    case MDD_DEPTRAF_SHORT: {
        const uint32_t need = 32 + plen_of + (h.flags & MDD_DEP_FLAG_PCRC ? 4 : 0);
        if (need <= 32)
            return false;
        cut = true, cut_len = 32 + (uint32_t)below(t, need - 32);
        it->code = MDD_DEP_ERR_SHORT;
        late_fail(t, (unsigned)ci);
        break;
    }
    case MDD_DEPTRAF_KEEP: {
        const uint32_t n = 32 + plen_of + (h.flags & MDD_DEP_FLAG_PCRC ? 4 : 0);
        if (n < hb * w + 2)
            return false;
        hole = (int)(hb * w + below(t, n - 1 - hb * w));
        extra = 1; /* the hole's byte does not count (bytes seen = tkeep popcounts): one more keeps the count */
        it->code = MDD_DEP_ERR_KEEP;
        late_fail(t, (unsigned)ci);
        break;
    }
    case MDD_DEPTRAF_LONG:
        extra = 1 + (uint32_t)below(t, 3 * w);
        it->code = MDD_DEP_ERR_LONG;
        late_fail(t, (unsigned)ci);
        break;
    case MDD_DEPTRAF_PCRC_BAD:
        h.flags |= MDD_DEP_FLAG_PCRC;
        it->code = MDD_DEP_ERR_PAYLOAD_CRC;
        late_fail(t, (unsigned)ci);
        break;
    case MDD_DEPTRAF_UPSTREAM:
        it->tuser = true;
        it->code = MDD_DEP_ERR_UPSTREAM;
        late_fail(t, (unsigned)ci);
        break;
    case MDD_DEPTRAF_AXI: {
        const struct sregion *g = &t->region[t->poison_region];
        h.token = token_of(t, t->poison_region);
        h.length = 1 + (uint32_t)below(t, g->len < 4096 ? g->len : 4096);
        h.offset = below(t, g->len - h.length + 1);
        it->code = MDD_DEP_ERR_AXI_RESP;
        late_fail(t, (unsigned)ci);
        break;
    }
    }
    if (!it->alt_code)
        it->alt_code = it->code;
    uint32_t n = lay_out(t, &h, extra);
    uint8_t *b = t->buf;
    switch (kind) {
    case MDD_DEPTRAF_RANDOM_HDR: case MDD_DEPTRAF_RANDOM_HDR_CSUM: {
        for (unsigned i = 0; i < 32; i++)
            b[i] = (uint8_t)rnd(t);
        uint32_t good = (uint32_t)mdd_crc(MDD_CRC32C, b, 28);
        if (kind == MDD_DEPTRAF_RANDOM_HDR_CSUM) {
            recsum(b);
            it->certain = false;
            t->resync[0] = (int)mdd_dep_be(b + 2, 2) < (int)t->nconns ? (int)mdd_dep_be(b + 2, 2) : -1;
        } else {
            if ((uint32_t)mdd_dep_be(b + 28, 4) == good)
                b[31] ^= 1;
            it->code = it->alt_code = MDD_DEP_ERR_HDR_CSUM;
        }
        cut = true, cut_len = 32 + (uint32_t)below(t, 257); /* the body is consumed, whatever it is */
        break;
    }
    case MDD_DEPTRAF_FLIP: case MDD_DEPTRAF_FLIP_CSUM: {
        const unsigned nb = 1 + (unsigned)below(t, 5), span = kind == MDD_DEPTRAF_FLIP ? 256 : 224;
        unsigned done[5];
        for (unsigned k = 0; k < nb; k++) {
            unsigned bit;
            bool again;
            do {
                bit = (unsigned)below(t, span);
                again = false;
                for (unsigned j = 0; j < k; j++)
                    again |= done[j] == bit;
            } while (again);
            done[k] = bit;
            b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        if (kind == MDD_DEPTRAF_FLIP_CSUM) {
            recsum(b);
            it->certain = false;
            t->resync[0] = ci;
            unsigned fc = (unsigned)mdd_dep_be(b + 2, 2);
            t->resync[1] = fc < t->nconns && fc != (unsigned)ci ? (int)fc : -1;
        } else {
            it->code = it->alt_code = MDD_DEP_ERR_HDR_CSUM;
        }
        break;
    }
    case MDD_DEPTRAF_PCRC_BAD:
        b[32 + h.length + below(t, 4)] ^= (uint8_t)(1 + below(t, 255));
        break;
    case MDD_DEPTRAF_KEEP_HDR: {
        /* under a header byte: a hole at a payload lane of a header beat is the late KEEP */
        const uint32_t lim = 32 < n - 1 ? 32 : n - 1;
        hole = (int)below(t, lim);
        break;
    }
    default: break;
    }
    if (kind == MDD_DEPTRAF_FORMAT && hole == -2) {
        mdd_dep_put_be(b + MDD_DEPHDR_RSVD_OFF, 2, 1 + below(t, 65535));
        recsum(b);
        hole = -1;
    }
    if (cut && cut_len < n)
        n = cut_len;
    it->keep = NULL;
    if (hole >= 0 && (uint32_t)hole < n - 1) {
        set_keep(t, n, (uint32_t)hole);
        it->keep = t->keep;
    } else if (hole >= 0) {
        return false;
    }
    it->data = b;
    it->len = n;
    it->op = b[0];
    if (kind == MDD_DEPTRAF_VALID)
        commit(t, &h);
    return true;
}

/* Software action into it. */
static void make_sw(struct mdd_deptraf *t, struct mdd_deptraf_item *it)
{
    const mdd_dep_params *p = &t->cfg.p;
    it->is_sw = true;
    t->sw.n = 0;
    if (t->resync[0] >= 0 || t->resync[1] >= 0) {
        /* after a packet of unknown effect: its connections OPEN again, their registers as the shadow has them */
        for (unsigned k = 0; k < 2; k++) {
            int ci = t->resync[k];
            t->resync[k] = -1;
            if (ci < 0)
                continue;
            struct sconn *c = &t->conn[ci];
            for (unsigned i = 0; i < c->len; i++)
                reg_areg(&t->sw, t, abs_areg(t, c, i));
            if (c->state == MDD_DEP_CONN_EXCEPTION || c->state == MDD_DEP_CONN_OPEN) {
                c->state = MDD_DEP_CONN_OPEN;
                c->exc_late = false;
            }
            if (ci != 1) /* connection 1 stays never written */
                reg_conn(&t->sw, t, (unsigned)ci);
            it->idx = (unsigned)ci;
        }
        it->sw = MDD_DEPTRAF_SW_REOPEN;
        it->regs = t->sw.r;
        it->nregs = t->sw.n;
        return;
    }
    unsigned x = (unsigned)below(t, 100);
    int exc = pick_conn(t, MDD_DEP_CONN_EXCEPTION, -1);
    if ((x < 15 || pick_conn(t, MDD_DEP_CONN_OPEN, -1) < 0) && exc >= 0) {
        t->conn[exc].state = MDD_DEP_CONN_OPEN;
        t->conn[exc].exc_late = false;
        reg_conn(&t->sw, t, (unsigned)exc);
        it->sw = MDD_DEPTRAF_SW_REOPEN;
        it->idx = (unsigned)exc;
    } else if (x < 45) {
        it->sw = MDD_DEPTRAF_SW_RHQ_HEAD;
        it->idx = (unsigned)below(t, p->rhqs);
    } else if (x < 75) {
        it->sw = MDD_DEPTRAF_SW_CQ_HEAD;
        it->idx = (unsigned)below(t, p->cqs);
    } else {
        it->sw = MDD_DEPTRAF_SW_ARM;
        it->idx = (unsigned)below(t, p->cqs);
        unsigned y = (unsigned)below(t, 100);
        it->arm = y < 45 ? MDD_DEP_ARM_ANY : y < 90 ? MDD_DEP_ARM_SOLICITED : MDD_DEP_ARM_NONE;
        reg_add(&t->sw, MDD_DEPREG_DB_IDX, it->idx);
        reg_add(&t->sw, MDD_DEPREG_CQ_ARM, it->arm);
    }
    it->regs = t->sw.r;
    it->nregs = t->sw.n;
}

void mdd_deptraf_next(struct mdd_deptraf *t, struct mdd_deptraf_item *it)
{
    memset(it, 0, sizeof *it);
    if (t->resync[0] >= 0 || t->resync[1] >= 0 || chance(t, t->cfg.sw_pct) ||
        pick_conn(t, MDD_DEP_CONN_OPEN, -1) < 0) {
        make_sw(t, it);
        return;
    }
    unsigned kind = MDD_DEPTRAF_VALID;
    if (chance(t, t->cfg.adv_pct))
        kind = pick_kind(t);
    for (unsigned tries = 0; !build(t, kind, it); tries++) {
        memset(it, 0, sizeof *it);
        kind = tries < 4 ? pick_kind(t) : MDD_DEPTRAF_VALID;
        if (tries > 50) { /* nothing can be built: a software action instead */
            make_sw(t, it);
            return;
        }
    }
    it->kind = kind;
    it->serial = ++t->serial;
    t->counts[kind]++;
}

/* ---- messages of several packets (docs/deposit.md 10) ---------------------------------------------------- */

bool mdd_deptraf_msg_place(struct mdd_deptraf *t, uint32_t len, struct mdd_deptraf_msgdst *d)
{
    const int ci = pick_conn(t, MDD_DEP_CONN_OPEN, -1);
    if (ci < 0 || len == 0)
        return false;
    const unsigned pd = t->conn[ci].pd, r = t->main_region[pd];
    const struct sregion *g = &t->region[r];
    if (!g->valid || !g->w || len > g->len)
        return false;
    d->pd = pd;
    d->token = token_of(t, r);
    d->eo = below(t, g->len - len + 1);
    d->ea = g->base + d->eo;
    return true;
}

bool mdd_deptraf_msg_segment(struct mdd_deptraf *t, const struct mdd_deptraf_msgdst *d, uint64_t off,
                             const uint8_t *bytes, uint32_t n, uint32_t id, bool damage, struct mdd_deptraf_item *it)
{
    memset(it, 0, sizeof *it);
    const int ci = pick_conn(t, MDD_DEP_CONN_OPEN, (int)d->pd); /* any path of the region's protection domain */
    if (ci < 0)
        return false;
    struct hdr h = {.op = MDD_DEP_OP_WRITE,
                    .flags = MDD_DEP_FLAG_MSEG | (chance(t, 50) ? MDD_DEP_FLAG_PCRC : 0) |
                             (chance(t, 30) ? MDD_DEP_FLAG_COMPL : 0),
                    .conn = (unsigned)ci,
                    .areg = (unsigned)below(t, 65536),
                    .token = d->token,
                    .length = n,
                    .tag = id,
                    .offset = d->eo + off};
    const uint32_t len = lay_out(t, &h, 0);
    uint8_t *b = t->buf;
    memcpy(b + 32, bytes, n);
    if (h.flags & MDD_DEP_FLAG_PCRC)
        mdd_dep_put_be(b + 32 + n, 4, (uint32_t)mdd_crc(MDD_CRC32C, bytes, n));
    it->data = b;
    it->len = len;
    it->op = MDD_DEP_OP_WRITE;
    it->kind = MDD_DEPTRAF_VALID;
    it->code = it->alt_code = MDD_DEP_ERR_OK;
    if (damage) { /* hurt on the way: a payload bit under the trailer's CRC, or the upstream's verdict */
        if (h.flags & MDD_DEP_FLAG_PCRC) {
            b[32 + below(t, n)] ^= (uint8_t)(1u << below(t, 8));
            it->code = it->alt_code = MDD_DEP_ERR_PAYLOAD_CRC;
        } else {
            it->tuser = true;
            it->code = it->alt_code = MDD_DEP_ERR_UPSTREAM;
        }
        late_fail(t, (unsigned)ci);
    }
    it->certain = true;
    it->msg_seg = true;
    it->serial = ++t->serial;
    t->counts[MDD_DEPTRAF_VALID]++;
    return true;
}

/* ---- s_axis_dep driver ----------------------------------------------------------------------------------- */

struct spkt {
    uint8_t *data;
    uint64_t *keep;
    uint32_t len;
    bool tuser;
};

struct mdd_depstream {
    unsigned w, valid_pct;
    struct mdd_rng g;
    struct spkt *q;
    size_t head, n, cap;
    uint32_t beat;
    bool valid;
    bool junk_tuser; /* tuser of a non-last beat: ignored by the engine, so random */
    uint64_t sent;
};

struct mdd_depstream *mdd_depstream_new(unsigned w, unsigned valid_pct, uint64_t seed)
{
    struct mdd_depstream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->w = w;
    s->valid_pct = valid_pct;
    s->g.s = seed ^ 0x5DEECE66Dull;
    return s;
}

void mdd_depstream_free(struct mdd_depstream *s)
{
    if (!s)
        return;
    for (size_t i = s->head; i < s->n; i++) {
        free(s->q[i].data);
        free(s->q[i].keep);
    }
    free(s->q);
    free(s);
}

void mdd_depstream_push(struct mdd_depstream *s, const uint8_t *data, uint32_t len, const uint64_t *keep, bool tuser)
{
    if (s->n == s->cap) {
        if (s->head) {
            memmove(s->q, s->q + s->head, (s->n - s->head) * sizeof *s->q);
            s->n -= s->head;
            s->head = 0;
        }
        if (s->n == s->cap) {
            s->cap = s->cap ? 2 * s->cap : 16;
            s->q = realloc(s->q, s->cap * sizeof *s->q);
            if (!s->q)
                abort();
        }
    }
    struct spkt *p = &s->q[s->n++];
    const size_t beats = (len + s->w - 1) / s->w;
    p->data = calloc(beats * s->w + 1, 1);
    p->keep = keep ? malloc(beats * sizeof *keep) : NULL;
    if (!p->data || (keep && !p->keep))
        abort();
    memcpy(p->data, data, len);
    if (keep)
        memcpy(p->keep, keep, beats * sizeof *keep);
    p->len = len;
    p->tuser = tuser;
}

bool mdd_depstream_idle(const struct mdd_depstream *s) { return s->head == s->n; }
uint64_t mdd_depstream_packets_sent(const struct mdd_depstream *s) { return s->sent; }

void mdd_depstream_drive(const struct mdd_depstream *s, mdd_dep_in *in)
{
    memset(in->s_axis_dep_tdata, 0, sizeof in->s_axis_dep_tdata);
    in->s_axis_dep_tvalid = s->valid && s->head < s->n;
    in->s_axis_dep_tkeep = 0;
    in->s_axis_dep_tlast = false;
    in->s_axis_dep_tuser = false;
    if (!in->s_axis_dep_tvalid)
        return;
    const struct spkt *p = &s->q[s->head];
    const uint32_t beats = (p->len + s->w - 1) / s->w, at = s->beat * s->w;
    const bool last = s->beat + 1 == beats;
    const uint32_t nb = last ? p->len - at : s->w;
    memcpy(in->s_axis_dep_tdata, p->data + at, s->w); /* lanes past the end are the buffer's zeros */
    if (p->keep)
        in->s_axis_dep_tkeep = p->keep[s->beat];
    else
        in->s_axis_dep_tkeep = nb == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nb) - 1;
    in->s_axis_dep_tlast = last;
    in->s_axis_dep_tuser = last ? p->tuser : s->junk_tuser;
}

void mdd_depstream_tick(struct mdd_depstream *s, const mdd_dep_in *in, const mdd_dep_out *out)
{
    if (in->s_axis_dep_tvalid && out->s_axis_dep_tready && !in->rst) {
        const struct spkt *p = &s->q[s->head];
        const uint32_t beats = (p->len + s->w - 1) / s->w;
        if (++s->beat == beats) {
            free(s->q[s->head].data);
            free(s->q[s->head].keep);
            s->head++;
            s->beat = 0;
            s->sent++;
        }
        s->valid = false;
    }
    if (!s->valid) { /* a beat once shown stays until taken */
        s->valid = mdd_rng_chance(&s->g, s->valid_pct);
        s->junk_tuser = mdd_rng_chance(&s->g, 20);
    }
}

/* ---- s_axil driver --------------------------------------------------------------------------------------- */

struct axop {
    bool read;
    uint32_t addr, data;
};

struct mdd_depaxil {
    unsigned ready_pct;
    struct mdd_rng g;
    struct axop *q;
    size_t head, n, cap;
    bool busy, aw, wv, ar, wait_b, wait_r, go;
    struct axop *rd; /* completed reads */
    size_t rd_head, rd_n, rd_cap;
    uint64_t bad_bresp;
};

struct mdd_depaxil *mdd_depaxil_new(unsigned ready_pct, uint64_t seed)
{
    struct mdd_depaxil *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->ready_pct = ready_pct;
    a->g.s = seed ^ 0xA5A5A5A5ull;
    return a;
}

void mdd_depaxil_free(struct mdd_depaxil *a)
{
    if (!a)
        return;
    free(a->q);
    free(a->rd);
    free(a);
}

static void axpush(struct axop **q, size_t *head, size_t *n, size_t *cap, struct axop op)
{
    if (*n == *cap) {
        if (*head) {
            memmove(*q, *q + *head, (*n - *head) * sizeof **q);
            *n -= *head;
            *head = 0;
        }
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            *q = realloc(*q, *cap * sizeof **q);
            if (!*q)
                abort();
        }
    }
    (*q)[(*n)++] = op;
}

void mdd_depaxil_write(struct mdd_depaxil *a, uint32_t addr, uint32_t data)
{
    axpush(&a->q, &a->head, &a->n, &a->cap, (struct axop){false, addr, data});
}
void mdd_depaxil_read(struct mdd_depaxil *a, uint32_t addr)
{
    axpush(&a->q, &a->head, &a->n, &a->cap, (struct axop){true, addr, 0});
}
bool mdd_depaxil_idle(const struct mdd_depaxil *a) { return !a->busy && a->head == a->n; }
uint64_t mdd_depaxil_bad_bresp(const struct mdd_depaxil *a) { return a->bad_bresp; }

bool mdd_depaxil_pop_read(struct mdd_depaxil *a, uint32_t *addr, uint32_t *data, uint32_t *resp)
{
    if (a->rd_head == a->rd_n)
        return false;
    const struct axop *o = &a->rd[a->rd_head++];
    *addr = o->addr;
    *data = o->data;
    *resp = o->read; /* the read flag carries rresp != OKAY */
    return true;
}

void mdd_depaxil_drive(const struct mdd_depaxil *a, mdd_dep_in *in)
{
    const struct axop *o = a->busy ? &a->q[a->head] : NULL;
    in->s_axil_awvalid = a->busy && a->aw;
    in->s_axil_wvalid = a->busy && a->wv;
    in->s_axil_awaddr = o ? o->addr : 0;
    in->s_axil_wdata = o ? o->data : 0;
    in->s_axil_wstrb = 0xF;
    in->s_axil_bready = a->busy && a->wait_b;
    in->s_axil_arvalid = a->busy && a->ar;
    in->s_axil_araddr = o ? o->addr : 0;
    in->s_axil_rready = a->busy && a->wait_r;
}

void mdd_depaxil_tick(struct mdd_depaxil *a, const mdd_dep_in *in, const mdd_dep_out *out)
{
    if (in->rst)
        return;
    if (a->busy) {
        const struct axop *o = &a->q[a->head];
        if (a->aw && out->s_axil_awready)
            a->aw = false;
        if (a->wv && out->s_axil_wready)
            a->wv = false;
        if (a->ar && out->s_axil_arready) {
            a->ar = false;
            a->wait_r = true;
        } else if (a->wait_r && out->s_axil_rvalid) {
            axpush(&a->rd, &a->rd_head, &a->rd_n, &a->rd_cap,
                   (struct axop){out->s_axil_rresp != 0, o->addr, out->s_axil_rdata});
            a->busy = a->wait_r = false;
            a->head++;
        }
        if (!o->read && !a->aw && !a->wv) {
            if (a->wait_b && out->s_axil_bvalid) {
                a->bad_bresp += out->s_axil_bresp != 0;
                a->busy = a->wait_b = false;
                a->head++;
            } else {
                a->wait_b = true;
            }
        }
        return;
    }
    if (a->head < a->n && mdd_rng_chance(&a->g, a->ready_pct)) {
        a->busy = true;
        const struct axop *o = &a->q[a->head];
        a->aw = a->wv = !o->read;
        a->ar = o->read;
        a->wait_b = a->wait_r = false;
    }
}

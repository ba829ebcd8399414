/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_cmbref.c - the reference combiner (see mdd_cmbref.h): docs/cmb.md sections 2, 3 and 5 one record
 * at a time, with the accepted segments of each message kept as a list.
 *
 * Readings of docs/cmb.md (where it can be read more than one way, the choice made here):
 *
 *  R1  MATCH = CRC_VALID && CRC == EXP_CRC in every result, whatever the status (the table defines MATCH
 *      without reference to COMPLETE; an INCOMPLETE or ABORTED message can therefore have MATCH = 1).
 *  R2  "An error record whose ID names an open message": the record's whole 32-bit ID field is compared with
 *      the open messages' ids, so a FORMAT error with ID >= 2^ID_W names no message.
 *  R3  A message with no accepted segment is INCOMPLETE (also after CLOSE in the relative mode, where
 *      eom - lo would wrap); its CRC is 0 (the empty sum), LO = 2^ADDR_W - 1, EOM = 0.
 *  R4  "exact" for the status is decided from the sorted segment list: contiguous, no overlap, first start 0
 *      (known offset) or lo (relative), last end eom. The fingerprint of section 5 reaches the same verdict
 *      barring a 64-bit collision; a status differs from "bytes_seen = required" only when bytes_seen =
 *      required, where [0, eom) and [lo, eom) coincide in the known-offset mode.
 *  R5  CLOSE ends any open message, with or without LEN_VALID (a message with L that is CLOSEd early ends
 *      INCOMPLETE); its expected CRC, when given, replaces the OPEN's also when that changes nothing.
 *  R6  OVERLAP's GOT = bytes_seen + SEG_LEN mod 2^64 (bytes_seen < 2^64 always; the sum is compared exactly).
 */
#include "mdd_cmbref.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"

struct seg {
    uint64_t start, end; /* [start, end) in the message's address space */
    uint64_t v;          /* value-domain CRC of the segment alone */
};

struct ctx {
    bool open;
    uint32_t id;
    unsigned mode; /* MDD_CMB_MODE_KNOWN / MDD_CMB_MODE_REL */
    bool len_valid, crc_valid;
    uint64_t len, exp_crc;
    uint64_t lo, eom, bytes;
    unsigned rejected;
    struct seg *segs;
    size_t n, cap;
};

struct mdd_cmbref {
    mdd_cmb_params p;
    uint64_t addr_max; /* 2^ADDR_W - 1 */
    uint64_t crc_mask, xorout;
    struct ctx *ctx; /* p.msgs entries */
    unsigned n_open;
    uint64_t selfcheck_fail;
    struct seg *sorted; /* scratch for the end of a message */
    size_t sorted_cap;
};

/* The bits of a field in its word. */
#define FMASK(rec, name) \
    ((MDD_##rec##_##name##_W >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << MDD_##rec##_##name##_W) - 1)) \
     << MDD_##rec##_##name##_LSB)

struct mdd_cmbref *mdd_cmbref_new(const mdd_cmb_params *p)
{
    if (!p || (unsigned)p->alg >= MDD_CRC_ALG_COUNT || p->msgs < 2 || p->msgs > MDD_CMB_MAX_MSGS || p->id_w < 1 ||
        p->id_w > 32 || p->addr_w < 32 || p->addr_w > 64 || p->bits_per_stage < 1 || p->bits_per_stage > 8)
        return NULL;
    struct mdd_cmbref *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->p = *p;
    r->ctx = calloc(p->msgs, sizeof *r->ctx);
    if (!r->ctx) {
        free(r);
        return NULL;
    }
    r->addr_max = p->addr_w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << p->addr_w) - 1;
    r->crc_mask = mdd_crc_mask(p->alg);
    r->xorout = mdd_crc_params_of(p->alg)->xorout;
    return r;
}

void mdd_cmbref_free(struct mdd_cmbref *r)
{
    if (!r)
        return;
    for (unsigned i = 0; i < r->p.msgs; i++)
        free(r->ctx[i].segs);
    free(r->ctx);
    free(r->sorted);
    free(r);
}

void mdd_cmbref_reset(struct mdd_cmbref *r)
{
    for (unsigned i = 0; i < r->p.msgs; i++) {
        r->ctx[i].open = false;
        r->ctx[i].n = 0;
    }
    r->n_open = 0;
}

unsigned mdd_cmbref_open_count(const struct mdd_cmbref *r) { return r->n_open; }

uint64_t mdd_cmbref_selfcheck_failures(const struct mdd_cmbref *r) { return r->selfcheck_fail; }

const char *mdd_cmbref_code_name(bool error, unsigned code)
{
    if (!error) {
        switch (code) {
        case MDD_CMB_ST_OK: return "OK";
        case MDD_CMB_ST_MISMATCH: return "MISMATCH";
        case MDD_CMB_ST_INCOMPLETE: return "INCOMPLETE";
        case MDD_CMB_ST_OVERLAP: return "OVERLAP";
        case MDD_CMB_ST_ABORTED: return "ABORTED";
        default: return "?";
        }
    }
    switch (code) {
    case MDD_CMB_ERR_FORMAT: return "FORMAT";
    case MDD_CMB_ERR_ID_RANGE: return "ID_RANGE";
    case MDD_CMB_ERR_NOT_OPEN: return "NOT_OPEN";
    case MDD_CMB_ERR_ALREADY_OPEN: return "ALREADY_OPEN";
    case MDD_CMB_ERR_TABLE_FULL: return "TABLE_FULL";
    case MDD_CMB_ERR_LEN_ZERO: return "LEN_ZERO";
    case MDD_CMB_ERR_ADDR_RANGE: return "ADDR_RANGE";
    case MDD_CMB_ERR_PAST_END: return "PAST_END";
    case MDD_CMB_ERR_OVERLAP: return "OVERLAP";
    default: return "?";
    }
}

/* The open message with this id, NULL if none (plain search: the table is small). */
static struct ctx *find(struct mdd_cmbref *r, uint64_t id)
{
    for (unsigned i = 0; i < r->p.msgs; i++)
        if (r->ctx[i].open && r->ctx[i].id == id)
            return &r->ctx[i];
    return NULL;
}

/* Bits of each word that the record's op defines (section 2's table); every other bit must be 0. */
static void used_bits(const struct mdd_cmbref *r, const uint64_t *rec, uint64_t used[4])
{
    unsigned op = (unsigned)MDD_GET(CMBREC, OP, rec);
    used[0] = FMASK(CMBREC, ID) | FMASK(CMBREC, OP);
    used[1] = used[2] = used[3] = 0;
    switch (op) {
    case MDD_CMB_OP_SEG:
        used[0] |= FMASK(CMBREC, CRC_REG);
        used[1] = FMASK(CMBREC, ADDR);
        used[2] = FMASK(CMBREC, SEG_LEN);
        used[3] = FMASK(CMBREC, CRC) & r->crc_mask;
        break;
    case MDD_CMB_OP_OPEN:
        used[0] |= FMASK(CMBREC, MODE) | FMASK(CMBREC, LEN_VALID) | FMASK(CMBREC, CRC_VALID);
        if (MDD_GET(CMBREC, LEN_VALID, rec))
            used[1] = FMASK(CMBREC, ADDR);
        if (MDD_GET(CMBREC, CRC_VALID, rec))
            used[3] = FMASK(CMBREC, CRC) & r->crc_mask;
        break;
    case MDD_CMB_OP_CLOSE:
        used[0] |= FMASK(CMBREC, CRC_VALID);
        if (MDD_GET(CMBREC, CRC_VALID, rec))
            used[3] = FMASK(CMBREC, CRC) & r->crc_mask;
        break;
    default: /* ABORT: the id only */
        break;
    }
}

static void put_error(const uint64_t *rec, unsigned code, uint64_t exp, uint64_t got, uint64_t *out)
{
    MDD_SET(CMBRES, ID, out, MDD_GET(CMBREC, ID, rec));
    MDD_SET(CMBRES, CODE, out, code);
    MDD_SET(CMBRES, ERROR, out, 1);
    MDD_SET(CMBRES, OP, out, MDD_GET(CMBREC, OP, rec));
    MDD_SET(CMBRES, LO, out, MDD_GET(CMBREC, ADDR, rec));
    MDD_SET(CMBRES, EOM, out, MDD_GET(CMBREC, SEG_LEN, rec));
    MDD_SET(CMBRES, EXP, out, exp);
    MDD_SET(CMBRES, GOT, out, got);
}

static int cmp_seg(const void *a, const void *b)
{
    const struct seg *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->end != y->end)
        return x->end < y->end ? -1 : 1;
    return 0;
}

/* Ends message c (op = the ending record's OP) and writes its result. */
static void end_message(struct mdd_cmbref *r, struct ctx *c, unsigned op, uint64_t *out)
{
    const mdd_crc_alg alg = r->p.alg;
    /* v(M) = x^(8 eom) * SUM v_i x^(-8 end_i) = SUM v_i x^(8 (eom - end_i)): each segment shifted forward by
     * the bytes that follow its end; eom >= end_i for every accepted segment. */
    uint64_t crc = 0;
    for (size_t i = 0; i < c->n; i++)
        crc ^= mdd_crc_shift(alg, c->segs[i].v, c->eom - c->segs[i].end);

    bool exact = false;
    if (c->n > 0) {
        if (r->sorted_cap < c->n) {
            free(r->sorted);
            r->sorted_cap = c->n > 2 * r->sorted_cap ? c->n : 2 * r->sorted_cap;
            r->sorted = malloc(r->sorted_cap * sizeof *r->sorted);
            if (!r->sorted)
                abort();
        }
        memcpy(r->sorted, c->segs, c->n * sizeof *r->sorted);
        qsort(r->sorted, c->n, sizeof *r->sorted, cmp_seg);
        uint64_t at = c->mode == MDD_CMB_MODE_KNOWN ? 0 : c->lo;
        exact = true;
        for (size_t i = 0; i < c->n && exact; i++) {
            exact = r->sorted[i].start == at;
            at = r->sorted[i].end;
        }
        exact = exact && at == c->eom;
        if (exact) {
            /* the same CRC by another formula: the in-order chain of combines */
            uint64_t chain = r->sorted[0].v;
            for (size_t i = 1; i < c->n; i++)
                chain = mdd_crc_combine(alg, chain, r->sorted[i].v, r->sorted[i].end - r->sorted[i].start);
            if (chain != crc)
                r->selfcheck_fail++;
        }
    }

    unsigned status;
    if (op == MDD_CMB_OP_ABORT) {
        status = MDD_CMB_ST_ABORTED;
    } else if (c->bytes == 0) {
        status = MDD_CMB_ST_INCOMPLETE;
    } else {
        uint64_t required = c->len_valid ? c->len : c->mode == MDD_CMB_MODE_KNOWN ? c->eom : c->eom - c->lo;
        if (c->bytes < required)
            status = MDD_CMB_ST_INCOMPLETE;
        else if (!exact)
            status = MDD_CMB_ST_OVERLAP;
        else
            status = c->crc_valid && crc != c->exp_crc ? MDD_CMB_ST_MISMATCH : MDD_CMB_ST_OK;
    }

    MDD_SET(CMBRES, ID, out, c->id);
    MDD_SET(CMBRES, CODE, out, status);
    MDD_SET(CMBRES, ERROR, out, 0);
    MDD_SET(CMBRES, OP, out, op);
    MDD_SET(CMBRES, MODE, out, c->mode);
    MDD_SET(CMBRES, LEN_VALID, out, c->len_valid);
    MDD_SET(CMBRES, CRC_VALID, out, c->crc_valid);
    MDD_SET(CMBRES, MATCH, out, c->crc_valid && crc == c->exp_crc);
    MDD_SET(CMBRES, COMPLETE, out, status == MDD_CMB_ST_OK || status == MDD_CMB_ST_MISMATCH);
    MDD_SET(CMBRES, REJECTED, out, c->rejected);
    MDD_SET(CMBRES, CRC, out, crc);
    MDD_SET(CMBRES, EXP_CRC, out, c->crc_valid ? c->exp_crc : 0);
    MDD_SET(CMBRES, BYTES, out, c->bytes);
    MDD_SET(CMBRES, LO, out, c->lo);
    MDD_SET(CMBRES, EOM, out, c->eom);
    MDD_SET(CMBRES, EXP, out, c->len_valid ? c->len : 0);
    MDD_SET(CMBRES, GOT, out, 0);

    c->open = false;
    c->n = 0;
    r->n_open--;
}

bool mdd_cmbref_step(struct mdd_cmbref *r, const uint64_t rec[MDD_CMB_REC_WORDS], uint64_t out[MDD_CMB_RES_WORDS])
{
    memset(out, 0, MDD_CMB_RES_WORDS * sizeof out[0]);
    const unsigned op = (unsigned)MDD_GET(CMBREC, OP, rec);
    const uint64_t id = MDD_GET(CMBREC, ID, rec);
    const uint64_t addr = MDD_GET(CMBREC, ADDR, rec);
    const uint64_t seg_len = MDD_GET(CMBREC, SEG_LEN, rec);
    const bool is_seg = op == MDD_CMB_OP_SEG, is_open = op == MDD_CMB_OP_OPEN;
    struct ctx *c = find(r, id);
    unsigned code = 0;
    uint64_t exp = 0, got = 0;

    /* the checks in section 3's order; the first that applies is the error */
    uint64_t used[4];
    used_bits(r, rec, used);
    for (unsigned w = 0; w < 4; w++) {
        uint64_t bad = rec[w] & ~used[w];
        if (bad) {
            code = MDD_CMB_ERR_FORMAT;
            exp = w;
            got = (uint64_t)__builtin_ctzll(bad);
            break;
        }
    }
    /* end = ADDR + SEG_LEN in 65 bits: with ADDR_W = 64 it may carry out */
    const uint64_t end = addr + seg_len;
    const bool end_over = end < addr || end > r->addr_max;
    if (!code && r->p.id_w < 32 && (id >> r->p.id_w) != 0) {
        code = MDD_CMB_ERR_ID_RANGE;
        exp = ((uint64_t)1 << r->p.id_w) - 1;
        got = id;
    }
    if (!code && ((is_seg && seg_len == 0) || (is_open && MDD_GET(CMBREC, LEN_VALID, rec) && addr == 0))) {
        code = MDD_CMB_ERR_LEN_ZERO;
        exp = 1;
        got = 0;
    }
    if (!code && is_seg && end_over) {
        code = MDD_CMB_ERR_ADDR_RANGE;
        exp = r->addr_max;
        got = end;
    }
    if (!code && is_open && MDD_GET(CMBREC, LEN_VALID, rec) && addr > r->addr_max) {
        code = MDD_CMB_ERR_ADDR_RANGE;
        exp = r->addr_max;
        got = addr;
    }
    if (!code && is_open && c)
        code = MDD_CMB_ERR_ALREADY_OPEN;
    if (!code && is_open && r->n_open >= r->p.msgs) {
        code = MDD_CMB_ERR_TABLE_FULL;
        exp = got = r->p.msgs;
    }
    if (!code && !is_open && !c)
        code = MDD_CMB_ERR_NOT_OPEN;
    uint64_t new_lo = 0, new_eom = 0, span = 0;
    if (!code && is_seg) {
        new_lo = addr < c->lo ? addr : c->lo;
        new_eom = end > c->eom ? end : c->eom;
        span = c->mode == MDD_CMB_MODE_KNOWN ? new_eom : new_eom - new_lo;
        if (c->len_valid && (c->mode == MDD_CMB_MODE_KNOWN ? end : span) > c->len) {
            code = MDD_CMB_ERR_PAST_END;
            exp = c->len;
            got = c->mode == MDD_CMB_MODE_KNOWN ? end : span;
        } else if (seg_len > span - c->bytes) { /* bytes + SEG_LEN > span; bytes <= span always */
            code = MDD_CMB_ERR_OVERLAP;
            exp = span;
            got = c->bytes + seg_len;
        }
    }
    if (code) {
        if (c && c->rejected < 255)
            c->rejected++;
        put_error(rec, code, exp, got, out);
        return true;
    }

    switch (op) {
    case MDD_CMB_OP_OPEN: {
        for (unsigned i = 0; i < r->p.msgs; i++)
            if (!r->ctx[i].open) {
                c = &r->ctx[i];
                break;
            }
        c->open = true;
        c->id = (uint32_t)id;
        c->mode = (unsigned)MDD_GET(CMBREC, MODE, rec);
        c->len_valid = MDD_GET(CMBREC, LEN_VALID, rec) != 0;
        c->crc_valid = MDD_GET(CMBREC, CRC_VALID, rec) != 0;
        c->len = c->len_valid ? addr : 0;
        c->exp_crc = c->crc_valid ? MDD_GET(CMBREC, CRC, rec) : 0;
        c->lo = r->addr_max;
        c->eom = 0;
        c->bytes = 0;
        c->rejected = 0;
        c->n = 0;
        r->n_open++;
        return false;
    }
    case MDD_CMB_OP_SEG: {
        if (c->n == c->cap) {
            size_t cap = c->cap ? 2 * c->cap : 16;
            struct seg *s = realloc(c->segs, cap * sizeof *s);
            if (!s)
                abort();
            c->segs = s;
            c->cap = cap;
        }
        uint64_t v = MDD_GET(CMBREC, CRC, rec);
        if (MDD_GET(CMBREC, CRC_REG, rec))
            v ^= r->xorout; /* register domain -> value domain */
        c->segs[c->n++] = (struct seg){addr, end, v};
        c->lo = new_lo;
        c->eom = new_eom;
        c->bytes += seg_len;
        if (c->len_valid && c->bytes == c->len) {
            end_message(r, c, MDD_CMB_OP_SEG, out);
            return true;
        }
        return false;
    }
    case MDD_CMB_OP_CLOSE:
        if (MDD_GET(CMBREC, CRC_VALID, rec)) {
            c->crc_valid = true;
            c->exp_crc = MDD_GET(CMBREC, CRC, rec);
        }
        end_message(r, c, MDD_CMB_OP_CLOSE, out);
        return true;
    default:
        end_message(r, c, MDD_CMB_OP_ABORT, out);
        return true;
    }
}

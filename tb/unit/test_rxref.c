/* SPDX-License-Identifier: MIT */
/*
 * Tests of the reference receiver (model/mdd_rxref.h) against the traffic generator (model/mdd_trafgen.h).
 *
 * The generator builds streams constructively (headers, payload, PI, pad and digests first, markers last, the
 * MPA CRC over the finished wire bytes) and never calls the receiver, so agreement is evidence for both:
 *
 *  1. one transfer per random stream: every input byte's tag and aux nibble equal the generator's golden ones,
 *     the delivered bytes and tags equal the generator's host image, no error event, the context counts
 *     (pdus, blocks, bytes_in/out, mrk_count) and resume fields right;
 *  2. the same stream cut at random points into chained transfers (descriptor k+1 = context words 0-7 of
 *     transfer k, new xfer_id): same outputs, tags, counts, no error, and the final resume image equals the
 *     one-transfer one;
 *  3. error injection: one flipped bit in a field of a random class, single transfer and chained; the first
 *     event (smallest offset) must be the one the injection implies (rules at inject_expect());
 *  4. directed cases: RFC 3720 B.4 digests on the wire, markers at PDU/FPDU boundaries and between pad and
 *     CRC, transfers starting inside a marker/digest/PI/length field, DESC, UPSTREAM, FRAME and frame_lost,
 *     descriptor-framed PDUs, the D-033 escape rule.
 *
 * Usage: test_rxref [SEEDS [FIRST_SEED]] (default 2000 random streams from seed 1; a failure prints its seed,
 * rerun with "1 SEED"); the last stdout line is "rxref: P passed, F failed" (P, F = individual assertions; an
 * array compared as a whole is one assertion).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_rxref.h"
#include "mdd_trafgen.h"
#include "test_util.h"

/* ------------------------------------------------------------------------------------------------------ */
/* Bookkeeping.                                                                                             */


static unsigned kind_of(uint8_t tag) { return (tag & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB; }

/* Index of the first difference of two byte arrays, -1 if equal. */
static long first_diff(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return (long)i;
    return -1;
}

static bool check_bytes(const char *what, const uint8_t *got, size_t got_len, const uint8_t *exp, size_t exp_len)
{
    if (got_len != exp_len)
        return check(false, "%s: length %zu, expected %zu", what, got_len, exp_len);
    long d = first_diff(got, exp, got_len);
    return check(d < 0, "%s: first difference at %ld: 0x%02x, expected 0x%02x", what, d, d < 0 ? 0 : got[d],
                 d < 0 ? 0 : exp[d]);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Running a stream as one or several chained transfers.                                                    */

struct xfer_ev {
    struct mdd_rxref_event e;
    size_t xfer;  /* transfer index */
    size_t abs;   /* absolute wire offset of err_off */
};

struct chain {
    size_t n_xfer;
    size_t *start;      /* wire offset of each transfer */
    uint64_t (*ctx)[16];
    uint8_t *out, *out_tag;
    size_t out_len;
    uint8_t *in_tag, *in_aux;
    struct xfer_ev *ev;
    size_t n_ev;
    uint64_t pdus, blocks, bytes_in, bytes_out, mrk_count, err_count;
    bool mrk_unv_any, frame_lost_any;
};

static void chain_free(struct chain *c)
{
    free(c->start);
    free(c->ctx);
    free(c->out);
    free(c->out_tag);
    free(c->in_tag);
    free(c->in_aux);
    free(c->ev);
    memset(c, 0, sizeof *c);
}

/* Descriptor of the next transfer: the previous context's words 0-7 with a new xfer_id. */
static void chain_desc(const uint64_t ctx[16], uint16_t xfer_id, uint64_t desc[8])
{
    memcpy(desc, ctx, 8 * sizeof desc[0]);
    MDD_SET(DESC, XFER_ID, desc, xfer_id);
}

/* Runs wire[0..len) cut at cuts[0..n] (cuts[0] = 0, cuts[n] = len) starting from desc0. */
static void run_chain(const uint64_t desc0[8], const uint8_t *wire, size_t len, const size_t *cuts, size_t n,
                      struct chain *c)
{
    memset(c, 0, sizeof *c);
    c->n_xfer = n;
    c->start = xmalloc((n + 1) * sizeof *c->start);
    c->ctx = xmalloc((n ? n : 1) * sizeof *c->ctx);
    c->out = xmalloc(len);
    c->out_tag = xmalloc(len);
    c->in_tag = xmalloc(len);
    c->in_aux = xmalloc(len);
    size_t ev_cap = 16;
    c->ev = xmalloc(ev_cap * sizeof *c->ev);
    uint64_t desc[8];
    memcpy(desc, desc0, sizeof desc);
    for (size_t k = 0; k < n; k++) {
        struct mdd_rxref_result r;
        size_t s = cuts[k], e = cuts[k + 1];
        c->start[k] = s;
        if (k > 0)
            chain_desc(c->ctx[k - 1], (uint16_t)(k + 1), desc);
        if (mdd_rxref_run(desc, wire + s, e - s, NULL, 0, &r) != 0) {
            fprintf(stderr, "mdd_rxref_run failed\n");
            exit(2);
        }
        memcpy(c->ctx[k], r.ctx, sizeof r.ctx);
        memcpy(c->out + c->out_len, r.out, r.out_len);
        memcpy(c->out_tag + c->out_len, r.out_tag, r.out_len);
        c->out_len += r.out_len;
        memcpy(c->in_tag + s, r.in_tag, e - s);
        memcpy(c->in_aux + s, r.in_aux, e - s);
        for (size_t q = 0; q < r.n_ev; q++) {
            if (c->n_ev == ev_cap) {
                ev_cap *= 2;
                struct xfer_ev *v = realloc(c->ev, ev_cap * sizeof *v);
                if (!v)
                    exit(2);
                c->ev = v;
            }
            c->ev[c->n_ev++] = (struct xfer_ev){r.ev[q], k, s + r.ev[q].err_off};
        }
        c->pdus += MDD_GET(CTX, PDUS, r.ctx);
        c->blocks += MDD_GET(CTX, BLOCKS, r.ctx);
        c->bytes_in += MDD_GET(CTX, BYTES_IN, r.ctx);
        c->bytes_out += MDD_GET(CTX, BYTES_OUT, r.ctx);
        c->mrk_count += MDD_GET(CTX, MRK_COUNT, r.ctx);
        c->err_count += MDD_GET(CTX, ERR_COUNT, r.ctx);
        c->mrk_unv_any |= MDD_GET(CTX, MRK_UNV, r.ctx) != 0;
        c->frame_lost_any |= MDD_GET(CTX, FRAME_LOST, r.ctx) != 0;
        mdd_rxref_free(&r);
    }
    c->start[n] = len;
}

/* The first event of a chain: smallest absolute offset, ties smallest code. NULL if none. */
static const struct xfer_ev *chain_first(const struct chain *c)
{
    const struct xfer_ev *f = NULL;
    for (size_t k = 0; k < c->n_ev; k++) {
        const struct xfer_ev *e = &c->ev[k];
        if (!f || e->abs < f->abs || (e->abs == f->abs && e->e.code < f->e.code))
            f = e;
    }
    return f;
}

static const uint64_t *final_ctx(const struct chain *c) { return c->ctx[c->n_xfer - 1]; }

/* Words 0-7 equal, ignoring xfer_id. */
static bool resume_equal(const uint64_t *a, const uint64_t *b, int *word)
{
    for (int w = 0; w < 8; w++) {
        uint64_t x = a[w], y = b[w];
        if (w == MDD_DESC_XFER_ID_WORD) {
            uint64_t m = (((uint64_t)1 << MDD_DESC_XFER_ID_W) - 1) << MDD_DESC_XFER_ID_LSB;
            x &= ~m;
            y &= ~m;
        }
        if (x != y) {
            *word = w;
            return false;
        }
    }
    return true;
}

static void print_cfg(const struct mdd_gen_cfg *c)
{
    printf("    cfg: proto=%u hdig=%u ddig=%u mrk=%u/%u period=%u phase=%u dif_op=%u pi_fmt=%u type=%u blk=%u "
           "ulp=%u ahs<=%u hdr_out=%u data=%u..%u n=%u max_data=%u app=%04x/%04x ref=%012" PRIx64 " pi_split=%u\n",
           c->proto, c->hdig_en, c->ddig_en, c->mrk_en, c->mrk_chk, c->mrk_period, c->mrk_phase, c->dif_op,
           c->pi_fmt, c->prot_type, c->blk_len, c->ulp_hdr_len, c->ahs_words_max, c->hdr_out, c->data_min,
           c->data_max, c->n_pdus, c->max_data, c->app_tag, c->app_mask, c->ref_tag, c->pi_split);
}

/* ------------------------------------------------------------------------------------------------------ */
/* 1 and 2: clean streams.                                                                                  */

static void check_clean_chain(const struct mdd_gen_stream *s, const struct chain *c, const char *what)
{
    char buf[96];
    snprintf(buf, sizeof buf, "%s in_tag", what);
    check_bytes(buf, c->in_tag, s->wire_len, s->tag, s->wire_len);
    snprintf(buf, sizeof buf, "%s in_aux", what);
    check_bytes(buf, c->in_aux, s->wire_len, s->aux, s->wire_len);
    snprintf(buf, sizeof buf, "%s out", what);
    check_bytes(buf, c->out, c->out_len, s->host, s->host_len);
    snprintf(buf, sizeof buf, "%s out_tag", what);
    check_bytes(buf, c->out_tag, c->out_len, s->host_tag, s->host_len);
    if (!check(c->n_ev == 0, "%s: %zu error events, first code %u (%s) off %zu", what, c->n_ev,
               c->n_ev ? c->ev[0].e.code : 0, c->n_ev ? mdd_err_name(c->ev[0].e.code) : "", c->n_ev ? c->ev[0].abs : 0))
        print_cfg(&s->cfg);
    check(c->pdus == s->n_pdus, "%s: pdus %" PRIu64 " expected %u", what, c->pdus, s->n_pdus);
    check(c->blocks == s->n_blocks, "%s: blocks %" PRIu64 " expected %u", what, c->blocks, s->n_blocks);
    check(c->bytes_in == s->wire_len && c->bytes_out == s->host_len, "%s: bytes in/out %" PRIu64 "/%" PRIu64
          " expected %zu/%zu", what, c->bytes_in, c->bytes_out, s->wire_len, s->host_len);
    check(c->mrk_count == s->n_markers, "%s: mrk_count %" PRIu64 " expected %u", what, c->mrk_count, s->n_markers);
    check(!c->frame_lost_any && c->err_count == 0, "%s: frame_lost or err_count set", what);
}

/* Resume fields of a whole stream that the generator's structure implies. */
static void check_stream_end(const struct mdd_gen_stream *s, const uint64_t *ctx)
{
    const struct mdd_gen_cfg *c = &s->cfg;
    check(MDD_GET(DESC, TCP_SEQ, ctx) == (uint32_t)(c->tcp_seq + s->wire_len), "end tcp_seq");
    if (c->mrk_en)
        check(MDD_GET(DESC, MRK_POS, ctx) == (c->mrk_phase + s->wire_len) % c->mrk_period, "end mrk_pos %" PRIu64,
              MDD_GET(DESC, MRK_POS, ctx));
    if (c->proto != MDD_PROTO_RAW)
        check(MDD_GET(DESC, PDU_OFF, ctx) == 0 && !MDD_GET(DESC, DIG_OPEN, ctx) && MDD_GET(DESC, DIG_PART, ctx) == 0 &&
                  !MDD_GET(DESC, HDIG_OPEN, ctx) && MDD_GET(DESC, HDIG_PART, ctx) == 0,
              "end of stream not at a PDU boundary / digests not closed");
    if (c->dif_op != MDD_DIF_NONE) {
        const struct mdd_pifmt *pf = mdd_pifmt(c->pi_fmt);
        uint64_t data = 0;
        for (size_t i = 0; i < s->wire_len; i++)
            data += kind_of(s->tag[i]) == MDD_KIND_PAY;
        uint64_t pos = data % c->blk_len; /* the stream ends after a PI or inside a block's data */
        check(MDD_GET(DESC, DIF_POS, ctx) == pos && MDD_GET(DESC, DIF_OPEN, ctx) == (pos != 0), "end dif_pos");
        if (pos == 0)
            check(MDD_GET(DESC, DIF_PART, ctx) == 0, "end dif_part");
        uint64_t ref = c->prot_type == 3 ? c->ref_tag : ((c->ref_tag + s->n_blocks) & 0xFFFFFFFFFFFFull);
        check(MDD_GET(DESC, REF_TAG, ctx) == ref, "end ref_tag");
        (void)pf;
    }
}

static void test_clean(const struct mdd_gen_stream *s, uint64_t seed, struct chain *one)
{
    size_t cuts1[2] = {0, s->wire_len};
    run_chain(s->desc, s->wire, s->wire_len, cuts1, 1, one);
    check_clean_chain(s, one, "one");
    check_stream_end(s, final_ctx(one));

    /* 2: chained at random cut points */
    size_t cuts[40];
    for (int rep = 0; rep < 2; rep++) {
        size_t n = mdd_gen_split(s, seed * 31 + (uint64_t)rep, rep ? 32 : 6,
                                 MDD_GEN_SPLIT_NO_ESC_PI | MDD_GEN_SPLIT_NO_APP, cuts);
        if (n == 0)
            break; /* an empty stream */
        struct chain ch;
        run_chain(s->desc, s->wire, s->wire_len, cuts, n, &ch);
        char what[64];
        snprintf(what, sizeof what, "split%d(%zu)", rep, n);
        check_clean_chain(s, &ch, what);
        check(ch.out_len == one->out_len && memcmp(ch.out, one->out, one->out_len) == 0 &&
                  memcmp(ch.out_tag, one->out_tag, one->out_len) == 0 &&
                  memcmp(ch.in_tag, one->in_tag, s->wire_len) == 0 && memcmp(ch.in_aux, one->in_aux, s->wire_len) == 0,
              "%s: outputs or tags differ from the one-transfer run", what);
        int w = -1;
        check(resume_equal(final_ctx(&ch), final_ctx(one), &w), "%s: final resume image differs in word %d", what, w);
        chain_free(&ch);
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* 3: error injection.                                                                                      */
/*
 * Rules (what one flipped bit must produce; "first" = smallest absolute offset, ties smallest code):
 *  - a flip inside a checked field (HDIG, DDIG, marker with mrk_chk, PI guard, app tag under app_mask, ref
 *    tag of types 1/2 in a block that is not escaped): the first event is that field's code at the field's
 *    first byte that lies in the transfer holding the flipped byte, err_byte = the flipped byte's index in the
 *    field, err_unit = its PDU/block relative to that transfer, err_exp/err_got the field's original/corrupted
 *    value (app: err_exp = app_tag). A flip that turns the PI into an escape (app -> 0xFFFF) is judged as a
 *    payload flip of that PDU's data digest. Chained transfers only: an iSCSI marker whose check is deferred
 *    (PDU bytes 1-7) and whose PDU's byte 7 lies in a later transfer is unverifiable: then no event and
 *    mrk_unv in that transfer is accepted.
 *  - payload, pad and non-length header bytes: the first event is the earliest of the fields that cover the
 *    byte (the PDU's data digest / MPA CRC if ddig_en, the block's guard if the block is complete, not
 *    escaped and guard-checked; header bytes: iSCSI header digest, MPA CRC), at its first byte; chained:
 *    any of those fields, at its first byte in the event's transfer. No covering field: not injected.
 *  - length fields (iSCSI TotalAHSLength and DataSegmentLength, MPA ULPDU_Length): if the corrupted length
 *    is illegal (MPA ULPDU_Length < ulp_hdr_len, data_len > max_data) the first event is exactly FRAME at the
 *    length field (err_exp = the limit, err_got = the parsed value), except that an escaped block whose PI
 *    began before the length field and whose app tag the FRAME cuts off has its garbage guard checked as not
 *    escaped (D-033), and that GUARD event comes first. Otherwise the receiver misparses from that PDU on:
 *    no event may lie before the PDU's first byte except in a PI subfield (one that straddles the PDU start);
 *    the first event at or after the PDU's first byte is HDIG or MRK of that PDU when the header digest is on
 *    (iSCSI), any code otherwise; if there is no event at or after the PDU's first byte, the stream must end
 *    away from a PDU boundary (resume pdu_off != 0: software sees the truncation) unless no digest covers the
 *    length field (iSCSI without header digest, MPA without CRC): then a misparse can resynchronise by chance
 *    (a length that keeps the padded PDU length, a longer header that spans the next PDUs exactly) and no
 *    event is accepted. Streams with no digest, no marker check and no DIF are not injected.
 */

enum inj_class { C_PAY, C_GUARD, C_APP, C_REF, C_HDIG, C_DDIG, C_MRK, C_LEN, C_PAD, C_HDR, C_N };
static const char *const class_name[C_N] = {"payload", "pi_guard", "pi_app", "pi_ref", "hdig", "ddig",
                                            "marker", "length", "pad", "header"};
static unsigned long inj_one[C_N], inj_split[C_N];

/* an acceptable first event */
struct cand {
    unsigned code;
    size_t first, last;     /* wire span of the field */
    unsigned n_pos;
    size_t pos[16];         /* wire positions of its bytes (SIZE_MAX: before wire byte 0) */
    uint64_t unit;          /* global PDU or block index */
    bool unit_is_blk;
    int err_byte;           /* -1: not checked */
    bool vals;              /* err_exp/err_got checked */
    uint64_t exp, got;
    bool maybe;             /* this event may be absent (then a later candidate is first) */
};

struct expect {
    unsigned n;
    struct cand c[2];
    bool len_rule;          /* the loose length-field rule */
    size_t pdu_first;       /* its PDU's first wire byte (a boundary marker before it included) */
    uint64_t pdu;
    bool hdig_rule;
    bool mrk_maybe_unv;     /* deferred iSCSI marker: chained runs may leave it unverified */
    bool silent_ok;         /* no digest covers the length field: a misparse may go unnoticed */
};

static bool is_length_byte(const struct mdd_gen_stream *s, size_t x)
{
    if (kind_of(s->tag[x]) != MDD_KIND_HDR)
        return false;
    uint32_t off = s->off_of[x];
    return s->cfg.proto == MDD_PROTO_MPA ? off < 2 : (off >= MDD_ISCSI_AHS_OFF && off <= MDD_ISCSI_DSL_OFF + 2);
}

/* Wire positions of the bytes of kind `kind` with aux index lo..hi of the field unit that holds byte x
 * (digests: same PDU; PI: same block; markers: consecutive). Absent bytes (before wire 0): SIZE_MAX. */
static void field_pos(const struct mdd_gen_stream *s, size_t x, unsigned lo, unsigned hi, size_t *pos)
{
    unsigned k0 = kind_of(s->tag[x]);
    if (k0 == MDD_KIND_MRK) {
        unsigned m = s->aux[x] & 7;
        for (unsigned j = lo; j <= hi; j++)
            pos[j - lo] = (x + j < m) ? SIZE_MAX : x + j - m;
        return;
    }
    const uint32_t *unit = k0 == MDD_KIND_PI ? s->blk_of : s->pdu_of;
    for (unsigned j = lo; j <= hi; j++)
        pos[j - lo] = SIZE_MAX;
    for (size_t y = x + 1; y-- > 0;) {
        if (kind_of(s->tag[y]) == k0 && unit[y] == unit[x] && s->aux[y] >= lo && s->aux[y] <= hi)
            pos[s->aux[y] - lo] = y;
        if (kind_of(s->tag[y]) == k0 && unit[y] == unit[x] && s->aux[y] == lo)
            break;
    }
    for (size_t y = x; y < s->wire_len; y++) {
        if (kind_of(s->tag[y]) == k0 && unit[y] == unit[x] && s->aux[y] >= lo && s->aux[y] <= hi)
            pos[s->aux[y] - lo] = y;
        if (kind_of(s->tag[y]) == k0 && unit[y] == unit[x] && s->aux[y] == hi)
            break;
    }
}

static uint64_t val_of(const uint8_t *w, const size_t *pos, unsigned n, bool le, const uint8_t *fill)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++) {
        unsigned j = le ? n - 1 - k : k;
        if (!le && n > 8 && j < n - 8)
            continue;
        uint8_t b = pos[j] == SIZE_MAX ? fill[j] : w[pos[j]];
        v = v << 8 | b;
    }
    return v;
}

/* A checked field, as an exact candidate. */
static struct cand exact_field(const struct mdd_gen_stream *s, const uint8_t *orig, const uint8_t *bad, size_t x,
                               unsigned code, unsigned lo, unsigned hi, bool le, uint64_t unit, bool is_blk)
{
    size_t pos[16];
    static const uint8_t zero[16];
    unsigned n = hi - lo + 1;
    field_pos(s, x, lo, hi, pos);
    struct cand c = {code, 0, 0, n, {0}, unit, is_blk, 0, true, 0, 0, false};
    memcpy(c.pos, pos, n * sizeof pos[0]);
    c.first = pos[0] == SIZE_MAX ? 0 : pos[0];
    c.last = pos[n - 1];
    unsigned j = kind_of(s->tag[x]) == MDD_KIND_MRK ? (s->aux[x] & 7) : s->aux[x];
    c.err_byte = (int)(j - lo);
    c.exp = val_of(orig, pos, n, le, zero);
    c.got = val_of(bad, pos, n, le, zero);
    return c;
}

/* The data digest / MPA CRC field of PDU p, as a computed-field candidate. */
static bool ddig_cand(const struct mdd_gen_stream *s, uint32_t p, struct cand *c)
{
    if (!s->cfg.ddig_en || p == MDD_GEN_NONE)
        return false;
    for (size_t y = s->pdu_end[p] + 1; y-- > s->pdu_start[p];)
        if (kind_of(s->tag[y]) == MDD_KIND_DDIG && s->aux[y] == 0) {
            size_t pos[4];
            field_pos(s, y, 0, 3, pos);
            *c = (struct cand){MDD_ERR_DDIG, pos[0], pos[3], 4, {pos[0], pos[1], pos[2], pos[3]}, p, false, -1, false, 0, 0, false};
            return true;
        }
    return false;
}

static bool hdig_cand(const struct mdd_gen_stream *s, uint32_t p, struct cand *c)
{
    if (!s->cfg.hdig_en)
        return false;
    for (size_t y = s->pdu_start[p]; y <= s->pdu_end[p]; y++)
        if (kind_of(s->tag[y]) == MDD_KIND_HDIG && s->aux[y] == 0) {
            size_t pos[4];
            field_pos(s, y, 0, 3, pos);
            *c = (struct cand){MDD_ERR_HDIG, pos[0], pos[3], 4, {pos[0], pos[1], pos[2], pos[3]}, p, false, -1, false, 0, 0, false};
            return true;
        }
    return false;
}

/* The guard of block b (escaped blocks only if esc_ok: their guard is garbage). */
static bool guard_cand(const struct mdd_gen_stream *s, uint32_t b, bool esc_ok, struct cand *c)
{
    const struct mdd_gen_cfg *g = &s->cfg;
    if (g->dif_op == MDD_DIF_NONE || b == MDD_GEN_NONE || b >= s->n_blocks || (s->blk_escaped[b] && !esc_ok) ||
        !(g->dif_chk & MDD_DIFCHK_GUARD))
        return false;
    const struct mdd_pifmt *pf = mdd_pifmt(g->pi_fmt);
    size_t pos[8];
    field_pos(s, s->blk_pi_start[b], 0, pf->guard_len - 1, pos);
    *c = (struct cand){MDD_ERR_GUARD, pos[0], pos[pf->guard_len - 1], pf->guard_len, {0}, b, true, -1, false, 0, 0, false};
    memcpy(c->pos, pos, pf->guard_len * sizeof pos[0]);
    return true;
}

static void add_cand(struct expect *e, struct cand c)
{
    /* kept sorted by field start: c[0] is the one a single transfer reports first */
    if (e->n == 1 && c.first < e->c[0].first) {
        e->c[1] = e->c[0];
        e->c[0] = c;
    } else {
        e->c[e->n] = c;
    }
    e->n++;
}

/* Number of PDUs / blocks completed before wire offset w (the index base of a transfer starting there). */
static uint64_t base_pdu(const struct mdd_gen_stream *s, size_t w)
{
    uint64_t n = 0;
    while (n < s->n_pdus && s->pdu_end[n] < w)
        n++;
    return n;
}

static uint64_t base_blk(const struct mdd_gen_stream *s, size_t w)
{
    uint64_t n = 0;
    while (n < s->n_blocks && s->blk_pi_end[n] < w)
        n++;
    return n;
}

/* PDUs the receiver completed in the transfers before transfer k (its own index base, misparse or not). */
static uint64_t rx_base_pdu(const struct chain *ch, size_t k)
{
    uint64_t n = 0;
    for (size_t q = 0; q < k; q++)
        n += MDD_GET(CTX, PDUS, ch->ctx[q]);
    return n;
}

static bool cand_match(const struct mdd_gen_stream *s, const struct chain *ch, const struct xfer_ev *f,
                       const struct cand *c)
{
    /* err_off: the field's first byte that lies in the event's transfer (markers inside the field are not
     * field bytes); the receiver reports it there whichever of its bytes differs */
    size_t ts = ch->start[f->xfer], te = ch->start[f->xfer + 1];
    size_t at = SIZE_MAX;
    for (unsigned k = 0; k < c->n_pos && at == SIZE_MAX; k++)
        if (c->pos[k] != SIZE_MAX && c->pos[k] >= ts && c->pos[k] < te)
            at = c->pos[k];
    if (c->code == MDD_ERR_FRAME) /* rx-path.md 2: the length field's first byte, 0 if it began earlier */
        at = c->first > ts ? c->first : ts;
    uint64_t base = c->unit_is_blk ? base_blk(s, ts) : base_pdu(s, ts);
    return f->e.code == c->code && f->abs == at && f->e.err_unit == c->unit - base &&
           (c->err_byte < 0 || f->e.err_byte == (unsigned)c->err_byte) &&
           (!c->vals || (f->e.err_exp == c->exp && f->e.err_got == c->got));
}

static void judge(const struct mdd_gen_stream *s, const struct chain *ch, const struct expect *e, const char *what,
                  size_t x, unsigned bit)
{
    const struct xfer_ev *f = chain_first(ch);
    if (e->len_rule) {
        const struct xfer_ev *first_after = NULL;
        bool bad_before = false;
        for (size_t k = 0; k < ch->n_ev; k++) {
            const struct xfer_ev *v = &ch->ev[k];
            if (v->abs < e->pdu_first) {
                bad_before |= v->e.code != MDD_ERR_GUARD && v->e.code != MDD_ERR_APP && v->e.code != MDD_ERR_REF;
                continue;
            }
            if (!first_after || v->abs < first_after->abs || (v->abs == first_after->abs && v->e.code < first_after->e.code))
                first_after = v;
        }
        const uint64_t *fc = final_ctx(ch);
        bool truncated = MDD_GET(DESC, PDU_OFF, fc) != 0 || ch->frame_lost_any;
        bool ok;
        if (!first_after)
            ok = !bad_before && (truncated || e->silent_ok);
        else if (e->hdig_rule)
            ok = !bad_before && (first_after->e.code == MDD_ERR_HDIG || first_after->e.code == MDD_ERR_MRK) &&
                 first_after->e.err_unit + rx_base_pdu(ch, first_after->xfer) == e->pdu;
        else
            ok = !bad_before;
        check(ok, "%s: length flip at %zu bit %u: %zu events, first after PDU start: %s at %zu (PDU starts %zu), "
              "truncated %d", what, x, bit, ch->n_ev, first_after ? mdd_err_name(first_after->e.code) : "none",
              first_after ? first_after->abs : 0, e->pdu_first, truncated);
        return;
    }
    if (!f) {
        bool ok = e->mrk_maybe_unv && ch->n_xfer > 1 && ch->mrk_unv_any;
        check(ok, "%s: flip at %zu bit %u: no error event (expected %s at %zu)", what, x, bit,
              mdd_err_name(e->c[0].code), e->c[0].first);
        return;
    }
    bool ok = false;
    if (ch->n_xfer == 1) /* the earliest candidate, unless it may be absent */
        for (unsigned k = 0; k < e->n && !ok; k++) {
            ok = cand_match(s, ch, f, &e->c[k]);
            if (!e->c[k].maybe)
                break;
        }
    else
        for (unsigned k = 0; k < e->n; k++)
            ok |= cand_match(s, ch, f, &e->c[k]);
    check(ok, "%s: flip at %zu bit %u: first event %s off %zu byte %u unit %u exp %" PRIx64 " got %" PRIx64
          " (xfer %zu at %zu); expected %s at %zu..%zu byte %d unit %" PRIu64 " exp %" PRIx64 " got %" PRIx64,
          what, x, bit, mdd_err_name(f->e.code), f->abs, f->e.err_byte, f->e.err_unit, f->e.err_exp, f->e.err_got,
          f->xfer, ch->start[f->xfer], mdd_err_name(e->c[0].code), e->c[0].first, e->c[0].last, e->c[0].err_byte,
          e->c[0].unit, e->c[0].exp, e->c[0].got);
}

/* Picks a byte of class cl (reservoir sampling); false if the stream has none. */
static bool pick_byte(const struct mdd_gen_stream *s, enum inj_class cl, size_t *xo)
{
    const struct mdd_gen_cfg *g = &s->cfg;
    const struct mdd_pifmt *pf = mdd_pifmt(g->pi_fmt);
    size_t seen = 0;
    for (size_t x = 0; x < s->wire_len; x++) {
        unsigned k = kind_of(s->tag[x]);
        unsigned a = s->aux[x];
        bool pi_ok = k == MDD_KIND_PI && !s->blk_escaped[s->blk_of[x]];
        bool ok;
        switch (cl) {
        case C_PAY: ok = k == MDD_KIND_PAY; break;
        case C_GUARD: ok = pi_ok && a < pf->guard_len; break;
        case C_APP:
            ok = pi_ok && a >= pf->app_off && a < pf->app_off + 2 &&
                 ((a == pf->app_off ? g->app_mask >> 8 : g->app_mask) & 0xFF);
            break;
        case C_REF: ok = pi_ok && a >= pf->ref_off && g->prot_type != 3; break;
        case C_HDIG: ok = k == MDD_KIND_HDIG; break;
        case C_DDIG: ok = k == MDD_KIND_DDIG; break;
        case C_MRK: ok = k == MDD_KIND_MRK && g->mrk_chk; break;
        case C_LEN: ok = is_length_byte(s, x); break;
        case C_PAD: ok = k == MDD_KIND_PAD && g->ddig_en; break;
        case C_HDR:
            ok = k == MDD_KIND_HDR && !is_length_byte(s, x) &&
                 (g->proto == MDD_PROTO_MPA ? g->ddig_en : g->hdig_en);
            break;
        default: ok = false;
        }
        if (ok && below(++seen) == 0)
            *xo = x;
    }
    return seen > 0;
}

/* What flipping `bit` of wire byte x implies; false if nothing can detect it. */
static bool inject_expect(const struct mdd_gen_stream *s, const uint8_t *bad, size_t x, enum inj_class cl,
                          struct expect *e)
{
    const struct mdd_gen_cfg *g = &s->cfg;
    const struct mdd_pifmt *pf = mdd_pifmt(g->pi_fmt);
    memset(e, 0, sizeof *e);
    struct cand c;
    uint32_t p = s->pdu_of[x], b = s->blk_of[x];
    switch (cl) {
    case C_HDIG:
        add_cand(e, exact_field(s, s->wire, bad, x, MDD_ERR_HDIG, 0, 3, true, p, false));
        return true;
    case C_DDIG:
        add_cand(e, exact_field(s, s->wire, bad, x, MDD_ERR_DDIG, 0, 3, true, p, false));
        return true;
    case C_MRK: {
        unsigned ml = g->proto == MDD_PROTO_MPA ? 4 : 8;
        add_cand(e, exact_field(s, s->wire, bad, x, MDD_ERR_MRK, 0, ml - 1, false, p, false));
        /* deferred iSCSI check: the next non-marker byte is at PDU offset 1..7 */
        size_t y = x;
        while (y < s->wire_len && kind_of(s->tag[y]) == MDD_KIND_MRK)
            y++;
        e->mrk_maybe_unv = g->proto == MDD_PROTO_ISCSI && y < s->wire_len && s->off_of[y] >= 1 && s->off_of[y] <= 7;
        return true;
    }
    case C_GUARD:
        add_cand(e, exact_field(s, s->wire, bad, x, MDD_ERR_GUARD, 0, pf->guard_len - 1, false, b, true));
        return true;
    case C_REF:
        add_cand(e, exact_field(s, s->wire, bad, x, MDD_ERR_REF, pf->ref_off, pf->ref_off + pf->ref_len - 1, false, b,
                                true));
        return true;
    case C_APP: {
        struct cand a = exact_field(s, s->wire, bad, x, MDD_ERR_APP, pf->app_off, pf->app_off + 1, false, b, true);
        size_t rpos[16];
        field_pos(s, x, pf->ref_off, pf->ref_off + pf->ref_len - 1, rpos);
        bool ref_ones = true;
        for (unsigned k = 0; k < pf->ref_len; k++)
            ref_ones = ref_ones && rpos[k] != SIZE_MAX && s->wire[rpos[k]] == 0xFF;
        if (a.got == MDD_APP_ESCAPE && (g->prot_type != 3 || ref_ones)) /* now an escape: only the digest sees it */
            return ddig_cand(s, p, &c) ? (add_cand(e, c), true) : false;
        a.exp = g->app_tag;
        add_cand(e, a);
        return true;
    }
    case C_PAY:
        if (ddig_cand(s, p, &c))
            add_cand(e, c);
        if (guard_cand(s, b, false, &c))
            add_cand(e, c);
        return e->n > 0;
    case C_PAD:
        return ddig_cand(s, p, &c) ? (add_cand(e, c), true) : false;
    case C_HDR:
        if (g->proto == MDD_PROTO_MPA)
            return ddig_cand(s, p, &c) ? (add_cand(e, c), true) : false;
        return hdig_cand(s, p, &c) ? (add_cand(e, c), true) : false;
    case C_LEN: {
        bool mpa = g->proto == MDD_PROTO_MPA;
        size_t f0 = SIZE_MAX, f1 = 0;
        uint64_t v = 0;
        unsigned lo = mpa ? 0 : MDD_ISCSI_DSL_OFF, hi = mpa ? 1 : MDD_ISCSI_DSL_OFF + 2;
        for (size_t y = s->pdu_start[p]; y <= s->pdu_end[p]; y++)
            if (kind_of(s->tag[y]) == MDD_KIND_HDR && s->off_of[y] >= lo && s->off_of[y] <= hi) {
                f0 = f0 == SIZE_MAX ? y : f0;
                f1 = y;
                v = v << 8 | bad[y];
            }
        bool dsl = s->off_of[x] >= lo;
        /* FRAME is reported at the length field's first byte in the transfer that completes the length */
        struct cand fr = {MDD_ERR_FRAME, f0, f1, 1, {f0}, p, false, 0, true, 0, 0, false};
        /* an escaped block whose PI holds guard bytes before the length field and its app tag after it: the
         * FRAME loses the app tag, so the guard is checked as not escaped (D-033) and its garbage fails */
        struct cand esc_guard;
        bool esc = false;
        if (g->dif_op != MDD_DIF_NONE && (g->dif_chk & MDD_DIFCHK_GUARD))
            for (uint32_t b2 = 0; b2 < s->n_blocks && !esc; b2++) {
                size_t ap[2];
                if (!s->blk_escaped[b2] || s->blk_pi_start[b2] > f0 || s->blk_pi_end[b2] < f1)
                    continue;
                field_pos(s, s->blk_pi_start[b2], pf->app_off, pf->app_off + 1, ap);
                if (ap[0] > f1 && guard_cand(s, b2, true, &esc_guard)) {
                    esc_guard.maybe = true; /* a garbage guard may match by chance */
                    esc = true;
                }
            }
        if (dsl && mpa && v < g->ulp_hdr_len) {
            fr.exp = g->ulp_hdr_len;
            fr.got = v;
            add_cand(e, fr);
            if (esc)
                add_cand(e, esc_guard);
            return true;
        }
        uint64_t dlen = mpa ? v - g->ulp_hdr_len : v;
        if (dsl && g->max_data && dlen > g->max_data) {
            fr.exp = g->max_data;
            fr.got = dlen;
            add_cand(e, fr);
            if (esc)
                add_cand(e, esc_guard);
            return true;
        }
        /* the PDU length as the receiver will now parse it */
        uint64_t hl = s->pdu_hdr_len[p], dl = s->pdu_data_len[p];
        if (!mpa && !dsl)
            hl = MDD_ISCSI_BHS_LEN + 4u * bad[x];
        else
            dl = dlen;
        uint64_t old_len = s->pdu_end[p] + 1, new_len;
        {
            uint64_t h0 = s->pdu_hdr_len[p], d0 = s->pdu_data_len[p];
            uint64_t l0 = h0 + (g->hdig_en ? 4 : 0) + d0 + ((0u - (h0 + d0)) & 3) + (g->ddig_en && (mpa || d0) ? 4 : 0);
            new_len = hl + (g->hdig_en ? 4 : 0) + dl + ((0u - (hl + dl)) & 3) + (g->ddig_en && (mpa || dl) ? 4 : 0);
            old_len = l0;
        }
        /* without a digest over the length field a misparse may resynchronise by chance and go unnoticed
         * (a length that keeps the padded PDU length, a longer header that spans the next PDUs exactly) */
        e->silent_ok = !(mpa ? g->ddig_en : g->hdig_en);
        (void)new_len;
        (void)old_len;
        if (!g->ddig_en && !g->hdig_en && !g->mrk_chk && g->dif_op == MDD_DIF_NONE)
            return false;
        e->len_rule = true;
        e->pdu = p;
        e->pdu_first = s->pdu_start[p];
        e->hdig_rule = !mpa && g->hdig_en;
        return true;
    }
    default:
        return false;
    }
}

static void test_inject(const struct mdd_gen_stream *s, uint64_t seed, unsigned n_inj)
{
    uint8_t *bad = xmalloc(s->wire_len);
    size_t cuts[40];
    for (unsigned t = 0; t < n_inj; t++) {
        enum inj_class cl = (enum inj_class)below(C_N);
        size_t x = 0;
        if (!pick_byte(s, cl, &x))
            continue;
        unsigned bit = (unsigned)below(8);
        if (cl == C_APP) {
            const struct mdd_pifmt *pf = mdd_pifmt(s->cfg.pi_fmt);
            unsigned mb = (s->aux[x] == pf->app_off ? s->cfg.app_mask >> 8 : s->cfg.app_mask) & 0xFF;
            do
                bit = (unsigned)below(8);
            while (!(mb >> bit & 1));
        }
        memcpy(bad, s->wire, s->wire_len);
        bad[x] ^= (uint8_t)(1u << bit);
        struct expect e;
        if (!inject_expect(s, bad, x, cl, &e))
            continue;
        label("seed %" PRIu64 " inject %s", seed, class_name[cl]);
        unsigned long f0 = failed;
        struct chain ch;
        size_t cuts1[2] = {0, s->wire_len};
        run_chain(s->desc, bad, s->wire_len, cuts1, 1, &ch);
        judge(s, &ch, &e, "one", x, bit);
        inj_one[cl]++;
        chain_free(&ch);
        size_t n = mdd_gen_split(s, seed * 977 + t, 12, MDD_GEN_SPLIT_NO_ESC_PI | MDD_GEN_SPLIT_NO_APP, cuts);
        if (n == 0)
            continue;
        run_chain(s->desc, bad, s->wire_len, cuts, n, &ch);
        judge(s, &ch, &e, "split", x, bit);
        inj_split[cl]++;
        chain_free(&ch);
        if (failed != f0 && f0 < 60)
            print_cfg(&s->cfg);
    }
    free(bad);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Coverage of the random streams (printed, and required to be non-zero at the end).                        */

enum cov {
    COV_ISCSI, COV_MPA, COV_RAW, COV_MRK_START, COV_ISCSI_DEFERRED, COV_MPA_ED_ON_MRK, COV_MPA_MRK_IN_CRC,
    COV_MRK_AT_BOUNDARY, COV_ESCAPE, COV_PI_ACROSS_PDU, COV_NODATA_PDU, COV_MRK_IN_FIELD,
    COV_CUT_IN_MRK, COV_CUT_IN_HDIG, COV_CUT_IN_DDIG, COV_CUT_IN_PI, COV_CUT_IN_LEN, COV_CUT_IN_HDR, COV_MRK_UNV,
    COV_N
};
static const char *const cov_name[COV_N] = {
    "iscsi", "mpa", "raw", "stream_starts_in_marker", "iscsi_deferred_marker", "mpa_ed_on_marker",
    "mpa_marker_between_crc_bytes", "marker_at_pdu_boundary", "escaped_pi", "pi_across_pdus", "iscsi_no_data_pdu",
    "marker_inside_field", "cut_in_marker", "cut_in_hdig", "cut_in_ddig", "cut_in_pi", "cut_in_length", "cut_in_header",
    "mrk_unv"};
static unsigned long cov[COV_N];

static void cover_stream(const struct mdd_gen_stream *s)
{
    const struct mdd_gen_cfg *g = &s->cfg;
    cov[g->proto == MDD_PROTO_ISCSI ? COV_ISCSI : g->proto == MDD_PROTO_MPA ? COV_MPA : COV_RAW]++;
    bool f[COV_N] = {false};
    if (s->wire_len && kind_of(s->tag[0]) == MDD_KIND_MRK && (s->aux[0] & 7) != 0)
        f[COV_MRK_START] = true;
    for (size_t x = 0; x < s->wire_len; x++) {
        unsigned k = kind_of(s->tag[x]);
        if (k == MDD_KIND_MRK) {
            if ((s->aux[x] & 7) != 0)
                continue;
            size_t y = x;
            while (y < s->wire_len && kind_of(s->tag[y]) == MDD_KIND_MRK)
                y++;
            if (y >= s->wire_len || x == 0)
                continue;
            unsigned kp = kind_of(s->tag[x - 1]), kn = kind_of(s->tag[y]);
            if (g->proto == MDD_PROTO_ISCSI && s->off_of[y] >= 1 && s->off_of[y] <= 7)
                f[COV_ISCSI_DEFERRED] = true;
            if (s->off_of[y] == 0)
                f[COV_MRK_AT_BOUNDARY] = true;
            if (g->proto == MDD_PROTO_MPA && (s->tag[y - 1] & MDD_TAGM_ED))
                f[COV_MPA_ED_ON_MRK] = true;
            if (g->proto == MDD_PROTO_MPA && (s->aux[x] & 8))
                f[COV_MPA_MRK_IN_CRC] = true;
            if (kp == kn && s->aux[y] > 0 && (kn == MDD_KIND_HDIG || kn == MDD_KIND_DDIG || kn == MDD_KIND_PI))
                f[COV_MRK_IN_FIELD] = true;
        }
        if (k == MDD_KIND_PI && s->aux[x] == 0 && s->pdu_of[x] != MDD_GEN_NONE &&
            s->pdu_of[s->blk_pi_end[s->blk_of[x]]] != s->pdu_of[x])
            f[COV_PI_ACROSS_PDU] = true;
    }
    for (uint32_t b = 0; b < s->n_blocks; b++)
        f[COV_ESCAPE] |= s->blk_escaped[b] != 0;
    if (g->proto == MDD_PROTO_ISCSI)
        for (uint32_t p = 0; p < s->n_pdus; p++)
            f[COV_NODATA_PDU] |= s->pdu_data_len[p] == 0;
    for (int k = 0; k < COV_N; k++)
        cov[k] += f[k];
}

/* Which field a cut point c (between wire bytes c-1 and c) falls strictly inside, COV_N if none. */
static enum cov cut_kind(const struct mdd_gen_stream *s, size_t c)
{
    unsigned a = kind_of(s->tag[c - 1]), b = kind_of(s->tag[c]);
    if (a == MDD_KIND_MRK && b == MDD_KIND_MRK && (s->aux[c] & 7) != 0)
        return COV_CUT_IN_MRK;
    if (a != b)
        return COV_N;
    if (a == MDD_KIND_HDIG && s->aux[c] != 0)
        return COV_CUT_IN_HDIG;
    if (a == MDD_KIND_DDIG && s->aux[c] != 0)
        return COV_CUT_IN_DDIG;
    if (a == MDD_KIND_PI && s->aux[c] != 0)
        return COV_CUT_IN_PI;
    if (a == MDD_KIND_HDR && is_length_byte(s, c) && is_length_byte(s, c - 1) && s->off_of[c] != MDD_ISCSI_AHS_OFF + 1)
        return COV_CUT_IN_LEN;
    if (a == MDD_KIND_HDR && s->off_of[c] != 0)
        return COV_CUT_IN_HDR;
    return COV_N;
}

/* ------------------------------------------------------------------------------------------------------ */
/* 4: directed cases.                                                                                       */

static void run1(const uint64_t desc[8], const uint8_t *in, size_t n, struct mdd_rxref_result *r)
{
    if (mdd_rxref_run(desc, in, n, NULL, 0, r) != 0) {
        fprintf(stderr, "mdd_rxref_run failed\n");
        exit(2);
    }
}

static struct mdd_gen_cfg base_cfg(unsigned proto)
{
    struct mdd_gen_cfg c;
    memset(&c, 0, sizeof c);
    c.proto = proto;
    c.pi_fmt = 0;
    c.prot_type = 1;
    c.dif_chk = 7;
    c.blk_len = 512;
    c.app_tag = 0x1234;
    c.app_mask = 0xFFFF;
    c.ref_tag = 0x100;
    c.data_min = 1;
    c.data_max = 64;
    c.n_pdus = 4;
    c.ulp_hdr_len = proto == MDD_PROTO_MPA ? 18 : 0;
    c.tcp_seq = 1000;
    return c;
}

/* RFC 3720 B.4 vectors as data digests on the wire (least significant byte first), by hand. */
static void directed_rfc3720(void)
{
    static const struct {
        int pattern;
        uint32_t crc;
        uint8_t wire[4];
    } v[] = {
        {0, 0x8A9136AA, {0xaa, 0x36, 0x91, 0x8a}},
        {1, 0x62A8AB43, {0x43, 0xab, 0xa8, 0x62}},
        {2, 0x46DD794E, {0x4e, 0x79, 0xdd, 0x46}},
        {3, 0x113FDB5C, {0x5c, 0xdb, 0x3f, 0x11}},
    };
    label("directed rfc3720");
    for (unsigned t = 0; t < 4; t++) {
        uint8_t pdu[48 + 4 + 32 + 4];
        memset(pdu, 0, sizeof pdu);
        pdu[0] = 0x25;
        pdu[7] = 32; /* DataSegmentLength */
        uint32_t h = (uint32_t)mdd_crc(MDD_CRC32C, pdu, 48);
        for (int k = 0; k < 4; k++)
            pdu[48 + k] = (uint8_t)(h >> (8 * k));
        for (int k = 0; k < 32; k++)
            pdu[52 + k] = v[t].pattern == 0 ? 0 : v[t].pattern == 1 ? 0xFF : v[t].pattern == 2 ? (uint8_t)k
                                                                                               : (uint8_t)(31 - k);
        check(mdd_crc(MDD_CRC32C, pdu + 52, 32) == v[t].crc, "library CRC-32C of B.4 vector %u", t);
        memcpy(pdu + 84, v[t].wire, 4);
        uint64_t desc[8] = {0};
        MDD_SET(DESC, PROTO, desc, MDD_PROTO_ISCSI);
        MDD_SET(DESC, SELF_FRAME, desc, 1);
        MDD_SET(DESC, HDIG_EN, desc, 1);
        MDD_SET(DESC, DDIG_EN, desc, 1);
        MDD_SET(DESC, HDR_LEN, desc, 48);
        struct mdd_rxref_result r;
        run1(desc, pdu, sizeof pdu, &r);
        check(r.n_ev == 0, "B.4 vector %u on the wire as %02x %02x %02x %02x: %zu events", t, v[t].wire[0],
              v[t].wire[1], v[t].wire[2], v[t].wire[3], r.n_ev);
        bool tags = true;
        for (size_t i = 0; i < sizeof pdu; i++) {
            unsigned k = i < 48 ? MDD_KIND_HDR : i < 52 ? MDD_KIND_HDIG : i < 84 ? MDD_KIND_PAY : MDD_KIND_DDIG;
            unsigned fl = (i == 47 ? MDD_TAGM_EH : 0) | (i == 83 ? MDD_TAGM_ED : 0) | (i == 87 ? MDD_TAGM_EP : 0) |
                          (k == MDD_KIND_PAY ? MDD_TAGM_K : 0);
            tags &= r.in_tag[i] == (uint8_t)(k << MDD_TAG_KIND_LSB | fl);
        }
        check(tags, "B.4 vector %u: tags", t);
        check(r.out_len == 32 && memcmp(r.out, pdu + 52, 32) == 0, "B.4 vector %u: 32 payload bytes delivered", t);
        check(MDD_GET(CTX, PDUS, r.ctx) == 1 && MDD_GET(DESC, PDU_OFF, r.ctx) == 0, "B.4 vector %u: one PDU", t);
        mdd_rxref_free(&r);
        /* the digest in big-endian order is wrong */
        for (int k = 0; k < 4; k++)
            pdu[84 + k] = v[t].wire[3 - k];
        run1(desc, pdu, sizeof pdu, &r);
        check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_DDIG && r.ev[0].err_off == 84 && r.ev[0].err_exp == v[t].crc &&
                  r.ev[0].err_byte == 0 && MDD_GET(CTX, ERR_CODE, r.ctx) == MDD_ERR_DDIG,
              "B.4 vector %u byte-swapped: DDIG at 84, exp %08x", t, v[t].crc);
        mdd_rxref_free(&r);
    }
}

/* Search for a stream of cfg (varying the marker phase) with a wire feature; returns 0 and s if found. */
typedef bool (*stream_pred)(const struct mdd_gen_stream *s, size_t *where);

static bool find_stream(struct mdd_gen_cfg *cfg, uint64_t seed, stream_pred pred, struct mdd_gen_stream *s, size_t *where)
{
    for (uint32_t ph = 0; ph < cfg->mrk_period; ph++) {
        cfg->mrk_phase = ph;
        if (mdd_gen_build(cfg, seed, s) != 0)
            return false;
        if (pred(s, where))
            return true;
        mdd_gen_free(s);
    }
    return false;
}

static bool pred_boundary_marker(const struct mdd_gen_stream *s, size_t *where)
{
    for (size_t x = 1; x + 1 < s->wire_len; x++)
        if (kind_of(s->tag[x]) == MDD_KIND_MRK && (s->aux[x] & 7) == 0 && kind_of(s->tag[x - 1]) != MDD_KIND_MRK &&
            (s->tag[x - 1] & MDD_TAGM_EP)) {
            *where = x;
            return true;
        }
    return false;
}

static bool pred_ed_marker(const struct mdd_gen_stream *s, size_t *where)
{
    for (size_t x = 1; x < s->wire_len; x++)
        if (kind_of(s->tag[x]) == MDD_KIND_MRK && (s->tag[x] & MDD_TAGM_ED)) {
            *where = x;
            return true;
        }
    return false;
}

static bool pred_marker_in_crc(const struct mdd_gen_stream *s, size_t *where)
{
    for (size_t x = 1; x < s->wire_len; x++)
        if (kind_of(s->tag[x]) == MDD_KIND_MRK && kind_of(s->tag[x - 1]) == MDD_KIND_DDIG && s->aux[x - 1] < 3) {
            *where = x;
            return true;
        }
    return false;
}

/* The stream runs clean as one transfer and as every two-transfer split; flipping marker byte `x` gives MRK. */
static void clean_and_mrk_flip(const struct mdd_gen_stream *s, size_t x, const char *what)
{
    struct chain one;
    size_t cuts1[2] = {0, s->wire_len};
    run_chain(s->desc, s->wire, s->wire_len, cuts1, 1, &one);
    check_clean_chain(s, &one, what);
    chain_free(&one);
    uint8_t *bad = xmalloc(s->wire_len);
    memcpy(bad, s->wire, s->wire_len);
    bad[x + 3] ^= 1;
    run_chain(s->desc, bad, s->wire_len, cuts1, 1, &one);
    const struct xfer_ev *f = chain_first(&one);
    check(f && f->e.code == MDD_ERR_MRK && f->abs == x && f->e.err_byte == 3, "%s: marker flip -> MRK at %zu", what, x);
    chain_free(&one);
    free(bad);
}

static void directed_markers(void)
{
    struct mdd_gen_stream s;
    size_t x;
    /* iSCSI marker right at a PDU boundary: pointer 0 in both copies */
    struct mdd_gen_cfg c = base_cfg(MDD_PROTO_ISCSI);
    c.mrk_en = c.mrk_chk = 1;
    c.mrk_period = 4 * 5 + 8;
    c.ddig_en = 1;
    c.n_pdus = 3;
    c.data_min = c.data_max = 20;
    label("directed iSCSI marker at a PDU boundary");
    if (check(find_stream(&c, 7, pred_boundary_marker, &s, &x), "no phase puts an iSCSI marker at a PDU boundary")) {
        static const uint8_t z[8];
        check(memcmp(s.wire + x, z, 8) == 0, "iSCSI boundary marker at %zu is not all zero", x);
        check((s.aux[x] & 8) != 0, "iSCSI marker aux bit 3");
        clean_and_mrk_flip(&s, x, "iSCSI boundary marker");
        mdd_gen_free(&s);
    }
    /* MPA: marker at an FPDU boundary (FPDUPTR 0, covered by the next FPDU's CRC) */
    c = base_cfg(MDD_PROTO_MPA);
    c.mrk_en = c.mrk_chk = 1;
    c.mrk_period = 512;
    c.ddig_en = 1;
    c.n_pdus = 12;
    c.data_min = c.data_max = 86; /* FPDU = 2 + 18 + 86 + 2 pad + 4 = 112 bytes */
    label("directed MPA marker at an FPDU boundary");
    if (check(find_stream(&c, 8, pred_boundary_marker, &s, &x), "no phase puts an MPA marker at an FPDU boundary")) {
        static const uint8_t z[4];
        check(memcmp(s.wire + x, z, 4) == 0, "MPA boundary marker at %zu: FPDUPTR not 0", x);
        check((s.aux[x] & 8) == 0, "MPA boundary marker is covered (aux bit 3 clear)");
        clean_and_mrk_flip(&s, x, "MPA boundary marker");
        /* it is covered by the following FPDU's CRC: flipping it also gives a DDIG error of that FPDU */
        uint8_t *bad = xmalloc(s.wire_len);
        memcpy(bad, s.wire, s.wire_len);
        bad[x + 3] ^= 0x10;
        struct mdd_rxref_result r;
        run1(s.desc, bad, s.wire_len, &r);
        bool ddig = false;
        for (size_t k = 0; k < r.n_ev; k++)
            ddig |= r.ev[k].code == MDD_ERR_DDIG && r.ev[k].err_off > x && r.ev[k].err_off <= s.pdu_end[s.pdu_of[x]];
        check(ddig, "MPA boundary marker flip also fails the next FPDU's CRC");
        mdd_rxref_free(&r);
        free(bad);
        mdd_gen_free(&s);
    }
    /* MPA: marker between pad and CRC: inside the FPDU, covered, ED on its last byte */
    label("directed MPA marker between pad and CRC");
    if (check(find_stream(&c, 9, pred_ed_marker, &s, &x), "no phase puts an MPA marker between pad and CRC")) {
        size_t m0 = x - 3;
        check(kind_of(s.tag[m0 - 1]) == MDD_KIND_PAD && !(s.tag[m0 - 1] & MDD_TAGM_ED) &&
                  kind_of(s.tag[x + 1]) == MDD_KIND_DDIG && s.aux[x + 1] == 0,
              "marker %zu sits between the last pad byte and CRC byte 0", m0);
        uint32_t ptr = (uint32_t)(m0 - (s.pdu_start[s.pdu_of[m0]] - (s.pdu_of[m0] ? 0 : 0)));
        (void)ptr;
        clean_and_mrk_flip(&s, m0, "MPA marker between pad and CRC");
        /* the CRC covers the marker: a receiver that left it out would fail */
        struct mdd_rxref_result r;
        run1(s.desc, s.wire, s.wire_len, &r);
        check(r.in_tag[x] == s.tag[x] && (r.in_tag[x] & MDD_TAGM_ED), "ED on the marker's last byte");
        mdd_rxref_free(&r);
        mdd_gen_free(&s);
    }
    /* MPA: marker between two CRC bytes: covered by no CRC (aux bit 3), FPDUPTR still counts back */
    label("directed MPA marker between CRC bytes");
    if (check(find_stream(&c, 10, pred_marker_in_crc, &s, &x), "no phase puts an MPA marker inside a CRC")) {
        check((s.aux[x] & 8) != 0, "MPA marker inside the CRC has aux bit 3");
        clean_and_mrk_flip(&s, x, "MPA marker between CRC bytes");
        /* flipping it gives MRK only: no CRC covers it */
        uint8_t *bad = xmalloc(s.wire_len);
        memcpy(bad, s.wire, s.wire_len);
        bad[x + 2] ^= 0x80;
        struct mdd_rxref_result r;
        run1(s.desc, bad, s.wire_len, &r);
        check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_MRK && r.ev[0].err_byte == 2, "marker in CRC: MRK only");
        mdd_rxref_free(&r);
        free(bad);
        mdd_gen_free(&s);
    }
}

/* Every single cut point of a few small rich streams: two chained transfers == one transfer. */
static void directed_all_cuts(void)
{
    struct mdd_gen_cfg cfgs[6];
    for (int k = 0; k < 6; k++) {
        cfgs[k] = base_cfg(k < 3 ? MDD_PROTO_ISCSI : MDD_PROTO_MPA);
        cfgs[k].mrk_en = cfgs[k].mrk_chk = 1;
        cfgs[k].ddig_en = 1;
        cfgs[k].hdig_en = k < 3;
        cfgs[k].dif_op = MDD_DIF_CHECK_KEEP + (unsigned)(k % 3);
        cfgs[k].pi_fmt = (unsigned)(k % 3);
        cfgs[k].prot_type = 1 + (unsigned)(k % 3);
        cfgs[k].blk_len = 16 + 8 * (unsigned)k;
        cfgs[k].pi_split = 1;
        cfgs[k].esc_every = 4;
        cfgs[k].hdr_out = (unsigned)(k & 1);
        cfgs[k].ahs_words_max = k < 3 ? 2 : 0;
        cfgs[k].mrk_period = k < 3 ? 4 * (unsigned)(1 + k) + 8 : 512;
        cfgs[k].mrk_phase = (unsigned)(5 * k) % cfgs[k].mrk_period;
        cfgs[k].data_min = 0;
        cfgs[k].data_max = k < 3 ? 90 : 300;
        cfgs[k].n_pdus = k < 3 ? 5 : 6;
        cfgs[k].max_data = 4096;
    }
    cfgs[5].mrk_phase = 2; /* starts inside a marker */
    cfgs[2].mrk_phase = 3;
    unsigned long hit[COV_N] = {0};
    for (int k = 0; k < 6; k++) {
        struct mdd_gen_stream s;
        label("directed all cuts, stream %d", k);
        if (!check(mdd_gen_build(&cfgs[k], 100 + (uint64_t)k, &s) == 0, "build"))
            continue;
        struct chain one;
        size_t cuts1[2] = {0, s.wire_len};
        run_chain(s.desc, s.wire, s.wire_len, cuts1, 1, &one);
        check_clean_chain(&s, &one, "one");
        unsigned long bad_cuts = 0, tried = 0;
        for (size_t c = 1; c < s.wire_len; c++) {
            if (!mdd_gen_cut_ok(&s, c, MDD_GEN_SPLIT_NO_ESC_PI | MDD_GEN_SPLIT_NO_APP))
                continue;
            size_t cuts[3] = {0, c, s.wire_len};
            struct chain ch;
            run_chain(s.desc, s.wire, s.wire_len, cuts, 2, &ch);
            int w = -1;
            bool ok = ch.n_ev == 0 && ch.out_len == one.out_len && memcmp(ch.out, one.out, one.out_len) == 0 &&
                      memcmp(ch.out_tag, one.out_tag, one.out_len) == 0 &&
                      memcmp(ch.in_tag, one.in_tag, s.wire_len) == 0 && memcmp(ch.in_aux, one.in_aux, s.wire_len) == 0 &&
                      resume_equal(final_ctx(&ch), final_ctx(&one), &w) && ch.pdus == one.pdus &&
                      ch.blocks == one.blocks && ch.mrk_count == one.mrk_count;
            if (!ok && bad_cuts++ < 3)
                check(false, "cut at %zu (%s|%s): %zu events, resume word %d", c,
                      mdd_kind_name(kind_of(s.tag[c - 1])), mdd_kind_name(kind_of(s.tag[c])), ch.n_ev, w);
            tried++;
            enum cov ck = cut_kind(&s, c);
            if (ck != COV_N)
                hit[ck]++;
            if (ch.mrk_unv_any)
                hit[COV_MRK_UNV]++;
            chain_free(&ch);
        }
        check(bad_cuts == 0, "stream %d: %lu of %lu cut points differ from one transfer", k, bad_cuts, tried);
        chain_free(&one);
        mdd_gen_free(&s);
    }
    label("directed all cuts");
    printf("all-cuts coverage:");
    for (int k = COV_CUT_IN_MRK; k < COV_N; k++) {
        printf(" %s %lu", cov_name[k], hit[k]);
        check(hit[k] > 0, "no cut of kind %s", cov_name[k]);
    }
    printf("\n");
}

static void directed_desc(void)
{
    struct mdd_gen_cfg c = base_cfg(MDD_PROTO_ISCSI);
    c.mrk_en = c.mrk_chk = 1;
    c.mrk_period = 40;
    c.dif_op = MDD_DIF_CHECK_KEEP;
    c.ddig_en = 1;
    struct mdd_gen_stream s;
    label("directed DESC");
    if (!check(mdd_gen_build(&c, 5, &s) == 0, "build"))
        return;
    struct {
        const char *name;
        unsigned word, lsb, width;
        uint64_t v;
        unsigned reason;
    } bad[] = {
        {"proto 3", MDD_DESC_PROTO_WORD, MDD_DESC_PROTO_LSB, MDD_DESC_PROTO_W, 3, MDD_RXREF_DESC_PROTO},
        {"dif_op INSERT", MDD_DESC_DIF_OP_WORD, MDD_DESC_DIF_OP_LSB, MDD_DESC_DIF_OP_W, MDD_DIF_INSERT, MDD_RXREF_DESC_DIF_OP},
        {"dif_op 5", MDD_DESC_DIF_OP_WORD, MDD_DESC_DIF_OP_LSB, MDD_DESC_DIF_OP_W, 5, MDD_RXREF_DESC_DIF_OP},
        {"pi_fmt 3", MDD_DESC_PI_FMT_WORD, MDD_DESC_PI_FMT_LSB, MDD_DESC_PI_FMT_W, 3, MDD_RXREF_DESC_PI_FMT},
        {"cmb_en", MDD_DESC_CMB_EN_WORD, MDD_DESC_CMB_EN_LSB, MDD_DESC_CMB_EN_W, 1, MDD_RXREF_DESC_CMB},
        {"reserved W0 bit 63", 0, 63, 1, 1, MDD_RXREF_DESC_RESERVED},
        {"reserved W2 bit 60", 2, 60, 1, 1, MDD_RXREF_DESC_RESERVED},
        {"reserved W3 bit 50", 3, 50, 1, 1, MDD_RXREF_DESC_RESERVED},
        {"reserved W7 bit 58", 7, 58, 1, 1, MDD_RXREF_DESC_RESERVED},
        {"MPA with hdig", MDD_DESC_HDIG_EN_WORD, MDD_DESC_HDIG_EN_LSB, 1, 1, MDD_RXREF_DESC_MPA_HDIG},
        {"mrk_period = ML", MDD_DESC_MRK_PERIOD_WORD, MDD_DESC_MRK_PERIOD_LSB, MDD_DESC_MRK_PERIOD_W, 8, MDD_RXREF_DESC_MRK},
        {"mrk_pos >= period", MDD_DESC_MRK_POS_WORD, MDD_DESC_MRK_POS_LSB, MDD_DESC_MRK_POS_W, 40, MDD_RXREF_DESC_MRK},
        {"iSCSI mrk_period 11 (MarkInt < 1)", MDD_DESC_MRK_PERIOD_WORD, MDD_DESC_MRK_PERIOD_LSB, MDD_DESC_MRK_PERIOD_W, 11,
         MDD_RXREF_DESC_MRK},
        {"iSCSI mrk_period 42 (not 4 * MarkInt + 8)", MDD_DESC_MRK_PERIOD_WORD, MDD_DESC_MRK_PERIOD_LSB,
         MDD_DESC_MRK_PERIOD_W, 42, MDD_RXREF_DESC_MRK},
        {"prot_type 0", MDD_DESC_PROT_TYPE_WORD, MDD_DESC_PROT_TYPE_LSB, MDD_DESC_PROT_TYPE_W, 0, MDD_RXREF_DESC_DIF},
        {"blk_len 0", MDD_DESC_BLK_LEN_WORD, MDD_DESC_BLK_LEN_LSB, MDD_DESC_BLK_LEN_W, 0, MDD_RXREF_DESC_DIF},
        {"dif_pos = blk_len + pi_len", MDD_DESC_DIF_POS_WORD, MDD_DESC_DIF_POS_LSB, MDD_DESC_DIF_POS_W, 520, MDD_RXREF_DESC_DIF},
        {"self_frame with pdu_off 8, hdr_len 44", MDD_DESC_PDU_OFF_WORD, MDD_DESC_PDU_OFF_LSB, MDD_DESC_PDU_OFF_W, 8,
         MDD_RXREF_DESC_HDR_LEN},
    };
    for (unsigned t = 0; t < sizeof bad / sizeof bad[0]; t++) {
        uint64_t d[8];
        memcpy(d, s.desc, sizeof d);
        mdd_field_set(d, bad[t].word, bad[t].lsb, bad[t].width, bad[t].v);
        if (t == 9)
            MDD_SET(DESC, PROTO, d, MDD_PROTO_MPA), MDD_SET(DESC, HDR_LEN, d, 2 + 18), MDD_SET(DESC, ULP_HDR_LEN, d, 18);
        if (t == sizeof bad / sizeof bad[0] - 1)
            MDD_SET(DESC, HDR_LEN, d, 44);
        uint32_t up[1] = {3};
        struct mdd_rxref_result r;
        if (mdd_rxref_run(d, s.wire, s.wire_len, up, 1, &r) != 0)
            exit(2);
        bool k0 = true;
        for (size_t i = 0; i < s.wire_len; i++)
            k0 &= r.in_tag[i] == (uint8_t)(MDD_KIND_VOID << MDD_TAG_KIND_LSB) && r.in_aux[i] == 0;
        check(r.desc_reason == bad[t].reason && r.n_ev == 1 && r.ev[0].code == MDD_ERR_DESC && r.ev[0].err_off == 0 &&
                  r.out_len == 0 && k0 && memcmp(r.ctx, d, sizeof d) == 0 &&
                  MDD_GET(CTX, BYTES_IN, r.ctx) == s.wire_len && MDD_GET(CTX, ERR_CODE, r.ctx) == MDD_ERR_DESC &&
                  MDD_GET(CTX, ERR_MAP, r.ctx) == (1u << MDD_ERR_DESC) && MDD_GET(CTX, ERR_COUNT, r.ctx) == 1 &&
                  MDD_GET(CTX, BYTES_OUT, r.ctx) == 0 && MDD_GET(CTX, PDUS, r.ctx) == 0,
              "DESC %s: reason %s, %zu events, out %zu", bad[t].name, mdd_rxref_desc_reason_name(r.desc_reason),
              r.n_ev, r.out_len);
        mdd_rxref_free(&r);
    }
    /* more illegal combinations, each from a legal base */
    struct {
        const char *name;
        unsigned proto, self_frame, hdig, ddig, mrk_en, mrk_chk, hdr_len, ulp, pdu_off, data_len;
        unsigned reason;
    } comb[] = {
        {"RAW self_frame", MDD_PROTO_RAW, 1, 0, 0, 0, 0, 0, 0, 0, 0, MDD_RXREF_DESC_RAW_FRAMING},
        {"RAW ddig", MDD_PROTO_RAW, 0, 0, 1, 0, 0, 0, 0, 0, 0, MDD_RXREF_DESC_RAW_FRAMING},
        {"RAW markers", MDD_PROTO_RAW, 0, 0, 0, 1, 0, 0, 0, 0, 0, MDD_RXREF_DESC_RAW_FRAMING},
        {"mrk_chk without mrk_en", MDD_PROTO_ISCSI, 1, 0, 0, 0, 1, 48, 0, 0, 0, MDD_RXREF_DESC_MRK_CHK},
        {"iSCSI hdr_len 50", MDD_PROTO_ISCSI, 0, 0, 0, 0, 0, 50, 0, 0, 10, MDD_RXREF_DESC_HDR_LEN},
        {"iSCSI hdr_len 44", MDD_PROTO_ISCSI, 0, 0, 0, 0, 0, 44, 0, 0, 10, MDD_RXREF_DESC_HDR_LEN},
        {"MPA hdr_len != 2 + ulp", MDD_PROTO_MPA, 0, 0, 1, 0, 0, 21, 18, 0, 10, MDD_RXREF_DESC_HDR_LEN},
        {"iSCSI pdu_off = PDU length", MDD_PROTO_ISCSI, 0, 0, 1, 0, 0, 48, 0, 48 + 12 + 4, 10, MDD_RXREF_DESC_PDU_OFF},
        {"MPA pdu_off = PDU length", MDD_PROTO_MPA, 0, 0, 1, 0, 0, 20, 18, 20 + 10 + 2 + 4, 10, MDD_RXREF_DESC_PDU_OFF},
        {"iSCSI legal: pdu_off 5 self-framed, stale hdr_len", MDD_PROTO_ISCSI, 1, 0, 0, 0, 0, 3, 0, 5, 0, MDD_RXREF_DESC_OK},
        {"iSCSI legal: pdu_off = PDU length - 1", MDD_PROTO_ISCSI, 0, 0, 1, 0, 0, 48, 0, 48 + 12 + 3, 10, MDD_RXREF_DESC_OK},
    };
    for (unsigned t = 0; t < sizeof comb / sizeof comb[0]; t++) {
        uint64_t d[8] = {0};
        MDD_SET(DESC, PROTO, d, comb[t].proto);
        MDD_SET(DESC, SELF_FRAME, d, comb[t].self_frame);
        MDD_SET(DESC, HDIG_EN, d, comb[t].hdig);
        MDD_SET(DESC, DDIG_EN, d, comb[t].ddig);
        MDD_SET(DESC, MRK_EN, d, comb[t].mrk_en);
        MDD_SET(DESC, MRK_CHK, d, comb[t].mrk_chk);
        MDD_SET(DESC, MRK_PERIOD, d, 512);
        MDD_SET(DESC, HDR_LEN, d, comb[t].hdr_len);
        MDD_SET(DESC, ULP_HDR_LEN, d, comb[t].ulp);
        MDD_SET(DESC, PDU_OFF, d, comb[t].pdu_off);
        MDD_SET(DESC, DATA_LEN, d, comb[t].data_len);
        check(mdd_rxref_desc_check(d) == comb[t].reason, "DESC %s: reason %s", comb[t].name,
              mdd_rxref_desc_reason_name(mdd_rxref_desc_check(d)));
    }
    mdd_gen_free(&s);
}

static void directed_upstream(void)
{
    struct mdd_gen_cfg c = base_cfg(MDD_PROTO_MPA);
    c.ddig_en = 1;
    c.dif_op = MDD_DIF_CHECK_REPLACE;
    c.blk_len = 32;
    struct mdd_gen_stream s;
    label("directed UPSTREAM");
    if (!check(mdd_gen_build(&c, 6, &s) == 0, "build"))
        return;
    struct mdd_rxref_result a, b;
    run1(s.desc, s.wire, s.wire_len, &a);
    uint32_t up[] = {17, 0, (uint32_t)s.wire_len - 1, 17, (uint32_t)s.wire_len + 5};
    if (mdd_rxref_run(s.desc, s.wire, s.wire_len, up, 5, &b) != 0)
        exit(2);
    bool evs = b.n_ev == 3 && b.ev[0].code == MDD_ERR_UPSTREAM && b.ev[0].err_off == 0 && b.ev[1].err_off == 17 &&
               b.ev[2].err_off == s.wire_len - 1;
    check(evs, "UPSTREAM events at 0, 17, n-1 (duplicate and out-of-range offsets ignored): %zu events", b.n_ev);
    check(b.out_len == a.out_len && memcmp(a.out, b.out, a.out_len) == 0 && memcmp(a.in_tag, b.in_tag, s.wire_len) == 0 &&
              memcmp(a.ctx, b.ctx, 8 * sizeof a.ctx[0]) == 0,
          "UPSTREAM: processing continues unchanged");
    check(MDD_GET(CTX, ERR_CODE, b.ctx) == MDD_ERR_UPSTREAM && MDD_GET(CTX, ERR_OFF, b.ctx) == 0 &&
              MDD_GET(CTX, ERR_MAP, b.ctx) == (1u << MDD_ERR_UPSTREAM) && MDD_GET(CTX, ERR_COUNT, b.ctx) == 3,
          "UPSTREAM in the context");
    mdd_rxref_free(&a);
    mdd_rxref_free(&b);
    mdd_gen_free(&s);
}

/* FRAME: data_len > max_data, MPA ULPDU_Length < ulp_hdr_len, descriptor-framed overrun; frame_lost. */
static void directed_frame(void)
{
    for (int proto = 0; proto < 2; proto++) {
        struct mdd_gen_cfg c = base_cfg(proto ? MDD_PROTO_MPA : MDD_PROTO_ISCSI);
        c.mrk_en = c.mrk_chk = 1;
        c.mrk_period = proto ? 512 : 28;
        c.mrk_phase = 11;
        c.ddig_en = 1;
        c.hdr_out = 1;
        c.n_pdus = 6;
        c.data_min = 10;
        c.data_max = 200;
        struct mdd_gen_stream s;
        label("directed FRAME %s", proto ? "MPA" : "iSCSI");
        /* a stream where some PDU k >= 1 is longer than every earlier one */
        uint32_t k = 0, lim = 0;
        for (uint64_t seed = 40; k == 0 && seed < 80; seed++) {
            if (!check(mdd_gen_build(&c, seed + (uint64_t)proto, &s) == 0, "build"))
                return;
            lim = s.pdu_data_len[0];
            for (k = 1; k + 1 < s.n_pdus && s.pdu_data_len[k] <= lim; k++)
                lim = s.pdu_data_len[k] > lim ? s.pdu_data_len[k] : lim;
            if (k + 1 >= s.n_pdus) {
                k = 0;
                mdd_gen_free(&s);
            }
        }
        if (!check(k > 0, "no PDU exceeds the earlier ones"))
            continue;
        for (int variant = 0; variant < 2 - (proto == 0); variant++) {
            uint64_t d[8];
            memcpy(d, s.desc, sizeof d);
            uint8_t *w = xmalloc(s.wire_len);
            memcpy(w, s.wire, s.wire_len);
            size_t f0 = SIZE_MAX, f1 = 0;
            unsigned lo = proto ? 0 : 5, hi = proto ? 1 : 7;
            for (size_t y = s.pdu_start[k]; y <= s.pdu_end[k]; y++)
                if (kind_of(s.tag[y]) == MDD_KIND_HDR && s.off_of[y] >= lo && s.off_of[y] <= hi)
                    f0 = f0 == SIZE_MAX ? y : f0, f1 = y;
            uint64_t exp, got;
            if (variant == 0) {
                MDD_SET(DESC, MAX_DATA, d, lim);
                exp = lim;
                got = s.pdu_data_len[k];
            } else { /* MPA ULPDU_Length below ulp_hdr_len */
                w[f0] = 0;
                w[f1] = 5;
                exp = c.ulp_hdr_len;
                got = 5;
            }
            struct mdd_rxref_result r;
            run1(d, w, s.wire_len, &r);
            check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_FRAME && r.ev[0].err_off == f0 && r.ev[0].err_unit == k &&
                      r.ev[0].err_exp == exp && r.ev[0].err_got == got,
                  "variant %d: FRAME at %zu unit %u exp %" PRIu64 " got %" PRIu64 " (%zu events, first %s at %u)",
                  variant, f0, k, exp, got, r.n_ev, r.n_ev ? mdd_err_name(r.ev[0].code) : "-",
                  r.n_ev ? r.ev[0].err_off : 0);
            /* delivered: exactly the host bytes of wire bytes up to the last length byte */
            size_t hl = 0;
            for (size_t y = 0; y <= f1; y++)
                hl += (s.tag[y] & MDD_TAGM_K) != 0;
            uint8_t *eh = xmalloc(hl);
            memcpy(eh, s.host, hl);
            if (variant == 1) /* hdr_out: the corrupted length bytes are the last two delivered */
                eh[hl - 2] = w[f0], eh[hl - 1] = w[f1];
            check(r.out_len == hl && memcmp(r.out, eh, hl) == 0, "variant %d: delivered %zu bytes, expected %zu",
                  variant, r.out_len, hl);
            free(eh);
            bool lost = true;
            unsigned long mrk_before = 0;
            for (size_t y = f1 + 1; y < s.wire_len; y++)
                lost &= r.in_tag[y] == (uint8_t)(MDD_KIND_VOID << MDD_TAG_KIND_LSB) && r.in_aux[y] == 0;
            for (size_t y = 0; y <= f1; y++)
                mrk_before += kind_of(s.tag[y]) == MDD_KIND_MRK && (s.aux[y] & 7) == (proto ? 3 : 7);
            check(lost, "variant %d: every byte after the FRAME is VOID (consumed without being located)", variant);
            check(MDD_GET(CTX, MRK_COUNT, r.ctx) == mrk_before, "variant %d: markers after the FRAME not counted",
                  variant);
            check(MDD_GET(CTX, FRAME_LOST, r.ctx) == 1 && MDD_GET(CTX, BYTES_IN, r.ctx) == s.wire_len &&
                      MDD_GET(CTX, PDUS, r.ctx) == k && MDD_GET(DESC, PDU_OFF, r.ctx) == hi + 1u &&
                      MDD_GET(DESC, TCP_SEQ, r.ctx) == c.tcp_seq + s.wire_len &&
                      MDD_GET(DESC, MRK_POS, r.ctx) == (c.mrk_phase + s.wire_len) % c.mrk_period &&
                      MDD_GET(CTX, ERR_CODE, r.ctx) == MDD_ERR_FRAME && MDD_GET(CTX, ERR_OFF, r.ctx) == f0,
                  "variant %d: frame_lost context", variant);
            mdd_rxref_free(&r);
            free(w);
        }
        /* descriptor-framed PDU k, then the first bytes of PDU k+1: FRAME at PDU k+1's first byte */
        {
            size_t a = s.pdu_end[k - 1] + 1, b = s.pdu_start[k + 1] + 3;
            size_t cuts[3] = {0, a, b};
            struct chain ch;
            run_chain(s.desc, s.wire, b, cuts, 2, &ch); /* just for the context at a */
            uint64_t d[8];
            chain_desc(ch.ctx[0], 77, d);
            MDD_SET(DESC, SELF_FRAME, d, 0);
            MDD_SET(DESC, HDR_LEN, d, s.pdu_hdr_len[k]);
            MDD_SET(DESC, DATA_LEN, d, s.pdu_data_len[k]);
            struct mdd_rxref_result r;
            run1(d, s.wire + a, b - a, &r);
            size_t at = s.pdu_start[k + 1] - a;
            check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_FRAME && r.ev[0].err_off == at && r.ev[0].err_unit == 1 &&
                      MDD_GET(CTX, FRAME_LOST, r.ctx) && MDD_GET(CTX, PDUS, r.ctx) == 1,
                  "descriptor-framed overrun: FRAME at %zu (%zu events, first %s at %u)", at, r.n_ev,
                  r.n_ev ? mdd_err_name(r.ev[0].code) : "-", r.n_ev ? r.ev[0].err_off : 0);
            /* it delivers exactly what the self-framed run delivers for PDU k */
            size_t h0 = 0, hn = 0;
            for (size_t y = 0; y <= s.pdu_end[k]; y++)
                if (s.tag[y] & MDD_TAGM_K)
                    (y < a ? h0++ : hn++);
            check(r.out_len == hn && memcmp(r.out, s.host + h0, hn) == 0,
                  "descriptor-framed overrun: PDU k delivered (%zu bytes, expected %zu)", r.out_len, hn);
            mdd_rxref_free(&r);
            chain_free(&ch);
        }
        mdd_gen_free(&s);
    }
}

/* Descriptor-framed transfers (self_frame = 0), one PDU each or from the middle of a PDU to its end. */
static void directed_desc_framed(void)
{
    for (int proto = 0; proto < 2; proto++) {
        struct mdd_gen_cfg c = base_cfg(proto ? MDD_PROTO_MPA : MDD_PROTO_ISCSI);
        c.mrk_en = c.mrk_chk = 1;
        c.mrk_period = proto ? 512 : 36;
        c.mrk_phase = 30;
        c.ddig_en = 1;
        c.hdig_en = !proto;
        c.dif_op = MDD_DIF_CHECK_STRIP;
        c.blk_len = 40;
        c.pi_split = 1;
        c.n_pdus = 8;
        c.data_min = 0;
        c.data_max = 150;
        struct mdd_gen_stream s;
        label("directed descriptor-framed %s", proto ? "MPA" : "iSCSI");
        if (!check(mdd_gen_build(&c, 60 + (uint64_t)proto, &s) == 0, "build"))
            continue;
        struct chain one;
        size_t cuts1[2] = {0, s.wire_len};
        run_chain(s.desc, s.wire, s.wire_len, cuts1, 1, &one);
        for (int mode = 0; mode < 2; mode++) {
            /* mode 0: transfer p = PDU p with its leading boundary marker; mode 1: PDU p split in the middle,
             * the second half descriptor-framed */
            size_t cuts[64], n = 0;
            bool framed[64];
            cuts[n] = 0;
            for (uint32_t p = 0; p < s.n_pdus; p++) {
                if (mode == 1) {
                    size_t mid = s.pdu_start[p] + s.pdu_hdr_len[p] + (s.pdu_end[p] - s.pdu_start[p] - s.pdu_hdr_len[p]) / 2;
                    if (mid > cuts[n] && mid < s.pdu_end[p]) {
                        framed[n] = false;
                        cuts[++n] = mid;
                    }
                }
                framed[n] = true;
                cuts[++n] = s.pdu_end[p] + 1;
            }
            uint64_t d[8];
            memcpy(d, s.desc, sizeof d);
            uint8_t *out = xmalloc(s.wire_len);
            size_t out_len = 0, n_ev = 0;
            uint64_t ctx[16];
            for (size_t t = 0; t < n; t++) {
                if (t > 0)
                    chain_desc(ctx, (uint16_t)t, d);
                MDD_SET(DESC, SELF_FRAME, d, !framed[t]);
                if (framed[t] && MDD_GET(DESC, PDU_OFF, d) == 0) {
                    uint32_t p = s.pdu_of[cuts[t + 1] - 1];
                    MDD_SET(DESC, HDR_LEN, d, s.pdu_hdr_len[p]);
                    MDD_SET(DESC, DATA_LEN, d, s.pdu_data_len[p]);
                }
                struct mdd_rxref_result r;
                run1(d, s.wire + cuts[t], cuts[t + 1] - cuts[t], &r);
                memcpy(out + out_len, r.out, r.out_len);
                out_len += r.out_len;
                n_ev += r.n_ev;
                memcpy(ctx, r.ctx, sizeof ctx);
                mdd_rxref_free(&r);
            }
            check(n_ev == 0 && out_len == one.out_len && memcmp(out, one.out, out_len) == 0,
                  "mode %d: %zu transfers, %zu events, %zu bytes out (one transfer: %zu)", mode, n, n_ev, out_len,
                  one.out_len);
            MDD_SET(DESC, SELF_FRAME, ctx, 1);
            int w = -1;
            check(resume_equal(ctx, final_ctx(&one), &w), "mode %d: final resume image differs in word %d", mode, w);
            free(out);
        }
        chain_free(&one);
        mdd_gen_free(&s);
    }
}

/* D-033: a PI cut before its application tag is checked as not escaped; R10 for a cut inside it. */
static void directed_escape_split(void)
{
    struct mdd_gen_cfg c = base_cfg(MDD_PROTO_RAW);
    c.dif_op = MDD_DIF_CHECK_KEEP;
    c.pi_fmt = 1; /* 16-byte PI: guard 0-3, app 4-5, ref 6-15 */
    c.prot_type = 1;
    c.blk_len = 32;
    c.esc_every = 2;
    c.data_min = c.data_max = 32 * 20;
    c.n_pdus = 1;
    struct mdd_gen_stream s;
    label("directed D-033 escape split");
    if (!check(mdd_gen_build(&c, 3, &s) == 0, "build"))
        return;
    uint32_t b = 0;
    while (b < s.n_blocks && !s.blk_escaped[b])
        b++;
    if (!check(b < s.n_blocks, "no escaped block"))
        goto out;
    size_t p0 = s.blk_pi_start[b];
    for (int v = 0; v < 3; v++) {
        size_t cut = p0 + (v == 0 ? 2 : v == 1 ? 4 : 5); /* inside guard / before app / inside app */
        size_t cuts[3] = {0, cut, s.wire_len};
        struct chain ch;
        run_chain(s.desc, s.wire, s.wire_len, cuts, 2, &ch);
        if (v < 2) {
            bool ok = ch.n_ev >= 1 && ch.ev[0].e.code == MDD_ERR_GUARD && ch.ev[0].xfer == 0 && ch.ev[0].abs == p0 &&
                      ch.ev[0].e.err_unit == b;
            check(ok, "cut at PI byte %zu: the first transfer checks the guard as not escaped (%zu events)", cut - p0,
                  ch.n_ev);
            /* only guard bytes in the first transfer: no APP/REF events there */
            bool only_guard = true;
            for (size_t k = 0; k < ch.n_ev; k++)
                only_guard &= ch.ev[k].xfer == 0 ? ch.ev[k].e.code == MDD_ERR_GUARD : true;
            check(only_guard, "cut at PI byte %zu: only the guard is judged in the first transfer", cut - p0);
        } else {
            check(ch.n_ev == 0, "cut inside the app tag (0xFF present): escaped on both sides (%zu events)", ch.n_ev);
        }
        chain_free(&ch);
    }
out:
    mdd_gen_free(&s);
}

/* An iSCSI marker in a PDU's first 8 bytes whose PDU length arrives in the next transfer: mrk_unv. */
static void directed_mrk_unv(void)
{
    struct mdd_gen_cfg c = base_cfg(MDD_PROTO_ISCSI);
    c.mrk_en = c.mrk_chk = 1;
    c.mrk_period = 12;
    c.n_pdus = 2;
    c.data_min = c.data_max = 16;
    struct mdd_gen_stream s;
    label("directed mrk_unv");
    if (!check(mdd_gen_build(&c, 4, &s) == 0, "build"))
        return;
    size_t x = SIZE_MAX;
    for (size_t y = 8; y + 8 < s.wire_len && x == SIZE_MAX; y++)
        if (kind_of(s.tag[y]) == MDD_KIND_MRK && (s.aux[y] & 7) == 7 && s.off_of[y + 1] >= 1 && s.off_of[y + 1] <= 6)
            x = y + 1;
    if (check(x != SIZE_MAX, "no deferred marker")) {
        size_t cuts[3] = {0, x, s.wire_len};
        struct chain ch;
        run_chain(s.desc, s.wire, s.wire_len, cuts, 2, &ch);
        check(MDD_GET(CTX, MRK_UNV, ch.ctx[0]) == 1 && !MDD_GET(CTX, MRK_UNV, ch.ctx[1]) && ch.n_ev == 0,
              "deferred marker before the cut: mrk_unv in the first transfer only");
        chain_free(&ch);
        /* a corrupted deferred marker is found when byte 7 passes in the same transfer */
        uint8_t *bad = xmalloc(s.wire_len);
        memcpy(bad, s.wire, s.wire_len);
        bad[x - 8] ^= 4;
        struct mdd_rxref_result r;
        run1(s.desc, bad, s.wire_len, &r);
        check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_MRK && r.ev[0].err_off == x - 8 && r.ev[0].err_byte == 0 &&
                  !MDD_GET(CTX, MRK_UNV, r.ctx),
              "deferred marker checked at byte 7");
        mdd_rxref_free(&r);
        free(bad);
    }
    mdd_gen_free(&s);
}

/* ------------------------------------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    unsigned n_seeds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 2000;
    uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    clock_t t0 = clock();
    for (uint64_t seed = first; seed < first + n_seeds; seed++) {
        struct mdd_gen_cfg cfg;
        struct mdd_gen_stream s;
        static const unsigned Ws[] = {4, 8, 16, 32, 64};
        mdd_gen_random_cfg(seed, Ws[seed % 5], &cfg);
        label("seed %" PRIu64, seed);
        if (!check(mdd_gen_build(&cfg, seed, &s) == 0, "mdd_gen_build failed")) {
            print_cfg(&cfg);
            continue;
        }
        unsigned long f0 = failed;
        struct chain one;
        cover_stream(&s);
        test_clean(&s, seed, &one);
        rng_state = seed * 0x9E3779B97F4A7C15ull;
        test_inject(&s, seed, 8);
        if (failed != f0 && f0 < 60)
            print_cfg(&cfg);
        chain_free(&one);
        mdd_gen_free(&s);
    }
    directed_rfc3720();
    directed_markers();
    directed_all_cuts();
    directed_desc();
    directed_upstream();
    directed_frame();
    directed_desc_framed();
    directed_escape_split();
    directed_mrk_unv();
    label("coverage");
    printf("random-stream coverage (streams with the feature):");
    for (int k = 0; k < COV_CUT_IN_MRK; k++) {
        printf(" %s %lu", cov_name[k], cov[k]);
        if (n_seeds >= 400) /* a default run must reach every feature */
            check(cov[k] > 0, "no random stream with %s", cov_name[k]);
    }
    printf("\n");
    printf("injections (single transfer / chained):");
    for (int k = 0; k < C_N; k++)
        printf(" %s %lu/%lu", class_name[k], inj_one[k], inj_split[k]);
    printf("\n");
    printf("seeds %" PRIu64 "..%" PRIu64 ", cpu time %.1f s\n", first, first + n_seeds - 1,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("rxref: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

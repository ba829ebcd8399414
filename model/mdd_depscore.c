/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depscore.c - the deposit engine's scoreboard (see mdd_depscore.h).
 *
 * Predictions become "objects": byte ranges with expected contents (RHQ entry, payload, status word, pointer,
 * CQE), kept in prediction order. A finished host write (B received) is attributed byte by byte to the oldest
 * object that covers the byte and has not received it yet, all or nothing per write: a write with a byte nobody
 * predicts waits while a packet is half received or a FLUSHED ambiguity is open (its prediction may be coming),
 * and is an error otherwise. A packet retires when every byte it must write arrived and its event (if any) came.
 */
#include "mdd_depscore.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"

enum { O_ENTRY, O_PAYLOAD, O_STATUS, O_PTR, O_CQE };
static const unsigned obj_step[] = {MDD_HM_STEP_BODY, MDD_HM_STEP_BODY, MDD_HM_STEP_STATUS, MDD_HM_STEP_PTR,
                                    MDD_HM_STEP_CQE};
static const char *const obj_name[] = {"RHQ entry", "payload", "status word", "pointer", "CQE"};

struct spkt;

struct obj {
    unsigned kind;
    uint64_t addr;
    uint32_t len, must, may; /* bytes [0, must) must come, [0, may) with data's values, [may, len) any value */
    uint8_t *data, *got;
    uint32_t must_got;
    bool started;
    unsigned ring;
    uint32_t count;
    struct spkt *pk;
};

struct spkt {
    uint64_t idx;
    struct mdd_depref_res res;
    struct mdd_hostmem_order ord;
    unsigned open;       /* objects with bytes still to come */
    bool want_event, got_event;
    bool want_seg, got_seg;
    bool retired;
};

struct raw {
    uint8_t *data;
    uint64_t *keep;
    uint32_t len;
    bool tuser;
};

struct evexp {
    uint32_t tdata;
    struct spkt *pk;
};

struct segexp {
    uint64_t w[4];
    struct spkt *pk;
};

/* The last head writes of one ring: a write is checked against the head software had given when its AW went out
 * (software may read a CQE or pointer as soon as its data lands, before the B the scoreboard waits for). */
#define HEAD_HIST 16
struct head_hist {
    uint64_t cycle[HEAD_HIST];
    uint32_t prev[HEAD_HIST];
    unsigned n, next;
};

struct mdd_depscore {
    mdd_dep_params p;
    struct head_hist *hh_rhq, *hh_cq;
    struct mdd_hostmem *hm;
    mdd_depscore_fail_fn fail;
    void *fail_ctx;
    struct mdd_depref *ref, *alt; /* alt: the FLUSHED world of an open ambiguity */
    /* packet assembly */
    uint8_t *asm_data;
    uint64_t *asm_keep;
    size_t asm_cap, asm_beats;
    bool input_open; /* end of run: the packet half received at the input is still being sent by its source */
    bool asm_irregular;
    /* an open ambiguity: both predictions of one packet, later packets wait raw */
    bool amb;
    struct mdd_depref_res amb_a, amb_b; /* a: FLUSHED (placed), b: CONN_EXCEPTION */
    struct raw amb_pkt;
    struct raw *rawq;
    size_t raw_n, raw_cap;
    /* predictions */
    struct obj **objs;
    size_t obj_n, obj_cap;
    struct spkt **pkts;
    size_t pkt_n, pkt_cap;
    struct evexp *evq;
    size_t ev_head, ev_n, ev_cap;
    struct segexp *segq; /* SEG records, in packet order (each packet keeps its place until its record came) */
    size_t seg_head, seg_n, seg_cap;
    /* SEG records seen before their packet was predicted (its prediction waits behind a FLUSHED ambiguity) */
    struct {
        uint64_t w[4], cycle;
    } segobs[8];
    unsigned segobs_n;
    uint64_t next_seq;
    /* s_axil */
    bool aw_have, w_have, ar_have, data_fresh;
    uint32_t aw_addr, w_data, ar_addr;
    uint64_t passed, failed;
    struct mdd_depscore_stats st;
    mdd_depscore_predict_fn predict_hook;
    void *predict_ctx;
};

static void report(struct mdd_depscore *s, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void report(struct mdd_depscore *s, const char *what, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    s->failed++;
    if (s->fail)
        s->fail(s->fail_ctx, what, msg);
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        abort();
    return q;
}

struct mdd_depscore *mdd_depscore_new(const mdd_dep_params *p, struct mdd_hostmem *hm, mdd_depscore_fail_fn fail,
                                      void *fail_ctx)
{
    struct mdd_depscore *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->hm = hm;
    s->fail = fail;
    s->fail_ctx = fail_ctx;
    s->ref = mdd_depref_new(p);
    if (!s->ref) {
        free(s);
        return NULL;
    }
    mdd_depref_set_poison(s->ref, mdd_hostmem_poison_resp, hm);
    s->hh_rhq = calloc(p->rhqs, sizeof *s->hh_rhq);
    s->hh_cq = calloc(p->cqs, sizeof *s->hh_cq);
    if (!s->hh_rhq || !s->hh_cq)
        abort();
    s->next_seq = mdd_hostmem_log_first(hm);
    return s;
}

static void free_obj(struct obj *o)
{
    free(o->data);
    free(o->got);
    free(o);
}

static void drop_predictions(struct mdd_depscore *s)
{
    for (size_t i = 0; i < s->obj_n; i++)
        free_obj(s->objs[i]);
    for (size_t i = 0; i < s->pkt_n; i++)
        free(s->pkts[i]);
    for (size_t i = 0; i < s->raw_n; i++) {
        free(s->rawq[i].data);
        free(s->rawq[i].keep);
    }
    s->obj_n = s->pkt_n = s->raw_n = 0;
    s->ev_head = s->ev_n = 0;
    s->seg_head = s->seg_n = 0;
    s->segobs_n = 0;
    if (s->amb) {
        free(s->amb_pkt.data);
        free(s->amb_pkt.keep);
        mdd_depref_free(s->alt);
        s->alt = NULL;
        s->amb = false;
    }
    s->asm_beats = 0;
    s->asm_irregular = false;
}

void mdd_depscore_free(struct mdd_depscore *s)
{
    if (!s)
        return;
    drop_predictions(s);
    free(s->objs);
    free(s->pkts);
    free(s->rawq);
    free(s->evq);
    free(s->segq);
    free(s->asm_data);
    free(s->asm_keep);
    mdd_depref_free(s->ref);
    free(s->hh_rhq);
    free(s->hh_cq);
    free(s);
}

const struct mdd_depref *mdd_depscore_ref(const struct mdd_depscore *s) { return s->ref; }

void mdd_depscore_set_predict_hook(struct mdd_depscore *s, mdd_depscore_predict_fn fn, void *ctx)
{
    s->predict_hook = fn;
    s->predict_ctx = ctx;
}

void mdd_depscore_carry(struct mdd_depscore *s, const struct mdd_depref *prev)
{
    struct mdd_depref *r = mdd_depref_clone(prev);
    if (!r)
        abort();
    mdd_depref_reset(r);
    mdd_depref_set_poison(r, mdd_hostmem_poison_resp, s->hm);
    mdd_depref_free(s->ref);
    s->ref = r;
}
const struct mdd_depscore_stats *mdd_depscore_get_stats(const struct mdd_depscore *s) { return &s->st; }
uint64_t mdd_depscore_passed(const struct mdd_depscore *s) { return s->passed; }
uint64_t mdd_depscore_failed(const struct mdd_depscore *s) { return s->failed; }

bool mdd_depscore_quiet(const struct mdd_depscore *s)
{
    return !s->obj_n && !s->pkt_n && s->ev_head == s->ev_n && s->seg_head == s->seg_n && !s->segobs_n && !s->amb &&
           !s->raw_n && (!s->asm_beats || s->input_open);
}

void mdd_depscore_set_input_open(struct mdd_depscore *s, bool open) { s->input_open = open; }

/* ---- predictions ----------------------------------------------------------------------------------------- */

static struct obj *add_obj(struct mdd_depscore *s, struct spkt *pk, unsigned kind, uint64_t addr, uint32_t len,
                           const uint8_t *data, uint32_t must, uint32_t may, unsigned ring, uint32_t count)
{
    struct obj *o = calloc(1, sizeof *o);
    if (!o)
        abort();
    o->kind = kind;
    o->addr = addr;
    o->len = len;
    o->must = must;
    o->may = may;
    o->data = malloc(len ? len : 1);
    o->got = calloc(len ? len : 1, 1);
    if (!o->data || !o->got)
        abort();
    if (may)
        memcpy(o->data, data, may);
    o->ring = ring;
    o->count = count;
    o->pk = pk;
    if (must)
        pk->open++;
    if (s->obj_n == s->obj_cap) {
        s->obj_cap = s->obj_cap ? 2 * s->obj_cap : 64;
        s->objs = xrealloc(s->objs, s->obj_cap * sizeof *s->objs);
    }
    s->objs[s->obj_n++] = o;
    return o;
}

static void expect_event(struct mdd_depscore *s, uint32_t tdata, struct spkt *pk)
{
    if (s->ev_head && s->ev_head == s->ev_n)
        s->ev_head = s->ev_n = 0;
    if (s->ev_n == s->ev_cap) {
        s->ev_cap = s->ev_cap ? 2 * s->ev_cap : 64;
        s->evq = xrealloc(s->evq, s->ev_cap * sizeof *s->evq);
    }
    s->evq[s->ev_n++] = (struct evexp){tdata, pk};
}

/* Turns one prediction into objects and an expected event. */
static void enqueue(struct mdd_depscore *s, const struct mdd_depref_res *r)
{
    struct spkt *pk = calloc(1, sizeof *pk);
    if (!pk)
        abort();
    pk->idx = ++s->st.packets;
    pk->res = *r;
    pk->res.payload = NULL; /* the packet buffer goes away; the payload objects keep a copy */
    pk->res.keep = NULL;
    s->st.codes[r->code & 63]++;
    s->st.hdr_fail += r->hdr_fail;
    if (s->predict_hook)
        s->predict_hook(s->predict_ctx, r);
    if (s->pkt_n == s->pkt_cap) {
        s->pkt_cap = s->pkt_cap ? 2 * s->pkt_cap : 64;
        s->pkts = xrealloc(s->pkts, s->pkt_cap * sizeof *s->pkts);
    }
    s->pkts[s->pkt_n++] = pk;
    if (r->has_entry) {
        add_obj(s, pk, O_ENTRY, r->entry.addr, 32, r->entry.data, 32, 32, r->rhq, r->rhq_count);
        /* one object per run of placed bytes: a byte under a tkeep hole must not be written */
        for (uint32_t j = 0; j < r->place;) {
            if (!mdd_depref_placed(r, j)) {
                j++;
                continue;
            }
            uint32_t e = j;
            while (e < r->place && mdd_depref_placed(r, e))
                e++;
            add_obj(s, pk, O_PAYLOAD, r->ea + j, e - j, r->payload + j, e - j, e - j, 0, 0);
            j = e;
        }
        add_obj(s, pk, O_STATUS, r->status.addr, 4, r->status.data, 4, 4, r->rhq, r->rhq_count);
        add_obj(s, pk, O_PTR, r->ptr.addr, 4, r->ptr.data, 4, 4, r->rhq, r->rhq_count);
    }
    if (r->has_cqe)
        add_obj(s, pk, O_CQE, r->cqe.addr, 32, r->cqe.data, 32, 32, r->cq, r->cq_count);
    if (r->has_seg) {
        pk->want_seg = true;
        if (s->seg_head && s->seg_head == s->seg_n)
            s->seg_head = s->seg_n = 0;
        if (s->seg_n == s->seg_cap) {
            s->seg_cap = s->seg_cap ? 2 * s->seg_cap : 64;
            s->segq = xrealloc(s->segq, s->seg_cap * sizeof *s->segq);
        }
        struct segexp *e = &s->segq[s->seg_n++];
        memcpy(e->w, r->seg, sizeof e->w);
        e->pk = pk;
        s->st.segs_predicted++;
    }
    if (r->event) {
        pk->want_event = true;
        expect_event(s, r->evt_tdata, pk);
    }
}

static void raw_free(struct raw *w)
{
    free(w->data);
    free(w->keep);
}

/* Predicts one packet, or opens an ambiguity (returns false: later packets must wait). */
static bool predict(struct mdd_depscore *s, const struct raw *w)
{
    struct mdd_deppkt pkt = {w->data, w->len, w->keep, w->tuser, false};
    struct mdd_depref_res r;
    if (mdd_depref_flush_possible(s->ref, &pkt)) {
        s->alt = mdd_depref_clone(s->ref);
        if (!s->alt)
            abort();
        pkt.hdr_early = true;
        mdd_depref_packet(s->alt, &pkt, &s->amb_a);
        pkt.hdr_early = false;
        mdd_depref_packet(s->ref, &pkt, &s->amb_b);
        s->amb = true;
        s->amb_pkt = *w; /* owns the bytes now: the payload pointers of amb_a/amb_b point into them */
        s->st.ambiguous++;
        return false;
    }
    mdd_depref_packet(s->ref, &pkt, &r);
    enqueue(s, &r);
    return true;
}

/* Predicts waiting raw packets until one opens an ambiguity. */
static void drain_raw(struct mdd_depscore *s)
{
    size_t i = 0;
    while (i < s->raw_n && !s->amb) {
        struct raw w = s->rawq[i++];
        if (predict(s, &w))
            raw_free(&w);
    }
    if (i) {
        memmove(s->rawq, s->rawq + i, (s->raw_n - i) * sizeof *s->rawq);
        s->raw_n -= i;
    }
}

static void resolve(struct mdd_depscore *s, bool flushed)
{
    if (flushed) {
        mdd_depref_free(s->ref);
        s->ref = s->alt;
        enqueue(s, &s->amb_a);
        s->st.flushed_taken++;
    } else {
        mdd_depref_free(s->alt);
        enqueue(s, &s->amb_b);
    }
    s->alt = NULL;
    s->amb = false;
    raw_free(&s->amb_pkt);
    drain_raw(s);
}

static void packet_done(struct mdd_depscore *s, struct raw *w)
{
    if (s->amb) {
        if (s->raw_n == s->raw_cap) {
            s->raw_cap = s->raw_cap ? 2 * s->raw_cap : 16;
            s->rawq = xrealloc(s->rawq, s->raw_cap * sizeof *s->rawq);
        }
        s->rawq[s->raw_n++] = *w;
        return;
    }
    if (predict(s, w))
        raw_free(w);
}

/* ---- observations ---------------------------------------------------------------------------------------- */

static void retire(struct mdd_depscore *s)
{
    bool any = false;
    for (size_t i = 0; i < s->pkt_n; i++) {
        struct spkt *pk = s->pkts[i];
        if (pk->open || (pk->want_event && !pk->got_event) || (pk->want_seg && !pk->got_seg))
            continue;
        char msg[300];
        if (!mdd_hostmem_order_check(&pk->ord, msg, sizeof msg))
            report(s, "order", "packet %" PRIu64 " (%s, code %s): %s", pk->idx, mdd_depref_op_name(pk->res.opcode),
                   mdd_depref_code_name(pk->res.code), msg);
        else
            s->passed++;
        pk->retired = any = true;
        s->st.retired++;
    }
    if (!any)
        return;
    size_t k = 0;
    for (size_t i = 0; i < s->obj_n; i++) {
        struct obj *o = s->objs[i];
        if (o->pk->retired)
            free_obj(o);
        else
            s->objs[k++] = o;
    }
    s->obj_n = k;
    for (size_t i = s->ev_head; i < s->ev_n; i++)
        if (s->evq[i].pk && s->evq[i].pk->retired)
            s->evq[i].pk = NULL;
    k = 0;
    for (size_t i = 0; i < s->pkt_n; i++) {
        if (s->pkts[i]->retired)
            free(s->pkts[i]);
        else
            s->pkts[k++] = s->pkts[i];
    }
    s->pkt_n = k;
}

/* The object that takes byte a (the oldest covering it without it), or NULL. */
static struct obj *owner(struct mdd_depscore *s, uint64_t a)
{
    for (size_t i = 0; i < s->obj_n; i++) {
        struct obj *o = s->objs[i];
        uint64_t off = a - o->addr;
        if (off < o->len && !o->got[off])
            return o;
    }
    return NULL;
}

/* The head of ring g (history h) as the engine saw it in cycle `cycle`: a head written in that cycle or later
 * is undone. */
static uint32_t head_at(const struct mdd_depref_ring *g, const struct head_hist *h, uint64_t cycle)
{
    uint32_t v = g->head;
    for (unsigned k = 0; k < h->n; k++) {
        const unsigned i = (h->next + HEAD_HIST - 1 - k) % HEAD_HIST;
        if (h->cycle[i] < cycle)
            break;
        v = h->prev[i];
    }
    return v;
}

static void head_note(struct head_hist *h, uint64_t cycle, uint32_t prev)
{
    h->cycle[h->next] = cycle;
    h->prev[h->next] = prev;
    h->next = (h->next + 1) % HEAD_HIST;
    if (h->n < HEAD_HIST)
        h->n++;
}

/* Whether write w writes r's entry (entry) or CQE (!entry): every strobed byte it has in that structure equals
 * the prediction, and it has at least one. */
static bool res_covers(const struct mdd_depref_res *r, const struct mdd_hostmem_wr *w, bool entry)
{
    const bool has = entry ? r->has_entry : r->has_cqe;
    const struct mdd_depref_wr *x = entry ? &r->entry : &r->cqe;
    unsigned in = 0;
    if (!has)
        return false;
    for (uint32_t i = 0; i < w->nbytes; i++) {
        const uint64_t off = w->awaddr + i - x->addr;
        if (!w->strb[i] || off >= 32)
            continue;
        if (x->data[off] != w->data[i])
            return false;
        in++;
    }
    return in > 0;
}

/* Attributes one finished write; false when it must wait (nothing consumed). */
static bool attribute(struct mdd_depscore *s, const struct mdd_hostmem_wr *w)
{
    bool all = true;
    for (uint32_t i = 0; i < w->nbytes && all; i++)
        if (w->strb[i] && !owner(s, w->awaddr + i))
            all = false;
    if (!all) {
        if (s->amb) { /* the first write of either world decides */
            for (uint64_t q = s->next_seq; q < mdd_hostmem_log_end(s->hm); q++) {
                const struct mdd_hostmem_wr *x = mdd_hostmem_log_get(s->hm, q);
                if (!x || !x->b_done)
                    break;
                /* the FLUSHED world starts with its entry, or with an error CQE when the header fails a
                 * later check (then the code byte tells the two CQEs apart) */
                if (res_covers(&s->amb_a, x, true) || (!s->amb_a.has_entry && res_covers(&s->amb_a, x, false))) {
                    resolve(s, true);
                    return false;
                }
                if (res_covers(&s->amb_b, x, false)) {
                    resolve(s, false);
                    return false;
                }
            }
            return false;
        }
        if (s->asm_beats || s->raw_n)
            return false;
        for (uint32_t i = 0; i < w->nbytes; i++)
            if (w->strb[i] && !owner(s, w->awaddr + i)) {
                report(s, "write", "write #%" PRIu64 " (AW cycle %" PRIu64 ") strobes 0x%016" PRIx64 " = 0x%02x: no "
                       "predicted write covers it (%zu pending objects)",
                       w->seq, w->aw_cycle, w->awaddr + i, w->data[i], s->obj_n);
                break;
            }
        return true; /* reported: skip it */
    }
    s->st.writes++;
    for (uint32_t i = 0; i < w->nbytes; i++) {
        if (!w->strb[i])
            continue;
        const uint64_t a = w->awaddr + i;
        struct obj *o = owner(s, a);
        const uint32_t off = (uint32_t)(a - o->addr);
        o->got[off] = 1;
        if (!o->started) {
            o->started = true;
            mdd_hostmem_order_add(&o->pk->ord, obj_step[o->kind], w->aw_cycle, w->b_cycle);
            /* never into a slot software has not freed */
            const struct mdd_depref_ring *g = o->kind == O_CQE ? mdd_depref_cq(s->ref, o->ring)
                                              : o->kind == O_ENTRY ? mdd_depref_rhq(s->ref, o->ring)
                                                                   : NULL;
            const struct head_hist *hh = o->kind == O_CQE ? &s->hh_cq[o->ring] : &s->hh_rhq[o->ring];
            const uint32_t head = g ? head_at(g, hh, w->aw_cycle) : 0;
            if (g && o->count - head >= ((uint32_t)1 << g->log2n))
                report(s, "ring", "packet %" PRIu64 ": %s of count %u written while software's head is %u (%u slots)",
                       o->pk->idx, obj_name[o->kind], o->count, head, 1u << g->log2n);
        } else {
            mdd_hostmem_order_add(&o->pk->ord, obj_step[o->kind], w->aw_cycle, w->b_cycle);
        }
        if (off < o->may && w->data[i] != o->data[off])
            report(s, "data", "packet %" PRIu64 " (%s, code %s): %s byte %u at 0x%016" PRIx64 " = 0x%02x, expected 0x%02x "
                   "(write #%" PRIu64 ")",
                   o->pk->idx, mdd_depref_op_name(o->pk->res.opcode), mdd_depref_code_name(o->pk->res.code),
                   obj_name[o->kind], off, a, w->data[i], o->data[off], w->seq);
        else
            s->st.bytes_checked++;
        if (off < o->must && ++o->must_got == o->must)
            o->pk->open--;
    }
    s->passed++;
    return true;
}

static void snoop_axil(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    if (in->s_axil_awvalid && out->s_axil_awready)
        s->aw_have = true, s->aw_addr = in->s_axil_awaddr;
    if (in->s_axil_wvalid && out->s_axil_wready)
        s->w_have = true, s->w_data = in->s_axil_wdata;
    if (s->aw_have && s->w_have) {
        const bool quiet = mdd_depscore_quiet(s);
        const uint32_t a = s->aw_addr;
        if (!quiet && a != MDD_DEPREG_RHQ_HEAD && a != MDD_DEPREG_CQ_HEAD && a != MDD_DEPREG_DB_IDX &&
            a != MDD_DEPREG_TBL_SEL && a != MDD_DEPREG_TBL_IDX && !(a >= MDD_DEPREG_TBL_DATA0 && a < 0x40) &&
            !(a == MDD_DEPREG_TBL_CMD && s->w_data == MDD_DEPREG_CMD_READ))
            report(s, "software", "register write 0x%03x = 0x%08x while the engine is busy: the prediction cannot "
                   "know which packets see it (%zu objects, %zu packets, %zu beats of a packet, %zu events and %zu SEG "
                   "records to come, %zu packets waiting for a FLUSHED decision)", a, s->w_data, s->obj_n, s->pkt_n,
                   s->asm_beats, s->ev_n - s->ev_head, s->seg_n - s->seg_head, s->raw_n + s->amb);
        if (a == MDD_DEPREG_TBL_CMD && s->w_data == MDD_DEPREG_CMD_READ)
            s->data_fresh = quiet;
        uint32_t ev, db;
        if ((a == MDD_DEPREG_RHQ_HEAD || a == MDD_DEPREG_CQ_HEAD) && mdd_depref_reg_read(s->ref, MDD_DEPREG_DB_IDX, &db)) {
            const bool cq = a == MDD_DEPREG_CQ_HEAD;
            const struct mdd_depref_ring *g = cq ? mdd_depref_cq(s->ref, db) : mdd_depref_rhq(s->ref, db);
            if (g)
                head_note(cq ? &s->hh_cq[db] : &s->hh_rhq[db], cycle, g->head);
        }
        if (s->amb) /* both worlds of an open FLUSHED ambiguity follow software (heads) */
            mdd_depref_reg_write(s->alt, a, s->w_data, NULL);
        if (mdd_depref_reg_write(s->ref, a, s->w_data, &ev))
            expect_event(s, ev, NULL);
        s->aw_have = s->w_have = false;
    }
    if (in->s_axil_arvalid && out->s_axil_arready)
        s->ar_have = true, s->ar_addr = in->s_axil_araddr;
    if (s->ar_have && out->s_axil_rvalid && in->s_axil_rready) {
        uint32_t v;
        const bool data = s->ar_addr >= MDD_DEPREG_TBL_DATA0 && s->ar_addr < 0x40;
        if (mdd_depref_reg_read(s->ref, s->ar_addr, &v) && mdd_depscore_quiet(s) && (!data || s->data_fresh)) {
            s->st.reads_checked++;
            if (out->s_axil_rdata != v)
            {
                uint32_t sel = 0, idx = 0;
                mdd_depref_reg_read(s->ref, MDD_DEPREG_TBL_SEL, &sel);
                mdd_depref_reg_read(s->ref, MDD_DEPREG_TBL_IDX, &idx);
                report(s, "register", "read 0x%03x = 0x%08x, expected 0x%08x (TBL_SEL %u TBL_IDX %u)", s->ar_addr,
                       out->s_axil_rdata, v, sel, idx);
            }
            else
                s->passed++;
        } else {
            s->st.reads_skipped++;
        }
        s->ar_have = false;
    }
}

static void snoop_stream(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out)
{
    if (!(in->s_axis_dep_tvalid && out->s_axis_dep_tready))
        return;
    const unsigned w = s->p.w;
    if ((s->asm_beats + 1) * w > s->asm_cap) {
        s->asm_cap = (s->asm_beats + 1) * w * 2;
        s->asm_data = xrealloc(s->asm_data, s->asm_cap);
        s->asm_keep = xrealloc(s->asm_keep, (s->asm_cap / w) * sizeof *s->asm_keep);
    }
    const uint64_t full = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    const uint64_t keep = in->s_axis_dep_tkeep & full;
    memcpy(s->asm_data + s->asm_beats * w, in->s_axis_dep_tdata, w);
    s->asm_keep[s->asm_beats] = keep;
    if (!in->s_axis_dep_tlast && keep != full)
        s->asm_irregular = true;
    if (in->s_axis_dep_tlast && keep && (keep & (keep + 1)))
        s->asm_irregular = true; /* not contiguous from lane 0 */
    s->asm_beats++;
    if (!in->s_axis_dep_tlast)
        return;
    /* positions through the last kept lane of the tlast beat (docs/deposit.md 9.6) */
    const uint32_t last = keep ? 64 - (uint32_t)__builtin_clzll(keep) : 0;
    struct raw r;
    r.len = (uint32_t)((s->asm_beats - 1) * w + last);
    r.tuser = in->s_axis_dep_tuser;
    r.data = malloc(s->asm_beats * w);
    r.keep = NULL;
    if (!r.data)
        abort();
    memcpy(r.data, s->asm_data, s->asm_beats * w);
    if (s->asm_irregular) {
        r.keep = malloc(s->asm_beats * sizeof *r.keep);
        if (!r.keep)
            abort();
        memcpy(r.keep, s->asm_keep, s->asm_beats * sizeof *r.keep);
    }
    s->asm_beats = 0;
    s->asm_irregular = false;
    packet_done(s, &r);
}

static void snoop_events(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    if (!(out->m_axis_evt_tvalid && in->m_axis_evt_tready))
        return;
    s->st.events++;
    if (s->ev_head == s->ev_n) {
        report(s, "event", "cycle %" PRIu64 ": event 0x%08x, none predicted%s", cycle, out->m_axis_evt_tdata,
               s->amb || s->raw_n || s->asm_beats ? " yet (a prediction is pending: the event came before its CQE)" : "");
        return;
    }
    struct evexp *e = &s->evq[s->ev_head++];
    if (e->tdata != out->m_axis_evt_tdata)
        report(s, "event", "cycle %" PRIu64 ": event 0x%08x, expected 0x%08x (packet %" PRIu64 ")", cycle,
               out->m_axis_evt_tdata, e->tdata, e->pk ? e->pk->idx : 0);
    else
        s->passed++;
    if (e->pk) {
        mdd_hostmem_order_add(&e->pk->ord, MDD_HM_STEP_EVENT, cycle, cycle);
        e->pk->got_event = true;
    }
}

/* m_axis_seg: the SEG records of the message segments that ended OK, in packet order, each after its pointer's B
 * (the order check of the packet's retirement). A record may come while its packet's prediction still waits behind
 * a FLUSHED ambiguity (resolved by a later write): it waits too. */
static void match_segs(struct mdd_depscore *s)
{
    static const char *const word[] = {"ID/OP", "ADDR", "SEG_LEN", "CRC"};
    unsigned used = 0;
    while (used < s->segobs_n && s->seg_head < s->seg_n) {
        const uint64_t *g = s->segobs[used].w, cycle = s->segobs[used].cycle;
        struct segexp *e = &s->segq[s->seg_head++];
        bool ok = true;
        for (unsigned k = 0; k < 4 && ok; k++)
            if (e->w[k] != g[k]) {
                report(s, "seg", "cycle %" PRIu64 ": SEG record of packet %" PRIu64 ": word %u (%s) 0x%016" PRIx64
                       ", expected 0x%016" PRIx64, cycle, e->pk->idx, k, word[k], g[k], e->w[k]);
                ok = false;
            }
        if (ok)
            s->passed++;
        mdd_hostmem_order_add(&e->pk->ord, MDD_HM_STEP_SEG, cycle, cycle);
        e->pk->got_seg = true;
        used++;
    }
    if (used) {
        memmove(s->segobs, s->segobs + used, (s->segobs_n - used) * sizeof s->segobs[0]);
        s->segobs_n -= used;
    }
    if (s->segobs_n && !s->amb && !s->raw_n && !s->asm_beats) {
        const uint64_t *g = s->segobs[0].w;
        report(s, "seg", "cycle %" PRIu64 ": SEG record id 0x%08" PRIx64 " addr 0x%016" PRIx64 " len %" PRIu64
               ", none predicted", s->segobs[0].cycle, g[0], g[1], g[2]);
        s->segobs_n = 0;
    }
}

static void snoop_segs(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    if (out->m_axis_seg_tvalid && in->m_axis_seg_tready) {
        s->st.segs++;
        if (s->segobs_n == sizeof s->segobs / sizeof s->segobs[0]) {
            report(s, "seg", "cycle %" PRIu64 ": %u SEG records wait for their predictions", cycle, s->segobs_n);
            s->segobs_n = 0;
        }
        memcpy(s->segobs[s->segobs_n].w, out->m_axis_seg_tdata, sizeof s->segobs[0].w);
        s->segobs[s->segobs_n++].cycle = cycle;
    }
    match_segs(s);
}

void mdd_depscore_cycle(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    if (in->rst) {
        drop_predictions(s);
        mdd_depref_reset(s->ref);
        s->aw_have = s->w_have = s->ar_have = false;
        s->next_seq = mdd_hostmem_log_end(s->hm);
        memset(s->hh_rhq, 0, s->p.rhqs * sizeof *s->hh_rhq);
        memset(s->hh_cq, 0, s->p.cqs * sizeof *s->hh_cq);
        return;
    }
    snoop_axil(s, in, out, cycle);
    snoop_stream(s, in, out);
    /* finished writes, in AW order (B in issue order: a later write is never finished before an earlier one) */
    for (;;) {
        const struct mdd_hostmem_wr *w = mdd_hostmem_log_get(s->hm, s->next_seq);
        if (!w || !w->b_done || !attribute(s, w))
            break;
        s->next_seq++;
        mdd_hostmem_log_release(s->hm, s->next_seq);
    }
    snoop_events(s, in, out, cycle);
    snoop_segs(s, in, out, cycle);
    retire(s);
}

void mdd_depscore_finish(struct mdd_depscore *s)
{
    if (s->asm_beats && !s->input_open)
        report(s, "finish", "a packet is half received (%zu beats)", s->asm_beats);
    if (s->amb || s->raw_n) {
        const struct mdd_hostmem_wr *w = mdd_hostmem_log_get(s->hm, s->next_seq);
        report(s, "finish", "%zu packets wait for a FLUSHED/CONN_EXCEPTION decision no write made (FLUSHED: entry at "
               "0x%016" PRIx64 " code %s; CONN_EXCEPTION: CQE at 0x%016" PRIx64 "; first write waiting: 0x%016" PRIx64
               " + %u)", s->raw_n + s->amb, s->amb_a.entry.addr, mdd_depref_code_name(s->amb_a.code), s->amb_b.cqe.addr,
               w ? w->awaddr : 0, w ? w->nbytes : 0);
    }
    for (size_t i = 0; i < s->obj_n; i++) {
        const struct obj *o = s->objs[i];
        if (o->must_got < o->must) {
            report(s, "finish", "packet %" PRIu64 " (%s, code %s): %s at 0x%016" PRIx64 " has %u of %u bytes", o->pk->idx,
                   mdd_depref_op_name(o->pk->res.opcode), mdd_depref_code_name(o->pk->res.code), obj_name[o->kind],
                   o->addr, o->must_got, o->must);
            break;
        }
    }
    if (s->ev_head < s->ev_n)
        report(s, "finish", "%zu predicted events never came (first 0x%08x)", s->ev_n - s->ev_head,
               s->evq[s->ev_head].tdata);
    if (s->seg_head < s->seg_n)
        report(s, "finish", "%zu predicted SEG records never came (first: packet %" PRIu64 ")", s->seg_n - s->seg_head,
               s->segq[s->seg_head].pk->idx);
    if (s->segobs_n)
        report(s, "finish", "%u SEG records never predicted (first at cycle %" PRIu64 ")", s->segobs_n,
               s->segobs[0].cycle);
    if (mdd_hostmem_log_get(s->hm, s->next_seq))
        report(s, "finish", "host writes from #%" PRIu64 " not attributed", s->next_seq);
}

/* SPDX-License-Identifier: MIT */
/* model/mdd_depmsg.c - the message layer of the deposit test environment (see mdd_depmsg.h). */
#include "mdd_depmsg.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_cmbref.h"
#include "mdd_rng.h"

#define MAX_SEGS 64
#define ID_FLAG 0x80000000u /* message ids; the generator's own msg_tags count up from 1 and never reach it */

enum { S_WAIT, S_SENT, S_DONE };

struct seg {
    uint32_t off, n;
    unsigned st;
};

struct msg {
    uint32_t id, len, crc;
    uint8_t *bytes;
    bool wrong;          /* OPENed with a wrong expected CRC */
    bool opened;         /* its OPEN was accepted: segments may go */
    bool aborting;       /* an ABORT is queued or sent: no more segments */
    unsigned abort_after; /* segments sent before the ABORT (nseg: never) */
    unsigned nseg, sent;
    struct seg seg[MAX_SEGS];
    struct mdd_deptraf_msgdst dst;
    struct msg *next;
};

struct rec {
    uint64_t w[MDD_CMB_REC_WORDS];
    struct msg *open_of; /* an OPEN: its message */
};

struct pred {
    uint64_t w[MDD_CMB_RES_WORDS];
};

struct mdd_depmsg {
    struct mdd_depmsg_cfg cfg;
    mdd_depmsg_fail_fn fail;
    void *ctx;
    struct mdd_rng g;
    struct mdd_cmbref *ref;
    struct msg *msgs; /* open (not ended) messages */
    unsigned nopen;
    uint32_t next_id;
    struct rec *q; /* software records to send, in order */
    size_t qh, qn, qcap;
    bool holding; /* s_axis_cmb_tvalid is up for q[qh] */
    struct pred *pq; /* predicted outputs, in order */
    size_t ph, pn, pcap;
    bool stopped, aborted_all;
    struct mdd_depmsg_stats st;
};

static void report(struct mdd_depmsg *m, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void report(struct mdd_depmsg *m, const char *what, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    m->st.failed++;
    if (m->fail)
        m->fail(m->ctx, what, text);
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        abort();
    return q;
}

void mdd_depmsg_default_cfg(struct mdd_depmsg_cfg *cfg, const mdd_cmb_params *cmb, uint64_t seed)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cmb = *cmb;
    cfg->seed = seed;
    cfg->new_pct = 10;
    cfg->seg_pct = 40;
    cfg->max_open = cmb->msgs > 9 ? 8 : cmb->msgs - 1;
    cfg->max_len = 20000;
    cfg->max_segs = 8;
    cfg->abort_pct = 3;
    cfg->wrong_pct = 5;
    cfg->damage_pct = 5;
    cfg->cmb_valid_pct = 80;
    cfg->res_ready_pct = 70;
}

struct mdd_depmsg *mdd_depmsg_new(const struct mdd_depmsg_cfg *cfg, mdd_depmsg_fail_fn fail, void *ctx)
{
    if (cfg->max_segs < 1 || cfg->max_segs > MAX_SEGS || cfg->max_len < 1 || cfg->max_open < 1 ||
        cfg->max_open >= cfg->cmb.msgs || cfg->cmb.alg != MDD_CRC32C || cfg->cmb.id_w != 32)
        return NULL;
    struct mdd_depmsg *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    m->fail = fail;
    m->ctx = ctx;
    m->g.s = cfg->seed ^ 0x9E3779B97F4A7C15ull;
    m->ref = mdd_cmbref_new(&cfg->cmb);
    if (!m->ref) {
        free(m);
        return NULL;
    }
    return m;
}

static void msg_free(struct msg *g)
{
    free(g->bytes);
    free(g);
}

static void drop_all(struct mdd_depmsg *m)
{
    while (m->msgs) {
        struct msg *g = m->msgs;
        m->msgs = g->next;
        msg_free(g);
    }
    m->nopen = 0;
    m->qh = m->qn = 0;
    m->holding = false;
    m->ph = m->pn = 0;
}

void mdd_depmsg_free(struct mdd_depmsg *m)
{
    if (!m)
        return;
    drop_all(m);
    free(m->q);
    free(m->pq);
    mdd_cmbref_free(m->ref);
    free(m);
}

void mdd_depmsg_reset(struct mdd_depmsg *m)
{
    m->st.lost_to_reset += m->nopen;
    drop_all(m);
    mdd_cmbref_reset(m->ref);
    m->aborted_all = false;
}

void mdd_depmsg_stop(struct mdd_depmsg *m) { m->stopped = true; }

static struct msg *find(const struct mdd_depmsg *m, uint32_t id)
{
    for (struct msg *g = m->msgs; g; g = g->next)
        if (g->id == id)
            return g;
    return NULL;
}

static void unlink_msg(struct mdd_depmsg *m, struct msg *g)
{
    for (struct msg **p = &m->msgs; *p; p = &(*p)->next)
        if (*p == g) {
            *p = g->next;
            m->nopen--;
            msg_free(g);
            return;
        }
}

static void queue_rec(struct mdd_depmsg *m, const uint64_t w[MDD_CMB_REC_WORDS], struct msg *open_of)
{
    if (m->qh && m->qh == m->qn)
        m->qh = m->qn = 0;
    if (m->qn == m->qcap) {
        m->qcap = m->qcap ? 2 * m->qcap : 16;
        m->q = xrealloc(m->q, m->qcap * sizeof *m->q);
    }
    struct rec *r = &m->q[m->qn++];
    memcpy(r->w, w, sizeof r->w);
    r->open_of = open_of;
}

static void queue_abort(struct mdd_depmsg *m, struct msg *g)
{
    uint64_t w[MDD_CMB_REC_WORDS] = {0};
    MDD_SET(CMBREC, ID, w, g->id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_ABORT);
    queue_rec(m, w, NULL);
    g->aborting = true;
}

/* A new message: its bytes, place, segments and OPEN record. */
static void start_message(struct mdd_depmsg *m, struct mdd_deptraf *t)
{
    const uint32_t len = 1 + (uint32_t)mdd_rng_below(&m->g, m->cfg.max_len);
    struct mdd_deptraf_msgdst dst;
    if (!mdd_deptraf_msg_place(t, len, &dst))
        return;
    struct msg *g = calloc(1, sizeof *g);
    if (!g)
        abort();
    g->id = ID_FLAG | (m->next_id++ & ~ID_FLAG);
    g->len = len;
    g->dst = dst;
    g->bytes = malloc(len);
    if (!g->bytes)
        abort();
    for (uint32_t i = 0; i < len; i++)
        g->bytes[i] = (uint8_t)mdd_rng_next(&m->g);
    g->crc = (uint32_t)mdd_crc(MDD_CRC32C, g->bytes, len);
    g->wrong = mdd_rng_chance(&m->g, m->cfg.wrong_pct);
    /* cut points: nseg - 1 distinct offsets in (0, len), in order */
    unsigned nseg = 1 + (unsigned)mdd_rng_below(&m->g, m->cfg.max_segs);
    if (nseg > len)
        nseg = len;
    uint32_t cuts[MAX_SEGS + 1];
    cuts[0] = 0;
    unsigned nc = 1;
    for (unsigned k = 1; k < nseg; k++) {
        uint32_t c = 1 + (uint32_t)mdd_rng_below(&m->g, len - 1);
        bool dup = false;
        for (unsigned j = 1; j < nc; j++)
            dup |= cuts[j] == c;
        if (!dup)
            cuts[nc++] = c;
    }
    for (unsigned a = 1; a < nc; a++) /* insertion sort */
        for (unsigned b = a; b > 1 && cuts[b - 1] > cuts[b]; b--) {
            uint32_t x = cuts[b];
            cuts[b] = cuts[b - 1];
            cuts[b - 1] = x;
        }
    cuts[nc] = len;
    g->nseg = nc;
    for (unsigned k = 0; k < nc; k++)
        g->seg[k] = (struct seg){cuts[k], cuts[k + 1] - cuts[k], S_WAIT};
    g->abort_after = mdd_rng_chance(&m->g, m->cfg.abort_pct) ? (unsigned)mdd_rng_below(&m->g, nc) : nc + 1;
    g->next = m->msgs;
    m->msgs = g;
    m->nopen++;
    m->st.opened++;
    uint64_t w[MDD_CMB_REC_WORDS] = {0};
    MDD_SET(CMBREC, ID, w, g->id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_OPEN);
    MDD_SET(CMBREC, MODE, w, 1); /* relative target address: the SEG records carry the host address */
    MDD_SET(CMBREC, LEN_VALID, w, 1);
    MDD_SET(CMBREC, CRC_VALID, w, 1);
    MDD_SET(CMBREC, ADDR, w, len);
    MDD_SET(CMBREC, CRC, w, g->wrong ? g->crc ^ (1u + (uint32_t)mdd_rng_below(&m->g, 0xFFFFFFFFu)) : g->crc);
    queue_rec(m, w, g);
    if (g->abort_after == 0) /* aborted before any segment */
        queue_abort(m, g);
}

bool mdd_depmsg_next(struct mdd_depmsg *m, struct mdd_deptraf *t, struct mdd_deptraf_item *it)
{
    if (m->stopped)
        return false;
    if (m->nopen < m->cfg.max_open && mdd_rng_chance(&m->g, m->cfg.new_pct))
        start_message(m, t);
    if (!mdd_rng_chance(&m->g, m->cfg.seg_pct))
        return false;
    /* a random waiting segment of a random message that may send */
    unsigned cand = 0;
    for (struct msg *g = m->msgs; g; g = g->next)
        cand += g->opened && !g->aborting;
    if (!cand)
        return false;
    unsigned pick = (unsigned)mdd_rng_below(&m->g, cand);
    struct msg *g = m->msgs;
    for (;; g = g->next)
        if (g->opened && !g->aborting && pick-- == 0)
            break;
    unsigned waiting[MAX_SEGS], nw = 0;
    for (unsigned k = 0; k < g->nseg; k++)
        if (g->seg[k].st == S_WAIT)
            waiting[nw++] = k;
    if (!nw)
        return false;
    struct seg *s = &g->seg[waiting[mdd_rng_below(&m->g, nw)]];
    if (!mdd_deptraf_msg_segment(t, &g->dst, s->off, g->bytes + s->off, s->n, g->id,
                                 mdd_rng_chance(&m->g, m->cfg.damage_pct), it))
        return false;
    s->st = S_SENT;
    m->st.segs_sent++;
    if (++g->sent == g->abort_after)
        queue_abort(m, g);
    return true;
}

void mdd_depmsg_predicted(struct mdd_depmsg *m, const struct mdd_depref_res *r)
{
    if (!(r->flags & MDD_DEP_FLAG_MSEG) || !(r->msg_tag & ID_FLAG) || r->opcode != MDD_DEP_OP_WRITE)
        return;
    struct msg *g = find(m, r->msg_tag);
    if (!g)
        return; /* ended, or from an earlier epoch */
    for (unsigned k = 0; k < g->nseg; k++) {
        struct seg *s = &g->seg[k];
        if (g->dst.eo + s->off != r->offset || s->n != r->length || s->st != S_SENT)
            continue;
        if (r->has_seg) {
            s->st = S_DONE;
            m->st.segs_done++;
        } else {
            s->st = S_WAIT; /* it did not reach the combiner: send it again */
            m->st.segs_resent++;
        }
        return;
    }
}

void mdd_depmsg_drive(struct mdd_depmsg *m, uint64_t s_tdata[MDD_CMB_REC_WORDS], bool *s_tvalid, bool *res_tready)
{
    memset(s_tdata, 0, MDD_CMB_REC_WORDS * sizeof *s_tdata);
    *s_tvalid = false;
    if (m->qh < m->qn && (m->holding || mdd_rng_chance(&m->g, m->cfg.cmb_valid_pct))) {
        m->holding = true;
        memcpy(s_tdata, m->q[m->qh].w, MDD_CMB_REC_WORDS * sizeof *s_tdata);
        *s_tvalid = true;
    }
    *res_tready = mdd_rng_chance(&m->g, m->cfg.res_ready_pct);
}

/* A record enters the combiner: the reference predicts its output. */
static void step_ref(struct mdd_depmsg *m, const uint64_t rec[MDD_CMB_REC_WORDS])
{
    uint64_t out[MDD_CMB_RES_WORDS];
    m->st.records++;
    if (!mdd_cmbref_step(m->ref, rec, out))
        return;
    if (m->ph && m->ph == m->pn)
        m->ph = m->pn = 0;
    if (m->pn == m->pcap) {
        m->pcap = m->pcap ? 2 * m->pcap : 16;
        m->pq = xrealloc(m->pq, m->pcap * sizeof *m->pq);
    }
    memcpy(m->pq[m->pn++].w, out, sizeof out);
}

/* An output of the combiner: against the reference, then, for a message of ours, against the truth. */
static void check_output(struct mdd_depmsg *m, const uint64_t res[MDD_CMB_RES_WORDS], uint64_t cycle)
{
    static const char *const word[] = {"ID/CODE/FLAGS", "CRC", "EXP_CRC", "BYTES", "LO", "EOM", "EXP", "GOT"};
    m->st.outputs++;
    const uint32_t id = (uint32_t)MDD_GET(CMBRES, ID, res);
    const bool error = MDD_GET(CMBRES, ERROR, res) != 0;
    const unsigned code = (unsigned)MDD_GET(CMBRES, CODE, res);
    m->st.errors += error;
    if (m->ph == m->pn) {
        report(m, "cmb", "cycle %" PRIu64 ": output for id 0x%08x (%s %s), none predicted", cycle, id,
               error ? "error" : "result", mdd_cmbref_code_name(error, code));
        return;
    }
    const uint64_t *p = m->pq[m->ph++].w;
    for (unsigned k = 0; k < MDD_CMB_RES_WORDS; k++)
        if (p[k] != res[k]) {
            report(m, "cmb", "cycle %" PRIu64 ": output for id 0x%08x: word %u (%s) 0x%016" PRIx64
                   ", the reference combiner predicts 0x%016" PRIx64 " (%s %s)", cycle, id, k, word[k], res[k], p[k],
                   MDD_GET(CMBRES, ERROR, p) ? "error" : "result",
                   mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, p) != 0, (unsigned)MDD_GET(CMBRES, CODE, p)));
            return;
        }
    m->st.passed++;
    struct msg *g = find(m, id);
    if (!g)
        return;
    if (error) {
        /* a SEG of a message aborted while the segment was in flight is refused (NOT_OPEN): fine; our OPENs never */
        if (MDD_GET(CMBRES, OP, res) == MDD_CMB_OP_OPEN)
            report(m, "truth", "cycle %" PRIu64 ": the OPEN of message 0x%08x was refused: %s", cycle, id,
                   mdd_cmbref_code_name(true, code));
        return;
    }
    const uint64_t crc = MDD_GET(CMBRES, CRC, res), bytes = MDD_GET(CMBRES, BYTES, res);
    const uint64_t lo = MDD_GET(CMBRES, LO, res), eom = MDD_GET(CMBRES, EOM, res);
    const bool match = MDD_GET(CMBRES, MATCH, res) != 0;
    bool ok = true;
    if (code == MDD_CMB_ST_ABORTED) {
        if (!g->aborting) {
            report(m, "truth", "cycle %" PRIu64 ": message 0x%08x ABORTED, but it was never aborted", cycle, id);
            ok = false;
        }
        m->st.aborted++;
    } else if (code == MDD_CMB_ST_OK || code == MDD_CMB_ST_MISMATCH) {
        if (code != (g->wrong ? MDD_CMB_ST_MISMATCH : MDD_CMB_ST_OK) || match == g->wrong) {
            report(m, "truth", "cycle %" PRIu64 ": message 0x%08x ended %s (MATCH %d), expected %s", cycle, id,
                   mdd_cmbref_code_name(false, code), match, g->wrong ? "MISMATCH" : "OK");
            ok = false;
        } else if (crc != g->crc || bytes != g->len || lo != g->dst.ea || eom != g->dst.ea + g->len) {
            report(m, "truth", "cycle %" PRIu64 ": message 0x%08x: CRC 0x%08" PRIx64 " over %" PRIu64
                   " bytes [0x%016" PRIx64 ", 0x%016" PRIx64 "); its bytes give 0x%08x over %u bytes at 0x%016" PRIx64,
                   cycle, id, crc, bytes, lo, eom, g->crc, g->len, g->dst.ea);
            ok = false;
        }
        if (code == MDD_CMB_ST_OK) {
            m->st.ok++;
            m->st.bytes_ok += g->len;
        } else {
            m->st.mismatch++;
        }
    } else {
        report(m, "truth", "cycle %" PRIu64 ": message 0x%08x ended %s: its segments never overlap and it is only ever "
               "ended by its last byte or an ABORT", cycle, id, mdd_cmbref_code_name(false, code));
        ok = false;
    }
    if (ok)
        m->st.passed++;
    unlink_msg(m, g);
}

void mdd_depmsg_tick(struct mdd_depmsg *m, bool seg_fire, const uint64_t seg[MDD_CMB_REC_WORDS],
                     const uint64_t s_tdata[MDD_CMB_REC_WORDS], bool s_tvalid, bool s_tready,
                     const uint64_t res[MDD_CMB_RES_WORDS], bool res_tvalid, bool res_tready, bool dep_quiet,
                     uint64_t cycle)
{
    /* the arbiter takes one record per cycle, so the two handshakes never meet in one cycle */
    if (s_tvalid && s_tready) {
        struct rec *r = &m->q[m->qh++];
        if (memcmp(r->w, s_tdata, sizeof r->w))
            report(m, "drive", "cycle %" PRIu64 ": s_axis_cmb_tdata changed under tvalid", cycle);
        m->holding = false;
        if (r->open_of)
            r->open_of->opened = true;
        step_ref(m, r->w);
    }
    if (seg_fire)
        step_ref(m, seg);
    if (res_tvalid && res_tready)
        check_output(m, res, cycle);
    /* the end of a run: every open message is aborted once no segment can still arrive */
    if (m->stopped && !m->aborted_all && dep_quiet && m->qh == m->qn) {
        for (struct msg *g = m->msgs; g; g = g->next)
            if (!g->aborting)
                queue_abort(m, g);
        m->aborted_all = true;
    }
}

bool mdd_depmsg_drained(const struct mdd_depmsg *m)
{
    return m->qh == m->qn && m->ph == m->pn && !m->msgs;
}

void mdd_depmsg_finish(struct mdd_depmsg *m)
{
    if (m->qh < m->qn)
        report(m, "finish", "%zu records for s_axis_cmb never sent", m->qn - m->qh);
    if (m->ph < m->pn)
        report(m, "finish", "%zu predicted combiner outputs never came (first for id 0x%08x)", m->pn - m->ph,
               (uint32_t)MDD_GET(CMBRES, ID, m->pq[m->ph].w));
    if (m->msgs) {
        unsigned done = 0;
        for (unsigned k = 0; k < m->msgs->nseg; k++)
            done += m->msgs->seg[k].st == S_DONE;
        report(m, "finish", "%u messages never ended (first 0x%08x, %u of %u segments done)", m->nopen, m->msgs->id,
               done, m->msgs->nseg);
    }
    if (mdd_cmbref_selfcheck_failures(m->ref))
        report(m, "finish", "the reference combiner's self-check failed %" PRIu64 " times",
               mdd_cmbref_selfcheck_failures(m->ref));
}

void mdd_depmsg_get_stats(const struct mdd_depmsg *m, struct mdd_depmsg_stats *st) { *st = m->st; }

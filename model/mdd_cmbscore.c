/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_cmbscore.c - the combiner's scoreboard (see mdd_cmbscore.h).
 *
 * At input time the reference's prediction decides what the generator's records did (an OPEN with no output
 * was accepted, a SEG with no output was accumulated), which is the state the truth rules need; that state is
 * copied into the prediction, so that a check made at delivery, up to a pipeline's depth later, sees the
 * message as it was when its record went in. The id -> message map follows the accepted OPENs, so a result is
 * tied to the message whose OPEN opened the context, whatever the generator or a reset did in between.
 */
#include "mdd_cmbscore.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_cmbref.h"

/* flags in mdd_cmbtraf_msg.user[0] */
#define U_OPEN_OK 1u /* the message's first OPEN was accepted (cleared by a reset while it is open) */
#define U_OVL_ACC 2u /* this incarnation accepted an OVERLAP record */
#define U_DUP_ACC 4u /* this incarnation accepted a DUP after its original */

struct pred {
    uint64_t out[MDD_CMB_RES_WORDS];
    struct mdd_cmbtraf_info info;
    uint64_t rec[MDD_CMB_REC_WORDS];
    uint64_t cycle;
    uint64_t serial;   /* results: the message the context belonged to */
    uint64_t flags;    /* that message's flags when the record went in */
    bool well_behaved; /* ... and whether it was well behaved then (the record's own message for errors) */
};

struct mdd_cmbscore {
    mdd_cmb_params p;
    struct mdd_cmbtraf *t;
    struct mdd_cmbref *ref;
    mdd_cmbscore_fail_fn fail;
    void *fail_ctx;
    mdd_cmbscore_oracle_fn oracle;
    const char *oracle_name;
    unsigned latency;
    struct pred *q; /* ring of predictions */
    size_t q_head, q_n, q_cap;
    uint32_t *map_id; /* id -> serial of the message whose OPEN was accepted, one per open context */
    uint64_t *map_serial;
    unsigned map_n;
    uint64_t passed, failed;
    struct mdd_cmbscore_stats st;
};

static bool ok(struct mdd_cmbscore *s, bool cond, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool ok(struct mdd_cmbscore *s, bool cond, const char *what, const char *fmt, ...)
{
    if (cond) {
        s->passed++;
        return true;
    }
    s->failed++;
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (s->fail)
        s->fail(s->fail_ctx, what, msg);
    return false;
}

struct mdd_cmbscore *mdd_cmbscore_new(const mdd_cmb_params *p, struct mdd_cmbtraf *t, mdd_cmbscore_fail_fn fail,
                                      void *fail_ctx)
{
    struct mdd_cmbscore *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->t = t;
    s->fail = fail;
    s->fail_ctx = fail_ctx;
    s->ref = mdd_cmbref_new(p);
    s->map_id = calloc(p->msgs, sizeof *s->map_id);
    s->map_serial = calloc(p->msgs, sizeof *s->map_serial);
    s->q_cap = 256;
    s->q = calloc(s->q_cap, sizeof *s->q);
    if (!s->ref || !s->map_id || !s->map_serial || !s->q) {
        mdd_cmbscore_free(s);
        return NULL;
    }
    s->st.lat_min = UINT64_MAX;
    return s;
}

void mdd_cmbscore_free(struct mdd_cmbscore *s)
{
    if (!s)
        return;
    mdd_cmbref_free(s->ref);
    free(s->map_id);
    free(s->map_serial);
    free(s->q);
    free(s);
}

void mdd_cmbscore_set_oracle(struct mdd_cmbscore *s, mdd_cmbscore_oracle_fn oracle, const char *name)
{
    s->oracle = oracle;
    s->oracle_name = name;
}

void mdd_cmbscore_set_latency(struct mdd_cmbscore *s, unsigned latency) { s->latency = latency; }
size_t mdd_cmbscore_pending(const struct mdd_cmbscore *s) { return s->q_n; }
uint64_t mdd_cmbscore_passed(const struct mdd_cmbscore *s) { return s->passed; }
uint64_t mdd_cmbscore_failed(const struct mdd_cmbscore *s) { return s->failed; }
const struct mdd_cmbscore_stats *mdd_cmbscore_get_stats(const struct mdd_cmbscore *s) { return &s->st; }

static const char *code_name(const uint64_t *o)
{
    return mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, o) != 0, (unsigned)MDD_GET(CMBRES, CODE, o));
}

/* ---- id -> message of the accepted OPEN ---- */

static void map_add(struct mdd_cmbscore *s, uint32_t id, uint64_t serial)
{
    for (unsigned i = 0; i < s->map_n; i++)
        if (s->map_id[i] == id) {
            ok(s, false, "bookkeeping", "OPEN of id 0x%x accepted while message %" PRIu64 " has it", id,
               s->map_serial[i]);
            s->map_serial[i] = serial;
            return;
        }
    if (!ok(s, s->map_n < s->p.msgs, "bookkeeping", "more than MSGS = %u OPENs accepted", s->p.msgs))
        return;
    s->map_id[s->map_n] = id;
    s->map_serial[s->map_n++] = serial;
}

static uint64_t map_take(struct mdd_cmbscore *s, uint32_t id)
{
    for (unsigned i = 0; i < s->map_n; i++)
        if (s->map_id[i] == id) {
            uint64_t serial = s->map_serial[i];
            s->map_n--;
            s->map_id[i] = s->map_id[s->map_n];
            s->map_serial[i] = s->map_serial[s->map_n];
            return serial;
        }
    return 0;
}

static bool well_behaved(const struct mdd_cmbtraf_msg *m)
{
    return (m->user[0] & U_OPEN_OK) && !(m->inj_mask & ((1u << MDD_CMBTRAF_K_DUP) | (1u << MDD_CMBTRAF_K_OVERLAP)));
}

/* ---- input ---- */

bool mdd_cmbscore_input(struct mdd_cmbscore *s, const uint64_t rec[MDD_CMB_REC_WORDS],
                        const struct mdd_cmbtraf_info *info, uint64_t cycle, uint64_t *pred)
{
    uint64_t o[MDD_CMB_RES_WORDS];
    const bool has = mdd_cmbref_step(s->ref, rec, o);
    struct mdd_cmbtraf_msg *m = info->serial ? mdd_cmbtraf_lookup(s->t, info->serial) : NULL;
    ok(s, !info->serial || m, "truth", "truth of message %" PRIu64 " lost", info->serial);
    const uint32_t id = (uint32_t)MDD_GET(CMBREC, ID, rec);
    const bool err = has && MDD_GET(CMBRES, ERROR, o);

    /* what the record did */
    if (!has && info->op == MDD_CMB_OP_OPEN) {
        ok(s, info->kind == MDD_CMBTRAF_K_NONE || info->kind == MDD_CMBTRAF_K_REOPEN, "injection",
           "an injected OPEN of kind %s was accepted", mdd_cmbtraf_kind_name(info->kind));
        if (m) {
            if (info->kind == MDD_CMBTRAF_K_NONE)
                m->user[0] |= U_OPEN_OK;
            /* a new incarnation (a second OPEN after an early end or a refused first OPEN) starts empty */
            m->user[0] &= ~(uint64_t)(U_OVL_ACC | U_DUP_ACC);
            memset(m->seg_user, 0, m->n_segs);
        }
        map_add(s, id, info->serial);
        s->st.accepted_opens++;
    }
    if (!has && info->op == MDD_CMB_OP_SEG && m) {
        if (info->kind == MDD_CMBTRAF_K_NONE)
            m->seg_user[info->seg] = 1;
        else if (info->kind == MDD_CMBTRAF_K_OVERLAP)
            m->user[0] |= U_OVL_ACC;
        else if (info->kind == MDD_CMBTRAF_K_DUP && m->seg_user[info->seg])
            m->user[0] |= U_DUP_ACC;
    }
    if (!has) {
        /* a record the rules say must be refused, or must end its message */
        if (info->certain || (m && well_behaved(m) && (info->benign || info->trailing)))
            ok(s, false, "injection", "message %" PRIu64 ": injected %s (op %u) was accepted, expected %s",
               info->serial, mdd_cmbtraf_kind_name(info->kind), info->op,
               mdd_cmbref_code_name(true, info->code ? info->code : MDD_CMB_ERR_NOT_OPEN));
        else if (m && well_behaved(m) && info->last_legit)
            ok(s, false, "status", "message %" PRIu64 ": its last legitimate record (op %u) gave no result",
               info->serial, info->op);
        return false;
    }

    if (s->q_n == s->q_cap) {
        struct pred *q = malloc(2 * s->q_cap * sizeof *q);
        if (!q)
            abort();
        for (size_t i = 0; i < s->q_n; i++)
            q[i] = s->q[(s->q_head + i) % s->q_cap];
        free(s->q);
        s->q = q;
        s->q_head = 0;
        s->q_cap *= 2;
    }
    struct pred *pr = &s->q[(s->q_head + s->q_n++) % s->q_cap];
    memcpy(pr->out, o, sizeof o);
    memcpy(pr->rec, rec, sizeof pr->rec);
    pr->info = *info;
    pr->cycle = cycle;
    pr->serial = 0;
    pr->flags = m ? m->user[0] : 0;
    pr->well_behaved = m && well_behaved(m);
    if (!err) {
        pr->serial = map_take(s, id);
        struct mdd_cmbtraf_msg *rm = pr->serial ? mdd_cmbtraf_lookup(s->t, pr->serial) : NULL;
        pr->flags = rm ? rm->user[0] : 0;
        pr->well_behaved = rm && well_behaved(rm);
        s->st.results++;
    }
    if (pred)
        memcpy(pred, o, sizeof o);
    return true;
}

void mdd_cmbscore_reset(struct mdd_cmbscore *s)
{
    s->st.dropped += s->q_n;
    s->q_n = 0;
    mdd_cmbref_reset(s->ref);
    /* the messages open now lose their context: none of them is well behaved any more */
    for (unsigned i = 0; i < s->map_n; i++) {
        struct mdd_cmbtraf_msg *m = mdd_cmbtraf_lookup(s->t, s->map_serial[i]);
        if (m)
            m->user[0] &= ~(uint64_t)U_OPEN_OK;
    }
    s->st.cut_by_reset += s->map_n;
    s->map_n = 0;
}

/* ---- output ---- */

static void check_error(struct mdd_cmbscore *s, const struct pred *pr, const uint64_t *o)
{
    const struct mdd_cmbtraf_info *info = &pr->info;
    const unsigned code = (unsigned)MDD_GET(CMBRES, CODE, o);
    const uint64_t exp = MDD_GET(CMBRES, EXP, o), got = MDD_GET(CMBRES, GOT, o);
    s->st.kind_code[info->kind][code & 15]++;
    /* fields of every error record (section 3's right column) */
    uint64_t e[MDD_CMB_RES_WORDS] = {0};
    MDD_SET(CMBRES, ID, e, MDD_GET(CMBREC, ID, pr->rec));
    MDD_SET(CMBRES, CODE, e, code);
    MDD_SET(CMBRES, ERROR, e, 1);
    MDD_SET(CMBRES, OP, e, MDD_GET(CMBREC, OP, pr->rec));
    MDD_SET(CMBRES, LO, e, MDD_GET(CMBREC, ADDR, pr->rec));
    MDD_SET(CMBRES, EOM, e, MDD_GET(CMBREC, SEG_LEN, pr->rec));
    MDD_SET(CMBRES, EXP, e, exp);
    MDD_SET(CMBRES, GOT, e, got);
    ok(s, memcmp(e, o, sizeof e) == 0, "error-fields", "%s error record: a field other than CODE/EXP/GOT differs "
                                                       "from the record's ID/OP/W1/W2",
       code_name(o));
    const bool wb = pr->well_behaved;
    if (info->kind == MDD_CMBTRAF_K_NONE && info->op == MDD_CMB_OP_OPEN)
        ok(s, code == MDD_CMB_ERR_TABLE_FULL, "injection", "message %" PRIu64 ": its OPEN refused with %s",
           info->serial, code_name(o));
    if (info->certain || (wb && info->benign))
        ok(s, code == info->code && exp == info->exp && got == info->got, "injection",
           "message %" PRIu64 ": injected %s (op %u): %s EXP 0x%" PRIx64 " GOT 0x%" PRIx64
           ", expected %s EXP 0x%" PRIx64 " GOT 0x%" PRIx64,
           info->serial, mdd_cmbtraf_kind_name(info->kind), info->op, code_name(o), exp, got,
           mdd_cmbref_code_name(true, info->code), info->exp, info->got);
    else if (wb && info->trailing)
        ok(s, code == MDD_CMB_ERR_NOT_OPEN, "injection", "message %" PRIu64 ": trailing CLOSE gave %s", info->serial,
           code_name(o));
    else if (wb && info->kind == MDD_CMBTRAF_K_NONE)
        ok(s, false, "injection", "message %" PRIu64 ": legitimate record (op %u) refused with %s", info->serial,
           info->op, code_name(o));
    if (info->kind == MDD_CMBTRAF_K_DUP || info->kind == MDD_CMBTRAF_K_OVERLAP)
        ok(s, code == MDD_CMB_ERR_OVERLAP || code == MDD_CMB_ERR_NOT_OPEN, "injection", "injected %s refused with %s",
           mdd_cmbtraf_kind_name(info->kind), code_name(o));
}

static void check_result(struct mdd_cmbscore *s, const struct pred *pr, const uint64_t *o)
{
    const struct mdd_cmbtraf_info *info = &pr->info;
    const mdd_crc_alg alg = s->p.alg;
    struct mdd_cmbtraf_msg *m = pr->serial ? mdd_cmbtraf_lookup(s->t, pr->serial) : NULL;
    if (!ok(s, m != NULL, "truth", "result for id 0x%" PRIx64 ": no accepted OPEN known, or its truth lost "
                                   "(serial %" PRIu64 ")",
            MDD_GET(CMBRES, ID, o), pr->serial))
        return;
    ok(s, info->serial == pr->serial, "truth", "result of message %" PRIu64 " ended by a record of message %" PRIu64,
       pr->serial, info->serial);
    const unsigned status = (unsigned)MDD_GET(CMBRES, CODE, o);
    const bool complete = MDD_GET(CMBRES, COMPLETE, o) != 0;
    const uint64_t lo = MDD_GET(CMBRES, LO, o), eom = MDD_GET(CMBRES, EOM, o), crc = MDD_GET(CMBRES, CRC, o);
    const uint64_t bytes = MDD_GET(CMBRES, BYTES, o);
    ok(s, MDD_GET(CMBRES, ID, o) == m->id && MDD_GET(CMBRES, MODE, o) == m->mode &&
              MDD_GET(CMBRES, LEN_VALID, o) == m->len_valid && MDD_GET(CMBRES, EXP, o) == (m->len_valid ? m->len : 0) &&
              MDD_GET(CMBRES, GOT, o) == 0 && MDD_GET(CMBRES, OP, o) == info->op,
       "result-fields", "message %" PRIu64 ": ID/MODE/LEN_VALID/EXP/GOT/OP do not follow from its OPEN and its last "
                        "record",
       m->serial);
    /* the expected CRC in force: the CLOSE's when that CLOSE brought one, else the OPEN's */
    const bool close_exp = info->op == MDD_CMB_OP_CLOSE && m->exp_close_valid;
    const bool exp_valid = close_exp || m->exp_open_valid;
    const uint64_t exp_crc = close_exp ? m->exp_close : m->exp_open_valid ? m->exp_open : 0;
    ok(s, MDD_GET(CMBRES, CRC_VALID, o) == exp_valid && MDD_GET(CMBRES, EXP_CRC, o) == exp_crc, "result-fields",
       "message %" PRIu64 ": CRC_VALID %" PRIu64 " EXP_CRC 0x%" PRIx64 ", sent %d 0x%" PRIx64, m->serial,
       MDD_GET(CMBRES, CRC_VALID, o), MDD_GET(CMBRES, EXP_CRC, o), exp_valid, exp_crc);
    ok(s, complete == (status == MDD_CMB_ST_OK || status == MDD_CMB_ST_MISMATCH) && status <= MDD_CMB_ST_ABORTED &&
              (status == MDD_CMB_ST_ABORTED) == (info->op == MDD_CMB_OP_ABORT),
       "status", "message %" PRIu64 ": status %u, COMPLETE %d, ended by op %u", m->serial, status, complete, info->op);
    if (complete) {
        s->st.complete++;
        const bool in = lo >= m->base && eom <= m->base + m->len && lo < eom;
        if (ok(s, in && bytes == eom - lo && (m->mode == MDD_CMB_MODE_REL || lo == 0) &&
                      (!m->len_valid || eom - lo == m->len),
               "truth",
               "message %" PRIu64 " COMPLETE over [0x%" PRIx64 ", 0x%" PRIx64 ") with %" PRIu64
               " bytes: not a range of the message [0x%" PRIx64 ", +%u) or not its length",
               m->serial, lo, eom, bytes, m->base, m->len)) {
            const uint64_t off = lo - m->base, n = eom - lo;
            const uint64_t truth = mdd_crc(alg, m->bytes + off, n);
            ok(s, crc == truth, "truth",
               "message %" PRIu64 " COMPLETE: CRC 0x%" PRIx64 ", mdd_crc of its bytes [%" PRIu64 ", %" PRIu64
               ") 0x%" PRIx64,
               m->serial, crc, off, off + n, truth);
            ok(s, MDD_GET(CMBRES, MATCH, o) == (exp_valid && exp_crc == truth) &&
                      status == (exp_valid && exp_crc != truth ? MDD_CMB_ST_MISMATCH : MDD_CMB_ST_OK),
               "truth",
               "message %" PRIu64 ": MATCH %" PRIu64 ", status %u with expected %d 0x%" PRIx64 ", CRC 0x%" PRIx64,
               m->serial, MDD_GET(CMBRES, MATCH, o), status, exp_valid, exp_crc, truth);
            uint64_t oc;
            if (s->oracle) {
                if (s->oracle(m, off, off + n, &oc)) {
                    s->st.oracle++;
                    ok(s, crc == oc, "truth", "message %" PRIu64 ": CRC 0x%" PRIx64 ", %s 0x%" PRIx64, m->serial, crc,
                       s->oracle_name, oc);
                } else {
                    s->st.oracle_skip++;
                }
            }
        }
        /* an accepted duplicate always spoils the tiling; a partial overlap only of the whole message (alone it
           can tile a prefix of a message without L) */
        const bool whole = lo == m->base && eom == m->base + m->len;
        ok(s, !(pr->flags & U_DUP_ACC) && (!(pr->flags & U_OVL_ACC) || !whole), "truth",
           "message %" PRIu64 " COMPLETE%s although it accepted %s", m->serial, whole ? " (whole)" : "",
           pr->flags & U_DUP_ACC ? "a duplicate after its original" : "a partially overlapping segment");
    }
    if (pr->well_behaved) {
        s->st.well_behaved++;
        const unsigned want_rej = m->n_benign < 255 ? m->n_benign : 255;
        ok(s, info->last_legit, "status", "message %" PRIu64 " ended by a record other than its last legitimate one "
                                          "(kind %s, op %u)",
           m->serial, mdd_cmbtraf_kind_name(info->kind), info->op);
        ok(s, MDD_GET(CMBRES, REJECTED, o) == want_rej, "status",
           "message %" PRIu64 ": REJECTED %" PRIu64 ", %u refused records injected", m->serial,
           MDD_GET(CMBRES, REJECTED, o), want_rej);
        if (m->inj_mask & (1u << MDD_CMBTRAF_K_ABORT)) {
            ok(s, status == MDD_CMB_ST_ABORTED, "status", "message %" PRIu64 ": status %u, expected ABORTED", m->serial,
               status);
        } else if (m->inj_mask & (1u << MDD_CMBTRAF_K_HOLE)) {
            ok(s, status == MDD_CMB_ST_INCOMPLETE, "status",
               "message %" PRIu64 " with a hole: status %u, expected INCOMPLETE", m->serial, status);
        } else {
            s->st.whole++;
            ok(s, complete && lo == m->base && eom == m->base + m->len && bytes == m->len, "status",
               "message %" PRIu64 ": status %u over [0x%" PRIx64 ", 0x%" PRIx64 "), expected COMPLETE over the whole "
               "message [0x%" PRIx64 ", +%u)",
               m->serial, status, lo, eom, m->base, m->len);
        }
    }
}

void mdd_cmbscore_output(struct mdd_cmbscore *s, const uint64_t out[MDD_CMB_RES_WORDS], uint64_t cycle, bool compare)
{
    if (!ok(s, s->q_n > 0, "scoreboard", "output (%s, ID 0x%" PRIx64 ") with no record outstanding that gives one",
            code_name(out), MDD_GET(CMBRES, ID, out)))
        return;
    const struct pred pr = s->q[s->q_head];
    s->q_head = (s->q_head + 1) % s->q_cap;
    s->q_n--;
    const bool err = MDD_GET(CMBRES, ERROR, out) != 0;
    s->st.outputs[err][MDD_GET(CMBRES, CODE, out) & 15]++;
    if (compare) {
        bool same = memcmp(out, pr.out, sizeof pr.out) == 0;
        if (!same) {
            char msg[700];
            int k = snprintf(msg, sizeof msg, "record op %u id 0x%" PRIx64 " (input cycle %" PRIu64 ", %s):",
                             pr.info.op, MDD_GET(CMBREC, ID, pr.rec), pr.cycle, mdd_cmbtraf_kind_name(pr.info.kind));
            for (unsigned w = 0; w < MDD_CMB_RES_WORDS && k > 0 && (size_t)k < sizeof msg; w++)
                if (out[w] != pr.out[w])
                    k += snprintf(msg + k, sizeof msg - (size_t)k, " W%u 0x%016" PRIx64 " expected 0x%016" PRIx64, w,
                                  out[w], pr.out[w]);
            ok(s, false, "reference", "%s; got %s, the reference predicts %s", msg, code_name(out), code_name(pr.out));
        } else {
            s->passed++;
        }
    }
    if (s->latency)
        ok(s, cycle - pr.cycle == s->latency, "latency",
           "output of the record that went in at cycle %" PRIu64 " came %" PRIu64 " cycles later, not %u", pr.cycle,
           cycle - pr.cycle, s->latency);
    if (!err && pr.info.op == MDD_CMB_OP_SEG) {
        uint64_t lat = cycle - pr.cycle;
        if (lat < s->st.lat_min)
            s->st.lat_min = lat;
        if (lat > s->st.lat_max)
            s->st.lat_max = lat;
    }
    if (err)
        check_error(s, &pr, out);
    else
        check_result(s, &pr, out);
}

void mdd_cmbscore_finish(struct mdd_cmbscore *s)
{
    ok(s, s->q_n == 0, "scoreboard", "%zu predicted outputs never delivered", s->q_n);
    ok(s, mdd_cmbref_open_count(s->ref) == 0 && s->map_n == 0, "leak",
       "after draining: %u messages open in the reference, %u accepted OPENs without a result",
       mdd_cmbref_open_count(s->ref), s->map_n);
    ok(s, s->st.results + s->st.cut_by_reset == s->st.accepted_opens, "leak",
       "%" PRIu64 " results + %" PRIu64 " messages cut by a reset for %" PRIu64 " accepted OPENs", s->st.results,
       s->st.cut_by_reset, s->st.accepted_opens);
    ok(s, mdd_cmbref_selfcheck_failures(s->ref) == 0, "reference",
       "reference self-check: %" PRIu64 " exactly tiled messages whose XOR of forward shifts differs from the chain "
       "of combines",
       mdd_cmbref_selfcheck_failures(s->ref));
}

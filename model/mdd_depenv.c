/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depenv.c - the deposit engine's test environment (see mdd_depenv.h).
 *
 * One epoch = the time between two resets: a generator, host memory, scoreboard and drivers of their own, since a
 * reset clears the engine's tables and rings (software starts again from nothing; stale host memory would make
 * software misread the rings). Within an epoch:
 *   POLL    a few packets are queued at once (they arrive before any table exists: they must write nothing, the
 *           error CQE's CQ does not exist), STATUS is read until init_busy is 0;
 *   SETTLE  the stream has delivered them and enough cycles passed for the engine to finish them (they leave no
 *           trace to wait for);
 *   PROG    the generator's table writes;
 *   RUN     packets and software actions.
 * With messages (cfg.msg: rtl/mdd_dep_msg.v), the message layer (model/mdd_depmsg.h) lives across epochs: it is
 * reset with the device, gets every prediction of the epoch's scoreboard, offers segment packets for the RUN
 * phase's packet slots and drives the combiner's ports.
 */
#include "mdd_depenv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"
#include "mdd_depmsg.h"
#include "mdd_depref.h"
#include "mdd_depscore.h"
#include "mdd_deptraf.h"
#include "mdd_hostmem.h"
#include "mdd_rng.h"

enum { P_POLL, P_SETTLE, P_PROG, P_RUN };

/* Counter reads wait this long after the scoreboard went quiet: the engine counts a packet when its tail
 * finishes, a few cycles after the last write's B that made the scoreboard quiet. */
#define QUIET_READ_CYCLES 16
/* Cycles after the last pre-programming packet is accepted before tables are written (header checks, drain,
 * the dropped CQE: under 40 cycles at every W). */
#define SETTLE_CYCLES 100

struct mdd_depenv {
    struct mdd_depenv_cfg cfg;
    mdd_depenv_fail_fn fail;
    void *ctx;
    struct mdd_rng g;
    uint64_t epoch;
    struct mdd_depmsg *msg; /* cfg.msg: the message layer */
    /* per epoch */
    struct mdd_deptraf *traf;
    struct mdd_hostmem *hm;
    struct mdd_depscore *sc;
    struct mdd_depstream *st;
    struct mdd_depaxil *ax;
    unsigned phase;
    bool poll_out;
    uint64_t settle_at;
    struct mdd_deptraf_item it;
    bool have;
    uint32_t *rhq_head, *cq_head;
    uint64_t next_heads, next_status, quiet_since, gap_until;
    bool was_quiet;
    unsigned reads_out;
    bool want_reads; /* hold packets back until the engine is quiet, then read registers */
    uint8_t *last_valid[64]; /* the last valid packet of each connection (replayed behind a late failure) */
    uint32_t last_len[64];
    /* global */
    unsigned rst_left;
    bool in_reset, stopped;
    bool ext_busy; /* packets the scoreboard has not seen are on their way into the engine */
    bool quiet_writes; /* register accesses that need a quiet engine are on their way */
    struct mdd_depenv_stats tot; /* finished epochs */
};

void mdd_depenv_default_cfg(struct mdd_depenv_cfg *cfg, const mdd_dep_params *p, uint64_t seed)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->p = *p;
    cfg->seed = seed;
    cfg->max_len = 3000;
    cfg->adv_pct = 35;
    cfg->sw_pct = 15;
    cfg->valid_pct = 85;
    cfg->axil_pct = 80;
    cfg->awready_pct = 75;
    cfg->wready_pct = 80;
    cfg->bvalid_pct = 80;
    cfg->b_delay_max = 12;
    cfg->evt_ready_pct = 70;
    cfg->res_ready_pct = 70;
    cfg->seg_ready_pct = 70;
    cfg->rst_ppm = 0;
    cfg->head_period = 200;
}

static void fwd(void *ctx, const char *what, const char *msg)
{
    struct mdd_depenv *e = ctx;
    if (e->fail)
        e->fail(e->ctx, what, msg);
}

static void epoch_close(struct mdd_depenv *e)
{
    if (!e->sc)
        return;
    struct mdd_depenv_stats s;
    mdd_depenv_get_stats(e, &s);
    e->tot = s;
    mdd_depaxil_free(e->ax);
    mdd_depstream_free(e->st);
    mdd_depscore_free(e->sc);
    mdd_hostmem_free(e->hm);
    mdd_deptraf_free(e->traf);
    free(e->rhq_head);
    free(e->cq_head);
    for (unsigned i = 0; i < 64; i++) {
        free(e->last_valid[i]);
        e->last_valid[i] = NULL;
    }
    e->ax = NULL;
    e->st = NULL;
    e->sc = NULL;
    e->hm = NULL;
    e->traf = NULL;
    e->rhq_head = e->cq_head = NULL;
}

static void msg_predicted(void *ctx, const struct mdd_depref_res *r) { mdd_depmsg_predicted(ctx, r); }

static bool epoch_open(struct mdd_depenv *e)
{
    const struct mdd_depenv_cfg *c = &e->cfg;
    const uint64_t seed = c->seed * 1000003u + e->epoch++;
    struct mdd_deptraf_cfg tc;
    mdd_deptraf_default_cfg(&tc, &c->p);
    tc.max_len = c->max_len;
    tc.adv_pct = c->adv_pct;
    tc.sw_pct = c->sw_pct;
    tc.fixed = c->fixed;
    tc.fixed_len = c->fixed_len;
    tc.fixed_compl = c->fixed_compl;
    e->traf = mdd_deptraf_new(&tc, seed);
    if (!e->traf)
        return false;
    struct mdd_hostmem_cfg hc;
    mdd_hostmem_default_cfg(&hc, &c->p);
    hc.awready_pct = c->awready_pct;
    hc.wready_pct = c->wready_pct;
    hc.bvalid_pct = c->bvalid_pct;
    hc.bready_delay_max = c->b_delay_max;
    hc.seed = seed;
    e->hm = mdd_hostmem_new(&hc, fwd, e);
    mdd_deptraf_declare(e->traf, e->hm);
    e->sc = mdd_depscore_new(&c->p, e->hm, fwd, e);
    if (e->sc && e->msg)
        mdd_depscore_set_predict_hook(e->sc, msg_predicted, e->msg);
    e->st = mdd_depstream_new(c->p.w, c->valid_pct, seed);
    e->ax = mdd_depaxil_new(c->axil_pct, seed);
    e->rhq_head = calloc(c->p.rhqs, sizeof *e->rhq_head);
    e->cq_head = calloc(c->p.cqs, sizeof *e->cq_head);
    if (!e->hm || !e->sc || !e->st || !e->ax || !e->rhq_head || !e->cq_head)
        abort();
    e->phase = P_POLL;
    e->quiet_writes = false;
    e->poll_out = false;
    e->have = false;
    e->next_heads = 0;
    e->next_status = 0;
    e->was_quiet = false;
    e->reads_out = 0;
    e->want_reads = false;
    /* packets before any table exists: random headers with a right checksum, short payloads */
    if (!e->stopped) {
        const unsigned n = (unsigned)mdd_rng_below(&e->g, 3);
        static const unsigned ops[] = {1, 2, 3, 4, 5, 0x10, 0x11, 0x12, 0x13, 0x14};
        for (unsigned k = 0; k < n; k++) {
            uint8_t b[32 + 64];
            const uint32_t len = (uint32_t)mdd_rng_below(&e->g, 65);
            mdd_deptraf_header(b, ops[mdd_rng_below(&e->g, 10)], MDD_DEP_FLAG_COMPL,
                               (unsigned)mdd_rng_below(&e->g, c->p.conns), (uint32_t)mdd_rng_next(&e->g),
                               mdd_rng_below(&e->g, 4096), 0, len, (uint32_t)k);
            for (uint32_t i = 0; i < len; i++)
                b[32 + i] = (uint8_t)mdd_rng_next(&e->g);
            mdd_depstream_push(e->st, b, 32 + len, NULL, false);
            e->tot.early_pkts++;
        }
    }
    return true;
}

struct mdd_depenv *mdd_depenv_new(const struct mdd_depenv_cfg *cfg, mdd_depenv_fail_fn fail, void *ctx)
{
    struct mdd_depenv *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->cfg = *cfg;
    e->fail = fail;
    e->ctx = ctx;
    e->g.s = cfg->seed ^ 0x3C6EF372FE94F82Bull;
    if (cfg->msg) {
        struct mdd_depmsg_cfg mc;
        mdd_depmsg_default_cfg(&mc, &cfg->cmb, cfg->seed);
        if (cfg->msg_seg_pct)
            mc.seg_pct = cfg->msg_seg_pct;
        if (cfg->msg_max_len)
            mc.max_len = cfg->msg_max_len;
        if (cfg->msg_wrong_pct)
            mc.wrong_pct = cfg->msg_wrong_pct;
        mc.res_ready_pct = cfg->res_ready_pct;
        mc.cmb_valid_pct = cfg->valid_pct;
        e->msg = mdd_depmsg_new(&mc, fwd, e);
        if (!e->msg) {
            free(e);
            return NULL;
        }
    }
    if (!epoch_open(e)) { /* checks the parameters; the first reset opens the epoch the run uses */
        mdd_depmsg_free(e->msg);
        free(e);
        return NULL;
    }
    e->tot.early_pkts = 0;
    e->rst_left = 2; /* start with a reset, like the hardware */
    return e;
}

void mdd_depenv_free(struct mdd_depenv *e)
{
    if (!e)
        return;
    epoch_close(e);
    mdd_depmsg_free(e->msg);
    free(e);
}

void mdd_depenv_stop(struct mdd_depenv *e)
{
    e->stopped = true;
    if (e->msg)
        mdd_depmsg_stop(e->msg);
}

bool mdd_depenv_is_rhq_entry(const struct mdd_depenv *e, uint64_t addr) { return mdd_deptraf_in_rhq(e->traf, addr); }

bool mdd_depenv_drained(const struct mdd_depenv *e)
{
    return e->phase == P_RUN && !e->have && !e->rst_left && mdd_depstream_idle(e->st) && mdd_depaxil_idle(e->ax) &&
           mdd_hostmem_axi_idle(e->hm) && mdd_depscore_quiet(e->sc) && (!e->msg || mdd_depmsg_drained(e->msg));
}

bool mdd_depenv_tables_written(const struct mdd_depenv *e) { return e->phase == P_RUN; }

void mdd_depenv_set_external_busy(struct mdd_depenv *e, bool busy) { e->ext_busy = busy; }

void mdd_depenv_set_input_open(struct mdd_depenv *e, bool open) { mdd_depscore_set_input_open(e->sc, open); }

bool mdd_depenv_scoreboard_quiet(const struct mdd_depenv *e) { return mdd_depscore_quiet(e->sc); }

bool mdd_depenv_wants_quiet(const struct mdd_depenv *e)
{
    if (e->phase != P_RUN)
        return e->phase != P_POLL; /* the tables are about to be written */
    const bool head = e->have && e->it.is_sw &&
                      (e->it.sw == MDD_DEPTRAF_SW_RHQ_HEAD || e->it.sw == MDD_DEPTRAF_SW_CQ_HEAD);
    return (e->have && e->it.is_sw && !head) || e->want_reads || e->quiet_writes;
}

bool mdd_depenv_port_idle(const struct mdd_depenv *e)
{
    return mdd_depstream_idle(e->st) && mdd_depaxil_idle(e->ax);
}

void mdd_depenv_finish(struct mdd_depenv *e)
{
    mdd_depscore_finish(e->sc);
    if (e->msg)
        mdd_depmsg_finish(e->msg);
}

void mdd_depenv_get_stats(const struct mdd_depenv *e, struct mdd_depenv_stats *st)
{
    *st = e->tot;
    if (!e->sc)
        return;
    const struct mdd_depscore_stats *s = mdd_depscore_get_stats(e->sc);
    st->packets += s->packets;
    for (unsigned k = 0; k < 64; k++)
        st->codes[k] += s->codes[k];
    st->hdr_fail += s->hdr_fail;
    st->late_fail += s->packets - s->codes[0] - s->hdr_fail;
    st->bursts += mdd_hostmem_bursts(e->hm);
    st->bytes_checked += s->bytes_checked;
    st->events += s->events;
    st->segs += s->segs;
    st->reads_checked += s->reads_checked;
    st->flushed_taken += s->flushed_taken;
    st->passed += mdd_depscore_passed(e->sc) + mdd_hostmem_bursts(e->hm);
    st->failed += mdd_depscore_failed(e->sc) + mdd_hostmem_failures(e->hm);
    st->violations += mdd_hostmem_violations(e->hm);
    for (unsigned k = MDD_DEPTRAF_VALID + 1; k < MDD_DEPTRAF_KINDS; k++)
        st->adv_sent += mdd_deptraf_count(e->traf, k);
}

/* Software reads what host memory shows of ring r and hands the slots back (only when the head moves). */
static void heads(struct mdd_depenv *e, bool cq, unsigned r)
{
    uint32_t *h = cq ? &e->cq_head[r] : &e->rhq_head[r];
    const uint32_t v = cq ? mdd_deptraf_sw_cq_tail(e->traf, e->hm, r, *h) : mdd_deptraf_sw_rhq_tail(e->traf, e->hm, r);
    if (v == *h)
        return;
    *h = v;
    struct mdd_deptraf_reg regs[2];
    mdd_deptraf_head_regs(cq, r, v, regs);
    mdd_depaxil_write(e->ax, regs[0].addr, regs[0].data);
    mdd_depaxil_write(e->ax, regs[1].addr, regs[1].data);
}

/* Register reads the scoreboard can predict while the engine is quiet: counters, one table entry read back. */
static void reads(struct mdd_depenv *e)
{
    static const uint32_t regs[] = {MDD_DEPREG_ID, MDD_DEPREG_ERR_CQ, MDD_DEPREG_PKTS, MDD_DEPREG_PKTS_OK,
                                    MDD_DEPREG_PKTS_ERR, MDD_DEPREG_CQES, MDD_DEPREG_EVENTS, MDD_DEPREG_BYTES_LO,
                                    MDD_DEPREG_BYTES_HI};
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (mdd_rng_chance(&e->g, 50)) {
            mdd_depaxil_read(e->ax, regs[i]);
            e->reads_out++;
        }
    mdd_depaxil_read(e->ax, MDD_DEPREG_ERR_COUNT + 4 * (uint32_t)mdd_rng_below(&e->g, MDD_DEP_ERR_CODES));
    e->reads_out++;
    const unsigned sel = (unsigned)mdd_rng_below(&e->g, 5);
    const mdd_dep_params *p = &e->cfg.p;
    const unsigned size = sel == 0 ? p->conns : sel == 1 ? p->regions : sel == 2 ? p->aregs : sel == 3 ? p->rhqs : p->cqs;
    mdd_depaxil_write(e->ax, MDD_DEPREG_TBL_SEL, sel);
    mdd_depaxil_write(e->ax, MDD_DEPREG_TBL_IDX, (uint32_t)mdd_rng_below(&e->g, size < 16 ? size : 16));
    mdd_depaxil_write(e->ax, MDD_DEPREG_TBL_CMD, MDD_DEPREG_CMD_READ);
    for (unsigned i = 0; i < 8; i++) {
        mdd_depaxil_read(e->ax, MDD_DEPREG_TBL_DATA0 + 4 * i);
        e->reads_out++;
    }
}

/* Behind a packet that fails late, at once, a valid packet seen earlier on the same connection: its header is
 * checked while the failing packet is still open, so it ends FLUSHED, or CONN_EXCEPTION if the failure is known
 * first (the scoreboard accepts either, by what the engine writes). It commits nothing either way, so the
 * generator's shadow stays right. */
static void replay(struct mdd_depenv *e)
{
    const struct mdd_deptraf_item *it = &e->it;
    if (it->len < 32)
        return;
    const unsigned conn = (unsigned)(it->data[2] << 8 | it->data[3]);
    if (conn >= 64)
        return;
    switch (it->kind) {
    case MDD_DEPTRAF_VALID:
        if (it->len <= 4096 && !it->keep && !it->tuser && !it->msg_seg) { /* a message's segments are its own */
            free(e->last_valid[conn]);
            e->last_valid[conn] = malloc(it->len);
            if (!e->last_valid[conn])
                abort();
            memcpy(e->last_valid[conn], it->data, it->len);
            e->last_len[conn] = it->len;
        }
        return;
    case MDD_DEPTRAF_SHORT: case MDD_DEPTRAF_KEEP: case MDD_DEPTRAF_LONG: case MDD_DEPTRAF_PCRC_BAD:
    case MDD_DEPTRAF_UPSTREAM: case MDD_DEPTRAF_AXI:
        if (e->last_valid[conn] && mdd_rng_chance(&e->g, 60)) {
            mdd_depstream_push(e->st, e->last_valid[conn], e->last_len[conn], NULL, false);
            e->tot.replays++;
        }
        return;
    default: return;
    }
}

static void stimulus(struct mdd_depenv *e, uint64_t cycle)
{
    const bool quiet = mdd_depscore_quiet(e->sc) && !e->ext_busy;
    if (quiet && !e->was_quiet)
        e->quiet_since = cycle;
    e->was_quiet = quiet;
    switch (e->phase) {
    case P_POLL:
        if (!e->poll_out && mdd_depaxil_idle(e->ax)) {
            mdd_depaxil_read(e->ax, MDD_DEPREG_STATUS);
            e->poll_out = true;
        }
        return;
    case P_SETTLE:
        if (!mdd_depstream_idle(e->st))
            e->settle_at = cycle + SETTLE_CYCLES;
        else if (cycle >= e->settle_at && quiet) {
            size_t n;
            const struct mdd_deptraf_reg *r = mdd_deptraf_init_regs(e->traf, &n);
            for (size_t i = 0; i < n; i++)
                mdd_depaxil_write(e->ax, r[i].addr, r[i].data);
            e->phase = P_PROG;
        }
        return;
    case P_PROG:
        if (mdd_depaxil_idle(e->ax))
            e->phase = P_RUN;
        return;
    default: break;
    }
    if (!e->have && !e->stopped && mdd_depaxil_idle(e->ax)) {
        if (!e->msg || !mdd_depmsg_next(e->msg, e->traf, &e->it))
            mdd_deptraf_next(e->traf, &e->it);
        e->have = true;
    }
    if (!mdd_depstream_idle(e->st))
        e->gap_until = cycle + 1 + e->cfg.gap;
    if (e->have && !e->it.is_sw && mdd_depstream_idle(e->st) && !e->reads_out && !e->want_reads &&
        cycle >= e->gap_until) {
        mdd_depstream_push(e->st, e->it.data, e->it.len, e->it.keep, e->it.tuser);
        e->have = false;
        e->gap_until = cycle + 1 + e->cfg.gap; /* a one-beat packet leaves the driver in this very cycle */
        replay(e);
    } else if (e->have && e->it.is_sw &&
               (e->it.sw == MDD_DEPTRAF_SW_RHQ_HEAD || e->it.sw == MDD_DEPTRAF_SW_CQ_HEAD)) {
        heads(e, e->it.sw == MDD_DEPTRAF_SW_CQ_HEAD, e->it.idx); /* doorbells need no quiet engine */
        e->have = false;
    } else if (e->have && e->it.is_sw && mdd_depstream_idle(e->st) && quiet && mdd_depaxil_idle(e->ax)) {
        for (size_t i = 0; i < e->it.nregs; i++)
            mdd_depaxil_write(e->ax, e->it.regs[i].addr, e->it.regs[i].data);
        e->have = false;
        e->quiet_writes = true;
        e->want_reads = mdd_rng_chance(&e->g, 30);
    }
    if (e->want_reads && quiet && cycle - e->quiet_since >= QUIET_READ_CYCLES && mdd_depstream_idle(e->st) &&
        mdd_depaxil_idle(e->ax)) {
        reads(e);
        e->quiet_writes = true;
        e->want_reads = false;
    }
    if (e->quiet_writes && mdd_depaxil_idle(e->ax))
        e->quiet_writes = false;
    if (cycle >= e->next_heads && mdd_depaxil_idle(e->ax)) {
        for (unsigned q = 0; q < e->cfg.p.rhqs; q++)
            heads(e, false, q);
        for (unsigned q = 0; q < e->cfg.p.cqs; q++)
            heads(e, true, q);
        e->next_heads = cycle + 1 + mdd_rng_below(&e->g, e->cfg.head_period);
    }
    if (e->cfg.status_poll && !e->stopped && cycle >= e->next_status && mdd_depaxil_idle(e->ax)) {
        mdd_depaxil_read(e->ax, MDD_DEPREG_STATUS); /* rhq_full / cq_full while rings fill and drain */
        e->next_status = cycle + e->cfg.status_poll;
    }
}

void mdd_depenv_drive(struct mdd_depenv *e, mdd_dep_in *in, uint64_t cycle)
{
    memset(in, 0, sizeof *in);
    if (!e->rst_left && !e->stopped && e->cfg.rst_ppm && mdd_rng_below(&e->g, 1000000) < e->cfg.rst_ppm)
        e->rst_left = 1 + (unsigned)mdd_rng_below(&e->g, 3);
    if (e->rst_left) {
        e->rst_left--;
        in->rst = true;
        return;
    }
    stimulus(e, cycle);
    mdd_depstream_drive(e->st, in);
    mdd_depaxil_drive(e->ax, in);
    mdd_hostmem_axi_drive(e->hm, in);
    in->m_axis_evt_tready = mdd_rng_chance(&e->g, e->cfg.evt_ready_pct);
    in->m_axis_seg_tready = mdd_rng_chance(&e->g, e->cfg.seg_ready_pct);
}

/* sc_in, sc_out: what the scoreboard sees (the engine's own input when something sits before it); in, out: the
 * ports the environment drives */
static void tick_views(struct mdd_depenv *e, const mdd_dep_in *in, const mdd_dep_out *out, const mdd_dep_in *sc_in,
                       const mdd_dep_out *sc_out, uint64_t cycle)
{
    if (in->rst) {
        if (!e->in_reset) { /* a new epoch: everything in flight is lost on both sides */
            e->in_reset = true;
            struct mdd_depref *prev = mdd_depref_clone(mdd_depscore_ref(e->sc)); /* fields a reset keeps */
            epoch_close(e);
            e->tot.resets++;
            if (!prev || !epoch_open(e))
                abort();
            mdd_depscore_carry(e->sc, prev);
            mdd_depref_free(prev);
            if (e->msg)
                mdd_depmsg_reset(e->msg);
        }
        return;
    }
    e->in_reset = false;
    mdd_hostmem_axi_tick(e->hm, in, out, cycle);
    mdd_depscore_cycle(e->sc, sc_in, sc_out, cycle);
    mdd_depstream_tick(e->st, in, out);
    mdd_depaxil_tick(e->ax, in, out);
    uint32_t a, d, r;
    while (mdd_depaxil_pop_read(e->ax, &a, &d, &r)) {
        if (r) {
            char msg[80];
            snprintf(msg, sizeof msg, "read 0x%03x answered rresp != OKAY", a);
            fwd(e, "axil", msg);
        }
        if (e->phase == P_POLL && a == MDD_DEPREG_STATUS) {
            e->poll_out = false;
            if (!(d & 1)) { /* init_busy clear: the sweep is over */
                e->phase = P_SETTLE;
                e->settle_at = cycle + SETTLE_CYCLES;
            }
        } else if (e->reads_out) {
            e->reads_out--;
        }
    }
}

void mdd_depenv_tick(struct mdd_depenv *e, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    tick_views(e, in, out, in, out, cycle);
}

void mdd_depenv_drive_msg(struct mdd_depenv *e, mdd_dep_msg_in *in, uint64_t cycle)
{
    mdd_depenv_drive(e, &in->dep, cycle);
    memset(in->s_axis_cmb_tdata, 0, sizeof in->s_axis_cmb_tdata);
    in->s_axis_cmb_tvalid = in->m_axis_cmb_res_tready = false;
    if (!in->dep.rst)
        mdd_depmsg_drive(e->msg, in->s_axis_cmb_tdata, &in->s_axis_cmb_tvalid, &in->m_axis_cmb_res_tready);
}

void mdd_depenv_tick_msg_at(struct mdd_depenv *e, const mdd_dep_msg_in *in, const mdd_dep_msg_out *out,
                            const struct mdd_depenv_stream *engine, uint64_t cycle)
{
    mdd_dep_in din = in->dep;
    din.m_axis_seg_tready = out->seg_tready; /* the engine's SEG records go wherever the arbiter takes them */
    mdd_dep_in sin = din;
    mdd_dep_out sout = out->dep;
    if (engine) {
        memcpy(sin.s_axis_dep_tdata, engine->tdata, sizeof sin.s_axis_dep_tdata);
        sin.s_axis_dep_tkeep = engine->tkeep;
        sin.s_axis_dep_tvalid = engine->tvalid;
        sin.s_axis_dep_tlast = engine->tlast;
        sin.s_axis_dep_tuser = engine->tuser;
        sout.s_axis_dep_tready = engine->tready;
    }
    tick_views(e, &din, &out->dep, &sin, &sout, cycle);
    if (in->dep.rst)
        return;
    const bool dep_quiet = !e->have && mdd_depstream_idle(e->st) && mdd_depscore_quiet(e->sc);
    mdd_depmsg_tick(e->msg, out->dep.m_axis_seg_tvalid && out->seg_tready, out->dep.m_axis_seg_tdata,
                    in->s_axis_cmb_tdata, in->s_axis_cmb_tvalid, out->s_axis_cmb_tready, out->m_axis_cmb_res_tdata,
                    out->m_axis_cmb_res_tvalid, in->m_axis_cmb_res_tready, dep_quiet, cycle);
}

void mdd_depenv_tick_msg(struct mdd_depenv *e, const mdd_dep_msg_in *in, const mdd_dep_msg_out *out, uint64_t cycle)
{
    mdd_depenv_tick_msg_at(e, in, out, NULL, cycle);
}

void mdd_depenv_get_msg_stats(const struct mdd_depenv *e, struct mdd_depmsg_stats *st)
{
    memset(st, 0, sizeof *st);
    if (e->msg)
        mdd_depmsg_get_stats(e->msg, st);
}

/* SPDX-License-Identifier: MIT */
/*
 * The record arbiter's C twin (model/mdd_axis_arb_model.c, twin of rtl/mdd_axis_arb.v) alone, suite
 * "axis-arb-model": the checks of the Icarus bench (tb/icarus/tb_mdd_axis_arb.v) on the twin, plus every output
 * every cycle against a small reference written here.
 *
 * Stimulus (seeded splitmix64): each input is a producer of records whose word 0 holds seq[15:0] (its records
 * since the last reset), input[18:16] and epoch[22:19] (resets so far), the rest random, including the bits above
 * DATA_W, which the twin must drop. A producer raises tvalid at random and holds tvalid and tdata until the
 * handshake. Each 512-cycle phase draws per-input loads (idle to saturated, sometimes all saturated) and an
 * m_tready pattern; resets of one to three cycles come at random with tvalid still random; a reset restarts the
 * producers; the last cycles drain (no new records, m_tready 1).
 *
 * Checks (the test keeps the output register it expects, the last winner and each input's next seq):
 *   ref    s_tready (all MDD_AXIS_ARB_MAX_N), m_tvalid and m_tdata (all words) equal the reference's every cycle.
 *          The reference is a queue of the inputs in priority order (the one after the last winner first): the
 *          grant is the first valid one in the queue, and the inputs up to the winner go to the back; the output
 *          register is a queue of at most one record; a reset empties it and restores the order 1, 2, ..., 0.
 *   out    m_tvalid is 1 exactly when an accepted record has not been taken out, and m_tdata is that record
 *          (DATA_W bits, the rest 0): nothing lost, duplicated or invented; a reset drops the record in the
 *          register and a handshake made in the reset cycle
 *   order  each record taken out is the next one of its input (input below N, this epoch, the expected seq)
 *   onehot s_tready is one-hot or zero, never 1 for an input that is not valid or at or above N
 *   tput   register empty or m_tready 1 and some input valid: one record accepted (no bubble)
 *   fair   while input i holds tvalid, at most N - 1 records of others are accepted
 *   flip   eval again with each input's own tvalid flipped in turn: s_tready is the round-robin rule's for the
 *          flipped inputs (input i ready iff the register can load, i valid and no valid input cyclically between
 *          the last winner and i), m_tvalid/m_tdata unchanged. s_tready[i] is tvalid[i] AND a function of the
 *          others: a one-hot s_tready without bubbles cannot be independent of the input's own tvalid.
 *   end    after the drain every record accepted since the last reset came out; coverage: records out, resets
 *          that dropped a record, handshakes in reset cycles, the longest wait reaching N - 1
 * Then faults put into the twin (fixed priority, a record lost, a data bit flipped) must each be reported by the
 * property checks and by the reference, and init must reject N 0 and 9, DATA_W 0 and 513.
 *
 * Usage: test_axis_arb [SCALE [SEED]] (SCALE multiplies the cycles, default 1). Last line
 * "axis-arb-model: P passed, F failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mdd_axis_arb_model.h"
#include "test_util.h"

#define MAXN MDD_AXIS_ARB_MAX_N
#define WORDS MDD_AXIS_ARB_MAX_WORDS
#define DRAIN 64

/* ---- the reference: queues ---- */

struct ref {
    unsigned n, data_w;
    unsigned order[MAXN]; /* inputs by priority, highest first */
    unsigned held;        /* records in the output register: 0 or 1 */
    uint64_t reg[WORDS];  /* its record (kept after it leaves, as the RTL keeps m_tdata) */
};

static void ref_restart(struct ref *r)
{
    for (unsigned k = 0; k < r->n; k++)
        r->order[k] = (k + 1) % r->n;
    r->held = 0;
}

static void ref_init(struct ref *r, unsigned n, unsigned data_w)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->data_w = data_w;
    ref_restart(r);
}

static void mask_words(uint64_t *dst, const uint64_t *src, unsigned data_w)
{
    for (unsigned k = 0; k < WORDS; k++) {
        const unsigned bits = data_w > 64 * k ? data_w - 64 * k : 0;
        dst[k] = bits >= 64 ? src[k] : bits ? src[k] & ((1ull << bits) - 1) : 0;
    }
}

/* position in the queue of the first valid input, or -1 */
static int ref_pick(const struct ref *r, const mdd_axis_arb_in *in)
{
    for (unsigned p = 0; p < r->n; p++)
        if (in->s_tvalid[r->order[p]])
            return (int)p;
    return -1;
}

static void ref_eval(const struct ref *r, const mdd_axis_arb_in *in, mdd_axis_arb_out *out)
{
    memset(out, 0, sizeof *out);
    const int p = ref_pick(r, in);
    if (p >= 0 && (r->held == 0 || in->m_tready))
        out->s_tready[r->order[p]] = true;
    out->m_tvalid = r->held == 1;
    memcpy(out->m_tdata, r->reg, sizeof r->reg);
}

static void ref_tick(struct ref *r, const mdd_axis_arb_in *in)
{
    const bool pop = r->held == 1 && in->m_tready;
    const int p = ref_pick(r, in);
    if (pop)
        r->held = 0;
    if (r->held == 0 && p >= 0) {
        const unsigned g = r->order[p];
        mask_words(r->reg, in->s_tdata[g], r->data_w);
        r->held = 1;
        unsigned rot[MAXN]; /* the inputs up to the winner go to the back */
        for (unsigned k = 0; k < r->n; k++)
            rot[k] = r->order[(k + (unsigned)p + 1) % r->n];
        memcpy(r->order, rot, sizeof rot);
    }
    if (in->rst)
        ref_restart(r);
}

/* ---- the run ---- */

enum { K_REF, K_PROP, K_KINDS };
enum { MUT_NONE, MUT_FIXED_PRIO, MUT_LOSE, MUT_DATA, MUT_COUNT };
static const char *const mut_name[] = {"", "fixed priority (pointer held at 0)", "a record lost from the register",
                                       "a bit of m_tdata flipped"};

struct run {
    unsigned n, data_w, mut;
    bool quiet;
    uint64_t cyc;
    uint64_t fails[K_KINDS];
    uint64_t rng;
    /* producers */
    unsigned pseq[MAXN], prob[MAXN], epoch, rdy_mode;
    /* the expected output register, the last winner, the next seq due per input, the waits */
    bool sb_v;
    uint64_t sb_data[WORDS];
    unsigned blast, exp_seq[MAXN], waitc[MAXN];
    /* coverage */
    uint64_t n_out, n_rst, n_rst_drop, n_rst_hs, n_tput;
    unsigned max_wait;
};

static uint64_t r_rnd(struct run *r)
{
    uint64_t z = (r->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned r_below(struct run *r, unsigned n) { return (unsigned)(r_rnd(r) % n); }

static bool expect(struct run *r, int kind, bool ok, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool expect(struct run *r, int kind, bool ok, const char *fmt, ...)
{
    if (ok) {
        if (!r->quiet)
            check(true, "-");
        return true;
    }
    r->fails[kind]++;
    if (!r->quiet) {
        char buf[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        check(false, "cycle %" PRIu64 ": %s", r->cyc, buf);
    }
    return false;
}

/* the round-robin rule: input i ready iff ld, i valid and no valid input from last + 1 to i - 1 cyclically */
static void ready_rule(const struct run *r, const bool *v, bool ld, bool *rdy)
{
    bool clear = true;
    memset(rdy, 0, MAXN * sizeof *rdy);
    for (unsigned s = 1; s <= r->n; s++) {
        const unsigned q = (r->blast + s) % r->n;
        rdy[q] = ld && v[q] && clear;
        if (v[q])
            clear = false;
    }
}

static void bits_str(char *s, const bool *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        s[i] = v[n - 1 - i] ? '1' : '0';
    s[n] = 0;
}

static void new_record(struct run *r, mdd_axis_arb_in *in, unsigned p)
{
    for (unsigned k = 0; k < WORDS; k++)
        in->s_tdata[p][k] = r_rnd(r);
    uint64_t *w = &in->s_tdata[p][0];
    *w = (*w & ~(uint64_t)0x7FFFFF) | (r->pseq[p] & 0xFFFF) | (uint64_t)p << 16 | (uint64_t)(r->epoch & 15) << 19;
}

static void new_phase(struct run *r)
{
    static const unsigned probs[] = {0, 10, 50, 90, 100};
    const bool all = r_below(r, 4) == 0;
    for (unsigned i = 0; i < r->n; i++)
        r->prob[i] = all ? 100 : probs[r_below(r, 5)];
    r->rdy_mode = r_below(r, 4);
}

static unsigned count(const bool *v, unsigned n)
{
    unsigned c = 0;
    for (unsigned i = 0; i < n; i++)
        c += v[i];
    return c;
}

/* Runs one configuration; returns false if init refused it. With quiet, failures are only counted in r->fails. */
static bool run_one(struct run *r, unsigned n, unsigned data_w, uint64_t cycles, uint64_t seed, unsigned mut,
                    bool quiet)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->data_w = data_w;
    r->mut = mut;
    r->quiet = quiet;
    r->rng = seed;
    mdd_axis_arb_model m;
    struct ref ref;
    if (!mdd_axis_arb_init(&m, n, data_w))
        return false;
    ref_init(&ref, n, data_w); /* the RTL's time-0 state equals its reset state but for m_tdata, 0 in both */
    mdd_axis_arb_in in;
    memset(&in, 0, sizeof in);
    unsigned rst_left = 0;
    bool draining = false;
    new_phase(r);
    char s1[MAXN + 1], s2[MAXN + 1], s3[MAXN + 1];

    for (r->cyc = 0; r->cyc < cycles + DRAIN; r->cyc++) {
        if (r->cyc % 512 == 0 && r->cyc > 0)
            new_phase(r);
        if (r->cyc == cycles)
            draining = true;

        mdd_axis_arb_out out0, out, rout;
        mdd_axis_arb_eval(&m, &in, &out0);
        ref_eval(&ref, &in, &rout);
        out = out0;
        if (mut == MUT_DATA && out.m_tvalid && r_below(r, 200) == 0)
            out.m_tdata[0] ^= 1ull << 5;

        /* ref: every output */
        bits_str(s1, out.s_tready, MAXN);
        bits_str(s2, rout.s_tready, MAXN);
        expect(r, K_REF, memcmp(out.s_tready, rout.s_tready, sizeof out.s_tready) == 0,
               "ref: s_tready %s, reference %s", s1, s2);
        expect(r, K_REF, out.m_tvalid == rout.m_tvalid, "ref: m_tvalid %d, reference %d", out.m_tvalid,
               rout.m_tvalid);
        for (unsigned k = 0; k < WORDS; k++)
            expect(r, K_REF, out.m_tdata[k] == rout.m_tdata[k], "ref: m_tdata word %u %016" PRIx64
                   ", reference %016" PRIx64, k, out.m_tdata[k], rout.m_tdata[k]);

        const bool load = !r->sb_v || in.m_tready;
        bool hs[MAXN] = {false};
        int win = -1;
        for (unsigned i = 0; i < n; i++) {
            hs[i] = in.s_tvalid[i] && out.s_tready[i];
            if (hs[i])
                win = (int)i;
        }
        const bool out_hs = out.m_tvalid && in.m_tready;

        /* out */
        bool same = out.m_tvalid == r->sb_v;
        if (r->sb_v)
            same = same && memcmp(out.m_tdata, r->sb_data, sizeof r->sb_data) == 0;
        expect(r, K_PROP, same, "out: expected m_tvalid %d word 0 %016" PRIx64 ", got %d %016" PRIx64, r->sb_v,
               r->sb_data[0], out.m_tvalid, out.m_tdata[0]);

        /* order */
        if (out_hs) {
            const uint64_t w = out.m_tdata[0];
            const unsigned j = (unsigned)(w >> 16) & 7;
            expect(r, K_PROP,
                   j < n && ((w >> 19) & 15) == (r->epoch & 15) && (w & 0xFFFF) == (r->exp_seq[j < n ? j : 0] & 0xFFFF),
                   "order: record out is input %u epoch %u seq %u, expected epoch %u seq %u of it", j,
                   (unsigned)(w >> 19) & 15, (unsigned)w & 0xFFFF, r->epoch & 15, j < n ? r->exp_seq[j] : 0);
            if (j < n)
                r->exp_seq[j]++;
            r->n_out++;
        }

        /* onehot */
        bool stray = false;
        for (unsigned i = 0; i < MAXN; i++)
            if (out.s_tready[i] && (i >= n || !in.s_tvalid[i]))
                stray = true;
        expect(r, K_PROP, count(out.s_tready, MAXN) <= 1 && !stray, "onehot: s_tready %s, s_tvalid %s", s1,
               (bits_str(s3, in.s_tvalid, MAXN), s3));

        /* tput */
        const unsigned nvalid = count(in.s_tvalid, n);
        if (load && nvalid > 0) {
            expect(r, K_PROP, count(hs, n) == 1, "tput: register %s (m_tready %d), %u inputs valid, no handshake",
                   r->sb_v ? "being emptied" : "empty", in.m_tready, nvalid);
            if (in.m_tready && nvalid > 1)
                r->n_tput++;
        }

        /* fair */
        if (!in.rst && win >= 0) {
            for (unsigned i = 0; i < n; i++) {
                if (!in.s_tvalid[i] || (int)i == win)
                    continue;
                if (++r->waitc[i] > r->max_wait)
                    r->max_wait = r->waitc[i];
                expect(r, K_PROP, r->waitc[i] <= n - 1,
                       "fair: input %u valid, input %d accepted: %u records of others while it waits, at most %u",
                       i, win, r->waitc[i], n - 1);
            }
        }

        /* flip: each input's own tvalid in turn */
        for (unsigned k = 0; k < n; k++) {
            mdd_axis_arb_in in2 = in;
            in2.s_tvalid[k] = !in2.s_tvalid[k];
            mdd_axis_arb_out out2;
            mdd_axis_arb_eval(&m, &in2, &out2);
            bool rule[MAXN];
            ready_rule(r, in2.s_tvalid, load, rule);
            bits_str(s1, out2.s_tready, MAXN);
            bits_str(s2, rule, MAXN);
            bits_str(s3, in2.s_tvalid, MAXN);
            expect(r, K_PROP,
                   memcmp(out2.s_tready, rule, sizeof rule) == 0 && out2.m_tvalid == out0.m_tvalid &&
                       memcmp(out2.m_tdata, out0.m_tdata, sizeof out2.m_tdata) == 0,
                   "flip: tvalid of input %u flipped (s_tvalid %s, last winner %u): s_tready %s, expected %s", k, s3,
                   r->blast, s1, s2);
        }

        /* the clock edge */
        mdd_axis_arb_tick(&m, &in);
        ref_tick(&ref, &in);
        if (mut == MUT_FIXED_PRIO)
            m.last = 0;
        if (mut == MUT_LOSE && m.m_tvalid && r_below(r, 500) == 0)
            m.m_tvalid = false;

        /* the test's state after the edge */
        if (in.rst) {
            r->n_rst++;
            if (r->sb_v && !out_hs)
                r->n_rst_drop++;
            if (win >= 0)
                r->n_rst_hs++;
            r->sb_v = false;
            r->blast = 0;
            r->epoch++;
            for (unsigned i = 0; i < n; i++) {
                r->pseq[i] = r->exp_seq[i] = r->waitc[i] = 0;
                in.s_tvalid[i] = false;
            }
        } else {
            if (load) {
                r->sb_v = win >= 0;
                if (win >= 0) {
                    mask_words(r->sb_data, in.s_tdata[win], data_w);
                    r->blast = (unsigned)win;
                }
            }
            for (unsigned i = 0; i < n; i++) {
                if (hs[i]) {
                    r->pseq[i]++;
                    r->waitc[i] = 0;
                    in.s_tvalid[i] = false;
                }
            }
        }
        for (unsigned i = 0; i < n; i++) {
            if (!in.s_tvalid[i] && !draining && r_below(r, 100) < r->prob[i]) {
                new_record(r, &in, i);
                in.s_tvalid[i] = true;
            }
        }
        if (draining) {
            in.m_tready = true;
        } else {
            static const unsigned pct[] = {100, 90, 50, 10};
            in.m_tready = r_below(r, 100) < pct[r->rdy_mode];
        }
        if (rst_left > 0) {
            in.rst = true;
            rst_left--;
        } else if (!draining && r_below(r, 1000) < 2) {
            in.rst = true;
            rst_left = r_below(r, 3);
        } else {
            in.rst = false;
        }
    }

    /* end */
    mdd_axis_arb_out out;
    mdd_axis_arb_eval(&m, &in, &out);
    expect(r, K_PROP, !out.m_tvalid && !r->sb_v && count(in.s_tvalid, n) == 0, "end: not drained (m_tvalid %d)",
           out.m_tvalid);
    for (unsigned i = 0; i < n; i++)
        expect(r, K_PROP, r->exp_seq[i] == r->pseq[i],
               "end: input %u had %u records accepted since the last reset, %u came out", i, r->pseq[i],
               r->exp_seq[i]);
    return true;
}

static void run_cfg(unsigned n, unsigned data_w, uint64_t cycles, uint64_t seed)
{
    struct run r;
    label("N=%u DATA_W=%u seed %" PRIu64, n, data_w, seed);
    const clock_t t0 = clock();
    if (!check(run_one(&r, n, data_w, cycles, seed, MUT_NONE, false), "init refused"))
        return;
    const double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("N=%u DATA_W=%u: %" PRIu64 " cycles (%.2f M cycles/s), %" PRIu64 " records out, %" PRIu64
           " cycles at full rate with several inputs valid, %" PRIu64 " resets (%" PRIu64
           " dropped a record in the register, %" PRIu64 " had a handshake), longest wait %u records\n",
           n, data_w, r.cyc, secs > 0 ? r.cyc / secs / 1e6 : 0.0, r.n_out, r.n_tput, r.n_rst, r.n_rst_drop,
           r.n_rst_hs, r.max_wait);
    check(r.n_out >= cycles / 8 && r.n_rst >= 3 && r.n_rst_drop >= 1 && r.n_rst_hs >= 1 &&
              (n == 1 || r.n_tput >= 100) && r.max_wait == n - 1,
          "coverage: too little of something above (longest wait must be %u)", n - 1);
}

static void run_mut(unsigned n, unsigned data_w, uint64_t seed, unsigned mut)
{
    struct run r;
    label("N=%u DATA_W=%u, fault: %s", n, data_w, mut_name[mut]);
    run_one(&r, n, data_w, 20000, seed, mut, true);
    printf("fault \"%s\" at N=%u: %" PRIu64 " property and %" PRIu64 " reference failures\n", mut_name[mut], n,
           r.fails[K_PROP], r.fails[K_REF]);
    check(r.fails[K_PROP] > 0, "the property checks missed it");
    check(r.fails[K_REF] > 0, "the reference missed it");
}

int main(int argc, char **argv)
{
    const double scale = argc > 1 ? atof(argv[1]) : 1.0;
    const uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    const uint64_t cycles = (uint64_t)(scale * 300000);

    mdd_axis_arb_model m;
    label("init");
    check(!mdd_axis_arb_init(&m, 0, 40), "N 0 accepted");
    check(!mdd_axis_arb_init(&m, 9, 40), "N 9 accepted");
    check(!mdd_axis_arb_init(&m, 2, 0), "DATA_W 0 accepted");
    check(!mdd_axis_arb_init(&m, 2, 64 * WORDS + 1), "DATA_W 513 accepted");
    check(mdd_axis_arb_init(&m, 8, 64 * WORDS), "N 8 DATA_W 512 refused");

    static const unsigned cfgs[][2] = {{1, 40}, {2, 256}, {3, 40}, {3, 97}, {8, 40}, {8, 512}};
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++)
        run_cfg(cfgs[i][0], cfgs[i][1], cycles, seed + i);
    for (unsigned mut = MUT_FIXED_PRIO; mut < MUT_COUNT; mut++)
        run_mut(3, 40, seed + 100 + mut, mut);

    printf("axis-arb-model: %lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_cmbtraf.c - the combiner's stimulus generator (see mdd_cmbtraf.h).
 *
 * A message is planned whole when it starts: bytes, cut points, segment CRCs (mdd_crc of the bytes), the list
 * of its records in the order they will go out (OPEN, the segments in a random order, CLOSE or ABORT) with the
 * injected records inserted at their places. Afterwards each call to mdd_cmbtraf_next() takes the next record
 * of a random message in flight (or of the previous one, for bursts) or makes a standalone bad record.
 *
 * Where injections go, so that every implied code is right and no context is left open:
 *  - FORMAT, ZERO_LEN, ADDR_RANGE, PAST_END and REOPEN ("benign": refused while the message is open, no
 *    effect but REJECTED) go after the OPEN and before the record that ends the message when nothing goes
 *    wrong (its last SEG with L, else CLOSE/ABORT);
 *  - DUP goes after the segment it copies and before the final CLOSE/ABORT; OVERLAP anywhere between the OPEN
 *    and the final CLOSE/ABORT; a message with L and a DUP, OVERLAP or REOPEN also gets a final ("trailing")
 *    CLOSE: the combiner may have ended it early, or never reach L (an OPEN refused with TABLE_FULL and the
 *    second one accepted), as does one with a HOLE;
 *  - a HOLE is an interior segment when the message has no L (a missing first or last segment would leave a
 *    shorter message that is exactly tiled, which is not the point).
 */
#include "mdd_cmbtraf.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_rng.h"

static bool chance_pm(struct mdd_rng *g, unsigned pm) { return mdd_rng_below(g, 1000) < pm; }

/* A planned record and its side record. */
struct prec {
    uint64_t w[MDD_CMB_REC_WORDS];
    struct mdd_cmbtraf_info info;
};

/* A message in flight: its truth and the records still to go. */
struct flight {
    struct mdd_cmbtraf_msg *m;
    struct prec *recs;
    size_t n, cap, pos;
};

struct mdd_cmbtraf {
    struct mdd_cmbtraf_cfg cfg;
    struct mdd_rng g;
    uint64_t addr_max, id_space, crc_mask;
    unsigned crc_w;
    /* messages in flight */
    struct flight *fl;
    size_t n_fl, cap_fl;
    struct mdd_cmbtraf_msg *last; /* the message of the previous record (bursts) */
    unsigned target;              /* messages in flight wanted now */
    unsigned over_left;           /* message starts left with the raised target */
    bool draining;
    /* finished messages kept for lookups: a ring in the order they ended */
    struct mdd_cmbtraf_msg **done;
    size_t done_head, done_n;
    /* every live message (in flight or kept) by serial, ascending; freed ones have msg NULL until compaction */
    uint64_t *live_serial;
    struct mdd_cmbtraf_msg **live_msg;
    size_t n_live, cap_live, n_dead;
    /* ids of recently ended messages, reused now and then (context freeing is worth testing) */
    uint32_t recent[64];
    unsigned n_recent, recent_head;
    uint64_t serial;
    uint64_t n_msgs, n_segs, n_recs, n_inj[MDD_CMBTRAF_K_COUNT];
    uint8_t *mark; /* scratch: cut-point sampling */
    size_t mark_cap;
};

static const char *const kind_names[MDD_CMBTRAF_K_COUNT] = {
    [MDD_CMBTRAF_K_NONE] = "none",         [MDD_CMBTRAF_K_DUP] = "dup",
    [MDD_CMBTRAF_K_OVERLAP] = "overlap",   [MDD_CMBTRAF_K_PAST_END] = "past_end",
    [MDD_CMBTRAF_K_UNKNOWN_ID] = "unknown_id", [MDD_CMBTRAF_K_ID_RANGE] = "id_range",
    [MDD_CMBTRAF_K_REOPEN] = "reopen",     [MDD_CMBTRAF_K_ZERO_LEN] = "zero_len",
    [MDD_CMBTRAF_K_ADDR_RANGE] = "addr_range", [MDD_CMBTRAF_K_FORMAT] = "format",
    [MDD_CMBTRAF_K_ABORT] = "abort",       [MDD_CMBTRAF_K_HOLE] = "hole",
};

const char *mdd_cmbtraf_kind_name(unsigned kind) { return kind < MDD_CMBTRAF_K_COUNT ? kind_names[kind] : "?"; }

void mdd_cmbtraf_default_cfg(struct mdd_cmbtraf_cfg *c, const mdd_cmb_params *p)
{
    memset(c, 0, sizeof *c);
    c->p = *p;
    c->max_len = 65536;
    c->max_segs = 1000;
    uint64_t ids = p->id_w >= 32 ? ((uint64_t)1 << 32) : ((uint64_t)1 << p->id_w);
    c->inflight = ids - 1 < p->msgs ? (unsigned)(ids - 1) : p->msgs;
    c->over_pct = 3;
    c->burst_pct = 25;
    c->rel_pct = 50;
    c->len_pct = 50;
    c->crc_open_pct = 35;
    c->crc_close_pct = 35;
    c->bad_crc_pct = 10;
    c->crc_reg_pct = 20;
    for (unsigned k = 1; k < MDD_CMBTRAF_K_COUNT; k++)
        c->rate[k] = 20;
    c->rate[MDD_CMBTRAF_K_UNKNOWN_ID] = 5;
    c->rate[MDD_CMBTRAF_K_ID_RANGE] = 5;
    c->keep_done = 4096;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        abort(); /* a generator for tests: out of memory is fatal */
    return q;
}

static void *xcalloc(size_t n, size_t sz)
{
    void *q = calloc(n ? n : 1, sz ? sz : 1);
    if (!q)
        abort();
    return q;
}

struct mdd_cmbtraf *mdd_cmbtraf_new(const struct mdd_cmbtraf_cfg *cfg, uint64_t seed)
{
    const mdd_cmb_params *p = &cfg->p;
    if ((unsigned)p->alg >= MDD_CRC_ALG_COUNT || p->msgs < 2 || p->msgs > MDD_CMB_MAX_MSGS || p->id_w < 1 ||
        p->id_w > 32 || p->addr_w < 32 || p->addr_w > 64 || cfg->max_len < 1 || cfg->max_segs < 1 ||
        cfg->keep_done < 1)
        return NULL;
    struct mdd_cmbtraf *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cfg = *cfg;
    t->g.s = seed ^ 0xC0B1CE5EEDull;
    t->addr_max = p->addr_w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << p->addr_w) - 1;
    t->id_space = (uint64_t)1 << p->id_w;
    t->crc_mask = mdd_crc_mask(p->alg);
    t->crc_w = mdd_crc_params_of(p->alg)->width;
    /* one id always stays free, for NOT_OPEN injections */
    if (t->cfg.inflight < 1)
        t->cfg.inflight = 1;
    if (t->cfg.inflight > t->id_space - 1)
        t->cfg.inflight = (unsigned)(t->id_space - 1);
    t->target = t->cfg.inflight;
    t->done = xcalloc(cfg->keep_done, sizeof *t->done);
    return t;
}

static void msg_free(struct mdd_cmbtraf_msg *m)
{
    if (!m)
        return;
    free(m->bytes);
    free(m->segs);
    free(m->seg_user);
    free(m);
}

void mdd_cmbtraf_free(struct mdd_cmbtraf *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n_live; i++)
        msg_free(t->live_msg[i]);
    for (size_t i = 0; i < t->n_fl; i++)
        free(t->fl[i].recs);
    free(t->fl);
    free(t->done);
    free(t->live_serial);
    free(t->live_msg);
    free(t->mark);
    free(t);
}

void mdd_cmbtraf_drain(struct mdd_cmbtraf *t) { t->draining = true; }

uint64_t mdd_cmbtraf_messages(const struct mdd_cmbtraf *t) { return t->n_msgs; }
uint64_t mdd_cmbtraf_segments(const struct mdd_cmbtraf *t) { return t->n_segs; }
uint64_t mdd_cmbtraf_records(const struct mdd_cmbtraf *t) { return t->n_recs; }
uint64_t mdd_cmbtraf_injected(const struct mdd_cmbtraf *t, unsigned kind)
{
    return kind < MDD_CMBTRAF_K_COUNT ? t->n_inj[kind] : 0;
}
unsigned mdd_cmbtraf_in_flight(const struct mdd_cmbtraf *t) { return (unsigned)t->n_fl; }

/* ------------------------------------------------------------------------------------------------------ */
/* Truth bookkeeping.                                                                                       */

static void live_add(struct mdd_cmbtraf *t, struct mdd_cmbtraf_msg *m)
{
    if (t->n_live == t->cap_live) {
        t->cap_live = t->cap_live ? 2 * t->cap_live : 256;
        t->live_serial = xrealloc(t->live_serial, t->cap_live * sizeof *t->live_serial);
        t->live_msg = xrealloc(t->live_msg, t->cap_live * sizeof *t->live_msg);
    }
    /* serials only grow, so appending keeps the array sorted */
    t->live_serial[t->n_live] = m->serial;
    t->live_msg[t->n_live++] = m;
}

static size_t live_find(const struct mdd_cmbtraf *t, uint64_t serial)
{
    size_t lo = 0, hi = t->n_live;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->live_serial[mid] < serial)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->n_live && t->live_serial[lo] == serial ? lo : (size_t)-1;
}

static void live_drop(struct mdd_cmbtraf *t, struct mdd_cmbtraf_msg *m)
{
    size_t i = live_find(t, m->serial);
    if (i != (size_t)-1) {
        t->live_msg[i] = NULL;
        t->n_dead++;
    }
    msg_free(m);
    if (t->n_dead > 64 && 2 * t->n_dead > t->n_live) {
        size_t k = 0;
        for (size_t j = 0; j < t->n_live; j++)
            if (t->live_msg[j]) {
                t->live_serial[k] = t->live_serial[j];
                t->live_msg[k++] = t->live_msg[j];
            }
        t->n_live = k;
        t->n_dead = 0;
    }
}

struct mdd_cmbtraf_msg *mdd_cmbtraf_lookup(struct mdd_cmbtraf *t, uint64_t serial)
{
    size_t i = live_find(t, serial);
    return i == (size_t)-1 ? NULL : t->live_msg[i];
}

static bool id_in_flight(const struct mdd_cmbtraf *t, uint64_t id)
{
    for (size_t i = 0; i < t->n_fl; i++)
        if (t->fl[i].m->id == id)
            return true;
    return false;
}

/* An id no message in flight uses (there always is one: in flight <= 2^ID_W - 1). */
static uint32_t free_id(struct mdd_cmbtraf *t, bool prefer_recent)
{
    if (prefer_recent && t->n_recent) {
        uint32_t id = t->recent[mdd_rng_below(&t->g, t->n_recent)];
        if (!id_in_flight(t, id))
            return id;
    }
    for (int tries = 0; tries < 32; tries++) {
        uint64_t id = mdd_rng_below(&t->g, t->id_space);
        if (!id_in_flight(t, id))
            return (uint32_t)id;
    }
    uint64_t id = mdd_rng_below(&t->g, t->id_space);
    while (id_in_flight(t, id))
        id = (id + 1) & (t->id_space - 1);
    return (uint32_t)id;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Records.                                                                                                 */

/* The record builders (mdd_cmbtraf.h): every field as given, so that tests can also build malformed records. */
void mdd_cmbrec_seg(uint64_t *w, uint32_t id, uint64_t addr, uint64_t len, uint64_t crc, bool reg)
{
    memset(w, 0, MDD_CMB_REC_WORDS * sizeof w[0]);
    MDD_SET(CMBREC, ID, w, id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_SEG);
    MDD_SET(CMBREC, CRC_REG, w, reg);
    MDD_SET(CMBREC, ADDR, w, addr);
    MDD_SET(CMBREC, SEG_LEN, w, len);
    MDD_SET(CMBREC, CRC, w, crc);
}

void mdd_cmbrec_open(uint64_t *w, uint32_t id, unsigned mode, bool len_valid, uint64_t len, bool crc_valid,
                     uint64_t exp)
{
    memset(w, 0, MDD_CMB_REC_WORDS * sizeof w[0]);
    MDD_SET(CMBREC, ID, w, id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_OPEN);
    MDD_SET(CMBREC, MODE, w, mode);
    MDD_SET(CMBREC, LEN_VALID, w, len_valid);
    MDD_SET(CMBREC, CRC_VALID, w, crc_valid);
    MDD_SET(CMBREC, ADDR, w, len);
    MDD_SET(CMBREC, CRC, w, exp);
}

void mdd_cmbrec_close(uint64_t *w, uint32_t id, bool crc_valid, uint64_t exp)
{
    memset(w, 0, MDD_CMB_REC_WORDS * sizeof w[0]);
    MDD_SET(CMBREC, ID, w, id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_CLOSE);
    MDD_SET(CMBREC, CRC_VALID, w, crc_valid);
    MDD_SET(CMBREC, CRC, w, exp);
}

void mdd_cmbrec_abort(uint64_t *w, uint32_t id)
{
    memset(w, 0, MDD_CMB_REC_WORDS * sizeof w[0]);
    MDD_SET(CMBREC, ID, w, id);
    MDD_SET(CMBREC, OP, w, MDD_CMB_OP_ABORT);
}

/* The generator's legitimate records: a length or CRC only where its valid bit says so. */
static void rec_open(uint64_t *w, uint32_t id, unsigned mode, bool len_valid, uint64_t len, bool crc_valid,
                     uint64_t exp)
{
    mdd_cmbrec_open(w, id, mode, len_valid, len_valid ? len : 0, crc_valid, crc_valid ? exp : 0);
}

static void rec_close(uint64_t *w, uint32_t id, bool crc_valid, uint64_t exp)
{
    mdd_cmbrec_close(w, id, crc_valid, crc_valid ? exp : 0);
}

/* A segment CRC as sent: the value, or the register (value ^ xorout) with CRC_REG. */
static uint64_t crc_as_sent(const struct mdd_cmbtraf *t, uint64_t value, bool reg)
{
    return reg ? mdd_crc_value_to_reg(mdd_crc_params_of(t->cfg.p.alg), value) : value;
}

/*
 * Section 2's "-" bits, per op, as a table of the four W0 flag fields an op defines (the rest of W0 above
 * CRC_REG is reserved for every op), whether W1 and W2[31:0] are defined, and W3 up to the CRC width.
 * Picks one bit that must be 0 in w (a legitimate record), uniformly by word first so W0-W3 all get tested.
 */
static void reserved_bit(struct mdd_cmbtraf *t, const uint64_t *w, unsigned *word, unsigned *bit)
{
    const unsigned op = (unsigned)MDD_GET(CMBREC, OP, w);
    const bool lv = MDD_GET(CMBREC, LEN_VALID, w) != 0, cv = MDD_GET(CMBREC, CRC_VALID, w) != 0;
    /* defined W0 flags: MODE LEN_VALID CRC_VALID CRC_REG */
    static const bool flags[4][4] = {
        [MDD_CMB_OP_SEG] = {false, false, false, true},
        [MDD_CMB_OP_OPEN] = {true, true, true, false},
        [MDD_CMB_OP_CLOSE] = {false, false, true, false},
        [MDD_CMB_OP_ABORT] = {false, false, false, false},
    };
    const unsigned flag_bit[4] = {MDD_CMBREC_MODE_LSB, MDD_CMBREC_LEN_VALID_LSB, MDD_CMBREC_CRC_VALID_LSB,
                                  MDD_CMBREC_CRC_REG_LSB};
    const bool w1_def = op == MDD_CMB_OP_SEG || (op == MDD_CMB_OP_OPEN && lv);
    const bool w2lo_def = op == MDD_CMB_OP_SEG;
    const bool w3_def = op == MDD_CMB_OP_SEG || ((op == MDD_CMB_OP_OPEN || op == MDD_CMB_OP_CLOSE) && cv);
    for (;;) {
        unsigned wd = (unsigned)mdd_rng_below(&t->g, 4);
        unsigned cand[64], n = 0;
        for (unsigned b = 0; b < 64; b++) {
            bool reserved;
            switch (wd) {
            case 0:
                if (b > MDD_CMBREC_CRC_REG_LSB) {
                    reserved = true;
                } else {
                    reserved = false;
                    for (unsigned f = 0; f < 4; f++)
                        if (b == flag_bit[f])
                            reserved = !flags[op][f];
                }
                break;
            case 1: reserved = !w1_def; break;
            case 2: reserved = b >= MDD_CMBREC_SEG_LEN_W || !w2lo_def; break;
            default: reserved = b >= t->crc_w || !w3_def; break;
            }
            if (reserved)
                cand[n++] = b;
        }
        if (n) {
            *word = wd;
            *bit = cand[mdd_rng_below(&t->g, n)];
            return;
        }
    }
}

static struct prec *flight_push(struct flight *f)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 16;
        f->recs = xrealloc(f->recs, f->cap * sizeof *f->recs);
    }
    struct prec *r = &f->recs[f->n++];
    memset(r, 0, sizeof *r);
    r->info.seg = UINT32_MAX;
    return r;
}

/* Inserts *r before position pos (0 <= pos <= n). */
static void flight_insert(struct flight *f, size_t pos, const struct prec *r)
{
    flight_push(f);
    memmove(&f->recs[pos + 1], &f->recs[pos], (f->n - 1 - pos) * sizeof *f->recs);
    f->recs[pos] = *r;
}

static void info_set(struct prec *r, uint64_t serial, unsigned kind, unsigned code, bool certain, uint64_t exp,
                     uint64_t got)
{
    r->info.serial = serial;
    r->info.kind = kind;
    r->info.op = (unsigned)MDD_GET(CMBREC, OP, r->w);
    r->info.code = code;
    r->info.certain = certain;
    r->info.exp = exp;
    r->info.got = got;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Planning a message.                                                                                      */

static uint32_t draw_len(struct mdd_cmbtraf *t)
{
    const uint32_t max = t->cfg.max_len;
    unsigned r = (unsigned)mdd_rng_below(&t->g, 100);
    uint64_t len = r < 10 ? mdd_rng_range(&t->g, 1, 16)
                   : r < 60 ? mdd_rng_range(&t->g, 17, 1024)
                   : r < 90 ? mdd_rng_range(&t->g, 1025, 8192)
                            : mdd_rng_range(&t->g, 8193, 65536);
    return len > max ? (uint32_t)mdd_rng_range(&t->g, 1, max) : (uint32_t)len;
}

static uint32_t draw_nsegs(struct mdd_cmbtraf *t, uint32_t len)
{
    unsigned r = (unsigned)mdd_rng_below(&t->g, 100);
    uint64_t n = r < 30 ? mdd_rng_range(&t->g, 1, 4)
                 : r < 70 ? mdd_rng_range(&t->g, 5, 32)
                 : r < 93 ? mdd_rng_range(&t->g, 33, 200)
                          : mdd_rng_range(&t->g, 201, 1000);
    if (n > t->cfg.max_segs)
        n = mdd_rng_range(&t->g, 1, t->cfg.max_segs);
    return n > len ? len : (uint32_t)n;
}

/* The address of byte 0 in the relative mode: anywhere such that base + len - 1 < 2^ADDR_W - 1, with the
 * edges of the address space, powers of two (carries in the shift units' digits) and multiples of 2^k - 1 favoured. */
static uint64_t draw_base(struct mdd_cmbtraf *t, uint32_t len)
{
    const uint64_t max_base = t->addr_max - len; /* the last end, base + len, is at most 2^ADDR_W - 1 */
    unsigned r = (unsigned)mdd_rng_below(&t->g, 100);
    if (r < 10) {
        uint64_t b = mdd_rng_below(&t->g, 16);
        return b > max_base ? max_base : b;
    }
    if (r < 20)
        return max_base - mdd_rng_below(&t->g, 16 < max_base ? 16 : max_base);
    if (r < 35) {
        unsigned k = (unsigned)mdd_rng_below(&t->g, t->cfg.p.addr_w);
        uint64_t b = ((uint64_t)1 << k) - mdd_rng_below(&t->g, (uint64_t)len + 2);
        return b > max_base ? max_base : b;
    }
    /* across a multiple of 2^k - 1, where x^(8n) repeats (k = mdd_crc_x_order_w): the combiner folds its shift
     * counts there (D-100) */
    const unsigned xk = mdd_crc_x_order_w(t->cfg.p.alg);
    if (r < 45 && xk < 64) {
        const uint64_t period = ((uint64_t)1 << xk) - 1;
        if (max_base >= period) {
            const uint64_t j = mdd_rng_range(&t->g, 1, max_base / period);
            const uint64_t at = j * period;
            return at - mdd_rng_below(&t->g, (uint64_t)len + 2 < at ? (uint64_t)len + 2 : at + 1);
        }
    }
    return mdd_rng_range(&t->g, 0, max_base);
}

/* A wrong expected CRC: the right one with one bit flipped. */
static uint64_t wrong_crc(struct mdd_cmbtraf *t, uint64_t crc)
{
    return crc ^ ((uint64_t)1 << mdd_rng_below(&t->g, t->crc_w));
}

static void start_message(struct mdd_cmbtraf *t)
{
    struct mdd_rng *g = &t->g;
    const struct mdd_cmbtraf_cfg *c = &t->cfg;
    const mdd_crc_alg alg = c->p.alg;
    struct mdd_cmbtraf_msg *m = xcalloc(1, sizeof *m);
    m->serial = ++t->serial;
    m->id = free_id(t, mdd_rng_chance(g, 20));
    m->len = draw_len(t);
    m->mode = mdd_rng_chance(g, c->rel_pct) ? MDD_CMB_MODE_REL : MDD_CMB_MODE_KNOWN;
    m->base = m->mode == MDD_CMB_MODE_REL ? draw_base(t, m->len) : 0;
    m->bytes = xcalloc(m->len, 1);
    for (uint32_t i = 0; i < m->len; i += 8) {
        uint64_t v = mdd_rng_next(g);
        for (uint32_t k = 0; k < 8 && i + k < m->len; k++)
            m->bytes[i + k] = (uint8_t)(v >> (8 * k));
    }
    m->crc = mdd_crc(alg, m->bytes, m->len);

    /* cut points: n - 1 distinct points in 1 .. len - 1 (Floyd's sampling), then the segments in order */
    uint32_t n = draw_nsegs(t, m->len);
    if (t->mark_cap < m->len) {
        free(t->mark);
        t->mark_cap = m->len;
        t->mark = xcalloc(t->mark_cap, 1);
    }
    memset(t->mark, 0, m->len);
    const uint32_t N = m->len - 1, M = n - 1;
    for (uint32_t j = N - M + 1; j <= N && M; j++) {
        uint32_t x = (uint32_t)mdd_rng_range(g, 1, j);
        t->mark[t->mark[x] ? j : x] = 1;
    }
    m->segs = xcalloc(n, sizeof *m->segs);
    m->seg_user = xcalloc(n, 1);
    m->n_segs = n;
    uint32_t at = 0, k = 0;
    for (uint32_t p = 1; p <= m->len; p++)
        if (p == m->len || t->mark[p]) {
            m->segs[k].off = at;
            m->segs[k].len = p - at;
            m->segs[k].crc = mdd_crc(alg, m->bytes + at, p - at);
            k++;
            at = p;
        }

    m->len_valid = mdd_rng_chance(g, c->len_pct);
    m->exp_open_valid = mdd_rng_chance(g, c->crc_open_pct);
    if (m->exp_open_valid)
        m->exp_open = mdd_rng_chance(g, c->bad_crc_pct) ? wrong_crc(t, m->crc) : m->crc;

    /* which injections this message gets */
    bool inj[MDD_CMBTRAF_K_COUNT] = {false};
    for (unsigned kd = 1; kd < MDD_CMBTRAF_K_COUNT; kd++)
        if (kd != MDD_CMBTRAF_K_UNKNOWN_ID && kd != MDD_CMBTRAF_K_ID_RANGE)
            inj[kd] = chance_pm(g, c->rate[kd]);
    if (!m->len_valid)
        inj[MDD_CMBTRAF_K_PAST_END] = false;
    if (inj[MDD_CMBTRAF_K_ABORT])
        inj[MDD_CMBTRAF_K_HOLE] = false;
    if (inj[MDD_CMBTRAF_K_HOLE] && !m->len_valid && n < 3)
        inj[MDD_CMBTRAF_K_HOLE] = false;
    uint32_t wide = 0; /* segments of 2 bytes or more, for a partial overlap */
    for (uint32_t i = 0; i < n; i++)
        wide += m->segs[i].len >= 2;
    if (!wide)
        inj[MDD_CMBTRAF_K_OVERLAP] = false;

    /* the segments that go out, in their order */
    uint32_t *perm = xcalloc(n, sizeof *perm);
    for (uint32_t i = 0; i < n; i++)
        perm[i] = i;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = (uint32_t)mdd_rng_below(g, i), tmp = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = tmp;
    }
    uint32_t n_sent = n;
    if (inj[MDD_CMBTRAF_K_ABORT]) {
        n_sent = (uint32_t)mdd_rng_below(g, m->len_valid ? n : n + 1); /* with L, the message must not end by itself */
    } else if (inj[MDD_CMBTRAF_K_HOLE]) {
        /* leave one segment out: interior without L */
        uint32_t hole = m->len_valid ? (uint32_t)mdd_rng_below(g, n) : (uint32_t)mdd_rng_range(g, 1, n - 2);
        uint32_t w = 0;
        for (uint32_t i = 0; i < n; i++)
            if (perm[i] != hole)
                perm[w++] = perm[i];
        n_sent = n - 1;
    }
    if (inj[MDD_CMBTRAF_K_DUP] && n_sent == 0)
        inj[MDD_CMBTRAF_K_DUP] = false;
    m->has_close = !inj[MDD_CMBTRAF_K_ABORT] &&
                   (!m->len_valid || inj[MDD_CMBTRAF_K_DUP] || inj[MDD_CMBTRAF_K_OVERLAP] ||
                    inj[MDD_CMBTRAF_K_HOLE] || inj[MDD_CMBTRAF_K_REOPEN]);
    if (m->has_close) {
        m->exp_close_valid = mdd_rng_chance(g, c->crc_close_pct);
        if (m->exp_close_valid)
            m->exp_close = mdd_rng_chance(g, c->bad_crc_pct) ? wrong_crc(t, m->crc) : m->crc;
    }
    for (unsigned kd = 1; kd < MDD_CMBTRAF_K_COUNT; kd++)
        if (inj[kd]) {
            m->inj_mask |= 1u << kd;
            t->n_inj[kd]++;
        }

    /* the legitimate records */
    struct flight f = {m, NULL, 0, 0, 0};
    struct prec *r = flight_push(&f);
    rec_open(r->w, m->id, m->mode, m->len_valid, m->len, m->exp_open_valid, m->exp_open);
    info_set(r, m->serial, MDD_CMBTRAF_K_NONE, 0, false, 0, 0);
    for (uint32_t i = 0; i < n_sent; i++) {
        const struct mdd_cmbtraf_seg *s = &m->segs[perm[i]];
        bool reg = mdd_rng_chance(g, c->crc_reg_pct);
        r = flight_push(&f);
        mdd_cmbrec_seg(r->w, m->id, m->base + s->off, s->len, crc_as_sent(t, s->crc, reg), reg);
        info_set(r, m->serial, MDD_CMBTRAF_K_NONE, 0, false, 0, 0);
        r->info.seg = perm[i];
    }
    /* the record that ends the message when nothing goes wrong */
    size_t e = f.n - 1;
    if (inj[MDD_CMBTRAF_K_ABORT]) {
        r = flight_push(&f);
        mdd_cmbrec_abort(r->w, m->id);
        info_set(r, m->serial, MDD_CMBTRAF_K_ABORT, 0, false, 0, 0);
        e = f.n - 1;
    } else if (m->has_close) {
        r = flight_push(&f);
        rec_close(r->w, m->id, m->exp_close_valid, m->exp_close);
        info_set(r, m->serial, MDD_CMBTRAF_K_NONE, 0, false, 0, 0);
        if (!m->len_valid || inj[MDD_CMBTRAF_K_HOLE])
            e = f.n - 1;
        else
            r->info.trailing = true;
    }
    f.recs[e].info.last_legit = true;
    free(perm);

    /* injected records that may change the outcome: before the final record (CLOSE or ABORT: there is one) */
    struct prec x;
    if (inj[MDD_CMBTRAF_K_OVERLAP]) {
        memset(&x, 0, sizeof x);
        /* one end strictly inside a segment of 2 bytes or more, the other anywhere that keeps it in the message */
        uint32_t pick = (uint32_t)mdd_rng_below(g, wide), si = 0;
        for (uint32_t i = 0; i < n; i++)
            if (m->segs[i].len >= 2 && pick-- == 0) {
                si = i;
                break;
            }
        const struct mdd_cmbtraf_seg *s = &m->segs[si];
        uint32_t p = (uint32_t)mdd_rng_range(g, s->off + 1, s->off + s->len - 1), a, b;
        if (mdd_rng_chance(g, 50)) {
            a = p;
            b = (uint32_t)mdd_rng_range(g, p + 1, m->len);
        } else {
            a = (uint32_t)mdd_rng_range(g, 0, p - 1);
            b = p;
        }
        bool reg = mdd_rng_chance(g, c->crc_reg_pct);
        mdd_cmbrec_seg(x.w, m->id, m->base + a, b - a, crc_as_sent(t, mdd_crc(alg, m->bytes + a, b - a), reg), reg);
        info_set(&x, m->serial, MDD_CMBTRAF_K_OVERLAP, 0, false, 0, 0);
        x.info.seg = UINT32_MAX;
        x.info.benign = x.info.last_legit = false;
        flight_insert(&f, mdd_rng_range(g, 1, f.n - 1), &x);
    }
    if (inj[MDD_CMBTRAF_K_DUP]) {
        memset(&x, 0, sizeof x);
        /* a copy of a sent segment, after it, with the CRC in either domain */
        size_t cand = 0;
        for (size_t i = 0; i < f.n; i++)
            cand += f.recs[i].info.kind == MDD_CMBTRAF_K_NONE && f.recs[i].info.seg != UINT32_MAX &&
                    i < f.n - 1;
        size_t pick = mdd_rng_below(g, cand), at = 0;
        for (size_t i = 0; i < f.n; i++)
            if (f.recs[i].info.kind == MDD_CMBTRAF_K_NONE && f.recs[i].info.seg != UINT32_MAX && i < f.n - 1 &&
                pick-- == 0) {
                at = i;
                break;
            }
        const struct mdd_cmbtraf_seg *s = &m->segs[f.recs[at].info.seg];
        bool reg = mdd_rng_chance(g, c->crc_reg_pct);
        mdd_cmbrec_seg(x.w, m->id, m->base + s->off, s->len, crc_as_sent(t, s->crc, reg), reg);
        info_set(&x, m->serial, MDD_CMBTRAF_K_DUP, 0, false, 0, 0);
        x.info.seg = f.recs[at].info.seg;
        x.info.benign = x.info.last_legit = false;
        flight_insert(&f, mdd_rng_range(g, at + 1, f.n - 1), &x);
    }

    /* benign records and the second OPEN: after the OPEN, before the ending record */
    for (unsigned kd = 1; kd < MDD_CMBTRAF_K_COUNT; kd++) {
        if (!inj[kd] || (kd != MDD_CMBTRAF_K_FORMAT && kd != MDD_CMBTRAF_K_ZERO_LEN && kd != MDD_CMBTRAF_K_ADDR_RANGE &&
                         kd != MDD_CMBTRAF_K_PAST_END && kd != MDD_CMBTRAF_K_REOPEN))
            continue;
        memset(&x, 0, sizeof x);
        unsigned code = 0;
        uint64_t exp = 0, got = 0;
        bool certain = true;
        switch (kd) {
        case MDD_CMBTRAF_K_REOPEN:
            x = f.recs[0]; /* the OPEN itself */
            code = MDD_CMB_ERR_ALREADY_OPEN;
            certain = false;
            break;
        case MDD_CMBTRAF_K_FORMAT: {
            /* a copy of any record the message has so far (injected ones included), one reserved bit set */
            x = f.recs[mdd_rng_below(g, f.n)];
            unsigned wd, bit;
            reserved_bit(t, x.w, &wd, &bit);
            x.w[wd] |= (uint64_t)1 << bit;
            code = MDD_CMB_ERR_FORMAT;
            exp = wd;
            got = bit;
            break;
        }
        case MDD_CMBTRAF_K_ZERO_LEN:
            if (mdd_rng_chance(g, 70)) {
                bool reg = mdd_rng_chance(g, 50);
                mdd_cmbrec_seg(x.w, m->id, m->base + mdd_rng_below(g, m->len), 0, mdd_rng_next(g) & t->crc_mask, reg);
            } else {
                bool cv = mdd_rng_chance(g, 50);
                rec_open(x.w, m->id, (unsigned)mdd_rng_below(g, 2), true, 0, cv, cv ? mdd_rng_next(g) & t->crc_mask : 0);
            }
            code = MDD_CMB_ERR_LEN_ZERO;
            exp = 1;
            got = 0;
            break;
        case MDD_CMBTRAF_K_ADDR_RANGE:
            if (t->cfg.p.addr_w < 64 && mdd_rng_chance(g, 30)) {
                uint64_t l = t->addr_max + 1 + mdd_rng_below(g, (uint64_t)1 << 20);
                bool cv = mdd_rng_chance(g, 50);
                rec_open(x.w, m->id, (unsigned)mdd_rng_below(g, 2), true, l, cv, cv ? mdd_rng_next(g) & t->crc_mask : 0);
                got = l;
            } else {
                /* ends 1 .. 1000 bytes beyond 2^ADDR_W - 1 (with ADDR_W = 64: wraps past 2^64) */
                uint64_t before = mdd_rng_below(g, 1000), beyond = mdd_rng_range(g, 1, 1000);
                uint64_t addr = t->addr_max - before;
                bool reg = mdd_rng_chance(g, 50);
                mdd_cmbrec_seg(x.w, m->id, addr, before + beyond, mdd_rng_next(g) & t->crc_mask, reg);
                got = addr + before + beyond; /* mod 2^64 */
            }
            code = MDD_CMB_ERR_ADDR_RANGE;
            exp = t->addr_max;
            break;
        default: { /* PAST_END: L given */
            uint64_t extra = mdd_rng_range(g, 1, 100), addr, slen;
            if (m->mode == MDD_CMB_MODE_KNOWN) {
                addr = mdd_rng_below(g, (uint64_t)m->len + 1);
                slen = m->len - addr + extra;
                got = addr + slen;
            } else if (m->base >= extra && (mdd_rng_chance(g, 50) || m->base + m->len > t->addr_max - extra)) {
                addr = m->base - extra; /* starts before the message, ends at its end: span L + extra */
                slen = m->len + extra;
                got = m->len + extra;
            } else {
                addr = m->base; /* starts at the message, ends beyond it */
                slen = m->len + extra;
                got = m->len + extra;
            }
            bool reg = mdd_rng_chance(g, 50);
            mdd_cmbrec_seg(x.w, m->id, addr, slen, mdd_rng_next(g) & t->crc_mask, reg);
            code = MDD_CMB_ERR_PAST_END;
            exp = m->len;
            certain = false;
            break;
        }
        }
        info_set(&x, m->serial, kd, code, certain, exp, got);
        x.info.seg = UINT32_MAX;
        x.info.benign = true;
        x.info.last_legit = false;
        /* before the ending record: find it again, insertions moved it */
        size_t ei = 0;
        for (size_t i = 0; i < f.n; i++)
            if (f.recs[i].info.last_legit)
                ei = i;
        flight_insert(&f, mdd_rng_range(g, 1, ei), &x);
        m->n_benign++;
    }

    if (t->n_fl == t->cap_fl) {
        t->cap_fl = t->cap_fl ? 2 * t->cap_fl : 64;
        t->fl = xrealloc(t->fl, t->cap_fl * sizeof *t->fl);
    }
    t->fl[t->n_fl++] = f;
    live_add(t, m);
    t->n_msgs++;
}

/* A standalone bad record: SEG/CLOSE/ABORT of an id with no message in flight, or an id >= 2^ID_W. */
static void standalone(struct mdd_cmbtraf *t, unsigned kind, uint64_t *w, struct mdd_cmbtraf_info *info)
{
    struct mdd_rng *g = &t->g;
    uint32_t id;
    unsigned op = (unsigned)mdd_rng_below(g, kind == MDD_CMBTRAF_K_ID_RANGE ? 4 : 3);
    if (kind == MDD_CMBTRAF_K_ID_RANGE)
        id = (uint32_t)mdd_rng_range(g, t->id_space, 0xFFFFFFFFull);
    else
        id = free_id(t, mdd_rng_chance(g, 50));
    op = op == 0 ? MDD_CMB_OP_SEG : op == 1 ? MDD_CMB_OP_CLOSE : op == 2 ? MDD_CMB_OP_ABORT : MDD_CMB_OP_OPEN;
    bool cv = mdd_rng_chance(g, 50);
    if (op == MDD_CMB_OP_SEG) {
        uint64_t len = mdd_rng_range(g, 1, 4096), addr = mdd_rng_below(g, t->addr_max - len + 1);
        bool reg = mdd_rng_chance(g, 50);
        mdd_cmbrec_seg(w, id, addr, len, mdd_rng_next(g) & t->crc_mask, reg);
    } else if (op == MDD_CMB_OP_CLOSE) {
        rec_close(w, id, cv, mdd_rng_next(g) & t->crc_mask);
    } else if (op == MDD_CMB_OP_ABORT) {
        mdd_cmbrec_abort(w, id);
    } else {
        bool lv = mdd_rng_chance(g, 50);
        rec_open(w, id, (unsigned)mdd_rng_below(g, 2), lv, mdd_rng_range(g, 1, 100000), cv, mdd_rng_next(g) & t->crc_mask);
    }
    memset(info, 0, sizeof *info);
    info->kind = kind;
    info->op = op;
    info->seg = UINT32_MAX;
    info->certain = true;
    if (kind == MDD_CMBTRAF_K_ID_RANGE) {
        info->code = MDD_CMB_ERR_ID_RANGE;
        info->exp = t->id_space - 1;
        info->got = id;
    } else {
        info->code = MDD_CMB_ERR_NOT_OPEN;
    }
    t->n_inj[kind]++;
}

static void finish_message(struct mdd_cmbtraf *t, size_t i)
{
    struct flight *f = &t->fl[i];
    struct mdd_cmbtraf_msg *m = f->m;
    m->ended = true;
    free(f->recs);
    t->fl[i] = t->fl[--t->n_fl];
    t->recent[t->recent_head] = m->id;
    t->recent_head = (t->recent_head + 1) % 64;
    if (t->n_recent < 64)
        t->n_recent++;
    /* keep the truth for the last keep_done finished messages */
    size_t slot = (t->done_head + t->done_n) % t->cfg.keep_done;
    if (t->done_n == t->cfg.keep_done) {
        live_drop(t, t->done[t->done_head]);
        t->done_head = (t->done_head + 1) % t->cfg.keep_done;
        t->done_n--;
        slot = (t->done_head + t->done_n) % t->cfg.keep_done;
    }
    t->done[slot] = m;
    t->done_n++;
}

bool mdd_cmbtraf_next(struct mdd_cmbtraf *t, uint64_t rec[MDD_CMB_REC_WORDS], struct mdd_cmbtraf_info *info)
{
    struct mdd_rng *g = &t->g;
    if (!t->draining) {
        if (chance_pm(g, t->cfg.rate[MDD_CMBTRAF_K_UNKNOWN_ID])) {
            standalone(t, MDD_CMBTRAF_K_UNKNOWN_ID, rec, info);
            t->n_recs++;
            return true;
        }
        if (t->cfg.p.id_w < 32 && chance_pm(g, t->cfg.rate[MDD_CMBTRAF_K_ID_RANGE])) {
            standalone(t, MDD_CMBTRAF_K_ID_RANGE, rec, info);
            t->n_recs++;
            return true;
        }
        while (t->n_fl < t->target) {
            start_message(t);
            /* now and then more messages than contexts for a while: OPENs meet TABLE_FULL */
            if (t->over_left) {
                if (--t->over_left == 0)
                    t->target = t->cfg.inflight;
            } else if (mdd_rng_chance(g, t->cfg.over_pct)) {
                uint64_t tgt = (uint64_t)t->cfg.p.msgs + 1 + mdd_rng_below(g, t->cfg.p.msgs / 4 + 2);
                if (tgt > t->id_space - 1)
                    tgt = t->id_space - 1;
                if (tgt > t->target)
                    t->target = (unsigned)tgt;
                t->over_left = t->cfg.p.msgs / 2 + 1;
            }
        }
    }
    if (t->n_fl == 0)
        return false;
    size_t i = t->n_fl;
    if (t->last && mdd_rng_chance(g, t->cfg.burst_pct))
        for (size_t k = 0; k < t->n_fl; k++)
            if (t->fl[k].m == t->last)
                i = k;
    if (i == t->n_fl)
        i = mdd_rng_below(g, t->n_fl);
    struct flight *f = &t->fl[i];
    const struct prec *r = &f->recs[f->pos++];
    memcpy(rec, r->w, sizeof r->w);
    *info = r->info;
    t->n_recs++;
    if (info->op == MDD_CMB_OP_SEG)
        t->n_segs++;
    t->last = f->m;
    if (f->pos == f->n) {
        t->last = NULL;
        finish_message(t, i);
    }
    return true;
}

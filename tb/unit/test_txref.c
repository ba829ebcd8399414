/* SPDX-License-Identifier: MIT */
/*
 * Tests of the reference transmitter (model/mdd_txref.h).
 *
 * Independent references: the traffic generator (model/mdd_trafgen.h) builds a wire stream and the bytes a
 * receiver delivers (headers, payload, PI) constructively, without calling either reference; so the bytes a
 * host hands to TX are that host image (or it with the PI removed, corrupted, or added by this file), and TX
 * must give back the generator's wire stream byte for byte, with its tags and aux nibbles:
 *
 *  1. per random stream, a DIF mode drawn from NONE / INSERT / CHECK_KEEP / CHECK_REPLACE / CHECK_STRIP:
 *     KEEP: host = the generator's host image (PI included), wire unchanged;
 *     INSERT: host = that image without its PI (no escaped blocks), TX computes every PI;
 *     REPLACE: host PI bytes corrupted at random, TX reports each (field, block, byte offset, expected vs got)
 *       and sends correct PI;
 *     STRIP: the generator builds a stream without PI; this file inserts a PI (computed here from the block's
 *       bytes with mdd_crc) after every block of the host image; TX checks and drops them (one corrupted: reported);
 *  2. the same host bytes cut at random points into chained transfers (descriptor k+1 = context words 0-7 of
 *     transfer k): same wire bytes, same events, and the final resume image equals the one-transfer one;
 *  3. the retransmission window: random skip/pass, single and chained: exactly wire[skip, skip + pass) leaves;
 *  4. round trip: the reference receiver on TX's output delivers the host bytes back (RX(TX(x)) = x);
 *  5. UPSTREAM events, DESC reasons, FRAME (MPA length below the ULP header, T3 marker pointer), T3's stop.
 *
 * Usage: test_txref [SEEDS [FIRST_SEED]] (default 1500 from seed 1); last stdout line "txref: P passed, F failed".
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
#include "mdd_txref.h"
#include "mdd_txtraf.h"
#include "test_util.h"


static unsigned kind_of(uint8_t tag) { return (tag & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB; }

static bool check_bytes(const char *what, const uint8_t *got, size_t got_len, const uint8_t *exp, size_t exp_len)
{
    size_t n = got_len < exp_len ? got_len : exp_len;
    size_t i = 0;
    while (i < n && got[i] == exp[i])
        i++;
    if (i == n && got_len == exp_len)
        return check(true, "%s", what);
    if (i < n)
        return check(false, "%s: %zu bytes vs %zu expected, first difference at %zu: 0x%02x, expected 0x%02x", what,
                     got_len, exp_len, i, got[i], exp[i]);
    return check(false, "%s: %zu bytes vs %zu expected (equal up to the shorter)", what, got_len, exp_len);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Chained TX transfers.                                                                                    */

struct ev {
    unsigned code, err_byte;
    uint64_t off; /* host offset from the start of the whole host stream */
    uint64_t exp, got;
};

struct chain {
    uint8_t *out, *out_tag;
    size_t out_len;
    uint8_t *wtag, *waux; /* tags and aux of the generated wire bytes (stripped PI left out) */
    size_t w_len;
    struct ev *ev;
    size_t n_ev;
    uint64_t ctx[16];     /* last transfer's context */
    uint64_t sum_in, sum_out, pdus, blocks, mrks;
    unsigned desc_reason;
    bool lost;
};

static void chain_free(struct chain *c)
{
    free(c->out);
    free(c->out_tag);
    free(c->wtag);
    free(c->waux);
    free(c->ev);
    memset(c, 0, sizeof *c);
}

/* Runs host[0..n) as transfers [cuts[k], cuts[k+1]); ups = host offsets of beats with tuser (sorted). */
static void run_chain(const uint64_t desc0[8], const uint8_t *host, size_t n, const size_t *cuts, size_t nx,
                      const uint32_t *ups, size_t n_ups, struct chain *c)
{
    memset(c, 0, sizeof *c);
    size_t cap = 8 * n + 65536; /* dense markers and digests: wire up to ~4x host */
    c->out = xmalloc(cap);
    c->out_tag = xmalloc(cap);
    c->wtag = xmalloc(cap);
    c->waux = xmalloc(cap);
    size_t ev_cap = 16;
    c->ev = xmalloc(ev_cap * sizeof *c->ev);
    uint64_t desc[8];
    memcpy(desc, desc0, sizeof desc);
    for (size_t k = 0; k < nx; k++) {
        size_t a = cuts[k], b = cuts[k + 1];
        uint32_t lu[64];
        size_t nlu = 0;
        for (size_t u = 0; u < n_ups && nlu < 64; u++)
            if (ups[u] >= a && ups[u] < b)
                lu[nlu++] = (uint32_t)(ups[u] - a);
        struct mdd_txref_result r;
        if (mdd_txref_run(desc, host + a, b - a, lu, nlu, &r) != 0) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        if (c->out_len + r.out_len > cap || c->w_len + r.gen_len > cap) {
            check(false, "generated %zu bytes from %zu host bytes", r.gen_len, b - a);
            mdd_txref_free(&r);
            return;
        }
        if (r.out_len) {
            memcpy(c->out + c->out_len, r.out, r.out_len);
            memcpy(c->out_tag + c->out_len, r.out_tag, r.out_len);
        }
        c->out_len += r.out_len;
        for (size_t g = 0; g < r.gen_len; g++) {
            bool stripped = kind_of(r.gen_tag[g]) == MDD_KIND_PI && r.gen_src[g] != MDD_TXREF_INSERTED &&
                            MDD_GET(DESC, DIF_OP, desc) == MDD_DIF_CHECK_STRIP;
            if (stripped)
                continue;
            c->wtag[c->w_len] = r.gen_tag[g];
            c->waux[c->w_len] = r.gen_aux[g];
            c->w_len++;
        }
        for (size_t e = 0; e < r.n_ev; e++) {
            if (c->n_ev == ev_cap) {
                ev_cap *= 2;
                c->ev = realloc(c->ev, ev_cap * sizeof *c->ev);
                if (!c->ev)
                    exit(2);
            }
            c->ev[c->n_ev++] = (struct ev){r.ev[e].code, r.ev[e].err_byte, a + r.ev[e].err_off, r.ev[e].err_exp,
                                           r.ev[e].err_got};
        }
        c->desc_reason |= r.desc_reason;
        memcpy(c->ctx, r.ctx, sizeof c->ctx);
        c->sum_in += MDD_GET(CTX, BYTES_IN, r.ctx);
        c->sum_out += MDD_GET(CTX, BYTES_OUT, r.ctx);
        c->pdus += MDD_GET(CTX, PDUS, r.ctx);
        c->blocks += MDD_GET(CTX, BLOCKS, r.ctx);
        c->mrks += MDD_GET(CTX, MRK_COUNT, r.ctx);
        c->lost |= MDD_GET(CTX, FRAME_LOST, r.ctx) != 0;
        memcpy(desc, r.ctx, sizeof desc);
        MDD_SET(DESC, XFER_ID, desc, (k + 1) & 0xFFFF);
        mdd_txref_free(&r);
    }
}

/* Random cuts of n host bytes into at most max_x transfers; a cut at c is skipped when nocut && nocut[c]. */
static size_t random_cuts(size_t n, size_t max_x, const uint8_t *nocut, size_t *cuts)
{
    size_t nx = 1 + (size_t)below(max_x);
    cuts[0] = 0;
    size_t k = 1;
    for (size_t x = 1; x < nx && n > 1; x++) {
        size_t c = 1 + (size_t)below(n - 1);
        if (nocut && nocut[c])
            continue;
        size_t j = k;
        while (j > 1 && cuts[j - 1] > c) /* insertion sort, no duplicates */
            j--;
        if (cuts[j - 1] == c)
            continue;
        memmove(cuts + j + 1, cuts + j, (k - j) * sizeof *cuts);
        cuts[j] = c;
        k++;
    }
    cuts[k] = n;
    return k;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Host images for the DIF modes.                                                                           */

static unsigned long mode_runs[MDD_TX_MODES], corrupt_runs;

/* One expected DIF event: the host offset of its subfield's first byte. */
struct inj {
    bool on;
    unsigned code, err_byte;
    uint64_t off;
};

/* Flips one bit of one PI subfield byte in host[] (PI bytes at pi_off[0..n_pi)), returns the event TX must
 * report, or .on = false when the flip is invisible (app bits outside the mask) or turns into an escape. */
static struct inj corrupt_pi(const struct mdd_gen_cfg *c, uint8_t *host, const uint64_t *pi_start, size_t n_pi)
{
    struct inj e = {false, 0, 0, 0};
    const struct mdd_pifmt *pf = mdd_pifmt(c->pi_fmt);
    if (!n_pi)
        return e;
    uint64_t p0 = pi_start[below(n_pi)];
    unsigned j = (unsigned)below(pf->pi_len);
    uint8_t bit = (uint8_t)(1u << below(8));
    unsigned sub_start, code;
    if (j < pf->guard_len) {
        sub_start = 0;
        code = MDD_ERR_GUARD;
    } else if (j >= pf->app_off && j < pf->app_off + 2u) {
        sub_start = pf->app_off;
        code = MDD_ERR_APP;
        uint16_t mask = c->app_mask;
        uint8_t mbyte = (uint8_t)(j == pf->app_off ? mask >> 8 : mask);
        uint16_t app = (uint16_t)(host[p0 + pf->app_off] << 8 | host[p0 + pf->app_off + 1]);
        uint16_t napp = (uint16_t)(app ^ (j == pf->app_off ? bit << 8 : bit));
        host[p0 + j] ^= bit;
        if (!(mbyte & bit) || napp == MDD_APP_ESCAPE)
            return e;
        e = (struct inj){true, code, j - sub_start, p0 + sub_start};
        return e;
    } else if (j >= pf->ref_off) {
        sub_start = pf->ref_off;
        code = MDD_ERR_REF;
        host[p0 + j] ^= bit;
        if (c->prot_type == 3) {
            return e; /* type 3: ref unchecked (a flip cannot make app 0xFFFF) */
        }
        return (struct inj){true, code, j - sub_start, p0 + sub_start};
    } else {
        return e; /* NVMe 32b-guard: bytes between guard and app do not exist; unreachable */
    }
    host[p0 + j] ^= bit;
    return (struct inj){true, code, j - sub_start, p0 + sub_start};
}

/* ------------------------------------------------------------------------------------------------------ */

struct case_ {
    struct mdd_tx_case t;
    struct inj inj;
};

static void case_free(struct case_ *k) { mdd_tx_case_free(&k->t); }

static bool build_case(uint64_t seed, struct case_ *k)
{
    memset(k, 0, sizeof *k);
    if (mdd_tx_case_build(seed, (unsigned)(4u << (seed % 5)), -1, &k->t) != 0)
        return false;
    if ((k->t.mode == MDD_TX_REPLACE || k->t.mode == MDD_TX_STRIP) && below(3) != 0) {
        k->inj = corrupt_pi(&k->t.cfg, k->t.host, k->t.pi_start, k->t.n_pi);
        corrupt_runs++;
    }
    return true;
}

static void print_case(const struct case_ *k, uint64_t seed)
{
    const struct mdd_gen_cfg *c = &k->t.cfg;
    printf("  seed %" PRIu64 ": proto %u mode %s hdig %u ddig %u mrk %u period %u phase %u pi_fmt %u type %u blk %u "
           "ulp %u pdus %u host %zu wire %zu\n",
           seed, c->proto, mdd_tx_mode_name[k->t.mode], c->hdig_en, c->ddig_en, c->mrk_en, c->mrk_period, c->mrk_phase,
           c->pi_fmt, c->prot_type, c->blk_len, c->ulp_hdr_len, c->n_pdus, k->t.host_len, k->t.s.wire_len);
}

/* The wire the generator built, its tags without K, the events expected. */
static void check_chain(const struct case_ *k, const struct chain *ch, const char *what, size_t skip, size_t pass,
                        const size_t *cuts, size_t nx)
{
    const struct mdd_gen_stream *s = &k->t.s;
    size_t a = skip < s->wire_len ? skip : s->wire_len;
    size_t b = pass < s->wire_len - a ? a + pass : s->wire_len;
    char w[96];
    snprintf(w, sizeof w, "%s: transmitted bytes", what);
    check_bytes(w, ch->out, ch->out_len, s->wire + a, b - a);
    if (skip == 0 && pass >= s->wire_len) {
        uint8_t *t1 = xmalloc(ch->w_len), *t2 = xmalloc(s->wire_len);
        /* STRIP: the generator's stream has no DIF, so no EB flags */
        uint8_t eb = k->t.mode == MDD_TX_STRIP ? MDD_TAGM_EB : 0;
        for (size_t i = 0; i < ch->w_len; i++)
            t1[i] = ch->wtag[i] & (uint8_t)~(MDD_TAGM_K | eb);
        for (size_t i = 0; i < s->wire_len; i++)
            t2[i] = s->tag[i] & (uint8_t)~MDD_TAGM_K;
        snprintf(w, sizeof w, "%s: tags", what);
        check_bytes(w, t1, ch->w_len, t2, s->wire_len);
        snprintf(w, sizeof w, "%s: aux", what);
        check_bytes(w, ch->waux, ch->w_len, s->aux, s->wire_len);
        free(t1);
        free(t2);
        bool kset = true;
        for (size_t i = 0; i < ch->out_len; i++)
            kset = kset && (ch->out_tag[i] & MDD_TAGM_K);
        check(kset, "%s: transmitted bytes carry K", what);
        check(ch->pdus == s->n_pdus && ch->blocks == k->t.blocks && ch->mrks == s->n_markers,
              "%s: counts pdus %" PRIu64 "/%u blocks %" PRIu64 "/%" PRIu64 " markers %" PRIu64 "/%u", what, ch->pdus,
              s->n_pdus, ch->blocks, k->t.blocks, ch->mrks, s->n_markers);
    }
    check(ch->sum_in == k->t.host_len && ch->sum_out == b - a, "%s: bytes_in %" PRIu64 "/%zu bytes_out %" PRIu64 "/%zu",
          what, ch->sum_in, k->t.host_len, ch->sum_out, b - a);
    check(!ch->lost && ch->desc_reason == 0, "%s: frame_lost %d desc_reason %u", what, ch->lost, ch->desc_reason);
    if (k->inj.on) {
        /* err_off: the field's first byte in the transfer that holds the differing byte */
        uint64_t bad = k->inj.off + k->inj.err_byte, off = k->inj.off;
        for (size_t x = 0; x < nx; x++)
            if (cuts[x] <= bad && bad < cuts[x + 1] && cuts[x] > off)
                off = cuts[x];
        bool one = ch->n_ev == 1 && ch->ev[0].code == k->inj.code && ch->ev[0].off == off &&
                   ch->ev[0].err_byte == k->inj.err_byte;
        check(one, "%s: %zu events (first code %u off %" PRIu64 " byte %u), expected code %u at %" PRIu64 " byte %u",
              what, ch->n_ev, ch->n_ev ? ch->ev[0].code : 0, ch->n_ev ? ch->ev[0].off : 0,
              ch->n_ev ? ch->ev[0].err_byte : 0, k->inj.code, off, k->inj.err_byte);
    } else {
        check(ch->n_ev == 0, "%s: %zu events, expected none (first code %u at %" PRIu64 " exp %" PRIx64 " got %" PRIx64 ")",
              what, ch->n_ev, ch->n_ev ? ch->ev[0].code : 0, ch->n_ev ? ch->ev[0].off : 0, ch->n_ev ? ch->ev[0].exp : 0,
              ch->n_ev ? ch->ev[0].got : 0);
    }
}

static bool resume_equal(const uint64_t *a, const uint64_t *b)
{
    for (unsigned w = 0; w < 8; w++) {
        uint64_t x = a[w], y = b[w];
        if (w == 0) {
            x &= ~(uint64_t)0xFFFF;
            y &= ~(uint64_t)0xFFFF;
        }
        if (x != y)
            return false;
    }
    return true;
}

static void test_stream(uint64_t seed)
{
    struct case_ k;
    rng_state = seed * 0x2545F4914F6CDD1Dull + 7;
    if (!build_case(seed, &k)) {
        label("seed %" PRIu64, seed);
        check(false, "generator refused its own random configuration");
        case_free(&k);
        return;
    }
    mode_runs[k.t.mode]++;
    label("seed %" PRIu64 " %s", seed, mdd_tx_mode_name[k.t.mode]);
    unsigned long f0 = failed;
    size_t one[2] = {0, k.t.host_len};

    /* 1. one transfer */
    struct chain c1, c2;
    run_chain(k.t.desc, k.t.host, k.t.host_len, one, 1, NULL, 0, &c1);
    check_chain(&k, &c1, "one transfer", 0, SIZE_MAX, one, 1);

    /* 4. round trip through the reference receiver */
    {
        struct mdd_rxref_result r;
        if (mdd_rxref_run(k.t.s.desc, c1.out, c1.out_len, NULL, 0, &r) != 0)
            exit(2);
        check(r.n_ev == 0, "round trip: RX reports %zu events (first code %u)", r.n_ev, r.n_ev ? r.ev[0].code : 0);
        check_bytes("round trip: RX delivers the host bytes", r.out, r.out_len, k.t.s.host, k.t.s.host_len);
        mdd_rxref_free(&r);
    }

    /* 2. chained transfers; iSCSI markers need 8 header bytes in a transfer (T3) */
    size_t *cuts = xmalloc((k.t.host_len + 2) * sizeof *cuts);
    size_t nx = random_cuts(k.t.host_len, 1 + (size_t)below(12), k.t.nocut, cuts);
    run_chain(k.t.desc, k.t.host, k.t.host_len, cuts, nx, NULL, 0, &c2);
    check_chain(&k, &c2, "chained", 0, SIZE_MAX, cuts, nx);
    check(resume_equal(c1.ctx, c2.ctx), "chained: final resume image differs from the one-transfer one");
    chain_free(&c2);

    /* 3. window, chained */
    {
        size_t wl = k.t.s.wire_len;
        size_t skip = (size_t)below(wl + 2), pass = (size_t)below(wl + 2);
        uint64_t d[8];
        memcpy(d, k.t.desc, sizeof d);
        MDD_SET(TXDESC, SKIP_LEN, d, skip);
        MDD_SET(TXDESC, PASS_LEN, d, pass);
        nx = random_cuts(k.t.host_len, 1 + (size_t)below(6), k.t.nocut, cuts);
        run_chain(d, k.t.host, k.t.host_len, cuts, nx, NULL, 0, &c2);
        check_chain(&k, &c2, "window", skip, pass, cuts, nx);
        size_t s_left = skip > wl ? skip - wl : 0;
        size_t passed_wire = wl > skip ? wl - skip : 0;
        size_t p_left = pass > passed_wire ? pass - passed_wire : 0;
        check(MDD_GET(TXDESC, SKIP_LEN, c2.ctx) == s_left && MDD_GET(TXDESC, PASS_LEN, c2.ctx) == p_left,
              "window: context skip %" PRIu64 " pass %" PRIu64 ", expected %zu %zu", MDD_GET(TXDESC, SKIP_LEN, c2.ctx),
              MDD_GET(TXDESC, PASS_LEN, c2.ctx), s_left, p_left);
        chain_free(&c2);
    }

    /* 5. UPSTREAM: events at the flagged beats' first bytes, nothing else changes */
    if (k.t.host_len && !k.inj.on) {
        uint32_t ups[4];
        size_t nu = 1 + (size_t)below(4);
        for (size_t u = 0; u < nu; u++)
            ups[u] = (uint32_t)below(k.t.host_len);
        for (size_t u = 1; u < nu; u++) /* sorted for run_chain */
            for (size_t v = u; v > 0 && ups[v - 1] > ups[v]; v--) {
                uint32_t x = ups[v];
                ups[v] = ups[v - 1];
                ups[v - 1] = x;
            }
        size_t distinct = 0;
        for (size_t u = 0; u < nu; u++)
            distinct += u == 0 || ups[u] != ups[u - 1];
        run_chain(k.t.desc, k.t.host, k.t.host_len, one, 1, ups, nu, &c2);
        bool ok = c2.n_ev == distinct;
        for (size_t e = 0, u = 0; ok && e < c2.n_ev; e++, u++) {
            while (u > 0 && u < nu && ups[u] == ups[u - 1])
                u++;
            ok = c2.ev[e].code == MDD_ERR_UPSTREAM && c2.ev[e].off == ups[u];
        }
        check(ok, "upstream: %zu events for %zu flagged beats", c2.n_ev, distinct);
        check_bytes("upstream: transmitted bytes", c2.out, c2.out_len, k.t.s.wire, k.t.s.wire_len);
        chain_free(&c2);
    }

    chain_free(&c1);
    free(cuts);
    if (failed != f0)
        print_case(&k, seed);
    case_free(&k);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Directed cases.                                                                                          */

static void base_desc(uint64_t d[8], unsigned proto)
{
    memset(d, 0, 8 * sizeof d[0]);
    MDD_SET(DESC, PROTO, d, proto);
    MDD_SET(DESC, SELF_FRAME, d, proto != MDD_PROTO_RAW);
    MDD_SET(TXDESC, PASS_LEN, d, 0xFFFFFFFFu);
}

static void test_desc(void)
{
    label("DESC");
    uint64_t d[8];
    uint8_t host[64] = {0};
    struct mdd_txref_result r;
    /* INSERT is legal on TX, a DESC error on RX */
    base_desc(d, MDD_PROTO_RAW);
    MDD_SET(DESC, SELF_FRAME, d, 0);
    MDD_SET(DESC, DIF_OP, d, MDD_DIF_INSERT);
    MDD_SET(DESC, PROT_TYPE, d, 1);
    MDD_SET(DESC, BLK_LEN, d, 16);
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_OK, "INSERT refused on TX");
    check(mdd_ref_desc_check(d, 0) == MDD_RXREF_DESC_DIF_OP, "INSERT accepted on RX");
    mdd_txref_run(d, host, 16, NULL, 0, &r);
    check(r.n_ev == 0 && r.out_len == 24, "RAW INSERT of one 16-byte block: %zu bytes out, %zu events", r.out_len, r.n_ev);
    mdd_txref_free(&r);

    base_desc(d, MDD_PROTO_ISCSI);
    MDD_SET(DESC, MRK_EN, d, 1);
    MDD_SET(DESC, MRK_PERIOD, d, 12);
    MDD_SET(DESC, MRK_CHK, d, 1);
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_RX_ONLY, "mrk_chk accepted on TX");
    MDD_SET(DESC, MRK_CHK, d, 0);
    MDD_SET(DESC, HDR_OUT, d, 1);
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_RX_ONLY, "hdr_out accepted on TX");
    MDD_SET(DESC, HDR_OUT, d, 0);
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_OK, "plain iSCSI refused");
    MDD_SET(DESC, HDIG_OPEN, d, 1);
    MDD_SET(DESC, DIG_OPEN, d, 1);
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_TX_OPEN, "hdig_open with dig_open accepted");
    MDD_SET(DESC, DIG_OPEN, d, 0);
    MDD_SET(DESC, HDIG_OPEN, d, 0);
    MDD_SET(DESC, SELF_FRAME, d, 0);
    MDD_SET(DESC, HDIG_EN, d, 1);
    MDD_SET(DESC, HDR_LEN, d, 48);
    MDD_SET(DESC, DATA_LEN, d, 8);
    MDD_SET(DESC, PDU_OFF, d, 49);
    mdd_txref_run(d, host, 8, NULL, 0, &r);
    check(r.desc_reason == MDD_RXREF_DESC_TX_SLOT && r.n_ev == 1 && r.ev[0].code == MDD_ERR_DESC && r.gen_len == 0 &&
              memcmp(r.ctx, d, 8 * sizeof d[0]) == 0,
          "start inside the header digest: reason %u, %zu events, %zu bytes generated", r.desc_reason, r.n_ev, r.gen_len);
    mdd_txref_free(&r);
    /* the TX word 7 is the window: its bits are not reserved; an RX-only word-7 layout has no meaning */
    base_desc(d, MDD_PROTO_MPA);
    d[7] = ~(uint64_t)0;
    check(mdd_ref_desc_check(d, 1) == MDD_RXREF_DESC_OK, "TX word 7 all ones refused");
}

/* iSCSI, markers every 12 bytes, the first one after PDU byte 1 (T3). */
static void test_t3(void)
{
    label("T3");
    struct mdd_gen_cfg c;
    memset(&c, 0, sizeof c);
    c.proto = MDD_PROTO_ISCSI;
    c.mrk_en = 1;
    c.mrk_period = 12;
    c.mrk_phase = 10; /* wire bytes 0, 1 at positions 10, 11: the marker follows PDU byte 1 */
    c.ddig_en = 1;
    c.hdr_out = 1;
    c.data_min = 5;
    c.data_max = 40;
    c.n_pdus = 3;
    c.prot_type = 1;
    struct mdd_gen_stream s;
    if (!check(mdd_gen_build(&c, 99, &s) == 0, "generator"))
        return;
    uint64_t d[8];
    memcpy(d, s.desc, sizeof d);
    MDD_SET(DESC, HDR_OUT, d, 0);
    MDD_SET(DESC, MRK_CHK, d, 0);
    d[7] = 0;
    MDD_SET(TXDESC, PASS_LEN, d, 0xFFFFFFFFu);
    /* stop: 2 host bytes, then the rest */
    size_t cuts[3] = {0, 2, s.host_len};
    struct chain ch;
    run_chain(d, s.host, s.host_len, cuts, 2, NULL, 0, &ch);
    check_bytes("T3 stop before the marker, then the rest", ch.out, ch.out_len, s.wire, s.wire_len);
    check(ch.n_ev == 0, "T3 stop: %zu events", ch.n_ev);
    chain_free(&ch);
    /* FRAME: 4 host bytes, the marker needs bytes 2-7 */
    struct mdd_txref_result r;
    mdd_txref_run(d, s.host, 4, NULL, 0, &r);
    check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_FRAME && r.ev[0].err_off == 2 && r.ev[0].err_exp == 6 &&
              r.ev[0].err_got == 2 && MDD_GET(CTX, FRAME_LOST, r.ctx) && r.out_len == 2,
          "T3 FRAME: %zu events (code %u off %u exp %" PRIu64 " got %" PRIu64 "), %zu bytes out", r.n_ev,
          r.n_ev ? r.ev[0].code : 0, r.n_ev ? r.ev[0].err_off : 0, r.n_ev ? r.ev[0].err_exp : 0,
          r.n_ev ? r.ev[0].err_got : 0, r.out_len);
    mdd_txref_free(&r);
    mdd_gen_free(&s);
}

/* MPA ULPDU_Length below ulp_hdr_len: FRAME at the length field, the rest lost. */
static void test_mpa_frame(void)
{
    label("MPA FRAME");
    struct mdd_gen_cfg c;
    memset(&c, 0, sizeof c);
    c.proto = MDD_PROTO_MPA;
    c.ddig_en = 1;
    c.hdr_out = 1;
    c.ulp_hdr_len = 14;
    c.data_min = 20;
    c.data_max = 60;
    c.n_pdus = 3;
    c.prot_type = 1;
    struct mdd_gen_stream s;
    if (!check(mdd_gen_build(&c, 7, &s) == 0, "generator"))
        return;
    uint64_t d[8];
    memcpy(d, s.desc, sizeof d);
    MDD_SET(DESC, HDR_OUT, d, 0);
    d[7] = 0;
    MDD_SET(TXDESC, PASS_LEN, d, 0xFFFFFFFFu);
    uint8_t *h = xmalloc(s.host_len);
    memcpy(h, s.host, s.host_len);
    size_t p1 = 0; /* host offset of PDU 1: the kept (host) wire bytes before it */
    for (size_t w = 0; w < s.pdu_start[1]; w++)
        p1 += (s.tag[w] & MDD_TAGM_K) != 0;
    h[p1] = 0;
    h[p1 + 1] = 13;
    struct mdd_txref_result r;
    mdd_txref_run(d, h, s.host_len, NULL, 0, &r);
    check(r.n_ev == 1 && r.ev[0].code == MDD_ERR_FRAME && r.ev[0].err_off == p1 && r.ev[0].err_exp == 14 &&
              r.ev[0].err_got == 13 && MDD_GET(CTX, FRAME_LOST, r.ctx),
          "%zu events (code %u off %u exp %" PRIu64 " got %" PRIu64 "), expected FRAME at %zu", r.n_ev,
          r.n_ev ? r.ev[0].code : 0, r.n_ev ? r.ev[0].err_off : 0, r.n_ev ? r.ev[0].err_exp : 0,
          r.n_ev ? r.ev[0].err_got : 0, p1);
    uint8_t *exp = xmalloc(s.pdu_start[1] + 2);
    memcpy(exp, s.wire, s.pdu_start[1]);
    exp[s.pdu_start[1]] = 0;
    exp[s.pdu_start[1] + 1] = 13;
    check_bytes("MPA FRAME: bytes up to the length field", r.out, r.out_len, exp, s.pdu_start[1] + 2);
    free(exp);
    check(MDD_GET(CTX, BYTES_IN, r.ctx) == s.host_len, "MPA FRAME: bytes_in %" PRIu64, MDD_GET(CTX, BYTES_IN, r.ctx));
    mdd_txref_free(&r);
    free(h);
    mdd_gen_free(&s);
}

/* RFC 3720 B.4: a data segment of 32 zero bytes carries the data digest aa 36 91 8a. */
static void test_rfc_digest(void)
{
    label("RFC 3720 B.4");
    uint8_t host[48 + 32];
    memset(host, 0, sizeof host);
    host[7] = 32; /* DataSegmentLength */
    uint64_t d[8];
    base_desc(d, MDD_PROTO_ISCSI);
    MDD_SET(DESC, DDIG_EN, d, 1);
    struct mdd_txref_result r;
    mdd_txref_run(d, host, sizeof host, NULL, 0, &r);
    static const uint8_t dig[4] = {0xaa, 0x36, 0x91, 0x8a};
    check(r.out_len == sizeof host + 4 && memcmp(r.out + sizeof host, dig, 4) == 0 && r.n_ev == 0,
          "%zu bytes out, digest %02x %02x %02x %02x", r.out_len, r.out_len >= 84 ? r.out[80] : 0,
          r.out_len >= 84 ? r.out[81] : 0, r.out_len >= 84 ? r.out[82] : 0, r.out_len >= 84 ? r.out[83] : 0);
    mdd_txref_free(&r);
}

int main(int argc, char **argv)
{
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 0) : 1500;
    uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    clock_t t0 = clock();
    test_desc();
    test_t3();
    test_mpa_frame();
    test_rfc_digest();
    for (uint64_t seed = first; seed < first + n; seed++)
        test_stream(seed);
    printf("modes:");
    for (unsigned m = 0; m < MDD_TX_MODES; m++)
        printf(" %s %lu", mdd_tx_mode_name[m], mode_runs[m]);
    printf("; runs with a corrupted host PI %lu\n", corrupt_runs);
    printf("seeds %" PRIu64 "..%" PRIu64 ", cpu time %.1f s\n", first, first + n - 1,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("txref: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

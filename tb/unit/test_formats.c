/* SPDX-License-Identifier: MIT */
/*
 * Tests of include/mdd/formats.h and of the generated rtl/mdd_formats.vh (D-004).
 *
 *  - record fields (mdd_fields[]): inside their 64-bit word and their record (<rec>_WORDS), no two fields of
 *    a record overlap, the table agrees with the MDD_<rec>_<name>_WORD/_LSB/_W constants; get/set round trip
 *    on random values (mdd_field_get/set and MDD_GET/MDD_SET), other bits untouched, values masked;
 *  - mdd_incl_mask() and MDD_INCL_* against the table of docs/ARCHITECTURE.md 4.3, written out below;
 *  - PI formats: guard, 2-byte application tag and reference tag are consecutive and fill pi_len; the guard
 *    is as wide as its CRC (libmdd's parameters);
 *  - tag bits, kind and error names;
 *  - the .vh: every localparam it declares is one the C preprocessor expects from formats.def, with the same
 *    value, and none is missing (so the Python generator and the C header read formats.def the same way).
 *
 * Usage: test_formats [VH_FILE [CHECK_STATUS]]; VH_FILE defaults to rtl/mdd_formats.vh. CHECK_STATUS is the
 * exit status of `scripts/gen-formats.py ... --check VH_FILE` (run by make just before), counted as a check.
 * The last stdout line is "formats: P passed, F failed".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"

static unsigned long passed, failed;

static bool check(bool ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return true;
    }
    if (++failed <= 40) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL: ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
    return false;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

static uint64_t width_mask(unsigned w)
{
    return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

/* ---- everything formats.def names, as the C preprocessor sees it ----------------------------------------- */

/* Each localparam rtl/mdd_formats.vh must declare, with its value. The values come from formats.h's
 * constants (so a missing constant is a compile error) or, for record positions, are computed here. */
struct expect {
    char name[64];
    uint64_t value;
    int seen;
};
static struct expect expected[512];
static size_t n_expected;

static void expect_add(const char *name, uint64_t value)
{
    if (!check(n_expected < sizeof expected / sizeof expected[0], "expected[] is too small"))
        return;
    snprintf(expected[n_expected].name, sizeof expected[0].name, "%s", name);
    expected[n_expected].value = value;
    expected[n_expected].seen = 0;
    n_expected++;
}

static uint64_t const_value(const char *name, bool *found)
{
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_PIFMT MDD_FORMATS_IGNORE
#define MDD_FIELD MDD_FORMATS_IGNORE
#define MDD_CONST(n, v) if (strcmp(name, #n) == 0) { *found = true; return MDD_##n; }
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
    *found = false;
    return 0;
}

static void build_expected(void)
{
    char buf[80];
#define MDD_CONST(n, v) expect_add("MDD_" #n, MDD_##n);
#define MDD_KIND(n, c) expect_add("MDD_KIND_" #n, MDD_KIND_##n);
#define MDD_TAGBIT(n, b) expect_add("MDD_TAG_" #n, MDD_TAG_##n);
#define MDD_INCL(e, p, m) expect_add("MDD_INCL_" #e "_" #p, MDD_INCL_##e##_##p);
#define MDD_ERR(n, c) expect_add("MDD_ERR_" #n, MDD_ERR_##n);
#define MDD_PIFMT(n, c, len, ga, gl, ao, ro, rl) \
    expect_add("MDD_PI_" #n "_CODE", MDD_PI_##n##_CODE); expect_add("MDD_PI_" #n "_LEN", MDD_PI_##n##_LEN); \
    expect_add("MDD_PI_" #n "_GUARD_ALG", MDD_PI_##n##_GUARD_ALG); \
    expect_add("MDD_PI_" #n "_GUARD_LEN", MDD_PI_##n##_GUARD_LEN); \
    expect_add("MDD_PI_" #n "_APP_OFF", MDD_PI_##n##_APP_OFF); \
    expect_add("MDD_PI_" #n "_REF_OFF", MDD_PI_##n##_REF_OFF); \
    expect_add("MDD_PI_" #n "_REF_LEN", MDD_PI_##n##_REF_LEN);
#define MDD_FIELD(r, n, w, l, b) \
    expect_add("MDD_" #r "_" #n "_LSB", 64u * MDD_##r##_##n##_WORD + MDD_##r##_##n##_LSB); \
    expect_add("MDD_" #r "_" #n "_W", MDD_##r##_##n##_W);
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
    /* MDD_<rec>_BITS for each record that has fields */
    for (size_t i = 0; i < mdd_fields_count; i++) {
        bool dup = false;
        for (size_t j = 0; j < i; j++)
            dup |= strcmp(mdd_fields[j].rec, mdd_fields[i].rec) == 0;
        if (dup)
            continue;
        bool found;
        snprintf(buf, sizeof buf, "%s_WORDS", mdd_fields[i].rec);
        uint64_t words = const_value(buf, &found);
        snprintf(buf, sizeof buf, "MDD_%s_BITS", mdd_fields[i].rec);
        if (check(found, "record %s has no %s_WORDS constant", mdd_fields[i].rec, mdd_fields[i].rec))
            expect_add(buf, 64 * words);
    }
}

/* ---- fields ------------------------------------------------------------------------------------------------- */

static void test_field_layout(void)
{
    size_t n = mdd_fields_count;
    size_t n_def = 0;
#define MDD_CONST MDD_FORMATS_IGNORE
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_PIFMT MDD_FORMATS_IGNORE
#define MDD_FIELD(r, nm, w, l, b) \
    { \
        const struct mdd_field_desc *f = mdd_field_find(#r, #nm); \
        check(f != NULL && f == &mdd_fields[n_def], "field %s.%s: not at table index %zu", #r, #nm, n_def); \
        check(f != NULL && f->word == MDD_##r##_##nm##_WORD && f->lsb == MDD_##r##_##nm##_LSB && \
              f->width == MDD_##r##_##nm##_W, "field %s.%s: table differs from the constants", #r, #nm); \
        n_def++; \
    }
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
    check(n == n_def && n > 0, "mdd_fields_count %zu, formats.def has %zu fields", n, n_def);

    for (size_t i = 0; i < n; i++) {
        const struct mdd_field_desc *f = &mdd_fields[i];
        char buf[80];
        bool found;
        snprintf(buf, sizeof buf, "%s_WORDS", f->rec);
        uint64_t words = const_value(buf, &found);
        check(f->width >= 1, "%s.%s: width 0", f->rec, f->name);
        check(f->lsb + f->width <= 64, "%s.%s: bits [%u:%u] leave the 64-bit word", f->rec, f->name,
              f->lsb + f->width - 1, f->lsb);
        check(found && f->word < words, "%s.%s: word %u is outside the record (%s_WORDS %s %" PRIu64 ")",
              f->rec, f->name, f->word, f->rec, found ? "=" : "missing", words);
        for (size_t j = 0; j < i; j++) {
            const struct mdd_field_desc *g = &mdd_fields[j];
            if (strcmp(f->rec, g->rec) != 0)
                continue;
            unsigned a0 = 64 * f->word + f->lsb, a1 = a0 + f->width;
            unsigned b0 = 64 * g->word + g->lsb, b1 = b0 + g->width;
            check(a1 <= b0 || b1 <= a0, "%s.%s [%u +: %u] overlaps %s.%s [%u +: %u]", f->rec, f->name, a0,
                  f->width, g->rec, g->name, b0, g->width);
            check(strcmp(f->name, g->name) != 0, "%s.%s appears twice", f->rec, f->name);
        }
    }
}

enum { MAX_WORDS = 64, MAX_RECS = 32 };

/* One word buffer per record name, for writing every field of a record into the same words. */
static uint64_t rec_bufs[MAX_RECS][MAX_WORDS];
static const char *rec_names[MAX_RECS];

static uint64_t *rec_buf(const char *rec)
{
    for (int i = 0; i < MAX_RECS; i++) {
        if (!rec_names[i])
            rec_names[i] = rec;
        if (strcmp(rec_names[i], rec) == 0)
            return rec_bufs[i];
    }
    check(false, "more than %d records", MAX_RECS);
    return rec_bufs[MAX_RECS - 1];
}

static void test_field_roundtrip(void)
{
    size_t n = mdd_fields_count;
    for (size_t i = 0; i < n; i++) {
        const struct mdd_field_desc *f = &mdd_fields[i];
        uint64_t mask = width_mask(f->width);
        unsigned bad = 0;
        if (!check(f->word < MAX_WORDS, "%s.%s: word %u >= %d", f->rec, f->name, f->word, MAX_WORDS))
            continue;
        for (int k = 0; k < 2000; k++) {
            uint64_t w[MAX_WORDS], before[MAX_WORDS];
            for (int j = 0; j < MAX_WORDS; j++)
                before[j] = w[j] = rnd();
            /* random value, with bits above the width set half the time; and the extremes */
            uint64_t v = k == 0 ? 0 : k == 1 ? mask : k == 2 ? ~(uint64_t)0 : rnd();
            if (k > 2 && (k & 1))
                v &= mask;
            mdd_field_set(w, f->word, f->lsb, f->width, v);
            if (mdd_field_get(w, f->word, f->lsb, f->width) != (v & mask))
                bad++;
            for (int j = 0; j < MAX_WORDS; j++) {
                uint64_t keep = j == (int)f->word ? ~(mask << f->lsb) : ~(uint64_t)0;
                if ((w[j] & keep) != (before[j] & keep))
                    bad++;
            }
            if (((w[f->word] >> f->lsb) & mask) != (v & mask))
                bad++;
        }
        check(bad == 0, "%s.%s: get/set round trip: %u mismatches", f->rec, f->name, bad);
    }

    /* every field of a record written with its own random value, then all read back (via MDD_SET/MDD_GET) */
    for (int k = 0; k < 200; k++) {
        uint64_t vals[256];
        size_t nv = 0, bad = 0;
        memset(rec_bufs, 0, sizeof rec_bufs);
#define MDD_CONST MDD_FORMATS_IGNORE
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_PIFMT MDD_FORMATS_IGNORE
#define MDD_FIELD(r, nm, w, l, b) \
        if (nv < 256) { vals[nv] = rnd(); MDD_SET(r, nm, rec_buf(#r), vals[nv]); nv++; }
#include "mdd/formats.def"
#undef MDD_FIELD
        nv = 0;
#define MDD_FIELD(r, nm, w, l, b) \
        if (nv < 256) { bad += MDD_GET(r, nm, rec_buf(#r)) != (vals[nv] & width_mask(b)); nv++; }
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
        check(nv == mdd_fields_count && bad == 0, "all fields at once (MDD_SET/MDD_GET), pass %d: %zu bad", k, bad);
    }
}

/* ---- inclusion table: docs/ARCHITECTURE.md 4.3, the independent reference --------------------------------- */

static void test_incl(void)
{
    static const struct { unsigned engine, proto; uint8_t mask; const char *what; } ref[] = {
        {MDD_ENGINE_HDIG, MDD_PROTO_ISCSI, 0x02, "header digest, iSCSI"},
        {MDD_ENGINE_HDIG, MDD_PROTO_MPA, 0x00, "header digest, MPA"},
        {MDD_ENGINE_HDIG, MDD_PROTO_RAW, 0x00, "header digest, RAW"},
        {MDD_ENGINE_DDIG, MDD_PROTO_ISCSI, 0x29, "data digest, iSCSI"},
        {MDD_ENGINE_DDIG, MDD_PROTO_MPA, 0x3B, "FPDU CRC, MPA"},
        {MDD_ENGINE_DDIG, MDD_PROTO_RAW, 0x00, "data digest, RAW"},
        {MDD_ENGINE_GUARD, MDD_PROTO_ISCSI, 0x01, "guard, iSCSI"},
        {MDD_ENGINE_GUARD, MDD_PROTO_MPA, 0x01, "guard, MPA"},
        {MDD_ENGINE_GUARD, MDD_PROTO_RAW, 0x01, "guard, RAW"},
    };
    for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++)
        check(mdd_incl_mask(ref[i].engine, ref[i].proto) == ref[i].mask, "mdd_incl_mask(%s) = 0x%02X, want 0x%02X",
              ref[i].what, mdd_incl_mask(ref[i].engine, ref[i].proto), ref[i].mask);
    /* the named constants, and the table written as KIND sets (4.3's columns) */
    check(MDD_INCL_HDIG_ISCSI == (1 << MDD_KIND_HDR), "MDD_INCL_HDIG_ISCSI");
    check(MDD_INCL_DDIG_ISCSI == ((1 << MDD_KIND_PAY) | (1 << MDD_KIND_PAD) | (1 << MDD_KIND_PI)),
          "MDD_INCL_DDIG_ISCSI");
    check(MDD_INCL_DDIG_MPA == ((1 << MDD_KIND_PAY) | (1 << MDD_KIND_HDR) | (1 << MDD_KIND_PAD) |
                                (1 << MDD_KIND_MRK) | (1 << MDD_KIND_PI)), "MDD_INCL_DDIG_MPA");
    check(MDD_INCL_GUARD_ISCSI == 1 && MDD_INCL_GUARD_MPA == 1 && MDD_INCL_GUARD_RAW == 1, "MDD_INCL_GUARD_*");
    check(MDD_INCL_HDIG_MPA == 0 && MDD_INCL_HDIG_RAW == 0 && MDD_INCL_DDIG_RAW == 0, "MDD_INCL_* zero entries");
    /* out of range */
    unsigned bad = 0;
    for (unsigned e = 0; e < 8; e++)
        for (unsigned p = 0; p < 8; p++)
            if ((e > 2 || p > 2) && mdd_incl_mask(e, p) != 0)
                bad++;
    bad += mdd_incl_mask(~0u, 0) != 0 || mdd_incl_mask(0, ~0u) != 0;
    check(bad == 0, "mdd_incl_mask out of range: %u nonzero", bad);
}

/* ---- PI formats ----------------------------------------------------------------------------------------------- */

static void test_pifmt(void)
{
    unsigned n = 0;
#define MDD_CONST MDD_FORMATS_IGNORE
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_FIELD MDD_FORMATS_IGNORE
#define MDD_PIFMT(nm, c, len, ga, gl, ao, ro, rl) \
    { \
        const struct mdd_pifmt *p = mdd_pifmt(c); \
        check(p != NULL && strcmp(p->name, #nm) == 0 && p->pi_len == MDD_PI_##nm##_LEN && \
              p->guard_alg == MDD_PI_##nm##_GUARD_ALG && p->guard_len == MDD_PI_##nm##_GUARD_LEN && \
              p->app_off == MDD_PI_##nm##_APP_OFF && p->ref_off == MDD_PI_##nm##_REF_OFF && \
              p->ref_len == MDD_PI_##nm##_REF_LEN && p->code == MDD_PI_##nm##_CODE, \
              "mdd_pifmt(%u) is not PI format %s", (unsigned)(c), #nm); \
        n++; \
    }
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
    check(n > 0, "no PI format");

    unsigned found = 0;
    for (unsigned code = 0; code < 256; code++) {
        const struct mdd_pifmt *p = mdd_pifmt(code);
        if (!p)
            continue;
        found++;
        check(p->code == code, "mdd_pifmt(%u) returned code %u", code, p->code);
        check(p->app_off == p->guard_len, "PI %s: application tag at %u, right after the %u-byte guard", p->name,
              p->app_off, p->guard_len);
        check(p->ref_off == p->app_off + 2, "PI %s: reference tag at %u, after the 2-byte application tag at %u",
              p->name, p->ref_off, p->app_off);
        check(p->guard_len + 2 + p->ref_len == p->pi_len, "PI %s: guard %u + app 2 + ref %u != pi_len %u", p->name,
              p->guard_len, p->ref_len, p->pi_len);
        check(p->ref_off + p->ref_len == p->pi_len, "PI %s: reference tag does not end the PI", p->name);
        const mdd_crc_params *cp =
            p->guard_alg < MDD_CRC_ALG_COUNT ? mdd_crc_params_of((mdd_crc_alg)p->guard_alg) : NULL;
        check(cp != NULL && cp->width == 8 * p->guard_len, "PI %s: guard_alg %u is not a %u-bit CRC", p->name,
              p->guard_alg, 8 * p->guard_len);
    }
    check(found == n, "mdd_pifmt finds %u codes in 0..255, formats.def has %u", found, n);
    check(mdd_pifmt(~0u) == NULL, "mdd_pifmt(unknown) is not NULL");
    /* the descriptor field that selects a format can hold every code */
    for (unsigned code = 0; code < 256; code++)
        if (mdd_pifmt(code))
            check(code < (1u << MDD_DESC_PI_FMT_W), "PI code %u does not fit DESC.PI_FMT", code);
}

/* ---- tag, kinds, errors ----------------------------------------------------------------------------------------- */

static void test_tag_names(void)
{
    check(MDD_TAG_KIND_MASK == 7, "MDD_TAG_KIND_MASK = %d", (int)MDD_TAG_KIND_MASK);
    unsigned all = MDD_TAG_KIND_MASK, nbits = 0;
#define MDD_CONST MDD_FORMATS_IGNORE
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_PIFMT MDD_FORMATS_IGNORE
#define MDD_FIELD MDD_FORMATS_IGNORE
#define MDD_TAGBIT(nm, b) \
    check(MDD_TAGM_##nm == (1u << MDD_TAG_##nm) && MDD_TAG_##nm < 8 && !(all & MDD_TAGM_##nm), \
          "tag bit %s (%d) collides or is out of the byte", #nm, (int)MDD_TAG_##nm); \
    all |= MDD_TAGM_##nm; nbits++;
#include "mdd/formats.def"
#undef MDD_TAGBIT
    check(all == 0xFF && nbits == 5, "tag bits + KIND cover 0x%02X with %u flags, want 0xFF with 5", all, nbits);
    /* ARCHITECTURE.md 4.1 */
    check(MDD_TAG_EB == 3 && MDD_TAG_EH == 4 && MDD_TAG_ED == 5 && MDD_TAG_EP == 6 && MDD_TAG_K == 7,
          "tag bit positions differ from ARCHITECTURE.md 4.1");
    check(MDD_KIND_PAY == 0 && MDD_KIND_HDR == 1 && MDD_KIND_HDIG == 2 && MDD_KIND_PAD == 3 && MDD_KIND_MRK == 4 &&
          MDD_KIND_PI == 5 && MDD_KIND_DDIG == 6 && MDD_KIND_VOID == 7, "KIND codes differ from ARCHITECTURE.md 4.1");

    unsigned kinds = 0;
#undef MDD_KIND
#define MDD_KIND(nm, c) \
    check(strcmp(mdd_kind_name(MDD_KIND_##nm), #nm) == 0, "mdd_kind_name(%d)", (int)MDD_KIND_##nm); \
    kinds |= 1u << MDD_KIND_##nm;
#undef MDD_TAGBIT
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#undef MDD_ERR
#define MDD_ERR(nm, c) \
    check(strcmp(mdd_err_name(MDD_ERR_##nm), #nm) == 0, "mdd_err_name(%d)", (int)MDD_ERR_##nm); \
    check(MDD_ERR_##nm < MDD_CTX_ERR_MAP_W, "error %s: code %d has no err_map bit", #nm, (int)MDD_ERR_##nm);
#include "mdd/formats.def"
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
    check(kinds == 0xFF, "KIND codes cover 0x%02X of 0..7", kinds);
    check(strcmp(mdd_kind_name(8), "?") == 0 && strcmp(mdd_err_name(1000), "?") == 0, "unknown names");
}

/* ---- the generated Verilog header ------------------------------------------------------------------------------ */

/* Parses "localparam [range] NAME = VALUE;" lines; VALUE is decimal, or N'd / N'h / N'b. Returns -1 if the
 * line is not a localparam, 0 if it is one that cannot be parsed, 1 if parsed. */
static int parse_localparam(const char *line, char *name, size_t name_size, uint64_t *value)
{
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncmp(s, "localparam", 10) != 0 || (s[10] != ' ' && s[10] != '\t'))
        return -1;
    s += 10;
    while (*s == ' ')
        s++;
    if (*s == '[') {
        s = strchr(s, ']');
        if (!s)
            return 0;
        s++;
        while (*s == ' ')
            s++;
    }
    size_t n = 0;
    while ((*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')) &&
           n + 1 < name_size)
        name[n++] = *s++;
    name[n] = '\0';
    while (*s == ' ')
        s++;
    if (n == 0 || *s++ != '=')
        return 0;
    while (*s == ' ')
        s++;
    int base = 10;
    const char *tick = strchr(s, '\'');
    const char *semi = strchr(s, ';');
    if (!semi)
        return 0;
    if (tick && tick < semi) {
        char b = tick[1];
        base = b == 'h' || b == 'H' ? 16 : b == 'd' || b == 'D' ? 10 : b == 'b' || b == 'B' ? 2 : 0;
        if (!base)
            return 0;
        s = tick + 2;
    }
    uint64_t v = 0;
    int digits = 0;
    for (; s < semi; s++) {
        int d;
        if (*s == '_')
            continue;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (*s >= 'a' && *s <= 'f')
            d = *s - 'a' + 10;
        else if (*s >= 'A' && *s <= 'F')
            d = *s - 'A' + 10;
        else
            return 0;
        if (d >= base)
            return 0;
        v = v * (uint64_t)base + (uint64_t)d;
        digits++;
    }
    *value = v;
    return digits > 0;
}

static void test_vh(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!check(f != NULL, "cannot open %s", path))
        return;
    char line[512], name[64];
    unsigned lineno = 0, params = 0;
    while (fgets(line, sizeof line, f)) {
        uint64_t v;
        lineno++;
        int r = parse_localparam(line, name, sizeof name, &v);
        if (r < 0)
            continue;
        params++;
        if (!check(r == 1, "%s:%u: cannot parse: %s", path, lineno, line))
            continue;
        size_t i;
        for (i = 0; i < n_expected && strcmp(expected[i].name, name) != 0; i++)
            ;
        if (!check(i < n_expected, "%s:%u: %s is not in formats.def", path, lineno, name))
            continue;
        check(!expected[i].seen, "%s:%u: %s declared twice", path, lineno, name);
        expected[i].seen = 1;
        check(v == expected[i].value, "%s:%u: %s = %" PRIu64 ", C says %" PRIu64, path, lineno, name, v,
              expected[i].value);
    }
    fclose(f);
    unsigned missing = 0;
    for (size_t i = 0; i < n_expected; i++)
        if (!expected[i].seen && ++missing <= 10)
            check(false, "%s: no localparam %s", path, expected[i].name);
    check(missing == 0 && params == n_expected, "%s: %u localparams, %zu expected, %u missing", path, params,
          n_expected, missing);
}

int main(int argc, char **argv)
{
    const char *vh = argc > 1 ? argv[1] : "rtl/mdd_formats.vh";

    if (argc > 2)
        check(strcmp(argv[2], "0") == 0, "scripts/gen-formats.py --check %s exited with %s", vh, argv[2]);
    build_expected();
    test_field_layout();
    test_field_roundtrip();
    test_incl();
    test_pifmt();
    test_tag_names();
    test_vh(vh);

    printf("formats: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

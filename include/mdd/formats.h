/* SPDX-License-Identifier: MIT */
/*
 * include/mdd/formats.h - the C view of include/mdd/formats.def (D-004, docs/ARCHITECTURE.md 4.4).
 *
 * Header-only: every name below is produced from formats.def with X-macros, the same file
 * scripts/gen-formats.py turns into rtl/mdd_formats.vh, so C and RTL cannot disagree.
 *
 *   MDD_KIND_<name>                  KIND codes of the per-byte tag (MDD_KIND_PAY = 0 ...)
 *   MDD_TAG_<name>, MDD_TAGM_<name>  tag flag bit numbers (MDD_TAG_EB = 3) and masks (1u << bit)
 *   MDD_TAG_KIND_MASK                the KIND field of a tag (7)
 *   MDD_<name>                       every MDD_CONST (MDD_PROTO_MPA, MDD_DIF_CHECK_KEEP, MDD_DESC_WORDS ...)
 *   MDD_INCL_<engine>_<proto>        CRC inclusion masks (bit k = KIND k); mdd_incl_mask(engine, proto)
 *   MDD_ERR_<name>                   error codes; mdd_err_name(code)
 *   MDD_PI_<name>_CODE, _LEN, ...    PI formats, as in the .vh; struct mdd_pifmt via mdd_pifmt(code)
 *   MDD_<rec>_<name>_WORD/_LSB/_W    record fields: bits [LSB+W-1:LSB] of 64-bit word WORD
 *   MDD_GET(rec, name, words), MDD_SET(rec, name, words, v)
 *   mdd_fields[i], mdd_fields_count  every field, for dumps and messages (also mdd_field_find)
 *
 * Using formats.def directly: it is a bare list of MDD_CONST/KIND/TAGBIT/INCL/ERR/PIFMT/FIELD(...) lines
 * and does not define defaults itself, so define ALL seven macros before including it, the families you do
 * not need as MDD_FORMATS_IGNORE (e.g. `#define MDD_ERR MDD_FORMATS_IGNORE`), and #undef them afterwards.
 */
#ifndef MDD_FORMATS_H
#define MDD_FORMATS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_FORMATS_IGNORE(...)

/* ---- constants ----------------------------------------------------------------------------------------- */

/* All constants live in ONE enum, so comparing constants of two families (code < MDD_CTX_ERR_MAP_W) does
 * not trip -Wenum-compare. */
#define MDD_CONST(name, value) MDD_##name = (value),
#define MDD_KIND(name, code) MDD_KIND_##name = (code),
#define MDD_TAGBIT(name, bit) MDD_TAG_##name = (bit), MDD_TAGM_##name = (1 << (bit)),
#define MDD_INCL(engine, proto, mask) MDD_INCL_##engine##_##proto = (mask),
#define MDD_ERR(name, code) MDD_ERR_##name = (code),
#define MDD_PIFMT(name, code, pi_len, guard_alg, guard_len, app_off, ref_off, ref_len) \
    MDD_PI_##name##_CODE = (code), MDD_PI_##name##_LEN = (pi_len), MDD_PI_##name##_GUARD_ALG = (guard_alg), \
    MDD_PI_##name##_GUARD_LEN = (guard_len), MDD_PI_##name##_APP_OFF = (app_off), \
    MDD_PI_##name##_REF_OFF = (ref_off), MDD_PI_##name##_REF_LEN = (ref_len),
#define MDD_FIELD(rec, name, word, lsb, width) \
    MDD_##rec##_##name##_WORD = (word), MDD_##rec##_##name##_LSB = (lsb), MDD_##rec##_##name##_W = (width),
enum mdd_formats_const {
#include "formats.def"
    /* the KIND field of a tag */
    MDD_TAG_KIND_MASK = ((1 << MDD_TAG_KIND_W) - 1) << MDD_TAG_KIND_LSB
};
#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD
#define MDD_CONST MDD_FORMATS_IGNORE
#define MDD_KIND MDD_FORMATS_IGNORE
#define MDD_TAGBIT MDD_FORMATS_IGNORE
#define MDD_INCL MDD_FORMATS_IGNORE
#define MDD_ERR MDD_FORMATS_IGNORE
#define MDD_PIFMT MDD_FORMATS_IGNORE
#define MDD_FIELD MDD_FORMATS_IGNORE

/* ---- lookups ------------------------------------------------------------------------------------------- */

/* CRC inclusion mask of engine MDD_ENGINE_* for protocol MDD_PROTO_*; 0 for any other pair. */
static inline uint8_t mdd_incl_mask(unsigned engine, unsigned proto)
{
#undef MDD_INCL
#define MDD_INCL(e, p, mask) \
    if (engine == (unsigned)MDD_ENGINE_##e && proto == (unsigned)MDD_PROTO_##p) \
        return (uint8_t)(mask);
#include "formats.def"
#undef MDD_INCL
#define MDD_INCL MDD_FORMATS_IGNORE
    return 0;
}

/* Name of an error code without its prefix ("DDIG"), "?" if unknown. */
static inline const char *mdd_err_name(unsigned code)
{
    switch (code) {
#undef MDD_ERR
#define MDD_ERR(name, c) case MDD_ERR_##name: return #name;
#include "formats.def"
#undef MDD_ERR
#define MDD_ERR MDD_FORMATS_IGNORE
    default: return "?";
    }
}

/* Name of a KIND code without its prefix ("PAY"), "?" if unknown. */
static inline const char *mdd_kind_name(unsigned kind)
{
    switch (kind) {
#undef MDD_KIND
#define MDD_KIND(name, c) case MDD_KIND_##name: return #name;
#include "formats.def"
#undef MDD_KIND
#define MDD_KIND MDD_FORMATS_IGNORE
    default: return "?";
    }
}

struct mdd_pifmt {
    unsigned code, pi_len, guard_alg, guard_len, app_off, ref_off, ref_len;
    const char *name;
};

/* The PI format with this code (the descriptor's PI_FMT), NULL if none. */
static inline const struct mdd_pifmt *mdd_pifmt(unsigned code)
{
#undef MDD_PIFMT
#define MDD_PIFMT(name, c, pi_len, guard_alg, guard_len, app_off, ref_off, ref_len) \
    {c, pi_len, guard_alg, guard_len, app_off, ref_off, ref_len, #name},
    static const struct mdd_pifmt tab[] = {
#include "formats.def"
    };
#undef MDD_PIFMT
#define MDD_PIFMT MDD_FORMATS_IGNORE
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].code == code)
            return &tab[i];
    return NULL;
}

/* ---- record fields ------------------------------------------------------------------------------------- */

/* Bits [lsb + width - 1 : lsb] of words[word]; 1 <= width, lsb + width <= 64. */
static inline uint64_t mdd_field_get(const uint64_t *words, unsigned word, unsigned lsb, unsigned width)
{
    uint64_t mask = width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
    return (words[word] >> lsb) & mask;
}

/* Writes the low `width` bits of v into bits [lsb + width - 1 : lsb] of words[word]; other bits unchanged. */
static inline void mdd_field_set(uint64_t *words, unsigned word, unsigned lsb, unsigned width, uint64_t v)
{
    uint64_t mask = width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
    words[word] = (words[word] & ~(mask << lsb)) | ((v & mask) << lsb);
}

/* MDD_GET(DESC, PDU_OFF, desc) reads field PDU_OFF of the descriptor words desc[]. */
#define MDD_GET(rec, name, words) \
    mdd_field_get((words), MDD_##rec##_##name##_WORD, MDD_##rec##_##name##_LSB, MDD_##rec##_##name##_W)
#define MDD_SET(rec, name, words, v) \
    mdd_field_set((words), MDD_##rec##_##name##_WORD, MDD_##rec##_##name##_LSB, MDD_##rec##_##name##_W, (v))

struct mdd_field_desc {
    const char *rec, *name;
    unsigned word, lsb, width;
};

/* Every field of every record, in formats.def order; *count (if not NULL) receives the number. */
static inline const struct mdd_field_desc *mdd_field_table(size_t *count)
{
#undef MDD_FIELD
#define MDD_FIELD(rec, name, word, lsb, width) {#rec, #name, word, lsb, width},
    static const struct mdd_field_desc tab[] = {
#include "formats.def"
    };
#undef MDD_FIELD
#define MDD_FIELD MDD_FORMATS_IGNORE
    if (count)
        *count = sizeof tab / sizeof tab[0];
    return tab;
}

static inline size_t mdd_field_count(void)
{
    size_t n;
    mdd_field_table(&n);
    return n;
}

/* The table as an array and its length (a static array inside a function: no unused-variable warnings). */
#define mdd_fields (mdd_field_table(NULL))
#define mdd_fields_count (mdd_field_count())

/* The field `name` of record `rec` ("DESC", "PDU_OFF"), NULL if none. */
static inline const struct mdd_field_desc *mdd_field_find(const char *rec, const char *name)
{
    size_t n;
    const struct mdd_field_desc *t = mdd_field_table(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].rec, rec) == 0 && strcmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

/* The bits of word `word` of record `rec` that some field of the record uses (the others are reserved). */
static inline uint64_t mdd_field_used_mask(const char *rec, unsigned word)
{
    size_t n;
    const struct mdd_field_desc *t = mdd_field_table(&n);
    uint64_t used = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(t[i].rec, rec) != 0 || t[i].word != word)
            continue;
        const uint64_t m = t[i].width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << t[i].width) - 1);
        used |= m << t[i].lsb;
    }
    return used;
}

#undef MDD_CONST
#undef MDD_KIND
#undef MDD_TAGBIT
#undef MDD_INCL
#undef MDD_ERR
#undef MDD_PIFMT
#undef MDD_FIELD

#ifdef __cplusplus
}
#endif

#endif /* MDD_FORMATS_H */

/* SPDX-License-Identifier: MIT */
/*
 * VCD reader and trace comparison behind `mdd compare` (docs/ARCHITECTURE.md section 8).
 *
 * The reader streams a value change dump through zlib, so plain and gzip-compressed files read alike: the
 * header ($scope/$var/$upscope, any other $keyword ... $end skipped) when opened, then one timestamp's
 * changes per mdd_vcd_step. Values are kept per identifier code ("slot"; vars that share a code share it) as
 * text, most significant bit first, one character per bit from {0, 1, x, z}, left-extended to the var's width
 * as the VCD standard says; real vars keep their number's text.
 *
 * The comparison pairs the vars of two dumps by name (mdd_vcd_match) and walks both dumps' timestamps in
 * order, comparing the paired values at every timestamp present in either file (a value holds until it
 * changes), until the first timestamp at which some pair differs.
 *
 * Not part of the twins: libmdd leaves this file out, so only the CLI and its tests link zlib.
 */
#ifndef MDD_VCD_H
#define MDD_VCD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_vcd mdd_vcd;

typedef struct mdd_vcd_var {
    const char *path;  /* scopes and name joined by '.', e.g. "TOP.mdd_crc_shift.g_stage[0].reg_q" */
    const char *leaf;  /* the name in its $var line, e.g. "reg_q" */
    unsigned depth;    /* number of enclosing scopes */
    unsigned width;    /* the $var size */
    unsigned slot;     /* value slot (one per identifier code) */
    bool real;         /* a `real` var: values are numbers in text */
} mdd_vcd_var;

/* Opens a dump (plain or gzip) and reads its header and the values before the first timestamp.
 * NULL on failure, with "PATH: problem" or "PATH:LINE: problem" in err. */
mdd_vcd *mdd_vcd_open(const char *path, char *err, size_t errlen);
void mdd_vcd_close(mdd_vcd *v);

size_t mdd_vcd_nvars(const mdd_vcd *v);
const mdd_vcd_var *mdd_vcd_var_at(const mdd_vcd *v, size_t i);
/* The $timescale text with blanks removed ("1ps"), or "" when the header has none. */
const char *mdd_vcd_timescale(const mdd_vcd *v);
/* The current value of a slot (see the top of this file). */
const char *mdd_vcd_value(const mdd_vcd *v, unsigned slot);

/* The next timestamp: true and *t, or false at the end of the dump. */
bool mdd_vcd_peek_time(const mdd_vcd *v, uint64_t *t);
/* Applies the changes of the next timestamp (the one peek returns): 0, or -1 with err filled. The slots
 * whose value changed since mdd_vcd_clear_changed are listed by mdd_vcd_changed. */
int mdd_vcd_step(mdd_vcd *v, char *err, size_t errlen);
const unsigned *mdd_vcd_changed(const mdd_vcd *v, size_t *n);
void mdd_vcd_clear_changed(mdd_vcd *v);

/* Writes a value as "0x" and hex digits (a digit is 'x' or 'z' when all its bits are, 'X' or 'Z' when some
 * are), or a real's text, into out (truncated to outlen). */
void mdd_vcd_format(const mdd_vcd *v, const mdd_vcd_var *var, char *out, size_t outlen);

/* ---- comparison ---- */

typedef enum {
    MDD_VCD_BY_PATH, /* the same full path in both dumps (two RTL traces, two model traces) */
    MDD_VCD_BY_LEAF, /* the same name; in a dump where it occurs in several scopes, the shallowest
                        (the top's ports before a sub-instance's), then the first declared */
    MDD_VCD_BY_FLAT, /* a var's path below some scope flattened ('.' and '[' become '_', ']' goes) equals
                        the other dump's leaf name: RTL g_stage[0].reg_q <-> twin g_stage_0_reg_q */
} mdd_vcd_match_rule;

typedef struct mdd_vcd_pair {
    size_t a, b;              /* var indices in the two dumps */
    const char *name;         /* the path (BY_PATH), the common leaf or the flattened name */
    mdd_vcd_match_rule rule;
} mdd_vcd_pair;

/* Pairs the vars of a and b: first by path, then by leaf, then flattened (each var in one pair at most);
 * pairs in the order of a's vars. With nnames > 0, keeps only the pairs whose name, or the path of either
 * var, is one of names; a name that selects no pair is an error. 0, or -1 with err filled. *pairs is
 * malloc'ed (free it); *only_a / *only_b count the vars left unpaired. */
int mdd_vcd_match(const mdd_vcd *a, const mdd_vcd *b, const char *const *names, size_t nnames,
                  mdd_vcd_pair **pairs, size_t *npairs, size_t *only_a, size_t *only_b, char *err, size_t errlen);

typedef struct mdd_vcd_cmp {
    bool timed;         /* some timestamp was seen */
    uint64_t first, last; /* first and last timestamp of either dump */
    bool differ;
    uint64_t time;      /* the first timestamp with a difference (differ) */
    size_t ndiff;       /* pairs that differ at that time, their indices in diff[] (in pair order) */
    size_t *diff;       /* malloc'ed: free it */
} mdd_vcd_cmp;

/* Walks both dumps to their end or to the first difference (the readers then hold that time's values).
 * Values of different widths compare as numbers. 0 agree, 1 differ, -1 error (err filled). */
int mdd_vcd_compare(mdd_vcd *a, mdd_vcd *b, const mdd_vcd_pair *pairs, size_t npairs, mdd_vcd_cmp *res, char *err,
                    size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MDD_VCD_H */

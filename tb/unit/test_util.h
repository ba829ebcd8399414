/* SPDX-License-Identifier: MIT */
/*
 * The bookkeeping the C unit tests share: assertion counters with a context label (the last stdout line of a
 * suite is "<suite>: P passed, F failed"), a seeded splitmix64 generator (a failure prints its seed, and the
 * same seed replays it), and an allocation that never returns NULL. Include once per test program.
 */
#ifndef MDD_TEST_UTIL_H
#define MDD_TEST_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long passed, failed;
static char ctx_label[256]; /* what is being tested (printed with failures) */

/* Counts one assertion; prints the first 60 failures with the label. */
static inline bool check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool check(bool ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return true;
    }
    if (++failed <= 60) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL [%s]: ", ctx_label);
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
    return false;
}

static inline void label(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void label(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx_label, sizeof ctx_label, fmt, ap);
    va_end(ap);
}

static uint64_t rng_state = 1;

static inline uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }

static inline void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

#endif /* MDD_TEST_UTIL_H */

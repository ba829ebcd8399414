/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_rng.h - the seeded generator the stimulus generators share (model/mdd_trafgen.c,
 * model/mdd_cmbtraf.c): splitmix64, so that a seed replays a stream exactly on every platform. Private to
 * model/ (static inline).
 */
#ifndef MDD_RNG_H
#define MDD_RNG_H

#include <stdbool.h>
#include <stdint.h>

struct mdd_rng {
    uint64_t s;
};

static inline uint64_t mdd_rng_next(struct mdd_rng *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* 0 .. n - 1 (0 for n = 0) */
static inline uint64_t mdd_rng_below(struct mdd_rng *g, uint64_t n) { return n ? mdd_rng_next(g) % n : 0; }

/* lo .. hi inclusive, the whole 64-bit range included */
static inline uint64_t mdd_rng_range(struct mdd_rng *g, uint64_t lo, uint64_t hi)
{
    return hi - lo == ~(uint64_t)0 ? mdd_rng_next(g) : lo + mdd_rng_below(g, hi - lo + 1);
}

static inline bool mdd_rng_chance(struct mdd_rng *g, unsigned pct) { return mdd_rng_below(g, 100) < pct; }

#endif /* MDD_RNG_H */

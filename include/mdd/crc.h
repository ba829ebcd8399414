/* SPDX-License-Identifier: MIT */
/*
 * mdd CRC library: CRC-32C, CRC-16/T10-DIF, CRC-32 (IEEE) and CRC-64/NVME from
 * one parameterised implementation, plus the GF(2) shift operator
 * reg * x^(8n) mod g in O(log n) and combine(crcA, crcB, lenB).
 *
 * Two domains are used throughout the project, on the C side and in the RTL:
 *
 *  - the VALUE domain: the CRC as a protocol reports it (init applied at the
 *    start, xorout applied at the end).  mdd_crc(), mdd_crc_update(),
 *    mdd_crc_combine() and the seeds/results of the RTL CRC unit use it.
 *    Like zlib's crc32(crc, buf, len), a value is also a resumable partial
 *    state: mdd_crc_update(alg, mdd_crc(alg, A), B) == mdd_crc(alg, A||B).
 *
 *  - the REGISTER ("raw") domain: the CRC shift register itself, in the
 *    algorithm's native bit order (reflected algorithms keep the register
 *    reflected, exactly as the table-driven code and the RTL do), with no init
 *    and no xorout.  It is linear over GF(2): shift/unshift/mulmod act on it.
 *    reg = value ^ xorout.
 *
 * Every supported CRC has refin == refout, so no output reflection step exists.
 */
#ifndef MDD_CRC_H
#define MDD_CRC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The numbering is shared with the RTL parameter CRC_ALG. */
typedef enum mdd_crc_alg {
    MDD_CRC32C = 0,       /* Castagnoli: iSCSI digests, MPA CRC, NVMe 32b guard */
    MDD_CRC16_T10DIF = 1, /* T10 DIF guard tag */
    MDD_CRC32 = 2,        /* IEEE 802.3 / zlib */
    MDD_CRC64_NVME = 3,   /* NVMe 64b guard (Rocksoft) */
    MDD_CRC_ALG_COUNT
} mdd_crc_alg;

typedef struct mdd_crc_params {
    const char *name;  /* CLI name: "crc32c", "crc16-t10dif", "crc32", "crc64-nvme" */
    unsigned width;    /* 16, 32 or 64 */
    uint64_t poly;     /* normal form, x^width term omitted */
    uint64_t init;     /* register value before the first byte */
    bool reflected;    /* refin == refout */
    uint64_t xorout;
    uint64_t check;    /* CRC of the ASCII bytes "123456789" */
} mdd_crc_params;

const mdd_crc_params *mdd_crc_params_of(mdd_crc_alg alg);
/* 0 and *alg set when name is a known CLI name, -1 otherwise. */
int mdd_crc_alg_from_name(const char *name, mdd_crc_alg *alg);
/* All-ones mask of the CRC width. */
uint64_t mdd_crc_mask(mdd_crc_alg alg);

/* ---- value domain ---- */
uint64_t mdd_crc(mdd_crc_alg alg, const void *buf, size_t len);
/* Continue a value: crc is the value of a prefix (mdd_crc_empty() for none). */
uint64_t mdd_crc_update(mdd_crc_alg alg, uint64_t crc, const void *buf, size_t len);
/* The value of the empty message: init ^ xorout. */
uint64_t mdd_crc_empty(mdd_crc_alg alg);
/* CRC of A||B from crc(A), crc(B) and |B| in bytes; O(log len_b). */
uint64_t mdd_crc_combine(mdd_crc_alg alg, uint64_t crc_a, uint64_t crc_b, uint64_t len_b);

/* ---- register domain ---- */
static inline uint64_t mdd_crc_value_to_reg(const mdd_crc_params *p, uint64_t value) { return value ^ p->xorout; }
static inline uint64_t mdd_crc_reg_to_value(const mdd_crc_params *p, uint64_t reg) { return reg ^ p->xorout; }
/* Feed bytes into a raw register (no init, no xorout). */
uint64_t mdd_crc_raw_update(mdd_crc_alg alg, uint64_t reg, const void *buf, size_t len);
/* reg * x^(8n) mod g; equals mdd_crc_raw_update(alg, reg, <n zero bytes>). O(log n), any n < 2^64. */
uint64_t mdd_crc_shift(mdd_crc_alg alg, uint64_t reg, uint64_t nbytes);
/* reg * x^(-8n) mod g: the inverse of mdd_crc_shift (g has a constant term, so x is invertible). */
uint64_t mdd_crc_unshift(mdd_crc_alg alg, uint64_t reg, uint64_t nbytes);
/* a * b mod g, both in register representation. */
uint64_t mdd_crc_mulmod(mdd_crc_alg alg, uint64_t a, uint64_t b);
/* x^(8n) mod g in register representation (so shift(reg,n) == mulmod(reg, xpow8n(n))). */
uint64_t mdd_crc_xpow8n(mdd_crc_alg alg, uint64_t nbytes);

/* k such that x^(2^k - 1) = 1 mod g: x^(8n) depends on n only mod 2^k - 1 (31 for CRC-32C, 16 for
 * CRC-16/T10-DIF, 32 for CRC-32, 64 for CRC-64/NVME; rtl/mdd_crc_math.vh has the same table). */
unsigned mdd_crc_x_order_w(mdd_crc_alg alg);
/* A byte count folded to k = mdd_crc_x_order_w(alg) bits as the RTL folds a shift count (mdd_cmb): the sum of
 * n's k-bit chunks, folded twice with end-around carries.  Congruent to n mod 2^k - 1 and below 2^k (2^k - 1
 * stands for 0 when n is a non-zero multiple), so shift(reg, fold(n)) == shift(reg, n); n itself when k = 64. */
uint64_t mdd_crc_fold_count(mdd_crc_alg alg, uint64_t n);

/* ---- implementation selection (all give identical results) ---- */
typedef enum mdd_crc_impl {
    MDD_CRC_IMPL_AUTO = 0,     /* fastest the CPU supports, chosen at run time */
    MDD_CRC_IMPL_PORTABLE,     /* plain C slicing tables */
    MDD_CRC_IMPL_SSE42,        /* SSE4.2 crc32 instruction (CRC-32C only; others use the next best) */
    MDD_CRC_IMPL_CLMUL,        /* PCLMULQDQ folding, 128-bit lanes */
    MDD_CRC_IMPL_VPCLMUL,      /* VPCLMULQDQ + AVX-512 folding, 512-bit lanes */
    MDD_CRC_IMPL_COUNT
} mdd_crc_impl;

const char *mdd_crc_impl_name(mdd_crc_impl impl);
bool mdd_crc_impl_supported(mdd_crc_impl impl);
/* Force an implementation for every later call (process-wide, not thread-safe
 * against concurrent CRC calls); -1 when the CPU lacks it. The environment
 * variable MDD_CRC_IMPL=portable|sse42|clmul|vpclmul|auto does the same at start-up. */
int mdd_crc_set_impl(mdd_crc_impl impl);
/* The implementation that mdd_crc_raw_update would use now for alg. */
mdd_crc_impl mdd_crc_active_impl(mdd_crc_alg alg);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CRC_H */

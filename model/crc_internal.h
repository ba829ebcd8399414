/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by model/crc.c (tables, portable path, shift/combine,
 * dispatch) and model/crc_x86.c (SSE4.2 / PCLMULQDQ / VPCLMULQDQ kernels).
 * Not a public header: nothing outside the CRC library includes it.
 */
#ifndef MDD_CRC_INTERNAL_H
#define MDD_CRC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd/crc.h"

/* Slicing depth of the portable path; the fold kernels also reuse the
 * tables to finish their last 16-byte lane. */
#define MDD_CRCI_SLICES 16
/* 256-ary digits of a 64-bit byte count: x^(8n) is a product of <= 8 table entries. */
#define MDD_CRCI_DIGITS 8
/* Fold distances 16..256 bytes in steps of 16 (index = distance / 16). */
#define MDD_CRCI_FOLDS 17

typedef struct mdd_crc_engine mdd_crc_engine;

/* A raw-register update kernel: reg in register representation, already masked. */
typedef uint64_t (*mdd_crci_update_fn)(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len);
/* a * b mod g in register representation. */
typedef uint64_t (*mdd_crci_mul_fn)(const mdd_crc_engine *e, uint64_t a, uint64_t b);

struct mdd_crc_engine {
    const mdd_crc_params *params;
    unsigned width;
    unsigned nbytes; /* width / 8 */
    bool reflected;
    uint64_t mask;
    /* Normal (MSB-first) algorithms keep the register left-aligned in 64 bits
     * inside the table code so one set of shifts serves every width. */
    unsigned align_shift; /* 0 when reflected, 64 - width otherwise */
    uint64_t one;         /* the polynomial 1 in register representation */

    /* table[k][b]: register after feeding byte b then k zero bytes into a zero
     * register (left-aligned for normal algorithms). */
    uint64_t table[MDD_CRCI_SLICES][256];
    /* xpow_digit[i][d] = x^(8 * d * 256^i) mod g, xinv_digit the inverse powers. */
    uint64_t xpow_digit[MDD_CRCI_DIGITS][256];
    uint64_t xinv_digit[MDD_CRCI_DIGITS][256];
    /* Carry-less fold constants for moving a 16-byte lane forward by 16*i bytes,
     * as the two 64-bit halves of an XMM constant (see crc_x86.c for the algebra). */
    uint64_t fold_k[MDD_CRCI_FOLDS][2];
    /* Merge constants of the 3-stream SSE4.2 kernel: x^(8*blk), x^(16*blk). */
    uint64_t stream_k[3][2];

    /* Kernel per implementation; NULL where the CPU or algorithm has none. */
    mdd_crci_update_fn impl_fn[MDD_CRC_IMPL_COUNT];
    /* Best scalar kernel, used for short inputs and the tails of the fold kernels. */
    mdd_crci_update_fn tail_fn;
    /* Fastest mulmod the CPU has, for the SSE4.2 stream merges. */
    mdd_crci_mul_fn mul_fast;
};

/* Stream block sizes of the SSE4.2 kernel, largest first. */
static const size_t mdd_crci_stream_blk[3] = {4096, 512, 64};

/* ---- provided by crc.c ---- */
uint64_t mdd_crci_update_portable(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len);
uint64_t mdd_crci_mulmod_portable(const mdd_crc_engine *e, uint64_t a, uint64_t b);

/* ---- provided by crc_x86.c; off x86-64 it reports no SIMD support and sets nothing up ---- */
/* CPU support for each implementation level (PORTABLE and AUTO always true). */
bool mdd_crci_cpu_has(mdd_crc_impl impl);
/* Fill impl_fn[SSE42..VPCLMUL], tail_fn and mul_fast for the CPU; needs the
 * tables, digit tables and constants of e to be built already. */
void mdd_crci_arch_setup(mdd_crc_engine *e);
/* reg * prod(tab[i][digit_i(n)]) with PCLMULQDQ; only when mdd_crci_cpu_has(CLMUL). */
uint64_t mdd_crci_digits_mul_clmul(const mdd_crc_engine *e, uint64_t reg, uint64_t n,
                                   const uint64_t (*tab)[256]);
uint64_t mdd_crci_mulmod_clmul(const mdd_crc_engine *e, uint64_t a, uint64_t b);

/*
 * h * x^width mod g for h in register representation: exactly what feeding
 * width/8 zero bytes into register h gives, i.e. one slicing step whose
 * message bytes are h's own bytes.  This is the only reduction the library
 * needs (mulmod reduces the high half of a carry-less product with it).
 */
static inline uint64_t mdd_crci_mul_xw(const mdd_crc_engine *e, uint64_t h)
{
    const unsigned k = e->nbytes;
    uint64_t r = 0;
    if (e->reflected) {
        for (unsigned j = 0; j < k; j++)
            r ^= e->table[k - 1 - j][(h >> (8 * j)) & 0xff];
        return r;
    }
    for (unsigned j = 0; j < k; j++)
        r ^= e->table[k - 1 - j][(h >> (e->width - 8 - 8 * j)) & 0xff];
    return r >> e->align_shift;
}

/*
 * Reduce the 128-bit carry-less product hi:lo of two register-representation
 * values.  Normal algorithms: the product is the polynomial itself, its low
 * `width` bits are already reduced and the rest is h * x^width.  Reflected
 * algorithms: bit i of a w-bit value is the coefficient of x^(w-1-i), so the
 * product of two of them lands one bit short of a 2w-bit reflected value;
 * shifting left by one aligns it, after which the low w bits are the
 * high-degree half h (times x^w) and the next w bits the low-degree half.
 */
static inline uint64_t mdd_crci_reduce_product(const mdd_crc_engine *e, uint64_t hi, uint64_t lo)
{
    const unsigned w = e->width;
    uint64_t high_half, low_half;
    if (e->reflected) {
        const uint64_t qh = (hi << 1) | (lo >> 63), ql = lo << 1;
        high_half = ql & e->mask;
        low_half = w == 64 ? qh : ((ql >> w) | (qh << (64 - w))) & e->mask;
    } else {
        low_half = lo & e->mask;
        high_half = w == 64 ? hi : ((lo >> w) | (hi << (64 - w))) & e->mask;
    }
    return mdd_crci_mul_xw(e, high_half) ^ low_half;
}

#endif /* MDD_CRC_INTERNAL_H */

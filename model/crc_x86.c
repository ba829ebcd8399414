/* SPDX-License-Identifier: MIT */
/*
 * x86-64 kernels of the CRC library, each compiled for its own instruction
 * set with a per-function target attribute (no global -march), and picked at
 * run time from cpuid via __builtin_cpu_supports:
 *
 *  - SSE4.2: the crc32 instruction (CRC-32C only), three independent streams
 *    per block so the instruction's latency is hidden; the stream registers
 *    are merged with the shift operator (reg * x^(8*blk) mod g).
 *  - PCLMULQDQ: eight 16-byte lanes folded forward by 128 bytes per step.
 *  - VPCLMULQDQ + AVX-512: four 64-byte registers (16 lanes) folded by 256.
 *
 * The fold kernels serve every algorithm: reflected CRCs use lanes as loaded,
 * normal ones (CRC-16/T10-DIF) byte-swap each lane first; the constants in
 * mdd_crc_engine.fold_k absorb the difference (see build_engine in crc.c).
 * Folding stops at one 16-byte lane, which the scalar path finishes from a
 * zero register together with the remaining tail bytes: no Barrett step.
 *
 * On other architectures (or with -DMDD_CRC_NO_SIMD, which lets an x86 host
 * test that build) only the portable fallbacks at the end are compiled.
 */
#include "crc_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(MDD_CRC_NO_SIMD)

#include <immintrin.h>
#include <string.h>

#define TARGET_SSE42 __attribute__((target("sse4.2")))
#define TARGET_CLMUL __attribute__((target("sse4.2,pclmul")))
#define TARGET_VPCLMUL __attribute__((target("sse4.2,pclmul,avx2,avx512f,avx512bw,avx512vl,vpclmulqdq")))
/* The fold kernels take byte_swap as a constant; inlining specialises them. */
#define ALWAYS_INLINE inline __attribute__((always_inline))

bool mdd_crci_cpu_has(mdd_crc_impl impl)
{
    __builtin_cpu_init();
    switch (impl) {
    case MDD_CRC_IMPL_AUTO:
    case MDD_CRC_IMPL_PORTABLE:
        return true;
    case MDD_CRC_IMPL_SSE42:
        return __builtin_cpu_supports("sse4.2");
    case MDD_CRC_IMPL_CLMUL:
        return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul");
    case MDD_CRC_IMPL_VPCLMUL:
        /* libgcc also checks that the OS saves the ZMM state (XGETBV). */
        return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul") &&
               __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("vpclmulqdq");
    default:
        return false;
    }
}

/* ------------------------------------------------------------------------ */
/* SSE4.2 crc32 instruction (CRC-32C).                                       */

static inline uint64_t load_u64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

TARGET_SSE42 static uint64_t crc32c_sse42_serial(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p,
                                                 size_t len)
{
    (void)e;
    uint64_t c = reg;
    for (; len >= 8; p += 8, len -= 8)
        c = _mm_crc32_u64(c, load_u64(p));
    uint32_t c32 = (uint32_t)c;
    while (len--)
        c32 = _mm_crc32_u8(c32, *p++);
    return c32;
}

TARGET_SSE42 static uint64_t crc32c_sse42(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    for (unsigned level = 0; level < 3; level++) {
        const size_t blk = mdd_crci_stream_blk[level];
        for (; len >= 3 * blk; p += 3 * blk, len -= 3 * blk) {
            uint64_t c0 = reg, c1 = 0, c2 = 0;
            for (size_t i = 0; i < blk; i += 8) {
                c0 = _mm_crc32_u64(c0, load_u64(p + i));
                c1 = _mm_crc32_u64(c1, load_u64(p + blk + i));
                c2 = _mm_crc32_u64(c2, load_u64(p + 2 * blk + i));
            }
            /* Stream 0 is followed by 2*blk more bytes, stream 1 by blk. */
            reg = e->mul_fast(e, c0, e->stream_k[level][1]) ^ e->mul_fast(e, c1, e->stream_k[level][0]) ^ c2;
        }
    }
    return crc32c_sse42_serial(e, reg, p, len);
}

/* ------------------------------------------------------------------------ */
/* PCLMULQDQ: mulmod, shift digits, 128-bit folding.                        */

TARGET_CLMUL static inline uint64_t mulmod_clmul_inline(const mdd_crc_engine *e, uint64_t a, uint64_t b)
{
    const __m128i prod = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0);
    return mdd_crci_reduce_product(e, (uint64_t)_mm_extract_epi64(prod, 1), (uint64_t)_mm_cvtsi128_si64(prod));
}

TARGET_CLMUL uint64_t mdd_crci_mulmod_clmul(const mdd_crc_engine *e, uint64_t a, uint64_t b)
{
    return mulmod_clmul_inline(e, a, b);
}

TARGET_CLMUL uint64_t mdd_crci_digits_mul_clmul(const mdd_crc_engine *e, uint64_t reg, uint64_t n,
                                                const uint64_t (*tab)[256])
{
    for (unsigned i = 0; n; i++, n >>= 8) {
        const unsigned d = (unsigned)(n & 0xff);
        if (d)
            reg = mulmod_clmul_inline(e, reg, tab[i][d]);
    }
    return reg;
}

TARGET_CLMUL static inline __m128i fold_constant(const mdd_crc_engine *e, unsigned distance_bytes)
{
    return _mm_loadu_si128((const __m128i *)e->fold_k[distance_bytes / 16]);
}

/* a moved forward by the distance k encodes, plus b. */
TARGET_CLMUL static inline __m128i fold128(__m128i a, __m128i k, __m128i b)
{
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(a, k, 0x00), _mm_clmulepi64_si128(a, k, 0x11)), b);
}

TARGET_CLMUL static inline __m128i lane_load(const uint8_t *p, bool byte_swap)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)p);
    if (!byte_swap)
        return v;
    return _mm_shuffle_epi8(v, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
}

/* The register XORs into the first message bytes; where they sit in a lane. */
TARGET_CLMUL static inline __m128i register_lane(const mdd_crc_engine *e, uint64_t reg, bool byte_swap)
{
    if (byte_swap)
        return _mm_set_epi64x((long long)(reg << e->align_shift), 0);
    return _mm_set_epi64x(0, (long long)reg);
}

/* Hand the last folded lane and the tail to the scalar path. */
TARGET_CLMUL static inline uint64_t finish_lane(const mdd_crc_engine *e, __m128i lane, bool byte_swap,
                                                const uint8_t *p, size_t len)
{
    uint8_t bytes[16];
    if (byte_swap)
        lane = _mm_shuffle_epi8(lane, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    _mm_storeu_si128((__m128i *)bytes, lane);
    const uint64_t reg = e->tail_fn(e, 0, bytes, 16);
    return len ? e->tail_fn(e, reg, p, len) : reg;
}

/* Shorter inputs are faster on the scalar path than set-up plus finish. */
#define CLMUL_MIN_LEN 64
#define VPCLMUL_MIN_LEN 256

TARGET_CLMUL static ALWAYS_INLINE uint64_t fold_clmul(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len,
                                               const bool byte_swap)
{
    __m128i acc;
    if (len >= 128) {
        /* Eight accumulators in named variables so they stay in registers. */
        __m128i x0 = _mm_xor_si128(lane_load(p, byte_swap), register_lane(e, reg, byte_swap));
        __m128i x1 = lane_load(p + 16, byte_swap), x2 = lane_load(p + 32, byte_swap);
        __m128i x3 = lane_load(p + 48, byte_swap), x4 = lane_load(p + 64, byte_swap);
        __m128i x5 = lane_load(p + 80, byte_swap), x6 = lane_load(p + 96, byte_swap);
        __m128i x7 = lane_load(p + 112, byte_swap);
        p += 128;
        len -= 128;
        const __m128i k128 = fold_constant(e, 128);
        for (; len >= 128; p += 128, len -= 128) {
            x0 = fold128(x0, k128, lane_load(p, byte_swap));
            x1 = fold128(x1, k128, lane_load(p + 16, byte_swap));
            x2 = fold128(x2, k128, lane_load(p + 32, byte_swap));
            x3 = fold128(x3, k128, lane_load(p + 48, byte_swap));
            x4 = fold128(x4, k128, lane_load(p + 64, byte_swap));
            x5 = fold128(x5, k128, lane_load(p + 80, byte_swap));
            x6 = fold128(x6, k128, lane_load(p + 96, byte_swap));
            x7 = fold128(x7, k128, lane_load(p + 112, byte_swap));
        }
        /* Lane i is followed by 7-i more lanes. */
        acc = fold128(x0, fold_constant(e, 112), x7);
        acc = fold128(x1, fold_constant(e, 96), acc);
        acc = fold128(x2, fold_constant(e, 80), acc);
        acc = fold128(x3, fold_constant(e, 64), acc);
        acc = fold128(x4, fold_constant(e, 48), acc);
        acc = fold128(x5, fold_constant(e, 32), acc);
        acc = fold128(x6, fold_constant(e, 16), acc);
    } else {
        acc = _mm_xor_si128(lane_load(p, byte_swap), register_lane(e, reg, byte_swap));
        p += 16;
        len -= 16;
    }
    const __m128i k16 = fold_constant(e, 16);
    for (; len >= 16; p += 16, len -= 16)
        acc = fold128(acc, k16, lane_load(p, byte_swap));
    return finish_lane(e, acc, byte_swap, p, len);
}

TARGET_CLMUL static uint64_t update_clmul(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    if (len < CLMUL_MIN_LEN)
        return e->tail_fn(e, reg, p, len);
    return e->reflected ? fold_clmul(e, reg, p, len, false) : fold_clmul(e, reg, p, len, true);
}

/* ------------------------------------------------------------------------ */
/* VPCLMULQDQ + AVX-512: four lanes per ZMM register.                        */

TARGET_VPCLMUL static inline __m512i zmm_load(const uint8_t *p, bool byte_swap)
{
    const __m512i v = _mm512_loadu_si512((const void *)p);
    if (!byte_swap)
        return v;
    const __m512i swap = _mm512_broadcast_i32x4(
        _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    return _mm512_shuffle_epi8(v, swap);
}

TARGET_VPCLMUL static inline __m512i zmm_fold(__m512i a, __m512i k, __m512i b)
{
    /* 0x96: three-way XOR. */
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a, k, 0x00), _mm512_clmulepi64_epi128(a, k, 0x11), b,
                                     0x96);
}

TARGET_VPCLMUL static inline __m512i zmm_constant(const mdd_crc_engine *e, unsigned distance_bytes)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)e->fold_k[distance_bytes / 16]));
}

TARGET_VPCLMUL static ALWAYS_INLINE uint64_t fold_vpclmul(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p,
                                                   size_t len, const bool byte_swap)
{
    __m512i z0 = _mm512_xor_si512(zmm_load(p, byte_swap), _mm512_zextsi128_si512(register_lane(e, reg, byte_swap)));
    __m512i z1 = zmm_load(p + 64, byte_swap), z2 = zmm_load(p + 128, byte_swap), z3 = zmm_load(p + 192, byte_swap);
    p += 256;
    len -= 256;
    const __m512i k256 = zmm_constant(e, 256);
    for (; len >= 256; p += 256, len -= 256) {
        z0 = zmm_fold(z0, k256, zmm_load(p, byte_swap));
        z1 = zmm_fold(z1, k256, zmm_load(p + 64, byte_swap));
        z2 = zmm_fold(z2, k256, zmm_load(p + 128, byte_swap));
        z3 = zmm_fold(z3, k256, zmm_load(p + 192, byte_swap));
    }

    /* Register i is followed by 3-i more registers of 64 bytes. */
    __m512i acc = zmm_fold(z0, zmm_constant(e, 192), z3);
    acc = zmm_fold(z1, zmm_constant(e, 128), acc);
    acc = zmm_fold(z2, zmm_constant(e, 64), acc);
    const __m512i k64 = zmm_constant(e, 64);
    for (; len >= 64; p += 64, len -= 64)
        acc = zmm_fold(acc, k64, zmm_load(p, byte_swap));

    /* Lanes 0..2 move forward by 48, 32, 16 bytes onto lane 3. */
    const __m512i k_lanes = _mm512_inserti32x4(
        _mm512_inserti32x4(_mm512_castsi128_si512(fold_constant(e, 48)), fold_constant(e, 32), 1),
        fold_constant(e, 16), 2);
    __m512i moved = _mm512_xor_si512(_mm512_clmulepi64_epi128(acc, k_lanes, 0x00),
                                     _mm512_clmulepi64_epi128(acc, k_lanes, 0x11));
    moved = _mm512_mask_mov_epi64(moved, 0xC0, acc);
    __m128i lane = _mm_xor_si128(
        _mm_xor_si128(_mm512_extracti32x4_epi32(moved, 0), _mm512_extracti32x4_epi32(moved, 1)),
        _mm_xor_si128(_mm512_extracti32x4_epi32(moved, 2), _mm512_extracti32x4_epi32(moved, 3)));

    const __m128i k16 = fold_constant(e, 16);
    for (; len >= 16; p += 16, len -= 16)
        lane = fold128(lane, k16, lane_load(p, byte_swap));
    return finish_lane(e, lane, byte_swap, p, len);
}

TARGET_VPCLMUL static uint64_t update_vpclmul(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    if (len < VPCLMUL_MIN_LEN)
        return update_clmul(e, reg, p, len);
    return e->reflected ? fold_vpclmul(e, reg, p, len, false) : fold_vpclmul(e, reg, p, len, true);
}

/* ------------------------------------------------------------------------ */

static bool is_crc32c(const mdd_crc_engine *e)
{
    const mdd_crc_params *c = mdd_crc_params_of(MDD_CRC32C);
    return e->width == c->width && e->params->poly == c->poly && e->reflected == c->reflected;
}

void mdd_crci_arch_setup(mdd_crc_engine *e)
{
    if (mdd_crci_cpu_has(MDD_CRC_IMPL_CLMUL))
        e->mul_fast = mdd_crci_mulmod_clmul;
    if (is_crc32c(e) && mdd_crci_cpu_has(MDD_CRC_IMPL_SSE42)) {
        e->impl_fn[MDD_CRC_IMPL_SSE42] = crc32c_sse42;
        e->tail_fn = crc32c_sse42_serial;
    }
    if (mdd_crci_cpu_has(MDD_CRC_IMPL_CLMUL))
        e->impl_fn[MDD_CRC_IMPL_CLMUL] = update_clmul;
    if (mdd_crci_cpu_has(MDD_CRC_IMPL_VPCLMUL))
        e->impl_fn[MDD_CRC_IMPL_VPCLMUL] = update_vpclmul;
}

#else /* not x86-64, or MDD_CRC_NO_SIMD: the portable path only */

bool mdd_crci_cpu_has(mdd_crc_impl impl)
{
    return impl == MDD_CRC_IMPL_AUTO || impl == MDD_CRC_IMPL_PORTABLE;
}

void mdd_crci_arch_setup(mdd_crc_engine *e)
{
    (void)e;
}

/* Never selected here (mdd_crci_cpu_has(CLMUL) is false); kept correct anyway. */
uint64_t mdd_crci_digits_mul_clmul(const mdd_crc_engine *e, uint64_t reg, uint64_t n, const uint64_t (*tab)[256])
{
    for (unsigned i = 0; n; i++, n >>= 8)
        if (n & 0xff)
            reg = mdd_crci_mulmod_portable(e, reg, tab[i][n & 0xff]);
    return reg;
}

uint64_t mdd_crci_mulmod_clmul(const mdd_crc_engine *e, uint64_t a, uint64_t b)
{
    return mdd_crci_mulmod_portable(e, a, b);
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * mdd CRC library: parameter table, table generation, the portable
 * slicing-by-16 path, the GF(2) shift operator (x^(8n) mod g from 256-ary
 * digit tables), combine, and run-time implementation dispatch.
 *
 * Everything is derived at start-up from mdd_crc_params (poly, width,
 * reflection): slicing tables, digit tables of x^(+-8 d 256^i) and the
 * carry-less fold constants of the SIMD kernels.  Initialisation runs once,
 * lazily, under pthread_once, so any thread may make the first call.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc_internal.h"

static const mdd_crc_params params_table[MDD_CRC_ALG_COUNT] = {
    [MDD_CRC32C] = {"crc32c", 32, 0x1EDC6F41u, 0xFFFFFFFFu, true, 0xFFFFFFFFu, 0xE3069283u},
    [MDD_CRC16_T10DIF] = {"crc16-t10dif", 16, 0x8BB7u, 0, false, 0, 0xD0DBu},
    [MDD_CRC32] = {"crc32", 32, 0x04C11DB7u, 0xFFFFFFFFu, true, 0xFFFFFFFFu, 0xCBF43926u},
    [MDD_CRC64_NVME] = {"crc64-nvme", 64, 0xAD93D23594C93659u, UINT64_MAX, true, UINT64_MAX,
                        0xAE8B14860A799888u},
};

static const char *const impl_names[MDD_CRC_IMPL_COUNT] = {
    [MDD_CRC_IMPL_AUTO] = "auto",
    [MDD_CRC_IMPL_PORTABLE] = "portable",
    [MDD_CRC_IMPL_SSE42] = "sse42",
    [MDD_CRC_IMPL_CLMUL] = "clmul",
    [MDD_CRC_IMPL_VPCLMUL] = "vpclmul",
};

static mdd_crc_engine engines[MDD_CRC_ALG_COUNT];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
/* The implementation asked for (mdd_crc_set_impl / MDD_CRC_IMPL). */
static _Atomic int requested_impl = MDD_CRC_IMPL_AUTO;
/* What each request resolves to per algorithm, fixed at init. */
static mdd_crc_impl resolved_impl[MDD_CRC_IMPL_COUNT][MDD_CRC_ALG_COUNT];

/* ------------------------------------------------------------------------ */
/* Byte order of the slicing loads: reflected CRCs consume a 64-bit word    */
/* least-significant byte first, normal ones most-significant byte first.   */

static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline uint64_t load_be64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static uint64_t reflect_bits(uint64_t v, unsigned width)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < width; i++)
        r |= ((v >> i) & 1u) << (width - 1 - i);
    return r;
}

/* x^k (k < width) in register representation. */
static uint64_t monomial(const mdd_crc_engine *e, unsigned k)
{
    return e->reflected ? (uint64_t)1 << (e->width - 1 - k) : (uint64_t)1 << k;
}

/* ------------------------------------------------------------------------ */
/* Portable path: slicing-by-16.                                            */

static uint64_t update_reflected(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    const uint64_t(*t)[256] = e->table;
    uint64_t r = reg;
    for (; len >= 16; p += 16, len -= 16) {
        const uint64_t a = r ^ load_le64(p), b = load_le64(p + 8);
        r = t[15][a & 0xff] ^ t[14][(a >> 8) & 0xff] ^ t[13][(a >> 16) & 0xff] ^ t[12][(a >> 24) & 0xff] ^
            t[11][(a >> 32) & 0xff] ^ t[10][(a >> 40) & 0xff] ^ t[9][(a >> 48) & 0xff] ^ t[8][a >> 56] ^
            t[7][b & 0xff] ^ t[6][(b >> 8) & 0xff] ^ t[5][(b >> 16) & 0xff] ^ t[4][(b >> 24) & 0xff] ^
            t[3][(b >> 32) & 0xff] ^ t[2][(b >> 40) & 0xff] ^ t[1][(b >> 48) & 0xff] ^ t[0][b >> 56];
    }
    while (len--)
        r = t[0][(r ^ *p++) & 0xff] ^ (r >> 8);
    return r;
}

static uint64_t update_normal(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    const uint64_t(*t)[256] = e->table;
    uint64_t r = reg << e->align_shift;
    for (; len >= 16; p += 16, len -= 16) {
        const uint64_t a = r ^ load_be64(p), b = load_be64(p + 8);
        r = t[15][a >> 56] ^ t[14][(a >> 48) & 0xff] ^ t[13][(a >> 40) & 0xff] ^ t[12][(a >> 32) & 0xff] ^
            t[11][(a >> 24) & 0xff] ^ t[10][(a >> 16) & 0xff] ^ t[9][(a >> 8) & 0xff] ^ t[8][a & 0xff] ^
            t[7][b >> 56] ^ t[6][(b >> 48) & 0xff] ^ t[5][(b >> 40) & 0xff] ^ t[4][(b >> 32) & 0xff] ^
            t[3][(b >> 24) & 0xff] ^ t[2][(b >> 16) & 0xff] ^ t[1][(b >> 8) & 0xff] ^ t[0][b & 0xff];
    }
    while (len--)
        r = t[0][(r >> 56) ^ *p++] ^ (r << 8);
    return r >> e->align_shift;
}

uint64_t mdd_crci_update_portable(const mdd_crc_engine *e, uint64_t reg, const uint8_t *p, size_t len)
{
    return e->reflected ? update_reflected(e, reg, p, len) : update_normal(e, reg, p, len);
}

/* ------------------------------------------------------------------------ */
/* GF(2)[x] / g arithmetic in register representation.                      */

/* 64x64 -> 128-bit carry-less product, 4 bits of b per step. */
static void clmul64_portable(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t tl[16], th[16];
    tl[0] = th[0] = 0;
    for (unsigned i = 1; i < 16; i++) {
        /* i * a: the low bit's contribution plus the (already known) rest. */
        const unsigned top = i & 8 ? 3 : i & 4 ? 2 : i & 2 ? 1 : 0;
        const unsigned rest = i ^ (1u << top);
        tl[i] = tl[rest] ^ (a << top);
        th[i] = th[rest] ^ (top ? a >> (64 - top) : 0);
    }
    uint64_t h = 0, l = 0;
    for (int s = 60; s >= 0; s -= 4) {
        h = (h << 4) | (l >> 60);
        l <<= 4;
        const unsigned nib = (unsigned)(b >> s) & 0xf;
        l ^= tl[nib];
        h ^= th[nib];
    }
    *hi = h;
    *lo = l;
}

uint64_t mdd_crci_mulmod_portable(const mdd_crc_engine *e, uint64_t a, uint64_t b)
{
    uint64_t hi, lo;
    clmul64_portable(a, b, &hi, &lo);
    return mdd_crci_reduce_product(e, hi, lo);
}

/* reg * prod_i tab[i][digit_i(n)], the digits being the bytes of n. */
static uint64_t digits_mul_portable(const mdd_crc_engine *e, uint64_t reg, uint64_t n,
                                    const uint64_t (*tab)[256])
{
    for (unsigned i = 0; n; i++, n >>= 8) {
        const unsigned d = (unsigned)(n & 0xff);
        if (d)
            reg = mdd_crci_mulmod_portable(e, reg, tab[i][d]);
    }
    return reg;
}

/* PCLMULQDQ serves the shift operator unless the portable path is forced,
 * so the tests can check the two against each other. */
static bool use_clmul_math(void)
{
    return atomic_load_explicit(&requested_impl, memory_order_relaxed) != MDD_CRC_IMPL_PORTABLE &&
           mdd_crci_cpu_has(MDD_CRC_IMPL_CLMUL);
}

static uint64_t digits_mul(const mdd_crc_engine *e, uint64_t reg, uint64_t n, const uint64_t (*tab)[256])
{
    if (use_clmul_math())
        return mdd_crci_digits_mul_clmul(e, reg, n, tab);
    return digits_mul_portable(e, reg, n, tab);
}

/* x^bits mod g for a bit (not byte) exponent; start-up only. */
static uint64_t xpow_bits(const mdd_crc_engine *e, uint64_t bits)
{
    const uint64_t whole = digits_mul_portable(e, e->one, bits / 8, e->xpow_digit);
    return mdd_crci_mulmod_portable(e, whole, monomial(e, (unsigned)(bits % 8)));
}

/* ------------------------------------------------------------------------ */
/* Start-up.                                                                 */

static void build_tables(mdd_crc_engine *e)
{
    /* One byte through the register, bit by bit, straight from the definition. */
    for (unsigned b = 0; b < 256; b++) {
        uint64_t r;
        if (e->reflected) {
            const uint64_t rpoly = reflect_bits(e->params->poly, e->width);
            r = b;
            for (int i = 0; i < 8; i++)
                r = r & 1 ? (r >> 1) ^ rpoly : r >> 1;
        } else {
            const uint64_t lpoly = e->params->poly << e->align_shift;
            r = (uint64_t)b << 56;
            for (int i = 0; i < 8; i++)
                r = r >> 63 ? (r << 1) ^ lpoly : r << 1;
        }
        e->table[0][b] = r;
    }
    /* table[k] = table[k-1] followed by one more zero byte. */
    for (unsigned k = 1; k < MDD_CRCI_SLICES; k++)
        for (unsigned b = 0; b < 256; b++) {
            const uint64_t r = e->table[k - 1][b];
            e->table[k][b] = e->reflected ? e->table[0][r & 0xff] ^ (r >> 8) : e->table[0][r >> 56] ^ (r << 8);
        }
}

/* tab[i][d] = base^(d * 256^i), base = x^(+-8). */
static void build_digits(const mdd_crc_engine *e, uint64_t (*tab)[256], uint64_t base)
{
    for (unsigned i = 0; i < MDD_CRCI_DIGITS; i++) {
        tab[i][0] = e->one;
        tab[i][1] = base;
        for (unsigned d = 2; d < 256; d++)
            tab[i][d] = mdd_crci_mulmod_portable(e, tab[i][d - 1], base);
        base = mdd_crci_mulmod_portable(e, tab[i][255], base);
    }
}

static void build_engine(mdd_crc_engine *e, const mdd_crc_params *p)
{
    e->params = p;
    e->width = p->width;
    e->nbytes = p->width / 8;
    e->reflected = p->reflected;
    e->mask = p->width == 64 ? UINT64_MAX : ((uint64_t)1 << p->width) - 1;
    e->align_shift = p->reflected ? 0 : 64 - p->width;
    e->one = monomial(e, 0);
    build_tables(e);

    /* g(x) = x^w + poly has a constant term, so x^-1 = (g + 1) / x, whose
     * normal form is x^(w-1) + poly / x. */
    const uint64_t xinv_normal = (e->params->poly >> 1) | ((uint64_t)1 << (e->width - 1));
    uint64_t xinv8 = e->reflected ? reflect_bits(xinv_normal, e->width) : xinv_normal;
    for (int i = 0; i < 3; i++)
        xinv8 = mdd_crci_mulmod_portable(e, xinv8, xinv8);
    build_digits(e, e->xpow_digit, monomial(e, 8));
    build_digits(e, e->xinv_digit, xinv8);

    /*
     * Fold constants.  A 16-byte lane splits into a high-degree half H (the
     * first 8 message bytes) and a low-degree half L; moving the lane forward
     * by D bytes multiplies it by x^(8D), i.e. H by x^(8D+64) and L by x^(8D).
     * Normal algorithms byte-swap lanes, so PCLMULQDQ's products are exact:
     * constants {lo: x^(8D), hi: x^(8D+64)}.  Reflected lanes are used as
     * loaded (H in the low qword) and a product of two bit-reflected 64-bit
     * values comes out multiplied by x, hence {lo: x^(8D+63), hi: x^(8D-1)},
     * each left-aligned in 64 bits.
     */
    for (unsigned i = 1; i < MDD_CRCI_FOLDS; i++) {
        const uint64_t bits = 128u * i;
        if (e->reflected) {
            e->fold_k[i][0] = xpow_bits(e, bits + 63) << (64 - e->width);
            e->fold_k[i][1] = xpow_bits(e, bits - 1) << (64 - e->width);
        } else {
            e->fold_k[i][0] = xpow_bits(e, bits);
            e->fold_k[i][1] = xpow_bits(e, bits + 64);
        }
    }
    for (unsigned i = 0; i < 3; i++) {
        e->stream_k[i][0] = digits_mul_portable(e, e->one, mdd_crci_stream_blk[i], e->xpow_digit);
        e->stream_k[i][1] = digits_mul_portable(e, e->one, 2 * mdd_crci_stream_blk[i], e->xpow_digit);
    }

    e->impl_fn[MDD_CRC_IMPL_PORTABLE] = mdd_crci_update_portable;
    e->tail_fn = mdd_crci_update_portable;
    e->mul_fast = mdd_crci_mulmod_portable;
    mdd_crci_arch_setup(e);
}

/* Preference of AUTO, best first.  CRC-32C: the 3-stream crc32 instruction
 * loop measured ~30 GB/s against ~16 GB/s for 128-bit folding on the
 * development machine (AMD EPYC, Zen 4); see docs/crc-library.md. */
static const mdd_crc_impl auto_order[] = {MDD_CRC_IMPL_VPCLMUL, MDD_CRC_IMPL_SSE42, MDD_CRC_IMPL_CLMUL,
                                          MDD_CRC_IMPL_PORTABLE};

static bool usable(const mdd_crc_engine *e, mdd_crc_impl impl)
{
    return e->impl_fn[impl] != NULL && mdd_crci_cpu_has(impl);
}

static void resolve_all(void)
{
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; a++) {
        const mdd_crc_engine *e = &engines[a];
        for (unsigned i = 0; i < sizeof auto_order / sizeof auto_order[0]; i++)
            if (usable(e, auto_order[i])) {
                resolved_impl[MDD_CRC_IMPL_AUTO][a] = auto_order[i];
                break;
            }
        /* An explicit request falls back down the enum ladder (the "next best"
         * of the header) when the algorithm has no kernel of that kind. */
        for (int req = MDD_CRC_IMPL_PORTABLE; req < MDD_CRC_IMPL_COUNT; req++) {
            int impl = req;
            while (!usable(e, (mdd_crc_impl)impl))
                impl--;
            resolved_impl[req][a] = (mdd_crc_impl)impl;
        }
    }
}

static void apply_environment(void)
{
    const char *want = getenv("MDD_CRC_IMPL");
    if (!want || !*want)
        return;
    for (int i = 0; i < MDD_CRC_IMPL_COUNT; i++)
        if (strcmp(want, impl_names[i]) == 0) {
            if (mdd_crc_impl_supported((mdd_crc_impl)i)) {
                atomic_store(&requested_impl, i);
                return;
            }
            fprintf(stderr, "mdd: MDD_CRC_IMPL=%s is not supported by this CPU; using auto\n", want);
            return;
        }
    fprintf(stderr, "mdd: MDD_CRC_IMPL=%s is not one of auto|portable|sse42|clmul|vpclmul; using auto\n",
            want);
}

static void init_library(void)
{
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; a++)
        build_engine(&engines[a], &params_table[a]);
    resolve_all();
    apply_environment();
}

static const mdd_crc_engine *engine_of(mdd_crc_alg alg)
{
    pthread_once(&init_once, init_library);
    if ((unsigned)alg >= MDD_CRC_ALG_COUNT) {
        /* A caller bug with no sensible CRC to return: fail loudly. */
        fprintf(stderr, "mdd: invalid CRC algorithm %d\n", (int)alg);
        abort();
    }
    return &engines[alg];
}

/* ------------------------------------------------------------------------ */
/* Public API.                                                               */

const mdd_crc_params *mdd_crc_params_of(mdd_crc_alg alg)
{
    return (unsigned)alg < MDD_CRC_ALG_COUNT ? &params_table[alg] : NULL;
}

int mdd_crc_alg_from_name(const char *name, mdd_crc_alg *alg)
{
    for (unsigned a = 0; name && a < MDD_CRC_ALG_COUNT; a++)
        if (strcmp(name, params_table[a].name) == 0) {
            if (alg)
                *alg = (mdd_crc_alg)a;
            return 0;
        }
    return -1;
}

uint64_t mdd_crc_mask(mdd_crc_alg alg)
{
    return engine_of(alg)->mask;
}

uint64_t mdd_crc_raw_update(mdd_crc_alg alg, uint64_t reg, const void *buf, size_t len)
{
    const mdd_crc_engine *e = engine_of(alg);
    reg &= e->mask;
    if (len == 0)
        return reg;
    const int req = atomic_load_explicit(&requested_impl, memory_order_relaxed);
    return e->impl_fn[resolved_impl[req][alg]](e, reg, buf, len);
}

uint64_t mdd_crc_update(mdd_crc_alg alg, uint64_t crc, const void *buf, size_t len)
{
    const mdd_crc_params *p = engine_of(alg)->params;
    return mdd_crc_reg_to_value(p, mdd_crc_raw_update(alg, mdd_crc_value_to_reg(p, crc), buf, len));
}

uint64_t mdd_crc(mdd_crc_alg alg, const void *buf, size_t len)
{
    return mdd_crc_update(alg, mdd_crc_empty(alg), buf, len);
}

uint64_t mdd_crc_empty(mdd_crc_alg alg)
{
    const mdd_crc_params *p = engine_of(alg)->params;
    return p->init ^ p->xorout;
}

uint64_t mdd_crc_shift(mdd_crc_alg alg, uint64_t reg, uint64_t nbytes)
{
    const mdd_crc_engine *e = engine_of(alg);
    return digits_mul(e, reg & e->mask, nbytes, e->xpow_digit);
}

uint64_t mdd_crc_unshift(mdd_crc_alg alg, uint64_t reg, uint64_t nbytes)
{
    const mdd_crc_engine *e = engine_of(alg);
    return digits_mul(e, reg & e->mask, nbytes, e->xinv_digit);
}

uint64_t mdd_crc_xpow8n(mdd_crc_alg alg, uint64_t nbytes)
{
    const mdd_crc_engine *e = engine_of(alg);
    return digits_mul(e, e->one, nbytes, e->xpow_digit);
}

unsigned mdd_crc_x_order_w(mdd_crc_alg alg)
{
    switch (alg) {
    case MDD_CRC32C: return 31;
    case MDD_CRC16_T10DIF: return 16;
    case MDD_CRC32: return 32;
    default: return 64;
    }
}

uint64_t mdd_crc_fold_count(mdd_crc_alg alg, uint64_t n)
{
    const unsigned k = mdd_crc_x_order_w(alg);
    if (k >= 64)
        return n;
    const uint64_t mask = ((uint64_t)1 << k) - 1;
    uint64_t sum = 0; /* at most 4 chunks (k >= 16) of < 2^k each: no overflow */
    for (unsigned lsb = 0; lsb < 64; lsb += k)
        sum += (n >> lsb) & mask;
    sum = (sum & mask) + (sum >> k);
    return (sum & mask) + (sum >> k);
}

uint64_t mdd_crc_mulmod(mdd_crc_alg alg, uint64_t a, uint64_t b)
{
    const mdd_crc_engine *e = engine_of(alg);
    a &= e->mask;
    b &= e->mask;
    return use_clmul_math() ? mdd_crci_mulmod_clmul(e, a, b) : mdd_crci_mulmod_portable(e, a, b);
}

/*
 * Registers: reg(A||B) = reg(A) * x^(8|B|) + raw(B), and the value of B was
 * computed from init: reg(B) = init * x^(8|B|) + raw(B).  Subtracting (XOR)
 * eliminates raw(B): reg(A||B) = (reg(A) + init) * x^(8|B|) + reg(B).
 * Converting both sides with xorout gives the value form below.
 */
uint64_t mdd_crc_combine(mdd_crc_alg alg, uint64_t crc_a, uint64_t crc_b, uint64_t len_b)
{
    const mdd_crc_engine *e = engine_of(alg);
    const mdd_crc_params *p = e->params;
    const uint64_t lead = (crc_a ^ p->xorout ^ p->init) & e->mask;
    return digits_mul(e, lead, len_b, e->xpow_digit) ^ (crc_b & e->mask);
}

const char *mdd_crc_impl_name(mdd_crc_impl impl)
{
    return (unsigned)impl < MDD_CRC_IMPL_COUNT ? impl_names[impl] : NULL;
}

bool mdd_crc_impl_supported(mdd_crc_impl impl)
{
    return (unsigned)impl < MDD_CRC_IMPL_COUNT && mdd_crci_cpu_has(impl);
}

int mdd_crc_set_impl(mdd_crc_impl impl)
{
    pthread_once(&init_once, init_library);
    if (!mdd_crc_impl_supported(impl))
        return -1;
    atomic_store(&requested_impl, (int)impl);
    return 0;
}

mdd_crc_impl mdd_crc_active_impl(mdd_crc_alg alg)
{
    engine_of(alg);
    return resolved_impl[atomic_load_explicit(&requested_impl, memory_order_relaxed)][alg];
}

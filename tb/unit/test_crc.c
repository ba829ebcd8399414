/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the CRC library (include/mdd/crc.h).
 *
 * Oracles that do not come from the library:
 *  - check values and RFC 3720 B.4 vectors from /work/shared/REFERENCE.md;
 *  - a bitwise CRC and bitwise GF(2) polynomial arithmetic written here
 *    straight from the parameters (MSB-first shift register, reflection by
 *    bit reversal at the edges);
 *  - zlib crc32 / crc32_combine (CRC-32), ISA-L crc32_iscsi / crc32_gzip_refl
 *    (CRC-32C, CRC-32) and crc16_t10dif.  ISA-L 2.30 has no CRC-64/NVME:
 *    its crc64_jones_* use polynomial 0xad93d23594c935a9, not NVMe's
 *    0xad93d23594c93659, so CRC-64/NVME rests on the check value and the
 *    bitwise reference.
 * Every implementation the CPU supports is compared with the portable one.
 *
 * Usage: test_crc [SEED]; the last stdout line is "c-crc: P passed, F failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isa-l/crc.h>
#include <zlib.h>

#include "mdd/crc.h"

/* ------------------------------------------------------------------------ */
/* Bookkeeping.                                                              */

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

static uint64_t rng_state;

static uint64_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static uint64_t rnd_below(uint64_t n) { return n ? rnd() % n : 0; }

static void fill_random(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
}

/* A buffer of exactly len bytes starting `align` bytes into its allocation,
 * so that any read past the end hits ASan's redzone. */
typedef struct {
    uint8_t *base;
    uint8_t *data;
} test_buf;

static test_buf buf_new(size_t len, size_t align)
{
    test_buf b;
    b.base = malloc(len + align + 1);
    if (!b.base) {
        printf("out of memory\n");
        exit(2);
    }
    b.data = b.base + align;
    fill_random(b.data, len);
    return b;
}

static void buf_free(test_buf *b) { free(b->base); }

static const mdd_crc_alg all_algs[] = {MDD_CRC32C, MDD_CRC16_T10DIF, MDD_CRC32, MDD_CRC64_NVME};
#define FOR_EACH_ALG(a) for (unsigned a##_i = 0; a##_i < 4 && ((a = all_algs[a##_i]), 1); a##_i++)

static const char *alg_name(mdd_crc_alg a) { return mdd_crc_params_of(a)->name; }

/* ------------------------------------------------------------------------ */
/* Independent reference: bitwise CRC and polynomial arithmetic, normal form. */

static uint64_t width_mask(unsigned w) { return w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1; }

static uint64_t reverse_bits(uint64_t v, unsigned w)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < w; i++)
        if (v >> i & 1)
            r |= (uint64_t)1 << (w - 1 - i);
    return r;
}

/* Register representation <-> normal form (bit i = coefficient of x^i). */
static uint64_t to_normal(const mdd_crc_params *p, uint64_t reg) { return p->reflected ? reverse_bits(reg, p->width) : reg; }
static uint64_t from_normal(const mdd_crc_params *p, uint64_t n) { return p->reflected ? reverse_bits(n, p->width) : n; }

/* The textbook shift register, one message bit per step, first bit first. */
static uint64_t ref_raw(const mdd_crc_params *p, uint64_t reg, const uint8_t *buf, size_t len)
{
    const unsigned w = p->width;
    const uint64_t mask = width_mask(w);
    uint64_t r = to_normal(p, reg & mask);
    for (size_t i = 0; i < len; i++) {
        const unsigned byte = p->reflected ? (unsigned)reverse_bits(buf[i], 8) : buf[i];
        for (int b = 7; b >= 0; b--) {
            const unsigned feedback = (unsigned)(r >> (w - 1) & 1) ^ (byte >> b & 1);
            r = (r << 1) & mask;
            if (feedback)
                r ^= p->poly;
        }
    }
    return from_normal(p, r);
}

static uint64_t ref_crc(const mdd_crc_params *p, const uint8_t *buf, size_t len)
{
    return ref_raw(p, p->init, buf, len) ^ p->xorout;
}

/* a * x mod g, normal form. */
static uint64_t ref_mulx(const mdd_crc_params *p, uint64_t a)
{
    const uint64_t top = a >> (p->width - 1) & 1;
    a = (a << 1) & width_mask(p->width);
    return top ? a ^ p->poly : a;
}

/* a * b mod g, normal form, Horner over the bits of b. */
static uint64_t ref_mulmod_normal(const mdd_crc_params *p, uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = (int)p->width - 1; i >= 0; i--) {
        r = ref_mulx(p, r);
        if (b >> i & 1)
            r ^= a;
    }
    return r;
}

static uint64_t ref_mulmod(const mdd_crc_params *p, uint64_t a, uint64_t b)
{
    return from_normal(p, ref_mulmod_normal(p, to_normal(p, a), to_normal(p, b)));
}

/* x^(8n) mod g in register representation: x^n by square-and-multiply over
 * the bits of n, then cubed squaring (x^(8n) = ((x^n)^2)^2)^2), so n may be
 * any 64-bit value even though 8n is not. */
static uint64_t ref_xpow8n(const mdd_crc_params *p, uint64_t n)
{
    uint64_t r = 1;
    for (int i = 63; i >= 0; i--) {
        r = ref_mulmod_normal(p, r, r);
        if (n >> i & 1)
            r = ref_mulx(p, r);
    }
    for (int i = 0; i < 3; i++)
        r = ref_mulmod_normal(p, r, r);
    return from_normal(p, r);
}

/* ------------------------------------------------------------------------ */
/* Implementations.                                                          */

static mdd_crc_impl impls[MDD_CRC_IMPL_COUNT];
static unsigned n_impls; /* supported, excluding AUTO; impls[0] is PORTABLE */

static void use_impl(mdd_crc_impl impl)
{
    if (mdd_crc_set_impl(impl) != 0) {
        printf("cannot select %s\n", mdd_crc_impl_name(impl));
        exit(2);
    }
}

static uint64_t raw_with(mdd_crc_impl impl, mdd_crc_alg alg, uint64_t reg, const uint8_t *buf, size_t len)
{
    use_impl(impl);
    return mdd_crc_raw_update(alg, reg, buf, len);
}

/* ------------------------------------------------------------------------ */
/* Tests.                                                                    */

/* Thread-safe lazy init and the environment variable: several threads make
 * the very first library calls at once, with MDD_CRC_IMPL=portable set. */
static void *first_calls(void *arg)
{
    uint64_t *out = arg;
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        out[2 * a] = mdd_crc(a, "123456789", 9);
        out[2 * a + 1] = (uint64_t)mdd_crc_active_impl(a);
    }
    return NULL;
}

static void test_concurrent_init_and_env(void)
{
    enum { THREADS = 4 };
    pthread_t t[THREADS];
    uint64_t out[THREADS][2 * MDD_CRC_ALG_COUNT];
    setenv("MDD_CRC_IMPL", "portable", 1);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, first_calls, out[i]) != 0) {
            printf("pthread_create failed\n");
            exit(2);
        }
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < THREADS; i++) {
        mdd_crc_alg a;
        FOR_EACH_ALG(a)
        {
            check(out[i][2 * a] == mdd_crc_params_of(a)->check, "thread %d %s check 0x%" PRIx64, i, alg_name(a),
                  out[i][2 * a]);
            check(out[i][2 * a + 1] == MDD_CRC_IMPL_PORTABLE, "thread %d %s: MDD_CRC_IMPL=portable not applied (%s)",
                  i, alg_name(a), mdd_crc_impl_name((mdd_crc_impl)out[i][2 * a + 1]));
        }
    }
    unsetenv("MDD_CRC_IMPL");
    use_impl(MDD_CRC_IMPL_AUTO);
}

static void test_params(void)
{
    /* REFERENCE.md, typed in here rather than read from the library. */
    static const struct {
        mdd_crc_alg alg;
        const char *name;
        unsigned width;
        uint64_t poly, init;
        bool reflected;
        uint64_t xorout, check;
    } ref[] = {
        {MDD_CRC32C, "crc32c", 32, 0x1EDC6F41, 0xFFFFFFFF, true, 0xFFFFFFFF, 0xE3069283},
        {MDD_CRC16_T10DIF, "crc16-t10dif", 16, 0x8BB7, 0, false, 0, 0xD0DB},
        {MDD_CRC32, "crc32", 32, 0x04C11DB7, 0xFFFFFFFF, true, 0xFFFFFFFF, 0xCBF43926},
        {MDD_CRC64_NVME, "crc64-nvme", 64, 0xAD93D23594C93659ULL, UINT64_MAX, true, UINT64_MAX,
         0xAE8B14860A799888ULL},
    };
    for (unsigned i = 0; i < 4; i++) {
        const mdd_crc_params *p = mdd_crc_params_of(ref[i].alg);
        check(p && strcmp(p->name, ref[i].name) == 0 && p->width == ref[i].width && p->poly == ref[i].poly &&
                  p->init == ref[i].init && p->reflected == ref[i].reflected && p->xorout == ref[i].xorout &&
                  p->check == ref[i].check,
              "params of %s differ from REFERENCE.md", ref[i].name);
        mdd_crc_alg a = MDD_CRC_ALG_COUNT;
        check(mdd_crc_alg_from_name(ref[i].name, &a) == 0 && a == ref[i].alg, "alg_from_name(%s)", ref[i].name);
        check(mdd_crc_mask(ref[i].alg) == width_mask(ref[i].width), "mask of %s", ref[i].name);
        check(mdd_crc_empty(ref[i].alg) == (ref[i].init ^ ref[i].xorout), "empty of %s", ref[i].name);
        check(mdd_crc(ref[i].alg, "123456789", 9) == ref[i].check, "check value of %s", ref[i].name);
        check(ref_crc(p, (const uint8_t *)"123456789", 9) == ref[i].check, "bitwise reference check of %s",
              ref[i].name);
        check(mdd_crc(ref[i].alg, NULL, 0) == mdd_crc_empty(ref[i].alg), "CRC of nothing, %s", ref[i].name);
    }
    mdd_crc_alg a = MDD_CRC32;
    check(mdd_crc_alg_from_name("CRC32C", &a) == -1 && a == MDD_CRC32, "names are exact");
    check(mdd_crc_alg_from_name("crc64", &a) == -1, "unknown name rejected");
    check(mdd_crc_params_of(MDD_CRC_ALG_COUNT) == NULL, "params_of(out of range) is NULL");
}

static void test_impl_api(void)
{
    static const char *const names[MDD_CRC_IMPL_COUNT] = {"auto", "portable", "sse42", "clmul", "vpclmul"};
    for (int i = 0; i < MDD_CRC_IMPL_COUNT; i++)
        check(mdd_crc_impl_name((mdd_crc_impl)i) && strcmp(mdd_crc_impl_name((mdd_crc_impl)i), names[i]) == 0,
              "impl name %d", i);
    check(mdd_crc_impl_name(MDD_CRC_IMPL_COUNT) == NULL, "impl name out of range");
    check(mdd_crc_impl_supported(MDD_CRC_IMPL_AUTO) && mdd_crc_impl_supported(MDD_CRC_IMPL_PORTABLE),
          "auto and portable always supported");
    check(!mdd_crc_impl_supported(MDD_CRC_IMPL_COUNT) && mdd_crc_set_impl(MDD_CRC_IMPL_COUNT) == -1,
          "out-of-range impl refused");
    for (int i = MDD_CRC_IMPL_PORTABLE; i < MDD_CRC_IMPL_COUNT; i++) {
        const mdd_crc_impl impl = (mdd_crc_impl)i;
        if (!mdd_crc_impl_supported(impl)) {
            check(mdd_crc_set_impl(impl) == -1, "unsupported %s refused", names[i]);
            continue;
        }
        check(mdd_crc_set_impl(impl) == 0, "set_impl(%s)", names[i]);
        /* CRC-32C has every kind of kernel; the others have no SSE4.2 one and
         * fall back down the list. */
        check(mdd_crc_active_impl(MDD_CRC32C) == impl, "CRC-32C runs %s", names[i]);
        const mdd_crc_impl expect_other = impl == MDD_CRC_IMPL_SSE42 ? MDD_CRC_IMPL_PORTABLE : impl;
        check(mdd_crc_active_impl(MDD_CRC32) == expect_other && mdd_crc_active_impl(MDD_CRC16_T10DIF) == expect_other &&
                  mdd_crc_active_impl(MDD_CRC64_NVME) == expect_other,
              "other CRCs under %s run %s", names[i], mdd_crc_impl_name(expect_other));
        impls[n_impls++] = impl;
    }
    use_impl(MDD_CRC_IMPL_AUTO);
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        const mdd_crc_impl act = mdd_crc_active_impl(a);
        check(act != MDD_CRC_IMPL_AUTO && mdd_crc_impl_supported(act), "auto resolves to a supported impl for %s",
              alg_name(a));
    }
    printf("implementations tested:");
    for (unsigned i = 0; i < n_impls; i++)
        printf(" %s", mdd_crc_impl_name(impls[i]));
    printf("; auto picks");
    FOR_EACH_ALG(a)
    printf(" %s=%s", alg_name(a), mdd_crc_impl_name(mdd_crc_active_impl(a)));
    printf("\n");
}

static void test_vectors(void)
{
    uint8_t v[4][32];
    for (int i = 0; i < 32; i++) {
        v[0][i] = 0x00;
        v[1][i] = 0xFF;
        v[2][i] = (uint8_t)i;
        v[3][i] = (uint8_t)(31 - i);
    }
    static const uint64_t expect[4] = {0x8A9136AA, 0x62A8AB43, 0x46DD794E, 0x113FDB5C};
    for (unsigned k = 0; k < n_impls; k++) {
        use_impl(impls[k]);
        for (int i = 0; i < 4; i++)
            check(mdd_crc(MDD_CRC32C, v[i], 32) == expect[i], "RFC 3720 B.4 vector %d (%s)", i,
                  mdd_crc_impl_name(impls[k]));
        mdd_crc_alg a;
        FOR_EACH_ALG(a)
        check(mdd_crc(a, "123456789", 9) == mdd_crc_params_of(a)->check, "check value %s (%s)", alg_name(a),
              mdd_crc_impl_name(impls[k]));
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

/* The portable path against the bitwise reference. */
static void test_portable_vs_bitwise(void)
{
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        const mdd_crc_params *p = mdd_crc_params_of(a);
        for (size_t len = 0; len <= 300; len++) {
            test_buf b = buf_new(len, rnd_below(16));
            const uint64_t reg = rnd() & mdd_crc_mask(a);
            check(raw_with(MDD_CRC_IMPL_PORTABLE, a, reg, b.data, len) == ref_raw(p, reg, b.data, len),
                  "portable vs bitwise, %s len %zu", alg_name(a), len);
            buf_free(&b);
        }
        for (int t = 0; t < 6; t++) {
            const size_t len = rnd_below(70001);
            test_buf b = buf_new(len, rnd_below(64));
            check(raw_with(MDD_CRC_IMPL_PORTABLE, a, 0, b.data, len) == ref_raw(p, 0, b.data, len),
                  "portable vs bitwise, %s len %zu", alg_name(a), len);
            check(mdd_crc(a, b.data, len) == ref_crc(p, b.data, len), "value vs bitwise, %s len %zu", alg_name(a),
                  len);
            buf_free(&b);
        }
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

/* Every implementation against the portable one. */
static void compare_impls(mdd_crc_alg a, size_t len, size_t align, const char *what)
{
    test_buf b = buf_new(len, align);
    const uint64_t reg = rnd() & mdd_crc_mask(a);
    const uint64_t want = raw_with(MDD_CRC_IMPL_PORTABLE, a, reg, b.data, len);
    for (unsigned k = 1; k < n_impls; k++) {
        const uint64_t got = raw_with(impls[k], a, reg, b.data, len);
        check(got == want, "%s: %s %s len %zu align %zu reg 0x%" PRIx64 ": 0x%" PRIx64 " != portable 0x%" PRIx64,
              what, alg_name(a), mdd_crc_impl_name(impls[k]), len, align, reg, got, want);
    }
    buf_free(&b);
}

static void test_impls_agree(void)
{
    /* Block and stream boundaries of the kernels: fold lanes of 16, 128, 64
     * and 256 bytes; crc32 streams of 3 x {64, 512, 4096}. */
    static const size_t edges[] = {1279, 1280, 1281, 1535, 1536, 1537, 1727, 1728, 1729, 2047, 2048, 2049,
                                   4095, 4096, 4097, 12287, 12288, 12289, 12288 + 1536 + 192 + 7,
                                   13823, 13824, 13825, 24575, 24576, 24577, 65535, 65536, 65537, 70000};
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        for (size_t len = 0; len <= 1100; len++)
            compare_impls(a, len, rnd_below(64), "every length");
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            compare_impls(a, edges[i], rnd_below(64), "kernel edges");
        for (int t = 0; t < 400; t++)
            compare_impls(a, rnd_below(70001), rnd_below(64), "random");
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

static void test_oracles(void)
{
    for (int t = 0; t < 120; t++) {
        const size_t len = t < 40 ? (size_t)t : rnd_below(70001);
        test_buf b = buf_new(len, rnd_below(64));
        const uint32_t seed32 = (uint32_t)rnd();
        const uint16_t seed16 = (uint16_t)rnd();
        const uint32_t zlib_value = (uint32_t)crc32(0, b.data, (uInt)len);
        const uint32_t zlib_chained = (uint32_t)crc32(seed32, b.data, (uInt)len);
        const uint32_t isal_iscsi_raw = crc32_iscsi(b.data, (int)len, seed32);
        const uint32_t isal_iscsi_value = crc32_iscsi(b.data, (int)len, 0xFFFFFFFFu) ^ 0xFFFFFFFFu;
        const uint32_t isal_gzip = crc32_gzip_refl(0, b.data, len);
        const uint16_t isal_t10 = crc16_t10dif(0, b.data, len);
        const uint16_t isal_t10_seeded = crc16_t10dif(seed16, b.data, len);
        for (unsigned k = 0; k < n_impls; k++) {
            use_impl(impls[k]);
            const char *in = mdd_crc_impl_name(impls[k]);
            check(mdd_crc(MDD_CRC32, b.data, len) == zlib_value, "zlib crc32, len %zu (%s)", len, in);
            check(mdd_crc_update(MDD_CRC32, seed32, b.data, len) == zlib_chained, "zlib crc32 seeded, len %zu (%s)",
                  len, in);
            check(mdd_crc(MDD_CRC32, b.data, len) == isal_gzip, "ISA-L crc32_gzip_refl, len %zu (%s)", len, in);
            /* crc32_iscsi works on the bare register: no init, no final inversion. */
            check(mdd_crc_raw_update(MDD_CRC32C, seed32, b.data, len) == isal_iscsi_raw,
                  "ISA-L crc32_iscsi raw, len %zu (%s)", len, in);
            check(mdd_crc(MDD_CRC32C, b.data, len) == isal_iscsi_value, "ISA-L crc32_iscsi value, len %zu (%s)",
                  len, in);
            check(mdd_crc(MDD_CRC16_T10DIF, b.data, len) == isal_t10, "ISA-L crc16_t10dif, len %zu (%s)", len, in);
            check(mdd_crc_update(MDD_CRC16_T10DIF, seed16, b.data, len) == isal_t10_seeded,
                  "ISA-L crc16_t10dif seeded, len %zu (%s)", len, in);
        }
        buf_free(&b);
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

static void test_chaining(void)
{
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        for (int t = 0; t < 60; t++) {
            const size_t len = rnd_below(20000);
            test_buf b = buf_new(len, rnd_below(64));
            const uint64_t whole = mdd_crc(a, b.data, len);
            const uint64_t reg0 = rnd() & mdd_crc_mask(a);
            const uint64_t whole_raw = mdd_crc_raw_update(a, reg0, b.data, len);
            uint64_t crc = mdd_crc_empty(a), reg = reg0;
            size_t pos = 0;
            while (pos < len) {
                const size_t piece = 1 + rnd_below(len - pos < 3000 ? len - pos : 3000);
                crc = mdd_crc_update(a, crc, b.data + pos, piece);
                reg = mdd_crc_raw_update(a, reg, b.data + pos, piece);
                pos += piece;
            }
            check(crc == whole, "value chaining %s len %zu", alg_name(a), len);
            check(reg == whole_raw, "register chaining %s len %zu", alg_name(a), len);
            buf_free(&b);
        }
    }
}

static uint64_t huge_n(void)
{
    switch (rnd_below(4)) {
    case 0:
        return rnd();
    case 1:
        return rnd() >> rnd_below(64);
    case 2:
        return UINT64_MAX - rnd_below(1000);
    default:
        return ((uint64_t)1 << rnd_below(64)) - rnd_below(2);
    }
}

/* Shift, unshift, xpow8n, mulmod; run once with the portable arithmetic and
 * once with the automatic (PCLMULQDQ when present) one. */
static void test_shift_math(mdd_crc_impl math)
{
    use_impl(math);
    const char *in = mdd_crc_impl_name(math);
    static uint8_t zeros[5000];
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        const mdd_crc_params *p = mdd_crc_params_of(a);
        const uint64_t mask = mdd_crc_mask(a);
        const uint64_t one = from_normal(p, 1);
        check(mdd_crc_xpow8n(a, 0) == one, "xpow8n(0) is 1, %s (%s)", alg_name(a), in);
        for (size_t n = 0; n <= 300; n++) {
            const uint64_t r = rnd() & mask;
            check(mdd_crc_shift(a, r, n) == ref_raw(p, r, zeros, n), "shift vs zero bytes (bitwise), %s n %zu (%s)",
                  alg_name(a), n, in);
        }
        for (int t = 0; t < 50; t++) {
            const size_t n = rnd_below(sizeof zeros + 1);
            const uint64_t r = rnd() & mask;
            check(mdd_crc_shift(a, r, n) == mdd_crc_raw_update(a, r, zeros, n), "shift vs raw_update zeros, %s n %zu (%s)",
                  alg_name(a), n, in);
        }
        static const uint64_t fixed_n[] = {UINT64_MAX, ((uint64_t)1 << 40) - 1, (uint64_t)1 << 40, 1 << 20,
                                           (uint64_t)1 << 63, 0x8000000000000001ULL};
        for (int t = 0; t < 40; t++) {
            const uint64_t n = t < 6 ? fixed_n[t] : huge_n();
            const uint64_t m = huge_n();
            const uint64_t r = rnd() & mask, s = rnd() & mask;
            const uint64_t xn = mdd_crc_xpow8n(a, n);
            check(xn == ref_xpow8n(p, n), "xpow8n vs bitwise, %s n 0x%" PRIx64 " (%s)", alg_name(a), n, in);
            check(mdd_crc_mulmod(a, r, s) == ref_mulmod(p, r, s), "mulmod vs bitwise, %s (%s)", alg_name(a), in);
            check(mdd_crc_mulmod(a, r, s) == mdd_crc_mulmod(a, s, r), "mulmod commutes, %s (%s)", alg_name(a), in);
            check(mdd_crc_mulmod(a, r, one) == r, "mulmod by 1, %s (%s)", alg_name(a), in);
            check(mdd_crc_shift(a, r, n) == mdd_crc_mulmod(a, r, xn), "shift == mulmod(xpow8n), %s n 0x%" PRIx64 " (%s)",
                  alg_name(a), n, in);
            check(mdd_crc_shift(a, r, n) == ref_mulmod(p, r, ref_xpow8n(p, n)), "shift vs bitwise, %s n 0x%" PRIx64 " (%s)",
                  alg_name(a), n, in);
            check(mdd_crc_unshift(a, mdd_crc_shift(a, r, n), n) == r, "unshift(shift), %s n 0x%" PRIx64 " (%s)",
                  alg_name(a), n, in);
            check(mdd_crc_shift(a, mdd_crc_unshift(a, r, n), n) == r, "shift(unshift), %s n 0x%" PRIx64 " (%s)",
                  alg_name(a), n, in);
            /* a + b without wrapping */
            const uint64_t n1 = n / 2 + rnd_below(n / 2 + 1), n2 = n - n1;
            check(mdd_crc_shift(a, mdd_crc_shift(a, r, n1), n2) == mdd_crc_shift(a, r, n),
                  "shift(shift(r,a),b) == shift(r,a+b), %s a 0x%" PRIx64 " b 0x%" PRIx64 " (%s)", alg_name(a), n1, n2, in);
            check(mdd_crc_mulmod(a, mdd_crc_xpow8n(a, n1), mdd_crc_xpow8n(a, n2)) == xn,
                  "xpow8n(a)*xpow8n(b) == xpow8n(a+b), %s (%s)", alg_name(a), in);
            check(mdd_crc_unshift(a, mdd_crc_unshift(a, r, n1), n2) == mdd_crc_unshift(a, r, n),
                  "unshift adds up, %s (%s)", alg_name(a), in);
            check(mdd_crc_unshift(a, mdd_crc_shift(a, r, m), n) == mdd_crc_shift(a, mdd_crc_unshift(a, r, n), m),
                  "shift and unshift commute, %s (%s)", alg_name(a), in);
        }
        check(mdd_crc_shift(a, 0, UINT64_MAX) == 0 && mdd_crc_unshift(a, 0, 12345) == 0, "zero stays zero, %s (%s)",
              alg_name(a), in);
        check(mdd_crc_shift(a, one, 1) == mdd_crc_xpow8n(a, 1) && mdd_crc_xpow8n(a, 1) == ref_xpow8n(p, 1),
              "x^8, %s (%s)", alg_name(a), in);
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

/* The shift-count fold the combiner's RTL uses (D-100): x^(2^k) = x for k = mdd_crc_x_order_w and for no smaller
 * k (checked in the test's own bitwise arithmetic), and the fold keeps n mod 2^k - 1 and every shift. */
static void test_fold_count(void)
{
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        const mdd_crc_params *p = mdd_crc_params_of(a);
        const unsigned k = mdd_crc_x_order_w(a);
        const uint64_t x = from_normal(p, 2), mask = mdd_crc_mask(a);
        uint64_t sq = x; /* x^(2^j) after j squarings */
        for (unsigned j = 1; j <= k; j++) {
            sq = ref_mulmod(p, sq, sq);
            check((sq == x) == (j == k), "x^(2^%u) %s x, %s (x_order_w %u)", j, sq == x ? "==" : "!=", alg_name(a), k);
        }
        const uint64_t m = k >= 64 ? UINT64_MAX : ((uint64_t)1 << k) - 1;
        static const uint64_t fixed_n[] = {0, 1, 2, 0x7FFFFFFE, 0x7FFFFFFF, 0x80000000, 0xFFFE, 0xFFFF, 0x10000,
                                           0xFFFFFFFE, 0xFFFFFFFF, 0x100000000ULL, 0x3FFFFFFF7FFFFFFFULL,
                                           0x3FFFFFFF80000000ULL, 0x7FFFFFFFFFFFFFFFULL, UINT64_MAX - 1, UINT64_MAX};
        const size_t n_fixed = sizeof fixed_n / sizeof fixed_n[0];
        for (size_t t = 0; t < n_fixed + 400; t++) {
            uint64_t n = t < n_fixed ? fixed_n[t] : huge_n();
            if (t >= n_fixed && t % 4 == 0 && m != UINT64_MAX)
                n = (rnd() / m) * m - rnd_below(3); /* at and just below a multiple of 2^k - 1 */
            const uint64_t f = mdd_crc_fold_count(a, n);
            const uint64_t r = rnd() & mask;
            if (k >= 64) {
                check(f == n, "fold keeps n when k = 64, %s n 0x%" PRIx64, alg_name(a), n);
                continue;
            }
            check(f <= m && f % m == n % m, "fold(0x%" PRIx64 ") = 0x%" PRIx64 ": want < 2^%u and == n mod 2^%u - 1, %s",
                  n, f, k, k, alg_name(a));
            check(mdd_crc_shift(a, r, f) == mdd_crc_shift(a, r, n) && mdd_crc_unshift(a, r, f) == mdd_crc_unshift(a, r, n),
                  "shift by fold(n) == shift by n, %s n 0x%" PRIx64, alg_name(a), n);
        }
    }
}

static void test_combine(mdd_crc_impl math)
{
    use_impl(math);
    const char *in = mdd_crc_impl_name(math);
    mdd_crc_alg a;
    FOR_EACH_ALG(a)
    {
        const mdd_crc_params *p = mdd_crc_params_of(a);
        for (int t = 0; t < 60; t++) {
            const size_t la = t < 3 ? 0 : rnd_below(5000), lb = t % 3 == 1 ? 0 : rnd_below(5000);
            test_buf b = buf_new(la + lb, rnd_below(64));
            const uint64_t ca = mdd_crc(a, b.data, la), cb = mdd_crc(a, b.data + la, lb);
            check(mdd_crc_combine(a, ca, cb, lb) == mdd_crc(a, b.data, la + lb), "combine %s |A| %zu |B| %zu (%s)",
                  alg_name(a), la, lb, in);
            check(mdd_crc_combine(a, ca, cb, lb) == ref_crc(p, b.data, la + lb), "combine vs bitwise %s (%s)",
                  alg_name(a), in);
            buf_free(&b);
        }
        /* Huge |B|: the algebra again, in the test's own arithmetic. */
        for (int t = 0; t < 20; t++) {
            const uint64_t n = huge_n(), ca = rnd() & mdd_crc_mask(a), cb = rnd() & mdd_crc_mask(a);
            const uint64_t lead = ca ^ p->xorout ^ p->init;
            const uint64_t want = ref_mulmod(p, lead, ref_xpow8n(p, n)) ^ cb;
            check(mdd_crc_combine(a, ca, cb, n) == want, "combine huge %s n 0x%" PRIx64 " (%s)", alg_name(a), n, in);
        }
    }
    /* zlib: crc32_combine takes a signed 64-bit length. */
    for (int t = 0; t < 200; t++) {
        const uint64_t n = t < 100 ? rnd_below(1u << 20) : huge_n() >> 1;
        const uint32_t ca = (uint32_t)rnd(), cb = (uint32_t)rnd();
        check(mdd_crc_combine(MDD_CRC32, ca, cb, n) == (uint32_t)crc32_combine(ca, cb, (z_off_t)n),
              "zlib crc32_combine n 0x%" PRIx64 " (%s)", n, in);
    }
    use_impl(MDD_CRC_IMPL_AUTO);
}

int main(int argc, char **argv)
{
    const uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x6d64642d637263ULL;
    rng_state = seed ? seed : 1;
    printf("test_crc: seed 0x%" PRIx64 " (rerun with this argument to replay)\n", seed);

    test_concurrent_init_and_env();
    test_params();
    test_impl_api();
    test_vectors();
    test_portable_vs_bitwise();
    test_impls_agree();
    test_oracles();
    test_chaining();
    test_shift_math(MDD_CRC_IMPL_PORTABLE);
    test_shift_math(MDD_CRC_IMPL_AUTO);
    test_combine(MDD_CRC_IMPL_PORTABLE);
    test_combine(MDD_CRC_IMPL_AUTO);
    test_fold_count();

    printf("c-crc: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * CRC library benchmark: throughput of every algorithm x implementation at
 * 4 KiB and 64 KiB, anchors measured in the same run (ISA-L, zlib, a plain
 * bytewise table loop, a single-stream SSE4.2 crc32 loop), and the latency of
 * combine / shift for lengths up to 2^40-1 (zlib crc32_combine as anchor).
 *
 * Each figure repeats its call for ~0.15 s (clock_gettime, CLOCK_MONOTONIC),
 * split into 25 short runs of which the fastest is reported.
 * Calls are chained through their result (CRC in -> CRC out), so the figures
 * are latency-bound the way a caller streaming one buffer after another is.
 * 1 GB/s = 1e9 bytes per second.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include <zlib.h>

#include "mdd/crc.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define FIGURE_SECONDS 0.15
#define FIGURE_RUNS 25

static volatile uint64_t sink;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct job {
    uint64_t (*step)(const struct job *j, uint64_t carry);
    mdd_crc_alg alg;
    const uint8_t *buf;
    size_t len;
    uint64_t n;       /* combine/shift length */
    uint64_t operand; /* second CRC of combine */
} job;

/* Seconds per call: a calibration run (which also warms caches and clocks),
 * then the best of FIGURE_RUNS runs sharing ~FIGURE_SECONDS: the machine is
 * shared, and the best run is the one least disturbed by other processes. */
static double seconds_per_call(const job *j)
{
    uint64_t carry = 1;
    long reps = 1;
    double elapsed;
    for (;;) {
        const double t0 = now();
        for (long i = 0; i < reps; i++)
            carry = j->step(j, carry);
        elapsed = now() - t0;
        if (elapsed > 0.002)
            break;
        reps *= 4;
    }
    reps = (long)((double)reps * FIGURE_SECONDS / FIGURE_RUNS / elapsed) + 1;
    double best = 0;
    for (int run = 0; run < FIGURE_RUNS; run++) {
        const double t0 = now();
        for (long i = 0; i < reps; i++)
            carry = j->step(j, carry);
        elapsed = now() - t0;
        if (run == 0 || elapsed < best)
            best = elapsed;
    }
    sink ^= carry;
    return best / (double)reps;
}

static double gbps(const job *j) { return (double)j->len / seconds_per_call(j) / 1e9; }
static double nanoseconds(const job *j) { return seconds_per_call(j) * 1e9; }

/* ---- our library ---- */
static uint64_t step_update(const job *j, uint64_t c) { return mdd_crc_update(j->alg, c, j->buf, j->len); }
static uint64_t step_combine(const job *j, uint64_t c) { return mdd_crc_combine(j->alg, c, j->operand, j->n); }
static uint64_t step_shift(const job *j, uint64_t c) { return mdd_crc_shift(j->alg, c, j->n); }

/* ---- anchors ---- */
static uint64_t step_isal_iscsi(const job *j, uint64_t c)
{
    return crc32_iscsi((unsigned char *)j->buf, (int)j->len, (unsigned)c);
}
static uint64_t step_isal_t10dif(const job *j, uint64_t c) { return crc16_t10dif((uint16_t)c, j->buf, j->len); }
static uint64_t step_isal_gzip(const job *j, uint64_t c) { return crc32_gzip_refl((uint32_t)c, j->buf, j->len); }
static uint64_t step_isal_jones(const job *j, uint64_t c) { return crc64_jones_refl(c, j->buf, j->len); }
static uint64_t step_zlib(const job *j, uint64_t c) { return crc32((uLong)c, j->buf, (uInt)j->len); }
static uint64_t step_zlib_combine(const job *j, uint64_t c)
{
    return crc32_combine((uLong)c, (uLong)j->operand, (z_off_t)j->n);
}

/* The textbook one-table loop, CRC-32C, for scale. */
static uint32_t bytewise_table[256];
static uint64_t step_bytewise(const job *j, uint64_t c)
{
    uint32_t r = (uint32_t)c;
    for (size_t i = 0; i < j->len; i++)
        r = bytewise_table[(r ^ j->buf[i]) & 0xff] ^ (r >> 8);
    return r;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint64_t step_sse42_single(const job *j, uint64_t c)
{
    const uint8_t *p = j->buf;
    size_t len = j->len;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        c = _mm_crc32_u64(c, v);
    }
    uint32_t c32 = (uint32_t)c;
    while (len--)
        c32 = _mm_crc32_u8(c32, *p++);
    return c32;
}
#endif

static void row_throughput(const char *label, job j, const uint8_t *buf, double out[2])
{
    static const size_t sizes[2] = {4096, 65536};
    printf("  %-44s", label);
    for (int s = 0; s < 2; s++) {
        j.buf = buf;
        j.len = sizes[s];
        out[s] = gbps(&j);
        printf(" %8.2f", out[s]);
    }
    printf("\n");
    fflush(stdout);
}

int main(void)
{
    enum { BUF = 65536 };
    uint8_t *buf = malloc(BUF);
    if (!buf)
        return 1;
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < BUF; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[i] = (uint8_t)x;
    }
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t r = b;
        for (int i = 0; i < 8; i++)
            r = r & 1 ? (r >> 1) ^ 0x82F63B78u : r >> 1;
        bytewise_table[b] = r;
    }

    /* Warm-up, so the first figure does not pay for clock ramp-up and first-touch. */
    mdd_crc_set_impl(MDD_CRC_IMPL_PORTABLE);
    for (const double until = now() + 0.2; now() < until;)
        sink ^= mdd_crc(MDD_CRC32C, buf, BUF);
    mdd_crc_set_impl(MDD_CRC_IMPL_AUTO);

    static const mdd_crc_alg algs[] = {MDD_CRC32C, MDD_CRC16_T10DIF, MDD_CRC32, MDD_CRC64_NVME};
    double ours_auto[4][2] = {{0}};
    char label[96];

    printf("CRC throughput, GB/s (buffer hot in cache, calls chained)  %8s %8s\n", "4 KiB", "64 KiB");
    for (int a = 0; a < 4; a++) {
        const mdd_crc_alg alg = algs[a];
        for (int impl = MDD_CRC_IMPL_PORTABLE; impl < MDD_CRC_IMPL_COUNT; impl++) {
            if (mdd_crc_set_impl((mdd_crc_impl)impl) != 0 || (int)mdd_crc_active_impl(alg) != impl)
                continue; /* not supported here, or this algorithm has no such kernel */
            double r[2];
            snprintf(label, sizeof label, "%-13s %s", mdd_crc_params_of(alg)->name, mdd_crc_impl_name((mdd_crc_impl)impl));
            row_throughput(label, (job){.step = step_update, .alg = alg}, buf, r);
        }
        mdd_crc_set_impl(MDD_CRC_IMPL_AUTO);
        snprintf(label, sizeof label, "%-13s auto (= %s)", mdd_crc_params_of(alg)->name,
                 mdd_crc_impl_name(mdd_crc_active_impl(alg)));
        row_throughput(label, (job){.step = step_update, .alg = alg}, buf, ours_auto[a]);
    }

    printf("anchors\n");
    double isal_iscsi[2], isal_t10[2], unused[2];
    row_throughput("ISA-L crc32_iscsi (CRC-32C)", (job){.step = step_isal_iscsi}, buf, isal_iscsi);
    row_throughput("ISA-L crc16_t10dif", (job){.step = step_isal_t10dif}, buf, isal_t10);
    row_throughput("ISA-L crc32_gzip_refl (CRC-32)", (job){.step = step_isal_gzip}, buf, unused);
    row_throughput("ISA-L crc64_jones_refl (other poly; scale)", (job){.step = step_isal_jones}, buf, unused);
    row_throughput("zlib crc32", (job){.step = step_zlib}, buf, unused);
    row_throughput("bytewise table loop (CRC-32C)", (job){.step = step_bytewise}, buf, unused);
#if defined(__x86_64__)
    if (mdd_crc_impl_supported(MDD_CRC_IMPL_SSE42))
        row_throughput("SSE4.2 crc32 single stream (CRC-32C)", (job){.step = step_sse42_single}, buf, unused);
#endif
    printf("ratio ours/ISA-L at 64 KiB: CRC-32C %.2f (4 KiB %.2f), CRC-16/T10-DIF %.2f (4 KiB %.2f)\n\n",
           ours_auto[0][1] / isal_iscsi[1], ours_auto[0][0] / isal_iscsi[0], ours_auto[1][1] / isal_t10[1],
           ours_auto[1][0] / isal_t10[0]);

    static const uint64_t lens[4] = {64, (uint64_t)1 << 20, (uint64_t)1 << 30, ((uint64_t)1 << 40) - 1};
    printf("combine / shift latency, ns per call           %8s %8s %8s %8s\n", "64 B", "1 MiB", "1 GiB", "2^40-1");
    for (int math = 0; math < 2; math++) {
        const mdd_crc_impl impl = math ? MDD_CRC_IMPL_PORTABLE : MDD_CRC_IMPL_AUTO;
        mdd_crc_set_impl(impl);
        for (int a = 0; a < 4; a++)
            for (int op = 0; op < 2; op++) {
                snprintf(label, sizeof label, "%-13s %-7s (%s math)", mdd_crc_params_of(algs[a])->name,
                         op ? "shift" : "combine", math ? "portable" : "auto");
                printf("  %-44s", label);
                for (int i = 0; i < 4; i++) {
                    const job j = {.step = op ? step_shift : step_combine, .alg = algs[a], .n = lens[i],
                                   .operand = 0x5a5a5a5a5a5a5a5aULL & mdd_crc_mask(algs[a])};
                    printf(" %8.1f", nanoseconds(&j));
                }
                printf("\n");
                fflush(stdout);
            }
    }
    mdd_crc_set_impl(MDD_CRC_IMPL_AUTO);
    printf("  %-44s", "zlib crc32_combine (anchor)");
    for (int i = 0; i < 4; i++) {
        const job j = {.step = step_zlib_combine, .n = lens[i], .operand = 0x5a5a5a5a};
        printf(" %8.1f", nanoseconds(&j));
    }
    printf("\n");
    free(buf);
    return 0;
}

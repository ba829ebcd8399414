/* SPDX-License-Identifier: MIT */
/*
 * Compares the table written by tb/unit/tb_mdd_crc_math.v (results of the RTL
 * CRC functions in rtl/mdd_crc_math.vh) with the C library, column by column:
 *   X alg n dir value        mdd_crc_xpow8n(alg, n), or mdd_crc_unshift(alg, 1, n) for dir 1
 *   S alg n dir row mask     bit c of the mask = bit row of mdd_crc_shift/unshift(alg, 1 << c, n)
 *   M alg k row mask         bit c of the mask = bit row of mdd_crc_mulmod(alg, 1 << c, k)
 *   D alg w row mask         bit i of the mask = bit row of mdd_crc_raw_update(alg, 0, w bytes with only bit i set)
 * Rows past the CRC width must be all zero.  Last line: "crc-math-vh-lib: P passed, F failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"

#define SUITE "crc-math-vh-lib"

static unsigned long passed, failed;

static void result(int ok, const char *line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed <= 20) printf("FAIL %s", line);
    }
}

static unsigned width_of(unsigned alg) { return mdd_crc_params_of((mdd_crc_alg)alg)->width; }

/* 128 hex digits, most significant first, into 64 bytes with byte 0 = bits [7:0] */
static int parse_wide(const char *hex, uint8_t out[64])
{
    if (strlen(hex) != 128) return -1;
    for (int i = 0; i < 64; i++) {
        unsigned v;
        if (sscanf(hex + 2 * (63 - i), "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static uint64_t mask_from_columns(unsigned alg, unsigned row, uint64_t (*col)(unsigned alg, uint64_t in, uint64_t arg),
                                  uint64_t arg)
{
    uint64_t mask = 0;
    for (unsigned c = 0; c < width_of(alg); c++)
        if ((col(alg, UINT64_C(1) << c, arg) >> row) & 1) mask |= UINT64_C(1) << c;
    return mask;
}

static uint64_t col_shift(unsigned alg, uint64_t in, uint64_t n) { return mdd_crc_shift((mdd_crc_alg)alg, in, n); }
static uint64_t col_unshift(unsigned alg, uint64_t in, uint64_t n) { return mdd_crc_unshift((mdd_crc_alg)alg, in, n); }
static uint64_t col_mul(unsigned alg, uint64_t in, uint64_t k) { return mdd_crc_mulmod((mdd_crc_alg)alg, in, k); }

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s TABLE\n", argv[0]);
        printf(SUITE ": 0 passed, 1 failed\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        printf(SUITE ": 0 passed, 1 failed\n");
        return 2;
    }
    char line[512];
    unsigned long kinds[4] = {0};
    while (fgets(line, sizeof line, f)) {
        unsigned alg, dir, row, w;
        uint64_t n, value, mask;
        char wide[200];
        if (sscanf(line, "X %u %" SCNx64 " %u %" SCNx64, &alg, &n, &dir, &value) == 4 && alg < MDD_CRC_ALG_COUNT) {
            const mdd_crc_alg a = (mdd_crc_alg)alg;
            const uint64_t one = mdd_crc_xpow8n(a, 0);
            result(value == (dir ? mdd_crc_unshift(a, one, n) : mdd_crc_xpow8n(a, n)), line);
            kinds[0]++;
        } else if (sscanf(line, "S %u %" SCNx64 " %u %u %" SCNx64, &alg, &n, &dir, &row, &mask) == 5 &&
                   alg < MDD_CRC_ALG_COUNT && row < 64) {
            const uint64_t want = row < width_of(alg) ? mask_from_columns(alg, row, dir ? col_unshift : col_shift, n) : 0;
            result(mask == want, line);
            kinds[1]++;
        } else if (sscanf(line, "M %u %" SCNx64 " %u %" SCNx64, &alg, &n, &row, &mask) == 4 &&
                   alg < MDD_CRC_ALG_COUNT && row < 64) {
            const uint64_t want = row < width_of(alg) ? mask_from_columns(alg, row, col_mul, n) : 0;
            result(mask == want, line);
            kinds[2]++;
        } else if (sscanf(line, "D %u %u %u %199s", &alg, &w, &row, wide) == 4 && alg < MDD_CRC_ALG_COUNT &&
                   row < 64 && w >= 1 && w <= 64) {
            uint8_t got[64], want[64] = {0};
            if (parse_wide(wide, got) != 0) {
                result(0, line);
                continue;
            }
            if (row < width_of(alg)) {
                for (unsigned i = 0; i < 8 * w; i++) {
                    uint8_t msg[64] = {0};
                    msg[i / 8] = (uint8_t)(1u << (i % 8));
                    if ((mdd_crc_raw_update((mdd_crc_alg)alg, 0, msg, w) >> row) & 1) want[i / 8] |= (uint8_t)(1u << (i % 8));
                }
            }
            result(memcmp(got, want, sizeof got) == 0, line);
            kinds[3]++;
        } else {
            result(0, line);  /* a malformed table is a failure, not something to skip */
        }
    }
    fclose(f);
    /* an empty or truncated table must not pass */
    for (int i = 0; i < 4; i++)
        if (kinds[i] == 0) {
            printf("FAIL table has no entries of kind %c\n", "XSMD"[i]);
            failed++;
        }
    printf("checked %lu constants, %lu shift rows, %lu mul rows, %lu data rows\n", kinds[0], kinds[1], kinds[2],
           kinds[3]);
    printf(SUITE ": %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

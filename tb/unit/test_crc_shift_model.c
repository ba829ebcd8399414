/* SPDX-License-Identifier: MIT */
/*
 * Unit test of the C twin model/mdd_crc_shift_model.c on its own, built with ASan/UBSan, over the whole
 * parameter space the RTL accepts (every CRC, both directions, BITS_PER_STAGE 1..8, N_W 1..64 in a spread),
 * where the lockstep runs cover only the configurations that are Verilated.  Per configuration:
 *   - random requests with random stalls and resets; every delivered result is compared, in order, with
 *     mdd_crc_shift / mdd_crc_unshift from the library (not with anything the twin computed);
 *   - latency: with m_tready high, a request shows up exactly ceil(N_W / BITS_PER_STAGE) clocks later;
 *   - flow control: s_tready == m_tready | !m_tvalid, and nothing is lost or duplicated across stalls.
 * Rejected parameters must be rejected.  Last line: "c-crc-shift-model: P passed, F failed".
 */
#include <stdio.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd_crc_shift_model.h"

#define SUITE "c-crc-shift-model"

static unsigned long passed, failed;

static void check(int ok, const char *what, unsigned alg, unsigned inv, unsigned bps, unsigned n_w)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    if (failed <= 20) printf("FAIL %s (alg=%u inverse=%u bits_per_stage=%u n_w=%u)\n", what, alg, inv, bps, n_w);
}

/* splitmix64: deterministic stimulus */
static uint64_t rng_state = 0x1234567887654321ull;
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t low_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

static uint64_t rand_n(unsigned n_w)
{
    unsigned bits = (unsigned)(rnd() % (n_w + 1));
    return bits == 0 ? 0 : (rnd() & low_mask(bits)) | (1ull << (bits - 1));
}

#define QUEUE 128 /* > max stages (64) */

/* out_xor / load_valid: the RTL's OUT_XOR and LOAD_VALID (0, false = the defaults, through the plain init) */
static void run_config(mdd_crc_alg alg, unsigned inv, unsigned bps, unsigned n_w, unsigned cycles, uint64_t out_xor,
                       bool load_valid)
{
    static mdd_crc_shift_model m; /* large (factor table): keep it off the stack */
    const unsigned user_w = 5;
    const int rc = (out_xor || load_valid)
                       ? mdd_crc_shift_model_init_opt(&m, alg, n_w, inv != 0, bps, user_w, out_xor, load_valid)
                       : mdd_crc_shift_model_init(&m, alg, n_w, inv != 0, bps, user_w);
    out_xor &= mdd_crc_mask(alg);
    if (rc != 0) {
        check(0, "init rejected valid parameters", alg, inv, bps, n_w);
        return;
    }
    const unsigned stages = (n_w + bps - 1) / bps;
    check(mdd_crc_shift_latency(&m) == stages, "latency", alg, inv, bps, n_w);

    /* 1. latency with an always-ready sink: request at cycle t comes out at t + stages */
    {
        mdd_crc_shift_in in = {0};
        mdd_crc_shift_out out;
        const uint64_t reg = rnd() & mdd_crc_mask(alg), n = rand_n(n_w);
        in.m_tready = true;
        in.s_tvalid = true;
        in.s_reg = reg;
        in.s_nbytes = n;
        in.s_tuser = 3;
        unsigned seen_at = 0, seen = 0;
        for (unsigned c = 0; c < stages + 3; c++) {
            mdd_crc_shift_eval(&m, &in, &out);
            if (out.m_tvalid) {
                seen++;
                seen_at = c;
                const uint64_t want = (inv ? mdd_crc_unshift(alg, reg, n) : mdd_crc_shift(alg, reg, n)) ^ out_xor;
                check(out.m_reg == want && out.m_tuser == 3, "single request result", alg, inv, bps, n_w);
            }
            mdd_crc_shift_tick(&m, &in);
            in.s_tvalid = false;
        }
        check(seen == 1 && seen_at == stages, "single request latency", alg, inv, bps, n_w);
    }

    /* 2. random traffic, stalls and resets against the library */
    uint64_t q_reg[QUEUE], q_user[QUEUE];
    unsigned head = 0, count = 0;
    mdd_crc_shift_in in = {0};
    bool taken = true;
    unsigned delivered = 0;
    uint64_t prev_reg = 0, prev_user = 0;
    bool prev_rst = false;
    for (unsigned c = 0; c < cycles; c++) {
        mdd_crc_shift_out out;
        in.rst = (rnd() % 1000) == 0;
        if (taken || !in.s_tvalid) {
            in.s_tvalid = (rnd() % 10) < 8;
            in.s_reg = rnd() & mdd_crc_mask(alg);
            in.s_nbytes = rand_n(n_w);
            in.s_tuser = rnd() & low_mask(user_w);
        }
        in.m_tready = (rnd() % 10) < 7;
        mdd_crc_shift_eval(&m, &in, &out);
        if (out.s_tready != (in.m_tready || !out.m_tvalid)) check(0, "s_tready rule", alg, inv, bps, n_w);
        /* LOAD_VALID: an idle output holds the last result (a reset edge may still load the request it drops) */
        if (load_valid && c > 0 && !out.m_tvalid && !prev_rst && (out.m_reg != prev_reg || out.m_tuser != prev_user))
            check(0, "output held while m_tvalid is low", alg, inv, bps, n_w);
        prev_reg = out.m_reg;
        prev_user = out.m_tuser;
        prev_rst = in.rst;
        if (in.rst) {
            count = 0;
        } else {
            if (out.m_tvalid && in.m_tready) {
                if (count == 0) {
                    check(0, "result without request", alg, inv, bps, n_w);
                } else {
                    check(out.m_reg == q_reg[head] && out.m_tuser == q_user[head], "result", alg, inv, bps, n_w);
                    head = (head + 1) % QUEUE;
                    count--;
                    delivered++;
                }
            }
            if (in.s_tvalid && out.s_tready) {
                if (count >= stages) check(0, "more in flight than stages", alg, inv, bps, n_w);
                const unsigned tail = (head + count) % QUEUE;
                q_reg[tail] = (inv ? mdd_crc_unshift(alg, in.s_reg, in.s_nbytes) : mdd_crc_shift(alg, in.s_reg, in.s_nbytes)) ^
                              out_xor;
                q_user[tail] = in.s_tuser;
                count++;
            }
        }
        taken = in.s_tvalid && out.s_tready && !in.rst;
        mdd_crc_shift_tick(&m, &in);
    }
    check(delivered > cycles / 3, "traffic flowed", alg, inv, bps, n_w);
}

int main(void)
{
    static const unsigned n_ws[] = {1, 2, 5, 8, 17, 33, 63, 64};
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; a++)
        for (unsigned inv = 0; inv < 2; inv++)
            for (unsigned bps = 1; bps <= MDD_CRC_SHIFT_MAX_BITS_PER_STAGE; bps++)
                for (unsigned k = 0; k < sizeof n_ws / sizeof n_ws[0]; k++)
                    run_config((mdd_crc_alg)a, inv, bps, n_ws[k], 600, 0, false);
    /* the output options (the CRC unit's fix-up uses OUT_XOR = xorout, LOAD_VALID = 1) */
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; a++)
        for (unsigned inv = 0; inv < 2; inv++)
            for (unsigned bps = 1; bps <= 3; bps++)
                for (unsigned k = 0; k < sizeof n_ws / sizeof n_ws[0]; k++)
                    for (unsigned opt = 1; opt < 4; opt++)
                        run_config((mdd_crc_alg)a, inv, bps, n_ws[k], 600, (opt & 1) ? rnd() : 0, (opt & 2) != 0);

    static mdd_crc_shift_model m;
    check(mdd_crc_shift_model_init(&m, MDD_CRC32C, 0, false, 2, 1) != 0, "n_w 0 rejected", 0, 0, 2, 0);
    check(mdd_crc_shift_model_init(&m, MDD_CRC32C, 65, false, 2, 1) != 0, "n_w 65 rejected", 0, 0, 2, 65);
    check(mdd_crc_shift_model_init(&m, MDD_CRC32C, 33, false, 0, 1) != 0, "bits_per_stage 0 rejected", 0, 0, 0, 33);
    check(mdd_crc_shift_model_init(&m, MDD_CRC32C, 33, false, 9, 1) != 0, "bits_per_stage 9 rejected", 0, 0, 9, 33);
    check(mdd_crc_shift_model_init(&m, MDD_CRC_ALG_COUNT, 33, false, 2, 1) != 0, "bad alg rejected", 4, 0, 2, 33);

    printf(SUITE ": %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * Tests of the deposit engine's verification side (suite "dep-ref"):
 *
 *  1. directed cases of the reference (model/mdd_depref.h) with expected values written here: one per error code
 *     that a header can produce (field, expected, found), each of the 10 opcodes (EA, commit, CQE or not), the
 *     byte images of the RHQ entry, status word, pointer and CQE of one known packet, the late verdicts, the
 *     phase bit over wraps, one-shot ARM_SOLICITED / ARM_ANY (and ARM_ANY with unread entries), back-pressure;
 *  2. a random run: the generator (model/mdd_deptraf.h) feeds the reference, whose writes go to an ideal host
 *     memory (model/mdd_hostmem.h, no AXI timing) with software freeing ring slots as it would (reading the
 *     producer pointer and the CQE phase bits from memory); checked: the independent safety checker never fires,
 *     the address-order checker never fires, every packet of a certain kind gets its intended code, the
 *     generator's shadow of the address registers and connection states equals the reference's, nothing is
 *     written into a slot software has not freed; counts per code are printed;
 *  3. self-tests of the cycle-level parts: the AXI slave driven by a small fake master through bursts (data,
 *     strobes, B order, the protocol checker catching a wrong wlast, a wrong awsize, a 4 KiB crossing, a payload
 *     change before ready), the ordering checker, and a closed loop at W = 8, 64, 4: generator -> stream and
 *     AXI-Lite drivers -> a fake engine (the reference behind the ports, section 6.4 done one packet at a time)
 *     -> AXI slave -> scoreboard, clean without mutation, and four mutations (a payload byte, status before the
 *     payload's B, an early wlast, a byte past the payload) each caught.
 *
 * Usage: test_depref [PACKETS [SEED]] (default 120000 packets, seed 1). Last line "dep-ref: P passed, F failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_depref.h"
#include "mdd_depscore.h"
#include "mdd_deptraf.h"
#include "mdd_hostmem.h"
#include "test_util.h"

/* ------------------------------------------------------------------------------------------------------ */
/* Directed cases.                                                                                          */

static struct mdd_depref *ref;
static struct mdd_depref_res res;

static void reg(uint32_t addr, uint32_t data) { mdd_depref_reg_write(ref, addr, data, NULL); }

/* Writes a table entry through the register block, words given as 8 x 32 bits (DATA0 first). */
static void entry(unsigned sel, unsigned idx, const uint32_t d[8])
{
    reg(MDD_DEPREG_TBL_SEL, sel);
    reg(MDD_DEPREG_TBL_IDX, idx);
    for (unsigned i = 0; i < 8; i++)
        reg(MDD_DEPREG_TBL_DATA0 + 4 * i, d[i]);
    reg(MDD_DEPREG_TBL_CMD, 1);
}

/* Bit positions below are those of formats.def, written out by hand (DEPCONN: state 1:0, pd 31:16, rhq 39:32,
 * cq 47:40, reply 63:48; areg_base 15:0 and areg_len 32:16 of word 1). */
static void conn(unsigned idx, unsigned state, unsigned pd, unsigned rhq, unsigned cq, unsigned reply,
                 unsigned abase, unsigned alen)
{
    const uint32_t d[8] = {state | pd << 16, rhq | cq << 8 | reply << 16, abase | (alen & 0xFFFF) << 16, alen >> 16,
                           0, 0, 0, 0};
    entry(0, idx, d);
}
static void region(unsigned idx, bool valid, bool w, unsigned key, unsigned pd, uint64_t base, uint64_t len)
{
    const uint32_t d[8] = {(uint32_t)valid | (uint32_t)w << 1 | key << 8 | pd << 16, 0, (uint32_t)base,
                           (uint32_t)(base >> 32), (uint32_t)len, (uint32_t)(len >> 32), 0, 0};
    entry(1, idx, d);
}
static void areg(unsigned idx, uint64_t value, unsigned prot)
{
    const uint32_t d[8] = {(uint32_t)value, (uint32_t)(value >> 32), prot, 0, 0, 0, 0, 0};
    entry(2, idx, d);
}
static void rhq(unsigned idx, uint64_t base, uint64_t ptr, unsigned log2n)
{
    const uint32_t d[8] = {(uint32_t)base, (uint32_t)(base >> 32), (uint32_t)ptr, (uint32_t)(ptr >> 32), log2n, 0, 0, 0};
    entry(3, idx, d);
}
static void cq(unsigned idx, uint64_t base, unsigned log2n, unsigned evt)
{
    const uint32_t d[8] = {(uint32_t)base, (uint32_t)(base >> 32), 0, 0, log2n | evt << 16, 0, 0, 0};
    entry(4, idx, d);
}

static uint8_t pkt_buf[70000];
static uint64_t keep_buf[70000 / 4];

/* A header built byte by byte (the checksum from the CRC library, which has its own tests). */
static void header(uint8_t *h, unsigned op, unsigned flags, unsigned cn, uint32_t token, uint64_t offset,
                   unsigned ar, uint32_t length, uint32_t tag)
{
    h[0] = (uint8_t)op;
    h[1] = (uint8_t)flags;
    h[2] = (uint8_t)(cn >> 8), h[3] = (uint8_t)cn;
    for (int i = 0; i < 4; i++)
        h[4 + i] = (uint8_t)(token >> (24 - 8 * i));
    for (int i = 0; i < 8; i++)
        h[8 + i] = (uint8_t)(offset >> (56 - 8 * i));
    h[16] = (uint8_t)(ar >> 8), h[17] = (uint8_t)ar;
    h[18] = h[19] = 0;
    for (int i = 0; i < 4; i++) {
        h[20 + i] = (uint8_t)(length >> (24 - 8 * i));
        h[24 + i] = (uint8_t)(tag >> (24 - 8 * i));
    }
    uint32_t c = (uint32_t)mdd_crc(MDD_CRC32C, h, 28);
    for (int i = 0; i < 4; i++)
        h[28 + i] = (uint8_t)(c >> (24 - 8 * i));
}

static void run(uint32_t len, const uint64_t *keep, bool tuser, bool early)
{
    struct mdd_deppkt p = {pkt_buf, len, keep, tuser, early};
    mdd_depref_packet(ref, &p, &res);
}

/* A packet into pkt_buf: header + payload bytes 0, 1, 2 ... (+ trailer when flag PCRC); returns its length. */
static uint32_t mk(unsigned op, unsigned flags, unsigned cn, uint32_t token, uint64_t offset, unsigned ar,
                   uint32_t length, uint32_t tag)
{
    header(pkt_buf, op, flags, cn, token, offset, ar, length, tag);
    uint32_t n = 32;
    if (op <= 5) {
        for (uint32_t i = 0; i < length; i++)
            pkt_buf[32 + i] = (uint8_t)i;
        n += length;
    }
    if (flags & 1) {
        uint32_t c = (uint32_t)mdd_crc(MDD_CRC32C, pkt_buf + 32, op <= 5 ? length : 0);
        for (int i = 0; i < 4; i++)
            pkt_buf[n + i] = (uint8_t)(c >> (24 - 8 * i));
        n += 4;
    }
    return n;
}

static void send(unsigned op, unsigned flags, unsigned cn, uint32_t token, uint64_t offset, unsigned ar,
                 uint32_t length, uint32_t tag)
{
    run(mk(op, flags, cn, token, offset, ar, length, tag), NULL, false, false);
}

static void expect_err(const char *what, unsigned code, unsigned field, uint64_t exp, uint64_t found)
{
    label("%s", what);
    check(res.code == code, "code %u (%s), expected %u (%s)", res.code, mdd_depref_code_name(res.code), code,
          mdd_depref_code_name(code));
    check(res.field == field, "field %u, expected %u", res.field, field);
    check(res.expected == exp, "expected 0x%" PRIx64 ", expected 0x%" PRIx64, res.expected, exp);
    check(res.found == found, "found 0x%" PRIx64 ", expected 0x%" PRIx64, res.found, found);
}

static void expect_bytes(const char *what, const uint8_t *got, const uint8_t *exp, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (got[i] != exp[i]) {
            check(false, "%s: byte %u = 0x%02x, expected 0x%02x", what, i, got[i], exp[i]);
            return;
        }
    check(true, "%s", what);
}

/* The directed world: W = 8, defaults (64 connections, 256 regions, 256 registers, 16 RHQs, 16 CQs). */
static void setup(void)
{
    mdd_depref_free(ref);
    mdd_dep_params p = mdd_depref_default_params(8);
    ref = mdd_depref_new(&p);
    if (!ref) {
        printf("mdd_depref_new failed\n");
        exit(2);
    }
    reg(MDD_DEPREG_ERR_CQ, 0);
    rhq(2, 0x80000, 0x90000, 2);       /* 4 entries */
    cq(1, 0xA0000, 1, 0x77);           /* 2 entries */
    cq(0, 0xB0000, 3, 0x55);           /* the error CQ, 8 entries */
    region(5, true, true, 0xAB, 7, 0x10000, 0x1000);
    region(6, true, false, 0x11, 7, 0x20000, 0x100);
    region(7, true, true, 0x22, 8, 0x30000, 0x100);
    region(8, true, true, 0x33, 7, 0xFFFFFFFFFFFFF000ull, 0x1000); /* ends at exactly 2^64 */
    areg(10, 0x100, 7);
    areg(11, 0x20, 1);
    areg(12, 0x5, 0);
    areg(13, 0x7, 2);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    conn(5, 2, 7, 2, 1, 0, 10, 4); /* EXCEPTION */
    conn(6, 3, 7, 2, 1, 0, 10, 4); /* ERROR */
}

static const unsigned TOK5 = 5u << 8 | 0xAB;

static void directed_images(void)
{
    setup();
    send(0x01, 0x06, 3, TOK5, 0x10, 0, 5, 0xDEADBEEF);
    static const uint8_t hdr[28] = {0x01, 0x06, 0x00, 0x03, 0x00, 0x00, 0x05, 0xAB, 0, 0, 0, 0, 0, 0, 0, 0x10,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0xDE, 0xAD, 0xBE, 0xEF};
    label("known packet: WRITE 5 bytes at offset 0x10 of region 5, COMPL|SOLICITED");
    check(res.code == 0 && res.has_entry && !res.hdr_fail, "code %u", res.code);
    check(res.entry.addr == 0x80000 && res.entry.len == 32, "entry at 0x%" PRIx64, res.entry.addr);
    uint8_t e[32];
    memcpy(e, hdr, 28);
    memset(e + 28, 0, 4);
    expect_bytes("RHQ entry image (header bytes 0-27, status 0)", res.entry.data, e, 32);
    check(res.status.addr == 0x8001C && res.status.len == 4, "status at 0x%" PRIx64, res.status.addr);
    static const uint8_t st[4] = {0x01, 0x00, 0x00, 0x00};
    expect_bytes("status word (DONE, code 0)", res.status.data, st, 4);
    check(res.ptr.addr == 0x90000 && res.ptr.len == 4, "pointer at 0x%" PRIx64, res.ptr.addr);
    expect_bytes("producer pointer 1", res.ptr.data, st, 4);
    check(res.is_write && res.ea == 0x10010 && res.place == 5, "EA 0x%" PRIx64 " place %u", res.ea, res.place);
    static const uint8_t pay[5] = {0, 1, 2, 3, 4};
    expect_bytes("payload", res.payload, pay, 5);
    check(res.has_cqe && res.cq == 1 && res.cqe.addr == 0xA0000, "CQE to CQ %u at 0x%" PRIx64, res.cq, res.cqe.addr);
    static const uint8_t cqe[32] = {0x00, 0x01, 0x06, 0x03, 0x03, 0x00, 0xFF, 0xFF, 0xEF, 0xBE, 0xAD,
                                    0xDE, 0x05, 0x00, 0x00, 0x00, 0x10, 0x00, 0x01, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x34, 0x12, 0x00, 0x00};
    expect_bytes("success CQE image", res.cqe.data, cqe, 32);
    check(!res.event, "no event: CQ not armed");

    /* an error CQE image: TOKEN_KEY, into ERR_CQ 0 */
    send(0x01, 0x04, 3, 5u << 8 | 0xAC, 0, 0, 0, 0x01020304);
    static const uint8_t ecqe[32] = {14,   0x01, 0x04, 0x07, 0x03, 0x00, 0x04, 0x00, 0x04, 0x03, 0x02,
                                     0x01, 0x00, 0x00, 0x00, 0x00, 0xAB, 0, 0, 0, 0, 0, 0, 0, 0xAC, 0, 0, 0, 0, 0, 0, 0};
    label("error CQE image (TOKEN_KEY)");
    check(res.cqe.addr == 0xB0000 && res.cq == 0 && !res.has_entry, "error CQE at 0x%" PRIx64, res.cqe.addr);
    expect_bytes("error CQE image", res.cqe.data, ecqe, 32);
}

static void directed_header_errors(void)
{
    setup();
    header(pkt_buf, 1, 0, 3, TOK5, 0, 0, 0, 1);
    run(20, NULL, false, false);
    expect_err("SHORT: 20-byte packet", 1, 0xFFFF, 32, 20);
    check(!res.has_entry && res.has_cqe && res.cq == 0, "only an error CQE");
    /* W = 8: header beats 0..3; a hole at lane 3 of beat 1 */
    header(pkt_buf, 1, 0, 3, TOK5, 0, 0, 8, 1);
    for (unsigned b = 0; b < 5; b++)
        keep_buf[b] = 0xFF;
    keep_buf[1] = 0xF7;
    run(40, keep_buf, false, false);
    expect_err("KEEP: hole in a header beat", 2, 3, 0, 0);
    header(pkt_buf, 1, 0, 3, TOK5, 0, 0, 0, 1);
    uint32_t good = (uint32_t)mdd_crc(MDD_CRC32C, pkt_buf, 28);
    pkt_buf[31] ^= 0x40;
    run(32, NULL, false, false);
    expect_err("HDR_CSUM", 3, 28, good, good ^ 0x40);
    send(0x07, 0, 3, TOK5, 0, 0, 0, 1);
    expect_err("OPCODE 0x07", 4, 0, 0, 7);
    send(0x01, 0x10, 3, TOK5, 0, 0, 0, 1);
    expect_err("FORMAT: flags bit 4", 5, 1, 0, 0x10);
    header(pkt_buf, 1, 0, 3, TOK5, 0, 0, 0, 1);
    pkt_buf[19] = 0x02;
    uint32_t c = (uint32_t)mdd_crc(MDD_CRC32C, pkt_buf, 28);
    for (int i = 0; i < 4; i++)
        pkt_buf[28 + i] = (uint8_t)(c >> (24 - 8 * i));
    run(32, NULL, false, false);
    expect_err("FORMAT: bytes 18-19", 5, 18, 0, 2);
    send(0x10, 0, 3, 0x99, 0, 0, 0, 1);
    expect_err("FORMAT: REG_LOAD with a token", 5, 4, 0, 0x99);
    header(pkt_buf, 0x10, 0, 3, 0x99, 0, 0, 0, 1);
    pkt_buf[18] = 0x01;
    c = (uint32_t)mdd_crc(MDD_CRC32C, pkt_buf, 28);
    for (int i = 0; i < 4; i++)
        pkt_buf[28 + i] = (uint8_t)(c >> (24 - 8 * i));
    run(32, NULL, false, false);
    expect_err("FORMAT: bytes 18-19 before a register op's token", 5, 18, 0, 0x100);
    send(0x11, 0, 3, 0, 0, 0, 7, 1);
    expect_err("FORMAT: REG_ADD with a length", 5, 20, 0, 7);
    send(0x12, 0x01, 3, 0, 0, 0, 0, 1);
    expect_err("FORMAT: REG_INC with PCRC", 5, 1, 0, 1);
    send(0x01, 0, 100, TOK5, 0, 0, 0, 1);
    expect_err("CONN_RANGE", 6, 2, 64, 100);
    send(0x01, 0, 4, TOK5, 0, 0, 0, 1);
    expect_err("CONN_INVALID (never written)", 7, 2, 1, 0);
    send(0x01, 0, 5, TOK5, 0, 0, 0, 1);
    expect_err("CONN_EXCEPTION", 8, 2, 1, 2);
    send(0x01, 0, 6, TOK5, 0, 0, 0, 1);
    expect_err("CONN_FLUSHED (state ERROR)", 9, 2, 1, 3);
    send(0x02, 0, 3, TOK5, 0, 4, 0, 1);
    expect_err("AREG_WINDOW: areg 4 of 4", 10, 16, 4, 4);
    send(0x05, 0, 3, TOK5, 0, 3, 0, 1);
    expect_err("AREG_WINDOW: areg + 1 of WRITE_IND_INCR", 10, 16, 4, 4);
    send(0x02, 0, 3, TOK5, 0, 1, 0, 1);
    expect_err("AREG_PROT: WRITE_IND needs I", 11, 16, 4, 1);
    send(0x10, 0, 3, 0, 0, 2, 0, 1);
    expect_err("AREG_PROT: REG_LOAD needs W", 11, 16, 2, 0);
    send(0x14, 0, 3, 0, 0, 1, 0, 1);
    expect_err("AREG_PROT: NOTIFY_IF_EQ_REG needs R on A[i+1]", 11, 16, 1, 0);
    send(0x05, 0, 3, TOK5, 0, 2, 0, 1);
    expect_err("AREG_PROT: WRITE_IND_INCR, A[i] lacks I and W", 11, 16, 6, 0);
    send(0x01, 0, 3, 0x300u << 8 | 0xAB, 0, 0, 0, 1);
    expect_err("TOKEN_RANGE", 12, 4, 256, 0x300);
    send(0x01, 0, 3, 9u << 8 | 0xAB, 0, 0, 0, 1);
    expect_err("TOKEN_INVALID: the valid bit", 13, 4, 1, 0);
    send(0x01, 0, 3, 5u << 8 | 0xAC, 0, 0, 0, 1);
    expect_err("TOKEN_KEY", 14, 4, 0xAB, 0xAC);
    send(0x01, 0, 3, 7u << 8 | 0x22, 0, 0, 0, 1);
    expect_err("TOKEN_PD: the connection's pd, the region's", 15, 4, 7, 8);
    send(0x01, 0, 3, TOK5, 0xFFFFFFFFFFFFFFFEull, 0, 5, 1);
    expect_err("OVERFLOW: eo + length", 16, 8, 0, 0xFFFFFFFFFFFFFFFEull);
    send(0x01, 0, 3, 8u << 8 | 0x33, 0xFF0, 0, 0x10, 1);
    expect_err("OVERFLOW: base + eo + length = 2^64 (docs 9.6)", 16, 8, 0, 0xFF0);
    send(0x01, 0, 3, 8u << 8 | 0x33, 0xFF0, 0, 0xF, 1);
    expect_err("no OVERFLOW: base + eo + length = 2^64 - 1", 0, 0xFFFF, 0, 0);
    send(0x01, 0, 3, TOK5, 0xFFE, 0, 5, 1);
    expect_err("BOUNDS", 17, 20, 0x1000, 0x1003);
    send(0x01, 0, 3, TOK5, 0xFFB, 0, 5, 1);
    expect_err("BOUNDS: exactly to the end passes", 0, 0xFFFF, 0, 0);
    send(0x01, 0, 3, 6u << 8 | 0x11, 0, 0, 5, 1);
    expect_err("RIGHTS", 18, 4, 1, 0);
    /* order: OPCODE before FORMAT, CONN before AREG, AREG before TOKEN */
    send(0x09, 0x80, 3, TOK5, 0, 0, 0, 1);
    expect_err("order: OPCODE before FORMAT", 4, 0, 0, 9);
    send(0x02, 0, 5, 5u << 8 | 0xAC, 0, 9, 0, 1);
    expect_err("order: CONN before AREG and TOKEN", 8, 2, 1, 2);
    send(0x02, 0, 3, 5u << 8 | 0xAC, 0, 9, 0, 1);
    expect_err("order: AREG_WINDOW before TOKEN_KEY", 10, 16, 4, 9);
    check(mdd_depref_conn(ref, 3)->state == 1, "header failures leave the connection OPEN (docs 9.6)");
    const struct mdd_depref_counters *k = mdd_depref_counters(ref);
    label("counters after the header errors");
    check(k->err_count[5] == 6 && k->err_count[11] == 4 && k->pkts_ok == 2 && k->err_count[0] == 2 && k->pkts == 33,
          "FORMAT %u, AREG_PROT %u, OK %u, packets %u", k->err_count[5], k->err_count[11], k->pkts_ok, k->pkts);
}

static void directed_ops(void)
{
    setup();
    /* A[10] = 0x100 (RWI), A[11] = 0x20 (R), A[12] = 5 (-), A[13] = 7 (W); region 5 at 0x10000 */
    send(0x01, 0, 3, TOK5, 0x40, 0, 4, 1);
    label("WRITE");
    check(res.code == 0 && res.ea == 0x10040 && !res.commit && !res.has_cqe, "EA 0x%" PRIx64, res.ea);
    send(0x02, 0, 3, TOK5, 0x999, 0, 4, 2);
    label("WRITE_IND");
    check(res.code == 0 && res.ea == 0x10100 && !res.commit, "EA 0x%" PRIx64, res.ea);
    send(0x03, 0x04, 3, TOK5, 0x30, 0, 4, 3);
    label("WRITE_IDX");
    check(res.code == 0 && res.ea == 0x10130 && !res.commit && res.has_cqe, "EA 0x%" PRIx64, res.ea);
    static const uint8_t ea[8] = {0x30, 0x01, 0x01, 0, 0, 0, 0, 0};
    expect_bytes("CQE EA of WRITE_IDX", res.cqe.data + 16, ea, 8);
    send(0x04, 0, 3, TOK5, 0x8, 0, 4, 4);
    label("WRITE_IND_INC");
    check(res.code == 0 && res.ea == 0x10100 && res.commit && res.areg_idx == 10 && res.areg_new == 0x108,
          "EA 0x%" PRIx64 " new 0x%" PRIx64, res.ea, res.areg_new);
    send(0x05, 0, 3, TOK5, 0, 0, 4, 5);
    label("WRITE_IND_INCR");
    check(res.code == 0 && res.ea == 0x10108 && res.areg_new == 0x128 && mdd_depref_areg(ref, 10)->value == 0x128,
          "EA 0x%" PRIx64 " A[10] 0x%" PRIx64, res.ea, mdd_depref_areg(ref, 10)->value);
    send(0x10, 0, 3, 0, 0x500, 3, 0, 6);
    label("REG_LOAD");
    check(res.code == 0 && res.areg_idx == 13 && mdd_depref_areg(ref, 13)->value == 0x500 && !res.is_write &&
              res.has_entry,
          "A[13] 0x%" PRIx64, mdd_depref_areg(ref, 13)->value);
    send(0x11, 0, 3, 0, 0x11, 0, 0, 7);
    label("REG_ADD");
    check(res.code == 0 && mdd_depref_areg(ref, 10)->value == 0x139, "A[10] 0x%" PRIx64, mdd_depref_areg(ref, 10)->value);
    send(0x12, 0, 3, 0, 0, 0, 0, 8);
    label("REG_INC");
    check(res.code == 0 && mdd_depref_areg(ref, 10)->value == 0x13A, "A[10] 0x%" PRIx64, mdd_depref_areg(ref, 10)->value);
    send(0x13, 0, 3, 0, 0x13A, 0, 0, 9);
    label("NOTIFY_IF_EQ true: solicited CQE, EA 0 (docs 9.6)");
    check(res.code == 0 && res.has_cqe && res.solicited && res.cq == 1, "cqe %d sol %d", res.has_cqe, res.solicited);
    check(res.cqe.data[3] == 0x03 && mdd_dep_le(res.cqe.data + 16, 8) == 0, "flags byte 0x%02x", res.cqe.data[3]);
    send(0x13, 0, 3, 0, 0x13B, 0, 0, 10);
    label("NOTIFY_IF_EQ false: no CQE");
    check(res.code == 0 && !res.has_cqe && res.has_entry, "cqe %d", res.has_cqe);
    send(0x13, 0x04, 3, 0, 0x13B, 0, 0, 11);
    label("NOTIFY_IF_EQ false with COMPL: CQE solicited only by its flag");
    check(res.code == 0 && res.has_cqe && !res.solicited, "cqe %d sol %d", res.has_cqe, res.solicited);
    areg(12, 0x20, 1);
    send(0x14, 0, 3, 0, 0, 1, 0, 12);
    label("NOTIFY_IF_EQ_REG true (A[11] = A[12] = 0x20)");
    check(res.code == 0 && res.has_cqe && res.solicited, "cqe %d", res.has_cqe);
    send(0x14, 0, 3, 0, 0, 0, 0, 13);
    label("NOTIFY_IF_EQ_REG false");
    check(res.code == 0 && !res.has_cqe, "cqe %d", res.has_cqe);
    label("RHQ counts over the ops");
    check(mdd_depref_rhq(ref, 2)->tail == 13, "RHQ 2 tail %u", mdd_depref_rhq(ref, 2)->tail);
}

static unsigned poison_cb(void *ctx, uint64_t addr, uint64_t len)
{
    (void)ctx;
    return addr < 0x10800 && addr + len > 0x10700 ? 2 : 0; /* SLVERR for [0x10700, 0x10800) */
}

static void directed_late(void)
{
    setup();
    mdd_depref_set_poison(ref, poison_cb, NULL);
    mk(0x04, 0x01, 3, TOK5, 0x8, 0, 6, 1);
    pkt_buf[32 + 6] ^= 1; /* trailer */
    uint32_t pc = (uint32_t)mdd_crc(MDD_CRC32C, pkt_buf + 32, 6);
    run(42, NULL, false, false);
    expect_err("PAYLOAD_CRC", 20, 0xFFFF, pc, pc ^ 0x01000000u);
    check(res.has_entry && res.place == 6 && res.placed == 6 && !res.commit && mdd_depref_areg(ref, 10)->value == 0x100,
          "placed, no commit: A[10] 0x%" PRIx64, mdd_depref_areg(ref, 10)->value);
    check(mdd_dep_le(res.status.data, 4) == (1u | 20u << 8), "status 0x%08" PRIx64, mdd_dep_le(res.status.data, 4));
    check(res.conn_to_exception && mdd_depref_conn(ref, 3)->state == 2 && res.cq == 0 && res.cqe.data[3] == 0x07,
          "EXCEPTION, error CQE to ERR_CQ");
    send(0x01, 0, 3, TOK5, 0, 0, 4, 1);
    expect_err("the next packet: CONN_EXCEPTION", 8, 2, 1, 2);
    mk(0x01, 0, 3, TOK5, 0, 0, 4, 1);
    run(36, NULL, false, true);
    expect_err("checked before the failure was known: FLUSHED", 23, 0xFFFF, 0, 0);
    check(res.has_entry && res.place == 4 && !res.conn_to_exception, "placed, stays EXCEPTION");
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x01, 0, 3, TOK5, 0, 0, 4, 1);
    run(36 + 3, NULL, false, false);
    expect_err("LONG", 19, 0xFFFF, 36, 39);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x01, 0x01, 3, TOK5, 0, 0, 10, 1);
    run(40, NULL, false, false);
    expect_err("SHORT inside the payload", 1, 0xFFFF, 46, 40);
    check(res.place == 8 && res.placed == 8, "places the 8 bytes received: %u", res.place);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x01, 0, 3, TOK5, 0, 0, 20, 1);
    for (unsigned b = 0; b < 7; b++)
        keep_buf[b] = 0xFF;
    keep_buf[5] = 0xDF; /* position 45: payload byte 13 */
    run(52, keep_buf, false, false);
    expect_err("a hole in an exact-length packet: 51 bytes seen, SHORT", 1, 0xFFFF, 52, 51);
    check(res.place == 20 && res.placed == 19 && !mdd_depref_placed(&res, 13) && mdd_depref_placed(&res, 14),
          "20 bytes arrived, the 19 kept are placed: %u %u", res.place, res.placed);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x01, 0, 3, TOK5, 0, 0, 20, 1);
    keep_buf[6] = 0x1F; /* positions 48..52: one byte more, so 52 are seen */
    run(53, keep_buf, false, false);
    expect_err("KEEP inside the payload", 2, 5, 0, 0);
    check(res.place == 20 && res.placed == 19 && !mdd_depref_placed(&res, 13), "place %u placed %u", res.place,
          res.placed);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x01, 0, 3, TOK5, 0, 0, 20, 1);
    for (unsigned b = 0; b < 7; b++)
        keep_buf[b] = 0xFF;
    keep_buf[6] = 0x0B; /* the tlast beat not contiguous: lane 2 */
    run(52, keep_buf, false, false);
    expect_err("SHORT beats KEEP: a tlast beat with a hole", 1, 0xFFFF, 52, 51);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    mk(0x11, 0, 3, 0, 5, 0, 0, 1);
    run(32, NULL, true, false);
    expect_err("UPSTREAM on a register op: no commit", 21, 0xFFFF, 0, 0);
    check(!res.commit && mdd_depref_areg(ref, 10)->value == 0x100, "A[10] 0x%" PRIx64, mdd_depref_areg(ref, 10)->value);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    send(0x01, 0, 3, TOK5, 0x6F0, 0, 0x20, 1);
    expect_err("AXI_RESP: payload meets a host error range", 22, 0xFFFF, 0, 2);
    conn(3, 1, 7, 2, 1, 0x1234, 10, 4);
    send(0x01, 0, 3, TOK5, 0x6F0, 0, 0x10, 1);
    expect_err("no AXI_RESP: payload ends at the range", 0, 0xFFFF, 0, 0);
    /* priorities (docs 9.6): a short packet with tuser is SHORT; a FLUSHED packet with a bad CRC is PAYLOAD_CRC */
    mk(0x01, 0x01, 3, TOK5, 0, 0, 10, 1);
    run(40, NULL, true, false);
    expect_err("SHORT before UPSTREAM", 1, 0xFFFF, 46, 40);
    mk(0x01, 0x01, 3, TOK5, 0, 0, 4, 1);
    pkt_buf[37] ^= 0xFF;
    run(40, NULL, false, true);
    check(res.code == 20, "FLUSHED with its own PAYLOAD_CRC: code %u", res.code);
    mdd_depref_set_flushed_first(ref, true);
    mk(0x01, 0x01, 3, TOK5, 0, 0, 4, 1);
    pkt_buf[37] ^= 0xFF;
    run(40, NULL, false, true);
    check(res.code == 23, "flushed_first: code %u", res.code);
}

/* The engine's reset (docs/deposit.md 9.6): CQs no longer exist until written, so the error CQE of a packet that
 * arrives before the tables is dropped; table fields other than valid bits and states survive; ERR_CQ is 8 bits. */
static void directed_reset(void)
{
    setup();
    send(0x01, 0, 3, TOK5, 0, 0, 4, 1);
    label("reset");
    check(res.code == 0 && mdd_depref_cq(ref, 1)->created, "a packet before the reset passes");
    mdd_depref_reset(ref);
    check(mdd_depref_conn(ref, 3)->state == 0 && mdd_depref_conn(ref, 3)->pd == 7 && !mdd_depref_region(ref, 5)->valid &&
              mdd_depref_region(ref, 5)->base == 0 && mdd_depref_areg(ref, 10)->value == 0x100 &&
              mdd_depref_rhq(ref, 2)->tail == 0 && mdd_depref_rhq(ref, 2)->base == 0x80000 && !mdd_depref_cq(ref, 0)->created,
          "state, valid bits and region entries (the sweep writes zeros) cleared, the other fields kept");
    send(0x01, 0, 3, TOK5, 0, 0, 4, 2);
    expect_err("after reset: CONN_INVALID", 7, 2, 1, 0);
    check(!res.has_cqe && !res.event && mdd_depref_counters(ref)->pkts == 1 && mdd_depref_counters(ref)->cqes == 0 &&
              mdd_depref_counters(ref)->pkts_err == 1,
          "the error CQE into a CQ not written since reset is dropped, the packet counted");
    cq(0, 0xB0000, 3, 0x55);
    send(0x01, 0, 3, TOK5, 0, 0, 4, 3);
    check(res.has_cqe && res.cq == 0 && res.cqe.addr == 0xB0000, "once written, CQ 0 takes the error CQE");
    uint32_t v = 0;
    reg(MDD_DEPREG_ERR_CQ, 0x1FF);
    check(mdd_depref_reg_read(ref, MDD_DEPREG_ERR_CQ, &v) && v == 0xFF, "ERR_CQ reads 0x%x", v);
    reg(MDD_DEPREG_TBL_SEL, 2);
    reg(MDD_DEPREG_TBL_IDX, 9999);
    reg(MDD_DEPREG_TBL_CMD, 2);
    check(mdd_depref_reg_read(ref, MDD_DEPREG_TBL_DATA0, &v) && v == 0, "reading a missing entry loads zeros: 0x%x", v);
}

static void directed_rings(void)
{
    setup();
    /* CQ 1: 2 entries; phase 1 on the first pass, 0 on the second, 1 on the third */
    static const unsigned phase[5] = {1, 1, 0, 0, 1};
    for (unsigned i = 0; i < 5; i++) {
        reg(MDD_DEPREG_DB_IDX, 1);
        reg(MDD_DEPREG_CQ_HEAD, i); /* software read every CQE so far */
        reg(MDD_DEPREG_DB_IDX, 2);
        reg(MDD_DEPREG_RHQ_HEAD, i);
        send(0x01, 0x04, 3, TOK5, 0, 0, 1, i);
        label("phase of CQE %u", i);
        check(res.cq_count == i && res.cqe.addr == 0xA0000 + 32 * (i & 1) && (res.cqe.data[3] & 1) == phase[i] &&
                  !res.cq_wait && !res.rhq_wait,
              "count %u addr 0x%" PRIx64 " phase %u wait %d/%d", res.cq_count, res.cqe.addr, res.cqe.data[3] & 1,
              res.cq_wait, res.rhq_wait);
        check(res.entry.addr == 0x80000 + 32 * (i & 3), "RHQ slot at 0x%" PRIx64, res.entry.addr);
        check(mdd_dep_le(res.ptr.data, 4) == i + 1, "pointer %" PRIu64, mdd_dep_le(res.ptr.data, 4));
    }
    /* back-pressure: head stays 4, CQ head 4: CQE 5 fits (tail 5 - head 4 = 1 < 2), CQE 6 fits, CQE 7 waits */
    send(0x01, 0x04, 3, TOK5, 0, 0, 1, 5);
    label("CQ back-pressure");
    check(!res.cq_wait, "CQE of count 5 with head 4: room (wait %d)", res.cq_wait);
    send(0x01, 0x04, 3, TOK5, 0, 0, 1, 6);
    check(res.cq_wait, "CQE of count 6 with head 4 would wait (2 unread in 2 slots)");
    send(0x01, 0, 3, TOK5, 0, 0, 1, 7);
    label("RHQ back-pressure");
    send(0x01, 0, 3, TOK5, 0, 0, 1, 8); /* RHQ tail 8, head 4: full */
    check(res.rhq_wait && res.rhq_count == 8, "rhq_wait %d count %u", res.rhq_wait, res.rhq_count);
    /* arming */
    setup();
    reg(MDD_DEPREG_DB_IDX, 1);
    reg(MDD_DEPREG_CQ_ARM, 2); /* SOLICITED */
    send(0x01, 0x04, 3, TOK5, 0, 0, 1, 1);
    label("ARM_SOLICITED: unsolicited CQE, no event");
    check(res.has_cqe && !res.event, "event %d", res.event);
    send(0x01, 0x06, 3, TOK5, 0, 0, 1, 2);
    label("ARM_SOLICITED: solicited CQE, one event {cq 1, evt 0x77}");
    check(res.event && res.evt_tdata == 0x00010077, "event %d tdata 0x%08x", res.event, res.evt_tdata);
    send(0x01, 0x06, 3, TOK5, 0, 0, 1, 3);
    label("one shot: disarmed after the event");
    check(!res.event && mdd_depref_cq(ref, 1)->arm == 0, "event %d", res.event);
    uint32_t evt = 0;
    reg(MDD_DEPREG_DB_IDX, 1);
    label("ARM_ANY with 3 unread entries: the event at once");
    check(mdd_depref_reg_write(ref, MDD_DEPREG_CQ_ARM, 1, &evt) && evt == 0x00010077, "event 0x%08x", evt);
    check(mdd_depref_cq(ref, 1)->arm == 0, "disarmed (docs 9.6)");
    reg(MDD_DEPREG_CQ_HEAD, 3);
    label("ARM_ANY with none unread: no event until the next CQE");
    check(!mdd_depref_reg_write(ref, MDD_DEPREG_CQ_ARM, 1, &evt), "no event at arming");
    send(0x01, 0x04, 3, TOK5, 0, 0, 1, 4);
    check(res.event && res.evt_tdata == 0x00010077, "event on the CQE");
    /* error CQEs are solicited: ARM_SOLICITED on the error CQ fires on an error */
    reg(MDD_DEPREG_DB_IDX, 0);
    reg(MDD_DEPREG_CQ_ARM, 2);
    send(0x07, 0, 3, TOK5, 0, 0, 0, 5);
    label("ARM_SOLICITED on ERR_CQ: an error CQE fires it");
    check(res.code == 4 && res.event && res.evt_tdata == 0x00000055, "event %d 0x%08x", res.event, res.evt_tdata);
    /* table read-back: TBL_CMD 2 */
    reg(MDD_DEPREG_TBL_SEL, 4);
    reg(MDD_DEPREG_TBL_IDX, 1);
    reg(MDD_DEPREG_TBL_CMD, 2);
    uint32_t d[8];
    for (unsigned i = 0; i < 8; i++)
        mdd_depref_reg_read(ref, MDD_DEPREG_TBL_DATA0 + 4 * i, &d[i]);
    label("CQ 1 read back: base, log2n, evt_id, arm, tail 4, head 3");
    check(d[0] == 0xA0000 && d[1] == 0 && d[4] == (1u | 0x77u << 16) && d[5] == 0 && d[6] == 4 && d[7] == 3,
          "DATA 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x", d[0], d[1], d[4], d[5], d[6], d[7]);
    uint32_t id = 0;
    check(mdd_depref_reg_read(ref, MDD_DEPREG_ID, &id) && id == 0x4D444401, "ID 0x%08x", id);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Random run through an ideal memory.                                                                      */

static void hm_fail(void *ctx, const char *what, const char *msg)
{
    (void)ctx;
    check(false, "hostmem %s: %s", what, msg);
}

static uint64_t code_count[64], kind_code[MDD_DEPTRAF_KINDS][64];

static void random_run(unsigned w, uint64_t packets, uint64_t seed)
{
    mdd_dep_params p = mdd_depref_default_params(w);
    struct mdd_deptraf_cfg cfg;
    mdd_deptraf_default_cfg(&cfg, &p);
    cfg.early_pct = 50; /* transaction level: the reference decides, so FLUSHED is exercised too */
    if (w == 4)
        cfg.max_len = 4096;
    struct mdd_deptraf *t = mdd_deptraf_new(&cfg, seed);
    struct mdd_hostmem_cfg hc;
    mdd_hostmem_default_cfg(&hc, &p);
    struct mdd_hostmem *hm = mdd_hostmem_new(&hc, hm_fail, NULL);
    struct mdd_depref *r = mdd_depref_new(&p);
    if (!t || !hm || !r) {
        printf("setup failed\n");
        exit(2);
    }
    mdd_hostmem_set_logging(hm, false);
    mdd_deptraf_declare(t, hm);
    mdd_depref_set_poison(r, mdd_hostmem_poison_resp, hm);
    size_t n;
    const struct mdd_deptraf_reg *regs = mdd_deptraf_init_regs(t, &n);
    for (size_t i = 0; i < n; i++)
        mdd_depref_reg_write(r, regs[i].addr, regs[i].data, NULL);
    uint32_t cq_head[256] = {0};
    uint64_t pk = 0, uncertain = 0, events = 0, waits = 0, bytes = 0, cycle = 0, sw = 0;
    struct mdd_deptraf_item it;
    struct mdd_depref_res x;
    label("random W=%u seed %" PRIu64, w, seed);
    while (pk < packets) {
        mdd_deptraf_next(t, &it);
        cycle++;
        if (it.is_sw) {
            sw++;
            struct mdd_deptraf_reg hr[2];
            if (it.sw == MDD_DEPTRAF_SW_RHQ_HEAD) {
                mdd_deptraf_head_regs(false, it.idx, mdd_deptraf_sw_rhq_tail(t, hm, it.idx), hr);
                it.regs = hr, it.nregs = 2;
            } else if (it.sw == MDD_DEPTRAF_SW_CQ_HEAD) {
                cq_head[it.idx] = mdd_deptraf_sw_cq_tail(t, hm, it.idx, cq_head[it.idx]);
                mdd_deptraf_head_regs(true, it.idx, cq_head[it.idx], hr);
                it.regs = hr, it.nregs = 2;
            }
            for (size_t i = 0; i < it.nregs; i++)
                events += mdd_depref_reg_write(r, it.regs[i].addr, it.regs[i].data, NULL);
            continue;
        }
        pk++;
        struct mdd_deppkt pkt = {it.data, it.len, it.keep, it.tuser, it.hdr_early};
        mdd_depref_packet(r, &pkt, &x);
        code_count[x.code]++;
        kind_code[it.kind][x.code]++;
        if (!it.certain)
            uncertain++;
        else if (x.code != it.code && x.code != it.alt_code)
            check(false, "packet %" PRIu64 " (%s, %s): code %s, intended %s (field %u exp 0x%" PRIx64 " found 0x%" PRIx64 ")",
                  it.serial, mdd_deptraf_kind_name(it.kind), mdd_depref_op_name(it.op), mdd_depref_code_name(x.code),
                  mdd_depref_code_name(it.code), x.field, x.expected, x.found);
        else
            check(true, "code");
        /* the host side: software frees what the engine waits for, then the writes land in order */
        if (x.has_entry) {
            const struct mdd_depref_ring *q = mdd_depref_rhq(r, x.rhq);
            if (x.rhq_wait) {
                waits++;
                struct mdd_deptraf_reg hr[2];
                mdd_deptraf_head_regs(false, x.rhq, mdd_deptraf_sw_rhq_tail(t, hm, x.rhq), hr);
                for (unsigned i = 0; i < 2; i++)
                    mdd_depref_reg_write(r, hr[i].addr, hr[i].data, NULL);
            }
            if (x.rhq_count - q->head >= (1u << q->log2n))
                check(false, "packet %" PRIu64 ": RHQ %u slot of count %u not free (head %u)", it.serial, x.rhq,
                      x.rhq_count, q->head);
            mdd_hostmem_write(hm, x.entry.addr, x.entry.data, 32, cycle);
            unsigned resp = 0;
            for (uint32_t j = 0, e; j < x.place; j = e) { /* runs of placed bytes: holes are not written */
                for (e = j; e < x.place && mdd_depref_placed(&x, e) == mdd_depref_placed(&x, j); e++)
                    ;
                if (mdd_depref_placed(&x, j))
                    resp |= mdd_hostmem_write(hm, x.ea + j, x.payload + j, e - j, cycle);
            }
            if (x.code == MDD_DEP_ERR_OK && resp)
                check(false, "packet %" PRIu64 ": OK, but the host answered %u", it.serial, resp);
            bytes += x.placed;
            mdd_hostmem_write(hm, x.status.addr, x.status.data, 4, ++cycle);
            mdd_hostmem_write(hm, x.ptr.addr, x.ptr.data, 4, ++cycle);
            /* software's view: the status word in memory */
            uint8_t s[4];
            mdd_hostmem_read(hm, x.status.addr, s, 4);
            if (s[0] != 1 || s[1] != x.code)
                check(false, "packet %" PRIu64 ": status in memory %02x %02x", it.serial, s[0], s[1]);
        }
        if (x.has_cqe) {
            const struct mdd_depref_ring *q = mdd_depref_cq(r, x.cq);
            if (x.cq_wait) {
                waits++;
                cq_head[x.cq] = mdd_deptraf_sw_cq_tail(t, hm, x.cq, cq_head[x.cq]);
                struct mdd_deptraf_reg hr[2];
                mdd_deptraf_head_regs(true, x.cq, cq_head[x.cq], hr);
                for (unsigned i = 0; i < 2; i++)
                    mdd_depref_reg_write(r, hr[i].addr, hr[i].data, NULL);
            }
            if (x.cq_count - q->head >= (1u << q->log2n))
                check(false, "packet %" PRIu64 ": CQ %u slot of count %u not free (head %u)", it.serial, x.cq,
                      x.cq_count, q->head);
            mdd_hostmem_write(hm, x.cqe.addr, x.cqe.data, 32, ++cycle);
        }
        events += x.event;
        ++cycle;
        if (pk % 4096 == 0 || pk == packets) { /* the generator's shadow against the reference */
            for (unsigned i = 0; i < p.aregs; i++)
                if (mdd_deptraf_areg_value(t, i) != mdd_depref_areg(r, i)->value) {
                    check(false, "after packet %" PRIu64 ": A[%u] = 0x%" PRIx64 ", generator 0x%" PRIx64, it.serial, i,
                          mdd_depref_areg(r, i)->value, mdd_deptraf_areg_value(t, i));
                    break;
                }
            for (unsigned i = 0; i < mdd_deptraf_conns_used(t); i++)
                if (mdd_deptraf_conn_state(t, i) != mdd_depref_conn(r, i)->state) {
                    check(false, "after packet %" PRIu64 ": connection %u state %u, generator %u", it.serial, i,
                          mdd_depref_conn(r, i)->state, mdd_deptraf_conn_state(t, i));
                    break;
                }
            check(true, "shadow");
        }
    }
    check(mdd_hostmem_violations(hm) == 0, "safety violations: %" PRIu64, mdd_hostmem_violations(hm));
    check(mdd_hostmem_failures(hm) == 0, "host-side failures: %" PRIu64, mdd_hostmem_failures(hm));
    const struct mdd_depref_counters *k = mdd_depref_counters(r);
    uint64_t errs = 0;
    for (unsigned c = 1; c < 64; c++) /* ERR_COUNT[0] counts the OK packets */
        errs += k->err_count[c];
    check(k->pkts == pk && k->pkts_ok + k->pkts_err == pk && errs == k->pkts_err && k->err_count[0] == k->pkts_ok &&
              k->events == events,
          "counters: pkts %u ok %u err %u (sum %" PRIu64 ") events %u/%" PRIu64, k->pkts, k->pkts_ok, k->pkts_err, errs,
          k->events, events);
    printf("W=%u seed %" PRIu64 ": %" PRIu64 " packets (%" PRIu64 " uncertain), %" PRIu64 " software actions, %" PRIu64
           " events, %" PRIu64 " ring waits, %" PRIu64 " payload bytes\n",
           w, seed, pk, uncertain, sw, events, waits, bytes);
    mdd_depref_free(r);
    mdd_hostmem_free(hm);
    mdd_deptraf_free(t);
}

static void print_counts(void)
{
    printf("codes:");
    for (unsigned c = 0; c < MDD_DEP_ERR_CODES; c++)
        printf(" %s %" PRIu64 "%s", mdd_depref_code_name(c), code_count[c], c + 1 < MDD_DEP_ERR_CODES ? "," : "\n");
    label("every code produced by the random run");
    for (unsigned c = 0; c < MDD_DEP_ERR_CODES; c++)
        check(code_count[c] > 0, "code %s never produced", mdd_depref_code_name(c));
    printf("kinds (intended code -> count):\n");
    for (unsigned k = 0; k < MDD_DEPTRAF_KINDS; k++) {
        printf("  %-16s", mdd_deptraf_kind_name(k));
        for (unsigned c = 0; c < 64; c++)
            if (kind_code[k][c])
                printf(" %s:%" PRIu64, mdd_depref_code_name(c), kind_code[k][c]);
        printf("\n");
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Cycle-level self-tests.                                                                                  */

void selftest_cycle(void); /* below */

int main(int argc, char **argv)
{
    clock_t t0 = clock();
    uint64_t packets = argc > 1 ? strtoull(argv[1], NULL, 0) : 120000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    directed_images();
    directed_header_errors();
    directed_ops();
    directed_late();
    directed_rings();
    directed_reset();
    mdd_depref_free(ref);
    ref = NULL;
    random_run(8, packets * 3 / 4, seed);
    random_run(64, packets / 8, seed + 1);
    random_run(4, packets / 8, seed + 2);
    print_counts();
    selftest_cycle();
    printf("cpu time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("dep-ref: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* A fake engine for the self-tests: docs/deposit.md section 6.4 done simply, one packet at a time, with the
 * reference as its brain (so a run without mutation must pass every check: the point is the plumbing: drivers,
 * AXI slave, write attribution, order, events, register snoop). Mutations make it break one rule each. */
enum { MUT_NONE, MUT_DATA, MUT_EARLY_STATUS, MUT_WLAST, MUT_EXTRA_BYTE, MUT_SEG_CRC, MUT_SEG_EARLY };

struct seg {
    uint64_t addr;
    uint32_t len;
    uint8_t *data;
    uint8_t *skip; /* NULL, or 1 for a byte not to strobe (a tkeep hole) */
};

struct fake {
    mdd_dep_params p;
    struct mdd_depref *ref;
    unsigned mut;
    uint64_t mut_at;           /* the packet the mutation hits */
    /* stream in */
    uint8_t *buf;
    uint64_t *keep;
    size_t beats;
    bool irregular, busy;
    uint64_t npkts;
    struct mdd_depref_res r;
    /* steps: 0 body, 1 status, 2 ptr, 3 cqe, 4 event, 5 done */
    unsigned step;
    struct seg segs[2];
    unsigned nseg, cur;
    uint32_t off;
    /* AXI master: one burst at a time */
    bool awv, wv;
    uint64_t awaddr;
    unsigned awlen, beat;
    uint8_t wdata[64];
    uint64_t wstrb;
    bool wlast;
    unsigned outstanding;
    uint32_t burst_start, burst_end; /* byte range of the current burst inside the segment */
    /* s_axil */
    bool l_aw, l_w, l_b, l_r;
    uint32_t l_awaddr, l_wdata, l_rdata;
    /* events */
    uint32_t evq[64];
    unsigned ev_h, ev_n;
    /* the SEG record (one at a time: the packet waits for its handshake) */
    bool segv;
    uint64_t seg[4];
};

static void fake_init(struct fake *f, const mdd_dep_params *p, unsigned mut, uint64_t mut_at)
{
    memset(f, 0, sizeof *f);
    f->p = *p;
    f->ref = mdd_depref_new(p);
    f->mut = mut;
    f->mut_at = mut_at;
    f->buf = xmalloc(70000 + 64);
    f->keep = xmalloc((70000 / 4 + 64) * sizeof *f->keep);
}

static void fake_free(struct fake *f)
{
    mdd_depref_free(f->ref);
    free(f->buf);
    free(f->keep);
    for (unsigned i = 0; i < 2; i++) {
        free(f->segs[i].data);
        free(f->segs[i].skip);
    }
}

static void fake_set_step(struct fake *f, unsigned step)
{
    f->step = step;
    f->nseg = f->cur = 0;
    f->off = 0;
    for (unsigned i = 0; i < 2; i++) {
        free(f->segs[i].data);
        free(f->segs[i].skip);
    }
    memset(f->segs, 0, sizeof f->segs);
    const struct mdd_depref_res *r = &f->r;
    struct mdd_depref_wr const *w = NULL;
    if (step == 0 && r->has_entry) {
        w = &r->entry;
        uint32_t n = r->place;
        if (n) {
            f->segs[1].addr = r->ea;
            f->segs[1].len = n;
            f->segs[1].data = xmalloc(n);
            memcpy(f->segs[1].data, f->buf + 32, n);
            f->segs[1].skip = calloc(n + 1, 1); /* + 1: MUT_EXTRA_BYTE */
            if (!f->segs[1].skip)
                abort();
            for (uint32_t j = 0; j < n; j++)
                f->segs[1].skip[j] = !mdd_depref_placed(r, j);
            if (f->mut == MUT_DATA && f->npkts == f->mut_at)
                f->segs[1].data[n / 2] ^= 0x5A;
            if (f->mut == MUT_EXTRA_BYTE && f->npkts == f->mut_at)
                f->segs[1].len++; /* one byte past the payload */
        }
    } else if (step == 1 && r->has_entry) {
        w = &r->status;
    } else if (step == 2 && r->has_entry) {
        w = &r->ptr;
    } else if (step == 3 && r->has_cqe) {
        w = &r->cqe;
    }
    if (w) {
        f->segs[0].addr = w->addr;
        f->segs[0].len = w->len;
        f->segs[0].data = xmalloc(w->len);
        memcpy(f->segs[0].data, w->data, w->len);
    }
    f->nseg = f->segs[1].len && step == 0 ? 2 : w ? 1 : 0;
    if (step == 0 && !w && f->segs[1].len) /* cannot happen: a payload always has an entry */
        f->nseg = 0;
    if (f->nseg == 1 && !w) {
        f->segs[0] = f->segs[1];
        f->segs[1].data = NULL;
        f->segs[1].skip = NULL;
    }
}

/* The next burst of the current step, if any bytes remain: sets AW and the first W beat. */
static bool fake_next_burst(struct fake *f)
{
    const unsigned w = f->p.w;
    while (f->cur < f->nseg && f->off >= f->segs[f->cur].len)
        f->cur++, f->off = 0;
    if (f->cur >= f->nseg)
        return false;
    const struct seg *g = &f->segs[f->cur];
    const uint64_t start = g->addr + f->off, end = g->addr + g->len, al = start & ~(uint64_t)(w - 1);
    const uint64_t block = (al / f->p.burst_bytes + 1) * f->p.burst_bytes;
    uint64_t stop = end < block ? end : block;
    uint64_t beats = (stop - al + w - 1) / w;
    if (beats > 256)
        beats = 256, stop = al + 256 * (uint64_t)w;
    f->awaddr = al;
    f->awlen = (unsigned)beats - 1;
    f->beat = 0;
    f->burst_start = f->off;
    f->burst_end = (uint32_t)(stop - g->addr);
    f->awv = f->wv = true;
    return true;
}

static void fake_beat(struct fake *f)
{
    const unsigned w = f->p.w;
    const struct seg *g = &f->segs[f->cur];
    memset(f->wdata, 0, sizeof f->wdata);
    f->wstrb = 0;
    for (unsigned l = 0; l < w; l++) {
        uint64_t a = f->awaddr + (uint64_t)f->beat * w + l;
        uint64_t o = a - g->addr;
        if (a >= g->addr && o >= f->burst_start && o < f->burst_end && !(g->skip && o < g->len && g->skip[o])) {
            f->wdata[l] = o < g->len && g->data ? (o < g->len - (f->mut == MUT_EXTRA_BYTE && f->npkts == f->mut_at && g == &f->segs[1]) ? g->data[o] : 0xEE) : 0;
            f->wstrb |= (uint64_t)1 << l;
        }
    }
    f->wlast = f->beat == f->awlen;
    if (f->mut == MUT_WLAST && f->npkts == f->mut_at && f->awlen > 0 && f->beat == 0)
        f->wlast = true;
}

static void fake_eval(const struct fake *f, const mdd_dep_in *in, mdd_dep_out *o)
{
    (void)in;
    memset(o, 0, sizeof *o);
    o->s_axis_dep_tready = !f->busy;
    o->m_axi_awvalid = f->awv;
    o->m_axi_awaddr = f->awaddr;
    o->m_axi_awlen = f->awlen;
    o->m_axi_awsize = (uint32_t)__builtin_ctz(f->p.w);
    o->m_axi_awburst = 1;
    o->m_axi_wvalid = f->wv && !f->awv; /* W after AW: the slave takes W only for an accepted AW */
    memcpy(o->m_axi_wdata, f->wdata, sizeof f->wdata);
    o->m_axi_wstrb = f->wstrb;
    o->m_axi_wlast = f->wlast;
    o->m_axi_bready = true;
    o->s_axil_awready = !f->l_aw && !f->l_b;
    o->s_axil_wready = !f->l_w && !f->l_b;
    o->s_axil_bvalid = f->l_b;
    o->s_axil_arready = !f->l_r;
    o->s_axil_rvalid = f->l_r;
    o->s_axil_rdata = f->l_rdata;
    o->m_axis_evt_tvalid = f->ev_h != f->ev_n;
    o->m_axis_evt_tdata = f->ev_h != f->ev_n ? f->evq[f->ev_h % 64] : 0;
    o->m_axis_seg_tvalid = f->segv;
    memcpy(o->m_axis_seg_tdata, f->seg, sizeof f->seg);
}

static void fake_tick(struct fake *f, const mdd_dep_in *in, const mdd_dep_out *o)
{
    const unsigned w = f->p.w;
    /* s_axil */
    if (in->s_axil_awvalid && o->s_axil_awready)
        f->l_aw = true, f->l_awaddr = in->s_axil_awaddr;
    if (in->s_axil_wvalid && o->s_axil_wready)
        f->l_w = true, f->l_wdata = in->s_axil_wdata;
    if (f->l_b && in->s_axil_bready)
        f->l_b = false;
    else if (f->l_aw && f->l_w) {
        uint32_t ev;
        if (mdd_depref_reg_write(f->ref, f->l_awaddr, f->l_wdata, &ev))
            f->evq[f->ev_n++ % 64] = ev;
        f->l_aw = f->l_w = false;
        f->l_b = true;
    }
    if (f->l_r && in->s_axil_rready)
        f->l_r = false;
    else if (in->s_axil_arvalid && o->s_axil_arready) {
        f->l_rdata = 0;
        mdd_depref_reg_read(f->ref, in->s_axil_araddr, &f->l_rdata);
        f->l_r = true;
    }
    /* events */
    if (o->m_axis_evt_tvalid && in->m_axis_evt_tready)
        f->ev_h++;
    if (o->m_axis_seg_tvalid && in->m_axis_seg_tready)
        f->segv = false;
    /* stream */
    if (in->s_axis_dep_tvalid && o->s_axis_dep_tready) {
        const uint64_t full = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
        memcpy(f->buf + f->beats * w, in->s_axis_dep_tdata, w);
        f->keep[f->beats] = in->s_axis_dep_tkeep;
        if ((!in->s_axis_dep_tlast && in->s_axis_dep_tkeep != full) ||
            (in->s_axis_dep_tlast && (in->s_axis_dep_tkeep & (in->s_axis_dep_tkeep + 1))))
            f->irregular = true;
        f->beats++;
        if (in->s_axis_dep_tlast) {
            uint64_t k = in->s_axis_dep_tkeep;
            struct mdd_deppkt pkt = {f->buf, (uint32_t)((f->beats - 1) * w + (k ? 64 - __builtin_clzll(k) : 0)),
                                     f->irregular ? f->keep : NULL, in->s_axis_dep_tuser, false};
            mdd_depref_packet(f->ref, &pkt, &f->r);
            f->npkts++;
            f->busy = true;
            f->beats = 0;
            f->irregular = false;
            fake_set_step(f, 0);
        }
    }
    /* AXI */
    if (o->m_axi_awvalid && in->m_axi_awready) {
        f->awv = false;
        f->outstanding++;
        fake_beat(f);
    } else if (o->m_axi_wvalid && in->m_axi_wready) {
        if (o->m_axi_wlast && f->beat != f->awlen) { /* MUT_WLAST: the burst ends early; finish it properly */
            f->wv = false;
            f->off = f->burst_end;
        } else if (f->beat == f->awlen) {
            f->wv = false;
            f->off = f->burst_end;
        } else {
            f->beat++;
            fake_beat(f);
        }
    }
    if (in->m_axi_bvalid && o->m_axi_bready)
        f->outstanding--;
    if (!f->busy || f->awv || f->wv || f->segv)
        return;
    /* rings: wait for room, as the engine does */
    if (f->step == 0 && f->r.has_entry) {
        const struct mdd_depref_ring *q = mdd_depref_rhq(f->ref, f->r.rhq);
        if (f->r.rhq_count - q->head >= (1u << q->log2n))
            return;
    }
    if (f->step == 3 && f->r.has_cqe) {
        const struct mdd_depref_ring *q = mdd_depref_cq(f->ref, f->r.cq);
        if (f->r.cq_count - q->head >= (1u << q->log2n))
            return;
    }
    if (fake_next_burst(f))
        return;
    const bool early = f->mut == MUT_EARLY_STATUS && f->npkts == f->mut_at && f->step == 0;
    const bool seg_early = f->mut == MUT_SEG_EARLY && f->npkts >= f->mut_at && f->step == 2 && f->r.has_seg;
    if (f->outstanding && !early && !seg_early)
        return; /* every B of the step before */
    if (f->step == 2 && f->r.has_seg) { /* the SEG record after the pointer's B (MUT_SEG_EARLY: before it) */
        memcpy(f->seg, f->r.seg, sizeof f->seg);
        if (f->mut == MUT_SEG_CRC && f->npkts >= f->mut_at)
            f->seg[3] ^= 1;
        f->segv = true;
        f->r.has_seg = false;
        return;
    }
    if (f->step < 3) {
        fake_set_step(f, f->step + 1);
    } else if (f->step == 3) {
        if (f->r.event)
            f->evq[f->ev_n++ % 64] = f->r.evt_tdata;
        f->step = 5;
        f->busy = false;
    }
}

static uint64_t sc_fail_count;
static char sc_first[700];
static bool sc_expect_fail;

static void sc_fail(void *ctx, const char *what, const char *msg)
{
    (void)ctx;
    if (!sc_fail_count++)
        snprintf(sc_first, sizeof sc_first, "%s: %s", what, msg);
    if (!sc_expect_fail)
        check(false, "%s: %s", what, msg);
}

/* One closed-loop run: generator -> drivers -> fake engine -> AXI slave -> scoreboard. Returns the failures the
 * scoreboard and host memory reported. */
static uint64_t loop_run(unsigned w, uint64_t packets, uint64_t seed, unsigned mut, uint64_t mut_at, bool quiet)
{
    mdd_dep_params p = mdd_depref_default_params(w);
    p.burst_bytes = w == 4 ? 16 : 256;
    struct mdd_deptraf_cfg cfg;
    mdd_deptraf_default_cfg(&cfg, &p);
    cfg.max_len = 3000;
    struct mdd_deptraf *t = mdd_deptraf_new(&cfg, seed);
    struct mdd_hostmem_cfg hc;
    mdd_hostmem_default_cfg(&hc, &p);
    hc.seed = seed;
    sc_fail_count = 0;
    sc_first[0] = 0;
    sc_expect_fail = quiet;
    label("closed loop W=%u seed %" PRIu64, w, seed);
    struct mdd_hostmem *hm = mdd_hostmem_new(&hc, sc_fail, NULL);
    mdd_deptraf_declare(t, hm);
    struct mdd_depscore *sc = mdd_depscore_new(&p, hm, sc_fail, NULL);
    struct mdd_depstream *st = mdd_depstream_new(w, 70, seed);
    struct mdd_depaxil *ax = mdd_depaxil_new(80, seed);
    struct fake f;
    fake_init(&f, &p, mut, mut_at);
    mdd_depref_set_poison(f.ref, mdd_hostmem_poison_resp, hm);
    size_t n;
    const struct mdd_deptraf_reg *regs = mdd_deptraf_init_regs(t, &n);
    for (size_t i = 0; i < n; i++)
        mdd_depaxil_write(ax, regs[i].addr, regs[i].data);
    uint32_t cq_head[256] = {0};
    uint64_t sent = 0, cyc = 0, reads = 0;
    struct mdd_deptraf_item it = {0};
    bool have = false;
    const uint64_t limit = 400000 + packets * 4000;
    for (cyc = 0; cyc < limit; cyc++) {
        /* stimulus: packets while the stream is short; software actions that need a quiet engine wait for it */
        if (!have && sent < packets && mdd_depaxil_idle(ax)) {
            mdd_deptraf_next(t, &it);
            have = true;
        }
        if (have && !it.is_sw && mdd_depstream_idle(st)) {
            mdd_depstream_push(st, it.data, it.len, it.keep, it.tuser);
            sent++;
            have = false;
        } else if (have && it.is_sw && mdd_depstream_idle(st) && mdd_depscore_quiet(sc) && mdd_depaxil_idle(ax)) {
            for (size_t i = 0; i < it.nregs; i++)
                mdd_depaxil_write(ax, it.regs[i].addr, it.regs[i].data);
            if (it.sw == MDD_DEPTRAF_SW_ARM) { /* a read-back of the counters while quiet */
                mdd_depaxil_read(ax, MDD_DEPREG_PKTS);
                mdd_depaxil_read(ax, MDD_DEPREG_CQES);
                mdd_depaxil_read(ax, MDD_DEPREG_ERR_COUNT + 4 * MDD_DEP_ERR_HDR_CSUM);
            }
            have = false;
        }
        if (cyc % 64 == 0 && mdd_depaxil_idle(ax)) { /* software consumes the rings */
            for (unsigned q = 0; q < p.rhqs; q++) {
                struct mdd_deptraf_reg hr[2];
                mdd_deptraf_head_regs(false, q, mdd_deptraf_sw_rhq_tail(t, hm, q), hr);
                mdd_depaxil_write(ax, hr[0].addr, hr[0].data);
                mdd_depaxil_write(ax, hr[1].addr, hr[1].data);
            }
            for (unsigned q = 0; q < p.cqs; q++) {
                struct mdd_deptraf_reg hr[2];
                cq_head[q] = mdd_deptraf_sw_cq_tail(t, hm, q, cq_head[q]);
                mdd_deptraf_head_regs(true, q, cq_head[q], hr);
                mdd_depaxil_write(ax, hr[0].addr, hr[0].data);
                mdd_depaxil_write(ax, hr[1].addr, hr[1].data);
            }
        }
        mdd_dep_in in;
        mdd_dep_out out;
        memset(&in, 0, sizeof in);
        mdd_depstream_drive(st, &in);
        mdd_depaxil_drive(ax, &in);
        mdd_hostmem_axi_drive(hm, &in);
        in.m_axis_evt_tready = (cyc * 7 + seed) % 3 != 0;
        in.m_axis_seg_tready = (cyc * 5 + seed) % 4 != 0;
        fake_eval(&f, &in, &out);
        mdd_hostmem_axi_tick(hm, &in, &out, cyc);
        mdd_depscore_cycle(sc, &in, &out, cyc);
        mdd_depstream_tick(st, &in, &out);
        mdd_depaxil_tick(ax, &in, &out);
        fake_tick(&f, &in, &out);
        uint32_t ra, rd, rr;
        while (mdd_depaxil_pop_read(ax, &ra, &rd, &rr))
            reads++;
        if (sent == packets && !have && mdd_depstream_idle(st) && !f.busy && mdd_depaxil_idle(ax) &&
            mdd_hostmem_axi_idle(hm) && mdd_depscore_quiet(sc) && f.ev_h == f.ev_n && !f.segv)
            break;
    }
    mdd_depscore_finish(sc);
    const struct mdd_depscore_stats *ss = mdd_depscore_get_stats(sc);
    if (!quiet) {
        label("closed loop W=%u seed %" PRIu64, w, seed);
        check(cyc < limit, "the run drained (%" PRIu64 " cycles)", cyc);
        check(ss->packets == packets && ss->retired == packets, "packets predicted %" PRIu64 ", retired %" PRIu64,
              ss->packets, ss->retired);
        check(mdd_hostmem_violations(hm) == 0, "safety violations %" PRIu64, mdd_hostmem_violations(hm));
        check(ss->reads_checked > 0 && ss->events > 0 && ss->bytes_checked > 0 && ss->segs > 0 &&
                  ss->segs == ss->segs_predicted,
              "reads %" PRIu64 " events %" PRIu64 " SEG records %" PRIu64 " of %" PRIu64, ss->reads_checked, ss->events,
              ss->segs, ss->segs_predicted);
        printf("closed loop W=%u: %" PRIu64 " packets in %" PRIu64 " cycles, %" PRIu64 " bursts, %" PRIu64
               " bytes checked, %" PRIu64 " events, %" PRIu64 " register reads checked (%" PRIu64 " skipped), %" PRIu64
               " scoreboard checks\n",
               w, packets, cyc, mdd_hostmem_bursts(hm), ss->bytes_checked, ss->events, ss->reads_checked,
               ss->reads_skipped, mdd_depscore_passed(sc));
    }
    uint64_t fails = sc_fail_count;
    fake_free(&f);
    mdd_depaxil_free(ax);
    mdd_depstream_free(st);
    mdd_depscore_free(sc);
    mdd_hostmem_free(hm);
    mdd_deptraf_free(t);
    sc_expect_fail = false;
    return fails;
}

/* The AXI slave alone: two bursts from a hand-driven master, data, strobes, B order, SLVERR. */
static void slave_direct(void)
{
    mdd_dep_params p = mdd_depref_default_params(8);
    struct mdd_hostmem_cfg hc;
    mdd_hostmem_default_cfg(&hc, &p);
    hc.awready_pct = hc.wready_pct = hc.bvalid_pct = 100;
    hc.bready_delay_max = 0;
    sc_fail_count = 0;
    sc_expect_fail = true;
    struct mdd_hostmem *hm = mdd_hostmem_new(&hc, sc_fail, NULL);
    mdd_hostmem_auth_add(hm, 0x1000, 0x100);
    mdd_hostmem_poison(hm, 0x1080, 8, 2);
    /* burst A: 0x1000, 2 beats, bytes 0x1003..0x100F; burst B: 0x1080, 1 beat (poisoned) */
    mdd_dep_in in;
    mdd_dep_out o;
    uint64_t cyc = 0;
    memset(&in, 0, sizeof in);
    mdd_hostmem_axi_tick(hm, &in, &(mdd_dep_out){0}, cyc++); /* first cycle: readies come up */
    struct {
        uint64_t addr;
        unsigned len;
        uint64_t strb[2];
    } b[2] = {{0x1000, 1, {0xF8, 0xFF}}, {0x1080, 0, {0x0F, 0}}};
    unsigned resp[2] = {9, 9}, nb = 0;
    for (unsigned k = 0; k < 2; k++) {
        memset(&o, 0, sizeof o);
        o.m_axi_awvalid = true, o.m_axi_awaddr = b[k].addr, o.m_axi_awlen = b[k].len, o.m_axi_awsize = 3,
        o.m_axi_awburst = 1, o.m_axi_bready = true;
        mdd_hostmem_axi_drive(hm, &in);
        if (in.m_axi_bvalid && nb < 2)
            resp[nb++] = in.m_axi_bresp;
        mdd_hostmem_axi_tick(hm, &in, &o, cyc++);
        for (unsigned beat = 0; beat <= b[k].len; beat++) {
            memset(&o, 0, sizeof o);
            o.m_axi_wvalid = true, o.m_axi_wstrb = b[k].strb[beat], o.m_axi_wlast = beat == b[k].len,
            o.m_axi_bready = true;
            for (unsigned l = 0; l < 8; l++)
                o.m_axi_wdata[l] = (uint8_t)(0x10 * k + 8 * beat + l);
            mdd_hostmem_axi_drive(hm, &in);
            if (in.m_axi_bvalid && nb < 2)
                resp[nb++] = in.m_axi_bresp;
            mdd_hostmem_axi_tick(hm, &in, &o, cyc++);
        }
    }
    for (unsigned i = 0; i < 6; i++) {
        memset(&o, 0, sizeof o);
        o.m_axi_bready = true;
        mdd_hostmem_axi_drive(hm, &in);
        if (in.m_axi_bvalid && nb < 2)
            resp[nb++] = in.m_axi_bresp;
        mdd_hostmem_axi_tick(hm, &in, &o, cyc++);
    }
    label("AXI slave, hand-driven bursts");
    uint8_t m[16];
    size_t known = mdd_hostmem_read(hm, 0x1000, m, 16);
    check(known == 13 && m[3] == 3 && m[15] == 15 && m[0] == 0, "bytes known %zu, m[3] %u m[15] %u", known, m[3], m[15]);
    check(mdd_hostmem_read(hm, 0x1080, m, 4) == 0, "poisoned bytes not stored");
    check(resp[0] == 0 && resp[1] == 2 && nb == 2, "B responses %u %u (in order: OKAY, SLVERR)", resp[0], resp[1]);
    check(sc_fail_count == 0, "no protocol failure on legal bursts: %s", sc_first);
    /* illegal: wrong awsize, a 4 KiB crossing, wlast on the first of two beats, a write outside the set */
    const uint64_t before = mdd_hostmem_failures(hm);
    memset(&o, 0, sizeof o);
    o.m_axi_awvalid = true, o.m_axi_awaddr = 0x1FF8, o.m_axi_awlen = 1, o.m_axi_awsize = 2, o.m_axi_awburst = 1;
    mdd_hostmem_axi_drive(hm, &in);
    mdd_hostmem_axi_tick(hm, &in, &o, cyc++);
    check(mdd_hostmem_failures(hm) == before + 2, "awsize 2 at W=8 and a 4 KiB crossing: %" PRIu64 " failures",
          mdd_hostmem_failures(hm) - before);
    memset(&o, 0, sizeof o);
    o.m_axi_wvalid = true, o.m_axi_wstrb = 0xFF, o.m_axi_wlast = true, o.m_axi_bready = true;
    mdd_hostmem_axi_drive(hm, &in);
    mdd_hostmem_axi_tick(hm, &in, &o, cyc++);
    check(mdd_hostmem_failures(hm) >= before + 4, "wlast on beat 1 of 2, strobes outside the set: %" PRIu64,
          mdd_hostmem_failures(hm) - before);
    check(mdd_hostmem_violations(hm) == 1, "one safety violation: %" PRIu64, mdd_hostmem_violations(hm));
    /* AW dropped before awready */
    struct mdd_hostmem_cfg h2 = hc;
    h2.awready_pct = 0;
    struct mdd_hostmem *h = mdd_hostmem_new(&h2, sc_fail, NULL);
    memset(&o, 0, sizeof o);
    o.m_axi_awvalid = true, o.m_axi_awaddr = 0x2000, o.m_axi_awsize = 3, o.m_axi_awburst = 1;
    mdd_hostmem_axi_drive(h, &in);
    mdd_hostmem_axi_tick(h, &in, &o, 0);
    o.m_axi_awaddr = 0x2008;
    mdd_hostmem_axi_drive(h, &in);
    mdd_hostmem_axi_tick(h, &in, &o, 1);
    check(mdd_hostmem_failures(h) == 1, "AW changed before awready: %" PRIu64, mdd_hostmem_failures(h));
    /* the per-packet order check */
    struct mdd_hostmem_order ord = {0};
    char msg[200];
    mdd_hostmem_order_add(&ord, MDD_HM_STEP_BODY, 10, 20);
    mdd_hostmem_order_add(&ord, MDD_HM_STEP_STATUS, 21, 25);
    check(mdd_hostmem_order_check(&ord, msg, sizeof msg), "status after the body's B");
    mdd_hostmem_order_add(&ord, MDD_HM_STEP_PTR, 25, 30);
    check(!mdd_hostmem_order_check(&ord, msg, sizeof msg), "pointer in the cycle of the status B is too early");
    mdd_hostmem_free(h);
    mdd_hostmem_free(hm);
    sc_expect_fail = false;
}

void selftest_cycle(void)
{
    slave_direct();
    loop_run(8, 1500, 11, MUT_NONE, 0, false);
    loop_run(64, 600, 12, MUT_NONE, 0, false);
    loop_run(4, 600, 13, MUT_NONE, 0, false);
    static const struct {
        unsigned mut;
        const char *name;
    } muts[] = {{MUT_DATA, "a payload byte changed"},
                {MUT_EARLY_STATUS, "status word before the payload's B"},
                {MUT_WLAST, "wlast on the first beat of a longer burst"},
                {MUT_EXTRA_BYTE, "one byte past the payload"},
                {MUT_SEG_CRC, "a SEG record's CRC bit flipped"},
                {MUT_SEG_EARLY, "a SEG record before its pointer's B"}};
    for (size_t i = 0; i < sizeof muts / sizeof muts[0]; i++) {
        uint64_t caught = 0;
        for (uint64_t at = 20; at < 60 && !caught; at += 7)
            caught = loop_run(8, 80, 21 + i, muts[i].mut, at, true);
        label("mutation: %s", muts[i].name);
        check(caught > 0, "not caught");
        printf("mutation \"%s\": %" PRIu64 " failures reported, first: %s\n", muts[i].name, caught, sc_first);
    }
}

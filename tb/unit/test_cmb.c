/* SPDX-License-Identifier: MIT */
/*
 * Tests of the combiner's C side, two suites (one binary, the first argument picks one):
 *
 * "cmb-ref": the reference combiner (model/mdd_cmbref.h) against hand-written cases and the stimulus
 * generator's truth (model/mdd_cmbtraf.h):
 *  1. directed cases, one per error code and per result status of docs/cmb.md (and the check order, the
 *     boundaries of every range, REJECTED saturation, id reuse, CRC_REG, an expected CRC at CLOSE), each output
 *     compared field by field with values written here; message CRCs come from mdd_crc() of the bytes and the
 *     CRC's published check value, the CRC of a message with holes or overlaps from mdd_crc() of messages with
 *     zeros in them (v(A || 0^n) = v(A) x^8n + v(0^n): no shift or combine of the library is used);
 *  2. the generator and the reference over >= 200 k segments per CRC (four parameter sets), every output
 *     checked by the scoreboard (model/mdd_cmbscore.h) against what the generator knows, never against the
 *     reference itself:
 *     - a COMPLETE result's CRC equals mdd_crc() of the message bytes in [LO, EOM) and, for CRC-32, zlib's
 *       crc32_combine chain of zlib crc32() over the segments in address order; its flags, EXP_CRC, MATCH and
 *       status follow from the expected CRCs the generator sent;
 *     - a message whose first OPEN was accepted and that got no duplicate or overlapping segment ends at its
 *       last legitimate record with the status its injections imply (COMPLETE over the whole message, ABORTED,
 *       or INCOMPLETE for a hole), REJECTED = the refused records injected into it, and none of its legitimate
 *       records is refused;
 *     - a message that accepted a duplicate after its original is never COMPLETE, and one that accepted a
 *       partially overlapping segment never COMPLETE over the whole message (alone, such a segment can tile a
 *       prefix of a message without L: that result is checked against the bytes like any other);
 *     - every injected record whose error code follows from the record alone gets that code, EXP and GOT, and
 *       one injected into a well-behaved message the code its kind implies;
 *     - at the end (every message drained) nothing is open and every accepted OPEN had exactly one result.
 *
 * "cmb-model": the twin (model/mdd_cmb_model.h) alone, driven cycle by cycle through mdd_cmb_eval/mdd_cmb_tick
 * with random valid/ready stalls and rare resets (one forced in the middle of every stalled run), twelve
 * parameter sets covering every CRC, MSGS 2/4/64, ID_W 4/32, ADDR_W 32/48/64 and BITS_PER_STAGE 1/2/3: every
 * delivered output equals the reference's prediction (a FIFO; a reset resets the reference and drops the
 * predictions in flight) and passes the truth checks above; s_axis_cmb_tready is high whenever the output is
 * free; after draining no context is open. Runs without stalls: a record goes in every cycle and every output
 * (a result in particular, after the last segment of its message) comes exactly mdd_cmb_latency() = STAGES + 6
 * cycles after its record.
 *
 * Usage: test_cmb ref|model [SEGMENTS [SEED [SERIAL]]] (SEGMENTS per parameter set; default 200000 for ref,
 * 50000 for model; SEED 1; SERIAL: print the records of that message and the outputs predicted for them).
 * Last stdout line "cmb-ref: P passed, F failed" or "cmb-model: P passed, F failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_cmbref.h"
#include "mdd_cmbscore.h"
#include "mdd_cmbtraf.h"
#include "test_util.h"

/* ------------------------------------------------------------------------------------------------------ */
/* Records and expected outputs, built from explicit values.                                                */

/* Records come from the generator's builders (model/mdd_cmbtraf.h), which set every field as given. */

/* An expected result (ERROR = 0). */
struct eres {
    uint32_t id;
    unsigned status, op, mode;
    bool len_valid, crc_valid, match, complete;
    unsigned rejected;
    uint64_t crc, exp_crc, bytes, lo, eom, len;
};

static void make_res(const struct eres *e, uint64_t *o)
{
    memset(o, 0, 8 * sizeof o[0]);
    MDD_SET(CMBRES, ID, o, e->id);
    MDD_SET(CMBRES, CODE, o, e->status);
    MDD_SET(CMBRES, OP, o, e->op);
    MDD_SET(CMBRES, MODE, o, e->mode);
    MDD_SET(CMBRES, LEN_VALID, o, e->len_valid);
    MDD_SET(CMBRES, CRC_VALID, o, e->crc_valid);
    MDD_SET(CMBRES, MATCH, o, e->match);
    MDD_SET(CMBRES, COMPLETE, o, e->complete);
    MDD_SET(CMBRES, REJECTED, o, e->rejected);
    MDD_SET(CMBRES, CRC, o, e->crc);
    MDD_SET(CMBRES, EXP_CRC, o, e->exp_crc);
    MDD_SET(CMBRES, BYTES, o, e->bytes);
    MDD_SET(CMBRES, LO, o, e->lo);
    MDD_SET(CMBRES, EOM, o, e->eom);
    MDD_SET(CMBRES, EXP, o, e->len);
}

static void make_err(uint32_t id, unsigned code, unsigned op, uint64_t w1, uint64_t w2lo, uint64_t exp, uint64_t got,
                     uint64_t *o)
{
    memset(o, 0, 8 * sizeof o[0]);
    MDD_SET(CMBRES, ID, o, id);
    MDD_SET(CMBRES, CODE, o, code);
    MDD_SET(CMBRES, ERROR, o, 1);
    MDD_SET(CMBRES, OP, o, op);
    MDD_SET(CMBRES, LO, o, w1);
    MDD_SET(CMBRES, EOM, o, w2lo);
    MDD_SET(CMBRES, EXP, o, exp);
    MDD_SET(CMBRES, GOT, o, got);
}

static const char *const res_field[] = {"ID", "CODE", "ERROR", "OP", "MODE", "LEN_VALID", "CRC_VALID", "MATCH",
                                        "COMPLETE", "REJECTED", "CRC", "EXP_CRC", "BYTES", "LO", "EOM", "EXP",
                                        "GOT"};

/* Compares two output records field by field (one assertion), naming the first differing field. */
static bool same_out(const char *what, const uint64_t *got, const uint64_t *exp)
{
    for (unsigned w = 0; w < 8; w++)
        if (got[w] != exp[w]) {
            for (size_t i = 0; i < sizeof res_field / sizeof res_field[0]; i++) {
                const struct mdd_field_desc *f = mdd_field_find("CMBRES", res_field[i]);
                if (f->word == w && mdd_field_get(got, f->word, f->lsb, f->width) !=
                                        mdd_field_get(exp, f->word, f->lsb, f->width))
                    return check(false, "%s: %s = 0x%" PRIx64 ", expected 0x%" PRIx64, what, res_field[i],
                                 mdd_field_get(got, f->word, f->lsb, f->width),
                                 mdd_field_get(exp, f->word, f->lsb, f->width));
            }
            return check(false, "%s: word %u = 0x%016" PRIx64 ", expected 0x%016" PRIx64 " (outside every field)",
                         what, w, got[w], exp[w]);
        }
    return check(true, "%s", what);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Directed cases.                                                                                          */

static struct mdd_cmbref *ref;
static uint64_t out[8], want[8];

static void new_ref(mdd_crc_alg alg, unsigned msgs, unsigned id_w, unsigned addr_w)
{
    mdd_cmbref_free(ref);
    mdd_cmb_params p = {alg, msgs, id_w, addr_w, 2};
    ref = mdd_cmbref_new(&p);
    if (!ref) {
        printf("mdd_cmbref_new failed\n");
        exit(2);
    }
}

/* The record gives no output (an accepted OPEN or SEG). */
static void quiet(const char *what, const uint64_t *rec)
{
    bool has = mdd_cmbref_step(ref, rec, out);
    check(!has, "%s: unexpected output, code %s %" PRIu64 " (EXP 0x%" PRIx64 " GOT 0x%" PRIx64 ")", what,
          mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, out), (unsigned)MDD_GET(CMBRES, CODE, out)),
          MDD_GET(CMBRES, CODE, out), MDD_GET(CMBRES, EXP, out), MDD_GET(CMBRES, GOT, out));
}

/* The record gives exactly the output want[]. */
static void gives(const char *what, const uint64_t *rec)
{
    bool has = mdd_cmbref_step(ref, rec, out);
    if (!check(has, "%s: no output", what))
        return;
    same_out(what, out, want);
}

/* An error record for rec with these EXP/GOT. */
static void refused(const char *what, const uint64_t *rec, unsigned code, uint64_t exp, uint64_t got)
{
    make_err((uint32_t)MDD_GET(CMBREC, ID, rec), code, (unsigned)MDD_GET(CMBREC, OP, rec), rec[1],
             rec[2] & 0xFFFFFFFFu, exp, got, want);
    gives(what, rec);
}

static const uint8_t digits[] = "123456789";

/* CRC of a byte string given as pieces (the message with a hole has zeros written in). */
static uint64_t crc_of(mdd_crc_alg alg, const uint8_t *a, size_t na, size_t nzero)
{
    uint8_t buf[64];
    memcpy(buf, a, na);
    memset(buf + na, 0, nzero);
    return mdd_crc(alg, buf, na + nzero);
}

static void directed_status(void)
{
    uint64_t rec[4];
    const mdd_crc_alg alg = MDD_CRC32C;
    new_ref(alg, 4, 8, 32);
    const uint64_t check_val = 0xE3069283; /* CRC-32C of "123456789" (published check value) */
    check(mdd_crc_params_of(alg)->check == check_val && mdd_crc(alg, digits, 9) == check_val, "CRC-32C check value");

    label("OK: known offset, L, expected at OPEN, segments out of order");
    mdd_cmbrec_open(rec, 5, MDD_CMB_MODE_KNOWN, true, 9, true, check_val);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 5, 4, 5, mdd_crc(alg, digits + 4, 5), false);
    quiet("seg [4,9)", rec);
    mdd_cmbrec_seg(rec, 5, 0, 2, mdd_crc(alg, digits, 2), false);
    quiet("seg [0,2)", rec);
    mdd_cmbrec_seg(rec, 5, 2, 2, mdd_crc(alg, digits + 2, 2) ^ 0xFFFFFFFFu, true); /* register domain: value ^ xorout */
    make_res(&(struct eres){.id = 5, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_SEG, .mode = MDD_CMB_MODE_KNOWN,
                            .len_valid = true, .crc_valid = true, .match = true, .complete = true, .crc = check_val,
                            .exp_crc = check_val, .bytes = 9, .lo = 0, .eom = 9, .len = 9},
             want);
    gives("seg [2,4) ends it", rec);
    mdd_cmbrec_seg(rec, 5, 0, 1, 0, false);
    refused("ended message: NOT_OPEN", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);

    label("OK: relative, no L, no expected CRC, id reused");
    const uint64_t base = 0xFFFFFFFFull - 9; /* the last end is 2^32 - 1 */
    mdd_cmbrec_open(rec, 5, MDD_CMB_MODE_REL, false, 0, false, 0);
    quiet("open (id 5 again)", rec);
    mdd_cmbrec_seg(rec, 5, base + 3, 6, mdd_crc(alg, digits + 3, 6), false);
    quiet("seg [3,9)", rec);
    mdd_cmbrec_seg(rec, 5, base, 3, mdd_crc(alg, digits, 3), false);
    quiet("seg [0,3) before lo", rec);
    mdd_cmbrec_close(rec, 5, false, 0);
    make_res(&(struct eres){.id = 5, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_REL,
                            .complete = true, .crc = check_val, .bytes = 9, .lo = base, .eom = 0xFFFFFFFFull},
             want);
    gives("close", rec);

    label("MISMATCH: relative, L, wrong expected at OPEN replaced by another wrong one at CLOSE");
    mdd_cmbrec_open(rec, 0xFF, MDD_CMB_MODE_REL, true, 9, true, check_val ^ 1);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 0xFF, 1000, 9, check_val, false);
    make_res(&(struct eres){.id = 0xFF, .status = MDD_CMB_ST_MISMATCH, .op = MDD_CMB_OP_SEG, .mode = MDD_CMB_MODE_REL,
                            .len_valid = true, .crc_valid = true, .complete = true, .crc = check_val,
                            .exp_crc = check_val ^ 1, .bytes = 9, .lo = 1000, .eom = 1009, .len = 9},
             want);
    gives("one segment", rec);
    mdd_cmbrec_open(rec, 0xFF, MDD_CMB_MODE_KNOWN, false, 0, true, check_val);
    quiet("open, right expected", rec);
    mdd_cmbrec_seg(rec, 0xFF, 0, 9, check_val, false);
    quiet("seg", rec);
    mdd_cmbrec_close(rec, 0xFF, true, 0x12345678);
    make_res(&(struct eres){.id = 0xFF, .status = MDD_CMB_ST_MISMATCH, .op = MDD_CMB_OP_CLOSE,
                            .mode = MDD_CMB_MODE_KNOWN, .crc_valid = true, .complete = true, .crc = check_val,
                            .exp_crc = 0x12345678, .bytes = 9, .lo = 0, .eom = 9},
             want);
    gives("close with a wrong expected CRC replaces the right one", rec);
    mdd_cmbrec_open(rec, 0xFE, MDD_CMB_MODE_KNOWN, false, 0, true, 0x1);
    quiet("open, wrong expected", rec);
    mdd_cmbrec_seg(rec, 0xFE, 0, 9, check_val, false);
    quiet("seg", rec);
    mdd_cmbrec_close(rec, 0xFE, true, check_val);
    make_res(&(struct eres){.id = 0xFE, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_KNOWN,
                            .crc_valid = true, .match = true, .complete = true, .crc = check_val,
                            .exp_crc = check_val, .bytes = 9, .lo = 0, .eom = 9},
             want);
    gives("close with the right expected CRC: OK", rec);

    label("INCOMPLETE: a hole, CLOSE");
    mdd_cmbrec_open(rec, 1, MDD_CMB_MODE_KNOWN, false, 0, true, check_val);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 1, 6, 3, mdd_crc(alg, digits + 6, 3), false);
    quiet("seg [6,9)", rec);
    mdd_cmbrec_seg(rec, 1, 0, 3, mdd_crc(alg, digits, 3), false);
    quiet("seg [0,3)", rec);
    mdd_cmbrec_close(rec, 1, false, 0);
    /* SUM v_i x^(8 (eom - end_i)) = v("123" 0^3 "789") + v(0^3 "789") + v("789") */
    {
        uint8_t m[9] = {'1', '2', '3', 0, 0, 0, '7', '8', '9'};
        uint64_t c = mdd_crc(alg, m, 9) ^ mdd_crc(alg, m + 3, 6) ^ mdd_crc(alg, m + 6, 3);
        make_res(&(struct eres){.id = 1, .status = MDD_CMB_ST_INCOMPLETE, .op = MDD_CMB_OP_CLOSE,
                                .mode = MDD_CMB_MODE_KNOWN, .crc_valid = true, .crc = c, .exp_crc = check_val,
                                .bytes = 6, .lo = 0, .eom = 9},
                 want);
    }
    gives("close", rec);

    label("INCOMPLETE: nothing accepted (relative: eom - lo would wrap); MATCH = expected equals the CRC (0)");
    mdd_cmbrec_open(rec, 2, MDD_CMB_MODE_REL, false, 0, true, 0);
    quiet("open", rec);
    mdd_cmbrec_close(rec, 2, false, 0);
    make_res(&(struct eres){.id = 2, .status = MDD_CMB_ST_INCOMPLETE, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_REL,
                            .crc_valid = true, .match = true, .crc = 0, .exp_crc = 0, .bytes = 0,
                            .lo = 0xFFFFFFFFull, .eom = 0},
             want);
    gives("close", rec);

    label("INCOMPLETE: a message with L closed early");
    mdd_cmbrec_open(rec, 3, MDD_CMB_MODE_KNOWN, true, 9, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 3, 0, 8, mdd_crc(alg, digits, 8), false);
    quiet("seg [0,8)", rec);
    mdd_cmbrec_close(rec, 3, false, 0);
    make_res(&(struct eres){.id = 3, .status = MDD_CMB_ST_INCOMPLETE, .op = MDD_CMB_OP_CLOSE,
                            .mode = MDD_CMB_MODE_KNOWN, .len_valid = true, .crc = mdd_crc(alg, digits, 8), .bytes = 8,
                            .lo = 0, .eom = 8, .len = 9},
             want);
    gives("close", rec);

    label("INCOMPLETE: known offset without L, segments not starting at 0");
    mdd_cmbrec_open(rec, 3, MDD_CMB_MODE_KNOWN, false, 0, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 3, 4, 5, mdd_crc(alg, digits + 4, 5), false);
    quiet("seg [4,9)", rec);
    mdd_cmbrec_close(rec, 3, false, 0);
    make_res(&(struct eres){.id = 3, .status = MDD_CMB_ST_INCOMPLETE, .op = MDD_CMB_OP_CLOSE,
                            .mode = MDD_CMB_MODE_KNOWN, .crc = mdd_crc(alg, digits + 4, 5), .bytes = 5, .lo = 4,
                            .eom = 9},
             want);
    gives("close: required = eom = 9 > 5", rec);

    label("OVERLAP status: a partial duplicate accepted while a hole remained, L reached");
    mdd_cmbrec_open(rec, 4, MDD_CMB_MODE_KNOWN, true, 9, true, check_val);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 4, 5, 4, mdd_crc(alg, digits + 5, 4), false);
    quiet("seg [5,9)", rec);
    mdd_cmbrec_seg(rec, 4, 0, 3, mdd_crc(alg, digits, 3), false);
    quiet("seg [0,3)", rec);
    mdd_cmbrec_seg(rec, 4, 1, 2, mdd_crc(alg, digits + 1, 2), false);
    /* v("6789") + v("123") x^48 + v("23") x^48, with v(A) x^48 = v(A 0^6) + v(0^6) (the v(0^6) cancel) */
    make_res(&(struct eres){.id = 4, .status = MDD_CMB_ST_OVERLAP, .op = MDD_CMB_OP_SEG, .mode = MDD_CMB_MODE_KNOWN,
                            .len_valid = true, .crc_valid = true, .match = false,
                            .crc = mdd_crc(alg, digits + 5, 4) ^ crc_of(alg, digits, 3, 6) ^
                                   crc_of(alg, digits + 1, 2, 6),
                            .exp_crc = check_val, .bytes = 9, .lo = 0, .eom = 9, .len = 9},
             want);
    gives("seg [1,3): bytes 9 = L, not exact", rec);

    label("OVERLAP status: relative, no L, duplicate of a whole segment plus a hole of the same size");
    mdd_cmbrec_open(rec, 4, MDD_CMB_MODE_REL, false, 0, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 4, 100, 3, mdd_crc(alg, digits, 3), false);
    quiet("seg [0,3)", rec);
    mdd_cmbrec_seg(rec, 4, 106, 3, mdd_crc(alg, digits + 6, 3), false);
    quiet("seg [6,9)", rec);
    mdd_cmbrec_seg(rec, 4, 100, 3, mdd_crc(alg, digits, 3), false);
    quiet("seg [0,3) again: 9 bytes <= span 9", rec);
    mdd_cmbrec_close(rec, 4, false, 0);
    /* the two copies of [0,3) cancel: the CRC is v("789") alone */
    make_res(&(struct eres){.id = 4, .status = MDD_CMB_ST_OVERLAP, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_REL,
                            .crc = mdd_crc(alg, digits + 6, 3), .bytes = 9, .lo = 100, .eom = 109},
             want);
    gives("close", rec);

    label("ABORTED");
    mdd_cmbrec_open(rec, 6, MDD_CMB_MODE_REL, true, 9, true, check_val);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 6, 50, 4, mdd_crc(alg, digits, 4), false);
    quiet("seg", rec);
    mdd_cmbrec_abort(rec, 6);
    make_res(&(struct eres){.id = 6, .status = MDD_CMB_ST_ABORTED, .op = MDD_CMB_OP_ABORT, .mode = MDD_CMB_MODE_REL,
                            .len_valid = true, .crc_valid = true, .crc = mdd_crc(alg, digits, 4),
                            .exp_crc = check_val, .bytes = 4, .lo = 50, .eom = 54, .len = 9},
             want);
    gives("abort", rec);
    refused("abort again: NOT_OPEN", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);
    mdd_cmbrec_close(rec, 6, false, 0);
    refused("close after abort: NOT_OPEN", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);
    check(mdd_cmbref_open_count(ref) == 0, "nothing open at the end");
}

static void directed_errors(void)
{
    uint64_t rec[4];
    mdd_crc_alg alg = MDD_CRC16_T10DIF;
    new_ref(alg, 2, 8, 32);
    const uint64_t check_val = 0xD0DB; /* CRC-16/T10-DIF of "123456789" */
    check(mdd_crc(alg, digits, 9) == check_val, "CRC-16/T10-DIF check value");

    label("FORMAT");
    mdd_cmbrec_open(rec, 7, MDD_CMB_MODE_KNOWN, true, 9, false, 0);
    quiet("open id 7", rec);
    mdd_cmbrec_seg(rec, 7, 0, 4, mdd_crc(alg, digits, 4), false);
    quiet("seg [0,4)", rec);
    mdd_cmbrec_seg(rec, 7, 4, 5, 0, false);
    rec[0] |= 1ull << 40;
    refused("SEG, W0 bit 40", rec, MDD_CMB_ERR_FORMAT, 0, 40);
    mdd_cmbrec_seg(rec, 7, 4, 5, 0, false);
    rec[0] |= 1ull << 34; /* MODE: "-" for SEG */
    refused("SEG, MODE", rec, MDD_CMB_ERR_FORMAT, 0, 34);
    mdd_cmbrec_seg(rec, 7, 4, 5, 0, false);
    rec[2] |= 1ull << 32;
    rec[3] |= 1ull << 63;
    refused("SEG, W2 bit 32 and W3 bit 63: the first word", rec, MDD_CMB_ERR_FORMAT, 2, 32);
    mdd_cmbrec_seg(rec, 7, 4, 5, 0x10000, false);
    refused("SEG, W3 bit 16 (above the 16-bit CRC)", rec, MDD_CMB_ERR_FORMAT, 3, 16);
    mdd_cmbrec_open(rec, 8, MDD_CMB_MODE_KNOWN, false, 0x100, false, 0);
    refused("OPEN without LEN_VALID, W1 = 0x100", rec, MDD_CMB_ERR_FORMAT, 1, 8);
    mdd_cmbrec_open(rec, 8, MDD_CMB_MODE_KNOWN, false, 0, false, 0x8000);
    refused("OPEN without CRC_VALID, W3 bit 15", rec, MDD_CMB_ERR_FORMAT, 3, 15);
    mdd_cmbrec_open(rec, 8, MDD_CMB_MODE_KNOWN, false, 0, false, 0);
    rec[0] |= 1ull << 37; /* CRC_REG: "-" for OPEN */
    refused("OPEN, CRC_REG", rec, MDD_CMB_ERR_FORMAT, 0, 37);
    mdd_cmbrec_open(rec, 8, MDD_CMB_MODE_KNOWN, false, 0, false, 0);
    rec[2] = 1;
    refused("OPEN, W2 bit 0", rec, MDD_CMB_ERR_FORMAT, 2, 0);
    mdd_cmbrec_close(rec, 7, false, 0);
    rec[0] |= 1ull << 35; /* LEN_VALID: "-" for CLOSE */
    refused("CLOSE, LEN_VALID", rec, MDD_CMB_ERR_FORMAT, 0, 35);
    mdd_cmbrec_close(rec, 7, false, 0);
    rec[1] = 1ull << 63;
    refused("CLOSE, W1 bit 63", rec, MDD_CMB_ERR_FORMAT, 1, 63);
    mdd_cmbrec_abort(rec, 7);
    rec[0] |= 1ull << 36; /* CRC_VALID: "-" for ABORT */
    refused("ABORT, CRC_VALID", rec, MDD_CMB_ERR_FORMAT, 0, 36);
    mdd_cmbrec_abort(rec, 7);
    rec[3] = 2;
    refused("ABORT, W3 bit 1", rec, MDD_CMB_ERR_FORMAT, 3, 1);
    mdd_cmbrec_seg(rec, 0x1234, 4, 5, 0, false);
    rec[0] |= 1ull << 63;
    refused("FORMAT before ID_RANGE", rec, MDD_CMB_ERR_FORMAT, 0, 63);
    mdd_cmbrec_seg(rec, 0x107, 4, 5, 0, false);
    rec[0] |= 1ull << 63;
    refused("FORMAT with ID 0x107 (names no message: its low 8 bits are 7)", rec, MDD_CMB_ERR_FORMAT, 0, 63);

    label("ID_RANGE");
    mdd_cmbrec_seg(rec, 0x100, 4, 5, 0, false);
    refused("SEG id 0x100 (ID_W 8)", rec, MDD_CMB_ERR_ID_RANGE, 0xFF, 0x100);
    mdd_cmbrec_open(rec, 0xFFFFFFFFu, MDD_CMB_MODE_KNOWN, true, 0, false, 0);
    refused("OPEN id 2^32-1, L = 0: ID_RANGE before LEN_ZERO", rec, MDD_CMB_ERR_ID_RANGE, 0xFF, 0xFFFFFFFFu);
    mdd_cmbrec_abort(rec, 0x80000007u);
    refused("ABORT id 0x80000007", rec, MDD_CMB_ERR_ID_RANGE, 0xFF, 0x80000007u);

    label("LEN_ZERO");
    mdd_cmbrec_seg(rec, 7, 4, 0, 0, false);
    refused("SEG_LEN 0", rec, MDD_CMB_ERR_LEN_ZERO, 1, 0);
    mdd_cmbrec_seg(rec, 99, 0xFFFFFFFFull, 0, 0, false);
    refused("SEG_LEN 0 at the top, id not open: LEN_ZERO before ADDR_RANGE/NOT_OPEN", rec, MDD_CMB_ERR_LEN_ZERO, 1, 0);
    mdd_cmbrec_open(rec, 7, MDD_CMB_MODE_REL, true, 0, false, 0);
    refused("OPEN L = 0 of an open id: LEN_ZERO before ALREADY_OPEN", rec, MDD_CMB_ERR_LEN_ZERO, 1, 0);

    label("ADDR_RANGE (ADDR_W 32)");
    mdd_cmbrec_seg(rec, 7, 0xFFFFFFF0ull, 0x11, 0, false);
    refused("end 2^32", rec, MDD_CMB_ERR_ADDR_RANGE, 0xFFFFFFFFull, 0x100000001ull);
    mdd_cmbrec_seg(rec, 99, 0x100000000ull, 1, 0, false);
    refused("ADDR 2^32, id not open: ADDR_RANGE before NOT_OPEN", rec, MDD_CMB_ERR_ADDR_RANGE, 0xFFFFFFFFull,
            0x100000001ull);
    mdd_cmbrec_open(rec, 7, MDD_CMB_MODE_KNOWN, true, 0x100000000ull, false, 0);
    refused("OPEN L = 2^32 of an open id: ADDR_RANGE before ALREADY_OPEN", rec, MDD_CMB_ERR_ADDR_RANGE, 0xFFFFFFFFull,
            0x100000000ull);

    label("ALREADY_OPEN, TABLE_FULL");
    mdd_cmbrec_open(rec, 7, MDD_CMB_MODE_KNOWN, false, 0, false, 0);
    refused("OPEN id 7 again", rec, MDD_CMB_ERR_ALREADY_OPEN, 0, 0);
    mdd_cmbrec_open(rec, 9, MDD_CMB_MODE_REL, true, 0xFFFFFFFFull, false, 0);
    quiet("open id 9 (L = 2^32 - 1: the largest)", rec);
    mdd_cmbrec_open(rec, 9, MDD_CMB_MODE_REL, false, 0, false, 0);
    refused("OPEN id 9 again with the table full: ALREADY_OPEN before TABLE_FULL", rec, MDD_CMB_ERR_ALREADY_OPEN, 0,
            0);
    mdd_cmbrec_open(rec, 10, MDD_CMB_MODE_REL, false, 0, false, 0);
    refused("OPEN id 10, MSGS 2 open", rec, MDD_CMB_ERR_TABLE_FULL, 2, 2);

    label("NOT_OPEN");
    mdd_cmbrec_seg(rec, 10, 0, 1, 0, false);
    refused("SEG id 10", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);
    mdd_cmbrec_close(rec, 11, true, 5);
    refused("CLOSE id 11", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);
    mdd_cmbrec_abort(rec, 0);
    refused("ABORT id 0", rec, MDD_CMB_ERR_NOT_OPEN, 0, 0);

    label("PAST_END (known offset, L = 9)");
    mdd_cmbrec_seg(rec, 7, 8, 2, 0, false);
    refused("seg [8,10)", rec, MDD_CMB_ERR_PAST_END, 9, 10);
    mdd_cmbrec_seg(rec, 7, 2, 8, 0, false);
    refused("seg [2,10), overlapping too: PAST_END before OVERLAP", rec, MDD_CMB_ERR_PAST_END, 9, 10);
    mdd_cmbrec_seg(rec, 7, 0xFFFF0000ull, 2, 0, false);
    refused("seg far beyond", rec, MDD_CMB_ERR_PAST_END, 9, 0xFFFF0002ull);

    label("OVERLAP (known offset, L = 9, [0,4) in)");
    mdd_cmbrec_seg(rec, 7, 2, 4, 0, false);
    refused("seg [2,6): 4 + 4 > span 6", rec, MDD_CMB_ERR_OVERLAP, 6, 8);
    mdd_cmbrec_seg(rec, 7, 0, 4, 0, false);
    refused("seg [0,4) again: 8 > 4", rec, MDD_CMB_ERR_OVERLAP, 4, 8);
    mdd_cmbrec_seg(rec, 7, 3, 1, 0, false);
    refused("seg [3,4): 5 > 4", rec, MDD_CMB_ERR_OVERLAP, 4, 5);

    label("REJECTED counts every refused record that named an open message, nothing else changed");
    mdd_cmbrec_seg(rec, 7, 4, 5, mdd_crc(alg, digits + 4, 5), false);
    /* id 7: 8 FORMAT, 2 LEN_ZERO, 2 ADDR_RANGE, 1 ALREADY_OPEN, 3 PAST_END, 3 OVERLAP (not the FORMAT with
       ID 0x107 nor the ID_RANGE with 0x80000007) */
    make_res(&(struct eres){.id = 7, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_SEG, .mode = MDD_CMB_MODE_KNOWN,
                            .len_valid = true, .complete = true, .rejected = 19, .crc = check_val, .bytes = 9,
                            .lo = 0, .eom = 9, .len = 9},
             want);
    gives("id 7: seg [4,9) ends it", rec);
    mdd_cmbrec_abort(rec, 9);
    make_res(&(struct eres){.id = 9, .status = MDD_CMB_ST_ABORTED, .op = MDD_CMB_OP_ABORT, .mode = MDD_CMB_MODE_REL,
                            .len_valid = true, .rejected = 1, .crc = 0, .bytes = 0, .lo = 0xFFFFFFFFull, .eom = 0,
                            .len = 0xFFFFFFFFull},
             want);
    gives("id 9: abort", rec);
    check(mdd_cmbref_open_count(ref) == 0, "nothing open at the end");
}

/* The relative mode's span rules at the top of a 64-bit address space, REJECTED saturation. */
static void directed_relative(void)
{
    uint64_t rec[4];
    const mdd_crc_alg alg = MDD_CRC64_NVME;
    new_ref(alg, 3, 32, 64);
    const uint64_t top = ~0ull;
    uint8_t msg[100], buf[200];
    for (int i = 0; i < 100; i++)
        msg[i] = (uint8_t)(i * 7 + 1);

    label("relative, L = 100, ADDR_W 64: PAST_END by the span");
    const uint32_t id = 0xFFFFFFFFu; /* the largest id with ID_W 32 */
    const uint64_t base = top - 100;  /* the message's last end is 2^64 - 1 */
    mdd_cmbrec_open(rec, id, MDD_CMB_MODE_REL, true, 100, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, id, base + 40, 20, mdd_crc(alg, msg + 40, 20), false);
    quiet("seg [40,60)", rec);
    mdd_cmbrec_seg(rec, id, base - 41, 1, 0, false);
    refused("1 byte at -41: span [-41,60) = 101 > 100", rec, MDD_CMB_ERR_PAST_END, 100, 101);
    mdd_cmbrec_seg(rec, id, base - 40, 1, mdd_crc(alg, msg, 1), false);
    quiet("1 byte at -40: span 100 (the receiver cannot know where the message starts)", rec);
    mdd_cmbrec_seg(rec, id, base + 60, 1, 0, false);
    refused("1 byte at 60: span [-40,61) = 101", rec, MDD_CMB_ERR_PAST_END, 100, 101);
    mdd_cmbrec_seg(rec, id, base - 40, 100, 0, false);
    refused("100 bytes at -40: span 100, 121 bytes > 100", rec, MDD_CMB_ERR_OVERLAP, 100, 121);
    for (int i = 0; i < 300; i++) {
        mdd_cmbrec_close(rec, id, false, 0);
        rec[2] = 1ull << (i % 64);
        bool has = mdd_cmbref_step(ref, rec, out);
        if (i < 2 || i == 299)
            check(has && MDD_GET(CMBRES, CODE, out) == MDD_CMB_ERR_FORMAT, "FORMAT %d", i);
    }
    mdd_cmbrec_abort(rec, id);
    /* v(msg[0]) x^(8 * 99) + v(msg[40,60)): with S = msg[0] 0^79 msg[40,60), v(S) + v(0^79 msg[40,60)) is the
       first term */
    memset(buf, 0, sizeof buf);
    buf[0] = msg[0];
    memcpy(buf + 80, msg + 40, 20);
    make_res(&(struct eres){.id = id, .status = MDD_CMB_ST_ABORTED, .op = MDD_CMB_OP_ABORT, .mode = MDD_CMB_MODE_REL,
                            .len_valid = true, .rejected = 255,
                            .crc = mdd_crc(alg, buf, 100) ^ mdd_crc(alg, buf + 1, 99) ^ mdd_crc(alg, msg + 40, 20),
                            .bytes = 21, .lo = base - 40, .eom = base + 60, .len = 100},
             want);
    gives("abort: REJECTED saturated at 255 (303 refused)", rec);

    label("relative, no L: OVERLAP by the count, then the gap filled");
    const uint64_t a = 0x123456789ABCull;
    mdd_cmbrec_open(rec, 1, MDD_CMB_MODE_REL, false, 0, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 1, a + 10, 10, mdd_crc(alg, msg + 10, 10), false);
    quiet("seg [10,20)", rec);
    mdd_cmbrec_seg(rec, 1, a + 12, 6, 0, false);
    refused("seg [12,18): 16 > 10", rec, MDD_CMB_ERR_OVERLAP, 10, 16);
    mdd_cmbrec_seg(rec, 1, a + 5, 7, 0, false);
    refused("seg [5,12): 17 > span 15", rec, MDD_CMB_ERR_OVERLAP, 15, 17);
    mdd_cmbrec_seg(rec, 1, a + 5, 5, mdd_crc(alg, msg + 5, 5) ^ ~0ull, true);
    quiet("seg [5,10), CRC_REG", rec);
    mdd_cmbrec_close(rec, 1, true, mdd_crc(alg, msg + 5, 15));
    make_res(&(struct eres){.id = 1, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_REL,
                            .crc_valid = true, .match = true, .complete = true, .rejected = 2,
                            .crc = mdd_crc(alg, msg + 5, 15), .exp_crc = mdd_crc(alg, msg + 5, 15), .bytes = 15,
                            .lo = a + 5, .eom = a + 20},
             want);
    gives("close", rec);

    label("ADDR_W 64: an end that carries out of 64 bits, the very last byte");
    mdd_cmbrec_open(rec, 2, MDD_CMB_MODE_REL, false, 0, false, 0);
    quiet("open", rec);
    mdd_cmbrec_seg(rec, 2, top - 3, 8, 0, false);
    refused("seg at 2^64 - 4, 8 bytes: end 2^64 + 4", rec, MDD_CMB_ERR_ADDR_RANGE, top, 4);
    mdd_cmbrec_seg(rec, 2, top, 1, 0, false);
    refused("seg at 2^64 - 1, 1 byte: end 2^64", rec, MDD_CMB_ERR_ADDR_RANGE, top, 0);
    mdd_cmbrec_seg(rec, 2, top - 7, 7, mdd_crc(alg, msg, 7), false);
    quiet("seg [2^64 - 8, 2^64 - 1)", rec);
    mdd_cmbrec_close(rec, 2, false, 0);
    make_res(&(struct eres){.id = 2, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_CLOSE, .mode = MDD_CMB_MODE_REL,
                            .complete = true, .rejected = 2, .crc = mdd_crc(alg, msg, 7), .bytes = 7, .lo = top - 7,
                            .eom = top},
             want);
    gives("close", rec);

    label("a segment of 2^32 - 1 bytes (the largest SEG_LEN), known offset");
    mdd_cmbrec_open(rec, 3, MDD_CMB_MODE_KNOWN, true, 0xFFFFFFFFull, false, 0);
    quiet("open L = 2^32 - 1", rec);
    mdd_cmbrec_seg(rec, 3, 0, 0xFFFFFFFFull, 0x0123456789ABCDEFull, false);
    make_res(&(struct eres){.id = 3, .status = MDD_CMB_ST_OK, .op = MDD_CMB_OP_SEG, .mode = MDD_CMB_MODE_KNOWN,
                            .len_valid = true, .complete = true, .crc = 0x0123456789ABCDEFull, .bytes = 0xFFFFFFFFull,
                            .lo = 0, .eom = 0xFFFFFFFFull, .len = 0xFFFFFFFFull},
             want);
    gives("one segment: the CRC is the segment's", rec);
    check(mdd_cmbref_open_count(ref) == 0, "nothing open at the end");
    check(mdd_cmbref_selfcheck_failures(ref) == 0, "reference self-check (XOR of shifts = chain of combines)");
}

/* Parameters the RTL rejects. */
static void directed_params(void)
{
    label("parameters");
    const mdd_cmb_params bad[] = {
        {MDD_CRC_ALG_COUNT, 64, 32, 64, 2}, {MDD_CRC32C, 1, 32, 64, 2}, {MDD_CRC32C, 1025, 32, 64, 2},
        {MDD_CRC32C, 64, 0, 64, 2},         {MDD_CRC32C, 64, 33, 64, 2}, {MDD_CRC32C, 64, 32, 31, 2},
        {MDD_CRC32C, 64, 32, 65, 2},        {MDD_CRC32C, 64, 32, 64, 0}, {MDD_CRC32C, 64, 32, 64, 9},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct mdd_cmbref *r = mdd_cmbref_new(&bad[i]);
        check(r == NULL, "bad parameter set %zu accepted", i);
        mdd_cmbref_free(r);
    }
    const mdd_cmb_params good[] = {{MDD_CRC32C, 2, 1, 32, 1}, {MDD_CRC64_NVME, 1024, 32, 64, 8}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        struct mdd_cmbref *r = mdd_cmbref_new(&good[i]);
        check(r != NULL, "good parameter set %zu refused", i);
        mdd_cmbref_free(r);
    }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Generator + reference (or twin) against the generator's truth, through the scoreboard.                  */

static void score_fail(void *ctx, const char *what, const char *msg)
{
    (void)ctx;
    check(false, "%s: %s", what, msg);
}

/* zlib: crc32() of each of the generator's segments in [lo, hi) (message offsets), chained with crc32_combine
 * in address order; false when those segments do not tile [lo, hi). */
static bool zlib_chain(const struct mdd_cmbtraf_msg *m, uint64_t lo, uint64_t hi, uint64_t *crc)
{
    uint32_t i = 0;
    while (i < m->n_segs && m->segs[i].off < lo)
        i++;
    if (i == m->n_segs || m->segs[i].off != lo)
        return false;
    uLong c = crc32(0, Z_NULL, 0);
    uint64_t at = lo;
    for (; i < m->n_segs && at < hi; i++) {
        const struct mdd_cmbtraf_seg *sg = &m->segs[i];
        c = crc32_combine(c, crc32(0, m->bytes + sg->off, sg->len), (z_off_t)sg->len);
        at = sg->off + sg->len;
    }
    if (at != hi)
        return false;
    *crc = (uint32_t)c;
    return true;
}

static struct mdd_cmbscore_stats cov; /* summed over runs */
static uint64_t trace_serial; /* test_cmb ... SEED SERIAL: print that message's records and outputs */

static void trace_rec(const char *who, uint64_t cyc, const uint64_t *rec, const struct mdd_cmbtraf_info *info)
{
    if (!trace_serial || info->serial != trace_serial)
        return;
    printf("  trace %s cycle %" PRIu64 ": %s op %u id 0x%" PRIx64 " addr 0x%" PRIx64 " len %" PRIu64
           " crc 0x%" PRIx64 " (w0 0x%" PRIx64 ")\n",
           who, cyc, mdd_cmbtraf_kind_name(info->kind), info->op, MDD_GET(CMBREC, ID, rec), rec[1], rec[2], rec[3],
           rec[0]);
}

static void trace_out(const char *who, uint64_t cyc, const uint64_t *o)
{
    if (!trace_serial)
        return;
    printf("  trace %s cycle %" PRIu64 ": out id 0x%" PRIx64 " %s %s lo 0x%" PRIx64 " eom 0x%" PRIx64 " bytes %" PRIu64
           " crc 0x%" PRIx64 " exp 0x%" PRIx64 " got 0x%" PRIx64 "\n",
           who, cyc, MDD_GET(CMBRES, ID, o), MDD_GET(CMBRES, ERROR, o) ? "error" : "result",
           mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, o), (unsigned)MDD_GET(CMBRES, CODE, o)),
           MDD_GET(CMBRES, LO, o), MDD_GET(CMBRES, EOM, o), MDD_GET(CMBRES, BYTES, o), MDD_GET(CMBRES, CRC, o),
           MDD_GET(CMBRES, EXP, o), MDD_GET(CMBRES, GOT, o));
}

static void add_stats(const struct mdd_cmbscore *sc)
{
    const struct mdd_cmbscore_stats *st = mdd_cmbscore_get_stats(sc);
    for (int e = 0; e < 2; e++)
        for (int c = 0; c < 16; c++)
            cov.outputs[e][c] += st->outputs[e][c];
    for (int k = 0; k < MDD_CMBTRAF_K_COUNT; k++)
        for (int c = 0; c < 16; c++)
            cov.kind_code[k][c] += st->kind_code[k][c];
    cov.complete += st->complete;
    cov.whole += st->whole;
    cov.oracle += st->oracle;
    cov.oracle_skip += st->oracle_skip;
    cov.well_behaved += st->well_behaved;
}

/* Counts the scoreboard's passed checks into this suite's (its failures went through score_fail). */
static void take_checks(const struct mdd_cmbscore *sc) { passed += mdd_cmbscore_passed(sc); }

static struct mdd_cmbtraf *new_traf(const mdd_cmb_params *p, uint64_t seed)
{
    struct mdd_cmbtraf_cfg cfg;
    mdd_cmbtraf_default_cfg(&cfg, p);
    return mdd_cmbtraf_new(&cfg, seed);
}

/* The generator into the reference until segs SEG records went in, then drained; every output checked. */
static void random_ref(const mdd_cmb_params *p, uint64_t segs, uint64_t seed)
{
    label("cmb-ref %s MSGS %u ID_W %u ADDR_W %u seed %" PRIu64, mdd_crc_params_of(p->alg)->name, p->msgs, p->id_w,
          p->addr_w, seed);
    struct mdd_cmbtraf *t = new_traf(p, seed);
    struct mdd_cmbscore *sc = t ? mdd_cmbscore_new(p, t, score_fail, NULL) : NULL;
    if (!check(t && sc, "generator or scoreboard refused the parameters")) {
        mdd_cmbscore_free(sc);
        mdd_cmbtraf_free(t);
        return;
    }
    if (p->alg == MDD_CRC32)
        mdd_cmbscore_set_oracle(sc, zlib_chain, "zlib crc32_combine chain");
    uint64_t rec[4], o[8], n = 0;
    struct mdd_cmbtraf_info info;
    for (;;) {
        if (mdd_cmbtraf_segments(t) >= segs)
            mdd_cmbtraf_drain(t);
        if (!mdd_cmbtraf_next(t, rec, &info))
            break;
        /* the "device" is the reference itself: only the truth checks apply */
        trace_rec("ref", n, rec, &info);
        if (mdd_cmbscore_input(sc, rec, &info, n, o)) {
            if (info.serial == trace_serial)
                trace_out("ref", n, o);
            mdd_cmbscore_output(sc, o, n, false);
        }
        n++;
    }
    mdd_cmbscore_finish(sc);
    const struct mdd_cmbscore_stats *st = mdd_cmbscore_get_stats(sc);
    printf("%s MSGS %u ID_W %u ADDR_W %u: %" PRIu64 " messages, %" PRIu64 " records, %" PRIu64 " segments, %" PRIu64
           " results\n",
           mdd_crc_params_of(p->alg)->name, p->msgs, p->id_w, p->addr_w, mdd_cmbtraf_messages(t),
           mdd_cmbtraf_records(t), mdd_cmbtraf_segments(t), st->results);
    add_stats(sc);
    take_checks(sc);
    mdd_cmbscore_free(sc);
    mdd_cmbtraf_free(t);
}

static void print_coverage(void)
{
    printf("outputs:");
    for (unsigned c = 0; c <= MDD_CMB_ST_ABORTED; c++)
        printf(" %s %" PRIu64, mdd_cmbref_code_name(false, c), cov.outputs[0][c]);
    printf(" | errors:");
    for (unsigned c = 1; c <= MDD_CMB_ERR_OVERLAP; c++)
        printf(" %s %" PRIu64, mdd_cmbref_code_name(true, c), cov.outputs[1][c]);
    printf("\ntruth: %" PRIu64 " COMPLETE results checked against the bytes, %" PRIu64 " against zlib (%" PRIu64
           " not tiled by the generator's segments), %" PRIu64 " well-behaved messages (%" PRIu64 " whole)\n",
           cov.complete, cov.oracle, cov.oracle_skip, cov.well_behaved, cov.whole);
    printf("injected kinds -> error codes:");
    for (unsigned k = 1; k < MDD_CMBTRAF_K_COUNT; k++) {
        printf(" %s[", mdd_cmbtraf_kind_name(k));
        for (unsigned c = 1; c <= MDD_CMB_ERR_OVERLAP; c++)
            if (cov.kind_code[k][c])
                printf(" %s %" PRIu64, mdd_cmbref_code_name(true, c), cov.kind_code[k][c]);
        printf(" ]");
    }
    printf("\n");
}

static void cover_all(const char *what)
{
    for (unsigned c = 0; c <= MDD_CMB_ST_ABORTED; c++)
        check(cov.outputs[0][c] > 0, "%s: no result with status %s", what, mdd_cmbref_code_name(false, c));
    for (unsigned c = 1; c <= MDD_CMB_ERR_OVERLAP; c++)
        check(cov.outputs[1][c] > 0, "%s: no error %s", what, mdd_cmbref_code_name(true, c));
    check(cov.whole > 0, "%s: no whole-message checks", what);
}

/* ------------------------------------------------------------------------------------------------------ */
/* The twin, cycle by cycle, against the scoreboard.                                                        */

/* One twin configuration: random stalls (p_valid, p_ready in percent) and resets (per million cycles) until
 * segs SEG records went in, then drained. With no stalls: a record accepted every cycle and every output
 * exactly mdd_cmb_latency() cycles after its record. */
static void random_twin(const mdd_cmb_params *p, uint64_t segs, uint64_t seed, unsigned p_valid, unsigned p_ready,
                        unsigned p_rst_ppm)
{
    const bool no_stall = p_valid == 100 && p_ready == 100 && p_rst_ppm == 0;
    label("cmb-model %s MSGS %u ID_W %u ADDR_W %u BPS %u seed %" PRIu64 "%s", mdd_crc_params_of(p->alg)->name,
          p->msgs, p->id_w, p->addr_w, p->bits_per_stage, seed, no_stall ? " no stalls" : "");
    mdd_cmb_model *tw = mdd_cmb_model_new(p);
    struct mdd_cmbtraf *t = new_traf(p, seed);
    struct mdd_cmbscore *sc = t ? mdd_cmbscore_new(p, t, score_fail, NULL) : NULL;
    if (!check(tw && t && sc, "twin, generator or scoreboard refused the parameters")) {
        mdd_cmb_model_free(tw);
        mdd_cmbscore_free(sc);
        mdd_cmbtraf_free(t);
        return;
    }
    const unsigned lat = mdd_cmb_latency(tw);
    /* the shift count has min(ADDR_W, k) bits, x^(2^k - 1) = 1 (D-100); the table written out here, not taken from
     * mdd_crc_x_order_w, so that a wrong library table fails this check too */
    const unsigned x_order_w = p->alg == MDD_CRC32C ? 31 : p->alg == MDD_CRC16_T10DIF ? 16 : p->alg == MDD_CRC32 ? 32 : 64;
    const unsigned exp_w = p->addr_w < x_order_w ? p->addr_w : x_order_w;
    const unsigned stages = (exp_w + p->bits_per_stage - 1) / p->bits_per_stage;
    check(lat == stages + 6, "latency %u, docs/cmb.md says STAGES + 6 = %u (STAGES = ceil(min(ADDR_W, %u) / BPS))", lat,
          stages + 6, x_order_w);
    if (no_stall)
        mdd_cmbscore_set_latency(sc, lat);
    if (p->alg == MDD_CRC32)
        mdd_cmbscore_set_oracle(sc, zlib_chain, "zlib crc32_combine chain");
    mdd_cmb_in in;
    memset(&in, 0, sizeof in);
    struct mdd_cmbtraf_info info, pend_info;
    bool have = false, drained = false;
    uint64_t cyc = 0, idle = 0, resets = 0, rst_left = 0, not_ready = 0, taken = 0, refused = 0;
    /* besides the random ones, one reset while the table is busy */
    const uint64_t forced_rst = p_rst_ppm ? segs / 4 + below(segs / 4 + 1) : UINT64_MAX;
    for (;; cyc++) {
        /* reset bursts of 1..3 cycles */
        if (!rst_left && !drained && ((p_rst_ppm && below(1000000) < p_rst_ppm) || cyc == forced_rst)) {
            rst_left = 1 + below(3);
            resets++;
        }
        in.rst = rst_left > 0;
        if (rst_left)
            rst_left--;
        /* an AXI source: a record once offered stays until it is taken */
        if (!have && !drained) {
            if (mdd_cmbtraf_segments(t) >= segs)
                mdd_cmbtraf_drain(t);
            have = mdd_cmbtraf_next(t, in.s_axis_cmb_tdata, &pend_info);
            drained = !have;
        }
        in.s_axis_cmb_tvalid = have && below(100) < p_valid;
        in.m_axis_cmb_res_tready = below(100) < p_ready;
        mdd_cmb_out out;
        mdd_cmb_eval(tw, &in, &out);
        /* the pipeline stops only while a result waits at the output */
        if (in.m_axis_cmb_res_tready || !out.m_axis_cmb_res_tvalid)
            if (!out.s_axis_cmb_tready)
                not_ready++;
        if (in.s_axis_cmb_tvalid && !out.s_axis_cmb_tready)
            refused++;
        if (in.rst) {
            mdd_cmbscore_reset(sc);
        } else {
            if (out.m_axis_cmb_res_tvalid && in.m_axis_cmb_res_tready)
                mdd_cmbscore_output(sc, out.m_axis_cmb_res_tdata, cyc, true);
            if (in.s_axis_cmb_tvalid && out.s_axis_cmb_tready) {
                info = pend_info;
                trace_rec("twin", cyc, in.s_axis_cmb_tdata, &info);
                uint64_t pred[8];
                if (mdd_cmbscore_input(sc, in.s_axis_cmb_tdata, &info, cyc, pred) && info.serial == trace_serial)
                    trace_out("ref", cyc, pred);
                have = false;
                taken++;
            }
        }
        mdd_cmb_tick(tw, &in);
        if (drained && !have && mdd_cmbscore_pending(sc) == 0 && ++idle > 2 * lat + 8)
            break;
        if (cyc > 100000000) {
            check(false, "runaway");
            break;
        }
    }
    check(not_ready == 0, "s_axis_cmb_tready low in %" PRIu64 " cycles while the output was free", not_ready);
    if (no_stall)
        check(refused == 0, "no stalls: a record waited %" PRIu64 " times", refused);
    mdd_cmbscore_finish(sc);
    check(mdd_cmb_open_count(tw) == 0, "twin: %u contexts open after draining", mdd_cmb_open_count(tw));
    const struct mdd_cmbscore_stats *st = mdd_cmbscore_get_stats(sc);
    printf("twin %s MSGS %u ID_W %u ADDR_W %u BPS %u (latency %u)%s: %" PRIu64 " cycles, %" PRIu64 " records, %" PRIu64
           " segments, %" PRIu64 " results, %" PRIu64 " resets (%" PRIu64 " outputs dropped)\n",
           mdd_crc_params_of(p->alg)->name, p->msgs, p->id_w, p->addr_w, p->bits_per_stage, lat,
           no_stall ? " no stalls" : "", cyc, taken, mdd_cmbtraf_segments(t), st->results, resets, st->dropped);
    add_stats(sc);
    take_checks(sc);
    mdd_cmbscore_free(sc);
    mdd_cmbtraf_free(t);
    mdd_cmb_model_free(tw);
}

static int suite_ref(uint64_t segs, uint64_t seed)
{
    clock_t t0 = clock();
    directed_status();
    directed_errors();
    directed_relative();
    directed_params();
    mdd_cmbref_free(ref);
    ref = NULL;
    /* one parameter set per CRC: the RTL default, a small table with short ids, 48- and 40-bit addresses */
    const mdd_cmb_params sets[] = {
        {MDD_CRC32C, 64, 32, 64, 2},
        {MDD_CRC16_T10DIF, 4, 8, 32, 2},
        {MDD_CRC32, 16, 12, 48, 2},
        {MDD_CRC64_NVME, 8, 4, 40, 2},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        random_ref(&sets[i], segs, seed + i);
    label("coverage");
    print_coverage();
    if (segs >= 200000) /* a default run must reach every status and every error code */
        cover_all("cmb-ref");
    printf("cpu time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("cmb-ref: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* A directed record sequence through the twin, one record per cycle, output always ready. Each record's
 * expected output is written by hand as {has, error, code}; the twin's outputs must have these codes, in order,
 * and equal the reference's outputs word for word. */
struct dexp {
    bool has, error;
    unsigned code;
};

static void twin_seq(const char *what, const mdd_cmb_params *p, const uint64_t (*recs)[4], size_t n,
                     const struct dexp *want_codes, uint64_t (*last_out)[8])
{
    label("cmb-model directed: %s", what);
    mdd_cmb_model *tw = mdd_cmb_model_new(p);
    struct mdd_cmbref *r = mdd_cmbref_new(p);
    if (!check(tw && r, "twin or reference refused the parameters")) {
        mdd_cmb_model_free(tw);
        mdd_cmbref_free(r);
        return;
    }
    uint64_t (*pred)[8] = xmalloc((n ? n : 1) * sizeof *pred), (*got)[8] = xmalloc((n ? n : 1) * sizeof *got);
    size_t n_pred = 0, n_got = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t o[8];
        bool has = mdd_cmbref_step(r, recs[i], o);
        if (has)
            memcpy(pred[n_pred++], o, sizeof o);
        check(has == want_codes[i].has &&
                  (!has || (MDD_GET(CMBRES, ERROR, o) == want_codes[i].error &&
                            MDD_GET(CMBRES, CODE, o) == want_codes[i].code)),
              "record %zu: the reference gives %s, expected %s", i,
              has ? mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, o), (unsigned)MDD_GET(CMBRES, CODE, o)) : "nothing",
              want_codes[i].has ? mdd_cmbref_code_name(want_codes[i].error, want_codes[i].code) : "nothing");
    }
    mdd_cmb_in in;
    memset(&in, 0, sizeof in);
    in.m_axis_cmb_res_tready = true;
    const unsigned lat = mdd_cmb_latency(tw);
    for (size_t c = 0; c < n + lat + 4; c++) {
        in.s_axis_cmb_tvalid = c < n;
        if (c < n)
            memcpy(in.s_axis_cmb_tdata, recs[c], sizeof in.s_axis_cmb_tdata);
        mdd_cmb_out out;
        mdd_cmb_eval(tw, &in, &out);
        if (c < n)
            check(out.s_axis_cmb_tready, "record %zu not taken at once", c);
        if (out.m_axis_cmb_res_tvalid && n_got < n)
            memcpy(got[n_got++], out.m_axis_cmb_res_tdata, sizeof got[0]);
        mdd_cmb_tick(tw, &in);
    }
    if (check(n_got == n_pred, "the twin gave %zu outputs, the reference %zu", n_got, n_pred))
        for (size_t k = 0; k < n_got; k++) {
            char w[96];
            snprintf(w, sizeof w, "output %zu (twin %s, reference %s)", k,
                     mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, got[k]), (unsigned)MDD_GET(CMBRES, CODE, got[k])),
                     mdd_cmbref_code_name(MDD_GET(CMBRES, ERROR, pred[k]), (unsigned)MDD_GET(CMBRES, CODE, pred[k])));
            same_out(w, got[k], pred[k]);
        }
    if (last_out && n_got)
        memcpy(*last_out, got[n_got - 1], sizeof *last_out);
    check(mdd_cmb_open_count(tw) == mdd_cmbref_open_count(r), "open contexts: twin %u, reference %u",
          mdd_cmb_open_count(tw), mdd_cmbref_open_count(r));
    free(pred);
    free(got);
    mdd_cmb_model_free(tw);
    mdd_cmbref_free(r);
}

#define D_NONE {false, false, 0}
#define D_ERR(c) {true, true, MDD_CMB_ERR_##c}
#define D_RES(c) {true, false, MDD_CMB_ST_##c}

static void directed_twin(void)
{
    const mdd_crc_alg alg = MDD_CRC32;
    const mdd_cmb_params p2 = {alg, 2, 32, 64, 2};
    uint64_t r[16][4];
    const uint8_t *d = digits;

    /* docs/cmb.md section 5 relies on the fingerprint sum SUM F(end_i) - F(start_i) (mod 2^64) telling a tiling
       from any other coverage "barring a 64-bit collision". F is GF(2)-linear, and x * F(a) is F(a) shifted by
       one bit whenever no reduction happens, so F(2a) = 2 F(a) (integers) for about half of all a: a duplicate
       of [1,2) with [0,1) missing sums to F(5) + F(2) - 2 F(1) = F(5) - F(0) whenever F(2) = 2 F(1), which holds.
       Known offset, L = 5, "12345": [2,3) [1,2) [1,2) [3,4) [4,5): 5 bytes, not a tiling: OVERLAP, never OK. */
    {
        mdd_cmbrec_open(r[0], 1, MDD_CMB_MODE_KNOWN, true, 5, false, 0);
        mdd_cmbrec_seg(r[1], 1, 2, 1, mdd_crc(alg, d + 2, 1), false);
        mdd_cmbrec_seg(r[2], 1, 1, 1, mdd_crc(alg, d + 1, 1), false);
        mdd_cmbrec_seg(r[3], 1, 1, 1, mdd_crc(alg, d + 1, 1), false);
        mdd_cmbrec_seg(r[4], 1, 3, 1, mdd_crc(alg, d + 3, 1), false);
        mdd_cmbrec_seg(r[5], 1, 4, 1, mdd_crc(alg, d + 4, 1), false);
        const struct dexp w[] = {D_NONE, D_NONE, D_NONE, D_NONE, D_NONE, D_RES(OVERLAP)};
        twin_seq("a duplicate and a hole of the same size (fingerprint: F(2) = 2 F(1))", &p2, (const uint64_t(*)[4])r,
                 6, w, NULL);
    }
    /* one message on consecutive cycles: OPEN, SEGs and CLOSE back to back (Q forwards its own write) */
    {
        mdd_cmbrec_open(r[0], 7, MDD_CMB_MODE_REL, false, 0, true, mdd_crc(alg, d, 9));
        mdd_cmbrec_seg(r[1], 7, 1003, 6, mdd_crc(alg, d + 3, 6), false);
        mdd_cmbrec_seg(r[2], 7, 1000, 3, mdd_crc(alg, d, 3) ^ 0xFFFFFFFFu, true);
        mdd_cmbrec_seg(r[3], 7, 1001, 2, 0, false); /* overlap: 11 > 9 */
        mdd_cmbrec_close(r[4], 7, false, 0);
        mdd_cmbrec_seg(r[5], 7, 1000, 1, 0, false); /* closed the cycle before */
        const struct dexp w[] = {D_NONE, D_NONE, D_NONE, D_ERR(OVERLAP), D_RES(OK), D_ERR(NOT_OPEN)};
        twin_seq("one message on consecutive cycles", &p2, (const uint64_t(*)[4])r, 6, w, NULL);
    }
    /* MSGS 2: a full table, a result frees a slot, an OPEN on the very next cycle takes it; two OPENs on
       consecutive cycles take two slots; a second OPEN of the same id on the next cycle is ALREADY_OPEN */
    {
        mdd_cmbrec_open(r[0], 1, MDD_CMB_MODE_KNOWN, true, 1, false, 0);
        mdd_cmbrec_open(r[1], 2, MDD_CMB_MODE_KNOWN, false, 0, false, 0);
        mdd_cmbrec_open(r[2], 3, MDD_CMB_MODE_KNOWN, false, 0, false, 0); /* full */
        mdd_cmbrec_seg(r[3], 1, 0, 1, mdd_crc(alg, d, 1), false);        /* ends id 1 */
        mdd_cmbrec_open(r[4], 3, MDD_CMB_MODE_KNOWN, false, 0, false, 0); /* takes the freed slot */
        mdd_cmbrec_open(r[5], 3, MDD_CMB_MODE_KNOWN, false, 0, false, 0); /* already open */
        mdd_cmbrec_abort(r[6], 2);
        mdd_cmbrec_abort(r[7], 3);
        mdd_cmbrec_open(r[8], 4, MDD_CMB_MODE_REL, false, 0, false, 0);
        mdd_cmbrec_open(r[9], 5, MDD_CMB_MODE_REL, false, 0, false, 0);
        mdd_cmbrec_open(r[10], 6, MDD_CMB_MODE_REL, false, 0, false, 0); /* full again */
        mdd_cmbrec_close(r[11], 4, false, 0);
        mdd_cmbrec_close(r[12], 5, false, 0);
        const struct dexp w[] = {D_NONE,         D_NONE,          D_ERR(TABLE_FULL), D_RES(OK),
                                 D_NONE,         D_ERR(ALREADY_OPEN), D_RES(ABORTED), D_RES(ABORTED),
                                 D_NONE,         D_NONE,          D_ERR(TABLE_FULL), D_RES(INCOMPLETE),
                                 D_RES(INCOMPLETE)};
        twin_seq("slots freed and taken on consecutive cycles", &p2, (const uint64_t(*)[4])r, 13, w, NULL);
    }
}

static int suite_model(uint64_t segs, uint64_t seed)
{
    clock_t t0 = clock();
    rng_state = seed * 0x9E3779B97F4A7C15ull; /* the stalls and resets */
    /* every CRC, MSGS 2/4/64, ID_W 4/32, ADDR_W 32/48/64, BITS_PER_STAGE 1/2/3, each value more than once */
    static const struct {
        mdd_cmb_params p;
        unsigned p_valid, p_ready, p_rst_ppm;
    } runs[] = {
        {{MDD_CRC32C, 64, 32, 64, 2}, 90, 80, 20},      {{MDD_CRC32C, 64, 32, 64, 2}, 100, 100, 0},
        {{MDD_CRC16_T10DIF, 2, 4, 32, 1}, 70, 60, 50},  {{MDD_CRC32, 4, 32, 48, 3}, 95, 90, 30},
        {{MDD_CRC64_NVME, 64, 4, 64, 1}, 80, 70, 20},   {{MDD_CRC32, 2, 32, 64, 2}, 100, 100, 0},
        {{MDD_CRC64_NVME, 4, 4, 48, 2}, 100, 100, 0},   {{MDD_CRC16_T10DIF, 64, 32, 32, 3}, 90, 50, 20},
        {{MDD_CRC32C, 4, 4, 48, 1}, 60, 95, 50},        {{MDD_CRC32, 64, 4, 32, 3}, 100, 100, 0},
        {{MDD_CRC16_T10DIF, 4, 32, 64, 2}, 100, 100, 0}, {{MDD_CRC64_NVME, 2, 32, 32, 3}, 85, 85, 40},
    };
    directed_twin();
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        random_twin(&runs[i].p, segs, seed + i, runs[i].p_valid, runs[i].p_ready, runs[i].p_rst_ppm);
    label("coverage");
    print_coverage();
    if (segs >= 20000)
        cover_all("cmb-model");
    printf("cpu time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("cmb-model: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    const bool model = strcmp(mode, "model") == 0;
    if (!model && strcmp(mode, "ref") != 0) {
        fprintf(stderr, "usage: test_cmb ref|model [SEGMENTS [SEED]]\n");
        return 2;
    }
    uint64_t segs = argc > 2 ? strtoull(argv[2], NULL, 0) : model ? 50000 : 200000;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 0) : 1;
    trace_serial = argc > 4 ? strtoull(argv[4], NULL, 0) : 0;
    return model ? suite_model(segs, seed) : suite_ref(segs, seed);
}

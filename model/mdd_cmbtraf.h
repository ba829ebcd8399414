/* SPDX-License-Identifier: MIT */
/*
 * The combiner's stimulus generator: a deterministic (seeded) stream of CMBREC input records for many
 * messages in flight, with the TRUTH of every message kept beside it.
 *
 * Each message is random bytes (1 .. max_len), cut into 1 .. max_segs segments whose CRCs are mdd_crc() of the
 * segment bytes (sometimes given in the register domain), OPENed in the known-offset or the relative mode (a
 * random base address such that every end fits in ADDR_W bits), with or without L, with an expected CRC at
 * OPEN, at CLOSE, at both or none (sometimes a wrong one). Its SEG records go out in random order, interleaved
 * with the records of the other messages in flight (sometimes more than MSGS, so that OPENs meet TABLE_FULL).
 * Bad records are injected, each kind at its own rate (struct mdd_cmbtraf_cfg).
 *
 * The generator never calls the reference combiner (model/mdd_cmbref.h) or the twin: it only knows what it
 * sent. Each record comes with a side record (struct mdd_cmbtraf_info) naming the message it belongs to by a
 * serial number and, for an injected record, the kind and, when the generator can be sure of it, the error
 * code and EXP/GOT that kind implies. mdd_cmbtraf_lookup() returns a message's truth by serial for a while
 * after its last record (cfg.keep_done finished messages), so a consumer that maps outputs to serials (the
 * serial of the OPEN the combiner accepted for that ID) can check results against the bytes.
 *
 * The combiner never holds a message open after the generator's last record for it ("leak free"): a message
 * with L whose injections could keep it open (duplicate, overlap, hole, second OPEN) ends with a CLOSE too.
 * So an ID the generator has no message in flight for is never open in the combiner (NOT_OPEN is certain).
 */
#ifndef MDD_CMBTRAF_H
#define MDD_CMBTRAF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd_cmb_model.h" /* mdd_cmb_params, MDD_CMB_REC_WORDS */

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of injected records (mdd_cmbtraf_info.kind) and of per-message injections (bit k of inj_mask). */
enum mdd_cmbtraf_kind {
    MDD_CMBTRAF_K_NONE = 0,   /* a legitimate record */
    MDD_CMBTRAF_K_DUP,        /* a copy of one of the message's segments, after the original */
    MDD_CMBTRAF_K_OVERLAP,    /* a segment of real bytes that partially overlaps others (one end strictly inside
                                 a segment), correct CRC */
    MDD_CMBTRAF_K_PAST_END,   /* messages with L: a segment beyond L (PAST_END) */
    MDD_CMBTRAF_K_UNKNOWN_ID, /* SEG/CLOSE/ABORT of an id with no message in flight (NOT_OPEN) */
    MDD_CMBTRAF_K_ID_RANGE,   /* a record with ID >= 2^ID_W (ID_RANGE; never with ID_W = 32) */
    MDD_CMBTRAF_K_REOPEN,     /* a second copy of the message's OPEN (ALREADY_OPEN while it is open) */
    MDD_CMBTRAF_K_ZERO_LEN,   /* SEG_LEN = 0, or OPEN with L = 0, for the message's id (LEN_ZERO) */
    MDD_CMBTRAF_K_ADDR_RANGE, /* a segment ending beyond 2^ADDR_W - 1, or OPEN with L > 2^ADDR_W - 1 (ADDR_RANGE) */
    MDD_CMBTRAF_K_FORMAT,     /* a copy of one of the message's records with one must-be-zero bit set (FORMAT) */
    MDD_CMBTRAF_K_ABORT,      /* per message: ABORT after some of the segments (the ABORT record is this kind) */
    MDD_CMBTRAF_K_HOLE,       /* per message: a segment left out, then CLOSE (no record of this kind) */
    MDD_CMBTRAF_K_COUNT
};

struct mdd_cmbtraf_cfg {
    mdd_cmb_params p;       /* alg, msgs, id_w, addr_w (bits_per_stage unused) */
    uint32_t max_len;       /* message length 1..max_len (mostly far smaller); default 65536 */
    uint32_t max_segs;      /* segments per message 1..max_segs (at most the length); default 1000 */
    unsigned inflight;      /* messages in flight; default min(MSGS, 2^ID_W - 1) */
    unsigned over_pct;      /* % of message starts with the in-flight target above MSGS (TABLE_FULL); default 3 */
    unsigned burst_pct;     /* % of records from the same message as the previous record; default 25 */
    unsigned rel_pct;       /* % relative-mode messages; default 50 */
    unsigned len_pct;       /* % with L at OPEN; default 50 */
    unsigned crc_open_pct;  /* % with an expected CRC at OPEN; default 35 */
    unsigned crc_close_pct; /* % with one at CLOSE (when the message has a CLOSE); default 35 */
    unsigned bad_crc_pct;   /* % of given expected CRCs that are wrong; default 10 */
    unsigned crc_reg_pct;   /* % of segment CRCs in the register domain; default 20 */
    /* injection rates in 1/1000: of messages for the message kinds, of records for UNKNOWN_ID and ID_RANGE
       (index = enum mdd_cmbtraf_kind; [NONE] unused). Defaults: 20 each, 5 for the standalone kinds. */
    unsigned rate[MDD_CMBTRAF_K_COUNT];
    unsigned keep_done;     /* finished messages whose truth is kept; default 4096 */
};

/* Sets every field to its default for these parameters. */
/* Record builders: one CMBREC record of 4 words with every given field set as given (nothing checked, so a test
 * can also build malformed records). */
void mdd_cmbrec_seg(uint64_t *w, uint32_t id, uint64_t addr, uint64_t len, uint64_t crc, bool reg);
void mdd_cmbrec_open(uint64_t *w, uint32_t id, unsigned mode, bool len_valid, uint64_t len, bool crc_valid,
                     uint64_t exp);
void mdd_cmbrec_close(uint64_t *w, uint32_t id, bool crc_valid, uint64_t exp);
void mdd_cmbrec_abort(uint64_t *w, uint32_t id);

void mdd_cmbtraf_default_cfg(struct mdd_cmbtraf_cfg *cfg, const mdd_cmb_params *p);

/* One segment of a message: bytes [off, off + len) of the message, CRC of those bytes alone. */
struct mdd_cmbtraf_seg {
    uint32_t off, len;
    uint64_t crc; /* value domain */
};

/* The truth of a message. */
struct mdd_cmbtraf_msg {
    uint64_t serial;  /* 1, 2, ... */
    uint32_t id;
    unsigned mode;    /* MDD_CMB_MODE_KNOWN / _REL */
    uint64_t base;    /* address of byte 0 (0 in the known-offset mode) */
    uint32_t len;
    uint8_t *bytes;
    bool len_valid;   /* L = len given at OPEN */
    bool exp_open_valid, exp_close_valid; /* expected CRC at OPEN / at CLOSE */
    uint64_t exp_open, exp_close;
    uint64_t crc;     /* mdd_crc(alg, bytes, len) */
    struct mdd_cmbtraf_seg *segs; /* the legitimate segments in address order */
    uint32_t n_segs;
    uint32_t inj_mask;  /* bit k: an injection of kind k */
    unsigned n_benign;  /* FORMAT, ZERO_LEN, ADDR_RANGE, PAST_END, REOPEN records, placed after the OPEN and
                           before the record that ends the message when nothing goes wrong: each is refused (and
                           counted in REJECTED) while the message is open */
    bool has_close;     /* a CLOSE is sent (always without L; with L after a DUP, OVERLAP, HOLE or REOPEN) */
    bool ended;         /* every record has been emitted */
    /* for the consumer (zero at the start, never touched by the generator) */
    uint64_t user[4];
    uint8_t *seg_user;  /* n_segs bytes */
};

/* The side record of an emitted record. */
struct mdd_cmbtraf_info {
    uint64_t serial;  /* message, 0 for a standalone record (UNKNOWN_ID, ID_RANGE) */
    unsigned kind;    /* enum mdd_cmbtraf_kind */
    unsigned op;      /* the record's OP */
    uint32_t seg;     /* legitimate SEG, DUP: index in the message's segs (address order); else UINT32_MAX */
    unsigned code;    /* error code the kind implies (0 for none: legitimate records, DUP, OVERLAP) */
    bool certain;     /* the code follows from the record alone, whatever the combiner's state (FORMAT, ID_RANGE,
                         ZERO_LEN, ADDR_RANGE, UNKNOWN_ID); otherwise it applies while the message is open */
    uint64_t exp, got; /* the EXP and GOT the kind implies (when code != 0) */
    bool benign;      /* counted in the message's n_benign */
    bool last_legit;  /* the record that ends the message when nothing goes wrong (its last SEG with L, else the
                         CLOSE or ABORT) */
    bool trailing;    /* the CLOSE that follows last_legit (messages with L and a DUP, OVERLAP or REOPEN) */
};

struct mdd_cmbtraf;

/* NULL on a bad configuration or out of memory. */
struct mdd_cmbtraf *mdd_cmbtraf_new(const struct mdd_cmbtraf_cfg *cfg, uint64_t seed);
void mdd_cmbtraf_free(struct mdd_cmbtraf *t);
/* The next record (and its side record). Always true unless draining and nothing is left. */
bool mdd_cmbtraf_next(struct mdd_cmbtraf *t, uint64_t rec[MDD_CMB_REC_WORDS], struct mdd_cmbtraf_info *info);
/* Draining: no new message starts and no standalone record is made; the messages in flight run to their end. */
void mdd_cmbtraf_drain(struct mdd_cmbtraf *t);
/* The truth of message `serial` while it is in flight or among the last keep_done finished; NULL otherwise. */
struct mdd_cmbtraf_msg *mdd_cmbtraf_lookup(struct mdd_cmbtraf *t, uint64_t serial);
/* Counters: messages started, SEG records emitted (injected ones included), records emitted, injections by kind. */
uint64_t mdd_cmbtraf_messages(const struct mdd_cmbtraf *t);
uint64_t mdd_cmbtraf_segments(const struct mdd_cmbtraf *t);
uint64_t mdd_cmbtraf_records(const struct mdd_cmbtraf *t);
uint64_t mdd_cmbtraf_injected(const struct mdd_cmbtraf *t, unsigned kind);
unsigned mdd_cmbtraf_in_flight(const struct mdd_cmbtraf *t);
const char *mdd_cmbtraf_kind_name(unsigned kind);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CMBTRAF_H */

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_deptraf.h - the deposit engine's stimulus: a seeded configuration (tables, host layout), the
 * AXI4-Lite writes that program it (docs/deposit.md section 7), a stream of packets and software actions, and
 * two cycle-level drivers (s_axis_dep, s_axil) for mdd_dep_in/mdd_dep_out.
 *
 * The generator never calls the reference (model/mdd_depref.h). It keeps its own shadow of the tables (address
 * register values after the commits it intends, connection states after the failures it intends) and gives each
 * packet an intended code: OK for a valid packet, the code its kind implies for an adversarial one (certain = the
 * kind decides the code), so that a test can check the reference against what the generator meant.
 *
 * Host layout: region i lives in its own 2^38-byte slot of a 2^46-byte space (regions never overlap), rings
 * and pointer words in a separate area above; one region sits at the top of the 64-bit space (base 2^64 - 2^20),
 * one "poison" region answers every write with SLVERR (declare it with mdd_deptraf_declare()).
 */
#ifndef MDD_DEPTRAF_H
#define MDD_DEPTRAF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd_dep_model.h"
#include "mdd_hostmem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Packet kinds: VALID, then one per adversarial stimulus. */
enum mdd_deptraf_kind {
    MDD_DEPTRAF_VALID = 0,
    MDD_DEPTRAF_RANDOM_HDR,      /* every header byte random, checksum wrong: HDR_CSUM */
    MDD_DEPTRAF_RANDOM_HDR_CSUM, /* every header byte random, checksum right: any code */
    MDD_DEPTRAF_FLIP,            /* 1..5 header bits flipped: HDR_CSUM */
    MDD_DEPTRAF_FLIP_CSUM,       /* 1..5 bits of bytes 0-27 flipped, checksum recomputed: any code */
    MDD_DEPTRAF_OPCODE,
    MDD_DEPTRAF_FORMAT,
    MDD_DEPTRAF_CONN_RANGE,
    MDD_DEPTRAF_CONN_INVALID,
    MDD_DEPTRAF_CONN_ERROR,      /* connection in state ERROR: CONN_FLUSHED */
    MDD_DEPTRAF_CONN_EXC,        /* connection in EXCEPTION: CONN_EXCEPTION (or FLUSHED if checked early) */
    MDD_DEPTRAF_AREG_WINDOW,
    MDD_DEPTRAF_AREG_PROT,
    MDD_DEPTRAF_TOKEN_RANGE,
    MDD_DEPTRAF_TOKEN_INVALID,
    MDD_DEPTRAF_TOKEN_KEY,       /* stale key */
    MDD_DEPTRAF_TOKEN_PD,
    MDD_DEPTRAF_OVERFLOW,
    MDD_DEPTRAF_BOUNDS,
    MDD_DEPTRAF_RIGHTS,
    MDD_DEPTRAF_SHORT_HDR,       /* fewer than 32 bytes */
    MDD_DEPTRAF_KEEP_HDR,        /* tkeep hole in a header beat */
    MDD_DEPTRAF_SHORT,           /* late: ends inside payload or trailer */
    MDD_DEPTRAF_KEEP,            /* late: tkeep hole after the header beats */
    MDD_DEPTRAF_LONG,
    MDD_DEPTRAF_PCRC_BAD,
    MDD_DEPTRAF_UPSTREAM,
    MDD_DEPTRAF_AXI,             /* payload into the poison region: AXI_RESP */
    MDD_DEPTRAF_FLUSHED,         /* hdr_early after a late failure on its connection: FLUSHED */
    MDD_DEPTRAF_KINDS
};
const char *mdd_deptraf_kind_name(unsigned kind);

struct mdd_deptraf_cfg {
    mdd_dep_params p;
    uint32_t max_len;     /* payload 0..max_len, mostly small and mid; default 65536 */
    unsigned adv_pct;     /* % adversarial packets; default 35 */
    unsigned sw_pct;      /* % chance of a software action before a packet; default 8 */
    unsigned early_pct;   /* % of packets after a late failure on their connection sent hdr_early (FLUSHED);
                             default 0 (an engine decides that itself); transaction-level runs set it */
    unsigned rate[MDD_DEPTRAF_KINDS]; /* relative weights of the adversarial kinds; default 1 each */
    /* The bench's size sweep: every valid packet a WRITE of exactly fixed_len payload bytes into its connection's
     * main region, no PCRC, COMPL only if fixed_compl (set adv_pct = sw_pct = 0 with it). Default off. */
    bool fixed;
    uint32_t fixed_len;
    bool fixed_compl;
};
/* Defaults; NULL-safe. The generator needs CONNS >= 4, REGIONS >= 8, AREGS >= 4. */
void mdd_deptraf_default_cfg(struct mdd_deptraf_cfg *cfg, const mdd_dep_params *p);

/* An AXI4-Lite access. */
struct mdd_deptraf_reg {
    uint32_t addr, data;
};

/* Software actions between packets. */
enum mdd_deptraf_sw {
    MDD_DEPTRAF_SW_RHQ_HEAD, /* RHQ idx: head = the published producer pointer (the executor reads it) */
    MDD_DEPTRAF_SW_CQ_HEAD,  /* CQ idx: head = the CQEs software finds by their phase bits */
    MDD_DEPTRAF_SW_ARM,      /* CQ idx: CQ_ARM = arm */
    MDD_DEPTRAF_SW_REOPEN,   /* connection idx rewritten OPEN (regs given) */
};

struct mdd_deptraf_item {
    bool is_sw;
    uint64_t serial; /* packets: 1, 2, ... */
    /* packet */
    uint8_t *data;   /* valid until the next call */
    uint32_t len;
    uint64_t *keep;  /* NULL or one per beat */
    bool tuser, hdr_early;
    unsigned kind, op;
    unsigned code;     /* intended code (0 OK) */
    unsigned alt_code; /* also acceptable when the engine checks the header before or after an earlier failure
                          is known (CONN_EXCEPTION <-> FLUSHED); else = code */
    bool certain;      /* the kind decides the code */
    bool msg_seg;      /* a segment of a message of the environment's message layer (mdd_deptraf_msg_segment) */
    /* software action */
    unsigned sw, idx, arm;
    const struct mdd_deptraf_reg *regs; /* REOPEN, ARM: the writes; heads: built by mdd_deptraf_head_regs() */
    size_t nregs;
};

struct mdd_deptraf;

/* NULL on an unusable configuration or out of memory. */
struct mdd_deptraf *mdd_deptraf_new(const struct mdd_deptraf_cfg *cfg, uint64_t seed);
void mdd_deptraf_free(struct mdd_deptraf *t);
/* The register writes that program every table and ERR_CQ, in order. */
const struct mdd_deptraf_reg *mdd_deptraf_init_regs(const struct mdd_deptraf *t, size_t *n);
/* The host side: authorised set (valid regions with W, ring slots, pointer words), rings, the poison region. */
void mdd_deptraf_declare(const struct mdd_deptraf *t, struct mdd_hostmem *m);
/* The next packet or software action (storage valid until the next call). */
void mdd_deptraf_next(struct mdd_deptraf *t, struct mdd_deptraf_item *it);
/* The writes of a head doorbell: DB_IDX = idx, RHQ_HEAD or CQ_HEAD = head (2 entries into regs). */
size_t mdd_deptraf_head_regs(bool cq, unsigned idx, uint32_t head, struct mdd_deptraf_reg regs[2]);
/* Software's view of the rings, from host memory alone: the RHQ's published pointer, and the number of CQEs at
 * and after count `head` whose phase bit says they are new (the CQ's tail as software finds it). */
uint32_t mdd_deptraf_sw_rhq_tail(const struct mdd_deptraf *t, const struct mdd_hostmem *m, unsigned rhq);
uint32_t mdd_deptraf_sw_cq_tail(const struct mdd_deptraf *t, const struct mdd_hostmem *m, unsigned cq, uint32_t head);
/* Whether addr lies in the area of the rings and pointer words (RHQs, producer pointers, CQs): metadata, not
 * payload. */
bool mdd_deptraf_in_ring_area(uint64_t addr);
/* Whether addr lies in one of the RHQ rings (an entry or status word, not the pointer). */
bool mdd_deptraf_in_rhq(const struct mdd_deptraf *t, uint64_t addr);
/* Builds a header (bytes 0-31, checksum included) from fields: for tests. */
void mdd_deptraf_header(uint8_t h[32], unsigned op, unsigned flags, unsigned conn, uint32_t token, uint64_t offset,
                        unsigned areg, uint32_t length, uint32_t msg_tag);
uint64_t mdd_deptraf_count(const struct mdd_deptraf *t, unsigned kind);
/* The shadow: address register values after the commits the generator intended, connection states after the
 * failures it intended (for comparing with a reference or an engine at quiet points). */
uint64_t mdd_deptraf_areg_value(const struct mdd_deptraf *t, unsigned i);
unsigned mdd_deptraf_conn_state(const struct mdd_deptraf *t, unsigned i);
unsigned mdd_deptraf_conns_used(const struct mdd_deptraf *t);

/* ---- messages of several packets (docs/deposit.md 10): the environment cuts a message into segments and sends
 * each as a valid WRITE with flag MSEG and msg_tag = the message id, in any order ---- */
struct mdd_deptraf_msgdst {
    unsigned pd;     /* the region's protection domain: a segment may go over any OPEN connection of it */
    uint32_t token;
    uint64_t eo, ea; /* the message's first byte: offset in the region, host address */
};
/* A place for a message of len bytes in the main region of the protection domain of an OPEN connection; false
 * when there is none now. */
bool mdd_deptraf_msg_place(struct mdd_deptraf *t, uint32_t len, struct mdd_deptraf_msgdst *d);
/* Bytes [off, off + n) of the message as one packet (PCRC and COMPL at random) over an OPEN connection of d->pd
 * (the shadow's view: the intended code is OK; the reference decides); damage: a payload bit flipped under the
 * trailer (PAYLOAD_CRC) or, without a trailer, the upstream's error (UPSTREAM), and the connection fails. False
 * when no connection of d->pd is OPEN now. The item's storage is valid until the next call. */
bool mdd_deptraf_msg_segment(struct mdd_deptraf *t, const struct mdd_deptraf_msgdst *d, uint64_t off,
                             const uint8_t *bytes, uint32_t n, uint32_t id, bool damage,
                             struct mdd_deptraf_item *it);

/* ---- s_axis_dep driver ---- */
struct mdd_depstream;
struct mdd_depstream *mdd_depstream_new(unsigned w, unsigned valid_pct, uint64_t seed);
void mdd_depstream_free(struct mdd_depstream *s);
/* Queues a packet (copied). */
void mdd_depstream_push(struct mdd_depstream *s, const uint8_t *data, uint32_t len, const uint64_t *keep, bool tuser);
void mdd_depstream_drive(const struct mdd_depstream *s, mdd_dep_in *in);
void mdd_depstream_tick(struct mdd_depstream *s, const mdd_dep_in *in, const mdd_dep_out *out);
bool mdd_depstream_idle(const struct mdd_depstream *s);
uint64_t mdd_depstream_packets_sent(const struct mdd_depstream *s);

/* ---- s_axil master driver: one access at a time, AW and W presented together ---- */
struct mdd_depaxil;
struct mdd_depaxil *mdd_depaxil_new(unsigned ready_pct, uint64_t seed);
void mdd_depaxil_free(struct mdd_depaxil *a);
void mdd_depaxil_write(struct mdd_depaxil *a, uint32_t addr, uint32_t data);
void mdd_depaxil_read(struct mdd_depaxil *a, uint32_t addr);
void mdd_depaxil_drive(const struct mdd_depaxil *a, mdd_dep_in *in);
void mdd_depaxil_tick(struct mdd_depaxil *a, const mdd_dep_in *in, const mdd_dep_out *out);
bool mdd_depaxil_idle(const struct mdd_depaxil *a);
/* Completed reads in order: true and the values while any. bresp of writes: count of non-OKAY. */
bool mdd_depaxil_pop_read(struct mdd_depaxil *a, uint32_t *addr, uint32_t *data, uint32_t *resp);
uint64_t mdd_depaxil_bad_bresp(const struct mdd_depaxil *a);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEPTRAF_H */

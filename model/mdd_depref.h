/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depref.h - the reference deposit engine: docs/deposit.md executed one packet at a time, written
 * from the contract alone (no cycle, no pipeline), the transaction-level oracle of rtl/mdd_dep.v and its twin.
 *
 * State = what software writes through the register block (section 7): the five tables, ERR_CQ, the doorbells
 * (ring heads, arming), plus what the engine keeps (ring tails, connection states, counters). Register writes go
 * in through mdd_depref_reg_write() with the same map as the engine, so a test programs both the same way.
 *
 * Input = one packet as it arrived (byte positions, optional per-beat tkeep, the tuser of the tlast beat) and the
 * host's facts: which host bytes answer writes with an error response (a "poison" callback) and the ring heads
 * (doorbells). Output = the complete expected effect (struct mdd_depref_res): the payload placed, the RHQ entry
 * image and its final status word, the producer pointer, the CQE image (or none) and its CQ, the event, the
 * register commits and connection-state change, all with addresses; the counters are updated in the state.
 *
 * Full rings are back-pressure, not errors: the result's rhq_wait / cq_wait say that the slot is not free under
 * the heads known now (the engine waits there until software advances the head); slot numbers and images do not
 * depend on when the wait ends, so the prediction is complete at once.
 *
 * One timing fact the contract leaves to the implementation is an input: whether a packet's header was checked
 * while an earlier packet of its connection was still open and then failed late (pkt->hdr_early). Then the packet
 * sees the connection OPEN, is placed, and ends FLUSHED (section 5); otherwise it sees EXCEPTION.
 *
 * Readings of points docs/deposit.md leaves open are listed in model/mdd_depref.c ("Readings").
 */
#ifndef MDD_DEPREF_H
#define MDD_DEPREF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd/regs.h"
#include "mdd_dep_model.h" /* mdd_dep_params */

#ifdef __cplusplus
extern "C" {
#endif

/* Register offsets of docs/deposit.md section 7, from the one register description (include/mdd/regs.h, D-018). */
enum {
    MDD_DEPREG_ID = MDD_DEP_ID,
    MDD_DEPREG_STATUS = MDD_DEP_STATUS,
    MDD_DEPREG_ERR_CQ = MDD_DEP_ERR_CQ,
    MDD_DEPREG_TBL_SEL = MDD_DEP_TBL_SEL,
    MDD_DEPREG_TBL_IDX = MDD_DEP_TBL_IDX,
    MDD_DEPREG_TBL_CMD = MDD_DEP_TBL_CMD,
    MDD_DEPREG_TBL_DATA0 = MDD_DEP_TBL_DATA(0),
    MDD_DEPREG_DB_IDX = MDD_DEP_DB_IDX,
    MDD_DEPREG_RHQ_HEAD = MDD_DEP_RHQ_HEAD,
    MDD_DEPREG_CQ_HEAD = MDD_DEP_CQ_HEAD,
    MDD_DEPREG_CQ_ARM = MDD_DEP_CQ_ARM,
    MDD_DEPREG_PKTS = MDD_DEP_PKTS,
    MDD_DEPREG_PKTS_OK = MDD_DEP_PKTS_OK,
    MDD_DEPREG_PKTS_ERR = MDD_DEP_PKTS_ERR,
    MDD_DEPREG_CQES = MDD_DEP_CQES,
    MDD_DEPREG_EVENTS = MDD_DEP_EVENTS,
    MDD_DEPREG_BYTES_LO = MDD_DEP_BYTES_LO,
    MDD_DEPREG_BYTES_HI = MDD_DEP_BYTES_HI,
    MDD_DEPREG_ERR_COUNT = MDD_DEP_ERR_COUNT(0), /* + 4 x code */
    MDD_DEPREG_ID_VALUE = MDD_DEP_ID_RESET,
    MDD_DEPREG_CMD_WRITE = 1,
    MDD_DEPREG_CMD_READ = 2,
};

/* Defaults of section 3 and 8 for a bus of w bytes (the twin's mdd_dep_default_params, written here again so
 * that the reference does not link against the twin). */
mdd_dep_params mdd_depref_default_params(unsigned w);
/* true when the RTL accepts these parameters (mdd_dep_params comments). */
bool mdd_depref_params_ok(const mdd_dep_params *p);

/* One packet as it arrived on s_axis_dep. data[k] is byte position k = lane k mod W of beat k div W. len counts
 * positions through the last kept lane of the tlast beat. keep: NULL for a well-formed packet (every beat full,
 * the last one contiguous from lane 0), else one tkeep per beat (ceil(len / W) beats, or one more for an empty
 * tlast beat; a hole is a 0 bit below the last kept lane; the bytes under a hole are in data all the same, as the
 * driver sends them, and the reference ignores them). */
struct mdd_deppkt {
    const uint8_t *data;
    uint32_t len;
    const uint64_t *keep;
    bool tuser;     /* tuser on the tlast beat */
    bool hdr_early; /* see the file comment; ignored unless the connection is EXCEPTION through a late failure */
};

/* Answer of the host to a write of bytes [addr, addr + len): 0 (OKAY) or the BRESP it gets (2 SLVERR, 3 DECERR). */
typedef unsigned (*mdd_depref_poison_fn)(void *ctx, uint64_t addr, uint64_t len);

/* A small host write predicted by the reference: RHQ entry, status word, pointer, CQE. */
struct mdd_depref_wr {
    uint64_t addr;
    uint32_t len;
    uint8_t data[32];
};

struct mdd_depref_res {
    unsigned code;       /* 0 or DEP_ERR_* */
    bool hdr_fail;       /* failed a check of section 5's table: writes nothing but the error CQE */
    unsigned field;      /* error CQE field (header byte, lane for KEEP, DEP_FIELD_NONE) */
    uint64_t expected, found;
    /* header fields as received (absent bytes of a short header read as 0) */
    uint8_t opcode, flags;
    uint16_t conn;
    uint32_t token, length, msg_tag;
    uint16_t areg;
    uint64_t offset;
    /* RHQ (has_entry: the packet passed its header checks) */
    bool has_entry;
    unsigned rhq;
    uint32_t rhq_count;  /* free-running count of the entry (slot = count mod 2^log2n) */
    bool rhq_wait;       /* the slot is not free under the head known now */
    struct mdd_depref_wr entry;  /* 32 bytes, status 0 */
    struct mdd_depref_wr status; /* 4 bytes at entry + 28: DONE | code << 8 */
    struct mdd_depref_wr ptr;    /* 4 bytes: rhq_count + 1 */
    /* payload: byte j goes to ea + j; payload and keep point into the packet */
    bool is_write;
    uint64_t ea;
    const uint8_t *payload;
    const uint64_t *keep; /* the packet's tkeep per beat (NULL: no hole) */
    unsigned w;
    uint32_t place;      /* payload bytes [0, place) arrived; those whose tkeep bit is set are placed (unless the
                            host drops them: poison), the others are not written: mdd_depref_placed() */
    uint32_t placed;     /* how many are placed (the BYTES counter's share) */
    /* deferred commit (success only) */
    bool commit;
    unsigned areg_idx;   /* absolute address register */
    uint64_t areg_old, areg_new;
    bool conn_to_exception; /* this packet moved its connection OPEN -> EXCEPTION */
    /* completion */
    bool has_cqe;
    unsigned cq;
    uint32_t cq_count;   /* free-running count of the CQE */
    bool cq_wait;        /* the slot is not free under the head known now */
    struct mdd_depref_wr cqe;
    bool solicited;
    bool event;
    uint32_t evt_tdata;  /* {cq[15:0], evt_id[15:0]} */
    bool axi_err;        /* a write of the packet touches a host error range (STATUS.axi_err) */
    /* message segment (flag MSEG, ended OK, length > 0): the SEG record on m_axis_seg, after the pointer */
    bool has_seg;
    uint64_t seg[4];     /* CMBREC words: ID = msg_tag, ADDR = ea, SEG_LEN = length, CRC = CRC-32C of the payload */
};

/* Table contents as the reference holds them (for tests and the scoreboard). */
struct mdd_depref_conn {
    unsigned state, pd, rhq, cq, reply, areg_base, areg_len;
    bool exc_late; /* EXCEPTION through a late failure since software last wrote the entry */
};
struct mdd_depref_region {
    bool valid, w;
    unsigned key, pd;
    uint64_t base, len;
};
struct mdd_depref_areg {
    uint64_t value;
    unsigned prot;
};
struct mdd_depref_ring {
    uint64_t base, ptr_addr; /* ptr_addr: RHQ only */
    unsigned log2n, evt_id, arm; /* evt_id, arm: CQ only */
    bool created; /* CQ only: written by software since reset */
    uint32_t tail, head;
};

struct mdd_depref_counters {
    uint32_t pkts, pkts_ok, pkts_err, cqes, events;
    uint64_t bytes;
    uint32_t err_count[64];
};

struct mdd_depref;

/* NULL on parameters the RTL would reject or out of memory. The state is the one after reset: every table entry
 * zero (no valid region, every connection INVALID), no ring armed, counters 0, ERR_CQ 0. */
struct mdd_depref *mdd_depref_new(const mdd_dep_params *p);
void mdd_depref_free(struct mdd_depref *r);
/* The engine's reset: connections INVALID, regions not valid, rings empty and disarmed, CQs not created, ERR_CQ and
 * the table/doorbell selectors 0, counters 0; the other table fields and TBL_DATA keep their values. */
void mdd_depref_reset(struct mdd_depref *r);
/* A deep copy (the scoreboard explores the two outcomes of an early-checked header). */
struct mdd_depref *mdd_depref_clone(const struct mdd_depref *r);
const mdd_dep_params *mdd_depref_params(const struct mdd_depref *r);
void mdd_depref_set_poison(struct mdd_depref *r, mdd_depref_poison_fn fn, void *ctx);
/* A FLUSHED packet with its own late error: its own error is reported (docs/deposit.md 9.6; the default, false);
 * true: FLUSHED wins (kept for the reference's own tests of that alternative). */
void mdd_depref_set_flushed_first(struct mdd_depref *r, bool flushed_first);

/* An AXI4-Lite write (32-bit data, full strobes). Returns true when it sends an event at once (ARM_ANY with
 * unread entries), then *evt_tdata is the event's tdata. Unknown offsets are ignored. */
bool mdd_depref_reg_write(struct mdd_depref *r, uint32_t addr, uint32_t data, uint32_t *evt_tdata);
/* An AXI4-Lite read: true and *data when the value is predicted (ID, ERR_CQ, TBL_*, DB_IDX, counters); STATUS and
 * write-only offsets return false. */
bool mdd_depref_reg_read(const struct mdd_depref *r, uint32_t addr, uint32_t *data);

/* One packet: its whole effect in *res, applied to the state. */
void mdd_depref_packet(struct mdd_depref *r, const struct mdd_deppkt *pkt, struct mdd_depref_res *res);
/* Whether payload byte j of res is written (j < place and its tkeep bit set). */
bool mdd_depref_placed(const struct mdd_depref_res *res, uint32_t j);
/* Whether pkt's connection is EXCEPTION through a late failure, so that hdr_early changes the outcome. */
bool mdd_depref_flush_possible(const struct mdd_depref *r, const struct mdd_deppkt *pkt);

/* The table entry image software would read back (TBL_CMD 2): 4 words of DEPCONN/DEPREGION/... */
bool mdd_depref_table_image(const struct mdd_depref *r, unsigned sel, unsigned idx, uint64_t words[4]);
/* The 256-bit table images of docs/deposit.md section 3 (TBL_DATA0..7), for the reference's read-back and for
 * the generator's table writes: the one encoder of the table formats on the C side. */
void mdd_depref_conn_image(const struct mdd_depref_conn *c, uint64_t w[4]);
void mdd_depref_region_image(const struct mdd_depref_region *g, uint64_t w[4]);
void mdd_depref_areg_image(const struct mdd_depref_areg *a, uint64_t w[4]);
void mdd_depref_rhq_image(const struct mdd_depref_ring *q, uint64_t w[4]);
void mdd_depref_cq_image(const struct mdd_depref_ring *q, uint64_t w[4]);
const struct mdd_depref_conn *mdd_depref_conn(const struct mdd_depref *r, unsigned i);
const struct mdd_depref_region *mdd_depref_region(const struct mdd_depref *r, unsigned i);
const struct mdd_depref_areg *mdd_depref_areg(const struct mdd_depref *r, unsigned i);
const struct mdd_depref_ring *mdd_depref_rhq(const struct mdd_depref *r, unsigned i);
const struct mdd_depref_ring *mdd_depref_cq(const struct mdd_depref *r, unsigned i);
const struct mdd_depref_counters *mdd_depref_counters(const struct mdd_depref *r);
unsigned mdd_depref_err_cq(const struct mdd_depref *r);

/* Name of an error code ("OK", "HDR_CSUM" ...), "?" if unknown; name of an opcode, "?" if unknown. */
const char *mdd_depref_code_name(unsigned code);
const char *mdd_depref_op_name(unsigned op);
/* Whether op is one of the 10 opcodes; whether it writes a payload (0x01..0x05). */
bool mdd_depref_op_known(unsigned op);
bool mdd_depref_op_is_write(unsigned op);

/* Byte helpers shared by the generator and tests (wire: big-endian; host: little-endian). */
static inline uint64_t mdd_dep_be(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}
static inline void mdd_dep_put_be(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = n; i-- > 0; v >>= 8)
        p[i] = (uint8_t)v;
}
static inline uint64_t mdd_dep_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}
static inline void mdd_dep_put_le(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEPREF_H */

/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_hostmem.h - the host side of the deposit engine's tests (docs/deposit.md sections 6 and 8):
 *
 *  (a) a sparse byte-addressed memory that records every write (address, strobed bytes, the cycle its AW was
 *      accepted, the cycle of its last W, the cycle its B was sent, the response) in a log the consumer releases;
 *  (b) a cycle-driven AXI4 write slave for mdd_dep_out/mdd_dep_in: seeded random awready/wready stalls and B
 *      delays, B in issue order, SLVERR (or the range's response) for a burst that strobes a "poisoned" byte
 *      (whose data is then not stored); it checks the master's AXI4 protocol: awsize = log2 W, INCR, awaddr
 *      aligned to W, awid 0, a burst inside one BURST_BYTES block (so inside 4 KiB), W beats = awlen + 1 with
 *      wlast on the last only, wstrb inside the bus, valid and payload held stable until ready, at most
 *      MAX_OUTSTANDING bursts without B;
 *  (c) an independent safety checker: every strobed byte must lie in the authorised set the test declares
 *      (valid regions with W, RHQ slots, RHQ pointer words, CQ slots); it knows nothing of the reference;
 *  (d) ordering checks of section 6.4: from addresses alone (declared rings), a status word is issued after the
 *      B of every write of its slot's entry, a producer pointer after the B of the status word of the entry it
 *      publishes; and per packet, given writes the caller attributes to steps (struct mdd_hostmem_order), every
 *      step issued after every B of the step before.
 *
 * Failures go to a callback (what, message) and are counted.
 */
#ifndef MDD_HOSTMEM_H
#define MDD_HOSTMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd_dep_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*mdd_hostmem_fail_fn)(void *ctx, const char *what, const char *msg);

struct mdd_hostmem_cfg {
    unsigned w;               /* bytes per beat */
    unsigned burst_bytes;     /* BURST_BYTES */
    unsigned max_outstanding; /* MAX_OUTSTANDING */
    unsigned awready_pct;     /* % of cycles awready is high (100: always) */
    unsigned wready_pct;      /* % of cycles wready is high while a burst awaits data */
    unsigned bready_delay_max;/* B comes 0..this many cycles after the last W beat (uniform) */
    unsigned bvalid_pct;      /* % of cycles a due B is presented */
    uint64_t seed;
};
void mdd_hostmem_default_cfg(struct mdd_hostmem_cfg *cfg, const mdd_dep_params *p);

/* One recorded write: a burst of the AXI slave, or one mdd_hostmem_write() call. */
struct mdd_hostmem_wr {
    uint64_t seq;          /* 0, 1, ... in AW order */
    uint64_t awaddr;       /* aligned to W for bursts; the address for direct writes */
    uint32_t nbytes;       /* byte positions from awaddr: (awlen + 1) W, or the direct length */
    uint8_t *data;         /* nbytes */
    uint8_t *strb;         /* nbytes flags: 1 = strobed */
    unsigned awlen, beats; /* beats received so far */
    uint64_t aw_cycle, wlast_cycle, b_cycle;
    unsigned bresp;
    bool w_done, b_done;
};

struct mdd_hostmem;

struct mdd_hostmem *mdd_hostmem_new(const struct mdd_hostmem_cfg *cfg, mdd_hostmem_fail_fn fail, void *fail_ctx);
void mdd_hostmem_free(struct mdd_hostmem *m);

/* ---- (a) memory ---- */
/* A host error range: writes strobing a byte in [addr, addr + len) get `resp` (2 SLVERR, 3 DECERR). */
void mdd_hostmem_poison(struct mdd_hostmem *m, uint64_t addr, uint64_t len, unsigned resp);
/* The response a write strobing bytes [addr, addr + len) gets: 0 or the first poisoned range's (signature of
 * mdd_depref_poison_fn: ctx is the mdd_hostmem). */
unsigned mdd_hostmem_poison_resp(void *m, uint64_t addr, uint64_t len);
/* Reads n bytes (never-written bytes read as 0); returns how many of them were ever written. */
size_t mdd_hostmem_read(const struct mdd_hostmem *m, uint64_t addr, void *buf, size_t n);
/* A write outside the AXI slave (an "ideal memory": the transaction-level tests), recorded like a burst with
 * AW, W and B at `cycle`; the safety checker sees it, poisoned bytes are not stored. Returns the response. */
unsigned mdd_hostmem_write(struct mdd_hostmem *m, uint64_t addr, const void *data, size_t n, uint64_t cycle);
/* Do not keep a log (long transaction-level runs); default: keep. */
void mdd_hostmem_set_logging(struct mdd_hostmem *m, bool on);
/* The log: records seq in [first, end) are readable until released. */
uint64_t mdd_hostmem_log_first(const struct mdd_hostmem *m);
uint64_t mdd_hostmem_log_end(const struct mdd_hostmem *m);
const struct mdd_hostmem_wr *mdd_hostmem_log_get(const struct mdd_hostmem *m, uint64_t seq);
/* Frees records below seq (only those whose B was sent). */
void mdd_hostmem_log_release(struct mdd_hostmem *m, uint64_t seq);

/* ---- (b) AXI4 write slave ---- */
/* Drives awready, wready, bvalid, bid, bresp into in (from the slave's state only: no path from out). */
void mdd_hostmem_axi_drive(const struct mdd_hostmem *m, mdd_dep_in *in);
/* The clock edge: handshakes of this cycle (in as driven, out from the device), protocol checks, next stalls. */
void mdd_hostmem_axi_tick(struct mdd_hostmem *m, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle);
/* No burst open, no B pending. */
bool mdd_hostmem_axi_idle(const struct mdd_hostmem *m);
uint64_t mdd_hostmem_bursts(const struct mdd_hostmem *m);

/* ---- (c) safety ---- */
void mdd_hostmem_auth_clear(struct mdd_hostmem *m);
void mdd_hostmem_auth_add(struct mdd_hostmem *m, uint64_t addr, uint64_t len);
/* Rings, for (c) and (d): adds the slots (and the pointer word) to the authorised set. */
void mdd_hostmem_declare_rhq(struct mdd_hostmem *m, unsigned idx, uint64_t base, unsigned log2n, uint64_t ptr_addr);
void mdd_hostmem_declare_cq(struct mdd_hostmem *m, unsigned idx, uint64_t base, unsigned log2n);
uint64_t mdd_hostmem_violations(const struct mdd_hostmem *m);

/* ---- (d) ordering of one packet's steps ---- */
enum {
    MDD_HM_STEP_BODY,
    MDD_HM_STEP_STATUS,
    MDD_HM_STEP_PTR,
    MDD_HM_STEP_SEG, /* the SEG record to the combiner (a stream handshake, like the event) */
    MDD_HM_STEP_CQE,
    MDD_HM_STEP_EVENT,
    MDD_HM_STEPS
};
struct mdd_hostmem_order {
    bool any[MDD_HM_STEPS];
    uint64_t aw_min[MDD_HM_STEPS], b_max[MDD_HM_STEPS];
};
/* A write (or, for MDD_HM_STEP_SEG and MDD_HM_STEP_EVENT, the stream handshake: aw_cycle = b_cycle = its cycle) of
 * one step. */
void mdd_hostmem_order_add(struct mdd_hostmem_order *o, unsigned step, uint64_t aw_cycle, uint64_t b_cycle);
/* Every present step's first issue is after the last B of the present step before it (section 6.4). Returns
 * true when in order; else a message in msg. */
bool mdd_hostmem_order_check(const struct mdd_hostmem_order *o, char *msg, size_t n);
const char *mdd_hostmem_step_name(unsigned step);

/* Failures reported so far (protocol, safety, ordering). */
uint64_t mdd_hostmem_failures(const struct mdd_hostmem *m);

#ifdef __cplusplus
}
#endif

#endif /* MDD_HOSTMEM_H */

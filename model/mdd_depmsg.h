/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depmsg.h - the message layer of the deposit test environment (docs/deposit.md section 10): messages
 * cut into segments that arrive as deposit packets in any order, their CRC merged by the combiner of
 * rtl/mdd_dep_msg.v, and the checks of the combiner's results.
 *
 * Software side: a message of random bytes gets a place in a region (model/mdd_deptraf.h), an OPEN record on
 * s_axis_cmb (relative target-address mode, its length, the expected CRC-32C of its bytes from the CRC library:
 * the truth; a few messages on purpose with a wrong one), and only after that OPEN was accepted are its segments
 * sent, in random order, each as a WRITE with flag MSEG over any OPEN connection of the region's protection
 * domain; a few are damaged on the way (payload CRC or upstream error). A segment whose packet does not end OK
 * (damaged, its connection failed) is sent again later, as a sender retransmits; a few messages are ABORTed half sent; at the end of a run every open message is
 * ABORTed.
 *
 * Checks: the reference combiner (model/mdd_cmbref.h) takes every record in the order the combiner takes them
 * (software records at their s_axis_cmb handshake, SEG records at the engine's internal SEG handshake) and
 * predicts every result and error record, all eight words, compared in order with m_axis_cmb_res; and every
 * result of a message of ours is checked against the truth: OK with the CRC of its bytes, MATCH, [LO, EOM) = its
 * place, BYTES = its length; MISMATCH only with a wrong expected CRC; ABORTED only when we aborted it; never
 * INCOMPLETE or OVERLAP, never an error for one of our OPENs.
 */
#ifndef MDD_DEPMSG_H
#define MDD_DEPMSG_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_cmb_model.h"
#include "mdd_depref.h"
#include "mdd_deptraf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mdd_depmsg_cfg {
    mdd_cmb_params cmb;      /* the combiner's parameters (mdd_dep_msg_cmb_params) */
    uint64_t seed;
    unsigned new_pct;        /* % chance per packet slot to start a message while fewer than max_open are open */
    unsigned seg_pct;        /* % of the packet slots that carry a segment while one waits */
    unsigned max_open;       /* messages open at once (below the combiner's MSGS) */
    uint32_t max_len;        /* message length 1..max_len */
    unsigned max_segs;       /* segments per message 1..max_segs (at most 64) */
    unsigned abort_pct;      /* % of messages ABORTed before all their segments are sent */
    unsigned wrong_pct;      /* % of messages OPENed with a wrong expected CRC */
    unsigned damage_pct;     /* % of segment packets damaged on the way (a late failure: sent again later) */
    unsigned cmb_valid_pct;  /* s_axis_cmb_tvalid while a record waits */
    unsigned res_ready_pct;  /* m_axis_cmb_res_tready */
};
void mdd_depmsg_default_cfg(struct mdd_depmsg_cfg *cfg, const mdd_cmb_params *cmb, uint64_t seed);

typedef void (*mdd_depmsg_fail_fn)(void *ctx, const char *what, const char *msg);

struct mdd_depmsg;
struct mdd_depmsg *mdd_depmsg_new(const struct mdd_depmsg_cfg *cfg, mdd_depmsg_fail_fn fail, void *ctx);
void mdd_depmsg_free(struct mdd_depmsg *m);
/* The device was reset: messages, records and predictions in flight are gone, the reference combiner is reset. */
void mdd_depmsg_reset(struct mdd_depmsg *m);

/* The environment's next packet slot: true and a segment packet in *it (from the generator t), or false. */
bool mdd_depmsg_next(struct mdd_depmsg *m, struct mdd_deptraf *t, struct mdd_deptraf_item *it);
/* Every packet's prediction, in packet order (mdd_depscore_set_predict_hook). */
void mdd_depmsg_predicted(struct mdd_depmsg *m, const struct mdd_depref_res *r);

/* Per cycle: the combiner's record input and result ready; then, before the clock edge, what happened: the
 * engine's SEG handshake (seg_fire, seg: the record), the s_axis_cmb handshake, the result on m_axis_cmb_res.
 * dep_quiet: the engine has nothing in flight (the end of a run may abort the open messages). */
void mdd_depmsg_drive(struct mdd_depmsg *m, uint64_t s_tdata[MDD_CMB_REC_WORDS], bool *s_tvalid, bool *res_tready);
void mdd_depmsg_tick(struct mdd_depmsg *m, bool seg_fire, const uint64_t seg[MDD_CMB_REC_WORDS],
                     const uint64_t s_tdata[MDD_CMB_REC_WORDS], bool s_tvalid, bool s_tready,
                     const uint64_t res[MDD_CMB_RES_WORDS], bool res_tvalid, bool res_tready, bool dep_quiet,
                     uint64_t cycle);
/* No new message or segment from now on; open messages are aborted once the engine is quiet. */
void mdd_depmsg_stop(struct mdd_depmsg *m);
/* Every record sent, every predicted output delivered, every message ended. */
bool mdd_depmsg_drained(const struct mdd_depmsg *m);
/* End of run: nothing pending, the reference's self-check clean. */
void mdd_depmsg_finish(struct mdd_depmsg *m);

struct mdd_depmsg_stats {
    uint64_t opened, ok, mismatch, aborted, lost_to_reset; /* messages */
    uint64_t segs_sent, segs_resent, segs_done;            /* segment packets */
    uint64_t records, outputs, errors;                     /* into the combiner; out of it; error records */
    uint64_t bytes_ok;                                     /* bytes of messages that ended OK */
    uint64_t passed, failed;
};
void mdd_depmsg_get_stats(const struct mdd_depmsg *m, struct mdd_depmsg_stats *st);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEPMSG_H */

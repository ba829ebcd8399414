/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_depscore.h - the deposit engine's scoreboard: any mdd_dep implementation (the twin, the RTL through
 * a lockstep harness, a fake engine in a unit test) driven cycle by cycle is checked against the reference
 * (model/mdd_depref.h) from its ports alone.
 *
 * Call mdd_depscore_cycle() once per cycle with the cycle's mdd_dep_in (as driven) and mdd_dep_out (from the
 * device), after mdd_hostmem_axi_tick() of the same cycle. The scoreboard snoops:
 *  - s_axis_dep handshakes: it rebuilds each packet (bytes, tkeep, tuser) and, at tlast, runs the reference;
 *  - s_axil write handshakes (AW and W, in any order): applied to the reference as they complete, so tables,
 *    heads and arming follow software exactly (ARM_ANY with unread entries predicts an event at once); s_axil
 *    reads are compared with the reference when it predicts the value and the engine is quiet (nothing pending);
 *  - the host memory's write log (finished writes with their B): every strobed byte is attributed to the oldest
 *    pending prediction covering it (RHQ entry, payload, status word, pointer, CQE, in packet order) and
 *    compared; a byte no prediction covers is an error once no packet is half received; per packet the order of
 *    section 6.4 is checked with mdd_hostmem_order; a slot written before software freed it is an error;
 *  - m_axis_evt handshakes: compared in order with the predicted events, each after the B of its CQE;
 *  - m_axis_seg handshakes: compared in order with the predicted SEG records (docs/deposit.md 10), each after the
 *    B of its packet's pointer and before its CQE.
 *
 * Timing-dependent FLUSHED: when a packet's connection is EXCEPTION through a late failure, the engine may have
 * checked the header before that failure was known (FLUSHED, placed) or after (CONN_EXCEPTION, error CQE only).
 * The scoreboard predicts both (two reference copies) and keeps the one the first matching write confirms.
 *
 * Table writes and arming must happen while the engine is quiet (mdd_depscore_quiet()); head doorbells at any time.
 */
#ifndef MDD_DEPSCORE_H
#define MDD_DEPSCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_dep_model.h"
#include "mdd_depref.h"
#include "mdd_hostmem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*mdd_depscore_fail_fn)(void *ctx, const char *what, const char *msg);

struct mdd_depscore;

/* NULL on bad parameters. hm stays the caller's (its poison ranges feed the reference). */
struct mdd_depscore *mdd_depscore_new(const mdd_dep_params *p, struct mdd_hostmem *hm, mdd_depscore_fail_fn fail,
                                      void *fail_ctx);
void mdd_depscore_free(struct mdd_depscore *s);
/* A new scoreboard (new host memory) for an engine that was reset after running with prev's tables: the
 * reference becomes prev after the engine's reset (table fields the reset does not clear stay). */
void mdd_depscore_carry(struct mdd_depscore *s, const struct mdd_depref *prev);
/* One cycle: in as driven, out from the device (see the file comment). */
void mdd_depscore_cycle(struct mdd_depscore *s, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle);
/* Nothing predicted is still missing and no packet is half received. */
bool mdd_depscore_quiet(const struct mdd_depscore *s);
/* At the end of a run only: the packet half received at the engine's input is still being sent by its source
 * (e.g. a routed RX transfer whose bytes are still entering the core): quiet() and finish() do not count it. */
void mdd_depscore_set_input_open(struct mdd_depscore *s, bool open);
/* End of run: every prediction must have been observed. */
void mdd_depscore_finish(struct mdd_depscore *s);
/* Called with every packet's prediction as it is made (in packet order; a FLUSHED ambiguity's when it is
 * resolved): e.g. for a message layer that must know which segments reached the combiner. */
typedef void (*mdd_depscore_predict_fn)(void *ctx, const struct mdd_depref_res *r);
void mdd_depscore_set_predict_hook(struct mdd_depscore *s, mdd_depscore_predict_fn fn, void *ctx);
/* The reference as the scoreboard runs it (tables, counters, rings: e.g. for software's heads). */
const struct mdd_depref *mdd_depscore_ref(const struct mdd_depscore *s);

struct mdd_depscore_stats {
    uint64_t packets, retired, codes[64], hdr_fail, bytes_checked, writes, events, reads_checked, reads_skipped, ambiguous,
        flushed_taken, segs_predicted, segs;
};
const struct mdd_depscore_stats *mdd_depscore_get_stats(const struct mdd_depscore *s);
uint64_t mdd_depscore_passed(const struct mdd_depscore *s);
uint64_t mdd_depscore_failed(const struct mdd_depscore *s);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEPSCORE_H */

/* SPDX-License-Identifier: MIT */
/*
 * The combiner's scoreboard: the reference combiner (model/mdd_cmbref.h) predicts the output of every record
 * a device under test accepts, the prediction is compared with what the device delivers, and every delivered
 * output is checked against the truth of the stimulus generator (model/mdd_cmbtraf.h): message CRCs against
 * mdd_crc() of the bytes (and an optional second oracle, zlib's crc32_combine for CRC-32 in the tests), the
 * status against the injections the generator made, error codes against the codes their kinds imply.
 *
 * Used by tb/unit/test_cmb.c (the reference alone, and the twin) and tb/lockstep/cmb_main.cpp (the twin and the
 * RTL), so that the checks are written once. The truth rules are those of tb/unit/test_cmb.c's header.
 */
#ifndef MDD_CMBSCORE_H
#define MDD_CMBSCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mdd_cmb_model.h"
#include "mdd_cmbtraf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A failed check: what (a short class name) and a message. */
typedef void (*mdd_cmbscore_fail_fn)(void *ctx, const char *what, const char *msg);
/* A second CRC oracle over message bytes [lo, hi) (offsets in the message): true and *crc when it applies. */
typedef bool (*mdd_cmbscore_oracle_fn)(const struct mdd_cmbtraf_msg *m, uint64_t lo, uint64_t hi, uint64_t *crc);

struct mdd_cmbscore;

/* NULL on bad parameters or out of memory. The generator t stays the caller's. */
struct mdd_cmbscore *mdd_cmbscore_new(const mdd_cmb_params *p, struct mdd_cmbtraf *t, mdd_cmbscore_fail_fn fail,
                                      void *fail_ctx);
void mdd_cmbscore_free(struct mdd_cmbscore *s);
void mdd_cmbscore_set_oracle(struct mdd_cmbscore *s, mdd_cmbscore_oracle_fn oracle, const char *name);
/* Outputs must come exactly `latency` cycles after their record's input (0: not checked; for runs without
 * output stalls). */
void mdd_cmbscore_set_latency(struct mdd_cmbscore *s, unsigned latency);

/* A record entered the device at `cycle` (input handshake): the reference predicts its output, if any.
 * Returns true when an output is predicted (then *pred, if not NULL, receives it). */
bool mdd_cmbscore_input(struct mdd_cmbscore *s, const uint64_t rec[MDD_CMB_REC_WORDS],
                        const struct mdd_cmbtraf_info *info, uint64_t cycle, uint64_t *pred);
/* The device delivered an output at `cycle`: compared with the oldest prediction (compare = false: only the
 * truth checks, for a device that is the reference itself), then checked against the truth. */
void mdd_cmbscore_output(struct mdd_cmbscore *s, const uint64_t out[MDD_CMB_RES_WORDS], uint64_t cycle, bool compare);
/* The device was reset: predictions not yet delivered are dropped, the reference is reset. */
void mdd_cmbscore_reset(struct mdd_cmbscore *s);
/* Predictions not yet delivered. */
size_t mdd_cmbscore_pending(const struct mdd_cmbscore *s);
/* At the end of a drained run (every message of the generator ended, every prediction delivered): nothing is
 * open, every accepted OPEN had one result (or was cut by a reset), the reference's self-check is clean. */
void mdd_cmbscore_finish(struct mdd_cmbscore *s);

/* Checks passed / failed so far. */
uint64_t mdd_cmbscore_passed(const struct mdd_cmbscore *s);
uint64_t mdd_cmbscore_failed(const struct mdd_cmbscore *s);

struct mdd_cmbscore_stats {
    uint64_t outputs[2][16];                      /* delivered, by ERROR and CODE */
    uint64_t kind_code[MDD_CMBTRAF_K_COUNT][16];  /* error codes delivered for each injected kind */
    uint64_t complete, whole, oracle, oracle_skip, well_behaved; /* truth checks done */
    uint64_t accepted_opens, results, cut_by_reset, dropped;
    uint64_t lat_min, lat_max;                    /* input to output of results ended by a SEG, in cycles */
};
const struct mdd_cmbscore_stats *mdd_cmbscore_get_stats(const struct mdd_cmbscore *s);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CMBSCORE_H */

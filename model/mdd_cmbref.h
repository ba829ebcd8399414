/* SPDX-License-Identifier: MIT */
/*
 * The reference combiner: docs/cmb.md executed one record at a time, written for clarity, not speed.
 *
 * It is the transaction-level oracle of rtl/mdd_cmb.v and its twin (model/mdd_cmb_model.c) and shares no code
 * or state layout with them: per open message it keeps the LIST of accepted segments (start, end, value CRC)
 * instead of a normalised accumulator and a fingerprint; ids are found by a plain search of the contexts. At
 * the end of a message it sorts the list to decide whether the segments tile the message exactly, and computes
 * the CRC as the XOR over the segments of mdd_crc_shift(v_i, eom - end_i) (a forward shift to the end, where
 * the twin unshifts to address 0 and multiplies back). For an exact tiling it also chains mdd_crc_combine over
 * the segments in address order and counts any disagreement (mdd_cmbref_selfcheck_failures).
 *
 * Every field of every output record is predicted (all 8 words of CMBRES). Field positions and codes come
 * from include/mdd/formats.h only; CRC math from include/mdd/crc.h only.
 *
 * Decisions docs/cmb.md leaves open (see model/mdd_cmbref.c, "Readings"): MATCH is CRC_VALID && CRC == expected
 * for every result, COMPLETE or not; an error record names an open message only by its full 32-bit ID.
 */
#ifndef MDD_CMBREF_H
#define MDD_CMBREF_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_cmb_model.h" /* mdd_cmb_params, MDD_CMB_REC_WORDS, MDD_CMB_RES_WORDS */

#ifdef __cplusplus
extern "C" {
#endif

struct mdd_cmbref;

/* NULL on parameters the RTL would reject (docs/cmb.md section 1) or out of memory. */
struct mdd_cmbref *mdd_cmbref_new(const mdd_cmb_params *p);
void mdd_cmbref_free(struct mdd_cmbref *r);
/* The RTL's reset: every message closed, no result. */
void mdd_cmbref_reset(struct mdd_cmbref *r);
/* One input record (4 words, CMBREC). Returns true when the record gives an output (8 words, CMBRES, in out);
 * out is all zero otherwise. */
bool mdd_cmbref_step(struct mdd_cmbref *r, const uint64_t rec[MDD_CMB_REC_WORDS], uint64_t out[MDD_CMB_RES_WORDS]);
/* Messages open now. */
unsigned mdd_cmbref_open_count(const struct mdd_cmbref *r);
/* Exactly tiled messages whose XOR-of-forward-shifts CRC differed from the mdd_crc_combine chain (must be 0). */
uint64_t mdd_cmbref_selfcheck_failures(const struct mdd_cmbref *r);
/* Name of a result status (ERROR = 0) or error code (ERROR = 1), "?" if none. */
const char *mdd_cmbref_code_name(bool error, unsigned code);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CMBREF_H */

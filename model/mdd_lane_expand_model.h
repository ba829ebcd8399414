/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_lane_expand_ctl.v and rtl/mdd_lane_expand.v: compact lanes 0, 1, 2 ... moved to the set lanes
 * of a W-lane mask in order, through radix-4 groups most significant digit first (the RTL's header explains the
 * network). The control here is the closed form: the element for set lane i (displacement nh[i] = i - hl[i]) sits
 * at lane i - (nh[i] mod 4^g) before group g of the compaction, so group g's select there is nh's digit g; the RTL
 * computes the same selects by running that compaction. Lanes that no element reaches have select 0.
 */
#ifndef MDD_LANE_EXPAND_MODEL_H
#define MDD_LANE_EXPAND_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_LANE_EXPAND_MAX_W 64
#define MDD_LANE_EXPAND_MAX_G 3

/* Groups of the network at W lanes: ceil(log2(W) / 2). */
unsigned mdd_lane_expand_groups(unsigned w);
/* sel[g][q] (0..3) and hl[i] (set lanes of mask below lane i) for mask's lanes 0..w-1. */
void mdd_lane_expand_ctl(unsigned w, uint64_t mask, uint8_t sel[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W],
                         uint8_t hl[MDD_LANE_EXPAND_MAX_W]);
/* dst[q] for every lane, as the RTL's network moves src (one byte a lane) with the selects. */
void mdd_lane_expand(unsigned w, const uint8_t *src, const uint8_t sel[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W],
                     uint8_t *dst);

#ifdef __cplusplus
}
#endif

#endif /* MDD_LANE_EXPAND_MODEL_H */

/* SPDX-License-Identifier: MIT */
/* Lane expansion: see mdd_lane_expand_model.h. */
#include "mdd_lane_expand_model.h"

#include <string.h>

unsigned mdd_lane_expand_groups(unsigned w)
{
    unsigned l = 0;
    while ((1u << l) < w)
        l++;
    return (l + 1) / 2;
}

void mdd_lane_expand_ctl(unsigned w, uint64_t mask, uint8_t sel[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W],
                         uint8_t hl[MDD_LANE_EXPAND_MAX_W])
{
    const unsigned ng = mdd_lane_expand_groups(w);
    memset(sel, 0, sizeof(uint8_t) * MDD_LANE_EXPAND_MAX_G * MDD_LANE_EXPAND_MAX_W);
    unsigned set = 0;
    for (unsigned i = 0; i < w; i++) {
        hl[i] = (uint8_t)set;
        if (!((mask >> i) & 1))
            continue;
        const unsigned nh = i - set;
        for (unsigned g = 0; g < ng; g++)
            sel[g][i - (nh & ((1u << (2 * g)) - 1))] = (uint8_t)((nh >> (2 * g)) & 3);
        set++;
    }
}

void mdd_lane_expand(unsigned w, const uint8_t *src, const uint8_t sel[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W],
                     uint8_t *dst)
{
    const unsigned ng = mdd_lane_expand_groups(w);
    uint8_t cur[MDD_LANE_EXPAND_MAX_W], nxt[MDD_LANE_EXPAND_MAX_W];
    memcpy(cur, src, w);
    for (unsigned k = 0; k < ng; k++) {
        const unsigned g = ng - 1 - k, step = 1u << (2 * g);
        for (unsigned q = 0; q < w; q++) {
            const unsigned back = sel[g][q] * step;
            nxt[q] = back <= q ? cur[q - back] : 0;
        }
        memcpy(cur, nxt, w);
    }
    memcpy(dst, cur, w);
}

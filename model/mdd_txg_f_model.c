/* SPDX-License-Identifier: MIT */
/* Stage F's control of the staged TX generator: see mdd_txg_f_model.h. */
#include "mdd_txg_f_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

/* A marker's first byte inside a self-framed iSCSI header's length bytes, which it must carry (T3). */
static bool t3_marker(const mdd_txg_f_in *in, bool boundary, uint32_t p)
{
    return !in->mpa && in->self && !boundary && p <= in->last_len;
}

void mdd_txg_f_eval(unsigned w, const mdd_txg_f_in *in, mdd_txg_f_out *out)
{
    memset(out, 0, sizeof *out);
    if (in->consume) {
        out->why = MDD_TXG_F_POP;
        out->next = in->off;
        out->used = in->avail < w ? in->avail : w;
        out->stop = in->end && in->avail <= w;
        return;
    }
    /* per lane: the prefix count and the flags, each from the lane alone */
    uint8_t hc = 0;
    uint64_t before = 0, after = 0;
    for (unsigned i = in->off; i < in->n; i++) {
        const unsigned cls = in->cls[i];
        const bool bnd = in->boundary >> i & 1, parse = in->parse >> i & 1;
        const bool host = mdd_txg_needs_host(in->op, cls);
        const bool swh = mdd_txg_stops_without_host(in->mpa, in->self, in->last_len, in->op, cls, in->mb[i], bnd, in->p[i]);
        const bool t3 = cls == MDD_TXG_L_MRK && t3_marker(in, bnd, in->p[i]) &&
                        (in->mb[i] == 0 || (i == in->off && !in->mimg_ok));
        const bool have = hc < in->avail;
        out->hc[i] = hc;
        out->host |= (uint64_t)host << i;
        out->swh |= (uint64_t)swh << i;
        out->t3 |= (uint64_t)t3 << i;
        /* T3 at F's first lane reads the lengths ahead: last_len - p + 1 bytes */
        const bool t3_short = t3 && i == in->off && in->last_len - in->p[i] >= in->avail;
        before |= (uint64_t)((swh && !have) || (t3 && i != in->off) || t3_short || cls == MDD_TXG_L_AFTER) << i;
        if (in->mpa && parse && in->p[i] == in->last_len && have) {
            const uint32_t len = (uint32_t)(hc ? in->hb[hc - 1] : in->dl_lo) << 8 | in->hb[hc];
            after |= (uint64_t)(len < in->ulp) << i;
        }
        hc = (uint8_t)(hc + host);
    }
    /* the first lane with an end, before or after it */
    unsigned i = in->off;
    while (i < in->n && !((before | after) >> i & 1))
        i++;
    if (i == in->n) {
        out->why = MDD_TXG_F_POP;
        out->next = in->n;
        out->used = hc;
        out->stop = in->end && hc >= in->avail && in->next_v && in->next_swh;
        return;
    }
    if (before >> i & 1) {
        out->next = (uint8_t)i;
        out->used = out->hc[i];
        if ((out->swh >> i & 1) && out->hc[i] >= in->avail) {
            out->why = in->end ? MDD_TXG_F_STOP : MDD_TXG_F_WAIT;
            out->stop = in->end;
        } else if (out->t3 >> i & 1) {
            out->why = i != in->off ? MDD_TXG_F_T3 : in->end ? MDD_TXG_F_T3_FRAME : MDD_TXG_F_T3_WAIT;
        } else {
            out->why = MDD_TXG_F_AFTER;
        }
        return;
    }
    out->why = MDD_TXG_F_SHORT;
    out->next = (uint8_t)(i + 1);
    out->used = out->hc[i] + 1u;
    out->stop = in->end && out->used >= in->avail;
}

/* SPDX-License-Identifier: MIT */
/* Stage F's control of the staged TX generator: see mdd_txg_fc_model.h. */
#include "mdd_txg_fc_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

/* A marker's first byte inside a self-framed iSCSI header's length bytes, which it must carry (T3). */
static bool t3_marker(const mdd_txg_fc_in *in, bool boundary, bool upto_len)
{
    return !in->mpa && upto_len && !boundary;
}

void mdd_txg_fc_eval(unsigned w, const mdd_txg_fc_in *in, mdd_txg_fc_out *out)
{
    memset(out, 0, sizeof *out);
    const unsigned last_len = mdd_txg_last_len(in->mpa);
    if (in->consume) {
        out->why = MDD_TXG_FC_POP;
        out->next = in->off;
        out->used = (uint8_t)(in->avail < w ? in->avail : w);
        out->stop = in->last_in && in->avail <= w;
        return;
    }
    /* per lane: the prefix count and the flags, each from the lane alone */
    uint8_t hc = 0;
    uint64_t before = 0, after = 0;
    for (unsigned i = in->off; i < in->n; i++) {
        const unsigned cls = in->cls[i];
        const bool bnd = in->boundary >> i & 1, parse = in->parse >> i & 1, upto = in->upto_len >> i & 1;
        const bool host = mdd_txg_needs_host(in->op, cls);
        const bool swh = mdd_txg_stops_without_host(in->mpa, in->op, cls, in->mb[i], bnd, upto);
        const bool t3 = cls == MDD_TXG_L_MRK && t3_marker(in, bnd, upto) &&
                        (in->mb[i] == 0 || (i == in->off && !in->mimg_ok));
        const bool have = hc < in->avail;
        out->hc[i] = hc;
        out->host |= (uint64_t)host << i;
        out->swh |= (uint64_t)swh << i;
        out->t3 |= (uint64_t)t3 << i;
        /* T3 at F's first lane reads the lengths ahead: last_len - p + 1 bytes */
        const bool t3_short = t3 && i == in->off && last_len - in->plow[i] >= in->avail;
        before |= (uint64_t)((swh && !have) || (t3 && i != in->off) || t3_short || cls == MDD_TXG_L_AFTER) << i;
        if (in->mpa && cls == MDD_TXG_L_HDR && parse && upto && in->plow[i] == last_len && have) {
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
        out->why = MDD_TXG_FC_POP;
        out->next = in->n;
        out->used = hc;
        out->stop = in->last_in && hc >= in->avail && in->next_v && in->next_swh;
        return;
    }
    if (before >> i & 1) {
        out->next = (uint8_t)i;
        out->used = out->hc[i];
        if ((out->swh >> i & 1) && out->hc[i] >= in->avail) {
            out->why = in->last_in ? MDD_TXG_FC_STOP : MDD_TXG_FC_WAIT;
            out->stop = in->last_in;
        } else if (out->t3 >> i & 1) {
            out->why = i != in->off ? MDD_TXG_FC_T3 : in->last_in ? MDD_TXG_FC_T3_FRAME : MDD_TXG_FC_T3_WAIT;
        } else {
            out->why = MDD_TXG_FC_AFTER;
        }
        return;
    }
    out->why = MDD_TXG_FC_SHORT;
    out->next = (uint8_t)(i + 1);
    out->used = (uint8_t)(out->hc[i] + 1u);
    out->stop = in->last_in && out->used >= in->avail;
}

/* SPDX-License-Identifier: MIT */
/* Stage F's control of the staged TX generator: see mdd_txg_fc_model.h. */
#include "mdd_txg_fc_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

static void decide(unsigned w, const mdd_txg_fc_in *in, mdd_txg_fc_out *out);

void mdd_txg_fc_eval(unsigned w, const mdd_txg_fc_in *in, mdd_txg_fc_out *out)
{
    decide(w, in, out);
    for (unsigned i = in->off; i < out->next; i++)
        out->host_take |= (uint64_t)mdd_txg_needs_host(in->op, in->cls[i]) << i;
}

static void decide(unsigned w, const mdd_txg_fc_in *in, mdd_txg_fc_out *out)
{
    memset(out, 0, sizeof *out);
    const unsigned last_len = mdd_txg_last_len(in->mpa);
    if (in->consume) {
        out->why = MDD_TXG_FC_POP;
        out->next = in->off;
        out->hl_end = (uint8_t)(in->avail < w ? in->avail : w);
        out->stop = in->last_in && in->avail <= w;
        return;
    }
    /* per lane, each flag from the lane alone and registered counts */
    uint64_t before = 0, after = 0, missing = 0, t3 = 0, t3s = 0;
    for (unsigned i = in->off; i < in->n; i++) {
        const unsigned cls = in->cls[i];
        const bool bnd = in->boundary >> i & 1, parse = in->parse >> i & 1, upto = in->upto_len >> i & 1;
        const bool swh = mdd_txg_stops_without_host(in->mpa, in->op, cls, in->mb[i], bnd, upto);
        /* a marker's first byte in a self-framed iSCSI header's length bytes, its image not known yet */
        const bool t3_i = cls == MDD_TXG_L_MRK && !in->mpa && upto && !bnd &&
                          (i == in->off ? !in->mimg_ok : in->mb[i] == 0);
        const bool miss = swh && in->hl[i] >= in->a;
        /* T3 at F's first lane reads the lengths ahead: last_len - p + 1 bytes */
        const bool t3_short = t3_i && i == in->off && last_len - in->plow[i] >= in->avail;
        missing |= (uint64_t)miss << i;
        t3 |= (uint64_t)t3_i << i;
        /* an iSCSI marker's image from F's length sum (not at a boundary, not T3), the sum stale */
        const bool plen_i = cls == MDD_TXG_L_MRK && !in->mpa && !bnd && !upto && !in->plen_ok;
        before |= (uint64_t)(miss || t3_i || cls == MDD_TXG_L_AFTER || plen_i) << i;
        t3s |= (uint64_t)t3_short << i;
        after |= (uint64_t)((in->mpa || (in->mrk_after >> i & 1)) && cls == MDD_TXG_L_HDR && parse && upto &&
                            in->plow[i] == last_len && i + 1 < in->n) << i;
    }
    /* the first lane with an end, before or after it */
    unsigned i = in->off;
    while (i < in->n && !((before | after) >> i & 1))
        i++;
    if (i == in->n) {
        out->why = MDD_TXG_FC_POP;
        out->next = in->n;
        out->hl_end = in->hl_n;
        out->stop = in->last_in && in->hl_n >= in->a && in->next_v && in->next_swh;
        return;
    }
    if (before >> i & 1) {
        out->next = (uint8_t)i;
        out->hl_end = in->hl[i];
        if (missing >> i & 1) {
            out->why = in->last_in ? MDD_TXG_FC_STOP : MDD_TXG_FC_WAIT;
            out->stop = in->last_in;
        } else if (t3 >> i & 1) {
            out->why = i != in->off           ? MDD_TXG_FC_T3
                       : !(t3s >> i & 1) ? MDD_TXG_FC_T3_READ
                       : in->last_in     ? MDD_TXG_FC_T3_FRAME
                                         : MDD_TXG_FC_T3_WAIT;
        } else if (in->cls[i] == MDD_TXG_L_AFTER) {
            out->why = MDD_TXG_FC_AFTER;
        } else {
            out->why = MDD_TXG_FC_PLEN;
        }
        out->idle = i == in->off && (out->why == MDD_TXG_FC_WAIT || out->why == MDD_TXG_FC_T3_WAIT ||
                                     out->why == MDD_TXG_FC_T3_READ || out->why == MDD_TXG_FC_PLEN);
        return;
    }
    out->why = MDD_TXG_FC_LEN;
    out->next = (uint8_t)(i + 1);
    out->hl_end = in->hl[i + 1]; /* the length byte is a host lane: hl[i] + 1 */
}

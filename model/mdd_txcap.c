/* SPDX-License-Identifier: MIT */
/* model/mdd_txcap.c - TX capture source (see mdd_txcap.h). */
#include "mdd_txcap.h"

#include <string.h>

#include "mdd/formats.h"

int mdd_txcap_transmit(const struct mdd_gen_stream *s, struct mdd_txref_result *r)
{
    if (!s->cfg.hdr_out || (s->cfg.dif_op != MDD_DIF_NONE && s->cfg.dif_op != MDD_DIF_CHECK_KEEP))
        return -1;
    uint64_t d[8];
    memcpy(d, s->desc, sizeof d);
    MDD_SET(DESC, HDR_OUT, d, 0);
    MDD_SET(DESC, MRK_CHK, d, 0);
    d[7] = 0;
    MDD_SET(TXDESC, PASS_LEN, d, 0xFFFFFFFFu);
    return mdd_txref_run(d, s->host, s->host_len, NULL, 0, r);
}

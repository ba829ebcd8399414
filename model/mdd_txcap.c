/* SPDX-License-Identifier: MIT */
/* model/mdd_txcap.c - TX capture source (see mdd_txcap.h). */
#include "mdd_txcap.h"

#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"

void mdd_txcap_legal_bhs(struct mdd_gen_stream *s)
{
    if (s->cfg.proto != MDD_PROTO_ISCSI)
        return;
    size_t h = 0; /* host offset of wire byte w: the kept wire bytes before it */
    uint32_t k = 0;
    for (size_t w = 0; w < s->wire_len && k < s->n_pdus; w++) {
        if (w == s->pdu_start[k]) {
            uint8_t *b = s->wire + w;
            uint32_t hl = s->pdu_hdr_len[k];
            b[1] = 0x80;
            b[2] = 0;
            b[3] = 0;
            if (s->cfg.hdr_out)
                memcpy(s->host + h + 1, b + 1, 3);
            if (s->cfg.hdig_en) {
                uint32_t crc = (uint32_t)mdd_crc(MDD_CRC32C, b, hl);
                for (unsigned j = 0; j < 4; j++)
                    b[hl + j] = (uint8_t)(crc >> (8 * j)); /* least significant byte first, RFC 3720 */
            }
            k++;
        }
        h += (s->tag[w] & MDD_TAGM_K) != 0;
    }
}

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

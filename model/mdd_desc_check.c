/* SPDX-License-Identifier: MIT */
/* C twin of rtl/mdd_desc_check.v; see mdd_desc_check.h. Same conditions, same widths. */
#include "mdd_desc_check.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_rx_word.h"

#define F(name, d) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)

bool mdd_desc_bad(const uint64_t d[8], bool tx)
{
    /* reserved bits: words 0-6 against DESC, word 7 against DESC (RX) or TXDESC (TX) */
    uint64_t used[8] = {0};
    size_t n;
    const struct mdd_field_desc *t = mdd_field_table(&n);
    for (size_t k = 0; k < n; ++k) {
        const bool desc = strcmp(t[k].rec, "DESC") == 0, txdesc = strcmp(t[k].rec, "TXDESC") == 0;
        const bool counts = t[k].word < 7 ? desc : (tx ? txdesc : desc);
        if (!counts)
            continue;
        uint64_t mask = t[k].width >= 64 ? ~0ull : ((1ull << t[k].width) - 1);
        used[t[k].word] |= mask << t[k].lsb;
    }
    bool reserved = false;
    for (unsigned k = 0; k < 8; ++k)
        if (d[k] & ~used[k])
            reserved = true;

    const unsigned proto = (unsigned)F(PROTO, d);
    const bool self = F(SELF_FRAME, d), hdig = F(HDIG_EN, d), ddig = F(DDIG_EN, d);
    const bool mrk_en = F(MRK_EN, d), mrk_chk = F(MRK_CHK, d), cmb = F(CMB_EN, d), hdr_out = F(HDR_OUT, d);
    const unsigned dif_op = (unsigned)F(DIF_OP, d), pi_fmt = (unsigned)F(PI_FMT, d), prot = (unsigned)F(PROT_TYPE, d);
    const uint32_t hdr_len = (uint32_t)F(HDR_LEN, d), ulp = (uint32_t)F(ULP_HDR_LEN, d);
    const uint32_t period = (uint32_t)F(MRK_PERIOD, d), mpos = (uint32_t)F(MRK_POS, d);
    const uint32_t dif_pos = (uint32_t)F(DIF_POS, d), pdu_off = (uint32_t)F(PDU_OFF, d);
    const uint32_t data_len = (uint32_t)F(DATA_LEN, d), blk_len = (uint32_t)F(BLK_LEN, d);

    const bool iscsi = proto == MDD_PROTO_ISCSI, mpa = proto == MDD_PROTO_MPA, raw = proto == MDD_PROTO_RAW;
    const uint32_t ml = iscsi ? MDD_ISCSI_MRK_LEN : MDD_MPA_MRK_LEN;
    const uint32_t pi_len = pi_fmt == MDD_PI_T10_CODE ? MDD_PI_T10_LEN : MDD_PI_NVME32_LEN;
    /* the PDU layout the descriptor states (checked when the length fields are past or not self-framed) */
    const uint32_t pad = (0u - hdr_len - data_len) & 3u;
    const bool has_ddig = ddig && (mpa || data_len != 0);
    const uint32_t pdu_len = hdr_len + (hdig ? 4u : 0u) + data_len + pad + (has_ddig ? 4u : 0u);
    const bool layout_bad = (iscsi && (hdr_len < 48 || (hdr_len & 3) != 0)) || (mpa && hdr_len != 2 + ulp) ||
                            pdu_off >= pdu_len;
    const bool past_len = iscsi ? pdu_off > 7 : pdu_off > 1;
    /* TX T1: no start inside or at an iSCSI header digest (its value is in no field) */
    const bool in_hdig = iscsi && hdig && (!self || past_len) && pdu_off >= hdr_len && pdu_off < hdr_len + 4;

    const bool common_bad =
        proto == 3 || dif_op > MDD_DIF_CHECK_REPLACE || pi_fmt == 3 || cmb || reserved ||
        (raw && (self || hdig || ddig || mrk_en)) || (mpa && hdig) || (mrk_en && (period <= ml || mpos >= period)) ||
        /* iSCSI: 4 * MarkInt + 8 with MarkInt >= 1 (RFC 3720 A.3) */
        (mrk_en && iscsi && (period < 12 || (period & 3) != 0)) ||
        (dif_op != MDD_DIF_NONE && (prot == 0 || blk_len == 0 || dif_pos >= blk_len + pi_len)) ||
        (!raw && !self && layout_bad) || (!raw && self && past_len && layout_bad);
    const bool rx_bad = dif_op == MDD_DIF_INSERT /* a TX operation */ || (mrk_chk && !mrk_en);
    const bool tx_bad = mrk_chk || hdr_out /* RX-only fields */ || (F(HDIG_OPEN, d) && F(DIG_OPEN, d)) /* T4 */ ||
                        in_hdig;
    return common_bad || (tx ? tx_bad : rx_bad);
}

/* SPDX-License-Identifier: MIT */
/*
 * The reference receiver: docs/rx-path.md executed one byte at a time, written for clarity, not speed.
 *
 * It is the transaction-level oracle of the RX path (the RTL and its cycle-accurate twin must produce the same
 * delivered bytes, tags and context beat), and it is checked in turn against the traffic generator
 * (model/mdd_trafgen.h), which builds streams constructively without calling it (tb/unit/test_rxref.c).
 * Field positions, codes and masks come from include/mdd/formats.h only; CRC math from include/mdd/crc.h only.
 */
#ifndef MDD_RXREF_H
#define MDD_RXREF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One error event (docs/rx-path.md section 5). */
struct mdd_rxref_event {
    unsigned code;     /* MDD_ERR_* */
    unsigned err_byte; /* index of the first differing byte within the field or subfield */
    uint32_t err_off;  /* transfer offset of the field's first byte that lies in this transfer */
    uint32_t err_unit; /* PDU index (HDIG, DDIG, MRK, FRAME) or block index (GUARD, APP, REF) from the transfer start */
    uint64_t err_exp;  /* whole field values; bytes outside the transfer taken from the expected value */
    uint64_t err_got;
};

struct mdd_rxref_result {
    uint8_t *out;     /* delivered bytes (K = 1), in order */
    uint8_t *out_tag; /* their tags */
    size_t out_len;
    uint8_t *in_tag; /* tag of EVERY input byte (formats.def layout, K included) */
    uint8_t *in_aux; /* aux nibble of every input byte (rx-path.md section 8) */
    size_t in_len;
    uint64_t ctx[16]; /* the context beat (formats.def CTX layout; words 0-7 = the advanced descriptor) */
    struct mdd_rxref_event *ev; /* every error event, in detection order */
    size_t n_ev;
    unsigned desc_reason; /* 0, or the MDD_RXREF_DESC_* reason of a DESC error */
};

/* Why a descriptor is illegal (docs/rx-path.md section 5, "DESC conditions"); the first that applies. */
enum mdd_rxref_desc_reason {
    MDD_RXREF_DESC_OK = 0,
    MDD_RXREF_DESC_PROTO,       /* proto = 3 */
    MDD_RXREF_DESC_DIF_OP,      /* dif_op > 4 or INSERT */
    MDD_RXREF_DESC_PI_FMT,      /* pi_fmt = 3 */
    MDD_RXREF_DESC_CMB,         /* cmb_en */
    MDD_RXREF_DESC_RESERVED,    /* a reserved bit set */
    MDD_RXREF_DESC_RAW_FRAMING, /* RAW with self_frame, hdig_en, ddig_en or mrk_en */
    MDD_RXREF_DESC_MPA_HDIG,    /* MPA with hdig_en */
    MDD_RXREF_DESC_MRK_CHK,     /* mrk_chk without mrk_en */
    MDD_RXREF_DESC_MRK,         /* mrk_en with mrk_period <= ML or mrk_pos >= mrk_period; iSCSI mrk_period not
                                   4 * MarkInt + 8 with MarkInt >= 1 */
    MDD_RXREF_DESC_DIF,         /* dif_op != NONE with prot_type 0, blk_len 0 or dif_pos >= blk_len + pi_len */
    MDD_RXREF_DESC_HDR_LEN,     /* iSCSI hdr_len < 48 or not a multiple of 4; MPA hdr_len != 2 + ulp_hdr_len */
    MDD_RXREF_DESC_PDU_OFF,     /* pdu_off >= PDU length */
    MDD_RXREF_DESC_RX_ONLY,     /* TX only: mrk_chk or hdr_out set (RX-only fields) */
    MDD_RXREF_DESC_TX_OPEN,     /* TX only: hdig_open and dig_open both set (they share dig_part on TX) */
    MDD_RXREF_DESC_TX_SLOT,     /* TX only: starts inside or at an iSCSI header digest (its value is in no field) */
    MDD_RXREF_DESC_COUNT
};

/* 0 (MDD_RXREF_DESC_OK) when desc is legal, else the reason. */
unsigned mdd_rxref_desc_check(const uint64_t desc[8]);
/* The same rules for either direction (tx = 1: docs/tx-path.md, INSERT legal, word 7 = TXDESC). */
unsigned mdd_ref_desc_check(const uint64_t desc[8], int tx);
const char *mdd_rxref_desc_reason_name(unsigned reason);

/*
 * Runs one transfer: desc (8 words, formats.def DESC layout), the n kept bytes in[] in lane order, and the
 * transfer offsets of the first kept byte of every beat that had s_axis_rx_tuser = 1 (any order; offsets >= n
 * are ignored). Allocates every array of *res (free with mdd_rxref_free). Returns 0, -1 if out of memory.
 */
int mdd_rxref_run(const uint64_t desc[8], const uint8_t *in, size_t n, const uint32_t *upstream_err_offs,
                  size_t n_upstream, struct mdd_rxref_result *res);
void mdd_rxref_free(struct mdd_rxref_result *res);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RXREF_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_pdu.v, RX locate stage L2: PDU fields of the non-marker lanes (HDR, HDIG, PAY,
 * PAD, DDIG; EH, ED, EP; K), the self-framing parse, FRAME errors, MPA marker coverage and ED-on-marker,
 * marker checks (mrk_chk) including deferred iSCSI pointers, and the PDU_OFF / HDR_LEN / DATA_LEN /
 * FPDU_WOFF resume fields (docs/rx-path.md sections 2-5 and 8).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick is the clock edge, rst is an input;
 * the pipeline registers mirror the RTL's one for one (same names) and start at zero: the skid register in front
 * of stage I (sk_valid, sk: the RTL's sk_word; s_ready is its being empty, D-104), stage I, the input word
 * (i_valid, i), stage A (a_valid, a), stage C (q_valid, q), stage E (e_valid, e), stage D (d_valid, d) and the
 * output register (m_valid_r, m); latency six clocks (D-066, D-096, D-107). The split and stream state of stage B (done, used_r, st) is the reference's lane walk, not the RTL's
 * per-word-count header candidates and cut arithmetic; it changes on the same clock edges. The twin's stages C,
 * E and D hold the finished part (tags, marker checks, error record and resume fields were computed by the walk in
 * B), where the RTL's holds what B knows about the part and finishes it in C: the marker checks' state, kept
 * here in st, is the RTL's stage C state (mk_*, pd_*) one part earlier.
 */
#ifndef MDD_RX_LOC_PDU_MODEL_H
#define MDD_RX_LOC_PDU_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_rx_loc_pdu_in {
    bool rst;
    bool s_valid;
    MDD_RX_WORD_FIELDS(s_)
    bool m_ready;
} mdd_rx_loc_pdu_in;

typedef struct mdd_rx_loc_pdu_out {
    bool s_ready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_rx_loc_pdu_out;

/* A deferred iSCSI marker check (its pointer needs the PDU length): RTL registers pd<k>_*. */
typedef struct mdd_rx_loc_pend {
    uint32_t off, unit, p;
    uint8_t present; /* bit j: marker byte j is in this transfer */
    uint64_t got;    /* byte j at bits 63 - 8j */
} mdd_rx_loc_pend;

/* The stage's stream state between emitted words (RTL st_*, mk_*, pd*). */
typedef struct mdd_rx_loc_pdu_state {
    uint32_t off;   /* PDU offset of the next non-marker byte */
    uint32_t hlen;  /* hdr_len, data_len as parsed */
    uint32_t dlen;
    uint32_t fwoff; /* MPA: wire bytes of the current FPDU so far */
    uint32_t pidx;  /* PDU index (err_unit): PDU ends passed in this transfer */
    uint32_t lenoff; /* transfer offset of the current PDU's length field (0 if it began earlier) */
    bool lost;      /* FRAME: the rest of the transfer is unlocated */
    bool pdone;     /* descriptor-framed: the PDU has ended */
    bool unv;       /* a deferred marker check was dropped (mrk_unv) */
    /* the marker check in progress */
    bool mk_act, mk_dv;
    unsigned mk_diff;
    uint64_t mk_exp, mk_got; /* byte j of the field at bits 8*(ML-1-j) */
    uint32_t mk_off, mk_unit;
    /* deferred iSCSI marker checks */
    unsigned pd_n;
    bool pd_in; /* the last entry still takes bytes (its marker is not complete) */
    mdd_rx_loc_pend pd[2];
} mdd_rx_loc_pdu_state;

/* Statistics for test coverage (not RTL state): what the emitted words exercised. */
typedef struct mdd_rx_loc_pdu_stats {
    uint64_t parts_split;     /* words emitted as a non-final part (a second PDU start followed) */
    uint64_t deferred;        /* iSCSI marker checks deferred until the length */
    uint64_t resolved;        /* deferred checks resolved (compared) */
    uint64_t pend_overflow;   /* a third deferred marker (left unverified) */
    uint64_t frame_len;       /* FRAME on a parsed length */
    uint64_t frame_overrun;   /* FRAME on a descriptor-framed overrun */
    uint64_t ed_on_marker;    /* ED moved onto an MPA marker */
    uint64_t mrk_uncovered;   /* MPA markers between two CRC bytes */
    uint64_t pdu_starts;      /* non-marker bytes at pdu_off 0 */
} mdd_rx_loc_pdu_stats;

typedef struct mdd_rx_loc_pdu_model {
    mdd_rx_loc_pdu_stats stats;
    unsigned w;
    bool sk_valid;
    mdd_rx_word sk;
    bool i_valid;
    mdd_rx_word i;
    bool a_valid;
    mdd_rx_word a;
    uint64_t done;
    uint32_t used_r;
    mdd_rx_loc_pdu_state st;
    bool q_valid;
    mdd_rx_word q;
    bool e_valid;
    mdd_rx_word e;
    bool d_valid;
    mdd_rx_word d;
    bool m_valid_r;
    mdd_rx_word m;
} mdd_rx_loc_pdu_model;

int mdd_rx_loc_pdu_model_init(mdd_rx_loc_pdu_model *m, unsigned w);
void mdd_rx_loc_pdu_eval(const mdd_rx_loc_pdu_model *m, const mdd_rx_loc_pdu_in *in, mdd_rx_loc_pdu_out *out);
void mdd_rx_loc_pdu_tick(mdd_rx_loc_pdu_model *m, const mdd_rx_loc_pdu_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_LOC_PDU_MODEL_H */

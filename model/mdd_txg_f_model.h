/* SPDX-License-Identifier: MIT */
/*
 * C twin of stage F of the staged TX generator (docs/timing.md section 4, D-076; the RTL follows as
 * rtl/mdd_txg_f.v): F's control (mdd_txg_fc_model, which lanes of D's word it takes and why the word ends) with
 * F's data path and registers: every lane's byte, tag and aux, the marker images, the self-framing parse, the
 * events, and the transfer's registers. No lane walk: every lane is filled from the lane's own inputs and
 * registered values, the way the RTL does it; the staged twin (model/mdd_txg_staged.c) checks every cycle of it
 * against its walk.
 *
 * Inputs per cycle: D's word (lanes [off, n), from the register stage in front of F: the class, tag flags, aux,
 * marker byte, K, the P flags, the host-lane counts hl), the host ring's window (win[j] is the ring's byte at
 * rd_base + j, rd_base being the ring position of the word's lane-0 host byte; with consume: the j-th unread
 * byte) and each lane's host byte hb[i] = win[hl[i]] (the lane fill's, rtl/mdd_lane_expand.v, outside F).
 *
 * Marker images. A word holds at most two marker runs (M's rule: the rest of the marker the word starts in and
 * one starting in it), and a run's lanes share their PDU offset p and (MPA) the FPDU offset mval of the marker's
 * first byte; so the word brings per run (run[i] says which a marker lane is in) p, mval and boundary, and F
 * makes one image per run: MPA {0, 0, mval}, an iSCSI marker at a PDU boundary 0, else both copies the PDU's
 * length less p, the length from F's hdr_len / data_len registers, or, for T3 (a marker inside a self-framed
 * header's length bytes, p <= 7), from the T3 read's registers t3_hl / t3_dl. No sum is in front of a lane's byte:
 * the PDU lengths are registers (plen of hdr_len / data_len, plen_t3 of t3_hl / t3_dl) made a cycle after the
 * values they sum, so an image is one subtraction and a byte select. plen_ok says plen is current (cleared by a
 * cycle that takes length bytes, ends a transfer or has no descriptor); F's control ends a word before a marker
 * lane that needs plen while it is not (MDD_TXG_FC_PLEN: a cycle after a header's lengths or a transfer's start).
 * T3 is a two-cycle slow path: F's control ends a word before a T3 lane other than F's first; at F's first lane,
 * with the bytes in the ring, two cycles are the read (MDD_TXG_FC_T3_READ, nothing taken: in the first t3_hl /
 * t3_dl take the lengths after the bytes from the marker's PDU offset to the last length byte, read from the
 * window at hl_off; in the second plen_t3 is made and mimg_ok set), and the next cycle the lane is taken with its
 * image (the read, a (W + 1)-way select, the sum and the image are in separate cycles). t3_hl / t3_dl load every
 * cycle mimg_ok and t3_half are clear; mimg_ok stays set to the marker's last byte (a marker cut by a word's end is continued with the
 * same image: no host byte is taken in between) and is cleared at a transfer's end.
 * The word's lengths are never needed in the cycle they are parsed: F's control ends a word after iSCSI's last
 * length byte when a marker follows in the word (and after MPA's always).
 *
 * Parse. The header bytes with parse at p = 4..7 (iSCSI: TotalAHSLength, DataSegmentLength) or 0..1 (MPA:
 * ULPDU_Length) are gathered by p (one lane per p in a word) and shifted into data_len as the lane walk does
 * (a transfer may end inside the field: the resume keeps the partial value). At the last length byte: iSCSI
 * publishes the lengths to P (the parse register); MPA checks ULPDU_Length against the ULP header (FRAME, the
 * transfer lost from the next cycle) and publishes data_len - ulp, hdr_len 2 + ulp.
 *
 * Events, merged by D-036 (smallest offset, ties smaller code; ecnt counts them all): DESC on a bad transfer's
 * first word; UPSTREAM at every host byte used whose beat had tuser; FRAME at T3 with the transfer short of the
 * lengths, at an AFTER lane, at MPA's length below the ULP header. A bad or lost transfer is consumed: its bytes
 * leave as VOID lanes (UPSTREAM still reported for a lost one).
 *
 * Registers: in_xfer, lost, hoff (host bytes of the transfer consumed), hdr_len, data_len, len_off (the length
 * field's first byte), all loaded from the descriptor on a transfer's first word; mimg_ok, t3_hl, t3_dl (above). Not here
 * yet: the resume fields of the transfer's last word (the staged twin writes them) and the descriptor.
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge (F's registers move
 * only when the word is emitted, but for the T3 read's), rst an input.
 */
#ifndef MDD_TXG_F_MODEL_H
#define MDD_TXG_F_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"
#include "mdd_txg_fc_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_TXG_F_WIN (MDD_RX_MAX_W + 8) /* window bytes: W + 8 */

typedef struct mdd_txg_f_in {
    bool rst;
    /* configuration (the head descriptor's) */
    bool mpa, iscsi, self, hdig, ddig;
    uint8_t op;                         /* MDD_DIF_* */
    uint8_t ulp;                        /* MPA ULP header length */
    uint16_t ld_hdr_len;                /* HDR_LEN, DATA_LEN of the descriptor: the registers at a transfer's start */
    uint32_t ld_data_len;
    /* the cycle */
    bool present;                       /* a descriptor is at the head (F works on its transfer) */
    bool bad;                           /* it failed its checks: consumed */
    bool go;                            /* the output register takes a word */
    /* the host ring */
    uint8_t avail;                      /* the transfer's bytes in the ring */
    bool last_in;                       /* its tlast is in the ring */
    uint8_t win[MDD_TXG_F_WIN];
    uint8_t win_up[MDD_TXG_F_WIN];      /* the byte is the first kept byte of a beat with tuser */
    uint8_t hb[MDD_RX_MAX_W];           /* lane i's host byte: win[hl[i]] */
    uint64_t hb_up;                     /* and its tuser mark: win_up[hl[i]] */
    /* D's word (dv: one is queued), lanes [off, n) */
    bool dv;
    uint8_t off, n;
    uint8_t cls[MDD_RX_MAX_W];          /* MDD_TXG_L_* */
    uint8_t flags[MDD_RX_MAX_W];        /* tag flags (EH / ED / EP / EB) */
    uint8_t aux[MDD_RX_MAX_W];
    uint8_t mb[MDD_RX_MAX_W];           /* marker byte */
    uint64_t k, boundary, parse, upto_len, mrk_after;
    uint64_t run;                       /* a marker lane's run: 0 or 1 */
    uint8_t plow[MDD_RX_MAX_W];         /* the PDU offset's low 3 bits */
    uint8_t hl[MDD_RX_MAX_W];           /* host lanes before lane i, from lane 0 */
    uint8_t hl_n;
    uint8_t hl_off;                     /* F's registers (D-074): hl[off] (0 without a word), */
    uint16_t a;                         /* and avail + hl_off: lane i's host byte is there iff hl[i] < a */
    uint32_t r_p[2];                    /* per marker run: the PDU offset of its lanes */
    uint16_t r_mval[2];                 /* MPA: the FPDU offset of the marker's first byte */
    bool r_bnd[2];                      /* the marker is at a PDU boundary */
    uint32_t pdus;                      /* PDUs ended before lane 0 */
    bool next_v, next_swh;              /* a next D word is queued; its first lane needs a host byte */
} mdd_txg_f_in;

typedef struct mdd_txg_f_out {
    mdd_txg_fc_out fc;                  /* the control's decision (why, next, hl_end, stop) */
    bool emit;                          /* a word leaves (its fields below; desc not set) */
    mdd_rx_word o;
    uint64_t spi;                       /* the lanes taken that are stripped PI (SPI: no wire position) */
    unsigned used;                      /* host bytes consumed */
    bool stop;                          /* the transfer ends with this word */
    bool df_pop;                        /* D's word is done */
    bool df_set;                        /* else lanes [off, df_off) of it are taken */
    uint8_t df_off;
    bool flush;                         /* M, P and D drop the transfer (its end, or its bytes lost) */
    bool frame_later;                   /* FRAME at MPA's length: the caller flushes in the next cycle, F idle */
    bool publish;                       /* the parse register is loaded: lengths of PDU pr_pdu */
    uint32_t pr_pdu, pr_hl, pr_dl;
} mdd_txg_f_out;

typedef struct mdd_txg_f_model {
    unsigned w;
    bool in_xfer, lost, mimg_ok;
    uint32_t hoff, hdr_len, data_len, len_off;
    uint32_t t3_hl, t3_dl;              /* the T3 read's lengths (loaded while !mimg_ok and !t3_half) */
    bool t3_half;                       /* the first of the T3 read's two cycles is done */
    uint32_t plen, plen_t3;             /* the PDU length of hdr_len / data_len and of t3_hl / t3_dl, a cycle old */
    bool plen_ok;                       /* plen is hdr_len / data_len's: no length byte taken, no transfer's end
                                         * and a descriptor at the head in the last cycle */
} mdd_txg_f_model;

int mdd_txg_f_model_init(mdd_txg_f_model *m, unsigned w);
void mdd_txg_f_eval(const mdd_txg_f_model *m, const mdd_txg_f_in *in, mdd_txg_f_out *out);
void mdd_txg_f_tick(mdd_txg_f_model *m, const mdd_txg_f_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_F_MODEL_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of stage X of the staged TX generator (docs/timing.md section 4, D-077; RTL rtl/mdd_txg_x.v): D's word
 * expanded to its output lanes with every per-lane field stage F reads, so that F's cycle starts from registers.
 *
 * D decides per input lane (a lane of P's part, lanes [lo, hi) of M's word) and leaves the word as decisions: its
 * input lanes first, first + 1 ... go to the output lanes 0 .. n - 1 in order, except the lanes of the
 * stripped-PI runs (SPI, CHECK_STRIP), which lie at [r1_pos, r1_pos + r1_len) and [r2_pos, r2_pos + r2_len). X
 * moves each input lane's fields (D's class and PI byte, P's flags, aux and flags of the PDU offset, M's marker
 * byte and K) to its output lane: a rotate down by first and an expansion onto the lanes that are not SPI
 * (mdd_lane_expand), so D's per-lane SPI counts never leave D. Per word it derives what F's cycle would
 * otherwise count:
 *   - hl[k], the host lanes (mdd_txg_needs_host) before output lane k, hl_n the word's, and the lane fill's
 *     selects (mdd_lane_expand_ctl of the host mask: F moves the ring's bytes onto the host lanes with them);
 *   - mrk_after[k]: a marker lane follows lane k in the word;
 *   - the marker runs (at most two a word, M's rule): run[k] which one a marker lane is in, and per run its PDU
 *     offset p, MPA pointer mval and boundary flag, from the run's first lane (a run's lanes share them). Runs
 *     are found among the input lanes (a marker lane that is the word's first, follows a lane that is not a
 *     marker, or has marker byte 0), where each lane's index and count are constants or P's, and only the run
 *     bit crosses the network: D puts SPI lanes in front of a marker run, never inside one (after an EB lane or
 *     in front of the word's first lane);
 *   - pdus: the PDUs ended before output lane 0 (P's count before lane lo, and one more if the part's EP lane
 *     lies before first: a part holds at most one EP, since P stops a part at the next PDU's need point).
 * A marker lane's PDU offset is pc - b, or pc - a_len once pc reaches a_len (the part's next PDU: P's per-word
 * values), and MPA's pointer is the FPDU offset less the marker byte, the FPDU offset of input lane i being
 * i - wb, or i - (EP lane + 1) after the part's EP; iSCSI's pointer is not a field of the lane (F computes the
 * image from the lengths).
 *
 * Two halves with a register between them (the mid register): X1 puts the word on F's lanes (three rotations of
 * the records by first, first - r1_len and first - r1_len - r2_len, one per region of output lanes, in the RTL)
 * and makes the host mask, the runs and pdus; X2, a cycle later, the counts of the host mask (hl, hl_n, the
 * selects) and mrk_after. X takes D's head when the mid register is empty or moves on this cycle; the word moves
 * on into F's FIFO when that had room at the cycle's start. flush empties the mid register.
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input. The
 * staged twin keeps the FIFOs on either side and checks every word against the lanes of its walk.
 */
#ifndef MDD_TXG_X_MODEL_H
#define MDD_TXG_X_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_lane_expand_model.h"
#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

/* D's word as it leaves D (the entry of the FIFO between D and X). */
typedef struct mdd_txg_x_in {
    /* the transfer's configuration */
    bool raw, mpa;
    uint8_t op;                         /* MDD_DIF_* */
    /* P's part, per input lane (lanes [lo, hi) of M's word; zero outside) and per part */
    uint8_t pflags[MDD_RX_MAX_W];       /* EH / ED / EP */
    uint8_t paux[MDD_RX_MAX_W];
    uint8_t mb[MDD_RX_MAX_W];           /* M's marker byte */
    uint8_t plow[MDD_RX_MAX_W];         /* the PDU offset's low 3 bits */
    uint8_t pc[MDD_RX_MAX_W];           /* M's non-marker lanes before the lane */
    uint64_t k, boundary, parse, early;
    int64_t b, a_len;
    bool lk;
    int32_t wb;
    uint32_t pdus;
    /* D's word of the part: input lanes [first, next) on the output lanes [0, n) that are not SPI */
    uint8_t first, next, n;
    uint64_t eb;                        /* per input lane */
    uint8_t dcls[MDD_RX_MAX_W];         /* D's class (PAY or PI for P's DATA lanes, else P's) */
    uint8_t daux[MDD_RX_MAX_W];         /* D's PI byte */
    uint8_t r1_pos, r1_len, r1_aux;     /* the SPI runs; r1's first PI byte is r1_aux (D's pi - kp) */
    uint8_t r2_pos, r2_len;
} mdd_txg_x_in;

/* F's word (the entry of the FIFO between X and F): mdd_txg_f_in's per-word fields. */
typedef struct mdd_txg_x_out {
    uint8_t n;
    uint8_t cls[MDD_RX_MAX_W];
    uint8_t flags[MDD_RX_MAX_W];        /* EB / EH / ED / EP */
    uint8_t aux[MDD_RX_MAX_W];
    uint8_t mb[MDD_RX_MAX_W];
    uint8_t plow[MDD_RX_MAX_W];
    uint64_t k, boundary, parse, upto_len, mrk_after, run, host;
    uint8_t hl[MDD_RX_MAX_W];
    uint8_t hl_n;
    uint32_t r_p[2];
    uint16_t r_mval[2];
    bool r_bnd[2];
    uint32_t pdus;
    uint8_t sel[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W]; /* the lane fill's selects */
    unsigned runs;                      /* marker runs in the word (more than 2 breaks M's rule) */
} mdd_txg_x_out;

/* X's flow: D's FIFO head (in_v), room in F's FIFO as of the cycle's start (room), F ending or losing the
 * transfer (flush: the mid register empties). */
typedef struct mdd_txg_x_ctl {
    bool rst, flush, in_v, room;
} mdd_txg_x_ctl;

typedef struct mdd_txg_x_model {
    unsigned w;
    bool mid_v;             /* the register between the halves holds a word */
    mdd_txg_x_out mid;      /* X1's fields of it (hl, hl_n, sel, mrk_after are X2's) */
} mdd_txg_x_model;

int mdd_txg_x_model_init(mdd_txg_x_model *m, unsigned w);
/* The word X2 makes from the mid register (pushed into F's FIFO if v) and whether D's head is taken into it. */
void mdd_txg_x_eval(const mdd_txg_x_model *m, const mdd_txg_x_ctl *c, mdd_txg_x_out *out, bool *take, bool *v);
void mdd_txg_x_tick(mdd_txg_x_model *m, const mdd_txg_x_ctl *c, const mdd_txg_x_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_X_MODEL_H */

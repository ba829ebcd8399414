/* SPDX-License-Identifier: MIT */
/*
 * C twin of stage P of the staged TX generator (docs/timing.md section 4; the RTL follows as rtl/mdd_txg_p.v):
 * the PDU fields of stage M's non-marker lanes, every lane from registers, no lane walk.
 *
 * A lane's place in the PDU is its non-marker prefix count pc (M's: non-marker lanes before it in the word)
 * against registered bounds. Every bound is kept as the pc value at which it falls in the current word (an
 * "adjusted" bound A = bound - PDU offset + pc at the part's first lane): b is where the current PDU's offset 0
 * falls (a lane's PDU offset is pc - b), a_hdr, a_ps, a_pe, a_pde, a_lc and a_len where its header ends, its
 * payload starts and ends, its pad ends, its last covered byte and its end are. A part that ends inside a word
 * leaves them unchanged (the next part starts in the same word); a word taken to its end shifts them all by
 * the word's non-marker count. So the loop is a compare of registered small counts with registered bounds and a
 * shift by a registered count.
 *
 * A part (lanes [lo, hi) of M's word) ends at a threshold a_stop: the lanes with pc < a_stop are in it, a
 * thermometer mask. a_stop is
 *   - b + np while the current self-framing PDU's lengths are unknown (np: the need point, iSCSI BHS byte 47, MPA
 *     the first byte after the header's length bytes that depends on them);
 *   - a_len + np after a known self-framing PDU: the next PDU's header up to its need point (a part holds one
 *     EH: the current PDU's EH lies before its need point only with MPA and no ULP header, and is then laid out
 *     before the lengths are known, in an earlier part);
 *   - a_len + 1 after a descriptor-framed PDU: the host byte after it (AFTER) is the part's last lane, and P halts.
 * Lengths come from F's parse register, or at load from the descriptor into the same register: the bounds are
 * set from them in a reload cycle without a part, the cycle after the register is loaded (so P sees F's lengths
 * two cycles after F's lane, one more than the walk). The cycle after a load is a reload in any case.
 *
 * Data counts for stage D (dc, dc_n), from pc and the bounds, no count of classes. A lane of the part is DATA
 * exactly when the lengths are known, it is not a marker and a_ps <= pc < a_pe (the class chain: a_pe <= a_len, so
 * such a lane is before the PDU's end, past the header and its digest, before the pad; lanes after the PDU's end
 * are AFTER or the next PDU's header, whose lengths are not known in this part); raw: every lane of the part (a
 * raw descriptor has no markers, lo is 0). The non-marker lanes of [lo, i) have the pc values pc_lo .. pc[i] - 1,
 * one each, so dc[i] = |[pc_lo, pc[i]) & [a_ps, a_pe)|. With s = max(pc_lo, a_ps) (pc_lo < a_ps ? a_ps : pc_lo) and
 * e = pc_lo < a_pe ? a_pe - s : 0 (the part's DATA lanes below a_pe, all of them),
 *   dc[i] = !lk || pc[i] < a_ps ? 0 : pc[i] < a_pe ? pc[i] - s : e        (raw: i)
 * and dc_n the same at pc_n (raw: n): a part that ends inside a word ends at a_stop > a_pe with the lengths known,
 * so its pc_n >= a_stop gives e. Wherever a lane selects pc[i] - s or e, a_ps and a_pe lie in 0..W (the RTL takes
 * NW-bit differences). pc_lo is a register (a split part ends where pc reaches a_stop: pc_lo = a_stop).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input. load
 * takes a transfer's configuration and start state; pr_v loads the parse register (F's lengths of the current
 * self-framing header); go says the word at the input is present and the output has room: a part is then laid
 * out (v) and taken, pop when it takes the word's last lane.
 */
#ifndef MDD_TXG_P_MODEL_H
#define MDD_TXG_P_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_txg_p_in {
    bool rst;
    bool load;
    bool ld_raw, ld_self, ld_mpa, ld_hdig, ld_ddig;
    uint32_t ld_ulp;        /* MPA ULP header length (8 bits) */
    uint32_t ld_ml;         /* marker length: 4 or 8 */
    uint32_t ld_pdu_off;    /* PDU_OFF, 25 bits */
    uint32_t ld_hdr_len;    /* HDR_LEN, 12 bits */
    uint32_t ld_data_len;   /* DATA_LEN, 24 bits */
    uint32_t ld_fpdu_woff;  /* FPDU_WOFF, 16 bits */
    bool pr_v;              /* F's parse: the current self-framing header's lengths */
    uint32_t pr_hl, pr_dl;
    /* the M word at P's input (the head of M's FIFO) and whether P's output FIFO has room */
    bool go;
    uint8_t n;                          /* M's lanes 1..W */
    uint64_t mrk, mnext;                /* per lane */
    uint8_t mb[MDD_RX_MAX_W];           /* marker byte */
    uint8_t pc[MDD_RX_MAX_W];           /* non-marker lanes before lane i */
    uint8_t pc_l;                       /* pc of the word's last lane (n - 1): pop compares it alone */
    uint8_t pc_n;                       /* the word's non-marker lanes */
} mdd_txg_p_in;

typedef struct mdd_txg_p_out {
    bool v;                             /* a part [lo, hi) is laid out */
    bool pop;                           /* it ends at the word's end */
    uint8_t lo, hi;
    uint8_t cls[MDD_RX_MAX_W];          /* MDD_TXG_L_* (MRK for M's marker lanes) */
    uint8_t flags[MDD_RX_MAX_W];        /* EH / ED / EP */
    uint8_t aux[MDD_RX_MAX_W];
    uint64_t pi_here, boundary, parse;  /* per lane */
    uint64_t early;                     /* self-framing and PDU offset <= the last length byte's */
    uint8_t plow[MDD_RX_MAX_W];         /* the PDU offset's low 3 bits */
    /* for stage D: dc[i] the part's DATA lanes in [lo, i) (lanes lo..hi - 1, 0 elsewhere), dc_n those in
     * [lo, hi) (0 without a part); from pc and the payload bounds, not a count (above) */
    uint8_t dc[MDD_RX_MAX_W];
    uint8_t dc_n;
    /* the state at lane lo, per word: a lane's PDU offset is pc - b (after the EP lane: pc - a_len; raw: -b) */
    int64_t b, a_len;
    bool lk;                            /* the current PDU's lengths are known (a_len valid) */
    int32_t wb;                         /* MPA: lane (of this word) at which the current FPDU started */
    uint32_t fw;                        /* not MPA: FPDU_WOFF as loaded */
    uint32_t pdus;                      /* PDUs ended before lane lo */
} mdd_txg_p_out;

typedef struct mdd_txg_p_model {
    unsigned w;
    /* configuration */
    bool raw, self, mpa, hdig, ddig;
    uint32_t ulp, ml, np, last_len;
    /* the loop */
    uint8_t lo;
    uint8_t pc_lo;      /* pc of lane lo (a split part ends where pc reaches a_stop) */
    bool lk, halt;
    bool rl;            /* the cycle after a load without lengths: no part (the RTL settles its flags) */
    int64_t b, a_hdr, a_ps, a_pe, a_pde, a_lc, a_len, a_stop;
    bool lc_v;
    int32_t wb;
    uint32_t fw, pdus;
    /* a reload's layout: the current PDU's bounds as PDU offsets */
    uint32_t l_hdr, l_ps, l_pe, l_pde, l_lc, l_len;
    bool l_lc_v;
    /* the parse register */
    bool pr_v;
    uint32_t pr_hl, pr_dl;
} mdd_txg_p_model;

int mdd_txg_p_model_init(mdd_txg_p_model *m, unsigned w);
void mdd_txg_p_eval(const mdd_txg_p_model *m, const mdd_txg_p_in *in, mdd_txg_p_out *out);
void mdd_txg_p_tick(mdd_txg_p_model *m, const mdd_txg_p_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_P_MODEL_H */

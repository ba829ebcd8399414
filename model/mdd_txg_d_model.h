/* SPDX-License-Identifier: MIT */
/*
 * C twin of stage D of the staged TX generator (docs/timing.md section 4; the RTL follows as rtl/mdd_txg_d.v):
 * the DIF fields of stage P's data lanes from registered bounds, no lane walk.
 *
 * D takes P's parts (lanes [lo, hi) of M's word). A data lane's place in the protection block follows from dc,
 * the part's data lanes before it (counted from lo; P's outputs dc and dc_n, which P derives from its prefix
 * counts and payload bounds: mdd_txg_p_model.h), against one registered bound e: the dc of the next
 * block end (EB lane, DIF position blk - 1) at or after D's next data lane. Everything else is e plus a
 * constant: without STRIP the lanes e + 1 .. e + pi are that block's PI, e - blk - pi + 1 .. e - blk the
 * previous block's, and the next block end e + blk + pi ends the word (one EB a word, D-009); under
 * CHECK_STRIP the data lanes are payload only, the next block end is e + blk, and the host's PI (pi lanes,
 * SPI) goes in front of the first pi_here lane after the EB lane. kp counts SPI lanes still due in front of the
 * next pi_here lane (a resumed transfer inside the PI, or a run cut by the word's end).
 *
 * The decisions are per input lane; the word is then compact from lane 0 (mdd_txg_d_compact): input lane i goes
 * to i - first + the SPI lanes in front of it (first: D's first lane of the part; a part D cannot take whole,
 * because SPI lanes pushed lanes past W, is taken on in the next cycle from where it stopped). The run after
 * the EB lane goes in front of the lane after it (P makes every lane after a data lane of a PDU pi_here); kp's
 * in front of the first pi_here lane. A word taken to the part's end (pop) shifts e by the part's data count
 * dc_n.
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input. load
 * takes a transfer's DIF configuration and start position (the cycle M and P load); go says a part is at the
 * input and the output has room: a word is then laid out (v) and taken.
 */
#ifndef MDD_TXG_D_MODEL_H
#define MDD_TXG_D_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_TXG_D_SPI 0xFFu /* mdd_txg_d_compact's src of an SPI lane */

typedef struct mdd_txg_d_in {
    bool rst;
    bool load;
    uint8_t ld_op;          /* MDD_DIF_* */
    uint32_t ld_blk;        /* BLK_LEN, 16 bits, >= 1 unless NONE */
    uint8_t ld_pi;          /* PI length: 8 or 16 */
    uint32_t ld_dif_pos;    /* DIF_POS, < blk + pi */
    /* P's part at D's input (the head of P's FIFO) and whether D's output FIFO has room */
    bool go;
    uint8_t lo, hi;
    uint8_t cls[MDD_RX_MAX_W];          /* P's: MDD_TXG_L_* */
    uint64_t pi_here;
    uint8_t dc[MDD_RX_MAX_W];           /* the part's DATA lanes before lane i, from lo */
    uint8_t dc_n;                       /* the part's DATA lanes */
} mdd_txg_d_in;

typedef struct mdd_txg_d_out {
    bool v;                             /* a word is laid out */
    bool pop;                           /* it takes the part to its end */
    uint8_t first, next;                /* input lanes [first, next) are in it */
    uint8_t n;                          /* output lanes 1..W */
    /* per input lane: in the word, D's class (PAY or PI for DATA lanes, else P's), the PI byte, the EB lane */
    uint64_t take, eb;
    uint8_t cls[MDD_RX_MAX_W];
    uint8_t aux[MDD_RX_MAX_W];
    /* per input lane: the SPI lanes in front of it in the word (0, kp, pi or kp + pi; its output lane is
     * i - first + ins) */
    uint8_t ins[MDD_RX_MAX_W];
    /* the SPI runs laid out: kp's (output lanes r1_pos.., PI bytes from pi - kp) and the one after the EB lane
     * (r2_pos.., PI bytes from 0); a length 0 run is not in the word */
    uint8_t r1_pos, r1_len, r2_pos, r2_len;
    uint8_t p1, p2;                     /* the runs' lanes (hi if none in the part) */
    /* per word: the DIF position at the word's first lane, and the state that gives it */
    uint32_t q;
    int64_t e;
    uint8_t kp;
} mdd_txg_d_out;

typedef struct mdd_txg_d_model {
    unsigned w;
    /* configuration */
    uint8_t op, pi;
    uint32_t blk, q0;
    /* the loop */
    bool mid;           /* the head part is taken on from lane j */
    uint8_t j;
    int64_t e;          /* dc of the next block end (not NONE) */
    uint8_t kp;         /* CHECK_STRIP: SPI lanes due in front of the next pi_here lane */
} mdd_txg_d_model;

int mdd_txg_d_model_init(mdd_txg_d_model *m, unsigned w);
void mdd_txg_d_eval(const mdd_txg_d_model *m, const mdd_txg_d_in *in, mdd_txg_d_out *out);
void mdd_txg_d_tick(mdd_txg_d_model *m, const mdd_txg_d_in *in);
/* The word compact from lane 0 (the shift after D's decisions): per output lane the input lane (or
 * MDD_TXG_D_SPI), class and PI byte; eb_out the EB's output lane (W if none). */
void mdd_txg_d_compact(const mdd_txg_d_model *m, const mdd_txg_d_out *o, uint8_t *src, uint8_t *cls, uint8_t *aux,
                       uint8_t *eb_out);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_D_MODEL_H */

// SPDX-License-Identifier: MIT
//
// X's word as F's FIFO holds it (rtl/mdd_txg_lay.v's xf entries, and rtl/mdd_txg.v's copy of the current head,
// D-094): the entry's width and its fields' offsets. Included inside a module that has W, NW ($clog2(W + 1)) and
// SW (the lane fill's select width) as parameters or localparams. rtl/mdd_txg_xw.v unpacks an entry; the lay
// packs it in the same order (n first, sel last).
/* verilator lint_off UNUSEDPARAM */
localparam XO_CLS   = NW;
localparam XO_FLAGS = NW + 4 * W;
localparam XO_AUX   = NW + 8 * W;
localparam XO_MB    = NW + 12 * W;
localparam XO_PLOW  = NW + 15 * W;
localparam XO_K     = NW + 18 * W;                 // then boundary, parse, upto, mrk_after, run, host: W each
localparam XO_HL    = NW + 25 * W;
localparam XO_HLN   = NW + 25 * W + NW * W;
localparam XO_RP    = 2 * NW + 25 * W + NW * W;    // r_p0, r_p1, r_mval0, r_mval1, r_bnd0, r_bnd1, pdus, sel
localparam XF_W     = XO_RP + 116 + SW;
/* verilator lint_on UNUSEDPARAM */

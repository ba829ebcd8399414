// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator: the fields of X's word as F's FIFO holds it (the
 * layout pipeline's head for F, rtl/mdd_txg_lay.v, and the generator's copy
 * of it next to F, rtl/mdd_txg.v: D-094).  Wires only; the offsets are
 * rtl/mdd_txg_xf.vh's.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_xw #(
    parameter W = 8
) (
    input  wire [XF_W-1:0]  w,
    output wire [NW-1:0]    n,
    output wire [4*W-1:0]   cls,
    output wire [4*W-1:0]   flags,
    output wire [4*W-1:0]   aux,
    output wire [3*W-1:0]   mb,
    output wire [3*W-1:0]   plow,
    output wire [W-1:0]     k,
    output wire [W-1:0]     boundary,
    output wire [W-1:0]     parse,
    output wire [W-1:0]     upto,
    output wire [W-1:0]     mrk_after,
    output wire [W-1:0]     run,
    output wire [W-1:0]     host,
    output wire [NW*W-1:0]  hl,
    output wire [NW-1:0]    hl_n,
    output wire [24:0]      r_p0,
    output wire [24:0]      r_p1,
    output wire [15:0]      r_mval0,
    output wire [15:0]      r_mval1,
    output wire             r_bnd0,
    output wire             r_bnd1,
    output wire [31:0]      pdus,
    output wire [SW-1:0]    sel
);

localparam NW = $clog2(W + 1);
localparam L  = $clog2(W);
localparam G  = (L + 1) / 2;
localparam SW = 2 * G * W;

`include "mdd_txg_xf.vh"

assign n         = w[0 +: NW];
assign cls       = w[XO_CLS +: 4 * W];
assign flags     = w[XO_FLAGS +: 4 * W];
assign aux       = w[XO_AUX +: 4 * W];
assign mb        = w[XO_MB +: 3 * W];
assign plow      = w[XO_PLOW +: 3 * W];
assign k         = w[XO_K +: W];
assign boundary  = w[XO_K + W +: W];
assign parse     = w[XO_K + 2 * W +: W];
assign upto      = w[XO_K + 3 * W +: W];
assign mrk_after = w[XO_K + 4 * W +: W];
assign run       = w[XO_K + 5 * W +: W];
assign host      = w[XO_K + 6 * W +: W];
assign hl        = w[XO_HL +: NW * W];
assign hl_n      = w[XO_HLN +: NW];
assign r_p0      = w[XO_RP +: 25];
assign r_p1      = w[XO_RP + 25 +: 25];
assign r_mval0   = w[XO_RP + 50 +: 16];
assign r_mval1   = w[XO_RP + 66 +: 16];
assign r_bnd0    = w[XO_RP + 82];
assign r_bnd1    = w[XO_RP + 83];
assign pdus      = w[XO_RP + 84 +: 32];
assign sel       = w[XO_RP + 116 +: SW];

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator: stage F's error record from its event candidates.
 *
 * F (rtl/mdd_txg_f.v) reports at most three events a word: DESC (a bad
 * transfer's first word), UPSTREAM (the first host byte used whose beat had
 * tuser; n_up of them) and FRAME (one kind a transfer: an AFTER lane without
 * self-framing, MPA's ULPDU_Length, iSCSI's T3 short of the lengths).  Their
 * fields do not depend on whether the event happens, so F computes them beside
 * its control, and only the three event bits come from the control's outcome.
 * This merge is D-036's first-error rule on them, as the twin's
 * mdd_rx_word_merge: the smallest offset, ties the smaller code (DESC 1 <
 * UPSTREAM 2 < FRAME 9); DESC comes alone (a bad transfer's first word).
 *
 * Combinational.  F uses it for its own error outputs (its lockstep bench
 * compares them); the generator (rtl/mdd_txg.v) registers the candidates in
 * its first output register and merges behind it (D-094), so the offsets'
 * compare and the merge's wide selects are not in F's cycle.
 */
module mdd_txg_err (
    input  wire        ev_desc,
    input  wire        ev_up,
    input  wire        ev_frame,
    input  wire [6:0]  n_up,
    input  wire [31:0] up_off,
    input  wire [31:0] fr_off,
    input  wire [31:0] fr_unit,
    input  wire [24:0] fr_exp,
    input  wire [24:0] fr_got,

    output wire        err_v,
    output reg  [7:0]  err_code,
    output wire [7:0]  err_byte,
    output reg  [31:0] err_off,
    output reg  [31:0] err_unit,
    output reg  [63:0] err_exp,
    output reg  [63:0] err_got,
    output wire [15:0] emap,
    output wire [7:0]  ecnt
);

`include "mdd_formats.vh"

wire up_wins = ev_up && (!ev_frame || up_off <= fr_off);

always @* begin
    err_code = 8'd0;
    err_off = 32'd0;
    err_unit = 32'd0;
    err_exp = 64'd0;
    err_got = 64'd0;
    if (ev_desc) begin
        err_code = MDD_ERR_DESC[7:0];
    end else if (up_wins) begin
        err_code = MDD_ERR_UPSTREAM[7:0];
        err_off = up_off;
    end else if (ev_frame) begin
        err_code = MDD_ERR_FRAME[7:0];
        err_off = fr_off;
        err_unit = fr_unit;
        err_exp = {39'd0, fr_exp};
        err_got = {39'd0, fr_got};
    end
end

assign err_v = ev_desc || ev_up || ev_frame;
assign err_byte = 8'd0;
assign emap = ({15'd0, ev_desc} << MDD_ERR_DESC) | ({15'd0, ev_up} << MDD_ERR_UPSTREAM) |
              ({15'd0, ev_frame} << MDD_ERR_FRAME);
assign ecnt = {7'd0, ev_desc} + {1'b0, n_up} + {7'd0, ev_frame};

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage M: the marker counter and the window.
 *
 * The first of the four stages of the staged generator (docs/timing.md section
 * 4, D-070; not instantiated yet: its twin model/mdd_txg_m_model.c runs inside
 * the staged twin, model/mdd_txg_staged.c).  A word is W wire lanes: each
 * lane is a marker byte or not (the PDU stage classifies the others), with
 * the window's K and whether the next wire byte starts a marker (mnext, for
 * the PDU stage's ED rule).  A word holds at most one marker start: a second
 * one inside the word or right after it (period <= W) ends the word at lane
 * d + period, so the next one starts at a marker.
 *
 * The loop keeps only the registers every lane decision compares with: the
 * distance d to the next marker start, the marker position, skip and pass;
 * the next state is one of two candidates per register chosen by one compare
 * (a second start or not), with d + period kept beside d and period - W
 * registered at load.
 * The word is combinational from the registers; the caller registers it
 * (the next stage's FIFO).
 *
 * Ports: load takes a transfer's start state (MRK_EN, MRK_PERIOD, the
 * marker length, MRK_POS, SKIP_LEN, PASS_LEN; wire count 0), no word in that
 * cycle; run takes the word (the state advances by n wire bytes).  Outputs:
 * n (lanes in the word, 1..W), per lane mrk, k, mnext and the marker byte mb
 * (3 bits a lane, 0 on other lanes), all 0 from lane n; the state at the
 * word's start.  rst clears the state.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_m #(
    parameter W = 8
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                load,
    input  wire                ld_mrk_en,
    input  wire [18:0]         ld_period,
    input  wire [3:0]          ld_ml,
    input  wire [18:0]         ld_mrk_pos,
    input  wire [31:0]         ld_skip,
    input  wire [31:0]         ld_pass,
    input  wire                run,
    output wire [NW-1:0]       n,
    output wire [W-1:0]        mrk,
    output wire [W-1:0]        k,
    output wire [W-1:0]        mnext,
    output wire [3*W-1:0]      mb,
    output wire [31:0]         wire_cnt,
    output wire [18:0]         mrk_pos,
    output wire [31:0]         skip,
    output wire [31:0]         pass
);

localparam NW = $clog2(W + 1);
localparam [31:0] W32 = W;
localparam [19:0] W20 = W32[19:0];
localparam [18:0] W19 = W32[18:0];

reg        mrk_en_r = 1'b0;
reg [18:0] period_r = 19'd0;
reg [3:0]  ml_r = 4'd0;
reg [18:0] d_r = 19'd0;
reg [18:0] mrk_pos_r = 19'd0;
reg [31:0] skip_r = 32'd0;
reg [31:0] pass_r = 32'd0;
reg [31:0] wire_r = 32'd0;
// d + period (the second marker start's lane, if it is in this word) and period - W, signed
reg [19:0] dpp_r = 20'd0;
reg [19:0] pmw_r = 20'd0;

// a second marker start inside the word or right after it: d + period <= W
wire second = mrk_en_r && dpp_r <= W20;
wire [NW-1:0] n_second = dpp_r[NW-1:0];
assign n = second ? n_second : W[NW-1:0];

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [31:0] LI = gi;
        wire       in_word = gi < n;
        wire       cont = {13'd0, d_r} > gi && {13'd0, mrk_pos_r} + gi < {28'd0, ml_r};
        wire       start = {13'd0, d_r} <= gi && {13'd0, d_r} + {28'd0, ml_r} > gi;
        wire [2:0] mb_cont = mrk_pos_r[2:0] + LI[2:0];
        wire [2:0] mb_start = LI[2:0] - d_r[2:0];
        assign mrk[gi] = in_word && mrk_en_r && (cont || start);
        assign mb[3*gi +: 3] = in_word && mrk_en_r && (cont || start) ? (cont ? mb_cont : mb_start) : 3'd0;
        assign mnext[gi] = in_word && mrk_en_r && ({13'd0, d_r} == gi + 1 || {12'd0, dpp_r} == gi + 1);
        assign k[gi] = in_word && skip_r <= gi && pass_r > gi - skip_r;
    end
endgenerate

assign wire_cnt = wire_r;
assign mrk_pos = mrk_pos_r;
assign skip = skip_r;
assign pass = pass_r;

// the next state, n wire bytes on: skip and pass for both candidate lane counts (W, and d + period with a
// second marker start) beside the decision, selected by it (so the decision is not in front of their carry
// chains: ECP5 76 MHz with n first)
wire [31:0] n32 = {{(32 - NW){1'b0}}, n};
wire [31:0] nw32 = W32;
wire [31:0] n2_32 = {{(32 - NW){1'b0}}, n_second};
wire [31:0] pass_used_w = skip_r >= nw32 ? 32'd0 : nw32 - skip_r;
wire [31:0] pass_used_2 = skip_r >= n2_32 ? 32'd0 : n2_32 - skip_r;
wire [31:0] pass_next_w = pass_r > pass_used_w ? pass_r - pass_used_w : 32'd0;
wire [31:0] pass_next_2 = pass_r > pass_used_2 ? pass_r - pass_used_2 : 32'd0;
wire [31:0] skip_next_w = skip_r > nw32 ? skip_r - nw32 : 32'd0;
wire [31:0] skip_next_2 = skip_r > n2_32 ? skip_r - n2_32 : 32'd0;

always @(posedge clk) begin
    if (rst) begin
        mrk_en_r <= 1'b0;
        period_r <= 19'd0;
        ml_r <= 4'd0;
        d_r <= 19'd0;
        mrk_pos_r <= 19'd0;
        skip_r <= 32'd0;
        pass_r <= 32'd0;
        wire_r <= 32'd0;
        dpp_r <= 20'd0;
        pmw_r <= 20'd0;
    end else if (load) begin
        mrk_en_r <= ld_mrk_en;
        period_r <= ld_period;
        ml_r <= ld_ml;
        mrk_pos_r <= ld_mrk_pos;
        d_r <= !ld_mrk_en || ld_mrk_pos == 19'd0 ? 19'd0 : ld_period - ld_mrk_pos;
        skip_r <= ld_skip;
        pass_r <= ld_pass;
        wire_r <= 32'd0;
        dpp_r <= (!ld_mrk_en || ld_mrk_pos == 19'd0 ? 20'd0 : {1'b0, ld_period - ld_mrk_pos}) + {1'b0, ld_period};
        pmw_r <= {1'b0, ld_period} - W20;
    end else if (run) begin
        if (second) begin
            d_r <= 19'd0;
            dpp_r <= {1'b0, period_r};
            mrk_pos_r <= 19'd0;
        end else if (mrk_en_r) begin
            // n = W < d + period: at most one marker start passed, not at the word's end
            d_r <= d_r >= W19 ? d_r - W19 : d_r + pmw_r[18:0];
            dpp_r <= d_r >= W19 ? dpp_r - W20 : dpp_r + pmw_r;
            mrk_pos_r <= $signed({1'b0, mrk_pos_r}) >= $signed(pmw_r) ? mrk_pos_r - pmw_r[18:0] : mrk_pos_r + W19;
        end
        pass_r <= second ? pass_next_2 : pass_next_w;
        skip_r <= second ? skip_next_2 : skip_next_w;
        wire_r <= wire_r + n32;
    end
end

endmodule

`resetall

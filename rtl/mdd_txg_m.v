// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage M: the marker counter and the window.
 *
 * The first of the four stages of the staged generator (docs/timing.md section
 * 4, D-070, in mdd_txg (the TX path's generator, D-097): its twin model/mdd_txg_m_model.c runs inside
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
 * registered at load; skip and pass matter only below W, so beside them
 * "at least W" flags let lanes and the next state read them saturated at W.
 * The word is combinational from the registers; the caller registers it
 * (the next stage's FIFO).
 *
 * Ports: load takes a transfer's start state (MRK_EN, MRK_PERIOD, the
 * marker length, MRK_POS, SKIP_LEN, PASS_LEN; wire count 0), no word in that
 * cycle; run takes the word (the state advances by n wire bytes).  Outputs:
 * n (lanes in the word, 1..W), per lane mrk, k, mnext and the marker byte mb
 * (3 bits a lane, 0 on other lanes), all 0 from lane n; for the PDU stage the
 * non-marker prefix counts: per lane pc (NW bits a lane: lanes j < i with
 * mrk[j] 0, so lanes from n count as non-marker), pc_l (pc of lane n - 1) and
 * pc_n (the word's non-marker lanes); the state at the word's start.  rst
 * clears the state.
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
    output wire [NW*W-1:0]     pc,
    output wire [NW-1:0]       pc_l,
    output wire [NW-1:0]       pc_n,
    output wire [31:0]         wire_cnt,
    output wire [18:0]         mrk_pos,
    output wire [31:0]         skip,
    output wire [31:0]         pass
);

localparam NW = $clog2(W + 1);
localparam [31:0] W32 = W;
localparam [19:0] W20 = W32[19:0];
localparam [18:0] W19 = W32[18:0];
localparam [NW-1:0] WN = W32[NW-1:0];
localparam LW = $clog2(W);

reg        mrk_en_r = 1'b0;
reg [18:0] period_r = 19'd0;
reg [3:0]  ml_r = 4'd0;
reg [18:0] d_r = 19'd0;
reg [18:0] mrk_pos_r = 19'd0;
reg [31:0] skip_r = 32'd0;
reg [31:0] pass_r = 32'd0;
reg [31:0] wire_r = 32'd0;
// skip_r >= W, pass_r >= W: below W they decide lanes, so lanes and the window bytes a word takes read them
// saturated at W (flag and low bits), not as 32-bit compares, and their next values are one carry chain each
reg        skip_ge_r = 1'b0;
reg        pass_ge_r = 1'b0;
// d + period (the second marker start's lane, if it is in this word) and period - W, signed
reg [19:0] dpp_r = 20'd0;
reg [19:0] pmw_r = 20'd0;
// d - (period - ml), signed, kept beside d as dpp_r is (d is period - MRK_POS, so this is ml - MRK_POS: where
// positive, the lanes left of the marker the word starts in, cl below); ml - period, its value at a marker
// start, registered at load; -1 with markers off
reg [19:0] dm_r = 20'd0;
reg [19:0] mlp_r = 20'd0;

wire [NW-1:0] skip_s = skip_ge_r ? WN : {1'b0, skip_r[LW-1:0]};
wire [NW-1:0] pass_s = pass_ge_r ? WN : {1'b0, pass_r[LW-1:0]};

// a second marker start inside the word or right after it: mrk_en_r && d + period <= W, registered (it selects
// every next value, n and the lanes' in_word, so a 20-bit compare in front of them all cost levels at W = 64)
// from compares of the current registers with bounds registered at load: period <= W (after a marker start,
// d + period is period) and 2W - period (after a word of W lanes that passes a marker start, d + period grows by
// period - W)
reg        second_r = 1'b0;
reg        ple_r = 1'b0;
reg [20:0] twmp_r = 21'd0;
wire second = second_r;
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
        wire [NW-1:0] li = LI[NW-1:0];
        assign k[gi] = in_word && skip_s <= li && pass_s > li - skip_s;
    end
endgenerate

// The non-marker prefix counts, from the registers rather than by counting mrk (a ripple of W adders): the word's
// marker lanes are at most two runs, the rest of the marker the word starts in (lanes [0, cl), cl < d) and the
// marker starting at lane d (lanes [d, d + ml)), so the lanes before lane i hold
//   i <= cl          : no non-marker lane       pc 0
//   cl < i <= d      : the first run            pc i - cl
//   d < i <= d + ml  : it and part of the second pc d - cl
//   d + ml < i       : both runs                pc i - cl - ml
// Counts are at most W, so the subtractions are NW bits wide (mod 2^NW); the compares with d look at d's low NW
// bits and whether any higher bit is set (d_far: no marker start below lane 2^NW > W).
localparam SW = (NW > 4 ? NW : 4) + 1;   // d_lo + ml without overflow (ml < 16)
wire [3:0]    cl = dm_r[19] ? 4'd0 : dm_r[3:0];   // dm_r <= ml
wire          d_far = !mrk_en_r || d_r[18:NW] != {(19 - NW){1'b0}};
wire [NW-1:0] d_lo = d_r[NW-1:0];
wire [SW-1:0] dml_lo = {{(SW - NW){1'b0}}, d_lo} + {{(SW - 4){1'b0}}, ml_r};
wire [NW-1:0] cl_n = {{(NW > 4 ? NW - 4 : 0){1'b0}}, cl[(NW > 4 ? 3 : NW - 1):0]};
wire [NW-1:0] ml_n = {{(NW > 4 ? NW - 4 : 0){1'b0}}, ml_r[(NW > 4 ? 3 : NW - 1):0]};
wire [NW-1:0] gap = d_lo - cl_n;      // d - cl: non-marker lanes between the runs
wire [NW-1:0] clml = cl_n + ml_n;     // both runs' lanes

// pc at lane (or lane count) I, 0..W (the registers' values are arguments: Icarus re-evaluates a continuous
// assignment only when the function's arguments change)
function [NW-1:0] pc_at;
    input integer I;
    input [3:0] p_cl;
    input p_d_far;
    input [NW-1:0] p_d_lo, p_cl_n, p_gap, p_clml;
    input [SW-1:0] p_dml_lo;
    reg [NW-1:0] iv;
    begin
        iv = I[NW-1:0];
        if (I <= {28'd0, p_cl})
            pc_at = {NW{1'b0}};
        else if (p_d_far || I <= {{(32 - NW){1'b0}}, p_d_lo})
            pc_at = iv - p_cl_n;
        else if (I <= {{(32 - SW){1'b0}}, p_dml_lo})
            pc_at = p_gap;
        else
            pc_at = iv - p_clml;
    end
endfunction

generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_pc
        assign pc[gi*NW +: NW] = pc_at(gi, cl, d_far, d_lo, cl_n, gap, clml, dml_lo);
    end
endgenerate
// a word ended by a second marker start holds both runs whole, and its last lane (d + period - 1 >= d + ml) is
// not a marker
assign pc_n = second ? n_second - clml : pc_at(W, cl, d_far, d_lo, cl_n, gap, clml, dml_lo);
assign pc_l = second ? n_second - clml - {{(NW - 1){1'b0}}, 1'b1} : pc_at(W - 1, cl, d_far, d_lo, cl_n, gap, clml, dml_lo);

assign wire_cnt = wire_r;
assign mrk_pos = mrk_pos_r;
assign skip = skip_r;
assign pass = pass_r;

// the next state, n wire bytes on: every 32-bit value for both candidate lane counts (W, and d + period with a
// second marker start) beside the decision, selected by it (so the decision is not in front of their carry
// chains: ECP5 76 MHz with n first), each one carry chain from registers and small logic: the window bytes the
// word takes (used, at most W) from skip saturated at W, a saturating subtraction as its borrow, the ">= W"
// flags as compares with a small bound (ECP5 99 MHz with the 32-bit used in front of pass's chain)
wire [NW-1:0] used_w = skip_ge_r ? {NW{1'b0}} : WN - skip_s;
wire [NW-1:0] used_2 = skip_s >= n_second ? {NW{1'b0}} : n_second - skip_s;
wire [32:0]   pass_d_w = {1'b0, pass_r} - {{(33 - NW){1'b0}}, used_w};
wire [32:0]   pass_d_2 = {1'b0, pass_r} - {{(33 - NW){1'b0}}, used_2};
wire [32:0]   skip_d_w = {1'b0, skip_r} - {{(33 - NW){1'b0}}, WN};
wire [32:0]   skip_d_2 = {1'b0, skip_r} - {{(33 - NW){1'b0}}, n_second};
wire [31:0]   pass_next_w = pass_d_w[32] ? 32'd0 : pass_d_w[31:0];
wire [31:0]   pass_next_2 = pass_d_2[32] ? 32'd0 : pass_d_2[31:0];
wire [31:0]   skip_next_w = skip_d_w[32] ? 32'd0 : skip_d_w[31:0];
wire [31:0]   skip_next_2 = skip_d_2[32] ? 32'd0 : skip_d_2[31:0];
// pass - used >= W, skip - n >= W (used, n <= W: the sums fit NW + 1 bits)
wire [NW:0]   pass_b_w = {1'b0, used_w} + {1'b0, WN};
wire [NW:0]   pass_b_2 = {1'b0, used_2} + {1'b0, WN};
wire [NW:0]   skip_b_2 = {1'b0, n_second} + {1'b0, WN};
wire          pass_ge_w = pass_r >= {{(31 - NW){1'b0}}, pass_b_w};
wire          pass_ge_2 = pass_r >= {{(31 - NW){1'b0}}, pass_b_2};
wire          skip_ge_w = skip_r >= {W32[30:0], 1'b0};
wire          skip_ge_2 = skip_r >= {{(31 - NW){1'b0}}, skip_b_2};

// d + period at the load: the "no marker before" select after the sum, and "<= W" as bit tests (W a power of 2),
// so that no select or compare chain stands beside the two sums (the load's deepest path, D-106)
wire [18:0] ld_d    = ld_period - ld_mrk_pos;
wire        ld_dz   = !ld_mrk_en || ld_mrk_pos == 19'd0;
wire [19:0] ld_dpp_s = {1'b0, ld_d} + {1'b0, ld_period};
wire [19:0] ld_dpp  = ld_dz ? {1'b0, ld_period} : ld_dpp_s;
function le_w(input [19:0] x);   // x <= W
    le_w = x[19:LW] == {(20 - LW){1'b0}} || x == W20;
endfunction
wire        ld_second = ld_mrk_en && (ld_dz ? le_w({1'b0, ld_period}) : le_w(ld_dpp_s));

always @(posedge clk) begin
    if (rst) begin
        mrk_en_r <= 1'b0;
        period_r <= 19'd0;
        ml_r <= 4'd0;
        d_r <= 19'd0;
        mrk_pos_r <= 19'd0;
        skip_r <= 32'd0;
        pass_r <= 32'd0;
        skip_ge_r <= 1'b0;
        pass_ge_r <= 1'b0;
        wire_r <= 32'd0;
        dpp_r <= 20'd0;
        pmw_r <= 20'd0;
        second_r <= 1'b0;
        ple_r <= 1'b0;
        twmp_r <= 21'd0;
        dm_r <= 20'd0;
        mlp_r <= 20'd0;
    end else if (load) begin
        mrk_en_r <= ld_mrk_en;
        period_r <= ld_period;
        ml_r <= ld_ml;
        mrk_pos_r <= ld_mrk_pos;
        d_r <= ld_dz ? 19'd0 : ld_d;
        skip_r <= ld_skip;
        pass_r <= ld_pass;
        skip_ge_r <= ld_skip >= W32;
        pass_ge_r <= ld_pass >= W32;
        wire_r <= 32'd0;
        dpp_r <= ld_dpp;
        second_r <= ld_second;
        ple_r <= ld_period <= W19;
        twmp_r <= {W20, 1'b0} - {2'b0, ld_period};
        pmw_r <= {1'b0, ld_period} - W20;
        dm_r <= !ld_mrk_en ? {20{1'b1}} : {16'd0, ld_ml} - {1'b0, ld_mrk_pos == 19'd0 ? ld_period : ld_mrk_pos};
        mlp_r <= {16'd0, ld_ml} - {1'b0, ld_period};
    end else if (run) begin
        if (second) begin
            d_r <= 19'd0;
            dpp_r <= {1'b0, period_r};
            second_r <= ple_r;
            dm_r <= mlp_r;
            mrk_pos_r <= 19'd0;
        end else if (mrk_en_r) begin
            // n = W < d + period: at most one marker start passed, not at the word's end
            d_r <= d_r >= W19 ? d_r - W19 : d_r + pmw_r[18:0];
            dpp_r <= d_r >= W19 ? dpp_r - W20 : dpp_r + pmw_r;
            second_r <= d_r >= W19 ? dpp_r <= {W20[18:0], 1'b0} : $signed({1'b0, dpp_r}) <= $signed(twmp_r);
            dm_r <= d_r >= W19 ? dm_r - W20 : dm_r + pmw_r;
            mrk_pos_r <= $signed({1'b0, mrk_pos_r}) >= $signed(pmw_r) ? mrk_pos_r - pmw_r[18:0] : mrk_pos_r + W19;
        end
        pass_r <= second ? pass_next_2 : pass_next_w;
        skip_r <= second ? skip_next_2 : skip_next_w;
        pass_ge_r <= second ? pass_ge_2 : pass_ge_w;
        skip_ge_r <= second ? skip_ge_2 : skip_ge_w;
        wire_r <= second ? wire_r + {{(32 - NW){1'b0}}, n_second} : wire_r + W32;
    end
end

endmodule

`resetall

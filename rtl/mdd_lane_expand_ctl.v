// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Lane expansion, control: for a W-lane destination mask, the selects of
 * mdd_lane_expand, which moves compact lanes 0, 1, 2 ... to the mask's set
 * lanes in order (lane i of the mask takes compact lane hl[i], the set lanes
 * below i), and hl itself.
 *
 * Why a network: a lane taking any compact lane below it is a W-way select
 * per lane, W squared in area (the staged TX generator's lane fill measured
 * 17.5k LUT at W = 64 that way). The expansion is the compaction network run
 * backwards: lane i is displaced by nh[i] = i - hl[i] (the clear lanes below
 * it, non-decreasing over the set lanes), and a network of radix-4 groups,
 * most significant digit first, moves each element right by its digit times
 * 4^g in group g, collision-free because its mirror, the compaction with the
 * least significant digit first, is (mdd_compact's argument).
 *
 * The select of group g at output lane q is the digit g of nh of the element
 * that arrives at q, which is where the compaction (LSB digit first) has the
 * element before its group g: lane i - (nh[i] mod 4^g). So this block runs
 * that compaction on the records (set, nh) and taps its state before each
 * group: group 0's selects are nh's low digit per lane, each later group's
 * come after one more radix-4 step (an output picks the one of four records
 * 4^g apart whose digit points at it). Lanes that no element reaches get
 * select 0 (their output is not a set lane's).
 *
 * Combinational. The selects depend on the mask alone: in the staged TX
 * generator they are made with D's word in the register stage in front of F,
 * which then moves bytes through mdd_lane_expand with registered selects.
 *
 * Parameters:
 *   W   lanes (4, 8, 16, 32 or 64)
 * Derived: L = log2(W), G = ceil(L / 2) groups (the last one radix 2 if L is
 * odd), NW = L + 1 bits of hl.
 */
module mdd_lane_expand_ctl #(
    parameter W = 8
) (
    input  wire [W-1:0]                          mask,
    output wire [2*((($clog2(W))+1)/2)*W-1:0]    sel,   // group g, lane q: bits 2(gW + q) +: 2
    output wire [($clog2(W)+1)*W-1:0]            hl     // lane i: set lanes below it
);

localparam L  = $clog2(W);
localparam G  = (L + 1) / 2;
localparam NW = L + 1;
localparam CW = L + 2;

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire [CW*W-1:0] set_below, clr_below;
wire [CW-1:0]   set_n, clr_n;
/* verilator lint_on UNUSEDSIGNAL */

mdd_lane_count #(.W(W), .CW(CW)) cnt_set (
    .clk(1'b0), .en(1'b0), .mask(mask), .cnt_below(set_below), .cnt_total(set_n)
);
mdd_lane_count #(.W(W), .CW(CW)) cnt_clr (
    .clk(1'b0), .en(1'b0), .mask(~mask), .cnt_below(clr_below), .cnt_total(clr_n)
);

genvar g, q, a;
generate
for (q = 0; q < W; q = q + 1) begin : g_hl
    assign hl[NW*q +: NW] = set_below[CW*q +: NW];
end

// g_fw[g]: the compaction's records before its group g (set flag, nh)
for (g = 0; g < G; g = g + 1) begin : g_fw
    localparam GW = (2 * g + 1 < L) ? 2 : 1;   // digit bits of group g
    wire [W-1:0]   v;
    wire [L*W-1:0] f;
    if (g == 0) begin : g_init
        assign v = mask;
        for (q = 0; q < W; q = q + 1) begin : g_lane
            assign f[L*q +: L] = clr_below[CW*q +: L];
        end
    end else begin : g_step
        // group g - 1 (radix 4): output q takes the record at q + a 4^(g-1) whose digit is a
        localparam SB = 1 << (2 * (g - 1));
        for (q = 0; q < W; q = q + 1) begin : g_lane
            wire [3:0]   hit;
            wire [4*L-1:0] rec;
            for (a = 0; a < 4; a = a + 1) begin : g_cand
                if (q + a * SB < W) begin : g_in
                    wire [L-1:0] fa = g_fw[g-1].f[L*(q + a*SB) +: L];
                    assign hit[a] = g_fw[g-1].v[q + a*SB] && fa[2*(g-1) +: 2] == a;
                    assign rec[L*a +: L] = hit[a] ? fa : {L{1'b0}};
                end else begin : g_out
                    assign hit[a] = 1'b0;
                    assign rec[L*a +: L] = {L{1'b0}};
                end
            end
            assign v[q] = |hit;
            assign f[L*q +: L] = rec[0 +: L] | rec[L +: L] | rec[2*L +: L] | rec[3*L +: L];
        end
    end
    for (q = 0; q < W; q = q + 1) begin : g_sel
        /* verilator lint_off UNUSEDSIGNAL */
        wire [L-1:0] fq = f[L*q +: L];   // (digit g only)
        /* verilator lint_on UNUSEDSIGNAL */
        if (GW == 2) begin : g_r4
            assign sel[2*(g*W + q) +: 2] = v[q] ? fq[2*g +: 2] : 2'b00;
        end else begin : g_r2
            assign sel[2*(g*W + q) +: 2] = {1'b0, v[q] && fq[2*g]};
        end
    end
end
endgenerate

endmodule

`resetall

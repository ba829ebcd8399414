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
 * element before its group g: lane i - (nh[i] mod 4^g). So lane q's select
 * in group g is the digit of the set lane i in [q, q + 4^g) whose nh mod 4^g
 * is i - q (one at most): 4^g candidates a lane, every group from nh at once
 * (running the compaction itself put the groups in series). Lanes that no
 * element reaches get select 0 (their output is not a set lane's).
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

mdd_lane_count #(.W(W), .CW(CW), .GATES(W >= 32 ? 1 : 0)) cnt_set (
    .clk(1'b0), .en(1'b0), .mask(mask), .cnt_below(set_below), .cnt_total(set_n)
);
mdd_lane_count #(.W(W), .CW(CW), .GATES(W >= 32 ? 1 : 0)) cnt_clr (
    .clk(1'b0), .en(1'b0), .mask(~mask), .cnt_below(clr_below), .cnt_total(clr_n)
);

genvar g, q, a;
generate
for (q = 0; q < W; q = q + 1) begin : g_hl
    assign hl[NW*q +: NW] = set_below[CW*q +: NW];
end

// Group g's select at lane q, in closed form and every group in parallel: the element there is the set lane i
// in [q, q + 4^g) with nh[i] mod 4^g = i - q (one at most, the compaction being collision-free), and the select
// is nh[i]'s digit g. (Running the compaction group by group puts the groups' selects in series: 17 levels at
// W = 64, 2026-12-02.)
for (g = 0; g < G; g = g + 1) begin : g_grp
    localparam GW = (2 * g + 1 < L) ? 2 : 1;   // digit bits of group g
    localparam SPAN = 1 << (2 * g);             // 4^g candidates
    for (q = 0; q < W; q = q + 1) begin : g_lane
        wire [2*SPAN-1:0] cand;
        for (a = 0; a < SPAN; a = a + 1) begin : g_cand
            if (q + a < W) begin : g_in
                /* verilator lint_off UNUSEDSIGNAL */
                wire [L-1:0] nh = clr_below[CW*(q + a) +: L];
                /* verilator lint_on UNUSEDSIGNAL */
                wire hit;
                if (g == 0) begin : g_g0
                    assign hit = mask[q + a];
                end else begin : g_gn
                    localparam [2*G-1:0] A = a;
                    assign hit = mask[q + a] && nh[2*g-1:0] == A[2*g-1:0];
                end
                if (GW == 2) begin : g_r4
                    assign cand[2*a +: 2] = hit ? nh[2*g +: 2] : 2'b00;
                end else begin : g_r2
                    assign cand[2*a +: 2] = {1'b0, hit && nh[2*g]};
                end
            end else begin : g_out
                assign cand[2*a +: 2] = 2'b00;
            end
        end
        // OR of the candidates (at most one is not zero)
        reg [1:0] s;
        integer k;
        always @(*) begin
            s = 2'b00;
            for (k = 0; k < SPAN; k = k + 1) s = s | cand[2*k +: 2];
        end
        assign sel[2*(g*W + q) +: 2] = s;
    end
end
endgenerate

endmodule

`resetall

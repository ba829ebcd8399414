// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Lane expansion, data: compact lanes 0, 1, 2 ... of src move to the set
 * lanes of a destination mask in order, through ceil(log2(W) / 2) radix-4
 * groups, most significant digit first: in group g an output lane q takes the
 * lane sel(g, q) x 4^g below it (sel from mdd_lane_expand_ctl, which explains
 * the network). Each group is a 4-way select per lane with two select bits:
 * one LUT6 per bit, G LUT levels in all (W = 64: 3).
 * Lanes of dst that are not set lanes of the mask hold whatever reaches them.
 *
 * Combinational. Parameters: W lanes (4 .. 64), LANE_W bits per lane.
 */
module mdd_lane_expand #(
    parameter W = 8,
    parameter LANE_W = 8
) (
    input  wire [LANE_W*W-1:0]                   src,
    input  wire [2*((($clog2(W))+1)/2)*W-1:0]    sel,
    output wire [LANE_W*W-1:0]                   dst
);

localparam L = $clog2(W);
localparam G = (L + 1) / 2;

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

genvar k, q, a;
generate
// g_grp[k] applies group G - 1 - k
for (k = 0; k < G; k = k + 1) begin : g_grp
    localparam g = G - 1 - k;
    localparam SB = 1 << (2 * g);
    wire [LANE_W*W-1:0] in;
    wire [LANE_W*W-1:0] out;
    if (k == 0) begin : g_src
        assign in = src;
    end else begin : g_prev
        assign in = g_grp[k-1].out;
    end
    for (q = 0; q < W; q = q + 1) begin : g_lane
        wire [1:0] s = sel[2*(g*W + q) +: 2];
        wire [4*LANE_W-1:0] cand;
        for (a = 0; a < 4; a = a + 1) begin : g_cand
            if (q >= a * SB) begin : g_in
                assign cand[LANE_W*a +: LANE_W] = in[LANE_W*(q - a*SB) +: LANE_W];
            end else begin : g_none
                assign cand[LANE_W*a +: LANE_W] = {LANE_W{1'b0}};
            end
        end
        // a mux on s, not a part-select at LANE_W s (yosys maps that as a shifter)
        assign out[LANE_W*q +: LANE_W] = s[1] ? (s[0] ? cand[3*LANE_W +: LANE_W] : cand[2*LANE_W +: LANE_W])
                                              : (s[0] ? cand[LANE_W +: LANE_W] : cand[0 +: LANE_W]);
    end
end
endgenerate

assign dst = g_grp[G-1].out;

endmodule

`resetall

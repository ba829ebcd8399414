// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Lane prefix count: for every lane i of a W-lane mask, the number of set
 * lanes below it (exclusive prefix sum), and the total.
 *
 * The per-lane decisions of the RX stages (a lane's position = the word's base
 * position + the qualifying lanes before it) need these counts for every lane
 * at once.  A running count in a lane loop is a ripple through W adders; this
 * is a Kogge-Stone network instead: log2(W) stages, stage s adds the count
 * 2^s lanes down, so the depth grows with log2(W) and each stage's adders are
 * only as wide as the counts it can hold (s + 2 bits; the upper bits are
 * constant zeros, so synthesis drops them).
 *
 * Purely combinational.
 *
 * Parameters:
 *   W   lanes (a power of two >= 2)
 *   CW  width of each count (>= log2(W) + 2: the last stage's sums carry no
 *       zero-width padding)
 */
module mdd_lane_count #(
    parameter W = 8,
    parameter CW = 8
) (
    input  wire [W-1:0]    mask,
    output wire [CW*W-1:0] cnt_below,   // lane i: set lanes in mask[i-1:0]
    output wire [CW-1:0]   cnt_total   // set lanes in mask
);

function integer clog2(input integer v);
    integer r;
    begin
        r = 0;
        while ((1 << r) < v) r = r + 1;
        clog2 = r;
    end
endfunction

localparam S = clog2(W);

initial begin
    if ((1 << S) != W || W < 2 || CW < S + 2) begin
        $display("Error: W (%0d) must be a power of two >= 2 and CW (%0d) >= log2(W) + 2 (%m)", W, CW);
        $finish;
    end
end

// g_st[s].incl: lane i holds the set lanes in mask[i : i - 2^s + 1] (inclusive prefix after stage s);
// one wire per stage, so simulators see no false combinational loop through a shared array
genvar s, i;
generate
    for (s = 0; s <= S; s = s + 1) begin : g_st
        // (the next stage reads only the low s + 2 bits of each count; the rest are constant zeros)
        /* verilator lint_off UNUSEDSIGNAL */
        wire [CW*W-1:0] incl;
        /* verilator lint_on UNUSEDSIGNAL */
        if (s == 0) begin : g_init
            for (i = 0; i < W; i = i + 1) begin : g_lane
                assign incl[CW*i +: CW] = {{(CW - 1){1'b0}}, mask[i]};
            end
        end else begin : g_add
            // counts after this stage are at most 2^s: s + 1 bits
            localparam integer BW = s + 1;
            localparam integer D = 1 << (s - 1);
            for (i = 0; i < W; i = i + 1) begin : g_lane
                if (i >= D) begin : g_sum
                    wire [BW-1:0] sum = g_st[s - 1].incl[CW*i +: BW] + g_st[s - 1].incl[CW*(i - D) +: BW];
                    assign incl[CW*i +: CW] = {{(CW - BW){1'b0}}, sum};
                end else begin : g_pass
                    assign incl[CW*i +: CW] = g_st[s - 1].incl[CW*i +: CW];
                end
            end
        end
    end
endgenerate

assign cnt_below = {g_st[S].incl[CW*(W-1)-1:0], {CW{1'b0}}};
assign cnt_total = g_st[S].incl[CW*(W-1) +: CW];

endmodule

`resetall

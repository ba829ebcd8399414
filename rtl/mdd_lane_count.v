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
 * only as wide as the counts it can hold (s + 1 bits; the upper bits are
 * constant zeros, so synthesis drops them).
 *
 * With TAIL = 0 the network is purely combinational (clk and en unused).  With
 * TAIL >= 1 a register loaded with en cuts it after its first log2(W) - TAIL
 * stages (before the first stage if log2(W) <= TAIL): for a stage whose input
 * register holds its word while the stage behind it splits that word
 * (rtl/mdd_rx_loc_dif.v, D-068), the first stages run from the input ports
 * into the register beside the word, the last TAIL stages from the register
 * into the next stage, so neither path holds the whole network and the part
 * inside the stages' hold loop is TAIL adder levels.  The outputs are then
 * those of the mask loaded by the last clock edge with en.
 *
 * Parameters:
 *   W     lanes (a power of two >= 2)
 *   CW    width of each count (>= log2(W) + 2)
 *   TAIL  0, or the adder stages after the register
 *   GATES 1: each stage's sums written as gates (a ripple of s + 1 bits)
 *         instead of `+`: yosys maps every `+` to a carry chain, and the
 *         chains cut the network into pieces that abc maps apart, one LUT
 *         level or more each (D-107: L2's stage I input, 12 -> 11 levels at W = 8)
 */
module mdd_lane_count #(
    parameter W = 8,
    parameter CW = 8,
    parameter TAIL = 0,
    parameter GATES = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire            clk,         // (TAIL >= 1 only)
    input  wire            en,
    /* verilator lint_on UNUSEDSIGNAL */
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

// lane counts summed as gates with GATES = 1 (add_gates, through mdd_lane_fn.vh: no carry chain for abc to map
// around)
`include "mdd_lane_fn.vh"
localparam S = clog2(W);
localparam SR = TAIL == 0 ? S : S > TAIL ? S - TAIL : 0;   // stages before the register (all: no register)
localparam RW = SR + 1;                                     // bits of each count at the register (at most 2^SR)

initial begin
    if ((1 << S) != W || W < 2 || CW < S + 2 || TAIL < 0 || (GATES != 0 && CW > 16)) begin
        $display("Error: W (%0d) must be a power of two >= 2, CW (%0d) >= log2(W) + 2 (<= 16 with GATES: add_gates' width), TAIL (%0d) >= 0 (%m)",
                 W, CW, TAIL);
        $finish;
    end
end

// g_st[s].incl: lane i holds the set lanes in mask[i : i - 2^s + 1] (inclusive prefix after stage s); one wire
// per stage, so simulators see no false combinational loop through a shared array.  With TAIL >= 1 stage SR's
// counts pass through the register mid_r (declared here, not in the generate block that loads it: yosys 0.23
// does not resolve a reference into a generate block declared further down).
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNDRIVEN */
reg  [RW*W-1:0] mid_r = {RW*W{1'b0}};   // (TAIL >= 1 only)
wire [RW*W-1:0] mid_d;
/* verilator lint_on UNDRIVEN */
/* verilator lint_on UNUSEDSIGNAL */

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
                wire [BW-1:0] a;
                wire [BW-1:0] b;
                if (TAIL > 0 && s == SR + 1) begin : g_reg
                    assign a = {{(BW - RW){1'b0}}, mid_r[RW*i +: RW]};
                    if (i >= D) begin : g_b
                        assign b = {{(BW - RW){1'b0}}, mid_r[RW*(i - D) +: RW]};
                    end else begin : g_z
                        assign b = {BW{1'b0}};
                    end
                end else begin : g_wire
                    assign a = g_st[s - 1].incl[CW*i +: BW];
                    if (i >= D) begin : g_b
                        assign b = g_st[s - 1].incl[CW*(i - D) +: BW];
                    end else begin : g_z
                        assign b = {BW{1'b0}};
                    end
                end
                wire [BW-1:0] sum;
                if (GATES != 0) begin : g_gates
                    /* verilator lint_off UNUSEDSIGNAL */
                    wire [15:0] sg = add_gates({{(16 - BW){1'b0}}, a}, {{(16 - BW){1'b0}}, b}, 1'b0);
                    /* verilator lint_on UNUSEDSIGNAL */
                    assign sum = sg[BW-1:0];
                end else begin : g_plus
                    assign sum = a + b;
                end
                assign incl[CW*i +: CW] = {{(CW - BW){1'b0}}, sum};
            end
        end
    end
    if (TAIL > 0) begin : g_mid
        for (i = 0; i < W; i = i + 1) begin : g_lane
            assign mid_d[RW*i +: RW] = g_st[SR].incl[CW*i +: RW];
        end
        always @(posedge clk) begin
            if (en) mid_r <= mid_d;
        end
    end
endgenerate

assign cnt_below = {g_st[S].incl[CW*(W-1)-1:0], {CW{1'b0}}};
assign cnt_total = g_st[S].incl[CW*(W-1) +: CW];

endmodule

`resetall

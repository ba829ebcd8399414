// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Lane prefix count with a register inside the network: the Kogge-Stone
 * network of mdd_lane_count (the same function: for every lane i of a W-lane
 * mask, the number of set lanes below it, and the total), cut after its
 * first log2(W) - TAIL stages by a register loaded with en.
 *
 * For a stage whose input register holds its word while the stage behind it
 * splits that word (rtl/mdd_rx_loc_dif.v, D-068): the first stages run from
 * the input ports into the register beside the word, the last TAIL stages
 * from the register into the next stage, so neither path holds the whole
 * network, and the part behind the register (the only part inside the
 * stages' hold loop) is TAIL adder levels.
 *
 * The outputs are those of the mask loaded by the last clock edge with en
 * (a pipeline register: the counts of the word the caller loaded with it).
 *
 * Parameters:
 *   W     lanes (a power of two >= 2)
 *   CW    width of each count (>= log2(W) + 2)
 *   TAIL  adder stages after the register (all of them when log2(W) <= TAIL)
 */
module mdd_lane_count_p #(
    parameter W = 8,
    parameter CW = 8,
    parameter TAIL = 2
) (
    input  wire            clk,
    input  wire            en,
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
localparam SR = S > TAIL ? S - TAIL : 0;     // stages before the register
localparam RW = SR + 1;                      // bits of each count at the register (at most 2^SR)

initial begin
    if ((1 << S) != W || W < 2 || CW < S + 2 || TAIL < 1) begin
        $display("Error: W (%0d) must be a power of two >= 2, CW (%0d) >= log2(W) + 2, TAIL (%0d) >= 1 (%m)",
                 W, CW, TAIL);
        $finish;
    end
end

// g_st[s].incl: lane i holds the set lanes in mask[i : i - 2^s + 1] (inclusive prefix after stage s), as in
// mdd_lane_count; stage SR's counts pass through the register mid_r
reg [RW*W-1:0] mid_r = {RW*W{1'b0}};
wire [RW*W-1:0] mid_d;

genvar s, i;
generate
    for (s = 0; s <= S; s = s + 1) begin : g_st
        /* verilator lint_off UNUSEDSIGNAL */
        wire [CW*W-1:0] incl;
        /* verilator lint_on UNUSEDSIGNAL */
        if (s == 0) begin : g_init
            for (i = 0; i < W; i = i + 1) begin : g_lane
                assign incl[CW*i +: CW] = {{(CW - 1){1'b0}}, mask[i]};
            end
        end else begin : g_add
            // counts after this stage are at most 2^s: s + 1 bits; the stage after the register reads mid_r
            localparam integer BW = s + 1;
            localparam integer D = 1 << (s - 1);
            for (i = 0; i < W; i = i + 1) begin : g_lane
                wire [BW-1:0] a;
                wire [BW-1:0] b;
                if (s == SR + 1) begin : g_reg
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
                wire [BW-1:0] sum = a + b;
                assign incl[CW*i +: CW] = {{(CW - BW){1'b0}}, sum};
            end
        end
    end
    for (i = 0; i < W; i = i + 1) begin : g_mid
        assign mid_d[RW*i +: RW] = g_st[SR].incl[CW*i +: RW];
    end
endgenerate

assign cnt_below = {g_st[S].incl[CW*(W-1)-1:0], {CW{1'b0}}};
assign cnt_total = g_st[S].incl[CW*(W-1) +: CW];

always @(posedge clk) begin
    if (en) mid_r <= mid_d;
end

endmodule

`resetall

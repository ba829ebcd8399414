// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Two-entry FIFO between two stages of the staged TX generator (docs/timing.md
 * section 4): the producer loads while the FIFO had room at the cycle's start
 * (s_ready is a register, so no ready chain runs through the stages), the
 * consumer sees both entries as registers (F looks at the word after its
 * head).  A pop moves entry 1 to entry 0; a push in the same cycle lands
 * behind what the pop leaves.  rst empties it (a push in that cycle is
 * dropped).  The staged twin's mdd_txg_fifo (model/mdd_txg_staged.c) has the
 * same rules.
 *
 * The entries are kept in slices of at most SLICE bits, each with its own
 * copy of the two valid flags (each copy's next value reads itself, so
 * synthesis keeps them apart): the pop, which comes late from the consumer,
 * then drives one select per slice rather than one net to every bit of the
 * entry (a 4 ns route placed on ECP5).  The copies agree by construction;
 * slice 0's are the outputs.
 *
 * Parameters: WIDTH, bits per entry; SLICE, bits per slice.
 */
module mdd_txg_fifo2 #(
    parameter WIDTH = 8,
    parameter SLICE = 64
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,
    output wire [WIDTH-1:0] m_data0,
    output wire [WIDTH-1:0] m_data1,
    output wire             m_valid0,
    output wire             m_valid1,
    input  wire             m_pop
);

localparam NS = (WIDTH + SLICE - 1) / SLICE;

wire [NS-1:0] v0, v1;
assign m_valid0 = v0[0];
assign m_valid1 = v1[0];
assign s_ready = !v1[0];

genvar gs;
generate
    for (gs = 0; gs < NS; gs = gs + 1) begin : g_slice
        localparam LO = gs * SLICE;
        localparam SW = (WIDTH - LO < SLICE) ? WIDTH - LO : SLICE;
        reg [SW-1:0] d0 = {SW{1'b0}}, d1 = {SW{1'b0}};
        reg          val0 = 1'b0, val1 = 1'b0;
        wire push = s_valid && !val1;
        wire pop  = m_pop && val0;
        // entries left after the pop: one (a push lands in entry 1), two (no push), else none (a push lands in
        // entry 0)
        wire left1 = val1 ? pop : (val0 && !pop);
        wire left2 = val1 && !pop;

        always @(posedge clk) begin
            if (pop && val1) begin
                d0 <= d1;
            end
            if (push) begin
                if (left1) begin
                    d1 <= s_data[LO +: SW];
                end else begin
                    d0 <= s_data[LO +: SW];
                end
            end
            if (rst) begin
                val0 <= 1'b0;
                val1 <= 1'b0;
            end else begin
                val0 <= left1 || left2 || push;
                val1 <= left2 || (left1 && push);
            end
        end

        assign m_data0[LO +: SW] = d0;
        assign m_data1[LO +: SW] = d1;
        assign v0[gs] = val0;
        assign v1[gs] = val1;
    end
endgenerate

`ifndef SYNTHESIS
// the slices' flags agree
always @(posedge clk) begin
    if (v0 != {NS{v0[0]}} || v1 != {NS{v1[0]}}) begin
        $display("Error: mdd_txg_fifo2: the slices' valid flags disagree: %b %b (%m)", v0, v1);
        $stop;
    end
end
`endif

endmodule

`resetall

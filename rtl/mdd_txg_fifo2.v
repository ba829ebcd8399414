// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Two-entry FIFO between two stages of the staged TX generator (docs/timing.md
 * section 4): the producer loads while the FIFO had room at the cycle's start
 * (s_ready is a register, so no ready chain runs through the stages), the
 * consumer sees both entries (F looks at the word after its head).  A pop
 * takes entry 0, entry 1 becomes entry 0; a push in the same cycle lands
 * behind what the pop leaves.  rst empties it (a push in that cycle is
 * dropped).  The staged twin's mdd_txg_fifo (model/mdd_txg_staged.c) has the
 * same rules.
 *
 * The entries are a ring of two (D-094): a push writes the slot at the write
 * pointer, a pop moves the read pointer, so the data registers' enables come
 * from the producer alone and the consumer's pop, which comes late, reaches
 * a pointer and two valid flags, not the entries' ~400 flip-flops.  An entry
 * outside the FIFO's count holds an older word (m_data0 / m_data1 are
 * meaningful while m_valid0 / m_valid1).  The entries are kept in slices of
 * at most SLICE bits, each with its own copy of the pointers and the valid
 * flags (each copy's next value reads itself, so synthesis keeps them apart):
 * the read pointer drives one select per slice.  The copies agree by
 * construction; slice 0's are the outputs.
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
/* verilator lint_off UNUSEDSIGNAL */
wire [NS-1:0] wps, rps;      // (the pointers' copies: the simulation check's)
/* verilator lint_on UNUSEDSIGNAL */
assign m_valid0 = v0[0];
assign m_valid1 = v1[0];
assign s_ready = !v1[0];

genvar gs;
generate
    for (gs = 0; gs < NS; gs = gs + 1) begin : g_slice
        localparam LO = gs * SLICE;
        localparam SW = (WIDTH - LO < SLICE) ? WIDTH - LO : SLICE;
        reg [SW-1:0] e0 = {SW{1'b0}}, e1 = {SW{1'b0}};
        reg          val0 = 1'b0, val1 = 1'b0;
        reg          wp = 1'b0, rp = 1'b0;
        wire push = s_valid && !val1;
        wire pop  = m_pop && val0;
        // entries left after the pop: one (a push makes two), two (no push), else none (a push makes one)
        wire left1 = val1 ? pop : (val0 && !pop);
        wire left2 = val1 && !pop;

        always @(posedge clk) begin
            if (push) begin
                if (wp) begin
                    e1 <= s_data[LO +: SW];
                end else begin
                    e0 <= s_data[LO +: SW];
                end
            end
            if (rst) begin
                val0 <= 1'b0;
                val1 <= 1'b0;
                wp <= 1'b0;
                rp <= 1'b0;
            end else begin
                val0 <= left1 || left2 || push;
                val1 <= left2 || (left1 && push);
                wp <= wp ^ push;
                rp <= rp ^ pop;
            end
        end

        assign m_data0[LO +: SW] = rp ? e1 : e0;
        assign m_data1[LO +: SW] = rp ? e0 : e1;
        assign v0[gs] = val0;
        assign v1[gs] = val1;
        assign wps[gs] = wp;
        assign rps[gs] = rp;
    end
endgenerate

`ifndef SYNTHESIS
// the slices' flags agree; the write pointer is the read pointer moved by the count
always @(posedge clk) begin
    if (v0 != {NS{v0[0]}} || v1 != {NS{v1[0]}} || wps != {NS{wps[0]}} || rps != {NS{rps[0]}} ||
        wps[0] != (rps[0] ^ (v0[0] && !v1[0]))) begin
        $display("Error: mdd_txg_fifo2: the slices' flags disagree or the pointers are off: %b %b %b %b (%m)", v0, v1,
                 wps, rps);
        $stop;
    end
end
`endif

endmodule

`resetall

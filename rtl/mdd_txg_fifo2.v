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
 * Parameters: WIDTH, bits per entry.
 */
module mdd_txg_fifo2 #(
    parameter WIDTH = 8
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,
    output reg  [WIDTH-1:0] m_data0 = {WIDTH{1'b0}},
    output reg  [WIDTH-1:0] m_data1 = {WIDTH{1'b0}},
    output reg              m_valid0 = 1'b0,
    output reg              m_valid1 = 1'b0,
    input  wire             m_pop
);

assign s_ready = !m_valid1;

wire push = s_valid && !m_valid1;
wire pop  = m_pop && m_valid0;
// entries left after the pop: one (a push lands in entry 1), two (no push), else none (a push lands in entry 0)
wire left1 = m_valid1 ? pop : (m_valid0 && !pop);
wire left2 = m_valid1 && !pop;

always @(posedge clk) begin
    if (pop && m_valid1) begin
        m_data0 <= m_data1;
    end
    if (push) begin
        if (left1) begin
            m_data1 <= s_data;
        end else begin
            m_data0 <= s_data;
        end
    end
    if (rst) begin
        m_valid0 <= 1'b0;
        m_valid1 <= 1'b0;
    end else begin
        m_valid0 <= left1 || left2 || push;
        m_valid1 <= left2 || (left1 && push);
    end
end

endmodule

`resetall

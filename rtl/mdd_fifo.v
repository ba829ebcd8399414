// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Synchronous FIFO with first-word fall-through: m_tdata shows the oldest
 * entry while m_tvalid is high.  A push and a pop may happen in the same
 * cycle, also when full (the pop makes room).  Memory is not reset; rst
 * empties the FIFO.
 *
 * Parameters:
 *   WIDTH  bits per entry
 *   DEPTH  entries (power of two, >= 2)
 */
module mdd_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 16
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] s_tdata,
    input  wire             s_tvalid,
    output wire             s_tready,
    output wire [WIDTH-1:0] m_tdata,
    output wire             m_tvalid,
    input  wire             m_tready
);

localparam AW = $clog2(DEPTH);

reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [AW:0]      wr = {(AW+1){1'b0}};
reg [AW:0]      rd = {(AW+1){1'b0}};

integer k;
initial begin
    for (k = 0; k < DEPTH; k = k + 1) begin
        mem[k] = {WIDTH{1'b0}};
    end
end

wire empty = wr == rd;
wire full  = (wr[AW-1:0] == rd[AW-1:0]) && (wr[AW] != rd[AW]);
wire pop   = m_tvalid && m_tready;
assign m_tvalid = !empty;
assign s_tready = !full || pop;
assign m_tdata  = mem[rd[AW-1:0]];

always @(posedge clk) begin
    if (s_tvalid && s_tready) begin
        mem[wr[AW-1:0]] <= s_tdata;
        wr <= wr + 1'b1;
    end
    if (pop) begin
        rd <= rd + 1'b1;
    end
    if (rst) begin
        wr <= {(AW+1){1'b0}};
        rd <= {(AW+1){1'b0}};
    end
end

endmodule

`resetall

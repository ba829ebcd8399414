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
 *   WIDTH          bits per entry
 *   DEPTH          entries (power of two, >= 2)
 *   READY_ON_POP   1: a full FIFO takes a push in the cycle of a pop (s_tready = ~full | pop);
 *                  0: s_tready = ~full, a register, so the producer's handshake does not wait for
 *                  the consumer's (a full FIFO refuses one cycle more)
 *   HEAD_REG       1: m_tdata is a register that always holds the oldest entry (loaded from a second read
 *                  of the memory at rd + 1 on a pop, or with the pushed entry when it becomes the oldest),
 *                  so the consumer's logic starts at a register, not at the memory's read; the same
 *                  cycle behaviour as 0 (issue 20)
 */
module mdd_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
    parameter READY_ON_POP = 1,
    parameter HEAD_REG = 0
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

// The flags are registers, kept equal to "wr != rd" and "wr - rd == DEPTH": the consumer's and producer's
// handshakes then start at a register, not at a pointer compare (D-061). The next flags take the push and the
// pop last, over compares of the pointers made in parallel.
reg         nonempty = 1'b0;
reg         full = 1'b0;
wire [AW:0] count = wr - rd;
wire        more_than_one = count > 1;
wire        one_short = count == DEPTH - 1;
wire        pop  = nonempty && m_tready;
wire        push = s_tvalid && s_tready;
assign m_tvalid = nonempty;
assign s_tready = !full || (READY_ON_POP != 0 && pop);
wire [AW:0]  rd_inc = rd + 1'b1;

generate
    if (HEAD_REG != 0) begin : g_head_reg
        reg [WIDTH-1:0] head = {WIDTH{1'b0}};
        // the pushed entry is the oldest after the edge when nothing else is left
        wire head_from_push = push && (pop ? !more_than_one : !nonempty);
        always @(posedge clk) begin
            if (head_from_push) begin
                head <= s_tdata;
            end else if (pop) begin
                head <= mem[rd_inc[AW-1:0]];
            end
        end
        assign m_tdata = head;
    end else begin : g_head_mem
        assign m_tdata = mem[rd[AW-1:0]];
    end
endgenerate

always @(posedge clk) begin
    if (push) begin
        mem[wr[AW-1:0]] <= s_tdata;
        wr <= wr + 1'b1;
    end
    if (pop) begin
        rd <= rd_inc;
    end
    if (push && !pop) begin
        nonempty <= 1'b1;
        full <= one_short;
    end else if (pop && !push) begin
        nonempty <= more_than_one;
        full <= 1'b0;
    end
    if (rst) begin
        wr <= {(AW+1){1'b0}};
        rd <= {(AW+1){1'b0}};
        nonempty <= 1'b0;
        full <= 1'b0;
    end
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Round-robin arbiter of single-beat AXI4-Stream records: N inputs, one
 * output register.
 *
 * Each input's records keep their order. Between inputs, the first valid one
 * after the last winner goes next, so no input waits for more than N - 1
 * records of the others. The output register takes a record whenever it is
 * empty or being emptied, so records pass at one per clock. s_tready is the
 * grant, one-hot or zero: s_tready[i] = s_tvalid[i] and (register empty or
 * m_tready) and no input cyclically between the last winner and i is valid.
 * It thus depends on the input's own tvalid (AXI4-Stream allows it; a one-hot
 * ready that never leaves a bubble cannot avoid it), while whether a valid
 * input is taken depends only on the others' tvalid, m_tready and the
 * pointer. Records enter the output in the order of their input handshakes,
 * which is what a reference model of the consumer needs to follow it.
 *
 * Reset (synchronous) empties the output register and sets the pointer to 0.
 * s_tready is not gated by rst: a record whose handshake falls in a reset
 * cycle is dropped with the one in the register.
 *
 * Parameters:
 *   N       inputs (1..8); input i is s_tdata[i*DATA_W +: DATA_W]
 *   DATA_W  record width in bits
 */
module mdd_axis_arb #(
    parameter N = 2,
    parameter DATA_W = 256
) (
    input  wire                clk,
    input  wire                rst,

    input  wire [N*DATA_W-1:0] s_tdata,
    input  wire [N-1:0]        s_tvalid,
    output wire [N-1:0]        s_tready,

    output reg  [DATA_W-1:0]   m_tdata = {DATA_W{1'b0}},
    output reg                 m_tvalid = 1'b0,
    input  wire                m_tready
);

localparam IW = (N <= 2) ? 1 : $clog2(N);

initial begin
    if (N < 1 || N > 8) begin
        $display("Error: N must be 1..8 (%m)");
        $finish;
    end
end

reg  [IW-1:0] last = {IW{1'b0}};   // the input that won last
reg  [IW-1:0] grant;
reg           any;
wire          load = !m_tvalid || m_tready;

// the nearest valid input after `last`, cyclically: scanning from the farthest down, the nearest one wins
integer k;
/* verilator lint_off UNUSEDSIGNAL */
integer idx;   // below N: its high bits are always 0
/* verilator lint_on UNUSEDSIGNAL */
always @(*) begin
    grant = last;
    any = 1'b0;
    for (k = N; k >= 1; k = k - 1) begin
        idx = ({{(32 - IW){1'b0}}, last} + k) % N;
        if (s_tvalid[idx]) begin
            grant = idx[IW-1:0];
            any = 1'b1;
        end
    end
end

genvar gi;
generate
    for (gi = 0; gi < N; gi = gi + 1) begin : g_ready
        assign s_tready[gi] = load && any && grant == gi;
    end
endgenerate

always @(posedge clk) begin
    if (load) begin
        m_tvalid <= any;
        if (any) begin
            m_tdata <= s_tdata[grant * DATA_W +: DATA_W];
            last <= grant;
        end
    end
    if (rst) begin
        m_tvalid <= 1'b0;
        last <= {IW{1'b0}};
    end
end

endmodule

`resetall

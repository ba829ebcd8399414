// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Simple dual-port RAM: one write port, one read port with a registered
 * output, one clock.  A read and a write of the same address in the same
 * cycle return the old data (read-first), which is what the combiner's
 * forwarding assumes.  Written so that FPGA tools infer block or distributed
 * RAM; an integrator may replace it by a vendor primitive with the same
 * behaviour.  Contents start at zero (simulation, and FPGA initial values).
 *
 * Parameters:
 *   DATA_W  bits per entry
 *   DEPTH   entries
 *   ADDR_W  address bits, >= log2(DEPTH)
 */
module mdd_ram_1r1w #(
    parameter DATA_W = 8,
    parameter DEPTH = 64,
    parameter ADDR_W = 6
) (
    input  wire              clk,
    input  wire              re,
    input  wire [ADDR_W-1:0] raddr,
    output wire [DATA_W-1:0] rdata,
    input  wire              we,
    input  wire [ADDR_W-1:0] waddr,
    input  wire [DATA_W-1:0] wdata
);

reg [DATA_W-1:0] mem [0:DEPTH-1];
reg [DATA_W-1:0] rdata_q = {DATA_W{1'b0}};

integer i;
initial begin
    for (i = 0; i < DEPTH; i = i + 1) begin
        mem[i] = {DATA_W{1'b0}};
    end
end

always @(posedge clk) begin
    if (we) begin
        mem[waddr] <= wdata;
    end
    if (re) begin
        rdata_q <= mem[raddr];
    end
end

assign rdata = rdata_q;

endmodule

`resetall

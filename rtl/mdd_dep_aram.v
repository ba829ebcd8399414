// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, the address-register RAM with two reads of consecutive
 * entries (docs/deposit.md section 9.7).
 *
 * WRITE_IND_INCR and NOTIFY_IF_EQ_REG read A[i] and A[i+1] in the same cycle.
 * Two consecutive indices (modulo DEPTH, a power of two >= 2) always differ
 * in bit 0, so the table is split into an even and an odd bank, each an
 * mdd_ram_1r1w of DEPTH/2 entries: one read per bank gives both registers
 * without duplicating the storage.  raddr1 must be raddr0 + 1 mod DEPTH (any
 * address of the other parity works; its data is then rdata1).  Reads are
 * registered (rdata0/rdata1 hold the entries addressed in the last cycle with
 * re), read-first against a write of the same cycle, as mdd_ram_1r1w.
 *
 * Parameters: DATA_W bits per entry, DEPTH entries (power of two >= 2),
 * ADDR_W = log2(DEPTH).
 */
module mdd_dep_aram #(
    parameter DATA_W = 64,
    parameter DEPTH = 256,
    parameter ADDR_W = 8
) (
    input  wire              clk,
    input  wire              re,
    input  wire [ADDR_W-1:0] raddr0,
    input  wire [ADDR_W-1:0] raddr1,
    output wire [DATA_W-1:0] rdata0,
    output wire [DATA_W-1:0] rdata1,
    input  wire              we,
    input  wire [ADDR_W-1:0] waddr,
    input  wire [DATA_W-1:0] wdata
);

localparam BA_W = (ADDR_W > 1) ? ADDR_W - 1 : 1;   // a one-entry bank still has a 1-bit (always 0) address

/* verilator lint_off UNUSEDSIGNAL */
wire [ADDR_W-1:0] h0 = raddr0 >> 1;   // the bank index: the top bit is 0 (unused) unless ADDR_W = 1
wire [ADDR_W-1:0] h1 = raddr1 >> 1;
wire [ADDR_W-1:0] hw = waddr >> 1;
/* verilator lint_on UNUSEDSIGNAL */
wire              p0 = raddr0[0];
reg               p0_q = 1'b0;
wire [DATA_W-1:0] ev, od;

mdd_ram_1r1w #(.DATA_W(DATA_W), .DEPTH(DEPTH / 2), .ADDR_W(BA_W)) u_even (
    .clk(clk), .re(re), .raddr(p0 ? h1[BA_W-1:0] : h0[BA_W-1:0]), .rdata(ev),
    .we(we && !waddr[0]), .waddr(hw[BA_W-1:0]), .wdata(wdata)
);

mdd_ram_1r1w #(.DATA_W(DATA_W), .DEPTH(DEPTH / 2), .ADDR_W(BA_W)) u_odd (
    .clk(clk), .re(re), .raddr(p0 ? h0[BA_W-1:0] : h1[BA_W-1:0]), .rdata(od),
    .we(we && waddr[0]), .waddr(hw[BA_W-1:0]), .wdata(wdata)
);

always @(posedge clk) begin
    if (re) p0_q <= p0;
end

assign rdata0 = p0_q ? od : ev;
assign rdata1 = p0_q ? ev : od;

endmodule

`resetall

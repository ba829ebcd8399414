// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * CRC multiplier: p = a * b mod g for two run-time registers, two register
 * stages with one clock enable.  The combiner (rtl/mdd_cmb.v) uses it to apply
 * a message's x^(8 eom) to its normalised accumulator; the shift unit
 * (rtl/mdd_crc_shift.v) covers the case where one factor is a power of x
 * known per stage.
 *
 * Stage 1 registers the carry-less product of a and b (2W-1 coefficients,
 * normal order: bit i = x^i; a reflected register is read backwards, which is
 * wiring).  Stage 2 reduces it: the low W coefficients are already reduced,
 * each high coefficient x^(W+j) adds the constant x^(W+j) mod g, so every
 * output bit is an XOR over a constant mask (mdd_crc_fold_matrix).  Both
 * operands and the result are in register bit order (include/mdd/crc.h), as
 * for mdd_crc_mulmod; the operation is linear in each operand, so value- and
 * register-domain numbers multiply alike.
 *
 * Parameters:
 *   CRC_ALG  0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME
 *   CRC_W    register width, derived from CRC_ALG; do not override
 */
module mdd_crc_mul #(
    parameter CRC_ALG = 0,
    parameter CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32
) (
    input  wire             clk,
    input  wire             ce,
    input  wire [CRC_W-1:0] a,
    input  wire [CRC_W-1:0] b,
    output wire [CRC_W-1:0] p
);

`include "mdd_crc_math.vh"

localparam REFLECTED = mdd_crc_reflected(CRC_ALG);
localparam PROD_W = 2 * CRC_W - 1;
localparam [4095:0] FOLD = mdd_crc_fold_matrix(CRC_ALG);

initial begin
    if (CRC_W != mdd_crc_width(CRC_ALG)) begin
        $display("Error: CRC_W (%0d) must be %0d for CRC_ALG %0d (%m)", CRC_W, mdd_crc_width(CRC_ALG), CRC_ALG);
        $finish;
    end
end

// operands in normal order
wire [CRC_W-1:0] a_n, b_n;

genvar i;
generate
for (i = 0; i < CRC_W; i = i + 1) begin : g_order
    assign a_n[i] = (REFLECTED != 0) ? a[CRC_W-1-i] : a[i];
    assign b_n[i] = (REFLECTED != 0) ? b[CRC_W-1-i] : b[i];
end
endgenerate

// carry-less product: coefficient k is the XOR of a_i & b_(k-i), written as one reduction per coefficient so
// that synthesis builds a balanced tree (a loop of conditional XORs becomes a 32-deep chain)
wire [PROD_W-1:0] prod;

genvar k, j;
generate
for (k = 0; k < PROD_W; k = k + 1) begin : g_coef
    wire [CRC_W-1:0] terms;
    for (j = 0; j < CRC_W; j = j + 1) begin : g_term
        if (k - j >= 0 && k - j < CRC_W) begin : g_in
            assign terms[j] = a_n[j] & b_n[k-j];
        end else begin : g_out
            assign terms[j] = 1'b0;
        end
    end
    assign prod[k] = ^terms;
end
endgenerate

reg [PROD_W-1:0] prod_q = {PROD_W{1'b0}};
always @(posedge clk) begin
    if (ce) begin
        prod_q <= prod;
    end
end

// low coefficients in register bit order, plus the folded high ones
wire [CRC_W-1:0] low_native;
wire [CRC_W-2:0] high = prod_q[PROD_W-1:CRC_W];
reg  [CRC_W-1:0] p_q = {CRC_W{1'b0}};

genvar r;
generate
for (i = 0; i < CRC_W; i = i + 1) begin : g_low
    assign low_native[i] = (REFLECTED != 0) ? prod_q[CRC_W-1-i] : prod_q[i];
end
for (r = 0; r < CRC_W; r = r + 1) begin : g_row
    always @(posedge clk) begin
        if (ce) begin
            p_q[r] <= low_native[r] ^ ^(high & FOLD[64*r +: CRC_W-1]);
        end
    end
end
endgenerate

assign p = p_q;

endmodule

`resetall

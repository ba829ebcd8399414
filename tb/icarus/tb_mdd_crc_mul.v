// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Test bench for mdd_crc_mul: random operands (and 0, 1, all ones, x^k) with a
 * random clock enable, every result checked against mdd_crc_mulmod of
 * rtl/mdd_crc_math.vh, the shift-and-add form that the C library check
 * (crc-math-vh-lib) ties to include/mdd/crc.h.  A two-entry queue of expected
 * values follows the enable, so the two-stage latency is checked too.  Prints
 * "<suite>: P passed, F failed".
 */
module tb_mdd_crc_mul;

parameter CRC_ALG = 0;
parameter N = 3000;

`include "mdd_crc_math.vh"

localparam CRC_W = mdd_crc_width(CRC_ALG);

reg              clk = 1'b0;
reg              ce = 1'b0;
reg  [CRC_W-1:0] a = {CRC_W{1'b0}};
reg  [CRC_W-1:0] b = {CRC_W{1'b0}};
wire [CRC_W-1:0] p;

mdd_crc_mul #(.CRC_ALG(CRC_ALG)) dut (.clk(clk), .ce(ce), .a(a), .b(b), .p(p));

reg [8*1024-1:0] suite;
reg [63:0] exp1, exp2, mask;
integer n, passed, failed;

function [63:0] pick(input integer kind);
    reg [63:0] r;
    begin
        r = {$random, $random};
        case (kind % 8)
            0:       pick = 64'd0;
            1:       pick = mdd_crc_one(CRC_ALG);
            2:       pick = ~64'd0;
            3:       pick = mdd_crc_xpow8n(CRC_ALG, r[7:0]);
            default: pick = r;
        endcase
    end
endfunction

initial begin
    if (!$value$plusargs("suite=%s", suite)) suite = "icarus-crc-mul";
    passed = 0;
    failed = 0;
    mask = mdd_crc_mask(CRC_ALG);
    exp1 = 64'd0;
    exp2 = 64'd0;
    for (n = 0; n < N; n = n + 1) begin
        a = pick($random & 15) & mask;
        b = pick($random & 15) & mask;
        ce = ($random & 3) != 0;
        #1 clk = 1'b1;
        if (ce) begin
            exp2 = exp1;
            exp1 = mdd_crc_mulmod(CRC_ALG, a, b);
        end
        #1 clk = 1'b0;
        if ({{(64-CRC_W){1'b0}}, p} === exp2) begin
            passed = passed + 1;
        end else begin
            if (failed < 10) $display("MISMATCH cycle %0d: p=%h expected %h", n, p, exp2);
            failed = failed + 1;
        end
    end
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    $finish;
end

endmodule

`resetall

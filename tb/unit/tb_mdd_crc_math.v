// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-check of rtl/mdd_crc_math.vh (Icarus).
 *
 * 1. Independent of any other project code: the published check values
 *    (CRC of "123456789", REFERENCE.md) and the RFC 3720 B.4 CRC-32C examples,
 *    computed from data_row/shift_row matrices evaluated at ELABORATION
 *    (localparams), plus algebraic identities at run time (x * x^-1 = 1,
 *    x^(8a) * x^(8b) = x^(8(a+b)), shift then unshift = identity, a w-byte data
 *    matrix = a (w-1)-byte one shifted by a byte plus a 1-byte one, matrix rows
 *    = mulmod), the whole-matrix functions against the row functions, and the
 *    hard-coded native polynomials against the bit-reversed normal ones.
 *    Suite crc-math-vh-self.
 * 2. Writes a table of function results (TABLE plusarg) that
 *    tb/unit/crc_math_vs_lib.c recomputes from the C library
 *    (mdd_crc_shift/unshift/raw_update/mulmod/xpow8n).  Suite crc-math-vh-lib.
 */
module tb_mdd_crc_math;

`include "mdd_crc_math.vh"

integer passed = 0;
integer failed = 0;

task check64(input [8*64-1:0] what, input integer alg, input [63:0] got, input [63:0] expected);
    begin
        if (got === expected) begin
            passed = passed + 1;
        end else begin
            failed = failed + 1;
            $display("FAIL %0s alg=%0d got=%h expected=%h", what, alg, got, expected);
        end
    end
endtask

// ---- elaboration-time matrices: CRC("123456789") = data(msg) ^ init * x^72, then ^ xorout ----
localparam [71:0] CHECK_MSG_WIRE = "123456789";  // first character in the top byte

function [511:0] wire_order(input [71:0] text);  // byte 0 (first on the wire) -> bits [7:0]
    integer i;
    begin
        wire_order = 512'd0;
        for (i = 0; i < 9; i = i + 1)
            wire_order[8*i +: 8] = text[8*(8-i) +: 8];
    end
endfunction

localparam [511:0] CHECK_MSG = wire_order(CHECK_MSG_WIRE);

wire [63:0] elab_check [0:3];
wire [63:0] elab_data_rows [0:3];  // one data row per algorithm, for elaboration vs run-time comparison
wire [63:0] elab_matrix_check [0:3];  // the check value again, from the whole-matrix functions

genvar g_alg, g_row;
generate
for (g_alg = 0; g_alg < 4; g_alg = g_alg + 1) begin : g_check
    localparam W = mdd_crc_width(g_alg);
    wire [63:0] reg_bits;
    for (g_row = 0; g_row < 64; g_row = g_row + 1) begin : g_rows
        if (g_row < W) begin : g_used
            localparam [511:0] DMASK = mdd_crc_data_row(g_alg, 9, g_row);
            localparam [63:0] SMASK = mdd_crc_shift_row(g_alg, 64'd9, g_row);
            assign reg_bits[g_row] = ^(CHECK_MSG & DMASK) ^ ^(mdd_crc_init(g_alg) & SMASK);
        end else begin : g_unused
            assign reg_bits[g_row] = 1'b0;
        end
    end
    assign elab_check[g_alg] = reg_bits ^ mdd_crc_xorout(g_alg);
    localparam [511:0] DROW3 = mdd_crc_data_row(g_alg, 9, 3);
    assign elab_data_rows[g_alg] = DROW3[63:0] ^ DROW3[71:64];
    localparam [32767:0] DMATRIX = mdd_crc_data_matrix(g_alg, 9);
    localparam [4095:0] SMATRIX = mdd_crc_shift_matrix(g_alg, 64'd9, 0);
    wire [63:0] matrix_bits;
    for (g_row = 0; g_row < 64; g_row = g_row + 1) begin : g_mrows
        assign matrix_bits[g_row] = ^(CHECK_MSG & DMATRIX[512*g_row +: 512])
                                    ^ ^(mdd_crc_init(g_alg) & SMATRIX[64*g_row +: 64]);
    end
    assign elab_matrix_check[g_alg] = matrix_bits ^ mdd_crc_xorout(g_alg);
end
endgenerate

// ---- run-time helpers built on the row functions ----
function [63:0] apply_shift(input integer alg, input [63:0] r, input [63:0] n, input integer inverse);
    integer row;
    begin
        apply_shift = 64'd0;
        for (row = 0; row < mdd_crc_width(alg); row = row + 1)
            apply_shift[row] = ^(r & ((inverse != 0) ? mdd_crc_unshift_row(alg, n, row)
                                                      : mdd_crc_shift_row(alg, n, row)));
    end
endfunction

function [63:0] apply_mul(input integer alg, input [63:0] r, input [63:0] k);
    integer row;
    begin
        apply_mul = 64'd0;
        for (row = 0; row < mdd_crc_width(alg); row = row + 1)
            apply_mul[row] = ^(r & mdd_crc_mul_row(alg, k, row));
    end
endfunction

function [63:0] apply_data(input integer alg, input [511:0] data, input integer w);
    integer row;
    begin
        apply_data = 64'd0;
        for (row = 0; row < mdd_crc_width(alg); row = row + 1)
            apply_data[row] = ^(data & mdd_crc_data_row(alg, w, row));
    end
endfunction

integer seed = 20240611;

function [63:0] rand64(input integer dummy);
    begin
        rand64 = {$random(seed), $random(seed)};
    end
endfunction

// random n of a random bit length 0..64 (small, medium and huge counts all occur)
function [63:0] rand_n(input integer dummy);
    integer bits;
    reg [63:0] v;
    begin
        bits = {$random(seed)} % 65;
        v = rand64(0);
        rand_n = (bits == 0) ? 64'd0 : (bits == 64) ? v : (v & ((64'd1 << bits) - 1));
    end
endfunction

// ---- table for the C comparison ----
integer table_fd;
reg [1023:0] table_path;

task table_shift(input integer alg, input [63:0] n);
    integer row, inv;
    begin
        $fdisplay(table_fd, "X %0d %h 0 %h", alg, n, mdd_crc_xpow8n(alg, n));
        $fdisplay(table_fd, "X %0d %h 1 %h", alg, n, mdd_crc_xinvpow8n(alg, n));
    end
endtask

task table_matrix(input integer alg, input [63:0] n, input integer inverse);
    integer row;
    begin
        for (row = 0; row < 64; row = row + 1)
            $fdisplay(table_fd, "S %0d %h %0d %0d %h", alg, n, inverse, row,
                      (inverse != 0) ? mdd_crc_unshift_row(alg, n, row) : mdd_crc_shift_row(alg, n, row));
    end
endtask

task table_mul(input integer alg, input [63:0] k);
    integer row;
    begin
        for (row = 0; row < 64; row = row + 1)
            $fdisplay(table_fd, "M %0d %h %0d %h", alg, k, row, mdd_crc_mul_row(alg, k, row));
    end
endtask

task table_data(input integer alg, input integer w);
    integer row;
    begin
        for (row = 0; row < 64; row = row + 1)
            $fdisplay(table_fd, "D %0d %0d %0d %h", alg, w, row, mdd_crc_data_row(alg, w, row));
    end
endtask

// bit-reverse within the width, written here independently of the .vh
function [63:0] reflect(input [63:0] v, input integer width);
    integer i;
    begin
        reflect = 64'd0;
        for (i = 0; i < width; i = i + 1)
            reflect[width-1-i] = v[i];
    end
endfunction

// the matrix functions must agree with the row functions, row by row
task check_matrices(input integer alg, input [63:0] n, input integer w);
    integer row, bad;
    reg [4095:0] shift_m, unshift_m, mul_m;
    reg [32767:0] data_m;
    begin
        shift_m   = mdd_crc_shift_matrix(alg, n, 0);
        unshift_m = mdd_crc_shift_matrix(alg, n, 1);
        mul_m     = mdd_crc_mul_matrix(alg, n);
        data_m    = mdd_crc_data_matrix(alg, w);
        bad = 0;
        for (row = 0; row < 64; row = row + 1) begin
            if (shift_m[64*row +: 64] !== mdd_crc_shift_row(alg, n, row)) bad = bad + 1;
            if (unshift_m[64*row +: 64] !== mdd_crc_unshift_row(alg, n, row)) bad = bad + 1;
            if (mul_m[64*row +: 64] !== mdd_crc_mul_row(alg, n, row)) bad = bad + 1;
            if (data_m[512*row +: 512] !== mdd_crc_data_row(alg, w, row)) bad = bad + 1;
        end
        check64("matrix functions = row functions (mismatching rows)", alg, bad, 0);
    end
endtask

integer alg, trial, i, w;
reg [63:0] r, a, b, k, t;
reg [511:0] data, prefix;
// check values (REFERENCE.md)
reg [63:0] expected_check [0:3];

initial begin
    expected_check[0] = 64'hE3069283;
    expected_check[1] = 64'hD0DB;
    expected_check[2] = 64'hCBF43926;
    expected_check[3] = 64'hAE8B14860A799888;
    #1;

    // 1. published values, elaboration-time matrices and the same at run time
    for (alg = 0; alg < 4; alg = alg + 1) begin
        check64("check value (elaboration)", alg, elab_check[alg], expected_check[alg]);
        t = apply_data(alg, CHECK_MSG, 9) ^ apply_shift(alg, mdd_crc_init(alg), 64'd9, 0) ^ mdd_crc_xorout(alg);
        check64("check value (run time)", alg, t, expected_check[alg]);
        data = mdd_crc_data_row(alg, 9, 3);
        check64("data row elaboration = run time", alg, elab_data_rows[alg], data[63:0] ^ data[71:64]);
        check64("width", alg, mdd_crc_width(alg), (alg == 1) ? 16 : (alg == 3) ? 64 : 32);
        check64("check value (matrix functions, elaboration)", alg, elab_matrix_check[alg], expected_check[alg]);
        check64("native poly = poly in register bit order", alg, mdd_crc_poly_native(alg),
                (alg == 1) ? mdd_crc_poly(alg) : reflect(mdd_crc_poly(alg), mdd_crc_width(alg)));
    end
    // RFC 3720 B.4: 32 bytes of 0x00 -> 0x8A9136AA, 32 bytes of 0xFF -> 0x62A8AB43
    t = apply_shift(0, mdd_crc_init(0), 64'd32, 0) ^ mdd_crc_xorout(0);
    check64("RFC 3720 32 x 00", 0, t, 64'h8A9136AA);
    data = {{256{1'b0}}, {256{1'b1}}};
    t = apply_data(0, data, 32) ^ apply_shift(0, mdd_crc_init(0), 64'd32, 0) ^ mdd_crc_xorout(0);
    check64("RFC 3720 32 x FF", 0, t, 64'h62A8AB43);

    // 2. identities
    for (alg = 0; alg < 4; alg = alg + 1) begin
        check64("x * x^-1 = 1", alg, mdd_crc_mulmod(alg, mdd_crc_mulx(alg, mdd_crc_one(alg)), mdd_crc_xinv(alg)),
                mdd_crc_one(alg));
        check64("x^(8*0) = 1", alg, mdd_crc_xpow8n(alg, 64'd0), mdd_crc_one(alg));
        check64("x^(-8*0) = 1", alg, mdd_crc_xinvpow8n(alg, 64'd0), mdd_crc_one(alg));
        for (trial = 0; trial < 40; trial = trial + 1) begin
            r = rand64(0) & mdd_crc_mask(alg);
            a = rand_n(0);
            b = rand_n(0);
            check64("divx(mulx(r)) = r", alg, mdd_crc_divx(alg, mdd_crc_mulx(alg, r)), r);
            check64("divx(r) = r * xinv", alg, mdd_crc_divx(alg, r), mdd_crc_mulmod(alg, r, mdd_crc_xinv(alg)));
            check64("x^8a x^8b = x^8(a+b)", alg,
                    mdd_crc_mulmod(alg, mdd_crc_xpow8n(alg, a), mdd_crc_xpow8n(alg, b)), mdd_crc_xpow8n(alg, a + b));
            check64("x^8a x^-8a = 1", alg,
                    mdd_crc_mulmod(alg, mdd_crc_xpow8n(alg, a), mdd_crc_xinvpow8n(alg, a)), mdd_crc_one(alg));
            k = rand64(0) & mdd_crc_mask(alg);
            check64("mul_row matrix = mulmod", alg, apply_mul(alg, r, k), mdd_crc_mulmod(alg, r, k));
        end
        for (trial = 0; trial < 3; trial = trial + 1) begin
            r = rand64(0) & mdd_crc_mask(alg);
            a = rand_n(0);
            t = apply_shift(alg, r, a, 0);
            check64("unshift(shift(r, n), n) = r", alg, apply_shift(alg, t, a, 1), r);
        end
        // the byte order of data rows: CRC(c_0..c_{w-1}) = CRC(c_0..c_{w-2}) * x^8 + CRC(c_{w-1})
        for (w = 2; w <= 64; w = w + 31) begin
            data = {rand64(0), rand64(0), rand64(0), rand64(0), rand64(0), rand64(0), rand64(0), rand64(0)};
            data = data & ((512'd1 << (8 * w)) - 1);
            prefix = data & ((512'd1 << (8 * (w - 1))) - 1);
            t = apply_shift(alg, apply_data(alg, prefix, w - 1), 64'd1, 0)
                ^ apply_data(alg, data >> (8 * (w - 1)), 1);
            check64("data rows: byte order", alg, apply_data(alg, data, w), t);
        end
        check64("row beyond width is 0", alg, mdd_crc_shift_row(alg, 64'd5, 64), 64'd0);
        check_matrices(alg, 64'd1, 1);
        check_matrices(alg, rand_n(0), 13);
        check_matrices(alg, 64'hFFFF_FFFF_FFFF_FFFF, 64);
    end

    // 3. table for crc_math_vs_lib
    if ($value$plusargs("TABLE=%s", table_path)) begin
        table_fd = $fopen(table_path, "w");
        for (alg = 0; alg < 4; alg = alg + 1) begin
            table_shift(alg, 64'd0);
            table_shift(alg, 64'd1);
            table_shift(alg, 64'd4);
            table_shift(alg, 64'd64);
            table_shift(alg, 64'h1_0000_0000);
            table_shift(alg, 64'h1_FFFF_FFFF);
            table_shift(alg, 64'hFFFF_FFFF_FFFF_FFFF);
            for (trial = 0; trial < 24; trial = trial + 1)
                table_shift(alg, rand_n(0));
            table_matrix(alg, 64'd3, 0);
            table_matrix(alg, 64'd3, 1);
            table_matrix(alg, 64'h1_FFFF_FFFF, 0);
            table_matrix(alg, 64'h1_FFFF_FFFF, 1);
            table_mul(alg, rand64(0) & mdd_crc_mask(alg));
            table_data(alg, 1);
            table_data(alg, 7);
            table_data(alg, 64);
        end
        $fclose(table_fd);
    end

    $display("crc-math-vh-self: %0d passed, %0d failed", passed, failed);
    $finish;
end

endmodule

`resetall

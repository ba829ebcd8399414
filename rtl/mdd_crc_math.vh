// SPDX-License-Identifier: MIT
//
// mdd_crc_math.vh: the ONE place on the RTL side where CRC math lives.
//
// Constant functions, meant to be evaluated at elaboration.  Include this file
// INSIDE a module body, after the port list (compile with -Irtl):
//
//     `include "mdd_crc_math.vh"
//
// and use the functions only where the arguments are constants, through a
// localparam, preferably one per matrix, e.g.
//
//     localparam [4095:0] SHIFT4 = mdd_crc_shift_matrix(CRC_ALG, 64'd4, 0);
//     for (row = 0; row < CRC_W; row = row + 1) begin : g_row
//         assign next[row] = ^(cur & SHIFT4[64*row +: CRC_W]);
//     end
//
// (a call inside a continuous assignment would be re-evaluated by Icarus
// every time the other operand changes; one localparam per row works too but
// elaborates slowly in yosys, see below).
//
// Algorithms (numbering = C enum mdd_crc_alg in include/mdd/crc.h):
//   0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32 (IEEE), 3 CRC-64/NVME.
//
// Everything is in the REGISTER domain (no init, no xorout) and in the
// algorithm's native bit order, exactly like the C table code:
//   reflected algorithms (0, 2, 3): register bit i holds the coefficient of
//     x^(W-1-i); data bits enter LSB first within a byte;
//   normal algorithm (1): register bit i holds the coefficient of x^i; data
//     bits enter MSB first within a byte.
// A register r with W bits therefore stands for the polynomial r(x) of degree
// < W, and feeding n zero bytes computes r(x) * x^(8n) mod g(x).
//
// Row functions return the XOR mask of one output bit: out[row] = ^(in & mask).
// Bits above the CRC width (or above 8*w data bits) are zero, and so is the
// whole mask when row >= width.
//
// Public functions (the interface other blocks code against):
//   mdd_crc_width(alg)                 16/32/64
//   mdd_crc_init(alg), mdd_crc_xorout(alg)
//   mdd_crc_shift_row(alg, n, row)     reg * x^(8n)  mod g
//   mdd_crc_unshift_row(alg, n, row)   reg * x^(-8n) mod g
//   mdd_crc_data_row(alg, w, row)      raw CRC of a w-byte word (w <= 64) from a
//                                      zero register; byte 0 = data[7:0] is the
//                                      first byte on the wire
// Helpers (also usable, e.g. to build one constant and reuse it for all rows):
//   mdd_crc_poly(alg)                  generator, normal form, x^W omitted
//   mdd_crc_poly_native(alg)           generator in register bit order
//                                      (= x^W mod g as a register)
//   mdd_crc_reflected(alg), mdd_crc_mask(alg), mdd_crc_one(alg)
//   mdd_crc_x_order_w(alg)             k with x^(2^k - 1) = 1: shift counts mod 2^k - 1
//   mdd_crc_mulx(alg, a)               a * x mod g
//   mdd_crc_mulmod(alg, a, b)          a * b mod g
//   mdd_crc_divx(alg, a)               a * x^-1 mod g (x^-1 = (g - 1) / x)
//   mdd_crc_xinv(alg)                  x^-1 mod g as a register
//   mdd_crc_xpow8n(alg, n)             x^(8n)  mod g, square-and-multiply
//   mdd_crc_xinvpow8n(alg, n)          x^(-8n) mod g, square-and-multiply on x^-1
//   mdd_crc_mul_row(alg, k, row)       mask of row `row` of "multiply by k"
//   mdd_crc_mul_matrix(alg, k)         all rows of it at once, row r = [64*r +: 64]
//   mdd_crc_shift_matrix(alg, n, inv)  all rows of shift (inv = 0) / unshift (1)
//   mdd_crc_data_matrix(alg, w)        all data rows, row r = [512*r +: 512]
//   mdd_crc_fold_matrix(alg)           reduction of a carry-less product's high
//                                      coefficients (mdd_crc_mul)
// For yosys, prefer the matrix functions: one function-valued localparam per
// matrix instead of one per row elaborates 20x faster or more.
//
// Costs: an n-byte shift constant takes log2(8n) mulmods of W steps, never
// O(n); a matrix W steps plus a transpose; a data matrix 8*w steps.  The row
// functions redo all of that for every row.  Checked by tb/unit/tb_mdd_crc_math.v
// (check values, identities) and against the C library (make crc-math-vh).

// Every module that includes this file declares the same functions; Verilator flags a submodule's copy as
// hiding its parent's (VARHIDDEN), which is harmless here.
/* verilator lint_off VARHIDDEN */
function integer mdd_crc_width(input integer alg);
    begin
        case (alg)
            1:       mdd_crc_width = 16;
            3:       mdd_crc_width = 64;
            default: mdd_crc_width = 32;
        endcase
    end
endfunction

function integer mdd_crc_reflected(input integer alg);
    begin
        mdd_crc_reflected = (alg == 1) ? 0 : 1;
    end
endfunction

function [63:0] mdd_crc_mask(input integer alg);
    begin
        case (alg)
            1:       mdd_crc_mask = 64'h0000_0000_0000_FFFF;
            3:       mdd_crc_mask = 64'hFFFF_FFFF_FFFF_FFFF;
            default: mdd_crc_mask = 64'h0000_0000_FFFF_FFFF;
        endcase
    end
endfunction

// k such that x^(2^k - 1) = 1 mod g (every irreducible factor of g has a degree dividing k; CRC-32C and
// CRC-16/T10-DIF are x + 1 times a primitive polynomial of degree 31 and 15).  x^(8n) then depends on n only
// mod 2^k - 1, so a shift count folds to k bits with end-around carries (mdd_cmb, D-100).  The C library's
// mdd_crc_x_order_w is the same table; tb/unit/test_crc.c checks x^(2^k) = x for k and for no smaller k, and
// the fold.
function integer mdd_crc_x_order_w(input integer alg);
    begin
        case (alg)
            0:       mdd_crc_x_order_w = 31;
            1:       mdd_crc_x_order_w = 16;
            2:       mdd_crc_x_order_w = 32;
            default: mdd_crc_x_order_w = 64;
        endcase
    end
endfunction

function [63:0] mdd_crc_poly(input integer alg);
    begin
        case (alg)
            0:       mdd_crc_poly = 64'h0000_0000_1EDC_6F41;
            1:       mdd_crc_poly = 64'h0000_0000_0000_8BB7;
            2:       mdd_crc_poly = 64'h0000_0000_04C1_1DB7;
            default: mdd_crc_poly = 64'hAD93_D235_94C9_3659;
        endcase
    end
endfunction

// The generator in register bit order: the normal form for the MSB-first
// algorithm, bit-reversed within the width for the reflected ones (constants
// rather than a reversal loop: this is on the hot path of elaboration, and
// the self-check tb/unit/tb_mdd_crc_math.v proves them against mdd_crc_poly).
function [63:0] mdd_crc_poly_native(input integer alg);
    begin
        case (alg)
            0:       mdd_crc_poly_native = 64'h0000_0000_82F6_3B78;
            1:       mdd_crc_poly_native = 64'h0000_0000_0000_8BB7;
            2:       mdd_crc_poly_native = 64'h0000_0000_EDB8_8320;
            default: mdd_crc_poly_native = 64'h9A6C_9329_AC4B_C9B5;
        endcase
    end
endfunction

// Init and xorout are all ones or all zeros for every supported CRC, so they
// read the same in either bit order.
function [63:0] mdd_crc_init(input integer alg);
    begin
        mdd_crc_init = (alg == 1) ? 64'd0 : mdd_crc_mask(alg);
    end
endfunction

function [63:0] mdd_crc_xorout(input integer alg);
    begin
        mdd_crc_xorout = (alg == 1) ? 64'd0 : mdd_crc_mask(alg);
    end
endfunction

// The polynomial 1 as a register.
function [63:0] mdd_crc_one(input integer alg);
    begin
        if (mdd_crc_reflected(alg) != 0)
            mdd_crc_one = 64'd1 << (mdd_crc_width(alg) - 1);
        else
            mdd_crc_one = 64'd1;
    end
endfunction

// One LFSR step with a zero input bit: a * x mod g.  Split out with the
// algorithm properties as arguments so hot loops do not re-derive them.
function [63:0] mdd_crc_step(input integer refl, input integer width, input [63:0] polyn,
                             input [63:0] mask, input [63:0] a);
    begin
        if (refl != 0)
            mdd_crc_step = (a >> 1) ^ (a[0] ? polyn : 64'd0);
        else
            mdd_crc_step = ((a << 1) ^ (a[width-1] ? polyn : 64'd0)) & mask;
    end
endfunction

function [63:0] mdd_crc_mulx(input integer alg, input [63:0] a);
    begin
        mdd_crc_mulx = mdd_crc_step(mdd_crc_reflected(alg), mdd_crc_width(alg),
                                    mdd_crc_poly_native(alg), mdd_crc_mask(alg), a);
    end
endfunction

// a * b mod g: accumulate a * x^d for every x^d term of b (shift-and-add).
function [63:0] mdd_crc_mulmod(input integer alg, input [63:0] a, input [63:0] b);
    integer refl, width, d;
    reg [63:0] polyn, mask, term, acc;
    begin
        refl  = mdd_crc_reflected(alg);
        width = mdd_crc_width(alg);
        polyn = mdd_crc_poly_native(alg);
        mask  = mdd_crc_mask(alg);
        term  = a & mask;
        acc   = 64'd0;
        for (d = 0; d < width; d = d + 1) begin
            if (b[(refl != 0) ? (width - 1 - d) : d])
                acc = acc ^ term;
            // mdd_crc_step inlined: this loop dominates elaboration time
            if (refl != 0)
                term = (term >> 1) ^ (term[0] ? polyn : 64'd0);
            else
                term = ((term << 1) ^ (term[width-1] ? polyn : 64'd0)) & mask;
        end
        mdd_crc_mulmod = acc;
    end
endfunction

// a * x^-1 mod g: the LFSR step run backwards.  When a has a constant term,
// add g first so that the division by x is exact; this equals
// mdd_crc_mulmod(alg, a, mdd_crc_xinv(alg)) (checked in tb/unit).
function [63:0] mdd_crc_divx(input integer alg, input [63:0] a);
    integer width;
    reg [63:0] polyn, mask;
    begin
        width = mdd_crc_width(alg);
        polyn = mdd_crc_poly_native(alg);
        mask  = mdd_crc_mask(alg);
        if (mdd_crc_reflected(alg) != 0)
            mdd_crc_divx = a[width-1] ? ((((a ^ polyn) << 1) | 64'd1) & mask) : ((a << 1) & mask);
        else
            mdd_crc_divx = a[0] ? (((a ^ polyn) >> 1) | (64'd1 << (width - 1))) : (a >> 1);
    end
endfunction

// x^-1 mod g = (g - 1) / x: g has a constant term, so dropping it leaves a
// multiple of x.  Normal order: (poly >> 1) | x^(W-1); reflected order is the
// mirror image: (rpoly << 1) | 1, cut to W bits.
function [63:0] mdd_crc_xinv(input integer alg);
    integer width;
    begin
        width = mdd_crc_width(alg);
        if (mdd_crc_reflected(alg) != 0)
            mdd_crc_xinv = ((mdd_crc_poly_native(alg) << 1) | 64'd1) & mdd_crc_mask(alg);
        else
            mdd_crc_xinv = (mdd_crc_poly(alg) >> 1) | (64'd1 << (width - 1));
    end
endfunction

// x^(8n) (inverse = 0) or x^(-8n) (inverse = 1) mod g by left-to-right
// square-and-multiply over the bits of the exponent 8n = {n, 3'b000}: square
// per bit, and multiply by the base x or x^-1 (a single LFSR step forwards or
// backwards) where the bit is set.  About log2(8n) mulmods, never O(n).
function [63:0] mdd_crc_xpow8n_dir(input integer alg, input [63:0] n, input integer inverse);
    reg [66:0] exponent;
    reg [63:0] result;
    integer i, started;
    begin
        exponent = {n, 3'b000};
        result   = mdd_crc_one(alg);
        started  = 0;
        for (i = 66; i >= 0; i = i - 1) begin
            // squaring 1 is a no-op, so skip the leading zero bits
            if (started != 0)
                result = mdd_crc_mulmod(alg, result, result);
            if (exponent[i]) begin
                result  = (inverse != 0) ? mdd_crc_divx(alg, result) : mdd_crc_mulx(alg, result);
                started = 1;
            end
        end
        mdd_crc_xpow8n_dir = result;
    end
endfunction

function [63:0] mdd_crc_xpow8n(input integer alg, input [63:0] n);
    begin
        mdd_crc_xpow8n = mdd_crc_xpow8n_dir(alg, n, 0);
    end
endfunction

function [63:0] mdd_crc_xinvpow8n(input integer alg, input [63:0] n);
    begin
        mdd_crc_xinvpow8n = mdd_crc_xpow8n_dir(alg, n, 1);
    end
endfunction

// Row `row` of the matrix of "multiply by k mod g".  Column c is the image of
// register bit c, i.e. of x^d with d = c (normal) or d = W-1-c (reflected);
// walking d upwards needs one LFSR step per column.
function [63:0] mdd_crc_mul_row(input integer alg, input [63:0] k, input integer row);
    integer refl, width, d;
    reg [63:0] polyn, mask, term, row_mask;
    begin
        refl     = mdd_crc_reflected(alg);
        width    = mdd_crc_width(alg);
        polyn    = mdd_crc_poly_native(alg);
        mask     = mdd_crc_mask(alg);
        term     = k & mask;
        row_mask = 64'd0;
        if (row >= 0 && row < width) begin
            for (d = 0; d < width; d = d + 1) begin
                row_mask[(refl != 0) ? (width - 1 - d) : d] = term[row];
                term = mdd_crc_step(refl, width, polyn, mask, term);
            end
        end
        mdd_crc_mul_row = row_mask;
    end
endfunction

// 64x64 bit transpose of a matrix stored as 64 words of 64 bits (word i =
// bits [64*i +: 64]): swap the off-diagonal blocks of size j = 32, 16, .., 1
// with whole-vector masked shifts (6 rounds instead of 4096 bit moves, which
// is what makes elaboration fast in yosys).
function [4095:0] mdd_crc_transpose64(input [4095:0] m);
    reg [4095:0] x, t, sel;
    reg [63:0] word_mask;
    integer j, span;
    begin
        x = m;
        for (j = 32; j >= 1; j = j / 2) begin
            case (j)  // bits b with (b & j) == 0
                32:      word_mask = 64'h0000_0000_FFFF_FFFF;
                16:      word_mask = 64'h0000_FFFF_0000_FFFF;
                8:       word_mask = 64'h00FF_00FF_00FF_00FF;
                4:       word_mask = 64'h0F0F_0F0F_0F0F_0F0F;
                2:       word_mask = 64'h3333_3333_3333_3333;
                default: word_mask = 64'h5555_5555_5555_5555;
            endcase
            // word_mask in every word i with (i & j) == 0, built by doubling
            sel = {4032'd0, word_mask};
            for (span = 1; span < j; span = span * 2)
                sel = sel | (sel << (64 * span));
            for (span = 2 * j; span < 64; span = span * 2)
                sel = sel | (sel << (64 * span));
            // t[i][b] = x[i][b+j] ^ x[i+j][b]: the difference of the two blocks
            t = ((x >> j) ^ (x >> (64 * j))) & sel;
            x = x ^ (t << j) ^ (t << (64 * j));
        end
        mdd_crc_transpose64 = x;
    end
endfunction

// The whole matrix of "multiply by k mod g" in one call: row r (the mask of
// output bit r) is bits [64*r +: 64]; rows and columns past the CRC width are
// zero.  Column c is the image of register bit c (x^d, see mdd_crc_mul_row);
// the columns are built as words and transposed.  One localparam per matrix
// elaborates far faster in yosys than one localparam per row (measured on
// CRC-64: ~0.1-0.3 s vs ~2 s per matrix).
function [4095:0] mdd_crc_mul_matrix(input integer alg, input [63:0] k);
    integer refl, width, d;
    reg [63:0] polyn, mask, term;
    reg [4095:0] columns;
    begin
        refl    = mdd_crc_reflected(alg);
        width   = mdd_crc_width(alg);
        polyn   = mdd_crc_poly_native(alg);
        mask    = mdd_crc_mask(alg);
        term    = k & mask;
        columns = 4096'd0;
        for (d = 0; d < width; d = d + 1) begin
            columns[64 * ((refl != 0) ? (width - 1 - d) : d) +: 64] = term;
            if (refl != 0)
                term = (term >> 1) ^ (term[0] ? polyn : 64'd0);
            else
                term = ((term << 1) ^ (term[width-1] ? polyn : 64'd0)) & mask;
        end
        mdd_crc_mul_matrix = mdd_crc_transpose64(columns);
    end
endfunction

// reg * x^(8n) mod g (inverse = 0) or reg * x^(-8n) mod g (inverse = 1), as a
// whole matrix (layout of mdd_crc_mul_matrix).
function [4095:0] mdd_crc_shift_matrix(input integer alg, input [63:0] nbytes, input integer inverse);
    begin
        mdd_crc_shift_matrix = mdd_crc_mul_matrix(alg, mdd_crc_xpow8n_dir(alg, nbytes, inverse));
    end
endfunction

function [63:0] mdd_crc_shift_row(input integer alg, input [63:0] nbytes, input integer row);
    begin
        mdd_crc_shift_row = mdd_crc_mul_row(alg, mdd_crc_xpow8n(alg, nbytes), row);
    end
endfunction

function [63:0] mdd_crc_unshift_row(input integer alg, input [63:0] nbytes, input integer row);
    begin
        mdd_crc_unshift_row = mdd_crc_mul_row(alg, mdd_crc_xinvpow8n(alg, nbytes), row);
    end
endfunction

// All rows of mdd_crc_data_row in one call: row r is bits [512*r +: 512].
function [32767:0] mdd_crc_data_matrix(input integer alg, input integer w);
    integer refl, width, pos, row;
    reg [63:0] polyn, mask, term;
    reg [32767:0] matrix;
    begin
        refl   = mdd_crc_reflected(alg);
        width  = mdd_crc_width(alg);
        polyn  = mdd_crc_poly_native(alg);
        mask   = mdd_crc_mask(alg);
        term   = polyn;
        matrix = 32768'd0;
        if (w > 0 && w <= 64) begin
            for (pos = 8 * w - 1; pos >= 0; pos = pos - 1) begin
                for (row = 0; row < width; row = row + 1)
                    matrix[512*row + ((refl != 0) ? pos : (pos - 2 * (pos % 8) + 7))] = term[row];
                if (refl != 0)
                    term = (term >> 1) ^ (term[0] ? polyn : 64'd0);
                else
                    term = ((term << 1) ^ (term[width-1] ? polyn : 64'd0)) & mask;
            end
        end
        mdd_crc_data_matrix = matrix;
    end
endfunction

// Raw CRC of a w-byte word: a message bit p places from the end of the word
// (p = 0 for the last bit on the wire) contributes x^(W+p) mod g.  Start at
// x^W mod g (= the native generator) for the last bit and step once per bit
// towards the first.  Wire position of data bit 8*i+b: 8*i+b (reflected,
// LSB first) or 8*i+7-b (normal, MSB first).
function [511:0] mdd_crc_data_row(input integer alg, input integer w, input integer row);
    integer refl, width, pos;
    reg [63:0] polyn, mask, term;
    reg [511:0] row_mask;
    begin
        refl     = mdd_crc_reflected(alg);
        width    = mdd_crc_width(alg);
        polyn    = mdd_crc_poly_native(alg);
        mask     = mdd_crc_mask(alg);
        term     = polyn;
        row_mask = 512'd0;
        if (row >= 0 && row < width && w > 0 && w <= 64) begin
            for (pos = 8 * w - 1; pos >= 0; pos = pos - 1) begin
                row_mask[(refl != 0) ? pos : (pos - 2 * (pos % 8) + 7)] = term[row];
                term = mdd_crc_step(refl, width, polyn, mask, term);
            end
        end
        mdd_crc_data_row = row_mask;
    end
endfunction
// Reduction of a carry-less product for mdd_crc_mul: column j is x^(W+j) mod g
// in register bit order (j = 0 .. W-2, the product's high coefficients; the
// low ones reduce to themselves).  Row r (the mask of output bit r over the
// high coefficients) is bits [64*r +: 64].  x^W mod g is the native generator;
// each further column is one LFSR step.
function [4095:0] mdd_crc_fold_matrix(input integer alg);
    integer refl, width, j;
    reg [63:0] polyn, mask, term;
    reg [4095:0] columns;
    begin
        refl    = mdd_crc_reflected(alg);
        width   = mdd_crc_width(alg);
        polyn   = mdd_crc_poly_native(alg);
        mask    = mdd_crc_mask(alg);
        term    = polyn;
        columns = 4096'd0;
        for (j = 0; j < width - 1; j = j + 1) begin
            columns[64 * j +: 64] = term;
            term = mdd_crc_step(refl, width, polyn, mask, term);
        end
        mdd_crc_fold_matrix = mdd_crc_transpose64(columns);
    end
endfunction
/* verilator lint_on VARHIDDEN */

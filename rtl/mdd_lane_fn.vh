// SPDX-License-Identifier: MIT
//
// Lane-mask functions shared by the blocks (included inside a module that has a parameter W, after its other
// includes; their locals and arguments are named lf_* so that they hide no port or signal of the module). Prefix
// counts of a lane mask (every lane's count below it) are a module, rtl/mdd_lane_count.v.

// the sums in lane_popc and plus_count below are gates (add_gates): a carry chain in them splits the compare or
// select behind a count into cones that abc maps apart (D-109)
`include "mdd_add_gates.vh"

// bit i = OR of x[i-1:0]: "some lane below i" (Kogge-Stone prefix OR, log2(W) levels)
function [W-1:0] lane_below_or(input [W-1:0] x);
    integer lf_s;
    reg [W-1:0] lf_v;
    begin
        lf_v = x;
        for (lf_s = 1; lf_s < W; lf_s = 2 * lf_s) lf_v = lf_v | (lf_v << lf_s);
        lane_below_or = lf_v << 1;
    end
endfunction

// number of set lanes, W <= 64, by an adder tree (log2(W) levels; a running count in a lane loop is a ripple
// through W adders: 106 LUT levels in mdd_rx_ctx at W = 64, D-060)
function [6:0] lane_popc(input [W-1:0] x);
    integer lf_s, lf_u;
    reg [8*W-1:0] lf_v;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [15:0] lf_t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        for (lf_u = 0; lf_u < W; lf_u = lf_u + 1) begin
            lf_v[8*lf_u +: 8] = {7'd0, x[lf_u]};
        end
        for (lf_s = 1; lf_s < W; lf_s = 2 * lf_s) begin
            for (lf_u = 0; lf_u + lf_s < W; lf_u = lf_u + 2 * lf_s) begin
                lf_t = add_gates({8'd0, lf_v[8*lf_u +: 8]}, {8'd0, lf_v[8*(lf_u + lf_s) +: 8]}, 1'b0);
                lf_v[8*lf_u +: 8] = lf_t[7:0];
            end
        end
        lane_popc = lf_v[6:0];
    end
endfunction

// bit i = OR of x[W-1:i+1]: "some lane above i"
function [W-1:0] lane_above_or(input [W-1:0] x);
    integer lf_s;
    reg [W-1:0] lf_v;
    begin
        lf_v = x;
        for (lf_s = 1; lf_s < W; lf_s = 2 * lf_s) lf_v = lf_v | (lf_v >> lf_s);
        lane_above_or = lf_v >> 1;
    end
endfunction

// bit i = (i >= x) and bit i = (i < x), x a lane count (0..W): each bit a function of x alone (one LUT at W <= 32),
// where a compare per lane is mapped to a carry chain
function [W-1:0] lanes_from(input [7:0] x);
    lanes_from = {W{1'b1}} << x;
endfunction

function [W-1:0] lanes_below(input [7:0] x);
    lanes_below = ~({W{1'b1}} << x);
endfunction

// x < y for lane counts (0..255), as gates: a compare maps to a carry chain, which splits the lane decisions around
// it into cones that the LUT mapper sizes apart (a narrower count is passed zero-extended; its constant bits fold)
function count_lt(input [7:0] lf_x, input [7:0] lf_y);
    integer lf_i;
    reg lf_l;
    begin
        lf_l = 1'b0;
        for (lf_i = 0; lf_i < 8; lf_i = lf_i + 1)
            lf_l = (!lf_x[lf_i] && lf_y[lf_i]) || (!(lf_x[lf_i] ^ lf_y[lf_i]) && lf_l);
        count_lt = lf_l;
    end
endfunction

// the lanes below the lowest set lane of x (every lane when x = 0)
function [W-1:0] lane_before_first(input [W-1:0] x);
    lane_before_first = ~(lane_below_or(x) | x);
endfunction

// x + 1 with a parallel-prefix carry (log depth; a plain + maps to a ripple carry)
function [63:0] incr64(input [63:0] x);
    integer lf_s;
    reg [63:0] lf_v;
    begin
        lf_v = x;      // lf_v[i] = &x[i:0]
        for (lf_s = 1; lf_s < 64; lf_s = 2 * lf_s) lf_v = lf_v & ((lf_v << lf_s) | ((64'd1 << lf_s) - 64'd1));
        incr64 = x ^ {lf_v[62:0], 1'b1};
    end
endfunction

// base + a lane count (< 128): the low 7 bits add, the high bits take base_hi1 = (base >> 7) + 1 when they carry
// (base_hi = base >> 7). In two steps where the count is gathered late: plus_count_lo on every lane's count, the
// gather of the 8-bit results, plus_count_hi behind it (a select, not a carry chain, behind the gather)
function [7:0] plus_count_lo(input [6:0] lf_b, input [6:0] lf_n);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [15:0] lf_t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        lf_t = add_gates({9'd0, lf_b}, {9'd0, lf_n}, 1'b0);
        plus_count_lo = lf_t[7:0];
    end
endfunction

function [31:0] plus_count_hi(input [24:0] base_hi, input [24:0] base_hi1, input [7:0] lf_lo);
    plus_count_hi = {lf_lo[7] ? base_hi1 : base_hi, lf_lo[6:0]};
endfunction

function [31:0] plus_count(input [31:0] base, input [24:0] base_hi1, input [6:0] lf_n);
    plus_count = plus_count_hi(base[31:7], base_hi1, plus_count_lo(base[6:0], lf_n));
endfunction

// SPDX-License-Identifier: MIT
//
// Lane-mask functions shared by the blocks (included inside a module that has a parameter W, after its other
// includes). Prefix counts of a lane mask (every lane's count below it) are a module, rtl/mdd_lane_count.v.

// bit i = OR of x[i-1:0]: "some lane below i" (Kogge-Stone prefix OR, log2(W) levels)
function [W-1:0] lane_below_or(input [W-1:0] x);
    integer s;
    reg [W-1:0] v;
    begin
        v = x;
        for (s = 1; s < W; s = 2 * s) v = v | (v << s);
        lane_below_or = v << 1;
    end
endfunction

// number of set lanes, W <= 64, by an adder tree (log2(W) levels; a running count in a lane loop is a ripple
// through W adders: 106 LUT levels in mdd_rx_ctx at W = 64, D-060)
function [6:0] lane_popc(input [W-1:0] x);
    integer s, u;
    reg [8*W-1:0] v;
    begin
        for (u = 0; u < W; u = u + 1) begin
            v[8*u +: 8] = {7'd0, x[u]};
        end
        for (s = 1; s < W; s = 2 * s) begin
            for (u = 0; u + s < W; u = u + 2 * s) begin
                v[8*u +: 8] = v[8*u +: 8] + v[8*(u + s) +: 8];
            end
        end
        lane_popc = v[6:0];
    end
endfunction

// bit i = OR of x[W-1:i+1]: "some lane above i"
function [W-1:0] lane_above_or(input [W-1:0] x);
    integer s;
    reg [W-1:0] v;
    begin
        v = x;
        for (s = 1; s < W; s = 2 * s) v = v | (v >> s);
        lane_above_or = v >> 1;
    end
endfunction

// the lanes below the lowest set lane of x (every lane when x = 0)
function [W-1:0] lane_before_first(input [W-1:0] x);
    lane_before_first = ~(lane_below_or(x) | x);
endfunction

// x + 1 with a parallel-prefix carry (log depth; a plain + maps to a ripple carry)
function [63:0] incr64(input [63:0] x);
    integer s;
    reg [63:0] v;
    begin
        v = x;      // v[i] = &x[i:0]
        for (s = 1; s < 64; s = 2 * s) v = v & ((v << s) | ((64'd1 << s) - 64'd1));
        incr64 = x ^ {v[62:0], 1'b1};
    end
endfunction

// base + a lane count (< 128): the low 7 bits add, the high bits take base_hi1 = (base >> 7) + 1 when they carry
function [31:0] plus_count(input [31:0] base, input [24:0] base_hi1, input [6:0] n);
    reg [7:0] lo;
    begin
        lo = {1'b0, base[6:0]} + {1'b0, n};
        plus_count = {lo[7] ? base_hi1 : base[31:7], lo[6:0]};
    end
endfunction

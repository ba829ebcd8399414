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

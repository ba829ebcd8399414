// SPDX-License-Identifier: MIT
//
// Lane-mask functions shared by the RX stages (included inside a module that has a parameter W, after its
// other includes). Prefix counts of a lane mask are a module, rtl/mdd_lane_count.v.

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

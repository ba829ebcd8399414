// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Bench top of the lane expansion (tb/lockstep/lane_expand_main.cpp): the control and the data network as the
// staged TX generator uses them, byte lanes, the selects brought out.
module lane_expand_top #(
    parameter W = 8
) (
    input  wire [W-1:0]                          mask,
    input  wire [8*W-1:0]                        src,
    output wire [2*((($clog2(W))+1)/2)*W-1:0]    sel,
    output wire [($clog2(W)+1)*W-1:0]            hl,
    output wire [8*W-1:0]                        dst
);

mdd_lane_expand_ctl #(.W(W)) ctl (.mask(mask), .sel(sel), .hl(hl));
mdd_lane_expand #(.W(W), .LANE_W(8)) net (.src(src), .sel(sel), .dst(dst));

endmodule

`resetall

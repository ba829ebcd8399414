// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Lane rotator: a W-lane word rotated by sh lanes, up (lane s takes lane
 * (s - sh) mod W) or down (lane s takes lane (s + sh) mod W).  Combinational,
 * log2(W) stages of 1, 2, 4 ... lanes, the least significant bit of sh first:
 * W log2(W) two-way muxes per lane bit, where a per-lane select would be W
 * W-way muxes.  The core's gearboxes (mdd_crc_unit, mdd_pack) rotate their
 * compacted words up by the fill; the TX host ring (mdd_txg_hbuf) rotates a
 * beat up by its write pointer and the ring's rows down by its read pointer.
 *
 * Parameters:
 *   W        lanes per word, a power of two (4..64)
 *   LANE_W   bits per lane
 *   DOWN     0: rotate up (towards higher lanes), 1: rotate down
 *   L        log2(W), derived; do not override
 */
module mdd_lane_rotate #(
    parameter W      = 8,
    parameter LANE_W = 8,
    parameter DOWN   = 0,
    parameter L      = $clog2(W)
) (
    input  wire [LANE_W*W-1:0] in,
    input  wire [L-1:0]        sh,
    output wire [LANE_W*W-1:0] out
);

localparam LW = LANE_W * W;

genvar s;

generate
for (s = 0; s < L; s = s + 1) begin : g_stage
    localparam SB = LANE_W * (1 << s);
    wire [LW-1:0] src;
    if (s == 0) begin : g_in
        assign src = in;
    end else begin : g_prev
        assign src = g_stage[s-1].stage_out;
    end
    wire [LW-1:0] stage_out;
    if (DOWN != 0) begin : g_down
        assign stage_out = sh[s] ? {src[SB-1:0], src[LW-1:SB]} : src;
    end else begin : g_up
        assign stage_out = sh[s] ? {src[LW-SB-1:0], src[LW-1 -: SB]} : src;
    end
end
endgenerate

assign out = g_stage[L-1].stage_out;

endmodule

`resetall

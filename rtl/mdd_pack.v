// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Packer (M9): drops the byte lanes whose s_tkeep bit is clear and repacks
 * the kept bytes, in order and with their tags, into full words, one input
 * word per clock, any keep pattern, no bubbles.  Shared by the RX path (after
 * the checker: lanes with K = 0 or VOID leave) and the TX path.
 *
 * A packet is the sequence of words up to and including one with s_tlast.
 * Its kept bytes leave in order, packed into words with m_tkeep all ones; the
 * last word of the packet (m_tlast) carries the rest, m_tkeep contiguous from
 * lane 0 (1..W lanes), and zeros in the lanes above.  Each byte's tag
 * (s_tuser lane i = s_tuser[USER_LANE_W*i +: USER_LANE_W]) travels with it.
 * A packet with no kept byte still produces exactly one word, with m_tkeep = 0
 * and m_tlast, so packets in and out stay one to one.  The same null last
 * word closes a packet whose kept bytes filled its earlier output words
 * exactly and whose last input word keeps nothing (the earlier full word left
 * before the packet's end was known).  A packet never produces more words than
 * it had input words.
 *
 * Microarchitecture (docs/pack.md):
 *   P1, P2, C*  compaction of {tag, byte} lanes and the gearbox fill: an
 *       mdd_compact instance (LANE_W = 8 + USER_LANE_W), the network the CRC
 *       unit uses (byte-mask handling in one place)
 *   E   gearbox and output register: the compacted lanes, rotated up by the
 *       fill f, complete the partial word G.  A full word goes out; at the
 *       end of a packet the rest goes out as the last word.  A packet's last
 *       input word can complete two words (more than W bytes in G and in the
 *       word): the second one waits in G (pend) and leaves on the next clock.
 *       The word arriving then starts at fill 0; if it completes a word it
 *       takes G's place, so at most one word ever waits and the input never
 *       stalls (the CRC unit's gearbox, docs/crc-unit.md).
 *
 * Flow control: every stage advances together when the output register is
 * empty or being read, advance = m_tready | ~m_tvalid (D-029), so s_tready =
 * advance depends combinationally on m_tready.  A word enters on every clock
 * with s_tvalid & s_tready.  Data registers load only when a valid word moves
 * into them, so m_tdata/m_tuser/m_tkeep/m_tlast hold while m_tvalid is low.
 *
 * rst is synchronous and active high; it may come in mid-stream: it drops
 * the packet in progress, every word not yet delivered, and the input word
 * offered during the reset cycle (s_tready does not look at rst).  A word
 * that leaves on the reset clock edge (m_tvalid & m_tready) is delivered.
 *
 * Latency: m_tvalid rises 3 + NCP cycles after the cycle that accepted the
 * input word completing an output word (NCP = ceil(log2(W) / 3); W = 4, 8: 4;
 * 16, 32, 64: 5), one cycle later for the second word of a two-word packet
 * end, plus any stall cycles.
 *
 * Parameters:
 *   W            bytes per word: 4, 8, 16, 32 or 64
 *   USER_LANE_W  bits of the tag per byte (8: the per-byte tag of
 *                docs/ARCHITECTURE.md 4.1), 1..56
 */
module mdd_pack #(
    parameter W = 8,
    parameter USER_LANE_W = 8
) (
    input  wire                     clk,
    input  wire                     rst,

    input  wire [8*W-1:0]           s_tdata,
    input  wire [USER_LANE_W*W-1:0] s_tuser,
    input  wire [W-1:0]             s_tkeep,
    input  wire                     s_tlast,
    input  wire                     s_tvalid,
    output wire                     s_tready,

    output wire [8*W-1:0]           m_tdata,
    output wire [USER_LANE_W*W-1:0] m_tuser,
    output wire [W-1:0]             m_tkeep,
    output wire                     m_tlast,
    output wire                     m_tvalid,
    input  wire                     m_tready
);

localparam L      = (W == 4) ? 2 : (W == 8) ? 3 : (W == 16) ? 4 : (W == 32) ? 5 : 6;  // log2(W)
localparam UW     = USER_LANE_W;
localparam LANE_W = 8 + UW;                       // {tag, byte}
localparam LW     = LANE_W * W;

// bad parameters stop elaboration instead of silently computing garbage
initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (USER_LANE_W < 1 || USER_LANE_W > 56) begin
        $display("Error: USER_LANE_W (%0d) must be 1..56 (%m)", USER_LANE_W);
        $finish;
    end
end

// every stage advances with the output register
wire advance = m_tready || !m_tvalid;

assign s_tready = advance;

genvar i;

// -------------------------------------------------------------------------
// P1, P2, C: compaction of the {tag, byte} lanes and the gearbox fill.
// -------------------------------------------------------------------------

wire [LW-1:0] s_lanes;
generate
for (i = 0; i < W; i = i + 1) begin : g_lane_in
    assign s_lanes[LANE_W*i +: LANE_W] = {s_tuser[UW*i +: UW], s_tdata[8*i +: 8]};
end
endgenerate

wire [LW-1:0] gb_in_lanes;   // k lanes in 0..k-1, zeros above
wire          gb_in_valid;
wire          gb_in_last;
wire [L-1:0]  gb_in_fill;
wire [LW-1:0] gb_in_below;
wire          gb_lt, gb_eq, gb_gt, gb_none;
wire [L-1:0]  gb_pad;
/* verilator lint_off UNUSEDSIGNAL */
wire [L:0]    gb_in_zeros;   // the gearbox needs only the fill flags
wire          gb_in_meta;    // no sideband beyond s_tlast
/* verilator lint_on UNUSEDSIGNAL */

mdd_compact #(
    .W(W),
    .LANE_W(LANE_W),
    .META_W(1)
) cmp (
    .clk(clk),
    .rst(rst),
    .advance(advance),
    .s_lanes(s_lanes),
    .s_keep(s_tkeep),
    .s_last(s_tlast),
    .s_meta(1'b0),
    .s_valid(s_tvalid),
    .m_lanes(gb_in_lanes),
    .m_zeros(gb_in_zeros),
    .m_last(gb_in_last),
    .m_meta(gb_in_meta),
    .m_fill(gb_in_fill),
    .m_below(gb_in_below),
    .m_lt(gb_lt),
    .m_eq(gb_eq),
    .m_gt(gb_gt),
    .m_none(gb_none),
    .m_pad(gb_pad),
    .m_valid(gb_in_valid)
);

// -------------------------------------------------------------------------
// E: gearbox and output register.
// -------------------------------------------------------------------------

// rotate up by f lanes: lane s takes compacted lane (s - f) mod W
wire [LW-1:0] rotated;

mdd_lane_rotate #(.W(W), .LANE_W(LANE_W)) gb_rot (.in(gb_in_lanes), .sh(gb_in_fill), .out(rotated));

// m_tkeep of a word that ends a packet in this word (or in the word it completes):
// f + k lanes (mod W, W when pad = 0), none when f + k = 0
wire [W-1:0] keep_tail = gb_none ? {W{1'b0}} : ({W{1'b1}} >> gb_pad);

reg [LW-1:0] gb_word = {LW{1'b0}};   // G: partial word (lanes < f), or a complete word when pend
reg          gb_pend = 1'b0;          // G holds a complete word that leaves on the next clock
reg          gb_pend_last = 1'b0;
reg [W-1:0]  gb_pend_keep = {W{1'b0}};

// lane masks: G keeps a lane / loads zero instead of the rotated lane / E takes the lane from G
wire [LW-1:0] g_hold = (!gb_in_valid) ? {LW{1'b1}}
                     : (!gb_pend && gb_lt && !gb_in_last) ? gb_in_below : {LW{1'b0}};
wire [LW-1:0] g_zero = (!gb_pend && gb_gt && gb_in_last) ? ~gb_in_below : {LW{1'b0}};
wire [LW-1:0] e_from_g = gb_pend ? {LW{1'b1}} : gb_in_below;

wire e_valid_d = gb_pend || (gb_in_valid && (gb_eq || gb_gt || (gb_lt && gb_in_last)));

reg [LW-1:0] e_lanes = {LW{1'b0}};
reg [W-1:0]  e_keep = {W{1'b0}};
reg          e_last = 1'b0;
reg          e_valid = 1'b0;

always @(posedge clk) begin
    if (advance) begin
        gb_word <= (gb_word & g_hold) | (rotated & ~g_hold & ~g_zero);
        if (gb_in_valid) begin
            // a word becomes pending with these tags; read only while gb_pend
            gb_pend_last <= gb_pend ? gb_in_last : 1'b1;
            gb_pend_keep <= keep_tail;
        end
    end
    if (advance && e_valid_d) begin
        e_lanes <= (gb_word & e_from_g) | (rotated & ~e_from_g);
        e_keep  <= gb_pend ? gb_pend_keep : gb_gt ? {W{1'b1}} : keep_tail;
        e_last  <= gb_pend ? gb_pend_last : (gb_lt || (gb_eq && gb_in_last));
    end
    if (rst) begin
        gb_pend <= 1'b0;
        e_valid <= 1'b0;
    end else if (advance) begin
        gb_pend <= gb_in_valid && (gb_pend ? (gb_in_last || gb_eq) : (gb_gt && gb_in_last));
        e_valid <= e_valid_d;
    end
end

generate
for (i = 0; i < W; i = i + 1) begin : g_lane_out
    assign m_tdata[8*i +: 8]  = e_lanes[LANE_W*i +: 8];
    assign m_tuser[UW*i +: UW] = e_lanes[LANE_W*i + 8 +: UW];
end
endgenerate

assign m_tkeep  = e_keep;
assign m_tlast  = e_last;
assign m_tvalid = e_valid;

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Compaction: the lanes of a W-lane word whose keep bit is set move down to
 * lanes 0..k-1, in order, and every lane above is zero; pipelined, one word
 * per clock, any keep pattern.  This is the byte-mask handling of the core:
 * mdd_crc_unit (the bytes a CRC includes) and mdd_pack (the bytes a path
 * delivers) both compact through this module, and both then repack the
 * compacted words into full words with a gearbox, for which the module also
 * keeps the gearbox fill (below).
 *
 * A message (crc unit) or packet (packer) is the sequence of words up to and
 * including one with s_last.  A lane is LANE_W bits (a byte, or a byte and
 * its tag); s_meta travels unchanged alongside the word.
 *
 * Microarchitecture (docs/crc-unit.md has the measurements and the proof):
 *   P1  zeros (cleared keep bits) before each lane inside its group of 8,
 *       zeros per group
 *   P2  zeros before each group (Sklansky prefix) and in the whole word
 *   C*  compaction network: each kept lane moves down by z = zeros before
 *       it, in log2(W) stages of 1, 2, 4 ... lanes, least significant bit of
 *       z first (collision-free: moved lanes keep their order and never
 *       meet), three stages per register.  The first C register also takes
 *       the gearbox fill f from a small accumulator and the case flags.
 *
 * Gearbox fill: f = kept lanes of the earlier words of the open message,
 * mod W (the lanes already waiting in a user's partial word when this word
 * reaches it), f' = (f + k) mod W, 0 after a message's last word.  It runs
 * on P2's zero count, a log2(W)-bit loop one stage ahead of the network, so
 * the user's gearbox gets f and these flags from a register:
 *   m_fill   f
 *   m_below  lane-wide thermometer: all LANE_W bits of lane s set when s < f
 *   m_lt, m_eq, m_gt   f + k <, ==, > W
 *   m_none   f + k == 0 (nothing waiting, nothing added)
 *   m_pad    (W - (f + k)) mod W: free lanes after the data when the
 *            message ends in this word (or in the word it completes)
 *   m_zeros  W - k, the word's cleared keep bits
 *
 * Flow control: every register moves on the user's advance (its own output
 * stage's m_tready | ~m_tvalid, D-029); a word enters with s_valid & advance.
 * Data registers load only when a valid word moves into them, so they hold
 * their value while no word moves.
 *
 * rst is synchronous and active high: it clears the valid bits and the fill
 * (the open message is dropped); data registers are not reset.
 *
 * Latency: a word accepted in cycle t is on the outputs (m_valid) in cycle
 * t + 2 + NCP, NCP = ceil(log2(W) / 3) (W = 4, 8: 3; 16, 32, 64: 4), as long
 * as advance stays high.
 *
 * Parameters:
 *   W        lanes per word: 4, 8, 16, 32 or 64
 *   LANE_W   bits per lane (8 = a byte)
 *   META_W   width of s_meta/m_meta
 *   L        log2(W), derived; do not override
 */
module mdd_compact #(
    parameter W = 8,
    parameter LANE_W = 8,
    parameter META_W = 1,
    parameter L = (W == 4) ? 2 : (W == 8) ? 3 : (W == 16) ? 4 : (W == 32) ? 5 : 6
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                advance,

    input  wire [LANE_W*W-1:0] s_lanes,
    input  wire [W-1:0]        s_keep,
    input  wire                s_last,
    input  wire [META_W-1:0]   s_meta,
    input  wire                s_valid,

    output wire [LANE_W*W-1:0] m_lanes,
    output wire [L:0]          m_zeros,
    output wire                m_last,
    output wire [META_W-1:0]   m_meta,
    output wire [L-1:0]        m_fill,
    output wire [LANE_W*W-1:0] m_below,
    output wire                m_lt,
    output wire                m_eq,
    output wire                m_gt,
    output wire                m_none,
    output wire [L-1:0]        m_pad,
    output wire                m_valid
);

localparam GS  = (W < 8) ? W : 8;                 // group of the first zero count
localparam GL  = (GS == 4) ? 2 : 3;               // log2(GS): bits of a count inside a group
localparam NG  = W / GS;                          // groups per word
localparam LG  = (NG == 1) ? 0 : (NG == 2) ? 1 : (NG == 4) ? 2 : 3;  // log2(NG)
localparam KW  = L + 1;                           // a lane count 0..W
localparam NCP = (L + 2) / 3;                     // compaction registers
localparam LW  = LANE_W * W;                      // bits of a word

// bad parameters stop elaboration instead of silently computing garbage
initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (L != ((W == 4) ? 2 : (W == 8) ? 3 : (W == 16) ? 4 : (W == 32) ? 5 : 6)) begin
        $display("Error: L (%0d) is derived from W; do not override (%m)", L);
        $finish;
    end
    if (LANE_W < 1 || LANE_W > 64) begin
        $display("Error: LANE_W (%0d) must be 1..64 (%m)", LANE_W);
        $finish;
    end
    if (META_W < 1) begin
        $display("Error: META_W (%0d) must be at least 1 (%m)", META_W);
        $finish;
    end
end

genvar i, g, l, c, j;

// -------------------------------------------------------------------------
// P1: per-group zero counts.
// -------------------------------------------------------------------------

// lz_d[i]: cleared lanes before lane i inside its group; gz_d[g]: in group g.
// Each count is a function of at most GS keep bits; summing two halves keeps
// it at two LUT levels (a ripple of increments maps deeper).
function [GL:0] count_zeros(input [GS-1:0] keep, input integer n);   // clear bits among keep[n-1:0]
    integer b;
    reg [GL:0] lo, hi;
    begin
        lo = {(GL+1){1'b0}};
        hi = {(GL+1){1'b0}};
        for (b = 0; b < GS / 2; b = b + 1) begin
            if (b < n) lo = lo + {{GL{1'b0}}, !keep[b]};
            if (b + GS / 2 < n) hi = hi + {{GL{1'b0}}, !keep[b + GS / 2]};
        end
        count_zeros = lo + hi;
    end
endfunction

// zeros among the 2*GS lanes of groups g-1 and g (g odd): four quarter counts (one LUT level each) summed as a
// balanced tree, from the keep bits, not after the group counts (P2's first prefix level, made in P1)
function [KW-1:0] count_zeros_pair(input [2*GS-1:0] keep);
    integer b;
    reg [KW-1:0] q0, q1, q2, q3;
    begin
        q0 = {KW{1'b0}};
        q1 = {KW{1'b0}};
        q2 = {KW{1'b0}};
        q3 = {KW{1'b0}};
        for (b = 0; b < GS / 2; b = b + 1) begin
            q0 = q0 + {{(KW-1){1'b0}}, !keep[b]};
            q1 = q1 + {{(KW-1){1'b0}}, !keep[GS / 2 + b]};
            q2 = q2 + {{(KW-1){1'b0}}, !keep[GS + b]};
            q3 = q3 + {{(KW-1){1'b0}}, !keep[3 * GS / 2 + b]};
        end
        count_zeros_pair = (q0 + q1) + (q2 + q3);
    end
endfunction

wire [W*GL-1:0]      lz_d;
wire [NG*(GL+1)-1:0] gz_d;
wire [NG*KW-1:0]     s1_d;      // P2's prefix after its first level: the pair sum for odd g, the group's own for even g

generate
for (g = 0; g < NG; g = g + 1) begin : g_group_count
    wire [GS-1:0] keep = s_keep[g*GS +: GS];
    for (i = 0; i < GS; i = i + 1) begin : g_lane
        // at most GS-1 zeros lie before a lane of the group: the top bit is always zero
        /* verilator lint_off UNUSEDSIGNAL */
        wire [GL:0] zeros_before = count_zeros(keep, i);
        /* verilator lint_on UNUSEDSIGNAL */
        assign lz_d[(g*GS+i)*GL +: GL] = zeros_before[GL-1:0];
    end
    assign gz_d[g*(GL+1) +: GL+1] = count_zeros(keep, GS);
    if (g % 2 == 1) begin : g_pair
        assign s1_d[g*KW +: KW] = count_zeros_pair(s_keep[(g-1)*GS +: 2*GS]);
    end else begin : g_single
        assign s1_d[g*KW +: KW] = {{(KW-GL-1){1'b0}}, gz_d[g*(GL+1) +: GL+1]};
    end
end
endgenerate

reg [LW-1:0]        p1_lanes = {LW{1'b0}};
reg [W-1:0]         p1_keep = {W{1'b0}};
reg [W*GL-1:0]      p1_lz = {W*GL{1'b0}};
// (one or the other is read: the group counts when the word is one group, the first level's sums otherwise)
/* verilator lint_off UNUSEDSIGNAL */
reg [NG*(GL+1)-1:0] p1_gz = {NG*(GL+1){1'b0}};
reg [NG*KW-1:0]     p1_s1 = {NG*KW{1'b0}};
/* verilator lint_on UNUSEDSIGNAL */
reg                 p1_last = 1'b0;
reg [META_W-1:0]    p1_meta = {META_W{1'b0}};
reg                 p1_valid = 1'b0;

always @(posedge clk) begin
    if (advance && s_valid) begin
        p1_lanes <= s_lanes;
        p1_keep  <= s_keep;
        p1_lz    <= lz_d;
        p1_gz    <= gz_d;
        p1_s1    <= s1_d;
        p1_last  <= s_last;
        p1_meta  <= s_meta;
    end
    if (rst) begin
        p1_valid <= 1'b0;
    end else if (advance) begin
        p1_valid <= s_valid;
    end
end

// -------------------------------------------------------------------------
// P2: zeros before each group (Sklansky parallel prefix, log2(NG) adder
// levels) and zeros in the word.
// -------------------------------------------------------------------------

wire [NG*KW-1:0] gz_wide;
generate
for (g = 0; g < NG; g = g + 1) begin : g_widen
    assign gz_wide[g*KW +: KW] = {{(KW-GL-1){1'b0}}, p1_gz[g*(GL+1) +: GL+1]};
end
endgenerate

// g_sk[l].sum: inclusive prefix sums of the group zero counts after l adder levels
generate
for (l = 0; l <= LG; l = l + 1) begin : g_sk
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NG*KW-1:0] sum;       // (level 0 is read only when the word is one group)
    /* verilator lint_on UNUSEDSIGNAL */
    if (l == 0) begin : g_base
        assign sum = gz_wide;
    end else if (l == 1) begin : g_reg
        // the first level's sums come registered from P1 (a level of adders off P2's path)
        assign sum = p1_s1;
    end else begin : g_level
        for (g = 0; g < NG; g = g + 1) begin : g_node
            if ((g >> (l - 1)) % 2 == 1) begin : g_add
                // add the inclusive sum at the top of the lower half of this block
                localparam SRC = ((g >> l) << l) + (1 << (l - 1)) - 1;
                assign sum[g*KW +: KW] = g_sk[l-1].sum[g*KW +: KW] + g_sk[l-1].sum[SRC*KW +: KW];
            end else begin : g_pass
                assign sum[g*KW +: KW] = g_sk[l-1].sum[g*KW +: KW];
            end
        end
    end
end
endgenerate

// the top bit of a partial sum is always zero (fewer than W zeros lie before a group)
/* verilator lint_off UNUSEDSIGNAL */
wire [NG*KW-1:0] group_incl = g_sk[LG].sum;
/* verilator lint_on UNUSEDSIGNAL */

wire [NG*L-1:0] zpre_d;   // exclusive prefix: zeros before group g (< W, L bits)
generate
for (g = 0; g < NG; g = g + 1) begin : g_zpre
    if (g == 0) begin : g_first
        assign zpre_d[0 +: L] = {L{1'b0}};
    end else begin : g_rest
        assign zpre_d[g*L +: L] = group_incl[(g-1)*KW +: L];
    end
end
endgenerate

reg [LW-1:0]     p2_lanes = {LW{1'b0}};
reg [W-1:0]      p2_keep = {W{1'b0}};
reg [W*GL-1:0]   p2_lz = {W*GL{1'b0}};
reg [NG*L-1:0]   p2_zpre = {NG*L{1'b0}};
reg [KW-1:0]     p2_zeros = {KW{1'b0}};
reg              p2_last = 1'b0;
reg [META_W-1:0] p2_meta = {META_W{1'b0}};
reg              p2_valid = 1'b0;

always @(posedge clk) begin
    if (advance && p1_valid) begin
        p2_lanes <= p1_lanes;
        p2_keep  <= p1_keep;
        p2_lz    <= p1_lz;
        p2_zpre  <= zpre_d;
        p2_zeros <= group_incl[(NG-1)*KW +: KW];
        p2_last  <= p1_last;
        p2_meta  <= p1_meta;
    end
    if (rst) begin
        p2_valid <= 1'b0;
    end else if (advance) begin
        p2_valid <= p1_valid;
    end
end

// -------------------------------------------------------------------------
// Gearbox fill accumulator: f = lanes already waiting in the user's partial
// word when this word reaches its gearbox.  With k = W - zeros kept lanes,
// f + k - W = f - zeros, so the zero count is used directly.
// -------------------------------------------------------------------------

reg [L-1:0] fill = {L{1'b0}};

wire [KW-1:0] fill_wide = {1'b0, fill};
wire [L-1:0]  fill_next = fill - p2_zeros[L-1:0];                 // (f + k) mod W
wire          case_lt = fill_wide < p2_zeros;                     // f + k <  W
wire          case_eq = fill_wide == p2_zeros;                    // f + k == W
wire          case_gt = fill_wide > p2_zeros;                     // f + k >  W
wire          case_none = (fill == {L{1'b0}}) && p2_zeros[L];      // f + k == 0 (zeros == W)
wire [L-1:0]  case_pad = p2_zeros[L-1:0] - fill;                  // (W - (f + k)) mod W

// lanes s < f, every bit of the lane (lane-wide so that the gearbox masks need no expansion)
wire [LW-1:0] below_fill = ~({LW{1'b1}} << (fill * LANE_W));

always @(posedge clk) begin
    if (rst) begin
        fill <= {L{1'b0}};
    end else if (advance && p2_valid) begin
        fill <= p2_last ? {L{1'b0}} : fill_next;
    end
end

// -------------------------------------------------------------------------
// C: compaction network.  Level 0 = P2 (cleared lanes zeroed, z computed);
// network stage j moves the lanes whose z has bit j set down by 2^j lanes.
// z travels with its lane as bit planes (plane t = bit t of every lane).
// -------------------------------------------------------------------------

// meta that travels with a word from the first C register to the outputs
localparam MW = 1 + META_W + KW + L + LW + 1 + 1 + 1 + 1 + L;

wire [LW-1:0]  c0_lanes;
wire [W*L-1:0] c0_planes;

generate
for (i = 0; i < W; i = i + 1) begin : g_c0
    wire [L-1:0] z = p2_keep[i] ? p2_zpre[(i/GS)*L +: L] + {{(L-GL){1'b0}}, p2_lz[i*GL +: GL]} : {L{1'b0}};
    assign c0_lanes[LANE_W*i +: LANE_W] = p2_keep[i] ? p2_lanes[LANE_W*i +: LANE_W] : {LANE_W{1'b0}};
    for (j = 0; j < L; j = j + 1) begin : g_plane
        assign c0_planes[j*W + i] = z[j];
    end
end
endgenerate

wire [MW-1:0] c0_meta = {p2_last, p2_meta, p2_zeros, fill, below_fill,
                         case_lt, case_eq, case_gt, case_none, case_pad};

generate
for (c = 0; c < NCP; c = c + 1) begin : g_cstage
    localparam J0 = 3 * c;
    localparam J1 = (3 * c + 3 < L) ? 3 * c + 3 : L;   // network stages J0 .. J1-1

    // planes of z bits J0 .. L-1 (plane J0 lowest)
    wire [LW-1:0]       in_lanes;
    wire [W*(L-J0)-1:0] in_planes;
    wire [MW-1:0]       in_meta;
    wire                in_valid;

    if (c == 0) begin : g_from_p2
        assign in_lanes  = c0_lanes;
        assign in_planes = c0_planes;
        assign in_meta   = c0_meta;
        assign in_valid  = p2_valid;
    end else begin : g_from_c
        assign in_lanes  = g_cstage[c-1].lanes_q;
        assign in_planes = g_cstage[c-1].g_planes_q.planes_q;
        assign in_meta   = g_cstage[c-1].meta_q;
        assign in_valid  = g_cstage[c-1].valid_q;
    end

    for (j = J0; j < J1; j = j + 1) begin : g_net
        localparam SH = 1 << j;
        wire [LW-1:0]      src_lanes;
        wire [W*(L-j)-1:0] src_planes;
        if (j == J0) begin : g_src_in
            assign src_lanes  = in_lanes;
            assign src_planes = in_planes;
        end else begin : g_src_net
            assign src_lanes  = g_net[j-1].lanes;
            assign src_planes = g_net[j-1].g_rest.planes;
        end
        wire [W-1:0]  move = src_planes[W-1:0];
        wire [LW-1:0] move_bits;
        for (i = 0; i < W; i = i + 1) begin : g_expand
            assign move_bits[LANE_W*i +: LANE_W] = {LANE_W{move[i]}};
        end
        // a lane keeps its value unless it moves; it receives the lane
        // 2^j above when that one moves (never both: collision-free)
        wire [LW-1:0] lanes = (src_lanes & ~move_bits) | ((src_lanes & move_bits) >> (LANE_W * SH));
        if (j < L - 1) begin : g_rest
            // the higher z bits travel with their lanes
            wire [W*(L-j-1)-1:0] planes;
            for (l = j + 1; l < L; l = l + 1) begin : g_plane
                wire [W-1:0] p = src_planes[(l-j)*W +: W];
                assign planes[(l-j-1)*W +: W] = (p & ~move) | ((p & move) >> SH);
            end
        end
    end

    reg [LW-1:0] lanes_q = {LW{1'b0}};
    reg [MW-1:0] meta_q = {MW{1'b0}};
    reg          valid_q = 1'b0;

    always @(posedge clk) begin
        if (advance && in_valid) begin
            lanes_q <= g_net[J1-1].lanes;
            meta_q  <= in_meta;
        end
        if (rst) begin
            valid_q <= 1'b0;
        end else if (advance) begin
            valid_q <= in_valid;
        end
    end

    if (J1 < L) begin : g_planes_q
        reg [W*(L-J1)-1:0] planes_q = {W*(L-J1){1'b0}};
        always @(posedge clk) begin
            if (advance && in_valid) begin
                planes_q <= g_net[J1-1].g_rest.planes;
            end
        end
    end
end
endgenerate

// -------------------------------------------------------------------------
// Outputs: the last C register.
// -------------------------------------------------------------------------

assign m_lanes = g_cstage[NCP-1].lanes_q;   // k lanes in 0..k-1, zeros above
assign m_valid = g_cstage[NCP-1].valid_q;
assign {m_last, m_meta, m_zeros, m_fill, m_below, m_lt, m_eq, m_gt, m_none, m_pad} = g_cstage[NCP-1].meta_q;

endmodule

`resetall

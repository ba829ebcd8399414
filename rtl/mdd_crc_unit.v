// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * CRC unit: the CRC of an arbitrary subset of the bytes of a W-byte stream,
 * one word per clock, any include mask, no bubbles.
 *
 * A message is the sequence of words up to and including one with s_tlast.
 * Its CRC covers exactly the bytes whose s_tkeep bit is set, in stream order
 * (byte 0 = s_tdata[7:0] first); a byte whose bit is clear is skipped as if it
 * were absent (markers, DIFs and digests are excluded this way).  Words with
 * an all-zero mask are legal anywhere, so a message may include no byte at all.
 *
 * Seeds and results are in the VALUE domain of include/mdd/crc.h (the CRC as a
 * protocol reports it).  With s_seed_en on the first word of a message the CRC
 * continues from s_seed, like zlib's crc32(crc, buf, len): a transfer that ends
 * inside a message ends it with tlast, keeps m_crc and resumes with that value
 * as the seed.  Without s_seed_en it starts from the algorithm's init.
 *
 * Microarchitecture (docs/crc-unit.md has the measurements and the argument):
 *   P1  zeros before each byte inside its group of 8, zeros per group
 *   P2  zeros before each group (Sklansky prefix) and in the whole word
 *   C*  compaction: each included byte moves down by z = zeros before it, in
 *       log2(W) stages of 1, 2, 4 ... bytes, least significant bit of z first
 *       (collision-free: moved bytes keep their order and never meet), three
 *       stages per register.  The first C register also takes the gearbox fill
 *       f from a small accumulator, f' = (f + k) mod W, and the case flags.
 *   E   gearbox: the compacted bytes, rotated up by f, complete the partial word
 *       G.  A full word goes out; at the end of a message the rest goes out as
 *       one word padded with zeros after the data (pad = W - bytes left).  A
 *       message's last input word can complete two words: the second one waits
 *       in G (pend) and leaves on the next clock.  The word arriving then starts
 *       at fill 0; if it completes a word it takes G's place, so at most one
 *       word ever waits and the input never stalls.
 *   L   the only feedback loop: S' = (first ? seed : S) * x^(8W) + CRC_raw(word),
 *       one constant GF(2) matrix on {S, word}.  A word marked empty (message
 *       with nothing left to add) passes S_in through.  After a last word S is
 *       the message's register, which the first X register reads.
 *   X*  fix-up of the last word's zero padding outside the loop:
 *       S * x^(-8 pad) as log2(W) conditional constant steps x^(-8 * 2^j),
 *       one per register: an mdd_crc_shift instance (INVERSE, one pad bit
 *       per stage), whose last register adds xorout and drives m_crc.
 *
 * Flow control: every stage advances together when the output register is
 * empty or being read, advance = m_tready | ~m_tvalid, so s_tready = advance
 * depends combinationally on m_tready.  A word enters on every clock with
 * s_tvalid & s_tready.  Results leave in message order.  Data registers load
 * only when a valid word moves into them, so m_crc/m_tuser hold the last
 * result while m_tvalid is low.
 *
 * rst is synchronous and active high; it may come in mid-stream: it drops the
 * message in progress, every result not yet delivered, and the input word
 * offered during the reset cycle (s_tready does not look at rst).
 *
 * Latency: m_tvalid rises 4 + NCP + log2(W) cycles after the cycle that
 * accepted a message's last word (NCP = ceil(log2(W) / 3); W = 4: 7, 8: 8,
 * 16: 10, 32: 11, 64: 12), one cycle later when that word completes two words,
 * plus any stall cycles.
 *
 * Parameters:
 *   W        bytes per word: 4, 8, 16, 32 or 64
 *   CRC_ALG  0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME
 *            (= enum mdd_crc_alg in include/mdd/crc.h)
 *   CRC_W    register width, derived from CRC_ALG; do not override
 *   USER_W   width of s_tuser/m_tuser, the message tag sampled on the last
 *            word and returned with its result
 *
 * CRC constants come from rtl/mdd_crc_math.vh (compile with -Irtl); the
 * fix-up instantiates rtl/mdd_crc_shift.v.
 */
module mdd_crc_unit #(
    parameter W = 8,
    parameter CRC_ALG = 0,
    parameter CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [8*W-1:0]    s_tdata,
    input  wire [W-1:0]      s_tkeep,
    input  wire              s_tlast,
    input  wire [USER_W-1:0] s_tuser,
    input  wire              s_seed_en,
    input  wire [CRC_W-1:0]  s_seed,
    input  wire              s_tvalid,
    output wire              s_tready,

    output wire [CRC_W-1:0]  m_crc,
    output wire [USER_W-1:0] m_tuser,
    output wire              m_tvalid,
    input  wire              m_tready
);

`include "mdd_crc_math.vh"

localparam L   = (W == 4) ? 2 : (W == 8) ? 3 : (W == 16) ? 4 : (W == 32) ? 5 : 6;  // log2(W)
localparam GS  = (W < 8) ? W : 8;                 // group of the first zero count
localparam GL  = (GS == 4) ? 2 : 3;               // log2(GS): bits of a count inside a group
localparam NG  = W / GS;                          // groups per word
localparam LG  = (NG == 1) ? 0 : (NG == 2) ? 1 : (NG == 4) ? 2 : 3;  // log2(NG)
localparam KW  = L + 1;                           // a byte count 0..W
localparam NCP = (L + 2) / 3;                     // compaction registers

localparam [63:0] INIT64   = mdd_crc_init(CRC_ALG);
localparam [63:0] XOROUT64 = mdd_crc_xorout(CRC_ALG);
localparam [CRC_W-1:0] INIT   = INIT64[CRC_W-1:0];
localparam [CRC_W-1:0] XOROUT = XOROUT64[CRC_W-1:0];
localparam [63:0] W_BYTES = {32'd0, W[31:0]};

// bad parameters stop elaboration instead of silently computing garbage
initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (CRC_ALG < 0 || CRC_ALG > 3 || CRC_W != mdd_crc_width(CRC_ALG)) begin
        $display("Error: CRC_ALG %0d / CRC_W %0d: CRC_ALG must be 0..3, CRC_W derived (%m)", CRC_ALG, CRC_W);
        $finish;
    end
    if (USER_W < 1 || USER_W > 32) begin
        $display("Error: USER_W (%0d) must be 1..32 (%m)", USER_W);
        $finish;
    end
end

// every stage advances with the output stage, the fix-up shift unit at the end:
// advance = its s_tready = m_tready | ~m_tvalid
wire advance;

assign s_tready = advance;

genvar i, g, l, c, j, row;

// -------------------------------------------------------------------------
// Input side: message start tracking and per-group zero counts.
// -------------------------------------------------------------------------

// the next accepted word starts a message unless a message is open
reg in_msg = 1'b0;

always @(posedge clk) begin
    if (rst) begin
        in_msg <= 1'b0;
    end else if (advance && s_tvalid) begin
        in_msg <= !s_tlast;
    end
end

// lz_d[i]: excluded bytes before byte i inside its group; gz_d[g]: in group g.
// Each count is a function of at most GS mask bits; summing two halves keeps
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

wire [W*GL-1:0]      lz_d;
wire [NG*(GL+1)-1:0] gz_d;

generate
for (g = 0; g < NG; g = g + 1) begin : g_group_count
    wire [GS-1:0] keep = s_tkeep[g*GS +: GS];
    for (i = 0; i < GS; i = i + 1) begin : g_byte
        // at most GS-1 zeros lie before a byte of the group: the top bit is always zero
        /* verilator lint_off UNUSEDSIGNAL */
        wire [GL:0] zeros_before = count_zeros(keep, i);
        /* verilator lint_on UNUSEDSIGNAL */
        assign lz_d[(g*GS+i)*GL +: GL] = zeros_before[GL-1:0];
    end
    assign gz_d[g*(GL+1) +: GL+1] = count_zeros(keep, GS);
end
endgenerate

// P1 registers
reg [8*W-1:0]      p1_data = {8*W{1'b0}};
reg [W-1:0]        p1_keep = {W{1'b0}};
reg [W*GL-1:0]     p1_lz = {W*GL{1'b0}};
reg [NG*(GL+1)-1:0] p1_gz = {NG*(GL+1){1'b0}};
reg                p1_last = 1'b0;
reg                p1_first = 1'b0;
reg [USER_W-1:0]   p1_user = {USER_W{1'b0}};
reg                p1_seed_en = 1'b0;
reg [CRC_W-1:0]    p1_seed = {CRC_W{1'b0}};
reg                p1_valid = 1'b0;

always @(posedge clk) begin
    if (advance && s_tvalid) begin
        p1_data    <= s_tdata;
        p1_keep    <= s_tkeep;
        p1_lz      <= lz_d;
        p1_gz      <= gz_d;
        p1_last    <= s_tlast;
        p1_first   <= !in_msg;
        p1_user    <= s_tuser;
        p1_seed_en <= s_seed_en;
        p1_seed    <= s_seed;
    end
    if (rst) begin
        p1_valid <= 1'b0;
    end else if (advance) begin
        p1_valid <= s_tvalid;
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
    wire [NG*KW-1:0] sum;
    if (l == 0) begin : g_base
        assign sum = gz_wide;
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

reg [8*W-1:0]    p2_data = {8*W{1'b0}};
reg [W-1:0]      p2_keep = {W{1'b0}};
reg [W*GL-1:0]   p2_lz = {W*GL{1'b0}};
reg [NG*L-1:0]   p2_zpre = {NG*L{1'b0}};
reg [KW-1:0]     p2_zeros = {KW{1'b0}};
reg              p2_last = 1'b0;
reg              p2_first = 1'b0;
reg [USER_W-1:0] p2_user = {USER_W{1'b0}};
reg              p2_seed_en = 1'b0;
reg [CRC_W-1:0]  p2_seed = {CRC_W{1'b0}};
reg              p2_valid = 1'b0;

always @(posedge clk) begin
    if (advance && p1_valid) begin
        p2_data    <= p1_data;
        p2_keep    <= p1_keep;
        p2_lz      <= p1_lz;
        p2_zpre    <= zpre_d;
        p2_zeros   <= group_incl[(NG-1)*KW +: KW];
        p2_last    <= p1_last;
        p2_first   <= p1_first;
        p2_user    <= p1_user;
        p2_seed_en <= p1_seed_en;
        p2_seed    <= p1_seed;
    end
    if (rst) begin
        p2_valid <= 1'b0;
    end else if (advance) begin
        p2_valid <= p1_valid;
    end
end

// -------------------------------------------------------------------------
// Gearbox fill accumulator: f = bytes already waiting in the partial word
// when this word reaches the gearbox.  With k = W - zeros included bytes,
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

// bytes of the slots s < f (byte-wide so that the gearbox masks need no expansion)
wire [8*W-1:0] below_fill = ~({8*W{1'b1}} << {fill, 3'b000});

always @(posedge clk) begin
    if (rst) begin
        fill <= {L{1'b0}};
    end else if (advance && p2_valid) begin
        fill <= p2_last ? {L{1'b0}} : fill_next;
    end
end

// -------------------------------------------------------------------------
// C: compaction network.  Level 0 = P2 (excluded bytes zeroed, z computed);
// network stage j moves the bytes whose z has bit j set down by 2^j slots.
// z travels with its byte as bit planes (plane t = bit t of every slot).
// -------------------------------------------------------------------------

// meta that travels with a word from the first C register to the gearbox
localparam MW = 1 + 1 + USER_W + 1 + CRC_W + L + 8*W + 1 + 1 + 1 + 1 + L;

wire [8*W-1:0] c0_data;
wire [W*L-1:0] c0_planes;

generate
for (i = 0; i < W; i = i + 1) begin : g_c0
    wire [L-1:0] z = p2_keep[i] ? p2_zpre[(i/GS)*L +: L] + {{(L-GL){1'b0}}, p2_lz[i*GL +: GL]} : {L{1'b0}};
    assign c0_data[8*i +: 8] = p2_keep[i] ? p2_data[8*i +: 8] : 8'd0;
    for (j = 0; j < L; j = j + 1) begin : g_plane
        assign c0_planes[j*W + i] = z[j];
    end
end
endgenerate

wire [MW-1:0] c0_meta = {p2_last, p2_first, p2_user, p2_seed_en, p2_seed, fill, below_fill,
                         case_lt, case_eq, case_gt, case_none, case_pad};

generate
for (c = 0; c < NCP; c = c + 1) begin : g_cstage
    localparam J0 = 3 * c;
    localparam J1 = (3 * c + 3 < L) ? 3 * c + 3 : L;   // network stages J0 .. J1-1

    // planes of z bits J0 .. L-1 (plane J0 lowest)
    wire [8*W-1:0]      in_data;
    wire [W*(L-J0)-1:0] in_planes;
    wire [MW-1:0]       in_meta;
    wire                in_valid;

    if (c == 0) begin : g_from_p2
        assign in_data   = c0_data;
        assign in_planes = c0_planes;
        assign in_meta   = c0_meta;
        assign in_valid  = p2_valid;
    end else begin : g_from_c
        assign in_data   = g_cstage[c-1].data_q;
        assign in_planes = g_cstage[c-1].g_planes_q.planes_q;
        assign in_meta   = g_cstage[c-1].meta_q;
        assign in_valid  = g_cstage[c-1].valid_q;
    end

    for (j = J0; j < J1; j = j + 1) begin : g_net
        localparam SH = 1 << j;
        wire [8*W-1:0]     src_data;
        wire [W*(L-j)-1:0] src_planes;
        if (j == J0) begin : g_src_in
            assign src_data   = in_data;
            assign src_planes = in_planes;
        end else begin : g_src_net
            assign src_data   = g_net[j-1].data;
            assign src_planes = g_net[j-1].g_rest.planes;
        end
        wire [W-1:0]   move = src_planes[W-1:0];
        wire [8*W-1:0] move_bytes;
        for (i = 0; i < W; i = i + 1) begin : g_expand
            assign move_bytes[8*i +: 8] = {8{move[i]}};
        end
        // a slot keeps its byte unless the byte moves; it receives the byte
        // 2^j slots above when that one moves (never both: collision-free)
        wire [8*W-1:0] data = (src_data & ~move_bytes) | ((src_data & move_bytes) >> (8 * SH));
        if (j < L - 1) begin : g_rest
            // the higher z bits travel with their bytes
            wire [W*(L-j-1)-1:0] planes;
            for (l = j + 1; l < L; l = l + 1) begin : g_plane
                wire [W-1:0] p = src_planes[(l-j)*W +: W];
                assign planes[(l-j-1)*W +: W] = (p & ~move) | ((p & move) >> SH);
            end
        end
    end

    reg [8*W-1:0] data_q = {8*W{1'b0}};
    reg [MW-1:0]  meta_q = {MW{1'b0}};
    reg           valid_q = 1'b0;

    always @(posedge clk) begin
        if (advance && in_valid) begin
            data_q <= g_net[J1-1].data;
            meta_q <= in_meta;
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
// E: gearbox.
// -------------------------------------------------------------------------

wire [8*W-1:0] gb_in_data = g_cstage[NCP-1].data_q;   // k bytes in slots 0..k-1, zeros above
wire           gb_in_valid = g_cstage[NCP-1].valid_q;
wire           gb_in_last, gb_in_first, gb_in_seed_en;
wire [USER_W-1:0] gb_in_user;
wire [CRC_W-1:0]  gb_in_seed;
wire [L-1:0]   gb_in_fill;
wire [8*W-1:0] gb_in_below;
wire           gb_lt, gb_eq, gb_gt, gb_none;
wire [L-1:0]   gb_pad;

assign {gb_in_last, gb_in_first, gb_in_user, gb_in_seed_en, gb_in_seed, gb_in_fill, gb_in_below,
        gb_lt, gb_eq, gb_gt, gb_none, gb_pad} = g_cstage[NCP-1].meta_q;

// rotate up by f slots: slot s takes compacted byte (s - f) mod W
generate
for (j = 0; j < L; j = j + 1) begin : g_rot
    localparam SB = 8 * (1 << j);
    wire [8*W-1:0] src;
    if (j == 0) begin : g_src_in
        assign src = gb_in_data;
    end else begin : g_src_rot
        assign src = g_rot[j-1].out;
    end
    wire [8*W-1:0] out = gb_in_fill[j] ? {src[8*W-SB-1:0], src[8*W-1 -: SB]} : src;
end
endgenerate

wire [8*W-1:0] rotated = g_rot[L-1].out;

reg [8*W-1:0]    gb_word = {8*W{1'b0}};   // G: partial word (slots < f), or a complete word when pend
reg              gb_pend = 1'b0;           // G holds a complete word that leaves on the next clock
reg              gb_pend_last = 1'b0;
reg              gb_pend_first = 1'b0;
reg              gb_pend_empty = 1'b0;
reg [L-1:0]      gb_pend_pad = {L{1'b0}};
reg [USER_W-1:0] gb_pend_user = {USER_W{1'b0}};
reg              gb_started = 1'b0;        // the open message has produced a word already
reg              gb_seed_en = 1'b0;        // seed of the open (or pending first) message
reg [CRC_W-1:0]  gb_seed = {CRC_W{1'b0}};

// the incoming word's message has produced no word before this one
wire in_fresh = gb_in_first || !gb_started;

// byte masks: G keeps a byte / loads zero instead of the rotated byte / E takes the byte from G
wire [8*W-1:0] g_hold_bytes = (!gb_in_valid) ? {8*W{1'b1}}
                            : (!gb_pend && gb_lt && !gb_in_last) ? gb_in_below : {8*W{1'b0}};
wire [8*W-1:0] g_zero_bytes = (!gb_pend && gb_gt && gb_in_last) ? ~gb_in_below : {8*W{1'b0}};
wire [8*W-1:0] e_from_g_bytes = gb_pend ? {8*W{1'b1}} : gb_in_below;

wire e_valid_d = gb_pend || (gb_in_valid && (gb_eq || gb_gt || (gb_lt && gb_in_last)));

reg [8*W-1:0]    e_data = {8*W{1'b0}};
reg              e_first = 1'b0;
reg              e_last = 1'b0;
reg              e_empty = 1'b0;
reg [L-1:0]      e_pad = {L{1'b0}};
reg [USER_W-1:0] e_user = {USER_W{1'b0}};
reg              e_seed_en = 1'b0;
reg [CRC_W-1:0]  e_seed = {CRC_W{1'b0}};
reg              e_valid = 1'b0;

always @(posedge clk) begin
    if (advance) begin
        gb_word <= (gb_word & g_hold_bytes) | (rotated & ~g_hold_bytes & ~g_zero_bytes);
        if (gb_in_valid) begin
            // a word becomes pending with these tags; read only while gb_pend
            gb_pend_last  <= gb_pend ? gb_in_last : 1'b1;
            gb_pend_first <= gb_pend && in_fresh;
            gb_pend_empty <= gb_pend && gb_lt && gb_none;
            gb_pend_pad   <= gb_pad;
            gb_pend_user  <= gb_in_user;
            gb_started    <= gb_in_last ? 1'b0 : (!in_fresh || gb_eq || (!gb_pend && gb_gt));
            if (gb_in_first) begin
                gb_seed_en <= gb_in_seed_en;
                gb_seed    <= gb_in_seed;
            end
        end
    end
    if (advance && e_valid_d) begin
        e_data    <= (gb_word & e_from_g_bytes) | (rotated & ~e_from_g_bytes);
        e_first   <= gb_pend ? gb_pend_first : in_fresh;
        e_last    <= gb_pend ? gb_pend_last : (gb_lt || (gb_eq && gb_in_last));
        e_empty   <= gb_pend ? gb_pend_empty : (gb_lt && gb_none);
        e_pad     <= gb_pend ? gb_pend_pad : gb_pad;   // read on last words only
        e_user    <= gb_pend ? gb_pend_user : gb_in_user;
        // a pending first word's seed is still in gb_seed: it leaves on the
        // clock after the seed was loaded, before any other message can load
        e_seed_en <= (!gb_pend && gb_in_first) ? gb_in_seed_en : gb_seed_en;
        e_seed    <= (!gb_pend && gb_in_first) ? gb_in_seed : gb_seed;
    end
    if (rst) begin
        gb_pend <= 1'b0;
        e_valid <= 1'b0;
    end else if (advance) begin
        gb_pend <= gb_in_valid && (gb_pend ? (gb_in_last || gb_eq) : (gb_gt && gb_in_last));
        e_valid <= e_valid_d;
    end
end

// -------------------------------------------------------------------------
// L: the loop.  S' = S_in * x^(8W) + CRC_raw(word from a zero register), or
// S' = S_in for a word marked empty.  After a message's last word the
// register holds the message's CRC (register domain, padding not yet undone)
// and the fix-up reads it from here; the next word can only change it on the
// same clock edge that moves the result on, or later.
// -------------------------------------------------------------------------

localparam [63:0] SHIFT_W = mdd_crc_xpow8n(CRC_ALG, W_BYTES);

wire [CRC_W-1:0] seed_reg = e_seed_en ? (e_seed ^ XOROUT) : INIT;   // value domain -> register
reg  [CRC_W-1:0] crc_state = {CRC_W{1'b0}};                          // one always block per bit
wire [CRC_W-1:0] crc_in = e_first ? seed_reg : crc_state;

generate
for (row = 0; row < CRC_W; row = row + 1) begin : g_loop_row
    localparam [63:0]  STATE_MASK = mdd_crc_mul_row(CRC_ALG, SHIFT_W, row);
    localparam [511:0] DATA_MASK = mdd_crc_data_row(CRC_ALG, W, row);
    // the XOR tree sits inside the clocked block so that simulators only
    // evaluate it when a word moves; the logic is the same
    always @(posedge clk) begin
        if (advance && e_valid) begin
            crc_state[row] <= e_empty ? crc_in[row]
                            : ^(crc_in & STATE_MASK[CRC_W-1:0]) ^ ^(e_data & DATA_MASK[8*W-1:0]);
        end
    end
end
endgenerate

reg [L-1:0]      l_pad = {L{1'b0}};
reg [USER_W-1:0] l_user = {USER_W{1'b0}};
reg              l_valid = 1'b0;

always @(posedge clk) begin
    if (advance && e_valid && e_last) begin
        l_pad  <= e_pad;
        l_user <= e_user;
    end
    if (rst) begin
        l_valid <= 1'b0;
    end else if (advance) begin
        l_valid <= e_valid && e_last;
    end
end

// -------------------------------------------------------------------------
// X: undo the zero padding of the last word, S * x^(-8 pad): the shift unit
// with one pad bit per register (step x^(-8 * 2^c) when bit c is set), its
// last register adding xorout and driving m_crc.  It is the output stage:
// its s_tready is this unit's advance (m_tready | ~m_tvalid), and with
// LOAD_VALID its registers, like every other here, load only with a valid word.
// -------------------------------------------------------------------------

mdd_crc_shift #(
    .CRC_ALG(CRC_ALG),
    .CRC_W(CRC_W),
    .N_W(L),
    .INVERSE(1),
    .BITS_PER_STAGE(1),
    .USER_W(USER_W),
    .OUT_XOR(XOROUT64),
    .LOAD_VALID(1)
) fix (
    .clk(clk),
    .rst(rst),
    .s_reg(crc_state),
    .s_nbytes(l_pad),
    .s_tuser(l_user),
    .s_tvalid(l_valid),
    .s_tready(advance),
    .m_reg(m_crc),
    .m_tuser(m_tuser),
    .m_tvalid(m_tvalid),
    .m_tready(m_tready)
);

endmodule

`resetall

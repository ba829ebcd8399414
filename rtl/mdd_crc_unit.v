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
 *   P1, P2, C*: the compaction network, an mdd_compact instance (one byte per
 *       lane; the byte-mask handling shared with mdd_pack):
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
 *   R   (W >= 32, D-114) what L adds that does not depend on S, registered per
 *       algorithm: CRC_raw(word), + seed * x^(8W) on a first word; and whether
 *       S goes through the matrix, through unchanged, or not at all (a first
 *       word).  Below W = 32 there is no R.
 *   L   the only feedback loop: S' = (first ? seed : S) * x^(8W) + CRC_raw(word),
 *       one constant GF(2) matrix on {S, word} (W >= 32: on S alone, plus R's
 *       register).  A word marked empty (message with nothing left to add)
 *       passes S_in through.  After a last word S is the message's register,
 *       which the first X register reads.
 *   X*  fix-up of the last word's zero padding outside the loop:
 *       S * x^(-8 pad) as log2(W) conditional constant steps x^(-8 * 2^j),
 *       one per register: an mdd_crc_shift instance (INVERSE, one pad bit
 *       per stage), whose last register adds xorout and drives m_crc.
 *
 * Several algorithms at once (ALGS, D-113): the byte handling (compaction,
 * gearbox) does not depend on the polynomial, so a unit that serves messages
 * of different algorithms (the three guard formats of T10 / NVMe PI, one per
 * transfer) keeps one of it and a loop L and fix-up X per algorithm, all fed
 * with every word; s_alg, sampled with s_tuser on the message's last word,
 * travels with the result and picks the fix-up whose register m_crc shows.
 * Each loop starts from the low bits of s_seed (its own width).
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
 * Latency: m_tvalid rises 4 + NCP + log2(W) + R cycles after the cycle that
 * accepted a message's last word (NCP = ceil(log2(W) / 3), R = 1 at W >= 32;
 * W = 4: 7, 8: 8, 16: 10, 32: 12, 64: 13), one cycle later when that word
 * completes two words, plus any stall cycles.
 *
 * Parameters:
 *   W        bytes per word: 4, 8, 16, 32 or 64
 *   CRC_ALG  0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME
 *            (= enum mdd_crc_alg in include/mdd/crc.h)
 *   ALGS     0: CRC_ALG alone, s_alg ignored.  Else a mask over those codes
 *            (bit a: algorithm a), every one computed; s_alg picks m_crc's
 *            (zero-extended to CRC_W; an s_alg outside the mask gives 0)
 *   CRC_W    register width, derived from CRC_ALG / ALGS (the widest); do
 *            not override
 *   USER_W   width of s_tuser/m_tuser, the message tag sampled on the last
 *            word and returned with its result
 *
 * CRC constants come from rtl/mdd_crc_math.vh (compile with -Irtl); the
 * compaction instantiates rtl/mdd_compact.v, the fix-up rtl/mdd_crc_shift.v.
 */
module mdd_crc_unit #(
    parameter W = 8,
    parameter CRC_ALG = 0,
    parameter ALGS = 0,
    parameter CRC_W = (ALGS == 0) ? ((CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32)
                    : ALGS[3] ? 64 : (ALGS[0] || ALGS[2]) ? 32 : 16,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [8*W-1:0]    s_tdata,
    input  wire [W-1:0]      s_tkeep,
    input  wire              s_tlast,
    input  wire [USER_W-1:0] s_tuser,
    input  wire [1:0]        s_alg,
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
localparam KW  = L + 1;                           // a byte count 0..W
// W >= 32: what the loop adds that does not depend on its register comes from a register (stage R, one clock
// more, D-114)
localparam RAW_REG = W >= 32;

// the algorithms computed, and whether a result needs its message's s_alg to say which one it is
localparam [3:0] SET   = (ALGS == 0) ? (4'd1 << CRC_ALG) : ALGS[3:0];
localparam       MULTI = (SET & (SET - 4'd1)) != 4'd0;
localparam       FIRST = SET[0] ? 0 : SET[1] ? 1 : SET[2] ? 2 : 3;   // its fix-up gives valid, user, ready
localparam       UI_W  = USER_W + (MULTI ? 2 : 0);                   // the tag inside: {s_alg, s_tuser}
localparam       CRC_W_SET = SET[3] ? 64 : (SET[0] || SET[2]) ? 32 : 16;
/* verilator lint_off WIDTHCONCAT */
localparam [63:0] W_BYTES = {32'd0, W[31:0]};
/* verilator lint_on WIDTHCONCAT */

// bad parameters stop elaboration instead of silently computing garbage
initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (CRC_ALG < 0 || CRC_ALG > 3 || ALGS < 0 || ALGS > 15 || CRC_W != CRC_W_SET) begin
        $display("Error: CRC_ALG %0d / ALGS %0d / CRC_W %0d: CRC_ALG must be 0..3, CRC_W derived (%m)",
                 CRC_ALG, ALGS, CRC_W);
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

genvar row;

// -------------------------------------------------------------------------
// Input side: message start tracking.
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

// -------------------------------------------------------------------------
// P1, P2, C: the compaction network and the gearbox fill (mdd_compact, one
// byte per lane).  The message tags travel alongside as its meta.
// -------------------------------------------------------------------------

localparam CM_W = 1 + UI_W + 1 + CRC_W;   // {first, user, seed_en, seed}

wire [UI_W-1:0] s_user_i;
generate
if (MULTI) begin : g_alg_tag
    assign s_user_i = {s_alg, s_tuser};
end else begin : g_no_alg_tag
    assign s_user_i = s_tuser;
    wire [1:0] s_alg_unused = s_alg;
end
endgenerate

wire [8*W-1:0]    gb_in_data;     // k bytes in slots 0..k-1, zeros above
wire              gb_in_valid;
wire              gb_in_last, gb_in_first, gb_in_seed_en;
wire [UI_W-1:0]   gb_in_user;
wire [CRC_W-1:0]  gb_in_seed;
wire [L-1:0]      gb_in_fill;
wire [8*W-1:0]    gb_in_below;
wire              gb_lt, gb_eq, gb_gt, gb_none;
wire [L-1:0]      gb_pad;
wire [CM_W-1:0]   gb_in_meta;
/* verilator lint_off UNUSEDSIGNAL */
wire [KW-1:0]     gb_in_zeros;   // the gearbox needs only the fill flags
/* verilator lint_on UNUSEDSIGNAL */

assign {gb_in_first, gb_in_user, gb_in_seed_en, gb_in_seed} = gb_in_meta;

mdd_compact #(
    .W(W),
    .LANE_W(8),
    .META_W(CM_W)
) cmp (
    .clk(clk),
    .rst(rst),
    .advance(advance),
    .s_lanes(s_tdata),
    .s_keep(s_tkeep),
    .s_last(s_tlast),
    .s_meta({!in_msg, s_user_i, s_seed_en, s_seed}),
    .s_valid(s_tvalid),
    .m_lanes(gb_in_data),
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
// E: gearbox.
// -------------------------------------------------------------------------

// rotate up by f slots: slot s takes compacted byte (s - f) mod W
wire [8*W-1:0] rotated;

mdd_lane_rotate #(.W(W), .LANE_W(8)) gb_rot (.in(gb_in_data), .sh(gb_in_fill), .out(rotated));

reg [8*W-1:0]    gb_word = {8*W{1'b0}};   // G: partial word (slots < f), or a complete word when pend
reg              gb_pend = 1'b0;           // G holds a complete word that leaves on the next clock
reg              gb_pend_last = 1'b0;
reg              gb_pend_first = 1'b0;
reg              gb_pend_empty = 1'b0;
reg [L-1:0]      gb_pend_pad = {L{1'b0}};
reg [UI_W-1:0]   gb_pend_user = {UI_W{1'b0}};
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
reg [UI_W-1:0]   e_user = {UI_W{1'b0}};
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
// R (W >= 32, RAW_REG, D-114): everything of L's step that does not depend on
// S, registered in front of the loop, so that the loop is S's matrix alone:
//   S' = (mul ? S * x^(8W) : 0) + (keep ? S : 0) + add
// mul: a word with data continuing a message; keep: an empty word continuing
// one; add (per algorithm): CRC_raw(word), plus seed * x^(8W) on a message's
// first word (the seed alone on an empty first word).  Below W = 32 there is no
// R: the loop takes E's word, first and seed itself.
// -------------------------------------------------------------------------

wire             r_valid, r_last;
wire [L-1:0]     r_pad;
wire [UI_W-1:0]  r_user;
/* verilator lint_off UNUSEDSIGNAL */
wire             r_mul, r_keep;   // (read only with RAW_REG)
/* verilator lint_on UNUSEDSIGNAL */

generate
if (RAW_REG) begin : g_r
    reg             q_valid = 1'b0;
    reg             q_last = 1'b0, q_mul = 1'b0, q_keep = 1'b0;
    reg [L-1:0]     q_pad = {L{1'b0}};
    reg [UI_W-1:0]  q_user = {UI_W{1'b0}};
    always @(posedge clk) begin
        if (advance && e_valid) begin
            q_last <= e_last;
            q_mul  <= !e_first && !e_empty;
            q_keep <= !e_first && e_empty;
            q_pad  <= e_pad;
            q_user <= e_user;
        end
        if (rst) begin
            q_valid <= 1'b0;
        end else if (advance) begin
            q_valid <= e_valid;
        end
    end
    assign {r_valid, r_last, r_mul, r_keep, r_pad, r_user} = {q_valid, q_last, q_mul, q_keep, q_pad, q_user};
end else begin : g_r_wires
    assign {r_valid, r_last, r_pad, r_user} = {e_valid, e_last, e_pad, e_user};
    assign {r_mul, r_keep} = 2'b00;
end
endgenerate

// -------------------------------------------------------------------------
// L: the loop.  S' = S_in * x^(8W) + CRC_raw(word from a zero register), or
// S' = S_in for a word marked empty.  After a message's last word the
// register holds the message's CRC (register domain, padding not yet undone)
// and the fix-up reads it from here; the next word can only change it on the
// same clock edge that moves the result on, or later.
// -------------------------------------------------------------------------

// the tags of a message's result, beside the loop
reg [L-1:0]      l_pad = {L{1'b0}};
reg [UI_W-1:0]   l_user = {UI_W{1'b0}};
reg              l_valid = 1'b0;

always @(posedge clk) begin
    if (advance && r_valid && r_last) begin
        l_pad  <= r_pad;
        l_user <= r_user;
    end
    if (rst) begin
        l_valid <= 1'b0;
    end else if (advance) begin
        l_valid <= r_valid && r_last;
    end
end

// one loop and one fix-up per algorithm (ALGS), all fed with every word; the first one's handshake and tags
// are the unit's (the others' are the same registers)
/* verilator lint_off UNUSEDSIGNAL */
wire [4*64-1:0]   fix_crc;           // (only the configured algorithms' slices are read)
/* verilator lint_on UNUSEDSIGNAL */
wire [4*UI_W-1:0] fix_user;
wire [3:0]        fix_valid, fix_ready;
wire [4*UI_W+3:0] fix_next_unused;   // the look-ahead outputs: nothing here looks a request up early

genvar ga;
generate
for (ga = 0; ga < 4; ga = ga + 1) begin : g_alg
    if (SET[ga]) begin : g_on
        localparam AW = mdd_crc_width(ga);
        localparam [63:0] INIT64   = mdd_crc_init(ga);
        localparam [63:0] XOROUT64 = mdd_crc_xorout(ga);
        localparam [63:0] SHIFT_W  = mdd_crc_xpow8n(ga, W_BYTES);

        wire [AW-1:0] seed_reg = e_seed_en ? (e_seed[AW-1:0] ^ XOROUT64[AW-1:0]) : INIT64[AW-1:0];   // value domain -> register
        reg  [AW-1:0] crc_state = {AW{1'b0}};                      // one always block per bit

        for (row = 0; row < AW; row = row + 1) begin : g_loop_row
            localparam [63:0]  STATE_MASK = mdd_crc_mul_row(ga, SHIFT_W, row);
            localparam [511:0] DATA_MASK = mdd_crc_data_row(ga, W, row);
            // the XOR trees sit inside clocked blocks so that simulators only
            // evaluate them when a word moves; the logic is the same
            if (RAW_REG) begin : g_raw
                reg add = 1'b0;
                always @(posedge clk) begin
                    if (advance && e_valid) begin
                        add <= e_empty ? (e_first && seed_reg[row])
                                       : ^(e_data & DATA_MASK[8*W-1:0])
                                         ^ (e_first && ^(seed_reg & STATE_MASK[AW-1:0]));
                    end
                    if (advance && r_valid) begin
                        crc_state[row] <= (r_mul && ^(crc_state & STATE_MASK[AW-1:0]))
                                        ^ (r_keep && crc_state[row]) ^ add;
                    end
                end
            end else begin : g_direct
                wire [AW-1:0] crc_in = e_first ? seed_reg : crc_state;
                always @(posedge clk) begin
                    if (advance && e_valid) begin
                        crc_state[row] <= e_empty ? crc_in[row]
                                        : ^(crc_in & STATE_MASK[AW-1:0]) ^ ^(e_data & DATA_MASK[8*W-1:0]);
                    end
                end
            end
        end

        // X: undo the zero padding of the last word, S * x^(-8 pad): the shift unit
        // with one pad bit per register (step x^(-8 * 2^c) when bit c is set), its
        // last register adding xorout.  It is the output stage: its s_tready is this
        // unit's advance (m_tready | ~m_tvalid), and with LOAD_VALID its registers,
        // like every other here, load only with a valid word.
        wire [AW-1:0] res;
        mdd_crc_shift #(
            .CRC_ALG(ga),
            .CRC_W(AW),
            .N_W(L),
            .INVERSE(1),
            .BITS_PER_STAGE(1),
            .USER_W(UI_W),
            .OUT_XOR(XOROUT64),
            .LOAD_VALID(1)
        ) fix (
            .clk(clk),
            .rst(rst),
            .s_reg(crc_state),
            .s_nbytes(l_pad),
            .s_tuser(l_user),
            .s_tvalid(l_valid),
            .s_tready(fix_ready[ga]),
            .m_reg(res),
            .m_tuser(fix_user[UI_W*ga +: UI_W]),
            .m_tvalid(fix_valid[ga]),
            .m_tready(m_tready),
            .m_tuser_next(fix_next_unused[UI_W*ga +: UI_W]),
            .m_tvalid_next(fix_next_unused[4*UI_W + ga])
        );
        assign fix_crc[64*ga +: 64] = {{(64-AW){1'b0}}, res};
    end else begin : g_off
        assign fix_crc[64*ga +: 64] = 64'd0;
        assign fix_user[UI_W*ga +: UI_W] = {UI_W{1'b0}};
        assign fix_valid[ga] = 1'b0;
        assign fix_ready[ga] = 1'b0;
        assign fix_next_unused[UI_W*ga +: UI_W] = {UI_W{1'b0}};
        assign fix_next_unused[4*UI_W + ga] = 1'b0;
    end
end
endgenerate

// -------------------------------------------------------------------------
// Output: the first algorithm's fix-up gives the handshake and the tag; the
// message's s_alg (the tag's top bits) picks the result.
// -------------------------------------------------------------------------

wire [UI_W-1:0] out_user = fix_user[UI_W*FIRST +: UI_W];
assign advance  = fix_ready[FIRST];
assign m_tvalid = fix_valid[FIRST];
assign m_tuser  = out_user[USER_W-1:0];

generate
if (MULTI) begin : g_sel
    wire [1:0] out_alg = out_user[UI_W-1 -: 2];
    assign m_crc = fix_crc[64*out_alg +: CRC_W];
end else begin : g_one
    assign m_crc = fix_crc[64*FIRST +: CRC_W];
end
endgenerate

// the other algorithms' fix-ups hold the same valid, tag and ready registers
wire [4*UI_W+7:0] fix_dup_unused = {fix_user, fix_valid, fix_ready};

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage F's control: which of D's lanes F takes in a
 * cycle, how many host bytes they use, and why the word ends there.
 *
 * Part of the fourth stage of the staged generator (docs/timing.md section 4,
 * D-074, in mdd_txg (the TX path's generator, D-097): its twin model/mdd_txg_fc_model.c runs inside
 * the staged twin, model/mdd_txg_staged.c, where F's lane walk checks it every
 * cycle).  Combinational: F's registers (the ring, the parse register, the
 * marker image, off, hl_off, a) are the caller's.
 *
 * F takes D's word from lane off to lane n.  A lane uses a host byte if it is
 * HDR, PAY, SPI, or PI other than INSERT's.  The word comes with hl, the host
 * lanes before each lane counted from lane 0 (made once per D word, in front
 * of F), and F keeps hl_off = hl[off] and a = avail + hl_off as registers: a
 * lane's host byte is in the ring iff hl < a, a compare of registered values,
 * so neither a prefix count nor a ring byte is in F's loop.  Every rule that
 * ends a word is a flag of the lane alone, and the word ends at the first flag
 * in lane order (one prefix OR):
 *   before the lane: it needs a host byte to exist and none is left (a wait,
 *     or the transfer's end when its tlast is in the ring); a T3 marker lane
 *     (the first byte of an iSCSI marker inside a self-framed header's length
 *     bytes, whose value is read ahead from the ring) other than F's first;
 *     at F's first lane a T3 lane not read yet (mimg_ok clear): with the ring
 *     short of the lengths a wait, or FRAME with tlast in the ring, else the
 *     read itself (F loads its read-ahead register and takes nothing; the
 *     next cycle the lane is not T3); an AFTER lane (FRAME); a lane of an
 *     iSCSI marker whose image is the PDU's length from F's registers less p
 *     (not at a boundary, not T3) while that length's sum, a register made
 *     from F's registers a cycle before, is stale (plen_ok clear);
 *   after the lane: MPA's last length byte when lanes follow (the length's
 *     check against the ULP header is then the next cycle's, from the parse
 *     register); iSCSI's last length byte when a marker lane follows in the
 *     word (mrk_after: the marker's image then comes from F's registers).
 * No flag: the word is taken whole, and the transfer ends if its tlast is in
 * the ring, no byte is left and the next word's first lane needs one.  The
 * outcome of a word ending at each lane is computed beside the decision and
 * selected by the first end's one-hot.  A bad or lost transfer (consume) is
 * consumed: min(avail, W) bytes.
 *
 * Outputs: why (0 taken whole, 1 wait, 2 the transfer's end, 3 T3, 4 T3 short
 * (a wait), 5 T3 short (FRAME), 6 AFTER, 7 after the last length byte, 8 the T3 read, 9 the length sum
 * stale), next (lanes [off, next) taken), hl_end (hl where the taking stops:
 * bytes used hl_end - hl_off; with consume the bytes used), stop (the transfer
 * ends), host_take (the host lanes taken, made without next: F's parse and
 * UPSTREAM read them).
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_fc #(
    parameter W = 8
) (
    input  wire                 cfg_mpa,
    input  wire [2:0]           cfg_op,
    input  wire                 consume,
    input  wire                 mimg_ok,
    input  wire                 plen_ok,
    input  wire [AW-1:0]        avail,
    input  wire [AW:0]          a,
    input  wire                 last_in,
    input  wire [NW-1:0]        off,
    input  wire [NW-1:0]        n,
    input  wire [4*W-1:0]       cls,
    input  wire [3*W-1:0]       mb,
    input  wire [W-1:0]         boundary,
    input  wire [W-1:0]         parse,
    input  wire [W-1:0]         upto_len,
    input  wire [W-1:0]         mrk_after,
    input  wire [3*W-1:0]       plow,
    input  wire [NW*W-1:0]      hl,
    input  wire [NW-1:0]        hl_n,
    input  wire                 next_v,
    input  wire                 next_swh,
    output reg  [3:0]           why,
    output reg  [NW-1:0]        next,
    output reg  [NW-1:0]        hl_end,
    output reg                  stop,
    output wire                 idle,       // nothing taken: F's first lane waits (WAIT, T3 short, T3 read, PLEN)
    output wire [W-1:0]         host_take   // the host lanes taken: in [off, next) and needing a host byte
);

localparam NW = $clog2(W + 1);
// the ring holds at most 3W + 8 bytes (model/mdd_tx_gen_model.h MDD_TX_GEN_MAX_BUF); a adds hl_off <= W
localparam AW = $clog2(3 * W + 9);

localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_PAY = 4'd5, L_PI = 4'd6, L_AFTER = 4'd9, L_SPI = 4'd10;
localparam [2:0] OP_INSERT = 3'd1;
localparam [3:0] WHY_POP = 4'd0, WHY_WAIT = 4'd1, WHY_STOP = 4'd2, WHY_T3 = 4'd3, WHY_T3_WAIT = 4'd4,
                 WHY_T3_FRAME = 4'd5, WHY_AFTER = 4'd6, WHY_LEN = 4'd7, WHY_T3_READ = 4'd8, WHY_PLEN = 4'd9;

localparam [31:0] W32 = W;
localparam [NW-1:0] WN = W32[NW-1:0];

`include "mdd_lane_fn.vh"

// the last length byte's PDU offset: MPA 1 (ULPDU_Length's second byte), iSCSI 7 (DataSegmentLength's last)
wire [2:0] last_len = cfg_mpa ? 3'd1 : 3'd7;

wire [W-1:0] end_before;    // the word ends before the lane
wire [W-1:0] end_after;     // the word ends after it (the last length byte: MPA's, iSCSI's before a marker)
wire [NW*W-1:0] hl_at;      // hl_end if the word ends at the lane
wire [4*W-1:0] why_at;      // why, if it does
wire [NW*W-1:0] next_at;    // next, if it does
wire [W-1:0] stop_at;       // stop, if it does
wire [W-1:0] at_off_m;      // F's first lane
wire [W-1:0] wait_at;       // the lane's end is a wait (a byte missing, or T3 short), when tlast is not in
wire [W-1:0] read_at;       // it is the T3 read, or a wait for the length sum
wire [W-1:0] ring_before;   // an end that does not look at the ring, before the lane (T3, AFTER, PLEN)
wire [W-1:0] host_there;    // a host lane of the word whose byte is in the ring

// a > b for 3-bit values, as gates
function gt3(input [2:0] g_a, input [2:0] g_b);
    gt3 = (g_a[2] && !g_b[2]) || (g_a[2] == g_b[2] && ((g_a[1] && !g_b[1]) || (g_a[1] == g_b[1] && g_a[0] && !g_b[0])));
endfunction
wire avail_lt8 = ~|avail[AW-1:3];
// a_big: a has a bit from NW up, so every lane count (at most W) is below it; else an NW-bit compare as gates (a carry
// chain per lane otherwise)
wire a_big = |a[AW:NW];

wire [W-1:0] from_off = lanes_from({{(8 - NW){1'b0}}, off});
wire [W-1:0] below_n = lanes_below({{(8 - NW){1'b0}}, n});

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [31:0] I32 = gi;
        localparam [31:0] I32N = gi + 1;
        wire [3:0] c = cls[4*gi +: 4];
        wire [NW-1:0] cnt = hl[NW*gi +: NW];
        wire [NW-1:0] cnt_n;    // hl at the next lane (a LEN lane's hl_end)
        if (gi == W - 1) begin : g_top
            assign cnt_n = hl_n;
        end else begin : g_mid
            assign cnt_n = hl[NW*(gi+1) +: NW];
        end
        wire in_word = from_off[gi] && below_n[gi];
        wire not_last = I32N[NW:0] < {1'b0, n};
        wire at_off = I32[NW-1:0] == off;
        wire mrk0 = c == L_MRK && mb[3*gi +: 3] == 3'd0;
        wire host = c == L_HDR || c == L_PAY || c == L_SPI || (c == L_PI && cfg_op != OP_INSERT);
        wire swh = (mrk0 && (boundary[gi] || (!cfg_mpa && upto_len[gi]))) || c == L_AFTER || host;
        wire t3 = c == L_MRK && !cfg_mpa && upto_len[gi] && !boundary[gi] && (at_off ? !mimg_ok : mrk0);
        // cnt < a: the lane's host byte is in the ring
        wire in_ring = a_big || count_lt({{(8 - NW){1'b0}}, cnt}, {{(8 - NW){1'b0}}, a[NW-1:0]});
        wire missing = swh && !in_ring;
        // T3 at F's first lane reads the bytes up to the last length byte: 7 - p more than this one (T3 is iSCSI's,
        // whose last length byte is at 7), and 7 - p = ~p: need >= avail as avail's high bits clear and a 3-bit
        // compare written as gates (a carry chain per lane in front of the priority select otherwise)
        wire t3_short = t3 && at_off && avail_lt8 && !gt3(avail[2:0], ~plow[3*gi +: 3]);
        // an iSCSI marker's image from F's length sum, the sum stale
        wire plen = c == L_MRK && !cfg_mpa && !boundary[gi] && !upto_len[gi] && !plen_ok;
        assign ring_before[gi] = in_word && (t3 || c == L_AFTER || plen);
        assign end_before[gi] = ring_before[gi] || (in_word && missing);
        assign end_after[gi] = in_word && not_last && (cfg_mpa || mrk_after[gi]) && c == L_HDR && parse[gi] && upto_len[gi] &&
                               plow[3*gi +: 3] == last_len;
        assign hl_at[NW*gi +: NW] = end_before[gi] ? cnt : cnt_n;
        assign next_at[NW*gi +: NW] = end_before[gi] ? I32[NW-1:0] : I32N[NW-1:0];
        assign why_at[4*gi +: 4] = !end_before[gi] ? WHY_LEN :
                                   missing ? (last_in ? WHY_STOP : WHY_WAIT) :
                                   t3 ? (!at_off ? WHY_T3 : !t3_short ? WHY_T3_READ :
                                         last_in ? WHY_T3_FRAME : WHY_T3_WAIT) :
                                   c == L_AFTER ? WHY_AFTER : WHY_PLEN;
        assign stop_at[gi] = last_in && end_before[gi] && missing;
        assign at_off_m[gi] = at_off;
        assign wait_at[gi] = missing || t3_short;
        assign read_at[gi] = (t3 && !missing && !t3_short) || plen;
        assign host_there[gi] = in_word && host && in_ring;
    end
endgenerate

// F's first lane apart: whether the word ends before it (its flags alone, the only ones that read mimg_ok) is
// looked at after the priority select over the other lanes, so F's registers that only that lane reads are not
// in front of the select
wire         end_off = |(at_off_m & end_before);
wire [W-1:0] ends = (end_before & ~at_off_m) | end_after;
wire [W-1:0] first_end = ends & ~lane_below_or(ends);

// an end's outcome: an AND-OR select by its one-hot (the first end's, and F's first lane's)
reg [NW-1:0] hl_e, next_e, hl_o, next_o;
reg [3:0] why_e, why_o;
integer i;
always @* begin
    hl_e = {NW{1'b0}};
    next_e = {NW{1'b0}};
    why_e = 4'd0;
    hl_o = {NW{1'b0}};
    next_o = {NW{1'b0}};
    why_o = 4'd0;
    for (i = 0; i < W; i = i + 1) begin
        hl_e = hl_e | (hl_at[NW*i +: NW] & {NW{first_end[i]}});
        next_e = next_e | (next_at[NW*i +: NW] & {NW{first_end[i]}});
        why_e = why_e | (why_at[4*i +: 4] & {4{first_end[i]}});
        hl_o = hl_o | (hl_at[NW*i +: NW] & {NW{at_off_m[i]}});
        next_o = next_o | (next_at[NW*i +: NW] & {NW{at_off_m[i]}});
        why_o = why_o | (why_at[4*i +: 4] & {4{at_off_m[i]}});
    end
end

wire any_end = |ends;
wire stop_e = |(first_end & stop_at);
wire stop_o = |(at_off_m & stop_at);
// from F's first lane's flags alone (the first end, if anything ends there): it needs a byte that is not there,
// or is a T3 lane short of its bytes, and tlast is not in the ring; or it is the T3 read
assign idle = !consume && |(at_off_m & end_before & ((wait_at & {W{!last_in}}) | read_at));
wire avail_le_w = avail <= {{(AW - NW){1'b0}}, WN};

// A host lane is taken iff no end comes before it: a byte missing at an earlier lane is missing at this one too
// (hl is monotone), so that is its own byte in the ring and no end at an earlier lane among the rules that do not
// read the ring (those before a lane are never a host lane's own): beside the priority select, not behind next.
// (F's first lane apart, as above: when it ends before itself nothing is taken)
wire rb_off = |(at_off_m & ring_before);
assign host_take = {W{!consume && !rb_off}} & host_there &
                   ~lane_below_or((ring_before & ~at_off_m) | end_after);

always @* begin
    why = WHY_POP;
    next = n;
    hl_end = hl_n;
    stop = 1'b0;
    if (consume) begin
        next = off;
        hl_end = avail_le_w ? avail[NW-1:0] : WN;
        stop = last_in && avail_le_w;
    end else if (end_off) begin
        why = why_o;
        next = next_o;
        hl_end = hl_o;
        stop = stop_o;
    end else if (!any_end) begin
        stop = last_in && {{(AW + 1 - NW){1'b0}}, hl_n} >= a && next_v && next_swh;
    end else begin
        why = why_e;
        next = next_e;
        hl_end = hl_e;
        stop = stop_e;
    end
end

endmodule

`resetall

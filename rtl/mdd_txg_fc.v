// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage F's control: which of D's lanes F takes in a
 * cycle, how many host bytes they use, and why the word ends there.
 *
 * Part of the fourth stage of the staged generator (docs/timing.md section 4,
 * D-074; not instantiated yet: its twin model/mdd_txg_fc_model.c runs inside
 * the staged twin, model/mdd_txg_staged.c, where F's lane walk checks it every
 * cycle).  Combinational: F's registers (the ring, the parse register, the
 * marker image) are the caller's.
 *
 * F takes D's word from lane off to lane n.  A lane uses a host byte if it is
 * HDR, PAY, SPI, or PI other than INSERT's; hc, the host lanes before it
 * counted from off, is its byte's place in the ring, and the byte is there iff
 * hc < avail.  Every rule that ends a word is a flag of the lane alone, and
 * the word ends at the first flag in lane order (one prefix OR, no walk):
 *   before the lane: it needs a host byte to exist and none is left (a wait,
 *     or the transfer's end when its tlast is in the ring); a T3 marker lane
 *     (the first byte of an iSCSI marker inside a self-framed header's length
 *     bytes, whose value is read ahead from the ring) other than F's first;
 *     at F's first lane a T3 lane with the ring short of the lengths (a wait,
 *     or FRAME with tlast in the ring); an AFTER lane (FRAME);
 *   after the lane: MPA's last length byte with ULPDU_Length below the ULP
 *     header (FRAME; the length's first byte is the host byte before it, or
 *     the parse register's low byte dl_lo at the word's first host lane).
 * No flag: the word is taken whole, and the transfer ends if its tlast is in
 * the ring, no byte is left and the next word's first lane needs one.  A bad
 * or lost transfer (consume) is consumed: min(avail, W) bytes.
 *
 * Outputs: why (0 taken whole, 1 wait, 2 the transfer's end, 3 T3, 4 T3 short
 * (a wait), 5 T3 short (FRAME), 6 AFTER, 7 MPA length short), next (lanes
 * [off, next) taken), used (host bytes), stop (the transfer ends), and per
 * lane hc, host, swh (needs a host byte to exist), t3; the per-lane outputs
 * are meaningful on lanes [off, n) only.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_fc #(
    parameter W = 8
) (
    input  wire                 cfg_mpa,
    input  wire [2:0]           cfg_op,
    input  wire [7:0]           cfg_ulp,
    input  wire                 consume,
    input  wire                 mimg_ok,
    input  wire [7:0]           dl_lo,
    input  wire [AW-1:0]        avail,
    input  wire                 last_in,
    input  wire [8*W-1:0]       hb,
    input  wire [NW-1:0]        off,
    input  wire [NW-1:0]        n,
    input  wire [4*W-1:0]       cls,
    input  wire [3*W-1:0]       mb,
    input  wire [W-1:0]         boundary,
    input  wire [W-1:0]         parse,
    input  wire [W-1:0]         upto_len,
    input  wire [3*W-1:0]       plow,
    input  wire                 next_v,
    input  wire                 next_swh,
    output reg  [2:0]           why,
    output reg  [NW-1:0]        next,
    output reg  [NW-1:0]        used,
    output reg                  stop,
    output wire [NW*W-1:0]      hc,
    output wire [W-1:0]         host,
    output wire [W-1:0]         swh,
    output wire [W-1:0]         t3
);

localparam NW = $clog2(W + 1);
// the ring holds at most 3W + 8 bytes (model/mdd_tx_gen_model.h MDD_TX_GEN_MAX_BUF)
localparam AW = $clog2(3 * W + 9);
localparam CW = NW + 1;
// compares of counts with avail, unsigned: AW + 2 >= CW + 2 > 3 at every W
localparam XW = AW + 2;

localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_PAY = 4'd5, L_PI = 4'd6, L_AFTER = 4'd9, L_SPI = 4'd10;
localparam [2:0] OP_INSERT = 3'd1;
localparam [2:0] WHY_POP = 3'd0, WHY_WAIT = 3'd1, WHY_STOP = 3'd2, WHY_T3 = 3'd3, WHY_T3_WAIT = 3'd4,
                 WHY_T3_FRAME = 3'd5, WHY_AFTER = 3'd6, WHY_SHORT = 3'd7;

localparam [31:0] W32 = W;
localparam [NW-1:0] WN = W32[NW-1:0];

// bit i = OR of x[i-1:0] (Kogge-Stone, log2(W) levels)
function [W-1:0] below_or(input [W-1:0] x);
    integer bo_s;
    reg [W-1:0] bo_v;
    begin
        bo_v = x;
        for (bo_s = 1; bo_s < W; bo_s = 2 * bo_s) bo_v = bo_v | (bo_v << bo_s);
        below_or = bo_v << 1;
    end
endfunction

// the last length byte's PDU offset: MPA 1 (ULPDU_Length's second byte), iSCSI 7 (DataSegmentLength's last)
wire [2:0] last_len = cfg_mpa ? 3'd1 : 3'd7;

// lanes of the word F takes: [off, n)
wire [W-1:0] in_word;
wire [W-1:0] at_off;
wire [W-1:0] host_w = host & in_word;
wire [CW*W-1:0] hc_c;
wire [CW-1:0] hc_total;

mdd_lane_count #(.W(W), .CW(CW)) hc_count (
    .clk(1'b0), .en(1'b0), .mask(host_w), .cnt_below(hc_c), .cnt_total(hc_total)
);

wire [XW-1:0] avail_x = {2'b00, avail};
wire [W-1:0] have;          // the lane's host byte is in the ring
wire [W-1:0] have_next;     // and the byte after it (a SHORT lane's: its used count is hc + 1)
wire [W-1:0] end_before;    // the word ends before the lane
wire [W-1:0] end_after;     // the word ends after it (MPA length short)
wire [NW*W-1:0] used_at;    // the bytes used if the word ends at the lane
wire [3*W-1:0] why_at;      // why, if it does
wire [NW*W-1:0] next_at;    // next, if it does
wire [W-1:0] stop_at;       // stop, if it does
wire total_short = {{(XW - CW){1'b0}}, hc_total} >= avail_x;

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [31:0] I32 = gi;
        localparam [31:0] I32N = gi + 1;
        wire [3:0] c = cls[4*gi +: 4];
        wire mrk0 = c == L_MRK && mb[3*gi +: 3] == 3'd0;
        wire t3_mrk = c == L_MRK && !cfg_mpa && upto_len[gi] && !boundary[gi];
        wire [CW-1:0] cnt = hc_c[CW*gi +: CW];
        // the count at the next lane: this lane's + 1 where it is a host lane of the word (a SHORT lane is HDR)
        wire [CW-1:0] cnt_n;
        if (gi == W - 1) begin : g_top
            assign cnt_n = hc_total;
        end else begin : g_mid
            assign cnt_n = hc_c[CW*(gi+1) +: CW];
        end
        wire [2:0] need = last_len - plow[3*gi +: 3];   // bytes after this one up to the last length byte
        assign in_word[gi] = I32[NW-1:0] >= off && I32[NW-1:0] < n;
        assign at_off[gi] = I32[NW-1:0] == off;
        assign host[gi] = c == L_HDR || c == L_PAY || c == L_SPI || (c == L_PI && cfg_op != OP_INSERT);
        assign swh[gi] = (mrk0 && (boundary[gi] || (!cfg_mpa && upto_len[gi]))) || c == L_AFTER || host[gi];
        assign t3[gi] = t3_mrk && (mrk0 || (at_off[gi] && !mimg_ok));
        assign hc[NW*gi +: NW] = cnt[NW-1:0];
        assign have[gi] = {{(XW - CW){1'b0}}, cnt} < avail_x;
        assign have_next[gi] = {{(XW - CW){1'b0}}, cnt_n} < avail_x;
        wire t3_short = t3[gi] && at_off[gi] && {{(XW - 3){1'b0}}, need} >= avail_x;
        wire missing = swh[gi] && !have[gi];
        assign end_before[gi] = in_word[gi] &&
            (missing || (t3[gi] && !at_off[gi]) || t3_short || c == L_AFTER);
        // MPA's length: this lane's byte and the host byte before it
        wire [7:0] b1 = hb[8*cnt[NW-1:0] +: 8];
        wire [7:0] b0 = cnt == {CW{1'b0}} ? dl_lo : hb[8*(cnt[NW-1:0] - 1'b1) +: 8];
        assign end_after[gi] = in_word[gi] && c == L_HDR && cfg_mpa && parse[gi] && upto_len[gi] &&
            plow[3*gi +: 3] == last_len &&
            have[gi] && b0 == 8'd0 && b1 < cfg_ulp;
        // the outcome if the word ends here, beside the decision where it ends
        assign used_at[NW*gi +: NW] = end_before[gi] ? cnt[NW-1:0] : cnt_n[NW-1:0];
        assign next_at[NW*gi +: NW] = end_before[gi] ? I32[NW-1:0] : I32N[NW-1:0];
        assign why_at[3*gi +: 3] = !end_before[gi] ? WHY_SHORT :
                                   missing ? (last_in ? WHY_STOP : WHY_WAIT) :
                                   t3[gi] ? (!at_off[gi] ? WHY_T3 : last_in ? WHY_T3_FRAME : WHY_T3_WAIT) :
                                   WHY_AFTER;
        assign stop_at[gi] = last_in && (end_before[gi] ? missing : !have_next[gi]);
    end
endgenerate

wire [W-1:0] ends = end_before | end_after;
wire [W-1:0] first_end = ends & ~below_or(ends);

// the first end's outcome: an AND-OR select by its one-hot
reg [NW-1:0] used_e, next_e;
reg [2:0] why_e;
integer i;
always @* begin
    used_e = {NW{1'b0}};
    next_e = {NW{1'b0}};
    why_e = 3'd0;
    for (i = 0; i < W; i = i + 1) begin
        used_e = used_e | (used_at[NW*i +: NW] & {NW{first_end[i]}});
        next_e = next_e | (next_at[NW*i +: NW] & {NW{first_end[i]}});
        why_e = why_e | (why_at[3*i +: 3] & {3{first_end[i]}});
    end
end

wire any_end = |ends;
wire stop_e = |(first_end & stop_at);

always @* begin
    why = WHY_POP;
    next = n;
    used = hc_total[NW-1:0];
    stop = 1'b0;
    if (consume) begin
        next = off;
        used = avail_x < {{(XW - NW){1'b0}}, WN} ? avail[NW-1:0] : WN;
        stop = last_in && avail_x <= {{(XW - NW){1'b0}}, WN};
    end else if (!any_end) begin
        stop = last_in && total_short && next_v && next_swh;
    end else begin
        why = why_e;
        next = next_e;
        used = used_e;
        stop = stop_e;
    end
end

endmodule

`resetall

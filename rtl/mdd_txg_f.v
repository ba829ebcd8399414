// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage F: fills D's lanes with host bytes and marker
 * values, parses self-framed lengths, reports events and keeps the transfer's
 * registers (docs/timing.md section 4, D-076; in the staged generator
 * rtl/mdd_txg.v; its twin model/mdd_txg_f_model.c runs inside the staged
 * twin, whose lane walk checks it every cycle).
 *
 * F's control is mdd_txg_fc (which lanes [off, next) it takes, the host bytes
 * used, why the word ends).  The data path is per lane, from the lane's inputs
 * and registered values, no value carried from lane to lane:
 *   - a host lane's byte hb[i] comes with the word (the lane fill,
 *     mdd_lane_expand, in front of F: the ring's window byte hl[i]);
 *   - marker lanes take their run's image (a word holds two marker runs at
 *     most; per run the word brings its PDU offset p, MPA's FPDU offset mval
 *     and whether it sits at a PDU boundary): MPA {0, 0, mval}, at a boundary
 *     0, else both copies the PDU's length less p: plen_r, the PDU length of
 *     the hdr_len / data_len registers, or for T3 (p <= 7, a self-framed
 *     header's length bytes still ahead) plen_t3_r, of the T3 read's lengths.
 *     Both are registers made a cycle behind the lengths they sum (D-079), so
 *     an image is a subtraction and a byte select; plen_ok_r says plen_r is
 *     current, and the control ends a word before a marker that needs it
 *     while it is not (PLEN: a cycle after length bytes are taken or a
 *     transfer ends).  T3 is a two-cycle slow path: the control ends a word
 *     before a T3 lane other than F's first; at F's first lane two cycles are
 *     the read (T3_READ, nothing taken: t3_hl_r / t3_dl_r take the lengths
 *     parsed from the window's bytes at hl_off, then plen_t3_r their sum, and
 *     mimg_ok_r is set), and the next cycle the lane is taken;
 *   - the self-framing parse finds the length bytes by their PDU offset
 *     (one lane each), reads each from the window at its lane's host count
 *     (the byte hb would bring, without the fill in front: D-108; so F
 *     relies on hb[i] = win[hl[i]] on host lanes) and shifts them into
 *     data_len as the lane walk does; at
 *     the last length byte iSCSI publishes the lengths to P, MPA checks
 *     ULPDU_Length against the ULP header (FRAME, lost from the next cycle;
 *     frame_later asks the caller to flush the layout in the next cycle, F
 *     idle then, so the ring's bytes are not in front of the flush: D-093) or
 *     publishes data_len - ulp and 2 + ulp;
 *   - events: DESC (a bad transfer's first word), UPSTREAM (every host byte
 *     used whose beat had tuser; the first gives the offset), FRAME (T3 with
 *     the transfer short of the lengths, an AFTER lane, MPA's length):
 *     candidates (ev_*: fields beside the control, FRAME's by the kind the
 *     configuration allows) merged by D-036 in mdd_txg_err (smallest offset,
 *     ties smaller code; the generator merges behind its output register),
 *     ecnt counts them all;
 *   - a bad or lost transfer is consumed: up to W bytes, VOID lanes.
 * A word's lengths are never needed in the cycle they are parsed (the control
 * ends the word after the last length byte: MPA always, iSCSI when a marker
 * follows in the word).
 *
 * Registers (loaded from the descriptor on a transfer's first word, moved
 * when a word is emitted): in_xfer, lost, hoff, hdr_len, data_len, len_off;
 * mimg_ok (the marker at F's first lane has its image: read ahead, or a
 * marker cut by the word's end; cleared at the transfer's end), t3_half_r,
 * t3_hl_r / t3_dl_r (loaded while mimg_ok and t3_half are clear), plen_r,
 * plen_t3_r, plen_ok_r (every cycle).  Outputs are combinational: the
 * generator's output register takes the word (the descriptor and the resume
 * fields of the transfer's last word are stage R's, a cycle later; o_spi
 * gives R the stripped-PI lanes taken).
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_f #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,

    // configuration (the head descriptor's)
    input  wire                 cfg_mpa,       // else iSCSI or raw (no markers, no parse)
    input  wire                 cfg_self,
    input  wire                 cfg_hdig,
    input  wire                 cfg_ddig,
    input  wire [2:0]           cfg_op,
    input  wire [7:0]           cfg_ulp,
    input  wire [15:0]          ld_hdr_len,
    input  wire [23:0]          ld_data_len,

    input  wire                 present,
    input  wire                 bad,
    input  wire                 go,

    // the host ring
    input  wire [AW-1:0]        avail,
    input  wire                 last_in,
    input  wire [8*WIN-1:0]     win,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [WIN-1:0]       win_up,        // (consume reads the first W)
    /* verilator lint_on UNUSEDSIGNAL */

    // D's word, lanes [off, n)
    input  wire                 dv,
    input  wire [NW-1:0]        off,
    input  wire [NW-1:0]        n,
    input  wire [4*W-1:0]       cls,
    input  wire [4*W-1:0]       flags,      // tag bits EB, EH, ED, EP (MDD_TAG_EB ..)
    input  wire [4*W-1:0]       aux,
    input  wire [3*W-1:0]       mb,
    input  wire [W-1:0]         k,
    input  wire [W-1:0]         boundary,
    input  wire [W-1:0]         parse,
    input  wire [W-1:0]         upto_len,
    input  wire [W-1:0]         mrk_after,
    input  wire [W-1:0]         run,
    input  wire [3*W-1:0]       plow,
    input  wire [NW*W-1:0]      hl,
    input  wire [NW-1:0]        hl_n,
    input  wire [NW-1:0]        hl_off,        // F's registers (D-074): hl[off],
    input  wire [AW:0]          a,             // and avail + hl_off
    input  wire [8*W-1:0]       hb,
    input  wire [W-1:0]         hb_up,
    input  wire [24:0]          r_p0,
    input  wire [24:0]          r_p1,
    input  wire [15:0]          r_mval0,
    input  wire [15:0]          r_mval1,
    input  wire                 r_bnd0,
    input  wire                 r_bnd1,
    input  wire [31:0]          pdus,
    input  wire                 next_v,
    input  wire                 next_swh,

    // the control's decision
    output wire [3:0]           fc_why,
    output wire [NW-1:0]        fc_next,
    output wire [NW-1:0]        fc_hl_end,

    // the word
    output wire                 emit,
    output reg  [8*W-1:0]       o_data,
    output reg  [8*W-1:0]       o_tag,
    output reg  [4*W-1:0]       o_aux,
    output wire                 o_first,
    output wire                 o_last,
    output wire [31:0]          o_woff,
    output wire [7:0]           o_nin,
    output wire                 o_dbad,
    output wire [7:0]           o_xflags,
    output wire                 o_err_v,
    output wire [7:0]           o_err_code,
    output wire [7:0]           o_err_byte,
    output wire [31:0]          o_err_off,
    output wire [31:0]          o_err_unit,
    output wire [63:0]          o_err_exp,
    output wire [63:0]          o_err_got,
    output wire [15:0]          o_emap,
    output wire [7:0]           o_ecnt,
    // the error record's candidates (mdd_txg_err merges them into o_err_*; the generator after a register)
    output wire                 ev_desc,
    output wire                 ev_up,
    output wire                 ev_frame,
    output wire [6:0]           ev_n_up,
    output wire [31:0]          ev_up_off,
    output reg  [31:0]          ev_fr_off,
    output reg  [31:0]          ev_fr_unit,
    output reg  [24:0]          ev_fr_exp,
    output reg  [24:0]          ev_fr_got,
    output wire [W-1:0]         o_spi,      // lanes taken that are stripped PI (no wire position: stage R)
    output wire [7:0]           used,
    output wire                 stop,
    output wire                 df_pop,
    output wire                 df_set,
    output wire [NW-1:0]        df_off,
    output wire                 flush,
    output wire                 frame_later,   // MPA's length FRAME: the caller flushes in the next cycle (D-093)
    output wire                 publish,
    output wire [31:0]          pr_pdu,
    output wire [15:0]          pr_hl,
    output wire [23:0]          pr_dl,

    // F's registers
    output reg                  in_xfer = 1'b0,
    output reg                  lost_r = 1'b0,
    output reg                  mimg_ok_r = 1'b0,
    output reg  [31:0]          hoff_r = 32'd0,
    output reg  [15:0]          hdr_len_r = 16'd0,
    output reg  [23:0]          data_len_r = 24'd0,
    output reg  [31:0]          len_off_r = 32'd0
);

localparam NW = $clog2(W + 1);
localparam AW = $clog2(3 * W + 9);
localparam WIN = W + 8;
localparam [31:0] W32 = W;
localparam [NW-1:0] WN = W32[NW-1:0];

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_HDIG = 4'd3, L_PI = 4'd6, L_PAD = 4'd7, L_DDIG = 4'd8,
                 L_AFTER = 4'd9, L_SPI = 4'd10;
localparam [2:0] OP_INSERT = 3'd1;
localparam [3:0] WHY_POP = 4'd0, WHY_T3_FRAME = 4'd5, WHY_AFTER = 4'd6, WHY_T3_READ = 4'd8;

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

// -------------------------------------------------------------------------
// The registers this cycle sees: a transfer's first word starts from the descriptor.
// -------------------------------------------------------------------------
wire        r_lost    = in_xfer && lost_r;
wire        r_mimg_ok = mimg_ok_r;   // cleared at the transfer's end: a T3 read may precede its first word
wire [31:0] r_hoff    = in_xfer ? hoff_r : 32'd0;
wire [15:0] r_hdr_len = in_xfer ? hdr_len_r : ld_hdr_len;
wire [23:0] r_dl      = in_xfer ? data_len_r : ld_data_len;
wire [31:0] r_len_off = in_xfer ? len_off_r : 32'd0;

wire consume = bad || r_lost;
wire active  = present && go && !rst && (consume || dv);

integer i;

// -------------------------------------------------------------------------
// Control
// -------------------------------------------------------------------------
// The control sees the word's lanes and F's registers as they are, consume only in its last select (why, hl_end,
// stop and idle are the consume case's there): so consume (in_xfer, lost_r) is not in front of the lane compares.
// Its next is then off, not 0, when consuming: F's lanes taken (in_w) are qualified by !consume, and fc_next
// leaves F as the consume case of lanes [0, 0) gives it.
wire          fc_stop, fc_idle;
wire [NW-1:0] c_next;
wire [W-1:0]  host_take;        // the host lanes taken (the parse's and UPSTREAM's lanes), made without next

mdd_txg_fc #(.W(W)) fc (
    .cfg_mpa(cfg_mpa), .cfg_op(cfg_op), .consume(consume), .mimg_ok(r_mimg_ok), .plen_ok(plen_ok_r),
    .avail(avail), .a(a), .last_in(last_in),
    .off(off), .n(n), .cls(cls), .mb(mb), .boundary(boundary), .parse(parse), .upto_len(upto_len),
    .mrk_after(mrk_after), .plow(plow), .hl(hl), .hl_n(hl_n), .next_v(next_v), .next_swh(next_swh),
    .why(fc_why), .next(c_next), .hl_end(fc_hl_end), .stop(fc_stop), .idle(fc_idle),
    .host_take(host_take)
);
assign fc_next = consume ? {NW{1'b0}} : c_next;

wire [NW-1:0] used_n = fc_hl_end - (consume ? {NW{1'b0}} : hl_off);
// the host offset of the word's host-lane count 0 (a lane's host byte is at hbase + hl): made beside the control,
// so an offset after it is one addition of a lane's count
wire [31:0]   hbase = consume ? r_hoff : r_hoff - {{(32 - NW){1'b0}}, hl_off};
assign used = {{(8 - NW){1'b0}}, used_n};

// -------------------------------------------------------------------------
// PDU layout: the length of a PDU with these lengths (mdd_txg_lay)
// -------------------------------------------------------------------------
// (This file's functions read only their arguments: Icarus re-evaluates a continuous assignment only when the
// arguments of the functions it calls change.)
function [24:0] pdu_len(input [15:0] f_hl, input [23:0] f_dl, input f_hdig, input f_ddig, input f_mpa);
    reg [1:0] f_pad;
    begin
        f_pad = 2'd0 - (f_hl[1:0] + f_dl[1:0]);
        pdu_len = {9'd0, f_hl} + (f_hdig ? 25'd4 : 25'd0) + {1'b0, f_dl} + {23'd0, f_pad} +
                  (f_ddig && (f_mpa || f_dl != 24'd0) ? 25'd4 : 25'd0);
    end
endfunction

wire [24:0] plen_now = pdu_len(r_hdr_len, r_dl, cfg_hdig, cfg_ddig, cfg_mpa);      // (AFTER's FRAME)

// -------------------------------------------------------------------------
// Marker images, one per run
// -------------------------------------------------------------------------
// T3's read: the header's lengths after the length bytes from the marker's PDU offset q on, the window's bytes
// from F's first lane's host byte; into t3_hl_r / t3_dl_r while no image is held (the T3 read's cycle loads them)
reg [63:0] ra;
reg [2:0]  q_off;
integer j;
always @* begin
    ra = 64'd0;
    q_off = 3'd0;
    for (j = 0; j < 8; j = j + 1)
        for (i = 0; i <= W; i = i + 1)
            if (hl_off == i[NW-1:0]) ra[8*j +: 8] = win[8*(i + j) +: 8];
    for (i = 0; i < W; i = i + 1)
        if (off == i[NW-1:0]) q_off = plow[3*i +: 3];
end
wire [7:0]  ra4 = ra[8*(3'd4 - q_off) +: 8];
wire [7:0]  ra5 = ra[8*(3'd5 - q_off) +: 8];
wire [7:0]  ra6 = ra[8*(3'd6 - q_off) +: 8];
wire [7:0]  ra7 = ra[8*(3'd7 - q_off) +: 8];
wire [15:0] t3_hl_n = q_off <= 3'd4 ? 16'd48 + {6'd0, ra4, 2'b00} : r_hdr_len;
wire [23:0] t3_dl_n = q_off <= 3'd5 ? {ra5, ra6, ra7} : q_off == 3'd6 ? {r_dl[7:0], ra6, ra7} : {r_dl[15:0], ra7};
reg  [15:0] t3_hl_r = 16'd0;
reg  [23:0] t3_dl_r = 24'd0;
reg         t3_half_r = 1'b0;  // the first of the T3 read's two cycles is done

// the PDU lengths, each a register made a cycle after the lengths it sums (plen_ok_r: plen_r is current; F's
// control ends a word before a marker that needs it while it is not)
reg  [24:0] plen_r = 25'd0;
reg  [24:0] plen_t3_r = 25'd0;
reg         plen_ok_r = 1'b0;

// the image of a run at PDU offset f_p: the PDU's length less f_p, the length plen_r or, for T3, plen_t3_r (both
// differences made, the one wanted selected after by AND-OR: the compare is not in front of the subtraction, and
// synthesis does not share the two subtractions behind a select of their inputs as it would for a ?:)
function [63:0] iscsi_image(input [24:0] f_p, input f_bnd, input [24:0] f_plen, input [24:0] f_plen_t3, input f_self);
    reg [31:0] v, v_t3;
    reg        t3;
    begin
        v = {7'd0, f_plen} - {7'd0, f_p};
        v_t3 = {7'd0, f_plen_t3} - {7'd0, f_p};
        t3 = f_self && f_p[24:3] == 22'd0;
        v = (v & {32{!t3}}) | (v_t3 & {32{t3}});
        iscsi_image = f_bnd ? 64'd0 : {v, v};
    end
endfunction

wire [63:0] img0 = cfg_mpa ? {16'd0, r_mval0, 32'd0} : iscsi_image(r_p0, r_bnd0, plen_r, plen_t3_r, cfg_self);
wire [63:0] img1 = cfg_mpa ? {16'd0, r_mval1, 32'd0} : iscsi_image(r_p1, r_bnd1, plen_r, plen_t3_r, cfg_self);

// -------------------------------------------------------------------------
// Lanes
// -------------------------------------------------------------------------
// Lanes are looked at from F's first lane to the word's end ([off, n): registered inputs only) and qualified by
// the control's outcome last (before next), so the gathers run beside the control, not after it.
wire [W-1:0] in_w;      // taken this cycle: [off, next)
wire [W-1:0] in_rest;   // [off, n) (consume not looked at: every use is qualified by it or is the control's)
wire [W-1:0] lt_next;   // before next
wire [W-1:0] is_mrk, is_host, is_ep, ups_pre, len_lane;
wire [2:0]   last_len = cfg_mpa ? 3'd1 : 3'd7;
wire [8*W-1:0] plane;   // parse lanes in [off, n), by PDU offset (bit 8i + p)
wire [8*W-1:0] pany;    // parse lanes of the whole word, by PDU offset (the byte gather's: one lane per offset)

wire [W-1:0] from_off = lanes_from({{(8 - NW){1'b0}}, off});
wire [W-1:0] below_n = lanes_below({{(8 - NW){1'b0}}, n});
wire [W-1:0] below_next = lanes_below({{(8 - NW){1'b0}}, c_next});

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        wire [3:0] c = cls[4*gi +: 4];
        wire [2:0] p = plow[3*gi +: 3];
        assign in_rest[gi] = from_off[gi] && below_n[gi];
        assign lt_next[gi] = below_next[gi];
        assign in_w[gi] = !consume && in_rest[gi] && lt_next[gi];
        assign is_mrk[gi] = c == L_MRK;
        assign is_host[gi] = c == L_HDR || c == 4'd5 || c == L_SPI || (c == L_PI && cfg_op != OP_INSERT);
        assign is_ep[gi] = below_n[gi] && flags[4*gi + 3];
        assign is_after[gi] = in_rest[gi] && c == L_AFTER;
        assign ups_pre[gi] = in_rest[gi] && is_host[gi] && hb_up[gi];
        wire pa = parse[gi] && c == L_HDR;
        wire pl = in_rest[gi] && pa;
        assign pany[8*gi +: 8] = pa ? (8'd1 << p) : 8'd0;
        assign plane[8*gi +: 8] = pl ? (8'd1 << p) : 8'd0;
        assign len_lane[gi] = pl && p == last_len;
    end
endgenerate

// each lane's byte, tag and aux
reg [2:0]  l_kind;
reg [63:0] l_img;
reg [2:0]  l_mb;
always @* begin
    o_data = {8*W{1'b0}};
    o_tag = {W{5'd0, MDD_KIND_VOID}};
    o_aux = {4*W{1'b0}};
    for (i = 0; i < W; i = i + 1) begin
        case (cls[4*i +: 4])
            L_MRK:        l_kind = MDD_KIND_MRK;
            L_HDR:        l_kind = MDD_KIND_HDR;
            L_HDIG:       l_kind = MDD_KIND_HDIG;
            L_PI, L_SPI:  l_kind = MDD_KIND_PI;
            L_PAD:        l_kind = MDD_KIND_PAD;
            L_DDIG:       l_kind = MDD_KIND_DDIG;
            default:      l_kind = MDD_KIND_PAY;
        endcase
        l_img = run[i] ? img1 : img0;
        l_mb = mb[3*i +: 3];
        if (in_w[i]) begin
            if (is_mrk[i])
                o_data[8*i +: 8] = l_img[8*(3'd7 - l_mb) +: 8];    // image byte 0 is the value's top byte
            else if (is_host[i])    // HDR, PAY, PI from the host (SPI, or PI but INSERT's)
                o_data[8*i +: 8] = hb[8*i +: 8];
            o_tag[8*i +: 8] = {k[i], flags[4*i +: 4], l_kind};
            o_aux[4*i +: 4] = aux[4*i +: 4];
        end
    end
end

// PDUs ended before a lane: the word's count and its EP lane (one a word)
wire [W-1:0] ep_below = lane_below_or(is_ep);
function [31:0] pdus_at(input [NW-1:0] f_i, input [31:0] f_pdus, input [W-1:0] f_ep_below, input f_any_ep);
    integer f_j;
    begin
        pdus_at = f_pdus;
        for (f_j = 0; f_j < W; f_j = f_j + 1)
            if (f_i == f_j[NW-1:0] && f_ep_below[f_j]) pdus_at = f_pdus + 32'd1;
        if (f_i == WN && f_any_ep) pdus_at = f_pdus + 32'd1;
    end
endfunction

// -------------------------------------------------------------------------
// Parse
// -------------------------------------------------------------------------
// The length bytes in [off, n) by PDU offset (pe_all, pb), and which of them are taken (pe: lanes before next).
// When the last length byte is taken so are all length bytes of the word (they come before it), so the length
// check and the parse register's values come from pe_all; the registers take what was taken. A word holds one
// length byte per PDU offset at most, so each offset's byte is found from every parse lane of the word: only
// pe_all's bytes are read, and [off, n) is not in front of the gather (checked below in simulation).
// A length byte is read from the window, not from its lane: the window position of the lane at each PDU offset
// (its hl, gathered from registers beside the window's read) selects the byte from the window directly (one
// W-way select), so neither the lane fill nor a gather over the lanes is in front of the length's sum and
// FRAME's compare (hb[i] is window byte hl[i] on every host lane, and a length byte's lane is a header lane).
reg [7:0]    pe_all;            // a length byte at PDU offset p is in [off, n)
reg [7:0]    pe;                // and taken
reg [8*NW-1:0] pidx;            // the window position of the byte at PDU offset p (0 when no lane has it)
reg [63:0]   pb;                // its byte
reg [NW-1:0] pfirst_hl;         // hl of the length field's first byte
reg [NW-1:0] plen_lane;         // the last length byte's lane
always @* begin
    pe_all = 8'd0;
    pe = 8'd0;
    pidx = {8*NW{1'b0}};
    pfirst_hl = {NW{1'b0}};
    plen_lane = {NW{1'b0}};
    for (i = 0; i < W; i = i + 1) begin
        pe_all = pe_all | plane[8*i +: 8];
        pe = pe | (plane[8*i +: 8] & {8{host_take[i]}});
        for (j = 0; j < 8; j = j + 1)
            if (pany[8*i + j]) pidx[NW*j +: NW] = pidx[NW*j +: NW] | hl[NW*i +: NW];
        if (cfg_mpa ? plane[8*i] : plane[8*i + 5]) pfirst_hl = pfirst_hl | hl[NW*i +: NW];
        if (len_lane[i]) plen_lane = plen_lane | i[NW-1:0];
    end
    pb = 64'd0;
    for (j = 0; j < 8; j = j + 1)
        for (i = 0; i < W; i = i + 1)   // (a host lane's count is below W)
            if (pidx[NW*j +: NW] == i[NW-1:0]) pb[8*j +: 8] = win[8*i +: 8];
end
// MPA's ULPDU_Length bytes tested (byte 0 zero, byte 1 below the ULP header); read only with the last length
// byte taken (p_last). Each window byte a length byte can be is tested, and the tests are selected as the bytes
// are (at pidx): the compare runs beside the gather, not behind it
// (and byte 0 less one, for the published length's high part: below)
reg  [W-1:0] w_z, w_lt;
reg          pb0_z, pb1_lt;
reg  [7:0]   pb0_m1;
always @* begin
    pb0_z = 1'b0;
    pb1_lt = 1'b0;
    pb0_m1 = 8'd0;
    for (i = 0; i < W; i = i + 1) begin
        w_z[i] = win[8*i +: 8] == 8'd0;
        w_lt[i] = win[8*i +: 8] < cfg_ulp;
        if (pidx[0 +: NW] == i[NW-1:0]) begin
            pb0_z = w_z[i];
            pb0_m1 = win[8*i +: 8] - 8'd1;
        end
        if (pidx[NW +: NW] == i[NW-1:0]) pb1_lt = w_lt[i];
    end
end

// data_len after the length bytes in f_pe (shifted in one byte at a time, as the lane walk does; bytes 2-4 are
// not DataSegmentLength's or ULPDU_Length's)
/* verilator lint_off UNUSEDSIGNAL */
function [23:0] shift_len(input [7:0] f_pe, input f_mpa, input [63:0] f_pb, input [23:0] f_dl);
    begin
        if (f_mpa)
            shift_len = f_pe[0] ? (f_pe[1] ? {8'd0, f_pb[7:0], f_pb[15:8]} : {16'd0, f_pb[7:0]}) :
                        f_pe[1] ? {f_dl[15:0], f_pb[15:8]} : f_dl;
        else if (f_pe[5])
            shift_len = f_pe[7] ? {f_pb[47:40], f_pb[55:48], f_pb[63:56]} :
                        f_pe[6] ? {8'd0, f_pb[47:40], f_pb[55:48]} : {16'd0, f_pb[47:40]};
        else if (f_pe[6])
            shift_len = f_pe[7] ? {f_dl[7:0], f_pb[55:48], f_pb[63:56]} : {f_dl[15:0], f_pb[55:48]};
        else if (f_pe[7])
            shift_len = {f_dl[15:0], f_pb[63:56]};
        else
            shift_len = f_dl;
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

wire [15:0] p_hl = !cfg_mpa && pe[4] ? 16'd48 + {6'd0, pb[39:32], 2'b00} : r_hdr_len;
wire [23:0] p_dl = shift_len(pe, cfg_mpa, pb, r_dl);
wire [15:0] p_hl_all = !cfg_mpa && pe_all[4] ? 16'd48 + {6'd0, pb[39:32], 2'b00} : r_hdr_len;
wire [23:0] p_dl_all = shift_len(pe_all, cfg_mpa, pb, r_dl);
wire        pfirst_all = cfg_mpa ? pe_all[0] : pe_all[5];
wire        p_last = |(len_lane & host_take);   // the last length byte is taken
wire [31:0] pfirst_off = hbase + {{(32 - NW){1'b0}}, pfirst_hl};
wire [31:0] p_len_off = (cfg_mpa ? pe[0] : pe[5]) ? pfirst_off : r_len_off;
wire [31:0] p_len_off_all = pfirst_all ? pfirst_off : r_len_off;
// ULPDU_Length < the ULP header (8 bits): its high byte 0 (this word's, or the shifted-in value's) and the low
// byte below (the 24-bit compare of the shifted value, without the shift in front of it; both bytes' tests made
// per window byte, pb0_z and pb1_lt)
wire        len_short = cfg_mpa && (pe_all[0] ? pb0_z : r_dl[15:0] == 16'd0) && pb1_lt;
wire        len_frame = p_last && len_short;
assign publish = active && p_last && !len_short;   // (a length byte taken: the word leaves, below)
assign pr_pdu = pdus_at(plen_lane, pdus, ep_below, |is_ep);
assign pr_hl = cfg_mpa ? 16'd2 + {8'd0, cfg_ulp} : p_hl_all;
// MPA's published data length is ULPDU_Length less the ULP header (published only with the field's second byte in
// the word): the low byte byte 1 - ulp, the high part by its borrow {0, byte 0} or {0, byte 0} - 1 (the field's
// first byte in the word: from the window, byte 0 - 1 made per window byte beside the gather), else r_dl or
// r_dl - 1 (the field's first byte in an earlier word: r_dl - 1 from the registers beside the parse): no carry
// chain behind the gather or the parse's select, on data_len's loop
// (the low byte as a sum with -ulp, the borrow pb1_lt: a difference of the same operands as the compare would be
// merged with it into one carry chain, with the difference's LUTs in front of FRAME's compare)
wire [7:0]  ulp_neg = 8'd0 - cfg_ulp;
wire [7:0]  mpa_lo = pb[15:8] + ulp_neg;
wire [15:0] dlr_m1 = data_len_r[15:0] - 16'd1;
wire [15:0] dld_m1 = ld_data_len[15:0] - 16'd1;
wire [15:0] r_dl_m1 = in_xfer ? dlr_m1 : dld_m1;
wire [15:0] pb0_hi = !pb1_lt ? {8'd0, pb[7:0]} : pb0_z ? 16'hFFFF : {8'd0, pb0_m1};   // {0, byte 0} - borrow
wire [23:0] mpa_dl = {pe_all[0] ? pb0_hi : pb1_lt ? r_dl_m1 : r_dl[15:0], mpa_lo};
assign pr_dl = cfg_mpa ? mpa_dl : p_dl_all;

// -------------------------------------------------------------------------
// Events
// -------------------------------------------------------------------------
assign ev_desc = bad && !in_xfer;
// UPSTREAM: the word's host lanes used, or the consumed bytes of a lost transfer
reg  [W-1:0]  ups_c;
always @* begin
    for (i = 0; i < W; i = i + 1)
        ups_c[i] = consume && !bad && {{(AW + 1 - NW){1'b0}}, i[NW-1:0]} < {1'b0, avail} && win_up[i];
end
// the first mark from F's first lane on (registered inputs only): the word's first UPSTREAM if it is taken
wire [W-1:0]  ups_cand = consume ? ups_c : ups_pre;
wire [W-1:0]  ups_first = ups_cand & ~lane_below_or(ups_cand);
reg  [NW-1:0] ups_pos;          // the first one's byte: hl (word) or index (consume)
always @* begin
    ups_pos = {NW{1'b0}};
    for (i = 0; i < W; i = i + 1)
        if (ups_first[i]) ups_pos = ups_pos | (consume ? i[NW-1:0] : hl[NW*i +: NW]);
end
assign ev_up = consume ? |ups_c : |(ups_first & host_take);
assign ev_n_up = lane_popc(consume ? ups_c : ups_pre & host_take);
assign ev_up_off = hbase + {{(32 - NW){1'b0}}, ups_pos};
wire [31:0] hoff_n = hbase + {{(32 - NW){1'b0}}, fc_hl_end};     // r_hoff + used

// AFTER's FRAME is at the word's first AFTER lane in [off, n) when the control ends the word there (every AFTER
// lane ends it): its offset and PDU count from that lane, beside the control rather than from its outcome
wire [W-1:0]  is_after;
wire [W-1:0]  aft_first = is_after & ~lane_below_or(is_after);
reg  [NW-1:0] aft_lane, aft_hl;
always @* begin
    aft_lane = {NW{1'b0}};
    aft_hl = {NW{1'b0}};
    for (i = 0; i < W; i = i + 1)
        if (aft_first[i]) begin
            aft_lane = aft_lane | i[NW-1:0];
            aft_hl = aft_hl | hl[NW*i +: NW];
        end
end
wire [31:0] aft_off = hbase + {{(32 - NW){1'b0}}, aft_hl};

wire        t3_frame = active && !consume && fc_why == WHY_T3_FRAME;
wire        after_frame = active && !consume && fc_why == WHY_AFTER;
assign ev_frame = t3_frame || after_frame || (!consume && len_frame);
// FRAME's fields, by the one kind the transfer's configuration allows (AFTER lanes only without self-framing,
// MPA's length check only in MPA, T3 only in iSCSI; checked below in simulation), not by the control's outcome
reg  [2:0]  t3_p;
always @* begin
    t3_p = 3'd0;
    for (i = 0; i < W; i = i + 1)
        if (off == i[NW-1:0]) t3_p = plow[3*i +: 3];
    if (!cfg_self) begin
        ev_fr_off = aft_off;            // the AFTER lane's byte: after the bytes taken
        ev_fr_unit = pdus_at(aft_lane, pdus, ep_below, |is_ep);
        ev_fr_exp = plen_now;
        ev_fr_got = plen_now;
    end else if (cfg_mpa) begin
        ev_fr_off = p_len_off_all;
        ev_fr_unit = pdus_at(plen_lane, pdus, ep_below, |is_ep);
        ev_fr_exp = {17'd0, cfg_ulp};
        ev_fr_got = {1'b0, p_dl_all};
    end else begin
        ev_fr_off = r_hoff;
        ev_fr_unit = pdus_at(off, pdus, ep_below, |is_ep);
        ev_fr_exp = {22'd0, 3'd7 - t3_p} + 25'd1;
        ev_fr_got = {{(25 - AW){1'b0}}, avail};
    end
end

// D-036 by the candidates' offsets (mdd_txg_err). MPA's length FRAME is at the field's first byte, 0 when the field
// began in the previous transfer (len_off), where an UPSTREAM on the transfer's first byte ties with it.
mdd_txg_err u_err (
    .ev_desc(ev_desc), .ev_up(ev_up), .ev_frame(ev_frame), .n_up(ev_n_up),
    .up_off(ev_up_off), .fr_off(ev_fr_off), .fr_unit(ev_fr_unit), .fr_exp(ev_fr_exp), .fr_got(ev_fr_got),
    .err_v(o_err_v), .err_code(o_err_code), .err_byte(o_err_byte), .err_off(o_err_off), .err_unit(o_err_unit),
    .err_exp(o_err_exp), .err_got(o_err_got), .emap(o_emap), .ecnt(o_ecnt));

`ifndef SYNTHESIS
reg [7:0] pany_seen, pany_two;
always @* begin
    pany_seen = 8'd0;
    pany_two = 8'd0;
    for (i = 0; i < W; i = i + 1) begin
        pany_two = pany_two | (pany_seen & pany[8*i +: 8]);
        pany_seen = pany_seen | pany[8*i +: 8];
    end
end
always @(posedge clk) begin
    if (!rst && active && !emit && (fc_stop || (!consume && fc_why == WHY_POP) || t3_frame || after_frame || ev_desc ||
                                    |host_take)) begin
        $display("Error: mdd_txg_f: no word leaves, but stop %0d, why %0d or host lanes %b (%m)", fc_stop, fc_why,
                 host_take);
        $stop;
    end
    if (!rst && active && !consume && |(pany_two & pe_all)) begin
        $display("Error: mdd_txg_f: two parse lanes at PDU offset mask %b in one word (%m)", pany_two & pe_all);
        $stop;
    end
    if (!rst && ((t3_frame && (!cfg_self || cfg_mpa)) || (after_frame && cfg_self) ||
                 (!consume && len_frame && !(cfg_self && cfg_mpa)))) begin
        $display("Error: mdd_txg_f: FRAME of a kind its configuration does not allow (T3 %0d, AFTER %0d, length %0d) (%m)",
                 t3_frame, after_frame, len_frame);
        $stop;
    end
end
`endif

// -------------------------------------------------------------------------
// The word and the next registers
// -------------------------------------------------------------------------
wire lost_n = r_lost || ev_frame;
assign stop = fc_stop;

// A word leaves unless F's first lane waits (the control's idle: that lane's flags alone, not the control's
// outcome): taken whole or ended at a later lane, the word has a lane; ended at its first lane by tlast, it ends the
// transfer or is FRAME. Consumed: a byte, the transfer's end, or DESC. (The lane walk's rule: a lane, a byte, the
// end or an event.)
assign emit = active && (consume ? avail != {AW{1'b0}} || last_in || ev_desc : !fc_idle);
// A word leaves whenever F runs and the control ends the transfer, takes the word whole (POP), ends it at FRAME
// (T3 short with tlast in, AFTER, DESC) or takes a host lane: none of these is an idle end (F's first lane waiting or
// read), so their users below are qualified by active, not by emit (the idle flags are off their paths; checked
// in simulation at the end).
assign o_first = !in_xfer;
assign o_last = fc_stop;
assign o_woff = r_hoff;
assign o_nin = used;
assign o_dbad = bad;
assign o_xflags = {7'd0, lost_n};
assign df_pop = active && !consume && fc_why == WHY_POP;
assign df_set = emit && !consume && fc_why != WHY_POP;
assign df_off = c_next;
// FRAME at MPA's length loses the transfer from the next word but flushes the layout a cycle later (frame_later:
// the caller's register, F idle in that cycle), so that the ring's bytes (the length) are not in front of the
// flush and of the window's base (D-093); FRAME before a lane (T3, AFTER) comes from the control and flushes now
assign flush = active && (fc_stop || t3_frame || after_frame || ev_desc);
assign frame_later = active && len_frame && !fc_stop;

// inside a marker after the word: a marker lane is taken and the last lane taken is a marker lane other than its
// marker's last byte (a marker's bytes are consecutive lanes, so a non-marker lane taken after the last marker
// lane taken means that lane was its marker's last byte): the lane before next, from next's decode rather than
// from the taken marker lanes' last
wire [W-1:0] mrk_w = in_w & is_mrk;
wire [W-1:0] is_spi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_spi
        assign is_spi[gi] = cls[4*gi +: 4] == L_SPI;
    end
endgenerate
assign o_spi = in_w & is_spi;
wire [W-1:0] mrk_cut;           // a marker lane other than its marker's last byte (the lane before next is in
                                // [off, n) whenever a marker lane is taken)
wire [W-1:0] at_next1 = below_next & ~(below_next >> 1);      // the lane before next: [0, next)'s top lane
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_cut
        assign mrk_cut[gi] = is_mrk[gi] && mb[3*gi +: 3] != (cfg_mpa ? 3'd3 : 3'd7);
    end
endgenerate
wire last_cut = |(mrk_cut & at_next1);
wire t3_read = active && !consume && fc_why == WHY_T3_READ;
wire mimg_ok_n = fc_stop ? 1'b0 : t3_read ? t3_half_r : t3_frame ? 1'b0 : |mrk_w ? last_cut : r_mimg_ok;

// in_xfer moves with a word; the others whenever F runs (the same values when no word leaves: nothing taken, no
// byte, no event), so their enable is not the word's outcome
always @(posedge clk) begin
    if (emit)
        in_xfer <= !fc_stop;
    if (active) begin
        lost_r <= lost_n;
        mimg_ok_r <= mimg_ok_n;
        hoff_r <= hoff_n;
        if (!consume) begin
            hdr_len_r <= p_last && !len_short ? pr_hl : p_hl;
            data_len_r <= p_last && !len_short ? pr_dl : p_dl;
            len_off_r <= p_len_off;
        end else begin
            hdr_len_r <= r_hdr_len;
            data_len_r <= r_dl;
            len_off_r <= r_len_off;
        end
    end
    if (active)
        t3_half_r <= t3_read && !t3_half_r;
    if (!r_mimg_ok && !t3_half_r) begin
        t3_hl_r <= t3_hl_n;
        t3_dl_r <= t3_dl_n;
    end
    plen_r <= plen_now;
    plen_t3_r <= pdu_len(t3_hl_r, t3_dl_r, cfg_hdig, cfg_ddig, cfg_mpa);
    plen_ok_r <= present && !(active && (fc_stop || |pe));
    if (rst) begin
        in_xfer <= 1'b0;
        mimg_ok_r <= 1'b0;
        t3_half_r <= 1'b0;
        plen_ok_r <= 1'b0;
    end
end

endmodule

`resetall

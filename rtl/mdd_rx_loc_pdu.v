// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX locate stage L2: PDU fields, self-framing parse, FRAME errors, marker checks.
 *
 * The second locate stage (docs/rx-path.md sections 2-5 and 8).  Input: L1's
 * words (marker lanes tagged MRK, every other present byte PAY/K = 1 with
 * aux bit 0 = "the next wire byte starts a marker").  For iSCSI and MPA every
 * non-marker lane walks the PDU offset pdu_off through the layout
 *
 *   HDR[hdr_len] HDIG[4 if hdig_en] PAY[data_len] PAD[pad] DDIG[4 if ddig_en
 *   and (MPA or data_len > 0)]
 *
 * and gets its KIND, EH (last HDR byte), ED (last covered byte: last PAD,
 * else last PAY, else MPA last HDR; not when an MPA marker follows and ddig_en:
 * the marker's last byte takes it), EP (last byte), K (PAY 1, HDR hdr_out,
 * others 0) and aux (HDIG/DDIG byte index).  RAW lanes become PAY, K = 1.
 *
 *   self_frame = 1  the length field is parsed as it passes (iSCSI byte 4 sets
 *                   hdr_len = 48 + 4b, bytes 5-7 DataSegmentLength; MPA bytes
 *                   0-1 ULPDU_Length, then data_len -= ulp_hdr_len and hdr_len
 *                   = 2 + ulp_hdr_len); bytes up to the last length byte are
 *                   HDR without flags, the last one classified by the final
 *                   layout.  FRAME when ULPDU_Length < ulp_hdr_len or data_len
 *                   > max_data (!= 0): err_off = the length field's first
 *                   byte (DataSegmentLength / ULPDU_Length; 0 if earlier), the
 *                   length byte itself stays HDR without flags, and the rest of
 *                   the transfer is lost: non-marker lanes VOID, marker lanes
 *                   MRK with aux bit 3, never checked; the resume fields freeze.
 *   self_frame = 0  one PDU; a PDU byte after its last byte is FRAME (err_off =
 *                   that byte, err_exp = err_got = PDU length), then lost.
 *
 * Markers (MRK lanes from L1, aux = byte index): MPA coverage (aux bit 3 when
 * the marker lies between two CRC bytes), ED on the last byte of an MPA marker
 * between the last covered byte and the CRC (ddig_en), and with mrk_chk the
 * marker check: iSCSI both copies = non-marker bytes to the next PDU start (0
 * at a boundary), MPA {16'h0, FPDUPTR}, FPDUPTR = fpdu_woff at the marker's
 * first byte; compared byte by byte, one MRK event per marker (err_byte = first
 * differing byte, err_off = its first byte in the transfer, err_unit = PDU
 * index of the next non-marker byte, bytes outside the transfer = expected).
 * An iSCSI marker inside a self-framed PDU's first 8 bytes is deferred until
 * byte 7 gives the length (two deferred markers at most: iSCSI periods are >=
 * 12; a third is counted unverified); a deferral left at the end of the
 * transfer, or dropped by FRAME, sets mrk_unv.  The model/mdd_rxref.c rules
 * R1-R3, R6-R8, R13 are the same.
 *
 * On the transfer's last word: PDU_OFF, HDR_LEN, DATA_LEN, FPDU_WOFF (MPA)
 * written into the descriptor, xflags = {mrk_unv, frame_lost}.  A failed
 * descriptor (dbad) passes untouched.
 *
 * Chunking: an emitted word holds at most one PDU start (a non-marker byte at
 * pdu_off 0).  A word with a second start leaves in several cycles, each a
 * prefix of the remaining lanes (the rest VOID), s_ready low until the last
 * part; the last part takes what remains of s_nin; the input's error record
 * leaves with the first part.  PDUs >= W + 1 bytes never split a word.
 *
 * Flow control (D-029, D-066, D-096, D-107): advance = m_ready | ~m_valid
 * moves the output register and stage D; E's part enters D, C's part E, and
 * B's part C, when the stage is empty or moves; stage A takes stage I's word when it is empty or
 * its word's last part leaves (no cut); stage I takes a word when it is empty
 * or its word moves on, from the skid register in front of it if that holds
 * one, else from the input; s_ready = the skid is empty (a register, D-104: a
 * word offered while stage I cannot take it waits there): one word per clock
 * at full rate.  Latency six clocks (one until D-066, two until D-096, five
 * until D-107).  rst
 * clears the valid bits and the split state;
 * the stream state is loaded from the descriptor on every transfer's first
 * word; data registers are not reset.
 *
 * Structure (D-040, D-066, D-096): no value ripples from lane to lane, so the
 * logic depth grows with log W (the reference algorithm, a walk through the
 * lanes, is the C twin).  Six stages:
 *   I  the input register: the word, its lane counts and its PDU bytes in
 *      count order (byte k: the PDU lane with k PDU lanes of the whole word
 *      below it).
 *   A  what depends on the word alone: for every word count k = -7..W, the layout
 *      of a header whose byte 0 is byte k (PDU length, final hdr_len and
 *      data_len, the underflow and FRAME checks, whether the length field is
 *      complete in the word, the count where its PDU ends): the header
 *      candidates.  A header begun before the word reads its earlier length
 *      bytes from the last three PDU bytes before the word (lp_r: the
 *      transfer's earlier words, on its first word the resume image's partial
 *      parse as bytes; D-095), so no state byte is combined with the word's
 *      in B.
 *   B  the parts of A's word, one a cycle, into stage C.  Each lane's counts
 *      of PDU and present lanes below it in the part (the whole word's from
 *      stage I less the lanes already emitted, D-101) give its PDU offset
 *      and transfer offset from the part's base state.  The chunking rule
 *      bounds what a part can hold -- the PDU in progress (seg 0), the one
 *      after its EP (seg 1), after the next EP only boundary markers (seg 2)
 *      -- so a lane's offset is base + count (seg 0) or its count past the EP
 *      (seg 1, 2; 8 bits): at most two PDU lengths are subtracted.  Where the
 *      segments begin is a one-hot word count: seg 1 at k1 (while parsing, the
 *      candidate at -b_off or at cused gives it; else the registered bytes to
 *      the PDU's end, st_rem: a state layout is only known in a word's first
 *      part), seg 2 at k2, the candidate at k1's count; a position's segment,
 *      a segment's start lane and its length-field lanes are compares of the
 *      word's counts with these one-hots, and its length a one-hot select of
 *      a candidate.  Every lane's kind and flags are compares of its offset
 *      with its segment's layout.  Whether the part ends at a second start
 *      (seg 1 and seg 0 or 2 have one) is stage A's flags of the candidates
 *      and counts selected by k1 (D-117), and the lanes from that start on
 *      are a segment's positions, not a scan of every lane's start flag;
 *      no FRAME lane is on its way (none can precede a start of the part).
 *      The state after the part: at a cut (always the start of seg 1 or 2) it
 *      is known without the lanes (offset 0, fpdu_woff 0, the seg's lengths,
 *      cused_r = k1 (+ len1)); at the word's end it is read at position W,
 *      the offset's flags (0, within the length field) and fpdu_woff from the
 *      one-hots and counts (the 8-step field parser only for a field cut by
 *      the part's end).  The resume fields where a FRAME stops the walk are
 *      kept apart (fz_*) until the transfer's end: the stream state is not
 *      used again once the transfer is lost (D-095).  B registers for C what
 *      it knows of the part: its lanes (present, marker, lost, overrun,
 *      length-field ends), their prefix counts and segments, the segments'
 *      layouts and FRAME checks, the base state, the resume fields.
 *   C  each lane's offset compared with its segment's layout, the marker
 *      checks and their state (mk_*, pd_*), the events and the descriptor
 *      write-back (D-096: none of it is in B's loop or on the way to the
 *      cut).
 *   E  the part's word, its tags from C's compares, and its events: the
 *      deferred checks C resolved compared with their PDU's length, every
 *      pair of events ranked (D-107: in C these came after the layout's
 *      sums and the chain of marker steps).
 *   D  the earliest event is the word's error record (a select), into the
 *      output register.
 * Markers: L1 puts at most mrk_period bytes in a word, so a word holds at most
 * two (T, the tail of an earlier marker; H, from its byte 0).  Each is gathered
 * and applied as one step, in lane order with the two length-field ends that
 * resolve or drop deferred checks: a fixed chain of six steps, independent of
 * W; expected values are compared per candidate segment, the segment selects.
 * The error record is the minimum of at most nine candidate events (all pairs
 * compared at once in E).
 */
module mdd_rx_loc_pdu #(
    parameter W = 8
) (
    input  wire           clk,
    input  wire           rst,

    input  wire           s_valid,
    output wire           s_ready,
    input  wire [8*W-1:0] s_data,
    input  wire [8*W-1:0] s_tag,
    input  wire [4*W-1:0] s_aux,
    input  wire           s_first,
    input  wire           s_last,
    input  wire [31:0]    s_woff,
    input  wire [7:0]     s_nin,
    input  wire           s_dbad,
    input  wire [511:0]   s_desc,
    input  wire [7:0]     s_xflags,
    input  wire           s_err_v,
    input  wire [7:0]     s_err_code,
    input  wire [7:0]     s_err_byte,
    input  wire [31:0]    s_err_off,
    input  wire [31:0]    s_err_unit,
    input  wire [63:0]    s_err_exp,
    input  wire [63:0]    s_err_got,
    input  wire [15:0]    s_emap,
    input  wire [7:0]     s_ecnt,

    output wire           m_valid,
    input  wire           m_ready,
    output wire [8*W-1:0] m_data,
    output wire [8*W-1:0] m_tag,
    output wire [4*W-1:0] m_aux,
    output wire           m_first,
    output wire           m_last,
    output wire [31:0]    m_woff,
    output wire [7:0]     m_nin,
    output wire           m_dbad,
    output wire [511:0]   m_desc,
    output wire [7:0]     m_xflags,
    output wire           m_err_v,
    output wire [7:0]     m_err_code,
    output wire [7:0]     m_err_byte,
    output wire [31:0]    m_err_off,
    output wire [31:0]    m_err_unit,
    output wire [63:0]    m_err_exp,
    output wire [63:0]    m_err_got,
    output wire [15:0]    m_emap,
    output wire [7:0]     m_ecnt
);

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

localparam [7:0] TAG_VOID = {5'd0, MDD_KIND_VOID};
localparam [7:0] TAG_K    = 8'd1 << MDD_TAG_K;
localparam [7:0] TAG_ED   = 8'd1 << MDD_TAG_ED;
localparam [7:0] TAG_EH   = 8'd1 << MDD_TAG_EH;
localparam [7:0] TAG_EP   = 8'd1 << MDD_TAG_EP;
localparam [7:0] ERR_MRK  = MDD_ERR_MRK[7:0];
localparam [7:0] ERR_FRAME = MDD_ERR_FRAME[7:0];

// -------------------------------------------------------------------------
// Configuration of the word's transfer
// -------------------------------------------------------------------------

// (the protocol decoded as the word enters stage A, D-069: the flags are flip-flops)
wire        c_active  = !a_dbad;
wire        c_mpa     = a_mpa;
wire        c_raw     = a_raw;
wire        c_self    = a_desc[MDD_DESC_SELF_FRAME_LSB];
wire        c_hdig    = a_desc[MDD_DESC_HDIG_EN_LSB];
wire        c_ddig    = a_desc[MDD_DESC_DDIG_EN_LSB];
wire [24:0] c_ll      = c_mpa ? 25'd1 : 25'd7;                    // offset of the last length byte

// PDU length of a layout (docs/rx-path.md section 2): roundup4(hlen + dlen) + HDIG + DDIG,
// one three-operand sum
function [25:0] plen(input [11:0] h, input [23:0] d, input hdig, input ddig, input dd_any);
    reg [25:0] s;
    begin
        s = {14'd0, h} + {2'd0, d} + {23'd0, hdig, 2'd3} + {23'd0, ddig && (dd_any || d != 24'd0), 2'd0};
        plen = s & ~26'd3;
    end
endfunction

// -------------------------------------------------------------------------
// Helpers of the lane network (all fixed-size: trees over the lanes, or loops over the 8 bytes of a field)
// -------------------------------------------------------------------------


// inclusive "at least two set" scan of a lane mask: bit i = two or more msk[j], j <= i (one log-depth scan
// of (any, two) pairs)
function [W-1:0] pfx_two(input [W-1:0] msk);
    reg [W-1:0] a, t;
    integer k;
    begin
        a = msk;
        t = {W{1'b0}};
        for (k = 1; k < W; k = k * 2) begin
            t = t | (t << k) | (a & (a << k));
            a = a | (a << k);
        end
        pfx_two = t;
    end
endfunction

// one-hot gather of a byte per lane (OR of the selected lanes), and the same over the W + 1 positions. The
// gathers here OR whole lane values in a balanced tree (the AND-OR a bit-by-bit reduction makes): a loop over
// bits with a column of lanes per bit took half of the Verilated model's time at W = 64, and a chain of ORs over
// the lanes mapped three levels deeper (yosys 0.23, W = 8: path 40 / loop 31 against 37 / 28).
function [7:0] gath8(input [W-1:0] sel, input [8*W-1:0] v);
    reg [8*W-1:0] t;
    integer i, h;
    begin
        for (i = 0; i < W; i = i + 1) t[8*i +: 8] = v[8*i +: 8] & {8{sel[i]}};
        for (h = W / 2; h > 0; h = h / 2)
            for (i = 0; i < h; i = i + 1) t[8*i +: 8] = t[8*i +: 8] | t[8*(i + h) +: 8];
        gath8 = t[8-1:0];
    end
endfunction

function [7:0] gath8p(input [W:0] sel, input [8*(W+1)-1:0] v);
    reg [8*2*W-1:0] t;
    integer i, h;
    begin
        for (i = 0; i < W + 1; i = i + 1) t[8*i +: 8] = v[8*i +: 8] & {8{sel[i]}};
        for (i = W + 1; i < 2 * W; i = i + 1) t[8*i +: 8] = {8{1'b0}};
        for (h = W; h > 0; h = h / 2)
            for (i = 0; i < h; i = i + 1) t[8*i +: 8] = t[8*i +: 8] | t[8*(i + h) +: 8];
        gath8p = t[8-1:0];
    end
endfunction

// the length-field parser over the field's 8 byte positions (pr[t]: byte t is taken, bb[8t +: 8])
function [35:0] parse_f(input mpa, input [7:0] pr, input [63:0] bb, input [11:0] h, input [23:0] d);
    reg [11:0] hh;
    reg [23:0] dd;
    integer t;
    begin
        hh = h;
        dd = d;
        for (t = 0; t < 8; t = t + 1) begin
            if (pr[t]) begin
                if (mpa) begin
                    if (t == 0) dd = {16'd0, bb[8*t +: 8]};
                    else if (t == 1) dd = {8'd0, dd[7:0], bb[8*t +: 8]};   // ULPDU_Length: 2 bytes
                end else begin
                    if (t == 4) hh = 12'd48 + {2'd0, bb[8*t +: 8], 2'd0};
                    else if (t == 5) dd = {16'd0, bb[8*t +: 8]};
                    else if (t > 5) dd = {dd[15:0], bb[8*t +: 8]};
                end
            end
        end
        parse_f = {hh, dd};
    end
endfunction

// lowest set bit of an 8-bit mask
function [2:0] low8(input [7:0] v);
    integer t;
    begin
        low8 = 3'd0;
        for (t = 7; t >= 0; t = t - 1) if (v[t]) low8 = t[2:0];
    end
endfunction

// a marker's present bytes (pr[j], gb[8j +: 8]) against a value (byte j at bits 8 * (ML - 1 - j)): the
// mismatching bytes, and the value with the bytes put in
function [7:0] mis_f(input iscsi, input [63:0] ex, input [7:0] pr, input [63:0] gb);
    integer j;
    begin
        mis_f = 8'd0;
        for (j = 0; j < 8; j = j + 1) begin
            if (iscsi) mis_f[j] = pr[j] && gb[8*j +: 8] != ex[8*(7-j) +: 8];
            else if (j < 4) mis_f[j] = pr[j] && gb[8*j +: 8] != ex[8*(3-j) +: 8];
        end
    end
endfunction

function [63:0] put_f(input iscsi, input [63:0] ex, input [7:0] pr, input [63:0] gb);
    integer j;
    begin
        put_f = ex;
        for (j = 0; j < 8; j = j + 1) begin
            if (iscsi) begin
                if (pr[j]) put_f[8*(7-j) +: 8] = gb[8*j +: 8];
            end else if (j < 4) begin
                if (pr[j]) put_f[8*(3-j) +: 8] = gb[8*j +: 8];
            end
        end
    end
endfunction

// A marker check (mk_*) taking one marker's bytes of this part (pr[j]: byte j present, gb[8j +: 8]):
// s = {act, dv, diff, exp, got, off, unit}; returns {event, s'}.
// (misn: the bytes' mismatches against e, for a check that starts here)
function [197:0] mk_step(input [196:0] s, input en, input iscsi, input [63:0] e, input [7:0] misn,
                         input [31:0] o, input [31:0] u, input [7:0] pr, input [63:0] gb);
    reg act, dv, cpl;
    reg [2:0] diff;
    reg [63:0] ex, got;
    reg [31:0] off, unit;
    reg [7:0] mis;
    begin
        {act, dv, diff, ex, got, off, unit} = s;
        mis = 8'd0;
        cpl = 1'b0;
        if (en) begin
            mis = act ? mis_f(iscsi, ex, pr, gb) : misn;
            if (!act) begin
                dv = 1'b0;
                diff = 3'd0;
                ex = e;
                got = e;
                off = o;
                unit = u;
            end
            got = put_f(iscsi, got, pr, gb);
            cpl = iscsi ? pr[7] : pr[3];
            if (!dv && mis != 8'd0) begin
                dv = 1'b1;
                diff = low8(mis);
            end
            act = !cpl;
        end
        mk_step = {en && cpl && dv, act, dv, diff, ex, got, off, unit};
    end
endfunction

// Deferred iSCSI marker checks: s = {pd_n, pd_in, unv, pd0, pd1}, an entry = {off, unit, p, present, got}.
// One marker's bytes of this part (act: present and not lost; dfr: deferred and mrk_chk).
function [325:0] pd_step(input [325:0] s, input act, input dfr, input [31:0] o, input [31:0] u,
                         input [24:0] p, input [7:0] pr, input [63:0] gb, input cpl);
    reg [1:0] n;
    reg in, unv;
    reg [160:0] e0, e1;
    integer j;
    begin
        {n, in, unv, e0, e1} = s;
        if (dfr) begin
            if (!in) begin
                if (n == 2'd0) begin
                    e0 = {o, u, p, 8'd0, 64'd0};
                    n = 2'd1;
                    in = 1'b1;
                end else if (n == 2'd1) begin
                    e1 = {o, u, p, 8'd0, 64'd0};
                    n = 2'd2;
                    in = 1'b1;
                end else begin
                    unv = 1'b1;   // a third deferred marker: left unverified
                end
            end
            if (in) begin
                for (j = 0; j < 8; j = j + 1) begin
                    if (pr[j]) begin
                        if (n == 2'd1) begin
                            e0[63 - 8*j -: 8] = gb[8*j +: 8];
                            e0[64 + j] = 1'b1;
                        end else begin
                            e1[63 - 8*j -: 8] = gb[8*j +: 8];
                            e1[64 + j] = 1'b1;
                        end
                    end
                end
            end
        end
        if (act && cpl) in = 1'b0;
        pd_step = {n, in, unv, e0, e1};
    end
endfunction

// the PDU's last length byte: resolve (r) or drop on FRAME (f) the deferred checks
function [325:0] rf_step(input [325:0] s, input r, input f);
    reg [1:0] n;
    reg in, unv;
    reg [321:0] es;
    begin
        {n, in, unv, es} = s;
        if (f) begin
            if (n != 2'd0) unv = 1'b1;
            n = 2'd0;
            in = 1'b0;
        end else if (r) begin
            n = 2'd0;
        end
        rf_step = {n, in, unv, es};
    end
endfunction


// a deferred check compared once the PDU length is known (stage E): {dv, diff, exp, got} of the entry's
// offset p, present bytes and their values
function [131:0] res_one(input [24:0] p, input [7:0] present, input [63:0] gb, input [25:0] len);
    reg [31:0] v;
    reg [63:0] ex, got;
    reg [7:0] mis;
    integer j;
    begin
        v = {6'd0, len} - {7'd0, p};
        ex = {v, v};
        got = ex;
        mis = 8'd0;
        for (j = 0; j < 8; j = j + 1) begin
            if (present[j]) begin
                got[63 - 8*j -: 8] = gb[63 - 8*j -: 8];
                mis[j] = gb[63 - 8*j -: 8] != ex[63 - 8*j -: 8];
            end
        end
        res_one = {mis != 8'd0, low8(mis), ex, got};
    end
endfunction

// -------------------------------------------------------------------------
// Stage A (D-066): the word and everything about its header candidates that
// depends on the word alone: the word's PDU bytes in count order (byte k: the PDU lane with k PDU lanes of
// the whole word below it, 0 past the last), and for every k = -7..W the layout of a header whose byte 0 is
// byte k (length, data length and hdr_len as final, the underflow and FRAME checks; k = W: no byte of the
// word, all zero; k < 0 for a field begun in an earlier word, iSCSI bytes 4-7 only).
// -------------------------------------------------------------------------

// -------------------------------------------------------------------------
// Stage I (D-096): the input register.  With the word it keeps its lane counts (PDU lanes and present lanes
// below each lane) and its PDU bytes in count order, so that stage A's header candidates start from registers.
// In front of it a skid register (D-104): s_ready is a register (the skid is empty), so the producer's advance
// does not wait for stage B's cut; a word offered while stage I cannot take it waits in the skid, and stage I
// takes the skid's word before the next input.  x_* is the word stage I takes next.
// -------------------------------------------------------------------------

// The word as one vector, in port order: the skid holds it as it arrives.
localparam XW = 8*W + 8*W + 4*W + 1 + 1 + 32 + 8 + 1 + 512 + 8 + 1 + 8 + 8 + 32 + 32 + 64 + 64 + 16 + 8;
wire [XW-1:0] s_word = {s_data, s_tag, s_aux, s_first, s_last, s_woff, s_nin, s_dbad, s_desc, s_xflags, s_err_v,
                        s_err_code, s_err_byte, s_err_off, s_err_unit, s_err_exp, s_err_got, s_emap, s_ecnt};
reg           sk_valid = 1'b0;
reg  [XW-1:0] sk_word = {XW{1'b0}};
wire [XW-1:0] x_word = sk_valid ? sk_word : s_word;
wire [8*W-1:0] x_data, x_tag;
wire [4*W-1:0] x_aux;
wire           x_first, x_last, x_dbad, x_err_v;
wire [31:0]    x_woff, x_err_off, x_err_unit;
wire [7:0]     x_nin, x_xflags, x_err_code, x_err_byte, x_ecnt;
wire [511:0]   x_desc;
wire [63:0]    x_err_exp, x_err_got;
wire [15:0]    x_emap;
assign {x_data, x_tag, x_aux, x_first, x_last, x_woff, x_nin, x_dbad, x_desc, x_xflags, x_err_v,
        x_err_code, x_err_byte, x_err_off, x_err_unit, x_err_exp, x_err_got, x_emap, x_ecnt} = x_word;

wire [W-1:0] si_pl, si_pr;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_sipl
        wire [2:0] k = x_tag[8*gi +: 3];
        assign si_pl[gi] = k != MDD_KIND_VOID && k != MDD_KIND_MRK;
        assign si_pr[gi] = k != MDD_KIND_VOID;
    end
endgenerate
// the whole word's present lanes below each lane (seg 0's MPA start past fpdu_woff's wrap, D-095)
wire [8*W-1:0]      si_nw;
wire [7:0]          si_nwt;
mdd_lane_count #(.W(W), .CW(8), .GATES(1)) u_word_present (.clk(clk), .en(1'b0),
    .mask(si_pr), .cnt_below(si_nw), .cnt_total(si_nwt));
wire [8*W-1:0]      si_below;
wire [7:0]          si_total;
mdd_lane_count #(.W(W), .CW(8), .GATES(1)) u_word_count (.clk(clk), .en(1'b0),
    .mask(si_pl), .cnt_below(si_below), .cnt_total(si_total));
// byte k: the PDU lane with k PDU lanes of the word below it (0 past the last)
wire [8*W-1:0]      si_pby;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_pby
        localparam [7:0] K8 = gi;
        wire [W-1:0] sel;
        for (gt = 0; gt < W; gt = gt + 1) begin : g_l
            assign sel[gt] = si_pl[gt] && si_below[8*gt +: 8] == K8;
        end
        assign si_pby[8*gi +: 8] = gath8(sel, x_data);
    end
endgenerate

// From the descriptor (used on a transfer's first word): its layout's PDU length and bytes to the end (the
// stream state's, D-095), max_data + ulp_hdr_len (the FRAME check's bound), and the last three PDU bytes before
// the word as the resume image's partial parse gives them (see lp_r)
wire [1:0]  si_proto = x_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire        si_mpa   = si_proto == MDD_PROTO_MPA[1:0];
wire [24:0] si_off   = x_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W];
wire [23:0] si_dlen  = x_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W];
wire [25:0] si_dlay  = plen(x_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W], si_dlen,
                            x_desc[MDD_DESC_HDIG_EN_LSB], x_desc[MDD_DESC_DDIG_EN_LSB], si_mpa);
wire [25:0] si_mxu   = {2'd0, x_desc[MDD_DESC_MAX_DATA_LSB +: MDD_DESC_MAX_DATA_W]}
                     + (si_mpa ? {18'd0, x_desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W]} : 26'd0);
wire [23:0] si_sdlp;
generate
    for (gi = 0; gi < 3; gi = gi + 1) begin : g_seed
        // header byte t = o - 3 + gi; a length byte before the transfer is DATA_LEN >> 8 (o - 1 - t)
        wire [25:0] t = {1'b0, si_off} + gi - 26'd3;
        wire        dsl = si_mpa ? t == 26'd0 : (t == 26'd5 || t == 26'd6);
        localparam SH = 2 - gi;             // o - 1 - t
        assign si_sdlp[8*gi +: 8] = dsl ? si_dlen[8*SH +: 8] : 8'd0;
    end
endgenerate

reg           i_valid = 1'b0;
reg [8*W-1:0] i_data = {8*W{1'b0}};
reg [8*W-1:0] i_tag = {8*W{1'b0}};
reg [4*W-1:0] i_aux = {4*W{1'b0}};
reg           i_first = 1'b0;
reg           i_last = 1'b0;
reg [31:0]    i_woff = 32'd0;
reg [7:0]     i_nin = 8'd0;
reg           i_dbad = 1'b0;
reg [511:0]   i_desc = 512'd0;
reg [7:0]     i_xflags = 8'd0;
reg           i_err_v = 1'b0;
reg [7:0]     i_err_code = 8'd0;
reg [7:0]     i_err_byte = 8'd0;
reg [31:0]    i_err_off = 32'd0;
reg [31:0]    i_err_unit = 32'd0;
reg [63:0]    i_err_exp = 64'd0;
reg [63:0]    i_err_got = 64'd0;
reg [15:0]    i_emap = 16'd0;
reg [7:0]     i_ecnt = 8'd0;
reg [8*W-1:0] i_nw = {8*W{1'b0}};
reg           i_mpa = 1'b0, i_iscsi = 1'b0, i_raw = 1'b0;
reg [7:0]     i_nwt = 8'd0;
reg [8*W-1:0] i_below = {8*W{1'b0}};
reg [7:0]     i_total = 8'd0;
reg [8*W-1:0] i_pby = {8*W{1'b0}};
reg [25:0]    i_dlay = 26'd0;
reg [26:0]    i_drem = 27'd0;
reg [25:0]    i_mxu = 26'd0;
reg [23:0]    i_sdlp = 24'd0;

// -------------------------------------------------------------------------
// Stage A
// -------------------------------------------------------------------------

// (the protocol decoded as the word enters stage I: a flip-flop, not a compare, in front of every candidate's
// byte select, D-101)
wire        sa_mpa   = i_mpa;
wire        sa_iscsi = i_iscsi;
wire        sa_raw   = i_raw;
wire        sa_hdig  = i_desc[MDD_DESC_HDIG_EN_LSB];
wire        sa_ddig  = i_desc[MDD_DESC_DDIG_EN_LSB];
wire [7:0]  sa_ulp   = i_desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W];
wire [23:0] sa_max   = i_desc[MDD_DESC_MAX_DATA_LSB +: MDD_DESC_MAX_DATA_W];
wire [8:0]  sa_ll9   = sa_mpa ? 9'd1 : 9'd7;
wire [25:0] sa_mxu   = i_mxu;
// (the word's lane counts and its PDU bytes in count order, from stage I's registers)
wire [8*W-1:0]      sa_nw = i_nw;
wire [8*W-1:0]      sa_below = i_below;
wire [7:0]          sa_total = i_total;
localparam NB = 7;       // candidates below the word: a header begun up to 7 PDU bytes before it
localparam NC = W + NB + 1;   // candidates c = 0..W+7: a header whose byte 0 is PDU byte c - NB of the word
localparam PC = NC <= 2 * W ? 2 * W : 4 * W;   // NC padded to a power of two (the gathers' OR trees)
// the bits of a count up to W + NB (a candidate's end count is compared in these bits, D-105)
localparam KB = W + NB < 16 ? 4 : W + NB < 32 ? 5 : W + NB < 64 ? 6 : W + NB < 128 ? 7 : 8;
// The (KB + 2)-bit sums of the header candidates below are gates (add_gates from mdd_lane_fn.vh, its low bits
// used): a carry chain inside these few-bit sums cuts the compare behind them into two cones that abc maps apart
// (D-105, D-109)

// The last three PDU bytes before the word (D-095), for the headers begun before it whose length field the
// word completes (iSCSI bytes 4-6, MPA byte 0): the transfer's earlier words, and on its first word the
// descriptor's partial parse as bytes (PDU_OFF = o: header byte t = o - 3 + j at j = 0..2; DataSegmentLength /
// ULPDU_Length bytes are DATA_LEN's bytes as the parse shifted them in).  A descriptor byte is marked (lv):
// where it stands for byte 4, the header length is the descriptor's HDR_LEN (hl) as it stands.
reg  [23:0] lp_r = 24'd0;     // byte j (count j - 3)
reg  [2:0]  lv_r = 3'd0;
reg  [11:0] hl_r = 12'd0;
wire [24:0] sd_off  = i_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W];
wire [23:0] lp_b = i_first ? i_sdlp : lp_r;
wire [2:0]  lv_b = i_first ? 3'b111 : lv_r;
wire [11:0] hl_b = i_first ? i_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] : hl_r;

wire [8*(W+8)-1:0]  sa_pby;
wire [8*(W+NB+8)-1:0] sa_pbx = {sa_pby, lp_b, 32'd0};   // byte c: PDU byte c - NB (0 below -3)
wire [NC-1:0]       sa_uf, sa_fc;
wire [NC-1:0]       sa_cm;   // per candidate: its length field's last byte is in the word
wire [26*NC-1:0]    sa_len;
wire [24*NC-1:0]    sa_da;
wire [12*NC-1:0]    sa_ha;
wire [(W+1)*NC-1:0] sa_nh; // per candidate: one-hot of the next header's word count (none when > W)
wire [8*NC-1:0]     sa_nx;    // ... that count's low byte
wire [NC-1:0]       sa_gt;    // ... the length is past the header's start (len > -(c - NB) for c < NB; len > 0)
wire [W-1:0]        sa_s2;    // ... as seg 1's header: seg 2's start lane is in the word (counts 0..W-1)
// the three bytes before the next word: the last three of lp_b and this word's PDU bytes
wire [8*(W+3)-1:0]  sa_lpx = {sa_pby[8*W-1:0], lp_b};
wire [W+2:0]        sa_lvx = {{W{1'b0}}, lv_b};
reg  [23:0]         sa_lpn;
reg  [2:0]          sa_lvn;
integer             lk;
always @* begin
    sa_lpn = lp_b;
    sa_lvn = lv_b;
    for (lk = 1; lk <= W; lk = lk + 1) begin
        if (sa_total == lk[7:0]) begin
            sa_lpn = sa_lpx[8*lk +: 24];
            sa_lvn = sa_lvx[lk +: 3];
        end
    end
end
assign sa_pby = {64'd0, i_pby};
// Where a segment beginning at word count j has its start lane (the part's cut, D-117): iSCSI the PDU lane at
// count j (j < total), MPA the first present lane at count >= j (j < total, or a marker lane after the word's
// last PDU lane).  Counts past the part's emitted lanes only: a segment after seg 0 begins past cused.
wire [W-1:0] sa_mtl;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_mtl
        wire [2:0] k = i_tag[8*gi +: 3];
        assign sa_mtl[gi] = k == MDD_KIND_MRK && sa_below[8*gi +: 8] == sa_total;
    end
endgenerate
wire         sa_mtail = |sa_mtl;
wire [W:0]   sa_okm;
generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_okm
        localparam [7:0] J8 = gi;
        assign sa_okm[gi] = J8 < sa_total || (sa_mpa && sa_mtail && J8 == sa_total);
    end
endgenerate
generate
    for (gi = 0; gi < NC; gi = gi + 1) begin : g_cm
        // ((c - NB) + ll < total, below the word too: seg 0's field while parsing, D-101)
        localparam [9:0] C10 = gi;
        assign sa_cm[gi] = C10 + {1'b0, sa_ll9} < {2'd0, sa_total} + NB;
    end
    for (gi = 0; gi < NC; gi = gi + 1) begin : g_hc
        // (a descriptor byte for byte 4: HDR_LEN as it stands)
        wire        v4;
        if (gi < 3) begin : g_v4
            assign v4 = lv_b[gi];
        end else begin : g_r4
            assign v4 = 1'b0;
        end
        wire [23:0] dr = sa_mpa ? {8'd0, sa_pbx[8*gi +: 8], sa_pbx[8*(gi+1) +: 8]}
                                : {sa_pbx[8*(gi+5) +: 8], sa_pbx[8*(gi+6) +: 8], sa_pbx[8*(gi+7) +: 8]};
        wire [11:0] hr = v4 ? hl_b : 12'd48 + {2'd0, sa_pbx[8*(gi+4) +: 8], 2'd0};
        wire        uf = sa_mpa && dr < {16'd0, sa_ulp};
        assign sa_uf[gi] = uf;
        assign sa_fc[gi] = uf || (sa_max != 24'd0 && {2'd0, dr} > sa_mxu);
        assign sa_ha[12*gi +: 12] = sa_mpa ? 12'd2 + {4'd0, sa_ulp} : hr;
        assign sa_da[24*gi +: 24] = (sa_mpa && !uf) ? dr - {16'd0, sa_ulp} : dr;
        assign sa_len[26*gi +: 26] = sa_mpa ? plen(12'd2, dr, sa_hdig, sa_ddig, 1'b1) : plen(hr, dr, sa_hdig, sa_ddig, 1'b0);
        // The PDU's end count and the flags below come from the length's low KB bits and "the length is below
        // 2^KB", not from the 26-bit sum: every count they are compared with is below 2^KB (D-105).  The sum
        // (h + d + e) & ~3 is below 2^KB exactly when h and d are zero from bit KB up and their low parts' sum
        // with e is (2^KB is a multiple of 4); e = 3 + 4 hdig + 4 ddig (iSCSI: ddig when data_len > 0), whose
        // ddig term is added to the quarter sum, so "d != 0" is beside the sum, not in front of it.
        wire [11:0] hx = sa_mpa ? 12'd2 : hr;
        wire        dnz = dr != 24'd0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire [15:0] lo0 = add_gates(add_gates({{(16-KB){1'b0}}, hx[KB-1:0]}, {{(16-KB){1'b0}}, dr[KB-1:0]}, 1'b0),
                                    {{(13){1'b0}}, sa_hdig, 2'd3}, 1'b0);
        wire [15:0] lo4 = add_gates({2'd0, lo0[15:2]}, {15'd0, sa_ddig && (sa_mpa || dnz)}, 1'b0);   // the sum / 4
        /* verilator lint_on UNUSEDSIGNAL */
        wire        lsm = hx[11:KB] == {(12-KB){1'b0}} && dr[23:KB] == {(24-KB){1'b0}} && lo4[KB-1:KB-2] == 2'd0;
        wire [KB-1:0] llo = {lo4[KB-3:0], 2'd0};
        // D-069: the word count where the PDU of this header ends, (c - NB) + len (its low byte: the one-hot
        // below compares the whole length)
        localparam [7:0]  C8 = gi;
        wire [7:0]  nx = sa_len[26*gi +: 8] + C8 - NB;
        assign sa_nx[8*gi +: 8] = nx;
        if (gi < NB) begin : g_gtn
            localparam [KB-1:0] NBC = NB - gi;
            assign sa_gt[gi] = !(lsm && llo <= NBC);
        end else begin : g_gtp
            assign sa_gt[gi] = !(lsm && llo == {KB{1'b0}});
        end
        // (the one-hot built in a wire of its own: bit assigns straight into the (W+1)(W+5)-bit sa_nh had the
        // Verilated model rebuild the whole vector once per bit, a third of rx_locate's run time at W = 64)
        // (nx == j as len == j + NB - c, a compare with a constant: no adder in front, D-096)
        wire [W:0] nh1;
        for (gt = 0; gt <= W; gt = gt + 1) begin : g_nh
            if (gt + NB >= gi) begin : g_k
                localparam [KB-1:0] LK = gt + NB - gi;
                assign nh1[gt] = lsm && llo == LK;
            end else begin : g_z
                assign nh1[gt] = 1'b0;
            end
        end
        assign sa_nh[(W+1)*gi +: W+1] = nh1;
        // a header here as seg 1's: seg 2 exists (its length field complete and not FRAME) and has its start lane
        // in the word (D-117)
        if (gi >= NB && gi < NB + W) begin : g_s2
            assign sa_s2[gi - NB] = sa_cm[gi] && !sa_fc[gi] && |(nh1 & sa_okm);
        end
`ifndef SYNTHESIS
        // the end count and the flags against the 26-bit length they stand for (D-105)
        wire [W:0] nh_ref;
        for (gt = 0; gt <= W; gt = gt + 1) begin : g_nhr
            assign nh_ref[gt] = gt + NB >= gi && {6'd0, sa_len[26*gi +: 26]} == gt + NB - gi;
        end
        wire gt_ref = gi < NB ? {6'd0, sa_len[26*gi +: 26]} > NB - gi : sa_len[26*gi +: 26] != 26'd0;
        always @(posedge clk) begin
            if (!rst && i_valid && (nh1 != nh_ref || sa_gt[gi] != gt_ref)) begin
                $display("Error: mdd_rx_loc_pdu: candidate %0d's end one-hot %b / flag %b, its length %0d gives %b / %b (%m)",
                         gi, nh1, sa_gt[gi], sa_len[26*gi +: 26], nh_ref, gt_ref);
                $stop;
            end
        end
`endif
    end
endgenerate

reg           a_valid = 1'b0;
reg [8*W-1:0] a_data = {8*W{1'b0}};
reg [8*W-1:0] a_tag = {8*W{1'b0}};
reg [4*W-1:0] a_aux = {4*W{1'b0}};
reg           a_first = 1'b0;
reg           a_last = 1'b0;
reg [31:0]    a_woff = 32'd0;
reg [7:0]     a_nin = 8'd0;
reg           a_dbad = 1'b0;
reg [511:0]   a_desc = 512'd0;
reg [7:0]     a_xflags = 8'd0;
reg           a_err_v = 1'b0;
reg [7:0]     a_err_code = 8'd0;
reg [7:0]     a_err_byte = 8'd0;
reg [31:0]    a_err_off = 32'd0;
reg [31:0]    a_err_unit = 32'd0;
reg [63:0]    a_err_exp = 64'd0;
reg [63:0]    a_err_got = 64'd0;
reg [15:0]    a_emap = 16'd0;
reg [7:0]     a_ecnt = 8'd0;
reg           a_iscsi = 1'b0;
reg           a_mpa = 1'b0;
reg           a_raw = 1'b0;
reg [7:0]     a_wd_total = 8'd0;
reg [25:0]    a_dlay = 26'd0;
reg [26:0]    a_drem = 27'd0;
reg           a_doz = 1'b0;       // the descriptor's PDU_OFF is 0 / within the length field
reg           a_dol = 1'b0;
reg [NC-1:0]  a_hc_uf = {NC{1'b0}};
reg [NC-1:0]  a_hc_fc = {NC{1'b0}};
reg [NC-1:0]  a_hc_cm = {NC{1'b0}};
reg [26*NC-1:0] a_hc_len = {26*NC{1'b0}};
reg [24*NC-1:0] a_hc_da = {24*NC{1'b0}};
reg [12*NC-1:0] a_hc_ha = {12*NC{1'b0}};
reg [(W+1)*NC-1:0] a_hc_nh = {(W+1)*NC{1'b0}};
reg [8*W-1:0]      a_wc = {8*W{1'b0}};   // per lane: PDU lanes of the whole word below it
reg [8*W-1:0]      a_nw = {8*W{1'b0}};   // ... present lanes
reg [7:0]          a_nwt = 8'd0;          // the word's present lanes
reg [8*NC-1:0]     a_hc_nx = {8*NC{1'b0}};
reg [NC-1:0]       a_hc_gt = {NC{1'b0}};
reg [W-1:0]        a_hc_s2 = {W{1'b0}};   // sa_s2 of the candidates in the word (counts 0..W-1)
reg [W:0]          a_okm = {(W+1){1'b0}};   // per count j = 0..W: a segment beginning there has its start lane here

// -------------------------------------------------------------------------
// Registers of stage B: split state, stream state
// -------------------------------------------------------------------------

reg [W-1:0] done = {W{1'b0}};    // lanes of the current input word already emitted
reg [7:0]   used_r = 8'd0;       // input bytes of the current word already emitted
reg [7:0]   cused_r = 8'd0;      // PDU lanes of the current word already emitted
reg [W:0]   cused_oh = {{W{1'b0}}, 1'b1};   // ... as a one-hot (k1's / k2's at the cut: no compare behind it, D-101)
reg         fresh = 1'b1;        // done == 0 (no part of the current input word emitted yet)

reg [24:0]  st_off = 25'd0;      // PDU offset of the next non-marker byte
reg [11:0]  st_hlen = 12'd0;     // hdr_len as parsed
reg [23:0]  st_dlen = 24'd0;     // data_len as parsed
reg [25:0]  st_len = 26'd0;      // their PDU length (when the length field is complete)
reg [26:0]  st_rem = 27'd0;      // ... less st_off (PDU bytes to its end; 27 bits: a resume image may be past it)
reg         st_oz = 1'b0;        // st_off == 0, st_off <= the last length byte's offset (made with st_off, D-095)
reg         st_ol = 1'b0;
reg [15:0]  st_fwoff = 16'd0;    // MPA: wire bytes of the current FPDU so far
reg [31:0]  st_pidx = 32'd0;     // PDU ends passed in this transfer (err_unit)
reg [31:0]  st_lenoff = 32'd0;   // transfer offset of the length field's first byte
reg         st_lost = 1'b0;      // FRAME: the rest of the transfer is unlocated
reg         st_pdone = 1'b0;     // descriptor-framed: the PDU has ended
// The resume fields where a FRAME stopped the walk (D-095): written there, read when the transfer ends; the
// stream state above is not used once the transfer is lost, so the FRAME position is not in its next value.
// The PDU offset and fpdu_woff there are registered as their operands (fzq_*: the base, the counts at the FRAME
// position, the segment, the lengths) and summed behind the registers (fz_off, fz_fwoff below): the sums behind
// the FRAME position's gathers were this stage's deepest paths (D-109).
reg [11:0]  fz_hlen = 12'd0;
reg [23:0]  fz_dlen = 24'd0;
reg         fzq_walk = 1'b0;         // walking (not a descriptor-framed or lost part)
reg         fzq_fwalk = 1'b0;        // walking, MPA
reg         fzq_s1 = 1'b0;           // the FRAME position is in seg 1 / seg 2
reg         fzq_s2 = 1'b0;
reg [24:0]  fzq_off = 25'd0;         // b_off
reg [7:0]   fzq_ce = 8'd0;           // PDU lanes below the FRAME position
reg [7:0]   fzq_len0 = 8'd0;         // seg 0's and seg 1's lengths (low bytes)
reg [7:0]   fzq_len1 = 8'd0;
reg [15:0]  fzq_fw = 16'd0;          // b_fwoff
reg [7:0]   fzq_ne = 8'd0;           // present lanes below the FRAME position, below the EP lanes
reg [7:0]   fzq_ne1 = 8'd0;
reg [7:0]   fzq_ne2 = 8'd0;

reg  m_valid_r = 1'b0;
wire advance = m_ready || !m_valid_r;   // the output register and stage D move

wire       first_part = fresh;
wire [7:0] used = used_r;        // (used_r, cused_r are 0 whenever done is)
wire [7:0] cused = cused_r;
wire       init = a_first && first_part;

// -------------------------------------------------------------------------
// The state at the start of the part, the lanes, prefix counts
// -------------------------------------------------------------------------

// (D-069 tried loading these from the descriptor as the word enters stage A, without `init`: the load enable,
// behind the cut, then sat in front of every state register: loop + 4.  `init` is two flip-flops.)
wire [24:0] b_off    = init ? a_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] : st_off;
wire [11:0] b_hlen   = init ? a_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] : st_hlen;
wire [23:0] b_dlen   = init ? a_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W] : st_dlen;
wire [25:0] b_len    = init ? a_dlay : st_len;
wire [26:0] b_rem    = init ? a_drem : st_rem;
wire        b_oz     = init ? a_doz : st_oz;
wire        b_ol     = init ? a_dol : st_ol;
wire [15:0] b_fwoff  = init ? a_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] : st_fwoff;
wire [31:0] b_pidx   = init ? 32'd0 : st_pidx;
// (one and two PDU ends on: the adders beside the segment flags that select, not behind them, D-101)
wire [31:0] b_pidx1  = b_pidx + 32'd1, b_pidx2 = b_pidx + 32'd2;
wire [31:0] b_lenoff = init ? 32'd0 : st_lenoff;
wire        b_lost   = init ? 1'b0 : st_lost;
wire        b_pdone  = init ? 1'b0 : st_pdone;

// the lanes are located (iSCSI / MPA, descriptor good, position not lost)
wire        walk = c_active && !c_raw && !b_lost;
wire [31:0] ioff0 = a_woff + {24'd0, used};   // transfer offset of the part's first present byte
wire [7:0]  ll8 = c_ll[7:0];

wire [W-1:0]   ln_nv;     // present (not VOID), not yet emitted
wire [W-1:0]   ln_pl;     // ... PDU byte (not a marker)
wire [W-1:0]   ln_mk;     // ... marker byte

genvar gi, gt;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_dec
        wire [2:0] k = a_tag[8*gi +: 3];
        assign ln_nv[gi] = !done[gi] && k != MDD_KIND_VOID;
        assign ln_pl[gi] = ln_nv[gi] && k != MDD_KIND_MRK;
        assign ln_mk[gi] = ln_nv[gi] && k == MDD_KIND_MRK;
    end
endgenerate

// cc / nn [8x +: 8]: PDU / present lanes of the part below position x = 0..W (the lane's prefix counts; a
// lane's PDU offset is the segment's base + cc, its transfer offset ioff0 + nn).  The part is the word's lanes
// from the first one not emitted on, and the emitted ones hold cused PDU and used present lanes, so a count is
// the whole word's (stage I's, registered) less those: a subtraction of registers, no prefix count of the
// part's lanes on the way to the state (D-101).  (At an emitted lane the difference wraps; no value of an
// emitted lane is used: every per-lane use is masked by ln_nv / ln_pl or gathered at a lane of the part.)
wire [8*W-1:0]     cc_below, nn_below;
wire [7:0]         cc_total = a_wd_total - cused, nn_total = a_nwt - used;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_cnt
        assign cc_below[8*gi +: 8] = a_wc[8*gi +: 8] - cused;
        assign nn_below[8*gi +: 8] = a_nw[8*gi +: 8] - used;
    end
endgenerate
wire [8*(W+1)-1:0] cc = {cc_total, cc_below};
wire [8*(W+1)-1:0] nn = {nn_total, nn_below};
wire [8*W-1:0]     cc_l = cc[8*W-1:0];
wire [8*W-1:0]     nn_l = nn[8*W-1:0];

// -------------------------------------------------------------------------
// Segments.  In lane order the part holds at most three PDU segments: seg 0 continues the PDU in progress
// (offset p0 = b_off + cc), seg 1 follows its last byte (EP), seg 2 the next EP (offsets p1, p2 = cc minus
// the EP lane's count, minus 1); seg 2 holds no PDU byte of the part (the PDU byte after an EP is a start,
// and a part holds one start), only boundary markers.
// -------------------------------------------------------------------------

// an 8-bit segment offset against a 26-bit layout value: p < x, p == x
function lt8(input [7:0] p, input [25:0] x);
    lt8 = x[25:8] != 18'd0 || p < x[7:0];
endfunction

function eq8(input [7:0] p, input [25:0] x);
    eq8 = x[25:8] == 18'd0 && p == x[7:0];
endfunction

wire        parse0 = walk && c_self && b_ol;   // seg 0 still reads its length field

/* verilator lint_off UNUSEDSIGNAL */
wire [26*(W+1)-1:0] p0_x; // per position x = 0..W: seg 0 offset b_off + cc (position W: its low byte)
/* verilator lint_on UNUSEDSIGNAL */
wire [26*W-1:0] p0p1_l;    // per lane: seg 0 offset + 1 (only the simulation check of the EP lanes reads these two)
wire [63:0] pb0, pb1;
wire [7:0]  pr0, pr1;
/* verilator lint_off UNUSEDSIGNAL */
wire [8*W-1:0] sel0, sel1;   // [8*i + t]: lane i is the seg's byte t (used: t = 0, 1, 5, 7)
/* verilator lint_on UNUSEDSIGNAL */
wire [8*W-1:0] p1_l;         // per lane: seg 1 offset (8 bits: the segment began in this word)
wire [W-1:0]   ep1, ep2;
wire [W:0]     ps1, ps2;     // per position x = 0..W: in seg 1 / seg 2

generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_p0
        assign p0_x[26*gi +: 26] = {1'b0, b_off} + {18'd0, cc[8*gi +: 8]};
    end
    for (gi = 0; gi < W; gi = gi + 1) begin : g_p0l
        assign p0p1_l[26*gi +: 26] = {1'b0, b_off} + {18'd0, cc_l[8*gi +: 8]} + 26'd1;
    end
    for (gt = 0; gt < 8; gt = gt + 1) begin : g_fld
        localparam [7:0]  T8 = gt;
        wire [W-1:0] s0v, s1v;
        for (gi = 0; gi < W; gi = gi + 1) begin : g_l
            // p0 == t: cc == t - b_off (b_off <= 7 when parsing; t < b_off wraps past any count);
            // seg 1's byte t: the word's PDU lane at count k1 + t (D-095: no offset compared with len0)
            wire [W:0] k1t = k1hw << gt;
            assign s0v[gi] = ln_pl[gi] && parse0 && cc_l[8*gi +: 8] == T8 - {5'd0, b_off[2:0]};
            assign s1v[gi] = ln_pl[gi] && e1ok && c_self && |(k1t & wceq[(W+1)*gi +: W+1]);
            assign sel0[8*gi + gt] = s0v[gi];
            assign sel1[8*gi + gt] = s1v[gi];
        end
        assign pb0[8*gt +: 8] = gath8(s0v, a_data);
        assign pb1[8*gt +: 8] = gath8(s1v, a_data);
        assign pr0[gt] = |s0v;
        assign pr1[gt] = |s1v;
    end
endgenerate

// Header candidates (D-066).  The word's PDU bytes in count order (byte k: the PDU lane with k PDU lanes of
// the whole word below it, 0 past the last), and for every k = 0..W the layout of a header whose byte 0 is
// byte k (k = W: no byte of the word, all zero).  They depend on the input word alone, not on the state: seg
// 1's header begins at word count k1 = cused + len0 - b_off (the part's lanes are the word's lanes from the
// cused-th PDU lane on), so seg 1's length, FRAME check and final fields are a one-hot select of a candidate
// instead of a parse behind len0.  Incomplete fields read 0 bytes, as the lane selects below do.
wire [7:0]         wd_total = a_wd_total;
wire [NC-1:0]      hc_uf = a_hc_uf, hc_fc = a_hc_fc;
wire [NC-1:0]      hc_cm = a_hc_cm;
wire [32*NC-1:0]   hc_len, hc_da, hc_ha;
generate
    for (gi = 0; gi < NC; gi = gi + 1) begin : g_hcb
        assign hc_len[32*gi +: 32] = {6'd0, a_hc_len[26*gi +: 26]};
        assign hc_da[32*gi +: 32] = {8'd0, a_hc_da[24*gi +: 24]};
        assign hc_ha[32*gi +: 32] = {20'd0, a_hc_ha[12*gi +: 12]};
    end
endgenerate

// one-hot gather of a 32-bit value over the candidates
function [31:0] gath32c(input [NC-1:0] sel, input [32*NC-1:0] v);
    reg [32*PC-1:0] t;
    integer i, h;
    begin
        for (i = 0; i < NC; i = i + 1) t[32*i +: 32] = v[32*i +: 32] & {32{sel[i]}};
        for (i = NC; i < PC; i = i + 1) t[32*i +: 32] = {32{1'b0}};
        for (h = PC / 2; h > 0; h = h / 2)
            for (i = 0; i < h; i = i + 1) t[32*i +: 32] = t[32*i +: 32] | t[32*(i + h) +: 32];
        gath32c = t[32-1:0];
    end
endfunction

// one-hot gathers of a (W + 1)-bit one-hot count and a byte over the candidates
function [W:0] gathwc(input [NC-1:0] sel, input [(W+1)*NC-1:0] v);
    reg [(W+1)*PC-1:0] t;
    integer i, h;
    begin
        for (i = 0; i < NC; i = i + 1) t[(W+1)*i +: W+1] = v[(W+1)*i +: W+1] & {W+1{sel[i]}};
        for (i = NC; i < PC; i = i + 1) t[(W+1)*i +: W+1] = {W+1{1'b0}};
        for (h = PC / 2; h > 0; h = h / 2)
            for (i = 0; i < h; i = i + 1) t[(W+1)*i +: W+1] = t[(W+1)*i +: W+1] | t[(W+1)*(i + h) +: W+1];
        gathwc = t[W+1-1:0];
    end
endfunction

function [7:0] gath8c(input [NC-1:0] sel, input [8*NC-1:0] v);
    reg [8*PC-1:0] t;
    integer i, h;
    begin
        for (i = 0; i < NC; i = i + 1) t[8*i +: 8] = v[8*i +: 8] & {8{sel[i]}};
        for (i = NC; i < PC; i = i + 1) t[8*i +: 8] = {8{1'b0}};
        for (h = PC / 2; h > 0; h = h / 2)
            for (i = 0; i < h; i = i + 1) t[8*i +: 8] = t[8*i +: 8] | t[8*(i + h) +: 8];
        gath8c = t[8-1:0];
    end
endfunction

// a segment's final lengths: the parsed field, MPA ULPDU_Length - ulp_hdr_len, the FRAME checks
// (the field's final value taken directly: the bytes from b_off on, the earlier ones from the state)
// Seg 0 while parsing: byte t (>= b_off) of its field is PDU byte cused + t - b_off of the word.  After a
// cut b_off is 0 (the cut is the second start of a part, at offset 0 of seg 1 or 2), so b_off > 0 only with
// cused = 0: b_off = 0 is the candidate at cused, b_off 1..7 (MPA 1) the one at -b_off, whose bytes before
// the word stage A took from the transfer's earlier words or the descriptor (D-095: no state byte is combined
// with the word's here).
// (the two ways to the candidate are gathered apart and selected after, by b_oz, then parse0: neither sits in
// front of the gathers' OR trees, D-107)
wire [NC-1:0] hit0c, hit0b;   // seg 0's candidate if parsing: at cused when b_oz, else at -b_off
generate
    for (gi = 0; gi < NC; gi = gi + 1) begin : g_hit0
        if (gi >= NB) begin : g_c
            assign hit0c[gi] = cused_oh[gi - NB];
            assign hit0b[gi] = 1'b0;
        end else begin : g_n
            localparam [2:0] B3 = NB - gi;
            assign hit0c[gi] = 1'b0;
            assign hit0b[gi] = b_off[2:0] == B3;
        end
    end
endgenerate
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] h0g = b_oz ? gath32c(hit0c, hc_ha) : gath32c(hit0b, hc_ha);
wire [31:0] d0g = b_oz ? gath32c(hit0c, hc_da) : gath32c(hit0b, hc_da);
wire [31:0] l0g = b_oz ? gath32c(hit0c, hc_len) : gath32c(hit0b, hc_len);
/* verilator lint_on UNUSEDSIGNAL */
wire        uf0 = parse0 && (b_oz ? |(hit0c & hc_uf) : |(hit0b & hc_uf));
wire [11:0] h0a = (c_mpa && uf0) ? b_hlen : h0g[11:0];
wire [23:0] d0a = d0g[23:0];
wire        fc0 = parse0 && (b_oz ? |(hit0c & hc_fc) : |(hit0b & hc_fc));
wire [11:0] h0f = parse0 ? h0a : b_hlen;
wire [23:0] d0f = parse0 ? d0a : b_dlen;
wire [8:0]  ll0c = {1'b0, cused} + {1'b0, ll8} - {6'd0, b_off[2:0]};   // (read by wrp and a simulation check)
// (the field's last byte is in the word: hit0's candidate's flag, no adder behind cused and b_off, D-101)
wire        pr0_ll = parse0 && (b_oz ? |(hit0c & hc_cm) : |(hit0b & hc_cm));
// seg 0's PDU length (MPA: hdr_len + data_len = 2 + ULPDU_Length; after a FRAME it is not used)
wire [25:0] len0_s = b_len;   // the state's layout (!parse0), summed when it was made
wire [25:0] len0 = !parse0 ? len0_s : l0g[25:0];

// while parsing, seg 0's length is a candidate's (hit0 is one-hot, cused = 0 when b_off > 0): seg 1's header
// count k1 = cused + len0 - b_off = (c - NB) + len_c, and len0 > b_off, were computed with the candidate in
// stage A (D-069); with the state's layout they are its bytes to the end, registered (st_rem, D-095)
wire   e1ok = walk && !(!c_self && b_pdone) && (!parse0 || (pr0_ll && !fc0))
           && (parse0 ? (b_oz ? |(hit0c & a_hc_gt) : |(hit0b & a_hc_gt)) : (!b_rem[26] && b_rem != 27'd0));

// seg 1's header: the candidate at k1 (k1 >= W, or no seg 1: the all-zero candidate W, as no lane selects)
// (the state's layout is known only in a word's first part, cused = 0: a part after a cut begins at a PDU start,
// and only a self-framed transfer cuts; so k1 = the bytes to the PDU's end, registered: D-095)
wire [26:0] k1_s = b_rem;
wire [W:0]   k1h_a;      // one-hot of k1 <= W (the state layout's: its bytes to the end)
generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_k1h
        localparam [26:0] J27 = gi;
        assign k1h_a[gi] = k1_s == J27;
    end
endgenerate
wire [W:0]   k1g = b_oz ? gathwc(hit0c, a_hc_nh) : gathwc(hit0b, a_hc_nh);   // bit W: k1 = W, no seg 1 header in the word
wire [W:0]   k1hw = parse0 ? k1g : k1h_a;   // bit W: seg 1 begins at the word's end
wire [W-1:0] k1h = k1hw[W-1:0];
wire [7:0]   k1_8 = parse0 ? (b_oz ? gath8c(hit0c, a_hc_nx) : gath8c(hit0b, a_hc_nx)) : k1_s[7:0];
wire        h1ok = e1ok && c_self && k1h != {W{1'b0}};
wire [NC-1:0] hit1;
generate
    for (gi = 0; gi < NC; gi = gi + 1) begin : g_hit1
        if (gi < NB) begin : g_n
            assign hit1[gi] = 1'b0;
        end else if (gi < W + NB) begin : g_k
            assign hit1[gi] = h1ok && k1h[gi - NB];
        end else begin : g_w
            assign hit1[gi] = !h1ok;
        end
    end
endgenerate
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] h1g = gath32c(hit1, hc_ha), d1g = gath32c(hit1, hc_da), l1g = gath32c(hit1, hc_len);
/* verilator lint_on UNUSEDSIGNAL */
wire        uf1 = |(hit1 & hc_uf);
wire        fc1 = |(hit1 & hc_fc);
wire [11:0] h1a = (c_mpa && uf1) ? h0f : h1g[11:0];
wire [23:0] d1a = d1g[23:0];
wire [11:0] h1f = c_self ? h1a : h0f;
wire [23:0] d1f = c_self ? d1a : d0f;
wire        pr1_ll = |(hit1[NC-1:NB] & hc_cm[NC-1:NB]);
wire [25:0] len1 = !c_self ? len0 : l1g[25:0];

wire   e2ok = c_self && pr1_ll && !fc1;

// Seg 2 begins at word count k2 = k1 + len1, the count seg 1's candidate computed in stage A (D-069): a
// position is in seg 2 when the word's PDU lanes below it number k2 or more (e2ok implies e1ok and k2 > k1,
// so such a position is in seg 1's range, and not emitted), and seg 2's PDU start is the PDU lane at count k2.
// No adder or compare behind len1 on these.
// (from k1's one-hot directly: with no seg 1 header in the word it is 0, as the empty candidate's; D-095)
wire [NC-1:0]  hit1k = {{(NC-W-NB){1'b0}}, {W{e1ok && c_self}} & k1h, {NB{1'b0}}};
wire [W:0]     k2h = gathwc(hit1k, a_hc_nh);
// (the same without e1ok, for the present lanes behind seg 2's start at the word's end, read only when the end
// is in seg 2, where e1ok holds: e2ok needs seg 1's header, D-107)
wire [W:0]     k2hn = gathwc({{(NC-W-NB){1'b0}}, k1h, {NB{1'b0}}}, a_hc_nh);
wire [8*(W+1)-1:0] wcx = {wd_total, a_wc};
wire [W:0]     ge2;   // per position: count >= k2
wire [W-1:0]   ge2n;  // per lane: count >= k2 as k2hn gives it
wire [W-1:0]   eq2;   // per lane: count == k2
// (seg 1 the same way from k1, D-095: a position is in seg 1 when its count is k1 or more, seg 1's start is
// the PDU lane at count k1; no offset subtracted and compared on the way to the cut)
wire [W:0]     ge1;
wire [W-1:0]   eq1;
wire [(W+1)*W-1:0] wceq;   // per lane: the one-hot of its count in the word
generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_k2
        wire [7:0] c = wcx[8*gi +: 8];
        wire [W:0] le;
        assign le[0] = 1'b1;
        for (gt = 1; gt <= W; gt = gt + 1) begin : g_le
            localparam [7:0] J8 = gt;
            assign le[gt] = J8 <= c;
        end
        assign ge2[gi] = |(k2h & le);
        if (gi < W) begin : g_ge2n
            assign ge2n[gi] = |(k2hn & le);
        end
        assign ge1[gi] = |(k1hw & le);
        if (gi < W) begin : g_eq
            wire [W:0] eqv;
            for (gt = 0; gt <= W; gt = gt + 1) begin : g_e
                localparam [7:0] J8 = gt;
                assign eqv[gt] = J8 == c;
            end
            assign eq2[gi] = |(k2h & eqv);
            assign eq1[gi] = |(k1hw & eqv);
            assign wceq[(W+1)*gi +: W+1] = eqv;
        end
    end
endgenerate

generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_pos
        assign ps1[gi] = e1ok && ge1[gi];
        assign ps2[gi] = e2ok && ge2[gi];
        if (gi < W) begin : g_l
            wire [7:0] r = p0_x[26*gi +: 8] - len0[7:0];
            assign p1_l[8*gi +: 8] = r;
        end
    end
    for (gi = 0; gi < W; gi = gi + 1) begin : g_seg
        // (the EP of seg 0 / 1 is the PDU lane just below seg 1's / seg 2's start count: k1's / k2's one-hot
        // against the lane's count, no offset + 1 compared with len0 / len1, D-101; the offset forms are
        // checked in simulation)
        assign ep1[gi] = ln_pl[gi] && e1ok && |(k1hw[W:1] & wceq[(W+1)*gi +: W]);
        assign ep2[gi] = ln_pl[gi] && ps1[gi] && e2ok && |(k2h[W:1] & wceq[(W+1)*gi +: W]);
    end
endgenerate

// FRAME lanes, the length field's first / last byte of seg 0 and seg 1
wire [W-1:0] fr0, fr1, ovr, ll0, ll1, fl0, fl1;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_ev
        assign ll0[gi] = c_mpa ? sel0[8*gi + 1] : sel0[8*gi + 7];
        assign ll1[gi] = c_mpa ? sel1[8*gi + 1] : sel1[8*gi + 7];
        assign fl0[gi] = c_mpa ? sel0[8*gi + 0] : sel0[8*gi + 5];
        assign fl1[gi] = c_mpa ? sel1[8*gi + 0] : sel1[8*gi + 5];
        assign fr0[gi] = ll0[gi] && fc0;
        assign fr1[gi] = ll1[gi] && fc1;
        // descriptor-framed: a PDU byte after the PDU's last byte
        assign ovr[gi] = ln_pl[gi] && walk && !c_self
                      && (b_pdone ? cc_l[8*gi +: 8] == 8'd0 : (e1ok && eq1[gi]));
    end
endgenerate

wire [W-1:0] frm = fr0 | fr1 | ovr;              // at most one FRAME lane
wire [W-1:0] lostb = {W{b_lost}} | lane_below_or(frm);  // the position is lost before lane i
wire [7:0]   ne1 = gath8(ep1, nn_l);             // present lanes below the EP lanes
wire [7:0]   ne2 = gath8(ep2, nn_l);
// seg 0's lane at fpdu_woff 0: nn = -b_fwoff (mod 2^16), so b_fwoff is 0 (nn 0) or past 2^16 - 256 (nn is a
// byte: only the low byte negated)
// (each compare made for the descriptor's and the state's value, init selecting after: the selected value's
// negation and compares were behind init, D-107)
wire [15:0]  fw_d = a_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W];
wire [7:0]   fneg_d = 8'd0 - fw_d[7:0], fneg_s = 8'd0 - st_fwoff[7:0];
wire         fw0 = init ? fw_d == 16'd0 : st_fwoff == 16'd0;
wire         fwh = init ? fw_d[15:8] == 8'hff && fw_d[7:0] != 8'd0 : st_fwoff[15:8] == 8'hff && st_fwoff[7:0] != 8'd0;
wire [W-1:0] fpr = ln_nv & ~lane_below_or(ln_nv);   // the part's first present lane, first PDU lane
wire [W-1:0] fpl = ln_pl & ~lane_below_or(ln_pl);
wire [W-1:0] v1 = ln_nv & ps1[W-1:0], v2 = ln_nv & ps2[W-1:0];
wire [W-1:0] f1 = v1 & ~lane_below_or(v1), f2 = v2 & ~lane_below_or(v2);   // fpdu_woff 0 after an EP

// -------------------------------------------------------------------------
// PDU starts and the cut: the part ends before the second start (a PDU byte at offset 0; MPA: any byte
// at fpdu_woff 0)
// -------------------------------------------------------------------------

wire [W-1:0] start, start0;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_st
        wire       s1 = ps1[gi] && !ps2[gi];
        wire       s2 = ps2[gi];
        wire       z_i = s2 ? eq2[gi] : s1 ? eq1[gi] : (b_oz && fpl[gi]);
        // (the part's first present lane; past the wrap the word's count: b_fwoff is 0 after a cut, so only a
        // word's first part, used = 0, can hold that start, and it may lie after seg 0's FRAME lane, the PDU lane
        // at word count ll0c; D-095, checked in simulation)
        // (the lane after seg 0's FRAME lane: its count past ll0c = ll8 - b_off, cused being 0 in a first part;
        // the compare made for each b_off <= 7 from registers, b_off selects: no adder in the loop, D-105)
        wire [7:0] wgt;
        for (gt = 0; gt < 8; gt = gt + 1) begin : g_wgt
            localparam [8:0] B9 = gt;
            assign wgt[gt] = {1'b0, a_wc[8*gi +: 8]} + B9 > {1'b0, ll8};
        end
        wire       wrq = init ? a_nw[8*gi +: 8] == fneg_d : a_nw[8*gi +: 8] == fneg_s;
        wire       wrp = fwh && wrq && !(fc0 && wgt[b_off[2:0]]);
        wire       z_m = s2 ? f2[gi] : s1 ? f1[gi] : ((fw0 && fpr[gi]) || wrp);
        // (no start follows a FRAME lane of the part: seg 0's FRAME is its length field's last byte, after its
        // start, and leaves no seg 1; seg 1's leaves no seg 2; an overrun is after the PDU's end, where a
        // descriptor-framed transfer has no start.  So the FRAME lanes are not on the way to the cut, D-095;
        // checked in simulation.  The one exception, an MPA start where fpdu_woff wraps, compares counts.)
        assign start[gi] = ln_nv[gi] && walk && (c_self || (!b_pdone && !ps1[gi]))
                        && (c_mpa ? z_m : (ln_pl[gi] && z_i));
        // (where fpdu_woff wraps, a start of seg 0 if below seg 1, D-117)
        assign start0[gi] = ln_nv[gi] && wrp;
    end
endgenerate

// (D-069) each segment holds at most one start (seg 0 at offset 0 / fpdu_woff 0, seg 1 and 2 at their first
// lane), and the segments lie in lane order: the part is final unless two segments have a start, and the
// cut is in seg 2 when seg 2 and exactly one of seg 0, seg 1 have one.  Which segments have one is known
// without the lanes' start flags (D-117): seg 1 when a start lane lies at its count k1 (stage A's mask), seg 2
// when seg 1's candidate says so (stage A: its length complete, not FRAME, a start lane at its end), so st2
// implies st1; seg 0 at the part's first (present / PDU) lane, in seg 0 whenever seg 1 exists (seg 1 begins
// after at least one PDU lane of the part), or, MPA, at a lane where fpdu_woff wraps, below k1.
wire         st0 = walk && (c_self || !b_pdone)
                && (c_mpa ? ((fw0 && |ln_nv) || |(start0 & ~ps1[W-1:0])) : (b_oz && |ln_pl));
wire         st1 = walk && c_self && e1ok && |(k1hw & a_okm);
wire         st2 = walk && |(hit1[NB +: W] & a_hc_s2);
wire         p_final = !(st1 && (st0 || st2));
// The lanes from the second start on (D-117: from the segments, not a scan of the lanes' start flags): seg 1's
// or (s2c) seg 2's lanes, iSCSI without the lanes before its start lane, the PDU lane at its count (marker
// lanes at that count); MPA's start is the segment's first present lane, so only VOID lanes precede it there,
// whose membership nothing reads (done is masked by the lane kind; the present lanes below them are the
// start lane's)
wire [W-1:0] two = p_final ? {W{1'b0}}
                 : s2c ? ps2[W-1:0] & (c_mpa ? {W{1'b1}} : ln_pl | ~eq2)
                 : ps1[W-1:0] & (c_mpa ? {W{1'b1}} : ln_pl | ~eq1);
wire [W-1:0] cut = two & ~(two << 1);            // the second start (one-hot; MPA: or a VOID lane before it)
wire [W-1:0] p_in = ~done & ~two;                // the lanes of this part (before the cut)
`ifndef SYNTHESIS
// the forms above against the lanes' start flags
wire [W-1:0] two_ref = pfx_two(start);
wire [W-1:0] cut_ref = two_ref & ~(two_ref << 1);
wire         st0_ref = |(start & ~ps1[W-1:0]);
wire         st1_ref = |(start & ps1[W-1:0] & ~ps2[W-1:0]);
wire         st2_ref = |(start & ps2[W-1:0]);
always @(posedge clk) begin
    if (!rst && a_valid && {st0, st1, st2} != {st0_ref, st1_ref, st2_ref}) begin
        $display("Error: mdd_rx_loc_pdu: segment starts %b%b%b, the lanes' %b%b%b (start %b, seg 1 %b, seg 2 %b) (%m)",
                 st0, st1, st2, st0_ref, st1_ref, st2_ref, start, ps1, ps2);
        $stop;
    end
    if (!rst && a_valid && (((two ^ two_ref) & ~done & ln_nv) != {W{1'b0}}
                            || gath8(cut, a_nw) != gath8(cut_ref, a_nw))) begin
        $display("Error: mdd_rx_loc_pdu: the lanes from the cut %b, from the lanes' starts %b (start %b, nv %b) (%m)",
                 two, two_ref, start, ln_nv);
        $stop;
    end
end
`endif
wire [W:0]   cutpos = {p_final, cut};
wire [7:0]   p_nbytes = gath8p(cutpos, nn);

// where the part's walk stops: the cut, or after a FRAME lane (overrun: before it)
wire [W-1:0] frm_p = frm & p_in;
wire         frm_in = frm_p != {W{1'b0}};
// (the values at the FRAME position and at the cut are gathered apart, frm_in selects)
wire [W:0]   frmpos = {1'b0, ovr} | {fr0 | fr1, 1'b0};
// (D-066: the state at a cut needs no gather: see below; at the word's end it is position W's)
wire [7:0]   ceF = gath8p(frmpos, cc);
wire [7:0]   neF = gath8p(frmpos, nn);
wire         s1F = |(frmpos & ps1);
wire         s2F = |(frmpos & ps2);


// -------------------------------------------------------------------------
// The part's markers for stage C's checks (D-096).  A word holds at most two (L1: at most mrk_period bytes per
// word): T, the tail of a marker begun earlier (the lanes before the word's byte-0 marker lane), and H, from
// the byte-0 lane on.  Their lanes, bytes and positions depend on the lanes and the base state, not on the
// segments: gathered here beside the loop, registered for C.
// -------------------------------------------------------------------------

// (not gated by walk: the lanes' positions do not depend on it; C's steps are enabled by q_eT / q_eH, which
// are, D-105)
wire [W-1:0] bmkw = ln_mk;
wire [W-1:0] bm0l;
wire [8*W-1:0] ln_m;      // marker byte index (3 bits, zero-extended)
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_m0
        assign bm0l[gi] = bmkw[gi] && a_aux[4*gi +: 3] == 3'd0;
        assign ln_m[8*gi +: 8] = {5'd0, a_aux[4*gi +: 3]};
    end
endgenerate
wire [W-1:0] bhsel = lane_below_or(bm0l) | bm0l;
wire [W-1:0] bgT = bmkw & ~bhsel;
wire [W-1:0] bgH = bmkw & bhsel;
wire [W-1:0] bfT = bgT & ~lane_below_or(bgT);
wire [W-1:0] bfH = bgH & ~lane_below_or(bgH);
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]   bmT = gath8(bfT, ln_m), bmH = gath8(bfH, ln_m);   // bits 7:3 are 0
/* verilator lint_on UNUSEDSIGNAL */
wire [25:0]  bp0T = {1'b0, b_off} + {18'd0, gath8(bfT, cc_l)};   // seg 0 offset at the first lane
wire [25:0]  bp0H = {1'b0, b_off} + {18'd0, gath8(bfH, cc_l)};
wire [7:0]   bp1H = gath8(bfH, p1_l);   // seg 1 offset (T is always in seg 0, see below)
wire [7:0]   bprT, bprH;
// a marker at this PDU offset is deferred (iSCSI self-framed: within the length field, not at the PDU's start)
function dfr_f(input [25:0] p, input [24:0] ll);
    dfr_f = p != 26'd0 && p <= {1'b0, ll};
endfunction
// per lane: a marker from this lane on is deferred, in seg 0 / seg 1 (each lane's offsets compared beside the
// first lanes' selects, gathered at them: no add and compare behind the gather, D-105)
wire [W-1:0] bdf0, bdf1;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_bdf
        assign bdf0[gi] = dfr_f(p0_x[26*gi +: 26], c_ll);
        // (seg 1's offset is the lane's word count less k1: a window of k1's one-hot from the word's counts, not
        // seg 0's length subtracted and compared)
        wire [W:0] win;
        for (gt = 0; gt <= W; gt = gt + 1) begin : g_w
            localparam [7:0] J8 = gt;
            assign win[gt] = a_wc[8*gi +: 8] > J8 && a_wc[8*gi +: 8] - J8 <= ll8;
        end
        assign bdf1[gi] = |(k1hw & win);
    end
endgenerate
wire [63:0]  bgbT, bgbH;
generate
    for (gt = 0; gt < 8; gt = gt + 1) begin : g_mb
        wire [W-1:0] vT, vH;
        for (gi = 0; gi < W; gi = gi + 1) begin : g_l
            assign vT[gi] = bgT[gi] && a_aux[4*gi +: 3] == gt;
            assign vH[gi] = bgH[gi] && a_aux[4*gi +: 3] == gt;
        end
        assign bprT[gt] = |vT;
        assign bprH[gt] = |vH;
        assign bgbT[8*gt +: 8] = gath8(vT, a_data);
        assign bgbH[8*gt +: 8] = gath8(vH, a_data);
    end
endgenerate

// -------------------------------------------------------------------------
// The state after the part (at endpos), the resume fields
// -------------------------------------------------------------------------

// fpdu_woff at a position from its segment and present-lane count
function [15:0] seg_fw(input s1, input s2, input [7:0] n, input [15:0] fw, input [7:0] n1, input [7:0] n2);
    seg_fw = s2 ? {8'd0, n - n2 - 8'd1} : s1 ? {8'd0, n - n1 - 8'd1} : fw + {8'd0, n};
endfunction

// the resume fields' PDU offset and fpdu_woff where a FRAME stopped the walk, from their registered operands
// (seg 0: the base plus the PDU lanes below the FRAME position; seg 1 / seg 2: that less seg 0's / seg 0's and
// seg 1's lengths, small)
wire [7:0]  fz_pe1 = fzq_off[7:0] + fzq_ce - fzq_len0;
wire [24:0] fz_off = !fzq_walk ? fzq_off : fzq_s2 ? {17'd0, fz_pe1 - fzq_len1} : fzq_s1 ? {17'd0, fz_pe1}
                   : fzq_off + {17'd0, fzq_ce};
wire [15:0] fz_fwoff = !fzq_fwalk ? fzq_fw : seg_fw(fzq_s1, fzq_s2, fzq_ne, fzq_fw, fzq_ne1, fzq_ne2);

// (a length field's first byte in the transfer: ioff0 + its count in the part = a_woff + its count in the word,
// no count less used and plus used on the way, D-107; lenoff0 / lenoff1)
// (each lane's a_woff + count summed in its low 7 bits, gathered, the high bits selected by the carry: the
// 32-bit sum behind the gather was the path to st_lenoff, D-109; a_nw < W)
wire [8*W-1:0] wlo;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_wlo
        assign wlo[8*gi +: 8] = plus_count_lo(a_woff[6:0], a_nw[8*gi +: 7]);
    end
endgenerate
wire [24:0] woff_hi1 = a_woff[31:7] + 25'd1;
wire [31:0] lenoff0 = plus_count_hi(a_woff[31:7], woff_hi1, gath8(fl0, wlo));
wire [31:0] lenoff1 = plus_count_hi(a_woff[31:7], woff_hi1, gath8(fl1, wlo));
wire [7:0]  cfl0 = gath8(fl0, cc_l), cfl1 = gath8(fl1, cc_l);
wire        hfl0 = fl0 != {W{1'b0}}, hfl1 = fl1 != {W{1'b0}};

wire [W:0]  k1m_z, k1m_l;
generate
    for (gi = 0; gi <= W; gi = gi + 1) begin : g_k1m
        localparam [8:0] J9 = gi;
        assign k1m_z[gi] = J9 == {1'b0, wd_total};
        assign k1m_l[gi] = J9 + {1'b0, ll8} >= {1'b0, wd_total};
    end
endgenerate
// (as gates: two small carry chains in series in front of t0w's compare, D-109)
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0] c_rest_g = add_gates({8'd0, wd_total}, {8'd0, ~cused}, 1'b1);
wire [15:0] ol0s_g = add_gates({13'd0, b_off[2:0]}, {8'd0, c_rest_g[7:0]}, 1'b0);
/* verilator lint_on UNUSEDSIGNAL */
wire [7:0]  c_rest = c_rest_g[7:0];
wire [8:0]  ol0s = ol0s_g[8:0];
// at the word's end: seg 0 ends within its length field (b_off <= 7 when parsing), seg 1 does (wd_total - k1)
wire        t0w = ol0s <= {1'b0, ll8};
wire        t1w = |(k1hw & k1m_l);

// The state where the part's walk stops, for the two stops that need the lanes: the FRAME lane (gs = 0,
// values gathered at frmpos) and the word's end (gs = 1, position W; ve_*).  (At a FRAME the offset and
// fpdu_woff are summed behind registers, see fz_off.)
wire [24:0]     ve_off;
wire [15:0]     ve_fwoff;
/* verilator lint_off UNUSEDSIGNAL */
wire [2*32-1:0] vs_pidx, vs_lenoff;   // (not used at a FRAME: D-095)
wire [1:0]      vs_pdone;
/* verilator lint_on UNUSEDSIGNAL */
wire [2*12-1:0] vs_hlen;
wire [2*24-1:0] vs_dlen;
genvar gs;
generate
    for (gs = 0; gs < 2; gs = gs + 1) begin : g_stop
        wire [7:0]  ce  = gs == 1 ? cc[8*W +: 8] : ceF;
        wire        s1e = gs == 1 ? ps1[W] : s1F;
        wire        s2e = gs == 1 ? ps2[W] : s2F;
        // (at the word's end every lane of the part is below it: a length field's first lane there is passed,
        // no count compared; checked in simulation, D-107)
        wire        fl0b = hfl0 && (gs == 1 || ce > cfl0);
        wire        fl1b = hfl1 && (gs == 1 || ce > cfl1);
        if (gs == 1) begin : g_fwe
            wire [7:0]  pe1 = b_off[7:0] + ce - len0[7:0];   // seg 1 offset at the end (when it is small)
            // (a part that ends in seg 2 holds none of its PDU bytes: offset 0, checked in simulation)
            assign ve_off = !walk ? b_off : s2e ? 25'd0 : s1e ? {17'd0, pe1} : b_off + {17'd0, ce};
            // at the word's end: after an EP the present lanes behind it (a count of seg 1's / seg 2's lanes,
            // not the EP lane's count gathered and subtracted, D-095)
            // (pc1 / pc2 are read only when the end is in seg 1 / seg 2, where e1ok / e2ok hold: the counts
            // without them, D-107)
            wire [6:0] pc1 = lane_popc(ln_nv & ge1[W-1:0]), pc2 = lane_popc(ln_nv & ge2n);
            assign ve_fwoff = !(walk && c_mpa) ? b_fwoff : s2e ? {9'd0, pc2} : s1e ? {9'd0, pc1}
                            : b_fwoff + {8'd0, nn[8*W +: 8]};
        end
        assign vs_pidx[32*gs +: 32] = !walk ? b_pidx : s2e ? b_pidx2 : s1e ? b_pidx1 : b_pidx;
        assign vs_pdone[gs] = b_pdone || (walk && !c_self && s1e);
        if (gs == 1) begin : g_lne
            // at the word's end: a length field the word leaves incomplete is parsed from the bytes it holds
            // (all of them: they precede the end), whether it goes on is a compare of registers (t0w, t1w), not
            // the offset at position W behind len0 (D-101)
            wire [35:0] pp0 = parse_f(c_mpa, pr0, pb0, b_hlen, b_dlen);
            wire [35:0] pp1 = parse_f(c_mpa, pr1, pb1, h0f, d0f);
            wire        part0 = parse0 && t0w;       // the walk stops inside seg 0's length field
            wire        part1 = c_self && t1w;
            assign vs_hlen[12*gs +: 12] = !walk ? b_hlen : s2e ? h1f : s1e ? (part1 ? pp1[35:24] : h1f)
                                        : (part0 ? pp0[35:24] : h0f);
            assign vs_dlen[24*gs +: 24] = !walk ? b_dlen : s2e ? d1f : s1e ? (part1 ? pp1[23:0] : d1f)
                                        : (part0 ? pp0[23:0] : d0f);
        end else begin : g_lnf
            // at a FRAME the field is complete (the FRAME lane is its last byte; an overrun is descriptor-framed,
            // no field parsed): the segment's final lengths, no parse (D-101)
            assign vs_hlen[12*gs +: 12] = !walk ? b_hlen : (s2e || s1e) ? h1f : h0f;
            assign vs_dlen[24*gs +: 24] = !walk ? b_dlen : (s2e || s1e) ? d1f : d0f;
        end
        assign vs_lenoff[32*gs +: 32] = fl1b ? lenoff1 : fl0b ? lenoff0 : b_lenoff;
    end
endgenerate

// At a cut (the second start: a start is the first lane of seg 1 or seg 2, and seg 0 holds at most one) the
// walk stops at offset 0 of seg 1 or 2 (s2c), MPA at fpdu_woff 0, with seg 0 and (s2c) seg 1 behind it;
// seg 1's length field at a seg 1 cut is not begun (the parse keeps h0f, d0f).  The cut's PDU count is
// len0 - b_off (+ len1), so cused_r's next value is k1 (+ len1).
wire        s2c = st2 && !st0;   // (st2 implies st1)
wire [24:0] vc_off = !walk ? b_off : 25'd0;
wire [15:0] vc_fwoff = !(walk && c_mpa) ? b_fwoff : 16'd0;
wire [31:0] vc_pidx = !walk ? b_pidx : s2c ? b_pidx2 : b_pidx1;
wire        vc_pdone = b_pdone || (walk && !c_self);
wire [11:0] vc_hlen = !walk ? b_hlen : s2c ? h1f : h0f;
wire [23:0] vc_dlen = !walk ? b_dlen : s2c ? d1f : d0f;
wire [31:0] vc_lenoff = (hfl1 && s2c) ? lenoff1 : hfl0 ? lenoff0 : b_lenoff;
// (k1 + len1 is the count seg 1's candidate computed in stage A: no adder behind len1)
wire [7:0]  c_cused = s2c ? gath8c(hit1, a_hc_nx) : k1_8;

// (after a FRAME in the part the stream state is not used again: the word's end or the cut decides it, and the
// resume fields at the FRAME go to fz_*)
wire [24:0] v_off   = p_final ? ve_off : vc_off;
wire [15:0] v_fwoff = p_final ? ve_fwoff : vc_fwoff;
wire [31:0] v_pidx  = p_final ? vs_pidx[63:32] : vc_pidx;
wire        v_pdone = p_final ? vs_pdone[1] : vc_pdone;
wire        v_lost  = b_lost || frm_in;
wire [11:0] v_hlen  = p_final ? vs_hlen[23:12] : vc_hlen;
wire [23:0] v_dlen  = p_final ? vs_dlen[47:24] : vc_dlen;
// the offset's flags at the word's end without the offset: seg 2 is at its start (a seg 2 PDU lane would
// be a second start), seg 1 at wd_total - k1 (k1's one-hot against masks of the word's registers), seg 0 at
// b_off + the part's PDU lanes, wd_total - cused (D-095)
wire        v_oz_e = ps2[W] || (ps1[W] ? |(k1hw & k1m_z) : b_oz && (!walk || c_rest == 8'd0));
wire        v_ol_e = ps2[W] || (ps1[W] ? t1w : b_ol && (!walk || t0w));
wire [25:0] v_len_e = (ps2[W] || ps1[W]) ? len1 : len0;
wire [25:0] v_len   = p_final ? v_len_e : (s2c ? len1 : len0);
// (the bytes to the PDU's end after the word; after a cut the next part parses a header and does not use it)
wire [26:0] v_rem   = {1'b0, v_len_e} - {2'd0, ve_off};
wire [31:0] v_lenoff = p_final ? vs_lenoff[63:32] : vc_lenoff;
// the resume fields: where a FRAME stopped the walk (this part, or an earlier one: fz_*), else the state's
// (stage C reads them from fz_* or from the state after the part, st_*: C holds the last part B emitted)
wire        lost_in = !init && st_lost;

wire        fin = a_last && p_final && c_active;

// (stage C takes the part when it is empty or its part moves on: a bubble there does not stop B)
wire adv_b = adv_e || !q_valid;
wire emit = a_valid && adv_b;
// stage A takes stage I's word when it is empty or its word's last part leaves; stage I takes the input when it
// is empty or its word moves on
wire load_a = i_valid && (!a_valid || (emit && p_final));
wire i_free = !i_valid || load_a;
wire load = i_free && (sk_valid || s_valid);   // stage I takes the skid's word, else the input
assign s_ready = !sk_valid;

always @(posedge clk) begin
    if (rst) begin
        i_valid <= 1'b0;
    end else if (load) begin
        i_valid <= 1'b1;
    end else if (load_a) begin
        i_valid <= 1'b0;
    end
    if (rst || i_free) begin
        sk_valid <= 1'b0;
    end else if (s_valid) begin
        sk_valid <= 1'b1;       // (s_ready: the skid was empty)
    end
    if (!sk_valid) begin
        sk_word <= s_word;
    end
    if (load) begin
        i_data <= x_data;
        i_tag <= x_tag;
        i_aux <= x_aux;
        i_first <= x_first;
        i_last <= x_last;
        i_woff <= x_woff;
        i_nin <= x_nin;
        i_dbad <= x_dbad;
        i_desc <= x_desc;
        i_xflags <= x_xflags;
        i_err_v <= x_err_v;
        i_err_code <= x_err_code;
        i_err_byte <= x_err_byte;
        i_err_off <= x_err_off;
        i_err_unit <= x_err_unit;
        i_err_exp <= x_err_exp;
        i_err_got <= x_err_got;
        i_emap <= x_emap;
        i_ecnt <= x_ecnt;
        i_nw <= si_nw;
        i_mpa <= si_mpa;
        i_iscsi <= si_proto == MDD_PROTO_ISCSI[1:0];
        i_raw <= si_proto == MDD_PROTO_RAW[1:0];
        i_nwt <= si_nwt;
        i_below <= si_below;
        i_total <= si_total;
        i_pby <= si_pby;
        i_dlay <= si_dlay;
        i_drem <= {1'b0, si_dlay} - {2'd0, si_off};
        i_mxu <= si_mxu;
        i_sdlp <= si_sdlp;
    end
end

always @(posedge clk) begin
    if (rst) begin
        a_valid <= 1'b0;
    end else if (load_a) begin
        a_valid <= 1'b1;
    end else if (emit && p_final) begin
        a_valid <= 1'b0;
    end
    if (load_a) begin
        a_data <= i_data;
        a_tag <= i_tag;
        a_aux <= i_aux;
        a_first <= i_first;
        a_last <= i_last;
        a_woff <= i_woff;
        a_nin <= i_nin;
        a_dbad <= i_dbad;
        a_desc <= i_desc;
        a_xflags <= i_xflags;
        a_err_v <= i_err_v;
        a_err_code <= i_err_code;
        a_err_byte <= i_err_byte;
        a_err_off <= i_err_off;
        a_err_unit <= i_err_unit;
        a_err_exp <= i_err_exp;
        a_err_got <= i_err_got;
        a_emap <= i_emap;
        a_ecnt <= i_ecnt;
        a_iscsi <= sa_iscsi;
        a_mpa <= sa_mpa;
        a_raw <= sa_raw;
        a_wd_total <= sa_total;
        a_dlay <= i_dlay;
        a_drem <= i_drem;
        a_doz <= sd_off == 25'd0;
        a_dol <= sd_off <= (sa_mpa ? 25'd1 : 25'd7);
        a_hc_uf <= sa_uf;
        a_hc_fc <= sa_fc;
        a_hc_cm <= sa_cm;
        a_hc_len <= sa_len;
        a_hc_da <= sa_da;
        a_hc_ha <= sa_ha;
        a_hc_nh <= sa_nh;
        a_wc <= sa_below;
        a_nw <= sa_nw;
        a_nwt <= i_nwt;
        a_hc_nx <= sa_nx;
        a_hc_gt <= sa_gt;
        a_hc_s2 <= sa_s2;
        a_okm <= sa_okm;
        lp_r <= sa_lpn;
        lv_r <= sa_lvn;
        hl_r <= hl_b;
    end
end

always @(posedge clk) begin
    if (rst) begin
        done <= {W{1'b0}};
        used_r <= 8'd0;
        cused_r <= 8'd0;
        cused_oh <= {{W{1'b0}}, 1'b1};
        fresh <= 1'b1;
    end else if (emit) begin
        done <= p_final ? {W{1'b0}} : done | p_in;
        used_r <= p_final ? 8'd0 : gath8(cut, a_nw);   // (used + p_nbytes: the word's present lanes below the cut)
        cused_r <= p_final ? 8'd0 : c_cused;
        cused_oh <= p_final ? {{W{1'b0}}, 1'b1} : s2c ? k2h : k1hw;
        fresh <= p_final;
    end
    if (emit) begin
        st_off <= v_off;
        st_oz <= p_final ? v_oz_e : (!walk ? b_oz : 1'b1);
        st_ol <= p_final ? v_ol_e : (!walk ? b_ol : 1'b1);
        st_hlen <= v_hlen;
        st_len <= v_len;
        st_rem <= v_rem;
        if (frm_in) begin
            fz_hlen <= vs_hlen[11:0];
            fz_dlen <= vs_dlen[23:0];
            fzq_walk <= walk;
            fzq_fwalk <= walk && c_mpa;
            fzq_s1 <= s1F;
            fzq_s2 <= s2F;
            fzq_off <= b_off;
            fzq_ce <= ceF;
            fzq_len0 <= len0[7:0];
            fzq_len1 <= len1[7:0];
            fzq_fw <= b_fwoff;
            fzq_ne <= neF;
            fzq_ne1 <= ne1;
            fzq_ne2 <= ne2;
        end
        st_dlen <= v_dlen;
        st_fwoff <= v_fwoff;
        st_pidx <= v_pidx;
        st_lenoff <= v_lenoff;
        st_lost <= v_lost;
        st_pdone <= v_pdone;
    end
end

// stage B's part into stage C
always @(posedge clk) begin
    if (rst) begin
        q_valid <= 1'b0;
    end else if (adv_b) begin
        q_valid <= a_valid;
    end
    if (emit) begin
        q_data <= a_data;
        q_tag <= a_tag;
        q_aux <= a_aux;
        q_first <= a_first && first_part;
        q_last <= a_last && p_final;
        q_woff <= ioff0;
        q_nin <= p_final ? a_nin - used : p_nbytes;
        q_dbad <= a_dbad;
        q_desc <= a_desc;
        q_xflags <= a_xflags;
        q_iscsi <= a_iscsi;
        q_mpa <= a_mpa;
        q_raw <= a_raw;
        q_ie_v <= first_part && a_err_v;
        q_ie_code <= first_part ? a_err_code : 8'd0;
        q_ie_byte <= first_part ? a_err_byte : 8'd0;
        q_ie_off <= first_part ? a_err_off : 32'd0;
        q_ie_unit <= first_part ? a_err_unit : 32'd0;
        q_ie_exp <= first_part ? a_err_exp : 64'd0;
        q_ie_got <= first_part ? a_err_got : 64'd0;
        q_ie_emap <= first_part ? a_emap : 16'd0;
        q_ie_ecnt <= first_part ? a_ecnt : 8'd0;
        q_in <= p_in & ln_nv;
        q_mk <= ln_mk & {W{walk}};
        q_lost <= lostb;
        q_ovr <= ovr;
        q_ll0 <= ll0;
        q_ll1 <= ll1;
        q_fl0 <= fl0;
        q_fl1 <= fl1;
        q_ps1 <= ps1[W-1:0];
        q_ps2 <= ps2[W-1:0];
        q_cc <= cc_l;
        q_nn <= nn_l;
        q_boff <= b_off;
        q_bfwoff <= b_fwoff;
        q_bpidx <= b_pidx;
        q_blenoff <= b_lenoff;
        q_bpdone <= b_pdone;
        q_init <= init;
        q_h0 <= h0f;
        q_h1 <= h1f;
        q_d0 <= d0f;
        q_d1 <= d1f;
        q_len0 <= len0;
        q_len1 <= len1;
        q_fc0 <= fc0;
        q_fc1 <= fc1;
        q_uf0 <= uf0;
        q_uf1 <= uf1;
        q_fH <= bfH;
        q_mT <= bmT[2:0];
        q_mH <= bmH[2:0];
        q_prT <= bprT;
        q_prH <= bprH;
        q_gbT <= bgbT;
        q_gbH <= bgbH;
        q_p0T <= bp0T;
        q_p0H <= bp0H;
        q_p1H <= bp1H;
        q_s1H <= |(bfH & ps1[W-1:0]);
        q_s2H <= |(bfH & ps2[W-1:0]);
        q_dT0 <= |(bfT & bdf0);
        q_dH0 <= |(bfH & bdf0);
        q_dH1 <= |(bfH & bdf1);
        q_nT <= gath8(bfT, nn_l);
        q_nH <= gath8(bfH, nn_l);
        q_eT <= walk && bgT != {W{1'b0}};
        q_eH <= walk && bgH != {W{1'b0}};
        q_ne1 <= ne1;
        q_ne2 <= ne2;
        q_fin <= fin;
        q_frm_in <= frm_in;
        q_vlost <= v_lost;
        q_fzsel <= frm_in || lost_in;
    end
end



// =========================================================================
// Stage C (D-096): the part's tags, marker checks, error record and descriptor write-back, from what stage B
// registered about it (q_*: its lanes, their prefix counts and segments, the segments' layouts, the base
// state).  The marker checks' state (mk_*, pd_*) lives here, so the stream state's loop in B does not reach it,
// and none of it reaches B's cut.
// =========================================================================

reg           q_valid = 1'b0;
reg [8*W-1:0] q_data = {8*W{1'b0}};
reg [8*W-1:0] q_tag = {8*W{1'b0}};       // (a failed descriptor's tags pass)
reg [4*W-1:0] q_aux = {4*W{1'b0}};
reg           q_first = 1'b0;
reg           q_last = 1'b0;
reg [31:0]    q_woff = 32'd0;            // the part's first present byte in the transfer (ioff0)
reg [7:0]     q_nin = 8'd0;
reg           q_dbad = 1'b0;
reg [511:0]   q_desc = 512'd0;
reg [7:0]     q_xflags = 8'd0;
reg           q_iscsi = 1'b0;
reg           q_mpa = 1'b0;
reg           q_raw = 1'b0;
// the input's error record (a word's first part only, zero in the others)
reg           q_ie_v = 1'b0;
reg [7:0]     q_ie_code = 8'd0;
reg [7:0]     q_ie_byte = 8'd0;
reg [31:0]    q_ie_off = 32'd0;
reg [31:0]    q_ie_unit = 32'd0;
reg [63:0]    q_ie_exp = 64'd0;
reg [63:0]    q_ie_got = 64'd0;
reg [15:0]    q_ie_emap = 16'd0;
reg [7:0]     q_ie_ecnt = 8'd0;
// the part's lanes: present in the part, located marker lanes (not yet emitted, the whole word: a marker's
// bytes past the cut say it is incomplete), lost, the overrun, the length fields' last / first bytes, the
// segments (ps1, ps2), the prefix counts of PDU / present lanes (cc, nn)
reg [W-1:0]   q_in = {W{1'b0}};
reg [W-1:0]   q_mk = {W{1'b0}};
reg [W-1:0]   q_lost = {W{1'b0}};
reg [W-1:0]   q_ovr = {W{1'b0}};
reg [W-1:0]   q_ll0 = {W{1'b0}};
reg [W-1:0]   q_ll1 = {W{1'b0}};
reg [W-1:0]   q_fl0 = {W{1'b0}};
reg [W-1:0]   q_fl1 = {W{1'b0}};
reg [W-1:0]   q_ps1 = {W{1'b0}};
reg [W-1:0]   q_ps2 = {W{1'b0}};
reg [8*W-1:0] q_cc = {8*W{1'b0}};
reg [8*W-1:0] q_nn = {8*W{1'b0}};
// the part's base state, its segments' layouts and FRAME checks, the part's outcome
reg [24:0]    q_boff = 25'd0;
reg [15:0]    q_bfwoff = 16'd0;
reg [31:0]    q_bpidx = 32'd0;
reg [31:0]    q_blenoff = 32'd0;
reg           q_bpdone = 1'b0;
reg           q_init = 1'b0;
reg [11:0]    q_h0 = 12'd0;
reg [11:0]    q_h1 = 12'd0;
reg [23:0]    q_d0 = 24'd0;
reg [23:0]    q_d1 = 24'd0;
reg [25:0]    q_len0 = 26'd0;
reg [25:0]    q_len1 = 26'd0;
reg           q_fc0 = 1'b0;
reg           q_fc1 = 1'b0;
reg           q_uf0 = 1'b0;
reg           q_uf1 = 1'b0;
// the part's markers T and H (see the marker checks): first lane, byte index, bytes present and their values,
// seg 0 offset and present-lane count at the first lane, present in the word
reg [W-1:0]   q_fH = {W{1'b0}};
reg [2:0]     q_mT = 3'd0;
reg [2:0]     q_mH = 3'd0;
reg [7:0]     q_prT = 8'd0;
reg [7:0]     q_prH = 8'd0;
reg [63:0]    q_gbT = 64'd0;
reg [63:0]    q_gbH = 64'd0;
reg [25:0]    q_p0T = 26'd0;
reg [25:0]    q_p0H = 26'd0;
reg [7:0]     q_p1H = 8'd0;
// (D-101: the markers' segments, and whether the marker is deferred if in seg 0 / seg 1, made in B beside its
// loop: stage C's chain of steps starts from registers)
reg           q_s1H = 1'b0, q_s2H = 1'b0;
reg           q_dT0 = 1'b0, q_dH0 = 1'b0, q_dH1 = 1'b0;
reg [7:0]     q_nT = 8'd0;
reg [7:0]     q_nH = 8'd0;
reg           q_eT = 1'b0;
reg           q_eH = 1'b0;
reg [7:0]     q_ne1 = 8'd0;              // present lanes below seg 0's / seg 1's EP lane
reg [7:0]     q_ne2 = 8'd0;
reg           q_fin = 1'b0;              // the transfer's last part
reg           q_frm_in = 1'b0;           // a FRAME in the part
reg           q_vlost = 1'b0;            // the transfer is lost after the part
reg           q_fzsel = 1'b0;            // the resume fields are where a FRAME stopped the walk (fz_*)

// the marker checks' state (stage C's own: its next value needs only q_* and itself)
reg         mk_act = 1'b0;       // a marker check in progress
reg         mk_dv = 1'b0;        // ... with a differing byte
reg [2:0]   mk_diff = 3'd0;
reg [63:0]  mk_exp = 64'd0;      // byte j at bits 8 * (ML - 1 - j)
reg [63:0]  mk_got = 64'd0;
reg [31:0]  mk_off = 32'd0;
reg [31:0]  mk_unit = 32'd0;

reg [1:0]   pd_n = 2'd0;         // deferred iSCSI marker checks (0..2)
reg         pd_in = 1'b0;        // the last one still takes bytes
reg         pd_unv = 1'b0;       // a deferred marker check was dropped (mrk_unv)
reg [31:0]  pd0_off = 32'd0;
reg [31:0]  pd0_unit = 32'd0;
reg [24:0]  pd0_p = 25'd0;
reg [7:0]   pd0_present = 8'd0;
reg [63:0]  pd0_got = 64'd0;     // byte j at bits 63 - 8j
reg [31:0]  pd1_off = 32'd0;
reg [31:0]  pd1_unit = 32'd0;
reg [24:0]  pd1_p = 25'd0;
reg [7:0]   pd1_present = 8'd0;
reg [63:0]  pd1_got = 64'd0;

// (a transfer's first part starts with no check in progress)
wire        qb_mk_act = q_init ? 1'b0 : mk_act;
wire [1:0]  qb_pd_n   = q_init ? 2'd0 : pd_n;
wire        qb_pd_in  = q_init ? 1'b0 : pd_in;
wire        qb_unv    = q_init ? 1'b0 : pd_unv;

// the configuration of the part's transfer
wire        qc_self    = q_desc[MDD_DESC_SELF_FRAME_LSB];
wire        qc_hdig    = q_desc[MDD_DESC_HDIG_EN_LSB];
wire        qc_ddig    = q_desc[MDD_DESC_DDIG_EN_LSB];
wire        qc_mrk_chk = q_desc[MDD_DESC_MRK_CHK_LSB];
wire [7:0]  qc_ulp     = q_desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W];
wire [23:0] qc_max     = q_desc[MDD_DESC_MAX_DATA_LSB +: MDD_DESC_MAX_DATA_W];
wire [24:0] qc_ll      = q_mpa ? 25'd1 : 25'd7;
wire [24:0] qc_fl      = q_mpa ? 25'd0 : 25'd5;
wire [7:0]  qll8       = qc_ll[7:0];

// per lane: the segment offsets (seg 0: base + cc, and + 1; seg 1, 2: past the EP, 8 bits)
wire [26*W-1:0] qp0, qp0p1;
wire [8*W-1:0]  qp1, qp2;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_qln
        assign qp0[26*gi +: 26] = {1'b0, q_boff} + {18'd0, q_cc[8*gi +: 8]};
        assign qp0p1[26*gi +: 26] = {1'b0, q_boff} + {18'd0, q_cc[8*gi +: 8]} + 26'd1;
        wire [7:0] r = qp0[26*gi +: 8] - q_len0[7:0];
        assign qp1[8*gi +: 8] = r;
        assign qp2[8*gi +: 8] = r - q_len1[7:0];
    end
endgenerate

// -------------------------------------------------------------------------
// Per-lane tags: the lane's segment offset compared with its segment's layout
// -------------------------------------------------------------------------

wire [25:0] lq0 = {14'd0, q_h0},                   lq1 = {14'd0, q_h1};
wire [25:0] hd = qc_hdig ? 26'd4 : 26'd0;
// a + b + c as one carry-save step and one sum (the payload's and pad's ends were two and three sums in series
// from the registers, the path to the last-byte compares of TF_LC, D-109)
function [25:0] add3(input [25:0] x, input [25:0] y, input [25:0] z);
    add3 = (x ^ y ^ z) + {(x[24:0] & y[24:0]) | (x[24:0] & z[24:0]) | (y[24:0] & z[24:0]), 1'b0};
endfunction
wire [25:0] lqh0 = lq0 + hd,                       lqh1 = lq1 + hd;
wire [1:0]  lpad0 = 2'd0 - q_h0[1:0] - q_d0[1:0],   lpad1 = 2'd0 - q_h1[1:0] - q_d1[1:0];
wire [25:0] lpay0 = add3(lq0, {2'd0, q_d0}, hd),   lpay1 = add3(lq1, {2'd0, q_d1}, hd);
wire [25:0] lpnd0 = add3(lq0, {2'd0, q_d0}, hd + {24'd0, lpad0});
wire [25:0] lpnd1 = add3(lq1, {2'd0, q_d1}, hd + {24'd0, lpad1});
wire        lhdd0 = qc_ddig && (q_mpa || q_d0 != 24'd0);
wire        lhdd1 = qc_ddig && (q_mpa || q_d1 != 24'd0);
wire        lpadnz0 = lpad0 != 2'd0, lpadnz1 = lpad1 != 2'd0;
wire        ldnz0 = q_d0 != 24'd0,   ldnz1 = q_d1 != 24'd0;
wire [25:0] llm3_0 = q_len0 - 26'd3,  llm3_1 = q_len1 - 26'd3;   // p + 4 > len: p >= len - 3 (len >= 3)
wire        llsm0 = q_len0 < 26'd3,   llsm1 = q_len1 < 26'd3;

// (D-107: C makes each lane's compares with its segment's layout, TF_W bits a lane (tf_*); E makes the tag from
// them: the layout's sums and the compares are C's depth, the kind and flags' selects would have come after)
localparam TF_W = 16;
localparam TF_HX = 0, TF_HDR = 1, TF_EH = 2, TF_HDG = 3, TF_PAY = 4, TF_PAD = 5, TF_LC = 6, TF_EP = 7,
           TF_HIX = 8, TF_DIX = 10, TF_BND = 12, TF_KN = 13, TF_BW = 14, TF_EDM = 15;
wire [TF_W*W-1:0] c_tf;

generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_tag
        wire [25:0] p  = qp0[26*gi +: 26];
        wire [25:0] pp = qp0p1[26*gi +: 26];
        wire [7:0]  r  = qp1[8*gi +: 8];
        wire [7:0]  r1 = r + 8'd1;
        wire [7:0]  u  = qp2[8*gi +: 8];
        wire       s0 = !q_ps1[gi];
        wire       s2 = q_ps2[gi];
        wire       s1 = q_ps1[gi] && !s2;
        wire       a0 = q_aux[4*gi];
        // PDU byte (seg 0 or 1): before the length field is known, or its FRAME lane (a header byte either way)
        wire       early = qc_self && (s0 ? p < {1'b0, qc_ll} : r < qll8);
        wire       fnow = qc_self && (s0 ? (p == {1'b0, qc_ll} && q_fc0) : (r == qll8 && q_fc1));
        wire       hdr = s0 ? p < lq0 : lt8(r, lq1);
        wire       eh  = s0 ? pp == lq0 : eq8(r1, lq1);
        wire       hdg = s0 ? p < lqh0 : lt8(r, lqh1);
        wire       pay = s0 ? p < lpay0 : lt8(r, lpay1);
        wire       pad = s0 ? p < lpnd0 : lt8(r, lpnd1);
        wire       lc  = s0 ? (lpadnz0 ? pp == lpnd0 : ldnz0 ? pp == lpay0 : (q_mpa && pp == lq0))
                            : (lpadnz1 ? eq8(r1, lpnd1) : ldnz1 ? eq8(r1, lpay1) : (q_mpa && eq8(r1, lq1)));
        wire       ep  = s0 ? pp == q_len0 : eq8(r1, q_len1);
        wire [1:0] p2  = s0 ? p[1:0] : r[1:0];   // offset mod 4
        wire [1:0] hix = p2 - (s0 ? q_h0[1:0] : q_h1[1:0]);
        wire [1:0] dix = p2 - (s0 ? lpnd0[1:0] : lpnd1[1:0]);
        // marker byte (seg 0, 1 or 2; seg 2 has seg 1's layout)
        wire       bnd = s2 ? u == 8'd0 : s1 ? r == 8'd0 : p == 26'd0;
        wire       kn  = !qc_self || (s2 ? u > qll8 : s1 ? r > qll8 : p > {1'b0, qc_ll});
        wire       hdd = s0 ? lhdd0 : lhdd1;
        wire       bw  = s0 ? (llsm0 || p >= llm3_0) : (llsm1 || !lt8(s2 ? u : r, llm3_1));   // p + 4 > len
        wire       edm = s0 ? p + 26'd4 == q_len0 : eq8((s2 ? u : r) + 8'd4, q_len1);       // p + 4 == len
        assign c_tf[TF_W*gi +: TF_W] = {edm, hdd && bw, kn, bnd, dix, hix, ep,
                                        lc && !(q_mpa && qc_ddig && a0), pad, pay, hdg, eh, hdr, early || fnow};
    end
endgenerate


// -------------------------------------------------------------------------
// Marker checks.  A word holds at most two markers (L1: at most mrk_period bytes per word): T, the tail of
// a marker begun earlier (the lanes before the word's byte-0 marker lane), and H, from the byte-0 lane on.
// Each is gathered in B (its first lane's offset, counts, byte j by one-hot select) and applied here as one
// step, in lane order with the two length-field ends (resolve / FRAME of deferred checks): a chain of six.
// Whether a marker or a length field's end lies in this part (before the cut) only enables its step.
// -------------------------------------------------------------------------

// (the markers' first lanes, indexes, bytes, offsets and counts, gathered in B: q_fH ... q_eH)
wire [W-1:0] fH = q_fH;
wire [7:0]  prT = q_prT, prH = q_prH;
wire [63:0] gbT = q_gbT, gbH = q_gbH;

// expected marker value: MPA {16'h0, FPDUPTR}; iSCSI both copies = bytes to the next PDU start, 0 at one
function [63:0] mk_exp_f(input mpa, input [25:0] p, input [25:0] len, input [15:0] fw, input [2:0] m);
    reg [31:0] v;
    begin
        v = {6'd0, len} - {6'd0, p};
        if (mpa) mk_exp_f = {48'd0, fw - {13'd0, m}};
        else if (p == 26'd0) mk_exp_f = 64'd0;
        else mk_exp_f = {v, v};
    end
endfunction

// A marker's context at its first lane.  Its expected value is computed for each segment it may be in and
// compared with its bytes; the segment (late: seg 2 needs seg 1's length) only selects.  Deferral needs
// the offset in seg 0 or 1: a seg 2 marker is at offset 0 (or past the cut), and its seg 1 offset is
// >= seg 1's length > 7, so taking p1 for it decides the same.
/* verilator lint_off UNUSEDSIGNAL */
wire [25:0] p0T = q_p0T, p0H = q_p0H;   // bit 25 is 0
/* verilator lint_on UNUSEDSIGNAL */
wire [2:0]  mT = q_mT, mH = q_mH;
// (seg 1's / seg 2's offset at the marker: the lane's seg 0 offset less the segments' lengths; with no marker
// these are not used: every step of a marker is enabled by its presence)
wire [7:0]  p1H = q_p1H;
wire [7:0]  p2H = p1H - q_len1[7:0];
wire [7:0]  nT = q_nT, nH = q_nH;
wire        s1H = q_s1H, s2H = q_s2H;
wire        lH = |(fH & q_lost);
wire        iH = |(fH & q_in);
wire [24:0] pT = p0T[24:0];
wire [24:0] pH = s1H ? {17'd0, p1H} : p0H[24:0];
wire        dT = !q_mpa && qc_self && q_dT0;   // deferred (pT in the length field, not 0)
wire        dH = !q_mpa && qc_self && (s1H ? q_dH1 : q_dH0);

wire [63:0] xT0 = mk_exp_f(q_mpa, p0T, q_len0, q_bfwoff + {8'd0, nT}, mT);
wire [63:0] xH0 = mk_exp_f(q_mpa, p0H, q_len0, q_bfwoff + {8'd0, nH}, mH);
wire [63:0] xH1 = mk_exp_f(q_mpa, {18'd0, p1H}, q_len1, {8'd0, nH - q_ne1 - 8'd1}, mH);
wire [63:0] xH2 = mk_exp_f(q_mpa, {18'd0, p2H}, q_len1, {8'd0, nH - q_ne2 - 8'd1}, mH);
wire [63:0] xT = xT0;
wire [63:0] xH = s2H ? xH2 : s1H ? xH1 : xH0;
wire [7:0]  zT = mis_f(q_iscsi, xT0, prT, gbT);
wire [7:0]  zH = s2H ? mis_f(q_iscsi, xH2, prH, gbH) : s1H ? mis_f(q_iscsi, xH1, prH, gbH) : mis_f(q_iscsi, xH0, prH, gbH);
wire [31:0] oT = q_woff + {24'd0, nT}, oH = q_woff + {24'd0, nH};
wire [31:0] uT = q_bpidx;   // (T is in seg 0)
wire [31:0] uH = q_bpidx + {30'd0, s2H, s1H && !s2H};
wire        eT = q_eT, eH = q_eH;   // present in the word
// ... taken by this part, not lost (T always: its lanes precede every PDU lane, so no start or FRAME
// can come before them)
wire        aT = eT;
wire        aH = eH && !lH && iH;
wire        cplT = q_iscsi ? prT[7] : prT[3], cplH = q_iscsi ? prH[7] : prH[3];

// the length-field ends of seg 0 / 1, and whether H comes after them
wire         r0 = q_ll0 != {W{1'b0}};                        // seg 0 lies before any cut
wire         r1 = (q_ll1 & q_in) != {W{1'b0}};
wire         r1w = q_ll1 != {W{1'b0}};
wire         r0_first = !eH || (fH & lane_below_or(q_ll0)) != {W{1'b0}};
wire         r1_first = !eH || (fH & lane_below_or(q_ll1)) != {W{1'b0}};

wire [196:0] mk0 = {qb_mk_act, mk_dv, mk_diff, mk_exp, mk_got, mk_off, mk_unit};
wire [325:0] sd0 = {qb_pd_n, qb_pd_in, qb_unv, pd0_off, pd0_unit, pd0_p, pd0_present, pd0_got,
                    pd1_off, pd1_unit, pd1_p, pd1_present, pd1_got};

wire [197:0] mk1 = mk_step(mk0, aT && qc_mrk_chk && !dT, q_iscsi, xT, zT, oT, uT, prT, gbT);
wire [197:0] mk2 = mk_step(mk1[196:0], aH && qc_mrk_chk && !dH, q_iscsi, xH, zH, oH, uH, prH, gbH);
wire [325:0] sd1 = pd_step(sd0, aT, aT && qc_mrk_chk && dT, oT, uT, pT, prT, gbT, cplT);
wire [325:0] sd2 = r0_first ? rf_step(sd1, r0 && !q_fc0, r0 && q_fc0) : sd1;
wire [325:0] sd3 = r1_first ? rf_step(sd2, r1 && !q_fc1, r1 && q_fc1) : sd2;
wire [325:0] sd4 = pd_step(sd3, aH, aH && qc_mrk_chk && dH, oH, uH, pH, prH, gbH, cplH);
wire [325:0] sd5 = !r0_first ? rf_step(sd4, r0 && !q_fc0, r0 && q_fc0) : sd4;
wire [325:0] sd6 = !r1_first ? rf_step(sd5, r1 && !q_fc1, r1 && q_fc1) : sd5;
wire         ovr_in = (q_ovr & q_in) != {W{1'b0}};
wire [325:0] sd7 = rf_step(sd6, 1'b0, ovr_in);

// The same chain as the length-field ends see it: a marker before such an end in lane order is in the
// part (seg 0 lies before any cut; seg 1's end only counts when in the part) and not lost (a FRAME is at
// such an end), so these steps need not wait for the cut or the FRAME lanes.
wire [325:0] sw3 = r1_first ? rf_step(sd2, r1w && !q_fc1, r1w && q_fc1) : sd2;
wire [325:0] sw4 = pd_step(sw3, eH, eH && qc_mrk_chk && dH, oH, uH, pH, prH, gbH, cplH);
wire [325:0] sw5 = !r0_first ? rf_step(sw4, r0 && !q_fc0, r0 && q_fc0) : sw4;

// resolved deferred checks (entries as they are at the length field's last byte)
/* verilator lint_off UNUSEDSIGNAL */
wire [325:0] sr0 = r0_first ? sd1 : sw4;         // pd_in, unv not used
wire [325:0] sr1 = r1_first ? sd2 : sw5;
/* verilator lint_on UNUSEDSIGNAL */
// (an entry is {off, unit, p, present, got}; stage E compares it with the length, C says which entries resolve)
wire         rv00 = r0 && !q_fc0 && sr0[325:324] != 2'd0;
wire         rv01 = r0 && !q_fc0 && sr0[325:324] == 2'd2;
wire         rv10 = r1 && !q_fc1 && sr1[325:324] != 2'd0;
wire         rv11 = r1 && !q_fc1 && sr1[325:324] == 2'd2;

wire        v_mk_act = mk2[196];
wire        v_mk_dv = mk2[195];
wire [1:0]  v_pd_n = sd7[325:324];
wire        v_pd_in = sd7[323];
wire        v_unv = sd7[322] || (q_fin && v_pd_n != 2'd0);

// -------------------------------------------------------------------------
// The word's error record (D-036): the earliest of the part's events and the input's record (first part)
// -------------------------------------------------------------------------

localparam NEV = 9;
// (C's events, registered for D: ev_* in D)
wire [NEV-1:0]    cv_v;
wire [8*NEV-1:0]  cv_code, cv_byte;
wire [32*NEV-1:0] cv_off, cv_unit;
wire [64*NEV-1:0] cv_exp, cv_got;

// 0: the input's record
assign cv_v[0] = q_ie_v;
assign cv_code[7:0] = q_ie_code;
assign cv_byte[7:0] = q_ie_byte;
assign cv_off[31:0] = q_ie_off;
assign cv_unit[31:0] = q_ie_unit;
assign cv_exp[63:0] = q_ie_exp;
assign cv_got[63:0] = q_ie_got;
// 1: marker T completed, 6: marker H completed, 8: a check cut by the transfer's end
assign cv_v[1] = mk1[197];
assign cv_v[6] = mk2[197];
assign cv_v[8] = q_fin && v_mk_act && v_mk_dv;
assign {cv_byte[8*1 +: 8], cv_off[32*1 +: 32], cv_unit[32*1 +: 32], cv_exp[64*1 +: 64], cv_got[64*1 +: 64]}
    = {5'd0, mk1[194:192], mk1[63:32], mk1[31:0], mk1[191:128], mk1[127:64]};
assign {cv_byte[8*6 +: 8], cv_off[32*6 +: 32], cv_unit[32*6 +: 32], cv_exp[64*6 +: 64], cv_got[64*6 +: 64]}
    = {5'd0, mk2[194:192], mk2[63:32], mk2[31:0], mk2[191:128], mk2[127:64]};
assign {cv_byte[8*8 +: 8], cv_off[32*8 +: 32], cv_unit[32*8 +: 32], cv_exp[64*8 +: 64], cv_got[64*8 +: 64]}
    = {5'd0, mk2[194:192], mk2[63:32], mk2[31:0], mk2[191:128], mk2[127:64]};
// 2..5: deferred checks resolved in the part (valid: resolved; stage E compares them and clears the valid of
// those that match: their byte and expected value are E's, got holds the entry's bytes, p / present go beside)
assign cv_v[5:2] = {rv11, rv10, rv01, rv00};
assign {cv_byte[8*2 +: 8], cv_off[32*2 +: 32], cv_unit[32*2 +: 32], cv_exp[64*2 +: 64], cv_got[64*2 +: 64]}
    = {8'd0, sr0[321:290], sr0[289:258], 64'd0, sr0[224:161]};
assign {cv_byte[8*3 +: 8], cv_off[32*3 +: 32], cv_unit[32*3 +: 32], cv_exp[64*3 +: 64], cv_got[64*3 +: 64]}
    = {8'd0, sr0[160:129], sr0[128:97], 64'd0, sr0[63:0]};
assign {cv_byte[8*4 +: 8], cv_off[32*4 +: 32], cv_unit[32*4 +: 32], cv_exp[64*4 +: 64], cv_got[64*4 +: 64]}
    = {8'd0, sr1[321:290], sr1[289:258], 64'd0, sr1[224:161]};
assign {cv_byte[8*5 +: 8], cv_off[32*5 +: 32], cv_unit[32*5 +: 32], cv_exp[64*5 +: 64], cv_got[64*5 +: 64]}
    = {8'd0, sr1[160:129], sr1[128:97], 64'd0, sr1[63:0]};
wire [4*25-1:0] cr_p  = {sr1[96:72], sr1[257:233], sr0[96:72], sr0[257:233]};
wire [4*8-1:0]  cr_pr = {sr1[71:64], sr1[232:225], sr0[71:64], sr0[232:225]};
// 7: FRAME (a length field's last byte, or a descriptor-framed overrun)
wire         f0p = q_fc0 && q_ll0 != {W{1'b0}};    // (FRAME lanes are exclusive; q_frm_in says it is in the part)
wire         f1p = q_fc1 && q_ll1 != {W{1'b0}};
wire [7:0]   qnfl0 = gath8(q_fl0, q_nn), qnfl1 = gath8(q_fl1, q_nn);
wire [7:0]   novr = gath8(q_ovr, q_nn);
wire [31:0]  f0off = q_boff <= qc_fl ? q_woff + {24'd0, qnfl0} : q_blenoff;
wire [63:0]  fexp0 = q_uf0 ? {56'd0, qc_ulp} : {40'd0, qc_max};
wire [63:0]  fexp1 = q_uf1 ? {56'd0, qc_ulp} : {40'd0, qc_max};
assign cv_v[7] = q_frm_in;
assign cv_code[8*1 +: 8] = ERR_MRK;
assign cv_code[8*2 +: 8] = ERR_MRK;
assign cv_code[8*3 +: 8] = ERR_MRK;
assign cv_code[8*4 +: 8] = ERR_MRK;
assign cv_code[8*5 +: 8] = ERR_MRK;
assign cv_code[8*6 +: 8] = ERR_MRK;
assign cv_code[8*7 +: 8] = ERR_FRAME;
assign cv_code[8*8 +: 8] = ERR_MRK;
assign cv_byte[8*7 +: 8] = 8'd0;
assign cv_off[32*7 +: 32] = f0p ? f0off : f1p ? q_woff + {24'd0, qnfl1} : q_woff + {24'd0, novr};
assign cv_unit[32*7 +: 32] = f0p ? q_bpidx : f1p ? q_bpidx + 32'd1 : q_bpidx + {31'd0, !q_bpdone};
assign cv_exp[64*7 +: 64] = f0p ? fexp0 : f1p ? fexp1 : {38'd0, q_len0};
assign cv_got[64*7 +: 64] = f0p ? {40'd0, q_d0} : f1p ? {40'd0, q_d1} : {38'd0, q_len0};

// the transfer's last word: flags, resume fields
reg [7:0]     w_xflags;
reg [511:0]   w_desc;
always @* begin
    w_xflags = q_xflags;
    w_desc = q_desc;
    if (q_fin) begin
        w_xflags = q_xflags | {6'd0, v_unv, q_vlost};
        // (the resume fields: B's registers hold them as of the part in C, the last part B emitted; a part's
        // FRAME wrote fz_*, and at the word's end the state after it is st_*)
        w_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] = q_fzsel ? fz_off : st_off;
        w_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] = q_fzsel ? fz_hlen : st_hlen;
        w_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W] = q_fzsel ? fz_dlen : st_dlen;
        w_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] = q_fzsel ? fz_fwoff : st_fwoff;
    end
end

// =========================================================================
// Stage E (D-107): the part's word and C's events (e_*).  The deferred checks C resolved are compared with
// their PDU's length here (a 26-bit difference and eight byte compares: in C they came after the chain of
// steps that gives the entries as of the length field's end), and every pair of events is ranked by
// {err_off, code}, so that D only selects.
// =========================================================================

reg           e_valid = 1'b0;
reg [8*W-1:0] e_data = {8*W{1'b0}};
reg [8*W-1:0] e_tag = {8*W{1'b0}};        // the input's tags (a failed descriptor's pass)
reg [4*W-1:0] e_aux = {4*W{1'b0}};
reg [W-1:0]   e_in = {W{1'b0}};           // the part's lanes, and which are lost, markers, the overrun
reg [W-1:0]   e_lost = {W{1'b0}};
reg [W-1:0]   e_mk = {W{1'b0}};
reg [W-1:0]   e_ovr = {W{1'b0}};
reg [TF_W*W-1:0] e_tf = {TF_W*W{1'b0}};  // each lane's compares with its segment's layout (C's c_tf)
reg           e_mpa = 1'b0;
reg           e_iscsi = 1'b0;
reg           e_raw = 1'b0;
reg           e_first = 1'b0;
reg           e_last = 1'b0;
reg [31:0]    e_woff = 32'd0;
reg [7:0]     e_nin = 8'd0;
reg           e_dbad = 1'b0;
reg [511:0]   e_desc = 512'd0;
reg [7:0]     e_xflags = 8'd0;
reg [15:0]    e_ie_emap = 16'd0;
reg [7:0]     e_ie_ecnt = 8'd0;
reg [NEV-1:0] e_ev_v = {NEV{1'b0}};
reg [7:0]     e_ev_code0 = 8'd0;          // (the other events' codes are constants)
/* verilator lint_off UNUSEDSIGNAL */
reg [8*NEV-1:0]  e_ev_byte = {8*NEV{1'b0}};   // (events 2..5's byte and expected value are made in E)
reg [64*NEV-1:0] e_ev_exp = {64*NEV{1'b0}};
/* verilator lint_on UNUSEDSIGNAL */
reg [32*NEV-1:0] e_ev_off = {32*NEV{1'b0}};
reg [32*NEV-1:0] e_ev_unit = {32*NEV{1'b0}};
reg [64*NEV-1:0] e_ev_got = {64*NEV{1'b0}};
reg [4*25-1:0]   e_rp = {4*25{1'b0}};      // the resolved entries' offsets and present bytes (events 2..5)
reg [4*8-1:0]    e_rpr = {4*8{1'b0}};
reg [25:0]       e_len0 = 26'd0, e_len1 = 26'd0;

// the events as D takes them: 2..5 compared
wire [NEV-1:0]    xv_v;
wire [8*NEV-1:0]  xv_byte;
wire [64*NEV-1:0] xv_exp, xv_got;
wire [8*NEV-1:0]  xv_code = {cv_code[8*NEV-1:8], e_ev_code0};
generate
    for (gi = 0; gi < NEV; gi = gi + 1) begin : g_xev
        if (gi >= 2 && gi <= 5) begin : g_res
            wire [131:0] rs = res_one(e_rp[25*(gi-2) +: 25], e_rpr[8*(gi-2) +: 8], e_ev_got[64*gi +: 64],
                                      gi <= 3 ? e_len0 : e_len1);
            assign xv_v[gi] = e_ev_v[gi] && rs[131];
            assign xv_byte[8*gi +: 8] = {5'd0, rs[130:128]};
            assign xv_exp[64*gi +: 64] = rs[127:64];
            assign xv_got[64*gi +: 64] = rs[63:0];
        end else begin : g_pass
            assign xv_v[gi] = e_ev_v[gi];
            assign xv_byte[8*gi +: 8] = e_ev_byte[8*gi +: 8];
            assign xv_exp[64*gi +: 64] = e_ev_exp[64*gi +: 64];
            assign xv_got[64*gi +: 64] = e_ev_got[64*gi +: 64];
        end
    end
endgenerate

// -------------------------------------------------------------------------
// Per-lane tags (D-107): the kind and flags from C's compares
// -------------------------------------------------------------------------

wire        ec_active  = !e_dbad;
wire        ec_ddig    = e_desc[MDD_DESC_DDIG_EN_LSB];
wire        ec_hdr_out = e_desc[MDD_DESC_HDR_OUT_LSB];
wire [2:0]  ec_ml1     = e_iscsi ? 3'd7 : 3'd3;
wire [8*W-1:0] w_tag;
wire [4*W-1:0] w_aux;

generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_etag
        wire [TF_W-1:0] f = e_tf[TF_W*gi +: TF_W];
        wire [2:0] m = e_aux[4*gi +: 3];
        reg  [2:0] kind;
        reg  [7:0] fl;
        reg  [1:0] idx;
        always @* begin
            fl = 8'd0;
            idx = 2'd0;
            if (f[TF_HX]) begin
                kind = MDD_KIND_HDR;
            end else begin
                if (f[TF_HDR]) begin
                    kind = MDD_KIND_HDR;
                    if (f[TF_EH]) fl = fl | TAG_EH;
                end else if (f[TF_HDG]) begin
                    kind = MDD_KIND_HDIG;
                    idx = f[TF_HIX +: 2];
                end else if (f[TF_PAY]) begin
                    kind = MDD_KIND_PAY;
                end else if (f[TF_PAD]) begin
                    kind = MDD_KIND_PAD;
                end else begin
                    kind = MDD_KIND_DDIG;
                    idx = f[TF_DIX +: 2];
                end
                if (f[TF_LC]) fl = fl | TAG_ED;
                if (f[TF_EP]) fl = fl | TAG_EP;
            end
        end
        wire       keep = kind == MDD_KIND_PAY || (kind == MDD_KIND_HDR && ec_hdr_out);
        wire [7:0] ptag = fl | (keep ? TAG_K : 8'd0) | {5'd0, kind};
        wire       between = e_mpa && !f[TF_BND] && f[TF_KN] && f[TF_BW];
        wire       covered = e_mpa && !between;
        wire       med = ec_ddig && covered && m == ec_ml1 && !f[TF_BND] && f[TF_KN] && f[TF_EDM];
        reg  [7:0] tg;
        reg  [3:0] ax;
        assign w_tag[8*gi +: 8] = tg;
        assign w_aux[4*gi +: 4] = ax;
        always @* begin
            tg = TAG_VOID;
            ax = 4'd0;
            if (e_in[gi]) begin
                if (!ec_active) begin
                    tg = e_tag[8*gi +: 8];
                    ax = e_aux[4*gi +: 4];
                end else if (e_raw) begin
                    tg = TAG_K | {5'd0, MDD_KIND_PAY};
                end else if (e_lost[gi]) begin
                    // VOID, like every byte after a FRAME error
                end else if (e_mk[gi]) begin
                    tg = (med ? TAG_ED : 8'd0) | {5'd0, MDD_KIND_MRK};
                    ax = {!covered, m};
                end else if (e_ovr[gi]) begin
                    // the overrun byte of a descriptor-framed PDU: VOID
                end else begin
                    tg = ptag;
                    ax = {2'd0, idx};
                end
            end
        end
    end
endgenerate

// event gi before event gt: smallest {err_off, code}, ties to the earlier (every pair compared; D needs only
// the valid bits beside them)
wire [NEV*NEV-1:0] xv_before;
generate
    for (gi = 0; gi < NEV; gi = gi + 1) begin : g_rank
        wire [39:0] ka = {e_ev_off[32*gi +: 32], xv_code[8*gi +: 8]};
        for (gt = 0; gt < NEV; gt = gt + 1) begin : g_pair
            if (gt == gi) begin : g_self
                assign xv_before[NEV*gi + gt] = 1'b1;
            end else begin : g_other
                wire [39:0] kb = {e_ev_off[32*gt +: 32], xv_code[8*gt +: 8]};
                assign xv_before[NEV*gi + gt] = gt > gi ? ka <= kb : ka < kb;
            end
        end
    end
endgenerate

// (D takes E's part when it is empty or moves; E takes C's when it is empty or moves)
wire adv_c = advance || !d_valid;
wire adv_e = adv_c || !e_valid;
wire q_emit = q_valid && adv_e;
wire e_emit = e_valid && adv_c;

always @(posedge clk) begin
    if (rst) begin
        e_valid <= 1'b0;
    end else if (adv_e) begin
        e_valid <= q_valid;
    end
    if (q_emit) begin
        e_data <= q_data;
        e_tag <= q_tag;
        e_aux <= q_aux;
        e_in <= q_in;
        e_lost <= q_lost;
        e_mk <= q_mk;
        e_ovr <= q_ovr;
        e_tf <= c_tf;
        e_mpa <= q_mpa;
        e_iscsi <= q_iscsi;
        e_raw <= q_raw;
        e_first <= q_first;
        e_last <= q_last;
        e_woff <= q_woff;
        e_nin <= q_nin;
        e_dbad <= q_dbad;
        e_desc <= w_desc;
        e_xflags <= w_xflags;
        e_ie_emap <= q_ie_emap;
        e_ie_ecnt <= q_ie_ecnt;
        e_ev_v <= cv_v;
        e_ev_code0 <= cv_code[7:0];
        e_ev_byte <= cv_byte;
        e_ev_off <= cv_off;
        e_ev_unit <= cv_unit;
        e_ev_exp <= cv_exp;
        e_ev_got <= cv_got;
        e_rp <= cr_p;
        e_rpr <= cr_pr;
        e_len0 <= q_len0;
        e_len1 <= q_len1;
    end
end

// =========================================================================
// Stage D (D-096, D-107): the part's word and its events ranked (d_*); the earliest event becomes the word's
// error record
// =========================================================================

reg           d_valid = 1'b0;
reg [8*W-1:0] d_data = {8*W{1'b0}};
reg [8*W-1:0] d_tag = {8*W{1'b0}};
reg [4*W-1:0] d_aux = {4*W{1'b0}};
reg           d_first = 1'b0;
reg           d_last = 1'b0;
reg [31:0]    d_woff = 32'd0;
reg [7:0]     d_nin = 8'd0;
reg           d_dbad = 1'b0;
reg [511:0]   d_desc = 512'd0;
reg [7:0]     d_xflags = 8'd0;
reg [15:0]    d_ie_emap = 16'd0;
reg [7:0]     d_ie_ecnt = 8'd0;
reg [NEV-1:0] d_ev_v = {NEV{1'b0}};
reg [7:0]     d_ev_code0 = 8'd0;
reg [8*NEV-1:0]  d_ev_byte = {8*NEV{1'b0}};
reg [32*NEV-1:0] d_ev_off = {32*NEV{1'b0}};
reg [32*NEV-1:0] d_ev_unit = {32*NEV{1'b0}};
reg [64*NEV-1:0] d_ev_exp = {64*NEV{1'b0}};
reg [64*NEV-1:0] d_ev_got = {64*NEV{1'b0}};
reg [NEV*NEV-1:0] d_before = {NEV*NEV{1'b0}};

wire [NEV-1:0]    ev_v = d_ev_v;
wire [8*NEV-1:0]  ev_code = {cv_code[8*NEV-1:8], d_ev_code0};
wire [8*NEV-1:0]  ev_byte = d_ev_byte;
wire [32*NEV-1:0] ev_off = d_ev_off;
wire [32*NEV-1:0] ev_unit = d_ev_unit;
wire [64*NEV-1:0] ev_exp = d_ev_exp;
wire [64*NEV-1:0] ev_got = d_ev_got;

// the winner: valid, and before every other valid event
wire [NEV-1:0] ev_win;
generate
    for (gi = 0; gi < NEV; gi = gi + 1) begin : g_win
        assign ev_win[gi] = ev_v[gi] && &(~ev_v | d_before[NEV*gi +: NEV]);
    end
endgenerate

reg           w_err_v;
reg [7:0]     w_err_code, w_err_byte, w_ecnt;
reg [31:0]    w_err_off, w_err_unit;
reg [63:0]    w_err_exp, w_err_got;
reg [15:0]    w_emap;
integer       e;

always @* begin
    w_err_v = ev_v != {NEV{1'b0}};
    if (ev_v == {NEV{1'b0}}) begin
        w_err_code = ev_code[7:0];
        w_err_byte = ev_byte[7:0];
        w_err_off = ev_off[31:0];
        w_err_unit = ev_unit[31:0];
        w_err_exp = ev_exp[63:0];
        w_err_got = ev_got[63:0];
    end else begin
        w_err_code = 8'd0;
        w_err_byte = 8'd0;
        w_err_off = 32'd0;
        w_err_unit = 32'd0;
        w_err_exp = 64'd0;
        w_err_got = 64'd0;
        for (e = 0; e < NEV; e = e + 1) begin
            w_err_code = w_err_code | (ev_code[8*e +: 8] & {8{ev_win[e]}});
            w_err_byte = w_err_byte | (ev_byte[8*e +: 8] & {8{ev_win[e]}});
            w_err_off = w_err_off | (ev_off[32*e +: 32] & {32{ev_win[e]}});
            w_err_unit = w_err_unit | (ev_unit[32*e +: 32] & {32{ev_win[e]}});
            w_err_exp = w_err_exp | (ev_exp[64*e +: 64] & {64{ev_win[e]}});
            w_err_got = w_err_got | (ev_got[64*e +: 64] & {64{ev_win[e]}});
        end
    end
    w_emap = d_ie_emap
           | ((ev_v[6:1] != 6'd0 || ev_v[8]) ? 16'd1 << MDD_ERR_MRK : 16'd0)
           | (ev_v[7] ? 16'd1 << MDD_ERR_FRAME : 16'd0);
    w_ecnt = d_ie_ecnt
           + {7'd0, ev_v[1]} + {7'd0, ev_v[2]} + {7'd0, ev_v[3]} + {7'd0, ev_v[4]}
           + {7'd0, ev_v[5]} + {7'd0, ev_v[6]} + {7'd0, ev_v[7]} + {7'd0, ev_v[8]};
end

// (D and the output register move on advance; E's part enters D when D is empty or moves)
always @(posedge clk) begin
    if (rst) begin
        d_valid <= 1'b0;
    end else if (adv_c) begin
        d_valid <= e_valid;
    end
    if (e_emit) begin
        d_data <= e_data;
        d_tag <= w_tag;
        d_aux <= w_aux;
        d_first <= e_first;
        d_last <= e_last;
        d_woff <= e_woff;
        d_nin <= e_nin;
        d_dbad <= e_dbad;
        d_desc <= e_desc;
        d_xflags <= e_xflags;
        d_ie_emap <= e_ie_emap;
        d_ie_ecnt <= e_ie_ecnt;
        d_ev_v <= xv_v;
        d_ev_code0 <= e_ev_code0;
        d_ev_byte <= xv_byte;
        d_ev_off <= e_ev_off;
        d_ev_unit <= e_ev_unit;
        d_ev_exp <= xv_exp;
        d_ev_got <= xv_got;
        d_before <= xv_before;
    end
end

always @(posedge clk) begin
    if (q_emit) begin
        pd_unv <= v_unv;
        {mk_act, mk_dv, mk_diff, mk_exp, mk_got, mk_off, mk_unit} <= mk2[196:0];
        pd_n <= v_pd_n;
        pd_in <= v_pd_in;
        {pd0_off, pd0_unit, pd0_p, pd0_present, pd0_got} <= sd7[321:161];
        {pd1_off, pd1_unit, pd1_p, pd1_present, pd1_got} <= sd7[160:0];
    end
end

// -------------------------------------------------------------------------
// Output register
// -------------------------------------------------------------------------

reg [8*W-1:0] m_data_r = {8*W{1'b0}};
reg [8*W-1:0] m_tag_r = {8*W{1'b0}};
reg [4*W-1:0] m_aux_r = {4*W{1'b0}};
reg           m_first_r = 1'b0;
reg           m_last_r = 1'b0;
reg [31:0]    m_woff_r = 32'd0;
reg [7:0]     m_nin_r = 8'd0;
reg           m_dbad_r = 1'b0;
reg [511:0]   m_desc_r = 512'd0;
reg [7:0]     m_xflags_r = 8'd0;
reg           m_err_v_r = 1'b0;
reg [7:0]     m_err_code_r = 8'd0;
reg [7:0]     m_err_byte_r = 8'd0;
reg [31:0]    m_err_off_r = 32'd0;
reg [31:0]    m_err_unit_r = 32'd0;
reg [63:0]    m_err_exp_r = 64'd0;
reg [63:0]    m_err_got_r = 64'd0;
reg [15:0]    m_emap_r = 16'd0;
reg [7:0]     m_ecnt_r = 8'd0;

always @(posedge clk) begin
    if (rst) begin
        m_valid_r <= 1'b0;
    end else if (advance) begin
        m_valid_r <= d_valid;
    end
    if (advance && d_valid) begin
        m_data_r <= d_data;
        m_tag_r <= d_tag;
        m_aux_r <= d_aux;
        m_first_r <= d_first;
        m_last_r <= d_last;
        m_woff_r <= d_woff;
        m_nin_r <= d_nin;
        m_dbad_r <= d_dbad;
        m_desc_r <= d_desc;
        m_xflags_r <= d_xflags;
        m_err_v_r <= w_err_v;
        m_err_code_r <= w_err_code;
        m_err_byte_r <= w_err_byte;
        m_err_off_r <= w_err_off;
        m_err_unit_r <= w_err_unit;
        m_err_exp_r <= w_err_exp;
        m_err_got_r <= w_err_got;
        m_emap_r <= w_emap;
        m_ecnt_r <= w_ecnt;
    end
end

`ifndef SYNTHESIS
// the state's PDU length (st_len, the descriptor's a_dlay) is its layout's, wherever it is used; no start lane
// after a FRAME lane (D-095)
always @(posedge clk) begin
    // (a marker's tail T leads the word, before every PDU lane, so it is always in seg 0: seg 1 begins after at
    // least one PDU lane; stage C checks it in seg 0 only, D-101)
    if (!rst && a_valid && (bfT & (ps1[W-1:0] | ps2[W-1:0])) != {W{1'b0}}) begin
        $display("Error: mdd_rx_loc_pdu: a marker's tail past seg 0 (first lane %b, seg 1 %b, seg 2 %b) (%m)",
                 bfT, ps1[W-1:0], ps2[W-1:0]);
        $stop;
    end
    if (!rst && a_valid && (start & lostb) != {W{1'b0}}) begin
        $display("Error: mdd_rx_loc_pdu: a PDU start after a FRAME lane (start %b, lost below %b) (%m)", start, lostb);
        $stop;
    end
    if (!rst && a_valid && p_final && walk && ps2[W] && g_stop[1].g_fwe.pe1 != len1[7:0]) begin
        $display("Error: mdd_rx_loc_pdu: the word ends in seg 2 at its offset %0d (%m)", g_stop[1].g_fwe.pe1 - len1[7:0]);
        $stop;
    end
    if (!rst && a_valid && fwh && cused != 8'd0) begin
        $display("Error: mdd_rx_loc_pdu: fpdu_woff %0d near its wrap with %0d PDU lanes emitted (%m)", b_fwoff, cused);
        $stop;
    end
    if (!rst && a_valid && walk && c_mpa && !fresh && b_fwoff != 16'd0) begin
        $display("Error: mdd_rx_loc_pdu: fpdu_woff %0d in a part after a cut (%m)", b_fwoff);
        $stop;
    end
    if (!rst && a_valid && (b_oz != (b_off == 25'd0) || b_ol != (b_off <= c_ll))) begin
        $display("Error: mdd_rx_loc_pdu: the PDU offset's flags %b %b, the offset %0d (%m)", b_oz, b_ol, b_off);
        $stop;
    end
    if (!rst && a_valid && walk) begin : c_ep
        integer i;
        for (i = 0; i < W; i = i + 1) begin
            if (ep1[i] != (ln_pl[i] && e1ok && p0p1_l[26*i +: 26] == len0)
                || ep2[i] != (ln_pl[i] && ps1[i] && e2ok && eq8(p1_l[8*i +: 8] + 8'd1, len1))) begin
                $display("Error: mdd_rx_loc_pdu: lane %0d's EP flags %b %b, its offsets %0d %0d + 1 against %0d %0d (%m)",
                         i, ep1[i], ep2[i], p0p1_l[26*i +: 26] - 26'd1, p1_l[8*i +: 8], len0, len1);
                $stop;
            end
        end
    end
    if (!rst && a_valid && parse0 && pr0_ll != (ll0c < {1'b0, wd_total})) begin
        $display("Error: mdd_rx_loc_pdu: seg 0's length field complete in the word %b, its last byte at count %0d of %0d (%m)",
                 pr0_ll, ll0c, wd_total);
        $stop;
    end
    if (!rst && a_valid && ((ps2[W] && g_stop[1].g_fwe.pc2 != lane_popc(v2))
                            || (ps1[W] && !ps2[W] && g_stop[1].g_fwe.pc1 != lane_popc(v1)))) begin
        $display("Error: mdd_rx_loc_pdu: the present lanes behind seg 1 / 2's start %0d / %0d, the segments' %0d / %0d (%m)",
                 g_stop[1].g_fwe.pc1, g_stop[1].g_fwe.pc2, lane_popc(v1), lane_popc(v2));
        $stop;
    end
    if (!rst && a_valid && ((hfl0 && cc_total <= cfl0) || (hfl1 && cc_total <= cfl1))) begin
        $display("Error: mdd_rx_loc_pdu: a length field's first lane at count %0d / %0d, not below the part's end %0d (%m)",
                 cfl0, cfl1, cc_total);
        $stop;
    end
    if (!rst && a_valid && ((hfl0 && lenoff0 != a_woff + {24'd0, gath8(fl0, a_nw)})
                            || (hfl1 && lenoff1 != a_woff + {24'd0, gath8(fl1, a_nw)}))) begin
        $display("Error: mdd_rx_loc_pdu: a length field's transfer offset %0d / %0d, the word's offset %0d plus the count %0d / %0d (%m)",
                 lenoff0, lenoff1, a_woff, gath8(fl0, a_nw), gath8(fl1, a_nw));
        $stop;
    end
    if (!rst && a_valid && cused_oh != ({{W{1'b0}}, 1'b1} << cused)) begin
        $display("Error: mdd_rx_loc_pdu: the emitted PDU lanes' one-hot %b, their count %0d (%m)", cused_oh, cused);
        $stop;
    end
    if (!rst && a_valid && walk && !parse0 && (cused != 8'd0 || b_rem != {1'b0, b_len} - {2'd0, b_off})) begin
        $display("Error: mdd_rx_loc_pdu: the state's layout in a part at word count %0d, or its bytes to the end %0d, not %0d - %0d (%m)",
                 cused, b_rem, b_len, b_off);
        $stop;
    end
    if (!rst && a_valid && walk && !parse0 && b_len != plen(b_hlen, b_dlen, c_hdig, c_ddig, c_mpa)) begin
        $display("Error: mdd_rx_loc_pdu: the state's PDU length %0d, its layout's (hdr_len %0d, data_len %0d) %0d (%m)",
                 b_len, b_hlen, b_dlen, plen(b_hlen, b_dlen, c_hdig, c_ddig, c_mpa));
        $stop;
    end
end
`endif

assign m_valid = m_valid_r;
assign m_data = m_data_r;
assign m_tag = m_tag_r;
assign m_aux = m_aux_r;
assign m_first = m_first_r;
assign m_last = m_last_r;
assign m_woff = m_woff_r;
assign m_nin = m_nin_r;
assign m_dbad = m_dbad_r;
assign m_desc = m_desc_r;
assign m_xflags = m_xflags_r;
assign m_err_v = m_err_v_r;
assign m_err_code = m_err_code_r;
assign m_err_byte = m_err_byte_r;
assign m_err_off = m_err_off_r;
assign m_err_unit = m_err_unit_r;
assign m_err_exp = m_err_exp_r;
assign m_err_got = m_err_got_r;
assign m_emap = m_emap_r;
assign m_ecnt = m_ecnt_r;

endmodule

`resetall

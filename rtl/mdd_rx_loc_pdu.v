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
 * Flow control (D-029): advance = m_ready | ~m_valid, s_ready = advance unless
 * the word is being split.  Latency one clock.  rst clears the valid bit and
 * the split state; the stream state is loaded from the descriptor on every
 * transfer's first word; data registers are not reset.
 *
 * The lane loop is written as the reference algorithm, one lane after the
 * other (a ripple through W lanes per word).
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

wire [1:0]  c_proto   = s_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire        c_active  = !s_dbad;
wire        c_iscsi   = c_proto == MDD_PROTO_ISCSI[1:0];
wire        c_mpa     = c_proto == MDD_PROTO_MPA[1:0];
wire        c_raw     = c_proto == MDD_PROTO_RAW[1:0];
wire        c_self    = s_desc[MDD_DESC_SELF_FRAME_LSB];
wire        c_hdig    = s_desc[MDD_DESC_HDIG_EN_LSB];
wire        c_ddig    = s_desc[MDD_DESC_DDIG_EN_LSB];
wire        c_mrk_chk = s_desc[MDD_DESC_MRK_CHK_LSB];
wire        c_hdr_out = s_desc[MDD_DESC_HDR_OUT_LSB];
wire [7:0]  c_ulp     = s_desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W];
wire [23:0] c_max     = s_desc[MDD_DESC_MAX_DATA_LSB +: MDD_DESC_MAX_DATA_W];
wire [2:0]  c_ml1     = c_iscsi ? 3'd7 : 3'd3;                    // marker length - 1
wire [24:0] c_ll      = c_mpa ? 25'd1 : 25'd7;                    // offset of the last length byte
wire [24:0] c_fl      = c_mpa ? 25'd0 : 25'd5;                    // offset of the first length byte

// PDU length of a layout (docs/rx-path.md section 2)
function [25:0] pdu_len(input [11:0] hlen, input [23:0] dlen, input hdig, input ddig, input mpa);
    reg [1:0] pad;
    begin
        pad = 2'd0 - hlen[1:0] - dlen[1:0];
        pdu_len = {14'd0, hlen} + (hdig ? 26'd4 : 26'd0) + {2'd0, dlen} + {24'd0, pad}
                + ((ddig && (mpa || dlen != 24'd0)) ? 26'd4 : 26'd0);
    end
endfunction

// -------------------------------------------------------------------------
// Registers: split state, stream state, marker checks
// -------------------------------------------------------------------------

reg [W-1:0] done = {W{1'b0}};    // lanes of the current input word already emitted
reg [7:0]   used_r = 8'd0;       // input bytes of the current word already emitted

reg [24:0]  st_off = 25'd0;      // PDU offset of the next non-marker byte
reg [11:0]  st_hlen = 12'd0;     // hdr_len as parsed
reg [23:0]  st_dlen = 24'd0;     // data_len as parsed
reg [15:0]  st_fwoff = 16'd0;    // MPA: wire bytes of the current FPDU so far
reg [31:0]  st_pidx = 32'd0;     // PDU ends passed in this transfer (err_unit)
reg [31:0]  st_lenoff = 32'd0;   // transfer offset of the length field's first byte
reg         st_lost = 1'b0;      // FRAME: the rest of the transfer is unlocated
reg         st_pdone = 1'b0;     // descriptor-framed: the PDU has ended
reg         st_unv = 1'b0;       // a deferred marker check was dropped

reg         mk_act = 1'b0;       // a marker check in progress
reg         mk_dv = 1'b0;        // ... with a differing byte
reg [2:0]   mk_diff = 3'd0;
reg [63:0]  mk_exp = 64'd0;      // byte j at bits 8 * (ML - 1 - j)
reg [63:0]  mk_got = 64'd0;
reg [31:0]  mk_off = 32'd0;
reg [31:0]  mk_unit = 32'd0;

reg [1:0]   pd_n = 2'd0;         // deferred iSCSI marker checks (0..2)
reg         pd_in = 1'b0;        // the last one still takes bytes
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

reg  m_valid_r = 1'b0;
wire advance = m_ready || !m_valid_r;

wire       first_part = done == {W{1'b0}};
wire [7:0] used = first_part ? 8'd0 : used_r;
wire       init = s_first && first_part;

// -------------------------------------------------------------------------
// The part of the input word emitted this cycle: the lane loop
// -------------------------------------------------------------------------

// working copies of the state (v_*), of the word (w_*), and per-lane values
reg [24:0]  v_off;
reg [11:0]  v_hlen;
reg [23:0]  v_dlen;
reg [15:0]  v_fwoff;
reg [31:0]  v_pidx;
reg [31:0]  v_lenoff;
reg         v_lost, v_pdone, v_unv;
reg         v_mk_act, v_mk_dv;
reg [2:0]   v_mk_diff;
reg [63:0]  v_mk_exp, v_mk_got;
reg [31:0]  v_mk_off, v_mk_unit;
reg [1:0]   v_pd_n;
reg         v_pd_in;
reg [31:0]  v_pd0_off, v_pd0_unit, v_pd1_off, v_pd1_unit;
reg [24:0]  v_pd0_p, v_pd1_p;
reg [7:0]   v_pd0_present, v_pd1_present;
reg [63:0]  v_pd0_got, v_pd1_got;

reg [8*W-1:0] w_tag;
reg [4*W-1:0] w_aux;
reg           w_err_v;
reg [7:0]     w_err_code, w_err_byte;
reg [31:0]    w_err_off, w_err_unit;
reg [63:0]    w_err_exp, w_err_got;
reg [15:0]    w_emap;
reg [7:0]     w_ecnt;
reg [7:0]     w_xflags;
reg [511:0]   w_desc;

reg [W-1:0]   p_in;
reg           p_final;
reg           p_started;
reg [7:0]     p_nbytes;
reg [31:0]    ioff;

reg [7:0]     l_t, l_b;
reg [3:0]     l_a;
reg [2:0]     l_kind, l_m, l_idx;
reg [7:0]     l_flags;
reg [24:0]    l_p;
reg           l_boundary, l_known, l_has_dd, l_between, l_covered, l_deferred;
reg           l_early, l_frame_now, l_ep, l_keep, l_last_cov;
reg [25:0]    l_len, l_q, l_hd, l_pay_end, l_pad_end;
reg [1:0]     l_pad;
reg [63:0]    l_exp, l_got, l_bmask;
reg [31:0]    l_v;
reg [5:0]     l_sh;
reg           l_dv;
reg [2:0]     l_diff;
integer       i, j;

// one error event into the word's record (D-036)
task merge_ev(input [7:0] code, input [7:0] eb, input [31:0] off, input [31:0] unit, input [63:0] exp,
              input [63:0] got);
    begin
        if (!w_err_v || off < w_err_off || (off == w_err_off && code < w_err_code)) begin
            w_err_code = code;
            w_err_byte = eb;
            w_err_off = off;
            w_err_unit = unit;
            w_err_exp = exp;
            w_err_got = got;
        end
        w_err_v = 1'b1;
        w_emap = w_emap | (16'd1 << code);
        w_ecnt = w_ecnt + 8'd1;
    end
endtask

// FRAME: the rest of the transfer is lost, deferred marker checks are dropped
task frame_ev(input [31:0] off, input [63:0] exp, input [63:0] got);
    begin
        merge_ev(ERR_FRAME, 8'd0, off, v_pidx, exp, got);
        v_lost = 1'b1;
        if (v_pd_n != 2'd0) v_unv = 1'b1;
        v_pd_n = 2'd0;
        v_pd_in = 1'b0;
    end
endtask

// a deferred marker check, once the PDU length is known
task resolve_one(input [31:0] off, input [31:0] unit, input [24:0] p, input [7:0] present, input [63:0] got);
    begin
        l_v = {6'd0, l_len} - {7'd0, p};
        l_exp = {l_v, l_v};
        l_got = l_exp;
        l_dv = 1'b0;
        l_diff = 3'd0;
        for (j = 0; j < 8; j = j + 1) begin
            if (present[j]) begin
                l_got[63 - 8*j -: 8] = got[63 - 8*j -: 8];
                if (!l_dv && got[63 - 8*j -: 8] != l_exp[63 - 8*j -: 8]) begin
                    l_dv = 1'b1;
                    l_diff = j[2:0];
                end
            end
        end
        if (l_dv) merge_ev(ERR_MRK, {5'd0, l_diff}, off, unit, l_exp, l_got);
    end
endtask

always @* begin
    // the stream state: from the descriptor on a transfer's first word
    v_off = init ? s_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] : st_off;
    v_hlen = init ? s_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] : st_hlen;
    v_dlen = init ? s_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W] : st_dlen;
    v_fwoff = init ? s_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] : st_fwoff;
    v_pidx = init ? 32'd0 : st_pidx;
    v_lenoff = init ? 32'd0 : st_lenoff;
    v_lost = init ? 1'b0 : st_lost;
    v_pdone = init ? 1'b0 : st_pdone;
    v_unv = init ? 1'b0 : st_unv;
    v_mk_act = init ? 1'b0 : mk_act;
    v_mk_dv = mk_dv;
    v_mk_diff = mk_diff;
    v_mk_exp = mk_exp;
    v_mk_got = mk_got;
    v_mk_off = mk_off;
    v_mk_unit = mk_unit;
    v_pd_n = init ? 2'd0 : pd_n;
    v_pd_in = init ? 1'b0 : pd_in;
    v_pd0_off = pd0_off;
    v_pd0_unit = pd0_unit;
    v_pd0_p = pd0_p;
    v_pd0_present = pd0_present;
    v_pd0_got = pd0_got;
    v_pd1_off = pd1_off;
    v_pd1_unit = pd1_unit;
    v_pd1_p = pd1_p;
    v_pd1_present = pd1_present;
    v_pd1_got = pd1_got;

    w_tag = {W{TAG_VOID}};
    w_aux = {4*W{1'b0}};
    w_err_v = first_part && s_err_v;
    w_err_code = first_part ? s_err_code : 8'd0;
    w_err_byte = first_part ? s_err_byte : 8'd0;
    w_err_off = first_part ? s_err_off : 32'd0;
    w_err_unit = first_part ? s_err_unit : 32'd0;
    w_err_exp = first_part ? s_err_exp : 64'd0;
    w_err_got = first_part ? s_err_got : 64'd0;
    w_emap = first_part ? s_emap : 16'd0;
    w_ecnt = first_part ? s_ecnt : 8'd0;
    w_xflags = s_xflags;
    w_desc = s_desc;

    p_in = {W{1'b0}};
    p_final = 1'b1;
    p_started = 1'b0;
    p_nbytes = 8'd0;
    ioff = s_woff + {24'd0, used};

    l_t = 8'd0; l_b = 8'd0; l_a = 4'd0; l_kind = 3'd0; l_m = 3'd0; l_idx = 3'd0; l_flags = 8'd0; l_p = 25'd0;
    l_boundary = 1'b0; l_known = 1'b0; l_has_dd = 1'b0; l_between = 1'b0; l_covered = 1'b0; l_deferred = 1'b0;
    l_early = 1'b0; l_frame_now = 1'b0; l_ep = 1'b0; l_keep = 1'b0; l_last_cov = 1'b0;
    l_len = 26'd0; l_q = 26'd0; l_hd = 26'd0; l_pay_end = 26'd0; l_pad_end = 26'd0; l_pad = 2'd0;
    l_exp = 64'd0; l_got = 64'd0; l_bmask = 64'd0; l_v = 32'd0; l_sh = 6'd0; l_dv = 1'b0; l_diff = 3'd0;

    for (i = 0; i < W; i = i + 1) begin
        if (!done[i] && p_final) begin
            l_t = s_tag[8*i +: 8];
            l_a = s_aux[4*i +: 4];
            l_b = s_data[8*i +: 8];
            l_kind = l_t[2:0];
            if (l_kind == MDD_KIND_VOID) begin
                p_in[i] = 1'b1;
            end else begin
                // a second PDU start ends the part before this lane; an MPA FPDU starts at its first wire
                // byte (fpdu_woff 0), which may be a boundary marker that its CRC covers (D-034), so the CRC
                // engines never see a third message in one part
                if (c_active && !c_raw && !v_lost && !(!c_self && v_pdone)
                    && (c_mpa ? (v_fwoff == 16'd0) : (l_kind != MDD_KIND_MRK && v_off == 25'd0))) begin
                    if (p_started) p_final = 1'b0;
                    p_started = 1'b1;
                end
            end
            if (l_kind != MDD_KIND_VOID && p_final) begin
                p_in[i] = 1'b1;
                if (!c_active) begin
                    w_tag[8*i +: 8] = l_t;
                    w_aux[4*i +: 4] = l_a;
                end else if (c_raw) begin
                    w_tag[8*i +: 8] = TAG_K | {5'd0, MDD_KIND_PAY};
                end else if (l_kind == MDD_KIND_MRK) begin
                    // ---------------- marker lane ----------------
                    l_m = l_a[2:0];
                    l_flags = 8'd0;
                    if (v_lost) begin
                        // VOID, like every byte after a FRAME error
                    end else begin
                        l_p = v_off;
                        l_boundary = l_p == 25'd0;
                        l_known = !c_self || l_p > c_ll;
                        l_len = pdu_len(v_hlen, v_dlen, c_hdig, c_ddig, c_mpa);
                        l_has_dd = c_ddig && (c_mpa || v_dlen != 24'd0);
                        l_between = c_mpa && !l_boundary && l_known && l_has_dd && {1'b0, l_p} + 26'd4 > l_len;
                        l_covered = c_mpa && !l_between;
                        w_aux[4*i +: 4] = {!l_covered, l_m};
                        if (c_ddig && l_covered && l_m == c_ml1 && !l_boundary && l_known
                            && {1'b0, l_p} + 26'd4 == l_len)
                            l_flags = TAG_ED;
                        if (c_mrk_chk) begin
                            l_deferred = 1'b0;
                            l_exp = 64'd0;
                            if (c_mpa) begin
                                l_exp = {48'd0, v_fwoff - {13'd0, l_m}};
                            end else if (l_boundary) begin
                                l_exp = 64'd0;
                            end else if (!l_known) begin
                                l_deferred = 1'b1;
                            end else begin
                                l_v = {6'd0, l_len} - {7'd0, l_p};
                                l_exp = {l_v, l_v};
                            end
                            if (l_deferred) begin
                                if (!v_pd_in) begin
                                    if (v_pd_n == 2'd0) begin
                                        v_pd0_off = ioff;
                                        v_pd0_unit = v_pidx;
                                        v_pd0_p = l_p;
                                        v_pd0_present = 8'd0;
                                        v_pd0_got = 64'd0;
                                        v_pd_n = 2'd1;
                                        v_pd_in = 1'b1;
                                    end else if (v_pd_n == 2'd1) begin
                                        v_pd1_off = ioff;
                                        v_pd1_unit = v_pidx;
                                        v_pd1_p = l_p;
                                        v_pd1_present = 8'd0;
                                        v_pd1_got = 64'd0;
                                        v_pd_n = 2'd2;
                                        v_pd_in = 1'b1;
                                    end else begin
                                        v_unv = 1'b1;   // a third deferred marker: left unverified
                                    end
                                end
                                if (v_pd_in) begin
                                    l_sh = {3'd7 - l_m, 3'd0};
                                    l_bmask = 64'hff << l_sh;
                                    if (v_pd_n == 2'd1) begin
                                        v_pd0_got = (v_pd0_got & ~l_bmask) | ({56'd0, l_b} << l_sh);
                                        v_pd0_present = v_pd0_present | (8'd1 << l_m);
                                    end else begin
                                        v_pd1_got = (v_pd1_got & ~l_bmask) | ({56'd0, l_b} << l_sh);
                                        v_pd1_present = v_pd1_present | (8'd1 << l_m);
                                    end
                                end
                            end else begin
                                if (!v_mk_act) begin
                                    v_mk_act = 1'b1;
                                    v_mk_dv = 1'b0;
                                    v_mk_diff = 3'd0;
                                    v_mk_exp = l_exp;
                                    v_mk_got = l_exp;
                                    v_mk_off = ioff;
                                    v_mk_unit = v_pidx;
                                end
                                l_sh = {c_ml1 - l_m, 3'd0};
                                l_bmask = 64'hff << l_sh;
                                v_mk_got = (v_mk_got & ~l_bmask) | ({56'd0, l_b} << l_sh);
                                if (!v_mk_dv && ({56'd0, l_b} << l_sh) != (v_mk_exp & l_bmask)) begin
                                    v_mk_dv = 1'b1;
                                    v_mk_diff = l_m;
                                end
                                if (l_m == c_ml1) begin
                                    if (v_mk_dv) merge_ev(ERR_MRK, {5'd0, v_mk_diff}, v_mk_off, v_mk_unit, v_mk_exp,
                                                          v_mk_got);
                                    v_mk_act = 1'b0;
                                end
                            end
                        end
                        if (c_mpa) v_fwoff = v_fwoff + 16'd1;
                    end
                    if (!v_lost) begin
                        if (l_m == c_ml1) v_pd_in = 1'b0;
                        w_tag[8*i +: 8] = l_flags | {5'd0, MDD_KIND_MRK};
                    end
                end else begin
                    // ---------------- PDU lane ----------------
                    if (v_lost) begin
                        // VOID
                    end else if (!c_self && v_pdone) begin
                        l_len = pdu_len(v_hlen, v_dlen, c_hdig, c_ddig, c_mpa);
                        frame_ev(ioff, {38'd0, l_len}, {38'd0, l_len});   // overrun of a descriptor-framed PDU
                    end else begin
                        l_p = v_off;
                        l_early = 1'b0;
                        l_frame_now = 1'b0;
                        if (c_self && l_p <= c_ll) begin
                            l_early = 1'b1;
                            if (l_p == c_fl) v_lenoff = ioff;
                            if (c_iscsi) begin
                                if (l_p == 25'd4) v_hlen = 12'd48 + {2'd0, l_b, 2'd0};
                                else if (l_p == 25'd5) v_dlen = {16'd0, l_b};
                                else if (l_p > 25'd5) v_dlen = {v_dlen[15:0], l_b};
                            end else begin
                                v_dlen = l_p == 25'd0 ? {16'd0, l_b} : {v_dlen[15:0], l_b};
                            end
                            if (l_p == c_ll) begin
                                l_early = 1'b0;
                                if (c_mpa) begin
                                    if (v_dlen < {16'd0, c_ulp}) begin
                                        frame_ev(v_lenoff, {56'd0, c_ulp}, {40'd0, v_dlen});
                                        l_frame_now = 1'b1;
                                    end else begin
                                        v_dlen = v_dlen - {16'd0, c_ulp};
                                        v_hlen = 12'd2 + {4'd0, c_ulp};
                                    end
                                end
                                if (!l_frame_now && c_max != 24'd0 && v_dlen > c_max) begin
                                    frame_ev(v_lenoff, {40'd0, c_max}, {40'd0, v_dlen});
                                    l_frame_now = 1'b1;
                                end
                                if (!l_frame_now) begin
                                    l_len = pdu_len(v_hlen, v_dlen, c_hdig, c_ddig, c_mpa);
                                    if (v_pd_n != 2'd0)
                                        resolve_one(v_pd0_off, v_pd0_unit, v_pd0_p, v_pd0_present, v_pd0_got);
                                    if (v_pd_n == 2'd2)
                                        resolve_one(v_pd1_off, v_pd1_unit, v_pd1_p, v_pd1_present, v_pd1_got);
                                    v_pd_n = 2'd0;
                                end
                            end
                        end
                        l_flags = 8'd0;
                        l_idx = 3'd0;
                        l_ep = 1'b0;
                        if (l_early || l_frame_now) begin
                            l_kind = MDD_KIND_HDR;
                        end else begin
                            l_q = {14'd0, v_hlen};
                            l_hd = c_hdig ? 26'd4 : 26'd0;
                            l_pay_end = l_q + l_hd + {2'd0, v_dlen};
                            l_pad = 2'd0 - v_hlen[1:0] - v_dlen[1:0];
                            l_pad_end = l_pay_end + {24'd0, l_pad};
                            l_has_dd = c_ddig && (c_mpa || v_dlen != 24'd0);
                            l_len = l_pad_end + (l_has_dd ? 26'd4 : 26'd0);
                            if ({1'b0, l_p} < l_q) begin
                                l_kind = MDD_KIND_HDR;
                                if ({1'b0, l_p} + 26'd1 == l_q) l_flags = l_flags | TAG_EH;
                            end else if ({1'b0, l_p} < l_q + l_hd) begin
                                l_kind = MDD_KIND_HDIG;
                                l_idx = {1'b0, l_p[1:0] - l_q[1:0]};
                            end else if ({1'b0, l_p} < l_pay_end) begin
                                l_kind = MDD_KIND_PAY;
                            end else if ({1'b0, l_p} < l_pad_end) begin
                                l_kind = MDD_KIND_PAD;
                            end else begin
                                l_kind = MDD_KIND_DDIG;
                                l_idx = {1'b0, l_p[1:0] - l_pad_end[1:0]};
                            end
                            l_last_cov = (l_pad != 2'd0) ? {1'b0, l_p} + 26'd1 == l_pad_end
                                       : (v_dlen != 24'd0) ? {1'b0, l_p} + 26'd1 == l_pay_end
                                       : c_mpa && {1'b0, l_p} + 26'd1 == l_q;
                            if (l_last_cov && !(c_mpa && c_ddig && l_a[0])) l_flags = l_flags | TAG_ED;
                            l_ep = {1'b0, l_p} + 26'd1 == l_len;
                            if (l_ep) l_flags = l_flags | TAG_EP;
                        end
                        l_keep = l_kind == MDD_KIND_PAY || (l_kind == MDD_KIND_HDR && c_hdr_out);
                        w_tag[8*i +: 8] = l_flags | (l_keep ? TAG_K : 8'd0) | {5'd0, l_kind};
                        w_aux[4*i +: 4] = {1'b0, l_idx};
                        if (l_ep) begin
                            v_pidx = v_pidx + 32'd1;
                            v_off = 25'd0;
                            if (!c_self) v_pdone = 1'b1;
                        end else begin
                            v_off = v_off + 25'd1;
                        end
                        if (c_mpa) v_fwoff = l_ep ? 16'd0 : v_fwoff + 16'd1;
                    end
                end
                p_nbytes = p_nbytes + 8'd1;
                ioff = ioff + 32'd1;
            end
        end
    end

    // the transfer's last word: marker checks cut by its end, flags, resume fields
    if (s_last && p_final && c_active) begin
        if (v_mk_act && v_mk_dv) merge_ev(ERR_MRK, {5'd0, v_mk_diff}, v_mk_off, v_mk_unit, v_mk_exp, v_mk_got);
        if (v_pd_n != 2'd0) v_unv = 1'b1;
        w_xflags = s_xflags | {6'd0, v_unv, v_lost};
        w_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] = v_off;
        w_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] = v_hlen;
        w_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W] = v_dlen;
        w_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] = v_fwoff;
    end
end

wire emit = s_valid && advance;
assign s_ready = advance && (p_final || !s_valid);

always @(posedge clk) begin
    if (rst) begin
        done <= {W{1'b0}};
        used_r <= 8'd0;
    end else if (emit) begin
        done <= p_final ? {W{1'b0}} : done | p_in;
        used_r <= p_final ? 8'd0 : used + p_nbytes;
    end
    if (emit) begin
        st_off <= v_off;
        st_hlen <= v_hlen;
        st_dlen <= v_dlen;
        st_fwoff <= v_fwoff;
        st_pidx <= v_pidx;
        st_lenoff <= v_lenoff;
        st_lost <= v_lost;
        st_pdone <= v_pdone;
        st_unv <= v_unv;
        mk_act <= v_mk_act;
        mk_dv <= v_mk_dv;
        mk_diff <= v_mk_diff;
        mk_exp <= v_mk_exp;
        mk_got <= v_mk_got;
        mk_off <= v_mk_off;
        mk_unit <= v_mk_unit;
        pd_n <= v_pd_n;
        pd_in <= v_pd_in;
        pd0_off <= v_pd0_off;
        pd0_unit <= v_pd0_unit;
        pd0_p <= v_pd0_p;
        pd0_present <= v_pd0_present;
        pd0_got <= v_pd0_got;
        pd1_off <= v_pd1_off;
        pd1_unit <= v_pd1_unit;
        pd1_p <= v_pd1_p;
        pd1_present <= v_pd1_present;
        pd1_got <= v_pd1_got;
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
        m_valid_r <= s_valid;
    end
    if (emit) begin
        m_data_r <= s_data;
        m_tag_r <= w_tag;
        m_aux_r <= w_aux;
        m_first_r <= s_first && first_part;
        m_last_r <= s_last && p_final;
        m_woff_r <= s_woff + {24'd0, used};
        m_nin_r <= p_final ? s_nin - used : p_nbytes;
        m_dbad_r <= s_dbad;
        m_desc_r <= w_desc;
        m_xflags_r <= w_xflags;
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

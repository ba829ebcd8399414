// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX locate: the three locate stages in a row (docs/rx-path.md section 8).
 *
 *   s_axis_rx, s_axis_rx_desc -> L1 mdd_rx_loc_mrk -> L2 mdd_rx_loc_pdu -> L3 mdd_rx_loc_dif -> m_*
 *
 * L1: descriptor FIFO and validation (DESC), UPSTREAM, transfer offsets, marker lanes, TCP_SEQ / MRK_POS.
 * L2: PDU fields and flags, self-framing parse, FRAME, marker coverage and checks, PDU_OFF / HDR_LEN /
 *     DATA_LEN / FPDU_WOFF.
 * L3: DIF positions (PAY / PI, EB), DIF_POS.
 *
 * The output is the internal word of the RX path (the ports of each stage's m_ side): per lane the byte,
 * its tag and aux nibble, first / last of the transfer, woff / nin (transfer offset and input bytes of the
 * word), dbad, the descriptor (on the last word with every resume field of these stages advanced), xflags
 * (frame_lost, mrk_unv on the last word) and the error record of the word's earliest event (err_*, emap,
 * ecnt).  Each stage has an output register and an input register (D-066, D-068), L2 four stages more (A, C, E,
 * D; D-096, D-107), L3 one (D-064): latency 11 clocks.  Each stage may emit a word
 * in several cycles below its full-rate condition (mrk_period >= W, PDUs >= W + 1 bytes, blk_len + pi_len >= W + 1);
 * above them every stage takes a word per clock whenever its output moves (advance = m_ready | ~m_valid,
 * D-029), so s_axis_rx_tready follows m_ready combinationally through the three stages.
 * rst (synchronous, active high) clears the valid bits, the descriptor FIFO and the transfer state.
 */
module mdd_rx_locate #(
    parameter W = 8
) (
    input  wire           clk,
    input  wire           rst,

    input  wire [8*W-1:0] s_axis_rx_tdata,
    input  wire [W-1:0]   s_axis_rx_tkeep,
    input  wire           s_axis_rx_tlast,
    input  wire           s_axis_rx_tuser,
    input  wire           s_axis_rx_tvalid,
    output wire           s_axis_rx_tready,

    input  wire [511:0]   s_axis_rx_desc_tdata,
    input  wire           s_axis_rx_desc_tvalid,
    output wire           s_axis_rx_desc_tready,

    output wire           m_valid,
    input  wire           m_ready,
    output wire [8*W-1:0]  m_data,
    output wire [8*W-1:0]  m_tag,
    output wire [4*W-1:0]  m_aux,
    output wire            m_first,
    output wire            m_last,
    output wire [31:0]     m_woff,
    output wire [7:0]      m_nin,
    output wire            m_dbad,
    output wire [511:0]    m_desc,
    output wire [7:0]      m_xflags,
    output wire            m_err_v,
    output wire [7:0]      m_err_code,
    output wire [7:0]      m_err_byte,
    output wire [31:0]     m_err_off,
    output wire [31:0]     m_err_unit,
    output wire [63:0]     m_err_exp,
    output wire [63:0]     m_err_got,
    output wire [15:0]     m_emap,
    output wire [7:0]      m_ecnt
);

wire           l1_valid;
wire           l1_ready;
wire [8*W-1:0]  l1_data;
wire [8*W-1:0]  l1_tag;
wire [4*W-1:0]  l1_aux;
wire            l1_first;
wire            l1_last;
wire [31:0]     l1_woff;
wire [7:0]      l1_nin;
wire            l1_dbad;
wire [511:0]    l1_desc;
wire [7:0]      l1_xflags;
wire            l1_err_v;
wire [7:0]      l1_err_code;
wire [7:0]      l1_err_byte;
wire [31:0]     l1_err_off;
wire [31:0]     l1_err_unit;
wire [63:0]     l1_err_exp;
wire [63:0]     l1_err_got;
wire [15:0]     l1_emap;
wire [7:0]      l1_ecnt;

wire           l2_valid;
wire           l2_ready;
wire [8*W-1:0]  l2_data;
wire [8*W-1:0]  l2_tag;
wire [4*W-1:0]  l2_aux;
wire            l2_first;
wire            l2_last;
wire [31:0]     l2_woff;
wire [7:0]      l2_nin;
wire            l2_dbad;
wire [511:0]    l2_desc;
wire [7:0]      l2_xflags;
wire            l2_err_v;
wire [7:0]      l2_err_code;
wire [7:0]      l2_err_byte;
wire [31:0]     l2_err_off;
wire [31:0]     l2_err_unit;
wire [63:0]     l2_err_exp;
wire [63:0]     l2_err_got;
wire [15:0]     l2_emap;
wire [7:0]      l2_ecnt;

mdd_rx_loc_mrk #(
    .W(W)
) l1 (
    .clk(clk),
    .rst(rst),
    .s_axis_rx_tdata(s_axis_rx_tdata),
    .s_axis_rx_tkeep(s_axis_rx_tkeep),
    .s_axis_rx_tlast(s_axis_rx_tlast),
    .s_axis_rx_tuser(s_axis_rx_tuser),
    .s_axis_rx_tvalid(s_axis_rx_tvalid),
    .s_axis_rx_tready(s_axis_rx_tready),
    .s_axis_rx_desc_tdata(s_axis_rx_desc_tdata),
    .s_axis_rx_desc_tvalid(s_axis_rx_desc_tvalid),
    .s_axis_rx_desc_tready(s_axis_rx_desc_tready),
    .m_valid(l1_valid),
    .m_ready(l1_ready),
    .m_data(l1_data),
    .m_tag(l1_tag),
    .m_aux(l1_aux),
    .m_first(l1_first),
    .m_last(l1_last),
    .m_woff(l1_woff),
    .m_nin(l1_nin),
    .m_dbad(l1_dbad),
    .m_desc(l1_desc),
    .m_xflags(l1_xflags),
    .m_err_v(l1_err_v),
    .m_err_code(l1_err_code),
    .m_err_byte(l1_err_byte),
    .m_err_off(l1_err_off),
    .m_err_unit(l1_err_unit),
    .m_err_exp(l1_err_exp),
    .m_err_got(l1_err_got),
    .m_emap(l1_emap),
    .m_ecnt(l1_ecnt)
);

mdd_rx_loc_pdu #(
    .W(W)
) l2 (
    .clk(clk),
    .rst(rst),
    .s_valid(l1_valid),
    .s_ready(l1_ready),
    .s_data(l1_data),
    .s_tag(l1_tag),
    .s_aux(l1_aux),
    .s_first(l1_first),
    .s_last(l1_last),
    .s_woff(l1_woff),
    .s_nin(l1_nin),
    .s_dbad(l1_dbad),
    .s_desc(l1_desc),
    .s_xflags(l1_xflags),
    .s_err_v(l1_err_v),
    .s_err_code(l1_err_code),
    .s_err_byte(l1_err_byte),
    .s_err_off(l1_err_off),
    .s_err_unit(l1_err_unit),
    .s_err_exp(l1_err_exp),
    .s_err_got(l1_err_got),
    .s_emap(l1_emap),
    .s_ecnt(l1_ecnt),
    .m_valid(l2_valid),
    .m_ready(l2_ready),
    .m_data(l2_data),
    .m_tag(l2_tag),
    .m_aux(l2_aux),
    .m_first(l2_first),
    .m_last(l2_last),
    .m_woff(l2_woff),
    .m_nin(l2_nin),
    .m_dbad(l2_dbad),
    .m_desc(l2_desc),
    .m_xflags(l2_xflags),
    .m_err_v(l2_err_v),
    .m_err_code(l2_err_code),
    .m_err_byte(l2_err_byte),
    .m_err_off(l2_err_off),
    .m_err_unit(l2_err_unit),
    .m_err_exp(l2_err_exp),
    .m_err_got(l2_err_got),
    .m_emap(l2_emap),
    .m_ecnt(l2_ecnt)
);

mdd_rx_loc_dif #(
    .W(W)
) l3 (
    .clk(clk),
    .rst(rst),
    .s_valid(l2_valid),
    .s_ready(l2_ready),
    .s_data(l2_data),
    .s_tag(l2_tag),
    .s_aux(l2_aux),
    .s_first(l2_first),
    .s_last(l2_last),
    .s_woff(l2_woff),
    .s_nin(l2_nin),
    .s_dbad(l2_dbad),
    .s_desc(l2_desc),
    .s_xflags(l2_xflags),
    .s_err_v(l2_err_v),
    .s_err_code(l2_err_code),
    .s_err_byte(l2_err_byte),
    .s_err_off(l2_err_off),
    .s_err_unit(l2_err_unit),
    .s_err_exp(l2_err_exp),
    .s_err_got(l2_err_got),
    .s_emap(l2_emap),
    .s_ecnt(l2_ecnt),
    .m_valid(m_valid),
    .m_ready(m_ready),
    .m_data(m_data),
    .m_tag(m_tag),
    .m_aux(m_aux),
    .m_first(m_first),
    .m_last(m_last),
    .m_woff(m_woff),
    .m_nin(m_nin),
    .m_dbad(m_dbad),
    .m_desc(m_desc),
    .m_xflags(m_xflags),
    .m_err_v(m_err_v),
    .m_err_code(m_err_code),
    .m_err_byte(m_err_byte),
    .m_err_off(m_err_off),
    .m_err_unit(m_err_unit),
    .m_err_exp(m_err_exp),
    .m_err_got(m_err_got),
    .m_emap(m_emap),
    .m_ecnt(m_ecnt)
);

endmodule

`resetall

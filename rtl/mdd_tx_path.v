// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * TX path: markers, DIFs and digests inserted on the way from the host to
 * the network (docs/tx-path.md; features M1-M10, D-043, D-044).
 *
 *   s_axis_tx + s_axis_tx_desc
 *     -> mdd_txg, the staged generator (the generated stream: markers
 *        filled, digest and INSERT PI slots, stripped PI with K = 0, window
 *        K; D-097: it replaced the lane walk mdd_tx_gen, which stays as the
 *        walk's RTL with its own suites)
 *     -> mdd_check_stage TX, guard engine: the host's PI checked, INSERT and
 *        CHECK_REPLACE PI written
 *     -> mdd_check_stage TX, digest engines: header digests, data digests and
 *        MPA CRCs written (over the final PI and the markers)
 *     -> fork: mdd_pack (drops K = 0 lanes, full words) -> m_axis_tx
 *              mdd_rx_ctx (context beat)                 -> m_axis_tx_ctx
 *
 * Ports (docs/ARCHITECTURE.md 2.3): m_axis_tx_tuser carries the 8-bit tag of
 * each transmitted byte; every transfer ends with exactly one m_axis_tx beat
 * with tlast (tkeep = 0 if nothing was transmitted) and then one context
 * beat.
 *
 * Parameters:
 *   W           bytes per word: 4, 8, 16, 32, 64
 *   DATA_DEPTH  words in each check stage's data FIFO (power of two)
 *   RES_DEPTH   results per CRC unit in flight (power of two, > DATA_DEPTH + unit latency)
 */
module mdd_tx_path #(
    parameter W = 8,
    parameter DATA_DEPTH = 16,
    parameter RES_DEPTH = 32
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [8*W-1:0]    s_axis_tx_tdata,
    input  wire [W-1:0]      s_axis_tx_tkeep,
    input  wire              s_axis_tx_tlast,
    input  wire              s_axis_tx_tuser,
    input  wire              s_axis_tx_tvalid,
    output wire              s_axis_tx_tready,

    input  wire [511:0]      s_axis_tx_desc_tdata,
    input  wire              s_axis_tx_desc_tvalid,
    output wire              s_axis_tx_desc_tready,

    output wire [8*W-1:0]    m_axis_tx_tdata,
    output wire [W-1:0]      m_axis_tx_tkeep,
    output wire              m_axis_tx_tlast,
    output wire [8*W-1:0]    m_axis_tx_tuser,
    output wire              m_axis_tx_tvalid,
    input  wire              m_axis_tx_tready,

    output wire [1023:0]     m_axis_tx_ctx_tdata,
    output wire              m_axis_tx_ctx_tvalid,
    input  wire              m_axis_tx_ctx_tready
);

`include "mdd_formats.vh"

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------
wire           g_valid, g_ready;
wire [8*W-1:0] g_data, g_tag;
wire [4*W-1:0] g_aux;
wire           g_first, g_last, g_dbad, g_err_v;
wire [31:0]    g_woff, g_err_off, g_err_unit;
wire [7:0]     g_nin, g_xflags, g_err_code, g_err_byte, g_ecnt;
wire [511:0]   g_desc;
wire [63:0]    g_err_exp, g_err_got;
wire [15:0]    g_emap;

mdd_txg #(
    .W(W)
) gen (
    .clk(clk), .rst(rst),
    .s_axis_tx_tdata(s_axis_tx_tdata), .s_axis_tx_tkeep(s_axis_tx_tkeep), .s_axis_tx_tlast(s_axis_tx_tlast),
    .s_axis_tx_tuser(s_axis_tx_tuser), .s_axis_tx_tvalid(s_axis_tx_tvalid), .s_axis_tx_tready(s_axis_tx_tready),
    .s_axis_tx_desc_tdata(s_axis_tx_desc_tdata), .s_axis_tx_desc_tvalid(s_axis_tx_desc_tvalid),
    .s_axis_tx_desc_tready(s_axis_tx_desc_tready),
    .m_valid(g_valid), .m_ready(g_ready),
    .m_data(g_data), .m_tag(g_tag), .m_aux(g_aux), .m_first(g_first), .m_last(g_last), .m_woff(g_woff),
    .m_nin(g_nin), .m_dbad(g_dbad), .m_desc(g_desc), .m_xflags(g_xflags), .m_err_v(g_err_v),
    .m_err_code(g_err_code), .m_err_byte(g_err_byte), .m_err_off(g_err_off), .m_err_unit(g_err_unit),
    .m_err_exp(g_err_exp), .m_err_got(g_err_got), .m_emap(g_emap), .m_ecnt(g_ecnt)
);

// ---------------------------------------------------------------------------
// Check stage 1: protection information (guard engine)
// ---------------------------------------------------------------------------
wire           p_valid, p_ready;
wire [8*W-1:0] p_data, p_tag;
wire [4*W-1:0] p_aux;
wire           p_first, p_last, p_dbad, p_err_v;
wire [31:0]    p_woff, p_err_off, p_err_unit;
wire [7:0]     p_nin, p_xflags, p_err_code, p_err_byte, p_ecnt;
wire [511:0]   p_desc;
wire [63:0]    p_err_exp, p_err_got;
wire [15:0]    p_emap;

mdd_check_stage #(
    .W(W), .DATA_DEPTH(DATA_DEPTH), .RES_DEPTH(RES_DEPTH), .ENG_MASK(3'b100), .TX(1)
) chk_pi (
    .clk(clk), .rst(rst),
    .s_valid(g_valid), .s_ready(g_ready),
    .s_data(g_data), .s_tag(g_tag), .s_aux(g_aux), .s_first(g_first), .s_last(g_last), .s_woff(g_woff),
    .s_nin(g_nin), .s_dbad(g_dbad), .s_desc(g_desc), .s_xflags(g_xflags), .s_err_v(g_err_v),
    .s_err_code(g_err_code), .s_err_byte(g_err_byte), .s_err_off(g_err_off), .s_err_unit(g_err_unit),
    .s_err_exp(g_err_exp), .s_err_got(g_err_got), .s_emap(g_emap), .s_ecnt(g_ecnt),
    .m_valid(p_valid), .m_ready(p_ready),
    .m_data(p_data), .m_tag(p_tag), .m_aux(p_aux), .m_first(p_first), .m_last(p_last), .m_woff(p_woff),
    .m_nin(p_nin), .m_dbad(p_dbad), .m_desc(p_desc), .m_xflags(p_xflags), .m_err_v(p_err_v),
    .m_err_code(p_err_code), .m_err_byte(p_err_byte), .m_err_off(p_err_off), .m_err_unit(p_err_unit),
    .m_err_exp(p_err_exp), .m_err_got(p_err_got), .m_emap(p_emap), .m_ecnt(p_ecnt)
);

// ---------------------------------------------------------------------------
// Check stage 2: header and data digests / MPA CRC
// ---------------------------------------------------------------------------
wire           c_valid, c_ready, c_last, c_err_v;
wire [8*W-1:0] c_data, c_tag;
wire [4*W-1:0] c_aux;
wire [31:0]    c_err_off, c_err_unit;
/* verilator lint_off UNUSEDSIGNAL */
wire           c_first, c_dbad;   // the context builder needs neither
wire [31:0]    c_woff;
/* verilator lint_on UNUSEDSIGNAL */
wire [7:0]     c_nin, c_xflags, c_err_code, c_err_byte, c_ecnt;
wire [511:0]   c_desc;
wire [63:0]    c_err_exp, c_err_got;
wire [15:0]    c_emap;

mdd_check_stage #(
    .W(W), .DATA_DEPTH(DATA_DEPTH), .RES_DEPTH(RES_DEPTH), .ENG_MASK(3'b011), .TX(1)
) chk_dig (
    .clk(clk), .rst(rst),
    .s_valid(p_valid), .s_ready(p_ready),
    .s_data(p_data), .s_tag(p_tag), .s_aux(p_aux), .s_first(p_first), .s_last(p_last), .s_woff(p_woff),
    .s_nin(p_nin), .s_dbad(p_dbad), .s_desc(p_desc), .s_xflags(p_xflags), .s_err_v(p_err_v),
    .s_err_code(p_err_code), .s_err_byte(p_err_byte), .s_err_off(p_err_off), .s_err_unit(p_err_unit),
    .s_err_exp(p_err_exp), .s_err_got(p_err_got), .s_emap(p_emap), .s_ecnt(p_ecnt),
    .m_valid(c_valid), .m_ready(c_ready),
    .m_data(c_data), .m_tag(c_tag), .m_aux(c_aux), .m_first(c_first), .m_last(c_last), .m_woff(c_woff),
    .m_nin(c_nin), .m_dbad(c_dbad), .m_desc(c_desc), .m_xflags(c_xflags), .m_err_v(c_err_v),
    .m_err_code(c_err_code), .m_err_byte(c_err_byte), .m_err_off(c_err_off), .m_err_unit(c_err_unit),
    .m_err_exp(c_err_exp), .m_err_got(c_err_got), .m_emap(c_emap), .m_ecnt(c_ecnt)
);

// ---------------------------------------------------------------------------
// Fork to the packer and the context builder (as the RX path)
// ---------------------------------------------------------------------------
wire x_ready, k_ready;
assign c_ready = k_ready && x_ready;

reg [W-1:0] c_keep;
integer i;
always @* begin
    for (i = 0; i < W; i = i + 1) begin
        c_keep[i] = c_tag[8*i +: 3] != MDD_KIND_VOID && c_tag[8*i + MDD_TAG_K];
    end
end

mdd_pack #(
    .W(W),
    .USER_LANE_W(8)
) pack (
    .clk(clk), .rst(rst),
    .s_tdata(c_data), .s_tuser(c_tag), .s_tkeep(c_keep), .s_tlast(c_last),
    .s_tvalid(c_valid && x_ready), .s_tready(k_ready),
    .m_tdata(m_axis_tx_tdata), .m_tuser(m_axis_tx_tuser), .m_tkeep(m_axis_tx_tkeep), .m_tlast(m_axis_tx_tlast),
    .m_tvalid(m_axis_tx_tvalid), .m_tready(m_axis_tx_tready)
);

mdd_rx_ctx #(
    .W(W),
    .DEPTH(4)
) ctx (
    .clk(clk), .rst(rst),
    .s_valid(c_valid && k_ready), .s_ready(x_ready),
    .s_tag(c_tag), .s_aux(c_aux), .s_last(c_last), .s_nin(c_nin), .s_desc(c_desc), .s_xflags(c_xflags),
    .s_err_v(c_err_v), .s_err_code(c_err_code), .s_err_byte(c_err_byte), .s_err_off(c_err_off),
    .s_err_unit(c_err_unit), .s_err_exp(c_err_exp), .s_err_got(c_err_got), .s_emap(c_emap), .s_ecnt(c_ecnt),
    .m_pack_tlast(m_axis_tx_tvalid && m_axis_tx_tready && m_axis_tx_tlast),
    .m_ctx_tdata(m_axis_tx_ctx_tdata), .m_ctx_tvalid(m_axis_tx_ctx_tvalid), .m_ctx_tready(m_axis_tx_ctx_tready)
);

endmodule

`resetall

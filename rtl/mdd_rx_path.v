// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX path: markers, DIFs and digests located, checked and removed on the way
 * from the network to the host (docs/rx-path.md; features M1-M7, M9, M10).
 *
 *   s_axis_rx + s_axis_rx_desc
 *     -> mdd_rx_locate (L1 markers, L2 PDU fields, L3 DIF positions)
 *     -> mdd_check_stage: fork to the CRC engines (header digest, data digest,
 *        guard: the PI formats' CRCs in one) and a data FIFO (the word with the number of
 *        results it made), joined by mdd_rx_check (digests, PI; markers are
 *        already checked in L2)
 *     -> fork: mdd_pack (drops K = 0 lanes, full words) -> m_axis_rx
 *              mdd_rx_ctx (context beat)                 -> m_axis_rx_ctx
 *
 * Ports (docs/ARCHITECTURE.md 2.3): m_axis_rx_tuser carries the 8-bit tag of
 * each delivered byte; every transfer ends with exactly one m_axis_rx beat
 * with tlast (tkeep = 0 if it delivered nothing) and then one context beat.
 *
 * Throughput: one word per clock on s_axis_rx under the full-rate conditions
 * of docs/rx-path.md section 8 while m_axis_rx is ready.  The data FIFO holds
 * a word until the CRC results it needs exist, so its depth (DATA_DEPTH) must
 * cover the CRC unit latency for the full rate; correctness never depends on
 * it.  The guard engine computes every PI format's CRC (every format is accepted).
 *
 * Parameters:
 *   W           bytes per word: 4, 8, 16, 32, 64
 *   DATA_DEPTH  words in the data FIFO (power of two)
 *   RES_DEPTH   results per CRC unit in flight (power of two, > DATA_DEPTH + unit latency)
 */
module mdd_rx_path #(
    parameter W = 8,
    parameter DATA_DEPTH = 16,
    parameter RES_DEPTH = 32
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [8*W-1:0]    s_axis_rx_tdata,
    input  wire [W-1:0]      s_axis_rx_tkeep,
    input  wire              s_axis_rx_tlast,
    input  wire              s_axis_rx_tuser,
    input  wire              s_axis_rx_tvalid,
    output wire              s_axis_rx_tready,

    input  wire [511:0]      s_axis_rx_desc_tdata,
    input  wire              s_axis_rx_desc_tvalid,
    output wire              s_axis_rx_desc_tready,

    output wire [8*W-1:0]    m_axis_rx_tdata,
    output wire [W-1:0]      m_axis_rx_tkeep,
    output wire              m_axis_rx_tlast,
    output wire [8*W-1:0]    m_axis_rx_tuser,
    output wire              m_axis_rx_tvalid,
    input  wire              m_axis_rx_tready,

    output wire [1023:0]     m_axis_rx_ctx_tdata,
    output wire              m_axis_rx_ctx_tvalid,
    input  wire              m_axis_rx_ctx_tready
);

`include "mdd_formats.vh"

// ---------------------------------------------------------------------------
// Locate
// ---------------------------------------------------------------------------
wire           l_valid, l_ready;
wire [8*W-1:0] l_data, l_tag;
wire [4*W-1:0] l_aux;
wire           l_first, l_last, l_dbad, l_err_v;
wire [31:0]    l_woff, l_err_off, l_err_unit;
wire [7:0]     l_nin, l_xflags, l_err_code, l_err_byte, l_ecnt;
wire [511:0]   l_desc;
wire [63:0]    l_err_exp, l_err_got;
wire [15:0]    l_emap;

mdd_rx_locate #(
    .W(W)
) loc (
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
    .m_valid(l_valid),
    .m_ready(l_ready),
    .m_data(l_data),
    .m_tag(l_tag),
    .m_aux(l_aux),
    .m_first(l_first),
    .m_last(l_last),
    .m_woff(l_woff),
    .m_nin(l_nin),
    .m_dbad(l_dbad),
    .m_desc(l_desc),
    .m_xflags(l_xflags),
    .m_err_v(l_err_v),
    .m_err_code(l_err_code),
    .m_err_byte(l_err_byte),
    .m_err_off(l_err_off),
    .m_err_unit(l_err_unit),
    .m_err_exp(l_err_exp),
    .m_err_got(l_err_got),
    .m_emap(l_emap),
    .m_ecnt(l_ecnt)
);

// ---------------------------------------------------------------------------
// Check stage: CRC engines + data FIFO + checker (every engine, RX checks)
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
    .W(W),
    .DATA_DEPTH(DATA_DEPTH),
    .RES_DEPTH(RES_DEPTH),
    .ENG_MASK(3'b111),
    .TX(0)
) chk (
    .clk(clk), .rst(rst),
    .s_valid(l_valid), .s_ready(l_ready),
    .s_data(l_data), .s_tag(l_tag), .s_aux(l_aux), .s_first(l_first), .s_last(l_last), .s_woff(l_woff),
    .s_nin(l_nin), .s_dbad(l_dbad), .s_desc(l_desc), .s_xflags(l_xflags), .s_err_v(l_err_v),
    .s_err_code(l_err_code), .s_err_byte(l_err_byte), .s_err_off(l_err_off), .s_err_unit(l_err_unit),
    .s_err_exp(l_err_exp), .s_err_got(l_err_got), .s_emap(l_emap), .s_ecnt(l_ecnt),
    .m_valid(c_valid), .m_ready(c_ready),
    .m_data(c_data), .m_tag(c_tag), .m_aux(c_aux), .m_first(c_first), .m_last(c_last), .m_woff(c_woff),
    .m_nin(c_nin), .m_dbad(c_dbad), .m_desc(c_desc), .m_xflags(c_xflags), .m_err_v(c_err_v),
    .m_err_code(c_err_code), .m_err_byte(c_err_byte), .m_err_off(c_err_off), .m_err_unit(c_err_unit),
    .m_err_exp(c_err_exp), .m_err_got(c_err_got), .m_emap(c_emap), .m_ecnt(c_ecnt)
);

// ---------------------------------------------------------------------------
// Fork to the packer and the context builder
// ---------------------------------------------------------------------------
wire p_ready, x_ready;
assign c_ready = p_ready && x_ready;

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
    .s_tvalid(c_valid && x_ready), .s_tready(p_ready),
    .m_tdata(m_axis_rx_tdata), .m_tuser(m_axis_rx_tuser), .m_tkeep(m_axis_rx_tkeep), .m_tlast(m_axis_rx_tlast),
    .m_tvalid(m_axis_rx_tvalid), .m_tready(m_axis_rx_tready)
);

mdd_rx_ctx #(
    .W(W),
    .DEPTH(4)
) ctx (
    .clk(clk), .rst(rst),
    .s_valid(c_valid && p_ready), .s_ready(x_ready),
    .s_tag(c_tag), .s_aux(c_aux), .s_last(c_last), .s_nin(c_nin), .s_desc(c_desc), .s_xflags(c_xflags),
    .s_err_v(c_err_v), .s_err_code(c_err_code), .s_err_byte(c_err_byte), .s_err_off(c_err_off),
    .s_err_unit(c_err_unit), .s_err_exp(c_err_exp), .s_err_got(c_err_got), .s_emap(c_emap), .s_ecnt(c_ecnt),
    .m_pack_tlast(m_axis_rx_tvalid && m_axis_rx_tready && m_axis_rx_tlast),
    .m_ctx_tdata(m_axis_rx_ctx_tdata), .m_ctx_tvalid(m_axis_rx_ctx_tvalid), .m_ctx_tready(m_axis_rx_ctx_tready)
);

endmodule

`resetall

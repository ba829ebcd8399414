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
 *     -> fork: CRC engines (header digest, data digest, guard per PI format)
 *              and a data FIFO (the word with the number of results it made)
 *     -> mdd_rx_check (digests, PI, markers already checked in L2)
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
 * it.  All three guard engines are built (every PI format is accepted).
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
// Fork to the CRC engines: include and end masks from the tags (the one
// inclusion table, formats.def MDD_INCL; MPA markers with aux bit 3 are in
// no CRC)
// ---------------------------------------------------------------------------
wire [1:0] l_proto  = l_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire [1:0] l_pi_fmt = l_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire       l_en_h = !l_dbad && l_proto == MDD_PROTO_ISCSI && l_desc[MDD_DESC_HDIG_EN_LSB];
wire       l_en_d = !l_dbad && l_desc[MDD_DESC_DDIG_EN_LSB];
wire       l_en_g = !l_dbad && l_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W] != MDD_DIF_NONE;
wire [7:0] mask_h = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_HDIG_ISCSI
                  : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_HDIG_MPA : MDD_INCL_HDIG_RAW;
wire [7:0] mask_d = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_DDIG_ISCSI
                  : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_DDIG_MPA : MDD_INCL_DDIG_RAW;
wire [7:0] mask_g = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_GUARD_ISCSI
                  : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_GUARD_MPA : MDD_INCL_GUARD_RAW;

reg [W-1:0] incl_h, incl_d, incl_g, end_h, end_d, end_g;
integer i;
always @* begin
    for (i = 0; i < W; i = i + 1) begin
        incl_h[i] = l_en_h && mask_h[l_tag[8*i +: 3]];
        incl_d[i] = l_en_d && mask_d[l_tag[8*i +: 3]]
                    && !(l_tag[8*i +: 3] == MDD_KIND_MRK && l_aux[4*i + 3]);
        incl_g[i] = l_en_g && mask_g[l_tag[8*i +: 3]];
        end_h[i] = l_en_h && l_tag[8*i + MDD_TAG_EH];
        end_d[i] = l_en_d && l_tag[8*i + MDD_TAG_ED];
        end_g[i] = l_en_g && l_tag[8*i + MDD_TAG_EB];
    end
end

wire seed_h = l_first && l_en_h && l_desc[MDD_DESC_HDIG_OPEN_LSB];
wire seed_d = l_first && l_en_d && l_desc[MDD_DESC_DIG_OPEN_LSB];
wire seed_g = l_first && l_en_g && l_desc[MDD_DESC_DIF_OPEN_LSB];

wire       f_ready;                 // data FIFO
wire [4:0] e_ready;                 // engines h, d, g0, g1, g2
wire       go = l_valid && f_ready && (&e_ready);
assign l_ready = f_ready && (&e_ready);

wire [1:0] h_nend, d_nend, g_nend0, g_nend1, g_nend2;
wire       h_part, d_part, g_part0, g_part1, g_part2;
wire [31:0] h_res0, h_res1, d_res0, d_res1, g1_res0, g1_res1;
wire [15:0] g0_res0, g0_res1;
wire [63:0] g2_res0, g2_res1;
wire       h_v0, h_v1, d_v0, d_v1, g0_v0, g0_v1, g1_v0, g1_v1, g2_v0, g2_v1;
wire [1:0] h_pop, d_pop, g_pop;
reg  [1:0] g0_pop, g1_pop, g2_pop;

mdd_rx_crc_engine #(.W(W), .CRC_ALG(0), .DEPTH(RES_DEPTH)) eng_h (
    .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[0]), .s_data(l_data), .s_incl(incl_h), .s_end(end_h),
    .s_close(l_last), .s_seed_en(seed_h), .s_seed(l_desc[MDD_DESC_HDIG_PART_LSB +: 32]), .s_nend(h_nend),
    .s_part(h_part), .m_res0(h_res0), .m_res0_valid(h_v0), .m_res1(h_res1), .m_res1_valid(h_v1), .m_pop(h_pop));

mdd_rx_crc_engine #(.W(W), .CRC_ALG(0), .DEPTH(RES_DEPTH)) eng_d (
    .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[1]), .s_data(l_data), .s_incl(incl_d), .s_end(end_d),
    .s_close(l_last), .s_seed_en(seed_d), .s_seed(l_desc[MDD_DESC_DIG_PART_LSB +: 32]), .s_nend(d_nend),
    .s_part(d_part), .m_res0(d_res0), .m_res0_valid(d_v0), .m_res1(d_res1), .m_res1_valid(d_v1), .m_pop(d_pop));

// guard engines, one per PI format; only the transfer's format sees its bytes
wire sel_g0 = l_pi_fmt == MDD_PI_T10_CODE;
wire sel_g1 = l_pi_fmt == MDD_PI_NVME32_CODE;
wire sel_g2 = l_pi_fmt == MDD_PI_NVME64_CODE;

mdd_rx_crc_engine #(.W(W), .CRC_ALG(MDD_PI_T10_GUARD_ALG), .DEPTH(RES_DEPTH)) eng_g0 (
    .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[2]), .s_data(l_data),
    .s_incl(sel_g0 ? incl_g : {W{1'b0}}), .s_end(sel_g0 ? end_g : {W{1'b0}}), .s_close(l_last),
    .s_seed_en(seed_g && sel_g0), .s_seed(l_desc[MDD_DESC_DIF_PART_LSB +: 16]), .s_nend(g_nend0),
    .s_part(g_part0), .m_res0(g0_res0), .m_res0_valid(g0_v0), .m_res1(g0_res1), .m_res1_valid(g0_v1),
    .m_pop(g0_pop));

mdd_rx_crc_engine #(.W(W), .CRC_ALG(MDD_PI_NVME32_GUARD_ALG), .DEPTH(RES_DEPTH)) eng_g1 (
    .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[3]), .s_data(l_data),
    .s_incl(sel_g1 ? incl_g : {W{1'b0}}), .s_end(sel_g1 ? end_g : {W{1'b0}}), .s_close(l_last),
    .s_seed_en(seed_g && sel_g1), .s_seed(l_desc[MDD_DESC_DIF_PART_LSB +: 32]), .s_nend(g_nend1),
    .s_part(g_part1), .m_res0(g1_res0), .m_res0_valid(g1_v0), .m_res1(g1_res1), .m_res1_valid(g1_v1),
    .m_pop(g1_pop));

mdd_rx_crc_engine #(.W(W), .CRC_ALG(MDD_PI_NVME64_GUARD_ALG), .DEPTH(RES_DEPTH)) eng_g2 (
    .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[4]), .s_data(l_data),
    .s_incl(sel_g2 ? incl_g : {W{1'b0}}), .s_end(sel_g2 ? end_g : {W{1'b0}}), .s_close(l_last),
    .s_seed_en(seed_g && sel_g2), .s_seed(l_desc[MDD_DESC_DIF_PART_LSB +: 64]), .s_nend(g_nend2),
    .s_part(g_part2), .m_res0(g2_res0), .m_res0_valid(g2_v0), .m_res1(g2_res1), .m_res1_valid(g2_v1),
    .m_pop(g2_pop));

wire [1:0] g_nend_sel = sel_g2 ? g_nend2 : sel_g1 ? g_nend1 : g_nend0;
wire       g_part_sel = sel_g2 ? g_part2 : sel_g1 ? g_part1 : g_part0;

// ---------------------------------------------------------------------------
// Data FIFO: the word and the number of results it produced per engine
// ---------------------------------------------------------------------------
localparam FW = 20 * W + 2 + 32 + 8 + 1 + 512 + 8 + 1 + 8 + 8 + 32 + 32 + 64 + 64 + 16 + 8 + 9;

wire [FW-1:0] f_in = {g_part_sel, g_nend_sel, d_part, d_nend, h_part, h_nend,
                      l_ecnt, l_emap, l_err_got, l_err_exp, l_err_unit, l_err_off, l_err_byte, l_err_code, l_err_v,
                      l_xflags, l_desc, l_dbad, l_nin, l_woff, l_last, l_first, l_aux, l_tag, l_data};
wire [FW-1:0] f_out;
wire          f_valid, f_pop;

mdd_fifo #(.WIDTH(FW), .DEPTH(DATA_DEPTH)) data_fifo (
    .clk(clk), .rst(rst), .s_tdata(f_in), .s_tvalid(go), .s_tready(f_ready),
    .m_tdata(f_out), .m_tvalid(f_valid), .m_tready(f_pop));

wire           q_gd_part, q_dd_part, q_hd_part, q_err_v, q_dbad, q_last, q_first;
wire [1:0]     q_gd_nend, q_dd_nend, q_hd_nend;
wire [7:0]     q_ecnt, q_err_byte, q_err_code, q_xflags, q_nin;
wire [15:0]    q_emap;
wire [63:0]    q_err_got, q_err_exp;
wire [31:0]    q_err_unit, q_err_off, q_woff;
wire [511:0]   q_desc;
wire [4*W-1:0] q_aux;
wire [8*W-1:0] q_tag, q_data;
assign {q_gd_part, q_gd_nend, q_dd_part, q_dd_nend, q_hd_part, q_hd_nend,
        q_ecnt, q_emap, q_err_got, q_err_exp, q_err_unit, q_err_off, q_err_byte, q_err_code, q_err_v,
        q_xflags, q_desc, q_dbad, q_nin, q_woff, q_last, q_first, q_aux, q_tag, q_data} = f_out;

// the head word's PI format picks the guard engine it reads
wire [1:0]  q_pi_fmt = q_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [63:0] gd_res0 = (q_pi_fmt == MDD_PI_NVME64_CODE) ? g2_res0
                    : (q_pi_fmt == MDD_PI_NVME32_CODE) ? {32'd0, g1_res0} : {48'd0, g0_res0};
wire [63:0] gd_res1 = (q_pi_fmt == MDD_PI_NVME64_CODE) ? g2_res1
                    : (q_pi_fmt == MDD_PI_NVME32_CODE) ? {32'd0, g1_res1} : {48'd0, g0_res1};
wire        gd_v0 = (q_pi_fmt == MDD_PI_NVME64_CODE) ? g2_v0 : (q_pi_fmt == MDD_PI_NVME32_CODE) ? g1_v0 : g0_v0;
wire        gd_v1 = (q_pi_fmt == MDD_PI_NVME64_CODE) ? g2_v1 : (q_pi_fmt == MDD_PI_NVME32_CODE) ? g1_v1 : g0_v1;
always @* begin
    g0_pop = (q_pi_fmt == MDD_PI_T10_CODE || q_pi_fmt == 2'd3) ? g_pop : 2'd0;
    g1_pop = (q_pi_fmt == MDD_PI_NVME32_CODE) ? g_pop : 2'd0;
    g2_pop = (q_pi_fmt == MDD_PI_NVME64_CODE) ? g_pop : 2'd0;
end

// ---------------------------------------------------------------------------
// Checker
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

mdd_rx_check #(
    .W(W)
) chk (
    .clk(clk), .rst(rst),
    .s_valid(f_valid), .s_ready(f_pop),
    .s_data(q_data), .s_tag(q_tag), .s_aux(q_aux), .s_first(q_first), .s_last(q_last), .s_woff(q_woff),
    .s_nin(q_nin), .s_dbad(q_dbad), .s_desc(q_desc), .s_xflags(q_xflags), .s_err_v(q_err_v),
    .s_err_code(q_err_code), .s_err_byte(q_err_byte), .s_err_off(q_err_off), .s_err_unit(q_err_unit),
    .s_err_exp(q_err_exp), .s_err_got(q_err_got), .s_emap(q_emap), .s_ecnt(q_ecnt),
    .s_hd_nend(q_hd_nend), .s_hd_part(q_hd_part), .s_dd_nend(q_dd_nend), .s_dd_part(q_dd_part),
    .s_gd_nend(q_gd_nend), .s_gd_part(q_gd_part),
    .hd_res0(h_res0), .hd_res1(h_res1), .hd_res0_valid(h_v0), .hd_res1_valid(h_v1), .hd_pop(h_pop),
    .dd_res0(d_res0), .dd_res1(d_res1), .dd_res0_valid(d_v0), .dd_res1_valid(d_v1), .dd_pop(d_pop),
    .gd_res0(gd_res0), .gd_res1(gd_res1), .gd_res0_valid(gd_v0), .gd_res1_valid(gd_v1), .gd_pop(g_pop),
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

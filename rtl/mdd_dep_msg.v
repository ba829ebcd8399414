// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine with the message CRC (docs/deposit.md section 10): mdd_dep,
 * the incremental CRC combiner mdd_cmb (CRC-32C) and a round-robin record
 * arbiter in front of the combiner.
 *
 *   s_axis_dep -> mdd_dep --m_axi, m_axis_evt (unchanged)
 *                    \--SEG records--\
 *   s_axis_cmb (software: OPEN, CLOSE, ABORT) --> mdd_axis_arb --> mdd_cmb --> m_axis_cmb_res
 *
 * A message's packets (flag MSEG, msg_tag = the message id) may arrive in any
 * order; each that ends OK sends the combiner its payload's place (EA), length
 * and CRC-32C, and the combiner, in relative target-address mode, merges them
 * into the message CRC. Software OPENs the message (relative mode, the length,
 * the expected CRC when it has one) before its first packet can arrive; the
 * result record (OK, MISMATCH, INCOMPLETE, OVERLAP, ABORTED) is the message's
 * completion. The arbiter keeps each input's order, so an OPEN accepted before
 * a packet's first beat always reaches the combiner before that packet's SEG.
 *
 * Parameters: those of mdd_dep (W, CONNS, REGIONS, AREGS, RHQS, CQS,
 * BURST_BYTES, MAX_OUTSTANDING, AXI_ID_W, AXIL_ADDR_W); MSGS messages open at
 * once in the combiner (2..1024), CMB_BITS_PER_STAGE of its shift units
 * (1..8; docs/cmb.md).
 */
module mdd_dep_msg #(
    parameter W = 8,
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter AREGS = 256,
    parameter RHQS = 16,
    parameter CQS = 16,
    parameter BURST_BYTES = 256,
    parameter MAX_OUTSTANDING = 16,
    parameter AXI_ID_W = 4,
    parameter AXIL_ADDR_W = 12,
    parameter MSGS = 64,
    parameter CMB_BITS_PER_STAGE = 2
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [8*W-1:0]         s_axis_dep_tdata,
    input  wire [W-1:0]           s_axis_dep_tkeep,
    input  wire                   s_axis_dep_tvalid,
    output wire                   s_axis_dep_tready,
    input  wire                   s_axis_dep_tlast,
    input  wire                   s_axis_dep_tuser,

    output wire [AXI_ID_W-1:0]    m_axi_awid,
    output wire [63:0]            m_axi_awaddr,
    output wire [7:0]             m_axi_awlen,
    output wire [2:0]             m_axi_awsize,
    output wire [1:0]             m_axi_awburst,
    output wire                   m_axi_awvalid,
    input  wire                   m_axi_awready,
    output wire [8*W-1:0]         m_axi_wdata,
    output wire [W-1:0]           m_axi_wstrb,
    output wire                   m_axi_wlast,
    output wire                   m_axi_wvalid,
    input  wire                   m_axi_wready,
    input  wire [AXI_ID_W-1:0]    m_axi_bid,
    input  wire [1:0]             m_axi_bresp,
    input  wire                   m_axi_bvalid,
    output wire                   m_axi_bready,

    input  wire [AXIL_ADDR_W-1:0] s_axil_awaddr,
    input  wire                   s_axil_awvalid,
    output wire                   s_axil_awready,
    input  wire [31:0]            s_axil_wdata,
    input  wire [3:0]             s_axil_wstrb,
    input  wire                   s_axil_wvalid,
    output wire                   s_axil_wready,
    output wire [1:0]             s_axil_bresp,
    output wire                   s_axil_bvalid,
    input  wire                   s_axil_bready,
    input  wire [AXIL_ADDR_W-1:0] s_axil_araddr,
    input  wire                   s_axil_arvalid,
    output wire                   s_axil_arready,
    output wire [31:0]            s_axil_rdata,
    output wire [1:0]             s_axil_rresp,
    output wire                   s_axil_rvalid,
    input  wire                   s_axil_rready,

    output wire [31:0]            m_axis_evt_tdata,
    output wire                   m_axis_evt_tvalid,
    input  wire                   m_axis_evt_tready,

    input  wire [255:0]           s_axis_cmb_tdata,
    input  wire                   s_axis_cmb_tvalid,
    output wire                   s_axis_cmb_tready,

    output wire [511:0]           m_axis_cmb_res_tdata,
    output wire                   m_axis_cmb_res_tvalid,
    input  wire                   m_axis_cmb_res_tready,

    // statistics: a packet finished (and its code), a SEG record entered the arbiter
    output wire                   stat_pkt_done,
    output wire [4:0]             stat_pkt_code,
    output wire                   stat_seg_fire
);

// the engine's SEG records; public so that a Verilator bench can follow them into the combiner
wire [255:0] seg_tdata /* verilator public_flat_rd */;
wire         seg_tvalid /* verilator public_flat_rd */;
wire         seg_tready /* verilator public_flat_rd */;
assign stat_seg_fire = seg_tvalid && seg_tready;
wire [255:0] rec_tdata;
wire         rec_tvalid, rec_tready;

mdd_dep #(
    .W(W), .CONNS(CONNS), .REGIONS(REGIONS), .AREGS(AREGS), .RHQS(RHQS), .CQS(CQS), .BURST_BYTES(BURST_BYTES),
    .MAX_OUTSTANDING(MAX_OUTSTANDING), .AXI_ID_W(AXI_ID_W), .AXIL_ADDR_W(AXIL_ADDR_W)
) u_dep (
    .clk(clk),
    .rst(rst),
    .s_axis_dep_tdata(s_axis_dep_tdata),
    .s_axis_dep_tkeep(s_axis_dep_tkeep),
    .s_axis_dep_tvalid(s_axis_dep_tvalid),
    .s_axis_dep_tready(s_axis_dep_tready),
    .s_axis_dep_tlast(s_axis_dep_tlast),
    .s_axis_dep_tuser(s_axis_dep_tuser),
    .m_axi_awid(m_axi_awid),
    .m_axi_awaddr(m_axi_awaddr),
    .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst),
    .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata),
    .m_axi_wstrb(m_axi_wstrb),
    .m_axi_wlast(m_axi_wlast),
    .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready),
    .m_axi_bid(m_axi_bid),
    .m_axi_bresp(m_axi_bresp),
    .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready),
    .s_axil_awaddr(s_axil_awaddr),
    .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata),
    .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready),
    .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready),
    .s_axil_araddr(s_axil_araddr),
    .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata),
    .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .m_axis_evt_tdata(m_axis_evt_tdata),
    .m_axis_evt_tvalid(m_axis_evt_tvalid),
    .m_axis_evt_tready(m_axis_evt_tready),
    .m_axis_seg_tdata(seg_tdata),
    .m_axis_seg_tvalid(seg_tvalid),
    .m_axis_seg_tready(seg_tready),
    .stat_pkt_done(stat_pkt_done),
    .stat_pkt_code(stat_pkt_code)
);

// input 0 software, input 1 the engine
mdd_axis_arb #(.N(2), .DATA_W(256)) u_arb (
    .clk(clk), .rst(rst),
    .s_tdata({seg_tdata, s_axis_cmb_tdata}),
    .s_tvalid({seg_tvalid, s_axis_cmb_tvalid}),
    .s_tready({seg_tready, s_axis_cmb_tready}),
    .m_tdata(rec_tdata), .m_tvalid(rec_tvalid), .m_tready(rec_tready)
);

mdd_cmb #(.CRC_ALG(0), .MSGS(MSGS), .ID_W(32), .ADDR_W(64), .BITS_PER_STAGE(CMB_BITS_PER_STAGE)) u_cmb (
    .clk(clk), .rst(rst),
    .s_axis_cmb_tdata(rec_tdata), .s_axis_cmb_tvalid(rec_tvalid), .s_axis_cmb_tready(rec_tready),
    .m_axis_cmb_res_tdata(m_axis_cmb_res_tdata), .m_axis_cmb_res_tvalid(m_axis_cmb_res_tvalid),
    .m_axis_cmb_res_tready(m_axis_cmb_res_tready)
);

endmodule

`resetall

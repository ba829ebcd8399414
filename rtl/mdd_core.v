// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The whole mdd core (docs/core.md): the RX path, the TX path, the deposit
 * engine with the CRC combiner, the RX-to-deposit router, the statistics and
 * the register block, at W bytes per clock.
 *
 *   s_axis_rx_desc -> mdd_rx_route (TO_DEP taken out) -> mdd_rx_path -> m_axis_rx_ctx
 *   s_axis_rx ----------------------------------------> mdd_rx_path -> mdd_rx_route -> m_axis_rx
 *   s_axis_dep -----------------------------------------------------> mdd_rx_route -> mdd_dep_msg
 *                                 (TO_DEP transfers join s_axis_dep's packets there)
 *   mdd_dep_msg -> m_axi (host writes), m_axis_evt; s_axis_cmb -> mdd_dep_msg -> m_axis_cmb_res
 *   s_axis_tx_desc, s_axis_tx -> mdd_tx_path -> m_axis_tx, m_axis_tx_ctx
 *   s_axil -> mdd_regs (windows CORE, RX, TX, CMB; DEP forwarded to mdd_dep_msg); irq
 *
 * The internal streams a bench follows (the RX path's output, the deposit
 * engine's input) are marked public for Verilator.
 *
 * Parameters (docs/core.md 2):
 *   W                              bytes per beat (4, 8, 16, 32, 64)
 *   RX_DATA_DEPTH, RX_RES_DEPTH    the RX path's FIFOs
 *   TX_DATA_DEPTH, TX_RES_DEPTH    the TX path's FIFOs
 *   CONNS, REGIONS, AREGS, RHQS, CQS, BURST_BYTES, MAX_OUTSTANDING, AXI_ID_W   the deposit engine
 *   MSGS, CMB_BITS_PER_STAGE       the combiner
 *   ROUTE_DEPTH                    RX transfers the router tracks between descriptor and context
 */
module mdd_core #(
    parameter W = 8,
    parameter RX_DATA_DEPTH = 16,
    parameter RX_RES_DEPTH = 32,
    parameter TX_DATA_DEPTH = 16,
    parameter TX_RES_DEPTH = 32,
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter AREGS = 256,
    parameter RHQS = 16,
    parameter CQS = 16,
    parameter BURST_BYTES = 256,
    parameter MAX_OUTSTANDING = 16,
    parameter AXI_ID_W = 4,
    parameter MSGS = 64,
    parameter CMB_BITS_PER_STAGE = 2,
    parameter ROUTE_DEPTH = 16
) (
    input  wire                clk,
    input  wire                rst,

    // network RX
    input  wire [8*W-1:0]      s_axis_rx_tdata,
    input  wire [W-1:0]        s_axis_rx_tkeep,
    input  wire                s_axis_rx_tlast,
    input  wire                s_axis_rx_tuser,
    input  wire                s_axis_rx_tvalid,
    output wire                s_axis_rx_tready,
    input  wire [511:0]        s_axis_rx_desc_tdata,
    input  wire                s_axis_rx_desc_tvalid,
    output wire                s_axis_rx_desc_tready,
    // host RX
    output wire [8*W-1:0]      m_axis_rx_tdata,
    output wire [W-1:0]        m_axis_rx_tkeep,
    output wire                m_axis_rx_tlast,
    output wire [8*W-1:0]      m_axis_rx_tuser,
    output wire                m_axis_rx_tvalid,
    input  wire                m_axis_rx_tready,
    output wire [1023:0]       m_axis_rx_ctx_tdata,
    output wire                m_axis_rx_ctx_tvalid,
    input  wire                m_axis_rx_ctx_tready,

    // host TX
    input  wire [8*W-1:0]      s_axis_tx_tdata,
    input  wire [W-1:0]        s_axis_tx_tkeep,
    input  wire                s_axis_tx_tlast,
    input  wire                s_axis_tx_tuser,
    input  wire                s_axis_tx_tvalid,
    output wire                s_axis_tx_tready,
    input  wire [511:0]        s_axis_tx_desc_tdata,
    input  wire                s_axis_tx_desc_tvalid,
    output wire                s_axis_tx_desc_tready,
    // network TX
    output wire [8*W-1:0]      m_axis_tx_tdata,
    output wire [W-1:0]        m_axis_tx_tkeep,
    output wire                m_axis_tx_tlast,
    output wire [8*W-1:0]      m_axis_tx_tuser,
    output wire                m_axis_tx_tvalid,
    input  wire                m_axis_tx_tready,
    output wire [1023:0]       m_axis_tx_ctx_tdata,
    output wire                m_axis_tx_ctx_tvalid,
    input  wire                m_axis_tx_ctx_tready,

    // deposit packets from another transport
    input  wire [8*W-1:0]      s_axis_dep_tdata,
    input  wire [W-1:0]        s_axis_dep_tkeep,
    input  wire                s_axis_dep_tvalid,
    output wire                s_axis_dep_tready,
    input  wire                s_axis_dep_tlast,
    input  wire                s_axis_dep_tuser,

    // host memory writes (AXI4 write channels)
    output wire [AXI_ID_W-1:0] m_axi_awid,
    output wire [63:0]         m_axi_awaddr,
    output wire [7:0]          m_axi_awlen,
    output wire [2:0]          m_axi_awsize,
    output wire [1:0]          m_axi_awburst,
    output wire                m_axi_awvalid,
    input  wire                m_axi_awready,
    output wire [8*W-1:0]      m_axi_wdata,
    output wire [W-1:0]        m_axi_wstrb,
    output wire                m_axi_wlast,
    output wire                m_axi_wvalid,
    input  wire                m_axi_wready,
    input  wire [AXI_ID_W-1:0] m_axi_bid,
    input  wire [1:0]          m_axi_bresp,
    input  wire                m_axi_bvalid,
    output wire                m_axi_bready,

    // per-CPU events
    output wire [31:0]         m_axis_evt_tdata,
    output wire                m_axis_evt_tvalid,
    input  wire                m_axis_evt_tready,

    // combiner records from software, results
    input  wire [255:0]        s_axis_cmb_tdata,
    input  wire                s_axis_cmb_tvalid,
    output wire                s_axis_cmb_tready,
    output wire [511:0]        m_axis_cmb_res_tdata,
    output wire                m_axis_cmb_res_tvalid,
    input  wire                m_axis_cmb_res_tready,

    // registers
    input  wire [15:0]         s_axil_awaddr,
    input  wire                s_axil_awvalid,
    output wire                s_axil_awready,
    input  wire [31:0]         s_axil_wdata,
    input  wire [3:0]          s_axil_wstrb,
    input  wire                s_axil_wvalid,
    output wire                s_axil_wready,
    output wire [1:0]          s_axil_bresp,
    output wire                s_axil_bvalid,
    input  wire                s_axil_bready,
    input  wire [15:0]         s_axil_araddr,
    input  wire                s_axil_arvalid,
    output wire                s_axil_arready,
    output wire [31:0]         s_axil_rdata,
    output wire [1:0]          s_axil_rresp,
    output wire                s_axil_rvalid,
    input  wire                s_axil_rready,

    output wire                irq
);

localparam [31:0] W32 = W;
localparam [6:0]  CAPS_W = W32[6:0];   // CORE.CAPS.W
localparam IRQ_DEP = 0, IRQ_RX = 1, IRQ_TX = 2, IRQ_CMB = 3;

// ---- RX: router and path ----
wire [511:0]   rxp_desc_tdata;
wire           rxp_desc_tvalid, rxp_desc_tready;
// the RX path's delivered stream, before the router (public: the bench checks every transfer here)
wire [8*W-1:0] rxp_tdata /* verilator public_flat_rd */;
wire [W-1:0]   rxp_tkeep /* verilator public_flat_rd */;
wire           rxp_tlast /* verilator public_flat_rd */;
wire [8*W-1:0] rxp_tuser /* verilator public_flat_rd */;
wire           rxp_tvalid /* verilator public_flat_rd */;
wire           rxp_tready /* verilator public_flat_rd */;
// the deposit engine's input, after the router (public: the deposit scoreboard rebuilds packets here)
wire [8*W-1:0] dep_in_tdata /* verilator public_flat_rd */;
wire [W-1:0]   dep_in_tkeep /* verilator public_flat_rd */;
wire           dep_in_tlast /* verilator public_flat_rd */;
wire           dep_in_tuser /* verilator public_flat_rd */;
wire           dep_in_tvalid /* verilator public_flat_rd */;
wire           dep_in_tready /* verilator public_flat_rd */;

mdd_rx_route #(.W(W), .ROUTE_DEPTH(ROUTE_DEPTH)) u_route (
    .clk(clk), .rst(rst),
    .s_desc_tdata(s_axis_rx_desc_tdata), .s_desc_tvalid(s_axis_rx_desc_tvalid), .s_desc_tready(s_axis_rx_desc_tready),
    .m_desc_tdata(rxp_desc_tdata), .m_desc_tvalid(rxp_desc_tvalid), .m_desc_tready(rxp_desc_tready),
    .s_rx_tdata(rxp_tdata), .s_rx_tkeep(rxp_tkeep), .s_rx_tlast(rxp_tlast), .s_rx_tuser(rxp_tuser),
    .s_rx_tvalid(rxp_tvalid), .s_rx_tready(rxp_tready),
    .m_rx_tdata(m_axis_rx_tdata), .m_rx_tkeep(m_axis_rx_tkeep), .m_rx_tlast(m_axis_rx_tlast),
    .m_rx_tuser(m_axis_rx_tuser), .m_rx_tvalid(m_axis_rx_tvalid), .m_rx_tready(m_axis_rx_tready),
    .ctx_tdata(m_axis_rx_ctx_tdata), .ctx_tvalid(m_axis_rx_ctx_tvalid), .ctx_tready(m_axis_rx_ctx_tready),
    .s_dep_tdata(s_axis_dep_tdata), .s_dep_tkeep(s_axis_dep_tkeep), .s_dep_tlast(s_axis_dep_tlast),
    .s_dep_tuser(s_axis_dep_tuser), .s_dep_tvalid(s_axis_dep_tvalid), .s_dep_tready(s_axis_dep_tready),
    .m_dep_tdata(dep_in_tdata), .m_dep_tkeep(dep_in_tkeep), .m_dep_tlast(dep_in_tlast), .m_dep_tuser(dep_in_tuser),
    .m_dep_tvalid(dep_in_tvalid), .m_dep_tready(dep_in_tready)
);

mdd_rx_path #(.W(W), .DATA_DEPTH(RX_DATA_DEPTH), .RES_DEPTH(RX_RES_DEPTH)) u_rx (
    .clk(clk), .rst(rst),
    .s_axis_rx_tdata(s_axis_rx_tdata), .s_axis_rx_tkeep(s_axis_rx_tkeep), .s_axis_rx_tlast(s_axis_rx_tlast),
    .s_axis_rx_tuser(s_axis_rx_tuser), .s_axis_rx_tvalid(s_axis_rx_tvalid), .s_axis_rx_tready(s_axis_rx_tready),
    .s_axis_rx_desc_tdata(rxp_desc_tdata), .s_axis_rx_desc_tvalid(rxp_desc_tvalid),
    .s_axis_rx_desc_tready(rxp_desc_tready),
    .m_axis_rx_tdata(rxp_tdata), .m_axis_rx_tkeep(rxp_tkeep), .m_axis_rx_tlast(rxp_tlast),
    .m_axis_rx_tuser(rxp_tuser), .m_axis_rx_tvalid(rxp_tvalid), .m_axis_rx_tready(rxp_tready),
    .m_axis_rx_ctx_tdata(m_axis_rx_ctx_tdata), .m_axis_rx_ctx_tvalid(m_axis_rx_ctx_tvalid),
    .m_axis_rx_ctx_tready(m_axis_rx_ctx_tready)
);

// ---- TX ----
mdd_tx_path #(.W(W), .DATA_DEPTH(TX_DATA_DEPTH), .RES_DEPTH(TX_RES_DEPTH)) u_tx (
    .clk(clk), .rst(rst),
    .s_axis_tx_tdata(s_axis_tx_tdata), .s_axis_tx_tkeep(s_axis_tx_tkeep), .s_axis_tx_tlast(s_axis_tx_tlast),
    .s_axis_tx_tuser(s_axis_tx_tuser), .s_axis_tx_tvalid(s_axis_tx_tvalid), .s_axis_tx_tready(s_axis_tx_tready),
    .s_axis_tx_desc_tdata(s_axis_tx_desc_tdata), .s_axis_tx_desc_tvalid(s_axis_tx_desc_tvalid),
    .s_axis_tx_desc_tready(s_axis_tx_desc_tready),
    .m_axis_tx_tdata(m_axis_tx_tdata), .m_axis_tx_tkeep(m_axis_tx_tkeep), .m_axis_tx_tlast(m_axis_tx_tlast),
    .m_axis_tx_tuser(m_axis_tx_tuser), .m_axis_tx_tvalid(m_axis_tx_tvalid), .m_axis_tx_tready(m_axis_tx_tready),
    .m_axis_tx_ctx_tdata(m_axis_tx_ctx_tdata), .m_axis_tx_ctx_tvalid(m_axis_tx_ctx_tvalid),
    .m_axis_tx_ctx_tready(m_axis_tx_ctx_tready)
);

// ---- deposit engine and combiner ----
wire [11:0] dep_axil_awaddr, dep_axil_araddr;
wire        dep_axil_awvalid, dep_axil_awready, dep_axil_wvalid, dep_axil_wready, dep_axil_bvalid, dep_axil_bready;
wire        dep_axil_arvalid, dep_axil_arready, dep_axil_rvalid, dep_axil_rready;
wire [31:0] dep_axil_wdata, dep_axil_rdata;
wire [3:0]  dep_axil_wstrb;
wire [1:0]  dep_axil_bresp, dep_axil_rresp;
wire        dep_pkt_done, dep_seg_fire;
wire [4:0]  dep_pkt_code;

mdd_dep_msg #(
    .W(W), .CONNS(CONNS), .REGIONS(REGIONS), .AREGS(AREGS), .RHQS(RHQS), .CQS(CQS), .BURST_BYTES(BURST_BYTES),
    .MAX_OUTSTANDING(MAX_OUTSTANDING), .AXI_ID_W(AXI_ID_W), .AXIL_ADDR_W(12), .MSGS(MSGS),
    .CMB_BITS_PER_STAGE(CMB_BITS_PER_STAGE)
) u_dep (
    .clk(clk), .rst(rst),
    .s_axis_dep_tdata(dep_in_tdata), .s_axis_dep_tkeep(dep_in_tkeep), .s_axis_dep_tvalid(dep_in_tvalid),
    .s_axis_dep_tready(dep_in_tready), .s_axis_dep_tlast(dep_in_tlast), .s_axis_dep_tuser(dep_in_tuser),
    .m_axi_awid(m_axi_awid), .m_axi_awaddr(m_axi_awaddr), .m_axi_awlen(m_axi_awlen), .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst), .m_axi_awvalid(m_axi_awvalid), .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata), .m_axi_wstrb(m_axi_wstrb), .m_axi_wlast(m_axi_wlast), .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready), .m_axi_bid(m_axi_bid), .m_axi_bresp(m_axi_bresp), .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready),
    .s_axil_awaddr(dep_axil_awaddr), .s_axil_awvalid(dep_axil_awvalid), .s_axil_awready(dep_axil_awready),
    .s_axil_wdata(dep_axil_wdata), .s_axil_wstrb(dep_axil_wstrb), .s_axil_wvalid(dep_axil_wvalid),
    .s_axil_wready(dep_axil_wready), .s_axil_bresp(dep_axil_bresp), .s_axil_bvalid(dep_axil_bvalid),
    .s_axil_bready(dep_axil_bready), .s_axil_araddr(dep_axil_araddr), .s_axil_arvalid(dep_axil_arvalid),
    .s_axil_arready(dep_axil_arready), .s_axil_rdata(dep_axil_rdata), .s_axil_rresp(dep_axil_rresp),
    .s_axil_rvalid(dep_axil_rvalid), .s_axil_rready(dep_axil_rready),
    .m_axis_evt_tdata(m_axis_evt_tdata), .m_axis_evt_tvalid(m_axis_evt_tvalid), .m_axis_evt_tready(m_axis_evt_tready),
    .s_axis_cmb_tdata(s_axis_cmb_tdata), .s_axis_cmb_tvalid(s_axis_cmb_tvalid), .s_axis_cmb_tready(s_axis_cmb_tready),
    .m_axis_cmb_res_tdata(m_axis_cmb_res_tdata), .m_axis_cmb_res_tvalid(m_axis_cmb_res_tvalid),
    .m_axis_cmb_res_tready(m_axis_cmb_res_tready),
    .stat_pkt_done(dep_pkt_done), .stat_pkt_code(dep_pkt_code), .stat_seg_fire(dep_seg_fire)
);

// ---- statistics and registers ----
// STATS_CTRL's pulses (public: the bench takes its own snapshot when the block takes one)
wire       stats_snap /* verilator public_flat_rd */;
wire       stats_clear /* verilator public_flat_rd */;
wire       irq_dep_set, irq_rx_set, irq_tx_set, irq_cmb_set;
wire [3:0] irq_status, irq_enable;
wire [31:0] rx_xfers_count;
wire [31:0] rx_xfers_err_count;
wire [31:0] rx_pdus_count;
wire [31:0] rx_blocks_count;
wire [31:0] rx_markers_count;
wire [31:0] rx_err_events_count;
wire [31:0] rx_bytes_in_lo_count;
wire [31:0] rx_bytes_in_hi_count;
wire [31:0] rx_bytes_out_lo_count;
wire [31:0] rx_bytes_out_hi_count;
wire [15:0] rx_last_err_xfer_id;
wire [7:0] rx_last_err_code;
wire [31:0] rx_last_err_off_offset;
wire [511:0] rx_err_class_count;
wire [31:0] tx_xfers_count;
wire [31:0] tx_xfers_err_count;
wire [31:0] tx_pdus_count;
wire [31:0] tx_blocks_count;
wire [31:0] tx_markers_count;
wire [31:0] tx_err_events_count;
wire [31:0] tx_bytes_in_lo_count;
wire [31:0] tx_bytes_in_hi_count;
wire [31:0] tx_bytes_out_lo_count;
wire [31:0] tx_bytes_out_hi_count;
wire [15:0] tx_last_err_xfer_id;
wire [7:0] tx_last_err_code;
wire [31:0] tx_last_err_off_offset;
wire [511:0] tx_err_class_count;
wire [31:0] cmb_records_sw_count;
wire [31:0] cmb_segs_count;
wire [31:0] cmb_outputs_count;
wire [255:0] cmb_results_count;
wire [511:0] cmb_errors_count;

mdd_core_stats u_stats (
    .clk(clk), .rst(rst),
    .rx_ctx_tdata(m_axis_rx_ctx_tdata), .rx_ctx_fire(m_axis_rx_ctx_tvalid && m_axis_rx_ctx_tready),
    .tx_ctx_tdata(m_axis_tx_ctx_tdata), .tx_ctx_fire(m_axis_tx_ctx_tvalid && m_axis_tx_ctx_tready),
    .cmb_sw_fire(s_axis_cmb_tvalid && s_axis_cmb_tready), .cmb_seg_fire(dep_seg_fire),
    .cmb_res_tdata(m_axis_cmb_res_tdata), .cmb_res_fire(m_axis_cmb_res_tvalid && m_axis_cmb_res_tready),
    .dep_pkt_done(dep_pkt_done), .dep_pkt_code(dep_pkt_code),
    .snap(stats_snap), .clear(stats_clear),
    .irq_dep_set(irq_dep_set), .irq_rx_set(irq_rx_set), .irq_tx_set(irq_tx_set), .irq_cmb_set(irq_cmb_set),
    .rx_xfers_count(rx_xfers_count),
    .rx_xfers_err_count(rx_xfers_err_count),
    .rx_pdus_count(rx_pdus_count),
    .rx_blocks_count(rx_blocks_count),
    .rx_markers_count(rx_markers_count),
    .rx_err_events_count(rx_err_events_count),
    .rx_bytes_in_lo_count(rx_bytes_in_lo_count),
    .rx_bytes_in_hi_count(rx_bytes_in_hi_count),
    .rx_bytes_out_lo_count(rx_bytes_out_lo_count),
    .rx_bytes_out_hi_count(rx_bytes_out_hi_count),
    .rx_last_err_xfer_id(rx_last_err_xfer_id),
    .rx_last_err_code(rx_last_err_code),
    .rx_last_err_off_offset(rx_last_err_off_offset),
    .rx_err_class_count(rx_err_class_count),
    .tx_xfers_count(tx_xfers_count),
    .tx_xfers_err_count(tx_xfers_err_count),
    .tx_pdus_count(tx_pdus_count),
    .tx_blocks_count(tx_blocks_count),
    .tx_markers_count(tx_markers_count),
    .tx_err_events_count(tx_err_events_count),
    .tx_bytes_in_lo_count(tx_bytes_in_lo_count),
    .tx_bytes_in_hi_count(tx_bytes_in_hi_count),
    .tx_bytes_out_lo_count(tx_bytes_out_lo_count),
    .tx_bytes_out_hi_count(tx_bytes_out_hi_count),
    .tx_last_err_xfer_id(tx_last_err_xfer_id),
    .tx_last_err_code(tx_last_err_code),
    .tx_last_err_off_offset(tx_last_err_off_offset),
    .tx_err_class_count(tx_err_class_count),
    .cmb_records_sw_count(cmb_records_sw_count),
    .cmb_segs_count(cmb_segs_count),
    .cmb_outputs_count(cmb_outputs_count),
    .cmb_results_count(cmb_results_count),
    .cmb_errors_count(cmb_errors_count)
);

mdd_regs u_regs (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
    .m_axil_dep_awaddr(dep_axil_awaddr), .m_axil_dep_awvalid(dep_axil_awvalid), .m_axil_dep_awready(dep_axil_awready),
    .m_axil_dep_wdata(dep_axil_wdata), .m_axil_dep_wstrb(dep_axil_wstrb), .m_axil_dep_wvalid(dep_axil_wvalid),
    .m_axil_dep_wready(dep_axil_wready), .m_axil_dep_bresp(dep_axil_bresp), .m_axil_dep_bvalid(dep_axil_bvalid),
    .m_axil_dep_bready(dep_axil_bready), .m_axil_dep_araddr(dep_axil_araddr), .m_axil_dep_arvalid(dep_axil_arvalid),
    .m_axil_dep_arready(dep_axil_arready), .m_axil_dep_rdata(dep_axil_rdata), .m_axil_dep_rresp(dep_axil_rresp),
    .m_axil_dep_rvalid(dep_axil_rvalid), .m_axil_dep_rready(dep_axil_rready),
    .core_caps_w_i(CAPS_W),
    /* verilator lint_off PINCONNECTEMPTY */
    .core_scratch_value_o(),   // software's own register: nothing in the core reads it
    /* verilator lint_on PINCONNECTEMPTY */
    .core_irq_status_dep_set(irq_dep_set),
    .core_irq_status_dep_o(irq_status[IRQ_DEP]),
    .core_irq_status_rx_set(irq_rx_set),
    .core_irq_status_rx_o(irq_status[IRQ_RX]),
    .core_irq_status_tx_set(irq_tx_set),
    .core_irq_status_tx_o(irq_status[IRQ_TX]),
    .core_irq_status_cmb_set(irq_cmb_set),
    .core_irq_status_cmb_o(irq_status[IRQ_CMB]),
    .core_irq_enable_dep_o(irq_enable[IRQ_DEP]),
    .core_irq_enable_rx_o(irq_enable[IRQ_RX]),
    .core_irq_enable_tx_o(irq_enable[IRQ_TX]),
    .core_irq_enable_cmb_o(irq_enable[IRQ_CMB]),
    .core_stats_ctrl_snap_pulse(stats_snap),
    .core_stats_ctrl_clear_pulse(stats_clear),
    .rx_xfers_count_i(rx_xfers_count),
    .rx_xfers_err_count_i(rx_xfers_err_count),
    .rx_pdus_count_i(rx_pdus_count),
    .rx_blocks_count_i(rx_blocks_count),
    .rx_markers_count_i(rx_markers_count),
    .rx_err_events_count_i(rx_err_events_count),
    .rx_bytes_in_lo_count_i(rx_bytes_in_lo_count),
    .rx_bytes_in_hi_count_i(rx_bytes_in_hi_count),
    .rx_bytes_out_lo_count_i(rx_bytes_out_lo_count),
    .rx_bytes_out_hi_count_i(rx_bytes_out_hi_count),
    .rx_last_err_xfer_id_i(rx_last_err_xfer_id),
    .rx_last_err_code_i(rx_last_err_code),
    .rx_last_err_off_offset_i(rx_last_err_off_offset),
    .rx_err_class_count_i(rx_err_class_count),
    .tx_xfers_count_i(tx_xfers_count),
    .tx_xfers_err_count_i(tx_xfers_err_count),
    .tx_pdus_count_i(tx_pdus_count),
    .tx_blocks_count_i(tx_blocks_count),
    .tx_markers_count_i(tx_markers_count),
    .tx_err_events_count_i(tx_err_events_count),
    .tx_bytes_in_lo_count_i(tx_bytes_in_lo_count),
    .tx_bytes_in_hi_count_i(tx_bytes_in_hi_count),
    .tx_bytes_out_lo_count_i(tx_bytes_out_lo_count),
    .tx_bytes_out_hi_count_i(tx_bytes_out_hi_count),
    .tx_last_err_xfer_id_i(tx_last_err_xfer_id),
    .tx_last_err_code_i(tx_last_err_code),
    .tx_last_err_off_offset_i(tx_last_err_off_offset),
    .tx_err_class_count_i(tx_err_class_count),
    .cmb_records_sw_count_i(cmb_records_sw_count),
    .cmb_segs_count_i(cmb_segs_count),
    .cmb_outputs_count_i(cmb_outputs_count),
    .cmb_results_count_i(cmb_results_count),
    .cmb_errors_count_i(cmb_errors_count)
);

assign irq = |(irq_status & irq_enable);

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Direct-deposit receive engine (docs/deposit.md; section 9 is this file's
 * microarchitecture).
 *
 *   s_axis_dep -> mdd_dep_in --header--> FIFO -> mdd_dep_chk --job--> mdd_dep_tail
 *                            --payload-> FIFO ---------------------> mdd_dep_axw -> m_axi
 *                            --payload-> mdd_crc_unit -> FIFO -----> (tail: verdict)
 *                            --verdict-> FIFO ---------------------> (tail)
 *   s_axil <-> mdd_dep_regs (tables, rings, counters, m_axis_evt)
 *   mdd_dep_tail -> m_axis_seg: a SEG record (CMBREC) per message segment
 *                   that ended OK, for the CRC combiner (section 10)
 *
 * The payload FIFO lets the checks of packet n+2 run while packet n+1 is
 * placed (the tail's front sequencer) and packet n finishes (its back
 * sequencer: commit, status, pointer, CQE, event).
 *
 * Parameters:
 *   W                bytes per beat: 4, 8, 16, 32 or 64
 *   CONNS            connection table entries (power of two, 2..65536)
 *   REGIONS          region (token) table entries (power of two, 2..2^24)
 *   AREGS            address registers (power of two, 2..65536)
 *   RHQS, CQS        receive-header queues, completion queues (powers of two, 1..256)
 *   BURST_BYTES      bursts never cross this aligned boundary (power of two, W..min(256 W, 4096))
 *   MAX_OUTSTANDING  bursts waiting for their B response (1..256)
 *   AXI_ID_W         awid/bid width (1..8)
 *   AXIL_ADDR_W      s_axil address width (12)
 */
module mdd_dep #(
    parameter W = 8,
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter AREGS = 256,
    parameter RHQS = 16,
    parameter CQS = 16,
    parameter BURST_BYTES = 256,
    parameter MAX_OUTSTANDING = 16,
    parameter AXI_ID_W = 4,
    parameter AXIL_ADDR_W = 12
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
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [AXI_ID_W-1:0]    m_axi_bid,     // one id: B returns in order (section 8)
    /* verilator lint_on UNUSEDSIGNAL */
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

    output wire [255:0]           m_axis_seg_tdata,
    output wire                   m_axis_seg_tvalid,
    input  wire                   m_axis_seg_tready,

    // one cycle per finished packet, with its code (0 OK): for statistics and interrupts around the engine
    output wire                   stat_pkt_done,
    output wire [4:0]             stat_pkt_code
);

localparam CI_W  = (CONNS <= 2) ? 1 : $clog2(CONNS);
localparam RI_W  = (REGIONS <= 2) ? 1 : $clog2(REGIONS);
localparam AI_W  = (AREGS <= 2) ? 1 : $clog2(AREGS);
localparam QI_W  = (RHQS <= 2) ? 1 : $clog2(RHQS);
localparam CQI_W = (CQS <= 2) ? 1 : $clog2(CQS);
localparam PAY_DEPTH = 32;    // payload beats buffered while a header is checked
localparam HDR_DEPTH = 4;
localparam PKT_DEPTH = 8;     // verdicts and payload CRCs of packets received, not yet finished
localparam PF_W = 8 * W + W + 1;
localparam TD_W = (MAX_OUTSTANDING <= 2) ? 1 : $clog2(MAX_OUTSTANDING);   // tail's B tag FIFO: 2^TD_W entries

initial begin
    if (AXIL_ADDR_W != 12 || AXI_ID_W < 1 || AXI_ID_W > 8) begin
        $display("Error: AXIL_ADDR_W must be 12, AXI_ID_W 1..8 (%m)");
        $finish;
    end
    if (CONNS < 2 || CONNS > 65536 || REGIONS < 2 || REGIONS > 16777216 || AREGS < 2 || AREGS > 65536 ||
        RHQS < 1 || RHQS > 256 || CQS < 1 || CQS > 256) begin
        $display("Error: table sizes out of range (%m)");
        $finish;
    end
end

wire init_busy;

// ---- ingest ----
wire          hf_s_valid, hf_s_ready, hf_m_valid, hf_pop;
wire [273:0]  hf_s_data, hf_m_data;
wire          pf_s_valid, pf_s_ready, pf_m_valid, pf_pop;
wire [8*W-1:0] pay_data;
wire [W-1:0]  pay_mask;
wire          pay_last;
wire [PF_W-1:0] pf_m_data;
wire          vf_s_valid, vf_s_ready, vf_m_valid, vrd_pop;
wire [171:0]  vf_s_data, vf_m_data;
wire          crc_s_ready, crc_m_valid, crc_m_ready, cf_m_valid;
wire [31:0]   crc_m_crc, cf_m_data;
/* verilator lint_off UNUSEDSIGNAL */
wire          crc_m_tuser;
/* verilator lint_on UNUSEDSIGNAL */

mdd_dep_in #(.W(W)) u_in (
    .clk(clk), .rst(rst),
    .s_tdata(s_axis_dep_tdata), .s_tkeep(s_axis_dep_tkeep), .s_tvalid(s_axis_dep_tvalid),
    .s_tlast(s_axis_dep_tlast), .s_tuser(s_axis_dep_tuser), .s_tready(s_axis_dep_tready),
    .init_busy(init_busy),
    .hdr_ready(hf_s_ready), .pay_ready(pf_s_ready), .vrd_ready(vf_s_ready), .crc_ready(crc_s_ready),
    .hdr_valid(hf_s_valid), .hdr_data(hf_s_data),
    .pay_valid(pf_s_valid), .pay_data(pay_data), .pay_mask(pay_mask), .pay_last(pay_last),
    .vrd_valid(vf_s_valid), .vrd_data(vf_s_data)
);

mdd_fifo #(.WIDTH(274), .DEPTH(HDR_DEPTH)) u_hdr_fifo (
    .clk(clk), .rst(rst),
    .s_tdata(hf_s_data), .s_tvalid(hf_s_valid), .s_tready(hf_s_ready),
    .m_tdata(hf_m_data), .m_tvalid(hf_m_valid), .m_tready(hf_pop)
);

mdd_fifo #(.WIDTH(PF_W), .DEPTH(PAY_DEPTH)) u_pay_fifo (
    .clk(clk), .rst(rst),
    .s_tdata({pay_last, pay_mask, pay_data}), .s_tvalid(pf_s_valid), .s_tready(pf_s_ready),
    .m_tdata(pf_m_data), .m_tvalid(pf_m_valid), .m_tready(pf_pop)
);

mdd_fifo #(.WIDTH(172), .DEPTH(PKT_DEPTH), .HEAD_REG(1)) u_vrd_fifo (
    .clk(clk), .rst(rst),
    .s_tdata(vf_s_data), .s_tvalid(vf_s_valid), .s_tready(vf_s_ready),
    .m_tdata(vf_m_data), .m_tvalid(vf_m_valid), .m_tready(vrd_pop)
);

// payload CRC-32C over the masked bytes, one message per packet
mdd_crc_unit #(.W(W), .CRC_ALG(0), .USER_W(1)) u_pcrc (
    .clk(clk), .rst(rst),
    .s_tdata(pay_data), .s_tkeep(pay_mask), .s_tlast(pay_last), .s_tuser(1'b0), .s_alg(2'd0),
    .s_seed_en(1'b0), .s_seed(32'd0), .s_tvalid(pf_s_valid), .s_tready(crc_s_ready),
    .m_crc(crc_m_crc), .m_tuser(crc_m_tuser), .m_tvalid(crc_m_valid), .m_tready(crc_m_ready)
);

mdd_fifo #(.WIDTH(32), .DEPTH(PKT_DEPTH), .HEAD_REG(1)) u_crc_fifo (
    .clk(clk), .rst(rst),
    .s_tdata(crc_m_crc), .s_tvalid(crc_m_valid), .s_tready(crc_m_ready),
    .m_tdata(cf_m_data), .m_tvalid(cf_m_valid), .m_tready(vrd_pop)
);

// ---- checks ----
wire            lk_re, ar_re;
wire [CI_W-1:0] conn_idx;
wire [1:0]      conn_state;
wire [80:0]     conn_cfg;
wire [RI_W-1:0] rg_idx;
wire            rg_valid;
wire [152:0]    rg_cfg;
wire [AI_W-1:0] ar_idx0, ar_idx1;
wire [66:0]     ar_data0, ar_data1;
wire [QI_W-1:0] rhq_idx;
wire [63:0]     rhq_base, rhq_ptr;
wire [31:0]     rhq_mask;
wire [31:0]     rhq_tail, rhq_head;
wire            rhq_inc, rhq_wait;
wire            tail_upd, fail_valid;
wire [15:0]     fail_conn;
wire            job_valid, job_take;
wire [705:0]    job;

mdd_dep_chk #(.CONNS(CONNS), .REGIONS(REGIONS), .CI_W(CI_W), .RI_W(RI_W),
              .AI_W(AI_W), .QI_W(QI_W)) u_chk (
    .clk(clk), .rst(rst), .init_busy(init_busy),
    .hdr_valid(hf_m_valid), .hdr_data(hf_m_data), .hdr_pop(hf_pop),
    .tail_upd(tail_upd), .fail_valid(fail_valid), .fail_conn(fail_conn),
    .lk_re(lk_re), .ar_re(ar_re), .conn_idx(conn_idx), .conn_state(conn_state), .conn_cfg(conn_cfg),
    .rg_idx(rg_idx), .rg_valid(rg_valid), .rg_cfg(rg_cfg),
    .ar_idx0(ar_idx0), .ar_idx1(ar_idx1), .ar_data0(ar_data0), .ar_data1(ar_data1),
    .rhq_idx(rhq_idx), .rhq_base(rhq_base), .rhq_ptr(rhq_ptr), .rhq_mask(rhq_mask), .rhq_tail(rhq_tail),
    .rhq_head(rhq_head), .rhq_inc(rhq_inc), .rhq_wait(rhq_wait),
    .job_valid(job_valid), .job_take(job_take), .job(job)
);

// ---- tail and AXI writer ----
wire          axw_ready, axw_act, axw_pend, aw_push, cmd_go, cmd_pay;
wire [2:0]    axw_tag, axw_ptag, cmd_tag;
wire [63:0]   cmd_addr;
wire [31:0]   cmd_len;
wire [255:0]  cmd_sdata;
wire          areg_we;
wire [15:0]   areg_idx;
wire [63:0]   areg_val;
wire [7:0]    err_cq;
wire [CQI_W-1:0] cq_idx;
wire [63:0]   cq_base;
wire [4:0]    cq_l2n;
wire [31:0]   cq_mask;
wire [31:0]   cq_tail, cq_head;
wire [1:0]    cq_arm;
wire          cq_valid;
wire          cq_inc, cq_wait, cq_wr, evt_free, evt_go, done;
wire [4:0]    done_code;
wire [7:0]    pay_bytes;
wire          b_fire = m_axi_bvalid;   // bready is 1

assign stat_pkt_done = done;
assign stat_pkt_code = done_code;

mdd_dep_tail #(.QI_W(CQI_W), .TD_W(TD_W)) u_tail (
    .clk(clk), .rst(rst),
    .job_valid(job_valid), .job(job), .job_take(job_take), .tail_upd(tail_upd),
    .vrd_valid(vf_m_valid), .vrd_data(vf_m_data), .crc_valid(cf_m_valid), .crc_data(cf_m_data), .vrd_pop(vrd_pop),
    .axw_ready(axw_ready), .axw_act(axw_act), .axw_tag(axw_tag), .axw_pend(axw_pend), .axw_ptag(axw_ptag),
    .aw_push(aw_push), .cmd_go(cmd_go), .cmd_pay(cmd_pay),
    .cmd_addr(cmd_addr), .cmd_len(cmd_len), .cmd_sdata(cmd_sdata), .cmd_tag(cmd_tag), .b_fire(b_fire), .b_resp(m_axi_bresp),
    .areg_we(areg_we), .areg_idx(areg_idx), .areg_val(areg_val), .fail_valid(fail_valid), .fail_conn(fail_conn),
    .err_cq(err_cq), .cq_idx(cq_idx), .cq_base(cq_base), .cq_l2n(cq_l2n), .cq_mask(cq_mask), .cq_tail(cq_tail), .cq_head(cq_head),
    .cq_arm(cq_arm), .cq_valid(cq_valid), .cq_wr(cq_wr), .cq_inc(cq_inc), .cq_wait(cq_wait), .evt_free(evt_free), .evt_go(evt_go),
    .done(done), .done_code(done_code),
    .seg_data(m_axis_seg_tdata), .seg_valid(m_axis_seg_tvalid), .seg_ready(m_axis_seg_tready)
);

mdd_dep_axw #(.W(W), .BURST_BYTES(BURST_BYTES), .MAX_OUTSTANDING(MAX_OUTSTANDING), .AXI_ID_W(AXI_ID_W)) u_axw (
    .clk(clk), .rst(rst),
    .cmd_go(cmd_go), .cmd_pay(cmd_pay), .cmd_addr(cmd_addr), .cmd_len(cmd_len), .cmd_sdata(cmd_sdata),
    .cmd_tag(cmd_tag), .ready(axw_ready), .act(axw_act), .cur_tag(axw_tag), .pend(axw_pend), .pend_tag(axw_ptag),
    .aw_push(aw_push),
    .pay_valid(pf_m_valid), .pay_data(pf_m_data[8*W-1:0]), .pay_mask(pf_m_data[8*W +: W]),
    .pay_last(pf_m_data[PF_W-1]), .pay_pop(pf_pop),
    .m_axi_awid(m_axi_awid), .m_axi_awaddr(m_axi_awaddr), .m_axi_awlen(m_axi_awlen), .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst), .m_axi_awvalid(m_axi_awvalid), .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata), .m_axi_wstrb(m_axi_wstrb), .m_axi_wlast(m_axi_wlast), .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready), .m_axi_bvalid(m_axi_bvalid), .m_axi_bready(m_axi_bready),
    .pay_bytes(pay_bytes)
);

// ---- registers and tables ----
mdd_dep_regs #(.CONNS(CONNS), .REGIONS(REGIONS), .AREGS(AREGS), .RHQS(RHQS), .CQS(CQS), .CI_W(CI_W), .RI_W(RI_W),
               .AI_W(AI_W), .QI_W(QI_W), .CQI_W(CQI_W), .AXIL_ADDR_W(AXIL_ADDR_W)) u_regs (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
    .m_axis_evt_tdata(m_axis_evt_tdata), .m_axis_evt_tvalid(m_axis_evt_tvalid),
    .m_axis_evt_tready(m_axis_evt_tready),
    .init_busy(init_busy),
    .lk_re(lk_re), .ar_re(ar_re), .conn_idx(conn_idx), .conn_state(conn_state), .conn_cfg(conn_cfg),
    .rg_idx(rg_idx), .rg_valid(rg_valid), .rg_cfg(rg_cfg),
    .ar_idx0(ar_idx0), .ar_idx1(ar_idx1), .ar_data0(ar_data0), .ar_data1(ar_data1),
    .rhq_idx(rhq_idx), .rhq_base(rhq_base), .rhq_ptr(rhq_ptr), .rhq_mask(rhq_mask), .rhq_tail(rhq_tail),
    .rhq_head(rhq_head), .rhq_inc(rhq_inc), .rhq_wait(rhq_wait),
    .areg_we(areg_we), .areg_idx(areg_idx), .areg_val(areg_val), .fail_valid(fail_valid), .fail_conn(fail_conn),
    .err_cq(err_cq), .cq_idx(cq_idx), .cq_base(cq_base), .cq_l2n(cq_l2n), .cq_mask(cq_mask), .cq_tail(cq_tail), .cq_head(cq_head),
    .cq_arm(cq_arm), .cq_valid(cq_valid), .cq_wr(cq_wr), .cq_inc(cq_inc), .cq_wait(cq_wait), .evt_free(evt_free), .evt_go(evt_go),
    .done(done), .done_code(done_code),
    .pay_bytes(pay_bytes), .b_fire(b_fire), .b_resp(m_axi_bresp)
);

endmodule

`resetall

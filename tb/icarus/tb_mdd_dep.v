// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of mdd_dep (the direct-deposit receive engine): replays a vector file written by the lockstep
 * harness (tb/lockstep/dep_main.cpp vectors=FILE): per cycle, the inputs to drive and the C twin's outputs, which
 * the harness checked against the Verilated RTL, and the RTL's outputs against the deposit scoreboard and host
 * memory's protocol and safety checks, while writing them. Every output (all 24 ports, data buses included,
 * valid or not) is compared every cycle, so this proves the RTL behaves the same under Icarus' event-driven
 * 4-state semantics (no X anywhere, the same reset, table sweep and stall behaviour).
 *
 * The file: a header line "D W CONNS REGIONS AREGS RHQS CQS BURST_BYTES MAX_OUTSTANDING AXI_ID_W" that must match
 * the parameters this bench was compiled with, then one line per cycle of 46 hex fields, the 22 inputs then the 24
 * outputs in the order of the harness's header comment (which is the order of the ports below). Wide fields are
 * read into wider registers and compared whole, so a digit the RTL's port cannot hold is a mismatch too.
 *
 * Plusargs: +vectors=FILE, +suite=NAME (default icarus-dep-w<W>).  Last line: "NAME: P passed, F failed",
 * P = cycles whose outputs all matched.  vvp exits 0 either way; the make rule judges the last line.
 */
module tb_mdd_dep #(
    parameter W = 8,
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter AREGS = 256,
    parameter RHQS = 16,
    parameter CQS = 16,
    parameter BURST_BYTES = 256,
    parameter MAX_OUTSTANDING = 16,
    parameter AXI_ID_W = 4
) ();

reg                 clk = 1'b0;
reg                 rst = 1'b0;
reg  [8*W-1:0]      s_axis_dep_tdata = {8*W{1'b0}};
reg  [W-1:0]        s_axis_dep_tkeep = {W{1'b0}};
reg                 s_axis_dep_tvalid = 1'b0;
wire                s_axis_dep_tready;
reg                 s_axis_dep_tlast = 1'b0;
reg                 s_axis_dep_tuser = 1'b0;
wire [AXI_ID_W-1:0] m_axi_awid;
wire [63:0]         m_axi_awaddr;
wire [7:0]          m_axi_awlen;
wire [2:0]          m_axi_awsize;
wire [1:0]          m_axi_awburst;
wire                m_axi_awvalid;
reg                 m_axi_awready = 1'b0;
wire [8*W-1:0]      m_axi_wdata;
wire [W-1:0]        m_axi_wstrb;
wire                m_axi_wlast;
wire                m_axi_wvalid;
reg                 m_axi_wready = 1'b0;
reg  [AXI_ID_W-1:0] m_axi_bid = {AXI_ID_W{1'b0}};
reg  [1:0]          m_axi_bresp = 2'd0;
reg                 m_axi_bvalid = 1'b0;
wire                m_axi_bready;
reg  [11:0]         s_axil_awaddr = 12'd0;
reg                 s_axil_awvalid = 1'b0;
wire                s_axil_awready;
reg  [31:0]         s_axil_wdata = 32'd0;
reg  [3:0]          s_axil_wstrb = 4'd0;
reg                 s_axil_wvalid = 1'b0;
wire                s_axil_wready;
wire [1:0]          s_axil_bresp;
wire                s_axil_bvalid;
reg                 s_axil_bready = 1'b0;
reg  [11:0]         s_axil_araddr = 12'd0;
reg                 s_axil_arvalid = 1'b0;
wire                s_axil_arready;
wire [31:0]         s_axil_rdata;
wire [1:0]          s_axil_rresp;
wire                s_axil_rvalid;
reg                 s_axil_rready = 1'b0;
wire [31:0]         m_axis_evt_tdata;
wire                m_axis_evt_tvalid;
reg                 m_axis_evt_tready = 1'b0;
wire [255:0]        m_axis_seg_tdata;
wire                m_axis_seg_tvalid;
reg                 m_axis_seg_tready = 1'b0;
wire                stat_pkt_done;
wire [4:0]          stat_pkt_code;

mdd_dep #(
    .W(W),
    .CONNS(CONNS),
    .REGIONS(REGIONS),
    .AREGS(AREGS),
    .RHQS(RHQS),
    .CQS(CQS),
    .BURST_BYTES(BURST_BYTES),
    .MAX_OUTSTANDING(MAX_OUTSTANDING),
    .AXI_ID_W(AXI_ID_W)
) dut (
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
    .m_axis_seg_tdata(m_axis_seg_tdata),
    .m_axis_seg_tvalid(m_axis_seg_tvalid),
    .m_axis_seg_tready(m_axis_seg_tready),
    .stat_pkt_done(stat_pkt_done),
    .stat_pkt_code(stat_pkt_code)
);

localparam FIELDS = 48;

reg [8*1024-1:0] path;
reg [8*64-1:0]   suite;
integer fd, fields, cycle, passed, failed;
integer h_w, h_conns, h_regions, h_aregs, h_rhqs, h_cqs, h_bb, h_maxo, h_idw;
integer resets, packets, bursts, beats, segs, events, axil_ops;
// one line of the file: v_ the inputs, e_ the twin's outputs; the widest a port can be (W = 64)
reg [63:0]  v_rst, v_tkeep, v_tvalid, v_tlast, v_tuser, v_awready, v_wready, v_bid, v_bresp, v_bvalid;
reg [63:0]  v_axil_awaddr, v_axil_awvalid, v_axil_wdata, v_axil_wstrb, v_axil_wvalid, v_axil_bready;
reg [63:0]  v_axil_araddr, v_axil_arvalid, v_axil_rready, v_evt_tready, v_seg_tready;
reg [511:0] v_tdata;
reg [63:0]  e_tready, e_awid, e_awaddr, e_awlen, e_awsize, e_awburst, e_awvalid, e_wstrb, e_wlast, e_wvalid;
reg [63:0]  e_bready, e_axil_awready, e_axil_wready, e_axil_bresp, e_axil_bvalid, e_axil_arready, e_axil_rdata;
reg [63:0]  e_axil_rresp, e_axil_rvalid, e_evt_tdata, e_evt_tvalid, e_seg_tvalid, e_pkt_done, e_pkt_code;
reg [511:0] e_wdata;
reg [255:0] e_seg_tdata;
reg cycle_ok;

task read_line;
    begin
        fields = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                         v_rst, v_tdata, v_tkeep, v_tvalid, v_tlast, v_tuser, v_awready, v_wready, v_bid, v_bresp,
                         v_bvalid, v_axil_awaddr, v_axil_awvalid, v_axil_wdata, v_axil_wstrb, v_axil_wvalid,
                         v_axil_bready, v_axil_araddr, v_axil_arvalid, v_axil_rready, v_evt_tready, v_seg_tready,
                         e_tready, e_awid, e_awaddr, e_awlen, e_awsize, e_awburst, e_awvalid, e_wdata, e_wstrb,
                         e_wlast, e_wvalid, e_bready, e_axil_awready, e_axil_wready, e_axil_bresp, e_axil_bvalid,
                         e_axil_arready, e_axil_rdata, e_axil_rresp, e_axil_rvalid, e_evt_tdata, e_evt_tvalid,
                         e_seg_tdata, e_seg_tvalid, e_pkt_done, e_pkt_code);
    end
endtask

// got is the port zero-extended: an X or Z bit, or an expected bit beyond the port's width, fails
task check(input [8*24-1:0] signal, input [511:0] expected, input [511:0] got);
    begin
        if (got !== expected) begin
            if (failed < 10)  // the first ten failing cycles, every signal of each
                $display("MISMATCH cycle=%0d signal=%0s twin=0x%0h rtl=0x%0h", cycle, signal, expected, got);
            cycle_ok = 1'b0;
        end
    end
endtask

initial begin
    passed = 0;
    failed = 0;
    cycle = 0;
    resets = 0;
    packets = 0;
    bursts = 0;
    beats = 0;
    segs = 0;
    events = 0;
    axil_ops = 0;
    fd = 0;
    if (!$value$plusargs("suite=%s", suite)) $sformat(suite, "icarus-dep-w%0d", W);
    if (!$value$plusargs("vectors=%s", path)) begin
        $display("no +vectors=FILE");
        failed = 1;
    end else begin
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("cannot read %0s", path);
            failed = 1;
        end
    end
    if (fd != 0) begin
        fields = $fscanf(fd, "D %d %d %d %d %d %d %d %d %d\n", h_w, h_conns, h_regions, h_aregs, h_rhqs, h_cqs, h_bb,
                         h_maxo, h_idw);
        if (fields != 9 || h_w != W || h_conns != CONNS || h_regions != REGIONS || h_aregs != AREGS ||
            h_rhqs != RHQS || h_cqs != CQS || h_bb != BURST_BYTES || h_maxo != MAX_OUTSTANDING || h_idw != AXI_ID_W)
        begin
            $display("vector header does not match the bench parameters (%0d fields: %0d %0d %0d %0d %0d %0d %0d %0d %0d)",
                     fields, h_w, h_conns, h_regions, h_aregs, h_rhqs, h_cqs, h_bb, h_maxo, h_idw);
            failed = failed + 1;
        end else begin
            read_line;
            while (fields == FIELDS) begin
                // drive in the first half of the cycle (clock low), compare just before the rising edge
                if (v_rst[0] && !rst) resets = resets + 1;
                rst               = v_rst[0];
                s_axis_dep_tdata  = v_tdata[8*W-1:0];
                s_axis_dep_tkeep  = v_tkeep[W-1:0];
                s_axis_dep_tvalid = v_tvalid[0];
                s_axis_dep_tlast  = v_tlast[0];
                s_axis_dep_tuser  = v_tuser[0];
                m_axi_awready     = v_awready[0];
                m_axi_wready      = v_wready[0];
                m_axi_bid         = v_bid[AXI_ID_W-1:0];
                m_axi_bresp       = v_bresp[1:0];
                m_axi_bvalid      = v_bvalid[0];
                s_axil_awaddr     = v_axil_awaddr[11:0];
                s_axil_awvalid    = v_axil_awvalid[0];
                s_axil_wdata      = v_axil_wdata[31:0];
                s_axil_wstrb      = v_axil_wstrb[3:0];
                s_axil_wvalid     = v_axil_wvalid[0];
                s_axil_bready     = v_axil_bready[0];
                s_axil_araddr     = v_axil_araddr[11:0];
                s_axil_arvalid    = v_axil_arvalid[0];
                s_axil_rready     = v_axil_rready[0];
                m_axis_evt_tready = v_evt_tready[0];
                m_axis_seg_tready = v_seg_tready[0];
                #4;
                cycle_ok = 1'b1;
                check("s_axis_dep_tready", e_tready, s_axis_dep_tready);
                check("m_axi_awid", e_awid, m_axi_awid);
                check("m_axi_awaddr", e_awaddr, m_axi_awaddr);
                check("m_axi_awlen", e_awlen, m_axi_awlen);
                check("m_axi_awsize", e_awsize, m_axi_awsize);
                check("m_axi_awburst", e_awburst, m_axi_awburst);
                check("m_axi_awvalid", e_awvalid, m_axi_awvalid);
                check("m_axi_wdata", e_wdata, m_axi_wdata);
                check("m_axi_wstrb", e_wstrb, m_axi_wstrb);
                check("m_axi_wlast", e_wlast, m_axi_wlast);
                check("m_axi_wvalid", e_wvalid, m_axi_wvalid);
                check("m_axi_bready", e_bready, m_axi_bready);
                check("s_axil_awready", e_axil_awready, s_axil_awready);
                check("s_axil_wready", e_axil_wready, s_axil_wready);
                check("s_axil_bresp", e_axil_bresp, s_axil_bresp);
                check("s_axil_bvalid", e_axil_bvalid, s_axil_bvalid);
                check("s_axil_arready", e_axil_arready, s_axil_arready);
                check("s_axil_rdata", e_axil_rdata, s_axil_rdata);
                check("s_axil_rresp", e_axil_rresp, s_axil_rresp);
                check("s_axil_rvalid", e_axil_rvalid, s_axil_rvalid);
                check("m_axis_evt_tdata", e_evt_tdata, m_axis_evt_tdata);
                check("m_axis_evt_tvalid", e_evt_tvalid, m_axis_evt_tvalid);
                check("m_axis_seg_tdata", e_seg_tdata, m_axis_seg_tdata);
                check("m_axis_seg_tvalid", e_seg_tvalid, m_axis_seg_tvalid);
                check("stat_pkt_done", e_pkt_done, stat_pkt_done);
                check("stat_pkt_code", e_pkt_code, stat_pkt_code);
                if (cycle_ok) passed = passed + 1;
                else failed = failed + 1;
                // what the replay exercised (the transfers of this cycle, outside reset)
                if (!rst) begin
                    if (s_axis_dep_tvalid && s_axis_dep_tready && s_axis_dep_tlast) packets = packets + 1;
                    if (m_axi_awvalid && m_axi_awready) bursts = bursts + 1;
                    if (m_axi_wvalid && m_axi_wready) beats = beats + 1;
                    if (m_axis_seg_tvalid && m_axis_seg_tready) segs = segs + 1;
                    if (m_axis_evt_tvalid && m_axis_evt_tready) events = events + 1;
                    if ((s_axil_bvalid && s_axil_bready) || (s_axil_rvalid && s_axil_rready)) axil_ops = axil_ops + 1;
                end
                #1 clk = 1'b1;
                #5 clk = 1'b0;
                cycle = cycle + 1;
                read_line;
            end
            if (!$feof(fd)) begin
                $display("malformed vector line after cycle %0d (%0d of %0d fields)", cycle, fields, FIELDS);
                failed = failed + 1;
            end
            if (cycle == 0) begin
                $display("no vectors");
                failed = failed + 1;
            end
        end
        $fclose(fd);
    end
    $display("dep W=%0d CONNS=%0d REGIONS=%0d AREGS=%0d RHQS=%0d CQS=%0d BURST_BYTES=%0d MAX_OUTSTANDING=%0d AXI_ID_W=%0d: %0d cycles replayed, %0d resets, %0d packets in, %0d bursts (%0d beats), %0d SEG records, %0d events, %0d s_axil responses",
             W, CONNS, REGIONS, AREGS, RHQS, CQS, BURST_BYTES, MAX_OUTSTANDING, AXI_ID_W, cycle, resets, packets,
             bursts, beats, segs, events, axil_ops);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    $finish;
end

endmodule

`resetall

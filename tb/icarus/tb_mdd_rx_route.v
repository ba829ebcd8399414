// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of mdd_rx_route (the top level's RX router): replays a vector file written by the lockstep harness
 * (tb/lockstep/rx_route_main.cpp vectors=FILE): per cycle, the inputs to drive and the C twin's outputs, which the
 * harness checked against the Verilated RTL and its transaction-level scoreboard while writing them. Every output
 * (valid or not) is compared every cycle, so this shows that the RTL behaves the same under Icarus' event-driven
 * 4-state semantics.
 *
 * Vector file: a header line "R W ROUTE_DEPTH" that must match the bench's parameters, then one line per cycle of
 * 34 hex fields:
 *   rst s_desc_tdata s_desc_tvalid m_desc_tready s_rx_tdata s_rx_tkeep s_rx_tlast s_rx_tuser s_rx_tvalid
 *   m_rx_tready ctx_tdata ctx_tvalid ctx_tready s_dep_tdata s_dep_tkeep s_dep_tlast s_dep_tuser s_dep_tvalid
 *   m_dep_tready, then the expected s_desc_tready m_desc_tdata m_desc_tvalid s_rx_tready m_rx_tdata m_rx_tkeep
 *   m_rx_tlast m_rx_tuser m_rx_tvalid s_dep_tready m_dep_tdata m_dep_tkeep m_dep_tlast m_dep_tuser m_dep_tvalid
 *
 * Plusargs: +vectors=FILE.  Last line: "icarus-rx-route-w<W>: P passed, F failed", P = cycles whose outputs all
 * matched.  vvp exits 0 either way; the make rule judges the last line.
 *
 * Parameters: W, ROUTE_DEPTH as in the router.
 */
module tb_mdd_rx_route #(
    parameter W = 8,
    parameter ROUTE_DEPTH = 16
) ();

reg              clk = 1'b0;
reg              rst = 1'b0;
reg  [511:0]     s_desc_tdata = 512'd0;
reg              s_desc_tvalid = 1'b0;
wire             s_desc_tready;
wire [511:0]     m_desc_tdata;
wire             m_desc_tvalid;
reg              m_desc_tready = 1'b0;
reg  [8*W-1:0]   s_rx_tdata = {8*W{1'b0}};
reg  [W-1:0]     s_rx_tkeep = {W{1'b0}};
reg              s_rx_tlast = 1'b0;
reg  [8*W-1:0]   s_rx_tuser = {8*W{1'b0}};
reg              s_rx_tvalid = 1'b0;
wire             s_rx_tready;
wire [8*W-1:0]   m_rx_tdata;
wire [W-1:0]     m_rx_tkeep;
wire             m_rx_tlast;
wire [8*W-1:0]   m_rx_tuser;
wire             m_rx_tvalid;
reg              m_rx_tready = 1'b0;
reg  [1023:0]    ctx_tdata = 1024'd0;
reg              ctx_tvalid = 1'b0;
reg              ctx_tready = 1'b0;
reg  [8*W-1:0]   s_dep_tdata = {8*W{1'b0}};
reg  [W-1:0]     s_dep_tkeep = {W{1'b0}};
reg              s_dep_tlast = 1'b0;
reg              s_dep_tuser = 1'b0;
reg              s_dep_tvalid = 1'b0;
wire             s_dep_tready;
wire [8*W-1:0]   m_dep_tdata;
wire [W-1:0]     m_dep_tkeep;
wire             m_dep_tlast;
wire             m_dep_tuser;
wire             m_dep_tvalid;
reg              m_dep_tready = 1'b0;

mdd_rx_route #(
    .W(W),
    .ROUTE_DEPTH(ROUTE_DEPTH)
) dut (
    .clk(clk),
    .rst(rst),
    .s_desc_tdata(s_desc_tdata),
    .s_desc_tvalid(s_desc_tvalid),
    .s_desc_tready(s_desc_tready),
    .m_desc_tdata(m_desc_tdata),
    .m_desc_tvalid(m_desc_tvalid),
    .m_desc_tready(m_desc_tready),
    .s_rx_tdata(s_rx_tdata),
    .s_rx_tkeep(s_rx_tkeep),
    .s_rx_tlast(s_rx_tlast),
    .s_rx_tuser(s_rx_tuser),
    .s_rx_tvalid(s_rx_tvalid),
    .s_rx_tready(s_rx_tready),
    .m_rx_tdata(m_rx_tdata),
    .m_rx_tkeep(m_rx_tkeep),
    .m_rx_tlast(m_rx_tlast),
    .m_rx_tuser(m_rx_tuser),
    .m_rx_tvalid(m_rx_tvalid),
    .m_rx_tready(m_rx_tready),
    .ctx_tdata(ctx_tdata),
    .ctx_tvalid(ctx_tvalid),
    .ctx_tready(ctx_tready),
    .s_dep_tdata(s_dep_tdata),
    .s_dep_tkeep(s_dep_tkeep),
    .s_dep_tlast(s_dep_tlast),
    .s_dep_tuser(s_dep_tuser),
    .s_dep_tvalid(s_dep_tvalid),
    .s_dep_tready(s_dep_tready),
    .m_dep_tdata(m_dep_tdata),
    .m_dep_tkeep(m_dep_tkeep),
    .m_dep_tlast(m_dep_tlast),
    .m_dep_tuser(m_dep_tuser),
    .m_dep_tvalid(m_dep_tvalid),
    .m_dep_tready(m_dep_tready)
);

reg [8*1024-1:0] path;
reg [8*64-1:0]   suite;
integer fd, fields, cycle, passed, failed, rx_beats, dep_beats, descs;
integer h_w, h_depth;
// vector fields (single bits read into 64-bit registers: %h fills the whole register)
reg [63:0]   v_rst, v_s_desc_tvalid, v_m_desc_tready, v_s_rx_tkeep, v_s_rx_tlast, v_s_rx_tvalid, v_m_rx_tready;
reg [63:0]   v_ctx_tvalid, v_ctx_tready, v_s_dep_tkeep, v_s_dep_tlast, v_s_dep_tuser, v_s_dep_tvalid, v_m_dep_tready;
reg [511:0]  v_s_desc_tdata, e_m_desc_tdata;
reg [1023:0] v_ctx_tdata;
reg [8*W-1:0] v_s_rx_tdata, v_s_rx_tuser, v_s_dep_tdata, e_m_rx_tdata, e_m_rx_tuser, e_m_dep_tdata;
reg [63:0]   e_s_desc_tready, e_m_desc_tvalid, e_s_rx_tready, e_m_rx_tkeep, e_m_rx_tlast, e_m_rx_tvalid;
reg [63:0]   e_s_dep_tready, e_m_dep_tkeep, e_m_dep_tlast, e_m_dep_tuser, e_m_dep_tvalid;
reg          cycle_ok;

task mismatch(input [8*16-1:0] signal, input [511:0] expected, input [511:0] got);
    begin
        cycle_ok = 1'b0;
        if (failed < 10)
            $display("MISMATCH cycle=%0d signal=%0s twin=0x%h rtl=0x%h", cycle, signal, expected, got);
    end
endtask

task read_line;
    begin
        fields = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                         v_rst, v_s_desc_tdata, v_s_desc_tvalid, v_m_desc_tready, v_s_rx_tdata, v_s_rx_tkeep,
                         v_s_rx_tlast, v_s_rx_tuser, v_s_rx_tvalid, v_m_rx_tready, v_ctx_tdata, v_ctx_tvalid,
                         v_ctx_tready, v_s_dep_tdata, v_s_dep_tkeep, v_s_dep_tlast, v_s_dep_tuser, v_s_dep_tvalid,
                         v_m_dep_tready, e_s_desc_tready, e_m_desc_tdata, e_m_desc_tvalid, e_s_rx_tready,
                         e_m_rx_tdata, e_m_rx_tkeep, e_m_rx_tlast, e_m_rx_tuser, e_m_rx_tvalid, e_s_dep_tready,
                         e_m_dep_tdata, e_m_dep_tkeep, e_m_dep_tlast, e_m_dep_tuser, e_m_dep_tvalid);
    end
endtask

// wide values into the 512-bit argument of mismatch (the widest compared here is 512 bits)
function [511:0] x512(input [511:0] v);
    x512 = v;
endfunction

initial begin
    $sformat(suite, "icarus-rx-route-w%0d", W);
    passed = 0;
    failed = 0;
    rx_beats = 0;
    dep_beats = 0;
    descs = 0;
    cycle = 0;
    fd = 0;
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
        fields = $fscanf(fd, "R %d %d\n", h_w, h_depth);
        if (fields != 2 || h_w != W || h_depth != ROUTE_DEPTH) begin
            $display("vector header does not match the bench parameters (%0d fields: W %0d ROUTE_DEPTH %0d)", fields,
                     h_w, h_depth);
            failed = failed + 1;
        end else begin
            read_line;
            while (fields == 34) begin
                // drive in the first half of the cycle (clock low), compare just before the rising edge
                rst           = v_rst[0];
                s_desc_tdata  = v_s_desc_tdata;
                s_desc_tvalid = v_s_desc_tvalid[0];
                m_desc_tready = v_m_desc_tready[0];
                s_rx_tdata    = v_s_rx_tdata;
                s_rx_tkeep    = v_s_rx_tkeep[W-1:0];
                s_rx_tlast    = v_s_rx_tlast[0];
                s_rx_tuser    = v_s_rx_tuser;
                s_rx_tvalid   = v_s_rx_tvalid[0];
                m_rx_tready   = v_m_rx_tready[0];
                ctx_tdata     = v_ctx_tdata;
                ctx_tvalid    = v_ctx_tvalid[0];
                ctx_tready    = v_ctx_tready[0];
                s_dep_tdata   = v_s_dep_tdata;
                s_dep_tkeep   = v_s_dep_tkeep[W-1:0];
                s_dep_tlast   = v_s_dep_tlast[0];
                s_dep_tuser   = v_s_dep_tuser[0];
                s_dep_tvalid  = v_s_dep_tvalid[0];
                m_dep_tready  = v_m_dep_tready[0];
                #4;
                cycle_ok = 1'b1;
                if (s_desc_tready !== e_s_desc_tready[0])
                    mismatch("s_desc_tready", x512(e_s_desc_tready[0]), x512(s_desc_tready));
                if (m_desc_tdata !== e_m_desc_tdata) mismatch("m_desc_tdata", e_m_desc_tdata, m_desc_tdata);
                if (m_desc_tvalid !== e_m_desc_tvalid[0])
                    mismatch("m_desc_tvalid", x512(e_m_desc_tvalid[0]), x512(m_desc_tvalid));
                if (s_rx_tready !== e_s_rx_tready[0])
                    mismatch("s_rx_tready", x512(e_s_rx_tready[0]), x512(s_rx_tready));
                if (m_rx_tdata !== e_m_rx_tdata) mismatch("m_rx_tdata", x512(e_m_rx_tdata), x512(m_rx_tdata));
                if (m_rx_tkeep !== e_m_rx_tkeep[W-1:0])
                    mismatch("m_rx_tkeep", x512(e_m_rx_tkeep), x512(m_rx_tkeep));
                if (m_rx_tlast !== e_m_rx_tlast[0])
                    mismatch("m_rx_tlast", x512(e_m_rx_tlast[0]), x512(m_rx_tlast));
                if (m_rx_tuser !== e_m_rx_tuser) mismatch("m_rx_tuser", x512(e_m_rx_tuser), x512(m_rx_tuser));
                if (m_rx_tvalid !== e_m_rx_tvalid[0])
                    mismatch("m_rx_tvalid", x512(e_m_rx_tvalid[0]), x512(m_rx_tvalid));
                if (s_dep_tready !== e_s_dep_tready[0])
                    mismatch("s_dep_tready", x512(e_s_dep_tready[0]), x512(s_dep_tready));
                if (m_dep_tdata !== e_m_dep_tdata) mismatch("m_dep_tdata", x512(e_m_dep_tdata), x512(m_dep_tdata));
                if (m_dep_tkeep !== e_m_dep_tkeep[W-1:0])
                    mismatch("m_dep_tkeep", x512(e_m_dep_tkeep), x512(m_dep_tkeep));
                if (m_dep_tlast !== e_m_dep_tlast[0])
                    mismatch("m_dep_tlast", x512(e_m_dep_tlast[0]), x512(m_dep_tlast));
                if (m_dep_tuser !== e_m_dep_tuser[0])
                    mismatch("m_dep_tuser", x512(e_m_dep_tuser[0]), x512(m_dep_tuser));
                if (m_dep_tvalid !== e_m_dep_tvalid[0])
                    mismatch("m_dep_tvalid", x512(e_m_dep_tvalid[0]), x512(m_dep_tvalid));
                if (cycle_ok) passed = passed + 1;
                else failed = failed + 1;
                if (m_desc_tvalid && m_desc_tready) descs = descs + 1;
                if (m_rx_tvalid && m_rx_tready) rx_beats = rx_beats + 1;
                if (m_dep_tvalid && m_dep_tready) dep_beats = dep_beats + 1;
                #1 clk = 1'b1;
                #5 clk = 1'b0;
                cycle = cycle + 1;
                read_line;
            end
            if (!$feof(fd)) begin
                $display("malformed vector line after cycle %0d", cycle);
                failed = failed + 1;
            end
            if (cycle == 0) begin
                $display("no vectors");
                failed = failed + 1;
            end
        end
        $fclose(fd);
    end
    $display("rx_route W=%0d ROUTE_DEPTH=%0d: %0d cycles replayed, %0d descriptors, %0d m_rx beats, %0d m_dep beats",
             W, ROUTE_DEPTH, cycle, descs, rx_beats, dep_beats);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    $finish;
end

endmodule

`resetall

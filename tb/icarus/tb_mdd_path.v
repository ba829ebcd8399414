// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of rtl/mdd_rx_path.v (TX = 0) or rtl/mdd_tx_path.v (TX = 1):
 * replays a vector file written by the lockstep harness
 * (tb/lockstep/rx_path_main.cpp or tx_path_main.cpp, knob vectors=FILE: per
 * cycle the inputs it drove and the outputs of the C twin, itself checked
 * against the Verilated RTL and the reference model while it was written) and
 * compares every output on every cycle, valid or not.  Both paths have the
 * same port shapes (data in + descriptor, data out with tags + context).
 *
 * One hex word per line, most significant field first:
 *   flags_in[7:0]  {rst, s_tvalid, s_tlast, s_tuser, desc_tvalid, m_tready, ctx_tready, 0}
 *   flags_exp[7:0] {s_tready, desc_tready, m_tvalid, m_tlast, ctx_tvalid, 000}
 *   s_tkeep[63:0]  exp m_tkeep[63:0]  desc[511:0]  exp ctx[1023:0]
 *   exp m_tuser[8W-1:0]  exp m_tdata[8W-1:0]  s_tdata[8W-1:0]
 *
 * Plusargs: +vectors=FILE +cycles=N.  Last line "icarus-{rx,tx}-path-w<W>: P
 * passed, F failed" (cycles that matched / did not).
 */
module tb_mdd_path #(
    parameter W = 8,
    parameter TX = 0
);

localparam VW = 8 + 8 + 64 + 64 + 512 + 1024 + 24 * W;
localparam MAX_CYCLES = 20000;

reg            clk = 1'b0;
reg            rst = 1'b0;
reg [8*W-1:0]  s_tdata = {8*W{1'b0}};
reg [W-1:0]    s_tkeep = {W{1'b0}};
reg            s_tlast = 1'b0, s_tuser = 1'b0, s_tvalid = 1'b0;
reg [511:0]    desc = 512'd0;
reg            desc_tvalid = 1'b0, m_tready = 1'b0, ctx_tready = 1'b0;
wire           s_tready, desc_tready, m_tvalid, m_tlast, ctx_tvalid;
wire [8*W-1:0] m_tdata, m_tuser;
wire [W-1:0]   m_tkeep;
wire [1023:0]  ctx;

generate
    if (TX) begin : g_tx
        mdd_tx_path #(
            .W(W)
        ) dut (
            .clk(clk), .rst(rst),
            .s_axis_tx_tdata(s_tdata), .s_axis_tx_tkeep(s_tkeep), .s_axis_tx_tlast(s_tlast),
            .s_axis_tx_tuser(s_tuser), .s_axis_tx_tvalid(s_tvalid), .s_axis_tx_tready(s_tready),
            .s_axis_tx_desc_tdata(desc), .s_axis_tx_desc_tvalid(desc_tvalid), .s_axis_tx_desc_tready(desc_tready),
            .m_axis_tx_tdata(m_tdata), .m_axis_tx_tkeep(m_tkeep), .m_axis_tx_tlast(m_tlast),
            .m_axis_tx_tuser(m_tuser), .m_axis_tx_tvalid(m_tvalid), .m_axis_tx_tready(m_tready),
            .m_axis_tx_ctx_tdata(ctx), .m_axis_tx_ctx_tvalid(ctx_tvalid), .m_axis_tx_ctx_tready(ctx_tready)
        );
    end else begin : g_rx
        mdd_rx_path #(
            .W(W)
        ) dut (
            .clk(clk), .rst(rst),
            .s_axis_rx_tdata(s_tdata), .s_axis_rx_tkeep(s_tkeep), .s_axis_rx_tlast(s_tlast),
            .s_axis_rx_tuser(s_tuser), .s_axis_rx_tvalid(s_tvalid), .s_axis_rx_tready(s_tready),
            .s_axis_rx_desc_tdata(desc), .s_axis_rx_desc_tvalid(desc_tvalid), .s_axis_rx_desc_tready(desc_tready),
            .m_axis_rx_tdata(m_tdata), .m_axis_rx_tkeep(m_tkeep), .m_axis_rx_tlast(m_tlast),
            .m_axis_rx_tuser(m_tuser), .m_axis_rx_tvalid(m_tvalid), .m_axis_rx_tready(m_tready),
            .m_axis_rx_ctx_tdata(ctx), .m_axis_rx_ctx_tvalid(ctx_tvalid), .m_axis_rx_ctx_tready(ctx_tready)
        );
    end
endgenerate

reg [VW-1:0] vectors [0:MAX_CYCLES-1];
reg [8*256-1:0] path;
reg [8*64-1:0] suite;
integer cycles, cycle, passed, failed, beats, ctxs;
reg [VW-1:0] v;
reg [7:0]    fi, fe;
reg [63:0]   keep64, exp_keep;
reg [1023:0] exp_ctx;
reg [8*W-1:0] exp_user, exp_data;
reg          bad;

initial begin
    $sformat(suite, "icarus-%0s-path-w%0d", TX ? "tx" : "rx", W);
    if (!$value$plusargs("vectors=%s", path) || !$value$plusargs("cycles=%d", cycles)) begin
        $display("usage: vvp tb.vvp +vectors=FILE +cycles=N");
        $display("%0s: 0 passed, 1 failed", suite);
        $finish_and_return(2);
    end
    if (cycles > MAX_CYCLES) cycles = MAX_CYCLES;
    for (cycle = 0; cycle < MAX_CYCLES; cycle = cycle + 1) vectors[cycle] = {VW{1'bx}};
    $readmemh(path, vectors, 0, cycles - 1);
    passed = 0;
    failed = 0;
    beats = 0;
    ctxs = 0;
    for (cycle = 0; cycle < cycles; cycle = cycle + 1) begin
        v = vectors[cycle];
        if (^v === 1'bx) begin
            $display("%0s: vector %0d missing or unreadable in %0s", suite, cycle, path);
            failed = failed + 1;
            cycle = cycles;
        end else begin
            fi       = v[VW-1 -: 8];
            fe       = v[VW-9 -: 8];
            keep64   = v[VW-17 -: 64];
            exp_keep = v[VW-81 -: 64];
            desc     = v[VW-145 -: 512];
            exp_ctx  = v[VW-657 -: 1024];
            exp_user = v[24*W-1 -: 8*W];
            exp_data = v[16*W-1 -: 8*W];
            s_tdata  = v[8*W-1:0];
            {rst, s_tvalid, s_tlast, s_tuser, desc_tvalid, m_tready, ctx_tready} = fi[7:1];
            s_tkeep = keep64[W-1:0];
            #1;
            bad = (s_tready !== fe[7]) || (desc_tready !== fe[6]) || (m_tvalid !== fe[5]) || (m_tlast !== fe[4])
               || (ctx_tvalid !== fe[3]) || ({{(64-W){1'b0}}, m_tkeep} !== exp_keep) || (ctx !== exp_ctx)
               || (m_tuser !== exp_user) || (m_tdata !== exp_data);
            if (bad) begin
                if (failed < 10)
                    $display("MISMATCH cycle=%0d: ready %b%b/%b%b valid/last %b%b/%b%b ctx_valid %b/%b keep %h/%h ctx %0s data %0s",
                             cycle, s_tready, desc_tready, fe[7], fe[6], m_tvalid, m_tlast, fe[5], fe[4],
                             ctx_tvalid, fe[3], m_tkeep, exp_keep[W-1:0], (ctx === exp_ctx) ? "ok" : "DIFF",
                             (m_tdata === exp_data && m_tuser === exp_user) ? "ok" : "DIFF");
                failed = failed + 1;
            end else begin
                passed = passed + 1;
            end
            if (m_tvalid === 1'b1 && m_tready) beats = beats + 1;
            if (ctx_tvalid === 1'b1 && ctx_tready) ctxs = ctxs + 1;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
        end
    end
    $display("%0s: %0d cycles replayed, %0d data beats, %0d context beats", suite, passed + failed, beats, ctxs);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

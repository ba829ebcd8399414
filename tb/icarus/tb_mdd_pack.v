// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of rtl/mdd_pack.v: replays a vector file and compares every
 * output on every cycle, valid or not, exactly as the Verilator lockstep does.
 *
 * The vectors come from the lockstep harness (tb/lockstep/pack_main.cpp, knob
 * vectors=FILE): per cycle the inputs it drove and the outputs of the C twin,
 * written while the twin was checked against the Verilated RTL and against
 * the independent byte-stream scoreboard.  So this bench shows that a second
 * simulator, with its own event semantics and 4-state values, agrees.
 *
 * One hex word per line, most significant field first (UB = user bits rounded
 * up to bytes, 8 * ceil(USER_LANE_W * W / 8)):
 *   [7:0] flags {1'b0, rst, s_tvalid, s_tlast, m_tready, exp s_tready, exp m_tvalid, exp m_tlast}
 *   [63:0] s_tkeep  [63:0] exp m_tkeep  [UB-1:0] exp m_tuser  [8W-1:0] exp m_tdata
 *   [UB-1:0] s_tuser  [8W-1:0] s_tdata
 *
 * Plusargs: +vectors=FILE +cycles=N.  The last line printed is
 * "icarus-pack-w<W>: P passed, F failed" (P, F = cycles that matched / did
 * not), and the exit status is non-zero on any mismatch.
 *
 * Parameters: W, USER_LANE_W as in the packer.
 */
module tb_mdd_pack #(
    parameter W = 8,
    parameter USER_LANE_W = 8
);

localparam UWB = USER_LANE_W * W;              // tag bits of a word
localparam UB = 8 * ((UWB + 7) / 8);            // in the vector file
localparam VW = 8 + 64 + 64 + UB + 8 * W + UB + 8 * W;
localparam MAX_CYCLES = 200000;

reg              clk = 1'b0;
reg              rst = 1'b0;
reg [8*W-1:0]    s_tdata = {8*W{1'b0}};
reg [UWB-1:0]    s_tuser = {UWB{1'b0}};
reg [W-1:0]      s_tkeep = {W{1'b0}};
reg              s_tlast = 1'b0;
reg              s_tvalid = 1'b0;
wire             s_tready;
wire [8*W-1:0]   m_tdata;
wire [UWB-1:0]   m_tuser;
wire [W-1:0]     m_tkeep;
wire             m_tlast;
wire             m_tvalid;
reg              m_tready = 1'b0;

mdd_pack #(
    .W(W),
    .USER_LANE_W(USER_LANE_W)
) dut (
    .clk(clk),
    .rst(rst),
    .s_tdata(s_tdata),
    .s_tuser(s_tuser),
    .s_tkeep(s_tkeep),
    .s_tlast(s_tlast),
    .s_tvalid(s_tvalid),
    .s_tready(s_tready),
    .m_tdata(m_tdata),
    .m_tuser(m_tuser),
    .m_tkeep(m_tkeep),
    .m_tlast(m_tlast),
    .m_tvalid(m_tvalid),
    .m_tready(m_tready)
);

reg [VW-1:0] vectors [0:MAX_CYCLES-1];
reg [8*256-1:0] path;
reg [8*64-1:0] suite;
integer cycles, cycle, passed, failed, words;
reg [VW-1:0] v;
reg          exp_s_tready, exp_m_tvalid, exp_m_tlast;
reg [63:0]   in_keep, exp_keep;
reg [UB-1:0] exp_user, in_user;
reg [8*W-1:0] exp_data;
reg          bad;

initial begin
    $sformat(suite, "icarus-pack-w%0d", W);
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
    words = 0;
    for (cycle = 0; cycle < cycles; cycle = cycle + 1) begin
        v = vectors[cycle];
        if (^v === 1'bx) begin
            $display("%0s: vector %0d missing or unreadable in %0s", suite, cycle, path);
            failed = failed + 1;
            cycle = cycles;
        end else begin
            // inputs, then let the combinational s_tready settle before comparing
            {rst, s_tvalid, s_tlast, m_tready, exp_s_tready, exp_m_tvalid, exp_m_tlast} = v[VW-2 -: 7];
            in_keep  = v[VW-9 -: 64];
            exp_keep = v[VW-73 -: 64];
            exp_user = v[VW-137 -: UB];
            exp_data = v[VW-137-UB -: 8*W];
            in_user  = v[UB+8*W-1 -: UB];
            s_tdata  = v[8*W-1:0];
            s_tkeep  = in_keep[W-1:0];
            s_tuser  = in_user[UWB-1:0];
            #1;
            bad = (s_tready !== exp_s_tready) || (m_tvalid !== exp_m_tvalid) || (m_tlast !== exp_m_tlast)
               || (m_tkeep !== exp_keep[W-1:0]) || (m_tdata !== exp_data) || (m_tuser !== exp_user[UWB-1:0]);
            if (bad) begin
                if (failed < 10)
                    $display("MISMATCH cycle=%0d: s_tready %b/%b m_tvalid %b/%b m_tlast %b/%b m_tkeep %h/%h m_tdata %h/%h (rtl/expected)",
                             cycle, s_tready, exp_s_tready, m_tvalid, exp_m_tvalid, m_tlast, exp_m_tlast,
                             m_tkeep, exp_keep, m_tdata, exp_data);
                failed = failed + 1;
            end else begin
                passed = passed + 1;
            end
            if (m_tvalid === 1'b1 && m_tready) words = words + 1;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
        end
    end
    $display("%0s: %0d cycles replayed, %0d words delivered", suite, passed + failed, words);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

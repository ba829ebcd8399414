// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of rtl/mdd_crc_unit.v: replays a vector file and compares every
 * output on every cycle, valid or not, exactly as the Verilator lockstep does.
 *
 * The vectors come from the lockstep harness (tb/lockstep/crc_unit_main.cpp,
 * knob vectors=FILE): per cycle the inputs it drove and the outputs of the C
 * twin, written while the twin was checked against the Verilated RTL and
 * against the independent scoreboard.  So this bench shows that a second
 * simulator, with its own event semantics and 4-state values, agrees.
 *
 * One hex word per line, most significant field first:
 *   [7:0] flags {1'b0, rst, s_tvalid, s_tlast, s_seed_en, m_tready, exp s_tready, exp m_tvalid}
 *   [31:0] s_tuser  [63:0] s_seed  [63:0] s_tkeep  [63:0] exp m_crc  [31:0] exp m_tuser  [8W-1:0] s_tdata
 *
 * Plusargs: +vectors=FILE +cycles=N.  The last line printed is
 * "icarus-crc-unit-a<ALG>-w<W>: P passed, F failed" (P, F = cycles that
 * matched / did not), and the exit status is non-zero on any mismatch.
 *
 * Parameters: W, CRC_ALG, USER_W as in the unit (USER_W <= 32).
 */
module tb_mdd_crc_unit #(
    parameter W = 8,
    parameter CRC_ALG = 0,
    parameter USER_W = 8
);

localparam CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32;
localparam VW = 8 + 32 + 64 + 64 + 64 + 32 + 8 * W;
localparam MAX_CYCLES = 200000;

reg              clk = 1'b0;
reg              rst = 1'b0;
reg [8*W-1:0]    s_tdata = {8*W{1'b0}};
reg [W-1:0]      s_tkeep = {W{1'b0}};
reg              s_tlast = 1'b0;
reg [USER_W-1:0] s_tuser = {USER_W{1'b0}};
reg              s_seed_en = 1'b0;
reg [CRC_W-1:0]  s_seed = {CRC_W{1'b0}};
reg              s_tvalid = 1'b0;
wire             s_tready;
wire [CRC_W-1:0] m_crc;
wire [USER_W-1:0] m_tuser;
wire             m_tvalid;
reg              m_tready = 1'b0;

mdd_crc_unit #(
    .W(W),
    .CRC_ALG(CRC_ALG),
    .USER_W(USER_W)
) dut (
    .clk(clk),
    .rst(rst),
    .s_tdata(s_tdata),
    .s_tkeep(s_tkeep),
    .s_tlast(s_tlast),
    .s_tuser(s_tuser),
    .s_alg(2'd0),
    .s_seed_en(s_seed_en),
    .s_seed(s_seed),
    .s_tvalid(s_tvalid),
    .s_tready(s_tready),
    .m_crc(m_crc),
    .m_tuser(m_tuser),
    .m_tvalid(m_tvalid),
    .m_tready(m_tready)
);

reg [VW-1:0] vectors [0:MAX_CYCLES-1];
reg [8*256-1:0] path;
reg [8*64-1:0] suite;
integer cycles, cycle, passed, failed, results;
reg [VW-1:0] v;
reg          exp_s_tready, exp_m_tvalid;
reg [63:0]   exp_m_crc;
reg [31:0]   exp_m_tuser;
reg          bad;

initial begin
    $sformat(suite, "icarus-crc-unit-a%0d-w%0d", CRC_ALG, W);
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
    results = 0;
    for (cycle = 0; cycle < cycles; cycle = cycle + 1) begin
        v = vectors[cycle];
        if (^v === 1'bx) begin
            $display("%0s: vector %0d missing or unreadable in %0s", suite, cycle, path);
            failed = failed + 1;
            cycle = cycles;
        end else begin
            // inputs, then let the combinational s_tready settle before comparing
            {rst, s_tvalid, s_tlast, s_seed_en, m_tready, exp_s_tready, exp_m_tvalid} = v[VW-2 -: 7];
            s_tuser     = v[VW-9 -: 32];
            s_seed      = v[VW-41 -: 64];
            s_tkeep     = v[VW-105 -: 64];
            exp_m_crc   = v[VW-169 -: 64];
            exp_m_tuser = v[VW-233 -: 32];
            s_tdata     = v[8*W-1:0];
            #1;
            bad = (s_tready !== exp_s_tready) || (m_tvalid !== exp_m_tvalid)
               || ({{(64-CRC_W){1'b0}}, m_crc} !== exp_m_crc) || ({{(32-USER_W){1'b0}}, m_tuser} !== exp_m_tuser);
            if (bad) begin
                if (failed < 10)
                    $display("MISMATCH cycle=%0d: s_tready %b/%b m_tvalid %b/%b m_crc %h/%h m_tuser %h/%h (rtl/expected)",
                             cycle, s_tready, exp_s_tready, m_tvalid, exp_m_tvalid, m_crc, exp_m_crc,
                             m_tuser, exp_m_tuser);
                failed = failed + 1;
            end else begin
                passed = passed + 1;
            end
            if (m_tvalid === 1'b1 && m_tready) results = results + 1;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
        end
    end
    $display("%0s: %0d cycles replayed, %0d results delivered", suite, passed + failed, results);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Self-checking test bench for mdd_axis_arb (round-robin arbiter of single-beat
 * AXI4-Stream records, N inputs, one output register).
 *
 * Stimulus ($random with a fixed seed): each input is a producer of records
 * {payload, epoch[22:19], input[18:16], seq[15:0]} (seq counts the input's
 * records since the last reset, epoch counts the resets, payload is random).
 * A producer raises tvalid at random and then holds tvalid and tdata until the
 * handshake (AXI4-Stream). Each 512-cycle phase draws per-input loads (idle to
 * saturated, sometimes all saturated) and an m_tready pattern (always 1,
 * mostly 1, half, mostly 0). Synchronous resets, one to three cycles, come at
 * random mid-stream with tvalid still random; a reset restarts the producers
 * (new epoch, seq 0). The last cycles drain: no new records, m_tready 1.
 *
 * The bench keeps its own model of what the RTL defines: the output register
 * (empty or one record), the last winner (0 after reset) and, per input, the
 * next sequence number due at the output. A handshake in a reset cycle and a
 * record still in the output register at a reset are dropped; both sides
 * forget them. Checks, every cycle (each failure prints the cycle, what was
 * expected and what came):
 *   out       m_tvalid is 1 exactly when an accepted record has not been taken
 *             out yet, and m_tdata is that record (nothing lost, duplicated or
 *             invented); m_tvalid is 0 after a reset
 *   order     each record taken out (m_tvalid & m_tready) is the next one of
 *             its input: input index below N, this epoch, seq as expected
 *   ready     s_tready is exactly the round-robin grant: input i is ready iff
 *             the register is empty or being emptied, i is valid and no valid
 *             input lies cyclically between the last winner and i
 *   onehot    s_tready is one-hot or zero
 *   tput      the register empty or m_tready 1, and some input valid: one
 *             record is accepted in that cycle (no bubble)
 *   fair      while input i holds tvalid high, at most N - 1 records of the
 *             other inputs are accepted before it
 *   flip      between clock edges, the tvalid of one input (at random) is
 *             flipped and the whole s_tready vector is checked again against
 *             the rule of "ready": s_tready[i] is tvalid[i] AND a function of the others'
 *             tvalid, m_tready and the pointer. (s_tready[i] does depend on
 *             tvalid[i]: it is never 1 without it. An arbiter whose s_tready
 *             is one-hot and that never leaves a bubble cannot make s_tready
 *             independent of the input's own tvalid.)
 *   end       after the drain every record accepted since the last reset has
 *             come out, and the register is empty
 *   coverage  records out, resets that dropped a record in the register, the
 *             longest wait reaching N - 1 records (N > 1)
 * Prints "<suite>: P passed, F failed" (P = checks passed; suite from
 * +suite=NAME).
 *
 * Parameters: N (1..8), DATA_W (at least 24), CYCLES, SEED.
 */
module tb_mdd_axis_arb;

parameter N = 2;
parameter DATA_W = 40;
parameter CYCLES = 30000;
parameter SEED = 1;

localparam DRAIN = 64;
localparam MAX_PRINT = 20;

reg                 clk = 1'b0;
reg                 rst = 1'b0;
reg  [N*DATA_W-1:0] s_tdata = {N*DATA_W{1'b0}};
reg  [N-1:0]        s_tvalid = {N{1'b0}};
wire [N-1:0]        s_tready;
wire [DATA_W-1:0]   m_tdata;
wire                m_tvalid;
reg                 m_tready = 1'b0;

mdd_axis_arb #(.N(N), .DATA_W(DATA_W)) dut (
    .clk(clk), .rst(rst),
    .s_tdata(s_tdata), .s_tvalid(s_tvalid), .s_tready(s_tready),
    .m_tdata(m_tdata), .m_tvalid(m_tvalid), .m_tready(m_tready)
);

reg [8*1024-1:0] suite;
integer seed;
integer cyc, passed, failed;

// producers
integer pseq [0:N-1];      // seq of the record presented (or of the next one)
integer prob [0:N-1];      // percent chance per cycle that an idle producer offers a record
reg [3:0] epoch;
integer rdy_mode, rst_left;
reg draining;

// the bench's model of the arbiter
reg              sb_v;     // the output register holds a record
reg [DATA_W-1:0] sb_data;
integer          blast;    // last winner
integer exp_seq [0:N-1];   // next seq of input i due at the output
integer waitc [0:N-1];     // records of others accepted while i waits

// per-cycle samples
reg [N-1:0] hs, exp_rdy, v2;
reg load, out_hs;
integer win, nhs;

// coverage
integer n_out, n_rst, n_rst_drop, n_rst_hs, max_wait, n_tput;

integer i, j, k, b;
reg [DATA_W+31:0] tmp;

task fail_hdr;
    begin
        failed = failed + 1;
        if (failed <= MAX_PRINT) $write("FAIL cycle %0d: ", cyc);
    end
endtask

function integer ones;
    input [N-1:0] v;
    integer q;
    begin
        ones = 0;
        for (q = 0; q < N; q = q + 1) ones = ones + v[q];
    end
endfunction

// the ready vector the RTL defines: input i is ready iff the register can load, i is valid and no input from
// last + 1 to i - 1 (cyclically; all the others when i is the last winner) is valid
function [N-1:0] ready_rule;
    input [N-1:0] v;
    input integer last;
    input ld;
    integer s, q;
    reg clear;
    begin
        clear = 1'b1;
        for (s = 1; s <= N; s = s + 1) begin
            q = (last + s) % N;
            ready_rule[q] = ld && v[q] && clear;
            if (v[q]) clear = 1'b0;
        end
    end
endfunction

// a new record for producer p (its seq is pseq[p])
task new_record;
    input integer p;
    begin
        for (b = 0; b < DATA_W; b = b + 32) tmp[b +: 32] = $random(seed);
        tmp[15:0] = pseq[p];
        tmp[18:16] = p;
        tmp[22:19] = epoch;
        s_tdata[p*DATA_W +: DATA_W] = tmp[DATA_W-1:0];
    end
endtask

task new_phase;
    integer r;
    begin
        r = {$random(seed)} % 4;
        for (i = 0; i < N; i = i + 1) begin
            case ({$random(seed)} % 5)
                0: prob[i] = 0;
                1: prob[i] = 10;
                2: prob[i] = 50;
                3: prob[i] = 90;
                default: prob[i] = 100;
            endcase
            if (r == 0) prob[i] = 100;   // all saturated: the longest waits
        end
        rdy_mode = {$random(seed)} % 4;
    end
endtask

task check_cycle;
    begin
        load = !sb_v || m_tready;
        hs = s_tvalid & s_tready;
        out_hs = m_tvalid && m_tready;

        // out: the output register against the bench's
        if (m_tvalid === sb_v && (!sb_v || m_tdata === sb_data)) begin
            passed = passed + 1;
        end else begin
            fail_hdr;
            if (failed <= MAX_PRINT)
                $display("out: expected m_tvalid %0d m_tdata %h, got m_tvalid %b m_tdata %h", sb_v, sb_data,
                         m_tvalid, m_tdata);
        end

        // order: a record taken out is the next one of its input
        if (out_hs === 1'b1) begin
            j = m_tdata[18:16];
            if (j < N && m_tdata[22:19] === epoch && m_tdata[15:0] === exp_seq[j][15:0]) begin
                passed = passed + 1;
            end else begin
                fail_hdr;
                if (failed <= MAX_PRINT)
                    $display("order: record out is input %0d epoch %0d seq %0d, expected epoch %0d seq %0d of it",
                             m_tdata[18:16], m_tdata[22:19], m_tdata[15:0], epoch, j < N ? exp_seq[j] : -1);
            end
            if (j < N) exp_seq[j] = exp_seq[j] + 1;
            n_out = n_out + 1;
        end

        // ready: the round-robin grant
        exp_rdy = ready_rule(s_tvalid, blast, load);
        if (s_tready === exp_rdy) begin
            passed = passed + 1;
        end else begin
            fail_hdr;
            if (failed <= MAX_PRINT)
                $display("ready: s_tvalid %b, last winner %0d, register %0s: expected s_tready %b, got %b",
                         s_tvalid, blast, load ? "can load" : "full and held", exp_rdy, s_tready);
        end

        // onehot
        if (ones(s_tready) <= 1 && ^s_tready !== 1'bx) begin
            passed = passed + 1;
        end else begin
            fail_hdr;
            if (failed <= MAX_PRINT) $display("onehot: s_tready %b", s_tready);
        end

        // tput: no bubble
        nhs = ones(hs);
        if (load && s_tvalid != {N{1'b0}}) begin
            if (nhs == 1) begin
                passed = passed + 1;
            end else begin
                fail_hdr;
                if (failed <= MAX_PRINT)
                    $display("tput: register %0s (m_tready %b), s_tvalid %b: expected one handshake, got s_tready %b",
                             sb_v ? "being emptied" : "empty", m_tready, s_tvalid, s_tready);
            end
            if (m_tready && ones(s_tvalid) > 1) n_tput = n_tput + 1;
        end

        // fair: records of others accepted while i waits
        win = -1;
        for (i = 0; i < N; i = i + 1) if (hs[i]) win = i;
        if (!rst && win >= 0) begin
            for (i = 0; i < N; i = i + 1) begin
                if (s_tvalid[i] && i != win) begin
                    waitc[i] = waitc[i] + 1;
                    if (waitc[i] > max_wait) max_wait = waitc[i];
                    if (waitc[i] <= N - 1) begin
                        passed = passed + 1;
                    end else begin
                        fail_hdr;
                        if (failed <= MAX_PRINT)
                            $display("fair: input %0d valid, input %0d accepted: %0d records of others while it waits, at most %0d allowed",
                                     i, win, waitc[i], N - 1);
                    end
                end
            end
        end

        // flip: one input's own tvalid (drawn at random) flipped between the edges
        k = {$random(seed)} % N;
        v2 = s_tvalid;
        v2[k] = ~v2[k];
        s_tvalid = v2;
        #1;
        exp_rdy = ready_rule(v2, blast, load);
        if (s_tready === exp_rdy) begin
            passed = passed + 1;
        end else begin
            fail_hdr;
            if (failed <= MAX_PRINT)
                $display("flip: tvalid of input %0d flipped (s_tvalid %b, last winner %0d): expected s_tready %b, got %b",
                         k, v2, blast, exp_rdy, s_tready);
        end
        v2[k] = ~v2[k];
        s_tvalid = v2;
        #1;
    end
endtask

// the bench's state after the clock edge: the output register, the pointer, the producers
task advance;
    begin
        if (rst) begin
            n_rst = n_rst + 1;
            if (sb_v && !out_hs) n_rst_drop = n_rst_drop + 1;
            if (hs != {N{1'b0}}) n_rst_hs = n_rst_hs + 1;
            sb_v = 1'b0;
            blast = 0;
            epoch = epoch + 4'd1;
            for (i = 0; i < N; i = i + 1) begin
                pseq[i] = 0;
                exp_seq[i] = 0;
                waitc[i] = 0;
                s_tvalid[i] = 1'b0;
            end
        end else begin
            if (load) begin
                sb_v = win >= 0;
                if (win >= 0) begin
                    sb_data = s_tdata[win*DATA_W +: DATA_W];
                    blast = win;
                end
            end
            // a producer that saw its handshake moves on (even one the RTL should not have made)
            for (i = 0; i < N; i = i + 1) begin
                if (hs[i]) begin
                    pseq[i] = pseq[i] + 1;
                    waitc[i] = 0;
                    s_tvalid[i] = 1'b0;
                end
            end
        end
        // idle producers may offer a new record; one being held keeps it
        for (i = 0; i < N; i = i + 1) begin
            if (!s_tvalid[i] && !draining && {$random(seed)} % 100 < prob[i]) begin
                new_record(i);
                s_tvalid[i] = 1'b1;
            end
        end
        // next cycle's m_tready and rst
        if (draining) begin
            m_tready = 1'b1;
        end else begin
            case (rdy_mode)
                0: m_tready = 1'b1;
                1: m_tready = {$random(seed)} % 100 < 90;
                2: m_tready = {$random(seed)} % 100 < 50;
                default: m_tready = {$random(seed)} % 100 < 10;
            endcase
        end
        if (rst_left > 0) begin
            rst = 1'b1;
            rst_left = rst_left - 1;
        end else if (!draining && {$random(seed)} % 1000 < 2) begin
            rst = 1'b1;
            rst_left = {$random(seed)} % 3;   // one to three cycles
        end else begin
            rst = 1'b0;
        end
    end
endtask

initial begin
    if (!$value$plusargs("suite=%s", suite)) suite = "icarus-axis-arb";
    if (DATA_W < 24) begin
        $display("tb_mdd_axis_arb: DATA_W must be at least 24 (records carry seq, input and epoch)");
        $finish;
    end
    seed = SEED;
    passed = 0;
    failed = 0;
    n_out = 0; n_rst = 0; n_rst_drop = 0; n_rst_hs = 0; max_wait = 0; n_tput = 0;
    epoch = 4'd0;
    rst_left = 0;
    draining = 1'b0;
    // the RTL's state at time 0 (initial values, no reset yet): register empty, pointer 0
    sb_v = 1'b0;
    sb_data = {DATA_W{1'b0}};
    blast = 0;
    for (i = 0; i < N; i = i + 1) begin
        pseq[i] = 0;
        exp_seq[i] = 0;
        waitc[i] = 0;
    end
    new_phase;

    for (cyc = 0; cyc < CYCLES + DRAIN; cyc = cyc + 1) begin
        if (cyc % 512 == 0 && cyc > 0) new_phase;
        if (cyc == CYCLES) draining = 1'b1;
        #1;
        check_cycle;
        clk = 1'b1;
        #1;
        clk = 1'b0;
        advance;
    end

    // end: everything accepted since the last reset came out
    #1;
    if (m_tvalid === 1'b0 && !sb_v && s_tvalid == {N{1'b0}}) begin
        passed = passed + 1;
    end else begin
        fail_hdr;
        if (failed <= MAX_PRINT) $display("end: not drained: m_tvalid %b, s_tvalid %b", m_tvalid, s_tvalid);
    end
    for (i = 0; i < N; i = i + 1) begin
        if (exp_seq[i] == pseq[i]) begin
            passed = passed + 1;
        end else begin
            fail_hdr;
            if (failed <= MAX_PRINT)
                $display("end: input %0d had %0d records accepted since the last reset, %0d came out", i, pseq[i],
                         exp_seq[i]);
        end
    end

    // coverage
    $display("tb_mdd_axis_arb N=%0d DATA_W=%0d: %0d cycles, %0d records out, %0d cycles at full rate with several inputs valid, %0d resets (%0d dropped a record in the register, %0d had a handshake), longest wait %0d records",
             N, DATA_W, CYCLES + DRAIN, n_out, n_tput, n_rst, n_rst_drop, n_rst_hs, max_wait);
    if (n_out >= CYCLES / 8 && n_rst >= 3 && n_rst_drop >= 1 && n_rst_hs >= 1 && (N == 1 || n_tput >= 100)
        && max_wait == N - 1) begin
        passed = passed + 1;
    end else begin
        fail_hdr;
        if (failed <= MAX_PRINT) $display("coverage: too little of something above (longest wait must be %0d)", N - 1);
    end

    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

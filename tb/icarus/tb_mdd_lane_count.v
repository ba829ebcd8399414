// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Test bench for mdd_lane_count: random and corner-case masks (all zeros, all
 * ones, single lanes, alternating) against a running count computed here, lane
 * by lane, for the combinational network (TAIL = 0) and the one cut by a
 * register (TAIL = 2: the counts of the mask loaded at the last edge with en,
 * held while en is low) and the one whose sums are gates (GATES = 1).  Prints "<suite>: P passed, F failed" (one check per
 * lane count and per total of each).
 */
module tb_mdd_lane_count;

parameter W = 8;
parameter N = 3000;

localparam CW = 8;

reg             clk = 1'b0;
reg             en = 1'b1;
reg  [W-1:0]    mask = {W{1'b0}};
wire [CW*W-1:0] cnt_below;
wire [CW-1:0]   cnt_total;
wire [CW*W-1:0] cnt_below_r;
wire [CW-1:0]   cnt_total_r;
wire [CW*W-1:0] cnt_below_g;
wire [CW-1:0]   cnt_total_g;

mdd_lane_count #(.W(W), .CW(CW)) dut (.clk(clk), .en(1'b0), .mask(mask), .cnt_below(cnt_below),
    .cnt_total(cnt_total));
mdd_lane_count #(.W(W), .CW(CW), .TAIL(2)) dut_r (.clk(clk), .en(en), .mask(mask), .cnt_below(cnt_below_r),
    .cnt_total(cnt_total_r));
mdd_lane_count #(.W(W), .CW(CW), .GATES(1)) dut_g (.clk(clk), .en(1'b0), .mask(mask), .cnt_below(cnt_below_g),
    .cnt_total(cnt_total_g));

reg [8*1024-1:0] suite;
integer n, i, run, passed, failed;
reg [63:0] r;

task expect(input [CW-1:0] got, input [CW-1:0] want, input integer lane, input integer tail);
    begin
        if (got === want) begin
            passed = passed + 1;
        end else begin
            if (failed < 10) $display("MISMATCH TAIL=%0d (-1: GATES=1) mask=%h lane %0d (%0d: total): got %0d, expected %0d", tail,
                                      mask, lane, W, got, want);
            failed = failed + 1;
        end
    end
endtask

// the combinational counts of mask, then the registered ones after an edge with en, then those again after an
// edge with en low and the mask inverted (held)
task check;
    begin
        #1;
        en = 1'b1;
        clk = 1'b1;
        #1;
        clk = 1'b0;
        #1;
        run = 0;
        for (i = 0; i < W; i = i + 1) begin
            expect(cnt_below[CW*i +: CW], run[CW-1:0], i, 0);
            expect(cnt_below_r[CW*i +: CW], run[CW-1:0], i, 2);
            expect(cnt_below_g[CW*i +: CW], run[CW-1:0], i, -1);
            run = run + mask[i];
        end
        expect(cnt_total, run[CW-1:0], W, 0);
        expect(cnt_total_r, run[CW-1:0], W, 2);
        expect(cnt_total_g, run[CW-1:0], W, -1);
        en = 1'b0;
        mask = ~mask;
        clk = 1'b1;
        #1;
        clk = 1'b0;
        #1;
        expect(cnt_total_r, run[CW-1:0], W, 2);
        mask = ~mask;
    end
endtask

initial begin
    if (!$value$plusargs("suite=%s", suite)) suite = "icarus-lane-count";
    passed = 0;
    failed = 0;
    mask = {W{1'b0}};   check;
    mask = {W{1'b1}};   check;
    mask = {(W+1)/2{2'b01}}; check;
    mask = {(W+1)/2{2'b10}}; check;
    for (n = 0; n < W; n = n + 1) begin
        mask = {{(W-1){1'b0}}, 1'b1} << n;  check;
        mask = ~mask;                        check;
    end
    for (n = 0; n < N; n = n + 1) begin
        r = {$random, $random};
        // sparse, dense and even masks
        mask = n % 3 == 0 ? r[W-1:0] & {$random, $random} : n % 3 == 1 ? r[W-1:0] | {$random, $random} : r[W-1:0];
        check;
    end
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

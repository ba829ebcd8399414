// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of rtl/mdd_check_stage.v: replays a vector file written by
 * tb/unit/test_check_stage.c (argument `vectors`: per cycle the inputs it
 * drove into the check stage twin and the twin's outputs, the twin itself
 * checked against the reference transmitter while the file was written) and
 * compares every output on every cycle, valid or not.  This is how the TX
 * mode of the RTL (ENG_MASK 4 / 3, TX 1: the TX path's two rounds) is run
 * until the TX path has its lockstep harness.
 *
 * One hex word per line, most significant field first:
 *   flags_in[7:0]  {rst, s_valid, m_ready, s_first, s_last, s_dbad, s_err_v, 0}
 *   flags_exp[7:0] {s_ready, m_valid, m_first, m_last, m_dbad, m_err_v, 0, 0}
 *   s record[279:0] {woff[31:0], nin[7:0], xflags[7:0], err_code[7:0], err_byte[7:0], err_off[31:0],
 *                    err_unit[31:0], err_exp[63:0], err_got[63:0], emap[15:0], ecnt[7:0]}
 *   exp m record[279:0] (same layout)
 *   s_desc[511:0]  exp m_desc[511:0]
 *   exp m_aux[4W-1:0]  exp m_tag[8W-1:0]  exp m_data[8W-1:0]
 *   s_aux[4W-1:0]  s_tag[8W-1:0]  s_data[8W-1:0]
 *
 * Plusargs: +vectors=FILE +cycles=N.  Last line "<suite>: P passed, F failed"
 * (cycles that matched / did not), suite "icarus-check-stage-m<ENG_MASK>-tx<TX>-w<W>".
 */
module tb_mdd_check_stage #(
    parameter W = 8,
    parameter [2:0] ENG_MASK = 3'b111,
    parameter TX = 0
);

localparam RW = 280;
localparam VW = 16 + 2 * RW + 1024 + 40 * W;
localparam MAX_CYCLES = 20000;

reg            clk = 1'b0;
reg            rst = 1'b0;
reg            s_valid = 1'b0, m_ready = 1'b0;
reg [8*W-1:0]  s_data = {8*W{1'b0}}, s_tag = {8*W{1'b0}};
reg [4*W-1:0]  s_aux = {4*W{1'b0}};
reg            s_first = 1'b0, s_last = 1'b0, s_dbad = 1'b0, s_err_v = 1'b0;
reg [31:0]     s_woff = 32'd0, s_err_off = 32'd0, s_err_unit = 32'd0;
reg [7:0]      s_nin = 8'd0, s_xflags = 8'd0, s_err_code = 8'd0, s_err_byte = 8'd0, s_ecnt = 8'd0;
reg [63:0]     s_err_exp = 64'd0, s_err_got = 64'd0;
reg [15:0]     s_emap = 16'd0;
reg [511:0]    s_desc = 512'd0;

wire           s_ready, m_valid, m_first, m_last, m_dbad, m_err_v;
wire [8*W-1:0] m_data, m_tag;
wire [4*W-1:0] m_aux;
wire [31:0]    m_woff, m_err_off, m_err_unit;
wire [7:0]     m_nin, m_xflags, m_err_code, m_err_byte, m_ecnt;
wire [63:0]    m_err_exp, m_err_got;
wire [15:0]    m_emap;
wire [511:0]   m_desc;

mdd_check_stage #(
    .W(W),
    .ENG_MASK(ENG_MASK),
    .TX(TX)
) dut (
    .clk(clk), .rst(rst),
    .s_valid(s_valid), .s_ready(s_ready),
    .s_data(s_data), .s_tag(s_tag), .s_aux(s_aux), .s_first(s_first), .s_last(s_last), .s_woff(s_woff),
    .s_nin(s_nin), .s_dbad(s_dbad), .s_desc(s_desc), .s_xflags(s_xflags), .s_err_v(s_err_v),
    .s_err_code(s_err_code), .s_err_byte(s_err_byte), .s_err_off(s_err_off), .s_err_unit(s_err_unit),
    .s_err_exp(s_err_exp), .s_err_got(s_err_got), .s_emap(s_emap), .s_ecnt(s_ecnt),
    .m_valid(m_valid), .m_ready(m_ready),
    .m_data(m_data), .m_tag(m_tag), .m_aux(m_aux), .m_first(m_first), .m_last(m_last), .m_woff(m_woff),
    .m_nin(m_nin), .m_dbad(m_dbad), .m_desc(m_desc), .m_xflags(m_xflags), .m_err_v(m_err_v),
    .m_err_code(m_err_code), .m_err_byte(m_err_byte), .m_err_off(m_err_off), .m_err_unit(m_err_unit),
    .m_err_exp(m_err_exp), .m_err_got(m_err_got), .m_emap(m_emap), .m_ecnt(m_ecnt)
);

wire [RW-1:0] m_rec = {m_woff, m_nin, m_xflags, m_err_code, m_err_byte, m_err_off, m_err_unit, m_err_exp,
                       m_err_got, m_emap, m_ecnt};

reg [VW-1:0]    vectors [0:MAX_CYCLES-1];
reg [8*256-1:0] path;
reg [8*64-1:0]  suite;
integer         cycles, cycle, passed, failed, words;
reg [VW-1:0]    v;
reg [7:0]       fi, fe;
reg [RW-1:0]    exp_rec;
reg [511:0]     exp_desc;
reg [4*W-1:0]   exp_aux;
reg [8*W-1:0]   exp_tag, exp_data;
reg             bad;

initial begin
    $sformat(suite, "icarus-check-stage-m%0d-tx%0d-w%0d", ENG_MASK, TX, W);
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
            fi = v[VW-1 -: 8];
            fe = v[VW-9 -: 8];
            {s_woff, s_nin, s_xflags, s_err_code, s_err_byte, s_err_off, s_err_unit, s_err_exp, s_err_got, s_emap,
             s_ecnt} = v[VW-17 -: RW];
            exp_rec  = v[VW-17-RW -: RW];
            s_desc   = v[VW-17-2*RW -: 512];
            exp_desc = v[VW-17-2*RW-512 -: 512];
            {exp_aux, exp_tag, exp_data, s_aux, s_tag, s_data} = v[40*W-1:0];
            {rst, s_valid, m_ready, s_first, s_last, s_dbad, s_err_v} = fi[7:1];
            #1;
            bad = (s_ready !== fe[7]) || (m_valid !== fe[6]) || (m_first !== fe[5]) || (m_last !== fe[4])
               || (m_dbad !== fe[3]) || (m_err_v !== fe[2]) || (m_rec !== exp_rec) || (m_desc !== exp_desc)
               || (m_aux !== exp_aux) || (m_tag !== exp_tag) || (m_data !== exp_data);
            if (bad) begin
                if (failed < 10)
                    $display("MISMATCH cycle=%0d: s_ready %b/%b m_valid %b/%b first/last %b%b/%b%b record %0s desc %0s lanes %0s",
                             cycle, s_ready, fe[7], m_valid, fe[6], m_first, m_last, fe[5], fe[4],
                             (m_rec === exp_rec && m_err_v === fe[2]) ? "ok" : "DIFF",
                             (m_desc === exp_desc) ? "ok" : "DIFF",
                             (m_data === exp_data && m_tag === exp_tag && m_aux === exp_aux) ? "ok" : "DIFF");
                failed = failed + 1;
            end else begin
                passed = passed + 1;
            end
            if (m_valid === 1'b1 && m_ready) words = words + 1;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
        end
    end
    $display("%0s: %0d cycles replayed, %0d words out", suite, passed + failed, words);
    $display("%0s: %0d passed, %0d failed", suite, passed, failed);
    if (failed != 0) $finish_and_return(1);
    $finish;
end

endmodule

`resetall

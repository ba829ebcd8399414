// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of mdd_crc_shift: replays a vector file written by the lockstep harness
 * (tb/lockstep/crc_shift_main.cpp vectors=FILE): per cycle, the inputs to drive and the C twin's outputs,
 * which the harness checked against the Verilated RTL and the library scoreboard while writing them.
 * Every output is compared every cycle, so this proves the RTL behaves the same under Icarus' event-driven
 * 4-state semantics (no X anywhere, the same reset and stall behaviour).
 *
 * Plusargs: +vectors=FILE.  The header line must match the parameters this bench was compiled with.
 * Last line: "icarus-crc-shift-a<ALG>-i<INV>[-b<BITS_PER_STAGE>-n<N_W>]: P passed, F failed" (the suffix for
 * shapes other than the RTL defaults), P = cycles whose outputs all matched.
 * vvp exits 0 either way; the make rule judges the last line.
 */
module tb_mdd_crc_shift #(
    parameter CRC_ALG = 0,
    parameter INVERSE = 0,
    parameter N_W = 33,
    parameter BITS_PER_STAGE = 2,
    parameter USER_W = 8
) ();

localparam CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32;

reg               clk = 1'b0;
reg               rst = 1'b0;
reg  [CRC_W-1:0]  s_reg = {CRC_W{1'b0}};
reg  [N_W-1:0]    s_nbytes = {N_W{1'b0}};
reg  [USER_W-1:0] s_tuser = {USER_W{1'b0}};
reg               s_tvalid = 1'b0;
wire              s_tready;
wire [CRC_W-1:0]  m_reg;
wire [USER_W-1:0] m_tuser;
wire              m_tvalid;
reg               m_tready = 1'b0;

mdd_crc_shift #(
    .CRC_ALG(CRC_ALG),
    .N_W(N_W),
    .INVERSE(INVERSE),
    .BITS_PER_STAGE(BITS_PER_STAGE),
    .USER_W(USER_W)
) dut (
    .clk(clk),
    .rst(rst),
    .s_reg(s_reg),
    .s_nbytes(s_nbytes),
    .s_tuser(s_tuser),
    .s_tvalid(s_tvalid),
    .s_tready(s_tready),
    .m_reg(m_reg),
    .m_tuser(m_tuser),
    .m_tvalid(m_tvalid),
    .m_tready(m_tready)
);

reg [8*1024-1:0] path;
integer fd, fields, cycle, passed, failed, results;
integer h_alg, h_inv, h_n_w, h_bps, h_user_w;
reg [63:0] v_rst, v_s_reg, v_s_nbytes, v_s_tuser, v_s_tvalid, v_m_tready;
reg [63:0] e_s_tready, e_m_reg, e_m_tuser, e_m_tvalid;
reg cycle_ok;

task mismatch(input [8*16-1:0] signal, input [63:0] expected, input [63:0] got);
    begin
        cycle_ok = 1'b0;
        if (failed < 10)
            $display("MISMATCH cycle=%0d signal=%0s twin=0x%h rtl=0x%h", cycle, signal, expected, got);
    end
endtask

initial begin
    passed = 0;
    failed = 0;
    results = 0;
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
        fields = $fscanf(fd, "C %d %d %d %d %d\n", h_alg, h_inv, h_n_w, h_bps, h_user_w);
        if (fields != 5 || h_alg != CRC_ALG || h_inv != INVERSE || h_n_w != N_W || h_bps != BITS_PER_STAGE ||
            h_user_w != USER_W) begin
            $display("vector header does not match the bench parameters (%0d fields: %0d %0d %0d %0d %0d)", fields,
                     h_alg, h_inv, h_n_w, h_bps, h_user_w);
            failed = failed + 1;
        end else begin
            fields = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h\n", v_rst, v_s_reg, v_s_nbytes, v_s_tuser, v_s_tvalid,
                             v_m_tready, e_s_tready, e_m_reg, e_m_tuser, e_m_tvalid);
            while (fields == 10) begin
                // drive in the first half of the cycle (clock low), compare just before the rising edge
                rst      = v_rst[0];
                s_reg    = v_s_reg[CRC_W-1:0];
                s_nbytes = v_s_nbytes[N_W-1:0];
                s_tuser  = v_s_tuser[USER_W-1:0];
                s_tvalid = v_s_tvalid[0];
                m_tready = v_m_tready[0];
                #4;
                cycle_ok = 1'b1;
                if (s_tready !== e_s_tready[0]) mismatch("s_tready", e_s_tready, {63'd0, s_tready});
                if (m_reg !== e_m_reg[CRC_W-1:0]) mismatch("m_reg", e_m_reg, {{64-CRC_W{1'b0}}, m_reg});
                if (m_tuser !== e_m_tuser[USER_W-1:0]) mismatch("m_tuser", e_m_tuser, {{64-USER_W{1'b0}}, m_tuser});
                if (m_tvalid !== e_m_tvalid[0]) mismatch("m_tvalid", e_m_tvalid, {63'd0, m_tvalid});
                if (cycle_ok) passed = passed + 1;
                else failed = failed + 1;
                if (!rst && m_tvalid && m_tready) results = results + 1;
                #1 clk = 1'b1;
                #5 clk = 1'b0;
                cycle = cycle + 1;
                fields = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h\n", v_rst, v_s_reg, v_s_nbytes, v_s_tuser,
                                 v_s_tvalid, v_m_tready, e_s_tready, e_m_reg, e_m_tuser, e_m_tvalid);
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
    $display("crc_shift alg=%0d inverse=%0d: %0d cycles replayed, %0d results delivered", CRC_ALG, INVERSE, cycle,
             results);
    if (BITS_PER_STAGE == 2 && N_W == 33)
        $display("icarus-crc-shift-a%0d-i%0d: %0d passed, %0d failed", CRC_ALG, INVERSE, passed, failed);
    else
        $display("icarus-crc-shift-a%0d-i%0d-b%0d-n%0d: %0d passed, %0d failed", CRC_ALG, INVERSE, BITS_PER_STAGE,
                 N_W, passed, failed);
    $finish;
end

endmodule

`resetall

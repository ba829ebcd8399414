// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of mdd_cmb (the incremental CRC combiner): replays a vector file written by the lockstep harness
 * (tb/lockstep/cmb_main.cpp vectors=FILE): per cycle, the inputs to drive and the C twin's outputs, which the
 * harness checked against the Verilated RTL and the reference/truth scoreboard while writing them. Every output
 * (s_axis_cmb_tready, m_axis_cmb_res_tvalid and all 512 bits of m_axis_cmb_res_tdata, valid or not) is compared
 * every cycle, so this proves the RTL behaves the same under Icarus' event-driven 4-state semantics (no X
 * anywhere, the same reset and stall behaviour).
 *
 * Plusargs: +vectors=FILE.  The header line "C alg msgs id_w addr_w bps" must match the parameters this bench
 * was compiled with.  Last line: "icarus-cmb-a<CRC_ALG>: P passed, F failed", P = cycles whose outputs all
 * matched.  vvp exits 0 either way; the make rule judges the last line.
 */
module tb_mdd_cmb #(
    parameter CRC_ALG = 0,
    parameter MSGS = 64,
    parameter ID_W = 32,
    parameter ADDR_W = 64,
    parameter BITS_PER_STAGE = 2
) ();

reg          clk = 1'b0;
reg          rst = 1'b0;
reg  [255:0] s_tdata = 256'd0;
reg          s_tvalid = 1'b0;
wire         s_tready;
wire [511:0] m_tdata;
wire         m_tvalid;
reg          m_tready = 1'b0;

mdd_cmb #(
    .CRC_ALG(CRC_ALG),
    .MSGS(MSGS),
    .ID_W(ID_W),
    .ADDR_W(ADDR_W),
    .BITS_PER_STAGE(BITS_PER_STAGE)
) dut (
    .clk(clk),
    .rst(rst),
    .s_axis_cmb_tdata(s_tdata),
    .s_axis_cmb_tvalid(s_tvalid),
    .s_axis_cmb_tready(s_tready),
    .m_axis_cmb_res_tdata(m_tdata),
    .m_axis_cmb_res_tvalid(m_tvalid),
    .m_axis_cmb_res_tready(m_tready)
);

reg [8*1024-1:0] path;
integer fd, fields, cycle, passed, failed, outputs;
integer h_alg, h_msgs, h_id_w, h_addr_w, h_bps;
reg [63:0]  v_rst, v_s_tvalid, v_m_tready, e_s_tready, e_m_tvalid;
reg [255:0] v_s_tdata;
reg [511:0] e_m_tdata;
reg cycle_ok;

task mismatch(input [8*24-1:0] signal, input [511:0] expected, input [511:0] got);
    begin
        cycle_ok = 1'b0;
        if (failed < 10)
            $display("MISMATCH cycle=%0d signal=%0s twin=0x%h rtl=0x%h", cycle, signal, expected, got);
    end
endtask

initial begin
    passed = 0;
    failed = 0;
    outputs = 0;
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
        fields = $fscanf(fd, "C %d %d %d %d %d\n", h_alg, h_msgs, h_id_w, h_addr_w, h_bps);
        if (fields != 5 || h_alg != CRC_ALG || h_msgs != MSGS || h_id_w != ID_W || h_addr_w != ADDR_W ||
            h_bps != BITS_PER_STAGE) begin
            $display("vector header does not match the bench parameters (%0d fields: %0d %0d %0d %0d %0d)", fields,
                     h_alg, h_msgs, h_id_w, h_addr_w, h_bps);
            failed = failed + 1;
        end else begin
            fields = $fscanf(fd, "%h %h %h %h %h %h %h\n", v_rst, v_s_tdata, v_s_tvalid, v_m_tready, e_s_tready,
                             e_m_tdata, e_m_tvalid);
            while (fields == 7) begin
                // drive in the first half of the cycle (clock low), compare just before the rising edge
                rst      = v_rst[0];
                s_tdata  = v_s_tdata;
                s_tvalid = v_s_tvalid[0];
                m_tready = v_m_tready[0];
                #4;
                cycle_ok = 1'b1;
                if (s_tready !== e_s_tready[0]) mismatch("s_axis_cmb_tready", {448'd0, e_s_tready}, {511'd0, s_tready});
                if (m_tvalid !== e_m_tvalid[0])
                    mismatch("m_axis_cmb_res_tvalid", {448'd0, e_m_tvalid}, {511'd0, m_tvalid});
                if (m_tdata !== e_m_tdata) mismatch("m_axis_cmb_res_tdata", e_m_tdata, m_tdata);
                if (cycle_ok) passed = passed + 1;
                else failed = failed + 1;
                if (!rst && m_tvalid && m_tready) outputs = outputs + 1;
                #1 clk = 1'b1;
                #5 clk = 1'b0;
                cycle = cycle + 1;
                fields = $fscanf(fd, "%h %h %h %h %h %h %h\n", v_rst, v_s_tdata, v_s_tvalid, v_m_tready, e_s_tready,
                                 e_m_tdata, e_m_tvalid);
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
    $display("cmb alg=%0d msgs=%0d id_w=%0d addr_w=%0d bits_per_stage=%0d: %0d cycles replayed, %0d outputs delivered",
             CRC_ALG, MSGS, ID_W, ADDR_W, BITS_PER_STAGE, cycle, outputs);
    $display("icarus-cmb-a%0d: %0d passed, %0d failed", CRC_ALG, passed, failed);
    $finish;
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Icarus bench of mdd_core_stats (the top level's statistics and interrupt causes): replays a vector file
 * written by the lockstep harness (tb/lockstep/core_stats_main.cpp vectors=FILE): per cycle, the inputs to drive
 * and the C twin's outputs, which the harness checked against the Verilated RTL and its own running sums while
 * writing them. Every output (all 2644 bits, packed in port order with rx_xfers_count at bit 0 and irq_cmb_set
 * at the top) is compared every cycle, so this proves the RTL behaves the same under Icarus' event-driven
 * 4-state semantics (no X anywhere, the same reset, SNAP and CLEAR behaviour).
 *
 * Plusargs: +vectors=FILE.  The header line must be "C core_stats".  Last line: "icarus-core-stats: P passed,
 * F failed", P = cycles whose outputs all matched.  vvp exits 0 either way; the make rule judges the last line.
 */
module tb_mdd_core_stats ();

localparam OUT_BITS = 2644;

reg           clk = 1'b0;
reg           rst = 1'b0;
reg  [1023:0] rx_ctx_tdata = 1024'd0;
reg           rx_ctx_fire = 1'b0;
reg  [1023:0] tx_ctx_tdata = 1024'd0;
reg           tx_ctx_fire = 1'b0;
reg           cmb_sw_fire = 1'b0;
reg           cmb_seg_fire = 1'b0;
reg  [511:0]  cmb_res_tdata = 512'd0;
reg           cmb_res_fire = 1'b0;
reg           dep_pkt_done = 1'b0;
reg  [4:0]    dep_pkt_code = 5'd0;
reg           snap = 1'b0;
reg           clear = 1'b0;

wire [31:0]  rx_xfers_count, rx_xfers_err_count, rx_pdus_count, rx_blocks_count, rx_markers_count;
wire [31:0]  rx_err_events_count, rx_bytes_in_lo_count, rx_bytes_in_hi_count, rx_bytes_out_lo_count;
wire [31:0]  rx_bytes_out_hi_count, rx_last_err_off_offset;
wire [15:0]  rx_last_err_xfer_id;
wire [7:0]   rx_last_err_code;
wire [511:0] rx_err_class_count;
wire [31:0]  tx_xfers_count, tx_xfers_err_count, tx_pdus_count, tx_blocks_count, tx_markers_count;
wire [31:0]  tx_err_events_count, tx_bytes_in_lo_count, tx_bytes_in_hi_count, tx_bytes_out_lo_count;
wire [31:0]  tx_bytes_out_hi_count, tx_last_err_off_offset;
wire [15:0]  tx_last_err_xfer_id;
wire [7:0]   tx_last_err_code;
wire [511:0] tx_err_class_count;
wire [31:0]  cmb_records_sw_count, cmb_segs_count, cmb_outputs_count;
wire [255:0] cmb_results_count;
wire [511:0] cmb_errors_count;
wire         irq_dep_set, irq_rx_set, irq_tx_set, irq_cmb_set;

mdd_core_stats dut (
    .clk(clk),
    .rst(rst),
    .rx_ctx_tdata(rx_ctx_tdata),
    .rx_ctx_fire(rx_ctx_fire),
    .tx_ctx_tdata(tx_ctx_tdata),
    .tx_ctx_fire(tx_ctx_fire),
    .cmb_sw_fire(cmb_sw_fire),
    .cmb_seg_fire(cmb_seg_fire),
    .cmb_res_tdata(cmb_res_tdata),
    .cmb_res_fire(cmb_res_fire),
    .dep_pkt_done(dep_pkt_done),
    .dep_pkt_code(dep_pkt_code),
    .snap(snap),
    .clear(clear),
    .rx_xfers_count(rx_xfers_count),
    .rx_xfers_err_count(rx_xfers_err_count),
    .rx_pdus_count(rx_pdus_count),
    .rx_blocks_count(rx_blocks_count),
    .rx_markers_count(rx_markers_count),
    .rx_err_events_count(rx_err_events_count),
    .rx_bytes_in_lo_count(rx_bytes_in_lo_count),
    .rx_bytes_in_hi_count(rx_bytes_in_hi_count),
    .rx_bytes_out_lo_count(rx_bytes_out_lo_count),
    .rx_bytes_out_hi_count(rx_bytes_out_hi_count),
    .rx_last_err_xfer_id(rx_last_err_xfer_id),
    .rx_last_err_code(rx_last_err_code),
    .rx_last_err_off_offset(rx_last_err_off_offset),
    .rx_err_class_count(rx_err_class_count),
    .tx_xfers_count(tx_xfers_count),
    .tx_xfers_err_count(tx_xfers_err_count),
    .tx_pdus_count(tx_pdus_count),
    .tx_blocks_count(tx_blocks_count),
    .tx_markers_count(tx_markers_count),
    .tx_err_events_count(tx_err_events_count),
    .tx_bytes_in_lo_count(tx_bytes_in_lo_count),
    .tx_bytes_in_hi_count(tx_bytes_in_hi_count),
    .tx_bytes_out_lo_count(tx_bytes_out_lo_count),
    .tx_bytes_out_hi_count(tx_bytes_out_hi_count),
    .tx_last_err_xfer_id(tx_last_err_xfer_id),
    .tx_last_err_code(tx_last_err_code),
    .tx_last_err_off_offset(tx_last_err_off_offset),
    .tx_err_class_count(tx_err_class_count),
    .cmb_records_sw_count(cmb_records_sw_count),
    .cmb_segs_count(cmb_segs_count),
    .cmb_outputs_count(cmb_outputs_count),
    .cmb_results_count(cmb_results_count),
    .cmb_errors_count(cmb_errors_count),
    .irq_dep_set(irq_dep_set),
    .irq_rx_set(irq_rx_set),
    .irq_tx_set(irq_tx_set),
    .irq_cmb_set(irq_cmb_set)
);

// every output in port order, the first at bit 0 (the harness's packing)
wire [OUT_BITS-1:0] got = {
    irq_cmb_set, irq_tx_set, irq_rx_set, irq_dep_set,
    cmb_errors_count, cmb_results_count, cmb_outputs_count, cmb_segs_count, cmb_records_sw_count,
    tx_err_class_count, tx_last_err_off_offset, tx_last_err_code, tx_last_err_xfer_id,
    tx_bytes_out_hi_count, tx_bytes_out_lo_count, tx_bytes_in_hi_count, tx_bytes_in_lo_count,
    tx_err_events_count, tx_markers_count, tx_blocks_count, tx_pdus_count, tx_xfers_err_count, tx_xfers_count,
    rx_err_class_count, rx_last_err_off_offset, rx_last_err_code, rx_last_err_xfer_id,
    rx_bytes_out_hi_count, rx_bytes_out_lo_count, rx_bytes_in_hi_count, rx_bytes_in_lo_count,
    rx_err_events_count, rx_markers_count, rx_blocks_count, rx_pdus_count, rx_xfers_err_count, rx_xfers_count
};

reg [8*1024-1:0] path;
reg [8*16-1:0]   h_name;
integer fd, fields, cycle, passed, failed, snaps, first, i;
reg [63:0]  v_rst, v_rx_fire, v_tx_fire, v_sw, v_seg, v_res_fire, v_dep_done, v_dep_code, v_snap, v_clear;
reg [1023:0] v_rx_tdata, v_tx_tdata;
reg [511:0]  v_res_tdata;
reg [OUT_BITS-1:0] e_out;

task read_line;
    begin
        fields = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", v_rst, v_rx_tdata, v_rx_fire, v_tx_tdata,
                         v_tx_fire, v_sw, v_seg, v_res_tdata, v_res_fire, v_dep_done, v_dep_code, v_snap, v_clear,
                         e_out);
    end
endtask

initial begin
    passed = 0;
    failed = 0;
    snaps = 0;
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
        fields = $fscanf(fd, "C %s\n", h_name);
        if (fields != 1 || h_name != "core_stats") begin
            $display("vector header is not \"C core_stats\"");
            failed = failed + 1;
        end else begin
            read_line;
            while (fields == 14) begin
                // drive in the first half of the cycle (clock low), compare just before the rising edge
                rst           = v_rst[0];
                rx_ctx_tdata  = v_rx_tdata;
                rx_ctx_fire   = v_rx_fire[0];
                tx_ctx_tdata  = v_tx_tdata;
                tx_ctx_fire   = v_tx_fire[0];
                cmb_sw_fire   = v_sw[0];
                cmb_seg_fire  = v_seg[0];
                cmb_res_tdata = v_res_tdata;
                cmb_res_fire  = v_res_fire[0];
                dep_pkt_done  = v_dep_done[0];
                dep_pkt_code  = v_dep_code[4:0];
                snap          = v_snap[0];
                clear         = v_clear[0];
                #4;
                if (got === e_out) begin
                    passed = passed + 1;
                end else begin
                    failed = failed + 1;
                    if (failed <= 10) begin
                        first = -1;
                        for (i = OUT_BITS - 1; i >= 0; i = i - 1)
                            if (got[i] !== e_out[i]) first = i;
                        $display("MISMATCH cycle=%0d: outputs differ first at packed bit %0d (twin %b, rtl %b)",
                                 cycle, first, e_out[first], got[first]);
                    end
                end
                if (!rst && snap) snaps = snaps + 1;
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
    $display("core_stats: %0d cycles replayed, %0d SNAPs", cycle, snaps);
    $display("icarus-core-stats: %0d passed, %0d failed", passed, failed);
    $finish;
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Statistics and interrupt causes of the top level (docs/core.md section 4):
 * the counters behind windows RX, TX and CMB of the register block mdd_regs.
 *
 * Counters run all the time; software reads a snapshot of them, so that it
 * sees one consistent set (64-bit byte counts included) however long its
 * reads take. The state is one vector of running counters and one snapshot
 * register of the same layout; the outputs are the snapshot, named as the
 * `_i` inputs of mdd_regs without the suffix.
 *
 * Each clock edge (this cycle's events = the handshakes on the inputs):
 *   running  <= (clear ? 0 : running) + this cycle's events
 *   snapshot <= running                     when snap (the counts up to the
 *                                            cycle before; with clear too,
 *                                            the old counts)
 * LAST_ERR and LAST_ERR_OFF (per direction) are running state too, but a
 * value, not a sum: a context with ERR_MAP != 0 loads its XFER_ID, ERR_CODE
 * and ERR_OFF; otherwise they keep (or, on clear, drop to 0) their value. So
 * a clear in the cycle of an erroneous context keeps that context's values,
 * as the counters keep that cycle's counts. snap copies them; clear and
 * reset zero them.
 *
 * RX and TX (a context handshake, *_ctx_fire): XFERS + 1; XFERS_ERR + 1 when
 * ERR_MAP != 0; PDUS, BLOCKS, MARKERS, ERR_EVENTS + PDUS, BLOCKS, MRK_COUNT,
 * ERR_COUNT; BYTES_IN, BYTES_OUT (64 bits) + BYTES_IN, BYTES_OUT; ERR_CLASS[k]
 * + ERR_MAP bit k. CMB: RECORDS_SW + 1 per cmb_sw_fire, SEGS + 1 per
 * cmb_seg_fire, OUTPUTS + 1 per cmb_res_fire; a result record (CMBRES.ERROR
 * 0) adds 1 to RESULTS[CODE] (none for a CODE of 8 or more, which the
 * combiner never sends), an error record to ERRORS[CODE]. Every counter
 * wraps. tdata is looked at only with its fire.
 *
 * Interrupt causes (to CORE.IRQ_STATUS's set inputs), combinational, one
 * cycle per event: irq_dep_set = dep_pkt_done with a code other than OK;
 * irq_rx_set / irq_tx_set = a context handshake with ERR_MAP != 0;
 * irq_cmb_set = a cmb_res handshake of an error record or of a result other
 * than OK. They are not gated by rst (the sources hold their handshakes low
 * in reset, ARCHITECTURE.md 3).
 *
 * Reset (synchronous) zeroes the running counters, the snapshot and LAST_ERR;
 * the events, snap and clear of a reset cycle are lost.
 *
 * Parameters: none.
 */
module mdd_core_stats (
    input  wire          clk,
    input  wire          rst,

    // events: handshakes and their records (only the counted fields are read)
    input  wire [1023:0] rx_ctx_tdata,
    input  wire          rx_ctx_fire,
    input  wire [1023:0] tx_ctx_tdata,
    input  wire          tx_ctx_fire,
    input  wire          cmb_sw_fire,
    input  wire          cmb_seg_fire,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [511:0]  cmb_res_tdata,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire          cmb_res_fire,
    input  wire          dep_pkt_done,
    input  wire [4:0]    dep_pkt_code,
    // CORE.STATS_CTRL pulses
    input  wire          snap,
    input  wire          clear,

    // the snapshot (to mdd_regs' <name>_i inputs); arrays packed, element k at [32k +: 32]
    output wire [31:0]   rx_xfers_count,
    output wire [31:0]   rx_xfers_err_count,
    output wire [31:0]   rx_pdus_count,
    output wire [31:0]   rx_blocks_count,
    output wire [31:0]   rx_markers_count,
    output wire [31:0]   rx_err_events_count,
    output wire [31:0]   rx_bytes_in_lo_count,
    output wire [31:0]   rx_bytes_in_hi_count,
    output wire [31:0]   rx_bytes_out_lo_count,
    output wire [31:0]   rx_bytes_out_hi_count,
    output wire [15:0]   rx_last_err_xfer_id,
    output wire [7:0]    rx_last_err_code,
    output wire [31:0]   rx_last_err_off_offset,
    output wire [511:0]  rx_err_class_count,
    output wire [31:0]   tx_xfers_count,
    output wire [31:0]   tx_xfers_err_count,
    output wire [31:0]   tx_pdus_count,
    output wire [31:0]   tx_blocks_count,
    output wire [31:0]   tx_markers_count,
    output wire [31:0]   tx_err_events_count,
    output wire [31:0]   tx_bytes_in_lo_count,
    output wire [31:0]   tx_bytes_in_hi_count,
    output wire [31:0]   tx_bytes_out_lo_count,
    output wire [31:0]   tx_bytes_out_hi_count,
    output wire [15:0]   tx_last_err_xfer_id,
    output wire [7:0]    tx_last_err_code,
    output wire [31:0]   tx_last_err_off_offset,
    output wire [511:0]  tx_err_class_count,
    output wire [31:0]   cmb_records_sw_count,
    output wire [31:0]   cmb_segs_count,
    output wire [31:0]   cmb_outputs_count,
    output wire [255:0]  cmb_results_count,
    output wire [511:0]  cmb_errors_count,

    // interrupt causes (to CORE.IRQ_STATUS's set inputs)
    output wire          irq_dep_set,
    output wire          irq_rx_set,
    output wire          irq_tx_set,
    output wire          irq_cmb_set
);

`include "mdd_formats.vh"

localparam CW = 32;                          // a counter (the register map's COUNT fields)
localparam BW = 64;                          // a byte counter
localparam CLASSES = MDD_CTX_ERR_MAP_W;      // ERR_CLASS[k] counts ERR_MAP bit k
localparam RESULTS = 8;                      // RESULTS[CODE], CODE < 8
localparam ERRORS = 1 << MDD_CMBRES_CODE_W;  // ERRORS[CODE]

// One direction's state (RX, TX): bit offsets
localparam D_XFERS      = 0;
localparam D_XFERS_ERR  = D_XFERS + CW;
localparam D_PDUS       = D_XFERS_ERR + CW;
localparam D_BLOCKS     = D_PDUS + CW;
localparam D_MARKERS    = D_BLOCKS + CW;
localparam D_ERR_EVENTS = D_MARKERS + CW;
localparam D_BYTES_IN   = D_ERR_EVENTS + CW;
localparam D_BYTES_OUT  = D_BYTES_IN + BW;
localparam D_LAST_ID    = D_BYTES_OUT + BW;                  // LAST_ERR.XFER_ID
localparam D_LAST_CODE  = D_LAST_ID + MDD_CTX_XFER_ID_W;     // LAST_ERR.CODE
localparam D_LAST_OFF   = D_LAST_CODE + MDD_CTX_ERR_CODE_W;  // LAST_ERR_OFF
localparam D_LAST_W     = MDD_CTX_XFER_ID_W + MDD_CTX_ERR_CODE_W + MDD_CTX_ERR_OFF_W;
localparam D_CLASS      = D_LAST_ID + D_LAST_W;
localparam D_BITS       = D_CLASS + CLASSES * CW;

// The combiner's state, after RX's and TX's
localparam C_RECORDS_SW = 0;
localparam C_SEGS       = C_RECORDS_SW + CW;
localparam C_OUTPUTS    = C_SEGS + CW;
localparam C_RESULTS    = C_OUTPUTS + CW;
localparam C_ERRORS     = C_RESULTS + RESULTS * CW;
localparam C_BITS       = C_ERRORS + ERRORS * CW;
localparam C0           = 2 * D_BITS;

localparam S_BITS = C0 + C_BITS;

reg  [S_BITS-1:0] run = {S_BITS{1'b0}};   // running counters and LAST_ERR
reg  [S_BITS-1:0] snp = {S_BITS{1'b0}};   // the snapshot: the outputs
wire [S_BITS-1:0] base = clear ? {S_BITS{1'b0}} : run;
wire [S_BITS-1:0] nxt;                    // base + this cycle's events

// ---- RX (d = 0) and TX (d = 1) ----
wire [2*MDD_CTX_BITS-1:0] ctx_tdata = {tx_ctx_tdata, rx_ctx_tdata};
wire [1:0]                ctx_fire = {tx_ctx_fire, rx_ctx_fire};
wire [1:0]                ctx_err;

genvar d, k;
generate
    for (d = 0; d < 2; d = d + 1) begin : g_dir
        localparam O = d * D_BITS;
        /* verilator lint_off UNUSEDSIGNAL */   // only the counted fields
        wire [MDD_CTX_BITS-1:0]      ctx  = ctx_tdata[d*MDD_CTX_BITS +: MDD_CTX_BITS];
        /* verilator lint_on UNUSEDSIGNAL */
        wire                         fire = ctx_fire[d];
        wire [MDD_CTX_ERR_MAP_W-1:0] emap = ctx[MDD_CTX_ERR_MAP_LSB +: MDD_CTX_ERR_MAP_W];
        wire                         err  = fire && emap != {MDD_CTX_ERR_MAP_W{1'b0}};
        assign ctx_err[d] = err;

        // a counted field of the context, 0 without a handshake
        wire [MDD_CTX_PDUS_W-1:0]      pdus   = fire ? ctx[MDD_CTX_PDUS_LSB +: MDD_CTX_PDUS_W] : {MDD_CTX_PDUS_W{1'b0}};
        wire [MDD_CTX_BLOCKS_W-1:0]    blocks = fire ? ctx[MDD_CTX_BLOCKS_LSB +: MDD_CTX_BLOCKS_W]
                                                     : {MDD_CTX_BLOCKS_W{1'b0}};
        wire [MDD_CTX_MRK_COUNT_W-1:0] mrks   = fire ? ctx[MDD_CTX_MRK_COUNT_LSB +: MDD_CTX_MRK_COUNT_W]
                                                     : {MDD_CTX_MRK_COUNT_W{1'b0}};
        wire [MDD_CTX_ERR_COUNT_W-1:0] errs   = fire ? ctx[MDD_CTX_ERR_COUNT_LSB +: MDD_CTX_ERR_COUNT_W]
                                                     : {MDD_CTX_ERR_COUNT_W{1'b0}};
        wire [BW-1:0] bytes_in  = fire ? {{(BW - MDD_CTX_BYTES_IN_W){1'b0}},
                                          ctx[MDD_CTX_BYTES_IN_LSB +: MDD_CTX_BYTES_IN_W]} : {BW{1'b0}};
        wire [BW-1:0] bytes_out = fire ? {{(BW - MDD_CTX_BYTES_OUT_W){1'b0}},
                                          ctx[MDD_CTX_BYTES_OUT_LSB +: MDD_CTX_BYTES_OUT_W]} : {BW{1'b0}};

        assign nxt[O+D_XFERS +: CW]      = base[O+D_XFERS +: CW] + {{(CW - 1){1'b0}}, fire};
        assign nxt[O+D_XFERS_ERR +: CW]  = base[O+D_XFERS_ERR +: CW] + {{(CW - 1){1'b0}}, err};
        assign nxt[O+D_PDUS +: CW]       = base[O+D_PDUS +: CW] + pdus;
        assign nxt[O+D_BLOCKS +: CW]     = base[O+D_BLOCKS +: CW] + blocks;
        assign nxt[O+D_MARKERS +: CW]    = base[O+D_MARKERS +: CW] + mrks;
        assign nxt[O+D_ERR_EVENTS +: CW] = base[O+D_ERR_EVENTS +: CW] + errs;
        assign nxt[O+D_BYTES_IN +: BW]   = base[O+D_BYTES_IN +: BW] + bytes_in;
        assign nxt[O+D_BYTES_OUT +: BW]  = base[O+D_BYTES_OUT +: BW] + bytes_out;
        assign nxt[O+D_LAST_ID +: D_LAST_W] = err ? {ctx[MDD_CTX_ERR_OFF_LSB +: MDD_CTX_ERR_OFF_W],
                                                     ctx[MDD_CTX_ERR_CODE_LSB +: MDD_CTX_ERR_CODE_W],
                                                     ctx[MDD_CTX_XFER_ID_LSB +: MDD_CTX_XFER_ID_W]}
                                                  : base[O+D_LAST_ID +: D_LAST_W];
        for (k = 0; k < CLASSES; k = k + 1) begin : g_class
            assign nxt[O+D_CLASS+k*CW +: CW] = base[O+D_CLASS+k*CW +: CW] + {{(CW - 1){1'b0}}, fire && emap[k]};
        end
    end
endgenerate

// ---- combiner ----
wire [MDD_CMBRES_CODE_W-1:0] res_code = cmb_res_tdata[MDD_CMBRES_CODE_LSB +: MDD_CMBRES_CODE_W];
wire                         res_error = cmb_res_tdata[MDD_CMBRES_ERROR_LSB];

assign nxt[C0+C_RECORDS_SW +: CW] = base[C0+C_RECORDS_SW +: CW] + {{(CW - 1){1'b0}}, cmb_sw_fire};
assign nxt[C0+C_SEGS +: CW]       = base[C0+C_SEGS +: CW] + {{(CW - 1){1'b0}}, cmb_seg_fire};
assign nxt[C0+C_OUTPUTS +: CW]    = base[C0+C_OUTPUTS +: CW] + {{(CW - 1){1'b0}}, cmb_res_fire};
generate
    for (k = 0; k < RESULTS; k = k + 1) begin : g_results
        wire hit = cmb_res_fire && !res_error && res_code == k;
        assign nxt[C0+C_RESULTS+k*CW +: CW] = base[C0+C_RESULTS+k*CW +: CW] + {{(CW - 1){1'b0}}, hit};
    end
    for (k = 0; k < ERRORS; k = k + 1) begin : g_errors
        wire hit = cmb_res_fire && res_error && res_code == k;
        assign nxt[C0+C_ERRORS+k*CW +: CW] = base[C0+C_ERRORS+k*CW +: CW] + {{(CW - 1){1'b0}}, hit};
    end
endgenerate

always @(posedge clk) begin
    if (snap)
        snp <= run;
    run <= nxt;
    if (rst) begin
        run <= {S_BITS{1'b0}};
        snp <= {S_BITS{1'b0}};
    end
end

// ---- outputs ----
assign rx_xfers_count         = snp[D_XFERS +: CW];
assign rx_xfers_err_count     = snp[D_XFERS_ERR +: CW];
assign rx_pdus_count          = snp[D_PDUS +: CW];
assign rx_blocks_count        = snp[D_BLOCKS +: CW];
assign rx_markers_count       = snp[D_MARKERS +: CW];
assign rx_err_events_count    = snp[D_ERR_EVENTS +: CW];
assign rx_bytes_in_lo_count   = snp[D_BYTES_IN +: CW];
assign rx_bytes_in_hi_count   = snp[D_BYTES_IN+CW +: CW];
assign rx_bytes_out_lo_count  = snp[D_BYTES_OUT +: CW];
assign rx_bytes_out_hi_count  = snp[D_BYTES_OUT+CW +: CW];
assign rx_last_err_xfer_id    = snp[D_LAST_ID +: MDD_CTX_XFER_ID_W];
assign rx_last_err_code       = snp[D_LAST_CODE +: MDD_CTX_ERR_CODE_W];
assign rx_last_err_off_offset = snp[D_LAST_OFF +: MDD_CTX_ERR_OFF_W];
assign rx_err_class_count     = snp[D_CLASS +: CLASSES * CW];

assign tx_xfers_count         = snp[D_BITS+D_XFERS +: CW];
assign tx_xfers_err_count     = snp[D_BITS+D_XFERS_ERR +: CW];
assign tx_pdus_count          = snp[D_BITS+D_PDUS +: CW];
assign tx_blocks_count        = snp[D_BITS+D_BLOCKS +: CW];
assign tx_markers_count       = snp[D_BITS+D_MARKERS +: CW];
assign tx_err_events_count    = snp[D_BITS+D_ERR_EVENTS +: CW];
assign tx_bytes_in_lo_count   = snp[D_BITS+D_BYTES_IN +: CW];
assign tx_bytes_in_hi_count   = snp[D_BITS+D_BYTES_IN+CW +: CW];
assign tx_bytes_out_lo_count  = snp[D_BITS+D_BYTES_OUT +: CW];
assign tx_bytes_out_hi_count  = snp[D_BITS+D_BYTES_OUT+CW +: CW];
assign tx_last_err_xfer_id    = snp[D_BITS+D_LAST_ID +: MDD_CTX_XFER_ID_W];
assign tx_last_err_code       = snp[D_BITS+D_LAST_CODE +: MDD_CTX_ERR_CODE_W];
assign tx_last_err_off_offset = snp[D_BITS+D_LAST_OFF +: MDD_CTX_ERR_OFF_W];
assign tx_err_class_count     = snp[D_BITS+D_CLASS +: CLASSES * CW];

assign cmb_records_sw_count   = snp[C0+C_RECORDS_SW +: CW];
assign cmb_segs_count         = snp[C0+C_SEGS +: CW];
assign cmb_outputs_count      = snp[C0+C_OUTPUTS +: CW];
assign cmb_results_count      = snp[C0+C_RESULTS +: RESULTS * CW];
assign cmb_errors_count       = snp[C0+C_ERRORS +: ERRORS * CW];

assign irq_dep_set = dep_pkt_done && dep_pkt_code != MDD_DEP_ERR_OK[4:0];
assign irq_rx_set  = ctx_err[0];
assign irq_tx_set  = ctx_err[1];
assign irq_cmb_set = cmb_res_fire && (res_error || res_code != MDD_CMB_ST_OK[MDD_CMBRES_CODE_W-1:0]);

endmodule

`resetall

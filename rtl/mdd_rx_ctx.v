// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX context builder: accumulates the checked words of a transfer into its
 * 1024-bit context beat (docs/ARCHITECTURE.md 5.3, docs/rx-path.md 7).
 *
 * Words 0-7 are the descriptor of the transfer's last word (every stage has
 * written its resume fields into it); words 8-15: xfer_id, the first error
 * (smallest err_off over the words' records, ties smaller code: D-036),
 * err_map (OR), frame_lost / mrk_unv (last word's xflags), bytes_in (sum of
 * nin), bytes_out (lanes with K set), blocks (PI lanes carrying the PI's last
 * byte), pdus (EP lanes), err_count (sum of ecnt), mrk_count (marker lanes
 * carrying a marker's last byte).
 *
 * The beat waits in a FIFO of DEPTH entries and is offered on m_ctx only
 * after the packer has sent the transfer's last data beat (m_pack_tlast
 * pulses, one per transfer), so on the two output ports a transfer's data
 * always ends before its context.  s_ready is low while the FIFO is full.
 *
 * Parameters:
 *   W      bytes per word
 *   DEPTH  context beats waiting (power of two)
 */
module mdd_rx_ctx #(
    parameter W = 8,
    parameter DEPTH = 4
) (
    input  wire            clk,
    input  wire            rst,

    input  wire            s_valid,
    output wire            s_ready,
    input  wire [8*W-1:0]  s_tag,
    input  wire [4*W-1:0]  s_aux,
    input  wire            s_last,
    input  wire [7:0]      s_nin,
    input  wire [511:0]    s_desc,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [7:0]      s_xflags,        // bits 7:2 reserved
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire            s_err_v,
    input  wire [7:0]      s_err_code,
    input  wire [7:0]      s_err_byte,
    input  wire [31:0]     s_err_off,
    input  wire [31:0]     s_err_unit,
    input  wire [63:0]     s_err_exp,
    input  wire [63:0]     s_err_got,
    input  wire [15:0]     s_emap,
    input  wire [7:0]      s_ecnt,

    input  wire            m_pack_tlast,   // the packer sent a transfer's last data beat this cycle

    output wire [1023:0]   m_ctx_tdata,
    output wire            m_ctx_tvalid,
    input  wire            m_ctx_tready
);

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

localparam AW = $clog2(DEPTH);

// ---------------------------------------------------------------------------
// Per-word counts
// ---------------------------------------------------------------------------
wire [1:0] proto  = s_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire [1:0] pi_fmt = s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
localparam integer PI_LAST_T10    = MDD_PI_T10_LEN - 1;
localparam integer PI_LAST_NVME   = MDD_PI_NVME32_LEN - 1;
localparam integer MRK_LAST_MPA   = MDD_MPA_MRK_LEN - 1;
localparam integer MRK_LAST_ISCSI = MDD_ISCSI_MRK_LEN - 1;
wire [3:0] pi_last  = (pi_fmt == MDD_PI_T10_CODE) ? PI_LAST_T10[3:0] : PI_LAST_NVME[3:0];
wire [2:0] mrk_last = (proto == MDD_PROTO_MPA) ? MRK_LAST_MPA[2:0] : MRK_LAST_ISCSI[2:0];

// the word's counts: adder trees (lane_popc), not a running count through W adders (D-060)
wire [W-1:0] m_out, m_blk, m_pdu, m_mrk;
genvar i;
generate
    for (i = 0; i < W; i = i + 1) begin : g_lane
        wire nvoid = s_tag[8*i +: 3] != MDD_KIND_VOID;
        assign m_out[i] = nvoid && s_tag[8*i + MDD_TAG_K];
        assign m_pdu[i] = nvoid && s_tag[8*i + MDD_TAG_EP];
        assign m_blk[i] = s_tag[8*i +: 3] == MDD_KIND_PI && s_aux[4*i +: 4] == pi_last;
        assign m_mrk[i] = s_tag[8*i +: 3] == MDD_KIND_MRK && s_aux[4*i +: 3] == mrk_last;
    end
endgenerate

wire [7:0] w_out = {1'b0, lane_popc(m_out)};
wire [7:0] w_blk = {1'b0, lane_popc(m_blk)};
wire [7:0] w_pdu = {1'b0, lane_popc(m_pdu)};
wire [7:0] w_mrk = {1'b0, lane_popc(m_mrk)};

// ---------------------------------------------------------------------------
// Accumulators of the transfer in progress (a_*), including this word (c_*)
// ---------------------------------------------------------------------------
reg        a_err_v = 1'b0;
reg [7:0]  a_err_code = 8'd0, a_err_byte = 8'd0;
reg [31:0] a_err_off = 32'd0, a_err_unit = 32'd0;
reg [63:0] a_err_exp = 64'd0, a_err_got = 64'd0;
reg [15:0] a_emap = 16'd0;
reg [31:0] a_in = 32'd0, a_out = 32'd0, a_blk = 32'd0, a_pdu = 32'd0, a_ecnt = 32'd0, a_mrk = 32'd0;

wire s_earlier = !a_err_v || s_err_off < a_err_off || (s_err_off == a_err_off && s_err_code < a_err_code);
wire take_err = s_err_v && s_earlier;

wire        c_err_v    = a_err_v || s_err_v;
wire [7:0]  c_err_code = take_err ? s_err_code : a_err_code;
wire [7:0]  c_err_byte = take_err ? s_err_byte : a_err_byte;
wire [31:0] c_err_off  = take_err ? s_err_off  : a_err_off;
wire [31:0] c_err_unit = take_err ? s_err_unit : a_err_unit;
wire [63:0] c_err_exp  = take_err ? s_err_exp  : a_err_exp;
wire [63:0] c_err_got  = take_err ? s_err_got  : a_err_got;
wire [15:0] c_emap = a_emap | s_emap;
wire [31:0] c_in   = a_in + {24'd0, s_nin};
wire [31:0] c_out  = a_out + {24'd0, w_out};
wire [31:0] c_blk  = a_blk + {24'd0, w_blk};
wire [31:0] c_pdu  = a_pdu + {24'd0, w_pdu};
wire [31:0] c_ecnt = a_ecnt + {24'd0, s_ecnt};
wire [31:0] c_mrk  = a_mrk + {24'd0, w_mrk};

// the context beat of a transfer whose last word is here
wire [1023:0] c_ctx = {
    64'd0,                                                                  // W15 reserved (combiner)
    c_mrk, c_ecnt,                                                          // W14
    c_pdu, c_blk,                                                           // W13
    c_out, c_in,                                                            // W12
    c_err_v ? c_err_got : 64'd0,                                            // W11
    c_err_v ? c_err_exp : 64'd0,                                            // W10
    c_err_v ? {c_err_unit, c_err_off} : 64'd0,                              // W9
    14'd0, s_xflags[1], s_xflags[0],
    c_err_v ? {c_err_byte, c_err_code} : 16'd0,
    c_emap, s_desc[MDD_DESC_XFER_ID_LSB +: MDD_DESC_XFER_ID_W],              // W8
    s_desc                                                                  // W0-W7
};

// ---------------------------------------------------------------------------
// Context FIFO, released by the packer's tlast beats
// ---------------------------------------------------------------------------
reg [1023:0] mem [0:DEPTH-1];
reg [AW:0]   wr = {(AW+1){1'b0}}, rd = {(AW+1){1'b0}};
reg [AW:0]   released = {(AW+1){1'b0}};   // beats whose data has fully left and are not yet sent

integer k;
initial begin
    for (k = 0; k < DEPTH; k = k + 1) begin
        mem[k] = 1024'd0;
    end
end

wire full = (wr - rd) == DEPTH[AW:0] + {(AW+1){1'b0}};
assign s_ready = !full;
wire take = s_valid && s_ready;

assign m_ctx_tdata  = mem[rd[AW-1:0]];
assign m_ctx_tvalid = (wr != rd) && (released != {(AW+1){1'b0}});
wire send = m_ctx_tvalid && m_ctx_tready;

always @(posedge clk) begin
    if (take) begin
        if (s_last) begin
            mem[wr[AW-1:0]] <= c_ctx;
            wr <= wr + 1'b1;
            a_err_v <= 1'b0; a_err_code <= 8'd0; a_err_byte <= 8'd0; a_err_off <= 32'd0; a_err_unit <= 32'd0;
            a_err_exp <= 64'd0; a_err_got <= 64'd0; a_emap <= 16'd0;
            a_in <= 32'd0; a_out <= 32'd0; a_blk <= 32'd0; a_pdu <= 32'd0; a_ecnt <= 32'd0; a_mrk <= 32'd0;
        end else begin
            a_err_v <= c_err_v; a_err_code <= c_err_code; a_err_byte <= c_err_byte; a_err_off <= c_err_off;
            a_err_unit <= c_err_unit; a_err_exp <= c_err_exp; a_err_got <= c_err_got; a_emap <= c_emap;
            a_in <= c_in; a_out <= c_out; a_blk <= c_blk; a_pdu <= c_pdu; a_ecnt <= c_ecnt; a_mrk <= c_mrk;
        end
    end
    if (send) begin
        rd <= rd + 1'b1;
    end
    released <= released + {{AW{1'b0}}, m_pack_tlast} - {{AW{1'b0}}, send};
    if (rst) begin
        wr <= {(AW+1){1'b0}};
        rd <= {(AW+1){1'b0}};
        released <= {(AW+1){1'b0}};
        a_err_v <= 1'b0; a_err_code <= 8'd0; a_err_byte <= 8'd0; a_err_off <= 32'd0; a_err_unit <= 32'd0;
        a_err_exp <= 64'd0; a_err_got <= 64'd0; a_emap <= 16'd0;
        a_in <= 32'd0; a_out <= 32'd0; a_blk <= 32'd0; a_pdu <= 32'd0; a_ecnt <= 32'd0; a_mrk <= 32'd0;
    end
end

endmodule

`resetall

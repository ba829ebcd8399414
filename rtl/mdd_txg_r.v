// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage R: the resume fields of a transfer's last word
 * (docs/timing.md section 4; in the staged generator rtl/mdd_txg.v, twin
 * model/mdd_txg_r_model.c).  R keeps the state after the last lane generated
 * (wire count, marker position, SKIP_LEN, PASS_LEN, PDU offset, MPA's FPDU
 * offset, DIF position) from the words F generates, one cycle after F: the
 * word sits in the generator's first output register and moves to the
 * second (go) with its descriptor from o_desc.  Each word's lanes are counted
 * by their tags:
 *   - wire lanes (not VOID, not stripped PI: spi) move the wire count, the
 *     marker position (modulo MRK_PERIOD when markers are on; a word's lanes
 *     come from one M word, one marker start at most, so r = pos + n is below
 *     2 * period + 1 and two compares reduce it), SKIP_LEN then PASS_LEN
 *     (saturating) and MPA's FPDU offset (counted from 0 after the EP lane);
 *   - PDU lanes (wire lanes that are not MRK) the PDU offset (after the EP
 *     lane from 0; RAW never);
 *   - PAY and PI lanes (SPI included) the DIF position unless DIF_OP is NONE,
 *     modulo BLK_LEN + the PI length (one EB a word: two wraps at most).
 * HDR_LEN and DATA_LEN are F's registers after the word (inputs).  A
 * transfer's first word starts from its descriptor.  o_desc is the word's
 * descriptor with HDR_LEN and DATA_LEN written when it is a good transfer's
 * last word: the generator's output register (q_base) loads it as the word
 * moves there (go), and R's registers load the word's other fields at the
 * same edge, so q_desc, the output register with those fields written
 * when q_sel (it holds a good transfer's last word), is a select of
 * registers (D-106: the fields written into the output register's input put
 * the word's lane counts, the sums and their wraps and the register's
 * select in one path, 10 LUT levels at W = 8).  The TCP sequence number is
 * kept as such (the descriptor's plus the wire count), so no sum follows
 * the registers.  The state registers have no reset: a transfer's first word
 * loads them from its descriptor, and q_desc reads them only with q_sel,
 * which, like the output register, keeps its value through a reset.
 * The counts start at registers (the first output register), so the only
 * loop is each field's state through one addition and its wraps.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_r #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 go,
    input  wire [8*W-1:0]       tag,
    input  wire [W-1:0]         spi,
    input  wire                 first,
    input  wire                 last,
    input  wire                 dbad,
    input  wire [511:0]         desc,
    input  wire [15:0]          hdr_len,
    input  wire [23:0]          data_len,
    output reg  [511:0]         o_desc,
    input  wire [511:0]         q_base,
    input  wire                 q_sel,
    output reg  [511:0]         q_desc
);

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

reg [31:0] seq_r = 32'd0, skip_r = 32'd0, pass_r = 32'd0;
reg [18:0] mrk_pos_r = 19'd0;
reg [24:0] pdu_off_r = 25'd0;
reg [15:0] fpdu_woff_r = 16'd0;
reg [16:0] dif_pos_r = 17'd0;

// configuration
wire [1:0]  c_proto  = desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire        c_mpa    = c_proto == MDD_PROTO_MPA[1:0];
wire        c_raw    = c_proto == MDD_PROTO_RAW[1:0];
wire        c_mrk_en = desc[MDD_DESC_MRK_EN_LSB];
wire [18:0] c_period = desc[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W];
wire        c_dif    = desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W] != MDD_DIF_NONE[MDD_DESC_DIF_OP_W-1:0];
wire [4:0]  c_pi     = mdd_pi_len(desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W]);
wire [16:0] c_blk_pi = {1'b0, desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W]} + {12'd0, c_pi};

// the state before the word
wire [31:0] b_seq     = first ? desc[MDD_DESC_TCP_SEQ_LSB +: MDD_DESC_TCP_SEQ_W] : seq_r;
wire [18:0] b_mrk_pos = first ? desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W] : mrk_pos_r;
wire [31:0] b_skip    = first ? desc[MDD_TXDESC_SKIP_LEN_LSB +: MDD_TXDESC_SKIP_LEN_W] : skip_r;
wire [31:0] b_pass    = first ? desc[MDD_TXDESC_PASS_LEN_LSB +: MDD_TXDESC_PASS_LEN_W] : pass_r;
wire [24:0] b_pdu_off = first ? desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] : pdu_off_r;
wire [15:0] b_fpdu    = first ? desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] : fpdu_woff_r;
wire [16:0] b_dif_pos = first ? desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W] : dif_pos_r;

// the word's lanes
reg [W-1:0] l_wire, l_pdu, l_dif, l_ep;
integer i;
always @* begin
    for (i = 0; i < W; i = i + 1) begin
        l_wire[i] = tag[8*i +: 3] != MDD_KIND_VOID[2:0] && !spi[i];
        l_pdu[i]  = l_wire[i] && tag[8*i +: 3] != MDD_KIND_MRK[2:0];
        l_dif[i]  = tag[8*i +: 3] == MDD_KIND_PAY[2:0] || tag[8*i +: 3] == MDD_KIND_PI[2:0];
        l_ep[i]   = tag[8*i +: 3] != MDD_KIND_VOID[2:0] && tag[8*i + MDD_TAG_EP];
    end
end
wire [W-1:0] after_ep = lane_below_or(l_ep);
wire         ep   = |l_ep;
wire [6:0]   nw   = lane_popc(l_wire);
wire [6:0]   np   = lane_popc(l_pdu);
wire [6:0]   nd   = lane_popc(l_dif);
wire [6:0]   nw_e = lane_popc(l_wire & after_ep);
wire [6:0]   np_e = lane_popc(l_pdu & after_ep);

// x + n modulo p, for x + n below 3p: the sum less 0, p or 2p (bit 20: the borrow). x - p and x - 2p come from
// registers and the descriptor, beside the word's counts, so n is one addition from each candidate.
/* verilator lint_off UNUSEDSIGNAL */
function [18:0] wrap2(input [18:0] x, input [6:0] n, input [18:0] p);
    reg [20:0] r, r1, r2;
    begin
        r  = {2'd0, x} + {14'd0, n};
        r1 = ({2'd0, x} - {2'd0, p}) + {14'd0, n};
        r2 = ({2'd0, x} - {1'b0, p, 1'b0}) + {14'd0, n};
        wrap2 = !r2[20] ? r2[18:0] : !r1[20] ? r1[18:0] : r[18:0];
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

wire [31:0] a_seq     = b_seq + {25'd0, nw};
wire [18:0] a_mrk_pos = c_mrk_en ? wrap2(b_mrk_pos, nw, c_period) : b_mrk_pos;
wire        skip_all  = b_skip >= {25'd0, nw};
wire [31:0] skip_sub  = b_skip - {25'd0, nw};
// past SKIP_LEN, PASS_LEN less the wire lanes past it, nw - skip: (pass + skip) - nw, pass + skip made beside the
// word's count (33 bits: bit 32 the borrow, PASS_LEN then saturates at 0)
wire [32:0] ps_sum    = {1'b0, b_pass} + {1'b0, b_skip};
wire [32:0] ps_rem    = ps_sum - {26'd0, nw};
wire [31:0] a_skip    = skip_all ? skip_sub : 32'd0;
wire [31:0] a_pass    = skip_all ? b_pass : !ps_rem[32] ? ps_rem[31:0] : 32'd0;
wire [24:0] a_pdu_off = c_raw ? b_pdu_off : ep ? {18'd0, np_e} : b_pdu_off + {18'd0, np};
wire [15:0] a_fpdu    = !c_mpa ? b_fpdu : ep ? {9'd0, nw_e} : b_fpdu + {9'd0, nw};
wire [18:0] dif_w     = wrap2({2'b0, b_dif_pos}, nd, {2'b0, c_blk_pi});
wire [16:0] a_dif_pos = c_dif ? dif_w[16:0] : b_dif_pos;

always @* begin
    o_desc = desc;
    if (last && !dbad) begin
        o_desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W] = hdr_len[MDD_DESC_HDR_LEN_W-1:0];
        o_desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W] = data_len;
    end
end

always @* begin
    q_desc = q_base;
    if (q_sel) begin
        q_desc[MDD_DESC_TCP_SEQ_LSB +: MDD_DESC_TCP_SEQ_W] = seq_r;
        q_desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W] = mrk_pos_r;
        q_desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] = pdu_off_r;
        q_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W] = dif_pos_r;
        q_desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W] = fpdu_woff_r;
        q_desc[MDD_TXDESC_SKIP_LEN_LSB +: MDD_TXDESC_SKIP_LEN_W] = skip_r;
        q_desc[MDD_TXDESC_PASS_LEN_LSB +: MDD_TXDESC_PASS_LEN_W] = pass_r;
    end
end

always @(posedge clk) begin
    if (go) begin
        seq_r       <= a_seq;
        mrk_pos_r   <= a_mrk_pos;
        skip_r      <= a_skip;
        pass_r      <= a_pass;
        pdu_off_r   <= a_pdu_off;
        fpdu_woff_r <= a_fpdu;
        dif_pos_r   <= a_dif_pos;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire unused = |{hdr_len[15:12], dif_w[18:17], tag, rst};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Transfer descriptor validation, shared by both directions: true when a
 * descriptor fails (DESC).  RX (TX = 0): the conditions of docs/rx-path.md
 * section 5, used by L1 (mdd_rx_loc_mrk).  TX (TX = 1): docs/tx-path.md
 * section 2, used by the TX generator (mdd_tx_gen).
 *
 * The directions differ in word 7 (RX: HDIG_PART/MAX_DATA of DESC, TX:
 * SKIP_LEN/PASS_LEN of TXDESC), in INSERT (TX only), in the RX-only fields
 * (mrk_chk, hdr_out refused on TX) and in two TX start rules (T4: the header
 * and data digests are not both open; T1: no start inside an iSCSI header
 * digest).  The reference models' counterpart is mdd_ref_desc_check
 * (model/mdd_rxref.c, which returns the reason); the C twin of this module is
 * model/mdd_desc_check.c.
 *
 * Combinational.  Parameters:
 *   TX  0 receive, 1 transmit
 */
module mdd_desc_check #(
    parameter TX = 0
) (
    input  wire [511:0] desc,
    output wire         bad
);

`include "mdd_formats.vh"

// every bit of words 0-6 that belongs to a DESC field; the others are reserved
localparam [511:0] USED_0_6 =
      ({{(512 - MDD_DESC_XFER_ID_W){1'b0}},     {MDD_DESC_XFER_ID_W{1'b1}}}     << MDD_DESC_XFER_ID_LSB)
    | ({{(512 - MDD_DESC_PROTO_W){1'b0}},       {MDD_DESC_PROTO_W{1'b1}}}       << MDD_DESC_PROTO_LSB)
    | ({{(512 - MDD_DESC_SELF_FRAME_W){1'b0}},  {MDD_DESC_SELF_FRAME_W{1'b1}}}  << MDD_DESC_SELF_FRAME_LSB)
    | ({{(512 - MDD_DESC_HDIG_EN_W){1'b0}},     {MDD_DESC_HDIG_EN_W{1'b1}}}     << MDD_DESC_HDIG_EN_LSB)
    | ({{(512 - MDD_DESC_DDIG_EN_W){1'b0}},     {MDD_DESC_DDIG_EN_W{1'b1}}}     << MDD_DESC_DDIG_EN_LSB)
    | ({{(512 - MDD_DESC_MRK_EN_W){1'b0}},      {MDD_DESC_MRK_EN_W{1'b1}}}      << MDD_DESC_MRK_EN_LSB)
    | ({{(512 - MDD_DESC_MRK_CHK_W){1'b0}},     {MDD_DESC_MRK_CHK_W{1'b1}}}     << MDD_DESC_MRK_CHK_LSB)
    | ({{(512 - MDD_DESC_CMB_EN_W){1'b0}},      {MDD_DESC_CMB_EN_W{1'b1}}}      << MDD_DESC_CMB_EN_LSB)
    | ({{(512 - MDD_DESC_DIF_OP_W){1'b0}},      {MDD_DESC_DIF_OP_W{1'b1}}}      << MDD_DESC_DIF_OP_LSB)
    | ({{(512 - MDD_DESC_PI_FMT_W){1'b0}},      {MDD_DESC_PI_FMT_W{1'b1}}}      << MDD_DESC_PI_FMT_LSB)
    | ({{(512 - MDD_DESC_PROT_TYPE_W){1'b0}},   {MDD_DESC_PROT_TYPE_W{1'b1}}}   << MDD_DESC_PROT_TYPE_LSB)
    | ({{(512 - MDD_DESC_DIF_CHK_W){1'b0}},     {MDD_DESC_DIF_CHK_W{1'b1}}}     << MDD_DESC_DIF_CHK_LSB)
    | ({{(512 - MDD_DESC_HDR_LEN_W){1'b0}},     {MDD_DESC_HDR_LEN_W{1'b1}}}     << MDD_DESC_HDR_LEN_LSB)
    | ({{(512 - MDD_DESC_ULP_HDR_LEN_W){1'b0}}, {MDD_DESC_ULP_HDR_LEN_W{1'b1}}} << MDD_DESC_ULP_HDR_LEN_LSB)
    | ({{(512 - MDD_DESC_HDR_OUT_W){1'b0}},     {MDD_DESC_HDR_OUT_W{1'b1}}}     << MDD_DESC_HDR_OUT_LSB)
    | ({{(512 - MDD_DESC_DIG_OPEN_W){1'b0}},    {MDD_DESC_DIG_OPEN_W{1'b1}}}    << MDD_DESC_DIG_OPEN_LSB)
    | ({{(512 - MDD_DESC_HDIG_OPEN_W){1'b0}},   {MDD_DESC_HDIG_OPEN_W{1'b1}}}   << MDD_DESC_HDIG_OPEN_LSB)
    | ({{(512 - MDD_DESC_DIF_OPEN_W){1'b0}},    {MDD_DESC_DIF_OPEN_W{1'b1}}}    << MDD_DESC_DIF_OPEN_LSB)
    | ({{(512 - MDD_DESC_TCP_SEQ_W){1'b0}},     {MDD_DESC_TCP_SEQ_W{1'b1}}}     << MDD_DESC_TCP_SEQ_LSB)
    | ({{(512 - MDD_DESC_DIG_PART_W){1'b0}},    {MDD_DESC_DIG_PART_W{1'b1}}}    << MDD_DESC_DIG_PART_LSB)
    | ({{(512 - MDD_DESC_MRK_PERIOD_W){1'b0}},  {MDD_DESC_MRK_PERIOD_W{1'b1}}}  << MDD_DESC_MRK_PERIOD_LSB)
    | ({{(512 - MDD_DESC_MRK_POS_W){1'b0}},     {MDD_DESC_MRK_POS_W{1'b1}}}     << MDD_DESC_MRK_POS_LSB)
    | ({{(512 - MDD_DESC_DIF_POS_W){1'b0}},     {MDD_DESC_DIF_POS_W{1'b1}}}     << MDD_DESC_DIF_POS_LSB)
    | ({{(512 - MDD_DESC_PDU_OFF_W){1'b0}},     {MDD_DESC_PDU_OFF_W{1'b1}}}     << MDD_DESC_PDU_OFF_LSB)
    | ({{(512 - MDD_DESC_DATA_LEN_W){1'b0}},    {MDD_DESC_DATA_LEN_W{1'b1}}}    << MDD_DESC_DATA_LEN_LSB)
    | ({{(512 - MDD_DESC_BLK_LEN_W){1'b0}},     {MDD_DESC_BLK_LEN_W{1'b1}}}     << MDD_DESC_BLK_LEN_LSB)
    | ({{(512 - MDD_DESC_APP_TAG_W){1'b0}},     {MDD_DESC_APP_TAG_W{1'b1}}}     << MDD_DESC_APP_TAG_LSB)
    | ({{(512 - MDD_DESC_APP_MASK_W){1'b0}},    {MDD_DESC_APP_MASK_W{1'b1}}}    << MDD_DESC_APP_MASK_LSB)
    | ({{(512 - MDD_DESC_CMB_MSG_W){1'b0}},     {MDD_DESC_CMB_MSG_W{1'b1}}}     << MDD_DESC_CMB_MSG_LSB)
    | ({{(512 - MDD_DESC_REF_TAG_W){1'b0}},     {MDD_DESC_REF_TAG_W{1'b1}}}     << MDD_DESC_REF_TAG_LSB)
    | ({{(512 - MDD_DESC_FPDU_WOFF_W){1'b0}},   {MDD_DESC_FPDU_WOFF_W{1'b1}}}   << MDD_DESC_FPDU_WOFF_LSB)
    | ({{(512 - MDD_DESC_DIF_PART_W){1'b0}},    {MDD_DESC_DIF_PART_W{1'b1}}}    << MDD_DESC_DIF_PART_LSB);
localparam [511:0] USED_7_RX =
      ({{(512 - MDD_DESC_HDIG_PART_W){1'b0}},   {MDD_DESC_HDIG_PART_W{1'b1}}}   << MDD_DESC_HDIG_PART_LSB)
    | ({{(512 - MDD_DESC_MAX_DATA_W){1'b0}},    {MDD_DESC_MAX_DATA_W{1'b1}}}    << MDD_DESC_MAX_DATA_LSB);
localparam [511:0] USED_7_TX =
      ({{(512 - MDD_TXDESC_SKIP_LEN_W){1'b0}},  {MDD_TXDESC_SKIP_LEN_W{1'b1}}}  << MDD_TXDESC_SKIP_LEN_LSB)
    | ({{(512 - MDD_TXDESC_PASS_LEN_W){1'b0}},  {MDD_TXDESC_PASS_LEN_W{1'b1}}}  << MDD_TXDESC_PASS_LEN_LSB);
localparam [511:0] USED = USED_0_6 | (TX != 0 ? USED_7_TX : USED_7_RX);

wire [1:0]   proto     = desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire         self      = desc[MDD_DESC_SELF_FRAME_LSB];
wire         hdig      = desc[MDD_DESC_HDIG_EN_LSB];
wire         ddig      = desc[MDD_DESC_DDIG_EN_LSB];
wire         mrk_en    = desc[MDD_DESC_MRK_EN_LSB];
wire         mrk_chk   = desc[MDD_DESC_MRK_CHK_LSB];
wire         cmb       = desc[MDD_DESC_CMB_EN_LSB];
wire         hdr_out   = desc[MDD_DESC_HDR_OUT_LSB];
wire         dig_open  = desc[MDD_DESC_DIG_OPEN_LSB];
wire         hdig_open = desc[MDD_DESC_HDIG_OPEN_LSB];
wire [2:0]   dif_op    = desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]   pi_fmt    = desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [1:0]   prot      = desc[MDD_DESC_PROT_TYPE_LSB +: MDD_DESC_PROT_TYPE_W];
wire [11:0]  hdr_len   = desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W];
wire [7:0]   ulp       = desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W];
wire [18:0]  period    = desc[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W];
wire [18:0]  mpos      = desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W];
wire [16:0]  dif_pos   = desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W];
wire [24:0]  pdu_off   = desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W];
wire [23:0]  data_len  = desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W];
wire [15:0]  blk_len   = desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W];

wire         iscsi  = proto == MDD_PROTO_ISCSI[1:0];
wire         mpa    = proto == MDD_PROTO_MPA[1:0];
wire         raw    = proto == MDD_PROTO_RAW[1:0];
wire [18:0]  ml     = iscsi ? MDD_ISCSI_MRK_LEN[18:0] : MDD_MPA_MRK_LEN[18:0];
wire [4:0]   pi_len = mdd_pi_len(pi_fmt);

// the PDU layout the descriptor states (checked when the length fields are past or not self-framed).
// pdu_off >= pdu_len as d = pdu_off - hdr_len - data_len against the layout's tail (header digest, pad, data
// digest: 0..11), the tail's two values (with and without the data digest) written without a sum and selected
// last: no sum of five terms in front of the compare (depth, D-106)
wire [1:0]   pad      = 2'd0 - hdr_len[1:0] - data_len[1:0];
wire         has_ddig = ddig && (mpa || data_len != 24'd0);
wire [3:0]   tail_nd  = {1'b0, hdig, pad};       // hdig ? 4 : 0, + pad
wire [3:0]   tail_dd  = {hdig, !hdig, pad};      // the same + 4
wire [26:0]  d_len    = {2'd0, pdu_off} - {15'd0, hdr_len} - {3'd0, data_len};   // two's complement
wire         off_ge_len = !d_len[26] && (d_len[25:4] != 22'd0
                                         || (has_ddig ? d_len[3:0] >= tail_dd : d_len[3:0] >= tail_nd));
wire         layout_bad = (iscsi && (hdr_len < 12'd48 || hdr_len[1:0] != 2'd0))
                       || (mpa && hdr_len != 12'd2 + {4'd0, ulp})
                       || off_ge_len;
wire         past_len = iscsi ? pdu_off > 25'd7 : pdu_off > 25'd1;
// TX T1: no start inside or at an iSCSI header digest (its value is in no field): 0 <= pdu_off - hdr_len < 4
/* verilator lint_off UNUSEDSIGNAL */   // (its low bits: 0..3 all inside)
wire [25:0]  d_hdr    = {1'b0, pdu_off} - {14'd0, hdr_len};
/* verilator lint_on UNUSEDSIGNAL */
wire         in_hdig  = iscsi && hdig && (!self || past_len) && !d_hdr[25] && d_hdr[24:2] == 23'd0;

// dif_pos >= blk_len + pi_len as dif_pos - blk_len against pi_len (8 or 16): no sum in front of the compare
wire [17:0]  d_pi       = {1'b0, dif_pos} - {2'd0, blk_len};   // two's complement
wire         pos_ge_blk = !d_pi[17] && (d_pi[16:5] != 12'd0 || d_pi[4:0] >= pi_len);

wire common_bad = (proto == 2'd3)
               || (dif_op > MDD_DIF_CHECK_REPLACE[2:0])
               || (pi_fmt == 2'd3)
               || cmb
               || ((desc & ~USED) != 512'd0)
               || (raw && (self || hdig || ddig || mrk_en))
               || (mpa && hdig)
               || (mrk_en && (period <= ml || mpos >= period))
               // iSCSI: 4 * MarkInt + 8 with MarkInt >= 1 (RFC 3720 A.3)
               || (mrk_en && iscsi && (period < 19'd12 || period[1:0] != 2'd0))
               || (dif_op != MDD_DIF_NONE[2:0] && (prot == 2'd0 || blk_len == 16'd0 || pos_ge_blk))
               || (!raw && !self && layout_bad)
               || (!raw && self && past_len && layout_bad);

wire rx_bad = (dif_op == MDD_DIF_INSERT[2:0])          // INSERT is a TX operation
           || (mrk_chk && !mrk_en);
wire tx_bad = mrk_chk || hdr_out                      // RX-only fields
           || (hdig_open && dig_open)                 // T4
           || in_hdig;

assign bad = common_bad || (TX != 0 ? tx_bad : rx_bad);

endmodule

`resetall

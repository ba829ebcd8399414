// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, one layout pipeline: stages M, P, D and X with the
 * two-entry FIFOs between them, laying out one transfer's words for stage F
 * (docs/timing.md section 4): the staged generator rtl/mdd_txg.v has two of
 * these taking turns, the next transfer laid out while F ends this one.  The twin is lay_cycle / lay_start in model/mdd_txg_staged.c.
 *
 *   M -> [mp] -> P -> [pd] -> D -> [df] -> X (X1, mid, X2) -> [xf] -> F
 *
 * A stage runs when its input FIFO has a word and its output FIFO had room
 * at the cycle's start (mdd_txg_fifo2: the readies are registers); P and D
 * keep their place in the head word themselves and pop it when they take its
 * last lane.  Each FIFO entry holds what the stages after it read: P's part
 * carries M's marker bytes, K and prefix counts for X, D's word carries P's
 * part for X.  Lane fields outside the lanes a stage reads are left as the
 * stage before made them (the twin's words clear them: D reads the part's
 * lanes [lo, hi) only, X D's [first, next), and the harness compares the
 * fields F reads).
 *
 * Control: the pipeline starts (M, P and D load the descriptor's start state,
 * the FIFOs and X's mid register empty) when the descriptor is present and it
 * has not started; M runs unless the descriptor is bad.  F takes from the
 * head of xf: f_pop takes it, f_set leaves it with lanes [0, f_off) taken
 * (o_off).  F's parse of a self-framed header (pr_v) goes to P.  flush (F
 * ends the transfer, or loses its bytes to FRAME, or consumes a bad one)
 * empties the FIFOs and stops M; with flush_stop the pipeline waits for its
 * next descriptor.  The descriptor and its configuration must not change
 * while the pipeline has started (the caller's descriptor FIFO holds it).
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_lay #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire                 present,
    input  wire [511:0]         desc,
    input  wire                 bad,

    input  wire                 f_pop,
    input  wire                 f_set,
    input  wire [NW-1:0]        f_off,
    input  wire                 pr_v,
    input  wire [11:0]          pr_hl,
    input  wire [23:0]          pr_dl,
    input  wire                 flush,
    input  wire                 flush_stop,

    // X's word at the head of F's FIFO (lanes [o_off, o_n) not taken yet)
    output wire                 o_v,
    output reg  [NW-1:0]        o_off = {NW{1'b0}},
    output wire [NW-1:0]        o_n,
    output wire [4*W-1:0]       o_cls,
    output wire [4*W-1:0]       o_flags,
    output wire [4*W-1:0]       o_aux,
    output wire [3*W-1:0]       o_mb,
    output wire [3*W-1:0]       o_plow,
    output wire [W-1:0]         o_k,
    output wire [W-1:0]         o_boundary,
    output wire [W-1:0]         o_parse,
    output wire [W-1:0]         o_upto,
    output wire [W-1:0]         o_mrk_after,
    output wire [W-1:0]         o_run,
    output wire [W-1:0]         o_host,
    output wire [NW*W-1:0]      o_hl,
    output wire [NW-1:0]        o_hl_n,
    output wire [24:0]          o_r_p0,
    output wire [24:0]          o_r_p1,
    output wire [15:0]          o_r_mval0,
    output wire [15:0]          o_r_mval1,
    output wire                 o_r_bnd0,
    output wire                 o_r_bnd1,
    output wire [31:0]          o_pdus,
    output wire [SW-1:0]        o_sel,
    // the word behind it: present, and its lane 0 (F's look ahead at a transfer's end)
    output wire                 o1_v,
    output wire [3:0]           o1_cls0,
    output wire [2:0]           o1_mb0,
    output wire                 o1_bnd0,
    output wire                 o1_upto0,

    // state, for the harness
    output reg                  started = 1'b0,
    output reg                  active = 1'b0,
    output wire [7:0]           fill        // entries in mp, pd, df, xf: two bits each
);

localparam NW = $clog2(W + 1);
localparam L  = $clog2(W);
localparam G  = (L + 1) / 2;
localparam SW = 2 * G * W;
localparam AW = 28;

`include "mdd_formats.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

// -------------------------------------------------------------------------
// The descriptor's configuration and start state
// -------------------------------------------------------------------------
wire [1:0]  c_proto  = desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire        c_mpa    = c_proto == MDD_PROTO_MPA[1:0];
wire        c_raw    = c_proto == MDD_PROTO_RAW[1:0];
wire [2:0]  c_op     = desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [3:0]  c_ml     = c_proto == MDD_PROTO_ISCSI[1:0] ? MDD_ISCSI_MRK_LEN[3:0] : MDD_MPA_MRK_LEN[3:0];
wire [4:0]  c_pi     = mdd_pi_len(desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W]);

wire start = present && !started;

// -------------------------------------------------------------------------
// The FIFOs' entries
// -------------------------------------------------------------------------
// mp: M's word
localparam MP_W = NW + 6 * W + NW * W + 2 * NW;
// pd: P's part, and M's lanes of it for X
localparam PD_X = 3 * W + 4 * W + 3 * W + 3 * W + NW * W + W + 3 * W + 2 * AW + 1 + 16 + 32;  // what X reads
localparam PD_W = PD_X + 2 * NW + 4 * W + W + NW * W + NW;
// df: D's word with its part's fields for X
localparam DF_W = PD_X + 3 * NW + W + 4 * W + 4 * W + NW + 5 + 4 + NW + 5;
// xf: X's word
localparam XF_W = NW + 4 * W + 4 * W + 4 * W + 3 * W + 3 * W + 7 * W + NW * W + NW + 2 * 25 + 2 * 16 + 2 + 32 + SW;

wire            mp_ready, mp_v0, pd_ready, pd_v0, df_ready, df_v0, xf_ready, xf_v0;
wire            mp_v1, pd_v1, df_v1;
wire [MP_W-1:0] mp_in, mp_head, mp_second;
wire [PD_W-1:0] pd_in, pd_head, pd_second;
wire [DF_W-1:0] df_in, df_head, df_second;
wire [XF_W-1:0] xf_in, xf_head, xf_second;
wire            mp_push, mp_pop, pd_push, pd_pop, df_push, df_pop, xf_push;
wire            fifo_rst = rst || flush || start;

mdd_txg_fifo2 #(.WIDTH(MP_W)) u_mp (
    .clk(clk), .rst(fifo_rst), .s_data(mp_in), .s_valid(mp_push), .s_ready(mp_ready),
    .m_data0(mp_head), .m_data1(mp_second), .m_valid0(mp_v0), .m_valid1(mp_v1), .m_pop(mp_pop));
mdd_txg_fifo2 #(.WIDTH(PD_W)) u_pd (
    .clk(clk), .rst(fifo_rst), .s_data(pd_in), .s_valid(pd_push), .s_ready(pd_ready),
    .m_data0(pd_head), .m_data1(pd_second), .m_valid0(pd_v0), .m_valid1(pd_v1), .m_pop(pd_pop));
mdd_txg_fifo2 #(.WIDTH(DF_W)) u_df (
    .clk(clk), .rst(fifo_rst), .s_data(df_in), .s_valid(df_push), .s_ready(df_ready),
    .m_data0(df_head), .m_data1(df_second), .m_valid0(df_v0), .m_valid1(df_v1), .m_pop(df_pop));
mdd_txg_fifo2 #(.WIDTH(XF_W)) u_xf (
    .clk(clk), .rst(fifo_rst), .s_data(xf_in), .s_valid(xf_push), .s_ready(xf_ready),
    .m_data0(xf_head), .m_data1(xf_second), .m_valid0(xf_v0), .m_valid1(o1_v), .m_pop(f_pop));

function [1:0] cnt2(input a, input b);
    cnt2 = {a && b, a != b};
endfunction
assign fill = {cnt2(xf_v0, o1_v), cnt2(df_v0, df_v1), cnt2(pd_v0, pd_v1), cnt2(mp_v0, mp_v1)};

// -------------------------------------------------------------------------
// M
// -------------------------------------------------------------------------
wire            m_run = active && mp_ready;
wire [NW-1:0]   m_n, m_pc_l, m_pc_n;
wire [W-1:0]    m_mrk, m_k, m_mnext;
wire [3*W-1:0]  m_mb;
wire [NW*W-1:0] m_pc;
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0]     m_wire_cnt, m_skip, m_pass;   // the state at the word's start: the resume fields' (not yet)
wire [18:0]     m_mrk_pos;
/* verilator lint_on UNUSEDSIGNAL */

mdd_txg_m #(.W(W)) u_m (
    .clk(clk), .rst(rst), .load(start),
    .ld_mrk_en(desc[MDD_DESC_MRK_EN_LSB]),
    .ld_period(desc[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W]),
    .ld_ml(c_ml),
    .ld_mrk_pos(desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W]),
    .ld_skip(desc[MDD_TXDESC_SKIP_LEN_LSB +: MDD_TXDESC_SKIP_LEN_W]),
    .ld_pass(desc[MDD_TXDESC_PASS_LEN_LSB +: MDD_TXDESC_PASS_LEN_W]),
    .run(m_run),
    .n(m_n), .mrk(m_mrk), .k(m_k), .mnext(m_mnext), .mb(m_mb), .pc(m_pc), .pc_l(m_pc_l), .pc_n(m_pc_n),
    .wire_cnt(m_wire_cnt), .mrk_pos(m_mrk_pos), .skip(m_skip), .pass(m_pass));

assign mp_push = m_run;
assign mp_in = {m_pc_n, m_pc_l, m_pc, m_mb, m_mnext, m_k, m_mrk, m_n};

// -------------------------------------------------------------------------
// P, on the head of mp
// -------------------------------------------------------------------------
wire [NW-1:0]   h_n    = mp_head[0 +: NW];
wire [W-1:0]    h_mrk  = mp_head[NW +: W];
wire [W-1:0]    h_k    = mp_head[NW + W +: W];
wire [W-1:0]    h_mnext = mp_head[NW + 2 * W +: W];
wire [3*W-1:0]  h_mb   = mp_head[NW + 3 * W +: 3 * W];
wire [NW*W-1:0] h_pc   = mp_head[NW + 6 * W +: NW * W];
wire [NW-1:0]   h_pc_l = mp_head[NW + 6 * W + NW * W +: NW];
wire [NW-1:0]   h_pc_n = mp_head[2 * NW + 6 * W + NW * W +: NW];

wire            p_go = started && pd_ready && mp_v0;
wire            p_v, p_pop, p_lk;
wire [NW-1:0]   p_lo, p_hi, p_dc_n;
wire [4*W-1:0]  p_cls, p_aux;
wire [3*W-1:0]  p_flags, p_plow;
wire [W-1:0]    p_pi_here, p_boundary, p_parse, p_early;
wire [NW*W-1:0] p_dc;
wire [AW-1:0]   p_b, p_a_len;
wire [15:0]     p_wb;
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0]     p_fw;
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0]     p_pdus;

mdd_txg_p #(.W(W)) u_p (
    .clk(clk), .rst(rst), .load(start),
    .ld_raw(c_raw), .ld_self(desc[MDD_DESC_SELF_FRAME_LSB]), .ld_mpa(c_mpa),
    .ld_hdig(desc[MDD_DESC_HDIG_EN_LSB]), .ld_ddig(desc[MDD_DESC_DDIG_EN_LSB]),
    .ld_ulp(desc[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W]), .ld_ml(c_ml),
    .ld_pdu_off(desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W]),
    .ld_hdr_len(desc[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W]),
    .ld_data_len(desc[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W]),
    .ld_fpdu_woff(desc[MDD_DESC_FPDU_WOFF_LSB +: MDD_DESC_FPDU_WOFF_W]),
    .pr_v(pr_v), .pr_hl(pr_hl), .pr_dl(pr_dl),
    .go(p_go), .n(h_n), .mrk(h_mrk), .mnext(h_mnext), .mb(h_mb), .pc(h_pc), .pc_l(h_pc_l), .pc_n(h_pc_n),
    .v(p_v), .pop(p_pop), .lo(p_lo), .hi(p_hi), .cls(p_cls), .flags(p_flags), .aux(p_aux),
    .pi_here(p_pi_here), .boundary(p_boundary), .parse(p_parse), .early(p_early), .plow(p_plow),
    .dc(p_dc), .dc_n(p_dc_n), .b(p_b), .a_len(p_a_len), .lk(p_lk), .wb(p_wb), .fw(p_fw), .pdus(p_pdus));

assign pd_push = p_v;
assign mp_pop  = p_go && p_pop;
// what X reads (PD_X bits), then what D reads
wire [PD_X-1:0] p_x = {p_pdus, p_wb, p_lk, p_a_len, p_b, p_early, p_parse, p_boundary, h_k, h_pc, p_plow, h_mb,
                       p_aux, p_flags};
assign pd_in = {p_dc_n, p_dc, p_pi_here, p_cls, p_hi, p_lo, p_x};

// -------------------------------------------------------------------------
// D, on the head of pd
// -------------------------------------------------------------------------
wire [PD_X-1:0] q_x       = pd_head[0 +: PD_X];
wire [NW-1:0]   q_lo      = pd_head[PD_X +: NW];
wire [NW-1:0]   q_hi      = pd_head[PD_X + NW +: NW];
wire [4*W-1:0]  q_cls     = pd_head[PD_X + 2 * NW +: 4 * W];
wire [W-1:0]    q_pi_here = pd_head[PD_X + 2 * NW + 4 * W +: W];
wire [NW*W-1:0] q_dc      = pd_head[PD_X + 2 * NW + 5 * W +: NW * W];
wire [NW-1:0]   q_dc_n    = pd_head[PD_X + 2 * NW + 5 * W + NW * W +: NW];

wire            d_go = started && df_ready && pd_v0;
wire            d_v, d_pop;
wire [NW-1:0]   d_first, d_next, d_n, d_r1_pos, d_r2_pos;
wire [W-1:0]    d_eb;
wire [4*W-1:0]  d_cls, d_aux;
wire [4:0]      d_r1_len, d_r2_len, d_kp;
/* verilator lint_off UNUSEDSIGNAL */
wire [W-1:0]    d_take;
wire [6*W-1:0]  d_ins;
wire [NW-1:0]   d_p1, d_p2;
wire [16:0]     d_q;
wire [19:0]     d_e;
/* verilator lint_on UNUSEDSIGNAL */

mdd_txg_d #(.W(W)) u_d (
    .clk(clk), .rst(rst), .load(start),
    .ld_op(c_op), .ld_blk(desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W]), .ld_pi(c_pi),
    .ld_dif_pos(desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W]),
    .go(d_go), .lo(q_lo), .hi(q_hi), .cls(q_cls), .pi_here(q_pi_here), .dc(q_dc), .dc_n(q_dc_n),
    .v(d_v), .pop(d_pop), .first(d_first), .next(d_next), .n(d_n), .take(d_take), .eb(d_eb), .ocls(d_cls),
    .aux(d_aux), .ins(d_ins), .r1_pos(d_r1_pos), .r1_len(d_r1_len), .r2_pos(d_r2_pos), .r2_len(d_r2_len),
    .p1(d_p1), .p2(d_p2), .q(d_q), .e(d_e), .kp(d_kp));

// r1's first PI byte: pi - kp (D's registers; the PI length is the descriptor's), below 16 when r1 is there
wire [4:0] d_kp_neg = c_pi - d_kp;
wire [3:0] d_pi_kp = d_kp_neg[3:0];

assign df_push = d_go && d_v;
assign pd_pop  = d_go && d_pop;
assign df_in = {d_r2_len, d_r2_pos, d_pi_kp, d_r1_len, d_r1_pos, d_aux, d_cls, d_eb, d_n, d_next, d_first, q_x};

// -------------------------------------------------------------------------
// X, on the head of df
// -------------------------------------------------------------------------
localparam DX = PD_X;
wire [3*W-1:0]  y_pflags  = df_head[0 +: 3 * W];
wire [4*W-1:0]  y_paux    = df_head[3 * W +: 4 * W];
wire [3*W-1:0]  y_mb      = df_head[7 * W +: 3 * W];
wire [3*W-1:0]  y_plow    = df_head[10 * W +: 3 * W];
wire [NW*W-1:0] y_pc      = df_head[13 * W +: NW * W];
wire [W-1:0]    y_k       = df_head[13 * W + NW * W +: W];
wire [W-1:0]    y_boundary = df_head[14 * W + NW * W +: W];
wire [W-1:0]    y_parse   = df_head[15 * W + NW * W +: W];
wire [W-1:0]    y_early   = df_head[16 * W + NW * W +: W];
wire [AW-1:0]   y_b       = df_head[17 * W + NW * W +: AW];
wire [AW-1:0]   y_a_len   = df_head[17 * W + NW * W + AW +: AW];
wire            y_lk      = df_head[17 * W + NW * W + 2 * AW];
wire [15:0]     y_wb      = df_head[17 * W + NW * W + 2 * AW + 1 +: 16];
wire [31:0]     y_pdus    = df_head[17 * W + NW * W + 2 * AW + 17 +: 32];
wire [NW-1:0]   y_first   = df_head[DX +: NW];
wire [NW-1:0]   y_next    = df_head[DX + NW +: NW];
wire [NW-1:0]   y_n       = df_head[DX + 2 * NW +: NW];
wire [W-1:0]    y_eb      = df_head[DX + 3 * NW +: W];
wire [4*W-1:0]  y_dcls    = df_head[DX + 3 * NW + W +: 4 * W];
wire [4*W-1:0]  y_daux    = df_head[DX + 3 * NW + 5 * W +: 4 * W];
wire [NW-1:0]   y_r1_pos  = df_head[DX + 3 * NW + 9 * W +: NW];
wire [4:0]      y_r1_len  = df_head[DX + 4 * NW + 9 * W +: 5];
wire [3:0]      y_r1_aux  = df_head[DX + 4 * NW + 9 * W + 5 +: 4];
wire [NW-1:0]   y_r2_pos  = df_head[DX + 4 * NW + 9 * W + 9 +: NW];
wire [4:0]      y_r2_len  = df_head[DX + 5 * NW + 9 * W + 9 +: 5];

wire            x_take, x_v;
wire [NW-1:0]   x_n, x_hl_n;
wire [4*W-1:0]  x_cls, x_flags, x_aux;
wire [3*W-1:0]  x_mb, x_plow;
wire [W-1:0]    x_k, x_boundary, x_parse, x_upto, x_mrk_after, x_run, x_host;
wire [NW*W-1:0] x_hl;
wire [24:0]     x_r_p0, x_r_p1;
wire [15:0]     x_r_mval0, x_r_mval1;
wire            x_r_bnd0, x_r_bnd1;
wire [31:0]     x_pdus;
wire [SW-1:0]   x_sel;

mdd_txg_x #(.W(W)) u_x (
    .clk(clk), .rst(rst), .flush(flush || start), .in_v(started && df_v0), .room(xf_ready),
    .take(x_take), .o_v(x_v), .cfg_raw(c_raw), .cfg_mpa(c_mpa), .cfg_op(c_op),
    .pflags(y_pflags), .paux(y_paux), .mb(y_mb), .plow(y_plow), .pc(y_pc), .k(y_k), .boundary(y_boundary),
    .parse(y_parse), .early(y_early), .b(y_b), .a_len(y_a_len), .lk(y_lk), .wb(y_wb), .pdus(y_pdus),
    .first(y_first), .next(y_next), .n(y_n), .eb(y_eb), .dcls(y_dcls), .daux(y_daux),
    .r1_pos(y_r1_pos), .r1_len(y_r1_len), .r1_aux(y_r1_aux), .r2_pos(y_r2_pos), .r2_len(y_r2_len),
    .o_n(x_n), .o_cls(x_cls), .o_flags(x_flags), .o_aux(x_aux), .o_mb(x_mb), .o_plow(x_plow), .o_k(x_k),
    .o_boundary(x_boundary), .o_parse(x_parse), .o_upto(x_upto), .o_mrk_after(x_mrk_after), .o_run(x_run),
    .o_host(x_host), .o_hl(x_hl), .o_hl_n(x_hl_n), .o_r_p0(x_r_p0), .o_r_p1(x_r_p1), .o_r_mval0(x_r_mval0),
    .o_r_mval1(x_r_mval1), .o_r_bnd0(x_r_bnd0), .o_r_bnd1(x_r_bnd1), .o_pdus(x_pdus), .o_sel(x_sel));

assign df_pop  = x_take;
assign xf_push = x_v;
assign xf_in = {x_sel, x_pdus, x_r_bnd1, x_r_bnd0, x_r_mval1, x_r_mval0, x_r_p1, x_r_p0, x_hl_n, x_hl, x_host,
                x_run, x_mrk_after, x_upto, x_parse, x_boundary, x_k, x_plow, x_mb, x_aux, x_flags, x_cls, x_n};

// -------------------------------------------------------------------------
// F's FIFO head
// -------------------------------------------------------------------------
localparam XO_CLS = NW, XO_FLAGS = NW + 4 * W, XO_AUX = NW + 8 * W, XO_MB = NW + 12 * W, XO_PLOW = NW + 15 * W,
           XO_K = NW + 18 * W, XO_HL = NW + 25 * W, XO_HLN = NW + 25 * W + NW * W, XO_RP = 2 * NW + 25 * W + NW * W;
assign o_v         = xf_v0;
assign o_n         = xf_head[0 +: NW];
assign o_cls       = xf_head[XO_CLS +: 4 * W];
assign o_flags     = xf_head[XO_FLAGS +: 4 * W];
assign o_aux       = xf_head[XO_AUX +: 4 * W];
assign o_mb        = xf_head[XO_MB +: 3 * W];
assign o_plow      = xf_head[XO_PLOW +: 3 * W];
assign o_k         = xf_head[XO_K +: W];
assign o_boundary  = xf_head[XO_K + W +: W];
assign o_parse     = xf_head[XO_K + 2 * W +: W];
assign o_upto      = xf_head[XO_K + 3 * W +: W];
assign o_mrk_after = xf_head[XO_K + 4 * W +: W];
assign o_run       = xf_head[XO_K + 5 * W +: W];
assign o_host      = xf_head[XO_K + 6 * W +: W];
assign o_hl        = xf_head[XO_HL +: NW * W];
assign o_hl_n      = xf_head[XO_HLN +: NW];
assign o_r_p0      = xf_head[XO_RP +: 25];
assign o_r_p1      = xf_head[XO_RP + 25 +: 25];
assign o_r_mval0   = xf_head[XO_RP + 50 +: 16];
assign o_r_mval1   = xf_head[XO_RP + 66 +: 16];
assign o_r_bnd0    = xf_head[XO_RP + 82];
assign o_r_bnd1    = xf_head[XO_RP + 83];
assign o_pdus      = xf_head[XO_RP + 84 +: 32];
assign o_sel       = xf_head[XO_RP + 116 +: SW];

assign o1_cls0  = xf_second[XO_CLS +: 4];
assign o1_mb0   = xf_second[XO_MB +: 3];
assign o1_bnd0  = xf_second[XO_K + W];
assign o1_upto0 = xf_second[XO_K + 3 * W];

// -------------------------------------------------------------------------
// Control
// -------------------------------------------------------------------------
always @(posedge clk) begin
    if (f_pop) begin
        o_off <= {NW{1'b0}};
    end else if (f_set) begin
        o_off <= f_off;
    end
    if (start) begin
        started <= 1'b1;
        active  <= !bad;
    end
    if (flush) begin
        active <= 1'b0;
        if (flush_stop) begin
            started <= 1'b0;
        end
    end
    if (rst || flush || start) begin
        o_off <= {NW{1'b0}};
    end
    if (rst) begin
        started <= 1'b0;
        active  <= 1'b0;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire unused = |{mp_second, pd_second, df_second, xf_second, d_kp_neg[4]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall

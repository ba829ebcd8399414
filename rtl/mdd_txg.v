// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * The staged TX generator (docs/timing.md section 4): the same ports and the
 * same output stream as mdd_tx_gen, each counter in a stage of its own so
 * that no loop runs through the whole word; mdd_tx_path's generator since
 * D-097 (it replaced the lane walk mdd_tx_gen).  Its twin is the staged
 * option of model/mdd_tx_gen_model.c (staged = 2).
 *
 *   descriptor FIFO (two slots read at cur, validated as they enter:
 *     mdd_desc_check; layout pipeline k reads slot k, F the head's fields
 *     from registers of their own)
 *   host bytes -> mdd_txg_hbuf (compaction, a ring of 4W bytes, F's window)
 *   two layout pipelines mdd_txg_lay (M, P, D, X) taking turns: the current
 *     one lays out the head descriptor's transfer, the other the second's
 *   the lane fill (mdd_lane_expand: the window's bytes onto X's host lanes)
 *   stage F (mdd_txg_f: lanes, marker values, the parse, events, the end)
 *   the first output register (F's word, and F's event candidates: the
 *     error record and xflags are made behind it, mdd_txg_err, D-094),
 *     stage R (mdd_txg_r: the resume fields of the transfer's last word), the
 *     second output register (the outputs)
 *
 * F works on the head of the current pipeline's FIFO; when it ends the
 * transfer (stop) the descriptor FIFO pops, the pipeline is flushed (in the
 * next cycle: fl_q) and waits for its next descriptor, and F takes the other
 * pipeline's words from the next cycle.  A transfer lost to FRAME is flushed
 * too, in the next cycle; when it is MPA's length F is idle in that cycle
 * (fpend, D-093: no ring byte in front of the flush or the window's base;
 * the twin has this idle cycle, not the flush's delay, which no port shows:
 * nothing reads a pipeline in the cycle after its flush is decided).
 * F's parse of a self-framed header goes back to the current pipeline's P
 * a cycle later (a register between them).  The output
 * registers move together when the second is empty or taken (advance); F
 * runs on advance.  rst is synchronous.
 *
 * Registers that stand for values computed elsewhere (the window's base,
 * F's a, the copies of cur) are checked against them every cycle in
 * simulation (the `ifndef SYNTHESIS block at the end, D-092), and so is the
 * flush of a lost transfer (its pipeline has no word).
 *
 * Parameters:
 *   W  bytes per word: 4, 8, 16, 32, 64
 */
module mdd_txg #(
    parameter W = 8
) (
    input  wire           clk,
    input  wire           rst,

    input  wire [8*W-1:0] s_axis_tx_tdata,
    input  wire [W-1:0]   s_axis_tx_tkeep,
    input  wire           s_axis_tx_tlast,
    input  wire           s_axis_tx_tuser,
    input  wire           s_axis_tx_tvalid,
    output wire           s_axis_tx_tready,

    input  wire [511:0]   s_axis_tx_desc_tdata,
    input  wire           s_axis_tx_desc_tvalid,
    output wire           s_axis_tx_desc_tready,

    output reg            m_valid = 1'b0,
    input  wire           m_ready,
    output reg  [8*W-1:0] m_data = {8*W{1'b0}},
    output reg  [8*W-1:0] m_tag = {8*W{1'b0}},
    output reg  [4*W-1:0] m_aux = {4*W{1'b0}},
    output reg            m_first = 1'b0,
    output reg            m_last = 1'b0,
    output reg  [31:0]    m_woff = 32'd0,
    output reg  [7:0]     m_nin = 8'd0,
    output reg            m_dbad = 1'b0,
    output wire [511:0]   m_desc,
    output reg  [7:0]     m_xflags = 8'd0,
    output reg            m_err_v = 1'b0,
    output reg  [7:0]     m_err_code = 8'd0,
    output reg  [7:0]     m_err_byte = 8'd0,
    output reg  [31:0]    m_err_off = 32'd0,
    output reg  [31:0]    m_err_unit = 32'd0,
    output reg  [63:0]    m_err_exp = 64'd0,
    output reg  [63:0]    m_err_got = 64'd0,
    output reg  [15:0]    m_emap = 16'd0,
    output reg  [7:0]     m_ecnt = 8'd0
);

`include "mdd_formats.vh"

localparam NW  = $clog2(W + 1);
localparam L   = $clog2(W);
localparam G   = (L + 1) / 2;
localparam SW  = 2 * G * W;
localparam R   = 4;                   // the ring's rows: 4W bytes
localparam NP  = $clog2(R * W);       // ring positions (pointers have one more bit: the wrap)
localparam AW  = $clog2(3 * W + 9);   // F's byte counts (up to 3W + 8)
localparam WIN = W + 8;
localparam [31:0] CAP32 = 3 * W + 8;
localparam [NP:0] CAP = CAP32[NP:0];

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

// ---------------------------------------------------------------------------
// Descriptor FIFO (docs/tx-path.md section 2)
// ---------------------------------------------------------------------------
// Two slots read at a pointer: the head is slot cur (the pointer is the pipeline F takes words from, below), so a
// pop moves one bit, not a whole descriptor, and layout pipeline k reads slot k as it is (no select in front). F
// reads the head's fields it needs from registers of their own (hd_*), loaded with the head's next value.
reg  [511:0] s0_desc = 512'd0, s1_desc = 512'd0;
reg          s0_bad = 1'b0, s1_bad = 1'b0;
reg          wsel = 1'b0;                // the slot the next push writes
reg  [1:0]   fifo_cnt = 2'd0;
reg          cur = 1'b0;                 // the head slot, and the pipeline F takes words from
wire         nd_bad;

mdd_desc_check #(.TX(1)) desc_check (.desc(s_axis_tx_desc_tdata), .bad(nd_bad));

wire present = fifo_cnt != 2'd0;
wire [1023:0] s_desc = {s1_desc, s0_desc};
wire [1:0]    s_bad = {s1_bad, s0_bad};

// The head descriptor's fields F reads: each slot's, registers loaded as the slot is written (from the descriptor
// that enters), and the head's a select of the two by a copy of cur. (Loaded with the head's next value instead,
// the pop fanned out to every field: the placed critical path's end at f1ec2f8, emit -> pop -> hd_*.)
localparam HF = 5 + 3 + MDD_DESC_ULP_HDR_LEN_W + MDD_DESC_HDR_LEN_W + MDD_DESC_DATA_LEN_W;
reg  [HF-1:0] hf0 = {HF{1'b0}}, hf1 = {HF{1'b0}};
reg           cur_h = 1'b0;
wire [HF-1:0] hf = cur_h ? hf1 : hf0;
wire [HF-1:0] hf_new = {nd_bad,
                        s_axis_tx_desc_tdata[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W] == MDD_PROTO_MPA[1:0],
                        s_axis_tx_desc_tdata[MDD_DESC_SELF_FRAME_LSB], s_axis_tx_desc_tdata[MDD_DESC_HDIG_EN_LSB],
                        s_axis_tx_desc_tdata[MDD_DESC_DDIG_EN_LSB],
                        s_axis_tx_desc_tdata[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W],
                        s_axis_tx_desc_tdata[MDD_DESC_ULP_HDR_LEN_LSB +: MDD_DESC_ULP_HDR_LEN_W],
                        s_axis_tx_desc_tdata[MDD_DESC_HDR_LEN_LSB +: MDD_DESC_HDR_LEN_W],
                        s_axis_tx_desc_tdata[MDD_DESC_DATA_LEN_LSB +: MDD_DESC_DATA_LEN_W]};
wire        hd_bad, hd_mpa, hd_self, hd_hdig, hd_ddig;
wire [2:0]  hd_op;
wire [MDD_DESC_ULP_HDR_LEN_W-1:0] hd_ulp;
wire [MDD_DESC_HDR_LEN_W-1:0]     hd_hdr_len;
wire [MDD_DESC_DATA_LEN_W-1:0]    hd_data_len;
assign {hd_bad, hd_mpa, hd_self, hd_hdig, hd_ddig, hd_op, hd_ulp, hd_hdr_len, hd_data_len} = hf;
wire        c_mpa = hd_mpa;
wire [2:0]  c_op  = hd_op;

// ---------------------------------------------------------------------------
// Flow
// ---------------------------------------------------------------------------
reg          o1_valid = 1'b0;            // the first output register holds a word
wire         advance = m_ready || !m_valid;
wire         f_emit, f_stop, f_flush, f_frame_later;
// MPA's length FRAME flushes the current pipeline in the next cycle, F idle then (D-093): the flush and the window's
// base do not wait for the ring's bytes
reg          fpend = 1'b0;
// Every flush reaches its pipeline a cycle after F's decision (fl_q, per pipeline; fl_stop_q its stop), so the
// control's outcome does not fan out to the layout FIFOs' valid flags in F's cycle (D-093). Nothing reads the
// pipeline in that cycle: after a stop F takes the other pipeline's words, and the flushed one cannot start (its
// slot is written a cycle after the pop at the earliest); a lost transfer's bytes are consumed without D's words.
reg  [1:0]   fl_q = 2'b00;
reg          fl_stop_q = 1'b0;
// (F's pop, set, flush and publish imply its emit, which implies advance and present: they are used without it,
// so that F's idle flags are not in front of the layout FIFOs' pops; mdd_txg_f checks this in simulation)
wire         emit = advance && present && f_emit;
wire         pop = emit && f_stop;
wire         push = s_axis_tx_desc_tvalid && fifo_cnt != 2'd2;

assign s_axis_tx_desc_tready = fifo_cnt != 2'd2;

// ---------------------------------------------------------------------------
// The host byte ring
// ---------------------------------------------------------------------------
wire [7:0]       f_used;
wire [NP:0]      h_rd, h_wr, h_e0, h_e1, h_nend_nopop, h_nend_pop;
wire             h_end0, h_end1;
wire [8*WIN-1:0] h_win;
wire [WIN-1:0]   h_win_up;
wire [NW-1:0]    hl_off;
wire             f_in_xfer, f_lost;
wire             consume = hd_bad || (f_in_xfer && f_lost);
/* verilator lint_off UNUSEDSIGNAL */
wire             h_in_v, h_in_last, h_end1_u;
wire [NW-1:0]    h_in_k;
/* verilator lint_on UNUSEDSIGNAL */

mdd_txg_hbuf #(.W(W), .R(R), .WIN(WIN)) u_hbuf (
    .clk(clk), .rst(rst),
    .s_tdata(s_axis_tx_tdata), .s_tkeep(s_axis_tx_tkeep), .s_tuser(s_axis_tx_tuser), .s_tlast(s_axis_tx_tlast),
    .s_tvalid(s_axis_tx_tvalid), .s_tready(s_axis_tx_tready),
    .take(emit ? f_used[NW-1:0] : {NW{1'b0}}), .pop(pop),
    .rd_base(rb[NP-1:0]),
    .win(h_win), .win_up(h_win_up), .rd(h_rd), .wr(h_wr), .end0(h_end0), .e0(h_e0), .end1(h_end1_u), .e1(h_e1),
    .avail0(h_avail), .nend_nopop(h_nend_nopop), .nend_pop(h_nend_pop),
    .in_v(h_in_v), .in_k(h_in_k), .in_last(h_in_last));
assign h_end1 = h_end1_u;

// The window's base, the ring position of the host byte at D's lane 0 (rd - hl_off), as a register: the window's
// row select and rotation start at a register, not behind a subtraction. A word F leaves part-taken (df_set, no
// flush) keeps it: rd moves by hl_end - hl_off and hl_off becomes hl_end. Every other emit (the word taken whole, a
// flush, a consumed word: move) leaves hl_off 0 and rd at base + hl_end, the base with it. A consumed word's bytes
// are read from rd: hl_off is 0 then (a word that loses the transfer before a lane moves the base; after MPA's
// length FRAME the base moves by hl_off in the idle cycle, fpend; a bad transfer has had no word).
// F's a, the transfer's bytes from the base (avail + hl_off), is a register for the same reason: its next value is
// the next end less the base, for both outcomes of pop, less hl_end when the base moves (hl_end comes last). It is
// not saturated (F compares it with lane counts <= W only; 5W fits its AW + 1 bits). Both rules are checked below
// in simulation.
wire         move = emit && !(f_df_set && !f_flush);
reg  [NP:0]  rb = {(NP + 1){1'b0}};
reg  [NP:0]  a_r = {(NP + 1){1'b0}};
wire [NP:0]  hl_end_mv = fpend ? {{(NP + 1 - NW){1'b0}}, hl_off} :
                        move ? {{(NP + 1 - NW){1'b0}}, f_hl_end} : {(NP + 1){1'b0}};
wire [NP:0]  a_nopop = h_nend_nopop - rb;
wire [NP:0]  a_pop = h_nend_pop - rb;
/* verilator lint_off UNUSEDSIGNAL */
wire [AW+NP+1:0] a_ext = {{(AW + 1){1'b0}}, a_r};
/* verilator lint_on UNUSEDSIGNAL */

// the current transfer's bytes from rd, saturated at F's 3W + 8 (the ring's 4W bytes exceed it from W = 16 on)
wire [NP:0]  h_avail;
wire [AW-1:0] f_avail;
generate
    if (4 * W > 3 * W + 8) begin : g_sat
        assign f_avail = h_avail > CAP ? CAP32[AW-1:0] : h_avail[AW-1:0];
    end else begin : g_nosat
        assign f_avail = h_avail[AW-1:0];
    end
endgenerate

// ---------------------------------------------------------------------------
// The layout pipelines
// ---------------------------------------------------------------------------
// F's parse of a self-framed header's lengths on its way to P: a register between F and P (F's lanes, parse and
// control are not in front of P's bounds), dropped when the transfer ends or is lost in the same word
reg          pr_d_v = 1'b0;
reg  [11:0]  pr_d_hl = 12'd0;
reg  [23:0]  pr_d_dl = 24'd0;
wire         f_df_pop, f_df_set, f_publish;
wire [NW-1:0] f_df_off;
wire [15:0]  f_pr_hl;
wire [23:0]  f_pr_dl;
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0]  f_pr_pdu;
/* verilator lint_on UNUSEDSIGNAL */

wire [1:0]         l_v, l_v1, l_bnd0, l_bnd1, l_o1_bnd0, l_o1_upto0;
wire [2*NW-1:0]    l_off, l_n, l_hl_n;
wire [8*W-1:0]     l_cls, l_flags, l_aux;
wire [6*W-1:0]     l_mb, l_plow;
wire [2*W-1:0]     l_k, l_boundary, l_parse, l_upto, l_mrk_after, l_run;
/* verilator lint_off UNUSEDSIGNAL */
wire [2*W-1:0]     l_host;
wire [1:0]         l_started, l_active;
wire [15:0]        l_fill;
/* verilator lint_on UNUSEDSIGNAL */
wire [2*NW*W-1:0]  l_hl;
wire [49:0]        l_r_p0, l_r_p1;
wire [31:0]        l_r_mval0, l_r_mval1;
wire [63:0]        l_pdus;
wire [2*SW-1:0]    l_sel;
wire [7:0]         l_o1_cls0;
wire [5:0]         l_o1_mb0;

genvar gk;
generate
    for (gk = 0; gk < 2; gk = gk + 1) begin : g_lay
        wire mine = cur == gk;
        mdd_txg_lay #(.W(W)) u_lay (
            .clk(clk), .rst(rst),
            .present(mine ? present : fifo_cnt == 2'd2), .desc(s_desc[512*gk +: 512]),
            .bad(s_bad[gk]),
            .f_pop(mine && f_df_pop), .f_set(mine && f_df_set), .f_off(f_df_off),
            .pr_v(mine && pr_d_v), .pr_hl(pr_d_hl), .pr_dl(pr_d_dl),
            .flush(fl_q[gk] || (mine && fpend)), .flush_stop(fl_q[gk] && fl_stop_q),
            .o_v(l_v[gk]), .o_off(l_off[NW*gk +: NW]), .o_n(l_n[NW*gk +: NW]),
            .o_cls(l_cls[4*W*gk +: 4*W]), .o_flags(l_flags[4*W*gk +: 4*W]), .o_aux(l_aux[4*W*gk +: 4*W]),
            .o_mb(l_mb[3*W*gk +: 3*W]), .o_plow(l_plow[3*W*gk +: 3*W]), .o_k(l_k[W*gk +: W]),
            .o_boundary(l_boundary[W*gk +: W]), .o_parse(l_parse[W*gk +: W]), .o_upto(l_upto[W*gk +: W]),
            .o_mrk_after(l_mrk_after[W*gk +: W]), .o_run(l_run[W*gk +: W]), .o_host(l_host[W*gk +: W]),
            .o_hl(l_hl[NW*W*gk +: NW*W]), .o_hl_n(l_hl_n[NW*gk +: NW]),
            .o_r_p0(l_r_p0[25*gk +: 25]), .o_r_p1(l_r_p1[25*gk +: 25]),
            .o_r_mval0(l_r_mval0[16*gk +: 16]), .o_r_mval1(l_r_mval1[16*gk +: 16]),
            .o_r_bnd0(l_bnd0[gk]), .o_r_bnd1(l_bnd1[gk]), .o_pdus(l_pdus[32*gk +: 32]), .o_sel(l_sel[SW*gk +: SW]),
            .o1_v(l_v1[gk]), .o1_cls0(l_o1_cls0[4*gk +: 4]), .o1_mb0(l_o1_mb0[3*gk +: 3]),
            .o1_bnd0(l_o1_bnd0[gk]), .o1_upto0(l_o1_upto0[gk]),
            .started(l_started[gk]), .active(l_active[gk]), .fill(l_fill[8*gk +: 8]));
    end
endgenerate

// The current pipeline's head word. The select fans out to every input of F, so it is made from copies of cur
// (each toggles itself, so synthesis keeps them apart; the placer puts each near its own loads): one per group
// of CL lanes for the lanes' fields, one for the word's fields, NDC for the descriptor into the first output
// register. cur itself is the control's.
localparam NC  = W < 8 ? W : 8;
localparam CL  = W / NC;
localparam NDC = 4;
reg  [NC-1:0]   cur_l = {NC{1'b0}};
reg             cur_w = 1'b0;
reg  [NDC-1:0]  cur_d = {NDC{1'b0}};
wire [4*W-1:0]  x_cls, x_flags, x_aux;
wire [3*W-1:0]  x_mb, x_plow;
wire [W-1:0]    x_k, x_boundary, x_parse, x_upto, x_mrk_after, x_run;
wire [NW*W-1:0] x_hl;
wire [SW-1:0]   x_sel;
wire [511:0]    x_desc;
generate
    for (gk = 0; gk < NC; gk = gk + 1) begin : g_cur_l
        wire c = cur_l[gk];
        assign x_cls[4*CL*gk +: 4*CL] = c ? l_cls[4*W + 4*CL*gk +: 4*CL] : l_cls[4*CL*gk +: 4*CL];
        assign x_flags[4*CL*gk +: 4*CL] = c ? l_flags[4*W + 4*CL*gk +: 4*CL] : l_flags[4*CL*gk +: 4*CL];
        assign x_aux[4*CL*gk +: 4*CL] = c ? l_aux[4*W + 4*CL*gk +: 4*CL] : l_aux[4*CL*gk +: 4*CL];
        assign x_mb[3*CL*gk +: 3*CL] = c ? l_mb[3*W + 3*CL*gk +: 3*CL] : l_mb[3*CL*gk +: 3*CL];
        assign x_plow[3*CL*gk +: 3*CL] = c ? l_plow[3*W + 3*CL*gk +: 3*CL] : l_plow[3*CL*gk +: 3*CL];
        assign x_k[CL*gk +: CL] = c ? l_k[W + CL*gk +: CL] : l_k[CL*gk +: CL];
        assign x_boundary[CL*gk +: CL] = c ? l_boundary[W + CL*gk +: CL] : l_boundary[CL*gk +: CL];
        assign x_parse[CL*gk +: CL] = c ? l_parse[W + CL*gk +: CL] : l_parse[CL*gk +: CL];
        assign x_upto[CL*gk +: CL] = c ? l_upto[W + CL*gk +: CL] : l_upto[CL*gk +: CL];
        assign x_mrk_after[CL*gk +: CL] = c ? l_mrk_after[W + CL*gk +: CL] : l_mrk_after[CL*gk +: CL];
        assign x_run[CL*gk +: CL] = c ? l_run[W + CL*gk +: CL] : l_run[CL*gk +: CL];
        assign x_hl[NW*CL*gk +: NW*CL] = c ? l_hl[NW*W + NW*CL*gk +: NW*CL] : l_hl[NW*CL*gk +: NW*CL];
        assign x_sel[SW/NC*gk +: SW/NC] = c ? l_sel[SW + SW/NC*gk +: SW/NC] : l_sel[SW/NC*gk +: SW/NC];
    end
    for (gk = 0; gk < NDC; gk = gk + 1) begin : g_cur_d
        assign x_desc[512/NDC*gk +: 512/NDC] = cur_d[gk] ? s1_desc[512/NDC*gk +: 512/NDC]
                                                         : s0_desc[512/NDC*gk +: 512/NDC];
    end
endgenerate
wire [NW-1:0]   x_off  = l_off[NW*cur_w +: NW];
wire [NW-1:0]   x_n    = l_n[NW*cur_w +: NW];
wire [3:0]      x1_cls = l_o1_cls0[4*cur +: 4];
// the word behind it: its lane 0 ends the transfer when no host byte is left (T1, as F's control's lanes)
wire x1_host = x1_cls == 4'd2 || x1_cls == 4'd5 || x1_cls == 4'd10 || (x1_cls == 4'd6 && c_op != 3'd1);
wire x1_swh  = x1_cls == 4'd1 ? l_o1_mb0[3*cur +: 3] == 3'd0 &&
                                (l_o1_bnd0[cur] || (!c_mpa && l_o1_upto0[cur]))
                              : x1_cls == 4'd9 || x1_host;

// F's first lane's host-lane count (hl at off), a register (D-074): 0 for a word F has not taken from (a word
// enters the head with off 0 after a pop or a flush), F's hl_end when it leaves the word at next; and the bytes
// of the transfer from that lane's count 0 on
reg [NW-1:0] hl_off_r = {NW{1'b0}};
assign hl_off = hl_off_r;

// the lane fill: window byte hl[i] (and its tuser mark) to lane i, through X's selects
wire [9*W-1:0] fill_src, fill_dst;
wire [8*W-1:0] f_hb;
wire [W-1:0]   f_hb_up;
generate
    for (gk = 0; gk < W; gk = gk + 1) begin : g_fill
        assign fill_src[9*gk +: 9] = {h_win_up[gk], h_win[8*gk +: 8]};
        assign f_hb[8*gk +: 8] = fill_dst[9*gk +: 8];
        assign f_hb_up[gk] = fill_dst[9*gk + 8];
    end
endgenerate
mdd_lane_expand #(.W(W), .LANE_W(9)) u_fill (.src(fill_src), .sel(x_sel), .dst(fill_dst));

// ---------------------------------------------------------------------------
// F
// ---------------------------------------------------------------------------
wire [8*W-1:0]  f_data, f_tag;
wire [4*W-1:0]  f_aux;
wire            f_first, f_last, f_dbad;
wire [31:0]     f_woff;
wire [7:0]      f_nin;
wire            f_ev_desc, f_ev_up, f_ev_frame;
wire [6:0]      f_ev_n_up;
wire [31:0]     f_ev_up_off, f_ev_fr_off, f_ev_fr_unit;
wire [24:0]     f_ev_fr_exp, f_ev_fr_got;
wire [W-1:0]    f_spi;
wire [15:0]     f_hdr_len;
wire [23:0]     f_data_len;
wire [NW-1:0]   f_hl_end;
/* verilator lint_off UNUSEDSIGNAL */
wire [3:0]      f_why;
wire [NW-1:0]   f_next;
wire            f_mimg_ok;
wire [31:0]     f_hoff, f_len_off;
wire            f_err_v;                 // (F's merged record and xflags: its bench's; made here behind o1)
wire [7:0]      f_xflags;
wire [7:0]      f_err_code, f_err_byte, f_ecnt;
wire [31:0]     f_err_off, f_err_unit;
wire [63:0]     f_err_exp, f_err_got;
wire [15:0]     f_emap;
/* verilator lint_on UNUSEDSIGNAL */

mdd_txg_f #(.W(W)) u_f (
    .clk(clk), .rst(rst),
    .cfg_mpa(c_mpa), .cfg_self(hd_self), .cfg_hdig(hd_hdig), .cfg_ddig(hd_ddig), .cfg_op(c_op),
    .cfg_ulp(hd_ulp), .ld_hdr_len({4'd0, hd_hdr_len}), .ld_data_len(hd_data_len),
    .present(present), .bad(hd_bad), .go(advance && !fpend),
    .avail(f_avail), .last_in(h_end0), .win(h_win), .win_up(h_win_up),
    .dv(l_v[cur]), .off(x_off), .n(x_n), .cls(x_cls), .flags(x_flags), .aux(x_aux), .mb(x_mb), .k(x_k),
    .boundary(x_boundary), .parse(x_parse), .upto_len(x_upto), .mrk_after(x_mrk_after), .run(x_run),
    .plow(x_plow), .hl(x_hl), .hl_n(l_hl_n[NW*cur_w +: NW]), .hl_off(hl_off), .a(a_ext[AW:0]), .hb(f_hb),
    .hb_up(f_hb_up), .r_p0(l_r_p0[25*cur_w +: 25]), .r_p1(l_r_p1[25*cur_w +: 25]),
    .r_mval0(l_r_mval0[16*cur_w +: 16]), .r_mval1(l_r_mval1[16*cur_w +: 16]),
    .r_bnd0(l_bnd0[cur_w]), .r_bnd1(l_bnd1[cur_w]), .pdus(l_pdus[32*cur_w +: 32]),
    .next_v(l_v1[cur]), .next_swh(x1_swh),
    .fc_why(f_why), .fc_next(f_next), .fc_hl_end(f_hl_end),
    .emit(f_emit), .o_data(f_data), .o_tag(f_tag), .o_aux(f_aux), .o_first(f_first), .o_last(f_last),
    .o_woff(f_woff), .o_nin(f_nin), .o_dbad(f_dbad), .o_xflags(f_xflags), .o_err_v(f_err_v),
    .o_err_code(f_err_code), .o_err_byte(f_err_byte), .o_err_off(f_err_off), .o_err_unit(f_err_unit),
    .o_err_exp(f_err_exp), .o_err_got(f_err_got), .o_emap(f_emap), .o_ecnt(f_ecnt),
    .ev_desc(f_ev_desc), .ev_up(f_ev_up), .ev_frame(f_ev_frame), .ev_n_up(f_ev_n_up),
    .ev_up_off(f_ev_up_off), .ev_fr_off(f_ev_fr_off), .ev_fr_unit(f_ev_fr_unit), .ev_fr_exp(f_ev_fr_exp),
    .ev_fr_got(f_ev_fr_got), .o_spi(f_spi),
    .used(f_used), .stop(f_stop), .df_pop(f_df_pop), .df_set(f_df_set), .df_off(f_df_off), .flush(f_flush),
    .frame_later(f_frame_later),
    .publish(f_publish), .pr_pdu(f_pr_pdu), .pr_hl(f_pr_hl), .pr_dl(f_pr_dl),
    .in_xfer(f_in_xfer), .lost_r(f_lost), .mimg_ok_r(f_mimg_ok), .hoff_r(f_hoff), .hdr_len_r(f_hdr_len),
    .data_len_r(f_data_len), .len_off_r(f_len_off));

// ---------------------------------------------------------------------------
// The first output register, stage R, the second output register
// ---------------------------------------------------------------------------
reg [8*W-1:0]  o1_data = {8*W{1'b0}}, o1_tag = {8*W{1'b0}};
reg [4*W-1:0]  o1_aux = {4*W{1'b0}};
reg            o1_first = 1'b0, o1_last = 1'b0, o1_dbad = 1'b0;
reg [31:0]     o1_woff = 32'd0;
reg [7:0]      o1_nin = 8'd0;
reg            o1_lost_in = 1'b0;       // the transfer was lost before the word (xflags: that or the word's FRAME)
// F's event candidates: the error record is merged behind this register (D-094: the merge's selects are not
// in F's cycle, only the three event bits are)
reg            o1_ev_desc = 1'b0, o1_ev_up = 1'b0, o1_ev_frame = 1'b0;
reg [6:0]      o1_ev_n_up = 7'd0;
reg [31:0]     o1_ev_up_off = 32'd0, o1_ev_fr_off = 32'd0, o1_ev_fr_unit = 32'd0;
reg [24:0]     o1_ev_fr_exp = 25'd0, o1_ev_fr_got = 25'd0;
wire           o1_err_v;
wire [7:0]     o1_err_code, o1_err_byte, o1_ecnt;
wire [31:0]    o1_err_off, o1_err_unit;
wire [63:0]    o1_err_exp, o1_err_got;
wire [15:0]    o1_emap;
reg [511:0]    o1_desc = 512'd0;
reg [W-1:0]    o1_spi = {W{1'b0}};
wire [511:0]   r_desc;
// the output register's descriptor (R's resume fields are written at its output, from R's registers: mdd_txg_r)
reg  [511:0]   m_desc_r = 512'd0;
reg            m_rsel = 1'b0;   // it holds a good transfer's last word

mdd_txg_r #(.W(W)) u_r (
    .clk(clk), .rst(rst), .go(advance && o1_valid), .tag(o1_tag), .spi(o1_spi), .first(o1_first),
    .last(o1_last), .dbad(o1_dbad), .desc(o1_desc), .hdr_len(f_hdr_len), .data_len(f_data_len),
    .o_desc(r_desc), .q_base(m_desc_r), .q_sel(m_rsel), .q_desc(m_desc));

mdd_txg_err u_err (
    .ev_desc(o1_ev_desc), .ev_up(o1_ev_up), .ev_frame(o1_ev_frame), .n_up(o1_ev_n_up),
    .up_off(o1_ev_up_off), .fr_off(o1_ev_fr_off), .fr_unit(o1_ev_fr_unit),
    .fr_exp(o1_ev_fr_exp), .fr_got(o1_ev_fr_got),
    .err_v(o1_err_v), .err_code(o1_err_code), .err_byte(o1_err_byte), .err_off(o1_err_off),
    .err_unit(o1_err_unit), .err_exp(o1_err_exp), .err_got(o1_err_got), .emap(o1_emap), .ecnt(o1_ecnt));

always @(posedge clk) begin
    if (advance && o1_valid) begin
        m_data <= o1_data;
        m_tag <= o1_tag;
        m_aux <= o1_aux;
        m_first <= o1_first;
        m_last <= o1_last;
        m_woff <= o1_woff;
        m_nin <= o1_nin;
        m_dbad <= o1_dbad;
        m_desc_r <= r_desc;
        m_rsel <= o1_last && !o1_dbad;
        m_xflags <= {7'd0, o1_lost_in || o1_ev_frame};
        m_err_v <= o1_err_v;
        m_err_code <= o1_err_code;
        m_err_byte <= o1_err_byte;
        m_err_off <= o1_err_off;
        m_err_unit <= o1_err_unit;
        m_err_exp <= o1_err_exp;
        m_err_got <= o1_err_got;
        m_emap <= o1_emap;
        m_ecnt <= o1_ecnt;
    end
    if (advance) begin
        m_valid <= o1_valid;
        o1_valid <= emit;
    end
    // the first output register's contents load whenever it moves (its valid bit says whether they are a word): its
    // enable is the early advance, not emit (F's control, late and fanning out to every bit)
    if (advance) begin
        o1_data <= f_data;
        o1_tag <= f_tag;
        o1_aux <= f_aux;
        o1_first <= f_first;
        o1_last <= f_last;
        o1_woff <= f_woff;
        o1_nin <= f_nin;
        o1_dbad <= f_dbad;
        o1_desc <= x_desc;
        o1_lost_in <= f_in_xfer && f_lost;
        o1_ev_desc <= f_ev_desc;
        o1_ev_up <= f_ev_up;
        o1_ev_frame <= f_ev_frame;
        o1_ev_n_up <= f_ev_n_up;
        o1_ev_up_off <= f_ev_up_off;
        o1_ev_fr_off <= f_ev_fr_off;
        o1_ev_fr_unit <= f_ev_fr_unit;
        o1_ev_fr_exp <= f_ev_fr_exp;
        o1_ev_fr_got <= f_ev_fr_got;
        o1_spi <= f_spi;
    end
    // F ends the transfer: the other pipeline has the next one's words
    if (pop) begin
        cur <= !cur;
        cur_l <= ~cur_l;
        cur_w <= !cur_w;
        cur_d <= ~cur_d;
        cur_h <= !cur_h;
    end
    pr_d_v <= f_publish && !f_flush;
    if (f_publish) begin
        pr_d_hl <= f_pr_hl[11:0];
        pr_d_dl <= f_pr_dl;
    end
    fpend <= f_frame_later;
    fl_q <= {2{f_flush}} & {cur, !cur};
    fl_stop_q <= f_stop;
    if (fpend || f_df_pop || f_flush) begin
        hl_off_r <= {NW{1'b0}};
    end else if (f_df_set) begin
        hl_off_r <= f_hl_end;
    end

    rb <= rb + hl_end_mv;
    a_r <= (pop ? a_pop : a_nopop) - hl_end_mv;

    if (push) begin
        if (wsel) begin
            s1_desc <= s_axis_tx_desc_tdata;
            s1_bad <= nd_bad;
            hf1 <= hf_new;
        end else begin
            s0_desc <= s_axis_tx_desc_tdata;
            s0_bad <= nd_bad;
            hf0 <= hf_new;
        end
        wsel <= !wsel;
    end
    fifo_cnt <= fifo_cnt + {1'b0, push} - {1'b0, pop};


    if (rst) begin
        m_valid <= 1'b0;
        o1_valid <= 1'b0;
        fifo_cnt <= 2'd0;
        wsel <= 1'b0;
        cur <= 1'b0;
        cur_l <= {NC{1'b0}};
        cur_w <= 1'b0;
        cur_d <= {NDC{1'b0}};
        cur_h <= 1'b0;
        hl_off_r <= {NW{1'b0}};
        rb <= {(NP + 1){1'b0}};
        a_r <= {(NP + 1){1'b0}};
        pr_d_v <= 1'b0;
        fpend <= 1'b0;
        fl_q <= 2'b00;
    end
end

`ifndef SYNTHESIS
// the window's base is rd - hl_off and a is avail + hl_off (the rules above), a consumed word's bytes are read
// from rd, and the copies of cur are cur
always @(posedge clk) begin
    if (!rst && (rb != h_rd - {{(NP + 1 - NW){1'b0}}, hl_off} || a_r != h_avail + {{(NP + 1 - NW){1'b0}}, hl_off} ||
                 (present && consume && !fpend && hl_off != {NW{1'b0}}) || cur_l != {NC{cur}} || cur_w != cur || cur_h != cur ||
                 cur_d != {NDC{cur}})) begin
        $display({"Error: mdd_txg: the window's base %0d, rd %0d, a %0d, avail %0d, hl_off %0d, consume %0d, ",
                  "cur %0d (copies %b %b %b) (%m)"}, rb, h_rd, a_r, h_avail, hl_off, consume, cur, cur_l, cur_w, cur_d);
        $stop;
    end
    // a lost transfer's layout has stopped: flushed in the cycle after it is lost (fl_q: FRAME before a lane;
    // fpend: MPA's length), the current pipeline has no word from then until the transfer ends
    if (!rst && present && !hd_bad && f_in_xfer && f_lost && !fpend && !fl_q[cur] && l_v[cur]) begin
        $display("Error: mdd_txg: pipeline %0d has a word of a lost transfer (not flushed) (%m)", cur);
        $stop;
    end
end
`endif

/* verilator lint_off UNUSEDSIGNAL */
wire unused = |{h_e1, h_end1, h_wr, h_e0, f_used[7:NW], f_pr_hl[15:12]};
/* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall

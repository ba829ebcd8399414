// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage P: the PDU fields of stage M's lanes.
 *
 * The second of the four stages of the staged generator (docs/timing.md
 * section 4, in mdd_txg (the TX path's generator, D-097): its twin model/mdd_txg_p_model.c runs
 * inside the staged twin, model/mdd_txg_staged.c, checked there against the
 * lane walk).  Each lane of M's word is classified from registers, with no
 * lane walk: the lane's non-marker prefix count pc (an input, registered by
 * M's FIFO) is compared with the PDU's bounds kept as "adjusted" values, the
 * pc at which each bound falls in the current word: b (the current PDU's
 * offset 0: a lane's PDU offset is pc - b), a_hdr, a_ps, a_pe, a_pde, a_lc,
 * a_len (header end, payload start and end, pad end, last covered byte,
 * PDU end).  A word taken to its end shifts them all by its non-marker
 * count; a part ending inside a word leaves them as they are.
 *
 * A part is the word's lanes from lo with pc < a_stop (a thermometer):
 * a_stop is the need point of a self-framing header whose lengths are not
 * known yet (b + np), the next PDU's need point after a known one
 * (a_len + np), or the host byte after a descriptor-framed PDU (a_len + 1:
 * the part's last lane, AFTER, and P halts).  Lengths come from the
 * parse register (F's lengths, pr_v, or the descriptor's at load), into the
 * adjusted bounds in a reload cycle without a part, the cycle after the
 * register is loaded; the cycle after a load is a reload in any case.
 *
 * Depth: every lane compare is 11 bits wide: a bound's low 11 bits with two
 * flags, "far above" (>= 512) and "far below" (< -512), registered from
 * the bound's value a cycle earlier.  A bound moves by at most 64 a cycle
 * (a word's non-marker count), so a flag a cycle old still says on which
 * side of the lanes' 0..64 the bound is, and a bound not far fits 11 bits;
 * where a bound jumps (a reload) the flags are computed from the new value,
 * and where it takes another bound's value (the next PDU's) it takes that
 * bound's flags.  The next value of each bound is one of four candidates
 * (kept, less the word's non-marker count, the next PDU's, either way)
 * computed beside the decision; the decision (a part taking the word's last
 * lane: the last lane's pc below a_stop) is one compare of registers and
 * selects last.  EH and EP are "below the bound, and the next lane not":
 * a non-marker lane's next lane has pc + 1.
 *
 * Ports: load takes a transfer's configuration and start state; pr_v F's
 * lengths of the current self-framing header; go: M's word is at the input
 * (n lanes, per lane mrk, mnext, the marker byte mb and pc, the pc of lane
 * n - 1, pc_l, and the word's non-marker count pc_n) and P's output has room.  Outputs: v (a part [lo, hi) is laid out),
 * pop (it ends at the word's end), per lane the class (4 bits, the twin's
 * MDD_TXG_L_*), flags {EP, ED, EH}, aux, pi_here, boundary, parse, early
 * (PDU offset at or below the last length byte) and the offset's low 3 bits,
 * all 0 outside the part; for stage D per lane dc (NW bits: the part's DATA
 * lanes in [lo, i), 0 outside the part) and dc_n (its DATA lanes, 0 without
 * a part); per word b, a_len, lk, wb (MPA: the lane of this
 * word at which the current FPDU started, mod 2^16), fw (otherwise
 * FPDU_WOFF) and pdus (PDUs ended before lane lo).
 *
 * dc without counting classes: the DATA lanes are the non-marker lanes with
 * a_ps <= pc < a_pe (lengths known; raw: every lane, lo 0), and the part's
 * non-marker lanes in [lo, i) have the pc values pc_lo .. pc[i] - 1, so
 * dc[i] = |[pc_lo, pc[i]) & [a_ps, a_pe)|: 0 below a_ps, pc[i] - s below a_pe
 * (s = max(pc_lo, a_ps)), else e (the part's DATA lanes below a_pe); dc_n the
 * same at pc_n (raw: n).  s and e come from registers; the differences are
 * computed both ways beside the compares that select them (path 5 at W = 8).
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_p #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 load,
    input  wire                 ld_raw,
    input  wire                 ld_self,
    input  wire                 ld_mpa,
    input  wire                 ld_hdig,
    input  wire                 ld_ddig,
    input  wire [7:0]           ld_ulp,
    input  wire [3:0]           ld_ml,
    input  wire [24:0]          ld_pdu_off,
    input  wire [11:0]          ld_hdr_len,
    input  wire [23:0]          ld_data_len,
    input  wire [15:0]          ld_fpdu_woff,
    input  wire                 pr_v,
    input  wire [11:0]          pr_hl,
    input  wire [23:0]          pr_dl,
    input  wire                 go,
    input  wire [NW-1:0]        n,
    input  wire [W-1:0]         mrk,
    input  wire [W-1:0]         mnext,
    input  wire [3*W-1:0]       mb,
    input  wire [NW*W-1:0]      pc,
    input  wire [NW-1:0]        pc_l,
    input  wire [NW-1:0]        pc_n,
    output wire                 v,
    output wire                 pop,
    output wire [NW-1:0]        lo,
    output wire [NW-1:0]        hi,
    output wire [4*W-1:0]       cls,
    output wire [3*W-1:0]       flags,
    output wire [4*W-1:0]       aux,
    output wire [W-1:0]         pi_here,
    output wire [W-1:0]         boundary,
    output wire [W-1:0]         parse,
    output wire [W-1:0]         early,
    output wire [3*W-1:0]       plow,
    output wire [NW*W-1:0]      dc,
    output wire [NW-1:0]        dc_n,
    output wire [AW-1:0]        b,
    output wire [AW-1:0]        a_len,
    output wire                 lk,
    output wire [15:0]          wb,
    output wire [15:0]          fw,
    output wire [31:0]          pdus
);

localparam NW = $clog2(W + 1);
// adjusted bounds: PDU lengths are below 2^26, offsets below 2^25, so pc - offset and bound + pc fit 28 bits signed
localparam AW = 28;
localparam CW = 11;   // compare width: a bound not far (-576..511 after a cycle's move)

// lane classes (model/mdd_tx_gen_int.h, MDD_TXG_L_*)
localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_HDIG = 4'd3, L_DATA = 4'd4, L_PAD = 4'd7, L_DDIG = 4'd8,
                 L_AFTER = 4'd9;

// the bounds, as PDU offsets: the current PDU's 0 and last length byte; its header end, payload start and end,
// pad end, last covered byte, end, end - 4, the next PDU's last length byte; a_stop; the next PDU's need point
localparam NB = 12;
localparam B_B = 0, B_BLL = 1, B_HDR = 2, B_PS = 3, B_PE = 4, B_PDE = 5, B_LC = 6, B_LEN = 7, B_LEN4 = 8,
           B_LENLL = 9, B_STOP = 10, B_LENNP = 11;

// configuration
reg        raw_r = 1'b0, self_r = 1'b0, mpa_r = 1'b0, hdig_r = 1'b0, ddig_r = 1'b0;
reg [7:0]  ulp_r = 8'd0;
reg [3:0]  ml_r = 4'd0;
reg [8:0]  np_r = 9'd0;   // the need point (MPA: up to 256)
// the loop
reg [W-1:0]  live_r = {W{1'b1}};   // lanes at or after lo
reg [NW-1:0] pc_lo_r = {NW{1'b0}}; // pc of lane lo
reg        lk_r = 1'b0, rl_r = 1'b0, halt_r = 1'b0;
reg        lc_v_r = 1'b0;
reg [15:0] wb_r = 16'd0, fw_r = 16'd0;
reg [31:0] pdus_r = 32'd0;
// the parse register (F's lengths, or the descriptor's at load)
reg        pr_v_r = 1'b0;


// the bounds: full value, its low bits and the far flags
wire signed [AW-1:0] a_w [0:NB-1];
wire signed [CW-1:0] s_w [0:NB-1];
wire [NB-1:0] far_hi, far_lo;

// pc against a bound. pc is a lane count (0..W, its bits from NW up 0), so "pc < bound" is bit tests on the
// bound's high bits and an NW-bit compare written as gates: no carry chain in front of every lane's class (a
// chain ends abc's cone; the lane compares were P's deepest path into its FIFO, D-106)
function lt_nw;   // x < y, NW bits, as gates (from the top bit down)
    input [NW-1:0] x;
    input [NW-1:0] y;
    integer i;
    reg eq;
    begin
        lt_nw = 1'b0;
        eq = 1'b1;
        for (i = NW - 1; i >= 0; i = i - 1) begin
            lt_nw = lt_nw | (eq & !x[i] & y[i]);
            eq = eq & (x[i] == y[i]);
        end
    end
endfunction
function lt_b;   // pc < bound
    input [NW-1:0] x;
    input [CW-1:0] bs;
    input fh, fl;
    lt_b = fh || (!fl && !bs[CW-1] && (bs[CW-2:NW] != {(CW - 1 - NW){1'b0}} || lt_nw(x, bs[NW-1:0])));
endfunction
function eq_b;   // pc == bound
    input [NW-1:0] x;
    input [CW-1:0] bs;
    input fh, fl;
    eq_b = !fh && !fl && bs[CW-1:NW] == {(CW - NW){1'b0}} && x == bs[NW-1:0];
endfunction
`define MDD_TXG_P_LT(x, k) lt_b(x, s_w[k], far_hi[k], far_lo[k])
`define MDD_TXG_P_EQ(x, k) eq_b(x, s_w[k], far_hi[k], far_lo[k])

// ---- the part --------------------------------------------------------------------------------------------

// a reload (no part): the cycle after a load, and with lengths in the parse register (the bounds from them)
wire pr_rl = pr_v_r && !lk_r;
wire part_en = go && !load && !rl_r && !pr_rl && !halt_r;
assign v = part_en && (raw_r || `MDD_TXG_P_LT(pc_lo_r, B_STOP));
assign pop = part_en && (raw_r || `MDD_TXG_P_LT(pc_l, B_STOP));

wire [W-1:0] below;      // pc < a_stop (raw: every lane), a thermometer
wire [W-1:0] in_word;    // lane < n
wire [W-1:0] in_part;
wire [W-1:0] before_len; // pc < a_len: up to the EP lane
wire [W-1:0] before_hdr; // pc < a_hdr
// the same for the lane after (its pc is one more if this lane is not a marker): pc_n after lane n - 1
wire [W-1:0] before_len_up = {1'b0, before_len[W-1:1]};   // bit i: lane i + 1's
wire [W-1:0] before_hdr_up = {1'b0, before_hdr[W-1:1]};
wire         before_len_n = `MDD_TXG_P_LT(pc_n, B_LEN);
wire         before_hdr_n = `MDD_TXG_P_LT(pc_n, B_HDR);

// D's data counts: the part's DATA lanes (lengths known, not a marker, a_ps <= pc < a_pe; raw: every lane) in
// [lo, i). The part's non-marker lanes in [lo, i) have the pc values pc_lo .. pc[i] - 1, one each, so the count
// is |[pc_lo, pc[i]) & [a_ps, a_pe)|: 0 below a_ps, pc[i] - s below a_pe (s = max(pc_lo, a_ps)), else e (the
// part's DATA lanes below a_pe). s and e come from registers beside the lane compares; their low NW bits are
// exact wherever a lane selects them (a_ps, a_pe then lie in pc_lo .. pc[i] <= W).
wire          lo_lt_ps = `MDD_TXG_P_LT(pc_lo_r, B_PS);
wire          lo_lt_pe = `MDD_TXG_P_LT(pc_lo_r, B_PE);
wire [NW-1:0] ps_nw = a_w[B_PS][NW-1:0];
wire [NW-1:0] pe_nw = a_w[B_PE][NW-1:0];
// (both differences beside the compare, selected by AND-OR: a ?: of two differences is merged into one
// subtract after a mux, after the compare)
wire [NW-1:0] dc_e = ({NW{lo_lt_pe && lo_lt_ps}} & (pe_nw - ps_nw)) | ({NW{lo_lt_pe && !lo_lt_ps}} & (pe_nw - pc_lo_r));
wire          dc_n_ge_ps = !`MDD_TXG_P_LT(pc_n, B_PS);
wire          dc_n_lt_pe = `MDD_TXG_P_LT(pc_n, B_PE);
wire [NW-1:0] dc_n_pc = ({NW{lo_lt_ps}} & (pc_n - ps_nw)) | ({NW{!lo_lt_ps}} & (pc_n - pc_lo_r));
assign dc_n = !v ? {NW{1'b0}} : raw_r ? n : !(lk_r && dc_n_ge_ps) ? {NW{1'b0}} : dc_n_lt_pe ? dc_n_pc : dc_e;

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [NW-1:0] LI = gi;
        wire [NW-1:0] pcu = pc[gi*NW +: NW];
        wire [2:0]    mbi = mb[3*gi +: 3];
        assign in_word[gi] = LI < n;
        assign below[gi] = raw_r || `MDD_TXG_P_LT(pcu, B_STOP);
        assign in_part[gi] = part_en && in_word[gi] && below[gi] && live_r[gi];
        assign before_len[gi] = `MDD_TXG_P_LT(pcu, B_LEN);
        assign before_hdr[gi] = `MDD_TXG_P_LT(pcu, B_HDR);

        wire aft = lk_r && !before_len[gi];
        wire known = lk_r && before_len[gi];
        wire at0 = aft ? `MDD_TXG_P_EQ(pcu, B_LEN) : `MDD_TXG_P_EQ(pcu, B_B);
        // pc <= bound: pc - 1 < bound, pc >= 1, else bound >= 0
        wire le_bll = !`MDD_TXG_P_LT(pcu, B_BLL) ? `MDD_TXG_P_EQ(pcu, B_BLL) : 1'b1;
        wire le_lenll = !`MDD_TXG_P_LT(pcu, B_LENLL) ? `MDD_TXG_P_EQ(pcu, B_LENLL) : 1'b1;
        wire early_i = self_r && !known && (aft ? le_lenll : le_bll);
        wire le_pe = `MDD_TXG_P_LT(pcu, B_PE) || `MDD_TXG_P_EQ(pcu, B_PE);
        wire pih = raw_r || at0 || (known && !`MDD_TXG_P_LT(pcu, B_PS) && le_pe);
        wire mk = mrk[gi];
        wire gt_len4 = !`MDD_TXG_P_LT(pcu, B_LEN4) && !`MDD_TXG_P_EQ(pcu, B_LEN4);
        wire between = known && mpa_r && ddig_r && !at0 && gt_len4;
        wire ed_m = known && mpa_r && ddig_r && {1'b0, mbi} == ml_r - 4'd1 && !at0 && `MDD_TXG_P_EQ(pcu, B_LEN4);
        wire ed_d = known && lc_v_r && `MDD_TXG_P_EQ(pcu, B_LC) && !(mpa_r && ddig_r && mnext[gi]);
        wire nx_in = {1'b0, LI} + 1'b1 < {1'b0, n};
        wire eh_k = known && before_hdr[gi] && !(nx_in ? before_hdr_up[gi] : before_hdr_n);
        wire ep_k = known && !(nx_in ? before_len_up[gi] : before_len_n);
        // the offset's low bits from either base, selected after the differences (aft comes from a lane compare;
        // in front of the subtract it made P's flags into D's FIFO 10 levels inside mdd_txg, D-106)
        wire [2:0] p_lo_len = pcu[2:0] - a_w[B_LEN][2:0];
        wire [2:0] p_lo_b = pcu[2:0] - a_w[B_B][2:0];
        wire [2:0] p_lo = ({3{aft}} & p_lo_len) | ({3{!aft}} & p_lo_b);   // (AND-OR: opt_share merges a ?: back)
        wire eh_u = mpa_r && ulp_r == 8'd0 && early_i && (aft ? p_lo_len == 3'd1 : p_lo_b == 3'd1);   // MPA: early is p <= 1

        wire lt_ps = `MDD_TXG_P_LT(pcu, B_PS);
        wire lt_pe = `MDD_TXG_P_LT(pcu, B_PE);
        wire lt_pde = `MDD_TXG_P_LT(pcu, B_PDE);
        wire [1:0] x_hdig = pcu[1:0] - a_w[B_HDR][1:0];
        wire [1:0] x_ddig = pcu[1:0] - a_w[B_PDE][1:0];

        reg [3:0] c;
        reg [2:0] f;
        reg [3:0] x;
        always @* begin
            c = L_HDR;
            f = 3'd0;
            x = 4'd0;
            if (raw_r) begin
                c = L_DATA;
            end else if (mk) begin
                c = L_MRK;
                f = {1'b0, ed_m, 1'b0};
                x = {!(mpa_r && !between), mbi};
            end else if (aft && !self_r) begin
                c = L_AFTER;
            end else if (known) begin
                if (before_hdr[gi]) begin
                    c = L_HDR;
                end else if (lt_ps) begin
                    c = L_HDIG;
                    x = {2'b00, x_hdig};
                end else if (lt_pe) begin
                    c = L_DATA;
                end else if (lt_pde) begin
                    c = L_PAD;
                end else begin
                    c = L_DDIG;
                    x = {2'b00, x_ddig};
                end
                f = {ep_k, ed_d, eh_k};
            end else begin
                c = L_HDR;
                f = {2'b00, eh_u};
            end
        end

        wire ip = in_part[gi];
        wire nr = ip && !raw_r;
        assign cls[4*gi +: 4] = ip ? c : 4'd0;
        assign flags[3*gi +: 3] = ip ? f : 3'd0;
        assign aux[4*gi +: 4] = ip ? x : 4'd0;
        assign pi_here[gi] = ip && pih;
        assign boundary[gi] = nr && mk && at0;
        assign parse[gi] = nr && !mk && !known && !(aft && !self_r) && early_i;
        assign early[gi] = nr && early_i;
        assign plow[3*gi +: 3] = nr ? p_lo : 3'd0;
        // pc - s, both ways beside the compare that selects
        wire [NW-1:0] dc_pc = ({NW{lo_lt_ps}} & (pcu - ps_nw)) | ({NW{!lo_lt_ps}} & (pcu - pc_lo_r));
        assign dc[NW*gi +: NW] = !ip ? {NW{1'b0}} : raw_r ? LI : !(lk_r && !lt_ps) ? {NW{1'b0}} : lt_pe ? dc_pc : dc_e;
    end
endgenerate

// Thermometer ends as lane counts: a one-hot edge, OR-encoded.
function [NW-1:0] therm_count;   // lanes set in a thermometer that starts at lane 0
    input [W-1:0] t;
    integer i;
    begin
        therm_count = {NW{1'b0}};
        for (i = 0; i < W; i = i + 1)
            if (t[i] && (i == W - 1 || !t[(i + 1) % W])) therm_count = therm_count | (i[NW-1:0] + 1'b1);
    end
endfunction

wire [NW-1:0] hi_c = therm_count(below & in_word);   // the part ends where pc reaches a_stop, or at n
wire [NW-1:0] e1_c = therm_count(before_len & in_word); // the lane after the EP lane
wire [NW-1:0] lo_c = therm_count(~live_r);

assign lo = lo_c;
assign hi = v ? hi_c : lo_c;
assign b = a_w[B_B];
assign a_len = a_w[B_LEN];
assign lk = lk_r;
assign wb = wb_r;
assign fw = fw_r;
assign pdus = pdus_r;

// ---- the next state --------------------------------------------------------------------------------------

// EP in the part: a split part with the lengths known always holds it (a_stop is past a_len); a part to the
// word's end when the word's non-marker count reaches a_len. Both from registers, selected by pop last.
// (>= 1 as bit tests, not the vendor's compare chain: ECP5 placed this chain on the bounds' loop, txg_p's worst path)
wire len_ge1 = !far_lo[B_LEN] && (far_hi[B_LEN] || (!s_w[B_LEN][CW-1] && |s_w[B_LEN][CW-2:0]));
wire ep_s = lk_r && len_ge1;
wire ep_p = ep_s && !`MDD_TXG_P_LT(pc_n, B_LEN);
wire ep = pop ? ep_p : ep_s;
wire upd = v && !raw_r;
// (sel_pop written from the stop compare, not from pop: pop's own LUT is placed by its many other loads, and the
// bounds' select through it crossed the block twice on ECP5)
wire sel_pop = part_en && !raw_r && `MDD_TXG_P_LT(pc_l, B_STOP);   // pop implies v
wire nx_s = ep_s && self_r;                          // the b family and a_stop move to the next PDU's
wire nx_p = ep_p && self_r;

wire [8:0] ld_np = ld_mpa ? (ld_ulp == 8'd0 ? 9'd2 : {1'b0, ld_ulp} + 9'd1) : 9'd47;
wire       ld_lk = !ld_raw && (!ld_self || ld_pdu_off > (ld_mpa ? 25'd1 : 25'd7));
wire signed [AW-1:0] ld_b = -$signed({{(AW - 25){1'b0}}, ld_pdu_off});

// the layout of the lengths, computed as they enter the parse register (from F or the descriptor): each bound
// is hl or hl + dl plus a small constant (from the configuration, the pad, "data length not 0").  Two copies, one
// on the descriptor's values (a load) and one on F's parse and the registers, selected after the sums: the load
// (the pipeline's start, a wide fan-out) is then not in front of the carry chains.
wire [AW-1:0] lay_src [0:1][B_HDR:NB-1];
wire          lc_v_src [0:1];
genvar gs, gk;
generate
    for (gs = 0; gs < 2; gs = gs + 1) begin : g_src
        wire        k_hdig = gs == 0 ? ld_hdig : hdig_r;
        wire        k_ddig = gs == 0 ? ld_ddig : ddig_r;
        wire        k_mpa  = gs == 0 ? ld_mpa : mpa_r;
        wire        k_self = gs == 0 ? ld_self : self_r;
        wire [11:0] k_np   = {3'd0, gs == 0 ? ld_np : np_r};
        wire [11:0] k_hl   = gs == 0 ? ld_hdr_len : pr_hl;
        wire [23:0] k_dl   = gs == 0 ? ld_data_len : pr_dl;
        wire [1:0]  k_pad  = 2'd0 - k_hl[1:0] - k_dl[1:0];
        wire        k_dnz  = k_dl != 24'd0;
        wire [11:0] k_hd   = k_hdig ? 12'd4 : 12'd0;
        wire [11:0] k_tail = k_hd + {10'd0, k_pad} + (k_ddig && (k_mpa || k_dnz) ? 12'd4 : 12'd0);
        wire [11:0] k_c [B_HDR:NB-1];
        assign k_c[B_HDR]   = 12'd0;
        assign k_c[B_PS]    = k_hd;
        assign k_c[B_PE]    = k_hd;
        assign k_c[B_PDE]   = k_hd + {10'd0, k_pad};
        assign k_c[B_LC]    = k_pad != 2'd0 ? k_hd + {10'd0, k_pad} - 12'd1 : k_dnz ? k_hd - 12'd1 : 12'hFFF;
        assign k_c[B_LEN]   = k_tail;
        assign k_c[B_LEN4]  = k_tail - 12'd4;
        assign k_c[B_LENLL] = k_tail + (k_mpa ? 12'd1 : 12'd7);
        assign k_c[B_STOP]  = k_tail + (k_self ? k_np : 12'd1);
        assign k_c[B_LENNP] = k_tail + k_np;
        wire          k_lc_hl = k_pad == 2'd0 && !k_dnz;        // the last covered byte is the header's last
        wire [AW-1:0] k_hl_w = {{(AW - 12){1'b0}}, k_hl};
        wire [AW-1:0] k_s = k_hl_w + {{(AW - 24){1'b0}}, k_dl};
        assign lc_v_src[gs] = k_pad != 2'd0 || k_dnz || k_mpa;
        for (gk = B_HDR; gk < NB; gk = gk + 1) begin : g_lay
            wire from_hl = gk == B_HDR || gk == B_PS || (gk == B_LC && k_lc_hl);
            assign lay_src[gs][gk] = (from_hl ? k_hl_w : k_s) + {{(AW - 12){k_c[gk][11]}}, k_c[gk]};
        end
    end
endgenerate
wire k_lc_v = load ? lc_v_src[0] : lc_v_src[1];

// the bounds as PDU offsets, registered with the lengths: a reload adds b only
reg [AW-1:0] lay [B_HDR:NB-1];
reg        pr_lc_v_r = 1'b0;
wire        lay_lc_v = pr_lc_v_r;
wire [AW-1:0] lay_n [B_HDR:NB-1];
generate
    for (gk = B_HDR; gk < NB; gk = gk + 1) begin : g_lay
        assign lay_n[gk] = load ? lay_src[0][gk] : lay_src[1][gk];
    end
endgenerate

// far flags of a value
function far_h;
    input signed [AW-1:0] x;
    far_h = !x[AW-1] && |x[AW-2:9];     // x >= 512 as bit tests, no compare chain after a sum
endfunction
function far_l;
    input signed [AW-1:0] x;
    far_l = x[AW-1] && !(&x[AW-2:9]);   // x < -512
endfunction

generate
    for (gi = 0; gi < NB; gi = gi + 1) begin : g_bound
        // the b family and a_stop take the next PDU's values at an EP of a self-framing PDU
        localparam integer SRC = gi == B_B ? B_LEN : gi == B_BLL ? B_LENLL : gi == B_STOP ? B_LENNP : gi;
        localparam FAM = SRC != gi;
        localparam LAY = gi >= B_HDR;      // set from the lengths at a reload
        reg signed [AW-1:0] a_r = 0;
        reg                 fh_r = 1'b0, fl_r = 1'b0;
        assign a_w[gi] = a_r;
        assign s_w[gi] = a_r[CW-1:0];
        assign far_hi[gi] = fh_r;
        assign far_lo[gi] = fl_r;
        wire signed [AW-1:0] pc_n_w = $signed({{(AW - NW){1'b0}}, pc_n});
        wire signed [AW-1:0] src = a_w[SRC];
        // candidates, beside the decision
        wire signed [AW-1:0] p_cand = (FAM && nx_p) ? src - pc_n_w : a_r - pc_n_w;
        wire signed [AW-1:0] rl_v;
        wire                 rl_fh, rl_fl;   // a reload's flags: of the sum, not after the mux that selects it
        if (LAY) begin : g_lay
            wire signed [AW-1:0] rl_s = a_w[B_B] + $signed(lay[gi]);
            assign rl_v = pr_rl ? rl_s : a_r;
            assign rl_fh = pr_rl ? far_h(rl_s) : far_h(a_r);
            assign rl_fl = pr_rl ? far_l(rl_s) : far_l(a_r);
        end else begin : g_nolay
            assign rl_v = a_r;
            assign rl_fh = far_h(a_r);
            assign rl_fl = far_l(a_r);
        end
        wire signed [AW-1:0] ld_v = gi == B_B ? ld_b : gi == B_BLL ? ld_b + (ld_mpa ? 1 : 7)
                                  : gi == B_STOP ? ld_b + $signed({19'd0, ld_np}) : 0;
        wire signed [AW-1:0] q_cand = load ? ld_v : (rl_r || pr_rl) ? rl_v : (upd && FAM && nx_s) ? src : a_r;
        // the flags a cycle late: of this value, of the next PDU's taken, of a reload's (exact)
        wire take_src = FAM && (sel_pop ? nx_p : upd && nx_s);
        wire fh_n = rl_r || pr_rl ? rl_fh : take_src ? far_h(src) : far_h(a_r);
        wire fl_n = rl_r || pr_rl ? rl_fl : take_src ? far_l(src) : far_l(a_r);
        always @(posedge clk) begin
            if (rst) begin
                a_r <= 0;
                fh_r <= 1'b0;
                fl_r <= 1'b0;
            end else begin
                a_r <= sel_pop ? p_cand : q_cand;
                fh_r <= fh_n;
                fl_r <= fl_n;
            end
        end
    end
endgenerate

// wb's next value: the lane after the EP lane (e1), less n where the word is taken to its end. e1 - n is not a
// subtract after e1's compares: each count k (0..W) has its k - n computed from n beside them, selected by the
// one-hot edge of the thermometer (pop and ep select last, as for the bounds).
wire [W-1:0]  bl = before_len & in_word;
wire [W:0]    e1_oh = {bl[W-1], bl[W-2:0] & ~bl[W-1:1], ~bl[0]};   // bit k: e1 == k
wire [15:0] e1_16 = {{(16 - NW){1'b0}}, e1_c};
wire [15:0] n_16 = {{(16 - NW){1'b0}}, n};
reg  [15:0] e1n_16;   // e1 - n
integer k;
always @* begin
    e1n_16 = 16'd0;
    for (k = 0; k <= W; k = k + 1)
        if (e1_oh[k]) e1n_16 = e1n_16 | (k[15:0] - n_16);   // k = 0 never with ep (lane 0's pc 0 < a_len)
end
wire [15:0] wb_n = pop ? (ep_p ? e1n_16 : wb_r - n_16) : (ep_s ? e1_16 : wb_r);

integer j;
always @(posedge clk) begin
    if (rst) begin
        raw_r <= 1'b0;
        self_r <= 1'b0;
        mpa_r <= 1'b0;
        hdig_r <= 1'b0;
        ddig_r <= 1'b0;
        ulp_r <= 8'd0;
        ml_r <= 4'd0;
        np_r <= 9'd0;
        live_r <= {W{1'b1}};
        pc_lo_r <= {NW{1'b0}};
        lk_r <= 1'b0;
        rl_r <= 1'b0;
        halt_r <= 1'b0;
        lc_v_r <= 1'b0;
        wb_r <= 16'd0;
        fw_r <= 16'd0;
        pdus_r <= 32'd0;
        pr_v_r <= 1'b0;
        for (j = B_HDR; j < NB; j = j + 1) lay[j] <= {AW{1'b0}};
        pr_lc_v_r <= 1'b0;
    end else if (load) begin
        raw_r <= ld_raw;
        self_r <= ld_self;
        mpa_r <= ld_mpa;
        hdig_r <= ld_hdig;
        ddig_r <= ld_ddig;
        ulp_r <= ld_ulp;
        ml_r <= ld_ml;
        np_r <= ld_np;
        live_r <= {W{1'b1}};
        pc_lo_r <= {NW{1'b0}};
        lk_r <= 1'b0;
        rl_r <= !ld_lk;        // a reload follows a load in any case: the flags settle there
        halt_r <= 1'b0;
        lc_v_r <= 1'b0;
        wb_r <= 16'd0 - ld_fpdu_woff;
        fw_r <= ld_fpdu_woff;
        pdus_r <= 32'd0;
        pr_v_r <= ld_lk;       // the descriptor's lengths, where they apply
        for (j = B_HDR; j < NB; j = j + 1) lay[j] <= ld_lk ? lay_n[j] : {AW{1'b0}};
        pr_lc_v_r <= ld_lk && k_lc_v;
    end else begin
        rl_r <= 1'b0;
        if (pr_rl) begin
            lc_v_r <= lay_lc_v;
            lk_r <= 1'b1;
            pr_v_r <= 1'b0;
        end
        if (pr_v) begin
            pr_v_r <= 1'b1;
            for (j = B_HDR; j < NB; j = j + 1) lay[j] <= lay_n[j];
            pr_lc_v_r <= k_lc_v;
        end
        if (v) begin
            live_r <= pop ? {W{1'b1}} : ~(below & in_word);
            pc_lo_r <= pop ? {NW{1'b0}} : s_w[B_STOP][NW-1:0];   // a split part ends where pc reaches a_stop
        end
        if (upd) begin
            if (ep) begin
                pdus_r <= pdus_r + 32'd1;
                if (self_r) lk_r <= 1'b0;
            end
            if (!self_r && lk_r && (!pop || !`MDD_TXG_P_LT(pc_n, B_LEN) && !`MDD_TXG_P_EQ(pc_n, B_LEN)))
                halt_r <= 1'b1;   // the part's last lane is the host byte after the PDU
            if (mpa_r)
                wb_r <= wb_n;
        end
    end
end

`undef MDD_TXG_P_LT
`undef MDD_TXG_P_EQ

endmodule

`resetall

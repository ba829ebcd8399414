// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage D: the DIF counter.
 *
 * The third of the four stages of the staged generator (docs/timing.md
 * section 4, D-073, in mdd_txg (the TX path's generator, D-097): its twin model/mdd_txg_d_model.c
 * runs inside the staged twin, model/mdd_txg_staged.c, where the lane walk
 * checks every word).  D takes stage P's parts (lanes [lo, hi) of M's word)
 * and makes P's DATA lanes payload (PAY) or PI, flags the block end (EB), and
 * under CHECK_STRIP inserts the host's PI (SPI lanes) after each block.
 *
 * A data lane's place in the protection block is dc, the part's DATA lanes
 * before it (from P, counted from lo), against one registered bound e: the dc
 * of the next block end at or after D's next data lane.  Every other bound
 * is e plus a constant and is kept as a register of its own that moves with
 * e: without STRIP dc <= e - blk is the previous block's PI, e + 1 .. e + pi
 * this block's; the next block end (e + blk + pi, STRIP e + blk) ends the
 * word, so a word holds one EB.  A word that takes its EB adds blk + pi
 * (STRIP blk) to every bound, a word taken to the part's end subtracts the
 * part's data count dc_n: four candidates per bound, selected last.
 *
 * CHECK_STRIP: kp counts SPI lanes due in front of the first pi_here lane (a
 * transfer resumed inside the PI, a run cut by the word's end); the run after
 * the EB goes in front of the lane after the EB lane.  An input lane i then
 * moves by ins = 0, kp, pi or kp + pi to output lane i - first + ins (first:
 * D's first lane of the part); a lane pushed past W ends the word and the part
 * is taken on from it in the next cycle.  This block makes the decisions per
 * input lane and the SPI runs' places; the compaction into the output word is
 * the caller's (mdd_txg_d_compact in the twin).
 *
 * Depth (the issue's 7-8 LUT levels at W = 8): every register's next value is
 * computed without waiting for the encode of a lane. j (D's first lane inside
 * a part) is kept as a thermometer jm_r and a one-hot jo_r, not as a number;
 * the lane decisions are masks: a lane fits unless the lane W - ins before it
 * is at or after first, so the fit limits are jm_r (or "at or after lo")
 * shifted by the registered kp, pi and kp + pi (kpi_r, kept beside kp so no
 * add sits in front of the shift). take, fit and ok are thermometers over the
 * part, so the lanes not taken are the next jm (and their first lane the next
 * jo), and pop is "the part's last lane is taken": before the stop (dc_n) and
 * fits (its run combination from dc_n and kp, then the mask at lane
 * hi - 1 - W + ins: one wide mux on hi + ins). Lanes behind kp's run, for the
 * decisions: inside a part every lane (its first lane is the run's), at a
 * part's start the prefix OR from lo (inputs). kp's next value: a pending kp inside a
 * part has its lane first (the word before stopped at the run's lane or at
 * the lane after the EB, both pi_here), so its residual is kp - W; at a
 * part's start it comes from lo (inputs); the EB lane is never before first,
 * so it is taken from lo too; its residual (at most pi when the EB is taken)
 * is a thermometer, "at least t" iff the lane t before the lane after the EB
 * lane is past the kp + pi fit limit (the fit mask shifted by kp + pi,
 * extended below lane 0): an AND-OR per t with the EB lane's one-hot, then
 * the count; kp + pi's is formed from the same bits (PI lengths 8 and 16
 * only). Both rest on P's rule (the lane after a data lane is pi_here) and
 * on the part staying at the input until it pops (the lockstep bench drives
 * both; the twin computes these values directly). The bounds' far flags
 * are the signs of sums of their own (bound + step - 2^NW ...: a carry chain,
 * not an OR of high bits after the sum). n is the stop lane's position
 * (which has both runs in front of it: per lane, selected by its one-hot) or
 * the part's end for the four run combinations, each clamped to W beside the
 * decisions that select them; the runs' places likewise per lane (i - first,
 * i + 1 + kp - first) by the one-hot lanes, r2's length from the EB run's
 * thermometer, q's sum of dc an 8-bit add that selects the high bits or
 * the high bits + 1. The masks' shifts are one wide mux per bit (a
 * LUT and MUXF7-9), and the sums and compares on the loops and outputs are
 * written as gates: yosys maps an add or a compare to a carry chain, and the
 * LUT mapper (abc) sizes the logic on each side of a carry chain apart, so a
 * chain in the middle of a path adds the depth of both sides.
 *
 * Ports: load takes a transfer's DIF operation, BLK_LEN, the PI length (8 or
 * 16, the formats' only ones: kp + pi's next value relies on it) and DIF_POS;
 * go says P's part is at the input and D's output has room.
 * Outputs: v (a word), pop (it takes the part to its end), first, next (input
 * lanes [first, next) are in it), n (output lanes), per input lane take, eb,
 * cls (D's: PAY or PI for DATA lanes, else P's), aux (the PI byte), ins; the
 * runs r1 (kp's, PI bytes from pi - kp) and r2 (after the EB, from 0) as output
 * lane and length, their lanes p1 and p2 (hi if none); q, the DIF position at
 * the word's first lane; e and kp.  rst clears the state.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_d #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 load,
    input  wire [2:0]           ld_op,
    input  wire [15:0]          ld_blk,
    input  wire [4:0]           ld_pi,
    input  wire [16:0]          ld_dif_pos,
    input  wire                 go,
    input  wire [NW-1:0]        lo,
    input  wire [NW-1:0]        hi,
    input  wire [4*W-1:0]       cls,
    input  wire [W-1:0]         pi_here,
    input  wire [NW*W-1:0]      dc,
    input  wire [NW-1:0]        dc_n,
    output wire                 v,
    output wire                 pop,
    output wire [NW-1:0]        first,
    output wire [NW-1:0]        next,
    output wire [NW-1:0]        n,
    output wire [W-1:0]         take,
    output wire [W-1:0]         eb,
    output wire [4*W-1:0]       ocls,
    output wire [4*W-1:0]       aux,
    output wire [6*W-1:0]       ins,
    output wire [NW-1:0]        r1_pos,
    output wire [4:0]           r1_len,
    output wire [NW-1:0]        r2_pos,
    output wire [4:0]           r2_len,
    output wire [NW-1:0]        p1,
    output wire [NW-1:0]        p2,
    output wire [16:0]          q,
    output wire [EW-1:0]        e,
    output wire [4:0]           kp
);

localparam NW = $clog2(W + 1);
// bounds: e < 2 * 2^16 + 16 + 64; e - blk - pi can be below 0 by up to 2^16 + 16: 20 bits signed
localparam EW = 20;
// lane positions and counts, signed: W + first + kp + pi < 2^9
localparam XW = 10;
localparam [31:0] W32 = W;
localparam [XW-1:0] WX = W32[XW-1:0];

`include "mdd_lane_fn.vh"
// lane positions summed as gates, XW bits (a few bits: a carry chain would only split the cones around it)
function [XW-1:0] add_x(input [XW-1:0] ax_a, input [XW-1:0] ax_b, input ax_cin);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [15:0] ax_t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        ax_t = add_gates({{(16 - XW){1'b0}}, ax_a}, {{(16 - XW){1'b0}}, ax_b}, ax_cin);
        add_x = ax_t[XW-1:0];
    end
endfunction

// a one-hot's lane index, and the value a one-hot selects from per-lane values: an OR per bit over all lanes
// (a balanced tree, not a chain of ORs lane by lane)
function [NW-1:0] enc_oh(input [W-1:0] oh);
    integer eo_b, eo_i;
    reg [W-1:0] eo_m;
    begin
        for (eo_b = 0; eo_b < NW; eo_b = eo_b + 1) begin
            for (eo_i = 0; eo_i < W; eo_i = eo_i + 1)
                eo_m[eo_i] = eo_i[eo_b];
            enc_oh[eo_b] = |(oh & eo_m);
        end
    end
endfunction
function [XW-1:0] sel_x(input [W-1:0] sx_s, input [XW*W-1:0] sx_v);
    integer sx_b, sx_i;
    reg [W-1:0] sx_c;
    begin
        for (sx_b = 0; sx_b < XW; sx_b = sx_b + 1) begin
            for (sx_i = 0; sx_i < W; sx_i = sx_i + 1)
                sx_c[sx_i] = sx_v[XW*sx_i + sx_b];
            sel_x[sx_b] = |(sx_s & sx_c);
        end
    end
endfunction
function [NW-1:0] sel_n(input [W-1:0] sn_s, input [NW*W-1:0] sn_v);
    integer sn_b, sn_i;
    reg [W-1:0] sn_c;
    begin
        for (sn_b = 0; sn_b < NW; sn_b = sn_b + 1) begin
            for (sn_i = 0; sn_i < W; sn_i = sn_i + 1)
                sn_c[sn_i] = sn_v[NW*sn_i + sn_b];
            sel_n[sn_b] = |(sn_s & sn_c);
        end
    end
endfunction

// x clamped to W, written as gates (no carry chain; see n)
function [NW-1:0] clamp_w(input [XW-1:0] cw_x);   // x > W (unsigned): W
    integer cw_i;
    reg cw_g;
    begin
        cw_g = 1'b0;   // x > W, from the low bits up
        for (cw_i = 0; cw_i < XW; cw_i = cw_i + 1)
            cw_g = (cw_x[cw_i] && !WX[cw_i]) || (!(cw_x[cw_i] ^ WX[cw_i]) && cw_g);
        clamp_w = cw_g ? WX[NW-1:0] : cw_x[NW-1:0];
    end
endfunction

localparam [3:0] L_DATA = 4'd4, L_PAY = 4'd5, L_PI = 4'd6;
localparam [2:0] OP_NONE = 3'd0, OP_STRIP = 3'd3;

// configuration
reg        none_r = 1'b1, strip_r = 1'b0;
reg [15:0] blk_r = 16'd0;
reg [4:0]  pi_r = 5'd0;
reg [16:0] q0_r = 17'd0;
reg [EW-1:0] step_r = {EW{1'b0}};  // what a word that takes its EB adds: blk + pi, STRIP blk
reg [EW-1:0] stepm_r = {EW{1'b0}}; // step - 2^NW (for the bounds' "at least 2^NW" flags)
// the loop
reg          mid_r = 1'b0;
reg [4:0]    kp_r = 5'd0;
reg [5:0]    kpi_r = 6'd0;                 // kp + pi, kept beside kp (its next value from candidates + pi)
// the bounds (signed): e; e - blk (the previous block's PI up to it); e + pi (this block's PI up to it); the
// second block end (the word's stop); e - blk - pi + 1 and e + 1 (the PIs' first bytes, for aux)
localparam NBD = 6;
localparam [2:0] BD_E = 3'd0, BD_PREV = 3'd1, BD_PI = 3'd2, BD_STOP = 3'd3, BD_PREV0 = 3'd4, BD_PI0 = 3'd5;
reg [EW-1:0] bd_r [0:NBD-1];
reg [NBD-1:0] neg_r = {NBD{1'b0}}, big_r = {NBD{1'b0}};
wire [NW-1:0] bd_lo [0:NBD-1];
genvar gb;
generate
    for (gb = 0; gb < NBD; gb = gb + 1) begin : g_bdlo
        assign bd_lo[gb] = bd_r[gb][NW-1:0];
    end
endgenerate

// j, the first lane inside a part, is kept as masks: a thermometer jm_r (lanes at or after j) for the lane
// decisions and a one-hot jo_r, whose encode is one OR level (a binary j's next value would wait for the encode
// of the first lane not taken)
reg  [W-1:0] jm_r = {W{1'b0}};
reg  [W-1:0] jo_r = {W{1'b0}};
wire [NW-1:0] jb = enc_oh(jo_r);
wire [NW-1:0] first_w = mid_r ? jb : lo;
wire [W-1:0] ge_lo, lt_hi;
genvar gm;
generate
    for (gm = 0; gm < W; gm = gm + 1) begin : g_msk
        localparam [NW:0] LM = gm;
        assign ge_lo[gm] = {1'b0, lo} <= LM;
        assign lt_hi[gm] = {1'b0, hi} > LM;
    end
endgenerate
wire [W-1:0] gf = mid_r ? jm_r : ge_lo;
wire [W-1:0] inpart = gf & lt_hi;
assign first = first_w;
assign e = bd_r[BD_E];
assign kp = kp_r;

// a lane's dc against a bound: the bound's high bits as "at least 2^NW" and "below 0" flags beside an NW-bit
// compare (dc is at most W)
// (the bound's flags and low bits are arguments, not read from the module: Icarus re-evaluates a continuous
// assignment only when the function's arguments change)
function lt_b;   // dc < bound
    input [NW-1:0] d;
    input neg, big;
    input [NW-1:0] b_lo;
    begin
        lt_b = !neg && (big || count_lt({{(8 - NW){1'b0}}, d}, {{(8 - NW){1'b0}}, b_lo}));   // (as gates)
    end
endfunction
function eq_b;   // dc == bound
    input [NW-1:0] d;
    input neg, big;
    input [NW-1:0] b_lo;
    begin
        eq_b = !neg && !big && d == b_lo;
    end
endfunction
// a bound's flag, registered with it: below 0 (at least 2^NW: a sum's sign, below)
function is_neg(input [EW-1:0] x);
    is_neg = x[EW-1];
endfunction

wire [XW-1:0] first_x = {{(XW-NW){1'b0}}, first_w};
wire [XW-1:0] hi_x = {{(XW-NW){1'b0}}, hi};
wire [XW-1:0] kp_x = {{(XW-5){1'b0}}, kp_r};
wire [XW-1:0] pi_x = {{(XW-5){1'b0}}, pi_r};
wire          act = go && !load && |inpart;

// the output lane limit per insertion class: lane i fits if i - first < W - ins, i.e. unless lane i - (W - ins)
// is at or after first: the lane mask gf shifted by W - ins (a mux per lane on the registered kp and pi, not an
// add of first and a compare)
// Each bit is one wide mux on the register (a column of the mask's lanes and constants indexed by it: a LUT
// and the slice's MUXF7-9), not a barrel shifter (a mux stage per bit of the shift, in a row). nf3 is extended
// 16 lanes below lane 0 (bit m is lane m - 16) for the EB run's residual, below.
wire [W-1:0]  nf1, nf2;
wire [W+15:0] nf3x;
genvar gs, gc;
generate
    for (gs = 0; gs < W + 16; gs = gs + 1) begin : g_sh
        wire [63:0] col;      // col[s]: lane gs - 16 - (W - s) is at or after first
        for (gc = 0; gc < 64; gc = gc + 1) begin : g_c
            localparam integer L = gs - 16 - W + gc;
            if (L < 0) begin : g_lo
                assign col[gc] = 1'b0;
            end else if (L >= W) begin : g_hi
                assign col[gc] = 1'b1;
            end else begin : g_in
                assign col[gc] = gf[L];
            end
        end
        assign nf3x[gs] = col[kpi_r];
        if (gs >= 16) begin : g_12
            assign nf1[gs-16] = col[{1'b0, kp_r}];     // i - first >= W - kp
            assign nf2[gs-16] = col[{1'b0, pi_r}];     // i - first >= W - pi
        end
    end
endgenerate
wire [W-1:0] nf3 = nf3x[W+15:16];   // i - first >= W - kp - pi

wire [W-1:0] data, front, behind2, fit, ok, is_eb, pi_cls;
wire [W-1:0]  is_stop;       // the lane whose class is decided by the stop (the second block end)
// prefix OR of pi_here over the part (log depth): kp's run goes in front of the first pi_here lane
wire [W-1:0] pi_part = pi_here & inpart;
wire [W-1:0] pre_pi = pi_part | lane_below_or(pi_part);
// the same for the lane decisions, from inputs and registers only: inside a part (mid) a pending kp has its lane
// first (below), at a part's start first is lo
wire [W-1:0] pil = pi_here & ge_lo & lt_hi;
wire [W-1:0] pre_pil = pil | lane_below_or(pil);
wire [W-1:0] front_f = {W{kp_r != 5'd0}} & (mid_r ? {W{1'b1}} : pre_pil);
genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        wire [NW-1:0] d = dc[NW*gi +: NW];
        wire lt_e    = lt_b(d, neg_r[BD_E], big_r[BD_E], bd_lo[BD_E]);
        wire eq_e    = eq_b(d, neg_r[BD_E], big_r[BD_E], bd_lo[BD_E]);
        wire lt_stop = lt_b(d, neg_r[BD_STOP], big_r[BD_STOP], bd_lo[BD_STOP]);
        wire eq_stop = eq_b(d, neg_r[BD_STOP], big_r[BD_STOP], bd_lo[BD_STOP]);
        wire lt_prev = lt_b(d, neg_r[BD_PREV], big_r[BD_PREV], bd_lo[BD_PREV]);
        wire eq_prev = eq_b(d, neg_r[BD_PREV], big_r[BD_PREV], bd_lo[BD_PREV]);
        wire lt_pi   = lt_b(d, neg_r[BD_PI], big_r[BD_PI], bd_lo[BD_PI]);
        wire eq_pi   = eq_b(d, neg_r[BD_PI], big_r[BD_PI], bd_lo[BD_PI]);
        assign data[gi] = cls[4*gi +: 4] == L_DATA;
        assign front[gi] = kp_r != 5'd0 && pre_pi[gi];
        assign behind2[gi] = strip_r && !lt_e && !eq_e;
        assign fit[gi] = front_f[gi] ? !(behind2[gi] ? nf3[gi] : nf1[gi]) : !(behind2[gi] && nf2[gi]);
        // before the second block end: data lanes with dc < stop, others with dc <= stop
        assign ok[gi] = none_r || (data[gi] ? lt_stop : lt_stop || eq_stop);
        assign is_eb[gi] = !none_r && data[gi] && eq_e;
        assign is_stop[gi] = !none_r && data[gi] && eq_stop && ge_lo[gi] && lt_hi[gi];   // never before first
        assign take[gi] = act && inpart[gi] && fit[gi] && ok[gi];
        assign eb[gi] = take[gi] && is_eb[gi];
        // PI without STRIP: dc <= e - blk (the previous block's), e < dc <= e + pi (this block's)
        wire prev_pi = !lt_prev ? eq_prev : 1'b1;
        wire this_pi = !lt_e && !eq_e && (lt_pi || eq_pi);
        assign pi_cls[gi] = !none_r && !strip_r && data[gi] && (prev_pi || this_pi);
        assign ocls[4*gi +: 4] = !take[gi] ? 4'd0 : !data[gi] ? cls[4*gi +: 4] : pi_cls[gi] ? L_PI : L_PAY;
        wire [3:0] d4;   // dc's low 4 bits (W = 4: dc has 3)
        if (NW >= 4) begin : g_d4
            assign d4 = d[3:0];
        end else begin : g_d4z
            assign d4 = {{(4-NW){1'b0}}, d};
        end
        wire [3:0] aux_prev = d4 - bd_r[BD_PREV0][3:0];
        wire [3:0] aux_this = d4 - bd_r[BD_PI0][3:0];
        assign aux[4*gi +: 4] = take[gi] && pi_cls[gi] ? (lt_e ? aux_prev : aux_this) : 4'd0;
        assign ins[6*gi +: 6] = !take[gi] ? 6'd0 : front[gi] ? (behind2[gi] ? kpi_r : {1'b0, kp_r})
                                                     : (behind2[gi] ? {1'b0, pi_r} : 6'd0);
    end
endgenerate

// the first lane not taken (hi if the word takes the part to its end), the runs' lanes: one-hot edges of the
// thermometers (take, front) encoded by ORs
wire [W-1:0] next_oh, p1_oh;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_edge
        if (gi == 0) begin : g_e0
            assign next_oh[gi] = inpart[gi] && !take[gi];
            assign p1_oh[gi] = front[gi];
        end else begin : g_en
            assign next_oh[gi] = inpart[gi] && !take[gi] && (take[gi-1] || !inpart[gi-1]);
            assign p1_oh[gi] = front[gi] && !front[gi-1];
        end
    end
endgenerate
wire [NW-1:0] next_enc = enc_oh(next_oh);
wire [NW-1:0] p1_enc = enc_oh(p1_oh);
wire          any_front = |front;
wire          all_taken = &(take | ~inpart);
wire [NW-1:0] next_w = all_taken ? hi : next_enc;
wire [NW-1:0] p1_w = any_front ? p1_enc : hi;
// without STRIP every lane before the stop is taken, and the EB lane is before it: the word takes its EB if the
// part has it (e is at least the dc of D's first lane)
// the word takes its EB if the part has it: without STRIP every lane before the stop is taken and the EB lane is
// before it (e is at least the dc of D's first lane); with STRIP if it fits (its position is i - first + kp)
// The runs' residuals (a run's end's output position less W) for kp's next value, from values that do not wait
// for the j loop. kp's run: inside a part (mid) a pending kp puts its lane first (the word before stopped at
// the run's lane p1, or at the lane after the EB, both pi_here; the stop comes after both), so its position is
// 0; at a part's start first is lo, and p1 the first pi_here lane from lo (inputs only). The EB lane: the part's
// lane with dc = e (never before first: a taken EB lane moves e), so from lo too.
wire [W-1:0] p1l_oh = pil & ~lane_below_or(pil);
wire [W-1:0] ebl = is_eb & ge_lo & lt_hi;
wire [W-1:0] lt_hi1 = lt_hi >> 1;   // lane i + 1 < hi
wire [XW-1:0] lo_x = {{(XW-NW){1'b0}}, lo};
// per lane the residuals, beside the lane decisions; the one-hot lanes select them
// (and each + pi, for kp + pi's next value)
wire [XW-1:0] kpi_x = {{(XW-6){1'b0}}, kpi_r};
wire [XW-1:0] c_p1 = kp_x - WX - lo_x;                // + i: lane i's, for kp's run from lo
wire [XW-1:0] c_p1pi = kpi_x - WX - lo_x;
wire [XW*W-1:0] rp1_l, rp1pi_l;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_rp1
        localparam [XW-1:0] LI = gi;
        assign rp1_l[XW*gi +: XW] = LI + c_p1;
        assign rp1pi_l[XW*gi +: XW] = LI + c_p1pi;
    end
endgenerate
wire [XW-1:0] res_p1_lo = sel_x(p1l_oh, rp1_l);
wire [XW-1:0] res_p1pi_lo = sel_x(p1l_oh, rp1pi_l);
// The EB run's residual for kp's next value (its end's output position less W, EB lane + 1 + kp + pi - first - W,
// at most pi when the word takes the EB) as a thermometer from masks, no add: it is at least t iff the lane t
// before the lane after the EB lane is past the kp + pi fit limit (the lane mask shifted by kp + pi, extended
// 16 lanes below lane 0), an AND-OR per t of the EB lane's one-hot; pi if the EB lane is the part's last.
// (A carry chain in this loop splits it into cones that the LUT mapper sizes apart: a sum after first's encode
// and the select after it mapped as 7 levels at W = 8, the EB lane's encode before it as a chain at W = 64.)
wire          nf3x_unused = nf3x[0];   // lane -16: t is at most 16
wire [15:0] pit;          // pi >= t (bit t - 1): the configuration's
wire        p16 = pi_r[4];   // pi is 16 (else 8)
wire [15:0] teb;          // the EB run's residual (capped at pi) >= t, bit t - 1
genvar gt;
generate
    for (gt = 0; gt < 16; gt = gt + 1) begin : g_teb
        localparam [4:0] LT = gt;
        wire [W-1:0] win;     // lane i: lane i + 1 - (t) is past the fit limit, or i is the part's last lane
        for (gi = 0; gi < W; gi = gi + 1) begin : g_w
            assign win[gi] = !lt_hi1[gi] || nf3x[gi + 16 - gt];
        end
        assign pit[gt] = pi_r > LT;
        assign teb[gt] = pit[gt] && |(ebl & win);
    end
endgenerate
// a thermometer's count: bit k is the OR of its edges at counts with bit k set
function [4:0] therm_bin(input [15:0] th);
    integer tb_b, tb_c;
    reg [16:0] tb_x;
    begin
        tb_x = {1'b0, th};
        for (tb_b = 0; tb_b < 5; tb_b = tb_b + 1) begin
            therm_bin[tb_b] = 1'b0;
            for (tb_c = 1; tb_c <= 16; tb_c = tb_c + 1)
                if (tb_c[tb_b])
                    therm_bin[tb_b] = therm_bin[tb_b] | (tb_x[tb_c-1] & !tb_x[tb_c]);
        end
    end
endfunction
// per lane, i - first and i + 1 + kp - first (as gates), for the runs' places: the one-hot lanes select them
wire [NW*W-1:0] rel_l, r2p_l;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_rel
        localparam [XW-1:0] LI = gi;
        localparam [XW-1:0] LI1 = gi + 1;
        wire [XW-1:0] rl = add_x(LI, ~first_x, 1'b1);
        wire [XW-1:0] r2 = add_x(add_x(LI1, kp_x, 1'b0), ~first_x, 1'b1);
        wire [2*(XW-NW)-1:0] rl_unused = {rl[XW-1:NW], r2[XW-1:NW]};
        assign rel_l[NW*gi +: NW] = rl[NW-1:0];
        assign r2p_l[NW*gi +: NW] = r2[NW-1:0];
    end
endgenerate
wire [XW-1:0] res_p1 = mid_r ? kp_x - WX : res_p1_lo;
wire [XW-1:0] res_p1pi = mid_r ? kpi_x - WX : res_p1pi_lo;
wire [XW-7:0] res_p1pi_unused = res_p1pi[XW-1:6];   // used where not negative, at most 32
wire          any_front_k = mid_r || |pil;   // kp's run has its lane in the part (when kp != 0)
wire          eb_not_last = |(ebl & lt_hi1);
wire          any_eb_fit = |(is_eb & inpart & ~nf1);
// the stop lane (the part's data lane with dc = stop; it comes after the EB lane and after the lane after it, so
// after kp's lane: both runs are in front of it)
wire          has_stop = |is_stop;
// the part's data count dc_n against the bounds (as each lane's dc in the lane loop)
wire n_lt_e    = lt_b(dc_n, neg_r[BD_E], big_r[BD_E], bd_lo[BD_E]);
wire n_eq_e    = eq_b(dc_n, neg_r[BD_E], big_r[BD_E], bd_lo[BD_E]);
wire n_lt_stop = lt_b(dc_n, neg_r[BD_STOP], big_r[BD_STOP], bd_lo[BD_STOP]);
wire n_eq_stop = eq_b(dc_n, neg_r[BD_STOP], big_r[BD_STOP], bd_lo[BD_STOP]);
wire n_eq_pi0  = eq_b(dc_n, neg_r[BD_PI0], big_r[BD_PI0], bd_lo[BD_PI0]);
wire any_eb = act && (strip_r ? any_eb_fit : !none_r && !n_lt_e && !n_eq_e);
wire took_eb = any_eb;
// the lane after the EB lane, if in the part
wire [W-1:0]  ebl_n = {ebl[W-2:0], 1'b0};   // the lane after the EB lane (not past W - 1 when it is used)
wire [NW-1:0] p2_x = enc_oh(ebl_n);
wire          p2_in = strip_r && took_eb && eb_not_last;
wire [NW-1:0] p2_w = p2_in ? p2_x : hi;
assign p1 = act ? p1_w : hi;
assign p2 = p2_w;
assign next = act ? next_w : first_w;

// kp's run: laid out when its lane is in the part (the lanes before it all fit), cut at W: its lane's residual
// res_p1 (position + kp - W) is what does not fit
wire          r1_on = act && any_front;
wire [NW-1:0] r1_pos_x = sel_n(p1_oh, rel_l);
wire [4:0]    r1_len_w = !r1_on ? 5'd0 : res_p1[XW-1] ? kp_r : kp_r - res_p1[4:0];
// the EB's run: laid out when the EB lane is in the word and a lane follows it in the part; its place is the
// lane after the EB lane's, its length what fits of pi: the EB run's residual thermometer (kp's next value)
// reversed, pi - residual >= u iff not residual >= pi + 1 - u
// position less W
wire          r2_on = act && strip_r && took_eb && eb_not_last;
wire [NW-1:0] r2_pos_x = sel_n(ebl, r2p_l);
wire [15:0]   r2_th;
generate
    for (gi = 0; gi < 16; gi = gi + 1) begin : g_r2th
        if (gi < 8) begin : g_lo8
            assign r2_th[gi] = p16 ? !teb[15-gi] : !teb[7-gi];
        end else begin : g_hi8
            assign r2_th[gi] = p16 && !teb[15-gi];
        end
    end
endgenerate
wire [4:0]    r2_len_w = !r2_on ? 5'd0 : therm_bin(r2_th);
assign r1_pos = r1_on ? r1_pos_x : {NW{1'b0}};
assign r1_len = r1_len_w;
assign r2_pos = r2_on ? r2_pos_x : {NW{1'b0}};
assign r2_len = r2_len_w;

// output lanes: the stop lane's position (its lanes before it and both runs) if the part has it; else all of
// the part's (its last lane's position + 1); W if that is more (the word ended at the fit limit)
// (sums and compares written as gates: a carry chain in the middle of a path splits it into cones that the LUT
// mapper sizes apart; each lane's clamped position from registers and first beside the stop lane's one-hot,
// which selects it)
wire [XW-1:0] kst_x = strip_r ? kpi_x : kp_x;
wire [NW*W-1:0] ns_l;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_ns
        localparam [XW-1:0] LI = gi;
        assign ns_l[NW*gi +: NW] = clamp_w(add_x(add_x(LI, kst_x, 1'b0), ~first_x, 1'b1));
    end
endgenerate
// the last lane's position + 1: hi - first, + kp if kp's run is in the part, + pi if the EB's is; the four sums
// beside the runs' decisions, which select last
wire [XW-1:0] hf_x = add_x(hi_x, ~first_x, 1'b1);
wire [XW-1:0] pl0 = hf_x;
wire [XW-1:0] pl1 = add_x(hf_x, kp_x, 1'b0);
wire [XW-1:0] pl2 = add_x(hf_x, pi_x, 1'b0);
wire [XW-1:0] pl3 = add_x(hf_x, kpi_x, 1'b0);
wire          eb2 = eb_not_last && strip_r;
// each clamped to W beside the decisions, which select last
wire [NW-1:0] n_s = sel_n(is_stop, ns_l);
wire [NW-1:0] n_0 = clamp_w(pl0), n_1 = clamp_w(pl1), n_2 = clamp_w(pl2), n_3 = clamp_w(pl3);
wire [NW-1:0] n_e = any_front ? (eb2 ? n_3 : n_1) : (eb2 ? n_2 : n_0);
assign n = !act ? {NW{1'b0}} : has_stop ? n_s : n_e;
assign v = act;   // lane first is in the word, or kp's run in front of it
// the lanes not taken: fit and ok are thermometers over the part (a lane's output position grows with it, and so
// does dc), so they are the lanes at or after next: the next jm, and pop if none is in the part
wire [W-1:0] tk = fit & ok;
wire [W-1:0] jm_next = ~lt_hi | (gf & ~tk);
// pop: the part's last lane is taken (take is a thermometer over the part), from values that do not wait for the
// lane decisions: it is before the stop (dc_n <= stop), and fits: lane hi - 1 - (W - ins) is before first, ins
// from kp's run (in the part: first's lane or a pi_here lane) and the EB's (the last lane's dc > e: dc_n > e, and
// not dc_n = e + 1 with a data lane last)
wire          ok_last = none_r || n_lt_stop || n_eq_stop;
wire [W-1:0]  lasth = lt_hi & ~lt_hi1;
wire          data_last = |(lasth & data);
wire          b2_last = strip_r && !n_lt_e && !n_eq_e && !(data_last && n_eq_pi0);
wire          fr_last = kp_r != 5'd0 && any_front_k;
wire [5:0]    s_last = fr_last ? (b2_last ? kpi_r : {1'b0, kp_r}) : (b2_last ? {1'b0, pi_r} : 6'd0);
// the last lane does not fit iff lane hi - 1 - W + s is at or after first: gf there (below 0: no; past W - 1:
// yes), one wide mux on hi + s (a sum as gates)
wire [XW-1:0] ix_last_x = add_x(hi_x, {{(XW-6){1'b0}}, s_last}, 1'b0);
wire [7:0]    ix_last = ix_last_x[7:0];   // hi + s is at most W + 32
wire [XW-9:0] ix_last_unused = ix_last_x[XW-1:8];
wire [255:0]  gf_col = {{(255-2*W){1'b1}}, gf, {(W+1){1'b0}}};
assign pop = act && ok_last && !gf_col[ix_last];

// the DIF position at the word's first lane
// (blk - 1 - e + dc at first, + step if below 0: both sums from registers beside dc's select)
wire [NW-1:0] d0_j = sel_n(jo_r, dc);
wire [NW-1:0] d0 = mid_r ? d0_j : dc[NW*lo +: NW];
wire [XW-1:0] d0_x = {{(XW-NW){1'b0}}, d0};
wire [EW-1:0] qa = {{(EW-16){1'b0}}, blk_r} - 1'b1 - bd_r[BD_E];
wire [EW-1:0] qb = qa + step_r;
// (dc is at most W: an 8-bit sum as gates, its carry selecting the high bits or the high bits + 1, registers'
// sums: no carry chain after dc's select)
wire [EW-1:0] qa_h1 = qa + {{(EW-9){1'b0}}, 9'd256};
wire [EW-1:0] qb_h1 = qb + {{(EW-9){1'b0}}, 9'd256};
wire [XW-1:0] qa_l = add_x({2'b00, qa[7:0]}, d0_x, 1'b0);
wire [XW-1:0] qb_l = add_x({2'b00, qb[7:0]}, d0_x, 1'b0);
wire [EW-1:0] q_x = {qa_l[8] ? qa_h1[EW-1:8] : qa[EW-1:8], qa_l[7:0]};
wire [EW-1:0] q_s = {qb_l[8] ? qb_h1[EW-1:8] : qb[EW-1:8], qb_l[7:0]};
wire [2*XW-3:0] q_l_unused = {qa_l[XW-1:9], qb_l[XW-1:9], qa_h1[7:0], qb_h1[7:0]};
wire [EW-1:0] q_w = q_x[EW-1] ? q_s : q_x;
wire [EW-18:0] q_w_unused = q_w[EW-1:17];   // a DIF position is below 2^17
assign q = !act ? 17'd0 : none_r ? q0_r : kp_r != 5'd0 ? {1'b0, blk_r} + {12'd0, pi_r} - {12'd0, kp_r} : q_w[16:0];

// the next kp: kp's run still due if its lane does not fit (what is left of it: the lane's position less W);
// else the EB's run, if the word takes the EB: what does not fit of it (its position + pi less W), all of it
// if the EB lane is the part's last
wire       p1_fits = res_p1[XW-1];
wire [4:0] kp_eb = therm_bin(teb);
wire [4:0] kp_next = !strip_r ? 5'd0
                   : kp_r != 5'd0 && !(any_front_k && p1_fits) ? (any_front_k ? res_p1[4:0] : kp_r)
                   : took_eb ? kp_eb : 5'd0;
// kp + pi: kp's candidates + pi beside them (no add after kp's select). The EB run's: pi + the thermometer's count,
// from its bits as kp's is, for the formats' PI lengths 8 and 16 (kp_eb is at most pi)
wire [5:0] kpi_eb = {p16 && teb[15], p16 ? !teb[15] : teb[7], p16 ? teb[7] && !teb[15] : !teb[7], kp_eb[2:0]};
wire [5:0] pi6 = {1'b0, pi_r};
wire [5:0] kpi_next = !strip_r ? pi6
                    : kp_r != 5'd0 && !(any_front_k && p1_fits) ? (any_front_k ? res_p1pi[5:0] : kpi_r)
                    : took_eb ? kpi_eb : pi6;

// load: the bounds from DIF_POS
wire [EW-1:0] blk_x = {{(EW-16){1'b0}}, ld_blk};
wire [EW-1:0] ldpi_x = {{(EW-5){1'b0}}, ld_pi};
wire [EW-1:0] qd_x = {{(EW-17){1'b0}}, ld_dif_pos};
wire          ld_strip = ld_op == OP_STRIP;
wire          ld_in_pi = qd_x >= blk_x;
// e + 1 from two sums in parallel (blk - DIF_POS, blk + pi), then every bound is e + 1 plus a constant of the
// configuration, and "at least 2^NW" is the sign of e + 1 plus that constant less 2^NW: a carry chain each, not
// the sums in a row and an OR of the high bits
localparam [EW-1:0] TWO_NW = {{(EW-NW-1){1'b0}}, 1'b1, {NW{1'b0}}};
wire [EW-1:0] ld_a = blk_x - qd_x;
wire [EW-1:0] ld_bp = blk_x + ldpi_x;
// (blk - DIF_POS plus DIF_POS under STRIP inside the PI, blk + pi inside the PI otherwise: one add after the
// compare)
wire [EW-1:0] ld_add = !ld_in_pi ? {EW{1'b0}} : ld_strip ? qd_x : ld_bp;
wire [EW-1:0] ld_e1 = ld_a + ld_add;
wire [EW-1:0] ld_step = ld_strip ? blk_x : ld_bp;
wire [EW-1:0] ld_k [0:NBD-1];    // bound - (e + 1)
assign ld_k[BD_E] = {EW{1'b1}};
assign ld_k[BD_PREV] = {EW{1'b1}} - blk_x;
assign ld_k[BD_PI] = ldpi_x - 1'b1;
assign ld_k[BD_STOP] = ld_step - 1'b1;
assign ld_k[BD_PREV0] = {EW{1'b0}} - ld_bp;
assign ld_k[BD_PI0] = {EW{1'b0}};
wire [EW-1:0] ld_bd [0:NBD-1];
wire [NBD-1:0] ld_big;
generate
    for (gi = 0; gi < NBD; gi = gi + 1) begin : g_ldbd
        wire [EW-1:0] km = ld_k[gi] - TWO_NW;
        wire [EW-1:0] bm = ld_e1 + km;
        wire [EW-2:0] bm_unused = bm[EW-2:0];
        assign ld_bd[gi] = ld_e1 + ld_k[gi];
        assign ld_big[gi] = !bm[EW-1];
    end
endgenerate
wire [4:0]    ld_kp = ld_strip && ld_in_pi ? blk_x[4:0] + ld_pi - qd_x[4:0] : 5'd0;

// every bound's next value: kept, + step, - dc_n, + step - dc_n, beside the decisions, which select last; each
// one's "at least 2^NW" flag as the sign of a sum of its own (step less 2^NW is registered; 2^NW + dc_n is a
// concatenation)
wire [EW-1:0] dcn_x = {{(EW-NW){1'b0}}, dc_n};
wire [EW-1:0] dcnm_x = {{(EW-NW-1){1'b0}}, 1'b1, dc_n};
wire [EW-1:0] bd_s [0:NBD-1];
wire [EW-1:0] bd_d [0:NBD-1];
wire [EW-1:0] bd_sd [0:NBD-1];
wire [NBD-1:0] big_s, big_d, big_sd;
generate
    for (gi = 0; gi < NBD; gi = gi + 1) begin : g_bd
        assign bd_s[gi] = bd_r[gi] + step_r;
        assign bd_d[gi] = bd_r[gi] - dcn_x;
        assign bd_sd[gi] = bd_r[gi] + step_r - dcn_x;
        wire [EW-1:0] ms = bd_r[gi] + stepm_r;
        wire [EW-1:0] md = bd_r[gi] - dcnm_x;
        wire [EW-1:0] msd = bd_r[gi] + stepm_r - dcn_x;
        wire [3*EW-4:0] m_unused = {ms[EW-2:0], md[EW-2:0], msd[EW-2:0]};
        assign big_s[gi] = !ms[EW-1];
        assign big_d[gi] = !md[EW-1];
        assign big_sd[gi] = !msd[EW-1];
    end
endgenerate
integer bi;
always @(posedge clk) begin
    if (rst) begin
        none_r <= 1'b1;
        strip_r <= 1'b0;
        blk_r <= 16'd0;
        pi_r <= 5'd0;
        q0_r <= 17'd0;
        step_r <= {EW{1'b0}};
        stepm_r <= {EW{1'b0}};
        mid_r <= 1'b0;
        kp_r <= 5'd0;
        kpi_r <= 6'd0;
        for (bi = 0; bi < NBD; bi = bi + 1)
            bd_r[bi] <= {EW{1'b0}};
        neg_r <= {NBD{1'b0}};
        big_r <= {NBD{1'b0}};
    end else if (load) begin
        none_r <= ld_op == OP_NONE;
        strip_r <= ld_strip;
        blk_r <= ld_blk;
        pi_r <= ld_pi;
        q0_r <= ld_dif_pos;
        step_r <= ld_step;
        mid_r <= 1'b0;
        kp_r <= ld_kp;
        kpi_r <= {1'b0, ld_kp} + {1'b0, ld_pi};
        stepm_r <= ld_step - TWO_NW;
        for (bi = 0; bi < NBD; bi = bi + 1) begin
            bd_r[bi] <= ld_bd[bi];
            neg_r[bi] <= is_neg(ld_bd[bi]);
        end
        big_r <= ld_big;
    end else if (v) begin
        kp_r <= kp_next;
        kpi_r <= kpi_next;
        mid_r <= !pop;
        jm_r <= jm_next;
        jo_r <= jm_next & ~(jm_next << 1);
        for (bi = 0; bi < NBD; bi = bi + 1) begin
            bd_r[bi] <= took_eb ? (pop ? bd_sd[bi] : bd_s[bi]) : (pop ? bd_d[bi] : bd_r[bi]);
            neg_r[bi] <= took_eb ? (pop ? is_neg(bd_sd[bi]) : is_neg(bd_s[bi])) : (pop ? is_neg(bd_d[bi]) : neg_r[bi]);
            big_r[bi] <= took_eb ? (pop ? big_sd[bi] : big_s[bi]) : (pop ? big_d[bi] : big_r[bi]);
        end
    end
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX checker, lane decode: everything mdd_rx_check needs from a word that
 * depends on the word alone (its tags, aux, data, descriptor and offset), not
 * on the checker's state or the engines' results.  mdd_rx_check computes it
 * as a word enters and registers it with the word (its stage 0, D-061), so
 * the state-dependent checks start from registered masks, counts and gathered
 * bytes instead of building them in their own cycle.
 *
 * Outputs, per the checker's fields (docs/rx-path.md section 9, D-041: at most
 * two fields of each kind in a word, field A with no field end below its
 * lanes, field B with one):
 *   - lanes: HDIG / DDIG / PI lanes of enabled engines, aux[1:0] one-hot, the
 *     word's EP count;
 *   - digests (index gk: 0 header, 1 data; per field gx: 0 A, 1 B): end flags
 *     below each lane (one, two), the fields' lanes, whether they end here, the
 *     end flags in front of each field's first lane and last lane (which result
 *     the field expects), the lanes counted in offsets before each field's
 *     first byte (the checker's stage 1 adds the word's offset, D-112) and the number
 *     of EP flags in front of it;
 *   - PI (per PI gx: 0 A, 1 B): PI ends below each lane, whether A / B end
 *     here, the EB flags in front of each PI, the bytes gathered per PI byte
 *     index (present bits and values), the lanes counted in offsets before each subfield's first
 *     byte.
 *   - the transfer's configuration the checks share: engines enabled, PI layout
 *     and the PI byte masks of its subfields.
 *
 * Two parts (D-112): A, from the word, the configuration, every lane's masks
 * and the prefix ORs of the field ends (one and two ends below a lane); B,
 * from A's values, everything else.  PRE_REG = 1 puts a register between
 * them (mdd_rx_check's stage P at W >= 32: A's depth, then B's, each within
 * a cycle); its outputs then belong to the word that entered with en.
 *
 * Parameters: as mdd_rx_check (W, ENG_MASK, TX); PRE_REG (above).
 */
module mdd_rx_check_dec #(
    parameter W = 8,
    parameter [2:0] ENG_MASK = 3'b111,
    parameter TX = 0,
    parameter PRE_REG = 0
) (
    input  wire             clk,        // PRE_REG: the register between parts A and B (below) loads with en
    input  wire             en,
    input  wire [8*W-1:0]   data,
    input  wire [8*W-1:0]   tag,
    input  wire [4*W-1:0]   aux,
    input  wire [511:0]     desc,
    input  wire             dbad,
    input  wire [24:0]      woff_hi,    // woff[31:7]: the word's offset above its lane counts

    output wire             en_h,
    output wire             en_d,
    output wire             en_g,
    output wire [4:0]       guard_len,  // PI layout: guard bytes
    output wire [3:0]       app_start,  // first app-tag byte
    output wire [3:0]       ref_start,  // first reference-tag byte
    output wire [4:0]       ref_len,    // reference-tag bytes
    output wire [15:0]      m_guard,    // PI bytes of the guard [0, guard_len)
    output wire [15:0]      m_app,      // ... of the app tag [app_off, ref_off)
    output wire [15:0]      m_ref,      // ... of the reference tag [ref_off, pi_len)

    output wire [W-1:0]     ln_h,       // HDIG lane, engine built
    output wire [W-1:0]     ln_d,       // DDIG lane, engine built
    output wire [W-1:0]     ln_pi,      // PI lane, guard enabled
    output wire [6:0]       n_ep,       // EP flags in the word

    // digests: [gk*W +: W] / [gk] / [64*gk + 32*gx +: 32] / [14*gk + 7*gx +: 7]
    output wire [2*W-1:0]   d_fl1,      // an end flag below the lane
    output wire [2*W-1:0]   d_fl2,      // two end flags below the lane
    output wire [2*W-1:0]   d_in_a,     // field A's lanes
    output wire [2*W-1:0]   d_in_b,     // field B's lanes
    output wire [1:0]       d_fin_a,    // field A ends in the word
    output wire [1:0]       d_fin_b,    // field B ends in the word
    output wire [1:0]       d_sa0,      // one / two end flags before field A's first lane
    output wire [1:0]       d_sa1,
    output wire [1:0]       d_sb0,      // ... before field B's first lane
    output wire [1:0]       d_sb1,
    output wire [1:0]       d_fa0,      // ... before field A's last lane
    output wire [1:0]       d_fa1,
    output wire [1:0]       d_fb0,      // ... before field B's last lane
    output wire [1:0]       d_fb1,
    output wire [1:0]       d_e0,       // one / two end flags in the word
    output wire [1:0]       d_e1,
    output wire [1:0]       d_rs1,      // an end flag after the word's last field end
    output wire [27:0]      d_ocnt,     // lanes counted in offsets before the field's first byte (the offset is
                                        //   woff plus this, added by the checker's stage 1)
    output wire [27:0]      d_ucnt,     // EP flags before the field's first byte
    output wire [15:0]      d_gpres,    // per digest and field 4 bits: digest byte j is in the word
    output wire [127:0]     d_graw,     // per digest and field 32 bits: byte j at [8j +: 8] (0 when absent)
    output wire [15:0]      d_gs1,      // per digest and field 4 bits: byte j's lane has one / two end flags
    output wire [15:0]      d_gs2,      //   below it (its expected value is the engine's first / second result)

    // PI
    output wire [W-1:0]     p_f1,       // a PI end below the lane (the lane is in PI B)
    output wire             p_fin_a,    // PI A ends in the word
    output wire             p_fin_b,    // PI B ends in the word
    output wire             p_any_a,    // PI A / B has a lane in the word
    output wire             p_any_b,
    output wire             p_ga0,      // one / two EB flags before PI A's first lane
    output wire             p_ga1,
    output wire             p_gb0,      // ... before PI B's first lane
    output wire             p_gb1,
    output wire             p_e0,       // one / two EB flags in the word
    output wire             p_e1,
    output wire             p_rs1,      // an EB flag after the word's last PI end
    output wire [31:0]      p_pres,     // per PI 16 bits: byte j is in the word
    output wire [255:0]     p_raw,      // per PI 128 bits: byte j at [8j +: 8] (0 when absent)
    output wire [41:0]      p_scnt,     // per PI 3 x 7 bits: lanes counted in offsets before the subfield's first
                                        //   byte here
    output wire [24:0]      woff_hi1    // woff[31:7] + 1 (the checker's offset sums)
);

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

// ===========================================================================
// Part A, from the word: the transfer's configuration, every lane's masks, and
// the prefix ORs of the field ends (PRE_REG: registered, loaded with en)
// ===========================================================================
wire [1:0]  proto  = desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire [2:0]  dif_op = desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt = desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];

// an engine left out of ENG_MASK is disabled for every word
wire has_h = ENG_MASK[MDD_ENGINE_HDIG];
wire has_d = ENG_MASK[MDD_ENGINE_DDIG];
wire has_g = ENG_MASK[MDD_ENGINE_GUARD];
wire is_tx = TX != 0;
wire a_en_h = has_h && !dbad && proto == MDD_PROTO_ISCSI && desc[MDD_DESC_HDIG_EN_LSB];
wire a_en_d = has_d && !dbad && desc[MDD_DESC_DDIG_EN_LSB];
wire a_en_g = has_g && !dbad && dif_op != MDD_DIF_NONE;

// PI layout of the transfer's format (a DESC transfer has no PI lane: T10 then)
reg [4:0] a_pi_len, a_guard_len, a_app_off, a_ref_off, a_ref_len;
always @* begin
    case (pi_fmt)
    MDD_PI_NVME32_CODE: begin
        a_pi_len = MDD_PI_NVME32_LEN; a_guard_len = MDD_PI_NVME32_GUARD_LEN; a_app_off = MDD_PI_NVME32_APP_OFF;
        a_ref_off = MDD_PI_NVME32_REF_OFF; a_ref_len = MDD_PI_NVME32_REF_LEN;
    end
    MDD_PI_NVME64_CODE: begin
        a_pi_len = MDD_PI_NVME64_LEN; a_guard_len = MDD_PI_NVME64_GUARD_LEN; a_app_off = MDD_PI_NVME64_APP_OFF;
        a_ref_off = MDD_PI_NVME64_REF_OFF; a_ref_len = MDD_PI_NVME64_REF_LEN;
    end
    default: begin
        a_pi_len = MDD_PI_T10_LEN; a_guard_len = MDD_PI_T10_GUARD_LEN; a_app_off = MDD_PI_T10_APP_OFF;
        a_ref_off = MDD_PI_T10_REF_OFF; a_ref_len = MDD_PI_T10_REF_LEN;
    end
    endcase
end

wire [W-1:0] a_ln_ho;         // counted in offsets: RX every non-VOID lane, TX host lanes only
wire [W-1:0] a_ln_ep;         // EP flag
wire [W-1:0] a_ln_h, a_ln_d;  // HDIG / DDIG lane, engine built
wire [W-1:0] a_ln_pi;         // PI lane, guard enabled
wire [W-1:0] a_fin_h, a_fin_d;              // a digest's last byte (aux[1:0] = 3)
wire [W-1:0] a_pfin;                        // a PI's last byte (aux = pi_len - 1)
wire [W-1:0] a_ps0, a_ps1, a_ps2;           // PI subfield of aux: guard, app, ref
wire [W-1:0] a_fh, a_fd, a_fg;              // end flags EH / ED / EB of enabled engines

genvar gi, gj, gm, gk, gx;
generate
for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
    wire [2:0] kind = tag[8*gi +: 3];
    wire [4:0] a5 = {1'b0, aux[4*gi +: 4]};
    wire       nv = kind != MDD_KIND_VOID;
    wire       q3 = aux[4*gi +: 2] == 2'd3;
    assign a_ln_ho[gi] = is_tx ? (kind == MDD_KIND_HDR || kind == MDD_KIND_PAY
                                  || (kind == MDD_KIND_PI && dif_op != MDD_DIF_INSERT)) : nv;
    assign a_ln_ep[gi] = nv && tag[8*gi + MDD_TAG_EP];
    assign a_ln_h[gi]  = has_h && kind == MDD_KIND_HDIG;
    assign a_ln_d[gi]  = has_d && kind == MDD_KIND_DDIG;
    assign a_fin_h[gi] = has_h && kind == MDD_KIND_HDIG && q3;
    assign a_fin_d[gi] = has_d && kind == MDD_KIND_DDIG && q3;
    assign a_ln_pi[gi] = kind == MDD_KIND_PI && a_en_g;
    assign a_pfin[gi]  = kind == MDD_KIND_PI && a_en_g && a5 == a_pi_len - 5'd1;
    assign a_ps0[gi]   = a5 < a_guard_len;
    assign a_ps1[gi]   = !(a5 < a_guard_len) && a5 < a_ref_off;
    assign a_ps2[gi]   = !(a5 < a_guard_len) && !(a5 < a_ref_off);
    assign a_fh[gi]    = nv && a_en_h && tag[8*gi + MDD_TAG_EH];
    assign a_fd[gi]    = nv && a_en_d && tag[8*gi + MDD_TAG_ED];
    assign a_fg[gi]    = nv && a_en_g && tag[8*gi + MDD_TAG_EB];
end
endgenerate

// the field ends' prefix ORs: one end below the lane (x1), two (x2); the fields A (no end below) and B (one end
// below, not two) follow from them with one gate (the locate stages' chunking leaves at most two of a kind).
// Two below as one prefix network of (some, two or more) pairs, not two prefix ORs in series: part A at W = 64
// 9 -> 6 levels (D-112; equal to lane_below_or(ends & lane_below_or(ends)), proved with yosys sat at W = 64)
function [W-1:0] below2(input [W-1:0] ends);
    integer bs;
    reg [W-1:0] o, t;     // over lanes 0..i: some end, two or more
    begin
        o = ends;
        t = {W{1'b0}};
        for (bs = 1; bs < W; bs = 2 * bs) begin
            t = t | (t << bs) | (o & (o << bs));
            o = o | (o << bs);
        end
        below2 = t << 1;
    end
endfunction
wire [W-1:0] a_eh1 = lane_below_or(a_fin_h), a_eh2 = below2(a_fin_h);
wire [W-1:0] a_ed1 = lane_below_or(a_fin_d), a_ed2 = below2(a_fin_d);
wire [W-1:0] a_fh1 = lane_below_or(a_fh),    a_fh2 = below2(a_fh);
wire [W-1:0] a_fd1 = lane_below_or(a_fd),    a_fd2 = below2(a_fd);
wire [W-1:0] a_pf1 = lane_below_or(a_pfin),  a_pf2 = below2(a_pfin);
wire [W-1:0] a_fg1 = lane_below_or(a_fg);

/* verilator lint_off UNUSEDSIGNAL */   // incr64 results: the low bits are used
wire [63:0] woff_i = incr64({39'd0, woff_hi});
/* verilator lint_on UNUSEDSIGNAL */

// (with PRE_REG, data and aux are also in mdd_rx_check's stage-P word: equal flip-flops with one enable, which
// synthesis merges; part B reads them here so that the decoder stands alone)
localparam AW = 3 + 5 * 5 + 25 + 12 * W + 25 * W;
wire [AW-1:0] a_all = {a_en_h, a_en_d, a_en_g, a_pi_len, a_guard_len, a_app_off, a_ref_off, a_ref_len,
                       woff_i[24:0], data, aux,
                       a_ln_ho, a_ln_ep, a_ln_h, a_ln_d, a_ln_pi, a_fin_h, a_fin_d, a_pfin, a_ps0, a_ps1, a_ps2,
                       a_fh, a_fd, a_fg, a_eh1, a_eh2, a_ed1, a_ed2, a_fh1, a_fh2, a_fd1, a_fd2, a_pf1, a_pf2,
                       a_fg1};
wire [AW-1:0] b_all;
generate
if (PRE_REG != 0) begin : g_pre
    reg [AW-1:0] a_r = {AW{1'b0}};
    always @(posedge clk) begin
        if (en) begin
            a_r <= a_all;
        end
    end
    assign b_all = a_r;
end else begin : g_comb
    assign b_all = a_all;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_clk = clk ^ en;
    /* verilator lint_on UNUSEDSIGNAL */
end
endgenerate

// ===========================================================================
// Part B, from part A's values
// ===========================================================================
wire          b_en_h, b_en_d, b_en_g;
wire [4:0]    pi_len, app_off, ref_off;
wire [8*W-1:0] b_data;
wire [4*W-1:0] b_aux;
wire [W-1:0]  ln_ho, ln_ep, ln_h_b, ln_d_b, ln_pi_b, fin_h, fin_d, pfin, ln_ps0, ln_ps1, ln_ps2;
wire [W-1:0]  ln_fh, ln_fd, ln_fg, eh1, eh2, ed1, ed2, fh1, fh2, fd1, fd2, pf1, pf2, fg1;
assign {b_en_h, b_en_d, b_en_g, pi_len, guard_len, app_off, ref_off, ref_len, woff_hi1, b_data, b_aux,
        ln_ho, ln_ep, ln_h_b, ln_d_b, ln_pi_b, fin_h, fin_d, pfin, ln_ps0, ln_ps1, ln_ps2,
        ln_fh, ln_fd, ln_fg, eh1, eh2, ed1, ed2, fh1, fh2, fd1, fd2, pf1, pf2, fg1} = b_all;
assign en_h = b_en_h;
assign en_d = b_en_d;
assign en_g = b_en_g;
assign ln_h = ln_h_b;
assign ln_d = ln_d_b;
assign ln_pi = ln_pi_b;

/* verilator lint_off UNUSEDSIGNAL */   // offsets < 16: bit 4 is 0
wire [4:0] app_off_w = app_off, ref_off_w = ref_off;
/* verilator lint_on UNUSEDSIGNAL */
assign app_start = app_off_w[3:0];
assign ref_start = ref_off_w[3:0];
assign m_guard = (16'd1 << guard_len) - 16'd1;
assign m_app   = ((16'd1 << ref_off) - 16'd1) & ~((16'd1 << app_off) - 16'd1);
assign m_ref   = ((16'd1 << pi_len) - 16'd1) & ~((16'd1 << ref_off) - 16'd1);

wire [8*W-1:0]  ln_bit;       // data bit m of lane i at [m*W + i]
wire [4*W-1:0]  ln_qeq;       // aux[1:0] = j at [j*W + i]
wire [16*W-1:0] ln_aeq;       // aux = j at [j*W + i]
generate
for (gi = 0; gi < W; gi = gi + 1) begin : g_lane_b
    for (gm = 0; gm < 8; gm = gm + 1) begin : g_bit
        assign ln_bit[gm*W + gi] = b_data[8*gi + gm];
    end
    for (gj = 0; gj < 16; gj = gj + 1) begin : g_aeq
        localparam [3:0] J = gj;
        assign ln_aeq[gj*W + gi] = b_aux[4*gi +: 4] == J;
    end
    for (gj = 0; gj < 4; gj = gj + 1) begin : g_qeq
        localparam [1:0] J = gj;
        assign ln_qeq[gj*W + gi] = b_aux[4*gi +: 2] == J;
    end
end
endgenerate

assign n_ep = lane_popc(ln_ep);

// Lanes counted in front of a field's first lane (offsets: ln_ho; EP counts: ln_ep): the popcount of the lanes
// below the first lane of x.  D-105 selected each lane's prefix count at the field's first lane at W >= 32 instead
// (22 -> 16 levels at W = 64, when the fields' own masks were on the path); with each field's first lane taken
// without its mask (below) the popcount is the shallower at every W (W = 64: 16 -> 14 levels, 2.8k LUT6 fewer, D-112).
function [6:0] cnt_before_first(input [W-1:0] x, input [W-1:0] m);
    cnt_before_first = lane_popc(m & lane_before_first(x));
endfunction

// ---------------------------------------------------------------------------
// Digests: fields A and B
// ---------------------------------------------------------------------------
// A field's first lane is found without the field's mask: A's is the kind's first lane (an end is a lane of the
// kind, so none lies below it), B's the first lane of the kind with an end below it (a second end below that lane
// would be such a lane itself, further down).  Exact for any word; one prefix shallower.
generate
for (gk = 0; gk < 2; gk = gk + 1) begin : g_dig
    wire [W-1:0] isd  = (gk != 0) ? ln_d_b : ln_h_b;
    wire [W-1:0] fin  = (gk != 0) ? fin_d : fin_h;
    wire [W-1:0] e1   = (gk != 0) ? ed1 : eh1;     // a field end below the lane
    wire [W-1:0] e2   = (gk != 0) ? ed2 : eh2;     // two
    wire [W-1:0] fl   = (gk != 0) ? ln_fd : ln_fh;
    wire [W-1:0] fl1  = (gk != 0) ? fd1 : fh1;
    wire [W-1:0] fl2  = (gk != 0) ? fd2 : fh2;
    wire [W-1:0] fl12 = fl & fl1;
    wire [W-1:0] fin2 = fin & e1;
    wire [W-1:0] in_a = isd & ~e1;
    wire [W-1:0] in_b = isd & e1 & ~e2;
    wire [W-1:0] first_a = isd;
    wire [W-1:0] first_b = isd & e1;
    wire [W-1:0] b_sa = lane_before_first(first_a);
    wire [W-1:0] b_sb = lane_before_first(first_b);
    wire [W-1:0] b_fa = lane_before_first(fin);
    wire [W-1:0] b_fb = lane_before_first(fin2);
    assign d_fl1[gk*W +: W] = fl1;
    assign d_fl2[gk*W +: W] = fl2;
    assign d_in_a[gk*W +: W] = in_a;
    assign d_in_b[gk*W +: W] = in_b;
    assign d_fin_a[gk] = |fin;
    assign d_fin_b[gk] = |fin2;
    assign d_sa1[gk] = |(fl12 & b_sa);
    assign d_sa0[gk] = |(fl & b_sa);
    assign d_sb1[gk] = |(fl12 & b_sb);
    assign d_sb0[gk] = |(fl & b_sb);
    assign d_fa1[gk] = |(fl12 & b_fa);
    assign d_fa0[gk] = |(fl & b_fa);
    assign d_fb1[gk] = |(fl12 & b_fb);
    assign d_fb0[gk] = |(fl & b_fb);
    assign d_e1[gk] = |fl12;
    assign d_e0[gk] = |fl;
    assign d_rs1[gk] = |(fl & ~lane_above_or(fin));
    for (gx = 0; gx < 2; gx = gx + 1) begin : g_fld
        wire [W-1:0] in_x = (gx != 0) ? in_b : in_a;
        wire [W-1:0] fx = (gx != 0) ? first_b : first_a;
        assign d_ocnt[14*gk + 7*gx +: 7] = cnt_before_first(fx, ln_ho);
        assign d_ucnt[14*gk + 7*gx +: 7] = cnt_before_first(fx, ln_ep);
        // the field's bytes gathered here, one lane each (a field is one digest's four bytes), with the end
        // flags below their lanes: the checker compares whole bytes without a lane's byte select
        for (gj = 0; gj < 4; gj = gj + 1) begin : g_byte
            wire [W-1:0] sel = in_x & ln_qeq[gj*W +: W];
            assign d_gpres[8*gk + 4*gx + gj] = |sel;
            assign d_gs1[8*gk + 4*gx + gj] = |(sel & fl1);
            assign d_gs2[8*gk + 4*gx + gj] = |(sel & fl2);
            for (gm = 0; gm < 8; gm = gm + 1) begin : g_bit
                assign d_graw[64*gk + 32*gx + 8*gj + gm] = |(sel & ln_bit[gm*W +: W]);
            end
        end
    end
end
endgenerate

// ---------------------------------------------------------------------------
// PI: PIs A and B (first lanes as for the digests: A's is the first PI lane, B's the first with a PI end below)
// ---------------------------------------------------------------------------
wire [W-1:0] g12   = ln_fg & fg1;
wire [W-1:0] pfin2 = pfin & pf1;
wire [W-1:0] pi_a  = ln_pi_b & ~pf1;
wire [W-1:0] pi_b  = ln_pi_b & pf1 & ~pf2;
wire [W-1:0] b_pa  = lane_before_first(ln_pi_b);
wire [W-1:0] b_pb  = lane_before_first(ln_pi_b & pf1);
assign p_f1    = pf1;
assign p_fin_a = |pfin;
assign p_fin_b = |pfin2;
assign p_any_a = |ln_pi_b;
assign p_any_b = |(ln_pi_b & pf1);
assign p_ga1   = |(g12 & b_pa);
assign p_ga0   = |(ln_fg & b_pa);
assign p_gb1   = |(g12 & b_pb);
assign p_gb0   = |(ln_fg & b_pb);
assign p_e1    = |g12;
assign p_e0    = |ln_fg;
assign p_rs1   = |(ln_fg & ~lane_above_or(pfin));

generate
for (gx = 0; gx < 2; gx = gx + 1) begin : g_pi
    wire [W-1:0] in_x = (gx != 0) ? pi_b : pi_a;
    for (gj = 0; gj < 16; gj = gj + 1) begin : g_byte
        wire [W-1:0] sel = in_x & ln_aeq[gj*W +: W];
        assign p_pres[16*gx + gj] = |sel;
        for (gm = 0; gm < 8; gm = gm + 1) begin : g_bit
            assign p_raw[128*gx + 8*gj + gm] = |(sel & ln_bit[gm*W +: W]);
        end
    end
    for (gm = 0; gm < 3; gm = gm + 1) begin : g_sub
        wire [W-1:0] lanes = (gm == 0) ? ln_ps0 : (gm == 1) ? ln_ps1 : ln_ps2;
        assign p_scnt[21*gx + 7*gm +: 7] = cnt_before_first(in_x & lanes, ln_ho);
    end
end
endgenerate

endmodule

`resetall

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
 *     the field expects), the offset of each field's first byte and the number
 *     of EP flags in front of it;
 *   - PI (per PI gx: 0 A, 1 B): PI ends below each lane, whether A / B end
 *     here, the EB flags in front of each PI, the bytes gathered per PI byte
 *     index (present bits and values), the offset of each subfield's first
 *     byte.
 *   - the transfer's configuration the checks share: engines enabled, PI layout
 *     and the PI byte masks of its subfields.
 *
 * Parameters: as mdd_rx_check (W, ENG_MASK, TX).
 */
module mdd_rx_check_dec #(
    parameter W = 8,
    parameter [2:0] ENG_MASK = 3'b111,
    parameter TX = 0
) (
    input  wire [8*W-1:0]   data,
    input  wire [8*W-1:0]   tag,
    input  wire [4*W-1:0]   aux,
    input  wire [511:0]     desc,
    input  wire             dbad,
    input  wire [31:0]      woff,

    output wire             en_h,
    output wire             en_d,
    output wire             en_g,
    output reg  [4:0]       guard_len,  // PI layout: guard bytes
    output wire [3:0]       app_start,  // first app-tag byte
    output wire [3:0]       ref_start,  // first reference-tag byte
    output reg  [4:0]       ref_len,    // reference-tag bytes
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
    output wire [127:0]     d_off,      // offset of the field's first byte
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
    output wire [191:0]     p_soff      // per PI 3 x 32 bits: offset of the subfield's first byte here
);

`include "mdd_formats.vh"
`include "mdd_lane_fn.vh"

wire [1:0]  proto  = desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire [2:0]  dif_op = desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt = desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];

// an engine left out of ENG_MASK is disabled for every word
wire has_h = ENG_MASK[MDD_ENGINE_HDIG];
wire has_d = ENG_MASK[MDD_ENGINE_DDIG];
wire has_g = ENG_MASK[MDD_ENGINE_GUARD];
wire is_tx = TX != 0;
assign en_h = has_h && !dbad && proto == MDD_PROTO_ISCSI && desc[MDD_DESC_HDIG_EN_LSB];
assign en_d = has_d && !dbad && desc[MDD_DESC_DDIG_EN_LSB];
assign en_g = has_g && !dbad && dif_op != MDD_DIF_NONE;

// PI layout of the transfer's format (a DESC transfer has no PI lane: T10 then)
reg [4:0] pi_len, app_off, ref_off;
/* verilator lint_off UNUSEDSIGNAL */   // offsets < 16: bit 4 is 0
wire [4:0] app_off_w = app_off, ref_off_w = ref_off;
/* verilator lint_on UNUSEDSIGNAL */
assign app_start = app_off_w[3:0];
assign ref_start = ref_off_w[3:0];
always @* begin
    case (pi_fmt)
    MDD_PI_NVME32_CODE: begin
        pi_len = MDD_PI_NVME32_LEN; guard_len = MDD_PI_NVME32_GUARD_LEN; app_off = MDD_PI_NVME32_APP_OFF;
        ref_off = MDD_PI_NVME32_REF_OFF; ref_len = MDD_PI_NVME32_REF_LEN;
    end
    MDD_PI_NVME64_CODE: begin
        pi_len = MDD_PI_NVME64_LEN; guard_len = MDD_PI_NVME64_GUARD_LEN; app_off = MDD_PI_NVME64_APP_OFF;
        ref_off = MDD_PI_NVME64_REF_OFF; ref_len = MDD_PI_NVME64_REF_LEN;
    end
    default: begin
        pi_len = MDD_PI_T10_LEN; guard_len = MDD_PI_T10_GUARD_LEN; app_off = MDD_PI_T10_APP_OFF;
        ref_off = MDD_PI_T10_REF_OFF; ref_len = MDD_PI_T10_REF_LEN;
    end
    endcase
end

assign m_guard = (16'd1 << guard_len) - 16'd1;
assign m_app   = ((16'd1 << ref_off) - 16'd1) & ~((16'd1 << app_off) - 16'd1);
assign m_ref   = ((16'd1 << pi_len) - 16'd1) & ~((16'd1 << ref_off) - 16'd1);

// ---------------------------------------------------------------------------
// Per lane
// ---------------------------------------------------------------------------
wire [W-1:0]    ln_ho;        // counted in offsets: RX every non-VOID lane, TX host lanes only
wire [W-1:0]    ln_ep;        // EP flag
wire [W-1:0]    ln_q3;        // aux[1:0] = 3: a digest's last byte
wire [W-1:0]    ln_plast;     // aux = pi_len - 1: a PI's last byte
wire [W-1:0]    ln_ps0, ln_ps1, ln_ps2;   // PI subfield of aux: guard, app, ref
wire [W-1:0]    ln_fh, ln_fd, ln_fg;      // end flags EH / ED / EB of enabled engines
wire [8*W-1:0]  ln_bit;       // data bit m of lane i at [m*W + i]
wire [4*W-1:0]  ln_qeq;       // aux[1:0] = j at [j*W + i]
wire [16*W-1:0] ln_aeq;       // aux = j at [j*W + i]

genvar gi, gj, gm, gk, gx;
generate
for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
    wire [2:0] kind = tag[8*gi +: 3];
    wire [4:0] a5 = {1'b0, aux[4*gi +: 4]};
    wire       nv = kind != MDD_KIND_VOID;
    assign ln_ho[gi]    = is_tx ? (kind == MDD_KIND_HDR || kind == MDD_KIND_PAY
                                   || (kind == MDD_KIND_PI && dif_op != MDD_DIF_INSERT)) : nv;
    assign ln_ep[gi]    = nv && tag[8*gi + MDD_TAG_EP];
    assign ln_h[gi]     = has_h && kind == MDD_KIND_HDIG;
    assign ln_d[gi]     = has_d && kind == MDD_KIND_DDIG;
    assign ln_q3[gi]    = aux[4*gi +: 2] == 2'd3;
    assign ln_pi[gi]    = kind == MDD_KIND_PI && en_g;
    assign ln_plast[gi] = a5 == pi_len - 5'd1;
    assign ln_ps0[gi]   = a5 < guard_len;
    assign ln_ps1[gi]   = !(a5 < guard_len) && a5 < ref_off;
    assign ln_ps2[gi]   = !(a5 < guard_len) && !(a5 < ref_off);
    assign ln_fh[gi]    = nv && en_h && tag[8*gi + MDD_TAG_EH];
    assign ln_fd[gi]    = nv && en_d && tag[8*gi + MDD_TAG_ED];
    assign ln_fg[gi]    = nv && en_g && tag[8*gi + MDD_TAG_EB];
    for (gm = 0; gm < 8; gm = gm + 1) begin : g_bit
        assign ln_bit[gm*W + gi] = data[8*gi + gm];
    end
    for (gj = 0; gj < 16; gj = gj + 1) begin : g_aeq
        localparam [3:0] J = gj;
        assign ln_aeq[gj*W + gi] = aux[4*gi +: 4] == J;
    end
    for (gj = 0; gj < 4; gj = gj + 1) begin : g_qeq
        localparam [1:0] J = gj;
        assign ln_qeq[gj*W + gi] = aux[4*gi +: 2] == J;
    end
end
endgenerate

assign n_ep = lane_popc(ln_ep);

// Fields A and B of a kind (digest or PI): its lanes before the first field end, and between the first and
// the second; {B, A}. `ends` marks each field's last lane.
function [2*W-1:0] fields_ab(input [W-1:0] lanes, input [W-1:0] ends);
    reg [W-1:0] e1;
    begin
        e1 = lane_below_or(ends);
        fields_ab = {lanes & e1 & ~lane_below_or(ends & e1), lanes & ~e1};
    end
endfunction

// Lanes counted in front of a field's first lane (offsets: ln_ho; EP counts: ln_ep).  At W >= 32 every lane's
// prefix count is made once, beside the masks, and the one at the field's first lane selected, instead of a
// popcount of the lanes before it behind the field's mask (D-105:
// W = 64's path through the PI subfields' offsets, 22 -> 16 levels); below 32 lanes the popcount behind the mask
// is the shallower (W = 8: 7 against 10 levels).
wire [8*W-1:0] cb_ho, cb_ep;
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]     ct_ho, ct_ep;     // (the totals: not needed, see cnt_before_first)
/* verilator lint_on UNUSEDSIGNAL */
mdd_lane_count #(.W(W), .CW(8)) u_cnt_ho (.clk(1'b0), .en(1'b0), .mask(ln_ho), .cnt_below(cb_ho), .cnt_total(ct_ho));
mdd_lane_count #(.W(W), .CW(8)) u_cnt_ep (.clk(1'b0), .en(1'b0), .mask(ln_ep), .cnt_below(cb_ep), .cnt_total(ct_ep));

// the lanes of m below the first set lane of x (W >= 32: cb, m's prefix count per lane; counts <= 64; with x
// empty the result is never read, see below).
// The first lane as a binary index (ORs of its one-hot) and the counts read through a mux tree: a one-hot AND-OR
// of the counts mapped as a priority chain of MUXFs (W = 64: the same 16 levels, about 1k LUTs more).
/* verilator lint_off UNUSEDSIGNAL */
function [6:0] cnt_before_first(input [W-1:0] x, input [W-1:0] m, input [8*W-1:0] cb);
    reg [W:0]       f;     // the first lane, one-hot; position W when x is empty
    reg [7:0]       idx;
    reg [8*2*W-1:0] cbx;
    integer i, b;
    begin
        if (W >= 32) begin
            f = {x == {W{1'b0}}, x & ~lane_below_or(x)};
            idx = 8'd0;
            for (b = 0; b < 8; b = b + 1)
                for (i = 0; i <= W; i = i + 1)
                    if (((i >> b) & 1) == 1) idx[b] = idx[b] | f[i];
            // (no lane here: 0.  That value is never read: an absent field's offset and count come from the carried
            // state, or no event of it is due; lockstep with it replaced kills nothing.  A total here would put the
            // prefix network's deepest count on the path: W = 64 TX digest-only, p_soff 12 -> 17 levels)
            cbx = {{(8*W){1'b0}}, cb};
            cnt_before_first = cbx[8*idx +: 7];
        end else begin
            cnt_before_first = lane_popc(m & lane_before_first(x));
        end
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

/* verilator lint_off UNUSEDSIGNAL */   // incr64 results: the low bits are used
wire [63:0] woff_i   = incr64({39'd0, woff[31:7]});
/* verilator lint_on UNUSEDSIGNAL */
wire [24:0] woff_hi1 = woff_i[24:0];

// ---------------------------------------------------------------------------
// Digests: fields A and B
// ---------------------------------------------------------------------------
generate
for (gk = 0; gk < 2; gk = gk + 1) begin : g_dig
    wire [W-1:0] isd  = (gk != 0) ? ln_d : ln_h;
    wire [W-1:0] fin  = isd & ln_q3;
    wire [W-1:0] fl   = (gk != 0) ? ln_fd : ln_fh;
    wire [W-1:0] fl1  = lane_below_or(fl);
    wire [W-1:0] fl12 = fl & fl1;
    wire [W-1:0] fin2 = fin & lane_below_or(fin);
    wire [W-1:0] in_a, in_b;
    assign {in_b, in_a} = fields_ab(isd, fin);
    wire [W-1:0] b_sa = lane_before_first(in_a);
    wire [W-1:0] b_sb = lane_before_first(in_b);
    wire [W-1:0] b_fa = lane_before_first(fin);
    wire [W-1:0] b_fb = lane_before_first(fin2);
    assign d_fl1[gk*W +: W] = fl1;
    assign d_fl2[gk*W +: W] = lane_below_or(fl12);
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
        assign d_off[64*gk + 32*gx +: 32] = plus_count(woff, woff_hi1, cnt_before_first(in_x, ln_ho, cb_ho));
        assign d_ucnt[14*gk + 7*gx +: 7] = cnt_before_first(in_x, ln_ep, cb_ep);
        // the field's bytes gathered here, one lane each (a field is one digest's four bytes), with the end
        // flags below their lanes: the checker compares whole bytes without a lane's byte select
        for (gj = 0; gj < 4; gj = gj + 1) begin : g_byte
            wire [W-1:0] sel = in_x & ln_qeq[gj*W +: W];
            assign d_gpres[8*gk + 4*gx + gj] = |sel;
            assign d_gs1[8*gk + 4*gx + gj] = |(sel & fl1);
            assign d_gs2[8*gk + 4*gx + gj] = |(sel & lane_below_or(fl12));
            for (gm = 0; gm < 8; gm = gm + 1) begin : g_bit
                assign d_graw[64*gk + 32*gx + 8*gj + gm] = |(sel & ln_bit[gm*W +: W]);
            end
        end
    end
end
endgenerate

// ---------------------------------------------------------------------------
// PI: PIs A and B
// ---------------------------------------------------------------------------
wire [W-1:0] pfin  = ln_pi & ln_plast;
wire [W-1:0] g12   = ln_fg & lane_below_or(ln_fg);
wire [W-1:0] pf1   = lane_below_or(pfin);
wire [W-1:0] pfin2 = pfin & pf1;
wire [W-1:0] pi_a, pi_b;
assign {pi_b, pi_a} = fields_ab(ln_pi, pfin);
wire [W-1:0] b_pa  = lane_before_first(pi_a);
wire [W-1:0] b_pb  = lane_before_first(pi_b);
assign p_f1    = pf1;
assign p_fin_a = |pfin;
assign p_fin_b = |pfin2;
assign p_any_a = |pi_a;
assign p_any_b = |pi_b;
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
        assign p_soff[96*gx + 32*gm +: 32] =
            plus_count(woff, woff_hi1, cnt_before_first(in_x & lanes, ln_ho, cb_ho));
    end
end
endgenerate

endmodule

`resetall

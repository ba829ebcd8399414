// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX locate stage L3: DIF positions.
 *
 * The third locate stage (docs/rx-path.md section 8).  For a transfer with
 * dif_op != NONE (and a legal descriptor), every PAY lane that L2 located
 * walks the DIF position counter dif_pos (docs/ARCHITECTURE.md 4.2: it skips
 * every other kind): dif_pos < blk_len stays PAY (guard data; EB on the
 * block's last data byte, dif_pos = blk_len - 1), dif_pos >= blk_len becomes
 * PI with aux = dif_pos - blk_len and K = 0 for CHECK_STRIP, 1 otherwise.
 * The flags L2 set (ED, EP) stay on the lane.  dif_pos wraps at
 * blk_len + pi_len.  Every other lane, and every lane of a transfer with
 * dif_op = NONE or a failed descriptor, passes unchanged.  On the transfer's
 * last word the descriptor's DIF_POS is advanced (dif_op != NONE).
 *
 * Chunking: an emitted word holds at most one block start (a PAY lane at
 * dif_pos 0), so each lane's position is base + prefix count minus at most one
 * period.  A word with a second block start leaves in several cycles, each a
 * prefix of the remaining lanes (the rest VOID), holding stage A (and I)
 * until the last part: m_nin / m_woff follow the lanes (the last part takes
 * what remains of s_nin), the input's error record and events leave with the
 * first part.  blk_len + pi_len >= W + 1 never splits a word.
 *
 * Structure (D-040, D-064, D-068): three stages, no value carried from lane
 * to lane.
 *   I  the input register: the word, whether the transfer is active, the
 *      block period, the state a transfer's first word loads, and the first
 *      log2(W) - 2 adder levels of its PAY (of an active transfer) and
 *      non-VOID lanes' prefix counts (mdd_lane_count with TAIL = 2, a Kogge-Stone network
 *      cut by a register).
 *   A  the word with its lane counts (the network's last two levels on the
 *      way in from I), its PAY count.  Everything that depends on the word
 *      alone is computed on the way in, so the lane counts are not on any
 *      path into the position state, and the part of the count inside the
 *      hold loop (stage I holds while A splits) is two adder levels.
 *   B  the parts of A's word into the output register.  The state is where
 *      the next block start lies in the word's PAY count (e_r), not the
 *      position of the next PAY byte: with e_r, ep_r = e_r + period and em_r =
 *      e_r - period as registers, the next state is a register minus the
 *      word's PAY count, chosen by two compares (loop: 4 LUT levels at W = 8),
 *      and every per-lane decision (PAY / PI, EB, aux, the cut at the second
 *      block start c = ep_r) is a compare of the lane's count with a register
 *      plus a descriptor constant.  A transfer's first word loads the state
 *      from its descriptor's DIF_POS as it enters A (computed as it enters
 *      I).  DIF_POS for the
 *      descriptor is (PAY count - e_r) mod period, chosen among two
 *      subtractions.
 *
 * Flow control (D-029): advance = m_ready | ~m_valid; stage A takes stage
 * I's word when empty or its word's last part leaves (advance and no cut);
 * s_ready = stage I empty or its word moving to A: one word per clock at full
 * rate.  Latency three clocks (one until D-064, two until D-068).  rst clears
 * the valid bits and the split state; data registers and the position state
 * are not reset (a transfer's first word loads the latter).
 */
module mdd_rx_loc_dif #(
    parameter W = 8
) (
    input  wire           clk,
    input  wire           rst,

    input  wire           s_valid,
    output wire           s_ready,
    input  wire [8*W-1:0] s_data,
    input  wire [8*W-1:0] s_tag,
    input  wire [4*W-1:0] s_aux,
    input  wire           s_first,
    input  wire           s_last,
    input  wire [31:0]    s_woff,
    input  wire [7:0]     s_nin,
    input  wire           s_dbad,
    input  wire [511:0]   s_desc,
    input  wire [7:0]     s_xflags,
    input  wire           s_err_v,
    input  wire [7:0]     s_err_code,
    input  wire [7:0]     s_err_byte,
    input  wire [31:0]    s_err_off,
    input  wire [31:0]    s_err_unit,
    input  wire [63:0]    s_err_exp,
    input  wire [63:0]    s_err_got,
    input  wire [15:0]    s_emap,
    input  wire [7:0]     s_ecnt,

    output wire           m_valid,
    input  wire           m_ready,
    output wire [8*W-1:0] m_data,
    output wire [8*W-1:0] m_tag,
    output wire [4*W-1:0] m_aux,
    output wire           m_first,
    output wire           m_last,
    output wire [31:0]    m_woff,
    output wire [7:0]     m_nin,
    output wire           m_dbad,
    output wire [511:0]   m_desc,
    output wire [7:0]     m_xflags,
    output wire           m_err_v,
    output wire [7:0]     m_err_code,
    output wire [7:0]     m_err_byte,
    output wire [31:0]    m_err_off,
    output wire [31:0]    m_err_unit,
    output wire [63:0]    m_err_exp,
    output wire [63:0]    m_err_got,
    output wire [15:0]    m_emap,
    output wire [7:0]     m_ecnt
);

`include "mdd_formats.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

localparam [7:0] TAG_VOID = {5'd0, MDD_KIND_VOID};
localparam [7:0] KIND_K_MASK = 8'd1 << MDD_TAG_K | 8'd7;
localparam [7:0] TAG_PI_K = {5'd0, MDD_KIND_PI} | 8'd1 << MDD_TAG_K;
localparam [7:0] TAG_PI = {5'd0, MDD_KIND_PI};

// Descriptor fields of a word (the same on every word of a transfer)
function [17:0] pi_len_of;       // the PI length of a PI format
    input [1:0] fmt;
    pi_len_of = {13'd0, mdd_pi_len(fmt)};
endfunction

// -------------------------------------------------------------------------
// Stage I: the input register (D-068).  It holds the word, whether the
// transfer is active, the block period, and the lane counts half done: the
// PAY lanes' of an active transfer and the non-VOID lanes' prefix counts are
// a Kogge-Stone network (mdd_lane_count with TAIL = 2) whose first log2(W) - 2 stages run
// from the input ports into a register beside the word and whose last two
// run from there into stage A.  Stage I holds its word while stage A splits
// its own, so what runs from stage I into stage A is inside the hold loop:
// two adder levels, not the whole count (D-064's 10 levels at W = 64).
// -------------------------------------------------------------------------

wire [2:0]  s_dif_op = s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire        s_active = !s_dbad && s_dif_op != MDD_DIF_NONE[2:0];
wire [17:0] s_period = {2'd0, s_desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W]} + pi_len_of(s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W]);

wire [W-1:0] s_pay_m;      // PAY lanes of an active transfer
wire [W-1:0] s_nvoid_m;    // non-VOID lanes

genvar i, k;
generate
    for (i = 0; i < W; i = i + 1) begin : g_mask
        assign s_pay_m[i] = s_active && s_tag[8*i +: 3] == MDD_KIND_PAY;
        assign s_nvoid_m[i] = s_tag[8*i +: 3] != MDD_KIND_VOID;
    end
endgenerate

reg           i_valid = 1'b0;
reg [8*W-1:0] i_data = {8*W{1'b0}};
reg [8*W-1:0] i_tag = {8*W{1'b0}};
reg [4*W-1:0] i_aux = {4*W{1'b0}};
reg           i_first = 1'b0;
reg           i_last = 1'b0;
reg [31:0]    i_woff = 32'd0;
reg [7:0]     i_nin = 8'd0;
reg           i_dbad = 1'b0;
reg [511:0]   i_desc = 512'd0;
reg [7:0]     i_xflags = 8'd0;
reg           i_err_v = 1'b0;
reg [7:0]     i_err_code = 8'd0;
reg [7:0]     i_err_byte = 8'd0;
reg [31:0]    i_err_off = 32'd0;
reg [31:0]    i_err_unit = 32'd0;
reg [63:0]    i_err_exp = 64'd0;
reg [63:0]    i_err_got = 64'd0;
reg [15:0]    i_emap = 16'd0;
reg [7:0]     i_ecnt = 8'd0;
reg           i_active = 1'b0;
reg [17:0]    i_period = 18'd0;
reg [19:0]    i_r0 = 20'd0;          // the state a transfer's first word loads (below)
reg [19:0]    i_r0p = 20'd0;
reg [19:0]    i_r0m = 20'd0;

wire [16:0] s_dpos = s_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W];
wire [19:0] s_r0  = s_dpos == 17'd0 ? 20'd0 : {2'd0, s_period} - {3'd0, s_dpos};
wire [19:0] s_r0p = s_r0 + {2'd0, s_period};
wire [19:0] s_r0m = s_r0 - {2'd0, s_period};

// -------------------------------------------------------------------------
// Stage A: the word with everything that depends on the word alone: the PAY
// lanes' prefix counts and the non-VOID lanes' (the last two adder levels of
// mdd_lane_count after stage I), the word's PAY count, and whether the
// transfer is active.  The counts therefore leave the path into the position
// state (D-064).  A word stays in stage A until its last part has left; it
// takes stage I's word when empty or its word leaving this cycle.
// -------------------------------------------------------------------------

wire [8*W-1:0] i_pay_below;   // PAY lanes of stage I's word below lane i
wire [7:0]     i_pay_all;     // PAY lanes of the word (0 unless active: the mask is gated)
wire [8*W-1:0] i_nv_below;    // non-VOID lanes of the word below lane i
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]     i_nv_total;    // (only the counts below a cut are needed)
/* verilator lint_on UNUSEDSIGNAL */
wire           i_load;        // stage I takes the input word

mdd_lane_count #(.W(W), .CW(8), .TAIL(2)) u_pay_count (.clk(clk), .en(i_load), .mask(s_pay_m),
                                                        .cnt_below(i_pay_below), .cnt_total(i_pay_all));
mdd_lane_count #(.W(W), .CW(8), .TAIL(2)) u_nvoid_count (.clk(clk), .en(i_load), .mask(s_nvoid_m),
                                                          .cnt_below(i_nv_below), .cnt_total(i_nv_total));

reg           a_valid = 1'b0;
reg [8*W-1:0] a_data = {8*W{1'b0}};
reg [8*W-1:0] a_tag = {8*W{1'b0}};
reg [4*W-1:0] a_aux = {4*W{1'b0}};
reg           a_first = 1'b0;
reg           a_last = 1'b0;
reg [31:0]    a_woff = 32'd0;
reg [7:0]     a_nin = 8'd0;
reg           a_dbad = 1'b0;
reg [511:0]   a_desc = 512'd0;
reg [7:0]     a_xflags = 8'd0;
reg           a_err_v = 1'b0;
reg [7:0]     a_err_code = 8'd0;
reg [7:0]     a_err_byte = 8'd0;
reg [31:0]    a_err_off = 32'd0;
reg [31:0]    a_err_unit = 32'd0;
reg [63:0]    a_err_exp = 64'd0;
reg [63:0]    a_err_got = 64'd0;
reg [15:0]    a_emap = 16'd0;
reg [7:0]     a_ecnt = 8'd0;
reg           a_active = 1'b0;
reg [8*W-1:0] a_pay_below = {8*W{1'b0}};
reg [7:0]     a_pay_all = 8'd0;      // 0 unless active
reg [17:0]    a_period = 18'd0;      // blk_len + pi_len (the adder off the state's loop)
// the descriptor's constants of the lane thresholds, as registers (no decode or adder in front of them)
reg [4:0]     a_pi_len = 5'd0;       // pi_len (8 or 16)
reg [4:0]     a_pi_len1 = 5'd0;      // pi_len + 1
reg [19:0]    a_blk_m1 = 20'd0;      // blk_len - 1 (20 bits, as the threshold's sum)
reg [8*W-1:0] a_nv_below = {8*W{1'b0}};

// -------------------------------------------------------------------------
// Stage B: the parts of the word in stage A, and the DIF position state.
//
// The state is not the position but where the next block start lies in the
// word's PAY count: e_r = base + (period - cur) mod period, with cur the
// position of the part's first PAY lane and base the PAY lanes of the word
// already emitted.  A PAY lane with c PAY lanes of the word below it sits at
//   c <  e_r:  pos = period - e_r + c  (the rest of the current block period)
//   c >= e_r:  pos = c - e_r           (the next period)
// and the second block start, where the part ends, is at c = e_r + period
// (ep_r).  The state is kept as e_r, ep_r = e_r + period and em_r = e_r -
// period, so every next value is a register minus the word's PAY count (the
// loop: a compare, a subtraction and a select), and every per-lane decision
// is a compare of the lane's count with a register plus a constant of the
// descriptor.  A new transfer's first word loads them from its descriptor's
// DIF_POS as it enters stage A (computed as it entered stage I).
// -------------------------------------------------------------------------

reg [19:0] e_r = 20'd0;
reg [19:0] ep_r = 20'd0;
reg [19:0] em_r = 20'd0;
reg        first_r = 1'b1;       // the part is the word's first (no lane of stage A emitted yet)
reg [7:0]  used_r = 8'd0;        // input bytes of stage A's word already emitted
reg [7:0]  base_r = 8'd0;        // PAY lanes of stage A's word already emitted

reg  m_valid_r = 1'b0;
wire advance = m_ready || !m_valid_r;
wire emit = a_valid && advance;

wire        pi_keep = a_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W] != MDD_DIF_CHECK_STRIP[2:0];
wire [15:0] blk_len = a_desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W];
wire [17:0] pi_len  = {13'd0, a_pi_len};
wire [17:0] period  = a_period;
wire [7:0]  used = first_r ? 8'd0 : used_r;

// c (0..W, 8 bits) >= t / == t for a signed 20-bit t
function ge_t;
    input [7:0]  c;
    input [19:0] t;
    ge_t = t[19] || (t[18:8] == 11'd0 && c >= t[7:0]);
endfunction
function eq_t;
    input [7:0]  c;
    input [19:0] t;
    eq_t = t[19:8] == 12'd0 && c == t[7:0];
endfunction

// Per-word thresholds: a register plus a descriptor constant each
wire [19:0] t_pay0 = e_r - {2'd0, pi_len};              // c < e_r: PAY while pos < blk_len
wire [19:0] t_pay1 = e_r + {4'd0, blk_len};             // c >= e_r: PAY while c - e_r < blk_len
wire [19:0] t_eb0  = e_r - {15'd0, a_pi_len1};          // EB: pos + 1 == blk_len
wire [19:0] t_eb1  = e_r + a_blk_m1;
// aux of a PI lane = (pos - blk_len)[3:0] = c[3:0] + one of these
wire [3:0]  a_pi0 = pi_len[3:0] - e_r[3:0];
wire [3:0]  a_pi1 = 4'd0 - e_r[3:0] - blk_len[3:0];
wire        ep_small = ep_r[19:8] == 12'd0;

// The part ends before the first PAY lane at the second block start (c == ep_r); the lanes of earlier parts
// are those whose inclusive count is at most base_r (the previous part ended before the PAY lane at
// c == base_r).  The counts of a word of an inactive transfer are ignored: it is never cut.
wire [W-1:0] cut_m;      // lanes at or after the second block start
wire [W-1:0] edge_m;     // the PAY lane at the second block start
wire [W-1:0] c_in;
wire [8*W-1:0] c_tag;
wire [4*W-1:0] c_aux;

generate
    for (i = 0; i < W; i = i + 1) begin : g_lane
        wire [7:0] c = a_pay_below[8*i +: 8];    // PAY lanes of the word before lane i
        wire [7:0] incl;                          // ... and up to lane i
        if (i == W - 1) begin : g_last
            assign incl = a_pay_all;
        end else begin : g_next
            assign incl = a_pay_below[8*(i + 1) +: 8];
        end
        wire [7:0] t  = a_tag[8*i +: 8];
        wire       pay = a_active && t[2:0] == MDD_KIND_PAY;
        assign cut_m[i] = a_active && ep_small && incl > ep_r[7:0];
        assign edge_m[i] = pay && ep_small && c == ep_r[7:0];
        assign c_in[i] = !cut_m[i] && (first_r || incl > base_r);

        wire       wr = ge_t(c, e_r);
        wire       pl = wr ? !ge_t(c, t_pay1) : !ge_t(c, t_pay0);    // stays PAY
        wire       eb = wr ? eq_t(c, t_eb1) : eq_t(c, t_eb0);
        wire [3:0] ap = c[3:0] + (wr ? a_pi1 : a_pi0);

        reg [7:0] lt;
        reg [3:0] la;
        always @* begin
            lt = TAG_VOID;
            la = 4'd0;
            if (c_in[i]) begin
                lt = t;
                la = a_aux[4*i +: 4];
                if (pay) begin
                    if (pl) begin
                        lt[MDD_TAG_EB] = t[MDD_TAG_EB] | eb;
                    end else begin
                        lt = (t & ~KIND_K_MASK) | (pi_keep ? TAG_PI_K : TAG_PI);
                        la = ap;
                    end
                end
            end
        end
        assign c_tag[8*i +: 8] = lt;
        assign c_aux[4*i +: 4] = la;
    end
endgenerate

// the word's last part: no PAY lane at the second block start
wire c_final = !(ep_small && a_pay_all > ep_r[7:0]);
wire take = emit && c_final;
wire load = i_valid && (!a_valid || take);     // stage I -> A
assign s_ready = !i_valid || load;
assign i_load = s_valid && s_ready;

// Input bytes up to this part (needed only when it is cut): the word's non-VOID lanes below the cut lane,
// selected one-hot; the part's own are those minus the bytes already emitted.
wire [7:0] c_nupto;
generate
    for (k = 0; k < 8; k = k + 1) begin : g_nb
        wire [W-1:0] sel;
        for (i = 0; i < W; i = i + 1) begin : g_ln
            assign sel[i] = edge_m[i] && a_nv_below[8*i + k];
        end
        assign c_nupto[k] = |sel;
    end
endgenerate
wire [7:0] nin_part = c_final ? a_nin - used : c_nupto - used;

// Position after the word's last part, (cur + its PAY lanes) mod period = (pay_all - e_r) mod period with
// pay_all <= ep_r: pay_all - em_r below e_r, else pay_all - e_r (0 at ep_r).
wire [19:0] p20 = {12'd0, a_pay_all};
wire        p_lt_e = p20 < e_r;
wire        p_le_e = p20 <= e_r;     // the next word's state: r' = (r - P) mod period, 0 at pay_all == e_r
/* verilator lint_off UNUSEDSIGNAL */
wire [19:0] f_lo = p20 - em_r;
wire [19:0] f_hi = p20 - e_r;
wire [19:0] f_pos = p_lt_e ? f_lo : (p20 == ep_r ? 20'd0 : f_hi);    // < period: bits 19:17 are 0
/* verilator lint_on UNUSEDSIGNAL */

/* verilator lint_off UNUSEDSIGNAL */
wire [17:0] i_pi_len = pi_len_of(i_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W]);   // (8 or 16)
/* verilator lint_on UNUSEDSIGNAL */

reg [511:0] c_desc;
always @* begin
    c_desc = a_desc;
    if (a_last && c_final && a_active) c_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W] = f_pos[16:0];
end

// The next word's state: from its descriptor when it starts a transfer (r0 = (period - DIF_POS) mod period),
// else from this word's last part; after a cut the next part starts at a block start (e = ep_r).
// (r0 and its neighbours are computed from the input word as it enters stage I: kept there as registers, they
// are no path inside the hold loop)
wire [19:0] ep_per = ep_r + {2'd0, period};

always @(posedge clk) begin
    if (rst) begin
        i_valid <= 1'b0;
        a_valid <= 1'b0;
        first_r <= 1'b1;
        used_r <= 8'd0;
        base_r <= 8'd0;
    end else begin
        if (i_load) begin
            i_valid <= 1'b1;
        end else if (load) begin
            i_valid <= 1'b0;
        end
        if (load) begin
            a_valid <= 1'b1;
        end else if (take) begin
            a_valid <= 1'b0;
        end
        if (emit) begin
            first_r <= c_final;
            used_r <= c_final ? 8'd0 : c_nupto;
            base_r <= c_final ? 8'd0 : ep_r[7:0];     // a cut part ends at c = ep_r (< 256)
        end
    end
    if (load && i_first) begin
        e_r <= i_r0;
        ep_r <= i_r0p;
        em_r <= i_r0m;
    end else if (emit && !c_final) begin
        e_r <= ep_r;
        ep_r <= ep_per;
        em_r <= e_r;
    end else if (take && p_le_e) begin
        e_r <= e_r - p20;
        ep_r <= ep_r - p20;
        em_r <= em_r - p20;
    end else if (take) begin
        e_r <= ep_r - p20;
        ep_r <= ep_per - p20;
        em_r <= e_r - p20;
    end
    if (i_load) begin
        i_data <= s_data;
        i_tag <= s_tag;
        i_aux <= s_aux;
        i_first <= s_first;
        i_last <= s_last;
        i_woff <= s_woff;
        i_nin <= s_nin;
        i_dbad <= s_dbad;
        i_desc <= s_desc;
        i_xflags <= s_xflags;
        i_err_v <= s_err_v;
        i_err_code <= s_err_code;
        i_err_byte <= s_err_byte;
        i_err_off <= s_err_off;
        i_err_unit <= s_err_unit;
        i_err_exp <= s_err_exp;
        i_err_got <= s_err_got;
        i_emap <= s_emap;
        i_ecnt <= s_ecnt;
        i_active <= s_active;
        i_period <= s_period;
        i_r0 <= s_r0;
        i_r0p <= s_r0p;
        i_r0m <= s_r0m;
    end
    if (load) begin
        a_data <= i_data;
        a_tag <= i_tag;
        a_aux <= i_aux;
        a_first <= i_first;
        a_last <= i_last;
        a_woff <= i_woff;
        a_nin <= i_nin;
        a_dbad <= i_dbad;
        a_desc <= i_desc;
        a_xflags <= i_xflags;
        a_err_v <= i_err_v;
        a_err_code <= i_err_code;
        a_err_byte <= i_err_byte;
        a_err_off <= i_err_off;
        a_err_unit <= i_err_unit;
        a_err_exp <= i_err_exp;
        a_err_got <= i_err_got;
        a_emap <= i_emap;
        a_ecnt <= i_ecnt;
        a_active <= i_active;
        a_pay_below <= i_pay_below;
        a_pay_all <= i_pay_all;      // 0 unless active (the mask is gated)
        a_nv_below <= i_nv_below;
        a_period <= i_period;
        a_pi_len <= i_pi_len[4:0];
        a_pi_len1 <= i_pi_len[4:0] + 5'd1;
        a_blk_m1 <= {4'd0, i_desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W]} - 20'd1;
    end
end

// -------------------------------------------------------------------------
// Output register
// -------------------------------------------------------------------------

reg [8*W-1:0] m_data_r = {8*W{1'b0}};
reg [8*W-1:0] m_tag_r = {8*W{1'b0}};
reg [4*W-1:0] m_aux_r = {4*W{1'b0}};
reg           m_first_r = 1'b0;
reg           m_last_r = 1'b0;
reg [31:0]    m_woff_r = 32'd0;
reg [7:0]     m_nin_r = 8'd0;
reg           m_dbad_r = 1'b0;
reg [511:0]   m_desc_r = 512'd0;
reg [7:0]     m_xflags_r = 8'd0;
reg           m_err_v_r = 1'b0;
reg [7:0]     m_err_code_r = 8'd0;
reg [7:0]     m_err_byte_r = 8'd0;
reg [31:0]    m_err_off_r = 32'd0;
reg [31:0]    m_err_unit_r = 32'd0;
reg [63:0]    m_err_exp_r = 64'd0;
reg [63:0]    m_err_got_r = 64'd0;
reg [15:0]    m_emap_r = 16'd0;
reg [7:0]     m_ecnt_r = 8'd0;

always @(posedge clk) begin
    if (rst) begin
        m_valid_r <= 1'b0;
    end else if (advance) begin
        m_valid_r <= a_valid;
    end
    if (emit) begin
        m_data_r <= a_data;
        m_tag_r <= c_tag;
        m_aux_r <= c_aux;
        m_first_r <= a_first && first_r;
        m_last_r <= a_last && c_final;
        m_woff_r <= a_woff + {24'd0, used};
        m_nin_r <= nin_part;
        m_dbad_r <= a_dbad;
        m_desc_r <= c_desc;
        m_xflags_r <= a_xflags;
        // the input's events leave with its first part
        m_err_v_r <= first_r && a_err_v;
        m_err_code_r <= first_r ? a_err_code : 8'd0;
        m_err_byte_r <= first_r ? a_err_byte : 8'd0;
        m_err_off_r <= first_r ? a_err_off : 32'd0;
        m_err_unit_r <= first_r ? a_err_unit : 32'd0;
        m_err_exp_r <= first_r ? a_err_exp : 64'd0;
        m_err_got_r <= first_r ? a_err_got : 64'd0;
        m_emap_r <= first_r ? a_emap : 16'd0;
        m_ecnt_r <= first_r ? a_ecnt : 8'd0;
    end
end

assign m_valid = m_valid_r;
assign m_data = m_data_r;
assign m_tag = m_tag_r;
assign m_aux = m_aux_r;
assign m_first = m_first_r;
assign m_last = m_last_r;
assign m_woff = m_woff_r;
assign m_nin = m_nin_r;
assign m_dbad = m_dbad_r;
assign m_desc = m_desc_r;
assign m_xflags = m_xflags_r;
assign m_err_v = m_err_v_r;
assign m_err_code = m_err_code_r;
assign m_err_byte = m_err_byte_r;
assign m_err_off = m_err_off_r;
assign m_err_unit = m_err_unit_r;
assign m_err_exp = m_err_exp_r;
assign m_err_got = m_err_got_r;
assign m_emap = m_emap_r;
assign m_ecnt = m_ecnt_r;

endmodule

`resetall

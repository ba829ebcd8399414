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
 * prefix of the remaining lanes (the rest VOID), s_ready low until the last
 * part: m_nin / m_woff follow the lanes (the last part takes what remains of
 * s_nin), the input's error record and events leave with the first part.
 * blk_len + pi_len >= W + 1 never splits a word.
 *
 * Structure (D-040): no value is carried from lane to lane.  Two prefix-
 * count networks (mdd_lane_count: log2(W) levels of small adders) give every
 * lane its count of the word's PAY lanes and of its input bytes below it.
 * They do not depend on the state (D-060: no prefix count in the loop
 * through done / base_r / dpos_r): the lanes already emitted are a prefix
 * holding base_r PAY lanes, so the thresholds carry + base_r instead.
 * A PAY lane's position follows from cur and its count alone, with at most
 * one wrap (the chunking rule), so wrap, PAY/PI, EB and aux are compares of
 * the count against word-level thresholds (period - cur, blk_len - cur, ...)
 * that are computed in parallel with the counts.  The cut (second block
 * start) is the first lane whose inclusive PAY count exceeds the part's
 * limit; the part's byte count is selected one-hot at that edge, and the
 * next position is cur + (PAY lanes of the part) mod period, or 0 after a
 * cut.  Depth grows with log2(W) instead of W.
 *
 * Flow control (D-029): advance = m_ready | ~m_valid, s_ready = advance unless
 * the word is being split.  Latency one clock.  rst clears the valid bit and
 * the split state; data registers are not reset.
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

wire [2:0]  dif_op  = s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt  = s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [15:0] blk_len = s_desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W];
wire [16:0] d_pos   = s_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W];

wire        active  = !s_dbad && dif_op != MDD_DIF_NONE[2:0];
wire        pi_keep = dif_op != MDD_DIF_CHECK_STRIP[2:0];
wire [17:0] period  = {2'd0, blk_len} + ((pi_fmt == MDD_PI_T10_CODE[1:0]) ? MDD_PI_T10_LEN[17:0]
                                                                          : MDD_PI_NVME32_LEN[17:0]);

reg [W-1:0] done = {W{1'b0}};    // lanes of the current input word already emitted (a prefix of the lanes)
reg [7:0]   used_r = 8'd0;       // input bytes of the current word already emitted
reg [7:0]   base_r = 8'd0;       // PAY lanes of the current input word already emitted
reg [16:0]  dpos_r = 17'd0;      // DIF position of the next PAY byte

reg  m_valid_r = 1'b0;
wire advance = m_ready || !m_valid_r;

// first_r == (done == 0), kept as a register so that cur does not wait for a W-input NOR
reg         first_r = 1'b1;
wire        first_part = first_r;
wire [7:0]  used = first_part ? 8'd0 : used_r;
wire [7:0]  base = first_part ? 8'd0 : base_r;
wire [17:0] cur = {1'b0, (s_first && first_part) ? d_pos : dpos_r};

// -------------------------------------------------------------------------
// Word-level thresholds (depend on the descriptor and the state only, so
// they are computed in parallel with the lane counts).  A PAY lane that has
// c PAY lanes of the part before it sits at pos = cur + c, minus period if
// cur + c >= period; every per-lane decision is a compare of c against one
// of these signed values.  20 bits hold them exactly (|value| < 2^18).
//
// The lane counts are of the whole word (D-060: they do not depend on the
// state, so no prefix count sits in the loop through done, base_r and
// dpos_r).  The emitted lanes are a prefix holding base PAY lanes, so a
// remaining lane's count in the part is its word count minus base: every
// threshold below carries + base instead, through u = base - cur.
// -------------------------------------------------------------------------

wire [19:0] cur20 = {2'd0, cur};
wire [19:0] per20 = {2'd0, period};
wire [19:0] blk20 = {4'd0, blk_len};
wire [19:0] u     = {12'd0, base} - cur20;
wire [19:0] t_wrap = per20 + u;                 // wrap: c >= period - cur
wire [19:0] t_pay0 = blk20 + u;                 // no wrap: PAY while c < blk_len - cur
wire [19:0] t_pay1 = blk20 + per20 + u;         // wrap: PAY while c < blk_len + period - cur
wire [19:0] t_eb0  = blk20 - 20'd1 + u;         // EB: pos + 1 == blk_len
wire [19:0] t_eb1  = blk20 + per20 - 20'd1 + u;
wire [19:0] t_two  = {per20[18:0], 1'b0} + u;   // two periods past cur
// aux of a PI lane = (pos - blk_len)[3:0] = c[3:0] + one of these (c the word count)
wire [3:0]  a_pi0 = cur[3:0] - blk_len[3:0] - base[3:0];
wire [3:0]  a_pi1 = cur[3:0] - blk_len[3:0] - period[3:0] - base[3:0];

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

// -------------------------------------------------------------------------
// Lane masks and their prefix counts (mdd_lane_count: log2(W) levels of
// small adders): lane i's count of the masked lanes below it.
// -------------------------------------------------------------------------

wire [W-1:0] pay_m;      // PAY lanes of an active transfer
wire [W-1:0] nvoid_m;    // non-VOID lanes

genvar i, k;
generate
    for (i = 0; i < W; i = i + 1) begin : g_mask
        assign pay_m[i] = active && s_tag[8*i +: 3] == MDD_KIND_PAY;
        assign nvoid_m[i] = s_tag[8*i +: 3] != MDD_KIND_VOID;
    end
endgenerate

wire [8*W-1:0] pay_below;   // PAY lanes of the word below lane i
wire [7:0]     pay_all;     // PAY lanes of the word
wire [8*W-1:0] nv_below;    // non-VOID lanes of the word below lane i
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]     nv_total;    // (only the counts below a cut are needed)
/* verilator lint_on UNUSEDSIGNAL */

mdd_lane_count #(.W(W), .CW(8)) u_pay_count (.mask(pay_m), .cnt_below(pay_below), .cnt_total(pay_all));
mdd_lane_count #(.W(W), .CW(8)) u_nvoid_count (.mask(nvoid_m), .cnt_below(nv_below), .cnt_total(nv_total));

// -------------------------------------------------------------------------
// Per-lane results.  The part ends before the first PAY lane whose count of
// earlier PAY lanes reaches limit (the second block start), i.e. lane i is
// cut iff its inclusive count exceeds limit; counts rise by one per PAY
// lane, so the part's PAY lanes all have c < limit and the cut lanes form a
// suffix.
// -------------------------------------------------------------------------

// PAY lanes before the second block start of this part: the first start is
// (period - cur) mod period lanes in, the second one period later.
// (The reference form k1 + period, k1 = cur == 0 ? 0 : period - cur, mod 2^18.)
// In word counts: limit + base.  A legal descriptor has cur < period, so
// limit + base > 0; an illegal one has no PAY lane (active = 0), no cut.
wire [19:0]  limit = cur == 18'd0 ? per20 + {12'd0, base} : t_two;
wire         lim_small = limit[19:8] == 12'd0;
wire [W-1:0] cut_m;      // lanes at or after the second block start
wire [W-1:0] c_in;
wire [8*W-1:0] c_tag;
wire [4*W-1:0] c_aux;

generate
    for (i = 0; i < W; i = i + 1) begin : g_lane
        wire [7:0] c = pay_below[8*i +: 8];    // PAY lanes of the word before lane i
        wire [7:0] incl;                        // ... and up to lane i
        if (i == W - 1) begin : g_last
            assign incl = pay_all;
        end else begin : g_next
            assign incl = pay_below[8*(i + 1) +: 8];
        end
        assign cut_m[i] = lim_small && incl > limit[7:0];
        assign c_in[i] = !done[i] && !cut_m[i];

        wire [7:0] t  = s_tag[8*i +: 8];
        wire       wr = ge_t(c, t_wrap);
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
                la = s_aux[4*i +: 4];
                if (pay_m[i]) begin
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

wire       c_final = !cut_m[W-1];

// Input bytes up to this part (needed only when it is cut): the word's
// non-VOID lanes below the cut lane, selected one-hot at the cut's edge; the
// part's own are those minus the bytes already emitted.
wire [W-1:0] edge_m = cut_m & ~{cut_m[W-2:0], 1'b0};
wire [7:0] c_nupto;
generate
    for (k = 0; k < 8; k = k + 1) begin : g_nb
        wire [W-1:0] sel;
        for (i = 0; i < W; i = i + 1) begin : g_ln
            assign sel[i] = edge_m[i] && nv_below[8*i + k];
        end
        assign c_nupto[k] = |sel;
    end
endgenerate
wire [7:0] c_nbytes = c_nupto - used;

wire emit = s_valid && advance;
assign s_ready = advance && (c_final || !s_valid);

// Position after this part: cur + (PAY lanes of the part), minus period once
// per period passed (at most two).  A cut part holds exactly limit PAY lanes,
// limit < 256, so it ends at cur + limit = period (cur = 0) or 2 * period:
// the reference's two subtractions give 0.
wire        f_one = ge_t(pay_all, t_wrap);
wire        f_two = ge_t(pay_all, t_two);
wire [17:0] f_s0 = {10'd0, pay_all} - u[17:0];         // cur + the part's PAY lanes
wire [17:0] f_s1 = f_s0 - period;
wire [17:0] f_s2 = f_s1 - period;
wire [17:0] f_pos = f_two ? f_s2 : f_one ? f_s1 : f_s0;
/* verilator lint_off UNUSEDSIGNAL */
wire [17:0] dsum2 = c_final ? f_pos : 18'd0;   // < period: bit 17 is 0
/* verilator lint_on UNUSEDSIGNAL */
wire [16:0] dpos_next = dsum2[16:0];

wire [7:0]  nin_part = c_final ? s_nin - used : c_nbytes;

reg [511:0] c_desc;
always @* begin
    c_desc = s_desc;
    if (s_last && c_final && active) c_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W] = dpos_next;
end

always @(posedge clk) begin
    if (rst) begin
        done <= {W{1'b0}};
        first_r <= 1'b1;
        used_r <= 8'd0;
        base_r <= 8'd0;
    end else if (emit) begin
        done <= c_final ? {W{1'b0}} : done | c_in;
        first_r <= c_final || (first_part && c_in == {W{1'b0}});
        used_r <= c_final ? 8'd0 : c_nupto;
        base_r <= c_final ? 8'd0 : limit[7:0];      // a cut part holds limit PAY lanes
    end
    if (emit) dpos_r <= dpos_next;
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
        m_valid_r <= s_valid;
    end
    if (emit) begin
        m_data_r <= s_data;
        m_tag_r <= c_tag;
        m_aux_r <= c_aux;
        m_first_r <= s_first && first_part;
        m_last_r <= s_last && c_final;
        m_woff_r <= s_woff + {24'd0, used};
        m_nin_r <= nin_part;
        m_dbad_r <= s_dbad;
        m_desc_r <= c_desc;
        m_xflags_r <= s_xflags;
        // the input's events leave with its first part
        m_err_v_r <= first_part && s_err_v;
        m_err_code_r <= first_part ? s_err_code : 8'd0;
        m_err_byte_r <= first_part ? s_err_byte : 8'd0;
        m_err_off_r <= first_part ? s_err_off : 32'd0;
        m_err_unit_r <= first_part ? s_err_unit : 32'd0;
        m_err_exp_r <= first_part ? s_err_exp : 64'd0;
        m_err_got_r <= first_part ? s_err_got : 64'd0;
        m_emap_r <= first_part ? s_emap : 16'd0;
        m_ecnt_r <= first_part ? s_ecnt : 8'd0;
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

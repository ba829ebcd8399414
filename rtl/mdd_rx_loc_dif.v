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

wire [2:0]  dif_op  = s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt  = s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [15:0] blk_len = s_desc[MDD_DESC_BLK_LEN_LSB +: MDD_DESC_BLK_LEN_W];
wire [16:0] d_pos   = s_desc[MDD_DESC_DIF_POS_LSB +: MDD_DESC_DIF_POS_W];

wire        active  = !s_dbad && dif_op != MDD_DIF_NONE[2:0];
wire        pi_keep = dif_op != MDD_DIF_CHECK_STRIP[2:0];
wire [17:0] period  = {2'd0, blk_len} + ((pi_fmt == MDD_PI_T10_CODE[1:0]) ? MDD_PI_T10_LEN[17:0]
                                                                          : MDD_PI_NVME32_LEN[17:0]);

reg [W-1:0] done = {W{1'b0}};    // lanes of the current input word already emitted
reg [7:0]   used_r = 8'd0;       // input bytes of the current word already emitted
reg [16:0]  dpos_r = 17'd0;      // DIF position of the next PAY byte

reg  m_valid_r = 1'b0;
wire advance = m_ready || !m_valid_r;

wire        first_part = done == {W{1'b0}};
wire [7:0]  used = first_part ? 8'd0 : used_r;
wire [17:0] cur = {1'b0, (s_first && first_part) ? d_pos : dpos_r};
// PAY lanes before the second block start of this part: the first start is k1 lanes in
wire [17:0] k1 = cur == 18'd0 ? 18'd0 : period - cur;
wire [17:0] limit = k1 + period;

reg [W-1:0]   c_in;
reg           c_final;
reg [7:0]     c_npay;     // PAY lanes in this part
reg [7:0]     c_nbytes;   // input bytes (non-VOID lanes) in this part
reg [8*W-1:0] c_tag;
reg [4*W-1:0] c_aux;
reg [17:0]    c_pos;
reg [7:0]     c_tag_i;
integer i;

always @* begin
    c_in = {W{1'b0}};
    c_final = 1'b1;
    c_npay = 8'd0;
    c_nbytes = 8'd0;
    c_tag = {W{TAG_VOID}};
    c_aux = {4*W{1'b0}};
    c_pos = 18'd0;
    c_tag_i = 8'd0;
    for (i = 0; i < W; i = i + 1) begin
        if (!done[i]) begin
            c_tag_i = s_tag[8*i +: 8];
            if (active && c_tag_i[2:0] == MDD_KIND_PAY && {10'd0, c_npay} >= limit) c_final = 1'b0;
            if (c_final) begin
                c_in[i] = 1'b1;
                c_tag[8*i +: 8] = c_tag_i;
                c_aux[4*i +: 4] = s_aux[4*i +: 4];
                if (c_tag_i[2:0] != MDD_KIND_VOID) c_nbytes = c_nbytes + 8'd1;
                if (active && c_tag_i[2:0] == MDD_KIND_PAY) begin
                    c_pos = cur + {10'd0, c_npay};
                    if (c_pos >= period) c_pos = c_pos - period;
                    if (c_pos < {2'd0, blk_len}) begin
                        if (c_pos + 18'd1 == {2'd0, blk_len}) c_tag[8*i + MDD_TAG_EB] = 1'b1;
                    end else begin
                        c_tag[8*i +: 8] = (c_tag_i & ~KIND_K_MASK) | {5'd0, MDD_KIND_PI}
                                        | (pi_keep ? 8'd1 << MDD_TAG_K : 8'd0);
                        c_aux[4*i +: 4] = c_pos[3:0] - blk_len[3:0];
                    end
                    c_npay = c_npay + 8'd1;
                end
            end
        end
    end
end

wire emit = s_valid && advance;
assign s_ready = advance && (c_final || !s_valid);

// position after this part: at most two periods past cur
wire [17:0] dsum = cur + {10'd0, c_npay};
wire [17:0] dsum1 = dsum >= period ? dsum - period : dsum;
/* verilator lint_off UNUSEDSIGNAL */
wire [17:0] dsum2 = dsum1 >= period ? dsum1 - period : dsum1;   // < period: bit 17 is 0
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
        used_r <= 8'd0;
    end else if (emit) begin
        done <= c_final ? {W{1'b0}} : done | c_in;
        used_r <= c_final ? 8'd0 : used + c_nbytes;
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

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX checker: compares the digests and protection information of the located
 * stream with the CRC engines' results (docs/rx-path.md sections 4-7, 9).
 *
 * Input: the words of the locate stages (after the fork to the CRC engines:
 * the data FIFO), each with the number of results it produced in each engine
 * (s_*_nend ends + s_*_part partial), and the engines' two oldest results.
 * A word is taken when the output register can move and every result it
 * needs is there; exactly those results are popped (*_pop).
 *
 * Per word, lanes in order:
 *   - HDIG/DDIG lanes are compared with the expected digest (little-endian):
 *     the result of the message that ended at the last EH/ED, or the
 *     descriptor's hdig_part/dig_part for a field cut at the transfer start;
 *   - PI lanes with the expected PI (big-endian guard = guard result, app tag
 *     under app_mask, reference tag per protection type) and rewritten for
 *     CHECK_REPLACE;
 *   - one event per field / PI subfield, raised when its last byte passes or
 *     the transfer ends, merged into the word's error record (D-036); T10
 *     escapes suppress a PI's events (D-033);
 *   - on a transfer's last word the resume fields HDIG_PART, DIG_PART,
 *     DIF_PART, their *_OPEN bits and REF_TAG are written into the word's
 *     descriptor.
 * The lane loop is combinational, so this version is deep at large W (one
 * compare chain per lane); the twin model/mdd_rx_check_model.c runs the same
 * loop.
 *
 * Flow control: advance = m_ready | ~m_valid; s_ready = advance and results
 * available.  Latency 1.  rst clears m_valid and the stream state.
 *
 * Parameters:
 *   W  bytes per word: 4, 8, 16, 32, 64
 */
module mdd_rx_check #(
    parameter W = 8
) (
    input  wire             clk,
    input  wire             rst,

    input  wire             s_valid,
    output wire             s_ready,
    input  wire [8*W-1:0]   s_data,
    input  wire [8*W-1:0]   s_tag,
    input  wire [4*W-1:0]   s_aux,
    input  wire             s_first,
    input  wire             s_last,
    input  wire [31:0]      s_woff,
    input  wire [7:0]       s_nin,
    input  wire             s_dbad,
    input  wire [511:0]     s_desc,
    input  wire [7:0]       s_xflags,
    input  wire             s_err_v,
    input  wire [7:0]       s_err_code,
    input  wire [7:0]       s_err_byte,
    input  wire [31:0]      s_err_off,
    input  wire [31:0]      s_err_unit,
    input  wire [63:0]      s_err_exp,
    input  wire [63:0]      s_err_got,
    input  wire [15:0]      s_emap,
    input  wire [7:0]       s_ecnt,
    input  wire [1:0]       s_hd_nend,
    input  wire             s_hd_part,
    input  wire [1:0]       s_dd_nend,
    input  wire             s_dd_part,
    input  wire [1:0]       s_gd_nend,
    input  wire             s_gd_part,

    input  wire [31:0]      hd_res0,
    input  wire [31:0]      hd_res1,
    input  wire             hd_res0_valid,
    input  wire             hd_res1_valid,
    output wire [1:0]       hd_pop,
    input  wire [31:0]      dd_res0,
    input  wire [31:0]      dd_res1,
    input  wire             dd_res0_valid,
    input  wire             dd_res1_valid,
    output wire [1:0]       dd_pop,
    input  wire [63:0]      gd_res0,
    input  wire [63:0]      gd_res1,
    input  wire             gd_res0_valid,
    input  wire             gd_res1_valid,
    output wire [1:0]       gd_pop,

    output reg              m_valid = 1'b0,
    input  wire             m_ready,
    output reg  [8*W-1:0]   m_data = {8*W{1'b0}},
    output reg  [8*W-1:0]   m_tag = {8*W{1'b0}},
    output reg  [4*W-1:0]   m_aux = {4*W{1'b0}},
    output reg              m_first = 1'b0,
    output reg              m_last = 1'b0,
    output reg  [31:0]      m_woff = 32'd0,
    output reg  [7:0]       m_nin = 8'd0,
    output reg              m_dbad = 1'b0,
    output reg  [511:0]     m_desc = 512'd0,
    output reg  [7:0]       m_xflags = 8'd0,
    output reg              m_err_v = 1'b0,
    output reg  [7:0]       m_err_code = 8'd0,
    output reg  [7:0]       m_err_byte = 8'd0,
    output reg  [31:0]      m_err_off = 32'd0,
    output reg  [31:0]      m_err_unit = 32'd0,
    output reg  [63:0]      m_err_exp = 64'd0,
    output reg  [63:0]      m_err_got = 64'd0,
    output reg  [15:0]      m_emap = 16'd0,
    output reg  [7:0]       m_ecnt = 8'd0
);

`include "mdd_formats.vh"

// ---------------------------------------------------------------------------
// Transfer configuration from the descriptor
// ---------------------------------------------------------------------------
wire [1:0]  proto     = s_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire [2:0]  dif_op    = s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt    = s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [1:0]  prot_type = s_desc[MDD_DESC_PROT_TYPE_LSB +: MDD_DESC_PROT_TYPE_W];
wire [2:0]  dif_chk   = s_desc[MDD_DESC_DIF_CHK_LSB +: MDD_DESC_DIF_CHK_W];
wire [15:0] app_tag   = s_desc[MDD_DESC_APP_TAG_LSB +: MDD_DESC_APP_TAG_W];
wire [15:0] app_mask  = s_desc[MDD_DESC_APP_MASK_LSB +: MDD_DESC_APP_MASK_W];

wire en_h = !s_dbad && proto == MDD_PROTO_ISCSI && s_desc[MDD_DESC_HDIG_EN_LSB];
wire en_d = !s_dbad && s_desc[MDD_DESC_DDIG_EN_LSB];
wire en_g = !s_dbad && dif_op != MDD_DIF_NONE;

// PI layout of the transfer's format (a DESC transfer has no PI lane: T10 then)
reg [4:0] pi_len, guard_len, app_off, ref_off, ref_len;
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

// ---------------------------------------------------------------------------
// Flow control
// ---------------------------------------------------------------------------
function have(input [1:0] nend, input part, input v0, input v1);
    reg [1:0] n;
    begin
        n = nend + {1'b0, part};
        have = (n == 2'd0) || (n == 2'd1 && v0) || (n == 2'd2 && v0 && v1);
    end
endfunction

wire advance = m_ready || !m_valid;
wire have_all = have(s_hd_nend, s_hd_part, hd_res0_valid, hd_res1_valid)
             && have(s_dd_nend, s_dd_part, dd_res0_valid, dd_res1_valid)
             && have(s_gd_nend, s_gd_part, gd_res0_valid, gd_res1_valid);
assign s_ready = advance && have_all;
wire take = s_valid && s_ready;

assign hd_pop = take ? s_hd_nend + {1'b0, s_hd_part} : 2'd0;
assign dd_pop = take ? s_dd_nend + {1'b0, s_dd_part} : 2'd0;
assign gd_pop = take ? s_gd_nend + {1'b0, s_gd_part} : 2'd0;

// ---------------------------------------------------------------------------
// Stream state (st_*) and its next value (n_*), digests: index 0 header, 1 data
// ---------------------------------------------------------------------------
reg [31:0]  st_dexp [0:1];
reg [1:0]   st_drs  [0:1];     // resume source: 0 descriptor, 1 exp, 2 zero
reg         st_dact [0:1];
reg         st_dmis [0:1];
reg [1:0]   st_dmby [0:1];
reg [31:0]  st_doff [0:1];
reg [31:0]  st_dunit[0:1];
reg [31:0]  st_dgot [0:1];
reg [63:0]  st_gexp = 64'd0;
reg [1:0]   st_grs = 2'd0;
reg [47:0]  st_ref = 48'd0;
reg         st_pact = 1'b0;
reg [63:0]  st_fgexp = 64'd0;
reg [47:0]  st_fref = 48'd0;
reg [31:0]  st_punit = 32'd0;
reg [15:0]  st_present = 16'd0;
reg [127:0] st_got = 128'd0;   // PI byte j at bits [8j+7:8j]
reg [2:0]   st_pmis = 3'd0;
reg [11:0]  st_pmby = 12'd0;   // 4 bits per subfield
reg [95:0]  st_soff = 96'd0;   // 32 bits per subfield
reg [31:0]  st_pdus = 32'd0;
reg [31:0]  st_blocks = 32'd0;

integer q;
initial begin
    for (q = 0; q < 2; q = q + 1) begin
        st_dexp[q] = 32'd0; st_drs[q] = 2'd0; st_dact[q] = 1'b0; st_dmis[q] = 1'b0; st_dmby[q] = 2'd0;
        st_doff[q] = 32'd0; st_dunit[q] = 32'd0; st_dgot[q] = 32'd0;
    end
end

reg [31:0]  n_dexp [0:1];
reg [1:0]   n_drs  [0:1];
reg         n_dact [0:1];
reg         n_dmis [0:1];
reg [1:0]   n_dmby [0:1];
reg [31:0]  n_doff [0:1];
reg [31:0]  n_dunit[0:1];
reg [31:0]  n_dgot [0:1];
reg [63:0]  n_gexp;
reg [1:0]   n_grs;
reg [47:0]  n_ref;
reg         n_pact;
reg [63:0]  n_fgexp;
reg [47:0]  n_fref;
reg [31:0]  n_punit;
reg [15:0]  n_present;
reg [127:0] n_got;
reg [2:0]   n_pmis;
reg [11:0]  n_pmby;
reg [95:0]  n_soff;
reg [31:0]  n_pdus;
reg [31:0]  n_blocks;

// the word being built
reg [8*W-1:0] c_data;
reg [511:0]   c_desc;
reg           c_err_v;
reg [7:0]     c_err_code, c_err_byte;
reg [31:0]    c_err_off, c_err_unit;
reg [63:0]    c_err_exp, c_err_got;
reg [15:0]    c_emap;
reg [7:0]     c_ecnt;

// D-036: keep the event with the smallest offset, ties to the smaller code
task merge(input [7:0] code, input [7:0] eb, input [31:0] off, input [31:0] unit, input [63:0] ex,
           input [63:0] got);
    begin
        if (!c_err_v || off < c_err_off || (off == c_err_off && code < c_err_code)) begin
            c_err_code = code;
            c_err_byte = eb;
            c_err_off  = off;
            c_err_unit = unit;
            c_err_exp  = ex;
            c_err_got  = got;
        end
        c_err_v = 1'b1;
        c_emap = c_emap | (16'd1 << code);
        c_ecnt = c_ecnt + 8'd1;
    end
endtask

// Expected byte j of a PI (big-endian fields; the 48-bit reference tag zero-extended to the field)
function [7:0] pi_exp_byte(input [4:0] j, input [63:0] gexp, input [15:0] app, input [47:0] rf,
                           input [4:0] g_len, input [4:0] r_off, input [4:0] r_len);
    reg [4:0] k;
    begin
        if (j < g_len) begin
            pi_exp_byte = gexp[8*(g_len - 1 - j) +: 8];
        end else if (j < r_off) begin
            pi_exp_byte = app[8*(r_off - 1 - j) +: 8];
        end else begin
            k = r_len - 5'd1 - (j - r_off);
            pi_exp_byte = (k < 5'd6) ? rf[8*k +: 8] : 8'd0;
        end
    end
endfunction

// PI bytes [a, a+n) as a big-endian number, low 64 bits
function [63:0] pi_value(input [127:0] got, input [4:0] a, input [4:0] n);
    integer u;
    reg [63:0] v;
    begin
        v = 64'd0;
        for (u = 0; u < 16; u = u + 1) begin
            if (u >= {27'd0, a} && u < {27'd0, a} + {27'd0, n}) begin
                v = {v[55:0], got[8*u +: 8]};
            end
        end
        pi_value = v;
    end
endfunction

// a PI is complete (or cut by the end of the transfer): escapes, then its subfield events
task pi_finish;
    reg [4:0] u;
    reg [4:0] app_present;
    reg       app_ff, ref_ff, escaped;
    reg [63:0] gmask, rmask;
    reg [4:0] nref;
    begin
        app_present = 5'd0;
        app_ff = 1'b1;
        ref_ff = 1'b1;
        for (u = 0; u < 16; u = u + 1) begin
            if (n_present[u[3:0]] && u >= app_off && u < ref_off) begin
                app_present = app_present + 5'd1;
                app_ff = app_ff && (n_got[8*u +: 8] == 8'hFF);
            end
            if (n_present[u[3:0]] && u >= ref_off && u < pi_len) begin
                ref_ff = ref_ff && (n_got[8*u +: 8] == 8'hFF);
            end
        end
        escaped = (app_present != 5'd0) && app_ff && (prot_type != 2'd3 || ref_ff);
        if (!escaped) begin
            gmask = (guard_len >= 5'd8) ? {64{1'b1}} : ((64'd1 << (8 * guard_len)) - 64'd1);
            if (dif_chk[0] && n_pmis[0]) begin
                merge(MDD_ERR_GUARD, {4'd0, n_pmby[3:0]}, n_soff[31:0], n_punit, n_fgexp & gmask,
                      pi_value(n_got, 5'd0, guard_len));
            end
            if (dif_chk[1] && n_pmis[1]) begin
                merge(MDD_ERR_APP, {4'd0, n_pmby[7:4]}, n_soff[63:32], n_punit, {48'd0, app_tag},
                      pi_value(n_got, app_off, 5'd2));
            end
            if (dif_chk[2] && prot_type != 2'd3 && n_pmis[2]) begin
                nref = (ref_len > 5'd8) ? 5'd8 : ref_len;
                rmask = (ref_len >= 5'd6) ? 64'hFFFF_FFFF_FFFF : 64'hFFFF_FFFF;
                merge(MDD_ERR_REF, {4'd0, n_pmby[11:8]}, n_soff[95:64], n_punit, {16'd0, n_fref} & rmask,
                      pi_value(n_got, pi_len - nref, nref));
            end
        end
        n_pact = 1'b0;
    end
endtask

task dig_finish(input integer k);
    begin
        if (n_dmis[k]) begin
            merge((k != 0) ? MDD_ERR_DDIG[7:0] : MDD_ERR_HDIG[7:0], {6'd0, n_dmby[k]}, n_doff[k], n_dunit[k], {32'd0, n_dexp[k]},
                  {32'd0, n_dgot[k]});
        end
        n_dact[k] = 1'b0;
    end
endtask

// ---------------------------------------------------------------------------
// The lane loop
// ---------------------------------------------------------------------------
integer i, k;
reg [7:0]  t;
reg [2:0]  kind;
reg [3:0]  a;
reg [7:0]  b, e, diff;
reg [31:0] off;
reg [1:0]  used_h, used_d, used_g;
reg [1:0]  sub;
reg [4:0]  sub_start, sub_end;
reg [15:0] sub_mask;
reg [63:0] part;

always @* begin
    // state as it stands before this word (fresh at a transfer's first word)
    for (k = 0; k < 2; k = k + 1) begin
        n_dexp[k] = st_dexp[k]; n_drs[k] = st_drs[k]; n_dact[k] = st_dact[k]; n_dmis[k] = st_dmis[k];
        n_dmby[k] = st_dmby[k]; n_doff[k] = st_doff[k]; n_dunit[k] = st_dunit[k]; n_dgot[k] = st_dgot[k];
    end
    n_gexp = st_gexp; n_grs = st_grs; n_ref = st_ref; n_pact = st_pact; n_fgexp = st_fgexp; n_fref = st_fref;
    n_punit = st_punit; n_present = st_present; n_got = st_got; n_pmis = st_pmis; n_pmby = st_pmby;
    n_soff = st_soff; n_pdus = st_pdus; n_blocks = st_blocks;
    if (s_first) begin
        for (k = 0; k < 2; k = k + 1) begin
            n_drs[k] = 2'd0; n_dact[k] = 1'b0; n_dmis[k] = 1'b0; n_dmby[k] = 2'd0; n_doff[k] = 32'd0;
            n_dunit[k] = 32'd0; n_dgot[k] = 32'd0;
        end
        n_dexp[0] = s_desc[MDD_DESC_HDIG_PART_LSB +: 32];
        n_dexp[1] = s_desc[MDD_DESC_DIG_PART_LSB +: 32];
        n_gexp = s_desc[MDD_DESC_DIF_PART_LSB +: 64];
        n_grs = 2'd0;
        n_ref = s_desc[MDD_DESC_REF_TAG_LSB +: 48];
        n_pact = 1'b0; n_fgexp = 64'd0; n_fref = 48'd0; n_punit = 32'd0; n_present = 16'd0; n_got = 128'd0;
        n_pmis = 3'd0; n_pmby = 12'd0; n_soff = 96'd0; n_pdus = 32'd0; n_blocks = 32'd0;
    end

    c_data = s_data;
    c_desc = s_desc;
    c_err_v = s_err_v; c_err_code = s_err_code; c_err_byte = s_err_byte; c_err_off = s_err_off;
    c_err_unit = s_err_unit; c_err_exp = s_err_exp; c_err_got = s_err_got; c_emap = s_emap; c_ecnt = s_ecnt;

    used_h = 2'd0; used_d = 2'd0; used_g = 2'd0;
    e = 8'd0; sub = 2'd0; sub_start = 5'd0; sub_end = 5'd0; sub_mask = 16'd0; diff = 8'd0; part = 64'd0;
    off = s_woff;
    for (i = 0; i < W; i = i + 1) begin
        t = s_tag[8*i +: 8];
        kind = t[2:0];
        a = s_aux[4*i +: 4];
        b = s_data[8*i +: 8];
        if (kind != MDD_KIND_VOID) begin
            if (kind == MDD_KIND_HDIG || kind == MDD_KIND_DDIG) begin
                k = (kind == MDD_KIND_DDIG) ? 1 : 0;
                if (!n_dact[k]) begin
                    n_dact[k] = 1'b1; n_dmis[k] = 1'b0; n_dmby[k] = 2'd0; n_doff[k] = off;
                    n_dunit[k] = n_pdus; n_dgot[k] = n_dexp[k];
                end
                n_dgot[k][8*a[1:0] +: 8] = b;
                if (b != n_dexp[k][8*a[1:0] +: 8] && !n_dmis[k]) begin
                    n_dmis[k] = 1'b1;
                    n_dmby[k] = a[1:0];
                end
                if (a[1:0] == 2'd3) begin
                    dig_finish(k);
                    n_drs[k] = 2'd2;
                end
            end else if (kind == MDD_KIND_PI && en_g) begin
                if (!n_pact) begin
                    n_pact = 1'b1; n_present = 16'd0; n_pmis = 3'd0; n_pmby = 12'd0; n_soff = 96'd0;
                    n_fgexp = n_gexp; n_fref = n_ref; n_punit = n_blocks;
                    for (k = 0; k < 16; k = k + 1) begin
                        n_got[8*k +: 8] = pi_exp_byte(k[4:0], n_fgexp, app_tag, n_fref, guard_len, ref_off, ref_len);
                    end
                end
                e = pi_exp_byte({1'b0, a}, n_fgexp, app_tag, n_fref, guard_len, ref_off, ref_len);
                sub = ({1'b0, a} < guard_len) ? 2'd0 : ({1'b0, a} < ref_off) ? 2'd1 : 2'd2;
                sub_start = (sub == 2'd0) ? 5'd0 : (sub == 2'd1) ? app_off : ref_off;
                sub_end = (sub == 2'd0) ? guard_len : (sub == 2'd1) ? ref_off : pi_len;
                sub_mask = ((16'd1 << sub_end) - 16'd1) & ~((16'd1 << sub_start) - 16'd1);
                if ((n_present & sub_mask) == 16'd0) begin
                    n_soff[32*sub +: 32] = off;
                end
                n_present[a] = 1'b1;
                n_got[8*a +: 8] = b;
                diff = b ^ e;
                if (sub == 2'd1) begin
                    diff = diff & app_mask[8*(ref_off - 5'd1 - {1'b0, a}) +: 8];
                end
                if (diff != 8'd0 && !n_pmis[sub]) begin
                    n_pmis[sub] = 1'b1;
                    n_pmby[4*sub +: 4] = a - sub_start[3:0];
                end
                if (dif_op == MDD_DIF_CHECK_REPLACE) begin
                    c_data[8*i +: 8] = e;
                end
                if ({1'b0, a} == pi_len - 5'd1) begin
                    pi_finish;
                    n_blocks = n_blocks + 32'd1;
                    if (prot_type != 2'd3) begin
                        n_ref = n_ref + 48'd1;
                    end
                    n_grs = 2'd2;
                end
            end
            // end flags: the message ended here; its result is the engine's next one
            if (en_h && t[MDD_TAG_EH]) begin
                n_dexp[0] = (used_h == 2'd0) ? hd_res0 : hd_res1;
                n_drs[0] = 2'd1;
                used_h = used_h + 2'd1;
            end
            if (en_d && t[MDD_TAG_ED]) begin
                n_dexp[1] = (used_d == 2'd0) ? dd_res0 : dd_res1;
                n_drs[1] = 2'd1;
                used_d = used_d + 2'd1;
            end
            if (en_g && t[MDD_TAG_EB]) begin
                n_gexp = (used_g == 2'd0) ? gd_res0 : gd_res1;
                n_grs = 2'd1;
                used_g = used_g + 2'd1;
            end
            if (t[MDD_TAG_EP]) begin
                n_pdus = n_pdus + 32'd1;
            end
            off = off + 32'd1;
        end
    end

    if (s_last) begin
        for (k = 0; k < 2; k = k + 1) begin
            if (n_dact[k]) begin
                dig_finish(k);
            end
        end
        if (n_pact) begin
            pi_finish;
        end
        // resume fields (docs/rx-path.md section 4); a disabled engine's fields are echoed
        if (en_h && (s_hd_part || n_drs[0] != 2'd0)) begin
            part = s_hd_part ? {32'd0, (s_hd_nend == 2'd0) ? hd_res0 : hd_res1}
                 : (n_drs[0] == 2'd1) ? {32'd0, n_dexp[0]} : 64'd0;
            c_desc[MDD_DESC_HDIG_PART_LSB +: MDD_DESC_HDIG_PART_W] = part[31:0];
            c_desc[MDD_DESC_HDIG_OPEN_LSB] = s_hd_part;
        end
        if (en_d && (s_dd_part || n_drs[1] != 2'd0)) begin
            part = s_dd_part ? {32'd0, (s_dd_nend == 2'd0) ? dd_res0 : dd_res1}
                 : (n_drs[1] == 2'd1) ? {32'd0, n_dexp[1]} : 64'd0;
            c_desc[MDD_DESC_DIG_PART_LSB +: MDD_DESC_DIG_PART_W] = part[31:0];
            c_desc[MDD_DESC_DIG_OPEN_LSB] = s_dd_part;
        end
        if (en_g && (s_gd_part || n_grs != 2'd0)) begin
            part = s_gd_part ? ((s_gd_nend == 2'd0) ? gd_res0 : gd_res1)
                 : (n_grs == 2'd1) ? n_gexp : 64'd0;
            c_desc[MDD_DESC_DIF_PART_LSB +: MDD_DESC_DIF_PART_W] = part;
            c_desc[MDD_DESC_DIF_OPEN_LSB] = s_gd_part;
        end
        if (en_g) begin
            c_desc[MDD_DESC_REF_TAG_LSB +: MDD_DESC_REF_TAG_W] = n_ref;
        end
    end
end

// ---------------------------------------------------------------------------
// Registers
// ---------------------------------------------------------------------------
always @(posedge clk) begin
    if (take) begin
        for (q = 0; q < 2; q = q + 1) begin
            st_dexp[q] <= n_dexp[q]; st_drs[q] <= n_drs[q]; st_dact[q] <= n_dact[q]; st_dmis[q] <= n_dmis[q];
            st_dmby[q] <= n_dmby[q]; st_doff[q] <= n_doff[q]; st_dunit[q] <= n_dunit[q]; st_dgot[q] <= n_dgot[q];
        end
        st_gexp <= n_gexp; st_grs <= n_grs; st_ref <= n_ref; st_pact <= n_pact; st_fgexp <= n_fgexp;
        st_fref <= n_fref; st_punit <= n_punit; st_present <= n_present; st_got <= n_got; st_pmis <= n_pmis;
        st_pmby <= n_pmby; st_soff <= n_soff; st_pdus <= n_pdus; st_blocks <= n_blocks;
        m_data <= c_data; m_tag <= s_tag; m_aux <= s_aux; m_first <= s_first; m_last <= s_last;
        m_woff <= s_woff; m_nin <= s_nin; m_dbad <= s_dbad; m_desc <= c_desc; m_xflags <= s_xflags;
        m_err_v <= c_err_v; m_err_code <= c_err_code; m_err_byte <= c_err_byte; m_err_off <= c_err_off;
        m_err_unit <= c_err_unit; m_err_exp <= c_err_exp; m_err_got <= c_err_got; m_emap <= c_emap;
        m_ecnt <= c_ecnt;
    end
    if (advance) begin
        m_valid <= take;
    end
    if (rst) begin
        m_valid <= 1'b0;
        for (q = 0; q < 2; q = q + 1) begin
            st_dexp[q] <= 32'd0; st_drs[q] <= 2'd0; st_dact[q] <= 1'b0; st_dmis[q] <= 1'b0; st_dmby[q] <= 2'd0;
            st_doff[q] <= 32'd0; st_dunit[q] <= 32'd0; st_dgot[q] <= 32'd0;
        end
        st_gexp <= 64'd0; st_grs <= 2'd0; st_ref <= 48'd0; st_pact <= 1'b0; st_fgexp <= 64'd0; st_fref <= 48'd0;
        st_punit <= 32'd0; st_present <= 16'd0; st_got <= 128'd0; st_pmis <= 3'd0; st_pmby <= 12'd0;
        st_soff <= 96'd0; st_pdus <= 32'd0; st_blocks <= 32'd0;
    end
end

endmodule

`resetall

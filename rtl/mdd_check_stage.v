// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Check stage: the CRC engines, the data FIFO and the checker as one block,
 * between a locate stage and a packer (docs/rx-path.md section 9).  The RX
 * path uses it once (every engine, RX checks); the TX path twice, one after
 * the other behind its generator (docs/tx-path.md section 8): with the guard
 * engines only (DIF check, INSERT / CHECK_REPLACE fill), then with the digest
 * engines only (HDIG / DDIG fill).
 *
 *   s_* (internal word) -> fork: CRC engines (header digest, data digest,
 *                                guard: the three PI formats' CRCs in one)
 *                                data FIFO (the word with the number of
 *                                results it made per engine)
 *                       -> join: mdd_rx_check -> m_*
 *
 * Fork: the include and end masks of each engine come from the tags (the one
 * inclusion table, formats.def MDD_INCL; MPA markers with aux bit 3 are in no
 * CRC); the first word of a transfer seeds an engine whose message is open in
 * the descriptor.  A word enters when the FIFO and every built engine take it.
 * Each mdd_crc_unit runs with m_tready = 1, so the checker takes a word from
 * the FIFO only once the results it needs are in the engines' result FIFOs:
 * correctness never depends on DATA_DEPTH, which (>= unit latency + 2) only
 * sets the rate.
 *
 * Ports: s_* / m_* are the internal word of the locate stages (D-042,
 * docs/rx-path.md section 8): data, tag, aux, first, last, woff, nin, dbad,
 * desc, xflags and the error record; m_* leaves the checker's output
 * register.  Latency through an empty stage: FIFO write + 4 (checker) once the
 * engines' results exist.
 *
 * Parameters:
 *   W           bytes per word: 4, 8, 16, 32, 64
 *   DATA_DEPTH  words in the data FIFO (power of two)
 *   RES_DEPTH   results per CRC unit in flight (power of two, > DATA_DEPTH + unit latency)
 *   ENG_MASK    engines built, bit MDD_ENGINE_HDIG (0) header digest, MDD_ENGINE_DDIG (1)
 *               data digest / MPA CRC, MDD_ENGINE_GUARD (2) the guard engine.  An engine
 *               left out reports no results, and the checker treats it as disabled on every
 *               word: its lanes pass untouched, it raises no event, its resume fields are echoed.
 *   TX          0: RX (check).  1: TX (docs/tx-path.md): the checker fills HDIG / DDIG lanes and
 *               INSERT PI instead of checking them, offsets count host lanes, the header-digest
 *               partial travels in DIG_PART with HDIG_OPEN (T4); here the header-digest engine is
 *               seeded from DIG_PART, and the data digest leaves out PI that CHECK_STRIP removes.
 */
module mdd_check_stage #(
    parameter W = 8,
    parameter DATA_DEPTH = 16,
    parameter RES_DEPTH = 32,
    parameter [2:0] ENG_MASK = 3'b111,
    parameter TX = 0
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

    output wire             m_valid,
    input  wire             m_ready,
    output wire [8*W-1:0]   m_data,
    output wire [8*W-1:0]   m_tag,
    output wire [4*W-1:0]   m_aux,
    output wire             m_first,
    output wire             m_last,
    output wire [31:0]      m_woff,
    output wire [7:0]       m_nin,
    output wire             m_dbad,
    output wire [511:0]     m_desc,
    output wire [7:0]       m_xflags,
    output wire             m_err_v,
    output wire [7:0]       m_err_code,
    output wire [7:0]       m_err_byte,
    output wire [31:0]      m_err_off,
    output wire [31:0]      m_err_unit,
    output wire [63:0]      m_err_exp,
    output wire [63:0]      m_err_got,
    output wire [15:0]      m_emap,
    output wire [7:0]       m_ecnt
);

`include "mdd_formats.vh"

// ---------------------------------------------------------------------------
// Fork to the CRC engines
// ---------------------------------------------------------------------------
wire [1:0] l_proto  = s_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];

wire       f_ready;                 // data FIFO
wire [2:0] e_ready;                 // engines h, d, g (1 when not built)
wire       go = s_valid && f_ready && (&e_ready);
assign s_ready = f_ready && (&e_ready);

// engine -> FIFO / checker; constants for an engine that is not built
wire [1:0]  h_nend, d_nend, g_nend;
wire        h_part, d_part, g_part;
wire [31:0] h_res0, h_res1, d_res0, d_res1;
wire        h_v0, h_v1, d_v0, d_v1;
wire [63:0] gd_res0, gd_res1;
wire        gd_v0, gd_v1;
wire [1:0]  h_pop, d_pop, g_pop;    // from the checker

wire [511:0] q_desc;                // the data FIFO head's descriptor

genvar gi;
generate
// ---- header digest (iSCSI) ----
if (ENG_MASK[MDD_ENGINE_HDIG]) begin : g_eng_h
    wire       en = !s_dbad && l_proto == MDD_PROTO_ISCSI && s_desc[MDD_DESC_HDIG_EN_LSB];
    wire [7:0] mask = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_HDIG_ISCSI
                    : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_HDIG_MPA : MDD_INCL_HDIG_RAW;
    wire [W-1:0] incl, ends;
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        assign incl[gi] = en && mask[s_tag[8*gi +: 3]];
        assign ends[gi] = en && s_tag[8*gi + MDD_TAG_EH];
    end
    // TX keeps the header-digest partial in DIG_PART (T4: word 7 is the window there)
    wire [31:0] seed = (TX != 0) ? s_desc[MDD_DESC_DIG_PART_LSB +: 32] : s_desc[MDD_DESC_HDIG_PART_LSB +: 32];

    mdd_rx_crc_engine #(.W(W), .CRC_ALG(0), .DEPTH(RES_DEPTH)) eng_h (
        .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[0]), .s_data(s_data), .s_incl(incl), .s_end(ends),
        .s_close(s_last), .s_seed_en(s_first && en && s_desc[MDD_DESC_HDIG_OPEN_LSB]), .s_seed(seed), .s_alg(2'd0),
        .s_nend(h_nend), .s_part(h_part), .m_res0(h_res0), .m_res0_valid(h_v0), .m_res1(h_res1),
        .m_res1_valid(h_v1), .m_pop(h_pop));
end else begin : g_no_h
    assign e_ready[0] = 1'b1;
    assign h_nend = 2'd0;
    assign h_part = 1'b0;
    assign h_res0 = 32'd0;
    assign h_res1 = 32'd0;
    assign h_v0 = 1'b0;
    assign h_v1 = 1'b0;
    wire [1:0] h_pop_unused = h_pop;    // the checker pops nothing from an absent engine
end

// ---- data digest / MPA CRC ----
if (ENG_MASK[MDD_ENGINE_DDIG]) begin : g_eng_d
    wire [2:0] l_dif_op = s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
    wire       en = !s_dbad && s_desc[MDD_DESC_DDIG_EN_LSB];
    wire [7:0] mask = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_DDIG_ISCSI
                    : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_DDIG_MPA : MDD_INCL_DDIG_RAW;
    // TX: PI that CHECK_STRIP removes is not on the wire, so not in the digest
    wire       strip = (TX != 0) && l_dif_op == MDD_DIF_CHECK_STRIP;
    wire [W-1:0] incl, ends;
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        wire [2:0] kind = s_tag[8*gi +: 3];
        assign incl[gi] = en && mask[kind] && !(kind == MDD_KIND_MRK && s_aux[4*gi + 3])
                          && !(strip && kind == MDD_KIND_PI);
        assign ends[gi] = en && s_tag[8*gi + MDD_TAG_ED];
    end

    mdd_rx_crc_engine #(.W(W), .CRC_ALG(0), .DEPTH(RES_DEPTH)) eng_d (
        .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[1]), .s_data(s_data), .s_incl(incl), .s_end(ends),
        .s_close(s_last), .s_seed_en(s_first && en && s_desc[MDD_DESC_DIG_OPEN_LSB]),
        .s_seed(s_desc[MDD_DESC_DIG_PART_LSB +: 32]), .s_alg(2'd0), .s_nend(d_nend), .s_part(d_part), .m_res0(d_res0),
        .m_res0_valid(d_v0), .m_res1(d_res1), .m_res1_valid(d_v1), .m_pop(d_pop));
end else begin : g_no_d
    assign e_ready[1] = 1'b1;
    assign d_nend = 2'd0;
    assign d_part = 1'b0;
    assign d_res0 = 32'd0;
    assign d_res1 = 32'd0;
    assign d_v0 = 1'b0;
    assign d_v1 = 1'b0;
    wire [1:0] d_pop_unused = d_pop;
end

// ---- guard engine: the three PI formats' CRCs in one (D-113); the transfer's format picks its results ----
if (ENG_MASK[MDD_ENGINE_GUARD]) begin : g_eng_g
    wire [1:0] l_pi_fmt = s_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
    wire       en = !s_dbad && s_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W] != MDD_DIF_NONE;
    wire [7:0] mask = (l_proto == MDD_PROTO_ISCSI) ? MDD_INCL_GUARD_ISCSI
                    : (l_proto == MDD_PROTO_MPA) ? MDD_INCL_GUARD_MPA : MDD_INCL_GUARD_RAW;
    wire [W-1:0] incl, ends;
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        assign incl[gi] = en && mask[s_tag[8*gi +: 3]];
        assign ends[gi] = en && s_tag[8*gi + MDD_TAG_EB];
    end
    // a format's guard algorithm (code 3, not a format, as T10)
    wire [1:0] alg = (l_pi_fmt == MDD_PI_NVME64_CODE) ? MDD_PI_NVME64_GUARD_ALG[1:0]
                   : (l_pi_fmt == MDD_PI_NVME32_CODE) ? MDD_PI_NVME32_GUARD_ALG[1:0] : MDD_PI_T10_GUARD_ALG[1:0];
    localparam [3:0] GUARD_ALGS = (4'd1 << MDD_PI_T10_GUARD_ALG) | (4'd1 << MDD_PI_NVME32_GUARD_ALG)
                                | (4'd1 << MDD_PI_NVME64_GUARD_ALG);

    mdd_rx_crc_engine #(.W(W), .ALGS(GUARD_ALGS), .DEPTH(RES_DEPTH)) eng_g (
        .clk(clk), .rst(rst), .s_valid(go), .s_ready(e_ready[2]), .s_data(s_data), .s_incl(incl), .s_end(ends),
        .s_close(s_last), .s_seed_en(s_first && en && s_desc[MDD_DESC_DIF_OPEN_LSB]),
        .s_seed(s_desc[MDD_DESC_DIF_PART_LSB +: 64]), .s_alg(alg), .s_nend(g_nend), .s_part(g_part),
        .m_res0(gd_res0), .m_res0_valid(gd_v0), .m_res1(gd_res1), .m_res1_valid(gd_v1), .m_pop(g_pop));
end else begin : g_no_g
    assign e_ready[2] = 1'b1;
    assign g_nend = 2'd0;
    assign g_part = 1'b0;
    assign gd_res0 = 64'd0;
    assign gd_res1 = 64'd0;
    assign gd_v0 = 1'b0;
    assign gd_v1 = 1'b0;
    wire [1:0] g_pop_unused = g_pop;
end
endgenerate

// ---------------------------------------------------------------------------
// Data FIFO: the word and the number of results it produced per engine
// ---------------------------------------------------------------------------
localparam FW = 20 * W + 2 + 32 + 8 + 1 + 512 + 8 + 1 + 8 + 8 + 32 + 32 + 64 + 64 + 16 + 8 + 9;

wire [FW-1:0] f_in = {g_part, g_nend, d_part, d_nend, h_part, h_nend,
                      s_ecnt, s_emap, s_err_got, s_err_exp, s_err_unit, s_err_off, s_err_byte, s_err_code, s_err_v,
                      s_xflags, s_desc, s_dbad, s_nin, s_woff, s_last, s_first, s_aux, s_tag, s_data};
wire [FW-1:0] f_out;
wire          f_valid, f_pop;

// READY_ON_POP = 0: the stage's s_ready is registers only (the checker's take does not reach the locate stage)
mdd_fifo #(.WIDTH(FW), .DEPTH(DATA_DEPTH), .READY_ON_POP(0), .HEAD_REG(1)) data_fifo (
    .clk(clk), .rst(rst), .s_tdata(f_in), .s_tvalid(go), .s_tready(f_ready),
    .m_tdata(f_out), .m_tvalid(f_valid), .m_tready(f_pop));

wire           q_gd_part, q_dd_part, q_hd_part, q_err_v, q_dbad, q_last, q_first;
wire [1:0]     q_gd_nend, q_dd_nend, q_hd_nend;
wire [7:0]     q_ecnt, q_err_byte, q_err_code, q_xflags, q_nin;
wire [15:0]    q_emap;
wire [63:0]    q_err_got, q_err_exp;
wire [31:0]    q_err_unit, q_err_off, q_woff;
wire [4*W-1:0] q_aux;
wire [8*W-1:0] q_tag, q_data;
assign {q_gd_part, q_gd_nend, q_dd_part, q_dd_nend, q_hd_part, q_hd_nend,
        q_ecnt, q_emap, q_err_got, q_err_exp, q_err_unit, q_err_off, q_err_byte, q_err_code, q_err_v,
        q_xflags, q_desc, q_dbad, q_nin, q_woff, q_last, q_first, q_aux, q_tag, q_data} = f_out;

// ---------------------------------------------------------------------------
// Checker
// ---------------------------------------------------------------------------
mdd_rx_check #(
    .W(W),
    .ENG_MASK(ENG_MASK),
    .TX(TX)
) chk (
    .clk(clk), .rst(rst),
    .s_valid(f_valid), .s_ready(f_pop),
    .s_data(q_data), .s_tag(q_tag), .s_aux(q_aux), .s_first(q_first), .s_last(q_last), .s_woff(q_woff),
    .s_nin(q_nin), .s_dbad(q_dbad), .s_desc(q_desc), .s_xflags(q_xflags), .s_err_v(q_err_v),
    .s_err_code(q_err_code), .s_err_byte(q_err_byte), .s_err_off(q_err_off), .s_err_unit(q_err_unit),
    .s_err_exp(q_err_exp), .s_err_got(q_err_got), .s_emap(q_emap), .s_ecnt(q_ecnt),
    .s_hd_nend(q_hd_nend), .s_hd_part(q_hd_part), .s_dd_nend(q_dd_nend), .s_dd_part(q_dd_part),
    .s_gd_nend(q_gd_nend), .s_gd_part(q_gd_part),
    .hd_res0(h_res0), .hd_res1(h_res1), .hd_res0_valid(h_v0), .hd_res1_valid(h_v1), .hd_pop(h_pop),
    .dd_res0(d_res0), .dd_res1(d_res1), .dd_res0_valid(d_v0), .dd_res1_valid(d_v1), .dd_pop(d_pop),
    .gd_res0(gd_res0), .gd_res1(gd_res1), .gd_res0_valid(gd_v0), .gd_res1_valid(gd_v1), .gd_pop(g_pop),
    .m_valid(m_valid), .m_ready(m_ready),
    .m_data(m_data), .m_tag(m_tag), .m_aux(m_aux), .m_first(m_first), .m_last(m_last), .m_woff(m_woff),
    .m_nin(m_nin), .m_dbad(m_dbad), .m_desc(m_desc), .m_xflags(m_xflags), .m_err_v(m_err_v),
    .m_err_code(m_err_code), .m_err_byte(m_err_byte), .m_err_off(m_err_off), .m_err_unit(m_err_unit),
    .m_err_exp(m_err_exp), .m_err_got(m_err_got), .m_emap(m_emap), .m_ecnt(m_ecnt)
);

endmodule

`resetall

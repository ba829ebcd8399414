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
 * Per word, lanes in order (the behaviour of the twin model/mdd_rx_check_model.c,
 * which walks the lanes one by one):
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
 *
 * Structure (D-040): no variable runs from lane to lane; each stage is a
 * parallel network whose depth grows with log2(W), not with W.
 *   - Per lane, in parallel: kind, field byte index, end flags, the expected
 *     byte and the compare.  Which engine result a lane expects follows from
 *     the number of end flags (EH/ED/EB) below it, saturated at two (prefix
 *     OR networks): the state's value, result 0 or result 1.
 *   - Fields: the chunking rules of the locate stages (at most one PDU start
 *     and one block start per word, docs/rx-path.md section 8) leave at most
 *     two fields of each kind in a word: field A (no field end below the
 *     lane; it may continue the previous word's field) and field B (one field
 *     end below).  Each field's start values (offset, PDU / block index,
 *     expected value) are taken at its first lane: prefix-OR masks of the
 *     lanes below it and popcounts of them; its received bytes, present bits
 *     and mismatches are gathered per byte index with one-hot AND-OR over the
 *     lanes (field bytes arrive in order, so the first differing byte is the
 *     lowest index).
 *   - Events (up to 2 x 2 digest and 2 x 3 PI subfield events): within one
 *     kind their offsets are ordered (field A before B; guard, app, ref), so
 *     each kind offers its first valid event (a one-hot pick).  The four
 *     candidates (the incoming record, header digest, data digest, PI) are
 *     registered with the word, and the last stage ranks them (smallest
 *     err_off, then code, then kind: six comparators) and takes the winner
 *     with a one-hot mux (D-061: the ranking was half the word's depth).
 *   - Five stages: 0 the word and its lane decode (r_*), 1 the checks and
 *     the stream state (e_*), 1b the PI compares reduced: the bytes that
 *     differed, carried across words, each subfield's event and the PI's
 *     first event (v_*, D-082), 2 each kind's candidate and the ranking's
 *     compares (q_*), 3 the ranking (m_*).
 *   - Wide increments of a word's position (offsets) use prefix-AND carries;
 *     a count added to a register (reference tag, block index: 0-2 PIs) is a
 *     plain adder, the vendor's carry chain (D-082).
 *
 * TX mode (TX = 1, docs/tx-path.md; the TX path runs two check stages after
 * its generator, guard engine then digest engines, docs/tx-path.md section 8):
 *   - offsets (err_off, subfield offsets) count host lanes only: HDR, PAY,
 *     and PI unless dif_op = INSERT (the PI is then generated here); s_woff
 *     is the host offset of the word's first host lane;
 *   - HDIG / DDIG lanes are filled: the data byte becomes the expected digest
 *     byte (what RX compares with), and no digest event is raised;
 *   - INSERT PI lanes are filled with the expected PI (as CHECK_REPLACE) and
 *     raise no event; CHECK_KEEP / STRIP / REPLACE are checked as on RX;
 *   - resume fields: an open header-digest message goes to DIG_PART with
 *     HDIG_OPEN = 1 and DIG_OPEN = 0 (T4: word 7 is the TX window, so
 *     HDIG_PART is never written, nor read as the first expected value);
 *     otherwise DIG_PART / DIG_OPEN come from the data digest as on RX and
 *     HDIG_OPEN = 0.
 *
 * Pipeline (D-061, D-082), each stage a few LUT levels:
 *   P  (W >= 32 only, D-112) the word, and the lane decode's part A (each
 *      lane's masks, the prefix ORs of the field ends) in the decoder;
 *   0  r_*: the word with its lane decode (mdd_rx_check_dec: every mask,
 *      count and gathered PI byte that depends on the word alone; the
 *      offsets are the word's offset plus a count, added in stage 1);
 *   1  e_*: the word is taken when the results it needs are at the heads of
 *      the engines' FIFOs (exactly those are popped); the checks against the stream state, the state
 *      update, and per field / PI subfield whether a byte differed, whether
 *      its event is due and the event's values;
 *   1b v_*: the PI compare's reduction (the bytes that differed, carried),
 *      kinds 0-2's candidates and the ranking's compares, the PI lanes' fill,
 *      each PI's received fields (its bytes not received read as the image);
 *   2  q_*: the events and each kind's candidate (its first event);
 *   3  m_*: the ranking of the four candidates.
 * A stage moves when the next can take its word: stage 1's advance = m_ready
 * | ~full4, where full4 is the registered AND of the four later valids (D-084:
 * stage 0's load enable is then two LUTs from registers), stage 0 loads
 * (r_ld) when ~r_valid | (advance & results there), take = r_valid & advance
 * & results there; s_ready = r_ld, or with stage P ~p_valid | r_ld;
 * both read stall_s (full4 & r_valid, a register of its own) in place of
 * full4, so neither is built from the advance net (D-086).  Stage 0's and
 * stage 1's registers load when the stage can move, whether a word came or
 * not (r_valid / e_valid say);
 * only the stream state waits for stage 1's take (D-085).  Latency 5; at
 * W >= 32 6, a stage P in front of stage 0 (D-112).  rst
 * clears the valids and the stream state.
 *
 * Parameters:
 *   W         bytes per word: 4, 8, 16, 32, 64
 *   ENG_MASK  engines present, bit MDD_ENGINE_HDIG (0) header digest, MDD_ENGINE_DDIG (1) data
 *             digest, MDD_ENGINE_GUARD (2) guard.  An absent engine counts as disabled on every
 *             word: its lanes pass untouched, no event, its resume fields echoed (its result
 *             inputs are then unused and must report no results).
 *   TX        0 RX checks, 1 TX fill (above)
 */
module mdd_rx_check #(
    parameter W = 8,
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
`include "mdd_lane_fn.vh"

// ---------------------------------------------------------------------------
// Stage 0: the word and its lane decode (mdd_rx_check_dec: everything that
// depends on the word alone) into the r_* registers.  At W >= 32 a stage P in
// front of it (PRE): the word, and the decode's part A in the decoder's own
// register (D-112: the decode of 64 lanes was 14-17 LUT levels in one cycle)
// ---------------------------------------------------------------------------
localparam PRE = (W >= 32) ? 1 : 0;
wire             r_ld;               // stage 0 loads (it is empty or its word is taken)

// the word stage 0 loads: stage P's (PRE) or the input
wire             ld_valid, ld_first, ld_last, ld_dbad, ld_err_v;
wire [8*W-1:0]   ld_data, ld_tag;
wire [4*W-1:0]   ld_aux;
wire [31:0]      ld_woff, ld_err_off, ld_err_unit;
wire [7:0]       ld_nin, ld_xflags, ld_err_code, ld_err_byte, ld_ecnt;
wire [511:0]     ld_desc;
wire [63:0]      ld_err_exp, ld_err_got;
wire [15:0]      ld_emap;
wire [1:0]       ld_hd_nend, ld_dd_nend, ld_gd_nend;
wire             ld_hd_part, ld_dd_part, ld_gd_part;
localparam WW = 1 + 20 * W + 1 + 1 + 32 + 8 + 1 + 512 + 8 + 1 + 8 + 8 + 32 + 32 + 64 + 64 + 16 + 8 + 9;
wire [WW-1:0] s_word = {s_valid, s_data, s_tag, s_aux, s_first, s_last, s_woff, s_nin, s_dbad, s_desc, s_xflags,
                        s_err_v, s_err_code, s_err_byte, s_err_off, s_err_unit, s_err_exp, s_err_got, s_emap,
                        s_ecnt, s_hd_nend, s_hd_part, s_dd_nend, s_dd_part, s_gd_nend, s_gd_part};
wire [WW-1:0] ld_word;
assign {ld_valid, ld_data, ld_tag, ld_aux, ld_first, ld_last, ld_woff, ld_nin, ld_dbad, ld_desc, ld_xflags,
        ld_err_v, ld_err_code, ld_err_byte, ld_err_off, ld_err_unit, ld_err_exp, ld_err_got, ld_emap,
        ld_ecnt, ld_hd_nend, ld_hd_part, ld_dd_nend, ld_dd_part, ld_gd_nend, ld_gd_part} = ld_word;
generate
if (PRE != 0) begin : g_pre
    // the fields load whenever stage P can take a word (p_valid, the word's top bit, says whether one came)
    reg [WW-1:0] p_word = {WW{1'b0}};
    always @(posedge clk) begin
        if (s_ready) begin
            p_word <= s_word;
        end
        if (rst) begin
            p_word[WW-1] <= 1'b0;
        end
    end
    assign ld_word = p_word;
    assign s_ready = !p_word[WW-1] || r_ld;
end else begin : g_no_pre
    assign ld_word = s_word;
    assign s_ready = r_ld;
end
endgenerate

wire             en_h_d, en_d_d, en_g_d;
wire [4:0]       guard_len_d, ref_len_d;
wire [3:0]       app_start_d, ref_start_d;
wire [15:0]      m_guard_d, m_app_d, m_ref_d;
wire [W-1:0]     ln_h_d, ln_d_d, ln_pi_d;
wire [6:0]       n_ep_d;
wire [2*W-1:0]   d_fl1_d, d_fl2_d, d_in_a_d, d_in_b_d;
wire [1:0]       d_fin_a_d, d_fin_b_d, d_sa0_d, d_sa1_d, d_sb0_d, d_sb1_d, d_fa0_d, d_fa1_d, d_fb0_d, d_fb1_d;
wire [1:0]       d_e0_d, d_e1_d, d_rs1_d;
wire [27:0]      d_ocnt_d;
wire [27:0]      d_ucnt_d;
wire [15:0]      d_gpres_d, d_gs1_d, d_gs2_d;
wire [127:0]     d_graw_d;
wire [W-1:0]     p_f1_d;
wire             p_fin_a_d, p_fin_b_d, p_any_a_d, p_any_b_d, p_ga0_d, p_ga1_d, p_gb0_d, p_gb1_d;
wire             p_e0_d, p_e1_d, p_rs1_d;
wire [31:0]      p_pres_d;
wire [255:0]     p_raw_d;
wire [41:0]      p_scnt_d;
wire [24:0]      woff_hi1_d;
wire [127:0]     d_off_d;
wire [191:0]     p_soff_d;

mdd_rx_check_dec #(.W(W), .ENG_MASK(ENG_MASK), .TX(TX), .PRE_REG(PRE)) dec (
    .clk(clk), .en(s_ready),
    .data(s_data), .tag(s_tag), .aux(s_aux), .desc(s_desc), .dbad(s_dbad), .woff_hi(s_woff[31:7]),
    .en_h(en_h_d), .en_d(en_d_d), .en_g(en_g_d),
    .guard_len(guard_len_d), .app_start(app_start_d), .ref_start(ref_start_d), .ref_len(ref_len_d),
    .m_guard(m_guard_d), .m_app(m_app_d), .m_ref(m_ref_d),
    .ln_h(ln_h_d), .ln_d(ln_d_d), .ln_pi(ln_pi_d), .n_ep(n_ep_d),
    .d_fl1(d_fl1_d), .d_fl2(d_fl2_d), .d_in_a(d_in_a_d), .d_in_b(d_in_b_d),
    .d_fin_a(d_fin_a_d), .d_fin_b(d_fin_b_d),
    .d_sa0(d_sa0_d), .d_sa1(d_sa1_d), .d_sb0(d_sb0_d), .d_sb1(d_sb1_d),
    .d_fa0(d_fa0_d), .d_fa1(d_fa1_d), .d_fb0(d_fb0_d), .d_fb1(d_fb1_d),
    .d_e0(d_e0_d), .d_e1(d_e1_d), .d_rs1(d_rs1_d), .d_ocnt(d_ocnt_d), .d_ucnt(d_ucnt_d),
    .d_gpres(d_gpres_d), .d_graw(d_graw_d), .d_gs1(d_gs1_d), .d_gs2(d_gs2_d),
    .p_f1(p_f1_d), .p_fin_a(p_fin_a_d), .p_fin_b(p_fin_b_d), .p_any_a(p_any_a_d), .p_any_b(p_any_b_d),
    .p_ga0(p_ga0_d), .p_ga1(p_ga1_d), .p_gb0(p_gb0_d), .p_gb1(p_gb1_d),
    .p_e0(p_e0_d), .p_e1(p_e1_d), .p_rs1(p_rs1_d),
    .p_pres(p_pres_d), .p_raw(p_raw_d), .p_scnt(p_scnt_d), .woff_hi1(woff_hi1_d)
);

// stage 0's offsets (see d_off below)
genvar go;
generate
for (go = 0; go < 4; go = go + 1) begin : g_doff
    assign d_off_d[32*go +: 32] = (PRE != 0) ? {25'd0, d_ocnt_d[7*go +: 7]}
                                             : plus_count(ld_woff, woff_hi1_d, d_ocnt_d[7*go +: 7]);
end
for (go = 0; go < 6; go = go + 1) begin : g_poff
    assign p_soff_d[32*go +: 32] = (PRE != 0) ? {25'd0, p_scnt_d[7*go +: 7]}
                                              : plus_count(ld_woff, woff_hi1_d, p_scnt_d[7*go +: 7]);
end
endgenerate

reg              r_valid = 1'b0;
reg              e_valid = 1'b0;     // stage 1's (declared here for the flow control)
reg              v_valid = 1'b0;     // stage 1b's
reg [8*W-1:0]    r_data = {8*W{1'b0}}, r_tag = {8*W{1'b0}};
reg [4*W-1:0]    r_aux = {4*W{1'b0}};
reg              r_first = 1'b0, r_last = 1'b0, r_dbad = 1'b0, r_err_v = 1'b0;
reg [31:0]       r_woff = 32'd0, r_err_off = 32'd0, r_err_unit = 32'd0;
reg [7:0]        r_nin = 8'd0, r_xflags = 8'd0, r_err_code = 8'd0, r_err_byte = 8'd0, r_ecnt = 8'd0;
reg [511:0]      r_desc = 512'd0;
reg [47:0]       r_ref_i1 = 48'd1;    // the descriptor's reference tag + 1 (off the PI compare's path)
reg [63:0]       r_err_exp = 64'd0, r_err_got = 64'd0;
reg [15:0]       r_emap = 16'd0;
reg [1:0]        r_hd_nend = 2'd0, r_dd_nend = 2'd0, r_gd_nend = 2'd0;
reg              r_hd_part = 1'b0, r_dd_part = 1'b0, r_gd_part = 1'b0;
reg [1:0]        r_hd_n = 2'd0, r_dd_n = 2'd0, r_gd_n = 2'd0;     // results the word pops: nend + part (<= 2)

reg              en_h = 1'b0, en_d = 1'b0, en_g = 1'b0;
reg [4:0]        guard_len = 5'd0, ref_len = 5'd0;
reg [3:0]        app_start = 4'd0, ref_start = 4'd0;
reg [15:0]       m_guard = 16'd0, m_app = 16'd0, m_ref = 16'd0;
reg [W-1:0]      ln_h = {W{1'b0}}, ln_d = {W{1'b0}}, ln_pi = {W{1'b0}};
reg [6:0]        n_ep = 7'd0;
reg [2*W-1:0]    d_fl1 = {2*W{1'b0}}, d_fl2 = {2*W{1'b0}}, d_in_a = {2*W{1'b0}}, d_in_b = {2*W{1'b0}};
reg [1:0]        d_fin_a = 2'd0, d_fin_b = 2'd0, d_sa0 = 2'd0, d_sa1 = 2'd0, d_sb0 = 2'd0, d_sb1 = 2'd0;
reg [1:0]        d_fa0 = 2'd0, d_fa1 = 2'd0, d_fb0 = 2'd0, d_fb1 = 2'd0, d_e0 = 2'd0, d_e1 = 2'd0, d_rs1 = 2'd0;
// a field's offset (W < 32: the word's offset plus the decode's count, summed here) or, with stage P, its count
// (stage 1 adds the offset: stage 0's decode is then the deepest at 64 lanes, stage 1's at 8, D-112)
reg [127:0]      d_off = 128'd0;
reg [27:0]       d_ucnt = 28'd0;
reg [15:0]       d_gpres = 16'd0, d_gs1 = 16'd0, d_gs2 = 16'd0;
reg [127:0]      d_graw = 128'd0;
reg [W-1:0]      p_f1 = {W{1'b0}};
reg              p_fin_a = 1'b0, p_fin_b = 1'b0, p_any_a = 1'b0, p_any_b = 1'b0;
reg              p_ga0 = 1'b0, p_ga1 = 1'b0, p_gb0 = 1'b0, p_gb1 = 1'b0, p_e0 = 1'b0, p_e1 = 1'b0, p_rs1 = 1'b0;
reg [31:0]       p_pres = 32'd0;
reg [255:0]      p_raw = 256'd0;
reg [191:0]      p_soff = 192'd0;    // as d_off, per PI 3 x 32 bits
reg [24:0]       r_woff_hi1 = 25'd1;   // r_woff[31:7] + 1

// ---------------------------------------------------------------------------
// Flow control: stage 0 (r_*), stage 1 the checks (q_*: state, compares, each
// kind's candidate event), stage 2 the ranking (m_*); a stage moves when the
// one after it can take its word.  Stage 1 takes a word when every result it
// needs is at the head of its engine's FIFO, and pops exactly those.
// ---------------------------------------------------------------------------
// n: the results the word pops, registered (0..2); one LUT4 of registers and the FIFO heads' valids
function have(input [1:0] n, input v0, input v1);
    begin
        have = (n == 2'd0) || (v0 && (!n[1] || v1));
    end
endfunction

// (each written out from registers and inputs: a chain of named enables is a chain of LUTs)
reg  q_valid = 1'b0;
reg  full4 = 1'b0;      // m_valid & q_valid & v_valid & e_valid, registered: stage 0's load enable is then short
wire advance_m = m_ready || !m_valid;                          // stage 3 can move
wire advance_q = m_ready || !m_valid || !q_valid;              // stage 2
wire advance_v = m_ready || !m_valid || !q_valid || !v_valid;  // stage 1b
reg  stall_s = 1'b0;
wire advance = m_ready || !full4;                              // stage 1
// an absent engine's word needs none of its results (the check stage ties its counts to 0): its terms fold away,
// so s_ready and take read only the engines the configuration has
wire have_all = (!ENG_MASK[MDD_ENGINE_HDIG] || have(r_hd_n, hd_res0_valid, hd_res1_valid))
             && (!ENG_MASK[MDD_ENGINE_DDIG] || have(r_dd_n, dd_res0_valid, dd_res1_valid))
             && (!ENG_MASK[MDD_ENGINE_GUARD] || have(r_gd_n, gd_res0_valid, gd_res1_valid));
wire take = r_valid && (m_ready || !stall_s) && have_all;
// s_ready enables stage 0's registers (about 2.5k at W = 8), take the stream state's: both read registers only,
// never the advance net, which spreads over stage 1's registers (nor s_ready the take net). stall_s is
// full4 & r_valid, registered apart (equal to full4 wherever r_valid holds, the only case either reads it), so
// synthesis cannot build them from advance's LUT (yosys merges identical registers even when kept: D-086).
assign r_ld = !r_valid || ((m_ready || !stall_s) && have_all);

assign hd_pop = (take && ENG_MASK[MDD_ENGINE_HDIG]) ? r_hd_n : 2'd0;
assign dd_pop = (take && ENG_MASK[MDD_ENGINE_DDIG]) ? r_dd_n : 2'd0;
assign gd_pop = (take && ENG_MASK[MDD_ENGINE_GUARD]) ? r_gd_n : 2'd0;

// (a plain +: the vendor's carry chain, off every loop)
wire [47:0] ld_ref_i1 = ld_desc[MDD_DESC_REF_TAG_LSB +: 48] + 48'd1;

// the r_* fields load whenever stage 0 can take a word (r_valid says whether one came): s_valid stays out of
// their enable
always @(posedge clk) begin
    if (r_ld) begin
        r_data <= ld_data; r_tag <= ld_tag; r_aux <= ld_aux; r_first <= ld_first; r_last <= ld_last;
        r_woff <= ld_woff; r_nin <= ld_nin; r_dbad <= ld_dbad; r_desc <= ld_desc; r_xflags <= ld_xflags;
        r_ref_i1 <= ld_ref_i1;
        r_err_v <= ld_err_v; r_err_code <= ld_err_code; r_err_byte <= ld_err_byte; r_err_off <= ld_err_off;
        r_err_unit <= ld_err_unit; r_err_exp <= ld_err_exp; r_err_got <= ld_err_got; r_emap <= ld_emap;
        r_ecnt <= ld_ecnt;
        r_hd_nend <= ld_hd_nend; r_hd_part <= ld_hd_part; r_dd_nend <= ld_dd_nend; r_dd_part <= ld_dd_part;
        r_gd_nend <= ld_gd_nend; r_gd_part <= ld_gd_part;
        r_hd_n <= ld_hd_nend + {1'b0, ld_hd_part}; r_dd_n <= ld_dd_nend + {1'b0, ld_dd_part};
        r_gd_n <= ld_gd_nend + {1'b0, ld_gd_part};
        en_h <= en_h_d; en_d <= en_d_d; en_g <= en_g_d;
        guard_len <= guard_len_d; app_start <= app_start_d; ref_start <= ref_start_d; ref_len <= ref_len_d; m_guard <= m_guard_d; m_app <= m_app_d; m_ref <= m_ref_d;
        ln_h <= ln_h_d; ln_d <= ln_d_d; ln_pi <= ln_pi_d; n_ep <= n_ep_d;
        d_fl1 <= d_fl1_d; d_fl2 <= d_fl2_d; d_in_a <= d_in_a_d; d_in_b <= d_in_b_d;
        d_fin_a <= d_fin_a_d; d_fin_b <= d_fin_b_d; d_sa0 <= d_sa0_d; d_sa1 <= d_sa1_d;
        d_sb0 <= d_sb0_d; d_sb1 <= d_sb1_d; d_fa0 <= d_fa0_d; d_fa1 <= d_fa1_d; d_fb0 <= d_fb0_d;
        d_fb1 <= d_fb1_d; d_e0 <= d_e0_d; d_e1 <= d_e1_d; d_rs1 <= d_rs1_d; d_off <= d_off_d;
        d_ucnt <= d_ucnt_d; d_gpres <= d_gpres_d; d_graw <= d_graw_d; d_gs1 <= d_gs1_d; d_gs2 <= d_gs2_d;
        p_f1 <= p_f1_d; p_fin_a <= p_fin_a_d; p_fin_b <= p_fin_b_d; p_any_a <= p_any_a_d;
        p_any_b <= p_any_b_d; p_ga0 <= p_ga0_d; p_ga1 <= p_ga1_d; p_gb0 <= p_gb0_d; p_gb1 <= p_gb1_d;
        p_e0 <= p_e0_d; p_e1 <= p_e1_d; p_rs1 <= p_rs1_d; p_pres <= p_pres_d; p_raw <= p_raw_d;
        p_soff <= p_soff_d; r_woff_hi1 <= woff_hi1_d;
    end
    if (r_ld) begin
        r_valid <= ld_valid;
    end
    if (rst) begin
        r_valid <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Transfer configuration from the descriptor
// ---------------------------------------------------------------------------
wire [2:0]  dif_op    = r_desc[MDD_DESC_DIF_OP_LSB +: MDD_DESC_DIF_OP_W];
wire [1:0]  pi_fmt    = r_desc[MDD_DESC_PI_FMT_LSB +: MDD_DESC_PI_FMT_W];
wire [1:0]  prot_type = r_desc[MDD_DESC_PROT_TYPE_LSB +: MDD_DESC_PROT_TYPE_W];
wire [2:0]  dif_chk   = r_desc[MDD_DESC_DIF_CHK_LSB +: MDD_DESC_DIF_CHK_W];
wire [15:0] app_tag   = r_desc[MDD_DESC_APP_TAG_LSB +: MDD_DESC_APP_TAG_W];
wire [15:0] app_mask  = r_desc[MDD_DESC_APP_MASK_LSB +: MDD_DESC_APP_MASK_W];

wire is_tx = TX != 0;
wire pi_fill = dif_op == MDD_DIF_CHECK_REPLACE || (is_tx && dif_op == MDD_DIF_INSERT);  // PI lanes rewritten
wire pi_chk  = !(is_tx && dif_op == MDD_DIF_INSERT);   // PI lanes checked (INSERT's come from here)
wire ref_inc = prot_type != 2'd3;     // the reference tag follows blocks (types 1, 2)

// PI value masks of the guard and the reference tag (the byte masks come from the lane decode)
wire [63:0] gmask   = (guard_len >= 5'd8) ? {64{1'b1}} : ((64'd1 << (8 * guard_len)) - 64'd1);
wire [63:0] rmask   = (ref_len >= 5'd6) ? 64'hFFFF_FFFF_FFFF : 64'hFFFF_FFFF;

// ---------------------------------------------------------------------------
// Parallel networks over the lanes (log2(W) levels each)
// ---------------------------------------------------------------------------

// the error code of PI subfield j (0 guard, 1 app, 2 ref)
function [7:0] pi_code(input integer j);
    pi_code = (j == 0) ? MDD_ERR_GUARD[7:0] : (j == 1) ? MDD_ERR_APP[7:0] : MDD_ERR_REF[7:0];
endfunction

// a < b for keys {offset, code}: the offsets' plain compare, the vendor's carry chain (D-084: shorter than a
// comparator tree in LUTs, on both vendors), "<" or "<=" as the codes say.  (Written as one 40-bit compare, the
// codes that are constants made yosys fold it into gates, which abc mapped as a ripple of LUTs: W = 64, 12
// levels from e_dg_off to the PI events' compares)
function lt40(input [39:0] a, input [39:0] b);
    lt40 = (a[7:0] < b[7:0]) ? !(b[39:8] < a[39:8]) : (a[39:8] < b[39:8]);
endfunction

function [4:0] popc16(input [15:0] x);
    integer s, u;
    reg [79:0] v;
    begin
        for (u = 0; u < 16; u = u + 1) begin
            v[5*u +: 5] = {4'd0, x[u]};
        end
        for (s = 1; s < 16; s = 2 * s) begin
            for (u = 0; u + s < 16; u = u + 2 * s) begin
                v[5*u +: 5] = v[5*u +: 5] + v[5*(u + s) +: 5];
            end
        end
        popc16 = v[4:0];
    end
endfunction

// index of the lowest set bit of a 16-bit mask (0 when none)
function [3:0] low_idx16(input [15:0] x);
    integer u;
    begin
        low_idx16 = 4'd0;
        for (u = 15; u >= 0; u = u - 1) begin
            if (x[u]) begin
                low_idx16 = u[3:0];
            end
        end
    end
endfunction

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

// All 16 expected PI bytes (byte j at [8j+7:8j]) of a format: constant layout per case
function [127:0] pi_image(input [1:0] fmt, input [63:0] gexp, input [15:0] app, input [47:0] rf);
    integer u;
    begin
        for (u = 0; u < 16; u = u + 1) begin
            case (fmt)
            MDD_PI_NVME32_CODE: pi_image[8*u +: 8] = pi_exp_byte(u[4:0], gexp, app, rf,
                MDD_PI_NVME32_GUARD_LEN, MDD_PI_NVME32_REF_OFF, MDD_PI_NVME32_REF_LEN);
            MDD_PI_NVME64_CODE: pi_image[8*u +: 8] = pi_exp_byte(u[4:0], gexp, app, rf,
                MDD_PI_NVME64_GUARD_LEN, MDD_PI_NVME64_REF_OFF, MDD_PI_NVME64_REF_LEN);
            default: pi_image[8*u +: 8] = pi_exp_byte(u[4:0], gexp, app, rf,
                MDD_PI_T10_GUARD_LEN, MDD_PI_T10_REF_OFF, MDD_PI_T10_REF_LEN);
            endcase
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

// the guard, app and ref values of a PI's bytes (constant byte ranges per format)
function [191:0] pi_fields(input [1:0] fmt, input [127:0] got);
    begin
        case (fmt)
        MDD_PI_NVME32_CODE: pi_fields = {pi_value(got, MDD_PI_NVME32_LEN - 8, 8),
            pi_value(got, MDD_PI_NVME32_APP_OFF, 2), pi_value(got, 0, MDD_PI_NVME32_GUARD_LEN)};
        MDD_PI_NVME64_CODE: pi_fields = {pi_value(got, MDD_PI_NVME64_LEN - MDD_PI_NVME64_REF_LEN, MDD_PI_NVME64_REF_LEN),
            pi_value(got, MDD_PI_NVME64_APP_OFF, 2), pi_value(got, 0, MDD_PI_NVME64_GUARD_LEN)};
        default: pi_fields = {pi_value(got, MDD_PI_T10_LEN - MDD_PI_T10_REF_LEN, MDD_PI_T10_REF_LEN),
            pi_value(got, MDD_PI_T10_APP_OFF, 2), pi_value(got, 0, MDD_PI_T10_GUARD_LEN)};
        endcase
    end
endfunction

genvar gi, gj, gm;

// PDU / block counters at the word start (fresh at a transfer's first word)
reg  [31:0] st_pdus = 32'd0;
reg  [31:0] st_pdus_p128 = 32'd128;   // st_pdus + 128, kept beside it: the units' high bits are then a select
reg  [31:0] st_blocks = 32'd0;
wire [31:0] b_pdus   = r_first ? 32'd0 : st_pdus;
wire [31:0] b_pdus_p128 = r_first ? 32'd128 : st_pdus_p128;
wire [31:0] b_blocks = r_first ? 32'd0 : st_blocks;

// base + a lane count (< 128): the low 7 bits add, the high bits take (base >> 7) + 1 when they carry
/* verilator lint_off UNUSEDSIGNAL */   // b_pdus_p128's low bits equal b_pdus's
wire [24:0] pdus_hi1 = b_pdus_p128[31:7];
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0] n_pdus = plus_count(b_pdus, pdus_hi1, n_ep);
// (a plain +: the vendor's carry chain, off the units' path)
wire [31:0] n_pdus_p128 = b_pdus_p128 + {25'd0, n_ep};

// ---------------------------------------------------------------------------
// Candidates for the word's error record: 0 the incoming record, 1 header digest,
// 2 data digest, 3 PI.  Within one kind the events' offsets are ordered (field A
// before field B; a PI's guard, app, ref bytes in that order), so each kind offers
// its first valid event; the four candidates are then compared (D-036).
// ---------------------------------------------------------------------------
localparam NE = 4;

// ---------------------------------------------------------------------------
// Digests (gk 0 header, 1 data): fields A and B of the word
// ---------------------------------------------------------------------------
wire [3:0]  dg_evm;     // per field (header A, B, data A, B): a byte differed
wire [3:0]  dg_evc;     // ... and its event is due (the field ends here or at the transfer's end; RX)
wire [127:0] dg_off;    // offsets of the fields' events (header A, B, data A, B)
wire [31:0]  dg_byte;
wire [127:0] dg_unit;
wire [255:0] dg_exp, dg_got;
wire [3:0]  dg_nrs;     // resume source after the word: 0 state, 1 exp, 2 zero (2 bits per digest)
wire [63:0] dg_nexp;    // expected value after the word (32 bits per digest)
wire [16*W-1:0] dg_fill; // per lane: the expected digest byte (TX writes it), W lanes per digest

genvar gk, gx;
generate
for (gk = 0; gk < 2; gk = gk + 1) begin : g_dig
    wire [31:0]  r0    = (gk != 0) ? dd_res0 : hd_res0;
    wire [31:0]  r1    = (gk != 0) ? dd_res1 : hd_res1;
    // TX: word 7 is the window, and no TX transfer starts inside a header digest (T1): nothing to read
    wire [31:0]  dpart = (gk != 0) ? r_desc[MDD_DESC_DIG_PART_LSB +: 32]
                       : is_tx ? 32'd0 : r_desc[MDD_DESC_HDIG_PART_LSB +: 32];

    reg [31:0] st_exp = 32'd0;
    reg [1:0]  st_rs = 2'd0;      // resume source: 0 descriptor, 1 exp, 2 zero
    reg        st_act = 1'b0;
    reg        st_mis = 1'b0;
    reg [1:0]  st_mby = 2'd0;
    reg [31:0] st_off = 32'd0;
    reg [31:0] st_unit = 32'd0;
    reg [31:0] st_got = 32'd0;

    wire [31:0] b_exp = r_first ? dpart : st_exp;
    wire [1:0]  b_rs  = r_first ? 2'd0 : st_rs;
    wire        carry = !r_first && st_act;     // field A continues the previous word's field

    // from the lane decode (stage 0): which result each lane / field expects
    wire [W-1:0] fl1   = d_fl1[gk*W +: W];
    wire [W-1:0] fl2   = d_fl2[gk*W +: W];
    wire [W-1:0] in_a  = d_in_a[gk*W +: W];
    wire [W-1:0] in_b  = d_in_b[gk*W +: W];
    wire         fin_a = d_fin_a[gk];
    wire         fin_b = d_fin_b[gk];
    wire [31:0]  x_sa  = d_sa1[gk] ? r1 : d_sa0[gk] ? r0 : b_exp;
    wire [31:0]  x_sb  = d_sb1[gk] ? r1 : d_sb0[gk] ? r0 : b_exp;
    wire [31:0]  x_fa  = d_fa1[gk] ? r1 : d_fa0[gk] ? r0 : b_exp;
    wire [31:0]  x_fb  = d_fb1[gk] ? r1 : d_fb0[gk] ? r0 : b_exp;
    wire [31:0]  x_end = d_e1[gk] ? r1 : d_e0[gk] ? r0 : b_exp;

    // TX, per lane: the expected digest's byte aux[1:0]
    for (gi = 0; gi < W; gi = gi + 1) begin : g_fill
        wire [31:0] ex = fl2[gi] ? r1 : fl1[gi] ? r0 : b_exp;
        wire [1:0]  q  = r_aux[4*gi +: 2];
        assign dg_fill[8*W*gk + 8*gi +: 8] = ex[8*q +: 8];
    end

    // the two fields (gx 0: A, 1: B)
    wire [1:0]  f_mis;
    wire [3:0]  f_mby;
    wire [63:0] f_off, f_unit, f_got, f_exp;
    for (gx = 0; gx < 2; gx = gx + 1) begin : g_fld
        wire         c_x   = (gx != 0) ? 1'b0 : carry;
        wire [31:0]  init  = c_x ? st_got : ((gx != 0) ? x_sb : x_sa);
        wire [3:0]   pres  = d_gpres[8*gk + 4*gx +: 4];
        wire [31:0]  raw   = d_graw[64*gk + 32*gx +: 32];
        wire [3:0]   dif_f, dif_c;
        wire [31:0]  got;
        // byte j differs from its expected value: compared with each source, then the source picked (the
        // compares follow registers only). Both cases of r_first (the descriptor's partial value or the
        // carried one) are reduced apart and picked last, so r_first's wide fanout meets the result only.
        for (gj = 0; gj < 4; gj = gj + 1) begin : g_byte
            wire [7:0] rb    = raw[8*gj +: 8];
            wire       s1    = d_gs1[8*gk + 4*gx + gj];
            wire       s2    = d_gs2[8*gk + 4*gx + gj];
            wire       ne_r1 = rb != r1[8*gj +: 8];
            wire       ne_r0 = rb != r0[8*gj +: 8];
            wire       ne_dp = rb != dpart[8*gj +: 8];
            wire       ne_st = rb != st_exp[8*gj +: 8];
            wire       ne_rs = s2 ? ne_r1 : ne_r0;
            assign dif_f[gj] = pres[gj] && ((s1 || s2) ? ne_rs : ne_dp);
            assign dif_c[gj] = pres[gj] && ((s1 || s2) ? ne_rs : ne_st);
            assign got[8*gj +: 8] = pres[gj] ? rb : init[8*gj +: 8];
        end
        // mis0 leaves out carry's !r_first: it is read only through mis_c / fj_c, picked when r_first is clear
        wire       mis0  = ((gx != 0) ? 1'b0 : st_act) && st_mis;
        wire       mis_f = |dif_f;
        wire       mis_c = mis0 || (|dif_c);
        wire       mis   = r_first ? mis_f : mis_c;
        wire [1:0] fj_f  = dif_f[0] ? 2'd0 : dif_f[1] ? 2'd1 : dif_f[2] ? 2'd2 : 2'd3;
        wire [1:0] fj_c  = mis0 ? st_mby :
                           dif_c[0] ? 2'd0 : dif_c[1] ? 2'd1 : dif_c[2] ? 2'd2 : 2'd3;
        wire [1:0] mby   = r_first ? fj_f : fj_c;
        wire [31:0] d_o  = d_off[64*gk + 32*gx +: 32];
        wire [31:0] off  = c_x ? st_off : (PRE != 0) ? plus_count(r_woff, r_woff_hi1, d_o[6:0]) : d_o;
        // (a transfer's first word counts from 0: r_first picked after the sum, not in front of it)
        wire [6:0]  ucnt = d_ucnt[14*gk + 7*gx +: 7];
        wire [31:0] unit = c_x ? st_unit : r_first ? {25'd0, ucnt} : plus_count(st_pdus, st_pdus_p128[31:7], ucnt);
        // ends at its last byte here, or open at the end of the transfer
        wire ends = (gx != 0) ? fin_b : fin_a;
        wire open = (gx != 0) ? (|in_b) && !fin_b : (carry || (|in_a)) && !fin_a;
        assign dg_evc[2*gk + gx] = !is_tx && (ends || (r_last && open));   // TX fills, never checks
        assign f_exp[32*gx +: 32] = ends ? ((gx != 0) ? x_fb : x_fa) : x_end;
        assign f_mis[gx] = mis;
        assign f_mby[2*gx +: 2] = mby;
        assign f_off[32*gx +: 32] = off;
        assign f_unit[32*gx +: 32] = unit;
        assign f_got[32*gx +: 32] = got;
    end

    assign dg_evm[2*gk +: 2] = f_mis;
    assign dg_byte[16*gk +: 16] = {6'd0, f_mby[3:2], 6'd0, f_mby[1:0]};
    assign dg_unit[64*gk +: 64] = f_unit;
    assign dg_exp[128*gk +: 128] = {32'd0, f_exp[63:32], 32'd0, f_exp[31:0]};
    assign dg_got[128*gk +: 128] = {32'd0, f_got[63:32], 32'd0, f_got[31:0]};
    assign dg_off[64*gk +: 64] = f_off;

    // next state: field B once A has ended; the last event (flag after field end in a lane) sets rs
    wire       n_act = !r_last && (fin_a ? (!fin_b && (|in_b)) : (carry || (|in_a)));
    wire [1:0] n_rs  = d_rs1[gk] ? 2'd1 : fin_a ? 2'd2 : b_rs;
    assign dg_nrs[2*gk +: 2] = n_rs;
    assign dg_nexp[32*gk +: 32] = x_end;

    always @(posedge clk) begin
        if (take) begin
            st_exp <= x_end;
            st_rs <= n_rs;
            st_act <= n_act;
            st_mis <= f_mis[fin_a];
            st_mby <= f_mby[2*fin_a +: 2];
            st_off <= f_off[32*fin_a +: 32];
            st_unit <= f_unit[32*fin_a +: 32];
            st_got <= f_got[32*fin_a +: 32];
        end
        if (rst) begin
            st_exp <= 32'd0; st_rs <= 2'd0; st_act <= 1'b0; st_mis <= 1'b0; st_mby <= 2'd0;
            st_off <= 32'd0; st_unit <= 32'd0; st_got <= 32'd0;
        end
    end
end
endgenerate

// ---------------------------------------------------------------------------
// Protection information: PIs A and B of the word
// ---------------------------------------------------------------------------
reg [63:0]  st_gexp = 64'd0;
reg [1:0]   st_grs = 2'd0;
reg [47:0]  st_ref = 48'd0;
reg         st_pact = 1'b0;
reg [63:0]  st_fgexp = 64'd0;
reg [47:0]  st_fref = 48'd0;
reg [31:0]  st_punit = 32'd0;
reg [15:0]  st_present = 16'd0;
reg [127:0] st_got = 128'd0;   // PI byte j at bits [8j+7:8j]
reg [47:0]  st_ref_i1 = 48'd1; // st_ref + 1, kept beside it: the compare's expected reference tag is then a select
reg [95:0]  st_soff = 96'd0;   // 32 bits per subfield
reg [2:0]   st_subp = 3'd0;    // per subfield (guard, app, ref): a byte of it in st_present (the masks are the
                               // transfer's, so this word's equal the next one's wherever that one carries)

wire [63:0] b_gexp  = r_first ? r_desc[MDD_DESC_DIF_PART_LSB +: 64] : st_gexp;
wire [1:0]  b_grs   = r_first ? 2'd0 : st_grs;
wire [47:0] b_ref   = r_first ? r_desc[MDD_DESC_REF_TAG_LSB +: 48] : st_ref;
wire        p_carry = !r_first && st_pact;

wire [W-1:0] pf1   = p_f1;
wire         pf_a  = p_fin_a;
wire         pf_b  = p_fin_b;

// each PI's latched expectations: guard result in front of its first byte, reference tag, block index
wire [63:0] fgexp_a = p_carry ? st_fgexp : (p_ga1 ? gd_res1 : p_ga0 ? gd_res0 : b_gexp);
wire [63:0] fgexp_b = p_gb1 ? gd_res1 : p_gb0 ? gd_res0 : b_gexp;
wire [47:0] fref_a  = p_carry ? st_fref : b_ref;
wire [47:0] ref_i1  = r_first ? r_ref_i1 : st_ref_i1;     // b_ref + 1
wire [47:0] fref_b  = ref_inc ? ref_i1 : b_ref;
wire [31:0] punit_a = p_carry ? st_punit : b_blocks;
wire [31:0] punit_b = b_blocks + 32'd1;
wire [127:0] img_a  = pi_image(pi_fmt, fgexp_a, app_tag, fref_a);
wire [127:0] img_b  = pi_image(pi_fmt, fgexp_b, app_tag, fref_b);

// per lane: TX fills its digest lanes here; PI lanes are rewritten by CHECK_REPLACE (and TX INSERT) in stage 1b,
// from the registered images (the lane's byte select then follows a register, not the expectation's selects)
wire [8*W-1:0] c_data;
generate
for (gi = 0; gi < W; gi = gi + 1) begin : g_pl
    assign c_data[8*gi +: 8] = (is_tx && ln_h[gi]) ? dg_fill[8*gi +: 8]
                             : (is_tx && ln_d[gi]) ? dg_fill[8*W + 8*gi +: 8] : r_data[8*gi +: 8];
end
endgenerate

wire [31:0]  pf_present;   // 16 per PI
wire [255:0] pf_got;
wire [191:0] pf_soff;
wire [1:0]   pe_due;       // per PI: its events are due (it ends here or at the transfer's end) unless escaped
wire [31:0]  pe_ff;        // per PI byte: present (this word or carried) and 0xFF, for the escape in stage 1b
wire [31:0]  pe_dif;       // per PI byte: present and differs from the expected (under the app mask)
wire [191:0] pe_off, pe_unit;
wire [383:0] pe_exp;

generate
for (gx = 0; gx < 2; gx = gx + 1) begin : g_pi
    wire          c_x   = (gx != 0) ? 1'b0 : p_carry;
    wire [127:0]  img   = (gx != 0) ? img_b : img_a;
    wire [63:0]   fgexp = (gx != 0) ? fgexp_b : fgexp_a;
    wire [47:0]   fref  = (gx != 0) ? fref_b : fref_a;
    wire [31:0]   punit = (gx != 0) ? punit_b : punit_a;
    wire [15:0]   pres, ff;
    wire [127:0]  got;
    for (gj = 0; gj < 16; gj = gj + 1) begin : g_byte
        assign pres[gj] = p_pres[16*gx + gj];
        // compared per PI byte, the received byte gathered first (no per-lane select of the expected
        // byte in the compare's path); app bytes under app_mask
        wire       last_app = m_app[gj] && (gj == 15 || !m_app[(gj + 1) % 16]);
        wire [7:0] am = m_app[gj] ? (last_app ? app_mask[7:0] : app_mask[15:8]) : 8'hFF;
        // (registered per byte: the carried differences and the subfields' reductions are stage 1b's)
        assign pe_dif[16*gx + gj] = pres[gj] && (|((p_raw[128*gx + 8*gj +: 8] ^ img[8*gj +: 8]) & am));
        // the bytes received so far, this word's or carried; a byte not received reads as its expected
        // image, which stage 1b puts in (a carried PI's image equals the previous word's, so the carried
        // bytes need not hold it), keeping the carry's and the image's selects out of this path
        assign got[8*gj +: 8] = pres[gj] ? p_raw[128*gx + 8*gj +: 8] : st_got[8*gj +: 8];
        // (the escape looks at present bytes only, whose got is the received byte, this word's or carried)
        assign ff[gj] = got[8*gj +: 8] == 8'hFF;
    end
    wire [15:0] present = (c_x ? st_present : 16'd0) | pres;

    // subfields (gm 0 guard, 1 app, 2 ref): offset of the first byte here
    wire [95:0] soff;
    for (gm = 0; gm < 3; gm = gm + 1) begin : g_sub
        assign soff[32*gm +: 32] = (c_x && st_subp[gm]) ? st_soff[32*gm +: 32]
                                 : (PRE != 0) ? plus_count(r_woff, r_woff_hi1, p_soff[96*gx + 32*gm +: 7])
                                 : p_soff[96*gx + 32*gm +: 32];
    end

    // the subfield events are due at the PI's end (the escape, D-033, is stage 1b's)
    wire ends    = (gx != 0) ? pf_b : pf_a;
    wire open    = (gx != 0) ? p_any_b && !pf_b : (p_carry || p_any_a) && !pf_a;
    assign pe_due[gx] = pi_chk && (ends || (r_last && open));
    assign pe_ff[16*gx +: 16] = present & ff;
    assign pe_off[96*gx +: 96] = soff;
    assign pe_unit[96*gx +: 96] = {punit, punit, punit};
    assign pe_exp[192*gx +: 192] = {{16'd0, fref} & rmask, {48'd0, app_tag}, fgexp & gmask};

    assign pf_present[16*gx +: 16] = present;
    assign pf_got[128*gx +: 128] = got;
    assign pf_soff[96*gx +: 96] = soff;
end
endgenerate

// next PI state: PI B once A has ended
wire        n_pact  = !r_last && (pf_a ? (!pf_b && p_any_b) : (p_carry || p_any_a));
wire [63:0] n_gexp  = p_e1 ? gd_res1 : p_e0 ? gd_res0 : b_gexp;
wire [1:0]  n_grs   = p_rs1 ? 2'd1 : pf_a ? 2'd2 : b_grs;
wire [1:0]  n_pis   = {pf_b, pf_a && !pf_b};     // PIs completed in the word (B ends only after A: a count)
// (plain adders of a small count: each a carry chain straight into its register, no select behind it)
wire [1:0]  ref_add  = ref_inc ? n_pis : 2'd0;
wire [47:0] n_ref    = b_ref + {46'd0, ref_add};
wire [47:0] n_ref_i1 = ref_i1 + {46'd0, ref_add};
wire [31:0] n_blocks = b_blocks + {30'd0, n_pis};

// ---------------------------------------------------------------------------
// Resume fields on the last word (docs/rx-path.md section 4); a disabled engine's fields are echoed
// ---------------------------------------------------------------------------
wire [31:0] hd_partial = (r_hd_nend == 2'd0) ? hd_res0 : hd_res1;   // the word's last result
wire        tx_hopen   = is_tx && en_h && r_hd_part;                   // TX: header message open at the end

reg [511:0] c_desc;
always @* begin
    c_desc = r_desc;
    if (r_last) begin
        if (!is_tx && en_h && (r_hd_part || dg_nrs[1:0] != 2'd0)) begin
            c_desc[MDD_DESC_HDIG_PART_LSB +: MDD_DESC_HDIG_PART_W] =
                r_hd_part ? hd_partial : (dg_nrs[1:0] == 2'd1) ? dg_nexp[31:0] : 32'd0;
            c_desc[MDD_DESC_HDIG_OPEN_LSB] = r_hd_part;
        end
        if (is_tx && en_h) begin
            // T1: a TX transfer never ends between EH and the end of the header digest, so only an
            // open message needs saving
            c_desc[MDD_DESC_HDIG_OPEN_LSB] = r_hd_part;
        end
        if (tx_hopen) begin
            // T4: the header partial in DIG_PART (the data digest is never open inside a header)
            c_desc[MDD_DESC_DIG_PART_LSB +: MDD_DESC_DIG_PART_W] = hd_partial;
            c_desc[MDD_DESC_DIG_OPEN_LSB] = 1'b0;
        end else if (en_d && (r_dd_part || dg_nrs[3:2] != 2'd0)) begin
            c_desc[MDD_DESC_DIG_PART_LSB +: MDD_DESC_DIG_PART_W] =
                r_dd_part ? ((r_dd_nend == 2'd0) ? dd_res0 : dd_res1)
                : (dg_nrs[3:2] == 2'd1) ? dg_nexp[63:32] : 32'd0;
            c_desc[MDD_DESC_DIG_OPEN_LSB] = r_dd_part;
        end else if (is_tx && en_h && r_desc[MDD_DESC_HDIG_OPEN_LSB]) begin
            // the header partial that came in DIG_PART has been used up, and the data digest has no
            // value to carry (model/mdd_txref.c starts the data digest at 0 under HDIG_OPEN)
            c_desc[MDD_DESC_DIG_PART_LSB +: MDD_DESC_DIG_PART_W] = 32'd0;
        end
        if (en_g && (r_gd_part || n_grs != 2'd0)) begin
            c_desc[MDD_DESC_DIF_PART_LSB +: MDD_DESC_DIF_PART_W] =
                r_gd_part ? ((r_gd_nend == 2'd0) ? gd_res0 : gd_res1)
                : (n_grs == 2'd1) ? n_gexp : 64'd0;
            c_desc[MDD_DESC_DIF_OPEN_LSB] = r_gd_part;
        end
        if (en_g) begin
            c_desc[MDD_DESC_REF_TAG_LSB +: MDD_DESC_REF_TAG_W] = n_ref;
        end
    end
end

// ---------------------------------------------------------------------------
// Registers of stage 1: the state, the checked word and its events' parts
// ---------------------------------------------------------------------------
// the word's fields that stages 2 and 3 only carry, as one vector (data, tag, aux, first, last, woff, nin,
// dbad, desc, xflags: the output word without its error record)
localparam PW = 20 * W + 1 + 1 + 32 + 8 + 1 + 512 + 8;
wire [PW-1:0]    c_pass = {r_xflags, c_desc, r_dbad, r_nin, r_woff, r_last, r_first, r_aux, r_tag, c_data};
reg [PW-1:0]     e_pass = {PW{1'b0}};
reg              e_err_v = 1'b0;
reg [31:0]       e_err_off = 32'd0, e_err_unit = 32'd0;
reg [7:0]        e_err_code = 8'd0, e_err_byte = 8'd0, e_ecnt = 8'd0;
reg [63:0]       e_err_exp = 64'd0, e_err_got = 64'd0;
reg [15:0]       e_emap = 16'd0;
reg [3:0]        e_dg_evm = 4'd0, e_dg_evc = 4'd0;
reg [31:0]       e_dg_byte = 32'd0;
reg [127:0]      e_dg_off = 128'd0, e_dg_unit = 128'd0;
reg [255:0]      e_dg_exp = 256'd0, e_dg_got = 256'd0;
reg [1:0]        e_pe_due = 2'd0;
reg [31:0]       e_pe_ff = 32'd0, e_pe_present = 32'd0;
reg              e_ref_inc = 1'b0;
reg [31:0]       e_pe_dif = 32'd0;
reg [255:0]      e_img = 256'd0;                        // PI A's and PI B's expected images
reg [W-1:0]      e_fill = {W{1'b0}}, e_fill_b = {W{1'b0}};  // PI lanes to rewrite; of them, PI B's
reg              e_pcarry = 1'b0, e_pf_a = 1'b0;        // PI A continues the carried PI; PI A ended
reg [47:0]       e_pmask = 48'd0;                       // guard, app, ref byte masks
reg [2:0]        e_pchk = 3'd0;                         // guard, app, ref checked (ref: and it follows blocks)
reg [3:0]        e_app_start = 4'd0, e_ref_start = 4'd0;
reg [191:0]      e_pe_off = 192'd0, e_pe_unit = 192'd0;
reg [383:0]      e_pe_exp = 384'd0;
reg [255:0]      e_pf_got = 256'd0;                     // PI A's and PI B's bytes received so far
reg [1:0]        e_pi_fmt = 2'd0;

always @(posedge clk) begin
    if (take) begin
        st_gexp <= n_gexp; st_grs <= n_grs; st_ref <= n_ref; st_ref_i1 <= n_ref_i1; st_pact <= n_pact;
        st_fgexp <= pf_a ? fgexp_b : fgexp_a;
        st_fref <= pf_a ? fref_b : fref_a;
        st_punit <= pf_a ? punit_b : punit_a;
        st_present <= pf_present[16*pf_a +: 16];
        st_got <= pf_got[128*pf_a +: 128];
        st_soff <= pf_soff[96*pf_a +: 96];
        st_subp <= {|(pf_present[16*pf_a +: 16] & m_ref), |(pf_present[16*pf_a +: 16] & m_app),
                    |(pf_present[16*pf_a +: 16] & m_guard)};
        st_pdus <= n_pdus; st_pdus_p128 <= n_pdus_p128; st_blocks <= n_blocks;
    end
    // the pipeline registers load whenever stage 1 advances (e_valid says whether a word was taken): only the
    // stream state above waits for take, whose fan-out is then small
    if (advance) begin
        e_pass <= c_pass;
        e_err_v <= r_err_v; e_err_code <= r_err_code; e_err_byte <= r_err_byte; e_err_off <= r_err_off;
        e_err_unit <= r_err_unit; e_err_exp <= r_err_exp; e_err_got <= r_err_got; e_emap <= r_emap;
        e_ecnt <= r_ecnt;
        e_dg_evm <= dg_evm; e_dg_evc <= dg_evc; e_dg_byte <= dg_byte; e_dg_off <= dg_off;
        e_dg_unit <= dg_unit; e_dg_exp <= dg_exp; e_dg_got <= dg_got;
        e_pe_due <= pe_due; e_pe_ff <= pe_ff; e_pe_present <= pf_present; e_ref_inc <= ref_inc; e_pe_dif <= pe_dif; e_img <= {img_b, img_a};
        e_fill <= pi_fill ? ln_pi : {W{1'b0}}; e_fill_b <= pf1; e_app_start <= app_start; e_ref_start <= ref_start;
        e_pcarry <= p_carry; e_pf_a <= pf_a; e_pmask <= {m_ref, m_app, m_guard};
        e_pchk <= {dif_chk[2] && ref_inc, dif_chk[1:0]}; e_pe_off <= pe_off; e_pe_unit <= pe_unit;
        e_pe_exp <= pe_exp; e_pf_got <= pf_got; e_pi_fmt <= pi_fmt;
        e_valid <= take;
    end
    if (rst) begin
        e_valid <= 1'b0;
        st_gexp <= 64'd0; st_grs <= 2'd0; st_ref <= 48'd0; st_ref_i1 <= 48'd1; st_pact <= 1'b0; st_fgexp <= 64'd0; st_fref <= 48'd0;
        st_punit <= 32'd0; st_present <= 16'd0; st_got <= 128'd0; 
        st_soff <= 96'd0; st_subp <= 3'd0; st_pdus <= 32'd0; st_pdus_p128 <= 32'd128; st_blocks <= 32'd0;
    end
end

// ---------------------------------------------------------------------------
// Stage 1b: the PI bytes' compare, reduced from the registered differences
// (D-082).  A PI's bytes arrive in order, so the bytes that differed so far
// carry across words, and the lowest of them is the first difference.
// ---------------------------------------------------------------------------
reg [15:0]  st_pdm = 16'd0;    // the carried PI's bytes that differed so far (bit j: PI byte j)
wire [31:0] pf_dm;             // 16 per PI
wire [95:0] pe_dm;             // per PI and subfield: its bytes that differed (the first is found in stage 2)
wire [5:0]  pe_m;              // PI A guard/app/ref, PI B guard/app/ref: checked and a byte differed
wire [1:0]  pe_c;              // per PI: its events are due and it is not escaped
wire [5:0]  pe_v  = pe_m & {{3{pe_c[1]}}, {3{pe_c[0]}}};         // ... and its event is due
// the PI candidate: the first valid event of the six (registered: stage 2 selects by it at once)
wire [5:0]  pe_first = pe_v & ~{pe_v[4:0] | {pe_v[3:0], 1'b0} | {pe_v[2:0], 2'b0} | {pe_v[1:0], 3'b0}
                                | {pe_v[0], 4'b0}, 1'b0};
// each PI's received fields, its bytes not received read as the expected image
wire [383:0] pe_got;
generate
for (gx = 0; gx < 2; gx = gx + 1) begin : g_pig
    wire [127:0] g;
    for (gj = 0; gj < 16; gj = gj + 1) begin : g_byte
        assign g[8*gj +: 8] = e_pe_present[16*gx + gj] ? e_pf_got[128*gx + 8*gj +: 8] : e_img[128*gx + 8*gj +: 8];
    end
    assign pe_got[192*gx +: 192] = pi_fields(e_pi_fmt, g);
end
endgenerate

generate
for (gx = 0; gx < 2; gx = gx + 1) begin : g_pic
    wire [15:0] dm = ((gx == 0 && e_pcarry) ? st_pdm : 16'd0) | e_pe_dif[16*gx +: 16];
    for (gm = 0; gm < 3; gm = gm + 1) begin : g_sub
        assign pe_dm[48*gx + 16*gm +: 16] = dm & e_pmask[16*gm +: 16];
        assign pe_m[3*gx + gm] = e_pchk[gm] && (|(dm & e_pmask[16*gm +: 16]));
    end
    assign pf_dm[16*gx +: 16] = dm;
    // escape (D-033): the app bytes present all 0xFF (and, when the reference tag does not follow blocks,
    // the ref bytes present too)
    wire [15:0] present = e_pe_present[16*gx +: 16];
    wire [15:0] ff      = e_pe_ff[16*gx +: 16];
    wire [15:0] m_app_b = e_pmask[16 +: 16];
    wire [15:0] m_ref_b = e_pmask[32 +: 16];
    wire app_ff  = &(~(present & m_app_b) | ff);
    wire ref_ff  = &(~(present & m_ref_b) | ff);
    wire escaped = (|(present & m_app_b)) && app_ff && (e_ref_inc || ref_ff);
    assign pe_c[gx] = e_pe_due[gx] && !escaped;
end
endgenerate

// kinds 0-2's candidates
wire [3:0]    dg_ev = e_dg_evm & e_dg_evc;
wire [1:0]    dg_sel = {dg_ev[2], dg_ev[0]};    // per digest: the kind offers field A's event (else B's)
wire [23:0]   kc_code, kc_byte;
wire [95:0]   kc_off, kc_unit;
wire [191:0]  kc_exp, kc_got;

// kind 0: the incoming record
assign kc_code[7:0] = e_err_code;
assign kc_byte[7:0] = e_err_byte;
assign kc_off[31:0] = e_err_off;
assign kc_unit[31:0] = e_err_unit;
assign kc_exp[63:0] = e_err_exp;
assign kc_got[63:0] = e_err_got;

// kinds 1 (header digest) and 2 (data digest): field A's event, else field B's
generate
for (gk = 0; gk < 2; gk = gk + 1) begin : g_kdig
    wire a = dg_sel[gk];
    assign kc_code[8*(1 + gk) +: 8] = (gk != 0) ? MDD_ERR_DDIG[7:0] : MDD_ERR_HDIG[7:0];
    assign kc_byte[8*(1 + gk) +: 8] = a ? e_dg_byte[16*gk +: 8] : e_dg_byte[16*gk + 8 +: 8];
    assign kc_off[32*(1 + gk) +: 32] = a ? e_dg_off[64*gk +: 32] : e_dg_off[64*gk + 32 +: 32];
    assign kc_unit[32*(1 + gk) +: 32] = a ? e_dg_unit[64*gk +: 32] : e_dg_unit[64*gk + 32 +: 32];
    assign kc_exp[64*(1 + gk) +: 64] = a ? e_dg_exp[128*gk +: 64] : e_dg_exp[128*gk + 64 +: 64];
    assign kc_got[64*(1 + gk) +: 64] = a ? e_dg_got[128*gk +: 64] : e_dg_got[128*gk + 64 +: 64];
end
endgenerate

// the ranking's compares (stage 3 reads candidate a below candidate b for a > b only): among kinds 0-2, and each
// PI event against each of them (stage 2 takes the PI candidate's by its first event: no compare follows that pick).
// A digest kind's key is its field A's or B's: both are compared and the kind's pick comes after the compares, so
// the pick (from the events) does not sit in front of the carry chains (kind 0's two keys are one: the duplicate
// compares merge)
wire [119:0] key_a = {MDD_ERR_DDIG[7:0], e_dg_off[64 +: 32], MDD_ERR_HDIG[7:0], e_dg_off[0 +: 32], e_err_code, e_err_off};
wire [119:0] key_b = {MDD_ERR_DDIG[7:0], e_dg_off[96 +: 32], MDD_ERR_HDIG[7:0], e_dg_off[32 +: 32], e_err_code, e_err_off};
wire [2:0]   key_sel = {dg_sel, 1'b1};      // per kind: its field A's key
function [39:0] key40(input [39:0] k);      // {offset, code}: the offset is the key's major part
    key40 = {k[31:0], k[39:32]};
endfunction
reg [8:0]  kc_lt;
reg [17:0] pk_lt;
reg [3:0]  lt4;
reg [1:0]  lt2;
integer ca, cb;
always @* begin
    kc_lt = 9'd0;
    for (ca = 0; ca < 3; ca = ca + 1)
        for (cb = 0; cb < ca; cb = cb + 1) begin
            lt4[0] = lt40(key40(key_a[40*ca +: 40]), key40(key_a[40*cb +: 40]));
            lt4[1] = lt40(key40(key_a[40*ca +: 40]), key40(key_b[40*cb +: 40]));
            lt4[2] = lt40(key40(key_b[40*ca +: 40]), key40(key_a[40*cb +: 40]));
            lt4[3] = lt40(key40(key_b[40*ca +: 40]), key40(key_b[40*cb +: 40]));
            kc_lt[3*ca + cb] = lt4[{!key_sel[ca], !key_sel[cb]}];
        end
    for (ca = 0; ca < 6; ca = ca + 1)
        for (cb = 0; cb < 3; cb = cb + 1) begin
            lt2[0] = lt40({e_pe_off[32*ca +: 32], pi_code(ca % 3)}, key40(key_a[40*cb +: 40]));
            lt2[1] = lt40({e_pe_off[32*ca +: 32], pi_code(ca % 3)}, key40(key_b[40*cb +: 40]));
            pk_lt[3*ca + cb] = lt2[!key_sel[cb]];
        end
end

// CHECK_REPLACE (and TX INSERT): each PI lane's byte from its PI's image, at the lane's PI byte index (aux)
wire [8*W-1:0] v_data;
generate
for (gi = 0; gi < W; gi = gi + 1) begin : g_fill
    wire [3:0] a = e_pass[16*W + 4*gi +: 4];
    wire [7:0] e = e_fill_b[gi] ? e_img[128 + 8*a +: 8] : e_img[8*a +: 8];
    assign v_data[8*gi +: 8] = e_fill[gi] ? e : e_pass[8*gi +: 8];
end
endgenerate

reg [PW-1:0]     v_pass = {PW{1'b0}};
reg              v_err_v = 1'b0;
reg [7:0]        v_ecnt = 8'd0;
reg [15:0]       v_emap = 16'd0;
reg [3:0]        v_dg_ev = 4'd0;
// kinds 0-2's candidates (the incoming record, the header and data digests' first events) and the ranking's
// compares that do not depend on the PI's first event: each PI event against each of them, both ways
reg [23:0]       v_kc_code = 24'd0, v_kc_byte = 24'd0;
reg [95:0]       v_kc_off = 96'd0, v_kc_unit = 96'd0;
reg [191:0]      v_kc_exp = 192'd0, v_kc_got = 192'd0;
reg [8:0]        v_kc_lt = 9'd0;           // [3a + b]: candidate a below candidate b (a > b)
reg [17:0]       v_pk_lt = 18'd0;          // [3ek + b]: PI event ek below candidate b
reg [5:0]        v_pe_v = 6'd0, v_pe_first = 6'd0;
reg [95:0]       v_pe_dm = 96'd0;
reg [3:0]        v_app_start = 4'd0, v_ref_start = 4'd0;
reg [191:0]      v_pe_off = 192'd0, v_pe_unit = 192'd0;
reg [383:0]      v_pe_exp = 384'd0, v_pe_got = 384'd0;

wire move_v = advance_v && e_valid;
always @(posedge clk) begin
    if (move_v) begin
        st_pdm <= pf_dm[16*e_pf_a +: 16];
        v_pass <= {e_pass[PW-1:8*W], v_data};
        v_err_v <= e_err_v; v_emap <= e_emap; v_ecnt <= e_ecnt;
        v_dg_ev <= dg_ev;
        v_kc_code <= kc_code; v_kc_byte <= kc_byte; v_kc_off <= kc_off; v_kc_unit <= kc_unit;
        v_kc_exp <= kc_exp; v_kc_got <= kc_got;
        v_kc_lt <= kc_lt; v_pk_lt <= pk_lt;
        v_pe_v <= pe_v; v_pe_first <= pe_first; v_pe_dm <= pe_dm; v_app_start <= e_app_start; v_ref_start <= e_ref_start;
        v_pe_off <= e_pe_off; v_pe_unit <= e_pe_unit; v_pe_exp <= e_pe_exp; v_pe_got <= pe_got;
    end
    if (advance_v) begin
        v_valid <= e_valid;
    end
    if (rst) begin
        v_valid <= 1'b0;
        st_pdm <= 16'd0;
    end
end

// ---------------------------------------------------------------------------
// Stage 2: the events and each kind's candidate (D-036).  Within a kind the
// events' offsets are ordered, so a kind offers its first valid event (a
// one-hot pick); the ranking across kinds is stage 3.  Kinds 0-2's
// candidates and every compare the ranking needs are stage 1b's (D-083).
// ---------------------------------------------------------------------------
wire [NE-1:0] ev_v;     // the kind has an event
wire [9:0]    all_v;    // every event: header A, B, data A, B, PI A guard/app/ref, PI B guard/app/ref
assign ev_v = {|v_pe_v, |v_dg_ev[3:2], |v_dg_ev[1:0], v_err_v};
assign all_v = {v_pe_v, v_dg_ev};

wire [NE*8-1:0]  k_code, k_byte;
wire [NE*32-1:0] k_off, k_unit;
wire [NE*64-1:0] k_exp, k_got;
assign k_code[23:0] = v_kc_code;
assign k_byte[23:0] = v_kc_byte;
assign k_off[95:0] = v_kc_off;
assign k_unit[95:0] = v_kc_unit;
assign k_exp[191:0] = v_kc_exp;
assign k_got[191:0] = v_kc_got;

// each PI subfield's first differing byte, relative to the subfield's start
wire [47:0] pe_byte;
generate
for (gk = 0; gk < 6; gk = gk + 1) begin : g_pbyte
    wire [3:0] start = (gk % 3 == 0) ? 4'd0 : (gk % 3 == 1) ? v_app_start : v_ref_start;
    assign pe_byte[8*gk +: 8] = {4'd0, low_idx16(v_pe_dm[16*gk +: 16]) - start};
end
endgenerate

// kind 3 (PI): the first of the six subfield events
reg [7:0]  kp_code, kp_byte;
reg [31:0] kp_off, kp_unit;
reg [63:0] kp_exp, kp_got;
integer ek;
always @* begin
    kp_code = 8'd0; kp_byte = 8'd0; kp_off = 32'd0; kp_unit = 32'd0; kp_exp = 64'd0; kp_got = 64'd0;
    for (ek = 0; ek < 6; ek = ek + 1) begin
        kp_code = kp_code | ({8{v_pe_first[ek]}} & pi_code(ek % 3));
        kp_byte = kp_byte | ({8{v_pe_first[ek]}} & pe_byte[8*ek +: 8]);
        kp_off  = kp_off  | ({32{v_pe_first[ek]}} & v_pe_off[32*ek +: 32]);
        kp_unit = kp_unit | ({32{v_pe_first[ek]}} & v_pe_unit[32*ek +: 32]);
        kp_exp  = kp_exp  | ({64{v_pe_first[ek]}} & v_pe_exp[64*ek +: 64]);
        kp_got  = kp_got  | ({64{v_pe_first[ek]}} & v_pe_got[64*ek +: 64]);
    end
end
assign k_code[31:24] = kp_code;
assign k_byte[31:24] = kp_byte;
assign k_off[127:96] = kp_off;
assign k_unit[127:96] = kp_unit;
assign k_exp[255:192] = kp_exp;
assign k_got[255:192] = kp_got;

reg [15:0] c_emap;
always @* begin
    c_emap = v_emap;
    c_emap[MDD_ERR_HDIG]  = c_emap[MDD_ERR_HDIG]  | all_v[0] | all_v[1];
    c_emap[MDD_ERR_DDIG]  = c_emap[MDD_ERR_DDIG]  | all_v[2] | all_v[3];
    c_emap[MDD_ERR_GUARD] = c_emap[MDD_ERR_GUARD] | all_v[4] | all_v[7];
    c_emap[MDD_ERR_APP]   = c_emap[MDD_ERR_APP]   | all_v[5] | all_v[8];
    c_emap[MDD_ERR_REF]   = c_emap[MDD_ERR_REF]   | all_v[6] | all_v[9];
end
wire [7:0] c_ecnt = v_ecnt + {3'd0, popc16({6'd0, all_v})};

// ---------------------------------------------------------------------------
// Registers of stage 2: the word and the four candidates
// ---------------------------------------------------------------------------
reg [PW-1:0]     q_pass = {PW{1'b0}};
reg [7:0]        q_ecnt = 8'd0;
reg [15:0]       q_emap = 16'd0;
reg [NE-1:0]     q_kv = {NE{1'b0}};
reg [NE*8-1:0]   q_kcode = {NE*8{1'b0}}, q_kbyte = {NE*8{1'b0}};
reg [NE*32-1:0]  q_koff = {NE*32{1'b0}}, q_kunit = {NE*32{1'b0}};
reg [NE*64-1:0]  q_kexp = {NE*64{1'b0}}, q_kgot = {NE*64{1'b0}};
// the candidates' order, compared here and registered: stage 3's ranking is then a few gates in front of its
// select, not a 40-bit compare (q_klt[NE*a + b]: candidate a's (err_off, code) is below candidate b's)
reg [NE*NE-1:0]  q_klt = {NE*NE{1'b0}};
reg [NE*NE-1:0]  k_lt;
integer ea, eb;
always @* begin
    k_lt = {NE*NE{1'b0}};     // (entries a <= b: stage 3 does not read them)
    for (ea = 0; ea < 3; ea = ea + 1) begin
        for (eb = 0; eb < ea; eb = eb + 1)
            k_lt[NE*ea + eb] = v_kc_lt[3*ea + eb];
        for (eb = 0; eb < 6; eb = eb + 1)       // the PI candidate (kind 3) is its first event
            k_lt[NE*3 + ea] = k_lt[NE*3 + ea] | (v_pe_first[eb] & v_pk_lt[3*eb + ea]);
    end
end

wire move_q = advance_q && v_valid;
always @(posedge clk) begin
    if (move_q) begin
        q_pass <= v_pass;
        q_emap <= c_emap; q_ecnt <= c_ecnt;
        q_kv <= ev_v; q_kcode <= k_code; q_kbyte <= k_byte; q_koff <= k_off; q_kunit <= k_unit;
        q_kexp <= k_exp; q_kgot <= k_got; q_klt <= k_lt;
    end
    if (advance_q) begin
        q_valid <= v_valid;
    end
    if (rst) begin
        q_valid <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Stage 3: the word's error record is the earliest candidate (smallest err_off,
// then code, then kind: the incoming record, header digest, data digest, PI)
// ---------------------------------------------------------------------------
reg [NE-1:0] win;
integer ej, el;
always @* begin
    for (ej = 0; ej < NE; ej = ej + 1) begin
        win[ej] = q_kv[ej];
        for (el = 0; el < NE; el = el + 1) begin
            if (el < ej) begin      // an earlier kind goes first on a tie
                if (q_kv[el] && !q_klt[NE*ej + el]) begin
                    win[ej] = 1'b0;
                end
            end else if (el > ej) begin
                if (q_kv[el] && q_klt[NE*el + ej]) begin
                    win[ej] = 1'b0;
                end
            end
        end
    end
    if (!(|q_kv)) begin
        win[0] = 1'b1;      // nothing to report: the record passes unchanged
    end
end

reg [7:0]  w_err_code, w_err_byte;
reg [31:0] w_err_off, w_err_unit;
reg [63:0] w_err_exp, w_err_got;
always @* begin
    w_err_code = 8'd0; w_err_byte = 8'd0; w_err_off = 32'd0; w_err_unit = 32'd0;
    w_err_exp = 64'd0; w_err_got = 64'd0;
    for (ej = 0; ej < NE; ej = ej + 1) begin
        w_err_code = w_err_code | (q_kcode[8*ej +: 8] & {8{win[ej]}});
        w_err_byte = w_err_byte | (q_kbyte[8*ej +: 8] & {8{win[ej]}});
        w_err_off  = w_err_off  | (q_koff[32*ej +: 32] & {32{win[ej]}});
        w_err_unit = w_err_unit | (q_kunit[32*ej +: 32] & {32{win[ej]}});
        w_err_exp  = w_err_exp  | (q_kexp[64*ej +: 64] & {64{win[ej]}});
        w_err_got  = w_err_got  | (q_kgot[64*ej +: 64] & {64{win[ej]}});
    end
end

wire move_m = advance_m && q_valid;
always @(posedge clk) begin
    if (move_m) begin
        {m_xflags, m_desc, m_dbad, m_nin, m_woff, m_last, m_first, m_aux, m_tag, m_data} <= q_pass;
        m_err_v <= |q_kv; m_err_code <= w_err_code; m_err_byte <= w_err_byte; m_err_off <= w_err_off;
        m_err_unit <= w_err_unit; m_err_exp <= w_err_exp; m_err_got <= w_err_got; m_emap <= q_emap;
        m_ecnt <= q_ecnt;
    end
    if (advance_m) begin
        m_valid <= q_valid;
    end
    if (rst) begin
        m_valid <= 1'b0;
    end
end

// full4 follows the four valids' next values (each stage's enable as above; stage 1's take written out, so
// that full4 does not read the take net, which spreads over the stream state's registers)
wire full4_d = (advance_m ? q_valid : m_valid) && (advance_q ? v_valid : q_valid)
            && (advance_v ? e_valid : v_valid) && (advance ? r_valid && have_all : e_valid);
// stall_s's next value: stage 0 holds a word next (one loads, or stage 0 keeps its word: ~r_ld, written out
// from its terms so that the loop does not run through r_ld's LUT, which abc keeps apart for its fan-out)
wire stage0_keeps = r_valid && ((!m_ready && stall_s) || !have_all);   // = ~r_ld
always @(posedge clk) begin
    full4 <= full4_d && !rst;
    stall_s <= full4_d && (ld_valid || stage0_keeps) && !rst;
end

endmodule

`resetall

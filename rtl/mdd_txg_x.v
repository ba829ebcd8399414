// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage X: D's word expanded to its output lanes with
 * every per-lane field stage F reads, and per word what F would otherwise
 * count, so that F's cycle starts from registers (docs/timing.md section 4,
 * D-077, in mdd_txg (the TX path's generator, D-097): its twin model/mdd_txg_x_model.c runs inside the
 * staged twin, model/mdd_txg_staged.c, which checks it against its lane walk
 * every cycle).  Two halves with a register between them: X1 puts D's word on
 * F's lanes and makes the host mask, the marker runs and pdus into the mid
 * register; X2 makes the counts of the host mask (hl, hl_n, the selects) and
 * mrk_after from it.  X takes D's head (take) when the mid register is empty
 * or its word moves on this cycle; the word moves on (o_v) when F's FIFO has
 * room as of the cycle's start (room: the caller's registered count, so no
 * ready chain runs through X).  flush empties the mid register.  The FIFOs on
 * either side are the caller's.
 *
 * D leaves its word as per-input-lane decisions: input lanes [first, next) of
 * P's part go to the output lanes [0, n) in order, except the lanes of the
 * stripped-PI runs (SPI), [r1_pos, r1_pos + r1_len) and [r2_pos, r2_pos +
 * r2_len).  Each input lane's fields (D's class, the aux byte: D's PI byte for
 * a PI lane, else P's; P's flags and D's EB; M's marker byte and K; P's PDU
 * offset flags) travel as one record to their output lane: a lane that is
 * not SPI takes input lane first + q - d, where d, the SPI lanes below it, is
 * 0, r1_len or r1_len + r2_len by the lane's region (D puts kp's run r1
 * before r2), so three rotations of the records in parallel and a select by
 * region (no count of SPI lanes, no expansion network).  Per word:
 *   - host lanes (HDR, PAY, SPI, PI other than INSERT's); in X2 hl (host lanes
 *     below each) and hl_n, and the lane fill's selects (mdd_lane_expand_ctl
 *     of the host mask): F moves the ring's bytes onto the host lanes with them;
 *   - in X2, mrk_after: a marker lane follows the lane in the word;
 *   - the marker runs (two a word at most, M's rule), found among the input
 *     lanes (a marker lane that is the word's first, follows a non-marker or
 *     has marker byte 0; D puts SPI lanes in front of a run, never inside
 *     one), so that a run's lane index and count are one-hot selects of
 *     constants and P's counts; only the run bit crosses the network.  A run's
 *     PDU offset is pc - b, or pc - a_len once pc reaches a_len, both
 *     differences made at once and the sign choosing; MPA's pointer is
 *     (lane - wb - marker byte) mod 2^16, wb moved to the EP lane + 1 for a
 *     run after the part's EP;
 *   - pdus: P's count before its part, plus one if the part's EP lane (one at
 *     most) lies before first.
 * Outputs for lanes at or above n are not defined, except that every lane
 * mask (host, K, boundary ...) is 0 there.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_x #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 flush,      // F ends or loses the transfer: the mid register empties
    input  wire                 in_v,       // D's word at the head of D's FIFO
    input  wire                 room,       // F's FIFO has room (as of the cycle's start)
    output wire                 take,       // D's word goes into the mid register
    output wire                 o_v,        // the mid register's word goes into F's FIFO
    input  wire                 cfg_raw,
    input  wire                 cfg_mpa,
    input  wire [2:0]           cfg_op,
    // P's part, per input lane (0 outside it) and per part
    input  wire [3*W-1:0]       pflags,     // {EP, ED, EH}
    input  wire [4*W-1:0]       paux,
    input  wire [3*W-1:0]       mb,
    input  wire [3*W-1:0]       plow,
    input  wire [NW*W-1:0]      pc,
    input  wire [W-1:0]         k,
    input  wire [W-1:0]         boundary,
    input  wire [W-1:0]         parse,
    input  wire [W-1:0]         early,
    input  wire [27:0]          b,
    input  wire [27:0]          a_len,
    input  wire                 lk,
    input  wire [15:0]          wb,
    input  wire [31:0]          pdus,
    // D's word of the part
    input  wire [NW-1:0]        first,
    input  wire [NW-1:0]        next,
    input  wire [NW-1:0]        n,
    input  wire [W-1:0]         eb,
    input  wire [4*W-1:0]       dcls,
    input  wire [4*W-1:0]       daux,
    input  wire [NW-1:0]        r1_pos,
    input  wire [4:0]           r1_len,
    input  wire [3:0]           r1_aux,     // r1's first PI byte (D's pi - kp)
    input  wire [NW-1:0]        r2_pos,
    input  wire [4:0]           r2_len,
    // F's word
    output wire [NW-1:0]        o_n,
    output wire [4*W-1:0]       o_cls,
    output wire [4*W-1:0]       o_flags,    // {EP, ED, EH, EB}
    output wire [4*W-1:0]       o_aux,
    output wire [3*W-1:0]       o_mb,
    output wire [3*W-1:0]       o_plow,
    output wire [W-1:0]         o_k,
    output wire [W-1:0]         o_boundary,
    output wire [W-1:0]         o_parse,
    output wire [W-1:0]         o_upto,
    output wire [W-1:0]         o_mrk_after,
    output wire [W-1:0]         o_run,
    output wire [W-1:0]         o_host,
    output wire [NW*W-1:0]      o_hl,
    output wire [NW-1:0]        o_hl_n,
    output wire [24:0]          o_r_p0,
    output wire [24:0]          o_r_p1,
    output wire [15:0]          o_r_mval0,
    output wire [15:0]          o_r_mval1,
    output wire                 o_r_bnd0,
    output wire                 o_r_bnd1,
    output wire [31:0]          o_pdus,
    output wire [SW-1:0]        o_sel       // the lane fill's selects (mdd_lane_expand)
);

localparam NW = $clog2(W + 1);
localparam L  = $clog2(W);
localparam G  = (L + 1) / 2;
localparam SW = 2 * G * W;
localparam RW = 23;     // a lane's record

localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_PAY = 4'd5, L_PI = 4'd6, L_SPI = 4'd10;
localparam [2:0] OP_INSERT = 3'd1;

`include "mdd_lane_fn.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

// X1's word, into the mid register
wire [31:0]    x1_pdus;
wire [24:0]    x1_r_p0, x1_r_p1;
wire [15:0]    x1_r_mval0, x1_r_mval1;
wire           x1_r_bnd0, x1_r_bnd1;
wire [4*W-1:0] x1_cls, x1_flags, x1_aux;
wire [3*W-1:0] x1_mb, x1_plow;
wire [W-1:0]   x1_k, x1_boundary, x1_parse, x1_upto, x1_run, x1_host;

// ---- the input lanes: marker runs, the EP lane, the records --------------------------------------------------

wire [W-1:0] in_w;          // in D's word
wire [W-1:0] is_first;
wire [W-1:0] mrk_in;
wire [W-1:0] mb0;
wire [W-1:0] ep_m;
wire [W-1:0] below_first;
wire [RW*W-1:0] rec;
wire [W-1:0] run_in;

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_in
        localparam [31:0] I32 = gi;
        wire [3:0] c = dcls[4*gi +: 4];
        assign in_w[gi] = I32[NW-1:0] >= first && I32[NW-1:0] < next;
        assign is_first[gi] = I32[NW-1:0] == first;
        assign below_first[gi] = I32[NW-1:0] < first;
        assign mrk_in[gi] = c == L_MRK;
        assign mb0[gi] = mb[3*gi +: 3] == 3'd0;
        assign ep_m[gi] = pflags[3*gi + 2];
        wire [3:0] aux = c == L_PI ? daux[4*gi +: 4] : paux[4*gi +: 4];
        assign rec[RW*gi +: RW] = {run_in[gi], early[gi], parse[gi], boundary[gi], k[gi], plow[3*gi +: 3],
                                   mb[3*gi +: 3], aux, pflags[3*gi +: 3], eb[gi], c};
    end
endgenerate

// run starts; the first two, and which lanes are in the second run
wire [W-1:0] mrk_prev = {mrk_in[W-2:0], 1'b0};
wire [W-1:0] rs = in_w & mrk_in & (is_first | ~mrk_prev | mb0);
wire [W-1:0] rs_lt = lane_below_or(rs);
wire [W-1:0] rs2 = rs & rs_lt;
wire [W-1:0] rs2_lt = lane_below_or(rs2);
wire [W-1:0] oh0 = rs & ~rs_lt;
wire [W-1:0] oh1 = rs2 & ~rs2_lt;
assign run_in = (rs2 | rs2_lt) & mrk_in;

// the part's EP lane (one at most)
wire [W-1:0] ep_oh = ep_m & ~lane_below_or(ep_m);
assign x1_pdus = pdus + {31'd0, |(ep_oh & below_first)};

// a run's first lane: its index, count, marker byte and boundary flag; then its PDU offset and MPA pointer
function [NW-1:0] sel_idx(input [W-1:0] oh);
    integer si;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] sv;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        sel_idx = {NW{1'b0}};
        for (si = 0; si < W; si = si + 1) begin
            sv = si;
            sel_idx = sel_idx | (oh[si] ? sv[NW-1:0] : {NW{1'b0}});
        end
    end
endfunction
function [NW-1:0] sel_pc(input [W-1:0] oh, input [NW*W-1:0] v);   // (v an argument: Icarus, see mdd_txg_f)
    integer si;
    begin
        sel_pc = {NW{1'b0}};
        for (si = 0; si < W; si = si + 1) sel_pc = sel_pc | (oh[si] ? v[NW*si +: NW] : {NW{1'b0}});
    end
endfunction
function [2:0] sel_mb(input [W-1:0] oh, input [3*W-1:0] v);
    integer si;
    begin
        sel_mb = 3'd0;
        for (si = 0; si < W; si = si + 1) sel_mb = sel_mb | (oh[si] ? v[3*si +: 3] : 3'd0);
    end
endfunction

wire [NW-1:0] ep_idx = sel_idx(ep_oh);

genvar gr;
generate
    for (gr = 0; gr < 2; gr = gr + 1) begin : g_run
        wire [W-1:0] oh = gr == 0 ? oh0 : oh1;
        wire [NW-1:0] idx = sel_idx(oh);
        wire [NW-1:0] rpc = sel_pc(oh, pc);
        wire [2:0] rmb = sel_mb(oh, mb);
        wire bnd = |(oh & boundary);
        // the part's EP lies below the run's lane: the FPDU restarted after it
        wire ep_before = |(ep_oh & lane_above_or(oh));
        wire [15:0] ep_nx = {{(16 - NW){1'b0}}, ep_idx} + 16'd1;
        wire [15:0] wbr = ep_before ? ep_nx : wb;
        wire [15:0] mval = {{(16 - NW){1'b0}}, idx} - wbr - {13'd0, rmb};
        wire [28:0] pce = {{(29 - NW){1'b0}}, rpc};
        /* verilator lint_off UNUSEDSIGNAL */
        wire [28:0] d_a = pce - {a_len[27], a_len};     // its sign decides; 25 bits of either are the offset
        wire [28:0] d_b = pce - {b[27], b};
        /* verilator lint_on UNUSEDSIGNAL */
        wire aft = !cfg_raw && lk && !d_a[28];
        wire [24:0] p = aft ? d_a[24:0] : d_b[24:0];
        if (gr == 0) begin : g_r0
            assign x1_r_p0 = p;
            assign x1_r_mval0 = cfg_mpa ? mval : 16'd0;
            assign x1_r_bnd0 = bnd;
        end else begin : g_r1
            assign x1_r_p1 = p;
            assign x1_r_mval1 = cfg_mpa ? mval : 16'd0;
            assign x1_r_bnd1 = bnd;
        end
    end
endgenerate

// ---- the output lanes --------------------------------------------------------------------------------------

wire [W-1:0] r1_m, r2_m, in_n;
wire [4*W-1:0] spi_aux;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_spi
        localparam [31:0] I32 = gi;
        localparam [7:0] Q = I32[7:0];
        wire [7:0] p1 = {{(8 - NW){1'b0}}, r1_pos};
        wire [7:0] p2 = {{(8 - NW){1'b0}}, r2_pos};
        assign r1_m[gi] = Q >= p1 && Q < p1 + {3'd0, r1_len};
        assign r2_m[gi] = Q >= p2 && Q < p2 + {3'd0, r2_len};
        assign in_n[gi] = I32[NW-1:0] < n;
        assign spi_aux[4*gi +: 4] = r1_m[gi] ? r1_aux + Q[3:0] - p1[3:0] : Q[3:0] - p2[3:0];
    end
endgenerate
wire [W-1:0] spi = r1_m | r2_m;

// A lane that is not SPI takes input lane first + q - d, d the SPI lanes below it: 0 before r1, r1_len between
// the runs, r1_len + r2_len after r2 (D puts r1, kp's run, before r2). So three rotations of the records in
// parallel and a select by the lane's region, no count of the SPI lanes.
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0] r1_len8 = {3'd0, r1_len};
wire [7:0] r2_len8 = {3'd0, r2_len};
/* verilator lint_on UNUSEDSIGNAL */
wire [L-1:0] sh0 = first[L-1:0];
wire [L-1:0] sh1 = first[L-1:0] - r1_len8[L-1:0];    // mod W
wire [L-1:0] sh2 = sh1 - r2_len8[L-1:0];
wire [RW*W-1:0] rec_r0, rec_r1, rec_r2, rec_out;
mdd_lane_rotate #(.W(W), .LANE_W(RW), .DOWN(1)) rot0 (.in(rec), .sh(sh0), .out(rec_r0));
mdd_lane_rotate #(.W(W), .LANE_W(RW), .DOWN(1)) rot1 (.in(rec), .sh(sh1), .out(rec_r1));
mdd_lane_rotate #(.W(W), .LANE_W(RW), .DOWN(1)) rot2 (.in(rec), .sh(sh2), .out(rec_r2));
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_region
        localparam [31:0] I32 = gi;
        localparam [7:0] Q = I32[7:0];
        // (an empty r1 shifts by 0: its region needs no guard; an empty r2 may lie anywhere)
        wire after_r1 = Q >= {{(8 - NW){1'b0}}, r1_pos};
        wire after_r2 = r2_len != 5'd0 && Q >= {{(8 - NW){1'b0}}, r2_pos};
        assign rec_out[RW*gi +: RW] = after_r2 ? rec_r2[RW*gi +: RW] : after_r1 ? rec_r1[RW*gi +: RW]
                                                                               : rec_r0[RW*gi +: RW];
    end
endgenerate

wire [W-1:0] x1_mrk;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_out
        wire [RW-1:0] r = rec_out[RW*gi +: RW];
        wire s = spi[gi];
        wire v = in_n[gi] && !s;
        wire [3:0] c = s ? L_SPI : r[3:0];
        assign x1_cls[4*gi +: 4] = c;
        assign x1_flags[4*gi +: 4] = s ? 4'd0 : r[7:4];
        assign x1_aux[4*gi +: 4] = s ? spi_aux[4*gi +: 4] : r[11:8];
        assign x1_mb[3*gi +: 3] = s ? 3'd0 : r[14:12];
        assign x1_plow[3*gi +: 3] = s ? 3'd0 : r[17:15];
        assign x1_k[gi] = v && r[18];
        assign x1_boundary[gi] = v && r[19];
        assign x1_parse[gi] = v && r[20];
        assign x1_upto[gi] = v && r[21];
        assign x1_run[gi] = v && r[22];
        assign x1_mrk[gi] = v && r[3:0] == L_MRK;
        assign x1_host[gi] = in_n[gi] && (c == L_HDR || c == L_PAY || c == L_SPI || (c == L_PI && cfg_op != OP_INSERT));
    end
endgenerate

// ---- the mid register and X2 ------------------------------------------------------------------------------

reg mid_v = 1'b0;
assign o_v = mid_v && room;
assign take = in_v && (!mid_v || room);
always @(posedge clk) begin
    if (rst || flush) mid_v <= 1'b0;
    else mid_v <= take || (mid_v && !room);
end

// X1's word (data registers, no reset: read only while mid_v)
localparam MW = NW + 25 * W + 25 + 25 + 16 + 16 + 2 + 32;
wire [MW-1:0] x1_word = {n, x1_cls, x1_flags, x1_aux, x1_mb, x1_plow, x1_k, x1_boundary, x1_parse, x1_upto,
                         x1_run, x1_host, x1_mrk, x1_r_p0, x1_r_p1, x1_r_mval0, x1_r_mval1, x1_r_bnd0, x1_r_bnd1,
                         x1_pdus};
reg [MW-1:0] mid = {MW{1'b0}};
always @(posedge clk) begin
    if (take) mid <= x1_word;
end
wire [W-1:0] mid_mrk;
assign {o_n, o_cls, o_flags, o_aux, o_mb, o_plow, o_k, o_boundary, o_parse, o_upto, o_run, o_host, mid_mrk,
        o_r_p0, o_r_p1, o_r_mval0, o_r_mval1, o_r_bnd0, o_r_bnd1, o_pdus} = mid;

// X2: the host mask's counts and the lane fill's selects, the markers after each lane
assign o_mrk_after = lane_above_or(mid_mrk);
mdd_lane_expand_ctl #(.W(W)) ctl_h (.mask(o_host), .sel(o_sel), .hl(o_hl));
assign o_hl_n = o_hl[NW*(W-1) +: NW] + {{(NW - 1){1'b0}}, o_host[W-1]};

endmodule
`resetall

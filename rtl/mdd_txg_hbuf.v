// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator: the host byte ring.
 *
 * Stage F of the staged generator (docs/timing.md section 4, D-075; not
 * instantiated yet) fills D's lanes from the host's bytes in order. The
 * unstaged generator keeps them in a shifting buffer of 3W + 8 bytes: every
 * cycle drops the bytes used and appends a beat's kept bytes at the count,
 * any input lane to any of 3W + 8 places (the W-squared network that was 23 %
 * of the generator at W = 8 and most of it at W = 64). Here they sit in a ring
 * of R x W bytes that nothing shifts:
 *
 *   - the beat's kept bytes are compacted by mdd_compact (the core's one
 *     byte-mask network: log2(W) stages, pipelined), then rotated up by the
 *     write pointer's low bits (log2(W) stages) and written into W banks, bank
 *     b holding ring bytes b, W + b, 2W + b ...: a word of k <= W bytes
 *     touches each bank at most once, in the pointer's row or the next;
 *   - the read side shows WIN bytes from rd_base (F's register: the ring
 *     position of the lane-0 host byte of D's word, D-075) as win[j] = ring
 *     byte rd_base + j: each bank picks T rows (a small mux on the row), the
 *     T x W bytes are shifted down by rd_base's low bits (log2(W) stages).
 *
 * Flow control: the compaction pipeline moves when its output word is absent
 * or can enter the ring (advance, D-029), so s_tready = advance. A word enters
 * when the ring has room for W bytes (wr - rd <= (R - 1) W, from registers:
 * the room is not reduced by this cycle's take, as in the unstaged buffer)
 * and at most one transfer's end (tlast) is in the ring: two ends are kept,
 * e0 (the current transfer's: its bytes end there) and e1 (the next one's).
 * take is the bytes F consumes this cycle (rd advances); pop ends the current
 * transfer (e1 becomes e0). A beat with tuser marks its first kept byte (up,
 * for F's UPSTREAM error); a beat with no kept byte adds nothing but its
 * tlast.
 *
 * Ring bytes not yet written, or already consumed and overwritten, show
 * whatever they hold: F uses win[j] only for j below the transfer's bytes
 * past rd_base, which it computes from the pointers.
 *
 * rst is synchronous and active high: it empties the ring and the pipeline
 * (data registers are not reset).
 *
 * Latency: a beat accepted in cycle t is in the ring (wr moved past it) at
 * the edge ending cycle t + 2 + NCP (mdd_compact's latency; W = 4, 8: 3;
 * 16, 32, 64: 4), as long as the ring has room.
 *
 * Parameters:
 *   W    bytes per beat and lanes of D's word: 4, 8, 16, 32 or 64
 *   R    rows of the ring (a power of two >= 4): R x W bytes
 *   WIN  bytes of the read window (W + 8: D's word's host bytes and a T3 read
 *        ahead of up to 8 bytes); WIN + W - 1 <= R x W
 */
module mdd_txg_hbuf #(
    parameter W = 8,
    parameter R = 4,
    parameter WIN = W + 8
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [8*W-1:0]        s_tdata,
    input  wire [W-1:0]          s_tkeep,
    input  wire                  s_tuser,
    input  wire                  s_tlast,
    input  wire                  s_tvalid,
    output wire                  s_tready,

    input  wire [$clog2(W+1)-1:0] take,
    input  wire                  pop,
    input  wire [$clog2(R*W)-1:0] rd_base,

    output wire [8*WIN-1:0]      win,
    output wire [WIN-1:0]        win_up,
    output reg  [$clog2(R*W):0]  rd = 0,
    output reg  [$clog2(R*W):0]  wr = 0,
    output reg                   end0 = 1'b0,
    output reg  [$clog2(R*W):0]  e0 = 0,
    output reg                   end1 = 1'b0,
    output reg  [$clog2(R*W):0]  e1 = 0,
    output reg  [$clog2(R*W):0]  avail0 = 0,   // the current transfer's bytes from rd: (end0 ? e0 : wr) - rd
    output wire [$clog2(R*W):0]  nend_nopop,   // the current transfer's end (or wr) next cycle, without a pop
    output wire [$clog2(R*W):0]  nend_pop,     // and with one
    output wire                  in_v,
    output wire [$clog2(W+1)-1:0] in_k,
    output wire                  in_last
);

localparam L  = $clog2(W);
localparam NR = $clog2(R);
localparam NP = L + NR;            // ring position bits (pointers have one more: the wrap)
localparam NW = $clog2(W + 1);
localparam T  = (WIN + W - 1) / W; // row sets read: set t is window bytes tW .. tW + W - 1
localparam UW = T * W;
localparam [31:0] W32 = W;
localparam [31:0] ROOM32 = (R - 1) * W;
localparam [NW-1:0] WK = W32[NW-1:0];
localparam [NP:0] ROOM = ROOM32[NP:0];   // a word enters while at most this many bytes are in

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (R < 4 || (R & (R - 1)) != 0) begin
        $display("Error: R (%0d) must be a power of two >= 4 (%m)", R);
        $finish;
    end
    if (WIN < 1 || WIN + W - 1 > R * W) begin
        $display("Error: WIN (%0d) must be 1 .. (R - 1) W + 1 (%m)", WIN);
        $finish;
    end
end

genvar b, t;

// row r of a bank (a mux on r, not a shift by 8 r)
function [7:0] row_byte(input [8*R-1:0] v, input [NR-1:0] r);
    integer k;
    begin
        row_byte = 8'h00;
        for (k = 0; k < R; k = k + 1)
            if (r == k[NR-1:0]) row_byte = v[8*k +: 8];
    end
endfunction

// -------------------------------------------------------------------------
// Compaction (mdd_compact: the byte-mask network); tuser rides in the meta.
// -------------------------------------------------------------------------

wire          advance;
wire [8*W-1:0] c_lanes;
wire [L:0]    c_zeros;
wire          c_last, c_user, c_valid;
/* verilator lint_off UNUSEDSIGNAL */
wire [L-1:0]  c_fill, c_pad;
wire [8*W-1:0] c_below;
wire          c_lt, c_eq, c_gt, c_none;
/* verilator lint_on UNUSEDSIGNAL */

mdd_compact #(
    .W(W),
    .LANE_W(8),
    .META_W(1)
) cmp (
    .clk(clk),
    .rst(rst),
    .advance(advance),
    .s_lanes(s_tdata),
    .s_keep(s_tkeep),
    .s_last(s_tlast),
    .s_meta(s_tuser),
    .s_valid(s_tvalid),
    .m_lanes(c_lanes),
    .m_zeros(c_zeros),
    .m_last(c_last),
    .m_meta(c_user),
    .m_fill(c_fill),
    .m_below(c_below),
    .m_lt(c_lt),
    .m_eq(c_eq),
    .m_gt(c_gt),
    .m_none(c_none),
    .m_pad(c_pad),
    .m_valid(c_valid)
);

// room for W bytes and no second end in the ring (registers only)
wire [NP:0] fill_cnt = wr - rd;
wire room = fill_cnt <= ROOM;
assign advance  = !c_valid || (room && !end1);
assign s_tready = advance;

assign in_v    = c_valid && advance;
assign in_k    = WK - c_zeros;
assign in_last = c_last;

// -------------------------------------------------------------------------
// Write: rotate up by wr's low bits; bank b takes compacted lane (b - wr) mod W
// into row wr's row, or the next row for the banks below wr's low bits.
// -------------------------------------------------------------------------

wire [L-1:0]  wr_lo  = wr[L-1:0];
wire [NR-1:0] wr_row = wr[NP-1:L];
wire [W-1:0]  kept   = {W{1'b1}} >> c_zeros;   // compacted lanes 0 .. k-1
wire [W-1:0]  first  = {{(W-1){1'b0}}, c_user && c_zeros != WK};  // up: the beat's first kept byte

wire [8*W-1:0] w_data;
wire [W-1:0]   w_en, w_up;

mdd_lane_rotate #(.W(W), .LANE_W(8)) wrot_d (.in(c_lanes), .sh(wr_lo), .out(w_data));
mdd_lane_rotate #(.W(W), .LANE_W(1)) wrot_k (.in(kept),    .sh(wr_lo), .out(w_en));
mdd_lane_rotate #(.W(W), .LANE_W(1)) wrot_u (.in(first),   .sh(wr_lo), .out(w_up));

wire [8*UW-1:0] u_data;   // the read side's T rows per bank (below)
wire [UW-1:0]   u_up;
wire [L-1:0]    rb_lo  = rd_base[L-1:0];
wire [NR-1:0]   rb_row = rd_base[NP-1:L];
wire [W-1:0]    wr_below = ~({W{1'b1}} << wr_lo);   // banks written in wr's next row
wire [W-1:0]    rb_below = ~({W{1'b1}} << rb_lo);   // banks read from rd_base's next row

generate
for (b = 0; b < W; b = b + 1) begin : g_bank
    reg [8*R-1:0] d = {(8*R){1'b0}};   // row r of bank b: ring byte r*W + b
    reg [R-1:0]   u = {R{1'b0}};
    wire [NR-1:0] row = wr_row + {{(NR-1){1'b0}}, wr_below[b]};
    // rows written and read by constant index: a part-select at 8 * row maps to a 32-bit barrel shifter
    for (t = 0; t < R; t = t + 1) begin : g_wrow
        always @(posedge clk) begin
            if (in_v && w_en[b] && row == t) begin
                d[8*t +: 8] <= w_data[8*b +: 8];
                u[t]        <= w_up[b];
            end
        end
    end
    // window bytes tW + j sit in bank (rd_base + j) mod W: the banks below rd_base's low bits one row on
    for (t = 0; t < T; t = t + 1) begin : g_rd
        localparam [NR-1:0] TR = t;
        wire [NR-1:0] rrow = rb_row + TR + {{(NR-1){1'b0}}, rb_below[b]};
        assign u_data[8*(t*W+b) +: 8] = row_byte(d, rrow);
        assign u_up[t*W+b]            = u[rrow];
    end
end
endgenerate

// -------------------------------------------------------------------------
// Pointers and the two transfer ends.
// -------------------------------------------------------------------------

wire [NP:0] wr_next = wr + {{(NP+1-NW){1'b0}}, in_k};
wire end0_kept = pop ? end1 : end0;   // this cycle's pop moves e1 to e0 first

// avail0 as a register (F's byte count starts at a register, not at a select and a subtraction of the pointers):
// its next value is the next end (or write pointer) less rd, made from registers and the compaction's word,
// for both outcomes of pop, less take last (take and pop come late, from F)
assign nend_nopop = end0 ? e0 : in_v ? wr_next : wr;
assign nend_pop   = end1 ? e1 : in_v ? wr_next : wr;
wire [NP:0] x_nopop = nend_nopop - rd;
wire [NP:0] x_pop   = nend_pop - rd;

always @(posedge clk) begin
    if (in_v)
        wr <= wr_next;
    rd <= rd + {{(NP+1-NW){1'b0}}, take};
    if (pop) begin
        end0 <= end1;
        e0 <= e1;
        end1 <= 1'b0;
    end
    if (in_v && c_last) begin
        if (end0_kept) begin
            end1 <= 1'b1;
            e1 <= wr_next;
        end else begin
            end0 <= 1'b1;
            e0 <= wr_next;
        end
    end
    avail0 <= (pop ? x_pop : x_nopop) - {{(NP+1-NW){1'b0}}, take};
    if (rst) begin
        avail0 <= 0;
        rd <= 0;
        wr <= 0;
        end0 <= 1'b0;
        end1 <= 1'b0;
    end
end

// -------------------------------------------------------------------------
// Read: each row set (its bank's row picked above) rotated down by rd_base's
// low bits: window byte tW + j is bank (rd_base + j) mod W of set t.
// -------------------------------------------------------------------------

// (the last set's bytes past WIN are not shown)
/* verilator lint_off UNUSEDSIGNAL */
wire [8*UW-1:0] r_data;
wire [UW-1:0]   r_up;
/* verilator lint_on UNUSEDSIGNAL */

generate
for (t = 0; t < T; t = t + 1) begin : g_rrot
    mdd_lane_rotate #(.W(W), .LANE_W(8), .DOWN(1)) rot_d (
        .in(u_data[8*W*t +: 8*W]), .sh(rb_lo), .out(r_data[8*W*t +: 8*W]));
    mdd_lane_rotate #(.W(W), .LANE_W(1), .DOWN(1)) rot_u (
        .in(u_up[W*t +: W]), .sh(rb_lo), .out(r_up[W*t +: W]));
end
endgenerate

assign win    = r_data[8*WIN-1:0];
assign win_up = r_up[WIN-1:0];

endmodule

`resetall

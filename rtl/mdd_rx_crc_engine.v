// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * CRC engine of the RX/TX paths: the CRCs of consecutive messages of one byte
 * class (header digest, data digest or DIF guard), up to two messages per word
 * (D-009), one word per clock.
 *
 * A word brings a per-lane include mask s_incl and a per-lane end mask s_end:
 * a message ends after the lane whose end bit is set, and the next message
 * starts with the following lane.  At most two end bits per word, and no
 * included lane after the second one (the locate stages guarantee both,
 * docs/rx-path.md section 8).  Messages go alternately to two mdd_crc_unit
 * instances over the whole stream (message k to unit k mod 2), so a word that
 * ends one message and starts the next feeds both units at once.
 *
 * Transfers: s_seed_en on a word seeds the message open at the start of that
 * word (the first word of a transfer that resumes a message: `*_open`,
 * `*_part`).  s_close on a transfer's last word closes the message open at
 * its end and returns its partial CRC, but only when that message has
 * content (an included byte or a seed); otherwise nothing is returned and the
 * next transfer starts fresh.  For each accepted word the engine says, on
 * s_nend/s_part (combinational, valid with s_valid), how many results the
 * word produces: s_nend message ends, plus one partial when s_part.  The
 * consumer stores these with the word and pops exactly that many results when
 * it processes the word.
 *
 * Results are value-domain CRCs (include/mdd/crc.h) in message order.  The
 * two oldest are presented at once (m_res0 older, m_res1 next) so a word with
 * two results can be finished in one cycle; m_pop = 1 or 2 consumes them.
 * Popping a result that is not valid is a consumer error (asserted by the
 * twin).
 *
 * Flow control: the units never stall (m_tready = 1); each has a result FIFO
 * of DEPTH entries, and s_ready drops while either unit has DEPTH results
 * issued and not yet popped, so no result is ever lost whatever the latency.
 * Latency = one register (the units' inputs: the word's split, and the
 * consumer's routing in front of it, stay out of the units' first stage,
 * issue 20), the unit's (mdd_crc_unit header) and one FIFO write (mdd_fifo,
 * whose head is a register).
 *
 * Several algorithms (ALGS, D-113): the units compute every algorithm of the
 * mask on every message; s_alg, constant over a message (the check stage's
 * guard engine: the transfer's PI format), says which one its result is.
 *
 * Parameters:
 *   W        bytes per word: 4, 8, 16, 32, 64
 *   CRC_ALG  enum mdd_crc_alg (0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME)
 *   ALGS     0: CRC_ALG alone (s_alg ignored); else a mask of those codes (mdd_crc_unit)
 *   DEPTH    results per unit in flight (power of two, >= 2)
 *   CRC_W    derived from CRC_ALG / ALGS; do not override
 */
module mdd_rx_crc_engine #(
    parameter W = 8,
    parameter CRC_ALG = 0,
    parameter ALGS = 0,
    parameter DEPTH = 16,
    parameter CRC_W = (ALGS == 0) ? ((CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32)
                    : ALGS[3] ? 64 : (ALGS[0] || ALGS[2]) ? 32 : 16
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              s_valid,
    output wire              s_ready,
    input  wire [8*W-1:0]    s_data,
    input  wire [W-1:0]      s_incl,
    input  wire [W-1:0]      s_end,
    input  wire              s_close,
    input  wire              s_seed_en,
    input  wire [CRC_W-1:0]  s_seed,
    input  wire [1:0]        s_alg,     // the word's algorithm (ALGS): its messages' results are of it
    output wire [1:0]        s_nend,
    output wire              s_part,

    output wire [CRC_W-1:0]  m_res0,
    output wire              m_res0_valid,
    output wire [CRC_W-1:0]  m_res1,
    output wire              m_res1_valid,
    input  wire [1:0]        m_pop
);

localparam AW = $clog2(DEPTH);

`include "mdd_lane_fn.vh"

// ---------------------------------------------------------------------------
// Split the word at its end bits: lanes up to the first end belong to the
// message open at the word's start (A), lanes after it to the next one (B).
// ---------------------------------------------------------------------------
// lanes at or below the first end bit (all lanes when there is none) are those with no end bit below them: a
// prefix OR (the lowest end bit and the mask under it as s_end - 1 and end1 - 1 were two carry chains in series)
wire [W-1:0] end_below = lane_below_or(s_end);
wire [W-1:0] upto1 = ~end_below;
wire         has_end1 = |s_end;
wire         has_end2 = |(s_end & end_below);     // an end bit with another below it
wire [W-1:0] incl_a = s_incl & upto1;
wire [W-1:0] incl_b = s_incl & ~upto1;

reg par = 1'b0;        // unit holding the open message
reg open_has = 1'b0;   // the open message has content (a byte or a seed)

wire a_content = open_has | (|incl_a) | s_seed_en;
wire tlast_a = has_end1 | (s_close & a_content);
wire tlast_b = has_end2 | (s_close & has_end1 & (|incl_b));
wire valid_a = (|incl_a) | tlast_a | s_seed_en;
wire valid_b = (|incl_b) | tlast_b;

assign s_nend = {1'b0, has_end1} + {1'b0, has_end2};
assign s_part = s_close & (has_end1 ? (!has_end2 && (|incl_b)) : a_content);

// ---------------------------------------------------------------------------
// Credits: results issued to a unit and not yet popped.
// ---------------------------------------------------------------------------
reg [AW:0] cred0 = {(AW+1){1'b0}};
reg [AW:0] cred1 = {(AW+1){1'b0}};
assign s_ready = (cred0 < DEPTH) && (cred1 < DEPTH);
wire accept = s_valid && s_ready;

wire issue0 = accept && (par ? tlast_b : tlast_a);
wire issue1 = accept && (par ? tlast_a : tlast_b);

wire [AW:0] cred0_inc = cred0 + 1'b1, cred0_dec = cred0 - 1'b1;
wire [AW:0] cred1_inc = cred1 + 1'b1, cred1_dec = cred1 - 1'b1;

reg rd_par = 1'b0;     // unit whose FIFO holds the oldest result
wire pop_old = m_pop != 2'd0;
wire pop_new = m_pop == 2'd2;
wire pop0 = (pop_old && !rd_par) || (pop_new && rd_par);
wire pop1 = (pop_old && rd_par) || (pop_new && !rd_par);

always @(posedge clk) begin
    if (accept) begin
        par      <= par ^ tlast_a ^ tlast_b;
        open_has <= tlast_b ? 1'b0 : tlast_a ? (|incl_b) : a_content;
    end
    // the +1 and -1 are made from the register in parallel; issue and pop, late, only select
    cred0 <= (issue0 == pop0) ? cred0 : issue0 ? cred0_inc : cred0_dec;
    cred1 <= (issue1 == pop1) ? cred1 : issue1 ? cred1_inc : cred1_dec;
    if (pop_old && !pop_new) begin
        rd_par <= !rd_par;
    end
    if (rst) begin
        par      <= 1'b0;
        open_has <= 1'b0;
        cred0    <= {(AW+1){1'b0}};
        cred1    <= {(AW+1){1'b0}};
        rd_par   <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// The two units and their result FIFOs.
// ---------------------------------------------------------------------------
// unit u takes the A lanes when it holds the open message (par == u)
wire [W-1:0] keep0 = par ? incl_b : incl_a;
wire [W-1:0] keep1 = par ? incl_a : incl_b;
wire         last0 = par ? tlast_b : tlast_a;
wire         last1 = par ? tlast_a : tlast_b;
wire         vld0  = accept && (par ? valid_b : valid_a);
wire         vld1  = accept && (par ? valid_a : valid_b);

// the units' inputs, registered (no flow control: the units never stall)
reg [8*W-1:0]   u_data = {8*W{1'b0}};
reg [W-1:0]     u_keep0 = {W{1'b0}}, u_keep1 = {W{1'b0}};
reg             u_last0 = 1'b0, u_last1 = 1'b0, u_seed_en0 = 1'b0, u_seed_en1 = 1'b0;
reg [CRC_W-1:0] u_seed = {CRC_W{1'b0}};
reg [1:0]       u_alg = 2'd0;
reg             u_vld0 = 1'b0, u_vld1 = 1'b0;
always @(posedge clk) begin
    u_data <= s_data;
    u_keep0 <= keep0;
    u_keep1 <= keep1;
    u_last0 <= last0;
    u_last1 <= last1;
    u_seed_en0 <= !par && s_seed_en;
    u_seed_en1 <= par && s_seed_en;
    u_seed <= s_seed;
    u_alg <= s_alg;
    u_vld0 <= vld0 && !rst;
    u_vld1 <= vld1 && !rst;
end

wire [CRC_W-1:0] crc0, crc1;
wire             crc0_valid, crc1_valid;
/* verilator lint_off UNUSEDSIGNAL */
wire             unit0_ready, unit1_ready;   // always 1: m_tready is tied high
/* verilator lint_on UNUSEDSIGNAL */

mdd_crc_unit #(
    .W(W),
    .CRC_ALG(CRC_ALG),
    .ALGS(ALGS),
    .USER_W(1)
) unit0 (
    .clk(clk),
    .rst(rst),
    .s_tdata(u_data),
    .s_tkeep(u_keep0),
    .s_tlast(u_last0),
    .s_tuser(1'b0),
    .s_alg(u_alg),
    .s_seed_en(u_seed_en0),
    .s_seed(u_seed),
    .s_tvalid(u_vld0),
    .s_tready(unit0_ready),
    .m_crc(crc0),
    /* verilator lint_off PINCONNECTEMPTY */
    .m_tuser(),
    /* verilator lint_on PINCONNECTEMPTY */
    .m_tvalid(crc0_valid),
    .m_tready(1'b1)
);

mdd_crc_unit #(
    .W(W),
    .CRC_ALG(CRC_ALG),
    .ALGS(ALGS),
    .USER_W(1)
) unit1 (
    .clk(clk),
    .rst(rst),
    .s_tdata(u_data),
    .s_tkeep(u_keep1),
    .s_tlast(u_last1),
    .s_tuser(1'b0),
    .s_alg(u_alg),
    .s_seed_en(u_seed_en1),
    .s_seed(u_seed),
    .s_tvalid(u_vld1),
    .s_tready(unit1_ready),
    .m_crc(crc1),
    /* verilator lint_off PINCONNECTEMPTY */
    .m_tuser(),
    /* verilator lint_on PINCONNECTEMPTY */
    .m_tvalid(crc1_valid),
    .m_tready(1'b1)
);

// result FIFOs, one per unit; the credits keep them from ever being full, so s_tready is not needed
wire [CRC_W-1:0] head0, head1;
wire             nonempty0, nonempty1;
/* verilator lint_off UNUSEDSIGNAL */
wire             fifo0_ready, fifo1_ready;
/* verilator lint_on UNUSEDSIGNAL */

mdd_fifo #(.WIDTH(CRC_W), .DEPTH(DEPTH), .HEAD_REG(1)) res0_fifo (
    .clk(clk), .rst(rst), .s_tdata(crc0), .s_tvalid(crc0_valid), .s_tready(fifo0_ready),
    .m_tdata(head0), .m_tvalid(nonempty0), .m_tready(pop0));

mdd_fifo #(.WIDTH(CRC_W), .DEPTH(DEPTH), .HEAD_REG(1)) res1_fifo (
    .clk(clk), .rst(rst), .s_tdata(crc1), .s_tvalid(crc1_valid), .s_tready(fifo1_ready),
    .m_tdata(head1), .m_tvalid(nonempty1), .m_tready(pop1));

assign m_res0       = rd_par ? head1 : head0;
assign m_res0_valid = rd_par ? nonempty1 : nonempty0;
assign m_res1       = rd_par ? head0 : head1;
assign m_res1_valid = rd_par ? nonempty0 : nonempty1;

endmodule

`resetall

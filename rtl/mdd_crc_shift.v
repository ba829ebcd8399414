// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * CRC shift unit: m_reg = s_reg * x^(8n) mod g (or x^(-8n) with INVERSE = 1)
 * for a run-time byte count n = s_nbytes, pipelined, one request per clock.
 *
 * Equivalent to feeding n zero bytes through the CRC register (or undoing
 * that), in the REGISTER domain: value ^ xorout, native bit order, see
 * rtl/mdd_crc_math.vh.  The combiner uses it to move a partial CRC by a
 * segment length (crc(A||B) = shift(crc(A), |B|) ^ crc(B) in the register
 * domain) and, with INVERSE = 1, to move one backwards in the relative mode.
 *
 * Structure: n is split into digits of BITS_PER_STAGE bits, least significant
 * first; stage j multiplies by x^(8 * digit_j * 2^(j*BITS_PER_STAGE)), a mux
 * over the 2^BITS_PER_STAGE precomputed constant matrices (digit 0 = identity).
 * The product over all stages is x^(8n) because the digits add up to n.
 * Each stage ends in a register, so the latency is
 * STAGES = ceil(N_W / BITS_PER_STAGE) clock cycles.
 *
 * Flow control: all stages advance together whenever the output register is
 * empty or being read (advance = m_tready | ~m_tvalid), so one request per
 * clock goes through without bubbles.  s_tready = advance depends
 * combinationally on m_tready (and the output valid register); insert a
 * register slice in front of this unit if that path matters.
 * rst (synchronous, active high) clears the valid bits only; in-flight
 * requests are dropped.  Data registers load on every advance (they are don't
 * care while their valid bit is low), or, with LOAD_VALID = 1, only when a
 * valid request moves into them, so m_reg/m_tuser then hold the last result
 * while m_tvalid is low.
 *
 * Parameters:
 *   CRC_ALG         0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME
 *                   (= enum mdd_crc_alg in include/mdd/crc.h)
 *   CRC_W           register width, derived from CRC_ALG; do not override
 *   N_W             width of s_nbytes: n = 0 .. 2^N_W - 1 (33 covers 2^32)
 *   INVERSE         0: multiply by x^(8n); 1: by x^(-8n)
 *   BITS_PER_STAGE  bits of n consumed per pipeline stage; 2 keeps every CRC
 *                   at <= 4 LUT6 levels per stage (see docs/crc-shift.md)
 *   USER_W          width of s_tuser/m_tuser, carried alongside unchanged
 *   OUT_XOR         constant XORed into the last stage's register input
 *                   (m_reg = s_reg * x^(+-8n) ^ OUT_XOR, still straight from a
 *                   register); e.g. xorout for a value-domain result
 *   LOAD_VALID      0: data registers load on every advance; 1: only with a
 *                   valid request (see flow control)
 */
module mdd_crc_shift #(
    parameter CRC_ALG = 0,
    parameter CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32,
    parameter N_W = 33,
    parameter INVERSE = 0,
    parameter BITS_PER_STAGE = 2,
    parameter USER_W = 1,
    parameter [63:0] OUT_XOR = 64'd0,
    parameter LOAD_VALID = 0
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [CRC_W-1:0]  s_reg,
    input  wire [N_W-1:0]    s_nbytes,
    input  wire [USER_W-1:0] s_tuser,
    input  wire              s_tvalid,
    output wire              s_tready,

    output wire [CRC_W-1:0]  m_reg,
    output wire [USER_W-1:0] m_tuser,
    output wire              m_tvalid,
    input  wire              m_tready,

    // what the output register takes at the next advance (with LOAD_VALID = 1, only if valid): a consumer that
    // looks a request up before it leaves (mdd_cmb's CAM) registers it beside the output
    output wire [USER_W-1:0] m_tuser_next,
    output wire              m_tvalid_next
);

`include "mdd_crc_math.vh"

localparam STAGES = (N_W + BITS_PER_STAGE - 1) / BITS_PER_STAGE;

// bad parameters stop elaboration instead of silently computing garbage
initial begin
    if (CRC_W != mdd_crc_width(CRC_ALG)) begin
        $display("Error: CRC_W (%0d) must be %0d for CRC_ALG %0d (%m)", CRC_W, mdd_crc_width(CRC_ALG), CRC_ALG);
        $finish;
    end
    if (N_W < 1 || N_W > 64 || BITS_PER_STAGE < 1 || BITS_PER_STAGE > 8) begin
        $display("Error: need 1 <= N_W <= 64 and 1 <= BITS_PER_STAGE <= 8 (%m)");
        $finish;
    end
    if (LOAD_VALID != 0 && LOAD_VALID != 1) begin
        $display("Error: LOAD_VALID (%0d) must be 0 or 1 (%m)", LOAD_VALID);
        $finish;
    end
end

wire advance = m_tready || !m_tvalid;

assign s_tready = advance;

genvar j, d, row;

generate
for (j = 0; j < STAGES; j = j + 1) begin : g_stage
    localparam LO = j * BITS_PER_STAGE;                              // weight of this digit's LSB in n
    localparam IN_N_W = N_W - LO;                                    // bits of n still unconsumed here
    localparam DIGIT_W = (IN_N_W < BITS_PER_STAGE) ? IN_N_W : BITS_PER_STAGE;
    localparam REST_W = IN_N_W - DIGIT_W;                            // bits passed to later stages
    localparam DIGITS = 1 << DIGIT_W;

    wire [CRC_W-1:0]  reg_in;
    wire [IN_N_W-1:0] n_in;
    wire [USER_W-1:0] user_in;
    wire              valid_in;

    if (j == 0) begin : g_from_input
        assign reg_in   = s_reg;
        assign n_in     = s_nbytes;
        assign user_in  = s_tuser;
        assign valid_in = s_tvalid;
    end else begin : g_from_stage
        assign reg_in   = g_stage[j-1].reg_q;
        assign n_in     = g_stage[j-1].g_rest.n_q;
        assign user_in  = g_stage[j-1].user_q;
        assign valid_in = g_stage[j-1].valid_q;
    end

    wire [DIGIT_W-1:0] digit = n_in[DIGIT_W-1:0];
    wire               load = advance && (LOAD_VALID == 0 || valid_in);
    // OUT_XOR enters the last register's input, so m_reg has no logic after its register
    localparam [CRC_W-1:0] XOR_IN = (j == STAGES - 1) ? OUT_XOR[CRC_W-1:0] : {CRC_W{1'b0}};

    reg [CRC_W-1:0]  reg_q = {CRC_W{1'b0}};   // one always block per bit
    reg [USER_W-1:0] user_q = {USER_W{1'b0}};
    reg              valid_q = 1'b0;

    if (DIGITS == 2) begin : g_one_bit
        // a 1-bit digit: identity or one matrix.  The XOR tree sits inside the
        // clocked block so that simulators only evaluate it when the digit is
        // set and the register loads; the logic is the same as a mux.
        localparam [4095:0] MATRIX = mdd_crc_shift_matrix(CRC_ALG, 64'd1 << LO, INVERSE);
        for (row = 0; row < CRC_W; row = row + 1) begin : g_row
            always @(posedge clk) begin
                if (load) begin
                    reg_q[row] <= (digit[0] ? ^(reg_in & MATRIX[64*row +: CRC_W]) : reg_in[row]) ^ XOR_IN[row];
                end
            end
        end
    end else begin : g_mux
        // masks[(d*CRC_W + row)*CRC_W +: CRC_W] = row `row` of the matrix of x^(+-8 * d * 2^LO); d = 0 is the
        // identity.  Each row's mask is selected by a one-hot AND-OR over the digit values, at constant indices: a
        // read at a digit-dependent index is a $shiftx over the stage's constant masks, which yosys 0.23
        // specialises one by one in synth_xilinx's techmap (mdd_cmb did not map in 20 GB, D-099).  A flat vector,
        // not an array, so that the row's @* reads one vector (iverilog warns of one sensitive to every word).
        wire [DIGITS*CRC_W*CRC_W-1:0] masks;

        for (row = 0; row < CRC_W; row = row + 1) begin : g_identity
            assign masks[row*CRC_W +: CRC_W] = {{(CRC_W-1){1'b0}}, 1'b1} << row;
        end
        for (d = 1; d < DIGITS; d = d + 1) begin : g_digit
            localparam [63:0] DIGIT_N = d;
            // one function call per matrix: far cheaper to elaborate than one per row
            localparam [4095:0] MATRIX = mdd_crc_shift_matrix(CRC_ALG, DIGIT_N << LO, INVERSE);
            for (row = 0; row < CRC_W; row = row + 1) begin : g_row
                assign masks[(d*CRC_W + row)*CRC_W +: CRC_W] = MATRIX[64*row +: CRC_W];
            end
        end

        for (row = 0; row < CRC_W; row = row + 1) begin : g_row
            reg [CRC_W-1:0] mask;
            integer k;
            always @* begin
                mask = {CRC_W{1'b0}};
                for (k = 0; k < DIGITS; k = k + 1) begin
                    if ({1'b0, digit} == k[DIGIT_W:0]) mask = mask | masks[(k*CRC_W + row)*CRC_W +: CRC_W];
                end
            end
            always @(posedge clk) begin
                if (load) begin
                    reg_q[row] <= ^(reg_in & mask) ^ XOR_IN[row];
                end
            end
        end
    end

    always @(posedge clk) begin
        if (load) begin
            user_q <= user_in;
        end
        if (rst) begin
            valid_q <= 1'b0;
        end else if (advance) begin
            valid_q <= valid_in;
        end
    end

    if (REST_W > 0) begin : g_rest
        reg [REST_W-1:0] n_q = {REST_W{1'b0}};
        always @(posedge clk) begin
            if (load) begin
                n_q <= n_in[IN_N_W-1:DIGIT_W];
            end
        end
    end
end
endgenerate

assign m_reg    = g_stage[STAGES-1].reg_q;
assign m_tuser  = g_stage[STAGES-1].user_q;
assign m_tvalid = g_stage[STAGES-1].valid_q;
assign m_tuser_next  = g_stage[STAGES-1].user_in;
assign m_tvalid_next = g_stage[STAGES-1].valid_in;

endmodule

`resetall

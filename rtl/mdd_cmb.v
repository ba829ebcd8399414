// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Incremental CRC combiner (docs/cmb.md): CRCs of message segments that
 * arrive in any order, for up to MSGS messages at once, one record per clock.
 *
 * Records on s_axis_cmb (OPEN, SEG, CLOSE, ABORT; 256 bits, CMBREC in
 * include/mdd/formats.def); one result per message and one error record per
 * refused record on m_axis_cmb_res (512 bits, CMBRES).  Each segment's CRC v
 * is normalised to v * x^(-8 end) by an inverse shift unit while a forward one
 * computes x^(8 end); a context keeps acc = XOR of the normalised CRCs and the
 * factor x^(8 eom) of its furthest end, and the message CRC is acc * x^(8 eom)
 * (D-010).  Because the shifts depend on the record alone they run before the
 * context is read, and the context is read, updated and written in one place
 * (stage Q), so consecutive records of one message need no stall.
 *
 * Stages (each a register): A decode and record checks, the end folded to
 * EXP_W = min(ADDR_W, mdd_crc_x_order_w) bits; the shift units
 * (STAGES = ceil(EXP_W / BITS_PER_STAGE)); P id lookup in a CAM, free-slot
 * pick, context RAM read, coverage fingerprint delta; Q context update and
 * table checks; M1/M2 the final multiply (mdd_crc_mul) and fingerprint
 * compare; O output.  Latency STAGES + 6 clocks.
 *
 * Flow control: stages from P on advance together when the output register is
 * empty or read (advance = m_tready | ~m_tvalid); A and the shift units also
 * advance while the shift output holds a bubble, so s_axis_cmb_tready =
 * advance | ~(shift output valid).
 *
 * Parameters:
 *   CRC_ALG         0 CRC-32C, 1 CRC-16/T10-DIF, 2 CRC-32, 3 CRC-64/NVME
 *   CRC_W           derived from CRC_ALG; do not override
 *   MSGS            messages open at once (2..1024)
 *   ID_W            significant bits of a message id (1..32)
 *   ADDR_W          width of offsets, addresses and lengths (32..64)
 *   BITS_PER_STAGE  of the shift units (1..8)
 */
module mdd_cmb #(
    parameter CRC_ALG = 0,
    parameter CRC_W = (CRC_ALG == 1) ? 16 : (CRC_ALG == 3) ? 64 : 32,
    parameter MSGS = 64,
    parameter ID_W = 32,
    parameter ADDR_W = 64,
    parameter BITS_PER_STAGE = 2
) (
    input  wire         clk,
    input  wire         rst,

    input  wire [255:0] s_axis_cmb_tdata,
    input  wire         s_axis_cmb_tvalid,
    output wire         s_axis_cmb_tready,

    output wire [511:0] m_axis_cmb_res_tdata,
    output wire         m_axis_cmb_res_tvalid,
    input  wire         m_axis_cmb_res_tready
);

`include "mdd_crc_math.vh"
`include "mdd_formats.vh"

localparam SLOT_W = (MSGS <= 2) ? 1 : $clog2(MSGS);
localparam [63:0] CRC_MASK = mdd_crc_mask(CRC_ALG);
localparam [63:0] XOROUT = mdd_crc_xorout(CRC_ALG);
localparam [63:0] ONE = mdd_crc_one(CRC_ALG);
/* verilator lint_off WIDTH */
localparam [63:0] MSGS_64 = MSGS;   // an overridden parameter is 32 bits, the default unsized
/* verilator lint_on WIDTH */
localparam [63:0] ADDR_MASK = (ADDR_W >= 64) ? ~64'd0 : ((64'd1 << ADDR_W) - 64'd1);
localparam [63:0] ID_MAX = (ID_W >= 32) ? 64'hFFFF_FFFF : ((64'd1 << ID_W) - 64'd1);
// the coverage fingerprint's linear spread: the CRC-64/NVME register after eight zero bytes (docs/cmb.md 5)
localparam [4095:0] FMIX = mdd_crc_shift_matrix(3, 64'd8, 0);

initial begin
    if (CRC_W != mdd_crc_width(CRC_ALG)) begin
        $display("Error: CRC_W (%0d) must be %0d for CRC_ALG %0d (%m)", CRC_W, mdd_crc_width(CRC_ALG), CRC_ALG);
        $finish;
    end
    if (MSGS < 2 || MSGS > 1024 || ID_W < 1 || ID_W > 32 || ADDR_W < 32 || ADDR_W > 64) begin
        $display("Error: need 2 <= MSGS <= 1024, 1 <= ID_W <= 32, 32 <= ADDR_W <= 64 (%m)");
        $finish;
    end
end

// PRESENT's 4-bit S-box
function [3:0] sbox4(input [3:0] x);
    begin
        case (x)
            4'h0: sbox4 = 4'hC;  4'h1: sbox4 = 4'h5;  4'h2: sbox4 = 4'h6;  4'h3: sbox4 = 4'hB;
            4'h4: sbox4 = 4'h9;  4'h5: sbox4 = 4'h0;  4'h6: sbox4 = 4'hA;  4'h7: sbox4 = 4'hD;
            4'h8: sbox4 = 4'h3;  4'h9: sbox4 = 4'hE;  4'hA: sbox4 = 4'hF;  4'hB: sbox4 = 4'h8;
            4'hC: sbox4 = 4'h4;  4'hD: sbox4 = 4'h7;  4'hE: sbox4 = 4'h1;  default: sbox4 = 4'h2;
        endcase
    end
endfunction

// The fingerprint's mixing function F (D-048): two rounds of the linear spread and an S-box on every nibble,
// so that it is non-linear over GF(2) and over the integers mod 2^64, where the fingerprint adds. A round is its
// own function: the two rounds of a record's F are made in two stages (D-102).
function [63:0] fround(input [63:0] x);
    integer r;
    reg [63:0] y;
    begin
        for (r = 0; r < 64; r = r + 1) begin
            y[r] = ^(x & FMIX[64*r +: 64]);
        end
        for (r = 0; r < 16; r = r + 1) begin
            fround[4*r +: 4] = sbox4(y[4*r +: 4]);
        end
    end
endfunction

function [63:0] fmix(input [63:0] v);
    begin
        fmix = fround(fround(v));
    end
endfunction

// a > b for DW-bit two's complement values, as an unsigned compare with the sign bits flipped
function gt_signed(input [ADDR_W+1:0] a, input [ADDR_W+1:0] b);
    begin
        gt_signed = {~a[ADDR_W+1], a[ADDR_W:0]} > {~b[ADDR_W+1], b[ADDR_W:0]};
    end
endfunction

// index of the lowest set bit (0 for none): a one-hot of it from prefix ORs, then an OR-encode, so that no
// priority chain 64 deep is built
function [5:0] lowest_bit(input [63:0] v);
    integer i, b;
    reg [63:0] below_any, onehot;
    begin
        below_any[0] = 1'b0;
        for (i = 1; i < 64; i = i + 1) begin
            below_any[i] = |(v & ~(~64'd0 << i));
        end
        onehot = v & ~below_any;
        for (b = 0; b < 6; b = b + 1) begin
            lowest_bit[b] = 1'b0;
            for (i = 0; i < 64; i = i + 1) begin
                if (((i >> b) & 1) != 0) lowest_bit[b] = lowest_bit[b] | onehot[i];
            end
        end
    end
endfunction

// ---------------------------------------------------------------------------
// The record as it travels from A to Q (tuser of the inverse shift unit)
// ---------------------------------------------------------------------------
localparam SD_ID    = 0;     // 32
localparam SD_OP    = 32;    // 2
localparam SD_MODE  = 34;
localparam SD_LENV  = 35;
localparam SD_CRCV  = 36;
localparam SD_ERR   = 37;    // 4
localparam SD_FWORD = 41;    // 2
localparam SD_FBIT  = 43;    // 6
localparam SD_W1    = 49;    // 64
localparam SD_SLEN  = 113;   // 32
localparam SD_END   = 145;   // 64: W1 + SEG_LEN, made in A
localparam SD_FEND  = 209;   // 64: F's first round of end, made between A and the shift units
localparam SD_FST   = 273;   // 64: F's first round of W1
localparam SIDE_W   = 337;

// ---------------------------------------------------------------------------
// Flow control
// ---------------------------------------------------------------------------
reg  o_valid = 1'b0;
wire advance = m_axis_cmb_res_tready || !o_valid;
wire inv_s_tready;
wire front_advance = inv_s_tready;   // = advance | ~(shift output valid)

assign s_axis_cmb_tready = front_advance;

// ---------------------------------------------------------------------------
// A: decode and record-level checks
// ---------------------------------------------------------------------------
wire [63:0] w0 = s_axis_cmb_tdata[63:0];
wire [63:0] w1 = s_axis_cmb_tdata[127:64];   // ADDR (SEG) or the message length (OPEN)
wire [63:0] w2 = s_axis_cmb_tdata[191:128];
wire [63:0] w3 = s_axis_cmb_tdata[255:192];

wire [31:0] in_id    = w0[MDD_CMBREC_ID_LSB +: 32];
wire [1:0]  in_op    = w0[MDD_CMBREC_OP_LSB +: 2];
wire        in_mode  = w0[MDD_CMBREC_MODE_LSB];
wire        in_lenv  = w0[MDD_CMBREC_LEN_VALID_LSB];
wire        in_crcv  = w0[MDD_CMBREC_CRC_VALID_LSB];
wire        in_crreg = w0[MDD_CMBREC_CRC_REG_LSB];
wire [31:0] in_slen  = s_axis_cmb_tdata[MDD_CMBREC_SEG_LEN_LSB +: 32];
wire in_seg   = in_op == MDD_CMB_OP_SEG[1:0];
wire in_open  = in_op == MDD_CMB_OP_OPEN[1:0];
wire in_close = in_op == MDD_CMB_OP_CLOSE[1:0];

// the bits each op may use (docs/cmb.md section 2)
localparam [63:0] ALLOW_ID_OP = ~(~64'd0 << (MDD_CMBREC_OP_LSB + MDD_CMBREC_OP_W));
localparam [63:0] BIT_CRC_REG = 64'd1 << MDD_CMBREC_CRC_REG_LSB;
localparam [63:0] BIT_CRC_VALID = 64'd1 << MDD_CMBREC_CRC_VALID_LSB;
localparam [63:0] BITS_OPEN = (64'd1 << MDD_CMBREC_MODE_LSB) | (64'd1 << MDD_CMBREC_LEN_VALID_LSB) | BIT_CRC_VALID;
localparam [63:0] ALLOW_SEG_LEN = ~(~64'd0 << MDD_CMBREC_SEG_LEN_W) << (MDD_CMBREC_SEG_LEN_LSB - 128);
wire [63:0] allow0 = ALLOW_ID_OP
                   | (in_seg  ? BIT_CRC_REG : 64'd0)
                   | (in_open ? BITS_OPEN : 64'd0)
                   | (in_close ? BIT_CRC_VALID : 64'd0);
wire [63:0] allow1 = (in_seg || (in_open && in_lenv)) ? ~64'd0 : 64'd0;
wire [63:0] allow2 = in_seg ? ALLOW_SEG_LEN : 64'd0;
wire [63:0] allow3 = (in_seg || ((in_open || in_close) && in_crcv)) ? CRC_MASK : 64'd0;
wire [63:0] bad0 = w0 & ~allow0;
wire [63:0] bad1 = w1 & ~allow1;
wire [63:0] bad2 = w2 & ~allow2;
wire [63:0] bad3 = w3 & ~allow3;
wire        fmt_bad = |{bad0, bad1, bad2, bad3};
wire [1:0]  fmt_word = (|bad0) ? 2'd0 : (|bad1) ? 2'd1 : (|bad2) ? 2'd2 : 2'd3;
wire [63:0] fmt_bits = (|bad0) ? bad0 : (|bad1) ? bad1 : (|bad2) ? bad2 : bad3;

wire [64:0] in_end = {1'b0, w1} + {33'd0, in_slen};
wire        end_over = (in_end >> ADDR_W) != 65'd0;
wire        len_over = (w1 >> ADDR_W) != 64'd0;
wire        id_over = ({32'd0, in_id} >> ID_W) != 64'd0;

reg [3:0] in_err;
always @* begin
    if (fmt_bad)
        in_err = MDD_CMB_ERR_FORMAT[3:0];
    else if (id_over)
        in_err = MDD_CMB_ERR_ID_RANGE[3:0];
    else if ((in_seg && in_slen == 32'd0) || (in_open && in_lenv && w1 == 64'd0))
        in_err = MDD_CMB_ERR_LEN_ZERO[3:0];
    else if ((in_seg && end_over) || (in_open && in_lenv && len_over))
        in_err = MDD_CMB_ERR_ADDR_RANGE[3:0];
    else
        in_err = 4'd0;
end

// The segment's end as the shift units' count, folded to EXP_W bits: x^(8n) depends on n only mod 2^XK - 1
// (mdd_crc_x_order_w), so for CRC-32C the units take 31 bits, not ADDR_W, and have half the stages (D-100).
// The fold is the C library's mdd_crc_fold_count: the sum of XK-bit chunks, folded twice (< 2^XK after that).
localparam XK = mdd_crc_x_order_w(CRC_ALG);
localparam EXP_W = (ADDR_W > XK) ? XK : ADDR_W;
wire [EXP_W-1:0] end_count;

generate
if (ADDR_W > XK) begin : g_fold
    localparam CHUNKS = (ADDR_W + XK - 1) / XK;   // <= 4: XK >= 16
    wire [CHUNKS*XK-1:0] end_chunks = {{(CHUNKS*XK-ADDR_W){1'b0}}, in_end[ADDR_W-1:0]};
    reg [XK+1:0] sum;
    integer c;
    always @* begin
        sum = {(XK+2){1'b0}};
        for (c = 0; c < CHUNKS; c = c + 1) begin
            sum = sum + {2'b00, end_chunks[c*XK +: XK]};
        end
    end
    wire [XK:0] fold1 = {1'b0, sum[XK-1:0]} + {{(XK-1){1'b0}}, sum[XK+1:XK]};
    wire [XK:0] fold2 = {1'b0, fold1[XK-1:0]} + {{XK{1'b0}}, fold1[XK]};
    wire        fold2_top_unused = fold2[XK];   // zero: fold1 >= 2^XK only when its low part is below 3
    assign end_count = fold2[XK-1:0];
end else begin : g_no_fold
    assign end_count = in_end[EXP_W-1:0];
end
endgenerate

reg              a_valid = 1'b0;
// the record but its format error's bit index, and the offending bits: their lowest is found on the way to the
// shift units, not in front of A (the bit checks, the word select and the 64-bit priority were 9 LUT levels)
reg [SD_FBIT-1:0]           a_side_lo = {SD_FBIT{1'b0}};
reg [SD_FEND-1:SD_FBIT + 6] a_side_hi = {(SD_FEND - SD_FBIT - 6){1'b0}};
reg [63:0]                  a_fmt_bits = 64'd0;
wire [SD_FEND-1:0] a_side = {a_side_hi, lowest_bit(a_fmt_bits), a_side_lo};
reg [CRC_W-1:0]  a_crc = {CRC_W{1'b0}};
reg [EXP_W-1:0]  a_end = {EXP_W{1'b0}};

always @(posedge clk) begin
    if (front_advance) begin
        a_side_hi  <= {in_end[63:0], in_slen, w1};
        a_fmt_bits <= fmt_bits;
        a_side_lo  <= {fmt_word, in_err, in_crcv, in_lenv, in_mode, in_op, in_id};
        a_crc  <= s_axis_cmb_tdata[MDD_CMBREC_CRC_LSB +: CRC_W] ^ ((in_seg && in_crreg) ? XOROUT[CRC_W-1:0] : {CRC_W{1'b0}});
        a_end  <= in_seg ? end_count : {EXP_W{1'b0}};
    end
    if (rst) begin
        a_valid <= 1'b0;
    end else if (front_advance) begin
        a_valid <= s_axis_cmb_tvalid;
    end
end

// A segment's fingerprint terms depend on the record alone: the first round of F(end) and F(start) is made from
// A's registers on the way into the shift units and rides with the record; P makes the second and the difference.
wire [SIDE_W-1:0] a_side_fpd = {fround(a_side[SD_W1 +: 64] & ADDR_MASK), fround(a_side[SD_END +: 64] & ADDR_MASK),
                                a_side};

// ---------------------------------------------------------------------------
// The shift units: v * x^(-8 end) and x^(8 end)
// ---------------------------------------------------------------------------
wire [CRC_W-1:0]  s_nv;
wire [CRC_W-1:0]  s_xp;
wire [SIDE_W-1:0] s_side;
wire              s_valid;
wire              fwd_s_tready;
wire              fwd_m_tvalid;
wire              fwd_m_tuser;
wire [31:0]       nx_id;             // the id the shift output takes next (SD_ID = 0): P's lookup starts early
wire [SIDE_W-33:0] nx_rest_unused;
wire              nx_valid_unused;   // the lookup is harmless for a bubble
wire [1:0]        fwd_next_unused;

mdd_crc_shift #(
    .CRC_ALG(CRC_ALG), .N_W(EXP_W), .INVERSE(1), .BITS_PER_STAGE(BITS_PER_STAGE), .USER_W(SIDE_W)
) u_inv (
    .clk(clk), .rst(rst),
    .s_reg(a_crc), .s_nbytes(a_end), .s_tuser(a_side_fpd), .s_tvalid(a_valid), .s_tready(inv_s_tready),
    .m_reg(s_nv), .m_tuser(s_side), .m_tvalid(s_valid), .m_tready(advance),
    .m_tuser_next({nx_rest_unused, nx_id}), .m_tvalid_next(nx_valid_unused)
);

// the same valid pattern as u_inv, so both advance together
mdd_crc_shift #(
    .CRC_ALG(CRC_ALG), .N_W(EXP_W), .INVERSE(0), .BITS_PER_STAGE(BITS_PER_STAGE), .USER_W(1)
) u_fwd (
    .clk(clk), .rst(rst),
    .s_reg(ONE[CRC_W-1:0]), .s_nbytes(a_end), .s_tuser(1'b0), .s_tvalid(a_valid), .s_tready(fwd_s_tready),
    .m_reg(s_xp), .m_tuser(fwd_m_tuser), .m_tvalid(fwd_m_tvalid), .m_tready(advance),
    .m_tuser_next(fwd_next_unused[0]), .m_tvalid_next(fwd_next_unused[1])
);

wire [2:0] fwd_handshake_unused = {fwd_s_tready, fwd_m_tvalid, fwd_m_tuser};   // equal to u_inv's

// ---------------------------------------------------------------------------
// Tables: CAM of open ids, context RAM
// ---------------------------------------------------------------------------
localparam CX_MODE  = 0;
localparam CX_LENV  = 1;
localparam CX_CRCV  = 2;
localparam CX_LEN   = 3;
localparam CX_EXP   = CX_LEN + ADDR_W;
localparam CX_ACC   = CX_EXP + CRC_W;
localparam CX_XPOW  = CX_ACC + CRC_W;
localparam CX_LO    = CX_XPOW + CRC_W;
localparam CX_EOM   = CX_LO + ADDR_W;
localparam CX_BYTES = CX_EOM + ADDR_W;
localparam CX_FP    = CX_BYTES + ADDR_W;
localparam CX_REJ   = CX_FP + 64;
// Derived fields (D-102): sums of the fields above that Q's checks would otherwise make after reading the context,
// kept exact (DW-bit two's complement) so that every check is one compare of a context field with a record field.
localparam DW       = ADDR_W + 2;
localparam CX_NZ    = CX_REJ + 8;     // bytes != 0
localparam CX_LOL   = CX_NZ + 1;      // lo + L
localparam CX_EML   = CX_LOL + DW;    // eom - L
localparam CX_BL    = CX_EML + DW;    // bytes + lo
localparam CX_EB    = CX_BL + DW;     // eom - bytes
localparam CX_GAP   = CX_EB + DW;     // eom - lo - bytes
localparam CX_LEFT  = CX_GAP + DW;    // L - bytes mod 2^ADDR_W
localparam CX_FE    = CX_LEFT + ADDR_W;   // F(eom)
localparam CX_FL    = CX_FE + 64;         // F(lo): M1 compares fp with F(eom) - F(lo) without computing F
localparam CTX_W    = CX_FL + 64;

reg [MSGS*ID_W-1:0] cam_ids = {(MSGS*ID_W){1'b0}};   // flat: id of slot k at [k*ID_W +: ID_W]
reg [MSGS-1:0]      cam_valid = {MSGS{1'b0}};

// the context RAM: read in P (the slot P looked up), written in Q
wire [CTX_W-1:0]  ram_q;
wire              ctx_we;
wire [SLOT_W-1:0] ctx_waddr;
wire [CTX_W-1:0]  ctx_wdata;
reg  [SLOT_W-1:0] hit_slot;

mdd_ram_1r1w #(.DATA_W(CTX_W), .DEPTH(MSGS), .ADDR_W(SLOT_W)) u_ctx (
    .clk(clk),
    .re(advance), .raddr(hit_slot), .rdata(ram_q),
    .we(ctx_we), .waddr(ctx_waddr), .wdata(ctx_wdata)
);

// ---------------------------------------------------------------------------
// P: lookup of the record leaving the shift units (tables as before Q's write)
// ---------------------------------------------------------------------------
// Q's outcome for the last record it took, kept for forwarding (below and in Q)
reg              prev_present = 1'b0, prev_ins = 1'b0, prev_del = 1'b0, prev_valid = 1'b0;
reg [SLOT_W-1:0] prev_slot = {SLOT_W{1'b0}};
reg [MSGS-1:0]   prev_slot_hot = {MSGS{1'b0}};
reg [31:0]       prev_id = 32'd0;
reg [CTX_W-1:0]  prev_ctx = {CTX_W{1'b0}};

wire [31:0] s_id = s_side[SD_ID +: 32];

// The CAM lookup runs a cycle early, on the record the shift output takes next, and is registered beside it
// (D-102), so that P's RAM read starts from registers. The CAM it read may then lack one write: Q's in that cycle
// (if Q advances, the record in P; else the last one Q took, whose write is already in). Either way that record is
// "prev" when this one reaches P, so a record with its id takes prev's outcome instead of the lookup (nx_prev).
wire        nx_in_range = ({32'd0, nx_id} >> ID_W) == 64'd0;
reg [MSGS-1:0] nx_hit_vec;
integer h;
always @* begin
    for (h = 0; h < MSGS; h = h + 1) begin
        nx_hit_vec[h] = cam_valid[h] && cam_ids[h*ID_W +: ID_W] == nx_id[ID_W-1:0] && nx_in_range;
    end
end
wire nx_prev = advance ? p_valid && nx_id == p_side[SD_ID +: 32] : prev_valid && nx_id == prev_id;

reg [MSGS-1:0] la_hit_vec = {MSGS{1'b0}};
reg            la_prev = 1'b0;
always @(posedge clk) begin
    if (front_advance) begin   // u_inv's output register's enable
        la_hit_vec <= nx_hit_vec;
        la_prev    <= nx_prev;
    end
end

wire [MSGS-1:0] hit_vec = la_prev ? (prev_present ? prev_slot_hot : {MSGS{1'b0}}) : la_hit_vec;
reg [SLOT_W-1:0] free1, free2;
wire [MSGS-1:0] free_vec = ~cam_valid;
wire [MSGS-1:0] free1_vec = free_vec & (~free_vec + {{(MSGS-1){1'b0}}, 1'b1});
wire [MSGS-1:0] free_rest = free_vec & ~free1_vec;
wire [MSGS-1:0] free2_vec = free_rest & (~free_rest + {{(MSGS-1){1'b0}}, 1'b1});
always @* begin
    hit_slot = {SLOT_W{1'b0}};
    free1 = {SLOT_W{1'b0}};
    free2 = {SLOT_W{1'b0}};
    for (h = 0; h < MSGS; h = h + 1) begin
        // one-hot vectors ORed into binary indices
        if (hit_vec[h]) hit_slot = hit_slot | h[SLOT_W-1:0];
        if (free1_vec[h]) free1 = free1 | h[SLOT_W-1:0];
        if (free2_vec[h]) free2 = free2 | h[SLOT_W-1:0];
    end
end

`ifndef SYNTHESIS
// the early lookup, corrected, against the CAM as it is now
wire        s_in_range = ({32'd0, s_id} >> ID_W) == 64'd0;
reg [MSGS-1:0] chk_hit_vec;
integer hc;
always @* begin
    for (hc = 0; hc < MSGS; hc = hc + 1) begin
        chk_hit_vec[hc] = cam_valid[hc] && cam_ids[hc*ID_W +: ID_W] == s_id[ID_W-1:0] && s_in_range;
    end
end
always @(posedge clk) begin
    if (!rst && advance && s_valid && hit_vec != chk_hit_vec) begin
        $display("Error: mdd_cmb: P's lookup of id %h: %h, the CAM says %h (%m)", s_id, hit_vec, chk_hit_vec);
        $stop;
    end
end
`endif

reg              p_valid = 1'b0;
reg [SD_FEND-1:0] p_side = {SD_FEND{1'b0}};   // the record without F's terms (p_fpd)
reg [CRC_W-1:0]  p_nv = {CRC_W{1'b0}};
reg [CRC_W-1:0]  p_xp = {CRC_W{1'b0}};
reg [63:0]       p_fpd = 64'd0, p_fend = 64'd0, p_fst = 64'd0;   // F(end) - F(start), F(end), F(start)
reg              p_hit = 1'b0;
reg [SLOT_W-1:0] p_slot = {SLOT_W{1'b0}};
reg              p_free1_ok = 1'b0, p_free2_ok = 1'b0;
reg [SLOT_W-1:0] p_free1 = {SLOT_W{1'b0}}, p_free2 = {SLOT_W{1'b0}};
// the same slots one-hot: Q's CAM writes decode no index after its decisions
reg [MSGS-1:0]   p_slot_hot = {MSGS{1'b0}}, p_free1_hot = {MSGS{1'b0}}, p_free2_hot = {MSGS{1'b0}};
reg              p_same_prev = 1'b0;

always @(posedge clk) begin
    if (advance) begin
        p_same_prev <= s_valid && p_valid && s_id == p_side[SD_ID +: 32];
        p_side      <= s_side[SD_FEND-1:0];
        p_nv        <= s_nv;
        p_xp        <= s_xp;
        p_fpd       <= fround(s_side[SD_FEND +: 64]) - fround(s_side[SD_FST +: 64]);
        p_fend      <= fround(s_side[SD_FEND +: 64]);
        p_fst       <= fround(s_side[SD_FST +: 64]);
        p_hit       <= |hit_vec;
        p_slot      <= hit_slot;
        p_slot_hot  <= hit_vec;
        p_free1_ok  <= |free1_vec;
        p_free1     <= free1;
        p_free1_hot <= free1_vec;
        p_free2_ok  <= |free2_vec;
        p_free2     <= free2;
        p_free2_hot <= free2_vec;
    end
    if (rst) begin
        p_valid <= 1'b0;
    end else if (advance) begin
        p_valid <= s_valid;
    end
end

// ---------------------------------------------------------------------------
// Q: context read-modify-write and table checks
// ---------------------------------------------------------------------------

wire [31:0] p_id   = p_side[SD_ID +: 32];
wire [1:0]  p_op   = p_side[SD_OP +: 2];
wire [3:0]  p_err  = p_side[SD_ERR +: 4];
wire [63:0] p_w1   = p_side[SD_W1 +: 64];
wire [31:0] p_slen = p_side[SD_SLEN +: 32];
wire [63:0] p_end64 = p_side[SD_END +: 64];

wire              e_hit  = p_same_prev ? prev_present : p_hit;
wire [SLOT_W-1:0] e_slot = p_same_prev ? prev_slot : p_slot;
wire [CTX_W-1:0]  c      = p_same_prev ? prev_ctx : ram_q;

wire              c_mode  = c[CX_MODE];
wire              c_lenv  = c[CX_LENV];
wire [ADDR_W-1:0] c_len   = c[CX_LEN +: ADDR_W];
wire [ADDR_W-1:0] c_lo    = c[CX_LO +: ADDR_W];
wire [ADDR_W-1:0] c_eom   = c[CX_EOM +: ADDR_W];
wire [ADDR_W-1:0] c_bytes = c[CX_BYTES +: ADDR_W];
wire [7:0]        c_rej   = c[CX_REJ +: 8];
wire              c_nz    = c[CX_NZ];
wire signed [DW-1:0] c_lol  = c[CX_LOL +: DW];
wire signed [DW-1:0] c_eml  = c[CX_EML +: DW];
wire signed [DW-1:0] c_bl   = c[CX_BL +: DW];
wire signed [DW-1:0] c_eb   = c[CX_EB +: DW];
wire signed [DW-1:0] c_gap  = c[CX_GAP +: DW];
wire [ADDR_W-1:0]    c_left = c[CX_LEFT +: ADDR_W];
wire [63:0]          c_fe   = c[CX_FE +: 64];
wire [63:0]          c_fl   = c[CX_FL +: 64];
// F(0) and F(2^ADDR_W - 1), an OPEN's F(eom) and F(lo); constants in synthesis
wire [63:0]          f_zero = fmix(64'd0);
wire [63:0]          f_mask = fmix(ADDR_MASK);

wire [ADDR_W-1:0] seg_start = p_w1[ADDR_W-1:0];
wire [ADDR_W-1:0] seg_end   = p_end64[ADDR_W-1:0];
wire [ADDR_W-1:0] seg_len   = {{(ADDR_W-32){1'b0}}, p_slen};
// The span after this segment, from four differences computed beside the compares that choose one; only error
// records report it (the checks below do not read it).
wire              lo_from_start = seg_start < c_lo;
wire              eom_from_end  = seg_end > c_eom;
wire [ADDR_W-1:0] new_lo    = lo_from_start ? seg_start : c_lo;
wire [ADDR_W-1:0] new_eom   = eom_from_end ? seg_end : c_eom;
wire [ADDR_W-1:0] span_end_lo   = seg_end - c_lo;
wire [ADDR_W-1:0] span_eom_start = c_eom - seg_start;
wire [ADDR_W-1:0] span_eom_lo   = c_eom - c_lo;
wire [ADDR_W-1:0] span_rel  = eom_from_end ? (lo_from_start ? seg_len : span_end_lo) :
                                             (lo_from_start ? span_eom_start : span_eom_lo);
wire [ADDR_W-1:0] span      = c_mode ? span_rel : new_eom;
wire [ADDR_W:0]   bytes_sum = {1'b0, c_bytes} + {1'b0, seg_len};
wire [ADDR_W-1:0] new_bytes = bytes_sum[ADDR_W-1:0];
// The checks. Each is one compare of a context field with a record field (D-102): the sums the span checks need
// (lo + L, eom - L, bytes + lo, eom - bytes, eom - lo - bytes, L - bytes) are kept in the context, exact, and
// moved with the fields they derive from. In each branch the identity holds over the integers: an accepted
// record has start + SEG_LEN = end < 2^ADDR_W (A's checks), and the branch bounds the difference it replaces
// (e.g. start >= lo where the span is end - lo). A candidate is used only in its branch; the simulation check
// below compares every decision with the differences' form (D-100's) wherever Q uses it.
wire signed [DW-1:0] x_start = {2'b00, seg_start};
wire signed [DW-1:0] x_end   = {2'b00, seg_end};
wire signed [DW-1:0] x_len   = {2'b00, seg_len};
wire              pe_seg_len   = seg_len > c_len;
wire              pe_end_lo    = gt_signed(x_end, c_lol);     // end - lo > L
wire              pe_eom_start = gt_signed(c_eml, x_start);   // eom - start > L
// eom - lo > L never holds where it is read (the simulation check below says so): the branch needs start >= lo,
// so a segment was accepted, and the last one accepted left eom - lo <= L with L valid; refusals move neither
wire              pe_eom_lo    = 1'b0;
wire              pe_seg_end   = seg_end > c_len;
wire              past_end_rel = eom_from_end ? (lo_from_start ? pe_seg_len : pe_end_lo) :
                                                (lo_from_start ? pe_eom_start : pe_eom_lo);
wire              past_end     = c_lenv && (c_mode ? past_end_rel : pe_seg_end);
wire              ov_seg_len   = c_nz;                        // bytes + len > len
wire              ov_end_lo    = gt_signed(c_bl, x_start);    // bytes + len > end - lo
wire              ov_eom_start = gt_signed(x_end, c_eb);      // bytes + len > eom - start
wire              ov_eom_lo    = gt_signed(x_len, c_gap);     // bytes + len > eom - lo
wire              ov_seg_end   = c_bytes > seg_start;         // bytes + len > end
wire              ov_eom       = gt_signed(x_len, c_eb);      // bytes + len > eom
wire              overlap      = c_mode ? (eom_from_end ? (lo_from_start ? ov_seg_len : ov_end_lo) :
                                                          (lo_from_start ? ov_eom_start : ov_eom_lo)) :
                                          (eom_from_end ? ov_seg_end : ov_eom);
wire              completes    = c_lenv && c_left == seg_len;   // bytes + len == L
// "neither past the end nor overlapping" per branch of (eom_from_end, lo_from_start), the mode folded into each,
// then one select: two LUT levels after the compares (past_end and overlap above are for the error record)
wire ok_known_end = !(c_lenv && pe_seg_end) && !ov_seg_end;
wire ok_known_eom = !(c_lenv && pe_seg_end) && !ov_eom;
wire ok_11 = c_mode ? !(c_lenv && pe_seg_len) && !ov_seg_len : ok_known_end;
wire ok_10 = c_mode ? !(c_lenv && pe_end_lo) && !ov_end_lo : ok_known_end;
wire ok_01 = c_mode ? !(c_lenv && pe_eom_start) && !ov_eom_start : ok_known_eom;
wire ok_00 = c_mode ? !(c_lenv && pe_eom_lo) && !ov_eom_lo : ok_known_eom;
wire seg_ok = eom_from_end ? (lo_from_start ? ok_11 : ok_10) : (lo_from_start ? ok_01 : ok_00);

// the derived fields after an accepted segment (new_bytes does not wrap: the overlap check bounds it by the span)
wire signed [DW-1:0] x_bytes = {2'b00, c_bytes};
wire signed [DW-1:0] x_len_l = {2'b00, c_len};
wire signed [DW-1:0] n_lol = lo_from_start ? x_start + x_len_l : c_lol;
wire signed [DW-1:0] n_eml = eom_from_end ? x_end - x_len_l : c_eml;
wire signed [DW-1:0] n_bl  = lo_from_start ? x_end + x_bytes : c_bl + x_len;
wire signed [DW-1:0] n_eb  = eom_from_end ? x_start - x_bytes : c_eb - x_len;
wire signed [DW-1:0] n_gap = eom_from_end ? (lo_from_start ? -x_bytes : x_start - c_bl) :
                                            (lo_from_start ? c_eb - x_end : c_gap - x_len);
wire [ADDR_W-1:0]    n_left = c_left - seg_len;
// an OPEN's: lo = 2^ADDR_W - 1, eom = bytes = 0, L = W1
wire [ADDR_W-1:0]    open_l = p_w1[ADDR_W-1:0];
wire signed [DW-1:0] x_mask = {2'b00, ADDR_MASK[ADDR_W-1:0]};
wire signed [DW-1:0] x_open_l = {2'b00, open_l};

`ifndef SYNTHESIS
// The differences' form of every check (D-100), and each derived field against the fields it derives from: the
// RTL's own representation, which the twin does not model (D-092's rule), checked wherever Q reads a context.
wire [ADDR_W-1:0] chk_end_lo    = span_end_lo;
wire [ADDR_W-1:0] chk_eom_start = span_eom_start;
wire [ADDR_W-1:0] chk_eom_lo    = span_eom_lo;
wire [ADDR_W:0]   chk_bsum      = bytes_sum;
wire chk_past_rel = eom_from_end ? (lo_from_start ? seg_len > c_len : chk_end_lo > c_len) :
                                   (lo_from_start ? chk_eom_start > c_len : chk_eom_lo > c_len);
wire chk_past = c_lenv && (c_mode ? chk_past_rel : seg_end > c_len);
wire chk_overlap = c_mode ? (eom_from_end ? (lo_from_start ? chk_bsum > {1'b0, seg_len} : chk_bsum > {1'b0, chk_end_lo}) :
                                            (lo_from_start ? chk_bsum > {1'b0, chk_eom_start} : chk_bsum > {1'b0, chk_eom_lo})) :
                            (eom_from_end ? chk_bsum > {1'b0, seg_end} : chk_bsum > {1'b0, c_eom});
wire chk_completes = c_lenv && c_len - c_bytes == seg_len;
wire signed [DW-1:0] chk_lo = {2'b00, c_lo};
wire signed [DW-1:0] chk_eom = {2'b00, c_eom};
wire chk_fields = c_nz == (c_bytes != {ADDR_W{1'b0}}) &&
                  c_lol == chk_lo + x_len_l && c_eml == chk_eom - x_len_l && c_bl == x_bytes + chk_lo &&
                  c_eb == chk_eom - x_bytes && c_gap == chk_eom - chk_lo - x_bytes && c_left == c_len - c_bytes;
always @(posedge clk) begin
    if (!rst && advance && p_valid && e_hit) begin
        if (!chk_fields || c_fe != fmix({{(64-ADDR_W){1'b0}}, c_eom}) || c_fl != fmix({{(64-ADDR_W){1'b0}}, c_lo})) begin
            $display("Error: mdd_cmb: slot %0d's derived context fields disagree with lo %h eom %h bytes %h L %h (%m)",
                     e_slot, c_lo, c_eom, c_bytes, c_len);
            $stop;
        end
        if (rec_ok && op_seg && (past_end != chk_past || (!past_end && overlap != chk_overlap) ||
                                 completes != chk_completes || seg_ok != (!past_end && !overlap))) begin
            $display("Error: mdd_cmb: Q's checks past_end %b overlap %b completes %b, the differences' form %b %b %b (%m)",
                     past_end, overlap, completes, chk_past, chk_overlap, chk_completes);
            $stop;
        end
    end
end
`endif

reg [CTX_W-1:0]  n;
reg [3:0]        e_err;
reg [63:0]       e_exp, e_got;
reg              e_alloc_ok;
reg [SLOT_W-1:0] e_alloc;
wire             e_alloc1 = p_free1_ok && !(prev_ins && prev_slot == p_free1);
wire             e_alloc2 = p_free2_ok && !(prev_ins && prev_slot == p_free2);

always @* begin
    // OPEN's slot: the lowest free one unless Q took it on the last edge, then the next; or the one Q freed
    e_alloc_ok = 1'b1;
    if (e_alloc1)
        e_alloc = p_free1;
    else if (e_alloc2)
        e_alloc = p_free2;
    else if (prev_del)
        e_alloc = prev_slot;
    else begin
        e_alloc = {SLOT_W{1'b0}};
        e_alloc_ok = 1'b0;
    end
end

// The record's fate as flat conditions, each a few terms after the context checks (a priority chain of error
// codes in front of the context select was five LUT levels, D-100).  With an open message (e_hit) an OPEN is
// always refused, so every refused record naming an open message is counted (rej_count).
wire rec_ok    = p_err == 4'd0;
wire op_open   = p_op == MDD_CMB_OP_OPEN[1:0];
wire op_seg    = p_op == MDD_CMB_OP_SEG[1:0];
wire op_close  = p_op == MDD_CMB_OP_CLOSE[1:0];
wire op_abort  = !(op_open || op_seg || op_close);
wire open_acc  = rec_ok && op_open && !e_hit && e_alloc_ok;
wire seg_acc   = rec_ok && op_seg && e_hit && seg_ok;
wire close_acc = rec_ok && op_close && e_hit;
wire abort_acc = rec_ok && op_abort && e_hit;
wire rej_count = e_hit && !(seg_acc || close_acc || abort_acc);
wire e_is_err  = !(open_acc || seg_acc || close_acc || abort_acc);
wire e_ins     = open_acc;
wire e_del     = (seg_acc && completes) || close_acc || abort_acc;
wire e_result  = e_del;
wire e_abort   = abort_acc;
wire e_we      = open_acc || seg_acc || rej_count;
wire [SLOT_W-1:0] e_wslot = open_acc ? e_alloc : e_slot;
// the same slots one-hot, from P's one-hot registers, for the CAM's per-slot enables
wire [MSGS-1:0] e_slot_hot  = p_same_prev ? prev_slot_hot : p_slot_hot;
wire [MSGS-1:0] e_alloc_hot = e_alloc1 ? p_free1_hot : e_alloc2 ? p_free2_hot : prev_del ? prev_slot_hot : {MSGS{1'b0}};
wire [MSGS-1:0] e_wslot_hot = open_acc ? e_alloc_hot : e_slot_hot;

`ifndef SYNTHESIS
wire [MSGS-1:0] chk_one = {{(MSGS-1){1'b0}}, 1'b1};
always @(posedge clk) begin
    // the hit's slot where a message is open (the CAM is read only then), the free pick's always
    if (!rst && advance && p_valid && ((e_hit && e_slot_hot != chk_one << e_slot) ||
                                       e_alloc_hot != (e_alloc_ok ? chk_one << e_alloc : {MSGS{1'b0}}))) begin
        $display("Error: mdd_cmb: Q's one-hot slots %h / %h disagree with slot %0d / alloc %0d (%m)",
                 e_slot_hot, e_alloc_hot, e_slot, e_alloc);
        $stop;
    end
end
`endif

// the candidate contexts, one of which is written
reg [CTX_W-1:0] n_open, n_seg, n_close, n_rej;
always @* begin
    n_open = {CTX_W{1'b0}};
    n_open[CX_MODE] = p_side[SD_MODE];
    n_open[CX_LENV] = p_side[SD_LENV];
    n_open[CX_CRCV] = p_side[SD_CRCV];
    n_open[CX_LEN +: ADDR_W] = p_w1[ADDR_W-1:0];
    n_open[CX_EXP +: CRC_W] = p_nv;   // the expected CRC passed the inverse unit with n = 0
    n_open[CX_XPOW +: CRC_W] = ONE[CRC_W-1:0];
    n_open[CX_LO +: ADDR_W] = ADDR_MASK[ADDR_W-1:0];
    n_open[CX_LOL +: DW] = x_mask + x_open_l;
    n_open[CX_EML +: DW] = -x_open_l;
    n_open[CX_BL +: DW] = x_mask;
    n_open[CX_GAP +: DW] = -x_mask;
    n_open[CX_LEFT +: ADDR_W] = open_l;
    n_open[CX_FE +: 64] = f_zero;
    n_open[CX_FL +: 64] = f_mask;

    n_seg = c;
    n_seg[CX_ACC +: CRC_W] = c[CX_ACC +: CRC_W] ^ p_nv;
    if (eom_from_end) n_seg[CX_XPOW +: CRC_W] = p_xp;
    n_seg[CX_LO +: ADDR_W] = new_lo;
    n_seg[CX_EOM +: ADDR_W] = new_eom;
    n_seg[CX_BYTES +: ADDR_W] = new_bytes;
    n_seg[CX_FP +: 64] = c[CX_FP +: 64] + p_fpd;
    n_seg[CX_NZ] = new_bytes != {ADDR_W{1'b0}};
    n_seg[CX_LOL +: DW] = n_lol;
    n_seg[CX_EML +: DW] = n_eml;
    n_seg[CX_BL +: DW] = n_bl;
    n_seg[CX_EB +: DW] = n_eb;
    n_seg[CX_GAP +: DW] = n_gap;
    n_seg[CX_LEFT +: ADDR_W] = n_left;
    n_seg[CX_FE +: 64] = eom_from_end ? p_fend : c_fe;
    n_seg[CX_FL +: 64] = lo_from_start ? p_fst : c_fl;

    n_close = c;
    if (p_side[SD_CRCV]) begin
        n_close[CX_EXP +: CRC_W] = p_nv;
        n_close[CX_CRCV] = 1'b1;
    end

    // a refused record naming an open message: only its count changes
    n_rej = c;
    n_rej[CX_REJ +: 8] = (c_rej == 8'hFF) ? c_rej : c_rej + 8'd1;
end

wire keep_c = !(rej_count || open_acc || seg_acc || close_acc);   // an accepted ABORT or a refusal of no open message
always @* begin
    n = ({CTX_W{rej_count}} & n_rej) | ({CTX_W{open_acc}} & n_open) | ({CTX_W{seg_acc}} & n_seg) |
        ({CTX_W{close_acc}} & n_close) | ({CTX_W{keep_c}} & c);
end

// the error code and its expected / got words (only in error records)
always @* begin
    e_err = p_err;
    e_exp = 64'd0;
    e_got = 64'd0;
    case (p_err)
        MDD_CMB_ERR_FORMAT[3:0]: begin
            e_exp = {62'd0, p_side[SD_FWORD +: 2]};
            e_got = {58'd0, p_side[SD_FBIT +: 6]};
        end
        MDD_CMB_ERR_ID_RANGE[3:0]: begin
            e_exp = ID_MAX;
            e_got = {32'd0, p_id};
        end
        MDD_CMB_ERR_LEN_ZERO[3:0]: begin
            e_exp = 64'd1;
        end
        MDD_CMB_ERR_ADDR_RANGE[3:0]: begin
            e_exp = ADDR_MASK;
            e_got = (p_op == MDD_CMB_OP_SEG[1:0]) ? p_end64 : p_w1;
        end
        default: begin
        end
    endcase
    if (rec_ok) begin
        if (op_open) begin
            if (e_hit) begin
                e_err = MDD_CMB_ERR_ALREADY_OPEN[3:0];
            end else if (!e_alloc_ok) begin
                e_err = MDD_CMB_ERR_TABLE_FULL[3:0];
                e_exp = MSGS_64;
                e_got = MSGS_64;
            end
        end else if (!e_hit) begin
            e_err = MDD_CMB_ERR_NOT_OPEN[3:0];
        end else if (op_seg && past_end) begin
            e_err = MDD_CMB_ERR_PAST_END[3:0];
            e_exp = {{(64-ADDR_W){1'b0}}, c_len};
            e_got = {{(64-ADDR_W){1'b0}}, c_mode ? span : seg_end};
        end else if (op_seg && overlap) begin
            e_err = MDD_CMB_ERR_OVERLAP[3:0];
            e_exp = {{(64-ADDR_W){1'b0}}, span};
            e_got = {{(64-ADDR_W){1'b0}}, c_bytes} + {32'd0, p_slen};
        end
    end
end

assign ctx_we    = advance && p_valid && !rst && e_we;
assign ctx_waddr = e_wslot;
assign ctx_wdata = n;

// the output-to-be: is_err, abort, code, op, id, mode, lenv, crcv, rejected, exp_crc, bytes, W4..W7
localparam RS_ERR   = 0;
localparam RS_ABORT = 1;
localparam RS_CODE  = 2;     // 4
localparam RS_OP    = 6;     // 2
localparam RS_ID    = 8;     // 32
localparam RS_MODE  = 40;
localparam RS_LENV  = 41;
localparam RS_CRCV  = 42;
localparam RS_REJ   = 43;    // 8
localparam RS_EXP   = 51;    // 64
localparam RS_BYTES = 115;   // 64
localparam RS_W4    = 179;   // 64
localparam RS_W5    = 243;
localparam RS_W6    = 307;
localparam RS_W7    = 371;
localparam RES_W    = 435;

// The context a result reports, chosen by the op alone: Q reports one only when the record is accepted and ends its
// message (an accepted SEG, a CLOSE, an ABORT), and then n_res is n (checked in simulation). So the result's fields
// and M1's operands do not wait for Q's checks; only the error-or-result select does.
wire [CTX_W-1:0] n_res = op_seg ? n_seg : op_close ? n_close : c;
wire [63:0] n_exp64 = {{(64-CRC_W){1'b0}}, n_res[CX_EXP +: CRC_W]};
wire [RES_W-1:0] e_res = e_is_err ?
    {e_got, e_exp, {32'd0, p_slen}, p_w1, 64'd0, 64'd0, 8'd0, 3'd0,
     p_id, p_op, e_err, 1'b0, 1'b1} :
    {64'd0, {{(64-ADDR_W){1'b0}}, n_res[CX_LEN +: ADDR_W]}, {{(64-ADDR_W){1'b0}}, n_res[CX_EOM +: ADDR_W]},
     {{(64-ADDR_W){1'b0}}, n_res[CX_LO +: ADDR_W]}, {{(64-ADDR_W){1'b0}}, n_res[CX_BYTES +: ADDR_W]},
     n_res[CX_CRCV] ? n_exp64 : 64'd0, n_res[CX_REJ +: 8], n_res[CX_CRCV], n_res[CX_LENV], n_res[CX_MODE],
     p_id, p_op, 4'd0, e_abort, 1'b0};

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && advance && p_valid && e_result && n_res != n) begin
        $display("Error: mdd_cmb: the result's context (op %0d) differs from the one written (%m)", p_op);
        $stop;
    end
end
`endif

integer k;

reg              q_valid = 1'b0;
reg [RES_W-1:0]  q_res = {RES_W{1'b0}};
reg [CRC_W-1:0]  q_acc = {CRC_W{1'b0}};
reg [CRC_W-1:0]  q_xpow = {CRC_W{1'b0}};
reg [63:0]       q_fp = 64'd0;
reg [63:0]       q_feom = 64'd0;
reg [63:0]       q_flo_eff = 64'd0;

always @(posedge clk) begin
    if (advance && p_valid && !rst) begin
        // each slot loads under its own enable, from one-hot slots (D-102): an indexed write of cam_ids became a
        // shift network across all MSGS*ID_W bits in synthesis (D-100)
        for (k = 0; k < MSGS; k = k + 1) begin
            if (e_ins && e_alloc_hot[k]) begin
                cam_valid[k] <= 1'b1;
                cam_ids[k*ID_W +: ID_W] <= p_id[ID_W-1:0];
            end
            if (e_del && e_slot_hot[k]) cam_valid[k] <= 1'b0;
        end
    end
    if (advance) begin
        prev_slot <= e_wslot;
        prev_id   <= p_id;
        prev_slot_hot <= e_wslot_hot;
        prev_ctx  <= n;
        q_res     <= e_res;
        q_acc     <= n_res[CX_ACC +: CRC_W];
        q_xpow    <= n_res[CX_XPOW +: CRC_W];
        q_fp      <= n_res[CX_FP +: 64];
        q_feom    <= n_res[CX_FE +: 64];
        q_flo_eff <= n_res[CX_MODE] ? n_res[CX_FL +: 64] : f_zero;   // the known mode's lo is 0
    end
    if (rst) begin
        cam_valid    <= {MSGS{1'b0}};
        prev_present <= 1'b0;
        prev_valid   <= 1'b0;
        prev_ins     <= 1'b0;
        prev_del     <= 1'b0;
        q_valid      <= 1'b0;
    end else if (advance) begin
        prev_present <= (e_hit && !e_del) || e_ins;
        prev_valid   <= p_valid;
        prev_ins     <= p_valid && e_ins;
        prev_del     <= p_valid && e_del;
        q_valid      <= p_valid && (e_is_err || e_result);
    end
end

// ---------------------------------------------------------------------------
// M1, M2: acc * x^(8 eom), fingerprint compare, byte count
// ---------------------------------------------------------------------------
wire [CRC_W-1:0] m_crc;

mdd_crc_mul #(.CRC_ALG(CRC_ALG)) u_mul (.clk(clk), .ce(advance), .a(q_acc), .b(q_xpow), .p(m_crc));

wire [63:0] q_w4 = q_res[RS_W4 +: 64];
wire [63:0] q_w5 = q_res[RS_W5 +: 64];
wire [63:0] q_required = q_res[RS_LENV] ? q_res[RS_W6 +: 64] :
                         ((q_res[RS_MODE] ? q_w5 - q_w4 : q_w5) & ADDR_MASK);
wire [63:0] q_bytes = q_res[RS_BYTES +: 64];

reg             m1_valid = 1'b0, m2_valid = 1'b0;
reg [RES_W-1:0] m1_res = {RES_W{1'b0}}, m2_res = {RES_W{1'b0}};
reg [63:0]      m1_fp = 64'd0, m1_fexp = 64'd0;
reg             m1_count_ok = 1'b0, m2_count_ok = 1'b0, m2_fp_ok = 1'b0;

always @(posedge clk) begin
    if (advance) begin
        m1_res      <= q_res;
        m1_fp       <= q_fp;
        m1_fexp     <= q_feom - q_flo_eff;
        m1_count_ok <= q_bytes != 64'd0 && q_bytes == q_required;
        m2_res      <= m1_res;
        m2_fp_ok    <= m1_fp == m1_fexp;
        m2_count_ok <= m1_count_ok;
    end
    if (rst) begin
        m1_valid <= 1'b0;
        m2_valid <= 1'b0;
    end else if (advance) begin
        m1_valid <= q_valid;
        m2_valid <= m1_valid;
    end
end

// ---------------------------------------------------------------------------
// O: status and the output record
// ---------------------------------------------------------------------------
wire        r_err  = m2_res[RS_ERR];
wire        r_crcv = m2_res[RS_CRCV];
wire [63:0] r_exp  = m2_res[RS_EXP +: 64];
wire [63:0] r_crc  = {{(64-CRC_W){1'b0}}, m_crc};
wire        r_match = r_crcv && r_crc == r_exp;
wire [3:0]  r_code = r_err ? m2_res[RS_CODE +: 4] :
                     m2_res[RS_ABORT] ? MDD_CMB_ST_ABORTED[3:0] :
                     !m2_count_ok ? MDD_CMB_ST_INCOMPLETE[3:0] :
                     !m2_fp_ok ? MDD_CMB_ST_OVERLAP[3:0] :
                     (r_crcv && !r_match) ? MDD_CMB_ST_MISMATCH[3:0] : MDD_CMB_ST_OK[3:0];
wire        r_complete = r_code == MDD_CMB_ST_OK[3:0] || r_code == MDD_CMB_ST_MISMATCH[3:0];
wire        r_res = !r_err;

// output word 0, laid out by include/mdd/formats.def (CMBRES)
reg [63:0] r_w0;
always @* begin
    r_w0 = 64'd0;
    r_w0[MDD_CMBRES_ID_LSB +: 32] = m2_res[RS_ID +: 32];
    r_w0[MDD_CMBRES_CODE_LSB +: 4] = r_code;
    r_w0[MDD_CMBRES_ERROR_LSB] = r_err;
    r_w0[MDD_CMBRES_OP_LSB +: 2] = m2_res[RS_OP +: 2];
    if (r_res) begin
        r_w0[MDD_CMBRES_MODE_LSB] = m2_res[RS_MODE];
        r_w0[MDD_CMBRES_LEN_VALID_LSB] = m2_res[RS_LENV];
        r_w0[MDD_CMBRES_CRC_VALID_LSB] = r_crcv;
        r_w0[MDD_CMBRES_MATCH_LSB] = r_match;
        r_w0[MDD_CMBRES_COMPLETE_LSB] = r_complete;
        r_w0[MDD_CMBRES_REJECTED_LSB +: 8] = m2_res[RS_REJ +: 8];
    end
end

reg [511:0] o_data = 512'd0;

always @(posedge clk) begin
    // loads only with a valid record: the output data are a function of valid records alone
    if (advance && m2_valid) begin
        o_data <= {m2_res[RS_W7 +: 64], m2_res[RS_W6 +: 64], m2_res[RS_W5 +: 64], m2_res[RS_W4 +: 64],
                   r_res ? m2_res[RS_BYTES +: 64] : 64'd0, r_res ? r_exp : 64'd0, r_res ? r_crc : 64'd0, r_w0};
    end
    if (rst) begin
        o_valid <= 1'b0;
    end else if (advance) begin
        o_valid <= m2_valid;
    end
end

assign m_axis_cmb_res_tdata  = o_data;
assign m_axis_cmb_res_tvalid = o_valid;

endmodule

`resetall

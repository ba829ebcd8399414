// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, check unit (docs/deposit.md sections 4 and 5).
 *
 * One header at a time, a fixed sequence of registered steps:
 *   IDLE   pop a header record when the tables are initialised
 *   EARLY  checks 1-6 (SHORT, KEEP, HDR_CSUM, OPCODE, FORMAT, CONN_RANGE);
 *          an op that uses address registers waits here while the tail still
 *          has an uncommitted register update (areg hazard: no speculation)
 *          (the connection and region RAMs are addressed here, lk_re)
 *   LOOK1  connection and region entries arrive from the RAMs and are kept;
 *          the address-register RAM is addressed with A[i], A[i+1] (ar_re)
 *   LOOK2  address registers A[i], A[i+1] arrive and are kept; checks 7-13
 *          are computed into flags (k_*)
 *   EVAL   ranks the flags of checks 7-13; the effective address, the
 *          deferred update, NOTIFY
 *   RHQ    reserve the connection's RHQ slot, waiting while the ring is full
 *   OUT    the job waits for the tail; the next header is popped when it
 *          is taken
 * The first failing check names the error (code, field, expected, found).
 * A header reaching OUT with a pass took 6 cycles from its pop (no waits).
 * flush: a packet of the same connection failed late (fail_conn) after this
 * header read the connection state: the tail ends this packet FLUSHED.
 *
 * Parameters: CONNS, REGIONS (table sizes, as mdd_dep) and the index widths
 * CI_W, RI_W, AI_W, QI_W (log2 of CONNS, REGIONS, AREGS, RHQS, at least 1).
 */
module mdd_dep_chk #(
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter CI_W = 6,
    parameter RI_W = 8,
    parameter AI_W = 8,
    parameter QI_W = 4
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            init_busy,

    input  wire            hdr_valid,
    input  wire [273:0]    hdr_data,
    output wire            hdr_pop,

    input  wire            tail_upd,     // the tail's packet has an uncommitted register update
    input  wire            fail_valid,   // a packet failed late: its connection goes to EXCEPTION
    input  wire [15:0]     fail_conn,

    // table reads (mdd_dep_regs): RAMs addressed in this cycle, data in the next; the state is combinational
    output wire            lk_re,
    output wire            ar_re,
    output wire [CI_W-1:0] conn_idx,
    input  wire [1:0]      conn_state,
    input  wire [80:0]     conn_cfg,     // {alen17, abase16, reply16, cq8, rhq8, pd16}
    output wire [RI_W-1:0] rg_idx,
    input  wire            rg_valid,
    input  wire [152:0]    rg_cfg,       // {len64, base64, pd16, key8, rights1}
    output wire [AI_W-1:0] ar_idx0,
    output wire [AI_W-1:0] ar_idx1,
    input  wire [66:0]     ar_data0,     // {prot3, value64}
    input  wire [66:0]     ar_data1,
    output wire [QI_W-1:0] rhq_idx,
    input  wire [63:0]     rhq_base,
    input  wire [63:0]     rhq_ptr,
    input  wire [31:0]     rhq_mask,     // 2^log2n - 1 of the ring
    input  wire [31:0]     rhq_tail,
    input  wire [31:0]     rhq_head,
    output wire            rhq_inc,
    output wire            rhq_wait,

    // the job
    output wire            job_valid,
    input  wire            job_take,
    output wire [705:0]    job
);

`include "mdd_crc_math.vh"
`include "mdd_formats.vh"

localparam [2:0] S_IDLE = 3'd0, S_EARLY = 3'd1, S_LOOK1 = 3'd2, S_LOOK2 = 3'd3, S_EVAL = 3'd4, S_RHQ = 3'd5,
                 S_OUT = 3'd6;

// header checksum: CRC-32C (value) of bytes 0-27 = raw(data) ^ (init shifted over 28 bytes) ^ xorout
localparam [32767:0] HMAT = mdd_crc_data_matrix(0, 28);
localparam [4095:0]  SH28 = mdd_crc_shift_matrix(0, 64'd28, 0);
localparam [63:0]    CINIT = mdd_crc_init(0);
localparam [63:0]    CXOR = mdd_crc_xorout(0);

function [31:0] hdr_crc(input [223:0] d);
    integer r;
    begin
        for (r = 0; r < 32; r = r + 1) begin
            hdr_crc[r] = (^(d & HMAT[512*r +: 224])) ^ (^(CINIT & SH28[64*r +: 64])) ^ CXOR[r];
        end
    end
endfunction

/* verilator lint_off WIDTH */
localparam [63:0] CONNS64 = CONNS;
localparam [7:0]  FLAGS_KNOWN = MDD_DEP_FLAGS_KNOWN;
localparam [7:0]  FLAGS_WRITE_ONLY = MDD_DEP_FLAG_PCRC | MDD_DEP_FLAG_MSEG;   // FORMAT on a register op
localparam [63:0] REGIONS64 = REGIONS;
/* verilator lint_on WIDTH */

reg [2:0]   st = S_IDLE;
reg [255:0] h = 256'd0;
reg [1:0]   herr = 2'd0;
reg [7:0]   hlane = 8'd0, hseen = 8'd0;
reg         flush = 1'b0;
reg         full_r = 1'b0;   // the RHQ of rhq_idx was full in the last cycle (RHQ decides on it, see below)
// LOOK1
reg [1:0]   c_state = 2'd0;
reg [80:0]  c_cfg = 81'd0;
reg         r_valid = 1'b0;
reg [152:0] r_cfg = 153'd0;
// LOOK2
reg [66:0]  a0 = 67'd0, a1 = 67'd0;
// OVERFLOW's and BOUNDS's operands, computed in LOOK1 from the region RAM's read: base + length (for the wrap of
// base + eo + length) and the room for eo in the region, len - length (borrow: length alone is too long)
reg [64:0]  bl_r = 65'd0;
reg [64:0]  rl_r = 65'd0;
// LOOK2: the effective offset and eo + length (EVAL's EA and BOUNDS's found value), and checks 7-13 as flags,
// registered from the entries (LOOK1's registers) and the address-register read, so that EVAL ranks registered
// flags instead of comparing and adding behind the ranking (issue 20): the same functions, since none of their
// inputs changes between LOOK2 and EVAL (h, the entries and the address registers are kept)
reg [63:0]  eo_r = 64'd0;
reg [63:0]  s1_r = 64'd0;
reg         k_win0 = 1'b0, k_win1 = 1'b0, k_prot0 = 1'b0, k_prot1 = 1'b0;
reg         k_trange = 1'b0, k_tinv = 1'b0, k_tkey = 1'b0, k_tpd = 1'b0, k_ovf = 1'b0, k_bnd = 1'b0;
reg         k_rights = 1'b0;
reg [2:0]   k_need0 = 3'd0;
// result
reg         j_pass = 1'b0;
reg [4:0]   j_code = 5'd0;
reg [15:0]  j_field = 16'd0;
reg [63:0]  j_exp = 64'd0, j_found = 64'd0, j_ea = 64'd0, j_upd_val = 64'd0;
reg         j_upd = 1'b0, j_want = 1'b0, j_sol = 1'b0;
reg [AI_W-1:0] j_upd_idx = {AI_W{1'b0}};
reg [63:0]  j_entry = 64'd0, j_ptr_addr = 64'd0;
reg [31:0]  j_ptr_val = 32'd0;

// header fields (big-endian on the wire)
wire [7:0]  h_op    = h[8*0 +: 8];
wire [7:0]  h_flags = h[8*1 +: 8];
wire [15:0] h_conn  = {h[8*2 +: 8], h[8*3 +: 8]};
wire [31:0] h_token = {h[8*4 +: 8], h[8*5 +: 8], h[8*6 +: 8], h[8*7 +: 8]};
wire [63:0] h_off   = {h[8*8 +: 8], h[8*9 +: 8], h[8*10 +: 8], h[8*11 +: 8], h[8*12 +: 8], h[8*13 +: 8],
                       h[8*14 +: 8], h[8*15 +: 8]};
wire [15:0] h_areg  = {h[8*16 +: 8], h[8*17 +: 8]};
wire [15:0] h_rsvd  = {h[8*18 +: 8], h[8*19 +: 8]};
wire [31:0] h_len   = {h[8*20 +: 8], h[8*21 +: 8], h[8*22 +: 8], h[8*23 +: 8]};
wire [31:0] h_csum  = {h[8*28 +: 8], h[8*29 +: 8], h[8*30 +: 8], h[8*31 +: 8]};

// the opcode's classes, loaded with h (issue 20: the areg hazard's wait, and through it the RAM read enables that
// the register block's write handshake looks at, start at a flip-flop, not at an 8-bit decode of h)
function [3:0] op_class(input [7:0] op);   // {two, areg, write, known}
    reg known;
    begin
        known = (op >= 8'h01 && op <= 8'h05) || (op >= 8'h10 && op <= 8'h14);
        op_class = {op == 8'h05 || op == 8'h14, known && op != 8'h01, op >= 8'h01 && op <= 8'h05, known};
    end
endfunction
reg  [3:0] opc = 4'd0;   // op_class(h_op)
// EARLY's checks 3-6 on the header as it is popped, registered with h (the header FIFO's read and the checksum tree
// are a register away from EARLY's ranking, issue 20): the checksum computed over bytes 0-27, and FORMAT's and
// CONN_RANGE's tests in the order of check 5's text
reg  [31:0] csum_r = 32'd0;   // hdr_crc(h[223:0])
reg  [5:0]  fmt_r = 6'd0;     // {conn range, PCRC/MSEG, length, token, bytes 18-19, flags 7:4}
wire op_known = opc[0];
wire op_write = opc[1];
wire op_areg  = opc[2];
wire op_two   = opc[3];   // A[i+1] is used too

wire [15:0] c_pd    = c_cfg[15:0];
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]  c_rhq   = c_cfg[23:16];   // the RHQ index is taken modulo RHQS
/* verilator lint_on UNUSEDSIGNAL */
wire [7:0]  c_cq    = c_cfg[31:24];
wire [15:0] c_reply = c_cfg[47:32];
wire [15:0] c_abase = c_cfg[63:48];
wire [16:0] c_alen  = c_cfg[80:64];
wire        r_rights = r_cfg[0];
wire [7:0]  r_key   = r_cfg[8:1];
wire [15:0] r_pd    = r_cfg[24:9];
wire [63:0] r_base  = r_cfg[88:25];
wire [63:0] r_len   = r_cfg[152:89];

// combinational
reg [4:0]  e_code;
reg [15:0] e_field;
reg [63:0] e_exp, e_found;
reg [31:0] csum_calc;
reg [2:0]  need0, need1;
reg [16:0] idx1;
reg [63:0] eo, ea, upd_val;
reg        upd, cond;
reg [31:0] used;
reg        full;
reg [31:0] slot;

always @(*) begin
    e_code = 5'd0;
    e_field = 16'hFFFF;
    e_exp = 64'd0;
    e_found = 64'd0;
    csum_calc = csum_r;
    // checks 1-6 (in EARLY: a header reaches EVAL only through EARLY with all of them passed, and h does not
    // change before its job is taken, so EVAL starts from a pass and keeps the checksum tree off its path)
    if (st == S_EVAL) begin
        e_code = 5'd0;
    end else if (herr == 2'd1) begin
        e_code = MDD_DEP_ERR_SHORT; e_exp = 64'd32; e_found = {56'd0, hseen};
    end else if (herr == 2'd2) begin
        e_code = MDD_DEP_ERR_KEEP; e_field = {8'd0, hlane};
    end else if (csum_calc != h_csum) begin
        e_code = MDD_DEP_ERR_HDR_CSUM; e_field = 16'd28; e_exp = {32'd0, csum_calc}; e_found = {32'd0, h_csum};
    end else if (!op_known) begin
        e_code = MDD_DEP_ERR_OPCODE; e_field = 16'd0; e_found = {56'd0, h_op};
    end else if (fmt_r[0]) begin
        e_code = MDD_DEP_ERR_FORMAT; e_field = 16'd1; e_found = {56'd0, h_flags};
    end else if (fmt_r[1]) begin
        e_code = MDD_DEP_ERR_FORMAT; e_field = 16'd18; e_found = {48'd0, h_rsvd};
    end else if (fmt_r[2]) begin
        e_code = MDD_DEP_ERR_FORMAT; e_field = 16'd4; e_found = {32'd0, h_token};
    end else if (fmt_r[3]) begin
        e_code = MDD_DEP_ERR_FORMAT; e_field = 16'd20; e_found = {32'd0, h_len};
    end else if (fmt_r[4]) begin
        e_code = MDD_DEP_ERR_FORMAT; e_field = 16'd1; e_found = {56'd0, h_flags};
    end else if (fmt_r[5]) begin
        e_code = MDD_DEP_ERR_CONN_RANGE; e_field = 16'd2; e_exp = CONNS64; e_found = {48'd0, h_conn};
    end
    if (st == S_EVAL) begin
        // checks 7-13
        need0 = k_need0;
        need1 = 3'b001;
        idx1 = {1'b0, h_areg} + 17'd1;
        if (c_state != 2'd1) begin
            e_code = (c_state == 2'd0) ? MDD_DEP_ERR_CONN_INVALID :
                     (c_state == 2'd2) ? MDD_DEP_ERR_CONN_EXCEPTION : MDD_DEP_ERR_CONN_FLUSHED;
            e_field = 16'd2; e_exp = 64'd1; e_found = {62'd0, c_state};
        end else if (k_win0) begin
            e_code = MDD_DEP_ERR_AREG_WINDOW; e_field = 16'd16; e_exp = {47'd0, c_alen}; e_found = {48'd0, h_areg};
        end else if (k_win1) begin
            e_code = MDD_DEP_ERR_AREG_WINDOW; e_field = 16'd16; e_exp = {47'd0, c_alen}; e_found = {47'd0, idx1};
        end else if (k_prot0) begin
            e_code = MDD_DEP_ERR_AREG_PROT; e_field = 16'd16; e_exp = {61'd0, need0}; e_found = {61'd0, a0[66:64]};
        end else if (k_prot1) begin
            e_code = MDD_DEP_ERR_AREG_PROT; e_field = 16'd16; e_exp = {61'd0, need1}; e_found = {61'd0, a1[66:64]};
        end
        eo = eo_r;
        ea = r_base + eo;
        // checks 10-13 (writes only: the k_ flags of check 10 and 13 include op_write)
        if (e_code == 5'd0) begin
            if (k_trange) begin
                e_code = MDD_DEP_ERR_TOKEN_RANGE; e_field = 16'd4; e_exp = REGIONS64;
                e_found = {40'd0, h_token[31:8]};
            end else if (k_tinv) begin
                e_code = MDD_DEP_ERR_TOKEN_INVALID; e_field = 16'd4; e_exp = 64'd1; e_found = 64'd0;
            end else if (k_tkey) begin
                e_code = MDD_DEP_ERR_TOKEN_KEY; e_field = 16'd4; e_exp = {56'd0, r_key}; e_found = {56'd0, h_token[7:0]};
            end else if (k_tpd) begin
                e_code = MDD_DEP_ERR_TOKEN_PD; e_field = 16'd4; e_exp = {48'd0, c_pd}; e_found = {48'd0, r_pd};
            end else if (k_ovf) begin
                e_code = MDD_DEP_ERR_OVERFLOW; e_field = 16'd8; e_exp = 64'd0; e_found = eo;
            end else if (k_bnd) begin
                e_code = MDD_DEP_ERR_BOUNDS; e_field = 16'd20; e_exp = r_len; e_found = s1_r;
            end else if (k_rights) begin
                e_code = MDD_DEP_ERR_RIGHTS; e_field = 16'd4; e_exp = 64'd1; e_found = 64'd0;
            end
        end
        upd = h_op == 8'h04 || h_op == 8'h05 || h_op == 8'h10 || h_op == 8'h11 || h_op == 8'h12;
        upd_val = (h_op == 8'h05) ? a0[63:0] + a1[63:0] :
                  (h_op == 8'h10) ? h_off :
                  (h_op == 8'h12) ? a0[63:0] + 64'd1 : a0[63:0] + h_off;
        cond = (h_op == 8'h13) ? (a0[63:0] == h_off) : (h_op == 8'h14) ? (a0[63:0] == a1[63:0]) : 1'b0;
    end else begin
        need0 = 3'd0;
        need1 = 3'd0;
        idx1 = 17'd0;
        eo = 64'd0;
        ea = 64'd0;
        upd = 1'b0;
        upd_val = 64'd0;
        cond = 1'b0;
    end
    // RHQ space
    used = rhq_tail - rhq_head;
    full = used > rhq_mask;      // used >= 2^log2n
    slot = rhq_tail & rhq_mask;
end

wire uses_areg_wait = op_areg && tail_upd;
// the tests of checks 5 and 6 on a header record's bytes (its op class decoded here too: FORMAT's register-op tests)
/* verilator lint_off UNUSEDSIGNAL */
function [5:0] early_fmt(input [191:0] d);   // header bytes 0-23
    reg [7:0]  fl, op;
    reg        wr;
    begin
        op = d[8*0 +: 8];
        fl = d[8*1 +: 8];
        wr = op >= 8'h01 && op <= 8'h05;
        early_fmt[0] = (fl & ~FLAGS_KNOWN) != 8'd0;
        early_fmt[1] = {d[8*18 +: 8], d[8*19 +: 8]} != 16'd0;
        early_fmt[2] = !wr && d[8*4 +: 32] != 32'd0;
        early_fmt[3] = !wr && d[8*20 +: 32] != 32'd0;
        early_fmt[4] = !wr && (fl & FLAGS_WRITE_ONLY) != 8'd0;
        early_fmt[5] = {48'd0, d[8*2 +: 8], d[8*3 +: 8]} >= CONNS64;
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
// LOOK2: the effective offset from the address-register read, and checks 11 and 12 on it
wire [63:0] eo_l = (h_op == 8'h01) ? h_off : (h_op == 8'h03) ? ar_data0[63:0] + h_off : ar_data0[63:0];
wire [64:0] s1_l = {1'b0, eo_l} + {33'd0, h_len};
/* verilator lint_off UNUSEDSIGNAL */
wire [65:0] s2_l = {1'b0, bl_r} + {2'd0, eo_l};   // only its carries: base + eo + length >= 2^64
/* verilator lint_on UNUSEDSIGNAL */
// base + s1 wraps (s2 of the check's text) exactly when s1 does not and base + eo + length >= 2^64
wire        ovf_l = s1_l[64] || s2_l[65:64] != 2'd0;
// eo + length > len (no wrap: OVERFLOW is looked at first) exactly when length > len or eo > len - length
wire        bnd_l = rl_r[64] || eo_l > rl_r[63:0];
// the rights check 9 needs of A[i] (R, W, I as prot bits 0, 1, 2); A[i+1] needs R
wire [2:0] need0_l = (h_op == 8'h02 || h_op == 8'h03) ? 3'b100 :
                     (h_op == 8'h04 || h_op == 8'h05) ? 3'b110 :
                     (h_op == 8'h10) ? 3'b010 :
                     (h_op == 8'h11 || h_op == 8'h12) ? 3'b011 : 3'b001;

// the next header is popped in the cycle the job is taken (six cycles per header when they queue)
assign hdr_pop  = (st == S_IDLE || (st == S_OUT && job_take)) && hdr_valid && !init_busy;
// the connection and region RAMs are read in the cycle EARLY ends (not while it waits on the areg hazard: a
// TBL_CMD 2 read waits for a free read port, and software may be what the waiting packets wait for, a full CQ)
assign lk_re    = st == S_EARLY && !uses_areg_wait;
assign ar_re    = st == S_LOOK1;
// RHQ judges the ring's room from the last cycle (full_r: the ring's LUTRAM read, the 32-bit fill and its compare
// are a register away from the state and the tail's increment, issue 20). The ring of rhq_idx is fixed from LOOK1
// on, so RHQ's first cycle sees EVAL's reading; only RHQ itself moves the tail (and then leaves RHQ), software
// only moves the head forward or re-creates the ring empty: a stale reading is never too optimistic.
assign rhq_wait = st == S_RHQ && full_r;
assign rhq_inc  = st == S_RHQ && !full_r;
assign job_valid = st == S_OUT;

/* verilator lint_off WIDTH */
assign conn_idx = h_conn[CI_W-1:0];
assign rg_idx   = h_token[8 +: RI_W];
// in LOOK1 the window base comes straight from the connection RAM; EVAL uses the kept copy
wire [15:0] ram_abase = conn_cfg[63:48];
assign ar_idx0  = ram_abase + h_areg;
assign ar_idx1  = ram_abase + h_areg + 16'd1;
wire [AI_W-1:0] upd_idx = c_abase + h_areg;
assign rhq_idx  = c_rhq[QI_W-1:0];
/* verilator lint_on WIDTH */

always @(posedge clk) begin
    case (st)
        S_IDLE: ;

        S_EARLY: begin
            if (e_code != 5'd0) begin
                j_pass <= 1'b0; j_code <= e_code; j_field <= e_field; j_exp <= e_exp; j_found <= e_found;
                j_upd <= 1'b0; j_want <= 1'b0; j_sol <= 1'b0;
                st <= S_OUT;
            end else if (!uses_areg_wait) begin
                st <= S_LOOK1;
            end
        end
        S_LOOK1: begin
            c_state <= conn_state;
            c_cfg <= conn_cfg;
            r_valid <= rg_valid;
            r_cfg <= rg_cfg;
            bl_r <= {1'b0, rg_cfg[88:25]} + {33'd0, h_len};     // base + length
            rl_r <= {1'b0, rg_cfg[152:89]} - {33'd0, h_len};    // len - length
            st <= S_LOOK2;
        end
        S_LOOK2: begin
            a0 <= ar_data0;
            a1 <= ar_data1;
            eo_r <= eo_l;
            s1_r <= s1_l[63:0];
            k_ovf <= op_write && ovf_l;
            k_bnd <= op_write && bnd_l;
            k_need0 <= need0_l;
            k_win0 <= op_areg && {1'b0, h_areg} >= c_alen;
            k_win1 <= op_areg && op_two && {1'b0, h_areg} + 17'd1 >= c_alen;
            k_prot0 <= op_areg && (ar_data0[66:64] & need0_l) != need0_l;
            k_prot1 <= op_areg && op_two && !ar_data1[64];
            k_trange <= op_write && {40'd0, h_token[31:8]} >= REGIONS64;
            k_tinv <= op_write && !r_valid;
            k_tkey <= op_write && r_key != h_token[7:0];
            k_tpd <= op_write && r_pd != c_pd;
            k_rights <= op_write && !r_rights;
            st <= S_EVAL;
        end
        S_EVAL: begin
            j_code <= e_code; j_field <= e_field; j_exp <= e_exp; j_found <= e_found;
            j_ea <= op_write ? ea : 64'd0;
            j_upd <= upd;
            j_upd_val <= upd_val;
            j_upd_idx <= upd_idx;
            j_want <= h_flags[2] || cond;
            j_sol <= h_flags[1] || cond;
            if (e_code != 5'd0) begin
                j_pass <= 1'b0;
                j_upd <= 1'b0;
                st <= S_OUT;
            end else begin
                j_pass <= 1'b1;
                st <= S_RHQ;
            end
        end
        S_RHQ: if (!full_r) begin
            j_entry <= rhq_base + {27'd0, slot, 5'd0};
            j_ptr_addr <= rhq_ptr;
            j_ptr_val <= rhq_tail + 32'd1;
            st <= S_OUT;
        end
        S_OUT: if (job_take) st <= S_IDLE;
        default: st <= S_IDLE;
    endcase
    full_r <= full;
    if (fail_valid && fail_conn == h_conn && st >= S_LOOK1) flush <= 1'b1;
    if (hdr_pop) begin
        h <= hdr_data[255:0];
        opc <= op_class(hdr_data[7:0]);
        csum_r <= hdr_crc(hdr_data[223:0]);
        fmt_r <= early_fmt(hdr_data[191:0]);
        herr <= hdr_data[257:256];
        hlane <= hdr_data[265:258];
        hseen <= hdr_data[273:266];
        flush <= 1'b0;              // a new header (a failure of this cycle is the job's, handed over now)
        st <= S_EARLY;
    end
    if (rst) st <= S_IDLE;
end

// the job: {flush, sol, want, upd, upd_idx(16), upd_val, ptr_val, ptr_addr, entry, ea, found, exp, field, code, pass,
//           reply, cq, hdr bytes 0-27}
/* verilator lint_off WIDTH */
wire [15:0] j_upd_idx16 = j_upd_idx;
/* verilator lint_on WIDTH */
assign job = {flush, j_sol, j_want, j_upd, j_upd_idx16, j_upd_val, j_ptr_val, j_ptr_addr, j_entry, j_ea, j_found,
              j_exp, j_field, j_code, j_pass, c_reply, c_cq, h[223:0]};

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, register block and tables (docs/deposit.md sections 3, 6.5
 * and 7).
 *
 * AXI4-Lite slave: a write is taken when AW and W are both valid (one cycle,
 * then B); a read answers one cycle after AR.  wstrb is not looked at (every
 * register is written whole).  TBL_CMD executes in the cycle of its write:
 * 1 copies TBL_DATA into entry TBL_IDX of table TBL_SEL (an index outside
 * the table is ignored), 2 copies the entry into TBL_DATA (zeros outside).
 *
 * The large tables are synchronous-read RAMs (mdd_ram_1r1w, read-first):
 *   connection configuration (CONNS x 81), region entries with their valid
 *   bit (REGIONS x 154), address-register values (AREGS x 64) and protection
 *   bits (AREGS x 3), the last two as even/odd banks (mdd_dep_aram) so that
 *   A[i] and A[i+1] are read in one cycle.
 * The check unit addresses them (lk_re: connection and region, ar_re: the
 * address registers) and takes the data one cycle later.  What stays in flops:
 * the connection state (2 bits per connection, written by three parties in
 * the same cycle possibly: the sweep, a late failure's EXCEPTION and
 * software; flops need no write arbitration and let the check unit read the
 * state in the cycle that decides FLUSHED, section 9.4), and the RHQ / CQ
 * rings (at most 256 each, their tails and heads are read and incremented
 * by hardware every packet).  Write ports: the region RAM takes software and
 * the sweep (never together: software waits while sweeping); the value RAM
 * takes the commit and software (a TBL_CMD write waits in the cycle of a
 * commit); the others software only.  TBL_CMD 2 (read) uses the read ports
 * in a cycle the check unit leaves free (it waits while lk_re or ar_re), then
 * loads TBL_DATA in the next cycle and only then answers B, so a read of
 * TBL_DATA after B sees the entry.
 * After reset a sweep clears one connection state and one region entry per
 * cycle for max(CONNS, REGIONS) cycles: init_busy meanwhile, and AXI4-Lite
 * writes wait.  Writes in one cycle: hardware first (RHQ/CQ tail increments,
 * EXCEPTION), then software, which wins on the same field.
 *
 * Events: one output register.  The tail's event (CQE landed in an armed CQ)
 * disarms the CQ; a CQ_ARM write of ARM_ANY while the CQ holds unread entries
 * sends the event at once and leaves the CQ disarmed; a CQ_ARM write waits
 * while the register is busy.  A CQ is valid once software wrote its entry
 * after reset; the tail drops a CQE for a CQ that is not (section 6.3).
 *
 * Parameters: table sizes CONNS, REGIONS, AREGS, RHQS, CQS (powers of two),
 * their index widths *_W (log2, at least 1), AXIL_ADDR_W.
 */
module mdd_dep_regs #(
    parameter CONNS = 64,
    parameter REGIONS = 256,
    parameter AREGS = 256,
    parameter RHQS = 16,
    parameter CQS = 16,
    parameter CI_W = 6,
    parameter RI_W = 8,
    parameter AI_W = 8,
    parameter QI_W = 4,
    parameter CQI_W = 4,
    parameter AXIL_ADDR_W = 12
) (
    input  wire                   clk,
    input  wire                   rst,

    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [AXIL_ADDR_W-1:0] s_axil_awaddr,   // word addresses: bits 1:0 ignored
    input  wire                   s_axil_awvalid,
    output wire                   s_axil_awready,
    input  wire [31:0]            s_axil_wdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [3:0]             s_axil_wstrb,
    input  wire                   s_axil_wvalid,
    output wire                   s_axil_wready,
    output wire [1:0]             s_axil_bresp,
    output wire                   s_axil_bvalid,
    input  wire                   s_axil_bready,
    input  wire [AXIL_ADDR_W-1:0] s_axil_araddr,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                   s_axil_arvalid,
    output wire                   s_axil_arready,
    output wire [31:0]            s_axil_rdata,
    output wire [1:0]             s_axil_rresp,
    output wire                   s_axil_rvalid,
    input  wire                   s_axil_rready,

    output wire [31:0]            m_axis_evt_tdata,
    output wire                   m_axis_evt_tvalid,
    input  wire                   m_axis_evt_tready,

    output wire                   init_busy,

    // check unit (lk_re: read the connection and region RAMs, ar_re: the address registers; data next cycle)
    input  wire                   lk_re,
    input  wire                   ar_re,
    input  wire [CI_W-1:0]        conn_idx,
    output wire [1:0]             conn_state,
    output wire [80:0]            conn_cfg,
    input  wire [RI_W-1:0]        rg_idx,
    output wire                   rg_valid,
    output wire [152:0]           rg_cfg,
    input  wire [AI_W-1:0]        ar_idx0,
    input  wire [AI_W-1:0]        ar_idx1,
    output wire [66:0]            ar_data0,
    output wire [66:0]            ar_data1,
    input  wire [QI_W-1:0]        rhq_idx,
    output wire [63:0]            rhq_base,
    output wire [63:0]            rhq_ptr,
    output wire [31:0]            rhq_mask,     // 2^log2n - 1
    output wire [31:0]            rhq_tail,
    output wire [31:0]            rhq_head,
    input  wire                   rhq_inc,
    input  wire                   rhq_wait,

    // tail
    input  wire                   areg_we,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [15:0]            areg_idx,
    input  wire [63:0]            areg_val,
    input  wire                   fail_valid,
    input  wire [15:0]            fail_conn,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [7:0]             err_cq,
    input  wire [CQI_W-1:0]       cq_idx,
    output wire [63:0]            cq_base,
    output wire [4:0]             cq_l2n,
    output wire [31:0]            cq_mask,      // 2^log2n - 1
    output wire [31:0]            cq_tail,
    output wire [31:0]            cq_head,
    output wire [1:0]             cq_arm,
    output wire                   cq_valid,
    output wire                   cq_wr,        // software (re)creates a CQ in this cycle (its entry is written)
    input  wire                   cq_inc,
    input  wire                   cq_wait,
    output wire                   evt_free,
    input  wire                   evt_go,
    input  wire                   done,
    input  wire [4:0]             done_code,

    // AXI writer
    input  wire [7:0]             pay_bytes,
    input  wire                   b_fire,
    input  wire [1:0]             b_resp
);

localparam SWEEP = (CONNS > REGIONS) ? CONNS : REGIONS;
localparam SW_W = $clog2(SWEEP) + 1;
/* verilator lint_off WIDTH */
localparam [SW_W-1:0] SWEEP_LAST = SWEEP - 1;
localparam [31:0] CONNS32 = CONNS, REGIONS32 = REGIONS, AREGS32 = AREGS, RHQS32 = RHQS, CQS32 = CQS;
/* verilator lint_on WIDTH */

// tables
reg [1:0]   c_state [0:CONNS-1];
reg [63:0]  q_base  [0:RHQS-1];
reg [63:0]  q_ptr   [0:RHQS-1];
reg [4:0]   q_l2n   [0:RHQS-1];
reg [31:0]  q_mask  [0:RHQS-1];   // 2^log2n - 1, written with log2n: the slot is a register AND (issue 20)
reg [31:0]  q_tail  [0:RHQS-1];
reg [31:0]  q_head  [0:RHQS-1];
reg [63:0]  k_base  [0:CQS-1];
reg [4:0]   k_l2n   [0:CQS-1];
reg [31:0]  k_mask  [0:CQS-1];    // 2^log2n - 1, as q_mask
reg [15:0]  k_evt   [0:CQS-1];
reg [1:0]   k_arm   [0:CQS-1];
reg [CQS-1:0] k_valid = {CQS{1'b0}};   // created since reset
reg [31:0]  k_tail  [0:CQS-1];
reg [31:0]  k_head  [0:CQS-1];

integer i;
initial begin
    for (i = 0; i < CONNS; i = i + 1) c_state[i] = 2'd0;
    for (i = 0; i < RHQS; i = i + 1) begin
        q_base[i] = 64'd0; q_ptr[i] = 64'd0; q_l2n[i] = 5'd0; q_mask[i] = 32'd0; q_tail[i] = 32'd0; q_head[i] = 32'd0;
    end
    for (i = 0; i < CQS; i = i + 1) begin
        k_base[i] = 64'd0; k_l2n[i] = 5'd0; k_mask[i] = 32'd0; k_evt[i] = 16'd0; k_arm[i] = 2'd0; k_tail[i] = 32'd0; k_head[i] = 32'd0;
    end
end

// registers
reg            sweeping = 1'b0;
reg [SW_W-1:0] sweep_idx = {SW_W{1'b0}};
reg [7:0]      err_cq_r = 8'd0;
reg [2:0]      tbl_sel = 3'd0;
reg [31:0]     tbl_idx = 32'd0;
// tbl_idx < CONNS, REGIONS, AREGS, RHQS, CQS (bits 0-4): loaded with tbl_idx, so the table commands and the read-back
// image start at a flip-flop, not at a 32-bit compare (issue 20: 10 levels into TBL_DATA before)
reg [4:0]      t_in = 5'b11111;
reg [31:0]     tbl_data [0:7];
reg [31:0]     db_idx = 32'd0;
reg            axi_err = 1'b0;
reg            st_rhq_wait = 1'b0, st_cq_wait = 1'b0;   // STATUS's wait bits, registered: off the rings' fill compares
reg            bvalid = 1'b0, rvalid = 1'b0;
reg            rb_pend = 1'b0;    // TBL_CMD 2 read the RAMs: TBL_DATA and B in this cycle
reg [31:0]     rdata = 32'd0;
reg            evt_valid = 1'b0;
reg [31:0]     evt_data = 32'd0;
reg [31:0]     cnt_pkts = 32'd0, cnt_ok = 32'd0, cnt_err = 32'd0, cnt_cqes = 32'd0, cnt_evts = 32'd0;
reg [63:0]     cnt_bytes = 64'd0;
reg [31:0]     cnt_code [0:31];

integer i2;    // one loop variable per initial block: yosys rejects two initial values of one variable
initial begin
    for (i2 = 0; i2 < 8; i2 = i2 + 1) tbl_data[i2] = 32'd0;
    for (i2 = 0; i2 < 32; i2 = i2 + 1) cnt_code[i2] = 32'd0;
end

assign init_busy = sweeping;

// ring indices modulo RHQS / CQS (a one-entry table has a one-bit index that must read as 0)
wire [QI_W-1:0]  rq = (RHQS == 1) ? {QI_W{1'b0}} : rhq_idx;
wire [CQI_W-1:0] kq = (CQS == 1) ? {CQI_W{1'b0}} : cq_idx;

// reads for the check unit and the tail
assign conn_state = c_state[conn_idx];
assign rhq_base   = q_base[rq];
assign rhq_ptr    = q_ptr[rq];
assign rhq_mask   = q_mask[rq];
assign rhq_tail   = q_tail[rq];
assign rhq_head   = q_head[rq];
assign cq_base    = k_base[kq];
assign cq_l2n     = k_l2n[kq];
assign cq_mask    = k_mask[kq];
assign cq_tail    = k_tail[kq];
assign cq_head    = k_head[kq];
assign cq_arm     = k_arm[kq];
assign cq_valid   = k_valid[kq];
assign err_cq     = err_cq_r;
assign evt_free   = !evt_valid;

// AXI4-Lite write; the register offsets come from the core's one description (include/mdd/regs.toml, D-018)
`include "mdd_regmap.vh"
localparam [9:0] A_STATUS   = MDD_DEP_STATUS[11:2];
localparam [9:0] A_ERR_CQ   = MDD_DEP_ERR_CQ[11:2];
localparam [9:0] A_TBL_SEL  = MDD_DEP_TBL_SEL[11:2];
localparam [9:0] A_TBL_IDX  = MDD_DEP_TBL_IDX[11:2];
localparam [9:0] A_TBL_CMD  = MDD_DEP_TBL_CMD[11:2];
localparam [9:0] A_TBL_DATA = MDD_DEP_TBL_DATA[11:2];     // 8 registers, 8-aligned
localparam [9:0] A_DB_IDX   = MDD_DEP_DB_IDX[11:2];
localparam [9:0] A_RHQ_HEAD = MDD_DEP_RHQ_HEAD[11:2];
localparam [9:0] A_CQ_HEAD  = MDD_DEP_CQ_HEAD[11:2];
localparam [9:0] A_CQ_ARM   = MDD_DEP_CQ_ARM[11:2];
localparam [9:0] A_PKTS     = MDD_DEP_PKTS[11:2];
localparam [9:0] A_PKTS_OK  = MDD_DEP_PKTS_OK[11:2];
localparam [9:0] A_PKTS_ERR = MDD_DEP_PKTS_ERR[11:2];
localparam [9:0] A_CQES     = MDD_DEP_CQES[11:2];
localparam [9:0] A_EVENTS   = MDD_DEP_EVENTS[11:2];
localparam [9:0] A_BYTES_LO = MDD_DEP_BYTES_LO[11:2];
localparam [9:0] A_BYTES_HI = MDD_DEP_BYTES_HI[11:2];
localparam [9:0] A_ERR_CNT  = MDD_DEP_ERR_COUNT[11:2];    // 32 registers, 32-aligned
wire [9:0] waddr = s_axil_awaddr[11:2];
wire [9:0] raddr = s_axil_araddr[11:2];
wire       arm_wr = waddr == A_CQ_ARM;
wire       cmd_wr = waddr == A_TBL_CMD;
wire       w_data = waddr[9:3] == A_TBL_DATA[9:3];
wire       r_data = raddr[9:3] == A_TBL_DATA[9:3];
wire       r_ecnt = raddr[9:5] == A_ERR_CNT[9:5];
wire       rd_wr  = cmd_wr && s_axil_wdata == 32'd2;
// a TBL_CMD write waits for a free RAM read port (read) or write port (the commit writes the value RAM), a CQ_ARM
// write for a free event register. w_base is the handshake without those waits: each register's write below
// looks only at the wait of its own address (the same writes as w_fire's, since the waits concern TBL_CMD and
// CQ_ARM alone), so the table writes of the other addresses do not wait for the engine's state (issue 20)
wire       w_base = s_axil_awvalid && s_axil_wvalid && !bvalid && !rb_pend && !sweeping;
wire       arm_ok = !(evt_valid || evt_go);
wire       w_fire = w_base && !(arm_wr && !arm_ok) && !(rd_wr && (lk_re || ar_re)) && !(cmd_wr && areg_we);
wire       sw_rd  = w_base && rd_wr && !(lk_re || ar_re) && !areg_we;        // w_fire && rd_wr
wire       sw_wr  = w_base && cmd_wr && s_axil_wdata == 32'd1 && !areg_we;   // w_fire && cmd_wr && wdata == 1
assign cq_wr = sw_wr && tbl_sel == 3'd4 && t_in[4];
assign s_axil_awready = w_fire;
assign s_axil_wready  = w_fire;
assign s_axil_bresp   = 2'b00;
assign s_axil_bvalid  = bvalid;
assign s_axil_arready = !rvalid;
assign s_axil_rdata   = rdata;
assign s_axil_rresp   = 2'b00;
assign s_axil_rvalid  = rvalid;
assign m_axis_evt_tdata  = evt_data;
assign m_axis_evt_tvalid = evt_valid;

/* verilator lint_off WIDTH */
wire [CQI_W-1:0] db_cq  = (CQS == 1) ? {CQI_W{1'b0}} : db_idx;
wire [QI_W-1:0]  db_rhq = (RHQS == 1) ? {QI_W{1'b0}} : db_idx;
wire [CI_W-1:0]  t_ci   = tbl_idx;
wire [RI_W-1:0]  t_ri   = tbl_idx;
wire [AI_W-1:0]  t_ai   = tbl_idx;
wire [QI_W-1:0]  t_qi   = (RHQS == 1) ? {QI_W{1'b0}} : tbl_idx;
wire [CQI_W-1:0] t_ki   = (CQS == 1) ? {CQI_W{1'b0}} : tbl_idx;
wire [CI_W-1:0]  f_ci   = fail_conn;
wire [AI_W-1:0]  u_ai   = areg_idx;
wire [CI_W-1:0]  s_ci   = sweep_idx;
wire [RI_W-1:0]  s_ri   = sweep_idx;
/* verilator lint_on WIDTH */
wire sw_in_rg = {{(32-SW_W){1'b0}}, sweep_idx} < REGIONS32;
wire db_rhq_ok = db_idx < RHQS32;
wire db_cq_ok  = db_idx < CQS32;
wire arm_now   = w_base && arm_ok && arm_wr && db_cq_ok && s_axil_wdata[1:0] == 2'd1 && k_tail[db_cq] != k_head[db_cq];

// the entry image as four 64-bit words
wire [63:0] d0 = {tbl_data[1], tbl_data[0]};
wire [63:0] d1 = {tbl_data[3], tbl_data[2]};
wire [63:0] d2 = {tbl_data[5], tbl_data[4]};

// ---- the table RAMs: the check unit reads through them, TBL_CMD 2 in a cycle it leaves free ----
wire [80:0]  cr_q;
wire [153:0] rr_q;
wire [63:0]  av_q0, av_q1;
wire [2:0]   ap_q0, ap_q1;
wire         t_conn = tbl_sel == 3'd0 && t_in[0];
wire         t_reg  = tbl_sel == 3'd1 && t_in[1];
wire         t_areg = tbl_sel == 3'd2 && t_in[2];
wire [AI_W-1:0] t_ai1 = t_ai + 1'b1;

mdd_ram_1r1w #(.DATA_W(81), .DEPTH(CONNS), .ADDR_W(CI_W)) u_conn_ram (
    .clk(clk), .re(lk_re || sw_rd), .raddr(lk_re ? conn_idx : t_ci), .rdata(cr_q),
    .we(sw_wr && t_conn), .waddr(t_ci),
    .wdata({d1[32:16], d1[15:0], d0[63:48], d0[47:40], d0[39:32], d0[31:16]})
);

// {valid, len64, base64, pd16, key8, rights1}; the sweep writes zeros (invalid)
mdd_ram_1r1w #(.DATA_W(154), .DEPTH(REGIONS), .ADDR_W(RI_W)) u_region_ram (
    .clk(clk), .re(lk_re || sw_rd), .raddr(lk_re ? rg_idx : t_ri), .rdata(rr_q),
    .we(sweeping ? sw_in_rg : sw_wr && t_reg), .waddr(sweeping ? s_ri : t_ri),
    .wdata(sweeping ? 154'd0 : {d0[0], d2, d1, d0[31:16], d0[15:8], d0[1]})
);

mdd_dep_aram #(.DATA_W(64), .DEPTH(AREGS), .ADDR_W(AI_W)) u_aval_ram (
    .clk(clk), .re(ar_re || sw_rd), .raddr0(ar_re ? ar_idx0 : t_ai), .raddr1(ar_re ? ar_idx1 : t_ai1),
    .rdata0(av_q0), .rdata1(av_q1),
    .we(areg_we || (sw_wr && t_areg)), .waddr(areg_we ? u_ai : t_ai), .wdata(areg_we ? areg_val : d0)
);

mdd_dep_aram #(.DATA_W(3), .DEPTH(AREGS), .ADDR_W(AI_W)) u_aprot_ram (
    .clk(clk), .re(ar_re || sw_rd), .raddr0(ar_re ? ar_idx0 : t_ai), .raddr1(ar_re ? ar_idx1 : t_ai1),
    .rdata0(ap_q0), .rdata1(ap_q1),
    .we(sw_wr && t_areg), .waddr(t_ai), .wdata(d1[2:0])
);

assign conn_cfg = cr_q;
assign rg_valid = rr_q[153];
assign rg_cfg   = rr_q[152:0];
assign ar_data0 = {ap_q0, av_q0};
assign ar_data1 = {ap_q1, av_q1};

// the read data, loaded into rdata when AR is taken
task load_rdata;
    begin
        if (r_data) rdata <= tbl_data[raddr[2:0]];
        else if (r_ecnt) rdata <= (raddr[4:0] < 5'd24) ? cnt_code[raddr[4:0]] : 32'd0;
        else case (raddr)
            MDD_DEP_ID[11:2]: rdata <= MDD_DEP_ID_RESET;
            A_STATUS:   rdata <= {28'd0, axi_err, st_cq_wait, st_rhq_wait, sweeping};
            A_ERR_CQ:   rdata <= {24'd0, err_cq_r};
            A_TBL_SEL:  rdata <= {29'd0, tbl_sel};
            A_TBL_IDX:  rdata <= tbl_idx;
            A_DB_IDX:   rdata <= db_idx;
            A_PKTS:     rdata <= cnt_pkts;
            A_PKTS_OK:  rdata <= cnt_ok;
            A_PKTS_ERR: rdata <= cnt_err;
            A_CQES:     rdata <= cnt_cqes;
            A_EVENTS:   rdata <= cnt_evts;
            A_BYTES_LO: rdata <= cnt_bytes[31:0];
            A_BYTES_HI: rdata <= cnt_bytes[63:32];
            default: rdata <= 32'd0;
        endcase
    end
endtask


// TBL_CMD 2, one cycle after the RAM reads: the entry image from the RAM outputs and the flops
task load_image;
    integer k;
    reg [255:0] img;
    begin
        img = 256'd0;
        case (tbl_sel)
            3'd0: if (t_in[0]) begin
                img[1:0] = c_state[t_ci];
                img[31:16] = cr_q[15:0];
                img[39:32] = cr_q[23:16];
                img[47:40] = cr_q[31:24];
                img[63:48] = cr_q[47:32];
                img[79:64] = cr_q[63:48];
                img[96:80] = cr_q[80:64];
            end
            3'd1: if (t_in[1]) begin
                img[0] = rr_q[153];
                img[1] = rr_q[0];
                img[15:8] = rr_q[8:1];
                img[31:16] = rr_q[24:9];
                img[127:64] = rr_q[88:25];
                img[191:128] = rr_q[152:89];
            end
            3'd2: if (t_in[2]) begin
                img[63:0] = av_q0;
                img[66:64] = ap_q0;
            end
            3'd3: if (t_in[3]) begin
                img[63:0] = q_base[t_qi];
                img[127:64] = q_ptr[t_qi];
                img[132:128] = q_l2n[t_qi];
                img[223:192] = q_tail[t_qi];
                img[255:224] = q_head[t_qi];
            end
            3'd4: if (t_in[4]) begin
                img[63:0] = k_base[t_ki];
                img[132:128] = k_l2n[t_ki];
                img[159:144] = k_evt[t_ki];
                img[161:160] = k_arm[t_ki];
                img[223:192] = k_tail[t_ki];
                img[255:224] = k_head[t_ki];
            end
            default: ;
        endcase
        for (k = 0; k < 8; k = k + 1) tbl_data[k] <= img[32*k +: 32];
    end
endtask

always @(posedge clk) begin
    // hardware updates
    if (rhq_inc) q_tail[rq] <= q_tail[rq] + 32'd1;
    if (cq_inc) k_tail[kq] <= k_tail[kq] + 32'd1;
    if (evt_go) k_arm[kq] <= 2'd0;
    if (fail_valid) c_state[f_ci] <= 2'd2;
    // events
    if (evt_valid && m_axis_evt_tready) evt_valid <= 1'b0;
    if (evt_go) begin
        evt_valid <= 1'b1;
        /* verilator lint_off WIDTH */
        evt_data <= {16'd0 + kq, k_evt[kq]};
        /* verilator lint_on WIDTH */
    end
    if (arm_now) begin
        evt_valid <= 1'b1;
        /* verilator lint_off WIDTH */
        evt_data <= {16'd0 + db_cq, k_evt[db_cq]};
        /* verilator lint_on WIDTH */
    end
    // counters
    if (done) begin
        cnt_pkts <= cnt_pkts + 32'd1;
        if (done_code == 5'd0) cnt_ok <= cnt_ok + 32'd1;
        else cnt_err <= cnt_err + 32'd1;
        cnt_code[done_code] <= cnt_code[done_code] + 32'd1;
    end
    if (cq_inc) cnt_cqes <= cnt_cqes + 32'd1;
    if (evt_go || arm_now) cnt_evts <= cnt_evts + 32'd1;
    cnt_bytes <= cnt_bytes + {56'd0, pay_bytes};
    if (b_fire && b_resp != 2'd0) axi_err <= 1'b1;
    st_rhq_wait <= rhq_wait;
    st_cq_wait <= cq_wait;
    // AXI4-Lite
    if (bvalid && s_axil_bready) bvalid <= 1'b0;
    if (rvalid && s_axil_rready) rvalid <= 1'b0;
    if (s_axil_arvalid && !rvalid) begin
        rvalid <= 1'b1;
        load_rdata;
    end
    if (rb_pend) begin
        rb_pend <= 1'b0;
        bvalid <= 1'b1;
        load_image;
    end
    if (w_fire) begin
        bvalid <= !sw_rd;
        rb_pend <= sw_rd;
    end
    if (w_base) begin
        case (waddr)
            A_STATUS: if (s_axil_wdata[3]) axi_err <= 1'b0;
            A_ERR_CQ: err_cq_r <= s_axil_wdata[7:0];
            A_TBL_SEL: tbl_sel <= s_axil_wdata[2:0];
            A_TBL_IDX: begin
                tbl_idx <= s_axil_wdata;
                t_in <= {s_axil_wdata < CQS32, s_axil_wdata < RHQS32, s_axil_wdata < AREGS32,
                         s_axil_wdata < REGIONS32, s_axil_wdata < CONNS32};
            end
            A_TBL_CMD: begin
                // 1: the RAM entries are written by the instances above
                if (sw_wr) begin
                    case (tbl_sel)
                        3'd0: if (t_in[0]) c_state[t_ci] <= d0[1:0];
                        3'd3: if (t_in[3]) begin
                            q_base[t_qi] <= d0;
                            q_ptr[t_qi] <= d1;
                            q_l2n[t_qi] <= d2[4:0];
                            q_mask[t_qi] <= (32'd1 << d2[4:0]) - 32'd1;
                            q_tail[t_qi] <= 32'd0;
                            q_head[t_qi] <= 32'd0;
                        end
                        3'd4: if (t_in[4]) begin
                            k_base[t_ki] <= d0;
                            k_l2n[t_ki] <= d2[4:0];
                            k_mask[t_ki] <= (32'd1 << d2[4:0]) - 32'd1;
                            k_evt[t_ki] <= d2[31:16];
                            k_arm[t_ki] <= 2'd0;
                            k_valid[t_ki] <= 1'b1;
                            k_tail[t_ki] <= 32'd0;
                            k_head[t_ki] <= 32'd0;
                        end
                        default: ;
                    endcase
                end
            end
            A_DB_IDX: db_idx <= s_axil_wdata;
            A_RHQ_HEAD: if (db_rhq_ok) q_head[db_rhq] <= s_axil_wdata;
            A_CQ_HEAD: if (db_cq_ok) k_head[db_cq] <= s_axil_wdata;
            A_CQ_ARM: if (db_cq_ok && arm_ok) k_arm[db_cq] <= arm_now ? 2'd0 : s_axil_wdata[1:0];
            default: if (w_data) tbl_data[waddr[2:0]] <= s_axil_wdata;
        endcase
    end
    // reset: control state now, the table valid bits by the sweep
    if (sweeping) begin
        if ({{(32-SW_W){1'b0}}, sweep_idx} < CONNS32) c_state[s_ci] <= 2'd0;
        sweep_idx <= sweep_idx + 1'b1;
        if (sweep_idx == SWEEP_LAST) sweeping <= 1'b0;
    end
    if (rst) begin
        sweeping <= 1'b1;
        sweep_idx <= {SW_W{1'b0}};
        err_cq_r <= 8'd0;
        tbl_sel <= 3'd0;
        tbl_idx <= 32'd0;
        t_in <= 5'b11111;
        db_idx <= 32'd0;
        axi_err <= 1'b0;
        st_rhq_wait <= 1'b0;
        st_cq_wait <= 1'b0;
        bvalid <= 1'b0;
        rb_pend <= 1'b0;
        rvalid <= 1'b0;
        evt_valid <= 1'b0;
        cnt_pkts <= 32'd0;
        cnt_ok <= 32'd0;
        cnt_err <= 32'd0;
        cnt_cqes <= 32'd0;
        cnt_evts <= 32'd0;
        cnt_bytes <= 64'd0;
        for (i = 0; i < 32; i = i + 1) cnt_code[i] <= 32'd0;
        for (i = 0; i < RHQS; i = i + 1) begin
            q_tail[i] <= 32'd0;
            q_head[i] <= 32'd0;
        end
        k_valid <= {CQS{1'b0}};
        for (i = 0; i < CQS; i = i + 1) begin
            k_arm[i] <= 2'd0;
            k_tail[i] <= 32'd0;
            k_head[i] <= 32'd0;
        end
    end
end

endmodule

`resetall

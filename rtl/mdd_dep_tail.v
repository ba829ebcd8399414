// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, tail sequencer (docs/deposit.md sections 5 and 6).
 *
 * Takes the check unit's jobs in packet order and drives the AXI writer
 * (mdd_dep_axw) one command at a time, enforcing the order of section 6.4 by
 * waiting until the writer is idle and every B response has returned:
 *   passed:  RHQ entry (status 0), payload  --all B, verdict-->  commit
 *            --> status word --B--> producer pointer --B--> CQE --B--> event
 *   failed:  drain the payload beats, verdict --> error CQE --B--> event
 * The verdict joins the ingest's end-of-packet record with the payload CRC:
 * SHORT, KEEP, LONG, PAYLOAD_CRC, UPSTREAM, AXI_RESP (a B error on the
 * entry or payload), FLUSHED, first one wins.  Commit: OK writes the address
 * register update; any error sets the connection to EXCEPTION (fail_valid,
 * which also marks a later header of that connection already checked).
 * A full CQ makes it wait; the event waits for a free event register.  A CQE
 * for a CQ that software has not created since reset is dropped.
 *
 * Parameters: QI_W = log2(CQS) (at least 1): CQ indices are taken modulo CQS.
 */
module mdd_dep_tail #(
    parameter QI_W = 4
) (
    input  wire            clk,
    input  wire            rst,

    input  wire            job_valid,
    input  wire [705:0]    job,
    output wire            job_take,
    output wire            tail_upd,

    input  wire            vrd_valid,
    input  wire [171:0]    vrd_data,
    input  wire            crc_valid,
    input  wire [31:0]     crc_data,
    output wire            vrd_pop,

    // AXI writer
    input  wire            axw_idle,
    input  wire            axw_out_zero,
    output reg             cmd_go,
    output reg             cmd_pay,
    output reg  [63:0]     cmd_addr,
    output reg  [31:0]     cmd_len,
    output reg  [255:0]    cmd_sdata,
    input  wire            b_fire,
    input  wire [1:0]      b_resp,

    // register block
    output wire            areg_we,
    output wire [15:0]     areg_idx,
    output wire [63:0]     areg_val,
    output wire            fail_valid,
    output wire [15:0]     fail_conn,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [7:0]      err_cq,       // taken modulo CQS
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [QI_W-1:0] cq_idx,
    input  wire [63:0]     cq_base,
    input  wire [4:0]      cq_l2n,
    input  wire [31:0]     cq_tail,
    input  wire [31:0]     cq_head,
    input  wire [1:0]      cq_arm,
    input  wire            cq_valid,
    output wire            cq_inc,
    output wire            cq_wait,
    input  wire            evt_free,
    output wire            evt_go,
    output wire            done,
    output wire [4:0]      done_code
);

`include "mdd_formats.vh"

localparam [3:0] T_IDLE = 4'd0, T_ENTRY = 4'd1, T_PAY = 4'd2, T_WB = 4'd3, T_COMMIT = 4'd4, T_STATUS = 4'd5,
                 T_SWAIT = 4'd6, T_PTR = 4'd7, T_PWAIT = 4'd8, T_CQE = 4'd9, T_CWAIT = 4'd10, T_EVT = 4'd11;

reg [3:0]   st = T_IDLE;
/* verilator lint_off UNUSEDSIGNAL */
reg [705:0] j = 706'd0;     // code, field, expected, found are copied to their own registers
/* verilator lint_on UNUSEDSIGNAL */
reg [4:0]   code = 5'd0;
reg [15:0]  field = 16'd0;
reg [63:0]  expv = 64'd0, found = 64'd0;
reg         perr = 1'b0;
reg [1:0]   presp = 2'd0;
reg [QI_W-1:0] t_cq = {QI_W{1'b0}};

wire [223:0] j_hdr    = j[223:0];
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]   j_cq     = j[231:224];
/* verilator lint_on UNUSEDSIGNAL */
wire [15:0]  j_reply  = j[247:232];
wire         j_pass   = j[248];
wire [63:0]  j_ea     = j[461:398];
wire [63:0]  j_entry  = j[525:462];
wire [63:0]  j_paddr  = j[589:526];
wire [31:0]  j_pval   = j[621:590];
wire [63:0]  j_uval   = j[685:622];
wire [15:0]  j_uidx   = j[701:686];
wire         j_upd    = j[702];
wire         j_want   = j[703];
wire         j_sol    = j[704];
wire         j_flush  = j[705];

wire [7:0]   h_op    = j_hdr[7:0];
wire [7:0]   h_flags = j_hdr[15:8];
wire [15:0]  h_conn  = {j_hdr[23:16], j_hdr[31:24]};
wire [31:0]  h_len   = {j_hdr[167:160], j_hdr[175:168], j_hdr[183:176], j_hdr[191:184]};
wire [31:0]  h_tag   = {j_hdr[199:192], j_hdr[207:200], j_hdr[215:208], j_hdr[223:216]};

wire         v_up    = vrd_data[0];
wire [1:0]   v_code  = vrd_data[2:1];
wire [7:0]   v_lane  = vrd_data[10:3];
wire [63:0]  v_exp   = vrd_data[74:11];
wire [63:0]  v_found = vrd_data[138:75];
wire [31:0]  v_trl   = vrd_data[170:139];
wire         v_pcrc  = vrd_data[171];

wire is_err = code != 5'd0;
wire b_wait = axw_idle && axw_out_zero;
wire cq_full = {1'b0, cq_tail - cq_head} >= (33'd1 << cq_l2n);
wire [31:0] cq_slot = cq_tail & ((32'd1 << cq_l2n) - 32'd1);
wire phase = !cq_tail[cq_l2n];
wire sol = is_err || j_sol;
wire qualifies = cq_arm == 2'd1 || (cq_arm == 2'd2 && sol);   // ARM_ANY, ARM_SOLICITED

/* verilator lint_off WIDTH */
assign cq_idx = (st == T_CQE) ? (is_err ? err_cq[QI_W-1:0] : j_cq[QI_W-1:0]) : t_cq;
/* verilator lint_on WIDTH */

assign job_take = st == T_IDLE && job_valid;
assign tail_upd = j_upd && (st == T_ENTRY || st == T_PAY || st == T_WB || st == T_COMMIT);
assign vrd_pop  = st == T_WB && b_wait && vrd_valid && crc_valid;
assign areg_we  = st == T_COMMIT && !is_err && j_upd;
assign areg_idx = j_uidx;
assign areg_val = j_uval;
assign fail_valid = st == T_COMMIT && is_err;
assign fail_conn = h_conn;
assign cq_inc   = st == T_CQE && cq_valid && !cq_full && axw_idle;
assign cq_wait  = st == T_CQE && cq_valid && cq_full;
assign evt_go   = st == T_EVT && qualifies && evt_free;
assign done     = (st == T_PWAIT && b_wait && !is_err && !j_want) || (st == T_EVT && (!qualifies || evt_free)) ||
                  (st == T_CQE && !cq_valid);
assign done_code = code;

reg [63:0] w0, w2, w3;

always @(*) begin
    cmd_go = 1'b0;
    cmd_pay = 1'b0;
    cmd_addr = 64'd0;
    cmd_len = 32'd0;
    cmd_sdata = 256'd0;
    w0 = {field, h_conn, 5'd0, is_err, sol, phase, h_flags, h_op, 3'd0, code};
    w2 = is_err ? expv : j_ea;
    w3 = is_err ? found : {16'd0, j_reply, j_pval};
    case (st)
        T_ENTRY: begin
            cmd_go = axw_idle;
            cmd_addr = j_entry;
            cmd_len = 32'd32;
            cmd_sdata = {32'd0, j_hdr};
        end
        T_PAY: begin
            cmd_go = axw_idle;
            cmd_pay = 1'b1;
            cmd_addr = j_ea;
            cmd_len = j_pass ? h_len : 32'd0;
        end
        T_STATUS: begin
            cmd_go = axw_idle;
            cmd_addr = j_entry + 64'd28;
            cmd_len = 32'd4;
            cmd_sdata = {224'd0, 16'd0, 3'd0, code, 8'd1};
        end
        T_PTR: begin
            cmd_go = axw_idle;
            cmd_addr = j_paddr;
            cmd_len = 32'd4;
            cmd_sdata = {224'd0, j_pval};
        end
        T_CQE: begin
            cmd_go = cq_inc;
            cmd_addr = cq_base + {27'd0, cq_slot, 5'd0};
            cmd_len = 32'd32;
            cmd_sdata = {w3, w2, h_len, h_tag, w0};
        end
        default: ;
    endcase
end

always @(posedge clk) begin
    case (st)
        T_IDLE: if (job_valid) begin
            j <= job;
            code <= job[253:249];
            field <= job[269:254];
            expv <= job[333:270];
            found <= job[397:334];
            perr <= 1'b0;
            presp <= 2'd0;
            st <= job[248] ? T_ENTRY : T_PAY;
        end
        T_ENTRY: if (axw_idle) st <= T_PAY;
        T_PAY: if (axw_idle) st <= T_WB;
        T_WB: if (vrd_pop) begin
            if (j_pass) begin
                field <= 16'hFFFF;
                if (v_code == 2'd1) begin
                    code <= MDD_DEP_ERR_SHORT; expv <= v_exp; found <= v_found;
                end else if (v_code == 2'd2) begin
                    code <= MDD_DEP_ERR_KEEP; field <= {8'd0, v_lane}; expv <= 64'd0; found <= 64'd0;
                end else if (v_code == 2'd3) begin
                    code <= MDD_DEP_ERR_LONG; expv <= v_exp; found <= v_found;
                end else if (v_pcrc && crc_data != v_trl) begin
                    code <= MDD_DEP_ERR_PAYLOAD_CRC; expv <= {32'd0, crc_data}; found <= {32'd0, v_trl};
                end else if (v_up) begin
                    code <= MDD_DEP_ERR_UPSTREAM; expv <= 64'd0; found <= 64'd0;
                end else if (perr) begin
                    code <= MDD_DEP_ERR_AXI_RESP; expv <= 64'd0; found <= {62'd0, presp};
                end else if (j_flush) begin
                    code <= MDD_DEP_ERR_FLUSHED; expv <= 64'd0; found <= 64'd0;
                end
                st <= T_COMMIT;
            end else begin
                st <= T_CQE;
            end
        end
        T_COMMIT: st <= T_STATUS;
        T_STATUS: if (axw_idle) st <= T_SWAIT;
        T_SWAIT: if (b_wait) st <= T_PTR;
        T_PTR: if (axw_idle) st <= T_PWAIT;
        T_PWAIT: if (b_wait) st <= (is_err || j_want) ? T_CQE : T_IDLE;
        T_CQE: if (!cq_valid) begin
            st <= T_IDLE;               // a CQ not created since reset: no CQE, no event
        end else if (cq_inc) begin
            t_cq <= cq_idx;
            st <= T_CWAIT;
        end
        T_CWAIT: if (b_wait) st <= T_EVT;
        T_EVT: if (!qualifies || evt_free) st <= T_IDLE;
        default: st <= T_IDLE;
    endcase
    // B errors of the entry and the payload (the only writes in flight until the verdict)
    if ((st == T_PAY || st == T_WB || st == T_ENTRY) && b_fire && b_resp != 2'd0 && !perr) begin
        perr <= 1'b1;
        presp <= b_resp;
    end
    if (rst) st <= T_IDLE;
end

endmodule

`resetall

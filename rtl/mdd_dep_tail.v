// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, tail: two sequencers with a queue of packets between them
 * (docs/deposit.md sections 5, 6 and 9.3).
 *
 *   front  takes the check unit's jobs in packet order into a free slot of a
 *          QN-entry queue and issues the packet's RHQ entry (status 0) and
 *          payload commands (a failed header: the payload drain, len 0); the
 *          slot is handed to the back when the writer has issued them.
 *   back   takes the slots in the same order:  all B of the slot's entry and
 *          payload, verdict --> commit --> status word --B--> producer
 *          pointer --B--> CQE --B--> event  (a failed header: verdict -->
 *          error CQE --B--> event).
 * So the end of packet n (back) overlaps the entry and payload of n+1
 * (front) and the checks of n+2 (check unit), while every packet keeps the
 * order of 6.4, and producer pointers and CQEs go out in packet order.
 *
 * B responses: every burst the writer loads carries the tag of its command
 * (aw_push, aw_tag: {meta, slot}); the tags wait in a FIFO of MAX_OUTSTANDING
 * (B returns in issue order, one id), so each B is charged to its slot
 * (srem: bursts of the slot's entry and payload still unanswered; sperr /
 * spresp: the first non-OKAY one, verdict AXI_RESP) or to the back's current
 * metadata write (mrem).  The writer runs one command at a time and takes
 * the next while it runs; when both sequencers want it the back (the older
 * packet) goes first.
 *
 * Verdict: SHORT, KEEP, LONG, PAYLOAD_CRC, UPSTREAM, AXI_RESP, FLUSHED, first
 * one wins.  Commit: OK writes the address-register update; any error sets
 * the connection to EXCEPTION (fail_valid), which marks FLUSHED every later
 * packet of that connection already checked: the check unit's header (if it
 * read the state), every slot behind the failing one, and a job taken in the
 * same cycle.  tail_upd (the areg hazard, 9.4): some packet taken and not yet
 * committed has a register update (nupd counts them).
 * A full CQ makes the back wait; the event waits for a free event register.
 * A CQE for a CQ that software has not created since reset is dropped.
 *
 * Parameters: QI_W = log2(CQS) (at least 1): CQ indices are taken modulo CQS;
 * TD_W: log2 of the tag FIFO depth (2^TD_W >= MAX_OUTSTANDING).
 */
module mdd_dep_tail #(
    parameter QI_W = 4,
    parameter TD_W = 4
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
    input  wire            axw_ready,    // the writer takes a command
    input  wire            axw_act,      // it executes one ...
    input  wire [2:0]      axw_tag,      // ... with this tag
    input  wire            axw_pend,     // one waits ...
    input  wire [2:0]      axw_ptag,     // ... with this tag
    input  wire            aw_push,      // a burst was loaded, of the current command
    output reg             cmd_go,
    output reg             cmd_pay,
    output reg  [63:0]     cmd_addr,
    output reg  [31:0]     cmd_len,
    output reg  [255:0]    cmd_sdata,
    output wire [2:0]      cmd_tag,
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

localparam QN = 4;                       // queue slots: packets between the check unit and the back's retire
localparam TD = 1 << TD_W;

localparam [1:0] F_IDLE = 2'd0, F_ENTRY = 2'd1, F_PAY = 2'd2, F_PWAIT = 2'd3;
localparam [3:0] B_WB = 4'd0, B_COMMIT = 4'd1, B_STATUS = 4'd2, B_SWAIT = 4'd3, B_PTR = 4'd4, B_PWAIT = 4'd5,
                 B_CQE = 4'd6, B_CWAIT = 4'd7, B_EVT = 4'd8;

// ---- queue ----
reg [705:0] sj [0:QN-1];        // the jobs
reg [8:0]   srem [0:QN-1];      // entry and payload bursts not yet answered
reg         sperr [0:QN-1];
reg [1:0]   spresp [0:QN-1];
reg         sflush [0:QN-1];
reg [2:0]   qw = 3'd0, qr = 3'd0;   // front's slot, back's slot (mod 2 QN)
reg [2:0]   nupd = 3'd0;
reg [8:0]   mrem = 9'd0;        // the back's metadata bursts not yet answered
// ---- tags of the bursts waiting for B ----
reg [2:0]   tmem [0:TD-1];
reg [TD_W:0] tw = {(TD_W+1){1'b0}}, tr = {(TD_W+1){1'b0}};
// ---- sequencers ----
reg [1:0]   fst = F_IDLE;
reg [3:0]   bst = B_WB;
reg [4:0]   code = 5'd0;
reg [15:0]  field = 16'd0;
reg [63:0]  expv = 64'd0, found = 64'd0;
reg [QI_W-1:0] t_cq = {QI_W{1'b0}};

integer i;
initial begin
    for (i = 0; i < QN; i = i + 1) begin
        sj[i] = 706'd0; srem[i] = 9'd0; sperr[i] = 1'b0; spresp[i] = 2'd0; sflush[i] = 1'b0;
    end
end
integer i2;    // one loop variable per initial block (yosys)
initial begin
    for (i2 = 0; i2 < TD; i2 = i2 + 1) tmem[i2] = 3'd0;
end

wire [1:0] fs = qw[1:0], bs = qr[1:0];
wire [2:0] cnt = qw - qr;               // slots handed to the back, not yet retired

// the front's job (slot fs) and the back's (slot bs)
/* verilator lint_off UNUSEDSIGNAL */
wire [705:0] fj = sj[fs];
wire [705:0] bj = sj[bs];
/* verilator lint_on UNUSEDSIGNAL */
wire [223:0] f_hdr  = fj[223:0];
wire         f_pass = fj[248];
wire [63:0]  f_ea   = fj[461:398];
wire [63:0]  f_entry = fj[525:462];
wire [31:0]  f_len  = {f_hdr[167:160], f_hdr[175:168], f_hdr[183:176], f_hdr[191:184]};

/* verilator lint_off UNUSEDSIGNAL */
wire [223:0] j_hdr    = bj[223:0];
wire [7:0]   j_cq     = bj[231:224];   // taken modulo CQS
/* verilator lint_on UNUSEDSIGNAL */
wire [15:0]  j_reply  = bj[247:232];
wire         j_pass   = bj[248];
wire [63:0]  j_ea     = bj[461:398];
wire [63:0]  j_entry  = bj[525:462];
wire [63:0]  j_paddr  = bj[589:526];
wire [31:0]  j_pval   = bj[621:590];
wire [63:0]  j_uval   = bj[685:622];
wire [15:0]  j_uidx   = bj[701:686];
wire         j_upd    = bj[702];
wire         j_want   = bj[703];
wire         j_sol    = bj[704];
wire         j_flush  = sflush[bs];

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
// the back's metadata write is answered: the writer does not hold it (waiting or executing) and its bursts all
// have their B
wire m_done = !(axw_act && axw_tag[2]) && !(axw_pend && axw_ptag[2]) && mrem == 9'd0;
wire cq_full = {1'b0, cq_tail - cq_head} >= (33'd1 << cq_l2n);
wire [31:0] cq_slot = cq_tail & ((32'd1 << cq_l2n) - 32'd1);
wire phase = !cq_tail[cq_l2n];
wire sol = is_err || j_sol;
wire qualifies = cq_arm == 2'd1 || (cq_arm == 2'd2 && sol);   // ARM_ANY, ARM_SOLICITED

/* verilator lint_off WIDTH */
assign cq_idx = (bst == B_CQE) ? (is_err ? err_cq[QI_W-1:0] : j_cq[QI_W-1:0]) : t_cq;
/* verilator lint_on WIDTH */

// the front hands its slot over when the writer holds none of its commands (all its bursts loaded), and takes a
// job into slot qw when idle, or while handing its slot over (then into qw + 1)
wire f_hand = fst == F_PWAIT && !(axw_act && axw_tag == {1'b0, fs}) && !(axw_pend && axw_ptag == {1'b0, fs});
wire take_idle = fst == F_IDLE && cnt < QN;
wire take_hand = f_hand && cnt + 3'd1 < QN;
assign job_take = job_valid && (take_idle || take_hand);
wire [1:0] tslot = take_hand ? fs + 2'd1 : fs;
wire [15:0] job_conn = {job[23:16], job[31:24]};

// the B tag at the head of the tag FIFO
wire [2:0] btag = tmem[tr[TD_W-1:0]];

assign tail_upd = nupd != 3'd0;
assign vrd_pop  = bst == B_WB && cnt != 3'd0 && srem[bs] == 9'd0 && vrd_valid && crc_valid;
assign areg_we  = bst == B_COMMIT && !is_err && j_upd;
assign areg_idx = j_uidx;
assign areg_val = j_uval;
assign fail_valid = bst == B_COMMIT && is_err;
assign fail_conn = h_conn;
assign cq_inc   = bst == B_CQE && cq_valid && !cq_full && axw_ready;
assign cq_wait  = bst == B_CQE && cq_valid && cq_full;
assign evt_go   = bst == B_EVT && qualifies && evt_free;
assign done     = (bst == B_PWAIT && m_done && !is_err && !j_want) || (bst == B_EVT && (!qualifies || evt_free)) ||
                  (bst == B_CQE && !cq_valid);
assign done_code = code;

// the writer: the back first
wire b_want = bst == B_STATUS || bst == B_PTR || (bst == B_CQE && cq_valid && !cq_full);
wire b_go = b_want && axw_ready;
// the front's commands never wait in the writer: a metadata write of the back (short, and on the latency path of
// every packet's completion) is not kept behind a payload that waits for its input
wire f_go = (fst == F_ENTRY || fst == F_PAY) && axw_ready && !axw_act && !b_want;
assign cmd_tag = b_want ? 3'b100 : {1'b0, fs};

reg [63:0] w0, w2, w3;

always @(*) begin
    cmd_go = b_go || f_go;
    cmd_pay = 1'b0;
    cmd_addr = 64'd0;
    cmd_len = 32'd0;
    cmd_sdata = 256'd0;
    w0 = {field, h_conn, 5'd0, is_err, sol, phase, h_flags, h_op, 3'd0, code};
    w2 = is_err ? expv : j_ea;
    w3 = is_err ? found : {16'd0, j_reply, j_pval};
    if (b_want) begin
        case (bst)
            B_STATUS: begin
                cmd_addr = j_entry + 64'd28;
                cmd_len = 32'd4;
                cmd_sdata = {224'd0, 16'd0, 3'd0, code, 8'd1};
            end
            B_PTR: begin
                cmd_addr = j_paddr;
                cmd_len = 32'd4;
                cmd_sdata = {224'd0, j_pval};
            end
            default: begin   // B_CQE
                cmd_addr = cq_base + {27'd0, cq_slot, 5'd0};
                cmd_len = 32'd32;
                cmd_sdata = {w3, w2, h_len, h_tag, w0};
            end
        endcase
    end else if (fst == F_ENTRY) begin
        cmd_addr = f_entry;
        cmd_len = 32'd32;
        cmd_sdata = {32'd0, f_hdr};
    end else if (fst == F_PAY) begin
        cmd_pay = 1'b1;
        cmd_addr = f_ea;
        cmd_len = f_pass ? f_len : 32'd0;
    end
end

always @(posedge clk) begin
    // ---- front ----
    case (fst)
        F_IDLE: if (job_take) fst <= job[248] ? F_ENTRY : F_PAY;
        F_ENTRY: if (f_go) fst <= F_PAY;
        F_PAY: if (f_go) fst <= F_PWAIT;
        default: if (f_hand) begin      // F_PWAIT: the payload is issued, the slot goes to the back
            qw <= qw + 3'd1;
            fst <= job_take ? (job[248] ? F_ENTRY : F_PAY) : F_IDLE;
        end
    endcase
    if (job_take) begin
        sj[tslot] <= job;
        sperr[tslot] <= 1'b0;
        spresp[tslot] <= 2'd0;
        // a failure committed in this cycle of the same connection: the job read the state before it
        sflush[tslot] <= job[705] || (fail_valid && fail_conn == job_conn);
    end
    // a late failure flushes every later packet of its connection: the front's slot and those queued behind
    if (fail_valid) begin
        for (i = 0; i < QN; i = i + 1) begin
            if (i[1:0] != bs && ({1'b0, i[1:0] - bs} < cnt || (fst != F_IDLE && i[1:0] == fs)) &&
                {sj[i][23:16], sj[i][31:24]} == fail_conn)
                sflush[i] <= 1'b1;
        end
    end
    nupd <= nupd + ((job_take && job[702]) ? 3'd1 : 3'd0) - ((bst == B_COMMIT && j_upd) ? 3'd1 : 3'd0);
    // ---- bursts and their B ----
    if (aw_push) begin
        tmem[tw[TD_W-1:0]] <= axw_tag;
        tw <= tw + 1'b1;
    end
    if (b_fire) tr <= tr + 1'b1;
    for (i = 0; i < QN; i = i + 1) begin
        srem[i] <= srem[i] + ((aw_push && !axw_tag[2] && axw_tag[1:0] == i[1:0]) ? 9'd1 : 9'd0)
                           - ((b_fire && !btag[2] && btag[1:0] == i[1:0]) ? 9'd1 : 9'd0);
    end
    if (b_fire && !btag[2] && b_resp != 2'd0 && !sperr[btag[1:0]]) begin
        sperr[btag[1:0]] <= 1'b1;
        spresp[btag[1:0]] <= b_resp;
    end
    mrem <= mrem + ((aw_push && axw_tag[2]) ? 9'd1 : 9'd0) - ((b_fire && btag[2]) ? 9'd1 : 9'd0);
    // ---- back ----
    case (bst)
        B_WB: if (vrd_pop) begin
            code <= bj[253:249];
            field <= bj[269:254];
            expv <= bj[333:270];
            found <= bj[397:334];
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
                end else if (sperr[bs]) begin
                    code <= MDD_DEP_ERR_AXI_RESP; expv <= 64'd0; found <= {62'd0, spresp[bs]};
                end else if (j_flush) begin
                    code <= MDD_DEP_ERR_FLUSHED; expv <= 64'd0; found <= 64'd0;
                end
                bst <= B_COMMIT;
            end else begin
                bst <= B_CQE;
            end
        end
        B_COMMIT: bst <= B_STATUS;
        B_STATUS: if (b_go) bst <= B_SWAIT;
        B_SWAIT: if (m_done) bst <= B_PTR;
        B_PTR: if (b_go) bst <= B_PWAIT;
        B_PWAIT: if (m_done) begin
            if (is_err || j_want) begin
                bst <= B_CQE;
            end else begin
                bst <= B_WB;
                qr <= qr + 3'd1;
            end
        end
        B_CQE: if (!cq_valid) begin
            bst <= B_WB;                // a CQ not created since reset: no CQE, no event
            qr <= qr + 3'd1;
        end else if (cq_inc) begin
            t_cq <= cq_idx;
            bst <= B_CWAIT;
        end
        B_CWAIT: if (m_done) bst <= B_EVT;
        B_EVT: if (!qualifies || evt_free) begin
            bst <= B_WB;
            qr <= qr + 3'd1;
        end
        default: bst <= B_WB;
    endcase
    if (rst) begin
        fst <= F_IDLE;
        bst <= B_WB;
        qw <= 3'd0;
        qr <= 3'd0;
        nupd <= 3'd0;
        mrem <= 9'd0;
        tw <= {(TD_W+1){1'b0}};
        tr <= {(TD_W+1){1'b0}};
        for (i = 0; i < QN; i = i + 1) srem[i] <= 9'd0;
    end
end

endmodule

`resetall

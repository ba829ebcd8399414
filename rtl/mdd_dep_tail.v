// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, tail: a front sequencer, three back stages and a queue of
 * packets between them (docs/deposit.md sections 5, 6 and 9.3).
 *
 *   front  takes the check unit's jobs in packet order into a free slot of a
 *          QN-entry queue and issues the packet's RHQ entry (status 0) and
 *          payload commands (a failed header: the payload drain, len 0); the
 *          slot moves on when the writer has issued them.
 *   V      all B of the slot's entry and payload, the verdict, the commit,
 *          the status word and its B (a failed header: the verdict only);
 *   P      the producer pointer and its B (passed packets), then, for a packet
 *          of a message (flag MSEG) that ended OK with a payload, its SEG
 *          record to the combiner (seg_*: waits for seg_ready);
 *   C      the CQE (if any) and its B, the event, and the slot is free.
 * Each stage takes the slots in packet order, one at a time, after the stage
 * before it is done with them, so every packet keeps the order of 6.4
 * (entry + payload --all B--> commit --> status --B--> pointer --B--> CQE
 * --B--> event), producer pointers and CQEs go out in packet order, and the
 * end of packet n overlaps the entry and payload of n+1 (front) and the checks
 * of n+2 (check unit); the status of n+1 may go before the pointer of n.
 *
 * B responses: every burst the writer loads carries the tag of its command
 * (aw_push, cur_tag: {meta, index}); the tags wait in a FIFO of 2^TD_W >=
 * MAX_OUTSTANDING entries (B returns in issue order, one id), so each B is
 * charged to its slot (srem: entry and payload bursts still unanswered;
 * sperr / spresp: the first non-OKAY one, verdict AXI_RESP) or to a stage's
 * metadata write (mrem).  The writer runs one command and holds the next;
 * C, P, V (older packets first) may queue a command behind a running one,
 * the front only issues to an idle writer, so a metadata write never waits
 * behind a payload that waits for its input.
 *
 * Verdict: SHORT, KEEP, LONG, PAYLOAD_CRC, UPSTREAM, AXI_RESP, FLUSHED, first
 * one wins.  Commit: OK writes the address-register update; any error sets
 * the connection to EXCEPTION (fail_valid), which marks FLUSHED every later
 * packet of that connection already checked: the check unit's header (if it
 * read the state), every slot behind the failing one, and a job taken in the
 * same cycle.  tail_upd (the areg hazard, 9.4): some packet taken and not yet
 * committed has a register update (nupd counts them).
 * A full CQ makes C wait; the event waits for a free event register.  A CQE
 * for a CQ that software has not created since reset is dropped.
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
    input  wire [31:0]     cq_mask,      // 2^cq_l2n - 1
    input  wire [31:0]     cq_tail,
    input  wire [31:0]     cq_head,
    input  wire [1:0]      cq_arm,
    input  wire            cq_valid,
    input  wire            cq_wr,        // a CQ entry is written (re-created) in this cycle
    output wire            cq_inc,
    output wire            cq_wait,
    input  wire            evt_free,
    output wire            evt_go,
    output wire            done,
    output wire [4:0]      done_code,

    // SEG records of message segments (docs/deposit.md 10; CMBREC in formats.def)
    output wire [255:0]    seg_data,
    output wire            seg_valid,
    input  wire            seg_ready
);

`include "mdd_formats.vh"

localparam QN = 4;                       // queue slots: packets between the check unit and C's retire
localparam TD = 1 << TD_W;

localparam [1:0] F_IDLE = 2'd0, F_ENTRY = 2'd1, F_PAY = 2'd2, F_PWAIT = 2'd3;
localparam [1:0] V_WB = 2'd0, V_COMMIT = 2'd1, V_STATUS = 2'd2, V_SWAIT = 2'd3;
localparam [1:0] P_IDLE = 2'd0, P_PTR = 2'd1, P_PWAIT = 2'd2, P_SEG = 2'd3;
localparam [1:0] C_IDLE = 2'd0, C_CQE = 2'd1, C_CWAIT = 2'd2, C_EVT = 2'd3;
localparam [2:0] TAG_S = 3'b100, TAG_P = 3'b101, TAG_C = 3'b110;   // the stages' metadata writes

// ---- queue ----
reg [705:0] sj [0:QN-1];        // the jobs
reg [8:0]   srem [0:QN-1];      // entry and payload bursts not yet answered
reg         sperr [0:QN-1];
reg [1:0]   spresp [0:QN-1];
reg         sflush [0:QN-1];
reg [4:0]   scode [0:QN-1];     // the outcome (V): code, field, expected, found
reg         serr [0:QN-1];      // scode != 0, written with it (C's decisions start at a flip-flop, issue 20)
reg [15:0]  sfield [0:QN-1];
reg [63:0]  sexp [0:QN-1];
reg [63:0]  sfound [0:QN-1];
reg [31:0]  scrc [0:QN-1];      // the payload CRC-32C (V), for the SEG record
reg [2:0]   qw = 3'd0, qv = 3'd0, qp = 3'd0, qc = 3'd0;   // front, V, P, C slots (mod 2 QN)
reg [2:0]   nupd = 3'd0;
reg [8:0]   mrem_s = 9'd0, mrem_p = 9'd0, mrem_c = 9'd0;   // the stages' metadata bursts not yet answered
// ---- tags of the bursts waiting for B ----
reg [2:0]   tmem [0:TD-1];
reg [TD_W:0] tw = {(TD_W+1){1'b0}}, tr = {(TD_W+1){1'b0}};
// ---- sequencers ----
reg [1:0]   fst = F_IDLE, vst = V_WB, pst = P_IDLE, cst = C_IDLE;
reg [QI_W-1:0] t_cq = {QI_W{1'b0}};
reg         cq_go = 1'b0;    // the CQ of t_cq had room (and was valid) in the last cycle of C_CQE, and no CQ was
                             // re-created in it: cq_addr is then the CQE's address
reg [63:0]  cq_addr = 64'd0; // the address of t_cq's next CQE as of the last cycle (base + slot), so the CQ table's
                             // read and the address addition are a register away from the writer's command (issue
                             // 20); only our CQE moves the tail, and a re-create (cq_wr) holds cq_go low a cycle

integer i;
initial begin
    for (i = 0; i < QN; i = i + 1) begin
        sj[i] = 706'd0; srem[i] = 9'd0; sperr[i] = 1'b0; spresp[i] = 2'd0; sflush[i] = 1'b0;
        scode[i] = 5'd0; serr[i] = 1'b0; sfield[i] = 16'd0; sexp[i] = 64'd0; sfound[i] = 64'd0; scrc[i] = 32'd0;
    end
end
integer i2;    // one loop variable per initial block (yosys)
initial begin
    for (i2 = 0; i2 < TD; i2 = i2 + 1) tmem[i2] = 3'd0;
end

wire [1:0] fs = qw[1:0], vs = qv[1:0], ps = qp[1:0], cs = qc[1:0];
wire [2:0] n_v = qw - qv;               // slots the front has handed on, not yet through V
wire [2:0] n_all = qw - qc;             // slots in use but the front's

/* verilator lint_off UNUSEDSIGNAL */
wire [705:0] fj = sj[fs];
wire [705:0] vj = sj[vs];
wire [705:0] pj = sj[ps];
wire [705:0] cj = sj[cs];
/* verilator lint_on UNUSEDSIGNAL */

// front
wire [223:0] f_hdr  = fj[223:0];
wire         f_pass = fj[248];
wire [63:0]  f_ea   = fj[461:398];
wire [63:0]  f_entry = fj[525:462];
wire [31:0]  f_len  = {f_hdr[167:160], f_hdr[175:168], f_hdr[183:176], f_hdr[191:184]};
// V
wire         v_pass  = vj[248];
wire [63:0]  v_entry = vj[525:462];
wire [63:0]  v_uval  = vj[685:622];
wire [15:0]  v_uidx  = vj[701:686];
wire         v_upd   = vj[702];
wire [15:0]  v_conn  = {vj[23:16], vj[31:24]};
wire [4:0]   v_scode = scode[vs];
wire         v_err   = serr[vs];      // v_scode != 0
// P
wire         p_pass  = pj[248];
wire [63:0]  p_paddr = pj[589:526];
wire [31:0]  p_pval  = pj[621:590];
wire [63:0]  p_ea    = pj[461:398];
wire [31:0]  p_len   = {pj[167:160], pj[175:168], pj[183:176], pj[191:184]};
wire [31:0]  p_tag   = {pj[199:192], pj[207:200], pj[215:208], pj[223:216]};
// a segment of a message that ended OK: its SEG record follows the pointer
wire [7:0]   p_flags = pj[15:8];
wire [31:0]  p_crc   = scrc[ps];
wire         p_seg   = (p_flags & MDD_DEP_FLAG_MSEG) != 8'd0 && scode[ps] == 5'd0 && p_len != 32'd0;
// C
/* verilator lint_off UNUSEDSIGNAL */
wire [223:0] c_hdr   = cj[223:0];
wire [7:0]   c_jcq   = cj[231:224];   // taken modulo CQS
/* verilator lint_on UNUSEDSIGNAL */
wire [15:0]  c_reply = cj[247:232];
wire [63:0]  c_ea    = cj[461:398];
wire [31:0]  c_pval  = cj[621:590];
wire         c_want  = cj[703];
wire         c_jsol  = cj[704];
wire [4:0]   c_code  = scode[cs];
wire [15:0]  c_field = sfield[cs];
wire [63:0]  c_expv  = sexp[cs];
wire [63:0]  c_found = sfound[cs];
wire [7:0]   h_op    = c_hdr[7:0];
wire [7:0]   h_flags = c_hdr[15:8];
wire [15:0]  h_conn  = {c_hdr[23:16], c_hdr[31:24]};
wire [31:0]  h_len   = {c_hdr[167:160], c_hdr[175:168], c_hdr[183:176], c_hdr[191:184]};
wire [31:0]  h_tag   = {c_hdr[199:192], c_hdr[207:200], c_hdr[215:208], c_hdr[223:216]};

wire         v_up    = vrd_data[0];
wire [1:0]   v_code  = vrd_data[2:1];
wire [7:0]   v_lane  = vrd_data[10:3];
wire [63:0]  v_exp   = vrd_data[74:11];
wire [63:0]  v_found = vrd_data[138:75];
wire [31:0]  v_trl   = vrd_data[170:139];
wire         v_pcrc  = vrd_data[171];

// a stage's metadata write is answered: the writer holds no command of its tag (waiting or running) and its
// bursts all have their B
wire s_done = !(axw_act && axw_tag == TAG_S) && !(axw_pend && axw_ptag == TAG_S) && mrem_s == 9'd0;
wire p_done = !(axw_act && axw_tag == TAG_P) && !(axw_pend && axw_ptag == TAG_P) && mrem_p == 9'd0;
wire c_done = !(axw_act && axw_tag == TAG_C) && !(axw_pend && axw_ptag == TAG_C) && mrem_c == 9'd0;

wire is_err = serr[cs];         // c_code != 0
wire [31:0] cq_used = cq_tail - cq_head;
wire cq_full = cq_used > cq_mask;      // used >= 2^log2n: a carry chain behind the subtraction's
wire [31:0] cq_slot = cq_tail & cq_mask;
wire phase = !cq_tail[cq_l2n];
wire sol = is_err || c_jsol;
wire qualifies = cq_arm == 2'd1 || (cq_arm == 2'd2 && sol);   // ARM_ANY, ARM_SOLICITED

// the CQ of the slot in C, latched when C takes the slot (ERR_CQ as it was then): the CQ table is read through a
// register, not through the queue's slot mux and the verdict
assign cq_idx = t_cq;

// the front hands its slot on when the writer holds none of its commands (all its bursts loaded), and takes a
// job into slot qw when idle, or while handing its slot on (then into qw + 1)
wire f_hand = fst == F_PWAIT && !(axw_act && axw_tag == {1'b0, fs}) && !(axw_pend && axw_ptag == {1'b0, fs});
wire take_idle = fst == F_IDLE && n_all < QN;
wire take_hand = f_hand && n_all + 3'd1 < QN;
assign job_take = job_valid && (take_idle || take_hand);
wire [1:0] tslot = take_hand ? fs + 2'd1 : fs;
wire [15:0] job_conn = {job[23:16], job[31:24]};

// the B tag at the head of the tag FIFO
wire [2:0] btag = tmem[tr[TD_W-1:0]];

// C: a slot P is done with; retired without a CQE, after a dropped one (CQ not created) or after the event
wire c_has = cst == C_IDLE && qp != qc;      // n_c != 0
wire c_skip = c_has && !is_err && !c_want;

assign tail_upd = nupd != 3'd0;
assign vrd_pop  = vst == V_WB && qw != qv && srem[vs] == 9'd0 && vrd_valid && crc_valid;   // qw != qv: n_v != 0
assign areg_we  = vst == V_COMMIT && !v_err && v_upd;
assign areg_idx = v_uidx;
assign areg_val = v_uval;
assign fail_valid = vst == V_COMMIT && v_err;
assign fail_conn = v_conn;
assign cq_wait  = cst == C_CQE && cq_valid && cq_full;
assign evt_go   = cst == C_EVT && qualifies && evt_free;
assign done     = c_skip || (cst == C_EVT && (!qualifies || evt_free)) || (cst == C_CQE && !cq_valid);
assign done_code = c_code;
// the slot's outcome as V pops its verdict: the header's (a failed header), else the first late verdict (computed
// apart from the pop, which only enables the slot's registers: the verdict FIFO's and the CRC FIFO's heads are
// registers, so the ranking starts at flip-flops, issue 20)
wire       v_sperr  = sperr[vs];     // (wires: an @* block reading an array is sensitive to all of it, iverilog)
wire [1:0] v_spresp = spresp[vs];
wire       v_sflush = sflush[vs];
reg [4:0]  o_code;
reg [15:0] o_field;
reg [63:0] o_exp, o_found;
always @(*) begin
    o_code = vj[253:249];
    o_field = vj[269:254];
    o_exp = vj[333:270];
    o_found = vj[397:334];
    if (v_pass) begin
        o_field = 16'hFFFF;
        if (v_code == 2'd1) begin
            o_code = MDD_DEP_ERR_SHORT; o_exp = v_exp; o_found = v_found;
        end else if (v_code == 2'd2) begin
            o_code = MDD_DEP_ERR_KEEP; o_field = {8'd0, v_lane}; o_exp = 64'd0; o_found = 64'd0;
        end else if (v_code == 2'd3) begin
            o_code = MDD_DEP_ERR_LONG; o_exp = v_exp; o_found = v_found;
        end else if (v_pcrc && crc_data != v_trl) begin
            o_code = MDD_DEP_ERR_PAYLOAD_CRC; o_exp = {32'd0, crc_data}; o_found = {32'd0, v_trl};
        end else if (v_up) begin
            o_code = MDD_DEP_ERR_UPSTREAM; o_exp = 64'd0; o_found = 64'd0;
        end else if (v_sperr) begin
            o_code = MDD_DEP_ERR_AXI_RESP; o_exp = 64'd0; o_found = {62'd0, v_spresp};
        end else if (v_sflush) begin
            o_code = MDD_DEP_ERR_FLUSHED; o_exp = 64'd0; o_found = 64'd0;
        end
    end
end

// SEG record (CMBREC): ID = msg_tag, OP = SEG, ADDR = EA (the target address), SEG_LEN, CRC = the payload CRC-32C
reg [255:0] seg_rec;
always @(*) begin
    seg_rec = 256'd0;
    seg_rec[MDD_CMBREC_ID_LSB +: 32] = p_tag;
    seg_rec[MDD_CMBREC_OP_LSB +: 2] = MDD_CMB_OP_SEG;
    seg_rec[MDD_CMBREC_ADDR_LSB +: 64] = p_ea;
    seg_rec[MDD_CMBREC_SEG_LEN_LSB +: 32] = p_len;
    seg_rec[MDD_CMBREC_CRC_LSB +: 32] = p_crc;
end
assign seg_valid = pst == P_SEG;
assign seg_data  = seg_rec;

// the writer: older packets first (C, P, V), the front only when the writer is idle and nobody else wants it
// (room and the CQE's address as of the last cycle: the CQ's fill is a LUTRAM read and a 32-bit compare, kept off
// the writer's command; software only moves the head forward or re-creates the CQ empty, so the registered room
// stays safe, and a cycle that re-creates a CQ gives no cq_go, so a stale address is never used)
wire wc = cst == C_CQE && cq_go && cq_valid;
wire wp = pst == P_PTR;
wire wv = vst == V_STATUS;
wire gc = wc && axw_ready;
wire gp = wp && axw_ready && !wc;
wire gv = wv && axw_ready && !wc && !wp;
wire f_go = (fst == F_ENTRY || (fst == F_PAY && !axw_act)) && axw_ready && !wc && !wp && !wv;
assign cq_inc  = gc;
assign cmd_tag = wc ? TAG_C : wp ? TAG_P : wv ? TAG_S : {1'b0, fs};

reg [63:0] w0, w2, w3;

always @(*) begin
    cmd_go = gc || gp || gv || f_go;
    cmd_pay = 1'b0;
    cmd_addr = 64'd0;
    cmd_len = 32'd0;
    cmd_sdata = 256'd0;
    w0 = {c_field, h_conn, 5'd0, is_err, sol, phase, h_flags, h_op, 3'd0, c_code};
    w2 = is_err ? c_expv : c_ea;
    w3 = is_err ? c_found : {16'd0, c_reply, c_pval};
    if (wc) begin
        cmd_addr = cq_addr;
        cmd_len = 32'd32;
        cmd_sdata = {w3, w2, h_len, h_tag, w0};
    end else if (wp) begin
        cmd_addr = p_paddr;
        cmd_len = 32'd4;
        cmd_sdata = {224'd0, p_pval};
    end else if (wv) begin
        cmd_addr = v_entry + 64'd28;
        cmd_len = 32'd4;
        cmd_sdata = {224'd0, 16'd0, 3'd0, v_scode, 8'd1};
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
        default: if (f_hand) begin      // F_PWAIT: the payload is issued, the slot goes to V
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
    // a late failure flushes every later packet of its connection: the slots behind V's and the front's
    if (fail_valid) begin
        for (i = 0; i < QN; i = i + 1) begin
            if (i[1:0] != vs && ({1'b0, i[1:0] - vs} < n_v || (fst != F_IDLE && i[1:0] == fs)) &&
                {sj[i][23:16], sj[i][31:24]} == fail_conn)
                sflush[i] <= 1'b1;
        end
    end
    nupd <= nupd + ((job_take && job[702]) ? 3'd1 : 3'd0) - ((vst == V_COMMIT && v_upd) ? 3'd1 : 3'd0);
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
    mrem_s <= mrem_s + ((aw_push && axw_tag == TAG_S) ? 9'd1 : 9'd0) - ((b_fire && btag == TAG_S) ? 9'd1 : 9'd0);
    mrem_p <= mrem_p + ((aw_push && axw_tag == TAG_P) ? 9'd1 : 9'd0) - ((b_fire && btag == TAG_P) ? 9'd1 : 9'd0);
    mrem_c <= mrem_c + ((aw_push && axw_tag == TAG_C) ? 9'd1 : 9'd0) - ((b_fire && btag == TAG_C) ? 9'd1 : 9'd0);
    // ---- V: verdict, commit, status ----
    case (vst)
        V_WB: if (vrd_pop) begin
            scrc[vs] <= crc_data;
            scode[vs] <= o_code;
            serr[vs] <= o_code != 5'd0;
            sfield[vs] <= o_field;
            sexp[vs] <= o_exp;
            sfound[vs] <= o_found;
            if (v_pass) begin
                vst <= V_COMMIT;
            end else begin
                qv <= qv + 3'd1;        // a failed header: no commit, no status
            end
        end
        V_COMMIT: vst <= V_STATUS;
        V_STATUS: if (gv) vst <= V_SWAIT;
        default: if (s_done) begin      // V_SWAIT
            vst <= V_WB;
            qv <= qv + 3'd1;
        end
    endcase
    // ---- P: producer pointer ----
    case (pst)
        P_IDLE: if (qv != qp) begin     // n_p != 0
            if (p_pass) pst <= P_PTR;
            else qp <= qp + 3'd1;       // a failed header: no pointer
        end
        P_PTR: if (gp) pst <= P_PWAIT;
        P_PWAIT: if (p_done) begin
            if (p_seg) begin
                pst <= P_SEG;
            end else begin
                pst <= P_IDLE;
                qp <= qp + 3'd1;
            end
        end
        default: if (seg_ready) begin   // P_SEG
            pst <= P_IDLE;
            qp <= qp + 3'd1;
        end
    endcase
    // ---- C: CQE, event, retire ----
    cq_go <= cst == C_CQE && cq_valid && !cq_full && !cq_wr;
    cq_addr <= cq_base + {27'd0, cq_slot, 5'd0};
    case (cst)
        C_IDLE: if (c_has) begin
            if (c_skip) begin
                qc <= qc + 3'd1;
            end else begin
                cst <= C_CQE;
                t_cq <= is_err ? err_cq[QI_W-1:0] : c_jcq[QI_W-1:0];
            end
        end
        C_CQE: if (!cq_valid) begin
            cst <= C_IDLE;              // a CQ not created since reset: no CQE, no event
            qc <= qc + 3'd1;
        end else if (gc) begin
            cst <= C_CWAIT;
        end
        C_CWAIT: if (c_done) cst <= C_EVT;
        default: if (!qualifies || evt_free) begin   // C_EVT
            cst <= C_IDLE;
            qc <= qc + 3'd1;
        end
    endcase
    if (rst) begin
        fst <= F_IDLE;
        vst <= V_WB;
        pst <= P_IDLE;
        cst <= C_IDLE;
        cq_go <= 1'b0;
        qw <= 3'd0;
        qv <= 3'd0;
        qp <= 3'd0;
        qc <= 3'd0;
        nupd <= 3'd0;
        mrem_s <= 9'd0;
        mrem_p <= 9'd0;
        mrem_c <= 9'd0;
        tw <= {(TD_W+1){1'b0}};
        tr <= {(TD_W+1){1'b0}};
        for (i = 0; i < QN; i = i + 1) srem[i] <= 9'd0;
    end
end

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Deposit engine, AXI4 write master (docs/deposit.md sections 6 and 8).
 *
 * Executes one command at a time from the tail, with one more waiting in a
 * register (taken while ready, started the cycle the current one ends, so
 * commands follow each other without a gap): write len bytes at addr, from
 * either the 32-byte buffer sdata (RHQ entry, status word, pointer, CQE) or
 * the payload FIFO (a packet's payload; len 0 only drains the packet).
 *   AW: INCR bursts that never cross a BURST_BYTES boundary, awaddr aligned
 *       down to W, awsize log2(W), awid 0; a burst is loaded into the AW
 *       register only while fewer than MAX_OUTSTANDING are waiting for B.
 *   W:  beat k of the command covers [addr & ~(W-1) + kW, +W); wstrb is set
 *       exactly for the command's bytes (payload: the bytes the ingest marked:
 *       tkeep and inside [32, 32 + length) of the packet); wlast ends each
 *       burst.  A beat is sent no earlier than the cycle its burst's AW is
 *       loaded, and a command is done with its last beat (unless input beats
 *       are left to drain), so a one-beat command takes two cycles.
 *   Payload realignment: packet byte 32 + j goes to lane (addr + j) mod W, a
 *       rotation by s = (addr - 32) mod W of the current input beat over the
 *       previous one, so one input beat gives one output beat (W = 64 with
 *       addr mod 64 < 32 needs one input beat ahead: one extra cycle).
 *   A packet that ends early (tlast before its length) stops issuing AWs
 *   past the data received and completes the bursts already issued with
 *   wstrb 0 beats.  Input beats after the last output beat (trailer, LONG
 *   bytes) are popped and dropped until tlast.
 *   B: bready is always 1; outc counts bursts loaded and not yet answered.
 *   Each command carries a tag; aw_push with cur_tag tells the tail which
 *   command (packet or metadata write) each burst, and so each B, is for.
 *
 * Parameters: W (bytes per beat), BURST_BYTES (power of two, W..256*W),
 * MAX_OUTSTANDING (1..256), AXI_ID_W.
 */
module mdd_dep_axw #(
    parameter W = 8,
    parameter BURST_BYTES = 256,
    parameter MAX_OUTSTANDING = 16,
    parameter AXI_ID_W = 4
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                cmd_go,
    input  wire                cmd_pay,
    input  wire [63:0]         cmd_addr,
    input  wire [31:0]         cmd_len,
    input  wire [255:0]        cmd_sdata,
    input  wire [2:0]          cmd_tag,      // whose command (the tail's B accounting), kept with each burst
    output wire                ready,        // cmd_go is taken (no command waiting)
    output wire                act,          // a command is being executed ...
    output wire [2:0]          cur_tag,      // ... with this tag
    output wire                pend,         // a command is waiting ...
    output wire [2:0]          pend_tag,     // ... with this tag
    output wire                aw_push,      // a burst of the current command was loaded into AW

    input  wire                pay_valid,
    input  wire [8*W-1:0]      pay_data,
    input  wire [W-1:0]        pay_mask,
    input  wire                pay_last,
    output reg                 pay_pop,

    output wire [AXI_ID_W-1:0] m_axi_awid,
    output wire [63:0]         m_axi_awaddr,
    output wire [7:0]          m_axi_awlen,
    output wire [2:0]          m_axi_awsize,
    output wire [1:0]          m_axi_awburst,
    output wire                m_axi_awvalid,
    input  wire                m_axi_awready,
    output wire [8*W-1:0]      m_axi_wdata,
    output wire [W-1:0]        m_axi_wstrb,
    output wire                m_axi_wlast,
    output wire                m_axi_wvalid,
    input  wire                m_axi_wready,
    input  wire                m_axi_bvalid,
    output wire                m_axi_bready,

    output wire [7:0]          pay_bytes    // payload bytes strobed by the W beat accepted this cycle
);

`include "mdd_lane_fn.vh"

localparam LW = (W == 4) ? 2 : (W == 8) ? 3 : (W == 16) ? 4 : (W == 32) ? 5 : 6;
localparam CL = (W == 64) ? 32 : 0;            // lane of payload byte 0 in its beat
/* verilator lint_off WIDTH */
localparam [63:0] BBM = BURST_BYTES - 1;
localparam [63:0] W64 = W;
localparam [63:0] CL64 = CL;
localparam [8:0]  MAXO = MAX_OUTSTANDING;
localparam [2:0]  SIZE = LW;
localparam [32:0] WM1 = W - 1;
/* verilator lint_on WIDTH */

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
    if (BURST_BYTES < W || BURST_BYTES > 256 * W || BURST_BYTES > 4096 || (BURST_BYTES & (BURST_BYTES - 1)) != 0) begin
        $display("Error: BURST_BYTES (%0d) must be a power of two in W..min(256 W, 4096) (%m)", BURST_BYTES);
        $finish;
    end
    if (MAX_OUTSTANDING < 1 || MAX_OUTSTANDING > 256) begin
        $display("Error: MAX_OUTSTANDING (%0d) must be 1..256 (%m)", MAX_OUTSTANDING);
        $finish;
    end
end

reg           busy = 1'b0, pay = 1'b0;
reg [2:0]     tag = 3'd0;
// the waiting command
reg           nv = 1'b0, npay = 1'b0;
reg [2:0]     ntag = 3'd0;
reg [63:0]    naddr = 64'd0;
reg [31:0]    nlen = 32'd0;
reg [255:0]   nsd = 256'd0;
reg [63:0]    a0 = 64'd0;
reg [31:0]    len = 32'd0;
reg [255:0]   sd = 256'd0;
reg [32:0]    aw_off = 33'd0;
reg [31:0]    ob = 32'd0, nout = 32'd0, have = 32'd0;
reg [63:0]    avail = 64'd0 - CL64;   // have * W - CL, kept beside have (not derived from it in the command loop)
reg [8:0]     ahead = 9'd0, outc = 9'd0;
reg [8*W-1:0] cur_d = {8*W{1'b0}}, prev_d = {8*W{1'b0}};
reg [W-1:0]   cur_m = {W{1'b0}}, prev_m = {W{1'b0}};
reg           ended = 1'b0;
reg           awvalid = 1'b0;
reg [63:0]    awaddr = 64'd0;
reg [7:0]     awlen = 8'd0;
reg           wvalid = 1'b0, wlast = 1'b0, wpay = 1'b0;
reg [8*W-1:0] wdata = {8*W{1'b0}};
reg [W-1:0]   wstrb = {W{1'b0}};

// combinational
reg [LW-1:0]  e, s;
reg           delta;
reg [31:0]    need;
reg [63:0]    start, beat_addr, diff;
reg [64:0]    bnd, lim;
/* verilator lint_off UNUSEDSIGNAL */
reg [64:0]    endp;        // below 2^64: the checks exclude a wrap
reg [63:0]    beats;       // at most 256
reg [32:0]    nout_calc;
/* verilator lint_on UNUSEDSIGNAL */
reg           aw_stop, aw_load, done_now, done_fin, wl, emit;
reg           go;          // a command starts: the waiting one, else cmd_go's
reg           g_pay;
reg [2:0]     g_tag;
reg [63:0]    g_addr;
reg [31:0]    g_len;
reg [255:0]   g_sd;
reg           use_head, c_zero, p_zero;
reg [8*W-1:0] c_d, p_d, e_d;
reg [W-1:0]   c_m, p_m, e_m;
integer       l, li;

always @(*) begin
    e = a0[LW-1:0];
    s = e - CL[LW-1:0];
    delta = (W == 64) && !e[LW-1];     // addr mod 64 < 32: payload byte 0 sits in the upper half
    need = ob + {31'd0, delta};
    aw_stop = aw_off >= {1'b0, len} || (pay && ended && {31'd0, aw_off} >= avail);
    done_now = busy && (pay ? (ended && (ob >= nout || (ahead == 9'd0 && aw_stop))) : (ob >= nout));
    // AW
    start = a0 + {31'd0, aw_off};
    bnd = {1'b0, start | BBM} + 65'd1;
    lim = {1'b0, a0} + {33'd0, len};
    endp = (lim < bnd) ? lim : bnd;
    beats = ((endp[63:0] - 64'd1) >> LW) - (start >> LW) + 64'd1;
    aw_load = busy && !aw_stop && outc < MAXO && (!awvalid || m_axi_awready);
    // W
    beat_addr = {a0[63:LW], {LW{1'b0}}} + {{(32-LW){1'b0}}, ob, {LW{1'b0}}};
    wl = (ob == nout - 32'd1) || (((beat_addr + W64) & BBM) == 64'd0);
    emit = 1'b0;
    pay_pop = 1'b0;
    use_head = 1'b0;
    c_zero = 1'b0;
    p_zero = 1'b0;
    // a beat may go out in the cycle its burst's AW is loaded (ahead counts the bursts loaded before)
    if (busy && !done_now && ob < nout && (ahead != 9'd0 || aw_load) && (!wvalid || m_axi_wready)) begin
        if (!pay) begin
            emit = 1'b1;
        end else if (!ended) begin
            if (pay_valid) begin
                pay_pop = 1'b1;
                emit = need == have;     // else: fetch the beat ahead
                use_head = 1'b1;
            end
        end else begin
            emit = 1'b1;                 // past the received data: what is left, then wstrb 0
            c_zero = 1'b1;
            p_zero = need != have;
        end
    end
    if (busy && pay && ob >= nout && !ended && pay_valid) pay_pop = 1'b1;   // drain
    // the command ends with its last beat when nothing is left to drain: the next one starts a cycle earlier
    done_fin = emit && ob + 32'd1 >= nout && (!pay || ended || (use_head && pay_last));
    // beat data
    c_d = use_head ? pay_data : cur_d;
    c_m = use_head ? pay_mask : cur_m;
    p_d = use_head ? cur_d : prev_d;
    p_m = use_head ? cur_m : prev_m;
    if (c_zero) begin
        c_d = {8*W{1'b0}};
        c_m = {W{1'b0}};
        p_d = cur_d;
        p_m = cur_m;
    end
    if (p_zero) begin
        p_d = {8*W{1'b0}};
        p_m = {W{1'b0}};
    end
    e_d = {8*W{1'b0}};
    e_m = {W{1'b0}};
    li = 0;
    diff = 64'd0;
    for (l = 0; l < W; l = l + 1) begin
        if (pay) begin
            if (l >= {{(32-LW){1'b0}}, s}) begin
                li = l - {{(32-LW){1'b0}}, s};
                e_d[8*l +: 8] = c_d[8*li +: 8];
                e_m[l] = c_m[li];
            end else begin
                li = l - {{(32-LW){1'b0}}, s} + W;
                e_d[8*l +: 8] = p_d[8*li +: 8];
                e_m[l] = p_m[li];
            end
        end else begin
            diff = beat_addr + {32'd0, l[31:0]} - a0;
            e_m[l] = diff < {32'd0, len};
            e_d[8*l +: 8] = e_m[l] ? sd[8*diff[4:0] +: 8] : 8'd0;
        end
    end
    go = (nv || cmd_go) && (!busy || done_now || done_fin);
    g_pay  = nv ? npay : cmd_pay;
    g_tag  = nv ? ntag : cmd_tag;
    g_addr = nv ? naddr : cmd_addr;
    g_len  = nv ? nlen : cmd_len;
    g_sd   = nv ? nsd : cmd_sdata;
    nout_calc = ({1'b0, g_len} + {{(33-LW){1'b0}}, g_addr[LW-1:0]} + WM1) >> LW;
end

always @(posedge clk) begin
    if (done_now || done_fin) busy <= 1'b0;
    if (aw_load) begin
        awaddr <= {start[63:LW], {LW{1'b0}}};
        awlen <= beats[7:0] - 8'd1;
        aw_off <= endp[32:0] - a0[32:0];
    end
    awvalid <= aw_load || (awvalid && !m_axi_awready);
    if (pay_pop) begin
        have <= have + 32'd1;
        avail <= avail + W64;
        ended <= pay_last;
        cur_d <= pay_data;
        cur_m <= pay_mask;
        prev_d <= cur_d;
        prev_m <= cur_m;
    end
    if (emit) begin
        wdata <= e_d;
        wstrb <= e_m;
        wlast <= wl;
        wpay <= pay;
        ob <= ob + 32'd1;
    end
    wvalid <= emit || (wvalid && !m_axi_wready);
    ahead <= ahead + {8'd0, aw_load} - {8'd0, emit && wl};
    outc <= outc + {8'd0, aw_load} - {8'd0, m_axi_bvalid};
    // a command waits when it cannot start at once (cmd_go only while ready: never with one waiting)
    if (cmd_go && !go) begin
        nv <= 1'b1;
        npay <= cmd_pay;
        ntag <= cmd_tag;
        naddr <= cmd_addr;
        nlen <= cmd_len;
        nsd <= cmd_sdata;
    end
    if (go && nv) nv <= 1'b0;
    // the start, last: it overrides the ending command's updates of this cycle (its last beat, pop, AW)
    if (go) begin
        busy <= 1'b1;
        pay <= g_pay;
        tag <= g_tag;
        a0 <= g_addr;
        len <= g_len;
        sd <= g_sd;
        aw_off <= 33'd0;
        ob <= 32'd0;
        nout <= (g_len == 32'd0) ? 32'd0 : nout_calc[31:0];
        have <= 32'd0;
        avail <= 64'd0 - CL64;
        ended <= 1'b0;
        cur_m <= {W{1'b0}};
        prev_m <= {W{1'b0}};
        cur_d <= {8*W{1'b0}};
        prev_d <= {8*W{1'b0}};
    end
    if (rst) begin
        nv <= 1'b0;
        busy <= 1'b0;
        awvalid <= 1'b0;
        wvalid <= 1'b0;
        ahead <= 9'd0;
        outc <= 9'd0;
    end
end


assign ready = !nv;
assign act = busy;
assign pend = nv;
assign pend_tag = ntag;
assign cur_tag = tag;
assign aw_push = aw_load;
assign m_axi_awid = {AXI_ID_W{1'b0}};
assign m_axi_awaddr = awaddr;
assign m_axi_awlen = awlen;
assign m_axi_awsize = SIZE;
assign m_axi_awburst = 2'b01;
assign m_axi_awvalid = awvalid;
assign m_axi_wdata = wdata;
assign m_axi_wstrb = wstrb;
assign m_axi_wlast = wlast;
assign m_axi_wvalid = wvalid;
assign m_axi_bready = 1'b1;
assign pay_bytes = (wvalid && m_axi_wready && wpay) ? {1'b0, lane_popc(wstrb)} : 8'd0;

endmodule

`resetall

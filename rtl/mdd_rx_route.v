// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX router of the top level (docs/core.md 3, D-027): sends the data of RX
 * transfers whose descriptor has COREDESC.TO_DEP set to the deposit engine's
 * input instead of m_axis_rx, with the RX path's verdict on the transfer in
 * tuser of the deposit packet's last beat, and shares that input with the
 * core's s_axis_dep port, packet by packet, round robin.
 *
 * Why here: the RX path treats TO_DEP as reserved and delivers every
 * transfer as one data packet followed by one context (docs/rx-path.md 9);
 * only the top level knows that a transfer is RDMA over MPA whose delivered
 * bytes are exactly one deposit packet, and only the context says whether
 * the transfer was damaged, so the packet's end waits for it.
 *
 * Descriptors.  s_desc -> one output register -> m_desc, one beat per clock,
 * TO_DEP cleared.  Each s_desc handshake pushes its TO_DEP bit into a FIFO of
 * ROUTE_DEPTH entries; an entry leaves at its transfer's context handshake
 * (ctx_tvalid & ctx_tready), so the FIFO holds the transfers between their
 * descriptor and their context.  s_desc_tready = (m_desc empty or being
 * read) & FIFO not full; a context handshake in the same cycle does not make
 * room for that cycle's descriptor (no path from ctx_tready to
 * s_desc_tready).
 *
 * Data.  Three pointers run over the FIFO: wr (descriptors), ctx (contexts)
 * and data (the transfer whose packet arrives on s_rx; it advances at each
 * s_rx tlast handshake).  While data == wr no transfer is known and s_rx is
 * not taken.  A transfer without TO_DEP passes to m_rx combinationally and
 * unchanged (m_rx_* = s_rx_*, s_rx_tready = m_rx_tready).  A TO_DEP
 * transfer's beats go into the deposit output register (tags dropped,
 * m_dep_tuser 0); its last beat enters it as "waiting": m_dep_tvalid stays
 * low until a context is valid on ctx_* while the ctx pointer equals the
 * transfer's index (contexts of earlier transfers are counted, not taken
 * for this one's), then m_dep_tuser = (CTX.ERR_MAP != 0) of that context and
 * the beat is offered from the next cycle.  The context is only observed:
 * the core connects it to m_axis_rx_ctx, and it may be handshaken while the
 * beat still waits for m_dep_tready.  While the last beat waits, s_rx keeps
 * flowing for transfers without TO_DEP (they go to m_rx); the next TO_DEP
 * beat and s_dep wait for the output register.  The RX path must raise the
 * context at least one cycle after the last data beat's handshake
 * (mdd_rx_ctx does: its release count is a register).
 *
 * Arbitration of the deposit output register (one beat per clock, load when
 * empty or being read): a packet, once its first beat was taken, runs to its
 * tlast; at a packet boundary the source that did not win last goes first if
 * both have a beat (after reset s_dep first).  s_dep beats pass unchanged
 * (tuser included).  s_dep_tready and the TO_DEP s_rx_tready depend on the
 * other source's tvalid at a packet boundary, not on their own.
 *
 * Reset (synchronous): empties the FIFO (all pointers), the descriptor
 * register and the deposit output register (a waiting beat included) and
 * ends the packet in progress.  From the first edge that samples rst high,
 * every m_*tvalid is 0 (the FIFO is empty, so s_rx passes nothing) and an
 * input beat taken meanwhile is dropped at the edge.  The tready outputs do
 * not look at rst.  Data registers (m_desc_tdata, m_dep_t*) and the FIFO's
 * bits are not reset.
 *
 * Parameters:
 *   W            bytes per beat (4..64)
 *   ROUTE_DEPTH  transfers between descriptor and context that the router
 *                tracks (power of two, 2..256)
 */
module mdd_rx_route #(
    parameter W = 8,
    parameter ROUTE_DEPTH = 16
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [511:0]     s_desc_tdata,
    input  wire             s_desc_tvalid,
    output wire             s_desc_tready,
    output reg  [511:0]     m_desc_tdata = 512'd0,
    output reg              m_desc_tvalid = 1'b0,
    input  wire             m_desc_tready,

    input  wire [8*W-1:0]   s_rx_tdata,
    input  wire [W-1:0]     s_rx_tkeep,
    input  wire             s_rx_tlast,
    input  wire [8*W-1:0]   s_rx_tuser,
    input  wire             s_rx_tvalid,
    output wire             s_rx_tready,

    output wire [8*W-1:0]   m_rx_tdata,
    output wire [W-1:0]     m_rx_tkeep,
    output wire             m_rx_tlast,
    output wire [8*W-1:0]   m_rx_tuser,
    output wire             m_rx_tvalid,
    input  wire             m_rx_tready,

    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [1023:0]    ctx_tdata,      // only CTX.ERR_MAP is read
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire             ctx_tvalid,
    input  wire             ctx_tready,

    input  wire [8*W-1:0]   s_dep_tdata,
    input  wire [W-1:0]     s_dep_tkeep,
    input  wire             s_dep_tlast,
    input  wire             s_dep_tuser,
    input  wire             s_dep_tvalid,
    output wire             s_dep_tready,

    output reg  [8*W-1:0]   m_dep_tdata = {8*W{1'b0}},
    output reg  [W-1:0]     m_dep_tkeep = {W{1'b0}},
    output reg              m_dep_tlast = 1'b0,
    output reg              m_dep_tuser = 1'b0,
    output wire             m_dep_tvalid,
    input  wire             m_dep_tready
);

`include "mdd_formats.vh"

localparam AW = $clog2(ROUTE_DEPTH);

initial begin
    if (W < 4 || W > 64) begin
        $display("Error: W (%0d) must be 4..64 (%m)", W);
        $finish;
    end
    if (ROUTE_DEPTH < 2 || ROUTE_DEPTH > 256 || (1 << AW) != ROUTE_DEPTH) begin
        $display("Error: ROUTE_DEPTH (%0d) must be a power of two, 2..256 (%m)", ROUTE_DEPTH);
        $finish;
    end
end

// ---------------------------------------------------------------------------
// TO_DEP bits: one FIFO, three pointers (AW + 1 bits: full and empty differ)
// ---------------------------------------------------------------------------
reg [ROUTE_DEPTH-1:0] to_dep = {ROUTE_DEPTH{1'b0}};
reg [AW:0]            wr_ptr = {(AW+1){1'b0}};     // next descriptor
reg [AW:0]            ctx_ptr = {(AW+1){1'b0}};    // next context
reg [AW:0]            data_ptr = {(AW+1){1'b0}};   // transfer now on s_rx
reg [AW:0]            hold_ptr = {(AW+1){1'b0}};   // transfer of the waiting last beat

wire full = (wr_ptr[AW] != ctx_ptr[AW]) && (wr_ptr[AW-1:0] == ctx_ptr[AW-1:0]);

// descriptor register
wire desc_load = !m_desc_tvalid || m_desc_tready;
assign s_desc_tready = desc_load && !full;
wire desc_take = s_desc_tvalid && s_desc_tready;
wire [511:0] desc_out = s_desc_tdata & ~({{511{1'b0}}, 1'b1} << MDD_COREDESC_TO_DEP_LSB);

// contexts: each handshake retires the oldest entry
wire ctx_pop = ctx_tvalid && ctx_tready && (ctx_ptr != wr_ptr);

// data: the current transfer's bit
wire known  = data_ptr != wr_ptr;
wire routed = to_dep[data_ptr[AW-1:0]];
wire pass   = known && !routed;            // to m_rx
wire route  = known && routed;             // to the deposit side

assign m_rx_tdata  = s_rx_tdata;
assign m_rx_tkeep  = s_rx_tkeep;
assign m_rx_tlast  = s_rx_tlast;
assign m_rx_tuser  = s_rx_tuser;
assign m_rx_tvalid = s_rx_tvalid && pass;

// ---------------------------------------------------------------------------
// Deposit output register and packet-level round robin
// ---------------------------------------------------------------------------
reg dep_full = 1'b0;    // the register holds a beat ...
reg dep_wait = 1'b0;    // ... a TO_DEP last beat waiting for its context
reg busy = 1'b0;        // a packet has started and its tlast has not entered
reg last_ext = 1'b0;    // the packet in progress / the last one came from s_dep

assign m_dep_tvalid = dep_full && !dep_wait;
wire dep_load = !dep_full || (!dep_wait && m_dep_tready);

wire route_v = s_rx_tvalid && route;
// a source may enter: its packet is in progress, or at a boundary the other has no beat or won last
wire ext_may   = busy ? last_ext  : (!route_v || !last_ext);
wire route_may = busy ? !last_ext : (!s_dep_tvalid || last_ext);
assign s_dep_tready = dep_load && ext_may;
wire route_rdy = dep_load && route_may && route;
assign s_rx_tready = pass ? m_rx_tready : route_rdy;

wire ext_take   = s_dep_tvalid && s_dep_tready;
wire route_take = s_rx_tvalid && route_rdy;
wire rx_end     = s_rx_tvalid && s_rx_tready && s_rx_tlast;
wire verdict    = dep_wait && ctx_tvalid && ctx_ptr == hold_ptr;

always @(posedge clk) begin
    if (desc_take) begin
        to_dep[wr_ptr[AW-1:0]] <= s_desc_tdata[MDD_COREDESC_TO_DEP_LSB];
        wr_ptr <= wr_ptr + 1'b1;
    end
    if (desc_load) begin
        m_desc_tvalid <= desc_take;
    end
    if (desc_take) begin
        m_desc_tdata <= desc_out;
    end
    if (ctx_pop) begin
        ctx_ptr <= ctx_ptr + 1'b1;
    end
    if (rx_end) begin
        data_ptr <= data_ptr + 1'b1;
    end

    if (ext_take) begin
        m_dep_tdata <= s_dep_tdata;
        m_dep_tkeep <= s_dep_tkeep;
        m_dep_tlast <= s_dep_tlast;
        m_dep_tuser <= s_dep_tuser;
        dep_full <= 1'b1;
        busy <= !s_dep_tlast;
        last_ext <= 1'b1;
    end else if (route_take) begin
        m_dep_tdata <= s_rx_tdata;
        m_dep_tkeep <= s_rx_tkeep;
        m_dep_tlast <= s_rx_tlast;
        m_dep_tuser <= 1'b0;
        dep_full <= 1'b1;
        dep_wait <= s_rx_tlast;
        hold_ptr <= data_ptr;
        busy <= !s_rx_tlast;
        last_ext <= 1'b0;
    end else if (m_dep_tvalid && m_dep_tready) begin
        dep_full <= 1'b0;
    end
    if (verdict) begin
        dep_wait <= 1'b0;
        m_dep_tuser <= |ctx_tdata[MDD_CTX_ERR_MAP_LSB +: MDD_CTX_ERR_MAP_W];
    end

    if (rst) begin
        wr_ptr <= {(AW+1){1'b0}};
        ctx_ptr <= {(AW+1){1'b0}};
        data_ptr <= {(AW+1){1'b0}};
        hold_ptr <= {(AW+1){1'b0}};
        m_desc_tvalid <= 1'b0;
        dep_full <= 1'b0;
        dep_wait <= 1'b0;
        busy <= 1'b0;
        last_ext <= 1'b0;
    end
end

endmodule

`resetall

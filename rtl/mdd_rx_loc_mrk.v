// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * RX locate stage L1: descriptor queue and validation, transfer offsets, marker lanes.
 *
 * The first of the three locate stages (docs/rx-path.md section 8): it turns the
 * AXI4-Stream input (s_axis_rx, tkeep may have holes; s_axis_rx_desc, one
 * 512-bit descriptor per transfer) into the internal word of the RX path:
 *
 *   m_data   the beat's bytes, lane for lane (never compacted)
 *   m_tag    per-byte tag (formats.def): VOID for absent lanes (tkeep = 0) and
 *            for every lane of a transfer whose descriptor failed (DESC); MRK
 *            (K = 0) for marker bytes; PAY with K = 1 for every other byte
 *            (placeholder: L2 classifies PDU bytes)
 *   m_aux    per-lane nibble: MRK lanes: byte index in the marker, bit 3 = 1
 *            for iSCSI markers (covered by no CRC; L2 decides MPA coverage);
 *            other present lanes: bit 0 = the next wire byte starts a marker
 *            (L2 needs it for the MPA ED-on-marker rule at a word's last lane)
 *   m_first / m_last   first / last word of a transfer
 *   m_woff, m_nin      transfer offset of the word's first input byte, input
 *                      bytes in the word
 *   m_dbad   the transfer's descriptor failed validation
 *   m_desc   the descriptor; on the last word TCP_SEQ (+ bytes_in) and MRK_POS
 *            (when mrk_en) are advanced (a failed descriptor passes unchanged)
 *   m_err_*, m_emap, m_ecnt   events of the word: DESC (first word, err_off 0,
 *            every other field 0), UPSTREAM (tuser on a beat with a kept byte:
 *            err_off = offset of its first kept byte; a beat without one, or
 *            a transfer that failed DESC, raises none), merged by smallest
 *            err_off, ties to the smaller code
 *   m_xflags 0 (L2 sets frame_lost / mrk_unv)
 *
 * Descriptors wait in a 2-deep FIFO (s_axis_rx_desc_tready = not full); each
 * is validated on entry (the DESC conditions of docs/rx-path.md section 5).  A
 * data beat enters stage A (below) whether or not a descriptor is queued, and
 * leaves it only while one is; the head descriptor is popped with the
 * transfer's tlast beat.
 *
 * Chunking: with mrk_en one emitted word carries at most mrk_period input
 * bytes (one marker wrap, so each lane's marker position is base + prefix
 * count minus at most one period).  A beat with more bytes is emitted in
 * several cycles, each a prefix of its remaining lanes (the others VOID), and
 * stage A holds it (s_axis_rx_tready low) until its last part leaves.
 * mrk_period >= W never splits a beat.
 *
 * Stage A, the input register (D-068): the beat (tdata, tkeep, tlast, tuser)
 * with its lane counts, computed from tkeep on the way in, so the count is the
 * whole input-to-register path and no path after the register waits for it.
 *
 * Every lane is decided at once: its rank among the beat's kept lanes comes
 * from a prefix-count network (mdd_lane_count, log2(W) adder stages, before
 * stage A), and its chunk membership, marker byte index and "marker next" bit
 * are compares of that rank with per-word thresholds, so the depth grows with
 * log2(W), not W (D-040).  Nothing but compares and one adder follows the
 * registered count (D-064): the
 * thresholds carry + done_cnt (the kept lanes of earlier parts) instead of the
 * ranks carrying - done_cnt, the offset and TCP sequence number are kept at
 * the beat's start (the last part ends at start + the beat's count), and the
 * descriptor FIFO's next entries are selected by the pop last.
 *
 * Flow control (D-029): advance = m_ready | ~m_valid; a word leaves on every
 * clock with advance and a queued descriptor; s_axis_rx_tready = stage A empty,
 * or its beat's last part leaving: one beat per clock at full rate.  Latency
 * two clocks (one until D-068).  rst (synchronous) clears the valid bits, the
 * FIFO and the transfer state; data registers are not reset.
 */
module mdd_rx_loc_mrk #(
    parameter W = 8
) (
    input  wire           clk,
    input  wire           rst,

    input  wire [8*W-1:0] s_axis_rx_tdata,
    input  wire [W-1:0]   s_axis_rx_tkeep,
    input  wire           s_axis_rx_tlast,
    input  wire           s_axis_rx_tuser,
    input  wire           s_axis_rx_tvalid,
    output wire           s_axis_rx_tready,

    input  wire [511:0]   s_axis_rx_desc_tdata,
    input  wire           s_axis_rx_desc_tvalid,
    output wire           s_axis_rx_desc_tready,

    output wire           m_valid,
    input  wire           m_ready,
    output wire [8*W-1:0] m_data,
    output wire [8*W-1:0] m_tag,
    output wire [4*W-1:0] m_aux,
    output wire           m_first,
    output wire           m_last,
    output wire [31:0]    m_woff,
    output wire [7:0]     m_nin,
    output wire           m_dbad,
    output wire [511:0]   m_desc,
    output wire [7:0]     m_xflags,
    output wire           m_err_v,
    output wire [7:0]     m_err_code,
    output wire [7:0]     m_err_byte,
    output wire [31:0]    m_err_off,
    output wire [31:0]    m_err_unit,
    output wire [63:0]    m_err_exp,
    output wire [63:0]    m_err_got,
    output wire [15:0]    m_emap,
    output wire [7:0]     m_ecnt
);

`include "mdd_formats.vh"

initial begin
    if (W != 4 && W != 8 && W != 16 && W != 32 && W != 64) begin
        $display("Error: W (%0d) must be 4, 8, 16, 32 or 64 (%m)", W);
        $finish;
    end
end

localparam [7:0] TAG_VOID = {5'd0, MDD_KIND_VOID};
localparam [7:0] TAG_MRK  = {5'd0, MDD_KIND_MRK};
localparam [7:0] TAG_PAY  = 8'd1 << MDD_TAG_K | {5'd0, MDD_KIND_PAY};

// -------------------------------------------------------------------------
// Descriptor validation (docs/rx-path.md section 5, DESC conditions)
// -------------------------------------------------------------------------
wire [511:0] nd = s_axis_rx_desc_tdata;
wire         nd_bad;

mdd_desc_check #(.TX(0)) desc_check (.desc(nd), .bad(nd_bad));

// -------------------------------------------------------------------------
// Descriptor FIFO: two entries, e0 is the head (the current transfer's)
// -------------------------------------------------------------------------

// The two entries are slots of a ring read at rd_r: a pop moves rd_r, a push writes the slot after the queued
// one, so no entry is copied and the transfer's end (pop, late: after the beat's lane count) drives one register,
// not the head's 574-bit next-value select (ECP5: that select's routing was the critical path, D-080).
// Beside each entry, its first chunk's wrap thresholds (below): period - MRK_POS and period + ml - MRK_POS,
// computed as the descriptor enters, so no subtraction of the marker position sits in front of the lanes;
// ml - MRK_POS; MRK_POS < ml (the transfer starts inside a marker).
localparam QW = 512 + 1 + 20 + 20 + 20 + 1;
reg [QW-1:0] q0 = {QW{1'b0}};
reg [QW-1:0] q1 = {QW{1'b0}};
reg          rd_r = 1'b0;
reg [1:0]    fifo_cnt = 2'd0;
wire [19:0] nd_ml   = nd[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W] == MDD_PROTO_ISCSI[MDD_DESC_PROTO_W-1:0] ?
                      MDD_ISCSI_MRK_LEN[19:0] : MDD_MPA_MRK_LEN[19:0];
wire [19:0] nd_db   = {1'b0, nd[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W]} -
                      {1'b0, nd[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W]};
wire [19:0] nd_dbml = nd_db + nd_ml;
wire [19:0] nd_tail = nd_ml - {1'b0, nd[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W]};
wire        nd_head = {1'b0, nd[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W]} < nd_ml;
wire [QW-1:0] nd_q  = {nd, nd_bad, nd_db, nd_dbml, nd_tail, nd_head};

// the head entry
wire [QW-1:0] e0_q = rd_r ? q1 : q0;
wire [511:0] e0_desc = e0_q[QW-1 -: 512];
wire         e0_bad  = e0_q[61];
wire [19:0]  e0_db   = e0_q[60:41];
wire [19:0]  e0_dbml = e0_q[40:21];
wire [19:0]  e0_tail = e0_q[20:1];
wire         e0_head = e0_q[0];

wire have_desc = fifo_cnt != 2'd0;
assign s_axis_rx_desc_tready = fifo_cnt != 2'd2;
wire push = s_axis_rx_desc_tvalid && fifo_cnt != 2'd2;

// fields of the head descriptor
wire [1:0]  h_proto  = e0_desc[MDD_DESC_PROTO_LSB +: MDD_DESC_PROTO_W];
wire        h_mrk_en = e0_desc[MDD_DESC_MRK_EN_LSB];
wire [18:0] h_period = e0_desc[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W];
wire [18:0] h_mpos   = e0_desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W];
wire [31:0] h_seq    = e0_desc[MDD_DESC_TCP_SEQ_LSB +: MDD_DESC_TCP_SEQ_W];
wire        h_iscsi  = h_proto == MDD_PROTO_ISCSI[1:0];

// -------------------------------------------------------------------------
// Transfer state and the chunk of the current beat
// -------------------------------------------------------------------------

reg         in_xfer = 1'b0;          // a transfer is in progress (its first word has left)
// offset and TCP sequence number of the current beat's first byte (its start, not the next part's: the
// beat's last part ends at start + the beat's kept lanes, one adder after the lane count, no select before it)
reg [31:0]  woffb_r = 32'd0;
reg [31:0]  seqb_r = 32'd0;
reg [18:0]  mpos_r = 19'd0;          // marker position of the next input byte
reg [7:0]   done_cnt = 8'd0;         // kept lanes of the current beat already emitted (a whole number of periods)
// while a beat is split (split_r): done_cnt + mrk_period (the inclusive rank that ends this part: c_lim_r, below)
// and the marker position minus done_cnt (the beat's rank 0 as a marker position), kept as registers so that the
// part's end and the next marker position are one compare and one add from the beat's count
reg         split_r = 1'b0;
reg [19:0]  mb_r = 20'd0;            // c_mb of the transfer's next part or beat

reg         m_valid_r = 1'b0;
wire        advance = m_ready || !m_valid_r;

// Stage A, the input register (D-068): the beat with its lane counts, computed from tkeep on the way in (the
// count is the whole path from the input into stage A; nothing after the register waits for it).  It takes a beat
// whenever it is empty or its beat's last part leaves, with or without a queued descriptor (the beat waits there
// for one).
reg           a_valid = 1'b0;
reg [8*W-1:0] a_data = {8*W{1'b0}};
reg [W-1:0]   a_keep = {W{1'b0}};
reg           a_last = 1'b0;
reg           a_user = 1'b0;
reg [8*W-1:0] a_rank = {8*W{1'b0}};    // lane i: kept lanes of the beat below lane i
reg [7:0]     a_total = 8'd0;          // kept lanes of the beat

wire [31:0] cur_woffb = in_xfer ? woffb_r : 32'd0;
wire [31:0] cur_seqb = in_xfer ? seqb_r : h_seq;
wire [31:0] cur_woff = cur_woffb + {24'd0, done_cnt};     // offset of this part's first byte
wire [18:0] cur_mpos = in_xfer ? mpos_r : h_mpos;
wire        chunking = h_mrk_en && !e0_bad;

// Lanes in parallel (D-040): each kept lane's rank k among the beat's remaining kept lanes comes from a
// prefix-count network; every per-lane decision is a compare of k with per-word thresholds, never a value
// carried from lane to lane.  The network counts the whole beat (the input alone); the parts of a split beat
// are ranges of those ranks, so the split state is the count emitted (done_cnt), not a lane mask, and the
// network stays out of the split loop.  Emitted lanes: those whose inclusive rank (kept lanes up to and
// including them) is at most done_cnt.
wire [8*W-1:0] s_rank;
wire [7:0]     s_total;

mdd_lane_count #(.W(W), .CW(8), .GATES(W >= 32 ? 1 : 0)) u_rank (.clk(clk), .en(1'b0),
    .mask(s_axis_rx_tkeep), .cnt_below(s_rank), .cnt_total(s_total));

wire [8*W-1:0] f_rank = a_rank;     // (registered in stage A)
wire [7:0]     f_total = a_total;
wire [7:0]     c_total = f_total - done_cnt;    // kept lanes of the remaining beat

// A count (0..W, 8 bits) against a 20-bit threshold, unsigned: the high bits' test runs beside the 8-bit compare
// instead of a 20-bit carry chain after the count.
function lt_u;
    input [7:0]  c;
    input [19:0] t;
    lt_u = t[19:8] != 12'd0 || c < t[7:0];
endfunction
function le_u;
    input [7:0]  c;
    input [19:0] t;
    le_u = t[19:8] != 12'd0 || c <= t[7:0];
endfunction
function eq_u;
    input [7:0]  c;
    input [19:0] t;
    eq_u = t[19:8] == 12'd0 && c == t[7:0];
endfunction

// A chunk takes at most mrk_period kept lanes: it ends before the kept lane of rank mrk_period.  c_lim is a
// register (while split_r done_cnt + mrk_period, else the head's period, made from their next values), so the part's end
// (c_final, then the FIFO's pop and the 512-bit head's enable) starts at a register, not at a select from the
// head descriptor.
reg  [19:0] c_lim_r = 20'd0;
wire [19:0] c_lim = c_lim_r;
wire [19:0] c_mb = in_xfer ? mb_r : {1'b0, h_mpos};     // = cur_mpos - done_cnt
wire        c_final = !chunking || le_u(f_total, c_lim);
wire [7:0]  c_nin = c_final ? c_total : h_period[7:0];

// Marker geometry of the chunk, per word: the kept lane of rank k in the chunk has marker position
// (cur_mpos + k) mod period, with k < period (at most one wrap, the chunking rule), so with
// d = period - cur_mpos (rank of the first byte after the wrap):
//   k <  d: position cur_mpos + k, a marker byte when k < ml - cur_mpos;
//   k >= d: position k - d, a marker byte when k < d + ml;
// and the byte before a wrap (k + 1 = d) is the one whose next wire byte starts a marker.
// The lanes' ranks are the beat's (f_rank = k + done_cnt), so the thresholds carry + done_cnt instead of the
// ranks carrying - done_cnt (no subtraction after the lane count): with c_mb = cur_mpos - done_cnt,
// d + done_cnt = period - c_mb, and (ml - cur_mpos) + done_cnt = ml - c_mb.
// (registers: the descriptor's beside it, the transfer's beside mb_r, their next values below)
reg  [19:0] db_r = 20'd0, dbml_r = 20'd0;
wire [19:0] c_db   = in_xfer ? db_r : e0_db;               // d + done_cnt = period - c_mb
wire [19:0] c_db_ml = in_xfer ? dbml_r : e0_dbml;         // d + done_cnt + ml
reg         head_r = 1'b0;
wire        c_head = in_xfer ? head_r : e0_head;            // the chunk starts inside a marker (cur_mpos < ml)
// (ml - cur_mpos) + done_cnt = ml - c_mb (a register, as db; negative outside a marker), used when c_head: then
// below ml + 256, 9 bits
reg  [19:0] tail_r = 20'd0;
wire [19:0] c_tail = in_xfer ? tail_r : e0_tail;
wire [8:0]  c_tailb9 = c_tail[8:0];

reg [W-1:0]   c_in;       // lanes of this chunk
reg [8*W-1:0] c_tag;
reg [4*W-1:0] c_aux;
reg [7:0]     l_k;     // the lane's rank in the beat
reg [7:0]     l_incl;
reg           l_done;
reg           l_wrap;
reg           l_mrk;
reg [2:0]     l_idx;
integer i;

always @* begin
    c_in = {W{1'b0}};
    c_tag = {W{TAG_VOID}};
    c_aux = {4*W{1'b0}};
    l_k = 8'd0; l_incl = 8'd0; l_done = 1'b0; l_wrap = 1'b0; l_mrk = 1'b0; l_idx = 3'd0;
    for (i = 0; i < W; i = i + 1) begin
        // kept lanes up to and including lane i: the next lane's rank (no adder after the lane count)
        l_incl = i == W - 1 ? f_total : f_rank[8*(i + 1) +: 8];
        l_done = done_cnt != 8'd0 && l_incl <= done_cnt;
        l_k = f_rank[8*i +: 8];
        // inside the chunk: not emitted yet, and no more than mrk_period kept lanes of the chunk up to and
        // including it (c_lim = done_cnt + mrk_period)
        c_in[i] = !l_done && !(chunking && !le_u(l_incl, c_lim));
        if (c_in[i] && a_keep[i] && !e0_bad) begin
            l_wrap = !lt_u(l_k, c_db);
            l_mrk = h_mrk_en && (l_wrap ? lt_u(l_k, c_db_ml) : c_head && {1'b0, l_k} < c_tailb9);
            l_idx = l_wrap ? l_k[2:0] - c_db[2:0] : c_mb[2:0] + l_k[2:0];
            if (l_mrk) begin
                c_tag[8*i +: 8] = TAG_MRK;
                c_aux[4*i +: 4] = {h_iscsi, l_idx};
            end else begin
                c_tag[8*i +: 8] = TAG_PAY;
                c_aux[4*i +: 4] = {3'd0, h_mrk_en && eq_u(l_k + 8'd1, c_db)};
            end
        end
    end
end

wire emit = a_valid && have_desc && advance;
wire beat_end = emit && c_final;
wire xfer_end = beat_end && a_last;
wire pop = xfer_end;

assign s_axis_rx_tready = !a_valid || beat_end;
wire load = s_axis_rx_tvalid && s_axis_rx_tready;

// marker position after the chunk (at most one period of bytes: one wrap)
// (a part that is not the beat's last takes one period: the position does not move)
// Both candidates in parallel with the lane count: c_mb + f_total, and c_mb - period + f_total when that is
// not negative (21 bits: c_mb is negative while a beat is split, the sum never is).
wire [20:0] c_mbm = {c_mb[19], c_mb} - {2'b0, h_period};
wire [19:0] mpos_sum = c_mb + {12'd0, f_total};
/* verilator lint_off UNUSEDSIGNAL */
wire [20:0] mpos_sub = c_mbm + {13'd0, f_total};
/* verilator lint_on UNUSEDSIGNAL */
wire [19:0] mpos_fin = mpos_sub[20] ? mpos_sum : mpos_sub[19:0];
// db / dbml after the chunk: period - (the next c_mb): a part that is not the beat's last leaves c_mb - period
// (db + period); the last part the marker position after the chunk, c_mb + total, less period if it wrapped
// (no wrap: mpos_sub < 0, i.e. the chunk's count below c_db). The three sums are formed from registers beside
// the two decisions (the part is the beat's last, the chunk wraps) and selected by them last.
wire        db_add_p = !c_final || !lt_u(f_total, c_db);
wire [19:0] db_split = c_db + {1'b0, h_period};
wire [19:0] db_wrap = db_split - {12'd0, f_total};
wire [19:0] db_nowrap = c_db - {12'd0, f_total};
wire [19:0] dbml_split = c_db_ml + {1'b0, h_period};
wire [19:0] dbml_wrap = dbml_split - {12'd0, f_total};
wire [19:0] dbml_nowrap = c_db_ml - {12'd0, f_total};
wire [19:0] db_next = !c_final ? db_split : db_add_p ? db_wrap : db_nowrap;
wire [19:0] dbml_next = !c_final ? dbml_split : db_add_p ? dbml_wrap : dbml_nowrap;
// ml - the next c_mb = dbml_next - period: c_dbml or c_tail (= c_dbml - period) less the chunk's count
wire [19:0] tail_wrap = c_db_ml - {12'd0, f_total};
wire [19:0] tail_nowrap = c_tail - {12'd0, f_total};
wire [19:0] tail_next = !c_final ? c_db_ml : db_add_p ? tail_wrap : tail_nowrap;
// the next chunk starts inside a marker: the position after the chunk below ml (a part that is not the last
// leaves the position): without a wrap c_mb + count < ml, i.e. count < ml - c_mb (c_tail, when not negative);
// with one c_mb - period + count < ml, i.e. count < c_db_ml
wire        head_next = !c_final ? c_head : db_add_p ? lt_u(f_total, c_db_ml) : !c_tail[19] && lt_u(f_total, c_tail);
// (below one period after the wrap: bit 19 is always 0)
/* verilator lint_off UNUSEDSIGNAL */
wire [19:0] mpos_next = c_final ? mpos_fin : {1'b0, cur_mpos};
/* verilator lint_on UNUSEDSIGNAL */
// offset / sequence number after the beat (its last part: c_nin = f_total - done_cnt kept lanes)
wire [31:0] woff_fin = cur_woffb + {24'd0, f_total};
wire [31:0] seq_next = cur_seqb + {24'd0, f_total};

// the descriptor leaving with this word: resume fields advanced on the transfer's last word
reg [511:0] c_desc;
always @* begin
    c_desc = e0_desc;
    if (a_last && c_final && !e0_bad) begin
        c_desc[MDD_DESC_TCP_SEQ_LSB +: MDD_DESC_TCP_SEQ_W] = seq_next;
        if (h_mrk_en) c_desc[MDD_DESC_MRK_POS_LSB +: MDD_DESC_MRK_POS_W] = mpos_fin[18:0];    // (c_final)
    end
end

// events: DESC on a failed transfer's first word; UPSTREAM on the first word of a tuser beat that has a
// kept byte (its offset; a beat without one has no offset: no event), none in a failed transfer
wire ev_desc = e0_bad && !in_xfer;
wire ev_up = a_user && done_cnt == 8'd0 && a_total != 8'd0 && !e0_bad;

// the head's marker period after this cycle (a pop moves to the other slot; a push into an empty FIFO is the head)
wire         wr_slot = rd_r ^ (fifo_cnt == 2'd1);
wire         rd_n = rd_r ^ pop;
localparam PER_LSB = QW - 512 + MDD_DESC_MRK_PERIOD_LSB;     // the period's place in a slot
wire [18:0]  period_n = push && wr_slot == rd_n ? nd[MDD_DESC_MRK_PERIOD_LSB +: MDD_DESC_MRK_PERIOD_W] :
                        rd_n ? q1[PER_LSB +: MDD_DESC_MRK_PERIOD_W] : q0[PER_LSB +: MDD_DESC_MRK_PERIOD_W];

always @(posedge clk) begin
    if (rst) begin
        a_valid <= 1'b0;
        fifo_cnt <= 2'd0;
        in_xfer <= 1'b0;
        done_cnt <= 8'd0;
        split_r <= 1'b0;
    end else begin
        if (load) begin
            a_valid <= 1'b1;
        end else if (beat_end) begin
            a_valid <= 1'b0;
        end
        fifo_cnt <= fifo_cnt + {1'b0, push} - {1'b0, pop};
        if (emit) begin
            in_xfer <= !xfer_end;
            done_cnt <= c_final ? 8'd0 : done_cnt + h_period[7:0];    // a part that is not the last: mrk_period
            split_r <= !c_final;
            mb_r <= c_final ? mpos_next : c_mb - {1'b0, h_period};
            db_r <= db_next;
            dbml_r <= dbml_next;
            tail_r <= tail_next;
            head_r <= head_next;
        end
    end
    if (load) begin
        a_data <= s_axis_rx_tdata;
        a_keep <= s_axis_rx_tkeep;
        a_last <= s_axis_rx_tlast;
        a_user <= s_axis_rx_tuser;
        a_rank <= s_rank;
        a_total <= s_total;
    end
    if (emit) begin
        woffb_r <= c_final ? woff_fin : cur_woffb;
        seqb_r <= c_final ? seq_next : cur_seqb;
        mpos_r <= mpos_next[18:0];
    end
    // FIFO entries: the next value with and without a pop is selected by pop last (pop waits for the beat's
    // lane count through c_final; the rest is ready earlier).  A pop needs a queued entry, a push a free one.
    c_lim_r <= (emit ? !c_final : split_r) && !rst ? (emit ? c_lim + {1'b0, h_period} : c_lim) :
               {1'b0, period_n};
    if (push && !wr_slot)
        q0 <= nd_q;
    if (push && wr_slot)
        q1 <= nd_q;
    rd_r <= rst ? 1'b0 : rd_n;
end

// -------------------------------------------------------------------------
// Output register
// -------------------------------------------------------------------------

reg [8*W-1:0] m_data_r = {8*W{1'b0}};
reg [8*W-1:0] m_tag_r = {8*W{1'b0}};
reg [4*W-1:0] m_aux_r = {4*W{1'b0}};
reg           m_first_r = 1'b0;
reg           m_last_r = 1'b0;
reg [31:0]    m_woff_r = 32'd0;
reg [7:0]     m_nin_r = 8'd0;
reg           m_dbad_r = 1'b0;
reg [511:0]   m_desc_r = 512'd0;
reg           m_err_v_r = 1'b0;
reg [7:0]     m_err_code_r = 8'd0;
reg [31:0]    m_err_off_r = 32'd0;
reg [15:0]    m_emap_r = 16'd0;
reg [7:0]     m_ecnt_r = 8'd0;

always @(posedge clk) begin
    if (rst) begin
        m_valid_r <= 1'b0;
    end else if (advance) begin
        m_valid_r <= a_valid && have_desc;
    end
    if (emit) begin
        m_data_r <= a_data;
        m_tag_r <= c_tag;
        m_aux_r <= c_aux;
        m_first_r <= !in_xfer;
        m_last_r <= a_last && c_final;
        m_woff_r <= cur_woff;
        m_nin_r <= c_nin;
        m_dbad_r <= e0_bad;
        m_desc_r <= c_desc;
        m_err_v_r <= ev_desc || ev_up;
        m_err_code_r <= ev_desc ? MDD_ERR_DESC[7:0] : ev_up ? MDD_ERR_UPSTREAM[7:0] : 8'd0;
        m_err_off_r <= ev_desc ? 32'd0 : ev_up ? cur_woff : 32'd0;
        m_emap_r <= (ev_desc ? 16'd1 << MDD_ERR_DESC : 16'd0) | (ev_up ? 16'd1 << MDD_ERR_UPSTREAM : 16'd0);
        m_ecnt_r <= {7'd0, ev_desc} + {7'd0, ev_up};
    end
end

assign m_valid = m_valid_r;
assign m_data = m_data_r;
assign m_tag = m_tag_r;
assign m_aux = m_aux_r;
assign m_first = m_first_r;
assign m_last = m_last_r;
assign m_woff = m_woff_r;
assign m_nin = m_nin_r;
assign m_dbad = m_dbad_r;
assign m_desc = m_desc_r;
assign m_xflags = 8'd0;
assign m_err_v = m_err_v_r;
assign m_err_code = m_err_code_r;
assign m_err_byte = 8'd0;
assign m_err_off = m_err_off_r;
assign m_err_unit = 32'd0;
assign m_err_exp = 64'd0;
assign m_err_got = 64'd0;
assign m_emap = m_emap_r;
assign m_ecnt = m_ecnt_r;

endmodule

`resetall

// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage D: the DIF counter.
 *
 * The third of the four stages of the staged generator (docs/timing.md
 * section 4, D-073; not instantiated yet: its twin model/mdd_txg_d_model.c
 * runs inside the staged twin, model/mdd_txg_staged.c, where the lane walk
 * checks every word).  D takes stage P's parts (lanes [lo, hi) of M's word)
 * and makes P's DATA lanes payload (PAY) or PI, flags the block end (EB), and
 * under CHECK_STRIP inserts the host's PI (SPI lanes) after each block.
 *
 * A data lane's place in the protection block is dc, the part's DATA lanes
 * before it (from P, counted from lo), against one registered bound e: the dc
 * of the next block end at or after D's next data lane.  Every other bound
 * is e plus a constant and is kept as a register of its own that moves with
 * e: without STRIP dc <= e - blk is the previous block's PI, e + 1 .. e + pi
 * this block's; the next block end (e + blk + pi, STRIP e + blk) ends the
 * word, so a word holds one EB.  A word that takes its EB adds blk + pi
 * (STRIP blk) to every bound, a word taken to the part's end subtracts the
 * part's data count dc_n: four candidates per bound, selected last.
 *
 * CHECK_STRIP: kp counts SPI lanes due in front of the first pi_here lane (a
 * transfer resumed inside the PI, a run cut by the word's end); the run after
 * the EB goes in front of the lane after the EB lane.  An input lane i then
 * moves by ins = 0, kp, pi or kp + pi to output lane i - first + ins (first:
 * D's first lane of the part); a lane pushed past W ends the word and the part
 * is taken on from it in the next cycle.  This block makes the decisions per
 * input lane and the SPI runs' places; the compaction into the output word is
 * the caller's (mdd_txg_d_compact in the twin).
 *
 * Ports: load takes a transfer's DIF operation, BLK_LEN, the PI length (8 or
 * 16) and DIF_POS; go says P's part is at the input and D's output has room.
 * Outputs: v (a word), pop (it takes the part to its end), first, next (input
 * lanes [first, next) are in it), n (output lanes), per input lane take, eb,
 * cls (D's: PAY or PI for DATA lanes, else P's), aux (the PI byte), ins; the
 * runs r1 (kp's, PI bytes from pi - kp) and r2 (after the EB, from 0) as output
 * lane and length, their lanes p1 and p2 (hi if none); q, the DIF position at
 * the word's first lane; e and kp.  rst clears the state.
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_d #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 load,
    input  wire [2:0]           ld_op,
    input  wire [15:0]          ld_blk,
    input  wire [4:0]           ld_pi,
    input  wire [16:0]          ld_dif_pos,
    input  wire                 go,
    input  wire [NW-1:0]        lo,
    input  wire [NW-1:0]        hi,
    input  wire [4*W-1:0]       cls,
    input  wire [W-1:0]         pi_here,
    input  wire [NW*W-1:0]      dc,
    input  wire [NW-1:0]        dc_n,
    output wire                 v,
    output wire                 pop,
    output wire [NW-1:0]        first,
    output wire [NW-1:0]        next,
    output wire [NW-1:0]        n,
    output wire [W-1:0]         take,
    output wire [W-1:0]         eb,
    output wire [4*W-1:0]       ocls,
    output wire [4*W-1:0]       aux,
    output wire [6*W-1:0]       ins,
    output wire [NW-1:0]        r1_pos,
    output wire [4:0]           r1_len,
    output wire [NW-1:0]        r2_pos,
    output wire [4:0]           r2_len,
    output wire [NW-1:0]        p1,
    output wire [NW-1:0]        p2,
    output wire [16:0]          q,
    output wire [EW-1:0]        e,
    output wire [4:0]           kp
);

localparam NW = $clog2(W + 1);
// bounds: e < 2 * 2^16 + 16 + 64; e - blk - pi can be below 0 by up to 2^16 + 16: 20 bits signed
localparam EW = 20;
// lane positions and counts, signed: W + first + kp + pi < 2^9
localparam XW = 10;
localparam [31:0] W32 = W;
localparam [XW-1:0] WX = W32[XW-1:0];

localparam [3:0] L_DATA = 4'd4, L_PAY = 4'd5, L_PI = 4'd6;
localparam [2:0] OP_NONE = 3'd0, OP_STRIP = 3'd3;

// configuration
reg        none_r = 1'b1, strip_r = 1'b0;
reg [15:0] blk_r = 16'd0;
reg [4:0]  pi_r = 5'd0;
reg [16:0] q0_r = 17'd0;
reg [EW-1:0] step_r = {EW{1'b0}};  // what a word that takes its EB adds: blk + pi, STRIP blk
// the loop
reg          mid_r = 1'b0;
reg [NW-1:0] j_r = {NW{1'b0}};
reg [4:0]    kp_r = 5'd0;
// the bounds (signed): e; e - blk (the previous block's PI up to it); e + pi (this block's PI up to it); the
// second block end (the word's stop); e - blk - pi + 1 and e + 1 (the PIs' first bytes, for aux)
localparam NBD = 6;
localparam BD_E = 0, BD_PREV = 1, BD_PI = 2, BD_STOP = 3, BD_PREV0 = 4, BD_PI0 = 5;
reg [EW-1:0] bd_r [0:NBD-1];

wire [NW-1:0] first_w = mid_r ? j_r : lo;
assign first = first_w;
assign e = bd_r[BD_E];
assign kp = kp_r;

// a lane's dc against a bound: the bound's high bits as "at least 2^NW" and "below 0" flags beside an NW-bit
// compare (dc is at most W)
function lt_b;   // dc < bound
    input [NW-1:0] d;
    input [EW-1:0] bnd;
    begin
        lt_b = !bnd[EW-1] && (|bnd[EW-2:NW] || d < bnd[NW-1:0]);
    end
endfunction
function eq_b;   // dc == bound
    input [NW-1:0] d;
    input [EW-1:0] bnd;
    begin
        eq_b = !(|bnd[EW-1:NW]) && d == bnd[NW-1:0];
    end
endfunction

wire [XW-1:0] first_x = {{(XW-NW){1'b0}}, first_w};
wire [XW-1:0] hi_x = {{(XW-NW){1'b0}}, hi};
wire [XW-1:0] kp_x = {{(XW-5){1'b0}}, kp_r};
wire [XW-1:0] pi_x = {{(XW-5){1'b0}}, pi_r};
wire          act = go && !load && first_w < hi;

// the output lane limit per insertion class: lane i fits if i < W + first - ins
wire [XW-1:0] t_fit0 = WX + first_x;
wire [XW-1:0] t_fit1 = t_fit0 - kp_x;
wire [XW-1:0] t_fit2 = t_fit0 - pi_x;
wire [XW-1:0] t_fit3 = t_fit1 - pi_x;

wire [W-1:0] inpart, data, front, behind2, fit, ok, is_eb, pi_cls;
// prefix OR of pi_here over the part: kp's run goes in front of the first pi_here lane
reg [W-1:0] pre_pi;
integer pk;
always @* begin
    pre_pi[0] = pi_here[0] && inpart[0];
    for (pk = 1; pk < W; pk = pk + 1)
        pre_pi[pk] = pre_pi[pk-1] || (pi_here[pk] && inpart[pk]);
end
genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [XW-1:0] LI = gi;
        wire [NW-1:0] d = dc[NW*gi +: NW];
        assign inpart[gi] = first_w <= gi && hi > gi;
        assign data[gi] = cls[4*gi +: 4] == L_DATA;
        assign front[gi] = kp_r != 5'd0 && pre_pi[gi];
        assign behind2[gi] = strip_r && !lt_b(d, bd_r[BD_E]) && !eq_b(d, bd_r[BD_E]);
        assign fit[gi] = front[gi] ? (behind2[gi] ? $signed(LI) < $signed(t_fit3) : $signed(LI) < $signed(t_fit1))
                                   : (behind2[gi] ? $signed(LI) < $signed(t_fit2) : $signed(LI) < $signed(t_fit0));
        // before the second block end: data lanes with dc < stop, others with dc <= stop
        assign ok[gi] = none_r || (data[gi] ? lt_b(d, bd_r[BD_STOP]) : lt_b(d, bd_r[BD_STOP]) || eq_b(d, bd_r[BD_STOP]));
        assign is_eb[gi] = !none_r && data[gi] && eq_b(d, bd_r[BD_E]);
        assign take[gi] = act && inpart[gi] && fit[gi] && ok[gi];
        assign eb[gi] = take[gi] && is_eb[gi];
        // PI without STRIP: dc <= e - blk (the previous block's), e < dc <= e + pi (this block's)
        wire prev_pi = !lt_b(d, bd_r[BD_PREV]) ? eq_b(d, bd_r[BD_PREV]) : 1'b1;
        wire this_pi = !lt_b(d, bd_r[BD_E]) && !eq_b(d, bd_r[BD_E]) && (lt_b(d, bd_r[BD_PI]) || eq_b(d, bd_r[BD_PI]));
        assign pi_cls[gi] = !none_r && !strip_r && data[gi] && (prev_pi || this_pi);
        assign ocls[4*gi +: 4] = !take[gi] ? 4'd0 : !data[gi] ? cls[4*gi +: 4] : pi_cls[gi] ? L_PI : L_PAY;
        wire [3:0] d4;   // dc's low 4 bits (W = 4: dc has 3)
        if (NW >= 4) begin : g_d4
            assign d4 = d[3:0];
        end else begin : g_d4z
            assign d4 = {{(4-NW){1'b0}}, d};
        end
        wire [3:0] aux_prev = d4 - bd_r[BD_PREV0][3:0];
        wire [3:0] aux_this = d4 - bd_r[BD_PI0][3:0];
        assign aux[4*gi +: 4] = take[gi] && pi_cls[gi] ? (lt_b(d, bd_r[BD_E]) ? aux_prev : aux_this) : 4'd0;
        assign ins[6*gi +: 6] = !take[gi] ? 6'd0 : (front[gi] ? {1'b0, kp_r} : 6'd0) + (behind2[gi] ? {1'b0, pi_r} : 6'd0);
    end
endgenerate

// the first lane not taken (hi if the word takes the part to its end); the runs' lanes
reg [NW-1:0] next_w, p1_w, eb_lane_w;
reg          any_front, any_eb;
integer k;
always @* begin
    next_w = hi;
    p1_w = hi;
    eb_lane_w = {NW{1'b0}};
    any_front = 1'b0;
    any_eb = 1'b0;
    for (k = W - 1; k >= 0; k = k - 1) begin
        if (inpart[k] && !take[k])
            next_w = k[NW-1:0];
        if (inpart[k] && front[k])
            p1_w = k[NW-1:0];
    end
    for (k = 0; k < W; k = k + 1) begin
        any_front = any_front | (front[k] & inpart[k]);
        if (eb[k]) begin
            eb_lane_w = eb_lane_w | k[NW-1:0];
            any_eb = 1'b1;
        end
    end
end
wire took_eb = any_eb;
// the lane after the EB lane, if in the part
wire [XW-1:0] p2_x = {{(XW-NW){1'b0}}, eb_lane_w} + 1'b1;
wire          p2_in = strip_r && took_eb && p2_x < hi_x;
wire [NW-1:0] p2_w = p2_in ? p2_x[NW-1:0] : hi;
assign p1 = act ? p1_w : hi;
assign p2 = p2_w;
assign next = act ? next_w : first_w;

// kp's run: laid out when its lane is in the part (the lanes before it all fit), cut at W
wire          r1_on = act && any_front;
wire [XW-1:0] r1_pos_x = {{(XW-NW){1'b0}}, p1_w} - first_x;
wire [XW-1:0] r1_room = WX - r1_pos_x;
wire [4:0]    r1_len_w = !r1_on ? 5'd0 : r1_room < kp_x ? r1_room[4:0] : kp_r;
// the EB's run: laid out when the EB lane is in the word and a lane follows it in the part
wire [XW-1:0] r2_pos_x = p2_x - first_x + (r1_on ? kp_x : {XW{1'b0}});
wire [XW-1:0] r2_room = WX - r2_pos_x;
wire [4:0]    r2_len_w = !p2_in || $signed(r2_room) <= 0 ? 5'd0 : r2_room < pi_x ? r2_room[4:0] : pi_r;
assign r1_pos = r1_on ? r1_pos_x[NW-1:0] : {NW{1'b0}};
assign r1_len = r1_len_w;
assign r2_pos = p2_in ? r2_pos_x[NW-1:0] : {NW{1'b0}};
assign r2_len = r2_len_w;

// output lanes: the lanes taken and the runs' lanes
wire [XW-1:0] n_x = {{(XW-NW){1'b0}}, next} - first_x + {{(XW-5){1'b0}}, r1_len_w} + {{(XW-5){1'b0}}, r2_len_w};
assign n = n_x[NW-1:0];
assign v = act && n_x != {XW{1'b0}};
assign pop = v && next == hi;

// the DIF position at the word's first lane
wire [NW-1:0] d0 = dc[NW*first_w +: NW];
wire [EW-1:0] q_x = {{(EW-16){1'b0}}, blk_r} - 1'b1 - (bd_r[BD_E] - {{(EW-NW){1'b0}}, d0});
wire [EW-1:0] q_w = $signed(q_x) < 0 ? q_x + step_r : q_x;
wire [EW-18:0] q_w_unused = q_w[EW-1:17];   // a DIF position is below 2^17
assign q = !act ? 17'd0 : none_r ? q0_r : kp_r != 5'd0 ? {1'b0, blk_r} + {12'd0, pi_r} - {12'd0, kp_r} : q_w[16:0];

// the next kp: kp's run still due if its lane is not in the word; else the EB's run if its lane is not
wire p1_taken = |(front & take);
wire [W-1:0] p2_onehot = {{(W-1){1'b0}}, 1'b1} << p2_w;
wire p2_taken = p2_in && |(take & p2_onehot);
wire [4:0] kp_next = !strip_r ? 5'd0
                   : kp_r != 5'd0 && !p1_taken ? kp_r - r1_len_w
                   : took_eb && !p2_taken ? pi_r - r2_len_w : 5'd0;

// load: the bounds from DIF_POS
wire [EW-1:0] blk_x = {{(EW-16){1'b0}}, ld_blk};
wire [EW-1:0] ldpi_x = {{(EW-5){1'b0}}, ld_pi};
wire [EW-1:0] qd_x = {{(EW-17){1'b0}}, ld_dif_pos};
wire          ld_strip = ld_op == OP_STRIP;
wire          ld_in_pi = qd_x >= blk_x;
wire [EW-1:0] ld_e = ld_strip && ld_in_pi ? blk_x - 1'b1
                   : !ld_in_pi ? blk_x - 1'b1 - qd_x : blk_x + ldpi_x - qd_x + blk_x - 1'b1;
wire [EW-1:0] ld_step = ld_strip ? blk_x : blk_x + ldpi_x;
wire [4:0]    ld_kp = ld_strip && ld_in_pi ? blk_x[4:0] + ld_pi - qd_x[4:0] : 5'd0;

// every bound's next value: kept, + step, - dc_n, + step - dc_n, selected by the decisions
wire [EW-1:0] dcn_x = {{(EW-NW){1'b0}}, dc_n};
integer bi;
always @(posedge clk) begin
    if (rst) begin
        none_r <= 1'b1;
        strip_r <= 1'b0;
        blk_r <= 16'd0;
        pi_r <= 5'd0;
        q0_r <= 17'd0;
        step_r <= {EW{1'b0}};
        mid_r <= 1'b0;
        j_r <= {NW{1'b0}};
        kp_r <= 5'd0;
        for (bi = 0; bi < NBD; bi = bi + 1)
            bd_r[bi] <= {EW{1'b0}};
    end else if (load) begin
        none_r <= ld_op == OP_NONE;
        strip_r <= ld_strip;
        blk_r <= ld_blk;
        pi_r <= ld_pi;
        q0_r <= ld_dif_pos;
        step_r <= ld_step;
        mid_r <= 1'b0;
        j_r <= {NW{1'b0}};
        kp_r <= ld_kp;
        bd_r[BD_E] <= ld_e;
        bd_r[BD_PREV] <= ld_e - blk_x;
        bd_r[BD_PI] <= ld_e + ldpi_x;
        bd_r[BD_STOP] <= ld_e + ld_step;
        bd_r[BD_PREV0] <= ld_e - blk_x - ldpi_x + 1'b1;
        bd_r[BD_PI0] <= ld_e + 1'b1;
    end else if (v) begin
        kp_r <= kp_next;
        mid_r <= !pop;
        j_r <= pop ? {NW{1'b0}} : next;
        for (bi = 0; bi < NBD; bi = bi + 1)
            bd_r[bi] <= bd_r[bi] + (took_eb ? step_r : {EW{1'b0}}) - (pop ? dcn_x : {EW{1'b0}});
    end
end

endmodule

`resetall

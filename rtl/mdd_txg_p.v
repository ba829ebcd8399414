// SPDX-License-Identifier: MIT
`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * Staged TX generator, stage P: the PDU fields of stage M's lanes.
 *
 * The second of the four stages of the staged generator (docs/timing.md
 * section 4; not instantiated yet: its twin model/mdd_txg_p_model.c runs
 * inside the staged twin, model/mdd_txg_staged.c, checked there against the
 * lane walk).  Each lane of M's word is classified from registers, with no
 * lane walk: the lane's non-marker prefix count pc (an input, registered by
 * M's FIFO) is compared with the PDU's bounds kept as "adjusted" values, the
 * pc at which each bound falls in the current word: b (the current PDU's
 * offset 0: a lane's PDU offset is pc - b), a_hdr, a_ps, a_pe, a_pde, a_lc,
 * a_len (header end, payload start and end, pad end, last covered byte,
 * PDU end).  A word taken to its end shifts them all by its non-marker
 * count; a part ending inside a word leaves them as they are.
 *
 * A part is the word's lanes from lo with pc < a_stop (a thermometer):
 * a_stop is the need point of a self-framing header whose lengths are not
 * known yet (b + np), the next PDU's need point after a known one
 * (a_len + np), or the host byte after a descriptor-framed PDU (a_len + 1:
 * the part's last lane, AFTER, and P halts).  Lengths come from the
 * descriptor at load or from F's parse (pr_v): into the layout registers
 * (the bounds as PDU offsets) in one cycle, into the adjusted bounds in the
 * next (rl; no part in that cycle).
 *
 * Depth: each bound is a 28-bit register with a 9-bit clamped copy (to
 * [-64, 191]: the same answer as the full value for every compare with a
 * pc of 0..64, also with a small constant added), so every lane compare is
 * 9 bits wide; bounds the lanes compare with at +-1, -4, +ll are registers
 * of their own.  The next value of each is one of four candidates (kept,
 * shifted by the word's non-marker count, or the next PDU's, either way)
 * computed beside the decision and selected by it: the decision (a part
 * taking the word's last lane: the last lane's pc below a_stop) is one
 * compare of registered values.
 *
 * Ports: load takes a transfer's configuration and start state; pr_v F's
 * lengths of the current self-framing header; go: M's word is at the input
 * (n lanes, per lane mrk, mnext, the marker byte mb and pc, the pc of lane
 * n - 1, pc_l, and the word's non-marker count pc_n) and P's output has room.  Outputs: v (a part [lo, hi) is laid out),
 * pop (it ends at the word's end), per lane the class (4 bits, the twin's
 * MDD_TXG_L_*), flags {EP, ED, EH}, aux, pi_here, boundary, parse, early
 * (PDU offset at or below the last length byte) and the offset's low 3 bits,
 * all 0 outside the part; per word b, a_len, lk, wb (MPA: the lane of this
 * word at which the current FPDU started, mod 2^16), fw (otherwise
 * FPDU_WOFF) and pdus (PDUs ended before lane lo).
 *
 * Parameters: W, bytes per word (4, 8, 16, 32 or 64).
 */
module mdd_txg_p #(
    parameter W = 8
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 load,
    input  wire                 ld_raw,
    input  wire                 ld_self,
    input  wire                 ld_mpa,
    input  wire                 ld_hdig,
    input  wire                 ld_ddig,
    input  wire [7:0]           ld_ulp,
    input  wire [3:0]           ld_ml,
    input  wire [24:0]          ld_pdu_off,
    input  wire [11:0]          ld_hdr_len,
    input  wire [23:0]          ld_data_len,
    input  wire [15:0]          ld_fpdu_woff,
    input  wire                 pr_v,
    input  wire [11:0]          pr_hl,
    input  wire [23:0]          pr_dl,
    input  wire                 go,
    input  wire [NW-1:0]        n,
    input  wire [W-1:0]         mrk,
    input  wire [W-1:0]         mnext,
    input  wire [3*W-1:0]       mb,
    input  wire [NW*W-1:0]      pc,
    input  wire [NW-1:0]        pc_l,
    input  wire [NW-1:0]        pc_n,
    output wire                 v,
    output wire                 pop,
    output wire [NW-1:0]        lo,
    output wire [NW-1:0]        hi,
    output wire [4*W-1:0]       cls,
    output wire [3*W-1:0]       flags,
    output wire [4*W-1:0]       aux,
    output wire [W-1:0]         pi_here,
    output wire [W-1:0]         boundary,
    output wire [W-1:0]         parse,
    output wire [W-1:0]         early,
    output wire [3*W-1:0]       plow,
    output wire [AW-1:0]        b,
    output wire [AW-1:0]        a_len,
    output wire                 lk,
    output wire [15:0]          wb,
    output wire [15:0]          fw,
    output wire [31:0]          pdus
);

localparam NW = $clog2(W + 1);
// adjusted bounds: PDU lengths are below 2^26, offsets below 2^25, so pc - offset and bound + pc fit 28 bits signed
localparam AW = 28;
localparam CW = 9;

// lane classes (model/mdd_tx_gen_int.h, MDD_TXG_L_*)
localparam [3:0] L_MRK = 4'd1, L_HDR = 4'd2, L_HDIG = 4'd3, L_DATA = 4'd4, L_PAD = 4'd7, L_DDIG = 4'd8,
                 L_AFTER = 4'd9;

// the bounds (index: what it is, as a PDU offset)
localparam NB = 16;
localparam B_B = 0, B_B1 = 1, B_BLL = 2,          // 0, 1, the last length byte (the current PDU's or the next's)
           B_HDR = 3, B_HDR1 = 4, B_PS = 5, B_PE = 6, B_PDE = 7, B_LC = 8,
           B_LEN = 9, B_LEN1 = 10, B_LEN4 = 11, B_LENP1 = 12, B_LENLL = 13,
           B_STOP = 14, B_LENNP = 15;              // a_stop, and the next PDU's need point

// configuration
reg        raw_r = 1'b0, self_r = 1'b0, mpa_r = 1'b0, hdig_r = 1'b0, ddig_r = 1'b0;
reg [7:0]  ulp_r = 8'd0;
reg [3:0]  ml_r = 4'd0;
reg [8:0]  np_r = 9'd0;   // the need point (MPA: up to 256)
// the loop
reg [W-1:0]  live_r = {W{1'b1}};   // lanes at or after lo
reg [NW-1:0] pc_lo_r = {NW{1'b0}}; // pc of lane lo
reg        lk_r = 1'b0, rl_r = 1'b0, halt_r = 1'b0;
reg        lc_v_r = 1'b0;
reg [15:0] wb_r = 16'd0, fw_r = 16'd0;
reg [31:0] pdus_r = 32'd0;
// layout registers: the bounds B_HDR.. as PDU offsets
reg [AW-1:0] l_r [B_HDR:NB-1];
reg        l_lc_v_r = 1'b0;
// the parse register
reg        pr_v_r = 1'b0;
reg [11:0] pr_hl_r = 12'd0;
reg [23:0] pr_dl_r = 24'd0;

// the bounds: full value and clamped copy
wire signed [AW-1:0] a_w [0:NB-1];
wire signed [CW-1:0] c_w [0:NB-1];

// ---- the part --------------------------------------------------------------------------------------------

wire part_en = go && !rl_r && !halt_r;
wire signed [CW-1:0] pc_l_s = $signed({{(CW - NW){1'b0}}, pc_l});
wire signed [CW-1:0] pc_n_s = $signed({{(CW - NW){1'b0}}, pc_n});
wire signed [CW-1:0] pc_lo_s = $signed({{(CW - NW){1'b0}}, pc_lo_r});
assign v = part_en && (raw_r || pc_lo_s < c_w[B_STOP]);
assign pop = part_en && (raw_r || pc_l_s < c_w[B_STOP]);

wire [W-1:0] below;      // pc < a_stop (raw: every lane), a thermometer
wire [W-1:0] in_word;    // lane < n
wire [W-1:0] in_part;
wire [W-1:0] before_len; // pc < a_len: up to the EP lane

genvar gi;
generate
    for (gi = 0; gi < W; gi = gi + 1) begin : g_lane
        localparam [NW-1:0] LI = gi;
        wire [NW-1:0]       pcu = pc[gi*NW +: NW];
        wire signed [CW-1:0] pci = $signed({{(CW - NW){1'b0}}, pcu});
        wire [2:0]          mbi = mb[3*gi +: 3];
        assign in_word[gi] = LI < n;
        assign below[gi] = raw_r || pci < c_w[B_STOP];
        assign in_part[gi] = part_en && in_word[gi] && below[gi] && live_r[gi];
        assign before_len[gi] = pci < c_w[B_LEN];

        wire aft = lk_r && !before_len[gi];
        wire known = lk_r && before_len[gi];
        wire at0 = aft ? pci == c_w[B_LEN] : pci == c_w[B_B];
        wire early_i = self_r && !known && (aft ? pci <= c_w[B_LENLL] : pci <= c_w[B_BLL]);
        wire pih = raw_r || at0 || (known && pci >= c_w[B_PS] && pci <= c_w[B_PE]);
        wire mk = mrk[gi];
        wire between = known && mpa_r && ddig_r && !at0 && pci > c_w[B_LEN4];
        wire ed_m = known && mpa_r && ddig_r && {1'b0, mbi} == ml_r - 4'd1 && !at0 && pci == c_w[B_LEN4];
        wire ed_d = known && lc_v_r && pci == c_w[B_LC] && !(mpa_r && ddig_r && mnext[gi]);
        wire eh_k = known && pci == c_w[B_HDR1];
        wire ep_k = known && pci == c_w[B_LEN1];
        wire eh_u = !known && mpa_r && ulp_r == 8'd0 && (aft ? pci == c_w[B_LENP1] : pci == c_w[B_B1]);
        wire [2:0] base_lo = aft ? a_w[B_LEN][2:0] : a_w[B_B][2:0];

        reg [3:0] c;
        reg [2:0] f;
        reg [3:0] x;
        always @* begin
            c = L_HDR;
            f = 3'd0;
            x = 4'd0;
            if (raw_r) begin
                c = L_DATA;
            end else if (mk) begin
                c = L_MRK;
                f = {1'b0, ed_m, 1'b0};
                x = {!(mpa_r && !between), mbi};
            end else if (aft && !self_r) begin
                c = L_AFTER;
            end else if (known) begin
                if (pci < c_w[B_HDR]) begin
                    c = L_HDR;
                end else if (pci < c_w[B_PS]) begin
                    c = L_HDIG;
                    x = {2'b00, pcu[1:0] - a_w[B_HDR][1:0]};
                end else if (pci < c_w[B_PE]) begin
                    c = L_DATA;
                end else if (pci < c_w[B_PDE]) begin
                    c = L_PAD;
                end else begin
                    c = L_DDIG;
                    x = {2'b00, pcu[1:0] - a_w[B_PDE][1:0]};
                end
                f = {ep_k, ed_d, eh_k};
            end else begin
                c = L_HDR;
                f = {2'b00, eh_u};
            end
        end

        wire ip = in_part[gi];
        wire nr = ip && !raw_r;
        assign cls[4*gi +: 4] = ip ? c : 4'd0;
        assign flags[3*gi +: 3] = ip ? f : 3'd0;
        assign aux[4*gi +: 4] = ip ? x : 4'd0;
        assign pi_here[gi] = ip && pih;
        assign boundary[gi] = nr && mk && at0;
        assign parse[gi] = nr && !mk && !known && !(aft && !self_r) && early_i;
        assign early[gi] = nr && early_i;
        assign plow[3*gi +: 3] = nr ? pcu[2:0] - base_lo : 3'd0;
    end
endgenerate

// Thermometer ends as lane counts: a one-hot edge, OR-encoded.
function [NW-1:0] therm_count;   // lanes set in a thermometer that starts at lane 0
    input [W-1:0] t;
    integer i;
    begin
        therm_count = {NW{1'b0}};
        for (i = 0; i < W; i = i + 1)
            if (t[i] && (i == W - 1 || !t[(i + 1) % W])) therm_count = therm_count | (i[NW-1:0] + 1'b1);
    end
endfunction

wire [NW-1:0] hi_c = therm_count(below & in_word);   // the part ends where pc reaches a_stop, or at n
wire [NW-1:0] e1_c = therm_count(before_len & in_word); // the lane after the EP lane
wire [NW-1:0] lo_c = therm_count(~live_r);

assign lo = lo_c;
assign hi = v ? hi_c : lo_c;
assign b = a_w[B_B];
assign a_len = a_w[B_LEN];
assign lk = lk_r;
assign wb = wb_r;
assign fw = fw_r;
assign pdus = pdus_r;

// ---- the next state --------------------------------------------------------------------------------------

// EP in the part: a split part with the lengths known always holds it (a_stop is past a_len); a part to the
// word's end when the word's non-marker count reaches a_len
wire ep = lk_r && c_w[B_LEN] >= 1 && (!pop || pc_n_s >= c_w[B_LEN]);
wire upd = v && !raw_r;
wire next_pdu = upd && ep && self_r;   // the b family and a_stop move to the next PDU's

wire [8:0] ld_np = ld_mpa ? (ld_ulp == 8'd0 ? 9'd2 : {1'b0, ld_ulp} + 9'd1) : 9'd47;
wire       ld_lk = !ld_raw && (!ld_self || ld_pdu_off > (ld_mpa ? 25'd1 : 25'd7));
wire signed [AW-1:0] ld_b = -$signed({{(AW - 25){1'b0}}, ld_pdu_off});

// the layout of a PDU's lengths, from the descriptor at load or from the parse register: each bound is
// hl, or hl + dl, plus a small constant
wire        lay_hdig = load ? ld_hdig : hdig_r;
wire        lay_ddig = load ? ld_ddig : ddig_r;
wire        lay_mpa = load ? ld_mpa : mpa_r;
wire        lay_self = load ? ld_self : self_r;
wire [11:0] lay_ll = lay_mpa ? 12'd1 : 12'd7;
wire [11:0] lay_np = {3'd0, load ? ld_np : np_r};
wire [11:0] lay_hl = load ? ld_hdr_len : pr_hl_r;
wire [23:0] lay_dl = load ? ld_data_len : pr_dl_r;
wire [1:0]  lay_pad = 2'd0 - lay_hl[1:0] - lay_dl[1:0];
wire [11:0] lay_hd = lay_hdig ? 12'd4 : 12'd0;
wire [11:0] lay_tail = lay_hd + {10'd0, lay_pad} + (lay_ddig && (lay_mpa || lay_dl != 24'd0) ? 12'd4 : 12'd0);
wire [AW-1:0] lay_hl_w = {{(AW - 12){1'b0}}, lay_hl};
wire [AW-1:0] lay_s = lay_hl_w + {{(AW - 24){1'b0}}, lay_dl};
wire        lay_lc_v = lay_pad != 2'd0 || lay_dl != 24'd0 || lay_mpa;
function [AW-1:0] plus;   // x + a small signed constant
    input [AW-1:0] x;
    input [11:0] k;
    plus = x + {{(AW - 12){k[11]}}, k};
endfunction
wire [AW-1:0] lay [B_HDR:NB-1];
assign lay[B_HDR]   = lay_hl_w;
assign lay[B_HDR1]  = plus(lay_hl_w, -12'sd1);
assign lay[B_PS]    = plus(lay_hl_w, lay_hd);
assign lay[B_PE]    = plus(lay_s, lay_hd);
assign lay[B_PDE]   = plus(lay_s, lay_hd + {10'd0, lay_pad});
assign lay[B_LC]    = lay_pad != 2'd0 ? plus(lay_s, lay_hd + {10'd0, lay_pad} - 12'd1)
                    : lay_dl != 24'd0 ? plus(lay_s, lay_hd - 12'd1)
                                      : plus(lay_hl_w, -12'sd1);
assign lay[B_LEN]   = plus(lay_s, lay_tail);
assign lay[B_LEN1]  = plus(lay_s, lay_tail - 12'd1);
assign lay[B_LEN4]  = plus(lay_s, lay_tail - 12'd4);
assign lay[B_LENP1] = plus(lay_s, lay_tail + 12'd1);
assign lay[B_LENLL] = plus(lay_s, lay_tail + lay_ll);
assign lay[B_STOP]  = plus(lay_s, lay_tail + (lay_self ? lay_np : 12'd1));
assign lay[B_LENNP] = plus(lay_s, lay_tail + lay_np);


function signed [CW-1:0] clampf;
    input signed [AW-1:0] x;
    begin
        if (x < -64) clampf = -64;
        else if (x > 191) clampf = 191;
        else clampf = x[CW-1:0];
    end
endfunction

generate
    for (gi = 0; gi < NB; gi = gi + 1) begin : g_bound
        // the b family and a_stop take the next PDU's values at an EP of a self-framing PDU
        localparam integer SRC = gi == B_B ? B_LEN : gi == B_B1 ? B_LENP1 : gi == B_BLL ? B_LENLL
                               : gi == B_STOP ? B_LENNP : gi;
        localparam LAY = gi >= B_HDR;      // loaded from the layout registers at rl
        reg signed [AW-1:0] a_r = 0;
        reg signed [CW-1:0] c_r = 0;
        assign a_w[gi] = a_r;
        assign c_w[gi] = c_r;
        // candidates, beside the decision
        wire signed [AW-1:0] own_sh = a_r - $signed({{(AW - NW){1'b0}}, pc_n});
        wire signed [AW-1:0] src_sh = a_w[SRC] - $signed({{(AW - NW){1'b0}}, pc_n});
        wire signed [CW-1:0] own_sh_c = clampf(own_sh);
        wire signed [CW-1:0] src_sh_c = clampf(src_sh);
        wire signed [AW-1:0] rl_v;
        if (LAY) begin : g_lay
            assign rl_v = a_w[B_B] + $signed(l_r[gi]);
        end else begin : g_nolay
            assign rl_v = a_r;
        end
        wire take_src = next_pdu && SRC != gi;
        always @(posedge clk) begin
            if (rst) begin
                a_r <= 0;
                c_r <= 0;
            end else if (load) begin
                a_r <= gi == B_B ? ld_b : gi == B_B1 ? ld_b + 1 : gi == B_BLL ? ld_b + (ld_mpa ? 1 : 7)
                     : gi == B_STOP ? ld_b + $signed({19'd0, ld_np}) : 0;
                c_r <= gi == B_B ? clampf(ld_b) : gi == B_B1 ? clampf(ld_b + 1)
                     : gi == B_BLL ? clampf(ld_b + (ld_mpa ? 1 : 7))
                     : gi == B_STOP ? clampf(ld_b + $signed({19'd0, ld_np})) : 0;
            end else if (rl_r) begin
                a_r <= rl_v;
                c_r <= clampf(rl_v);
            end else if (upd) begin
                a_r <= take_src ? (pop ? src_sh : a_w[SRC]) : (pop ? own_sh : a_r);
                c_r <= take_src ? (pop ? src_sh_c : c_w[SRC]) : (pop ? own_sh_c : c_r);
            end
        end
    end
endgenerate

// the lane after the EP lane, if the part holds it
wire [15:0] e1_16 = {{(16 - NW){1'b0}}, e1_c};
wire [15:0] n_16 = {{(16 - NW){1'b0}}, n};

integer j;
always @(posedge clk) begin
    if (rst) begin
        raw_r <= 1'b0;
        self_r <= 1'b0;
        mpa_r <= 1'b0;
        hdig_r <= 1'b0;
        ddig_r <= 1'b0;
        ulp_r <= 8'd0;
        ml_r <= 4'd0;
        np_r <= 9'd0;
        live_r <= {W{1'b1}};
        pc_lo_r <= {NW{1'b0}};
        lk_r <= 1'b0;
        rl_r <= 1'b0;
        halt_r <= 1'b0;
        lc_v_r <= 1'b0;
        wb_r <= 16'd0;
        fw_r <= 16'd0;
        pdus_r <= 32'd0;
        for (j = B_HDR; j < NB; j = j + 1) l_r[j] <= {AW{1'b0}};
        l_lc_v_r <= 1'b0;
        pr_v_r <= 1'b0;
        pr_hl_r <= 12'd0;
        pr_dl_r <= 24'd0;
    end else if (load) begin
        raw_r <= ld_raw;
        self_r <= ld_self;
        mpa_r <= ld_mpa;
        hdig_r <= ld_hdig;
        ddig_r <= ld_ddig;
        ulp_r <= ld_ulp;
        ml_r <= ld_ml;
        np_r <= ld_np;
        live_r <= {W{1'b1}};
        pc_lo_r <= {NW{1'b0}};
        lk_r <= 1'b0;
        rl_r <= ld_lk;
        halt_r <= 1'b0;
        lc_v_r <= 1'b0;
        wb_r <= 16'd0 - ld_fpdu_woff;
        fw_r <= ld_fpdu_woff;
        pdus_r <= 32'd0;
        for (j = B_HDR; j < NB; j = j + 1) l_r[j] <= ld_lk ? lay[j] : {AW{1'b0}};
        l_lc_v_r <= ld_lk && lay_lc_v;
        pr_v_r <= 1'b0;
        pr_hl_r <= 12'd0;
        pr_dl_r <= 24'd0;
    end else begin
        if (rl_r) begin
            lc_v_r <= l_lc_v_r;
            lk_r <= 1'b1;
            rl_r <= 1'b0;
        end else if (pr_v_r && !lk_r) begin
            for (j = B_HDR; j < NB; j = j + 1) l_r[j] <= lay[j];
            l_lc_v_r <= lay_lc_v;
            rl_r <= 1'b1;
            pr_v_r <= 1'b0;
        end
        if (pr_v) begin
            pr_v_r <= 1'b1;
            pr_hl_r <= pr_hl;
            pr_dl_r <= pr_dl;
        end
        if (v) begin
            live_r <= pop ? {W{1'b1}} : ~(below & in_word);
            pc_lo_r <= pop ? {NW{1'b0}} : c_w[B_STOP][NW-1:0];   // a split part ends where pc reaches a_stop
        end
        if (upd) begin
            if (ep) begin
                pdus_r <= pdus_r + 32'd1;
                if (self_r) lk_r <= 1'b0;
            end
            if (!self_r && lk_r && (!pop || pc_n_s > c_w[B_LEN]))
                halt_r <= 1'b1;   // the part's last lane is the host byte after the PDU
            if (mpa_r)
                wb_r <= (ep ? e1_16 : wb_r) - (pop ? n_16 : 16'd0);
        end
    end
end

endmodule

`resetall

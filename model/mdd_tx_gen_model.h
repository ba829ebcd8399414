/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_tx_gen.v, the TX generator (docs/tx-path.md section 8): descriptor FIFO and validation,
 * a host byte buffer, and per cycle one word of the generated stream in the RX word format (model/mdd_rx_word.h):
 * markers (values filled), header/data digest slots and INSERT PI slots (zero: the check stages fill them), pad
 * (zero), host bytes (HDR, PAY, PI), stripped PI (K = 0), tags, aux, the window's K, the DESC/UPSTREAM/FRAME
 * events and the resume fields the generator owns (TCP_SEQ, MRK_POS, PDU_OFF, HDR_LEN, DATA_LEN, DIF_POS,
 * FPDU_WOFF, the window).
 *
 * Contract (docs/ARCHITECTURE.md section 8): eval is combinational, tick the rising edge, rst an input.
 * Registers mirror the RTL's one for one and start at zero, except the marker image and its valid bit: the
 * walk computes a marker's image already when it looks at the marker's first byte after the word's last lane,
 * the RTL when it generates that byte (same value, outputs equal). The per-cycle word (gen_word) is a walk over the lanes, one after the other, with the
 * chunking rules C1-C6 of docs/tx-path.md section 8; the RTL decides all lanes at once (D-045) and must agree
 * with the walk on every output every cycle, so the walk is the oracle for the cycle behaviour.
 */
#ifndef MDD_TX_GEN_MODEL_H
#define MDD_TX_GEN_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"
#include "mdd_txg_m_model.h"
#include "mdd_txg_d_model.h"
#include "mdd_txg_p_model.h"
#include "mdd_txg_fc_model.h"
#include "mdd_txg_hbuf_model.h"
#include "mdd_txg_f_model.h"
#include "mdd_txg_r_model.h"
#include "mdd_txg_x_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_TX_GEN_MAX_BUF (4 * MDD_RX_MAX_W) /* the staged generator's ring: 4W */

/* ---- the staged generator (docs/timing.md section 4; model/mdd_txg_staged.c), chosen at init ----
 * Four stages, a word per cycle each: M lays out W wire lanes (marker bytes, the window's K), P the PDU fields
 * of the non-marker lanes, D the DIF fields of the data lanes (inserting stripped PI lanes), F fills the lanes
 * with host bytes and marker values and finds the transfer's end. M, P and D never look at a host byte: a
 * self-framing header's lengths come back from F (the parse register). Between the stages two-entry FIFOs. */

/* The transfer state after a lane, the fields M, P and D own (F's resume fields at a cut). */
typedef struct mdd_txg_snap {
    uint32_t wire, mrk_pos, skip, pass;      /* M */
    uint32_t pdu_off, fpdu_woff, pdus;       /* P */
    bool pdu_done;                           /* P */
    uint32_t dif_pos;                        /* D */
} mdd_txg_snap;

/* A lane of a layout word. */
typedef struct mdd_txg_lane {
    uint8_t cls;      /* MDD_TXG_L_* */
    uint8_t flags;    /* EH / ED / EP (P), EB (D) */
    uint8_t aux;      /* HDIG / DDIG / PI index, a marker's aux (byte | not covered << 3) */
    uint8_t mb;       /* M: marker byte */
    bool k;           /* M: the window's K */
    bool mnext;       /* M: the next wire byte starts a marker */
    bool pi_here;     /* P: a stripped PI that is due goes in front of this lane */
    bool boundary;    /* P: a marker at PDU offset 0 */
    bool parse;       /* P: a self-framing header byte up to the last length byte */
    uint32_t p;       /* P: the PDU offset */
    uint16_t mval;    /* P: an MPA marker's pointer */
    mdd_txg_snap after;
} mdd_txg_lane;

typedef struct mdd_txg_lword {
    unsigned n, off; /* lanes l[0..n); l[0..off) already taken by the next stage */
    unsigned lo;     /* P's part: its first lane (l[lo..n) are the part) */
    mdd_txg_lane l[MDD_RX_MAX_W];
    /* M's word only: M's non-marker prefix counts (mdd_txg_m_out's pc, pc_l, pc_n), which P takes with it */
    uint8_t pc[MDD_RX_MAX_W], pc_l, pc_n;
    /* P's part only: P's data counts (mdd_txg_p_out's dc, dc_n: DATA lanes in [lo, i), in [lo, n)), which D takes */
    uint8_t dc[MDD_RX_MAX_W], dc_n;
    /* P's part and D's word: what X takes from the blocks' outputs (P's fields set with the part, D's with its
     * word); X's word: F's per-word fields (X's output) */
    mdd_txg_x_in xi;
    mdd_txg_x_out xo;
} mdd_txg_lword;

typedef struct mdd_txg_fifo {
    unsigned cnt;
    mdd_txg_lword e[2];
} mdd_txg_fifo;

/* A cycle's inputs of a layout pipeline as the RTL's takes them (rtl/mdd_txg_lay.v), recorded for the harness that
 * runs the RTL pipelines beside the staged twin: its descriptor, F's take of the head word and parse, the flush. */
typedef struct mdd_txg_lay_io {
    bool present, bad;
    uint64_t desc[8];
    bool f_pop, f_set;
    uint8_t f_off;
    bool pr_v;
    uint32_t pr_hl, pr_dl;
    bool flush, flush_stop;
} mdd_txg_lay_io;

/* One layout pipeline (M, P, D, X) and the transfer it lays out. */
typedef struct mdd_txg_layout {
    bool m_started;    /* its descriptor's layout has begun (cleared when F ends the transfer) */
    bool m_active;     /* M lays out words */
    mdd_txg_m_model mm; /* stage M (its word is the RTL's: rtl/mdd_txg_m.v) */
    mdd_txg_p_model pm; /* stage P (its part is the RTL's: rtl/mdd_txg_p.v); the walk below checks it */
    mdd_txg_snap ps;   /* the P walk's (pdu_off, fpdu_woff, pdus, pdu_done) */
    uint32_t p_hdr_len, p_data_len;
    bool p_lk;         /* P knows the current PDU's lengths */
    bool p_halt;       /* P passed a host byte after a descriptor-framed PDU: nothing follows */
    mdd_txg_d_model dm; /* stage D (the RTL's to be: rtl/mdd_txg_d.v); the walk below checks it */
    mdd_txg_snap ds;   /* the D walk's (dif_pos; M's and P's fields of the last lane it passed) */
    bool pr_v;         /* the parse register: F's lengths of PDU pr_pdu, for P */
    uint32_t pr_pdu, pr_hl, pr_dl;
    mdd_txg_x_model xm; /* stage X (rtl/mdd_txg_x.v): two halves, the mid register between them */
    mdd_txg_lword x_mid; /* the walk's lanes of the word in X's mid register */
    mdd_txg_fifo mp, pd, df, xf; /* M -> P -> D -> X -> F */
    mdd_txg_lay_io io;  /* this cycle's inputs (not state) */
} mdd_txg_layout;

/* F's parse of a self-framed header's lengths on its way to P (a register between F and P). */
typedef struct mdd_txg_pub {
    bool v;
    uint32_t pdu, hl, dl;
} mdd_txg_pub;

typedef struct mdd_txg_pipe {
    unsigned n;         /* layout pipelines: 1, or 2 taking turns (the next transfer laid out while F ends this one) */
    unsigned cur;       /* the one F takes words from (the head descriptor's); the other has the second one's */
    mdd_txg_layout lay[2];
    mdd_txg_snap f_cur; /* the state after the last lane F generated */
    unsigned t3_rd;     /* F's cycles reading a T3 marker's lengths ahead (at 2 its lane is taken) */
    bool plen_ok;       /* F's PDU length sum (a register a cycle behind its lengths) is current */
    bool fpend;         /* FRAME at MPA's length in the last word: this cycle flushes the layout, F idle (D-093) */
    mdd_txg_pub pr_d;   /* F's parse of the last cycle: the current pipeline's P takes it in this one */
    mdd_txg_f_model fm; /* stage F (its word is the RTL's to be: rtl/mdd_txg_f.v); F's walk checks it */
    mdd_txg_lword scratch[4]; /* the words D, P, M and X make in a cycle */
} mdd_txg_pipe;

/* Statistics of the staged generator (not state: a reset keeps them; the harness prints them). */
typedef struct mdd_txg_stats {
    /* F's cycles without a D word while a transfer is laid out (of them: P waiting for F's parse, a transfer's
     * start); P's cycles waiting for a parse; the words P and D made with fewer than W lanes */
    uint64_t f_starved, f_starved_parse, f_starved_start, p_wait, p_short, d_short;
    /* D's words with an SPI run cut by the word's end, and with two SPI runs (coverage of the stripped-PI rules) */
    uint64_t d_spi_cut, d_spi_two;
    /* X's words (coverage of its rules on real traffic): with SPI lanes, in regions 1 and 2 (lanes after r1 / r2),
     * two marker runs, a marker run after the part's EP, the part's EP before the word's first lane, first > 0 */
    uint64_t x_spi, x_reg1, x_reg2, x_runs2, x_run_after_ep, x_ep_first, x_first_nz;
    /* F's words by how they ended (MDD_TXG_FC_*: taken whole, a wait, the transfer's end, T3, FRAME ...) */
    uint64_t f_end[MDD_TXG_FC_WHYS];
    /* FRAME at MPA's length with the transfer going on: the layout flushed a cycle later, F idle (D-093) */
    uint64_t f_frame_later;
    /* FRAME at MPA's length in the transfer's last word: flushed at once, F not idle after it */
    uint64_t f_frame_stop;
} mdd_txg_stats;

typedef struct mdd_tx_gen_in {
    bool rst;
    uint8_t s_axis_tx_tdata[MDD_RX_MAX_W];
    uint64_t s_axis_tx_tkeep;
    bool s_axis_tx_tlast, s_axis_tx_tuser, s_axis_tx_tvalid;
    uint64_t s_axis_tx_desc_tdata[8];
    bool s_axis_tx_desc_tvalid;
    bool m_ready;
} mdd_tx_gen_in;

typedef struct mdd_tx_gen_out {
    bool s_axis_tx_tready, s_axis_tx_desc_tready;
    bool m_valid;
    MDD_RX_WORD_FIELDS(m_)
} mdd_tx_gen_out;

typedef struct mdd_tx_gen_model {
    unsigned w, buf; /* buf = 3W + 8 host bytes */
    /* descriptor FIFO (two entries, as RX L1) */
    uint64_t e0_desc[8], e1_desc[8];
    bool e0_bad, e1_bad;
    unsigned fifo_cnt;
    /* host byte buffer: hb[0..hb_cnt) in order; hb_up[j] = byte j is the first kept byte of a tuser beat.
     * hb_end: the current transfer's tlast is in the buffer, its bytes are hb[0..hb_e0); hb_end1: the next
     * transfer's tlast is in too, its bytes end at hb_e1 (no beat enters then) */
    uint8_t hb[MDD_TX_GEN_MAX_BUF];
    bool hb_up[MDD_TX_GEN_MAX_BUF];
    unsigned hb_cnt, hb_e0, hb_e1;
    bool hb_end, hb_end1;
    /* transfer state (meaningful while in_xfer) */
    bool in_xfer, lost, pdu_done, mimg_ok;
    uint32_t hoff;      /* host bytes consumed */
    uint32_t wire;      /* wire bytes generated */
    uint32_t mrk_pos, pdu_off, hdr_len, data_len, dif_pos, fpdu_woff, len_off, pdus;
    uint32_t skip, pass;
    uint8_t mimg[8];    /* the marker being generated */
    /* output register (staged: the first of two, F's word; stage R's state and the second follow) */
    bool m_valid_r;
    mdd_rx_word m;
    uint64_t m_spi;                 /* staged: the word's stripped-PI lanes */
    uint32_t m_hdr_len, m_data_len; /* staged: F's lengths after the word */
    uint64_t m_walk_desc[8];        /* staged: the descriptor with the lane walk's resume fields (R's check) */
    mdd_txg_r_model r;              /* staged: stage R */
    mdd_txg_hbuf_model hbuf;        /* staged: the host byte ring (hb .. hb_e1 above are its view, rebuilt each cycle) */
    bool m2_valid_r;
    mdd_rx_word m2;
    /* the staged generator instead of the lane walk (F uses the transfer state above) */
    bool staged;
    unsigned staged_pipes;
    uint64_t staged_errors; /* stage words that disagree with the byte-by-byte rules (must stay 0) */
    mdd_txg_pipe pipe;
    mdd_txg_stats txg_st;
} mdd_tx_gen_model;

/* 0 on success, -1 if w is not 4, 8, 16, 32 or 64. */
int mdd_tx_gen_model_init(mdd_tx_gen_model *m, unsigned w);
/* The same, with the staged generator if pipes is 1 or 2 (its layout pipelines; docs/timing.md section 4; with 2
 * the twin of rtl/mdd_txg.v), the lane walk if 0. -1 also for other values of pipes. */
int mdd_tx_gen_model_init_staged(mdd_tx_gen_model *m, unsigned w, unsigned pipes);
void mdd_tx_gen_eval(const mdd_tx_gen_model *m, const mdd_tx_gen_in *in, mdd_tx_gen_out *out);
void mdd_tx_gen_tick(mdd_tx_gen_model *m, const mdd_tx_gen_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TX_GEN_MODEL_H */

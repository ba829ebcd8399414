/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_core_stats_model.h - cycle twin of rtl/mdd_core_stats.v: the top level's statistics (windows RX, TX,
 * CMB: running counters and the snapshot STATS_CTRL.SNAP takes) and interrupt causes (docs/core.md section 4).
 *
 * Contract (docs/ARCHITECTURE.md section 8): mdd_core_stats_eval() is combinational (the snapshot registers and
 * the interrupt causes of this cycle's inputs), mdd_core_stats_tick() is the rising clock edge; rst is an input.
 *
 * Port mapping: the fields are the RTL port names. Records are arrays of 64-bit words, word k = tdata[64k+63:64k]
 * (CTX 16 words, CMBRES 8). The packed counter arrays of the RTL (element k at [32k +: 32]) are uint32_t arrays
 * here, element k = bits [32k+31:32k] of the port: rx_err_class_count[16] = rx_err_class_count[511:0],
 * cmb_results_count[8] = cmb_results_count[255:0], cmb_errors_count[16] = cmb_errors_count[511:0].
 */
#ifndef MDD_CORE_STATS_MODEL_H
#define MDD_CORE_STATS_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CORE_STATS_CTX_WORDS 16 /* MDD_CTX_WORDS */
#define MDD_CORE_STATS_RES_WORDS 8  /* MDD_CMBRES_WORDS */
#define MDD_CORE_STATS_CLASSES 16   /* ERR_CLASS[k]: CTX.ERR_MAP bit k */
#define MDD_CORE_STATS_RESULTS 8    /* RESULTS[CMBRES.CODE], CODE < 8 */
#define MDD_CORE_STATS_ERRORS 16    /* ERRORS[CMBRES.CODE] */

typedef struct mdd_core_stats_in {
    bool rst;
    uint64_t rx_ctx_tdata[MDD_CORE_STATS_CTX_WORDS];
    bool rx_ctx_fire;
    uint64_t tx_ctx_tdata[MDD_CORE_STATS_CTX_WORDS];
    bool tx_ctx_fire;
    bool cmb_sw_fire;
    bool cmb_seg_fire;
    uint64_t cmb_res_tdata[MDD_CORE_STATS_RES_WORDS];
    bool cmb_res_fire;
    bool dep_pkt_done;
    uint8_t dep_pkt_code; /* 5 bits */
    bool snap;
    bool clear;
} mdd_core_stats_in;

typedef struct mdd_core_stats_out {
    uint32_t rx_xfers_count, rx_xfers_err_count, rx_pdus_count, rx_blocks_count, rx_markers_count,
        rx_err_events_count, rx_bytes_in_lo_count, rx_bytes_in_hi_count, rx_bytes_out_lo_count,
        rx_bytes_out_hi_count;
    uint16_t rx_last_err_xfer_id;
    uint8_t rx_last_err_code;
    uint32_t rx_last_err_off_offset;
    uint32_t rx_err_class_count[MDD_CORE_STATS_CLASSES];
    uint32_t tx_xfers_count, tx_xfers_err_count, tx_pdus_count, tx_blocks_count, tx_markers_count,
        tx_err_events_count, tx_bytes_in_lo_count, tx_bytes_in_hi_count, tx_bytes_out_lo_count,
        tx_bytes_out_hi_count;
    uint16_t tx_last_err_xfer_id;
    uint8_t tx_last_err_code;
    uint32_t tx_last_err_off_offset;
    uint32_t tx_err_class_count[MDD_CORE_STATS_CLASSES];
    uint32_t cmb_records_sw_count, cmb_segs_count, cmb_outputs_count;
    uint32_t cmb_results_count[MDD_CORE_STATS_RESULTS];
    uint32_t cmb_errors_count[MDD_CORE_STATS_ERRORS];
    bool irq_dep_set, irq_rx_set, irq_tx_set, irq_cmb_set;
} mdd_core_stats_out;

/* One direction's counters (RX or TX) and its LAST_ERR value. */
typedef struct mdd_core_stats_dir {
    uint32_t xfers, xfers_err, pdus, blocks, markers, err_events;
    uint64_t bytes_in, bytes_out;
    uint16_t last_xfer_id;
    uint8_t last_code;
    uint32_t last_off;
    uint32_t err_class[MDD_CORE_STATS_CLASSES];
} mdd_core_stats_dir;

/* Everything SNAP copies. */
typedef struct mdd_core_stats_set {
    mdd_core_stats_dir dir[2]; /* 0 RX, 1 TX */
    uint32_t records_sw, segs, outputs;
    uint32_t results[MDD_CORE_STATS_RESULTS];
    uint32_t errors[MDD_CORE_STATS_ERRORS];
} mdd_core_stats_set;

typedef struct mdd_core_stats_model {
    mdd_core_stats_set run; /* the running counters */
    mdd_core_stats_set snp; /* the snapshot (the outputs) */
} mdd_core_stats_model;

/* The state is the RTL's at time 0 (all zero). */
void mdd_core_stats_init(mdd_core_stats_model *m);
void mdd_core_stats_eval(const mdd_core_stats_model *m, const mdd_core_stats_in *in, mdd_core_stats_out *out);
void mdd_core_stats_tick(mdd_core_stats_model *m, const mdd_core_stats_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CORE_STATS_MODEL_H */

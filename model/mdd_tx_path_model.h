/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_tx_path.v, composed of the twins of its blocks as the RTL is composed of the modules:
 * generator -> check stage (guard engine, TX) -> check stage (digest engines, TX) -> fork {packer; context}.
 * Port names are the RTL's; eval is combinational, tick is the clock edge, rst an input.
 */
#ifndef MDD_TX_PATH_MODEL_H
#define MDD_TX_PATH_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_check_stage_model.h"
#include "mdd_pack_model.h"
#include "mdd_rx_ctx_model.h"
#include "mdd_tx_gen_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mdd_tx_path_in {
    bool rst;
    uint8_t s_axis_tx_tdata[MDD_RX_MAX_W];
    uint64_t s_axis_tx_tkeep;
    bool s_axis_tx_tlast, s_axis_tx_tuser, s_axis_tx_tvalid;
    uint64_t s_axis_tx_desc_tdata[8];
    bool s_axis_tx_desc_tvalid;
    bool m_axis_tx_tready;
    bool m_axis_tx_ctx_tready;
} mdd_tx_path_in;

typedef struct mdd_tx_path_out {
    bool s_axis_tx_tready, s_axis_tx_desc_tready;
    uint8_t m_axis_tx_tdata[MDD_RX_MAX_W];
    uint64_t m_axis_tx_tkeep;
    bool m_axis_tx_tlast;
    uint8_t m_axis_tx_tuser[MDD_RX_MAX_W]; /* tag of byte i */
    bool m_axis_tx_tvalid;
    uint64_t m_axis_tx_ctx_tdata[16];
    bool m_axis_tx_ctx_tvalid;
} mdd_tx_path_out;

typedef struct mdd_tx_path_model {
    unsigned w, data_depth, res_depth;
    mdd_tx_gen_model gen;
    mdd_check_stage_model pi;  /* guard engine: the host's PI checked, INSERT/REPLACE PI written */
    mdd_check_stage_model dig; /* digest engines: HDIG, DDIG / MPA CRC written */
    mdd_pack_model pack;
    mdd_rx_ctx_model ctx;
    uint64_t contract_errors; /* a checker saw result counts that disagree with the tags */
} mdd_tx_path_model;

int mdd_tx_path_model_init(mdd_tx_path_model *m, unsigned w, unsigned data_depth, unsigned res_depth);
void mdd_tx_path_eval(const mdd_tx_path_model *m, const mdd_tx_path_in *in, mdd_tx_path_out *out);
void mdd_tx_path_tick(mdd_tx_path_model *m, const mdd_tx_path_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TX_PATH_MODEL_H */

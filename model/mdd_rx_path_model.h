/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_path.v, composed of the twins of its blocks as the RTL is composed of the modules:
 * locate (L1-L3) -> check stage (CRC engines h, d, g + data FIFO + checker; every engine, RX mode)
 * -> fork {packer; context}.
 * Port names are the RTL's; eval is combinational, tick is the clock edge, rst an input.
 */
#ifndef MDD_RX_PATH_MODEL_H
#define MDD_RX_PATH_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_check_stage_model.h"
#include "mdd_pack_model.h"
#include "mdd_rx_ctx_model.h"
#include "mdd_rx_locate_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_RX_PATH_MAX_DATA_DEPTH MDD_CHECK_STAGE_MAX_DATA_DEPTH

typedef struct mdd_rx_path_in {
    bool rst;
    uint8_t s_axis_rx_tdata[MDD_RX_MAX_W];
    uint64_t s_axis_rx_tkeep;
    bool s_axis_rx_tlast, s_axis_rx_tuser, s_axis_rx_tvalid;
    uint64_t s_axis_rx_desc_tdata[8];
    bool s_axis_rx_desc_tvalid;
    bool m_axis_rx_tready;
    bool m_axis_rx_ctx_tready;
} mdd_rx_path_in;

typedef struct mdd_rx_path_out {
    bool s_axis_rx_tready, s_axis_rx_desc_tready;
    uint8_t m_axis_rx_tdata[MDD_RX_MAX_W];
    uint64_t m_axis_rx_tkeep;
    bool m_axis_rx_tlast;
    uint8_t m_axis_rx_tuser[MDD_RX_MAX_W]; /* tag of byte i */
    bool m_axis_rx_tvalid;
    uint64_t m_axis_rx_ctx_tdata[16];
    bool m_axis_rx_ctx_tvalid;
} mdd_rx_path_out;

typedef struct mdd_rx_path_model {
    unsigned w, data_depth, res_depth;
    mdd_rx_locate_model loc;
    mdd_check_stage_model stage; /* RTL instance chk: engines, data FIFO, checker (stage.chk) */
    mdd_pack_model pack;
    mdd_rx_ctx_model ctx;
    uint64_t contract_errors; /* checker saw result counts that disagree with the tags */
} mdd_rx_path_model;

int mdd_rx_path_model_init(mdd_rx_path_model *m, unsigned w, unsigned data_depth, unsigned res_depth);
void mdd_rx_path_eval(const mdd_rx_path_model *m, const mdd_rx_path_in *in, mdd_rx_path_out *out);
void mdd_rx_path_tick(mdd_rx_path_model *m, const mdd_rx_path_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_RX_PATH_MODEL_H */

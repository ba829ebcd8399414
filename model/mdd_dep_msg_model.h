/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_dep_msg_model.h - cycle twin of rtl/mdd_dep_msg.v: the deposit engine, the record arbiter and the
 * CRC-32C combiner (docs/deposit.md section 10), composed of the twins of the three (mdd_dep_model.h,
 * mdd_axis_arb_model.h, mdd_cmb_model.h) as the RTL is composed of the modules.
 *
 * Ports: every port of mdd_dep in `dep`, plus the combiner's record input and result output. The engine's SEG
 * stream is internal in the RTL (the arbiter's input 1); the twin shows it for benches: out.dep.m_axis_seg_* is the
 * record offered, out.seg_tready whether the arbiter takes it this cycle, and in.dep.m_axis_seg_tready is ignored.
 */
#ifndef MDD_DEP_MSG_MODEL_H
#define MDD_DEP_MSG_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_cmb_model.h"
#include "mdd_dep_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The RTL parameters: mdd_dep's, MSGS and CMB_BITS_PER_STAGE. */
typedef struct mdd_dep_msg_params {
    mdd_dep_params dep;
    unsigned msgs;               /* MSGS: 2..1024 */
    unsigned cmb_bits_per_stage; /* CMB_BITS_PER_STAGE: 1..8 */
} mdd_dep_msg_params;

/* RTL defaults: mdd_dep's at W = w, 64 messages, 2 bits per shift stage. */
mdd_dep_msg_params mdd_dep_msg_default_params(unsigned w);
/* The combiner's parameters inside mdd_dep_msg (CRC-32C, 32-bit ids, 64-bit addresses). */
mdd_cmb_params mdd_dep_msg_cmb_params(const mdd_dep_msg_params *p);

typedef struct mdd_dep_msg_in {
    mdd_dep_in dep;
    uint64_t s_axis_cmb_tdata[MDD_CMB_REC_WORDS];
    bool s_axis_cmb_tvalid;
    bool m_axis_cmb_res_tready;
} mdd_dep_msg_in;

typedef struct mdd_dep_msg_out {
    mdd_dep_out dep;
    bool seg_tready; /* internal: the arbiter takes the engine's SEG record */
    bool stat_seg_fire; /* a SEG record entered the arbiter (out.dep.m_axis_seg_tvalid && seg_tready) */
    bool s_axis_cmb_tready;
    uint64_t m_axis_cmb_res_tdata[MDD_CMB_RES_WORDS];
    bool m_axis_cmb_res_tvalid;
} mdd_dep_msg_out;

typedef struct mdd_dep_msg_model mdd_dep_msg_model;

/* NULL on parameters the RTL would reject. */
mdd_dep_msg_model *mdd_dep_msg_model_new(const mdd_dep_msg_params *p);
void mdd_dep_msg_model_free(mdd_dep_msg_model *m);
void mdd_dep_msg_eval(const mdd_dep_msg_model *m, const mdd_dep_msg_in *in, mdd_dep_msg_out *out);
void mdd_dep_msg_tick(mdd_dep_msg_model *m, const mdd_dep_msg_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DEP_MSG_MODEL_H */

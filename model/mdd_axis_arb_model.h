/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_axis_arb_model.h - cycle twin of rtl/mdd_axis_arb.v: round-robin arbiter of single-beat records, N
 * inputs, one output register.
 *
 * Records are words of 64 bits (word k = tdata[64k+63:64k]), at most MDD_AXIS_ARB_MAX_WORDS of them; the twin
 * copies data_w bits and leaves the rest of the words zero.
 */
#ifndef MDD_AXIS_ARB_MODEL_H
#define MDD_AXIS_ARB_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_AXIS_ARB_MAX_N 8
#define MDD_AXIS_ARB_MAX_WORDS 8

typedef struct mdd_axis_arb_in {
    bool rst;
    uint64_t s_tdata[MDD_AXIS_ARB_MAX_N][MDD_AXIS_ARB_MAX_WORDS];
    bool s_tvalid[MDD_AXIS_ARB_MAX_N];
    bool m_tready;
} mdd_axis_arb_in;

typedef struct mdd_axis_arb_out {
    bool s_tready[MDD_AXIS_ARB_MAX_N];
    uint64_t m_tdata[MDD_AXIS_ARB_MAX_WORDS];
    bool m_tvalid;
} mdd_axis_arb_out;

typedef struct mdd_axis_arb_model {
    unsigned n, data_w; /* N, DATA_W */
    unsigned last;
    bool m_tvalid;
    uint64_t m_tdata[MDD_AXIS_ARB_MAX_WORDS];
} mdd_axis_arb_model;

/* false unless N is 1..8 (as the RTL requires) and DATA_W 1..64 * MDD_AXIS_ARB_MAX_WORDS (the twin's words). The
 * state is the RTL's at time 0. */
bool mdd_axis_arb_init(mdd_axis_arb_model *m, unsigned n, unsigned data_w);
void mdd_axis_arb_eval(const mdd_axis_arb_model *m, const mdd_axis_arb_in *in, mdd_axis_arb_out *out);
void mdd_axis_arb_tick(mdd_axis_arb_model *m, const mdd_axis_arb_in *in);

#ifdef __cplusplus
}
#endif

#endif /* MDD_AXIS_ARB_MODEL_H */

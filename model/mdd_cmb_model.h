/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_cmb.v, the incremental CRC combiner (docs/cmb.md): segment records of up to MSGS messages
 * in flight, in any order, one per clock; a result per message, an error record per refused record.
 *
 * Contract (docs/ARCHITECTURE.md section 8): mdd_cmb_eval() is combinational (outputs from the registers and
 * this cycle's inputs), mdd_cmb_tick() is the rising clock edge; rst is an input.  The twin mirrors the RTL's
 * register stages one for one (A, the two shift units, P, Q, M1, M2, O), so every output matches on every
 * cycle, valid or not.
 */
#ifndef MDD_CMB_MODEL_H
#define MDD_CMB_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd/crc.h"
#include "mdd_crc_shift_model.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MDD_CMB_REC_WORDS 4
#define MDD_CMB_RES_WORDS 8
#define MDD_CMB_MAX_MSGS 1024

/* The RTL parameters. */
typedef struct mdd_cmb_params {
    mdd_crc_alg alg;         /* CRC_ALG */
    unsigned msgs;           /* MSGS: 2..1024 */
    unsigned id_w;           /* ID_W: 1..32 */
    unsigned addr_w;         /* ADDR_W: 32..64 */
    unsigned bits_per_stage; /* BITS_PER_STAGE: 1..8 */
} mdd_cmb_params;

/* RTL defaults: CRC-32C, 64 messages, 32-bit ids, 64-bit addresses, 2 bits per shift stage. */
mdd_cmb_params mdd_cmb_default_params(void);

typedef struct mdd_cmb_in {
    bool rst;
    uint64_t s_axis_cmb_tdata[MDD_CMB_REC_WORDS];
    bool s_axis_cmb_tvalid;
    bool m_axis_cmb_res_tready;
} mdd_cmb_in;

typedef struct mdd_cmb_out {
    bool s_axis_cmb_tready;
    uint64_t m_axis_cmb_res_tdata[MDD_CMB_RES_WORDS];
    bool m_axis_cmb_res_tvalid;
} mdd_cmb_out;

typedef struct mdd_cmb_model mdd_cmb_model;

/* NULL on parameters the RTL would reject. */
mdd_cmb_model *mdd_cmb_model_new(const mdd_cmb_params *p);
void mdd_cmb_model_free(mdd_cmb_model *m);
/* Clocks from an input handshake to the record's output when the output is not held (= STAGES + 6). */
unsigned mdd_cmb_latency(const mdd_cmb_model *m);
void mdd_cmb_eval(const mdd_cmb_model *m, const mdd_cmb_in *in, mdd_cmb_out *out);
void mdd_cmb_tick(mdd_cmb_model *m, const mdd_cmb_in *in);
/* Messages open now (CAM entries in use), for benches and tests. */
unsigned mdd_cmb_open_count(const mdd_cmb_model *m);

#ifdef __cplusplus
}
#endif

#endif /* MDD_CMB_MODEL_H */

/* SPDX-License-Identifier: MIT */
/* model/mdd_core_stats_model.c - cycle twin of rtl/mdd_core_stats.v (see the header). */
#include "mdd_core_stats_model.h"

#include <string.h>

#include "mdd/formats.h"

_Static_assert(MDD_CORE_STATS_CTX_WORDS == MDD_CTX_WORDS, "CTX words");
_Static_assert(MDD_CORE_STATS_RES_WORDS == MDD_CMBRES_WORDS, "CMBRES words");
_Static_assert(MDD_CORE_STATS_CLASSES == MDD_CTX_ERR_MAP_W, "one ERR_CLASS counter per ERR_MAP bit");
_Static_assert(MDD_CORE_STATS_ERRORS == 1 << MDD_CMBRES_CODE_W, "one ERRORS counter per CMBRES.CODE");

void mdd_core_stats_init(mdd_core_stats_model *m)
{
    memset(m, 0, sizeof *m);
}

static bool ctx_err(const uint64_t *ctx, bool fire)
{
    return fire && MDD_GET(CTX, ERR_MAP, ctx) != 0;
}

static void dir_out(const mdd_core_stats_dir *d, uint32_t *xfers, uint32_t *xfers_err, uint32_t *pdus,
                    uint32_t *blocks, uint32_t *markers, uint32_t *err_events, uint32_t *bytes_in_lo,
                    uint32_t *bytes_in_hi, uint32_t *bytes_out_lo, uint32_t *bytes_out_hi, uint16_t *last_xfer_id,
                    uint8_t *last_code, uint32_t *last_off, uint32_t *err_class)
{
    *xfers = d->xfers;
    *xfers_err = d->xfers_err;
    *pdus = d->pdus;
    *blocks = d->blocks;
    *markers = d->markers;
    *err_events = d->err_events;
    *bytes_in_lo = (uint32_t)d->bytes_in;
    *bytes_in_hi = (uint32_t)(d->bytes_in >> 32);
    *bytes_out_lo = (uint32_t)d->bytes_out;
    *bytes_out_hi = (uint32_t)(d->bytes_out >> 32);
    *last_xfer_id = d->last_xfer_id;
    *last_code = d->last_code;
    *last_off = d->last_off;
    memcpy(err_class, d->err_class, sizeof d->err_class);
}

void mdd_core_stats_eval(const mdd_core_stats_model *m, const mdd_core_stats_in *in, mdd_core_stats_out *out)
{
    memset(out, 0, sizeof *out);
    const mdd_core_stats_set *s = &m->snp;
#define DIR_OUT(p, d)                                                                                                \
    dir_out(&s->dir[d], &out->p##_xfers_count, &out->p##_xfers_err_count, &out->p##_pdus_count,                     \
            &out->p##_blocks_count, &out->p##_markers_count, &out->p##_err_events_count,                             \
            &out->p##_bytes_in_lo_count, &out->p##_bytes_in_hi_count, &out->p##_bytes_out_lo_count,                  \
            &out->p##_bytes_out_hi_count, &out->p##_last_err_xfer_id, &out->p##_last_err_code,                        \
            &out->p##_last_err_off_offset, out->p##_err_class_count)
    DIR_OUT(rx, 0);
    DIR_OUT(tx, 1);
#undef DIR_OUT
    out->cmb_records_sw_count = s->records_sw;
    out->cmb_segs_count = s->segs;
    out->cmb_outputs_count = s->outputs;
    memcpy(out->cmb_results_count, s->results, sizeof s->results);
    memcpy(out->cmb_errors_count, s->errors, sizeof s->errors);

    out->irq_dep_set = in->dep_pkt_done && (in->dep_pkt_code & 0x1f) != MDD_DEP_ERR_OK;
    out->irq_rx_set = ctx_err(in->rx_ctx_tdata, in->rx_ctx_fire);
    out->irq_tx_set = ctx_err(in->tx_ctx_tdata, in->tx_ctx_fire);
    out->irq_cmb_set = in->cmb_res_fire && (MDD_GET(CMBRES, ERROR, in->cmb_res_tdata) ||
                                            MDD_GET(CMBRES, CODE, in->cmb_res_tdata) != MDD_CMB_ST_OK);
}

/* A context handshake: the counts of one direction. */
static void dir_add(mdd_core_stats_dir *d, const uint64_t *ctx)
{
    const unsigned emap = (unsigned)MDD_GET(CTX, ERR_MAP, ctx);
    d->xfers++;
    d->pdus += (uint32_t)MDD_GET(CTX, PDUS, ctx);
    d->blocks += (uint32_t)MDD_GET(CTX, BLOCKS, ctx);
    d->markers += (uint32_t)MDD_GET(CTX, MRK_COUNT, ctx);
    d->err_events += (uint32_t)MDD_GET(CTX, ERR_COUNT, ctx);
    d->bytes_in += MDD_GET(CTX, BYTES_IN, ctx);
    d->bytes_out += MDD_GET(CTX, BYTES_OUT, ctx);
    for (unsigned k = 0; k < MDD_CORE_STATS_CLASSES; k++)
        d->err_class[k] += (emap >> k) & 1;
    if (emap != 0) {
        d->xfers_err++;
        d->last_xfer_id = (uint16_t)MDD_GET(CTX, XFER_ID, ctx);
        d->last_code = (uint8_t)MDD_GET(CTX, ERR_CODE, ctx);
        d->last_off = (uint32_t)MDD_GET(CTX, ERR_OFF, ctx);
    }
}

void mdd_core_stats_tick(mdd_core_stats_model *m, const mdd_core_stats_in *in)
{
    if (in->rst) {
        memset(&m->run, 0, sizeof m->run);
        memset(&m->snp, 0, sizeof m->snp);
        return;
    }
    mdd_core_stats_set next = m->run;
    if (in->clear)
        memset(&next, 0, sizeof next);
    if (in->rx_ctx_fire)
        dir_add(&next.dir[0], in->rx_ctx_tdata);
    if (in->tx_ctx_fire)
        dir_add(&next.dir[1], in->tx_ctx_tdata);
    next.records_sw += in->cmb_sw_fire;
    next.segs += in->cmb_seg_fire;
    if (in->cmb_res_fire) {
        const unsigned code = (unsigned)MDD_GET(CMBRES, CODE, in->cmb_res_tdata);
        next.outputs++;
        if (MDD_GET(CMBRES, ERROR, in->cmb_res_tdata))
            next.errors[code]++;
        else if (code < MDD_CORE_STATS_RESULTS)
            next.results[code]++;
    }
    if (in->snap)
        m->snp = m->run;
    m->run = next;
}

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_locate.v; see mdd_rx_locate_model.h.
 */
#include "mdd_rx_locate_model.h"

#include <string.h>

int mdd_rx_locate_model_init(mdd_rx_locate_model *m, unsigned w)
{
    memset(m, 0, sizeof *m);
    m->w = w;
    if (mdd_rx_loc_mrk_model_init(&m->l1, w) != 0) return -1;
    if (mdd_rx_loc_pdu_model_init(&m->l2, w) != 0) return -1;
    if (mdd_rx_loc_dif_model_init(&m->l3, w) != 0) return -1;
    return 0;
}

/* The inputs of the three stages this cycle: each stage's s_* side is the previous stage's output register,
 * each stage's m_ready the next stage's s_ready (evaluated from the output backwards). */
struct stage_inputs {
    mdd_rx_loc_mrk_in i1;
    mdd_rx_loc_pdu_in i2;
    mdd_rx_loc_dif_in i3;
    mdd_rx_loc_mrk_out o1;
    mdd_rx_loc_pdu_out o2;
    mdd_rx_loc_dif_out o3;
};

static void stage_inputs(const mdd_rx_locate_model *m, const mdd_rx_locate_in *in, struct stage_inputs *s)
{
    s->i3.rst = in->rst;
    s->i3.s_valid = m->l2.m_valid_r;
    MDD_RX_WORD_COPY(&s->i3, s_, &m->l2.m, );
    s->i3.m_ready = in->m_ready;
    mdd_rx_loc_dif_eval(&m->l3, &s->i3, &s->o3);

    s->i2.rst = in->rst;
    s->i2.s_valid = m->l1.m_valid_r;
    MDD_RX_WORD_COPY(&s->i2, s_, &m->l1.m, );
    s->i2.m_ready = s->o3.s_ready;
    mdd_rx_loc_pdu_eval(&m->l2, &s->i2, &s->o2);

    s->i1.rst = in->rst;
    memcpy(s->i1.s_axis_rx_tdata, in->s_axis_rx_tdata, sizeof s->i1.s_axis_rx_tdata);
    s->i1.s_axis_rx_tkeep = in->s_axis_rx_tkeep;
    s->i1.s_axis_rx_tlast = in->s_axis_rx_tlast;
    s->i1.s_axis_rx_tuser = in->s_axis_rx_tuser;
    s->i1.s_axis_rx_tvalid = in->s_axis_rx_tvalid;
    memcpy(s->i1.s_axis_rx_desc_tdata, in->s_axis_rx_desc_tdata, sizeof s->i1.s_axis_rx_desc_tdata);
    s->i1.s_axis_rx_desc_tvalid = in->s_axis_rx_desc_tvalid;
    s->i1.m_ready = s->o2.s_ready;
    mdd_rx_loc_mrk_eval(&m->l1, &s->i1, &s->o1);
}

void mdd_rx_locate_eval(const mdd_rx_locate_model *m, const mdd_rx_locate_in *in, mdd_rx_locate_out *out)
{
    struct stage_inputs s;
    stage_inputs(m, in, &s);
    out->s_axis_rx_tready = s.o1.s_axis_rx_tready;
    out->s_axis_rx_desc_tready = s.o1.s_axis_rx_desc_tready;
    out->m_valid = s.o3.m_valid;
    MDD_RX_WORD_COPY(out, m_, &s.o3, m_);
}

void mdd_rx_locate_tick(mdd_rx_locate_model *m, const mdd_rx_locate_in *in)
{
    struct stage_inputs s;
    stage_inputs(m, in, &s);
    mdd_rx_loc_mrk_tick(&m->l1, &s.i1);
    mdd_rx_loc_pdu_tick(&m->l2, &s.i2);
    mdd_rx_loc_dif_tick(&m->l3, &s.i3);
}

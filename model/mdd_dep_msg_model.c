/* SPDX-License-Identifier: MIT */
/* model/mdd_dep_msg_model.c - cycle twin of rtl/mdd_dep_msg.v (see the header). */
#include "mdd_dep_msg_model.h"

#include <stdlib.h>
#include <string.h>

#include "mdd_axis_arb_model.h"

struct mdd_dep_msg_model {
    mdd_dep_model *dep;
    mdd_axis_arb_model arb; /* input 0 software, input 1 the engine */
    mdd_cmb_model *cmb;
};

mdd_dep_msg_params mdd_dep_msg_default_params(unsigned w)
{
    mdd_dep_msg_params p;
    p.dep = mdd_dep_default_params(w);
    p.msgs = 64;
    p.cmb_bits_per_stage = 2;
    return p;
}

mdd_cmb_params mdd_dep_msg_cmb_params(const mdd_dep_msg_params *p)
{
    mdd_cmb_params c = mdd_cmb_default_params();
    c.alg = MDD_CRC32C;
    c.msgs = p->msgs;
    c.id_w = 32;
    c.addr_w = 64;
    c.bits_per_stage = p->cmb_bits_per_stage;
    return c;
}

mdd_dep_msg_model *mdd_dep_msg_model_new(const mdd_dep_msg_params *p)
{
    mdd_dep_msg_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    const mdd_cmb_params cp = mdd_dep_msg_cmb_params(p);
    m->dep = mdd_dep_model_new(&p->dep);
    m->cmb = mdd_cmb_model_new(&cp);
    if (!m->dep || !m->cmb || !mdd_axis_arb_init(&m->arb, 2, 256)) {
        mdd_dep_msg_model_free(m);
        return NULL;
    }
    return m;
}

void mdd_dep_msg_model_free(mdd_dep_msg_model *m)
{
    if (!m)
        return;
    mdd_dep_model_free(m->dep);
    mdd_cmb_model_free(m->cmb);
    free(m);
}

/* The inputs of the three parts in this cycle. Nothing in the engine's outputs depends on its SEG ready, and the
 * combiner's ready does not depend on its input valid, so one pass in this order settles everything. */
struct parts {
    mdd_dep_in din;
    mdd_dep_out dout;
    mdd_axis_arb_in ain;
    mdd_axis_arb_out aout;
    mdd_cmb_in cin;
    mdd_cmb_out cout;
};

static void settle(const mdd_dep_msg_model *m, const mdd_dep_msg_in *in, struct parts *x)
{
    memset(x, 0, sizeof *x);
    x->cin.rst = in->dep.rst;
    memcpy(x->cin.s_axis_cmb_tdata, m->arb.m_tdata, sizeof x->cin.s_axis_cmb_tdata);
    x->cin.s_axis_cmb_tvalid = m->arb.m_tvalid;
    x->cin.m_axis_cmb_res_tready = in->m_axis_cmb_res_tready;
    mdd_cmb_eval(m->cmb, &x->cin, &x->cout);
    x->din = in->dep;
    mdd_dep_eval(m->dep, &x->din, &x->dout);
    x->ain.rst = in->dep.rst;
    memcpy(x->ain.s_tdata[0], in->s_axis_cmb_tdata, sizeof in->s_axis_cmb_tdata);
    x->ain.s_tvalid[0] = in->s_axis_cmb_tvalid;
    memcpy(x->ain.s_tdata[1], x->dout.m_axis_seg_tdata, sizeof x->dout.m_axis_seg_tdata);
    x->ain.s_tvalid[1] = x->dout.m_axis_seg_tvalid;
    x->ain.m_tready = x->cout.s_axis_cmb_tready;
    mdd_axis_arb_eval(&m->arb, &x->ain, &x->aout);
    x->din.m_axis_seg_tready = x->aout.s_tready[1];
}

void mdd_dep_msg_eval(const mdd_dep_msg_model *m, const mdd_dep_msg_in *in, mdd_dep_msg_out *out)
{
    struct parts x;
    settle(m, in, &x);
    memset(out, 0, sizeof *out);
    out->dep = x.dout;
    out->seg_tready = x.aout.s_tready[1];
    out->stat_seg_fire = x.dout.m_axis_seg_tvalid && out->seg_tready;
    out->s_axis_cmb_tready = x.aout.s_tready[0];
    memcpy(out->m_axis_cmb_res_tdata, x.cout.m_axis_cmb_res_tdata, sizeof out->m_axis_cmb_res_tdata);
    out->m_axis_cmb_res_tvalid = x.cout.m_axis_cmb_res_tvalid;
}

void mdd_dep_msg_tick(mdd_dep_msg_model *m, const mdd_dep_msg_in *in)
{
    struct parts x;
    settle(m, in, &x);
    mdd_dep_tick(m->dep, &x.din);
    mdd_axis_arb_tick(&m->arb, &x.ain);
    mdd_cmb_tick(m->cmb, &x.cin);
}

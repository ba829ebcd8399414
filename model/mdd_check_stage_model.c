/* SPDX-License-Identifier: MIT */
#include "mdd_check_stage_model.h"

#include <string.h>

#include "mdd/formats.h"

#define DGET(d, name) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)

int mdd_check_stage_model_init(mdd_check_stage_model *m, unsigned w, unsigned data_depth, unsigned res_depth,
                               unsigned eng_mask, bool tx)
{
    memset(m, 0, sizeof *m);
    if (data_depth < 2 || data_depth > MDD_CHECK_STAGE_MAX_DATA_DEPTH || (data_depth & (data_depth - 1)))
        return -1;
    m->w = w;
    m->data_depth = data_depth;
    m->res_depth = res_depth;
    m->eng_mask = eng_mask & 7u;
    m->tx = tx;
    /* the guard engine computes the three PI formats' CRCs (RTL GUARD_ALGS) */
    static const unsigned algs[MDD_CHECK_STAGE_ENGS] = {
        1u << MDD_CRC32C, 1u << MDD_CRC32C,
        1u << MDD_PI_T10_GUARD_ALG | 1u << MDD_PI_NVME32_GUARD_ALG | 1u << MDD_PI_NVME64_GUARD_ALG};
    if (mdd_rx_check_model_init(&m->chk, w, m->eng_mask, tx) != 0)
        return -1;
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++) {
        unsigned kind = e == 0 ? MDD_ENGINE_HDIG : e == 1 ? MDD_ENGINE_DDIG : MDD_ENGINE_GUARD;
        m->built[e] = (m->eng_mask >> kind) & 1u;
        /* an absent engine stays all zero: no results, ready (the RTL's constants) */
        if (m->built[e] && mdd_rx_crc_engine_model_init_algs(&m->eng[e], w, algs[e], res_depth) != 0)
            return -1;
    }
    return 0;
}

/* Every combinational signal of one cycle, in the RTL's dependency order. */
typedef struct nets {
    mdd_rx_crc_engine_in ei[MDD_CHECK_STAGE_ENGS];
    mdd_rx_crc_engine_out eo[MDD_CHECK_STAGE_ENGS];
    mdd_rx_check_in ci;
    mdd_rx_check_out co;
    bool f_valid, f_ready, f_pop, s_ready, go;
    mdd_check_stage_fentry f_in;
} nets;

/* The guard algorithm of a PI format (RTL g_eng_g.alg; code 3, not a format, as T10). */
static unsigned guard_alg(unsigned pi_fmt)
{
    return pi_fmt == MDD_PI_NVME64_CODE   ? MDD_PI_NVME64_GUARD_ALG
           : pi_fmt == MDD_PI_NVME32_CODE ? MDD_PI_NVME32_GUARD_ALG
                                          : MDD_PI_T10_GUARD_ALG;
}

static void compute(const mdd_check_stage_model *m, const mdd_check_stage_in *in, nets *n)
{
    memset(n, 0, sizeof *n);
    unsigned W = m->w;
    /* engine outputs that come from registers (results, credits); an absent engine's stay 0, ready 1 */
    mdd_rx_crc_engine_in idle;
    memset(&idle, 0, sizeof idle);
    bool e_ready = true;
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++) {
        if (m->built[e]) {
            mdd_rx_crc_engine_eval(&m->eng[e], &idle, &n->eo[e]);
            e_ready = e_ready && n->eo[e].s_ready;
        }
    }

    /* data FIFO head -> checker */
    n->f_valid = m->wr != m->rd;
    const mdd_check_stage_fentry *h = &m->fifo[m->rd & (m->data_depth - 1)];
    n->ci.rst = in->rst;
    n->ci.s_valid = n->f_valid;
    MDD_RX_WORD_COPY(&n->ci, s_, &h->w, );
    for (int k = 0; k < MDD_RX_ENGS; k++) {
        n->ci.s_nend[k] = h->nend[k];
        n->ci.s_part[k] = h->part[k];
        n->ci.res0[k] = n->eo[k].m_res0;
        n->ci.res1[k] = n->eo[k].m_res1;
        n->ci.res0_valid[k] = n->eo[k].m_res0_valid;
        n->ci.res1_valid[k] = n->eo[k].m_res1_valid;
    }
    n->ci.m_ready = in->m_ready;
    mdd_rx_check_eval(&m->chk, &n->ci, &n->co);
    n->f_pop = n->f_valid && n->co.s_ready;
    bool full = ((m->wr - m->rd) & (2 * m->data_depth - 1)) == m->data_depth;
    n->f_ready = !full; /* RTL data_fifo READY_ON_POP = 0 */
    n->s_ready = n->f_ready && e_ready;
    n->go = in->s_valid && n->s_ready;

    /* fork: engine inputs from the word (include / end masks from the tags, seeds on the first word) */
    const uint64_t *d = in->s_desc;
    unsigned proto = (unsigned)DGET(d, PROTO), pi_fmt = (unsigned)DGET(d, PI_FMT), dif_op = (unsigned)DGET(d, DIF_OP);
    bool en_h = !in->s_dbad && proto == MDD_PROTO_ISCSI && DGET(d, HDIG_EN);
    bool en_d = !in->s_dbad && DGET(d, DDIG_EN);
    bool en_g = !in->s_dbad && dif_op != MDD_DIF_NONE;
    bool strip = m->tx && dif_op == MDD_DIF_CHECK_STRIP; /* TX: stripped PI is not on the wire */
    uint8_t mh = mdd_incl_mask(MDD_ENGINE_HDIG, proto), md = mdd_incl_mask(MDD_ENGINE_DDIG, proto),
            mg = mdd_incl_mask(MDD_ENGINE_GUARD, proto);
    uint64_t incl_h = 0, incl_d = 0, incl_g = 0, end_h = 0, end_d = 0, end_g = 0;
    for (unsigned i = 0; i < W; i++) {
        unsigned t = in->s_tag[i], kind = t & 7;
        if (en_h && ((mh >> kind) & 1))
            incl_h |= 1ull << i;
        if (en_d && ((md >> kind) & 1) && !(kind == MDD_KIND_MRK && (in->s_aux[i] & 8)) &&
            !(strip && kind == MDD_KIND_PI))
            incl_d |= 1ull << i;
        if (en_g && ((mg >> kind) & 1))
            incl_g |= 1ull << i;
        if (en_h && ((t >> MDD_TAG_EH) & 1))
            end_h |= 1ull << i;
        if (en_d && ((t >> MDD_TAG_ED) & 1))
            end_d |= 1ull << i;
        if (en_g && ((t >> MDD_TAG_EB) & 1))
            end_g |= 1ull << i;
    }
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++) {
        mdd_rx_crc_engine_in *ei = &n->ei[e];
        ei->rst = in->rst;
        ei->s_valid = n->go;
        memcpy(ei->s_data, in->s_data, W);
        ei->s_close = in->s_last;
        if (e == 0) {
            ei->s_incl = incl_h;
            ei->s_end = end_h;
            ei->s_seed_en = in->s_first && en_h && DGET(d, HDIG_OPEN);
            /* TX keeps the header-digest partial in DIG_PART (T4) */
            ei->s_seed = m->tx ? DGET(d, DIG_PART) : DGET(d, HDIG_PART);
        } else if (e == 1) {
            ei->s_incl = incl_d;
            ei->s_end = end_d;
            ei->s_seed_en = in->s_first && en_d && DGET(d, DIG_OPEN);
            ei->s_seed = DGET(d, DIG_PART);
        } else {
            ei->s_incl = incl_g;
            ei->s_end = end_g;
            ei->s_seed_en = in->s_first && en_g && DGET(d, DIF_OPEN);
            ei->s_seed = DGET(d, DIF_PART); /* 64 bits: each guard CRC's loop takes its own width's low bits */
            ei->s_alg = guard_alg(pi_fmt);
        }
        ei->m_pop = n->co.pop[e];
    }
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++)
        if (m->built[e])
            mdd_rx_crc_engine_eval(&m->eng[e], &n->ei[e], &n->eo[e]);
    MDD_RX_WORD_COPY(&n->f_in.w, , in, s_);
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++) {
        n->f_in.nend[e] = (uint8_t)n->eo[e].s_nend;
        n->f_in.part[e] = n->eo[e].s_part;
    }
}

void mdd_check_stage_eval(const mdd_check_stage_model *m, const mdd_check_stage_in *in, mdd_check_stage_out *out)
{
    nets n;
    compute(m, in, &n);
    out->s_ready = n.s_ready;
    out->m_valid = m->chk.m_valid;
    MDD_RX_WORD_COPY(out, m_, &m->chk.m, );
}

void mdd_check_stage_tick(mdd_check_stage_model *m, const mdd_check_stage_in *in)
{
    nets n;
    compute(m, in, &n);
    unsigned wrap = 2 * m->data_depth - 1;
    uint64_t ce = m->chk.contract_errors;
    mdd_rx_check_tick(&m->chk, &n.ci);
    if (m->chk.contract_errors != ce)
        m->contract_errors++;
    for (int e = 0; e < MDD_CHECK_STAGE_ENGS; e++)
        if (m->built[e])
            mdd_rx_crc_engine_tick(&m->eng[e], &n.ei[e]);
    if (n.go) {
        m->fifo[m->wr & (m->data_depth - 1)] = n.f_in;
        m->wr = (m->wr + 1) & wrap;
    }
    if (n.f_pop)
        m->rd = (m->rd + 1) & wrap;
    if (in->rst)
        m->wr = m->rd = 0;
}

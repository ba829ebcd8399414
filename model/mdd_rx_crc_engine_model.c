/* SPDX-License-Identifier: MIT */
#include "mdd_rx_crc_engine_model.h"

#include <string.h>

/* The combinational split of a word at its end bits (RTL: end1, upto1, incl_a, ...). */
typedef struct split {
    uint64_t incl_a, incl_b;
    bool has_end1, has_end2;
    bool a_content, tlast_a, tlast_b, valid_a, valid_b;
} split;

static uint64_t lanes_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static split split_word(const mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in)
{
    split s;
    uint64_t all = lanes_mask(m->w);
    uint64_t end = in->s_end & all, incl = in->s_incl & all;
    uint64_t end1 = end & (~end + 1);
    s.has_end1 = end != 0;
    s.has_end2 = (end & ~end1) != 0;
    uint64_t upto1 = s.has_end1 ? ((end1 | (end1 - 1)) & all) : all;
    s.incl_a = incl & upto1;
    s.incl_b = incl & ~upto1;
    s.a_content = m->open_has || s.incl_a != 0 || in->s_seed_en;
    s.tlast_a = s.has_end1 || (in->s_close && s.a_content);
    s.tlast_b = s.has_end2 || (in->s_close && s.has_end1 && s.incl_b != 0);
    s.valid_a = s.incl_a != 0 || s.tlast_a || in->s_seed_en;
    s.valid_b = s.incl_b != 0 || s.tlast_b;
    return s;
}

int mdd_rx_crc_engine_model_init_algs(mdd_rx_crc_engine_model *m, unsigned w, unsigned algs, unsigned depth)
{
    memset(m, 0, sizeof *m);
    if (depth < 2 || depth > MDD_RX_CRC_ENGINE_MAX_DEPTH || (depth & (depth - 1)))
        return -1;
    m->w = w;
    m->algs = algs;
    m->depth = depth;
    for (int u = 0; u < 2; u++)
        if (mdd_crc_unit_model_init_algs(&m->unit[u], w, algs, 1) != 0)
            return -1;
    return 0;
}

int mdd_rx_crc_engine_model_init(mdd_rx_crc_engine_model *m, unsigned w, mdd_crc_alg alg, unsigned depth)
{
    if ((unsigned)alg >= MDD_CRC_ALG_COUNT)
        return -1;
    return mdd_rx_crc_engine_model_init_algs(m, w, 1u << alg, depth);
}

static bool ready(const mdd_rx_crc_engine_model *m) { return m->cred[0] < m->depth && m->cred[1] < m->depth; }

/* Inputs of unit u this cycle (RTL g_unit[u]). */
static void unit_in(const mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in, const split *s, int u,
                    mdd_crc_unit_in *ui)
{
    bool accept = in->s_valid && ready(m);
    bool mine_a = m->par == (u == 1);
    memset(ui, 0, sizeof *ui);
    ui->rst = in->rst;
    memcpy(ui->s_tdata, in->s_data, m->w);
    ui->s_tkeep = mine_a ? s->incl_a : s->incl_b;
    ui->s_tlast = mine_a ? s->tlast_a : s->tlast_b;
    ui->s_tuser = 0;
    ui->s_seed_en = mine_a && in->s_seed_en;
    ui->s_seed = in->s_seed;
    ui->s_alg = in->s_alg;
    ui->s_tvalid = accept && (mine_a ? s->valid_a : s->valid_b);
    ui->m_tready = true;
}

void mdd_rx_crc_engine_eval(const mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in,
                            mdd_rx_crc_engine_out *out)
{
    split s = split_word(m, in);
    out->s_ready = ready(m);
    out->s_nend = (unsigned)s.has_end1 + (unsigned)s.has_end2;
    out->s_part = in->s_close && (s.has_end1 ? (!s.has_end2 && s.incl_b != 0) : s.a_content);
    uint64_t head[2];
    bool nonempty[2];
    for (int u = 0; u < 2; u++) {
        head[u] = m->head[u];
        nonempty[u] = m->wr_ptr[u] != m->rd_ptr[u];
    }
    int o = m->rd_par ? 1 : 0;
    out->m_res0 = head[o];
    out->m_res0_valid = nonempty[o];
    out->m_res1 = head[!o];
    out->m_res1_valid = nonempty[!o];
}

void mdd_rx_crc_engine_tick(mdd_rx_crc_engine_model *m, const mdd_rx_crc_engine_in *in)
{
    split s = split_word(m, in);
    bool accept = in->s_valid && ready(m);
    unsigned aw1 = 2 * m->depth - 1; /* AW+1-bit pointer wrap */
    unsigned mask = m->depth - 1;

    /* units: outputs of this cycle (before the edge) feed the FIFOs */
    mdd_crc_unit_in ui[2], ui_next[2];
    mdd_crc_unit_out uo[2];
    for (int u = 0; u < 2; u++) {
        unit_in(m, in, &s, u, &ui_next[u]);
        ui[u] = m->ureg[u];
        ui[u].rst = in->rst;
        ui[u].m_tready = true;
        mdd_crc_unit_eval(&m->unit[u], &ui[u], &uo[u]);
    }

    bool issue[2];
    issue[0] = accept && (m->par ? s.tlast_b : s.tlast_a);
    issue[1] = accept && (m->par ? s.tlast_a : s.tlast_b);
    bool pop_old = in->m_pop != 0, pop_new = in->m_pop == 2;
    bool pop[2];
    pop[0] = (pop_old && !m->rd_par) || (pop_new && m->rd_par);
    pop[1] = (pop_old && m->rd_par) || (pop_new && !m->rd_par);
    for (int u = 0; u < 2; u++)
        if (pop[u] && m->wr_ptr[u] == m->rd_ptr[u])
            m->pop_errors++;

    if (accept) {
        bool tl_a = s.tlast_a, tl_b = s.tlast_b;
        m->par = m->par ^ tl_a ^ tl_b;
        m->open_has = tl_b ? false : tl_a ? (s.incl_b != 0) : s.a_content;
    }
    for (int u = 0; u < 2; u++)
        m->cred[u] = (m->cred[u] + (issue[u] ? 1u : 0u) - (pop[u] ? 1u : 0u)) & aw1;
    if (pop_old && !pop_new)
        m->rd_par = !m->rd_par;

    for (int u = 0; u < 2; u++) {
        /* the head register: the pushed entry when it becomes the oldest, else the next entry on a pop */
        unsigned count = (m->wr_ptr[u] - m->rd_ptr[u]) & aw1;
        bool popped = pop[u] && count != 0;
        if (uo[u].m_tvalid && (popped ? count <= 1 : count == 0))
            m->head[u] = uo[u].m_crc;
        else if (popped)
            m->head[u] = m->mem[u][(m->rd_ptr[u] + 1) & mask];
        if (uo[u].m_tvalid) {
            m->mem[u][m->wr_ptr[u] & mask] = uo[u].m_crc;
            m->wr_ptr[u] = (m->wr_ptr[u] + 1) & aw1;
        }
        if (pop[u])
            m->rd_ptr[u] = (m->rd_ptr[u] + 1) & aw1;
        if (in->rst) {
            m->wr_ptr[u] = 0;
            m->rd_ptr[u] = 0;
        }
        mdd_crc_unit_tick(&m->unit[u], &ui[u]);
        m->ureg[u] = ui_next[u];
        if (in->rst)
            m->ureg[u].s_tvalid = false;
    }
    if (in->rst) {
        m->par = false;
        m->open_has = false;
        m->cred[0] = m->cred[1] = 0;
        m->rd_par = false;
    }
}

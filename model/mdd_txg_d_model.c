/* SPDX-License-Identifier: MIT */
/* Stage D of the staged TX generator: see mdd_txg_d_model.h. */
#include "mdd_txg_d_model.h"

#include <string.h>

#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"

int mdd_txg_d_model_init(mdd_txg_d_model *m, unsigned w)
{
    if (w < 1 || w > MDD_RX_MAX_W)
        return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

/* The DIF position at the word's first lane. */
static uint32_t q_of(const mdd_txg_d_model *m, int64_t d0)
{
    if (m->op == MDD_DIF_NONE)
        return m->q0;
    const int64_t per = m->op == MDD_DIF_CHECK_STRIP ? m->blk : (int64_t)m->blk + m->pi;
    if (m->kp)
        return m->blk + m->pi - m->kp;
    int64_t q = (int64_t)m->blk - 1 - (m->e - d0);
    while (q < 0)
        q += per;
    return (uint32_t)q;
}

static unsigned min_u(int64_t a, int64_t b)
{
    const int64_t x = a < b ? a : b;
    return x < 0 ? 0u : (unsigned)x;
}

void mdd_txg_d_eval(const mdd_txg_d_model *m, const mdd_txg_d_in *in, mdd_txg_d_out *out)
{
    memset(out, 0, sizeof *out);
    const unsigned w = m->w;
    const unsigned first = m->mid ? m->j : in->lo;
    out->first = out->next = (uint8_t)first;
    out->p1 = out->p2 = in->hi;
    out->e = m->e;
    out->kp = m->kp;
    if (!in->go || in->load || first >= in->hi)
        return;
    out->q = q_of(m, in->dc[first]);
    const bool none = m->op == MDD_DIF_NONE, strip = m->op == MDD_DIF_CHECK_STRIP;
    const int64_t blk = m->blk, pi = m->pi, e = m->e;
    /* the second block end ends the word: lanes with dc + data <= stop */
    const int64_t stop = none ? INT64_MAX : strip ? e + blk : e + blk + pi;
    /* per lane, all from registers and compares: behind kp's run (a pi_here lane at or before it in the part),
     * behind the run after the EB lane (dc > e), fits in W, before the second block end */
    bool front = false;
    unsigned p1 = in->hi, p2 = in->hi, next = in->hi;
    for (unsigned i = first; i < in->hi; i++) {
        const bool data = in->cls[i] == MDD_TXG_L_DATA;
        const int64_t dc = in->dc[i];
        front = front || (m->kp && ((in->pi_here >> i) & 1));
        const bool behind2 = strip && dc > e;
        if (front && p1 == in->hi)
            p1 = i;
        if (behind2 && p2 == in->hi)
            p2 = i;
        const unsigned ins = (front ? m->kp : 0u) + (behind2 ? m->pi : 0u);
        const bool fit = (int64_t)(i - first) + ins < (int64_t)w;
        const bool ok = data ? dc < stop : dc <= stop;
        if (!fit || !ok) {
            next = i; /* a thermometer: no later lane is in the word */
            break;
        }
        out->take |= 1ull << i;
        out->ins[i] = (uint8_t)ins;
        out->cls[i] = in->cls[i];
        if (data) {
            out->cls[i] = MDD_TXG_L_PAY;
            if (!none && !strip) {
                if (dc <= e - blk) {
                    out->cls[i] = MDD_TXG_L_PI;
                    out->aux[i] = (uint8_t)(dc - (e - blk - pi + 1));
                } else if (dc > e && dc <= e + pi) {
                    out->cls[i] = MDD_TXG_L_PI;
                    out->aux[i] = (uint8_t)(dc - e - 1);
                }
            }
            if (!none && dc == e)
                out->eb |= 1ull << i;
        }
    }
    /* a run is laid out when its lane is reached (in the word, or the first lane after it), cut at W */
    if (p1 <= next && p1 < in->hi) {
        out->r1_pos = (uint8_t)(p1 - first);
        out->r1_len = (uint8_t)min_u(m->kp, (int64_t)w - out->r1_pos);
    }
    if (p2 <= next && p2 < in->hi) {
        out->r2_pos = (uint8_t)(p2 - first + (p1 <= p2 ? m->kp : 0));
        out->r2_len = (uint8_t)min_u(m->pi, (int64_t)w - out->r2_pos);
    }
    out->p1 = (uint8_t)p1;
    out->p2 = (uint8_t)p2;
    unsigned n = out->r1_len + out->r2_len;
    for (unsigned i = first; i < next; i++)
        n++;
    out->n = (uint8_t)n;
    out->next = (uint8_t)next;
    out->v = n > 0;
    out->pop = out->v && next == in->hi;
}

void mdd_txg_d_compact(const mdd_txg_d_model *m, const mdd_txg_d_out *o, uint8_t *src, uint8_t *cls, uint8_t *aux,
                       uint8_t *eb_out)
{
    *eb_out = (uint8_t)m->w;
    for (unsigned k = 0; k < o->r1_len; k++) {
        src[o->r1_pos + k] = MDD_TXG_D_SPI;
        cls[o->r1_pos + k] = MDD_TXG_L_SPI;
        aux[o->r1_pos + k] = (uint8_t)(m->pi - m->kp + k);
    }
    for (unsigned k = 0; k < o->r2_len; k++) {
        src[o->r2_pos + k] = MDD_TXG_D_SPI;
        cls[o->r2_pos + k] = MDD_TXG_L_SPI;
        aux[o->r2_pos + k] = (uint8_t)k;
    }
    for (unsigned i = o->first; i < o->next; i++) {
        const unsigned k = i - o->first + o->ins[i];
        src[k] = (uint8_t)i;
        cls[k] = o->cls[i];
        aux[k] = o->aux[i];
        if ((o->eb >> i) & 1)
            *eb_out = (uint8_t)k;
    }
}

void mdd_txg_d_tick(mdd_txg_d_model *m, const mdd_txg_d_in *in)
{
    if (in->rst) {
        const unsigned w = m->w;
        memset(m, 0, sizeof *m);
        m->w = w;
        return;
    }
    if (in->load) {
        const unsigned w = m->w;
        memset(m, 0, sizeof *m);
        m->w = w;
        m->op = in->ld_op;
        m->blk = in->ld_blk;
        m->pi = in->ld_pi;
        m->q0 = in->ld_dif_pos;
        const int64_t blk = m->blk, pi = m->pi, q = m->q0;
        if (m->op == MDD_DIF_CHECK_STRIP && q >= blk) {
            m->kp = (uint8_t)(blk + pi - q);
            m->e = blk - 1;
        } else {
            m->e = q < blk ? blk - 1 - q : (blk + pi - q) + blk - 1;
        }
        return;
    }
    mdd_txg_d_out o;
    mdd_txg_d_eval(m, in, &o);
    if (!o.v)
        return;
    const bool strip = m->op == MDD_DIF_CHECK_STRIP;
    /* without STRIP every lane before the stop is in the word, and the EB lane is before it: the word takes its
     * EB if the part has it (e is at least the dc of D's first lane) */
    const bool took_eb = strip ? o.eb != 0 : m->op != MDD_DIF_NONE && m->e < in->dc_n;
    /* CHECK_STRIP: SPI lanes still due. kp's run is done once its lane is in the word, else less what the word
     * laid out of it; then the EB's run likewise. */
    uint8_t kp = 0;
    if (strip) {
        if (m->kp && o.p1 >= o.next)
            kp = (uint8_t)(m->kp - o.r1_len);
        else if (took_eb && o.p2 >= o.next)
            kp = (uint8_t)(m->pi - o.r2_len);
    }
    m->kp = kp;
    m->e += took_eb ? (strip ? (int64_t)m->blk : (int64_t)m->blk + m->pi) : 0;
    if (o.pop) {
        m->e -= in->dc_n;
        m->mid = false;
    } else {
        m->mid = true;
        m->j = o.next;
    }
}

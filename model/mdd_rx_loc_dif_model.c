/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_rx_loc_dif.v; see mdd_rx_loc_dif_model.h. part_of() is stage B of the RTL: the part of the
 * word in stage A, computed by the reference algorithm (each PAY lane's position from the part's start position
 * and the PAY lanes before it, lane by lane), not by the RTL's block-start distances (e_r, ep_r, em_r), so
 * lockstep holds the RTL's arithmetic to the reference on every cycle.
 */
#include "mdd_rx_loc_dif_model.h"

#include <string.h>

#include "mdd/formats.h"

#define F(name, d) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)
#define SETF(name, d, v) mdd_field_set((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W, (v))

#define M18 0x3ffffu

int mdd_rx_loc_dif_model_init(mdd_rx_loc_dif_model *m, unsigned w)
{
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64) return -1;
    memset(m, 0, sizeof *m);
    m->w = w;
    return 0;
}

struct part {
    mdd_rx_word w;
    uint64_t in;
    bool final;
    unsigned nbytes, used;
    uint32_t dpos_next;
};

static void part_of(const mdd_rx_loc_dif_model *m, struct part *pt)
{
    const mdd_rx_word *in = &m->a;
    const uint64_t *d = in->desc;
    const unsigned dif_op = (unsigned)F(DIF_OP, d);
    const uint32_t blk_len = (uint32_t)F(BLK_LEN, d);
    const bool active = !in->dbad && dif_op != MDD_DIF_NONE;
    const bool pi_keep = dif_op != MDD_DIF_CHECK_STRIP;
    const uint32_t period = blk_len + (F(PI_FMT, d) == MDD_PI_T10_CODE ? MDD_PI_T10_LEN : MDD_PI_NVME32_LEN);
    const bool first_part = m->done == 0;
    const unsigned used = first_part ? 0 : m->used_r;
    const uint32_t cur = (in->first && first_part) ? (uint32_t)F(DIF_POS, d) : m->dpos_r;
    const uint32_t k1 = cur == 0 ? 0 : (period - cur) & M18;
    const uint32_t limit = (k1 + period) & M18;

    mdd_rx_word *w = &pt->w;
    memcpy(w->data, in->data, sizeof w->data);
    memset(w->tag, MDD_KIND_VOID, sizeof w->tag);
    memset(w->aux, 0, sizeof w->aux);
    bool final = true;
    unsigned npay = 0, nbytes = 0;
    uint64_t inm = 0;
    for (unsigned i = 0; i < m->w; ++i) {
        if ((m->done >> i) & 1 || !final) continue;
        const uint8_t t = in->tag[i];
        const bool pay = (t & 7u) == MDD_KIND_PAY;
        if (active && pay && npay >= limit) {
            final = false; /* a second block start: the next part begins here */
            continue;
        }
        inm |= 1ull << i;
        w->tag[i] = t;
        w->aux[i] = in->aux[i] & 0xf;
        if ((t & 7u) != MDD_KIND_VOID) nbytes++;
        if (active && pay) {
            uint32_t pos = (cur + npay) & M18;
            if (pos >= period) pos = (pos - period) & M18;
            if (pos < blk_len) {
                if (pos + 1 == blk_len) w->tag[i] = (uint8_t)(w->tag[i] | MDD_TAGM_EB);
            } else {
                w->tag[i] = (uint8_t)((t & ~(MDD_TAGM_K | 7u)) | MDD_KIND_PI | (pi_keep ? MDD_TAGM_K : 0));
                w->aux[i] = (uint8_t)((pos - blk_len) & 0xf);
            }
            npay++;
        }
    }
    uint32_t dsum = (cur + npay) & M18;
    if (dsum >= period) dsum = (dsum - period) & M18;
    if (dsum >= period) dsum = (dsum - period) & M18;
    pt->dpos_next = dsum & 0x1ffff;

    w->first = in->first && first_part;
    w->last = in->last && final;
    w->woff = in->woff + used;
    w->nin = (uint8_t)(final ? in->nin - used : nbytes);
    w->dbad = in->dbad;
    memcpy(w->desc, in->desc, sizeof w->desc);
    if (in->last && final && active) SETF(DIF_POS, w->desc, pt->dpos_next);
    w->xflags = in->xflags;
    w->err_v = first_part && in->err_v;
    w->err_code = first_part ? in->err_code : 0;
    w->err_byte = first_part ? in->err_byte : 0;
    w->err_off = first_part ? in->err_off : 0;
    w->err_unit = first_part ? in->err_unit : 0;
    w->err_exp = first_part ? in->err_exp : 0;
    w->err_got = first_part ? in->err_got : 0;
    w->emap = first_part ? in->emap : 0;
    w->ecnt = first_part ? in->ecnt : 0;

    pt->in = inm;
    pt->final = final;
    pt->nbytes = nbytes;
    pt->used = used;
}

void mdd_rx_loc_dif_eval(const mdd_rx_loc_dif_model *m, const mdd_rx_loc_dif_in *in, mdd_rx_loc_dif_out *out)
{
    const bool advance = in->m_ready || !m->m_valid_r;
    /* stage A takes stage I's word when it is empty or its word's last part leaves this cycle; stage I takes
     * the input when it is empty or its word moves to stage A */
    bool a_free = true;
    if (m->a_valid) {
        struct part pt;
        part_of(m, &pt);
        a_free = advance && pt.final;
    }
    out->s_ready = !m->i_valid || a_free;
    out->m_valid = m->m_valid_r;
    MDD_RX_WORD_COPY(out, m_, &m->m, );
}

void mdd_rx_loc_dif_tick(mdd_rx_loc_dif_model *m, const mdd_rx_loc_dif_in *in)
{
    const bool advance = in->m_ready || !m->m_valid_r;
    const bool emit = m->a_valid && advance;
    bool take = false;
    if (emit) {
        struct part pt;
        part_of(m, &pt);
        take = pt.final;
        m->m = pt.w;
        m->dpos_r = pt.dpos_next;
        if (in->rst) {
            m->done = 0;
            m->used_r = 0;
        } else {
            m->done = pt.final ? 0 : (m->done | pt.in);
            m->used_r = pt.final ? 0 : ((pt.used + pt.nbytes) & 0xff);
        }
    } else if (in->rst) {
        m->done = 0;
        m->used_r = 0;
    }
    const bool load = m->i_valid && (!m->a_valid || take); /* stage I -> A */
    const bool i_load = in->s_valid && (!m->i_valid || load);
    if (load) m->a = m->i;
    if (i_load) MDD_RX_WORD_COPY(&m->i, , in, s_);
    if (in->rst) {
        m->i_valid = false;
        m->a_valid = false;
        m->m_valid_r = false;
    } else {
        if (advance) m->m_valid_r = m->a_valid; /* the pre-edge stage A */
        if (load) m->a_valid = true;
        else if (take) m->a_valid = false;
        if (i_load) m->i_valid = true;
        else if (load) m->i_valid = false;
    }
}

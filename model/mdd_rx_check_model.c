/* SPDX-License-Identifier: MIT */
#include "mdd_rx_check_model.h"

#include <string.h>

#include "mdd/formats.h"

#define DGET(d, name) mdd_rx_field((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W)
#define DSET(d, name, v) mdd_field_set((d), MDD_DESC_##name##_WORD, MDD_DESC_##name##_LSB, MDD_DESC_##name##_W, (v))

int mdd_rx_check_model_init(mdd_rx_check_model *m, unsigned w, unsigned eng_mask, bool tx)
{
    memset(m, 0, sizeof *m);
    if (w != 4 && w != 8 && w != 16 && w != 32 && w != 64)
        return -1;
    m->w = w;
    m->eng_mask = eng_mask & 7u;
    m->tx = tx;
    m->pre = w >= 32;
    return 0;
}

static bool has_eng(const mdd_rx_check_model *m, unsigned engine) { return (m->eng_mask >> engine) & 1u; }

/* Results the word needs from engine e, and whether they are there. */
static unsigned need(const mdd_rx_check_in *in, int e) { return in->s_nend[e] + (in->s_part[e] ? 1u : 0u); }
static bool have(const mdd_rx_check_in *in, int e)
{
    unsigned n = need(in, e);
    return n == 0 || (n == 1 && in->res0_valid[e]) || (n == 2 && in->res0_valid[e] && in->res1_valid[e]);
}
/* Five stages (RTL r_*, e_*, v_*, q_*, m_*): the word enters (with its lane decode), is checked (state, compares;
 * the PI bytes' compares are reduced in stage 1b, v_*), its events and each kind's candidate are formed, and the
 * candidates are ranked; each stage moves when the next can take its word. The twin computes the whole word at
 * the check stage (mdd_rx_word_merge ranks as it goes) and carries it through the last three registers: the PI
 * bytes that differed carry across words in stage 1b as in stage 1, in word order, and events and ranking need
 * no state, so where they happen cannot be seen. */
static bool advance_m(const mdd_rx_check_model *m, const mdd_rx_check_in *in) { return in->m_ready || !m->m_valid; }
static bool advance_q(const mdd_rx_check_model *m, const mdd_rx_check_in *in) { return advance_m(m, in) || !m->q_valid; }
static bool advance_v(const mdd_rx_check_model *m, const mdd_rx_check_in *in) { return advance_q(m, in) || !m->v_valid; }
static bool advance(const mdd_rx_check_model *m, const mdd_rx_check_in *in) { return advance_v(m, in) || !m->e_valid; }

/* What the check stage sees: stage 0's word and counts, this cycle's engine results. */
static void stage1_in(const mdd_rx_check_model *m, const mdd_rx_check_in *in, mdd_rx_check_in *w)
{
    *w = *in;
    w->s_valid = m->r_valid;
    MDD_RX_WORD_COPY(w, s_, &m->r, );
    memcpy(w->s_nend, m->r_nend, sizeof w->s_nend);
    memcpy(w->s_part, m->r_part, sizeof w->s_part);
}
/* an absent engine's word needs none of its results (the check stage ties its counts to 0): as the RTL, its
 * terms are left out */
static bool take(const mdd_rx_check_model *m, const mdd_rx_check_in *w)
{
    bool h = true;
    for (int e = 0; e < MDD_RX_ENGS; e++)
        h = h && (!has_eng(m, (unsigned)e) || have(w, e));
    return w->s_valid && advance(m, w) && h;
}

/* Expected byte j of a PI: guard, app tag, reference tag, all big-endian. */
static uint8_t pi_exp_byte(const struct mdd_pifmt *f, unsigned j, uint64_t gexp, uint16_t app, uint64_t ref)
{
    if (j < f->guard_len)
        return (uint8_t)(gexp >> (8 * (f->guard_len - 1 - j)));
    if (j < f->ref_off)
        return (uint8_t)(app >> (8 * (f->ref_off - 1 - j)));
    unsigned k = (f->ref_len - 1 - (j - f->ref_off)) & 31; /* byte k of the reference value (5 bits, as the RTL) */
    return k < 6 ? (uint8_t)(ref >> (8 * k)) : 0;   /* 48-bit tag, zero-extended (NVMe 32b guard: 80 bits) */
}

/* The value of PI bytes [a, a+n) big-endian, low 64 bits. */
static uint64_t pi_value(const uint8_t *b, unsigned a, unsigned n)
{
    uint64_t v = 0;
    for (unsigned j = a; j < a + n; j++)
        v = (v << 8) | b[j];
    return v;
}

/* The whole-transfer combinational step: the output word and the next state, from the state and the word. */
typedef struct step {
    mdd_rx_word out;
    mdd_rx_check_dig dig[2];
    mdd_rx_check_pi pi;
    uint32_t pdus, blocks;
    bool contract_error;
    /* coverage of the ranking (D-088), not behaviour: each digest kind's fields with bytes in this word (the
     * RTL's fields A and B, by offset) and every event's key, to tell whether a digest kind's candidate ranked
     * by its other field's key (the mutant the ranking bench must kill) would pick another first error */
    struct { uint32_t off[2]; unsigned n; } fld[2];
    struct { unsigned code; uint32_t off; unsigned kind; } ev[24]; /* kind 0 incoming, 1 HDIG, 2 DDIG, 3 PI */
    unsigned n_ev;
    bool rank_alt;                 /* the word's first error differs under that mutant: */
    unsigned alt_code;             /* ... the mutant's first error */
    uint32_t alt_off;
} step;

static void note_fld(step *s, unsigned k, uint32_t off)
{
    unsigned n = s->fld[k].n;
    for (unsigned j = 0; j < n; j++)
        if (s->fld[k].off[j] == off)
            return;
    if (n == 2)
        return;
    if (n == 1 && off < s->fld[k].off[0]) { /* a carried field whose bytes ended in the previous word */
        s->fld[k].off[1] = s->fld[k].off[0];
        s->fld[k].off[0] = off;
    } else {
        s->fld[k].off[n] = off;
    }
    s->fld[k].n = n + 1;
}

static void note_ev(step *s, unsigned kind, unsigned code, uint32_t off)
{
    if (s->n_ev < sizeof s->ev / sizeof s->ev[0]) {
        s->ev[s->n_ev].code = code;
        s->ev[s->n_ev].off = off;
        s->ev[s->n_ev].kind = kind;
        s->n_ev++;
    }
}

/* The ranking with a digest kind's candidate keyed by its other field in the word: the first error it picks,
 * when that differs from the word's (s->out). */
static void rank_coverage(step *s)
{
    for (unsigned k = 0; k < 2; k++) {
        if (s->fld[k].n != 2)
            continue;
        int c = -1;
        for (unsigned e = 0; e < s->n_ev && c < 0; e++)
            if (s->ev[e].kind == 1 + k)
                c = (int)e;
        if (c < 0)
            continue;
        bool other = false;
        unsigned oc = 0;
        uint32_t oo = 0;
        for (unsigned e = 0; e < s->n_ev; e++)
            if (s->ev[e].kind != 1 + k && (!other || mdd_rx_err_before(s->ev[e].code, s->ev[e].off, oc, oo))) {
                other = true;
                oc = s->ev[e].code;
                oo = s->ev[e].off;
            }
        if (!other)
            continue;
        const uint32_t alt = s->ev[c].off == s->fld[k].off[0] ? s->fld[k].off[1] : s->fld[k].off[0];
        const bool wins = mdd_rx_err_before(s->ev[c].code, s->ev[c].off, oc, oo);
        if (wins != mdd_rx_err_before(s->ev[c].code, alt, oc, oo)) {
            s->rank_alt = true;
            s->alt_code = wins ? oc : s->ev[c].code;
            s->alt_off = wins ? oo : s->ev[c].off;
        }
    }
}

static void pi_finish(step *s, mdd_rx_check_pi *p, const struct mdd_pifmt *f, unsigned prot, unsigned chk,
                      uint16_t app_tag, uint16_t app_mask)
{
    /* escape (D-033, rxref R10): from the app / ref bytes this transfer holds */
    unsigned app_present = 0, app_ff = 1, ref_ff = 1;
    for (unsigned j = f->app_off; j < f->ref_off; j++)
        if ((p->present >> j) & 1) {
            app_present++;
            app_ff &= p->got[j] == 0xFF;
        }
    for (unsigned j = f->ref_off; j < f->pi_len; j++)
        if ((p->present >> j) & 1)
            ref_ff &= p->got[j] == 0xFF;
    bool escaped = app_present > 0 && app_ff && (prot != 3 || ref_ff);
    if (!escaped) {
        uint64_t gmask = f->guard_len >= 8 ? ~0ull : ((1ull << (8 * f->guard_len)) - 1);
        if ((chk & MDD_DIFCHK_GUARD) && p->mis[0]) {
            mdd_rx_word_merge(&s->out, MDD_ERR_GUARD, p->mbyte[0], p->soff[0], p->unit, p->fgexp & gmask,
                              pi_value(p->got, 0, f->guard_len));
            note_ev(s, 3, MDD_ERR_GUARD, p->soff[0]);
        }
        if ((chk & MDD_DIFCHK_APP) && p->mis[1]) {
            mdd_rx_word_merge(&s->out, MDD_ERR_APP, p->mbyte[1], p->soff[1], p->unit, app_tag,
                              pi_value(p->got, f->app_off, 2));
            note_ev(s, 3, MDD_ERR_APP, p->soff[1]);
        }
        (void)app_mask;
        if ((chk & MDD_DIFCHK_REF) && prot != 3 && p->mis[2]) {
            unsigned n = f->ref_len > 8 ? 8 : f->ref_len;
            uint64_t rmask = f->ref_len >= 6 ? 0xFFFFFFFFFFFFull : 0xFFFFFFFFull;
            mdd_rx_word_merge(&s->out, MDD_ERR_REF, p->mbyte[2], p->soff[2], p->unit, p->fref & rmask,
                              pi_value(p->got, f->pi_len - n, n));
            note_ev(s, 3, MDD_ERR_REF, p->soff[2]);
        }
    }
    p->act = false;
}

/* tx: the digest was filled, not checked: no event */
static void dig_finish(step *s, mdd_rx_check_dig *g, unsigned code, bool tx)
{
    if (g->mis && !tx) {
        mdd_rx_word_merge(&s->out, code, g->mbyte, g->off, g->unit, g->exp, g->got);
        note_fld(s, code == MDD_ERR_DDIG, g->off);
        note_ev(s, code == MDD_ERR_DDIG ? 2 : 1, code, g->off);
    }
    g->act = false;
}

static void compute(const mdd_rx_check_model *m, const mdd_rx_check_in *in, step *s)
{
    memset(s, 0, sizeof *s);
    MDD_RX_WORD_COPY(&s->out, , in, s_);
    if (in->s_err_v)
        note_ev(s, 0, in->s_err_code, in->s_err_off);
    const uint64_t *d = in->s_desc;
    unsigned proto = (unsigned)DGET(d, PROTO), dif_op = (unsigned)DGET(d, DIF_OP);
    unsigned prot = (unsigned)DGET(d, PROT_TYPE), chk = (unsigned)DGET(d, DIF_CHK);
    const struct mdd_pifmt *f = mdd_pifmt((unsigned)DGET(d, PI_FMT));
    if (!f)
        f = mdd_pifmt(0); /* a DESC transfer: no PI lane can appear */
    uint16_t app_tag = (uint16_t)DGET(d, APP_TAG), app_mask = (uint16_t)DGET(d, APP_MASK);
    const bool tx = m->tx;
    const bool has_h = has_eng(m, MDD_ENGINE_HDIG), has_d = has_eng(m, MDD_ENGINE_DDIG);
    bool en[MDD_RX_ENGS];
    en[MDD_RX_ENG_H] = has_h && !in->s_dbad && proto == MDD_PROTO_ISCSI && DGET(d, HDIG_EN);
    en[MDD_RX_ENG_D] = has_d && !in->s_dbad && DGET(d, DDIG_EN);
    en[MDD_RX_ENG_G] = has_eng(m, MDD_ENGINE_GUARD) && !in->s_dbad && dif_op != MDD_DIF_NONE;
    /* TX: INSERT PI is generated here (filled, never checked); CHECK_REPLACE rewrites on both sides */
    const bool pi_fill = dif_op == MDD_DIF_CHECK_REPLACE || (tx && dif_op == MDD_DIF_INSERT);
    const bool pi_chk = !(tx && dif_op == MDD_DIF_INSERT);

    s->dig[0] = m->dig[0];
    s->dig[1] = m->dig[1];
    s->pi = m->pi;
    s->pdus = m->pdus;
    s->blocks = m->blocks;
    if (in->s_first) {
        memset(s->dig, 0, sizeof s->dig);
        memset(&s->pi, 0, sizeof s->pi);
        s->dig[0].exp = tx ? 0 : (uint32_t)DGET(d, HDIG_PART); /* TX word 7 is the window (T1: no cut HDIG) */
        s->dig[1].exp = (uint32_t)DGET(d, DIG_PART);
        s->pi.gexp = DGET(d, DIF_PART);
        s->pi.ref = DGET(d, REF_TAG);
        s->pdus = s->blocks = 0;
    }

    unsigned used[MDD_RX_ENGS] = {0, 0, 0};
    const uint64_t *res[2] = {in->res0, in->res1};
    uint32_t off = in->s_woff;
    for (unsigned i = 0; i < m->w; i++) {
        unsigned t = in->s_tag[i], kind = t & 7;
        if (kind == MDD_KIND_VOID)
            continue;
        unsigned a = in->s_aux[i] & 15;
        uint8_t b = in->s_data[i];
        /* TX offsets count host bytes only: HDR, PAY, and PI unless it is generated (INSERT) */
        bool host = !tx || kind == MDD_KIND_HDR || kind == MDD_KIND_PAY ||
                    (kind == MDD_KIND_PI && dif_op != MDD_DIF_INSERT);
        if ((kind == MDD_KIND_HDIG && has_h) || (kind == MDD_KIND_DDIG && has_d)) {
            mdd_rx_check_dig *g = &s->dig[kind == MDD_KIND_DDIG];
            if (!g->act) {
                g->act = true;
                g->mis = false;
                g->mbyte = 0;
                g->off = off;
                g->unit = s->pdus;
                g->got = g->exp;
            }
            note_fld(s, kind == MDD_KIND_DDIG, g->off);
            unsigned sh = 8 * (a & 3);
            g->got = (g->got & ~(0xFFu << sh)) | ((uint32_t)b << sh);
            if (b != (uint8_t)(g->exp >> sh) && !g->mis) {
                g->mis = true;
                g->mbyte = a & 3;
            }
            if (tx)
                s->out.data[i] = (uint8_t)(g->exp >> sh); /* TX fills the digest */
            if ((a & 3) == 3) {
                dig_finish(s, g, kind == MDD_KIND_DDIG ? MDD_ERR_DDIG : MDD_ERR_HDIG, tx);
                g->rs = 2;
            }
        } else if (kind == MDD_KIND_PI && en[MDD_RX_ENG_G]) {
            mdd_rx_check_pi *p = &s->pi;
            if (!p->act) {
                p->act = true;
                p->present = 0;
                memset(p->mis, 0, sizeof p->mis);
                memset(p->mbyte, 0, sizeof p->mbyte);
                memset(p->soff, 0, sizeof p->soff);
                p->fgexp = p->gexp;
                p->fref = p->ref;
                p->unit = s->blocks;
                for (unsigned j = 0; j < 16; j++)
                    p->got[j] = pi_exp_byte(f, j, p->fgexp, app_tag, p->fref);
            }
            unsigned j = a;
            uint8_t e = pi_exp_byte(f, j, p->fgexp, app_tag, p->fref);
            unsigned sub = j < f->guard_len ? 0 : j < f->ref_off ? 1 : 2;
            unsigned sub_start = sub == 0 ? 0 : sub == 1 ? f->app_off : f->ref_off;
            unsigned sub_end = sub == 0 ? f->guard_len : sub == 1 ? f->ref_off : f->pi_len;
            uint16_t sub_mask = (uint16_t)(((1u << sub_end) - 1) & ~((1u << sub_start) - 1));
            if (!(p->present & sub_mask))
                p->soff[sub] = off;
            p->present |= (uint16_t)(1u << j);
            p->got[j] = b;
            uint8_t diff = (uint8_t)(b ^ e);
            if (sub == 1)
                diff &= (uint8_t)(app_mask >> (8 * (f->ref_off - 1 - j)));
            if (diff && !p->mis[sub]) {
                p->mis[sub] = true;
                p->mbyte[sub] = j - sub_start;
            }
            if (pi_fill)
                s->out.data[i] = e;
            if (j == f->pi_len - 1) {
                pi_finish(s, p, f, prot, pi_chk ? chk : 0, app_tag, app_mask);
                s->blocks++;
                if (prot != 3)
                    p->ref = (p->ref + 1) & 0xFFFFFFFFFFFFull;
                p->rs = 2;
            }
        }
        /* end flags: the message ended here; its result is the next one of its engine */
        static const unsigned flag_of[MDD_RX_ENGS] = {MDD_TAG_EH, MDD_TAG_ED, MDD_TAG_EB};
        for (int e = 0; e < MDD_RX_ENGS; e++) {
            if (!en[e] || !((t >> flag_of[e]) & 1))
                continue;
            uint64_t r = used[e] < 2 ? res[used[e]][e] : 0;
            if (used[e] >= in->s_nend[e])
                s->contract_error = true;
            used[e]++;
            if (e == MDD_RX_ENG_G) {
                s->pi.gexp = r;
                s->pi.rs = 1;
            } else {
                s->dig[e].exp = (uint32_t)r;
                s->dig[e].rs = 1;
            }
        }
        if ((t >> MDD_TAG_EP) & 1)
            s->pdus++;
        if (host)
            off++;
    }
    for (int e = 0; e < MDD_RX_ENGS; e++) {
        if (used[e] != in->s_nend[e])
            s->contract_error = true;
    }

    if (in->s_last) {
        /* fields cut by the end of the transfer: compare what is there */
        for (int k = 0; k < 2; k++)
            if (s->dig[k].act)
                dig_finish(s, &s->dig[k], k ? MDD_ERR_DDIG : MDD_ERR_HDIG, tx);
        if (s->pi.act)
            pi_finish(s, &s->pi, f, prot, pi_chk ? chk : 0, app_tag, app_mask);
        /* resume fields (docs/rx-path.md section 4) */
        uint64_t *od = s->out.desc;
        for (int e = 0; e < MDD_RX_ENGS; e++) {
            if (!en[e])
                continue; /* a disabled engine's fields are echoed */
            uint64_t part;
            bool open = false;
            unsigned rs = e == MDD_RX_ENG_G ? s->pi.rs : s->dig[e].rs;
            if (in->s_part[e]) {
                part = res[in->s_nend[e]][e];
                open = true;
            } else if (rs == 1) {
                part = e == MDD_RX_ENG_G ? s->pi.gexp : s->dig[e].exp;
            } else if (rs == 2) {
                part = 0;
            } else {
                continue; /* nothing happened to it: the descriptor's value stands */
            }
            if (e == MDD_RX_ENG_H) {
                if (tx)
                    continue; /* below: T4 */
                DSET(od, HDIG_PART, part);
                DSET(od, HDIG_OPEN, open);
            } else if (e == MDD_RX_ENG_D) {
                if (tx && en[MDD_RX_ENG_H] && in->s_part[MDD_RX_ENG_H])
                    continue; /* DIG_PART carries the open header message (T4) */
                DSET(od, DIG_PART, part);
                DSET(od, DIG_OPEN, open);
            } else {
                DSET(od, DIF_PART, part);
                DSET(od, DIF_OPEN, open);
            }
        }
        if (en[MDD_RX_ENG_G])
            DSET(od, REF_TAG, s->pi.ref);
        /* TX (T4): HDIG_PART never exists (word 7 is the window). A transfer never ends between EH and the
         * end of the header digest (T1), so only an open header message is saved: in DIG_PART, HDIG_OPEN = 1,
         * DIG_OPEN = 0. A header partial that came in DIG_PART and was used up leaves DIG_PART 0 unless the
         * data digest wrote it (model/mdd_txref.c starts the data digest at 0 under HDIG_OPEN). */
        if (tx && en[MDD_RX_ENG_H]) {
            bool hopen = in->s_part[MDD_RX_ENG_H];
            bool d_wrote = en[MDD_RX_ENG_D] && (in->s_part[MDD_RX_ENG_D] || s->dig[MDD_RX_ENG_D].rs != 0);
            if (hopen) {
                DSET(od, DIG_PART, res[in->s_nend[MDD_RX_ENG_H]][MDD_RX_ENG_H]);
                DSET(od, DIG_OPEN, 0);
            } else if (!d_wrote && DGET(d, HDIG_OPEN)) {
                DSET(od, DIG_PART, 0);
            }
            DSET(od, HDIG_OPEN, hopen);
        }
    }
    rank_coverage(s);
}

void mdd_rx_check_eval(const mdd_rx_check_model *m, const mdd_rx_check_in *in, mdd_rx_check_out *out)
{
    memset(out, 0, sizeof *out);
    mdd_rx_check_in w;
    stage1_in(m, in, &w);
    bool tk = take(m, &w);
    const bool r_ld = !m->r_valid || tk;
    out->s_ready = m->pre ? !m->p_valid || r_ld : r_ld;
    /* a taken word pops exactly the results it needs, none of an absent engine's (compute()'s contract check
     * fails a word whose end flags use other counts); no need to run the lanes here */
    if (tk)
        for (int e = 0; e < MDD_RX_ENGS; e++)
            out->pop[e] = has_eng(m, (unsigned)e) ? (uint8_t)need(&w, e) : 0;
    out->m_valid = m->m_valid;
    MDD_RX_WORD_COPY(out, m_, &m->m, );
}

void mdd_rx_check_tick(mdd_rx_check_model *m, const mdd_rx_check_in *in)
{
    mdd_rx_check_in w;
    stage1_in(m, in, &w);
    bool adv_m = advance_m(m, in);
    bool adv_q = advance_q(m, in);
    bool adv_v = advance_v(m, in);
    bool adv = advance(m, in);
    bool tk = take(m, &w);
    const bool r_ld = !m->r_valid || tk;
    const bool s_ready = m->pre ? !m->p_valid || r_ld : r_ld;
    if (adv_m && m->q_valid)
        m->m = m->q;
    if (adv_m)
        m->m_valid = m->q_valid;
    if (adv_q && m->v_valid)
        m->q = m->v;
    if (adv_q)
        m->q_valid = m->v_valid;
    if (adv_v && m->e_valid)
        m->v = m->e;
    if (adv_v)
        m->v_valid = m->e_valid;
    if (tk) {
        step s;
        compute(m, &w, &s);
        if (s.contract_error)
            m->contract_errors++;
        /* coverage: the mutant's first error would change the transfer's so far (the context's, D-036) */
        const bool prior = !w.s_first && m->cov_best_v;
        if (s.rank_alt && s.out.err_v) {
            const bool t_lt = !prior || mdd_rx_err_before(s.out.err_code, s.out.err_off, m->cov_best_code, m->cov_best_off);
            const bool a_lt = !prior || mdd_rx_err_before(s.alt_code, s.alt_off, m->cov_best_code, m->cov_best_off);
            if (t_lt || a_lt)
                m->cov_rank_ab++;
        }
        if (s.out.err_v && (!prior || mdd_rx_err_before(s.out.err_code, s.out.err_off, m->cov_best_code, m->cov_best_off))) {
            m->cov_best_code = s.out.err_code;
            m->cov_best_off = s.out.err_off;
        }
        m->cov_best_v = prior || s.out.err_v;
        m->dig[0] = s.dig[0];
        m->dig[1] = s.dig[1];
        m->pi = s.pi;
        m->pdus = s.pdus;
        m->blocks = s.blocks;
        m->e = s.out;
    }
    if (adv)
        m->e_valid = tk;
    /* as the RTL: the fields load without a valid word, the valid bits say whether they hold one */
    if (r_ld && m->pre) {
        m->r = m->p;
        memcpy(m->r_nend, m->p_nend, sizeof m->r_nend);
        memcpy(m->r_part, m->p_part, sizeof m->r_part);
        m->r_valid = m->p_valid;
    } else if (r_ld) {
        MDD_RX_WORD_COPY(&m->r, , in, s_);
        memcpy(m->r_nend, in->s_nend, sizeof m->r_nend);
        memcpy(m->r_part, in->s_part, sizeof m->r_part);
        m->r_valid = in->s_valid;
    }
    if (m->pre && s_ready) {
        MDD_RX_WORD_COPY(&m->p, , in, s_);
        memcpy(m->p_nend, in->s_nend, sizeof m->p_nend);
        memcpy(m->p_part, in->s_part, sizeof m->p_part);
        m->p_valid = in->s_valid;
    }
    if (in->rst) {
        m->m_valid = false;
        m->q_valid = false;
        m->v_valid = false;
        m->e_valid = false;
        m->r_valid = false;
        m->p_valid = false;
        memset(m->dig, 0, sizeof m->dig);
        memset(&m->pi, 0, sizeof m->pi);
        m->pdus = m->blocks = 0;
    }
}

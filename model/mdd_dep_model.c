/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_dep.v, the direct-deposit receive engine (docs/deposit.md, section 9 for the pipeline).
 *
 * One section per RTL module, each with the module's registers under the RTL names: ingest (mdd_dep_in),
 * the four mdd_fifo instances, the payload CRC unit (its own twin, model/mdd_crc_unit_model.h), the check unit
 * (mdd_dep_chk), the tail (mdd_dep_tail), the AXI writer (mdd_dep_axw) and the register block (mdd_dep_regs).
 * comb() computes every combinational signal of one cycle from the registers and the inputs, in the order the
 * signals depend on each other (registers only -> tail -> check unit -> writer -> FIFO readies -> CRC unit ->
 * ingest -> register block); eval() reports the outputs, tick() applies the clock edge from the same values,
 * reading old register values only, as the RTL's nonblocking assignments do.
 */
#include "mdd_dep_model.h"

#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd/regs.h"
#include "mdd_crc_unit_model.h"

#define HDR_DEPTH 4
#define PAY_DEPTH 32
#define PKT_DEPTH 8

/* ---- FIFO records ---- */
typedef struct hrec {
    uint8_t h[32];
    unsigned herr, hlane, hseen;
} hrec;
typedef struct prec {
    uint8_t d[MDD_DEP_MAX_W];
    uint64_t m;
    bool last;
} prec;
typedef struct vrec {
    bool up, pcrc;
    unsigned code, lane;
    uint64_t exp, found;
    uint32_t trl;
} vrec;

/* mdd_fifo: wr/rd count modulo 2 * depth */
typedef struct fifo {
    unsigned depth, wr, rd;
} fifo;
static bool fifo_empty(const fifo *f) { return f->wr == f->rd; }
static bool fifo_full(const fifo *f) { return f->wr != f->rd && (f->wr % f->depth) == (f->rd % f->depth); }
static unsigned fifo_head(const fifo *f) { return f->rd % f->depth; }
static void fifo_tick(fifo *f, bool push, bool pop, bool rst)
{
    if (push) f->wr = (f->wr + 1) % (2 * f->depth);
    if (pop) f->rd = (f->rd + 1) % (2 * f->depth);
    if (rst) f->wr = f->rd = 0;
}

enum { S_IDLE, S_EARLY, S_LOOK1, S_LOOK2, S_EVAL, S_RHQ, S_OUT };
enum { F_IDLE, F_ENTRY, F_PAY, F_PWAIT };
enum { V_WB, V_COMMIT, V_STATUS, V_SWAIT };
enum { P_IDLE, P_PTR, P_PWAIT, P_SEG };
enum { C_IDLE, C_CQE, C_CWAIT, C_EVT };
enum { TAG_S = 4, TAG_P = 5, TAG_C = 6 }; /* the back stages' metadata writes */
#define QN 4 /* the tail's queue slots */

/* the job, as the check unit's registers hold it */
typedef struct job {
    uint8_t h[28];
    unsigned cq, reply;
    bool pass;
    unsigned code, field;
    uint64_t exp, found, ea, entry, ptr_addr, upd_val;
    uint32_t ptr_val;
    unsigned upd_idx;
    bool upd, want, sol, flush;
} job;

typedef struct conn_cfg {
    unsigned pd, rhq, cq, reply, abase, alen;
} conn_cfg;
typedef struct rg_cfg {
    bool rights;
    unsigned key, pd;
    uint64_t base, len;
} rg_cfg;

struct mdd_dep_model {
    mdd_dep_params p;
    unsigned lw, cl, sweep;
    uint64_t kmask;
    /* ---- mdd_dep_in ---- */
    uint64_t pos, nseen;
    uint8_t hbuf[32];
    uint32_t len_r;
    bool pcrc_r, hkb_r, lkb_r;
    unsigned hlane_r, llane_r;
    uint8_t prev4[4];
    bool st_v, st_hdr, st_pay, st_vrd;   /* the ingest register: one accepted beat's three outputs */
    hrec st_hr;
    prec st_pr;
    vrec st_vr;
    /* ---- FIFOs ---- */
    fifo hf, pf, vf, cf;
    hrec hmem[HDR_DEPTH];
    prec pmem[PAY_DEPTH];
    vrec vmem[PKT_DEPTH];
    uint32_t cmem[PKT_DEPTH];
    /* ---- payload CRC unit ---- */
    mdd_crc_unit_model crc;
    /* ---- mdd_dep_chk ---- */
    unsigned c_st;
    uint8_t h[32];
    unsigned herr, hlane, hseen;
    bool flush;
    bool full_r;        /* the RHQ of rhq_idx was full in the last cycle: RHQ decides on it (RTL: a register) */
    unsigned cs_state;
    conn_cfg cc;
    bool r_valid;
    rg_cfg rc;
    uint64_t a0v, a1v;
    unsigned a0p, a1p;
    job j; /* j_* registers (h, cq, reply and flush are live copies, filled when the job is read) */
    /* ---- mdd_dep_tail ---- */
    unsigned fst, vst, pst, cst;
    job sj[QN];
    unsigned srem[QN], spresp[QN];
    bool sperr[QN], sflush[QN];
    unsigned scode[QN], sfield[QN]; /* the outcome (V) */
    uint64_t sexp[QN], sfound[QN];
    uint32_t scrc[QN];              /* the payload CRC (V), for the SEG record */
    unsigned qw, qv, qp, qc, nupd; /* slot pointers modulo 2 QN */
    unsigned mrem_s, mrem_p, mrem_c;
    unsigned td;                 /* tag FIFO depth 2^TD_W */
    uint8_t tmem[256];
    unsigned tw, tr;             /* modulo 2 td */
    unsigned t_cq;
    bool cq_go;         /* the CQ of t_cq had room and was valid in the last cycle of C_CQE, and no CQ was re-created */
    uint64_t cq_addr;   /* the address of t_cq's next CQE as of the last cycle (RTL: a register, issue 20) */
    /* ---- mdd_dep_axw ---- */
    bool busy, pay;
    unsigned tag;
    bool nv, npay; /* the waiting command */
    unsigned ntag;
    uint64_t naddr;
    uint32_t nlen;
    uint8_t nsd[32];
    uint64_t a0;
    uint32_t len;
    uint8_t sd[32];
    uint64_t aw_off;
    uint32_t ob, nout, have;
    unsigned ahead, outc;
    uint8_t cur_d[MDD_DEP_MAX_W], prev_d[MDD_DEP_MAX_W];
    uint64_t cur_m, prev_m;
    bool ended;
    bool awvalid;
    uint64_t awaddr;
    unsigned awlen;
    bool wvalid, wlast, wpay;
    uint8_t wdata[MDD_DEP_MAX_W];
    uint64_t wstrb;
    /* ---- mdd_dep_regs ---- */
    uint8_t *c_state;    /* flops */
    conn_cfg *c_cfg;     /* u_conn_ram */
    bool *r_valid_t;     /* u_region_ram: valid and the entry */
    rg_cfg *r_cfg;
    uint64_t *a_val;     /* u_aval_ram */
    uint8_t *a_prot;     /* u_aprot_ram */
    /* the RAMs' registered read data (an mdd_dep_aram gives the entries of raddr0 and raddr1) */
    conn_cfg cr_q;
    bool rr_valid;
    rg_cfg rr_cfg;
    uint64_t av_q0, av_q1;
    unsigned ap_q0, ap_q1;
    bool rb_pend;
    uint64_t *q_base, *q_ptr;
    unsigned *q_l2n;
    uint32_t *q_tail, *q_head;
    uint64_t *k_base;
    unsigned *k_l2n, *k_evt, *k_arm;
    bool *k_valid;
    uint32_t *k_tail, *k_head;
    bool sweeping;
    unsigned sweep_idx;
    unsigned err_cq, tbl_sel;
    uint32_t tbl_idx, db_idx;
    uint32_t tbl_data[8];
    bool axi_err, bvalid, rvalid;
    bool st_rhq_wait, st_cq_wait;   /* STATUS's wait bits: registered (one cycle late) */
    uint32_t rdata;
    bool evt_valid;
    uint32_t evt_data;
    uint32_t cnt_pkts, cnt_ok, cnt_err, cnt_cqes, cnt_evts;
    uint64_t cnt_bytes;
    uint32_t cnt_code[32];
};

mdd_dep_params mdd_dep_default_params(unsigned w)
{
    mdd_dep_params p = {w, 64, 256, 256, 16, 16, 256, 16, 4};
    return p;
}

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }
static unsigned log2u(unsigned v)
{
    unsigned l = 0;
    while ((1u << l) < v) ++l;
    return l;
}
static unsigned popc(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1) ++n;
    return n;
}
static unsigned low0(uint64_t k, unsigned w)
{
    for (unsigned i = 0; i < w; ++i)
        if (!((k >> i) & 1)) return i;
    return 0;
}
static uint64_t be(const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; ++i) v = v << 8 | b[i];
    return v;
}
static void put_le(uint8_t *b, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; ++i) b[i] = (uint8_t)(v >> (8 * i));
}

mdd_dep_model *mdd_dep_model_new(const mdd_dep_params *p)
{
    if (p->w != 4 && p->w != 8 && p->w != 16 && p->w != 32 && p->w != 64) return NULL;
    if (!pow2(p->conns) || p->conns < 2 || p->conns > 65536 || !pow2(p->regions) || p->regions < 2 ||
        p->regions > (1u << 24) || !pow2(p->aregs) || p->aregs < 2 || p->aregs > 65536 || !pow2(p->rhqs) ||
        p->rhqs > 256 || !pow2(p->cqs) || p->cqs > 256)
        return NULL;
    if (!pow2(p->burst_bytes) || p->burst_bytes < p->w || p->burst_bytes > 256 * p->w || p->burst_bytes > 4096)
        return NULL;
    if (p->max_outstanding < 1 || p->max_outstanding > 256 || p->axi_id_w < 1 || p->axi_id_w > 8) return NULL;
    mdd_dep_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->p = *p;
    m->lw = log2u(p->w);
    m->cl = p->w == 64 ? 32 : 0;
    m->kmask = p->w == 64 ? ~0ull : (1ull << p->w) - 1;
    m->sweep = p->conns > p->regions ? p->conns : p->regions;
    m->td = p->max_outstanding <= 2 ? 2 : 1u << log2u(p->max_outstanding);
    m->hf.depth = HDR_DEPTH;
    m->pf.depth = PAY_DEPTH;
    m->vf.depth = PKT_DEPTH;
    m->cf.depth = PKT_DEPTH;
    m->c_state = calloc(p->conns, 1);
    m->c_cfg = calloc(p->conns, sizeof *m->c_cfg);
    m->r_valid_t = calloc(p->regions, sizeof(bool));
    m->r_cfg = calloc(p->regions, sizeof *m->r_cfg);
    m->a_val = calloc(p->aregs, sizeof(uint64_t));
    m->a_prot = calloc(p->aregs, 1);
    m->q_base = calloc(p->rhqs, sizeof(uint64_t));
    m->q_ptr = calloc(p->rhqs, sizeof(uint64_t));
    m->q_l2n = calloc(p->rhqs, sizeof(unsigned));
    m->q_tail = calloc(p->rhqs, sizeof(uint32_t));
    m->q_head = calloc(p->rhqs, sizeof(uint32_t));
    m->k_base = calloc(p->cqs, sizeof(uint64_t));
    m->k_l2n = calloc(p->cqs, sizeof(unsigned));
    m->k_evt = calloc(p->cqs, sizeof(unsigned));
    m->k_arm = calloc(p->cqs, sizeof(unsigned));
    m->k_valid = calloc(p->cqs, sizeof(bool));
    m->k_tail = calloc(p->cqs, sizeof(uint32_t));
    m->k_head = calloc(p->cqs, sizeof(uint32_t));
    if (!m->c_state || !m->c_cfg || !m->r_valid_t || !m->r_cfg || !m->a_val || !m->a_prot || !m->q_base ||
        !m->q_ptr || !m->q_l2n || !m->q_tail || !m->q_head || !m->k_base || !m->k_l2n || !m->k_evt || !m->k_arm || !m->k_valid ||
        !m->k_tail || !m->k_head || mdd_crc_unit_model_init(&m->crc, p->w, MDD_CRC32C, 1) != 0) {
        mdd_dep_model_free(m);
        return NULL;
    }
    return m;
}

void mdd_dep_model_free(mdd_dep_model *m)
{
    if (!m) return;
    free(m->c_state);
    free(m->c_cfg);
    free(m->r_valid_t);
    free(m->r_cfg);
    free(m->a_val);
    free(m->a_prot);
    free(m->q_base);
    free(m->q_ptr);
    free(m->q_l2n);
    free(m->q_tail);
    free(m->q_head);
    free(m->k_base);
    free(m->k_l2n);
    free(m->k_evt);
    free(m->k_arm);
    free(m->k_valid);
    free(m->k_tail);
    free(m->k_head);
    free(m);
}

/* ======================================================================================================== */
/* Combinational signals of one cycle                                                                       */
/* ======================================================================================================== */

typedef struct comb {
    /* regs */
    bool init_busy, evt_free;
    /* axw (registers only) */
    bool axw_ready;
    /* tail */
    bool job_valid, job_take, tail_upd, vrd_pop, is_err, cq_full, qualifies;
    bool f_hand, take_hand, s_done, p_done, c_done, c_has, c_skip, wc, wp, wv, gc, gp, gv, f_go, p_seg;
    unsigned tslot, n_v, n_p, n_c, n_all, btag, fail_conn, areg_idx, done_code;
    uint64_t areg_val;
    bool cmd_go, cmd_pay;
    unsigned cmd_tag;
    uint64_t cmd_addr;
    uint32_t cmd_len;
    uint8_t cmd_sdata[32];
    bool areg_we, fail_valid, cq_inc, cq_wait, evt_go, done;
    unsigned cq_idx, c_cq;
    uint32_t cq_slot;
    bool phase, sol, cq_valid;
    /* chk */
    bool hdr_pop, rhq_inc, rhq_wait, full;
    unsigned e_code, e_field;
    uint64_t e_exp, e_found;
    uint64_t ea, upd_val;
    bool upd, cond;
    unsigned conn_idx, rg_idx, ar_idx0, ar_idx1, upd_idx, rhq_idx;
    bool lk_re, ar_re;
    uint32_t slot;
    /* axw */
    unsigned s;
    bool delta, aw_stop, aw_load, done_now, done_fin, wl, emit, pay_pop, use_head, go;
    uint64_t start, endp, beats;
    uint8_t e_d[MDD_DEP_MAX_W];
    uint64_t e_m;
    uint32_t nout_calc;
    unsigned pay_bytes;
    /* fifo readies */
    bool hf_ready, pf_ready, vf_ready, cf_ready;
    /* crc */
    mdd_crc_unit_in cin;
    mdd_crc_unit_out cout;
    /* ingest */
    bool s_tready, fire, in_go, hdr_push, pay_push;
    hrec hr;
    prec pr;
    vrec vr;
    uint64_t nseen_n;
    uint8_t hbuf_n[32];
    uint32_t len_e;
    bool pcrc_e, hkb_n, lkb_n;
    unsigned hlane_n, llane_n;
    /* regs */
    bool w_fire, arm_now, sw_rd, sw_wr, cq_wr;
} comb;

static bool holds(const mdd_dep_model *m, unsigned tag) /* the writer has a command of this tag */
{
    return (m->busy && m->tag == tag) || (m->nv && m->ntag == tag);
}

static void comb_tail(const mdd_dep_model *m, comb *c)
{
    unsigned fs = m->qw % QN, vs = m->qv % QN, ps = m->qp % QN, cs = m->qc % QN;
    const job *fj = &m->sj[fs], *vj = &m->sj[vs], *pj = &m->sj[ps], *cj = &m->sj[cs];
    c->n_v = (m->qw - m->qv) & 7;
    c->n_p = (m->qv - m->qp) & 7;
    c->n_c = (m->qp - m->qc) & 7;
    c->n_all = (m->qw - m->qc) & 7;
    c->job_valid = m->c_st == S_OUT;
    c->s_done = !holds(m, TAG_S) && m->mrem_s == 0;
    c->p_done = !holds(m, TAG_P) && m->mrem_p == 0;
    c->c_done = !holds(m, TAG_C) && m->mrem_c == 0;
    unsigned c_code = m->scode[cs];
    c->is_err = c_code != 0;
    unsigned qmask = m->p.cqs - 1;
    c->c_cq = (c->is_err ? m->err_cq : cj->cq) & qmask;
    c->cq_idx = m->t_cq;   /* c_cq latched when C takes the slot (RTL: the CQ table read through a register) */
    uint32_t ct = m->k_tail[c->cq_idx], ch = m->k_head[c->cq_idx];
    unsigned l2n = m->k_l2n[c->cq_idx];
    c->cq_full = (uint64_t)(uint32_t)(ct - ch) >= (1ull << l2n);
    c->cq_slot = ct & (uint32_t)((1ull << l2n) - 1);
    c->phase = !((ct >> l2n) & 1);
    c->sol = c->is_err || cj->sol;
    unsigned arm = m->k_arm[c->cq_idx];
    c->qualifies = arm == 1 || (arm == 2 && c->sol);
    c->cq_valid = m->k_valid[c->cq_idx];
    c->f_hand = m->fst == F_PWAIT && !holds(m, fs);
    bool take_idle = m->fst == F_IDLE && c->n_all < QN;
    c->take_hand = c->f_hand && c->n_all + 1 < QN;
    c->job_take = c->job_valid && (take_idle || c->take_hand);
    c->tslot = c->take_hand ? (fs + 1) % QN : fs;
    c->btag = m->tmem[m->tr % m->td];
    c->c_has = m->cst == C_IDLE && c->n_c != 0;
    c->c_skip = c->c_has && !c->is_err && !cj->want;
    c->tail_upd = m->nupd != 0;
    bool v_err = m->scode[vs] != 0;
    c->vrd_pop = m->vst == V_WB && c->n_v != 0 && m->srem[vs] == 0 && !fifo_empty(&m->vf) && !fifo_empty(&m->cf);
    c->areg_we = m->vst == V_COMMIT && !v_err && vj->upd;
    c->areg_idx = vj->upd_idx;
    c->areg_val = vj->upd_val;
    c->fail_valid = m->vst == V_COMMIT && v_err;
    c->fail_conn = (unsigned)be(vj->h + 2, 2);
    c->cq_wait = m->cst == C_CQE && c->cq_valid && c->cq_full;
    c->evt_go = m->cst == C_EVT && c->qualifies && c->evt_free;
    c->done = c->c_skip || (m->cst == C_EVT && (!c->qualifies || c->evt_free)) || (m->cst == C_CQE && !c->cq_valid);
    c->done_code = c_code;
    c->wc = m->cst == C_CQE && m->cq_go && c->cq_valid;   /* room as of the last cycle (RTL: registered) */
    c->wp = m->pst == P_PTR;
    c->p_seg = (pj->h[1] & MDD_DEP_FLAG_MSEG) && m->scode[ps] == 0 && be(pj->h + 20, 4) != 0;
    c->wv = m->vst == V_STATUS;
    c->gc = c->wc && c->axw_ready;
    c->gp = c->wp && c->axw_ready && !c->wc;
    c->gv = c->wv && c->axw_ready && !c->wc && !c->wp;
    c->f_go = (m->fst == F_ENTRY || (m->fst == F_PAY && !m->busy)) && c->axw_ready && !c->wc && !c->wp && !c->wv;
    c->cq_inc = c->gc;
    c->cmd_tag = c->wc ? TAG_C : c->wp ? TAG_P : c->wv ? TAG_S : fs;
    c->cmd_go = c->gc || c->gp || c->gv || c->f_go;
    c->cmd_pay = false;
    c->cmd_addr = 0;
    c->cmd_len = 0;
    memset(c->cmd_sdata, 0, 32);
    if (c->wc) {
        uint32_t h_len = (uint32_t)be(cj->h + 20, 4);
        c->cmd_addr = m->cq_addr;   /* base + slot as of the last cycle (cq_go: no re-create since) */
        c->cmd_len = 32;
        uint64_t w0 = (uint64_t)c_code | (uint64_t)cj->h[0] << 8 | (uint64_t)cj->h[1] << 16 | (uint64_t)c->phase << 24 |
                      (uint64_t)c->sol << 25 | (uint64_t)c->is_err << 26 | be(cj->h + 2, 2) << 32 |
                      (uint64_t)m->sfield[cs] << 48;
        uint64_t w1 = be(cj->h + 24, 4) | (uint64_t)h_len << 32;
        uint64_t w2 = c->is_err ? m->sexp[cs] : cj->ea;
        uint64_t w3 = c->is_err ? m->sfound[cs] : ((uint64_t)cj->ptr_val | (uint64_t)cj->reply << 32);
        put_le(c->cmd_sdata, w0, 8);
        put_le(c->cmd_sdata + 8, w1, 8);
        put_le(c->cmd_sdata + 16, w2, 8);
        put_le(c->cmd_sdata + 24, w3, 8);
    } else if (c->wp) {
        c->cmd_addr = pj->ptr_addr;
        c->cmd_len = 4;
        put_le(c->cmd_sdata, pj->ptr_val, 4);
    } else if (c->wv) {
        c->cmd_addr = vj->entry + 28;
        c->cmd_len = 4;
        c->cmd_sdata[0] = 1;
        c->cmd_sdata[1] = (uint8_t)m->scode[vs];
    } else if (m->fst == F_ENTRY) {
        c->cmd_addr = fj->entry;
        c->cmd_len = 32;
        memcpy(c->cmd_sdata, fj->h, 28);
    } else if (m->fst == F_PAY) {
        c->cmd_pay = true;
        c->cmd_addr = fj->ea;
        c->cmd_len = fj->pass ? (uint32_t)be(fj->h + 20, 4) : 0;
    }
}

static bool op_known(unsigned op) { return (op >= 1 && op <= 5) || (op >= 0x10 && op <= 0x14); }

static void comb_chk(const mdd_dep_model *m, comb *c)
{
    const uint8_t *h = m->h;
    unsigned op = h[0], flags = h[1], conn = (unsigned)be(h + 2, 2), areg = (unsigned)be(h + 16, 2);
    unsigned rsvd = (unsigned)be(h + 18, 2);
    uint32_t token = (uint32_t)be(h + 4, 4), len = (uint32_t)be(h + 20, 4), csum = (uint32_t)be(h + 28, 4);
    uint64_t off = be(h + 8, 8);
    bool write = op >= 1 && op <= 5, known = op_known(op), uses = known && op != 1, two = op == 5 || op == 0x14;
    c->e_code = 0;
    c->e_field = 0xFFFF;
    c->e_exp = 0;
    c->e_found = 0;
    uint32_t calc = (uint32_t)mdd_crc(MDD_CRC32C, h, 28);
    if (m->herr == 1) {
        c->e_code = MDD_DEP_ERR_SHORT, c->e_exp = 32, c->e_found = m->hseen;
    } else if (m->herr == 2) {
        c->e_code = MDD_DEP_ERR_KEEP, c->e_field = m->hlane;
    } else if (calc != csum) {
        c->e_code = MDD_DEP_ERR_HDR_CSUM, c->e_field = 28, c->e_exp = calc, c->e_found = csum;
    } else if (!known) {
        c->e_code = MDD_DEP_ERR_OPCODE, c->e_field = 0, c->e_found = op;
    } else if (flags & ~MDD_DEP_FLAGS_KNOWN & 0xFF) {
        c->e_code = MDD_DEP_ERR_FORMAT, c->e_field = 1, c->e_found = flags;
    } else if (rsvd) {
        c->e_code = MDD_DEP_ERR_FORMAT, c->e_field = 18, c->e_found = rsvd;
    } else if (!write && token) {
        c->e_code = MDD_DEP_ERR_FORMAT, c->e_field = 4, c->e_found = token;
    } else if (!write && len) {
        c->e_code = MDD_DEP_ERR_FORMAT, c->e_field = 20, c->e_found = len;
    } else if (!write && (flags & (MDD_DEP_FLAG_PCRC | MDD_DEP_FLAG_MSEG))) {
        c->e_code = MDD_DEP_ERR_FORMAT, c->e_field = 1, c->e_found = flags;
    } else if (conn >= m->p.conns) {
        c->e_code = MDD_DEP_ERR_CONN_RANGE, c->e_field = 2, c->e_exp = m->p.conns, c->e_found = conn;
    }
    c->ea = 0;
    c->upd = false;
    c->upd_val = 0;
    c->cond = false;
    if (m->c_st == S_EVAL) {
        unsigned need0 = (op == 2 || op == 3) ? 4 : (op == 4 || op == 5) ? 6 : op == 0x10 ? 2 : (op == 0x11 || op == 0x12) ? 3 : 1;
        unsigned need1 = 1, idx1 = areg + 1;
        if (m->cs_state != 1) {
            c->e_code = m->cs_state == 0   ? MDD_DEP_ERR_CONN_INVALID
                        : m->cs_state == 2 ? MDD_DEP_ERR_CONN_EXCEPTION
                                           : MDD_DEP_ERR_CONN_FLUSHED;
            c->e_field = 2, c->e_exp = 1, c->e_found = m->cs_state;
        } else if (uses && areg >= m->cc.alen) {
            c->e_code = MDD_DEP_ERR_AREG_WINDOW, c->e_field = 16, c->e_exp = m->cc.alen, c->e_found = areg;
        } else if (uses && two && idx1 >= m->cc.alen) {
            c->e_code = MDD_DEP_ERR_AREG_WINDOW, c->e_field = 16, c->e_exp = m->cc.alen, c->e_found = idx1;
        } else if (uses && (m->a0p & need0) != need0) {
            c->e_code = MDD_DEP_ERR_AREG_PROT, c->e_field = 16, c->e_exp = need0, c->e_found = m->a0p;
        } else if (uses && two && (m->a1p & need1) != need1) {
            c->e_code = MDD_DEP_ERR_AREG_PROT, c->e_field = 16, c->e_exp = need1, c->e_found = m->a1p;
        }
        uint64_t eo = op == 1 ? off : op == 3 ? m->a0v + off : m->a0v;
        uint64_t s1 = eo + len;
        bool c1 = s1 < eo;
        uint64_t s2 = m->rc.base + s1;
        bool c2 = s2 < m->rc.base;
        c->ea = m->rc.base + eo;
        if (c->e_code == 0 && write) {
            uint32_t tidx = token >> 8;
            if (tidx >= m->p.regions) {
                c->e_code = MDD_DEP_ERR_TOKEN_RANGE, c->e_field = 4, c->e_exp = m->p.regions, c->e_found = tidx;
            } else if (!m->r_valid) {
                c->e_code = MDD_DEP_ERR_TOKEN_INVALID, c->e_field = 4, c->e_exp = 1, c->e_found = 0;
            } else if (m->rc.key != (token & 0xFF)) {
                c->e_code = MDD_DEP_ERR_TOKEN_KEY, c->e_field = 4, c->e_exp = m->rc.key, c->e_found = token & 0xFF;
            } else if (m->rc.pd != m->cc.pd) {
                c->e_code = MDD_DEP_ERR_TOKEN_PD, c->e_field = 4, c->e_exp = m->cc.pd, c->e_found = m->rc.pd;
            } else if (c1 || c2) {
                c->e_code = MDD_DEP_ERR_OVERFLOW, c->e_field = 8, c->e_exp = 0, c->e_found = eo;
            } else if (s1 > m->rc.len) {
                c->e_code = MDD_DEP_ERR_BOUNDS, c->e_field = 20, c->e_exp = m->rc.len, c->e_found = s1;
            } else if (!m->rc.rights) {
                c->e_code = MDD_DEP_ERR_RIGHTS, c->e_field = 4, c->e_exp = 1, c->e_found = 0;
            }
        }
        c->upd = op == 4 || op == 5 || op == 0x10 || op == 0x11 || op == 0x12;
        c->upd_val = op == 5 ? m->a0v + m->a1v : op == 0x10 ? off : op == 0x12 ? m->a0v + 1 : m->a0v + off;
        c->cond = op == 0x13 ? m->a0v == off : op == 0x14 ? m->a0v == m->a1v : false;
    }
    c->conn_idx = conn & (m->p.conns - 1);
    c->rg_idx = (token >> 8) & (m->p.regions - 1);
    /* LOOK1 addresses the address registers with the window base straight from the connection RAM */
    c->ar_idx0 = (m->cr_q.abase + areg) & (m->p.aregs - 1);
    c->ar_idx1 = (m->cr_q.abase + areg + 1) & (m->p.aregs - 1);
    c->upd_idx = (m->cc.abase + areg) & (m->p.aregs - 1);
    c->lk_re = m->c_st == S_EARLY && !(uses && c->tail_upd);
    c->ar_re = m->c_st == S_LOOK1;
    c->rhq_idx = m->cc.rhq & (m->p.rhqs - 1);
    uint32_t qt = m->q_tail[c->rhq_idx], qh = m->q_head[c->rhq_idx];
    unsigned l2n = m->q_l2n[c->rhq_idx];
    c->full = (uint64_t)(uint32_t)(qt - qh) >= (1ull << l2n);
    c->slot = qt & (uint32_t)((1ull << l2n) - 1);
    c->hdr_pop = (m->c_st == S_IDLE || (m->c_st == S_OUT && c->job_take)) && !fifo_empty(&m->hf) && !c->init_busy;
    c->rhq_wait = m->c_st == S_RHQ && m->full_r;
    c->rhq_inc = m->c_st == S_RHQ && !m->full_r;
}

static void comb_axw(const mdd_dep_model *m, const mdd_dep_in *in, comb *c)
{
    unsigned W = m->p.w, lw = m->lw;
    uint64_t bbm = m->p.burst_bytes - 1;
    unsigned e = (unsigned)(m->a0 & (W - 1));
    c->s = (e - m->cl) & (W - 1);
    c->delta = W == 64 && e < 32;
    uint32_t need = m->ob + c->delta;
    uint64_t avail = ((uint64_t)m->have << lw) - m->cl;
    c->aw_stop = m->aw_off >= m->len || (m->pay && m->ended && m->aw_off >= avail);
    c->done_now = m->busy && (m->pay ? (m->ended && (m->ob >= m->nout || (m->ahead == 0 && c->aw_stop))) : m->ob >= m->nout);
    c->start = m->a0 + m->aw_off;
    /* 65-bit: bnd = (start | bbm) + 1, lim = a0 + len, endp = min */
    uint64_t bnd_lo = (c->start | bbm) + 1;
    bool bnd_hi = bnd_lo == 0;
    uint64_t lim_lo = m->a0 + m->len;
    bool lim_hi = lim_lo < m->a0;
    bool lim_lt = lim_hi != bnd_hi ? bnd_hi : lim_lo < bnd_lo;
    c->endp = lim_lt ? lim_lo : bnd_lo;
    c->beats = ((c->endp - 1) >> lw) - (c->start >> lw) + 1;
    c->aw_load = m->busy && !c->aw_stop && m->outc < m->p.max_outstanding && (!m->awvalid || in->m_axi_awready);
    uint64_t beat_addr = (m->a0 & ~(uint64_t)(W - 1)) + ((uint64_t)m->ob << lw);
    c->wl = m->ob == m->nout - 1 || ((beat_addr + W) & bbm) == 0;
    c->emit = false;
    c->pay_pop = false;
    c->use_head = false;
    bool c_zero = false, p_zero = false;
    bool pv = !fifo_empty(&m->pf);
    const prec *head = &m->pmem[fifo_head(&m->pf)];
    if (m->busy && !c->done_now && m->ob < m->nout && (m->ahead != 0 || c->aw_load) && (!m->wvalid || in->m_axi_wready)) {
        if (!m->pay) {
            c->emit = true;
        } else if (!m->ended) {
            if (pv) {
                c->pay_pop = true;
                c->emit = need == m->have;
                c->use_head = true;
            }
        } else {
            c->emit = true;
            c_zero = true;
            p_zero = need != m->have;
        }
    }
    if (m->busy && m->pay && m->ob >= m->nout && !m->ended && pv) c->pay_pop = true;
    c->done_fin = c->emit && m->ob + 1 >= m->nout && (!m->pay || m->ended || (c->use_head && head->last));
    uint8_t zero[MDD_DEP_MAX_W] = {0};
    const uint8_t *cd = c->use_head ? head->d : m->cur_d;
    uint64_t cm = c->use_head ? head->m : m->cur_m;
    const uint8_t *pd = c->use_head ? m->cur_d : m->prev_d;
    uint64_t pm = c->use_head ? m->cur_m : m->prev_m;
    if (c_zero) cd = zero, cm = 0, pd = m->cur_d, pm = m->cur_m;
    if (p_zero) pd = zero, pm = 0;
    c->e_m = 0;
    memset(c->e_d, 0, sizeof c->e_d);
    for (unsigned l = 0; l < W; ++l) {
        if (m->pay) {
            if (l >= c->s) {
                unsigned li = l - c->s;
                c->e_d[l] = cd[li];
                c->e_m |= ((cm >> li) & 1) << l;
            } else {
                unsigned li = l - c->s + W;
                c->e_d[l] = pd[li];
                c->e_m |= ((pm >> li) & 1) << l;
            }
        } else {
            uint64_t diff = beat_addr + l - m->a0;
            bool in_r = diff < m->len;
            c->e_m |= (uint64_t)in_r << l;
            c->e_d[l] = in_r ? m->sd[diff & 31] : 0;
        }
    }
    c->go = (m->nv || c->cmd_go) && (!m->busy || c->done_now || c->done_fin);
    uint32_t g_len = m->nv ? m->nlen : c->cmd_len;
    uint64_t g_addr = m->nv ? m->naddr : c->cmd_addr;
    c->nout_calc = (uint32_t)(((uint64_t)g_len + (g_addr & (W - 1)) + W - 1) >> lw);
    c->pay_bytes = (m->wvalid && in->m_axi_wready && m->wpay) ? popc(m->wstrb) : 0;
}

static void comb_in(const mdd_dep_model *m, const mdd_dep_in *in, comb *c)
{
    unsigned W = m->p.w;
    uint64_t K = in->s_axis_dep_tkeep & m->kmask;
    bool last = in->s_axis_dep_tlast;
    c->in_go = !c->init_busy && c->hf_ready && c->pf_ready && c->vf_ready && c->cout.s_tready;
    c->s_tready = !c->init_busy && (!m->st_v || c->in_go);
    c->fire = in->s_axis_dep_tvalid && c->s_tready;
    bool first = m->pos == 0;
    unsigned cnt = popc(K);
    c->nseen_n = (first ? 0 : m->nseen) + cnt;
    bool in_hdr = m->pos < 32;
    bool hdr_end = in_hdr && m->pos + W >= 32;
    if (first) memset(c->hbuf_n, 0, 32);
    else memcpy(c->hbuf_n, m->hbuf, 32);
    uint64_t hmask = 0;
    for (unsigned l = 0; l < W; ++l) {
        unsigned hp = (unsigned)(m->pos & 63) + l;
        if (in_hdr && hp < 32) {
            hmask |= 1ull << l;
            c->hbuf_n[hp] = ((K >> l) & 1) ? in->s_axis_dep_tdata[l] : 0;
        }
    }
    bool hkb_now = in_hdr && (K & hmask) != hmask;
    bool hkb_old = first ? false : m->hkb_r;
    c->hkb_n = hkb_old || hkb_now;
    c->hlane_n = (hkb_now && !hkb_old) ? low0(K | (~hmask & m->kmask), W) : m->hlane_r;
    bool short_now = last && in_hdr && c->nseen_n < 32;
    c->hdr_push = in_hdr && (hdr_end || last);
    unsigned herr = short_now ? 1 : c->hkb_n ? 2 : 0;
    c->len_e = in_hdr ? (uint32_t)be(c->hbuf_n + 20, 4) : m->len_r;
    c->pcrc_e = in_hdr ? (c->hbuf_n[1] & 1) : m->pcrc_r;
    c->pay_push = m->pos + W > 32 || last;
    uint64_t hi_pos = 32 + (uint64_t)c->len_e;
    uint64_t rem = hi_pos > m->pos ? hi_pos - m->pos : 0;
    uint64_t mask = 0;
    for (unsigned l = 0; l < W; ++l)
        if (((K >> l) & 1) && !((hmask >> l) & 1) && l < rem) mask |= 1ull << l;
    bool lkb_now = m->pos + W > 32 && (last ? (K & ((K + 1) & m->kmask)) != 0 : (K | hmask) != m->kmask);
    bool lkb_old = first ? false : m->lkb_r;
    c->lkb_n = lkb_old || lkb_now;
    c->llane_n = (lkb_now && !lkb_old) ? low0(K | hmask, W) : m->llane_r;
    uint64_t exp_total = 32 + (uint64_t)c->len_e + (c->pcrc_e ? 4 : 0);
    vrec *v = &c->vr;
    memset(v, 0, sizeof *v);
    if (c->nseen_n < exp_total) v->code = 1, v->exp = exp_total, v->found = c->nseen_n;
    else if (c->lkb_n) v->code = 2, v->lane = c->llane_n;
    else if (c->nseen_n > exp_total) v->code = 3, v->exp = exp_total, v->found = c->nseen_n;
    uint32_t trl = 0;
    for (int t = 0; t < 4; ++t) {
        int q = (int)cnt + t - 4;
        uint8_t b = q >= 0 ? in->s_axis_dep_tdata[q] : m->prev4[q + 4];
        trl |= (uint32_t)b << (8 * (3 - t));
    }
    v->trl = trl;
    v->pcrc = c->pcrc_e;
    v->up = in->s_axis_dep_tuser;
    memcpy(c->hr.h, c->hbuf_n, 32);
    c->hr.herr = herr;
    c->hr.hlane = c->hlane_n;
    c->hr.hseen = (unsigned)(c->nseen_n & 0xFF);
    memset(c->pr.d, 0, sizeof c->pr.d);
    memcpy(c->pr.d, in->s_axis_dep_tdata, W);
    c->pr.m = mask;
    c->pr.last = last;
}

static void cycle_comb(const mdd_dep_model *m, const mdd_dep_in *in, comb *c)
{
    memset(c, 0, sizeof *c);
    c->init_busy = m->sweeping;
    c->evt_free = !m->evt_valid;
    c->axw_ready = !m->nv;
    comb_tail(m, c);
    comb_chk(m, c);
    comb_axw(m, in, c);
    c->hf_ready = !fifo_full(&m->hf) || (!fifo_empty(&m->hf) && c->hdr_pop);
    c->pf_ready = !fifo_full(&m->pf) || (!fifo_empty(&m->pf) && c->pay_pop);
    c->vf_ready = !fifo_full(&m->vf) || (!fifo_empty(&m->vf) && c->vrd_pop);
    c->cf_ready = !fifo_full(&m->cf) || (!fifo_empty(&m->cf) && c->vrd_pop);
    /* the CRC unit's s_tready does not look at its inputs: evaluate once for it, then with the real word */
    c->cin.rst = in->rst;
    c->cin.m_tready = c->cf_ready;
    mdd_crc_unit_eval(&m->crc, &c->cin, &c->cout);
    comb_in(m, in, c);
    memcpy(c->cin.s_tdata, m->st_pr.d, m->p.w);
    c->cin.s_tkeep = m->st_pr.m;
    c->cin.s_tlast = m->st_pr.last;
    c->cin.s_tvalid = m->st_v && c->in_go && m->st_pay;
    mdd_crc_unit_eval(&m->crc, &c->cin, &c->cout);
    /* register block */
    unsigned waddr = (in->s_axil_awaddr >> 2) & 0x3FF;
    bool arm_wr = waddr == MDD_DEP_CQ_ARM >> 2;
    bool cmd_wr = waddr == MDD_DEP_TBL_CMD >> 2, rd_wr = cmd_wr && in->s_axil_wdata == 2;
    c->w_fire = in->s_axil_awvalid && in->s_axil_wvalid && !m->bvalid && !m->rb_pend && !m->sweeping &&
                !(arm_wr && (m->evt_valid || c->evt_go)) && !(rd_wr && (c->lk_re || c->ar_re)) &&
                !(cmd_wr && c->areg_we);
    c->sw_rd = c->w_fire && rd_wr;
    c->sw_wr = c->w_fire && cmd_wr && in->s_axil_wdata == 1;
    c->cq_wr = c->sw_wr && m->tbl_sel == 4 && m->tbl_idx < m->p.cqs;   /* a CQ is (re)created in this cycle */
    unsigned dbq = m->db_idx & (m->p.cqs - 1);
    c->arm_now = c->w_fire && arm_wr && m->db_idx < m->p.cqs && (in->s_axil_wdata & 3) == 1 &&
                 m->k_tail[dbq] != m->k_head[dbq];
}

void mdd_dep_eval(const mdd_dep_model *m, const mdd_dep_in *in, mdd_dep_out *out)
{
    comb c;
    cycle_comb(m, in, &c);
    memset(out, 0, sizeof *out);
    out->s_axis_dep_tready = c.s_tready;
    out->m_axi_awid = 0;
    out->m_axi_awaddr = m->awaddr;
    out->m_axi_awlen = m->awlen;
    out->m_axi_awsize = m->lw;
    out->m_axi_awburst = 1;
    out->m_axi_awvalid = m->awvalid;
    memcpy(out->m_axi_wdata, m->wdata, m->p.w);
    out->m_axi_wstrb = m->wstrb;
    out->m_axi_wlast = m->wlast;
    out->m_axi_wvalid = m->wvalid;
    out->m_axi_bready = true;
    out->s_axil_awready = c.w_fire;
    out->s_axil_wready = c.w_fire;
    out->s_axil_bresp = 0;
    out->s_axil_bvalid = m->bvalid;
    out->s_axil_arready = !m->rvalid;
    out->s_axil_rdata = m->rdata;
    out->s_axil_rresp = 0;
    out->s_axil_rvalid = m->rvalid;
    out->m_axis_evt_tdata = m->evt_data;
    out->m_axis_evt_tvalid = m->evt_valid;
    /* the SEG record of P's slot: {OP SEG, ID = msg_tag}, ADDR = EA, SEG_LEN, CRC */
    const job *pj = &m->sj[m->qp % QN];
    MDD_SET(CMBREC, ID, out->m_axis_seg_tdata, be(pj->h + MDD_DEPHDR_TAG_OFF, 4));
    MDD_SET(CMBREC, OP, out->m_axis_seg_tdata, MDD_CMB_OP_SEG);
    MDD_SET(CMBREC, ADDR, out->m_axis_seg_tdata, pj->ea);
    MDD_SET(CMBREC, SEG_LEN, out->m_axis_seg_tdata, be(pj->h + MDD_DEPHDR_LENGTH_OFF, 4));
    MDD_SET(CMBREC, CRC, out->m_axis_seg_tdata, m->scrc[m->qp % QN]);
    out->m_axis_seg_tvalid = m->pst == P_SEG;
    out->stat_pkt_done = c.done;
    out->stat_pkt_code = c.done_code;
}

/* ======================================================================================================== */
/* Clock edge                                                                                               */
/* ======================================================================================================== */

static void tick_in(mdd_dep_model *m, const mdd_dep_in *in, const comb *c)
{
    unsigned W = m->p.w;
    if (c->fire) {
        m->pos = in->s_axis_dep_tlast ? 0 : m->pos + W;
        memcpy(m->hbuf, c->hbuf_n, 32);
        m->nseen = c->nseen_n;
        if (c->hdr_push) {
            m->len_r = c->len_e;
            m->pcrc_r = c->pcrc_e;
        }
        m->hkb_r = c->hkb_n;
        m->hlane_r = c->hlane_n;
        m->lkb_r = c->lkb_n;
        m->llane_r = c->llane_n;
        memcpy(m->prev4, in->s_axis_dep_tdata + W - 4, 4);
        m->st_hdr = c->hdr_push;
        m->st_pay = c->pay_push;
        m->st_vrd = in->s_axis_dep_tlast;
        m->st_hr = c->hr;
        m->st_pr = c->pr;
        m->st_vr = c->vr;
    }
    if (c->fire) m->st_v = true;
    else if (c->in_go) m->st_v = false;
    if (in->rst) m->pos = 0, m->st_v = false;
}

static void tick_chk(mdd_dep_model *m, const mdd_dep_in *in, const comb *c)
{
    unsigned st = m->c_st;
    const hrec *hr = &m->hmem[fifo_head(&m->hf)];
    unsigned conn = (unsigned)be(m->h + 2, 2);
    unsigned op = m->h[0], flags = m->h[1];
    bool write = op >= 1 && op <= 5, uses = op_known(op) && op != 1;
    job *j = &m->j;
    switch (st) {
    case S_IDLE:
        break;
    case S_EARLY:
        if (c->e_code) {
            j->pass = false, j->code = c->e_code, j->field = c->e_field, j->exp = c->e_exp, j->found = c->e_found;
            j->upd = j->want = j->sol = false;
            m->c_st = S_OUT;
        } else if (!(uses && c->tail_upd)) {
            m->c_st = S_LOOK1;
        }
        break;
    case S_LOOK1:
        m->cs_state = m->c_state[c->conn_idx];
        m->cc = m->cr_q;
        m->r_valid = m->rr_valid;
        m->rc = m->rr_cfg;
        m->c_st = S_LOOK2;
        break;
    case S_LOOK2:
        m->a0v = m->av_q0, m->a0p = m->ap_q0;
        m->a1v = m->av_q1, m->a1p = m->ap_q1;
        m->c_st = S_EVAL;
        break;
    case S_EVAL:
        j->code = c->e_code, j->field = c->e_field, j->exp = c->e_exp, j->found = c->e_found;
        j->ea = write ? c->ea : 0;
        j->upd = c->upd;
        j->upd_val = c->upd_val;
        j->upd_idx = c->upd_idx;
        j->want = (flags & 4) || c->cond;
        j->sol = (flags & 2) || c->cond;
        if (c->e_code) {
            j->pass = false;
            j->upd = false;
            m->c_st = S_OUT;
        } else {
            j->pass = true;
            m->c_st = S_RHQ;
        }
        break;
    case S_RHQ:
        if (!m->full_r) {
            j->entry = m->q_base[c->rhq_idx] + ((uint64_t)c->slot << 5);
            j->ptr_addr = m->q_ptr[c->rhq_idx];
            j->ptr_val = m->q_tail[c->rhq_idx] + 1;
            m->c_st = S_OUT;
        }
        break;
    case S_OUT:
        if (c->job_take) m->c_st = S_IDLE;
        break;
    default:
        m->c_st = S_IDLE;
    }
    m->full_r = c->full;
    if (c->fail_valid && c->fail_conn == conn && st >= S_LOOK1) m->flush = true;
    if (c->hdr_pop) {
        memcpy(m->h, hr->h, 32);
        m->herr = hr->herr;
        m->hlane = hr->hlane;
        m->hseen = hr->hseen;
        m->flush = false;
        m->c_st = S_EARLY;
    }
    if (in->rst) m->c_st = S_IDLE;
}

/* the job as the tail latches it: the check unit's j_* registers, its header, connection fields and flush */
static job job_out(const mdd_dep_model *m)
{
    job j = m->j;
    memcpy(j.h, m->h, 28);
    j.cq = m->cc.cq;
    j.reply = m->cc.reply;
    j.flush = m->flush;
    return j;
}

static void tick_tail(mdd_dep_model *m, const mdd_dep_in *in, const comb *c)
{
    const vrec *v = &m->vmem[fifo_head(&m->vf)];
    uint32_t crc = m->cmem[fifo_head(&m->cf)];
    unsigned fs = m->qw % QN, vs = m->qv % QN;
    /* pre-edge values the nonblocking assignments read */
    bool sperr_old[QN];
    for (unsigned i = 0; i < QN; ++i) sperr_old[i] = m->sperr[i];
    bool sflush_vs = m->sflush[vs];
    unsigned spresp_vs = m->spresp[vs];
    const job *vj = &m->sj[vs];
    bool v_pass = vj->pass, v_upd = vj->upd;
    unsigned vcode = vj->code, vfield = vj->field;
    uint64_t vexp = vj->exp, vfound = vj->found;
    bool p_pass = m->sj[m->qp % QN].pass;
    unsigned fst = m->fst, vst = m->vst, pst = m->pst, cst = m->cst;
    unsigned axw_tag = m->tag;
    /* ---- front ---- */
    job nj = job_out(m);
    switch (fst) {
    case F_IDLE:
        if (c->job_take) m->fst = nj.pass ? F_ENTRY : F_PAY;
        break;
    case F_ENTRY:
        if (c->f_go) m->fst = F_PAY;
        break;
    case F_PAY:
        if (c->f_go) m->fst = F_PWAIT;
        break;
    default:
        if (c->f_hand) {
            m->qw = (m->qw + 1) & 7;
            m->fst = c->job_take ? (nj.pass ? F_ENTRY : F_PAY) : F_IDLE;
        }
        break;
    }
    /* flush: the later packets of the failing connection (the slots behind V's and the front's) */
    bool fl[QN];
    for (unsigned i = 0; i < QN; ++i) {
        unsigned d = (i - vs) % QN;
        fl[i] = c->fail_valid && i != vs && (d < c->n_v || (fst != F_IDLE && i == fs)) &&
                (unsigned)be(m->sj[i].h + 2, 2) == c->fail_conn;
    }
    if (c->job_take) {
        m->sj[c->tslot] = nj;
        m->sperr[c->tslot] = false;
        m->spresp[c->tslot] = 0;
        m->sflush[c->tslot] = nj.flush || (c->fail_valid && c->fail_conn == (unsigned)be(nj.h + 2, 2));
    }
    for (unsigned i = 0; i < QN; ++i)
        if (fl[i]) m->sflush[i] = true;
    m->nupd = (m->nupd + (c->job_take && nj.upd) - (vst == V_COMMIT && v_upd)) & 7;
    /* ---- bursts and their B ---- */
    bool bf = in->m_axi_bvalid;
    unsigned bresp = in->m_axi_bresp & 3, bt = c->btag;
    if (c->aw_load) {
        m->tmem[m->tw % m->td] = (uint8_t)axw_tag;
        m->tw = (m->tw + 1) % (2 * m->td);
    }
    if (bf) m->tr = (m->tr + 1) % (2 * m->td);
    for (unsigned i = 0; i < QN; ++i)
        m->srem[i] = (m->srem[i] + (c->aw_load && !(axw_tag & 4) && (axw_tag & 3) == i) -
                      (bf && !(bt & 4) && (bt & 3) == i)) & 0x1FF;
    if (bf && !(bt & 4) && bresp != 0 && !sperr_old[bt & 3]) {
        m->sperr[bt & 3] = true;
        m->spresp[bt & 3] = bresp;
    }
    m->mrem_s = (m->mrem_s + (c->aw_load && axw_tag == TAG_S) - (bf && bt == TAG_S)) & 0x1FF;
    m->mrem_p = (m->mrem_p + (c->aw_load && axw_tag == TAG_P) - (bf && bt == TAG_P)) & 0x1FF;
    m->mrem_c = (m->mrem_c + (c->aw_load && axw_tag == TAG_C) - (bf && bt == TAG_C)) & 0x1FF;
    /* ---- V ---- */
    switch (vst) {
    case V_WB:
        if (c->vrd_pop) {
            unsigned code = vcode, field = vfield;
            uint64_t expv = vexp, found = vfound;
            if (v_pass) {
                field = 0xFFFF;
                if (v->code == 1) code = MDD_DEP_ERR_SHORT, expv = v->exp, found = v->found;
                else if (v->code == 2) code = MDD_DEP_ERR_KEEP, field = v->lane, expv = 0, found = 0;
                else if (v->code == 3) code = MDD_DEP_ERR_LONG, expv = v->exp, found = v->found;
                else if (v->pcrc && crc != v->trl) code = MDD_DEP_ERR_PAYLOAD_CRC, expv = crc, found = v->trl;
                else if (v->up) code = MDD_DEP_ERR_UPSTREAM, expv = 0, found = 0;
                else if (sperr_old[vs]) code = MDD_DEP_ERR_AXI_RESP, expv = 0, found = spresp_vs;
                else if (sflush_vs) code = MDD_DEP_ERR_FLUSHED, expv = 0, found = 0;
                m->vst = V_COMMIT;
            } else {
                m->qv = (m->qv + 1) & 7;
            }
            m->scode[vs] = code, m->sfield[vs] = field, m->sexp[vs] = expv, m->sfound[vs] = found;
            m->scrc[vs] = crc;
        }
        break;
    case V_COMMIT:
        m->vst = V_STATUS;
        break;
    case V_STATUS:
        if (c->gv) m->vst = V_SWAIT;
        break;
    default:
        if (c->s_done) {
            m->vst = V_WB;
            m->qv = (m->qv + 1) & 7;
        }
        break;
    }
    /* ---- P ---- */
    switch (pst) {
    case P_IDLE:
        if (c->n_p != 0) {
            if (p_pass) m->pst = P_PTR;
            else m->qp = (m->qp + 1) & 7;
        }
        break;
    case P_PTR:
        if (c->gp) m->pst = P_PWAIT;
        break;
    case P_PWAIT:
        if (c->p_done) {
            if (c->p_seg) {
                m->pst = P_SEG;
            } else {
                m->pst = P_IDLE;
                m->qp = (m->qp + 1) & 7;
            }
        }
        break;
    default: /* P_SEG */
        if (in->m_axis_seg_tready) {
            m->pst = P_IDLE;
            m->qp = (m->qp + 1) & 7;
        }
        break;
    }
    /* ---- C ---- */
    m->cq_go = cst == C_CQE && c->cq_valid && !c->cq_full && !c->cq_wr;
    m->cq_addr = m->k_base[c->cq_idx] + ((uint64_t)c->cq_slot << 5);
    switch (cst) {
    case C_IDLE:
        if (c->c_has) {
            if (c->c_skip) {
                m->qc = (m->qc + 1) & 7;
            } else {
                m->cst = C_CQE;
                m->t_cq = c->c_cq;
            }
        }
        break;
    case C_CQE:
        if (!c->cq_valid) {
            m->cst = C_IDLE;
            m->qc = (m->qc + 1) & 7;
        } else if (c->gc) {
            m->cst = C_CWAIT;
        }
        break;
    case C_CWAIT:
        if (c->c_done) m->cst = C_EVT;
        break;
    default:
        if (!c->qualifies || c->evt_free) {
            m->cst = C_IDLE;
            m->qc = (m->qc + 1) & 7;
        }
        break;
    }
    if (in->rst) {
        m->fst = F_IDLE;
        m->vst = V_WB;
        m->pst = P_IDLE;
        m->cst = C_IDLE;
        m->cq_go = false;
        m->qw = m->qv = m->qp = m->qc = 0;
        m->nupd = 0;
        m->mrem_s = m->mrem_p = m->mrem_c = 0;
        m->tw = m->tr = 0;
        for (unsigned i = 0; i < QN; ++i) m->srem[i] = 0;
    }
}

static void tick_axw(mdd_dep_model *m, const mdd_dep_in *in, const comb *c)
{
    unsigned W = m->p.w, lw = m->lw;
    const prec *head = &m->pmem[fifo_head(&m->pf)];
    /* old values the nonblocking assignments read */
    uint8_t cur_d[MDD_DEP_MAX_W];
    uint64_t cur_m = m->cur_m;
    memcpy(cur_d, m->cur_d, sizeof cur_d);
    uint64_t a0_old = m->a0;
    if (c->done_now || c->done_fin) m->busy = false;
    if (c->aw_load) {
        m->awaddr = c->start & ~(uint64_t)(W - 1);
        m->awlen = (unsigned)(c->beats - 1) & 0xFF;
        m->aw_off = (c->endp - a0_old) & 0x1FFFFFFFFull;
    }
    m->awvalid = c->aw_load || (m->awvalid && !in->m_axi_awready);
    if (c->pay_pop) {
        m->have = m->have + 1;
        m->ended = head->last;
        memcpy(m->cur_d, head->d, sizeof m->cur_d);
        m->cur_m = head->m;
        memcpy(m->prev_d, cur_d, sizeof m->prev_d);
        m->prev_m = cur_m;
    }
    bool wvalid_old = m->wvalid;
    if (c->emit) {
        memcpy(m->wdata, c->e_d, sizeof m->wdata);
        m->wstrb = c->e_m;
        m->wlast = c->wl;
        m->wpay = m->pay;
        m->ob = m->ob + 1;
    }
    m->wvalid = c->emit || (wvalid_old && !in->m_axi_wready);
    m->ahead = (m->ahead + c->aw_load - (c->emit && c->wl)) & 0x1FF;
    m->outc = (m->outc + c->aw_load - in->m_axi_bvalid) & 0x1FF;
    (void)lw;
    /* the waiting command, then the start (last: it overrides the ending command's updates of this cycle) */
    bool nv_old = m->nv;
    bool g_pay = nv_old ? m->npay : c->cmd_pay;
    unsigned g_tag = nv_old ? m->ntag : c->cmd_tag;
    uint64_t g_addr = nv_old ? m->naddr : c->cmd_addr;
    uint32_t g_len = nv_old ? m->nlen : c->cmd_len;
    uint8_t g_sd[32];
    memcpy(g_sd, nv_old ? m->nsd : c->cmd_sdata, 32);
    if (c->cmd_go && !c->go) {
        m->nv = true;
        m->npay = c->cmd_pay;
        m->ntag = c->cmd_tag;
        m->naddr = c->cmd_addr;
        m->nlen = c->cmd_len;
        memcpy(m->nsd, c->cmd_sdata, 32);
    }
    if (c->go && nv_old) m->nv = false;
    if (c->go) {
        m->busy = true;
        m->pay = g_pay;
        m->tag = g_tag;
        m->a0 = g_addr;
        m->len = g_len;
        memcpy(m->sd, g_sd, 32);
        m->aw_off = 0;
        m->ob = 0;
        m->nout = g_len == 0 ? 0 : c->nout_calc;
        m->have = 0;
        m->ended = false;
        m->cur_m = m->prev_m = 0;
        memset(m->cur_d, 0, sizeof m->cur_d);
        memset(m->prev_d, 0, sizeof m->prev_d);
    }
    if (in->rst) {
        m->nv = false;
        m->busy = false;
        m->awvalid = false;
        m->wvalid = false;
        m->ahead = 0;
        m->outc = 0;
    }
}

/* TBL_CMD 2, the cycle after the RAM reads: the entry image from the RAM outputs and the flops */
static void load_image(const mdd_dep_model *m, uint32_t *d)
{
    uint64_t w[4] = {0, 0, 0, 0};
    uint32_t i = m->tbl_idx;
    const mdd_dep_params *p = &m->p;
    switch (m->tbl_sel) {
    case 0:
        if (i < p->conns) {
            const conn_cfg *c = &m->cr_q;
            w[0] = (uint64_t)m->c_state[i] | (uint64_t)c->pd << 16 | (uint64_t)c->rhq << 32 | (uint64_t)c->cq << 40 |
                   (uint64_t)c->reply << 48;
            w[1] = (uint64_t)c->abase | (uint64_t)c->alen << 16;
        }
        break;
    case 1:
        if (i < p->regions) {
            const rg_cfg *r = &m->rr_cfg;
            w[0] = (uint64_t)m->rr_valid | (uint64_t)r->rights << 1 | (uint64_t)r->key << 8 | (uint64_t)r->pd << 16;
            w[1] = r->base;
            w[2] = r->len;
        }
        break;
    case 2:
        if (i < p->aregs) {
            w[0] = m->av_q0;
            w[1] = m->ap_q0;
        }
        break;
    case 3:
        if (i < p->rhqs) {
            w[0] = m->q_base[i];
            w[1] = m->q_ptr[i];
            w[2] = m->q_l2n[i];
            w[3] = (uint64_t)m->q_tail[i] | (uint64_t)m->q_head[i] << 32;
        }
        break;
    case 4:
        if (i < p->cqs) {
            w[0] = m->k_base[i];
            w[2] = (uint64_t)m->k_l2n[i] | (uint64_t)m->k_evt[i] << 16 | (uint64_t)m->k_arm[i] << 32;
            w[3] = (uint64_t)m->k_tail[i] | (uint64_t)m->k_head[i] << 32;
        }
        break;
    default:
        break;
    }
    for (unsigned k = 0; k < 8; ++k) d[k] = (uint32_t)(w[k / 2] >> (32 * (k % 2)));
}

/* Word index (address bits 11:2) of a register of the DEP window (include/mdd/regs.h, D-018). */
#define WI(off) ((off) >> 2)

static uint32_t read_reg(const mdd_dep_model *m, unsigned a)
{
    switch (a) {
    case WI(MDD_DEP_ID): return MDD_DEP_ID_RESET;
    case WI(MDD_DEP_STATUS): return (uint32_t)m->axi_err << 3 | (uint32_t)m->st_cq_wait << 2 | (uint32_t)m->st_rhq_wait << 1 | m->sweeping;
    case WI(MDD_DEP_ERR_CQ): return m->err_cq;
    case WI(MDD_DEP_TBL_SEL): return m->tbl_sel;
    case WI(MDD_DEP_TBL_IDX): return m->tbl_idx;
    case WI(MDD_DEP_DB_IDX): return m->db_idx;
    case WI(MDD_DEP_PKTS): return m->cnt_pkts;
    case WI(MDD_DEP_PKTS_OK): return m->cnt_ok;
    case WI(MDD_DEP_PKTS_ERR): return m->cnt_err;
    case WI(MDD_DEP_CQES): return m->cnt_cqes;
    case WI(MDD_DEP_EVENTS): return m->cnt_evts;
    case WI(MDD_DEP_BYTES_LO): return (uint32_t)m->cnt_bytes;
    case WI(MDD_DEP_BYTES_HI): return (uint32_t)(m->cnt_bytes >> 32);
    default: break;
    }
    if (a >> 3 == WI(MDD_DEP_TBL_DATA(0)) >> 3) return m->tbl_data[a & 7];
    if (a >> 5 == WI(MDD_DEP_ERR_COUNT(0)) >> 5) return (a & 31) < 24 ? m->cnt_code[a & 31] : 0;
    return 0;
}

static void tick_regs(mdd_dep_model *m, const mdd_dep_in *in, const comb *c)
{
    const mdd_dep_params *p = &m->p;
    /* values read before the edge */
    uint32_t img[8];
    load_image(m, img);
    uint32_t rd = read_reg(m, (in->s_axil_araddr >> 2) & 0x3FF);
    unsigned cq_idx = c->cq_idx, rhq_idx = c->rhq_idx;
    uint32_t q_tail_old = m->q_tail[rhq_idx], k_tail_old = m->k_tail[cq_idx];
    unsigned evt_old = m->k_evt[cq_idx];
    unsigned dbq = m->db_idx & (p->cqs - 1), dbr = m->db_idx & (p->rhqs - 1);
    unsigned dbq_evt = m->k_evt[dbq];
    uint32_t code_old = m->cnt_code[c->done ? (c->done_code & 31) : 0];
    bool evt_valid_old = m->evt_valid;
    /* RAM reads (read-first: before this edge's writes) */
    uint32_t ti = m->tbl_idx;
    if (c->lk_re || c->sw_rd) {
        unsigned ci = c->lk_re ? c->conn_idx : ti & (p->conns - 1), ri = c->lk_re ? c->rg_idx : ti & (p->regions - 1);
        m->cr_q = m->c_cfg[ci];
        m->rr_valid = m->r_valid_t[ri];
        m->rr_cfg = m->r_cfg[ri];
    }
    if (c->ar_re || c->sw_rd) {
        unsigned i0 = c->ar_re ? c->ar_idx0 : ti & (p->aregs - 1), i1 = c->ar_re ? c->ar_idx1 : (ti + 1) & (p->aregs - 1);
        m->av_q0 = m->a_val[i0], m->ap_q0 = m->a_prot[i0];
        m->av_q1 = m->a_val[i1], m->ap_q1 = m->a_prot[i1];
    }
    /* hardware updates */
    if (c->rhq_inc) m->q_tail[rhq_idx] = q_tail_old + 1;
    if (c->cq_inc) m->k_tail[cq_idx] = k_tail_old + 1;
    if (c->evt_go) m->k_arm[cq_idx] = 0;
    if (c->areg_we) m->a_val[c->areg_idx & (p->aregs - 1)] = c->areg_val;
    if (c->fail_valid) m->c_state[c->fail_conn & (p->conns - 1)] = 2;
    /* events */
    if (evt_valid_old && in->m_axis_evt_tready) m->evt_valid = false;
    if (c->evt_go) {
        m->evt_valid = true;
        m->evt_data = (uint32_t)cq_idx << 16 | (evt_old & 0xFFFF);
    }
    if (c->arm_now) {
        m->evt_valid = true;
        m->evt_data = (uint32_t)dbq << 16 | (dbq_evt & 0xFFFF);
    }
    /* counters */
    if (c->done) {
        ++m->cnt_pkts;
        if (c->done_code == 0) ++m->cnt_ok;
        else ++m->cnt_err;
        m->cnt_code[c->done_code & 31] = code_old + 1;
    }
    if (c->cq_inc) ++m->cnt_cqes;
    if (c->evt_go || c->arm_now) ++m->cnt_evts;
    m->cnt_bytes += c->pay_bytes;
    if (in->m_axi_bvalid && (in->m_axi_bresp & 3) != 0) m->axi_err = true;
    /* AXI4-Lite */
    bool bvalid_old = m->bvalid, rvalid_old = m->rvalid, axi_err_old = m->axi_err;
    (void)axi_err_old;
    if (bvalid_old && in->s_axil_bready) m->bvalid = false;
    if (rvalid_old && in->s_axil_rready) m->rvalid = false;
    if (in->s_axil_arvalid && !rvalid_old) {
        m->rvalid = true;
        m->rdata = rd;
    }
    if (m->rb_pend) {
        m->rb_pend = false;
        m->bvalid = true;
        memcpy(m->tbl_data, img, sizeof img);
    }
    if (c->w_fire) {
        uint32_t wd = in->s_axil_wdata;
        unsigned a = (in->s_axil_awaddr >> 2) & 0x3FF;
        m->bvalid = !c->sw_rd;
        m->rb_pend = c->sw_rd;
        uint64_t d0 = (uint64_t)m->tbl_data[1] << 32 | m->tbl_data[0];
        uint64_t d1 = (uint64_t)m->tbl_data[3] << 32 | m->tbl_data[2];
        uint64_t d2 = (uint64_t)m->tbl_data[5] << 32 | m->tbl_data[4];
        switch (a) {
        case WI(MDD_DEP_STATUS):
            if (wd & 8) m->axi_err = false;
            break;
        case WI(MDD_DEP_ERR_CQ): m->err_cq = wd & 0xFF; break;
        case WI(MDD_DEP_TBL_SEL): m->tbl_sel = wd & 7; break;
        case WI(MDD_DEP_TBL_IDX): m->tbl_idx = wd; break;
        case WI(MDD_DEP_TBL_CMD):
            if (wd == 1) {
                switch (m->tbl_sel) {
                case 0:
                    if (ti < p->conns) {
                        m->c_state[ti] = d0 & 3;
                        conn_cfg *cc = &m->c_cfg[ti];
                        cc->pd = (d0 >> 16) & 0xFFFF, cc->rhq = (d0 >> 32) & 0xFF, cc->cq = (d0 >> 40) & 0xFF;
                        cc->reply = (d0 >> 48) & 0xFFFF, cc->abase = d1 & 0xFFFF, cc->alen = (d1 >> 16) & 0x1FFFF;
                    }
                    break;
                case 1:
                    if (ti < p->regions) {
                        m->r_valid_t[ti] = d0 & 1;
                        rg_cfg *r = &m->r_cfg[ti];
                        r->rights = (d0 >> 1) & 1, r->key = (d0 >> 8) & 0xFF, r->pd = (d0 >> 16) & 0xFFFF;
                        r->base = d1, r->len = d2;
                    }
                    break;
                case 2:
                    if (ti < p->aregs) m->a_val[ti] = d0, m->a_prot[ti] = d1 & 7;
                    break;
                case 3:
                    if (ti < p->rhqs) {
                        m->q_base[ti] = d0, m->q_ptr[ti] = d1, m->q_l2n[ti] = d2 & 31;
                        m->q_tail[ti] = m->q_head[ti] = 0;
                    }
                    break;
                case 4:
                    if (ti < p->cqs) {
                        m->k_base[ti] = d0, m->k_l2n[ti] = d2 & 31, m->k_evt[ti] = (d2 >> 16) & 0xFFFF;
                        m->k_arm[ti] = 0, m->k_tail[ti] = m->k_head[ti] = 0;
                        m->k_valid[ti] = true;
                    }
                    break;
                default:
                    break;
                }
            }
            break;
        case WI(MDD_DEP_DB_IDX): m->db_idx = wd; break;
        case WI(MDD_DEP_RHQ_HEAD):
            if (m->db_idx < p->rhqs) m->q_head[dbr] = wd;
            break;
        case WI(MDD_DEP_CQ_HEAD):
            if (m->db_idx < p->cqs) m->k_head[dbq] = wd;
            break;
        case WI(MDD_DEP_CQ_ARM):
            if (m->db_idx < p->cqs) m->k_arm[dbq] = c->arm_now ? 0 : (wd & 3);
            break;
        default:
            if (a >> 3 == WI(MDD_DEP_TBL_DATA(0)) >> 3) m->tbl_data[a & 7] = wd;
            break;
        }
    }
    if (m->sweeping) {
        if (m->sweep_idx < p->conns) m->c_state[m->sweep_idx] = 0;
        if (m->sweep_idx < p->regions) {  /* the whole region entry: a RAM write of zeros */
            m->r_valid_t[m->sweep_idx] = false;
            memset(&m->r_cfg[m->sweep_idx], 0, sizeof m->r_cfg[m->sweep_idx]);
        }
        if (m->sweep_idx == m->sweep - 1) m->sweeping = false;
        m->sweep_idx = m->sweep_idx + 1;
    }
    m->st_rhq_wait = c->rhq_wait;
    m->st_cq_wait = c->cq_wait;
    if (in->rst) {
        m->sweeping = true;
        m->sweep_idx = 0;
        m->err_cq = 0;
        m->tbl_sel = 0;
        m->tbl_idx = 0;
        m->db_idx = 0;
        m->axi_err = false;
        m->st_rhq_wait = m->st_cq_wait = false;
        m->bvalid = m->rvalid = false;
        m->rb_pend = false;
        m->evt_valid = false;
        m->cnt_pkts = m->cnt_ok = m->cnt_err = m->cnt_cqes = m->cnt_evts = 0;
        m->cnt_bytes = 0;
        memset(m->cnt_code, 0, sizeof m->cnt_code);
        for (unsigned i = 0; i < p->rhqs; ++i) m->q_tail[i] = m->q_head[i] = 0;
        for (unsigned i = 0; i < p->cqs; ++i) m->k_arm[i] = 0, m->k_tail[i] = m->k_head[i] = 0, m->k_valid[i] = false;
    }
}

void mdd_dep_tick(mdd_dep_model *m, const mdd_dep_in *in)
{
    comb c;
    cycle_comb(m, in, &c);
    bool leave = m->st_v && c.in_go;
    bool hpush = leave && m->st_hdr, ppush = leave && m->st_pay, vpush = leave && m->st_vrd;
    bool cpush = c.cout.m_tvalid && c.cf_ready;
    /* the units read the FIFO heads and the tables as they were before the edge: the tail (reads the check unit's
     * job), the check unit (reads the tables), the writer, then the FIFO memories (a push into a full FIFO that
     * pops overwrites the head), then the rest */
    tick_tail(m, in, &c);
    tick_chk(m, in, &c);
    tick_axw(m, in, &c);
    if (hpush) m->hmem[m->hf.wr % HDR_DEPTH] = m->st_hr;
    if (ppush) m->pmem[m->pf.wr % PAY_DEPTH] = m->st_pr;
    if (vpush) m->vmem[m->vf.wr % PKT_DEPTH] = m->st_vr;
    if (cpush) m->cmem[m->cf.wr % PKT_DEPTH] = (uint32_t)c.cout.m_crc;
    tick_in(m, in, &c);
    tick_regs(m, in, &c);
    mdd_crc_unit_tick(&m->crc, &c.cin);
    fifo_tick(&m->hf, hpush, !fifo_empty(&m->hf) && c.hdr_pop, in->rst);
    fifo_tick(&m->pf, ppush, !fifo_empty(&m->pf) && c.pay_pop, in->rst);
    fifo_tick(&m->vf, vpush, !fifo_empty(&m->vf) && c.vrd_pop, in->rst);
    fifo_tick(&m->cf, cpush, !fifo_empty(&m->cf) && c.vrd_pop, in->rst);
}

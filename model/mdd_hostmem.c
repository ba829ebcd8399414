/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_hostmem.c - host memory, AXI4 write slave, safety and ordering checks (see mdd_hostmem.h).
 *
 * A burst's data is stored when its last beat arrives (the slave answers with one B per burst anyway), so the
 * memory holds whole bursts only. The slave accepts W beats only for a burst whose AW it has accepted (legal for
 * a slave; a master must not wait for wready before awvalid), which keeps beat-to-burst matching unambiguous.
 */
#include "mdd_hostmem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/formats.h"
#include "mdd_rng.h"

#define PAGE 4096u

struct page {
    uint64_t pn;
    uint8_t data[PAGE];
    uint8_t wr[PAGE / 8];
};

struct range {
    uint64_t lo, hi; /* [lo, hi), hi may be 0 for a range ending at 2^64: stored as len instead */
    uint64_t len;
    unsigned resp;
};

/* Per RHQ slot: what the ordering rules need. */
struct slot {
    unsigned entry_pending;  /* entry bursts of this slot without B */
    uint64_t entry_b_max;
    bool entry_seen;         /* an entry write since the last status write */
    unsigned status_pending;
    uint64_t status_b;
    bool status_ok;          /* a status write after the entry, B received */
};

struct ring {
    bool declared, is_cq;
    uint64_t base, ptr_addr;
    unsigned log2n;
    struct slot *slots;
};

struct mdd_hostmem {
    struct mdd_hostmem_cfg cfg;
    mdd_hostmem_fail_fn fail;
    void *fail_ctx;
    struct mdd_rng rng;
    /* memory */
    struct page **pages;
    size_t npages, cap;
    struct range *poison;
    size_t npoison;
    /* log */
    struct mdd_hostmem_wr **log; /* log[seq - first] */
    uint64_t first, end;
    size_t log_cap;
    bool logging;
    /* slave */
    uint64_t *wq; /* seqs awaiting W, in AW order */
    size_t wq_n, wq_cap;
    uint64_t *bq; /* seqs awaiting B, in order, with due cycles */
    uint64_t *bdue;
    size_t bq_n, bq_cap;
    bool aw_rdy, w_rdy, b_valid;
    unsigned outstanding;
    bool aw_wait, w_wait; /* valid without ready last cycle: payload must hold */
    uint32_t aw_id, aw_len, aw_size, aw_burst;
    uint64_t aw_addr;
    uint8_t w_data[MDD_DEP_MAX_W];
    uint64_t w_strb;
    bool w_last;
    uint64_t bursts;
    /* safety */
    struct range *auth, *merged;
    size_t nauth, auth_cap, nmerged;
    bool auth_dirty;
    uint64_t violations;
    /* ordering */
    struct ring rhq[256], cq[256];
    uint64_t failures;
};

static void report(struct mdd_hostmem *m, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void report(struct mdd_hostmem *m, const char *what, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    m->failures++;
    if (m->fail)
        m->fail(m->fail_ctx, what, msg);
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "mdd_hostmem: out of memory\n");
        abort();
    }
    return q;
}

void mdd_hostmem_default_cfg(struct mdd_hostmem_cfg *cfg, const mdd_dep_params *p)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->w = p->w;
    cfg->burst_bytes = p->burst_bytes;
    cfg->max_outstanding = p->max_outstanding;
    cfg->awready_pct = 70;
    cfg->wready_pct = 80;
    cfg->bready_delay_max = 20;
    cfg->bvalid_pct = 70;
    cfg->seed = 1;
}

struct mdd_hostmem *mdd_hostmem_new(const struct mdd_hostmem_cfg *cfg, mdd_hostmem_fail_fn fail, void *fail_ctx)
{
    struct mdd_hostmem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    m->fail = fail;
    m->fail_ctx = fail_ctx;
    m->rng.s = cfg->seed * 0x9E3779B97F4A7C15ull + 0x1234;
    m->logging = true;
    m->cap = 1024;
    m->pages = calloc(m->cap, sizeof *m->pages);
    if (!m->pages) {
        free(m);
        return NULL;
    }
    return m;
}

static void free_rec(struct mdd_hostmem_wr *r)
{
    if (r) {
        free(r->data);
        free(r->strb);
        free(r);
    }
}

void mdd_hostmem_free(struct mdd_hostmem *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        free(m->pages[i]);
    free(m->pages);
    for (uint64_t s = m->first; s < m->end; s++)
        free_rec(m->log[s - m->first]);
    free(m->log);
    free(m->poison);
    free(m->wq);
    free(m->bq);
    free(m->bdue);
    free(m->auth);
    free(m->merged);
    for (unsigned i = 0; i < 256; i++) {
        free(m->rhq[i].slots);
        free(m->cq[i].slots);
    }
    free(m);
}

uint64_t mdd_hostmem_failures(const struct mdd_hostmem *m) { return m->failures; }
uint64_t mdd_hostmem_violations(const struct mdd_hostmem *m) { return m->violations; }
uint64_t mdd_hostmem_bursts(const struct mdd_hostmem *m) { return m->bursts; }
void mdd_hostmem_set_logging(struct mdd_hostmem *m, bool on) { m->logging = on; }

/* ---- (a) memory ------------------------------------------------------------------------------------------ */

static size_t hash(uint64_t pn, size_t cap) { return (size_t)((pn * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1); }

static struct page *page_get(const struct mdd_hostmem *m, uint64_t pn)
{
    for (size_t i = hash(pn, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (!m->pages[i])
            return NULL;
        if (m->pages[i]->pn == pn)
            return m->pages[i];
    }
}

static struct page *page_make(struct mdd_hostmem *m, uint64_t pn)
{
    struct page *p = page_get(m, pn);
    if (p)
        return p;
    if (2 * (m->npages + 1) > m->cap) {
        size_t ncap = 2 * m->cap;
        struct page **np = calloc(ncap, sizeof *np);
        if (!np)
            abort();
        for (size_t i = 0; i < m->cap; i++)
            if (m->pages[i]) {
                size_t j = hash(m->pages[i]->pn, ncap);
                while (np[j])
                    j = (j + 1) & (ncap - 1);
                np[j] = m->pages[i];
            }
        free(m->pages);
        m->pages = np;
        m->cap = ncap;
    }
    p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->pn = pn;
    size_t i = hash(pn, m->cap);
    while (m->pages[i])
        i = (i + 1) & (m->cap - 1);
    m->pages[i] = p;
    m->npages++;
    return p;
}

static void mem_store(struct mdd_hostmem *m, uint64_t addr, uint8_t v)
{
    struct page *p = page_make(m, addr / PAGE);
    unsigned o = (unsigned)(addr % PAGE);
    p->data[o] = v;
    p->wr[o / 8] |= (uint8_t)(1u << (o % 8));
}

size_t mdd_hostmem_read(const struct mdd_hostmem *m, uint64_t addr, void *buf, size_t n)
{
    uint8_t *b = buf;
    size_t known = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t a = addr + i;
        const struct page *p = page_get(m, a / PAGE);
        unsigned o = (unsigned)(a % PAGE);
        if (p && (p->wr[o / 8] >> (o % 8) & 1)) {
            b[i] = p->data[o];
            known++;
        } else {
            b[i] = 0;
        }
    }
    return known;
}

void mdd_hostmem_poison(struct mdd_hostmem *m, uint64_t addr, uint64_t len, unsigned resp)
{
    if (!len)
        return;
    m->poison = xrealloc(m->poison, (m->npoison + 1) * sizeof *m->poison);
    m->poison[m->npoison++] = (struct range){addr, addr + len, len, resp ? resp : 2};
}

/* Whether [a, a + n) (n >= 1) meets range g. */
static bool meets(const struct range *g, uint64_t a, uint64_t n)
{
    /* offsets from g->lo, so that ranges ending at 2^64 need no special case */
    uint64_t d = a - g->lo;
    return d < g->len || (a < g->lo && g->lo - a < n);
}

unsigned mdd_hostmem_poison_resp(void *ctx, uint64_t addr, uint64_t len)
{
    const struct mdd_hostmem *m = ctx;
    if (!len)
        return 0;
    for (size_t i = 0; i < m->npoison; i++)
        if (meets(&m->poison[i], addr, len))
            return m->poison[i].resp;
    return 0;
}

static bool byte_poisoned(const struct mdd_hostmem *m, uint64_t a)
{
    for (size_t i = 0; i < m->npoison; i++)
        if (a - m->poison[i].lo < m->poison[i].len)
            return true;
    return false;
}

uint64_t mdd_hostmem_log_first(const struct mdd_hostmem *m) { return m->first; }
uint64_t mdd_hostmem_log_end(const struct mdd_hostmem *m) { return m->end; }
const struct mdd_hostmem_wr *mdd_hostmem_log_get(const struct mdd_hostmem *m, uint64_t seq)
{
    return seq >= m->first && seq < m->end ? m->log[seq - m->first] : NULL;
}

void mdd_hostmem_log_release(struct mdd_hostmem *m, uint64_t seq)
{
    uint64_t s = m->first;
    while (s < seq && s < m->end && m->log[s - m->first]->b_done)
        free_rec(m->log[s++ - m->first]);
    size_t drop = (size_t)(s - m->first);
    if (drop) {
        memmove(m->log, m->log + drop, (size_t)(m->end - s) * sizeof *m->log);
        m->first = s;
    }
}

static struct mdd_hostmem_wr *new_rec(struct mdd_hostmem *m, uint64_t addr, uint32_t nbytes)
{
    struct mdd_hostmem_wr *r = calloc(1, sizeof *r);
    if (!r)
        abort();
    r->seq = m->end;
    r->awaddr = addr;
    r->nbytes = nbytes;
    r->data = calloc(nbytes ? nbytes : 1, 1);
    r->strb = calloc(nbytes ? nbytes : 1, 1);
    if (!r->data || !r->strb)
        abort();
    if ((size_t)(m->end - m->first) == m->log_cap) {
        m->log_cap = m->log_cap ? 2 * m->log_cap : 256;
        m->log = xrealloc(m->log, m->log_cap * sizeof *m->log);
    }
    m->log[m->end++ - m->first] = r;
    return r;
}

/* ---- (c) safety ------------------------------------------------------------------------------------------ */

void mdd_hostmem_auth_clear(struct mdd_hostmem *m)
{
    m->nauth = 0;
    m->auth_dirty = true;
}

void mdd_hostmem_auth_add(struct mdd_hostmem *m, uint64_t addr, uint64_t len)
{
    if (!len)
        return;
    if (m->nauth == m->auth_cap) {
        m->auth_cap = m->auth_cap ? 2 * m->auth_cap : 64;
        m->auth = xrealloc(m->auth, m->auth_cap * sizeof *m->auth);
    }
    m->auth[m->nauth++] = (struct range){addr, addr + len, len, 0};
    m->auth_dirty = true;
}

static int cmp_lo(const void *a, const void *b)
{
    const struct range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Sorted, merged copy of the authorised ranges (ends as 128-bit values kept in len: end = lo + len). */
static void auth_merge(struct mdd_hostmem *m)
{
    m->merged = xrealloc(m->merged, (m->nauth ? m->nauth : 1) * sizeof *m->merged);
    memcpy(m->merged, m->auth, m->nauth * sizeof *m->auth);
    qsort(m->merged, m->nauth, sizeof *m->merged, cmp_lo);
    size_t k = 0;
    for (size_t i = 0; i < m->nauth; i++) {
        struct range g = m->merged[i];
        if (k) {
            struct range *t = &m->merged[k - 1];
            unsigned __int128 tend = (unsigned __int128)t->lo + t->len;
            if ((unsigned __int128)g.lo <= tend) {
                unsigned __int128 gend = (unsigned __int128)g.lo + g.len;
                if (gend > tend)
                    t->len = (uint64_t)(gend - t->lo) ? (uint64_t)(gend - t->lo) : ~(uint64_t)0;
                continue;
            }
        }
        m->merged[k++] = g;
    }
    m->nmerged = k;
    m->auth_dirty = false;
}

/* Whether [a, a + n) lies inside one merged authorised range. */
static bool authorised(struct mdd_hostmem *m, uint64_t a, uint64_t n)
{
    if (m->auth_dirty)
        auth_merge(m);
    size_t lo = 0, hi = m->nmerged;
    while (lo < hi) { /* last range with start <= a */
        size_t mid = (lo + hi) / 2;
        if (m->merged[mid].lo <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!lo)
        return false;
    const struct range *g = &m->merged[lo - 1];
    return (unsigned __int128)a + n <= (unsigned __int128)g->lo + g->len;
}

static void safety_check(struct mdd_hostmem *m, const struct mdd_hostmem_wr *r)
{
    for (uint32_t i = 0; i < r->nbytes;) {
        if (!r->strb[i]) {
            i++;
            continue;
        }
        uint32_t j = i;
        while (j < r->nbytes && r->strb[j])
            j++;
        if (!authorised(m, r->awaddr + i, j - i)) {
            m->violations++;
            report(m, "safety",
                   "write #%" PRIu64 " (AW cycle %" PRIu64 ") strobes [0x%016" PRIx64 ", +%u) outside every authorised "
                   "range",
                   r->seq, r->aw_cycle, r->awaddr + i, j - i);
        }
        i = j;
    }
}

/* ---- (d) ordering from addresses ------------------------------------------------------------------------- */

static void declare(struct mdd_hostmem *m, struct ring *g, uint64_t base, unsigned log2n, uint64_t ptr, bool cq)
{
    free(g->slots);
    g->declared = true;
    g->is_cq = cq;
    g->base = base;
    g->log2n = log2n;
    g->ptr_addr = ptr;
    g->slots = calloc((size_t)1 << log2n, sizeof *g->slots);
    if (!g->slots)
        abort();
    mdd_hostmem_auth_add(m, base, (uint64_t)32 << log2n);
    if (!cq)
        mdd_hostmem_auth_add(m, ptr, 4);
}

void mdd_hostmem_declare_rhq(struct mdd_hostmem *m, unsigned idx, uint64_t base, unsigned log2n, uint64_t ptr_addr)
{
    if (idx < 256 && log2n <= 16)
        declare(m, &m->rhq[idx], base, log2n, ptr_addr, false);
}

void mdd_hostmem_declare_cq(struct mdd_hostmem *m, unsigned idx, uint64_t base, unsigned log2n)
{
    if (idx < 256 && log2n <= 16)
        declare(m, &m->cq[idx], base, log2n, 0, true);
}

enum { K_NONE, K_ENTRY, K_STATUS, K_PTR };

/* What a finished write is for the address rules: an entry write of RHQ *ri slot *si, its status word, or the
 * pointer (value *v). Only the first RHQ structure it touches counts. */
static unsigned classify(const struct mdd_hostmem *m, const struct mdd_hostmem_wr *r, unsigned *ri, uint32_t *si,
                         uint32_t *v)
{
    for (unsigned q = 0; q < 256; q++) {
        const struct ring *g = &m->rhq[q];
        if (!g->declared)
            continue;
        const uint64_t size = (uint64_t)32 << g->log2n;
        for (uint32_t i = 0; i < r->nbytes; i++) {
            if (!r->strb[i])
                continue;
            uint64_t a = r->awaddr + i;
            if (a == g->ptr_addr && i + 4 <= r->nbytes) {
                *ri = q;
                *v = (uint32_t)(r->data[i] | r->data[i + 1] << 8 | r->data[i + 2] << 16 | (uint32_t)r->data[i + 3] << 24);
                return K_PTR;
            }
            if (a - g->base < size) {
                *ri = q;
                *si = (uint32_t)((a - g->base) / 32);
                unsigned o = (unsigned)((a - g->base) % 32);
                /* the status word alone, DONE set: the final status; anything else is (part of) the entry */
                if (o == MDD_DEP_RHQ_STATUS_OFF && i + 4 <= r->nbytes && (r->data[i] & MDD_DEP_RHQ_STATUS_DONE))
                    return K_STATUS;
                return K_ENTRY;
            }
        }
    }
    return K_NONE;
}

static void order_w_done(struct mdd_hostmem *m, const struct mdd_hostmem_wr *r)
{
    unsigned q = 0;
    uint32_t s = 0, v = 0;
    switch (classify(m, r, &q, &s, &v)) {
    case K_ENTRY: {
        struct slot *t = &m->rhq[q].slots[s];
        t->entry_pending++;
        t->entry_seen = true;
        t->status_ok = false;
        break;
    }
    case K_STATUS: {
        struct slot *t = &m->rhq[q].slots[s];
        if (!t->entry_seen)
            report(m, "order", "RHQ %u slot %u: status word (write #%" PRIu64 ") without an entry written before it",
                   q, s, r->seq);
        else if (t->entry_pending || t->entry_b_max >= r->aw_cycle)
            report(m, "order",
                   "RHQ %u slot %u: status word issued at cycle %" PRIu64 " before the B of its entry (%s%" PRIu64 ")",
                   q, s, r->aw_cycle, t->entry_pending ? "pending, last B " : "cycle ", t->entry_b_max);
        t->entry_seen = false;
        t->status_pending++;
        break;
    }
    case K_PTR: {
        const struct ring *g = &m->rhq[q];
        struct slot *t = &g->slots[(v - 1) & (((uint32_t)1 << g->log2n) - 1)];
        if (t->status_pending || !t->status_ok || t->status_b >= r->aw_cycle)
            report(m, "order",
                   "RHQ %u: pointer %u (write #%" PRIu64 ", AW cycle %" PRIu64 ") before the B of the status word of "
                   "its entry (%s)",
                   q, v, r->seq, r->aw_cycle,
                   t->status_pending ? "pending" : !t->status_ok ? "not written" : "B not earlier");
        break;
    }
    }
}

static void order_b_done(struct mdd_hostmem *m, const struct mdd_hostmem_wr *r)
{
    unsigned q = 0;
    uint32_t s = 0, v = 0;
    switch (classify(m, r, &q, &s, &v)) {
    case K_ENTRY: {
        struct slot *t = &m->rhq[q].slots[s];
        if (t->entry_pending)
            t->entry_pending--;
        if (r->b_cycle > t->entry_b_max)
            t->entry_b_max = r->b_cycle;
        break;
    }
    case K_STATUS: {
        struct slot *t = &m->rhq[q].slots[s];
        if (t->status_pending)
            t->status_pending--;
        t->status_b = r->b_cycle;
        t->status_ok = true;
        break;
    }
    default: break;
    }
}

/* Finishing a write: poison, store, safety, address-order rules. */
static void finish_w(struct mdd_hostmem *m, struct mdd_hostmem_wr *r, uint64_t cycle)
{
    r->w_done = true;
    r->wlast_cycle = cycle;
    r->bresp = 0;
    for (uint32_t i = 0; i < r->nbytes; i++) {
        if (!r->strb[i])
            continue;
        uint64_t a = r->awaddr + i;
        if (byte_poisoned(m, a)) {
            if (!r->bresp)
                r->bresp = mdd_hostmem_poison_resp(m, a, 1);
        } else {
            mem_store(m, a, r->data[i]);
        }
    }
    safety_check(m, r);
    order_w_done(m, r);
}

unsigned mdd_hostmem_write(struct mdd_hostmem *m, uint64_t addr, const void *data, size_t n, uint64_t cycle)
{
    struct mdd_hostmem_wr *r = new_rec(m, addr, (uint32_t)n);
    memcpy(r->data, data, n);
    memset(r->strb, 1, n);
    r->aw_cycle = cycle;
    finish_w(m, r, cycle);
    r->b_cycle = cycle;
    r->b_done = true;
    order_b_done(m, r);
    unsigned resp = r->bresp;
    if (!m->logging)
        mdd_hostmem_log_release(m, m->end);
    return resp;
}

/* ---- (b) AXI4 slave -------------------------------------------------------------------------------------- */

static unsigned log2u(unsigned v)
{
    unsigned l = 0;
    while ((1u << l) < v)
        l++;
    return l;
}

void mdd_hostmem_axi_drive(const struct mdd_hostmem *m, mdd_dep_in *in)
{
    in->m_axi_awready = m->aw_rdy;
    in->m_axi_wready = m->w_rdy && m->wq_n;
    in->m_axi_bvalid = m->b_valid;
    in->m_axi_bid = 0;
    in->m_axi_bresp = m->b_valid ? m->log[m->bq[0] - m->first]->bresp : 0;
}

bool mdd_hostmem_axi_idle(const struct mdd_hostmem *m) { return !m->wq_n && !m->bq_n; }

static void push(uint64_t **q, size_t *n, size_t *cap, uint64_t v)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *q = xrealloc(*q, *cap * sizeof **q);
    }
    (*q)[(*n)++] = v;
}

static void pop_front(uint64_t *q, size_t *n)
{
    memmove(q, q + 1, (*n - 1) * sizeof *q);
    (*n)--;
}

static void slave_reset(struct mdd_hostmem *m)
{
    m->wq_n = m->bq_n = 0;
    m->aw_rdy = m->w_rdy = m->b_valid = false;
    m->outstanding = 0;
    m->aw_wait = m->w_wait = false;
}

void mdd_hostmem_axi_tick(struct mdd_hostmem *m, const mdd_dep_in *in, const mdd_dep_out *out, uint64_t cycle)
{
    const unsigned w = m->cfg.w;
    const uint64_t bus = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    if (in->rst) {
        slave_reset(m);
        return;
    }
    /* valid and payload held until ready */
    if (m->aw_wait && (!out->m_axi_awvalid || out->m_axi_awaddr != m->aw_addr || out->m_axi_awlen != m->aw_len ||
                       out->m_axi_awsize != m->aw_size || out->m_axi_awburst != m->aw_burst ||
                       out->m_axi_awid != m->aw_id))
        report(m, "axi", "cycle %" PRIu64 ": AW changed or dropped before awready (was addr 0x%" PRIx64 " len %u)", cycle,
               m->aw_addr, m->aw_len);
    if (m->w_wait && (!out->m_axi_wvalid || memcmp(out->m_axi_wdata, m->w_data, w) != 0 ||
                      out->m_axi_wstrb != m->w_strb || out->m_axi_wlast != m->w_last))
        report(m, "axi", "cycle %" PRIu64 ": W changed or dropped before wready", cycle);

    if (in->m_axi_awready && out->m_axi_awvalid) {
        const uint64_t a = out->m_axi_awaddr;
        const unsigned len = out->m_axi_awlen;
        const uint64_t bytes = (uint64_t)(len + 1) * w;
        if (out->m_axi_awsize != log2u(w))
            report(m, "axi", "cycle %" PRIu64 ": awsize %u, expected %u (log2 W)", cycle, out->m_axi_awsize, log2u(w));
        if (out->m_axi_awburst != 1)
            report(m, "axi", "cycle %" PRIu64 ": awburst %u, expected 1 (INCR)", cycle, out->m_axi_awburst);
        if (out->m_axi_awid != 0)
            report(m, "axi", "cycle %" PRIu64 ": awid %u, expected 0", cycle, out->m_axi_awid);
        if (len > 255)
            report(m, "axi", "cycle %" PRIu64 ": awlen %u > 255", cycle, len);
        if (a % w)
            report(m, "axi", "cycle %" PRIu64 ": awaddr 0x%" PRIx64 " not aligned to W = %u", cycle, a, w);
        if (a / m->cfg.burst_bytes != (a + bytes - 1) / m->cfg.burst_bytes || a / 4096 != (a + bytes - 1) / 4096)
            report(m, "axi", "cycle %" PRIu64 ": burst 0x%" PRIx64 " + %" PRIu64 " crosses a %u-byte boundary", cycle, a,
                   bytes, m->cfg.burst_bytes);
        struct mdd_hostmem_wr *r = new_rec(m, a, (uint32_t)((len > 255 ? 255 : len) + 1) * w);
        r->awlen = len > 255 ? 255 : len;
        r->aw_cycle = cycle;
        push(&m->wq, &m->wq_n, &m->wq_cap, r->seq);
        m->bursts++;
        if (++m->outstanding > m->cfg.max_outstanding)
            report(m, "axi", "cycle %" PRIu64 ": %u bursts without B, MAX_OUTSTANDING %u", cycle, m->outstanding,
                   m->cfg.max_outstanding);
    }
    if (in->m_axi_wready && out->m_axi_wvalid && m->wq_n) {
        struct mdd_hostmem_wr *r = m->log[m->wq[0] - m->first];
        const unsigned beat = r->beats++;
        if (out->m_axi_wstrb & ~bus)
            report(m, "axi", "cycle %" PRIu64 ": wstrb 0x%" PRIx64 " outside the %u-byte bus", cycle, out->m_axi_wstrb, w);
        for (unsigned l = 0; l < w; l++)
            if (out->m_axi_wstrb >> l & 1) {
                r->data[beat * w + l] = out->m_axi_wdata[l];
                r->strb[beat * w + l] = 1;
            }
        const bool last = beat == r->awlen;
        if (out->m_axi_wlast != last)
            report(m, "axi", "cycle %" PRIu64 ": write #%" PRIu64 " beat %u of %u with wlast %d", cycle, r->seq, beat + 1,
                   r->awlen + 1, out->m_axi_wlast);
        if (last || out->m_axi_wlast) { /* an early wlast ends the burst too (reported above) */
            finish_w(m, r, cycle);
            pop_front(m->wq, &m->wq_n);
            size_t n = m->bq_n, cap = m->bq_cap;
            push(&m->bdue, &n, &cap, cycle + 1 + mdd_rng_below(&m->rng, (uint64_t)m->cfg.bready_delay_max + 1));
            push(&m->bq, &m->bq_n, &m->bq_cap, r->seq);
        }
    }
    if (m->b_valid && out->m_axi_bready) {
        struct mdd_hostmem_wr *r = m->log[m->bq[0] - m->first];
        r->b_cycle = cycle;
        r->b_done = true;
        order_b_done(m, r);
        pop_front(m->bq, &m->bq_n);
        memmove(m->bdue, m->bdue + 1, m->bq_n * sizeof *m->bdue);
        m->b_valid = false;
        if (m->outstanding)
            m->outstanding--;
        if (!m->logging)
            mdd_hostmem_log_release(m, r->seq + 1);
    }
    m->aw_wait = out->m_axi_awvalid && !in->m_axi_awready;
    m->aw_addr = out->m_axi_awaddr;
    m->aw_len = out->m_axi_awlen;
    m->aw_size = out->m_axi_awsize;
    m->aw_burst = out->m_axi_awburst;
    m->aw_id = out->m_axi_awid;
    m->w_wait = out->m_axi_wvalid && !(in->m_axi_wready);
    memcpy(m->w_data, out->m_axi_wdata, w);
    m->w_strb = out->m_axi_wstrb;
    m->w_last = out->m_axi_wlast;
    /* the next cycle's outputs; a B once shown stays until taken */
    m->aw_rdy = mdd_rng_chance(&m->rng, m->cfg.awready_pct);
    m->w_rdy = mdd_rng_chance(&m->rng, m->cfg.wready_pct);
    if (!m->b_valid && m->bq_n && m->bdue[0] <= cycle + 1 && mdd_rng_chance(&m->rng, m->cfg.bvalid_pct))
        m->b_valid = true;
}

/* ---- (d) ordering per packet ----------------------------------------------------------------------------- */

void mdd_hostmem_order_add(struct mdd_hostmem_order *o, unsigned step, uint64_t aw_cycle, uint64_t b_cycle)
{
    if (step >= MDD_HM_STEPS)
        return;
    if (!o->any[step] || aw_cycle < o->aw_min[step])
        o->aw_min[step] = aw_cycle;
    if (!o->any[step] || b_cycle > o->b_max[step])
        o->b_max[step] = b_cycle;
    o->any[step] = true;
}

const char *mdd_hostmem_step_name(unsigned step)
{
    static const char *const n[] = {"entry+payload", "status word", "pointer", "SEG record", "CQE", "event"};
    return step < MDD_HM_STEPS ? n[step] : "?";
}

bool mdd_hostmem_order_check(const struct mdd_hostmem_order *o, char *msg, size_t n)
{
    int prev = -1;
    for (unsigned s = 0; s < MDD_HM_STEPS; s++) {
        if (!o->any[s])
            continue;
        if (prev >= 0 && o->aw_min[s] <= o->b_max[prev]) {
            snprintf(msg, n, "%s issued at cycle %" PRIu64 ", not after the last B of the %s (cycle %" PRIu64 ")",
                     mdd_hostmem_step_name(s), o->aw_min[s], mdd_hostmem_step_name((unsigned)prev), o->b_max[prev]);
            return false;
        }
        prev = (int)s;
    }
    return true;
}

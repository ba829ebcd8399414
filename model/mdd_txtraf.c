/* SPDX-License-Identifier: MIT */
/* model/mdd_txtraf.c - TX traffic from traffic generator streams (see mdd_txtraf.h). */
#include "mdd_txtraf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"

const char *const mdd_tx_mode_name[MDD_TX_MODES] = {"none", "keep", "insert", "replace", "strip"};
const unsigned mdd_tx_mode_op[MDD_TX_MODES] = {MDD_DIF_NONE, MDD_DIF_CHECK_KEEP, MDD_DIF_INSERT, MDD_DIF_CHECK_REPLACE,
                                               MDD_DIF_CHECK_STRIP};

static void *xmalloc_or_die(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "mdd_txtraf: out of memory\n");
        abort();
    }
    return p;
}

static unsigned kind_of(uint8_t tag) { return (tag & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB; }

static void be_put(uint8_t *p, unsigned len, uint64_t v)
{
    for (unsigned k = len; k-- > 0; v = len - k < 8 ? v >> 8 : 0)
        p[k] = (uint8_t)v;
}

/* The PI of a block, written from the format table and mdd_crc (independent of the references). */
static void make_pi(const struct mdd_gen_cfg *c, const uint8_t *data, size_t len, uint64_t blk, uint8_t *pi)
{
    const struct mdd_pifmt *pf = mdd_pifmt(c->pi_fmt);
    memset(pi, 0, 16);
    be_put(pi, pf->guard_len, mdd_crc((mdd_crc_alg)pf->guard_alg, data, len));
    be_put(pi + pf->app_off, 2, c->app_tag);
    uint64_t ref = c->prot_type == 3 ? c->ref_tag : ((c->ref_tag + blk) & 0xFFFFFFFFFFFFull);
    if (pf->code == MDD_PI_T10_CODE)
        ref &= 0xFFFFFFFFu;
    be_put(pi + pf->ref_off, pf->ref_len, ref);
}

int mdd_tx_case_build(uint64_t seed, unsigned w, int mode, struct mdd_tx_case *k)
{
    struct mdd_gen_cfg cfg;
    mdd_gen_random_cfg(seed, w, &cfg);
    return mdd_tx_case_build_cfg(&cfg, seed, mode, k);
}

int mdd_tx_case_build_cfg(const struct mdd_gen_cfg *cfg, uint64_t seed, int mode, struct mdd_tx_case *k)
{
    memset(k, 0, sizeof *k);
    k->cfg = *cfg;
    struct mdd_gen_cfg *c = &k->cfg;
    c->hdr_out = 1;
    c->max_data = 0;
    if (c->dif_op == MDD_DIF_NONE) {
        k->mode = MDD_TX_NONE;
    } else {
        unsigned m = mode >= 0 ? (unsigned)mode : 1 + (unsigned)(seed / 7 % 4);
        k->mode = m == MDD_TX_NONE ? MDD_TX_KEEP : (enum mdd_tx_mode)m;
        if (c->proto == MDD_PROTO_RAW && k->mode == MDD_TX_STRIP)
            k->mode = MDD_TX_INSERT; /* the generator's RAW stream is a DIF stream */
        c->dif_op = MDD_DIF_CHECK_KEEP;
        if (k->mode != MDD_TX_KEEP)
            c->esc_every = 0;
    }
    struct mdd_gen_cfg gc = *c;
    if (k->mode == MDD_TX_STRIP)
        gc.dif_op = MDD_DIF_NONE;
    if (k->mode == MDD_TX_INSERT || k->mode == MDD_TX_REPLACE)
        gc.app_mask = 0xFFFF; /* the generator's PI then carries exactly app_tag, as TX writes it */
    if (mdd_gen_build(&gc, seed, &k->s) != 0)
        return -1;
    const struct mdd_gen_stream *s = &k->s;
    size_t cap = s->host_len + (s->host_len / (c->blk_len ? c->blk_len : 1) + 2) * 16;
    k->host = xmalloc_or_die(cap);
    k->pi_start = xmalloc_or_die((cap / 8 + 2) * sizeof *k->pi_start);
    const struct mdd_pifmt *pf = mdd_pifmt(c->pi_fmt);
    k->hdr_at = xmalloc_or_die(cap);
    memset(k->hdr_at, 0, cap);
#define HDR_START(i) (kind_of(s->host_tag[i]) == MDD_KIND_HDR && \
                      ((i) == 0 || kind_of(s->host_tag[(i) - 1]) != MDD_KIND_HDR || (s->host_tag[(i) - 1] & MDD_TAGM_EH)))
    if (k->mode == MDD_TX_STRIP) {
        /* PI after each block's last data byte, in host order (docs/tx-path.md T2) */
        uint8_t *blk = xmalloc_or_die(c->blk_len);
        size_t fill = 0;
        for (size_t i = 0; i < s->host_len; i++) {
            k->hdr_at[k->host_len] = HDR_START(i);
            k->host[k->host_len++] = s->host[i];
            if (kind_of(s->host_tag[i]) != MDD_KIND_PAY)
                continue;
            blk[fill++] = s->host[i];
            if (fill == c->blk_len) {
                k->pi_start[k->n_pi++] = k->host_len;
                make_pi(c, blk, fill, k->blocks++, k->host + k->host_len);
                k->host_len += pf->pi_len;
                fill = 0;
            }
        }
        free(blk);
    } else {
        size_t pi_seen = 0;
        for (size_t i = 0; i < s->host_len; i++) {
            bool pi = kind_of(s->host_tag[i]) == MDD_KIND_PI;
            if (pi && k->mode == MDD_TX_INSERT)
                continue;
            /* a whole PI starts here: PI bytes for pi_len host bytes (a PI split by a header, pi_split, is not) */
            bool whole = pi && (i == 0 || kind_of(s->host_tag[i - 1]) != MDD_KIND_PI) && i + pf->pi_len <= s->host_len;
            for (size_t j = 0; whole && j < pf->pi_len; j++)
                whole = kind_of(s->host_tag[i + j]) == MDD_KIND_PI;
            if (whole)
                k->pi_start[k->n_pi++] = k->host_len;
            k->hdr_at[k->host_len] = (uint8_t)(HDR_START(i) | (pi_seen % pf->pi_len != 0) << 1);
            pi_seen += pi;
            k->host[k->host_len++] = s->host[i];
        }
        k->blocks = s->n_blocks;
    }
#undef HDR_START
    /* T3: no cut inside a BHS's bytes 1-7 when iSCSI markers are on; D-033: no cut inside a PI that may be an
     * escape (KEEP keeps the generator's escaped blocks) */
    k->nocut = xmalloc_or_die(k->host_len + 1);
    memset(k->nocut, 0, k->host_len + 1);
    for (size_t h = 0; h < k->host_len; h++) {
        if (c->proto == MDD_PROTO_ISCSI && c->mrk_en && (k->hdr_at[h] & 1))
            for (size_t j = 1; j < 8 && h + j <= k->host_len; j++)
                k->nocut[h + j] = 1;
        if (k->mode == MDD_TX_KEEP && (k->hdr_at[h] & 2))
            k->nocut[h] = 1;
    }
    memcpy(k->desc, s->desc, sizeof k->desc);
    MDD_SET(DESC, HDR_OUT, k->desc, 0);
    MDD_SET(DESC, MRK_CHK, k->desc, 0);
    k->desc[7] = 0;
    MDD_SET(TXDESC, PASS_LEN, k->desc, 0xFFFFFFFFu);
    MDD_SET(DESC, DIF_OP, k->desc, mdd_tx_mode_op[k->mode]);
    MDD_SET(DESC, APP_MASK, k->desc, c->app_mask);
    if (k->mode == MDD_TX_STRIP) {
        MDD_SET(DESC, PI_FMT, k->desc, c->pi_fmt);
        MDD_SET(DESC, PROT_TYPE, k->desc, c->prot_type);
        MDD_SET(DESC, DIF_CHK, k->desc, c->dif_chk);
        MDD_SET(DESC, BLK_LEN, k->desc, c->blk_len);
    }
    return 0;
}

void mdd_tx_case_free(struct mdd_tx_case *k)
{
    mdd_gen_free(&k->s);
    free(k->host);
    free(k->pi_start);
    free(k->nocut);
    free(k->hdr_at);
    memset(k, 0, sizeof *k);
}

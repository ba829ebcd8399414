/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_trafgen.c - the traffic generator (see mdd_trafgen.h). Independent of mdd_rxref.c by design:
 * a stream is assembled in four passes over whole structures, not parsed byte by byte:
 *
 *   1. the DIF stream: all payload data, cut into blocks, each complete block followed by its PI
 *      (guard = mdd_crc of the block's data; about 1 in esc_every blocks an escape with a garbage guard);
 *   2. the non-marker stream: per PDU the header (iSCSI BHS+AHS with TotalAHSLength/DataSegmentLength, or MPA
 *      ULPDU_Length + ULP header), header digest, its segment of the DIF stream, pad, data digest (iSCSI:
 *      mdd_crc of segment + pad; MPA: a placeholder), with each byte's KIND, end flags and field index;
 *   3. the wire: markers inserted where the marker period says, their contents from the PDU table
 *      (iSCSI: non-marker bytes to the next PDU; MPA: wire bytes back to the FPDU's first byte);
 *   4. MPA: each FPDU's CRC = mdd_crc over its wire bytes from the FPDU's first byte through the last covered
 *      byte (or a marker right after it), written into the CRC bytes; ED moved onto such a marker.
 *
 * The host image is the wire filtered by K, with regenerated PI under CHECK_REPLACE.
 */
#include "mdd_trafgen.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_rng.h"

/* ------------------------------------------------------------------------------------------------------ */


static void be_put(uint8_t *p, unsigned len, uint64_t v)
{
    for (unsigned k = 0; k < len; k++) {
        unsigned sh = 8 * (len - 1 - k);
        p[k] = sh < 64 ? (uint8_t)(v >> sh) : 0;
    }
}

static const uint8_t zero_bytes[8];

static uint8_t mk_tag(unsigned kind, unsigned flags, bool keep)
{
    return (uint8_t)((kind << MDD_TAG_KIND_LSB) | flags | (keep ? MDD_TAGM_K : 0));
}

/* ------------------------------------------------------------------------------------------------------ */
/* Random configuration.                                                                                    */

void mdd_gen_random_cfg(uint64_t seed, unsigned W, struct mdd_gen_cfg *c)
{
    struct mdd_rng g = {seed ^ 0x5EEDC0F1Full};
    if (!W)
        W = 8;
    memset(c, 0, sizeof *c);
    unsigned p = (unsigned)mdd_rng_below(&g, 100);
    c->proto = p < 45 ? MDD_PROTO_ISCSI : p < 85 ? MDD_PROTO_MPA : MDD_PROTO_RAW;
    bool raw = c->proto == MDD_PROTO_RAW;
    c->hdig_en = c->proto == MDD_PROTO_ISCSI && mdd_rng_chance(&g, 50);
    c->ddig_en = !raw && mdd_rng_chance(&g, 70);
    c->mrk_en = !raw && mdd_rng_chance(&g, 55);
    c->mrk_chk = c->mrk_en && mdd_rng_chance(&g, 90);
    if (c->mrk_en) {
        if (c->proto == MDD_PROTO_MPA) {
            c->mrk_period = 512;
        } else {
            unsigned r = (unsigned)mdd_rng_below(&g, 100);
            uint32_t markint = r < 35 ? (uint32_t)mdd_rng_range(&g, 1, 4) : r < 75 ? (uint32_t)mdd_rng_range(&g, 5, 64)
                                                                           : (uint32_t)mdd_rng_range(&g, 65, 2048);
            c->mrk_period = 4 * markint + 8;
        }
        c->mrk_phase = (uint32_t)mdd_rng_below(&g, c->mrk_period);
    }
    unsigned d = (unsigned)mdd_rng_below(&g, 100);
    c->dif_op = d < 30 ? MDD_DIF_NONE : d < 55 ? MDD_DIF_CHECK_KEEP : d < 78 ? MDD_DIF_CHECK_STRIP : MDD_DIF_CHECK_REPLACE;
    c->pi_fmt = (unsigned)mdd_rng_below(&g, 3);
    c->prot_type = (unsigned)mdd_rng_range(&g, 1, 3);
    c->dif_chk = MDD_DIFCHK_GUARD | MDD_DIFCHK_APP | MDD_DIFCHK_REF;
    unsigned b = (unsigned)mdd_rng_below(&g, 100);
    c->blk_len = b < 30 ? (uint32_t)mdd_rng_range(&g, 8, 64) : b < 45 ? (uint32_t)mdd_rng_range(&g, W, 3 * W)
                 : b < 75                                    ? 512
                 : b < 85                                    ? 4096
                                                             : (uint32_t)mdd_rng_range(&g, 65, 1100);
    c->hdr_out = mdd_rng_chance(&g, 50);
    if (c->proto == MDD_PROTO_MPA) {
        unsigned u = (unsigned)mdd_rng_below(&g, 4);
        c->ulp_hdr_len = u == 0 ? 14 : u == 1 ? 18 : u == 2 ? 28 : (unsigned)mdd_rng_range(&g, 0, 64);
    }
    c->ahs_words_max = c->proto == MDD_PROTO_ISCSI && mdd_rng_chance(&g, 50) ? (unsigned)mdd_rng_range(&g, 1, 4) : 0;
    do
        c->app_tag = (uint16_t)mdd_rng_next(&g);
    while (c->app_tag == MDD_APP_ESCAPE);
    unsigned m = (unsigned)mdd_rng_below(&g, 10);
    c->app_mask = m < 6 ? 0xFFFF : m < 8 ? (uint16_t)mdd_rng_next(&g) : 0;
    unsigned rt = (unsigned)mdd_rng_below(&g, 10);
    c->ref_tag = rt < 6 ? (mdd_rng_next(&g) & 0xFFFFFFFFFFFFull)
                 : rt < 8 ? 0xFFFFFFFFull - mdd_rng_below(&g, 4)         /* T10 ref wraps at 32 bits */
                          : 0xFFFFFFFFFFFFull - mdd_rng_below(&g, 4);    /* 48-bit wrap */
    unsigned s = (unsigned)mdd_rng_below(&g, 100);
    if (s < 35) { /* small PDUs, around the datapath width */
        c->data_min = (uint32_t)mdd_rng_below(&g, 2 * W);
        c->data_max = c->data_min + (uint32_t)mdd_rng_below(&g, 4 * W);
        c->n_pdus = (unsigned)mdd_rng_range(&g, 1, 40);
    } else if (s < 85) {
        c->data_min = (uint32_t)mdd_rng_range(&g, 1, 512);
        c->data_max = c->data_min + (uint32_t)mdd_rng_below(&g, 2048);
        c->n_pdus = (unsigned)mdd_rng_range(&g, 1, 10);
    } else {
        c->data_min = (uint32_t)mdd_rng_range(&g, 1, 4096);
        c->data_max = c->data_min + (uint32_t)mdd_rng_below(&g, 16384 - c->data_min);
        c->n_pdus = (unsigned)mdd_rng_range(&g, 1, 3);
    }
    if (!raw && c->data_min == 0 && mdd_rng_chance(&g, 50))
        c->data_min = 1;
    if (raw && c->data_min == 0) /* a RAW stream has no PDUs: keep it non-empty */
        c->data_min = 1;
    if (c->data_max < c->data_min)
        c->data_max = c->data_min;
    /* MPA: ULPDU_Length (16 bits) = ulp_hdr_len + data + the PI it carries */
    uint32_t pl = c->dif_op ? mdd_pifmt(c->pi_fmt)->pi_len : 0;
    while (c->proto == MDD_PROTO_MPA && c->data_max > 1 &&
           c->ulp_hdr_len + c->data_max + pl * (c->data_max / c->blk_len + 2) > 65535) {
        c->data_max /= 2;
        if (c->data_min > c->data_max)
            c->data_min = c->data_max;
    }
    /* max_data (descriptor limit) at or above the largest segment: data + every PI it can hold */
    if (mdd_rng_chance(&g, 50)) {
        uint32_t pi_len = mdd_pifmt(c->pi_fmt)->pi_len;
        uint32_t bound = c->data_max + (c->dif_op ? pi_len * (c->data_max / c->blk_len + 2) : 0);
        c->max_data = bound + (uint32_t)mdd_rng_below(&g, 64);
    }
    c->tcp_seq = (uint32_t)mdd_rng_next(&g);
    c->esc_every = c->dif_op ? 16 : 0;
    c->nodata_pct = !raw && mdd_rng_chance(&g, 20) ? (unsigned)mdd_rng_range(&g, 5, 30) : 0;
    c->pi_split = mdd_rng_chance(&g, 50);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Building.                                                                                                */

void mdd_gen_free(struct mdd_gen_stream *s)
{
    if (!s)
        return;
    free(s->wire);
    free(s->tag);
    free(s->aux);
    free(s->host);
    free(s->host_tag);
    free(s->pdu_start);
    free(s->pdu_end);
    free(s->pdu_hdr_len);
    free(s->pdu_data_len);
    free(s->blk_pi_start);
    free(s->blk_pi_end);
    free(s->blk_escaped);
    free(s->pdu_of);
    free(s->off_of);
    free(s->blk_of);
    memset(s, 0, sizeof *s);
}

/* One byte of the non-marker stream with its golden attributes. */
struct nmb {
    uint8_t b, kind, flags, aux;
    uint32_t pdu, off, blk;
    bool keep;
    uint8_t host; /* the delivered value (regenerated PI under CHECK_REPLACE) */
};

/* A growable non-marker stream. */
struct nmvec {
    struct nmb *v;
    size_t n, cap;
};

static struct nmb *nm_push(struct nmvec *nv)
{
    if (nv->n == nv->cap) {
        size_t cap = nv->cap ? 2 * nv->cap : 1024;
        struct nmb *v = realloc(nv->v, cap * sizeof *v);
        if (!v)
            return NULL;
        nv->v = v;
        nv->cap = cap;
    }
    struct nmb *e = &nv->v[nv->n++];
    memset(e, 0, sizeof *e);
    e->blk = MDD_GEN_NONE;
    return e;
}

/* The expected reference-tag field of block b (T10: low 32 bits; NVMe 32b guard: 80 bits, zero-extended). */
static void ref_field(const struct mdd_gen_cfg *c, const struct mdd_pifmt *pf, uint64_t b, uint8_t *p)
{
    uint64_t ref = c->ref_tag;
    if (c->prot_type != 3)
        ref = (ref + b) & 0xFFFFFFFFFFFFull;
    if (pf->code == MDD_PI_T10_CODE)
        ref &= 0xFFFFFFFFu;
    be_put(p, pf->ref_len, ref);
}

int mdd_gen_build(const struct mdd_gen_cfg *cfg, uint64_t seed, struct mdd_gen_stream *s)
{
    memset(s, 0, sizeof *s);
    const struct mdd_gen_cfg *c = cfg;
    struct mdd_rng g = {seed};
    const struct mdd_pifmt *pf = mdd_pifmt(c->pi_fmt);
    bool raw = c->proto == MDD_PROTO_RAW, mpa = c->proto == MDD_PROTO_MPA;
    bool dif = c->dif_op != MDD_DIF_NONE;
    unsigned ml = mpa ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN;
    if (!pf || c->proto > MDD_PROTO_RAW || c->data_max < c->data_min || c->n_pdus == 0 ||
        (dif && (c->blk_len == 0 || c->prot_type == 0 || c->prot_type > 3)) ||
        (c->mrk_en && (raw || c->mrk_period <= ml || c->mrk_phase >= c->mrk_period)))
        return -1;
    unsigned pi_len = dif ? pf->pi_len : 0;
    s->cfg = *c;

    /* ---- 1. the DIF stream ---- */
    size_t n_seg = c->n_pdus;
    uint64_t *dsum = malloc((n_seg + 1) * sizeof *dsum); /* data bytes before segment k */
    if (!dsum)
        return -1;
    dsum[0] = 0;
    for (size_t k = 0; k < n_seg; k++)
        dsum[k + 1] = dsum[k] + (!raw && mdd_rng_below(&g, 100) < c->nodata_pct ? 0 : mdd_rng_range(&g, c->data_min, c->data_max));
    uint64_t D = dsum[n_seg];
    uint64_t nblk = dif ? D / c->blk_len : 0;
    size_t slen = (size_t)(D + nblk * pi_len);
    uint8_t *sb = malloc(slen ? slen : 1), *sh = malloc(slen ? slen : 1), *skind = malloc(slen ? slen : 1);
    uint8_t *saux = malloc(slen ? slen : 1), *sflag = malloc(slen ? slen : 1);
    uint32_t *sblk = malloc((slen ? slen : 1) * sizeof *sblk);
    s->blk_escaped = calloc(nblk ? nblk : 1, 1);
    if (!sb || !sh || !skind || !saux || !sflag || !sblk || !s->blk_escaped)
        goto oom;
    {
        size_t q = 0;
        uint64_t done = 0;
        for (uint64_t blk = 0; done < D; blk++) {
            uint64_t take = dif ? (D - done < c->blk_len ? D - done : c->blk_len) : D;
            size_t dstart = q;
            for (uint64_t k = 0; k < take; k++, q++) {
                sb[q] = sh[q] = (uint8_t)mdd_rng_next(&g);
                skind[q] = MDD_KIND_PAY;
                saux[q] = 0;
                sflag[q] = 0;
                sblk[q] = dif ? (uint32_t)blk : MDD_GEN_NONE;
            }
            done += take;
            if (!dif || take < c->blk_len)
                break;
            sflag[q - 1] = MDD_TAGM_EB;
            /* the PI: correct one (also the CHECK_REPLACE image) and what goes on the wire */
            uint8_t good[16], wire[16];
            memset(good, 0, sizeof good);
            be_put(good, pf->guard_len, mdd_crc((mdd_crc_alg)pf->guard_alg, sb + dstart, (size_t)take));
            be_put(good + pf->app_off, 2, c->app_tag);
            ref_field(c, pf, blk, good + pf->ref_off);
            memcpy(wire, good, sizeof wire);
            bool esc = c->esc_every && mdd_rng_below(&g, c->esc_every) == 0;
            if (esc) {
                s->blk_escaped[blk] = 1;
                for (unsigned k = 0; k < pf->guard_len; k++)
                    wire[k] = (uint8_t)mdd_rng_next(&g);
                be_put(wire + pf->app_off, 2, MDD_APP_ESCAPE);
                if (c->prot_type == 3)
                    memset(wire + pf->ref_off, 0xFF, pf->ref_len);
                else if (mdd_rng_chance(&g, 50))
                    for (unsigned k = 0; k < pf->ref_len; k++)
                        wire[pf->ref_off + k] = (uint8_t)mdd_rng_next(&g);
            } else {
                /* unchecked application-tag bits carry noise; never the escape value */
                uint16_t app;
                do
                    app = (uint16_t)(c->app_tag ^ (mdd_rng_next(&g) & (uint16_t)~c->app_mask));
                while (app == MDD_APP_ESCAPE);
                be_put(wire + pf->app_off, 2, app);
            }
            for (unsigned k = 0; k < pi_len; k++, q++) {
                sb[q] = wire[k];
                sh[q] = c->dif_op == MDD_DIF_CHECK_REPLACE ? good[k] : wire[k];
                skind[q] = MDD_KIND_PI;
                saux[q] = (uint8_t)k;
                sflag[q] = 0;
                sblk[q] = (uint32_t)blk;
            }
        }
        if (q != slen)
            goto oom; /* cannot happen */
    }

    /* segment ends in the DIF stream: after the segment's last data byte, plus (pi_split) part of a PI */
    size_t *seg_end = malloc((n_seg + 1) * sizeof *seg_end);
    if (!seg_end)
        goto oom;
    seg_end[0] = 0;
    for (size_t k = 1; k <= n_seg; k++) {
        uint64_t d = dsum[k];
        if (c->pi_split && dif && D > 0) {
            /* PDU boundaries anywhere in the DIF stream (inside PIs too), in proportion to the data counts */
            size_t e = (size_t)((uint64_t)slen * d / D);
            seg_end[k] = e < seg_end[k - 1] ? seg_end[k - 1] : e;
            continue;
        }
        size_t e = d == 0 ? 0 : (size_t)(d + (dif ? pi_len * ((d - 1) / c->blk_len) : 0));
        if (dif && d > 0 && d % c->blk_len == 0) /* a PI follows the segment's last data byte: it goes with it */
            e += pi_len;
        if (k == n_seg)
            e = slen;
        seg_end[k] = e < seg_end[k - 1] ? seg_end[k - 1] : e;
    }
    free(dsum);
    dsum = NULL;

    /* ---- 2. the non-marker stream ---- */
    struct nmvec nv = {0};
    uint32_t npdu = raw ? 0 : (uint32_t)n_seg;
    s->n_pdus = npdu;
    s->pdu_start = malloc((npdu ? npdu : 1) * sizeof(uint32_t));
    s->pdu_end = malloc((npdu ? npdu : 1) * sizeof(uint32_t));
    s->pdu_hdr_len = malloc((npdu ? npdu : 1) * sizeof(uint32_t));
    s->pdu_data_len = malloc((npdu ? npdu : 1) * sizeof(uint32_t));
    size_t *pdu_nm_start = malloc((npdu + 1) * sizeof *pdu_nm_start); /* non-marker index of each PDU start */
    size_t *pdu_nm_ed = malloc((npdu ? npdu : 1) * sizeof *pdu_nm_ed);   /* non-marker index of its ED byte */
    if (!s->pdu_start || !s->pdu_end || !s->pdu_hdr_len || !s->pdu_data_len || !pdu_nm_start || !pdu_nm_ed) {
        free(seg_end);
        free(pdu_nm_start);
        free(pdu_nm_ed);
        goto oom_nv;
    }
    if (raw) {
        for (size_t q = 0; q < slen; q++) {
            struct nmb *e = nm_push(&nv);
            if (!e)
                goto oom_seg;
            e->b = sb[q];
            e->host = sh[q];
            e->kind = skind[q];
            e->flags = sflag[q];
            e->aux = saux[q];
            e->pdu = MDD_GEN_NONE;
            e->off = (uint32_t)q;
            e->blk = sblk[q];
            e->keep = e->kind == MDD_KIND_PAY || c->dif_op != MDD_DIF_CHECK_STRIP;
        }
    }
    for (uint32_t k = 0; k < npdu; k++) {
        size_t s0 = seg_end[k], s1 = seg_end[k + 1];
        uint32_t dlen = (uint32_t)(s1 - s0);
        if (mpa ? c->ulp_hdr_len + dlen > 0xFFFF : dlen > 0xFFFFFF)
            goto oom_seg; /* the length field cannot hold it: a configuration error */
        uint8_t hdr[2 + 255 + 48 + 4 * 255];
        uint32_t hlen;
        if (mpa) {
            hlen = 2 + c->ulp_hdr_len;
            be_put(hdr, 2, c->ulp_hdr_len + dlen);
            for (uint32_t j = 2; j < hlen; j++)
                hdr[j] = (uint8_t)mdd_rng_next(&g);
        } else {
            unsigned ahs = (unsigned)mdd_rng_range(&g, 0, c->ahs_words_max);
            hlen = MDD_ISCSI_BHS_LEN + 4 * ahs;
            for (uint32_t j = 0; j < hlen; j++)
                hdr[j] = (uint8_t)mdd_rng_next(&g);
            hdr[0] = 0x25; /* SCSI Data-In */
            if (c->legal_bhs) {
                hdr[1] = 0x80; /* F */
                hdr[2] = 0;
                hdr[3] = 0; /* status */
            }
            hdr[MDD_ISCSI_AHS_OFF] = (uint8_t)ahs;
            be_put(hdr + MDD_ISCSI_DSL_OFF, 3, dlen);
        }
        uint32_t pad = (0u - (hlen + dlen)) & 3u;
        bool has_ddig = c->ddig_en && (mpa || dlen > 0);
        uint32_t plen = hlen + (c->hdig_en ? 4 : 0) + dlen + pad + (has_ddig ? 4 : 0);
        s->pdu_hdr_len[k] = hlen;
        s->pdu_data_len[k] = dlen;
        pdu_nm_start[k] = nv.n;
        uint32_t off = 0;
        /* header */
        for (uint32_t j = 0; j < hlen; j++) {
            struct nmb *e = nm_push(&nv);
            if (!e)
                goto oom_seg;
            e->b = e->host = hdr[j];
            e->kind = MDD_KIND_HDR;
            e->flags = j == hlen - 1 ? MDD_TAGM_EH : 0;
            e->keep = c->hdr_out;
            e->pdu = k;
            e->off = off++;
        }
        if (c->hdig_en) {
            uint32_t crc = (uint32_t)mdd_crc(MDD_CRC32C, hdr, hlen);
            for (unsigned j = 0; j < 4; j++) {
                struct nmb *e = nm_push(&nv);
                if (!e)
                    goto oom_seg;
                e->b = e->host = (uint8_t)(crc >> (8 * j)); /* least significant byte first */
                e->kind = MDD_KIND_HDIG;
                e->aux = (uint8_t)j;
                e->pdu = k;
                e->off = off++;
            }
        }
        size_t seg_nm = nv.n;
        for (size_t q = s0; q < s1; q++) {
            struct nmb *e = nm_push(&nv);
            if (!e)
                goto oom_seg;
            e->b = sb[q];
            e->host = sh[q];
            e->kind = skind[q];
            e->flags = sflag[q];
            e->aux = saux[q];
            e->blk = sblk[q];
            e->keep = e->kind == MDD_KIND_PAY || c->dif_op != MDD_DIF_CHECK_STRIP;
            e->pdu = k;
            e->off = off++;
        }
        for (uint32_t j = 0; j < pad; j++) {
            struct nmb *e = nm_push(&nv);
            if (!e)
                goto oom_seg;
            e->b = e->host = 0;
            e->kind = MDD_KIND_PAD;
            e->pdu = k;
            e->off = off++;
        }
        /* ED: the last pad byte, else the last payload byte, else (MPA) the last header byte */
        size_t ed = pad ? nv.n - 1 : dlen ? nv.n - 1 : mpa ? pdu_nm_start[k] + hlen - 1 : SIZE_MAX;
        pdu_nm_ed[k] = ed;
        if (ed != SIZE_MAX)
            nv.v[ed].flags |= MDD_TAGM_ED;
        if (has_ddig) {
            uint32_t crc = 0;
            if (!mpa) { /* iSCSI: over the data segment and pad, which are contiguous here */
                uint8_t *tmp = malloc(dlen + pad);
                if (!tmp)
                    goto oom_seg;
                for (size_t q = 0; q < dlen + pad; q++)
                    tmp[q] = nv.v[seg_nm + q].b;
                crc = (uint32_t)mdd_crc(MDD_CRC32C, tmp, dlen + pad);
                free(tmp);
            }
            for (unsigned j = 0; j < 4; j++) {
                struct nmb *e = nm_push(&nv);
                if (!e)
                    goto oom_seg;
                e->b = e->host = (uint8_t)(crc >> (8 * j)); /* MPA: filled in pass 4 */
                e->kind = MDD_KIND_DDIG;
                e->aux = (uint8_t)j;
                e->pdu = k;
                e->off = off++;
            }
        }
        nv.v[nv.n - 1].flags |= MDD_TAGM_EP;
        if (off != plen)
            goto oom_seg; /* cannot happen */
    }
    pdu_nm_start[npdu] = nv.n;
    free(seg_end);
    seg_end = NULL;

    /* ---- 3. the wire: markers at their positions ---- */
    {
        size_t nm = nv.n, cap = nm;
        if (c->mrk_en)
            cap = nm + (nm / (c->mrk_period - ml) + 2) * ml;
        size_t ca = cap ? cap : 1;
        s->wire = malloc(ca);
        s->tag = malloc(ca);
        s->aux = malloc(ca);
        s->pdu_of = malloc(ca * sizeof(uint32_t));
        s->off_of = malloc(ca * sizeof(uint32_t));
        s->blk_of = malloc(ca * sizeof(uint32_t));
        size_t *nm_wire = malloc((nm ? nm : 1) * sizeof *nm_wire);
        if (!s->wire || !s->tag || !s->aux || !s->pdu_of || !s->off_of || !s->blk_of || !nm_wire) {
            free(nm_wire);
            goto oom_seg;
        }
        size_t w = 0, i = 0;
        uint32_t pos = c->mrk_phase;
        int64_t fstart = 0; /* wire offset of the current FPDU's first byte (< 0: before wire byte 0) */
        size_t *fpdu_wstart = malloc((npdu ? npdu : 1) * sizeof *fpdu_wstart);
        if (!fpdu_wstart) {
            free(nm_wire);
            goto oom_seg;
        }
        /* a stream that starts inside a marker (mrk_phase < ML): the rest of a boundary marker that belongs to
         * PDU 0 (iSCSI pointer 0, MPA FPDUPTR 0); for MPA its first mrk_phase bytes (zeros) lie before wire
         * byte 0 and are already in FPDU 0's CRC (the descriptor carries them as dig_part) */
        unsigned npre = 0;
        if (c->mrk_en && pos > 0 && pos < ml) {
            npre = pos;
            for (unsigned m = pos; m < ml; m++, w++) {
                s->wire[w] = 0;
                s->tag[w] = mk_tag(MDD_KIND_MRK, 0, false);
                s->aux[w] = (uint8_t)(m | (mpa ? 0 : 8));
                s->pdu_of[w] = 0;
                s->off_of[w] = MDD_GEN_NONE;
                s->blk_of[w] = MDD_GEN_NONE;
            }
            s->n_markers++;
            pos = ml;
            fstart = -(int64_t)npre;
        }
        while (i < nm) {
            if (c->mrk_en && pos == 0) {
                /* a whole marker before non-marker byte i */
                const struct nmb *nx = &nv.v[i];
                uint8_t mk[8];
                bool uncovered = true;
                if (mpa) {
                    be_put(mk, 4, (uint16_t)((int64_t)w - fstart));
                    uncovered = nx->kind == MDD_KIND_DDIG && nx->aux >= 1;
                } else {
                    uint32_t ptr = nx->off == 0 ? 0 : (uint32_t)(pdu_nm_start[nx->pdu + 1] - i);
                    be_put(mk, 4, ptr);
                    be_put(mk + 4, 4, ptr);
                }
                for (unsigned m = 0; m < ml; m++, w++) {
                    s->wire[w] = mk[m];
                    s->tag[w] = mk_tag(MDD_KIND_MRK, 0, false);
                    s->aux[w] = (uint8_t)(m | (uncovered ? 8 : 0));
                    s->pdu_of[w] = nx->pdu;
                    s->off_of[w] = MDD_GEN_NONE;
                    s->blk_of[w] = MDD_GEN_NONE;
                }
                s->n_markers++;
                pos = ml % c->mrk_period;
                continue;
            }
            const struct nmb *e = &nv.v[i];
            if (!raw && e->off == 0)
                fpdu_wstart[e->pdu] = fstart < 0 ? 0 : (size_t)fstart;
            s->wire[w] = e->b;
            s->tag[w] = mk_tag(e->kind, e->flags, e->keep);
            s->aux[w] = e->aux;
            s->pdu_of[w] = e->pdu;
            s->off_of[w] = e->off;
            s->blk_of[w] = e->blk;
            nm_wire[i] = w;
            if (e->flags & MDD_TAGM_EP)
                fstart = (int64_t)w + 1;
            w++;
            i++;
            if (c->mrk_en)
                pos = (pos + 1) % c->mrk_period;
        }
        s->wire_len = w;

        /* ---- 4. MPA CRC over the finished wire bytes ---- */
        for (uint32_t k = 0; k < npdu; k++) {
            s->pdu_start[k] = (uint32_t)nm_wire[pdu_nm_start[k]];
            s->pdu_end[k] = (uint32_t)nm_wire[pdu_nm_start[k + 1] - 1];
            if (!(mpa && c->ddig_en))
                continue;
            size_t edw = nm_wire[pdu_nm_ed[k]];
            if ((s->tag[edw + 1] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB == MDD_KIND_MRK) { /* marker between pad and CRC */
                s->tag[edw] &= (uint8_t)~MDD_TAGM_ED;
                edw += ml;
                s->tag[edw] |= MDD_TAGM_ED;
            }
            uint64_t pre = mdd_crc(MDD_CRC32C, zero_bytes, k == 0 ? npre : 0);
            uint32_t crc = (uint32_t)mdd_crc_update(MDD_CRC32C, pre, s->wire + fpdu_wstart[k], edw - fpdu_wstart[k] + 1);
            size_t d0 = pdu_nm_start[k + 1] - 4;
            for (unsigned j = 0; j < 4; j++) {
                uint8_t v = (uint8_t)(crc >> (8 * j));
                nv.v[d0 + j].b = nv.v[d0 + j].host = v;
                s->wire[nm_wire[d0 + j]] = v;
            }
        }
        free(fpdu_wstart);

        /* per block: where its PI lies */
        s->n_blocks = (uint32_t)nblk;
        s->blk_pi_start = malloc((nblk ? nblk : 1) * sizeof(uint32_t));
        s->blk_pi_end = malloc((nblk ? nblk : 1) * sizeof(uint32_t));
        if (!s->blk_pi_start || !s->blk_pi_end) {
            free(nm_wire);
            goto oom_seg;
        }
        for (size_t q = 0; q < nm; q++) {
            const struct nmb *e = &nv.v[q];
            if (e->kind == MDD_KIND_PI && e->aux == 0)
                s->blk_pi_start[e->blk] = (uint32_t)nm_wire[q];
            if (e->kind == MDD_KIND_PI && e->aux == pi_len - 1)
                s->blk_pi_end[e->blk] = (uint32_t)nm_wire[q];
        }

        /* host image: the kept bytes in wire order */
        s->host = malloc(nm ? nm : 1);
        s->host_tag = malloc(nm ? nm : 1);
        if (!s->host || !s->host_tag) {
            free(nm_wire);
            goto oom_seg;
        }
        for (size_t q = 0; q < nm; q++) {
            if (!nv.v[q].keep)
                continue;
            s->host[s->host_len] = nv.v[q].host;
            s->host_tag[s->host_len] = s->tag[nm_wire[q]];
            s->host_len++;
        }
        free(nm_wire);
    }

    /* ---- the descriptor of a transfer starting at wire byte 0 ---- */
    {
        uint64_t *dsc = s->desc;
        memset(dsc, 0, 8 * sizeof dsc[0]);
        MDD_SET(DESC, PROTO, dsc, c->proto);
        MDD_SET(DESC, SELF_FRAME, dsc, !raw);
        MDD_SET(DESC, HDIG_EN, dsc, c->hdig_en);
        MDD_SET(DESC, DDIG_EN, dsc, c->ddig_en);
        MDD_SET(DESC, MRK_EN, dsc, c->mrk_en);
        MDD_SET(DESC, MRK_CHK, dsc, c->mrk_en && c->mrk_chk);
        MDD_SET(DESC, DIF_OP, dsc, c->dif_op);
        MDD_SET(DESC, PI_FMT, dsc, c->pi_fmt);
        MDD_SET(DESC, PROT_TYPE, dsc, dif ? c->prot_type : 0);
        MDD_SET(DESC, DIF_CHK, dsc, dif ? c->dif_chk : 0);
        MDD_SET(DESC, HDR_LEN, dsc, mpa ? 2 + c->ulp_hdr_len : raw ? 0 : MDD_ISCSI_BHS_LEN);
        MDD_SET(DESC, ULP_HDR_LEN, dsc, mpa ? c->ulp_hdr_len : 0);
        MDD_SET(DESC, HDR_OUT, dsc, c->hdr_out);
        MDD_SET(DESC, TCP_SEQ, dsc, c->tcp_seq);
        MDD_SET(DESC, MRK_PERIOD, dsc, c->mrk_en ? c->mrk_period : 0);
        MDD_SET(DESC, MRK_POS, dsc, c->mrk_en ? c->mrk_phase : 0);
        MDD_SET(DESC, BLK_LEN, dsc, dif ? c->blk_len : 0);
        MDD_SET(DESC, APP_TAG, dsc, c->app_tag);
        MDD_SET(DESC, APP_MASK, dsc, c->app_mask);
        MDD_SET(DESC, REF_TAG, dsc, c->ref_tag);
        MDD_SET(DESC, MAX_DATA, dsc, c->max_data);
        if (mpa && c->mrk_en && c->mrk_phase > 0 && c->mrk_phase < ml) { /* the leading marker's missing bytes */
            MDD_SET(DESC, FPDU_WOFF, dsc, c->mrk_phase);
            if (c->ddig_en) {
                MDD_SET(DESC, DIG_PART, dsc, mdd_crc(MDD_CRC32C, zero_bytes, c->mrk_phase));
                MDD_SET(DESC, DIG_OPEN, dsc, 1);
            }
        }
    }

    free(nv.v);
    free(pdu_nm_start);
    free(pdu_nm_ed);
    free(sb);
    free(sh);
    free(skind);
    free(saux);
    free(sflag);
    free(sblk);
    return 0;

oom_seg:
    free(seg_end);
    free(pdu_nm_start);
    free(pdu_nm_ed);
oom_nv:
    free(nv.v);
oom:
    free(dsum);
    free(sb);
    free(sh);
    free(skind);
    free(saux);
    free(sflag);
    free(sblk);
    mdd_gen_free(s);
    return -1;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Splitting.                                                                                               */

int mdd_gen_cut_ok(const struct mdd_gen_stream *s, size_t c, unsigned flags)
{
    if (c == 0 || c >= s->wire_len)
        return 0;
    if (!flags || s->cfg.dif_op == MDD_DIF_NONE)
        return 1;
    const struct mdd_pifmt *pf = mdd_pifmt(s->cfg.pi_fmt);
    /* the nearest DIF-stream byte before the cut */
    size_t x = c;
    while (x-- > 0) {
        if (s->blk_of[x] != MDD_GEN_NONE)
            break;
        if (x == 0)
            return 1;
    }
    if (s->blk_of[x] == MDD_GEN_NONE || (s->tag[x] & MDD_TAG_KIND_MASK) >> MDD_TAG_KIND_LSB != MDD_KIND_PI)
        return 1;
    unsigned j = s->aux[x];
    if (j == pf->pi_len - 1)
        return 1; /* the PI is complete before the cut */
    if ((flags & MDD_GEN_SPLIT_NO_ESC_PI) && s->blk_escaped[s->blk_of[x]])
        return 0;
    if ((flags & MDD_GEN_SPLIT_NO_APP) && j == pf->app_off)
        return 0;
    return 1;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

size_t mdd_gen_split(const struct mdd_gen_stream *s, uint64_t seed, size_t max_xfers, unsigned flags, size_t *cuts)
{
    struct mdd_rng g = {seed ^ 0xC075C075ull};
    if (s->wire_len == 0 || max_xfers == 0)
        return 0;
    size_t want = (size_t)mdd_rng_range(&g, 1, max_xfers);
    if (want > s->wire_len)
        want = s->wire_len;
    size_t n = 1;
    cuts[0] = 0;
    /* draw want-1 distinct allowed cut points; give up on a point after a few tries */
    for (size_t k = 1; k < want; k++) {
        for (int tries = 0; tries < 16; tries++) {
            size_t c = (size_t)mdd_rng_range(&g, 1, s->wire_len - 1);
            bool dup = false;
            for (size_t q = 1; q < n; q++)
                dup |= cuts[q] == c;
            if (!dup && mdd_gen_cut_ok(s, c, flags)) {
                cuts[n++] = c;
                break;
            }
        }
    }
    qsort(cuts + 1, n - 1, sizeof *cuts, cmp_size);
    cuts[n] = s->wire_len;
    return n;
}

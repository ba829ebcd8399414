/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_ref_common.h - what the byte-serial references (model/mdd_rxref.c, model/mdd_txref.c) share:
 * the PDU layout of docs/rx-path.md section 2, marker and PI field images, big/little-endian byte helpers and
 * the descriptor rules common to both directions. Private to model/ (static inline, no state).
 */
#ifndef MDD_REF_COMMON_H
#define MDD_REF_COMMON_H

#include <stdint.h>
#include <string.h>

#include "mdd/formats.h"

static inline unsigned ref_mrk_len(unsigned proto) { return proto == MDD_PROTO_MPA ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN; }

/* Offsets of the first and last byte of the self-framing length field in the PDU (the length is final after the
 * last one). */
static inline uint32_t ref_last_len_off(unsigned proto)
{
    return proto == MDD_PROTO_MPA ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2;
}
static inline uint32_t ref_first_len_off(unsigned proto) { return proto == MDD_PROTO_MPA ? MDD_MPA_LEN_OFF : MDD_ISCSI_DSL_OFF; }

/* PDU layout: HDR[hdr_len] HDIG[4] PAY[data_len] PAD DDIG[4] (docs/rx-path.md section 2). */
struct ref_layout {
    unsigned proto, hdig_en, ddig_en;
    uint32_t hdr_len, data_len;
};

static inline uint32_t ref_lay_pad(const struct ref_layout *l) { return (0u - (l->hdr_len + l->data_len)) & 3u; }
static inline uint32_t ref_lay_hdig(const struct ref_layout *l) { return l->hdig_en ? MDD_DIG_LEN : 0; }
static inline uint32_t ref_lay_ddig(const struct ref_layout *l)
{
    return l->ddig_en && (l->proto == MDD_PROTO_MPA || l->data_len > 0) ? MDD_DIG_LEN : 0;
}
static inline uint64_t ref_lay_len(const struct ref_layout *l)
{
    return (uint64_t)l->hdr_len + ref_lay_hdig(l) + l->data_len + ref_lay_pad(l) + ref_lay_ddig(l);
}
/* PDU offset of the last byte covered by the data digest / MPA CRC, -1 for none (iSCSI without data). */
static inline int64_t ref_lay_last_cov(const struct ref_layout *l)
{
    uint64_t pay_end = (uint64_t)l->hdr_len + ref_lay_hdig(l) + l->data_len, pad_end = pay_end + ref_lay_pad(l);
    return pad_end > pay_end ? (int64_t)pad_end - 1
           : l->data_len > 0 ? (int64_t)pay_end - 1
           : l->proto == MDD_PROTO_MPA ? (int64_t)l->hdr_len - 1
                                       : -1;
}

static inline uint64_t ref_bytes_be(const uint8_t *p, unsigned len)
{
    uint64_t v = 0;
    for (unsigned k = len > 8 ? len - 8 : 0; k < len; k++)
        v = v << 8 | p[k];
    return v;
}

static inline uint64_t ref_bytes_le(const uint8_t *p, unsigned len)
{
    uint64_t v = 0;
    for (unsigned k = len; k-- > 0;)
        v = v << 8 | p[k];
    return v;
}

/* The value v big-endian into p[0..len-1]; bytes beyond the 8 of v are 0. */
static inline void ref_put_be(uint8_t *p, unsigned len, uint64_t v)
{
    for (unsigned k = len; k-- > 0;) {
        p[k] = (uint8_t)v;
        v = len - k < 8 ? v >> 8 : 0;
    }
}

/* iSCSI marker: the next-PDU pointer twice, big-endian. */
static inline void ref_iscsi_marker(uint8_t *p, uint32_t ptr)
{
    ref_put_be(p, 4, ptr);
    ref_put_be(p + 4, 4, ptr);
}

/* MPA marker: 16 reserved zero bits, then FPDUPTR (big-endian). */
static inline void ref_mpa_marker(uint8_t *p, uint16_t fpduptr) { ref_put_be(p, 4, fpduptr); }

/* The PI a block should carry (docs/rx-path.md section 6): guard, app tag, reference tag (T10: its low 32 bits)
 * zero-extended to the field (the NVMe 32b-guard field is 80 bits, storage tag size 0). */
static inline void ref_pi_image(const struct mdd_pifmt *pf, uint64_t guard, uint16_t app_tag, uint64_t ref_tag, uint8_t *pi)
{
    memset(pi, 0, 16);
    ref_put_be(pi, pf->guard_len, guard);
    ref_put_be(pi + pf->app_off, 2, app_tag);
    ref_put_be(pi + pf->ref_off, pf->ref_len, pf->code == MDD_PI_T10_CODE ? (ref_tag & 0xFFFFFFFFu) : ref_tag);
}

/* Bits of word w of record rec ("DESC", "TXDESC") that no field of the record uses. */
static inline uint64_t ref_reserved_mask(const char *rec, unsigned w)
{
    return ~mdd_field_used_mask(rec, w);
}


/* ---- error events and the PI check, shared by both references ---- */

#include <stdbool.h>
#include <stdlib.h>

#include "mdd_rxref.h"

/* Where events go: the result's growing array. */
struct ref_sink {
    struct mdd_rxref_event **ev;
    size_t *n_ev;
    size_t cap;
    bool oom;
};

static inline void ref_emit(struct ref_sink *s, unsigned code, unsigned err_byte, uint32_t off, uint32_t unit,
                            uint64_t exp, uint64_t got)
{
    if (*s->n_ev == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        struct mdd_rxref_event *v = realloc(*s->ev, cap * sizeof *v);
        if (!v) {
            s->oom = true;
            return;
        }
        *s->ev = v;
        s->cap = cap;
    }
    (*s->ev)[(*s->n_ev)++] = (struct mdd_rxref_event){code, err_byte, off, unit, exp, got};
}

/* A PI being checked: its subfields are judged together once its last byte has passed or the transfer ends,
 * because the escape needs the app/ref bytes (docs/rx-path.md section 6, R10, R11). */
struct ref_pi_rec {
    bool active;
    uint32_t unit;
    uint32_t present; /* bit j: PI byte j is in this transfer */
    uint32_t off[16];
    uint8_t exp[16], got[16];
};

struct ref_dif_cfg {
    const struct mdd_pifmt *pf;
    unsigned prot_type, dif_chk;
    uint16_t app_mask;
};

static inline void ref_pi_judge_sub(struct ref_sink *s, const struct ref_pi_rec *pi, unsigned code, unsigned start,
                                    unsigned len, const uint8_t *mask)
{
    int first = -1, diff = -1;
    for (unsigned k = 0; k < len; k++) {
        unsigned j = start + k;
        if (!(pi->present >> j & 1))
            continue;
        if (first < 0)
            first = (int)j;
        if (diff < 0 && ((pi->got[j] ^ pi->exp[j]) & (mask ? mask[k] : 0xFF)))
            diff = (int)k;
    }
    if (diff >= 0)
        ref_emit(s, code, (unsigned)diff, pi->off[first], pi->unit, ref_bytes_be(pi->exp + start, len),
                 ref_bytes_be(pi->got + start, len));
}

static inline void ref_pi_judge(struct ref_sink *s, struct ref_pi_rec *pi, const struct ref_dif_cfg *c)
{
    const struct mdd_pifmt *pf = c->pf;
    if (!pi->active)
        return;
    pi->active = false;
    /* escape (R10): decided from the app/ref bytes this transfer holds */
    bool any_app = false, esc = true;
    for (unsigned j = pf->app_off; j < pf->app_off + 2u; j++)
        if (pi->present >> j & 1) {
            any_app = true;
            esc = esc && pi->got[j] == 0xFF;
        }
    if (c->prot_type == 3)
        for (unsigned j = pf->ref_off; j < pf->ref_off + pf->ref_len; j++)
            if (pi->present >> j & 1)
                esc = esc && pi->got[j] == 0xFF;
    if (any_app && esc)
        return;
    if (c->dif_chk & MDD_DIFCHK_GUARD)
        ref_pi_judge_sub(s, pi, MDD_ERR_GUARD, 0, pf->guard_len, NULL);
    if (c->dif_chk & MDD_DIFCHK_APP) {
        uint8_t m[2] = {(uint8_t)(c->app_mask >> 8), (uint8_t)c->app_mask};
        ref_pi_judge_sub(s, pi, MDD_ERR_APP, pf->app_off, 2, m);
    }
    if ((c->dif_chk & MDD_DIFCHK_REF) && c->prot_type != 3)
        ref_pi_judge_sub(s, pi, MDD_ERR_REF, pf->ref_off, pf->ref_len, NULL);
}

static inline uint8_t ref_tag_of(unsigned kind, unsigned flags, bool k)
{
    return (uint8_t)(kind << MDD_TAG_KIND_LSB | flags | (k ? MDD_TAGM_K : 0));
}

/* The context's status words 8-15 from the events and counts (docs/rx-path.md section 7; first error = smallest
 * err_off, ties smallest code, D-036). */
static inline void ref_ctx_status(uint64_t *c, uint64_t xfer_id, const struct mdd_rxref_event *ev, size_t n_ev,
                                  bool lost, bool mrk_unv, uint64_t bytes_in, uint64_t bytes_out, uint32_t blocks,
                                  uint32_t pdus, uint32_t mrk_count)
{
    for (unsigned w = 8; w < MDD_CTX_WORDS; w++)
        c[w] = 0;
    MDD_SET(CTX, XFER_ID, c, xfer_id);
    uint64_t map = 0;
    const struct mdd_rxref_event *first = NULL;
    for (size_t k = 0; k < n_ev; k++) {
        const struct mdd_rxref_event *e = &ev[k];
        map |= (uint64_t)1 << e->code;
        if (!first || e->err_off < first->err_off || (e->err_off == first->err_off && e->code < first->code))
            first = e;
    }
    MDD_SET(CTX, ERR_MAP, c, map);
    if (first) {
        MDD_SET(CTX, ERR_CODE, c, first->code);
        MDD_SET(CTX, ERR_BYTE, c, first->err_byte);
        MDD_SET(CTX, ERR_OFF, c, first->err_off);
        MDD_SET(CTX, ERR_UNIT, c, first->err_unit);
        MDD_SET(CTX, ERR_EXP, c, first->err_exp);
        MDD_SET(CTX, ERR_GOT, c, first->err_got);
    }
    MDD_SET(CTX, FRAME_LOST, c, lost);
    MDD_SET(CTX, MRK_UNV, c, mrk_unv);
    MDD_SET(CTX, BYTES_IN, c, bytes_in);
    MDD_SET(CTX, BYTES_OUT, c, bytes_out);
    MDD_SET(CTX, BLOCKS, c, blocks);
    MDD_SET(CTX, PDUS, c, pdus);
    MDD_SET(CTX, ERR_COUNT, c, n_ev);
    MDD_SET(CTX, MRK_COUNT, c, mrk_count);
}

static inline int ref_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

#endif /* MDD_REF_COMMON_H */

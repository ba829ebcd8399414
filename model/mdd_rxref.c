/* SPDX-License-Identifier: MIT */
/*
 * model/mdd_rxref.c - the reference receiver (docs/rx-path.md, one byte at a time).
 *
 * The loop below is the "stream model" of docs/rx-path.md section 1 written out: a marker counter, a PDU
 * offset with the self-framing parse, a DIF position, three CRC messages (header digest, data digest, guard)
 * fed byte by byte with mdd_crc_update(), and per-field byte-by-byte compares. Nothing is optimised.
 *
 * Decisions the doc leaves open (the simplest consistent rule in each case; to be folded into the docs):
 *
 *  R1  End flags are positional and do not depend on the enables: EH marks the last HDR byte in both
 *      protocols (also with hdig_en = 0 and for MPA, whose header-digest mask is 0); ED marks the last covered
 *      byte also when ddig_en = 0. The MPA rule "ED moves onto a marker between pad and CRC" needs CRC bytes,
 *      so it applies only with ddig_en = 1 (with ddig_en = 0 the FPDU ends at its pad and a marker after it is
 *      at an FPDU boundary).
 *  R2  A marker belongs to the PDU of the next non-marker byte (so a marker right after a PDU's last byte is
 *      index +1); that is the PDU index of its MRK event. MPA fpdu_woff counts every wire byte of the current
 *      FPDU, markers included, from the first wire byte after the previous FPDU's last byte (so a boundary
 *      marker has FPDUPTR 0); it is reset after EP, wraps at 16 bits, and is echoed unchanged for iSCSI/RAW.
 *  R3  Aux bit 3 ("marker covered by no CRC") is positional: set for every iSCSI marker and for an MPA marker
 *      between two CRC bytes, also when ddig_en = 0.
 *  R4  A disabled CRC engine (hdig_en = 0, ddig_en = 0, dif_op = NONE) computes nothing: its partial stays as
 *      the descriptor had it (0 for any stream that never enabled it) and its _open bit likewise.
 *  R5  Pad bytes are not compared with zero; only the data digest covers them.
 *  R6  MPA self-framing sets hdr_len = 2 + ulp_hdr_len at the last length byte (where iSCSI sets it at byte 4).
 *      In self-framing, bytes at offsets up to the last length byte are HDR without flags except the last
 *      length byte itself, whose flags follow from the now-final layout (MPA with ulp_hdr_len = 0: EH).
 *  R7  FRAME: the length byte that completes the illegal length is still tagged and delivered as an ordinary
 *      HDR byte (K = hdr_out) and fed to the CRCs; every later byte is VOID (rx-path.md 3), markers included:
 *      aux 0, not counted in mrk_count, never checked. The resume image freezes pdu_off, hdr_len, data_len (as
 *      parsed; MPA: the raw ULPDU_Length when it was below ulp_hdr_len), dif_pos, ref_tag, fpdu_woff and every
 *      partial at the state after that length byte; only tcp_seq (+ bytes_in) and mrk_pos (the marker counter
 *      counts TCP sequence space, so software can resynchronise on markers) keep advancing. Pending iSCSI
 *      marker checks are dropped (mrk_unv = 1). FRAME err_byte = 0; the iSCSI "length field" of err_off is
 *      DataSegmentLength (bytes 5-7), MPA's ULPDU_Length.
 *  R8  Descriptor-framed (self_frame = 0) overrun: the first PDU byte after the PDU's last byte raises FRAME
 *      at its own offset with err_exp = err_got = the PDU length, err_unit = the PDU count so far, and then
 *      the R7 rules (that byte is already lost). Markers after the PDU end are boundary markers (pointer 0).
 *  R9  DESC transfers: every byte VOID (rx-path.md 3), aux 0; one DESC event (err_off 0, err_byte 0, unit 0,
 *      exp = got = 0); UPSTREAM events are not reported either ("no other check"). The context's
 *      bytes_in = n, every other count 0; words 0-7 are the descriptor unchanged (tcp_seq included).
 *      desc_reason in the result says which condition failed (not part of the context beat).
 *  R10 Escape with a PI split by a transfer boundary (D-033): a transfer decides from the PI bytes it holds:
 *      escaped iff it holds at least one application-tag byte, all application-tag bytes it holds are 0xFF
 *      and (type 3) all reference-tag bytes it holds are 0xFF.
 *  R11 The application tag is compared under the mask byte by byte: byte k differs when
 *      (got_k ^ app_tag_k) & app_mask_k != 0; its event has err_exp = app_tag, err_got = the received tag.
 *      NVMe 32b-guard reference (80-bit field): err_exp/err_got carry its low 64 bits (the last 8 bytes).
 *      Events are emitted when the field's last byte has passed or the transfer ends; PI subfields in the
 *      order guard, app, ref, when the PI's last byte has passed or the transfer ends.
 *  R12 ref_tag increments (types 1, 2; modulo 2^48) when a PI's last byte passes, escaped or not and whatever
 *      dif_chk says. CHECK_REPLACE regenerates escaped blocks' PI too (guard computed, app_tag, expected ref).
 *  R13 An iSCSI marker check is deferred exactly when self_frame = 1 and the marker lies after PDU byte 0 and
 *      before the end of byte 7 (1 <= pdu_off <= 7); it is resolved when byte 7 passes (event detected then,
 *      err_off = the marker's first byte in this transfer). A marker cut by a transfer boundary is checked
 *      on each side for the bytes that side holds.
 *  R14 UPSTREAM: one event per listed offset < n (duplicates once), err_byte/err_unit/exp/got 0.
 *  R15 A transfer of 0 bytes is legal: nothing happens, the resume image is the descriptor.
 */
#include "mdd_rxref.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_ref_common.h"

/* ------------------------------------------------------------------------------------------------------ */
/* Descriptor validation.                                                                                   */

static const char *const desc_reason_names[MDD_RXREF_DESC_COUNT] = {
    [MDD_RXREF_DESC_OK] = "ok",
    [MDD_RXREF_DESC_PROTO] = "proto",
    [MDD_RXREF_DESC_DIF_OP] = "dif_op",
    [MDD_RXREF_DESC_PI_FMT] = "pi_fmt",
    [MDD_RXREF_DESC_CMB] = "cmb_en",
    [MDD_RXREF_DESC_RESERVED] = "reserved",
    [MDD_RXREF_DESC_RAW_FRAMING] = "raw_framing",
    [MDD_RXREF_DESC_MPA_HDIG] = "mpa_hdig",
    [MDD_RXREF_DESC_MRK_CHK] = "mrk_chk",
    [MDD_RXREF_DESC_MRK] = "mrk",
    [MDD_RXREF_DESC_DIF] = "dif",
    [MDD_RXREF_DESC_HDR_LEN] = "hdr_len",
    [MDD_RXREF_DESC_PDU_OFF] = "pdu_off",
    [MDD_RXREF_DESC_RX_ONLY] = "rx_only",
    [MDD_RXREF_DESC_TX_OPEN] = "tx_open",
    [MDD_RXREF_DESC_TX_SLOT] = "tx_slot",
};

const char *mdd_rxref_desc_reason_name(unsigned reason)
{
    return reason < MDD_RXREF_DESC_COUNT ? desc_reason_names[reason] : "?";
}

unsigned mdd_rxref_desc_check(const uint64_t desc[8]) { return mdd_ref_desc_check(desc, 0); }

unsigned mdd_ref_desc_check(const uint64_t desc[8], int tx)
{
    unsigned proto = (unsigned)MDD_GET(DESC, PROTO, desc);
    unsigned dif_op = (unsigned)MDD_GET(DESC, DIF_OP, desc);
    unsigned self_frame = (unsigned)MDD_GET(DESC, SELF_FRAME, desc);
    unsigned hdig_en = (unsigned)MDD_GET(DESC, HDIG_EN, desc), ddig_en = (unsigned)MDD_GET(DESC, DDIG_EN, desc);
    unsigned mrk_en = (unsigned)MDD_GET(DESC, MRK_EN, desc), mrk_chk = (unsigned)MDD_GET(DESC, MRK_CHK, desc);
    const struct mdd_pifmt *pf = mdd_pifmt((unsigned)MDD_GET(DESC, PI_FMT, desc));

    if (proto != MDD_PROTO_ISCSI && proto != MDD_PROTO_MPA && proto != MDD_PROTO_RAW)
        return MDD_RXREF_DESC_PROTO;
    if (dif_op > MDD_DIF_CHECK_REPLACE || (!tx && dif_op == MDD_DIF_INSERT))
        return MDD_RXREF_DESC_DIF_OP;
    if (!pf)
        return MDD_RXREF_DESC_PI_FMT;
    if (MDD_GET(DESC, CMB_EN, desc))
        return MDD_RXREF_DESC_CMB;
    /* word 7 is direction-specific: RX hdig_part/max_data (DESC), TX skip_len/pass_len (TXDESC) */
    for (unsigned w = 0; w < MDD_DESC_WORDS; w++)
        if (desc[w] & ref_reserved_mask(tx && w == 7 ? "TXDESC" : "DESC", w))
            return MDD_RXREF_DESC_RESERVED;
    if (tx && (mrk_chk || MDD_GET(DESC, HDR_OUT, desc)))
        return MDD_RXREF_DESC_RX_ONLY;
    if (proto == MDD_PROTO_RAW && (self_frame || hdig_en || ddig_en || mrk_en))
        return MDD_RXREF_DESC_RAW_FRAMING;
    if (proto == MDD_PROTO_MPA && hdig_en)
        return MDD_RXREF_DESC_MPA_HDIG;
    if (mrk_chk && !mrk_en)
        return MDD_RXREF_DESC_MRK_CHK;
    if (mrk_en) {
        uint64_t period = MDD_GET(DESC, MRK_PERIOD, desc), pos = MDD_GET(DESC, MRK_POS, desc);
        if (period <= ref_mrk_len(proto) || pos >= period)
            return MDD_RXREF_DESC_MRK;
        /* iSCSI: 4 * MarkInt + 8 with MarkInt >= 1 (RFC 3720 A.3) */
        if (proto == MDD_PROTO_ISCSI && (period < 12 || period % 4 != 0))
            return MDD_RXREF_DESC_MRK;
    }
    if (dif_op != MDD_DIF_NONE) {
        uint64_t blk_len = MDD_GET(DESC, BLK_LEN, desc);
        if (MDD_GET(DESC, PROT_TYPE, desc) == 0 || blk_len == 0 || MDD_GET(DESC, DIF_POS, desc) >= blk_len + pf->pi_len)
            return MDD_RXREF_DESC_DIF;
    }
    if (proto != MDD_PROTO_RAW) {
        uint64_t pdu_off = MDD_GET(DESC, PDU_OFF, desc);
        if (!self_frame || pdu_off > ref_last_len_off(proto)) {
            struct ref_layout l = {proto, hdig_en, ddig_en, (uint32_t)MDD_GET(DESC, HDR_LEN, desc),
                                   (uint32_t)MDD_GET(DESC, DATA_LEN, desc)};
            if (proto == MDD_PROTO_ISCSI && (l.hdr_len < MDD_ISCSI_BHS_LEN || l.hdr_len % 4 != 0))
                return MDD_RXREF_DESC_HDR_LEN;
            if (proto == MDD_PROTO_MPA && l.hdr_len != 2 + MDD_GET(DESC, ULP_HDR_LEN, desc))
                return MDD_RXREF_DESC_HDR_LEN;
            if (pdu_off >= ref_lay_len(&l))
                return MDD_RXREF_DESC_PDU_OFF;
        }
    }
    /* TX keeps the header digest's partial in dig_part (the data digest is never open inside an iSCSI
     * header on TX, docs/tx-path.md): both open at once is contradictory */
    if (tx && MDD_GET(DESC, HDIG_OPEN, desc) && MDD_GET(DESC, DIG_OPEN, desc))
        return MDD_RXREF_DESC_TX_OPEN;
    return MDD_RXREF_DESC_OK;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Receiver state.                                                                                          */

/* A field compared byte by byte with a value known when its first byte (in this transfer) arrives. */
struct field {
    bool active;
    bool le; /* value assembled least significant byte first (digests) */
    unsigned code, len;
    uint32_t off, unit;
    int diff; /* first differing byte index, -1 none */
    uint8_t exp[16], got[16];
};

/* An iSCSI marker whose pointer waits for the PDU length (R13). */
struct pend_mrk {
    uint32_t off, unit, p;
    unsigned present;
    uint8_t got[8];
};

struct rx {
    /* configuration */
    unsigned proto, self_frame, hdig_en, ddig_en, mrk_en, mrk_chk, dif_op, prot_type, dif_chk, ulp, hdr_out;
    unsigned ml;
    const struct mdd_pifmt *pf;
    uint32_t mrk_period, blk_len, max_data;
    uint16_t app_tag, app_mask;
    uint8_t mask_h, mask_d, mask_g;
    /* resume state (descriptor words 0-7) */
    uint32_t hdr_len, data_len, pdu_off, mrk_pos, dif_pos, fpdu_woff;
    uint64_t ref_tag, dig_part, hdig_part, dif_part;
    bool dig_open, hdig_open, dif_open;
    /* this transfer */
    bool lost, pdu_done, mrk_unv, in_pend;
    uint32_t len_off;
    uint32_t pdus, blocks, mrk_count;
    struct field f_mrk, f_hdig, f_ddig;
    struct ref_pi_rec pi;
    struct pend_mrk pend[8];
    unsigned n_pend;
    /* output */
    struct mdd_rxref_result *res;
    struct ref_sink sink;
    struct ref_dif_cfg dc;
};

static void emit(struct rx *r, unsigned code, unsigned err_byte, uint32_t off, uint32_t unit, uint64_t exp, uint64_t got)
{
    ref_emit(&r->sink, code, err_byte, off, unit, exp, got);
}

static void field_start(struct field *f, unsigned code, bool le, unsigned len, uint32_t off, uint32_t unit,
                        const uint8_t *exp)
{
    f->active = true;
    f->code = code;
    f->le = le;
    f->len = len;
    f->off = off;
    f->unit = unit;
    f->diff = -1;
    memcpy(f->exp, exp, len);
    memcpy(f->got, exp, len);
}

static void field_finish(struct rx *r, struct field *f)
{
    if (f->active && f->diff >= 0) {
        uint64_t e = f->le ? ref_bytes_le(f->exp, f->len) : ref_bytes_be(f->exp, f->len);
        uint64_t g = f->le ? ref_bytes_le(f->got, f->len) : ref_bytes_be(f->got, f->len);
        emit(r, f->code, (unsigned)f->diff, f->off, f->unit, e, g);
    }
    f->active = false;
}

static void field_byte(struct rx *r, struct field *f, unsigned idx, uint8_t b)
{
    f->got[idx] = b;
    if (f->diff < 0 && b != f->exp[idx])
        f->diff = (int)idx;
    if (idx == f->len - 1)
        field_finish(r, f);
}

static struct ref_layout cur_layout(const struct rx *r)
{
    return (struct ref_layout){r->proto, r->hdig_en, r->ddig_en, r->hdr_len, r->data_len};
}

/* The length of the current PDU is known for a byte (or marker) at PDU offset p. */
static bool len_known(const struct rx *r, uint32_t p)
{
    return !r->self_frame || p > ref_last_len_off(r->proto);
}

static void crc_feed(unsigned alg, uint64_t *part, bool *open, uint8_t b)
{
    if (!*open)
        *part = mdd_crc_empty((mdd_crc_alg)alg);
    *part = mdd_crc_update((mdd_crc_alg)alg, *part, &b, 1);
    *open = true;
}

/* ---- PI ---- */

static void pi_expected(const struct rx *r, uint8_t *exp) { ref_pi_image(r->pf, r->dif_part, r->app_tag, r->ref_tag, exp); }

static void pi_judge(struct rx *r) { ref_pi_judge(&r->sink, &r->pi, &r->dc); }

/* ---- markers ---- */

static void resolve_pending(struct rx *r)
{
    struct ref_layout l = cur_layout(r);
    uint64_t len = ref_lay_len(&l);
    for (unsigned k = 0; k < r->n_pend; k++) {
        struct pend_mrk *pm = &r->pend[k];
        uint8_t exp[8], got[8];
        ref_iscsi_marker(exp, (uint32_t)(len - pm->p));
        int diff = -1;
        for (unsigned j = 0; j < 8; j++) {
            got[j] = (pm->present >> j & 1) ? pm->got[j] : exp[j];
            if (diff < 0 && got[j] != exp[j])
                diff = (int)j;
        }
        if (diff >= 0)
            emit(r, MDD_ERR_MRK, (unsigned)diff, pm->off, pm->unit, ref_bytes_be(exp, 8), ref_bytes_be(got, 8));
    }
    r->n_pend = 0;
}

static void drop_pending(struct rx *r)
{
    if (r->n_pend)
        r->mrk_unv = true;
    r->n_pend = 0;
    r->in_pend = false;
}

static void frame_error(struct rx *r, uint32_t off, uint64_t exp, uint64_t got)
{
    emit(r, MDD_ERR_FRAME, 0, off, r->pdus, exp, got);
    r->lost = true;
    drop_pending(r);
}

static void advance_mrk(struct rx *r)
{
    if (r->mrk_en)
        r->mrk_pos = (r->mrk_pos + 1) % r->mrk_period;
}

/* A marker byte (mrk_pos < ML). */
static void marker_byte(struct rx *r, uint32_t i, uint8_t b, uint8_t *tag, uint8_t *aux)
{
    unsigned m = r->mrk_pos;
    unsigned flags = 0;
    if (r->lost) { /* R7: consumed without being located */
        *tag = ref_tag_of(MDD_KIND_VOID, 0, false);
        *aux = 0;
        advance_mrk(r);
        return;
    }

    /* where the marker lies: p is the PDU offset of the next non-marker byte */
    uint32_t p = r->pdu_off;
    bool boundary = p == 0;
    bool known = len_known(r, p);
    struct ref_layout l = cur_layout(r);
    uint64_t len = ref_lay_len(&l);
    bool mpa = r->proto == MDD_PROTO_MPA;
    bool between_crc = mpa && !boundary && known && ref_lay_ddig(&l) && p > len - MDD_DIG_LEN;
    bool covered = mpa && !between_crc; /* MPA: by the FPDU it lies in (a boundary marker: the next one) */
    *aux = (uint8_t)(m | (covered ? 0 : 8));

    /* MPA CRC */
    if (r->ddig_en && covered && (r->mask_d >> MDD_KIND_MRK & 1)) {
        crc_feed(MDD_CRC32C, &r->dig_part, &r->dig_open, b);
        if (m == r->ml - 1 && !boundary && known && p == len - MDD_DIG_LEN) {
            flags |= MDD_TAGM_ED; /* the marker between the last covered byte and the CRC */
            r->dig_open = false;
        }
    }

    /* marker check */
    if (r->mrk_chk) {
        uint8_t exp[8];
        bool deferred = false;
        if (mpa)
            ref_put_be(exp, 4, (uint16_t)(r->fpdu_woff - m)); /* 16 reserved zero bits, FPDUPTR */
        else if (boundary)
            ref_iscsi_marker(exp, 0);
        else if (!known)
            deferred = true; /* R13 */
        else
            ref_iscsi_marker(exp, (uint32_t)(len - p));
        if (deferred) {
            if (!r->in_pend && r->n_pend == sizeof r->pend / sizeof r->pend[0]) {
                r->mrk_unv = true; /* cannot happen: at most 7 markers lie in a PDU's bytes 1-7 */
            } else if (!r->in_pend) {
                r->pend[r->n_pend++] = (struct pend_mrk){i, r->pdus, p, 0, {0}};
                r->in_pend = true;
            }
            if (r->in_pend) {
                struct pend_mrk *pm = &r->pend[r->n_pend - 1];
                pm->got[m] = b;
                pm->present |= 1u << m;
            }
        } else {
            if (!r->f_mrk.active)
                field_start(&r->f_mrk, MDD_ERR_MRK, false, r->ml, i, r->pdus, exp);
            field_byte(r, &r->f_mrk, m, b);
        }
    }

    if (mpa)
        r->fpdu_woff = (r->fpdu_woff + 1) & 0xFFFF;
    if (m == r->ml - 1) {
        r->mrk_count++;
        r->in_pend = false;
    }
    *tag = ref_tag_of(MDD_KIND_MRK, flags, false);
    advance_mrk(r);
}

/* A non-marker byte; returns whether it is delivered, *ob = the delivered value. */
static bool pdu_byte(struct rx *r, uint32_t i, uint8_t b, uint8_t *tag, uint8_t *aux, uint8_t *ob)
{
    unsigned kind = MDD_KIND_PAY, flags = 0, idx = 0;
    bool ep = false;
    *ob = b;
    *aux = 0;

    if (r->lost) {
        *tag = ref_tag_of(MDD_KIND_VOID, 0, false);
        advance_mrk(r);
        return false;
    }

    if (r->proto != MDD_PROTO_RAW) {
        uint32_t p = r->pdu_off;
        struct ref_layout l = cur_layout(r);
        if (!r->self_frame && r->pdu_done) {
            uint64_t len = ref_lay_len(&l);
            frame_error(r, i, len, len); /* R8 */
            *tag = ref_tag_of(MDD_KIND_VOID, 0, false);
            advance_mrk(r);
            return false;
        }
        bool frame_now = false, early = false;
        if (r->self_frame && p <= ref_last_len_off(r->proto)) {
            early = true;
            if (p == ref_first_len_off(r->proto))
                r->len_off = i;
            if (r->proto == MDD_PROTO_ISCSI) {
                if (p == MDD_ISCSI_AHS_OFF)
                    r->hdr_len = MDD_ISCSI_BHS_LEN + 4u * b;
                else if (p == MDD_ISCSI_DSL_OFF)
                    r->data_len = b;
                else if (p > MDD_ISCSI_DSL_OFF)
                    r->data_len = (r->data_len << 8 | b) & 0xffffffu;   /* DataSegmentLength: 3 bytes */
            } else {
                /* ULPDU_Length: 2 bytes (a resume image's bits above the byte parsed never reach the length) */
                r->data_len = p == MDD_MPA_LEN_OFF ? b : ((r->data_len << 8 | b) & 0xffffu);
            }
            if (p == ref_last_len_off(r->proto)) {
                early = false;
                if (r->proto == MDD_PROTO_MPA) {
                    if (r->data_len < r->ulp) {
                        frame_error(r, r->len_off, r->ulp, r->data_len);
                        frame_now = true;
                    } else {
                        r->data_len -= r->ulp;
                        r->hdr_len = 2 + r->ulp;
                    }
                }
                if (!frame_now && r->max_data && r->data_len > r->max_data) {
                    frame_error(r, r->len_off, r->max_data, r->data_len);
                    frame_now = true;
                }
                if (!frame_now)
                    resolve_pending(r);
            }
        }
        l = cur_layout(r);
        if (early || frame_now) {
            kind = MDD_KIND_HDR;
        } else {
            uint64_t q = l.hdr_len, len = ref_lay_len(&l);
            uint64_t pay_end = q + ref_lay_hdig(&l) + l.data_len, pad_end = pay_end + ref_lay_pad(&l);
            if (p < q) {
                kind = MDD_KIND_HDR;
                if (p == q - 1)
                    flags |= MDD_TAGM_EH;
            } else if (p < q + ref_lay_hdig(&l)) {
                kind = MDD_KIND_HDIG;
                idx = (unsigned)(p - q);
            } else if (p < pay_end) {
                kind = MDD_KIND_PAY;
            } else if (p < pad_end) {
                kind = MDD_KIND_PAD;
            } else {
                kind = MDD_KIND_DDIG;
                idx = (unsigned)(p - pad_end);
            }
            int64_t last_cov = ref_lay_last_cov(&l);
            if ((int64_t)p == last_cov) {
                bool marker_next = r->mrk_en && (r->mrk_pos + 1) % r->mrk_period == 0;
                if (!(r->proto == MDD_PROTO_MPA && r->ddig_en && marker_next))
                    flags |= MDD_TAGM_ED;
            }
            ep = p == len - 1;
            if (ep)
                flags |= MDD_TAGM_EP;
        }
    }

    /* DIF positions split the PAY bytes into guard data and PI */
    bool dif = kind == MDD_KIND_PAY && r->dif_op != MDD_DIF_NONE;
    unsigned pj = 0;
    if (dif) {
        if (r->dif_pos < r->blk_len) {
            if (r->dif_pos == r->blk_len - 1)
                flags |= MDD_TAGM_EB;
        } else {
            kind = MDD_KIND_PI;
            pj = r->dif_pos - r->blk_len;
            idx = pj;
        }
    }
    if (kind == MDD_KIND_HDIG || kind == MDD_KIND_DDIG || kind == MDD_KIND_PI)
        *aux = (uint8_t)idx;

    bool keep = kind == MDD_KIND_PAY || (kind == MDD_KIND_HDR && r->hdr_out) ||
                (kind == MDD_KIND_PI && r->dif_op != MDD_DIF_CHECK_STRIP);

    /* CRC messages */
    if (r->hdig_en && (r->mask_h >> kind & 1)) {
        crc_feed(MDD_CRC32C, &r->hdig_part, &r->hdig_open, b);
        if (flags & MDD_TAGM_EH)
            r->hdig_open = false;
    }
    if (r->ddig_en && (r->mask_d >> kind & 1)) {
        crc_feed(MDD_CRC32C, &r->dig_part, &r->dig_open, b);
        if (flags & MDD_TAGM_ED)
            r->dig_open = false;
    }
    if (r->dif_op != MDD_DIF_NONE && (r->mask_g >> kind & 1)) {
        crc_feed(r->pf->guard_alg, &r->dif_part, &r->dif_open, b);
        if (flags & MDD_TAGM_EB)
            r->dif_open = false;
    }

    /* field checks */
    if (kind == MDD_KIND_HDIG) {
        if (!r->f_hdig.active) {
            uint8_t e[4];
            for (unsigned k = 0; k < 4; k++)
                e[k] = (uint8_t)(r->hdig_part >> (8 * k));
            field_start(&r->f_hdig, MDD_ERR_HDIG, true, 4, i, r->pdus, e);
        }
        field_byte(r, &r->f_hdig, idx, b);
        if (idx == MDD_DIG_LEN - 1)
            r->hdig_part = 0;
    } else if (kind == MDD_KIND_DDIG) {
        if (!r->f_ddig.active) {
            uint8_t e[4];
            for (unsigned k = 0; k < 4; k++)
                e[k] = (uint8_t)(r->dig_part >> (8 * k));
            field_start(&r->f_ddig, MDD_ERR_DDIG, true, 4, i, r->pdus, e);
        }
        field_byte(r, &r->f_ddig, idx, b);
        if (idx == MDD_DIG_LEN - 1)
            r->dig_part = 0;
    } else if (kind == MDD_KIND_PI) {
        struct ref_pi_rec *pi = &r->pi;
        if (!pi->active) {
            pi->active = true;
            pi->unit = r->blocks;
            pi->present = 0;
            pi_expected(r, pi->exp);
            memcpy(pi->got, pi->exp, sizeof pi->got);
        }
        pi->got[pj] = b;
        pi->present |= 1u << pj;
        pi->off[pj] = i;
        if (r->dif_op == MDD_DIF_CHECK_REPLACE)
            *ob = pi->exp[pj];
        if (pj == r->pf->pi_len - 1) {
            pi_judge(r);
            r->blocks++;
            if (r->prot_type == 1 || r->prot_type == 2)
                r->ref_tag = (r->ref_tag + 1) & (((uint64_t)1 << MDD_DESC_REF_TAG_W) - 1);
            r->dif_part = 0;
        }
    }

    /* positions */
    if (dif)
        r->dif_pos = (r->dif_pos + 1) % (r->blk_len + r->pf->pi_len);
    if (r->proto != MDD_PROTO_RAW) {
        if (ep) {
            r->pdus++;
            r->pdu_off = 0;
            if (!r->self_frame)
                r->pdu_done = true;
        } else {
            r->pdu_off++;
        }
        if (r->proto == MDD_PROTO_MPA)
            r->fpdu_woff = ep ? 0 : ((r->fpdu_woff + 1) & 0xFFFF);
    }
    *tag = ref_tag_of(kind, flags, keep);
    advance_mrk(r);
    return keep;
}

/* ------------------------------------------------------------------------------------------------------ */

void mdd_rxref_free(struct mdd_rxref_result *res)
{
    if (!res)
        return;
    free(res->out);
    free(res->out_tag);
    free(res->in_tag);
    free(res->in_aux);
    free(res->ev);
    memset(res, 0, sizeof *res);
}

int mdd_rxref_run(const uint64_t desc[8], const uint8_t *in, size_t n, const uint32_t *upstream_err_offs,
                  size_t n_upstream, struct mdd_rxref_result *res)
{
    memset(res, 0, sizeof *res);
    size_t na = n ? n : 1;
    res->out = malloc(na);
    res->out_tag = malloc(na);
    res->in_tag = malloc(na);
    res->in_aux = malloc(na);
    uint32_t *ups = malloc((n_upstream ? n_upstream : 1) * sizeof *ups);
    if (!res->out || !res->out_tag || !res->in_tag || !res->in_aux || !ups) {
        free(ups);
        mdd_rxref_free(res);
        return -1;
    }
    if (n_upstream)
        memcpy(ups, upstream_err_offs, n_upstream * sizeof *ups);
    qsort(ups, n_upstream, sizeof *ups, ref_cmp_u32);
    res->in_len = n;

    struct rx r;
    memset(&r, 0, sizeof r);
    r.res = res;
    r.sink = (struct ref_sink){&res->ev, &res->n_ev, 0, false};
    memcpy(res->ctx, desc, 8 * sizeof desc[0]);

    res->desc_reason = mdd_rxref_desc_check(desc);
    if (res->desc_reason != MDD_RXREF_DESC_OK) {
        /* R9: consumed, counted, nothing delivered, no other check, resume image = descriptor */
        for (size_t i = 0; i < n; i++) {
            res->in_tag[i] = ref_tag_of(MDD_KIND_VOID, 0, false);
            res->in_aux[i] = 0;
        }
        emit(&r, MDD_ERR_DESC, 0, 0, 0, 0, 0);
    } else {
        r.proto = (unsigned)MDD_GET(DESC, PROTO, desc);
        r.self_frame = (unsigned)MDD_GET(DESC, SELF_FRAME, desc);
        r.hdig_en = (unsigned)MDD_GET(DESC, HDIG_EN, desc);
        r.ddig_en = (unsigned)MDD_GET(DESC, DDIG_EN, desc);
        r.mrk_en = (unsigned)MDD_GET(DESC, MRK_EN, desc);
        r.mrk_chk = (unsigned)MDD_GET(DESC, MRK_CHK, desc);
        r.dif_op = (unsigned)MDD_GET(DESC, DIF_OP, desc);
        r.pf = mdd_pifmt((unsigned)MDD_GET(DESC, PI_FMT, desc));
        r.prot_type = (unsigned)MDD_GET(DESC, PROT_TYPE, desc);
        r.dif_chk = (unsigned)MDD_GET(DESC, DIF_CHK, desc);
        r.ulp = (unsigned)MDD_GET(DESC, ULP_HDR_LEN, desc);
        r.hdr_out = (unsigned)MDD_GET(DESC, HDR_OUT, desc);
        r.ml = ref_mrk_len(r.proto);
        r.mrk_period = (uint32_t)MDD_GET(DESC, MRK_PERIOD, desc);
        r.blk_len = (uint32_t)MDD_GET(DESC, BLK_LEN, desc);
        r.max_data = (uint32_t)MDD_GET(DESC, MAX_DATA, desc);
        r.app_tag = (uint16_t)MDD_GET(DESC, APP_TAG, desc);
        r.app_mask = (uint16_t)MDD_GET(DESC, APP_MASK, desc);
        r.dc = (struct ref_dif_cfg){r.pf, r.prot_type, r.dif_chk, r.app_mask};
        r.mask_h = mdd_incl_mask(MDD_ENGINE_HDIG, r.proto);
        r.mask_d = mdd_incl_mask(MDD_ENGINE_DDIG, r.proto);
        r.mask_g = mdd_incl_mask(MDD_ENGINE_GUARD, r.proto);
        r.hdr_len = (uint32_t)MDD_GET(DESC, HDR_LEN, desc);
        r.data_len = (uint32_t)MDD_GET(DESC, DATA_LEN, desc);
        r.pdu_off = (uint32_t)MDD_GET(DESC, PDU_OFF, desc);
        r.mrk_pos = (uint32_t)MDD_GET(DESC, MRK_POS, desc);
        r.dif_pos = (uint32_t)MDD_GET(DESC, DIF_POS, desc);
        r.fpdu_woff = (uint32_t)MDD_GET(DESC, FPDU_WOFF, desc);
        r.ref_tag = MDD_GET(DESC, REF_TAG, desc);
        r.dig_part = MDD_GET(DESC, DIG_PART, desc);
        r.hdig_part = MDD_GET(DESC, HDIG_PART, desc);
        r.dif_part = MDD_GET(DESC, DIF_PART, desc);
        r.dig_open = MDD_GET(DESC, DIG_OPEN, desc) != 0;
        r.hdig_open = MDD_GET(DESC, HDIG_OPEN, desc) != 0;
        r.dif_open = MDD_GET(DESC, DIF_OPEN, desc) != 0;

        size_t up = 0;
        for (size_t i = 0; i < n; i++) {
            bool upstream = false;
            while (up < n_upstream && ups[up] <= i)
                upstream |= ups[up++] == i;
            if (upstream)
                emit(&r, MDD_ERR_UPSTREAM, 0, (uint32_t)i, 0, 0, 0);
            uint8_t b = in[i], ob = b;
            if (r.mrk_en && r.mrk_pos < r.ml) {
                marker_byte(&r, (uint32_t)i, b, &res->in_tag[i], &res->in_aux[i]);
            } else if (pdu_byte(&r, (uint32_t)i, b, &res->in_tag[i], &res->in_aux[i], &ob)) {
                res->out[res->out_len] = ob;
                res->out_tag[res->out_len] = res->in_tag[i];
                res->out_len++;
            }
        }
        /* fields cut by the end of the transfer */
        field_finish(&r, &r.f_mrk);
        field_finish(&r, &r.f_hdig);
        field_finish(&r, &r.f_ddig);
        pi_judge(&r);
        drop_pending(&r);

        /* resume image (words 0-7) */
        uint64_t *c = res->ctx;
        MDD_SET(DESC, TCP_SEQ, c, MDD_GET(DESC, TCP_SEQ, desc) + n);
        MDD_SET(DESC, MRK_POS, c, r.mrk_pos);
        MDD_SET(DESC, PDU_OFF, c, r.pdu_off);
        MDD_SET(DESC, HDR_LEN, c, r.hdr_len);
        MDD_SET(DESC, DATA_LEN, c, r.data_len);
        MDD_SET(DESC, DIF_POS, c, r.dif_pos);
        MDD_SET(DESC, REF_TAG, c, r.ref_tag);
        MDD_SET(DESC, FPDU_WOFF, c, r.fpdu_woff);
        MDD_SET(DESC, DIG_PART, c, r.dig_part);
        MDD_SET(DESC, DIG_OPEN, c, r.dig_open);
        MDD_SET(DESC, HDIG_PART, c, r.hdig_part);
        MDD_SET(DESC, HDIG_OPEN, c, r.hdig_open);
        MDD_SET(DESC, DIF_PART, c, r.dif_part);
        MDD_SET(DESC, DIF_OPEN, c, r.dif_open);
    }
    free(ups);

    /* status (words 8-15) */
    ref_ctx_status(res->ctx, MDD_GET(DESC, XFER_ID, desc), res->ev, res->n_ev, r.lost, r.mrk_unv, n, res->out_len,
                   r.blocks, r.pdus, r.mrk_count);
    if (r.sink.oom) {
        mdd_rxref_free(res);
        return -1;
    }
    return 0;
}

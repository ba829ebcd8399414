/* SPDX-License-Identifier: MIT */
/*
 * The traffic generator: builds RX wire streams (iSCSI PDUs, MPA FPDUs or a raw DIF stream, with markers,
 * digests, pad and protection information) CONSTRUCTIVELY, from payloads: headers, payload and PI are laid
 * out first, digests and guards are computed over whole messages with mdd_crc(), markers are inserted at
 * their wire positions last (and the MPA CRC, which covers markers, is computed over the finished wire
 * bytes). It never calls the reference receiver (model/mdd_rxref.h); the two are independent ways to the
 * same answer, which is what tb/unit/test_rxref.c checks.
 *
 * Every stream comes with its golden per-byte tag and aux nibble, the bytes a correct receiver delivers
 * (host, host_tag), the descriptor of a transfer that starts at wire byte 0, and the positions of every PDU,
 * PI and field so that tests can aim corruptions.
 */
#ifndef MDD_TRAFGEN_H
#define MDD_TRAFGEN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "no such index" in the per-byte position arrays */
#define MDD_GEN_NONE 0xFFFFFFFFu

struct mdd_gen_cfg {
    unsigned proto;         /* MDD_PROTO_ISCSI / MPA / RAW (RAW: a pure DIF stream, no PDUs, no markers) */
    unsigned hdig_en;       /* iSCSI header digest */
    unsigned ddig_en;       /* iSCSI data digest / MPA CRC */
    unsigned mrk_en;        /* markers on the wire */
    unsigned mrk_chk;       /* descriptor's mrk_chk (only meaningful with mrk_en) */
    unsigned dif_op;        /* MDD_DIF_NONE / CHECK_KEEP / CHECK_STRIP / CHECK_REPLACE */
    unsigned pi_fmt;        /* MDD_PI_*_CODE */
    unsigned prot_type;     /* 1..3 */
    unsigned dif_chk;       /* MDD_DIFCHK_* bits for the descriptor */
    unsigned hdr_out;       /* descriptor's hdr_out (HDR bytes delivered) */
    unsigned ulp_hdr_len;   /* MPA: DDP/RDMAP header bytes after ULPDU_Length */
    unsigned ahs_words_max; /* iSCSI: TotalAHSLength drawn from 0..ahs_words_max per PDU */
    uint32_t mrk_period;    /* wire bytes per marker period, marker included (iSCSI 4*MarkInt+8, MPA 512) */
    uint32_t mrk_phase;     /* position of wire byte 0 in the marker period (the descriptor's mrk_pos) */
    uint32_t blk_len;       /* data bytes per protection block */
    uint16_t app_tag, app_mask;
    uint64_t ref_tag;       /* reference tag of block 0 (48 bits) */
    uint32_t data_min, data_max; /* data bytes per PDU, PI excluded (RAW: per chunk of the stream) */
    unsigned n_pdus;        /* PDUs (RAW: chunks) */
    uint32_t max_data;      /* descriptor's max_data (0 = no limit); the generator does not enforce it */
    uint32_t tcp_seq;       /* sequence number of wire byte 0 */
    unsigned esc_every;     /* about 1 in esc_every blocks is escaped (app 0xFFFF, garbage guard); 0 = never */
    unsigned pi_split;      /* 1: PDU boundaries anywhere in the DIF stream, inside PIs too (else a PI goes with
                               the PDU that holds its block's last data byte) */
    unsigned nodata_pct;    /* percent of PDUs without data (ULPDU = ULP header only; iSCSI: no pad, no digest) */
    unsigned legal_bhs;     /* iSCSI: a legal SCSI Data-In BHS (F set; A, O, U, S, reserved bits, byte 2 and status
                               0) instead of random bytes 1-3, which Wireshark's iSCSI dissector rejects; the other
                               random draws are the same either way (mdd_gen_random_cfg: 0) */
};

struct mdd_gen_stream {
    uint8_t *wire;
    size_t wire_len;
    uint8_t *tag; /* golden tag of every wire byte */
    uint8_t *aux; /* golden aux nibble of every wire byte */
    uint8_t *host; /* what a correct receiver delivers for the whole stream, and the tags */
    uint8_t *host_tag;
    size_t host_len;
    uint64_t desc[8]; /* descriptor of a transfer starting at wire byte 0 (self_frame = 1 except RAW) */
    uint32_t n_pdus, n_blocks, n_markers; /* PDUs (0 for RAW), completed blocks (PIs), complete markers */
    /* per PDU */
    uint32_t *pdu_start;    /* wire offset of the PDU's first header byte */
    uint32_t *pdu_end;      /* wire offset of its last byte (EP) */
    uint32_t *pdu_hdr_len;  /* hdr_len and data_len (PI included) as a receiver parses them */
    uint32_t *pdu_data_len;
    /* per completed block */
    uint32_t *blk_pi_start; /* wire offsets of the first and last byte of its PI (markers may lie between) */
    uint32_t *blk_pi_end;
    uint8_t *blk_escaped;   /* 1: the PI is an escape (app 0xFFFF; type 3 also ref all ones), guard garbage */
    /* per wire byte */
    uint32_t *pdu_of; /* PDU index (a marker: the PDU of the next non-marker byte); RAW: MDD_GEN_NONE */
    uint32_t *off_of; /* non-marker bytes: offset in the PDU (RAW: in the stream); markers: MDD_GEN_NONE */
    uint32_t *blk_of; /* PAY and PI bytes under DIF: block index; otherwise MDD_GEN_NONE */
    struct mdd_gen_cfg cfg;
};

/* Builds a stream; 0 on success, -1 on a bad configuration or out of memory (s is then empty). */
int mdd_gen_build(const struct mdd_gen_cfg *cfg, uint64_t seed, struct mdd_gen_stream *s);
void mdd_gen_free(struct mdd_gen_stream *s);

/* A random legal configuration; W (datapath bytes, 0 = 8) biases some sizes to the full-rate edges. */
void mdd_gen_random_cfg(uint64_t seed, unsigned W, struct mdd_gen_cfg *cfg);

/* Cut options for mdd_gen_split. */
#define MDD_GEN_SPLIT_NO_ESC_PI 1u /* no cut strictly inside an escaped block's PI (D-033 makes such cuts visible) */
#define MDD_GEN_SPLIT_NO_APP 2u    /* no cut between the two bytes of an application tag */

/*
 * Cuts the stream into n random transfers of at least one byte (1 <= n <= max_xfers, fewer if the stream or
 * the allowed cut points are short): transfer k is wire bytes [cuts[k], cuts[k+1]); cuts[] must hold
 * max_xfers + 1 entries; cuts[0] = 0, cuts[n] = wire_len. Returns n (0 for an empty stream).
 */
size_t mdd_gen_split(const struct mdd_gen_stream *s, uint64_t seed, size_t max_xfers, unsigned flags, size_t *cuts);

/* The cut point c (between wire bytes c-1 and c, 0 < c < wire_len) is allowed under flags. */
int mdd_gen_cut_ok(const struct mdd_gen_stream *s, size_t c, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TRAFGEN_H */

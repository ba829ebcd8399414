/* SPDX-License-Identifier: MIT */
/*
 * The internal word of the RX path between the locate stages (docs/rx-path.md section 8), as the C twins
 * see it: one field per RTL port of the word, lanes as byte arrays.
 *
 *   data[i]      byte lane i (= data[8i+7:8i] of the RTL vector)
 *   tag[i]       its tag (formats.def layout)
 *   aux[i]       its aux nibble (aux[4i+3:4i]), low 4 bits used
 *   first, last  first / last word of a transfer
 *   woff, nin    transfer offset of the word's first input byte, input bytes the word accounts for
 *   dbad         the transfer's descriptor failed (DESC)
 *   desc[8]      the descriptor (64-bit words, formats.def DESC layout), resume fields advanced on the last word
 *   xflags       bit 0 frame_lost, bit 1 mrk_unv (meaningful on the last word)
 *   err_*        the earliest event of the word; emap = OR of 1 << code; ecnt = number of events
 *
 * MDD_RX_WORD_FIELDS(p) declares the fields with the prefix p (s_ for a stage's input, m_ for its output), so
 * the twin structs carry the RTL port names; struct mdd_rx_word has them unprefixed (a register or a word
 * in flight). MDD_RX_WORD_COPY copies between any two of them.
 */
#ifndef MDD_RX_WORD_H
#define MDD_RX_WORD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define MDD_RX_MAX_W 64

#define MDD_RX_XFLAG_FRAME_LOST 1u
#define MDD_RX_XFLAG_MRK_UNV 2u

#define MDD_RX_WORD_FIELDS(p)             \
    uint8_t p##data[MDD_RX_MAX_W];        \
    uint8_t p##tag[MDD_RX_MAX_W];         \
    uint8_t p##aux[MDD_RX_MAX_W];         \
    bool p##first;                        \
    bool p##last;                         \
    uint32_t p##woff;                     \
    uint8_t p##nin;                       \
    bool p##dbad;                         \
    uint64_t p##desc[8];                  \
    uint8_t p##xflags;                    \
    bool p##err_v;                        \
    uint8_t p##err_code;                  \
    uint8_t p##err_byte;                  \
    uint32_t p##err_off;                  \
    uint32_t p##err_unit;                 \
    uint64_t p##err_exp;                  \
    uint64_t p##err_got;                  \
    uint16_t p##emap;                     \
    uint8_t p##ecnt;

typedef struct mdd_rx_word {
    MDD_RX_WORD_FIELDS()
} mdd_rx_word;

#define MDD_RX_WORD_COPY(d, dp, s, sp)                                  \
    do {                                                                \
        memcpy((d)->dp##data, (s)->sp##data, MDD_RX_MAX_W);             \
        memcpy((d)->dp##tag, (s)->sp##tag, MDD_RX_MAX_W);               \
        memcpy((d)->dp##aux, (s)->sp##aux, MDD_RX_MAX_W);               \
        (d)->dp##first = (s)->sp##first;                                \
        (d)->dp##last = (s)->sp##last;                                  \
        (d)->dp##woff = (s)->sp##woff;                                  \
        (d)->dp##nin = (s)->sp##nin;                                    \
        (d)->dp##dbad = (s)->sp##dbad;                                  \
        memcpy((d)->dp##desc, (s)->sp##desc, sizeof((s)->sp##desc));   \
        (d)->dp##xflags = (s)->sp##xflags;                              \
        (d)->dp##err_v = (s)->sp##err_v;                                \
        (d)->dp##err_code = (s)->sp##err_code;                          \
        (d)->dp##err_byte = (s)->sp##err_byte;                          \
        (d)->dp##err_off = (s)->sp##err_off;                            \
        (d)->dp##err_unit = (s)->sp##err_unit;                          \
        (d)->dp##err_exp = (s)->sp##err_exp;                            \
        (d)->dp##err_got = (s)->sp##err_got;                            \
        (d)->dp##emap = (s)->sp##emap;                                  \
        (d)->dp##ecnt = (s)->sp##ecnt;                                  \
    } while (0)

/* The first-error order (D-036): event a comes before event b by the smaller err_off, ties by the smaller code. */
static inline bool mdd_rx_err_before(unsigned code_a, uint32_t off_a, unsigned code_b, uint32_t off_b)
{
    return off_a < off_b || (off_a == off_b && code_a < code_b);
}

/* The error record of a word being built, merged event by event (D-036). */
static inline void mdd_rx_word_merge(mdd_rx_word *w, unsigned code, unsigned err_byte, uint32_t err_off,
                                     uint32_t err_unit, uint64_t err_exp, uint64_t err_got)
{
    if (!w->err_v || mdd_rx_err_before(code, err_off, w->err_code, w->err_off)) {
        w->err_code = (uint8_t)code;
        w->err_byte = (uint8_t)err_byte;
        w->err_off = err_off;
        w->err_unit = err_unit;
        w->err_exp = err_exp;
        w->err_got = err_got;
    }
    w->err_v = true;
    w->emap = (uint16_t)(w->emap | (1u << code));
    w->ecnt = (uint8_t)(w->ecnt + 1);
}

/* Descriptor field access on a word's desc[] (formats.h MDD_GET/MDD_SET work too; these take a plain array). */
static inline uint64_t mdd_rx_field(const uint64_t *d, unsigned word, unsigned lsb, unsigned width)
{
    uint64_t mask = width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
    return (d[word] >> lsb) & mask;
}

#endif /* MDD_RX_WORD_H */

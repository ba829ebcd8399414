/* SPDX-License-Identifier: MIT */
/*
 * The reference transmitter: docs/tx-path.md executed one byte at a time, written for clarity, not speed.
 *
 * It is the transaction-level oracle of the TX path (the RTL and its cycle-accurate twin must produce the same
 * transmitted bytes, tags and context beat). It is checked against the traffic generator (model/mdd_trafgen.h:
 * TX of the bytes a receiver delivers must give back the generator's wire stream) and against the reference
 * receiver (RX(TX(x)) = x) by tb/unit/test_txref.c. Field positions, codes and masks come from
 * include/mdd/formats.h only; CRC math from include/mdd/crc.h only.
 */
#ifndef MDD_TXREF_H
#define MDD_TXREF_H

#include <stddef.h>
#include <stdint.h>

#include "mdd_rxref.h" /* struct mdd_rxref_event, the DESC reasons */

#ifdef __cplusplus
extern "C" {
#endif

/* "not from the host" in gen_src */
#define MDD_TXREF_INSERTED 0xFFFFFFFFu

struct mdd_txref_result {
    /* transmitted bytes (K = 1, inside the window), in order, and their tags: m_axis_tx */
    uint8_t *out;
    uint8_t *out_tag;
    size_t out_len;
    /* the generated stream: every wire byte (inside the window or not) and every stripped host PI byte, in
     * order; gen_src = the host byte it came from (transfer offset) or MDD_TXREF_INSERTED */
    uint8_t *gen;
    uint8_t *gen_tag;
    uint8_t *gen_aux;
    uint32_t *gen_src;
    size_t gen_len;
    uint64_t ctx[16]; /* the context beat (formats.def CTX layout; words 0-6 DESC, word 7 TXDESC, advanced) */
    struct mdd_rxref_event *ev; /* every error event, in detection order */
    size_t n_ev;
    unsigned desc_reason; /* 0, or the MDD_RXREF_DESC_* reason of a DESC error */
};

/*
 * Runs one transfer: desc (8 words: DESC words 0-6, TXDESC word 7), the n host bytes in[] (the kept lanes of
 * s_axis_tx, in order) and the transfer offsets of the first kept byte of every beat that had s_axis_tx_tuser = 1.
 * Allocates every array of *res (free with mdd_txref_free). Returns 0, -1 if out of memory.
 */
int mdd_txref_run(const uint64_t desc[8], const uint8_t *in, size_t n, const uint32_t *upstream_err_offs,
                  size_t n_upstream, struct mdd_txref_result *res);
void mdd_txref_free(struct mdd_txref_result *res);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXREF_H */

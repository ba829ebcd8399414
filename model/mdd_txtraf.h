/* SPDX-License-Identifier: MIT */
/*
 * TX traffic for tests and lockstep harnesses: what a host hands to the TX path, built from a traffic
 * generator stream (model/mdd_trafgen.h) so that TX of it must give back the generator's wire stream.
 *
 *   NONE, KEEP:  the generator's host image (headers, payload, PI with escapes), dif_op as the mode
 *   INSERT:      that image without its PI (no escaped blocks: TX computes every PI)
 *   REPLACE:     the image with its PI (no escapes; callers may corrupt PI bytes: TX must report and fix them)
 *   STRIP:       a stream generated without PI, with a PI computed here (mdd_crc of the block's bytes, app_tag,
 *                ref_tag per protection type) inserted after every block's last data byte, in host order
 *                (docs/tx-path.md T2)
 *
 * The descriptor is the generator's with the RX-only fields cleared, word 7 = the full window, dif_op = the
 * mode. nocut[c] = 1 where a transfer must not end before host byte c: inside bytes 1-7 of an iSCSI BHS when
 * markers are on (T3), and inside a PI under KEEP (an escape cut by a transfer boundary is judged per side,
 * D-033). s.host is what RX of s.wire delivers with the generator's descriptor (hdr_out = 1): the round trip.
 */
#ifndef MDD_TXTRAF_H
#define MDD_TXTRAF_H

#include <stddef.h>
#include <stdint.h>

#include "mdd_trafgen.h"

#ifdef __cplusplus
extern "C" {
#endif

enum mdd_tx_mode { MDD_TX_NONE, MDD_TX_KEEP, MDD_TX_INSERT, MDD_TX_REPLACE, MDD_TX_STRIP, MDD_TX_MODES };
extern const char *const mdd_tx_mode_name[MDD_TX_MODES];
extern const unsigned mdd_tx_mode_op[MDD_TX_MODES]; /* the descriptor's dif_op */

struct mdd_tx_case {
    struct mdd_gen_cfg cfg;  /* the random configuration (its DIF fields also describe STRIP's PI) */
    struct mdd_gen_stream s; /* the generator's stream: s.wire is what TX must produce */
    enum mdd_tx_mode mode;
    uint8_t *host;
    size_t host_len;
    uint64_t *pi_start; /* host offsets of the whole PIs the host carries (not split by a header) */
    size_t n_pi;
    uint8_t *nocut;     /* host_len + 1 entries */
    uint8_t *hdr_at;    /* per host byte: bit 0 first byte of a header, bit 1 a cut before it lies inside a PI */
    uint64_t desc[8];
    uint64_t blocks;    /* PIs TX completes over the whole stream */
};

/* Builds a case from seed: the generator's random configuration for datapath width w; the mode from the seed
 * when mode < 0, else the given one (a stream without DIF gives NONE; RAW STRIP gives INSERT). Returns 0, -1
 * when the generator refuses its configuration. */
int mdd_tx_case_build(uint64_t seed, unsigned w, int mode, struct mdd_tx_case *k);
/* The same from a given generator configuration (its hdr_out, max_data and DIF fields are set for the mode). */
int mdd_tx_case_build_cfg(const struct mdd_gen_cfg *cfg, uint64_t seed, int mode, struct mdd_tx_case *k);
void mdd_tx_case_free(struct mdd_tx_case *k);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXTRAF_H */

/* SPDX-License-Identifier: MIT */
/*
 * C twin of rtl/mdd_desc_check.v: the transfer descriptor validation of both directions (DESC). RX: the
 * conditions of docs/rx-path.md section 5 (RX L1); TX: docs/tx-path.md section 2 (the TX generator). The
 * reference models' own check, which also names the reason, is mdd_ref_desc_check (model/mdd_rxref.h).
 */
#ifndef MDD_DESC_CHECK_H
#define MDD_DESC_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* true when the descriptor fails validation; tx selects the transmit rules */
bool mdd_desc_bad(const uint64_t desc[8], bool tx);

#ifdef __cplusplus
}
#endif

#endif /* MDD_DESC_CHECK_H */

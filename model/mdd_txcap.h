/* SPDX-License-Identifier: MIT */
/*
 * What goes into a TX capture (docs/pcap.md): the wire stream the TX path generates from a host image, for
 * `mdd tx --pcap` and tb/unit/test_pcap.c (whose tshark checks therefore judge TX output, not the generator's).
 * Their streams are built with mdd_gen_cfg.legal_bhs (Wireshark rejects the reserved bits the generator
 * otherwise fills at random).
 *
 * mdd_txcap_transmit() runs the reference transmitter (model/mdd_txref.h) on the stream's host image: the
 * generator's descriptor with hdr_out = 1 (headers are host bytes), the RX-only fields cleared, the full window.
 * The stream must have been built with hdr_out = 1 and dif_op NONE or CHECK_KEEP (so the host image is the
 * wire's headers, payload and PI).
 */
#ifndef MDD_TXCAP_H
#define MDD_TXCAP_H

#include "mdd_trafgen.h"
#include "mdd_txref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 0 on success (r filled; free with mdd_txref_free), -1 if the stream cannot be a TX source or memory runs out. */
int mdd_txcap_transmit(const struct mdd_gen_stream *s, struct mdd_txref_result *r);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXCAP_H */

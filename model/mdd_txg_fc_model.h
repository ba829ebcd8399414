/* SPDX-License-Identifier: MIT */
/*
 * C twin of stage F's control (docs/timing.md section 4, D-074; RTL rtl/mdd_txg_fc.v): which of D's lanes F takes
 * in a cycle, how many host bytes they use, and why the word ends there, from per-lane flags and registered
 * counts, no lane walk.
 *
 * F takes D's word from lane off. A lane uses a host byte if it is HDR, PAY, SPI, or PI other than INSERT's;
 * hl[i], the host lanes before lane i counted from the word's lane 0, comes with the word (computed once per D
 * word, in front of F), and F keeps hl_off = hl[off] and a = avail + hl_off (avail: this transfer's bytes in
 * the host ring) as registers, so lane i's byte is the ring's byte hl[i] - hl_off and it is there iff
 * hl[i] < a: a compare of registered values, no count in the loop. The word ends at the first lane, in lane
 * order, of
 *   - before it: a lane that needs a host byte to exist (swh: a host lane, AFTER, a marker's first byte where a
 *     PDU or a self-framed header's lengths start) with none left: the transfer's end if its tlast is in the
 *     ring (last_in), else a wait for the host's bytes;
 *   - before it: a T3 lane (the first byte of an iSCSI marker inside a header's length bytes, whose value is
 *     read ahead from the ring) that is not F's first lane (T3 reads at F's first lane only); at F's first lane
 *     a T3 lane whose bytes are not read yet (mimg_ok clear): the read needs last_len - p + 1 bytes, fewer than
 *     avail is a wait, or, with tlast in the ring, FRAME; with the bytes there the cycle is the read (T3_READ:
 *     F takes nothing and loads its read-ahead register, and the next cycle the lane is not T3 any more);
 *   - before it: an AFTER lane (a host byte after a descriptor-framed PDU: FRAME);
 *   - before it: a lane of an iSCSI marker whose image is the PDU's length from F's registers less p (not at a
 *     PDU boundary, not T3) while that length's sum, a register computed from F's registers a cycle before, is
 *     stale (plen_ok clear: F's length registers moved in the last cycle, or the transfer changed);
 *   - after it: the MPA header's last length byte (an HDR lane with parse) when lanes follow: the length's
 *     check against the ULP header (FRAME) is then the next cycle's, from a register, and no ring byte enters
 *     the control; iSCSI's last length byte when a marker lane follows in the word (the marker's image needs
 *     the lengths: F's data path then takes them from its registers, never from this cycle's bytes).
 * Each rule is a per-lane flag; the end lane is the first set flag (a priority select). A word with no end lane
 * is taken whole (pop), and then the transfer ends here if its tlast is in the ring, no byte is left and the
 * next word's first lane needs one. hl_end is hl where the taking stops (bytes used: hl_end - hl_off); F's
 * next a is a + the bytes written, less hl_n when the word is taken whole.
 *
 * A transfer that is bad (its descriptor failed a check) or lost (after FRAME) is consumed, not generated:
 * min(avail, W) bytes (hl_end, with hl_off 0), the transfer ending if its tlast is among them.
 *
 * The function is combinational (eval only): F's registers stay in the staged twin, which checks this block
 * against its lane walk every cycle.
 */
#ifndef MDD_TXG_FC_MODEL_H
#define MDD_TXG_FC_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "mdd_rx_word.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    MDD_TXG_FC_POP = 0,     /* the word is taken to its end */
    MDD_TXG_FC_WAIT,        /* host bytes missing: the word waits at lane next */
    MDD_TXG_FC_STOP,        /* the transfer ends before lane next */
    MDD_TXG_FC_T3,          /* a T3 lane after F's first: the next cycle starts with it */
    MDD_TXG_FC_T3_WAIT,     /* T3 at F's first lane, the ring short of the lengths: a wait */
    MDD_TXG_FC_T3_FRAME,    /* T3 at F's first lane with the transfer's bytes short of the lengths */
    MDD_TXG_FC_AFTER,       /* FRAME at an AFTER lane */
    MDD_TXG_FC_LEN,         /* after the last length byte (lane next - 1): MPA's, iSCSI's before a marker */
    MDD_TXG_FC_T3_READ,     /* T3 at F's first lane, the bytes there: F reads them ahead this cycle, takes nothing */
    MDD_TXG_FC_PLEN,        /* an iSCSI marker whose image needs F's length sum, a cycle old and stale (plen_ok) */
    MDD_TXG_FC_WHYS
};

typedef struct mdd_txg_fc_in {
    /* configuration */
    bool mpa;                           /* else iSCSI: the last length byte is PDU offset 1 (MPA) or 7 */
    uint8_t op;                         /* MDD_DIF_* */
    /* F's registers */
    bool consume;                       /* the transfer is bad or lost */
    bool mimg_ok;                       /* the marker at F's first lane has its image (a marker cut by a word's
                                         * end, or a T3 marker read ahead in the last cycles) */
    bool plen_ok;                       /* F's PDU length sum matches its length registers */
    uint8_t avail;                      /* this transfer's bytes in the host ring (at most 3W + 8) */
    uint16_t a;                         /* avail + hl_off (hl_off: F's register, hl[off]; 0 with consume) */
    bool last_in;                       /* the transfer's tlast is in the ring */
    /* D's word: lanes [off, n), with its host-lane counts */
    uint8_t off, n;
    uint8_t cls[MDD_RX_MAX_W];
    uint8_t mb[MDD_RX_MAX_W];           /* marker byte */
    uint64_t boundary, parse;
    uint64_t upto_len;                  /* self-framing and the PDU offset p <= the last length byte's */
    uint64_t mrk_after;                 /* a marker lane follows the lane in the word (lanes i + 1 .. n - 1) */
    uint8_t plow[MDD_RX_MAX_W];         /* p's low 3 bits */
    uint8_t hl[MDD_RX_MAX_W];           /* host lanes before lane i, from lane 0 */
    uint8_t hl_n;                       /* the word's host lanes */
    bool next_v;                        /* a next word is queued behind this one */
    bool next_swh;                      /* its first lane needs a host byte to exist (mdd_txg_stops_without_host) */
} mdd_txg_fc_in;

typedef struct mdd_txg_fc_out {
    uint8_t why;                        /* MDD_TXG_FC_* */
    uint8_t next;                       /* lanes [off, next) taken */
    uint8_t hl_end;                     /* hl where the taking stops: bytes used hl_end - hl_off */
    bool stop;                          /* the transfer ends with this cycle */
    bool idle;                          /* nothing is taken: F's first lane waits (WAIT, T3_WAIT, T3_READ or PLEN
                                         * at lane off) */
    uint64_t host_take;                 /* the host lanes taken, lanes [off, next) that need a host byte (F's
                                         * parse and UPSTREAM gather from them; the RTL makes them without next) */
} mdd_txg_fc_out;

void mdd_txg_fc_eval(unsigned w, const mdd_txg_fc_in *in, mdd_txg_fc_out *out);

#ifdef __cplusplus
}
#endif

#endif /* MDD_TXG_FC_MODEL_H */

// SPDX-License-Identifier: MIT
//
// The harnesses of a CRC unit or engine with several algorithms (RTL ALGS, D-113): draw one algorithm of the
// mask for a message or transfer, and name the mask's algorithms with their counts in a summary line.
#ifndef MDD_LS_CRC_ALGS_H
#define MDD_LS_CRC_ALGS_H

#include "lockstep.h"
#include "mdd/crc.h"

#include <string>

namespace ls {

// mask 0: `single` alone
inline mdd_crc_alg draw_crc_alg(Rng &rng, unsigned mask, mdd_crc_alg single) {
    if (!mask) return single;
    for (;;) {
        unsigned a = (unsigned)rng.below(MDD_CRC_ALG_COUNT);
        if ((mask >> a) & 1) return (mdd_crc_alg)a;
    }
}

// "crc32c (12 what)+crc16-t10dif (9 what)"; mask 0: `single`'s name alone
inline std::string crc_alg_names(unsigned mask, mdd_crc_alg single, const uint64_t counts[MDD_CRC_ALG_COUNT],
                                 const char *what) {
    if (!mask) return mdd_crc_params_of(single)->name;
    std::string s;
    for (unsigned a = 0; a < MDD_CRC_ALG_COUNT; ++a)
        if ((mask >> a) & 1)
            s += (s.empty() ? "" : "+") + std::string(mdd_crc_params_of((mdd_crc_alg)a)->name) + " (" +
                 std::to_string(counts[a]) + " " + what + ")";
    return s;
}

}  // namespace ls

#endif

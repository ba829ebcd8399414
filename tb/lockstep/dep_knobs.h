// SPDX-License-Identifier: MIT
//
// The deposit test environment's knobs (model/mdd_depenv.h), read in one place for the engine's harness
// (tb/lockstep/dep_main.cpp) and the core's (tb/lockstep/core_main.cpp, under the prefix dep.):
//   p_valid p_aw p_w p_b p_evt p_axil (p_res with the combiner)  probabilities of tvalid / the AXI slave's
//                                      readies and B / the event, AXI4-Lite and result consumers
//   b_max        longest B delay in cycles (12)
//   adv_pct      adversarial packets, percent (35)
//   sw_pct       software actions between packets, percent (15)
//   max_len      longest payload in bytes (3000)
//   head_period  software frees ring slots every 1..head_period cycles (200)
// A bench (--bench) fixes them at full rate: nothing stalls, no adversarial packet, no software action, heads every
// cycle; they are still read, so a bad value is an error either way.
#pragma once

#include "lockstep.h"

extern "C" {
#include "mdd_depenv.h"
}

namespace deps {

// a probability as the environment's percent
inline unsigned to_pct(double p) { return p <= 0 ? 0 : p >= 1 ? 100 : (unsigned)(p * 100 + 0.5); }

// c: mdd_depenv_default_cfg's; msg: the engine with the combiner (the result consumer's knob)
inline void read_env_knobs(const ls::Options &d, bool bench, bool msg, mdd_depenv_cfg &c) {
    c.valid_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_valid", 0.85)));
    c.awready_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_aw", 0.75)));
    c.wready_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_w", 0.8)));
    c.bvalid_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_b", 0.8)));
    c.b_delay_max = ls::fixed_if(bench, 0u, (unsigned)d.u64("b_max", 12, 0, 1000000));
    c.evt_ready_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_evt", 0.7)));
    c.axil_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_axil", 0.8)));
    c.adv_pct = ls::fixed_if(bench, 0u, d.pct("adv_pct", 35));
    c.sw_pct = ls::fixed_if(bench, 0u, d.pct("sw_pct", 15));
    c.max_len = (uint32_t)d.u64("max_len", 3000, 0, UINT32_MAX);
    c.head_period = ls::fixed_if(bench, 1u, (unsigned)d.u64("head_period", 200, 1, 1000000000));
    if (msg) c.res_ready_pct = ls::fixed_if(bench, 100u, to_pct(d.prob("p_res", 0.7)));
}

}  // namespace deps

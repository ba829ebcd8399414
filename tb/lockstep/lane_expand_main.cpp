// SPDX-License-Identifier: MIT
//
// Lockstep harness of the lane expansion (rtl/mdd_lane_expand_ctl.v and rtl/mdd_lane_expand.v through
// tb/lockstep/lane_expand_top.v) against its C twin model/mdd_lane_expand_model.c, with a reference of its own:
// every set lane i of the mask must hold compact lane i's rank (the set lanes below i, counted here) of src. The
// block is combinational: every cycle draws a new mask (all, none, one lane, dense, sparse, runs) and src, and
// compares the selects, hl and every lane of dst with the twin (the twin's selects are the closed form, the RTL's a
// compaction network: equal selects mean the network is right for this mask).
//
// Build-time parameter (-D): LANE_EXPAND_W.
// Knobs: inject_fault (a cycle at which the twin's dst is corrupted).
#include "lockstep.h"

#include "Vlane_expand_top.h"

extern "C" {
#include "mdd_lane_expand_model.h"
}

#include <cstring>
#include <memory>
#include <type_traits>

#ifndef LANE_EXPAND_W
#error "LANE_EXPAND_W (lanes) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = LANE_EXPAND_W;
constexpr unsigned kNW = ls::count_bits(kW);

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vlane_expand_top>()), rng_(opt.seed ^ 0xE9A4D5ull),
          fault_(opt.u64("inject_fault", ~0ull)), ng_(mdd_lane_expand_groups(kW)) {
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) { s_dst_ = vcd.add("dst", 8); }
    void model_dump(ls::Vcd &vcd) { vcd.val(s_dst_, dst_[0]); }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        draw();
        top_->mask = (std::remove_reference<decltype(top_->mask)>::type)mask_;
        ls::put_bytes(top_->src, src_, kW);
        top_->eval();
        mdd_lane_expand_ctl(kW, mask_, sel_, hl_);
        mdd_lane_expand(kW, src_, sel_, dst_);
        if (chk.cycle() == fault_) dst_[0] ^= 1;
        compare(chk);
        reference(chk);
        tr.pre();
        tr.post();
        ++cycles_;
        set_lanes_ += (uint64_t)__builtin_popcountll(mask_);
    }

    void summary(FILE *f) const {
        std::fprintf(f, "lane-expand W=%u: %" PRIu64 " masks, %" PRIu64 " set lanes moved, %" PRIu64 " checks\n", kW,
                     cycles_, set_lanes_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    static uint64_t all() { return kW == 64 ? ~0ull : (1ull << kW) - 1; }

    void draw() {
        for (unsigned i = 0; i < kW; ++i) src_[i] = (uint8_t)rng_.below(256);
        switch (rng_.below(10)) {
        case 0: mask_ = all(); break;
        case 1: mask_ = 0; break;
        case 2: mask_ = 1ull << rng_.below(kW); break;
        case 3: mask_ = all() & ~(1ull << rng_.below(kW)); break;
        case 4: {  // a run
            const unsigned a = (unsigned)rng_.below(kW), n = 1 + (unsigned)rng_.below(kW - a);
            mask_ = (n == 64 ? ~0ull : ((1ull << n) - 1)) << a;
            break;
        }
        case 5: mask_ = rng_.next() & rng_.next() & all(); break;  // sparse
        case 6: mask_ = (rng_.next() | rng_.next()) & all(); break; // dense
        default: mask_ = rng_.next() & all(); break;
        }
    }

    void compare(ls::Checker &chk) {
        ls::Bits sel, hl;
        for (unsigned g = 0; g < ng_; ++g)
            for (unsigned q = 0; q < kW; ++q) sel.put(2 * (g * kW + q), 2, sel_[g][q]);
        for (unsigned i = 0; i < kW; ++i) hl.put(kNW * i, kNW, hl_[i]);
        uint8_t rs[128], rh[128], rd[64];
        ls::get_bytes(top_->sel, rs, (2 * ng_ * kW + 7) / 8);
        ls::get_bytes(top_->hl, rh, (kNW * kW + 7) / 8);
        ls::get_bytes(top_->dst, rd, kW);
        chk.eq_bytes("sel", sel.b, rs, (2 * ng_ * kW + 7) / 8);
        chk.eq_bytes("hl", hl.b, rh, (kNW * kW + 7) / 8);
        chk.eq_bytes("dst", dst_, rd, kW);
        checks_ += 3;
    }

    void reference(ls::Checker &chk) {
        unsigned rank = 0;
        for (unsigned i = 0; i < kW; ++i) {
            if (!((mask_ >> i) & 1)) continue;
            if (dst_[i] != src_[rank])
                chk.failf("dst", "mask %016" PRIx64 ": lane %u (set lane %u) holds %02x, expected src lane %u = %02x",
                          mask_, i, rank, dst_[i], rank, src_[rank]);
            ++rank;
        }
        ++checks_;
    }

    std::unique_ptr<Vlane_expand_top> top_;
    ls::Rng rng_;
    uint64_t fault_;
    unsigned ng_;
    uint64_t mask_ = 0;
    uint8_t src_[64] = {0}, dst_[64] = {0}, hl_[MDD_LANE_EXPAND_MAX_W] = {0};
    uint8_t sel_[MDD_LANE_EXPAND_MAX_G][MDD_LANE_EXPAND_MAX_W] = {{0}};
    uint64_t cycles_ = 0, set_lanes_ = 0, checks_ = 0;
    int s_dst_ = 0;
};

}  // namespace

#define LANE_EXPAND_STR2(x) #x
#define LANE_EXPAND_STR(x) LANE_EXPAND_STR2(x)
int main(int argc, char **argv) {
    return ls::run<Bench>(argc, argv, "lockstep-lane-expand-w" LANE_EXPAND_STR(LANE_EXPAND_W));
}

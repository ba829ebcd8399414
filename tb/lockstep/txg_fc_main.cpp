// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_fc.v (stage F's control of the staged TX generator, docs/timing.md section 4,
// D-074) against its C twin model/mdd_txg_fc_model.c. The block is combinational: every cycle draws a new input
// and compares every output. What F's decisions mean is checked elsewhere: the staged twin's suites run this twin
// against F's lane walk and the references on real traffic. This bench reaches what that traffic rarely does: the
// ring short by one byte of a T3 read, MPA length bytes at every lane (the last one too), AFTER and T3 lanes
// anywhere, every DIF operation's PI lanes, F starting anywhere in the word. The word's host-lane counts hl
// (made in front of F) are a count of its host lanes, and a = avail + hl[off], as F's registers hold them.
//
// Build-time parameter (-D): TXG_W.
// Knobs: p_consume (0.1), inject_fault (a cycle at which the twin's why is flipped).
#include "lockstep.h"

#include "Vmdd_txg_fc.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_fc_model.h"
}

#include <cstring>
#include <memory>
#include <type_traits>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kNW = ls::count_bits(kW);  // $clog2(W + 1)
constexpr unsigned kRing = 3 * kW + 8;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_fc>()),
          rng_(opt.seed ^ 0xFC0A7B01ull),
          p_consume_(opt.prob("p_consume", 0.1)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_why_ = vcd.add("why", 4);
        s_next_ = vcd.add("next", 8);
        s_used_ = vcd.add("hl_end", 8);
        s_stop_ = vcd.add("stop", 1);
    }
    void model_dump(ls::Vcd &vcd) {
        vcd.val(s_why_, out_.why);
        vcd.val(s_next_, out_.next);
        vcd.val(s_used_, out_.hl_end);
        vcd.val(s_stop_, out_.stop);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        drive();
        top_->eval();
        mdd_txg_fc_eval(kW, &in_, &out_);
        if (cyc == fault_) out_.why ^= 1;
        compare(chk);
        count();
        tr.pre();
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-fc W=%u: %" PRIu64 " cycles, words ended by: whole %" PRIu64 ", wait %" PRIu64
                        ", transfer end %" PRIu64 ", T3 %" PRIu64 ", T3 wait %" PRIu64 ", T3 FRAME %" PRIu64
                        ", AFTER %" PRIu64 ", after the length %" PRIu64 ", T3 read %" PRIu64 ", length sum stale %"
                        PRIu64 "; consumed %" PRIu64
                        ", stops %" PRIu64
                        ", %" PRIu64 " checks\n",
                     kW, cycles_, whys_[0], whys_[1], whys_[2], whys_[3], whys_[4], whys_[5], whys_[6], whys_[7],
                     whys_[8], whys_[9], consumed_, stops_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.mpa = rng_.chance(0.5);
        in_.op = (uint8_t)rng_.below(5);
        in_.consume = rng_.chance(p_consume_);
        in_.mimg_ok = rng_.chance(0.5);
        in_.plen_ok = rng_.chance(0.8);
        // the ring: mostly a few bytes (the waits and T3 reads), up to full
        switch (rng_.below(4)) {
        case 0: in_.avail = (uint8_t)rng_.below(4); break;
        case 1: in_.avail = (uint8_t)rng_.below(9); break;
        case 2: in_.avail = (uint8_t)rng_.below(kW + 2); break;
        default: in_.avail = (uint8_t)rng_.below(kRing + 1); break;
        }
        in_.last_in = rng_.chance(0.3);
        in_.n = (uint8_t)(rng_.chance(0.6) ? kW : 1 + rng_.below(kW));
        in_.off = (uint8_t)(rng_.chance(0.5) ? 0 : rng_.below(in_.n));
        const unsigned last_len = mdd_txg_last_len(in_.mpa);
        const bool hdr_word = rng_.chance(0.4);  // a header's first bytes, markers inside: T3 and MPA lengths
        unsigned p = (unsigned)rng_.below(last_len + 2);
        for (unsigned i = 0; i < kW; ++i) {
            static const uint8_t any[] = {MDD_TXG_L_MRK, MDD_TXG_L_HDR, MDD_TXG_L_HDIG, MDD_TXG_L_PAY, MDD_TXG_L_PI,
                                          MDD_TXG_L_PAD, MDD_TXG_L_DDIG, MDD_TXG_L_SPI, MDD_TXG_L_PAY, MDD_TXG_L_HDR};
            uint8_t c = hdr_word ? (rng_.chance(0.25) ? MDD_TXG_L_MRK : MDD_TXG_L_HDR) : any[rng_.below(sizeof any)];
            if (rng_.chance(0.02)) c = MDD_TXG_L_AFTER;
            in_.cls[i] = c;
            in_.mb[i] = (uint8_t)(rng_.chance(0.6) ? 0 : rng_.below(8));
            in_.boundary |= (uint64_t)rng_.chance(0.15) << i;
            if (hdr_word) {
                in_.upto_len |= (uint64_t)(p <= last_len) << i;
                in_.parse |= (uint64_t)(p <= last_len && rng_.chance(0.9)) << i;
                in_.plow[i] = (uint8_t)(p & 7);
                if (c != MDD_TXG_L_MRK) ++p;
            } else {
                const bool upto = rng_.chance(0.3);
                in_.upto_len |= (uint64_t)upto << i;
                in_.parse |= (uint64_t)rng_.chance(0.3) << i;
                in_.plow[i] = (uint8_t)(upto ? rng_.below(last_len + 1) : rng_.below(8));
            }
        }
        unsigned hl = 0;
        for (unsigned i = 0; i < kW; ++i) {
            in_.hl[i] = (uint8_t)hl;
            hl += i < in_.n && mdd_txg_needs_host(in_.op, in_.cls[i]);
        }
        in_.hl_n = (uint8_t)hl;
        bool mrk_later = false;  // a marker lane after lane i, inside the word (mostly; now and then any bits)
        for (unsigned i = kW; i-- > 0;) {
            in_.mrk_after |= (uint64_t)mrk_later << i;
            mrk_later = mrk_later || (i < in_.n && in_.cls[i] == MDD_TXG_L_MRK);
        }
        if (rng_.chance(0.05)) in_.mrk_after = rng_.next();
        in_.a = (uint16_t)(in_.avail + (in_.consume ? 0 : in_.hl[in_.off]));
        in_.next_v = rng_.chance(0.5);
        in_.next_swh = rng_.chance(0.5);
    }

    void drive() {
        top_->cfg_mpa = in_.mpa;
        top_->cfg_op = in_.op;
        top_->consume = in_.consume;
        top_->mimg_ok = in_.mimg_ok;
        top_->plen_ok = in_.plen_ok;
        top_->avail = in_.avail;
        top_->a = in_.a;
        top_->last_in = in_.last_in;
        top_->off = in_.off;
        top_->n = in_.n;
        ls::Bits cls, mb, plow, hl;
        for (unsigned i = 0; i < kW; ++i) {
            cls.put(4 * i, 4, in_.cls[i]);
            mb.put(3 * i, 3, in_.mb[i]);
            plow.put(3 * i, 3, in_.plow[i]);
            hl.put(kNW * i, kNW, in_.hl[i]);
        }
        ls::put_bytes(top_->cls, cls.b, kW / 2);
        ls::put_bytes(top_->mb, mb.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->plow, plow.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->hl, hl.b, (kNW * kW + 7) / 8);
        top_->hl_n = in_.hl_n;
        top_->boundary = (std::remove_reference<decltype(top_->boundary)>::type)lanes(in_.boundary);
        top_->parse = (std::remove_reference<decltype(top_->parse)>::type)lanes(in_.parse);
        top_->upto_len = (std::remove_reference<decltype(top_->upto_len)>::type)lanes(in_.upto_len);
        top_->mrk_after = (std::remove_reference<decltype(top_->mrk_after)>::type)lanes(in_.mrk_after);
        top_->next_v = in_.next_v;
        top_->next_swh = in_.next_swh;
    }

    static uint64_t lanes(uint64_t x) { return kW == 64 ? x : x & ((1ull << kW) - 1); }

    void compare(ls::Checker &chk) {
        chk.eq("why", out_.why, top_->why);
        chk.eq("next", out_.next, top_->next);
        chk.eq("hl_end", out_.hl_end, top_->hl_end);
        chk.eq("stop", out_.stop, top_->stop);
        chk.eq("idle", out_.idle, top_->idle);
        chk.eq("host_take", lanes(out_.host_take), (uint64_t)top_->host_take);
        checks_ += 6;
    }

    void count() {
        ++whys_[out_.why & 15];
        consumed_ += in_.consume;
        stops_ += out_.stop;
    }

    std::unique_ptr<Vmdd_txg_fc> top_;
    mdd_txg_fc_in in_{};
    mdd_txg_fc_out out_{};
    ls::Rng rng_;
    double p_consume_;
    uint64_t fault_;
    uint64_t cycles_ = 0, whys_[16] = {0}, consumed_ = 0, stops_ = 0, checks_ = 0;
    int s_why_ = 0, s_next_ = 0, s_used_ = 0, s_stop_ = 0;
};

}  // namespace

#define TXG_FC_STR2(x) #x
#define TXG_FC_STR(x) TXG_FC_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-fc-w" TXG_FC_STR(TXG_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_hbuf.v (the staged TX generator's host byte ring, docs/timing.md section 4,
// D-075) against its C twin model/mdd_txg_hbuf_model.c, with a scoreboard of its own: the bench keeps every byte
// it handed over (an AXI4-Stream source that holds a beat until tready) in order, with its tuser mark and the
// transfers' ends, and consumes like stage F: up to W bytes of the current transfer a cycle (rd advances), the
// transfer ended (pop) only when its tlast is in the ring and all its bytes are taken, the window read from a
// base up to W bytes behind rd. Every window byte between rd and wr must be the next bytes of the stream, e0 / e1
// the transfers' ends, wr - rd never more than the ring; a run with bytes or transfers pending and no progress
// for 2000 cycles fails. Beats: full, with holes, null, short tails, tuser, tlast at any beat; resets mid-stream.
//
// Build-time parameter (-D): TXG_W.
// Knobs: p_valid (0.7), p_take (0.8: F takes bytes this cycle), p_full (0.6: F takes all it can), p_rst
// (0.0005), inject_fault (a cycle at which the twin's wr is corrupted).
#include "lockstep.h"

#include "Vmdd_txg_hbuf.h"

extern "C" {
#include "mdd_txg_hbuf_model.h"
}

#include <cstring>
#include <deque>
#include <memory>
#include <type_traits>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kR = 4;
constexpr unsigned kRing = kR * kW;
constexpr unsigned kWin = kW + 8;
constexpr unsigned kPtrMask = 2 * kRing - 1;
static_assert(kW == 4 || kW == 8 || kW == 16 || kW == 32 || kW == 64, "W: 4, 8, 16, 32 or 64");

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_hbuf>()),
          rng_(opt.seed ^ 0x4B0F5EEDull),
          p_valid_(opt.prob("p_valid", 0.7)),
          p_take_(opt.prob("p_take", 0.8)),
          p_full_(opt.prob("p_full", 0.6)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        if (mdd_txg_hbuf_model_init(&model_, kW, kR, 0) != 0) ls::Options::die("W=%u not supported", kW);
        top_->clk = 0;
        top_->rst = 1;
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_ready_ = vcd.add("s_tready", 1);
        s_rd_ = vcd.add("rd", 16);
        s_wr_ = vcd.add("wr", 16);
        s_end0_ = vcd.add("end0", 1);
        s_e0_ = vcd.add("e0", 16);
        s_inv_ = vcd.add("in_v", 1);
    }
    void model_dump(ls::Vcd &vcd) {
        vcd.val(s_ready_, out_.s_tready);
        vcd.val(s_rd_, out_.rd);
        vcd.val(s_wr_, out_.wr);
        vcd.val(s_end0_, out_.end0);
        vcd.val(s_e0_, out_.e0);
        vcd.val(s_inv_, out_.in_v);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        // the source's beat and the reset first; F's side looks at the registers
        draw_beat();
        std::memset(&in_, 0, sizeof in_);
        in_.rst = cyc < 2 || rng_.chance(p_rst_);
        if (have_beat_) {
            std::memcpy(in_.s_tdata, beat_.data, kW);
            in_.s_tkeep = beat_.keep;
            in_.s_tuser = beat_.user;
            in_.s_tlast = beat_.last;
            in_.s_tvalid = true;
        }
        drive_source();
        top_->clk = 0;
        top_->eval();
        draw_consumer();
        drive_consumer();
        top_->eval();
        mdd_txg_hbuf_eval(&model_, &in_, &out_);
        if (cyc == fault_) out_.wr ^= 1;
        compare(chk);
        if (!in_.rst) score(chk);
        const bool handshake = in_.s_tvalid && out_.s_tready;
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_hbuf_tick(&model_, &in_);
        tr.post();
        after_edge(chk, handshake);
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-hbuf W=%u: %" PRIu64 " cycles, %" PRIu64 " beats (%" PRIu64 " with holes, %" PRIu64
                        " null), %" PRIu64 " bytes in, %" PRIu64 " taken, %" PRIu64 " transfers ended, %" PRIu64
                        " resets, tready low %" PRIu64 " (with a beat waiting %" PRIu64 "), two ends in the ring %"
                        PRIu64 " cycles, ring full %" PRIu64 ", %" PRIu64 " checks\n",
                     kW, cycles_, beats_, holes_, nulls_, bytes_in_, bytes_taken_, pops_, resets_, not_ready_,
                     stalls_, two_ends_, full_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    struct Beat {
        uint8_t data[64];
        uint64_t keep;
        bool user, last;
    };
    struct Byte {
        uint8_t v;
        bool up;
    };

    static uint64_t all_lanes() { return kW == 64 ? ~0ull : (1ull << kW) - 1; }

    void draw_beat() {
        if (have_beat_ || !rng_.chance(p_valid_)) return;
        for (unsigned i = 0; i < kW; ++i) beat_.data[i] = (uint8_t)rng_.below(256);
        switch (rng_.below(20)) {
        case 0: beat_.keep = 0; ++nulls_; break;
        case 1: case 2: case 3: case 4:
            beat_.keep = rng_.next() & all_lanes();
            if (beat_.keep != all_lanes()) ++holes_;
            break;
        case 5: case 6: case 7: beat_.keep = all_lanes() >> rng_.below(kW); break;  // a tail
        default: beat_.keep = all_lanes(); break;
        }
        beat_.user = rng_.chance(0.1);
        // transfers of one beat to many (two ends in the ring need short ones)
        beat_.last = rng_.chance(xfer_short_ ? 0.5 : 0.08);
        if (beat_.last) xfer_short_ = rng_.chance(0.3);
        have_beat_ = true;
        ++beats_;
    }

    void drive_source() {
        top_->rst = in_.rst;
        ls::put_bytes(top_->s_tdata, in_.s_tdata, kW);
        top_->s_tkeep = (std::remove_reference<decltype(top_->s_tkeep)>::type)(in_.s_tkeep & all_lanes());
        top_->s_tuser = in_.s_tuser;
        top_->s_tlast = in_.s_tlast;
        top_->s_tvalid = in_.s_tvalid;
    }

    // F's side: from the RTL's registers (the twin's are compared every cycle)
    void draw_consumer() {
        const unsigned rd = top_->rd, wr = top_->wr;
        const unsigned lim = top_->end0 ? (unsigned)top_->e0 : wr;
        const unsigned avail = (lim - rd) & kPtrMask;
        unsigned take = 0;
        if (!in_.rst && avail && rng_.chance(p_take_)) {
            const unsigned most = avail < kW ? avail : kW;
            take = rng_.chance(p_full_) ? most : 1 + (unsigned)rng_.below(most);
        }
        in_.take = take;
        in_.pop = !in_.rst && top_->end0 && take == avail && rng_.chance(0.7);
        in_.rd_base = (rd - (unsigned)rng_.below(kW + 1)) & (kRing - 1);
    }

    void drive_consumer() {
        top_->take = in_.take;
        top_->pop = in_.pop;
        top_->rd_base = in_.rd_base;
    }

    void compare(ls::Checker &chk) {
        chk.eq("s_tready", out_.s_tready, top_->s_tready);
        chk.eq("rd", out_.rd, top_->rd);
        chk.eq("wr", out_.wr, top_->wr);
        chk.eq("end0", out_.end0, top_->end0);
        chk.eq("e0", out_.e0, top_->e0);
        chk.eq("end1", out_.end1, top_->end1);
        chk.eq("e1", out_.e1, top_->e1);
        chk.eq("avail0", out_.avail0, top_->avail0);
        chk.eq("in_v", out_.in_v, top_->in_v);
        if (out_.in_v) {
            chk.eq("in_k", out_.in_k, top_->in_k);
            chk.eq("in_last", out_.in_last, top_->in_last);
        }
        uint8_t win[kWin], up[(kWin + 7) / 8], mup[(kWin + 7) / 8] = {0};
        ls::get_bytes(top_->win, win, kWin);
        ls::get_bytes(top_->win_up, up, (kWin + 7) / 8);
        for (unsigned j = 0; j < kWin; ++j) mup[j / 8] |= (uint8_t)(out_.win_up[j] << (j % 8));
        chk.eq_bytes("win", out_.win, win, kWin);
        chk.eq_bytes("win_up", mup, up, (kWin + 7) / 8);
        checks_ += 10;
    }

    // the scoreboard: the ring against the stream handed over
    void score(ls::Checker &chk) {
        const unsigned rd = out_.rd, wr = out_.wr;
        const unsigned in_ring = (wr - rd) & kPtrMask;
        if (in_ring > kRing) chk.failf("ring", "wr - rd = %u, more than the ring's %u bytes", in_ring, kRing);
        if (in_ring > stream_.size())
            chk.failf("ring", "wr - rd = %u bytes, but only %zu handed over and not taken", in_ring, stream_.size());
        const unsigned back = (rd - in_.rd_base) & (kRing - 1);
        for (unsigned j = 0; j < kWin; ++j) {
            if (j < back || j - back >= in_ring) continue;
            const Byte &b = stream_[j - back];
            if (out_.win[j] != b.v || out_.win_up[j] != b.up)
                chk.failf("win", "window byte %u (ring byte %u after rd, base %u behind): expected %02x up %d, got "
                                 "%02x up %d", j, j - back, back, b.v, b.up, out_.win[j], out_.win_up[j]);
        }
        ++checks_;
        // the ends: e0 the current transfer's, e1 the next one's, each set only once its bytes are all in
        for (unsigned k = 0; k < 2; ++k) {
            const bool end = k ? out_.end1 : out_.end0;
            if (!end) continue;
            if (ends_.size() <= k) {
                chk.failf(k ? "end1" : "end0", "set with %zu transfer end(s) handed over", ends_.size());
                continue;
            }
            const unsigned e = k ? out_.e1 : out_.e0;
            const uint64_t want = ends_[k] - taken_;
            if (((e - rd) & kPtrMask) != want || want > in_ring)
                chk.failf(k ? "e1" : "e0", "transfer end %u bytes after rd, expected %" PRIu64 " (%u in the ring)",
                          (e - rd) & kPtrMask, want, in_ring);
        }
        if (out_.end1 && !out_.end0) chk.fail("end1", "the next transfer's end without the current one's");
        if (out_.end0 && out_.s_tready && out_.end1 && out_.in_v) chk.fail("in_v", "a word entered with two ends in");
        checks_ += 2;
    }

    void after_edge(ls::Checker &chk, bool handshake) {
        if (in_.rst) {
            stream_.clear();
            ends_.clear();
            taken_ = handed_ = 0;
            ++resets_;
            if (handshake) have_beat_ = false;  // the beat offered in the reset cycle is dropped
            idle_ = 0;
            return;
        }
        bool progress = false;
        if (in_.take) {
            for (unsigned i = 0; i < in_.take; ++i) stream_.pop_front();
            taken_ += in_.take;
            bytes_taken_ += in_.take;
            progress = true;
        }
        if (in_.pop) {
            if (ends_.empty() || ends_.front() != taken_)
                chk.failf("pop", "the bench ended a transfer at byte %" PRIu64 " whose end is not there", taken_);
            else
                ends_.pop_front();
            ++pops_;
            progress = true;
        }
        if (handshake) {
            bool first = true;
            for (unsigned i = 0; i < kW; ++i) {
                if (!((beat_.keep >> i) & 1)) continue;
                stream_.push_back(Byte{beat_.data[i], beat_.user && first});
                first = false;
                ++handed_;
                ++bytes_in_;
            }
            if (beat_.last) ends_.push_back(handed_);
            have_beat_ = false;
            progress = true;
        }
        if (out_.end1) ++two_ends_;
        if (((out_.wr - out_.rd) & kPtrMask) > kRing - kW) ++full_;
        if (!out_.s_tready) {
            ++not_ready_;
            stalls_ += in_.s_tvalid;
        }
        idle_ = progress || (stream_.empty() && ends_.empty() && !have_beat_) ? 0 : idle_ + 1;
        if (idle_ == 2000) chk.failf("progress", "no byte taken, transfer ended or beat accepted for 2000 cycles "
                                                 "(%zu bytes and %zu ends pending)", stream_.size(), ends_.size());
    }

    std::unique_ptr<Vmdd_txg_hbuf> top_;
    mdd_txg_hbuf_model model_{};
    mdd_txg_hbuf_in in_{};
    mdd_txg_hbuf_out out_{};
    ls::Rng rng_;
    double p_valid_, p_take_, p_full_, p_rst_;
    uint64_t fault_;
    Beat beat_{};
    bool have_beat_ = false, xfer_short_ = false;
    std::deque<Byte> stream_;     // handed over, not taken
    std::deque<uint64_t> ends_;   // transfer ends (bytes handed over before them), not yet popped
    uint64_t taken_ = 0, handed_ = 0, idle_ = 0;
    uint64_t cycles_ = 0, beats_ = 0, holes_ = 0, nulls_ = 0, bytes_in_ = 0, bytes_taken_ = 0, pops_ = 0,
             resets_ = 0, not_ready_ = 0, stalls_ = 0, two_ends_ = 0, full_ = 0, checks_ = 0;
    int s_ready_ = 0, s_rd_ = 0, s_wr_ = 0, s_end0_ = 0, s_e0_ = 0, s_inv_ = 0;
};

}  // namespace

#define TXG_HB_STR2(x) #x
#define TXG_HB_STR(x) TXG_HB_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-hbuf-w" TXG_HB_STR(TXG_W)); }

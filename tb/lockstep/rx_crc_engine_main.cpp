// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_crc_engine.v against its twin model/mdd_rx_crc_engine_model.c.
//
// Stimulus: a stream of transfers; each word carries random data, a random include mask and 0, 1 or 2 end
// bits (never an included lane after the second end, the engine's input contract); a transfer's last word
// closes it; a transfer may start with a seed (resuming a message, possibly the partial the engine returned).
// A consumer stores each accepted word's result count (s_nend + s_part) and pops exactly that many results,
// with random delays, like the RX checker. Every output of RTL and twin is compared on every cycle.
// Independently, a scoreboard keeps every message's bytes and recomputes its CRC with mdd_crc_update() from
// its seed: each popped result must equal it, in order; the counts s_nend/s_part must equal the scoreboard's
// (ends in the word; a partial exactly when the closed message has a byte or a seed).
//
// Build-time parameters (-D): ENGINE_W, ENGINE_ALG, ENGINE_DEPTH, ENGINE_ALGS (the Verilated -G values; ALGS != 0:
// every transfer draws one algorithm of the mask as its words' s_alg, the check stage's guard engine with the
// transfer's PI format, and each message is checked with its transfer's algorithm, seeded with s_seed's low bits).
// Knobs: p_valid, p_pop (probabilities per cycle), p_reset, p_close (per word), p_seed (per transfer).
#include "crc_algs.h"
#include "lockstep.h"

#include "Vmdd_rx_crc_engine.h"
#include "mdd_rx_crc_engine_model.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef ENGINE_W
#error "ENGINE_W must match the Verilated parameter W"
#endif
#ifndef ENGINE_ALG
#error "ENGINE_ALG must match the Verilated parameter CRC_ALG"
#endif
#ifndef ENGINE_DEPTH
#error "ENGINE_DEPTH must match the Verilated parameter DEPTH"
#endif
#ifndef ENGINE_ALGS
#define ENGINE_ALGS 0
#endif

namespace {

constexpr unsigned kW = ENGINE_W;
constexpr mdd_crc_alg kAlg = (mdd_crc_alg)ENGINE_ALG;
constexpr unsigned kAlgs = ENGINE_ALGS;  // 0: kAlg alone

using ls::put_bytes;

}  // namespace

class EngineBench {
  public:
    explicit EngineBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_rx_crc_engine) {
        if ((kAlgs ? mdd_rx_crc_engine_model_init_algs(&model_, kW, kAlgs, ENGINE_DEPTH)
                   : mdd_rx_crc_engine_model_init(&model_, kW, kAlg, ENGINE_DEPTH)) != 0)
            ls::Options::die("bad model parameters");
        all_ = kW == 64 ? ~0ull : ((1ull << kW) - 1);
        crc_mask_ = model_.unit[0].crc_mask;  // the widest algorithm's
        p_valid_ = opt.prob("p_valid", 0.8);
        fixed_pop_ = opt.has("p_pop");
        p_pop_ = opt.prob("p_pop", 0.8);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        p_reset_ = opt.prob("p_reset", 2e-5);
        p_close_ = opt.prob("p_close", 0.1);
        p_seed_ = opt.prob("p_seed", 0.5);
        in_ = mdd_rx_crc_engine_in();
        top_->clk = 0;
    }
    ~EngineBench() { top_->final(); }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.s_valid = vcd.add("s_valid", 1);
        sig_.s_incl = vcd.add("s_incl", kW);
        sig_.s_end = vcd.add("s_end", kW);
        sig_.s_close = vcd.add("s_close", 1);
        sig_.s_ready = vcd.add("s_ready", 1);
        sig_.m_res0 = vcd.add("m_res0", crc_mask_ == ~0ull ? 64 : (unsigned)__builtin_popcountll(crc_mask_));
        sig_.m_res0_valid = vcd.add("m_res0_valid", 1);
        sig_.m_pop = vcd.add("m_pop", 2);
    }
    void model_dump(ls::Vcd &vcd) {
        mdd_rx_crc_engine_out o;
        mdd_rx_crc_engine_eval(&model_, &in_, &o);
        vcd.val(sig_.rst, in_.rst);
        vcd.val(sig_.s_valid, in_.s_valid);
        vcd.val(sig_.s_incl, in_.s_incl);
        vcd.val(sig_.s_end, in_.s_end);
        vcd.val(sig_.s_close, in_.s_close);
        vcd.val(sig_.s_ready, o.s_ready);
        vcd.val(sig_.m_res0, o.m_res0);
        vcd.val(sig_.m_res0_valid, o.m_res0_valid);
        vcd.val(sig_.m_pop, in_.m_pop);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);
        // the consumer decides its pop from this cycle's outputs (combinational, as the checker will)
        mdd_rx_crc_engine_out mo;
        in_.m_pop = 0;
        mdd_rx_crc_engine_eval(&model_, &in_, &mo);
        in_.m_pop = consumer_pop(mo);

        top_->rst = in_.rst;
        top_->s_valid = in_.s_valid;
        put_bytes(top_->s_data, in_.s_data, kW);
        top_->s_incl = in_.s_incl;
        top_->s_end = in_.s_end;
        top_->s_close = in_.s_close;
        top_->s_seed_en = in_.s_seed_en;
        top_->s_seed = in_.s_seed;
        top_->s_alg = in_.s_alg;
        top_->m_pop = in_.m_pop;
        top_->clk = 0;
        top_->eval();
        mdd_rx_crc_engine_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_res0 ^= 1;  // harness self-test: must be caught

        chk.eq("s_ready", mo.s_ready, top_->s_ready);
        chk.eq("s_nend", mo.s_nend, top_->s_nend);
        chk.eq("s_part", mo.s_part, top_->s_part);
        chk.eq("m_res0", mo.m_res0, (uint64_t)top_->m_res0);
        chk.eq("m_res0_valid", mo.m_res0_valid, top_->m_res0_valid);
        chk.eq("m_res1", mo.m_res1, (uint64_t)top_->m_res1);
        chk.eq("m_res1_valid", mo.m_res1_valid, top_->m_res1_valid);

        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        uint64_t pe = model_.pop_errors;
        mdd_rx_crc_engine_tick(&model_, &in_);
        if (model_.pop_errors != pe) chk.fail("consumer", "popped a result that was not valid");
        tr.post();
    }

    void summary(FILE *f) const {
        std::string algs = ls::crc_alg_names(kAlgs, kAlg, alg_msgs_, "results");
        std::fprintf(f,
                     "rx-crc-engine W=%u alg=%s: %" PRIu64 " words, %" PRIu64 " messages ended, %" PRIu64
                     " partials, %" PRIu64 " seeded, %" PRIu64 " words with two ends, %" PRIu64
                     " input stalls, %" PRIu64 " resets, %" PRIu64 " results checked\n",
                     kW, algs.c_str(), words_, ends_, partials_, seeded_, two_ends_, stalls_, resets_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    struct Msg {
        bool seeded = false;
        uint64_t seed = 0;
        std::vector<uint8_t> bytes;
        // alg: the transfer's (a message never leaves its transfer); the seed's bits above its width are noise
        uint64_t crc(mdd_crc_alg alg) const {
            return mdd_crc_update(alg, seeded ? (seed & mdd_crc_mask(alg)) : mdd_crc_empty(alg), bytes.data(),
                                  bytes.size());
        }
        bool content() const { return seeded || !bytes.empty(); }
    };

    void draw_word() {
        for (unsigned i = 0; i < kW; ++i) in_.s_data[i] = (uint8_t)rng_.next();
        uint64_t r = rng_.below(8);
        uint64_t incl = r == 0 ? 0 : r == 1 ? all_ : r < 4 ? (rng_.next() & rng_.next() & all_) : (rng_.next() & all_);
        uint64_t end = 0;
        uint64_t e = rng_.below(10);
        if (e >= 5) {
            unsigned p1 = (unsigned)rng_.below(kW);
            end = 1ull << p1;
            if (e >= 8 && p1 + 1 < kW) {
                unsigned p2 = p1 + 1 + (unsigned)rng_.below(kW - p1 - 1);
                end |= 1ull << p2;
                uint64_t upto2 = p2 == 63 ? ~0ull : ((1ull << (p2 + 1)) - 1);
                incl &= upto2;  // no included lane after the second end
            }
        }
        in_.s_incl = incl;
        in_.s_end = end;
        in_.s_close = rng_.chance(p_close_);
        bool first = next_first_;
        if (first) xfer_alg_ = ls::draw_crc_alg(rng_, kAlgs, kAlg);
        in_.s_alg = xfer_alg_;
        in_.s_seed_en = first && rng_.chance(p_seed_);
        in_.s_seed = rng_.next() & crc_mask_;
        if (in_.s_seed_en && have_partial_ && partial_alg_ == xfer_alg_ && rng_.chance(0.5))
            in_.s_seed = last_partial_;  // chain a resume
    }

    void draw_inputs(uint64_t cyc) {
        // phases of slow consumption fill the result FIFOs, so the credit stall is exercised
        if (!fixed_pop_ && cyc % 5000 == 0) {
            static const double kLevels[4] = {1.0, 0.8, 0.3, 0.05};
            p_pop_ = kLevels[rng_.below(4)];
        }
        if (reset_left_ > 0) {
            --reset_left_;
        } else if (cyc < 2 || rng_.chance(p_reset_)) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            in_.rst = true;
            ++resets_;
        } else {
            in_.rst = false;
        }
        if (reset_left_ > 0) in_.rst = true;
        if (!held_ && rng_.chance(p_valid_)) {
            draw_word();
            held_ = true;
        }
        in_.s_valid = held_;
    }

    unsigned consumer_pop(const mdd_rx_crc_engine_out &mo) {
        if (in_.rst || pending_.empty() || !rng_.chance(p_pop_)) return 0;
        unsigned n = pending_.front();
        if (n == 0) return 0;  // (zero-result words are dropped by the scoreboard directly)
        if (!mo.m_res0_valid || (n == 2 && !mo.m_res1_valid)) return 0;
        return n;
    }

    void scoreboard(ls::Checker &chk, const mdd_rx_crc_engine_out &mo) {
        if (in_.rst) {
            held_ = false;
            next_first_ = true;
            pending_.clear();
            expected_.clear();
            cur_ = Msg();
            have_partial_ = false;
            return;
        }
        // results popped this cycle
        if (in_.m_pop) {
            uint64_t got[2] = {mo.m_res0, mo.m_res1};
            for (unsigned k = 0; k < in_.m_pop; ++k) {
                if (expected_.empty()) {
                    chk.fail("scoreboard", "result popped with none expected");
                    break;
                }
                if (got[k] != expected_.front())
                    chk.fail("scoreboard", "result 0x" + hex(got[k]) + ", expected 0x" + hex(expected_.front()));
                ++checks_;
                expected_.pop_front();
            }
            pending_.pop_front();
        }
        while (!pending_.empty() && pending_.front() == 0) pending_.pop_front();

        if (!in_.s_valid) return;
        if (!mo.s_ready) {
            ++stalls_;
            return;
        }
        // accepted word: walk the lanes like the stream semantics say
        const mdd_crc_alg alg = kAlgs ? (mdd_crc_alg)in_.s_alg : kAlg;
        held_ = false;
        ++words_;
        if (in_.s_seed_en) {
            cur_.seeded = true;
            cur_.seed = in_.s_seed;
            ++seeded_;
        }
        unsigned nend = 0;
        for (unsigned i = 0; i < kW; ++i) {
            if ((in_.s_incl >> i) & 1) cur_.bytes.push_back(in_.s_data[i]);
            if ((in_.s_end >> i) & 1) {
                expected_.push_back(cur_.crc(alg));
                ++alg_msgs_[alg];
                cur_ = Msg();
                ++nend;
                ++ends_;
            }
        }
        if (nend == 2) ++two_ends_;
        bool part = false;
        if (in_.s_close) {
            if (cur_.content()) {
                part = true;
                last_partial_ = cur_.crc(alg);
                partial_alg_ = alg;
                ++alg_msgs_[alg];
                have_partial_ = true;
                expected_.push_back(last_partial_);
                ++partials_;
            }
            cur_ = Msg();
        }
        next_first_ = in_.s_close;
        chk.eq("s_nend(scoreboard)", nend, mo.s_nend);
        chk.eq("s_part(scoreboard)", part, mo.s_part);
        checks_ += 2;
        pending_.push_back(nend + (part ? 1 : 0));
    }

    static std::string hex(uint64_t v) {
        char b[24];
        std::snprintf(b, sizeof b, "%" PRIx64, v);
        return b;
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_rx_crc_engine> top_;
    mdd_rx_crc_engine_model model_{};
    mdd_rx_crc_engine_in in_{};
    uint64_t all_ = 0, crc_mask_ = 0;
    double p_valid_, p_pop_, p_reset_, p_close_, p_seed_;
    bool fixed_pop_ = false;
    int64_t inject_fault_ = -1;
    unsigned reset_left_ = 0;
    bool held_ = false, next_first_ = true, have_partial_ = false;
    uint64_t last_partial_ = 0;
    mdd_crc_alg xfer_alg_ = kAlg, partial_alg_ = kAlg;
    uint64_t alg_msgs_[MDD_CRC_ALG_COUNT] = {};
    Msg cur_;
    std::deque<unsigned> pending_;
    std::deque<uint64_t> expected_;
    uint64_t words_ = 0, ends_ = 0, partials_ = 0, seeded_ = 0, two_ends_ = 0, stalls_ = 0, resets_ = 0, checks_ = 0;
    struct {
        int rst, s_valid, s_incl, s_end, s_close, s_ready, m_res0, m_res0_valid, m_pop;
    } sig_{};
};

#define ENGINE_STR_(x) #x
#define ENGINE_STR(x) ENGINE_STR_(x)

#if ENGINE_ALGS
#define ENGINE_CFG "m" ENGINE_STR(ENGINE_ALGS)
#else
#define ENGINE_CFG "a" ENGINE_STR(ENGINE_ALG)
#endif

int main(int argc, char **argv) {
    return ls::run<EngineBench>(argc, argv, "lockstep-rx-crc-engine-" ENGINE_CFG "-w" ENGINE_STR(ENGINE_W));
}

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_crc_unit.v against its C twin model/mdd_crc_unit_model.c.
//
// Every cycle: random stimulus (AXI-Stream rules: a presented word stays until it is taken), both sides
// evaluated, every output compared (valid or not), both clocked. Independently of the twin, a scoreboard
// recomputes every message's CRC from exactly the included bytes with mdd_crc_update() (or, for a message
// that resumes a delivered result, mdd_crc() of the two messages' bytes concatenated) and checks that results
// come out in order with their tags.
//
// Build-time parameters (-D): CRC_UNIT_W, CRC_UNIT_ALG, CRC_UNIT_USER_W, CRC_UNIT_ALGS (the Verilated -G values;
// ALGS != 0: the unit computes every algorithm of that mask, each message draws one of them as its s_alg, and
// the scoreboard checks the result with that algorithm, its seed the low bits of s_seed).
// Knobs (key=value, or lines of a --scenario file):
//   p_valid, p_ready     probability of s_tvalid / m_tready per cycle; default: a new pair every `phase`
//                        cycles from {1, 0.95, 0.7, 0.3}
//   phase                cycles per stall phase (default 5000)
//   p_reset              probability per cycle of a reset pulse (1..3 cycles) (default 2e-5)
//   p_seed               probability that a message starts from s_seed (default 0.5)
//   p_chain              probability that a message resumes the last delivered result (default 0.2)
//   len_mode             0 mixed (default), 1 one word per message, 2 short, 3 long messages
//   mask_mode            -1 mixed per message (default) or one of 0..7 (see draw_mask)
//   min_words            fail unless this many words were accepted by the end (default 0)
//   require_coverage     1: fail at the end unless resets, stalls, two-word ends, empty messages and
//                        resumed messages all occurred (default 1 when cycles >= 200000)
//   inject_fault         cycle at which the harness corrupts the twin's m_crc (self-test of the harness)
//   vectors              write per-cycle inputs and twin outputs here for the Icarus bench
#include "crc_algs.h"
#include "lockstep.h"

#include "Vmdd_crc_unit.h"
#include "mdd_crc_unit_model.h"

#include <algorithm>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef CRC_UNIT_W
#error "CRC_UNIT_W (bytes per word) must match the Verilated parameter W"
#endif
#ifndef CRC_UNIT_ALG
#error "CRC_UNIT_ALG must match the Verilated parameter CRC_ALG"
#endif
#ifndef CRC_UNIT_USER_W
#error "CRC_UNIT_USER_W must match the Verilated parameter USER_W"
#endif
#ifndef CRC_UNIT_ALGS
#define CRC_UNIT_ALGS 0
#endif

namespace {

constexpr unsigned kW = CRC_UNIT_W;
constexpr mdd_crc_alg kAlg = (mdd_crc_alg)CRC_UNIT_ALG;
constexpr unsigned kUserW = CRC_UNIT_USER_W;
constexpr unsigned kAlgs = CRC_UNIT_ALGS;  // 0: kAlg alone

using ls::put_bytes;

struct Expected {
    mdd_crc_alg alg;
    uint64_t crc;
    uint32_t user;
    uint64_t message;             // serial number, for messages
    uint64_t accepted;            // cycle in which the last word was accepted
    bool resumable;               // the CRC stands for exactly `covers`, so a later message may resume it
    std::vector<uint8_t> covers;  // all bytes the CRC covers (a resumed message's predecessors included)
};

constexpr size_t kMaxResumeBytes = 4096;  // keep the concatenation checks cheap

}  // namespace

class CrcUnitBench {
  public:
    explicit CrcUnitBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_crc_unit) {
        static_assert(sizeof(top_->s_tdata) * 8 >= 8 * kW, "s_tdata narrower than CRC_UNIT_W bytes");
        if ((kAlgs ? mdd_crc_unit_model_init_algs(&model_, kW, kAlgs, kUserW)
                   : mdd_crc_unit_model_init(&model_, kW, kAlg, kUserW)) != 0)
            ls::Options::die("bad model parameters W=%u alg=%d algs=%u user_w=%u", kW, (int)kAlg, kAlgs, kUserW);
        crc_mask_ = model_.crc_mask;  // the widest algorithm's
        user_mask_ = kUserW == 32 ? 0xffffffffu : ((1u << kUserW) - 1);
        keep_all_ = kW == 64 ? ~0ull : ((1ull << kW) - 1);
        fixed_valid_ = opt.has("p_valid");
        fixed_ready_ = opt.has("p_ready");
        p_valid_ = opt.prob("p_valid", 1.0);
        p_ready_ = opt.prob("p_ready", 1.0);
        phase_ = opt.u64("phase", 5000, 1, UINT64_MAX);
        p_reset_ = opt.prob("p_reset", 2e-5);
        p_seed_ = opt.prob("p_seed", 0.5);
        p_chain_ = opt.prob("p_chain", 0.2);
        len_mode_ = (int)opt.i64("len_mode", 0, 0, 3);
        mask_mode_ = (int)opt.i64("mask_mode", -1, -1, 7);
        min_words_ = opt.u64("min_words", 0);
        require_coverage_ = opt.flag("require_coverage", opt.cycles >= 200000);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
        in_ = mdd_crc_unit_in();
        cpu_start_ = std::clock();
    }
    ~CrcUnitBench() {
        if (vectors_) std::fclose(vectors_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.s_tdata = vcd.add("s_tdata", 8 * kW);
        sig_.s_tkeep = vcd.add("s_tkeep", kW);
        sig_.s_tlast = vcd.add("s_tlast", 1);
        sig_.s_tuser = vcd.add("s_tuser", kUserW);
        sig_.s_seed_en = vcd.add("s_seed_en", 1);
        sig_.s_seed = vcd.add("s_seed", model_crc_width());
        sig_.s_tvalid = vcd.add("s_tvalid", 1);
        sig_.s_tready = vcd.add("s_tready", 1);
        sig_.m_crc = vcd.add("m_crc", model_crc_width());
        sig_.m_tuser = vcd.add("m_tuser", kUserW);
        sig_.m_tvalid = vcd.add("m_tvalid", 1);
        sig_.m_tready = vcd.add("m_tready", 1);
        sig_.fill = vcd.add("fill", model_.l);
        sig_.gb_pend = vcd.add("gb_pend", 1);
        sig_.e_valid = vcd.add("e_valid", 1);
        sig_.crc_state = vcd.add("crc_state", model_crc_width());
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_crc_unit_out o;
        mdd_crc_unit_eval(&model_, &in_, &o);
        vcd.val(sig_.rst, in_.rst);
        vcd.val_bytes(sig_.s_tdata, in_.s_tdata);
        vcd.val(sig_.s_tkeep, in_.s_tkeep);
        vcd.val(sig_.s_tlast, in_.s_tlast);
        vcd.val(sig_.s_tuser, in_.s_tuser);
        vcd.val(sig_.s_seed_en, in_.s_seed_en);
        vcd.val(sig_.s_seed, in_.s_seed);
        vcd.val(sig_.s_tvalid, in_.s_tvalid);
        vcd.val(sig_.s_tready, o.s_tready);
        vcd.val(sig_.m_crc, o.m_crc);
        vcd.val(sig_.m_tuser, o.m_tuser);
        vcd.val(sig_.m_tvalid, o.m_tvalid);
        vcd.val(sig_.m_tready, in_.m_tready);
        vcd.val(sig_.fill, model_.cmp.fill);
        vcd.val(sig_.gb_pend, model_.gb_pend);
        vcd.val(sig_.e_valid, model_.e_valid);
        vcd.val(sig_.crc_state, model_.crc_state[model_.first]);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

        // drive the RTL and settle its combinational outputs
        top_->rst = in_.rst;
        put_bytes(top_->s_tdata, in_.s_tdata, kW);
        top_->s_tkeep = in_.s_tkeep;
        top_->s_tlast = in_.s_tlast;
        top_->s_tuser = in_.s_tuser;
        top_->s_alg = in_.s_alg;
        top_->s_seed_en = in_.s_seed_en;
        top_->s_seed = in_.s_seed;
        top_->s_tvalid = in_.s_tvalid;
        top_->m_tready = in_.m_tready;
        top_->clk = 0;
        top_->eval();

        mdd_crc_unit_out mo;
        mdd_crc_unit_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_crc ^= 1;  // the harness self-test: this must be caught

        chk.eq("s_tready", mo.s_tready, top_->s_tready);
        chk.eq("m_tvalid", mo.m_tvalid, top_->m_tvalid);
        chk.eq("m_crc", mo.m_crc, (uint64_t)top_->m_crc);
        chk.eq("m_tuser", mo.m_tuser, (uint64_t)top_->m_tuser);

        // the documented handshake: the unit takes a word whenever the output can move
        if (mo.s_tready != (in_.m_tready || mo.m_tvalid == 0))
            chk.fail("handshake", "s_tready != m_tready | ~m_tvalid");

        if (vectors_) write_vector(mo);
        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        uint64_t violations = model_.invariant_violations;
        mdd_crc_unit_tick(&model_, &in_);
        if (model_.invariant_violations != violations)
            chk.fail("gearbox", "a word arrived at fill != 0 while another word was waiting (backlog > 1)");
        if (model_.gb_pend) ++pend_cycles_;
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        // CPU time, unlike the framework's wall-clock rate, does not depend on what else the machine runs
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "crc-unit W=%u: %.2f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::string algs = ls::crc_alg_names(kAlgs, kAlg, alg_msgs_, "messages");
        std::fprintf(f,
                     "crc-unit W=%u alg=%s: %" PRIu64 " cycles, %" PRIu64 " words accepted (%" PRIu64
                     " bytes included), %" PRIu64 " messages ended, %" PRIu64 " results checked\n",
                     kW, algs.c_str(), cycles_, words_, bytes_, messages_, checks_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " results dropped), input stalls %" PRIu64
                     ", output stalls %" PRIu64 ", two-word message ends %" PRIu64 "\n",
                     resets_, dropped_, in_stalls_, out_stalls_, pend_cycles_);
        if (checks_)
            std::fprintf(f,
                         "  latency last word -> result: min %" PRIu64 " (pipeline %u), mean %.1f, max %" PRIu64
                         " cycles; throughput %.3f words per cycle with input and output ready\n",
                         lat_min_, mdd_crc_unit_latency(&model_), (double)lat_sum_ / (double)checks_, lat_max_,
                         open_cycles_ ? (double)open_words_ / (double)open_cycles_ : 0.0);
        std::fprintf(f,
                     "  empty messages %" PRIu64 ", seeded %" PRIu64 ", resumed (checked against the "
                     "concatenation) %" PRIu64 ", all-zero-mask words %" PRIu64 ", full-mask words %" PRIu64 "\n",
                     empty_msgs_, seeded_msgs_, chained_msgs_, zero_mask_words_, full_mask_words_);
    }

    uint64_t checks() const { return checks_; }

  private:
    unsigned model_crc_width() const { return crc_mask_ == ~0ull ? 64 : (unsigned)__builtin_popcountll(crc_mask_); }

    // ---- stimulus ----

    uint64_t draw_mask(int mode) {
        switch (mode) {
        case 0: return keep_all_;
        case 1: return 0;
        case 2: return rng_.next() & rng_.next() & rng_.next() & keep_all_;  // sparse: each byte 1/8
        case 3: return (rng_.next() | rng_.next() | rng_.next()) & keep_all_;  // dense: each byte 7/8
        case 5: return rng_.next() & keep_all_;                                // each byte 1/2
        case 4: return 1ull << rng_.below(kW);
        case 6: {  // a contiguous run, like tkeep at the start or end of a frame
            unsigned a = (unsigned)rng_.below(kW + 1), b = (unsigned)rng_.below(kW + 1);
            if (a > b) std::swap(a, b);
            uint64_t hi = b == 64 ? ~0ull : ((1ull << b) - 1);
            uint64_t lo = a == 64 ? ~0ull : ((1ull << a) - 1);
            return hi & ~lo;
        }
        default: {  // a hole of 1..8 bytes, like a marker or a DIF inside payload
            unsigned len = 1 + (unsigned)rng_.below(8), at = (unsigned)rng_.below(kW);
            uint64_t hole = 0;
            for (unsigned i = at; i < at + len && i < kW; ++i) hole |= 1ull << i;
            return keep_all_ & ~hole;
        }
        }
    }

    uint64_t draw_length() {
        int mode = len_mode_;
        if (mode == 0) {
            uint64_t r = rng_.below(100);
            mode = r < 35 ? 1 : r < 85 ? 2 : 3;
        }
        if (mode == 1) return 1;
        uint64_t mean = mode == 2 ? 3 : 40;
        uint64_t n = 1;
        while (rng_.chance(1.0 - 1.0 / (double)mean) && n < 20 * mean) ++n;
        return n;
    }

    void start_message() {
        msg_words_left_ = draw_length();
        msg_mask_mode_ = mask_mode_ >= 0 ? mask_mode_ : (rng_.chance(0.5) ? -1 : (int)rng_.below(8));
        msg_seed_en_ = rng_.chance(p_seed_);
        msg_alg_ = ls::draw_crc_alg(rng_, kAlgs, kAlg);
        msg_chain_ = false;
        // a seed is drawn over the widest algorithm's bits: each loop must take only its own width's low bits
        if (msg_seed_en_ && have_chain_source_ && chain_alg_ == msg_alg_ && rng_.chance(p_chain_)) {
            msg_chain_ = true;
            msg_seed_ = chain_crc_;
            msg_chain_prefix_ = chain_bytes_;
        } else {
            msg_seed_ = rng_.next() & crc_mask_;
        }
        msg_first_word_ = true;
    }

    void draw_word() {
        if (msg_words_left_ == 0) start_message();
        for (unsigned i = 0; i < kW; ++i) {
            if (i % 8 == 0) word_rand_ = rng_.next();
            in_.s_tdata[i] = (uint8_t)(word_rand_ >> (8 * (i % 8)));
        }
        int mode = msg_mask_mode_ >= 0 ? msg_mask_mode_ : (int)rng_.below(8);
        in_.s_tkeep = draw_mask(mode);
        --msg_words_left_;
        in_.s_tlast = msg_words_left_ == 0;
        in_.s_tuser = (uint32_t)rng_.next() & user_mask_;
        // the algorithm counts on the last word only; elsewhere noise the unit must ignore
        in_.s_alg = in_.s_tlast ? (unsigned)msg_alg_ : (unsigned)rng_.below(4);
        // seed inputs matter on a first word only; elsewhere they carry noise the unit must ignore
        in_.s_seed_en = msg_first_word_ ? msg_seed_en_ : rng_.chance(0.5);
        in_.s_seed = msg_first_word_ ? msg_seed_ : (rng_.next() & crc_mask_);
        msg_first_word_ = false;
    }

    void draw_inputs(uint64_t cyc) {
        if (!fixed_valid_ || !fixed_ready_) {
            if (cyc % phase_ == 0) {
                static const double kLevels[4] = {1.0, 0.95, 0.7, 0.3};
                if (!fixed_valid_) p_valid_ = kLevels[rng_.below(4)];
                if (!fixed_ready_) p_ready_ = kLevels[rng_.below(4)];
            }
        }
        if (reset_left_ > 0) {
            --reset_left_;
        } else if (cyc < 2 || rng_.chance(p_reset_)) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            ++resets_;
            in_.rst = true;
        } else {
            in_.rst = false;
        }
        if (reset_left_ > 0) in_.rst = true;
        if (!word_held_ && rng_.chance(p_valid_)) {
            draw_word();
            word_held_ = true;
        }
        in_.s_tvalid = word_held_;
        if (!word_held_) {
            // idle bus: noise on the other inputs (the first data word only, to keep the harness cheap)
            uint64_t r = rng_.next();
            for (unsigned b = 0; b < 8 && b < kW; ++b) in_.s_tdata[b] = (uint8_t)(r >> (8 * b));
            r = rng_.next();
            in_.s_tkeep = r & keep_all_;
            in_.s_tlast = (r >> 63) & 1;
        }
        in_.m_tready = rng_.chance(p_ready_);
    }

    // ---- independent reference ----

    void scoreboard(ls::Checker &chk, const mdd_crc_unit_out &mo) {
        ++cycles_;
        // AXI-Stream: a result offered and not taken stays, unchanged, until it is taken (or a reset)
        if (held_out_ && !(mo.m_tvalid && mo.m_crc == held_crc_ && mo.m_tuser == held_user_))
            chk.fail("axi", "m_tvalid/m_crc/m_tuser changed while m_tready was low");
        held_out_ = mo.m_tvalid && !in_.m_tready && !in_.rst;
        held_crc_ = mo.m_crc;
        held_user_ = mo.m_tuser;
        // a result leaves on this edge (also during reset: the register is read before it clears)
        if (mo.m_tvalid && in_.m_tready) {
            if (expected_.empty()) {
                chk.fail("scoreboard", "m_tvalid with no message outstanding (m_crc=0x" + hex(mo.m_crc) + ")");
            } else {
                const Expected &e = expected_.front();
                if (mo.m_crc != e.crc || mo.m_tuser != e.user)
                    chk.fail("scoreboard", "message " + std::to_string(e.message) + ": m_crc=0x" + hex(mo.m_crc) +
                                               " m_tuser=0x" + hex(mo.m_tuser) + ", expected 0x" + hex(e.crc) +
                                               " / 0x" + hex(e.user));
                ++checks_;
                uint64_t latency = cycles_ - 1 - e.accepted;
                if (latency < mdd_crc_unit_latency(&model_))
                    chk.fail("latency", "message " + std::to_string(e.message) + " took " + std::to_string(latency) +
                                            " cycles, less than the pipeline depth");
                lat_min_ = std::min(lat_min_, latency);
                lat_max_ = std::max(lat_max_, latency);
                lat_sum_ += latency;
                delivered(expected_.front());
                expected_.pop_front();
            }
        }
        if (mo.m_tvalid && !in_.m_tready) ++out_stalls_;
        if (in_.s_tvalid && in_.m_tready && !in_.rst) {
            ++open_cycles_;  // no bubble allowed: the word must be taken
            if (mo.s_tready) ++open_words_;
        }
        if (in_.s_tvalid && !mo.s_tready) ++in_stalls_;

        if (in_.rst) {
            // everything in flight is dropped, including the word offered now
            dropped_ += expected_.size();
            expected_.clear();
            msg_bytes_.clear();
            in_msg_ = false;
            word_held_ = false;
            msg_words_left_ = 0;
            return;
        }
        if (!(in_.s_tvalid && mo.s_tready)) return;

        // accepted word
        word_held_ = false;
        ++words_;
        if (in_.s_tkeep == 0) ++zero_mask_words_;
        if (in_.s_tkeep == keep_all_) ++full_mask_words_;
        if (!in_msg_) {
            in_msg_ = true;
            cur_seed_en_ = in_.s_seed_en;
            cur_seed_ = in_.s_seed;
            cur_chain_ = msg_chain_;
            if (cur_chain_) cur_prefix_ = msg_chain_prefix_;
            msg_bytes_.clear();
        }
        for (unsigned i = 0; i < kW; ++i)
            if ((in_.s_tkeep >> i) & 1) msg_bytes_.push_back(in_.s_tdata[i]);
        bytes_ += (uint64_t)__builtin_popcountll(in_.s_tkeep);
        if (!in_.s_tlast) return;

        in_msg_ = false;
        ++messages_;
        Expected e;
        const mdd_crc_alg alg = kAlgs ? (mdd_crc_alg)in_.s_alg : kAlg;
        ++alg_msgs_[alg];
        e.alg = alg;
        e.user = in_.s_tuser;
        e.message = messages_;
        e.accepted = cycles_ - 1;
        if (cur_chain_) {
            // the seed is the delivered CRC of cur_prefix_: check resumption against the concatenation
            e.covers = cur_prefix_;
            e.covers.insert(e.covers.end(), msg_bytes_.begin(), msg_bytes_.end());
            e.crc = mdd_crc(alg, e.covers.data(), e.covers.size());
            e.resumable = e.covers.size() <= kMaxResumeBytes;
            ++chained_msgs_;
        } else {
            uint64_t seed = cur_seed_en_ ? (cur_seed_ & mdd_crc_mask(alg)) : mdd_crc_empty(alg);
            e.crc = mdd_crc_update(alg, seed, msg_bytes_.data(), msg_bytes_.size());
            e.resumable = !cur_seed_en_ && msg_bytes_.size() <= kMaxResumeBytes;
            if (e.resumable) e.covers = msg_bytes_;
        }
        if (!e.resumable) e.covers.clear();
        if (cur_seed_en_) ++seeded_msgs_;
        if (msg_bytes_.empty()) ++empty_msgs_;
        expected_.push_back(std::move(e));
    }

    // A delivered result that stands for known bytes becomes the seed source of resumed messages.
    void delivered(Expected &e) {
        if (!e.resumable) return;
        chain_bytes_ = std::move(e.covers);
        chain_crc_ = e.crc;
        chain_alg_ = e.alg;
        have_chain_source_ = true;
    }

    void final_checks(ls::Checker &chk) {
        if (words_ < min_words_)
            chk.fail("volume", std::to_string(words_) + " words accepted, fewer than min_words=" +
                                   std::to_string(min_words_));
        if (!require_coverage_) return;
        const struct {
            const char *what;
            uint64_t count;
        } cov[] = {{"resets", resets_},           {"input stalls", in_stalls_},  {"output stalls", out_stalls_},
                   {"two-word ends", pend_cycles_}, {"empty messages", empty_msgs_}, {"resumed messages", chained_msgs_},
                   {"all-zero-mask words", zero_mask_words_}};
        for (const auto &c : cov)
            if (c.count == 0) chk.fail("coverage", std::string("no ") + c.what + " in this run");
    }

    void write_vector(const mdd_crc_unit_out &mo) {
        // one hex word per cycle, most significant field first; tb/icarus/tb_mdd_crc_unit.v splits it
        unsigned flags = (in_.rst << 6) | (in_.s_tvalid << 5) | (in_.s_tlast << 4) | (in_.s_seed_en << 3) |
                         (in_.m_tready << 2) | (mo.s_tready << 1) | (unsigned)mo.m_tvalid;
        std::fprintf(vectors_, "%02x%08x%016" PRIx64 "%016" PRIx64 "%016" PRIx64 "%08x", flags, in_.s_tuser, in_.s_seed,
                     in_.s_tkeep, mo.m_crc, mo.m_tuser);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in_.s_tdata[i]);
        std::fputc('\n', vectors_);
    }

    static std::string hex(uint64_t v) {
        char b[24];
        std::snprintf(b, sizeof b, "%" PRIx64, v);
        return b;
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_crc_unit> top_;
    mdd_crc_unit_model model_;
    mdd_crc_unit_in in_;
    FILE *vectors_ = nullptr;
    std::clock_t cpu_start_ = 0;

    // knobs
    bool fixed_valid_, fixed_ready_;
    double p_valid_, p_ready_, p_reset_, p_seed_, p_chain_;
    uint64_t phase_;
    int len_mode_, mask_mode_;
    uint64_t min_words_;
    bool require_coverage_;
    int64_t inject_fault_;
    uint64_t crc_mask_;
    uint32_t user_mask_;
    uint64_t keep_all_;

    // stimulus state
    unsigned reset_left_ = 0;
    bool word_held_ = false;
    uint64_t word_rand_ = 0;
    uint64_t msg_words_left_ = 0;
    int msg_mask_mode_ = 0;
    bool msg_seed_en_ = false, msg_chain_ = false, msg_first_word_ = false;
    mdd_crc_alg msg_alg_ = kAlg;
    uint64_t msg_seed_ = 0;
    std::vector<uint8_t> msg_chain_prefix_;

    // scoreboard state
    bool in_msg_ = false;
    bool cur_seed_en_ = false, cur_chain_ = false;
    uint64_t cur_seed_ = 0;
    std::vector<uint8_t> msg_bytes_;
    std::deque<Expected> expected_;
    std::vector<uint8_t> cur_prefix_;
    std::vector<uint8_t> chain_bytes_;
    uint64_t chain_crc_ = 0;
    mdd_crc_alg chain_alg_ = kAlg;
    uint64_t alg_msgs_[MDD_CRC_ALG_COUNT] = {};
    bool have_chain_source_ = false;

    // counts
    uint64_t cycles_ = 0, words_ = 0, bytes_ = 0, messages_ = 0, checks_ = 0;
    uint64_t resets_ = 0, dropped_ = 0, in_stalls_ = 0, out_stalls_ = 0, pend_cycles_ = 0;
    bool held_out_ = false;
    uint64_t held_crc_ = 0;
    uint32_t held_user_ = 0;
    uint64_t lat_min_ = ~0ull, lat_max_ = 0, lat_sum_ = 0, open_cycles_ = 0, open_words_ = 0;
    uint64_t empty_msgs_ = 0, seeded_msgs_ = 0, chained_msgs_ = 0, zero_mask_words_ = 0, full_mask_words_ = 0;

    struct {
        int rst, s_tdata, s_tkeep, s_tlast, s_tuser, s_seed_en, s_seed, s_tvalid, s_tready, m_crc, m_tuser, m_tvalid,
            m_tready, fill, gb_pend, e_valid, crc_state;
    } sig_{};
};

#define CRC_UNIT_STR_(x) #x
#define CRC_UNIT_STR(x) CRC_UNIT_STR_(x)
#ifndef CRC_UNIT_SUITE
#define CRC_UNIT_SUITE lockstep  // the sanitizer build says "sanitize"
#endif

#if CRC_UNIT_ALGS
#define CRC_UNIT_CFG "m" CRC_UNIT_STR(CRC_UNIT_ALGS)
#else
#define CRC_UNIT_CFG "a" CRC_UNIT_STR(CRC_UNIT_ALG)
#endif

int main(int argc, char **argv) {
    return ls::run<CrcUnitBench>(argc, argv,
                                 CRC_UNIT_STR(CRC_UNIT_SUITE) "-crc-unit-" CRC_UNIT_CFG "-w" CRC_UNIT_STR(CRC_UNIT_W));
}

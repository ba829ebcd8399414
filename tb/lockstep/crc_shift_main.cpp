// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_crc_shift.v against its C twin model/mdd_crc_shift_model.c, one build per
// (CRC_ALG, INVERSE); the build passes the RTL parameters as -DSHIFT_ALG/-DSHIFT_INVERSE/-DSHIFT_N_W/
// -DSHIFT_BITS_PER_STAGE/-DSHIFT_USER_W so that the twin is configured exactly like the Verilated top.
//
// Every cycle: random stimulus (AXI-legal source: a request, once offered, is held until taken; random
// m_tready; occasional resets of 1..3 cycles mid-stream), all four outputs compared with the twin, and a
// scoreboard that checks every delivered m_reg/m_tuser, in order, against mdd_crc_shift/mdd_crc_unshift
// of the accepted request (the library's O(log n) path, independent of the twin's per-stage digits).
//
// Knobs (key=value or --scenario): p_valid (0.9) p_ready (0.8) p_rst (0.0005) and the mix of byte counts:
// w_small (1) w_width (2) w_pow2 (1) w_huge (1) = relative weights of n in 0..64, n of a uniformly chosen
// bit length, n = 2^k + (-3..3), and n within 16 of 2^N_W - 1.
// vectors=FILE writes every cycle's inputs and the twin's outputs for tb/icarus/tb_mdd_crc_shift.v (one header
// line "C alg inverse n_w bits_per_stage user_w", then "rst s_reg s_nbytes s_tuser s_tvalid m_tready s_tready
// m_reg m_tuser m_tvalid" in hex).  inject_fault=C flips bit 0 of the twin's m_reg at cycle C: the
// harness's own self-test (it must report a DIVERGENCE).
#include "lockstep.h"

#include "Vmdd_crc_shift.h"

#include <deque>
#include <memory>
#include <string>

#include "mdd/crc.h"
#include "mdd_crc_shift_model.h"

#if !defined(SHIFT_ALG) || !defined(SHIFT_INVERSE) || !defined(SHIFT_N_W) || !defined(SHIFT_BITS_PER_STAGE) || \
    !defined(SHIFT_USER_W)
#error "build with -DSHIFT_ALG=.. -DSHIFT_INVERSE=.. -DSHIFT_N_W=.. -DSHIFT_BITS_PER_STAGE=.. -DSHIFT_USER_W=.."
#endif

namespace {

uint64_t low_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

class CrcShiftBench {
  public:
    explicit CrcShiftBench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_crc_shift>()),
          rng_(opt.seed),
          p_valid_(opt.prob("p_valid", 0.9)),
          p_ready_(opt.prob("p_ready", 0.8)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          fault_cycle_(opt.u64("inject_fault", ~0ull)) {
        alg_ = (mdd_crc_alg)SHIFT_ALG;
        if (mdd_crc_shift_model_init(&model_, alg_, SHIFT_N_W, SHIFT_INVERSE != 0, SHIFT_BITS_PER_STAGE,
                                     SHIFT_USER_W) != 0)
            ls::Options::die("bad twin parameters");
        const double w[4] = {opt.num("w_small", 1, 0, 1e9), opt.num("w_width", 2, 0, 1e9), opt.num("w_pow2", 1, 0, 1e9),
                             opt.num("w_huge", 1, 0, 1e9)};
        double sum = 0;
        for (int i = 0; i < 4; ++i) {
            if (w[i] < 0) ls::Options::die("n-class weights must be >= 0");
            sum += w[i];
        }
        if (sum <= 0) ls::Options::die("at least one n-class weight must be > 0");
        double acc = 0;
        for (int i = 0; i < 4; ++i) cum_[i] = (acc += w[i] / sum);
        reg_mask_ = mdd_crc_mask(alg_);
        n_mask_ = low_mask(SHIFT_N_W);
        user_mask_ = low_mask(SHIFT_USER_W);
        const std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
            std::fprintf(vectors_, "C %d %d %d %d %d\n", SHIFT_ALG, SHIFT_INVERSE, SHIFT_N_W, SHIFT_BITS_PER_STAGE,
                         SHIFT_USER_W);
        }
        top_->clk = 0;
        top_->rst = 0;
        top_->s_tvalid = 0;
        top_->m_tready = 0;
        top_->eval();
    }

    ~CrcShiftBench() {
        if (vectors_) std::fclose(vectors_);
    }
    CrcShiftBench(const CrcShiftBench &) = delete;
    CrcShiftBench &operator=(const CrcShiftBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_clk_ = vcd.add("clk", 1);
        sig_rst_ = vcd.add("rst", 1);
        sig_s_reg_ = vcd.add("s_reg", mdd_crc_params_of(alg_)->width);
        sig_s_nbytes_ = vcd.add("s_nbytes", SHIFT_N_W);
        sig_s_tuser_ = vcd.add("s_tuser", SHIFT_USER_W);
        sig_s_tvalid_ = vcd.add("s_tvalid", 1);
        sig_s_tready_ = vcd.add("s_tready", 1);
        sig_m_reg_ = vcd.add("m_reg", mdd_crc_params_of(alg_)->width);
        sig_m_tuser_ = vcd.add("m_tuser", SHIFT_USER_W);
        sig_m_tvalid_ = vcd.add("m_tvalid", 1);
        sig_m_tready_ = vcd.add("m_tready", 1);
        for (unsigned j = 0; j < model_.stages; ++j) {
            std::string base = "g_stage_" + std::to_string(j) + "_";
            sig_stage_reg_.push_back(vcd.add((base + "reg_q").c_str(), mdd_crc_params_of(alg_)->width));
            sig_stage_valid_.push_back(vcd.add((base + "valid_q").c_str(), 1));
        }
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_crc_shift_out out;
        mdd_crc_shift_eval(&model_, &in_, &out);
        // before the edge the waveform shows the value the harness compared, an injected fault included, so
        // that `mdd compare` of the two waveforms finds it where the harness did
        if (cycles_ == fault_cycle_ && !clk_high_) out.m_reg ^= 1;
        vcd.val(sig_clk_, clk_high_);
        vcd.val(sig_rst_, in_.rst);
        vcd.val(sig_s_reg_, in_.s_reg);
        vcd.val(sig_s_nbytes_, in_.s_nbytes);
        vcd.val(sig_s_tuser_, in_.s_tuser);
        vcd.val(sig_s_tvalid_, in_.s_tvalid);
        vcd.val(sig_s_tready_, out.s_tready);
        vcd.val(sig_m_reg_, out.m_reg);
        vcd.val(sig_m_tuser_, out.m_tuser);
        vcd.val(sig_m_tvalid_, out.m_tvalid);
        vcd.val(sig_m_tready_, in_.m_tready);
        for (unsigned j = 0; j < model_.stages; ++j) {
            vcd.val(sig_stage_reg_[j], model_.stage[j].reg);
            vcd.val(sig_stage_valid_[j], model_.stage[j].valid);
        }
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        mdd_crc_shift_out out;
        mdd_crc_shift_eval(&model_, &in_, &out);
        if (cycles_ == fault_cycle_) out.m_reg ^= 1;
        if (vectors_)
            std::fprintf(vectors_, "%x %llx %llx %llx %x %x %x %llx %llx %x\n", in_.rst, (unsigned long long)in_.s_reg,
                         (unsigned long long)in_.s_nbytes, (unsigned long long)in_.s_tuser, in_.s_tvalid,
                         in_.m_tready, out.s_tready, (unsigned long long)out.m_reg, (unsigned long long)out.m_tuser,
                         out.m_tvalid);

        chk.eq("s_tready", out.s_tready, top_->s_tready);
        chk.eq("m_reg", out.m_reg, top_->m_reg);
        chk.eq("m_tuser", out.m_tuser, top_->m_tuser);
        chk.eq("m_tvalid", out.m_tvalid, top_->m_tvalid);
        chk.eq("m_tuser_next", out.m_tuser_next, top_->m_tuser_next);
        chk.eq("m_tvalid_next", out.m_tvalid_next, top_->m_tvalid_next);

        scoreboard(chk, out);

        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        mdd_crc_shift_tick(&model_, &in_);
        tr.post();

        offer_taken_ = in_.s_tvalid && out.s_tready && !in_.rst;
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f,
                     "crc_shift alg=%s inverse=%d n_w=%d bits_per_stage=%d latency=%u: %llu cycles, %llu requests "
                     "accepted, %llu results checked against the library, %llu resets (%llu requests dropped), "
                     "n: %llu small / %llu width / %llu pow2 / %llu huge\n",
                     mdd_crc_params_of(alg_)->name, SHIFT_INVERSE, SHIFT_N_W, SHIFT_BITS_PER_STAGE,
                     mdd_crc_shift_latency(&model_), (unsigned long long)cycles_, (unsigned long long)accepted_,
                     (unsigned long long)checked_, (unsigned long long)resets_, (unsigned long long)dropped_,
                     (unsigned long long)n_class_count_[0], (unsigned long long)n_class_count_[1],
                     (unsigned long long)n_class_count_[2], (unsigned long long)n_class_count_[3]);
    }

    uint64_t checks() const { return checked_; }

  private:
    struct Expected {
        uint64_t reg, user, s_reg, nbytes;
    };

    uint64_t draw_nbytes() {
        const double u = (double)(rng_.next() >> 11) / 9007199254740992.0;
        int cls = 0;
        while (cls < 3 && u >= cum_[cls]) ++cls;
        ++n_class_count_[cls];
        uint64_t n = 0;
        switch (cls) {
            case 0:  // small: where off-by-one and digit-0 paths live
                n = rng_.below(65);
                break;
            case 1: {  // uniform bit length, top bit set: every stage's digits get exercised
                unsigned bits = (unsigned)rng_.below(SHIFT_N_W + 1);
                n = bits == 0 ? 0 : (rng_.next() & low_mask(bits)) | (1ull << (bits - 1));
                break;
            }
            case 2: {  // around a power of two: digit carries and borrows
                unsigned k = (unsigned)rng_.below(SHIFT_N_W);
                n = (1ull << k) + rng_.below(7) - 3;
                break;
            }
            default:  // the top of the range, 2^N_W - 1 included
                n = n_mask_ - rng_.below(16);
                break;
        }
        return n & n_mask_;
    }

    void draw_inputs() {
        // reset bursts of 1..3 cycles
        if (rst_left_ == 0 && rng_.chance(p_rst_)) {
            rst_left_ = 1 + rng_.below(3);
            ++resets_;
        }
        in_.rst = rst_left_ > 0;
        if (rst_left_ > 0) --rst_left_;

        // AXI source: an offered request stays, unchanged, until it is taken
        if (!in_.s_tvalid || offer_taken_) {
            in_.s_tvalid = rng_.chance(p_valid_);
            in_.s_reg = rng_.next() & reg_mask_;
            in_.s_nbytes = draw_nbytes();
            in_.s_tuser = rng_.next() & user_mask_;
        }
        in_.m_tready = rng_.chance(p_ready_);
    }

    void drive_rtl() {
        top_->rst = in_.rst;
        top_->s_reg = in_.s_reg;
        top_->s_nbytes = in_.s_nbytes;
        top_->s_tuser = in_.s_tuser;
        top_->s_tvalid = in_.s_tvalid;
        top_->m_tready = in_.m_tready;
    }

    // The reference result of a request, straight from the library.
    uint64_t reference(uint64_t reg, uint64_t n) const {
        return SHIFT_INVERSE ? mdd_crc_unshift(alg_, reg, n) : mdd_crc_shift(alg_, reg, n);
    }

    void scoreboard(ls::Checker &chk, const mdd_crc_shift_out &out) {
        // One request per clock: the unit may only stall its input when its output is stalled.
        if (in_.m_tready && !out.s_tready) chk.fail("throughput", "s_tready low while m_tready is high");
        if (in_.rst) {
            dropped_ += pending_.size();
            pending_.clear();
            return;
        }
        if (out.m_tvalid && in_.m_tready) {
            if (pending_.empty()) {
                chk.fail("scoreboard", "result delivered with no request outstanding");
            } else {
                const Expected e = pending_.front();
                pending_.pop_front();
                ++checked_;
                if (out.m_reg != e.reg || out.m_tuser != e.user) {
                    char msg[256];
                    std::snprintf(msg, sizeof msg,
                                  "%s(reg=0x%llx, n=%llu): m_reg=0x%llx expected 0x%llx, m_tuser=0x%llx expected "
                                  "0x%llx",
                                  SHIFT_INVERSE ? "unshift" : "shift", (unsigned long long)e.s_reg,
                                  (unsigned long long)e.nbytes, (unsigned long long)out.m_reg,
                                  (unsigned long long)e.reg, (unsigned long long)out.m_tuser,
                                  (unsigned long long)e.user);
                    chk.fail("scoreboard", msg);
                }
            }
        }
        if (in_.s_tvalid && out.s_tready) {
            pending_.push_back({reference(in_.s_reg, in_.s_nbytes), in_.s_tuser, in_.s_reg, in_.s_nbytes});
            ++accepted_;
            if (pending_.size() > mdd_crc_shift_latency(&model_))
                chk.fail("scoreboard", "more requests in flight than pipeline stages");
        }
    }

    std::unique_ptr<Vmdd_crc_shift> top_;
    mdd_crc_shift_model model_;
    mdd_crc_shift_in in_{};
    mdd_crc_alg alg_;
    ls::Rng rng_;
    double p_valid_, p_ready_, p_rst_;
    uint64_t fault_cycle_;
    FILE *vectors_ = nullptr;
    double cum_[4] = {0, 0, 0, 1};
    uint64_t reg_mask_ = 0, n_mask_ = 0, user_mask_ = 0;
    bool offer_taken_ = false;
    bool clk_high_ = false;
    uint64_t rst_left_ = 0;
    std::deque<Expected> pending_;
    uint64_t cycles_ = 0, accepted_ = 0, checked_ = 0, resets_ = 0, dropped_ = 0;
    uint64_t n_class_count_[4] = {0, 0, 0, 0};
    int sig_clk_ = 0, sig_rst_ = 0, sig_s_reg_ = 0, sig_s_nbytes_ = 0, sig_s_tuser_ = 0, sig_s_tvalid_ = 0,
        sig_s_tready_ = 0, sig_m_reg_ = 0, sig_m_tuser_ = 0, sig_m_tvalid_ = 0, sig_m_tready_ = 0;
    std::vector<int> sig_stage_reg_, sig_stage_valid_;
};

}  // namespace

int main(int argc, char **argv) {
    // one suite per configuration, e.g. lockstep-crc-shift-crc64-nvme-inv; shapes other than the RTL
    // defaults (BITS_PER_STAGE 2, N_W 33) get -b<BITS_PER_STAGE>-n<N_W> appended
    std::string suite = std::string("lockstep-crc-shift-") + mdd_crc_params_of((mdd_crc_alg)SHIFT_ALG)->name +
                        (SHIFT_INVERSE ? "-inv" : "");
    if (SHIFT_BITS_PER_STAGE != 2 || SHIFT_N_W != 33)
        suite += "-b" + std::to_string(SHIFT_BITS_PER_STAGE) + "-n" + std::to_string(SHIFT_N_W);
    return ls::run<CrcShiftBench>(argc, argv, suite.c_str());
}

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_m.v (stage M of the staged TX generator, docs/timing.md section 4) against its
// C twin model/mdd_txg_m_model.c, with a byte-by-byte scoreboard as the independent check.
//
// Stimulus: loads of random transfer start states (markers on or off, marker lengths 4 and 8, periods from
// ml + 1 up, with weight on the boundaries around W: period < W, = W, = W + 1, 2W, and on large ones; MRK_POS
// anywhere below the period, at 0 and just before a start; skip and pass around the word boundaries and large),
// runs with a random probability, occasional resets.
//
// Every cycle: every output compared (n, mrk, k, mnext, mb, pc, pc_l, pc_n, the start state), and the prefix
// counts checked against a count of the twin's mrk bits (lanes from n count as non-marker; pc_l is lane n - 1's,
// pc_n the count over lanes below n): the twin computes them from its registers as the RTL does, so a shared
// mistake shows there. Every word taken (run) is checked against the byte-by-byte rules (a marker byte while the
// position is below ml, K while skip is 0 and pass is not, the wire count, the position wrapping at the period)
// run from the last load: its lanes, its end (W lanes, or before a second marker start) and its start state.
//
// Build-time parameter (-D): TXG_W. Knobs: p_load (0.02), p_run (0.8), p_rst (0.0005), inject_fault (a cycle
// at which the twin's k is flipped: the harness must catch it).
#include "lockstep.h"

#include "Vmdd_txg_m.h"

extern "C" {
#include "mdd_txg_m_model.h"
}

#include <cstring>
#include <memory>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kNW = ls::count_bits(kW);  // $clog2(W + 1)
static_assert(kW == 4 || kW == 8 || kW == 16 || kW == 32 || kW == 64, "W: 4, 8, 16, 32 or 64");

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_m>()),
          rng_(opt.seed ^ 0x4D57A6Eull),
          p_load_(opt.prob("p_load", 0.02)),
          p_run_(opt.prob("p_run", 0.8)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        if (mdd_txg_m_model_init(&model_, kW) != 0) ls::Options::die("W=%u not supported", kW);
        top_->clk = 0;
        top_->rst = 1;
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_load_ = vcd.add("load", 1);
        s_run_ = vcd.add("run", 1);
        s_n_ = vcd.add("n", 8);
        s_mrk_ = vcd.add("mrk", kW);
        s_k_ = vcd.add("k", kW);
    }
    void model_dump(ls::Vcd &vcd) {
        mdd_txg_m_out o;
        mdd_txg_m_eval(&model_, &in_, &o);
        vcd.val(s_load_, in_.load);
        vcd.val(s_run_, in_.run);
        vcd.val(s_n_, o.n);
        vcd.val(s_mrk_, o.mrk);
        vcd.val(s_k_, o.k);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        drive();
        top_->clk = 0;
        top_->eval();
        mdd_txg_m_out mo;
        mdd_txg_m_eval(&model_, &in_, &mo);
        if (cyc == fault_) mo.k ^= 1;
        compare(chk, mo);
        score_pc(chk, mo);
        if (!in_.rst && !in_.load && in_.run && loaded_) score(chk, mo);
        if (in_.rst) loaded_ = false;
        if (!in_.rst && in_.load) {
            loaded_ = true;
            ref_ = Ref{in_.ld_mrk_en, in_.ld_period, in_.ld_ml, in_.ld_mrk_pos, in_.ld_skip, in_.ld_pass, 0};
        }
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_m_tick(&model_, &in_);
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-m W=%u: %" PRIu64 " cycles, %" PRIu64 " loads, %" PRIu64 " words checked (%" PRIu64
                        " ended by a second marker start, %" PRIu64 " with a marker start), %" PRIu64 " checks\n",
                     kW, cycles_, loads_, words_, short_, starts_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    struct Ref {
        bool mrk_en;
        uint32_t period, ml, mrk_pos, skip, pass, wire;
    };

    uint32_t pick_period(uint32_t ml) {
        uint32_t p;
        switch (rng_.below(8)) {
        case 0: p = ml + 1 + (uint32_t)rng_.below(kW); break;           // below W mostly
        case 1: p = kW; break;
        case 2: p = kW + 1; break;
        case 3: p = 2 * kW + (uint32_t)rng_.below(3) - 1; break;
        case 4: p = kW - 1 + (uint32_t)rng_.below(3); break;
        case 5: p = 512 + (uint32_t)rng_.below(2048); break;
        case 6: p = (1u << 19) - 1 - (uint32_t)rng_.below(4); break;
        default: p = ml + 1 + (uint32_t)rng_.below(4 * kW); break;
        }
        return p <= ml ? ml + 1 : p;
    }
    uint32_t pick_len() {
        switch (rng_.below(5)) {
        case 0: return 0;
        case 1: return (uint32_t)rng_.below(2 * kW + 2);
        case 2: return kW * (uint32_t)rng_.below(4) + (uint32_t)rng_.below(3) - 1;
        case 3: return 0xFFFFFFFFu - (uint32_t)rng_.below(3);
        default: return (uint32_t)rng_.next();
        }
    }

    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rng_.chance(p_rst_) || cycles_ == 0;
        if (!loaded_ || rng_.chance(p_load_)) {
            in_.load = true;
            in_.ld_mrk_en = rng_.chance(0.8);
            in_.ld_ml = rng_.chance(0.5) ? 8 : 4;
            in_.ld_period = pick_period(in_.ld_ml);
            switch (rng_.below(4)) {
            case 0: in_.ld_mrk_pos = 0; break;
            case 1: in_.ld_mrk_pos = in_.ld_period - 1 - (uint32_t)rng_.below(std::min<uint32_t>(in_.ld_period, kW)); break;
            default: in_.ld_mrk_pos = (uint32_t)rng_.below(in_.ld_period); break;
            }
            in_.ld_skip = pick_len();
            in_.ld_pass = pick_len();
            ++loads_;
        }
        in_.run = rng_.chance(p_run_);
    }

    void drive() {
        top_->rst = in_.rst;
        top_->load = in_.load;
        top_->ld_mrk_en = in_.ld_mrk_en;
        top_->ld_period = in_.ld_period;
        top_->ld_ml = in_.ld_ml;
        top_->ld_mrk_pos = in_.ld_mrk_pos;
        top_->ld_skip = in_.ld_skip;
        top_->ld_pass = in_.ld_pass;
        top_->run = in_.run;
    }

    void compare(ls::Checker &chk, const mdd_txg_m_out &mo) {
        chk.eq("n", mo.n, top_->n);
        chk.eq("mrk", mo.mrk, (uint64_t)top_->mrk);
        chk.eq("k", mo.k, (uint64_t)top_->k);
        chk.eq("mnext", mo.mnext, (uint64_t)top_->mnext);
        ls::Bits mb, pc;
        for (unsigned i = 0; i < kW; ++i) {
            mb.put(3 * i, 3, mo.mb[i]);
            pc.put(kNW * i, kNW, mo.pc[i]);
        }
        uint8_t r[128];
        ls::get_bytes(top_->mb, r, (3 * kW + 7) / 8);
        chk.eq_bytes("mb", mb.b, r, (3 * kW + 7) / 8);
        ls::get_bytes(top_->pc, r, (kNW * kW + 7) / 8);
        chk.eq_bytes("pc", pc.b, r, (kNW * kW + 7) / 8);
        chk.eq("pc_l", mo.pc_l, top_->pc_l);
        chk.eq("pc_n", mo.pc_n, top_->pc_n);
        chk.eq("wire_cnt", mo.wire, top_->wire_cnt);
        chk.eq("mrk_pos", mo.mrk_pos, top_->mrk_pos);
        chk.eq("skip", mo.skip, top_->skip);
        chk.eq("pass", mo.pass, top_->pass);
    }

    // The prefix counts against a count of the mrk bits (which score() checks against the byte-by-byte rules).
    void score_pc(ls::Checker &chk, const mdd_txg_m_out &mo) {
        unsigned c = 0;
        ++checks_;
        for (unsigned i = 0; i < kW; ++i) {
            if (i == mo.n && mo.pc_n != c)
                chk.failf("pc_n", "pc_n %u, count of mrk over %u lanes %u", mo.pc_n, mo.n, c);
            if (i + 1 == mo.n && mo.pc_l != c)
                chk.failf("pc_l", "pc_l %u, count of mrk before lane %u %u", mo.pc_l, i, c);
            if (mo.pc[i] != c) chk.failf("pc", "lane %u (n %u): pc %u, count of mrk %u", i, mo.n, mo.pc[i], c);
            c += !((mo.mrk >> i) & 1);
        }
        if (mo.n == kW && mo.pc_n != c) chk.failf("pc_n", "pc_n %u, count of mrk over %u lanes %u", mo.pc_n, kW, c);
    }

    // The word against the byte-by-byte rules from the reference state, which then advances by the word.
    void score(ls::Checker &chk, const mdd_txg_m_out &mo) {
        Ref &r = ref_;
        ++words_;
        ++checks_;
        if (mo.wire != r.wire || mo.mrk_pos != r.mrk_pos || mo.skip != r.skip || mo.pass != r.pass)
            chk.failf("state", "word %" PRIu64 ": start wire %u mrk_pos %u skip %u pass %u, reference %u %u %u %u", words_,
                      mo.wire, mo.mrk_pos, mo.skip, mo.pass, r.wire, r.mrk_pos, r.skip, r.pass);
        bool started = false;
        unsigned i = 0;
        for (; i < kW; ++i) {
            const bool is_mrk = r.mrk_en && r.mrk_pos < r.ml;
            if (is_mrk && r.mrk_pos == 0 && started) break;  // a second marker start begins the next word
            const bool k = r.skip == 0 && r.pass != 0;
            const bool mnext = r.mrk_en && r.mrk_pos + 1 == r.period;
            ++checks_;
            if (i >= mo.n || ((mo.mrk >> i) & 1) != is_mrk || (is_mrk && mo.mb[i] != r.mrk_pos) ||
                ((mo.k >> i) & 1) != k || ((mo.mnext >> i) & 1) != mnext)
                chk.failf("lane", "word %" PRIu64 " lane %u (n %u): mrk %d mb %u k %d mnext %d, reference %d %u %d %d",
                          words_, i, mo.n, (int)((mo.mrk >> i) & 1), mo.mb[i], (int)((mo.k >> i) & 1),
                          (int)((mo.mnext >> i) & 1), is_mrk, is_mrk ? r.mrk_pos : 0, k, mnext);
            started = started || (is_mrk && r.mrk_pos == 0);
            if (is_mrk && r.mrk_pos == 0) ++starts_;
            if (r.skip) --r.skip;
            else if (r.pass) --r.pass;
            ++r.wire;
            if (r.mrk_en) r.mrk_pos = r.mrk_pos + 1 == r.period ? 0 : r.mrk_pos + 1;
        }
        ++checks_;
        if (i != mo.n) chk.failf("end", "word %" PRIu64 ": %u lanes, reference %u", words_, mo.n, i);
        if (i < kW) ++short_;
    }

    std::unique_ptr<Vmdd_txg_m> top_;
    mdd_txg_m_model model_;
    mdd_txg_m_in in_{};
    ls::Rng rng_;
    double p_load_, p_run_, p_rst_;
    uint64_t fault_;
    bool loaded_ = false;
    Ref ref_{};
    uint64_t cycles_ = 0, loads_ = 0, words_ = 0, short_ = 0, starts_ = 0, checks_ = 0;
    int s_load_ = 0, s_run_ = 0, s_n_ = 0, s_mrk_ = 0, s_k_ = 0;
};

}  // namespace

#define TXG_M_STR2(x) #x
#define TXG_M_STR(x) TXG_M_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-m-w" TXG_M_STR(TXG_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_x.v (stage X of the staged TX generator: D's word expanded to F's lanes,
// docs/timing.md section 4, D-077) against its C twin model/mdd_txg_x_model.c. The block is combinational: every
// cycle draws a new D word and compares every output F reads (per-lane fields on the word's lanes [0, n), every
// lane mask, the host counts and the lane fill's selects, each marker run's fields where the run exists). What
// X's word means is checked by the staged twin's suites, which compare the twin against the lane walk every
// cycle on real traffic. This bench reaches what that traffic rarely does: a word starting at any input lane,
// SPI runs anywhere (one or two, cut short, at lane 0), marker runs continued from the word's first lane or
// after an SPI run, the EP lane before, inside and after the word, PDU bounds on both sides of a run's count, and
// raw or unknown lengths.
//
// Build-time parameter (-D): TXG_W.
// Knobs: inject_fault (a cycle at which the twin's take is flipped). TXG_X_DEBUG=1 prints every drawn word.
#include "lockstep.h"

#include "Vmdd_txg_x.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_x_model.h"
}

#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kNW = ls::count_bits(kW);  // $clog2(W + 1)
constexpr unsigned kG = (ls::count_bits(kW) - 1 + 1) / 2;  // ceil(log2(W) / 2)

using ls::port_field;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_x>()), rng_(opt.seed ^ 0x7C6E0B15ull), fault_(opt.u64("inject_fault", ~0ull)) {
        mdd_txg_x_model_init(&model_, kW);
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_take_ = vcd.add("take", 1);
        s_v_ = vcd.add("o_v", 1);
        s_n_ = vcd.add("o_n", 8);
        s_hl_n_ = vcd.add("o_hl_n", 8);
        s_pdus_ = vcd.add("o_pdus", 32);
    }
    void model_dump(ls::Vcd &vcd) {
        vcd.val(s_take_, take_);
        vcd.val(s_v_, v_);
        vcd.val(s_n_, out_.n);
        vcd.val(s_hl_n_, out_.hl_n);
        vcd.val(s_pdus_, out_.pdus);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        // D's head stays until X takes it; the flow and F's flush are drawn every cycle
        if (!have_word_) draw();
        have_word_ = true;
        ctl_.rst = rng_.chance(0.002);
        ctl_.flush = rng_.chance(0.03);
        ctl_.in_v = rng_.chance(0.8);
        ctl_.room = rng_.chance(0.7);
        drive();
        top_->clk = 0;
        top_->eval();
        bool take, v;
        mdd_txg_x_eval(&model_, &ctl_, &out_, &take, &v);
        if (cyc == fault_) take = !take;
        take_ = take;
        v_ = v;
        chk.eq("take", take, top_->take);
        chk.eq("o_v", v, top_->o_v);
        checks_ += 2;
        if (v) compare(chk);
        count(v);
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_x_tick(&model_, &ctl_, &in_);
        tr.post();
        if (take && !ctl_.rst && !ctl_.flush) count_in();
        if (take || !ctl_.in_v) have_word_ = false;
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-x W=%u: %" PRIu64 " cycles, %" PRIu64 " words taken from D (two SPI runs %" PRIu64
                        ", first > 0 %" PRIu64 ", the EP before first %" PRIu64 ", a marker after the EP %" PRIu64
                        "), %" PRIu64 " given to F (SPI lanes %" PRIu64 ", marker runs 1: %" PRIu64 ", 2: %" PRIu64
                        "); %" PRIu64 " checks\n",
                     kW, cycles_, words_in_, spi2_, first_nz_, ep_first_, ep_run_, words_, spi_lanes_, runs_[1], runs_[2],
                     checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.raw = rng_.chance(0.05);
        in_.mpa = rng_.chance(0.5);
        in_.op = (uint8_t)rng_.below(5);
        // D's output: n lanes, the SPI runs among them, the input lanes [first, next) on the rest
        in_.n = (uint8_t)(rng_.chance(0.6) ? kW : 1 + rng_.below(kW));
        unsigned spi = 0;
        if (rng_.chance(0.3)) {
            const unsigned len = 1 + (unsigned)rng_.below(rng_.chance(0.5) ? 16 : 8);
            in_.r1_len = (uint8_t)(len < in_.n ? len : in_.n);
            in_.r1_pos = (uint8_t)rng_.below(in_.n - in_.r1_len + 1u);
            if (rng_.chance(0.3)) in_.r1_pos = 0;
            spi += in_.r1_len;
        }
        if (rng_.chance(0.3)) {
            const unsigned from = in_.r1_len ? in_.r1_pos + in_.r1_len : 0u;
            if (from < in_.n) {
                const unsigned room = in_.n - from;
                const unsigned len = 1 + (unsigned)rng_.below(16);
                in_.r2_len = (uint8_t)(len < room ? len : room);
                in_.r2_pos = (uint8_t)(from + rng_.below(room - in_.r2_len + 1u));
                spi += in_.r2_len;
            }
        }
        if (!in_.r1_len) in_.r1_pos = (uint8_t)rng_.below(kW);  // an empty run's position is any value
        if (!in_.r2_len) in_.r2_pos = (uint8_t)rng_.below(kW);
        in_.r1_aux = (uint8_t)rng_.below(16);
        const unsigned m = in_.n - spi;  // input lanes in the word
        in_.first = (uint8_t)(rng_.chance(0.4) ? 0 : rng_.below(kW - m + 1u));
        in_.next = (uint8_t)(in_.first + m);
        // the input lanes: classes with at most two marker runs inside the word, markers' bytes counting up
        static const uint8_t any[] = {MDD_TXG_L_HDR, MDD_TXG_L_HDIG, MDD_TXG_L_PAY, MDD_TXG_L_PI, MDD_TXG_L_PAD,
                                      MDD_TXG_L_DDIG, MDD_TXG_L_AFTER, MDD_TXG_L_PAY, MDD_TXG_L_HDR};
        const unsigned ml = in_.mpa ? 4 : 8;
        unsigned runs = 0, pc = 0, mbn = rng_.chance(0.3) ? 1 + (unsigned)rng_.below(ml - 1) : 0;
        bool in_run = rng_.chance(0.3);  // the word's first lane continues a run
        for (unsigned i = 0; i < kW; ++i) {
            const bool inside = i >= in_.first && i < in_.next;
            if (i == in_.first && inside && in_run) ++runs;
            if (!in_run && (!inside || runs < 2) && rng_.chance(0.12)) {
                in_run = true;
                mbn = 0;
                if (inside) ++runs;
            }
            if (in_run) {
                in_.dcls[i] = MDD_TXG_L_MRK;
                in_.mb[i] = (uint8_t)mbn;
                if (++mbn == ml) {
                    in_run = false;
                    mbn = 0;
                }
            } else {
                in_.dcls[i] = any[rng_.below(sizeof any)];
                in_.mb[i] = (uint8_t)rng_.below(8);  // (not a marker: any value)
            }
            in_.pc[i] = (uint8_t)pc;
            pc += in_.dcls[i] != MDD_TXG_L_MRK;
            in_.paux[i] = (uint8_t)rng_.below(16);
            in_.daux[i] = (uint8_t)rng_.below(16);
            in_.plow[i] = (uint8_t)rng_.below(8);
            in_.pflags[i] = (uint8_t)((rng_.below(4) & 3) << 4);  // EH, ED (EP below)
            in_.k |= (uint64_t)rng_.chance(0.5) << i;
            in_.boundary |= (uint64_t)rng_.chance(0.2) << i;
            in_.parse |= (uint64_t)rng_.chance(0.3) << i;
            in_.early |= (uint64_t)rng_.chance(0.3) << i;
            in_.eb |= (uint64_t)rng_.chance(0.1) << i;
        }
        if (rng_.chance(0.4)) in_.pflags[rng_.below(kW)] |= MDD_TAGM_EP;  // one EP lane at most
        // P's per-part values: the PDU's start b and end a_len near the word's counts, or far away
        const int64_t far = (int64_t)1 << 26;
        switch (rng_.below(4)) {
        case 0: in_.b = -(int64_t)rng_.below(far); break;
        case 1: in_.b = -(int64_t)rng_.below(3 * kW); break;
        default: in_.b = (int64_t)rng_.below(kW + 1); break;
        }
        in_.a_len = rng_.chance(0.7) ? (int64_t)rng_.below(kW + 2) : in_.b + (int64_t)rng_.below(far);
        in_.lk = rng_.chance(0.8);
        in_.wb = (int32_t)(rng_.chance(0.5) ? rng_.below(kW + 1) : rng_.next() & 0xFFFF);
        in_.pdus = (uint32_t)rng_.next();
    }

    void drive() {
        top_->rst = ctl_.rst;
        top_->flush = ctl_.flush;
        top_->in_v = ctl_.in_v;
        top_->room = ctl_.room;
        top_->cfg_raw = in_.raw;
        top_->cfg_mpa = in_.mpa;
        top_->cfg_op = in_.op;
        ls::Bits pflags, paux, mb, plow, pc, dcls, daux;
        for (unsigned i = 0; i < kW; ++i) {
            pflags.put(3 * i, 3, in_.pflags[i] >> 4);
            paux.put(4 * i, 4, in_.paux[i]);
            mb.put(3 * i, 3, in_.mb[i]);
            plow.put(3 * i, 3, in_.plow[i]);
            pc.put(kNW * i, kNW, in_.pc[i]);
            dcls.put(4 * i, 4, in_.dcls[i]);
            daux.put(4 * i, 4, in_.daux[i]);
        }
        ls::put_bytes(top_->pflags, pflags.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->paux, paux.b, kW / 2);
        ls::put_bytes(top_->mb, mb.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->plow, plow.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->pc, pc.b, (kNW * kW + 7) / 8);
        ls::put_bytes(top_->dcls, dcls.b, kW / 2);
        ls::put_bytes(top_->daux, daux.b, kW / 2);
        top_->k = (std::remove_reference<decltype(top_->k)>::type)lanes(in_.k);
        top_->boundary = (std::remove_reference<decltype(top_->boundary)>::type)lanes(in_.boundary);
        top_->parse = (std::remove_reference<decltype(top_->parse)>::type)lanes(in_.parse);
        top_->early = (std::remove_reference<decltype(top_->early)>::type)lanes(in_.early);
        top_->eb = (std::remove_reference<decltype(top_->eb)>::type)lanes(in_.eb);
        top_->b = (uint32_t)in_.b & 0xFFFFFFF;
        top_->a_len = (uint32_t)in_.a_len & 0xFFFFFFF;
        top_->lk = in_.lk;
        top_->wb = (uint16_t)in_.wb;
        top_->pdus = in_.pdus;
        top_->first = in_.first;
        top_->next = in_.next;
        top_->n = in_.n;
        top_->r1_pos = in_.r1_pos;
        top_->r1_len = in_.r1_len;
        top_->r1_aux = in_.r1_aux & 15;
        top_->r2_pos = in_.r2_pos;
        top_->r2_len = in_.r2_len;
    }

    static uint64_t lanes(uint64_t x) { return kW == 64 ? x : x & ((1ull << kW) - 1); }

    void compare(ls::Checker &chk) {
        if (std::getenv("TXG_X_DEBUG")) {
            std::fprintf(stderr, "first %u next %u n %u r1 %u+%u r2 %u+%u runs %u wb %d\n", in_.first, in_.next, in_.n,
                         in_.r1_pos, in_.r1_len, in_.r2_pos, in_.r2_len, out_.runs, in_.wb);
            for (unsigned i = 0; i < kW; ++i)
                std::fprintf(stderr, " %u: cls %u mb %u pc %u fl %x\n", i, in_.dcls[i], in_.mb[i], in_.pc[i], in_.pflags[i]);
        }
        chk.eq("o_n", out_.n, top_->o_n);
        for (unsigned q = 0; q < out_.n; ++q) {
            chk.eq("o_cls", out_.cls[q], port_field(top_->o_cls, 4 * q, 4));
            chk.eq("o_flags", out_.flags[q] >> 3, port_field(top_->o_flags, 4 * q, 4));
            chk.eq("o_aux", out_.aux[q] & 15, port_field(top_->o_aux, 4 * q, 4));
            chk.eq("o_mb", out_.mb[q], port_field(top_->o_mb, 3 * q, 3));
            chk.eq("o_plow", out_.plow[q], port_field(top_->o_plow, 3 * q, 3));
            chk.eq("o_hl", out_.hl[q], port_field(top_->o_hl, kNW * q, kNW));
            checks_ += 6;
        }
        chk.eq("o_k", out_.k, (uint64_t)top_->o_k);
        chk.eq("o_boundary", out_.boundary, (uint64_t)top_->o_boundary);
        chk.eq("o_parse", out_.parse, (uint64_t)top_->o_parse);
        chk.eq("o_upto", out_.upto_len, (uint64_t)top_->o_upto);
        chk.eq("o_mrk_after", out_.mrk_after, (uint64_t)top_->o_mrk_after);
        chk.eq("o_run", out_.run, (uint64_t)top_->o_run);
        chk.eq("o_host", out_.host, (uint64_t)top_->o_host);
        chk.eq("o_hl_n", out_.hl_n, top_->o_hl_n);
        chk.eq("o_pdus", out_.pdus, top_->o_pdus);
        for (unsigned g = 0; g < kG; ++g)
            for (unsigned q = 0; q < kW; ++q) chk.eq("o_sel", out_.sel[g][q], port_field(top_->o_sel, 2 * (g * kW + q), 2));
        checks_ += 9 + kG * kW;
        if (out_.runs > 0) {
            chk.eq("o_r_p0", out_.r_p[0], top_->o_r_p0);
            chk.eq("o_r_mval0", out_.r_mval[0], top_->o_r_mval0);
            chk.eq("o_r_bnd0", out_.r_bnd[0], top_->o_r_bnd0);
            checks_ += 3;
        }
        if (out_.runs > 1) {
            chk.eq("o_r_p1", out_.r_p[1], top_->o_r_p1);
            chk.eq("o_r_mval1", out_.r_mval[1], top_->o_r_mval1);
            chk.eq("o_r_bnd1", out_.r_bnd[1], top_->o_r_bnd1);
            checks_ += 3;
        }
    }

    // the drawn word taken into X: how much of what traffic rarely reaches it has
    void count_in() {
        ++words_in_;
        spi2_ += in_.r1_len && in_.r2_len;
        first_nz_ += in_.first != 0;
        int ep = -1;
        for (unsigned i = 0; i < kW && ep < 0; ++i)
            if (in_.pflags[i] & MDD_TAGM_EP) ep = (int)i;
        ep_first_ += ep >= 0 && (unsigned)ep < in_.first;
        bool run_after = false;
        for (unsigned i = in_.first; i < in_.next; ++i)
            run_after = run_after || (ep >= 0 && (unsigned)ep < i && in_.dcls[i] == MDD_TXG_L_MRK);
        ep_run_ += run_after;
    }

    void count(bool v) {
        if (!v) return;
        ++words_;
        for (unsigned q = 0; q < out_.n; ++q) spi_lanes_ += out_.cls[q] == MDD_TXG_L_SPI;
        ++runs_[out_.runs < 3 ? out_.runs : 0];
    }

    std::unique_ptr<Vmdd_txg_x> top_;
    mdd_txg_x_model model_{};
    mdd_txg_x_ctl ctl_{};
    mdd_txg_x_in in_{};
    mdd_txg_x_out out_{};
    bool have_word_ = false;
    ls::Rng rng_;
    uint64_t fault_;
    uint64_t cycles_ = 0, words_ = 0, words_in_ = 0, spi_lanes_ = 0, runs_[3] = {0}, checks_ = 0;
    uint64_t spi2_ = 0, ep_run_ = 0, ep_first_ = 0, first_nz_ = 0;
    bool take_ = false, v_ = false;
    int s_take_ = 0, s_v_ = 0, s_n_ = 0, s_hl_n_ = 0, s_pdus_ = 0;
};

}  // namespace

#define TXG_X_STR2(x) #x
#define TXG_X_STR(x) TXG_X_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-x-w" TXG_X_STR(TXG_W)); }

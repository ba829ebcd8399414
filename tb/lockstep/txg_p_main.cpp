// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_p.v (stage P of the staged TX generator, docs/timing.md section 4) against its
// C twin model/mdd_txg_p_model.c. What P's parts mean is checked elsewhere: the staged twin's suites
// (tx-gen-staged-w<W>, tx-path-lockstep-w<W>) run every part of this twin against the lane walk and the
// references on real traffic. This bench reaches what that traffic does not: any marker pattern, lengths at
// their field limits (DataSegmentLength 2^24 - 1, AHS 255 words, ULP header 0 and 255), start offsets at and
// around the length bytes and the need point, parses arriving at any time (also stale ones), words held
// while P's output is full.
//
// Every cycle every output is compared. Build-time parameter (-D): TXG_W. Knobs: p_load (0.03), p_go (0.8),
// p_pr (0.15), p_rst (0.0005), inject_fault (a cycle at which the twin's class of lane 0 is flipped).
#include "lockstep.h"

#include "Vmdd_txg_p.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_p_model.h"
}

#include <cstring>
#include <memory>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kNW = ls::count_bits(kW);  // $clog2(W + 1)
constexpr uint64_t kAMask = (1ull << 28) - 1;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_p>()),
          rng_(opt.seed ^ 0x50A6E11ull),
          p_load_(opt.prob("p_load", 0.03)),
          p_go_(opt.prob("p_go", 0.8)),
          p_pr_(opt.prob("p_pr", 0.15)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        if (mdd_txg_p_model_init(&model_, kW) != 0) ls::Options::die("W=%u not supported", kW);
        top_->clk = 0;
        top_->rst = 1;
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_load_ = vcd.add("load", 1);
        s_go_ = vcd.add("go", 1);
        s_v_ = vcd.add("v", 1);
        s_pop_ = vcd.add("pop", 1);
        s_hi_ = vcd.add("hi", 8);
        s_cls_ = vcd.add("cls", 4);
    }
    void model_dump(ls::Vcd &vcd) {
        mdd_txg_p_out o;
        mdd_txg_p_eval(&model_, &in_, &o);
        vcd.val(s_load_, in_.load);
        vcd.val(s_go_, in_.go);
        vcd.val(s_v_, o.v);
        vcd.val(s_pop_, o.pop);
        vcd.val(s_hi_, o.hi);
        vcd.val(s_cls_, o.cls[0]);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        drive();
        top_->clk = 0;
        top_->eval();
        mdd_txg_p_out o;
        mdd_txg_p_eval(&model_, &in_, &o);
        if (cyc == fault_) o.cls[0] ^= 1;
        compare(chk, o);
        count(o);
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_p_tick(&model_, &in_);
        tr.post();
        if (in_.rst || in_.load || o.pop) have_word_ = false;
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-p W=%u: %" PRIu64 " cycles, %" PRIu64 " loads (%" PRIu64 " MPA without ULP header), %" PRIu64
                        " parses, %" PRIu64 " parts (%" PRIu64 " ending inside a word, %" PRIu64 " with lengths known), %" PRIu64
                        " PDU ends, %" PRIu64 " halts, %" PRIu64 " checks\n",
                     kW, cycles_, loads_, ulp0_, parses_, parts_, splits_, known_, eps_, halts_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    uint32_t pick_dl(bool mpa) {
        uint32_t d;
        switch (rng_.below(6)) {
        case 0: d = 0; break;
        case 1: d = (uint32_t)rng_.below(3 * kW); break;
        case 2: d = (uint32_t)rng_.below(600); break;
        case 3: d = mpa ? 65535 - (uint32_t)rng_.below(300) : 0xFFFFFF - (uint32_t)rng_.below(4); break;
        default: d = (uint32_t)rng_.below(8 * kW); break;
        }
        return mpa ? d & 0xFFFF : d;
    }
    uint32_t pick_hl_iscsi() {
        return MDD_ISCSI_BHS_LEN + 4 * (uint32_t)(rng_.chance(0.1) ? 255 - rng_.below(3) : rng_.below(6));
    }
    // layout length of a PDU with these lengths (for start offsets inside it)
    uint32_t pdu_len(uint32_t hl, uint32_t dl) const {
        struct mdd_txg_cfg c;
        std::memset(&c, 0, sizeof c);
        c.mpa = in_.ld_mpa;
        c.hdig_en = in_.ld_hdig;
        c.ddig_en = in_.ld_ddig;
        uint32_t ps, pe, pde, len;
        int64_t lc;
        mdd_txg_lay(&c, hl, dl, &ps, &pe, &pde, &len, &lc);
        return len;
    }

    void draw_load() {
        in_.load = true;
        const unsigned proto = (unsigned)rng_.below(10);
        in_.ld_raw = proto == 0;
        in_.ld_mpa = proto >= 6;
        const bool iscsi = !in_.ld_raw && !in_.ld_mpa;
        in_.ld_self = !in_.ld_raw && rng_.chance(0.7);
        in_.ld_hdig = iscsi && rng_.chance(0.5);
        in_.ld_ddig = !in_.ld_raw && rng_.chance(0.6);
        in_.ld_ml = in_.ld_mpa ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN;
        in_.ld_ulp = 0;
        if (in_.ld_mpa) {
            const unsigned u = (unsigned)rng_.below(5);
            in_.ld_ulp = u < 2 ? 0 : u == 2 ? 1 + (uint32_t)rng_.below(4) : u == 3 ? 255 : (uint32_t)rng_.below(65);
            ulp0_ += in_.ld_ulp == 0;
        }
        ulp_ = in_.ld_ulp;
        in_.ld_hdr_len = in_.ld_mpa ? 2 + in_.ld_ulp : iscsi ? pick_hl_iscsi() : (uint32_t)rng_.below(4096);
        in_.ld_data_len = pick_dl(in_.ld_mpa);
        const uint32_t last = in_.ld_mpa ? MDD_MPA_LEN_OFF + 1 : MDD_ISCSI_DSL_OFF + 2;
        const uint32_t len = in_.ld_raw ? 1u << 24 : pdu_len(in_.ld_hdr_len, in_.ld_data_len);
        switch (rng_.below(5)) {
        case 0: in_.ld_pdu_off = 0; break;
        case 1: in_.ld_pdu_off = (uint32_t)rng_.below(last + 2); break;
        case 2: in_.ld_pdu_off = len - 1 - (uint32_t)rng_.below(std::min<uint32_t>(len, kW + 4)); break;
        default: in_.ld_pdu_off = (uint32_t)rng_.below(len); break;
        }
        if (!in_.ld_self && in_.ld_pdu_off >= len) in_.ld_pdu_off = len - 1;
        in_.ld_fpdu_woff = (uint32_t)rng_.below(65536);
        ++loads_;
    }

    void draw_word() {
        word_n_ = rng_.chance(0.7) ? kW : 1 + (unsigned)rng_.below(kW);
        word_mrk_ = word_mnext_ = 0;
        std::memset(word_mb_, 0, sizeof word_mb_);
        const unsigned ml = model_.mpa ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN;
        switch (rng_.below(5)) {
        case 0:
        case 1: break;  // no marker
        case 2: {       // the end of one marker, the start of another
            unsigned cont = (unsigned)rng_.below(ml);
            unsigned at = cont + (unsigned)rng_.below(kW + 2);
            for (unsigned i = 0; i < cont && i < word_n_; ++i) {
                word_mrk_ |= 1ull << i;
                word_mb_[i] = (uint8_t)(ml - cont + i);
            }
            for (unsigned i = at; i < at + ml && i < word_n_; ++i) {
                word_mrk_ |= 1ull << i;
                word_mb_[i] = (uint8_t)(i - at);
            }
            if (at >= 1 && at - 1 < word_n_) word_mnext_ |= 1ull << (at - 1);
            break;
        }
        default:  // anything
            for (unsigned i = 0; i < word_n_; ++i)
                if (rng_.chance(0.3)) {
                    word_mrk_ |= 1ull << i;
                    word_mb_[i] = (uint8_t)rng_.below(ml);
                }
            for (unsigned i = 0; i < word_n_; ++i)
                if (rng_.chance(0.1)) word_mnext_ |= 1ull << i;
            break;
        }
        unsigned c = 0;
        for (unsigned i = 0; i < kW; ++i) {
            word_pc_[i] = (uint8_t)(i < word_n_ ? c : rng_.below(kW + 1));  // lanes past n: anything
            if (i < word_n_) c += !((word_mrk_ >> i) & 1);
        }
        word_pc_n_ = (uint8_t)c;
        have_word_ = true;
    }

    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rng_.chance(p_rst_) || cycles_ == 0;
        if (in_.rst) loaded_ = false;
        if (!in_.rst && (!loaded_ || rng_.chance(p_load_))) {
            draw_load();
            loaded_ = true;
            have_word_ = false;
        }
        // F's parse: when P waits for one, now and then at any time (a stale one is kept and used later)
        const bool waits = loaded_ && !model_.raw && !model_.lk && !model_.rl && !model_.pr_v;
        if (!in_.load && ((waits && rng_.chance(p_pr_)) || rng_.chance(0.002))) {
            in_.pr_v = true;
            in_.pr_hl = model_.mpa ? 2 + ulp_ : pick_hl_iscsi();
            in_.pr_dl = pick_dl(model_.mpa);
            ++parses_;
        }
        if (!in_.load && loaded_ && rng_.chance(p_go_)) {
            if (!have_word_) draw_word();
            in_.go = true;
        }
        // the held word is presented whether or not go is set (P must not look at it then)
        in_.n = (uint8_t)word_n_;
        in_.mrk = word_mrk_;
        in_.mnext = word_mnext_;
        std::memcpy(in_.mb, word_mb_, sizeof in_.mb);
        std::memcpy(in_.pc, word_pc_, sizeof in_.pc);
        in_.pc_n = word_pc_n_;
        in_.pc_l = in_.n ? in_.pc[in_.n - 1] : 0;
    }

    void drive() {
        top_->rst = in_.rst;
        top_->load = in_.load;
        top_->ld_raw = in_.ld_raw;
        top_->ld_self = in_.ld_self;
        top_->ld_mpa = in_.ld_mpa;
        top_->ld_hdig = in_.ld_hdig;
        top_->ld_ddig = in_.ld_ddig;
        top_->ld_ulp = in_.ld_ulp;
        top_->ld_ml = in_.ld_ml;
        top_->ld_pdu_off = in_.ld_pdu_off;
        top_->ld_hdr_len = in_.ld_hdr_len;
        top_->ld_data_len = in_.ld_data_len;
        top_->ld_fpdu_woff = in_.ld_fpdu_woff;
        top_->pr_v = in_.pr_v;
        top_->pr_hl = in_.pr_hl;
        top_->pr_dl = in_.pr_dl;
        top_->go = in_.go;
        top_->n = in_.n;
        top_->mrk = (decltype(top_->mrk))in_.mrk;
        top_->mnext = (decltype(top_->mnext))in_.mnext;
        ls::Bits mb, pc;
        for (unsigned i = 0; i < kW; ++i) {
            mb.put(3 * i, 3, in_.mb[i]);
            pc.put(kNW * i, kNW, in_.pc[i]);
        }
        ls::put_bytes(top_->mb, mb.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->pc, pc.b, (kNW * kW + 7) / 8);
        top_->pc_n = in_.pc_n;
        top_->pc_l = in_.pc_l;
    }

    void compare(ls::Checker &chk, const mdd_txg_p_out &o) {
        chk.eq("v", o.v, top_->v);
        chk.eq("pop", o.pop, top_->pop);
        chk.eq("lo", o.lo, top_->lo);
        chk.eq("hi", o.hi, top_->hi);
        ls::Bits cls, flags, aux, plow, dc;
        for (unsigned i = 0; i < kW; ++i) {
            cls.put(4 * i, 4, o.cls[i]);
            flags.put(3 * i, 3, (unsigned)o.flags[i] >> MDD_TAG_EH);
            aux.put(4 * i, 4, o.aux[i]);
            plow.put(3 * i, 3, o.plow[i]);
            dc.put(kNW * i, kNW, o.dc[i]);
        }
        uint8_t r[128];
        ls::get_bytes(top_->cls, r, kW / 2);
        chk.eq_bytes("cls", cls.b, r, kW / 2);
        ls::get_bytes(top_->flags, r, (3 * kW + 7) / 8);
        chk.eq_bytes("flags", flags.b, r, (3 * kW + 7) / 8);
        ls::get_bytes(top_->aux, r, kW / 2);
        chk.eq_bytes("aux", aux.b, r, kW / 2);
        ls::get_bytes(top_->plow, r, (3 * kW + 7) / 8);
        chk.eq_bytes("plow", plow.b, r, (3 * kW + 7) / 8);
        ls::get_bytes(top_->dc, r, (kNW * kW + 7) / 8);
        chk.eq_bytes("dc", dc.b, r, (kNW * kW + 7) / 8);
        chk.eq("dc_n", o.dc_n, top_->dc_n);
        chk.eq("pi_here", o.pi_here, (uint64_t)top_->pi_here);
        chk.eq("boundary", o.boundary, (uint64_t)top_->boundary);
        chk.eq("parse", o.parse, (uint64_t)top_->parse);
        chk.eq("early", o.early, (uint64_t)top_->early);
        chk.eq("b", (uint64_t)o.b & kAMask, (uint64_t)top_->b);
        chk.eq("a_len", (uint64_t)o.a_len & kAMask, (uint64_t)top_->a_len);
        chk.eq("lk", o.lk, top_->lk);
        chk.eq("wb", (uint32_t)o.wb & 0xFFFF, top_->wb);
        chk.eq("fw", o.fw, top_->fw);
        chk.eq("pdus", o.pdus, top_->pdus);
        checks_ += 22;
    }

    void count(const mdd_txg_p_out &o) {
        if (!o.v) return;
        ++parts_;
        splits_ += !o.pop;
        known_ += o.lk;
        for (unsigned i = o.lo; i < o.hi; ++i) {
            eps_ += (o.flags[i] & MDD_TAGM_EP) != 0;
            halts_ += o.cls[i] == MDD_TXG_L_AFTER;
        }
    }

    std::unique_ptr<Vmdd_txg_p> top_;
    mdd_txg_p_model model_;
    mdd_txg_p_in in_{};
    ls::Rng rng_;
    double p_load_, p_go_, p_pr_, p_rst_;
    uint64_t fault_;
    bool loaded_ = false, have_word_ = false;
    uint32_t ulp_ = 0;
    unsigned word_n_ = kW;
    uint64_t word_mrk_ = 0, word_mnext_ = 0;
    uint8_t word_mb_[MDD_RX_MAX_W] = {0}, word_pc_[MDD_RX_MAX_W] = {0}, word_pc_n_ = 0;
    uint64_t cycles_ = 0, loads_ = 0, ulp0_ = 0, parses_ = 0, parts_ = 0, splits_ = 0, known_ = 0, eps_ = 0,
             halts_ = 0, checks_ = 0;
    int s_load_ = 0, s_go_ = 0, s_v_ = 0, s_pop_ = 0, s_hi_ = 0, s_cls_ = 0;
};

}  // namespace

#define TXG_P_STR2(x) #x
#define TXG_P_STR(x) TXG_P_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-p-w" TXG_P_STR(TXG_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_d.v (stage D of the staged TX generator, docs/timing.md section 4, D-073)
// against its C twin model/mdd_txg_d_model.c. What D's words mean is checked elsewhere: the staged twin's
// suites (tx-gen-staged-w<W>, tx-path-lockstep-w<W>) run every word of this twin against the lane walk and the
// references on real traffic. This bench reaches what that traffic does not: every DIF operation with blocks
// from 1 byte to 65535, start positions at and around the block end and inside the PI, parts of any shape
// (data runs with markers inside, PDU tails and headers, lanes before lo and after hi holding anything), parts
// held while D's output is full, loads and resets at any time.
//
// Every cycle every output is compared. Build-time parameter (-D): TXG_W. Knobs: p_load (0.02), p_go (0.8),
// p_rst (0.0005), inject_fault (a cycle at which the twin's take of lane 0 is flipped).
#include "lockstep.h"

#include "Vmdd_txg_d.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_d_model.h"
}

#include <cstring>
#include <memory>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;
constexpr unsigned kNW = ls::count_bits(kW);  // $clog2(W + 1)
constexpr uint64_t kEMask = (1ull << 20) - 1;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_d>()),
          rng_(opt.seed ^ 0xD1F5EEDull),
          p_load_(opt.prob("p_load", 0.02)),
          p_go_(opt.prob("p_go", 0.8)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        if (mdd_txg_d_model_init(&model_, kW) != 0) ls::Options::die("W=%u not supported", kW);
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
        s_next_ = vcd.add("next", 8);
        s_take_ = vcd.add("take", 1);
    }
    void model_dump(ls::Vcd &vcd) {
        mdd_txg_d_out o;
        mdd_txg_d_eval(&model_, &in_, &o);
        vcd.val(s_load_, in_.load);
        vcd.val(s_go_, in_.go);
        vcd.val(s_v_, o.v);
        vcd.val(s_pop_, o.pop);
        vcd.val(s_next_, o.next);
        vcd.val(s_take_, o.take & 1);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        drive();
        top_->clk = 0;
        top_->eval();
        mdd_txg_d_out o;
        mdd_txg_d_eval(&model_, &in_, &o);
        if (cyc == fault_) o.take ^= 1;
        compare(chk, o);
        count(o);
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_d_tick(&model_, &in_);
        tr.post();
        if (in_.rst || in_.load || o.pop) have_part_ = false;
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-d W=%u: %" PRIu64 " cycles, %" PRIu64 " loads (%" PRIu64 " STRIP, %" PRIu64
                        " inside the PI), %" PRIu64 " words (%" PRIu64 " ending inside a part), %" PRIu64 " EBs, %" PRIu64
                        " PI lanes, SPI runs %" PRIu64 " (%" PRIu64 " cut, %" PRIu64 " words with two), %" PRIu64 " checks\n",
                     kW, cycles_, loads_, strips_, in_pi_, words_, splits_, ebs_, pis_, runs_, cuts_, twos_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    void draw_load() {
        in_.load = true;
        const unsigned op = (unsigned)rng_.below(6);
        in_.ld_op = (uint8_t)(op == 5 ? MDD_DIF_CHECK_STRIP : op);  // STRIP twice as often: it is the expander
        in_.ld_pi = rng_.chance(0.5) ? 8 : 16;
        uint32_t blk;
        switch (rng_.below(6)) {
        case 0: blk = 1 + (uint32_t)rng_.below(4); break;
        case 1: blk = 1 + (uint32_t)rng_.below(kW); break;
        case 2: blk = kW - 2 + (uint32_t)rng_.below(5); break;
        case 3: blk = 512; break;
        case 4: blk = 65535 - (uint32_t)rng_.below(3); break;
        default: blk = 1 + (uint32_t)rng_.below(3 * kW); break;
        }
        in_.ld_blk = blk;
        const uint32_t per = blk + in_.ld_pi;
        uint32_t q;
        switch (rng_.below(5)) {
        case 0: q = 0; break;
        case 1: q = blk - 1 - (uint32_t)rng_.below(std::min<uint32_t>(blk, 3)); break;  // at the block end
        case 2: q = blk + (uint32_t)rng_.below(in_.ld_pi); break;                        // inside the PI
        case 3: q = per - 1; break;
        default: q = (uint32_t)rng_.below(per); break;
        }
        in_.ld_dif_pos = q;
        ++loads_;
        strips_ += in_.ld_op == MDD_DIF_CHECK_STRIP;
        in_pi_ += in_.ld_op != MDD_DIF_NONE && q >= blk;
    }

    // P's part: lanes [lo, hi) of a word. Shapes as P makes them: data runs (markers inside them, every lane
    // pi_here, and the lane after the run), PDU tails and headers; or anything, with pi_here after every
    // data lane (P's rule, which D's second run relies on). dc counts the part's DATA lanes from lo.
    void draw_part() {
        part_hi_ = rng_.chance(0.6) ? kW : 1 + (unsigned)rng_.below(kW);
        part_lo_ = rng_.chance(0.6) ? 0 : (unsigned)rng_.below(part_hi_);
        for (unsigned i = 0; i < kW; ++i) {  // lanes outside the part: anything
            part_cls_[i] = (uint8_t)rng_.below(10);
            part_dc_[i] = (uint8_t)rng_.below(kW + 1);
        }
        part_pi_ = rng_.next();
        const unsigned shape = (unsigned)rng_.below(4);
        bool after_data = rng_.chance(0.5);  // the lane before lo was a data lane
        for (unsigned i = part_lo_; i < part_hi_; ++i) {
            uint8_t c;
            bool pi = false;
            switch (shape) {
            case 0:
            case 1: {  // a data run, markers inside it, a tail after it
                const unsigned tail = shape == 0 ? kW : part_lo_ + (unsigned)rng_.below(part_hi_ - part_lo_ + 1);
                c = i < tail ? (rng_.chance(0.1) ? MDD_TXG_L_MRK : MDD_TXG_L_DATA)
                             : (uint8_t)(rng_.chance(0.5) ? MDD_TXG_L_PAD : MDD_TXG_L_HDR);
                pi = i < tail || i == tail;
                break;
            }
            case 2: {  // a PDU's tail and the next header: DDIG, HDR (the first at PDU offset 0, pi_here)
                const unsigned at0 = part_lo_ + (unsigned)rng_.below(part_hi_ - part_lo_ + 1);
                c = i < at0 ? MDD_TXG_L_DDIG : rng_.chance(0.1) ? MDD_TXG_L_MRK : MDD_TXG_L_HDR;
                pi = i == at0 && rng_.chance(0.7);
                break;
            }
            default: {  // anything
                static const uint8_t any[] = {MDD_TXG_L_MRK,  MDD_TXG_L_HDR,  MDD_TXG_L_HDIG, MDD_TXG_L_DATA,
                                              MDD_TXG_L_DATA, MDD_TXG_L_DATA, MDD_TXG_L_PAD,  MDD_TXG_L_DDIG,
                                              MDD_TXG_L_AFTER};
                c = any[rng_.below(sizeof any)];
                pi = c == MDD_TXG_L_DATA || rng_.chance(0.2);
                break;
            }
            }
            pi = pi || after_data;
            after_data = c == MDD_TXG_L_DATA || (after_data && c == MDD_TXG_L_MRK);
            part_cls_[i] = c;
            part_pi_ = (part_pi_ & ~(1ull << i)) | ((uint64_t)pi << i);
        }
        unsigned dc = 0;
        for (unsigned i = part_lo_; i < part_hi_; ++i) {
            part_dc_[i] = (uint8_t)dc;
            dc += part_cls_[i] == MDD_TXG_L_DATA;
        }
        part_dc_n_ = (uint8_t)dc;
        have_part_ = true;
    }

    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rng_.chance(p_rst_) || cycles_ == 0;
        if (in_.rst) loaded_ = false;
        if (!in_.rst && (!loaded_ || rng_.chance(p_load_))) {
            draw_load();
            loaded_ = true;
            have_part_ = false;
        }
        if (!in_.load && loaded_ && rng_.chance(p_go_)) {
            if (!have_part_) draw_part();
            in_.go = true;
        }
        // the held part is presented whether or not go is set (D must not look at it then)
        in_.lo = (uint8_t)part_lo_;
        in_.hi = (uint8_t)part_hi_;
        std::memcpy(in_.cls, part_cls_, sizeof in_.cls);
        std::memcpy(in_.dc, part_dc_, sizeof in_.dc);
        in_.pi_here = kW == 64 ? part_pi_ : part_pi_ & ((1ull << kW) - 1);
        in_.dc_n = part_dc_n_;
    }

    void drive() {
        top_->rst = in_.rst;
        top_->load = in_.load;
        top_->ld_op = in_.ld_op;
        top_->ld_blk = in_.ld_blk;
        top_->ld_pi = in_.ld_pi;
        top_->ld_dif_pos = in_.ld_dif_pos;
        top_->go = in_.go;
        top_->lo = in_.lo;
        top_->hi = in_.hi;
        ls::Bits cls, dc;
        for (unsigned i = 0; i < kW; ++i) {
            cls.put(4 * i, 4, in_.cls[i]);
            dc.put(kNW * i, kNW, in_.dc[i]);
        }
        ls::put_bytes(top_->cls, cls.b, kW / 2);
        ls::put_bytes(top_->dc, dc.b, (kNW * kW + 7) / 8);
        top_->pi_here = (decltype(top_->pi_here))in_.pi_here;
        top_->dc_n = in_.dc_n;
    }

    void compare(ls::Checker &chk, const mdd_txg_d_out &o) {
        chk.eq("v", o.v, top_->v);
        chk.eq("pop", o.pop, top_->pop);
        chk.eq("first", o.first, top_->first);
        chk.eq("next", o.next, top_->next);
        chk.eq("n", o.n, top_->n);
        chk.eq("take", o.take, (uint64_t)top_->take);
        chk.eq("eb", o.eb, (uint64_t)top_->eb);
        ls::Bits cls, aux, ins;
        for (unsigned i = 0; i < kW; ++i) {
            cls.put(4 * i, 4, o.cls[i]);
            aux.put(4 * i, 4, o.aux[i]);
            ins.put(6 * i, 6, o.ins[i]);
        }
        uint8_t r[128];
        ls::get_bytes(top_->ocls, r, kW / 2);
        chk.eq_bytes("cls", cls.b, r, kW / 2);
        ls::get_bytes(top_->aux, r, kW / 2);
        chk.eq_bytes("aux", aux.b, r, kW / 2);
        ls::get_bytes(top_->ins, r, (6 * kW + 7) / 8);
        chk.eq_bytes("ins", ins.b, r, (6 * kW + 7) / 8);
        chk.eq("r1_pos", o.r1_pos, top_->r1_pos);
        chk.eq("r1_len", o.r1_len, top_->r1_len);
        chk.eq("r2_pos", o.r2_pos, top_->r2_pos);
        chk.eq("r2_len", o.r2_len, top_->r2_len);
        chk.eq("p1", o.p1, top_->p1);
        chk.eq("p2", o.p2, top_->p2);
        chk.eq("q", o.q, top_->q);
        chk.eq("e", (uint64_t)o.e & kEMask, (uint64_t)top_->e);
        chk.eq("kp", o.kp, top_->kp);
        checks_ += 21;
    }

    void count(const mdd_txg_d_out &o) {
        if (!o.v) return;
        ++words_;
        splits_ += !o.pop;
        ebs_ += o.eb != 0;
        for (unsigned i = o.first; i < o.next; ++i) pis_ += o.cls[i] == MDD_TXG_L_PI;
        runs_ += (o.r1_len != 0) + (o.r2_len != 0);
        cuts_ += (o.r1_len && o.r1_len < o.kp) || (o.r2_len && o.r2_len < model_.pi);
        twos_ += o.r1_len && o.r2_len;
    }

    std::unique_ptr<Vmdd_txg_d> top_;
    mdd_txg_d_model model_;
    mdd_txg_d_in in_{};
    ls::Rng rng_;
    double p_load_, p_go_, p_rst_;
    uint64_t fault_;
    bool loaded_ = false, have_part_ = false;
    unsigned part_lo_ = 0, part_hi_ = kW;
    uint8_t part_cls_[MDD_RX_MAX_W] = {0}, part_dc_[MDD_RX_MAX_W] = {0}, part_dc_n_ = 0;
    uint64_t part_pi_ = 0;
    uint64_t cycles_ = 0, loads_ = 0, strips_ = 0, in_pi_ = 0, words_ = 0, splits_ = 0, ebs_ = 0, pis_ = 0, runs_ = 0,
             cuts_ = 0, twos_ = 0, checks_ = 0;
    int s_load_ = 0, s_go_ = 0, s_v_ = 0, s_pop_ = 0, s_next_ = 0, s_take_ = 0;
};

}  // namespace

#define TXG_D_STR2(x) #x
#define TXG_D_STR(x) TXG_D_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-d-w" TXG_D_STR(TXG_W)); }

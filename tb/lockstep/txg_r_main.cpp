// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_r.v (stage R of the staged TX generator: the resume fields, docs/timing.md
// section 4) against its C twin model/mdd_txg_r_model.c. Every cycle draws a word as F leaves it (its lanes
// [off, next) of any kind, VOID around them, stripped-PI lanes among the PI ones, an EP lane or none), whether it
// starts or ends a transfer, a bad transfer, F's lengths, whether it moves on; a transfer's first word draws a new
// descriptor (every protocol and DIF operation, marker periods and DIF blocks near W and far from it, SKIP_LEN and
// PASS_LEN around the word's lanes and at 2^32 - 1). Both descriptors R leaves are compared every cycle: o_desc (the
// word's, its lengths written) and q_desc (the output register's, q_base: the o_desc of the last word that moved
// on or noise, with the state's fields written where q_sel, drawn either way). What the fields mean is checked by
// the staged twin's suites: the generator's resume fields against the lane walk's and the references'.
//
// Build-time parameter (-D): TXG_W. Knobs: inject_fault (a cycle at which the twin's q_desc bit 0 of MRK_POS is
// flipped; q_sel is then drawn 1).
#include "lockstep.h"

#include "Vmdd_txg_r.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_r_model.h"
}

#include <cstring>
#include <memory>
#include <type_traits>

#ifndef TXG_W
#error "TXG_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TXG_W;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_r>()), rng_(opt.seed ^ 0x2E5A3E11ull), fault_(opt.u64("inject_fault", ~0ull)) {
        mdd_txg_r_model_init(&model_, kW);
        new_desc();
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_go_ = vcd.add("go", 1);
        s_last_ = vcd.add("last", 1);
        s_desc_ = vcd.add("o_desc", 512);
        s_qdesc_ = vcd.add("q_desc", 512);
    }
    void model_dump(ls::Vcd &vcd) {
        vcd.val(s_go_, in_.go);
        vcd.val(s_last_, in_.last);
        vcd.val_bytes(s_desc_, desc_out_);
        vcd.val_bytes(s_qdesc_, qdesc_out_);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        if (cyc == fault_) in_.q_sel = true;
        drive();
        top_->clk = 0;
        top_->eval();
        mdd_txg_r_state after;
        uint64_t desc[8], qdesc[8];
        mdd_txg_r_eval(&model_, &in_, &after, desc, qdesc);
        if (cyc == fault_) qdesc[MDD_DESC_MRK_POS_WORD] ^= 1ull << MDD_DESC_MRK_POS_LSB;
        uint8_t r[64];
        ls::words_to_bytes(desc, desc_out_, 8);
        ls::get_bytes(top_->o_desc, r, 64);
        chk.eq_bytes("o_desc", desc_out_, r, 64);
        ls::words_to_bytes(qdesc, qdesc_out_, 8);
        ls::get_bytes(top_->q_desc, r, 64);
        chk.eq_bytes("q_desc", qdesc_out_, r, 64);
        checks_ += 2;
        resumed_ += in_.last && !in_.dbad;
        q_resumed_ += in_.q_sel;
        // the next cycle's output register: this word's o_desc where it moves on (mostly), else noise
        if (in_.go && !rng_.chance(0.1)) {
            std::memcpy(q_base_, desc, sizeof q_base_);
            q_sel_ = in_.last && !in_.dbad;
        } else if (rng_.chance(0.1)) {
            for (auto &x : q_base_) x = rng_.next();
            q_sel_ = rng_.chance(0.5);
        }
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_r_tick(&model_, &in_);
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-r W=%u: %" PRIu64 " cycles, %" PRIu64 " words with resume fields, %" PRIu64
                        " output registers with them, %" PRIu64 " with an EP lane, %" PRIu64
                        " with stripped-PI lanes\n",
                     kW, cycles_, resumed_, q_resumed_, ep_words_, spi_words_);
    }
    uint64_t checks() const { return checks_; }

  private:
    uint32_t near_or_far(uint32_t near, uint32_t far_mask) {
        return rng_.chance(0.6) ? (uint32_t)rng_.below(near) : (uint32_t)rng_.next() & far_mask;
    }

    void new_desc() {
        std::memset(desc_, 0, sizeof desc_);
        uint64_t *d = desc_;
        mdd_field_set(d, MDD_DESC_PROTO_WORD, MDD_DESC_PROTO_LSB, MDD_DESC_PROTO_W, rng_.below(3));
        mdd_field_set(d, MDD_DESC_MRK_EN_WORD, MDD_DESC_MRK_EN_LSB, 1, rng_.chance(0.7));
        const uint32_t period = 1 + near_or_far(3 * kW, 0x7FFFE);
        mdd_field_set(d, MDD_DESC_MRK_PERIOD_WORD, MDD_DESC_MRK_PERIOD_LSB, MDD_DESC_MRK_PERIOD_W, period);
        mdd_field_set(d, MDD_DESC_MRK_POS_WORD, MDD_DESC_MRK_POS_LSB, MDD_DESC_MRK_POS_W, rng_.below(period));
        mdd_field_set(d, MDD_DESC_DIF_OP_WORD, MDD_DESC_DIF_OP_LSB, MDD_DESC_DIF_OP_W, rng_.below(5));
        mdd_field_set(d, MDD_DESC_PI_FMT_WORD, MDD_DESC_PI_FMT_LSB, MDD_DESC_PI_FMT_W, rng_.below(2));
        const uint32_t blk = 1 + near_or_far(2 * kW, 0xFFFE);
        mdd_field_set(d, MDD_DESC_BLK_LEN_WORD, MDD_DESC_BLK_LEN_LSB, MDD_DESC_BLK_LEN_W, blk);
        mdd_field_set(d, MDD_DESC_DIF_POS_WORD, MDD_DESC_DIF_POS_LSB, MDD_DESC_DIF_POS_W, rng_.below(blk + 8));
        mdd_field_set(d, MDD_DESC_PDU_OFF_WORD, MDD_DESC_PDU_OFF_LSB, MDD_DESC_PDU_OFF_W, near_or_far(64, 0x1FFFFFF));
        mdd_field_set(d, MDD_DESC_FPDU_WOFF_WORD, MDD_DESC_FPDU_WOFF_LSB, MDD_DESC_FPDU_WOFF_W, rng_.next() & 0xFFFF);
        mdd_field_set(d, MDD_DESC_TCP_SEQ_WORD, MDD_DESC_TCP_SEQ_LSB, MDD_DESC_TCP_SEQ_W, rng_.next() & 0xFFFFFFFF);
        const uint32_t skip = rng_.chance(0.1) ? 0xFFFFFFFFu : near_or_far(3 * kW, 0xFFFFFFFF);
        const uint32_t pass = rng_.chance(0.1) ? 0xFFFFFFFFu : near_or_far(3 * kW, 0xFFFFFFFF);
        mdd_field_set(d, MDD_TXDESC_SKIP_LEN_WORD, MDD_TXDESC_SKIP_LEN_LSB, MDD_TXDESC_SKIP_LEN_W, skip);
        mdd_field_set(d, MDD_TXDESC_PASS_LEN_WORD, MDD_TXDESC_PASS_LEN_LSB, MDD_TXDESC_PASS_LEN_W, pass);
        // the other fields: noise R must pass through
        for (unsigned k = 0; k < 8; ++k) noise_[k] = rng_.next();
    }

    void draw() {
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rng_.chance(0.002);
        in_.go = rng_.chance(0.8);
        in_.first = rng_.chance(0.15);
        if (in_.first) new_desc();
        in_.last = rng_.chance(0.2);
        in_.dbad = rng_.chance(0.1);
        std::memcpy(in_.desc, desc_, sizeof desc_);
        // noise in the fields R does not read or write (XFER_ID, the digest partials, ...)
        in_.desc[0] |= noise_[0] & 0xFFFF;
        in_.desc[1] = noise_[1];
        in_.hdr_len = (uint32_t)rng_.below(1u << 12);
        in_.data_len = (uint32_t)rng_.next() & 0xFFFFFF;
        std::memcpy(in_.q_base, q_base_, sizeof q_base_);
        in_.q_sel = q_sel_;
        const unsigned off = (unsigned)rng_.below(kW), next = off + 1 + (unsigned)rng_.below(kW - off);
        static const uint8_t kinds[] = {MDD_KIND_PAY, MDD_KIND_HDR, MDD_KIND_HDIG, MDD_KIND_PAD,
                                        MDD_KIND_MRK, MDD_KIND_PI,  MDD_KIND_DDIG};
        const int ep = rng_.chance(0.3) ? (int)(off + rng_.below(next - off)) : -1;
        bool spi = false;
        for (unsigned i = 0; i < kW; ++i) {
            if (i < off || i >= next) {
                in_.tag[i] = (uint8_t)(MDD_KIND_VOID | (rng_.next() & 0x80));  // (the RTL does not look at a VOID lane's flags)
                continue;
            }
            const uint8_t kind = kinds[rng_.below(sizeof kinds)];
            in_.tag[i] = (uint8_t)(kind | (rng_.next() & 0xB8) | ((int)i == ep ? MDD_TAGM_EP : 0));
            if (kind == MDD_KIND_PI && rng_.chance(0.4)) {
                in_.spi |= 1ull << i;
                spi = true;
            }
        }
        ep_words_ += ep >= 0;
        spi_words_ += spi;
    }

    void drive() {
        top_->rst = in_.rst;
        top_->go = in_.go;
        ls::put_bytes(top_->tag, in_.tag, kW);
        top_->spi = (std::remove_reference<decltype(top_->spi)>::type)(kW == 64 ? in_.spi : in_.spi & ((1ull << kW) - 1));
        top_->first = in_.first;
        top_->last = in_.last;
        top_->dbad = in_.dbad;
        uint8_t d[64];
        ls::words_to_bytes(in_.desc, d, 8);
        ls::put_bytes(top_->desc, d, 64);
        top_->hdr_len = (uint16_t)in_.hdr_len;
        top_->data_len = in_.data_len;
        ls::words_to_bytes(in_.q_base, d, 8);
        ls::put_bytes(top_->q_base, d, 64);
        top_->q_sel = in_.q_sel;
    }

    std::unique_ptr<Vmdd_txg_r> top_;
    mdd_txg_r_model model_{};
    mdd_txg_r_in in_{};
    uint64_t desc_[8] = {0}, noise_[8] = {0}, q_base_[8] = {0};
    bool q_sel_ = false;
    ls::Rng rng_;
    uint64_t fault_;
    uint64_t cycles_ = 0, checks_ = 0, resumed_ = 0, q_resumed_ = 0, ep_words_ = 0, spi_words_ = 0;
    uint8_t desc_out_[64] = {0}, qdesc_out_[64] = {0};
    int s_go_ = 0, s_last_ = 0, s_desc_ = 0, s_qdesc_ = 0;
};

}  // namespace

#define TXG_R_STR2(x) #x
#define TXG_R_STR(x) TXG_R_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-r-w" TXG_R_STR(TXG_W)); }

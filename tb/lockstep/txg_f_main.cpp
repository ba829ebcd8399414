// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_txg_f.v (stage F of the staged TX generator: control, data path and registers,
// docs/timing.md section 4, D-076) against its C twin model/mdd_txg_f_model.c. Every cycle draws D's word, the
// ring's window and each lane's host byte, and compares every output (the word's bytes, tags, aux, events and
// fields, the control's decision, the parse register's load) and F's registers after the edge. What F's words mean
// is checked elsewhere: the staged twin's suites run this twin against F's lane walk and the references on real
// traffic. This bench reaches what that traffic rarely does: T3 markers at any PDU offset and any first lane,
// both marker runs in one word with either image, MPA lengths at and around the ULP header, AFTER lanes,
// UPSTREAM marks on any host byte, lost and bad transfers, F's registers at their limits.
//
// The inputs keep F's contract: off < n, hl the word's host-lane count, at most one length byte per PDU offset
// and one EP lane in a word, AFTER lanes only without self-framing (D-094); a configuration holds for a transfer
// (until F ends it).
//
// Build-time parameter (-D): TXG_W.
// Knobs: p_bad (0.05), inject_fault (a cycle at which the twin's emit is flipped).
#include "lockstep.h"

#include "Vmdd_txg_f.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_int.h"
#include "mdd_txg_f_model.h"
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
constexpr unsigned kWin = kW + 8;

class Bench {
  public:
    explicit Bench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_txg_f>()),
          rng_(opt.seed ^ 0xF0F1F2F3ull),
          p_bad_(opt.prob("p_bad", 0.05)),
          fault_(opt.u64("inject_fault", ~0ull)) {
        mdd_txg_f_model_init(&m_, kW);
        new_config();
        top_->clk = 0;
        top_->eval();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
    void model_signals(ls::Vcd &vcd) {
        s_emit_ = vcd.add("emit", 1);
        s_why_ = vcd.add("fc_why", 4);
        s_next_ = vcd.add("fc_next", 8);
        s_in_xfer_ = vcd.add("in_xfer", 1);
        s_hoff_ = vcd.add("hoff_r", 32);
    }
    void model_dump(ls::Vcd &vcd) {
        vcd.val(s_emit_, out_.emit);
        vcd.val(s_why_, out_.fc.why);
        vcd.val(s_next_, out_.fc.next);
        vcd.val(s_in_xfer_, m_.in_xfer);
        vcd.val(s_hoff_, m_.hoff);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw();
        drive();
        top_->clk = 0;
        top_->eval();
        mdd_txg_f_eval(&m_, &in_, &out_);
        if (cyc == fault_) out_.emit = !out_.emit;
        compare(chk);
        count();
        held_ = !out_.emit && !in_.rst && !in_.bad;
        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_txg_f_tick(&m_, &in_);
        compare_regs(chk);
        tr.post();
        if (out_.emit && out_.stop) new_config();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "txg-f W=%u: %" PRIu64 " cycles, %" PRIu64 " words (%" PRIu64 " consumed), ended by: whole %" PRIu64
                        ", wait %" PRIu64 ", transfer end %" PRIu64 ", T3 %" PRIu64 ", T3 wait %" PRIu64
                        ", T3 FRAME %" PRIu64 ", AFTER %" PRIu64 ", after the length %" PRIu64 ", length sum stale %"
                        PRIu64 "; T3 reads %" PRIu64
                        " (%" PRIu64 " words held), T3 images %" PRIu64
                        ", two runs %" PRIu64 ", MPA length FRAME %" PRIu64 ", publish %" PRIu64 ", UPSTREAM %" PRIu64
                        ", DESC %" PRIu64 ", %" PRIu64 " checks\n",
                     kW, cycles_, words_, consumed_, whys_[0], whys_[1], whys_[2], whys_[3], whys_[4], whys_[5],
                     whys_[6], whys_[7], whys_[9], t3_reads_, holds_, t3_images_, two_runs_, len_frames_, publishes_, ups_, descs_, checks_);
    }
    uint64_t checks() const { return checks_; }

  private:
    // A transfer's configuration and descriptor lengths (held until F ends the transfer).
    void new_config() {
        const unsigned proto = (unsigned)rng_.below(10);
        cfg_mpa_ = proto < 5;
        cfg_iscsi_ = proto >= 5 && proto < 9;
        cfg_self_ = (cfg_mpa_ || cfg_iscsi_) && rng_.chance(0.8);  // (raw: no PDUs to frame)
        cfg_hdig_ = rng_.chance(0.5);
        cfg_ddig_ = rng_.chance(0.5);
        cfg_op_ = (uint8_t)rng_.below(5);
        cfg_ulp_ = (uint8_t)(rng_.chance(0.5) ? rng_.below(30) : rng_.below(256));
        ld_hdr_len_ = (uint16_t)(cfg_mpa_ ? 2 + cfg_ulp_ : 48 + 4 * rng_.below(256));
        ld_data_len_ = (uint32_t)(rng_.chance(0.5) ? rng_.below(2000) : rng_.below(1u << 24));
        // MPA resumed between its two length bytes: data_len is the first byte's value, often 0 (FRAME at offset 0
        // of the transfer, where an UPSTREAM on its first byte ties with it)
        if (cfg_mpa_ && rng_.chance(0.3)) ld_data_len_ = (uint32_t)rng_.below(2);
        bad_ = rng_.chance(p_bad_);
    }

    void draw() {
        // F holds D's word while it takes nothing (as the pipeline does): the same word again after an idle cycle,
        // with the ring's bytes unread (a T3 read is then followed by its marker's lanes)
        if (held_ && rng_.chance(0.7)) {
            in_.rst = rng_.chance(0.002);
            in_.present = rng_.chance(0.95);
            in_.go = rng_.chance(0.9);
            if (in_.avail < kRing && rng_.chance(0.3)) {
                in_.avail = (uint8_t)(in_.avail + 1);
                in_.a = (uint16_t)(in_.a + 1);
            }
            ++holds_;
            return;
        }
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rng_.chance(0.002);
        in_.mpa = cfg_mpa_;
        in_.iscsi = cfg_iscsi_;
        in_.self = cfg_self_;
        in_.hdig = cfg_hdig_;
        in_.ddig = cfg_ddig_;
        in_.op = cfg_op_;
        in_.ulp = cfg_ulp_;
        in_.ld_hdr_len = ld_hdr_len_;
        in_.ld_data_len = ld_data_len_;
        in_.present = rng_.chance(0.95);
        in_.go = rng_.chance(0.9);
        in_.bad = bad_;
        switch (rng_.below(4)) {
        case 0: in_.avail = (uint8_t)rng_.below(4); break;
        case 1: in_.avail = (uint8_t)rng_.below(10); break;
        case 2: in_.avail = (uint8_t)rng_.below(kW + 2); break;
        default: in_.avail = (uint8_t)rng_.below(kRing + 1); break;
        }
        in_.last_in = rng_.chance(0.3);
        for (unsigned j = 0; j < kWin; ++j) {
            in_.win[j] = (uint8_t)rng_.next();
            in_.win_up[j] = rng_.chance(0.05);
        }
        in_.dv = rng_.chance(0.9);
        in_.n = (uint8_t)(rng_.chance(0.6) ? kW : 1 + rng_.below(kW));
        in_.off = (uint8_t)(rng_.chance(0.5) ? 0 : rng_.below(in_.n));
        draw_lanes();
        in_.pdus = (uint32_t)(rng_.chance(0.1) ? ~0u - rng_.below(2) : rng_.below(1000));
        in_.next_v = rng_.chance(0.5);
        in_.next_swh = rng_.chance(0.5);
    }

    void draw_lanes() {
        const unsigned last_len = mdd_txg_last_len(in_.mpa);
        const unsigned ml = in_.mpa ? MDD_MPA_MRK_LEN : MDD_ISCSI_MRK_LEN;
        // the runs: p small (T3, boundaries, the header's first bytes) or anywhere in a PDU
        for (unsigned r = 0; r < 2; ++r) {
            in_.r_p[r] = (uint32_t)(rng_.chance(0.5) ? rng_.below(10) : rng_.below(1u << 25));
            in_.r_mval[r] = (uint16_t)rng_.next();
            in_.r_bnd[r] = rng_.chance(0.2);
        }
        const bool hdr_word = rng_.chance(0.5);  // a header's length bytes, markers among them
        unsigned p = (unsigned)rng_.below(last_len + 2);
        int run = -1;
        unsigned mrk_left = 0, mb = 0, eps = 0;
        for (unsigned i = 0; i < in_.n; ++i) {
            // a marker run: the word may start inside one (run 0 from any byte), a second one starts at byte 0
            if (mrk_left == 0 && run < 1 && (in_.mpa || in_.iscsi) && rng_.chance(i == 0 ? 0.3 : 0.12)) {
                ++run;
                mb = run == 0 && i == 0 ? (unsigned)rng_.below(ml) : 0;
                mrk_left = ml - mb;
            }
            uint8_t c;
            if (mrk_left) {
                c = MDD_TXG_L_MRK;
                in_.mb[i] = (uint8_t)mb++;
                --mrk_left;
                in_.run |= (uint64_t)run << i;
                in_.boundary |= (uint64_t)in_.r_bnd[run] << i;
                in_.upto_len |= (uint64_t)(in_.self && in_.r_p[run] <= last_len) << i;
                in_.plow[i] = (uint8_t)(in_.r_p[run] & 7);
            } else if (hdr_word && p <= last_len) {
                c = MDD_TXG_L_HDR;
                in_.parse |= (uint64_t)in_.self << i;
                in_.upto_len |= (uint64_t)in_.self << i;
                in_.plow[i] = (uint8_t)p++;
            } else {
                static const uint8_t any[] = {MDD_TXG_L_HDR, MDD_TXG_L_HDIG, MDD_TXG_L_PAY, MDD_TXG_L_PI,
                                              MDD_TXG_L_PAD, MDD_TXG_L_DDIG, MDD_TXG_L_SPI, MDD_TXG_L_PAY};
                c = any[rng_.below(sizeof any)];
                if (!in_.self && rng_.chance(0.02)) c = MDD_TXG_L_AFTER; // (P's: descriptor-framed only)
                in_.plow[i] = (uint8_t)rng_.below(8);
                if (hdr_word) ++p;
            }
            in_.cls[i] = c;
            uint8_t fl = (uint8_t)((rng_.chance(0.05) ? MDD_TAGM_EB : 0) | (rng_.chance(0.05) ? MDD_TAGM_EH : 0) |
                                   (rng_.chance(0.05) ? MDD_TAGM_ED : 0));
            if (eps == 0 && rng_.chance(0.05)) {
                fl |= MDD_TAGM_EP;
                ++eps;
            }
            in_.flags[i] = fl;
            in_.aux[i] = (uint8_t)rng_.below(16);
            in_.k |= (uint64_t)rng_.chance(0.7) << i;
            // (a length's high bytes often 0: MPA lengths below the ULP header)
            in_.hb[i] = (uint8_t)(c == MDD_TXG_L_HDR && (in_.parse >> i & 1) && rng_.chance(0.4) ? 0 : rng_.next());
        }
        unsigned hl = 0;
        bool mrk_later = false;
        for (unsigned i = 0; i < in_.n; ++i) {
            in_.hl[i] = (uint8_t)hl;
            const bool host = mdd_txg_needs_host(in_.op, in_.cls[i]);
            hl += host;
            if (host && rng_.chance(0.05)) in_.hb_up |= 1ull << i;
            // the generator's lane fill puts window byte hl[i] on host lane i, and F reads a length byte from the
            // window (D-108): the window holds each host lane's byte and mark
            if (host) {
                in_.win[hl - 1] = in_.hb[i];
                in_.win_up[hl - 1] = (in_.hb_up >> i & 1) != 0;
            }
        }
        for (unsigned i = in_.n; i-- > 0;) {
            in_.mrk_after |= (uint64_t)mrk_later << i;
            mrk_later = mrk_later || in_.cls[i] == MDD_TXG_L_MRK;
        }
        in_.hl_n = (uint8_t)hl;
        in_.hl_off = in_.hl[in_.off];
        in_.a = (uint16_t)(in_.avail + in_.hl_off);
        if (run == 1) ++two_runs_;
    }

    void drive() {
        top_->rst = in_.rst;
        top_->cfg_mpa = in_.mpa;
        top_->cfg_self = in_.self;
        top_->cfg_hdig = in_.hdig;
        top_->cfg_ddig = in_.ddig;
        top_->cfg_op = in_.op;
        top_->cfg_ulp = in_.ulp;
        top_->ld_hdr_len = in_.ld_hdr_len;
        top_->ld_data_len = in_.ld_data_len;
        top_->present = in_.present;
        top_->bad = in_.bad;
        top_->go = in_.go;
        top_->avail = in_.avail;
        top_->last_in = in_.last_in;
        ls::put_bytes(top_->win, in_.win, kWin);
        ls::Bits up;
        for (unsigned j = 0; j < kWin; ++j) up.put(j, 1, in_.win_up[j]);
        ls::put_bytes(top_->win_up, up.b, (kWin + 7) / 8);
        top_->dv = in_.dv;
        top_->off = in_.off;
        top_->n = in_.n;
        ls::Bits cls, flags, aux, mb, plow, hl;
        for (unsigned i = 0; i < kW; ++i) {
            cls.put(4 * i, 4, in_.cls[i]);
            flags.put(4 * i, 4, in_.flags[i] >> MDD_TAG_EB);
            aux.put(4 * i, 4, in_.aux[i]);
            mb.put(3 * i, 3, in_.mb[i]);
            plow.put(3 * i, 3, in_.plow[i]);
            hl.put(kNW * i, kNW, in_.hl[i]);
        }
        ls::put_bytes(top_->cls, cls.b, kW / 2);
        ls::put_bytes(top_->flags, flags.b, kW / 2);
        ls::put_bytes(top_->aux, aux.b, kW / 2);
        ls::put_bytes(top_->mb, mb.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->plow, plow.b, (3 * kW + 7) / 8);
        ls::put_bytes(top_->hl, hl.b, (kNW * kW + 7) / 8);
        ls::put_bytes(top_->hb, in_.hb, kW);
        top_->hl_n = in_.hl_n;
        top_->hl_off = in_.hl_off;
        top_->a = in_.a;
        top_->k = (std::remove_reference<decltype(top_->k)>::type)lanes(in_.k);
        top_->boundary = (std::remove_reference<decltype(top_->boundary)>::type)lanes(in_.boundary);
        top_->parse = (std::remove_reference<decltype(top_->parse)>::type)lanes(in_.parse);
        top_->upto_len = (std::remove_reference<decltype(top_->upto_len)>::type)lanes(in_.upto_len);
        top_->mrk_after = (std::remove_reference<decltype(top_->mrk_after)>::type)lanes(in_.mrk_after);
        top_->run = (std::remove_reference<decltype(top_->run)>::type)lanes(in_.run);
        top_->hb_up = (std::remove_reference<decltype(top_->hb_up)>::type)lanes(in_.hb_up);
        top_->r_p0 = in_.r_p[0];
        top_->r_p1 = in_.r_p[1];
        top_->r_mval0 = in_.r_mval[0];
        top_->r_mval1 = in_.r_mval[1];
        top_->r_bnd0 = in_.r_bnd[0];
        top_->r_bnd1 = in_.r_bnd[1];
        top_->pdus = in_.pdus;
        top_->next_v = in_.next_v;
        top_->next_swh = in_.next_swh;
    }

    static uint64_t lanes(uint64_t x) { return kW == 64 ? x : x & ((1ull << kW) - 1); }

    void compare(ls::Checker &chk) {
        chk.eq("emit", out_.emit, top_->emit);
        ++checks_;
        const bool consume = in_.bad || (m_.in_xfer && m_.lost);
        const bool active = !in_.rst && in_.present && in_.go && (consume || in_.dv);
        if (active) {
            chk.eq("fc_why", out_.fc.why, top_->fc_why);
            chk.eq("fc_next", out_.fc.next, top_->fc_next);
            chk.eq("fc_hl_end", out_.fc.hl_end, top_->fc_hl_end);
            checks_ += 3;
        }
        if (!out_.emit) return;
        const mdd_rx_word &o = out_.o;
        uint8_t r[kW];
        ls::get_bytes(top_->o_data, r, kW);
        chk.eq_bytes("o_data", o.data, r, kW);
        ls::get_bytes(top_->o_tag, r, kW);
        chk.eq_bytes("o_tag", o.tag, r, kW);
        uint8_t ra[kW / 2];
        ls::Bits aux;
        for (unsigned i = 0; i < kW; ++i) aux.put(4 * i, 4, o.aux[i]);
        ls::get_bytes(top_->o_aux, ra, kW / 2);
        chk.eq_bytes("o_aux", aux.b, ra, kW / 2);
        chk.eq("o_first", o.first, top_->o_first);
        chk.eq("o_last", o.last, top_->o_last);
        chk.eq("o_woff", o.woff, top_->o_woff);
        chk.eq("o_nin", o.nin, top_->o_nin);
        chk.eq("o_dbad", o.dbad, top_->o_dbad);
        chk.eq("o_xflags", o.xflags, top_->o_xflags);
        chk.eq("o_err_v", o.err_v, top_->o_err_v);
        if (o.err_v) {
            chk.eq("o_err_code", o.err_code, top_->o_err_code);
            chk.eq("o_err_byte", o.err_byte, top_->o_err_byte);
            chk.eq("o_err_off", o.err_off, top_->o_err_off);
            chk.eq("o_err_unit", o.err_unit, top_->o_err_unit);
            chk.eq("o_err_exp", o.err_exp, top_->o_err_exp);
            chk.eq("o_err_got", o.err_got, top_->o_err_got);
            checks_ += 6;
        }
        chk.eq("o_emap", o.emap, top_->o_emap);
        chk.eq("o_ecnt", o.ecnt, top_->o_ecnt);
        chk.eq("o_spi", out_.spi, lanes((uint64_t)top_->o_spi));
        chk.eq("used", out_.used, top_->used);
        chk.eq("stop", out_.stop, top_->stop);
        chk.eq("df_pop", out_.df_pop, top_->df_pop);
        chk.eq("df_set", out_.df_set, top_->df_set);
        if (out_.df_set) chk.eq("df_off", out_.df_off, top_->df_off);
        chk.eq("flush", out_.flush, top_->flush);
        chk.eq("frame_later", out_.frame_later, top_->frame_later);
        chk.eq("publish", out_.publish, top_->publish);
        if (out_.publish) {
            chk.eq("pr_pdu", out_.pr_pdu, top_->pr_pdu);
            chk.eq("pr_hl", out_.pr_hl, top_->pr_hl);
            chk.eq("pr_dl", out_.pr_dl, top_->pr_dl);
            checks_ += 3;
        }
        checks_ += 22;
    }

    // (the RTL loads the other registers whenever F runs, the twin only with a word: the same values inside a
    // transfer; outside one neither is read)
    void compare_regs(ls::Checker &chk) {
        chk.eq("in_xfer", m_.in_xfer, top_->in_xfer);
        ++checks_;
        if (!m_.in_xfer) return;
        chk.eq("lost_r", m_.lost, top_->lost_r);
        chk.eq("mimg_ok_r", m_.mimg_ok, top_->mimg_ok_r);
        chk.eq("hoff_r", m_.hoff, top_->hoff_r);
        chk.eq("hdr_len_r", m_.hdr_len, top_->hdr_len_r);
        chk.eq("data_len_r", m_.data_len, top_->data_len_r);
        chk.eq("len_off_r", m_.len_off, top_->len_off_r);
        checks_ += 6;
    }

    void count() {
        t3_reads_ += !out_.emit && out_.fc.why == MDD_TXG_FC_T3_READ;
        if (!out_.emit) return;
        ++words_;
        const bool consume = in_.bad || (m_.in_xfer && m_.lost);
        consumed_ += consume;
        if (!consume) ++whys_[out_.fc.why & 15];
        publishes_ += out_.publish;
        if (out_.o.emap & (1u << MDD_ERR_UPSTREAM)) ++ups_;
        if (out_.o.emap & (1u << MDD_ERR_DESC)) ++descs_;
        if ((out_.o.emap & (1u << MDD_ERR_FRAME)) && out_.fc.why != MDD_TXG_FC_T3_FRAME &&
            out_.fc.why != MDD_TXG_FC_AFTER)
            ++len_frames_;
        if (!consume && !in_.mpa && in_.self) {
            for (unsigned i = in_.off; i < out_.fc.next; ++i)
                if (in_.cls[i] == MDD_TXG_L_MRK && in_.r_p[in_.run >> i & 1] <= 7 && !in_.r_bnd[in_.run >> i & 1]) {
                    ++t3_images_;
                    break;
                }
        }
    }

    std::unique_ptr<Vmdd_txg_f> top_;
    mdd_txg_f_model m_{};
    mdd_txg_f_in in_{};
    mdd_txg_f_out out_{};
    ls::Rng rng_;
    double p_bad_;
    uint64_t fault_;
    bool cfg_mpa_ = false, cfg_iscsi_ = false, cfg_self_ = false, cfg_hdig_ = false, cfg_ddig_ = false, bad_ = false;
    uint8_t cfg_op_ = 0, cfg_ulp_ = 0;
    uint16_t ld_hdr_len_ = 0;
    uint32_t ld_data_len_ = 0;
    uint64_t cycles_ = 0, words_ = 0, consumed_ = 0, whys_[16] = {0}, t3_images_ = 0, two_runs_ = 0, len_frames_ = 0,
             publishes_ = 0, ups_ = 0, descs_ = 0, checks_ = 0, t3_reads_ = 0, holds_ = 0;
    bool held_ = false;
    int s_emit_ = 0, s_why_ = 0, s_next_ = 0, s_in_xfer_ = 0, s_hoff_ = 0;
};

}  // namespace

#define TXG_F_STR2(x) #x
#define TXG_F_STR(x) TXG_F_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-txg-f-w" TXG_F_STR(TXG_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_tx_gen.v (the TX generator) against its C twin model/mdd_tx_gen_model.c, with the
// reference transmitter model/mdd_txref.c as the independent oracle.
//
// Stimulus: tb/lockstep/tx_stim.h (TX traffic in every DIF mode, chained transfers, windows, junk and
// descriptor-framed pieces, FRAME, T3 cuts, holes, tuser, stalls, resets).
//
// Every cycle: both sides evaluated, every output compared (valid or not), both clocked. Independently, per
// transfer (the suite's "passed" count), against mdd_txref_run() on the same host bytes:
//   lanes    the non-VOID lanes in order = the reference's generated stream: tags (K included) and aux equal;
//            data equal, except where the check stages fill later (HDIG, DDIG, INSERT PI: zero here;
//            CHECK_REPLACE PI: the host's byte here)
//   words    first on the first word only, nin adds up to the host bytes, exactly one last
//   events   DESC, UPSTREAM and FRAME: their number, map and the first (offset, code, unit, expected, found)
//   resume   the fields the generator owns in the last word's descriptor = the reference's context
//            (TCP_SEQ, MRK_POS, PDU_OFF, HDR_LEN, DATA_LEN, DIF_POS, FPDU_WOFF, SKIP_LEN, PASS_LEN); frame_lost
//
// Build-time parameter (-D): TX_GEN_W. Knobs: those of tx_stim.h, min_xfers (transfers to check before the end),
// inject_fault (a cycle at which the model's m_tag lane 0 is flipped: the harness must catch it), model_only=1
// (the twin alone against the references, the RTL not run), staged=N (the staged twin of docs/timing.md section 4
// with N = 1 or 2 layout pipelines: with model_only=1, or staged=2 in the TXG_STAGED_RTL build below), min_t3_wait (staged: F's words that
// must end at a T3 lane with the host ring short of the lengths, mdd_txg_fc_model's MDD_TXG_FC_T3_WAIT).
//
// Built with TXG_STAGED_RTL (Verilated top rtl/mdd_txg.v, the staged generator): the RTL against the staged twin
// (staged=2), every output every cycle, with the same reference checks.
//
// Built with TXG_LAY_SHADOW (Verilated top rtl/mdd_txg_lay.v instead of the generator): the staged twin runs alone
// against the references (model_only=1, staged=2 unless staged=1 is given), and the RTL of its two layout
// pipelines runs beside it, compared with the twin's every cycle (tb/lockstep/txg_lay_shadow.h).
#include "lockstep.h"

#include "tx_stim.h"

#if defined(TXG_LAY_SHADOW)
#include "txg_lay_shadow.h"
#elif defined(TXG_STAGED_RTL)
#include "Vmdd_txg.h"
using TopRtl = Vmdd_txg;
#else
#include "Vmdd_tx_gen.h"
using TopRtl = Vmdd_tx_gen;
#endif

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_model.h"
#include "mdd_txref.h"
#include "mdd_txtraf.h"
}

#include <algorithm>
#include <cstring>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef TX_GEN_W
#error "TX_GEN_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TX_GEN_W;
using ls::get_bytes;
using ls::put_bytes;
using ls::words_to_bytes;

uint64_t field(const uint64_t *d, unsigned word, unsigned lsb, unsigned width) {
    return mdd_rx_field(d, word, lsb, width);
}

using txs::Ev;
using txs::Xfer;

class Bench : public txs::Stim<kW, mdd_tx_gen_in> {
  public:
    explicit Bench(const ls::Options &opt) : Stim(opt), opt_(opt) {
#ifdef TXG_LAY_SHADOW
        model_only_ = true;
        staged_ = (unsigned)opt.u64("staged", 2, 1, 2);
#elif defined(TXG_STAGED_RTL)
        top_.reset(new TopRtl);
        model_only_ = opt.u64("model_only", 0) != 0;
        staged_ = (unsigned)opt.u64("staged", 2, 2, 2);
#else
        top_.reset(new TopRtl);
        model_only_ = opt.u64("model_only", 0) != 0;
        staged_ = (unsigned)opt.u64("staged", 0, 0, 2);
        if (staged_ && !model_only_)
            ls::Options::die("staged=N: the staged generator's RTL is the harness built with TXG_STAGED_RTL (txg_top_w<W>); "
                             "add model_only=1");
#endif
        if (mdd_tx_gen_model_init_staged(&model_, kW, staged_) != 0) ls::Options::die("W=%u not supported", kW);
        min_xfers_ = opt.u64("min_xfers", 0);
        min_t3_wait_ = opt.u64("min_t3_wait", 0);
        inject_fault_ = (int64_t)opt.u64("inject_fault", (uint64_t)-1);
        cpu_start_ = std::clock();
    }

#ifdef TXG_LAY_SHADOW
    void trace_rtl(VerilatedVcdC *vcd) { shadow_.trace(vcd); }
#else
    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }
#endif

    void model_signals(ls::Vcd &vcd) {
        s_rst_ = vcd.add("rst", 1);
        s_tvalid_ = vcd.add("s_axis_tx_tvalid", 1);
        s_tready_ = vcd.add("s_axis_tx_tready", 1);
        s_tkeep_ = vcd.add("s_axis_tx_tkeep", kW);
        s_tlast_ = vcd.add("s_axis_tx_tlast", 1);
        s_dvalid_ = vcd.add("s_axis_tx_desc_tvalid", 1);
        s_dready_ = vcd.add("s_axis_tx_desc_tready", 1);
        s_mvalid_ = vcd.add("m_valid", 1);
        s_mready_ = vcd.add("m_ready", 1);
        s_mdata_ = vcd.add("m_data", 8 * kW);
        s_mtag_ = vcd.add("m_tag", 8 * kW);
        s_mlast_ = vcd.add("m_last", 1);
        s_mnin_ = vcd.add("m_nin", 8);
        s_hbcnt_ = vcd.add("hb_cnt", 8);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_tx_gen_out o;
        mdd_tx_gen_eval(&model_, &in_, &o);
        vcd.val(s_rst_, in_.rst);
        vcd.val(s_tvalid_, in_.s_axis_tx_tvalid);
        vcd.val(s_tready_, o.s_axis_tx_tready);
        vcd.val(s_tkeep_, in_.s_axis_tx_tkeep);
        vcd.val(s_tlast_, in_.s_axis_tx_tlast);
        vcd.val(s_dvalid_, in_.s_axis_tx_desc_tvalid);
        vcd.val(s_dready_, o.s_axis_tx_desc_tready);
        vcd.val(s_mvalid_, o.m_valid);
        vcd.val(s_mready_, in_.m_ready);
        vcd.val_bytes(s_mdata_, o.m_data);
        vcd.val_bytes(s_mtag_, o.m_tag);
        vcd.val(s_mlast_, o.m_last);
        vcd.val(s_mnin_, o.m_nin);
        vcd.val(s_hbcnt_, model_.hb_cnt);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs();
        if (!model_only_) {
            drive_rtl();
            rtl_clock(0);
        }

        mdd_tx_gen_out mo;
        mdd_tx_gen_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_tag[0] ^= 1;
        if (!model_only_) compare(chk, mo);
        handshakes(chk, mo);

        tr.pre();
        if (!model_only_) rtl_clock(1);
        mdd_tx_gen_tick(&model_, &in_);
#ifdef TXG_LAY_SHADOW
        shadow_.step(model_, in_.rst);
        shadow_.compare(chk, model_);
#endif
        tr.post();
        if (model_.staged_errors)
            chk.failf("stages", "a stage's word disagrees with the byte-by-byte rules (%" PRIu64 " times)",
                      model_.staged_errors);
        // progress: a transfer outstanding and no word out for this long is a hang (the stimulus always
        // completes its transfers' host bytes)
        if (in_.rst || pending_.empty() || (mo.m_valid && in_.m_ready))
            idle_ = 0;
        else if (++idle_ == kHang)
            chk.failf("progress", "no word for %u cycles with transfer %u outstanding", kHang, xid(pending_.front()));
        ++cycles_;
        if (cyc + 1 == opt_.cycles && xfers_checked_ < min_xfers_)
            chk.failf("volume", "only %" PRIu64 " transfers checked, fewer than min_xfers=%" PRIu64, xfers_checked_, min_xfers_);
        if (cyc + 1 == opt_.cycles && model_.txg_st.f_end[MDD_TXG_FC_T3_WAIT] < min_t3_wait_)
            chk.failf("coverage", "F's words ended at a T3 lane short of host bytes: %" PRIu64 ", fewer than min_t3_wait=%"
                      PRIu64, model_.txg_st.f_end[MDD_TXG_FC_T3_WAIT], min_t3_wait_);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "tx-gen W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "tx-gen W=%u: %" PRIu64 " cycles, %" PRIu64 " streams, %" PRIu64 " transfers checked (%" PRIu64
                     " junk), %" PRIu64 " host bytes in, %" PRIu64 " lanes out, %" PRIu64 " golden checks\n",
                     kW, cycles_, streams_, xfers_checked_, junk_checked_, host_bytes_, lanes_out_, checks_);
        std::fprintf(f, "  modes:");
        for (unsigned m = 0; m < MDD_TX_MODES; ++m) std::fprintf(f, " %s %" PRIu64, mdd_tx_mode_name[m], mode_count_[m]);
        std::fprintf(f, "; events DESC %" PRIu64 " UPSTREAM %" PRIu64 " FRAME %" PRIu64 "; resets %" PRIu64 "\n",
                     ev_count_[MDD_ERR_DESC], ev_count_[MDD_ERR_UPSTREAM], ev_count_[MDD_ERR_FRAME], resets_);
        std::fprintf(f, "  words out %" PRIu64 ": short last words %" PRIu64 ", short words inside a transfer %" PRIu64
                     "\n", words_out_, short_last_, short_mid_);
        if (staged_) {
            const mdd_txg_stats &st = model_.txg_st;
            std::fprintf(f, "  staged: F starved %" PRIu64 " cycles (%" PRIu64 " P waiting for the parse, %" PRIu64
                            " at a transfer's start), P waiting for a parse %" PRIu64 " cycles, short words"
                            " P %" PRIu64 " D %" PRIu64 "; D words with an SPI run cut %" PRIu64 ", with two SPI runs %" PRIu64 "\n",
                     st.f_starved, st.f_starved_parse, st.f_starved_start, st.p_wait,
                     st.p_short, st.d_short, st.d_spi_cut, st.d_spi_two);
            std::fprintf(f, "  staged: X's words with SPI %" PRIu64 " (lanes after r1 %" PRIu64 ", after r2 %" PRIu64
                            "), two marker runs %" PRIu64 ", a marker after the part's EP %" PRIu64 ", the EP before first %"
                            PRIu64 ", first > 0 %" PRIu64 "\n",
                     st.x_spi, st.x_reg1, st.x_reg2, st.x_runs2, st.x_run_after_ep, st.x_ep_first, st.x_first_nz);
            const uint64_t *fe = st.f_end;
            std::fprintf(f, "  staged: F's words taken whole %" PRIu64 ", ended by a wait %" PRIu64 ", the transfer's end %"
                            PRIu64 ", T3 %" PRIu64 ", T3 short (wait) %" PRIu64 ", T3 short (FRAME) %" PRIu64 ", AFTER %" PRIu64 ", after the length %"
                            PRIu64 ", T3 reads %" PRIu64 ", length sum stale %" PRIu64 "; MPA's length FRAME flushed a"
                            " cycle later %" PRIu64 ", in the transfer's last word (at once) %" PRIu64 "\n",
                     fe[MDD_TXG_FC_POP], fe[MDD_TXG_FC_WAIT], fe[MDD_TXG_FC_STOP], fe[MDD_TXG_FC_T3], fe[MDD_TXG_FC_T3_WAIT], fe[MDD_TXG_FC_T3_FRAME],
                     fe[MDD_TXG_FC_AFTER], fe[MDD_TXG_FC_LEN], fe[MDD_TXG_FC_T3_READ], fe[MDD_TXG_FC_PLEN],
                     st.f_frame_later, st.f_frame_stop);
        }
#ifdef TXG_LAY_SHADOW
        std::fprintf(f, "  layout pipelines in RTL beside the twin's: %" PRIu64 " head words compared (%" PRIu64
                        " field checks)\n", shadow_.words(), shadow_.checks());
#endif
        if (opt_.bench && cycles_)
            std::fprintf(f,
                         "bench tx-gen W=%u: %.3f generated lanes/cycle (%.1f%% of W), %.3f host bytes/cycle\n",
                         kW, (double)lanes_out_ / (double)cycles_, 100.0 * (double)lanes_out_ / (double)cycles_ / kW,
                         (double)host_bytes_ / (double)cycles_);
    }

#ifdef TXG_LAY_SHADOW
    uint64_t checks() const { return checks_ + shadow_.checks(); }
#else
    uint64_t checks() const { return checks_; }
#endif

  private:
#ifdef TXG_LAY_SHADOW
    void drive_rtl() {}
    void rtl_clock(int) {}
    void compare(ls::Checker &, const mdd_tx_gen_out &) {}
#else
    void rtl_clock(int clk) {
        top_->clk = clk;
        top_->eval();
    }

    void drive_rtl() {
        top_->rst = in_.rst;
        put_bytes(top_->s_axis_tx_tdata, in_.s_axis_tx_tdata, kW);
        top_->s_axis_tx_tkeep = (decltype(top_->s_axis_tx_tkeep))in_.s_axis_tx_tkeep;
        top_->s_axis_tx_tlast = in_.s_axis_tx_tlast;
        top_->s_axis_tx_tuser = in_.s_axis_tx_tuser;
        top_->s_axis_tx_tvalid = in_.s_axis_tx_tvalid;
        uint8_t d[64];
        words_to_bytes(in_.s_axis_tx_desc_tdata, d, 8);
        put_bytes(top_->s_axis_tx_desc_tdata, d, 64);
        top_->s_axis_tx_desc_tvalid = in_.s_axis_tx_desc_tvalid;
        top_->m_ready = in_.m_ready;
    }

    // ---- RTL vs twin ----

    void compare(ls::Checker &chk, const mdd_tx_gen_out &mo) {
        uint8_t r[64], m[64];
        chk.eq("s_axis_tx_tready", mo.s_axis_tx_tready, top_->s_axis_tx_tready);
        chk.eq("s_axis_tx_desc_tready", mo.s_axis_tx_desc_tready, top_->s_axis_tx_desc_tready);
        chk.eq("m_valid", mo.m_valid, top_->m_valid);
        get_bytes(top_->m_data, r, kW);
        chk.eq_bytes("m_data", mo.m_data, r, kW);
        get_bytes(top_->m_tag, r, kW);
        chk.eq_bytes("m_tag", mo.m_tag, r, kW);
        get_bytes(top_->m_aux, r, (kW + 1) / 2);
        for (unsigned i = 0; i < (kW + 1) / 2; ++i) m[i] = (uint8_t)((mo.m_aux[2 * i] & 15) | (mo.m_aux[2 * i + 1] << 4));
        chk.eq_bytes("m_aux", m, r, kW / 2);
        chk.eq("m_first", mo.m_first, top_->m_first);
        chk.eq("m_last", mo.m_last, top_->m_last);
        chk.eq("m_woff", mo.m_woff, top_->m_woff);
        chk.eq("m_nin", mo.m_nin, top_->m_nin);
        chk.eq("m_dbad", mo.m_dbad, top_->m_dbad);
        get_bytes(top_->m_desc, r, 64);
        words_to_bytes(mo.m_desc, m, 8);
        chk.eq_bytes("m_desc", m, r, 64);
        chk.eq("m_xflags", mo.m_xflags, top_->m_xflags);
        chk.eq("m_err_v", mo.m_err_v, top_->m_err_v);
        chk.eq("m_err_code", mo.m_err_code, top_->m_err_code);
        chk.eq("m_err_byte", mo.m_err_byte, top_->m_err_byte);
        chk.eq("m_err_off", mo.m_err_off, top_->m_err_off);
        chk.eq("m_err_unit", mo.m_err_unit, top_->m_err_unit);
        chk.eq("m_err_exp", mo.m_err_exp, top_->m_err_exp);
        chk.eq("m_err_got", mo.m_err_got, top_->m_err_got);
        chk.eq("m_emap", mo.m_emap, top_->m_emap);
        chk.eq("m_ecnt", mo.m_ecnt, top_->m_ecnt);
    }
#endif

    // ---- handshakes and the golden comparison ----

    void draw_ready() override { in_.m_ready = rng_.chance(p_ready_); }

    void handshakes(ls::Checker &chk, const mdd_tx_gen_out &mo) {
        accepted(in_.s_axis_tx_tvalid && mo.s_axis_tx_tready, in_.s_axis_tx_desc_tvalid && mo.s_axis_tx_desc_tready);
        if (in_.rst) return;
        if (!(mo.m_valid && in_.m_ready)) return;
        if (pending_.empty()) {
            chk.failf("words", "a word with no transfer outstanding");
            return;
        }
        Xfer &x = pending_.front();
        if ((x.words == 0) != mo.m_first) chk.failf("words", "transfer %u: m_first %d on word %" PRIu64, xid(x), mo.m_first, x.words);
        ++x.words;
        ++words_out_;
        x.nin += mo.m_nin;
        unsigned nv = 0;
        for (unsigned i = 0; i < kW; ++i) nv += (mo.m_tag[i] & 7) != MDD_KIND_VOID;
        if (nv < kW) (mo.m_last ? short_last_ : short_mid_)++;
        for (unsigned i = 0; i < kW; ++i) {
            if ((mo.m_tag[i] & 7) == MDD_KIND_VOID) continue;
            x.o_data.push_back(mo.m_data[i]);
            x.o_tag.push_back(mo.m_tag[i]);
            x.o_aux.push_back(mo.m_aux[i] & 15);
            ++lanes_out_;
        }
        if (mo.m_err_v) {
            Ev e{mo.m_err_code, mo.m_err_byte, mo.m_err_off, mo.m_err_unit, mo.m_err_exp, mo.m_err_got};
            if (!x.err_v || e.off < x.best.off || (e.off == x.best.off && e.code < x.best.code)) x.best = e;
            x.err_v = true;
        }
        x.emap |= mo.m_emap;
        x.ecnt += mo.m_ecnt;
        if (mo.m_last) {
            golden(chk, x, mo);
            pending_.pop_front();
        }
    }

    static unsigned xid(const Xfer &x) { return (unsigned)MDD_GET(DESC, XFER_ID, x.desc); }

    void golden(ls::Checker &chk, const Xfer &x, const mdd_tx_gen_out &mo) {
        unsigned id = xid(x);
        unsigned dif_op = (unsigned)MDD_GET(DESC, DIF_OP, x.desc);
        ++xfers_checked_;
        if (x.junk) ++junk_checked_;
        // lanes
        bool ok = x.o_tag.size() == x.gen.size();
        size_t bad = 0;
        for (size_t g = 0; ok && g < x.gen.size(); ++g) {
            unsigned kind = x.gen_tag[g] & 7;
            uint8_t want = x.gen[g];
            if (kind == MDD_KIND_HDIG || kind == MDD_KIND_DDIG || (kind == MDD_KIND_PI && dif_op == MDD_DIF_INSERT))
                want = 0;
            else if (kind == MDD_KIND_PI && dif_op == MDD_DIF_CHECK_REPLACE)
                want = x.host[x.gen_src[g]];
            if (x.o_tag[g] != x.gen_tag[g] || x.o_aux[g] != x.gen_aux[g] || x.o_data[g] != want) {
                ok = false;
                bad = g;
            }
        }
        ++checks_;
        if (!ok) {
            if (x.o_tag.size() != x.gen.size())
                chk.failf("lanes", "transfer %u: %zu lanes generated, reference %zu", id, x.o_tag.size(), x.gen.size());
            else
                chk.failf("lanes", "transfer %u lane %zu (src %d): tag 0x%02x aux %u data 0x%02x, reference tag 0x%02x "
                             "aux %u data 0x%02x", id, bad, (int)x.gen_src[bad], x.o_tag[bad], x.o_aux[bad],
                             x.o_data[bad], x.gen_tag[bad], x.gen_aux[bad], x.gen[bad]);
        }
        ++checks_;
        if (x.nin != x.host.size())
            chk.failf("nin", "transfer %u: nin adds up to %" PRIu64 ", host bytes %zu", id, x.nin, x.host.size());
        // events
        uint16_t map = 0;
        const Ev *first = nullptr;
        size_t n_ev = 0;
        for (const Ev &e : x.ev) {
            if (e.code != MDD_ERR_DESC && e.code != MDD_ERR_UPSTREAM && e.code != MDD_ERR_FRAME) continue;
            ++n_ev;
            map = (uint16_t)(map | 1u << e.code);
            if (!first || e.off < first->off || (e.off == first->off && e.code < first->code)) first = &e;
            ++ev_count_[e.code];
        }
        ++checks_;
        bool ev_ok = x.ecnt == n_ev && x.emap == map && x.err_v == (first != nullptr);
        if (ev_ok && first)
            ev_ok = x.best.code == first->code && x.best.off == first->off && x.best.unit == first->unit &&
                    x.best.exp == first->exp && x.best.got == first->got;
        if (!ev_ok)
            chk.failf("events", "transfer %u: %" PRIu64 " events map 0x%x first code %u off %u unit %u exp %" PRIx64
                         " got %" PRIx64 "; reference %zu map 0x%x first code %u off %u unit %u exp %" PRIx64
                         " got %" PRIx64, id, x.ecnt, x.emap, x.best.code, x.best.off, x.best.unit, x.best.exp,
                         x.best.got, n_ev, map, first ? first->code : 0, first ? first->off : 0,
                         first ? first->unit : 0, first ? first->exp : 0, first ? first->got : 0);
        // resume fields the generator owns
        static const char *const kOwned[] = {"TCP_SEQ", "MRK_POS", "PDU_OFF", "HDR_LEN", "DATA_LEN", "DIF_POS",
                                             "FPDU_WOFF"};
        size_t nf;
        const mdd_field_desc *t = mdd_field_table(&nf);
        for (size_t f = 0; f < nf; ++f) {
            bool owned = std::strcmp(t[f].rec, "TXDESC") == 0;
            for (const char *o : kOwned) owned |= std::strcmp(t[f].rec, "DESC") == 0 && std::strcmp(t[f].name, o) == 0;
            if (!owned) continue;
            ++checks_;
            uint64_t got = field(mo.m_desc, t[f].word, t[f].lsb, t[f].width);
            uint64_t want = field(x.ctx, t[f].word, t[f].lsb, t[f].width);
            if (got != want)
                chk.failf("resume", "transfer %u: %s.%s = 0x%" PRIx64 ", reference 0x%" PRIx64, id, t[f].rec,
                             t[f].name, got, want);
        }
        ++checks_;
        if (((mo.m_xflags & MDD_RX_XFLAG_FRAME_LOST) != 0) != (MDD_GET(CTX, FRAME_LOST, x.ctx) != 0))
            chk.failf("frame_lost", "transfer %u: frame_lost %d, reference %d", id, mo.m_xflags & 1,
                         (int)MDD_GET(CTX, FRAME_LOST, x.ctx));
    }

    const ls::Options &opt_;
#ifdef TXG_LAY_SHADOW
    LayShadow<kW> shadow_;
#else
    std::unique_ptr<TopRtl> top_;
#endif
    mdd_tx_gen_model model_;
    uint64_t min_xfers_, min_t3_wait_;
    static constexpr unsigned kHang = 5000;
    unsigned idle_ = 0;
    int64_t inject_fault_;
    bool model_only_ = false; // the twin against the references alone
    unsigned staged_ = 0;     // the staged twin's layout pipelines (0: the lane walk)
    uint64_t cycles_ = 0, xfers_checked_ = 0, junk_checked_ = 0, lanes_out_ = 0, checks_ = 0, words_out_ = 0,
             short_last_ = 0, short_mid_ = 0;
    uint64_t ev_count_[16] = {0};
    std::clock_t cpu_start_;
    int s_rst_, s_tvalid_, s_tready_, s_tkeep_, s_tlast_, s_dvalid_, s_dready_, s_mvalid_, s_mready_, s_mdata_,
        s_mtag_, s_mlast_, s_mnin_, s_hbcnt_;
};

}  // namespace

#define TX_GEN_STR2(x) #x
#define TX_GEN_STR(x) TX_GEN_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-tx-gen-w" TX_GEN_STR(TX_GEN_W)); }

// SPDX-License-Identifier: MIT
//
// The RX side of a lockstep bench: the RX stimulus of rx_stim.h plus the checks of every transfer the RX path
// delivers, against the reference receiver (model/mdd_rxref.c), as one component. tb/lockstep/rx_path_main.cpp
// (the RX path alone) and tb/lockstep/core_main.cpp (the whole core, where the RX path is inside) use it the same
// way: each cycle draw() fills in() (the RX path's inputs, ready levels of both outputs included), the bench
// evaluates, then observe() takes the RX path's outputs of that cycle (after its reset handling, as the
// scoreboard of the RX path harness did). Checks per transfer (the "passed" count):
//   data     the delivered bytes and their tags (m_axis_rx lanes with tkeep, up to tlast) = the reference's
//            out/out_tag; tkeep all ones on every beat but the last (contiguous from lane 0 on the last)
//   context  all sixteen words of the context beat = the reference's context
//   order    the context beat comes after the transfer's tlast beat
// Knobs: those of rx_stim.h, min_xfers, min_far (transfers whose first error, a PDU-indexed one, is at index
// >= 128: at least this many; with pdus_min), inject_golden (a transfer whose expectation is corrupted: must be
// reported), p_route (the core only: the share of transfers whose descriptor carries COREDESC.TO_DEP, which the
// core takes out before the RX path; next_data_routed() says whether the next data packet is such a transfer's).
#pragma once

#include "rx_stim.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

extern "C" {
#include "mdd/formats.h"
#include "mdd_rx_path_model.h"
#include "mdd_rxref.h"
}

namespace rxs {

// A transfer with the checking state of the RX side.
struct CheckedXfer : Xfer {
    std::vector<uint8_t> got, got_tag;
    bool data_done = false;
    bool routed = false;  // its descriptor carries COREDESC.TO_DEP (core benches)
};

template <unsigned W>
class Side : public Stim<W, CheckedXfer, mdd_rx_path_in> {
    using Base = Stim<W, CheckedXfer, mdd_rx_path_in>;
    using Xfer = CheckedXfer;
    using Base::kLanes;
    using Base::bench_;
    using Base::bench_beats_;
    using Base::bench_bytes_;
    using Base::bench_first_;
    using Base::bench_last_;
    using Base::bench_stalls_;
    using Base::beat_held_;
    using Base::bytes_in_;
    using Base::corrupted_;
    using Base::desc_held_;
    using Base::desc_next_;
    using Base::beat_xfer_;
    using Base::dropped_;
    using Base::hole_beats_;
    using Base::in_;
    using Base::null_beats_;
    using Base::queue_;
    using Base::resets_;
    using Base::rng_;
    using Base::small_;
    using Base::streams_;
    using Base::worst_;
    using Base::beat_accepted;
    using Base::desc_accepted;
    using Base::draw_ready;
    using Base::draw_stream_inputs;
    using Base::drop_all;
    using Base::full_rate;
    using Base::pop_xfer;

  public:
    // p_corrupt_default, p_corrupt_any_default: the bench's defaults of the p_corrupt / p_corrupt_any knobs
    // core_desc: the descriptor channel is the core's (rx_stim.h)
    Side(const ls::Options &opt, double p_corrupt_default, double p_corrupt_any_default, bool core_desc = false)
        : Base(opt, p_corrupt_default, p_corrupt_any_default, core_desc), opt_(opt) {
        min_xfers_ = opt.u64("min_xfers", 0);
        min_far_ = opt.u64("min_far", 0);
        inject_golden_ = opt.has("inject_golden") ? (int64_t)opt.u64("inject_golden", 0) : -1;
        p_route_ = opt.prob("p_route", 0.0);
        verbose_ = opt.flag("verbose", false);
        cpu_start_ = std::clock();
    }

    mdd_rx_path_in &in() { return in_; }
    const mdd_rx_path_in &in() const { return in_; }

    // rst and the network-side inputs onto an RTL top with the RX path's port names
    template <class Top>
    void drive_rtl(Top &top) {
        this->drive_stream_rtl(top);
    }

    // This cycle's inputs: the network side (rx_stim.h) and the ready levels of both outputs. A routed
    // transfer's descriptor goes out with COREDESC.TO_DEP set.
    void draw(uint64_t cyc) {
        draw_inputs(cyc);
        if (in_.s_axis_rx_desc_tvalid && queue_[desc_next_]->routed)
            MDD_SET(COREDESC, TO_DEP, in_.s_axis_rx_desc_tdata, 1);
    }

    // The RX path's outputs of this cycle (as the bench evaluated them), before the clock edge.
    void observe(ls::Checker &chk, const mdd_rx_path_out &mo) { scoreboard(chk, mo); }

    // Whether routed transfers' descriptors may be offered now (a core bench holds them back while the deposit
    // side's software needs a quiet engine).
    void allow_routed(bool allow) { allow_routed_ = allow; }

    // No transfer goes to the deposit engine from now on (a core bench draining its deposit side before the end
    // of the run): those whose descriptors have not been offered yet are delivered on m_axis_rx instead. The
    // routing draws go on as before, so the streams stay the same.
    void stop_routing() {
        routing_stopped_ = true;
        for (size_t i = desc_next_ + (desc_held_ ? 1 : 0); i < queue_.size(); ++i) queue_[i]->routed = false;
    }

    // The transfer whose data the RX path delivers next (NULL if none is in flight).
    const CheckedXfer *next_data_xfer() const { return data_xfer_ < queue_.size() ? queue_[data_xfer_].get() : nullptr; }

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.fail("volume", std::to_string(xfers_checked_) + " transfers checked, fewer than min_xfers=" +
                                   std::to_string(min_xfers_));
        // junk=reserved: every reserved bit of the channel's descriptor was set in a junk transfer that was checked
        if (this->junk_reserved_ && junk_checked_ < this->reserved_count())
            chk.fail("volume", "junk=reserved: " + std::to_string(junk_checked_) +
                                   " junk transfers checked, fewer than the " + std::to_string(this->reserved_count()) +
                                   " reserved descriptor bits (each must be set once): run longer");
        if (far_first_ < min_far_)
            chk.fail("volume", std::to_string(far_first_) + " transfers whose first error is at PDU index >= 128, "
                                   "fewer than min_far=" + std::to_string(min_far_));
    }

    uint64_t checks() const { return checks_; }
    uint64_t xfers_checked() const { return xfers_checked_; }
    uint64_t routed_checked() const { return routed_checked_; }
    uint64_t bytes_in() const { return bytes_in_; }
    uint64_t bytes_out() const { return bytes_out_; }
    uint64_t err_xfers() const { return err_xfers_; }
    uint64_t corrupted_streams() const { return corrupted_; }
    const uint64_t *events() const { return ev_count_; }

    // junk=reserved: how far the sweep of the reserved descriptor bits went
    void junk_summary(FILE *f) const {
        if (this->junk_reserved_)
            std::fprintf(f,
                         "  junk=reserved: %" PRIu64 " junk transfers (%" PRIu64 " checked) set the %u reserved "
                         "descriptor bits in turn\n",
                         this->res_swept_, junk_checked_, this->reserved_count());
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "rx-path W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", W,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "rx-path W=%u: %" PRIu64 " cycles, %" PRIu64 " streams (%" PRIu64 " corrupted), %" PRIu64
                     " transfers checked (%" PRIu64 " side, %" PRIu64 " junk), %" PRIu64 " bytes in, %" PRIu64
                     " bytes delivered, %" PRIu64 " golden checks\n",
                     W, cycles_, streams_, corrupted_, xfers_checked_, side_checked_, junk_checked_, bytes_in_,
                     bytes_out_, checks_);
        junk_summary(f);
        std::fprintf(f, "  reference events:");
        for (unsigned c = 1; c <= MDD_ERR_FRAME; ++c) std::fprintf(f, " %s %" PRIu64, mdd_err_name(c), ev_count_[c]);
        std::fprintf(f, "; transfers whose context reports an error %" PRIu64 "\n", err_xfers_);
        if (this->pdus_min_)
            std::fprintf(f, "  transfers whose first error is at PDU index >= 128: %" PRIu64 "\n", far_first_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " transfers dropped), beats with holes %" PRIu64
                     ", null beats %" PRIu64 ", input stalls %" PRIu64 ", output stalls %" PRIu64 "\n",
                     resets_, dropped_, hole_beats_, null_beats_, in_stalls_, out_stalls_);
        if (bench_) {
            double cyc = (double)(bench_last_ - bench_first_ + 1);
            if (bench_bytes_ && cyc > 0)
                std::fprintf(f,
                             "bench rx-path W=%u%s%s: %.3f input bytes/cycle (%.1f%% of W), %" PRIu64
                             " cycles with tvalid and not tready, %" PRIu64 " bytes in %.0f cycles\n",
                             W, small_ ? " small" : "", worst_.empty() ? "" : (" worst=" + worst_).c_str(),
                             bench_bytes_ / cyc, 100.0 * bench_bytes_ / cyc / W,
                             bench_stalls_, bench_bytes_, cyc);
        }
    }

  private:
    // ---- stimulus: streams, transfers, beats ----

    // the reference's results are in the record: count its events, arm the scoreboard self-test
    void reference_done(Xfer &x, const mdd_rxref_result &res) override {
        for (size_t k = 0; k < res.n_ev; ++k) ++ev_count_[res.ev[k].code & 15];
        // the error a transfer's context reports: its PDU index past bit 7's carry (pdus_min streams)
        if (res.n_ev > 0 && res.ev[0].err_unit >= 128) {
            const unsigned c = res.ev[0].code & 15;
            if (c == MDD_ERR_HDIG || c == MDD_ERR_DDIG || c == MDD_ERR_MRK || c == MDD_ERR_FRAME) ++far_first_;
        }
        if ((int64_t)x.id >= inject_golden_ && inject_golden_ >= 0 && !x.out.empty()) {
            x.out_tag[0] ^= 1;  // a wrong expectation must be reported
            inject_golden_ = -1;
        }
        // no draw without routing: same streams
        if (p_route_ > 0 && rng_.chance(p_route_) && !routing_stopped_) x.routed = true;
    }

    void draw_inputs(uint64_t cyc) {
        draw_stream_inputs(cyc);
        in_.m_axis_rx_tready = draw_ready();
        in_.m_axis_rx_ctx_tready = draw_ready();
    }

    // ---- independent reference ----

    void mismatch(ls::Checker &chk, Xfer &x, const char *check, const std::string &msg) {
        x.bad = true;
        if (++x.reports > 6 && !verbose_) return;
        chk.fail(check, std::string(x.kind) + " transfer " + std::to_string(x.id) + " (" +
                            std::to_string(x.bytes.size()) + " bytes, proto " +
                            std::to_string(MDD_GET(DESC, PROTO, x.desc)) + "): " + msg);
    }

    void scoreboard(ls::Checker &chk, const mdd_rx_path_out &mo) {
        ++cycles_;
        if (mo.m_axis_rx_tvalid && !in_.m_axis_rx_tready) ++out_stalls_;
        if (in_.s_axis_rx_tvalid && !mo.s_axis_rx_tready) ++in_stalls_;
        if (in_.rst) {
            if (!queue_.empty() || beat_held_) drop_all();
            data_xfer_ = 0;
            return;
        }
        if (mo.m_axis_rx_tvalid && in_.m_axis_rx_tready) check_beat(chk, mo);
        if (mo.m_axis_rx_ctx_tvalid && in_.m_axis_rx_ctx_tready) check_ctx(chk, mo);
        if (in_.s_axis_rx_desc_tvalid && mo.s_axis_rx_desc_tready) {
            queue_[desc_next_]->desc_cycle = cycles_;
            desc_accepted();
        }
        if (in_.s_axis_rx_tvalid && mo.s_axis_rx_tready) {
            beat_accepted(cycles_ - 1);
        } else if (bench_ && in_.s_axis_rx_tvalid && bench_beats_) {
            ++bench_stalls_;
            // A stall while the waiting beat's descriptor is not yet through the descriptor path (not accepted,
            // or accepted at most kDescLead cycles ago: in the core it passes a register more than in the RX path
            // alone) is a transfer's start-up latency, seen only where the stimulus offers a descriptor with its
            // first beat (after a reset); any other stall at full rate is a rate loss.
            const uint64_t dc = desc_next_ > beat_xfer_ ? queue_[beat_xfer_]->desc_cycle : UINT64_MAX;
            const bool desc_late = dc == UINT64_MAX || cycles_ - dc <= kDescLead;
            if (full_rate() && !desc_late && ++rate_stalls_ == 1)
                chk.failf("rate", "s_axis_rx_tready low with full-rate traffic, both outputs ready and the "
                                  "transfer's descriptor accepted %llu cycles before",
                          (unsigned long long)(cycles_ - dc));
        }
    }

    // A delivered beat belongs to the oldest transfer whose data has not ended.
    void check_beat(ls::Checker &chk, const mdd_rx_path_out &mo) {
        if (data_xfer_ >= queue_.size() || desc_next_ <= data_xfer_) {
            chk.fail("scoreboard", "a data beat with no transfer sent");
            return;
        }
        Xfer &x = *queue_[data_xfer_];
        uint64_t k = mo.m_axis_rx_tkeep;
        if (!mo.m_axis_rx_tlast && k != kLanes)
            mismatch(chk, x, "data", "tkeep 0x" + hex(k) + " on a beat without tlast");
        if (mo.m_axis_rx_tlast && (k & (k + 1)) != 0)
            mismatch(chk, x, "data", "last beat tkeep 0x" + hex(k) + " not contiguous from lane 0");
        for (unsigned i = 0; i < W; ++i)
            if ((k >> i) & 1) {
                x.got.push_back(mo.m_axis_rx_tdata[i]);
                x.got_tag.push_back(mo.m_axis_rx_tuser[i]);
            }
        bytes_out_ += (uint64_t)__builtin_popcountll(k);
        if (!mo.m_axis_rx_tlast) return;
        x.data_done = true;
        ++data_xfer_;
        bool ok = x.got.size() == x.out.size();
        size_t bad = 0;
        for (size_t i = 0; ok && i < x.got.size(); ++i)
            if (x.got[i] != x.out[i] || x.got_tag[i] != x.out_tag[i]) {
                ok = false;
                bad = i;
            }
        if (!ok) {
            if (x.got.size() != x.out.size())
                mismatch(chk, x, "data", std::to_string(x.got.size()) + " bytes delivered, reference " +
                                             std::to_string(x.out.size()));
            else
                mismatch(chk, x, "data", "delivered byte " + std::to_string(bad) + " data/tag " + hex(x.got[bad]) +
                                             "/" + hex(x.got_tag[bad]) + ", reference " + hex(x.out[bad]) + "/" +
                                             hex(x.out_tag[bad]));
        } else {
            ++checks_;
        }
    }

    void check_ctx(ls::Checker &chk, const mdd_rx_path_out &mo) {
        if (queue_.empty() || desc_next_ == 0) {
            chk.fail("scoreboard", "a context beat with no transfer sent");
            return;
        }
        Xfer &x = *queue_.front();
        if (!x.data_done) mismatch(chk, x, "order", "context beat before the transfer's last data beat");
        else ++checks_;
        bool ok = true;
        for (unsigned w = 0; w < 16; ++w)
            if (mo.m_axis_rx_ctx_tdata[w] != x.ctx[w]) {
                // name the first differing field
                size_t nf;
                const mdd_field_desc *t = mdd_field_table(&nf);
                std::string what = "word " + std::to_string(w);
                for (size_t f = 0; f < nf; ++f) {
                    const char *rec = t[f].rec;
                    unsigned fw = t[f].word;
                    bool here = (std::strcmp(rec, "CTX") == 0 && fw == w) || (std::strcmp(rec, "DESC") == 0 && fw == w);
                    if (!here) continue;
                    uint64_t a = mdd_field_get(mo.m_axis_rx_ctx_tdata, fw, t[f].lsb, t[f].width);
                    uint64_t b = mdd_field_get(x.ctx, fw, t[f].lsb, t[f].width);
                    if (a != b) {
                        what = std::string(rec) + "." + t[f].name + "=0x" + hex(a) + ", reference 0x" + hex(b);
                        break;
                    }
                }
                if (verbose_) dump_xfer(x, mo);
                mismatch(chk, x, "context", what + " (word " + std::to_string(w) + ": 0x" +
                                                hex(mo.m_axis_rx_ctx_tdata[w]) + " vs 0x" + hex(x.ctx[w]) + ")");
                ok = false;
                break;
            }
        if (ok) ++checks_;
        if (MDD_GET(CTX, ERR_CODE, x.ctx)) ++err_xfers_;
        ++xfers_checked_;
        if (x.routed) ++routed_checked_;
        if (std::strcmp(x.kind, "side") == 0) ++side_checked_;
        if (std::strcmp(x.kind, "junk") == 0) ++junk_checked_;
        pop_xfer();
        if (data_xfer_) --data_xfer_;
    }

    void dump_xfer(const Xfer &x, const mdd_rx_path_out &mo) {
        std::printf("transfer %" PRIu64 " desc:", x.id);
        for (unsigned k = 0; k < 8; ++k) std::printf(" %016" PRIx64, x.desc[k]);
        std::printf("\n  bytes (data:tag/aux):");
        for (size_t i = 0; i < x.bytes.size(); ++i)
            std::printf("%s%02x:%02x/%x", i % 16 ? " " : "\n   ", x.bytes[i], x.in_tag[i], x.in_aux[i]);
        std::printf("\n  ctx dut/ref:\n");
        for (unsigned k = 0; k < 16; ++k)
            std::printf("   w%-2u %016" PRIx64 " %016" PRIx64 "\n", k, mo.m_axis_rx_ctx_tdata[k], x.ctx[k]);
    }



    const ls::Options &opt_;
    std::clock_t cpu_start_ = 0;
    uint64_t min_xfers_;
    uint64_t min_far_;          // min_far: transfers whose first error is at PDU index >= 128, at least
    uint64_t far_first_ = 0;
    int64_t inject_golden_;
    size_t data_xfer_ = 0;  // index in queue_ of the transfer whose data is being delivered

    static constexpr uint64_t kDescLead = 2;
    uint64_t rate_stalls_ = 0;
    uint64_t cycles_ = 0, xfers_checked_ = 0, side_checked_ = 0, junk_checked_ = 0;
    uint64_t bytes_out_ = 0, checks_ = 0, err_xfers_ = 0, in_stalls_ = 0, out_stalls_ = 0;
    uint64_t ev_count_[16] = {0};

    double p_route_ = 0.0;
    bool verbose_ = false;  // every report of a transfer, and its dump
    uint64_t routed_checked_ = 0;
    bool allow_routed_ = true;
    bool routing_stopped_ = false;

    bool desc_allowed(const Xfer &x) const override { return !x.routed || allow_routed_; }
};

}  // namespace rxs

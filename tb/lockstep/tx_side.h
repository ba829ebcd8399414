// SPDX-License-Identifier: MIT
//
// The TX side of a lockstep bench: the TX stimulus of tx_stim.h plus the checks of every transfer the TX path
// transmits, against the reference transmitter (model/mdd_txref.c), as one component used by
// tb/lockstep/tx_path_main.cpp (the TX path alone) and tb/lockstep/core_main.cpp (the whole core). Each cycle
// draw() fills in() (host side, ready levels, rst), the bench evaluates, then observe() takes the TX path's
// outputs of that cycle. Checks per transfer (the "passed" count):
//   data     the transmitted bytes and their tags (m_axis_tx lanes with tkeep, up to tlast) = the reference's
//            out/out_tag; tkeep all ones on every beat but the last (contiguous from lane 0 on the last)
//   context  all sixteen words of the context beat = the reference's context
//   order    the context beat comes after the transfer's tlast beat
// and per run: progress (no hang: some handshake on the host, descriptor, data or context port within 5000
// cycles in which both sinks are ready, while a transfer is outstanding).
// Knobs: those of tx_stim.h and min_xfers. force_reset() makes this cycle a reset the bench decided (the core's
// single reset), with the same effect as one the stimulus draws itself. record_wire(rec): every transmitted
// beat's bytes go to rec (wire_rec.h) with their stream, stream offset and cycle.
#pragma once

#include "tx_stim.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_path_model.h"
}

namespace txs {

template <unsigned W>
class Side : public Stim<W, mdd_tx_path_in> {
    using Base = Stim<W, mdd_tx_path_in>;
    using Base::bench_;
    using Base::host_bytes_;
    using Base::in_;
    using Base::mode_count_;
    using Base::p_ready_;
    using Base::pending_;
    using Base::resets_;
    using Base::rng_;
    using Base::streams_;
    using Base::worst_;
    using Base::accepted;
    using Base::draw_inputs;

  public:
    explicit Side(const ls::Options &opt) : Base(opt) {
        min_xfers_ = opt.u64("min_xfers", 0);
        cpu_start_ = std::clock();
    }

    mdd_tx_path_in &in() { return in_; }
    const mdd_tx_path_in &in() const { return in_; }

    // This cycle's inputs: the host side, the ready levels of both outputs, rst.
    void draw() { draw_inputs(); }

    // A reset the bench decided for this cycle (after draw()): the stimulus drops what is in flight.
    void force_reset() {
        if (!in_.rst) ++resets_;
        in_.rst = true;
        pending_.clear();
        this->beats_.clear();
        this->descs_.clear();
        in_.s_axis_tx_tvalid = false;
        in_.s_axis_tx_desc_tvalid = false;
        this->beat_on_ = this->desc_on_ = false;
    }

    // The TX path's outputs of this cycle (as the bench evaluated them), before the clock edge.
    void observe(ls::Checker &chk, const mdd_tx_path_out &mo) {
        if (in_.s_axis_tx_tvalid && !mo.s_axis_tx_tready) ++in_stalls_;
        if (bench_ && mo.m_axis_tx_tvalid && in_.m_axis_tx_tready)
            out_bytes_ += (uint64_t)__builtin_popcountll(mo.m_axis_tx_tkeep);
        accepted(in_.s_axis_tx_tvalid && mo.s_axis_tx_tready, in_.s_axis_tx_desc_tvalid && mo.s_axis_tx_desc_tready);
        if (!in_.rst) scoreboard(chk, mo);
        // progress: a transfer outstanding and no handshake on any port for this many cycles in which both
        // sinks were ready is a hang. Input handshakes count: a retransmission window deep in a long transfer
        // (52 kB of host bytes for a 2.8 kB window at W = 4) consumes host words for thousands of cycles before
        // its first output byte, and the stimulus always offers its transfers' host bytes in the end.
        if (in_.rst || pending_.empty() || (mo.m_axis_tx_tvalid && in_.m_axis_tx_tready) ||
            (mo.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready) || (in_.s_axis_tx_tvalid && mo.s_axis_tx_tready) ||
            (in_.s_axis_tx_desc_tvalid && mo.s_axis_tx_desc_tready))
            idle_ = 0;
        else if (in_.m_axis_tx_tready && in_.m_axis_tx_ctx_tready && ++idle_ == kHang)
            chk.failf("progress", "no handshake for %u cycles with both sinks ready and transfer %u outstanding (%zu pending)",
                      kHang, xid(pending_.front()), pending_.size());
        ++cycles_;
    }

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.failf("volume", "only %" PRIu64 " transfers checked, fewer than min_xfers=%" PRIu64, xfers_checked_,
                      min_xfers_);
    }

    uint64_t checks() const { return checks_; }
    uint64_t xfers_checked() const { return xfers_checked_; }
    uint64_t host_bytes() const { return host_bytes_; }
    uint64_t bytes_out() const { return bytes_out_; }
    uint64_t err_xfers() const { return err_xfers_; }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "tx-path W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", W,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "tx-path W=%u: %" PRIu64 " cycles, %" PRIu64 " streams, %" PRIu64 " transfers checked, %" PRIu64
                     " host bytes in, %" PRIu64 " bytes out, %" PRIu64 " golden checks\n",
                     W, cycles_, streams_, xfers_checked_, host_bytes_, bytes_out_, checks_);
        std::fprintf(f, "  modes:");
        for (unsigned m = 0; m < MDD_TX_MODES; ++m) std::fprintf(f, " %s %" PRIu64, mdd_tx_mode_name[m], mode_count_[m]);
        std::fprintf(f, "; transfers with an error %" PRIu64 " (codes:", err_xfers_);
        for (unsigned c = 1; c < 16; ++c)
            if (err_codes_[c]) std::fprintf(f, " %u:%" PRIu64, c, err_codes_[c]);
        std::fprintf(f, "); resets %" PRIu64 ", input stalls %" PRIu64 "\n", resets_, in_stalls_);
        if (bench_ && cycles_)
            std::fprintf(f,
                         "bench tx-path W=%u%s%s: %.3f output bytes/cycle (%.1f%% of W), %.3f host bytes/cycle, "
                         "%" PRIu64 " transfers\n",
                         W, worst_.empty() ? "" : " worst=", worst_.c_str(), (double)out_bytes_ / (double)cycles_,
                         100.0 * (double)out_bytes_ / (double)cycles_ / W, (double)host_bytes_ / (double)cycles_,
                         xfers_checked_);
    }

  private:
    void draw_ready() override {
        in_.m_axis_tx_tready = rng_.chance(p_ready_);
        in_.m_axis_tx_ctx_tready = rng_.chance(p_ready_);
    }

    // The oldest transfer whose last data beat has not been seen.
    Xfer *data_xfer() {
        for (auto &x : pending_)
            if (!x.data_done) return &x;
        return nullptr;
    }

    void scoreboard(ls::Checker &chk, const mdd_tx_path_out &mo) {
        if (mo.m_axis_tx_tvalid && in_.m_axis_tx_tready) {
            Xfer *x = data_xfer();
            if (!x) {
                chk.failf("data", "a data beat with no transfer outstanding");
            } else {
                uint64_t k = mo.m_axis_tx_tkeep;
                if (!mo.m_axis_tx_tlast && k != lanes_mask())
                    chk.failf("data", "transfer %u: tkeep 0x%" PRIx64 " on a beat without tlast", xid(*x), k);
                if (mo.m_axis_tx_tlast && (k & (k + 1)) != 0)
                    chk.failf("data", "transfer %u: last beat tkeep 0x%" PRIx64 " not contiguous", xid(*x), k);
                const uint64_t off = x->wire_off + x->o_data.size();
                for (unsigned i = 0; i < W; ++i)
                    if ((k >> i) & 1) {
                        x->o_data.push_back(mo.m_axis_tx_tdata[i]);
                        x->o_tag.push_back(mo.m_axis_tx_tuser[i]);
                    }
                if (this->rec_ && x->stream != ls::WireRec::kNone)
                    this->rec_->bytes(x->stream, off, x->o_data.data() + (off - x->wire_off),
                                      x->o_data.size() - (size_t)(off - x->wire_off), cycles_);
                if (mo.m_axis_tx_tlast) {
                    x->data_done = true;
                    check_data(chk, *x);
                }
            }
        }
        if (mo.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready) check_ctx(chk, mo);
    }

    static constexpr unsigned kHang = 5000;
    unsigned idle_ = 0;

    uint64_t lanes_mask() const { return W == 64 ? ~0ull : ((1ull << W) - 1); }
    static unsigned xid(const Xfer &x) { return (unsigned)MDD_GET(DESC, XFER_ID, x.desc); }

    void check_data(ls::Checker &chk, const Xfer &x) {
        ++checks_;
        bytes_out_ += x.o_data.size();
        size_t n = std::min(x.o_data.size(), x.out.size()), i = 0;
        while (i < n && x.o_data[i] == x.out[i] && x.o_tag[i] == x.out_tag[i]) ++i;
        if (i != n || x.o_data.size() != x.out.size()) {
            if (i < n)
                chk.failf("data", "transfer %u: byte %zu of %zu: 0x%02x tag 0x%02x, reference 0x%02x tag 0x%02x",
                       xid(x), i, x.out.size(), x.o_data[i], x.o_tag[i], x.out[i], x.out_tag[i]);
            else
                chk.failf("data", "transfer %u: %zu bytes transmitted, reference %zu", xid(x), x.o_data.size(),
                       x.out.size());
        }
    }

    void check_ctx(ls::Checker &chk, const mdd_tx_path_out &mo) {
        if (pending_.empty()) {
            chk.failf("context", "a context beat with no transfer outstanding");
            return;
        }
        Xfer &x = pending_.front();
        ++checks_;
        ++xfers_checked_;
        if (!x.data_done) chk.failf("order", "transfer %u: context beat before the last data beat", xid(x));
        for (unsigned w = 0; w < 16; ++w) {
            if (mo.m_axis_tx_ctx_tdata[w] == x.ctx[w]) continue;
            size_t nf;
            const mdd_field_desc *t = mdd_field_table(&nf);
            std::string which;
            for (size_t f = 0; f < nf; ++f) {
                if (t[f].word != w || (std::strcmp(t[f].rec, w < 8 ? (w == 7 ? "TXDESC" : "DESC") : "CTX") != 0))
                    continue;
                uint64_t a = mdd_field_get(mo.m_axis_tx_ctx_tdata, w, t[f].lsb, t[f].width);
                uint64_t b = mdd_field_get(x.ctx, w, t[f].lsb, t[f].width);
                if (a != b) {
                    char buf[160];
                    std::snprintf(buf, sizeof buf, " %s=0x%" PRIx64 "(ref 0x%" PRIx64 ")", t[f].name, a, b);
                    which += buf;
                }
            }
            chk.failf("context", "transfer %u word %u: 0x%016" PRIx64 ", reference 0x%016" PRIx64 ":%s", xid(x), w,
                   mo.m_axis_tx_ctx_tdata[w], x.ctx[w], which.c_str());
        }
        unsigned code = (unsigned)MDD_GET(CTX, ERR_CODE, x.ctx);
        if (code) {
            ++err_xfers_;
            ++err_codes_[code & 15];
        }
        pending_.pop_front();
    }

    uint64_t min_xfers_;
    uint64_t cycles_ = 0, xfers_checked_ = 0, checks_ = 0, bytes_out_ = 0, out_bytes_ = 0;
    uint64_t in_stalls_ = 0, err_xfers_ = 0, err_codes_[16] = {0};
    std::clock_t cpu_start_;
};

}  // namespace txs

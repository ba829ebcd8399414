// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_tx_path.v (generator -> check stage PI -> check stage digests -> packer / context)
// against its C twin model/mdd_tx_path_model.c, with the reference transmitter model/mdd_txref.c as the
// independent oracle and the reference receiver model/mdd_rxref.c for the round trip.
//
// Stimulus: tb/lockstep/tx_stim.h (TX traffic in every DIF mode, chained transfers, windows, junk and
// descriptor-framed pieces, FRAME, T3 cuts, tkeep holes, tuser, stalls on all four ports, resets).
//
// Every cycle: both sides evaluated, every output compared, both clocked. Independently, per transfer (the
// suite's "passed" count), against mdd_txref_run() on the same host bytes:
//   data     the transmitted bytes and their tags (m_axis_tx lanes with tkeep, up to tlast) = the reference's
//            out/out_tag; tkeep all ones on every beat but the last (contiguous from lane 0 on the last)
//   context  all sixteen words of the context beat = the reference's context
//   order    the context beat comes after the transfer's tlast beat
// The round trip RX(TX(x)) = x follows by composition: the RTL's bytes equal the reference transmitter's here,
// tb/unit/test_txref.c runs the reference receiver on those, and the RX suites hold the RX RTL to that receiver.
//
// Build-time parameters (-D): TX_PATH_W, TX_PATH_DATA_DEPTH, TX_PATH_RES_DEPTH. Knobs: those of tx_stim.h,
// min_xfers, inject_fault (a cycle at which the model's m_axis_tx_tuser lane 0 is flipped), vectors=FILE (the
// per-cycle inputs and twin outputs for the Icarus replay, tb/icarus/tb_mdd_path.v), --bench (full-rate traffic:
// output bytes per cycle against W).
#include "lockstep.h"
#include "tx_stim.h"

#include "Vmdd_tx_path.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_path_model.h"
}

#include <cstring>
#include <ctime>
#include <memory>
#include <string>

#ifndef TX_PATH_W
#error "TX_PATH_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TX_PATH_W;
using ls::get_bytes;
using ls::put_bytes;
using ls::words_to_bytes;
using txs::Xfer;

class Bench : public txs::Stim<kW, mdd_tx_path_in> {
  public:
    explicit Bench(const ls::Options &opt) : Stim(opt), opt_(opt), top_(new Vmdd_tx_path) {
        if (mdd_tx_path_model_init(&model_, kW, TX_PATH_DATA_DEPTH, TX_PATH_RES_DEPTH) != 0)
            ls::Options::die("bad model parameter W=%u", kW);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
        cpu_start_ = std::clock();
    }
    ~Bench() {
        if (vectors_) std::fclose(vectors_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        s_.rst = vcd.add("rst", 1);
        s_.tvalid = vcd.add("s_axis_tx_tvalid", 1);
        s_.tready = vcd.add("s_axis_tx_tready", 1);
        s_.tkeep = vcd.add("s_axis_tx_tkeep", kW);
        s_.tlast = vcd.add("s_axis_tx_tlast", 1);
        s_.dvalid = vcd.add("s_axis_tx_desc_tvalid", 1);
        s_.dready = vcd.add("s_axis_tx_desc_tready", 1);
        s_.o_data = vcd.add("m_axis_tx_tdata", 8 * kW);
        s_.o_user = vcd.add("m_axis_tx_tuser", 8 * kW);
        s_.o_keep = vcd.add("m_axis_tx_tkeep", kW);
        s_.o_last = vcd.add("m_axis_tx_tlast", 1);
        s_.o_valid = vcd.add("m_axis_tx_tvalid", 1);
        s_.o_ready = vcd.add("m_axis_tx_tready", 1);
        s_.x_valid = vcd.add("m_axis_tx_ctx_tvalid", 1);
        s_.x_ready = vcd.add("m_axis_tx_ctx_tready", 1);
        s_.g_valid = vcd.add("gen.m_valid", 1);
        s_.g_tag = vcd.add("gen.m_tag", 8 * kW);
        s_.p_valid = vcd.add("chk_pi.m_valid", 1);
        s_.d_valid = vcd.add("chk_dig.m_valid", 1);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_tx_path_out o;
        mdd_tx_path_eval(&model_, &in_, &o);
        vcd.val(s_.rst, in_.rst);
        vcd.val(s_.tvalid, in_.s_axis_tx_tvalid);
        vcd.val(s_.tready, o.s_axis_tx_tready);
        vcd.val(s_.tkeep, in_.s_axis_tx_tkeep);
        vcd.val(s_.tlast, in_.s_axis_tx_tlast);
        vcd.val(s_.dvalid, in_.s_axis_tx_desc_tvalid);
        vcd.val(s_.dready, o.s_axis_tx_desc_tready);
        vcd.val_bytes(s_.o_data, o.m_axis_tx_tdata);
        vcd.val_bytes(s_.o_user, o.m_axis_tx_tuser);
        vcd.val(s_.o_keep, o.m_axis_tx_tkeep);
        vcd.val(s_.o_last, o.m_axis_tx_tlast);
        vcd.val(s_.o_valid, o.m_axis_tx_tvalid);
        vcd.val(s_.o_ready, in_.m_axis_tx_tready);
        vcd.val(s_.x_valid, o.m_axis_tx_ctx_tvalid);
        vcd.val(s_.x_ready, in_.m_axis_tx_ctx_tready);
        vcd.val(s_.g_valid, model_.gen.m_valid_r);
        vcd.val_bytes(s_.g_tag, model_.gen.m.tag);
        vcd.val(s_.p_valid, model_.pi.chk.m_valid);
        vcd.val(s_.d_valid, model_.dig.chk.m_valid);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        top_->eval();

        mdd_tx_path_out mo;
        mdd_tx_path_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_axis_tx_tuser[0] ^= 1;
        compare(chk, mo);
        if (vectors_) write_vector(mo);
        if (in_.s_axis_tx_tvalid && !mo.s_axis_tx_tready) ++in_stalls_;
        if (opt_.bench && mo.m_axis_tx_tvalid && in_.m_axis_tx_tready)
            out_bytes_ += (uint64_t)__builtin_popcountll(mo.m_axis_tx_tkeep);
        accepted(in_.s_axis_tx_tvalid && mo.s_axis_tx_tready, in_.s_axis_tx_desc_tvalid && mo.s_axis_tx_desc_tready);
        if (!in_.rst) scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_tx_path_tick(&model_, &in_);
        tr.post();
        ++cycles_;
        if (model_.contract_errors)
            chk.failf("contract", "a checker saw result counts that disagree with the tags");
        if (cyc + 1 == opt_.cycles && xfers_checked_ < min_xfers_)
            chk.failf("volume", "only %" PRIu64 " transfers checked, fewer than min_xfers=%" PRIu64, xfers_checked_,
                   min_xfers_);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "tx-path W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "tx-path W=%u: %" PRIu64 " cycles, %" PRIu64 " streams, %" PRIu64 " transfers checked, %" PRIu64
                     " host bytes in, %" PRIu64 " bytes out, %" PRIu64 " golden checks\n",
                     kW, cycles_, streams_, xfers_checked_, host_bytes_, bytes_out_, checks_);
        std::fprintf(f, "  modes:");
        for (unsigned m = 0; m < MDD_TX_MODES; ++m) std::fprintf(f, " %s %" PRIu64, mdd_tx_mode_name[m], mode_count_[m]);
        std::fprintf(f, "; transfers with an error %" PRIu64 " (codes:", err_xfers_);
        for (unsigned c = 1; c < 16; ++c)
            if (err_codes_[c]) std::fprintf(f, " %u:%" PRIu64, c, err_codes_[c]);
        std::fprintf(f, "); resets %" PRIu64 ", input stalls %" PRIu64 "\n", resets_, in_stalls_);
        if (opt_.bench && cycles_)
            std::fprintf(f,
                         "bench tx-path W=%u%s%s: %.3f output bytes/cycle (%.1f%% of W), %.3f host bytes/cycle, "
                         "%" PRIu64 " transfers\n",
                         kW, worst_.empty() ? "" : " worst=", worst_.c_str(), (double)out_bytes_ / (double)cycles_,
                         100.0 * (double)out_bytes_ / (double)cycles_ / kW, (double)host_bytes_ / (double)cycles_,
                         xfers_checked_);
    }

    uint64_t checks() const { return checks_; }

  private:
    // One hex word per cycle for tb/icarus/tb_mdd_path.v (TX = 1), most significant field first:
    // flags_in[7:0] flags_exp[7:0] s_tkeep[63:0] exp m_tkeep[63:0] desc[511:0] exp ctx[1023:0]
    // exp m_tuser[8W] exp m_tdata[8W] s_tdata[8W]
    void write_vector(const mdd_tx_path_out &mo) {
        unsigned fi = (in_.rst << 7) | (in_.s_axis_tx_tvalid << 6) | (in_.s_axis_tx_tlast << 5) |
                      (in_.s_axis_tx_tuser << 4) | (in_.s_axis_tx_desc_tvalid << 3) | (in_.m_axis_tx_tready << 2) |
                      (in_.m_axis_tx_ctx_tready << 1);
        unsigned fe = (mo.s_axis_tx_tready << 7) | (mo.s_axis_tx_desc_tready << 6) | (mo.m_axis_tx_tvalid << 5) |
                      (mo.m_axis_tx_tlast << 4) | (mo.m_axis_tx_ctx_tvalid << 3);
        std::fprintf(vectors_, "%02x%02x%016" PRIx64 "%016" PRIx64, fi, fe, in_.s_axis_tx_tkeep, mo.m_axis_tx_tkeep);
        for (unsigned k = 8; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, in_.s_axis_tx_desc_tdata[k]);
        for (unsigned k = 16; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, mo.m_axis_tx_ctx_tdata[k]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_tx_tuser[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_tx_tdata[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in_.s_axis_tx_tdata[i]);
        std::fputc('\n', vectors_);
    }

    void draw_ready() override {
        in_.m_axis_tx_tready = rng_.chance(p_ready_);
        in_.m_axis_tx_ctx_tready = rng_.chance(p_ready_);
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
        top_->m_axis_tx_tready = in_.m_axis_tx_tready;
        top_->m_axis_tx_ctx_tready = in_.m_axis_tx_ctx_tready;
    }

    void compare(ls::Checker &chk, const mdd_tx_path_out &mo) {
        uint8_t r[128], m[128];
        chk.eq("s_axis_tx_tready", mo.s_axis_tx_tready, top_->s_axis_tx_tready);
        chk.eq("s_axis_tx_desc_tready", mo.s_axis_tx_desc_tready, top_->s_axis_tx_desc_tready);
        chk.eq("m_axis_tx_tvalid", mo.m_axis_tx_tvalid, top_->m_axis_tx_tvalid);
        get_bytes(top_->m_axis_tx_tdata, r, kW);
        chk.eq_bytes("m_axis_tx_tdata", mo.m_axis_tx_tdata, r, kW);
        get_bytes(top_->m_axis_tx_tuser, r, kW);
        chk.eq_bytes("m_axis_tx_tuser", mo.m_axis_tx_tuser, r, kW);
        chk.eq("m_axis_tx_tkeep", mo.m_axis_tx_tkeep, (uint64_t)top_->m_axis_tx_tkeep);
        chk.eq("m_axis_tx_tlast", mo.m_axis_tx_tlast, top_->m_axis_tx_tlast);
        chk.eq("m_axis_tx_ctx_tvalid", mo.m_axis_tx_ctx_tvalid, top_->m_axis_tx_ctx_tvalid);
        get_bytes(top_->m_axis_tx_ctx_tdata, r, 128);
        words_to_bytes(mo.m_axis_tx_ctx_tdata, m, 16);
        chk.eq_bytes("m_axis_tx_ctx_tdata", m, r, 128);
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
                for (unsigned i = 0; i < kW; ++i)
                    if ((k >> i) & 1) {
                        x->o_data.push_back(mo.m_axis_tx_tdata[i]);
                        x->o_tag.push_back(mo.m_axis_tx_tuser[i]);
                    }
                if (mo.m_axis_tx_tlast) {
                    x->data_done = true;
                    check_data(chk, *x);
                }
            }
        }
        if (mo.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready) check_ctx(chk, mo);
    }

    uint64_t lanes_mask() const { return kW == 64 ? ~0ull : ((1ull << kW) - 1); }
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

    const ls::Options &opt_;
    std::unique_ptr<Vmdd_tx_path> top_;
    mdd_tx_path_model model_;
    uint64_t min_xfers_;
    int64_t inject_fault_;
    uint64_t cycles_ = 0, xfers_checked_ = 0, checks_ = 0, bytes_out_ = 0, out_bytes_ = 0;
    uint64_t in_stalls_ = 0, err_xfers_ = 0, err_codes_[16] = {0};
    std::clock_t cpu_start_;
    FILE *vectors_ = nullptr;
    struct {
        int rst, tvalid, tready, tkeep, tlast, dvalid, dready, o_data, o_user, o_keep, o_last, o_valid, o_ready,
            x_valid, x_ready, g_valid, g_tag, p_valid, d_valid;
    } s_;
};

}  // namespace

#define TX_PATH_STR2(x) #x
#define TX_PATH_STR(x) TX_PATH_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-tx-path-w" TX_PATH_STR(TX_PATH_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_path.v (locate -> CRC engines -> checker -> packer / context) against its C
// twin model/mdd_rx_path_model.c, with the reference receiver model/mdd_rxref.c as the independent oracle.
//
// Stimulus (shared with tb/lockstep/rx_locate_main.cpp): random streams from the traffic generator, cut into
// random transfers whose descriptors are the reference's resume images of the previous piece; tkeep holes,
// null beats, tuser, stalls on every port, corrupted bytes anywhere in some streams (payload, PI, digests,
// pad, markers, length fields), descriptor-framed "side" transfers and illegal "junk" descriptors, resets.
//
// Every cycle: both sides evaluated, every output compared, both clocked. Independently, per transfer (the
// suite's "passed" count), against mdd_rxref_run() on the same bytes:
//   data     the delivered bytes and their tags (m_axis_rx lanes with tkeep, up to tlast) = the reference's
//            out/out_tag; tkeep all ones on every beat but the last (contiguous from lane 0 on the last)
//   context  all sixteen words of the context beat = the reference's context (resume image, first error with
//            its offset, unit, byte, expected and found values, error map, counts)
//   order    the context beat comes after the transfer's tlast beat
//
// Build-time parameter (-D): RX_PATH_W (the Verilated -GW value). Knobs: as rx_locate_main.cpp (p_valid,
// p_ready, phase, p_desc, p_reset, small, p_holes, p_user, p_corrupt, p_side, p_junk, max_xfers, min_xfers,
// inject_fault, inject_golden) and --bench (full-rate traffic: input bytes per cycle and stalls).
#include "lockstep.h"
#include "rx_stim.h"

#include "Vmdd_rx_path.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_rx_path_model.h"
#include "mdd_rxref.h"
#include "mdd_trafgen.h"
}

#include <algorithm>
#include <cstring>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef RX_PATH_W
#error "RX_PATH_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = RX_PATH_W;

using ls::get_bytes;
using ls::put_bytes;

using rxs::Beat;
using rxs::bytes_to_words;
using rxs::field;
using rxs::hex;
using rxs::words_to_bytes;

struct Xfer : rxs::Xfer {
    // checking state
    std::vector<uint8_t> got, got_tag;
    bool data_done = false;
};

}  // namespace

class RxPathBench : public rxs::Stim<kW, Xfer, mdd_rx_path_in> {
  public:
    explicit RxPathBench(const ls::Options &opt)
        : Stim(opt, 0.2, 0.5), opt_(opt), top_(new Vmdd_rx_path) {
        if (mdd_rx_path_model_init(&model_, kW, RX_PATH_DATA_DEPTH, RX_PATH_RES_DEPTH) != 0)
            ls::Options::die("bad model parameter W=%u", kW);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        inject_golden_ = opt.has("inject_golden") ? (int64_t)opt.u64("inject_golden", 0) : -1;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
        cpu_start_ = std::clock();
    }
    ~RxPathBench() {
        if (vectors_) std::fclose(vectors_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.tdata = vcd.add("s_axis_rx_tdata", 8 * kW);
        sig_.tkeep = vcd.add("s_axis_rx_tkeep", kW);
        sig_.tlast = vcd.add("s_axis_rx_tlast", 1);
        sig_.tvalid = vcd.add("s_axis_rx_tvalid", 1);
        sig_.tready = vcd.add("s_axis_rx_tready", 1);
        sig_.dvalid = vcd.add("s_axis_rx_desc_tvalid", 1);
        sig_.dready = vcd.add("s_axis_rx_desc_tready", 1);
        sig_.o_data = vcd.add("m_axis_rx_tdata", 8 * kW);
        sig_.o_user = vcd.add("m_axis_rx_tuser", 8 * kW);
        sig_.o_keep = vcd.add("m_axis_rx_tkeep", kW);
        sig_.o_last = vcd.add("m_axis_rx_tlast", 1);
        sig_.o_valid = vcd.add("m_axis_rx_tvalid", 1);
        sig_.o_ready = vcd.add("m_axis_rx_tready", 1);
        sig_.x_valid = vcd.add("m_axis_rx_ctx_tvalid", 1);
        sig_.x_ready = vcd.add("m_axis_rx_ctx_tready", 1);
        sig_.c_valid = vcd.add("chk.m_valid", 1);
        sig_.c_tag = vcd.add("chk.m_tag", 8 * kW);
        sig_.c_err = vcd.add("chk.m_err_code", 8);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_rx_path_out o;
        mdd_rx_path_eval(&model_, &in_, &o);
        vcd.val(sig_.rst, in_.rst);
        vcd.val_bytes(sig_.tdata, in_.s_axis_rx_tdata);
        vcd.val(sig_.tkeep, in_.s_axis_rx_tkeep);
        vcd.val(sig_.tlast, in_.s_axis_rx_tlast);
        vcd.val(sig_.tvalid, in_.s_axis_rx_tvalid);
        vcd.val(sig_.tready, o.s_axis_rx_tready);
        vcd.val(sig_.dvalid, in_.s_axis_rx_desc_tvalid);
        vcd.val(sig_.dready, o.s_axis_rx_desc_tready);
        vcd.val_bytes(sig_.o_data, o.m_axis_rx_tdata);
        vcd.val_bytes(sig_.o_user, o.m_axis_rx_tuser);
        vcd.val(sig_.o_keep, o.m_axis_rx_tkeep);
        vcd.val(sig_.o_last, o.m_axis_rx_tlast);
        vcd.val(sig_.o_valid, o.m_axis_rx_tvalid);
        vcd.val(sig_.o_ready, in_.m_axis_rx_tready);
        vcd.val(sig_.x_valid, o.m_axis_rx_ctx_tvalid);
        vcd.val(sig_.x_ready, in_.m_axis_rx_ctx_tready);
        vcd.val(sig_.c_valid, model_.stage.chk.m_valid);
        vcd.val_bytes(sig_.c_tag, model_.stage.chk.m.tag);
        vcd.val(sig_.c_err, model_.stage.chk.m.err_code);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

        drive_stream_rtl(*top_);
        top_->m_axis_rx_tready = in_.m_axis_rx_tready;
        top_->m_axis_rx_ctx_tready = in_.m_axis_rx_ctx_tready;
        top_->clk = 0;
        top_->eval();

        mdd_rx_path_out mo;
        mdd_rx_path_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_axis_rx_tuser[0] ^= 1;  // the harness self-test
        compare(chk, mo);
        if (vectors_) write_vector(mo);
        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        uint64_t ce = model_.contract_errors;
        mdd_rx_path_tick(&model_, &in_);
        if (model_.contract_errors != ce)
            chk.fail("contract", "a word's CRC result counts disagree with its end flags (checker twin)");
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "rx-path W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "rx-path W=%u: %" PRIu64 " cycles, %" PRIu64 " streams (%" PRIu64 " corrupted), %" PRIu64
                     " transfers checked (%" PRIu64 " side, %" PRIu64 " junk), %" PRIu64 " bytes in, %" PRIu64
                     " bytes delivered, %" PRIu64 " golden checks\n",
                     kW, cycles_, streams_, corrupted_, xfers_checked_, side_checked_, junk_checked_, bytes_in_,
                     bytes_out_, checks_);
        std::fprintf(f, "  reference events:");
        for (unsigned c = 1; c <= MDD_ERR_FRAME; ++c) std::fprintf(f, " %s %" PRIu64, mdd_err_name(c), ev_count_[c]);
        std::fprintf(f, "; transfers whose context reports an error %" PRIu64 "\n", err_xfers_);
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
                             kW, small_ ? " small" : "", worst_.empty() ? "" : (" worst=" + worst_).c_str(),
                             bench_bytes_ / cyc, 100.0 * bench_bytes_ / cyc / kW,
                             bench_stalls_, bench_bytes_, cyc);
        }
    }

    uint64_t checks() const { return checks_; }

  private:
    // One hex word per cycle for tb/icarus/tb_mdd_rx_path.v, most significant field first:
    // flags_in[7:0] flags_exp[7:0] s_tkeep[63:0] exp m_tkeep[63:0] desc[511:0] exp ctx[1023:0]
    // exp m_tuser[8W] exp m_tdata[8W] s_tdata[8W]
    void write_vector(const mdd_rx_path_out &mo) {
        unsigned fi = (in_.rst << 7) | (in_.s_axis_rx_tvalid << 6) | (in_.s_axis_rx_tlast << 5) |
                      (in_.s_axis_rx_tuser << 4) | (in_.s_axis_rx_desc_tvalid << 3) | (in_.m_axis_rx_tready << 2) |
                      (in_.m_axis_rx_ctx_tready << 1);
        unsigned fe = (mo.s_axis_rx_tready << 7) | (mo.s_axis_rx_desc_tready << 6) | (mo.m_axis_rx_tvalid << 5) |
                      (mo.m_axis_rx_tlast << 4) | (mo.m_axis_rx_ctx_tvalid << 3);
        std::fprintf(vectors_, "%02x%02x%016" PRIx64 "%016" PRIx64, fi, fe, in_.s_axis_rx_tkeep, mo.m_axis_rx_tkeep);
        for (unsigned k = 8; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, in_.s_axis_rx_desc_tdata[k]);
        for (unsigned k = 16; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, mo.m_axis_rx_ctx_tdata[k]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tuser[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tdata[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in_.s_axis_rx_tdata[i]);
        std::fputc('\n', vectors_);
    }

    void compare(ls::Checker &chk, const mdd_rx_path_out &mo) {
        uint8_t r[128], m[128];
        chk.eq("s_axis_rx_tready", mo.s_axis_rx_tready, top_->s_axis_rx_tready);
        chk.eq("s_axis_rx_desc_tready", mo.s_axis_rx_desc_tready, top_->s_axis_rx_desc_tready);
        chk.eq("m_axis_rx_tvalid", mo.m_axis_rx_tvalid, top_->m_axis_rx_tvalid);
        get_bytes(top_->m_axis_rx_tdata, r, kW);
        chk.eq_bytes("m_axis_rx_tdata", mo.m_axis_rx_tdata, r, kW);
        get_bytes(top_->m_axis_rx_tuser, r, kW);
        chk.eq_bytes("m_axis_rx_tuser", mo.m_axis_rx_tuser, r, kW);
        chk.eq("m_axis_rx_tkeep", mo.m_axis_rx_tkeep, (uint64_t)top_->m_axis_rx_tkeep);
        chk.eq("m_axis_rx_tlast", mo.m_axis_rx_tlast, top_->m_axis_rx_tlast);
        chk.eq("m_axis_rx_ctx_tvalid", mo.m_axis_rx_ctx_tvalid, top_->m_axis_rx_ctx_tvalid);
        get_bytes(top_->m_axis_rx_ctx_tdata, r, 128);
        words_to_bytes(mo.m_axis_rx_ctx_tdata, m, 16);
        chk.eq_bytes("m_axis_rx_ctx_tdata", m, r, 128);
    }

    // ---- stimulus: streams, transfers, beats ----

    // the reference's results are in the record: count its events, arm the scoreboard self-test
    void reference_done(Xfer &x, const mdd_rxref_result &res) override {
        for (size_t k = 0; k < res.n_ev; ++k) ++ev_count_[res.ev[k].code & 15];
        if ((int64_t)x.id >= inject_golden_ && inject_golden_ >= 0 && !x.out.empty()) {
            x.out_tag[0] ^= 1;  // a wrong expectation must be reported
            inject_golden_ = -1;
        }
    }

    void draw_inputs(uint64_t cyc) {
        draw_stream_inputs(cyc);
        in_.m_axis_rx_tready = draw_ready();
        in_.m_axis_rx_ctx_tready = draw_ready();
    }

    // ---- independent reference ----

    void mismatch(ls::Checker &chk, Xfer &x, const char *check, const std::string &msg) {
        x.bad = true;
        if (++x.reports > 6 && !opt_.has("verbose")) return;
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
        if (in_.s_axis_rx_desc_tvalid && mo.s_axis_rx_desc_tready) desc_accepted();
        if (in_.s_axis_rx_tvalid && mo.s_axis_rx_tready) {
            beat_accepted(cycles_ - 1);
        } else if (bench_ && in_.s_axis_rx_tvalid && bench_beats_) {
            ++bench_stalls_;
            if (full_rate() && bench_stalls_ == 1)
                chk.fail("rate", "s_axis_rx_tready low with full-rate traffic and both outputs ready");
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
        for (unsigned i = 0; i < kW; ++i)
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
                if (opt_.has("verbose")) dump_xfer(x, mo);
                mismatch(chk, x, "context", what + " (word " + std::to_string(w) + ": 0x" +
                                                hex(mo.m_axis_rx_ctx_tdata[w]) + " vs 0x" + hex(x.ctx[w]) + ")");
                ok = false;
                break;
            }
        if (ok) ++checks_;
        if (MDD_GET(CTX, ERR_CODE, x.ctx)) ++err_xfers_;
        ++xfers_checked_;
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

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.fail("volume", std::to_string(xfers_checked_) + " transfers checked, fewer than min_xfers=" +
                                   std::to_string(min_xfers_));
    }

    const ls::Options &opt_;
    std::unique_ptr<Vmdd_rx_path> top_;
    mdd_rx_path_model model_;
    FILE *vectors_ = nullptr;
    std::clock_t cpu_start_ = 0;

    uint64_t min_xfers_;
    int64_t inject_fault_, inject_golden_;
    size_t data_xfer_ = 0;  // index in queue_ of the transfer whose data is being delivered

    uint64_t cycles_ = 0, xfers_checked_ = 0, side_checked_ = 0, junk_checked_ = 0;
    uint64_t bytes_out_ = 0, checks_ = 0, err_xfers_ = 0, in_stalls_ = 0, out_stalls_ = 0;
    uint64_t ev_count_[16] = {0};

    struct {
        int rst, tdata, tkeep, tlast, tvalid, tready, dvalid, dready, o_data, o_user, o_keep, o_last, o_valid, o_ready,
            x_valid, x_ready, c_valid, c_tag, c_err;
    } sig_{};
};

#define RX_PATH_STR_(x) #x
#define RX_PATH_STR(x) RX_PATH_STR_(x)

int main(int argc, char **argv) {
    return ls::run<RxPathBench>(argc, argv, "lockstep-rx-path-w" RX_PATH_STR(RX_PATH_W));
}

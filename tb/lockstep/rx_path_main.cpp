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
// p_ready, phase, p_desc, p_reset, small, p_holes, p_user, p_corrupt, p_corrupt_any, corrupt_tail, pdus_min,
// corrupt_near, p_side, p_junk, max_xfers, min_xfers, min_far, inject_fault, inject_golden), min_rank_ab (at
// least this many words whose first error the checker's ranking takes from a digest kind's second field in the
// word, or from its first with a second there: the checker twin counts them, mdd_rx_check_model.cov_rank_ab) and
// --bench (full-rate traffic: input bytes per cycle and stalls).
#include "lockstep.h"
#include "rx_side.h"

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

using rxs::words_to_bytes;

}  // namespace

class RxPathBench {
  public:
    explicit RxPathBench(const ls::Options &opt) : rx_(opt, 0.2, 0.5), top_(new Vmdd_rx_path) {
        if (mdd_rx_path_model_init(&model_, kW, RX_PATH_DATA_DEPTH, RX_PATH_RES_DEPTH) != 0)
            ls::Options::die("bad model parameter W=%u", kW);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        min_rank_ab_ = opt.u64("min_rank_ab", 0);
        cycles_ = opt.cycles;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
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
        mdd_rx_path_eval(&model_, &rx_.in(), &o);
        vcd.val(sig_.rst, rx_.in().rst);
        vcd.val_bytes(sig_.tdata, rx_.in().s_axis_rx_tdata);
        vcd.val(sig_.tkeep, rx_.in().s_axis_rx_tkeep);
        vcd.val(sig_.tlast, rx_.in().s_axis_rx_tlast);
        vcd.val(sig_.tvalid, rx_.in().s_axis_rx_tvalid);
        vcd.val(sig_.tready, o.s_axis_rx_tready);
        vcd.val(sig_.dvalid, rx_.in().s_axis_rx_desc_tvalid);
        vcd.val(sig_.dready, o.s_axis_rx_desc_tready);
        vcd.val_bytes(sig_.o_data, o.m_axis_rx_tdata);
        vcd.val_bytes(sig_.o_user, o.m_axis_rx_tuser);
        vcd.val(sig_.o_keep, o.m_axis_rx_tkeep);
        vcd.val(sig_.o_last, o.m_axis_rx_tlast);
        vcd.val(sig_.o_valid, o.m_axis_rx_tvalid);
        vcd.val(sig_.o_ready, rx_.in().m_axis_rx_tready);
        vcd.val(sig_.x_valid, o.m_axis_rx_ctx_tvalid);
        vcd.val(sig_.x_ready, rx_.in().m_axis_rx_ctx_tready);
        vcd.val(sig_.c_valid, model_.stage.chk.m_valid);
        vcd.val_bytes(sig_.c_tag, model_.stage.chk.m.tag);
        vcd.val(sig_.c_err, model_.stage.chk.m.err_code);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        rx_.draw(cyc);
        const mdd_rx_path_in &in = rx_.in();

        rx_.drive_rtl(*top_);
        top_->m_axis_rx_tready = in.m_axis_rx_tready;
        top_->m_axis_rx_ctx_tready = in.m_axis_rx_ctx_tready;
        top_->clk = 0;
        top_->eval();

        mdd_rx_path_out mo;
        mdd_rx_path_eval(&model_, &in, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_axis_rx_tuser[0] ^= 1;  // the harness self-test
        compare(chk, mo);
        if (vectors_) write_vector(mo);
        rx_.observe(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        uint64_t ce = model_.contract_errors;
        mdd_rx_path_tick(&model_, &in);
        if (model_.contract_errors != ce)
            chk.fail("contract", "a word's CRC result counts disagree with its end flags (checker twin)");
        tr.post();

        if (cyc + 1 == cycles_) {
            rx_.final_checks(chk);
            if (rank_ab() < min_rank_ab_)
                chk.fail("volume", std::to_string(rank_ab()) + " words whose first error hangs on a digest pair's "
                                   "field A / B key, fewer than min_rank_ab=" + std::to_string(min_rank_ab_));
        }
    }

    void summary(FILE *f) const {
        rx_.summary(f);
        std::fprintf(f, "  words whose first error hangs on a digest pair's field A / B key: %" PRIu64 "\n", rank_ab());
    }
    // the checker twin's coverage count (mdd_rx_check_model.cov_rank_ab)
    uint64_t rank_ab() const { return model_.stage.chk.cov_rank_ab; }
    uint64_t checks() const { return rx_.checks(); }

  private:
    // One hex word per cycle for tb/icarus/tb_mdd_rx_path.v, most significant field first:
    // flags_in[7:0] flags_exp[7:0] s_tkeep[63:0] exp m_tkeep[63:0] desc[511:0] exp ctx[1023:0]
    // exp m_tuser[8W] exp m_tdata[8W] s_tdata[8W]
    void write_vector(const mdd_rx_path_out &mo) {
        const mdd_rx_path_in &in = rx_.in();
        unsigned fi = (in.rst << 7) | (in.s_axis_rx_tvalid << 6) | (in.s_axis_rx_tlast << 5) |
                      (in.s_axis_rx_tuser << 4) | (in.s_axis_rx_desc_tvalid << 3) | (in.m_axis_rx_tready << 2) |
                      (in.m_axis_rx_ctx_tready << 1);
        unsigned fe = (mo.s_axis_rx_tready << 7) | (mo.s_axis_rx_desc_tready << 6) | (mo.m_axis_rx_tvalid << 5) |
                      (mo.m_axis_rx_tlast << 4) | (mo.m_axis_rx_ctx_tvalid << 3);
        std::fprintf(vectors_, "%02x%02x%016" PRIx64 "%016" PRIx64, fi, fe, in.s_axis_rx_tkeep, mo.m_axis_rx_tkeep);
        for (unsigned k = 8; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, in.s_axis_rx_desc_tdata[k]);
        for (unsigned k = 16; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, mo.m_axis_rx_ctx_tdata[k]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tuser[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tdata[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in.s_axis_rx_tdata[i]);
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

    rxs::Side<kW> rx_;
    std::unique_ptr<Vmdd_rx_path> top_;
    mdd_rx_path_model model_;
    uint64_t min_rank_ab_ = 0;  // min_rank_ab: at least this many words where the ranking's A / B keys matter
    FILE *vectors_ = nullptr;
    int64_t inject_fault_;
    uint64_t cycles_ = 0;

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

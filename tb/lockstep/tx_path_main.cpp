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
// output bytes per cycle against W), model_only=1 (the twin alone against the references, the RTL not run),
// staged=N (the twin's generator: 2, the default, is mdd_txg's, the staged generator of docs/timing.md section 4 with
// two layout pipelines, D-097; 1 one pipeline, 0 the lane walk of mdd_tx_gen: neither is in the path's RTL, so only
// with model_only=1).
#include "lockstep.h"
#include "tx_side.h"

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

class Bench {
  public:
    explicit Bench(const ls::Options &opt) : tx_(opt), top_(new Vmdd_tx_path) {
        if (mdd_tx_path_model_init(&model_, kW, TX_PATH_DATA_DEPTH, TX_PATH_RES_DEPTH) != 0)
            ls::Options::die("bad model parameter W=%u", kW);
        model_only_ = opt.u64("model_only", 0) != 0;
        unsigned pipes = (unsigned)opt.u64("staged", 2, 0, 2);
        if (pipes != 2) {
            // mdd_tx_path's generator is mdd_txg (staged=2); the others exist in the twin only
            if (!model_only_) ls::Options::die("staged=%u: mdd_tx_path's generator is the staged one (staged=2): add model_only=1", pipes);
            int rc = pipes ? mdd_tx_gen_model_init_staged(&model_.gen, kW, pipes) : mdd_tx_gen_model_init(&model_.gen, kW);
            if (rc != 0) ls::Options::die("staged=%u not supported", pipes);
        }
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        cycles_ = opt.cycles;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
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
        mdd_tx_path_eval(&model_, &tx_.in(), &o);
        vcd.val(s_.rst, tx_.in().rst);
        vcd.val(s_.tvalid, tx_.in().s_axis_tx_tvalid);
        vcd.val(s_.tready, o.s_axis_tx_tready);
        vcd.val(s_.tkeep, tx_.in().s_axis_tx_tkeep);
        vcd.val(s_.tlast, tx_.in().s_axis_tx_tlast);
        vcd.val(s_.dvalid, tx_.in().s_axis_tx_desc_tvalid);
        vcd.val(s_.dready, o.s_axis_tx_desc_tready);
        vcd.val_bytes(s_.o_data, o.m_axis_tx_tdata);
        vcd.val_bytes(s_.o_user, o.m_axis_tx_tuser);
        vcd.val(s_.o_keep, o.m_axis_tx_tkeep);
        vcd.val(s_.o_last, o.m_axis_tx_tlast);
        vcd.val(s_.o_valid, o.m_axis_tx_tvalid);
        vcd.val(s_.o_ready, tx_.in().m_axis_tx_tready);
        vcd.val(s_.x_valid, o.m_axis_tx_ctx_tvalid);
        vcd.val(s_.x_ready, tx_.in().m_axis_tx_ctx_tready);
        vcd.val(s_.g_valid, model_.gen.m_valid_r);
        vcd.val_bytes(s_.g_tag, model_.gen.m.tag);
        vcd.val(s_.p_valid, model_.pi.chk.m_valid);
        vcd.val(s_.d_valid, model_.dig.chk.m_valid);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        tx_.draw();
        if (!model_only_) {
            drive_rtl();
            top_->clk = 0;
            top_->eval();
        }

        mdd_tx_path_out mo;
        mdd_tx_path_eval(&model_, &tx_.in(), &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_axis_tx_tuser[0] ^= 1;
        if (!model_only_) compare(chk, mo);
        if (vectors_) write_vector(mo);
        tx_.observe(chk, mo);

        tr.pre();
        if (!model_only_) {
            top_->clk = 1;
            top_->eval();
        }
        mdd_tx_path_tick(&model_, &tx_.in());
        tr.post();
        if (model_.contract_errors)
            chk.failf("contract", "a checker saw result counts that disagree with the tags");
        if (model_.gen.staged_errors)
            chk.failf("stages", "a staged generator's word disagrees with the byte-by-byte rules");
        if (cyc + 1 == cycles_) tx_.final_checks(chk);
    }

    void summary(FILE *f) const { tx_.summary(f); }
    uint64_t checks() const { return tx_.checks(); }

  private:
    // One hex word per cycle for tb/icarus/tb_mdd_path.v (TX = 1), most significant field first:
    // flags_in[7:0] flags_exp[7:0] s_tkeep[63:0] exp m_tkeep[63:0] desc[511:0] exp ctx[1023:0]
    // exp m_tuser[8W] exp m_tdata[8W] s_tdata[8W]
    void write_vector(const mdd_tx_path_out &mo) {
        const mdd_tx_path_in &in = tx_.in();
        unsigned fi = (in.rst << 7) | (in.s_axis_tx_tvalid << 6) | (in.s_axis_tx_tlast << 5) |
                      (in.s_axis_tx_tuser << 4) | (in.s_axis_tx_desc_tvalid << 3) | (in.m_axis_tx_tready << 2) |
                      (in.m_axis_tx_ctx_tready << 1);
        unsigned fe = (mo.s_axis_tx_tready << 7) | (mo.s_axis_tx_desc_tready << 6) | (mo.m_axis_tx_tvalid << 5) |
                      (mo.m_axis_tx_tlast << 4) | (mo.m_axis_tx_ctx_tvalid << 3);
        std::fprintf(vectors_, "%02x%02x%016" PRIx64 "%016" PRIx64, fi, fe, in.s_axis_tx_tkeep, mo.m_axis_tx_tkeep);
        for (unsigned k = 8; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, in.s_axis_tx_desc_tdata[k]);
        for (unsigned k = 16; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, mo.m_axis_tx_ctx_tdata[k]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_tx_tuser[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_tx_tdata[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in.s_axis_tx_tdata[i]);
        std::fputc('\n', vectors_);
    }

    void drive_rtl() {
        const mdd_tx_path_in &in = tx_.in();
        top_->rst = in.rst;
        put_bytes(top_->s_axis_tx_tdata, in.s_axis_tx_tdata, kW);
        top_->s_axis_tx_tkeep = (decltype(top_->s_axis_tx_tkeep))in.s_axis_tx_tkeep;
        top_->s_axis_tx_tlast = in.s_axis_tx_tlast;
        top_->s_axis_tx_tuser = in.s_axis_tx_tuser;
        top_->s_axis_tx_tvalid = in.s_axis_tx_tvalid;
        uint8_t d[64];
        words_to_bytes(in.s_axis_tx_desc_tdata, d, 8);
        put_bytes(top_->s_axis_tx_desc_tdata, d, 64);
        top_->s_axis_tx_desc_tvalid = in.s_axis_tx_desc_tvalid;
        top_->m_axis_tx_tready = in.m_axis_tx_tready;
        top_->m_axis_tx_ctx_tready = in.m_axis_tx_ctx_tready;
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

    txs::Side<kW> tx_;
    std::unique_ptr<Vmdd_tx_path> top_;
    mdd_tx_path_model model_;
    int64_t inject_fault_;
    bool model_only_ = false; // the twin alone against the references (the RTL not run)
    uint64_t cycles_ = 0;
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

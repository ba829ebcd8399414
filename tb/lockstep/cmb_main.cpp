// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_cmb.v, the incremental CRC combiner (docs/cmb.md), against its C twin
// model/mdd_cmb_model.c, one build per parameter set: the build passes the RTL parameters as -DCMB_ALG/-DCMB_MSGS/
// -DCMB_ID_W/-DCMB_ADDR_W/-DCMB_BPS so that the twin is configured exactly like the Verilated top.
//
// Every cycle: a record from the stimulus generator (model/mdd_cmbtraf.h: many messages in flight, segments in
// random order, bad records injected; an AXI-legal source: a record, once offered, is held until taken), random
// m_axis_cmb_res_tready, occasional resets of 1..3 cycles; all outputs of the RTL and the twin compared (chk.eq);
// then the scoreboard (model/mdd_cmbscore.h) on every delivered record: the reference combiner's prediction
// (model/mdd_cmbref.h, a transaction-level model with a segment list per message, no pipeline) and the
// generator's truth (COMPLETE results against mdd_crc of the message bytes and, for CRC-32, zlib's crc32_combine
// chain; statuses and error codes against the injections). The passed count is the scoreboard's checks.
//
// Knobs (key=value or --scenario): p_valid (0.9) p_ready (0.8) p_rst (0.00001 per cycle); the generator's
// max_len (65536) max_segs (1000) inflight (min(MSGS, 2^ID_W - 1)) over_pct (3) burst_pct (25) rel_pct (50)
// len_pct (50) crc_open_pct (35) crc_close_pct (35) bad_crc_pct (10) crc_reg_pct (20) and the injection rates
// in 1/1000 (of messages; of records for unknown_id and id_range): dup overlap past_end unknown_id id_range
// reopen zero_len addr_range format abort hole (20 each, 5 for unknown_id and id_range).
// --bench: no stalls, no resets; prints records/cycle and segments/cycle sustained and the latency from a
// message's last segment (the SEG that ends a message with L) to its result, min and max (every output must
// come exactly STAGES + 6 cycles after its record: checked).
// vectors=FILE writes every cycle's inputs and the twin's outputs for tb/icarus/tb_mdd_cmb.v (a header line
// "C alg msgs id_w addr_w bps", then "rst s_tdata s_tvalid m_tready s_tready m_tdata m_tvalid" in hex).
// inject_fault=C flips bit 0 of the twin's m_axis_cmb_res_tdata at cycle C: the harness's self-test (it must
// report a DIVERGENCE).
#include "lockstep.h"

#include "Vmdd_cmb.h"

#include <zlib.h>

#include <memory>
#include <string>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_cmb_model.h"
#include "mdd_cmbref.h"
#include "mdd_cmbscore.h"
#include "mdd_cmbtraf.h"

#if !defined(CMB_ALG) || !defined(CMB_MSGS) || !defined(CMB_ID_W) || !defined(CMB_ADDR_W) || !defined(CMB_BPS)
#error "build with -DCMB_ALG=.. -DCMB_MSGS=.. -DCMB_ID_W=.. -DCMB_ADDR_W=.. -DCMB_BPS=.."
#endif

namespace {

// zlib: crc32() of each of the generator's segments in [lo, hi) (message offsets), chained with crc32_combine in
// address order; false when those segments do not tile [lo, hi).
bool zlib_chain(const mdd_cmbtraf_msg *m, uint64_t lo, uint64_t hi, uint64_t *crc) {
    uint32_t i = 0;
    while (i < m->n_segs && m->segs[i].off < lo) ++i;
    if (i == m->n_segs || m->segs[i].off != lo) return false;
    uLong c = crc32(0, Z_NULL, 0);
    uint64_t at = lo;
    for (; i < m->n_segs && at < hi; ++i) {
        const mdd_cmbtraf_seg &s = m->segs[i];
        c = crc32_combine(c, crc32(0, m->bytes + s.off, s.len), (z_off_t)s.len);
        at = s.off + s.len;
    }
    if (at != hi) return false;
    *crc = (uint32_t)c;
    return true;
}

class CmbBench {
  public:
    explicit CmbBench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_cmb>()),
          rng_(opt.seed),
          bench_(opt.bench),
          p_valid_(ls::fixed_if(opt.bench, 1.0, opt.prob("p_valid", 0.9))),
          p_ready_(ls::fixed_if(opt.bench, 1.0, opt.prob("p_ready", 0.8))),
          p_rst_(ls::fixed_if(opt.bench, 0.0, opt.prob("p_rst", 0.00001))),
          fault_cycle_(opt.u64("inject_fault", ~0ull)) {
        params_ = mdd_cmb_params{(mdd_crc_alg)CMB_ALG, CMB_MSGS, CMB_ID_W, CMB_ADDR_W, CMB_BPS};
        model_ = mdd_cmb_model_new(&params_);
        if (!model_) ls::Options::die("the twin refuses MSGS=%d ID_W=%d ADDR_W=%d BPS=%d", CMB_MSGS, CMB_ID_W,
                                      CMB_ADDR_W, CMB_BPS);
        mdd_cmbtraf_cfg cfg;
        mdd_cmbtraf_default_cfg(&cfg, &params_);
        cfg.max_len = (uint32_t)opt.u64("max_len", cfg.max_len, 1, UINT32_MAX);
        cfg.max_segs = (uint32_t)opt.u64("max_segs", cfg.max_segs, 1, UINT32_MAX);
        cfg.inflight = (unsigned)opt.u64("inflight", cfg.inflight, 1, UINT32_MAX);
        cfg.over_pct = opt.pct("over_pct", cfg.over_pct);
        cfg.burst_pct = opt.pct("burst_pct", cfg.burst_pct);
        cfg.rel_pct = opt.pct("rel_pct", cfg.rel_pct);
        cfg.len_pct = opt.pct("len_pct", cfg.len_pct);
        cfg.crc_open_pct = opt.pct("crc_open_pct", cfg.crc_open_pct);
        cfg.crc_close_pct = opt.pct("crc_close_pct", cfg.crc_close_pct);
        cfg.bad_crc_pct = opt.pct("bad_crc_pct", cfg.bad_crc_pct);
        cfg.crc_reg_pct = opt.pct("crc_reg_pct", cfg.crc_reg_pct);
        for (unsigned k = 1; k < MDD_CMBTRAF_K_COUNT; ++k)
            cfg.rate[k] = (unsigned)opt.u64(mdd_cmbtraf_kind_name(k), cfg.rate[k], 0, 1000);  // per 1000
        traf_ = mdd_cmbtraf_new(&cfg, opt.seed);
        score_ = traf_ ? mdd_cmbscore_new(&params_, traf_, &CmbBench::on_fail, this) : nullptr;
        if (!traf_ || !score_) ls::Options::die("bad generator configuration");
        if (params_.alg == MDD_CRC32) mdd_cmbscore_set_oracle(score_, zlib_chain, "zlib crc32_combine chain");
        latency_ = mdd_cmb_latency(model_);
        if (bench_) mdd_cmbscore_set_latency(score_, latency_);
        const std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
            std::fprintf(vectors_, "C %d %d %d %d %d\n", CMB_ALG, CMB_MSGS, CMB_ID_W, CMB_ADDR_W, CMB_BPS);
        }
        top_->clk = 0;
        top_->rst = 0;
        top_->s_axis_cmb_tvalid = 0;
        top_->m_axis_cmb_res_tready = 0;
        top_->eval();
    }

    ~CmbBench() {
        if (vectors_) std::fclose(vectors_);
        mdd_cmbscore_free(score_);
        mdd_cmbtraf_free(traf_);
        mdd_cmb_model_free(model_);
    }
    CmbBench(const CmbBench &) = delete;
    CmbBench &operator=(const CmbBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_clk_ = vcd.add("clk", 1);
        sig_rst_ = vcd.add("rst", 1);
        sig_s_tdata_ = vcd.add("s_axis_cmb_tdata", 256);
        sig_s_tvalid_ = vcd.add("s_axis_cmb_tvalid", 1);
        sig_s_tready_ = vcd.add("s_axis_cmb_tready", 1);
        sig_m_tdata_ = vcd.add("m_axis_cmb_res_tdata", 512);
        sig_m_tvalid_ = vcd.add("m_axis_cmb_res_tvalid", 1);
        sig_m_tready_ = vcd.add("m_axis_cmb_res_tready", 1);
        sig_open_ = vcd.add("open_count", 11);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_cmb_out out;
        mdd_cmb_eval(model_, &in_, &out);
        uint8_t b[64];
        vcd.val(sig_clk_, clk_high_);
        vcd.val(sig_rst_, in_.rst);
        ls::words_to_bytes(in_.s_axis_cmb_tdata, b, 4);
        vcd.val_bytes(sig_s_tdata_, b);
        vcd.val(sig_s_tvalid_, in_.s_axis_cmb_tvalid);
        vcd.val(sig_s_tready_, out.s_axis_cmb_tready);
        ls::words_to_bytes(out.m_axis_cmb_res_tdata, b, 8);
        vcd.val_bytes(sig_m_tdata_, b);
        vcd.val(sig_m_tvalid_, out.m_axis_cmb_res_tvalid);
        vcd.val(sig_m_tready_, in_.m_axis_cmb_res_tready);
        vcd.val(sig_open_, mdd_cmb_open_count(model_));
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        chk_ = &chk;
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        mdd_cmb_out out;
        mdd_cmb_eval(model_, &in_, &out);
        if (cycles_ == fault_cycle_) out.m_axis_cmb_res_tdata[0] ^= 1;
        if (vectors_) write_vectors(out);

        uint8_t mb[64], rb[64];
        chk.eq("s_axis_cmb_tready", out.s_axis_cmb_tready, top_->s_axis_cmb_tready);
        chk.eq("m_axis_cmb_res_tvalid", out.m_axis_cmb_res_tvalid, top_->m_axis_cmb_res_tvalid);
        ls::words_to_bytes(out.m_axis_cmb_res_tdata, mb, 8);
        ls::get_bytes(top_->m_axis_cmb_res_tdata, rb, 64);
        chk.eq_bytes("m_axis_cmb_res_tdata", mb, rb, 64);

        scoreboard(chk, rb);

        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        mdd_cmb_tick(model_, &in_);
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        const mdd_cmbscore_stats *st = mdd_cmbscore_get_stats(score_);
        std::fprintf(f,
                     "cmb %s MSGS=%d ID_W=%d ADDR_W=%d BITS_PER_STAGE=%d latency=%u: %llu cycles, %llu records "
                     "(%llu segments) in, %llu messages started, %llu results and %llu error records checked, "
                     "%llu resets (%llu outputs dropped)\n",
                     mdd_crc_params_of(params_.alg)->name, CMB_MSGS, CMB_ID_W, CMB_ADDR_W, CMB_BPS, latency_,
                     (unsigned long long)cycles_, (unsigned long long)records_, (unsigned long long)segments_,
                     (unsigned long long)mdd_cmbtraf_messages(traf_), (unsigned long long)results_,
                     (unsigned long long)errors_, (unsigned long long)resets_, (unsigned long long)st->dropped);
        std::fprintf(f, "  results:");
        for (unsigned c = 0; c <= MDD_CMB_ST_ABORTED; ++c)
            std::fprintf(f, " %s %llu", mdd_cmbref_code_name(false, c), (unsigned long long)st->outputs[0][c]);
        std::fprintf(f, "\n  errors:");
        for (unsigned c = 1; c <= MDD_CMB_ERR_OVERLAP; ++c)
            std::fprintf(f, " %s %llu", mdd_cmbref_code_name(true, c), (unsigned long long)st->outputs[1][c]);
        std::fprintf(f,
                     "\n  truth: %llu COMPLETE results against the message bytes (%llu against zlib), %llu "
                     "well-behaved messages (%llu whole)\n",
                     (unsigned long long)st->complete, (unsigned long long)st->oracle,
                     (unsigned long long)st->well_behaved, (unsigned long long)st->whole);
        const double rpc = cycles_ ? (double)records_ / cycles_ : 0, spc = cycles_ ? (double)segments_ / cycles_ : 0;
        if (st->lat_max)
            std::fprintf(f, "  %s%.3f records/cycle, %.3f segments/cycle; last segment to result: min %llu max %llu "
                            "cycles (STAGES + 6 = %u)\n",
                         bench_ ? "bench: " : "", rpc, spc, (unsigned long long)st->lat_min,
                         (unsigned long long)st->lat_max, latency_);
        else
            std::fprintf(f, "  %s%.3f records/cycle, %.3f segments/cycle\n", bench_ ? "bench: " : "", rpc, spc);
    }

    uint64_t checks() const { return mdd_cmbscore_passed(score_); }

  private:
    static void on_fail(void *ctx, const char *what, const char *msg) {
        CmbBench *b = static_cast<CmbBench *>(ctx);
        if (b->chk_) b->chk_->fail(what, msg);
    }

    void draw_inputs() {
        // reset bursts of 1..3 cycles
        if (rst_left_ == 0 && rng_.chance(p_rst_)) {
            rst_left_ = 1 + rng_.below(3);
            ++resets_;
        }
        in_.rst = rst_left_ > 0;
        if (rst_left_ > 0) --rst_left_;
        // AXI source: an offered record stays, unchanged, until it is taken
        if (!have_) {
            have_ = mdd_cmbtraf_next(traf_, in_.s_axis_cmb_tdata, &info_);
            if (!have_) std::memset(in_.s_axis_cmb_tdata, 0, sizeof in_.s_axis_cmb_tdata);
        }
        in_.s_axis_cmb_tvalid = have_ && (offered_ || rng_.chance(p_valid_));
        offered_ = in_.s_axis_cmb_tvalid;
        in_.m_axis_cmb_res_tready = rng_.chance(p_ready_);
    }

    void drive_rtl() {
        top_->rst = in_.rst;
        uint8_t b[32];
        ls::words_to_bytes(in_.s_axis_cmb_tdata, b, 4);
        ls::put_bytes(top_->s_axis_cmb_tdata, b, 32);
        top_->s_axis_cmb_tvalid = in_.s_axis_cmb_tvalid;
        top_->m_axis_cmb_res_tready = in_.m_axis_cmb_res_tready;
    }

    void write_vectors(const mdd_cmb_out &out) {
        std::fprintf(vectors_, "%x ", in_.rst);
        for (int w = 3; w >= 0; --w) std::fprintf(vectors_, "%016llx", (unsigned long long)in_.s_axis_cmb_tdata[w]);
        std::fprintf(vectors_, " %x %x %x ", in_.s_axis_cmb_tvalid, in_.m_axis_cmb_res_tready, out.s_axis_cmb_tready);
        for (int w = 7; w >= 0; --w)
            std::fprintf(vectors_, "%016llx", (unsigned long long)out.m_axis_cmb_res_tdata[w]);
        std::fprintf(vectors_, " %x\n", out.m_axis_cmb_res_tvalid);
    }

    // The delivered record (the RTL's; the twin's equals it or the run stops here) and the accepted one.
    void scoreboard(ls::Checker &chk, const uint8_t *rtl_tdata) {
        const bool s_tready = top_->s_axis_cmb_tready, m_tvalid = top_->m_axis_cmb_res_tvalid;
        // the pipeline only stops while a result waits at the output (docs/cmb.md section 1, "Rate")
        if ((in_.m_axis_cmb_res_tready || !m_tvalid) && !s_tready)
            chk.fail("throughput", "s_axis_cmb_tready low while the output is free");
        if (in_.rst) {
            mdd_cmbscore_reset(score_);
            offered_ = false;  // a reset may withdraw an offer
            return;
        }
        if (m_tvalid && in_.m_axis_cmb_res_tready) {
            uint64_t w[8];
            ls::bytes_to_words(rtl_tdata, w, 8);
            mdd_cmbscore_output(score_, w, cycles_, true);
            if (MDD_GET(CMBRES, ERROR, w)) ++errors_;
            else ++results_;
        }
        if (in_.s_axis_cmb_tvalid && s_tready) {
            mdd_cmbscore_input(score_, in_.s_axis_cmb_tdata, &info_, cycles_, nullptr);
            ++records_;
            if (info_.op == MDD_CMB_OP_SEG) ++segments_;
            have_ = false;
            offered_ = false;
        }
    }

    std::unique_ptr<Vmdd_cmb> top_;
    mdd_cmb_params params_{};
    mdd_cmb_model *model_ = nullptr;
    mdd_cmbtraf *traf_ = nullptr;
    mdd_cmbscore *score_ = nullptr;
    ls::Checker *chk_ = nullptr;
    mdd_cmb_in in_{};
    mdd_cmbtraf_info info_{};
    ls::Rng rng_;
    bool bench_;
    double p_valid_, p_ready_, p_rst_;
    uint64_t fault_cycle_;
    unsigned latency_ = 0;
    FILE *vectors_ = nullptr;
    bool have_ = false, offered_ = false, clk_high_ = false;
    uint64_t rst_left_ = 0;
    uint64_t cycles_ = 0, records_ = 0, segments_ = 0, results_ = 0, errors_ = 0, resets_ = 0;
    int sig_clk_ = 0, sig_rst_ = 0, sig_s_tdata_ = 0, sig_s_tvalid_ = 0, sig_s_tready_ = 0, sig_m_tdata_ = 0,
        sig_m_tvalid_ = 0, sig_m_tready_ = 0, sig_open_ = 0;
};

}  // namespace

int main(int argc, char **argv) {
    // one suite per configuration: lockstep-cmb-a<CRC_ALG>-m<MSGS>-i<ID_W>-w<ADDR_W>-b<BITS_PER_STAGE>
    std::string suite = "lockstep-cmb-a" + std::to_string(CMB_ALG) + "-m" + std::to_string(CMB_MSGS) + "-i" +
                        std::to_string(CMB_ID_W) + "-w" + std::to_string(CMB_ADDR_W) + "-b" + std::to_string(CMB_BPS);
    return ls::run<CmbBench>(argc, argv, suite.c_str());
}

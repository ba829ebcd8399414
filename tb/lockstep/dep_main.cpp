// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_dep.v, the direct-deposit receive engine (docs/deposit.md), against its C twin
// model/mdd_dep_model.c. One build per parameter set (-DDEP_W, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS,
// DEP_CQS, DEP_BB, DEP_MAXO, DEP_IDW = the Verilated -G values).
//
// Stimulus and checks come from the shared test environment (model/mdd_depenv.h, also behind the twin-alone suite
// tb/unit/test_dep.c): the generator's tables programmed through s_axil, its valid and adversarial packets through
// the s_axis_dep driver, software actions, ring heads, register reads, host memory as the AXI4 write slave
// (random stalls, B delays, an SLVERR region), random m_axis_evt_tready, resets of 1..3 cycles at random. Every
// cycle:
//   - every output of the RTL and the twin is compared (chk.eq; one check per cycle in the passed count);
//   - the RTL's outputs go to the environment: the scoreboard (model/mdd_depscore.h) checks every host byte,
//     RHQ entry, status word, pointer, CQE, event and register read against the reference (model/mdd_depref.h);
//     host memory checks the AXI4 protocol, that every strobed byte is inside the authorised ranges, and the order
//     of section 6.4 (passed count: the scoreboard's checks and the bursts through those checks).
// The run stops sending DEP_DRAIN (max(20000, cycles / 10)) cycles before the end and must drain: every
// prediction observed.
//
// Knobs: p_valid (0.85) p_aw (0.75) p_w (0.8) p_b (0.8: a due B is shown) b_max (12: B delay 0..b_max) p_evt
// (0.7) p_seg (0.7: m_axis_seg_tready) p_axil (0.8) p_rst (2e-5 per cycle) adv_pct (35) sw_pct (15) max_len (3000)
// gap (0 idle cycles between packets) head_period (200: software advances ring heads every 1..head_period cycles)
// status_poll (16: software reads STATUS every 16 cycles while packets flow, its wait bits compared with the twin's).
// --bench: no stalls, no resets, no adversarial packets, software drains the rings every cycle; with gap=200 every
// packet's first AW (its RHQ entry) must come exactly kLatency cycles after the beat that completed its header
// (asserted); the summary reports input beats per tvalid cycle and bytes strobed per cycle.
// --bench len=L [compl=1] (the size sweep of make dep-bench): every packet a WRITE of exactly L payload bytes (no
// PCRC; a CQE too with compl=1); the summary's "sweep" line gives payload bytes per cycle from the first payload
// beat on the write channel to the last, against W and against the limit of the input stream itself (L payload
// bytes per ceil((32 + L) / W) input beats).
// drain=N: the cycles at the end without new packets, software actions or resets (default max(20000, cycles/10);
// short runs, such as the vector files, need less).
// inject_fault=C flips bit 0 of the twin's m_axi_wdata at cycle C (the harness's self-test).
//
// With -DDEP_MSG (and DEP_MSGS, DEP_CMB_BPS) the device is rtl/mdd_dep_msg.v, the engine with the combiner, against
// model/mdd_dep_msg_model.c: the environment's message layer (model/mdd_depmsg.h) also OPENs and ABORTs messages on
// s_axis_cmb, sends their segments as packets and checks every combiner output against the reference combiner and
// the messages' bytes; the engine's internal SEG stream is compared too (read through Verilator's public
// signals) and the scoreboard checks it as it checks m_axis_seg of the bare engine. Knob p_res (0.7):
// m_axis_cmb_res_tready.
//
// vectors=FILE writes every cycle's inputs and the twin's outputs for tb/icarus/tb_mdd_dep.v. A header line
// "D W CONNS REGIONS AREGS RHQS CQS BURST_BYTES MAX_OUTSTANDING AXI_ID_W" (decimal), then one line per cycle of 48
// hex fields separated by spaces, most significant digit first (tdata and wdata 2W digits, byte W-1 first;
// m_axis_seg_tdata 64 digits, word 3 first), the ports in the order of mdd_dep_in and mdd_dep_out:
//   inputs   rst s_axis_dep_tdata s_axis_dep_tkeep s_axis_dep_tvalid s_axis_dep_tlast s_axis_dep_tuser
//            m_axi_awready m_axi_wready m_axi_bid m_axi_bresp m_axi_bvalid s_axil_awaddr s_axil_awvalid
//            s_axil_wdata s_axil_wstrb s_axil_wvalid s_axil_bready s_axil_araddr s_axil_arvalid s_axil_rready
//            m_axis_evt_tready m_axis_seg_tready
//   outputs  s_axis_dep_tready m_axi_awid m_axi_awaddr m_axi_awlen m_axi_awsize m_axi_awburst m_axi_awvalid
//            m_axi_wdata m_axi_wstrb m_axi_wlast m_axi_wvalid m_axi_bready s_axil_awready s_axil_wready
//            s_axil_bresp s_axil_bvalid s_axil_arready s_axil_rdata s_axil_rresp s_axil_rvalid m_axis_evt_tdata
//            m_axis_evt_tvalid m_axis_seg_tdata m_axis_seg_tvalid stat_pkt_done stat_pkt_code
// The outputs are the twin's, written in the cycle the harness compares them with the RTL (a fault injected with
// inject_fault is in the file too). The bare engine only (tb/icarus/tb_mdd_dep.v); not with -DDEP_MSG.
#include "lockstep.h"
#include "dep_knobs.h"
#include "dep_runs.h"

#ifdef DEP_MSG
#include "Vmdd_dep_msg.h"
#include "Vmdd_dep_msg___024root.h"
#include "mdd_dep_msg_model.h"
#if !defined(DEP_MSGS) || !defined(DEP_CMB_BPS)
#error "build with -DDEP_MSGS=.. -DDEP_CMB_BPS=.."
#endif
using DepTop = Vmdd_dep_msg;
#else
#include "Vmdd_dep.h"
using DepTop = Vmdd_dep;
#endif

#include <array>
#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "mdd/formats.h"
#include "mdd_dep_model.h"
#include "mdd_depenv.h"
#include "mdd_deptraf.h"

#if !defined(DEP_W) || !defined(DEP_CONNS) || !defined(DEP_REGIONS) || !defined(DEP_AREGS) || !defined(DEP_RHQS) || \
    !defined(DEP_CQS) || !defined(DEP_BB) || !defined(DEP_MAXO) || !defined(DEP_IDW)
#error "build with -DDEP_W=.. -DDEP_CONNS=.. -DDEP_REGIONS=.. -DDEP_AREGS=.. -DDEP_RHQS=.. -DDEP_CQS=.. -DDEP_BB=.. -DDEP_MAXO=.. -DDEP_IDW=.."
#endif

namespace {

constexpr unsigned kW = DEP_W;
// docs/deposit.md section 9.2: header's last beat accepted in cycle t, first AW valid in cycle t + kLatency
constexpr uint64_t kLatency = 11;

class DepBench {
    // the device's outputs: the engine's (dep_out), with the combiner's around them for mdd_dep_msg
#ifdef DEP_MSG
    using Out = mdd_dep_msg_out;
    static mdd_dep_out &dep_out(Out &o) { return o.dep; }
    static const mdd_dep_out &dep_out(const Out &o) { return o.dep; }
#else
    using Out = mdd_dep_out;
    static mdd_dep_out &dep_out(Out &o) { return o; }
    static const mdd_dep_out &dep_out(const Out &o) { return o; }
#endif

  public:
    explicit DepBench(const ls::Options &opt)
        : top_(std::make_unique<DepTop>()),
          bench_(opt.bench),
          gap_(opt.u64("gap", 0, 0, UINT32_MAX)),
          cycles_total_(opt.cycles),
          fault_cycle_(opt.u64("inject_fault", ~0ull)),
          t0_(std::chrono::steady_clock::now()) {
        params_ = mdd_dep_params{DEP_W, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS, DEP_CQS, DEP_BB, DEP_MAXO, DEP_IDW};
#ifdef DEP_MSG
        mparams_ = mdd_dep_msg_params{params_, DEP_MSGS, DEP_CMB_BPS};
        model_ = mdd_dep_msg_model_new(&mparams_);
#else
        model_ = mdd_dep_model_new(&params_);
#endif
        if (!model_) ls::Options::die("the twin refuses the parameters");
        mdd_depenv_cfg c;
        mdd_depenv_default_cfg(&c, &params_, opt.seed);
#ifdef DEP_MSG
        const bool msg = true;
#else
        const bool msg = false;
#endif
        deps::read_env_knobs(opt, bench_, msg, c);
        // the engine's own ports: its SEG records, its resets, packets one at a time (gap)
        c.seg_ready_pct = ls::fixed_if(bench_, 100u, deps::to_pct(opt.prob("p_seg", 0.7)));
        c.rst_ppm = ls::fixed_if(bench_, 0u, (unsigned)(opt.prob("p_rst", 2e-5) * 1e6 + 0.5));
        c.gap = (unsigned)gap_;
        c.status_poll = ls::fixed_if(bench_, 0u, (unsigned)opt.u64("status_poll", 16, 0, 1000000));
#ifdef DEP_MSG
        c.msg = true;
        c.cmb = mdd_dep_msg_cmb_params(&mparams_);
#endif
        const uint64_t fixed_len = opt.u64("len", ~0ull, 0, UINT32_MAX);  // the size sweep (--bench only)
        const bool fixed_compl = opt.flag("compl", false);
        if (bench_ && fixed_len != ~0ull) {
            c.fixed = true;
            c.fixed_len = (uint32_t)fixed_len;
            c.fixed_compl = fixed_compl;
            sweep_len_ = c.fixed_len;
            sweep_compl_ = c.fixed_compl;
        }
        env_ = mdd_depenv_new(&c, &DepBench::on_fail, this);
        if (!env_) ls::Options::die("the test environment refuses the parameters");
        drain_ = opt.u64("drain", cycles_total_ / 10 > 20000 ? cycles_total_ / 10 : 20000);
        const std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
#ifdef DEP_MSG
            ls::Options::die("vectors= is for the bare engine (tb/icarus/tb_mdd_dep.v), not mdd_dep_msg");
#endif
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
            std::fprintf(vectors_, "D %u %u %u %u %u %u %u %u %u\n", kW, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS,
                         DEP_CQS, DEP_BB, DEP_MAXO, DEP_IDW);
        }
        top_->clk = 0;
        top_->rst = 0;
        top_->eval();
    }
    ~DepBench() {
        if (vectors_) std::fclose(vectors_);
        mdd_depenv_free(env_);
#ifdef DEP_MSG
        mdd_dep_msg_model_free(model_);
#else
        mdd_dep_model_free(model_);
#endif
    }
    DepBench(const DepBench &) = delete;
    DepBench &operator=(const DepBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.clear();
        for (const char *n : {"clk", "rst", "s_axis_dep_tvalid", "s_axis_dep_tready", "s_axis_dep_tlast",
                              "m_axi_awvalid", "m_axi_awready", "m_axi_wvalid", "m_axi_wready", "m_axi_wlast",
                              "m_axi_bvalid", "s_axil_awvalid", "s_axil_awready", "s_axil_rvalid",
                              "m_axis_evt_tvalid", "m_axis_seg_tvalid"})
            sig_.push_back(vcd.add(n, 1));
        sig_awaddr_ = vcd.add("m_axi_awaddr", 64);
        sig_awlen_ = vcd.add("m_axi_awlen", 8);
        sig_wdata_ = vcd.add("m_axi_wdata", 8 * kW);
        sig_wstrb_ = vcd.add("m_axi_wstrb", kW);
        sig_tdata_ = vcd.add("s_axis_dep_tdata", 8 * kW);
        sig_rdata_ = vcd.add("s_axil_rdata", 32);
        sig_evt_ = vcd.add("m_axis_evt_tdata", 32);
        sig_seg_ = vcd.add("m_axis_seg_tdata", 256);
    }

    void model_dump(ls::Vcd &vcd) {
        Out mo;
        model_eval(mo);
        const mdd_dep_out &o = dep_out(mo);
        const bool v[] = {clk_high_, in_.rst, in_.s_axis_dep_tvalid, o.s_axis_dep_tready, in_.s_axis_dep_tlast,
                          o.m_axi_awvalid, in_.m_axi_awready, o.m_axi_wvalid, in_.m_axi_wready, o.m_axi_wlast,
                          in_.m_axi_bvalid, in_.s_axil_awvalid, o.s_axil_awready, o.s_axil_rvalid,
                          o.m_axis_evt_tvalid, o.m_axis_seg_tvalid};
        for (size_t i = 0; i < sig_.size(); ++i) vcd.val(sig_[i], v[i]);
        vcd.val(sig_awaddr_, o.m_axi_awaddr);
        vcd.val(sig_awlen_, o.m_axi_awlen);
        vcd.val_bytes(sig_wdata_, o.m_axi_wdata);
        vcd.val(sig_wstrb_, o.m_axi_wstrb);
        vcd.val_bytes(sig_tdata_, in_.s_axis_dep_tdata);
        vcd.val(sig_rdata_, o.s_axil_rdata);
        vcd.val(sig_evt_, o.m_axis_evt_tdata);
        uint8_t seg[32];
        ls::words_to_bytes(o.m_axis_seg_tdata, seg, 4);
        vcd.val_bytes(sig_seg_, seg);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        chk_ = &chk;
        if (cycles_ + drain_ == cycles_total_) mdd_depenv_stop(env_);
#ifdef DEP_MSG
        mdd_depenv_drive_msg(env_, &min_, cycles_);
#else
        mdd_depenv_drive(env_, &in_, cycles_);
#endif
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        Out mo, mr;
        model_eval(mo);
        mdd_dep_out &o = dep_out(mo), &r = dep_out(mr);
        if (cycles_ == fault_cycle_) o.m_axi_wdata[0] ^= 1;
        if (vectors_) write_vectors(o);
        read_rtl(mr);
        if (compare(chk, mo, mr)) ++compares_;
        measure(r);
        // the scoreboard watches the RTL itself
#ifdef DEP_MSG
        mdd_depenv_tick_msg(env_, &min_, &mr, cycles_);
#else
        mdd_depenv_tick(env_, &in_, &r, cycles_);
#endif
        if (cycles_ + 1 == cycles_total_) {
            if (!mdd_depenv_drained(env_))
                chk.fail("drain", "the run did not drain in the last " + std::to_string(drain_) + " cycles");
            mdd_depenv_finish(env_);
        }
        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
#ifdef DEP_MSG
        mdd_dep_msg_tick(model_, &min_);
#else
        mdd_dep_tick(model_, &in_);
#endif
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        mdd_depenv_stats s;
        mdd_depenv_get_stats(env_, &s);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        std::fprintf(f,
                     "dep W=%u CONNS=%u REGIONS=%u AREGS=%u RHQS=%u CQS=%u BURST_BYTES=%u MAX_OUTSTANDING=%u: %llu "
                     "cycles (%.0f cycles/s), %llu packets: %llu OK, %llu adversarial (%llu failed a header check, "
                     "%llu late, %llu of them FLUSHED), %llu before the tables, %llu replayed behind a late failure; "
                     "%llu resets (the first included)\n",
                     kW, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS, DEP_CQS, DEP_BB, DEP_MAXO,
                     (unsigned long long)cycles_, secs > 0 ? cycles_ / secs : 0.0, (unsigned long long)s.packets,
                     (unsigned long long)s.codes[0], (unsigned long long)(s.hdr_fail + s.late_fail),
                     (unsigned long long)s.hdr_fail, (unsigned long long)s.late_fail,
                     (unsigned long long)s.codes[MDD_DEP_ERR_FLUSHED], (unsigned long long)s.early_pkts,
                     (unsigned long long)s.replays, (unsigned long long)s.resets);
        std::fprintf(f,
                     "  %llu bursts, %llu bytes checked, %llu events, %llu SEG records, %llu register reads checked; "
                     "%llu writes outside the authorised ranges; %llu cycles of outputs compared\n",
                     (unsigned long long)s.bursts, (unsigned long long)s.bytes_checked, (unsigned long long)s.events,
                     (unsigned long long)s.segs,
                     (unsigned long long)s.reads_checked, (unsigned long long)s.violations,
                     (unsigned long long)compares_);
#ifdef DEP_MSG
        mdd_depmsg_stats ms;
        mdd_depenv_get_msg_stats(env_, &ms);
        std::fprintf(f,
                     "  messages (combiner MSGS=%u): %llu opened, %llu OK (%llu bytes, CRC = the CRC-32C of their bytes), "
                     "%llu MISMATCH, %llu ABORTED, %llu lost to resets; %llu segment packets, %llu sent again after "
                     "failing; %llu combiner records, %llu outputs (%llu error records) checked against the reference "
                     "combiner\n",
                     (unsigned)DEP_MSGS, (unsigned long long)ms.opened, (unsigned long long)ms.ok,
                     (unsigned long long)ms.bytes_ok, (unsigned long long)ms.mismatch, (unsigned long long)ms.aborted,
                     (unsigned long long)ms.lost_to_reset, (unsigned long long)ms.segs_sent,
                     (unsigned long long)ms.segs_resent, (unsigned long long)ms.records, (unsigned long long)ms.outputs,
                     (unsigned long long)ms.errors);
#endif
        std::fprintf(f, "  codes:");
        for (unsigned c = 0; c < 64; ++c)
            if (s.codes[c]) std::fprintf(f, " %u:%llu", c, (unsigned long long)s.codes[c]);
        std::fprintf(f, "\n");
        // one line for make regress to add up (mk/rtl_dep.mk)
        std::fprintf(f, "dep-adversarial: %llu adversarial packets, %llu violations\n",
                     (unsigned long long)(s.hdr_fail + s.late_fail), (unsigned long long)s.violations);
        if (lat_n_)
            std::fprintf(f, "  %sheader's last beat to first AW: min %llu max %llu cycles over %llu packets (fixed: %llu)\n",
                         bench_ ? "bench: " : "", (unsigned long long)lat_min_, (unsigned long long)lat_max_,
                         (unsigned long long)lat_n_, (unsigned long long)kLatency);
        if (bench_ && cycles_)
            std::fprintf(f, "  bench: %.3f input beats/cycle while tvalid (%llu/%llu), %.3f bytes strobed/cycle "
                            "(W = %u) over %llu cycles, longest run of full W beats on consecutive cycles %llu\n",
                         tv_cycles_ ? (double)beats_in_ / tv_cycles_ : 0.0, (unsigned long long)beats_in_,
                         (unsigned long long)tv_cycles_, (double)pay_bytes_ / cycles_, kW,
                         (unsigned long long)cycles_, (unsigned long long)run_max_);
        std::fprintf(f, "  %spayloads of at least 4W = %u bytes placed at one W beat per cycle: %llu of %llu\n",
                     bench_ ? "bench: " : "", 4 * kW, (unsigned long long)runs_.runs_full(),
                     (unsigned long long)runs_.runs_4w());
        if (sweep_len_ != ~0ull) {
            const uint64_t win = runs_.payload_window();
            const double rate = win ? (double)runs_.payload_bytes() / win : 0.0;
            const double limit = (double)sweep_len_ / ((32 + sweep_len_ + kW - 1) / kW);
            std::fprintf(f, "  sweep: W=%u len=%llu compl=%d: %.3f payload bytes/cycle = %.3f W (input-stream limit "
                            "%.3f W) over %llu cycles, %llu payload bytes\n",
                         kW, (unsigned long long)sweep_len_, sweep_compl_ ? 1 : 0, rate, rate / kW, limit / kW,
                         (unsigned long long)win, (unsigned long long)runs_.payload_bytes());
        }
    }

    uint64_t checks() const {
        mdd_depenv_stats s;
        mdd_depenv_get_stats(env_, &s);
        mdd_depmsg_stats ms;
        mdd_depenv_get_msg_stats(env_, &ms);
        return s.passed + ms.passed + compares_ + lat_ok_ + (bench_ ? runs_.runs_full() : 0);
    }

  private:
    static void on_fail(void *ctx, const char *what, const char *msg) {
        DepBench *b = static_cast<DepBench *>(ctx);
        if (b->chk_) b->chk_->fail(what, msg);
    }

    void drive_rtl() {
        top_->rst = in_.rst;
        ls::put_bytes(top_->s_axis_dep_tdata, in_.s_axis_dep_tdata, kW);
        top_->s_axis_dep_tkeep = in_.s_axis_dep_tkeep;
        top_->s_axis_dep_tvalid = in_.s_axis_dep_tvalid;
        top_->s_axis_dep_tlast = in_.s_axis_dep_tlast;
        top_->s_axis_dep_tuser = in_.s_axis_dep_tuser;
        top_->m_axi_awready = in_.m_axi_awready;
        top_->m_axi_wready = in_.m_axi_wready;
        top_->m_axi_bid = in_.m_axi_bid;
        top_->m_axi_bresp = in_.m_axi_bresp;
        top_->m_axi_bvalid = in_.m_axi_bvalid;
        top_->s_axil_awaddr = in_.s_axil_awaddr;
        top_->s_axil_awvalid = in_.s_axil_awvalid;
        top_->s_axil_wdata = in_.s_axil_wdata;
        top_->s_axil_wstrb = in_.s_axil_wstrb;
        top_->s_axil_wvalid = in_.s_axil_wvalid;
        top_->s_axil_bready = in_.s_axil_bready;
        top_->s_axil_araddr = in_.s_axil_araddr;
        top_->s_axil_arvalid = in_.s_axil_arvalid;
        top_->s_axil_rready = in_.s_axil_rready;
        top_->m_axis_evt_tready = in_.m_axis_evt_tready;
#ifdef DEP_MSG
        ls::put_bytes(top_->s_axis_cmb_tdata, rec_bytes(min_.s_axis_cmb_tdata, 4).data(), 32);
        top_->s_axis_cmb_tvalid = min_.s_axis_cmb_tvalid;
        top_->m_axis_cmb_res_tready = min_.m_axis_cmb_res_tready;
#else
        top_->m_axis_seg_tready = in_.m_axis_seg_tready;
#endif
    }

    void read_rtl(Out &mr) const {
        std::memset(&mr, 0, sizeof mr);
        mdd_dep_out &r = dep_out(mr);
        r.s_axis_dep_tready = top_->s_axis_dep_tready;
        r.m_axi_awid = top_->m_axi_awid;
        r.m_axi_awaddr = top_->m_axi_awaddr;
        r.m_axi_awlen = top_->m_axi_awlen;
        r.m_axi_awsize = top_->m_axi_awsize;
        r.m_axi_awburst = top_->m_axi_awburst;
        r.m_axi_awvalid = top_->m_axi_awvalid;
        ls::get_bytes(top_->m_axi_wdata, r.m_axi_wdata, kW);
        r.m_axi_wstrb = (uint64_t)top_->m_axi_wstrb;
        r.m_axi_wlast = top_->m_axi_wlast;
        r.m_axi_wvalid = top_->m_axi_wvalid;
        r.m_axi_bready = top_->m_axi_bready;
        r.s_axil_awready = top_->s_axil_awready;
        r.s_axil_wready = top_->s_axil_wready;
        r.s_axil_bresp = top_->s_axil_bresp;
        r.s_axil_bvalid = top_->s_axil_bvalid;
        r.s_axil_arready = top_->s_axil_arready;
        r.s_axil_rdata = top_->s_axil_rdata;
        r.s_axil_rresp = top_->s_axil_rresp;
        r.s_axil_rvalid = top_->s_axil_rvalid;
        r.m_axis_evt_tdata = top_->m_axis_evt_tdata;
        r.m_axis_evt_tvalid = top_->m_axis_evt_tvalid;
        r.stat_pkt_done = top_->stat_pkt_done;
        r.stat_pkt_code = top_->stat_pkt_code;
        uint8_t seg[32];
#ifdef DEP_MSG
        // the engine's SEG stream inside mdd_dep_msg (public signals)
        ls::get_bytes(top_->rootp->mdd_dep_msg__DOT__seg_tdata, seg, 32);
        ls::bytes_to_words(seg, r.m_axis_seg_tdata, 4);
        r.m_axis_seg_tvalid = top_->rootp->mdd_dep_msg__DOT__seg_tvalid;
        mr.seg_tready = top_->rootp->mdd_dep_msg__DOT__seg_tready;
        mr.stat_seg_fire = top_->stat_seg_fire;
        mr.s_axis_cmb_tready = top_->s_axis_cmb_tready;
        uint8_t res[64];
        ls::get_bytes(top_->m_axis_cmb_res_tdata, res, 64);
        ls::bytes_to_words(res, mr.m_axis_cmb_res_tdata, 8);
        mr.m_axis_cmb_res_tvalid = top_->m_axis_cmb_res_tvalid;
#else
        ls::get_bytes(top_->m_axis_seg_tdata, seg, 32);
        ls::bytes_to_words(seg, r.m_axis_seg_tdata, 4);
        r.m_axis_seg_tvalid = top_->m_axis_seg_tvalid;
#endif
    }

    // One line of the vector file (format at the top of this file).
    void write_vectors(const mdd_dep_out &o) {
        FILE *f = vectors_;
        const auto lanes = [f](const uint8_t *b) {
            std::fputc(' ', f);
            for (unsigned i = kW; i-- > 0;) std::fprintf(f, "%02x", b[i]);
        };
        const auto hex = [f](uint64_t v) { std::fprintf(f, " %llx", (unsigned long long)v); };
        std::fprintf(f, "%x", in_.rst);
        lanes(in_.s_axis_dep_tdata);
        for (uint64_t v : {in_.s_axis_dep_tkeep, (uint64_t)in_.s_axis_dep_tvalid, (uint64_t)in_.s_axis_dep_tlast,
                           (uint64_t)in_.s_axis_dep_tuser, (uint64_t)in_.m_axi_awready, (uint64_t)in_.m_axi_wready,
                           (uint64_t)in_.m_axi_bid, (uint64_t)in_.m_axi_bresp, (uint64_t)in_.m_axi_bvalid,
                           (uint64_t)in_.s_axil_awaddr, (uint64_t)in_.s_axil_awvalid, (uint64_t)in_.s_axil_wdata,
                           (uint64_t)in_.s_axil_wstrb, (uint64_t)in_.s_axil_wvalid, (uint64_t)in_.s_axil_bready,
                           (uint64_t)in_.s_axil_araddr, (uint64_t)in_.s_axil_arvalid, (uint64_t)in_.s_axil_rready,
                           (uint64_t)in_.m_axis_evt_tready, (uint64_t)in_.m_axis_seg_tready,
                           (uint64_t)o.s_axis_dep_tready, (uint64_t)o.m_axi_awid, o.m_axi_awaddr,
                           (uint64_t)o.m_axi_awlen, (uint64_t)o.m_axi_awsize, (uint64_t)o.m_axi_awburst,
                           (uint64_t)o.m_axi_awvalid})
            hex(v);
        lanes(o.m_axi_wdata);
        for (uint64_t v : {o.m_axi_wstrb, (uint64_t)o.m_axi_wlast, (uint64_t)o.m_axi_wvalid, (uint64_t)o.m_axi_bready,
                           (uint64_t)o.s_axil_awready, (uint64_t)o.s_axil_wready, (uint64_t)o.s_axil_bresp,
                           (uint64_t)o.s_axil_bvalid, (uint64_t)o.s_axil_arready, (uint64_t)o.s_axil_rdata,
                           (uint64_t)o.s_axil_rresp, (uint64_t)o.s_axil_rvalid, (uint64_t)o.m_axis_evt_tdata,
                           (uint64_t)o.m_axis_evt_tvalid})
            hex(v);
        std::fputc(' ', f);
        for (int k = 3; k >= 0; --k) std::fprintf(f, "%016llx", (unsigned long long)o.m_axis_seg_tdata[k]);
        std::fprintf(f, " %x %x %x\n", o.m_axis_seg_tvalid, o.stat_pkt_done, o.stat_pkt_code);
    }

    // Every output, every cycle, valid or not (D-022). True when all are equal.
    bool compare(ls::Checker &chk, const Out &mo, const Out &mr) {
        const mdd_dep_out &o = dep_out(mo), &r = dep_out(mr);
        const uint64_t before = chk.failures();
        chk.eq("s_axis_dep_tready", o.s_axis_dep_tready, r.s_axis_dep_tready);
        chk.eq("m_axi_awid", o.m_axi_awid, r.m_axi_awid);
        chk.eq("m_axi_awaddr", o.m_axi_awaddr, r.m_axi_awaddr);
        chk.eq("m_axi_awlen", o.m_axi_awlen, r.m_axi_awlen);
        chk.eq("m_axi_awsize", o.m_axi_awsize, r.m_axi_awsize);
        chk.eq("m_axi_awburst", o.m_axi_awburst, r.m_axi_awburst);
        chk.eq("m_axi_awvalid", o.m_axi_awvalid, r.m_axi_awvalid);
        chk.eq_bytes("m_axi_wdata", o.m_axi_wdata, r.m_axi_wdata, kW);
        chk.eq("m_axi_wstrb", o.m_axi_wstrb, r.m_axi_wstrb);
        chk.eq("m_axi_wlast", o.m_axi_wlast, r.m_axi_wlast);
        chk.eq("m_axi_wvalid", o.m_axi_wvalid, r.m_axi_wvalid);
        chk.eq("m_axi_bready", o.m_axi_bready, r.m_axi_bready);
        chk.eq("s_axil_awready", o.s_axil_awready, r.s_axil_awready);
        chk.eq("s_axil_wready", o.s_axil_wready, r.s_axil_wready);
        chk.eq("s_axil_bresp", o.s_axil_bresp, r.s_axil_bresp);
        chk.eq("s_axil_bvalid", o.s_axil_bvalid, r.s_axil_bvalid);
        chk.eq("s_axil_arready", o.s_axil_arready, r.s_axil_arready);
        chk.eq("s_axil_rdata", o.s_axil_rdata, r.s_axil_rdata);
        chk.eq("s_axil_rresp", o.s_axil_rresp, r.s_axil_rresp);
        chk.eq("s_axil_rvalid", o.s_axil_rvalid, r.s_axil_rvalid);
        chk.eq("m_axis_evt_tdata", o.m_axis_evt_tdata, r.m_axis_evt_tdata);
        chk.eq("m_axis_evt_tvalid", o.m_axis_evt_tvalid, r.m_axis_evt_tvalid);
        uint8_t so[32], sr[32];
        ls::words_to_bytes(o.m_axis_seg_tdata, so, 4);
        ls::words_to_bytes(r.m_axis_seg_tdata, sr, 4);
        chk.eq_bytes("m_axis_seg_tdata", so, sr, 32);
        chk.eq("m_axis_seg_tvalid", o.m_axis_seg_tvalid, r.m_axis_seg_tvalid);
        chk.eq("stat_pkt_done", o.stat_pkt_done, r.stat_pkt_done);
        chk.eq("stat_pkt_code", o.stat_pkt_code, r.stat_pkt_code);
#ifdef DEP_MSG
        chk.eq("seg_tready", mo.seg_tready, mr.seg_tready);
        chk.eq("stat_seg_fire", mo.stat_seg_fire, mr.stat_seg_fire);
        chk.eq("s_axis_cmb_tready", mo.s_axis_cmb_tready, mr.s_axis_cmb_tready);
        chk.eq_bytes("m_axis_cmb_res_tdata", rec_bytes(mo.m_axis_cmb_res_tdata, 8).data(),
                     rec_bytes(mr.m_axis_cmb_res_tdata, 8).data(), 64);
        chk.eq("m_axis_cmb_res_tvalid", mo.m_axis_cmb_res_tvalid, mr.m_axis_cmb_res_tvalid);
#endif
        return chk.failures() == before;
    }

    // The latency of section 9.2 (with gap >= 200 the first AW after a header is its packet's entry when the
    // packet passed: an entry lies in an RHQ; a failed header's error CQE does not) and the bench's rates.
    void measure(const mdd_dep_out &o) {
        if (in_.rst) {
            pos_ = 0;
            lat_pending_.clear();
            runs_.reset();
            prev_awvalid_ = false;
            return;
        }
        if (in_.s_axis_dep_tvalid) ++tv_cycles_;
        if (in_.s_axis_dep_tvalid && o.s_axis_dep_tready) {
            ++beats_in_;
            // only the latest header counts: one before the tables (it writes nothing) must not pair with a
            // later packet's AW
            if (pos_ < 32 && pos_ + kW >= 32) lat_pending_.assign(1, cycles_);
            pos_ = in_.s_axis_dep_tlast ? 0 : pos_ + kW;
        }
        if (o.m_axi_awvalid && !prev_awvalid_ && !lat_pending_.empty()) {
            const uint64_t lat = cycles_ - lat_pending_.front();
            lat_pending_.clear();
            if (gap_ >= 200 && mdd_depenv_is_rhq_entry(env_, o.m_axi_awaddr)) {
                lat_min_ = lat_n_ && lat_min_ < lat ? lat_min_ : lat;
                lat_max_ = lat > lat_max_ ? lat : lat_max_;
                ++lat_n_;
                if (bench_) {
                    if (lat != kLatency)
                        chk_->failf("latency", "header to first AW took %llu cycles, not %llu",
                                    (unsigned long long)lat, (unsigned long long)kLatency);
                    else
                        ++lat_ok_;
                }
            }
        }
        prev_awvalid_ = o.m_axi_awvalid;
        // payload: beats of bursts outside the rings and pointer words (W follows its AW, same cycle at the earliest)
        // A packet's payload is a run of payload bursts, each starting where the one before ended; in the bench
        // (no stalls) a packet of at least 4W bytes must leave as one W beat per cycle (docs/deposit.md 9.5).
        const bool aw_fire = o.m_axi_awvalid && in_.m_axi_awready, w_fire = o.m_axi_wvalid && in_.m_axi_wready;
        if (w_fire) pay_bytes_ += __builtin_popcountll(o.m_axi_wstrb);
        if (runs_.cycle(cycles_, aw_fire, o.m_axi_awaddr, o.m_axi_awlen, !mdd_deptraf_in_ring_area(o.m_axi_awaddr),
                        w_fire, o.m_axi_wstrb, o.m_axi_wlast) &&
            bench_ && chk_) {
            const auto &r = runs_.slow();
            chk_->failf("rate", "a payload of %llu bytes took %llu cycles for its %llu beats (cycles %llu..%llu)",
                        (unsigned long long)r.bytes, (unsigned long long)(r.last - r.first + 1),
                        (unsigned long long)r.beats, (unsigned long long)r.first, (unsigned long long)r.last);
        }
        const uint64_t full = kW == 64 ? ~0ull : (1ull << kW) - 1;
        run_ = (o.m_axi_wvalid && in_.m_axi_wready && o.m_axi_wstrb == full) ? run_ + 1 : 0;
        if (run_ > run_max_) run_max_ = run_;
    }

    static std::array<uint8_t, 64> rec_bytes(const uint64_t *w, size_t nwords) {
        std::array<uint8_t, 64> b{};
        ls::words_to_bytes(w, b.data(), nwords);
        return b;
    }

#ifdef DEP_MSG
    void model_eval(Out &o) const { mdd_dep_msg_eval(model_, &min_, &o); }
#else
    void model_eval(Out &o) const { mdd_dep_eval(model_, &in_, &o); }
#endif

    std::unique_ptr<DepTop> top_;
    mdd_dep_params params_{};
#ifdef DEP_MSG
    mdd_dep_msg_params mparams_{};
    mdd_dep_msg_model *model_ = nullptr;
    mdd_dep_msg_in min_{};
    mdd_dep_in &in_ = min_.dep;  // the engine's ports
#else
    mdd_dep_model *model_ = nullptr;
    mdd_dep_in in_{};
#endif
    mdd_depenv *env_ = nullptr;
    ls::Checker *chk_ = nullptr;
    bool bench_;
    uint64_t gap_, cycles_total_, fault_cycle_, drain_ = 0;
    FILE *vectors_ = nullptr;
    std::chrono::steady_clock::time_point t0_;
    bool clk_high_ = false;
    uint64_t cycles_ = 0, compares_ = 0;
    // measurements
    uint64_t pos_ = 0;
    std::deque<uint64_t> lat_pending_;
    bool prev_awvalid_ = false;
    uint64_t lat_min_ = 0, lat_max_ = 0, lat_n_ = 0, lat_ok_ = 0;
    uint64_t beats_in_ = 0, tv_cycles_ = 0, pay_bytes_ = 0, run_ = 0, run_max_ = 0;
    uint64_t sweep_len_ = ~0ull;
    bool sweep_compl_ = false;
    deps::PayloadRuns<kW> runs_;
    std::vector<int> sig_;
    int sig_awaddr_ = 0, sig_awlen_ = 0, sig_wdata_ = 0, sig_wstrb_ = 0, sig_tdata_ = 0, sig_rdata_ = 0, sig_evt_ = 0, sig_seg_ = 0;
};

}  // namespace

int main(int argc, char **argv) {
    std::string suite = "lockstep-dep-w" + std::to_string(DEP_W);
    return ls::run<DepBench>(argc, argv, suite.c_str());
}

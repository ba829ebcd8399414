// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_core.v, the whole core (docs/core.md), against its C twin model/mdd_core_model.c.
// One build per W (-DCORE_W; the other parameters at their defaults, docs/core.md 2).
//
// Stimulus and independent checks come from the blocks' own benches, joined on one core:
//   RX     tb/lockstep/rx_side.h: traffic-generator streams (iSCSI, MPA, RAW; markers, digests, DIFs; corrupted
//          bytes) cut into transfers, checked transfer by transfer against the reference receiver at the RX path's
//          output inside the core; a share of them (rx.p_route) carries COREDESC.TO_DEP: their bytes must reach
//          the deposit engine's input as one packet with the transfer's verdict in tuser, the others m_axis_rx
//          unchanged, beat for beat;
//   TX     tb/lockstep/tx_side.h: host data in every DIF mode, windows, junk; checked against the reference
//          transmitter on m_axis_tx / m_axis_tx_ctx;
//   DEP    model/mdd_depenv.c with its message layer: tables programmed through s_axil (window DEP at 0x4000),
//          valid and adversarial packets on s_axis_dep, host memory as the AXI4 slave, every write, CQE, event,
//          SEG record and combiner result checked against the references (the scoreboard rebuilds the packets at
//          the engine's input, where the router's TO_DEP packets join);
//   STATS  the harness counts what the ports show (contexts, combiner records and outputs) and, every
//          stats_period cycles, takes a snapshot (CORE.STATS_CTRL.SNAP, sometimes CLEAR) and reads windows RX,
//          TX and CMB back: every counter must equal its own count; IRQ_STATUS must show the causes seen.
// One reset for the whole core (p_rst per cycle, 1..3 cycles, and at the start); every output of RTL and twin,
// and the internal streams above, compared every cycle.
//
// The deposit side stops sending max(30000, cycles / 10) cycles before the end (at most half the run) and must
// drain (except a routed RX transfer still entering the engine: the RX side does not drain). Knobs: p_rst (2e-5),
// stats_period (20000), rx.* (rx_side.h / rx_stim.h knobs, e.g. rx.p_corrupt, rx.p_route (0.1)), tx.* (tx_stim.h),
// dep.* (those of dep_main.cpp: dep.adv_pct, dep.p_aw, dep.max_len, ...),
// inject_fault=C (the twin's m_axis_tx_tdata lane 0 flipped at cycle C: the harness's self-test),
// wedge_mem=C (from cycle C the host memory never takes an AXI4 write address or data beat again: the directed
// test that the end-of-run excuse below never hides a wedged deposit engine; the run must fail),
// min_env_holds=N (fail unless the deposit software, waiting for a quiet engine, was held at least N cycles only
// because a packet it had sent was inside the core, before the engine: the directed test of that race, D-059),
// pcap=PREFIX: the wire sides as captures, written with the summary (also after a failure; not with --quiet):
// PREFIX_rx.pcap the bytes the core accepted on s_axis_rx, PREFIX_tx.pcap those it sent on m_axis_tx, a TCP
// connection per stream, each frame stamped with the cycle of its last byte at pcap_mhz (250) MHz, and a table
// of the connections beside each (PREFIX_rx.tsv, PREFIX_tx.tsv; tb/lockstep/wire_rec.h, docs/pcap.md).
#include "lockstep.h"
#include "dep_knobs.h"
#include "dep_runs.h"
#include "rx_side.h"
#include "tx_side.h"
#include "wire_rec.h"

#include "Vmdd_core.h"
#include "Vmdd_core___024root.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd/regs.h"
#include "mdd_core_model.h"
#include "mdd_depenv.h"
#include "mdd_deptraf.h"
}

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#ifndef CORE_W
#error "build with -DCORE_W=<the Verilated W>"
#endif

namespace {

constexpr unsigned kW = CORE_W;
constexpr uint64_t kLanes = kW == 64 ? ~0ull : ((1ull << kW) - 1);
// cycles within which a routed RX transfer's last input byte reaches the deposit engine when nothing stalls it: ten
// times the RX path's latency (last byte to context 24-25 clocks)
constexpr uint64_t kRxSettle = 256;
// a routed transfer whose input has not moved for this many cycles is not "still entering": the engine is wedged
// (longer than any stall the environment's software or memory cause when they work: its queues drain and its
// memory stalls are a few cycles)
constexpr uint64_t kRxWedge = 8192;
constexpr uint32_t kDepBase = 0x4000;  // window DEP (docs/registers.md)

// The knobs of one side: "<prefix>key" of the core's options as "key", over the side's defaults.
ls::Options sub_options(const ls::Options &o, const std::string &prefix,
                        const std::map<std::string, std::string> &defaults) {
    ls::Options s = o;
    s.kv = defaults;
    s.origin.clear();
    s.used.clear();
    for (const auto &p : o.kv)
        if (p.first.compare(0, prefix.size(), prefix) == 0) {
            const std::string k = p.first.substr(prefix.size());
            s.kv[k] = p.second;
            s.origin[k] = o.where(p.first.c_str()) + " (" + p.first + ")";
        }
    return s;
}

struct Beat {
    uint8_t data[64];
    uint8_t tag[64];
    uint64_t keep;
    bool last;
};

// A routed RX transfer on its way to the deposit engine: its bytes and the verdict its last beat must carry.
struct Routed {
    uint64_t id;
    std::vector<uint8_t> bytes;
    bool verdict;
};

// The harness's own counts of the statistics (docs/core.md 4).
struct Dir {
    uint64_t xfers = 0, xfers_err = 0, pdus = 0, blocks = 0, markers = 0, err_events = 0, bytes_in = 0, bytes_out = 0;
    uint32_t last_id = 0, last_code = 0, last_off = 0;
    uint64_t err_class[16] = {0};
    void add(const uint64_t *ctx) {
        const uint64_t map = MDD_GET(CTX, ERR_MAP, ctx);
        ++xfers;
        xfers_err += map != 0;
        pdus += MDD_GET(CTX, PDUS, ctx);
        blocks += MDD_GET(CTX, BLOCKS, ctx);
        markers += MDD_GET(CTX, MRK_COUNT, ctx);
        err_events += MDD_GET(CTX, ERR_COUNT, ctx);
        bytes_in += MDD_GET(CTX, BYTES_IN, ctx);
        bytes_out += MDD_GET(CTX, BYTES_OUT, ctx);
        for (unsigned k = 0; k < 16; ++k) err_class[k] += (map >> k) & 1;
        if (map) {
            last_id = (uint32_t)MDD_GET(CTX, XFER_ID, ctx);
            last_code = (uint32_t)MDD_GET(CTX, ERR_CODE, ctx);
            last_off = (uint32_t)MDD_GET(CTX, ERR_OFF, ctx);
        }
    }
};
struct Counts {
    Dir dir[2];
    uint64_t records_sw = 0, segs = 0, outputs = 0, results[8] = {0}, errors[16] = {0};
};

}  // namespace

// The latency of a path at full rate (--bench): each input packet's first and last beats, matched in order with
// its output packet's first beat and with its context beat. The paths keep the order and give every transfer
// one output packet and one context (the bench routes nothing), so the n-th of each belong together.
class PathLatency {
  public:
    void in_beat(uint64_t c, bool last) {
        if (!in_pkt_) first_in_.push_back(c);
        in_pkt_ = !last;
        if (last) last_in_.push_back(c);
    }
    void out_beat(uint64_t c, bool last) {
        if (!out_pkt_ && !first_in_.empty()) {
            first_.add(c - first_in_.front());
            first_in_.pop_front();
        }
        out_pkt_ = !last;
    }
    void ctx(uint64_t c) {
        if (last_in_.empty()) return;
        ctx_.add(c - last_in_.front());
        last_in_.pop_front();
    }
    void print(FILE *f, const char *path) const {
        std::fprintf(f, "bench latency %s: first input byte to first output byte %s cycles; last input byte to "
                        "the context %s cycles (%llu transfers)\n",
                     path, first_.str().c_str(), ctx_.str().c_str(), (unsigned long long)ctx_.n);
    }

  private:
    struct Span {
        uint64_t n = 0, min = UINT64_MAX, max = 0, sum = 0;
        void add(uint64_t v) {
            ++n;
            min = std::min(min, v);
            max = std::max(max, v);
            sum += v;
        }
        std::string str() const {
            if (!n) return "-";
            char b[96];
            std::snprintf(b, sizeof b, "min %llu / mean %.1f / max %llu", (unsigned long long)min, (double)sum / n,
                          (unsigned long long)max);
            return b;
        }
    };
    std::deque<uint64_t> first_in_, last_in_;
    bool in_pkt_ = false, out_pkt_ = false;
    Span first_, ctx_;
};

class CoreBench {
  public:
    explicit CoreBench(const ls::Options &opt)
        : rx_opt_(sub_options(opt, "rx.", {{"p_reset", "0"}, {"p_route", "0.1"}})),
          tx_opt_(sub_options(opt, "tx.", {{"p_reset", "0"}})),
          dep_opt_(sub_options(opt, "dep.", {})),
          rx_(rx_opt_, 0.2, 0.5, true),
          tx_(tx_opt_),
          top_(std::make_unique<Vmdd_core>()),
          bench_(opt.bench),
          cycles_total_(opt.cycles),
          fault_cycle_(opt.u64("inject_fault", ~0ull)),
          wedge_cycle_(opt.u64("wedge_mem", ~0ull)),
          t0_(std::chrono::steady_clock::now()) {
        p_rst_ = ls::fixed_if(bench_, 0.0, opt.prob("p_rst", 2e-5));
        stats_period_ = opt.u64("stats_period", 20000, 1, UINT64_MAX);
        min_env_holds_ = opt.u64("min_env_holds", 0);
        pcap_ = opt.str("pcap", "");
        pcap_mhz_ = opt.num("pcap_mhz", 250.0, 1e-3, 1e6);
        if (!(pcap_mhz_ > 0) || pcap_mhz_ > 1e6) ls::Options::die("pcap_mhz=%g: expected a clock above 0 MHz", pcap_mhz_);
        if (!pcap_.empty()) {
            rx_rec_ = std::make_unique<ls::WireRec>();
            tx_rec_ = std::make_unique<ls::WireRec>();
            rx_.record_wire(rx_rec_.get());
            tx_.record_wire(tx_rec_.get());
        }
        params_ = mdd_core_default_params(kW);
        model_ = mdd_core_model_new(&params_);
        if (!model_) ls::Options::die("the twin refuses the parameters");
        mdd_depenv_cfg c;
        mdd_depenv_default_cfg(&c, &params_.dep.dep, opt.seed);
        deps::read_env_knobs(dep_opt_, bench_, true, c);
        c.rst_ppm = 0;  // the core's one reset is this harness's
        c.msg = true;
        c.cmb = mdd_dep_msg_cmb_params(&params_.dep);
        env_ = mdd_depenv_new(&c, &CoreBench::on_fail, this);
        if (!env_) ls::Options::die("the deposit environment refuses the parameters");
        // the deposit side stops drain_ cycles before the end and must be idle then; a run shorter than twice
        // the usual 30000 drains in its second half
        drain_ = std::min(std::max(cycles_total_ / 10, (uint64_t)30000), cycles_total_ / 2);
        // the sides' knobs are known under their prefixes (ls::run_once rejects any other: a scenario's typo is an
        // error, with its file and line)
        for (const auto &k : rx_opt_.used) opt.used.insert("rx." + k);
        for (const auto &k : tx_opt_.used) opt.used.insert("tx." + k);
        for (const auto &k : dep_opt_.used) opt.used.insert("dep." + k);
        progress_ = !opt.quiet;
        top_->clk = 0;
        top_->rst = 1;
        top_->eval();
    }
    ~CoreBench() {
        mdd_depenv_free(env_);
        mdd_core_model_free(model_);
        top_->final();
    }
    CoreBench(const CoreBench &) = delete;
    CoreBench &operator=(const CoreBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.clear();
        for (const char *n : {"clk", "rst", "s_axis_rx_tvalid", "s_axis_rx_tready", "m_axis_rx_tvalid",
                              "m_axis_rx_tready", "m_axis_rx_ctx_tvalid", "s_axis_tx_tvalid", "s_axis_tx_tready",
                              "m_axis_tx_tvalid", "m_axis_tx_tready", "m_axis_tx_ctx_tvalid", "s_axis_dep_tvalid",
                              "s_axis_dep_tready", "m_axi_awvalid", "m_axi_wvalid", "m_axi_bvalid",
                              "s_axis_cmb_tvalid", "m_axis_cmb_res_tvalid", "s_axil_awvalid", "s_axil_arvalid",
                              "s_axil_rvalid", "irq"})
            sig_.push_back(vcd.add(n, 1));
        sig_rx_ = vcd.add("m_axis_rx_tdata", 8 * kW);
        sig_tx_ = vcd.add("m_axis_tx_tdata", 8 * kW);
        sig_aw_ = vcd.add("m_axi_awaddr", 64);
        sig_wd_ = vcd.add("m_axi_wdata", 8 * kW);
        sig_rd_ = vcd.add("s_axil_rdata", 32);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_core_out o;
        mdd_core_eval(model_, &in_, &o);
        const bool v[] = {clk_high_, in_.rst, in_.s_axis_rx_tvalid, o.s_axis_rx_tready, o.m_axis_rx_tvalid,
                          in_.m_axis_rx_tready, o.m_axis_rx_ctx_tvalid, in_.s_axis_tx_tvalid, o.s_axis_tx_tready,
                          o.m_axis_tx_tvalid, in_.m_axis_tx_tready, o.m_axis_tx_ctx_tvalid, in_.s_axis_dep_tvalid,
                          o.s_axis_dep_tready, o.m_axi_awvalid, o.m_axi_wvalid, in_.m_axi_bvalid,
                          in_.s_axis_cmb_tvalid, o.m_axis_cmb_res_tvalid, in_.s_axil_awvalid, in_.s_axil_arvalid,
                          o.s_axil_rvalid, o.irq};
        for (size_t i = 0; i < sig_.size(); ++i) vcd.val(sig_[i], v[i]);
        vcd.val_bytes(sig_rx_, o.m_axis_rx_tdata);
        vcd.val_bytes(sig_tx_, o.m_axis_tx_tdata);
        vcd.val(sig_aw_, o.m_axi_awaddr);
        vcd.val_bytes(sig_wd_, o.m_axi_wdata);
        vcd.val(sig_rd_, o.s_axil_rdata);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        chk_ = &chk;
        const uint64_t cyc = cycles_;
        if (cyc + drain_ == cycles_total_) {
            stopping_ = true;
            mdd_depenv_stop(env_);
            rx_.stop_routing();  // the routed transfers on their way still arrive; no new ones
        }
        // ---- this cycle's inputs ----
        const bool rst = decide_reset(cyc);
        // the deposit side's software writes tables only into a quiet engine: routed RX transfers hold back then
        rx_.allow_routed(!mdd_depenv_wants_quiet(env_));
        rx_.draw(cyc);
        const mdd_rx_path_in &ri = rx_.in();
        // packets the scoreboard (at the engine's input) has not seen yet: routed RX transfers, and the
        // environment's own packets between s_axis_dep and the engine (the router's output register holds a beat:
        // a one-beat packet has left the environment's port a cycle before the engine sees it, D-059)
        mdd_depenv_set_external_busy(env_, routed_inflight_ > 0 || env_inside_ > 0 ||
                                               (ri.s_axis_rx_desc_tvalid &&
                                                MDD_GET(COREDESC, TO_DEP, ri.s_axis_rx_desc_tdata)));
        tx_.draw();
        mdd_depenv_drive_msg(env_, &dmi_, cyc);
        if (cyc >= wedge_cycle_) {  // the environment sees its own ready low too: no handshake on either side
            dmi_.dep.m_axi_awready = false;
            dmi_.dep.m_axi_wready = false;
        }
        // the race that guard closes: software, holding an action that needs a quiet engine, was kept from it only
        // by its own packet inside the core (the scoreboard saw nothing in flight)
        if (env_inside_ > 0 && routed_inflight_ == 0 && mdd_depenv_wants_quiet(env_) && mdd_depenv_scoreboard_quiet(env_))
            ++env_holds_;
        if (rst) {
            rx_.in().rst = true;
            tx_.force_reset();
        } else if (rx_.in().rst) {
            rx_.in().rst = false;  // the RX side's own resets are off (p_reset 0) but for its first cycles
        }
        dmi_.dep.rst = rst;
        assemble_inputs(rst);
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        mdd_core_out mo, ro;
        mdd_core_eval(model_, &in_, &mo);
        if (cyc == fault_cycle_) mo.m_axis_tx_tdata[0] ^= 1;
        read_rtl(ro);
        if (in_.s_axis_rx_tvalid && ro.s_axis_rx_tready) rx_moved_cycle_ = cyc;
        if (compare(chk, mo, ro)) ++compares_;
        // ---- the checks watch the RTL ----
        observe(chk, ro, rst);
        if (cyc + 1 == cycles_total_) final_checks(chk);
        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        mdd_core_tick(model_, &in_);
        tr.post();
        ++cycles_;
        if (progress_ && (cycles_ & 8191) == 0) show_progress();
    }

    void summary(FILE *f) const {
        mdd_depenv_stats s;
        mdd_depenv_get_stats(env_, &s);
        mdd_depmsg_stats ms;
        mdd_depenv_get_msg_stats(env_, &ms);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        const double cyc = cycles_ ? (double)cycles_ : 1.0;
        const Counts &c = total_;
        std::fprintf(f, "core W=%u: %llu cycles, %llu resets, %.1f s (%.0f cycles/s)\n", kW,
                     (unsigned long long)cycles_, (unsigned long long)resets_, secs, secs > 0 ? cycles_ / secs : 0.0);
        std::fprintf(f, "  %-4s %12s %12s %10s %8s %11s %7s  %s\n", "", "bytes in", "bytes out", "transfers", "PDUs",
                     "bytes/cycle", "of W", "errors: expected by the reference / reported by the core");
        std::fprintf(f, "  %-4s %12llu %12llu %10llu %8llu %11.3f %6.1f%%  %llu / %llu transfers (%llu streams with "
                        "bit flips)\n",
                     "RX", (unsigned long long)c.dir[0].bytes_in, (unsigned long long)c.dir[0].bytes_out,
                     (unsigned long long)c.dir[0].xfers, (unsigned long long)c.dir[0].pdus, c.dir[0].bytes_in / cyc,
                     100.0 * c.dir[0].bytes_in / cyc / kW, (unsigned long long)rx_.err_xfers(),
                     (unsigned long long)c.dir[0].xfers_err, (unsigned long long)rx_.corrupted_streams());
        std::fprintf(f, "  %-4s %12llu %12llu %10llu %8llu %11.3f %6.1f%%  %llu / %llu transfers\n", "TX",
                     (unsigned long long)c.dir[1].bytes_in, (unsigned long long)c.dir[1].bytes_out,
                     (unsigned long long)c.dir[1].xfers, (unsigned long long)c.dir[1].pdus, c.dir[1].bytes_out / cyc,
                     100.0 * c.dir[1].bytes_out / cyc / kW, (unsigned long long)tx_.err_xfers(),
                     (unsigned long long)c.dir[1].xfers_err);
        std::fprintf(f, "  %-4s %12llu %12s %10llu %8s %11.3f %6.1f%%  %llu packets failed, each with the code the "
                        "reference predicts (%llu adversarial sent, %llu transfers routed from RX)\n",
                     "DEP", (unsigned long long)dep_bytes_in_, "-", (unsigned long long)s.packets, "-",
                     dep_bytes_in_ / cyc, 100.0 * dep_bytes_in_ / cyc / kW,
                     (unsigned long long)(s.hdr_fail + s.late_fail), (unsigned long long)s.adv_sent,
                     (unsigned long long)routed_in_);
        std::fprintf(f,
                     "  deposits: %llu packets, %llu OK, %llu failed a header check, %llu failed late (%llu FLUSHED); "
                     "%llu bytes placed and checked, %llu events; 0 writes outside the authorised ranges: %s\n",
                     (unsigned long long)s.packets, (unsigned long long)s.codes[0], (unsigned long long)s.hdr_fail,
                     (unsigned long long)s.late_fail, (unsigned long long)s.codes[MDD_DEP_ERR_FLUSHED],
                     (unsigned long long)s.bytes_checked, (unsigned long long)s.events,
                     s.violations ? "NO" : "yes");
        if (env_holds_ || min_env_holds_)  // the race of D-059 (a one-beat packet: W >= 32, or a cut header)
            std::fprintf(f, "  deposits: software waiting for a quiet engine held %llu cycles only because a packet it "
                            "had sent was inside the core, before the engine\n", (unsigned long long)env_holds_);
        if (dep_open_bytes_)
            std::fprintf(f, "  deposits: the run ended while a routed RX transfer was still entering the engine (%zu "
                            "bytes of it received)\n", dep_open_bytes_);
        if (!mdd_depenv_tables_written(env_))
            std::fprintf(f, "  deposits: the run ended while the software was still writing the deposit tables after "
                            "the last reset (about 4000 AXI4-Lite writes, some 20000 cycles): run longer\n");
        std::fprintf(f,
                     "  messages: %llu opened, %llu completed OK (CRC = the CRC-32C of their bytes), %llu MISMATCH, "
                     "%llu ABORTED, %llu lost to resets; %llu segment packets, %llu sent again; combiner: %llu "
                     "results, %llu error records\n",
                     (unsigned long long)ms.opened, (unsigned long long)ms.ok, (unsigned long long)ms.mismatch,
                     (unsigned long long)ms.aborted, (unsigned long long)ms.lost_to_reset,
                     (unsigned long long)ms.segs_sent, (unsigned long long)ms.segs_resent,
                     (unsigned long long)(c.outputs - errors_total()), (unsigned long long)errors_total());
        rx_.junk_summary(f);
        std::fprintf(f, "  statistics: %llu snapshots read back, %llu registers checked\n",
                     (unsigned long long)snaps_checked_, (unsigned long long)regs_checked_);
        std::fprintf(f, "  RTL and model agree on %llu cycles\n", (unsigned long long)compares_);
        write_captures(f);
        if (bench_) {  // the blocks' own rate lines, measured on the core
            rx_.summary(f);
            tx_.summary(f);
            lat_rx_.print(f, "rx");
            lat_tx_.print(f, "tx");
            std::fprintf(f, "bench deposit W=%u: payloads of at least 4W = %u bytes placed at one W beat per cycle: "
                            "%llu of %llu; %.3f payload bytes/cycle from the first payload beat to the last\n",
                         kW, 4 * kW, (unsigned long long)runs_.runs_full(), (unsigned long long)runs_.runs_4w(),
                         runs_.payload_window() ? (double)runs_.payload_bytes() / runs_.payload_window() : 0.0);
        }
    }

    uint64_t checks() const {
        mdd_depenv_stats s;
        mdd_depenv_get_stats(env_, &s);
        mdd_depmsg_stats ms;
        mdd_depenv_get_msg_stats(env_, &ms);
        return rx_.checks() + tx_.checks() + s.passed + ms.passed + compares_ + host_beats_ + routed_in_ +
               regs_checked_ + (bench_ ? runs_.runs_full() : 0);
    }

  private:
    // pcap=PREFIX: both wire sides, one line each (the recorders keep what they saw; writing flushes them).
    void write_captures(FILE *f) const {
        if (pcap_.empty()) return;
        ls::make_parent_dir(pcap_);
        const std::pair<ls::WireRec *, const char *> sides[] = {{rx_rec_.get(), "rx"}, {tx_rec_.get(), "tx"}};
        for (const auto &side : sides) {
            const std::string path = pcap_ + "_" + side.second + ".pcap";
            std::string line, err;
            if (side.first->write(path, side.second[0] == 'r' ? "s_axis_rx" : "m_axis_tx", pcap_mhz_, line, err))
                std::fprintf(f, "%s\n", line.c_str());
            else
                std::fprintf(f, "pcap: %s\n", err.c_str());
        }
    }

    // A line every few seconds on long runs (stderr), so a user sees the run move.
    void show_progress() {
        const auto now = std::chrono::steady_clock::now();
        const double since = std::chrono::duration<double>(now - last_progress_).count();
        if (since < 5.0) return;
        const double all = std::chrono::duration<double>(now - t0_).count();
        std::fprintf(stderr, "  progress: %llu of %llu cycles (%.0f%%), %.0f cycles/s, %s\n",
                     (unsigned long long)cycles_, (unsigned long long)cycles_total_,
                     100.0 * (double)cycles_ / (double)cycles_total_, all > 0 ? cycles_ / all : 0.0,
                     chk_ && chk_->failed() ? "FAILED" : "all checks passing");
        last_progress_ = now;
    }

    static void on_fail(void *ctx, const char *what, const char *msg) {
        CoreBench *b = static_cast<CoreBench *>(ctx);
        if (b->chk_) b->chk_->fail(what, msg);
    }

    uint64_t errors_total() const {
        uint64_t n = 0;
        for (uint64_t e : total_.errors) n += e;
        return n;
    }

    bool decide_reset(uint64_t cyc) {
        if (rst_left_) {
            --rst_left_;
            return true;
        }
        if (cyc < 2) return true;
        if (!stopping_ && p_rst_ > 0 && rng_.chance(p_rst_)) {
            rst_left_ = (unsigned)rng_.below(3);
            ++resets_;
            return true;
        }
        return false;
    }

    // ---- inputs ----

    void assemble_inputs(bool rst) {
        std::memset(&in_, 0, sizeof in_);
        in_.rst = rst;
        const mdd_rx_path_in &r = rx_.in();
        std::memcpy(in_.s_axis_rx_tdata, r.s_axis_rx_tdata, sizeof in_.s_axis_rx_tdata);
        in_.s_axis_rx_tkeep = r.s_axis_rx_tkeep;
        in_.s_axis_rx_tlast = r.s_axis_rx_tlast;
        in_.s_axis_rx_tuser = r.s_axis_rx_tuser;
        in_.s_axis_rx_tvalid = r.s_axis_rx_tvalid;
        std::memcpy(in_.s_axis_rx_desc_tdata, r.s_axis_rx_desc_tdata, sizeof in_.s_axis_rx_desc_tdata);
        in_.s_axis_rx_desc_tvalid = r.s_axis_rx_desc_tvalid;
        in_.m_axis_rx_tready = r.m_axis_rx_tready;
        in_.m_axis_rx_ctx_tready = r.m_axis_rx_ctx_tready;
        host_rx_ready_ = r.m_axis_rx_tready;
        const mdd_tx_path_in &t = tx_.in();
        std::memcpy(in_.s_axis_tx_tdata, t.s_axis_tx_tdata, sizeof in_.s_axis_tx_tdata);
        in_.s_axis_tx_tkeep = t.s_axis_tx_tkeep;
        in_.s_axis_tx_tlast = t.s_axis_tx_tlast;
        in_.s_axis_tx_tuser = t.s_axis_tx_tuser;
        in_.s_axis_tx_tvalid = t.s_axis_tx_tvalid;
        std::memcpy(in_.s_axis_tx_desc_tdata, t.s_axis_tx_desc_tdata, sizeof in_.s_axis_tx_desc_tdata);
        in_.s_axis_tx_desc_tvalid = t.s_axis_tx_desc_tvalid;
        in_.m_axis_tx_tready = t.m_axis_tx_tready;
        in_.m_axis_tx_ctx_tready = t.m_axis_tx_ctx_tready;
        const mdd_dep_in &d = dmi_.dep;
        std::memcpy(in_.s_axis_dep_tdata, d.s_axis_dep_tdata, sizeof in_.s_axis_dep_tdata);
        in_.s_axis_dep_tkeep = d.s_axis_dep_tkeep;
        in_.s_axis_dep_tvalid = d.s_axis_dep_tvalid;
        in_.s_axis_dep_tlast = d.s_axis_dep_tlast;
        in_.s_axis_dep_tuser = d.s_axis_dep_tuser;
        in_.m_axi_awready = d.m_axi_awready;
        in_.m_axi_wready = d.m_axi_wready;
        in_.m_axi_bid = d.m_axi_bid;
        in_.m_axi_bresp = d.m_axi_bresp;
        in_.m_axi_bvalid = d.m_axi_bvalid;
        in_.m_axis_evt_tready = d.m_axis_evt_tready;
        std::memcpy(in_.s_axis_cmb_tdata, dmi_.s_axis_cmb_tdata, sizeof in_.s_axis_cmb_tdata);
        in_.s_axis_cmb_tvalid = dmi_.s_axis_cmb_tvalid;
        in_.m_axis_cmb_res_tready = dmi_.m_axis_cmb_res_tready;
        // s_axil: the deposit environment's software (window DEP) or this harness's statistics reader
        reader_step(rst);
        if (reader_owns_) {
            in_.s_axil_awaddr = rd_.awaddr;
            in_.s_axil_awvalid = rd_.awvalid;
            in_.s_axil_wdata = rd_.wdata;
            in_.s_axil_wstrb = 0xF;
            in_.s_axil_wvalid = rd_.wvalid;
            in_.s_axil_bready = true;
            in_.s_axil_araddr = rd_.araddr;
            in_.s_axil_arvalid = rd_.arvalid;
            in_.s_axil_rready = true;
        } else {
            in_.s_axil_awaddr = kDepBase + d.s_axil_awaddr;
            in_.s_axil_awvalid = d.s_axil_awvalid;
            in_.s_axil_wdata = d.s_axil_wdata;
            in_.s_axil_wstrb = d.s_axil_wstrb;
            in_.s_axil_wvalid = d.s_axil_wvalid;
            in_.s_axil_bready = d.s_axil_bready;
            in_.s_axil_araddr = kDepBase + d.s_axil_araddr;
            in_.s_axil_arvalid = d.s_axil_arvalid;
            in_.s_axil_rready = d.s_axil_rready;
        }
    }

    void drive_rtl() {
        uint8_t b[128];
        top_->rst = in_.rst;
        ls::put_bytes(top_->s_axis_rx_tdata, in_.s_axis_rx_tdata, kW);
        top_->s_axis_rx_tkeep = in_.s_axis_rx_tkeep;
        top_->s_axis_rx_tlast = in_.s_axis_rx_tlast;
        top_->s_axis_rx_tuser = in_.s_axis_rx_tuser;
        top_->s_axis_rx_tvalid = in_.s_axis_rx_tvalid;
        ls::words_to_bytes(in_.s_axis_rx_desc_tdata, b, 8);
        ls::put_bytes(top_->s_axis_rx_desc_tdata, b, 64);
        top_->s_axis_rx_desc_tvalid = in_.s_axis_rx_desc_tvalid;
        top_->m_axis_rx_tready = in_.m_axis_rx_tready;
        top_->m_axis_rx_ctx_tready = in_.m_axis_rx_ctx_tready;
        ls::put_bytes(top_->s_axis_tx_tdata, in_.s_axis_tx_tdata, kW);
        top_->s_axis_tx_tkeep = in_.s_axis_tx_tkeep;
        top_->s_axis_tx_tlast = in_.s_axis_tx_tlast;
        top_->s_axis_tx_tuser = in_.s_axis_tx_tuser;
        top_->s_axis_tx_tvalid = in_.s_axis_tx_tvalid;
        ls::words_to_bytes(in_.s_axis_tx_desc_tdata, b, 8);
        ls::put_bytes(top_->s_axis_tx_desc_tdata, b, 64);
        top_->s_axis_tx_desc_tvalid = in_.s_axis_tx_desc_tvalid;
        top_->m_axis_tx_tready = in_.m_axis_tx_tready;
        top_->m_axis_tx_ctx_tready = in_.m_axis_tx_ctx_tready;
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
        top_->m_axis_evt_tready = in_.m_axis_evt_tready;
        ls::words_to_bytes(in_.s_axis_cmb_tdata, b, 4);
        ls::put_bytes(top_->s_axis_cmb_tdata, b, 32);
        top_->s_axis_cmb_tvalid = in_.s_axis_cmb_tvalid;
        top_->m_axis_cmb_res_tready = in_.m_axis_cmb_res_tready;
        top_->s_axil_awaddr = in_.s_axil_awaddr;
        top_->s_axil_awvalid = in_.s_axil_awvalid;
        top_->s_axil_wdata = in_.s_axil_wdata;
        top_->s_axil_wstrb = in_.s_axil_wstrb;
        top_->s_axil_wvalid = in_.s_axil_wvalid;
        top_->s_axil_bready = in_.s_axil_bready;
        top_->s_axil_araddr = in_.s_axil_araddr;
        top_->s_axil_arvalid = in_.s_axil_arvalid;
        top_->s_axil_rready = in_.s_axil_rready;
    }

    void read_rtl(mdd_core_out &r) const {
        std::memset(&r, 0, sizeof r);
        uint8_t b[128];
        const auto *t = top_.get();
        const auto *p = top_->rootp;
        r.s_axis_rx_tready = t->s_axis_rx_tready;
        r.s_axis_rx_desc_tready = t->s_axis_rx_desc_tready;
        ls::get_bytes(t->m_axis_rx_tdata, r.m_axis_rx_tdata, kW);
        r.m_axis_rx_tkeep = (uint64_t)t->m_axis_rx_tkeep;
        r.m_axis_rx_tlast = t->m_axis_rx_tlast;
        ls::get_bytes(t->m_axis_rx_tuser, r.m_axis_rx_tuser, kW);
        r.m_axis_rx_tvalid = t->m_axis_rx_tvalid;
        ls::get_bytes(t->m_axis_rx_ctx_tdata, b, 128);
        ls::bytes_to_words(b, r.m_axis_rx_ctx_tdata, 16);
        r.m_axis_rx_ctx_tvalid = t->m_axis_rx_ctx_tvalid;
        r.s_axis_tx_tready = t->s_axis_tx_tready;
        r.s_axis_tx_desc_tready = t->s_axis_tx_desc_tready;
        ls::get_bytes(t->m_axis_tx_tdata, r.m_axis_tx_tdata, kW);
        r.m_axis_tx_tkeep = (uint64_t)t->m_axis_tx_tkeep;
        r.m_axis_tx_tlast = t->m_axis_tx_tlast;
        ls::get_bytes(t->m_axis_tx_tuser, r.m_axis_tx_tuser, kW);
        r.m_axis_tx_tvalid = t->m_axis_tx_tvalid;
        ls::get_bytes(t->m_axis_tx_ctx_tdata, b, 128);
        ls::bytes_to_words(b, r.m_axis_tx_ctx_tdata, 16);
        r.m_axis_tx_ctx_tvalid = t->m_axis_tx_ctx_tvalid;
        r.s_axis_dep_tready = t->s_axis_dep_tready;
        r.m_axi_awid = t->m_axi_awid;
        r.m_axi_awaddr = t->m_axi_awaddr;
        r.m_axi_awlen = t->m_axi_awlen;
        r.m_axi_awsize = t->m_axi_awsize;
        r.m_axi_awburst = t->m_axi_awburst;
        r.m_axi_awvalid = t->m_axi_awvalid;
        ls::get_bytes(t->m_axi_wdata, r.m_axi_wdata, kW);
        r.m_axi_wstrb = (uint64_t)t->m_axi_wstrb;
        r.m_axi_wlast = t->m_axi_wlast;
        r.m_axi_wvalid = t->m_axi_wvalid;
        r.m_axi_bready = t->m_axi_bready;
        r.m_axis_evt_tdata = t->m_axis_evt_tdata;
        r.m_axis_evt_tvalid = t->m_axis_evt_tvalid;
        r.s_axis_cmb_tready = t->s_axis_cmb_tready;
        ls::get_bytes(t->m_axis_cmb_res_tdata, b, 64);
        ls::bytes_to_words(b, r.m_axis_cmb_res_tdata, 8);
        r.m_axis_cmb_res_tvalid = t->m_axis_cmb_res_tvalid;
        r.s_axil_awready = t->s_axil_awready;
        r.s_axil_wready = t->s_axil_wready;
        r.s_axil_bresp = t->s_axil_bresp;
        r.s_axil_bvalid = t->s_axil_bvalid;
        r.s_axil_arready = t->s_axil_arready;
        r.s_axil_rdata = t->s_axil_rdata;
        r.s_axil_rresp = t->s_axil_rresp;
        r.s_axil_rvalid = t->s_axil_rvalid;
        r.irq = t->irq;
        mdd_core_inner &n = r.inner;
        ls::get_bytes(p->mdd_core__DOT__rxp_tdata, n.rxp_tdata, kW);
        n.rxp_tkeep = (uint64_t)p->mdd_core__DOT__rxp_tkeep;
        n.rxp_tlast = p->mdd_core__DOT__rxp_tlast;
        ls::get_bytes(p->mdd_core__DOT__rxp_tuser, n.rxp_tuser, kW);
        n.rxp_tvalid = p->mdd_core__DOT__rxp_tvalid;
        n.rxp_tready = p->mdd_core__DOT__rxp_tready;
        ls::get_bytes(p->mdd_core__DOT__dep_in_tdata, n.dep_in_tdata, kW);
        n.dep_in_tkeep = (uint64_t)p->mdd_core__DOT__dep_in_tkeep;
        n.dep_in_tlast = p->mdd_core__DOT__dep_in_tlast;
        n.dep_in_tuser = p->mdd_core__DOT__dep_in_tuser;
        n.dep_in_tvalid = p->mdd_core__DOT__dep_in_tvalid;
        n.dep_in_tready = p->mdd_core__DOT__dep_in_tready;
        ls::get_bytes(p->mdd_core__DOT__u_dep__DOT__seg_tdata, b, 32);
        ls::bytes_to_words(b, n.seg_tdata, 4);
        n.seg_tvalid = p->mdd_core__DOT__u_dep__DOT__seg_tvalid;
        n.seg_tready = p->mdd_core__DOT__u_dep__DOT__seg_tready;
        n.stats_snap = p->mdd_core__DOT__stats_snap;
        n.stats_clear = p->mdd_core__DOT__stats_clear;
    }

    // Every output and the internal streams, every cycle, valid or not (D-022). True when all are equal.
    bool compare(ls::Checker &chk, const mdd_core_out &o, const mdd_core_out &r) {
        const uint64_t before = chk.failures();
        auto words = [&](const char *name, const uint64_t *a, const uint64_t *b, size_t n) {
            uint8_t x[128], y[128];
            ls::words_to_bytes(a, x, n);
            ls::words_to_bytes(b, y, n);
            chk.eq_bytes(name, x, y, 8 * n);
        };
        chk.eq("s_axis_rx_tready", o.s_axis_rx_tready, r.s_axis_rx_tready);
        chk.eq("s_axis_rx_desc_tready", o.s_axis_rx_desc_tready, r.s_axis_rx_desc_tready);
        chk.eq_bytes("m_axis_rx_tdata", o.m_axis_rx_tdata, r.m_axis_rx_tdata, kW);
        chk.eq("m_axis_rx_tkeep", o.m_axis_rx_tkeep, r.m_axis_rx_tkeep);
        chk.eq("m_axis_rx_tlast", o.m_axis_rx_tlast, r.m_axis_rx_tlast);
        chk.eq_bytes("m_axis_rx_tuser", o.m_axis_rx_tuser, r.m_axis_rx_tuser, kW);
        chk.eq("m_axis_rx_tvalid", o.m_axis_rx_tvalid, r.m_axis_rx_tvalid);
        words("m_axis_rx_ctx_tdata", o.m_axis_rx_ctx_tdata, r.m_axis_rx_ctx_tdata, 16);
        chk.eq("m_axis_rx_ctx_tvalid", o.m_axis_rx_ctx_tvalid, r.m_axis_rx_ctx_tvalid);
        chk.eq("s_axis_tx_tready", o.s_axis_tx_tready, r.s_axis_tx_tready);
        chk.eq("s_axis_tx_desc_tready", o.s_axis_tx_desc_tready, r.s_axis_tx_desc_tready);
        chk.eq_bytes("m_axis_tx_tdata", o.m_axis_tx_tdata, r.m_axis_tx_tdata, kW);
        chk.eq("m_axis_tx_tkeep", o.m_axis_tx_tkeep, r.m_axis_tx_tkeep);
        chk.eq("m_axis_tx_tlast", o.m_axis_tx_tlast, r.m_axis_tx_tlast);
        chk.eq_bytes("m_axis_tx_tuser", o.m_axis_tx_tuser, r.m_axis_tx_tuser, kW);
        chk.eq("m_axis_tx_tvalid", o.m_axis_tx_tvalid, r.m_axis_tx_tvalid);
        words("m_axis_tx_ctx_tdata", o.m_axis_tx_ctx_tdata, r.m_axis_tx_ctx_tdata, 16);
        chk.eq("m_axis_tx_ctx_tvalid", o.m_axis_tx_ctx_tvalid, r.m_axis_tx_ctx_tvalid);
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
        chk.eq("m_axis_evt_tdata", o.m_axis_evt_tdata, r.m_axis_evt_tdata);
        chk.eq("m_axis_evt_tvalid", o.m_axis_evt_tvalid, r.m_axis_evt_tvalid);
        chk.eq("s_axis_cmb_tready", o.s_axis_cmb_tready, r.s_axis_cmb_tready);
        words("m_axis_cmb_res_tdata", o.m_axis_cmb_res_tdata, r.m_axis_cmb_res_tdata, 8);
        chk.eq("m_axis_cmb_res_tvalid", o.m_axis_cmb_res_tvalid, r.m_axis_cmb_res_tvalid);
        chk.eq("s_axil_awready", o.s_axil_awready, r.s_axil_awready);
        chk.eq("s_axil_wready", o.s_axil_wready, r.s_axil_wready);
        chk.eq("s_axil_bresp", o.s_axil_bresp, r.s_axil_bresp);
        chk.eq("s_axil_bvalid", o.s_axil_bvalid, r.s_axil_bvalid);
        chk.eq("s_axil_arready", o.s_axil_arready, r.s_axil_arready);
        chk.eq("s_axil_rdata", o.s_axil_rdata, r.s_axil_rdata);
        chk.eq("s_axil_rresp", o.s_axil_rresp, r.s_axil_rresp);
        chk.eq("s_axil_rvalid", o.s_axil_rvalid, r.s_axil_rvalid);
        chk.eq("irq", o.irq, r.irq);
        const mdd_core_inner &a = o.inner, &b = r.inner;
        chk.eq_bytes("rxp_tdata", a.rxp_tdata, b.rxp_tdata, kW);
        chk.eq("rxp_tkeep", a.rxp_tkeep, b.rxp_tkeep);
        chk.eq("rxp_tlast", a.rxp_tlast, b.rxp_tlast);
        chk.eq_bytes("rxp_tuser", a.rxp_tuser, b.rxp_tuser, kW);
        chk.eq("rxp_tvalid", a.rxp_tvalid, b.rxp_tvalid);
        chk.eq("rxp_tready", a.rxp_tready, b.rxp_tready);
        chk.eq_bytes("dep_in_tdata", a.dep_in_tdata, b.dep_in_tdata, kW);
        chk.eq("dep_in_tkeep", a.dep_in_tkeep, b.dep_in_tkeep);
        chk.eq("dep_in_tlast", a.dep_in_tlast, b.dep_in_tlast);
        chk.eq("dep_in_tuser", a.dep_in_tuser, b.dep_in_tuser);
        chk.eq("dep_in_tvalid", a.dep_in_tvalid, b.dep_in_tvalid);
        chk.eq("dep_in_tready", a.dep_in_tready, b.dep_in_tready);
        words("seg_tdata", a.seg_tdata, b.seg_tdata, 4);
        chk.eq("seg_tvalid", a.seg_tvalid, b.seg_tvalid);
        chk.eq("seg_tready", a.seg_tready, b.seg_tready);
        chk.eq("stats_snap", a.stats_snap, b.stats_snap);
        chk.eq("stats_clear", a.stats_clear, b.stats_clear);
        return chk.failures() == before;
    }

    // ---- the checks, on the RTL's signals ----

    void observe(ls::Checker &chk, const mdd_core_out &o, bool rst) {
        const mdd_core_inner &n = o.inner;
        // RX: the RX side checks every transfer where the RX path delivers it, inside the core
        mdd_rx_path_out ro;
        std::memset(&ro, 0, sizeof ro);
        ro.s_axis_rx_tready = o.s_axis_rx_tready;
        ro.s_axis_rx_desc_tready = o.s_axis_rx_desc_tready;
        std::memcpy(ro.m_axis_rx_tdata, n.rxp_tdata, sizeof ro.m_axis_rx_tdata);
        ro.m_axis_rx_tkeep = n.rxp_tkeep;
        ro.m_axis_rx_tlast = n.rxp_tlast;
        std::memcpy(ro.m_axis_rx_tuser, n.rxp_tuser, sizeof ro.m_axis_rx_tuser);
        ro.m_axis_rx_tvalid = n.rxp_tvalid;
        std::memcpy(ro.m_axis_rx_ctx_tdata, o.m_axis_rx_ctx_tdata, sizeof ro.m_axis_rx_ctx_tdata);
        ro.m_axis_rx_ctx_tvalid = o.m_axis_rx_ctx_tvalid;
        if (!rst && n.rxp_tvalid && n.rxp_tready) route_beat(n, rx_.next_data_xfer());
        if (!rst && in_.s_axis_rx_desc_tvalid && o.s_axis_rx_desc_tready && MDD_GET(COREDESC, TO_DEP, in_.s_axis_rx_desc_tdata))
            ++routed_inflight_;
        if (!rst && in_.s_axis_dep_tvalid && o.s_axis_dep_tready && in_.s_axis_dep_tlast) ++env_inside_;
        rx_.in().m_axis_rx_tready = n.rxp_tready;  // the RX path's output is the router's input
        rx_.observe(chk, ro);
        rx_.in().m_axis_rx_tready = host_rx_ready_;
        // the router's outputs: the host stream beat for beat, the engine's input packet by packet
        if (rst) {
            host_expect_.clear();
            routed_inflight_ = 0;
            env_inside_ = 0;
            routed_.clear();
            routed_cur_.clear();
            eng_pkt_.clear();
        } else {
            if (o.m_axis_rx_tvalid && in_.m_axis_rx_tready) host_beat(chk, o);
            if (n.dep_in_tvalid && n.dep_in_tready) engine_beat(chk, n);
        }
        // TX: at the core's ports
        mdd_tx_path_out to;
        std::memset(&to, 0, sizeof to);
        to.s_axis_tx_tready = o.s_axis_tx_tready;
        to.s_axis_tx_desc_tready = o.s_axis_tx_desc_tready;
        std::memcpy(to.m_axis_tx_tdata, o.m_axis_tx_tdata, sizeof to.m_axis_tx_tdata);
        to.m_axis_tx_tkeep = o.m_axis_tx_tkeep;
        to.m_axis_tx_tlast = o.m_axis_tx_tlast;
        std::memcpy(to.m_axis_tx_tuser, o.m_axis_tx_tuser, sizeof to.m_axis_tx_tuser);
        to.m_axis_tx_tvalid = o.m_axis_tx_tvalid;
        std::memcpy(to.m_axis_tx_ctx_tdata, o.m_axis_tx_ctx_tdata, sizeof to.m_axis_tx_ctx_tdata);
        to.m_axis_tx_ctx_tvalid = o.m_axis_tx_ctx_tvalid;
        tx_.observe(chk, to);
        // DEP: the environment drives s_axis_dep and sees the engine's input
        mdd_dep_msg_out dmo;
        std::memset(&dmo, 0, sizeof dmo);
        mdd_dep_out &d = dmo.dep;
        d.s_axis_dep_tready = o.s_axis_dep_tready;
        d.m_axi_awid = o.m_axi_awid;
        d.m_axi_awaddr = o.m_axi_awaddr;
        d.m_axi_awlen = o.m_axi_awlen;
        d.m_axi_awsize = o.m_axi_awsize;
        d.m_axi_awburst = o.m_axi_awburst;
        d.m_axi_awvalid = o.m_axi_awvalid;
        std::memcpy(d.m_axi_wdata, o.m_axi_wdata, sizeof d.m_axi_wdata);
        d.m_axi_wstrb = o.m_axi_wstrb;
        d.m_axi_wlast = o.m_axi_wlast;
        d.m_axi_wvalid = o.m_axi_wvalid;
        d.m_axi_bready = o.m_axi_bready;
        d.m_axis_evt_tdata = o.m_axis_evt_tdata;
        d.m_axis_evt_tvalid = o.m_axis_evt_tvalid;
        std::memcpy(d.m_axis_seg_tdata, n.seg_tdata, sizeof d.m_axis_seg_tdata);
        d.m_axis_seg_tvalid = n.seg_tvalid;
        dmo.seg_tready = n.seg_tready;
        dmo.stat_seg_fire = n.seg_tvalid && n.seg_tready;
        dmo.s_axis_cmb_tready = o.s_axis_cmb_tready;
        std::memcpy(dmo.m_axis_cmb_res_tdata, o.m_axis_cmb_res_tdata, sizeof dmo.m_axis_cmb_res_tdata);
        dmo.m_axis_cmb_res_tvalid = o.m_axis_cmb_res_tvalid;
        if (!reader_owns_) {  // the software of the environment sees the register block's answers
            d.s_axil_awready = o.s_axil_awready;
            d.s_axil_wready = o.s_axil_wready;
            d.s_axil_bresp = o.s_axil_bresp;
            d.s_axil_bvalid = o.s_axil_bvalid;
            d.s_axil_arready = o.s_axil_arready;
            d.s_axil_rdata = o.s_axil_rdata;
            d.s_axil_rresp = o.s_axil_rresp;
            d.s_axil_rvalid = o.s_axil_rvalid;
        }
        mdd_depenv_stream eng;
        std::memset(&eng, 0, sizeof eng);
        std::memcpy(eng.tdata, n.dep_in_tdata, sizeof eng.tdata);
        eng.tkeep = n.dep_in_tkeep;
        eng.tvalid = n.dep_in_tvalid;
        eng.tready = n.dep_in_tready;
        eng.tlast = n.dep_in_tlast;
        eng.tuser = n.dep_in_tuser;
        if (!rst && n.dep_in_tvalid && n.dep_in_tready)
            dep_bytes_in_ += (uint64_t)__builtin_popcountll(n.dep_in_tkeep);
        // the deposit rate of D-055: in the bench (nothing stalls) every payload of at least 4W bytes at one beat
        // per cycle
        if (rst) {
            runs_.reset();
        } else if (runs_.cycle(cycles_, o.m_axi_awvalid && in_.m_axi_awready, o.m_axi_awaddr, o.m_axi_awlen,
                               !mdd_deptraf_in_ring_area(o.m_axi_awaddr), o.m_axi_wvalid && in_.m_axi_wready,
                               o.m_axi_wstrb, o.m_axi_wlast) &&
                   bench_) {
            const auto &r = runs_.slow();
            chk.failf("rate", "a deposit payload of %llu bytes took %llu cycles for its %llu beats (cycles %llu..%llu)",
                      (unsigned long long)r.bytes, (unsigned long long)(r.last - r.first + 1),
                      (unsigned long long)r.beats, (unsigned long long)r.first, (unsigned long long)r.last);
        }
        mdd_depenv_tick_msg_at(env_, &dmi_, &dmo, &eng, cycles_);
        // statistics and the register reader
        count_stats(o, rst);
        if (bench_) {  // no resets in the bench
            if (in_.s_axis_rx_tvalid && o.s_axis_rx_tready) lat_rx_.in_beat(cycles_, in_.s_axis_rx_tlast);
            if (o.m_axis_rx_tvalid && in_.m_axis_rx_tready) lat_rx_.out_beat(cycles_, o.m_axis_rx_tlast);
            if (o.m_axis_rx_ctx_tvalid && in_.m_axis_rx_ctx_tready) lat_rx_.ctx(cycles_);
            if (in_.s_axis_tx_tvalid && o.s_axis_tx_tready) lat_tx_.in_beat(cycles_, in_.s_axis_tx_tlast);
            if (o.m_axis_tx_tvalid && in_.m_axis_tx_tready) lat_tx_.out_beat(cycles_, o.m_axis_tx_tlast);
            if (o.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready) lat_tx_.ctx(cycles_);
        }
        reader_observe(chk, o, rst);
    }

    // An RX path output beat (handshaken with the router): where it must come out. A routed transfer's packet
    // carries the verdict of its context, which the reference receiver predicted (the RX side checks that the RTL's
    // context equals it).
    void route_beat(const mdd_core_inner &n, const rxs::CheckedXfer *x) {
        if (!x || !x->routed) {
            Beat b;
            std::memcpy(b.data, n.rxp_tdata, sizeof b.data);
            std::memcpy(b.tag, n.rxp_tuser, sizeof b.tag);
            b.keep = n.rxp_tkeep;
            b.last = n.rxp_tlast;
            host_expect_.push_back(b);
            return;
        }
        for (unsigned i = 0; i < kW; ++i)
            if ((n.rxp_tkeep >> i) & 1) routed_cur_.push_back(n.rxp_tdata[i]);
        if (!n.rxp_tlast) return;
        Routed r;
        r.id = x->id;
        r.bytes.swap(routed_cur_);
        r.verdict = MDD_GET(CTX, ERR_MAP, x->ctx) != 0;
        routed_.push_back(std::move(r));
    }

    void host_beat(ls::Checker &chk, const mdd_core_out &o) {
        if (host_expect_.empty()) {
            chk.fail("route", "a beat on m_axis_rx that the RX path did not deliver for the host");
            return;
        }
        const Beat &b = host_expect_.front();
        bool ok = b.keep == o.m_axis_rx_tkeep && b.last == o.m_axis_rx_tlast;
        for (unsigned i = 0; ok && i < kW; ++i)
            if ((b.keep >> i) & 1) ok = b.data[i] == o.m_axis_rx_tdata[i] && b.tag[i] == o.m_axis_rx_tuser[i];
        if (!ok)
            chk.failf("route", "m_axis_rx beat (tkeep 0x%llx tlast %d) differs from the RX path's (tkeep 0x%llx "
                               "tlast %d)",
                      (unsigned long long)o.m_axis_rx_tkeep, o.m_axis_rx_tlast, (unsigned long long)b.keep, b.last);
        else
            ++host_beats_;
        host_expect_.pop_front();
    }

    // A beat into the deposit engine: a routed RX transfer's packet (the oldest not yet arrived) or the
    // environment's.
    void engine_beat(ls::Checker &chk, const mdd_core_inner &n) {
        for (unsigned i = 0; i < kW; ++i)
            if ((n.dep_in_tkeep >> i) & 1) eng_pkt_.push_back(n.dep_in_tdata[i]);
        if (!n.dep_in_tlast) return;
        if (!routed_.empty() && routed_.front().bytes == eng_pkt_) {
            if (routed_.front().verdict != n.dep_in_tuser)
                chk.failf("route", "RX transfer %llu reached the engine with tuser %d, its context's verdict is %d",
                          (unsigned long long)routed_.front().id, n.dep_in_tuser, routed_.front().verdict);
            else
                ++routed_in_;
            routed_.pop_front();
            if (routed_inflight_) --routed_inflight_;
        } else if (env_inside_) {
            --env_inside_;  // the environment's packet has reached the engine
        }
        eng_pkt_.clear();
    }

    // The harness's own counts, from the ports (and the SEG handshake inside).
    void count_stats(const mdd_core_out &o, bool rst) {
        if (rst) {  // the counters, the snapshot and IRQ_STATUS start again
            run_ = snap_ = Counts();
            irq_seen_ = 0;
            return;
        }
        const bool clear = o.inner.stats_clear, snap = o.inner.stats_snap;
        if (snap) snap_ = run_;  // the counts up to the cycle before (docs/core.md 4)
        if (clear) run_ = Counts();
        if (o.m_axis_rx_ctx_tvalid && in_.m_axis_rx_ctx_tready) {
            run_.dir[0].add(o.m_axis_rx_ctx_tdata);
            total_.dir[0].add(o.m_axis_rx_ctx_tdata);
        }
        if (o.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready) {
            run_.dir[1].add(o.m_axis_tx_ctx_tdata);
            total_.dir[1].add(o.m_axis_tx_ctx_tdata);
        }
        for (Counts *c : {&run_, &total_}) {
            if (in_.s_axis_cmb_tvalid && o.s_axis_cmb_tready) ++c->records_sw;
            if (o.inner.seg_tvalid && o.inner.seg_tready) ++c->segs;
            if (o.m_axis_cmb_res_tvalid && in_.m_axis_cmb_res_tready) {
                ++c->outputs;
                const unsigned code = (unsigned)MDD_GET(CMBRES, CODE, o.m_axis_cmb_res_tdata);
                if (MDD_GET(CMBRES, ERROR, o.m_axis_cmb_res_tdata)) ++c->errors[code & 15];
                else ++c->results[code & 7];
            }
        }
        if (o.m_axis_rx_ctx_tvalid && in_.m_axis_rx_ctx_tready &&
            MDD_GET(CTX, ERR_MAP, o.m_axis_rx_ctx_tdata))
            irq_seen_ |= 1u << 1;
        if (o.m_axis_tx_ctx_tvalid && in_.m_axis_tx_ctx_tready &&
            MDD_GET(CTX, ERR_MAP, o.m_axis_tx_ctx_tdata))
            irq_seen_ |= 1u << 2;
        if (o.m_axis_cmb_res_tvalid && in_.m_axis_cmb_res_tready &&
            (MDD_GET(CMBRES, ERROR, o.m_axis_cmb_res_tdata) || MDD_GET(CMBRES, CODE, o.m_axis_cmb_res_tdata)))
            irq_seen_ |= 1u << 3;
    }

    // ---- the statistics reader on s_axil (this harness's own software) ----

    struct Reader {
        bool awvalid = false, wvalid = false, arvalid = false;
        uint32_t awaddr = 0, wdata = 0, araddr = 0;
        std::deque<uint32_t> reads;  // addresses still to read
        uint32_t reading = 0;
        bool waiting_b = false, waiting_r = false;
    };

    // Whether this harness takes the bus this cycle: only between two accesses of the environment's software.
    void reader_step(bool rst) {
        if (rst) {
            rd_ = Reader();
            reader_owns_ = false;
            env_busy_ = 0;
            return;
        }
        const bool want = cycles_ >= next_stats_ && !bench_;
        if (!reader_owns_ && want && env_busy_ == 0 && !dmi_.dep.s_axil_awvalid && !dmi_.dep.s_axil_wvalid &&
            !dmi_.dep.s_axil_arvalid) {
            reader_owns_ = true;
            start_snapshot();
        }
    }

    void start_snapshot() {
        const bool clear = rng_.chance(0.25);
        rd_.awvalid = rd_.wvalid = true;
        rd_.awaddr = MDD_CORE_STATS_CTRL;
        rd_.wdata = 1u | (clear ? 2u : 0u);
        rd_.waiting_b = true;
        // every counter of windows RX, TX and CMB, then IRQ_STATUS
        for (uint32_t base : {0x1000u, 0x2000u}) {
            for (uint32_t off = 0; off <= 0x24; off += 4) rd_.reads.push_back(base + off);
            rd_.reads.push_back(base + 0x30);
            rd_.reads.push_back(base + 0x34);
            for (uint32_t k = 0; k < 16; ++k) rd_.reads.push_back(base + 0x40 + 4 * k);
        }
        for (uint32_t off : {0x0u, 0x4u, 0x8u}) rd_.reads.push_back(0x3000 + off);
        for (uint32_t k = 0; k < 8; ++k) rd_.reads.push_back(0x3040 + 4 * k);
        for (uint32_t k = 0; k < 16; ++k) rd_.reads.push_back(0x3080 + 4 * k);
        rd_.reads.push_back(MDD_CORE_IRQ_STATUS);
    }

    void reader_observe(ls::Checker &chk, const mdd_core_out &o, bool rst) {
        if (rst) return;
        if (!reader_owns_) {  // track the environment's accesses: the reader waits until none is open
            if (in_.s_axil_awvalid && o.s_axil_awready) ++env_busy_;
            if (in_.s_axil_arvalid && o.s_axil_arready) ++env_busy_;
            if (o.s_axil_bvalid && in_.s_axil_bready && env_busy_) --env_busy_;
            if (o.s_axil_rvalid && in_.s_axil_rready && env_busy_) --env_busy_;
            return;
        }
        if (rd_.awvalid && o.s_axil_awready) rd_.awvalid = false;
        if (rd_.wvalid && o.s_axil_wready) rd_.wvalid = false;
        if (rd_.waiting_b && o.s_axil_bvalid) {
            rd_.waiting_b = false;
            if (o.s_axil_bresp) chk.failf("stats", "STATS_CTRL write answered %u", o.s_axil_bresp);
        }
        if (rd_.arvalid && o.s_axil_arready) rd_.arvalid = false;
        if (rd_.waiting_r && o.s_axil_rvalid) {
            rd_.waiting_r = false;
            check_read(chk, rd_.reading, o.s_axil_rdata, o.s_axil_rresp);
        }
        if (!rd_.waiting_b && !rd_.waiting_r && !rd_.awvalid && !rd_.wvalid) {
            if (rd_.reads.empty()) {
                reader_owns_ = false;
                ++snaps_checked_;
                next_stats_ = cycles_ + stats_period_;
            } else {
                rd_.reading = rd_.reads.front();
                rd_.reads.pop_front();
                rd_.araddr = rd_.reading;
                rd_.arvalid = true;
                rd_.waiting_r = true;
            }
        }
    }

    // A statistics register against the harness's snapshot.
    void check_read(ls::Checker &chk, uint32_t a, uint32_t got, uint32_t resp) {
        if (resp) {
            chk.failf("stats", "read 0x%04x answered %u", a, resp);
            return;
        }
        uint64_t want;
        if (a == MDD_CORE_IRQ_STATUS) {
            // a cause seen before the read must show; a bit that shows must have a cause since the last clear
            const uint32_t mask = 0xE;  // RX, TX, CMB (DEP: its causes are the engine's, counted in window DEP)
            if ((got & mask) != (irq_seen_ & mask))
                chk.failf("stats", "IRQ_STATUS 0x%x, the causes seen give 0x%x", got & mask, irq_seen_ & mask);
            else
                ++regs_checked_;
            return;
        }
        const uint32_t win = a & 0xF000, off = a & 0xFFF;
        if (win == 0x1000 || win == 0x2000) {
            const Dir &d = snap_.dir[win == 0x2000];
            switch (off) {
            case 0x00: want = d.xfers; break;
            case 0x04: want = d.xfers_err; break;
            case 0x08: want = d.pdus; break;
            case 0x0C: want = d.blocks; break;
            case 0x10: want = d.markers; break;
            case 0x14: want = d.err_events; break;
            case 0x18: want = d.bytes_in; break;
            case 0x1C: want = d.bytes_in >> 32; break;
            case 0x20: want = d.bytes_out; break;
            case 0x24: want = d.bytes_out >> 32; break;
            case 0x30: want = d.last_id | d.last_code << 16; break;
            case 0x34: want = d.last_off; break;
            default: want = d.err_class[(off - 0x40) / 4]; break;
            }
        } else {
            switch (off) {
            case 0x0: want = snap_.records_sw; break;
            case 0x4: want = snap_.segs; break;
            case 0x8: want = snap_.outputs; break;
            default: want = off < 0x80 ? snap_.results[(off - 0x40) / 4] : snap_.errors[(off - 0x80) / 4]; break;
            }
        }
        if ((uint32_t)want != got)
            chk.failf("stats", "register 0x%04x = %u, the harness counted %u", a, got, (uint32_t)want);
        else
            ++regs_checked_;
    }

    void final_checks(ls::Checker &chk) {
        rx_.final_checks(chk);
        tx_.final_checks(chk);
        // The RX side does not drain: a routed transfer whose last bytes entered s_axis_rx fewer than kRxSettle
        // cycles before the end, or that is still entering it and moved there in the last kRxWedge cycles, may
        // still be on its way into the engine, its packet half received there (the engine's bytes a prefix of
        // what the RX path delivered of it). Any other half-received packet is a wedge, which the deposit side's
        // checks report (wedge_mem=C is the directed test).
        const rxs::CheckedXfer *open = rx_.next_data_xfer();
        const bool eng_is_open = !eng_pkt_.empty() && eng_pkt_.size() <= routed_cur_.size() &&
                                 std::equal(eng_pkt_.begin(), eng_pkt_.end(), routed_cur_.begin());
        const uint64_t end = cycles_total_ - 1;
        const bool entering = open && (open->in_done_cycle == UINT64_MAX
                                           ? rx_moved_cycle_ != UINT64_MAX && end - rx_moved_cycle_ < kRxWedge
                                           : cycles_total_ - open->in_done_cycle < kRxSettle);
        if (open && open->routed && eng_is_open && entering) {
            mdd_depenv_set_input_open(env_, true);
            dep_open_bytes_ = eng_pkt_.size();
        } else if (open && open->routed && eng_is_open) {
            chk.failf("wedge", "routed RX transfer %llu is stuck on its way into the deposit engine: %zu bytes of its "
                      "packet there, s_axis_rx last took a beat at cycle %llu (%llu cycles before the end)",
                      (unsigned long long)open->id, eng_pkt_.size(), (unsigned long long)rx_moved_cycle_,
                      (unsigned long long)(end - rx_moved_cycle_));
        }
        // a run too short for the deposit software to program its tables after the last reset places nothing,
        // which the summary says; everything it did send must have drained
        if (!mdd_depenv_drained(env_) && mdd_depenv_tables_written(env_))
            chk.fail("drain", "the deposit side did not drain in the last " + std::to_string(drain_) + " cycles");
        mdd_depenv_finish(env_);
        if (env_holds_ < min_env_holds_)
            chk.failf("volume", "software was held %llu cycles for its own packets inside the core, fewer than "
                      "min_env_holds=%llu", (unsigned long long)env_holds_, (unsigned long long)min_env_holds_);
        if (!routed_.empty())
            chk.failf("route", "%zu routed RX packets never reached the deposit engine (first: %zu bytes)",
                      routed_.size(), routed_.front().bytes.size());
        // the first snapshot is due at cycle 5000 and its reads wait for the deposit software's bus: any run of
        // 20000 cycles must have read one back
        if (snaps_checked_ == 0 && !bench_ && cycles_total_ >= 20000)
            chk.fail("stats", "no statistics snapshot was read back");
    }

    ls::Options rx_opt_, tx_opt_, dep_opt_;
    rxs::Side<kW> rx_;
    txs::Side<kW> tx_;
    std::unique_ptr<Vmdd_core> top_;
    bool bench_;
    uint64_t cycles_total_, fault_cycle_, wedge_cycle_, drain_ = 0;
    uint64_t rx_moved_cycle_ = UINT64_MAX;  // the last cycle s_axis_rx took a beat
    size_t dep_open_bytes_ = 0;  // the routed RX transfer still entering the engine at the end (final_checks)
    std::chrono::steady_clock::time_point t0_, last_progress_ = std::chrono::steady_clock::now();
    bool progress_ = true;
    ls::Rng rng_{0xC0DE};
    double p_rst_ = 0;
    unsigned rst_left_ = 0;
    bool stopping_ = false;
    mdd_core_params params_{};
    mdd_core_model *model_ = nullptr;
    mdd_depenv *env_ = nullptr;
    mdd_dep_msg_in dmi_{};
    mdd_core_in in_{};
    ls::Checker *chk_ = nullptr;
    bool clk_high_ = false, host_rx_ready_ = false;
    uint64_t cycles_ = 0, compares_ = 0, resets_ = 0;
    // routing
    std::deque<Beat> host_expect_;
    std::deque<Routed> routed_;
    std::vector<uint8_t> routed_cur_, eng_pkt_;
    uint64_t routed_in_ = 0, host_beats_ = 0, dep_bytes_in_ = 0, routed_inflight_ = 0;
    uint64_t env_inside_ = 0;  // the environment's packets past s_axis_dep whose last beat has not reached the engine
    uint64_t env_holds_ = 0;   // cycles software waited for a quiet engine while such a packet was inside
    uint64_t min_env_holds_ = 0;
    deps::PayloadRuns<kW> runs_;
    PathLatency lat_rx_, lat_tx_;
    // statistics
    Counts run_, snap_, total_;
    uint32_t irq_seen_ = 0;
    Reader rd_;
    bool reader_owns_ = false;
    unsigned env_busy_ = 0;
    uint64_t next_stats_ = 5000, stats_period_ = 20000, snaps_checked_ = 0, regs_checked_ = 0;
    // pcap=PREFIX
    std::string pcap_;
    double pcap_mhz_ = 250.0;
    std::unique_ptr<ls::WireRec> rx_rec_, tx_rec_;
    // waveform
    std::vector<int> sig_;
    int sig_rx_ = 0, sig_tx_ = 0, sig_aw_ = 0, sig_wd_ = 0, sig_rd_ = 0;
};

#define CORE_STR_(x) #x
#define CORE_STR(x) CORE_STR_(x)

int main(int argc, char **argv) { return ls::run<CoreBench>(argc, argv, "lockstep-core-w" CORE_STR(CORE_W)); }

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_dep.v, the direct-deposit receive engine (docs/deposit.md), against its C twin
// model/mdd_dep_model.c. One build per parameter set (-DDEP_W, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS,
// DEP_CQS, DEP_BB, DEP_MAXO, DEP_IDW = the Verilated -G values).
//
// Self-contained stimulus (to be joined later with the golden reference, host-memory scoreboard and
// adversarial generator of model/mdd_depref.*, mdd_hostmem.*, mdd_deptraf.*):
//   - software: after each reset the tables are programmed through s_axil (connections with address-register
//     windows, regions across a large address space at odd alignments, one without the W right, address
//     registers with random protections, RHQs and CQs of 4..16 entries), CQs armed; then, at random, ring heads
//     advanced to what the engine wrote (producer pointers, CQE count), CQs re-armed, connections rewritten to
//     OPEN (clears EXCEPTION), registers read back (TBL_CMD 2, counters, STATUS);
//   - packets of every opcode with random lengths, PCRC, flags, valid header checksums, and injected faults:
//     header checksum, opcode, flags, stale key, window, unused or out-of-range connection, short, long, bad
//     trailer, tuser, tkeep holes; random tvalid gaps;
//   - an AXI4 write slave with random awready/wready (W accepted only for an address already taken), B in
//     order after random delays, SLVERR for writes into a poisoned range; random m_axis_evt_tready;
//   - resets of 1..3 cycles at random (p_rst).
// Every cycle every output of the RTL and the twin is compared (chk.eq). Independent checks (the passed count):
// AXI4 protocol (awsize, INCR, id 0, no burst across BURST_BYTES, W beats = awlen + 1 with wlast on the last,
// strobes inside the burst), every strobed byte inside what the tables authorise (regions with W, RHQ slots
// and pointer words, CQ slots), CQEs in packet order (msg_tag increasing) with the phase bit of their pass
// over the ring and a code consistent with their error bit, events naming an existing CQ and its evt_id.
//
// Knobs: p_valid (0.9) p_aw (0.8) p_w (0.8) p_evt (0.7) b_max (20: B delay 0..b_max) p_rst (2e-5)
// p_bad (0.3: a packet gets an injected fault) max_len (600) long_pct (5: lengths up to 4 max_len) gap (0
// idle cycles between packets) p_sw (0.02 per cycle: a software action). --bench: no stalls, no resets, no
// faults: with gap=200 every packet's first AW must come exactly kLatency cycles after the beat that completed
// its header (asserted); with gap=0 the summary reports input beats and payload bytes per cycle.
// inject_fault=C flips bit 0 of the twin's m_axi_wdata at cycle C (the harness's self-test).
// --bench len=L (the size sweep of make dep-bench): only WRITEs of L payload bytes (regions long enough, none
// without W), no trailer, flag COMPL if compl=1 (default 0: three metadata writes per packet), rings of 2^15
// entries (software never has to advance a head), the next packet offered as soon as the last one is taken;
// the summary prints one "sweep" line: payload bytes per cycle and input beats per cycle while tvalid.
#include "lockstep.h"

#include "Vmdd_dep.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "mdd/crc.h"
#include "mdd/formats.h"
#include "mdd_dep_model.h"

#if !defined(DEP_W) || !defined(DEP_CONNS) || !defined(DEP_REGIONS) || !defined(DEP_AREGS) || !defined(DEP_RHQS) || \
    !defined(DEP_CQS) || !defined(DEP_BB) || !defined(DEP_MAXO) || !defined(DEP_IDW)
#error "build with -DDEP_W=.. -DDEP_CONNS=.. -DDEP_REGIONS=.. -DDEP_AREGS=.. -DDEP_RHQS=.. -DDEP_CQS=.. -DDEP_BB=.. -DDEP_MAXO=.. -DDEP_IDW=.."
#endif

namespace {

constexpr unsigned kW = DEP_W;
// docs/deposit.md section 9: header's last beat accepted in cycle t, first AW valid in cycle t + kLatency
constexpr uint64_t kLatency = 10;

struct Range {
    uint64_t lo, hi;
};

struct Packet {
    std::vector<uint8_t> bytes;
    uint64_t keep_hole_beat = ~0ull;  // a beat whose tkeep loses a lane
    unsigned keep_hole_lane = 0;
    bool tuser = false;
};

struct AxilOp {
    bool write;
    uint32_t addr, data;
};

struct Burst {
    uint64_t addr;
    unsigned len;  // beats - 1
    unsigned beats_done = 0;
    bool poisoned = false;
};

uint32_t be32(const uint8_t *b) { return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]; }
void put_be(uint8_t *b, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i) b[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
}

class DepBench {
  public:
    explicit DepBench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_dep>()),
          rng_(opt.seed),
          bench_(opt.bench),
          p_valid_(opt.bench ? 1.0 : opt.num("p_valid", 0.9)),
          p_aw_(opt.bench ? 1.0 : opt.num("p_aw", 0.8)),
          p_w_(opt.bench ? 1.0 : opt.num("p_w", 0.8)),
          p_evt_(opt.bench ? 1.0 : opt.num("p_evt", 0.7)),
          p_rst_(opt.bench ? 0.0 : opt.num("p_rst", 2e-5)),
          p_bad_(opt.bench ? 0.0 : opt.num("p_bad", 0.3)),
          p_sw_(opt.num("p_sw", 0.02)),
          b_max_(opt.bench ? 0 : opt.u64("b_max", 20)),
          max_len_(opt.u64("max_len", 600)),
          long_pct_(opt.u64("long_pct", 5)),
          gap_(opt.u64("gap", 0)),
          fix_len_(opt.bench ? opt.u64("len", ~0ull) : ~0ull),
          compl_(opt.u64("compl", 0) != 0),
          fault_cycle_(opt.u64("inject_fault", ~0ull)) {
        params_ = mdd_dep_params{DEP_W, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS, DEP_CQS, DEP_BB, DEP_MAXO, DEP_IDW};
        model_ = mdd_dep_model_new(&params_);
        if (!model_) ls::Options::die("the twin refuses the parameters");
        top_->clk = 0;
        top_->rst = 0;
        top_->eval();
        rst_left_ = 2;  // start with a reset, like the hardware
    }
    ~DepBench() { mdd_dep_model_free(model_); }
    DepBench(const DepBench &) = delete;
    DepBench &operator=(const DepBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.clear();
        for (const char *n : {"clk", "rst", "s_axis_dep_tvalid", "s_axis_dep_tready", "s_axis_dep_tlast",
                              "m_axi_awvalid", "m_axi_awready", "m_axi_wvalid", "m_axi_wready", "m_axi_wlast",
                              "m_axi_bvalid", "s_axil_awvalid", "s_axil_awready", "s_axil_rvalid",
                              "m_axis_evt_tvalid"})
            sig_.push_back(vcd.add(n, 1));
        sig_awaddr_ = vcd.add("m_axi_awaddr", 64);
        sig_awlen_ = vcd.add("m_axi_awlen", 8);
        sig_wdata_ = vcd.add("m_axi_wdata", 8 * kW);
        sig_wstrb_ = vcd.add("m_axi_wstrb", kW);
        sig_tdata_ = vcd.add("s_axis_dep_tdata", 8 * kW);
        sig_rdata_ = vcd.add("s_axil_rdata", 32);
        sig_evt_ = vcd.add("m_axis_evt_tdata", 32);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_dep_out o;
        mdd_dep_eval(model_, &in_, &o);
        const bool v[] = {clk_high_, in_.rst, in_.s_axis_dep_tvalid, o.s_axis_dep_tready, in_.s_axis_dep_tlast,
                          o.m_axi_awvalid, in_.m_axi_awready, o.m_axi_wvalid, in_.m_axi_wready, o.m_axi_wlast,
                          in_.m_axi_bvalid, in_.s_axil_awvalid, o.s_axil_awready, o.s_axil_rvalid,
                          o.m_axis_evt_tvalid};
        for (size_t i = 0; i < sig_.size(); ++i) vcd.val(sig_[i], v[i]);
        vcd.val(sig_awaddr_, o.m_axi_awaddr);
        vcd.val(sig_awlen_, o.m_axi_awlen);
        vcd.val_bytes(sig_wdata_, o.m_axi_wdata);
        vcd.val(sig_wstrb_, o.m_axi_wstrb);
        vcd.val_bytes(sig_tdata_, in_.s_axis_dep_tdata);
        vcd.val(sig_rdata_, o.s_axil_rdata);
        vcd.val(sig_evt_, o.m_axis_evt_tdata);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        chk_ = &chk;
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        mdd_dep_out o;
        mdd_dep_eval(model_, &in_, &o);
        if (cycles_ == fault_cycle_) o.m_axi_wdata[0] ^= 1;
        compare(chk, o);
        observe(o);
        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        mdd_dep_tick(model_, &in_);
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f,
                     "dep W=%u CONNS=%u REGIONS=%u AREGS=%u RHQS=%u CQS=%u BURST_BYTES=%u MAX_OUTSTANDING=%u: %llu "
                     "cycles, %llu packets sent (%llu with a fault), %llu resets\n",
                     kW, DEP_CONNS, DEP_REGIONS, DEP_AREGS, DEP_RHQS, DEP_CQS, DEP_BB, DEP_MAXO,
                     (unsigned long long)cycles_, (unsigned long long)pkts_sent_, (unsigned long long)pkts_bad_,
                     (unsigned long long)resets_);
        std::fprintf(f,
                     "  AXI: %llu bursts, %llu beats, %llu bytes strobed (all inside authorised ranges), %llu SLVERR;"
                     " %llu CQEs (%llu errors), %llu events, %llu s_axil ops\n",
                     (unsigned long long)bursts_, (unsigned long long)beats_, (unsigned long long)bytes_,
                     (unsigned long long)slverr_, (unsigned long long)cqes_, (unsigned long long)cqe_err_,
                     (unsigned long long)events_, (unsigned long long)axil_ops_);
        std::fprintf(f, "  CQE codes:");
        for (unsigned c = 0; c < 24; ++c)
            if (codes_[c]) std::fprintf(f, " %u:%llu", c, (unsigned long long)codes_[c]);
        std::fprintf(f, "\n");
        if (lat_n_)
            std::fprintf(f, "  %sheader's last beat to first AW: min %llu max %llu cycles over %llu packets (fixed: %llu)\n",
                         bench_ ? "bench: " : "", (unsigned long long)lat_min_, (unsigned long long)lat_max_,
                         (unsigned long long)lat_n_, (unsigned long long)kLatency);
        sweep_line(f);
        if (bench_ && cycles_)
            std::fprintf(f, "  bench: %.3f input beats/cycle while tvalid (%llu/%llu), %.3f bytes strobed/cycle "
                            "(W = %u) over %llu cycles, longest run of full W beats on consecutive cycles %llu\n",
                         tv_cycles_ ? (double)beats_in_ / tv_cycles_ : 0.0, (unsigned long long)beats_in_,
                         (unsigned long long)tv_cycles_, (double)pay_bytes_ / cycles_, kW,
                         (unsigned long long)cycles_, (unsigned long long)run_max_);
    }

    uint64_t checks() const { return checks_; }

    // the size sweep's line (bench len=L)
    void sweep_line(FILE *f) const {
        if (!sweeping()) return;
        std::fprintf(f, "  sweep: W=%u len=%llu compl=%d: %.3f payload bytes/cycle (%.3f W), %.3f input beats/cycle, "
                        "%llu packets in %llu cycles of tvalid\n",
                     kW, (unsigned long long)fix_len_, compl_ ? 1 : 0, tv_cycles_ ? (double)pay_in_ / tv_cycles_ : 0.0,
                     tv_cycles_ ? (double)pay_in_ / tv_cycles_ / kW : 0.0,
                     tv_cycles_ ? (double)beats_in_ / tv_cycles_ : 0.0, (unsigned long long)pkts_in_,
                     (unsigned long long)tv_cycles_);
    }

  private:
    // ------------------------------------------------------------------ configuration
    unsigned nconn() const { return DEP_CONNS < 8 ? DEP_CONNS : 8; }
    unsigned nreg() const { return DEP_REGIONS < 8 ? DEP_REGIONS : 8; }
    unsigned alen() const { return DEP_AREGS / nconn() < 4 ? DEP_AREGS / nconn() : 4; }
    bool sweeping() const { return fix_len_ != ~0ull; }

    void program_tables() {
        axil_.clear();
        regions_.clear();
        auth_.clear();
        // rings first, connections last: a connection may only name created rings
        for (unsigned q = 0; q < DEP_RHQS; ++q) {
            uint64_t base = 0x700000000000ull + ((uint64_t)q << 20), ptr = 0x710000000000ull + 64 * q;
            unsigned l2n = sweeping() ? 15 : 2 + q % 3;
            rhq_[q] = {base, ptr, l2n};
            auth_.push_back({base, base + (32ull << l2n)});
            auth_.push_back({ptr, ptr + 4});
            tbl_write(3, q, {base, ptr, l2n, 0});
        }
        for (unsigned k = 0; k < DEP_CQS; ++k) {
            uint64_t base = 0x720000000000ull + ((uint64_t)k << 20);
            unsigned l2n = sweeping() ? 15 : 2 + k % 3;
            cq_[k] = {base, 0, l2n};
            auth_.push_back({base, base + (32ull << l2n)});
            tbl_write(4, k, {base, 0, l2n | (uint64_t)(0x500 + k) << 16, 0});
            axil_.push_back({true, 0x040, k});
            axil_.push_back({true, 0x04C, 1});
        }
        for (unsigned r = 0; r < nreg(); ++r) {
            uint64_t base = ((uint64_t)(r + 1) << 40) + rng_.below(4096) * 8 + rng_.below(8);
            uint64_t len = 2048 + rng_.below(8192) + (sweeping() ? fix_len_ : 0);
            bool w = r != 5;
            regions_.push_back({base, base + len});
            if (w) auth_.push_back({base, base + len});
            uint64_t w0 = 1 | (uint64_t)w << 1 | (uint64_t)(0x10 + r) << 8 | (uint64_t)(r % 3) << 16;
            tbl_write(1, r, {w0, base, len, 0});
        }
        poison_ = {regions_[nreg() > 3 ? 3 : 0].lo + 1024, regions_[nreg() > 3 ? 3 : 0].lo + 1024 + 64};
        for (unsigned a = 0; a < DEP_AREGS && a < 64; ++a) {
            uint64_t prot = rng_.chance(0.85) ? 7 : rng_.below(8);
            tbl_write(2, a, {rng_.below(1024), prot, 0, 0});
        }
        for (unsigned c = 0; c < nconn(); ++c) write_conn(c);
        axil_.push_back({true, 0x008, 0});
        for (unsigned q = 0; q < DEP_RHQS; ++q) rhq_tail_[q] = rhq_head_[q] = 0;
        for (unsigned k = 0; k < DEP_CQS; ++k) cq_count_[k] = cq_head_[k] = 0;
    }
    void write_conn(unsigned c) {
        uint64_t w0 = 1 | (uint64_t)(c % 3) << 16 | (uint64_t)(c % DEP_RHQS) << 32 | (uint64_t)(c % DEP_CQS) << 40 |
                      (uint64_t)(100 + c) << 48;
        uint64_t w1 = (uint64_t)(c * alen()) | (uint64_t)alen() << 16;
        tbl_write(0, c, {w0, w1, 0, 0});
    }
    void tbl_write(unsigned sel, unsigned idx, std::vector<uint64_t> w) {
        for (unsigned k = 0; k < 8; ++k) axil_.push_back({true, 0x020 + 4 * k, (uint32_t)(w[k / 2] >> (32 * (k % 2)))});
        axil_.push_back({true, 0x010, sel});
        axil_.push_back({true, 0x014, idx});
        axil_.push_back({true, 0x018, 1});
    }

    void software_action() {
        if (!axil_.empty() || axil_busy_) return;
        switch (rng_.below(8)) {
        case 0:
        case 1: {  // RHQ head = the last producer pointer seen (a ring with unread entries if there is one)
            unsigned q = (unsigned)rng_.below(DEP_RHQS);
            for (unsigned i = 0; i < DEP_RHQS && rhq_tail_[q] == rhq_head_[q]; ++i) q = (q + 1) % DEP_RHQS;
            rhq_head_[q] = rhq_tail_[q];
            axil_.push_back({true, 0x040, q});
            axil_.push_back({true, 0x044, rhq_tail_[q]});
            break;
        }
        case 2:
        case 3: {  // CQ head = CQEs seen, maybe re-arm
            unsigned k = (unsigned)rng_.below(DEP_CQS);
            for (unsigned i = 0; i < DEP_CQS && cq_count_[k] == cq_head_[k]; ++i) k = (k + 1) % DEP_CQS;
            cq_head_[k] = cq_count_[k];
            axil_.push_back({true, 0x040, k});
            axil_.push_back({true, 0x048, cq_count_[k]});
            if (rng_.chance(0.7)) axil_.push_back({true, 0x04C, 1 + (uint32_t)rng_.below(2)});
            break;
        }
        case 4:  // reopen a connection (clears EXCEPTION)
            write_conn((unsigned)rng_.below(nconn()));
            break;
        case 5: {  // read an entry back
            axil_.push_back({true, 0x010, (uint32_t)rng_.below(5)});
            axil_.push_back({true, 0x014, (uint32_t)rng_.below(8)});
            axil_.push_back({true, 0x018, 2});
            for (unsigned k = 0; k < 8; ++k) axil_.push_back({false, 0x020 + 4 * k, 0});
            break;
        }
        case 6: {  // counters and status
            static const uint32_t regs[] = {0x000, 0x004, 0x008, 0x100, 0x104, 0x108, 0x10C, 0x110, 0x118, 0x11C};
            for (uint32_t a : regs) axil_.push_back({false, a, 0});
            axil_.push_back({false, 0x200 + 4 * (uint32_t)rng_.below(24), 0});
            break;
        }
        default:  // an address register rewritten (keeps indirect writes inside their regions)
            tbl_write(2, (unsigned)rng_.below(DEP_AREGS < 64 ? DEP_AREGS : 64), {rng_.below(1024), 7, 0, 0});
            break;
        }
    }

    // ------------------------------------------------------------------ packets
    Packet make_packet() {
        Packet p;
        uint8_t h[32] = {0};
        static const uint8_t ops[] = {1, 2, 3, 4, 5, 0x10, 0x11, 0x12, 0x13, 0x14};
        uint8_t op = ops[rng_.below(10)];
        bool write = op <= 5;
        unsigned c = (unsigned)rng_.below(nconn());
        uint32_t len = 0;
        uint8_t flags = (rng_.chance(0.3) ? 2 : 0) | (rng_.chance(0.7) ? 4 : 0);
        uint32_t token = 0;
        uint64_t off = 0;
        unsigned areg = alen() > 1 ? (unsigned)rng_.below(alen() - 1) : 0;
        if (sweeping()) {  // the size sweep: WRITE of fix_len_ bytes, no trailer
            op = 1;
            write = true;
            flags = compl_ ? 4 : 0;
        }
        if (write) {
            len = rng_.chance(long_pct_ / 100.0) ? (uint32_t)rng_.below(4 * max_len_ + 1)
                                                  : (uint32_t)rng_.below(max_len_ + 1);
            if (rng_.chance(0.5)) flags |= 1;
            unsigned r = c % 3;
            while (r + 3 < nreg() && rng_.chance(0.5)) r += 3;
            if (r >= nreg()) r = 0;
            if (sweeping()) {
                len = (uint32_t)fix_len_;
                flags &= (uint8_t)~1u;
                if (r == 5) r = 2;  // region 5 has no W right
            }
            token = (uint32_t)r << 8 | (0x10 + r);
            uint64_t rlen = regions_[r].hi - regions_[r].lo;
            off = len < rlen ? rng_.below(rlen - len + 1) : 0;
            if (op == 3) off = rng_.below(512);
            if (op == 4) off = rng_.below(64);
        } else {
            off = rng_.chance(0.5) ? rng_.below(1024) : rng_.below(4);
        }
        bool bad = rng_.chance(p_bad_);
        unsigned fault = bad ? (unsigned)rng_.below(14) : 99;
        if (fault == 0) op = (uint8_t)rng_.below(256);
        if (fault == 1) flags |= (uint8_t)(8 << rng_.below(5));
        if (fault == 2) token ^= 1;                               // stale key
        if (fault == 3) areg = alen() + (unsigned)rng_.below(3);  // outside the window
        if (fault == 4) c = nconn() + (unsigned)rng_.below(4);    // unused or out of range
        if (fault == 5) off = ~0ull - rng_.below(100);            // wraps / out of bounds
        h[0] = op;
        h[1] = flags;
        put_be(h + 2, c, 2);
        put_be(h + 4, token, 4);
        put_be(h + 8, off, 8);
        put_be(h + 16, areg, 2);
        put_be(h + 20, len, 4);
        put_be(h + 24, ++tag_, 4);
        put_be(h + 28, mdd_crc(MDD_CRC32C, h, 28), 4);
        if (fault == 6) h[rng_.below(32)] ^= (uint8_t)(1 << rng_.below(8));  // checksum catches it
        p.bytes.assign(h, h + 32);
        std::vector<uint8_t> pay(len);
        for (auto &b : pay) b = (uint8_t)rng_.next();
        p.bytes.insert(p.bytes.end(), pay.begin(), pay.end());
        if (flags & 1) {
            uint8_t t[4];
            put_be(t, mdd_crc(MDD_CRC32C, pay.data(), pay.size()), 4);
            if (fault == 7) t[rng_.below(4)] ^= 0x40;
            p.bytes.insert(p.bytes.end(), t, t + 4);
        }
        if (fault == 8 && !p.bytes.empty()) p.bytes.resize(rng_.below(p.bytes.size()));  // short
        if (fault == 9) for (unsigned k = 1 + (unsigned)rng_.below(2 * kW); k; --k) p.bytes.push_back(0xEE);  // long
        if (fault == 10) p.tuser = true;
        if (fault == 11 && p.bytes.size() > kW) {
            p.keep_hole_beat = rng_.below((p.bytes.size() + kW - 1) / kW);
            p.keep_hole_lane = (unsigned)rng_.below(kW);
        }
        if (p.bytes.empty()) p.bytes.push_back(0);
        if (bad) ++pkts_bad_;
        return p;
    }

    // ------------------------------------------------------------------ inputs
    void draw_inputs() {
        if (rst_left_ == 0 && rng_.chance(p_rst_)) rst_left_ = 1 + rng_.below(3);
        in_.rst = rst_left_ > 0;
        if (rst_left_ > 0) {
            --rst_left_;
            if (rst_left_ == 0) after_reset();
            else reset_state();
        }
        // stream: a beat once offered stays until taken
        if (!pkt_valid_ && !in_.rst) {
            if (!axil_busy_ && axil_.empty()) programmed_ = true;  // the tables written since the last reset
            if (gap_left_ > 0) {
                --gap_left_;
            } else if (bench_ && (sweeping() ? !programmed_ : (axil_busy_ || !axil_.empty()))) {
                // bench: packets only while software is quiet (the tables programmed, no head update pending);
                // the size sweep needs no head updates (rings of 2^15) and only waits for the tables
            } else {
                pkt_ = make_packet();
                pkt_valid_ = true;
                pkt_pos_ = 0;
                ++pkts_sent_;
            }
        }
        if (!offered_) {
            in_.s_axis_dep_tvalid = pkt_valid_ && !in_.rst && rng_.chance(p_valid_);
            std::memset(in_.s_axis_dep_tdata, 0, sizeof in_.s_axis_dep_tdata);
            in_.s_axis_dep_tkeep = 0;
            in_.s_axis_dep_tlast = false;
            in_.s_axis_dep_tuser = false;
            if (pkt_valid_) {
                size_t n = pkt_.bytes.size() - pkt_pos_;
                if (n > kW) n = kW;
                for (size_t i = 0; i < kW; ++i) in_.s_axis_dep_tdata[i] = i < n ? pkt_.bytes[pkt_pos_ + i] : (uint8_t)rng_.next();
                in_.s_axis_dep_tkeep = n == 64 ? ~0ull : (1ull << n) - 1;
                if (pkt_pos_ / kW == pkt_.keep_hole_beat) in_.s_axis_dep_tkeep &= ~(1ull << pkt_.keep_hole_lane);
                in_.s_axis_dep_tlast = pkt_pos_ + n >= pkt_.bytes.size();
                in_.s_axis_dep_tuser = in_.s_axis_dep_tlast ? pkt_.tuser : rng_.chance(0.1);
            }
        }
        offered_ = in_.s_axis_dep_tvalid;
        // AXI4 slave
        in_.m_axi_awready = !in_.rst && rng_.chance(p_aw_);
        in_.m_axi_wready = !in_.rst && !wq_.empty() && rng_.chance(p_w_);
        in_.m_axi_bvalid = !in_.rst && !bq_.empty() && bq_.front().first <= cycles_;
        in_.m_axi_bresp = in_.m_axi_bvalid ? bq_.front().second : 0;
        in_.m_axi_bid = 0;
        in_.m_axis_evt_tready = rng_.chance(p_evt_);
        // s_axil master
        if (!in_.rst && rng_.chance(p_sw_)) software_action();
        if (!axil_busy_ && !axil_.empty() && !in_.rst) {
            cur_op_ = axil_.front();
            axil_.pop_front();
            axil_busy_ = true;
            axil_phase_ = 0;
            ++axil_ops_;
        }
        in_.s_axil_awvalid = axil_busy_ && cur_op_.write && axil_phase_ == 0;
        in_.s_axil_wvalid = in_.s_axil_awvalid;
        in_.s_axil_awaddr = cur_op_.addr;
        in_.s_axil_wdata = cur_op_.data;
        in_.s_axil_wstrb = 0xF;
        in_.s_axil_arvalid = axil_busy_ && !cur_op_.write && axil_phase_ == 0;
        in_.s_axil_araddr = cur_op_.addr;
        in_.s_axil_bready = rng_.chance(0.8);
        in_.s_axil_rready = rng_.chance(0.8);
    }

    void reset_state() {
        pkt_valid_ = false;
        programmed_ = false;
        offered_ = false;
        wq_.clear();
        bq_.clear();
        axil_.clear();
        axil_busy_ = false;
    }
    void after_reset() {
        reset_state();
        ++resets_;
        program_tables();
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
    }

    void compare(ls::Checker &chk, const mdd_dep_out &o) {
        uint8_t rb[64];
        chk.eq("s_axis_dep_tready", o.s_axis_dep_tready, top_->s_axis_dep_tready);
        chk.eq("m_axi_awid", o.m_axi_awid, top_->m_axi_awid);
        chk.eq("m_axi_awaddr", o.m_axi_awaddr, top_->m_axi_awaddr);
        chk.eq("m_axi_awlen", o.m_axi_awlen, top_->m_axi_awlen);
        chk.eq("m_axi_awsize", o.m_axi_awsize, top_->m_axi_awsize);
        chk.eq("m_axi_awburst", o.m_axi_awburst, top_->m_axi_awburst);
        chk.eq("m_axi_awvalid", o.m_axi_awvalid, top_->m_axi_awvalid);
        ls::get_bytes(top_->m_axi_wdata, rb, kW);
        chk.eq_bytes("m_axi_wdata", o.m_axi_wdata, rb, kW);
        chk.eq("m_axi_wstrb", o.m_axi_wstrb, (uint64_t)top_->m_axi_wstrb);
        chk.eq("m_axi_wlast", o.m_axi_wlast, top_->m_axi_wlast);
        chk.eq("m_axi_wvalid", o.m_axi_wvalid, top_->m_axi_wvalid);
        chk.eq("m_axi_bready", o.m_axi_bready, top_->m_axi_bready);
        chk.eq("s_axil_awready", o.s_axil_awready, top_->s_axil_awready);
        chk.eq("s_axil_wready", o.s_axil_wready, top_->s_axil_wready);
        chk.eq("s_axil_bresp", o.s_axil_bresp, top_->s_axil_bresp);
        chk.eq("s_axil_bvalid", o.s_axil_bvalid, top_->s_axil_bvalid);
        chk.eq("s_axil_arready", o.s_axil_arready, top_->s_axil_arready);
        chk.eq("s_axil_rdata", o.s_axil_rdata, top_->s_axil_rdata);
        chk.eq("s_axil_rresp", o.s_axil_rresp, top_->s_axil_rresp);
        chk.eq("s_axil_rvalid", o.s_axil_rvalid, top_->s_axil_rvalid);
        chk.eq("m_axis_evt_tdata", o.m_axis_evt_tdata, top_->m_axis_evt_tdata);
        chk.eq("m_axis_evt_tvalid", o.m_axis_evt_tvalid, top_->m_axis_evt_tvalid);
    }

    bool authorised(uint64_t a) const {
        for (const Range &r : auth_)
            if (a >= r.lo && a < r.hi) return true;
        return false;
    }

    // The handshakes of this cycle, seen from the RTL's outputs (equal to the twin's, or the run stops here).
    void observe(const mdd_dep_out &o) {
        ls::Checker &chk = *chk_;
        if (in_.rst) return;
        // stream
        if (in_.s_axis_dep_tvalid) ++tv_cycles_;
        if (in_.s_axis_dep_tvalid && o.s_axis_dep_tready) {
            ++beats_in_;
            if (pkt_pos_ < 32 && pkt_pos_ + kW >= 32) lat_pending_.push_back(cycles_);
            if (sweeping()) {  // the payload bytes of this beat: packet positions [32, 32 + len)
                uint64_t lo = pkt_pos_ > 32 ? pkt_pos_ : 32, hi = pkt_pos_ + kW < 32 + fix_len_ ? pkt_pos_ + kW : 32 + fix_len_;
                if (hi > lo) pay_in_ += hi - lo;
            }
            pkt_pos_ += kW;
            offered_ = false;
            if (in_.s_axis_dep_tlast) {
                ++pkts_in_;
                pkt_valid_ = false;
                gap_left_ = gap_;
            }
        }
        // latency: with gap >= 200 and no faults, the first AW after a header belongs to its packet's entry
        if (o.m_axi_awvalid && !prev_awvalid_ && !lat_pending_.empty()) {
            uint64_t lat = cycles_ - lat_pending_.front();
            lat_pending_.clear();
            bool entry = false;  // a packet that passed its checks starts with its RHQ entry; a failed one with a CQE
            for (unsigned q = 0; q < DEP_RHQS; ++q)
                if (o.m_axi_awaddr >= rhq_[q].base && o.m_axi_awaddr < rhq_[q].base + (32ull << rhq_[q].ptr_or_l2n)) entry = true;
            if (gap_ >= 200 && entry) {
                lat_min_ = lat_n_ && lat_min_ < lat ? lat_min_ : lat;
                lat_max_ = lat > lat_max_ ? lat : lat_max_;
                ++lat_n_;
                if (bench_) {
                    if (lat != kLatency) chk.failf("latency", "header to first AW took %llu cycles, not %llu",
                                                   (unsigned long long)lat, (unsigned long long)kLatency);
                    else ++checks_;
                }
            }
        }
        prev_awvalid_ = o.m_axi_awvalid;
        // AW
        if (o.m_axi_awvalid && in_.m_axi_awready) {
            ++bursts_;
            uint64_t a = o.m_axi_awaddr;
            unsigned beats = o.m_axi_awlen + 1;
            bool ok = o.m_axi_awsize == (unsigned)__builtin_ctz(kW) && o.m_axi_awburst == 1 && o.m_axi_awid == 0 &&
                      (a % kW) == 0 && (a % DEP_BB) + (uint64_t)beats * kW <= DEP_BB;
            if (!ok) chk.failf("axi-aw", "addr 0x%llx len %u size %u burst %u id %u", (unsigned long long)a,
                               o.m_axi_awlen, o.m_axi_awsize, o.m_axi_awburst, o.m_axi_awid);
            else ++checks_;
            wq_.push_back({a, o.m_axi_awlen});
        }
        // W (wready only while an address is waiting)
        if (o.m_axi_wvalid && in_.m_axi_wready) {
            Burst &b = wq_.front();
            uint64_t ba = b.addr + (uint64_t)b.beats_done * kW;
            bool last = b.beats_done == b.len;
            ++beats_;
            if (o.m_axi_wlast != last) chk.failf("axi-wlast", "beat %u of %u: wlast %d", b.beats_done, b.len + 1, o.m_axi_wlast);
            else ++checks_;
            for (unsigned l = 0; l < kW; ++l) {
                if (!((o.m_axi_wstrb >> l) & 1)) continue;
                uint64_t a = ba + l;
                ++bytes_;
                if (!authorised(a)) chk.failf("safety", "byte written at 0x%llx outside every authorised range", (unsigned long long)a);
                else ++checks_;
                if (a >= poison_.lo && a < poison_.hi) b.poisoned = true;
                mem_[a] = o.m_axi_wdata[l];
                on_byte(a);
            }
            if (++b.beats_done > b.len) {
                bq_.push_back({cycles_ + 1 + rng_.below(b_max_ + 1), b.poisoned ? 2u : 0u});
                if (b.poisoned) ++slverr_;
                wq_.pop_front();
            }
        }
        if (o.m_axi_wvalid && o.m_axi_wstrb && (o.m_axi_wstrb & ~(kW == 64 ? ~0ull : (1ull << kW) - 1)))
            chk.fail("axi-wstrb", "strobe above W");
        if (in_.m_axi_bvalid) bq_.pop_front();  // bready is 1 (compared)
        if (o.m_axi_wvalid && in_.m_axi_wready) pay_bytes_ += __builtin_popcountll(o.m_axi_wstrb);
        // the longest run of consecutive full W beats: W bytes per clock inside a message
        const uint64_t full = kW == 64 ? ~0ull : (1ull << kW) - 1;
        run_ = (o.m_axi_wvalid && in_.m_axi_wready && o.m_axi_wstrb == full) ? run_ + 1 : 0;
        if (run_ > run_max_) run_max_ = run_;
        // events
        if (o.m_axis_evt_tvalid && in_.m_axis_evt_tready) {
            ++events_;
            unsigned k = o.m_axis_evt_tdata >> 16, id = o.m_axis_evt_tdata & 0xFFFF;
            if (k >= DEP_CQS || id != 0x500 + k) chk.failf("event", "tdata 0x%08x", o.m_axis_evt_tdata);
            else ++checks_;
        }
        // s_axil
        if (axil_busy_) {
            if (axil_phase_ == 0 && cur_op_.write && o.s_axil_awready) axil_phase_ = 1;
            else if (axil_phase_ == 0 && !cur_op_.write && o.s_axil_arready && in_.s_axil_arvalid) axil_phase_ = 1;
            else if (axil_phase_ == 1 && cur_op_.write && o.s_axil_bvalid && in_.s_axil_bready) axil_busy_ = false;
            else if (axil_phase_ == 1 && !cur_op_.write && o.s_axil_rvalid && in_.s_axil_rready) {
                if (cur_op_.addr == 0 && o.s_axil_rdata != 0x4D444401u) chk.failf("axil-id", "ID 0x%08x", o.s_axil_rdata);
                axil_busy_ = false;
            }
        }
    }

    // A host byte landed: producer pointers and CQEs are decoded once their last byte is in.
    void on_byte(uint64_t a) {
        for (unsigned q = 0; q < DEP_RHQS; ++q)
            if (a == rhq_[q].ptr + 3) {
                rhq_tail_[q] = (uint32_t)(mem_[a - 3] | mem_[a - 2] << 8 | mem_[a - 1] << 16 | mem_[a] << 24);
                if (bench_ && !sweeping()) {  // bench: software reads every entry at once, so no ring ever fills
                    rhq_head_[q] = rhq_tail_[q];
                    axil_.push_back({true, 0x040, q});
                    axil_.push_back({true, 0x044, rhq_tail_[q]});
                }
            }
        for (unsigned k = 0; k < DEP_CQS; ++k) {
            uint64_t base = cq_[k].base, n = 1ull << cq_[k].ptr_or_l2n;
            if (a < base || a >= base + 32 * n || (a - base) % 32 != 31) continue;
            uint64_t slot = (a - base) / 32;
            uint8_t e[32];
            for (unsigned i = 0; i < 32; ++i) e[i] = mem_[a - 31 + i];
            uint32_t expect_slot = cq_count_[k] % n;
            bool phase_exp = ((cq_count_[k] / n) & 1) == 0;
            bool phase = e[3] & 1, sol = e[3] & 2, err = e[3] & 4;
            unsigned code = e[0];
            uint32_t tag = e[8] | e[9] << 8 | e[10] << 16 | (uint32_t)e[11] << 24;
            ++cqes_;
            if (err) ++cqe_err_;
            if (code < 24) ++codes_[code];
            if (slot != expect_slot || phase != phase_exp) chk_->failf("cqe-ring", "CQ %u slot %llu (expected %u) phase %d", k, (unsigned long long)slot, expect_slot, phase);
            else ++checks_;
            if ((code != 0) != err || code >= 24 || (err && !sol)) chk_->failf("cqe-code", "code %u error bit %d solicited %d", code, err, sol);
            else ++checks_;
            // SHORT, KEEP and HDR_CSUM may come from a header whose msg_tag bytes are missing or corrupted
            if (code > MDD_DEP_ERR_HDR_CSUM) {
                if (tag <= last_tag_) chk_->failf("cqe-order", "msg_tag %u after %u", tag, last_tag_);
                else ++checks_;
                last_tag_ = tag;
            }
            ++cq_count_[k];
            if (bench_ && !sweeping()) {
                cq_head_[k] = cq_count_[k];
                axil_.push_back({true, 0x040, k});
                axil_.push_back({true, 0x048, cq_count_[k]});
            }
        }
    }

    struct Ring {
        uint64_t base, ptr;
        unsigned ptr_or_l2n;
    };

    std::unique_ptr<Vmdd_dep> top_;
    mdd_dep_params params_{};
    mdd_dep_model *model_ = nullptr;
    ls::Checker *chk_ = nullptr;
    mdd_dep_in in_{};
    ls::Rng rng_;
    bool bench_;
    double p_valid_, p_aw_, p_w_, p_evt_, p_rst_, p_bad_, p_sw_;
    uint64_t b_max_, max_len_, long_pct_, gap_, fix_len_;
    bool compl_;
    uint64_t fault_cycle_;
    bool clk_high_ = false;
    uint64_t rst_left_ = 0, cycles_ = 0, resets_ = 0;
    // software
    std::deque<AxilOp> axil_;
    AxilOp cur_op_{};
    bool axil_busy_ = false;
    unsigned axil_phase_ = 0;
    std::vector<Range> regions_, auth_;
    Range poison_{0, 0};
    Ring rhq_[DEP_RHQS]{}, cq_[DEP_CQS]{};
    uint32_t rhq_tail_[DEP_RHQS]{}, cq_count_[DEP_CQS]{}, rhq_head_[DEP_RHQS]{}, cq_head_[DEP_CQS]{};
    // stream
    Packet pkt_;
    bool pkt_valid_ = false, offered_ = false, programmed_ = false;
    size_t pkt_pos_ = 0;
    uint64_t gap_left_ = 0;
    uint32_t tag_ = 0, last_tag_ = 0;
    // AXI slave
    std::deque<Burst> wq_;
    std::deque<std::pair<uint64_t, unsigned>> bq_;
    std::unordered_map<uint64_t, uint8_t> mem_;
    // measurements
    std::vector<uint64_t> lat_pending_;
    bool prev_awvalid_ = false;
    uint64_t lat_min_ = 0, lat_max_ = 0, lat_n_ = 0;
    uint64_t pkts_sent_ = 0, pkts_bad_ = 0, bursts_ = 0, beats_ = 0, bytes_ = 0, slverr_ = 0, cqes_ = 0, cqe_err_ = 0,
             events_ = 0, axil_ops_ = 0, checks_ = 0, beats_in_ = 0, tv_cycles_ = 0, pay_bytes_ = 0, run_ = 0,
             run_max_ = 0, pkts_in_ = 0, pay_in_ = 0;
    uint64_t codes_[24]{};
    std::vector<int> sig_;
    int sig_awaddr_ = 0, sig_awlen_ = 0, sig_wdata_ = 0, sig_wstrb_ = 0, sig_tdata_ = 0, sig_rdata_ = 0, sig_evt_ = 0;
};

}  // namespace

int main(int argc, char **argv) {
    std::string suite = "lockstep-dep-w" + std::to_string(DEP_W);
    return ls::run<DepBench>(argc, argv, suite.c_str());
}

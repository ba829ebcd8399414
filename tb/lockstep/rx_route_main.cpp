// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_route.v (the top level's RX router, docs/core.md 3) against its C twin
// model/mdd_rx_route_model.c. Build-time parameters (-D): RR_W, RR_DEPTH (the Verilated -GW, -GROUTE_DEPTH).
//
// Every cycle: stimulus on every input (AXI4-Stream rules: a beat, once offered, is held until taken), both sides
// evaluated, every output compared (valid or not, chk.eq), both clocked. The stimulus is a small system around
// the router:
//   - a descriptor source on s_desc: random 512-bit descriptors, COREDESC.TO_DEP random;
//   - an RX path model: it takes descriptors from m_desc (m_desc_tready random, and low while it already holds
//     `rx_cap` descriptors whose data has not ended: descriptors run ahead of data by a random amount), then
//     sends each transfer's data on s_rx in order, one packet per transfer: 1..max_beats beats, full tkeep
//     except on the last beat (contiguous from lane 0, possibly 0; an empty transfer is one beat with tkeep 0),
//     lanes above tkeep zero, random tags; and its context on ctx_*: 1024 random bits with a random
//     CTX.ERR_MAP (zero half of the time), valid no earlier than the cycle after the transfer's last data beat
//     was taken and after the previous context was handshaken, then held until ctx_tready (random);
//   - an external deposit source on s_dep: random packets, random tuser on every beat;
//   - random tready on m_desc, m_rx, m_dep; resets of 1..3 cycles at random.
// Noise on every input whose tvalid is low.
//
// Independent transaction-level checks (not the twin): the descriptors leave m_desc in order, each equal to the
// one taken with TO_DEP cleared; every transfer without TO_DEP leaves m_rx beat for beat, data, tkeep, tlast and
// tags, in order; every TO_DEP transfer and every external packet leaves m_dep whole (output packets are
// collected up to tlast and must equal the next packet of one of the sources: never interleaved, each source in
// order; a packet equal to both sources' next ones counts as the TO_DEP one, identical packets being
// interchangeable), the TO_DEP ones with tuser 0 on every beat but the last and the last = (ERR_MAP != 0) of the
// transfer's own context, handed out no earlier than the cycle that context was first valid; the external ones
// with the source's tuser; at a packet boundary no source's waiting packet is passed over twice (round robin);
// s_desc_tready is 0 while ROUTE_DEPTH transfers are between descriptor and context; output beats stay
// unchanged while not taken; every m_*tvalid is 0 from the first edge of a reset to the edge that samples it
// low; nothing else comes out, and after the final drain (no new descriptors or packets, every ready high)
// everything taken has come out. The checked descriptors and packets are the suite's "passed" count.
//
// Knobs (key=value, or lines of a --scenario file):
//   p_desc p_mdesc p_rx p_mrx p_ctxr p_dep p_mdep   probabilities per cycle of s_desc_tvalid (a new descriptor),
//                        m_desc_tready, s_rx_tvalid, m_rx_tready, ctx_tready, s_dep_tvalid, m_dep_tready;
//                        default: redrawn every `phase` cycles from {1, 0.9, 0.6, 0.3, 0.1}
//   phase                cycles per stall phase (default 2000)
//   p_todep              probability of TO_DEP per descriptor (default: redrawn per phase from {0.1, 0.5, 0.9})
//   rx_cap               descriptors the RX path model holds ahead of its data (default: per phase 1..DEPTH+1)
//   max_beats            beats per transfer / external packet at most (default 12)
//   p_empty              probability of an empty transfer (default 0.1)
//   ctx_delay            extra cycles before a context may become valid, at most (default 6)
//   p_reset              probability per cycle of a reset (default 5e-4)
//   min_packets          fail unless this many packets were checked (default 0)
//   require_coverage     1: fail unless every listed situation occurred (default 1 when cycles >= 200000)
//   inject_fault         cycle at which the harness flips bit 0 of the twin's m_dep_tdata (self-test)
//   vectors              write each cycle's inputs and the twin's outputs for tb/icarus/tb_mdd_rx_route.v
#include "lockstep.h"

#include "Vmdd_rx_route.h"

#include <algorithm>
#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "mdd/formats.h"
#include "mdd_rx_route_model.h"

#ifndef RR_W
#error "RR_W (bytes per beat) must match the Verilated parameter W"
#endif
#ifndef RR_DEPTH
#error "RR_DEPTH must match the Verilated parameter ROUTE_DEPTH"
#endif

namespace {

constexpr unsigned kW = RR_W;
constexpr unsigned kDepth = RR_DEPTH;
constexpr unsigned kDescWords = MDD_RX_ROUTE_DESC_WORDS;
constexpr unsigned kCtxWords = MDD_RX_ROUTE_CTX_WORDS;

using ls::get_bytes;
using ls::put_bytes;

struct Beat {
    uint8_t data[kW];
    uint8_t user[kW];  // tags (RX); unused for s_dep
    uint64_t keep;
    bool last;
    bool tuser;  // s_dep's 1-bit tuser; for m_dep beats the observed m_dep_tuser
};

// One RX transfer, from its descriptor's handshake on s_desc to its context's handshake and its packet's delivery.
struct Xfer {
    uint64_t serial;
    bool to_dep;
    std::vector<Beat> beats;  // generated when the RX path model starts the transfer
    uint64_t ctx[kCtxWords];
    bool verdict;         // ERR_MAP != 0
    unsigned ctx_delay;   // extra cycles after the last data beat before the context may become valid
    bool started = false;
    size_t in_pos = 0;    // beats taken on s_rx
    int64_t done_cycle = -1;       // cycle its last data beat was taken
    int64_t ctx_valid_cycle = -1;  // first cycle its context was valid
    bool ctx_done = false;         // context handshaken
    size_t out_pos = 0;            // beats delivered (m_rx)
    bool out_done = false;
};

struct ExtPkt {
    uint64_t serial;
    std::vector<Beat> beats;
};

enum { kRoute = 0, kExt = 1 };  // the deposit side's sources

}  // namespace

class RxRouteBench {
  public:
    explicit RxRouteBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_rx_route) {
        if (!mdd_rx_route_init(&model_, kW, kDepth))
            ls::Options::die("the twin refuses W=%u ROUTE_DEPTH=%u", kW, kDepth);
        keep_all_ = kW == 64 ? ~0ull : ((1ull << kW) - 1);
        static const char *const kP[kNP] = {"p_desc", "p_mdesc", "p_rx", "p_mrx", "p_ctxr", "p_dep", "p_mdep"};
        for (unsigned i = 0; i < kNP; ++i) {
            fixed_[i] = opt.has(kP[i]);
            p_[i] = opt.num(kP[i], 1.0);
        }
        fixed_todep_ = opt.has("p_todep");
        p_todep_ = opt.prob("p_todep", 0.5);
        fixed_cap_ = opt.has("rx_cap");
        rx_cap_ = (unsigned)opt.u64("rx_cap", kDepth, 0, kDepth + 1);
        phase_ = opt.u64("phase", 2000, 1, UINT64_MAX);
        max_beats_ = (unsigned)opt.u64("max_beats", 12, 1, 1000000);
        p_empty_ = opt.prob("p_empty", 0.1);
        ctx_delay_ = (unsigned)opt.u64("ctx_delay", 6, 0, 1000000);
        p_reset_ = opt.prob("p_reset", 5e-4);
        min_packets_ = opt.u64("min_packets", 0);
        require_coverage_ = opt.flag("require_coverage", opt.cycles >= 200000);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        // the drain: every transfer the router may hold, each at most max_beats beats, its context's delay and a
        // few cycles of hand-over, plus an external packet
        const uint64_t drain = 200 + (uint64_t)(kDepth + 2) * (max_beats_ + ctx_delay_ + 6) + 2 * max_beats_;
        drain_from_ = opt.cycles > 4 * drain ? opt.cycles - drain : opt.cycles;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = std::fopen(vec.c_str(), "w");
            if (!vectors_) ls::Options::die("cannot write %s", vec.c_str());
            std::fprintf(vectors_, "R %u %u\n", kW, kDepth);
        }
        in_ = mdd_rx_route_in();
        top_->clk = 0;
        top_->rst = 0;
        top_->eval();
    }
    ~RxRouteBench() {
        if (vectors_) std::fclose(vectors_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.s_desc_tdata = vcd.add("s_desc_tdata", 512);
        sig_.s_desc_tvalid = vcd.add("s_desc_tvalid", 1);
        sig_.s_desc_tready = vcd.add("s_desc_tready", 1);
        sig_.m_desc_tdata = vcd.add("m_desc_tdata", 512);
        sig_.m_desc_tvalid = vcd.add("m_desc_tvalid", 1);
        sig_.m_desc_tready = vcd.add("m_desc_tready", 1);
        sig_.s_rx_tdata = vcd.add("s_rx_tdata", 8 * kW);
        sig_.s_rx_tkeep = vcd.add("s_rx_tkeep", kW);
        sig_.s_rx_tlast = vcd.add("s_rx_tlast", 1);
        sig_.s_rx_tuser = vcd.add("s_rx_tuser", 8 * kW);
        sig_.s_rx_tvalid = vcd.add("s_rx_tvalid", 1);
        sig_.s_rx_tready = vcd.add("s_rx_tready", 1);
        sig_.m_rx_tdata = vcd.add("m_rx_tdata", 8 * kW);
        sig_.m_rx_tkeep = vcd.add("m_rx_tkeep", kW);
        sig_.m_rx_tlast = vcd.add("m_rx_tlast", 1);
        sig_.m_rx_tuser = vcd.add("m_rx_tuser", 8 * kW);
        sig_.m_rx_tvalid = vcd.add("m_rx_tvalid", 1);
        sig_.m_rx_tready = vcd.add("m_rx_tready", 1);
        sig_.ctx_tdata = vcd.add("ctx_tdata", 1024);
        sig_.ctx_tvalid = vcd.add("ctx_tvalid", 1);
        sig_.ctx_tready = vcd.add("ctx_tready", 1);
        sig_.s_dep_tdata = vcd.add("s_dep_tdata", 8 * kW);
        sig_.s_dep_tkeep = vcd.add("s_dep_tkeep", kW);
        sig_.s_dep_tlast = vcd.add("s_dep_tlast", 1);
        sig_.s_dep_tuser = vcd.add("s_dep_tuser", 1);
        sig_.s_dep_tvalid = vcd.add("s_dep_tvalid", 1);
        sig_.s_dep_tready = vcd.add("s_dep_tready", 1);
        sig_.m_dep_tdata = vcd.add("m_dep_tdata", 8 * kW);
        sig_.m_dep_tkeep = vcd.add("m_dep_tkeep", kW);
        sig_.m_dep_tlast = vcd.add("m_dep_tlast", 1);
        sig_.m_dep_tuser = vcd.add("m_dep_tuser", 1);
        sig_.m_dep_tvalid = vcd.add("m_dep_tvalid", 1);
        sig_.m_dep_tready = vcd.add("m_dep_tready", 1);
        sig_.wr_ptr = vcd.add("wr_ptr", 9);
        sig_.ctx_ptr = vcd.add("ctx_ptr", 9);
        sig_.data_ptr = vcd.add("data_ptr", 9);
        sig_.hold_ptr = vcd.add("hold_ptr", 9);
        sig_.dep_full = vcd.add("dep_full", 1);
        sig_.dep_wait = vcd.add("dep_wait", 1);
        sig_.busy = vcd.add("busy", 1);
        sig_.last_ext = vcd.add("last_ext", 1);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_rx_route_out o;
        mdd_rx_route_eval(&model_, &in_, &o);
        uint8_t b[128];
        vcd.val(sig_.rst, in_.rst);
        ls::words_to_bytes(in_.s_desc_tdata, b, kDescWords);
        vcd.val_bytes(sig_.s_desc_tdata, b);
        vcd.val(sig_.s_desc_tvalid, in_.s_desc_tvalid);
        vcd.val(sig_.s_desc_tready, o.s_desc_tready);
        ls::words_to_bytes(o.m_desc_tdata, b, kDescWords);
        vcd.val_bytes(sig_.m_desc_tdata, b);
        vcd.val(sig_.m_desc_tvalid, o.m_desc_tvalid);
        vcd.val(sig_.m_desc_tready, in_.m_desc_tready);
        vcd.val_bytes(sig_.s_rx_tdata, in_.s_rx_tdata);
        vcd.val(sig_.s_rx_tkeep, in_.s_rx_tkeep);
        vcd.val(sig_.s_rx_tlast, in_.s_rx_tlast);
        vcd.val_bytes(sig_.s_rx_tuser, in_.s_rx_tuser);
        vcd.val(sig_.s_rx_tvalid, in_.s_rx_tvalid);
        vcd.val(sig_.s_rx_tready, o.s_rx_tready);
        vcd.val_bytes(sig_.m_rx_tdata, o.m_rx_tdata);
        vcd.val(sig_.m_rx_tkeep, o.m_rx_tkeep);
        vcd.val(sig_.m_rx_tlast, o.m_rx_tlast);
        vcd.val_bytes(sig_.m_rx_tuser, o.m_rx_tuser);
        vcd.val(sig_.m_rx_tvalid, o.m_rx_tvalid);
        vcd.val(sig_.m_rx_tready, in_.m_rx_tready);
        uint8_t cb[128];
        ls::words_to_bytes(in_.ctx_tdata, cb, kCtxWords);
        vcd.val_bytes(sig_.ctx_tdata, cb);
        vcd.val(sig_.ctx_tvalid, in_.ctx_tvalid);
        vcd.val(sig_.ctx_tready, in_.ctx_tready);
        vcd.val_bytes(sig_.s_dep_tdata, in_.s_dep_tdata);
        vcd.val(sig_.s_dep_tkeep, in_.s_dep_tkeep);
        vcd.val(sig_.s_dep_tlast, in_.s_dep_tlast);
        vcd.val(sig_.s_dep_tuser, in_.s_dep_tuser);
        vcd.val(sig_.s_dep_tvalid, in_.s_dep_tvalid);
        vcd.val(sig_.s_dep_tready, o.s_dep_tready);
        vcd.val_bytes(sig_.m_dep_tdata, o.m_dep_tdata);
        vcd.val(sig_.m_dep_tkeep, o.m_dep_tkeep);
        vcd.val(sig_.m_dep_tlast, o.m_dep_tlast);
        vcd.val(sig_.m_dep_tuser, o.m_dep_tuser);
        vcd.val(sig_.m_dep_tvalid, o.m_dep_tvalid);
        vcd.val(sig_.m_dep_tready, in_.m_dep_tready);
        vcd.val(sig_.wr_ptr, model_.wr_ptr);
        vcd.val(sig_.ctx_ptr, model_.ctx_ptr);
        vcd.val(sig_.data_ptr, model_.data_ptr);
        vcd.val(sig_.hold_ptr, model_.hold_ptr);
        vcd.val(sig_.dep_full, model_.dep_full);
        vcd.val(sig_.dep_wait, model_.dep_wait);
        vcd.val(sig_.busy, model_.busy);
        vcd.val(sig_.last_ext, model_.last_ext);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

        // drive the RTL and settle its combinational outputs
        uint8_t b[128];
        top_->rst = in_.rst;
        ls::words_to_bytes(in_.s_desc_tdata, b, kDescWords);
        put_bytes(top_->s_desc_tdata, b, 64);
        top_->s_desc_tvalid = in_.s_desc_tvalid;
        top_->m_desc_tready = in_.m_desc_tready;
        put_bytes(top_->s_rx_tdata, in_.s_rx_tdata, kW);
        top_->s_rx_tkeep = in_.s_rx_tkeep;
        top_->s_rx_tlast = in_.s_rx_tlast;
        put_bytes(top_->s_rx_tuser, in_.s_rx_tuser, kW);
        top_->s_rx_tvalid = in_.s_rx_tvalid;
        top_->m_rx_tready = in_.m_rx_tready;
        ls::words_to_bytes(in_.ctx_tdata, b, kCtxWords);
        put_bytes(top_->ctx_tdata, b, 128);
        top_->ctx_tvalid = in_.ctx_tvalid;
        top_->ctx_tready = in_.ctx_tready;
        put_bytes(top_->s_dep_tdata, in_.s_dep_tdata, kW);
        top_->s_dep_tkeep = in_.s_dep_tkeep;
        top_->s_dep_tlast = in_.s_dep_tlast;
        top_->s_dep_tuser = in_.s_dep_tuser;
        top_->s_dep_tvalid = in_.s_dep_tvalid;
        top_->m_dep_tready = in_.m_dep_tready;
        top_->clk = 0;
        top_->eval();

        mdd_rx_route_out mo;
        mdd_rx_route_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_dep_tdata[0] ^= 1;  // the harness self-test: this must be caught

        uint8_t rb[128], mb[128];
        chk.eq("s_desc_tready", mo.s_desc_tready, top_->s_desc_tready);
        get_bytes(top_->m_desc_tdata, rb, 64);
        ls::words_to_bytes(mo.m_desc_tdata, mb, kDescWords);
        chk.eq_bytes("m_desc_tdata", mb, rb, 64);
        chk.eq("m_desc_tvalid", mo.m_desc_tvalid, top_->m_desc_tvalid);
        chk.eq("s_rx_tready", mo.s_rx_tready, top_->s_rx_tready);
        get_bytes(top_->m_rx_tdata, rb, kW);
        chk.eq_bytes("m_rx_tdata", mo.m_rx_tdata, rb, kW);
        chk.eq("m_rx_tkeep", mo.m_rx_tkeep, (uint64_t)top_->m_rx_tkeep);
        chk.eq("m_rx_tlast", mo.m_rx_tlast, top_->m_rx_tlast);
        get_bytes(top_->m_rx_tuser, rb, kW);
        chk.eq_bytes("m_rx_tuser", mo.m_rx_tuser, rb, kW);
        chk.eq("m_rx_tvalid", mo.m_rx_tvalid, top_->m_rx_tvalid);
        chk.eq("s_dep_tready", mo.s_dep_tready, top_->s_dep_tready);
        get_bytes(top_->m_dep_tdata, rb, kW);
        chk.eq_bytes("m_dep_tdata", mo.m_dep_tdata, rb, kW);
        chk.eq("m_dep_tkeep", mo.m_dep_tkeep, (uint64_t)top_->m_dep_tkeep);
        chk.eq("m_dep_tlast", mo.m_dep_tlast, top_->m_dep_tlast);
        chk.eq("m_dep_tuser", mo.m_dep_tuser, top_->m_dep_tuser);
        chk.eq("m_dep_tvalid", mo.m_dep_tvalid, top_->m_dep_tvalid);

        if (vectors_) write_vector(mo);
        scoreboard(chk, mo, cyc);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_rx_route_tick(&model_, &in_);
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        std::fprintf(f,
                     "rx_route W=%u ROUTE_DEPTH=%u: %" PRIu64 " cycles, %" PRIu64 " descriptors checked, %" PRIu64
                     " transfers to m_rx (%" PRIu64 " beats), %" PRIu64 " to m_dep (%" PRIu64 " with verdict 1), %" PRIu64
                     " external packets (%" PRIu64 " beats on m_dep in all)\n",
                     kW, kDepth, cycles_, n_desc_, n_rx_pkts_, n_rx_beats_, n_route_pkts_, n_verdict1_, n_ext_pkts_,
                     n_dep_beats_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " with a TO_DEP last beat waiting), cycles with the FIFO full and a "
                     "descriptor waiting %" PRIu64 ", empty transfers %" PRIu64 "\n",
                     resets_, reset_wait_, full_stalls_, n_empty_);
        std::fprintf(f,
                     "  a TO_DEP last beat waiting while an earlier transfer's context was valid: %" PRIu64
                     " cycles; m_rx beats meanwhile %" PRIu64 "; contexts handshaken before their TO_DEP packet left "
                     "%" PRIu64 "\n",
                     wrong_ctx_, rx_while_wait_, ctx_before_out_);
        std::fprintf(f,
                     "  packet boundaries with the other source waiting %" PRIu64 ", output stalls m_desc/m_rx/m_dep %" PRIu64
                     "/%" PRIu64 "/%" PRIu64 ", m_dep packets equal to both sources' next %" PRIu64 "\n",
                     contended_, stall_[0], stall_[1], stall_[2], identical_);
    }

    uint64_t checks() const { return checks_; }

  private:
    static constexpr unsigned kNP = 7;
    enum { P_DESC, P_MDESC, P_RX, P_MRX, P_CTXR, P_DEP, P_MDEP };

    // ---- stimulus ----

    Xfer &xfer(uint64_t serial) { return xfers_[serial - xbase_]; }
    bool have_xfer(uint64_t serial) const { return serial >= xbase_ && serial < xbase_ + xfers_.size(); }

    void random_bytes(uint8_t *b, unsigned n) {
        uint64_t r = 0;
        for (unsigned i = 0; i < n; ++i) {
            if (i % 8 == 0) r = rng_.next();
            b[i] = (uint8_t)(r >> (8 * (i % 8)));
        }
    }

    unsigned draw_beats() {
        if (max_beats_ == 1 || rng_.chance(0.3)) return 1;
        unsigned n = 1;
        while (n < max_beats_ && rng_.chance(0.7)) ++n;
        return n;
    }

    // a beat: full tkeep unless last; the last keeps a contiguous run from lane 0 (0..W lanes, or 1..W when
    // nonempty is set); data and tags above tkeep are zero, as the RX path's packer leaves them
    Beat draw_beat(bool last, bool nonempty) {
        Beat bt{};
        unsigned n = kW;
        if (last) n = nonempty ? 1 + (unsigned)rng_.below(kW) : (unsigned)rng_.below(kW + 1);
        if (last && rng_.chance(0.3)) n = nonempty ? kW : (rng_.chance(0.5) ? kW : 0);
        bt.keep = n == 64 ? ~0ull : ((1ull << n) - 1);
        random_bytes(bt.data, n);
        random_bytes(bt.user, n);
        bt.last = last;
        return bt;
    }

    void start_xfer(Xfer &x) {
        x.started = true;
        if (rng_.chance(p_empty_)) {
            Beat bt{};
            bt.last = true;
            x.beats.push_back(bt);
            ++n_empty_;
        } else {
            const unsigned n = draw_beats();
            for (unsigned i = 0; i < n; ++i) x.beats.push_back(draw_beat(i + 1 == n, false));
        }
        if (x.to_dep) route_exp_.push_back(x.serial);
        else rx_exp_.push_back(x.serial);
    }

    void new_descriptor() {
        for (unsigned k = 0; k < kDescWords; ++k) desc_[k] = rng_.next();
        MDD_SET(COREDESC, TO_DEP, desc_, rng_.chance(p_todep_) ? 1 : 0);
        desc_held_ = true;
    }

    void new_ext_packet() {
        ExtPkt p;
        p.serial = ext_serial_++;
        const unsigned n = draw_beats();
        for (unsigned i = 0; i < n; ++i) {
            Beat bt = draw_beat(i + 1 == n, true);
            bt.tuser = rng_.chance(i + 1 == n ? 0.5 : 0.2);
            p.beats.push_back(bt);
        }
        ext_exp_.push_back(p);
        ext_beat_ = 0;
        ext_active_ = true;
    }

    void redraw_phase() {
        static const double kLevels[5] = {1.0, 0.9, 0.6, 0.3, 0.1};
        for (unsigned i = 0; i < kNP; ++i)
            if (!fixed_[i]) p_[i] = kLevels[rng_.below(5)];
        if (!fixed_todep_) {
            static const double kTo[3] = {0.1, 0.5, 0.9};
            p_todep_ = kTo[rng_.below(3)];
        }
        if (!fixed_cap_) rx_cap_ = 1 + (unsigned)rng_.below(kDepth + 1);
    }

    void draw_inputs(uint64_t cyc) {
        const bool drain = cyc >= drain_from_;
        if (cyc % phase_ == 0) redraw_phase();

        // reset pulses of 1..3 cycles (two at the start)
        prev_rst_ = in_.rst;
        if (reset_left_ > 0) {
            --reset_left_;
            in_.rst = true;
        } else if (cyc < 2 || (!drain && rng_.chance(p_reset_))) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            in_.rst = true;
            ++resets_;
        } else {
            in_.rst = false;
        }

        // descriptors
        if (!desc_held_ && !drain && rng_.chance(p_[P_DESC])) new_descriptor();
        in_.s_desc_tvalid = desc_held_;
        if (desc_held_) {
            std::memcpy(in_.s_desc_tdata, desc_, sizeof desc_);
        } else {
            for (unsigned k = 0; k < kDescWords; ++k) in_.s_desc_tdata[k] = rng_.next();
        }
        // the RX path model takes descriptors while it holds fewer than rx_cap whose data has not ended
        const uint64_t ahead = rx_desc_count_ - rx_next_;
        in_.m_desc_tready = drain || (ahead < rx_cap_ && rng_.chance(p_[P_MDESC]));

        // RX data: the next transfer whose descriptor the RX path has
        if (!rx_held_ && rx_next_ < rx_desc_count_ && have_xfer(rx_next_) && (drain || rng_.chance(p_[P_RX]))) {
            Xfer &x = xfer(rx_next_);
            if (!x.started) start_xfer(x);
            rx_held_ = true;
        }
        in_.s_rx_tvalid = rx_held_;
        if (rx_held_) {
            const Beat &bt = xfer(rx_next_).beats[xfer(rx_next_).in_pos];
            std::memcpy(in_.s_rx_tdata, bt.data, kW);
            std::memcpy(in_.s_rx_tuser, bt.user, kW);
            in_.s_rx_tkeep = bt.keep;
            in_.s_rx_tlast = bt.last;
        } else {
            random_bytes(in_.s_rx_tdata, kW);
            random_bytes(in_.s_rx_tuser, kW);
            const uint64_t r = rng_.next();
            in_.s_rx_tkeep = r & keep_all_;
            in_.s_rx_tlast = (r >> 63) & 1;
        }

        // contexts, in order: valid from the cycle after the data's end plus the transfer's delay
        in_.ctx_tvalid = false;
        if (have_xfer(ctx_next_)) {
            Xfer &x = xfer(ctx_next_);
            if (x.done_cycle >= 0 && (int64_t)cyc >= x.done_cycle + 1 + (int64_t)x.ctx_delay) {
                in_.ctx_tvalid = true;
                if (x.ctx_valid_cycle < 0) x.ctx_valid_cycle = (int64_t)cyc;
                std::memcpy(in_.ctx_tdata, x.ctx, sizeof x.ctx);
            }
        }
        if (!in_.ctx_tvalid) {
            for (unsigned k = 0; k < kCtxWords; ++k) in_.ctx_tdata[k] = rng_.next();
        }
        in_.ctx_tready = drain || rng_.chance(p_[P_CTXR]);

        // external deposit packets
        if (!ext_held_) {
            if (!ext_active_ && !drain && rng_.chance(p_[P_DEP])) new_ext_packet();
            if (ext_active_ && (drain || rng_.chance(p_[P_DEP]))) ext_held_ = true;
        }
        in_.s_dep_tvalid = ext_held_;
        if (ext_held_) {
            const Beat &bt = ext_exp_.back().beats[ext_beat_];
            std::memcpy(in_.s_dep_tdata, bt.data, kW);
            in_.s_dep_tkeep = bt.keep;
            in_.s_dep_tlast = bt.last;
            in_.s_dep_tuser = bt.tuser;
        } else {
            random_bytes(in_.s_dep_tdata, kW);
            const uint64_t r = rng_.next();
            in_.s_dep_tkeep = r & keep_all_;
            in_.s_dep_tlast = (r >> 63) & 1;
            in_.s_dep_tuser = (r >> 62) & 1;
        }

        in_.m_rx_tready = drain || rng_.chance(p_[P_MRX]);
        in_.m_dep_tready = drain || rng_.chance(p_[P_MDEP]);
    }

    // ---- independent reference ----

    static std::string hex(uint64_t v) {
        char b[24];
        std::snprintf(b, sizeof b, "%" PRIx64, v);
        return b;
    }

    // "" when the output beat equals the expected one (tuser: exp_tuser), else what differs
    static std::string beat_diff(const Beat &got, const Beat &exp, bool exp_tuser, bool check_user) {
        if (got.keep != exp.keep) return "tkeep 0x" + hex(got.keep) + ", expected 0x" + hex(exp.keep);
        if (got.last != exp.last) return std::string("tlast ") + (got.last ? "1" : "0") + ", expected " + (exp.last ? "1" : "0");
        for (unsigned i = 0; i < kW; ++i)
            if (got.data[i] != exp.data[i])
                return "lane " + std::to_string(i) + " data 0x" + hex(got.data[i]) + ", expected 0x" + hex(exp.data[i]);
        if (check_user)
            for (unsigned i = 0; i < kW; ++i)
                if (got.user[i] != exp.user[i])
                    return "lane " + std::to_string(i) + " tag 0x" + hex(got.user[i]) + ", expected 0x" + hex(exp.user[i]);
        if (got.tuser != exp_tuser)
            return std::string("tuser ") + (got.tuser ? "1" : "0") + ", expected " + (exp_tuser ? "1" : "0");
        return "";
    }

    // a whole m_dep packet against a source's next packet: "" if equal
    std::string route_diff(const std::vector<Beat> &pkt, const Xfer &x) const {
        if (pkt.size() != x.beats.size())
            return std::to_string(pkt.size()) + " beats, transfer " + std::to_string(x.serial) + " has " +
                   std::to_string(x.beats.size());
        for (size_t i = 0; i < pkt.size(); ++i) {
            const bool last = i + 1 == pkt.size();
            std::string d = beat_diff(pkt[i], x.beats[i], last && x.verdict, false);
            if (!d.empty()) return "beat " + std::to_string(i) + ": " + d;
        }
        return "";
    }
    static std::string ext_diff(const std::vector<Beat> &pkt, const ExtPkt &p) {
        if (pkt.size() != p.beats.size())
            return std::to_string(pkt.size()) + " beats, packet has " + std::to_string(p.beats.size());
        for (size_t i = 0; i < pkt.size(); ++i) {
            std::string d = beat_diff(pkt[i], p.beats[i], p.beats[i].tuser, false);
            if (!d.empty()) return "beat " + std::to_string(i) + ": " + d;
        }
        return "";
    }

    void dep_packet_end(ls::Checker &chk, uint64_t cyc) {
        std::string rd = "no TO_DEP transfer expected", ed = "no external packet expected";
        Xfer *x = nullptr;
        if (!route_exp_.empty()) {
            x = &xfer(route_exp_.front());
            if (x->ctx_valid_cycle < 0) rd = "transfer " + std::to_string(x->serial) + "'s context was never valid";
            else rd = route_diff(cur_out_, *x);
        }
        if (!ext_exp_.empty()) ed = ext_diff(cur_out_, ext_exp_.front());
        // Both sources' next packets can be equal (a short last beat with the same few bytes): identical packets are
        // interchangeable, the order between them is not observable, so it counts as the TO_DEP one; were the
        // other one lost, the drain would find it missing.
        const bool is_route = rd.empty(), is_ext = ed.empty();
        if (is_route && is_ext) ++identical_;
        if (is_route) {
            if ((int64_t)cyc < x->ctx_valid_cycle)
                chk.failf("verdict", "transfer %" PRIu64 "'s last beat left at cycle %" PRIu64
                                     " before its context was valid (cycle %" PRId64 ")",
                          x->serial, cyc, x->ctx_valid_cycle);
            x->out_done = true;
            if (x->ctx_done) ++ctx_before_out_;
            route_exp_.pop_front();
            ++n_route_pkts_;
            if (x->verdict) ++n_verdict1_;
            ++checks_;
        } else if (is_ext) {
            ext_exp_.pop_front();
            ++n_ext_pkts_;
            ++checks_;
        } else {
            chk.failf("m_dep", "a %zu-beat packet matches neither source: TO_DEP: %s; external: %s", cur_out_.size(),
                      rd.c_str(), ed.c_str());
        }
        cur_out_.clear();
    }

    // round robin at the input: a source whose packet's first beat is offered is passed over at most once
    void first_beat_taken(ls::Checker &chk, int src) {
        offer_since_[src] = -1;
        passed_over_[src] = 0;
        const int o = 1 - src;
        if (offer_since_[o] >= 0) {
            ++contended_;
            if (++passed_over_[o] > 1)
                chk.failf("round-robin", "the %s source's packet, offered since cycle %" PRId64
                                         ", was passed over twice",
                          o == kExt ? "external" : "TO_DEP", offer_since_[o]);
        }
    }

    void reset_state() {
        xfers_.clear();
        xbase_ = next_serial_;
        exp_desc_.clear();
        rx_exp_.clear();
        route_exp_.clear();
        ext_exp_.clear();
        cur_out_.clear();
        desc_held_ = false;
        rx_desc_count_ = rx_next_ = ctx_next_ = xbase_;
        rx_held_ = false;
        ext_held_ = false;
        ext_active_ = false;
        occupancy_ = 0;
        offer_since_[0] = offer_since_[1] = -1;
        passed_over_[0] = passed_over_[1] = 0;
        for (auto &h : held_) h = false;
    }

    void check_stable(ls::Checker &chk, int port, const char *name, bool valid, bool ready, const uint8_t *payload,
                      size_t n) {
        if (held_[port] && (!valid || std::memcmp(held_payload_[port].data(), payload, n) != 0))
            chk.failf("axi", "%s changed or dropped tvalid while not taken", name);
        held_[port] = valid && !ready && !in_.rst;
        if (held_[port]) std::memcpy(held_payload_[port].data(), payload, n);
        if (valid && !ready) ++stall_[port];
    }

    void scoreboard(ls::Checker &chk, const mdd_rx_route_out &mo, uint64_t cyc) {
        ++cycles_;
        // reset rule: from the first edge that samples rst high until rst is sampled low, no m_*tvalid
        if (prev_rst_ && (mo.m_desc_tvalid || mo.m_rx_tvalid || mo.m_dep_tvalid))
            chk.fail("reset", "an m_*tvalid is 1 after an edge that sampled rst");

        // output beats stay unchanged while not taken
        {
            uint8_t p[256];
            ls::words_to_bytes(mo.m_desc_tdata, p, kDescWords);
            check_stable(chk, 0, "m_desc", mo.m_desc_tvalid, in_.m_desc_tready, p, 64);
            std::memcpy(p, mo.m_rx_tdata, kW);
            std::memcpy(p + kW, mo.m_rx_tuser, kW);
            p[2 * kW] = (uint8_t)mo.m_rx_tlast;
            std::memcpy(p + 2 * kW + 1, &mo.m_rx_tkeep, 8);
            check_stable(chk, 1, "m_rx", mo.m_rx_tvalid, in_.m_rx_tready, p, 2 * kW + 9);
            std::memcpy(p, mo.m_dep_tdata, kW);
            p[kW] = (uint8_t)(mo.m_dep_tlast | (mo.m_dep_tuser << 1));
            std::memcpy(p + kW + 1, &mo.m_dep_tkeep, 8);
            check_stable(chk, 2, "m_dep", mo.m_dep_tvalid, in_.m_dep_tready, p, kW + 9);
        }

        // FIFO: the descriptor channel waits while ROUTE_DEPTH transfers are between descriptor and context
        if (occupancy_ >= kDepth) {
            if (mo.s_desc_tready) chk.failf("fifo", "s_desc_tready with %u transfers tracked", occupancy_);
            if (in_.s_desc_tvalid) ++full_stalls_;
        }

        // coverage: a TO_DEP last beat waits while an earlier transfer's context is valid
        if (!route_exp_.empty() && in_.ctx_tvalid) {
            const Xfer &x = xfer(route_exp_.front());
            if (x.done_cycle >= 0 && ctx_next_ < x.serial) ++wrong_ctx_;
        }
        const bool route_waiting = !route_exp_.empty() && xfer(route_exp_.front()).done_cycle >= 0;

        // ---- outputs that leave on this edge (also in a reset cycle: the consumer takes them) ----
        if (mo.m_desc_tvalid && in_.m_desc_tready) {
            if (exp_desc_.empty()) {
                chk.fail("m_desc", "a descriptor with none expected");
            } else {
                if (std::memcmp(exp_desc_.front().data(), mo.m_desc_tdata, sizeof mo.m_desc_tdata) != 0) {
                    std::string d;
                    for (unsigned k = 0; k < kDescWords && d.empty(); ++k)
                        if (exp_desc_.front()[k] != mo.m_desc_tdata[k])
                            d = "word " + std::to_string(k) + " 0x" + hex(mo.m_desc_tdata[k]) + ", expected 0x" +
                                hex(exp_desc_.front()[k]);
                    chk.failf("m_desc", "descriptor %" PRIu64 ": %s", rx_desc_count_, d.c_str());
                }
                exp_desc_.pop_front();
                ++rx_desc_count_;
                ++n_desc_;
                ++checks_;
            }
        }
        if (mo.m_rx_tvalid && in_.m_rx_tready) {
            ++n_rx_beats_;
            if (route_waiting) ++rx_while_wait_;
            if (rx_exp_.empty() || !xfer(rx_exp_.front()).started) {
                chk.fail("m_rx", "a beat with no transfer without TO_DEP under way");
            } else {
                Xfer &x = xfer(rx_exp_.front());
                Beat got{};
                std::memcpy(got.data, mo.m_rx_tdata, kW);
                std::memcpy(got.user, mo.m_rx_tuser, kW);
                got.keep = mo.m_rx_tkeep;
                got.last = mo.m_rx_tlast;
                const std::string d = x.out_pos < x.beats.size()
                                          ? beat_diff(got, x.beats[x.out_pos], false, true)
                                          : std::string("beyond the transfer's end");
                if (!d.empty())
                    chk.failf("m_rx", "transfer %" PRIu64 " beat %zu: %s", x.serial, x.out_pos, d.c_str());
                if (++x.out_pos >= x.beats.size() || got.last) {
                    x.out_done = true;
                    rx_exp_.pop_front();
                    ++n_rx_pkts_;
                    ++checks_;
                }
            }
        }
        if (mo.m_dep_tvalid && in_.m_dep_tready) {
            ++n_dep_beats_;
            Beat got{};
            std::memcpy(got.data, mo.m_dep_tdata, kW);
            got.keep = mo.m_dep_tkeep;
            got.last = mo.m_dep_tlast;
            got.tuser = mo.m_dep_tuser;
            cur_out_.push_back(got);
            if (got.last) dep_packet_end(chk, cyc);
            else if (cur_out_.size() > max_beats_) {
                chk.failf("m_dep", "a packet of more than %u beats", max_beats_);
                cur_out_.clear();
            }
        }

        if (in_.rst) {
            if (route_waiting) ++reset_wait_;
            // everything in flight is dropped, the beats offered now included
            reset_state();
            retire();
            return;
        }

        // ---- inputs taken on this edge ----
        if (in_.s_desc_tvalid && mo.s_desc_tready) {
            Xfer x;
            x.serial = next_serial_++;
            x.to_dep = MDD_GET(COREDESC, TO_DEP, desc_) != 0;
            for (unsigned k = 0; k < kCtxWords; ++k) x.ctx[k] = rng_.next();
            const uint64_t emap = rng_.chance(0.5) ? 0 : 1 + rng_.below((1u << MDD_CTX_ERR_MAP_W) - 1);
            MDD_SET(CTX, ERR_MAP, x.ctx, emap);
            x.verdict = emap != 0;
            x.ctx_delay = rng_.chance(0.5) ? 0 : (unsigned)rng_.below(ctx_delay_ + 1);
            xfers_.push_back(std::move(x));
            std::array<uint64_t, kDescWords> e;
            std::memcpy(e.data(), desc_, sizeof desc_);
            MDD_SET(COREDESC, TO_DEP, e.data(), 0);
            exp_desc_.push_back(e);
            desc_held_ = false;
            ++occupancy_;
        }
        if (in_.s_rx_tvalid) {
            Xfer &x = xfer(rx_next_);
            if (x.in_pos == 0 && x.to_dep && offer_since_[kRoute] < 0) offer_since_[kRoute] = (int64_t)cyc;
            if (mo.s_rx_tready) {
                if (x.in_pos == 0 && x.to_dep) first_beat_taken(chk, kRoute);
                rx_held_ = false;
                if (++x.in_pos == x.beats.size()) {
                    x.done_cycle = (int64_t)cyc;
                    ++rx_next_;
                }
            }
        }
        if (in_.ctx_tvalid && in_.ctx_tready) {
            xfer(ctx_next_).ctx_done = true;
            ++ctx_next_;
            --occupancy_;
        }
        if (in_.s_dep_tvalid) {
            if (ext_beat_ == 0 && offer_since_[kExt] < 0) offer_since_[kExt] = (int64_t)cyc;
            if (mo.s_dep_tready) {
                if (ext_beat_ == 0) first_beat_taken(chk, kExt);
                ext_held_ = false;
                if (++ext_beat_ == ext_exp_.back().beats.size()) ext_active_ = false;
            }
        }
        retire();
    }

    // transfers done on every side leave the table
    void retire() {
        while (!xfers_.empty() && xfers_.front().ctx_done && xfers_.front().out_done) {
            xfers_.pop_front();
            ++xbase_;
        }
    }

    void final_checks(ls::Checker &chk) {
        if (drain_from_ < opt_.cycles) {
            if (!exp_desc_.empty()) chk.failf("drain", "%zu descriptors did not leave m_desc", exp_desc_.size());
            if (!xfers_.empty())
                chk.failf("drain", "transfer %" PRIu64 " not finished (data %s, context %s, packet %s)",
                          xfers_.front().serial, xfers_.front().done_cycle >= 0 ? "in" : "not in",
                          xfers_.front().ctx_done ? "handshaken" : "not handshaken",
                          xfers_.front().out_done ? "out" : "not out");
            if (!ext_exp_.empty()) chk.failf("drain", "%zu external packets did not leave m_dep", ext_exp_.size());
            if (!cur_out_.empty()) chk.fail("drain", "m_dep ends inside a packet");
        }
        if (checks_ < min_packets_)
            chk.failf("volume", "%" PRIu64 " checked, fewer than min_packets=%" PRIu64, checks_, min_packets_);
        if (!require_coverage_) return;
        const struct {
            const char *what;
            uint64_t count;
        } cov[] = {{"resets", resets_},
                   {"resets with a TO_DEP last beat waiting", reset_wait_},
                   {"cycles with the FIFO full and a descriptor waiting", full_stalls_},
                   {"transfers to m_rx", n_rx_pkts_},
                   {"transfers to m_dep", n_route_pkts_},
                   {"verdicts 1", n_verdict1_},
                   {"verdicts 0", n_route_pkts_ - n_verdict1_},
                   {"external packets", n_ext_pkts_},
                   {"empty transfers", n_empty_},
                   {"TO_DEP last beats waiting while an earlier context was valid", wrong_ctx_},
                   {"m_rx beats while a TO_DEP last beat waited", rx_while_wait_},
                   {"contexts handshaken before their TO_DEP packet left", ctx_before_out_},
                   {"packet boundaries with both sources waiting", contended_},
                   {"m_desc stalls", stall_[0]},
                   {"m_rx stalls", stall_[1]},
                   {"m_dep stalls", stall_[2]}};
        for (const auto &c : cov)
            if (c.count == 0) chk.fail("coverage", std::string("no ") + c.what + " in this run");
    }

    // ---- Icarus vectors: a header "R W DEPTH", then per cycle 34 hex fields (tb/icarus/tb_mdd_rx_route.v) ----
    void hex_bytes(const uint8_t *b, unsigned n) {
        for (unsigned i = n; i-- > 0;) std::fprintf(vectors_, "%02x", b[i]);
        std::fputc(' ', vectors_);
    }
    void hex_words(const uint64_t *w, unsigned n) {
        for (unsigned i = n; i-- > 0;) std::fprintf(vectors_, "%016" PRIx64, w[i]);
        std::fputc(' ', vectors_);
    }
    void write_vector(const mdd_rx_route_out &mo) {
        FILE *f = vectors_;
        std::fprintf(f, "%x ", in_.rst);
        hex_words(in_.s_desc_tdata, kDescWords);
        std::fprintf(f, "%x %x ", in_.s_desc_tvalid, in_.m_desc_tready);
        hex_bytes(in_.s_rx_tdata, kW);
        std::fprintf(f, "%" PRIx64 " %x ", in_.s_rx_tkeep & keep_all_, in_.s_rx_tlast);
        hex_bytes(in_.s_rx_tuser, kW);
        std::fprintf(f, "%x %x ", in_.s_rx_tvalid, in_.m_rx_tready);
        hex_words(in_.ctx_tdata, kCtxWords);
        std::fprintf(f, "%x %x ", in_.ctx_tvalid, in_.ctx_tready);
        hex_bytes(in_.s_dep_tdata, kW);
        std::fprintf(f, "%" PRIx64 " %x %x %x %x ", in_.s_dep_tkeep & keep_all_, in_.s_dep_tlast, in_.s_dep_tuser,
                     in_.s_dep_tvalid, in_.m_dep_tready);
        // expected outputs
        std::fprintf(f, "%x ", mo.s_desc_tready);
        hex_words(mo.m_desc_tdata, kDescWords);
        std::fprintf(f, "%x %x ", mo.m_desc_tvalid, mo.s_rx_tready);
        hex_bytes(mo.m_rx_tdata, kW);
        std::fprintf(f, "%" PRIx64 " %x ", mo.m_rx_tkeep, mo.m_rx_tlast);
        hex_bytes(mo.m_rx_tuser, kW);
        std::fprintf(f, "%x %x ", mo.m_rx_tvalid, mo.s_dep_tready);
        hex_bytes(mo.m_dep_tdata, kW);
        std::fprintf(f, "%" PRIx64 " %x %x %x\n", mo.m_dep_tkeep, mo.m_dep_tlast, mo.m_dep_tuser, mo.m_dep_tvalid);
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_rx_route> top_;
    mdd_rx_route_model model_;
    mdd_rx_route_in in_;
    FILE *vectors_ = nullptr;

    // knobs
    double p_[kNP];
    bool fixed_[kNP];
    bool fixed_todep_, fixed_cap_;
    double p_todep_, p_empty_, p_reset_;
    unsigned rx_cap_, max_beats_, ctx_delay_;
    uint64_t phase_, min_packets_, drain_from_;
    bool require_coverage_;
    int64_t inject_fault_;
    uint64_t keep_all_;

    // stimulus state
    bool prev_rst_ = false;
    unsigned reset_left_ = 0;
    uint64_t desc_[kDescWords] = {};
    bool desc_held_ = false;
    std::deque<Xfer> xfers_;           // transfers by serial, from xbase_
    uint64_t xbase_ = 0, next_serial_ = 0;
    uint64_t rx_desc_count_ = 0;       // serial of the next descriptor the RX path model takes (= taken so far)
    uint64_t rx_next_ = 0;             // serial of the transfer whose data is (or will be) on s_rx
    bool rx_held_ = false;
    uint64_t ctx_next_ = 0;            // serial of the next context
    unsigned occupancy_ = 0;           // transfers between descriptor and context handshakes
    uint64_t ext_serial_ = 0;
    size_t ext_beat_ = 0;
    bool ext_active_ = false, ext_held_ = false;

    // scoreboard state
    std::deque<std::array<uint64_t, kDescWords>> exp_desc_;
    std::deque<uint64_t> rx_exp_, route_exp_;  // transfer serials, in order
    std::deque<ExtPkt> ext_exp_;               // the source's packets; back() is the one it offers
    std::vector<Beat> cur_out_;                // the m_dep packet being collected
    int64_t offer_since_[2] = {-1, -1};
    unsigned passed_over_[2] = {0, 0};
    bool held_[3] = {false, false, false};
    std::array<uint8_t, 256> held_payload_[3];

    // counts
    uint64_t cycles_ = 0, checks_ = 0, n_desc_ = 0, n_rx_pkts_ = 0, n_rx_beats_ = 0, n_route_pkts_ = 0,
             n_verdict1_ = 0, n_ext_pkts_ = 0, n_dep_beats_ = 0, n_empty_ = 0;
    uint64_t resets_ = 0, reset_wait_ = 0, full_stalls_ = 0, wrong_ctx_ = 0, rx_while_wait_ = 0, ctx_before_out_ = 0,
             contended_ = 0, identical_ = 0, stall_[3] = {0, 0, 0};

    struct {
        int rst, s_desc_tdata, s_desc_tvalid, s_desc_tready, m_desc_tdata, m_desc_tvalid, m_desc_tready, s_rx_tdata,
            s_rx_tkeep, s_rx_tlast, s_rx_tuser, s_rx_tvalid, s_rx_tready, m_rx_tdata, m_rx_tkeep, m_rx_tlast,
            m_rx_tuser, m_rx_tvalid, m_rx_tready, ctx_tdata, ctx_tvalid, ctx_tready, s_dep_tdata, s_dep_tkeep,
            s_dep_tlast, s_dep_tuser, s_dep_tvalid, s_dep_tready, m_dep_tdata, m_dep_tkeep, m_dep_tlast, m_dep_tuser,
            m_dep_tvalid, m_dep_tready, wr_ptr, ctx_ptr, data_ptr, hold_ptr, dep_full, dep_wait, busy, last_ext;
    } sig_{};
};

#define RR_STR_(x) #x
#define RR_STR(x) RR_STR_(x)

int main(int argc, char **argv) {
    return ls::run<RxRouteBench>(argc, argv, "lockstep-rx-route-w" RR_STR(RR_W));
}

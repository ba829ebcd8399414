// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_pack.v against its C twin model/mdd_pack_model.c.
//
// Every cycle: random stimulus (AXI-Stream rules: a presented word stays until it is taken), both sides
// evaluated, every output compared (valid or not), both clocked. Independently of the twin, a scoreboard
// keeps the kept bytes of every input packet, with their tags, in order, and checks each output packet
// against them: the bytes and tags of the lanes with m_tkeep equal the input's kept bytes in order; m_tkeep is
// all ones except on the last word of a packet, where it is contiguous from lane 0 (zero lanes above it are
// zero); exactly one m_tlast per input packet, and an input packet with no kept byte gives exactly one word
// with m_tkeep = 0; a packet never takes more output words than it had input words. The packets so checked
// are the suite's "passed" count. The run ends with a drain (no new packet, output ready), after which
// every packet that ended must have left.
//
// Build-time parameters (-D): PACK_W, PACK_USER_LANE_W (the Verilated -G values).
// Knobs (key=value, or lines of a --scenario file):
//   p_valid, p_ready     probability of s_tvalid / m_tready per cycle; default: a new pair every `phase`
//                        cycles from {1, 0.95, 0.7, 0.3}
//   phase                cycles per stall phase (default 3000)
//   p_reset              probability per cycle of a reset pulse (1..3 cycles) (default 1e-3)
//   p_empty              probability that a packet keeps no byte at all (default 0.05)
//   len_mode             0 mixed (default), 1 one word per packet, 2 short, 3 long packets
//   mask_mode            -1 mixed per packet (default) or one of 0..7 (see draw_mask); 8: all ones except
//                        the last word, which keeps nothing
//   min_packets          fail unless this many packets were checked by the end (default 0)
//   require_coverage     1: fail at the end unless resets (also with a word waiting in the gearbox), stalls on
//                        both sides, two-word packet ends, empty packets, null last words and all-zero / all-one /
//                        single-byte words occurred (default 1 when cycles >= 100000)
//   inject_fault         cycle at which the harness corrupts the twin's m_tdata (self-test of the harness)
//   vectors              write per-cycle inputs and twin outputs here for the Icarus bench
// With --bench the summary's throughput line is the measurement (use p_valid=1 p_ready=1 p_reset=0).
#include "lockstep.h"

#include "Vmdd_pack.h"
#include "mdd_pack_model.h"

#include <algorithm>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef PACK_W
#error "PACK_W (bytes per word) must match the Verilated parameter W"
#endif
#ifndef PACK_USER_LANE_W
#error "PACK_USER_LANE_W must match the Verilated parameter USER_LANE_W"
#endif

namespace {

constexpr unsigned kW = PACK_W;
constexpr unsigned kUW = PACK_USER_LANE_W;
constexpr unsigned kUserBytes = (kUW * kW + 7) / 8;

using ls::get_bytes;
using ls::put_bytes;

// Per-lane tags -> the packed s_tuser/m_tuser vector (lane i = bits kUW*i .. kUW*i+kUW-1).
void pack_tags(const uint64_t *tags, uint8_t *bytes) {
    if (kUW == 8) {
        for (unsigned i = 0; i < kW; ++i) bytes[i] = (uint8_t)tags[i];
        return;
    }
    std::memset(bytes, 0, kUserBytes);
    for (unsigned i = 0; i < kW; ++i)
        for (unsigned b = 0; b < kUW; ++b)
            if ((tags[i] >> b) & 1) {
                unsigned bit = kUW * i + b;
                bytes[bit / 8] |= (uint8_t)(1u << (bit % 8));
            }
}
struct Byte {
    uint8_t data;
    uint64_t tag;
    bool operator==(const Byte &o) const { return data == o.data && tag == o.tag; }
};

// One input packet as the scoreboard sees it: its kept bytes so far, and what its output did so far.
struct Packet {
    std::vector<Byte> bytes;
    uint64_t serial = 0;
    uint64_t in_words = 0;
    bool closed = false;      // its tlast word was accepted
    uint64_t accepted = 0;    // cycle of the tlast word
    size_t out_pos = 0;       // bytes delivered
    uint64_t out_beats = 0;
};

}  // namespace

class PackBench {
  public:
    explicit PackBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_pack) {
        static_assert(sizeof(top_->s_tdata) * 8 >= 8 * kW, "s_tdata narrower than PACK_W bytes");
        if (mdd_pack_model_init(&model_, kW, kUW) != 0)
            ls::Options::die("bad model parameters W=%u user_lane_w=%u", kW, kUW);
        keep_all_ = kW == 64 ? ~0ull : ((1ull << kW) - 1);
        user_mask_ = kUW == 64 ? ~0ull : ((1ull << kUW) - 1);
        fixed_valid_ = opt.has("p_valid");
        fixed_ready_ = opt.has("p_ready");
        p_valid_ = opt.prob("p_valid", 1.0);
        p_ready_ = opt.prob("p_ready", 1.0);
        phase_ = opt.u64("phase", 3000, 1, UINT64_MAX);
        p_reset_ = opt.prob("p_reset", 1e-3);
        p_empty_ = opt.prob("p_empty", 0.05);
        len_mode_ = (int)opt.i64("len_mode", 0, 0, 3);
        mask_mode_ = (int)opt.i64("mask_mode", -1, -1, 8);
        min_packets_ = opt.u64("min_packets", 0);
        require_coverage_ = opt.flag("require_coverage", opt.cycles >= 100000);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        drain_from_ = opt.cycles > 200 ? opt.cycles - 64 : opt.cycles;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = ls::open_vectors(vec);  // ".gz": compressed
        }
        top_->clk = 0;
        in_ = mdd_pack_in();
        cpu_start_ = std::clock();
    }
    ~PackBench() {
        if (vectors_) std::fclose(vectors_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.s_tdata = vcd.add("s_tdata", 8 * kW);
        sig_.s_tuser = vcd.add("s_tuser", kUW * kW);
        sig_.s_tkeep = vcd.add("s_tkeep", kW);
        sig_.s_tlast = vcd.add("s_tlast", 1);
        sig_.s_tvalid = vcd.add("s_tvalid", 1);
        sig_.s_tready = vcd.add("s_tready", 1);
        sig_.m_tdata = vcd.add("m_tdata", 8 * kW);
        sig_.m_tuser = vcd.add("m_tuser", kUW * kW);
        sig_.m_tkeep = vcd.add("m_tkeep", kW);
        sig_.m_tlast = vcd.add("m_tlast", 1);
        sig_.m_tvalid = vcd.add("m_tvalid", 1);
        sig_.m_tready = vcd.add("m_tready", 1);
        sig_.fill = vcd.add("fill", model_.cmp.l);
        sig_.gb_pend = vcd.add("gb_pend", 1);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_pack_out o;
        mdd_pack_eval(&model_, &in_, &o);
        uint8_t ub[kUserBytes];
        vcd.val(sig_.rst, in_.rst);
        vcd.val_bytes(sig_.s_tdata, in_.s_tdata);
        pack_tags(in_.s_tuser, ub);
        vcd.val_bytes(sig_.s_tuser, ub);
        vcd.val(sig_.s_tkeep, in_.s_tkeep);
        vcd.val(sig_.s_tlast, in_.s_tlast);
        vcd.val(sig_.s_tvalid, in_.s_tvalid);
        vcd.val(sig_.s_tready, o.s_tready);
        vcd.val_bytes(sig_.m_tdata, o.m_tdata);
        pack_tags(o.m_tuser, ub);
        vcd.val_bytes(sig_.m_tuser, ub);
        vcd.val(sig_.m_tkeep, o.m_tkeep);
        vcd.val(sig_.m_tlast, o.m_tlast);
        vcd.val(sig_.m_tvalid, o.m_tvalid);
        vcd.val(sig_.m_tready, in_.m_tready);
        vcd.val(sig_.fill, model_.cmp.fill);
        vcd.val(sig_.gb_pend, model_.gb_pend);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

        // drive the RTL and settle its combinational outputs
        uint8_t ub[kUserBytes];
        top_->rst = in_.rst;
        put_bytes(top_->s_tdata, in_.s_tdata, kW);
        pack_tags(in_.s_tuser, ub);
        put_bytes(top_->s_tuser, ub, kUserBytes);
        top_->s_tkeep = in_.s_tkeep;
        top_->s_tlast = in_.s_tlast;
        top_->s_tvalid = in_.s_tvalid;
        top_->m_tready = in_.m_tready;
        top_->clk = 0;
        top_->eval();

        mdd_pack_out mo;
        mdd_pack_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_tdata[0] ^= 1;  // the harness self-test: this must be caught

        uint8_t rtl_data[MDD_PACK_MAX_W], rtl_user[kUserBytes], model_user[kUserBytes];
        get_bytes(top_->m_tdata, rtl_data, kW);
        get_bytes(top_->m_tuser, rtl_user, kUserBytes);
        pack_tags(mo.m_tuser, model_user);
        chk.eq("s_tready", mo.s_tready, top_->s_tready);
        chk.eq("m_tvalid", mo.m_tvalid, top_->m_tvalid);
        chk.eq("m_tlast", mo.m_tlast, top_->m_tlast);
        chk.eq("m_tkeep", mo.m_tkeep, (uint64_t)top_->m_tkeep);
        chk.eq_bytes("m_tdata", mo.m_tdata, rtl_data, kW);
        chk.eq_bytes("m_tuser", model_user, rtl_user, kUserBytes);

        // the documented handshake: the packer takes a word whenever the output can move
        if (mo.s_tready != (in_.m_tready || mo.m_tvalid == 0))
            chk.fail("handshake", "s_tready != m_tready | ~m_tvalid");

        if (vectors_) write_vector(mo);
        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        if (in_.rst && model_.gb_pend) ++reset_pend_;
        uint64_t violations = model_.invariant_violations;
        mdd_pack_tick(&model_, &in_);
        if (model_.invariant_violations != violations)
            chk.fail("gearbox", "a word arrived at fill != 0 while another word was waiting (backlog > 1)");
        if (model_.gb_pend) ++pend_cycles_;
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "pack W=%u: %.2f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "pack W=%u user_lane_w=%u: %" PRIu64 " cycles, %" PRIu64 " words accepted (%" PRIu64
                     " bytes kept), %" PRIu64 " packets ended, %" PRIu64 " packets checked, %" PRIu64
                     " output words (%" PRIu64 " bytes)\n",
                     kW, kUW, cycles_, words_, bytes_in_, packets_, checks_, beats_, bytes_out_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " packets dropped, %" PRIu64 " with a word waiting in the "
                     "gearbox), input stalls %" PRIu64 ", output stalls %" PRIu64 ", two-word packet ends %" PRIu64 "\n",
                     resets_, dropped_, reset_pend_, in_stalls_, out_stalls_, pend_cycles_);
        std::fprintf(f,
                     "  empty packets %" PRIu64 ", null last words after full words %" PRIu64
                     ", all-zero words %" PRIu64 ", all-one words %" PRIu64 ", single-byte words %" PRIu64 "\n",
                     empty_pkts_, null_ends_, zero_words_, full_words_, single_words_);
        if (checks_)
            std::fprintf(f,
                         "  latency last input word -> last output word: min %" PRIu64 " (pipeline %u), mean %.1f, "
                         "max %" PRIu64 " cycles\n",
                         lat_min_, mdd_pack_latency(&model_), (double)lat_sum_ / (double)checks_, lat_max_);
        std::fprintf(f,
                     "  throughput W=%u: %.3f output bytes per cycle (%.1f%% of W), %.3f input words per cycle "
                     "with s_tvalid and m_tready high, %.2f bytes per output word\n",
                     kW, cycles_ ? (double)bytes_out_ / (double)cycles_ : 0.0,
                     cycles_ ? 100.0 * (double)bytes_out_ / (double)cycles_ / kW : 0.0,
                     open_cycles_ ? (double)open_words_ / (double)open_cycles_ : 0.0,
                     beats_ ? (double)bytes_out_ / (double)beats_ : 0.0);
    }

    uint64_t checks() const { return checks_; }

  private:
    // ---- stimulus ----

    uint64_t draw_mask(int mode) {
        switch (mode) {
        case 0: return keep_all_;
        case 1: return 0;
        case 2: return rng_.next() & rng_.next() & rng_.next() & keep_all_;    // sparse: each byte 1/8
        case 3: return (rng_.next() | rng_.next() | rng_.next()) & keep_all_;  // dense: each byte 7/8
        case 4: return 1ull << rng_.below(kW);                                  // a single byte
        case 5: return rng_.next() & keep_all_;                                 // each byte 1/2
        case 6: {  // a contiguous run, like tkeep at the start or end of a frame
            unsigned a = (unsigned)rng_.below(kW + 1), b = (unsigned)rng_.below(kW + 1);
            if (a > b) std::swap(a, b);
            uint64_t hi = b == 64 ? ~0ull : ((1ull << b) - 1);
            uint64_t lo = a == 64 ? ~0ull : ((1ull << a) - 1);
            return hi & ~lo;
        }
        default: {  // a hole of 1..16 bytes, like a marker, a digest or a PI
            unsigned len = 1 + (unsigned)rng_.below(16), at = (unsigned)rng_.below(kW);
            uint64_t hole = 0;
            for (unsigned i = at; i < at + len && i < kW; ++i) hole |= 1ull << i;
            return keep_all_ & ~hole;
        }
        }
    }

    uint64_t draw_length() {
        int mode = len_mode_;
        if (mode == 0) {
            uint64_t r = rng_.below(100);
            mode = r < 30 ? 1 : r < 85 ? 2 : 3;
        }
        if (mode == 1) return 1;
        uint64_t mean = mode == 2 ? 3 : 40;
        uint64_t n = 1;
        while (rng_.chance(1.0 - 1.0 / (double)mean) && n < 20 * mean) ++n;
        return n;
    }

    void start_packet() {
        pkt_words_left_ = draw_length();
        pkt_empty_ = rng_.chance(p_empty_);
        pkt_mask_mode_ = mask_mode_ >= 0 ? mask_mode_ : (rng_.chance(0.5) ? -1 : (int)rng_.below(9));
    }

    void draw_word() {
        if (pkt_words_left_ == 0) start_packet();
        for (unsigned i = 0; i < kW; ++i) {
            if (i % 8 == 0) word_rand_ = rng_.next();
            in_.s_tdata[i] = (uint8_t)(word_rand_ >> (8 * (i % 8)));
            in_.s_tuser[i] = rng_.next() & user_mask_;
        }
        --pkt_words_left_;
        in_.s_tlast = pkt_words_left_ == 0;
        int mode = pkt_mask_mode_ >= 0 ? pkt_mask_mode_ : (int)rng_.below(8);
        if (pkt_empty_) in_.s_tkeep = 0;
        else if (mode == 8) in_.s_tkeep = in_.s_tlast ? 0 : keep_all_;  // full words, then a last word with nothing
        else in_.s_tkeep = draw_mask(mode);
    }

    void draw_inputs(uint64_t cyc) {
        const bool drain = cyc >= drain_from_;
        if (!fixed_valid_ || !fixed_ready_) {
            if (cyc % phase_ == 0) {
                static const double kLevels[4] = {1.0, 0.95, 0.7, 0.3};
                if (!fixed_valid_) p_valid_ = kLevels[rng_.below(4)];
                if (!fixed_ready_) p_ready_ = kLevels[rng_.below(4)];
            }
        }
        if (reset_left_ > 0) {
            --reset_left_;
        } else if (cyc < 2 || (!drain && rng_.chance(p_reset_))) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            ++resets_;
            in_.rst = true;
        } else {
            in_.rst = false;
        }
        if (reset_left_ > 0) in_.rst = true;
        if (drain && !word_held_ && pkt_words_left_ > 1) pkt_words_left_ = 1;  // end the open packet next
        if (!word_held_ && (drain ? pkt_words_left_ > 0 : rng_.chance(p_valid_))) {
            draw_word();
            word_held_ = true;
        }
        in_.s_tvalid = word_held_;
        if (!word_held_) {
            // idle bus: noise on the other inputs (the first data word and tag only, to keep the harness cheap)
            uint64_t r = rng_.next();
            for (unsigned b = 0; b < 8 && b < kW; ++b) in_.s_tdata[b] = (uint8_t)(r >> (8 * b));
            in_.s_tuser[0] = r & user_mask_;
            r = rng_.next();
            in_.s_tkeep = r & keep_all_;
            in_.s_tlast = (r >> 63) & 1;
        }
        in_.m_tready = drain || rng_.chance(p_ready_);
    }

    // ---- independent reference ----

    void output_beat(ls::Checker &chk, const mdd_pack_out &mo) {
        ++beats_;
        const uint64_t keep = mo.m_tkeep;
        const unsigned n = (unsigned)__builtin_popcountll(keep);
        bytes_out_ += n;
        if (!mo.m_tlast && keep != keep_all_)
            chk.fail("tkeep", "m_tkeep=0x" + hex(keep) + " on a word without m_tlast (must be all ones)");
        if ((keep & (keep + 1)) != 0) chk.fail("tkeep", "m_tkeep=0x" + hex(keep) + " not contiguous from lane 0");
        for (unsigned i = n; i < kW; ++i)
            if (mo.m_tdata[i] != 0 || mo.m_tuser[i] != 0) {
                chk.fail("tkeep", "lane " + std::to_string(i) + " above m_tkeep=0x" + hex(keep) + " is not zero");
                break;
            }
        if (pkts_.empty()) {
            chk.fail("scoreboard", "an output word with no input packet outstanding");
            return;
        }
        Packet &p = pkts_.front();
        ++p.out_beats;
        for (unsigned i = 0; i < n; ++i) {
            if (p.out_pos >= p.bytes.size()) {
                chk.fail("scoreboard", "packet " + std::to_string(p.serial) + ": more bytes out than it kept (" +
                                           std::to_string(p.bytes.size()) + ")");
                return;
            }
            const Byte &e = p.bytes[p.out_pos];
            if (mo.m_tdata[i] != e.data || mo.m_tuser[i] != e.tag) {
                chk.fail("scoreboard", "packet " + std::to_string(p.serial) + " byte " + std::to_string(p.out_pos) +
                                           " (lane " + std::to_string(i) + "): data/tag 0x" + hex(mo.m_tdata[i]) +
                                           "/0x" + hex(mo.m_tuser[i]) + ", expected 0x" + hex(e.data) + "/0x" +
                                           hex(e.tag));
                return;
            }
            ++p.out_pos;
        }
        if (!mo.m_tlast) return;
        // the packet ends here: all its bytes out, one tlast, no more words than it had
        if (!p.closed)
            chk.fail("scoreboard", "packet " + std::to_string(p.serial) + ": m_tlast before its input ended");
        else if (p.out_pos != p.bytes.size())
            chk.fail("scoreboard", "packet " + std::to_string(p.serial) + ": m_tlast after " +
                                       std::to_string(p.out_pos) + " of " + std::to_string(p.bytes.size()) + " bytes");
        else if (p.out_beats > p.in_words)
            chk.fail("scoreboard", "packet " + std::to_string(p.serial) + ": " + std::to_string(p.out_beats) +
                                       " output words for " + std::to_string(p.in_words) + " input words");
        else if (p.bytes.empty() && p.out_beats != 1)
            chk.fail("scoreboard", "empty packet " + std::to_string(p.serial) + " took " +
                                       std::to_string(p.out_beats) + " words");
        if (n == 0 && !p.bytes.empty()) ++null_ends_;
        ++checks_;
        uint64_t latency = cycles_ - 1 - p.accepted;
        if (latency < mdd_pack_latency(&model_))
            chk.fail("latency", "packet " + std::to_string(p.serial) + " took " + std::to_string(latency) +
                                    " cycles, less than the pipeline depth");
        lat_min_ = std::min(lat_min_, latency);
        lat_max_ = std::max(lat_max_, latency);
        lat_sum_ += latency;
        pkts_.pop_front();
    }

    void scoreboard(ls::Checker &chk, const mdd_pack_out &mo) {
        ++cycles_;
        // AXI-Stream: a word offered and not taken stays, unchanged, until it is taken (or a reset)
        if (held_out_ && !(mo.m_tvalid && mo.m_tkeep == held_.m_tkeep && mo.m_tlast == held_.m_tlast &&
                           std::memcmp(mo.m_tdata, held_.m_tdata, kW) == 0 &&
                           std::memcmp(mo.m_tuser, held_.m_tuser, sizeof mo.m_tuser) == 0))
            chk.fail("axi", "m_tvalid/m_tdata/m_tuser/m_tkeep/m_tlast changed while m_tready was low");
        held_out_ = mo.m_tvalid && !in_.m_tready && !in_.rst;
        held_ = mo;
        // a word leaves on this edge (also during reset: the register is read before it clears)
        if (mo.m_tvalid && in_.m_tready) output_beat(chk, mo);
        if (mo.m_tvalid && !in_.m_tready) ++out_stalls_;
        if (in_.s_tvalid && in_.m_tready && !in_.rst) {
            ++open_cycles_;  // no bubble allowed: the word must be taken
            if (mo.s_tready) ++open_words_;
        }
        if (in_.s_tvalid && !mo.s_tready) ++in_stalls_;

        if (in_.rst) {
            // everything in flight is dropped, including the word offered now
            dropped_ += pkts_.size();
            pkts_.clear();
            word_held_ = false;
            pkt_words_left_ = 0;
            return;
        }
        if (!(in_.s_tvalid && mo.s_tready)) return;

        // accepted word
        word_held_ = false;
        ++words_;
        const uint64_t keep = in_.s_tkeep & keep_all_;
        if (keep == 0) ++zero_words_;
        if (keep == keep_all_) ++full_words_;
        if (__builtin_popcountll(keep) == 1) ++single_words_;
        if (pkts_.empty() || pkts_.back().closed) {
            pkts_.emplace_back();
            pkts_.back().serial = ++serial_;
        }
        Packet &p = pkts_.back();
        ++p.in_words;
        for (unsigned i = 0; i < kW; ++i)
            if ((keep >> i) & 1) p.bytes.push_back({in_.s_tdata[i], in_.s_tuser[i] & user_mask_});
        bytes_in_ += (uint64_t)__builtin_popcountll(keep);
        if (!in_.s_tlast) return;
        p.closed = true;
        p.accepted = cycles_ - 1;
        ++packets_;
        if (p.bytes.empty()) ++empty_pkts_;
    }

    void final_checks(ls::Checker &chk) {
        // after the drain every packet that ended has left: one m_tlast per input packet
        for (const Packet &p : pkts_)
            if (p.closed && drain_from_ < opt_.cycles)
                chk.fail("drain", "packet " + std::to_string(p.serial) + " ended at cycle " + std::to_string(p.accepted) +
                                      " and has not left (" + std::to_string(p.out_pos) + " of " +
                                      std::to_string(p.bytes.size()) + " bytes out)");
        if (checks_ < min_packets_)
            chk.fail("volume", std::to_string(checks_) + " packets checked, fewer than min_packets=" +
                                   std::to_string(min_packets_));
        if (!require_coverage_) return;
        const struct {
            const char *what;
            uint64_t count;
        } cov[] = {{"resets", resets_},
                   {"resets with a word waiting in the gearbox", reset_pend_},
                   {"input stalls", in_stalls_},
                   {"output stalls", out_stalls_},
                   {"two-word packet ends", pend_cycles_},
                   {"empty packets", empty_pkts_},
                   {"null last words after full words", null_ends_},
                   {"all-zero words", zero_words_},
                   {"all-one words", full_words_},
                   {"single-byte words", single_words_}};
        for (const auto &c : cov)
            if (c.count == 0) chk.fail("coverage", std::string("no ") + c.what + " in this run");
    }

    void write_vector(const mdd_pack_out &mo) {
        // one hex word per cycle, most significant field first; tb/icarus/tb_mdd_pack.v splits it:
        // flags, s_tkeep, exp m_tkeep (64 bits each), exp m_tuser, exp m_tdata, s_tuser, s_tdata
        unsigned flags = (in_.rst << 6) | (in_.s_tvalid << 5) | (in_.s_tlast << 4) | (in_.m_tready << 3) |
                         (mo.s_tready << 2) | (mo.m_tvalid << 1) | (unsigned)mo.m_tlast;
        uint8_t ub[kUserBytes];
        std::fprintf(vectors_, "%02x%016" PRIx64 "%016" PRIx64, flags, in_.s_tkeep & keep_all_, mo.m_tkeep);
        pack_tags(mo.m_tuser, ub);
        hex_vec(ub, kUserBytes);
        hex_vec(mo.m_tdata, kW);
        pack_tags(in_.s_tuser, ub);
        hex_vec(ub, kUserBytes);
        hex_vec(in_.s_tdata, kW);
        std::fputc('\n', vectors_);
    }
    void hex_vec(const uint8_t *b, unsigned n) {
        for (unsigned i = n; i-- > 0;) std::fprintf(vectors_, "%02x", b[i]);
    }

    static std::string hex(uint64_t v) {
        char b[24];
        std::snprintf(b, sizeof b, "%" PRIx64, v);
        return b;
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_pack> top_;
    mdd_pack_model model_;
    mdd_pack_in in_;
    FILE *vectors_ = nullptr;
    std::clock_t cpu_start_ = 0;

    // knobs
    bool fixed_valid_, fixed_ready_;
    double p_valid_, p_ready_, p_reset_, p_empty_;
    uint64_t phase_;
    int len_mode_, mask_mode_;
    uint64_t min_packets_;
    bool require_coverage_;
    int64_t inject_fault_;
    uint64_t drain_from_;
    uint64_t keep_all_, user_mask_;

    // stimulus state
    unsigned reset_left_ = 0;
    bool word_held_ = false;
    uint64_t word_rand_ = 0;
    uint64_t pkt_words_left_ = 0;
    bool pkt_empty_ = false;
    int pkt_mask_mode_ = 0;

    // scoreboard state
    std::deque<Packet> pkts_;
    uint64_t serial_ = 0;
    bool held_out_ = false;
    mdd_pack_out held_{};

    // counts
    uint64_t cycles_ = 0, words_ = 0, bytes_in_ = 0, bytes_out_ = 0, beats_ = 0, packets_ = 0, checks_ = 0;
    uint64_t resets_ = 0, dropped_ = 0, reset_pend_ = 0, in_stalls_ = 0, out_stalls_ = 0, pend_cycles_ = 0;
    uint64_t empty_pkts_ = 0, null_ends_ = 0, zero_words_ = 0, full_words_ = 0, single_words_ = 0;
    uint64_t lat_min_ = ~0ull, lat_max_ = 0, lat_sum_ = 0, open_cycles_ = 0, open_words_ = 0;

    struct {
        int rst, s_tdata, s_tuser, s_tkeep, s_tlast, s_tvalid, s_tready, m_tdata, m_tuser, m_tkeep, m_tlast, m_tvalid,
            m_tready, fill, gb_pend;
    } sig_{};
};

#define PACK_STR_(x) #x
#define PACK_STR(x) PACK_STR_(x)

int main(int argc, char **argv) {
    return ls::run<PackBench>(argc, argv, "lockstep-pack-w" PACK_STR(PACK_W));
}

// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_locate.v (L1 mdd_rx_loc_mrk -> L2 mdd_rx_loc_pdu -> L3 mdd_rx_loc_dif)
// against its C twin model/mdd_rx_locate_model.c, with the reference receiver model/mdd_rxref.c as the
// independent oracle.
//
// Stimulus (tb/lockstep/rx_stim.h, shared with rx_path_main.cpp): random streams from the traffic generator (model/mdd_trafgen.h: a random legal configuration per
// stream), cut into random transfers; each transfer's descriptor is the reference's resume image (context
// words 0-7) of the previous piece, so every descriptor is right. Beats carry random tkeep holes (sometimes),
// null beats, tuser (occasionally); tvalid, the descriptor channel and m_ready stall at random; some streams
// have corrupted marker or length bytes; "side" transfers (the next piece again, descriptor-framed, not
// chained) and "junk" transfers (an illegal descriptor) are mixed in; resets come mid-stream (rarely).
//
// Every cycle: both sides evaluated, every output compared (valid or not), both clocked. Independently, per
// transfer (the suite's "passed" count, four checks per transfer), against mdd_rxref_run() on the same bytes:
//   bytes   the non-VOID output lanes of each word, in order, are the transfer's bytes [woff, woff + nin)
//           that the reference does not tag VOID (a DESC transfer's bytes, bytes after a FRAME error), with
//           the reference's tag and aux; woff/nin contiguous, first/last on the right words, m_dbad = the
//           reference's verdict on the descriptor, sum of nin = bytes in
//   resume  the last word's descriptor words 0-7 = the reference context's (TCP_SEQ, MRK_POS, PDU_OFF,
//           HDR_LEN, DATA_LEN, FPDU_WOFF, DIF_POS advanced, the rest echoed) except the fields of later stages
//           (partial CRCs, *_open, REF_TAG), which must equal the descriptor sent
//   events  the reference's DESC, UPSTREAM, FRAME, MRK events: count = sum of ecnt, OR of codes = OR of emap,
//           the earliest (smallest err_off, ties smaller code) = the words' earliest record, all fields
//   xflags  bit 0 = context FRAME_LOST, bit 1 = MRK_UNV
//
// Build-time parameter (-D): RX_LOCATE_W (the Verilated -GW value).
// Knobs (key=value, or lines of a --scenario file):
//   p_valid, p_ready      probability of s_axis_rx_tvalid / m_ready per cycle; default: a new pair every
//                         `phase` cycles from {1, 0.95, 0.7, 0.3}
//   phase                 cycles per stall phase (default 3000)
//   p_desc                probability per cycle that a queued descriptor is offered (default 0.8)
//   p_reset               probability per cycle of a reset pulse (default 2e-5)
//   small                 1: tiny marker periods, PDUs and blocks (exercises chunking in every stage)
//   p_holes               probability that a transfer's beats have tkeep holes (default 0.3)
//   p_user                probability of tuser per beat (default 0.01)
//   p_corrupt             probability that a stream has corrupted marker / length bytes (default 0.15)
//   p_corrupt_any         probability that a corruption may hit any byte instead (default 0)
//   p_side, p_junk        probability per piece of a side (descriptor-framed) / junk (illegal descriptor)
//                         transfer before it (default 0.05 / 0.03)
//   max_xfers             most transfers per stream (default 12)
//   min_xfers             fail unless this many transfers were checked (default 0)
//   inject_fault          cycle at which the harness corrupts the twin's m_tag (self-test of the lockstep)
//   inject_golden         transfer id from which on the first expected aux nibble is corrupted once
//                         (self-test of the reference checks: a MISMATCH check=bytes must follow)
//   verbose=1             every MISMATCH line (default: six per transfer)
//   dump=ID               print every output word of transfer ID next to the reference's bytes and tags
//   debug_stall=1         (bench) print the stage state of the first input stalls
// --bench (or bench=1): full-rate traffic with every field on (mrk_period >= W, PDUs and blocks + PI >= W + 1, full beats, no
// stalls, no resets, no errors) and the input rate: bytes and beats per cycle, and cycles the input stalled
// (a failure: check=rate); with small=1 the same without the full-rate conditions (the rate below them).
#include "lockstep.h"
#include "rx_stim.h"

#include "Vmdd_rx_locate.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_rx_locate_model.h"
#include "mdd_rxref.h"
#include "mdd_trafgen.h"
}

#include <algorithm>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef RX_LOCATE_W
#error "RX_LOCATE_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = RX_LOCATE_W;

using ls::get_bytes;
using ls::put_bytes;

using rxs::aux_to_bytes;
using rxs::Beat;
using rxs::Event;
using rxs::field;
using rxs::hex;
using rxs::words_to_bytes;

// The descriptor fields that later stages (CRC engines, checker) own: echoed by the locate stages.
bool later_stage_field(const char *name) {
    static const char *const kLater[] = {"DIG_PART", "DIG_OPEN", "HDIG_PART", "HDIG_OPEN", "DIF_PART", "DIF_OPEN",
                                         "REF_TAG"};
    for (const char *n : kLater)
        if (std::strcmp(n, name) == 0) return true;
    return false;
}

// The reference's tag of a byte consumed without being located (every byte of a DESC transfer, every byte
// after a FRAME error: rx-path.md section 3): VOID, like an absent lane.
bool lost_tag(uint8_t t) { return (t & 7u) == MDD_KIND_VOID; }

bool earlier(const Event &a, const Event &b) {
    return a.err_off < b.err_off || (a.err_off == b.err_off && a.code < b.code);
}

struct Xfer : rxs::Xfer {
    std::vector<Event> owned;  // the reference's events of the codes these stages own
    // checking state
    uint64_t words = 0, nin_sum = 0, lanes = 0, expected_lanes = 0;
    uint64_t ecnt = 0;
    uint16_t emap = 0;
    bool have_first = false;
    Event first{};
};

bool owned_code(unsigned code) {
    return code == MDD_ERR_DESC || code == MDD_ERR_UPSTREAM || code == MDD_ERR_FRAME || code == MDD_ERR_MRK;
}

}  // namespace

class RxLocateBench : public rxs::Stim<kW, Xfer, mdd_rx_locate_in> {
  public:
    explicit RxLocateBench(const ls::Options &opt)
        : Stim(opt, 0.15, 0.0, false), opt_(opt), top_(new Vmdd_rx_locate) {
        if (mdd_rx_locate_model_init(&model_, kW) != 0) ls::Options::die("bad model parameter W=%u", kW);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        inject_golden_ = opt.has("inject_golden") ? (int64_t)opt.u64("inject_golden", 0) : -1;
        verbose_ = opt.flag("verbose", false);
        debug_stall_ = opt.flag("debug_stall", false);
        dump_ = opt.has("dump") ? (int64_t)opt.u64("dump", 0) : -1;
        top_->clk = 0;
        cpu_start_ = std::clock();
    }
    ~RxLocateBench() {
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.tdata = vcd.add("s_axis_rx_tdata", 8 * kW);
        sig_.tkeep = vcd.add("s_axis_rx_tkeep", kW);
        sig_.tlast = vcd.add("s_axis_rx_tlast", 1);
        sig_.tuser = vcd.add("s_axis_rx_tuser", 1);
        sig_.tvalid = vcd.add("s_axis_rx_tvalid", 1);
        sig_.tready = vcd.add("s_axis_rx_tready", 1);
        sig_.dvalid = vcd.add("s_axis_rx_desc_tvalid", 1);
        sig_.dready = vcd.add("s_axis_rx_desc_tready", 1);
        sig_.m_valid = vcd.add("m_valid", 1);
        sig_.m_ready = vcd.add("m_ready", 1);
        sig_.m_data = vcd.add("m_data", 8 * kW);
        sig_.m_tag = vcd.add("m_tag", 8 * kW);
        sig_.m_aux = vcd.add("m_aux", 4 * kW);
        sig_.m_first = vcd.add("m_first", 1);
        sig_.m_last = vcd.add("m_last", 1);
        sig_.m_woff = vcd.add("m_woff", 32);
        sig_.m_nin = vcd.add("m_nin", 8);
        sig_.m_dbad = vcd.add("m_dbad", 1);
        sig_.m_xflags = vcd.add("m_xflags", 8);
        sig_.m_err_v = vcd.add("m_err_v", 1);
        sig_.m_err_code = vcd.add("m_err_code", 8);
        sig_.m_err_off = vcd.add("m_err_off", 32);
        sig_.m_ecnt = vcd.add("m_ecnt", 8);
        sig_.l1_valid = vcd.add("l1.m_valid", 1);
        sig_.l1_done = vcd.add("l1.done", kW);
        sig_.l1_fifo = vcd.add("l1.fifo_cnt", 2);
        sig_.l2_valid = vcd.add("l2.m_valid", 1);
        sig_.l2_done = vcd.add("l2.done", kW);
        sig_.l2_off = vcd.add("l2.st_off", 25);
        sig_.l2_tag = vcd.add("l2.m_tag", 8 * kW);
        sig_.l3_done = vcd.add("l3.done", kW);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_rx_locate_out o;
        mdd_rx_locate_eval(&model_, &in_, &o);
        uint8_t b[64];
        vcd.val(sig_.rst, in_.rst);
        vcd.val_bytes(sig_.tdata, in_.s_axis_rx_tdata);
        vcd.val(sig_.tkeep, in_.s_axis_rx_tkeep);
        vcd.val(sig_.tlast, in_.s_axis_rx_tlast);
        vcd.val(sig_.tuser, in_.s_axis_rx_tuser);
        vcd.val(sig_.tvalid, in_.s_axis_rx_tvalid);
        vcd.val(sig_.tready, o.s_axis_rx_tready);
        vcd.val(sig_.dvalid, in_.s_axis_rx_desc_tvalid);
        vcd.val(sig_.dready, o.s_axis_rx_desc_tready);
        vcd.val(sig_.m_valid, o.m_valid);
        vcd.val(sig_.m_ready, in_.m_ready);
        vcd.val_bytes(sig_.m_data, o.m_data);
        vcd.val_bytes(sig_.m_tag, o.m_tag);
        aux_to_bytes<kW>(o.m_aux, b);
        vcd.val_bytes(sig_.m_aux, b);
        vcd.val(sig_.m_first, o.m_first);
        vcd.val(sig_.m_last, o.m_last);
        vcd.val(sig_.m_woff, o.m_woff);
        vcd.val(sig_.m_nin, o.m_nin);
        vcd.val(sig_.m_dbad, o.m_dbad);
        vcd.val(sig_.m_xflags, o.m_xflags);
        vcd.val(sig_.m_err_v, o.m_err_v);
        vcd.val(sig_.m_err_code, o.m_err_code);
        vcd.val(sig_.m_err_off, o.m_err_off);
        vcd.val(sig_.m_ecnt, o.m_ecnt);
        vcd.val(sig_.l1_valid, model_.l1.m_valid_r);
        vcd.val(sig_.l1_done, model_.l1.done);
        vcd.val(sig_.l1_fifo, model_.l1.fifo_cnt);
        vcd.val(sig_.l2_valid, model_.l2.m_valid_r);
        vcd.val(sig_.l2_done, model_.l2.done);
        vcd.val(sig_.l2_off, model_.l2.st.off);
        vcd.val_bytes(sig_.l2_tag, model_.l2.m.tag);
        vcd.val(sig_.l3_done, model_.l3.done);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

        // drive the RTL and settle its combinational outputs
        drive_stream_rtl(*top_);
        top_->m_ready = in_.m_ready;
        top_->clk = 0;
        top_->eval();

        mdd_rx_locate_out mo;
        mdd_rx_locate_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_tag[0] ^= 1;  // the harness self-test: this must be caught
        compare(chk, mo);

        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_rx_locate_tick(&model_, &in_);
        if (model_.l1.done) ++l1_parts_;
        if (model_.l3.done) ++l3_parts_;
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "rx-locate W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "rx-locate W=%u: %" PRIu64 " cycles, %" PRIu64 " streams, %" PRIu64 " transfers checked (%" PRIu64
                     " side, %" PRIu64 " junk), %" PRIu64 " bytes in, %" PRIu64 " words out, %" PRIu64
                     " golden checks\n",
                     kW, cycles_, streams_, xfers_checked_, side_checked_, junk_checked_, bytes_in_, words_out_,
                     checks_);
        std::fprintf(f,
                     "  events: DESC %" PRIu64 ", UPSTREAM %" PRIu64 ", FRAME %" PRIu64 ", MRK %" PRIu64
                     "; transfers with frame_lost %" PRIu64 ", mrk_unv %" PRIu64 "\n",
                     ev_count_[MDD_ERR_DESC], ev_count_[MDD_ERR_UPSTREAM], ev_count_[MDD_ERR_FRAME],
                     ev_count_[MDD_ERR_MRK], frame_lost_, mrk_unv_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " transfers dropped), beats with holes %" PRIu64
                     ", null beats %" PRIu64 ", input stalls %" PRIu64 ", output stalls %" PRIu64
                     ", words split (nin < beat bytes or all-VOID) %" PRIu64 "\n",
                     resets_, dropped_, hole_beats_, null_beats_, in_stalls_, out_stalls_, split_words_);
        const mdd_rx_loc_pdu_stats &ps = model_.l2.stats;
        std::fprintf(f,
                     "  words held for a split: L1 %" PRIu64 ", L2 %" PRIu64 ", L3 %" PRIu64 "; L2: PDU starts %" PRIu64
                     ", deferred iSCSI marker checks %" PRIu64 " (resolved %" PRIu64 ", overflow %" PRIu64
                     "), FRAME on a length %" PRIu64 " / on an overrun %" PRIu64 ", ED on an MPA marker %" PRIu64
                     ", MPA markers between CRC bytes %" PRIu64 "\n",
                     l1_parts_, ps.parts_split, l3_parts_, ps.pdu_starts, ps.deferred, ps.resolved, ps.pend_overflow,
                     ps.frame_len, ps.frame_overrun, ps.ed_on_marker, ps.mrk_uncovered);
        if (bench_ || opt_.bench) {
            double cyc = (double)(bench_last_ - bench_first_ + 1);
            if (bench_bytes_ && cyc > 0)
                std::fprintf(f,
                             "bench rx-locate W=%u%s%s: %.3f input bytes/cycle (%.1f%% of W), %.4f beats/cycle, "
                             "%" PRIu64 " cycles with tvalid and not tready, %" PRIu64 " bytes in %.0f cycles\n",
                             kW, small_ ? " small" : "", worst_.empty() ? "" : (" worst=" + worst_).c_str(),
                             bench_bytes_ / cyc, 100.0 * bench_bytes_ / cyc / kW, bench_beats_ / cyc,
                             bench_stalls_, bench_bytes_, cyc);
        }
    }

    uint64_t checks() const { return checks_; }

  private:
    // ---- comparison RTL vs twin ----

    void compare(ls::Checker &chk, const mdd_rx_locate_out &mo) {
        uint8_t r[64], m[64];
        chk.eq("s_axis_rx_tready", mo.s_axis_rx_tready, top_->s_axis_rx_tready);
        chk.eq("s_axis_rx_desc_tready", mo.s_axis_rx_desc_tready, top_->s_axis_rx_desc_tready);
        chk.eq("m_valid", mo.m_valid, top_->m_valid);
        get_bytes(top_->m_data, r, kW);
        chk.eq_bytes("m_data", mo.m_data, r, kW);
        get_bytes(top_->m_tag, r, kW);
        chk.eq_bytes("m_tag", mo.m_tag, r, kW);
        get_bytes(top_->m_aux, r, (kW + 1) / 2);
        aux_to_bytes<kW>(mo.m_aux, m);
        chk.eq_bytes("m_aux", m, r, (kW + 1) / 2);
        chk.eq("m_first", mo.m_first, top_->m_first);
        chk.eq("m_last", mo.m_last, top_->m_last);
        chk.eq("m_woff", mo.m_woff, top_->m_woff);
        chk.eq("m_nin", mo.m_nin, top_->m_nin);
        chk.eq("m_dbad", mo.m_dbad, top_->m_dbad);
        get_bytes(top_->m_desc, r, 64);
        words_to_bytes(mo.m_desc, m, 8);
        chk.eq_bytes("m_desc", m, r, 64);
        chk.eq("m_xflags", mo.m_xflags, top_->m_xflags);
        chk.eq("m_err_v", mo.m_err_v, top_->m_err_v);
        chk.eq("m_err_code", mo.m_err_code, top_->m_err_code);
        chk.eq("m_err_byte", mo.m_err_byte, top_->m_err_byte);
        chk.eq("m_err_off", mo.m_err_off, top_->m_err_off);
        chk.eq("m_err_unit", mo.m_err_unit, top_->m_err_unit);
        chk.eq("m_err_exp", mo.m_err_exp, top_->m_err_exp);
        chk.eq("m_err_got", mo.m_err_got, top_->m_err_got);
        chk.eq("m_emap", mo.m_emap, top_->m_emap);
        chk.eq("m_ecnt", mo.m_ecnt, top_->m_ecnt);
    }

    // ---- stimulus: streams, transfers, beats ----

    // the reference's results are in the record: the events these stages own, the lanes they must deliver,
    // and the scoreboard self-test
    void reference_done(Xfer &x, const mdd_rxref_result &res) override {
        (void)res;
        for (const Event &e : x.events)
            if (owned_code(e.code)) x.owned.push_back(e);
        for (size_t i = 0; i < x.bytes.size(); ++i)
            if (!lost_tag(x.in_tag[i])) ++x.expected_lanes;
        if ((int64_t)x.id >= inject_golden_ && inject_golden_ >= 0 && x.expected_lanes) {
            // a wrong expectation must be reported
            for (size_t i = 0; i < x.bytes.size(); ++i)
                if (!lost_tag(x.in_tag[i])) {
                    x.in_aux[i] ^= 1;
                    break;
                }
            inject_golden_ = -1;
        }
    }

    void draw_inputs(uint64_t cyc) {
        draw_stream_inputs(cyc);
        in_.m_ready = draw_ready();
    }

    // ---- independent reference ----

    void mismatch(ls::Checker &chk, Xfer &x, const char *check, const std::string &msg) {
        x.bad = true;
        if (++x.reports > 6 && !verbose_) return;
        chk.fail(check, std::string(x.kind) + " transfer " + std::to_string(x.id) + " (" +
                            std::to_string(x.bytes.size()) + " bytes, proto " +
                            std::to_string(MDD_GET(DESC, PROTO, x.desc)) + "): " + msg);
    }

    void scoreboard(ls::Checker &chk, const mdd_rx_locate_out &mo) {
        ++cycles_;
        if (held_ && !in_.rst &&
            (!mo.m_valid || std::memcmp(mo.m_data, held_out_.m_data, kW) != 0 ||
             std::memcmp(mo.m_tag, held_out_.m_tag, kW) != 0 || mo.m_woff != held_out_.m_woff ||
             mo.m_nin != held_out_.m_nin || mo.m_last != held_out_.m_last ||
             std::memcmp(mo.m_desc, held_out_.m_desc, sizeof mo.m_desc) != 0 || mo.m_ecnt != held_out_.m_ecnt))
            chk.fail("axi", "the output word changed while m_valid was high and m_ready low");
        held_ = mo.m_valid && !in_.m_ready && !in_.rst;
        if (held_) held_out_ = mo;
        if (mo.m_valid && !in_.m_ready) ++out_stalls_;
        if (in_.s_axis_rx_tvalid && !mo.s_axis_rx_tready) ++in_stalls_;
        if (in_.rst) {
            if (!queue_.empty() || beat_held_) drop_all();
            return;
        }
        // output word
        if (mo.m_valid && in_.m_ready) check_word(chk, mo);
        if (in_.s_axis_rx_desc_tvalid && mo.s_axis_rx_desc_tready) desc_accepted();
        if (in_.s_axis_rx_tvalid && mo.s_axis_rx_tready) {
            beat_accepted(cycles_ - 1);
        } else if (bench_ && in_.s_axis_rx_tvalid && bench_beats_) {
            ++bench_stalls_;
            // full-rate traffic: no stage may split a word, the input takes a beat every cycle (m_ready = 1)
            if (full_rate() && bench_stalls_ == 1)
                chk.fail("rate", "s_axis_rx_tready low with full-rate traffic and m_ready high");
            if (debug_stall_ && bench_stalls_ < 20)
                std::printf("stall cycle %" PRIu64 ": fifo %u l1.done %" PRIx64 " l2.done %" PRIx64 " l3.done %" PRIx64
                            " l1.valid %d l2.valid %d m_valid %d\n",
                            cycles_ - 1, model_.l1.fifo_cnt, model_.l1.done, model_.l2.done, model_.l3.done,
                            model_.l1.m_valid_r, model_.l2.m_valid_r, mo.m_valid);
            if (debug_stall_ && bench_stalls_ < 4) {
                std::printf("  l1.m (L2 input) tags:");
                for (unsigned i = 0; i < kW; ++i) std::printf(" %02x", model_.l1.m.tag[i]);
                std::printf("\n  l1.m data:");
                for (unsigned i = 0; i < kW; ++i) std::printf(" %02x", model_.l1.m.data[i]);
                std::printf("\n  l2.m (L3 input) tags:");
                for (unsigned i = 0; i < kW; ++i) std::printf(" %02x", model_.l2.m.tag[i]);
                std::printf("\n  l2 state off %u hlen %u dlen %u proto %u dif_op %u blk %u\n", model_.l2.st.off,
                            model_.l2.st.hlen, model_.l2.st.dlen, (unsigned)MDD_GET(DESC, PROTO, model_.l1.m.desc),
                            (unsigned)MDD_GET(DESC, DIF_OP, model_.l1.m.desc),
                            (unsigned)MDD_GET(DESC, BLK_LEN, model_.l1.m.desc));
            }
        }
    }

    void check_word(ls::Checker &chk, const mdd_rx_locate_out &mo) {
        ++words_out_;
        if (queue_.empty() || desc_next_ == 0) {
            chk.fail("scoreboard", "an output word with no transfer sent");
            return;
        }
        Xfer &x = *queue_.front();
        const size_t n = x.bytes.size();
        if (mo.m_first != (x.words == 0))
            mismatch(chk, x, "bytes", "word " + std::to_string(x.words) + " has m_first=" + std::to_string(mo.m_first));
        if (mo.m_woff != x.nin_sum)
            mismatch(chk, x, "bytes", "word " + std::to_string(x.words) + " m_woff=" + std::to_string(mo.m_woff) +
                                          ", expected " + std::to_string(x.nin_sum));
        if (mo.m_dbad != (x.desc_reason != MDD_RXREF_DESC_OK))
            mismatch(chk, x, "bytes", "m_dbad=" + std::to_string(mo.m_dbad) + ", reference desc_reason " +
                                          mdd_rxref_desc_reason_name(x.desc_reason));
        // the expected lanes: bytes [woff, woff + nin) that are not lost, in order
        std::vector<size_t> exp;
        for (size_t i = mo.m_woff; i < (size_t)mo.m_woff + mo.m_nin && i < n; ++i)
            if (!lost_tag(x.in_tag[i])) exp.push_back(i);
        if ((size_t)mo.m_woff + mo.m_nin > n)
            mismatch(chk, x, "bytes", "word " + std::to_string(x.words) + " covers bytes up to " +
                                          std::to_string(mo.m_woff + mo.m_nin) + " of " + std::to_string(n));
        if (dump_ >= 0 && x.id == (uint64_t)dump_) {
            std::printf("dump transfer %" PRIu64 " word %" PRIu64 " woff %u nin %u first %d last %d:", x.id, x.words,
                        mo.m_woff, mo.m_nin, mo.m_first, mo.m_last);
            for (unsigned i = 0; i < kW; ++i) std::printf(" %02x:%02x/%x", mo.m_data[i], mo.m_tag[i], mo.m_aux[i]);
            std::printf("\n  reference:");
            for (size_t i = mo.m_woff; i < (size_t)mo.m_woff + mo.m_nin && i < n; ++i)
                std::printf(" %02x:%02x/%x", x.bytes[i], x.in_tag[i], x.in_aux[i]);
            std::printf("\n");
            if (x.words == 0) {
                std::printf("  desc:");
                for (unsigned k2 = 0; k2 < 8; ++k2) std::printf(" %016" PRIx64, x.desc[k2]);
                std::printf("\n");
            }
        }
        size_t k = 0;
        unsigned present = 0;
        for (unsigned i = 0; i < kW; ++i) {
            if ((mo.m_tag[i] & 7u) == MDD_KIND_VOID) continue;
            ++present;
            if (k >= exp.size()) {
                mismatch(chk, x, "bytes", "word " + std::to_string(x.words) + " lane " + std::to_string(i) +
                                              ": more non-VOID lanes than bytes expected");
                break;
            }
            size_t j = exp[k++];
            if (mo.m_data[i] != x.bytes[j] || mo.m_tag[i] != x.in_tag[j] || (mo.m_aux[i] & 0xf) != x.in_aux[j])
                mismatch(chk, x, "bytes", "byte " + std::to_string(j) + " (word " + std::to_string(x.words) +
                                              " lane " + std::to_string(i) + "): data/tag/aux " + hex(mo.m_data[i]) +
                                              "/" + hex(mo.m_tag[i]) + "/" + hex(mo.m_aux[i]) + ", reference " +
                                              hex(x.bytes[j]) + "/" + hex(x.in_tag[j]) + "/" + hex(x.in_aux[j]));
        }
        if (k < exp.size())
            mismatch(chk, x, "bytes", "word " + std::to_string(x.words) + ": " + std::to_string(exp.size() - k) +
                                          " expected bytes missing (first " + std::to_string(exp[k]) + ")");
        if (present < mo.m_nin || (present == 0 && mo.m_nin == 0)) ++split_words_;
        x.lanes += present;
        x.nin_sum += mo.m_nin;
        ++x.words;
        x.ecnt += mo.m_ecnt;
        x.emap |= mo.m_emap;
        if (mo.m_err_v) {
            Event e{mo.m_err_code, mo.m_err_byte, mo.m_err_off, mo.m_err_unit, mo.m_err_exp,
                    mo.m_err_got};
            if (!x.have_first || earlier(e, x.first)) x.first = e;
            x.have_first = true;
        }
        if (mo.m_last) finish_check(chk, x, mo);
    }

    void finish_check(ls::Checker &chk, Xfer &x, const mdd_rx_locate_out &mo) {
        const size_t n = x.bytes.size();
        bool ok;
        // bytes
        ok = !x.bad;
        if (x.nin_sum != n) {
            mismatch(chk, x, "bytes", "sum of m_nin " + std::to_string(x.nin_sum) + " != " + std::to_string(n));
            ok = false;
        }
        if (x.lanes != x.expected_lanes) {
            mismatch(chk, x, "bytes", std::to_string(x.lanes) + " non-VOID lanes, reference " +
                                          std::to_string(x.expected_lanes));
            ok = false;
        }
        if (ok) ++checks_;
        // resume image
        ok = true;
        size_t nf;
        const mdd_field_desc *t = mdd_field_table(&nf);
        for (size_t f = 0; f < nf; ++f) {
            if (std::strcmp(t[f].rec, "DESC") != 0) continue;
            uint64_t got = field(mo.m_desc, t[f].word, t[f].lsb, t[f].width);
            uint64_t want = later_stage_field(t[f].name) ? field(x.desc, t[f].word, t[f].lsb, t[f].width)
                                                         : field(x.ctx, t[f].word, t[f].lsb, t[f].width);
            if (got != want) {
                mismatch(chk, x, "resume", std::string(t[f].name) + "=0x" + hex(got) + ", expected 0x" + hex(want));
                ok = false;
            }
        }
        if (ok) ++checks_;
        // events
        ok = true;
        uint16_t map = 0;
        const Event *first = nullptr;
        for (const Event &e : x.owned) {
            map = (uint16_t)(map | 1u << e.code);
            if (!first || earlier(e, *first)) first = &e;
            ++ev_count_[e.code];
        }
        std::string want_first = first ? "code " + std::to_string(first->code) + " off " + std::to_string(first->err_off) +
                                             " unit " + std::to_string(first->err_unit) + " byte " +
                                             std::to_string(first->err_byte) + " exp 0x" + hex(first->err_exp) +
                                             " got 0x" + hex(first->err_got)
                                       : "none";
        std::string got_first = x.have_first ? "code " + std::to_string(x.first.code) + " off " +
                                                   std::to_string(x.first.err_off) + " unit " +
                                                   std::to_string(x.first.err_unit) + " byte " +
                                                   std::to_string(x.first.err_byte) + " exp 0x" + hex(x.first.err_exp) +
                                                   " got 0x" + hex(x.first.err_got)
                                             : "none";
        if (x.ecnt != x.owned.size() || x.emap != map || want_first != got_first) {
            mismatch(chk, x, "events", "count " + std::to_string(x.ecnt) + " map 0x" + hex(x.emap) + " first [" +
                                           got_first + "], reference count " + std::to_string(x.owned.size()) +
                                           " map 0x" + hex(map) + " first [" + want_first + "]");
            ok = false;
        }
        if (ok) ++checks_;
        // xflags
        unsigned want_x = (unsigned)(MDD_GET(CTX, FRAME_LOST, x.ctx) | MDD_GET(CTX, MRK_UNV, x.ctx) << 1);
        if ((mo.m_xflags & 3u) != want_x) {
            mismatch(chk, x, "xflags", "m_xflags=" + std::to_string(mo.m_xflags) + ", reference " + std::to_string(want_x));
        } else {
            ++checks_;
        }
        if (want_x & 1) ++frame_lost_;
        if (want_x & 2) ++mrk_unv_;
        ++xfers_checked_;
        if (std::strcmp(x.kind, "side") == 0) ++side_checked_;
        if (std::strcmp(x.kind, "junk") == 0) ++junk_checked_;
        pop_xfer();
    }

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.fail("volume", std::to_string(xfers_checked_) + " transfers checked, fewer than min_xfers=" +
                                   std::to_string(min_xfers_));
    }

    const ls::Options &opt_;
    std::unique_ptr<Vmdd_rx_locate> top_;
    mdd_rx_locate_model model_;
    std::clock_t cpu_start_ = 0;

    uint64_t min_xfers_;
    int64_t inject_fault_, inject_golden_;
    bool verbose_ = false, debug_stall_ = false;  // knobs verbose (every report), debug_stall (the stalls)
    int64_t dump_ = -1;                           // knob dump=ID: that transfer in full (-1: none)

    // counts
    uint64_t cycles_ = 0, xfers_checked_ = 0, side_checked_ = 0, junk_checked_ = 0;
    uint64_t words_out_ = 0, checks_ = 0, in_stalls_ = 0, out_stalls_ = 0, split_words_ = 0;
    uint64_t ev_count_[16] = {0}, frame_lost_ = 0, mrk_unv_ = 0, l1_parts_ = 0, l3_parts_ = 0;
    // AXI4-Stream rule on the output: a word offered and not taken stays until taken
    bool held_ = false;
    mdd_rx_locate_out held_out_{};

    struct {
        int rst, tdata, tkeep, tlast, tuser, tvalid, tready, dvalid, dready, m_valid, m_ready, m_data, m_tag, m_aux,
            m_first, m_last, m_woff, m_nin, m_dbad, m_xflags, m_err_v, m_err_code, m_err_off, m_ecnt, l1_valid,
            l1_done, l1_fifo, l2_valid, l2_done, l2_off, l2_tag, l3_done;
    } sig_{};
};

#define RX_LOCATE_STR_(x) #x
#define RX_LOCATE_STR(x) RX_LOCATE_STR_(x)

int main(int argc, char **argv) {
    return ls::run<RxLocateBench>(argc, argv, "lockstep-rx-locate-w" RX_LOCATE_STR(RX_LOCATE_W));
}

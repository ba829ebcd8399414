// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_locate.v (L1 mdd_rx_loc_mrk -> L2 mdd_rx_loc_pdu -> L3 mdd_rx_loc_dif)
// against its C twin model/mdd_rx_locate_model.c, with the reference receiver model/mdd_rxref.c as the
// independent oracle.
//
// Stimulus: random streams from the traffic generator (model/mdd_trafgen.h: a random legal configuration per
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
// --bench (or bench=1): full-rate traffic (mrk_period >= W, PDUs and blocks + PI >= W + 1, full beats, no
// stalls, no resets, no errors) and the input rate: bytes and beats per cycle, and cycles the input stalled
// (a failure: check=rate); with small=1 the same without the full-rate conditions (the rate below them).
#include "lockstep.h"

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
constexpr uint64_t kLanes = kW == 64 ? ~0ull : ((1ull << kW) - 1);

// ---- port access for every width Verilator may choose (CData..QData, VlWide) ----
template <class T>
void put_bytes(T &port, const uint8_t *b, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T) && i < n; ++i) v |= (uint64_t)b[i] << (8 * i);
    port = (T)v;
}
template <std::size_t N>
void put_bytes(VlWide<N> &port, const uint8_t *b, size_t n) {
    for (std::size_t wd = 0; wd < N; ++wd) {
        uint32_t v = 0;
        for (unsigned i = 0; i < 4; ++i)
            if (4 * wd + i < n) v |= (uint32_t)b[4 * wd + i] << (8 * i);
        port[wd] = v;
    }
}
template <class T>
void get_bytes(const T &port, uint8_t *b, size_t n) {
    uint64_t v = (uint64_t)port;
    for (size_t i = 0; i < n; ++i) b[i] = i < sizeof(T) ? (uint8_t)(v >> (8 * i)) : 0;
}
template <std::size_t N>
void get_bytes(const VlWide<N> &port, uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; ++i) b[i] = i / 4 < N ? (uint8_t)(port[i / 4] >> (8 * (i % 4))) : 0;
}

void words_to_bytes(const uint64_t *w, uint8_t *b, size_t nwords) {
    for (size_t k = 0; k < nwords; ++k)
        for (unsigned i = 0; i < 8; ++i) b[8 * k + i] = (uint8_t)(w[k] >> (8 * i));
}
// per-lane nibbles <-> the RTL's aux vector as bytes
void aux_to_bytes(const uint8_t *aux, uint8_t *b) {
    for (unsigned k = 0; k < (kW + 1) / 2; ++k)
        b[k] = (uint8_t)((aux[2 * k] & 0xf) | (2 * k + 1 < kW ? (aux[2 * k + 1] & 0xf) << 4 : 0));
}

std::string hex(uint64_t v) {
    char b[24];
    std::snprintf(b, sizeof b, "%" PRIx64, v);
    return b;
}

uint64_t field(const uint64_t *d, unsigned word, unsigned lsb, unsigned width) {
    return mdd_field_get(d, word, lsb, width);
}

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

struct Beat {
    uint8_t data[64];
    uint64_t keep;
    bool last, user;
};

struct Event {
    unsigned code, err_byte;
    uint32_t err_off, err_unit;
    uint64_t err_exp, err_got;
};

bool earlier(const Event &a, const Event &b) {
    return a.err_off < b.err_off || (a.err_off == b.err_off && a.code < b.code);
}

struct Xfer {
    uint64_t id = 0;
    const char *kind = "piece";  // piece, side, junk
    uint64_t desc[8] = {0};
    std::vector<uint8_t> bytes;
    std::vector<Beat> beats;
    std::vector<uint32_t> ups;
    // reference
    std::vector<uint8_t> in_tag, in_aux;
    uint64_t ctx[16] = {0};
    std::vector<Event> events;  // the codes these stages own
    unsigned desc_reason = 0;
    // checking state
    uint64_t words = 0, nin_sum = 0, lanes = 0, expected_lanes = 0;
    uint64_t ecnt = 0;
    uint16_t emap = 0;
    bool have_first = false;
    Event first{};
    bool bad = false;  // a mismatch was reported
    unsigned reports = 0;
};

bool owned_code(unsigned code) {
    return code == MDD_ERR_DESC || code == MDD_ERR_UPSTREAM || code == MDD_ERR_FRAME || code == MDD_ERR_MRK;
}

}  // namespace

class RxLocateBench {
  public:
    explicit RxLocateBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_rx_locate) {
        if (mdd_rx_locate_model_init(&model_, kW) != 0) ls::Options::die("bad model parameter W=%u", kW);
        bench_ = opt.bench || opt.num("bench", 0) != 0;
        fixed_valid_ = opt.has("p_valid") || bench_;
        fixed_ready_ = opt.has("p_ready") || bench_;
        p_valid_ = bench_ ? 1.0 : opt.num("p_valid", 1.0);
        p_ready_ = bench_ ? 1.0 : opt.num("p_ready", 1.0);
        phase_ = opt.u64("phase", 3000);
        p_desc_ = bench_ ? 1.0 : opt.num("p_desc", 0.8);
        p_reset_ = bench_ ? 0.0 : opt.num("p_reset", 2e-5);
        small_ = opt.num("small", 0) != 0;
        p_holes_ = bench_ ? 0.0 : opt.num("p_holes", 0.3);
        p_user_ = bench_ ? 0.0 : opt.num("p_user", 0.01);
        p_corrupt_ = bench_ ? 0.0 : opt.num("p_corrupt", 0.15);
        p_side_ = bench_ ? 0.0 : opt.num("p_side", 0.05);
        p_junk_ = bench_ ? 0.0 : opt.num("p_junk", 0.03);
        max_xfers_ = opt.u64("max_xfers", bench_ ? 3 : 12);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        inject_golden_ = opt.has("inject_golden") ? (int64_t)opt.u64("inject_golden", 0) : -1;
        top_->clk = 0;
        in_ = mdd_rx_locate_in();
        cpu_start_ = std::clock();
    }
    ~RxLocateBench() {
        if (stream_ok_) mdd_gen_free(&stream_);
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
        aux_to_bytes(o.m_aux, b);
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
        uint8_t db[64];
        top_->rst = in_.rst;
        put_bytes(top_->s_axis_rx_tdata, in_.s_axis_rx_tdata, kW);
        top_->s_axis_rx_tkeep = in_.s_axis_rx_tkeep;
        top_->s_axis_rx_tlast = in_.s_axis_rx_tlast;
        top_->s_axis_rx_tuser = in_.s_axis_rx_tuser;
        top_->s_axis_rx_tvalid = in_.s_axis_rx_tvalid;
        words_to_bytes(in_.s_axis_rx_desc_tdata, db, 8);
        put_bytes(top_->s_axis_rx_desc_tdata, db, 64);
        top_->s_axis_rx_desc_tvalid = in_.s_axis_rx_desc_tvalid;
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
                             "bench rx-locate W=%u: %.3f input bytes/cycle (%.1f%% of W), %.4f beats/cycle, "
                             "%" PRIu64 " cycles with tvalid and not tready, %" PRIu64 " bytes in %.0f cycles\n",
                             kW, bench_bytes_ / cyc, 100.0 * bench_bytes_ / cyc / kW, bench_beats_ / cyc,
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
        aux_to_bytes(mo.m_aux, m);
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

    void tweak_cfg(mdd_gen_cfg &c) {
        const bool raw = c.proto == MDD_PROTO_RAW;
        if (small_) {
            if (c.mrk_en) {
                c.mrk_period = c.proto == MDD_PROTO_MPA ? (uint32_t)(5 + rng_.below(2 * kW))
                                                        : (uint32_t)(4 * (1 + rng_.below(kW / 2 + 1)) + 8);
                c.mrk_phase = (uint32_t)rng_.below(c.mrk_period);
            }
            // PDUs and blocks around and below a word (MPA FPDUs down to 4 bytes, blocks + PI from 9)
            c.data_min = (uint32_t)rng_.below(rng_.chance(0.5) ? 4 : kW + 1);
            c.data_max = c.data_min + (uint32_t)rng_.below(rng_.chance(0.5) ? 4 : 2 * kW + 1);
            if (raw && c.data_max == 0) c.data_max = 1;
            c.n_pdus = (unsigned)(1 + rng_.below(24));
            c.blk_len = (uint32_t)(1 + rng_.below(rng_.chance(0.5) ? 8 : kW + 8));
            if (c.proto == MDD_PROTO_MPA) c.ulp_hdr_len = (unsigned)rng_.below(rng_.chance(0.5) ? 3 : 9);
            if (c.max_data) {
                uint32_t pi = mdd_pifmt(c.pi_fmt)->pi_len;
                c.max_data = c.data_max + (c.dif_op ? pi * (c.data_max / c.blk_len + 2) : 0) + 1;
            }
        }
        if (bench_ && !small_) {
            // the full-rate conditions: marker period >= W, PDUs >= W + 1 bytes, blk_len + pi_len >= W + 1
            if (c.mrk_en && c.proto == MDD_PROTO_ISCSI && c.mrk_period < kW) c.mrk_period = 4 * (kW / 4) + 8;
            if (c.mrk_en) c.mrk_phase = c.mrk_phase % c.mrk_period;
            if (c.data_min < kW) c.data_min = kW;
            if (c.data_max < c.data_min) c.data_max = c.data_min + kW;
            if (c.blk_len < kW) c.blk_len = kW;
            c.nodata_pct = 0;  // a PDU without data can be shorter than a word
            c.max_data = 0;
        }
    }

    bool new_stream() {
        if (stream_ok_) mdd_gen_free(&stream_);
        stream_ok_ = false;
        for (int tries = 0; tries < 20; ++tries) {
            mdd_gen_cfg c;
            mdd_gen_random_cfg(rng_.next(), kW, &c);
            tweak_cfg(c);
            if (mdd_gen_build(&c, rng_.next(), &stream_) == 0) {
                if (stream_.wire_len > 0) {
                    stream_ok_ = true;
                    break;
                }
                mdd_gen_free(&stream_);
            }
        }
        if (!stream_ok_) ls::Options::die("traffic generator failed 20 times");
        ++streams_;
        if (rng_.chance(p_corrupt_)) corrupt_stream();
        std::vector<size_t> cuts(max_xfers_ + 1);
        size_t n = mdd_gen_split(&stream_, rng_.next(), (size_t)(1 + rng_.below(max_xfers_)), 0, cuts.data());
        cuts_.assign(cuts.begin(), cuts.begin() + (long)n + 1);
        piece_ = 0;
        std::memcpy(chain_desc_, stream_.desc, sizeof chain_desc_);
        return true;
    }

    // Flip a bit in 1..3 marker or length-field bytes (the reference is run on the corrupted bytes).
    void corrupt_stream() {
        std::vector<size_t> cand;
        const bool mpa = stream_.cfg.proto == MDD_PROTO_MPA;
        for (size_t j = 0; j < stream_.wire_len; ++j) {
            unsigned kind = stream_.tag[j] & 7u;
            uint32_t off = stream_.off_of[j];
            if (kind == MDD_KIND_MRK) cand.push_back(j);
            else if (kind == MDD_KIND_HDR && off != MDD_GEN_NONE && (mpa ? off <= 1 : (off >= 4 && off <= 7)))
                cand.push_back(j);
        }
        if (cand.empty()) return;
        unsigned k = 1 + (unsigned)rng_.below(3);
        for (unsigned i = 0; i < k; ++i) {
            size_t j = cand[rng_.below(cand.size())];
            stream_.wire[j] ^= (uint8_t)(1u << rng_.below(8));
        }
        ++corrupted_;
    }

    // An illegal descriptor derived from a legal one (one DESC condition violated).
    void make_illegal(uint64_t *d) {
        for (int tries = 0; tries < 16; ++tries) {
            uint64_t t[8];
            std::memcpy(t, d, sizeof t);
            switch (rng_.below(12)) {
            case 0: MDD_SET(DESC, PROTO, t, 3); break;
            case 1: MDD_SET(DESC, DIF_OP, t, rng_.chance(0.5) ? 1 : 5 + rng_.below(3)); break;
            case 2: MDD_SET(DESC, PI_FMT, t, 3); break;
            case 3: MDD_SET(DESC, CMB_EN, t, 1); break;
            case 4: {  // a reserved bit
                static const struct { unsigned word, lo, hi; } kRes[] = {{0, 58, 63}, {2, 55, 63}, {3, 49, 63}, {7, 56, 63}};
                const auto &r = kRes[rng_.below(4)];
                t[r.word] |= 1ull << (r.lo + rng_.below(r.hi - r.lo + 1));
                break;
            }
            case 5: MDD_SET(DESC, PROTO, t, MDD_PROTO_RAW); MDD_SET(DESC, MRK_EN, t, 1); break;
            case 6: MDD_SET(DESC, PROTO, t, MDD_PROTO_MPA); MDD_SET(DESC, HDIG_EN, t, 1); break;
            case 7: MDD_SET(DESC, MRK_EN, t, 0); MDD_SET(DESC, MRK_CHK, t, 1); break;
            case 8:
                MDD_SET(DESC, MRK_EN, t, 1);
                if (rng_.chance(0.5)) MDD_SET(DESC, MRK_PERIOD, t, rng_.below(9));
                else MDD_SET(DESC, MRK_POS, t, MDD_GET(DESC, MRK_PERIOD, t) + rng_.below(4));
                break;
            case 9:
                MDD_SET(DESC, DIF_OP, t, MDD_DIF_CHECK_KEEP);
                if (rng_.chance(0.3)) MDD_SET(DESC, PROT_TYPE, t, 0);
                else if (rng_.chance(0.5)) MDD_SET(DESC, BLK_LEN, t, 0);
                else MDD_SET(DESC, DIF_POS, t, MDD_GET(DESC, BLK_LEN, t) + 16 + rng_.below(8));
                break;
            case 10:
                MDD_SET(DESC, SELF_FRAME, t, 0);
                MDD_SET(DESC, HDR_LEN, t, rng_.chance(0.5) ? rng_.below(48) : 49 + 4 * rng_.below(8));
                break;
            default:
                MDD_SET(DESC, SELF_FRAME, t, 0);
                MDD_SET(DESC, PDU_OFF, t, 0x1000000 + rng_.below(1000));
                break;
            }
            if (mdd_rxref_desc_check(t) != MDD_RXREF_DESC_OK) {
                std::memcpy(d, t, sizeof t);
                return;
            }
        }
        MDD_SET(DESC, PROTO, d, 3);
    }

    // Beats for a transfer, then the reference run on it.
    void finish_xfer(Xfer &x) {
        const bool holes = rng_.chance(p_holes_);
        size_t idx = 0;
        const size_t n = x.bytes.size();
        do {
            Beat b;
            for (unsigned i = 0; i < 64; i += 8) {
                uint64_t r = rng_.next();
                for (unsigned k = 0; k < 8; ++k) b.data[i + k] = (uint8_t)(r >> (8 * k));
            }
            uint64_t keep = kLanes;
            if (holes) {
                keep = rng_.chance(0.05) ? 0 : (rng_.next() | rng_.next()) & kLanes;
                if (rng_.chance(0.3)) keep &= rng_.next();
            } else if (!bench_ && rng_.chance(0.003)) {
                keep = 0;
            }
            uint64_t kept = 0;
            for (unsigned i = 0; i < kW; ++i) {
                if (!((keep >> i) & 1)) continue;
                if (idx < n) {
                    b.data[i] = x.bytes[idx++];
                    kept |= 1ull << i;
                }
            }
            b.keep = kept;
            b.last = idx == n;
            b.user = rng_.chance(p_user_);
            if (b.user && kept) x.ups.push_back((uint32_t)(idx - (size_t)__builtin_popcountll(kept)));
            if (kept != kLanes) ++hole_beats_;
            if (!kept) ++null_beats_;
            x.beats.push_back(b);
        } while (idx < n);

        mdd_rxref_result res;
        if (mdd_rxref_run(x.desc, x.bytes.data(), n, x.ups.data(), x.ups.size(), &res) != 0)
            ls::Options::die("mdd_rxref_run: out of memory");
        x.in_tag.assign(res.in_tag, res.in_tag + n);
        x.in_aux.assign(res.in_aux, res.in_aux + n);
        std::memcpy(x.ctx, res.ctx, sizeof x.ctx);
        x.desc_reason = res.desc_reason;
        for (size_t k = 0; k < res.n_ev; ++k) {
            const mdd_rxref_event &e = res.ev[k];
            if (owned_code(e.code)) x.events.push_back({e.code, e.err_byte, e.err_off, e.err_unit, e.err_exp, e.err_got});
        }
        mdd_rxref_free(&res);
        for (size_t i = 0; i < n; ++i)
            if (!lost_tag(x.in_tag[i])) ++x.expected_lanes;
        if ((int64_t)x.id >= inject_golden_ && inject_golden_ >= 0 && x.expected_lanes) {
            // the scoreboard self-test: a wrong expectation must be reported
            for (size_t i = 0; i < n; ++i)
                if (!lost_tag(x.in_tag[i])) {
                    x.in_aux[i] ^= 1;
                    break;
                }
            inject_golden_ = -1;
        }
    }

    // Queue the next transfers: junk / side transfers and the next piece of the stream.
    void generate() {
        if (!stream_ok_ || piece_ + 1 >= cuts_.size()) new_stream();
        const size_t a = cuts_[piece_], b = cuts_[piece_ + 1];
        if (rng_.chance(p_junk_)) {
            auto x = std::make_shared<Xfer>();
            x->id = next_id_++;
            x->kind = "junk";
            std::memcpy(x->desc, chain_desc_, sizeof x->desc);
            make_illegal(x->desc);
            MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
            size_t n = (size_t)rng_.below(3 * kW + 1);
            for (size_t i = 0; i < n; ++i) x->bytes.push_back((uint8_t)rng_.next());
            finish_xfer(*x);
            queue_.push_back(x);
        }
        if (rng_.chance(p_side_) && stream_.cfg.proto != MDD_PROTO_RAW) {
            auto x = std::make_shared<Xfer>();
            x->id = next_id_++;
            x->kind = "side";
            std::memcpy(x->desc, chain_desc_, sizeof x->desc);
            MDD_SET(DESC, SELF_FRAME, x->desc, 0);
            MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
            x->bytes.assign(stream_.wire + a, stream_.wire + b);
            finish_xfer(*x);
            queue_.push_back(x);
        }
        auto x = std::make_shared<Xfer>();
        x->id = next_id_++;
        std::memcpy(x->desc, chain_desc_, sizeof x->desc);
        MDD_SET(DESC, XFER_ID, x->desc, x->id & 0xffff);
        x->bytes.assign(stream_.wire + a, stream_.wire + b);
        finish_xfer(*x);
        std::memcpy(chain_desc_, x->ctx, sizeof chain_desc_);  // the next piece resumes from the reference
        queue_.push_back(x);
        ++piece_;
    }

    void drop_all() {
        dropped_ += queue_.size();
        queue_.clear();
        desc_next_ = 0;
        beat_xfer_ = 0;
        beat_idx_ = 0;
        desc_held_ = false;
        beat_held_ = false;
        if (stream_ok_) mdd_gen_free(&stream_);
        stream_ok_ = false;
    }

    void draw_inputs(uint64_t cyc) {
        if (!fixed_valid_ || !fixed_ready_) {
            if (cyc % phase_ == 0) {
                static const double kLevels[4] = {1.0, 0.95, 0.7, 0.3};
                if (!fixed_valid_) p_valid_ = kLevels[rng_.below(4)];
                if (!fixed_ready_) p_ready_ = kLevels[rng_.below(4)];
            }
        }
        if (reset_left_ > 0) {
            --reset_left_;
        } else if (cyc < 2 || rng_.chance(p_reset_)) {
            reset_left_ = cyc < 2 ? 1 - (unsigned)cyc : (unsigned)rng_.below(3);
            ++resets_;
            in_.rst = true;
        } else {
            in_.rst = false;
        }
        if (reset_left_ > 0) in_.rst = true;

        // keep a few transfers queued ahead of the data
        while (queue_.size() < beat_xfer_ + 4) generate();

        // descriptor channel: the next descriptor not yet sent
        if (!desc_held_ && desc_next_ < queue_.size() && rng_.chance(p_desc_)) desc_held_ = true;
        in_.s_axis_rx_desc_tvalid = desc_held_;
        if (desc_held_) {
            std::memcpy(in_.s_axis_rx_desc_tdata, queue_[desc_next_]->desc, sizeof in_.s_axis_rx_desc_tdata);
        } else {
            for (auto &w : in_.s_axis_rx_desc_tdata) w = rng_.next();
        }

        // data channel: the current transfer's next beat
        if (!beat_held_ && rng_.chance(p_valid_)) beat_held_ = true;
        in_.s_axis_rx_tvalid = beat_held_;
        if (beat_held_) {
            const Beat &b = queue_[beat_xfer_]->beats[beat_idx_];
            std::memcpy(in_.s_axis_rx_tdata, b.data, sizeof in_.s_axis_rx_tdata);
            in_.s_axis_rx_tkeep = b.keep;
            in_.s_axis_rx_tlast = b.last;
            in_.s_axis_rx_tuser = b.user;
        } else {
            uint64_t r = rng_.next();
            for (unsigned i = 0; i < kW; ++i) in_.s_axis_rx_tdata[i] = (uint8_t)(r >> (8 * (i % 8)));
            r = rng_.next();
            in_.s_axis_rx_tkeep = r & kLanes;
            in_.s_axis_rx_tlast = (r >> 62) & 1;
            in_.s_axis_rx_tuser = (r >> 63) & 1;
        }
        in_.m_ready = rng_.chance(p_ready_);
    }

    // ---- independent reference ----

    void mismatch(ls::Checker &chk, Xfer &x, const char *check, const std::string &msg) {
        x.bad = true;
        if (++x.reports > 6 && !opt_.has("verbose")) return;
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
        // descriptor accepted
        if (in_.s_axis_rx_desc_tvalid && mo.s_axis_rx_desc_tready) {
            desc_held_ = false;
            ++desc_next_;
        }
        // beat accepted
        if (in_.s_axis_rx_tvalid && mo.s_axis_rx_tready) {
            Xfer &x = *queue_[beat_xfer_];
            const Beat &b = x.beats[beat_idx_];
            unsigned kept = (unsigned)__builtin_popcountll(b.keep);
            bytes_in_ += kept;
            if (bench_) {
                if (bench_beats_ == 0) bench_first_ = cycles_ - 1;
                bench_last_ = cycles_ - 1;
                bench_bytes_ += kept;
                ++bench_beats_;
            }
            beat_held_ = false;
            if (++beat_idx_ == x.beats.size()) {
                beat_idx_ = 0;
                ++beat_xfer_;
            }
        } else if (bench_ && in_.s_axis_rx_tvalid && bench_beats_) {
            ++bench_stalls_;
            // full-rate traffic: no stage may split a word, the input takes a beat every cycle (m_ready = 1)
            if (!small_ && bench_stalls_ == 1)
                chk.fail("rate", "s_axis_rx_tready low with full-rate traffic and m_ready high");
            if (opt_.has("debug_stall") && bench_stalls_ < 20)
                std::printf("stall cycle %" PRIu64 ": fifo %u l1.done %" PRIx64 " l2.done %" PRIx64 " l3.done %" PRIx64
                            " l1.valid %d l2.valid %d m_valid %d\n",
                            cycles_ - 1, model_.l1.fifo_cnt, model_.l1.done, model_.l2.done, model_.l3.done,
                            model_.l1.m_valid_r, model_.l2.m_valid_r, mo.m_valid);
            if (opt_.has("debug_stall") && bench_stalls_ < 4) {
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
        if (opt_.has("dump") && x.id == opt_.u64("dump", 0)) {
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
        for (const Event &e : x.events) {
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
        if (x.ecnt != x.events.size() || x.emap != map || want_first != got_first) {
            mismatch(chk, x, "events", "count " + std::to_string(x.ecnt) + " map 0x" + hex(x.emap) + " first [" +
                                           got_first + "], reference count " + std::to_string(x.events.size()) +
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
        queue_.pop_front();
        if (desc_next_) --desc_next_;
        if (beat_xfer_) --beat_xfer_;
    }

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.fail("volume", std::to_string(xfers_checked_) + " transfers checked, fewer than min_xfers=" +
                                   std::to_string(min_xfers_));
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_rx_locate> top_;
    mdd_rx_locate_model model_;
    mdd_rx_locate_in in_;
    std::clock_t cpu_start_ = 0;

    // knobs
    bool bench_ = false, fixed_valid_ = false, fixed_ready_ = false, small_ = false;
    double p_valid_, p_ready_, p_desc_, p_reset_, p_holes_, p_user_, p_corrupt_, p_side_, p_junk_;
    uint64_t phase_, max_xfers_, min_xfers_;
    int64_t inject_fault_, inject_golden_;

    // stimulus state
    mdd_gen_stream stream_{};
    bool stream_ok_ = false;
    std::vector<size_t> cuts_;
    size_t piece_ = 0;
    uint64_t chain_desc_[8] = {0};
    uint64_t next_id_ = 1;
    std::deque<std::shared_ptr<Xfer>> queue_;  // generated, not yet checked, in order
    size_t desc_next_ = 0;                     // index in queue_ of the next descriptor to send
    size_t beat_xfer_ = 0, beat_idx_ = 0;      // the next beat to send
    bool desc_held_ = false, beat_held_ = false;
    unsigned reset_left_ = 0;

    // counts
    uint64_t cycles_ = 0, streams_ = 0, corrupted_ = 0, xfers_checked_ = 0, side_checked_ = 0, junk_checked_ = 0;
    uint64_t bytes_in_ = 0, words_out_ = 0, checks_ = 0, resets_ = 0, dropped_ = 0;
    uint64_t hole_beats_ = 0, null_beats_ = 0, in_stalls_ = 0, out_stalls_ = 0, split_words_ = 0;
    uint64_t ev_count_[16] = {0}, frame_lost_ = 0, mrk_unv_ = 0, l1_parts_ = 0, l3_parts_ = 0;
    // AXI4-Stream rule on the output: a word offered and not taken stays until taken
    bool held_ = false;
    mdd_rx_locate_out held_out_{};
    uint64_t bench_first_ = 0, bench_last_ = 0, bench_bytes_ = 0, bench_beats_ = 0, bench_stalls_ = 0;

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

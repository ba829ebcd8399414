// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_tx_gen.v (the TX generator) against its C twin model/mdd_tx_gen_model.c, with the
// reference transmitter model/mdd_txref.c as the independent oracle.
//
// Stimulus: TX traffic from model/mdd_txtraf.h (traffic generator streams as a host hands them over, every DIF
// mode), cut into transfers at random host offsets (never where the stream forbids it) whose descriptors are the
// reference's resume images of the previous piece; a random retransmission window per stream; illegal ("junk")
// descriptors; beats with tkeep holes, null beats, tuser; random stalls on every port; resets.
//
// Every cycle: both sides evaluated, every output compared (valid or not), both clocked. Independently, per
// transfer (the suite's "passed" count), against mdd_txref_run() on the same host bytes:
//   lanes    the non-VOID lanes in order = the reference's generated stream: tags (K included) and aux equal;
//            data equal, except where the check stages fill later (HDIG, DDIG, INSERT PI: zero here;
//            CHECK_REPLACE PI: the host's byte here)
//   words    first on the first word only, nin adds up to the host bytes, exactly one last
//   events   DESC, UPSTREAM and FRAME: their number, map and the first (offset, code, unit, expected, found)
//   resume   the fields the generator owns in the last word's descriptor = the reference's context
//            (TCP_SEQ, MRK_POS, PDU_OFF, HDR_LEN, DATA_LEN, DIF_POS, FPDU_WOFF, SKIP_LEN, PASS_LEN); frame_lost
//
// Build-time parameter (-D): TX_GEN_W. Knobs: p_valid, p_ready, p_desc (descriptor valid), p_reset, p_holes,
// p_null, p_user, p_junk (illegal descriptors), p_window, p_frame (MPA length below the ULP header), p_t3 (cuts
// inside an iSCSI BHS with markers), p_side (descriptor-framed pieces, overruns), max_xfers (per stream), min_xfers (transfers to check before the end),
// inject_fault (a cycle at which the model's m_tag lane 0 is flipped: the harness must catch it).
#include "lockstep.h"

#include "Vmdd_tx_gen.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_tx_gen_model.h"
#include "mdd_txref.h"
#include "mdd_txtraf.h"
}

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef TX_GEN_W
#error "TX_GEN_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = TX_GEN_W;
using ls::get_bytes;
using ls::put_bytes;

uint64_t field(const uint64_t *d, unsigned word, unsigned lsb, unsigned width) {
    return mdd_rx_field(d, word, lsb, width);
}

void words_to_bytes(const uint64_t *w, uint8_t *b, unsigned n) {
    for (unsigned k = 0; k < n; ++k)
        for (unsigned i = 0; i < 8; ++i) b[8 * k + i] = (uint8_t)(w[k] >> (8 * i));
}

void report(ls::Checker &chk, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void report(ls::Checker &chk, const char *what, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    chk.fail(what, buf);
}

struct Beat {
    uint8_t data[64];
    uint64_t keep;
    bool last, user;
};

struct Ev {
    unsigned code;
    uint32_t off, unit;
    uint64_t exp, got;
};

struct Xfer {
    std::vector<uint8_t> host;
    uint64_t desc[8];
    std::vector<Beat> beats;
    // the reference
    std::vector<uint8_t> gen, gen_tag, gen_aux;
    std::vector<uint32_t> gen_src;
    uint64_t ctx[16];
    std::vector<Ev> ev; // DESC, UPSTREAM, FRAME only
    bool junk = false;
    // collected from the outputs
    std::vector<uint8_t> o_data, o_tag, o_aux;
    uint64_t nin = 0, words = 0, ecnt = 0;
    uint16_t emap = 0;
    bool err_v = false, bad_first = false;
    Ev best{};
};

class Bench {
  public:
    explicit Bench(const ls::Options &opt) : opt_(opt), rng_(opt.seed ^ 0x7A5E11ull) {
        top_.reset(new Vmdd_tx_gen);
        if (mdd_tx_gen_model_init(&model_, kW) != 0) ls::Options::die("W=%u not supported", kW);
        std::memset(&in_, 0, sizeof in_);
        p_valid_ = opt.num("p_valid", opt.bench ? 1.0 : 0.8);
        p_ready_ = opt.num("p_ready", opt.bench ? 1.0 : 0.8);
        p_desc_ = opt.num("p_desc", opt.bench ? 1.0 : 0.7);
        p_reset_ = opt.num("p_reset", opt.bench ? 0.0 : 0.00005);
        p_holes_ = opt.num("p_holes", opt.bench ? 0.0 : 0.2);
        p_null_ = opt.num("p_null", opt.bench ? 0.0 : 0.02);
        p_user_ = opt.num("p_user", opt.bench ? 0.0 : 0.01);
        p_junk_ = opt.num("p_junk", opt.bench ? 0.0 : 0.02);
        p_window_ = opt.num("p_window", opt.bench ? 0.0 : 0.3);
        p_frame_ = opt.num("p_frame", opt.bench ? 0.0 : 0.1);
        p_t3_ = opt.num("p_t3", opt.bench ? 0.0 : 0.1);
        p_side_ = opt.num("p_side", opt.bench ? 0.0 : 0.03);
        max_xfers_ = opt.u64("max_xfers", 8);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = (int64_t)opt.u64("inject_fault", (uint64_t)-1);
        cpu_start_ = std::clock();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        s_rst_ = vcd.add("rst", 1);
        s_tvalid_ = vcd.add("s_axis_tx_tvalid", 1);
        s_tready_ = vcd.add("s_axis_tx_tready", 1);
        s_tkeep_ = vcd.add("s_axis_tx_tkeep", kW);
        s_tlast_ = vcd.add("s_axis_tx_tlast", 1);
        s_dvalid_ = vcd.add("s_axis_tx_desc_tvalid", 1);
        s_dready_ = vcd.add("s_axis_tx_desc_tready", 1);
        s_mvalid_ = vcd.add("m_valid", 1);
        s_mready_ = vcd.add("m_ready", 1);
        s_mdata_ = vcd.add("m_data", 8 * kW);
        s_mtag_ = vcd.add("m_tag", 8 * kW);
        s_mlast_ = vcd.add("m_last", 1);
        s_mnin_ = vcd.add("m_nin", 8);
        s_hbcnt_ = vcd.add("hb_cnt", 8);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_tx_gen_out o;
        mdd_tx_gen_eval(&model_, &in_, &o);
        vcd.val(s_rst_, in_.rst);
        vcd.val(s_tvalid_, in_.s_axis_tx_tvalid);
        vcd.val(s_tready_, o.s_axis_tx_tready);
        vcd.val(s_tkeep_, in_.s_axis_tx_tkeep);
        vcd.val(s_tlast_, in_.s_axis_tx_tlast);
        vcd.val(s_dvalid_, in_.s_axis_tx_desc_tvalid);
        vcd.val(s_dready_, o.s_axis_tx_desc_tready);
        vcd.val(s_mvalid_, o.m_valid);
        vcd.val(s_mready_, in_.m_ready);
        vcd.val_bytes(s_mdata_, o.m_data);
        vcd.val_bytes(s_mtag_, o.m_tag);
        vcd.val(s_mlast_, o.m_last);
        vcd.val(s_mnin_, o.m_nin);
        vcd.val(s_hbcnt_, model_.hb_cnt);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        top_->eval();

        mdd_tx_gen_out mo;
        mdd_tx_gen_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_tag[0] ^= 1;
        compare(chk, mo);
        handshakes(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        mdd_tx_gen_tick(&model_, &in_);
        tr.post();
        ++cycles_;
        if (cyc + 1 == opt_.cycles && xfers_checked_ < min_xfers_)
            report(chk, "volume", "only %" PRIu64 " transfers checked, fewer than min_xfers=%" PRIu64, xfers_checked_, min_xfers_);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "tx-gen W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "tx-gen W=%u: %" PRIu64 " cycles, %" PRIu64 " streams, %" PRIu64 " transfers checked (%" PRIu64
                     " junk), %" PRIu64 " host bytes in, %" PRIu64 " lanes out, %" PRIu64 " golden checks\n",
                     kW, cycles_, streams_, xfers_checked_, junk_checked_, host_bytes_, lanes_out_, checks_);
        std::fprintf(f, "  modes:");
        for (unsigned m = 0; m < MDD_TX_MODES; ++m) std::fprintf(f, " %s %" PRIu64, mdd_tx_mode_name[m], mode_count_[m]);
        std::fprintf(f, "; events DESC %" PRIu64 " UPSTREAM %" PRIu64 " FRAME %" PRIu64 "; resets %" PRIu64 "\n",
                     ev_count_[MDD_ERR_DESC], ev_count_[MDD_ERR_UPSTREAM], ev_count_[MDD_ERR_FRAME], resets_);
        if (opt_.bench && cycles_)
            std::fprintf(f,
                         "bench tx-gen W=%u: %.3f generated lanes/cycle (%.1f%% of W), %.3f host bytes/cycle\n",
                         kW, (double)lanes_out_ / (double)cycles_, 100.0 * (double)lanes_out_ / (double)cycles_ / kW,
                         (double)host_bytes_ / (double)cycles_);
    }

    uint64_t checks() const { return checks_; }

  private:
    // ---- stimulus ----

    void new_stream() {
        mdd_tx_case k;
        uint64_t seed = rng_.next();
        if (mdd_tx_case_build(seed, kW, -1, &k) != 0) ls::Options::die("traffic generator refused seed %llu",
                                                                        (unsigned long long)seed);
        ++streams_;
        ++mode_count_[k.mode];
        uint64_t desc[8];
        std::memcpy(desc, k.desc, sizeof desc);
        if (rng_.chance(p_window_)) {
            MDD_SET(TXDESC, SKIP_LEN, desc, rng_.below(k.s.wire_len + 2));
            MDD_SET(TXDESC, PASS_LEN, desc, rng_.below(k.s.wire_len + 2));
        }
        // FRAME: an MPA ULPDU_Length below the ULP header length (the rest of the stream is lost)
        if (k.cfg.proto == MDD_PROTO_MPA && k.cfg.ulp_hdr_len > 0 && rng_.chance(p_frame_)) {
            std::vector<size_t> starts;
            for (size_t h = 0; h + 1 < k.host_len; ++h)
                if (k.hdr_at[h] & 1) starts.push_back(h);
            if (!starts.empty()) {
                size_t h = starts[rng_.below(starts.size())];
                k.host[h] = 0;
                k.host[h + 1] = (uint8_t)rng_.below(k.cfg.ulp_hdr_len);
            }
        }
        // cuts at allowed host offsets (T3 cuts inside an iSCSI BHS with markers now and then)
        bool t3 = rng_.chance(p_t3_);
        size_t nx = 1 + rng_.below(max_xfers_);
        std::vector<size_t> cuts{0};
        for (size_t x = 1; x < nx && k.host_len > 1; ++x) {
            size_t c = 1 + rng_.below(k.host_len - 1);
            if (!k.nocut[c] || t3) cuts.push_back(c);
        }
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        cuts.push_back(k.host_len);
        for (size_t x = 0; x + 1 < cuts.size(); ++x) {
            if (rng_.chance(p_junk_)) queue_junk(desc);
            if (rng_.chance(p_side_)) queue_side(desc, k.host + cuts[x], k.host_len - cuts[x]);
            MDD_SET(DESC, XFER_ID, desc, next_id_++ & 0xFFFF);
            std::vector<uint8_t> host(k.host + cuts[x], k.host + cuts[x + 1]);
            queue_xfer(desc, host, false);
            std::memcpy(desc, pending_.back().ctx, sizeof desc); // words 0-7: the resume image
        }
        mdd_tx_case_free(&k);
    }

    // An illegal descriptor (an RX-only field set) with a few random host bytes: DESC, nothing generated.
    void queue_junk(const uint64_t *good) {
        uint64_t d[8];
        std::memcpy(d, good, sizeof d);
        MDD_SET(DESC, XFER_ID, d, next_id_++ & 0xFFFF);
        if (rng_.chance(0.5)) MDD_SET(DESC, HDR_OUT, d, 1);
        else MDD_SET(DESC, PROTO, d, 3);
        std::vector<uint8_t> host(rng_.below(3 * kW));
        for (auto &b : host) b = (uint8_t)rng_.next();
        queue_xfer(d, host, true);
    }

    // A descriptor-framed piece (self_frame = 0) from the current position, not part of the chain: the rest of
    // the current PDU and maybe more (a host byte after the PDU is FRAME, R8).
    void queue_side(const uint64_t *chained, const uint8_t *rest, size_t n) {
        unsigned proto = (unsigned)MDD_GET(DESC, PROTO, chained);
        uint64_t off = MDD_GET(DESC, PDU_OFF, chained);
        if (proto == MDD_PROTO_RAW || off <= (proto == MDD_PROTO_MPA ? 1u : 7u) || n == 0) return;
        uint64_t d[8];
        std::memcpy(d, chained, sizeof d);
        MDD_SET(DESC, XFER_ID, d, next_id_++ & 0xFFFF);
        MDD_SET(DESC, SELF_FRAME, d, 0);
        std::vector<uint8_t> host(rest, rest + 1 + rng_.below(std::min<size_t>(n, 4 * kW + 64)));
        queue_xfer(d, host, true);
    }

    void queue_xfer(const uint64_t *desc, const std::vector<uint8_t> &host, bool junk) {
        pending_.emplace_back();
        Xfer &x = pending_.back();
        x.host = host;
        x.junk = junk;
        std::memcpy(x.desc, desc, sizeof x.desc);
        // beats
        std::vector<uint32_t> ups;
        size_t pos = 0;
        do {
            Beat b;
            std::memset(&b, 0, sizeof b);
            unsigned want = 0;
            if (!rng_.chance(p_null_)) {
                want = rng_.chance(p_holes_) ? 1 + (unsigned)rng_.below(kW) : kW;
                want = (unsigned)std::min<size_t>(want, host.size() - pos);
            }
            // which lanes: the first `want` lanes, or a random set of them
            std::vector<unsigned> lanes;
            for (unsigned i = 0; i < kW; ++i) lanes.push_back(i);
            if (want < kW)
                for (unsigned i = 0; i < kW; ++i) std::swap(lanes[i], lanes[i + rng_.below(kW - i)]);
            std::sort(lanes.begin(), lanes.begin() + want);
            for (unsigned j = 0; j < want; ++j) {
                b.keep |= 1ull << lanes[j];
                b.data[lanes[j]] = host[pos + j];
            }
            for (unsigned i = 0; i < kW; ++i)
                if (!((b.keep >> i) & 1)) b.data[i] = (uint8_t)rng_.next(); // junk in absent lanes
            b.user = rng_.chance(p_user_);
            if (b.user && want) ups.push_back((uint32_t)pos);
            pos += want;
            b.last = pos == host.size() && (want > 0 || rng_.chance(0.5) || host.empty());
            x.beats.push_back(b);
        } while (!x.beats.back().last);
        // the reference
        mdd_txref_result r;
        if (mdd_txref_run(x.desc, host.data(), host.size(), ups.data(), ups.size(), &r) != 0)
            ls::Options::die("out of memory");
        x.gen.assign(r.gen, r.gen + r.gen_len);
        x.gen_tag.assign(r.gen_tag, r.gen_tag + r.gen_len);
        x.gen_aux.assign(r.gen_aux, r.gen_aux + r.gen_len);
        x.gen_src.assign(r.gen_src, r.gen_src + r.gen_len);
        std::memcpy(x.ctx, r.ctx, sizeof x.ctx);
        for (size_t e = 0; e < r.n_ev; ++e) {
            unsigned c = r.ev[e].code;
            if (c == MDD_ERR_DESC || c == MDD_ERR_UPSTREAM || c == MDD_ERR_FRAME)
                x.ev.push_back({c, r.ev[e].err_off, r.ev[e].err_unit, r.ev[e].err_exp, r.ev[e].err_got});
        }
        mdd_txref_free(&r);
        for (auto &b : x.beats) beats_.push_back(b);
        descs_.push_back(std::vector<uint64_t>(x.desc, x.desc + 8));
    }

    void draw_inputs() {
        in_.rst = false;
        if (rst_left_) {
            in_.rst = true;
            --rst_left_;
        } else if (rng_.chance(p_reset_)) {
            in_.rst = true;
            rst_left_ = (unsigned)rng_.below(3);
            ++resets_;
            pending_.clear();
            beats_.clear();
            descs_.clear();
        }
        if (!in_.rst && pending_.size() < 4) new_stream();
        // hold a beat / descriptor until taken (AXI4-Stream)
        if (!beat_on_) beat_on_ = !in_.rst && !beats_.empty() && rng_.chance(p_valid_);
        if (!desc_on_) desc_on_ = !in_.rst && !descs_.empty() && rng_.chance(p_desc_);
        in_.s_axis_tx_tvalid = beat_on_;
        if (beat_on_) {
            const Beat &b = beats_.front();
            std::memcpy(in_.s_axis_tx_tdata, b.data, sizeof in_.s_axis_tx_tdata);
            in_.s_axis_tx_tkeep = b.keep;
            in_.s_axis_tx_tlast = b.last;
            in_.s_axis_tx_tuser = b.user;
        }
        in_.s_axis_tx_desc_tvalid = desc_on_;
        if (desc_on_) std::memcpy(in_.s_axis_tx_desc_tdata, descs_.front().data(), 64);
        in_.m_ready = rng_.chance(p_ready_);
    }

    void drive_rtl() {
        top_->rst = in_.rst;
        put_bytes(top_->s_axis_tx_tdata, in_.s_axis_tx_tdata, kW);
        top_->s_axis_tx_tkeep = (decltype(top_->s_axis_tx_tkeep))in_.s_axis_tx_tkeep;
        top_->s_axis_tx_tlast = in_.s_axis_tx_tlast;
        top_->s_axis_tx_tuser = in_.s_axis_tx_tuser;
        top_->s_axis_tx_tvalid = in_.s_axis_tx_tvalid;
        uint8_t d[64];
        words_to_bytes(in_.s_axis_tx_desc_tdata, d, 8);
        put_bytes(top_->s_axis_tx_desc_tdata, d, 64);
        top_->s_axis_tx_desc_tvalid = in_.s_axis_tx_desc_tvalid;
        top_->m_ready = in_.m_ready;
    }

    // ---- RTL vs twin ----

    void compare(ls::Checker &chk, const mdd_tx_gen_out &mo) {
        uint8_t r[64], m[64];
        chk.eq("s_axis_tx_tready", mo.s_axis_tx_tready, top_->s_axis_tx_tready);
        chk.eq("s_axis_tx_desc_tready", mo.s_axis_tx_desc_tready, top_->s_axis_tx_desc_tready);
        chk.eq("m_valid", mo.m_valid, top_->m_valid);
        get_bytes(top_->m_data, r, kW);
        chk.eq_bytes("m_data", mo.m_data, r, kW);
        get_bytes(top_->m_tag, r, kW);
        chk.eq_bytes("m_tag", mo.m_tag, r, kW);
        get_bytes(top_->m_aux, r, (kW + 1) / 2);
        for (unsigned i = 0; i < (kW + 1) / 2; ++i) m[i] = (uint8_t)((mo.m_aux[2 * i] & 15) | (mo.m_aux[2 * i + 1] << 4));
        chk.eq_bytes("m_aux", m, r, kW / 2);
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

    // ---- handshakes and the golden comparison ----

    void handshakes(ls::Checker &chk, const mdd_tx_gen_out &mo) {
        if (in_.rst) {
            beat_on_ = desc_on_ = false;
            return;
        }
        if (in_.s_axis_tx_tvalid && mo.s_axis_tx_tready) {
            host_bytes_ += (uint64_t)__builtin_popcountll(in_.s_axis_tx_tkeep);
            beats_.pop_front();
            beat_on_ = false;
        }
        if (in_.s_axis_tx_desc_tvalid && mo.s_axis_tx_desc_tready) {
            descs_.pop_front();
            desc_on_ = false;
        }
        if (!(mo.m_valid && in_.m_ready)) return;
        if (pending_.empty()) {
            report(chk, "words", "a word with no transfer outstanding");
            return;
        }
        Xfer &x = pending_.front();
        if ((x.words == 0) != mo.m_first) report(chk, "words", "transfer %u: m_first %d on word %" PRIu64, xid(x), mo.m_first, x.words);
        ++x.words;
        x.nin += mo.m_nin;
        for (unsigned i = 0; i < kW; ++i) {
            if ((mo.m_tag[i] & 7) == MDD_KIND_VOID) continue;
            x.o_data.push_back(mo.m_data[i]);
            x.o_tag.push_back(mo.m_tag[i]);
            x.o_aux.push_back(mo.m_aux[i] & 15);
            ++lanes_out_;
        }
        if (mo.m_err_v) {
            Ev e{mo.m_err_code, mo.m_err_off, mo.m_err_unit, mo.m_err_exp, mo.m_err_got};
            if (!x.err_v || e.off < x.best.off || (e.off == x.best.off && e.code < x.best.code)) x.best = e;
            x.err_v = true;
        }
        x.emap |= mo.m_emap;
        x.ecnt += mo.m_ecnt;
        if (mo.m_last) {
            golden(chk, x, mo);
            pending_.pop_front();
        }
    }

    static unsigned xid(const Xfer &x) { return (unsigned)MDD_GET(DESC, XFER_ID, x.desc); }

    void golden(ls::Checker &chk, const Xfer &x, const mdd_tx_gen_out &mo) {
        unsigned id = xid(x);
        unsigned dif_op = (unsigned)MDD_GET(DESC, DIF_OP, x.desc);
        ++xfers_checked_;
        if (x.junk) ++junk_checked_;
        // lanes
        bool ok = x.o_tag.size() == x.gen.size();
        size_t bad = 0;
        for (size_t g = 0; ok && g < x.gen.size(); ++g) {
            unsigned kind = x.gen_tag[g] & 7;
            uint8_t want = x.gen[g];
            if (kind == MDD_KIND_HDIG || kind == MDD_KIND_DDIG || (kind == MDD_KIND_PI && dif_op == MDD_DIF_INSERT))
                want = 0;
            else if (kind == MDD_KIND_PI && dif_op == MDD_DIF_CHECK_REPLACE)
                want = x.host[x.gen_src[g]];
            if (x.o_tag[g] != x.gen_tag[g] || x.o_aux[g] != x.gen_aux[g] || x.o_data[g] != want) {
                ok = false;
                bad = g;
            }
        }
        ++checks_;
        if (!ok) {
            if (x.o_tag.size() != x.gen.size())
                report(chk, "lanes", "transfer %u: %zu lanes generated, reference %zu", id, x.o_tag.size(), x.gen.size());
            else
                report(chk, "lanes", "transfer %u lane %zu (src %d): tag 0x%02x aux %u data 0x%02x, reference tag 0x%02x "
                             "aux %u data 0x%02x", id, bad, (int)x.gen_src[bad], x.o_tag[bad], x.o_aux[bad],
                             x.o_data[bad], x.gen_tag[bad], x.gen_aux[bad], x.gen[bad]);
        }
        ++checks_;
        if (x.nin != x.host.size())
            report(chk, "nin", "transfer %u: nin adds up to %" PRIu64 ", host bytes %zu", id, x.nin, x.host.size());
        // events
        uint16_t map = 0;
        const Ev *first = nullptr;
        for (const Ev &e : x.ev) {
            map = (uint16_t)(map | 1u << e.code);
            if (!first || e.off < first->off || (e.off == first->off && e.code < first->code)) first = &e;
            ++ev_count_[e.code];
        }
        ++checks_;
        bool ev_ok = x.ecnt == x.ev.size() && x.emap == map && x.err_v == (first != nullptr);
        if (ev_ok && first)
            ev_ok = x.best.code == first->code && x.best.off == first->off && x.best.unit == first->unit &&
                    x.best.exp == first->exp && x.best.got == first->got;
        if (!ev_ok)
            report(chk, "events", "transfer %u: %" PRIu64 " events map 0x%x first code %u off %u unit %u exp %" PRIx64
                         " got %" PRIx64 "; reference %zu map 0x%x first code %u off %u unit %u exp %" PRIx64
                         " got %" PRIx64, id, x.ecnt, x.emap, x.best.code, x.best.off, x.best.unit, x.best.exp,
                         x.best.got, x.ev.size(), map, first ? first->code : 0, first ? first->off : 0,
                         first ? first->unit : 0, first ? first->exp : 0, first ? first->got : 0);
        // resume fields the generator owns
        static const char *const kOwned[] = {"TCP_SEQ", "MRK_POS", "PDU_OFF", "HDR_LEN", "DATA_LEN", "DIF_POS",
                                             "FPDU_WOFF"};
        size_t nf;
        const mdd_field_desc *t = mdd_field_table(&nf);
        for (size_t f = 0; f < nf; ++f) {
            bool owned = std::strcmp(t[f].rec, "TXDESC") == 0;
            for (const char *o : kOwned) owned |= std::strcmp(t[f].rec, "DESC") == 0 && std::strcmp(t[f].name, o) == 0;
            if (!owned) continue;
            ++checks_;
            uint64_t got = field(mo.m_desc, t[f].word, t[f].lsb, t[f].width);
            uint64_t want = field(x.ctx, t[f].word, t[f].lsb, t[f].width);
            if (got != want)
                report(chk, "resume", "transfer %u: %s.%s = 0x%" PRIx64 ", reference 0x%" PRIx64, id, t[f].rec,
                             t[f].name, got, want);
        }
        ++checks_;
        if (((mo.m_xflags & MDD_RX_XFLAG_FRAME_LOST) != 0) != (MDD_GET(CTX, FRAME_LOST, x.ctx) != 0))
            report(chk, "frame_lost", "transfer %u: frame_lost %d, reference %d", id, mo.m_xflags & 1,
                         (int)MDD_GET(CTX, FRAME_LOST, x.ctx));
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_tx_gen> top_;
    mdd_tx_gen_model model_;
    mdd_tx_gen_in in_;
    double p_valid_, p_ready_, p_desc_, p_reset_, p_holes_, p_null_, p_user_, p_junk_, p_window_, p_frame_, p_t3_, p_side_;
    uint64_t max_xfers_, min_xfers_;
    int64_t inject_fault_;
    std::deque<Xfer> pending_;
    std::deque<Beat> beats_;
    std::deque<std::vector<uint64_t>> descs_;
    bool beat_on_ = false, desc_on_ = false;
    unsigned rst_left_ = 0;
    uint64_t next_id_ = 1;
    uint64_t cycles_ = 0, streams_ = 0, xfers_checked_ = 0, junk_checked_ = 0, host_bytes_ = 0, lanes_out_ = 0;
    uint64_t checks_ = 0, resets_ = 0;
    uint64_t mode_count_[MDD_TX_MODES] = {0};
    uint64_t ev_count_[16] = {0};
    std::clock_t cpu_start_;
    int s_rst_, s_tvalid_, s_tready_, s_tkeep_, s_tlast_, s_dvalid_, s_dready_, s_mvalid_, s_mready_, s_mdata_,
        s_mtag_, s_mlast_, s_mnin_, s_hbcnt_;
};

}  // namespace

#define TX_GEN_STR2(x) #x
#define TX_GEN_STR(x) TX_GEN_STR2(x)
int main(int argc, char **argv) { return ls::run<Bench>(argc, argv, "lockstep-tx-gen-w" TX_GEN_STR(TX_GEN_W)); }

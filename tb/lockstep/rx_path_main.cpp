// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_rx_path.v (locate -> CRC engines -> checker -> packer / context) against its C
// twin model/mdd_rx_path_model.c, with the reference receiver model/mdd_rxref.c as the independent oracle.
//
// Stimulus (shared with tb/lockstep/rx_locate_main.cpp): random streams from the traffic generator, cut into
// random transfers whose descriptors are the reference's resume images of the previous piece; tkeep holes,
// null beats, tuser, stalls on every port, corrupted bytes anywhere in some streams (payload, PI, digests,
// pad, markers, length fields), descriptor-framed "side" transfers and illegal "junk" descriptors, resets.
//
// Every cycle: both sides evaluated, every output compared, both clocked. Independently, per transfer (the
// suite's "passed" count), against mdd_rxref_run() on the same bytes:
//   data     the delivered bytes and their tags (m_axis_rx lanes with tkeep, up to tlast) = the reference's
//            out/out_tag; tkeep all ones on every beat but the last (contiguous from lane 0 on the last)
//   context  all sixteen words of the context beat = the reference's context (resume image, first error with
//            its offset, unit, byte, expected and found values, error map, counts)
//   order    the context beat comes after the transfer's tlast beat
//
// Build-time parameter (-D): RX_PATH_W (the Verilated -GW value). Knobs: as rx_locate_main.cpp (p_valid,
// p_ready, phase, p_desc, p_reset, small, p_holes, p_user, p_corrupt, p_side, p_junk, max_xfers, min_xfers,
// inject_fault, inject_golden) and --bench (full-rate traffic: input bytes per cycle and stalls).
#include "lockstep.h"

#include "Vmdd_rx_path.h"

extern "C" {
#include "mdd/formats.h"
#include "mdd_rx_path_model.h"
#include "mdd_rxref.h"
#include "mdd_trafgen.h"
}

#include <algorithm>
#include <cstring>
#include <ctime>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#ifndef RX_PATH_W
#error "RX_PATH_W (bytes per word) must match the Verilated parameter W"
#endif

namespace {

constexpr unsigned kW = RX_PATH_W;
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
void bytes_to_words(const uint8_t *b, uint64_t *w, size_t nwords) {
    for (size_t k = 0; k < nwords; ++k) {
        w[k] = 0;
        for (unsigned i = 0; i < 8; ++i) w[k] |= (uint64_t)b[8 * k + i] << (8 * i);
    }
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

struct Beat {
    uint8_t data[64];
    uint64_t keep;
    bool last, user;
};

struct Xfer {
    uint64_t id = 0;
    const char *kind = "piece";  // piece, side, junk
    uint64_t desc[8] = {0};
    std::vector<uint8_t> bytes;
    std::vector<Beat> beats;
    std::vector<uint32_t> ups;
    // reference
    std::vector<uint8_t> out, out_tag, in_tag, in_aux;
    uint64_t ctx[16] = {0};
    // checking state
    std::vector<uint8_t> got, got_tag;
    bool data_done = false;
    bool bad = false;
    unsigned reports = 0;
};

}  // namespace

class RxPathBench {
  public:
    explicit RxPathBench(const ls::Options &opt) : opt_(opt), rng_(opt.seed), top_(new Vmdd_rx_path) {
        if (mdd_rx_path_model_init(&model_, kW, RX_PATH_DATA_DEPTH, RX_PATH_RES_DEPTH) != 0)
            ls::Options::die("bad model parameter W=%u", kW);
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
        p_corrupt_ = bench_ ? 0.0 : opt.num("p_corrupt", 0.2);
        p_side_ = bench_ ? 0.0 : opt.num("p_side", 0.05);
        p_junk_ = bench_ ? 0.0 : opt.num("p_junk", 0.03);
        max_xfers_ = opt.u64("max_xfers", bench_ ? 3 : 12);
        min_xfers_ = opt.u64("min_xfers", 0);
        inject_fault_ = opt.has("inject_fault") ? (int64_t)opt.u64("inject_fault", 0) : -1;
        inject_golden_ = opt.has("inject_golden") ? (int64_t)opt.u64("inject_golden", 0) : -1;
        std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = std::fopen(vec.c_str(), "w");
            if (!vectors_) ls::Options::die("cannot write %s", vec.c_str());
        }
        top_->clk = 0;
        in_ = mdd_rx_path_in();
        cpu_start_ = std::clock();
    }
    ~RxPathBench() {
        if (vectors_) std::fclose(vectors_);
        if (stream_ok_) mdd_gen_free(&stream_);
        top_->final();
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_.rst = vcd.add("rst", 1);
        sig_.tdata = vcd.add("s_axis_rx_tdata", 8 * kW);
        sig_.tkeep = vcd.add("s_axis_rx_tkeep", kW);
        sig_.tlast = vcd.add("s_axis_rx_tlast", 1);
        sig_.tvalid = vcd.add("s_axis_rx_tvalid", 1);
        sig_.tready = vcd.add("s_axis_rx_tready", 1);
        sig_.dvalid = vcd.add("s_axis_rx_desc_tvalid", 1);
        sig_.dready = vcd.add("s_axis_rx_desc_tready", 1);
        sig_.o_data = vcd.add("m_axis_rx_tdata", 8 * kW);
        sig_.o_user = vcd.add("m_axis_rx_tuser", 8 * kW);
        sig_.o_keep = vcd.add("m_axis_rx_tkeep", kW);
        sig_.o_last = vcd.add("m_axis_rx_tlast", 1);
        sig_.o_valid = vcd.add("m_axis_rx_tvalid", 1);
        sig_.o_ready = vcd.add("m_axis_rx_tready", 1);
        sig_.x_valid = vcd.add("m_axis_rx_ctx_tvalid", 1);
        sig_.x_ready = vcd.add("m_axis_rx_ctx_tready", 1);
        sig_.c_valid = vcd.add("chk.m_valid", 1);
        sig_.c_tag = vcd.add("chk.m_tag", 8 * kW);
        sig_.c_err = vcd.add("chk.m_err_code", 8);
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_rx_path_out o;
        mdd_rx_path_eval(&model_, &in_, &o);
        vcd.val(sig_.rst, in_.rst);
        vcd.val_bytes(sig_.tdata, in_.s_axis_rx_tdata);
        vcd.val(sig_.tkeep, in_.s_axis_rx_tkeep);
        vcd.val(sig_.tlast, in_.s_axis_rx_tlast);
        vcd.val(sig_.tvalid, in_.s_axis_rx_tvalid);
        vcd.val(sig_.tready, o.s_axis_rx_tready);
        vcd.val(sig_.dvalid, in_.s_axis_rx_desc_tvalid);
        vcd.val(sig_.dready, o.s_axis_rx_desc_tready);
        vcd.val_bytes(sig_.o_data, o.m_axis_rx_tdata);
        vcd.val_bytes(sig_.o_user, o.m_axis_rx_tuser);
        vcd.val(sig_.o_keep, o.m_axis_rx_tkeep);
        vcd.val(sig_.o_last, o.m_axis_rx_tlast);
        vcd.val(sig_.o_valid, o.m_axis_rx_tvalid);
        vcd.val(sig_.o_ready, in_.m_axis_rx_tready);
        vcd.val(sig_.x_valid, o.m_axis_rx_ctx_tvalid);
        vcd.val(sig_.x_ready, in_.m_axis_rx_ctx_tready);
        vcd.val(sig_.c_valid, model_.chk.m_valid);
        vcd.val_bytes(sig_.c_tag, model_.chk.m.tag);
        vcd.val(sig_.c_err, model_.chk.m.err_code);
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        const uint64_t cyc = chk.cycle();
        draw_inputs(cyc);

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
        top_->m_axis_rx_tready = in_.m_axis_rx_tready;
        top_->m_axis_rx_ctx_tready = in_.m_axis_rx_ctx_tready;
        top_->clk = 0;
        top_->eval();

        mdd_rx_path_out mo;
        mdd_rx_path_eval(&model_, &in_, &mo);
        if ((int64_t)cyc == inject_fault_) mo.m_axis_rx_tuser[0] ^= 1;  // the harness self-test
        compare(chk, mo);
        if (vectors_) write_vector(mo);
        scoreboard(chk, mo);

        tr.pre();
        top_->clk = 1;
        top_->eval();
        uint64_t ce = model_.contract_errors;
        mdd_rx_path_tick(&model_, &in_);
        if (model_.contract_errors != ce)
            chk.fail("contract", "a word's CRC result counts disagree with its end flags (checker twin)");
        tr.post();

        if (cyc + 1 == opt_.cycles) final_checks(chk);
    }

    void summary(FILE *f) const {
        double cpu = (double)(std::clock() - cpu_start_) / CLOCKS_PER_SEC;
        if (cpu > 0)
            std::fprintf(f, "rx-path W=%u: %.3f M cycles per CPU second (harness, RTL and twin)\n", kW,
                         (double)cycles_ / cpu / 1e6);
        std::fprintf(f,
                     "rx-path W=%u: %" PRIu64 " cycles, %" PRIu64 " streams (%" PRIu64 " corrupted), %" PRIu64
                     " transfers checked (%" PRIu64 " side, %" PRIu64 " junk), %" PRIu64 " bytes in, %" PRIu64
                     " bytes delivered, %" PRIu64 " golden checks\n",
                     kW, cycles_, streams_, corrupted_, xfers_checked_, side_checked_, junk_checked_, bytes_in_,
                     bytes_out_, checks_);
        std::fprintf(f, "  reference events:");
        for (unsigned c = 1; c <= MDD_ERR_FRAME; ++c) std::fprintf(f, " %s %" PRIu64, mdd_err_name(c), ev_count_[c]);
        std::fprintf(f, "; transfers whose context reports an error %" PRIu64 "\n", err_xfers_);
        std::fprintf(f,
                     "  resets %" PRIu64 " (%" PRIu64 " transfers dropped), beats with holes %" PRIu64
                     ", null beats %" PRIu64 ", input stalls %" PRIu64 ", output stalls %" PRIu64 "\n",
                     resets_, dropped_, hole_beats_, null_beats_, in_stalls_, out_stalls_);
        if (bench_) {
            double cyc = (double)(bench_last_ - bench_first_ + 1);
            if (bench_bytes_ && cyc > 0)
                std::fprintf(f,
                             "bench rx-path W=%u%s: %.3f input bytes/cycle (%.1f%% of W), %" PRIu64
                             " cycles with tvalid and not tready, %" PRIu64 " bytes in %.0f cycles\n",
                             kW, small_ ? " small" : "", bench_bytes_ / cyc, 100.0 * bench_bytes_ / cyc / kW,
                             bench_stalls_, bench_bytes_, cyc);
        }
    }

    uint64_t checks() const { return checks_; }

  private:
    // One hex word per cycle for tb/icarus/tb_mdd_rx_path.v, most significant field first:
    // flags_in[7:0] flags_exp[7:0] s_tkeep[63:0] exp m_tkeep[63:0] desc[511:0] exp ctx[1023:0]
    // exp m_tuser[8W] exp m_tdata[8W] s_tdata[8W]
    void write_vector(const mdd_rx_path_out &mo) {
        unsigned fi = (in_.rst << 7) | (in_.s_axis_rx_tvalid << 6) | (in_.s_axis_rx_tlast << 5) |
                      (in_.s_axis_rx_tuser << 4) | (in_.s_axis_rx_desc_tvalid << 3) | (in_.m_axis_rx_tready << 2) |
                      (in_.m_axis_rx_ctx_tready << 1);
        unsigned fe = (mo.s_axis_rx_tready << 7) | (mo.s_axis_rx_desc_tready << 6) | (mo.m_axis_rx_tvalid << 5) |
                      (mo.m_axis_rx_tlast << 4) | (mo.m_axis_rx_ctx_tvalid << 3);
        std::fprintf(vectors_, "%02x%02x%016" PRIx64 "%016" PRIx64, fi, fe, in_.s_axis_rx_tkeep, mo.m_axis_rx_tkeep);
        for (unsigned k = 8; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, in_.s_axis_rx_desc_tdata[k]);
        for (unsigned k = 16; k-- > 0;) std::fprintf(vectors_, "%016" PRIx64, mo.m_axis_rx_ctx_tdata[k]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tuser[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", mo.m_axis_rx_tdata[i]);
        for (unsigned i = kW; i-- > 0;) std::fprintf(vectors_, "%02x", in_.s_axis_rx_tdata[i]);
        std::fputc('\n', vectors_);
    }

    void compare(ls::Checker &chk, const mdd_rx_path_out &mo) {
        uint8_t r[128], m[128];
        chk.eq("s_axis_rx_tready", mo.s_axis_rx_tready, top_->s_axis_rx_tready);
        chk.eq("s_axis_rx_desc_tready", mo.s_axis_rx_desc_tready, top_->s_axis_rx_desc_tready);
        chk.eq("m_axis_rx_tvalid", mo.m_axis_rx_tvalid, top_->m_axis_rx_tvalid);
        get_bytes(top_->m_axis_rx_tdata, r, kW);
        chk.eq_bytes("m_axis_rx_tdata", mo.m_axis_rx_tdata, r, kW);
        get_bytes(top_->m_axis_rx_tuser, r, kW);
        chk.eq_bytes("m_axis_rx_tuser", mo.m_axis_rx_tuser, r, kW);
        chk.eq("m_axis_rx_tkeep", mo.m_axis_rx_tkeep, (uint64_t)top_->m_axis_rx_tkeep);
        chk.eq("m_axis_rx_tlast", mo.m_axis_rx_tlast, top_->m_axis_rx_tlast);
        chk.eq("m_axis_rx_ctx_tvalid", mo.m_axis_rx_ctx_tvalid, top_->m_axis_rx_ctx_tvalid);
        get_bytes(top_->m_axis_rx_ctx_tdata, r, 128);
        words_to_bytes(mo.m_axis_rx_ctx_tdata, m, 16);
        chk.eq_bytes("m_axis_rx_ctx_tdata", m, r, 128);
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
        if (bench_ && !raw) {
            // the bench measures with every field on: markers (checked), header and data digests, DIF
            if (!c.mrk_en) {
                c.mrk_en = 1;
                c.mrk_period = c.proto == MDD_PROTO_MPA ? 512u : (uint32_t)(4 * (kW / 4 + rng_.below(64)) + 8);
                c.mrk_phase = (uint32_t)rng_.below(c.mrk_period);
            }
            c.mrk_chk = 1;
            c.ddig_en = 1;
            c.hdig_en = c.proto == MDD_PROTO_ISCSI;
            if (c.dif_op == MDD_DIF_NONE) c.dif_op = (unsigned)(MDD_DIF_CHECK_KEEP + rng_.below(3));
            if (c.prot_type == 0) c.prot_type = 1;
            c.dif_chk = MDD_DIFCHK_GUARD | MDD_DIFCHK_APP | MDD_DIFCHK_REF;
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
        for (int tries = 0; tries < 200; ++tries) {
            mdd_gen_cfg c;
            mdd_gen_random_cfg(rng_.next(), kW, &c);
            if (bench_ && c.proto == MDD_PROTO_RAW) continue;
            tweak_cfg(c);
            if (mdd_gen_build(&c, rng_.next(), &stream_) == 0 && stream_.wire_len > 0) {
                stream_ok_ = true;
                break;
            }
        }
        if (!stream_ok_) ls::Options::die("traffic generator failed 200 times");
        ++streams_;
        if (rng_.chance(p_corrupt_)) corrupt_stream();
        std::vector<size_t> cuts(max_xfers_ + 1);
        size_t n = mdd_gen_split(&stream_, rng_.next(), (size_t)(1 + rng_.below(max_xfers_)), 0, cuts.data());
        cuts_.assign(cuts.begin(), cuts.begin() + (long)n + 1);
        piece_ = 0;
        std::memcpy(chain_desc_, stream_.desc, sizeof chain_desc_);
        return true;
    }

    // Flip a bit in 1..3 bytes: markers and length fields half of the time, any byte otherwise (payload, PI,
    // digests, pad, headers); the reference is run on the corrupted bytes.
    void corrupt_stream() {
        std::vector<size_t> cand;
        const bool mpa = stream_.cfg.proto == MDD_PROTO_MPA;
        const bool framing = rng_.chance(0.5);
        for (size_t j = 0; j < stream_.wire_len; ++j) {
            unsigned kind = stream_.tag[j] & 7u;
            uint32_t off = stream_.off_of[j];
            if (!framing) cand.push_back(j);
            else if (kind == MDD_KIND_MRK) cand.push_back(j);
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
        x.out.assign(res.out, res.out + res.out_len);
        x.out_tag.assign(res.out_tag, res.out_tag + res.out_len);
        x.in_tag.assign(res.in_tag, res.in_tag + n);
        x.in_aux.assign(res.in_aux, res.in_aux + n);
        std::memcpy(x.ctx, res.ctx, sizeof x.ctx);
        for (size_t k = 0; k < res.n_ev; ++k) ++ev_count_[res.ev[k].code & 15];
        mdd_rxref_free(&res);
        if ((int64_t)x.id >= inject_golden_ && inject_golden_ >= 0 && !x.out.empty()) {
            x.out_tag[0] ^= 1;  // the scoreboard self-test: a wrong expectation must be reported
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
        in_.m_axis_rx_tready = rng_.chance(p_ready_);
        in_.m_axis_rx_ctx_tready = rng_.chance(p_ready_);
    }

    // ---- independent reference ----

    void mismatch(ls::Checker &chk, Xfer &x, const char *check, const std::string &msg) {
        x.bad = true;
        if (++x.reports > 6 && !opt_.has("verbose")) return;
        chk.fail(check, std::string(x.kind) + " transfer " + std::to_string(x.id) + " (" +
                            std::to_string(x.bytes.size()) + " bytes, proto " +
                            std::to_string(MDD_GET(DESC, PROTO, x.desc)) + "): " + msg);
    }

    void scoreboard(ls::Checker &chk, const mdd_rx_path_out &mo) {
        ++cycles_;
        if (mo.m_axis_rx_tvalid && !in_.m_axis_rx_tready) ++out_stalls_;
        if (in_.s_axis_rx_tvalid && !mo.s_axis_rx_tready) ++in_stalls_;
        if (in_.rst) {
            if (!queue_.empty() || beat_held_) drop_all();
            data_xfer_ = 0;
            return;
        }
        if (mo.m_axis_rx_tvalid && in_.m_axis_rx_tready) check_beat(chk, mo);
        if (mo.m_axis_rx_ctx_tvalid && in_.m_axis_rx_ctx_tready) check_ctx(chk, mo);
        if (in_.s_axis_rx_desc_tvalid && mo.s_axis_rx_desc_tready) {
            desc_held_ = false;
            ++desc_next_;
        }
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
            if (!small_ && bench_stalls_ == 1)
                chk.fail("rate", "s_axis_rx_tready low with full-rate traffic and both outputs ready");
        }
    }

    // A delivered beat belongs to the oldest transfer whose data has not ended.
    void check_beat(ls::Checker &chk, const mdd_rx_path_out &mo) {
        if (data_xfer_ >= queue_.size() || desc_next_ <= data_xfer_) {
            chk.fail("scoreboard", "a data beat with no transfer sent");
            return;
        }
        Xfer &x = *queue_[data_xfer_];
        uint64_t k = mo.m_axis_rx_tkeep;
        if (!mo.m_axis_rx_tlast && k != kLanes)
            mismatch(chk, x, "data", "tkeep 0x" + hex(k) + " on a beat without tlast");
        if (mo.m_axis_rx_tlast && (k & (k + 1)) != 0)
            mismatch(chk, x, "data", "last beat tkeep 0x" + hex(k) + " not contiguous from lane 0");
        for (unsigned i = 0; i < kW; ++i)
            if ((k >> i) & 1) {
                x.got.push_back(mo.m_axis_rx_tdata[i]);
                x.got_tag.push_back(mo.m_axis_rx_tuser[i]);
            }
        bytes_out_ += (uint64_t)__builtin_popcountll(k);
        if (!mo.m_axis_rx_tlast) return;
        x.data_done = true;
        ++data_xfer_;
        bool ok = x.got.size() == x.out.size();
        size_t bad = 0;
        for (size_t i = 0; ok && i < x.got.size(); ++i)
            if (x.got[i] != x.out[i] || x.got_tag[i] != x.out_tag[i]) {
                ok = false;
                bad = i;
            }
        if (!ok) {
            if (x.got.size() != x.out.size())
                mismatch(chk, x, "data", std::to_string(x.got.size()) + " bytes delivered, reference " +
                                             std::to_string(x.out.size()));
            else
                mismatch(chk, x, "data", "delivered byte " + std::to_string(bad) + " data/tag " + hex(x.got[bad]) +
                                             "/" + hex(x.got_tag[bad]) + ", reference " + hex(x.out[bad]) + "/" +
                                             hex(x.out_tag[bad]));
        } else {
            ++checks_;
        }
    }

    void check_ctx(ls::Checker &chk, const mdd_rx_path_out &mo) {
        if (queue_.empty() || desc_next_ == 0) {
            chk.fail("scoreboard", "a context beat with no transfer sent");
            return;
        }
        Xfer &x = *queue_.front();
        if (!x.data_done) mismatch(chk, x, "order", "context beat before the transfer's last data beat");
        else ++checks_;
        bool ok = true;
        for (unsigned w = 0; w < 16; ++w)
            if (mo.m_axis_rx_ctx_tdata[w] != x.ctx[w]) {
                // name the first differing field
                size_t nf;
                const mdd_field_desc *t = mdd_field_table(&nf);
                std::string what = "word " + std::to_string(w);
                for (size_t f = 0; f < nf; ++f) {
                    const char *rec = t[f].rec;
                    unsigned fw = t[f].word;
                    bool here = (std::strcmp(rec, "CTX") == 0 && fw == w) || (std::strcmp(rec, "DESC") == 0 && fw == w);
                    if (!here) continue;
                    uint64_t a = mdd_field_get(mo.m_axis_rx_ctx_tdata, fw, t[f].lsb, t[f].width);
                    uint64_t b = mdd_field_get(x.ctx, fw, t[f].lsb, t[f].width);
                    if (a != b) {
                        what = std::string(rec) + "." + t[f].name + "=0x" + hex(a) + ", reference 0x" + hex(b);
                        break;
                    }
                }
                if (opt_.has("verbose")) dump_xfer(x, mo);
                mismatch(chk, x, "context", what + " (word " + std::to_string(w) + ": 0x" +
                                                hex(mo.m_axis_rx_ctx_tdata[w]) + " vs 0x" + hex(x.ctx[w]) + ")");
                ok = false;
                break;
            }
        if (ok) ++checks_;
        if (MDD_GET(CTX, ERR_CODE, x.ctx)) ++err_xfers_;
        ++xfers_checked_;
        if (std::strcmp(x.kind, "side") == 0) ++side_checked_;
        if (std::strcmp(x.kind, "junk") == 0) ++junk_checked_;
        queue_.pop_front();
        if (desc_next_) --desc_next_;
        if (beat_xfer_) --beat_xfer_;
        if (data_xfer_) --data_xfer_;
    }

    void dump_xfer(const Xfer &x, const mdd_rx_path_out &mo) {
        std::printf("transfer %" PRIu64 " desc:", x.id);
        for (unsigned k = 0; k < 8; ++k) std::printf(" %016" PRIx64, x.desc[k]);
        std::printf("\n  bytes (data:tag/aux):");
        for (size_t i = 0; i < x.bytes.size(); ++i)
            std::printf("%s%02x:%02x/%x", i % 16 ? " " : "\n   ", x.bytes[i], x.in_tag[i], x.in_aux[i]);
        std::printf("\n  ctx dut/ref:\n");
        for (unsigned k = 0; k < 16; ++k)
            std::printf("   w%-2u %016" PRIx64 " %016" PRIx64 "\n", k, mo.m_axis_rx_ctx_tdata[k], x.ctx[k]);
    }

    void final_checks(ls::Checker &chk) {
        if (xfers_checked_ < min_xfers_)
            chk.fail("volume", std::to_string(xfers_checked_) + " transfers checked, fewer than min_xfers=" +
                                   std::to_string(min_xfers_));
    }

    const ls::Options &opt_;
    ls::Rng rng_;
    std::unique_ptr<Vmdd_rx_path> top_;
    mdd_rx_path_model model_;
    mdd_rx_path_in in_;
    FILE *vectors_ = nullptr;
    std::clock_t cpu_start_ = 0;

    bool bench_ = false, fixed_valid_ = false, fixed_ready_ = false, small_ = false;
    double p_valid_, p_ready_, p_desc_, p_reset_, p_holes_, p_user_, p_corrupt_, p_side_, p_junk_;
    uint64_t phase_, max_xfers_, min_xfers_;
    int64_t inject_fault_, inject_golden_;

    mdd_gen_stream stream_{};
    bool stream_ok_ = false;
    std::vector<size_t> cuts_;
    size_t piece_ = 0;
    uint64_t chain_desc_[8] = {0};
    uint64_t next_id_ = 1;
    std::deque<std::shared_ptr<Xfer>> queue_;
    size_t desc_next_ = 0;
    size_t beat_xfer_ = 0, beat_idx_ = 0;
    size_t data_xfer_ = 0;  // index in queue_ of the transfer whose data is being delivered
    bool desc_held_ = false, beat_held_ = false;
    unsigned reset_left_ = 0;

    uint64_t cycles_ = 0, streams_ = 0, corrupted_ = 0, xfers_checked_ = 0, side_checked_ = 0, junk_checked_ = 0;
    uint64_t bytes_in_ = 0, bytes_out_ = 0, checks_ = 0, resets_ = 0, dropped_ = 0, err_xfers_ = 0;
    uint64_t hole_beats_ = 0, null_beats_ = 0, in_stalls_ = 0, out_stalls_ = 0;
    uint64_t ev_count_[16] = {0};
    uint64_t bench_first_ = 0, bench_last_ = 0, bench_bytes_ = 0, bench_beats_ = 0, bench_stalls_ = 0;

    struct {
        int rst, tdata, tkeep, tlast, tvalid, tready, dvalid, dready, o_data, o_user, o_keep, o_last, o_valid, o_ready,
            x_valid, x_ready, c_valid, c_tag, c_err;
    } sig_{};
};

#define RX_PATH_STR_(x) #x
#define RX_PATH_STR(x) RX_PATH_STR_(x)

int main(int argc, char **argv) {
    return ls::run<RxPathBench>(argc, argv, "lockstep-rx-path-w" RX_PATH_STR(RX_PATH_W));
}

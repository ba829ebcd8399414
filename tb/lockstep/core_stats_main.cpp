// SPDX-License-Identifier: MIT
//
// Lockstep harness of rtl/mdd_core_stats.v, the top level's statistics and interrupt causes (docs/core.md
// section 4), against its C twin model/mdd_core_stats_model.c.
//
// Every cycle: random events (RX and TX context handshakes with random contexts: ERR_MAP zero or not, random
// counts and byte counts, small or full 32-bit; s_axis_cmb and SEG handshakes; combiner output handshakes with
// random CMBRES records, results and error records, every CODE 0..15; deposit packet ends with random codes),
// random STATS_CTRL pulses (snap, clear, both together), resets of 1..3 cycles; the records are random in every
// bit, with or without their handshake. All outputs of the RTL and the twin compared (chk.eq, D-022).
//
// Independent check (the suite's "passed" count): the harness keeps its own running sums of the events it drove,
// from the field values it chose before packing them into the records (plain 64-bit sums, truncated to the
// counter widths when compared): CLEAR zeroes them before that cycle's events, SNAP copies them before; the
// RTL's snapshot outputs after each edge must equal the copy (checked every cycle, counted at each SNAP), and
// the interrupt causes must follow the chosen fields (counted per cycle with a cause expected or seen).
// MISMATCH check=snapshot / check=irq on a failure.
//
// Knobs (key=value or --scenario): p_rst (0.002, per cycle) p_ctx (0.35, per direction) p_err (0.5, a context
// with ERR_MAP != 0) p_sw p_seg p_res (0.3 each) p_dep (0.2) p_snap (0.02) p_clear (0.01) p_both (0.005: snap
// and clear together) p_big (0.3: a count drawn over all 32 bits rather than small).
// vectors=FILE writes every cycle's inputs and the twin's outputs for tb/icarus/tb_mdd_core_stats.v (a header
// line "C core_stats", then "rst rx_ctx_tdata rx_ctx_fire tx_ctx_tdata tx_ctx_fire cmb_sw_fire cmb_seg_fire
// cmb_res_tdata cmb_res_fire dep_pkt_done dep_pkt_code snap clear outputs" in hex; outputs = every output packed
// in port order, rx_xfers_count at bit 0, irq_cmb_set at the top: 2644 bits).
// inject_fault=C flips bit 0 of the twin's rx_xfers_count at cycle C: the harness's self-test (it must report a
// DIVERGENCE).
#include "lockstep.h"

#include "Vmdd_core_stats.h"

#include <memory>
#include <string>
#include <vector>

#include "mdd/formats.h"
#include "mdd_core_stats_model.h"

// The scalar outputs (name, width) and the 32-bit counter arrays (name, elements), in port order.
#define CS_DIR_SCALARS(X, p)                                                                                          \
    X(p##_xfers_count, 32) X(p##_xfers_err_count, 32) X(p##_pdus_count, 32) X(p##_blocks_count, 32)                   \
    X(p##_markers_count, 32) X(p##_err_events_count, 32) X(p##_bytes_in_lo_count, 32) X(p##_bytes_in_hi_count, 32)    \
    X(p##_bytes_out_lo_count, 32) X(p##_bytes_out_hi_count, 32) X(p##_last_err_xfer_id, 16)                           \
    X(p##_last_err_code, 8) X(p##_last_err_off_offset, 32)
#define CS_CMB_SCALARS(X) X(cmb_records_sw_count, 32) X(cmb_segs_count, 32) X(cmb_outputs_count, 32)
#define CS_IRQS(X) X(irq_dep_set, 1) X(irq_rx_set, 1) X(irq_tx_set, 1) X(irq_cmb_set, 1)
#define CS_SNAP_SCALARS(X) CS_DIR_SCALARS(X, rx) CS_DIR_SCALARS(X, tx) CS_CMB_SCALARS(X)
#define CS_ARRAYS(X)                                                                                                  \
    X(rx_err_class_count, MDD_CORE_STATS_CLASSES) X(tx_err_class_count, MDD_CORE_STATS_CLASSES)                       \
    X(cmb_results_count, MDD_CORE_STATS_RESULTS) X(cmb_errors_count, MDD_CORE_STATS_ERRORS)

namespace {

constexpr unsigned kCtxWords = MDD_CTX_WORDS;
constexpr unsigned kResWords = MDD_CMBRES_WORDS;
constexpr unsigned kOutBits = 2644;  // every output, packed (vectors)

// The fields of a context the harness chose (before packing them into the 1024-bit beat).
struct CtxFields {
    uint64_t xfer_id, err_map, err_code, err_off, bytes_in, bytes_out, blocks, pdus, err_count, mrk_count;
};

// The harness's own running sums (64 bits; truncated to the counters' widths when compared).
struct DirSums {
    uint64_t xfers, xfers_err, pdus, blocks, markers, err_events, bytes_in, bytes_out;
    uint64_t last_id, last_code, last_off;
    uint64_t err_class[MDD_CORE_STATS_CLASSES];
};
struct Sums {
    DirSums dir[2];
    uint64_t records_sw, segs, outputs;
    uint64_t results[MDD_CORE_STATS_RESULTS];
    uint64_t errors[MDD_CORE_STATS_ERRORS];
};

// LSB-first bit packer for the vector file.
class BitPack {
  public:
    explicit BitPack(unsigned bits) : b_((bits + 7) / 8, 0), bits_(bits) {}
    void put(uint64_t v, unsigned w) {
        for (unsigned i = 0; i < w; ++i, ++at_)
            if ((v >> i) & 1) b_[at_ / 8] |= (uint8_t)(1u << (at_ % 8));
    }
    unsigned size() const { return at_; }
    void print(FILE *f) const {
        for (unsigned d = (bits_ + 3) / 4; d-- > 0;) std::fprintf(f, "%x", (b_[d / 2] >> (4 * (d % 2))) & 0xf);
    }

  private:
    std::vector<uint8_t> b_;
    unsigned bits_;
    unsigned at_ = 0;
};

class CoreStatsBench {
  public:
    explicit CoreStatsBench(const ls::Options &opt)
        : top_(std::make_unique<Vmdd_core_stats>()),
          rng_(opt.seed),
          p_rst_(opt.prob("p_rst", 0.002)),
          p_ctx_(opt.prob("p_ctx", 0.35)),
          p_err_(opt.prob("p_err", 0.5)),
          p_sw_(opt.prob("p_sw", 0.3)),
          p_seg_(opt.prob("p_seg", 0.3)),
          p_res_(opt.prob("p_res", 0.3)),
          p_dep_(opt.prob("p_dep", 0.2)),
          p_snap_(opt.prob("p_snap", 0.02)),
          p_clear_(opt.prob("p_clear", 0.01)),
          p_both_(opt.prob("p_both", 0.005)),
          p_big_(opt.prob("p_big", 0.3)),
          fault_cycle_(opt.u64("inject_fault", ~0ull)) {
        mdd_core_stats_init(&model_);
        const std::string vec = opt.str("vectors", "");
        if (!vec.empty()) {
            vectors_ = std::fopen(vec.c_str(), "w");
            if (!vectors_) ls::Options::die("cannot write %s", vec.c_str());
            std::fprintf(vectors_, "C core_stats\n");
        }
        top_->clk = 0;
        top_->rst = 0;
        top_->rx_ctx_fire = 0;
        top_->tx_ctx_fire = 0;
        top_->cmb_sw_fire = 0;
        top_->cmb_seg_fire = 0;
        top_->cmb_res_fire = 0;
        top_->dep_pkt_done = 0;
        top_->snap = 0;
        top_->clear = 0;
        top_->eval();
    }

    ~CoreStatsBench() {
        if (vectors_) std::fclose(vectors_);
    }
    CoreStatsBench(const CoreStatsBench &) = delete;
    CoreStatsBench &operator=(const CoreStatsBench &) = delete;

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sigs_.clear();
        sig_clk_ = vcd.add("clk", 1);
        sig_rst_ = vcd.add("rst", 1);
        sig_rx_ctx_tdata_ = vcd.add("rx_ctx_tdata", 64 * kCtxWords);
        sig_rx_ctx_fire_ = vcd.add("rx_ctx_fire", 1);
        sig_tx_ctx_tdata_ = vcd.add("tx_ctx_tdata", 64 * kCtxWords);
        sig_tx_ctx_fire_ = vcd.add("tx_ctx_fire", 1);
        sig_cmb_sw_fire_ = vcd.add("cmb_sw_fire", 1);
        sig_cmb_seg_fire_ = vcd.add("cmb_seg_fire", 1);
        sig_cmb_res_tdata_ = vcd.add("cmb_res_tdata", 64 * kResWords);
        sig_cmb_res_fire_ = vcd.add("cmb_res_fire", 1);
        sig_dep_pkt_done_ = vcd.add("dep_pkt_done", 1);
        sig_dep_pkt_code_ = vcd.add("dep_pkt_code", 5);
        sig_snap_ = vcd.add("snap", 1);
        sig_clear_ = vcd.add("clear", 1);
#define CS_SIG(name, w) sigs_.push_back(vcd.add(#name, w));
        CS_SNAP_SCALARS(CS_SIG)
        CS_IRQS(CS_SIG)
#undef CS_SIG
#define CS_SIG(name, n) sigs_.push_back(vcd.add(#name, 32 * (n)));
        CS_ARRAYS(CS_SIG)
#undef CS_SIG
    }

    void model_dump(ls::Vcd &vcd) {
        mdd_core_stats_out out;
        mdd_core_stats_eval(&model_, &in_, &out);
        uint8_t b[128];
        vcd.val(sig_clk_, clk_high_);
        vcd.val(sig_rst_, in_.rst);
        ls::words_to_bytes(in_.rx_ctx_tdata, b, kCtxWords);
        vcd.val_bytes(sig_rx_ctx_tdata_, b);
        vcd.val(sig_rx_ctx_fire_, in_.rx_ctx_fire);
        ls::words_to_bytes(in_.tx_ctx_tdata, b, kCtxWords);
        vcd.val_bytes(sig_tx_ctx_tdata_, b);
        vcd.val(sig_tx_ctx_fire_, in_.tx_ctx_fire);
        vcd.val(sig_cmb_sw_fire_, in_.cmb_sw_fire);
        vcd.val(sig_cmb_seg_fire_, in_.cmb_seg_fire);
        ls::words_to_bytes(in_.cmb_res_tdata, b, kResWords);
        vcd.val_bytes(sig_cmb_res_tdata_, b);
        vcd.val(sig_cmb_res_fire_, in_.cmb_res_fire);
        vcd.val(sig_dep_pkt_done_, in_.dep_pkt_done);
        vcd.val(sig_dep_pkt_code_, in_.dep_pkt_code);
        vcd.val(sig_snap_, in_.snap);
        vcd.val(sig_clear_, in_.clear);
        size_t i = 0;
#define CS_VAL(name, w) vcd.val(sigs_[i++], out.name);
        CS_SNAP_SCALARS(CS_VAL)
        CS_IRQS(CS_VAL)
#undef CS_VAL
#define CS_VAL(name, n)                                                                                               \
    u32_bytes(out.name, n, b);                                                                                        \
    vcd.val_bytes(sigs_[i++], b);
        CS_ARRAYS(CS_VAL)
#undef CS_VAL
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        mdd_core_stats_out out;
        mdd_core_stats_eval(&model_, &in_, &out);
        if (cycles_ == fault_cycle_) out.rx_xfers_count ^= 1;
        if (vectors_) write_vectors(out);

        // the twin against the RTL, every output
#define CS_EQ(name, w) chk.eq(#name, out.name, top_->name);
        CS_SNAP_SCALARS(CS_EQ)
        CS_IRQS(CS_EQ)
#undef CS_EQ
        uint8_t mb[64], rb[64];
#define CS_EQ(name, n)                                                                                                \
    u32_bytes(out.name, n, mb);                                                                                       \
    ls::get_bytes(top_->name, rb, 4 * (n));                                                                           \
    chk.eq_bytes(#name, mb, rb, 4 * (n));
        CS_ARRAYS(CS_EQ)
#undef CS_EQ

        check_irqs(chk);
        account();

        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        mdd_core_stats_tick(&model_, &in_);
        tr.post();

        check_snapshot(chk);
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f,
                     "core_stats: %llu cycles; rx %llu contexts (%llu with errors), tx %llu (%llu); cmb %llu records "
                     "from software, %llu SEGs, %llu outputs (%llu results, %llu error records); %llu deposit packets "
                     "ended (%llu not OK); %llu SNAPs (%llu with CLEAR), %llu CLEARs, %llu resets\n",
                     (unsigned long long)cycles_, (unsigned long long)ctxs_[0], (unsigned long long)ctx_errs_[0],
                     (unsigned long long)ctxs_[1], (unsigned long long)ctx_errs_[1], (unsigned long long)sw_,
                     (unsigned long long)segs_, (unsigned long long)outputs_, (unsigned long long)results_,
                     (unsigned long long)errors_, (unsigned long long)deps_, (unsigned long long)deps_bad_,
                     (unsigned long long)snaps_, (unsigned long long)boths_, (unsigned long long)clears_,
                     (unsigned long long)resets_);
        std::fprintf(f,
                     "  independent: %llu snapshots equal to the harness's sums, %llu cycles of snapshot outputs "
                     "compared, %llu cycles with an interrupt cause checked\n",
                     (unsigned long long)snap_checks_, (unsigned long long)stable_checks_,
                     (unsigned long long)irq_checks_);
    }

    uint64_t checks() const { return snap_checks_ + irq_checks_; }

  private:
    static void u32_bytes(const uint32_t *v, unsigned n, uint8_t *b) {
        for (unsigned k = 0; k < n; ++k)
            for (unsigned i = 0; i < 4; ++i) b[4 * k + i] = (uint8_t)(v[k] >> (8 * i));
    }

    uint64_t rand_bits(unsigned w) { return w >= 64 ? rng_.next() : rng_.next() & ((1ull << w) - 1); }

    // A count field: mostly small, sometimes over all its bits (carries and wraps of the counters).
    uint64_t count(unsigned w, uint64_t small) {
        return rng_.chance(p_big_) ? (rng_.chance(0.2) ? ((1ull << w) - 1 - rng_.below(4)) : rand_bits(w))
                                   : rng_.below(small);
    }

    void draw_ctx(uint64_t *words, CtxFields &c) {
        for (unsigned k = 0; k < kCtxWords; ++k) words[k] = rng_.next();
        c.xfer_id = rand_bits(MDD_CTX_XFER_ID_W);
        if (rng_.chance(p_err_)) {
            // one class, or any set of them
            c.err_map = rng_.chance(0.5) ? 1ull << rng_.below(MDD_CTX_ERR_MAP_W) : rand_bits(MDD_CTX_ERR_MAP_W);
            if (c.err_map == 0) c.err_map = 1;
        } else {
            c.err_map = 0;
        }
        c.err_code = rand_bits(MDD_CTX_ERR_CODE_W);
        c.err_off = rand_bits(MDD_CTX_ERR_OFF_W);
        c.bytes_in = count(MDD_CTX_BYTES_IN_W, 20000);
        c.bytes_out = count(MDD_CTX_BYTES_OUT_W, 20000);
        c.blocks = count(MDD_CTX_BLOCKS_W, 64);
        c.pdus = count(MDD_CTX_PDUS_W, 16);
        c.err_count = c.err_map ? count(MDD_CTX_ERR_COUNT_W, 8) : rng_.below(2);
        c.mrk_count = count(MDD_CTX_MRK_COUNT_W, 32);
        MDD_SET(CTX, XFER_ID, words, c.xfer_id);
        MDD_SET(CTX, ERR_MAP, words, c.err_map);
        MDD_SET(CTX, ERR_CODE, words, c.err_code);
        MDD_SET(CTX, ERR_OFF, words, c.err_off);
        MDD_SET(CTX, BYTES_IN, words, c.bytes_in);
        MDD_SET(CTX, BYTES_OUT, words, c.bytes_out);
        MDD_SET(CTX, BLOCKS, words, c.blocks);
        MDD_SET(CTX, PDUS, words, c.pdus);
        MDD_SET(CTX, ERR_COUNT, words, c.err_count);
        MDD_SET(CTX, MRK_COUNT, words, c.mrk_count);
    }

    void draw_inputs() {
        // reset bursts of 1..3 cycles
        if (rst_left_ == 0 && rng_.chance(p_rst_)) {
            rst_left_ = 1 + rng_.below(3);
            ++resets_;
        }
        in_.rst = rst_left_ > 0;
        if (rst_left_ > 0) --rst_left_;

        // records random in every bit, with or without their handshake
        draw_ctx(in_.rx_ctx_tdata, ctx_[0]);
        draw_ctx(in_.tx_ctx_tdata, ctx_[1]);
        in_.rx_ctx_fire = rng_.chance(p_ctx_);
        in_.tx_ctx_fire = rng_.chance(p_ctx_);
        in_.cmb_sw_fire = rng_.chance(p_sw_);
        in_.cmb_seg_fire = rng_.chance(p_seg_);
        for (unsigned k = 0; k < kResWords; ++k) in_.cmb_res_tdata[k] = rng_.next();
        res_error_ = rng_.chance(0.4);
        if (res_error_) {
            res_code_ = rng_.below(1u << MDD_CMBRES_CODE_W);  // every code, 0 and the unused ones included
        } else {
            const uint64_t u = rng_.below(10);  // mostly the statuses the combiner sends, OK often
            res_code_ = u < 3   ? (uint64_t)MDD_CMB_ST_OK
                        : u < 9 ? rng_.below(MDD_CMB_ST_ABORTED + 1)
                                : rng_.below(1u << MDD_CMBRES_CODE_W);
        }
        MDD_SET(CMBRES, ERROR, in_.cmb_res_tdata, res_error_);
        MDD_SET(CMBRES, CODE, in_.cmb_res_tdata, res_code_);
        in_.cmb_res_fire = rng_.chance(p_res_);
        in_.dep_pkt_done = rng_.chance(p_dep_);
        in_.dep_pkt_code = rng_.chance(0.5) ? (uint8_t)MDD_DEP_ERR_OK : (uint8_t)rng_.below(32);

        // STATS_CTRL: SNAP, CLEAR, both in one write
        if (rng_.chance(p_both_)) {
            in_.snap = in_.clear = true;
        } else {
            in_.snap = rng_.chance(p_snap_);
            in_.clear = rng_.chance(p_clear_);
        }
    }

    void drive_rtl() {
        uint8_t b[128];
        top_->rst = in_.rst;
        ls::words_to_bytes(in_.rx_ctx_tdata, b, kCtxWords);
        ls::put_bytes(top_->rx_ctx_tdata, b, 8 * kCtxWords);
        top_->rx_ctx_fire = in_.rx_ctx_fire;
        ls::words_to_bytes(in_.tx_ctx_tdata, b, kCtxWords);
        ls::put_bytes(top_->tx_ctx_tdata, b, 8 * kCtxWords);
        top_->tx_ctx_fire = in_.tx_ctx_fire;
        top_->cmb_sw_fire = in_.cmb_sw_fire;
        top_->cmb_seg_fire = in_.cmb_seg_fire;
        ls::words_to_bytes(in_.cmb_res_tdata, b, kResWords);
        ls::put_bytes(top_->cmb_res_tdata, b, 8 * kResWords);
        top_->cmb_res_fire = in_.cmb_res_fire;
        top_->dep_pkt_done = in_.dep_pkt_done;
        top_->dep_pkt_code = in_.dep_pkt_code;
        top_->snap = in_.snap;
        top_->clear = in_.clear;
    }

    static void put_words(FILE *f, const uint64_t *w, unsigned n) {
        for (unsigned k = n; k-- > 0;) std::fprintf(f, "%016llx", (unsigned long long)w[k]);
    }

    void write_vectors(const mdd_core_stats_out &out) {
        std::fprintf(vectors_, "%x ", in_.rst);
        put_words(vectors_, in_.rx_ctx_tdata, kCtxWords);
        std::fprintf(vectors_, " %x ", in_.rx_ctx_fire);
        put_words(vectors_, in_.tx_ctx_tdata, kCtxWords);
        std::fprintf(vectors_, " %x %x %x ", in_.tx_ctx_fire, in_.cmb_sw_fire, in_.cmb_seg_fire);
        put_words(vectors_, in_.cmb_res_tdata, kResWords);
        std::fprintf(vectors_, " %x %x %x %x %x ", in_.cmb_res_fire, in_.dep_pkt_done, in_.dep_pkt_code, in_.snap,
                     in_.clear);
        BitPack p(kOutBits);
#define CS_PUT(name, w) p.put(out.name, w);
#define CS_PUT_ARRAY(name, n)                                                                                         \
    for (unsigned k = 0; k < (n); ++k) p.put(out.name[k], 32);
        CS_DIR_SCALARS(CS_PUT, rx)
        CS_PUT_ARRAY(rx_err_class_count, MDD_CORE_STATS_CLASSES)
        CS_DIR_SCALARS(CS_PUT, tx)
        CS_PUT_ARRAY(tx_err_class_count, MDD_CORE_STATS_CLASSES)
        CS_CMB_SCALARS(CS_PUT)
        CS_PUT_ARRAY(cmb_results_count, MDD_CORE_STATS_RESULTS)
        CS_PUT_ARRAY(cmb_errors_count, MDD_CORE_STATS_ERRORS)
        CS_IRQS(CS_PUT)
#undef CS_PUT
#undef CS_PUT_ARRAY
        if (p.size() != kOutBits) ls::Options::die("vector layout: %u output bits, expected %u", p.size(), kOutBits);
        p.print(vectors_);
        std::fprintf(vectors_, "\n");
    }

    // The interrupt causes from the fields the harness chose.
    void check_irqs(ls::Checker &chk) {
        const bool dep = in_.dep_pkt_done && in_.dep_pkt_code != MDD_DEP_ERR_OK;
        const bool rx = in_.rx_ctx_fire && ctx_[0].err_map != 0;
        const bool tx = in_.tx_ctx_fire && ctx_[1].err_map != 0;
        const bool cmb = in_.cmb_res_fire && (res_error_ || res_code_ != MDD_CMB_ST_OK);
        const bool got[4] = {top_->irq_dep_set != 0, top_->irq_rx_set != 0, top_->irq_tx_set != 0,
                             top_->irq_cmb_set != 0};
        const bool exp[4] = {dep, rx, tx, cmb};
        static const char *const names[4] = {"irq_dep_set", "irq_rx_set", "irq_tx_set", "irq_cmb_set"};
        bool any = false, ok = true;
        for (int i = 0; i < 4; ++i) {
            any = any || exp[i] || got[i];
            if (exp[i] != got[i]) {
                ok = false;
                chk.failf("irq", "%s=%d expected %d", names[i], got[i], exp[i]);
            }
        }
        if (any && ok) ++irq_checks_;
    }

    // This cycle's edge in the harness's own terms: reset, SNAP (the sums so far), CLEAR, then the events.
    void account() {
        if (in_.rst) {
            sums_ = Sums{};
            snap_ = Sums{};
            return;
        }
        if (in_.snap) {
            snap_ = sums_;
            ++snaps_;
            if (in_.clear) ++boths_;
        }
        if (in_.clear) {
            sums_ = Sums{};
            ++clears_;
        }
        const bool fire[2] = {in_.rx_ctx_fire, in_.tx_ctx_fire};
        for (int d = 0; d < 2; ++d) {
            if (!fire[d]) continue;
            const CtxFields &c = ctx_[d];
            DirSums &s = sums_.dir[d];
            ++ctxs_[d];
            s.xfers += 1;
            s.pdus += c.pdus;
            s.blocks += c.blocks;
            s.markers += c.mrk_count;
            s.err_events += c.err_count;
            s.bytes_in += c.bytes_in;
            s.bytes_out += c.bytes_out;
            for (unsigned k = 0; k < MDD_CORE_STATS_CLASSES; ++k) s.err_class[k] += (c.err_map >> k) & 1;
            if (c.err_map != 0) {
                ++ctx_errs_[d];
                s.xfers_err += 1;
                s.last_id = c.xfer_id;
                s.last_code = c.err_code;
                s.last_off = c.err_off;
            }
        }
        if (in_.cmb_sw_fire) ++sums_.records_sw, ++sw_;
        if (in_.cmb_seg_fire) ++sums_.segs, ++segs_;
        if (in_.cmb_res_fire) {
            ++sums_.outputs;
            ++outputs_;
            if (res_error_) {
                ++sums_.errors[res_code_];
                ++errors_;
            } else {
                if (res_code_ < MDD_CORE_STATS_RESULTS) ++sums_.results[res_code_];
                ++results_;
            }
        }
        if (in_.dep_pkt_done) {
            ++deps_;
            if (in_.dep_pkt_code != MDD_DEP_ERR_OK) ++deps_bad_;
        }
    }

    // One snapshot output against the harness's copy; the name (prefix, field, element k or -1) only on a failure.
    void expect_eq(ls::Checker &chk, const char *pre, const char *field, int k, uint64_t exp, uint64_t got, unsigned w,
                   bool &ok) {
        const uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
        if ((exp & m) == (got & m)) return;
        ok = false;
        char idx[16] = "";
        if (k >= 0) std::snprintf(idx, sizeof idx, "[%d]", k);
        chk.failf("snapshot", "%s%s%s=0x%llx expected 0x%llx (the harness's sums%s)", pre, field, idx,
                  (unsigned long long)got, (unsigned long long)(exp & m), in_.snap ? " at this SNAP" : "");
    }

    // After the edge: the RTL's snapshot outputs against the harness's copy of its sums.
    void check_snapshot(ls::Checker &chk) {
        bool ok = true;
        for (int d = 0; d < 2; ++d) {
            const DirSums &s = snap_.dir[d];
            const bool rx = d == 0;
            const char *p = rx ? "rx_" : "tx_";
#define CS_EXP(field, sum, w) expect_eq(chk, p, #field, -1, sum, rx ? top_->rx_##field : top_->tx_##field, w, ok);
            CS_EXP(xfers_count, s.xfers, 32)
            CS_EXP(xfers_err_count, s.xfers_err, 32)
            CS_EXP(pdus_count, s.pdus, 32)
            CS_EXP(blocks_count, s.blocks, 32)
            CS_EXP(markers_count, s.markers, 32)
            CS_EXP(err_events_count, s.err_events, 32)
            CS_EXP(bytes_in_lo_count, s.bytes_in, 32)
            CS_EXP(bytes_in_hi_count, s.bytes_in >> 32, 32)
            CS_EXP(bytes_out_lo_count, s.bytes_out, 32)
            CS_EXP(bytes_out_hi_count, s.bytes_out >> 32, 32)
            CS_EXP(last_err_xfer_id, s.last_id, 16)
            CS_EXP(last_err_code, s.last_code, 8)
            CS_EXP(last_err_off_offset, s.last_off, 32)
#undef CS_EXP
            for (unsigned k = 0; k < MDD_CORE_STATS_CLASSES; ++k)
                expect_eq(chk, p, "err_class_count", (int)k, s.err_class[k],
                          rx ? top_->rx_err_class_count[k] : top_->tx_err_class_count[k], 32, ok);
        }
        expect_eq(chk, "cmb_", "records_sw_count", -1, snap_.records_sw, top_->cmb_records_sw_count, 32, ok);
        expect_eq(chk, "cmb_", "segs_count", -1, snap_.segs, top_->cmb_segs_count, 32, ok);
        expect_eq(chk, "cmb_", "outputs_count", -1, snap_.outputs, top_->cmb_outputs_count, 32, ok);
        for (unsigned k = 0; k < MDD_CORE_STATS_RESULTS; ++k)
            expect_eq(chk, "cmb_", "results_count", (int)k, snap_.results[k], top_->cmb_results_count[k], 32, ok);
        for (unsigned k = 0; k < MDD_CORE_STATS_ERRORS; ++k)
            expect_eq(chk, "cmb_", "errors_count", (int)k, snap_.errors[k], top_->cmb_errors_count[k], 32, ok);
        ++stable_checks_;
        if (ok && in_.snap && !in_.rst) ++snap_checks_;
    }

    std::unique_ptr<Vmdd_core_stats> top_;
    mdd_core_stats_model model_{};
    mdd_core_stats_in in_{};
    ls::Rng rng_;
    double p_rst_, p_ctx_, p_err_, p_sw_, p_seg_, p_res_, p_dep_, p_snap_, p_clear_, p_both_, p_big_;
    uint64_t fault_cycle_;
    FILE *vectors_ = nullptr;
    bool clk_high_ = false;
    uint64_t rst_left_ = 0;
    CtxFields ctx_[2]{};
    bool res_error_ = false;
    uint64_t res_code_ = 0;
    Sums sums_{}, snap_{};
    uint64_t cycles_ = 0, resets_ = 0, snaps_ = 0, boths_ = 0, clears_ = 0;
    uint64_t ctxs_[2] = {0, 0}, ctx_errs_[2] = {0, 0};
    uint64_t sw_ = 0, segs_ = 0, outputs_ = 0, results_ = 0, errors_ = 0, deps_ = 0, deps_bad_ = 0;
    uint64_t snap_checks_ = 0, stable_checks_ = 0, irq_checks_ = 0;
    int sig_clk_ = 0, sig_rst_ = 0, sig_rx_ctx_tdata_ = 0, sig_rx_ctx_fire_ = 0, sig_tx_ctx_tdata_ = 0,
        sig_tx_ctx_fire_ = 0, sig_cmb_sw_fire_ = 0, sig_cmb_seg_fire_ = 0, sig_cmb_res_tdata_ = 0,
        sig_cmb_res_fire_ = 0, sig_dep_pkt_done_ = 0, sig_dep_pkt_code_ = 0, sig_snap_ = 0, sig_clear_ = 0;
    std::vector<int> sigs_;
};

}  // namespace

int main(int argc, char **argv) { return ls::run<CoreStatsBench>(argc, argv, "lockstep-core-stats"); }

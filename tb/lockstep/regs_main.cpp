// SPDX-License-Identifier: MIT
//
// Lockstep harness of the generated register block against its generated C twin (scripts/regtool.py writes both
// from one description), for two descriptions:
//   REGS_CORE  include/mdd/regs.toml: rtl/mdd_regs.v against model/mdd_regs_model.c (windows CORE, RX, TX, CMB
//              generated, DEP external)
//   REGS_TEST  tb/regs/test_regs.toml (every access type, array registers, two external windows): RTL and twin
//              generated into the build directory (mk/rtl_regs.mk)
// The harness is generic: it takes the ports, the external windows and the fields from the X-macro tables of the
// twin's header (<BLOCK>_MODEL_INPUTS, _OUTPUTS, _EXT, _RO_CONST, _RO, _RW, _W1C, _W1P, _CNT).
//
// Every cycle: an AXI4-Lite master on s_axil (writes and reads at random addresses: the registers, holes and
// unmapped addresses, the external windows; AW and W raised independently, random strobes, random bready/rready,
// junk on the address and data lines while nothing is valid), an AXI4-Lite slave on every m_axil_<win> port (a
// word memory; random ready, random delays before B and R, SLVERR where (offset >> 4) & 7 == 5 and DECERR where
// it is 6), random field inputs (_i values that change now and then, sparse _set bits, _inc values), resets of
// 1..3 cycles with junk on every input; every output of the RTL and the twin compared (chk.eq).
//
// Independent transaction-level checks (the suite's passed count), written from the documented semantics
// (docs/registers.md, scripts/regtool.py) and not from the twin:
//   - a shadow of the fields (rw, w1c with set-wins, w1p pulses, counters with write-wins, ro inputs, constants),
//     updated per accepted write and per cycle of hardware inputs; the RTL's field outputs must equal it every
//     cycle, every read of a generated register must return it (the value before the edge the read is taken at);
//   - every write/read response: OKAY at a register, SLVERR (read data 0) elsewhere outside the external windows;
//   - an access to an external window reaches its m_axil port once, with the address inside the window, the data
//     and strobes of the master, and the slave's answer (response, read data) comes back to the master;
//   - no access hangs (each is answered within `timeout` cycles);
//   - REGS_CORE only, against include/mdd/regs.h: the header's offsets and windows agree with the twin's tables;
//     reads of CORE.ID give "MDD0", of VERSION its reset value; SCRATCH reads back what was written (byte
//     strobes); IRQ_STATUS follows its set inputs and W1C writes.
//
// Knobs (key=value or --scenario): p_write (0.3) p_read (0.3) new access per cycle when idle; p_valid (0.7) raise
// AW, W, AR; p_bready (0.7) p_rready (0.7); p_sready (0.6) the slaves' ready; s_delay (6) a slave's longest
// delay before B or R; p_rst (0.0005) reset bursts; rst_junk (1) random inputs during reset; p_ro (0.05) an _i
// input changes; p_set (0.1) _set bits this cycle; p_inc (0.5) _inc this cycle; timeout (2000).
// inject_fault=C flips bit 0 of the twin's s_axil_rdata at cycle C: the harness's self-test.
#include "lockstep.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#if defined(REGS_CORE)
#include "Vmdd_regs.h"
#include "mdd/regs.h"
#include "mdd_regs_model.h"
#define TWIN(x) mdd_regs_##x
#define TAB(x) MDD_REGS_MODEL_##x
using Top = Vmdd_regs;
static const char *const kSuite = "lockstep-regs";
static const char *const kDesc = "include/mdd/regs.toml";
#elif defined(REGS_TEST)
#include "Vmdd_regs_test.h"
#include "mdd_regs_test_model.h"
#define TWIN(x) mdd_regs_test_##x
#define TAB(x) MDD_REGS_TEST_MODEL_##x
using Top = Vmdd_regs_test;
static const char *const kSuite = "lockstep-regs-test";
static const char *const kDesc = "tb/regs/test_regs.toml";
#else
#error "build with -DREGS_CORE or -DREGS_TEST"
#endif

namespace {

using In = TWIN(in);
using Out = TWIN(out);
using Model = TWIN(model);

constexpr unsigned kAddrW = TAB(ADDR_W);
constexpr uint32_t kAddrMask = (uint32_t)((1ull << kAddrW) - 1);

uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

// ---- ports of every width: the twin's bool/uint32_t/uint64_t/uint64_t[n] against Verilator's types ----
template <class P, class V>
void put(P &port, const V &v) {
    port = (P)v;
}
template <std::size_t N, std::size_t M>
void put(VlWide<N> &port, const uint64_t (&v)[M]) {
    for (std::size_t i = 0; i < N; ++i) port[i] = (uint32_t)(v[i / 2] >> (32 * (i % 2)));
}
template <class P, class V>
void get(const P &port, V &v) {
    v = (V)port;
}
template <std::size_t N, std::size_t M>
void get(const VlWide<N> &port, uint64_t (&v)[M]) {
    for (std::size_t k = 0; k < M; ++k) v[k] = 0;
    for (std::size_t i = 0; i < N; ++i) v[i / 2] |= (uint64_t)port[i] << (32 * (i % 2));
}
template <class V>
void cmp(ls::Checker &chk, const char *name, const V &model, const V &rtl) {
    chk.eq(name, (uint64_t)model, (uint64_t)rtl);
}
template <std::size_t M>
void cmp(ls::Checker &chk, const char *name, const uint64_t (&model)[M], const uint64_t (&rtl)[M]) {
    uint8_t a[8 * M], b[8 * M];
    ls::words_to_bytes(model, a, M);
    ls::words_to_bytes(rtl, b, M);
    chk.eq_bytes(name, a, b, 8 * M);
}
template <class V>
void dump(ls::Vcd &vcd, int id, const V &v) {
    vcd.val(id, (uint64_t)v);
}
template <std::size_t M>
void dump(ls::Vcd &vcd, int id, const uint64_t (&v)[M]) {
    uint8_t b[8 * M];
    ls::words_to_bytes(v, b, M);
    vcd.val_bytes(id, b);
}
// bits [lsb +: w] of a port value (w <= 32)
inline uint32_t bits_of(uint64_t v, unsigned lsb, unsigned w) { return (uint32_t)((v >> lsb) & mask_of(w)); }
template <std::size_t M>
uint32_t bits_of(const uint64_t (&v)[M], unsigned lsb, unsigned w) {
    uint32_t x = 0;
    for (unsigned i = 0; i < w; ++i) x |= (uint32_t)((v[(lsb + i) / 64] >> ((lsb + i) % 64)) & 1) << i;
    return x;
}
// a whole port from a generator of 64-bit words, masked to its width
template <class V>
void fill(V &v, unsigned w, const std::function<uint64_t()> &gen) {
    v = (V)(gen() & mask_of(w));
}
template <std::size_t M>
void fill(uint64_t (&v)[M], unsigned w, const std::function<uint64_t()> &gen) {
    for (std::size_t k = 0; k < M; ++k) v[k] = gen() & (w >= 64 * (k + 1) ? ~0ull : mask_of(w - 64 * k));
}

enum Acc { RO_CONST, RO, RW, W1C, W1P, CNT };
const char *const kAccName[] = {"ro const", "ro", "rw", "w1c", "w1p", "cnt"};
enum Kind { GEN, UNMAPPED, EXT };
// corner cases counted (the summary prints them)
enum Cov { COV_SET_CLEAR, COV_WRITE_INC, COV_RW_SAME, COV_FWD_BOTH, COV_AW_W_APART, COV_RST_FWD, COV_N };
const char *const kCovName[] = {"w1c set and cleared in one cycle", "counter written in a cycle with an increment",
                                "read and write of one register taken in one cycle",
                                "forwarded read while a forwarded write is open", "AW and W apart at a slave",
                                "resets with a forwarded access open"};
const char *const kKindName[] = {"register", "unmapped", "external"};

// One field element of the shadow.
struct Field {
    uint32_t addr;
    unsigned lsb, w, k;
    Acc acc;
    uint32_t reset;
    const char *port;                  // the output port (rw, w1c, cnt, w1p), else the input port
    std::function<uint32_t()> hw_in;   // ro: the value; w1c: the set bits; cnt: the increment (this cycle)
    std::function<uint32_t()> hw_out;  // the RTL's output bits of this element
    uint32_t val = 0;                  // rw, w1c, cnt: the value; w1p: the pulse the output shows
};

// An access of the master, from its acceptance to its response.
struct Access {
    uint32_t addr, data, strb;
    Kind kind;
    int win;           // EXT: the window
    uint32_t expect;   // GEN read: the predicted word
    uint32_t hand;     // REGS_CORE: SCRATCH or IRQ_STATUS as the harness's own copy had them when the read was taken
    uint64_t taken;    // the cycle it was accepted
    bool at_slave = false, w_at_slave = false;
};

// The AXI4-Lite slave behind an external window: ports bound to the harness's input and RTL-output structs.
struct Slave {
    std::string name;
    uint32_t base, size;
    bool *awready, *wready, *bvalid, *arready, *rvalid;
    uint32_t *bresp, *rdata, *rresp;
    const uint32_t *awaddr, *wdata, *wstrb, *araddr;
    const bool *awvalid, *wvalid, *bready, *arvalid, *rready;
    // state
    bool got_aw = false, got_w = false, b_on = false, got_ar = false, r_on = false;
    uint32_t aw = 0, wd = 0, ws = 0, ar = 0, b_resp = 0, r_data = 0, r_resp = 0;
    unsigned b_wait = 0, r_wait = 0;
    std::map<uint32_t, uint32_t> mem;
    std::deque<uint32_t> b_sent;                        // responses given, not yet seen by the master
    std::deque<std::pair<uint32_t, uint32_t>> r_sent;   // (resp, data)
    uint64_t writes = 0, reads = 0;

    static uint32_t resp_of(uint32_t off) {
        unsigned c = (off >> 4) & 7;
        return c == 5 ? 2u : c == 6 ? 3u : 0u;
    }
    void reset() {
        got_aw = got_w = b_on = got_ar = r_on = false;
        b_wait = r_wait = 0;
        b_sent.clear();
        r_sent.clear();
    }
};

class RegsBench {
  public:
    explicit RegsBench(const ls::Options &opt)
        : top_(std::make_unique<Top>()),
          rng_(opt.seed),
          p_write_(opt.prob("p_write", 0.3)),
          p_read_(opt.prob("p_read", 0.3)),
          p_valid_(opt.prob("p_valid", 0.7)),
          p_bready_(opt.prob("p_bready", 0.7)),
          p_rready_(opt.prob("p_rready", 0.7)),
          p_sready_(opt.prob("p_sready", 0.6)),
          p_rst_(opt.prob("p_rst", 0.0005)),
          p_ro_(opt.prob("p_ro", 0.05)),
          p_set_(opt.prob("p_set", 0.1)),
          p_inc_(opt.prob("p_inc", 0.5)),
          s_delay_((unsigned)opt.u64("s_delay", 6, 0, 1000000)),
          rst_junk_(opt.flag("rst_junk", true)),
          timeout_(opt.u64("timeout", 2000, 1, UINT64_MAX)),
          fault_cycle_(opt.u64("inject_fault", ~0ull)) {
        TWIN(model_init)(&model_);
        build_tables();
        top_->clk = 0;
        drive_rtl();
        top_->eval();
#if defined(REGS_CORE)
        static_checks();
#endif
    }

    void trace_rtl(VerilatedVcdC *vcd) { top_->trace(vcd, 99); }

    void model_signals(ls::Vcd &vcd) {
        sig_clk_ = vcd.add("clk", 1);
#define X(p, w) sig_.push_back(vcd.add(#p, w));
        TAB(INPUTS)(X)
        TAB(OUTPUTS)(X)
#undef X
    }

    void model_dump(ls::Vcd &vcd) {
        Out o;
        TWIN(eval)(&model_, &in_, &o);
        vcd.val(sig_clk_, clk_high_);
        size_t i = 0;
#define XI(p, w) dump(vcd, sig_[i++], in_.p);
#define XO(p, w) dump(vcd, sig_[i++], o.p);
        TAB(INPUTS)(XI)
        TAB(OUTPUTS)(XO)
#undef XI
#undef XO
    }

    void cycle(ls::Checker &chk, ls::Tracer &tr) {
        draw_inputs();
        drive_rtl();
        top_->clk = 0;
        clk_high_ = false;
        top_->eval();
        Out mo;
        TWIN(eval)(&model_, &in_, &mo);
        if (cycles_ == fault_cycle_) mo.s_axil_rdata ^= 1;
#define X(p, w) get(top_->p, rout_.p);
        TAB(OUTPUTS)(X)
#undef X
#define X(p, w) cmp(chk, #p, mo.p, rout_.p);
        TAB(OUTPUTS)(X)
#undef X

        scoreboard(chk);

        tr.pre();
        top_->clk = 1;
        clk_high_ = true;
        top_->eval();
        TWIN(tick)(&model_, &in_);
        tr.post();
        ++cycles_;
    }

    void summary(FILE *f) const {
        std::fprintf(f, "regs (%s): %llu cycles, %llu resets; writes: %llu register, %llu unmapped, %llu external; "
                        "reads: %llu register, %llu unmapped, %llu external\n",
                     kDesc, (unsigned long long)cycles_, (unsigned long long)resets_, (unsigned long long)nw_[GEN],
                     (unsigned long long)nw_[UNMAPPED], (unsigned long long)nw_[EXT], (unsigned long long)nr_[GEN],
                     (unsigned long long)nr_[UNMAPPED], (unsigned long long)nr_[EXT]);
        for (const auto &s : slaves_)
            std::fprintf(f, "  window %s: %llu writes and %llu reads answered by its slave\n", s->name.c_str(),
                         (unsigned long long)s->writes, (unsigned long long)s->reads);
        std::fprintf(f, "  %zu field elements shadowed (%llu cycles of field outputs compared), %llu w1p pulses, "
                        "%llu counter increments, %llu w1c sets\n",
                     fields_.size(), (unsigned long long)field_cycles_, (unsigned long long)pulses_,
                     (unsigned long long)incs_, (unsigned long long)sets_);
        std::fprintf(f, "  checks: %llu responses, %llu forwarded requests at their slave, %llu w1p pulses, %llu "
                        "header/table and named checks\n",
                     (unsigned long long)resp_checks_, (unsigned long long)fwd_checks_,
                     (unsigned long long)pulses_, (unsigned long long)named_checks_);
        std::fprintf(f, "  corner cases:");
        for (int c = 0; c < COV_N; ++c)
            std::fprintf(f, "%s %s %llu", c ? "," : "", kCovName[c], (unsigned long long)cov_[c]);
        std::fprintf(f, "\n");
    }

    uint64_t checks() const { return resp_checks_ + fwd_checks_ + pulses_ + named_checks_; }

  private:
    // ---- tables ----
    void build_tables() {
#define ROC_(a, l, w, v) add_field(a, l, w, 0, RO_CONST, v, "(constant)", nullptr, nullptr);
#define RO_(a, l, w, k, p) \
    add_field(a, l, w, k, RO, 0, #p, [this]() { return bits_of(in_.p, (k) * (w), w); }, nullptr);
#define RW_(a, l, w, r, k, p) \
    add_field(a, l, w, k, RW, r, #p, nullptr, [this]() { return bits_of(rout_.p, (k) * (w), w); });
#define W1C_(a, l, w, r, k, ps, po)                                                                        \
    add_field(a, l, w, k, W1C, r, #po, [this]() { return bits_of(in_.ps, (k) * (w), w); },                \
              [this]() { return bits_of(rout_.po, (k) * (w), w); });
#define W1P_(a, l, w, k, p) \
    add_field(a, l, w, k, W1P, 0, #p, nullptr, [this]() { return bits_of(rout_.p, (k) * (w), w); });
#define CNT_(a, l, w, r, iw, k, pi, po)                                                                    \
    add_field(a, l, w, k, CNT, r, #po, [this]() { return bits_of(in_.pi, (k) * (iw), iw); },              \
              [this]() { return bits_of(rout_.po, (k) * (w), w); });
        TAB(RO_CONST)(ROC_)
        TAB(RO)(RO_)
        TAB(RW)(RW_)
        TAB(W1C)(W1C_)
        TAB(W1P)(W1P_)
        TAB(CNT)(CNT_)
#undef ROC_
#undef RO_
#undef RW_
#undef W1C_
#undef W1P_
#undef CNT_
        for (const Field &f : fields_) {
            mapped_.insert(f.addr);
            if (f.acc != RO && f.acc != RO_CONST) stored_.insert(f.addr);
        }
        mapped_list_.assign(mapped_.begin(), mapped_.end());
        stored_list_.assign(stored_.begin(), stored_.end());
        // field inputs: ports named *_i, *_set, *_inc
#define X(p, w) add_input(#p, w, [this](const std::function<uint64_t()> &g) { fill(in_.p, w, g); });
        TAB(INPUTS)(X)
#undef X
        // one slave per external window
#define X(n, b, s)                                                                                          \
    {                                                                                                       \
        auto sl = std::make_unique<Slave>();                                                                \
        sl->name = #n;                                                                                      \
        sl->base = b;                                                                                       \
        sl->size = s;                                                                                       \
        sl->awready = &in_.m_axil_##n##_awready;                                                            \
        sl->wready = &in_.m_axil_##n##_wready;                                                              \
        sl->bvalid = &in_.m_axil_##n##_bvalid;                                                              \
        sl->arready = &in_.m_axil_##n##_arready;                                                            \
        sl->rvalid = &in_.m_axil_##n##_rvalid;                                                              \
        sl->bresp = &in_.m_axil_##n##_bresp;                                                                \
        sl->rdata = &in_.m_axil_##n##_rdata;                                                                \
        sl->rresp = &in_.m_axil_##n##_rresp;                                                                \
        sl->awaddr = &rout_.m_axil_##n##_awaddr;                                                            \
        sl->wdata = &rout_.m_axil_##n##_wdata;                                                              \
        sl->wstrb = &rout_.m_axil_##n##_wstrb;                                                              \
        sl->araddr = &rout_.m_axil_##n##_araddr;                                                            \
        sl->awvalid = &rout_.m_axil_##n##_awvalid;                                                          \
        sl->wvalid = &rout_.m_axil_##n##_wvalid;                                                            \
        sl->bready = &rout_.m_axil_##n##_bready;                                                            \
        sl->arvalid = &rout_.m_axil_##n##_arvalid;                                                          \
        sl->rready = &rout_.m_axil_##n##_rready;                                                            \
        slaves_.push_back(std::move(sl));                                                                   \
    }
        TAB(EXT)(X)
#undef X
        if (mapped_list_.empty()) ls::Options::die("the description has no generated register");
        reset_shadow();
    }

    void add_field(uint32_t addr, unsigned lsb, unsigned w, unsigned k, Acc acc, uint32_t reset, const char *port,
                   std::function<uint32_t()> hw_in, std::function<uint32_t()> hw_out) {
        Field f;
        f.addr = addr;
        f.lsb = lsb;
        f.w = w;
        f.k = k;
        f.acc = acc;
        f.reset = reset;
        f.port = port;
        f.hw_in = std::move(hw_in);
        f.hw_out = std::move(hw_out);
        fields_.push_back(std::move(f));
    }

    struct Input {
        std::string name;
        int kind;  // 0 _i, 1 _set, 2 _inc
        std::function<void(const std::function<uint64_t()> &)> fill;
    };
    static bool ends_with(const std::string &s, const char *t) {
        size_t n = std::strlen(t);
        return s.size() >= n && s.compare(s.size() - n, n, t) == 0;
    }
    void add_input(const char *name, unsigned, std::function<void(const std::function<uint64_t()> &)> f) {
        std::string s = name;
        if (s == "rst" || s.rfind("s_axil_", 0) == 0 || s.rfind("m_axil_", 0) == 0) {
            bus_inputs_.push_back(std::move(f));
            return;
        }
        int kind = ends_with(s, "_i") ? 0 : ends_with(s, "_set") ? 1 : ends_with(s, "_inc") ? 2 : -1;
        if (kind < 0) ls::Options::die("input %s is neither a bus port nor a field input", name);
        inputs_.push_back({s, kind, std::move(f)});
        if (kind == 0) inputs_.back().fill([this]() { return rng_.next(); });
    }

    Kind kind_of(uint32_t a, int *win) const {
        for (size_t i = 0; i < slaves_.size(); ++i)
            if (a >= slaves_[i]->base && a < slaves_[i]->base + slaves_[i]->size) {
                *win = (int)i;
                return EXT;
            }
        *win = -1;
        return mapped_.count(a & ~3u) ? GEN : UNMAPPED;
    }

    // ---- stimulus ----
    // Registers (half of them from those with storage), the external windows (mostly their first 32 words, so
    // that reads find what was written), anywhere (mostly unmapped), holes just above a register.
    uint32_t pick_addr() {
        const uint64_t c = rng_.below(100);
        if (c < 50) {
            const auto &l = (rng_.chance(0.5) && !stored_list_.empty()) ? stored_list_ : mapped_list_;
            uint32_t a = l[rng_.below(l.size())];
            return rng_.chance(0.15) ? a | (uint32_t)rng_.below(4) : a;
        }
        if (c < 75 && !slaves_.empty()) {
            const Slave &s = *slaves_[rng_.below(slaves_.size())];
            uint32_t off = rng_.chance(0.8) ? (uint32_t)rng_.below(32) * 4 + (uint32_t)rng_.below(4)
                                             : (uint32_t)rng_.below(s.size);
            return s.base + off;
        }
        if (c < 88) return (uint32_t)rng_.below(1ull << kAddrW);
        return (mapped_list_[rng_.below(mapped_list_.size())] + 4 * (uint32_t)(1 + rng_.below(8))) & kAddrMask;
    }

    void draw_inputs() {
        if (rst_left_ == 0 && rng_.chance(p_rst_)) {
            rst_left_ = 1 + rng_.below(3);
            ++resets_;
        }
        in_.rst = rst_left_ > 0;
        if (rst_left_ > 0) --rst_left_;
        // field inputs
        for (Input &i : inputs_) {
            if (i.kind == 0) {
                if (rng_.chance(p_ro_)) i.fill([this]() { return rng_.next(); });
            } else if (i.kind == 1) {
                bool on = rng_.chance(p_set_);
                i.fill([this, on]() { return on ? rng_.next() & rng_.next() & rng_.next() : 0; });
            } else {
                bool on = rng_.chance(p_inc_);
                i.fill([this, on]() { return on ? rng_.next() : 0; });
            }
        }
        if (in_.rst && rst_junk_) {
            // reset: anything on the bus (a master and slaves outside the reset would be AXI-illegal only in
            // what the reset drops); rst itself stays 1
            for (auto &f : bus_inputs_) f([this]() { return rng_.next(); });
            in_.rst = true;
            return;
        }
        if (in_.rst) {
            for (auto &f : bus_inputs_) f([]() { return 0ull; });
            in_.rst = true;
            return;
        }
        // master: write
        if (!w_pend_ && rng_.chance(p_write_)) {
            w_pend_ = true;
            aw_on_ = w_on_ = false;
            w_addr_ = pick_addr();
            w_data_ = (uint32_t)rng_.next();
            w_strb_ = rng_.chance(0.7) ? 0xFu : (uint32_t)rng_.below(16);
            w_since_ = cycles_;
        }
        if (w_pend_) {
            if (!aw_on_ && rng_.chance(p_valid_)) aw_on_ = true;
            if (!w_on_ && rng_.chance(p_valid_)) w_on_ = true;
        }
        in_.s_axil_awvalid = aw_on_;
        in_.s_axil_awaddr = aw_on_ ? w_addr_ : (uint32_t)rng_.next() & kAddrMask;
        in_.s_axil_wvalid = w_on_;
        in_.s_axil_wdata = w_on_ ? w_data_ : (uint32_t)rng_.next();
        in_.s_axil_wstrb = w_on_ ? w_strb_ : (uint32_t)rng_.below(16);
        in_.s_axil_bready = rng_.chance(p_bready_);
        // master: read
        if (!r_pend_ && rng_.chance(p_read_)) {
            r_pend_ = true;
            ar_on_ = false;
            r_addr_ = pick_addr();
            r_since_ = cycles_;
        }
        if (r_pend_ && !ar_on_ && rng_.chance(p_valid_)) ar_on_ = true;
        in_.s_axil_arvalid = ar_on_;
        in_.s_axil_araddr = ar_on_ ? r_addr_ : (uint32_t)rng_.next() & kAddrMask;
        in_.s_axil_rready = rng_.chance(p_rready_);
        // slaves
        for (auto &sp : slaves_) {
            Slave &s = *sp;
            *s.awready = !s.got_aw && rng_.chance(p_sready_);
            *s.wready = !s.got_w && rng_.chance(p_sready_);
            *s.bvalid = s.b_on;
            *s.bresp = s.b_on ? s.b_resp : (uint32_t)rng_.below(4);
            *s.arready = !s.got_ar && rng_.chance(p_sready_);
            *s.rvalid = s.r_on;
            *s.rdata = s.r_on ? s.r_data : (uint32_t)rng_.next();
            *s.rresp = s.r_on ? s.r_resp : (uint32_t)rng_.below(4);
        }
    }

    void drive_rtl() {
#define X(p, w) put(top_->p, in_.p);
        TAB(INPUTS)(X)
#undef X
    }

    unsigned delay() {
        unsigned d = 0;
        while (d < s_delay_ && rng_.chance(0.6)) ++d;
        return d;
    }

    // ---- the independent checks ----
    void reset_shadow() {
        for (Field &f : fields_) f.val = f.acc == W1P ? 0 : f.reset;
#if defined(REGS_CORE)
        scratch_ = MDD_CORE_SCRATCH_RESET;
        irq_ = MDD_CORE_IRQ_STATUS_RESET;
#endif
    }

    uint32_t predict_word(uint32_t a) const {
        uint32_t word = 0;
        for (const Field &f : fields_) {
            if (f.addr != (a & ~3u)) continue;
            uint32_t v = f.acc == RO_CONST ? f.reset : f.acc == RO ? f.hw_in() : f.acc == W1P ? 0 : f.val;
            word |= v << f.lsb;
        }
        return word;
    }

    void scoreboard(ls::Checker &chk) {
#if defined(REGS_CORE)
        for (const std::string &msg : static_fail_) chk.fail("header", msg);
        static_fail_.clear();
#endif
        // field outputs against the shadow, every cycle (reset cycles too: the reset acts at the edge)
        ++field_cycles_;
        for (const Field &f : fields_) {
            if (!f.hw_out) continue;
            uint32_t got = f.hw_out();
            if (got != f.val)
                chk.failf("field", "%s element %u (%s at 0x%04x): RTL 0x%x, shadow 0x%x", f.port, f.k,
                          kAccName[f.acc], f.addr, got, f.val);
            if (f.acc == W1P && got) pulses_ += __builtin_popcount(got);
        }
        if (in_.rst) {
            bool fwd = false;
            for (const Access &x : wq_) fwd |= x.kind == EXT;
            for (const Access &x : rq_) fwd |= x.kind == EXT;
            cov_[COV_RST_FWD] += fwd;
            for (auto &s : slaves_) s->reset();
            wq_.clear();
            rq_.clear();
            w_pend_ = r_pend_ = aw_on_ = w_on_ = ar_on_ = false;
            reset_shadow();
            return;
        }
        const bool wtake = in_.s_axil_awvalid && in_.s_axil_wvalid && rout_.s_axil_awready && rout_.s_axil_wready;
        if (rout_.s_axil_awready != rout_.s_axil_wready)
            chk.failf("axil", "awready %d and wready %d differ", rout_.s_axil_awready, rout_.s_axil_wready);
        // responses to the master
        if (rout_.s_axil_bvalid && in_.s_axil_bready) on_b(chk);
        if (rout_.s_axil_rvalid && in_.s_axil_rready) on_r(chk);
        // the slaves: requests and answers
        for (size_t i = 0; i < slaves_.size(); ++i) slave_edge(chk, (int)i);
        // new accesses
        if (wtake) {
            Access x{w_addr_, w_data_, w_strb_, GEN, -1, 0, 0, cycles_};
            x.kind = kind_of(w_addr_, &x.win);
            ++nw_[x.kind];
            wq_.push_back(x);
            w_pend_ = aw_on_ = w_on_ = false;
        }
        if (in_.s_axil_arvalid && rout_.s_axil_arready) {
            cov_[COV_RW_SAME] += wtake && (w_addr_ & ~3u) == (r_addr_ & ~3u) && mapped_.count(r_addr_ & ~3u);
            Access x{r_addr_, 0, 0, GEN, -1, 0, 0, cycles_};
            x.kind = kind_of(r_addr_, &x.win);
            if (x.kind == GEN) x.expect = predict_word(r_addr_);
#if defined(REGS_CORE)
            x.hand = (r_addr_ & ~3u) == MDD_WIN_CORE_BASE + MDD_CORE_SCRATCH ? scratch_ : irq_;
#endif
            ++nr_[x.kind];
            rq_.push_back(x);
            r_pend_ = ar_on_ = false;
        }
        // no hang
        if (w_pend_ && cycles_ - w_since_ > timeout_) chk.failf("hang", "a write to 0x%04x is not accepted", w_addr_);
        if (r_pend_ && cycles_ - r_since_ > timeout_) chk.failf("hang", "a read of 0x%04x is not accepted", r_addr_);
        if (!wq_.empty() && cycles_ - wq_.front().taken > timeout_)
            chk.failf("hang", "no B for the write to 0x%04x", wq_.front().addr);
        if (!rq_.empty() && cycles_ - rq_.front().taken > timeout_)
            chk.failf("hang", "no R for the read of 0x%04x", rq_.front().addr);
        // the shadow at the edge
        shadow_edge(wtake);
    }

    void on_b(ls::Checker &chk) {
        if (wq_.empty()) {
            chk.fail("axil", "a B response without an accepted write");
            return;
        }
        Access x = wq_.front();
        wq_.pop_front();
        uint32_t want;
        if (x.kind == EXT) {
            Slave &s = *slaves_[x.win];
            if (!x.at_slave || !x.w_at_slave || s.b_sent.empty()) {
                chk.failf("forward", "B for the write to 0x%04x before window %s answered it", x.addr, s.name.c_str());
                return;
            }
            want = s.b_sent.front();
            s.b_sent.pop_front();
        } else {
            want = x.kind == GEN ? 0 : 2;
        }
        ++resp_checks_;
        if (rout_.s_axil_bresp != want)
            chk.failf("bresp", "write to 0x%04x (%s): bresp %u, expected %u", x.addr, kKindName[x.kind],
                      rout_.s_axil_bresp, want);
    }

    void on_r(ls::Checker &chk) {
        if (rq_.empty()) {
            chk.fail("axil", "an R response without an accepted read");
            return;
        }
        Access x = rq_.front();
        rq_.pop_front();
        uint32_t resp, data;
        if (x.kind == EXT) {
            Slave &s = *slaves_[x.win];
            if (!x.at_slave || s.r_sent.empty()) {
                chk.failf("forward", "R for the read of 0x%04x before window %s answered it", x.addr, s.name.c_str());
                return;
            }
            resp = s.r_sent.front().first;
            data = s.r_sent.front().second;
            s.r_sent.pop_front();
        } else if (x.kind == GEN) {
            resp = 0;
            data = x.expect;
        } else {
            resp = 2;
            data = 0;
        }
        ++resp_checks_;
        if (rout_.s_axil_rresp != resp || rout_.s_axil_rdata != data)
            chk.failf("read", "read of 0x%04x (%s): resp %u data 0x%08x, expected resp %u data 0x%08x", x.addr,
                      kKindName[x.kind], rout_.s_axil_rresp, rout_.s_axil_rdata, resp, data);
#if defined(REGS_CORE)
        named_read(chk, x.addr & ~3u, x.hand, rout_.s_axil_rresp, rout_.s_axil_rdata);
#endif
    }

    void slave_edge(ls::Checker &chk, int i) {
        Slave &s = *slaves_[i];
        const uint32_t wmask = s.size - 1;
        // requests, checked against the master's access
        if (*s.awvalid && *s.awready) {
            Access *x = wq_.empty() ? nullptr : &wq_.front();
            if (!x || x->kind != EXT || x->win != i || x->at_slave)
                chk.failf("forward", "window %s: AW 0x%03x that no write of the master asks for", s.name.c_str(),
                          *s.awaddr);
            else {
                x->at_slave = true;
                ++fwd_checks_;
                if (*s.awaddr != (x->addr & wmask))
                    chk.failf("forward", "window %s: awaddr 0x%03x for the write to 0x%04x (expected 0x%03x)",
                              s.name.c_str(), *s.awaddr, x->addr, x->addr & wmask);
            }
            s.got_aw = true;
            s.aw = *s.awaddr;
        }
        if (*s.wvalid && *s.wready) {
            Access *x = wq_.empty() ? nullptr : &wq_.front();
            if (!x || x->kind != EXT || x->win != i || x->w_at_slave)
                chk.failf("forward", "window %s: W that no write of the master asks for", s.name.c_str());
            else {
                x->w_at_slave = true;
                ++fwd_checks_;
                if (*s.wdata != x->data || *s.wstrb != x->strb)
                    chk.failf("forward", "window %s: wdata 0x%08x wstrb 0x%x for the write to 0x%04x (expected "
                                         "0x%08x 0x%x)", s.name.c_str(), *s.wdata, *s.wstrb, x->addr, x->data, x->strb);
            }
            cov_[COV_AW_W_APART] += s.got_aw != (*s.awvalid && *s.awready);
            s.got_w = true;
            s.wd = *s.wdata;
            s.ws = *s.wstrb;
        }
        if (*s.arvalid && *s.arready) {
            Access *x = rq_.empty() ? nullptr : &rq_.front();
            if (!x || x->kind != EXT || x->win != i || x->at_slave)
                chk.failf("forward", "window %s: AR 0x%03x that no read of the master asks for", s.name.c_str(),
                          *s.araddr);
            else {
                x->at_slave = true;
                ++fwd_checks_;
                if (*s.araddr != (x->addr & wmask))
                    chk.failf("forward", "window %s: araddr 0x%03x for the read of 0x%04x (expected 0x%03x)",
                              s.name.c_str(), *s.araddr, x->addr, x->addr & wmask);
            }
            cov_[COV_FWD_BOTH] += !wq_.empty() && wq_.front().kind == EXT && wq_.front().win == i;
            s.got_ar = true;
            s.ar = *s.araddr;
            s.r_wait = delay();
        }
        // answers
        if (s.b_on && *s.bready) {
            s.b_on = false;
            s.got_aw = s.got_w = false;
            s.b_sent.push_back(s.b_resp);
            ++s.writes;
        } else if (s.got_aw && s.got_w && !s.b_on && !(*s.awvalid && *s.awready) && !(*s.wvalid && *s.wready)) {
            if (s.b_wait == 0) {
                s.b_resp = Slave::resp_of(s.aw);
                if (s.b_resp == 0) {
                    uint32_t bits = 0;
                    for (unsigned b = 0; b < 4; ++b)
                        if (s.ws >> b & 1) bits |= 0xFFu << (8 * b);
                    uint32_t &m = s.mem[s.aw & ~3u];
                    m = (m & ~bits) | (s.wd & bits);
                }
                s.b_on = true;
                s.b_wait = delay();  // for the next one
            } else {
                --s.b_wait;
            }
        }
        if (s.r_on && *s.rready) {
            s.r_on = false;
            s.got_ar = false;
            s.r_sent.emplace_back(s.r_resp, s.r_data);
            ++s.reads;
        } else if (s.got_ar && !s.r_on && !(*s.arvalid && *s.arready)) {
            if (s.r_wait == 0) {
                s.r_resp = Slave::resp_of(s.ar);
                auto it = s.mem.find(s.ar & ~3u);
                s.r_data = it == s.mem.end() ? 0 : it->second;
                s.r_on = true;
            } else {
                --s.r_wait;
            }
        }
    }

    void shadow_edge(bool wtake) {
        uint32_t wbits = 0;
        for (unsigned b = 0; b < 4; ++b)
            if (in_.s_axil_wstrb >> b & 1) wbits |= 0xFFu << (8 * b);
        const uint32_t wa = in_.s_axil_awaddr & ~3u;
        int win;
        const bool wgen = wtake && kind_of(in_.s_axil_awaddr, &win) == GEN;
        for (Field &f : fields_) {
            const uint32_t m = (uint32_t)mask_of(f.w);
            const bool hit = wgen && f.addr == wa;
            const uint32_t fb = (wbits >> f.lsb) & m, fd = (in_.s_axil_wdata >> f.lsb) & m;
            switch (f.acc) {
            case RW:
                if (hit) f.val = (f.val & ~fb) | (fd & fb);
                break;
            case W1C: {
                uint32_t set = f.hw_in();
                sets_ += set != 0;
                cov_[COV_SET_CLEAR] += hit && (fd & fb & set) != 0;
                f.val = (f.val & ~(hit ? fd & fb : 0)) | set;  // a set in the cycle of the clear wins
                break;
            }
            case W1P:
                f.val = hit ? fd & fb : 0;  // the pulse shows in the next cycle
                break;
            case CNT:
                if (hit) {
                    cov_[COV_WRITE_INC] += f.hw_in() != 0;
                    f.val = (f.val & ~fb) | (fd & fb);  // the write wins over this cycle's increment
                } else {
                    uint32_t inc = f.hw_in();
                    incs_ += inc != 0;
                    f.val = (f.val + inc) & m;
                }
                break;
            default:
                break;
            }
        }
#if defined(REGS_CORE)
        // the same for SCRATCH and IRQ_STATUS, from include/mdd/regs.h's names only
        if (wgen && wa == MDD_WIN_CORE_BASE + MDD_CORE_SCRATCH)
            scratch_ = (scratch_ & ~wbits) | (in_.s_axil_wdata & wbits);
        uint32_t clr = wgen && wa == MDD_WIN_CORE_BASE + MDD_CORE_IRQ_STATUS ? in_.s_axil_wdata & wbits : 0;
        uint32_t set = (uint32_t)in_.core_irq_status_dep_set << MDD_CORE_IRQ_STATUS_DEP_LSB |
                       (uint32_t)in_.core_irq_status_rx_set << MDD_CORE_IRQ_STATUS_RX_LSB |
                       (uint32_t)in_.core_irq_status_tx_set << MDD_CORE_IRQ_STATUS_TX_LSB |
                       (uint32_t)in_.core_irq_status_cmb_set << MDD_CORE_IRQ_STATUS_CMB_LSB;
        const uint32_t irq_mask = MDD_CORE_IRQ_STATUS_DEP_MASK | MDD_CORE_IRQ_STATUS_RX_MASK |
                                  MDD_CORE_IRQ_STATUS_TX_MASK | MDD_CORE_IRQ_STATUS_CMB_MASK;
        irq_ = ((irq_ & ~clr) | set) & irq_mask;
#endif
    }

#if defined(REGS_CORE)
    void named(ls::Checker &chk, bool ok, const char *what, const std::string &msg) {
        ++named_checks_;
        if (!ok) chk.fail(what, msg);
    }

    // The generated header (what software uses) against the twin's tables (what the RTL was generated with).
    void static_checks() {
        auto find = [this](uint32_t addr, unsigned lsb, Acc acc) -> const Field * {
            for (const Field &f : fields_)
                if (f.addr == addr && f.lsb == lsb && f.acc == acc) return &f;
            return nullptr;
        };
        auto expect = [this](bool ok, const char *what) {
            ++named_checks_;
            if (!ok) static_fail_.push_back(what);
        };
        const Field *id = find(MDD_WIN_CORE_BASE + MDD_CORE_ID, 0, RO_CONST);
        expect(id && id->reset == ('M' << 24 | 'D' << 16 | 'D' << 8 | '0') &&
                   MDD_CORE_ID_RESET == ('M' << 24 | 'D' << 16 | 'D' << 8 | '0'),
               "CORE.ID is the constant \"MDD0\"");
        const Field *scr = find(MDD_WIN_CORE_BASE + MDD_CORE_SCRATCH, MDD_CORE_SCRATCH_VALUE_LSB, RW);
        expect(scr && scr->w == MDD_CORE_SCRATCH_VALUE_WIDTH && std::string(scr->port) == "core_scratch_value_o",
               "CORE.SCRATCH is rw, port core_scratch_value_o");
        const Field *dep = find(MDD_WIN_CORE_BASE + MDD_CORE_IRQ_STATUS, MDD_CORE_IRQ_STATUS_DEP_LSB, W1C);
        const Field *cmb = find(MDD_WIN_CORE_BASE + MDD_CORE_IRQ_STATUS, MDD_CORE_IRQ_STATUS_CMB_LSB, W1C);
        expect(dep && cmb && std::string(dep->port) == "core_irq_status_dep_o" &&
                   std::string(cmb->port) == "core_irq_status_cmb_o",
               "CORE.IRQ_STATUS DEP/CMB are w1c at their header LSBs");
        const Field *snap = find(MDD_WIN_CORE_BASE + MDD_CORE_STATS_CTRL, MDD_CORE_STATS_CTRL_SNAP_LSB, W1P);
        expect(snap && std::string(snap->port) == "core_stats_ctrl_snap_pulse", "CORE.STATS_CTRL.SNAP is w1p");
        const Field *ecls = find(MDD_WIN_RX_BASE + MDD_RX_ERR_CLASS(15), 0, RO);
        expect(ecls && ecls->k == 15 && std::string(ecls->port) == "rx_err_class_count_i",
               "RX.ERR_CLASS(15) is element 15 of rx_err_class_count_i");
        const Field *cerr = find(MDD_WIN_CMB_BASE + MDD_CMB_ERRORS(MDD_CMB_ERRORS_COUNT - 1), 0, RO);
        expect(cerr && cerr->k == MDD_CMB_ERRORS_COUNT - 1, "CMB.ERRORS(last) is the last element");
        expect(slaves_.size() == 1 && slaves_[0]->name == "dep" && slaves_[0]->base == MDD_WIN_DEP_BASE &&
                   slaves_[0]->size == MDD_WIN_DEP_SIZE,
               "window DEP is the one external window, at MDD_WIN_DEP_BASE");
        size_t caps = 0;
        for (const Field &f : fields_) caps += f.addr == MDD_WIN_CORE_BASE + MDD_CORE_CAPS;
        expect(caps == 1 && mapped_.count(MDD_WIN_CORE_BASE + MDD_CORE_VERSION), "CAPS and VERSION are mapped");
    }

    void named_read(ls::Checker &chk, uint32_t a, uint32_t hand, uint32_t resp, uint32_t data) {
        char msg[160];
        if (a == MDD_WIN_CORE_BASE + MDD_CORE_ID) {
            std::snprintf(msg, sizeof msg, "CORE.ID read 0x%08x resp %u", data, resp);
            named(chk, resp == 0 && data == 0x4D444430u, "id", msg);  // "MDD0"
        } else if (a == MDD_WIN_CORE_BASE + MDD_CORE_VERSION) {
            std::snprintf(msg, sizeof msg, "CORE.VERSION read 0x%08x resp %u, header 0x%08x", data, resp,
                          MDD_CORE_VERSION_RESET);
            named(chk, resp == 0 && data == MDD_CORE_VERSION_RESET, "version", msg);
        } else if (a == MDD_WIN_CORE_BASE + MDD_CORE_SCRATCH) {
            std::snprintf(msg, sizeof msg, "CORE.SCRATCH read 0x%08x resp %u, written 0x%08x", data, resp, hand);
            named(chk, resp == 0 && data == hand, "scratch", msg);
        } else if (a == MDD_WIN_CORE_BASE + MDD_CORE_IRQ_STATUS) {
            std::snprintf(msg, sizeof msg, "CORE.IRQ_STATUS read 0x%08x resp %u, expected 0x%08x", data, resp, hand);
            named(chk, resp == 0 && data == hand, "irq_status", msg);
        }
    }
#endif

    std::unique_ptr<Top> top_;
    Model model_{};
    In in_{};
    Out rout_{};  // the RTL's outputs of this cycle
    ls::Rng rng_;
    double p_write_, p_read_, p_valid_, p_bready_, p_rready_, p_sready_, p_rst_, p_ro_, p_set_, p_inc_;
    unsigned s_delay_;
    bool rst_junk_;
    uint64_t timeout_, fault_cycle_;

    std::vector<Field> fields_;
    std::set<uint32_t> mapped_, stored_;
    std::vector<uint32_t> mapped_list_, stored_list_;
    std::vector<Input> inputs_;
    std::vector<std::function<void(const std::function<uint64_t()> &)>> bus_inputs_;
    std::vector<std::unique_ptr<Slave>> slaves_;

    // master
    bool w_pend_ = false, aw_on_ = false, w_on_ = false, r_pend_ = false, ar_on_ = false;
    uint32_t w_addr_ = 0, w_data_ = 0, w_strb_ = 0, r_addr_ = 0;
    uint64_t w_since_ = 0, r_since_ = 0;
    std::deque<Access> wq_, rq_;  // accepted, not yet answered

#if defined(REGS_CORE)
    uint32_t scratch_ = 0, irq_ = 0;
    std::vector<std::string> static_fail_;
#endif

    uint64_t rst_left_ = 0, cycles_ = 0, resets_ = 0;
    uint64_t nw_[3] = {0, 0, 0}, nr_[3] = {0, 0, 0};
    uint64_t resp_checks_ = 0, fwd_checks_ = 0, named_checks_ = 0, pulses_ = 0, incs_ = 0, sets_ = 0;
    uint64_t field_cycles_ = 0;
    uint64_t cov_[COV_N] = {};
    bool clk_high_ = false;
    int sig_clk_ = 0;
    std::vector<int> sig_;
};

}  // namespace

int main(int argc, char **argv) { return ls::run<RegsBench>(argc, argv, kSuite); }

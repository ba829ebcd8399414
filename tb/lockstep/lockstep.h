// SPDX-License-Identifier: MIT
//
// Lockstep harness framework: drives a Verilated RTL block and its C twin with identical random stimulus,
// compares every output on every cycle, and on the first divergence reports it precisely and writes waveforms
// of the cycles before it (RTL from Verilator, model from a small VCD writer with the same signal names).
// On request (--trace PREFIX) it writes both waveforms for the whole run or a window of it; `mdd compare`
// reports the first cycle and signal where two such traces differ. Files whose name ends in ".gz" (waveforms,
// vectors) are written through zlib.
//
// A block provides a Bench class (see docs/ARCHITECTURE.md, "C model contract"):
//   explicit Bench(const ls::Options &opt);
//   void trace_rtl(VerilatedVcdC *vcd);          // top->trace(vcd, 99)
//   void model_signals(ls::Vcd &vcd);            // declare model signals (RTL port names)
//   void model_dump(ls::Vcd &vcd);               // their current values
//   void cycle(ls::Checker &chk, ls::Tracer &tr);// one clock: stimulus, eval, compare, tr.pre(), edge, tr.post()
//   void summary(FILE *f) const;                 // human-readable counts
//   uint64_t checks() const;                     // independent results checked (the suite's "passed" count)
// and main() is `return ls::run<Bench>(argc, argv, "suite-name");`.
//
// Determinism: everything random comes from ls::Rng seeded by --seed, so a run replays exactly; the divergence
// report prints the replay command. Waveforms come from a second run of the same seed with tracing switched on
// only inside the window, so the first run pays nothing for tracing (unless --trace asks for a traced run).
#ifndef MDD_LOCKSTEP_H
#define MDD_LOCKSTEP_H

#include <verilated.h>
#include <verilated_vcd_c.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <functional>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

namespace ls {

// ---- port access for every width Verilator may choose (CData..QData, VlWide for buses over 64 bits) ----
// b[0] is the port's least significant byte; n bytes of b are used, the port's other bytes are 0 (put) or
// read as 0 past the port's width (get).
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
        for (size_t i = 0; i < 4 && 4 * wd + i < n; ++i) v |= (uint32_t)b[4 * wd + i] << (8 * i);
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

// A field of a packed output port: width bits from bit at (ports up to 4096 bits).
template <class T>
uint64_t port_field(const T &port, unsigned at, unsigned width) {
    uint8_t b[512];
    get_bytes(port, b, sizeof b);
    uint64_t v = 0;
    for (unsigned i = 0; i < width; ++i) v |= (uint64_t)((b[(at + i) / 8] >> ((at + i) % 8)) & 1) << i;
    return v;
}

// Bits of a count 0..n, as the RTL's $clog2(n + 1) (a lane count or index of a W-lane block: NW).
constexpr unsigned count_bits(unsigned n) { return n < 2 ? 1 : 1 + count_bits(n / 2); }

// Fields of a packed port (per-lane fields of any width), built LSB first into bytes for put_bytes / eq_bytes.
struct Bits {
    uint8_t b[128] = {0};
    void put(unsigned at, unsigned width, uint64_t v) {
        for (unsigned i = 0; i < width; ++i)
            if ((v >> i) & 1) b[(at + i) / 8] |= (uint8_t)(1u << ((at + i) % 8));
    }
};

// Model-side 64-bit words (little-endian, word 0 first) <-> bytes, for descriptors and context beats.
inline void words_to_bytes(const uint64_t *w, uint8_t *b, size_t nwords) {
    for (size_t k = 0; k < nwords; ++k)
        for (unsigned i = 0; i < 8; ++i) b[8 * k + i] = (uint8_t)(w[k] >> (8 * i));
}
inline void bytes_to_words(const uint8_t *b, uint64_t *w, size_t nwords) {
    for (size_t k = 0; k < nwords; ++k) {
        w[k] = 0;
        for (unsigned i = 0; i < 8; ++i) w[k] |= (uint64_t)b[8 * k + i] << (8 * i);
    }
}

// xoshiro256** seeded through splitmix64: fast, and identical on every platform.
class Rng {
  public:
    explicit Rng(uint64_t seed) {
        for (auto &w : s_) {
            seed += 0x9e3779b97f4a7c15ull;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            w = z ^ (z >> 31);
        }
    }
    uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Uniform in [0, n); n == 0 gives 0. Lemire's multiply-shift, bias negligible for test stimulus.
    uint64_t below(uint64_t n) { return (uint64_t)(((unsigned __int128)next() * n) >> 64); }
    // True with probability p (p <= 0: never, p >= 1: always).
    bool chance(double p) {
        if (p <= 0.0) return false;
        if (p >= 1.0) return true;
        return (next() >> 11) < (uint64_t)(p * 9007199254740992.0);
    }

  private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4];
};

// Command line and scenario options. Flags: --seed N --cycles N --window N --vcd PREFIX --bench --quiet
// --scenario FILE --suite NAME (the name on the closing line, e.g. one per regression seed); any `key=value` argument (or line of the scenario file; '#' starts a comment) is a block knob.
// Command-line values override the scenario file.
// Whole-run waveforms: --trace PREFIX (knob trace=PREFIX) writes PREFIX_rtl.vcd and PREFIX_model.vcd for every
// cycle, or for cycles trace_from..trace_to (knobs, inclusive), or for the trace_len=N cycles in the middle of
// the run; --trace-gz (knob trace_gz=1) writes every waveform of the run, these and the divergence window's,
// gzip-compressed as *.vcd.gz; --trace-fst (knob trace_fst=1) writes them as FST (*.fst: GTKWave reads them;
// `mdd compare` reads VCD only).
// `fixed` ? v : read, with `read` evaluated either way: a knob that a bench mode overrides is still read (so it is
// validated and counts as known), e.g. ls::fixed_if(bench_, 1.0, opt.prob("p_valid", 0.8)).
template <class T, class U>
T fixed_if(bool fixed, T v, U read) {
    return fixed ? v : (T)read;
}

struct Options {
    uint64_t seed = 1;
    uint64_t cycles = 100000;
    uint64_t window = 64;
    std::string vcd_prefix;  // default: build/lockstep/<suite>_seed<N>
    std::string trace_prefix;  // whole-run (or trace_from..trace_to) waveforms; empty: none
    uint64_t trace_from = 0;
    uint64_t trace_to = UINT64_MAX;
    uint64_t trace_len = 0;  // 0: trace_from..trace_to
    bool trace_gz = false;
    bool trace_fst = false;
    bool bench = false;
    bool quiet = false;
    std::string suite;
    std::string argv0;
    std::map<std::string, std::string> kv;
    std::map<std::string, std::string> origin;  // where each knob was set: "FILE:LINE" or "the command line"
    mutable std::set<std::string> used;          // the knobs a bench has looked at

    std::string where(const char *key) const {
        auto o = origin.find(key);
        return o == origin.end() ? std::string("the command line") : o->second;
    }

    // Knob readers: each knob is read through the one that states its range, and a value outside it (or not a
    // number of that kind) stops the run with where the knob was set (FILE:LINE or the command line).
    double num(const char *key, double dflt) const {
        used.insert(key);
        auto it = kv.find(key);
        if (it == kv.end()) return dflt;
        char *end = nullptr;
        double v = std::strtod(it->second.c_str(), &end);
        if (end == it->second.c_str() || *end != '\0' || !std::isfinite(v))
            die("%s: %s=%s is not a number", where(key).c_str(), key, it->second.c_str());
        return v;
    }
    // a number in [lo, hi]
    double num(const char *key, double dflt, double lo, double hi) const {
        const double v = num(key, dflt);
        if (v < lo || v > hi)
            die("%s: %s=%s is out of range: expected a number from %g to %g", where(key).c_str(), key,
                kv.find(key)->second.c_str(), lo, hi);
        return v;
    }
    // a probability: a number in [0, 1]
    double prob(const char *key, double dflt) const {
        const double v = num(key, dflt);
        if (v < 0.0 || v > 1.0)
            die("%s: %s=%s is a probability: expected a number from 0 to 1", where(key).c_str(), key,
                kv.find(key)->second.c_str());
        return v;
    }
    // an integer in [lo, hi] (a count, a length, a cycle number); a minus sign is an error, not a wrap
    uint64_t u64(const char *key, uint64_t dflt, uint64_t lo = 0, uint64_t hi = UINT64_MAX) const {
        used.insert(key);
        auto it = kv.find(key);
        if (it == kv.end()) return dflt;
        const uint64_t v = parse_u64(where(key), key, it->second);
        if (v < lo || v > hi)
            die("%s: %s=%s is out of range: expected an integer from %" PRIu64 " to %" PRIu64, where(key).c_str(),
                key, it->second.c_str(), lo, hi);
        return v;
    }
    // a signed integer in [lo, hi] (a mode where -1 means "mixed")
    int64_t i64(const char *key, int64_t dflt, int64_t lo, int64_t hi) const {
        used.insert(key);
        auto it = kv.find(key);
        if (it == kv.end()) return dflt;
        const std::string &s = it->second;
        char *end = nullptr;
        errno = 0;
        const long long v = std::strtoll(s.c_str(), &end, 0);
        const size_t d = (!s.empty() && s[0] == '-') ? 1 : 0;
        if (s.size() <= d || !std::isdigit((unsigned char)s[d]) || *end != '\0' || errno == ERANGE)
            die("%s: %s=%s is not an integer", where(key).c_str(), key, s.c_str());
        if (v < lo || v > hi)
            die("%s: %s=%s is out of range: expected an integer from %" PRId64 " to %" PRId64, where(key).c_str(), key,
                s.c_str(), lo, hi);
        return v;
    }
    // a percentage: an integer from 0 to 100
    unsigned pct(const char *key, unsigned dflt) const { return (unsigned)u64(key, dflt, 0, 100); }
    // a switch: 0 or 1
    bool flag(const char *key, bool dflt) const { return u64(key, dflt ? 1 : 0, 0, 1) != 0; }
    // A decimal, hex (0x) or octal (0) integer with nothing around it; no sign, no overflow.
    static uint64_t parse_u64(const std::string &where, const char *key, const std::string &s) {
        char *end = nullptr;
        errno = 0;
        const uint64_t v = std::strtoull(s.c_str(), &end, 0);
        if (s.empty() || !std::isdigit((unsigned char)s[0]) || *end != '\0')
            die("%s: %s=%s is not a non-negative integer", where.c_str(), key, s.c_str());
        if (errno == ERANGE) die("%s: %s=%s does not fit in 64 bits", where.c_str(), key, s.c_str());
        return v;
    }
    std::string str(const char *key, const char *dflt) const {
        used.insert(key);
        auto it = kv.find(key);
        return it == kv.end() ? std::string(dflt) : it->second;
    }
    bool has(const char *key) const {
        used.insert(key);
        return kv.count(key) != 0;
    }
    // Every knob must mean something: one that the bench did not read while it was built is a mistake (a typo, or
    // a knob of another harness or configuration), reported with where it was set. ls::run_once calls this once
    // the bench is built; a bench reads every knob it takes in its constructor (a bench of sides marks theirs as
    // used under their prefixes).
    void reject_unknown() const {
        for (const auto &p : kv)
            if (!used.count(p.first))
                die("%s: unknown knob \"%s\" (not one that this harness reads in this configuration: see its "
                    "header comment)", where(p.first.c_str()).c_str(), p.first.c_str());
    }

    [[noreturn]] static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2))) {
        va_list ap;
        va_start(ap, fmt);
        std::fflush(stdout);  // what the run printed so far comes first
        std::fprintf(stderr, "lockstep: ");
        std::vfprintf(stderr, fmt, ap);
        std::fprintf(stderr, "\n");
        va_end(ap);
        std::exit(2);
    }

    static bool split_kv(const std::string &s, std::string &k, std::string &v) {
        auto eq = s.find('=');
        if (eq == std::string::npos || eq == 0) return false;
        k = trim(s.substr(0, eq));
        v = trim(s.substr(eq + 1));
        return !k.empty();
    }
    static std::string trim(const std::string &s) {
        size_t a = s.find_first_not_of(" \t\r\n");
        if (a == std::string::npos) return "";
        size_t b = s.find_last_not_of(" \t\r\n");
        return s.substr(a, b - a + 1);
    }

    void read_scenario(const std::string &path) {
        std::ifstream in(path);
        if (!in) die("cannot read scenario file %s", path.c_str());
        std::string line;
        int lineno = 0;
        while (std::getline(in, line)) {
            ++lineno;
            auto hash = line.find('#');
            if (hash != std::string::npos) line.resize(hash);
            line = trim(line);
            if (line.empty()) continue;
            std::string k, v;
            if (!split_kv(line, k, v)) die("%s:%d: expected key=value, got \"%s\"", path.c_str(), lineno, line.c_str());
            apply(k, v, path + ":" + std::to_string(lineno));
        }
    }

    void apply(const std::string &k, const std::string &v, const std::string &where = "the command line") {
        auto as_u64 = [&](const std::string &s) { return parse_u64(where, k.c_str(), s); };
        if (k == "seed") seed = as_u64(v);
        else if (k == "cycles") {
            cycles = as_u64(v);
            if (cycles == 0) die("%s: cycles=%s: a run needs at least one cycle", where.c_str(), v.c_str());
        }
        else if (k == "window") window = as_u64(v);
        else if (k == "vcd") vcd_prefix = v;
        else if (k == "trace") trace_prefix = v;
        else if (k == "trace_from") trace_from = as_u64(v);
        else if (k == "trace_to") trace_to = as_u64(v);
        else if (k == "trace_len") trace_len = as_u64(v);
        else if (k == "trace_gz" || k == "trace_fst") {
            const uint64_t b = as_u64(v);
            if (b > 1) die("%s: %s=%s is a switch: expected 0 or 1", where.c_str(), k.c_str(), v.c_str());
            (k == "trace_gz" ? trace_gz : trace_fst) = b != 0;
        }
        else {
            kv[k] = v;
            origin[k] = where;
        }
    }

    static Options parse(int argc, char **argv, const char *suite) {
        Options o;
        o.suite = suite;
        o.argv0 = argv[0];
        std::vector<std::pair<std::string, std::string>> later;  // command line overrides the scenario file
        for (int i = 1; i < argc; ++i) {
            std::string a = argv[i];
            auto need = [&](const char *flag) -> std::string {
                if (i + 1 >= argc) die("%s needs a value", flag);
                return argv[++i];
            };
            if (a == "--seed") later.emplace_back("seed", need("--seed"));
            else if (a == "--cycles") later.emplace_back("cycles", need("--cycles"));
            else if (a == "--window") later.emplace_back("window", need("--window"));
            else if (a == "--vcd") later.emplace_back("vcd", need("--vcd"));
            else if (a == "--trace") later.emplace_back("trace", need("--trace"));
            else if (a == "--trace-gz") later.emplace_back("trace_gz", "1");
            else if (a == "--trace-fst") later.emplace_back("trace_fst", "1");
            else if (a == "--scenario") o.read_scenario(need("--scenario"));
            else if (a == "--suite") o.suite = need("--suite");
            else if (a == "--bench") o.bench = true;
            else if (a == "--quiet") o.quiet = true;
            else if (a == "--help" || a == "-h") {
                std::printf("usage: %s [--seed N] [--cycles N] [--window N] [--vcd PREFIX] [--trace PREFIX] "
                            "[--trace-gz | --trace-fst] [--scenario FILE] [--bench] [--quiet] [--suite NAME] "
                            "[key=value ...]\n"
                            "  trace_from=N trace_to=N: the cycles --trace dumps (default: all); trace_len=N: the N "
                            "cycles in the middle of the run\n", argv[0]);
                std::exit(0);
            } else {
                std::string k, v;
                if (!split_kv(a, k, v)) die("unknown argument \"%s\" (try --help)", a.c_str());
                later.emplace_back(k, v);
            }
        }
        for (auto &kv2 : later) o.apply(kv2.first, kv2.second);
        if (o.vcd_prefix.empty()) o.vcd_prefix = "build/lockstep/" + o.suite + "_seed" + std::to_string(o.seed);
        if (o.trace_prefix.empty() && (o.trace_from != 0 || o.trace_to != UINT64_MAX || o.trace_len != 0))
            die("trace_from/trace_to/trace_len select the cycles of --trace PREFIX, which is missing");
        if (o.trace_len != 0) {
            if (o.trace_from != 0 || o.trace_to != UINT64_MAX)
                die("trace_len=%" PRIu64 " and trace_from/trace_to both choose the traced cycles: give one",
                    o.trace_len);
            const uint64_t n = std::max<uint64_t>(1, std::min(o.trace_len, o.cycles));
            o.trace_from = (o.cycles - n) / 2;
            o.trace_to = o.trace_from + n - 1;
        }
        if (o.trace_gz && o.trace_fst) die("trace_gz and trace_fst both choose the waveforms' format: give one");
        if (o.trace_from > o.trace_to)
            die("trace_from=%" PRIu64 " is after trace_to=%" PRIu64, o.trace_from, o.trace_to);
        return o;
    }

    // The name of one side's waveform ("rtl" or "model") under a prefix.
    std::string vcd_file(const std::string &prefix, const char *side) const {
        return prefix + "_" + side + (trace_fst ? ".fst" : trace_gz ? ".vcd.gz" : ".vcd");
    }

    // The command that replays this run exactly (knobs included).
    std::string replay() const {
        std::string s = argv0 + " --seed " + std::to_string(seed) + " --cycles " + std::to_string(cycles);
        for (auto &p : kv) s += " " + p.first + "=" + p.second;
        return s;
    }
};

// ---- output files: plain, or through zlib when the name ends in ".gz" ----

inline bool is_gz_name(const std::string &path) {
    return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

inline bool is_fst_name(const std::string &path) {
    return path.size() > 4 && path.compare(path.size() - 4, 4, ".fst") == 0;
}

// fopen(path, "w"), or for a name ending in ".gz" a stdio stream whose bytes go through zlib, and for one ending
// in ".fst" a stream that takes VCD text and writes FST (open_fst_output), so that the harnesses write vectors
// and waveforms with fprintf and close them with fclose either way. nullptr (errno set) when the file cannot be
// created. In lockstep_io.cpp, which every harness build compiles, so that zlib's global names (zconf.h's
// typedef Byte, crc32, ...) stay out of the harnesses.
FILE *open_output(const std::string &path);
// The ".fst" case of open_output: lockstep_fst.cpp, with GTKWave's fstapi from Verilator's installation.
FILE *open_fst_output(const std::string &path);

// open_output for the harnesses' vectors=FILE: dies with one line when the file cannot be created.
inline FILE *open_vectors(const std::string &path) {
    FILE *f = open_output(path);
    if (!f) Options::die("cannot write %s: %s", path.c_str(), std::strerror(errno));
    return f;
}

// Verilator's VCD writer with its bytes sent through open_output, so the RTL waveform is compressed like the
// model's. Must outlive the VerilatedVcdC it is given to (which closes it but does not own it).
class VcdOutput : public VerilatedVcdFile {
  public:
    bool open(const std::string &name) override {
        name_ = name;
        f_ = open_output(name);
        return f_ != nullptr;
    }
    void close() override {
        if (f_ && std::fclose(f_) != 0) std::fprintf(stderr, "lockstep: error writing %s\n", name_.c_str());
        f_ = nullptr;
    }
    ssize_t write(const char *buf, ssize_t len) override {
        return f_ && std::fwrite(buf, 1, (size_t)len, f_) == (size_t)len ? len : -1;
    }
    ~VcdOutput() override { close(); }

  private:
    FILE *f_ = nullptr;
    std::string name_;
};

// Minimal VCD writer for model-side signals. Signal names should be the RTL port names so GTKWave can show
// model and RTL side by side. Written through open_output (".gz": compressed).
class Vcd {
  public:
    Vcd(const std::string &path, const char *scope) : path_(path), scope_(scope) {
        f_ = open_output(path);
        if (!f_) Options::die("cannot write %s: %s", path.c_str(), std::strerror(errno));
    }
    ~Vcd() {
        if (f_ && std::fclose(f_) != 0) std::fprintf(stderr, "lockstep: error writing %s\n", path_.c_str());
    }
    Vcd(const Vcd &) = delete;
    Vcd &operator=(const Vcd &) = delete;

    int add(const char *name, unsigned width) {
        sigs_.push_back({name, width, code(sigs_.size()), std::string()});
        return (int)sigs_.size() - 1;
    }
    // Values: integers up to 64 bits, or byte arrays (byte 0 = least significant, like tdata) for wide buses.
    void val(int id, uint64_t v) {
        std::string bits;
        unsigned w = sigs_[id].width;
        for (unsigned b = w; b-- > 0;) bits += (b < 64 && ((v >> b) & 1)) ? '1' : '0';
        set(id, bits);
    }
    void val_bytes(int id, const uint8_t *bytes) {
        std::string bits;
        unsigned w = sigs_[id].width;
        for (unsigned b = w; b-- > 0;) bits += ((bytes[b / 8] >> (b % 8)) & 1) ? '1' : '0';
        set(id, bits);
    }
    void time(uint64_t t) {
        if (!header_done_) header();
        std::fprintf(f_, "#%" PRIu64 "\n", t);
    }

  private:
    struct Sig {
        std::string name;
        unsigned width;
        std::string code;
        std::string last;
    };
    static std::string code(size_t n) {
        std::string c;
        do {
            c += (char)('!' + n % 94);
            n /= 94;
        } while (n);
        return c;
    }
    void header() {
        // the time unit of Verilator's trace of the same run (its time precision), so both files agree
        std::fprintf(f_, "$timescale %s $end\n$scope module %s $end\n",
                     Verilated::threadContextp()->timeprecisionString(), scope_.c_str());
        for (auto &s : sigs_) std::fprintf(f_, "$var wire %u %s %s $end\n", s.width, s.code.c_str(), s.name.c_str());
        std::fprintf(f_, "$upscope $end\n$enddefinitions $end\n");
        header_done_ = true;
    }
    void set(int id, const std::string &bits) {
        Sig &s = sigs_[id];
        if (s.last == bits) return;
        s.last = bits;
        if (s.width == 1) std::fprintf(f_, "%c%s\n", bits[0], s.code.c_str());
        else std::fprintf(f_, "b%s %s\n", bits.c_str(), s.code.c_str());
    }
    FILE *f_ = nullptr;
    std::string path_;
    std::string scope_;
    std::vector<Sig> sigs_;
    bool header_done_ = false;
};

// Compares model (expected) with RTL (actual). The first mismatch of a run is the divergence; later ones in the
// same cycle are printed too (they help), then the run stops at the end of that cycle.
class Checker {
  public:
    // silent: the waveform replay pass, which must not print the divergence a second time.
    Checker(const Options &o, bool silent) : opt_(o), silent_(silent) {}
    void set_cycle(uint64_t c) { cycle_ = c; }
    uint64_t cycle() const { return cycle_; }

    void eq(const char *signal, uint64_t model, uint64_t rtl) {
        if (model == rtl) return;
        mark();
        if (silent_) return;
        std::printf("DIVERGENCE cycle=%" PRIu64 " signal=%s model=0x%" PRIx64 " rtl=0x%" PRIx64 " seed=%" PRIu64 "\n",
                    cycle_, signal, model, rtl, opt_.seed);
    }
    // Byte vectors (wide buses); printed most-significant byte first, like a Verilog hex literal.
    void eq_bytes(const char *signal, const uint8_t *model, const uint8_t *rtl, size_t n) {
        if (std::memcmp(model, rtl, n) == 0) return;
        mark();
        if (silent_) return;
        std::printf("DIVERGENCE cycle=%" PRIu64 " signal=%s seed=%" PRIu64 "\n  model=0x", cycle_, signal, opt_.seed);
        for (size_t i = n; i-- > 0;) std::printf("%02x", model[i]);
        std::printf("\n  rtl  =0x");
        for (size_t i = n; i-- > 0;) std::printf("%02x", rtl[i]);
        std::printf("\n");
    }
    // A scoreboard failure: the model (and maybe the RTL) disagrees with an independent reference.
    void fail(const char *what, const std::string &msg) {
        mark();
        if (silent_) return;
        std::printf("MISMATCH cycle=%" PRIu64 " check=%s seed=%" PRIu64 ": %s\n", cycle_, what, opt_.seed, msg.c_str());
    }
    void failf(const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4))) {
        char buf[1024];
        va_list ap;
        va_start(ap, fmt);
        std::vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        fail(what, buf);
    }
    bool failed() const { return failed_; }
    uint64_t first_failure_cycle() const { return first_; }
    uint64_t failures() const { return failures_; }

  private:
    void mark() {
        if (!failed_) first_ = cycle_;
        failed_ = true;
        ++failures_;
    }
    const Options &opt_;
    bool silent_;
    uint64_t cycle_ = 0;
    bool failed_ = false;
    uint64_t first_ = 0;
    uint64_t failures_ = 0;
};

// Switches waveform dumping on inside [from, to]. Time: 10 units per cycle; pre() at 10c (inputs set, outputs
// settled, before the edge), post() at 10c+5 (after the edge).
class Tracer {
  public:
    Tracer() = default;
    Tracer(VerilatedVcdC *rtl, Vcd *model, uint64_t from, uint64_t to, std::function<void(Vcd &)> dump)
        : rtl_(rtl), model_(model), from_(from), to_(to), dump_(std::move(dump)) {}
    void set_cycle(uint64_t c) { cycle_ = c; }
    bool active() const { return rtl_ && cycle_ >= from_ && cycle_ <= to_; }
    void pre() { at(10 * cycle_); }
    void post() { at(10 * cycle_ + 5); }

  private:
    void at(uint64_t t) {
        if (!active()) return;
        rtl_->dump(t);
        model_->time(t);
        dump_(*model_);
    }
    VerilatedVcdC *rtl_ = nullptr;
    Vcd *model_ = nullptr;
    uint64_t from_ = 0, to_ = 0, cycle_ = 0;
    std::function<void(Vcd &)> dump_;
};

// Prints the closing line every test suite ends with and returns the process exit status.
inline int finish(const char *suite, uint64_t passed, uint64_t failed) {
    std::printf("%s: %" PRIu64 " passed, %" PRIu64 " failed\n", suite, passed, failed);
    std::fflush(stdout);
    return failed ? 1 : 0;
}

template <class Bench>
struct RunResult {
    bool failed;
    uint64_t cycle;
    uint64_t cycles_run;
    double seconds;
    uint64_t checks;
};

// What one pass dumps: nothing, or cycles from..to (inclusive) of both waveforms, named after prefix.
struct TraceSpec {
    bool on = false;
    std::string prefix;
    uint64_t from = 0, to = 0;
};

// The directory a prefix names files in, created if missing.
inline void make_parent_dir(const std::string &prefix) {
    const auto dir = std::filesystem::path(prefix).parent_path();
    std::error_code ec;
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (ec) std::fprintf(stderr, "lockstep: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
}

// One pass of the simulation. The main pass stops at the end of the first failing cycle and prints the
// summary; the replay pass (waveforms of a divergence) is silent and runs on to the end of its window.
template <class Bench>
RunResult<Bench> run_once(const Options &opt, const TraceSpec &ts, bool replay) {
    if (ts.on) Verilated::traceEverOn(true);  // before the model is built, so it allocates trace state
    Bench bench(opt);
    opt.reject_unknown();
    Checker chk(opt, replay);
    std::unique_ptr<VcdOutput> rtl_file;  // declared first: outlives rtl_vcd, which closes it
    std::unique_ptr<VerilatedVcdC> rtl_vcd;
    std::unique_ptr<Vcd> model_vcd;
    Tracer tr;
    if (ts.on) {
        make_parent_dir(ts.prefix);
        rtl_file = std::make_unique<VcdOutput>();
        rtl_vcd = std::make_unique<VerilatedVcdC>(rtl_file.get());
        bench.trace_rtl(rtl_vcd.get());
        const std::string rtl_name = opt.vcd_file(ts.prefix, "rtl");
        rtl_vcd->open(rtl_name.c_str());
        if (!rtl_vcd->isOpen()) Options::die("cannot write %s: %s", rtl_name.c_str(), std::strerror(errno));
        model_vcd = std::make_unique<Vcd>(opt.vcd_file(ts.prefix, "model"), "model");
        bench.model_signals(*model_vcd);
        tr = Tracer(rtl_vcd.get(), model_vcd.get(), ts.from, ts.to, [&bench](Vcd &v) { bench.model_dump(v); });
    }
    auto t0 = std::chrono::steady_clock::now();
    uint64_t c = 0;
    for (; c < opt.cycles; ++c) {
        chk.set_cycle(c);
        tr.set_cycle(c);
        bench.cycle(chk, tr);
        if (replay ? c >= ts.to : chk.failed()) {
            ++c;
            break;
        }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rtl_vcd) rtl_vcd->close();
    if (!opt.quiet && !replay) bench.summary(stdout);
    return {chk.failed(), chk.first_failure_cycle(), c, secs, bench.checks()};
}

// Runs a lockstep suite; see the top of this file.
template <class Bench>
int run(int argc, char **argv, const char *default_suite) {
    Options opt = Options::parse(argc, argv, default_suite);
    const char *suite = opt.suite.c_str();
    if (!opt.quiet)
        std::printf("%s: seed=%" PRIu64 " cycles=%" PRIu64 "%s\n", suite, opt.seed, opt.cycles,
                    opt.kv.empty() ? "" : " (knobs set)");
    TraceSpec whole;  // --trace: the main pass itself dumps
    if (!opt.trace_prefix.empty()) whole = {true, opt.trace_prefix, opt.trace_from, opt.trace_to};
    RunResult<Bench> r = run_once<Bench>(opt, whole, false);
    if (opt.bench)
        std::printf("%s: %" PRIu64 " cycles in %.3f s = %.3f M cycles/s (%.0f cycles/s)\n", suite, r.cycles_run,
                    r.seconds, r.cycles_run / r.seconds / 1e6, r.cycles_run / r.seconds);
    if (whole.on) {
        if (whole.from < r.cycles_run)
            std::printf("waveforms of cycles %" PRIu64 "..%" PRIu64 ": %s %s\n", whole.from,
                        std::min(whole.to, r.cycles_run - 1), opt.vcd_file(whole.prefix, "rtl").c_str(),
                        opt.vcd_file(whole.prefix, "model").c_str());
        else
            std::printf("waveforms: no cycle traced (trace_from=%" PRIu64 ", %" PRIu64 " cycles run): %s %s\n",
                        whole.from, r.cycles_run, opt.vcd_file(whole.prefix, "rtl").c_str(),
                        opt.vcd_file(whole.prefix, "model").c_str());
    }
    if (r.failed) {
        std::printf("replay: %s\n", opt.replay().c_str());
        TraceSpec window{true, opt.vcd_prefix, r.cycle > opt.window ? r.cycle - opt.window : 0, r.cycle + 2};
        Options replay = opt;
        replay.quiet = true;
        run_once<Bench>(replay, window, true);
        std::printf("waveforms of cycles %" PRIu64 "..%" PRIu64 ": %s %s\n", window.from, window.to,
                    opt.vcd_file(window.prefix, "rtl").c_str(), opt.vcd_file(window.prefix, "model").c_str());
        return finish(suite, r.checks, 1);
    }
    return finish(suite, r.checks, 0);
}

}  // namespace ls

#endif  // MDD_LOCKSTEP_H

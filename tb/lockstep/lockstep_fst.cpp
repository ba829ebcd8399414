// SPDX-License-Identifier: MIT
//
// FST output for the lockstep framework (lockstep.h): open_output() gives a name ending in ".fst" a stdio stream
// whose bytes -- the VCD text Verilator's writer and the model's Vcd class produce -- are parsed as they arrive
// and written as FST through GTKWave's fstapi (the copy Verilator installs, compiled by tb/lockstep/fst_lib.c).
// So every harness writes FST with the writers it already has, RTL and model alike, and the two files keep the
// same scopes and signal names. FST stores a long trace of the whole core in a tenth of the gzip'd VCD's size
// and GTKWave opens it without reading it all.
//
// The parser takes the VCD subset both writers emit (IEEE 1364 section 18): $timescale, $scope/$upscope,
// $var (a code declared twice is an alias), $enddefinitions, $dumpvars/$end around initial values, #time,
// scalar changes (0/1/x/z + code) and vector changes (b + bits + code; fewer bits than the width extend with
// 0, or with x/z when the first bit is one). Anything else is an error named on stderr, once.
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "fstapi.h"
#include "lockstep.h"

namespace ls {
namespace {

class VcdToFst {
  public:
    VcdToFst(void *fst, std::string path) : fst_(fst), path_(std::move(path)) {}

    // Feeds bytes of VCD text; a token cut by the chunk's end waits for the next chunk.
    void feed(const char *buf, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            const char c = buf[i];
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                if (!tok_.empty()) {
                    token(tok_);
                    tok_.clear();
                }
            } else {
                tok_ += c;
            }
        }
    }

    // Ends the file: a last token without whitespace after it, then fstWriterClose. False on a parse error.
    bool close() {
        if (!tok_.empty()) token(tok_);
        tok_.clear();
        fstWriterClose(fst_);
        return !bad_;
    }

  private:
    struct Sig {
        fstHandle handle;
        unsigned width;
    };

    void error(const std::string &what) {
        if (!bad_) std::fprintf(stderr, "lockstep: %s: cannot convert the VCD to FST: %s\n", path_.c_str(), what.c_str());
        bad_ = true;
    }

    void token(const std::string &t) {
        if (!cmd_.empty()) {  // inside a $command ... $end
            if (t != "$end") {
                args_.push_back(t);
                return;
            }
            command();
            cmd_.clear();
            args_.clear();
            return;
        }
        if (vec_pending_) {  // b<bits> then its code
            vec_pending_ = false;
            change(t, vec_bits_);
            return;
        }
        switch (t[0]) {
        case '$':
            // value changes inside $dumpvars/$dumpall/$dumpon/$dumpoff are ordinary changes; their $end closes
            // nothing we keep
            if (t == "$dumpvars" || t == "$dumpall" || t == "$dumpon" || t == "$dumpoff" || t == "$end") return;
            cmd_ = t;
            return;
        case '#':
            fstWriterEmitTimeChange(fst_, std::strtoull(t.c_str() + 1, nullptr, 10));
            return;
        case 'b':
        case 'B':
            vec_bits_.assign(t, 1, std::string::npos);
            vec_pending_ = true;
            return;
        case '0':
        case '1':
        case 'x':
        case 'X':
        case 'z':
        case 'Z':
            change(t.substr(1), t.substr(0, 1));
            return;
        default:
            error("unexpected token \"" + t + "\"");
        }
    }

    void command() {
        if (cmd_ == "$timescale") {
            std::string ts;
            for (auto &a : args_) ts += a;
            fstWriterSetTimescaleFromString(fst_, ts.c_str());
        } else if (cmd_ == "$scope") {
            if (args_.size() < 2) return error("$scope without a type and a name");
            const std::string &ty = args_[0];
            const fstScopeType st = ty == "begin" ? FST_ST_VCD_BEGIN
                                    : ty == "task" ? FST_ST_VCD_TASK
                                    : ty == "function" ? FST_ST_VCD_FUNCTION
                                    : ty == "fork" ? FST_ST_VCD_FORK
                                                   : FST_ST_VCD_MODULE;
            fstWriterSetScope(fst_, st, args_[1].c_str(), nullptr);
        } else if (cmd_ == "$upscope") {
            fstWriterSetUpscope(fst_);
        } else if (cmd_ == "$var") {
            // $var <type> <width> <code> <name> [<range>] $end
            if (args_.size() < 4) return error("$var with fewer than four fields");
            const std::string &ty = args_[0];
            const unsigned width = (unsigned)std::strtoul(args_[1].c_str(), nullptr, 10);
            if (width == 0) return error("$var " + args_[3] + " of width 0");
            std::string name = args_[3];
            for (size_t i = 4; i < args_.size(); ++i) name += " " + args_[i];
            const fstVarType vt = ty == "reg" ? FST_VT_VCD_REG
                                  : ty == "integer" ? FST_VT_VCD_INTEGER
                                  : ty == "parameter" ? FST_VT_VCD_PARAMETER
                                                      : FST_VT_VCD_WIRE;
            auto it = sigs_.find(args_[2]);
            const fstHandle alias = it == sigs_.end() ? 0 : it->second.handle;
            const fstHandle h = fstWriterCreateVar(fst_, vt, FST_VD_IMPLICIT, width, name.c_str(), alias);
            if (it == sigs_.end()) sigs_.emplace(args_[2], Sig{h, width});
        }
        // $enddefinitions, $date, $version, $comment: nothing to keep
    }

    void change(const std::string &code, const std::string &bits) {
        auto it = sigs_.find(code);
        if (it == sigs_.end()) return error("a value for the undeclared code \"" + code + "\"");
        const unsigned w = it->second.width;
        if (bits.size() == w) {
            fstWriterEmitValueChange(fst_, it->second.handle, bits.c_str());
            return;
        }
        if (bits.size() > w) {  // the low bits
            fstWriterEmitValueChange(fst_, it->second.handle, bits.c_str() + (bits.size() - w));
            return;
        }
        const char c = bits[0];
        wide_.assign(w - bits.size(), (c == 'x' || c == 'X' || c == 'z' || c == 'Z') ? c : '0');
        wide_ += bits;
        fstWriterEmitValueChange(fst_, it->second.handle, wide_.c_str());
    }

    void *fst_;
    std::string path_;
    std::string tok_, cmd_, vec_bits_, wide_;
    std::vector<std::string> args_;
    bool vec_pending_ = false;
    bool bad_ = false;
    std::unordered_map<std::string, Sig> sigs_;
};

}  // namespace

FILE *open_fst_output(const std::string &path) {
    void *fst = fstWriterCreate(path.c_str(), 1);
    if (!fst) return nullptr;
    // Verilator's own FST writer's settings: LZ4 blocks, compression on a second thread
    fstWriterSetPackType(fst, FST_WR_PT_LZ4);
    fstWriterSetParallelMode(fst, 1);
    auto *conv = new VcdToFst(fst, path);
    cookie_io_functions_t io{};
    io.write = [](void *cookie, const char *buf, size_t n) -> ssize_t {
        static_cast<VcdToFst *>(cookie)->feed(buf, n);
        return (ssize_t)n;
    };
    io.close = [](void *cookie) -> int {
        auto *c = static_cast<VcdToFst *>(cookie);
        const bool ok = c->close();
        delete c;
        return ok ? 0 : EOF;
    };
    FILE *f = fopencookie(conv, "w", io);
    if (!f) {
        conv->close();
        delete conv;
        return nullptr;
    }
    std::setvbuf(f, nullptr, _IOFBF, 1 << 16);
    return f;
}

}  // namespace ls

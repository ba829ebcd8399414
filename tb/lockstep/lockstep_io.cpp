// SPDX-License-Identifier: MIT
//
// The lockstep framework's output files (lockstep.h): plain, or gzip-compressed through zlib when the name
// ends in ".gz" (FST: lockstep_fst.cpp). Out of line so that zlib.h is included here only.
#include <zlib.h>

#include <cstdio>
#include <string>

#include "lockstep.h"

namespace ls {

FILE *open_output(const std::string &path) {
    if (is_fst_name(path)) return open_fst_output(path);
    if (!is_gz_name(path)) return std::fopen(path.c_str(), "w");
    // level 1: on a crc_shift trace five times faster than zlib's default (6), for a file 1.5 times larger;
    // whole-run traces are written at simulation speed
    gzFile gz = gzopen(path.c_str(), "wb1");
    if (!gz) return nullptr;
    // a stdio stream on top (glibc's fopencookie): the harnesses keep their fprintf/fclose
    cookie_io_functions_t io{};
    io.write = [](void *cookie, const char *buf, size_t n) -> ssize_t {
        if (n == 0) return 0;
        const int w = gzwrite(static_cast<gzFile>(cookie), buf, (unsigned)n);
        return w > 0 ? w : -1;
    };
    io.close = [](void *cookie) -> int { return gzclose(static_cast<gzFile>(cookie)) == Z_OK ? 0 : EOF; };
    FILE *f = fopencookie(gz, "w", io);
    if (!f) {
        gzclose(gz);
        return nullptr;
    }
    std::setvbuf(f, nullptr, _IOFBF, 1 << 16);  // fewer, larger gzwrite calls
    return f;
}

}  // namespace ls

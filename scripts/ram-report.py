#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The memories of one RTL configuration and what they take on an FPGA (make synth).

    scripts/ram-report.py [-v] TOP [PARAM=VALUE ...]

Every instance of rtl/mdd_ram_1r1w.v (the tables: registered read, block or distributed RAM) and of
rtl/mdd_fifo.v (asynchronous read: distributed RAM on an FPGA, flip-flops in the yosys estimate of
scripts/synth.sh) reports its path, depth and width when Icarus elaborates the design with MDD_RAM_REPORT
defined. A table is mapped the way a Xilinx 7-series / UltraScale tool would: up to 64 entries in distributed
RAM (simple dual port: RAM32M 32 x 6 or RAM64M 64 x 3 per 4 LUTs), deeper ones in 36 Kb block RAM in the best
of its simple-dual-port aspect ratios (512 x 72 ... 32K x 1; 18 Kb halves count as 0.5). A FIFO's storage goes
to distributed RAM. Prints one line per instance with -v, and one summary line."""

import math
import os
import subprocess
import sys
import tempfile

ASPECTS_36K = [(512, 72), (1024, 36), (2048, 18), (4096, 9), (8192, 4), (16384, 2), (32768, 1)]
ASPECTS_18K = [(512, 36), (1024, 18), (2048, 9), (4096, 4), (8192, 2), (16384, 1)]


def bram36(depth, width):
    """36 Kb block RAMs for depth x width, 18 Kb halves counted as 0.5."""
    full = min(math.ceil(depth / d) * math.ceil(width / w) for d, w in ASPECTS_36K)
    half = min(math.ceil(depth / d) * math.ceil(width / w) for d, w in ASPECTS_18K) / 2
    return min(full, half)


def lutram(depth, width):
    """LUTs of distributed RAM for depth <= 64."""
    return 4 * math.ceil(width / 6) if depth <= 32 else 4 * math.ceil(width / 3)


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv[1:]
    top, params = args[0], args[1:]
    srcs = sorted("rtl/" + f for f in os.listdir("rtl") if f.endswith(".v"))
    with tempfile.TemporaryDirectory() as tmp:
        vvp = os.path.join(tmp, "ram.vvp")
        cmd = ["iverilog", "-g2005", "-Irtl", "-DMDD_RAM_REPORT", "-s", top, "-o", vvp]
        cmd += ["-P%s.%s" % (top, p) for p in params] + srcs
        subprocess.run(cmd, check=True)
        out = subprocess.run(["vvp", "-n", vvp], check=True, capture_output=True, text=True).stdout
    rams, fifos = [], []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] in ("mdd_ram_1r1w", "mdd_fifo"):
            (rams if f[0] == "mdd_ram_1r1w" else fifos).append((f[1], int(f[2]), int(f[3])))
    bits = sum(d * w for _, d, w in rams)
    blocks = sum(bram36(d, w) for _, d, w in rams if d > 64)
    luts = sum(lutram(d, w) for _, d, w in rams if d <= 64)
    fifo_bits = sum(d * w for _, d, w in fifos)
    fifo_luts = sum(lutram(d, w) for _, d, w in fifos)
    if verbose:
        for path, d, w in rams:
            where = "%g BRAM36" % bram36(d, w) if d > 64 else "%d LUTs (distributed)" % lutram(d, w)
            print("  table %-60s %6d x %-4d %s" % (path, d, w, where))
        for path, d, w in fifos:
            print("  fifo  %-60s %6d x %-4d %d LUTs (distributed)" % (path, d, w, lutram(d, w)))
    print("%-14s %-22s tables: %d, %.1f Kbit = %g BRAM36 + %d LUTs of distributed RAM; FIFOs: %d, %.1f Kbit "
          "(flip-flops in the yosys count) = %d LUTs of distributed RAM"
          % (top, " ".join(params) or "defaults", len(rams), bits / 1024, blocks, luts, len(fifos),
             fifo_bits / 1024, fifo_luts))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of scripts/regtool.py (suite "regtool"), with their own model of the documented register semantics.

1. Descriptions with one mistake each are refused with an error that names the window, register and field.
2. The C header of tb/regs/test_regs.toml compiles (-Wall -Wextra -Werror) and its offsets, masks and reset
   values equal numbers worked out by hand from the description.
3. The generated RTL of the test description is lint-clean (verilator -Wall) and compiles in Icarus; a random
   sequence of AXI4-Lite accesses (generated registers, both external windows, unmapped addresses, partial
   strobes), hardware inputs (ro values, w1c sets, counter increments, some in the cycle a write is taken) and
   output dumps runs on Icarus against a bench written here, with an AXI4-Lite memory behind each external window
   (random ready delays, SLVERR for part of its addresses). Every response, read value, field output and w1p
   pulse count is compared with this script's model. The bench is generic in the port list only.
4. The C twin of the test description (scripts/regtool.py --model-h/--model-c) compiles with -std=c11 -pedantic
   -Wall -Wextra -Werror, its port list is the generated RTL's (names, directions, widths), and --check fails,
   naming the file, when the twin on disk is stale. (The twin runs in lockstep with the RTL in
   tb/lockstep/regs_main.cpp, make regs-test-lockstep.)

    tb/regs/test_regtool.py --build DIR [--seed N] [--ops N]
Prints "regtool: P passed, F failed"; exits 1 on any failure.
"""

import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
import tomllib

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("regtool", os.path.join(REPO, "scripts", "regtool.py"))
regtool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(regtool)

sys.path.insert(0, os.path.join(REPO, "scripts"))
from suite import Suite  # noqa: E402

suite = Suite("regtool")
check = suite.check


# ---------------------------------------------------------------------------------------------------------------
# 1. refused descriptions
# ---------------------------------------------------------------------------------------------------------------

GOOD_HEAD = '[block]\nname = "t"\naddr_w = 12\n'


def win(body, name="W", base=0, size=0x100, impl="generated"):
    return '[[window]]\nname = "%s"\nbase = %d\nsize = %d\nimpl = "%s"\n%s' % (name, base, size, impl, body)


def reg(name, offset, fields, extra=""):
    return '[[window.reg]]\nname = "%s"\noffset = %d\n%s%s' % (name, offset, extra, fields)


def fld(name, lsb, width, access, extra=""):
    return '[[window.reg.field]]\nname = "%s"\nlsb = %d\nwidth = %d\naccess = "%s"\n%s' % (
        name, lsb, width, access, extra)


BAD = [
    # (description, fragments the error must contain)
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rx"))), ["window W", "register R", "field F", "access 'rx'"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 30, 4, "rw"))), ["register R", "field F", "do not fit"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw") + fld("G", 3, 2, "rw"))), ["field G", "overlap"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw", "reset = 16\n"))), ["field F", "reset 0x10", "4 bits"]),
    (GOOD_HEAD + win(reg("R", 2, fld("F", 0, 4, "rw"))), ["register R", "multiples of 4"]),
    (GOOD_HEAD + win(reg("R", 0x100, fld("F", 0, 4, "rw"))), ["register R", "outside the window"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw")) + reg("S", 0, fld("F", 0, 4, "rw"))),
     ["register S", "0x0 is also register R"]),
    (GOOD_HEAD + win(reg("R", 0xF0, fld("F", 0, 4, "rw"), "count = 5\n")), ["register R", "outside the window"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "wo"))), ["field F", "'wo' exists in external windows only"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw", "const = true\n"))), ["field F", "const applies"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "cnt", "inc_w = 5\n"))), ["field F", "inc_w"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw")), size=0x180), ["window W", "size 0x180"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw")), base=0x80), ["window W", "base 0x80"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw"))) + win(reg("R", 0, fld("F", 0, 4, "rw")), name="V",
                                                          base=0, size=0x200), ["window V overlaps window W"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw")), impl="maybe"), ["window W", "impl"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw", "colour = 1\n"))), ["field 0", "unknown key 'colour'"]),
    (GOOD_HEAD + win(reg("r", 0, fld("F", 0, 4, "rw"))), ["register r", "upper-case"]),
    (GOOD_HEAD + win(reg("R", 0, "")), ["register R", "field"]),
    (GOOD_HEAD + win(reg("R", 0, fld("F", 0, 4, "rw", 'lsb = "x"\n'))), []),  # duplicate key: a TOML error
    ('[block]\nname = "t"\naddr_w = 40\n' + win(reg("R", 0, fld("F", 0, 4, "rw"))), ["addr_w"]),
    # names two parts would both generate: ports/registers w_a_b_c, the header's MDD_W_X_COUNT
    (GOOD_HEAD + win(reg("A_B", 0, fld("C", 0, 4, "rw")) + reg("A", 4, fld("B_C", 0, 4, "ro"))),
     ["window W, register A, field B_C", "w_a_b_c", "register A_B, field C"]),
    (GOOD_HEAD + win(reg("X", 0, fld("F", 0, 4, "rw"), "count = 2\n") + reg("X_COUNT", 8, fld("G", 0, 4, "rw"))),
     ["window W", "MDD_W_X_COUNT twice"]),
]


def test_refusals(build):
    path = os.path.join(build, "bad.toml")
    for i, (text, frags) in enumerate(BAD):
        with open(path, "w") as f:
            f.write(text)
        try:
            regtool.load(path)
            check(False, "bad description %d was accepted (expected an error with %s)" % (i, frags))
        except regtool.DescError as e:
            msg = str(e)
            missing = [x for x in frags if x not in msg]
            check(not missing, "bad description %d: error '%s' lacks %s" % (i, msg, missing))


# ---------------------------------------------------------------------------------------------------------------
# 2. C header, against numbers worked out by hand from tb/regs/test_regs.toml
# ---------------------------------------------------------------------------------------------------------------

C_CHECKS = r"""
#include <stdio.h>
#include "regs.h"
static int fails;
#define EQ(a, b) do { if ((unsigned long long)(a) != (unsigned long long)(b)) { \
    printf("FAIL: %s = 0x%llx, expected 0x%llx\n", #a, (unsigned long long)(a), (unsigned long long)(b)); fails++; } \
    else passes++; } while (0)
static int passes;
int main(void) {
    EQ(MDD_REGS_ADDR_W, 14);
    EQ(MDD_WIN_A_BASE, 0x0000); EQ(MDD_WIN_X_BASE, 0x1000); EQ(MDD_WIN_X_SIZE, 0x1000);
    EQ(MDD_WIN_Y_BASE, 0x0800); EQ(MDD_WIN_Y_SIZE, 0x0100); EQ(MDD_Y_ANY, 0x0FC);
    EQ(MDD_A_ID, 0x000); EQ(MDD_A_ID_RESET, 0xA5C3F00Du);
    EQ(MDD_A_MIX, 0x004); EQ(MDD_A_MIX_RESET, 0xC4000013u);
    EQ(MDD_A_MIX_IN_LSB, 7); EQ(MDD_A_MIX_IN_WIDTH, 9); EQ(MDD_A_MIX_IN_MASK, 0x0000FF80u);
    EQ(MDD_A_MIX_FLAGS_MASK, 0x00070000u); EQ(MDD_A_MIX_GO_MASK, 0x00300000u); EQ(MDD_A_MIX_HIGH_MASK, 0xFF000000u);
    EQ(MDD_A_CNT(0), 0x010); EQ(MDD_A_CNT(2), 0x020); EQ(MDD_A_CNT_COUNT, 3);
    EQ(MDD_A_SMALLCNT_RESET, 60u << 4); EQ(MDD_A_SMALLCNT_N_MASK, 0x3F0u);
    EQ(MDD_A_ARR(3), 0x10C); EQ(MDD_A_ARR_RESET, 0x00123400u); EQ(MDD_A_ARR_E_MASK, 0x80000000u);
    printf("regtool-header: %d passed, %d failed\n", passes, fails);
    return fails != 0;
}
"""


def test_header(build, desc_path):
    h = os.path.join(build, "regs.h")
    with open(h, "w") as f:
        f.write(regtool.gen_h(regtool.load(desc_path), desc_path))
    src = os.path.join(build, "hdr_test.c")
    with open(src, "w") as f:
        f.write(C_CHECKS)
    exe = os.path.join(build, "hdr_test")
    r = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", build, "-o", exe, src],
                       capture_output=True, text=True)
    check(r.returncode == 0, "the generated header does not compile: %s" % r.stderr.strip())
    if r.returncode == 0:
        r = subprocess.run([exe], capture_output=True, text=True)
        print(r.stdout.strip())
        check(r.returncode == 0, "the generated header's values differ from the hand-worked ones")


# ---------------------------------------------------------------------------------------------------------------
# 3. the RTL against this script's model
# ---------------------------------------------------------------------------------------------------------------

OP_WRITE, OP_READ, OP_HW, OP_WRITE_HW, OP_DUMP = 1, 2, 3, 4, 5


class Model:
    """The register semantics of scripts/regtool.py's documentation, written independently of its generator."""

    def __init__(self, desc):
        self.desc = desc
        self.aw = desc["block"]["addr_w"]
        self.val = {}      # (win, reg, k, field) -> stored value (rw, w1c, cnt)
        self.ro = {}       # input port name -> packed value
        self.pulses = {}   # (port, bit) -> pulses since the last dump
        self.mem = {}      # (window name, word address) -> value behind an external window
        self.elems = []    # (win, reg, k, addr)
        for w in desc["windows"]:
            for r in w["regs"]:
                for k in range(r["count"]):
                    a = w["base"] + r["offset"] + k * r["stride"]
                    self.elems.append((w, r, k, a))
                    for f in r["fields"]:
                        if f["access"] in ("rw", "w1c", "cnt"):
                            self.val[(w["name"], r["name"], k, f["name"])] = f["reset"]
        for d, width, name, _ in regtool.hw_ports(desc):
            if name.endswith("_i"):
                self.ro[name] = 0

    def find(self, addr):
        for w in self.desc["windows"]:
            if w["base"] <= addr < w["base"] + w["size"] and w["impl"] == "external":
                return ("ext", w, None, None)
        for (w, r, k, a) in self.elems:
            if w["impl"] == "generated" and a == (addr & ~3):
                return ("gen", w, r, k)
        return (None, None, None, None)

    @staticmethod
    def slverr(w, off):
        return (off >> 4) & 7 == 5          # the bench's slave answers SLVERR there

    def write(self, addr, data, strb, hw):
        kind, w, r, k = self.find(addr)
        bits = sum(0xFF << 8 * i for i in range(4) if strb >> i & 1)
        if kind == "ext":
            off = (addr - w["base"]) & ~3
            if not self.slverr(w, off):
                old = self.mem.get((w["name"], off), 0)
                self.mem[(w["name"], off)] = (old & ~bits) | (data & bits)
            self.apply_hw(hw, None)
            return 2 if self.slverr(w, off) else 0
        touched = set()
        if kind == "gen":
            for f in r["fields"]:
                key = (w["name"], r["name"], k, f["name"])
                m = (1 << f["width"]) - 1
                fb = (bits >> f["lsb"]) & m
                fd = (data >> f["lsb"]) & m
                a = f["access"]
                if a in ("rw", "cnt"):
                    self.val[key] = (self.val[key] & ~fb) | (fd & fb)
                    if a == "cnt":
                        touched.add(key)   # the write wins over an increment in its cycle
                elif a == "w1c":
                    self.val[key] &= ~(fd & fb)   # a set in the same cycle is applied after: set wins
                elif a == "w1p":
                    port = regtool.pname(w, r, f) + "_pulse"
                    for b in range(f["width"]):
                        if ((fd & fb) >> b) & 1:
                            self.pulses[(port, k * f["width"] + b)] = self.pulses.get((port, k * f["width"] + b), 0) + 1
        self.apply_hw(hw, touched)
        return 0 if kind == "gen" else 2

    def apply_hw(self, hw, touched):
        """One cycle of hardware inputs: hw = {port: value}, ro values persist, set/inc only this cycle."""
        if hw is None:
            return
        for name, v in hw.items():
            if name.endswith("_i"):
                self.ro[name] = v
        for w in self.desc["windows"]:
            if w["impl"] != "generated":
                continue
            for r in w["regs"]:
                for f in r["fields"]:
                    base = regtool.pname(w, r, f)
                    for k in range(r["count"]):
                        key = (w["name"], r["name"], k, f["name"])
                        m = (1 << f["width"]) - 1
                        if f["access"] == "w1c":
                            s = (hw.get(base + "_set", 0) >> (k * f["width"])) & m
                            self.val[key] |= s
                        elif f["access"] == "cnt" and (touched is None or key not in touched):
                            iw = f["inc_w"]
                            inc = (hw.get(base + "_inc", 0) >> (k * iw)) & ((1 << iw) - 1)
                            self.val[key] = (self.val[key] + inc) & m

    def read(self, addr):
        kind, w, r, k = self.find(addr)
        if kind == "ext":
            off = (addr - w["base"]) & ~3
            return (2 if self.slverr(w, off) else 0), self.mem.get((w["name"], off), 0)
        if kind is None:
            return 2, 0
        word = 0
        for f in r["fields"]:
            a = f["access"]
            m = (1 << f["width"]) - 1
            if a == "ro":
                v = f["reset"] if f["const"] else (self.ro[regtool.pname(w, r, f) + "_i"] >> (k * f["width"])) & m
            elif a == "w1p":
                v = 0
            else:
                v = self.val[(w["name"], r["name"], k, f["name"])]
            word |= v << f["lsb"]
        return 0, word

    def outputs(self):
        out = {}
        for w in self.desc["windows"]:
            if w["impl"] != "generated":
                continue
            for r in w["regs"]:
                for f in r["fields"]:
                    if f["access"] in ("rw", "w1c", "cnt"):
                        base = regtool.pname(w, r, f)
                        out[base + "_o"] = sum(self.val[(w["name"], r["name"], k, f["name"])] << (k * f["width"])
                                               for k in range(r["count"]))
        return out


def bench_text(desc, ports, n_ops):
    """An Icarus bench for the generated module: runs the ops of ops.txt, writes results to res.txt."""
    top = desc["block"]["name"]
    aw = desc["block"]["addr_w"]
    ins = [p for p in ports if p[0] == "input"]
    outs = [p for p in ports if p[0] == "output"]
    pulse = [p for p in outs if p[2].endswith("_pulse")]
    exts = [w for w in desc["windows"] if w["impl"] == "external"]
    t = []
    t.append("`timescale 1ns / 1ps\n`default_nettype none\nmodule tb;\n")
    t.append("reg clk = 0, rst = 1;\nalways #5 clk = ~clk;\n")
    t.append("reg [%d:0] awaddr = 0, araddr = 0;\nreg awvalid = 0, wvalid = 0, arvalid = 0;\n" % (aw - 1, ))
    t.append("reg [31:0] wdata = 0;\nreg [3:0] wstrb = 0;\nreg bready = 0, rready = 0;\n")
    t.append("wire awready, wready, bvalid, arready, rvalid;\nwire [1:0] bresp, rresp;\nwire [31:0] rdata;\n")
    for d, wd, nm, _ in ins:
        t.append("reg  [%d:0] %s = 0;\n" % (wd - 1, nm))
    for d, wd, nm, _ in outs:
        t.append("wire [%d:0] %s;\n" % (wd - 1, nm))
    for d, wd, nm, _ in pulse:
        t.append("integer pc_%s [0:%d];\n" % (nm, wd - 1))
    for w in exts:
        n = w["name"].lower()
        ww = regtool.lg2(w["size"])
        t.append("wire [%d:0] %s_awaddr, %s_araddr;\nwire %s_awvalid, %s_wvalid, %s_bready, %s_arvalid, %s_rready;\n"
                 % (ww - 1, n, n, n, n, n, n, n))
        t.append("wire [31:0] %s_wdata;\nwire [3:0] %s_wstrb;\n" % (n, n))
        t.append("reg %s_awready = 0, %s_wready = 0, %s_bvalid = 0, %s_arready = 0, %s_rvalid = 0;\n" % ((n,) * 5))
        t.append("reg [1:0] %s_bresp = 0, %s_rresp = 0;\nreg [31:0] %s_rdata = 0;\n" % (n, n, n))
        t.append("reg [31:0] %s_mem [0:%d];\n" % (n, w["size"] // 4 - 1))
        t.append("reg %s_gotaw = 0, %s_gotw = 0;\nreg [%d:0] %s_wa = 0;\nreg [31:0] %s_wd = 0;\nreg [3:0] %s_ws = 0;\n"
                 % (n, n, ww - 1, n, n, n))
    t.append("%s dut (.clk(clk), .rst(rst),\n" % top)
    t.append("  .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready), .s_axil_wdata(wdata),\n"
             "  .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid), .s_axil_wready(wready), .s_axil_bresp(bresp),\n"
             "  .s_axil_bvalid(bvalid), .s_axil_bready(bready), .s_axil_araddr(araddr), .s_axil_arvalid(arvalid),\n"
             "  .s_axil_arready(arready), .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid),\n"
             "  .s_axil_rready(rready)")
    for w in exts:
        n = w["name"].lower()
        for s in ("awaddr", "awvalid", "awready", "wdata", "wstrb", "wvalid", "wready", "bresp", "bvalid", "bready",
                  "araddr", "arvalid", "arready", "rdata", "rresp", "rvalid", "rready"):
            t.append(",\n  .m_axil_%s_%s(%s_%s)" % (n, s, n, s))
    for d, wd, nm, _ in ports:
        t.append(",\n  .%s(%s)" % (nm, nm))
    t.append(");\n\n")
    # external slaves: random ready delays; SLVERR where (offset >> 4) & 7 == 5
    t.append("integer seed = 1;\n")
    for w in exts:
        n = w["name"].lower()
        t.append("integer %s_i;\ninitial for (%s_i = 0; %s_i < %d; %s_i = %s_i + 1) %s_mem[%s_i] = 0;\n"
                 % (n, n, n, w["size"] // 4, n, n, n, n))
        t.append("always @(posedge clk) begin\n")
        t.append("    %s_awready <= !%s_gotaw && ($random(seed) & 1);\n" % (n, n))
        t.append("    %s_wready <= !%s_gotw && ($random(seed) & 1);\n" % (n, n))
        t.append("    if (%s_awvalid && %s_awready) begin %s_gotaw <= 1; %s_wa <= %s_awaddr; %s_awready <= 0; end\n"
                 % ((n,) * 6))
        t.append("    if (%s_wvalid && %s_wready) begin %s_gotw <= 1; %s_wd <= %s_wdata; %s_ws <= %s_wstrb; "
                 "%s_wready <= 0; end\n" % ((n,) * 8))
        t.append("    if (%s_gotaw && %s_gotw && !%s_bvalid && ($random(seed) & 1)) begin\n" % (n, n, n))
        t.append("        %s_bvalid <= 1; %s_gotaw <= 0; %s_gotw <= 0;\n" % (n, n, n))
        t.append("        if (((%s_wa >> 4) & 7) == 5) %s_bresp <= 2; else begin %s_bresp <= 0;\n" % (n, n, n))
        t.append("            %s_mem[%s_wa >> 2] <= (%s_mem[%s_wa >> 2] & ~{{8{%s_ws[3]}}, {8{%s_ws[2]}}, "
                 "{8{%s_ws[1]}}, {8{%s_ws[0]}}}) | (%s_wd & {{8{%s_ws[3]}}, {8{%s_ws[2]}}, {8{%s_ws[1]}}, "
                 "{8{%s_ws[0]}}});\n        end\n    end\n" % ((n,) * 13))
        t.append("    if (%s_bvalid && %s_bready) %s_bvalid <= 0;\n" % (n, n, n))
        t.append("    %s_arready <= !%s_rvalid && !%s_arready && ($random(seed) & 1);\n" % (n, n, n))
        t.append("    if (%s_arvalid && %s_arready) begin %s_arready <= 0; %s_rvalid <= 1; "
                 "%s_rdata <= %s_mem[%s_araddr >> 2]; %s_rresp <= (((%s_araddr >> 4) & 7) == 5) ? 2 : 0; end\n"
                 % ((n,) * 9))
        t.append("    if (%s_rvalid && %s_rready) %s_rvalid <= 0;\n" % (n, n, n))
        t.append("end\n")
    # pulse counters
    if pulse:
        t.append("integer pb;\nalways @(posedge clk) if (!rst) begin\n")
        for d, wd, nm, _ in pulse:
            t.append("    for (pb = 0; pb < %d; pb = pb + 1) if (%s[pb]) pc_%s[pb] = pc_%s[pb] + 1;\n"
                     % (wd, nm, nm, nm))
        t.append("end\n")
    # the op loop
    t.append("integer fi, fo, r, op, k;\nreg [31:0] a, d, s;\n")
    for d_, wd, nm, _ in ins:
        t.append("reg [%d:0] v_%s;\n" % (wd - 1, nm))
    t.append("task set_pulses(input on);\n    begin\n")
    for d_, wd, nm, _ in ins:
        if nm.endswith("_i"):
            t.append("        if (on) %s = v_%s;\n" % (nm, nm))
        else:
            t.append("        %s = on ? v_%s : 0;\n" % (nm, nm))
    t.append("    end\nendtask\n")
    t.append("initial begin\n")
    for d_, wd, nm, _ in pulse:
        t.append("    for (k = 0; k < %d; k = k + 1) pc_%s[k] = 0;\n" % (wd, nm))
    t.append('    fi = $fopen("ops.txt", "r");\n    fo = $fopen("res.txt", "w");\n')
    t.append("    repeat (3) @(posedge clk);\n    #1 rst = 0;\n")
    t.append("    while (!$feof(fi)) begin\n")
    fmt = "%d %h %h %h" + " %h" * len(ins)
    args = ", ".join(["op", "a", "d", "s"] + ["v_%s" % p[2] for p in ins])
    t.append('        r = $fscanf(fi, "%s\\n", %s);\n' % (fmt, args))
    t.append("        if (r == %d) begin\n" % (4 + len(ins)))
    t.append("        if (op == %d || op == %d) begin\n" % (OP_WRITE, OP_WRITE_HW))
    t.append("            awaddr = a; wdata = d; wstrb = s; awvalid = 1; wvalid = 1; bready = ($random(seed) & 1);\n")
    t.append("            if (op == %d) set_pulses(1);\n" % OP_WRITE_HW)
    t.append("            #1; if (op == %d && !(awready && wready)) $fdisplay(fo, \"E write not taken at once\");\n"
             % OP_WRITE_HW)
    t.append("            while (!(awready && wready)) begin @(posedge clk); #1; end\n")
    t.append("            @(posedge clk); #1 awvalid = 0; wvalid = 0;\n")
    t.append("            if (op == %d) set_pulses(0);\n" % OP_WRITE_HW)
    t.append("            while (!(bvalid && bready)) begin @(posedge clk); #1 bready = ($random(seed) & 1) || bready; "
             "end\n")
    t.append("            $fdisplay(fo, \"B %h\", bresp);\n")
    t.append("            @(posedge clk); #1 bready = 0;\n")
    t.append("        end else if (op == %d) begin\n" % OP_READ)
    t.append("            araddr = a; arvalid = 1; rready = ($random(seed) & 1);\n")
    t.append("            #1 while (!arready) begin @(posedge clk); #1; end\n")
    t.append("            @(posedge clk); #1 arvalid = 0;\n")
    t.append("            while (!(rvalid && rready)) begin @(posedge clk); #1 rready = ($random(seed) & 1) || rready; "
             "end\n")
    t.append("            $fdisplay(fo, \"R %h %h\", rresp, rdata);\n")
    t.append("            @(posedge clk); #1 rready = 0;\n")
    t.append("        end else if (op == %d) begin\n" % OP_HW)
    t.append("            set_pulses(1); @(posedge clk); #1 set_pulses(0);\n")
    t.append("        end else if (op == %d) begin\n" % OP_DUMP)
    t.append("            repeat (2) @(posedge clk); #1;\n")
    dump = " ".join(["%h"] * len(outs))
    if outs:
        t.append('            $fwrite(fo, "O %s", %s);\n' % (dump, ", ".join(p[2] for p in outs)))
    else:
        t.append('            $fwrite(fo, "O");\n')
    for d_, wd, nm, _ in pulse:
        t.append("            for (k = 0; k < %d; k = k + 1) begin $fwrite(fo, \" %%0d\", pc_%s[k]); pc_%s[k] = 0; end\n"
                 % (wd, nm, nm))
    t.append('            $fwrite(fo, "\\n");\n')
    t.append("        end\n        end\n    end\n")
    t.append("    $fclose(fo);\n    $finish;\nend\n")
    t.append("initial begin #%d; $display(\"timeout\"); $finish; end\nendmodule\n" % (n_ops * 400 + 100000))
    return "".join(t)


def test_rtl(build, desc_path, seed, n_ops):
    desc = regtool.load(desc_path)
    rtl = os.path.join(build, desc["block"]["name"] + ".v")
    with open(rtl, "w") as f:
        f.write(regtool.gen_rtl(desc, desc_path))
    r = subprocess.run(["verilator", "--lint-only", "-Wall", rtl], capture_output=True, text=True)
    check(r.returncode == 0, "verilator -Wall on the generated RTL:\n%s" % r.stderr)
    ports = regtool.hw_ports(desc)
    ins = [p for p in ports if p[0] == "input"]
    outs = [p for p in ports if p[0] == "output"]
    pulse = [p for p in outs if p[2].endswith("_pulse")]
    with open(os.path.join(build, "tb.v"), "w") as f:
        f.write(bench_text(desc, ports, n_ops))
    vvp = os.path.join(build, "tb.vvp")
    r = subprocess.run(["iverilog", "-g2005", "-Wall", "-o", vvp, rtl, os.path.join(build, "tb.v")],
                       capture_output=True, text=True)
    check(r.returncode == 0 and not r.stderr.strip(), "iverilog on the generated RTL and the bench:\n%s" % r.stderr)
    if r.returncode:
        return
    rng = random.Random(seed)
    m = Model(desc)
    # addresses to aim at: every generated word, words of the external windows, unmapped words
    gen_addrs = [a for (w, r_, k, a) in m.elems if w["impl"] == "generated"]
    ext = [w for w in desc["windows"] if w["impl"] == "external"]
    space = 1 << desc["block"]["addr_w"]

    def pick_addr():
        c = rng.random()
        if c < 0.55:
            return rng.choice(gen_addrs) | rng.choice([0, 0, 0, 1, 2, 3])
        if c < 0.85:
            w = rng.choice(ext)
            return w["base"] + rng.randrange(0, min(w["size"], 0x100)) 
        return rng.randrange(space)

    def rand_hw():
        hw = {}
        for d, wd, nm, _ in ins:
            if nm.endswith("_set"):
                hw[nm] = rng.getrandbits(wd) if rng.random() < 0.5 else 0
            else:
                hw[nm] = rng.getrandbits(wd)
        return hw

    ops, expect = [], []
    for i in range(n_ops):
        c = rng.random()
        hw = {nm: 0 for _, _, nm, _ in ins}
        hw.update({nm: m.ro[nm] for nm in m.ro})
        if c < 0.35:
            a = pick_addr()
            d = rng.getrandbits(32)
            s = rng.choice([15, 15, 15, rng.randrange(16)])
            ops.append((OP_WRITE, a, d, s, hw))
            expect.append(("B", m.write(a, d, s, None)))
        elif c < 0.45:
            a = rng.choice(gen_addrs)
            d = rng.getrandbits(32)
            s = rng.choice([15, rng.randrange(16)])
            hw = rand_hw()
            ops.append((OP_WRITE_HW, a, d, s, hw))
            expect.append(("B", m.write(a, d, s, hw)))
        elif c < 0.75:
            a = pick_addr()
            ops.append((OP_READ, a, 0, 0, hw))
            expect.append(("R",) + m.read(a))
        elif c < 0.92:
            hw = rand_hw()
            ops.append((OP_HW, 0, 0, 0, hw))
            m.apply_hw(hw, None)
        else:
            ops.append((OP_DUMP, 0, 0, 0, hw))
            counts = []
            for d_, wd, nm, _ in pulse:
                counts += [m.pulses.get((nm, b), 0) for b in range(wd)]
            m.pulses = {}
            expect.append(("O", m.outputs(), counts))
    with open(os.path.join(build, "ops.txt"), "w") as f:
        for op, a, d, s, hw in ops:
            f.write("%d %x %x %x %s\n" % (op, a, d, s, " ".join("%x" % hw[p[2]] for p in ins)))
    r = subprocess.run(["vvp", "-n", "tb.vvp"], cwd=build, capture_output=True, text=True)
    check(r.returncode == 0 and "timeout" not in r.stdout, "the bench did not finish: %s %s" % (r.stdout, r.stderr))
    with open(os.path.join(build, "res.txt")) as f:
        got = [ln.split() for ln in f if ln.strip()]
    errs = [g for g in got if g[0] == "E"]
    check(not errs, "bench: %d write(s) with hardware inputs were not taken in their first cycle" % len(errs))
    got = [g for g in got if g[0] != "E"]
    check(len(got) == len(expect), "the bench gave %d results, the model %d" % (len(got), len(expect)))
    names = [p[2] for p in outs]
    for i, (g, e) in enumerate(zip(got, expect)):
        if e[0] == "B":
            check(g[0] == "B" and int(g[1], 16) == e[1], "result %d: write response %s, expected B %d" % (i, g, e[1]))
        elif e[0] == "R":
            ok = g[0] == "R" and int(g[1], 16) == e[1] and int(g[2], 16) == e[2]
            check(ok, "result %d: read gave %s, expected resp %d data %08x" % (i, g, e[1], e[2]))
        else:
            vals = [int(x, 16) for x in g[1:1 + len(names)]]
            pcs = [int(x) for x in g[1 + len(names):]]
            for nm, v in zip(names, vals):
                if nm in e[1]:
                    check(v == e[1][nm], "result %d: output %s = %x, expected %x" % (i, nm, v, e[1][nm]))
            check(pcs == e[2], "result %d: w1p pulse counts %s, expected %s" % (i, pcs, e[2]))


# ---------------------------------------------------------------------------------------------------------------
# 4. the C twin
# ---------------------------------------------------------------------------------------------------------------

def rtl_ports(text):
    """(direction, width, name) of every port of the generated module but clk, from its header."""
    head = text[text.index("module "):text.index(");")]
    ports = []
    for m in re.finditer(r"^\s*(input|output)\s+(?:wire|reg)\s*(?:\[(\d+):0\])?\s*(\w+)", head, re.M):
        if m.group(3) != "clk":
            ports.append((m.group(1), int(m.group(2)) + 1 if m.group(2) else 1, m.group(3)))
    return ports


def test_twin(build, desc_path):
    desc = regtool.load(desc_path)
    d = os.path.join(build, "twin_check")
    os.makedirs(d, exist_ok=True)
    name = desc["block"]["name"]
    h, c, v = (os.path.join(d, name + x) for x in ("_model.h", "_model.c", ".v"))
    args = [sys.executable, os.path.join(REPO, "scripts", "regtool.py"), desc_path, "--rtl", v, "--model-h", h,
            "--model-c", c]
    r = subprocess.run(args, capture_output=True, text=True)
    check(r.returncode == 0, "regtool --model-h/--model-c: %s" % r.stderr.strip())
    if r.returncode:
        return
    r = subprocess.run(["gcc", "-std=c11", "-pedantic", "-Wall", "-Wextra", "-Werror", "-I", d, "-c", c, "-o",
                        os.path.join(d, "twin.o")], capture_output=True, text=True)
    check(r.returncode == 0, "the generated twin does not compile: %s" % r.stderr.strip())
    with open(v) as f:
        got = rtl_ports(f.read())
    want = regtool.twin_ports(desc)
    check(got == want, "the twin's ports differ from the RTL's:\n  RTL  %s\n  twin %s" % (got, want))
    with open(h) as f:
        htext = f.read()
    missing = [n for _, _, n in want if not re.search(r"\b%s\b" % n, htext)]
    check(not missing, "the twin's header lacks ports %s" % missing)
    r = subprocess.run(args + ["--check"], capture_output=True, text=True)
    check(r.returncode == 0, "--check on the files just written: %s" % r.stderr.strip())
    with open(c, "a") as f:
        f.write("/* stale */\n")
    r = subprocess.run(args + ["--check"], capture_output=True, text=True)
    check(r.returncode == 1 and c in r.stderr, "--check with a stale twin: exit %d, '%s'" % (r.returncode, r.stderr.strip()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ops", type=int, default=4000)
    a = ap.parse_args()
    os.makedirs(a.build, exist_ok=True)
    desc_path = os.path.join(REPO, "tb", "regs", "test_regs.toml")
    test_refusals(a.build)
    test_header(a.build, desc_path)
    test_rtl(a.build, desc_path, a.seed, a.ops)
    test_twin(a.build, desc_path)
    # the core's own description loads and its RTL is lint-clean (its drift is checked by make lint)
    core = os.path.join(REPO, "include", "mdd", "regs.toml")
    try:
        cdesc = regtool.load(core)
        check(True, "")
        with open(os.path.join(REPO, "rtl", cdesc["block"]["name"] + ".v")) as f:
            got = rtl_ports(f.read())
        check(got == regtool.twin_ports(cdesc), "rtl/%s.v: its ports are not the twin's" % cdesc["block"]["name"])
    except regtool.DescError as e:
        check(False, "include/mdd/regs.toml: %s" % e)
    return suite.finish()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn one register description (TOML, D-018) into the register block, its C twin, the C header and the docs.

    scripts/regtool.py DESC.toml --rtl rtl/mdd_regs.v --vh rtl/mdd_regmap.vh --h include/mdd/regs.h \
                                 --md docs/registers.md --model-h model/mdd_regs_model.h \
                                 --model-c model/mdd_regs_model.c  write them (make regs)
    scripts/regtool.py DESC.toml ... --check                       fail if any of them differs (make test, lint)

--model-h/--model-c write the C twin of the generated module (docs/ARCHITECTURE.md section 8): structs <name>_in
and <name>_out whose members are the module's ports (clk aside; a port over 64 bits is an array of uint64_t, word k
= bits [64k+63:64k]), <name>_model_init() (the RTL's state at time 0), <name>_eval() (combinational outputs),
<name>_tick() (the clock edge), the RTL's registers one for one; and, for harnesses, X-macro tables of the ports,
the external windows and the fields (tb/lockstep/regs_main.cpp runs the twin in lockstep with the RTL).

The description (include/mdd/regs.toml is the core's; its header comment is the format's reference):

    [block]   name (the RTL module), addr_w (AXI4-Lite address bits), title, desc
    [[window]] a 2^k-byte, size-aligned part of the address space:
              name, base, size, desc, and
              impl = "generated"  its registers are implemented by the generated module, or
              impl = "external"   a block implements them behind an AXI4-Lite master port m_axil_<name>_* of the
                                  generated module (addresses relative to the window); its registers are listed
                                  for the header and the documentation only
    [[window.reg]] name, offset (inside the window, 4-aligned), desc, count and stride (an array), and
    [[window.reg.field]] name, lsb, width, access, reset, desc

Access types (generated windows; in external ones they only document what the block does):
    ro     software reads; the hardware drives input <win>_<reg>_<field>_i (with const = true: the reset value,
           no port)
    rw     software writes (wstrb per byte) and reads back; output <win>_<reg>_<field>_o
    w1c    input <..>_set: a 1 sets the bit; software writes 1 to clear it (a set and a clear in the same cycle:
           set wins, the event is not lost); output <..>_o
    w1p    software writes 1: a one-cycle pulse on output <..>_pulse; reads 0
    cnt    counter: input <..>_inc (inc_w bits, default 1) is added every cycle, modulo 2^width; a software
           write loads the written bytes (write 0 to clear); an increment in the same cycle is lost only then
    wo     (external windows only) software writes, reads return 0

Bus behaviour of the generated module: one write and one read at a time; a write is taken when AW and W are
both valid; an address outside every register and window answers SLVERR and changes nothing; a write to an ro
field is ignored (OKAY); a read and a write taken in the same cycle: the read returns the value before the write.
An external window's access is forwarded as AW and W together (B is accepted once both were), or AR; its
response is returned as it came.  Errors name the window, register and field.  Python 3.11 standard library only.
"""

import argparse
import os
import sys
import tomllib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ACCESS = ("ro", "rw", "w1c", "w1p", "cnt", "wo")


class DescError(Exception):
    pass


def ident(s):
    return isinstance(s, str) and s and (s[0].isalpha()) and all(c.isalnum() or c == "_" for c in s)


def need(d, key, kind, where, default=None):
    if key not in d:
        if default is not None:
            return default
        raise DescError("%s: missing '%s'" % (where, key))
    v = d[key]
    if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
        raise DescError("%s: '%s' must be an integer, got %r" % (where, key, v))
    if kind is str and not isinstance(v, str):
        raise DescError("%s: '%s' must be a string, got %r" % (where, key, v))
    if kind is bool and not isinstance(v, bool):
        raise DescError("%s: '%s' must be true or false, got %r" % (where, key, v))
    return v


def known(d, keys, where):
    for k in d:
        if k not in keys:
            raise DescError("%s: unknown key '%s' (expected one of %s)" % (where, k, ", ".join(keys)))


def load(path):
    """Reads and checks the description; returns a dict of block, windows (with regs and fields)."""
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
    except OSError as e:
        raise DescError("%s: %s" % (path, e.strerror))
    except tomllib.TOMLDecodeError as e:
        raise DescError("%s: %s" % (path, e))
    known(raw, ("block", "window"), path)
    b = need(raw, "block", dict, path)
    known(b, ("name", "addr_w", "title", "desc"), "[block]")
    block = {
        "name": need(b, "name", str, "[block]"),
        "addr_w": need(b, "addr_w", int, "[block]"),
        "title": need(b, "title", str, "[block]", ""),
        "desc": need(b, "desc", str, "[block]", ""),
    }
    if not ident(block["name"]):
        raise DescError("[block]: name '%s' is not an identifier" % block["name"])
    if not 8 <= block["addr_w"] <= 32:
        raise DescError("[block]: addr_w must be 8..32, got %d" % block["addr_w"])
    wins = []
    for wi, w in enumerate(need(raw, "window", list, path)):
        where = "window %d" % wi
        known(w, ("name", "base", "size", "impl", "desc", "reg"), where)
        win = {
            "name": need(w, "name", str, where),
            "base": need(w, "base", int, where),
            "size": need(w, "size", int, where),
            "impl": need(w, "impl", str, where),
            "desc": need(w, "desc", str, where, ""),
            "regs": [],
        }
        where = "window %s" % win["name"]
        if not ident(win["name"]) or win["name"] != win["name"].upper():
            raise DescError("%s: the name must be an upper-case identifier" % where)
        if win["impl"] not in ("generated", "external"):
            raise DescError("%s: impl must be 'generated' or 'external', got '%s'" % (where, win["impl"]))
        size = win["size"]
        if size < 16 or size & (size - 1):
            raise DescError("%s: size 0x%x is not a power of two >= 16" % (where, size))
        if win["base"] % size or win["base"] + size > 1 << block["addr_w"]:
            raise DescError("%s: base 0x%x is not %d-aligned inside the %d-bit address space"
                            % (where, win["base"], size, block["addr_w"]))
        for other in wins:
            if win["base"] < other["base"] + other["size"] and other["base"] < win["base"] + size:
                raise DescError("%s overlaps window %s" % (where, other["name"]))
            if other["name"] == win["name"]:
                raise DescError("%s: a second window of that name" % where)
        words = {}
        for ri, r in enumerate(need(w, "reg", list, where, [])):
            rwhere = "%s, register %d" % (where, ri)
            known(r, ("name", "offset", "desc", "count", "stride", "field"), rwhere)
            reg = {
                "name": need(r, "name", str, rwhere),
                "offset": need(r, "offset", int, rwhere),
                "desc": need(r, "desc", str, rwhere, ""),
                "count": need(r, "count", int, rwhere, 1),
                "stride": need(r, "stride", int, rwhere, 4),
                "fields": [],
            }
            rwhere = "%s, register %s" % (where, reg["name"])
            if not ident(reg["name"]) or reg["name"] != reg["name"].upper():
                raise DescError("%s: the name must be an upper-case identifier" % rwhere)
            if any(x["name"] == reg["name"] for x in win["regs"]):
                raise DescError("%s: a second register of that name" % rwhere)
            if reg["offset"] % 4 or reg["stride"] % 4 or reg["stride"] < 4 or reg["count"] < 1:
                raise DescError("%s: offset 0x%x and stride %d must be multiples of 4 (stride >= 4), count >= 1"
                                % (rwhere, reg["offset"], reg["stride"]))
            last = reg["offset"] + (reg["count"] - 1) * reg["stride"]
            if last + 4 > size:
                raise DescError("%s: offset 0x%x is outside the window (size 0x%x)" % (rwhere, last, size))
            for k in range(reg["count"]):
                a = reg["offset"] + k * reg["stride"]
                if a in words:
                    raise DescError("%s: offset 0x%x is also register %s" % (rwhere, a, words[a]))
                words[a] = reg["name"]
            bits = 0
            for fi, f in enumerate(need(r, "field", list, rwhere)):
                fwhere = "%s, field %d" % (rwhere, fi)
                known(f, ("name", "lsb", "width", "access", "reset", "const", "inc_w", "desc"), fwhere)
                fld = {
                    "name": need(f, "name", str, fwhere),
                    "lsb": need(f, "lsb", int, fwhere),
                    "width": need(f, "width", int, fwhere),
                    "access": need(f, "access", str, fwhere),
                    "reset": need(f, "reset", int, fwhere, 0),
                    "const": need(f, "const", bool, fwhere, False),
                    "inc_w": need(f, "inc_w", int, fwhere, 1),
                    "desc": need(f, "desc", str, fwhere, ""),
                }
                fwhere = "%s, field %s" % (rwhere, fld["name"])
                if not ident(fld["name"]) or fld["name"] != fld["name"].upper():
                    raise DescError("%s: the name must be an upper-case identifier" % fwhere)
                if fld["access"] not in ACCESS:
                    raise DescError("%s: access '%s' is not one of %s" % (fwhere, fld["access"], ", ".join(ACCESS)))
                if fld["access"] == "wo" and win["impl"] == "generated":
                    raise DescError("%s: access 'wo' exists in external windows only" % fwhere)
                if fld["const"] and fld["access"] != "ro":
                    raise DescError("%s: const applies to ro fields only" % fwhere)
                if fld["width"] < 1 or fld["lsb"] < 0 or fld["lsb"] + fld["width"] > 32:
                    raise DescError("%s: bits [%d +: %d] do not fit a 32-bit register"
                                    % (fwhere, fld["lsb"], fld["width"]))
                if not 1 <= fld["inc_w"] <= fld["width"]:
                    raise DescError("%s: inc_w must be 1..width (%d)" % (fwhere, fld["width"]))
                if fld["reset"] < 0 or fld["reset"] >= 1 << fld["width"]:
                    raise DescError("%s: reset 0x%x does not fit %d bits" % (fwhere, fld["reset"], fld["width"]))
                mask = ((1 << fld["width"]) - 1) << fld["lsb"]
                if bits & mask:
                    raise DescError("%s: bits [%d +: %d] overlap another field" % (fwhere, fld["lsb"], fld["width"]))
                if any(x["name"] == fld["name"] for x in reg["fields"]):
                    raise DescError("%s: a second field of that name" % fwhere)
                bits |= mask
                reg["fields"].append(fld)
            if not reg["fields"]:
                raise DescError("%s: no fields" % rwhere)
            win["regs"].append(reg)
        wins.append(win)
    if not wins:
        raise DescError("%s: no windows" % path)
    desc = {"block": block, "windows": wins}
    names_unique(desc)
    return desc


def names_unique(desc):
    """Refuses names that two parts of the description would both generate: the RTL's (and the twin's) field
    ports and registers <win>_<reg>_<field>, and the C header's macros (register A_B's field C against register A's
    field B_C; an array X's MDD_<win>_X_COUNT against a register X_COUNT)."""
    seen = {}
    for win in desc["windows"]:
        for reg in win["regs"]:
            for fld in reg["fields"]:
                n = pname(win, reg, fld)
                where = "window %s, register %s, field %s" % (win["name"], reg["name"], fld["name"])
                if n in seen:
                    raise DescError("%s: names %s_* are also those of %s" % (where, n, seen[n]))
                seen[n] = where
    defs = {}
    for line in gen_h(desc, "-").splitlines():
        if line.startswith("#define "):
            name = line.split()[1].split("(")[0]
            if name in defs:
                wins = [w["name"] for w in desc["windows"] if name.startswith("MDD_%s_" % w["name"])
                        or name.startswith("MDD_WIN_%s_" % w["name"])]
                raise DescError("window %s: the C header would define %s twice (rename a register or field)"
                                % ("/".join(wins) or "?", name))
            defs[name] = True


# ---- helpers over the checked description ----

def lg2(n):
    return n.bit_length() - 1


def reset_word(reg):
    return sum(f["reset"] << f["lsb"] for f in reg["fields"])


def mask_of(f):
    return ((1 << f["width"]) - 1) << f["lsb"]


def pname(win, reg, fld):
    return "%s_%s_%s" % (win["name"].lower(), reg["name"].lower(), fld["name"].lower())


def hw_ports(desc):
    """The generated module's per-field ports: (direction, width, name, doc) in description order."""
    ports = []
    for win in desc["windows"]:
        if win["impl"] != "generated":
            continue
        for reg in win["regs"]:
            for fld in reg["fields"]:
                n = reg["count"]
                w = fld["width"]
                base = pname(win, reg, fld)
                a = fld["access"]
                if a == "ro" and not fld["const"]:
                    ports.append(("input", w * n, base + "_i", "value read"))
                elif a == "rw":
                    ports.append(("output", w * n, base + "_o", "value written"))
                elif a == "w1c":
                    ports.append(("input", w * n, base + "_set", "1 sets"))
                    ports.append(("output", w * n, base + "_o", "value"))
                elif a == "w1p":
                    ports.append(("output", w * n, base + "_pulse", "written 1"))
                elif a == "cnt":
                    ports.append(("input", fld["inc_w"] * n, base + "_inc", "added every cycle"))
                    ports.append(("output", w * n, base + "_o", "value"))
    return ports


def header_comment(desc, path, style):
    rel = os.path.relpath(os.path.abspath(path), REPO)
    lines = ["Generated by scripts/regtool.py from %s: do not edit, change the description and run `make regs`."
             % rel]
    if style == "c":
        return "/* " + lines[0] + " */\n"
    if style == "md":
        return "<!-- " + lines[0] + " -->\n"
    return "// " + lines[0] + "\n"


# ---- C header ----

def gen_h(desc, src):
    b = desc["block"]
    out = [header_comment(desc, src, "c"), "#ifndef MDD_REGS_H\n#define MDD_REGS_H\n\n"]
    out.append("/* %s: AXI4-Lite, 32-bit data, %d address bits (docs/registers.md). */\n" % (b["title"], b["addr_w"]))
    out.append("#define MDD_REGS_ADDR_W %d\n\n" % b["addr_w"])
    for win in desc["windows"]:
        wn = win["name"]
        out.append("/* window %s: %s */\n" % (wn, win["desc"].replace("*/", "* /")))
        out.append("#define MDD_WIN_%s_BASE 0x%04Xu\n" % (wn, win["base"]))
        out.append("#define MDD_WIN_%s_SIZE 0x%04Xu\n" % (wn, win["size"]))
        for reg in win["regs"]:
            rn = "MDD_%s_%s" % (wn, reg["name"])
            if reg["count"] > 1:
                out.append("#define %s(i) (0x%03Xu + %du * (unsigned)(i)) /* offset in the window */\n"
                           % (rn, reg["offset"], reg["stride"]))
                out.append("#define %s_COUNT %du\n" % (rn, reg["count"]))
            else:
                out.append("#define %s 0x%03Xu /* offset in the window */\n" % (rn, reg["offset"]))
            out.append("#define %s_RESET 0x%08Xu\n" % (rn, reset_word(reg)))
            for f in reg["fields"]:
                fn = "%s_%s" % (rn, f["name"])
                out.append("#define %s_LSB %d\n#define %s_WIDTH %d\n#define %s_MASK 0x%08Xu\n"
                           % (fn, f["lsb"], fn, f["width"], fn, mask_of(f)))
        out.append("\n")
    out.append("#endif /* MDD_REGS_H */\n")
    return "".join(out)


# ---- Verilog header of offsets (for blocks that implement an external window) ----

def gen_vh(desc, src):
    out = [header_comment(desc, src, "v"),
           "// Window bases, register offsets (inside their window) and reset values as localparams. Include it INSIDE a module\n"
           "// body (compile with -Irtl); no include guard, as for mdd_formats.vh.\n",
           "/* verilator lint_off UNUSEDPARAM */\n"]
    for win in desc["windows"]:
        wn = win["name"]
        out.append("localparam [31:0] MDD_WIN_%s_BASE = 32'h%08X;\n" % (wn, win["base"]))
        out.append("localparam [31:0] MDD_WIN_%s_SIZE = 32'h%08X;\n" % (wn, win["size"]))
        for reg in win["regs"]:
            out.append("localparam [31:0] MDD_%s_%s = 32'h%08X;\n" % (wn, reg["name"], reg["offset"]))
            out.append("localparam [31:0] MDD_%s_%s_RESET = 32'h%08X;\n" % (wn, reg["name"], reset_word(reg)))
            if reg["count"] > 1:
                out.append("localparam [31:0] MDD_%s_%s_COUNT = %d;\n" % (wn, reg["name"], reg["count"]))
    out.append("/* verilator lint_on UNUSEDPARAM */\n")
    return "".join(out)


# ---- documentation ----

ACCESS_DOC = {
    "ro": "RO", "rw": "RW", "w1c": "W1C", "w1p": "W1P (write 1: pulse)", "cnt": "counter (RW: write loads)",
    "wo": "WO",
}


def gen_md(desc, src):
    b = desc["block"]
    out = [header_comment(desc, src, "md"), "# %s\n\n" % b["title"]]
    if b["desc"]:
        out.append(b["desc"].strip() + "\n\n")
    out.append("AXI4-Lite, 32-bit data, %d address bits. Access types: RO read only; RW read/write (byte strobes "
               "honoured); W1C a bit set by the hardware, cleared by writing 1; W1P writing 1 gives a one-cycle "
               "pulse, reads 0; counter: the hardware adds, a write loads the value (write 0 to clear), wraps; "
               "WO write only, reads 0. An address outside every register and window answers SLVERR.\n\n"
               % b["addr_w"])
    out.append("| base | size | window | implemented by | contents |\n|---|---|---|---|---|\n")
    for win in desc["windows"]:
        out.append("| 0x%04X | 0x%04X | %s | %s | %s |\n" % (
            win["base"], win["size"], win["name"],
            "`%s`" % b["name"] if win["impl"] == "generated" else "its block, through `m_axil_%s`" % win["name"].lower(),
            win["desc"]))
    for win in desc["windows"]:
        out.append("\n## Window %s (0x%04X)\n\n" % (win["name"], win["base"]))
        if win["desc"]:
            out.append(win["desc"] + "\n\n")
        out.append("| offset | register | reset | field | bits | access | meaning |\n|---|---|---|---|---|---|---|\n")
        for reg in win["regs"]:
            off = "0x%03X" % reg["offset"]
            if reg["count"] > 1:
                off += " + %d i (i < %d)" % (reg["stride"], reg["count"])
            first = True
            for f in reg["fields"]:
                bits = "%d" % f["lsb"] if f["width"] == 1 else "%d:%d" % (f["lsb"] + f["width"] - 1, f["lsb"])
                acc = ACCESS_DOC[f["access"]] + (" (constant)" if f["const"] else "")
                meaning = f["desc"] or (reg["desc"] if len(reg["fields"]) == 1 else "")
                out.append("| %s | %s | %s | %s | %s | %s | %s |\n" % (
                    off if first else "", reg["name"] if first else "",
                    "0x%08X" % reset_word(reg) if first else "", f["name"], bits, acc, meaning))
                first = False
            if reg["desc"] and len(reg["fields"]) > 1:
                out.append("| | | | | | | %s: %s |\n" % (reg["name"], reg["desc"]))
    return "".join(out)


# ---- RTL ----

def gen_rtl(desc, src):
    b = desc["block"]
    aw = b["addr_w"]
    gens = [w for w in desc["windows"] if w["impl"] == "generated"]
    exts = [w for w in desc["windows"] if w["impl"] == "external"]
    ports = hw_ports(desc)
    o = []
    o.append("// SPDX-License-Identifier: MIT\n")
    o.append(header_comment(desc, src, "v"))
    o.append("`resetall\n`timescale 1ns / 1ps\n`default_nettype none\n\n")
    o.append("/*\n * %s: %s (docs/registers.md).\n *\n" % (b["name"], b["title"]))
    o.append(" * AXI4-Lite slave, 32-bit data, %d address bits. One write and one read at a\n" % aw)
    o.append(" * time: a write is taken when AW and W are both valid, its B follows; a read's\n")
    o.append(" * R follows. Registers of the generated windows live here; an external\n")
    o.append(" * window's access is forwarded to its AXI4-Lite master port (address inside\n")
    o.append(" * the window) and its response returned. Anything else answers SLVERR.\n")
    o.append(" * Field ports: <win>_<reg>_<field>_{i,o,set,pulse,inc} (scripts/regtool.py),\n")
    o.append(" * array registers packed, element i at [i*width +: width].\n */\n")
    o.append("module %s (\n    input  wire          clk,\n    input  wire          rst,\n\n" % b["name"])
    o.append("    input  wire [%d:0]   s_axil_awaddr,\n    input  wire          s_axil_awvalid,\n"
             "    output wire          s_axil_awready,\n    input  wire [31:0]   s_axil_wdata,\n"
             "    input  wire [3:0]    s_axil_wstrb,\n    input  wire          s_axil_wvalid,\n"
             "    output wire          s_axil_wready,\n    output reg  [1:0]    s_axil_bresp,\n"
             "    output reg           s_axil_bvalid,\n    input  wire          s_axil_bready,\n"
             "    input  wire [%d:0]   s_axil_araddr,\n    input  wire          s_axil_arvalid,\n"
             "    output wire          s_axil_arready,\n    output reg  [31:0]   s_axil_rdata,\n"
             "    output reg  [1:0]    s_axil_rresp,\n    output reg           s_axil_rvalid,\n"
             "    input  wire          s_axil_rready" % (aw - 1, aw - 1))
    for w in exts:
        n = w["name"].lower()
        ww = lg2(w["size"])
        o.append(",\n\n    // window %s\n" % w["name"])
        o.append("    output reg  [%d:0] m_axil_%s_awaddr,\n    output reg         m_axil_%s_awvalid,\n"
                 "    input  wire        m_axil_%s_awready,\n    output reg  [31:0] m_axil_%s_wdata,\n"
                 "    output reg  [3:0]  m_axil_%s_wstrb,\n    output reg         m_axil_%s_wvalid,\n"
                 "    input  wire        m_axil_%s_wready,\n    input  wire [1:0]  m_axil_%s_bresp,\n"
                 "    input  wire        m_axil_%s_bvalid,\n    output wire        m_axil_%s_bready,\n"
                 "    output reg  [%d:0] m_axil_%s_araddr,\n    output reg         m_axil_%s_arvalid,\n"
                 "    input  wire        m_axil_%s_arready,\n    input  wire [31:0] m_axil_%s_rdata,\n"
                 "    input  wire [1:0]  m_axil_%s_rresp,\n    input  wire        m_axil_%s_rvalid,\n"
                 "    output wire        m_axil_%s_rready"
                 % ((ww - 1,) + (n,) * 10 + (ww - 1,) + (n,) * 7))
    if ports:
        o.append(",\n\n    // fields\n")
        o.append(",\n".join("    %-6s wire [%d:0] %s" % (d, wd - 1, nm) for d, wd, nm, _ in ports))
    o.append("\n);\n\n")

    # decode
    o.append("// ---- write: taken when AW and W are both valid and no response is waiting ----\n")
    o.append("reg          wbusy = 1'b0;     // a forwarded write waits for its window's B\n")
    o.append("wire         wtake = s_axil_awvalid && s_axil_wvalid && !s_axil_bvalid && !wbusy;\n")
    o.append("assign s_axil_awready = wtake;\nassign s_axil_wready = wtake;\n")
    o.append("wire [%d:0]  wa = s_axil_awaddr;\n" % (aw - 1))
    o.append("/* verilator lint_off UNUSEDSIGNAL */   // which bits are used depends on the description\n")
    o.append("wire [31:0]  wbits = {{8{s_axil_wstrb[3]}}, {8{s_axil_wstrb[2]}}, {8{s_axil_wstrb[1]}}, "
             "{8{s_axil_wstrb[0]}}};\n")
    o.append("wire [31:0]  wset = s_axil_wdata & wbits;     // the written 1 bits\n")
    o.append("/* verilator lint_on UNUSEDSIGNAL */\n\n")
    o.append("// ---- read: taken when no response is waiting ----\n")
    o.append("reg          rbusy = 1'b0;\n")
    o.append("wire         rtake = s_axil_arvalid && !s_axil_rvalid && !rbusy;\n")
    o.append("assign s_axil_arready = rtake;\n")
    o.append("wire [%d:0]  ra = s_axil_araddr;\n\n" % (aw - 1))

    def word_addr(win, reg, k):
        a = win["base"] + reg["offset"] + k * reg["stride"]
        return "%d'h%X" % (aw - 2, a >> 2)

    def hit(addr_sig, win, reg, k):
        return "(%s[%d:2] == %s)" % (addr_sig, aw - 1, word_addr(win, reg, k))

    def win_hit(addr_sig, win):
        wl = lg2(win["size"])
        return "(%s[%d:%d] == %d'h%X)" % (addr_sig, aw - 1, wl, aw - wl, win["base"] >> wl)

    # storage per field element
    o.append("// ---- registers ----\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                a = f["access"]
                if a == "ro":
                    continue
                w = f["width"]
                for k in range(reg["count"]):
                    nm = "r_%s_%d" % (pname(win, reg, f), k)
                    o.append("reg  [%d:0] %s = %d'h%X;\n" % (w - 1, nm, w, 0 if a == "w1p" else f["reset"]))
    o.append("\n")
    # write logic
    o.append("always @(posedge clk) begin\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                a = f["access"]
                if a == "ro":
                    continue
                w, lsb = f["width"], f["lsb"]
                for k in range(reg["count"]):
                    nm = "r_%s_%d" % (pname(win, reg, f), k)
                    h = hit("wa", win, reg, k)
                    sl = "[%d:%d]" % (lsb + w - 1, lsb)
                    base = pname(win, reg, f)
                    if a == "rw":
                        o.append("    if (wtake && %s) %s <= (%s & ~wbits%s) | (s_axil_wdata%s & wbits%s);\n"
                                 % (h, nm, nm, sl, sl, sl))
                    elif a == "w1c":
                        o.append("    %s <= (%s & ~((wtake && %s) ? wset%s : %d'd0)) | %s_set[%d +: %d];\n"
                                 % (nm, nm, h, sl, w, base, k * w, w))
                    elif a == "w1p":
                        o.append("    %s <= (wtake && %s) ? wset%s : %d'd0;\n" % (nm, h, sl, w))
                    elif a == "cnt":
                        iw = f["inc_w"]
                        inc = "%s_inc[%d +: %d]" % (base, k * iw, iw)
                        if iw < w:
                            inc = "{%d'd0, %s}" % (w - iw, inc)
                        o.append("    if (wtake && %s) %s <= (%s & ~wbits%s) | (s_axil_wdata%s & wbits%s);\n"
                                 % (h, nm, nm, sl, sl, sl))
                        o.append("    else %s <= %s + %s;\n" % (nm, nm, inc))
    o.append("    if (rst) begin\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                if f["access"] == "ro":
                    continue
                for k in range(reg["count"]):
                    nm = "r_%s_%d" % (pname(win, reg, f), k)
                    o.append("        %s <= %d'h%X;\n" % (nm, f["width"], 0 if f["access"] == "w1p" else f["reset"]))
    o.append("    end\nend\n\n")

    # field outputs
    o.append("// ---- field ports ----\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                a = f["access"]
                if a == "ro":
                    continue
                base = pname(win, reg, f)
                suffix = "_pulse" if a == "w1p" else "_o"
                elems = ", ".join("r_%s_%d" % (base, k) for k in reversed(range(reg["count"])))
                o.append("assign %s%s = {%s};\n" % (base, suffix, elems))
    o.append("\n")

    # read mux
    o.append("// ---- read data of the generated registers, and whether the address names one ----\n")
    # a case on the word address, not a chain of ifs: the addresses are distinct, so yosys builds a one-hot
    # multiplexer (an OR tree, a few LUT levels) where the chain of ifs gave a priority chain of 37 levels
    o.append("reg  [31:0] rword;\nreg         rhit;\n")
    o.append("always @(*) begin\n    rword = 32'd0;\n    rhit = 1'b0;\n    case (ra[%d:2])\n" % (aw - 1))
    for win in gens:
        for reg in win["regs"]:
            for k in range(reg["count"]):
                parts = []
                for f in reg["fields"]:
                    w, lsb, a = f["width"], f["lsb"], f["access"]
                    base = pname(win, reg, f)
                    if a == "ro":
                        v = "%d'h%X" % (w, f["reset"]) if f["const"] else "%s_i[%d +: %d]" % (base, k * w, w)
                    elif a == "w1p":
                        continue
                    else:
                        v = "r_%s_%d" % (base, k)
                    parts.append("({%d'd0, %s} << %d)" % (32 - w, v, lsb) if w < 32 else v)
                val = " | ".join(parts) if parts else "32'd0"
                o.append("    %s: begin rhit = 1'b1; rword = %s; end\n" % (word_addr(win, reg, k), val))
    o.append("    default: ;\n    endcase\nend\n\n")
    # write hit
    o.append("reg         whit;\nalways @(*) begin\n    whit = 1'b0;\n    case (wa[%d:2])\n" % (aw - 1))
    for win in gens:
        for reg in win["regs"]:
            for k in range(reg["count"]):
                o.append("    %s: whit = 1'b1;\n" % word_addr(win, reg, k))
    o.append("    default: ;\n    endcase\nend\n\n")

    # external windows
    for w in exts:
        n = w["name"].lower()
        wl = lg2(w["size"])
        o.append("// ---- window %s: forwarded ----\n" % w["name"])
        o.append("wire w_%s = %s;\nwire r_%s = %s;\n" % (n, win_hit("wa", w), n, win_hit("ra", w)))
        o.append("reg  wf_%s = 1'b0, rf_%s = 1'b0;   // its access is in flight\n" % (n, n))
        o.append("assign m_axil_%s_bready = wf_%s && !m_axil_%s_awvalid && !m_axil_%s_wvalid;\n" % (n, n, n, n))
        o.append("assign m_axil_%s_rready = rf_%s && !m_axil_%s_arvalid;\n" % (n, n, n))
        o.append("initial begin\n    m_axil_%s_awaddr = %d'd0; m_axil_%s_awvalid = 1'b0; m_axil_%s_wdata = 32'd0;\n"
                 "    m_axil_%s_wstrb = 4'd0; m_axil_%s_wvalid = 1'b0; m_axil_%s_araddr = %d'd0;\n"
                 "    m_axil_%s_arvalid = 1'b0;\nend\n" % (n, wl, n, n, n, n, n, wl, n))
    o.append("// ---- responses ----\n")
    o.append("initial begin\n    s_axil_bresp = 2'd0; s_axil_bvalid = 1'b0; s_axil_rdata = 32'd0; s_axil_rresp = 2'd0;\n"
             "    s_axil_rvalid = 1'b0;\nend\n")
    o.append("always @(posedge clk) begin\n")
    o.append("    if (s_axil_bvalid && s_axil_bready) s_axil_bvalid <= 1'b0;\n")
    o.append("    if (s_axil_rvalid && s_axil_rready) s_axil_rvalid <= 1'b0;\n")
    o.append("    if (wtake) begin\n")
    if exts:
        first = True
        for w in exts:
            n = w["name"].lower()
            wl = lg2(w["size"])
            o.append("        %sif (w_%s) begin\n" % ("" if first else "else ", n))
            o.append("            wbusy <= 1'b1; wf_%s <= 1'b1;\n" % n)
            o.append("            m_axil_%s_awaddr <= wa[%d:0]; m_axil_%s_awvalid <= 1'b1;\n" % (n, wl - 1, n))
            o.append("            m_axil_%s_wdata <= s_axil_wdata; m_axil_%s_wstrb <= s_axil_wstrb; "
                     "m_axil_%s_wvalid <= 1'b1;\n        end\n" % (n, n, n))
            first = False
        o.append("        else begin\n")
        o.append("            s_axil_bvalid <= 1'b1; s_axil_bresp <= whit ? 2'b00 : 2'b10;\n        end\n")
    else:
        o.append("        s_axil_bvalid <= 1'b1; s_axil_bresp <= whit ? 2'b00 : 2'b10;\n")
    o.append("    end\n")
    o.append("    if (rtake) begin\n")
    if exts:
        first = True
        for w in exts:
            n = w["name"].lower()
            wl = lg2(w["size"])
            o.append("        %sif (r_%s) begin\n" % ("" if first else "else ", n))
            o.append("            rbusy <= 1'b1; rf_%s <= 1'b1;\n" % n)
            o.append("            m_axil_%s_araddr <= ra[%d:0]; m_axil_%s_arvalid <= 1'b1;\n        end\n"
                     % (n, wl - 1, n))
            first = False
        o.append("        else begin\n")
        o.append("            s_axil_rvalid <= 1'b1; s_axil_rdata <= rword; s_axil_rresp <= rhit ? 2'b00 : 2'b10;\n"
                 "        end\n")
    else:
        o.append("        s_axil_rvalid <= 1'b1; s_axil_rdata <= rword; s_axil_rresp <= rhit ? 2'b00 : 2'b10;\n")
    o.append("    end\n")
    for w in exts:
        n = w["name"].lower()
        o.append("    if (m_axil_%s_awvalid && m_axil_%s_awready) m_axil_%s_awvalid <= 1'b0;\n" % (n, n, n))
        o.append("    if (m_axil_%s_wvalid && m_axil_%s_wready) m_axil_%s_wvalid <= 1'b0;\n" % (n, n, n))
        o.append("    if (m_axil_%s_bvalid && m_axil_%s_bready) begin\n" % (n, n))
        o.append("        wbusy <= 1'b0; wf_%s <= 1'b0; s_axil_bvalid <= 1'b1; s_axil_bresp <= m_axil_%s_bresp;\n"
                 "    end\n" % (n, n))
        o.append("    if (m_axil_%s_arvalid && m_axil_%s_arready) m_axil_%s_arvalid <= 1'b0;\n" % (n, n, n))
        o.append("    if (m_axil_%s_rvalid && m_axil_%s_rready) begin\n" % (n, n))
        o.append("        rbusy <= 1'b0; rf_%s <= 1'b0; s_axil_rvalid <= 1'b1; s_axil_rdata <= m_axil_%s_rdata;\n"
                 "        s_axil_rresp <= m_axil_%s_rresp;\n    end\n" % (n, n, n))
    o.append("    if (rst) begin\n        s_axil_bvalid <= 1'b0;\n        s_axil_rvalid <= 1'b0;\n"
             "        wbusy <= 1'b0;\n        rbusy <= 1'b0;\n")
    for w in exts:
        n = w["name"].lower()
        o.append("        wf_%s <= 1'b0;\n        rf_%s <= 1'b0;\n        m_axil_%s_awvalid <= 1'b0;\n"
                 "        m_axil_%s_wvalid <= 1'b0;\n        m_axil_%s_arvalid <= 1'b0;\n" % (n, n, n, n, n))
    o.append("    end\nend\n\nendmodule\n\n`resetall\n")
    return "".join(o)


# ---- C twin of the generated module (docs/ARCHITECTURE.md section 8) ----

def bus_ports(desc):
    """The generated module's ports other than clk and the field ports: (direction, width, name), RTL order."""
    aw = desc["block"]["addr_w"]
    p = [("input", 1, "rst"),
         ("input", aw, "s_axil_awaddr"), ("input", 1, "s_axil_awvalid"), ("output", 1, "s_axil_awready"),
         ("input", 32, "s_axil_wdata"), ("input", 4, "s_axil_wstrb"), ("input", 1, "s_axil_wvalid"),
         ("output", 1, "s_axil_wready"), ("output", 2, "s_axil_bresp"), ("output", 1, "s_axil_bvalid"),
         ("input", 1, "s_axil_bready"), ("input", aw, "s_axil_araddr"), ("input", 1, "s_axil_arvalid"),
         ("output", 1, "s_axil_arready"), ("output", 32, "s_axil_rdata"), ("output", 2, "s_axil_rresp"),
         ("output", 1, "s_axil_rvalid"), ("input", 1, "s_axil_rready")]
    for w in desc["windows"]:
        if w["impl"] != "external":
            continue
        n = "m_axil_%s_" % w["name"].lower()
        ww = lg2(w["size"])
        p += [("output", ww, n + "awaddr"), ("output", 1, n + "awvalid"), ("input", 1, n + "awready"),
              ("output", 32, n + "wdata"), ("output", 4, n + "wstrb"), ("output", 1, n + "wvalid"),
              ("input", 1, n + "wready"), ("input", 2, n + "bresp"), ("input", 1, n + "bvalid"),
              ("output", 1, n + "bready"), ("output", ww, n + "araddr"), ("output", 1, n + "arvalid"),
              ("input", 1, n + "arready"), ("input", 32, n + "rdata"), ("input", 2, n + "rresp"),
              ("input", 1, n + "rvalid"), ("output", 1, n + "rready")]
    return p


def twin_ports(desc):
    """Every port of the generated module but clk, in RTL order: (direction, width, name)."""
    return bus_ports(desc) + [(d, w, n) for d, w, n, _ in hw_ports(desc)]


def c_decl(width, name):
    if width == 1:
        return "bool %s" % name
    if width <= 32:
        return "uint32_t %s" % name
    if width <= 64:
        return "uint64_t %s" % name
    return "uint64_t %s[%d]" % (name, (width + 63) // 64)


def c_mask(width):
    return "0x%Xu" % ((1 << width) - 1) if width < 32 else "0xFFFFFFFFu"


def twin_names(desc, path_h):
    b = desc["block"]["name"]
    return {"b": b, "B": b.upper(), "h": os.path.basename(path_h)}


def gen_model_h(desc, src, path_h="model/mdd_regs_model.h"):
    nm = twin_names(desc, path_h)
    b, B = nm["b"], nm["B"]
    aw = desc["block"]["addr_w"]
    ports = twin_ports(desc)
    gens = [w for w in desc["windows"] if w["impl"] == "generated"]
    exts = [w for w in desc["windows"] if w["impl"] == "external"]
    o = ["/* SPDX-License-Identifier: MIT */\n", header_comment(desc, src, "c")]
    o.append("/*\n * C twin of the generated register block %s (the RTL of the same description, docs/registers.md),\n"
             " * cycle for cycle (docs/ARCHITECTURE.md section 8): %s_eval() is combinational (outputs from the\n"
             " * registers and this cycle's inputs), %s_tick() is the rising clock edge, rst is an input like any\n"
             " * other; the model's registers are the RTL's, one for one.\n *\n" % (b, b, b))
    o.append(" * Ports: every member of the _in and _out structs is the RTL port of that name (clk aside). A port of\n"
             " * 1 bit is a bool, up to 32 bits a uint32_t, up to 64 bits a uint64_t; a wider one (the packed elements\n"
             " * of an array register's field) is an array of uint64_t, word k = bits [64k+63:64k]. Element i of an\n"
             " * array register's field port is at bits [i*width +: width], as in the RTL. Input bits beyond a port's\n"
             " * width are ignored, as the RTL ignores them; output bits beyond it are 0.\n *\n")
    o.append(" * %s_model_init() gives the RTL's state at time 0 (its initial values: the fields' reset values,\n"
             " * everything else 0), which is also its state after a reset except for the data registers a reset\n"
             " * leaves alone (s_axil_bresp/rdata/rresp and the forwarding ports' addresses and data).\n */\n" % b)
    o.append("#ifndef %s_MODEL_H\n#define %s_MODEL_H\n\n#include <stdbool.h>\n#include <stdint.h>\n\n" % (B, B))
    o.append("#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n")
    o.append("typedef struct %s_in {\n" % b)
    for d, w, n in ports:
        if d == "input":
            o.append("    %s;\n" % c_decl(w, n))
    o.append("} %s_in;\n\ntypedef struct %s_out {\n" % (b, b))
    for d, w, n in ports:
        if d == "output":
            o.append("    %s;\n" % c_decl(w, n))
    o.append("} %s_out;\n\n" % b)
    o.append("/* The RTL's registers: r_<win>_<reg>_<field>[i] is r_<win>_<reg>_<field>_<i> (element i of an array). */\n")
    o.append("typedef struct %s_model {\n    bool wbusy, rbusy;\n" % b)
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                if f["access"] != "ro":
                    o.append("    uint32_t r_%s[%d];\n" % (pname(win, reg, f), reg["count"]))
    for w in exts:
        n = w["name"].lower()
        o.append("    bool wf_%s, rf_%s;\n" % (n, n))
        o.append("    uint32_t m_axil_%s_awaddr, m_axil_%s_wdata, m_axil_%s_wstrb, m_axil_%s_araddr;\n" % (n, n, n, n))
        o.append("    bool m_axil_%s_awvalid, m_axil_%s_wvalid, m_axil_%s_arvalid;\n" % (n, n, n))
    o.append("    uint32_t s_axil_bresp, s_axil_rdata, s_axil_rresp;\n    bool s_axil_bvalid, s_axil_rvalid;\n")
    o.append("} %s_model;\n\n" % b)
    o.append("void %s_model_init(%s_model *m);\n" % (b, b))
    o.append("void %s_eval(const %s_model *m, const %s_in *in, %s_out *out);\n" % (b, b, b, b))
    o.append("void %s_tick(%s_model *m, const %s_in *in);\n\n" % (b, b, b))
    # tables
    o.append("/*\n * The description as tables for harnesses (X macros):\n"
             " *   %s_MODEL_INPUTS(X), _OUTPUTS(X)  X(port, width): every port (rst included, clk not)\n"
             " *   %s_MODEL_EXT(X)    X(win, base, size): the external windows (ports m_axil_<win>_*)\n"
             " * and one entry per field and array element i (addr = the register's address):\n"
             " *   %s_MODEL_RO_CONST(X) X(addr, lsb, width, value)\n"
             " *   %s_MODEL_RO(X)     X(addr, lsb, width, i, port_i)\n"
             " *   %s_MODEL_RW(X)     X(addr, lsb, width, reset, i, port_o)\n"
             " *   %s_MODEL_W1C(X)    X(addr, lsb, width, reset, i, port_set, port_o)\n"
             " *   %s_MODEL_W1P(X)    X(addr, lsb, width, i, port_pulse)\n"
             " *   %s_MODEL_CNT(X)    X(addr, lsb, width, reset, inc_w, i, port_inc, port_o)\n */\n"
             % ((B,) * 8))
    o.append("#define %s_MODEL_ADDR_W %d\n" % (B, aw))

    def table(name, entries):
        o.append("#define %s_MODEL_%s(X)%s\n" % (B, name, "".join(" \\\n    " + e for e in entries)))

    table("INPUTS", ["X(%s, %d)" % (n, w) for d, w, n in ports if d == "input"])
    table("OUTPUTS", ["X(%s, %d)" % (n, w) for d, w, n in ports if d == "output"])
    table("EXT", ["X(%s, 0x%Xu, 0x%Xu)" % (w["name"].lower(), w["base"], w["size"]) for w in exts])
    kinds = {"ro_const": [], "ro": [], "rw": [], "w1c": [], "w1p": [], "cnt": []}
    for win in gens:
        for reg in win["regs"]:
            for k in range(reg["count"]):
                a = win["base"] + reg["offset"] + k * reg["stride"]
                for f in reg["fields"]:
                    p = pname(win, reg, f)
                    acc, lsb, w, r = f["access"], f["lsb"], f["width"], f["reset"]
                    if acc == "ro" and f["const"]:
                        kinds["ro_const"].append("X(0x%04Xu, %d, %d, 0x%Xu)" % (a, lsb, w, r))
                    elif acc == "ro":
                        kinds["ro"].append("X(0x%04Xu, %d, %d, %d, %s_i)" % (a, lsb, w, k, p))
                    elif acc == "rw":
                        kinds["rw"].append("X(0x%04Xu, %d, %d, 0x%Xu, %d, %s_o)" % (a, lsb, w, r, k, p))
                    elif acc == "w1c":
                        kinds["w1c"].append("X(0x%04Xu, %d, %d, 0x%Xu, %d, %s_set, %s_o)" % (a, lsb, w, r, k, p, p))
                    elif acc == "w1p":
                        kinds["w1p"].append("X(0x%04Xu, %d, %d, %d, %s_pulse)" % (a, lsb, w, k, p))
                    elif acc == "cnt":
                        kinds["cnt"].append("X(0x%04Xu, %d, %d, 0x%Xu, %d, %d, %s_inc, %s_o)"
                                            % (a, lsb, w, r, f["inc_w"], k, p, p))
    for k in ("ro_const", "ro", "rw", "w1c", "w1p", "cnt"):
        table(k.upper(), kinds[k])
    o.append("\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s_MODEL_H */\n" % B)
    return "".join(o)


def gen_model_c(desc, src, path_h="model/mdd_regs_model.h"):
    nm = twin_names(desc, path_h)
    b = nm["b"]
    aw = desc["block"]["addr_w"]
    amask = c_mask(aw)
    gens = [w for w in desc["windows"] if w["impl"] == "generated"]
    exts = [w for w in desc["windows"] if w["impl"] == "external"]
    widths = {n: w for d, w, n in twin_ports(desc)}

    def in_bits(port, lsb, w):
        """Bits [lsb +: w] of input port `port`, as uint32_t."""
        if widths[port] > 64:
            return "get_bits(in->%s, %d, %d)" % (port, lsb, w)
        if widths[port] == 1:
            return "(uint32_t)in->%s" % port
        if lsb == 0 and w == widths[port] and w <= 32:
            return "(in->%s & %s)" % (port, c_mask(w))
        return "(uint32_t)(((uint64_t)in->%s >> %d) & %s)" % (port, lsb, c_mask(w))

    o = ["/* SPDX-License-Identifier: MIT */\n", header_comment(desc, src, "c")]
    o.append("/* C twin of the generated %s: see %s. Each block below names the RTL it mirrors. */\n" % (b, nm["h"]))
    o.append("#include \"%s\"\n\n#include <string.h>\n\n" % nm["h"])
    o.append("/* bits [lsb +: w] (w <= 32) of a wide port, word k = bits [64k+63:64k] */\n")
    o.append("static inline uint32_t get_bits(const uint64_t *v, unsigned lsb, unsigned w) {\n"
             "    uint64_t x = v[lsb / 64] >> (lsb % 64);\n"
             "    if (lsb % 64 + w > 64) x |= v[lsb / 64 + 1] << (64 - lsb % 64);\n"
             "    return (uint32_t)(x & ((1ull << w) - 1));\n}\n\n")
    o.append("static inline void put_bits(uint64_t *v, unsigned lsb, unsigned w, uint32_t x) {\n"
             "    v[lsb / 64] |= (uint64_t)x << (lsb % 64);\n"
             "    if (lsb % 64 + w > 64) v[lsb / 64 + 1] |= (uint64_t)x >> (64 - lsb % 64);\n}\n\n")
    o.append("void %s_model_init(%s_model *m) {\n    memset(m, 0, sizeof *m);\n" % (b, b))
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                if f["access"] in ("rw", "w1c", "cnt") and f["reset"]:
                    for k in range(reg["count"]):
                        o.append("    m->r_%s[%d] = 0x%Xu;\n" % (pname(win, reg, f), k, f["reset"]))
    o.append("}\n\n")
    # the combinational decode
    o.append("/* wtake/rtake, wa/ra, wbits/wset: the RTL's wires of the same names */\n")
    o.append("typedef struct comb {\n    bool wtake, rtake;\n    uint32_t wa, ra, wbits, wset;\n} comb;\n\n")
    o.append("static void decode(const %s_model *m, const %s_in *in, comb *c) {\n" % (b, b))
    o.append("    c->wtake = in->s_axil_awvalid && in->s_axil_wvalid && !m->s_axil_bvalid && !m->wbusy;\n")
    o.append("    c->rtake = in->s_axil_arvalid && !m->s_axil_rvalid && !m->rbusy;\n")
    o.append("    c->wa = in->s_axil_awaddr & %s;\n    c->ra = in->s_axil_araddr & %s;\n" % (amask, amask))
    o.append("    c->wbits = 0;\n    for (unsigned i = 0; i < 4; ++i)\n"
             "        if (in->s_axil_wstrb >> i & 1) c->wbits |= 0xFFu << (8 * i);\n")
    o.append("    c->wset = in->s_axil_wdata & c->wbits;\n}\n\n")
    # read mux
    o.append("/* rword/rhit: the generated registers' read data and whether ra names one (ra[AW-1:2]) */\n")
    o.append("static bool read_word(const %s_model *m, const %s_in *in, uint32_t ra, uint32_t *rword) {\n" % (b, b))
    o.append("    (void)m;\n    (void)in;\n    switch (ra >> 2) {\n")
    any_case = False
    for win in gens:
        for reg in win["regs"]:
            for k in range(reg["count"]):
                a = win["base"] + reg["offset"] + k * reg["stride"]
                parts = []
                for f in reg["fields"]:
                    w, lsb, acc = f["width"], f["lsb"], f["access"]
                    p = pname(win, reg, f)
                    if acc == "w1p":
                        continue
                    if acc == "ro":
                        v = "0x%Xu" % f["reset"] if f["const"] else in_bits(p + "_i", k * w, w)
                    else:
                        v = "m->r_%s[%d]" % (p, k)
                    parts.append(v if lsb == 0 else "(%s << %d)" % (v, lsb))
                val = " | ".join(parts) if parts else "0"
                o.append("    case 0x%X: *rword = %s; return true;\n" % (a >> 2, val))
                any_case = True
    o.append("    default: *rword = 0; return false;\n    }\n}\n\n")
    if not any_case:
        o.append("/* (no generated registers) */\n")
    o.append("/* whit: wa[AW-1:2] names a generated register */\nstatic bool write_hit(uint32_t wa) {\n"
             "    switch (wa >> 2) {\n")
    for win in gens:
        for reg in win["regs"]:
            for k in range(reg["count"]):
                a = win["base"] + reg["offset"] + k * reg["stride"]
                o.append("    case 0x%X:\n" % (a >> 2))
    if any_case:
        o.append("        return true;\n")
    o.append("    default: return false;\n    }\n}\n\n")
    # eval
    o.append("void %s_eval(const %s_model *m, const %s_in *in, %s_out *out) {\n" % (b, b, b, b))
    o.append("    comb c;\n    decode(m, in, &c);\n    memset(out, 0, sizeof *out);\n")
    o.append("    out->s_axil_awready = c.wtake;\n    out->s_axil_wready = c.wtake;\n"
             "    out->s_axil_bresp = m->s_axil_bresp;\n    out->s_axil_bvalid = m->s_axil_bvalid;\n"
             "    out->s_axil_arready = c.rtake;\n    out->s_axil_rdata = m->s_axil_rdata;\n"
             "    out->s_axil_rresp = m->s_axil_rresp;\n    out->s_axil_rvalid = m->s_axil_rvalid;\n")
    for w in exts:
        n = w["name"].lower()
        for s in ("awaddr", "awvalid", "wdata", "wstrb", "wvalid", "araddr", "arvalid"):
            o.append("    out->m_axil_%s_%s = m->m_axil_%s_%s;\n" % (n, s, n, s))
        o.append("    out->m_axil_%s_bready = m->wf_%s && !m->m_axil_%s_awvalid && !m->m_axil_%s_wvalid;\n"
                 % (n, n, n, n))
        o.append("    out->m_axil_%s_rready = m->rf_%s && !m->m_axil_%s_arvalid;\n" % (n, n, n))
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                acc = f["access"]
                if acc == "ro":
                    continue
                p = pname(win, reg, f)
                port = p + ("_pulse" if acc == "w1p" else "_o")
                w, cnt = f["width"], reg["count"]
                tw = widths[port]
                if tw > 64:
                    for k in range(cnt):
                        o.append("    put_bits(out->%s, %d, %d, m->r_%s[%d]);\n" % (port, k * w, w, p, k))
                elif tw == 1:
                    o.append("    out->%s = m->r_%s[0] != 0;\n" % (port, p))
                else:
                    parts = ["(uint64_t)m->r_%s[%d] << %d" % (p, k, k * w) if k else "m->r_%s[0]" % p
                             for k in range(cnt)]
                    cast = "(uint32_t)" if tw <= 32 and cnt > 1 else ""
                    o.append("    out->%s = %s%s;\n" % (port, cast, " | ".join(parts) if cnt == 1 else
                                                         "(" + " | ".join(parts) + ")"))
    o.append("}\n\n")
    # tick
    o.append("void %s_tick(%s_model *m, const %s_in *in) {\n" % (b, b, b))
    o.append("    comb c;\n    decode(m, in, &c);\n"
             "    const %s_model o = *m; /* the registers before the edge: the RTL's right-hand sides */\n" % b)
    o.append("    uint32_t rword;\n    const bool rhit = read_word(&o, in, c.ra, &rword);\n"
             "    const bool whit = write_hit(c.wa);\n\n")
    o.append("    /* ---- registers (the RTL's \"registers\" always block) ---- */\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                acc = f["access"]
                if acc == "ro":
                    continue
                w, lsb = f["width"], f["lsb"]
                M = c_mask(w)
                p = pname(win, reg, f)
                for k in range(reg["count"]):
                    a = win["base"] + reg["offset"] + k * reg["stride"]
                    r = "m->r_%s[%d]" % (p, k)
                    ro_ = "o.r_%s[%d]" % (p, k)
                    hit = "(c.wtake && (c.wa >> 2) == 0x%Xu)" % (a >> 2)

                    def sl(x):
                        """bits [lsb +: w] of x"""
                        if w == 32:
                            return x
                        return "(%s >> %d & %s)" % (x, lsb, M) if lsb else "(%s & %s)" % (x, M)
                    wb, wd, ws = sl("c.wbits"), sl("in->s_axil_wdata"), sl("c.wset")
                    if acc in ("rw", "cnt"):
                        o.append("    if %s %s = (%s & ~%s) | (%s & %s);\n" % (hit, r, ro_, wb, wd, wb))
                    if acc == "w1c":
                        o.append("    %s = (%s & ~(%s ? %s : 0u)) | %s;\n"
                                 % (r, ro_, hit, ws, in_bits(p + "_set", k * w, w)))
                    elif acc == "w1p":
                        o.append("    %s = %s ? %s : 0u;\n" % (r, hit, ws))
                    elif acc == "cnt":
                        inc = "%s + %s" % (ro_, in_bits(p + "_inc", k * f["inc_w"], f["inc_w"]))
                        o.append("    else %s = %s;\n" % (r, inc if w == 32 else "(%s) & %s" % (inc, M)))
    o.append("    if (in->rst) {\n")
    for win in gens:
        for reg in win["regs"]:
            for f in reg["fields"]:
                if f["access"] == "ro":
                    continue
                for k in range(reg["count"]):
                    o.append("        m->r_%s[%d] = 0x%Xu;\n"
                             % (pname(win, reg, f), k, 0 if f["access"] == "w1p" else f["reset"]))
    o.append("    }\n\n")
    o.append("    /* ---- responses and forwarding (the RTL's second always block, in its order: the last\n"
             "       assignment of a cycle wins) ---- */\n")
    o.append("    if (o.s_axil_bvalid && in->s_axil_bready) m->s_axil_bvalid = false;\n")
    o.append("    if (o.s_axil_rvalid && in->s_axil_rready) m->s_axil_rvalid = false;\n")
    o.append("    if (c.wtake) {\n")
    ind = "        "
    first = True
    for w in exts:
        n = w["name"].lower()
        wl = lg2(w["size"])
        o.append("%s%sif ((c.wa >> %d) == 0x%Xu) {\n" % (ind, "" if first else "} else ", wl, w["base"] >> wl))
        o.append("            m->wbusy = true;\n            m->wf_%s = true;\n" % n)
        o.append("            m->m_axil_%s_awaddr = c.wa & %s;\n            m->m_axil_%s_awvalid = true;\n"
                 % (n, c_mask(wl), n))
        o.append("            m->m_axil_%s_wdata = in->s_axil_wdata;\n"
                 "            m->m_axil_%s_wstrb = in->s_axil_wstrb & 0xFu;\n"
                 "            m->m_axil_%s_wvalid = true;\n" % (n, n, n))
        first = False
    if exts:
        o.append("        } else {\n            m->s_axil_bvalid = true;\n"
                 "            m->s_axil_bresp = whit ? 0u : 2u;\n        }\n")
    else:
        o.append("        m->s_axil_bvalid = true;\n        m->s_axil_bresp = whit ? 0u : 2u;\n")
    o.append("    }\n    if (c.rtake) {\n")
    first = True
    for w in exts:
        n = w["name"].lower()
        wl = lg2(w["size"])
        o.append("%s%sif ((c.ra >> %d) == 0x%Xu) {\n" % (ind, "" if first else "} else ", wl, w["base"] >> wl))
        o.append("            m->rbusy = true;\n            m->rf_%s = true;\n" % n)
        o.append("            m->m_axil_%s_araddr = c.ra & %s;\n            m->m_axil_%s_arvalid = true;\n"
                 % (n, c_mask(wl), n))
        first = False
    if exts:
        o.append("        } else {\n            m->s_axil_rvalid = true;\n            m->s_axil_rdata = rword;\n"
                 "            m->s_axil_rresp = rhit ? 0u : 2u;\n        }\n")
    else:
        o.append("        m->s_axil_rvalid = true;\n        m->s_axil_rdata = rword;\n"
                 "        m->s_axil_rresp = rhit ? 0u : 2u;\n")
    o.append("    }\n")
    for w in exts:
        n = w["name"].lower()
        o.append("    if (o.m_axil_%s_awvalid && in->m_axil_%s_awready) m->m_axil_%s_awvalid = false;\n" % (n, n, n))
        o.append("    if (o.m_axil_%s_wvalid && in->m_axil_%s_wready) m->m_axil_%s_wvalid = false;\n" % (n, n, n))
        o.append("    if (in->m_axil_%s_bvalid && o.wf_%s && !o.m_axil_%s_awvalid && !o.m_axil_%s_wvalid) {\n"
                 % (n, n, n, n))
        o.append("        m->wbusy = false;\n        m->wf_%s = false;\n        m->s_axil_bvalid = true;\n"
                 "        m->s_axil_bresp = in->m_axil_%s_bresp & 3u;\n    }\n" % (n, n))
        o.append("    if (o.m_axil_%s_arvalid && in->m_axil_%s_arready) m->m_axil_%s_arvalid = false;\n" % (n, n, n))
        o.append("    if (in->m_axil_%s_rvalid && o.rf_%s && !o.m_axil_%s_arvalid) {\n" % (n, n, n))
        o.append("        m->rbusy = false;\n        m->rf_%s = false;\n        m->s_axil_rvalid = true;\n"
                 "        m->s_axil_rdata = in->m_axil_%s_rdata;\n        m->s_axil_rresp = in->m_axil_%s_rresp & 3u;\n"
                 "    }\n" % (n, n, n))
    o.append("    if (in->rst) {\n        m->s_axil_bvalid = false;\n        m->s_axil_rvalid = false;\n"
             "        m->wbusy = false;\n        m->rbusy = false;\n")
    for w in exts:
        n = w["name"].lower()
        o.append("        m->wf_%s = false;\n        m->rf_%s = false;\n        m->m_axil_%s_awvalid = false;\n"
                 "        m->m_axil_%s_wvalid = false;\n        m->m_axil_%s_arvalid = false;\n" % (n, n, n, n, n))
    o.append("    }\n}\n")
    return "".join(o)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("desc")
    ap.add_argument("--rtl")
    ap.add_argument("--vh")
    ap.add_argument("--h")
    ap.add_argument("--md")
    ap.add_argument("--model-h", help="the C twin's header (its .c includes it by this file name)")
    ap.add_argument("--model-c", help="the C twin")
    ap.add_argument("--check", action="store_true", help="fail if an output file differs from what would be written")
    a = ap.parse_args()
    try:
        desc = load(a.desc)
    except DescError as e:
        print("regtool: %s" % e, file=sys.stderr)
        return 1
    model_h = a.model_h or (a.model_c[:-2] + ".h" if a.model_c and a.model_c.endswith(".c") else "model.h")
    outs = [(a.rtl, gen_rtl), (a.vh, gen_vh), (a.h, gen_h), (a.md, gen_md),
            (a.model_h, lambda d, s: gen_model_h(d, s, model_h)), (a.model_c, lambda d, s: gen_model_c(d, s, model_h))]
    stale = []
    for path, gen in outs:
        if not path:
            continue
        text = gen(desc, a.desc)
        if a.check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(path)
            except OSError:
                stale.append(path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if stale:
        print("regtool: %s out of date with %s: run `make regs` and commit" % (", ".join(stale), a.desc),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

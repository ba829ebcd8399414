#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn include/mdd/formats.def (D-004) into the Verilog header rtl/mdd_formats.vh.

    scripts/gen-formats.py include/mdd/formats.def -o rtl/mdd_formats.vh      write it (make formats)
    scripts/gen-formats.py include/mdd/formats.def --check rtl/mdd_formats.vh fail if FILE differs (make lint)

formats.def holds one X-macro per line (see its header comment); comments and blank lines are ignored and
anything else is an error, reported as "<def>:LINE: <problem>".  Python 3 standard library only.
"""

import argparse
import os
import re
import sys

FAMILIES = {
    # macro: argument names; "id" arguments are C identifiers, the others numbers
    "MDD_CONST": ("name", "value"),
    "MDD_KIND": ("name", "code"),
    "MDD_TAGBIT": ("name", "bit"),
    "MDD_INCL": ("engine", "proto", "mask"),
    "MDD_ERR": ("name", "code"),
    "MDD_PIFMT": ("name", "code", "pi_len", "guard_alg", "guard_len", "app_off", "ref_off", "ref_len"),
    "MDD_FIELD": ("rec", "name", "word", "lsb", "width"),
}
ID_ARGS = {"name", "engine", "proto", "rec"}

LINE_RE = re.compile(r"^(MDD_[A-Z]+)\s*\((.*)\)$")
ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
NUM_RE = re.compile(r"^(0[xX][0-9a-fA-F]+|0|[1-9][0-9]*)$")

# Repository root: the first line of the header names the .def relative to it, whatever the working directory.
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class DefError(Exception):
    pass


def strip_comments(text, path):
    """Removes /* */ and // comments, keeping the line structure (a block comment becomes blank lines)."""
    out = []
    i, n = 0, len(text)
    line = 1
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise DefError("%s:%d: unterminated comment" % (path, line))
            body = text[i:end + 2]
            line += body.count("\n")
            out.append("\n" * body.count("\n"))
            i = end + 2
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        else:
            if c == "\n":
                line += 1
            out.append(c)
            i += 1
    return "".join(out)


def parse(path):
    """Returns a list of (line number, family, {arg: value}) in file order."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise DefError("%s: %s" % (path, e.strerror))
    entries = []
    for lineno, raw in enumerate(strip_comments(text, path).split("\n"), 1):
        s = raw.strip()
        if not s:
            continue

        def fail(msg):
            raise DefError("%s:%d: %s" % (path, lineno, msg))

        m = LINE_RE.match(s)
        if not m:
            fail("unrecognised line: %s" % s)
        fam = m.group(1)
        if fam not in FAMILIES:
            fail("unknown macro %s (expected one of %s)" % (fam, ", ".join(sorted(FAMILIES))))
        args = [a.strip() for a in m.group(2).split(",")]
        names = FAMILIES[fam]
        if len(args) != len(names):
            fail("%s takes %d arguments (%s), got %d" % (fam, len(names), ", ".join(names), len(args)))
        vals = {}
        for an, av in zip(names, args):
            if an in ID_ARGS:
                if not ID_RE.match(av):
                    fail("%s: %s must be an identifier, got '%s'" % (fam, an, av))
                vals[an] = av
            else:
                if not NUM_RE.match(av):
                    fail("%s: %s must be a decimal or 0x hexadecimal number, got '%s'" % (fam, an, av))
                vals[an] = int(av, 0)
        entries.append((lineno, fam, vals))
    return entries


def vnum(value):
    """A localparam value and its range: a plain integer when it fits a signed 32-bit integer."""
    if value < (1 << 31):
        return "", "%d" % value
    if value < (1 << 32):
        return "[31:0] ", "32'h%08X" % value
    return "[63:0] ", "64'h%016X" % value


def build(path, entries):
    """Checks the entries and returns the text of the Verilog header."""
    def fail(lineno, msg):
        raise DefError("%s:%d: %s" % (path, lineno, msg))

    consts = {}                 # name -> value
    params = {}                 # generated localparam name -> line that defined it
    family_keys = {}            # (family, key) -> line, for duplicate detection inside a family
    lines = []                  # (section, text)

    def claim(lineno, pname):
        if pname in params:
            fail(lineno, "duplicate name %s (already defined at line %d)" % (pname, params[pname]))
        params[pname] = lineno

    def unique(lineno, fam, key, what):
        if (fam, key) in family_keys:
            fail(lineno, "duplicate %s (already at line %d)" % (what, family_keys[(fam, key)]))
        family_keys[(fam, key)] = lineno

    for lineno, fam, v in entries:
        if fam == "MDD_CONST":
            if v["value"] >= (1 << 64):
                fail(lineno, "MDD_CONST %s: value does not fit 64 bits" % v["name"])
            consts[v["name"]] = v["value"]

    kind_w = consts.get("TAG_KIND_W", 3)
    kind_lsb = consts.get("TAG_KIND_LSB", 0)
    kinds, tagbits, cons, incls, errs, pis, fields = [], [], [], [], [], [], []
    incl_seen = {}
    field_bits = {}             # (rec, word) -> list of (lsb, msb, name, line)
    records = {}                # rec -> first line

    for lineno, fam, v in entries:
        if fam == "MDD_CONST":
            claim(lineno, "MDD_" + v["name"])
            cons.append(v)
        elif fam == "MDD_KIND":
            claim(lineno, "MDD_KIND_" + v["name"])
            if v["code"] >= (1 << kind_w):
                fail(lineno, "KIND %s: code %d does not fit TAG_KIND_W = %d bits" % (v["name"], v["code"], kind_w))
            unique(lineno, fam, v["code"], "KIND code %d" % v["code"])
            kinds.append(v)
        elif fam == "MDD_TAGBIT":
            claim(lineno, "MDD_TAG_" + v["name"])
            if v["bit"] > 7:
                fail(lineno, "TAGBIT %s: bit %d is outside the 8-bit tag" % (v["name"], v["bit"]))
            if kind_lsb <= v["bit"] < kind_lsb + kind_w:
                fail(lineno, "TAGBIT %s: bit %d overlaps the KIND field" % (v["name"], v["bit"]))
            unique(lineno, fam, v["bit"], "tag bit %d" % v["bit"])
            tagbits.append(v)
        elif fam == "MDD_INCL":
            for arg, prefix in (("engine", "ENGINE_"), ("proto", "PROTO_")):
                if prefix + v[arg] not in consts:
                    fail(lineno, "INCL: %s %s has no MDD_CONST(%s%s, ...)" % (arg, v[arg], prefix, v[arg]))
            if v["mask"] > 0xFF:
                fail(lineno, "INCL %s %s: mask 0x%X is wider than 8 bits" % (v["engine"], v["proto"], v["mask"]))
            claim(lineno, "MDD_INCL_%s_%s" % (v["engine"], v["proto"]))
            key = (consts["ENGINE_" + v["engine"]], consts["PROTO_" + v["proto"]])
            if key in incl_seen:
                fail(lineno, "INCL %s %s: same engine and protocol codes as line %d"
                     % (v["engine"], v["proto"], incl_seen[key]))
            incl_seen[key] = lineno
            incls.append(v)
        elif fam == "MDD_ERR":
            claim(lineno, "MDD_ERR_" + v["name"])
            unique(lineno, fam, v["code"], "error code %d" % v["code"])
            errs.append(v)
        elif fam == "MDD_PIFMT":
            n = v["name"]
            for suffix in ("CODE", "LEN", "GUARD_ALG", "GUARD_LEN", "APP_OFF", "REF_OFF", "REF_LEN"):
                claim(lineno, "MDD_PI_%s_%s" % (n, suffix))
            unique(lineno, fam, v["code"], "PI format code %d" % v["code"])
            if v["app_off"] + 2 > v["pi_len"] or v["guard_len"] > v["pi_len"] or \
                    v["ref_off"] + v["ref_len"] > v["pi_len"]:
                fail(lineno, "PIFMT %s: a field lies beyond pi_len %d" % (n, v["pi_len"]))
            pis.append(v)
        elif fam == "MDD_FIELD":
            r, n, w, lsb, width = v["rec"], v["name"], v["word"], v["lsb"], v["width"]
            claim(lineno, "MDD_%s_%s_LSB" % (r, n))
            claim(lineno, "MDD_%s_%s_W" % (r, n))
            if width == 0:
                fail(lineno, "FIELD %s.%s: width 0" % (r, n))
            if lsb > 63 or lsb + width > 64:
                fail(lineno, "FIELD %s.%s: bits [%d:%d] cross bit 63 of word %d"
                     % (r, n, lsb + width - 1, lsb, w))
            words = consts.get(r + "_WORDS")
            if words is None:
                fail(lineno, "FIELD %s.%s: record %s has no MDD_CONST(%s_WORDS, ...)" % (r, n, r, r))
            if w >= words:
                fail(lineno, "FIELD %s.%s: word %d is outside the record (%s_WORDS = %d)" % (r, n, w, r, words))
            msb = lsb + width - 1
            for olsb, omsb, oname, oline in field_bits.get((r, w), []):
                if lsb <= omsb and olsb <= msb:
                    fail(lineno, "FIELD %s.%s: bits [%d:%d] of word %d overlap %s.%s [%d:%d] (line %d)"
                         % (r, n, msb, lsb, w, r, oname, omsb, olsb, oline))
            field_bits.setdefault((r, w), []).append((lsb, msb, n, lineno))
            records.setdefault(r, lineno)
            fields.append(v)

    for r, lineno in records.items():
        claim(lineno, "MDD_%s_BITS" % r)

    # ---- text ----
    def lp(name, value, rng=None):
        if rng is None:
            rng, value = vnum(value)
        return "localparam %s%s = %s;" % (rng, name, value)

    def align(rows):
        """Aligns the '=' of a block of localparams."""
        width = max(r.index("=") for r in rows)
        return [r[:r.index("=")].ljust(width) + r[r.index("="):] for r in rows]

    out = []
    rel = os.path.relpath(os.path.abspath(path), REPO)
    if rel.startswith(".."):
        rel = path
    out.append("// Generated from %s by scripts/gen-formats.py: do not edit (edit the .def, then `make formats`)."
               % rel.replace(os.sep, "/"))
    out.append("""//
// The formats shared by RTL and C model (docs/DECISIONS.md D-004, docs/ARCHITECTURE.md 4.4), as localparams.
// Include it INSIDE a module body, once per module (compile with -Irtl):
//
//     `include "mdd_formats.vh"
//     ... desc[MDD_DESC_PDU_OFF_LSB +: MDD_DESC_PDU_OFF_W] ... tag[MDD_TAG_EB] ...
//
// There is no include guard: a `define guard is global to the compilation unit and would hide the
// localparams from every module after the first.  Field positions are bit offsets into the whole record
// (64 * word + lsb), so a record is one flat vector of MDD_<rec>_BITS bits.
/* verilator lint_off UNUSEDPARAM */""")

    def section(title, rows):
        if rows:
            out.append("")
            out.append("// ---- %s ----" % title)
            out.extend(align(rows))

    section("per-byte tag: KIND codes", [lp("MDD_KIND_" + v["name"], "%d'd%d" % (kind_w, v["code"]), "")
                                          for v in kinds])
    section("per-byte tag: flag bit numbers", [lp("MDD_TAG_" + v["name"], v["bit"]) for v in tagbits])
    section("constants", [lp("MDD_" + v["name"], v["value"]) for v in cons])
    section("CRC inclusion masks (bit k = KIND k), engine x protocol",
            [lp("MDD_INCL_%s_%s" % (v["engine"], v["proto"]), "8'h%02X" % v["mask"], "[7:0] ") for v in incls])
    section("error codes (err_map bit = code)", [lp("MDD_ERR_" + v["name"], v["code"]) for v in errs])
    rows = []
    for v in pis:
        n = v["name"]
        rows += [lp("MDD_PI_%s_CODE" % n, v["code"]), lp("MDD_PI_%s_LEN" % n, v["pi_len"]),
                 lp("MDD_PI_%s_GUARD_ALG" % n, v["guard_alg"]), lp("MDD_PI_%s_GUARD_LEN" % n, v["guard_len"]),
                 lp("MDD_PI_%s_APP_OFF" % n, v["app_off"]), lp("MDD_PI_%s_REF_OFF" % n, v["ref_off"]),
                 lp("MDD_PI_%s_REF_LEN" % n, v["ref_len"])]
    section("protection-information formats (byte offsets; GUARD_ALG = CRC_ALG numbering)", rows)
    for r in records:
        rows = [lp("MDD_%s_BITS" % r, 64 * consts[r + "_WORDS"])]
        for v in fields:
            if v["rec"] == r:
                rows += [lp("MDD_%s_%s_LSB" % (r, v["name"]), 64 * v["word"] + v["lsb"]),
                         lp("MDD_%s_%s_W" % (r, v["name"]), v["width"])]
        section("record %s: %d x 64 bits, field = %s[LSB +: W]" % (r, consts[r + "_WORDS"], r.lower()), rows)

    if incls:
        out.append("")
        out.append("// CRC inclusion mask of an engine (MDD_ENGINE_*) for a protocol (MDD_PROTO_*); 0 if none.")
        out.append("function [7:0] mdd_incl_mask(input integer engine, input integer proto);")
        out.append("    begin")
        out.append("        mdd_incl_mask = 8'h00;")
        for v in incls:
            out.append("        if (engine == MDD_ENGINE_%s && proto == MDD_PROTO_%s) mdd_incl_mask = MDD_INCL_%s_%s;"
                       % (v["engine"], v["proto"], v["engine"], v["proto"]))
        out.append("    end")
        out.append("endfunction")

    if pis:
        out.append("")
        out.append("// A PI format's length in bytes (MDD_PI_*_LEN by PI_FMT); a code no format has: the longest (the")
        out.append("// descriptor check rejects it), as the C model's rule (16 unless T10) gives.")
        out.append("function [4:0] mdd_pi_len(input [1:0] fmt);")
        out.append("    begin")
        out.append("        mdd_pi_len = 5'd%d;" % max(v["pi_len"] for v in pis))
        for v in pis:
            out.append("        if (fmt == 2'd%d) mdd_pi_len = 5'd%d;" % (v["code"], v["pi_len"]))
        out.append("    end")
        out.append("endfunction")

    out.append("")
    out.append("/* verilator lint_on UNUSEDPARAM */")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Generate rtl/mdd_formats.vh from include/mdd/formats.def (D-004).")
    ap.add_argument("deffile", help="include/mdd/formats.def")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("-o", "--output", metavar="FILE", help="write the Verilog header to FILE")
    g.add_argument("--check", metavar="FILE", help="exit 1 if FILE differs from what would be generated")
    a = ap.parse_args()

    try:
        text = build(a.deffile, parse(a.deffile))
    except DefError as e:
        print("gen-formats: %s" % e, file=sys.stderr)
        return 2

    if a.check:
        try:
            with open(a.check, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            print("%s is stale: run make formats" % a.check, file=sys.stderr)
            return 1
        print("%s is up to date with %s" % (a.check, a.deffile))
        return 0

    try:
        with open(a.output, encoding="utf-8") as f:
            if f.read() == text:
                return 0            # unchanged: keep the timestamp, nothing that depends on it rebuilds
    except OSError:
        pass
    tmp = a.output + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks mdd.core (the FuseSoC description) against the RTL: its rtl fileset must list exactly the files Icarus
resolves from rtl/mdd_core.v (iverilog -M), include files marked as such, and every parameter it declares must
be a parameter of mdd_core with the same default.

    scripts/check-core-file.py mdd.core DEPS_FILE rtl/mdd_core.v

Prints one line per problem and ends with "<suite>: P passed, F failed" (suite fusesoc-core)."""

import os
import re
import sys

from suite import Suite


def main():
    core, deps_file, top = sys.argv[1:4]
    text = open(core).read()
    listed = re.findall(r"^\s+- (rtl/\S+?)(:\s*\{is_include_file: true\})?$", text, re.M)
    files = {f for f, _ in listed}
    includes = {f for f, inc in listed if inc}
    deps = {"rtl/" + os.path.basename(l.strip()) for l in open(deps_file) if l.strip()}
    suite = Suite("fusesoc-core", "mdd.core: ")
    check = suite.check

    for f in sorted(deps - files):
        check(False, "%s is needed by mdd_core but not listed" % f)
    for f in sorted(files - deps):
        check(False, "%s is listed but mdd_core does not use it" % f)
    check(deps == files, "file list")
    for f in sorted(files):
        check((f in includes) == f.endswith(".vh"), "%s: is_include_file must be set exactly for .vh files" % f)
    rtl = open(top).read()
    rtl_params = dict(re.findall(r"parameter\s+(\w+)\s*=\s*(\d+)", rtl))
    for name, default in re.findall(r"^  (\w+):\n    datatype: int\n    default: (\d+)", text, re.M):
        check(rtl_params.get(name) == default,
              "parameter %s: default %s, mdd_core has %s" % (name, default, rtl_params.get(name, "none")))
    return suite.finish()


if __name__ == "__main__":
    sys.exit(main())

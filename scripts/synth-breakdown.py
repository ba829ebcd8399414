#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The LUTs, flip-flops and LUT levels of each block under the top, from the log of a hierarchy-kept yosys run
(SYNTH_HIER=1 scripts/synth.sh, make synth): every module's own cells (its "=== module ===" statistics) times its
instance count in the design hierarchy, summed over each child of the top; levels are the deepest module's in
the child (ltp per module, every module boundary a register or a port). The last line is the top's total, which
must equal yosys's own design-hierarchy totals (checked: the script fails otherwise).

    scripts/synth-breakdown.py build/synth/mdd_core_W8.log"""

import re
import sys

FF_RE = re.compile(r"^\s+\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DLATCH)[A-Z_0-9]*\s+(\d+)")


def short(name):
    """$paramod$hash\\mdd_x or $paramod\\mdd_x\\W=... -> mdd_x"""
    m = re.search(r"\\(mdd_\w+)", name)
    return m.group(1) if m else name


def main():
    log = open(sys.argv[1]).read().splitlines()
    start = max(i for i, l in enumerate(log) if "Printing statistics" in l)
    own = {}  # module -> [luts, ffs]
    mod = None
    tree = []  # (depth, module, count)
    totals = [0, 0]
    in_hier = False
    tree_done = False
    for line in log[start:]:
        m = re.match(r"^=== (.+) ===$", line)
        if m:
            mod = m.group(1)
            in_hier = mod == "design hierarchy"
            if not in_hier:
                own[mod] = [0, 0]
            continue
        if in_hier:
            h = re.match(r"^( +)(\S+)\s+(\d+)$", line)
            if h and not tree_done:
                tree.append((len(h.group(1)), h.group(2), int(h.group(3))))
            elif tree and not line.strip():
                tree_done = True  # the cell totals follow, in the same layout
            l = re.match(r"^\s+\$lut\s+(\d+)", line)
            if l:
                totals[0] = int(l.group(1))
            f = FF_RE.match(line)
            if f:
                totals[1] += int(f.group(2))
            continue
        if mod is None:
            continue
        l = re.match(r"^\s+\$lut\s+(\d+)", line)
        if l:
            own[mod][0] = int(l.group(1))
        f = FF_RE.match(line)
        if f:
            own[mod][1] += int(f.group(2))
    levels = {}
    for line in log:
        m = re.search(r"Longest topological path in (\S+) \(length=(\d+)\)", line)
        if m:
            levels[m.group(1)] = max(levels.get(m.group(1), 0), int(m.group(2)))
    # walk the tree: multiplicity = product of counts along the path; group by the top's children
    top_depth = tree[0][0]
    rows = []  # [name, luts, ffs, levels]
    stack = []  # (depth, multiplicity)
    top = tree[0][1]
    top_row = [top + " (own logic)", own.get(top, [0, 0])[0], own.get(top, [0, 0])[1], levels.get(top, 0)]
    for depth, name, count in tree[1:]:
        while stack and stack[-1][0] >= depth:
            stack.pop()
        mult = (stack[-1][1] if stack else 1) * count
        stack.append((depth, mult))
        if depth == top_depth + 2:
            rows.append([short(name) + (" x%d" % count if count > 1 else ""), 0, 0, 0])
        luts, ffs = own.get(name, [0, 0])
        rows[-1][1] += luts * mult
        rows[-1][2] += ffs * mult
        rows[-1][3] = max(rows[-1][3], levels.get(name, 0))
    rows.append(top_row)
    for r in rows:
        print("  %-28s %8d LUTs %8d FFs %3d levels" % tuple(r))
    s_l, s_f = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print("  %-28s %8d LUTs %8d FFs %3d levels" % ("total", s_l, s_f, max(r[3] for r in rows)))
    if [s_l, s_f] != totals:
        print("synth-breakdown: the blocks sum to %d LUTs / %d FFs, yosys's totals are %d / %d" % (s_l, s_f, *totals))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

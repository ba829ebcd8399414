#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make test (soak-selftest): scripts/soak.py must report what fails and only that.

    scripts/check-soak.py SUITE HARNESS WORKDIR

A short soak (12 s, 2 jobs) of two entries of the same harness: one clean, one with a fault injected into the twin
(inject_fault=N). Every run of the faulty entry must be reported (FAIL line, the harness's DIVERGENCE or MISMATCH line at the fault's cycle, a replay
command that fails again when run), no run of the clean one; the summary has both entries with their counts; the
soak exits 1. Then the clean entry alone: exit 0. The same master seed gives the same runs.
"""

import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from suite import Suite  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def soak(table, work, seed, minutes=0.2):
    p = subprocess.run([sys.executable, os.path.join(HERE, "soak.py"), "--table", table, "--minutes", str(minutes),
                        "--jobs", "2", "--seed", str(seed), "--dir", work],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    return p.returncode, p.stdout


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    name, harness, work = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    s = Suite(name)
    table = os.path.join(work, "table.tsv")
    with open(table, "w") as f:
        f.write("clean\t-\t%s\t--cycles 20000\n" % harness)
        f.write("faulty\t-\t%s\t--cycles 20000 inject_fault=4321\n" % harness)
    rc, out = soak(table, os.path.join(work, "both"), 5)
    s.check(rc == 1, "a soak with a failing run exits 1, got %d" % rc)
    fails = re.findall(r"^FAIL (\S+) seed=(\d+): (.*)$", out, re.M)
    s.check(len(fails) > 0, "the faulty entry's runs are reported:\n" + out[-1500:])
    s.check(all(f[0] == "faulty" for f in fails), "only the faulty entry fails: %s" % [f[0] for f in fails])
    s.check(all(re.match(r"(DIVERGENCE|MISMATCH) cycle=4321 ", f[2]) for f in fails),
            "each FAIL line gives the harness's report of cycle 4321: %s" % fails[:2])
    rows = {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^(clean|faulty)\s+(\d+)\s+(\d+)\s", out, re.M)}
    s.check(set(rows) == {"clean", "faulty"}, "the summary has a line per entry: %s" % rows)
    if s.check("faulty" in rows and rows["faulty"][0] == rows["faulty"][1] == len(fails) and len(fails) > 0,
               "faulty: every run failed and was reported: %s, %d FAIL lines" % (rows.get("faulty"), len(fails))):
        pass
    s.check("clean" in rows and rows["clean"][0] > 0 and rows["clean"][1] == 0,
            "clean: runs, none failed: %s" % (rows.get("clean"),))
    # the replay command of a failure fails again, at the same cycle
    rep = re.search(r"^  replay: (.*)$", out, re.M)
    if s.check(rep is not None, "a failure prints its replay command"):
        p = subprocess.run(shlex.split(rep.group(1)), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=300)
        s.check(p.returncode != 0 and re.search(r"^(DIVERGENCE|MISMATCH) cycle=4321 ", p.stdout, re.M) is not None,
                "the replay command fails again at cycle 4321 (exit %d)" % p.returncode)
    with open(os.path.join(work, "both", "failures.txt")) as f:
        kept = f.read()
    s.check(kept.count("replay:") == len(fails), "failures.txt has every failure with its replay command")
    s.check(os.path.exists(os.path.join(work, "both", "summary.txt")), "summary.txt is written")
    # the same master seed draws the same seeds
    rc2, out2 = soak(table, os.path.join(work, "again"), 5)
    seeds1 = [f[1] for f in fails]
    seeds2 = [f[1] for f in re.findall(r"^FAIL (\S+) seed=(\d+): (.*)$", out2, re.M)]
    # runs launch in the same order; how many finish in the time differs, so one set holds the other
    a, b = sorted((set(seeds1), set(seeds2)), key=len)
    s.check(len(a) > 0 and a <= b, "the same master seed gives the same seeds: %s / %s" % (seeds1, seeds2))
    # the clean entry alone passes
    with open(table, "w") as f:
        f.write("clean\t-\t%s\t--cycles 20000\n" % harness)
    rc3, out3 = soak(table, os.path.join(work, "clean"), 6, minutes=0.1)
    s.check(rc3 == 0 and "0 failed" in out3.splitlines()[-1], "a clean soak exits 0:\n" + out3[-600:])
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())

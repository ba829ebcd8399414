#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make test (knobs): a harness given a bad knob stops with exit status 2 and a message that names where the knob
was set (scenario FILE:LINE or the command line), the knob and what is wrong; a good scenario runs.

    scripts/check-knobs.py SUITE BLOCK_HARNESS CORE_HARNESS WORKDIR

BLOCK_HARNESS is a small block's harness (its knobs p_reset, phase, min_packets ...: rx_route), CORE_HARNESS the
core's (knobs with prefixes rx., tx., dep.). Each case writes a scenario file (or passes the knob on the command
line) and checks the exit status and the message.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from suite import Suite  # noqa: E402


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    return p.returncode, p.stdout


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    name, block, core, work = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    s = Suite(name)
    n = [0]

    def scenario(lines, harness, want, extra=()):
        """lines: the scenario; want: None (must run and pass) or the text the error must contain, with {f} for the
        file's name; the bad line is the last one."""
        n[0] += 1
        path = os.path.join(work, "case%d.scn" % n[0])
        with open(path, "w") as f:
            f.write("# knob check %d\n" % n[0])
            f.write("".join(line + "\n" for line in lines))
        rc, out = run([harness, "--scenario", path, "--quiet", "--vcd", os.path.join(work, "vcd")] + list(extra))
        what = "%s: %s" % (os.path.basename(harness), " | ".join(lines))
        if want is None:
            s.check(rc == 0, "%s: runs (exit 0), got exit %d:\n%s" % (what, rc, out[-600:]))
            return
        line = len(lines) + 1  # the comment is line 1
        text = want.format(f="%s:%d" % (path, line))
        s.check(rc == 2, "%s: exit status 2, got %d" % (what, rc))
        s.check(text in out, "%s: message with %r, got:\n%s" % (what, text, out[-600:]))

    def cmdline(args, harness, want):
        rc, out = run([harness, "--quiet", "--vcd", os.path.join(work, "vcd")] + args)
        what = "%s %s" % (os.path.basename(harness), " ".join(args))
        s.check(rc == 2, "%s: exit status 2, got %d" % (what, rc))
        s.check(want in out, "%s: message with %r, got:\n%s" % (what, want, out[-600:]))

    short = ["cycles = 3000"]
    # the control: a good scenario runs, and values at the very limits of their ranges are taken
    scenario(short + ["p_reset = 0.001", "phase = 500"], block, None)
    scenario(short + ["p_reset = 0", "p_empty = 1", "phase = 1", "require_coverage = 0"], block, None)
    # probabilities outside [0, 1], and not numbers
    scenario(short + ["p_reset = 2.5"], block, "{f}: p_reset=2.5 is a probability: expected a number from 0 to 1")
    scenario(short + ["p_empty = -0.1"], block, "{f}: p_empty=-0.1 is a probability: expected a number from 0 to 1")
    scenario(short + ["p_empty = 1.0001"], block, "{f}: p_empty=1.0001 is a probability")
    scenario(short + ["p_empty = nan"], block, "{f}: p_empty=nan is not a number")
    scenario(short + ["p_empty = 0.5x"], block, "{f}: p_empty=0.5x is not a number")
    # counts: negative, not numeric, overflowing, out of the knob's range
    scenario(["cycles = -5"], block, "{f}: cycles=-5 is not a non-negative integer")
    scenario(["cycles = 1e6"], block, "{f}: cycles=1e6 is not a non-negative integer")
    scenario(["cycles = 0"], block, "{f}: cycles=0: a run needs at least one cycle")
    scenario(["cycles = 99999999999999999999999"], block, "{f}: cycles=99999999999999999999999 does not fit in 64 bits")
    scenario(short + ["phase = -1"], block, "{f}: phase=-1 is not a non-negative integer")
    scenario(short + ["phase = 0"], block, "{f}: phase=0 is out of range: expected an integer from 1 to")
    scenario(short + ["min_packets = ten"], block, "{f}: min_packets=ten is not a non-negative integer")
    scenario(short + ["require_coverage = 2"], block, "{f}: require_coverage=2 is out of range: expected an integer from 0 to 1")
    # an unknown knob (a typo)
    scenario(short + ["p_emtpy = 0.1"], block, '{f}: unknown knob "p_emtpy"')
    # on the command line
    cmdline(["--cycles", "3000", "p_reset=1.5"], block, "the command line: p_reset=1.5 is a probability")
    cmdline(["--cycles", "-5"], block, "the command line: cycles=-5 is not a non-negative integer")
    cmdline(["--cycles", "3000", "bogus=1"], block, 'the command line: unknown knob "bogus"')
    # the core: the sides' knobs under their prefixes, with the file and line and the prefixed name
    core_short = ["cycles = 2000"]
    scenario(core_short + ["rx.p_corrupt = 0.3", "dep.adv_pct = 50"], core, None)
    scenario(core_short + ["rx.p_corrupt = 1", "dep.adv_pct = 100", "dep.sw_pct = 0", "p_rst = 0"], core, None)
    scenario(core_short + ["rx.p_corrupt = 2.5"], core, "{f} (rx.p_corrupt): p_corrupt=2.5 is a probability")
    scenario(core_short + ["tx.p_window = -1"], core, "{f} (tx.p_window): p_window=-1 is a probability")
    scenario(core_short + ["dep.adv_pct = 101"], core, "{f} (dep.adv_pct): adv_pct=101 is out of range: expected an integer from 0 to 100")
    scenario(core_short + ["dep.max_len = -3"], core, "{f} (dep.max_len): max_len=-3 is not a non-negative integer")
    scenario(core_short + ["rx.max_xfers = 0"], core, "{f} (rx.max_xfers): max_xfers=0 is out of range")
    scenario(core_short + ["rx.legal_bhs = yes"], core, "{f} (rx.legal_bhs): legal_bhs=yes is not a non-negative integer")
    scenario(core_short + ["rx.junk = some"], core, "{f} (rx.junk): junk=some: expected any or reserved")
    scenario(core_short + ["p_rst = 3"], core, "{f}: p_rst=3 is a probability")
    scenario(core_short + ["rx.p_corupt = 0.1"], core, '{f}: unknown knob "rx.p_corupt"')
    scenario(core_short + ["dep.bogus = 1"], core, '{f}: unknown knob "dep.bogus"')
    return s.finish()


if __name__ == "__main__":
    sys.exit(main())

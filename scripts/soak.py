#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make soak: the lockstep harnesses at random seeds for a given time, every failure with its replay command.

    scripts/soak.py --table build/soak/harnesses.tsv --minutes 60 [--jobs 2] [--seed N] [--dir build/soak]

The table has one harness per line, tab-separated: name, W (or -), binary, the arguments of one run (cycles and
knobs; no --seed). The soak runs them in turns (each turn in a new random order) with a fresh random seed per run,
--jobs at a time, until --minutes have passed; runs that have started then finish. Every run's seed comes from
the master seed (--seed, default: the clock), which the first line prints, so a whole soak replays.

A run passes when the harness exits 0 and its last line is "<suite>: P passed, 0 failed" with P > 0. A failure is
printed at once: harness, seed, the harness's first DIVERGENCE, MISMATCH or error line and the command that replays it; its
whole output stays in <dir>/fail/. At the end: a line per harness (runs, failures, pass rate, cycles simulated,
CPU seconds and cycles per CPU second) and the totals; the same in <dir>/summary.txt, the failures with their
replay commands in <dir>/failures.txt. Exit status 1 if any run failed (or none ran). Ctrl-C (SIGINT) or SIGTERM
ends the soak early: the runs in progress are stopped and left out, the summary covers the runs that finished.
"""

import argparse
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time

RESULT = re.compile(r"^([A-Za-z0-9_.-]+): (\d+) passed, (\d+) failed")
STARTED = re.compile(r"^\S+: seed=\d+ cycles=(\d+)", re.M)  # ls::run's first line


def read_table(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            parts = line.split("\t")
            if len(parts) != 4:
                sys.exit("%s:%d: expected name, W, binary and arguments separated by tabs" % (path, n))
            name, w, binary, args = parts
            if not os.access(binary, os.X_OK):
                sys.exit("%s:%d: %s: no such harness binary (build it first: make soak builds them)" % (path, n, binary))
            rows.append({"name": name, "w": w, "bin": binary, "args": shlex.split(args)})
    if not rows:
        sys.exit("%s: no harness to soak (SOAK_WS / SOAK_ONLY select none?)" % path)
    return rows


def first_problem(text):
    """The line that says what went wrong: the first DIVERGENCE (RTL and twin differ) or MISMATCH (a check against a
    reference), else an error line, else the last line."""
    lines = text.splitlines()
    for pat in (r"^(DIVERGENCE|MISMATCH)", r"lockstep: |error|Error|ERROR|Assertion|AddressSanitizer|runtime error"):
        for ln in lines:
            if re.search(pat, ln):
                return ln.strip()
    return lines[-1].strip() if lines else "(no output)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", required=True)
    ap.add_argument("--minutes", type=float, required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=None, help="master seed (default: from the clock)")
    ap.add_argument("--dir", default="build/soak")
    ap.add_argument("--run-timeout", type=float, default=1800.0, help="seconds before a run counts as hung")
    a = ap.parse_args()
    if a.minutes <= 0 or a.jobs < 1:
        sys.exit("soak: --minutes must be > 0 and --jobs >= 1")

    rows = read_table(a.table)
    master = a.seed if a.seed is not None else int(time.time()) % 1000000007
    rng = random.Random(master)
    os.makedirs(os.path.join(a.dir, "fail"), exist_ok=True)
    os.makedirs(os.path.join(a.dir, "run"), exist_ok=True)
    print("soak: %d harnesses, %g minutes, %d jobs, master seed %d (make soak SOAK_SEED=%d replays the same draws)"
          % (len(rows), a.minutes, a.jobs, master, master), flush=True)

    stats = {r["name"]: {"runs": 0, "failed": 0, "cycles": 0, "cpu": 0.0} for r in rows}
    failures = []
    order = []

    def next_run():
        if not order:
            order.extend(rng.sample(rows, len(rows)))
        r = order.pop(0)
        return r, rng.randrange(1, 2**31)

    t0 = time.time()
    deadline = t0 + a.minutes * 60
    running = {}  # pid -> (row, seed, Popen, log path, start time, command)
    next_progress = t0 + 60
    launched = 0

    def launch():
        nonlocal launched
        r, seed = next_run()
        tag = "%s_s%d" % (r["name"], seed)
        log = os.path.join(a.dir, "run", tag + ".log")
        cmd = [r["bin"], "--seed", str(seed)] + r["args"] + [
            "--suite", "soak-" + r["name"], "--vcd", os.path.join(a.dir, "fail", tag)]
        f = open(log, "w")
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        f.close()
        running[p.pid] = (r, seed, p, log, time.time(), cmd)
        launched += 1

    def finish(pid, status, ru):
        r, seed, p, log, start, cmd = running.pop(pid)
        p.returncode = os.waitstatus_to_exitcode(status) if status is not None else -9
        with open(log, errors="replace") as f:
            text = f.read()
        st = stats[r["name"]]
        st["runs"] += 1
        st["cpu"] += (ru.ru_utime + ru.ru_stime) if ru else 0.0
        m = STARTED.search(text)
        res = None
        for ln in text.splitlines():
            mm = RESULT.match(ln)
            if mm:
                res = mm
        ok = p.returncode == 0 and res is not None and int(res.group(3)) == 0 and int(res.group(2)) > 0
        if ok:
            if m:
                st["cycles"] += int(m.group(1))
            os.remove(log)
            return
        st["failed"] += 1
        why = "timed out after %.0f s" % a.run_timeout if status is None else first_problem(text)
        if p.returncode not in (0, 1) and status is not None:
            why += " (exit status %d)" % p.returncode
        kept = os.path.join(a.dir, "fail", os.path.basename(log))
        os.replace(log, kept)
        replay = " ".join(shlex.quote(c) for c in cmd)
        failures.append((r["name"], seed, why, replay, kept))
        print("FAIL %s seed=%d: %s\n  replay: %s\n  output: %s" % (r["name"], seed, why, replay, kept), flush=True)

    # Ctrl-C (or SIGTERM) ends the soak early: the runs in progress are stopped and not counted, the summary is
    # printed as usual
    stop = []

    def on_signal(signum, frame):
        stop.append(signum)

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    while True:
        if stop:
            for hp in list(running):
                os.killpg(hp, signal.SIGKILL)
                os.waitpid(hp, 0)
                os.remove(running.pop(hp)[3])
            print("soak: stopped by signal %d after %.1f min; the runs in progress are not counted"
                  % (stop[0], (time.time() - t0) / 60), flush=True)
            break
        now = time.time()
        while len(running) < a.jobs and now < deadline:
            launch()
        if not running:
            break
        # reap one child (or time out the hung ones)
        pid, status, ru = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            time.sleep(0.2)
            for hp, (r, seed, p, log, start, cmd) in list(running.items()):
                if time.time() - start > a.run_timeout:
                    os.killpg(hp, signal.SIGKILL)
                    _, _, ru2 = os.wait4(hp, 0)
                    finish(hp, None, ru2)
        elif pid in running:
            finish(pid, status, ru)
        if time.time() >= next_progress:
            done = sum(s["runs"] for s in stats.values())
            bad = sum(s["failed"] for s in stats.values())
            print("soak: %.0f of %g min, %d runs done (%d failed), %d running"
                  % ((time.time() - t0) / 60, a.minutes, done, bad, len(running)), flush=True)
            next_progress += 60

    wall = time.time() - t0
    lines = ["%-34s %6s %6s %8s %14s %10s %12s" % ("harness", "runs", "failed", "pass", "cycles", "CPU s",
                                                      "cycles/CPU s")]
    tot = {"runs": 0, "failed": 0, "cycles": 0, "cpu": 0.0}
    for r in rows:
        s = stats[r["name"]]
        for k in tot:
            tot[k] += s[k]
        rate = "%.1f %%" % (100.0 * (s["runs"] - s["failed"]) / s["runs"]) if s["runs"] else "-"
        cps = "%.0f" % (s["cycles"] / s["cpu"]) if s["cpu"] > 0 and s["cycles"] else "-"
        lines.append("%-34s %6d %6d %8s %14d %10.0f %12s" % (r["name"], s["runs"], s["failed"], rate, s["cycles"],
                                                            s["cpu"], cps))
    rate = "%.1f %%" % (100.0 * (tot["runs"] - tot["failed"]) / tot["runs"]) if tot["runs"] else "-"
    lines.append("%-34s %6d %6d %8s %14d %10.0f" % ("all", tot["runs"], tot["failed"], rate, tot["cycles"], tot["cpu"]))
    lines.append("soak: %d runs of %d harnesses in %.1f min wall, %.2f CPU hours, master seed %d: %d failed"
                 % (tot["runs"], sum(1 for r in rows if stats[r["name"]]["runs"]), wall / 60, tot["cpu"] / 3600,
                    master, tot["failed"]))
    never = [r["name"] for r in rows if not stats[r["name"]]["runs"]]
    if never:
        lines.append("soak: not run (too short a soak for one turn): " + " ".join(never))
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(a.dir, "summary.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(a.dir, "failures.txt"), "w") as f:
        for name, seed, why, replay, kept in failures:
            f.write("%s seed=%d: %s\n  replay: %s\n  output: %s\n" % (name, seed, why, replay, kept))
    return 1 if tot["failed"] or not tot["runs"] else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run scripts/xsynth.sh (synthesis and depth) or scripts/pnr.sh (place and route) over the blocks of
mk/synth_blocks.txt, a few at a time, and print each block's result as it finishes.

    scripts/synth-run.py {synth|pnr} BLOCKS_FILE [--ws "8 64"] [--jobs 2] [--only "tx_gen rx_check"] [--core]

Rows whose parameters name W run once per --ws value, the others once; rows marked COMB (combinational) are
synthesized but not placed and routed, nor are rows marked NOPNR (larger than the ECP5 part). Rows marked CORE
(the top-level blocks of mdd_core, whose sum is the core's row: D-099) are synthesized with --core only, or when
--only names them. The largest configurations start first
(W = 64 before W = 8), so the pool does not wait for one long run at its end. Exit status 1 if any run failed."""
import argparse
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('flow', choices=('synth', 'pnr'))
    ap.add_argument('blocks')
    ap.add_argument('--ws', default='8 64')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--only', default='')
    ap.add_argument('--core', action='store_true', help='the CORE rows only (make synth-core)')
    a = ap.parse_args()
    only = set(a.only.split())
    runs, matched = [], False
    for line in open(a.blocks):
        f = line.split('#', 1)[0].split()
        if len(f) < 2 or (only and f[0] not in only):
            continue
        name, top, params = f[0], f[1], f[2:]
        flags = {p for p in params if p in ('COMB', 'CORE', 'NOPNR')}
        params = [p for p in params if p not in flags]
        if a.flow == 'synth' and ('CORE' in flags) != a.core and not (only and name in only):
            continue
        matched = True
        if a.flow == 'pnr' and 'COMB' in flags:  # combinational: no clock, nothing for place and route to time
            print(f'pnr: {name} is combinational (COMB): timed inside the stage that registers it, skipped')
            continue
        if a.flow == 'pnr' and 'NOPNR' in flags:
            print(f'pnr: {name} is larger than the LFE5UM-85F (NOPNR), skipped')
            continue
        ws = [int(w) for w in a.ws.split()] if 'W' in params else [0]
        for w in ws:
            runs.append((w, name, top, [f'W={w}' if p == 'W' else p for p in params]))
    if only and not matched:
        sys.exit(f'synth-run: no block named {a.only} in {a.blocks}')
    runs.sort(key=lambda r: -r[0])
    script = 'scripts/xsynth.sh' if a.flow == 'synth' else 'scripts/pnr.sh'
    failed = 0

    def one(run):
        _, name, top, params = run
        p = subprocess.run([script, top] + params, capture_output=True, text=True)
        return run, p

    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for fut in as_completed([pool.submit(one, r) for r in runs]):
            (w, name, top, params), p = fut.result()
            if p.returncode != 0:
                failed += 1
                print(f'{a.flow}: {name} {" ".join(params)} FAILED (exit {p.returncode})\n{p.stderr[-2000:]}',
                      flush=True)
            else:
                print(p.stdout.rstrip(), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()

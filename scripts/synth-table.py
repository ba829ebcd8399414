#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/synth.md from the results of make synth and make pnr (build/synth/*.txt, build/pnr/*.line): one table,
a row per block, W = 8 and W = 64 side by side, each figure against the budget of issue 20 (docs/DECISIONS.md
D-060). README's area/depth table is copied from this file.

    scripts/synth-table.py BLOCKS_FILE OUT.md [README.md]

With README.md, the table also replaces what README holds between "<!-- synth-table begin -->" and
"<!-- synth-table end -->", so README's copy cannot drift from docs/synth.md.

BLOCKS_FILE lists the rows: "name TOP [W] [PARAM=VALUE ...]" per line; a row with W is run at W=8 and W=64 (the
word W stands where W=8/W=64 goes in the parameter list), a row without W does not depend on it. Each result
carries the commit and date it was made from (scripts/xsynth.sh and scripts/pnr.sh write them).

A figure with no result under build/ (a fresh checkout, or make synth SYNTH_ONLY=... for some blocks) keeps
its value from the OUT.md being replaced, so one block can be measured again without the others; the commit and
date lists then keep the old table's as well."""
import os
import re
import sys

PATH_BUDGET, LOOP_BUDGET, FMAX_BUDGET = 8, 6, 125.0
CORE_LUT_BUDGET = {8: 80000, 64: 350000}  # the whole core's LUT6 (issue 20)
LINE = re.compile(r'^(?P<label>.*?)\s+(?P<lut>\d+) LUT\s+(?P<ff>\d+) FF\s+(?P<lutram>\d+) LUTRAM\s+(?P<srl>\d+) SRL\s+'
                  r'(?P<bram>\d+) BRAM\s+(?P<carry>\d+) CARRY\s+(?P<muxf>\d+) MUXF\s+path\s+(?P<path>\d+) \(\+(?P<pm>\d+) '
                  r'MUXF \+(?P<pc>\d+) CARRY\)\s+loop\s+(?P<loop>\d+) \(\+(?P<lm>\d+) MUXF \+(?P<lc>\d+) CARRY\)')


def tag(top, params):
    return top + ''.join('_' + p.replace('=', '') for p in params)


def read_meta(path):
    meta = {}
    if os.path.exists(path):
        for line in open(path):
            k, _, v = line.strip().partition('=')
            meta[k] = v
    return meta


def result(kind, ext, top, params):
    """The text of one result (build/synth/TAG.txt, build/pnr/TAG.line) and its commit and date, or None."""
    t = tag(top, params)
    p = f'build/{kind}/{t}.{ext}'
    if not os.path.exists(p):
        return None, None, p
    return open(p).read(), read_meta(f'build/{kind}/{t}.meta'), p


def synth(top, params):
    text, meta, p = result('synth', 'txt', top, params)
    if text is None:
        return None
    lines = text.splitlines()
    m = LINE.match(lines[0])
    if not m:
        sys.exit(f'synth-table: {p}: cannot read "{lines[0]}"')
    r = m.groupdict()
    r['meta'] = meta
    r['worst_path'] = next((l.split('CARRY', 1)[1].strip() for l in lines[1:] if l.strip().startswith('path')), '')
    r['worst_loop'] = next((l.split('CARRY', 1)[1].strip() for l in lines[1:] if l.strip().startswith('loop')), '')
    return r


def pnr(top, params):
    text, meta, _ = result('pnr', 'line', top, params)
    if text is None:
        return None
    m = re.search(r'Fmax\s+([\d.]+) MHz \(seeds:([^)]*)\)\s+(.*)$', text.strip())
    return {'fmax': float(m.group(1)), 'seeds': m.group(2).strip(), 'util': m.group(3).strip(),
            'meta': meta} if m else None


def previous(out):
    """The cells of the table being replaced: {block name: [the 11 figures]}, its placed-and-routed rows and worst-path
    notes by block name, and its commit and date lists."""
    cells, placed, notes, commits, dates = {}, {}, {}, set(), set()
    if not os.path.exists(out):
        return cells, placed, notes, commits, dates
    for line in open(out):
        line = line.rstrip('\n')
        m = re.match(r'^- commit\(s\): (.*); date\(s\): (.*)$', line)
        if m:
            commits.update(x.strip() for x in m.group(1).split(','))
            dates.update(x.strip() for x in m.group(2).split(','))
            continue
        m = re.match(r'^\| `([^`]+)` \|(.*)\|$', line)
        if m:
            f = [x.strip() for x in m.group(2).split('|')]
            (cells if len(f) == 11 else placed)[m.group(1)] = f if len(f) == 11 else line
            continue
        m = re.match(r'^- `([^`]+)` W = 8: path ', line)
        if m:
            notes[m.group(1)] = line
    return cells, placed, notes, commits, dates


def mark(ok):
    return '' if ok else ' ✗'


def core_row(parts, row_cells):
    """The whole core's row: the sum of its top-level blocks, each mapped alone (D-099: yosys 0.23 cannot map the whole
    core in 23 GB). Area is their sum; path and loop are the deepest block's (a path that crosses two blocks is not
    measured, nor is optimisation across their boundaries)."""
    cells = [f'`core` (sum of {", ".join(parts)})']
    for w in (8, 64):
        lut = ff = lutram = bram = path = loop = 0
        for name in parts:
            c = row_cells[name][1:6] if w == 8 or row_cells[name][6] == '(same)' else row_cells[name][6:11]
            try:
                lr, br = c[2].split(' / ')
                lut, ff, lutram, bram = lut + int(c[0]), ff + int(c[1]), lutram + int(lr), bram + int(br)
                path, loop = max(path, int(c[3].rstrip(' ✗'))), max(loop, int(c[4].rstrip(' ✗')))
            except ValueError:  # a block not measured at this W: no sum
                lut = None
                break
        if lut is None:
            cells += ['–'] * 5
        else:
            cells += [f'{lut}{mark(lut <= CORE_LUT_BUDGET[w])}', str(ff), f'{lutram} / {bram}',
                      f'{path}{mark(path <= PATH_BUDGET)}', f'{loop}{mark(loop <= LOOP_BUDGET)}']
    cells.append('–')
    return '| ' + ' | '.join(cells) + ' |'


def main():
    blocks_file, out = sys.argv[1], sys.argv[2]
    readme = sys.argv[3] if len(sys.argv) > 3 else None
    rows, core_parts = [], []
    for line in open(blocks_file):
        line = line.split('#', 1)[0].split()
        if len(line) >= 2:
            # COMB, NOPNR: no pnr (synth-run.py); CORE: a top-level block of mdd_core, summed into the core row
            rows.append((line[0], line[1], [x for x in line[2:] if x not in ('COMB', 'CORE', 'NOPNR')]))
            if 'CORE' in line[2:]:
                core_parts.append(line[0])
    commits, dates = set(), set()
    old_cells, old_placed, old_notes, old_commits, old_dates = previous(out)
    reused = False
    body = []
    notes = []
    placed = []
    row_cells = {}
    for name, top, params in rows:
        cells = [f'`{name}`']
        old = old_cells.get(name, ['–'] * 11)
        per_w = 'W' in params
        for w in (8, 64):
            at = [f'W={w}' if x == 'W' else x for x in params]
            r = synth(top, at)
            if not per_w and w == 64 and r is not None:
                cells += ['(same)'] + [''] * 4
                continue
            if r is None:
                kept = old[0:5] if w == 8 else old[5:10]
                cells += kept
                if any(x not in ('–', '') for x in kept):
                    reused = True
                    if w == 8 and name in old_notes:
                        notes.append(old_notes[name])
                continue
            commits.add(r['meta'].get('commit', '?'))
            dates.add(r['meta'].get('date', '?'))
            cells += [r['lut'], r['ff'], f"{r['lutram']} / {r['bram']}",
                      f"{r['path']}{mark(int(r['path']) <= PATH_BUDGET)}",
                      f"{r['loop']}{mark(int(r['loop']) <= LOOP_BUDGET)}"]
            if w == 8 and int(r['path']) > PATH_BUDGET:
                notes.append(f'- `{name}` W = 8: path {r["path"]} levels ({r["worst_path"]}); loop {r["loop"]} '
                             f'({r["worst_loop"]})')
        p = pnr(top, ['W=8' if x == 'W' else x for x in params])
        if p:
            commits.add(p['meta'].get('commit', '?'))
            dates.add(p['meta'].get('date', '?'))
        cells.append(f"{p['fmax']:.1f}{mark(p['fmax'] >= FMAX_BUDGET)}" if p else old[10])
        if p:
            placed.append(f"| `{name}` | {p['fmax']:.1f} | {p['seeds']} | {p['util']} |")
        elif name in old_placed:
            placed.append(old_placed[name])
            reused = True
        body.append('| ' + ' | '.join(cells) + ' |')
        row_cells[name] = cells
    if core_parts:
        body.append(core_row(core_parts, row_cells))
    if reused:
        commits |= old_commits
        dates |= old_dates
    table = ('| block | W=8 LUT | FF | LUTRAM / BRAM | path | loop | W=64 LUT | FF | LUTRAM / BRAM | path | loop | '
             'ECP5 MHz (W=8) |\n' + '|---|' + '---|' * 11 + '\n' + '\n'.join(body) + '\n')
    if readme:
        text = open(readme).read()
        b, e = '<!-- synth-table begin -->\n', '<!-- synth-table end -->'
        if b not in text or e not in text:
            sys.exit(f'synth-table: {readme} has no synth-table markers')
        head, rest = text.split(b, 1)
        _, tail = rest.split(e, 1)
        with open(readme, 'w') as f:
            f.write(head + b + table + e + tail)
    with open(out, 'w') as f:
        f.write('# Synthesis and timing, per block\n\n')
        f.write('Generated by `scripts/synth-table.py` (`make synth-table`) from the results of `make synth` and '
                '`make pnr`; do not edit. README\'s area and depth table is copied from this one.\n\n')
        f.write(f'- commit(s): {", ".join(sorted(commits))}; date(s): {", ".join(sorted(dates))}\n')
        f.write('- area and depth: `make synth` (scripts/xsynth.sh: yosys 0.23 `synth_xilinx -family xcup -flatten '
                '-noiopad`, each block alone at its default parameters, then scripts/xdepth.py); since 2026-12-06 '
                'yosys reads only the files of the block\'s hierarchy, so that an edit elsewhere no longer moves a '
                'block\'s figures (D-105): a result made before keeps its old reading until its block is measured '
                'again\n')
        f.write('- Fmax: `make pnr` (scripts/pnr.sh: yosys `synth_ecp5`, nextpnr-ecp5 LFE5UM-85F speed 8, out of '
                'context, the worst of seeds 1 2 3), W = 8\n')
        f.write(f'- levels are LUT levels (MUXF and CARRY cells beside them are not counted, scripts/xdepth.py); '
                f'✗ marks a figure over its budget: path ≤ {PATH_BUDGET}, loop ≤ {LOOP_BUDGET}, '
                f'Fmax ≥ {FMAX_BUDGET:.0f} MHz (D-060), the whole core ≤ {CORE_LUT_BUDGET[8]} LUT6 at W = 8 and '
                f'≤ {CORE_LUT_BUDGET[64]} at W = 64\n'
                '- the core\'s row is the sum of its top-level blocks (CORE in mk/synth_blocks.txt), each mapped alone '
                'by `make synth-core`: yosys 0.23 cannot map the whole core in 23 GB (D-098, D-099); its path and loop '
                'are the deepest block\'s\n\n')
        f.write(table)
        if placed:
            f.write('\nPlace and route at W = 8 (nextpnr-ecp5, LFE5UM-85F, speed 8, out of context): the worst Fmax, each '
                    'seed\'s, and the cells placed (a carry cell counts as two LUT4s):\n\n'
                    '| block | Fmax MHz | seeds 1 2 3 | cells |\n|---|---|---|---|\n' + '\n'.join(placed) + '\n')
        if notes:
            f.write('\nWorst path and loop of each block over budget at W = 8 (start -> end register):\n\n')
            f.write('\n'.join(notes) + '\n')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Resources and logic depth of a flattened Xilinx netlist (yosys synth_xilinx, write_json).

    scripts/xdepth.py NETLIST.json [--top N] [--label TEXT]

Counts LUTs, FFs, LUTRAM, SRL, BRAM, DSP, CARRY and MUXF cells, then measures in LUT levels, the unit of an
FPGA's timing report:
  path   the longest register-to-register path (ports count as registers: every block is used with registered
         neighbours, and an out-of-context run times its ports the same way);
  loop   the longest path whose start and end registers lie on one feedback cycle (the same strongly connected
         component of the netlist). Pipeline registers cannot shorten a loop; they can shorten any other path.
A level is a trip through the routing into logic: a LUT, the asynchronous read of a LUTRAM or SRL, or a MUXF7/8/9
entered at its select. MUXF data inputs and CARRY cells sit beside their LUTs in the slice, so a path through
them is not counted as levels but they are listed beside it (Vivado's report counts them among its "logic levels"; add them for its figure). Paths are
compared by (levels, MUXF + CARRY cells). The worst endpoints are listed by
register name so a designer sees which recurrence to cut.

--pieces N lists the N deepest pieces: the cones between registers, memories, ports and carry chains (a carry
cell's inputs end a piece, its outputs start one). That is what yosys's abc maps (the carry chains are boxes it
does not see through): it maps every piece for the depth of the deepest one, then recovers area up to that depth,
so a piece after a carry chain is mapped to that depth too, whatever the path before the chain (D-102, D-103).
"""
import argparse
import json
import re
import sys
from collections import defaultdict

LUT = re.compile(r'^LUT[1-6]$')
MUXF = re.compile(r'^MUXF[789]$')
CARRY = re.compile(r'^CARRY(4|8)$')
FF = re.compile(r'^FD[RSCP]E(_1)?$|^FD[RSCP]$|^LD[CP]E?$')
LUTRAM = re.compile(r'^RAM(32|64|128|256|512)(M|M16|M8|X1D|X1S|X2S|X4S|X8S)?$|^RAM\d+X\d+[DS]$')
SRL = re.compile(r'^SRL(16E|C16E|C32E)$')
BRAM = re.compile(r'^RAMB(18|36)E[12]$|^URAM288$|^FIFO(18|36)E[12]$')
DSP = re.compile(r'^DSP48E[12]$')
CONST = re.compile(r'^(GND|VCC)$')
BUF = re.compile(r'^(BUFG|IBUF|OBUF|INV)$')


def read_addr_ports(cell_type, ports):
    """For a LUTRAM or SRL: {output port: [read address ports]} (its asynchronous read)."""
    if SRL.match(cell_type):
        return {'Q': [p for p in ports if p.startswith('A')]}
    out = {}
    for p in ports:
        m = re.match(r'^DO([A-H])$', p)
        if m:
            out[p] = ['ADDR' + m.group(1)]
    if out:
        return out
    # single/dual-port 1-bit RAMs: SPO/O read at A, DPO at DPRA
    for p in ports:
        if p in ('SPO', 'O') or re.match(r'^O\d*$', p):
            out[p] = [q for q in ports if re.match(r'^A\d*$', q)]
        elif p == 'DPO':
            out[p] = [q for q in ports if q.startswith('DPRA')]
    return out


def load(path):
    with open(path) as f:
        design = json.load(f)
    tops = [n for n, m in design['modules'].items() if m.get('attributes', {}).get('top')]
    if len(tops) != 1:
        sys.exit(f'xdepth: {path}: expected one top module, found {tops}')
    return tops[0], design['modules'][tops[0]]


def block_of(cell_name):
    """The top-level instance a cell of a flattened hierarchical netlist came from ('$flatten\\u_rx.\\u_loc.$abc..'
    -> u_rx); the top's own cells -> '(top)'."""
    if cell_name.startswith('$flatten\\'):
        return cell_name[len('$flatten\\'):].split('.', 1)[0]
    return '(top)'


def analyse(mod):
    counts = defaultdict(int)
    by_block = defaultdict(lambda: defaultdict(int))
    driver = {}        # net bit -> (cell index, weight (levels, carries)) for combinational drivers; None = start
    comb_inputs = {}   # (cell index, output port) -> input bits
    select_inputs = {}  # MUXF cell index -> its select bits
    endpoints = []     # (cell index, bit) inputs of registers and memories, and output ports
    names = {}
    cells = []
    unknown = defaultdict(int)
    for name, net in mod['netnames'].items():
        if net.get('hide_name'):
            continue
        for i, b in enumerate(net['bits']):
            if isinstance(b, int) and b not in names:
                names[b] = f'{name}[{i}]' if len(net['bits']) > 1 else name
    for pname, port in mod['ports'].items():
        for b in port['bits']:
            if not isinstance(b, int):
                continue
            if port['direction'] == 'input':
                driver[b] = None
            else:
                endpoints.append((-1, b))
    for cname, c in mod['cells'].items():
        t = c['type'].lstrip('\\')
        idx = len(cells)
        cells.append(cname)
        blk = by_block[block_of(cname)]
        conn = c['connections']
        dirs = c.get('port_directions', {})
        ins = {p: [b for b in conn[p] if isinstance(b, int)] for p in conn if dirs.get(p) == 'input'}
        outs = {p: [b for b in conn[p] if isinstance(b, int)] for p in conn if dirs.get(p) == 'output'}
        if LUT.match(t) or MUXF.match(t) or CARRY.match(t) or t == 'INV':
            k = 'LUT' if LUT.match(t) else 'MUXF' if MUXF.match(t) else 'CARRY' if CARRY.match(t) else 'INV'
            counts[k] += 1
            blk[k] += 1
            w = (1, 0, 0) if LUT.match(t) else (0, 1, 0) if MUXF.match(t) else (0, 0, 1) if CARRY.match(t) else (0, 0, 0)
            allin = [b for p in ins for b in ins[p]]
            if MUXF.match(t):
                # a MUXF's data inputs come from the LUTs (or MUXFs) beside it; its select comes through the
                # routing like a LUT input, so a path entering there has taken one more level
                select_inputs[idx] = set(ins.get('S', []))
            for p, bits in outs.items():
                comb_inputs[(idx, p)] = allin
                for b in bits:
                    driver[b] = (idx, p, w)
        elif FF.match(t) or BRAM.match(t) or DSP.match(t):
            k = 'FF' if FF.match(t) else 'BRAM' if BRAM.match(t) else 'DSP'
            counts[k] += 1
            blk[k] += 1
            if t.startswith('RAMB18'):
                counts['BRAM18'] += 1
            for bits in outs.values():
                for b in bits:
                    driver[b] = None
            for p, bits in ins.items():
                if p not in ('C', 'CLK', 'CLKARDCLK', 'CLKBWRCLK', 'WCLK', 'G'):
                    endpoints.extend((idx, b) for b in bits)
        elif LUTRAM.match(t) or SRL.match(t):
            k = 'LUTRAM' if LUTRAM.match(t) else 'SRL'
            counts[k] += 1
            blk[k] += 1
            reads = read_addr_ports(t, list(conn))
            read_in = set()
            for p, bits in outs.items():
                rin = [b for q in reads.get(p, []) for b in ins.get(q, [])]
                read_in.update(reads.get(p, []))
                comb_inputs[(idx, p)] = rin
                for b in bits:
                    driver[b] = (idx, p, (1, 0, 0))
            # every input is also an endpoint: it writes (data, write enable, write address), or it is a read
            # address that is also the write address (port D/H of a RAM32M, A of a RAM32X1D)
            for p, bits in ins.items():
                if p not in ('WCLK', 'CLK'):
                    endpoints.extend((idx, b) for b in bits)
        elif CONST.match(t) or BUF.match(t):
            counts[t] += 1
            if t in ('IBUF', 'BUFG'):
                for p, bits in outs.items():
                    for b in bits:
                        driver[b] = None
        else:
            unknown[t] += 1
            for bits in outs.values():
                for b in bits:
                    driver[b] = None
    return counts, by_block, unknown, driver, comb_inputs, select_inputs, endpoints, names, cells


def key(d):
    """Order of two paths: LUT levels first, then the MUXF and CARRY cells beside them."""
    return (d[0], d[1] + d[2])


CELL_NAMES = []


def cell_name_of(idx):
    return CELL_NAMES[idx] if 0 <= idx < len(CELL_NAMES) else str(idx)


def longest(driver, comb_inputs, select_inputs, endpoints, scc_of=None):
    """Depth (levels, carries) of every net bit, and its predecessor bit, by an iterative DFS. With scc_of, only
    inputs driven from the same strongly connected component count (the loop measure)."""
    depth = {}
    pred = {}
    ZERO = (0, 0, 0)
    open_bits = set()   # expanded, inputs not all measured yet: the bits on the DFS path
    for _, root in endpoints:
        if root in depth:
            continue
        stack = [(root, False)]
        while stack:
            b, expanded = stack.pop()
            if b in depth:
                continue
            d = driver.get(b)
            if d is None:
                depth[b] = ZERO
                pred[b] = None
                continue
            idx, port, w = d
            ins = comb_inputs[(idx, port)]
            if scc_of is not None:
                s = scc_of.get(idx)
                ins = [i for i in ins if driver.get(i) is not None and scc_of.get(driver[i][0]) == s] + \
                      [i for i in ins if driver.get(i) is None and scc_of.get(('reg', i)) == s]
            if not expanded:
                if b in open_bits:
                    sys.exit(f'xdepth: combinational loop through net bit {b} ({cell_name_of(idx)})')
                open_bits.add(b)
                stack.append((b, True))
                stack.extend((i, False) for i in ins if i not in depth)
                continue
            open_bits.discard(b)
            best, arg = (-1, -1, -1), None
            sel = select_inputs.get(idx, ())
            for i in ins:
                wi = (1, 0, 0) if i in sel else w
                d_i = (depth[i][0] + wi[0], depth[i][1] + wi[1], depth[i][2] + wi[2])
                if key(d_i) > key(best):
                    best, arg = d_i, i
            if arg is None:
                best = w
            depth[b] = best
            pred[b] = arg
    return depth, pred


def sccs(driver, comb_inputs, endpoints, n_cells, reg_out_cell):
    """Strongly connected components of the cell graph (an edge from the cell driving a bit to each cell reading
    it). Returns {cell index: component id} for cells on a cycle (also a register feeding itself)."""
    succ = defaultdict(list)
    for (idx, _), ins in comb_inputs.items():
        for i in ins:
            src = driver[i][0] if driver.get(i) is not None else reg_out_cell.get(i)
            if src is not None:
                succ[src].append(idx)
    for idx, b in endpoints:
        if idx < 0:
            continue
        src = driver[b][0] if driver.get(b) is not None else reg_out_cell.get(b)
        if src is not None:
            succ[src].append(idx)
    index, low, on, comp = {}, {}, set(), {}
    counter, ncomp = 0, 0
    stack = []
    for v0 in range(n_cells):
        if v0 in index:
            continue
        work = [(v0, iter(succ.get(v0, ())))]
        index[v0] = low[v0] = counter
        counter += 1
        stack.append(v0)
        on.add(v0)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                members = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    members.append(w)
                    if w == v:
                        break
                if len(members) > 1 or v in succ.get(v, ()):
                    for w in members:
                        comp[w] = ncomp
                    ncomp += 1
    return comp


def base(name):
    return re.sub(r'\[\d+\]$', '', name or '?')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('json')
    ap.add_argument('--top', type=int, default=5, help='worst endpoints listed per measure')
    ap.add_argument('--label', default='')
    ap.add_argument('--blocks', action='store_true',
                    help='a line per top-level instance (a netlist mapped with its hierarchy, then flattened)')
    ap.add_argument('--trace', action='store_true', help='print the cells along the worst path and loop')
    ap.add_argument('--pieces', type=int, default=0, metavar='N',
                    help='the N deepest cones between registers, memories, ports and carry chains (abc\'s view)')
    ap.add_argument('--trace-end', metavar='REGEX', default=None,
                    help='with --trace: the worst path and loop ending at a register whose name matches REGEX')
    args = ap.parse_args()
    top, mod = load(args.json)
    counts, by_block, unknown, driver, comb_inputs, select_inputs, endpoints, names, cells = analyse(mod)
    CELL_NAMES.extend(cells)
    # register and memory outputs: which cell drives them (for the cycle graph)
    reg_out_cell = {}
    for cname_idx, cname in enumerate(cells):
        c = mod['cells'][cname]
        dirs = c.get('port_directions', {})
        for p, bits in c['connections'].items():
            if dirs.get(p) == 'output':
                for b in bits:
                    if isinstance(b, int) and driver.get(b) is None:
                        reg_out_cell[b] = cname_idx
    depth, pred = longest(driver, comb_inputs, select_inputs, endpoints)

    def start_of(b):
        while pred.get(b) is not None:
            b = pred[b]
        return b

    def reg_name(idx):
        # a register is named by its output net (yosys names the cell itself after the source line)
        c = mod['cells'][cells[idx]]
        dirs = c.get('port_directions', {})
        for p, bits in c['connections'].items():
            if dirs.get(p) == 'output':
                for b in bits:
                    if isinstance(b, int) and b in names:
                        return base(names[b])
        return cells[idx]

    def worst(dep, eps, pr):
        by_end = {}
        for idx, b in eps:
            if b not in dep:
                continue
            d = dep[b]
            s = b
            while pr.get(s) is not None:
                s = pr[s]
            k = (base(names.get(s)), base(names.get(b)) if idx < 0 else reg_name(idx),
                 '(top)' if idx < 0 else block_of(cells[idx]))
            if k not in by_end or key(d) > key(by_end[k]):
                by_end[k] = d
        return sorted(by_end.items(), key=lambda kv: key(kv[1]), reverse=True)

    paths = worst(depth, endpoints, pred)
    comp = sccs(driver, comb_inputs, endpoints, len(cells), reg_out_cell)
    scc_of = dict(comp)
    for b, c in reg_out_cell.items():
        if c in comp:
            scc_of[('reg', b)] = comp[c]
    loop_eps = [(idx, b) for idx, b in endpoints if idx >= 0 and idx in comp]
    # an endpoint bit counts for the loop when its driver is in the same component as the endpoint's cell
    ldepth, lpred = longest(driver, comb_inputs, select_inputs,
                            [(i, b) for i, b in loop_eps
                             if (driver.get(b) is not None and comp.get(driver[b][0]) == comp[i]) or
                             (driver.get(b) is None and scc_of.get(('reg', b)) == comp[i])], scc_of)
    loops = worst(ldepth, [(i, b) for i, b in loop_eps if b in ldepth and
                           ((driver.get(b) is not None and comp.get(driver[b][0]) == comp[i]) or
                            (driver.get(b) is None and scc_of.get(('reg', b)) == comp[i]))], lpred)
    p = paths[0][1] if paths else (0, 0, 0)
    lp = loops[0][1] if loops else (0, 0, 0)
    label = args.label or top
    print(f'{label:<36} {counts["LUT"]:>7} LUT {counts["FF"]:>7} FF {counts["LUTRAM"]:>5} LUTRAM {counts["SRL"]:>4} SRL '
          f'{counts["BRAM"]:>3} BRAM {counts["CARRY"]:>5} CARRY {counts["MUXF"]:>5} MUXF  '
          f'path {p[0]:>2} (+{p[1]} MUXF +{p[2]} CARRY)  loop {lp[0]:>2} (+{lp[1]} MUXF +{lp[2]} CARRY)')
    if unknown:
        print('  cells not classified (treated as registers): ' +
              ', '.join(f'{t} x{n}' for t, n in sorted(unknown.items())))
    if args.blocks:
        print(f'  {"block (top-level instance)":<28} {"LUT":>7} {"FF":>7} {"LUTRAM":>6} {"BRAM":>4} {"CARRY":>5} '
              f'{"path":>5} {"loop":>5}  (levels of the paths and loops ending in the block)')
        for blk in sorted(by_block, key=lambda b: -by_block[b]['LUT']):
            c = by_block[blk]
            bp = max((d for (_, _, b), d in paths if b == blk), key=key, default=(0, 0, 0))
            bl = max((d for (_, _, b), d in loops if b == blk), key=key, default=(0, 0, 0))
            print(f'  {blk:<28} {c["LUT"]:>7} {c["FF"]:>7} {c["LUTRAM"]:>6} {c["BRAM"]:>4} {c["CARRY"]:>5} '
                  f'{bp[0]:>5} {bl[0]:>5}')
    if args.trace:
        end_re = re.compile(args.trace_end) if args.trace_end else None

        def trace(dep, pr, eps):
            if end_re:
                eps = [(i, e) for i, e in eps if i >= 0 and end_re.search(reg_name(i))]
            b = max((e for _, e in eps if e in dep), key=lambda e: key(dep[e]), default=None)
            while b is not None:
                d = driver.get(b)
                what = 'start' if d is None else mod['cells'][cells[d[0]]]['type'] + '.' + d[1]
                print(f'    {str(dep[b]):<14} {what:<16} {names.get(b, b)}')
                b = pr.get(b)
        print('  worst path, end first:')
        trace(depth, pred, endpoints)
        print('  worst loop, end first:')
        trace(ldepth, lpred, loop_eps)
    for title, lst in (('paths', paths), ('loops', loops)):
        for (s, e, _), d in lst[:args.top]:
            print(f'  {title[:-1]:<5} {d[0]:>2} levels +{d[1]} MUXF +{d[2]} CARRY  {s} -> {e}')
    if args.pieces:
        # carry cells become boundaries: their outputs start a piece, their inputs end one; so do the reads of
        # LUTRAMs and SRLs (boxes to abc too; their inputs are endpoints already)
        carry_idx = {i for i, cn in enumerate(cells) if CARRY.match(mod['cells'][cn]['type'].lstrip('\\'))}
        box_idx = carry_idx | {i for i, cn in enumerate(cells)
                               if LUTRAM.match(mod['cells'][cn]['type'].lstrip('\\'))
                               or SRL.match(mod['cells'][cn]['type'].lstrip('\\'))}
        pdriver = {b: (None if d is not None and d[0] in box_idx else d) for b, d in driver.items()}
        pends = list(endpoints) + [(i, b) for (i, _), ins in comb_inputs.items() if i in carry_idx for b in ins]
        pdepth, ppred = longest(pdriver, comb_inputs, select_inputs, pends)
        groups = {}
        for idx, b in pends:
            if b not in pdepth:
                continue
            st = b
            while ppred.get(st) is not None:
                st = ppred[st]
            end = 'a carry chain' if idx in carry_idx else base(names.get(b)) if idx < 0 else reg_name(idx)
            # a piece starts at a named register or port, or at a box's output (unnamed)
            box = driver[st][0] if driver.get(st) is not None else None
            start = base(names[st]) if st in names else 'a carry chain' if box in carry_idx else \
                'a RAM / SRL read' if box in box_idx else str(st)
            k = (start, end)
            d, n = groups.get(k, (pdepth[b], 0))
            groups[k] = (max(d, pdepth[b], key=key), n + 1)
        for (st, en), (d, n) in sorted(groups.items(), key=lambda kv: key(kv[1][0]), reverse=True)[:args.pieces]:
            print(f'  piece {d[0]:>2} levels +{d[1]} MUXF  {st} -> {en}  ({n} endpoint bits)')


if __name__ == '__main__':
    main()

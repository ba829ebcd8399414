#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of scripts/xdepth.py (the depth measure of make synth) on netlists built here by hand, whose paths and
loops are known: LUT chains between registers, a feedback loop, MUXF data and select inputs, a carry chain, a
LUTRAM read, ports, and cells of a hierarchical netlist attributed to their blocks.

    tb/synth/test_xdepth.py
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'scripts'))
from suite import Suite  # noqa: E402

XDEPTH = os.path.join(os.path.dirname(__file__), '..', '..', 'scripts', 'xdepth.py')

PORTS = {
    'FDRE': ({'C', 'CE', 'D', 'R'}, {'Q'}),
    'LUT1': ({'I0'}, {'O'}), 'LUT2': ({'I0', 'I1'}, {'O'}), 'LUT6': ({f'I{i}' for i in range(6)}, {'O'}),
    'MUXF7': ({'I0', 'I1', 'S'}, {'O'}),
    'CARRY4': ({'CI', 'CYINIT', 'DI', 'S'}, {'O', 'CO'}),
    'RAM32M': ({'ADDRA', 'ADDRB', 'ADDRC', 'ADDRD', 'DIA', 'DIB', 'DIC', 'DID', 'WCLK', 'WE'},
               {'DOA', 'DOB', 'DOC', 'DOD'}),
}


class Net:
    """A netlist under construction: nets are integers, named nets are registers' outputs."""

    def __init__(self):
        self.next_bit = 10
        self.cells = {}
        self.netnames = {}
        self.ports = {}

    def bit(self, name=None):
        b = self.next_bit
        self.next_bit += 1
        if name:
            self.netnames[name] = {'bits': [b], 'hide_name': 0}
        return b

    def cell(self, name, typ, **conn):
        ins, outs = PORTS[typ]
        self.cells[name] = {
            'type': typ,
            'port_directions': {p: 'input' if p in ins else 'output' for p in ins | outs},
            'connections': {p: (v if isinstance(v, list) else [v]) for p, v in conn.items()},
        }

    def ff(self, name, d):
        q = self.bit(name)
        self.cell('ff_' + name, 'FDRE', C=1, CE='1', R='0', D=d, Q=q)
        return q

    def lut(self, name, *ins):
        o = self.bit()
        self.cell(name, 'LUT6', **{f'I{i}': b for i, b in enumerate(ins)}, O=o)
        return o

    def chain(self, prefix, start, n):
        b = start
        for i in range(n):
            b = self.lut(f'{prefix}{i}', b)
        return b

    def port(self, name, direction, bit):
        self.ports[name] = {'direction': direction, 'bits': [bit]}

    def measure(self, *args):
        design = {'modules': {'t': {'attributes': {'top': 1}, 'ports': self.ports, 'cells': self.cells,
                                    'netnames': self.netnames}}}
        with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
            json.dump(design, f)
        try:
            p = subprocess.run([sys.executable, XDEPTH, f.name, '--top', '20'] + list(args),
                               capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        return p


def head(out):
    m = re.search(r'(\d+) LUT\s+(\d+) FF\s+(\d+) LUTRAM.*?(\d+) CARRY\s+(\d+) MUXF\s+path\s+(\d+) \(\+(\d+) MUXF '
                  r'\+(\d+) CARRY\)\s+loop\s+(\d+) \(\+(\d+) MUXF \+(\d+) CARRY\)', out)
    return tuple(int(x) for x in m.groups()) if m else None


def main():
    s = Suite('xdepth')

    # a -> 3 LUTs -> b -> 1 LUT -> a is a loop (both measures see 3); c -> 5 LUTs -> d is a plain path
    n = Net()
    a_d, b_d, d_d = n.bit(), n.bit(), n.bit()
    a = n.ff('a', a_d)
    b = n.ff('b', b_d)
    c = n.ff('c', n.bit())
    n.ff('d', d_d)
    n.cells['ff_b']['connections']['D'] = [n.chain('ab', a, 3)]
    n.cells['ff_a']['connections']['D'] = [n.chain('ba', b, 1)]
    n.cells['ff_d']['connections']['D'] = [n.chain('cd', c, 5)]
    p = n.measure()
    h = head(p.stdout)
    s.check(p.returncode == 0 and h is not None, f'loop netlist: xdepth failed: {p.stdout}{p.stderr}')
    if h:
        s.check(h[0] == 9 and h[1] == 4, f'loop netlist: 9 LUTs 4 FFs expected, got {h[:2]}')
        s.check(h[5] == 5, f'loop netlist: path 5 (c -> d) expected, got {h[5]}')
        s.check(h[8] == 3, f'loop netlist: loop 3 (a -> b) expected, got {h[8]}')
        s.check('path   5 levels +0 MUXF +0 CARRY  c -> d' in p.stdout, 'loop netlist: worst path named c -> d')
        s.check('loop   3 levels +0 MUXF +0 CARRY  a -> b' in p.stdout, 'loop netlist: worst loop named a -> b')
        s.check(not re.search(r'loop .* c -> d', p.stdout), 'loop netlist: c -> d is not a loop')
    # --trace-end: the worst path into the named register (b: 3 levels), not the worst of all (d: 5)
    p = n.measure('--trace', '--trace-end', '^b$')
    m = re.search(r'worst path, end first:\n\s+\((\d+), ', p.stdout)
    s.check(p.returncode == 0 and m is not None and m.group(1) == '3',
            f'--trace-end ^b$: the traced path ends at b, 3 levels: {p.stdout}{p.stderr}')
    p = n.measure('--trace')
    m = re.search(r'worst path, end first:\n\s+\((\d+), ', p.stdout)
    s.check(m is not None and m.group(1) == '5', f'--trace: the worst path (5 levels) is traced: {p.stdout}')

    # MUXF: a data input beside the LUT is not a level, the select is; a carry chain adds carries only
    n = Net()
    x, y, z = n.ff('x', n.bit()), n.ff('y', n.bit()), n.ff('z', n.bit())
    l0, l1 = n.lut('l0', x), n.lut('l1', x)
    mo = n.bit()
    n.cell('mux', 'MUXF7', I0=l0, I1=l1, S=n.chain('sel', y, 2), O=mo)
    n.ff('m_data', mo)
    mo2 = n.bit()
    n.cell('mux2', 'MUXF7', I0=n.lut('l2', x), I1=n.lut('l3', x), S=z, O=mo2)
    n.ff('m_shallow', mo2)
    co1, co2, o2 = n.bit(), n.bit(), n.bit()
    n.cell('c1', 'CARRY4', CI='0', CYINIT='0', DI='0', S=n.lut('cs', x), CO=co1, O=n.bit())
    n.cell('c2', 'CARRY4', CI=co1, CYINIT='0', DI='0', S='0', CO=co2, O=o2)
    n.ff('sum', n.lut('after', o2))
    p = n.measure()
    h = head(p.stdout)
    s.check(h is not None, f'mux netlist: xdepth failed: {p.stdout}{p.stderr}')
    if h:
        s.check(h[5] == 3 and h[6] == 0, f'mux netlist: path 3 levels (2 LUTs then the MUXF select) expected, got {h}')
        s.check('2 levels +0 MUXF +2 CARRY  x -> sum' in p.stdout,
                f'mux netlist: LUT, two carries, LUT = 2 levels + 2 carries: {p.stdout}')
        s.check('1 levels +1 MUXF +0 CARRY  x -> m_shallow' in p.stdout or
                '1 levels +1 MUXF +0 CARRY  x -> m_data' in p.stdout,
                f'mux netlist: LUT into a MUXF data input = 1 level + 1 MUXF: {p.stdout}')
        s.check(h[8] == 0, f'mux netlist: no loop expected, got {h[8]}')

    # LUTRAM: the asynchronous read (address -> data) is a level; the write inputs end paths
    n = Net()
    ra = n.ff('ra', n.bit())
    wd = n.ff('wd', n.bit())
    doa = n.bit()
    n.cell('ram', 'RAM32M', ADDRA=n.lut('ra_l', ra), ADDRB='0', ADDRC='0', ADDRD='0',
           DIA=n.chain('wd_l', wd, 4), DIB='0', DIC='0', DID='0', WCLK=1, WE='1', DOA=doa, DOB=n.bit(),
           DOC=n.bit(), DOD=n.bit())
    n.ff('rd', n.lut('rd_l', doa))
    p = n.measure()
    h = head(p.stdout)
    s.check(h is not None and h[2] == 1, f'lutram netlist: one LUTRAM expected: {p.stdout}{p.stderr}')
    if h:
        s.check(h[5] == 4, f'lutram netlist: path 4 (the write data chain) expected, got {h[5]}')
        s.check('3 levels +0 MUXF +0 CARRY  ra -> rd' in p.stdout,
                f'lutram netlist: address LUT, read, LUT = 3 levels: {p.stdout}')

    # ports count as registers: in -> 2 LUTs -> out
    n = Net()
    i = n.bit('in')
    n.port('in', 'input', i)
    o = n.chain('io', i, 2)
    n.port('out', 'output', o)
    n.netnames['out'] = {'bits': [o], 'hide_name': 0}
    p = n.measure()
    h = head(p.stdout)
    s.check(h is not None and h[5] == 2, f'port netlist: path 2 expected: {p.stdout}{p.stderr}')

    # blocks: cells of a flattened hierarchical netlist are counted in their top-level instance
    n = Net()
    q = n.ff('u_a.r', n.bit())
    n.cells['$flatten\\u_a.$auto$ff1'] = n.cells.pop('ff_u_a.r')
    n.ff('u_b.r', n.chain('$flatten\\u_b.l', q, 3))
    n.cells['$flatten\\u_b.$auto$ff2'] = n.cells.pop('ff_u_b.r')
    p = n.measure('--blocks')
    s.check(re.search(r'^\s+u_b\s+3\s+1\s+0\s+0\s+0\s+3\s+0\s*$', p.stdout, re.M) is not None,
            f'blocks: u_b has 3 LUTs, 1 FF and the 3-level path that ends in it: {p.stdout}{p.stderr}')
    s.check(re.search(r'^\s+u_a\s+0\s+1\s+0\s+0\s+0\s+0\s+0\s*$', p.stdout, re.M) is not None,
            f'blocks: u_a has 1 FF and no path ending in it: {p.stdout}')

    # --pieces: u -> 3 LUTs -> a carry chain -> 2 LUTs -> v is one 5-level path but two pieces (3 into the chain,
    # 2 after it); the LUTRAM read ends and starts pieces too: ra -> 1 LUT -> read -> 4 LUTs -> rd2
    n = Net()
    u = n.ff('u', n.bit())
    co, co_o = n.bit(), n.bit()
    n.cell('pc', 'CARRY4', CI='0', CYINIT='0', DI='0', S=n.chain('pre', u, 3), CO=co, O=co_o)
    n.ff('v', n.chain('post', co_o, 2))
    ra = n.ff('ra', n.bit())
    doa = n.bit()
    n.cell('ram', 'RAM32M', ADDRA=n.lut('ra_l', ra), ADDRB='0', ADDRC='0', ADDRD='0', DIA='0', DIB='0', DIC='0',
           DID='0', WCLK=1, WE='1', DOA=doa, DOB=n.bit(), DOC=n.bit(), DOD=n.bit())
    n.ff('rd2', n.chain('rd_l', doa, 4))
    p = n.measure('--pieces', '10')
    h = head(p.stdout)
    s.check(h is not None and h[5] == 6, f'pieces netlist: path 6 (ra -> read -> rd2) expected: {p.stdout}{p.stderr}')
    s.check('5 levels +0 MUXF +1 CARRY  u -> v' in p.stdout, f'pieces netlist: u -> v is 5 levels: {p.stdout}')
    s.check(re.search(r'piece\s+3 levels \+0 MUXF  u -> a carry chain', p.stdout) is not None,
            f'pieces netlist: the piece into the carry chain is 3 levels: {p.stdout}')
    s.check(re.search(r'piece\s+2 levels \+0 MUXF  a carry chain -> v', p.stdout) is not None,
            f'pieces netlist: the piece after the carry chain is 2 levels: {p.stdout}')
    s.check(re.search(r'piece\s+4 levels \+0 MUXF  a RAM / SRL read -> rd2', p.stdout) is not None and
            re.search(r'piece\s+[56] levels', p.stdout) is None,
            f'pieces netlist: the deepest piece is the 4 LUTs after the LUTRAM read: {p.stdout}')

    # a combinational loop is refused, not measured
    n = Net()
    l1, l2 = n.bit(), n.bit()
    n.cell('cl1', 'LUT1', I0=l2, O=l1)
    n.cell('cl2', 'LUT1', I0=l1, O=l2)
    n.ff('r', l1)
    p = n.measure()
    s.check(p.returncode != 0 and 'combinational loop' in (p.stdout + p.stderr),
            f'combinational loop: refused with a message: rc {p.returncode} {p.stdout}{p.stderr}')
    sys.exit(s.finish())


if __name__ == '__main__':
    main()

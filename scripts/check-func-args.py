#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every function in the RTL reads only its arguments, locals, parameters and other functions (also those a macro
declares where it is instantiated, as `MDD_ADD_GATES(lf_add8, 8)`).

An event-driven simulator (Icarus, and any simulator that follows IEEE 1364: a continuous assignment is
re-evaluated when one of its operands changes, and a function's body is not an operand) does not re-evaluate
`assign x = f(a)` when a module signal read inside f changes; Verilator evaluates the whole expression and hides
the bug. The staged TX generator had six such functions (D-097): its markers' values were wrong on Icarus.

  scripts/check-func-args.py FILE...     report each function's free signals (file, function, names); exit 1 if any
                                         (last line: "func-args: P passed, F failed", F the functions reported)
  scripts/check-func-args.py --selftest  a function that reads a module signal must be reported, a clean one not
"""
import re
import sys
import tempfile
import os

KEYWORDS = set('begin end if else for integer reg wire input output function endfunction case casez endcase default '
               'while repeat signed assign localparam parameter genvar automatic'.split())
DECL = re.compile(r'(?:input|reg|integer|output)\s+(?:wire\s+|signed\s+)?(?:\[[^\]]*\]\s*)?([\w\s,]+?)'
                  r'(?=[;)]|,\s*(?:input|output))')
FUNC = re.compile(r'(?<!\w)function\s+(?:automatic\s+)?(?:signed\s+)?(?:\[[^\]]*\]\s*|integer\s+)?(\w+)\s*(\([^)]*\))?\s*;'
                  r'(.*?)endfunction', re.S)
FUNC_NAME = re.compile(r'(?<!\w)function\s+(?:automatic\s+)?(?:signed\s+)?(?:\[[^\]]*\]\s*|integer\s+)?(\w+)')


def strip_comments(src):
    return re.sub(r'/\*.*?\*/', '', re.sub(r'//[^\n]*', '', src), flags=re.S)


def free_names(path, known_functions):
    src = strip_comments(open(path).read())
    params = set(re.findall(r'(?:localparam|parameter)\s+(?:\[[^\]]*\]\s*)?(?:integer\s+)?(\w+)', src))
    for m in re.finditer(r'(?:localparam|parameter)([^;]*);', src):
        params |= set(re.findall(r'(\w+)\s*=', m.group(1)))
    found = []
    for name, header, body in FUNC.findall(src):
        declared = set()
        for m in DECL.finditer((header or '') + ';' + body):
            declared |= {v.strip().split()[-1] for v in m.group(1).split(',') if v.strip()}
        # identifiers, without sized literals, system tasks, macros and hierarchical tails
        text = re.sub(r"\d*'[sS]?[bhdoBHDO][0-9a-fA-FxXzZ_]+", '', body)
        ids = set(re.findall(r"(?<!['\w$`.])([A-Za-z_]\w*)", text))
        free = {i for i in ids - declared - KEYWORDS - params - known_functions - {name}
                if not i.isupper() and not i.startswith('MDD_')}
        if free:
            found.append((name, sorted(free)))
    return found


MACRO = re.compile(r'`define\s+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)')


def function_names(src):
    """The functions a file declares, also those a macro declares where the file instantiates it: a macro
    `define M(NAME, ...) whose body declares `function ... NAME(` declares the function named by that argument
    wherever `M(x, ...) is instantiated (rtl/mdd_add_gates.vh, D-109)."""
    names = set(FUNC_NAME.findall(src))
    macros = {}
    for mname, margs, body in MACRO.findall(src):
        args = [a.strip() for a in margs.split(',')]
        for fname in FUNC_NAME.findall(body):
            if fname in args:
                macros[mname] = args.index(fname)
    return names, macros


def check(paths):
    known = set()
    macros = {}
    srcs = [strip_comments(open(p).read()) for p in paths]
    for src in srcs:
        names, m = function_names(src)
        known |= names
        macros.update(m)
    for src in srcs:
        for mname, k in macros.items():
            for inst in re.findall(r'`%s\(([^)]*)\)' % mname, src):
                args = [a.strip() for a in inst.split(',')]
                if k < len(args):
                    known.add(args[k])
    bad = 0
    for p in paths:
        for name, free in free_names(p, known):
            print('%s: function %s reads %s, which are not its arguments: pass them as inputs' %
                  (p, name, ', '.join(free)))
            bad += 1
    return bad


def selftest():
    bad_src = """module m (input wire [3:0] a, output wire [3:0] y);
reg [3:0] r = 4'd0;
function [3:0] f(input [3:0] x);
    f = x + r;
endfunction
assign y = f(a);
endmodule
"""
    good_src = bad_src.replace('function [3:0] f(input [3:0] x);\n    f = x + r;',
                               'function [3:0] f(input [3:0] x, input [3:0] v);\n    f = x + v;')
    fails = 0
    # a function that calls a function a macro declares (instantiated in another file) is clean
    macro_src = ("`define ADDER(NAME, WIDTH) \\\nfunction [(WIDTH)-1:0] NAME(input [(WIDTH)-1:0] x); \\\n"
                 "    NAME = x; \\\nendfunction\n")
    user_src = ("module u (input wire [3:0] a, output wire [3:0] y);\n`ADDER(add4, 4)\n"
                "function [3:0] g(input [3:0] x);\n    g = add4(x);\nendfunction\nassign y = g(a);\nendmodule\n")
    with tempfile.TemporaryDirectory() as d:
        pm, pu = os.path.join(d, 'a.vh'), os.path.join(d, 'u.v')
        open(pm, 'w').write(macro_src)
        open(pu, 'w').write(user_src)
        got = check([pm, pu])
        if got != 0:
            print('func-args-selftest: a macro-declared function: %d findings, expected 0' % got)
            fails += 1
        open(pu, 'w').write(user_src.replace('`ADDER(add4, 4)', '`ADDER(add5, 4)'))
        got = check([pm, pu])
        if got != 1:
            print('func-args-selftest: a call of an undeclared name: %d findings, expected 1' % got)
            fails += 1
    with tempfile.TemporaryDirectory() as d:
        for label, src, expect in (('reads a module signal', bad_src, 1), ('arguments only', good_src, 0)):
            path = os.path.join(d, 'm.v')
            open(path, 'w').write(src)
            got = len(free_names(path, set()))
            if got != expect:
                print('func-args-selftest: %s: %d findings, expected %d' % (label, got, expect))
                fails += 1
    print('func-args-selftest: %d passed, %d failed' % (4 - fails, fails))
    return 0 if fails == 0 else 1


if __name__ == '__main__':
    if sys.argv[1:] == ['--selftest']:
        sys.exit(selftest())
    files = sys.argv[1:]
    n = check(files)
    if n == 0:
        print('check-func-args: %d files, every function reads only its arguments' % len(files))
    print('func-args: %d passed, %d failed' % (len(files) - n if n < len(files) else 0, n))
    sys.exit(1 if n else 0)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare two builds of the codegen probe function by function.

With CONFIG_LIST_NOSPEC off, the series must leave the code of every walk
as the pristine headers make it.  pipeline/offcode.sh builds the probe
(pipeline/codegen/walks.c, -DCODEGEN_CLASSIC) once against the series'
headers and once against the pristine ones, with the same compiler command
line, and hands both 'objdump -dr' outputs to this script.

Each function's instructions are compared after dropping what differs
between two objects of the same code: the addresses (a jump's target is
kept as an offset into its function) and the raw bytes.  Relocations are
compared by symbol.  Functions that only one build has (the series' new
iterators, which pristine lacks) are listed, not compared.

Exit status: 0 when every function both builds have is the same, 1 when
one differs (each is named with its first differing instruction), 2 on
bad input.
"""

import argparse
import re
import sys

FUNC = re.compile(r'^[0-9a-f]+ <([^>]+)>:$')
INSN = re.compile(r'^\s*([0-9a-f]+):\t(.*)$')
RELOC = re.compile(r'^\s*[0-9a-f]+: (R_\S+)\s+(\S+)$')


def functions(text, prefix):
    """{name: [normalised line]} for the functions whose names start with
    prefix."""
    funcs, cur, base = {}, None, 0
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            cur = name if name.startswith(prefix) and '-0x' not in name else None
            if cur:
                funcs[cur] = []
                base = int(line.split()[0], 16)
            continue
        if cur is None:
            continue
        m = RELOC.match(line)
        if m:
            funcs[cur].append(f'reloc {m.group(1)} {m.group(2)}')
            continue
        m = INSN.match(line)
        if not m:
            continue
        text = m.group(2).split('#')[0].rstrip()
        # "jmp 1a <codegen_x+0xa>": keep the symbolic target only
        text = re.sub(r'\b[0-9a-f]+ <([^>]+)>', r'<\1>', text)
        text = re.sub(r'\s+', ' ', text)
        funcs[cur].append(text)
    # The padding after a function's last instruction follows from where
    # the next function starts, not from the function's own code.
    pad = re.compile(r'^(data16 )*(cs )*(nop[wl]?\b.*|xchg %ax,%ax|int3)$')
    for lines in funcs.values():
        while lines and pad.match(lines[-1]):
            lines.pop()
    return funcs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--prefix', default='codegen_')
    ap.add_argument('--results', help='append PASS/FAIL lines here')
    ap.add_argument('--label', default='offcode')
    ap.add_argument('pristine', help="objdump -dr of the probe on pristine headers")
    ap.add_argument('series', help="objdump -dr of the probe on the series' headers")
    args = ap.parse_args()
    try:
        with open(args.pristine, encoding='utf-8') as f:
            a = functions(f.read(), args.prefix)
        with open(args.series, encoding='utf-8') as f:
            b = functions(f.read(), args.prefix)
    except OSError as e:
        print(f'offcode.py: error: {e}: build both probes first (pipeline/offcode.sh)',
              file=sys.stderr)
        return 2
    common = sorted(set(a) & set(b))
    if not common:
        print(f'offcode.py: error: no {args.prefix}* function in both {args.pristine} and '
              f'{args.series}: are they disassembled probe objects?', file=sys.stderr)
        return 2
    bad = 0
    lines = []
    for name in common:
        fa, fb = a[name], b[name]
        if fa == fb:
            print(f'ok   {args.label}: {name}: {len(fa)} lines, the same as pristine')
            lines.append(f'PASS {args.label}:{name}\n')
            continue
        bad += 1
        k = next((i for i, (x, y) in enumerate(zip(fa, fb)) if x != y), min(len(fa), len(fb)))
        was = fa[k] if k < len(fa) else '(end)'
        now = fb[k] if k < len(fb) else '(end)'
        print(f'FAIL {args.label}: {name}: differs from pristine at line {k + 1}: '
              f'pristine "{was}", series "{now}"')
        lines.append(f'FAIL {args.label}:{name}\n')
    only = sorted(set(b) - set(a))
    if only:
        print(f'     {args.label}: only in the series (not compared): {" ".join(only)}')
    gone = sorted(set(a) - set(b))
    if gone:
        bad += len(gone)
        print(f'FAIL {args.label}: missing from the series build: {" ".join(gone)}')
        lines.extend(f'FAIL {args.label}:{n}\n' for n in gone)
    print(f'{args.label}: {len(common) - bad + len(gone)} of {len(common)} functions the same as pristine')
    if args.results:
        with open(args.results, 'a', encoding='utf-8') as f:
            f.writelines(lines)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

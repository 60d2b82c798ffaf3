#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Compare the loops of two builds of measure/loops/loops.c.

    loops.py BASE TRIED

BASE and TRIED are 'objdump -d --no-show-raw-insn' listings of the same
functions, BASE built with the pristine iterators and TRIED with the
series'.  A function's loop is the widest range from a backward branch's
target to the branch; its size is the number of instructions in it.  The
select of a speculation-safe walk adds its conditional move (CMOVcc on
x86, CSEL on arm64) and nothing else, so each loop of TRIED may be larger
than BASE's by the number of those it holds: anything beyond that is work
the walk's shape keeps inside the loop (a reloaded invariant, a second
compare).  Prints one line per function; exits 1 when a loop grew by more,
2 on unusable input.
"""
import re
import sys

FUNC = re.compile(r'^([0-9a-f]+) <([^>]+)>:$')
INSN = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')
TARGET = re.compile(r'^([0-9a-f]+) <')
SELECT = re.compile(r'^(cmov[a-z]+|csel)$')


def fail(msg):
    sys.stderr.write('loops.py: error: %s\n' % msg)
    sys.exit(2)


def parse(path):
    """{function: [(address, mnemonic, operands)]}"""
    funcs, cur = {}, None
    try:
        lines = open(path, encoding='utf-8', errors='replace').read().splitlines()
    except OSError as e:
        fail('cannot read %s (%s): pass objdump -d listings' % (path, e.strerror))
    for line in lines:
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3)))
    if not funcs:
        fail('%s holds no disassembled function: pass an objdump -d listing' % path)
    return funcs


def loop(insns):
    """(instructions, selects) of the widest backward-branch range, or None."""
    best = None
    for addr, mnem, ops in insns:
        if not (mnem.startswith('j') or mnem in ('b', 'cbz', 'cbnz') or
                mnem.startswith('b.')):
            continue
        m = TARGET.match(ops.split(',')[-1].strip())
        if not m:
            continue
        target = int(m.group(1), 16)
        if target > addr:
            continue
        body = [i for i in insns if target <= i[0] <= addr]
        if best is None or len(body) > len(best):
            best = body
    if best is None:
        return None
    return len(best), sum(1 for i in best if SELECT.match(i[1]))


def main(argv):
    if len(argv) != 3:
        fail('usage: loops.py BASE TRIED (objdump -d listings of loops.c)')
    base, tried = parse(argv[1]), parse(argv[2])
    bad = 0
    print('%-16s %6s %6s %7s  %s' % ('function', 'base', 'tried', 'selects', 'verdict'))
    for name in sorted(base):
        if name not in tried:
            fail('%s is in %s but not in %s: build both from the same loops.c'
                 % (name, argv[1], argv[2]))
        b, t = loop(base[name]), loop(tried[name])
        if b is None or t is None:
            fail('no loop found in %s of %s: build with -O2'
                 % (name, argv[1] if b is None else argv[2]))
        grown = t[0] - b[0]
        ok = grown <= t[1]
        bad += not ok
        print('%-16s %6d %6d %7d  %s' % (name, b[0], t[0], t[1],
              'ok' if ok else 'FAIL: +%d instructions beyond the selects' % (grown - t[1])))
    if bad:
        print('%d of %d loops hold more than their selects add' % (bad, len(base)))
        return 1
    print('%d of %d loops grow by their selects only' % (len(base), len(base)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

"""Item A: call sites of the *_or_null / *_circular helpers.

Counts every invocation outside a #define, per area, plus wrapper macros,
and flags arguments with side effects (++, --, assignment, a call), which a
select-based version (that evaluates both candidates) would evaluate more
often than the conditional does.
Run: cd /work/analysis && nice -n 19 python3 itemA.py > itemA.out
"""
import re
from collections import Counter, defaultdict
from sites import scan, scan_defs

NAMES = ['list_first_entry_or_null', 'list_first_or_null_rcu',
         'list_next_or_null_rcu', 'list_next_entry_circular',
         'list_prev_entry_circular']

SIDE = re.compile(r'\+\+|--|(?<![=!<>])=(?!=)|\w\s*\(')

cnt = Counter()
files = defaultdict(set)
side = []
circ = []
for r in scan(NAMES, loop=False):
    cnt[(r['name'], r['area'])] += 1
    files[(r['name'], r['area'])].add(r['file'])
    # arguments the macro evaluates more than once in a select version
    for a in r['args'][:2]:
        # list_entry-like helpers and &x->y are fine; real calls are flagged
        if SIDE.search(a):
            side.append((r['name'], r['file'], r['line'], r['func'], a))
    if 'circular' in r['name']:
        circ.append((r['name'], r['file'], r['line'], r['func'],
                     ', '.join(r['args'])))

print('# invocations outside #define (files in parentheses)')
print('%-28s %8s %8s %8s' % ('macro', 'kernel', 'tools', 'scripts'))
for n in NAMES:
    print('%-28s %8s %8s %8s' % (n, *('%d(%d)' % (cnt[(n, a)], len(files[(n, a)]))
                                        for a in ('kernel', 'tools', 'scripts'))))
print()
print('# wrapper macros whose body uses one of them')
for d in scan_defs(NAMES):
    print('%s:%d  %s -> %s' % (d['file'], d['line'], d['wrapper'], d['name']))
print()
print('# arguments with a possible side effect or a call (ptr/head/pos args)')
for s in side:
    print('%s  %s:%d %s  arg=%r' % s)
print()
print('# every *_circular site')
for c in circ:
    print('%s  %s:%d %s  (%s)' % c)

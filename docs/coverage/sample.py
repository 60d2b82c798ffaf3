"""Print a seeded random sample of loops (TSV rows with nuses>0) with their
source from the loop header to the first use after the loop, for hand-checking.
Usage: python3 sample.py ITEM.tsv N SEED [column=value ...]"""
import csv, random, sys
from cscan import ROOT
tsv, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
flt = [a.split('=', 1) for a in sys.argv[4:]]
rows = [r for r in csv.DictReader(open(tsv), delimiter='\t')
        if r['area'] == 'kernel' and int(r['nuses']) > 0 and all(r[k] == v for k, v in flt)]
random.seed(seed)
pick = sorted(random.sample(rows, min(n, len(rows))), key=lambda r: (r['file'], int(r['line'])))
for i, r in enumerate(pick, 1):
    src = open(ROOT + '/' + r['file'], errors='replace').read().split('\n')
    a, b = int(r['line']), int(r['first_use_line'])
    print('=' * 100)
    print('#%d %s:%s %s %s var=%s cats=%s' % (i, r['file'], r['line'], r['func'], r['macro'], r['var'], r['cats']))
    lo = max(1, a - 6)
    lines = range(lo, b + 2) if b - lo < 70 else list(range(lo, a + 30)) + list(range(b - 15, b + 2))
    last = None
    for k in lines:
        if last is not None and k != last + 1:
            print('   ...')
        print('%5d %s' % (k, src[k - 1]))
        last = k

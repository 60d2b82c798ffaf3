"""Item D: how the bodies of the bare-cursor loops turn the cursor into an
entry (list_entry()/container_of()/list_*_entry helpers/a cast/another
macro or function taking the cursor), i.e. where a hardening "inside the
body" would have to go.
Run: cd /work/analysis && nice -n 19 python3 itemD-body.py > itemD-body.out"""
import re
from collections import Counter
from sites import scan

NAMES = ['list_for_each', 'list_for_each_safe', 'list_for_each_prev',
         'list_for_each_prev_safe', 'list_for_each_rcu',
         'list_for_each_continue', 'list_for_each_reverse']
kind = Counter()
helpers = Counter()
for r in scan(NAMES):
    if r['area'] != 'kernel':
        continue
    v = r['args'][0]
    body = r['code'][r['body'][0]:r['body'][1]]
    if not re.fullmatch(r'\w+', v):
        kind['cursor is an expression'] += 1
        continue
    V = re.escape(v)
    if re.search(r'\b(list_entry|list_entry_rcu|container_of)\s*\(\s*' + V + r'\s*,', body):
        kind['list_entry/container_of(cursor)'] += 1
    elif re.search(r'\(\s*(struct\s+)?\w+\s*\*\s*\)\s*' + V + r'\b', body):
        kind['cast of the cursor'] += 1
    else:
        m = re.search(r'\b(\w+)\s*\(\s*' + V + r'\s*[,)]', body)
        if m:
            kind['other helper taking the cursor'] += 1
            helpers[m.group(1)] += 1
        elif not re.search(r'\b' + V + r'\b', body):
            kind['cursor unused in body (counting etc.)'] += 1
        else:
            kind['other'] += 1
tot = sum(kind.values())
print('kernel bare-cursor loops: %d' % tot)
for k, n in kind.most_common():
    print('  %-40s %d' % (k, n))
print('\nmost common "other helper" names:')
for k, n in helpers.most_common(25):
    print('  %-30s %d' % (k, n))

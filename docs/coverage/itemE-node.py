"""Item E, second cursor: uses of the node cursor `pos` (2nd argument) of the
hlist_nulls / sk_nulls iterators after the loop -- typically
get_nulls_value(pos) != slot to restart a lockless lookup -- which a
conversion must keep working (pos must keep the nulls marker).
Run: cd /work/analysis && nice -n 19 python3 itemE-node.py > itemE-node.out"""
import re
import sites
from loopreport import run
from cscan import line_of

NAMES = ['hlist_nulls_for_each_entry', 'hlist_nulls_for_each_entry_rcu',
         'hlist_nulls_for_each_entry_safe', 'hlist_nulls_for_each_entry_from',
         'sk_nulls_for_each', 'sk_nulls_for_each_rcu', 'sk_nulls_for_each_from',
         'hlist_bl_for_each_entry', 'hlist_bl_for_each_entry_rcu',
         'hlist_bl_for_each_entry_safe']
sites.file_list = lambda: [l.strip() for l in open('/work/analysis/filesE.txt') if l.strip()]
rows = run(NAMES, lambda r: (r['args'][1], ''), 'itemE-node.tsv')
n = 0
for x in rows:
    if x['r']['area'] == 'kernel' and x['uses']:
        n += 1
        st = re.sub(r'\s+', ' ', x['uses'][0][2]).strip()[:110]
        print('%s:%d %s %s pos=%s  first use line %d: %s' % (
            x['r']['file'], x['r']['line'], x['r']['func'], x['r']['name'], x['var'],
            line_of(x['r']['code'], x['uses'][0][0]), st))
print('loops whose node cursor is used after the loop: %d of %d' %
      (n, sum(1 for x in rows if x['r']['area'] == 'kernel')))
print('  of which get_nulls_value(): %d' % sum(
    1 for x in rows if x['uses'] and any('get_nulls_value' in u[2] for u in x['uses'])))

"""Item E: hlist_nulls / sk_nulls / hlist_bl / llist entry iterators.

Per macro: number of loops (kernel, tools, scripts) and the loops whose
entry cursor (tpos; pos for llist_for_each_entry*) is mentioned after the
loop in the same function (after.py rules).  llist_for_each{,_safe} (bare
llist_node cursor) are counted for reference.
Run: cd /work/analysis && nice -n 19 python3 itemE.py  (-> itemE.tsv, itemE.out)
"""
import sys
from loopreport import run, summary

NAMES = ['hlist_nulls_for_each_entry', 'hlist_nulls_for_each_entry_rcu',
         'hlist_nulls_for_each_entry_safe', 'hlist_nulls_for_each_entry_from',
         'sk_nulls_for_each', 'sk_nulls_for_each_rcu', 'sk_nulls_for_each_from',
         'hlist_bl_for_each_entry', 'hlist_bl_for_each_entry_rcu',
         'hlist_bl_for_each_entry_safe',
         'llist_for_each_entry', 'llist_for_each_entry_safe',
         'llist_for_each', 'llist_for_each_safe']
FILES = [l.strip() for l in open('/work/analysis/filesE.txt') if l.strip()]


def pick(r):
    return r['args'][0], ''


import sites
orig = sites.file_list
sites.file_list = lambda: FILES
rows = run(NAMES, pick, 'itemE.tsv')
with open('itemE.out', 'w') as out:
    summary(rows, NAMES, out)
sys.stdout.write(open('itemE.out').read())

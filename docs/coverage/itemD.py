"""Item D: bare list_head cursor iterators; uses of the cursor after the loop.
Run: cd /work/analysis && nice -n 19 python3 itemD.py   (-> itemD.tsv, itemD.out)
"""
import sys
from loopreport import run, summary

NAMES = ['list_for_each', 'list_for_each_safe', 'list_for_each_prev',
         'list_for_each_prev_safe', 'list_for_each_rcu',
         'list_for_each_continue', 'list_for_each_reverse']


def pick(r):
    return r['args'][0], r['args'][-1]


rows = run(NAMES, pick, 'itemD.tsv')
with open('itemD.out', 'w') as out:
    summary(rows, NAMES, out)
sys.stdout.write(open('itemD.out').read())

"""Item B: the look-ahead `n` of list_for_each_entry_safe*().

For every loop (kernel area) take n = 2nd argument, the body text (the
braced block or single statement after the macro), and classify each
mention of n in the body (a mention = identifier n not preceded by . or ->):

  reset      list_safe_reset_next(pos, n, member)   (writes n, reads pos)
  head-cmp   compares n (or &n->member) with the list head:
             list_entry_is_head(n, ..), list_is_head(&n->m, ..),
             &n->m ==/!= X, n ==/!= list_entry(head)/container_of(head...)
  addr       &n->member used as a list_head (not compared), e.g. list_add(x, &n->m)
  deref      n->field read (or written) other than &n->member
  cmp        n compared with something else (pos, NULL, another entry)
  write      n = ... (other than list_safe_reset_next)
  arg        n passed whole to a function/macro
  other

Also the uses of n after the loop (after.py), like item D.
Run: cd /work/analysis && nice -n 19 python3 itemB.py  (-> itemB.tsv, itemB.out)
"""
import re
from collections import Counter, defaultdict
from sites import scan
from after import after_uses
from cscan import mentions, line_of, is_write

NAMES = ['list_for_each_entry_safe', 'list_for_each_entry_safe_continue',
         'list_for_each_entry_safe_from', 'list_for_each_entry_safe_reverse']


def stmt_around(code, p):
    s = max(code.rfind(';', 0, p), code.rfind('{', 0, p), code.rfind('}', 0, p)) + 1
    e = min(x for x in (code.find(';', p), code.find('{', p), len(code)) if x >= 0)
    return code[s:e]


def classify(code, p, n, member):
    st = stmt_around(code, p)
    N = re.escape(n)
    pre = code[max(0, p - 40):p]
    post = code[p + len(n):p + len(n) + 80]
    if re.search(r'list_safe_reset_next\s*\([^;]*$', pre):
        return 'reset'
    if re.search(r'list_entry_is_head\s*\(\s*$', pre) or \
            re.search(r'list_is_head\s*\(\s*&\s*$', pre):
        return 'head-cmp'
    if re.match(r'\s*->\s*\w+(\s*\.\s*\w+)*\s*[!=]=', post) and pre.rstrip().endswith('&'):
        return 'head-cmp?'          # &n->m == X ; refined below
    if re.search(r'[!=]=\s*&\s*$', pre) and re.match(r'\s*->', post):
        return 'head-cmp?'
    if pre.rstrip().endswith('&') and re.match(r'\s*->', post):
        return 'addr'
    if re.match(r'\s*->', post):
        return 'deref'
    if is_write(code, p, n):
        return 'write'
    if re.match(r'\s*[!=]=', post) or re.search(r'[!=]=\s*$', pre):
        return 'cmp'
    if re.search(r'\(\s*$|,\s*$', pre):
        return 'arg'
    return 'other'


rows = []
for r in scan(NAMES):
    if r['area'] != 'kernel':
        continue
    a = r['args']
    pos, n, head, member = a[0], a[1], a[2] if len(a) > 3 else '', a[-1]
    code = r['code']
    bs, be = r['body']
    kinds = []
    details = []
    if re.fullmatch(r'\w+', n):
        for p in mentions(code, n, bs, be):
            k = classify(code, p, n, member)
            if k == 'head-cmp?':
                st = re.sub(r'\s+', '', stmt_around(code, p))
                hd = re.sub(r'\s+', '', head)
                k = 'head-cmp' if hd and hd in st else 'cmp-addr'
            kinds.append(k)
            details.append((line_of(code, p), k, re.sub(r'\s+', ' ', stmt_around(code, p)).strip()[:140]))
        uses, kill = after_uses(r, n)
    else:
        uses, kill = [], None
    rows.append(dict(r=r, n=n, kinds=kinds, details=details, after=uses, kill=kill))

with open('itemB.tsv', 'w') as f:
    f.write('file\tline\tfunc\tmacro\tn\tbody_kinds\tafter_uses\tfirst_after\tdetails\n')
    for x in rows:
        r = x['r']
        f.write('\t'.join(map(str, [r['file'], r['line'], r['func'], r['name'], x['n'],
                                    ','.join(sorted(set(x['kinds']))), len(x['after']),
                                    re.sub(r'\s+', ' ', x['after'][0][2]).strip()[:120] if x['after'] else '',
                                    ' | '.join('%d:%s:%s' % d for d in x['details'])])) + '\n')

tot = Counter(x['r']['name'] for x in rows)
anyuse = Counter()
kindc = Counter()
for x in rows:
    ks = set(x['kinds'])
    if ks:
        anyuse[x['r']['name']] += 1
    for k in ks:
        kindc[k] += 1
with open('itemB.out', 'w') as out:
    out.write('%-36s %6s %s\n' % ('macro', 'loops', 'loops mentioning n in the body'))
    for nme in NAMES:
        out.write('%-36s %6d %d\n' % (nme, tot[nme], anyuse[nme]))
    out.write('%-36s %6d %d\n' % ('TOTAL', sum(tot.values()), sum(anyuse.values())))
    out.write('\nloops by kind of mention of n in the body (a loop can have several):\n')
    for k, v in kindc.most_common():
        out.write('  %-10s %d\n' % (k, v))
    reads = [x for x in rows if set(x['kinds']) & {'head-cmp', 'cmp-addr', 'deref', 'cmp', 'addr', 'arg', 'other'}]
    out.write('\nloops whose body reads n other than through list_safe_reset_next: %d\n' % len(reads))
    hc = [x for x in rows if 'head-cmp' in x['kinds']]
    out.write('loops whose body compares n with the head: %d\n' % len(hc))
    out.write('loops with a mention of n after the loop: %d\n' % sum(1 for x in rows if x['after']))
    out.write('\n# head comparisons\n')
    for x in hc:
        r = x['r']
        for d in x['details']:
            if d[1] == 'head-cmp':
                out.write('%s:%d %s  %s\n' % (r['file'], d[0], r['func'], d[2]))
    out.write('\n# uses of n after the loop\n')
    for x in rows:
        if x['after']:
            r = x['r']
            out.write('%s:%d %s n=%s  first: %s\n' % (r['file'], r['line'], r['func'], x['n'],
                                                     re.sub(r'\s+', ' ', x['after'][0][2]).strip()[:120]))
print(open('itemB.out').read())

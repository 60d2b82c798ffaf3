"""Shared driver: for each loop of the given macros, the uses of one of its
variables after the loop (after.py), classified, written as TSV."""
import re
from collections import Counter
from sites import scan
from after import after_uses
from cscan import line_of

INSERT = re.compile(r'^(__)?list_(add|move|splice|cut|bulk_move|replace|swap|del|is_last|is_first|next|prev|for_each)\w*$|^list_add\w*_rcu$|^(__)?list_splice\w*$')
ENTRY = re.compile(r'list_entry|container_of|_entry\b|_entry_rcu')


def norm(s):
    return re.sub(r'\s+', '', s)


def classify(var, head, stmt, call):
    st = norm(stmt)
    v = re.escape(var)
    cmp_ = re.search(r'(?<![\w>.])' + v + r'(?:\s*[!=]=)|[!=]=\s*' + v + r'\b', stmt)
    if re.search(r'list_(entry_)?is_head\([^;]*\b' + v + r'\b', stmt):
        return 'cmp-head'
    if re.search(r'&' + v + r'->\w+\s*[!=]=|[!=]=\s*&' + v + r'->', stmt):
        return 'cmp-head' if head and norm(head) in st else 'cmp-addr'
    if cmp_:
        if head and norm(head) in st:
            return 'cmp-head'
        if re.search(r'(?<![\w>.])' + v + r'\s*[!=]=\s*NULL|NULL\s*[!=]=\s*' + v + r'\b', stmt):
            return 'cmp-null'
        return 'cmp-other'
    if re.search(r'!\s*' + v + r'\b|\bif\s*\(\s*' + v + r'\s*\)|&&\s*' + v + r'\b|\b' + v + r'\s*&&|\|\|\s*' + v + r'\b|\b' + v + r'\s*\|\||\?', stmt) and \
            not re.search(v + r'\s*->', stmt):
        return 'test'
    if call and INSERT.match(call):
        return 'list-op:' + call
    if call and ENTRY.search(call):
        return 'entry'
    if re.search(r'\b' + v + r'\s*->', stmt):
        return 'deref'
    if re.search(r'\breturn\b', stmt):
        return 'return'
    if call:
        return 'arg:' + call
    return 'other'


def run(names, pick, tsv, extra=None):
    """pick(rec) -> (var, head) ; writes tsv, returns rows."""
    rows = []
    for r in scan(names):
        var, head = pick(r)
        if not var or not re.fullmatch(r'[A-Za-z_]\w*', var):
            # a member or expression as the cursor: report, no after scan
            rows.append(dict(r=r, var=var, head=head, uses=[], kill=None,
                             cats=['cursor-expr']))
            continue
        uses, kill = after_uses(r, var)
        cats = [classify(var, head, st, call) for p, call, st in uses]
        rows.append(dict(r=r, var=var, head=head, uses=uses, kill=kill, cats=cats))
    with open(tsv, 'w') as f:
        f.write('area\tfile\tline\tfunc\tmacro\tvar\thead\tnuses\tfirst_use_line\tcats\tkilled_by\tfirst_use\n')
        for x in rows:
            r = x['r']
            u = x['uses']
            f.write('\t'.join(map(str, [
                r['area'], r['file'], r['line'], r['func'], r['name'], x['var'],
                norm(x['head'] or ''), len(u),
                line_of(r['code'], u[0][0]) if u else '',
                ','.join(sorted(set(x['cats']))),
                (x['kill'][0] + '@' + str(line_of(r['code'], x['kill'][1]))) if x['kill'] else '',
                norm(u[0][2])[:160] if u else ''])) + '\n')
    return rows


def summary(rows, names, out):
    by = Counter()
    withuse = Counter()
    cat = Counter()
    for x in rows:
        a = x['r']['area']
        n = x['r']['name']
        by[(n, a)] += 1
        if x['uses']:
            withuse[(n, a)] += 1
            for c in set(x['cats']):
                cat[(n, a, c.split(':')[0])] += 1
    out.write('%-40s %7s %7s %7s | loops with a use after the loop (kernel)\n' %
              ('macro', 'kernel', 'tools', 'scripts'))
    for n in names:
        out.write('%-40s %7d %7d %7d | %d\n' % (n, by[(n, 'kernel')], by[(n, 'tools')],
                                               by[(n, 'scripts')], withuse[(n, 'kernel')]))
    tot = sum(by[(n, 'kernel')] for n in names)
    tu = sum(withuse[(n, 'kernel')] for n in names)
    out.write('%-40s %7d %7d %7d | %d\n' % ('TOTAL', tot, sum(by[(n, 'tools')] for n in names),
                                           sum(by[(n, 'scripts')] for n in names), tu))
    out.write('\nkernel loops with a use after the loop, by kind of use (a loop can have several kinds):\n')
    kinds = Counter()
    for (n, a, c), v in cat.items():
        if a == 'kernel':
            kinds[c] += v
    for c, v in kinds.most_common():
        out.write('  %-12s %d\n' % (c, v))

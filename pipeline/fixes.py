#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""docs/fixes.md from docs/fixes.tsv: one line per site the fix patches
change, with totals per effect, category and subsystem.

  fixes.py TSV [ROWS] [SERIES_DIR]

TSV: file, line (pristine), function, category, fix, effect, patch
(subject), behaviour_kept, fixes, reason; one site per line after a
header.  effect is what the pristine code does, read against the whole
function: bug (misbehaves today on a reachable path), latent (correct
today, changes meaning with CONFIG_LIST_NOSPEC=y), latent-unreachable (the
same, on a path that cannot happen), harmless (the same result in both
settings); reason says why.  behaviour_kept: "yes", or what the fix
changes.  fixes: for a bug, 'SHA ("subject")' of the commit that brought
it, which the site's patch must carry as its Fixes: tag, or "unknown:"
and why none is given; "-" otherwise.
ROWS: the rows file of 'make compile-check' (build/compile-check/rows:
"file arch off on"), which gives the compile-checked column; without it
the column says "-".  With SERIES_DIR, a site whose patch subject is not
in the series, or a bug whose patch lacks its Fixes: tag, is an error:
the table must describe the series as it is.
"""

import collections
import csv
import os
import re
import sys


def kind(fix):
    """How a site was fixed, in the four words docs/fixes.md uses."""
    f = fix.lower()
    if f.startswith(('none', 'unchanged')):
        return 'left with invariant'
    if re.search(r'insert|position|list_head \*|next = head|resume|reset|list_add', f):
        return 'explicit position'
    if re.search(r'found|separate|iter\b|iterator|before break|=null unless|return|saved|save |flag|bool', f):
        return 'found variable'
    return 'rewritten test'


EFFECTS = ('bug', 'latent', 'latent-unreachable', 'harmless')
FIXES = re.compile(r'^([0-9a-f]{12}) \("(.+)"\)$')


def problems(sites):
    """One line per site whose effect columns are missing or malformed."""
    bad = []
    for s in sites:
        where = f'{s["file"]}:{s["line"]}'
        effect, fixes = s.get('effect') or '', (s.get('fixes') or '').strip()
        if effect not in EFFECTS:
            bad.append(f'{where}: effect "{effect}" is not one of {", ".join(EFFECTS)}')
        if not (s.get('reason') or '').strip():
            bad.append(f'{where}: no reason for its effect')
        if not (s.get('behaviour_kept') or '').strip():
            bad.append(f'{where}: behaviour_kept is empty (yes, or what the fix changes)')
        if effect == 'bug' and not (FIXES.match(fixes) or
                                    (fixes.startswith('unknown:') and len(fixes) > 9)):
            bad.append(f'{where}: a bug needs fixes \'SHA ("subject")\' or "unknown: why"')
        if effect != 'bug' and fixes != '-':
            bad.append(f'{where}: fixes is for bugs only; "-" for a {effect} site')
    return bad


def subsystem(path):
    parts = path.split('/')
    return '/'.join(parts[:2]) if len(parts) > 2 else parts[0]


def main(argv):
    if len(argv) < 2:
        print('usage: fixes.py TSV [ROWS] [SERIES_DIR]', file=sys.stderr)
        return 2
    with open(argv[1], encoding='utf-8') as f:
        sites = list(csv.DictReader(f, delimiter='\t'))
    for s in sites:
        s['patch'] = (s.get('patch') or '').strip() or '-'
    bad = problems(sites)
    if bad:
        print(f'fixes.py: error: {argv[1]}: {bad[0]}'
              + (f' (and {len(bad) - 1} more)' if len(bad) > 1 else '')
              + ': fill the effect columns', file=sys.stderr)
        return 1
    checked = {}
    if len(argv) > 2 and os.path.isfile(argv[2]):
        with open(argv[2], encoding='utf-8') as f:
            for ln in f:
                c = ln.split()
                if len(c) >= 3 and all(x == 'ok' for x in c[2:]):
                    checked[c[0]] = c[1]
    subjects = None
    if len(argv) > 3:
        subjects = {}
        for name in os.listdir(argv[3]):
            if name.endswith('.patch'):
                with open(os.path.join(argv[3], name), encoding='utf-8') as f:
                    text = f.read()
                m = re.search(r'^Subject: (?:\[PATCH[^\]]*\] )?(.*(?:\n .*)*)', text, re.M)
                if m:
                    subjects[' '.join(m.group(1).split())] = text
        missing = sorted({s['patch'] for s in sites if s['patch'] not in ('', '-')} - set(subjects))
        if missing:
            print(f'fixes.py: error: {argv[1]} names patches the series does not have: '
                  f'{"; ".join(missing)}: fix the TSV or the series', file=sys.stderr)
            return 1
        for s in sites:
            m = FIXES.match((s.get('fixes') or '').strip())
            if s['effect'] == 'bug' and m and s['patch'] in subjects:
                tag = f'Fixes: {m.group(1)} ("{m.group(2)}")'
                if tag not in subjects[s['patch']]:
                    print(f'fixes.py: error: {s["file"]}:{s["line"]} is a bug whose patch '
                          f'"{s["patch"]}" lacks "{tag}": add the tag to the patch',
                          file=sys.stderr)
                    return 1

    out = ['# Fixes: uses of list iterators after their loops', '',
           'Generated by `pipeline/fixes.py docs/fixes.tsv` from the sites the fix',
           'patches change (one line per site of `make scan`, pristine line numbers)',
           'and the last `make compile-check` rows.  Do not edit by hand.', '']
    cats = collections.Counter(s['category'] for s in sites)
    kinds = collections.Counter(kind(s['fix']) for s in sites)
    effects = collections.Counter(s['effect'] for s in sites)
    left = sum(1 for s in sites if s['patch'] == '-')
    out.append(f'{len(sites)} sites in {len({s["file"] for s in sites})} files, '
               f'{len({s["patch"] for s in sites} - {"-"})} patches; '
               f'{left} left unchanged (false positives, each with its reason).')
    out += ['', '| effect of the pristine code | sites | functions |', '| --- | ---: | ---: |']
    out += [f'| {e} | {effects[e]} | '
            f'{len({(s["file"], s["function"]) for s in sites if s["effect"] == e})} |'
            for e in EFFECTS]
    out += ['', '| category | sites |', '| --- | ---: |']
    out += [f'| {c} | {n} |' for c, n in sorted(cats.items())]
    out += ['', '| how | sites |', '| --- | ---: |']
    out += [f'| {k} | {n} |' for k, n in sorted(kinds.items())]
    subs = collections.Counter(subsystem(s['file']) for s in sites)
    out += ['', '| subsystem | sites |', '| --- | ---: |']
    out += [f'| {k} | {n} |' for k, n in sorted(subs.items())]
    out += ['', '| site | function | category | how | fix | effect | behaviour kept | '
            'compile-checked | patch | why |',
            '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |']
    for s in sorted(sites, key=lambda s: (s['file'], int(s['line']))):
        out.append(f'| {s["file"]}:{s["line"]} | `{s["function"]}()` | {s["category"]} | '
                   f'{kind(s["fix"])} | {s["fix"]} | {s["effect"]} | {s["behaviour_kept"]} | '
                   f'{checked.get(s["file"], "-")} | {s["patch"]} | {s["reason"]} |')
    print('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

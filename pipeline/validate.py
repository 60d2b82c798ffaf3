#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The verdict of one 'make validate' boot, and the table of several.

  validate.py row --label L --arch A --run R --console LOG --json JSON
                  [--build-s N] [--expect SUITES] [--timed-out] [--results FILE]
      Judges one boot: the KUnit results that 'kunit.py parse --json' wrote,
      the kernel's reports and the workload's "VALIDATE: " lines in the
      console log.  Prints one tab-separated row on stdout; with --results,
      appends "PASS|FAIL name" lines for 'make check'.  On failure, one line
      on stderr names what failed and the console log, and the exit is 1.

  validate.py table [ROWS_FILE]
      Prints rows (from row) as an aligned table.

  validate.py fragment --frag FILE --run full|off|core [--kconfig TEXT]
                       [--qemu NAME]
      The configuration fragment one run merges into the base: FILE's
      lines ("# include: OTHER.config" stands for OTHER's), then TEXT (the
      console options of kunit.py's qemu_configs/NAME.py), then, for the
      off run, CONFIG_LIST_NOSPEC=n.  A later setting of an option replaces
      an earlier one, so each option is set once.

A run fails on: a KUnit case that failed or a suite in --expect that did
not run; any Oops, BUG:, KASAN:, WARNING:, list_add/list_del corruption or
panic line; a workload step that failed; a workload that did not finish; a
missing power-off; a guest that had to be killed (--timed-out).
"""

import argparse
import os
import re
import sys

from verdict import kunit_cases

# Kernel reports, counted per console line.  A KASAN report's first line is
# "BUG: KASAN: ..." (or "KASAN: null-ptr-deref ..." from the x86 fault
# handler), so it counts as BUG: too: the columns are what the log says.
REPORTS = (
    ('oops', re.compile(r'\bOops\b')),
    ('bug', re.compile(r'\bBUG: ')),
    ('kasan', re.compile(r'\bKASAN: ')),
    ('warning', re.compile(r'\bWARNING: ')),
    ('listcorrupt', re.compile(r'\blist_(?:add|del) corruption')),
    ('panic', re.compile(r'Kernel panic - not syncing')),
)
# Where the first report happened: x86 "RIP: 0010:func+0x12/0x40",
# arm64 "pc : func+0x12/0x40".
WHERE = re.compile(r'(?:RIP: [0-9a-f]{4}:|\bpc : )([A-Za-z_][\w.]*)\+0x')
# The KASAN line names the function too: "BUG: KASAN: ... in func+0x".
KASAN_IN = re.compile(r'KASAN: [\w-]+ in ([A-Za-z_][\w.]*)\+0x')
MARK = re.compile(r'VALIDATE: (.*)$')
POWER_OFF = re.compile(r'reboot: Power down|reboot: System halted')

COLUMNS = ('arch', 'run', 'build', 'boot', 'workload', 'kunit', 'oops', 'bug',
           'kasan', 'warning', 'listcorrupt', 'fixed-ran', 'verdict', 'first')


def read_console(path):
    """Counts of each report, the marks, and where the first report was."""
    counts = {name: 0 for name, _ in REPORTS}
    marks = []
    first = None
    power_off = False
    seen_report = False
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            hit = False
            for name, rx in REPORTS:
                if rx.search(line):
                    counts[name] += 1
                    hit = True
            if hit and not first:
                m = KASAN_IN.search(line)
                if m:
                    first = m.group(1)
            if hit:
                seen_report = True
            if seen_report and not first:
                m = WHERE.search(line)
                if m:
                    first = m.group(1)
            m = MARK.search(line)
            if m:
                marks.append(m.group(1).strip())
            if POWER_OFF.search(line):
                power_off = True
    return counts, marks, first, power_off


def mark_time(marks, prefix):
    """The t= value of the first mark that starts with prefix, or None."""
    for m in marks:
        if m.startswith(prefix):
            t = re.search(r't=([0-9.]+)', m)
            if t:
                return float(t.group(1))
    return None


def judge(args):
    problems = []
    results = []
    label = args.label

    found, bad_json = kunit_cases(args.json, label)
    if bad_json:
        problems.append(bad_json)
    suites = {}
    for status, name, suite in found:
        suites.setdefault(suite, []).append(status)
        results.append((status, name))
    kpass = sum(s.count('PASS') for s in suites.values())
    kfail = sum(s.count('FAIL') for s in suites.values())
    if kfail:
        problems.append(f'{kfail} KUnit case(s) failed')
    for want in filter(None, args.expect.split(',')):
        if want not in suites:
            problems.append(f'KUnit suite {want} did not run')
            results.append(('FAIL', f'{label}:{want}'))

    try:
        counts, marks, first, power_off = read_console(args.console)
    except OSError:
        counts, marks, first, power_off = {n: 0 for n, _ in REPORTS}, [], None, False
        problems.append('console log missing')

    for name, _ in REPORTS:
        if counts[name]:
            problems.append(f'{counts[name]} {name} line(s)')
    failed_steps = [m[len('step '):] for m in marks
                    if m.startswith('step ') and ' failed' in m]
    for s in failed_steps:
        problems.append(f'workload step {s}')
    boot = mark_time(marks, 'init ')
    start = mark_time(marks, 'workload start')
    end = mark_time(marks, 'workload end')
    done = mark_time(marks, 'done ')
    if boot is None:
        problems.append('init never ran')
    elif done is None:
        problems.append('workload did not finish')
    if args.timed_out:
        problems.append('guest hung: killed at the timeout')
    elif not power_off:
        problems.append('no power-off')
    cov = next((m for m in marks if re.match(r'coverage \d+/\d+ ran', m)), None)
    fixed = cov.split()[1] if cov else '-'
    if cov is None and not problems:
        problems.append('no coverage report')

    verdict = 'FAIL' if problems else 'PASS'
    results.append((verdict, f'{label}:boot-clean'))
    row = {
        'arch': args.arch,
        'run': args.run,
        'build': f'{args.build_s // 60}m{args.build_s % 60:02d}s' if args.build_s is not None else '-',
        'boot': f'{boot:.1f}s' if boot is not None else '-',
        'workload': f'{end - start:.1f}s' if start is not None and end is not None else '-',
        'kunit': f'{kpass}/{kfail}',
        **{k: str(counts[k]) for k in ('oops', 'bug', 'kasan', 'warning', 'listcorrupt')},
        'fixed-ran': fixed,
        'verdict': verdict,
        'first': first or '-',
    }
    print('\t'.join(row[c] for c in COLUMNS))
    if args.results:
        with open(args.results, 'a', encoding='utf-8') as f:
            for status, name in results:
                f.write(f'{status} {name}\n')
    if problems:
        where = f' (first in {first})' if first else ''
        print(f'{label}: FAIL: {"; ".join(problems)}{where}; console log: {args.console}',
              file=sys.stderr)
        return 1
    return 0


def table(path):
    rows = [COLUMNS]
    with (open(path, encoding='utf-8') if path else sys.stdin) as f:
        for line in f:
            cells = line.rstrip('\n').split('\t')
            if len(cells) == len(COLUMNS):
                rows.append(tuple(cells))
    heads = {'kunit': 'kunit p/f', 'listcorrupt': 'list-corrupt'}
    rows[0] = tuple(heads.get(c, c) for c in COLUMNS)
    width = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
    for r in rows:
        print('  '.join(c.ljust(width[i]) for i, c in enumerate(r)).rstrip())
    return 0


OPTION = re.compile(r'^(?:# )?(CONFIG_\w+)(?:=| is not set)')


def read_fragment(path, depth=0):
    """The lines of a fragment, each "# include: NAME" replaced by the
    lines of NAME (beside it, without its "# base:" line)."""
    out = []
    with open(path) as f:
        for line in f.read().splitlines():
            inc = re.match(r'# include:\s*(\S+)', line)
            if not inc:
                out.append(line)
                continue
            if depth > 4:
                raise ValueError(f'{path}: includes nest too deep')
            sub = os.path.join(os.path.dirname(path), inc.group(1))
            out += [ln for ln in read_fragment(sub, depth + 1)
                    if not ln.startswith('# base:')]
    return out


def fragment(args):
    lines = read_fragment(args.frag)
    lines.append(f"# the console, from kunit.py's qemu_configs/{args.qemu}.py")
    if args.kconfig.strip():
        lines += args.kconfig.strip().splitlines()
    if args.run == 'off':
        lines.append('CONFIG_LIST_NOSPEC=n')
    # A later setting of an option replaces an earlier one: each is set once.
    last = {}
    for i, line in enumerate(lines):
        m = OPTION.match(line)
        if m:
            last[m.group(1)] = i
    for i, line in enumerate(lines):
        m = OPTION.match(line)
        if not m or last[m.group(1)] == i:
            print(line)
    return 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('row')
    r.add_argument('--label', required=True)
    r.add_argument('--arch', required=True)
    r.add_argument('--run', required=True)
    r.add_argument('--console', required=True)
    r.add_argument('--json', required=True)
    r.add_argument('--build-s', type=int)
    r.add_argument('--expect', default='')
    r.add_argument('--timed-out', action='store_true')
    r.add_argument('--results')
    t = sub.add_parser('table')
    t.add_argument('rows', nargs='?')
    f = sub.add_parser('fragment')
    f.add_argument('--frag', required=True)
    f.add_argument('--run', required=True, choices=('full', 'off', 'core'))
    f.add_argument('--kconfig', default='')
    f.add_argument('--qemu', default='ARCH')
    args = ap.parse_args(argv[1:])
    if args.cmd == 'row':
        return judge(args)
    if args.cmd == 'fragment':
        try:
            return fragment(args)
        except OSError as e:
            print(f'validate.py: error: {e.filename}: {e.strerror}', file=sys.stderr)
            return 1
        except ValueError as e:
            print(f'validate.py: error: {e}', file=sys.stderr)
            return 1
    return table(args.rows)


if __name__ == '__main__':
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Read the 'make icount' boots: one row per boot, then a table.

  icount.py row --run on|off --rep N --console LOG --insns PLUGIN_LOG
      One tab-separated line: run, rep, kernel and lower-half instructions
      between the plugin's first and last marks, and the kernel
      instructions of each workload step (NAME=COUNT, comma-separated).
      /init marks the start of the workload, the end of each step and the
      end of the workload, so a boot of N steps has N + 2 marks.  Exits 1
      with a one-line error when the boot did not run the whole workload
      (no "done", a failed step, an oops) or the marks do not match the
      steps.
  icount.py table ROWS
      Every boot, each step's kernel instructions (median over the boots
      of each kernel, on over off, and how far the boots of one kernel
      spread), then the kernel instructions with the option on over off
      (median of the per-repetition ratios, and their range).
"""
import argparse
import os
import re
import statistics
import sys

# The console is read the way 'make validate' reads it: the same reports,
# the same "VALIDATE: " marks, the same power-off line.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'pipeline'))
from validate import read_console  # noqa: E402

MARK = re.compile(r'^insns: mark (\d+) kernel (\d+) user (\d+)$')


def fail(msg):
    print(f'icount.py: error: {msg}', file=sys.stderr)
    sys.exit(1)


def plugin_marks(path):
    got = []
    with open(path, errors='replace') as f:
        for line in f:
            m = MARK.match(line.strip())
            if m:
                got.append((int(m.group(2)), int(m.group(3))))
    return got


def row(args):
    who = f'{args.run} {args.rep}'
    counts, console_marks, first, power_off = read_console(args.console)
    reports = [f'{n} {name} line(s)' for name, n in counts.items() if n]
    if reports:
        where = f' (first in {first})' if first else ''
        fail(f'{who}: the kernel reported {", ".join(reports)}{where}: see {args.console}')
    for m in console_marks:
        if m.startswith('step ') and ' failed' in m:
            fail(f'{who}: a workload step failed ({m[:80]}): see {args.console}')
    if not any(m.startswith('done ') for m in console_marks):
        fail(f'{who}: the workload did not finish (no "VALIDATE: done"): see {args.console}')
    if 'coverage off: instruction count run' not in console_marks:
        fail(f'{who}: /init did not see nsv.icount on the command line: see {args.console}')
    if not power_off:
        fail(f'{who}: the guest did not power off: see {args.console}')
    steps = [c.split()[1] for c in console_marks if c.startswith('step ')]
    m = plugin_marks(args.insns)
    if len(m) != len(steps) + 2:
        fail(f'{who}: the plugin saw {len(m)} marks, not {len(steps) + 2} (one before the workload, '
             f'one after each of its {len(steps)} steps, one after it: is /bin/nsvmark in the initrd, '
             f'and /init from this tree?): see {args.insns}')
    (k0, u0), (k1, u1) = m[0], m[-1]
    per_step = ','.join(f'{name}={m[i + 1][0] - m[i][0]}' for i, name in enumerate(steps))
    print(f'{args.run}\t{args.rep}\t{k1 - k0}\t{u1 - u0}\t{per_step}')


def spread(values):
    """How far apart the boots of one kernel are: (max - min) / median."""
    return (max(values) - min(values)) / statistics.median(values)


def step_table(steps):
    """steps: {(run, rep): [(name, count), ...]}, every boot with the same steps."""
    names = {tuple(n for n, _ in v) for v in steps.values()}
    if len(names) != 1:
        fail('the boots ran different workload steps: compare boots of one /init')
    per = {(run, name): [] for run in ('off', 'on') for name in next(iter(names))}
    for (run, _), v in steps.items():
        for name, count in v:
            per[(run, name)].append(count)
    print(f'{"step":<10} {"off (median)":>15} {"on (median)":>15} {"on/off":>7} '
          f'{"off spread":>10} {"on spread":>10}')
    for name in next(iter(names)):
        off, on = per[('off', name)], per[('on', name)]
        if not off or not on:
            continue
        ratio = statistics.median(on) / statistics.median(off) if statistics.median(off) else float('nan')
        print(f'{name:<10} {statistics.median(off):>15,.0f} {statistics.median(on):>15,.0f} '
              f'{ratio:>7.4f} {spread(off):>9.2%} {spread(on):>9.2%}')


def table(args):
    boots, steps = {}, {}
    with open(args.rows) as f:
        for line in f:
            run, rep, kern, user, *rest = line.rstrip('\n').split('\t')
            boots[(run, int(rep))] = (int(kern), int(user))
            if rest and rest[0]:
                steps[(run, int(rep))] = [(n, int(c)) for n, c in
                                          (kv.split('=') for kv in rest[0].split(','))]
    if not boots:
        fail(f'{args.rows} holds no boot')
    print(f'{"run":<4} {"rep":>3} {"kernel insns":>15} {"lower-half insns":>17}')
    for (run, rep), (kern, user) in sorted(boots.items(), key=lambda b: (b[0][1], b[0][0] != 'off')):
        print(f'{run:<4} {rep:>3} {kern:>15,} {user:>17,}')
    if steps and len(steps) == len(boots):
        print()
        step_table(steps)
        print()
    ratios = [boots[('on', r)][0] / boots[('off', r)][0]
              for (run, r) in boots if run == 'on' and ('off', r) in boots]
    if not ratios:
        fail('no repetition has both an on and an off boot')
    print(f'kernel instructions, option on / off: {statistics.median(ratios):.4f} '
          f'(median of {len(ratios)}; range {min(ratios):.4f}-{max(ratios):.4f})')


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('row')
    r.add_argument('--run', required=True, choices=('on', 'off'))
    r.add_argument('--rep', required=True, type=int)
    r.add_argument('--console', required=True)
    r.add_argument('--insns', required=True)
    t = sub.add_parser('table')
    t.add_argument('rows')
    args = p.parse_args()
    try:
        (row if args.cmd == 'row' else table)(args)
    except OSError as e:
        fail(f'{e.filename}: {e.strerror}')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Read the 'make icount' boots: one row per boot, then a table.

  icount.py row --run on|off|NAME --rep N --console LOG --insns PLUGIN_LOG
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
      (median of the per-repetition ratios, and their range).  A run of
      another NAME (ICOUNT_VARIANT) is compared with off and with on.
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


def run_order(runs):
    """off, on, then the other runs by name."""
    return sorted(runs, key=lambda r: ({'off': 0, 'on': 1}.get(r, 2), r))


def step_table(steps):
    """steps: {(run, rep): [(name, count), ...]}, every boot with the same steps."""
    names = {tuple(n for n, _ in v) for v in steps.values()}
    if len(names) != 1:
        fail('the boots ran different workload steps: compare boots of one /init')
    names = next(iter(names))
    runs = run_order({run for run, _ in steps})
    if 'off' not in runs:
        return
    per = {(run, name): [] for run in runs for name in names}
    for (run, _), v in steps.items():
        for name, count in v:
            per[(run, name)].append(count)
    others = [r for r in runs if r != 'off']
    print(f'{"step":<10} ' + ' '.join(f'{r + " (median)":>15}' for r in runs) + ' ' +
          ' '.join(f'{r + "/off":>9}' for r in others) + ' ' +
          ' '.join(f'{r + " spread":>10}' for r in runs))
    for name in names:
        med = {r: statistics.median(per[(r, name)]) for r in runs}
        ratio = ' '.join(f'{med[r] / med["off"]:>9.4f}' if med['off'] else f'{"-":>9}' for r in others)
        print(f'{name:<10} ' + ' '.join(f'{med[r]:>15,.0f}' for r in runs) + ' ' + ratio + ' ' +
              ' '.join(f'{spread(per[(r, name)]):>10.2%}' for r in runs))


def ratio_line(boots, num, den):
    ratios = [boots[(num, r)][0] / boots[(den, r)][0]
              for (run, r) in boots if run == num and (den, r) in boots]
    if not ratios:
        return None
    what = 'option on / off' if (num, den) == ('on', 'off') else f'{num} / {den}'
    return (f'kernel instructions, {what}: {statistics.median(ratios):.4f} '
            f'(median of {len(ratios)}; range {min(ratios):.4f}-{max(ratios):.4f})')


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
    runs = run_order({run for run, _ in boots})
    width = max(4, *(len(r) for r in runs))
    print(f'{"run":<{width}} {"rep":>3} {"kernel insns":>15} {"lower-half insns":>17}')
    for (run, rep), (kern, user) in sorted(boots.items(), key=lambda b: (b[0][1], runs.index(b[0][0]))):
        print(f'{run:<{width}} {rep:>3} {kern:>15,} {user:>17,}')
    if steps and len(steps) == len(boots):
        print()
        step_table(steps)
        print()
    main_line = ratio_line(boots, 'on', 'off')
    if not main_line:
        fail('no repetition has both an on and an off boot')
    print(main_line)
    for other in runs[2:] if runs[:2] == ['off', 'on'] else []:
        for den in ('off', 'on'):
            line = ratio_line(boots, other, den)
            if line:
                print(line)


def run_name(name):
    if not re.fullmatch(r'[a-z][a-z0-9-]*', name):
        raise argparse.ArgumentTypeError(f"'{name}' is not a run name: on, off or a lower-case NAME")
    return name


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('row')
    r.add_argument('--run', required=True, type=run_name)
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

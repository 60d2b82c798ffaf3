#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn one kunit.py run into a verdict.

Reads the JSON that 'kunit.py run --json' wrote (kunit.py parsed the KTAP)
and the raw console log, prints a table of suites (passed, failed, skipped)
and exits non-zero when a test failed, an expected suite is missing, no test
ran at all, or the console shows a panic, oops or BUG.

With --results FILE, one line per test case ("PASS|FAIL|SKIP name") is
appended to FILE so that 'make check' can count them.
"""

import argparse
import json
import re
import sys

CRASH = re.compile(r'Kernel panic|Oops[:\s]|BUG: |general protection fault|'
                   r'Unable to handle kernel|kernel BUG at')


def walk(group, prefix=''):
    """Yield (suite, case, status) for every test case under group."""
    name = group.get('name', '')
    for case in group.get('test_cases', []):
        yield name, case['name'], case['status']
    for sub in group.get('sub_groups', []):
        yield from walk(sub, prefix)


def kunit_cases(path, label):
    """The test cases of kunit.py's JSON at path, as (status, name, suite)
    with status PASS, SKIP or FAIL (anything else counts as FAIL) and name
    "label:suite.case"; and why the JSON could not be read, or None."""
    try:
        with open(path, encoding='utf-8') as f:
            top = json.load(f)
    except (OSError, ValueError) as e:
        return [], f'no KUnit results ({e.__class__.__name__}: {e})'
    return [(status if status in ('PASS', 'SKIP') else 'FAIL', f'{label}:{suite}.{case}', suite)
            for suite, case, status in walk(top)], None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--label', required=True, help='name of this run')
    ap.add_argument('--json', required=True, help="kunit.py's --json output")
    ap.add_argument('--console', required=True, help='raw console log')
    ap.add_argument('--expect', default='',
                    help='comma-separated suites that must have run')
    ap.add_argument('--results', help='append per-case results here')
    args = ap.parse_args()

    problems = []
    found, bad_json = kunit_cases(args.json, args.label)
    if bad_json:
        problems.append(bad_json)
    suites = {}
    cases = []
    for status, name, suite in found:
        suites.setdefault(suite, {'PASS': 0, 'FAIL': 0, 'SKIP': 0})[status] += 1
        cases.append((status, name))

    for want in filter(None, args.expect.split(',')):
        if want not in suites:
            problems.append(f'suite {want} did not run')
            cases.append(('FAIL', f'{args.label}:{want}'))
    if not bad_json and not cases:
        problems.append('no test case ran')

    try:
        with open(args.console, encoding='utf-8', errors='replace') as f:
            crash = [ln.strip() for ln in f if CRASH.search(ln)]
    except OSError:
        crash = ['console log missing']
    if crash:
        problems.append(f'kernel crashed: {crash[0][:100]}')

    print(f'{"run":<22} {"suite":<24} {"passed":>6} {"failed":>6} {"skipped":>7}')
    for suite, c in sorted(suites.items()):
        print(f'{args.label:<22} {suite:<24} {c["PASS"]:>6} {c["FAIL"]:>6} {c["SKIP"]:>7}')

    if args.results:
        with open(args.results, 'a', encoding='utf-8') as f:
            for status, name in cases:
                f.write(f'{status} {name}\n')

    failed = sum(c['FAIL'] for c in suites.values())
    if failed:
        problems.insert(0, f'{failed} test case(s) failed')
    if problems:
        print(f'{args.label}: FAILED: {"; ".join(problems)}; '
              f'console log: {args.console}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Facts about the patch series that 'make validate' and 'make compile-check'
need, read from the format-patch files themselves.

  series.py fixes PATCH...      the fix patches: those before the first core
                                patch (one that touches a core file below)
  series.py core PATCH...       the core patches: that one and all after it,
                                less the conversions
  series.py conversions PATCH...  the conversion patches: after the first
                                core patch, those that change only callers
                                (no header under include/, no lib/, scripts/
                                or tools/ file)
  series.py files PATCH...      the .c files the patches change, once each
  series.py functions PATCH...  the C functions the patches change, once each
  series.py core-files          the files that make a patch a core patch

The series puts its fix patches first (fix the users, then change the
iterators), so "everything before the first patch that touches the
iterators' headers" is exactly the fix set.  After the core it converts
callers to the _scoped iterators (kernel/, mm/): those conversion patches
need the fix patches below them (they touch the same files), so the
core-only control run of 'make validate' must leave them out.  'check'
fails when no patch is a core patch.
"""

import re
import sys

# A patch touching one of these is part of the series' core.
# The selects live in the barrier headers since 2026-12-06 (patch 116 adds
# the generic ones to asm-generic/barrier.h, 117-118 the x86 and arm64 ones).
CORE_FILES = ('include/linux/nospec.h', 'include/linux/list.h',
              'include/linux/rculist.h', 'include/linux/list_nospec.h',
              'include/asm-generic/barrier.h',
              'arch/x86/include/asm/barrier.h',
              'arch/arm64/include/asm/barrier.h')

DIFF_FILE = re.compile(r'^\+\+\+ b/(\S+)')
HUNK = re.compile(r'^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$')
# A function definition's first line in kernel style: at column 0, an
# identifier (after return type and qualifiers) followed by "(", not a
# declaration (";") and not an initialiser ("=").
FUNC = re.compile(r'^(?!(?:if|for|while|switch|return|else|do)\b)'
                  r'(?:[A-Za-z_][^;=(]*?[\s*])?([A-Za-z_]\w*)\s*\(')


def files_of(path):
    """The files one patch changes (post-image names)."""
    out = []
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = DIFF_FILE.match(line)
            if m:
                out.append(m.group(1))
    return out


def is_core(path):
    return any(f in CORE_FILES for f in files_of(path))


# After the first core patch, a patch that changes only C files outside
# these is a conversion of callers, not part of the iterators themselves
# (a Kconfig file or a header under include/ is the core's).
CORE_DIRS = re.compile(r'^(?:include/|arch/[^/]+/include/|lib/|scripts/|tools/)')


def is_conversion(path):
    files = files_of(path)
    return bool(files) and all(f.endswith(('.c', '.h')) and not CORE_DIRS.match(f)
                               for f in files)


def split(patches):
    """(fixes, core): the patches before the first core patch, the rest."""
    for i, p in enumerate(patches):
        if is_core(p):
            return patches[:i], patches[i:]
    return list(patches), []


def func_name(line):
    """The function a column-0 definition line starts, or None."""
    if not line or line[0] in ' \t#{}/*':
        return None
    if line.rstrip().endswith(';'):
        return None
    m = FUNC.match(line)
    return m.group(1) if m else None


def functions_of(path):
    """(file, function) for every function whose body a patch changes.

    A hunk's header names the last definition line before it; definition
    lines inside the hunk (context or added) take over from there, so a
    change is charged to the function it sits in.
    """
    out = []
    cur_file = None
    cur_func = None
    in_hunk = False
    with open(path, encoding='utf-8', errors='replace') as f:
        for raw in f:
            line = raw.rstrip('\n')
            m = DIFF_FILE.match(line)
            if m:
                cur_file = m.group(1)
                in_hunk = False
                continue
            if line.startswith('diff --git') or line == '-- ':
                in_hunk = False
                continue
            m = HUNK.match(line)
            if m:
                in_hunk = True
                cur_func = func_name(m.group(1))
                continue
            if not in_hunk or not cur_file or not cur_file.endswith('.c'):
                continue
            body = line[1:]
            if line[:1] in (' ', '+'):
                name = func_name(body)
                if name:
                    cur_func = name
            if line[:1] in ('+', '-') and cur_func and body.strip():
                if (cur_file, cur_func) not in out:
                    out.append((cur_file, cur_func))
            if line[:1] == ' ' and body.startswith('}'):
                # The function ended in context: later changes are not in it.
                cur_func = None
    return out


def main(argv):
    if len(argv) < 2 or argv[1] not in ('fixes', 'core', 'conversions', 'files',
                                        'functions', 'check', 'core-files'):
        print('usage: series.py fixes|core|conversions|files|functions|check PATCH...'
              ' | core-files',
              file=sys.stderr)
        return 2
    if argv[1] == 'core-files':
        print('\n'.join(CORE_FILES))
        return 0
    cmd, patches = argv[1], argv[2:]
    fixes, core = split(patches)
    if cmd == 'fixes':
        print('\n'.join(fixes))
    elif cmd == 'core':
        print('\n'.join(p for p in core if not is_conversion(p)))
    elif cmd == 'conversions':
        print('\n'.join(p for p in core if is_conversion(p)))
    elif cmd == 'files':
        seen = []
        for p in patches:
            for f in files_of(p):
                if f.endswith('.c') and f not in seen:
                    seen.append(f)
        print('\n'.join(seen))
    elif cmd == 'functions':
        seen = []
        for p in patches:
            for _, fn in functions_of(p):
                if fn not in seen:
                    seen.append(fn)
        print('\n'.join(seen))
    elif cmd == 'check':
        if not core:
            print('series.py: error: no core patch (none touches '
                  f'{", ".join(CORE_FILES)}): is this the nospec-list series?',
                  file=sys.stderr)
            return 1
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except BrokenPipeError:
        sys.exit(1)

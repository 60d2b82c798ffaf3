#!/usr/bin/env python3
"""The macro names of a C header, for tests/measure/test-mirror.sh.

  names.py defines FILE           every macro FILE defines, one per line
  names.py defines --nospec FILE  only those defined where CONFIG_LIST_NOSPEC
                                  is set (an #ifdef CONFIG_LIST_NOSPEC
                                  branch, or the #else of an #ifndef)
  names.py uses REGEX FILE        every identifier of FILE that REGEX
                                  matches in full (comments included)

Sorted, unique.  A missing or unreadable FILE is a one-line error.
"""
import re
import sys

DIRECTIVE = re.compile(r'^\s*#\s*(\w+)\s*(.*)$')
DEFINE = re.compile(r'^(\w+)')
IDENT = re.compile(r'\b[A-Za-z_]\w*\b')


def fail(msg):
    sys.stderr.write('names.py: error: %s\n' % msg)
    sys.exit(1)


def read(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read()
    except OSError as e:
        fail('cannot read %s: %s' % (path, e.strerror))


def logical_lines(text):
    """The lines of text with backslash continuations joined."""
    out, cur = [], ''
    for line in text.split('\n'):
        if line.endswith('\\'):
            cur += line[:-1] + ' '
            continue
        out.append(cur + line)
        cur = ''
    if cur:
        out.append(cur)
    return out


def nospec_when(kind, cond):
    """For an opening conditional: True when its first branch is the one
    with CONFIG_LIST_NOSPEC set, False when it is the one without, None
    when the conditional does not test the option."""
    if 'CONFIG_LIST_NOSPEC' not in cond:
        return None
    if kind == 'ifdef':
        return True
    if kind == 'ifndef':
        return False
    # #if / #elif: defined(CONFIG_LIST_NOSPEC), IS_ENABLED(...), negated or not
    negated = re.search(r'!\s*(defined\s*\(?\s*|IS_ENABLED\s*\(\s*)?CONFIG_LIST_NOSPEC', cond)
    return not negated


def defines(text, nospec_only):
    names = set()
    # a stack of [tests the option?, first-branch-is-nospec, in else?]
    stack = []
    for line in logical_lines(text):
        m = DIRECTIVE.match(line)
        if not m:
            continue
        kind, rest = m.group(1), m.group(2)
        if kind in ('if', 'ifdef', 'ifndef'):
            stack.append([nospec_when(kind, rest), False])
        elif kind == 'elif':
            if stack:
                stack[-1] = [nospec_when('if', rest), False]
        elif kind == 'else':
            if stack:
                stack[-1][1] = True
        elif kind == 'endif':
            if stack:
                stack.pop()
        elif kind == 'define':
            d = DEFINE.match(rest)
            if not d:
                continue
            if nospec_only:
                on = any(first is not None and first != in_else
                         for first, in_else in stack)
                if not on:
                    continue
            names.add(d.group(1))
    return names


def main(argv):
    if len(argv) >= 2 and argv[0] == 'defines':
        nospec = argv[1] == '--nospec'
        files = argv[2:] if nospec else argv[1:]
        if len(files) != 1:
            fail('usage: names.py defines [--nospec] FILE')
        names = defines(read(files[0]), nospec)
    elif len(argv) == 3 and argv[0] == 'uses':
        try:
            rx = re.compile(argv[1])
        except re.error as e:
            fail('bad REGEX %r: %s' % (argv[1], e))
        names = {w for w in IDENT.findall(read(argv[2])) if rx.fullmatch(w)}
    else:
        fail('usage: names.py defines [--nospec] FILE | names.py uses REGEX FILE')
    for n in sorted(names):
        print(n)


if __name__ == '__main__':
    main(sys.argv[1:])

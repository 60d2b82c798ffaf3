#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Which architecture builds a kernel source file, read from Kbuild.

  kbuild_arch.py guards TREE FILE
      The CONFIG_ symbols that Kbuild needs set for FILE's object to be
      built: the obj-$(CONFIG_X) (or composite foo-$(CONFIG_X)) line that
      names it in its directory's Makefile, then the line that descends
      into each directory above it.
  kbuild_arch.py pick TREE FILE ARCH=CONFIG...
      The first ARCH (in the order given) whose .config (an allmodconfig,
      say) sets every guard to y or m; "arch/NAME/..." files go to their own
      architecture; a file no Makefile names but another .c file #includes
      (a selftest) is built through that file.  Prints "ARCH" (or "ARCH
      INCLUDER") or, on failure, one error line and exits 1.

Only Makefile lines are read (no Kconfig evaluation): a guard is whatever
symbol Kbuild tests, and the .config says whether Kconfig allowed it.
"""

import os
import re
import sys

# arch/ directory -> the ARCH= value compile-check uses for it.
ARCH_DIRS = {'x86': 'x86_64', 'arm64': 'arm64', 'arm': 'arm', 'powerpc': 'powerpc',
             'mips': 'mips', 's390': 's390', 'riscv': 'riscv'}

# target-y, target-m, target-objs or target-$(CONFIG_X) (also ${CONFIG_X},
# $(subst m,y,$(CONFIG_X)) and $(CONFIG_A)$(CONFIG_B), "either").
ASSIGN = re.compile(r'^\s*([A-Za-z0-9_.-]+)-(y|m|objs|(?:\$[({][^=]*?CONFIG_[A-Za-z0-9_]+[)}]+)+)'
                    r'\s*[:+?]?=\s*(.*)$')
CONFIG_SYM = re.compile(r'CONFIG_[A-Za-z0-9_]+')
# A plain variable holding a list of objects: HL_COMMON_FILES := common/a.o
VARIABLE = re.compile(r'^\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:+?]?=\s*(.*)$')
INCLUDE = re.compile(r'^\s*-?include\s+\$[({](?:src|srctree|obj)[)}]/(\S+)')
ADDPREFIX = re.compile(r'\$\(addprefix\s+([^,\s]*)\s*,([^)]*)\)')


def read_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = re.sub(r'\\\n', ' ', f.read())
    return [ln.split('#', 1)[0] for ln in text.splitlines()]


def makefile_lines(d):
    """Logical lines of directory d's Kbuild or Makefile (continuations
    joined, comments dropped), with "include $(src)/..." files inlined
    ($(src) is d at every level of include)."""
    for name in ('Kbuild', 'Makefile'):
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return expand_includes(d, read_lines(p))
    return []


def expand_includes(d, lines, depth=0):
    out = []
    for ln in lines:
        m = INCLUDE.match(ln)
        if m and depth < 8:
            inc = os.path.join(d, m.group(1))
            if os.path.isfile(inc):
                out += expand_includes(d, read_lines(inc), depth + 1)
            continue
        out.append(ln)
    return out


def items_of(rhs):
    """The words of a right-hand side, $(addprefix P, a b) expanded."""
    rhs = ADDPREFIX.sub(lambda m: ' '.join(m.group(1) + w for w in m.group(2).split()), rhs)
    return rhs.split()


def rules(d):
    """(target, guards, item) for each assignment in d's Makefile, guards
    being the CONFIG_ symbols any one of which enables it (empty: always);
    a plain variable's items come with target "$(NAME)"."""
    out = []
    for ln in makefile_lines(d):
        m = ASSIGN.match(ln)
        if m:
            target, kind, rhs = m.groups()
            syms = tuple(CONFIG_SYM.findall(kind))
            for item in items_of(rhs):
                out.append((target, syms, item))
            continue
        m = VARIABLE.match(ln)
        if m:
            for item in items_of(m.group(2)):
                out.append(('$(' + m.group(1) + ')', (), item))
    return out


def guards_for_item(d, item, seen=None):
    """Ways that bring item (an object "x.o" or a subdir "x/") into d's build.

    Returns a list of guard sets, one per way the item is reached (any one
    suffices), or [] when d's Makefile does not name it.  A composite
    object (foo-y += item) is followed to foo.o, and a list variable
    (foo-y += item, then bar-y += $(foo-y)) to where it is used.
    """
    seen = seen if seen is not None else set()
    if (d, item) in seen:
        return []
    seen.add((d, item))
    ways = []
    for target, syms, it in rules(d):
        if it != item:
            continue
        bases = [frozenset([g]) for g in syms] or [frozenset()]
        if target in ('obj', 'lib'):
            ways += bases
        elif target in ('subdir', 'always', 'targets', 'extra', 'hostprogs', 'userprogs'):
            continue
        elif target.startswith('$('):
            ways += guards_for_item(d, target, seen)
        else:
            via = guards_for_item(d, target + '.o', seen)
            via += guards_for_item(d, f'$({target}-y)', seen)
            ways += [b | w for b in bases for w in via]
    return ways


def minimal(ways):
    """Drop duplicate and superset alternatives; the rest in a stable order
    (fewest symbols first, then by name), whatever the hash seed."""
    out = []
    for w in sorted(set(ways), key=lambda w: (len(w), sorted(w))):
        if not any(o <= w for o in out):
            out.append(w)
    return out


def guards(tree, path):
    """The alternative guard sets that build path (walking up to the top),
    or None when no Makefile names its object."""
    rel = os.path.normpath(path)
    d, fname = os.path.split(rel)
    item = os.path.splitext(fname)[0] + '.o'
    alts = [frozenset()]
    while True:
        ways = []
        # An object may also be named from a Makefile above its directory
        # ("gem/i915_gem_execbuffer.o" in drivers/gpu/drm/i915/Makefile).
        dd, it = d, item
        while True:
            ways = guards_for_item(os.path.join(tree, dd), it)
            if ways or not dd:
                break
            dd, sub = os.path.split(dd)
            it = sub + '/' + it
        if not ways:
            if item.endswith('.o'):
                return None	# no Makefile builds the file itself
            # A directory no Makefile names by a rule read here: the top
            # level's (core-y, arch/NAME) or an unusual spelling; the
            # compile itself tells if it is not descended after all.
            break
        alts = minimal([a | w for a in alts for w in ways])
        if dd == '':
            break
        parent, sub = os.path.split(dd)
        d, item = parent, sub + '/'
    return alts


def includer(tree, path):
    """A .c file of the same or a parent directory that #includes path
    (selftests built into their subject), or None."""
    d, fname = os.path.split(os.path.normpath(path))
    up, rel = d, fname
    for _ in range(3):
        pat = re.compile(r'^\s*#\s*include\s+"' + re.escape(rel) + '"', re.M)
        full = os.path.join(tree, up)
        for name in sorted(os.listdir(full)) if os.path.isdir(full) else []:
            p = os.path.join(full, name)
            if name.endswith('.c') and os.path.join(up, name) != path and os.path.isfile(p):
                with open(p, encoding='utf-8', errors='replace') as f:
                    if pat.search(f.read()):
                        return os.path.join(up, name)
        if not up:
            break
        up, sub = os.path.split(up)
        rel = sub + '/' + rel
    return None


def read_config(path):
    vals = {}
    with open(path, encoding='utf-8') as f:
        for ln in f:
            m = re.match(r'^(CONFIG_[A-Za-z0-9_]+)=(.*)$', ln.strip())
            if m:
                vals[m.group(1)] = m.group(2)
    return vals


def pick(tree, path, arch_configs):
    parts = os.path.normpath(path).split(os.sep)
    if parts[0] == 'arch':
        a = ARCH_DIRS.get(parts[1]) if len(parts) > 1 else None
        if not a:
            return None, f'{path}: no compile-check target for arch/{parts[1]}: add pipeline/targets/ and ARCH_DIRS for it'
        return a, None
    alts = guards(tree, path)
    if alts is None:
        inc = includer(tree, path)
        if inc:
            arch, err = pick(tree, inc, arch_configs)
            return (f'{arch} {inc}' if arch and ' ' not in arch else arch), err
        return None, f"{path}: no Makefile names its object and no .c file beside it #includes it: compile-check cannot build it"
    tried = []
    for arch, cfg in arch_configs:
        vals = read_config(cfg)
        missing = [sorted(g for g in a if vals.get(g) not in ('y', 'm')) for a in alts]
        if any(not m for m in missing):
            return arch, None
        tried.append(f'{arch} lacks {",".join(min(missing, key=len)[:3])}')
    return None, f'{path}: no configured architecture builds it ({"; ".join(tried)})'


def main(argv):
    if len(argv) >= 4 and argv[1] == 'guards':
        g = guards(argv[2], argv[3])
        if g is None:
            print(f'kbuild_arch.py: error: {argv[3]}: no Makefile names its object', file=sys.stderr)
            return 1
        print(' | '.join(' '.join(sorted(a)) or '(always)' for a in g))
        return 0
    if len(argv) >= 4 and argv[1] == 'pick':
        configs = []
        for a in argv[4:]:
            if '=' not in a:
                print(f'kbuild_arch.py: error: {a}: want ARCH=CONFIG', file=sys.stderr)
                return 2
            configs.append(tuple(a.split('=', 1)))
        arch, err = pick(argv[2], argv[3], configs)
        if err:
            print(f'kbuild_arch.py: error: {err}', file=sys.stderr)
            return 1
        print(arch)
        return 0
    print('usage: kbuild_arch.py guards TREE FILE | pick TREE FILE ARCH=CONFIG...',
          file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))

"""Enumerate invocations of given macros over the 6.12 tree.

Usage (library): for rec in scan(NAMES): ...
Each rec: dict(file, line, name, func, args, start, cl, body=(bs, be),
               fblock=(fs, fe), code, src, area)
  area = 'kernel' | 'tools' | 'scripts'  (tools/ and scripts/ are user-space
  programs with their own list.h copies, reported separately)
Invocations inside #define bodies are reported by scan_defs().
"""
import os
import re
import sys
from cscan import ROOT, prep, find_calls, stmt_end, Blocks, func_name, line_of

FILES = '/work/analysis/files.txt'


def file_list():
    with open(FILES) as f:
        return [l.strip()[2:] for l in f if l.strip()]


def area(path):
    if path.startswith('tools/'):
        return 'tools'
    if path.startswith('scripts/'):
        return 'scripts'
    return 'kernel'


_cache = {}


def load(path):
    if path not in _cache:
        with open(os.path.join(ROOT, path), errors='replace') as f:
            src = f.read()
        code, defs = prep(src)
        _cache[path] = (src, code, defs, Blocks(code))
    return _cache[path]


def scan(names, loop=True, files=None):
    for path in files or file_list():
        src, code, defs, blocks = load(path)
        if not any(n in code for n in names):
            continue
        for name, start, op, cl, args in find_calls(code, names):
            rec = dict(file=path, line=line_of(code, start), name=name,
                       args=args, start=start, cl=cl, code=code, src=src,
                       area=area(path))
            fb = blocks.enclosing(start)
            rec['fblock'] = fb
            rec['func'] = func_name(code, fb[0]) if fb else '<file scope>'
            if loop:
                be = stmt_end(code, cl + 1)
                rec['body'] = (cl + 1, be)
            yield rec


def scan_defs(names, files=None):
    pat = re.compile(r'\b(' + '|'.join(map(re.escape, names)) + r')\s*\(')
    for path in files or file_list():
        src, code, defs, blocks = load(path)
        for off, text in defs:
            m = re.match(r'\s*#\s*define\s+(\w+)', text)
            if not m or m.group(1) in names:
                continue
            for mm in pat.finditer(text[m.end():]):
                yield dict(file=path, line=src.count('\n', 0, off) + 1,
                           wrapper=m.group(1), name=mm.group(1),
                           area=area(path), text=text)
                break

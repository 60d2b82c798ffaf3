#!/usr/bin/env python3
"""Write shadow copies of C files that keep only what the finder can match.

spatch spends nearly all its time parsing; the semantic patch only looks
inside functions that walk a list with an entry iterator.  For every input
file this writes a copy in which every other line is blank: the functions
(signature and body) that name an entry iterator keep their lines
verbatim, at the same line and column, so positions in spatch's report are
positions in the original file.  Files without such a function are not
written.  The copies are spread over NBATCH directories that mirror the
tree (OUT/b000/drivers/..., OUT/b001/...) for a parallel run.

  scan_shadow.py TREE FILELIST OUT NBATCH
"""
import os
import re
import sys

ITER = re.compile(r"\bh?list_for_each_entry\w*\s*\(")
TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[{};]|\n""",
                   re.S)


def keep_ranges(src):
    """(first line, last line) of every top-level braced construct that
    contains an entry iterator, with the lines before it back to the end of
    the previous top-level construct (its signature)."""
    out = []
    depth, line = 0, 1
    last_end = 0            # line of the previous top-level ';' or '}'
    start_line = None
    start_off = 0
    pp = False
    for m in TOKEN.finditer(src):
        s = m.group()
        if s == "\n":
            line += 1
            continue
        if s[0] in "/\"'":
            line += s.count("\n")
            continue
        # a preprocessor directive line: its braces do not count
        bol = src.rfind("\n", 0, m.start()) + 1
        if src[bol:m.start()].lstrip().startswith("#"):
            continue
        if s == "{":
            if depth == 0:
                start_line, start_off = line, m.start()
            depth += 1
        elif s == "}":
            depth = max(0, depth - 1)
            if depth == 0 and start_line is not None:
                if ITER.search(src, start_off, m.end()):
                    out.append((last_end + 1, line))
                start_line = None
                last_end = line
        elif s == ";" and depth == 0:
            last_end = line
    return out


def main():
    tree, flist, out, nb = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    files = [l.strip() for l in open(flist) if l.strip()]
    written = []
    for rel in files:
        try:
            with open(os.path.join(tree, rel), errors="replace", newline="") as f:
                src = f.read()
        except OSError:
            continue
        ranges = keep_ranges(src)
        if not ranges:
            continue
        lines = src.split("\n")
        keep = bytearray(len(lines) + 2)
        for a, b in ranges:
            for k in range(max(1, a), min(b, len(lines)) + 1):
                keep[k] = 1
        # keep preprocessor conditionals balanced inside kept ranges only
        shadow = "\n".join(l if keep[i + 1] else "" for i, l in enumerate(lines))
        written.append((rel, shadow))
    # spread big and small files evenly: round robin by size
    written.sort(key=lambda x: -len(x[1]))
    for i, (rel, shadow) in enumerate(written):
        d = os.path.join(out, "b%03d" % (i % nb), os.path.dirname(rel))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, os.path.basename(rel)), "w") as f:
            f.write(shadow)
    print(len(written))


if __name__ == "__main__":
    main()

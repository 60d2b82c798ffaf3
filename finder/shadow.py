#!/usr/bin/env python3
"""Write shadow copies of C files that keep only what the finder can match.

spatch spends nearly all its time parsing; the semantic patch only looks
inside functions that walk a list with an entry iterator and name its
cursor again where the loop's end can reach (see needed()).  For every
input file this writes a copy in which every other line is blank: those
functions (signature and body) keep their lines verbatim, at the same line
and column, so positions in spatch's report are positions in the original
file.  Files without such a function are not written.  With --all every
function that names an entry iterator is kept.  The copies are spread over
NBATCH directories that mirror the tree (OUT/b000/drivers/..., OUT/b001/...)
for a parallel run.

  shadow.py [--all] TREE FILELIST OUT NBATCH
"""
import os
import re
import sys

import clex
import vocab

ITER = re.compile(r"\b%s\w*\s*\(" % vocab.ENTRY_RE)
LOOP_KW = ("for", "while", "do")


def keep_ranges(src):
    """(first line, last line) of every top-level braced construct that
    contains an entry iterator, with the lines before it back to the end of
    the previous top-level construct (its signature)."""
    out = []
    depth = 0
    last_end = 0            # line of the previous top-level ';' or '}'
    start_line = None
    start_off = 0
    for s, line, pos in clex.braces(src):
        if s == "{":
            if depth == 0:
                start_line, start_off = line, pos
            depth += 1
        elif s == "}":
            depth = max(0, depth - 1)
            if depth == 0 and start_line is not None:
                if ITER.search(src, start_off, pos + 1):
                    out.append((last_end + 1, line))
                start_line = None
                last_end = line
        elif s == ";" and depth == 0:
            last_end = line
    return out


def _stmt_end(toks, pair, s):
    """Index of the last token of the statement that starts at toks[s]."""
    if s >= len(toks):
        return len(toks) - 1
    t = toks[s]
    if t == "{":
        e = pair[s]
        return len(toks) - 1 if e is None else e
    if t == "do":
        e = _stmt_end(toks, pair, s + 1)    # the body, then while (...);
        c = pair[e + 2] if e + 2 < len(toks) and toks[e + 2] == "(" else None
        return len(toks) - 1 if c is None else min(c + 1, len(toks) - 1)
    if (t in ("if", "for", "while", "switch") or "for_each" in t.lower()) and \
            s + 1 < len(toks) and toks[s + 1] == "(":
        c = pair[s + 1]
        if c is None:
            return len(toks) - 1
        e = _stmt_end(toks, pair, c + 1)
        if t == "if" and e + 1 < len(toks) and toks[e + 1] == "else":
            e = _stmt_end(toks, pair, e + 2)
        return e
    depth = 0
    for k in range(s, len(toks)):
        if toks[k] in "([{":
            depth += 1
        elif toks[k] in ")]}":
            depth -= 1
            if depth < 0:
                return k - 1
        elif toks[k] == ";" and depth == 0:
            return k
    return len(toks) - 1


def _reentry(toks, pair, i):
    """Where control that comes back to token i from below without a new
    call of the function starts: the outermost loop around i, 0 when i may
    sit in a braceless body (conservative), or None."""
    k, start = i - 1, None
    if k >= 0 and toks[k] in (")", "else", "do"):
        return 0
    while k >= 0:
        t = toks[k]
        if t == "}":
            k = pair[k]
            if k is None:
                return 0
        elif t == "{" and k > 0:
            p = toks[k - 1]
            if p == "do":
                start = k - 1
            elif p == ")":
                o = pair[k - 1]
                if o is None or o == 0:
                    return 0
                kw = toks[o - 1]
                if kw in LOOP_KW or "for_each" in kw.lower():
                    start = o - 1
                elif kw in ("if", "switch") and o >= 2 and \
                        toks[o - 2] in (")", "else", "do"):
                    return 0
            elif p == "else":
                return 0
        k -= 1
    return start


def needed(body):
    """Does spatch need this function: after some entry-iterator loop in it,
    is the cursor (or a _safe variant's lookahead) named again where the
    loop's end can reach?  Textual and conservative: any later mention
    counts, and so does an earlier one inside a loop around it or after a
    label that a goto names."""
    toks = [t for t in clex.tokens(body, bodies=True)
            if t[0] not in "\"'" and t != "\\"]
    pair = clex.partners(toks)
    gotos = {toks[j + 1] for j in range(len(toks) - 1) if toks[j] == "goto"}
    for i, t in enumerate(toks):
        if not vocab.is_entry(t) or i + 1 >= len(toks) or toks[i + 1] != "(":
            continue
        close = pair[i + 1]
        if close is None:
            return True
        args, depth, cur = [], 0, []
        for t2 in toks[i + 2:close]:
            if t2 in "([{":
                depth += 1
            elif t2 in ")]}":
                depth -= 1
            if t2 == "," and depth == 0:
                args.append(cur)
                cur = []
            else:
                cur.append(t2)
        args.append(cur)
        names = [a[0] for a in args[:2 if t.startswith(vocab.SAFE_PREFIX) else 1]
                 if len(a) == 1 and re.fullmatch(r"[A-Za-z_]\w*", a[0])]
        if not names:
            continue
        end = _stmt_end(toks, pair, i)
        later = set(toks[end + 1:])
        if any(n in later for n in names):
            return True
        back = [j for j in range(i - 1) if toks[j] in gotos and toks[j + 1] == ":"]
        r = _reentry(toks, pair, i)
        if r is not None:
            back.append(r)
        # a _continue/_from header reads its cursor: control that comes
        # back to the loop reaches a use in the loop's own header
        upto = close if vocab.resumes(t) else i
        if back and any(n in toks[min(back):upto] for n in names):
            return True
    return False


def main():
    every = len(sys.argv) > 1 and sys.argv[1] == "--all"
    if every:
        del sys.argv[1]
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
        lines = src.split("\n")
        if not every:
            ranges = [(a, b) for a, b in ranges
                      if needed("\n".join(lines[max(0, a - 1):b]))]
        if not ranges:
            continue
        keep = bytearray(len(lines) + 2)
        for a, b in ranges:
            for k in range(max(1, a), min(b, len(lines)) + 1):
                keep[k] = 1
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

#!/usr/bin/env python3
"""Helpers of pipeline/scoped-convert.sh.

  scoped_report.py table TREE FILES REPORT...
      The dry run's table: what list_scoped.cocci converts and what it
      leaves, and why, per top-level directory.  FILES lists the files
      searched (relative to TREE); REPORT are spatch's -D report -D why
      lines.  Loops inside #define bodies and loops spatch did not report
      (it could not parse their function) are counted from the tokens.
  scoped_report.py retab TREE
      After the conversion: the leading white space of every line that
      `git diff` shows added is rewritten as tabs, then fewer than 8
      spaces (spatch aligns continuation lines with spaces only); the
      continuation lines of a *_scoped( call it wrote are aligned with the
      column after that call's open parenthesis (spatch keeps them where
      the shorter classic name had them).
"""
import collections
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "finder"))
import clex  # noqa: E402

LOOP = re.compile(r"h?list_for_each_entry\w*$")
COLUMNS = ("converted", "read after", "address", "shared", "macro", "other")


def category(why):
    if why is None:
        return "converted"
    for key, col in (("read after the loop", "read after"),
                     ("address taken", "address"),
                     ("shared cursor", "shared"),
                     ("macro-generated", "macro")):
        if key in why:
            return col
    return "other"


def loops(toks):
    """Iterator names followed by ( (not the _scoped ones)."""
    return sum(1 for a, b in zip(toks, toks[1:])
               if b == "(" and LOOP.match(a) and not a.endswith("_scoped"))


LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):[\d-]+: (?P<name>\w+)\(\) "
                  r"(?:can be .*|left: (?P<why>.*))$")


def table(tree, files, reports):
    rows = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    seen = collections.Counter()
    for rep in reports:
        with open(rep, errors="replace") as f:
            for line in f:
                m = LINE.match(line.strip())
                if not m or m.group("name").endswith("_scoped"):
                    continue
                why = m.group("why")
                cat = category(why)
                if cat == "macro":
                    continue        # counted from the tokens below
                top = m.group("file").lstrip("./").split("/")[0]
                rows[top][cat] += 1
                seen[m.group("file").lstrip("./")] += 1
                if why:
                    reasons[why] += 1
    with open(files) as f:
        names = [n.strip() for n in f if n.strip()]
    for name in names:
        with open(os.path.join(tree, name), errors="replace") as f:
            text = f.read()
        code = loops(clex.tokens(text))
        macro = loops(clex.tokens(text, bodies=True)) - code
        top = name.split("/")[0] if "/" in name else "."
        rows[top]["macro"] += macro
        unseen = code - seen[name]
        if unseen > 0:
            rows[top]["other"] += unseen
            reasons["other: not parsed by spatch"] += unseen
    total = collections.Counter()
    out = ["%-14s %7s %9s %10s %7s %6s %5s %5s" %
           (("directory", "loops") + COLUMNS)]
    for top in sorted(rows):
        r = rows[top]
        total.update(r)
        out.append("%-14s %7d %9d %10d %7d %6d %5d %5d" %
                   ((top, sum(r.values())) + tuple(r[c] for c in COLUMNS)))
    out.append("%-14s %7d %9d %10d %7d %6d %5d %5d" %
               (("total", sum(total.values())) +
                tuple(total[c] for c in COLUMNS)))
    out.append("")
    out.append("reasons for the loops left (spatch's words):")
    for why, n in reasons.most_common():
        out.append("%7d  %s" % (n, why))
    print("\n".join(out))


SCOPED_CALL = re.compile(r"\b\w+_scoped\(")


def indent_to(width):
    """Kernel-style leading white space reaching column WIDTH."""
    return "\t" * (width // 8) + " " * (width % 8)


def paren_depth(code, depth=0):
    """DEPTH after CODE's parentheses (string and char literals skipped)."""
    quote = None
    prev = ""
    for ch in code:
        if quote:
            if ch == quote and prev != "\\":
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        prev = "" if prev == "\\" else ch
    return depth


def realign(text, lines):
    """Align, in TEXT (a list of lines), the continuation lines of every
    *_scoped( call that starts on one of LINES (1-based, added lines) with
    the column after its open parenthesis.  Returns how many changed."""
    moved = 0
    for ln in sorted(lines):
        s = text[ln - 1]
        m = SCOPED_CALL.search(s)
        if not m:
            continue
        col = len(s[:m.end()].expandtabs(8))
        depth = paren_depth(s[m.end() - 1:])
        nxt = ln
        while depth > 0 and nxt < len(text) and nxt + 1 in lines:
            body = text[nxt].lstrip(" \t")
            if body and text[nxt] != indent_to(col) + body:
                text[nxt] = indent_to(col) + body
                moved += 1
            depth = paren_depth(body, depth)
            nxt += 1
    return moved


def retab(tree):
    diff = subprocess.run(["git", "-C", tree, "diff", "-U0", "--no-color"],
                          check=True, capture_output=True, text=True).stdout
    added = collections.defaultdict(set)
    name = None
    for line in diff.split("\n"):
        if line.startswith("+++ b/"):
            name = line[6:]
        elif line.startswith("@@") and name:
            m = re.search(r"\+(\d+)(?:,(\d+))?", line)
            start, n = int(m.group(1)), int(m.group(2) or 1)
            added[name].update(range(start, start + n))
    fixed = aligned = 0
    for name, lines in added.items():
        path = os.path.join(tree, name)
        with open(path) as f:
            text = f.read().split("\n")
        for ln in lines:
            s = text[ln - 1]
            body = s.lstrip(" \t")
            lead = s[:len(s) - len(body)]
            new = indent_to(len(lead.expandtabs(8)))
            if body and new != lead:
                text[ln - 1] = new + body
                fixed += 1
        aligned += realign(text, lines)
        with open(path, "w") as f:
            f.write("\n".join(text))
    print("retabbed %d lines, aligned %d continuation lines" % (fixed, aligned),
          file=sys.stderr)


def main(argv):
    if len(argv) >= 4 and argv[1] == "table":
        table(argv[2], argv[3], argv[4:])
    elif len(argv) == 3 and argv[1] == "retab":
        retab(argv[2])
    else:
        sys.exit("scoped_report.py: error: usage: scoped_report.py "
                 "table TREE FILES REPORT... | retab TREE")


if __name__ == "__main__":
    main(sys.argv)

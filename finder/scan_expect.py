#!/usr/bin/env python3
"""Check a scan of the tree with the series against the sites left on purpose.

    scan_expect.py REPORT.json FIXES.tsv ALLOW.tsv

After the series no site the finder reports may be unexplained.  A site
is explained when docs/fixes.tsv leaves it (its fix column starts with
"none" or "unchanged", with the reason) or ALLOW.tsv names its file (the
series' own files, such as the KUnit cases that check the NULL a walk
leaves).  Sites are counted per file, since the series moves lines: a file
with more flagged sites than explained ones has an unexplained site, a
file with fewer has a stale explanation; both fail.  Prints one line per
file that differs and exits 1 if any does.
"""
import collections
import csv
import json
import sys


def die(msg):
    sys.exit("scan_expect.py: error: " + msg)


def expected(fixes_tsv, allow_tsv):
    """Per file: (number of sites left on purpose, reasons)."""
    want = collections.defaultdict(int)
    why = collections.defaultdict(list)
    with open(fixes_tsv, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["category"] == "unaffected":
                continue        # the finder does not report these
            if row["fix"].startswith(("none", "unchanged")):
                want[row["file"]] += 1
                why[row["file"]].append(row["fix"])
    with open(allow_tsv, newline="") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[1].isdigit():
                die("%s:%d: want FILE<TAB>COUNT<TAB>REASON, fix that line"
                    % (allow_tsv, n))
            want[parts[0]] += int(parts[1])
            why[parts[0]].append(parts[2])
    return want, why


def main(argv):
    if len(argv) != 4:
        die("usage: scan_expect.py REPORT.json FIXES.tsv ALLOW.tsv")
    try:
        with open(argv[1]) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        die("cannot read the scan report %s (%s): run make scan first" % (argv[1], e))
    want, why = expected(argv[2], argv[3])
    got = collections.Counter(r["file"] for r in report
                              if r["category"] != "unaffected")
    bad = 0
    for path in sorted(set(got) | set(want)):
        g, w = got.get(path, 0), want.get(path, 0)
        if g > w:
            first = next(r for r in report if r["file"] == path
                         and r["category"] != "unaffected")
            print("%s: %d site(s) reported, %d explained: unexplained, first "
                  "%s:%d (%s); fix it or say why in docs/fixes.tsv"
                  % (path, g, w, path, first["line"], first["category"]))
            bad += 1
        elif g < w:
            print("%s: %d site(s) reported, %d explained: stale explanation "
                  "(%s); drop it from docs/fixes.tsv or %s"
                  % (path, g, w, why[path][0], argv[3]))
            bad += 1
    total = sum(got.values())
    print("scan: %d site(s) reported after the series, %d explained, "
          "%d unexplained file(s)" % (total, sum(want.values()), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

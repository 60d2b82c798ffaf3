#!/usr/bin/env python3
"""Decide and classify the uses of list iterators after their loops.

Reads the report lines of the series' semantic patch and the C sources
they name (finder/report.py), decides for each use whether the loop's
normal exit reaches it and sorts it into the categories of the RFC cover
letter (finder/classify.py), and writes report.json and report.md; with
--summary it also prints the counts per category, with neither --json nor
--md one line per use.

  main.py --root TREE [--json OUT] [--md OUT] [--title T] [--summary] REPORT...
"""
import argparse
import sys

import classify
import report


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--json")
    ap.add_argument("--md")
    ap.add_argument("--title", default="Uses of list iterators after their loops")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("reports", nargs="+")
    a = ap.parse_args()
    recs = report.records(classify.analyse(a.root, report.read_sites(a.reports)))
    if a.json:
        report.write_json(recs, a.json)
    if a.md:
        report.write_md(recs, a.md, a.title)
    if not a.json and not a.md:
        for line in report.listing(recs):
            print(line)
    if a.summary:
        print(report.summary(recs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

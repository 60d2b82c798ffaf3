"""The finder's input and output.

read_sites() reads the report lines of the series' semantic patch
scripts/coccinelle/iterators/list_iterator_after_loop.cocci
(file:line:col-col: WARNING: C used after its VARIANT() loop on line N; ...);
records(), write_json() and write_md() write report.json and report.md,
summary() and listing() the lines scan.sh and a terminal show.
"""
import collections
import json
import re

import vocab

SITE_RE = re.compile(r"^(?:\./)?(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+)-\d+: "
                     r"WARNING: (?P<it>\w+) used after its (?P<var>\w+)\(\) "
                     r"loop on line (?P<loop>\d+)")


def read_sites(paths):
    """The sites of the report files, each once: dicts with file, line,
    col, it (the cursor), variant and loop_line."""
    sites, seen = [], set()
    for p in paths:
        with open(p, errors="replace") as f:
            for ln in f:
                m = SITE_RE.match(ln.strip())
                if not m:
                    continue
                key = (m["file"], int(m["line"]), int(m["col"]), m["it"], int(m["loop"]))
                if key in seen:
                    continue
                seen.add(key)
                sites.append({"file": m["file"], "line": int(m["line"]),
                              "col": int(m["col"]), "it": m["it"],
                              "variant": m["var"], "loop_line": int(m["loop"])})
    return sites


def records(recs):
    """The records as report.json has them: fields in order, sorted by
    file, line and column."""
    return [{"file": r["file"], "line": r["line"], "col": r["col"],
             "loop_line": r["loop_line"], "variant": r["variant"],
             "iterator": r["it"], "category": r["category"],
             "reason": r["reason"], "excerpt": r.get("excerpt", "")}
            for r in sorted(recs, key=lambda r: (r["file"], r["line"], r["col"]))]


def write_json(recs, out):
    with open(out, "w") as f:
        json.dump(recs, f, indent=1)
        f.write("\n")


def summary(recs):
    """One line: the number of sites and of each category."""
    cnt = collections.Counter(r["category"] for r in recs)
    return "sites: %d  " % len(recs) + "  ".join(
        "%s=%d" % (c, cnt[c]) for c in vocab.CATEGORIES)


def listing(recs):
    """One line per record: file:line: category: reason."""
    return ["%s:%d: %s: %s" % (r["file"], r["line"], r["category"], r["reason"])
            for r in recs]


def subsystem(path):
    """The directory a site is listed under in report.md."""
    parts = path.split("/")
    depth = 3 if parts[0] in ("drivers", "sound", "arch", "fs", "net") and len(parts) > 3 else 2
    return "/".join(parts[:min(depth, len(parts) - 1)]) or parts[0]


def write_md(recs, out, title):
    """report.md: counts per category and per top-level directory, then
    every site grouped by subsystem."""
    cnt = collections.Counter(r["category"] for r in recs)
    top = collections.defaultdict(collections.Counter)
    for r in recs:
        top[r["file"].split("/")[0]][r["category"]] += 1
    cats = list(vocab.CATEGORIES)
    L = ["# %s" % title, "",
         "%d uses of a list iterator after its loop in %d files; %d of them "
         "are reached after a complete walk." % (
             len(recs), len({r["file"] for r in recs}),
             sum(v for k, v in cnt.items() if k != "unaffected")), "",
         "## Per category", "", "| category | meaning | sites |", "| --- | --- | ---: |"]
    for c in cats:
        L.append("| %s | %s | %d |" % (c, vocab.CATEGORIES[c], cnt.get(c, 0)))
    L += ["", "## Per top-level directory", "",
          "| directory | " + " | ".join(cats) + " | total |",
          "| --- | " + " | ".join("---:" for _ in cats) + " | ---: |"]
    for d in sorted(top):
        L.append("| %s | %s | %d |" % (d, " | ".join(str(top[d].get(c, 0)) for c in cats),
                                       sum(top[d].values())))
    L += ["", "## Sites by subsystem", ""]
    bysub = collections.defaultdict(list)
    for r in recs:
        bysub[subsystem(r["file"])].append(r)
    for sub in sorted(bysub):
        L += ["### %s" % sub, ""]
        for r in sorted(bysub[sub], key=lambda r: (r["file"], r["line"])):
            L.append("- `%s:%d` **%s** (%s loop on line %d, `%s`): %s  " % (
                r["file"], r["line"], r["category"], r["variant"], r["loop_line"],
                r["iterator"], r["reason"]))
            L.append("  `%s`" % r["excerpt"].replace("`", "'"))
        L.append("")
    with open(out, "w") as f:
        f.write("\n".join(L))


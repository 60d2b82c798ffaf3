// SPDX-License-Identifier: GPL-2.0-only
/// Find every use of a list iterator's cursor after its loop that can be
/// reached from the loop's normal exit, i.e. after a complete walk, with
/// the cursor not assigned in between.  After a complete walk the cursor of
/// list_for_each_entry() and its relatives is container_of() of the list
/// head, which is not an entry; with CONFIG_LIST_NOSPEC it is NULL.  Such a
/// use must go: keep a separate pointer that is set before the break, or
/// test the loop's exit with a flag.
///
/// Uses reached only by a goto out of the loop, or after a return, are not
/// reported.  Paths through a break join the normal exit, so a use after a
/// loop with a break is reported whenever the normal exit can reach it as
/// well; a flag or head test that diverts the normal exit before the use is
/// not understood here (scripts/scan_classify.py of nospec-list does that
/// and sorts the reports into categories).
///
// Confidence: Moderate
// Copyright: (C) 2026 nospec-list developers.
// Comments: the cursor of a _safe variant's lookahead (n) is followed too.
// Options: --no-includes --include-headers

virtual report
virtual org

@initialize:python@
@@
import re

FRESH = ("list_for_each_entry",
	 "list_for_each_entry_reverse",
	 "list_for_each_entry_safe",
	 "list_for_each_entry_safe_reverse",
	 "list_for_each_entry_rcu",
	 "list_for_each_entry_srcu",
	 "list_for_each_entry_lockless",
	 "hlist_for_each_entry",
	 "hlist_for_each_entry_safe",
	 "hlist_for_each_entry_rcu",
	 "hlist_for_each_entry_rcu_bh",
	 "hlist_for_each_entry_rcu_notrace",
	 "hlist_for_each_entry_srcu")
CONT = ("list_for_each_entry_continue",
	 "list_for_each_entry_continue_reverse",
	 "list_for_each_entry_from",
	 "list_for_each_entry_from_reverse",
	 "list_for_each_entry_safe_continue",
	 "list_for_each_entry_safe_from",
	 "list_for_each_entry_continue_rcu",
	 "list_for_each_entry_from_rcu",
	 "hlist_for_each_entry_continue",
	 "hlist_for_each_entry_from",
	 "hlist_for_each_entry_continue_rcu",
	 "hlist_for_each_entry_from_rcu",
	 "hlist_for_each_entry_continue_rcu_bh")

# Where a loop header names the cursor c: the text just before c is
# "<iterator>(" for the cursor, or "<iterator>(pos," for the lookahead of a
# list_for_each_entry_safe*() walk.  Headers can be split over lines.
_head = re.compile(r"\b(h?list_for_each_entry\w*)\s*\(\s*(?:[^,()]+,\s*)?$")
_src = {}


def lfe_header(p):
	"""(iterator name, argument index) when p is a loop's cursor, else None."""
	p = p[0]
	if p.file not in _src:
		with open(p.file, errors="replace") as f:
			_src[p.file] = f.read().split("\n")
	lines = _src[p.file]
	ln = int(p.line) - 1
	before = " ".join(lines[max(0, ln - 2):ln] + [lines[ln][:int(p.column)]])
	m = _head.search(before)
	if not m:
		return None
	name = m.group(1)
	second = "," in before[m.end(1):]
	if second and not name.startswith("list_for_each_entry_safe"):
		return None
	return name, second


def lfe_takes(p):
	"""The loop at p assigns c (fresh start, or a continuation loop)."""
	h = lfe_header(p)
	return h is not None and (h[0] in FRESH or h[0] in CONT)


def lfe_resets(p):
	"""The loop at p assigns c without reading it first."""
	h = lfe_header(p)
	return h is not None and (h[0] in FRESH or h[1])


def lfe_name(p):
	"""Name of the iterator whose name starts at p."""
	p = p[0]
	if p.file not in _src:
		lfe_header([p])
	line = _src[p.file][int(p.line) - 1]
	m = re.match(r"\w+", line[int(p.column):])
	return m.group(0) if m else "?"

@r exists@
identifier c;
expression E, x;
statement S;
position p1;
position k : script:python() { lfe_takes(k) };
position p2 : script:python() { not lfe_resets(p2) };
iterator name hlist_for_each_entry;
iterator name hlist_for_each_entry_continue;
iterator name hlist_for_each_entry_continue_rcu;
iterator name hlist_for_each_entry_continue_rcu_bh;
iterator name hlist_for_each_entry_from;
iterator name hlist_for_each_entry_from_rcu;
iterator name hlist_for_each_entry_rcu;
iterator name hlist_for_each_entry_rcu_bh;
iterator name hlist_for_each_entry_rcu_notrace;
iterator name hlist_for_each_entry_safe;
iterator name hlist_for_each_entry_srcu;
iterator name list_for_each_entry;
iterator name list_for_each_entry_continue;
iterator name list_for_each_entry_continue_rcu;
iterator name list_for_each_entry_continue_reverse;
iterator name list_for_each_entry_from;
iterator name list_for_each_entry_from_rcu;
iterator name list_for_each_entry_from_reverse;
iterator name list_for_each_entry_lockless;
iterator name list_for_each_entry_rcu;
iterator name list_for_each_entry_reverse;
iterator name list_for_each_entry_safe;
iterator name list_for_each_entry_safe_continue;
iterator name list_for_each_entry_safe_from;
iterator name list_for_each_entry_safe_reverse;
iterator name list_for_each_entry_srcu;
@@

(
hlist_for_each_entry@p1(c, ...) S
|
hlist_for_each_entry_continue@p1(c, ...) S
|
hlist_for_each_entry_continue_rcu@p1(c, ...) S
|
hlist_for_each_entry_continue_rcu_bh@p1(c, ...) S
|
hlist_for_each_entry_from@p1(c, ...) S
|
hlist_for_each_entry_from_rcu@p1(c, ...) S
|
hlist_for_each_entry_rcu@p1(c, ...) S
|
hlist_for_each_entry_rcu_bh@p1(c, ...) S
|
hlist_for_each_entry_rcu_notrace@p1(c, ...) S
|
hlist_for_each_entry_safe@p1(c, ...) S
|
hlist_for_each_entry_srcu@p1(c, ...) S
|
list_for_each_entry@p1(c, ...) S
|
list_for_each_entry_continue@p1(c, ...) S
|
list_for_each_entry_continue_rcu@p1(c, ...) S
|
list_for_each_entry_continue_reverse@p1(c, ...) S
|
list_for_each_entry_from@p1(c, ...) S
|
list_for_each_entry_from_rcu@p1(c, ...) S
|
list_for_each_entry_from_reverse@p1(c, ...) S
|
list_for_each_entry_lockless@p1(c, ...) S
|
list_for_each_entry_rcu@p1(c, ...) S
|
list_for_each_entry_reverse@p1(c, ...) S
|
list_for_each_entry_safe@p1(c, ...) S
|
list_for_each_entry_safe_continue@p1(c, ...) S
|
list_for_each_entry_safe_from@p1(c, ...) S
|
list_for_each_entry_safe_reverse@p1(c, ...) S
|
list_for_each_entry_srcu@p1(c, ...) S
|
list_for_each_entry_safe@p1(x, c, ...) S
|
list_for_each_entry_safe_continue@p1(x, c, ...) S
|
list_for_each_entry_safe_from@p1(x, c, ...) S
|
list_for_each_entry_safe_reverse@p1(x, c, ...) S
)
... when != c = E
    when != c@k
    when any
(
sizeof(<+... c ...+>)
|
c = <+... c@p2 ...+>
|
c = E
|
c@p2
)

@script:python depends on report@
p1 << r.p1;
p2 << r.p2;
c << r.c;
@@

coccilib.report.print_report(p2[0],
	"WARNING: %s used after its %s() loop on line %s; not an entry if the walk completed"
	% (c, lfe_name(p1), p1[0].line))

@script:python depends on org@
p1 << r.p1;
p2 << r.p2;
c << r.c;
@@

cocci.print_main("%s used after its %s() loop" % (c, lfe_name(p1)), p2)
cocci.print_secs("loop", p1)

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

# The cocci positions come back here to be checked against the source text:
# is this occurrence of c the cursor of a loop header, an operand of sizeof,
# or a member name?  Headers can be split over lines, so a few lines before
# the position are looked at too.
_head = re.compile(r"\b(\w*for_each\w*)\s*\(\s*(?:[^,()]+,\s*)?$")
_remove_head = re.compile(r"\blist_remove_head\s*\(\s*[^,()]+,\s*$")
_src = {}


def _text(p, before_lines=2):
	"""(text before p on its line and a few lines above, text after p)."""
	if p.file not in _src:
		with open(p.file, errors="replace") as f:
			_src[p.file] = f.read().split("\n")
	lines = _src[p.file]
	ln, col = int(p.line) - 1, int(p.column)
	before = " ".join(lines[max(0, ln - before_lines):ln] + [lines[ln][:col]])
	return before, lines[ln][col:]


def lfe_header(p):
	"""(macro name, second argument?) when p is the cursor of a for_each
	loop header (the second argument only for the lookahead of
	list_for_each_entry_safe*()), or the entry list_remove_head() sets;
	else None."""
	before, _ = _text(p[0])
	if _remove_head.search(before):
		return "list_remove_head", False
	m = _head.search(before)
	if not m:
		return _other_for_each(p[0], before)
	name = m.group(1)
	second = "," in before[m.end(1):]
	if second and not name.startswith("list_for_each_entry_safe"):
		return None
	return name, second


def _other_for_each(p, before):
	"""A bare argument of a for_each macro of another family
	(idr_for_each_entry(idr, c, id), NCSI_FOR_EACH_CHANNEL(np, c)): such
	macros set the cursor they are given."""
	_, after = _text(p, 0)
	if not re.match(r"\w+\s*[,)]", after):
		return None
	depth = 0
	for i in range(len(before) - 1, -1, -1):
		ch = before[i]
		if ch == ")":
			depth += 1
		elif ch == "(":
			if depth:
				depth -= 1
				continue
			m = re.search(r"\b(\w*(?:for_each|FOR_EACH)\w*)\s*$", before[:i])
			if not m or re.match(r"h?list_for_each_entry", m.group(1)):
				return None
			if not re.search(r"(?:^|,)\s*$", before[i + 1:]):
				return None
			return m.group(1), False
	return None


def lfe_takes(p):
	"""The loop whose header holds p assigns c."""
	return lfe_header(p) is not None


def lfe_resets(p):
	"""The loop whose header holds p assigns c without reading it."""
	h = lfe_header(p)
	return h is not None and (h[1] or h[0] not in CONT)


def lfe_ignored(p):
	"""p is no read of c's value: an operand of sizeof/typeof, or a member
	name that happens to be spelt like c in a loop header."""
	before, after = _text(p[0], 0)
	depth = 0
	for i in range(len(before) - 1, -1, -1):
		ch = before[i]
		if ch == ")":
			depth += 1
		elif ch == "(":
			if depth == 0:
				if re.search(r"\b(?:sizeof|typeof|__typeof__|struct_size|"
					     r"flex_array_size|offsetof)\s*$", before[:i]):
					return True
			else:
				depth -= 1
	if re.search(r"\bsizeof\s*\**\s*$", before):
		return True
	# &c handed on: an out-parameter, which the when clause takes as an
	# assignment
	if re.search(r"[(,=]\s*&\s*$", before) and not re.match(r"\w+\s*(?:->|\.|\[)", after):
		return True
	b2, _ = _text(p[0])
	if re.search(r"\bh?list_for_each_entry\w*\s*\([^;{}]*,\s*$", b2) and \
			re.match(r"\w+\s*[,)]", after):
		args = re.search(r"\bh?list_for_each_entry\w*\s*\(([^;{}]*)$", b2).group(1)
		return args.count(",") >= 2
	return False


def lfe_name(p):
	"""Name of the iterator whose name starts at p."""
	before, after = _text(p[0], 0)
	m = re.match(r"\w+", after)
	return m.group(0) if m else "?"

@r exists@
identifier c;
expression E, x;
statement S;
position p1;
position k : script:python() { lfe_takes(k) };
position p2 : script:python() { not lfe_resets(p2) and not lfe_ignored(p2) };
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
    when != &c
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

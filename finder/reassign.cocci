// Loops of the entry iterators whose body assigns the cursor (pos) or, for
// the _safe variants, the lookahead (n).  Such bodies steer the walk, and
// the nospec walks must keep visiting what the classic ones visit.  Used
// by finder/reassign.sh (issue 6); not part of the kernel series.

@cursor exists@
identifier c;
expression E;
position p1, p2;
iterator I =~ "^h?list_for_each_entry";
@@
(
I@p1(c, ...) { <+... c@p2 = E ...+> }
|
I@p1(c, ...) c@p2 = E;
)

@lookahead exists@
identifier c;
expression E, x;
position p1, p2;
iterator J =~ "^list_for_each_entry_safe";
@@
J@p1(x, c, ...) { <+... c@p2 = E ...+> }

@script:python@
p1 << cursor.p1;
p2 << cursor.p2;
c << cursor.c;
@@
print("%s:%s: cursor %s assigned on line %s" % (p1[0].file, p1[0].line, c, p2[0].line))

@script:python@
p1 << lookahead.p1;
p2 << lookahead.p2;
c << lookahead.c;
@@
print("%s:%s: lookahead %s assigned on line %s" % (p1[0].file, p1[0].line, c, p2[0].line))

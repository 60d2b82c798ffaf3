"""Sort the uses of a cursor after its loop into the finder's categories.

analyse() takes the sites of the semantic patch's report and the tree they
are in; for each loop it parses the enclosing function (finder/parse.py,
finder/cfg.py) and asks finder/reach.py which of the reported uses the
loop's normal exit reaches.  The others are "unaffected"; each reached one
gets a category of finder/vocab.py from the shape of the use
(classify_use()) and a reason.
"""
import collections
import os
import re

import clex
import vocab
from cfg import CFG, stmt_span
from parse import Parser, find_loop, functions, loop_args
from reach import Analysis, strip_amp

LIST_ARG_FUNCS = re.compile(r"^(?:__)?(?:h?list_(?:add|add_tail|move|move_tail|"
                            r"splice\w*|cut_position|cut_before|bulk_move_tail|"
                            r"add_rcu|add_tail_rcu|add_before|add_behind|"
                            r"is_last|is_first|rotate_to_front)\w*)$")
CURSOR_FUNCS = {"list_prepare_entry", "list_safe_reset_next", "list_next_entry",
                "list_prev_entry", "list_next_entry_circular",
                "list_prev_entry_circular", "list_next_or_null_rcu"}


def enclosing_call(toks, k, lo):
    """Name of the function whose argument list holds token k, and the
    index of the argument, or (None, None)."""
    d, j, argi = 0, k - 1, 0
    while j >= lo:
        s = toks[j].s
        if s in ")]}":
            d += 1
        elif s in "([{":
            if d == 0:
                if s == "(" and j > 0 and re.match(r"[A-Za-z_]\w*$", toks[j - 1].s):
                    return toks[j - 1].s, argi
                return None, None
            d -= 1
        elif s == "," and d == 0:
            argi += 1
        elif s == ";" and d == 0:
            return None, None
        j -= 1
    return None, None


def comparison_partner(toks, a, b, lo, hi):
    """If tokens [a, b) are an operand of == / != / ! / a bare truth test,
    return (operator, partner text)."""
    # right partner
    if b < hi and toks[b].s in ("==", "!="):
        e = b + 1
        while e < hi and toks[e].s not in (")", "&&", "||", ";", ",", "?"):
            if toks[e].s in "([{":
                e = clex.close(toks, e)
            e += 1
        return toks[b].s, clex.text(toks, b + 1, e)
    if a - 1 >= lo and toks[a - 1].s in ("==", "!="):
        e = a - 2
        while e >= lo and toks[e].s not in ("(", "&&", "||", ";", ",", "?", "!",
                                           "return", "="):
            if toks[e].s in ")]}":
                f = toks[e].m
                e = f if f is not None and f >= lo else lo - 1
            e -= 1
        return toks[a - 1].s, clex.text(toks, e + 1, a - 1)
    if a - 1 >= lo and toks[a - 1].s == "!":
        return "!", "NULL"
    before = toks[a - 1].s if a - 1 >= lo else ""
    after = toks[b].s if b < hi else ""
    cond_paren = before == "(" and a - 2 >= 0 and toks[a - 2].s in ("if", "while")
    if (before in ("&&", "||") or after in ("&&", "||", "?") or
            (cond_paren and after == ")") or (a == lo and b == hi)):
        return "test", "NULL"
    return None, None


def unconditional_break(toks, loop):
    """The loop's body ends in a break that nothing skips."""
    body = loop.kids[0]
    if body.kind == "break":
        return True
    if body.kind == "block" and body.kids and body.kids[-1].kind == "break":
        return not any(toks[k].s == "continue" for k in range(body.a, body.b))
    return False


def in_loop_cond(fn_ast, k):
    """The token k is in the condition of a while/for/do loop."""
    stack = [fn_ast]
    while stack:
        n = stack.pop()
        if n.kind in ("while", "for", "do") and n.cond[0] <= k < n.cond[1]:
            return True
        stack.extend(n.kids)
    return False


def classify_use(toks, k, fn_ast, loop, it, variant, head_txt, member, stmt):
    """(category, reason) for the use of the iterator at token k."""
    lo, hi = stmt
    nm, argi = enclosing_call(toks, k, lo)
    prev = toks[k - 1].s if k > lo else ""
    nxt = toks[k + 1].s if k + 1 < hi else ""
    loopname = variant + "()"
    ubreak = unconditional_break(toks, loop)
    hl = variant.startswith("hlist")

    def headtest(how):
        if in_loop_cond(fn_ast, k):
            return "cat5", "%s in the condition of a later loop (a manual walk " \
                "that stops at the head)" % how
        if ubreak:
            return "cat3", "%s after a loop whose body always breaks: " \
                "tests whether the list was empty" % how
        return "cat4", "%s tells whether the %s walk was left early" % (how, loopname)

    # the cursor of a following loop (its header is a node of its own)
    if k >= 2 and toks[k - 1].s == "(" and "for_each" in toks[k - 2].s:
        nm, argi = toks[k - 2].s, 0
    if nm and re.search(r"for_each", nm) and argi in (0, 1):
        if vocab.resumes(nm):
            return "cat6", "start of the following %s() loop" % nm
    if nm == "list_entry_is_head" and argi == 0:
        return headtest("list_entry_is_head(%s, ...)" % it)
    if nm in CURSOR_FUNCS and argi == 0:
        return "cat6", "cursor handed to %s()" % nm
    # &it->member...
    if prev == "&" and nxt == "->":
        e = k + 2
        chain = [toks[e].s] if e < hi else []
        e += 1
        while e + 1 < hi and toks[e].s in (".", "->"):
            chain.append(toks[e + 1].s)
            e += 2
        mem = ".".join(chain)
        expr = "&%s->%s" % (it, mem)
        op, partner = comparison_partner(toks, k - 1, e, lo, hi)
        if op in ("==", "!="):
            if mem == member and strip_amp(partner) == strip_amp(head_txt):
                return headtest("%s %s %s" % (expr, op, partner))
            if mem == member:
                return "cat1", "%s %s %s: the list member compared with " \
                    "something other than the loop's head %s" % (expr, op, partner, head_txt)
            return "cat1", "%s %s %s decides whether an element was found" % (
                expr, op, partner)
        if nm and LIST_ARG_FUNCS.match(nm) and (argi >= 1 or not re.search(
                r"add|move", nm)):
            return "cat6", "%s handed to %s() (insertion point or cursor)" % (expr, nm)
        if nm and LIST_ARG_FUNCS.match(nm):
            return "other", "%s is the node %s() moves or adds: the head's " \
                "container would be linked" % (expr, nm)
        if toks[lo].s == "return":
            return "cat6", "%s returned as a cursor" % expr
        if nm:
            return "other", "%s passed to %s(), argument %d" % (expr, nm, argi + 1)
        return "other", "%s taken" % expr
    if nxt == "->":
        f = toks[k + 2].s if k + 2 < hi else "?"
        if f == member and k + 4 < hi and toks[k + 3].s == "." and \
                toks[k + 4].s in ("next", "prev"):
            return "cat6", "%s->%s.%s: the list link used as a cursor" % (
                it, f, toks[k + 4].s)
        return "other", "%s->%s dereferences the cursor: after a complete walk " \
            "that reads or writes the object holding the head (NULL with " \
            "CONFIG_LIST_NOSPEC)" % (it, f)
    op, partner = comparison_partner(toks, k, k + 1, lo, hi)
    if op in ("==", "!="):
        if re.search(r"list_(?:first|last)?_?entry\w*\(\s*&?" + re.escape(strip_amp(head_txt)),
                     partner) or re.search(r"container_of\(", partner):
            return "cat5", "%s %s %s: compared with a head-derived value" % (it, op, partner)
        if hl and partner == "NULL":
            return "unaffected", "hlist cursor tested for NULL, which it " \
                "already is after a complete walk"
        return "cat2", "%s %s %s decides whether an element was found" % (
            it, op, partner)
    if op in ("!", "test"):
        if hl:
            return "unaffected", "hlist cursor tested for NULL, which it " \
                "already is after a complete walk"
        return "cat2", "%s tested for NULL: never NULL after a complete " \
            "walk today, always NULL with CONFIG_LIST_NOSPEC" % it
    if toks[lo].s == "return" and prev == "return" and nxt == ";":
        return "other", "%s returned to the caller, which gets the disguised " \
            "head after a complete walk" % it
    if nm:
        return "other", "%s passed to %s(), argument %d" % (it, nm, argi + 1)
    if prev == "=":
        return "other", "%s copied into %s" % (it, toks[k - 2].s if k - 2 >= lo else "?")
    return "other", "%s used in '%s'" % (it, clex.text(toks, lo, hi)[:60])


class FileInfo:
    """A source file: its lines, tokens, function bodies and, per function,
    the parsed body and its graph."""

    def __init__(self, path):
        with open(path, errors="replace") as f:
            self.src = f.read()
        self.lines = self.src.split("\n")
        self.toks = clex.tokenize(self.src)
        self.pos = {(t.line, t.col): t.i for t in self.toks}
        self.funcs = functions(self.toks)
        self.cache = {}

    def function_of(self, k):
        for a, b in self.funcs:
            if a < k < b:
                return a, b
        return None

    def parsed(self, fa, fb):
        if (fa, fb) not in self.cache:
            p = Parser(self.toks)
            ast = p.block(fa)
            self.cache[(fa, fb)] = (ast, CFG(self.toks, ast))
        return self.cache[(fa, fb)]


def analyse(root, sites):
    """sites: list of dicts (file, line, col, it, variant, loop_line); one
    record per site, the site with category and reason (and variant and
    excerpt when the use was found)."""
    locate_loops(root, sites)
    by_file = collections.defaultdict(list)
    for s in sites:
        by_file[s["file"]].append(s)
    out = []
    for fname, ss in sorted(by_file.items()):
        path = os.path.join(root, fname)
        try:
            fi = FileInfo(path)
        except OSError as e:
            for s in ss:
                out.append(dict(s, category="other", reason="cannot read: %s" % e))
            continue
        groups = collections.defaultdict(list)
        for s in ss:
            groups[(s["loop_line"], s["loop_col"], s["it"])].append(s)
        for (ll, lc, it), grp in groups.items():
            out.extend(analyse_loop(fi, ll, lc, it, grp))
    return out


def analyse_loop(fi, ll, lc, it, grp):
    """The records of the sites grp, uses of cursor it after the loop at
    line ll, column lc of file fi."""
    def fail(why):
        # an hlist cursor is NULL after a complete walk with or without the
        # series, whatever the code around it does
        return [dict(s, category="unaffected", reason="hlist cursor: already "
                     "NULL after a complete walk (loop not analysed: %s)" % why)
                if s["variant"].startswith("hlist") else
                dict(s, category="other", reason="not analysed (%s); "
                     "reported by the semantic patch" % why) for s in grp]
    k = fi.pos.get((ll, lc))
    if k is None:
        return fail("loop not found at %d:%d" % (ll, lc))
    fn = fi.function_of(k)
    if fn is None:
        return fail("no enclosing function")
    try:
        ast, cfg = fi.parsed(*fn)
    except (ValueError, IndexError, KeyError, RecursionError) as e:
        return fail("parse error: %s" % e)
    loop = find_loop(ast, k)
    if loop is None:
        return fail("loop statement not recognised")
    variant = fi.toks[k].s
    hl = variant.startswith("hlist")
    args = loop_args(fi.toks, loop)
    second = len(args) > 1 and args[1] == it and \
        variant.startswith(vocab.SAFE_PREFIX) and args[0] != it
    head_txt = args[-2] if len(args) >= 3 else "?"
    member = args[-1] if len(args) >= 3 else "?"
    if variant.endswith(("_rcu", "_srcu")) and not hl \
            and len(args) >= 4 and args[0] == it:
        # list_for_each_entry_rcu(pos, head, member, cond...)
        head_txt, member = args[1], args[2]
    if variant.startswith((vocab.SAFE_PREFIX, "h" + vocab.SAFE_PREFIX)):
        head_txt, member = args[-2], args[-1]
    an = Analysis(fi.toks, cfg, loop, it, hl, head_txt, member)
    reached, complete = an.run()
    res = []
    for s in grp:
        u = fi.pos.get((s["line"], s["col"]))
        rec = dict(s, variant=variant)
        if u is None:
            res.append(dict(rec, category="other",
                            reason="use not found at %d:%d" % (s["line"], s["col"])))
            continue
        span = stmt_span(cfg, u) or (u, u + 1)
        rec["excerpt"] = excerpt(fi, s["line"])
        if complete and u not in reached:
            tests = sorted({fi.toks[g.a].line for g in an.decided})
            why = "only reached after break/goto/return"
            if tests:
                why += ": the normal exit is turned away by the test%s on line%s %s" % (
                    "s" if len(tests) > 1 else "", "s" if len(tests) > 1 else "",
                    ", ".join(map(str, tests)))
            res.append(dict(rec, category="unaffected", reason=why))
            continue
        cat, why = classify_use(fi.toks, u, ast, loop, it, variant, head_txt,
                                member, span)
        if hl and cat != "unaffected":
            cat, why = "unaffected", "hlist cursor: already NULL after a complete " \
                "walk, the series does not change it (%s would be %s)" % (why, cat)
        elif second:
            why = "lookahead cursor %s of %s(): %s" % (it, variant, why)
        if not complete:
            why += " (walk cut short: assumed reachable)"
        res.append(dict(rec, category=cat, reason=why))
    return res


def excerpt(fi, line):
    return fi.lines[line - 1].strip()[:120] if 0 < line <= len(fi.lines) else ""


def locate_loops(root, sites):
    """The report gives the loop's line only; find the column of its
    iterator name on that line."""
    cache = {}
    for s in sites:
        if s["file"] not in cache:
            try:
                with open(os.path.join(root, s["file"]), errors="replace") as f:
                    cache[s["file"]] = f.read().split("\n")
            except OSError:
                cache[s["file"]] = []
        lines = cache[s["file"]]
        line = lines[s["loop_line"] - 1] if s["loop_line"] <= len(lines) else ""
        m = re.search(r"\b%s\s*\(" % re.escape(s["variant"]), line)
        s["loop_col"] = m.start() if m else -1

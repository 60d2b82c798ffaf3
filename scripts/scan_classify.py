#!/usr/bin/env python3
"""Decide and classify the uses of list iterators after their loops.

Reads the report lines of the series' semantic patch
scripts/coccinelle/iterators/list_iterator_after_loop.cocci
(file:line:col-col: WARNING: C used after its VARIANT() loop on line N; ...)
and the C sources they name.  For each site it re-walks the enclosing
function on a small control-flow graph of its own, from the function's
entry, with the constants held by local variables (found flags) and the
knowledge that the cursor is head-derived on the loop's normal exit.  A use
that the normal exit cannot reach once those tests are evaluated is
"unaffected"; every other use is sorted into the categories of the RFC
cover letter (cat1..cat6) or "other", each with a reason.

  scan_classify.py --root TREE [--json OUT] [--md OUT] [--title T] REPORT...
"""
import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "finder"))
import clex  # noqa: E402
import vocab  # noqa: E402

SITE_RE = re.compile(r"^(?:\./)?(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+)-\d+: "
                     r"WARNING: (?P<it>\w+) used after its (?P<var>\w+)\(\) "
                     r"loop on line (?P<loop>\d+)")

# ---------------------------------------------------------------- AST
KEYWORDS = {"if", "else", "for", "while", "do", "switch", "case", "default",
            "return", "goto", "break", "continue", "sizeof", "typeof",
            "__typeof__", "struct", "union", "enum", "static", "const",
            "unsigned", "signed", "int", "char", "long", "short", "void",
            "asm", "__asm__", "volatile", "__volatile__"}


class Node:
    def __init__(self, kind, a, b, **kw):
        self.kind, self.a, self.b = kind, a, b   # token span [a, b)
        self.kids = []
        self.__dict__.update(kw)


class Parser:
    def __init__(self, toks):
        self.t = toks

    def s(self, i):
        return self.t[i].s if i < len(self.t) else ""

    def block(self, i):
        end = clex.close(self.t, i)
        n = Node("block", i, end + 1)
        j = i + 1
        while j < end:
            st, j = self.stmt(j, end)
            n.kids.append(st)
        return n

    def simple(self, i, end, kind="expr"):
        j, d = i, 0
        while j < end:
            s = self.t[j].s
            if s in "([{":
                j = clex.close(self.t, j) + 1
                continue
            if s == ";":
                return Node(kind, i, j + 1), j + 1
            j += 1
        return Node(kind, i, end), end

    def paren(self, i):
        """toks[i] is '(' -> (close index)."""
        if self.s(i) != "(":
            raise ValueError("expected ( at %r" % self.t[min(i, len(self.t) - 1)])
        return clex.close(self.t, i)

    def stmt(self, i, end):
        s = self.s(i)
        if s == "{":
            n = self.block(i)
            return n, n.b
        if s == ";":
            return Node("expr", i, i + 1), i + 1
        if s == "if":
            c = self.paren(i + 1)
            th, j = self.stmt(c + 1, end)
            n = Node("if", i, j, cond=(i + 2, c))
            n.kids = [th]
            if self.s(j) == "else":
                el, j = self.stmt(j + 1, end)
                n.kids.append(el)
                n.b = j
            return n, j
        if s in ("while", "switch"):
            c = self.paren(i + 1)
            body, j = self.stmt(c + 1, end)
            n = Node("while" if s == "while" else "switch", i, j,
                     cond=(i + 2, c), name=s)
            n.kids = [body]
            return n, j
        if s == "for":
            c = self.paren(i + 1)
            body, j = self.stmt(c + 1, end)
            # split the header into init; cond; step
            parts, k, st = [], i + 2, i + 2
            while k < c:
                if self.t[k].s in "([{":
                    k = clex.close(self.t, k) + 1
                    continue
                if self.t[k].s == ";":
                    parts.append((st, k))
                    st = k + 1
                k += 1
            parts.append((st, c))
            while len(parts) < 3:
                parts.append((c, c))
            n = Node("for", i, j, cond=parts[1], init=parts[0],
                     step=parts[2], name="for")
            n.kids = [body]
            return n, j
        if s == "do":
            body, j = self.stmt(i + 1, end)
            if self.s(j) != "while":
                raise ValueError("do without while")
            c = self.paren(j + 1)
            n = Node("do", i, c + 2, cond=(j + 2, c))
            n.kids = [body]
            return n, c + 2 if self.s(c + 1) == ";" else c + 1
        if s in ("return", "goto", "break", "continue"):
            n, j = self.simple(i, end, s)
            if s == "goto":
                n.label = self.s(i + 1)
            return n, j
        if s in ("case", "default"):
            j, d = i + 1, 0
            while j < end:
                x = self.t[j].s
                if x == "?":
                    d += 1
                elif x == ":":
                    if d == 0:
                        break
                    d -= 1
                elif x in "([{":
                    j = clex.close(self.t, j)
                j += 1
            return Node("case", i, j + 1), j + 1
        if re.match(r"[A-Za-z_]\w*$", s) and s not in KEYWORDS:
            if self.s(i + 1) == ":" and self.s(i + 2) != ":":
                return Node("label", i, i + 2, label=s), i + 2
            if self.s(i + 1) == "(":
                c = clex.close(self.t, i + 1)
                nx = self.s(c + 1)
                if "for_each" in s or nx == "{" or (re.match(r"[A-Za-z_]\w*$", nx) and
                                 self.s(c + 2) not in ("(", ";", "=", ",")
                                 or nx in ("if", "return", "for", "while",
                                           "switch", "do", "break",
                                           "continue", "goto")):
                    body, j = self.stmt(c + 1, end)
                    n = Node("macroloop", i, j, cond=(i + 2, c), name=s)
                    n.kids = [body]
                    return n, j
        return self.simple(i, end)


def functions(toks):
    """(open, close) token indices of every top-level brace pair that looks
    like a function body (preceded by ')' or an attribute macro)."""
    out, i, n = [], 0, len(toks)
    while i < n:
        if toks[i].s == "{":
            j = clex.close(toks, i)
            if i > 0 and toks[i - 1].s in (")",) or (
                    i > 1 and re.match(r"[A-Za-z_]\w*$", toks[i - 1].s)
                    and toks[i - 2].s == ")"):
                out.append((i, j))
            i = j + 1
        else:
            i += 1
    return out


# ---------------------------------------------------------------- CFG
class G:
    """A control-flow node: kind in expr/cond/head/kill/end; span of tokens
    it evaluates; succ list (for cond: [true, false]; head: [body, exit])."""
    __slots__ = ("kind", "a", "b", "succ", "ast", "line")

    def __init__(self, kind, a, b, ast=None):
        self.kind, self.a, self.b, self.ast = kind, a, b, ast
        self.succ = []


class CFG:
    def __init__(self, toks, body):
        self.toks = toks
        self.nodes = []
        self.labels = {}
        self.heads = {}          # loop AST node -> head G
        self.end = self.new("end", 0, 0)
        self.collect_labels(body)
        self.entry = self.build(body, self.end, None, None, None)

    def new(self, kind, a, b, ast=None):
        g = G(kind, a, b, ast)
        self.nodes.append(g)
        return g

    def collect_labels(self, n):
        if n.kind == "label":
            self.labels[n.label] = self.new("expr", n.a, n.a)
        for k in n.kids:
            self.collect_labels(k)

    def build(self, n, nxt, brk, cont, sw):
        """Return the entry G of AST n, falling through to nxt."""
        k = n.kind
        if k == "block":
            cur = nxt
            for kid in reversed(n.kids):
                cur = self.build(kid, cur, brk, cont, sw)
            return cur
        if k == "expr":
            g = self.new("expr", n.a, n.b, n)
            g.succ = [nxt]
            return g
        if k == "label":
            g = self.labels[n.label]
            g.succ = [nxt]
            return g
        if k == "case":
            g = self.new("expr", n.a, n.a, n)
            g.succ = [nxt]
            if sw is not None:
                sw.append((n, g))
            return g
        if k == "return":
            g = self.new("expr", n.a, n.b, n)
            g.succ = [self.end]
            return g
        if k == "goto":
            g = self.new("expr", n.a, n.b, n)
            tgt = self.labels.get(n.label)
            g.succ = [tgt if tgt is not None else self.end]
            return g
        if k in ("break", "continue"):
            g = self.new("expr", n.a, n.a, n)
            tgt = brk if k == "break" else cont
            g.succ = [tgt if tgt is not None else nxt]
            return g
        if k == "if":
            g = self.new("cond", n.cond[0], n.cond[1], n)
            th = self.build(n.kids[0], nxt, brk, cont, sw)
            el = (self.build(n.kids[1], nxt, brk, cont, sw)
                  if len(n.kids) > 1 else nxt)
            g.succ = [th, el]
            return g
        if k == "switch":
            g = self.new("cond", n.cond[0], n.cond[1], n)
            g.kind = "switch"
            cases = []
            body = self.build(n.kids[0], nxt, nxt, cont, cases)
            g.succ = [c for _, c in cases]
            if not any(self.toks[c.a].s == "default" for c, _ in cases):
                g.succ.append(nxt)
            if not g.succ:
                g.succ = [body]
            return g
        if k in ("while", "for", "macroloop"):
            if k == "for":
                init = self.new("expr", n.init[0], n.init[1], n)
                step = self.new("expr", n.step[0], n.step[1], n)
            h = self.new("head", n.cond[0], n.cond[1], n)
            self.heads[n] = h
            contg = step if k == "for" else h
            body = self.build(n.kids[0], contg, nxt, contg, None)
            h.succ = [body, nxt]
            if k == "for":
                step.succ = [h]
                init.succ = [h]
                return init
            return h
        if k == "do":
            h = self.new("head", n.cond[0], n.cond[1], n)
            self.heads[n] = h
            body = self.build(n.kids[0], h, nxt, h, None)
            h.succ = [body, nxt]
            return body
        g = self.new("expr", n.a, n.b, n)
        g.succ = [nxt]
        return g


# ---------------------------------------------------------------- values
NONNULL = "nonnull"
CONST_RE = re.compile(r"^(?:-?\d+[uUlL]*|-?0[xX][0-9a-fA-F]+[uUlL]*|true|false|NULL)$")


SYM_RE = re.compile(r"^-?[A-Z][A-Z0-9_]*$")


def const_val(s):
    """Value of a constant: an int, or ('sym', text) for an upper-case
    name such as -ENOENT (equal only to itself; an errno is non-zero)."""
    if s in ("true",):
        return 1
    if s in ("false", "NULL"):
        return 0
    if SYM_RE.match(s):
        return ("sym", s)
    try:
        return int(s.rstrip("uUlL"), 0)
    except ValueError:
        return None


def t_is(toks, k, s):
    return k < len(toks) and toks[k].s == s


def strip_amp(s):
    return s[1:] if s.startswith("&") else s


class Site:
    pass


class Analysis:
    """One loop of one function: which token indices of its iterator are
    reached from the loop's normal exit."""

    def __init__(self, toks, cfg, loop, it, hlist, head_txt, member):
        self.t, self.cfg, self.loop, self.it = toks, cfg, loop, it
        self.hlist, self.head, self.member = hlist, head_txt, member
        self.decided = {}        # cond G -> value seen while armed

    # --- conditions ----------------------------------------------------
    def split(self, a, b, op):
        parts, st, k = [], a, a
        while k < b:
            s = self.t[k].s
            if s in "([{":
                k = clex.close(self.t, k) + 1
                continue
            if s == op:
                parts.append((st, k))
                st = k + 1
            k += 1
        parts.append((st, b))
        return parts

    def strip(self, a, b):
        while b - a >= 2 and self.t[a].s == "(" and clex.close(self.t, a) == b - 1:
            a, b = a + 1, b - 1
        return a, b

    def ev(self, a, b, st, armed):
        """3-valued value of tokens [a, b) (1, 0, NONNULL, None)."""
        a, b = self.strip(a, b)
        if a >= b:
            return None
        for op in ("||", "&&"):
            parts = self.split(a, b, op)
            if len(parts) > 1:
                vals = [self.truth(self.ev(x, y, st, armed)) for x, y in parts]
                if op == "||":
                    return 1 if 1 in vals else (0 if all(v == 0 for v in vals) else None)
                return 0 if 0 in vals else (1 if all(v == 1 for v in vals) else None)
        for op in ("==", "!="):
            parts = self.split(a, b, op)
            if len(parts) == 2:
                l, r = parts
                v = self.cmp(l, r, st, armed)
                if v is None:
                    return None
                return v if op == "==" else 1 - v
        if self.t[a].s == "!":
            v = self.truth(self.ev(a + 1, b, st, armed))
            return None if v is None else 1 - v
        if (self.t[a].s in ("unlikely", "likely", "WARN_ON", "WARN_ON_ONCE")
                and b - a > 2
                and self.t[a + 1].s == "("):
            return self.ev(a + 1, b, st, armed)
        if self.t[a].s in ("list_entry_is_head", "list_walk_completed") \
                and armed and b - a > 3 \
                and self.t[a + 2].s == self.it and self.t[a + 3].s == ",":
            return 1
        if b - a == 1:
            s = self.t[a].s
            if s == self.it and armed:
                return 0 if self.hlist else None
            if s in st:
                return st[s]
            return const_val(s) if CONST_RE.match(s) else None
        if b - a == 2 and self.t[a].s == "-" and SYM_RE.match(self.t[a + 1].s):
            return const_val("-" + self.t[a + 1].s)
        return None

    @staticmethod
    def truth(v):
        if v is None:
            return None
        if v == NONNULL:
            return 1
        if isinstance(v, tuple):
            return 1 if v[1].startswith("-E") else None
        return 1 if v else 0

    def cmp(self, l, r, st, armed):
        lt, rt = clex.text(self.t, *self.strip(*l)), clex.text(self.t, *self.strip(*r))
        if armed:
            for x, y in ((lt, rt), (rt, lt)):
                if x == "&%s->%s" % (self.it, self.member) and \
                        strip_amp(y) == strip_amp(self.head) and not self.hlist:
                    return 1
        lv, rv = self.ev(*l, st, armed), self.ev(*r, st, armed)
        if lv is None or rv is None:
            return None
        if NONNULL in (lv, rv):
            other = rv if lv == NONNULL else lv
            return 0 if other == 0 else None
        if isinstance(lv, tuple) or isinstance(rv, tuple):
            if lv == rv:
                return 1
            errno = [x for x in (lv, rv) if isinstance(x, tuple) and x[1].startswith("-E")]
            if errno and (0 in (lv, rv) or len(errno) == 2):
                return 0
            return None
        return 1 if lv == rv else 0

    # --- effects of a node on the state -------------------------------
    def effects(self, g, st):
        """New state after g (dict of var -> value); also whether g
        assigns the iterator."""
        t, a, b = self.t, g.a, g.b
        st = dict(st)
        killed = False
        k = a
        while k < b:
            s = t[k].s
            if s == "=" and k > a and re.match(r"[A-Za-z_]\w*$", t[k - 1].s) \
                    and (k - 1 == a or t[k - 2].s not in (".", "->")):
                var = t[k - 1].s
                # value: the tokens up to ; or , at depth 0
                e = k + 1
                while e < b and t[e].s not in (";", ","):
                    if t[e].s in "([{":
                        e = clex.close(t, e)
                    e += 1
                if var == self.it:
                    killed = True
                vt = clex.text(t, k + 1, e)
                if CONST_RE.match(vt) or SYM_RE.match(vt):
                    st[var] = const_val(vt)
                elif vt == self.it and self.inside_loop(g):
                    st[var] = NONNULL
                else:
                    st.pop(var, None)
                k = e
                continue
            if s in ("++", "--", "+=", "-=", "|=", "&=", "^=", "*=", "/=") :
                for x in (t[k - 1].s if k > a else "", t[k + 1].s if k + 1 < b else ""):
                    st.pop(x, None)
            if s == "&" and k + 1 < b and \
                    (k + 2 >= b or t[k + 2].s not in ("->", ".", "[")):
                st.pop(t[k + 1].s, None)
                if t[k + 1].s == self.it and (k == a or t[k - 1].s in ("(", ",")):
                    killed = True
            if s == "list_remove_head" and k + 4 < b and t[k + 1].s == "(":
                e = k + 2
                while e < b and t[e].s != ",":
                    e += 1
                if e + 1 < b and t[e + 1].s == self.it:
                    killed = True
            k += 1
        return st, killed

    def inside_loop(self, g):
        return self.loop.a <= g.a < self.loop.b

    def loop_assigns_it(self, g):
        """g is the head of another loop whose cursor is our iterator."""
        n = g.ast
        if n is self.loop or n.kind != "macroloop":
            return False, False
        a, b = n.cond
        args = [clex.text(self.t, x, y) for x, y in self.split(a, b, ",")]
        if not vocab.is_entry(n.name) \
                and re.search(r"for_each|FOR_EACH", n.name) and self.it in args:
            # other families set the cursor they are given, wherever it is
            return True, vocab.resumes(n.name) and args[0] == self.it
        if args and args[0] == self.it:
            return True, vocab.resumes(n.name)
        if len(args) > 1 and args[1] == self.it and \
                n.name.startswith(vocab.SAFE_PREFIX):
            return True, False
        return False, False

    # --- the walk ------------------------------------------------------
    def run(self, limit=200000):
        reached = set()
        start = (self.cfg.entry, (), False)
        seen = {start}
        work = [start]
        head = self.cfg.heads.get(self.loop)
        steps = 0
        while work and steps < limit:
            steps += 1
            g, stt, armed = work.pop()
            st = dict(stt)
            succ = None
            if g.kind == "head" and g is head:
                # the exit edge arms; the body edge disarms.  Coming back
                # armed (an outer loop, a goto), a _continue/_from header
                # resumes from the cursor the complete walk left.
                if armed and g.ast.kind == "macroloop" and \
                        vocab.resumes(self.t[g.ast.a].s):
                    reached.add(self.first_it(g.a, g.b))
                nst, _ = self.effects(g, st)
                nxt = [(g.succ[0], nst, False), (g.succ[1], nst, True)]
            else:
                killed = False
                if armed:
                    if g.kind == "head":
                        takes, uses = self.loop_assigns_it(g)
                        if takes:
                            if uses:
                                reached.add(self.first_it(g.a, g.b))
                            killed = True
                    if not killed:
                        self.mark(g, st, reached)
                nst, k2 = self.effects(g, st) if g.kind in ("expr", "head", "cond") \
                    else (st, False)
                if killed or k2:
                    armed = False
                if g.kind == "expr" and t_is(self.t, g.a, "BUG_ON") and \
                        self.truth(self.ev(g.a + 1, g.b - 1, st, armed)) == 1:
                    continue        # BUG_ON() of a true condition does not return
                if g.kind in ("cond", "head") and g.ast.kind != "switch" and g.succ:
                    v = self.truth(self.ev(g.a, g.b, st, armed)) \
                        if g.kind == "cond" or g.ast.kind != "do" else None
                    if g.kind == "head" and g.ast.kind == "macroloop":
                        v = None
                    if armed and v is not None and g.kind == "cond":
                        self.decided[g] = v
                    if v == 1:
                        succ = [g.succ[0]]
                    elif v == 0:
                        succ = [g.succ[1]]
                    elif g.kind == "cond" and len(g.succ) == 2:
                        var, neg = self.bare_var(g.a, g.b)
                        if var:
                            tst, fst = dict(nst), dict(nst)
                            tst[var], fst[var] = (0, NONNULL) if neg else (NONNULL, 0)
                            nxt = [(g.succ[0], tst, armed), (g.succ[1], fst, armed)]
                            for s2, nst2, arm in nxt:
                                key = (s2, tuple(sorted(nst2.items(), key=repr)), arm)
                                if key not in seen:
                                    seen.add(key)
                                    work.append(key)
                            continue
                nxt = [(s, nst, armed) for s in (succ or g.succ)]
            for s, nst, arm in nxt:
                key = (s, tuple(sorted(nst.items(), key=repr)), arm)
                if key not in seen:
                    seen.add(key)
                    work.append(key)
        return reached, steps < limit

    def bare_var(self, a, b):
        """(name, negated) when the condition is a plain variable or its
        negation (other than the iterator), else (None, False)."""
        a, b = self.strip(a, b)
        neg = False
        if b - a == 2 and self.t[a].s == "!":
            a, neg = a + 1, True
        if b - a == 1 and re.match(r"[a-z_]\w*$", self.t[a].s) and \
                self.t[a].s != self.it and self.t[a].s not in KEYWORDS:
            return self.t[a].s, neg
        return None, False

    def first_it(self, a, b):
        for k in range(a, b):
            if self.t[k].s == self.it:
                return k
        return a

    def mark(self, g, st, reached):
        """Record the uses of the iterator g evaluates (respecting && and
        || short circuits whose outcome the state decides)."""
        a, b = g.a, g.b
        if g.kind == "cond":
            self.mark_cond(a, b, st, reached)
            return
        for k in range(a, b):
            if self.t[k].s == self.it and self.is_use(k):
                reached.add(k)

    def mark_cond(self, a, b, st, reached):
        a2, b2 = self.strip(a, b)
        for op in ("||", "&&"):
            parts = self.split(a2, b2, op)
            if len(parts) > 1:
                for x, y in parts:
                    self.mark_cond(x, y, st, reached)
                    v = self.truth(self.ev(x, y, st, True))
                    if (op == "&&" and v == 0) or (op == "||" and v == 1):
                        return
                return
        for k in range(a, b):
            if self.t[k].s == self.it and self.is_use(k):
                reached.add(k)

    def is_use(self, k):
        p = self.t[k - 1].s if k else ""
        return p not in (".", "->")


# ---------------------------------------------------------------- classify
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
    j, d = b, 0
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
                d2, f = 0, e
                while f >= lo:
                    if toks[f].s in ")]}":
                        d2 += 1
                    elif toks[f].s in "([{":
                        d2 -= 1
                        if d2 == 0:
                            break
                    f -= 1
                e = f
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
    if nxt == "=" and False:
        pass
    if prev == "=":
        return "other", "%s copied into %s" % (it, toks[k - 2].s if k - 2 >= lo else "?")
    return "other", "%s used in '%s'" % (it, clex.text(toks, lo, hi)[:60])


# ---------------------------------------------------------------- driver
class FileInfo:
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


def find_loop(ast, k):
    stack = [ast]
    while stack:
        n = stack.pop()
        if n.kind == "macroloop" and n.a == k:
            return n
        stack.extend(n.kids)
    return None


def stmt_span(cfg, k):
    best = None
    for g in cfg.nodes:
        if g.a <= k < g.b and g.kind != "end":
            if best is None or g.b - g.a < best[1] - best[0]:
                best = (g.a, g.b)
    return best


def loop_args(toks, loop):
    a, b = loop.cond
    parts, st, j = [], a, a
    while j < b:
        if toks[j].s in "([{":
            j = clex.close(toks, j) + 1
            continue
        if toks[j].s == ",":
            parts.append(clex.text(toks, st, j))
            st = j + 1
        j += 1
    parts.append(clex.text(toks, st, b))
    return parts


def analyse(root, sites):
    """sites: list of dicts (file, line, col, it, variant, loop_line)."""
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
    args = loop_args(fi.toks, loop)
    second = len(args) > 1 and args[1] == it and \
        variant.startswith(vocab.SAFE_PREFIX) and args[0] != it
    head_txt = args[-2] if len(args) >= 3 else "?"
    member = args[-1] if len(args) >= 3 else "?"
    if variant.endswith(("_rcu", "_srcu")) and not variant.startswith("hlist") \
            and len(args) >= 4 and args[0] == it:
        # list_for_each_entry_rcu(pos, head, member, cond...)
        head_txt, member = args[1], args[2]
    elif variant.startswith("hlist") and args[0] == it:
        head_txt = args[-2] if not variant.endswith("_safe") else args[-2]
    if variant.startswith((vocab.SAFE_PREFIX, "h" + vocab.SAFE_PREFIX)):
        head_txt, member = args[-2], args[-1]
    hl = variant.startswith("hlist")
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
        if hl and cat not in ("unaffected",):
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


def parse_report(paths):
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


def subsystem(path):
    parts = path.split("/")
    depth = 3 if parts[0] in ("drivers", "sound", "arch", "fs", "net") and len(parts) > 3 else 2
    return "/".join(parts[:min(depth, len(parts) - 1)]) or parts[0]


def write_md(recs, out, title):
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--json")
    ap.add_argument("--md")
    ap.add_argument("--title", default="Uses of list iterators after their loops")
    ap.add_argument("reports", nargs="+")
    a = ap.parse_args()
    sys.setrecursionlimit(20000)
    sites = parse_report(a.reports)
    locate_loops(a.root, sites)
    recs = analyse(a.root, sites)
    out = []
    for r in sorted(recs, key=lambda r: (r["file"], r["line"], r["col"])):
        out.append(collections.OrderedDict([
            ("file", r["file"]), ("line", r["line"]), ("col", r["col"]),
            ("loop_line", r["loop_line"]), ("variant", r["variant"]),
            ("iterator", r["it"]), ("category", r["category"]),
            ("reason", r["reason"]), ("excerpt", r.get("excerpt", ""))]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    if a.md:
        write_md(out, a.md, a.title)
    if not a.json and not a.md:
        for r in out:
            print("%s:%d: %s: %s" % (r["file"], r["line"], r["category"], r["reason"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

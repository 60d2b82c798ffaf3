"""Which uses of a loop's cursor the loop's normal exit reaches.

Analysis walks the control-flow graph of finder/cfg.py from the function's
entry with a path-sensitive state: the constants local variables hold
(found = true, ret = -ENOENT, p = NULL; p = pos inside the loop counts as
non-NULL), and on the loop's exit edge the knowledge that the cursor is
head-derived, so list_entry_is_head(pos, ...) and &pos->member == head
are true there and an hlist cursor is NULL.
Conditions are evaluated three-valued (&&, ||, !, ==, !=) and a path is
not followed where they decide it; an assignment to the cursor or a later
walk with it ends the path.
"""
import re

import clex
import vocab
from parse import KEYWORDS

NONNULL = "nonnull"
CONST_RE = re.compile(r"^(?:-?\d+[uUlL]*|-?0[xX][0-9a-fA-F]+[uUlL]*|true|false|NULL)$")
SYM_RE = re.compile(r"^-?[A-Z][A-Z0-9_]*$")


def const_val(s):
    """Value of a constant: an int, or ('sym', text) for an upper-case
    name such as -ENOENT (equal only to itself; an errno is non-zero)."""
    if s == "true":
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
        if self.t[a].s == "list_entry_is_head" \
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
            if s in ("++", "--", "+=", "-=", "|=", "&=", "^=", "*=", "/="):
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
                if g.kind in ("cond", "head") and g.succ:
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

"""Statements of a C function body, from its tokens (finder/clex.py).

Parser builds a small tree of Node: blocks, if/else, while, for, do,
switch, case labels, goto labels, return/goto/break/continue, loops
written with a macro (list_for_each_entry(...) and any other NAME(...)
followed by a statement) and plain expression statements.  Declarations
are expression statements.  functions() finds the function bodies of a
file, find_loop() and loop_args() a macro loop and its arguments.
"""
import re

import clex

KEYWORDS = {"if", "else", "for", "while", "do", "switch", "case", "default",
            "return", "goto", "break", "continue", "sizeof", "typeof",
            "__typeof__", "struct", "union", "enum", "static", "const",
            "unsigned", "signed", "int", "char", "long", "short", "void",
            "asm", "__asm__", "volatile", "__volatile__"}


class Node:
    """A statement: its kind, token span [a, b), kids and, by kind, cond
    (token span of the condition or loop header), init, step, name, label."""

    def __init__(self, kind, a, b, **kw):
        self.kind, self.a, self.b = kind, a, b
        self.kids = []
        self.__dict__.update(kw)


class Parser:
    """Recursive descent over a token list; block(i) parses the braced
    block that opens at token i."""

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
        j = i
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
            if i > 0 and toks[i - 1].s == ")" or (
                    i > 1 and re.match(r"[A-Za-z_]\w*$", toks[i - 1].s)
                    and toks[i - 2].s == ")"):
                out.append((i, j))
            i = j + 1
        else:
            i += 1
    return out


def find_loop(ast, k):
    """The macro loop whose name is token k, or None."""
    stack = [ast]
    while stack:
        n = stack.pop()
        if n.kind == "macroloop" and n.a == k:
            return n
        stack.extend(n.kids)
    return None


def loop_args(toks, loop):
    """The texts of a macro loop's arguments."""
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

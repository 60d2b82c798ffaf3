"""The control-flow graph of a function body parsed by finder/parse.py.

One node (G) per expression statement, condition, switch, loop head and
label, and one end node; succ lists the successors (a condition: [true,
false]; a loop head: [body, exit]; a switch: its case labels, and what
follows it when there is no default).  break, continue, goto and return
are wired to their targets.  heads maps each loop's Node to its head.
"""


class G:
    """A control-flow node: kind (expr, cond, switch, head or end), the
    span [a, b) of tokens it evaluates, its statement's Node and succ."""
    __slots__ = ("kind", "a", "b", "succ", "ast")

    def __init__(self, kind, a, b, ast=None):
        self.kind, self.a, self.b, self.ast = kind, a, b, ast
        self.succ = []


class CFG:
    """The graph of the function body Node body, entered at entry."""

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
            g = self.new("switch", n.cond[0], n.cond[1], n)
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


def stmt_span(cfg, k):
    """The token span of the smallest node that evaluates token k, or None."""
    best = None
    for g in cfg.nodes:
        if g.a <= k < g.b and g.kind != "end":
            if best is None or g.b - g.a < best[1] - best[0]:
                best = (g.a, g.b)
    return best

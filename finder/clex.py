"""C tokens for the finder: the one lexer and bracket matcher it has.

The rules are written once, below; three views use them:

  tokenize(text)         Tok objects with line and column (the classifier)
  tokens(text, bodies)   the token strings only, fast (the shadow writer's
                         test of a function); with bodies=True the text of a
                         #define stays (spatch looks into macro bodies too)
  braces(text)           the { } ; of the code with their lines (the shadow
                         writer's cut of a file into top-level constructs)

Comments and blanks are no tokens.  A string or character constant is one
token.  A preprocessor directive (a line whose first non-blank is #) and
its continuation lines are no tokens, except the body of a #define with
bodies=True; braces() drops only the directive's first line, so a macro
whose body is a braced block from its second line on is a construct of its
own, as spatch parses it (XFRM_STATE_INSERT in net/xfrm/xfrm_state.c).
"""
import re

BLANK = r"[ \t\r\f\v]+"
COMMENT = r"//[^\n]*|/\*.*?\*/"
LITERAL = r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'"""
DIRECTIVE = r"^[ \t]*\#(?:\\\n|[^\n])*"
DEFINE_HEAD = r"^[ \t]*\#[ \t]*define[ \t]+\w+(?:\([^)]*\))?"
IDENT = r"[A-Za-z_]\w*"
NUMBER = r"\.?\d[\w.]*"       # 1.5e+3 is three tokens: 1.5e + 3
PUNCT = (r"->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\.\.\.|"
         r"[{}()\[\];,:?.~!<>=&|^+\-*/%\#\\]")


def _lexer(skip):
    # what is skipped matches with the group empty; findall() then gives ""
    return re.compile("|".join(skip + [BLANK, r"\n", COMMENT]) +
                      "|(%s)" % "|".join([LITERAL, IDENT, NUMBER, PUNCT]),
                      re.S | re.M)


CODE = _lexer([DIRECTIVE])
CODE_AND_BODIES = _lexer([DEFINE_HEAD, DIRECTIVE])
STRUCTURE = re.compile("%s|%s|([{};])" % (COMMENT, LITERAL), re.S)
DIRECTIVE_LINE = re.compile(r"[ \t]*#")
OPEN = {"(": ")", "[": "]", "{": "}"}


class Tok:
    """One token: its text s, line, column (from 0), index i in its list
    and m, the index of the bracket it pairs with (None if it has none)."""
    __slots__ = ("s", "line", "col", "i", "m")

    def __init__(self, s, line, col):
        self.s, self.line, self.col = s, line, col

    def __repr__(self):
        return "%s@%d:%d" % (self.s, self.line, self.col)


def tokenize(text):
    """The tokens of a C file, with their positions (lines from 1, columns
    from 0); the newlines of a string constant continued with
    backslash-newline count, so the tokens after it keep their lines."""
    toks = []
    line, lstart = 1, 0
    for m in CODE.finditer(text):
        s = m.group(1)
        if s is not None:
            toks.append(Tok(s, line, m.start() - lstart))
            k = s.count("\n")      # a string continued with backslash-newline
            if k:
                line += k
                lstart = m.start() + s.rfind("\n") + 1
            continue
        k = m.group().count("\n")
        if k:
            line += k
            lstart = m.start() + m.group().rfind("\n") + 1
    for i, (t, p) in enumerate(zip(toks, partners([t.s for t in toks]))):
        t.i, t.m = i, p
    return toks


def tokens(text, bodies=False):
    """The token strings of C text; with bodies, those of #define bodies too."""
    return [s for s in (CODE_AND_BODIES if bodies else CODE).findall(text) if s]


def braces(text):
    """(char, line, offset) of every {, } and ; of the code, outside
    comments, constants and the first line of a directive."""
    line, last = 1, 0
    for m in STRUCTURE.finditer(text):
        if m.group(1) is None:
            continue
        pos = m.start()
        line += text.count("\n", last, pos)
        last = pos
        if not DIRECTIVE_LINE.match(text, text.rfind("\n", 0, pos) + 1, pos):
            yield m.group(1), line, pos


def partners(texts):
    """For each token text, the index of the bracket that pairs with it
    (counting brackets of its own kind only), or None."""
    out = [None] * len(texts)
    stacks = {"(": [], "[": [], "{": []}
    close = {c: stacks[o] for o, c in OPEN.items()}
    for i, s in enumerate(texts):
        if s in stacks:
            stacks[s].append(i)
        elif s in close and close[s]:
            j = close[s].pop()
            out[i], out[j] = j, i
    return out


def close(toks, i):
    """Index of the bracket that closes the opening bracket toks[i], or of
    the last token when it is never closed."""
    m = toks[i].m
    return len(toks) - 1 if m is None else m


def text(toks, a, b):
    """The source text of tokens [a, b), one blank between two words."""
    return "".join(t.s if not (k and re.match(r"\w", t.s) and
                               re.match(r"\w", toks[a + k - 1].s[-1:]))
                   else " " + t.s for k, t in enumerate(toks[a:b]))

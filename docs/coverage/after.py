"""Uses of a loop variable after its loop, within the same function.

after_uses(rec, var) walks the mentions of `var` between the end of the
loop statement and the end of the enclosing depth-0 block (the function),
in text order, and stops at the first one that (re)defines the variable:
  - a plain assignment `var = ...`,
  - the cursor argument of a later *for_each* iterator that assigns it
    (i.e. not a _continue/_from form, which read it),
  - list_safe_reset_next(x, var, m),
  - a declaration of a variable with the same name (shadowing).
Every mention before that is a "use".  Mentions inside sizeof()/typeof()
are ignored.  Text order is not control flow: a use in a branch that a
completed walk cannot reach still counts; the hand-checked samples in
coverage.md measure that imprecision.
"""
import re
from cscan import mentions, is_write, skip_ws, line_of, split_args, match_paren

KEYWORDS = {'return', 'case', 'goto', 'sizeof', 'else', 'do', 'typeof',
            '__typeof__', 'if', 'while', 'for', 'switch'}


def enclosing_call(code, p, lo):
    """Name and arg index of the innermost call whose parens contain p."""
    depth = 0
    argi = 0
    i = p - 1
    while i > lo:
        c = code[i]
        if c in ')]}':
            depth += 1
        elif c in '([{':
            if depth == 0:
                if c != '(':
                    return None, None
                m = re.search(r'([A-Za-z_]\w*)\s*$', code[max(lo, i - 80):i])
                return (m.group(1) if m else None), (argi, i)
            depth -= 1
        elif c == ',' and depth == 0:
            argi += 1
        elif c == ';' and depth == 0:
            return None, None
        i -= 1
    return None, None


def in_unevaluated(code, p, lo):
    depth = 0
    i = p - 1
    while i > lo:
        c = code[i]
        if c == ')':
            depth += 1
        elif c == '(':
            if depth == 0:
                m = re.search(r'(sizeof|typeof|__typeof__|ARRAY_SIZE|offsetof)\s*$',
                              code[max(lo, i - 20):i])
                if m:
                    return True
            else:
                depth -= 1
        elif c in ';{}' and depth == 0:
            return False
        i -= 1
    return False


DECL = re.compile(r'^\s*(?:(?:static|const|volatile|unsigned|signed|register)\s+)*'
                  r'(?:(?:struct|union|enum)\s+)?([A-Za-z_]\w*)(?:\s+|\s*\*+\s*)(?:const\s+)?'
                  r'(?:[A-Za-z_]\w*\s*(?:=[^,;]*)?,\s*\**\s*)*$')


def is_decl(code, p, var):
    """`T *var;`, `struct x *a, *var = ...;` at the start of a statement."""
    ls = max(code.rfind(';', 0, p), code.rfind('{', 0, p), code.rfind('}', 0, p)) + 1
    pre = code[ls:p]
    post = code[skip_ws(code, p + len(var)):][:1]
    if post not in (';', '=', ',', '['):
        return False
    m = DECL.match(pre)
    return bool(m) and m.group(1) not in KEYWORDS


def whole_arg(code, p, var):
    """Is the mention at p a whole macro/function argument?"""
    i = p - 1
    while i >= 0 and code[i].isspace():
        i -= 1
    j = skip_ws(code, p + len(var))
    return i >= 0 and code[i] in '(,' and j < len(code) and code[j] in ',)'


def statement(code, p):
    s = max(code.rfind(';', 0, p), code.rfind('{', 0, p), code.rfind('}', 0, p)) + 1
    e = code.find(';', p)
    e2 = code.find('{', p)
    if e2 >= 0 and (e < 0 or e2 < e):
        e = e2
    return code[s:e if e >= 0 else len(code)]


def innermost_open(code, p, lo):
    """Offset of the innermost unmatched '{' before p (lo if none)."""
    depth = 0
    i = p - 1
    while i > lo:
        c = code[i]
        if c == '}':
            depth += 1
        elif c == '{':
            if depth == 0:
                return i
            depth -= 1
        i -= 1
    return lo


def unconditional(code, p, rec):
    """Does the statement at p run on every path that leaves the loop?
    Approximation: it sits in the loop's own block or an enclosing one, and
    is not the braceless body of an if/else/for/while (a for-init counts
    as unconditional)."""
    lo = rec['fblock'][0]
    bl = innermost_open(code, rec['start'], lo)
    bk = innermost_open(code, p, lo)
    if not (bk <= bl and match_paren(code, bk) >= rec['body'][1]):
        return False
    st = max(code.rfind(';', 0, p), code.rfind('{', 0, p), code.rfind('}', 0, p))
    between = re.sub(r'^\s*[A-Za-z_]\w*\s*:(?!:)', '', code[st + 1:p])
    if re.fullmatch(r'\s*for\s*\(\s*', between):
        return True
    return not re.search(r'\b(else|if|for|while|do)\b', between)


def kill_scope(code, p, rec):
    """A redefinition at p that does not run on every path: its effect is
    assumed to last to the end of its own block (or, for a braceless
    if/else body, its statement); mentions in that range are skipped."""
    lo = rec['fblock'][0]
    bl = innermost_open(code, rec['start'], lo)
    bk = innermost_open(code, p, lo)
    if bk > bl or match_paren(code, bk) < rec['body'][1]:
        return match_paren(code, bk)
    e = code.find(';', p)
    return e if e >= 0 else len(code)


def cursor_args(code, name, op):
    """How many leading args of iterator `name` are assigned cursors."""
    nargs = len(split_args(code[op + 1:match_paren(code, op)]))
    return nargs - (2 if 'entry' in name else 1)


def after_uses(rec, var, assigning_iter=re.compile(r'for_each|foreach')):
    code = rec['code']
    if not rec.get('fblock'):
        return [], None
    lo = rec['body'][1]
    hi = rec['fblock'][1]
    uses = []
    skip_until = -1
    for p in mentions(code, var, lo, hi):
        if p < skip_until:
            continue
        if in_unevaluated(code, p, rec['fblock'][0]):
            continue
        if is_write(code, p, var):
            if unconditional(code, p, rec):
                return uses, ('assign', p)
            skip_until = kill_scope(code, p, rec)
            continue
        name, argi = enclosing_call(code, p, rec['fblock'][0])
        if name and re.search(r'entry|container_of|offsetof|for_each', name) \
                and whole_arg(code, p, var) and \
                argi[0] == len(split_args(code[argi[1] + 1:match_paren(code, argi[1])])) - 1 \
                and re.search(r'entry|container_of|offsetof', name):
            continue    # the member-name argument, not the variable
        if name and assigning_iter.search(name) and whole_arg(code, p, var) and \
                not re.search(r'continue|from', name) and \
                argi[0] < cursor_args(code, name, argi[1]):
            # cursor args of the iterator: assigned by its start expression
            q = code.rfind(name, 0, p)
            if unconditional(code, q, rec):
                return uses, ('iter:' + name, p)
            skip_until = kill_scope(code, q, rec)
            continue
        if name == 'list_safe_reset_next' and argi[0] == 1:
            return uses, ('reset', p)
        if is_decl(code, p, var):
            return uses, ('decl', p)
        uses.append((p, name, statement(code, p)))
    return uses, None

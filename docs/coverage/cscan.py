"""Tiny, approximate C scanner shared by the item scripts (no real parser).

prep(src)   -> code with comments/strings/char literals blanked (offsets and
               newlines kept), #else/#elif branches and #if 0 blocks blanked,
               and #define bodies blanked (returned separately as `defs`).
find_calls(code, names) -> (name, start, open_paren, close_paren, args)
stmt_end(code, i)       -> end offset of the C statement starting at i
top_block(code, i)      -> (start, end) of the depth-0 {...} enclosing i
uses_after(code, var, start, end) -> later mentions of identifier `var`

Everything is textual; see coverage.md for the known blind spots.
"""
import re

ROOT = '/work/rfc-audit/linux-source-6.12'
IDENT = re.compile(r'[A-Za-z_]\w*')


def _blank(s):
    return re.sub(r'[^\n]', ' ', s)


def strip_comments_strings(src):
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == '/' and src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(_blank(src[i:j])); i = j
        elif c == '/' and src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
            out.append(_blank(src[i:j])); i = j
        elif c in '"\'':
            j = i + 1
            while j < n and src[j] != c and src[j] != '\n':
                j += 2 if src[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + _blank(src[i + 1:j - 1]) + (c if j - 1 > i else ''))
            i = j
        else:
            out.append(c); i += 1
    return ''.join(out)


PP = re.compile(r'^[ \t]*#[ \t]*(\w+)(.*)$')


def balanced(code):
    d = 0
    for c in code:
        if c == '{':
            d += 1
        elif c == '}':
            d -= 1
            if d < 0:
                return False
    return d == 0


def prep(src):
    """Return (code, defs): code without comments/strings and #if 0 blocks,
    with preprocessor lines and #define bodies blanked; defs = list of
    (offset, text) of #defines.  All #if/#else branches are kept, unless
    that leaves the file's braces unbalanced: then only the first branch of
    every #if group is kept."""
    s = strip_comments_strings(src)
    code, defs = _prep(s, False)
    if balanced(code):
        return code, defs
    return _prep(s, True)


def _prep(s, first_only):
    lines = s.split('\n')
    out, defs = [], []
    stack = []          # per #if: True if we are in a blanked branch
    zero_if = []        # stack depths of open '#if 0'
    off = 0
    k = 0
    while k < len(lines):
        ln = lines[k]
        m = PP.match(ln)
        # join continuation lines of a directive
        grp = [ln]
        if m:
            while grp[-1].endswith('\\') and k + 1 < len(lines):
                k += 1
                grp.append(lines[k])
        dead = any(stack)
        if m:
            d, rest = m.group(1), m.group(2)
            if d in ('if', 'ifdef', 'ifndef'):
                z = d == 'if' and rest.strip() in ('0', '(0)')
                stack.append(z)
                if z:
                    zero_if.append(len(stack))
            elif d in ('else', 'elif'):
                if stack and not first_only:
                    if zero_if and zero_if[-1] == len(stack) and d == 'else':
                        stack[-1] = False
                        zero_if.pop()
                elif stack:
                    # blank every 2nd branch, except the #else of an '#if 0'
                    stack[-1] = True
                    if zero_if and zero_if[-1] == len(stack) and d == 'else':
                        stack[-1] = False
                        zero_if.pop()
            elif d == 'endif':
                if stack:
                    if zero_if and zero_if[-1] == len(stack):
                        zero_if.pop()
                    stack.pop()
            elif d == 'define' and not dead:
                defs.append((off, '\n'.join(grp)))
            for g in grp:
                out.append(_blank(g)); off += len(g) + 1
        else:
            out.append(_blank(ln) if dead else ln)
            off += len(ln) + 1
        k += 1
    return '\n'.join(out), defs


def match_paren(code, i):
    """code[i] is an opener; return index of its closer."""
    pairs = {'(': ')', '[': ']', '{': '}'}
    st = [pairs[code[i]]]
    j = i + 1
    n = len(code)
    while j < n and st:
        c = code[j]
        if c in pairs:
            st.append(pairs[c])
        elif c in ')]}':
            st.pop()
        j += 1
    return j - 1


def split_args(s):
    args, depth, cur = [], 0, []
    for c in s:
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        if c == ',' and depth == 0:
            args.append(''.join(cur).strip()); cur = []
        else:
            cur.append(c)
    args.append(''.join(cur).strip())
    return args


def find_calls(code, names):
    pat = re.compile(r'\b(' + '|'.join(map(re.escape, names)) + r')\s*\(')
    for m in pat.finditer(code):
        op = m.end() - 1
        cl = match_paren(code, op)
        yield m.group(1), m.start(), op, cl, split_args(code[op + 1:cl])


def skip_ws(code, i):
    n = len(code)
    while i < n and code[i].isspace():
        i += 1
    return i


KW_COND = ('if', 'for', 'while', 'switch')


def stmt_end(code, i):
    """Return the offset just past the statement that starts at/after i."""
    i = skip_ws(code, i)
    n = len(code)
    if i >= n:
        return n
    if code[i] == '{':
        return match_paren(code, i) + 1
    if code[i] == ';':
        return i + 1
    m = IDENT.match(code, i)
    if m:
        w = m.group(0)
        j = skip_ws(code, m.end())
        if w in KW_COND and j < n and code[j] == '(':
            e = stmt_end(code, match_paren(code, j) + 1)
            if w == 'if':
                k = skip_ws(code, e)
                if code.startswith('else', k) and not (code[k + 4:k + 5].isalnum() or code[k + 4:k + 5] == '_'):
                    e = stmt_end(code, k + 4)
            return e
        if w == 'do':
            e = stmt_end(code, m.end())
            k = skip_ws(code, e)           # while (...) ;
            k = skip_ws(code, k + 5)
            if k < n and code[k] == '(':
                k = match_paren(code, k) + 1
            k = skip_ws(code, k)
            return k + 1 if k < n and code[k] == ';' else k
        if w in ('else',):
            return stmt_end(code, m.end())
        if j < n and code[j] == '(' and ('for_each' in w or 'foreach' in w):
            cl = match_paren(code, j)
            k = skip_ws(code, cl + 1)
            if k < n and (code[k] == '{' or IDENT.match(code, k)):
                return stmt_end(code, cl + 1)
        if j < n and code[j] == ':' and code[j:j + 2] != '::' and w not in ('default',):
            return stmt_end(code, j + 1)   # label: stmt
    # expression statement / declaration / return ...: up to ';' at depth 0
    j = i
    while j < n:
        c = code[j]
        if c in '([{':
            j = match_paren(code, j) + 1
            continue
        if c == ';':
            return j + 1
        if c == '}':
            return j
        j += 1
    return n


def line_of(code, i):
    return code.count('\n', 0, i) + 1


class Blocks:
    """Depth-0 {...} blocks of a file (functions, mostly)."""

    def __init__(self, code):
        self.blocks = []
        i, n = 0, len(code)
        while i < n:
            c = code[i]
            if c == '{':
                e = match_paren(code, i)
                self.blocks.append((i, e))
                i = e + 1
            else:
                i += 1

    def enclosing(self, pos):
        for s, e in self.blocks:
            if s <= pos <= e:
                return s, e
        return None


def func_name(code, bstart):
    """Best guess of the function name owning the depth-0 block at bstart."""
    head = code[max(0, bstart - 600):bstart]
    m = list(re.finditer(r'([A-Za-z_]\w*)\s*\(', head))
    skip = {'if', 'for', 'while', 'switch', 'sizeof', 'return', '__acquires',
            '__releases', '__must_hold', '__attribute__', 'typeof', '__printf',
            '__cond_acquires', '__cond_releases', '__scanf', '__aligned',
            '__section', '__diag_ignore', '__no_sanitize_address', '__nocfi'}
    for mm in reversed(m):
        if mm.group(1) not in skip and not mm.group(1).isupper():
            return mm.group(1)
    return '?'


def mentions(code, var, start, end):
    """Offsets of identifier `var` in code[start:end], not a member name."""
    if not re.fullmatch(r'[A-Za-z_]\w*', var):
        return []
    out = []
    for m in re.finditer(r'(?<![\w.>])' + re.escape(var) + r'\b', code[start:end]):
        p = start + m.start()
        before = code[max(0, p - 2):p]
        if before.endswith('.') or before.endswith('->'):
            continue
        out.append(p)
    return out


def is_write(code, p, var):
    """Is the mention at p a plain assignment `var = ...` (not ==)?"""
    q = skip_ws(code, p + len(var))
    return code.startswith('=', q) and not code.startswith('==', q)


def context_line(code, src, p):
    ls = src.rfind('\n', 0, p) + 1
    le = src.find('\n', p)
    return src[ls:le if le >= 0 else len(src)].strip()

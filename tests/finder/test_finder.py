#!/usr/bin/env python3
"""Unit tests of the finder's modules (finder/*.py), without spatch.

They import the modules directly and run them on the small files of
tests/finder/test_data/: C fixtures and walks.report, the semantic patch's
report on walks.c as spatch wrote it.  The whole finder, spatch included,
is tested on the corpus by tests/finder/test-finder.sh.

  python3 tests/finder/test_finder.py [-v]
"""
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "test_data")
sys.path.insert(0, os.path.join(TOP, "finder"))

import cfg  # noqa: E402
import classify  # noqa: E402
import clex  # noqa: E402
import main  # noqa: E402
import parse  # noqa: E402
import reach  # noqa: E402
import report  # noqa: E402
import shadow  # noqa: E402
import vocab  # noqa: E402


def data(name):
    with open(os.path.join(DATA, name)) as f:
        return f.read()


def texts(toks):
    return [t.s for t in toks]


class Walk:
    """A function of walks.c parsed, its graph, and its first loop."""

    def __init__(self, func):
        self.toks = clex.tokenize(data("walks.c"))
        name = next(t.i for t in self.toks
                    if t.s == func and self.toks[t.i + 1].s == "(")
        self.body = next((a, b) for a, b in parse.functions(self.toks) if a > name)
        self.ast = parse.Parser(self.toks).block(self.body[0])
        self.cfg = cfg.CFG(self.toks, self.ast)
        k = next(i for i in range(*self.body) if vocab.is_entry(self.toks[i].s))
        self.loop = parse.find_loop(self.ast, k)

    def last(self, s):
        """Index of the last token s in the function."""
        return max(i for i in range(*self.body) if self.toks[i].s == s)


class LexerTest(unittest.TestCase):
    def test_comments_and_directives_are_no_tokens(self):
        toks = clex.tokenize(data("lexer.c"))
        self.assertEqual((toks[0].s, toks[0].line, toks[0].col), ("static", 7, 0))
        self.assertNotIn("include", texts(toks))
        self.assertEqual(texts(toks).count("TWICE"), 1)
        self.assertNotIn("comment", texts(toks))

    def test_string_is_one_token(self):
        toks = clex.tokenize(data("lexer.c"))
        self.assertIn(r'"a \" /* no comment */ {"', texts(toks))

    def test_character_constants(self):
        line8 = [t.s for t in clex.tokenize(data("lexer.c")) if t.line == 8]
        self.assertEqual(line8, ["static", "char", "c", "=", r"'\''", ",", "d", "=",
                                 "'\"'", ",", "e", "=", "'{'", ";"])

    def test_positions(self):
        toks = clex.tokenize("a /* x\n y */ b\n  #if X\n\tc->d")
        self.assertEqual([(t.s, t.line, t.col) for t in toks],
                         [("a", 1, 0), ("b", 2, 6), ("c", 4, 1), ("->", 4, 2),
                          ("d", 4, 4)])

    def test_define_continuation(self):
        code = clex.tokenize(data("lexer.c"))
        self.assertEqual(code[0].line, 7)
        body = clex.tokens(data("lexer.c"), bodies=True)
        self.assertEqual(body[:11], ["\\", "(", "(", "x", ")", "+", "\\", "(",
                                     "x", ")", ")"])
        self.assertEqual(body.count("TWICE"), 1)
        self.assertEqual(clex.tokens(data("lexer.c")), texts(code))

    def test_string_continuation_lines_counted(self):
        # the tokens after a string continued with backslash-newline keep
        # their lines and columns (drivers/scsi/pmcraid.c has such strings)
        toks = clex.tokenize('s = "a\\\nb";\nx;\n  y;')
        self.assertEqual((toks[2].line, toks[3].line, toks[3].col), (1, 2, 2))
        self.assertEqual((toks[-4].s, toks[-4].line), ("x", 3))
        self.assertEqual((toks[-2].s, toks[-2].line, toks[-2].col), ("y", 4, 2))

    def test_numbers_and_operators(self):
        self.assertEqual(clex.tokens("x->y <<= 0x1fUL + .5 ... a&&b"),
                         ["x", "->", "y", "<<=", "0x1fUL", "+", ".5", "...",
                          "a", "&&", "b"])

    def test_braces(self):
        self.assertEqual([(c, line) for c, line, _ in clex.braces(data("lexer.c"))],
                         [(";", 7), (";", 8), ("{", 10), (";", 11), ("}", 12)])

    def test_braces_count_a_directive_continuation(self):
        src = "#define M(x) do { \\\n\tf(x); } while (0)\n"
        self.assertEqual([(c, line) for c, line, _ in clex.braces(src)],
                         [(";", 2), ("}", 2)])

    def test_partners(self):
        self.assertEqual(clex.partners(["(", "[", ")", "]", "{", "("]),
                         [2, 3, 0, 1, None, None])
        toks = clex.tokenize("f(a, (b)) {")
        self.assertEqual(clex.close(toks, 1), 7)
        self.assertEqual(clex.close(toks, 8), 8)

    def test_text(self):
        toks = clex.tokenize("&pos -> node == head")
        self.assertEqual(clex.text(toks, 0, len(toks)), "&pos->node==head")
        toks = clex.tokenize("unsigned long x")
        self.assertEqual(clex.text(toks, 0, 3), "unsigned long x")


class VocabTest(unittest.TestCase):
    def test_iterators(self):
        self.assertEqual(len(set(vocab.ENTRY_ITERATORS)), 26)
        self.assertTrue(all(vocab.is_entry(n) for n in vocab.ENTRY_ITERATORS))
        self.assertEqual(len(vocab.RESUMING), 13)
        self.assertEqual([n for n in vocab.ENTRY_ITERATORS
                          if n.startswith(vocab.SAFE_PREFIX)],
                         ["list_for_each_entry_safe", "list_for_each_entry_safe_continue",
                          "list_for_each_entry_safe_from",
                          "list_for_each_entry_safe_reverse"])
        self.assertFalse(vocab.is_entry("list_for_each"))
        self.assertTrue(vocab.resumes("idr_for_each_entry_continue"))

    def test_categories(self):
        self.assertEqual(list(vocab.CATEGORIES), ["cat1", "cat2", "cat3", "cat4", "cat5",
                                                  "cat6", "other", "unaffected"])

    def test_shell_reads_it(self):
        out = subprocess.run([sys.executable, os.path.join(TOP, "finder", "vocab.py"),
                              "categories"], capture_output=True, text=True, check=True)
        self.assertEqual(out.stdout.split(), list(vocab.CATEGORIES))
        bad = subprocess.run([sys.executable, os.path.join(TOP, "finder", "vocab.py"),
                              "nope"], capture_output=True, text=True)
        self.assertNotEqual(bad.returncode, 0)
        self.assertIn("error: say one of", bad.stderr)

    def check_cocci(self, path):
        """Every iterator name or pattern the file spells is the vocabulary's."""
        with open(path) as f:
            code = [ln for ln in f if not ln.lstrip().startswith(("//", "#"))]
        spelt = set(re.findall(r"(?:h\?)?\w*list_for_each_entry\w*", "".join(code)))
        self.assertTrue(spelt)
        allowed = {vocab.ENTRY_RE, vocab.SAFE_PREFIX} | set(vocab.ENTRY_ITERATORS)
        self.assertEqual(spelt - allowed, set(), path)
        return "".join(code)

    def test_reassign_cocci(self):
        code = self.check_cocci(os.path.join(TOP, "finder", "reassign.cocci"))
        self.assertEqual(re.findall(r'iterator \w+ =~ "\^([^"]*)"', code),
                         [vocab.ENTRY_RE, vocab.SAFE_PREFIX])

    def test_series_cocci(self):
        with tempfile.TemporaryDirectory() as d:
            path = subprocess.run(
                ["bash", "-c", '. "$1/pipeline/lib.sh" && cocci_from_patches "$2"', "_",
                 TOP, os.path.join(d, "cocci")],
                capture_output=True, text=True, check=True).stdout.strip()
            code = self.check_cocci(path)
        self.assertEqual(re.findall(r'iterator \w+ =~ "\^([^"]*)"', code),
                         [vocab.ENTRY_RE, vocab.SAFE_PREFIX])
        cont = re.search(r"CONT = \(([^)]*)\)", code).group(1)
        self.assertEqual(set(re.findall(r'"(\w+)"', cont)), set(vocab.RESUMING))

    @unittest.skipUnless(os.path.isfile(os.path.join(TOP, "build", "linux", "include",
                                                     "linux", "rculist.h")),
                         "no build/linux (make tree)")
    def test_kernel_headers(self):
        found = set()
        for h in ("list.h", "rculist.h"):
            with open(os.path.join(TOP, "build", "linux", "include", "linux", h)) as f:
                found |= set(re.findall(r"^#define (h?list_for_each_entry\w*)\(",
                                        f.read(), re.M))
        # The _scoped forms declare their cursor in the loop: no use after
        # it compiles, so the finder has nothing to look for there.
        found = {n for n in found if not n.endswith("_scoped")}
        self.assertEqual(found, set(vocab.ENTRY_ITERATORS))


class ShadowTest(unittest.TestCase):
    def test_keep_ranges(self):
        # the macro's braced body from its second line on counts
        self.assertEqual(shadow.keep_ranges(data("shadow.c")),
                         [(1, 7), (13, 21), (22, 31), (32, 44)])

    def test_needed(self):
        lines = data("shadow.c").split("\n")
        got = [shadow.needed("\n".join(lines[a - 1:b]))
               for a, b in shadow.keep_ranges(data("shadow.c"))]
        self.assertEqual(got, [False, False, True, True])

    def test_needed_goto_back(self):
        self.assertTrue(shadow.needed(
            "void f(void)\n{\nagain:\n\tuse(p);\n"
            "\tlist_for_each_entry(p, h, node)\n\t\tif (p->a)\n\t\t\tgoto again;\n}\n"))

    def test_needed_lookahead(self):
        self.assertTrue(shadow.needed(
            "void f(void)\n{\n\tlist_for_each_entry_safe(p, n, h, node)\n"
            "\t\tuse(p);\n\tuse(n);\n}\n"))

    def test_shadow_files(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "files"), "w") as f:
                f.write("shadow.c\nlexer.c\n")
            for every, keep in (([], set(range(22, 45))),
                                (["--all"], set(range(1, 8)) | set(range(13, 45)))):
                out = subprocess.run(
                    [sys.executable, os.path.join(TOP, "finder", "shadow.py")] + every +
                    [DATA, os.path.join(d, "files"), os.path.join(d, "out" + "".join(every)),
                     "2"], capture_output=True, text=True, check=True)
                self.assertEqual(out.stdout, "1\n")
                with open(os.path.join(d, "out" + "".join(every), "b000", "shadow.c")) as f:
                    written = f.read().split("\n")
                want = [ln if i in keep else ""
                        for i, ln in enumerate(data("shadow.c").split("\n"), 1)]
                self.assertEqual(written, want)


class ParseTest(unittest.TestCase):
    def test_functions(self):
        toks = clex.tokenize(data("walks.c"))
        names = [toks[toks[a - 1].m - 1].s for a, _ in parse.functions(toks)]
        self.assertEqual(names, ["found_flag", "head_test", "insert_sorted", "compare",
                                 "deref", "hash_walk"])

    def test_statements(self):
        w = Walk("found_flag")
        self.assertEqual([n.kind for n in w.ast.kids],
                         ["expr", "expr", "macroloop", "if", "return"])
        body = w.loop.kids[0]
        self.assertEqual(body.kind, "block")
        self.assertEqual([n.kind for n in body.kids[0].kids[0].kids], ["expr", "break"])
        self.assertEqual(parse.loop_args(w.toks, w.loop), ["pos", "&o->items", "node"])

    def test_do_without_while(self):
        toks = clex.tokenize("{ do x(); }")
        with self.assertRaises(ValueError):
            parse.Parser(toks).block(0)


class CfgTest(unittest.TestCase):
    def test_loop_exit_and_break(self):
        w = Walk("head_test")
        head = w.cfg.heads[w.loop]
        body, after = head.succ
        self.assertEqual(after.kind, "cond")
        self.assertEqual(w.toks[after.a].s, "list_entry_is_head")
        brk = next(g for g in w.cfg.nodes if g.ast is not None and g.ast.kind == "break")
        self.assertEqual(brk.succ, [after])
        self.assertEqual(body.kind, "cond")
        self.assertEqual(body.succ[1], head)

    def test_return_ends(self):
        w = Walk("head_test")
        ret = [g for g in w.cfg.nodes if g.ast is not None and g.ast.kind == "return"]
        self.assertEqual(len(ret), 2)
        self.assertTrue(all(g.succ == [w.cfg.end] for g in ret))

    def test_stmt_span(self):
        w = Walk("deref")
        k = w.last("pos")
        a, b = cfg.stmt_span(w.cfg, k)
        self.assertEqual(clex.text(w.toks, a, b), "return pos->key;")


class ReachTest(unittest.TestCase):
    def reached(self, func, hlist=False, head="&o->items", member="node"):
        w = Walk(func)
        an = reach.Analysis(w.toks, w.cfg, w.loop, "pos", hlist, head, member)
        got, complete = an.run()
        self.assertTrue(complete)
        return w, got, an

    def test_found_flag_turns_the_exit_away(self):
        w, got, an = self.reached("found_flag")
        self.assertNotIn(w.last("pos"), got)
        self.assertEqual([w.toks[g.a].line for g in an.decided], [19])

    def test_head_test_is_true_on_the_exit(self):
        w, got, _ = self.reached("head_test")
        uses = [i for i in range(*w.body) if w.toks[i].s == "pos" and w.toks[i].line > 30]
        self.assertEqual([w.toks[i].line for i in uses if i in got], [31])

    def test_plain_use_is_reached(self):
        w, got, _ = self.reached("deref")
        self.assertIn(w.last("pos"), got)

    def test_values(self):
        self.assertEqual(reach.const_val("-ENOENT"), ("sym", "-ENOENT"))
        self.assertEqual(reach.const_val("0x10UL"), 16)
        self.assertEqual(reach.const_val("NULL"), 0)
        self.assertEqual(reach.Analysis.truth(("sym", "-EIO")), 1)


class ClassifyTest(unittest.TestCase):
    def test_walks(self):
        recs = classify.analyse(DATA, report.read_sites([os.path.join(DATA, "walks.report")]))
        got = sorted((r["line"], r["category"]) for r in recs)
        want = sorted((n, m.group(1)) for n, ln in enumerate(data("walks.c").split("\n"), 1)
                      for m in [re.search(r"// expect: (\w+)", ln)] if m)
        self.assertEqual(got, want)

    def test_reasons(self):
        recs = classify.analyse(DATA, report.read_sites([os.path.join(DATA, "walks.report")]))
        why = {r["line"]: r["reason"] for r in recs}
        self.assertEqual(why[21], "only reached after break/goto/return: the normal "
                         "exit is turned away by the test on line 19")
        self.assertTrue(why[73].startswith("hlist cursor: already NULL"))

    def test_unreadable_file(self):
        site = {"file": "missing.c", "line": 3, "col": 1, "it": "pos",
                "variant": "list_for_each_entry", "loop_line": 1}
        [rec] = classify.analyse(DATA, [site])
        self.assertEqual(rec["category"], "other")
        self.assertTrue(rec["reason"].startswith("cannot read"))


class ReportTest(unittest.TestCase):
    def test_read_sites(self):
        sites = report.read_sites([os.path.join(DATA, "walks.report")] * 2)
        self.assertEqual(len(sites), 7)
        self.assertEqual(sites[0], {"file": "walks.c", "line": 53, "col": 8, "it": "pos",
                                    "variant": "list_for_each_entry", "loop_line": 50})

    def test_outputs(self):
        recs = report.records(classify.analyse(
            DATA, report.read_sites([os.path.join(DATA, "walks.report")])))
        self.assertEqual(list(recs[0]), ["file", "line", "col", "loop_line", "variant",
                                         "iterator", "category", "reason", "excerpt"])
        self.assertEqual([r["line"] for r in recs], [21, 31, 33, 43, 53, 63, 73])
        self.assertEqual(report.summary(recs), "sites: 7  cat1=0  cat2=1  cat3=0  cat4=1  "
                         "cat5=0  cat6=1  other=1  unaffected=3")
        with tempfile.TemporaryDirectory() as d:
            report.write_md(recs, os.path.join(d, "r.md"), "T")
            report.write_json(recs, os.path.join(d, "r.json"))
            with open(os.path.join(d, "r.md")) as f:
                md = f.read()
            with open(os.path.join(d, "r.json")) as f:
                self.assertEqual(json.load(f), recs)
        self.assertTrue(md.startswith("# T\n\n7 uses of a list iterator after its loop "
                                      "in 1 files; 4 of them"))
        self.assertIn("| cat4 | %s | 1 |" % vocab.CATEGORIES["cat4"], md)
        self.assertIn("- `walks.c:43` **cat6** (list_for_each_entry loop on line 40, "
                      "`pos`)", md)

    def test_subsystem(self):
        self.assertEqual(report.subsystem("drivers/net/ethernet/x.c"), "drivers/net/ethernet")
        self.assertEqual(report.subsystem("kernel/cgroup/cgroup.c"), "kernel/cgroup")
        self.assertEqual(report.subsystem("init/main.c"), "init")

    def test_main(self):
        sys.argv = ["main.py", "--root", DATA, "--summary",
                    os.path.join(DATA, "walks.report")]
        out = io.StringIO()
        with redirect_stdout(out):
            self.assertEqual(main.main(), 0)
        lines = out.getvalue().splitlines()
        self.assertEqual(len(lines), 8)
        self.assertEqual(lines[1], "walks.c:31: cat4: list_entry_is_head(pos, ...) "
                         "tells whether the list_for_each_entry() walk was left early")
        self.assertTrue(lines[-1].startswith("sites: 7  "))


if __name__ == "__main__":
    unittest.main()

"""The finder's vocabulary: the iterators it follows and the categories it
sorts their uses into.  The Python of the finder imports it, the shell asks
it (vocab.py WORD prints one item, see WORDS), and tests/finder/
test_finder.py checks the .cocci files, which must spell the names
themselves, against it.

  vocab.py entry-re|safe-prefix|iterators|resuming|categories
"""
import re
import sys

# The entry iterators of include/linux/list.h and rculist.h.  A loop of
# any macro whose name starts like them (ENTRY_RE) is followed, so that
# wrappers spelt the same way are too.
ENTRY_ITERATORS = (
    "list_for_each_entry",
    "list_for_each_entry_reverse",
    "list_for_each_entry_continue",
    "list_for_each_entry_continue_reverse",
    "list_for_each_entry_from",
    "list_for_each_entry_from_reverse",
    "list_for_each_entry_safe",
    "list_for_each_entry_safe_continue",
    "list_for_each_entry_safe_from",
    "list_for_each_entry_safe_reverse",
    "hlist_for_each_entry",
    "hlist_for_each_entry_continue",
    "hlist_for_each_entry_from",
    "hlist_for_each_entry_safe",
    "list_for_each_entry_rcu",
    "list_for_each_entry_srcu",
    "list_for_each_entry_lockless",
    "list_for_each_entry_continue_rcu",
    "list_for_each_entry_from_rcu",
    "hlist_for_each_entry_rcu",
    "hlist_for_each_entry_srcu",
    "hlist_for_each_entry_rcu_notrace",
    "hlist_for_each_entry_rcu_bh",
    "hlist_for_each_entry_continue_rcu",
    "hlist_for_each_entry_continue_rcu_bh",
    "hlist_for_each_entry_from_rcu",
)
ENTRY_RE = r"h?list_for_each_entry"
# the _safe variants take a lookahead cursor as their second argument
SAFE_PREFIX = "list_for_each_entry_safe"
# the iterators whose header reads the cursor: they start from it
RESUMING = tuple(n for n in ENTRY_ITERATORS if re.search(r"continue|from", n))

CATEGORIES = {
    "cat1": "&pos->member compared to decide whether an element was found",
    "cat2": "pos compared to decide whether an element was found",
    "cat3": "pos used to test whether the list was empty",
    "cat4": "list_entry_is_head()/pos tells whether the break was hit",
    "cat5": "head-derived pos compared legitimately",
    "cat6": "head-derived pos->member used legitimately "
            "(insertion point, start of a _continue/_from loop, cursor)",
    "other": "other use after a complete walk",
    "unaffected": "not reached from the normal exit, or not changed "
                  "by the series",
}


def is_entry(name):
    """name is an entry iterator, or spelt like one."""
    return re.match(ENTRY_RE, name) is not None


def resumes(name):
    """The loop macro name starts from the cursor it is given (any family:
    list_for_each_entry_continue(), idr_for_each_entry_continue())."""
    return re.search(r"continue|from", name) is not None


WORDS = {
    "entry-re": ENTRY_RE,
    "safe-prefix": SAFE_PREFIX,
    "iterators": "\n".join(ENTRY_ITERATORS),
    "resuming": "\n".join(RESUMING),
    "categories": "\n".join(CATEGORIES),
}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in WORDS:
        sys.exit("vocab.py: error: say one of %s" % ", ".join(WORDS))
    print(WORDS[sys.argv[1]])

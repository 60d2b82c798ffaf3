// SPDX-License-Identifier: GPL-2.0
/*
 * User-space self-test of the series' tools/include/linux/list.h: the
 * selects and the walks, built three ways by tests/pipeline/test-tools-list.sh:
 *
 *   vanilla   the classic iterators (no CONFIG_LIST_NOSPEC);
 *   arch      CONFIG_LIST_NOSPEC with the architecture's selects (CMOV);
 *   generic   CONFIG_LIST_NOSPEC with an empty asm/barrier.h in front,
 *             so the generic mask versions of select_nospec() and
 *             select_nospec_ne() are the ones used -- no KUnit run covers
 *             them, as x86_64 and arm64 both override them.
 *
 * Prints one TAP line per check and exits 1 if any failed.  -DBREAK_ONE
 * flips one expectation, so that the test script can show a failure is
 * reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
/*
 * The selects of the architecture (or, in the generic mode, of the empty
 * asm/barrier.h in front): list.h includes it only with CONFIG_LIST_NOSPEC,
 * and the vanilla mode tests the selects too.
 */
#include <asm/barrier.h>
#include <linux/list.h>

static int failed, n;

#define CHECK(cond, what)						\
	do {								\
		n++;							\
		if (cond) {						\
			printf("ok %d - %s\n", n, what);		\
		} else {						\
			printf("not ok %d - %s (%s:%d)\n", n, what,	\
			       __FILE__, __LINE__);			\
			failed++;					\
		}							\
	} while (0)

#ifdef CONFIG_LIST_NOSPEC
#define NOSPEC 1
#else
#define NOSPEC 0
#endif

#ifdef BREAK_ONE
#define EXPECT_VISITS 4		/* wrong on purpose */
#else
#define EXPECT_VISITS 5
#endif

struct item {
	long tag;
	struct list_head link;
	struct hlist_node hnode;
	int val;
};

/* The head sits in a structure of another type, as in most users. */
struct owner {
	char name[24];
	struct list_head items;
	struct hlist_head hitems;
};

static struct item items[5];
static struct owner own;

static void setup(void)
{
	int i;

	INIT_LIST_HEAD(&own.items);
	INIT_HLIST_HEAD(&own.hitems);
	for (i = 0; i < 5; i++) {
		items[i].val = i + 1;
		list_add_tail(&items[i].link, &own.items);
	}
	for (i = 4; i >= 0; i--)
		hlist_add_head(&items[i].hnode, &own.hitems);
}

static void test_select(void)
{
	int a, b, *pa = &a, *pb = &b, *v;
	unsigned long ul = 7;
	int minus_one = -1, k = 0;
	unsigned int all_ones = UINT_MAX;
	long cnt = 0;

	CHECK(select_nospec(1, pa, pb) == pa && select_nospec(0, pa, pb) == pb,
	      "select_nospec picks by condition");
	CHECK(select_nospec(-5L, 10, 20) == 10 && select_nospec(0UL, 10, 20) == 20,
	      "select_nospec: any non-zero condition is true");
	CHECK(select_nospec(0, (unsigned char)7, 300) == 300 &&
	      sizeof(select_nospec(0, (unsigned char)7, 300)) == sizeof(int),
	      "select_nospec: the type of ?:, not of the first value (u8 and 300)");
	CHECK(select_nospec(0, minus_one, LONG_MAX) == LONG_MAX &&
	      select_nospec(1, minus_one, LONG_MAX) == -1L,
	      "select_nospec: an int and a long give a long");
	CHECK(select_nospec(0, NULL, pb) == pb && select_nospec(1, NULL, pb) == NULL &&
	      select_nospec(0, 0, pb) == pb,
	      "select_nospec: NULL (or 0) and a pointer give the whole pointer");

	v = pa;
	CHECK(select_nospec_ne(pa, pb, &v) && v == pa,
	      "select_nospec_ne: unequal keeps the value, gives true");
	CHECK(!select_nospec_ne(pb, pb, &v) && v == NULL,
	      "select_nospec_ne: equal clears the value, gives false");
	v = pa;
	CHECK(select_nospec_ne(pa, NULL, &v) && v == pa,
	      "select_nospec_ne: non-NULL against NULL");
	CHECK(!select_nospec_ne((int *)NULL, NULL, &v) && v == NULL,
	      "select_nospec_ne: NULL against NULL");
	CHECK(!select_nospec_ne(minus_one, all_ones, &ul) && ul == 0,
	      "select_nospec_ne: -1 equals UINT_MAX, as with ==");
	ul = 7;
	CHECK(!select_nospec_ne(minus_one, ULONG_MAX, &ul) && ul == 0,
	      "select_nospec_ne: -1 equals ULONG_MAX, as with ==");
	ul = 7;
	CHECK(select_nospec_ne(1UL << (sizeof(long) * 8 - 1), 0UL, &ul) && ul == 7,
	      "select_nospec_ne: the sign bit alone makes a difference");
	ul = 7;
	CHECK(!select_nospec_ne(k++, cnt++, &ul) && k == 1 && cnt == 1,
	      "select_nospec_ne: each argument evaluated once");
}

static void test_walks(void)
{
	struct item *pos, *nx, *seen[8];
	struct list_head *head;
	int count = 0, sum = 0, order_ok = 1, i;

	list_for_each_entry(pos, &own.items, link) {
		seen[count++] = pos;
		sum += pos->val;
	}
	for (i = 0; i < count; i++)
		order_ok &= seen[i] == &items[i];
	CHECK(count == EXPECT_VISITS && sum == 15 && order_ok,
	      "list_for_each_entry visits every entry in order");
	CHECK(NOSPEC ? pos == NULL : list_entry_is_head(pos, &own.items, link),
	      "list_for_each_entry: after a complete walk pos is NULL (nospec) or the head (vanilla)");

	list_for_each_entry(pos, &own.items, link)
		if (pos->val == 3)
			break;
	CHECK(pos == &items[2],
	      "list_for_each_entry: break leaves pos at the entry");

	count = 0;
	list_for_each_entry(pos, &own.items, link) {
		count++;
		if (pos->val == 2)	/* skip the third entry */
			pos = list_next_entry(pos, link);
	}
	CHECK(count == 4, "list_for_each_entry: a body moving pos steers the walk");

	sum = 0;
	list_for_each_entry_reverse(pos, &own.items, link)
		sum = sum * 10 + pos->val;
	CHECK(sum == 54321 && (NOSPEC ? pos == NULL : 1),
	      "list_for_each_entry_reverse visits backwards, ends NULL (nospec)");

	list_for_each_entry(pos, &own.items, link)
		;
	count = 0;
	list_for_each_entry_continue(pos, &own.items, link)
		count++;
	CHECK(count == 5,
	      "list_for_each_entry_continue after a complete walk starts over, as before");

	sum = 0;
	list_for_each_entry_safe(pos, nx, &own.items, link) {
		sum += pos->val;
		if (pos->val == 4)
			list_del(&pos->link);
	}
	CHECK(sum == 15 && (NOSPEC ? pos == NULL : 1),
	      "list_for_each_entry_safe survives deletion, ends NULL (nospec)");
	count = 0;
	list_for_each_entry(pos, &own.items, link)
		count++;
	CHECK(count == 4, "list_for_each_entry_safe: the deleted entry is gone");
	list_add(&items[3].link, &items[2].link);

	sum = 0;
	hlist_for_each_entry(pos, &own.hitems, hnode)
		sum = sum * 10 + pos->val;
	CHECK(sum == 12345 && pos == NULL,
	      "hlist_for_each_entry visits in order, ends NULL");

	{
		struct hlist_node *tmp;

		sum = 0;
		hlist_for_each_entry_safe(pos, tmp, &own.hitems, hnode) {
			sum += pos->val;
			if (pos->val == 1)
				hlist_del(&pos->hnode);
		}
		CHECK(sum == 15 && pos == NULL,
		      "hlist_for_each_entry_safe survives deletion, ends NULL");
		hlist_add_head(&items[0].hnode, &own.hitems);
	}

	/*
	 * A NULL start stands for the head, with the option on and off.  The
	 * head goes through an empty asm so that gcc does not see the step
	 * off the head as an access to "own" (-Warray-bounds).
	 */
	head = &own.items;
	asm("" : "+r" (head));
	pos = NULL;
	count = 0;
	list_for_each_entry_continue(pos, head, link)
		count++;
	CHECK(count == 5, "list_for_each_entry_continue from NULL walks the whole list");
	pos = NULL;
	count = 0;
	list_for_each_entry_from(pos, head, link)
		count++;
	CHECK(count == 0, "list_for_each_entry_from from NULL walks nothing");
	pos = NULL;
	count = 0;
	list_for_each_entry_safe_continue(pos, nx, head, link)
		count++;
	CHECK(count == 5, "list_for_each_entry_safe_continue from NULL walks the whole list");

	INIT_LIST_HEAD(&own.items);
	count = 0;
	list_for_each_entry(pos, &own.items, link)
		count++;
	CHECK(count == 0 &&
	      (NOSPEC ? pos == NULL : list_entry_is_head(pos, &own.items, link)),
	      "list_for_each_entry on an empty list runs no pass");
}

int main(void)
{
	setup();
	test_select();
	test_walks();
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}

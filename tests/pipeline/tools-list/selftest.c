// SPDX-License-Identifier: GPL-2.0
/*
 * User-space self-test of the project's mirror of the nospec iterators
 * (measure/include/linux/list.h and measure/include/arch/<arch>/asm/barrier.h):
 * the selects and the walks, built two ways by tests/pipeline/test-tools-list.sh:
 *
 *   classic   the classic iterators (no CONFIG_LIST_NOSPEC), exactly
 *             upstream's walks;
 *   nospec    CONFIG_LIST_NOSPEC: the walks on a hidden cursor, with the
 *             architecture's selects (x86_64 CMOV, arm64 CSEL + CSDB;
 *             there is no generic version).
 *
 * Prints one TAP line per check and exits 1 if any failed.  -DBREAK_ONE
 * flips one expectation, so that the test script can show a failure is
 * reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
/*
 * The selects of the architecture: list.h includes asm/barrier.h only with
 * CONFIG_LIST_NOSPEC, and the classic mode tests the selects too.
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
	int minus_one = -1, k = 0, iv;
	unsigned int all_ones = UINT_MAX;
	long cnt = 0, alts = 0;
	struct item *e;

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
	iv = -5;
	CHECK(select_nospec_ne(1, 2, &iv) && iv == -5,
	      "select_nospec_ne: a kept negative int stays negative");

	e = &items[0];
	CHECK(select_nospec_ne_alt(1, 2, &e, &items[3]) && e == &items[0],
	      "select_nospec_ne_alt: unequal keeps the value, gives true");
	CHECK(!select_nospec_ne_alt(2, 2, &e, &items[3]) && e == &items[3],
	      "select_nospec_ne_alt: equal sets the alternative, gives false");
	iv = 3;
	CHECK(!select_nospec_ne_alt(pa, pa, &iv, minus_one) && iv == -1,
	      "select_nospec_ne_alt: a negative int alternative arrives whole");
	k = 0;
	cnt = 0;
	e = &items[0];
	CHECK(!select_nospec_ne_alt(k++, cnt++, &e, &items[alts++]) &&
	      k == 1 && cnt == 1 && alts == 1 && e == &items[0],
	      "select_nospec_ne_alt: each argument evaluated once");

	ul = 7;
	CHECK(select_nospec_test(0x30UL, 0x0fUL, &ul) && ul == 7,
	      "select_nospec_test: no bit of the mask set keeps the value, gives true");
	CHECK(!select_nospec_test(0x38UL, 0x0fUL, &ul) && ul == 0,
	      "select_nospec_test: a bit of the mask set clears the value, gives false");
	v = pa;
	CHECK(!select_nospec_test(~0UL, 1UL << (sizeof(long) * 8 - 1), &v) && v == NULL,
	      "select_nospec_test: the sign bit of the mask counts, a pointer is cleared");
	k = 0;
	cnt = 0;
	ul = 7;
	CHECK(select_nospec_test(k++, ++cnt, &ul) && k == 1 && cnt == 1 && ul == 7,
	      "select_nospec_test: each argument evaluated once");
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
	 * list_prepare_entry(NULL) is the head seen as an entry, in both
	 * settings.  The head goes through an empty asm so that gcc does not
	 * see the step off the head as an access to "own" (-Warray-bounds).
	 */
	head = &own.items;
	asm("" : "+r" (head));
	nx = NULL;
	asm("" : "+r" (nx));
	pos = list_prepare_entry(nx, head, link);
	count = 0;
	list_for_each_entry_continue(pos, head, link)
		count++;
	CHECK(count == 5, "list_for_each_entry_continue from list_prepare_entry(NULL) walks the whole list");

#ifdef CONFIG_LIST_NOSPEC
	/*
	 * A NULL start stands for the head with the option only (a complete
	 * walk leaves NULL there); without it the walks are upstream's, which
	 * would dereference NULL.
	 */
	pos = NULL;
	count = 0;
	list_for_each_entry_continue(pos, head, link)
		count++;
	CHECK(count == 5, "list_for_each_entry_continue from NULL walks the whole list (nospec)");
	pos = NULL;
	count = 0;
	list_for_each_entry_continue_reverse(pos, head, link)
		sum = count++ ? sum * 10 + pos->val : pos->val;
	CHECK(count == 5 && sum == 54321,
	      "list_for_each_entry_continue_reverse from NULL walks the whole list backwards (nospec)");
	pos = NULL;
	count = 0;
	list_for_each_entry_from(pos, head, link)
		count++;
	CHECK(count == 0, "list_for_each_entry_from from NULL walks nothing (nospec)");
	pos = NULL;
	count = 0;
	list_for_each_entry_safe_continue(pos, nx, head, link)
		count++;
	CHECK(count == 5, "list_for_each_entry_safe_continue from NULL walks the whole list (nospec)");
	pos = NULL;
	count = 0;
	list_for_each_entry_safe_from(pos, nx, head, link)
		count++;
	CHECK(count == 0, "list_for_each_entry_safe_from from NULL walks nothing (nospec)");
#endif

	pos = &items[2];
	sum = 0;
	list_for_each_entry_from(pos, &own.items, link)
		sum = sum * 10 + pos->val;
	CHECK(sum == 345, "list_for_each_entry_from starts at pos");
	pos = &items[2];
	sum = 0;
	list_for_each_entry_from_reverse(pos, &own.items, link)
		sum = sum * 10 + pos->val;
	CHECK(sum == 321, "list_for_each_entry_from_reverse starts at pos, backwards");
	pos = &items[1];
	sum = 0;
	list_for_each_entry_safe_continue(pos, nx, &own.items, link)
		sum = sum * 10 + pos->val;
	CHECK(sum == 345, "list_for_each_entry_safe_continue starts after pos");

	pos = list_first_entry_or_null(&own.items, struct item, link);
	CHECK(pos == &items[0], "list_first_entry_or_null: the first entry of a list");
	CHECK(hlist_entry_safe(own.hitems.first, struct item, hnode) == &items[0] &&
	      hlist_entry_safe((struct hlist_node *)NULL, struct item, hnode) == NULL,
	      "hlist_entry_safe: the entry of a node, NULL for NULL");
	pos = &items[0];
	sum = 0;
	hlist_for_each_entry_continue(pos, hnode)
		sum = sum * 10 + pos->val;
	CHECK(sum == 2345 && pos == NULL, "hlist_for_each_entry_continue starts after pos, ends NULL");
	pos = &items[3];
	sum = 0;
	hlist_for_each_entry_from(pos, hnode)
		sum = sum * 10 + pos->val;
	CHECK(sum == 45 && pos == NULL, "hlist_for_each_entry_from starts at pos, ends NULL");

	INIT_LIST_HEAD(&own.items);
	count = 0;
	list_for_each_entry(pos, &own.items, link)
		count++;
	CHECK(count == 0 &&
	      (NOSPEC ? pos == NULL : list_entry_is_head(pos, &own.items, link)),
	      "list_for_each_entry on an empty list runs no pass");
	CHECK(list_first_entry_or_null(&own.items, struct item, link) == NULL,
	      "list_first_entry_or_null: NULL for an empty list");
}

int main(void)
{
	setup();
	test_select();
	test_walks();
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}

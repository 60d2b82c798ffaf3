// SPDX-License-Identifier: GPL-2.0
/*
 * Loops whose bodies read loop-invariant values, from the review of the
 * walks (#35): a shape that keeps the compiler from rotating the loop or
 * from moving work out of it shows here as loads or arithmetic repeated
 * on every pass.  measure/loops/loops.py compares the loops of this file
 * built against the pristine tools/ headers with the same file built
 * against the project's mirror of the series' iterators (measure/include)
 * with CONFIG_LIST_NOSPEC: each loop may grow by the select alone.
 * ccmp/asm/barrier.h, in front of the mirror, gives the walks the shape
 * the review proposed instead (a C compare drives the loop, the select
 * makes only the value), which this check rejects for its second compare.
 */
#include <stddef.h>
#include <stdbool.h>
#include <asm/barrier.h>
#include <linux/list.h>

struct obj {
	long key;
	long b;
	struct list_head node;
	struct hlist_node hnode;
};

struct query {
	long mask, key, scale, off;
};

/* The review's first example: q->mask and q->key stay in registers. */
noinline struct obj *find_entry(struct list_head *h, const struct query *q)
{
	struct obj *p;

	list_for_each_entry(p, h, node)
		if ((p->key & q->mask) == q->key)
			return p;
	return NULL;
}

noinline struct obj *find_reverse(struct list_head *h, const struct query *q)
{
	struct obj *p;

	list_for_each_entry_reverse(p, h, node)
		if ((p->key & q->mask) == q->key)
			return p;
	return NULL;
}

noinline struct obj *find_hlist(struct hlist_head *h, const struct query *q)
{
	struct obj *p;

	hlist_for_each_entry(p, h, hnode)
		if ((p->key & q->mask) == q->key)
			return p;
	return NULL;
}

/* The review's second example: c->scale * c->off + 3 is computed once. */
noinline long sum_entry(struct list_head *h, const struct query *c)
{
	struct obj *p;
	long s = 0;

	list_for_each_entry(p, h, node)
		s += p->b * (c->scale * c->off + 3);
	return s;
}

noinline long sum_safe(struct list_head *h, const struct query *c)
{
	struct obj *p, *n;
	long s = 0;

	list_for_each_entry_safe(p, n, h, node)
		s += p->b * (c->scale * c->off + 3);
	return s;
}

noinline long sum_continue(struct obj *p, struct list_head *h,
			   const struct query *c)
{
	long s = 0;

	list_for_each_entry_continue(p, h, node)
		s += p->b * (c->scale * c->off + 3);
	return s;
}

/* SPDX-License-Identifier: GPL-2.0 */
/* The benchmark's list node; include after <linux/list.h>. */
#ifndef NOSPEC_BENCH_ITEM_H
#define NOSPEC_BENCH_ITEM_H

struct item {
	unsigned long key;		/* 0: position in the array */
	unsigned long val;		/* 8: what the light body sums */
	struct list_head link;		/* 16 */
	struct hlist_node hnode;	/* 32 */
	unsigned long pad[2];		/* 48: fill the cache line */
} __attribute__((aligned(64)));

_Static_assert(sizeof(struct item) == ITEM_SIZE, "one cache line per node");

#endif

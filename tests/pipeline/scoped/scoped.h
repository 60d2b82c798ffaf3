/* SPDX-License-Identifier: GPL-2.0 */
/* What every compile-fail case of tests/pipeline/test-scoped.sh walks. */
#include <stddef.h>
#include <linux/list.h>

struct foo {
	int v;
	struct list_head node;
	struct hlist_node hnode;
};

struct bar {
	int v;
	struct list_head link;
};

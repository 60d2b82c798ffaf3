// SPDX-License-Identifier: GPL-2.0
/*
 * A walk whose @member is not the list_head the list links must not
 * compile: the classic walks check at every step (container_of()), the
 * nospec ones once per loop (__list_walk_check()).  Compiled with -Werror
 * by tests/pipeline/test-tools-list.sh, which expects it to fail.
 */
#include <stddef.h>
#include <linux/list.h>

struct item {
	int val;
	struct list_head link;
	struct hlist_node hnode;
};

int wrong_member(struct list_head *head);

int wrong_member(struct list_head *head)
{
	struct item *pos;
	int s = 0;

	list_for_each_entry(pos, head, hnode)
		s += pos->val;
	return s;
}

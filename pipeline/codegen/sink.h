/* SPDX-License-Identifier: GPL-2.0 */
#ifndef CODEGEN_SINK_H
#define CODEGEN_SINK_H

#include <linux/list.h>
#include <linux/list_bl.h>
#include <linux/list_nulls.h>
#include <linux/llist.h>

struct codegen_item {
	unsigned long pad[3];
	int value;
	struct list_head node;
	struct hlist_node hnode;
	struct hlist_nulls_node nnode;
	struct hlist_bl_node bnode;
	struct llist_node lnode;
};

void codegen_sink(struct codegen_item *pos);

#endif

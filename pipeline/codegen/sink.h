/* SPDX-License-Identifier: GPL-2.0 */
#ifndef CODEGEN_SINK_H
#define CODEGEN_SINK_H

#include <linux/list.h>

struct codegen_item {
	unsigned long pad[3];
	int value;
	struct list_head node;
	struct hlist_node hnode;
};

void codegen_sink(struct codegen_item *pos);

#endif

// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include "sink.h"

unsigned long codegen_sum;

void codegen_sink(struct codegen_item *pos)
{
	codegen_sum += pos->value;
}

MODULE_DESCRIPTION("Code generation probe for the speculation-safe list iterators");
MODULE_LICENSE("GPL");

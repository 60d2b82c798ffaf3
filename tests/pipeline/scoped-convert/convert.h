/* SPDX-License-Identifier: GPL-2.0 */
/* What the converter's corpus needs to compile in user space (non-RCU cases). */
#include <stddef.h>
#include <stdlib.h>
#include <linux/list.h>

#define kfree(p)	free(p)
#ifndef max
#define max(a, b)	((a) > (b) ? (a) : (b))
#endif

static inline void advance(void *p) { (void)p; }

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nospec-list benchmark: what the walk objects (walks.c, compiled once per
 * variant) export to the driver (bench.c).
 */
#ifndef NOSPEC_BENCH_H
#define NOSPEC_BENCH_H

#include <stddef.h>

/* The iterators measured, in table order. */
enum { M_ENTRY, M_SAFE, M_REVERSE, M_HLIST, M_SCOPED, NR_MACROS };
/* Timed loop bodies. */
enum { B_EMPTY, B_LIGHT, NR_BODIES };
/* Bodies of the visit-order self-check (not timed). */
enum { R_PLAIN, R_REASSIGN, R_BREAK, NR_RECORDS };

/*
 * A node as a kernel structure would hold it: 64 bytes, one cache line,
 * with the list_head and the hlist_node well inside (offsets 16 and 32),
 * so container_of() is a real subtraction.  Only the driver (bench.c) and
 * walks.c see the layout: both include <linux/list.h> from the variant's
 * headers, whose struct list_head / hlist_node are layout-identical.
 */
#define ITEM_SIZE 64

typedef unsigned long (*walk_fn)(void *head);
/*
 * Record the keys visited into out[0..max), return how many; *end gets the
 * iterator's value after the loop (NULL, the head seen as an entry, or the
 * entry a break left it on).  @arg: the key to break on (R_BREAK).
 */
typedef size_t (*record_fn)(void *head, int mode, unsigned long arg,
			    unsigned long *out, size_t max, void **end);

struct variant {
	const char *name;
	walk_fn walk[NR_MACROS][NR_BODIES];
	record_fn record[NR_MACROS];
};

extern const struct variant variant_vanilla, variant_nospec, variant_rfc,
	variant_exp, variant_cursor, variant_naive;

#endif

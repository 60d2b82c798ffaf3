// SPDX-License-Identifier: GPL-2.0
/*
 * Code size of one walk, three shapes (x86_64, gcc -O2), for the kernel
 * text discussion in README.md:
 *
 *   walk_plain  the classic list_for_each_entry();
 *   walk_value  the series' first walk: the select takes its condition as
 *               a value, as select_nospec() does, so the compiler
 *               materialises it (setne, test) and compares again for the
 *               loop's branch;
 *   walk_flags  a select that is the loop test: CMP and CMOV in one asm
 *               whose flag output (=@ccnz) the loop branches on, the
 *               shape of the series' select_nospec_ne() before patch 0118
 *               (and with clang);
 *   walk_once   walk_flags with the asm's template padded by assembler
 *               comment lines: gcc sizes an asm by its lines, and once the
 *               loop's test looks bigger than --param max-loop-header-insns
 *               (20) it no longer copies the test in front of the loop
 *               (loop rotation), so the walk has one select instead of two
 *               (and a jump back to the test per pass).  The shape of the
 *               series' x86 select_nospec_ne() since patch 0118, which pads
 *               with empty lines instead.
 *
 *   gcc -O2 -c measure/bench/select-shape.c -o /tmp/shape.o && nm -S --size-sort /tmp/shape.o
 *
 * Not built by any target: a measurement to rerun by hand.
 */
#include <stddef.h>

struct node { struct node *next, *prev; };
struct item { long pad[4]; struct node node; int v; };

void sink(struct item *it);

#define entry_of(p) ((struct item *)((char *)(p) - offsetof(struct item, node)))

#define select_value(cond, t, f)					\
({									\
	unsigned long __t = (unsigned long)(t);				\
	asm("test %[c_], %[c_]\n\tcmovz %[f_], %[t_]"			\
	    : [t_] "+r" (__t)						\
	    : [c_] "r" ((unsigned long)!!(cond)), [f_] "rm" ((unsigned long)(f)) \
	    : "cc");							\
	(typeof(t))__t;							\
})

/* Sixteen assembler comment lines: what gcc counts, not what it emits. */
#define ASM_SIZE_PAD "\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#"	\
		     "\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#\n\t#"

/*
 * *val stays when a != b and becomes NULL otherwise; returns a != b.  PAD is
 * appended to the asm's template: "" for the series' shape, ASM_SIZE_PAD
 * for walk_once.
 */
#define DEFINE_SELECT_NE(name, pad)					\
static inline _Bool name(const void *a, const void *b, unsigned long *val) \
{									\
	_Bool ne;							\
									\
	asm("cmp %[b_], %[a_]\n\tcmovz %[z_], %[v_]" pad		\
	    : [v_] "+r" (*val), "=@ccnz" (ne)				\
	    : [a_] "r" (a), [b_] "r" (b), [z_] "r" (0UL));		\
	return ne;							\
}
DEFINE_SELECT_NE(select_ne, "")
DEFINE_SELECT_NE(select_ne_once, ASM_SIZE_PAD)

/* A walk whose loop test is the fused compare and select SELECT. */
#define DEFINE_WALK(name, select)					\
void name(struct node *head)						\
{									\
	unsigned long v;						\
	_Bool more;							\
									\
	for (struct node *cur = head->next;				\
	     v = (unsigned long)entry_of(cur), more = select(cur, head, &v), more; \
	     cur = cur->next)						\
		sink((struct item *)v);					\
}

void walk_plain(struct node *head)
{
	struct item *pos;

	for (pos = entry_of(head->next); &pos->node != head;
	     pos = entry_of(pos->node.next))
		sink(pos);
}

void walk_value(struct node *head)
{
	struct item *pos;

	for (struct node *cur = head->next;
	     pos = select_value(cur != head, entry_of(cur), (struct item *)NULL),
	     cur != head;
	     cur = cur->next)
		sink(pos);
}

DEFINE_WALK(walk_flags, select_ne)
DEFINE_WALK(walk_once, select_ne_once)

// SPDX-License-Identifier: GPL-2.0
/*
 * One function per speculation-safe list iterator, each handing every
 * entry it visits to codegen_sink() (defined in sink.c, so the compiler
 * cannot see through it).  pipeline/branchless.py disassembles this object
 * and checks that the argument of every codegen_sink() call comes from a
 * conditional move (x86 CMOV, arm64 CSEL + CSDB) on every path, never
 * from a value chosen by a conditional branch.
 *
 * Built with -DCODEGEN_CLASSIC (branchless.sh --classic) the probe gets the
 * classic walks whatever the kernel's setting: the negative control, where
 * every walk must fail the check.
 */
#ifdef CODEGEN_CLASSIC
#undef CONFIG_LIST_NOSPEC
#endif
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/rculist_bl.h>
#include <linux/rculist_nulls.h>
#include <linux/srcu.h>
#include "sink.h"

#define WALK(name, decls, loop)						\
void codegen_##name(struct list_head *head, struct hlist_head *hhead,	\
		    struct codegen_item *start);			\
void codegen_##name(struct list_head *head, struct hlist_head *hhead,	\
		    struct codegen_item *start)				\
{									\
	struct codegen_item *pos = start;				\
	decls;								\
									\
	loop								\
		codegen_sink(pos);					\
}

WALK(list_for_each_entry, , list_for_each_entry(pos, head, node))
WALK(list_for_each_entry_reverse, , list_for_each_entry_reverse(pos, head, node))
WALK(list_for_each_entry_continue, , list_for_each_entry_continue(pos, head, node))
WALK(list_for_each_entry_continue_reverse, ,
     list_for_each_entry_continue_reverse(pos, head, node))
WALK(list_for_each_entry_from, , list_for_each_entry_from(pos, head, node))
WALK(list_for_each_entry_from_reverse, ,
     list_for_each_entry_from_reverse(pos, head, node))
WALK(list_for_each_entry_safe, struct codegen_item *n,
     list_for_each_entry_safe(pos, n, head, node))
WALK(list_for_each_entry_safe_continue, struct codegen_item *n,
     list_for_each_entry_safe_continue(pos, n, head, node))
WALK(list_for_each_entry_safe_from, struct codegen_item *n,
     list_for_each_entry_safe_from(pos, n, head, node))
/* A literal NULL head, as kernel/workqueue.c passes when @pos is set. */
WALK(list_for_each_entry_safe_from_null_head, struct codegen_item *n,
     list_for_each_entry_safe_from(pos, n, NULL, node))
WALK(list_for_each_entry_safe_reverse, struct codegen_item *n,
     list_for_each_entry_safe_reverse(pos, n, head, node))
WALK(list_for_each_entry_rcu, , list_for_each_entry_rcu(pos, head, node))
WALK(list_for_each_entry_srcu, , list_for_each_entry_srcu(pos, head, node, true))
WALK(list_for_each_entry_lockless, , list_for_each_entry_lockless(pos, head, node))
WALK(list_for_each_entry_continue_rcu, ,
     list_for_each_entry_continue_rcu(pos, head, node))
WALK(list_for_each_entry_from_rcu, , list_for_each_entry_from_rcu(pos, head, node))
WALK(hlist_for_each_entry, , hlist_for_each_entry(pos, hhead, hnode))
WALK(hlist_for_each_entry_continue, , hlist_for_each_entry_continue(pos, hnode))
WALK(hlist_for_each_entry_from, , hlist_for_each_entry_from(pos, hnode))
WALK(hlist_for_each_entry_safe, struct hlist_node *n,
     hlist_for_each_entry_safe(pos, n, hhead, hnode))
WALK(hlist_for_each_entry_rcu, , hlist_for_each_entry_rcu(pos, hhead, hnode))
WALK(hlist_for_each_entry_srcu, , hlist_for_each_entry_srcu(pos, hhead, hnode, true))
WALK(hlist_for_each_entry_rcu_notrace, ,
     hlist_for_each_entry_rcu_notrace(pos, hhead, hnode))
WALK(hlist_for_each_entry_rcu_bh, , hlist_for_each_entry_rcu_bh(pos, hhead, hnode))
WALK(hlist_for_each_entry_continue_rcu, ,
     hlist_for_each_entry_continue_rcu(pos, hnode))
WALK(hlist_for_each_entry_continue_rcu_bh, ,
     hlist_for_each_entry_continue_rcu_bh(pos, hnode))
WALK(hlist_for_each_entry_from_rcu, , hlist_for_each_entry_from_rcu(pos, hnode))

/* The helpers that choose between an entry and NULL or another entry. */
WALK(list_first_entry_or_null, ,
     if ((pos = list_first_entry_or_null(head, struct codegen_item, node))))
WALK(list_first_or_null_rcu, ,
     if ((pos = list_first_or_null_rcu(head, struct codegen_item, node))))
WALK(list_next_or_null_rcu, ,
     if ((pos = list_next_or_null_rcu(head, &start->node, struct codegen_item, node))))
WALK(list_next_entry_circular, ,
     if ((pos = list_next_entry_circular(start, head, node))))
WALK(list_prev_entry_circular, ,
     if ((pos = list_prev_entry_circular(start, head, node))))

/*
 * The folding shapes: the caller tests the helper's own condition first
 * and returns when it holds, so that the compiler knows the outcome where
 * the helper runs.  A select that takes its condition as a C value is then
 * folded into a plain move, and a mispredicted branch of the caller hands
 * on the value the test rejected; the check fails a select whose compare
 * tests a constant.
 */
#define FOLD(name, test, value)						\
void codegen_fold_##name(struct list_head *head, struct hlist_head *hhead, \
			 struct codegen_item *start);			\
void codegen_fold_##name(struct list_head *head, struct hlist_head *hhead, \
			 struct codegen_item *start)			\
{									\
	if (test)							\
		return;							\
	codegen_sink(value);						\
}

FOLD(list_next_entry_circular, list_is_last(&start->node, head),
     list_next_entry_circular(start, head, node))
FOLD(list_prev_entry_circular, list_is_first(&start->node, head),
     list_prev_entry_circular(start, head, node))
FOLD(list_first_entry_or_null, list_empty(head),
     list_first_entry_or_null(head, struct codegen_item, node))
FOLD(list_first_or_null_rcu, list_empty(head),
     list_first_or_null_rcu(head, struct codegen_item, node))
FOLD(list_next_or_null_rcu, list_is_last(&start->node, head),
     list_next_or_null_rcu(head, &start->node, struct codegen_item, node))
FOLD(hlist_entry_safe, !hhead->first,
     hlist_entry_safe(hhead->first, struct codegen_item, hnode))
FOLD(hlist_nulls_entry_safe,
     is_a_nulls(((struct hlist_nulls_head *)hhead)->first),
     hlist_nulls_entry_safe(((struct hlist_nulls_head *)hhead)->first,
			    struct codegen_item, nnode))

/* A walk behind the caller's own test of its first step. */
WALK(fold_list_for_each_entry, if (list_empty(head)) return,
     list_for_each_entry(pos, head, node))

/*
 * The other families; their heads are one pointer, like hlist_head, so
 * the probe takes them from @hhead (it is never run).
 */
#define NHEAD	((struct hlist_nulls_head *)hhead)
#define BHEAD	((struct hlist_bl_head *)hhead)
#define LFIRST	((struct llist_node *)hhead->first)
WALK(hlist_nulls_for_each_entry, struct hlist_nulls_node *np,
     hlist_nulls_for_each_entry(pos, np, NHEAD, nnode))
WALK(hlist_nulls_for_each_entry_from, struct hlist_nulls_node *np = &start->nnode,
     hlist_nulls_for_each_entry_from(pos, np, nnode))
WALK(hlist_nulls_for_each_entry_rcu, struct hlist_nulls_node *np,
     hlist_nulls_for_each_entry_rcu(pos, np, NHEAD, nnode))
WALK(hlist_nulls_for_each_entry_safe, struct hlist_nulls_node *np,
     hlist_nulls_for_each_entry_safe(pos, np, NHEAD, nnode))
WALK(hlist_bl_for_each_entry, struct hlist_bl_node *bp,
     hlist_bl_for_each_entry(pos, bp, BHEAD, bnode))
WALK(hlist_bl_for_each_entry_safe, struct hlist_bl_node *bp; struct hlist_bl_node *bn,
     hlist_bl_for_each_entry_safe(pos, bp, bn, BHEAD, bnode))
WALK(hlist_bl_for_each_entry_rcu, struct hlist_bl_node *bp,
     hlist_bl_for_each_entry_rcu(pos, bp, BHEAD, bnode))
WALK(llist_for_each_entry, , llist_for_each_entry(pos, LFIRST, lnode))
WALK(llist_for_each_entry_safe, struct codegen_item *n,
     llist_for_each_entry_safe(pos, n, LFIRST, lnode))

#ifdef list_for_each_entry_scoped
/*
 * The loop-scoped forms declare their own cursor: no pos here, so that the
 * W=2 build (-Wshadow) also shows they shadow nothing.  @start serves the
 * _continue and _from forms.
 */
#define WALK_SCOPED(name, loop)						\
void codegen_##name(struct list_head *head, struct hlist_head *hhead,	\
		    struct codegen_item *start);			\
void codegen_##name(struct list_head *head, struct hlist_head *hhead,	\
		    struct codegen_item *start)				\
{									\
	loop								\
		codegen_sink(pos);					\
}

WALK_SCOPED(list_for_each_entry_scoped,
	    list_for_each_entry_scoped(struct codegen_item, pos, head, node))
WALK_SCOPED(list_for_each_entry_reverse_scoped,
	    list_for_each_entry_reverse_scoped(struct codegen_item, pos, head, node))
WALK_SCOPED(list_for_each_entry_continue_scoped,
	    list_for_each_entry_continue_scoped(struct codegen_item, pos, start,
						head, node))
WALK_SCOPED(list_for_each_entry_from_scoped,
	    list_for_each_entry_from_scoped(struct codegen_item, pos, start,
					    head, node))
WALK_SCOPED(list_for_each_entry_safe_scoped,
	    list_for_each_entry_safe_scoped(struct codegen_item, pos, n, head, node))
WALK_SCOPED(list_for_each_entry_safe_reverse_scoped,
	    list_for_each_entry_safe_reverse_scoped(struct codegen_item, pos, n,
						    head, node))
WALK_SCOPED(list_for_each_entry_rcu_scoped,
	    list_for_each_entry_rcu_scoped(struct codegen_item, pos, head, node))
WALK_SCOPED(hlist_for_each_entry_scoped,
	    hlist_for_each_entry_scoped(struct codegen_item, pos, hhead, hnode))
WALK_SCOPED(hlist_for_each_entry_safe_scoped,
	    hlist_for_each_entry_safe_scoped(struct codegen_item, pos, n, hhead,
					     hnode))
WALK_SCOPED(hlist_for_each_entry_rcu_scoped,
	    hlist_for_each_entry_rcu_scoped(struct codegen_item, pos, hhead, hnode))
#endif /* list_for_each_entry_scoped */

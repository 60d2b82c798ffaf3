// SPDX-License-Identifier: GPL-2.0
/*
 * The timed walks and the visit-order recorders of one variant.  This file
 * is compiled once per variant, either against the pristine tools/include
 * or against the project's mirror of the series' iterators in front of it
 * (measure/include; see measure/bench/bench.sh):
 *
 *   vanilla  pristine Debian headers: the kernel's iterators as they are
 *   nospec   the mirror with CONFIG_LIST_NOSPEC: walk on a hidden
 *            list_head cursor; the loop test is select_nospec_ne(), one
 *            compare whose flags drive both the CMOV that gives the body
 *            pos and the exit branch
 *   rfc      the mirror without the option, plus the local macros below:
 *            the RFC's shape, a select (select_nospec(), see below) on the
 *            loop-carried pointer itself, so the CMOV sits on the pointer
 *            chase
 *   exp      the review's alternative to the fused test (#35): the same
 *            hidden list_head cursor, but a plain C compare drives the
 *            loop and select_nospec_ne(), its flags unused, only makes the
 *            value the body gets; the compiler may rotate the loop and
 *            copy its test, and the select compares once more
 *   cursor   the series' walk without its select: the mirror with
 *            CONFIG_LIST_NOSPEC, but select_nospec_ne() is a plain compare
 *            that leaves the body's pos alone, so the body gets
 *            container_of(cursor) at the end as the classic loop does; the
 *            baseline that shows what the select itself costs (nospec /
 *            cursor) apart from walking on the list_head (cursor / vanilla)
 *   naive    the mirror plus a hidden-cursor walk that ignores a body
 *            reassigning pos: never timed; it exists so that the
 *            self-check can be shown to catch a wrong visit order
 *
 * Every function is noinline and reached through a function pointer, so
 * the compiler cannot merge or hoist work across variants or calls.
 */
#include <stdbool.h>
#include <stddef.h>
/* The architecture's selects for every variant: list.h includes
 * asm/barrier.h only with CONFIG_LIST_NOSPEC. */
#include <asm/barrier.h>
#if defined(VARIANT_IS_CURSOR)
/* The baseline: the series' walk, its select reduced to the compare. */
#undef select_nospec_ne
#define select_nospec_ne(a, b, valp) ((void)(valp), (a) != (b))
#endif
#include <linux/list.h>
#include "bench.h"
#include "item.h"

#ifndef VARIANT
#error "compile with -DVARIANT=vanilla|nospec|rfc|exp|cursor|naive"
#endif

#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define STR_(a) #a
#define STR(a) STR_(a)

#define VARIANT_vanilla 1
#define VARIANT_nospec 2
#define VARIANT_rfc 3
#define VARIANT_naive 4
#define VARIANT_exp 5
#define VARIANT_cursor 6
#define WHICH PASTE(VARIANT_, VARIANT)

#if (WHICH == VARIANT_nospec || WHICH == VARIANT_cursor) && !defined(CONFIG_LIST_NOSPEC)
#error "the nospec and cursor variants need -DCONFIG_LIST_NOSPEC"
#endif
#if (WHICH == VARIANT_cursor) != defined(VARIANT_IS_CURSOR)
#error "the cursor variant needs -DVARIANT=cursor -DVARIANT_IS_CURSOR, and only it"
#endif
#if WHICH >= VARIANT_rfc && !defined(select_nospec_ne)
#error "rfc, naive, exp and cursor need the mirror's selects (measure/include)"
#endif

#if WHICH == VARIANT_rfc || WHICH == VARIANT_naive
/*
 * select_nospec(cond, t, f): t when cond is non-zero, else f, by TEST and
 * CMOVZ on a condition the compiler materialises as a value.  The series'
 * first select, which the series and the mirror no longer have (their
 * selects compare inside the asm); kept here, as it was, for the variants
 * that measure its shapes.
 */
#define select_nospec(cond, val_true, val_false)			\
({									\
	unsigned long __sn_v = (unsigned long)(val_true);		\
	unsigned long __sn_f = (unsigned long)(val_false);		\
									\
	static_assert(sizeof(val_true) <= sizeof(long), "too wide");	\
	static_assert(sizeof(val_false) <= sizeof(long), "too wide");	\
	asm("test %[c], %[c]\n\t"					\
	    "cmovz %[f], %[v]"						\
	    : [v] "+r" (__sn_v)						\
	    : [c] "r" ((unsigned long)!!(cond)), [f] "rm" (__sn_f)	\
	    : "cc");							\
	(typeof(1 ? (val_true) : (val_false)))__sn_v;			\
})
#endif

#if WHICH == VARIANT_rfc
/*
 * The RFC's shape: the exit test also overwrites the cursor with the
 * selected value, and the next step loads through that value, so each
 * iteration's load address comes out of the CMOV.
 */
#define rfc_keep(pos, head, member)					\
	({								\
		bool __rfc_c = &(pos)->member != (head);		\
		(pos) = select_nospec(__rfc_c, (pos), NULL);		\
		__rfc_c;						\
	})

#define W_ENTRY(pos, head, member)					\
	for (pos = list_first_entry(head, typeof(*(pos)), member);	\
	     rfc_keep(pos, head, member);				\
	     pos = list_next_entry(pos, member))

#define W_REVERSE(pos, head, member)					\
	for (pos = list_last_entry(head, typeof(*(pos)), member);	\
	     rfc_keep(pos, head, member);				\
	     pos = list_prev_entry(pos, member))

/* _safe already walks on n, so the select in the test is off its chain. */
#define W_SAFE(pos, n, head, member)					\
	for (pos = list_first_entry(head, typeof(*(pos)), member),	\
	     n = list_next_entry(pos, member);				\
	     rfc_keep(pos, head, member);				\
	     pos = n, n = list_next_entry(n, member))

#define rfc_hentry(ptr, type, member)					\
	({								\
		typeof(ptr) __rfc_p = (ptr);				\
		select_nospec(__rfc_p, hlist_entry(__rfc_p, type, member), NULL); \
	})

#define W_HLIST(pos, head, member)					\
	for (pos = rfc_hentry((head)->first, typeof(*(pos)), member);	\
	     pos;							\
	     pos = rfc_hentry((pos)->member.next, typeof(*(pos)), member))

#elif WHICH == VARIANT_naive
/* Hidden cursor, but the step ignores what the body did to pos. */
#define naive_walk(pos, start, head, member, step)			\
	for (typeof(pos) __nv_c = (start);				\
	     (pos) = select_nospec(&__nv_c->member != (head), __nv_c, NULL), \
	     &__nv_c->member != (head);					\
	     __nv_c = step(__nv_c, member))

#define W_ENTRY(pos, head, member)					\
	naive_walk(pos, list_first_entry(head, typeof(*(pos)), member),	\
		   head, member, list_next_entry)
#define W_REVERSE(pos, head, member)					\
	naive_walk(pos, list_last_entry(head, typeof(*(pos)), member),	\
		   head, member, list_prev_entry)
#define W_SAFE(pos, n, head, member)					\
	for (typeof(pos) __nv_c = list_first_entry(head, typeof(*(pos)), member); \
	     (n) = list_next_entry(__nv_c, member),			\
	     (pos) = select_nospec(&__nv_c->member != (head), __nv_c, NULL), \
	     &__nv_c->member != (head);					\
	     __nv_c = (n))
#define W_HLIST(pos, head, member)					\
	for (struct hlist_node *__nv_n = (head)->first;			\
	     (pos) = select_nospec(__nv_n,				\
			hlist_entry(__nv_n, typeof(*(pos)), member), NULL), \
	     __nv_n;							\
	     __nv_n = __nv_n->next)

#elif WHICH == VARIANT_exp
/*
 * Cursor and selected entry travel together in one small struct (the
 * compiler keeps both in registers); the step follows the body's pos only
 * if the body reassigned it, as the series' __list_walk_nospec() does.
 * The loop's exit is a C compare of the cursor with the head; the value
 * the body gets comes from the select, whose own compare is inside its asm
 * (so it cannot be folded from the loop's) and whose flags go unused.
 */
#define exp_select_ne(a, b, entry)					\
	({								\
		typeof(entry) __xs = (entry);				\
		(void)select_nospec_ne(a, b, &__xs);			\
		__xs;							\
	})

#define exp_walk(pos, first, head, member, dir)				\
	for (struct { struct list_head *c; typeof(pos) s; }		\
	     __x = { (first), NULL };					\
	     __x.s = exp_select_ne(__x.c, (head),			\
				   list_entry(__x.c, typeof(*(pos)), member)), \
	     (pos) = __x.s, __x.c != (head);				\
	     __x.c = ((pos) == __x.s ? __x.c : &(pos)->member)->dir)

#define W_ENTRY(pos, head, member)					\
	exp_walk(pos, (head)->next, head, member, next)
#define W_REVERSE(pos, head, member)					\
	exp_walk(pos, (head)->prev, head, member, prev)
/* n stays an entry for the body (list_safe_reset_next() writes it). */
#define W_SAFE(pos, n, head, member)					\
	for (struct list_head *__x_c = (head)->next;			\
	     (n) = list_entry(__x_c->next, typeof(*(pos)), member),	\
	     (pos) = exp_select_ne(__x_c, (head),			\
			list_entry(__x_c, typeof(*(pos)), member)),	\
	     __x_c != (head);						\
	     __x_c = &(n)->member)
#define W_HLIST(pos, head, member)					\
	for (struct { struct hlist_node *c; typeof(pos) s; }		\
	     __x = { (head)->first, NULL };				\
	     __x.s = exp_select_ne(__x.c, NULL,				\
				   hlist_entry(__x.c, typeof(*(pos)), member)), \
	     (pos) = __x.s, __x.c;					\
	     __x.c = ((pos) == __x.s ? __x.c : &(pos)->member)->next)

#else	/* vanilla, nospec, cursor: the headers' own iterators */
#define W_ENTRY list_for_each_entry
#define W_REVERSE list_for_each_entry_reverse
#define W_SAFE list_for_each_entry_safe
#define W_HLIST hlist_for_each_entry
#endif

/*
 * The loop-scoped form: the series' list_for_each_entry_scoped() where the
 * variant walks with the series' own iterators (nospec, cursor); elsewhere
 * the same one-pass declaring for statement around the variant's W_ENTRY,
 * so that every variant's scoped row costs what its entry row costs plus
 * whatever the scope adds.
 */
#if WHICH != VARIANT_rfc && WHICH != VARIANT_naive && WHICH != VARIANT_exp && \
	defined(list_for_each_entry_scoped)
#define W_SCOPED(pos, head, member)					\
	list_for_each_entry_scoped(struct item, pos, head, member)
#else
#define W_SCOPED(pos, head, member)					\
	for (struct item *pos, *__w_done = NULL; !__w_done;		\
	     __w_done = (void *)1)					\
		W_ENTRY(pos, head, member)
#endif

/* Keep pos alive without reading memory through it. */
#define BODY_EMPTY(pos)	asm volatile("" : : "r" (pos))
/* One dependent load off the element, as most real bodies do. */
#define BODY_LIGHT(pos)	(sum += (pos)->val)

#define DEFINE_WALK(name, body, loop, headtype, ...)			\
static noinline unsigned long name(void *h)		\
{									\
	headtype *head = h;						\
	/* a scoped loop declares its own pos: this one is unused */	\
	struct item *pos __attribute__((unused));			\
	struct item *n __attribute__((unused));				\
	unsigned long sum = 0;						\
									\
	loop(pos, __VA_ARGS__) {					\
		body(pos);						\
	}								\
	return sum;							\
}

DEFINE_WALK(w_entry_empty, BODY_EMPTY, W_ENTRY, struct list_head, head, link)
DEFINE_WALK(w_entry_light, BODY_LIGHT, W_ENTRY, struct list_head, head, link)
DEFINE_WALK(w_safe_empty, BODY_EMPTY, W_SAFE, struct list_head, n, head, link)
DEFINE_WALK(w_safe_light, BODY_LIGHT, W_SAFE, struct list_head, n, head, link)
DEFINE_WALK(w_reverse_empty, BODY_EMPTY, W_REVERSE, struct list_head, head, link)
DEFINE_WALK(w_reverse_light, BODY_LIGHT, W_REVERSE, struct list_head, head, link)
DEFINE_WALK(w_hlist_empty, BODY_EMPTY, W_HLIST, struct hlist_head, head, hnode)
DEFINE_WALK(w_hlist_light, BODY_LIGHT, W_HLIST, struct hlist_head, head, hnode)
DEFINE_WALK(w_scoped_empty, BODY_EMPTY, W_SCOPED, struct list_head, head, link)
DEFINE_WALK(w_scoped_light, BODY_LIGHT, W_SCOPED, struct list_head, head, link)

/*
 * Which elements a R_REASSIGN body skips: it moves pos one element on in
 * the walk's direction (never onto the head), as kernel bodies do that
 * consume two entries at once or step over one they just handled.
 */
static inline bool skip_after(unsigned long key)
{
	return key * 2654435761UL % 7 == 3;
}

/*
 * The recorders: the body logs the key, then per mode either leaves pos
 * alone, reassigns it, or breaks out on key == arg.  The count guard stops
 * a variant that would loop forever; the driver sees too many visits.
 */
#define RECORD_BODY(pos, advance_ok, advance)				\
	do {								\
		if (cnt < max)						\
			out[cnt] = (pos)->key;				\
		if (++cnt > max)					\
			goto out;					\
		if (mode == R_BREAK && (pos)->key == arg)		\
			goto out;					\
		if (mode == R_REASSIGN && skip_after((pos)->key) &&	\
		    (advance_ok))					\
			(pos) = (advance);				\
	} while (0)

#define DEFINE_RECORD(name, loop, headtype, advance_ok, advance, ...)	\
static noinline size_t					\
name(void *h, int mode, unsigned long arg, unsigned long *out,		\
     size_t max, void **end)						\
{									\
	headtype *head = h;						\
	struct item *pos, *n __attribute__((unused));			\
	size_t cnt = 0;							\
									\
	loop(pos, __VA_ARGS__) {					\
		RECORD_BODY(pos, advance_ok, advance);			\
	}								\
out:									\
	*end = pos;							\
	return cnt;							\
}

DEFINE_RECORD(w_entry_record, W_ENTRY, struct list_head,
	      pos->link.next != head, list_next_entry(pos, link), head, link)
DEFINE_RECORD(w_safe_record, W_SAFE, struct list_head,
	      pos->link.next != head, list_next_entry(pos, link), n, head, link)
DEFINE_RECORD(w_reverse_record, W_REVERSE, struct list_head,
	      pos->link.prev != head, list_prev_entry(pos, link), head, link)
DEFINE_RECORD(w_hlist_record, W_HLIST, struct hlist_head,
	      pos->hnode.next != NULL,
	      hlist_entry(pos->hnode.next, struct item, hnode), head, hnode)

/*
 * A scoped walk leaves no cursor behind: *end is the entry a break left
 * the body on, or NULL after a complete walk.
 */
static noinline size_t
w_scoped_record(void *h, int mode, unsigned long arg, unsigned long *out,
		size_t max, void **end)
{
	struct list_head *head = h;
	struct item *at = NULL;
	size_t cnt = 0;

	W_SCOPED(pos, head, link) {
		at = pos;
		RECORD_BODY(pos, pos->link.next != head,
			    list_next_entry(pos, link));
	}
	at = NULL;
out:
	*end = at;
	return cnt;
}

const struct variant PASTE(variant_, VARIANT) = {
	.name = STR(VARIANT),
	.walk = {
		[M_ENTRY]   = { w_entry_empty, w_entry_light },
		[M_SAFE]    = { w_safe_empty, w_safe_light },
		[M_REVERSE] = { w_reverse_empty, w_reverse_light },
		[M_HLIST]   = { w_hlist_empty, w_hlist_light },
		[M_SCOPED]  = { w_scoped_empty, w_scoped_light },
	},
	.record = {
		[M_ENTRY] = w_entry_record,
		[M_SAFE] = w_safe_record,
		[M_REVERSE] = w_reverse_record,
		[M_HLIST] = w_hlist_record,
		[M_SCOPED] = w_scoped_record,
	},
};

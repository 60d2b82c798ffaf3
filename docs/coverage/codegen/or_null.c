/* Item A: what the compiler makes of list_first_entry_or_null() and
 * list_next_entry_circular() in a typical caller (user-space mock of the
 * 6.12 macros; gcc -O2 / clang -O2 -S).  Build: build.sh */
#include <stddef.h>
struct list_head { struct list_head *next, *prev; };
#define container_of(p, t, m) ((t *)((char *)(p) - offsetof(t, m)))
#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define list_entry(p, t, m) container_of(p, t, m)
#define list_first_entry(p, t, m) list_entry((p)->next, t, m)
#define list_next_entry(pos, m) list_entry((pos)->m.next, __typeof__(*(pos)), m)
#define list_is_last(l, h) ((l)->next == (h))

/* 6.12 */
#define list_first_entry_or_null(ptr, type, member) ({ \
	struct list_head *head__ = (ptr); \
	struct list_head *pos__ = READ_ONCE(head__->next); \
	pos__ != head__ ? list_entry(pos__, type, member) : NULL; })
#define list_next_entry_circular(pos, head, member) \
	(list_is_last(&(pos)->member, head) ? \
	list_first_entry(head, __typeof__(*(pos)), member) : list_next_entry(pos, member))

/* select-based candidates (generic select_nospec of patch 0116) */
#define OPTIMIZER_HIDE_VAR(v) __asm__ ("" : "=r" (v) : "0" (v))
#define select_nospec(c, t, f) ({ \
	unsigned long __t = (unsigned long)(t), __f = (unsigned long)(f); \
	unsigned long __m = 0UL - (unsigned long)!!(c); \
	OPTIMIZER_HIDE_VAR(__m); \
	(__typeof__(t))((__t & __m) | (__f & ~__m)); })
#define list_first_entry_or_null_ns(ptr, type, member) ({ \
	struct list_head *head__ = (ptr); \
	struct list_head *pos__ = READ_ONCE(head__->next); \
	select_nospec(pos__ != head__, list_entry(pos__, type, member), NULL); })
#define list_next_entry_circular_ns(pos, head, member) \
	select_nospec(list_is_last(&(pos)->member, head), \
	list_first_entry(head, __typeof__(*(pos)), member), list_next_entry(pos, member))

struct item { long a, b; struct list_head node; long secret; };
struct owner { long x; struct list_head items; long y; };

long first_old(struct owner *o)
{
	struct item *it = list_first_entry_or_null(&o->items, struct item, node);
	if (!it)
		return -1;
	return it->secret;
}

long first_new(struct owner *o)
{
	struct item *it = list_first_entry_or_null_ns(&o->items, struct item, node);
	if (!it)
		return -1;
	return it->secret;
}

long circ_old(struct owner *o, struct item *cur)
{
	return list_next_entry_circular(cur, &o->items, node)->secret;
}

long circ_new(struct owner *o, struct item *cur)
{
	return list_next_entry_circular_ns(cur, &o->items, node)->secret;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nospec-list's user-space mirror of the speculation-safe list iterators:
 * tools/include/linux/list.h of the pristine kernel tree, with the entry
 * iterators of the series' include/linux/list.h (the walks, with
 * CONFIG_LIST_NOSPEC and without, and the _scoped forms).  The macro logic
 * is the kernel's; what differs is said where it does.  It replaces the
 * tools file: see measure/include/README for the include order, and
 * tests/measure/test-mirror.sh for the test that keeps it in step with
 * the kernel's headers.
 */
#ifndef __TOOLS_LINUX_LIST_H
#define __TOOLS_LINUX_LIST_H

#include <linux/types.h>
#include <linux/poison.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/build_bug.h>	/* BUILD_BUG_ON_ZERO() */
#ifdef CONFIG_LIST_NOSPEC
#include <asm/barrier.h>	/* the architecture's nospec selects */
#endif

/* As in the kernel's <linux/compiler.h>, which the tools one lacks. */
#ifndef __UNIQUE_ID
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#endif

/*
 * Simple doubly linked list implementation.
 *
 * Some of the internal functions ("__xxx") are useful when
 * manipulating whole lists rather than single entries, as
 * sometimes we already know the next/prev entries and we can
 * generate better code by using them directly rather than
 * using the generic single-entry routines.
 */

#define LIST_HEAD_INIT(name) { &(name), &(name) }

#define LIST_HEAD(name) \
	struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

/*
 * Insert a new entry between two known consecutive entries.
 *
 * This is only for internal list manipulation where we know
 * the prev/next entries already!
 */
#ifndef CONFIG_DEBUG_LIST
static inline void __list_add(struct list_head *new,
			      struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}
#else
extern void __list_add(struct list_head *new,
			      struct list_head *prev,
			      struct list_head *next);
#endif

/**
 * list_add - add a new entry
 * @new: new entry to be added
 * @head: list head to add it after
 *
 * Insert a new entry after the specified head.
 * This is good for implementing stacks.
 */
static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}


/**
 * list_add_tail - add a new entry
 * @new: new entry to be added
 * @head: list head to add it before
 *
 * Insert a new entry before the specified head.
 * This is useful for implementing queues.
 */
static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	__list_add(new, head->prev, head);
}

/*
 * Delete a list entry by making the prev/next entries
 * point to each other.
 *
 * This is only for internal list manipulation where we know
 * the prev/next entries already!
 */
static inline void __list_del(struct list_head * prev, struct list_head * next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

/**
 * list_del - deletes entry from list.
 * @entry: the element to delete from the list.
 * Note: list_empty() on entry does not return true after this, the entry is
 * in an undefined state.
 */
#ifndef CONFIG_DEBUG_LIST
static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

static inline void list_del(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}
#else
extern void __list_del_entry(struct list_head *entry);
extern void list_del(struct list_head *entry);
#endif

/**
 * list_replace - replace old entry by new one
 * @old : the element to be replaced
 * @new : the new element to insert
 *
 * If @old was empty, it will be overwritten.
 */
static inline void list_replace(struct list_head *old,
				struct list_head *new)
{
	new->next = old->next;
	new->next->prev = new;
	new->prev = old->prev;
	new->prev->next = new;
}

static inline void list_replace_init(struct list_head *old,
					struct list_head *new)
{
	list_replace(old, new);
	INIT_LIST_HEAD(old);
}

/**
 * list_del_init - deletes entry from list and reinitialize it.
 * @entry: the element to delete from the list.
 */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/**
 * list_move - delete from one list and add as another's head
 * @list: the entry to move
 * @head: the head that will precede our entry
 */
static inline void list_move(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add(list, head);
}

/**
 * list_move_tail - delete from one list and add as another's tail
 * @list: the entry to move
 * @head: the head that will follow our entry
 */
static inline void list_move_tail(struct list_head *list,
				  struct list_head *head)
{
	__list_del_entry(list);
	list_add_tail(list, head);
}

/**
 * list_is_last - tests whether @list is the last entry in list @head
 * @list: the entry to test
 * @head: the head of the list
 */
static inline int list_is_last(const struct list_head *list,
				const struct list_head *head)
{
	return list->next == head;
}

/**
 * list_empty - tests whether a list is empty
 * @head: the list to test.
 */
static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

/**
 * list_empty_careful - tests whether a list is empty and not being modified
 * @head: the list to test
 *
 * Description:
 * tests whether a list is empty _and_ checks that no other CPU might be
 * in the process of modifying either member (next or prev)
 *
 * NOTE: using list_empty_careful() without synchronization
 * can only be safe if the only activity that can happen
 * to the list entry is list_del_init(). Eg. it cannot be used
 * if another CPU could re-list_add() it.
 */
static inline int list_empty_careful(const struct list_head *head)
{
	struct list_head *next = head->next;
	return (next == head) && (next == head->prev);
}

/**
 * list_rotate_left - rotate the list to the left
 * @head: the head of the list
 */
static inline void list_rotate_left(struct list_head *head)
{
	struct list_head *first;

	if (!list_empty(head)) {
		first = head->next;
		list_move_tail(first, head);
	}
}

/**
 * list_is_singular - tests whether a list has just one entry.
 * @head: the list to test.
 */
static inline int list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && (head->next == head->prev);
}

static inline void __list_cut_position(struct list_head *list,
		struct list_head *head, struct list_head *entry)
{
	struct list_head *new_first = entry->next;
	list->next = head->next;
	list->next->prev = list;
	list->prev = entry;
	entry->next = list;
	head->next = new_first;
	new_first->prev = head;
}

/**
 * list_cut_position - cut a list into two
 * @list: a new list to add all removed entries
 * @head: a list with entries
 * @entry: an entry within head, could be the head itself
 *	and if so we won't cut the list
 *
 * This helper moves the initial part of @head, up to and
 * including @entry, from @head to @list. You should
 * pass on @entry an element you know is on @head. @list
 * should be an empty list or a list you do not care about
 * losing its data.
 *
 */
static inline void list_cut_position(struct list_head *list,
		struct list_head *head, struct list_head *entry)
{
	if (list_empty(head))
		return;
	if (list_is_singular(head) &&
		(head->next != entry && head != entry))
		return;
	if (entry == head)
		INIT_LIST_HEAD(list);
	else
		__list_cut_position(list, head, entry);
}

static inline void __list_splice(const struct list_head *list,
				 struct list_head *prev,
				 struct list_head *next)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	first->prev = prev;
	prev->next = first;

	last->next = next;
	next->prev = last;
}

/**
 * list_splice - join two lists, this is designed for stacks
 * @list: the new list to add.
 * @head: the place to add it in the first list.
 */
static inline void list_splice(const struct list_head *list,
				struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/**
 * list_splice_tail - join two lists, each list being a queue
 * @list: the new list to add.
 * @head: the place to add it in the first list.
 */
static inline void list_splice_tail(struct list_head *list,
				struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

/**
 * list_splice_init - join two lists and reinitialise the emptied list.
 * @list: the new list to add.
 * @head: the place to add it in the first list.
 *
 * The list at @list is reinitialised
 */
static inline void list_splice_init(struct list_head *list,
				    struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_splice_tail_init - join two lists and reinitialise the emptied list
 * @list: the new list to add.
 * @head: the place to add it in the first list.
 *
 * Each of the lists is a queue.
 * The list at @list is reinitialised
 */
static inline void list_splice_tail_init(struct list_head *list,
					 struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_entry - get the struct for this entry
 * @ptr:	the &struct list_head pointer.
 * @type:	the type of the struct this is embedded in.
 * @member:	the name of the list_head within the struct.
 */
#define list_entry(ptr, type, member) \
	container_of(ptr, type, member)

/**
 * list_first_entry - get the first element from a list
 * @ptr:	the list head to take the element from.
 * @type:	the type of the struct this is embedded in.
 * @member:	the name of the list_head within the struct.
 *
 * Note, that list is expected to be not empty.
 */
#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)

/**
 * list_last_entry - get the last element from a list
 * @ptr:	the list head to take the element from.
 * @type:	the type of the struct this is embedded in.
 * @member:	the name of the list_head within the struct.
 *
 * Note, that list is expected to be not empty.
 */
#define list_last_entry(ptr, type, member) \
	list_entry((ptr)->prev, type, member)

/**
 * list_first_entry_or_null - get the first element from a list
 * @ptr:	the list head to take the element from.
 * @type:	the type of the struct this is embedded in.
 * @member:	the name of the list_head within the struct.
 *
 * Note that if the list is empty, it returns NULL.  With CONFIG_LIST_NOSPEC
 * the choice is made by select_nospec_ne(), which compares inside its asm,
 * so that a mispredicted test of an empty list, here or in the caller,
 * cannot hand the caller the head seen as an entry.
 */
#ifdef CONFIG_LIST_NOSPEC
#define list_first_entry_or_null(ptr, type, member) ({			\
	struct list_head *head__ = (ptr);				\
	struct list_head *pos__ = READ_ONCE(head__->next);		\
	type *entry__ = list_entry(pos__, type, member);		\
									\
	select_nospec_ne(pos__, head__, &entry__);			\
	entry__;							\
})
#else
#define list_first_entry_or_null(ptr, type, member) \
	(!list_empty(ptr) ? list_first_entry(ptr, type, member) : NULL)
#endif

/**
 * list_last_entry_or_null - get the last element from a list
 * @ptr:       the list head to take the element from.
 * @type:      the type of the struct this is embedded in.
 * @member:    the name of the list_head within the struct.
 *
 * Note that if the list is empty, it returns NULL.
 */
#define list_last_entry_or_null(ptr, type, member) \
	(!list_empty(ptr) ? list_last_entry(ptr, type, member) : NULL)

/**
 * list_next_entry - get the next element in list
 * @pos:	the type * to cursor
 * @member:	the name of the list_head within the struct.
 */
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, typeof(*(pos)), member)

/**
 * list_prev_entry - get the prev element in list
 * @pos:	the type * to cursor
 * @member:	the name of the list_head within the struct.
 */
#define list_prev_entry(pos, member) \
	list_entry((pos)->member.prev, typeof(*(pos)), member)

/**
 * list_for_each	-	iterate over a list
 * @pos:	the &struct list_head to use as a loop cursor.
 * @head:	the head for your list.
 */
#define list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)

/**
 * list_for_each_prev	-	iterate over a list backwards
 * @pos:	the &struct list_head to use as a loop cursor.
 * @head:	the head for your list.
 */
#define list_for_each_prev(pos, head) \
	for (pos = (head)->prev; pos != (head); pos = pos->prev)

/**
 * list_for_each_safe - iterate over a list safe against removal of list entry
 * @pos:	the &struct list_head to use as a loop cursor.
 * @n:		another &struct list_head to use as temporary storage
 * @head:	the head for your list.
 */
#define list_for_each_safe(pos, n, head) \
	for (pos = (head)->next, n = pos->next; pos != (head); \
		pos = n, n = pos->next)

/**
 * list_for_each_prev_safe - iterate over a list backwards safe against removal of list entry
 * @pos:	the &struct list_head to use as a loop cursor.
 * @n:		another &struct list_head to use as temporary storage
 * @head:	the head for your list.
 */
#define list_for_each_prev_safe(pos, n, head) \
	for (pos = (head)->prev, n = pos->prev; \
	     pos != (head); \
	     pos = n, n = pos->prev)

/**
 * list_entry_is_head - test if the entry points to the head of the list
 * @pos:	the type * to cursor
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * The kernel's, which is list_is_head(&pos->member, head); the tools
 * list.h has neither.
 */
#define list_entry_is_head(pos, head, member)				\
	(&(pos)->member == (head))

/*
 * The walks behind the list_head entry iterators.
 *
 * __list_walk(pos, first, head, member, next) visits the entries from the
 * list_head @first on, taking the one after a node from next(node), until
 * it comes back to @head.  Without CONFIG_LIST_NOSPEC that is the classic
 * loop: @pos is the cursor and ends as the head seen as an entry
 * (container_of(head), which is not an entry).
 *
 * With CONFIG_LIST_NOSPEC the cursor is a hidden list_head pointer that
 * walks exactly as @pos did, including the last step onto the head.
 * Before each pass of the body, and once more when the walk ends, the
 * caller's @pos is set to list_entry(cursor), which the loop test
 *
 *	select_nospec_ne(cursor, head, &pos)
 *
 * clears when the cursor is back at the head, so neither the body -- also
 * in the extra pass the CPU may run when it mispredicts the exit test --
 * nor the code after the loop is handed the head as an entry; after a
 * complete walk @pos is NULL.  The loop branches on the flags of the
 * compare that drives the select, so the test costs one compare as in the
 * classic loop, plus the conditional move.
 *
 * The next cursor is loaded from the hidden one rather than from @pos,
 * which keeps the select off the pointer chase that bounds the speed of a
 * walk; as the cursor is the list_head itself, the chase is one load per
 * entry, without the container_of() adjustment of the classic loop.  Only
 * a body that moves @pos (it no longer equals the value it was handed)
 * continues the walk from there, as the classic loop does.  The compiler
 * folds that comparison away when the body never assigns @pos.
 *
 * The walks step from list_head to list_head and nest no entry step in
 * another, nor a long argument in READ_ONCE(), which repeats its own:
 * what a loop expands to stays small even when loops nest, which the
 * preprocessor and every tool that reads its output pay for.
 */
#define __list_walk_next(node)	((node)->next)
#define __list_walk_prev(node)	((node)->prev)

#ifdef CONFIG_LIST_NOSPEC
/*
 * list_entry() without the type check of container_of(), which the nospec
 * walks make once, when the loop starts (__list_walk_check(): @first must
 * be a pointer to the type of @member), rather than at every step.
 */
#define __list_walk_entry(ptr, type, member)				\
	((type *)((void *)(ptr) - offsetof(type, member)))

#define __list_walk_check(pos, first, member)				\
	BUILD_BUG_ON_ZERO(!__same_type(*(first), (pos)->member))

#define __list_walk(pos, first, head, member, next)			\
	__list_walk_nospec(pos, first, head, member, next, __UNIQUE_ID(lw_it))

#define __list_walk_nospec(pos, first, head, member, next, it)		\
	for (struct { typeof(&(pos)->member) cur; typeof(pos) sel;	\
			bool more; } it = {				\
		(first) + __list_walk_check(pos, first, member), NULL, false }; \
	     it.sel = __list_walk_entry(it.cur, typeof(*(pos)), member), \
	     it.more = select_nospec_ne(it.cur, (head), &it.sel),	\
	     (pos) = it.sel, it.more;					\
	     it.cur = (pos) == it.sel ? it.cur : &(pos)->member,	\
	     it.cur = next(it.cur))

/*
 * The _safe walks: @n, the caller's look-ahead, is loaded from @cur before
 * each pass, so the body may remove the entry it is handed.  As in the
 * classic loop, the walk goes on from @n, whatever the body did to @pos.
 */
#define __list_walk_safe(pos, n, first, head, member, next)		\
	__list_walk_safe_nospec(pos, n, first, head, member, next,	\
				__UNIQUE_ID(lw_cur))

#define __list_walk_safe_nospec(pos, n, first, head, member, next, cur)	\
	for (typeof(&(pos)->member) cur =				\
		(first) + __list_walk_check(pos, first, member);	\
	     (n) = __list_walk_entry(next(cur), typeof(*(pos)), member), \
	     (pos) = __list_walk_entry(cur, typeof(*(pos)), member),	\
	     select_nospec_ne(cur, (head), &(pos));			\
	     cur = &(n)->member)

/*
 * The _continue and _from walks start at @pos.  A complete walk leaves
 * NULL in @pos with CONFIG_LIST_NOSPEC, where the classic loop leaves the
 * head seen as an entry, so these walks take a NULL @pos for the head, as
 * list_prepare_entry() makes it: a walk that continues where a complete
 * one stopped goes on from the head, as without the option.
 * __list_walk_at() is &list_prepare_entry(...)->member in integer
 * arithmetic: a caller may pass a literal NULL @head when @pos is known
 * not to be NULL (kernel/workqueue.c does), which pointer arithmetic would
 * turn into a null-pointer-arithmetic warning.
 */
#define __list_walk_at(pos, head, member)				\
	(&((pos) ? : (typeof(pos))((unsigned long)(head) -		\
				   offsetof(typeof(*(pos)), member)))->member)

#define __list_walk_from(pos, head, member, next)			\
	__list_walk(pos, __list_walk_at(pos, head, member),		\
		    head, member, next)

#define __list_walk_safe_from(pos, n, head, member, next)		\
	__list_walk_safe(pos, n, __list_walk_at(pos, head, member),	\
			 head, member, next)

#define __list_walk_continue(pos, head, member, next)			\
	__list_walk(pos, next(__list_walk_at(pos, head, member)),	\
		    head, member, next)

#define __list_walk_safe_continue(pos, n, head, member, next)		\
	__list_walk_safe(pos, n, next(__list_walk_at(pos, head, member)), \
			 head, member, next)

#else
/*
 * The classic loops, which the kernel has always had: @pos is the cursor,
 * container_of() checks the member type at every step, and a _continue or
 * _from walk starts at @pos as it is.
 */
#define __list_walk(pos, first, head, member, next)			\
	for (pos = list_entry(first, typeof(*(pos)), member);		\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_entry(next(&(pos)->member), typeof(*(pos)), member))

#define __list_walk_safe(pos, n, first, head, member, next)		\
	for (pos = list_entry(first, typeof(*(pos)), member),		\
	     n = list_entry(next(&(pos)->member), typeof(*(pos)), member); \
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_entry(next(&(n)->member), typeof(*(n)), member))

#define __list_walk_from(pos, head, member, next)			\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_entry(next(&(pos)->member), typeof(*(pos)), member))

#define __list_walk_safe_from(pos, n, head, member, next)		\
	for (n = list_entry(next(&(pos)->member), typeof(*(pos)), member); \
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_entry(next(&(n)->member), typeof(*(n)), member))

#define __list_walk_continue(pos, head, member, next)			\
	__list_walk(pos, next(&(pos)->member), head, member, next)

#define __list_walk_safe_continue(pos, n, head, member, next)		\
	__list_walk_safe(pos, n, next(&(pos)->member), head, member, next)
#endif

/**
 * list_for_each_entry	-	iterate over list of given type
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Do not use @pos after the loop unless the loop was left by break (or
 * goto, or return) with @pos set to an entry: once the walk completes,
 * @pos does not point to an entry.  With CONFIG_LIST_NOSPEC it is NULL,
 * otherwise it is the head disguised as an entry.
 */
#define list_for_each_entry(pos, head, member)				\
	__list_walk(pos, (head)->next, head, member, __list_walk_next)

/**
 * list_for_each_entry_reverse - iterate backwards over list of given type.
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 */
#define list_for_each_entry_reverse(pos, head, member)			\
	__list_walk(pos, (head)->prev, head, member, __list_walk_prev)

/**
 * list_prepare_entry - prepare a pos entry for use in list_for_each_entry_continue()
 * @pos:	the type * to use as a start point
 * @head:	the head of the list
 * @member:	the name of the list_head within the struct.
 *
 * Prepares a pos entry for use as a start point in list_for_each_entry_continue().
 */
#define list_prepare_entry(pos, head, member) \
	((pos) ? : list_entry(head, typeof(*pos), member))

/**
 * list_for_each_entry_continue - continue iteration over list of given type
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Continue to iterate over list of given type, continuing after
 * the current position.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_continue(pos, head, member)		\
	__list_walk_continue(pos, head, member, __list_walk_next)

/**
 * list_for_each_entry_continue_reverse - iterate backwards from the given point
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Start to iterate over list of given type backwards, continuing after
 * the current position.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_continue_reverse(pos, head, member)		\
	__list_walk_continue(pos, head, member, __list_walk_prev)

/**
 * list_for_each_entry_from - iterate over list of given type from the current point
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Iterate over list of given type, continuing from current position.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_from(pos, head, member)			\
	__list_walk_from(pos, head, member, __list_walk_next)

/**
 * list_for_each_entry_from_reverse - iterate backwards over list of given type
 *                                    from the current point
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Iterate backwards over list of given type, continuing from current position.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_from_reverse(pos, head, member)		\
	__list_walk_from(pos, head, member, __list_walk_prev)

/**
 * list_for_each_entry_safe - iterate over list of given type safe against removal of list entry
 * @pos:	the type * to use as a loop cursor.
 * @n:		another type * to use as temporary storage
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 */
#define list_for_each_entry_safe(pos, n, head, member)			\
	__list_walk_safe(pos, n, (head)->next, head, member, __list_walk_next)

/**
 * list_for_each_entry_safe_continue - continue list iteration safe against removal
 * @pos:	the type * to use as a loop cursor.
 * @n:		another type * to use as temporary storage
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Iterate over list of given type, continuing after current point,
 * safe against removal of list entry.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_safe_continue(pos, n, head, member)		\
	__list_walk_safe_continue(pos, n, head, member, __list_walk_next)

/**
 * list_for_each_entry_safe_from - iterate over list from current point safe against removal
 * @pos:	the type * to use as a loop cursor.
 * @n:		another type * to use as temporary storage
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Iterate over list of given type from current point, safe against
 * removal of list entry.
 *
 * With CONFIG_LIST_NOSPEC a NULL @pos stands for @head, as
 * list_prepare_entry() would make it: a complete walk leaves NULL there.
 */
#define list_for_each_entry_safe_from(pos, n, head, member)		\
	__list_walk_safe_from(pos, n, head, member, __list_walk_next)

/**
 * list_for_each_entry_safe_reverse - iterate backwards over list safe against removal
 * @pos:	the type * to use as a loop cursor.
 * @n:		another type * to use as temporary storage
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * Iterate backwards over list of given type, safe against removal
 * of list entry.
 */
#define list_for_each_entry_safe_reverse(pos, n, head, member)		\
	__list_walk_safe(pos, n, (head)->prev, head, member, __list_walk_prev)

/**
 * list_safe_reset_next - reset a stale list_for_each_entry_safe loop
 * @pos:	the loop cursor used in the list_for_each_entry_safe loop
 * @n:		temporary storage used in list_for_each_entry_safe
 * @member:	the name of the list_head within the struct.
 *
 * list_safe_reset_next is not safe to use in general if the list may be
 * modified concurrently (eg. the lock is dropped in the loop body). An
 * exception to this is if the cursor element (pos) is pinned in the list,
 * and list_safe_reset_next is called after re-taking the lock and before
 * completing the current iteration of the loop body.
 */
#define list_safe_reset_next(pos, n, member)				\
	n = list_next_entry(pos, member)

/*
 * Loop-scoped iterators: the _scoped forms declare their cursor in the
 * loop, so that it does not exist after the loop and the compiler rejects
 * any use of it there ("'pos' undeclared").  The element type comes first,
 * as in a declaration: list_for_each_entry_scoped(struct foo, pos, ...)
 * declares struct foo *pos.  Each walks exactly as the classic form named
 * in its description, speculation-safe walk included.
 *
 * __list_scope() opens two for statements that run once each: the first
 * evaluates @head into @hv, the second declares the cursors (@decls, of
 * @type).  The walk is a third for statement inside them and takes its
 * head from @hv, so a break in the loop body leaves the walk, and the
 * outer two statements then end too.  As @head is evaluated before the
 * cursors exist, it may name an outer variable called like @pos:
 * list_for_each_entry_scoped(struct foo, p, &p->children, sib) walks the
 * children of the outer @p.  @hv, @hdone and @done are names of the
 * caller's own (__UNIQUE_ID()), so nested scoped loops do not shadow each
 * other's.
 */
#define __list_scope(hv, hdone, head, type, done, loop, decls...)	\
	for (typeof(head) hv = (head), *(hdone) = NULL; !(hdone); (hdone) = (void *)1) \
		__list_scope_decl(type, done, loop, decls)

#define __list_scope_decl(type, done, loop, decls...)			\
	for (type decls, *(done) = NULL; !(done); (done) = (void *)1)	\
		loop

#define __list_scoped(walk, type, pos, head, member, hv, hdone, done)	\
	__list_scope(hv, hdone, head, type, done, walk(pos, hv, member), \
		     *(pos) = NULL)

#define __list_scoped_safe(walk, type, pos, n, head, member, hv, hdone, done) \
	__list_scope(hv, hdone, head, type, done, walk(pos, n, hv, member), \
		     *(pos) = NULL, *(n) = NULL)

/**
 * list_for_each_entry_scoped - iterate over a list, cursor declared in the loop
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry() with @pos visible in the loop only: using it after
 * the loop does not compile.  Whatever the body needs after the loop, it
 * keeps in a variable of its own.
 */
#define list_for_each_entry_scoped(type, pos, head, member)		\
	__list_scoped(list_for_each_entry, type, pos, head, member,	\
		      __UNIQUE_ID(ls_head),				\
		      __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/**
 * list_for_each_entry_reverse_scoped - iterate backwards, cursor declared in the loop
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry_reverse() with @pos visible in the loop only.
 */
#define list_for_each_entry_reverse_scoped(type, pos, head, member)	\
	__list_scoped(list_for_each_entry_reverse, type, pos, head, member, \
		      __UNIQUE_ID(ls_head),				\
		      __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/*
 * The _continue and _from forms start from an entry the caller holds, or
 * from @head for a NULL @start (list_prepare_entry()), with
 * CONFIG_LIST_NOSPEC and without.  @start is evaluated in the declaration
 * of @from, before @pos exists, so it too may name an outer variable
 * called like @pos.
 */
#define __list_scoped_from(walk, type, pos, start, head, member, hv, hdone, done) \
	__list_scoped_from_(walk, type, pos, start, head, member, hv, hdone, \
			    done, __UNIQUE_ID(ls_from))

#define __list_scoped_from_(walk, type, pos, start, head, member, hv, hdone, \
			    done, from)					\
	__list_scope(hv, hdone, head, type, done, walk(pos, hv, member), \
		     *(from) = (start),					\
		     *(pos) = list_prepare_entry(from, hv, member))

/**
 * list_for_each_entry_continue_scoped - continue a walk after a given entry
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @start:	the entry to continue after; NULL stands for @head, so
 *		that the whole list is walked.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry_continue() with @pos visible in the loop only; the
 * walk begins with the entry after @start.
 */
#define list_for_each_entry_continue_scoped(type, pos, start, head, member) \
	__list_scoped_from(list_for_each_entry_continue, type, pos, start, \
			   head, member, __UNIQUE_ID(ls_head),		\
			   __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/**
 * list_for_each_entry_from_scoped - iterate from a given entry on
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @start:	the first entry to visit; NULL stands for @head, where the
 *		walk ends at once.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry_from() with @pos visible in the loop only; the walk
 * begins with @start itself.
 */
#define list_for_each_entry_from_scoped(type, pos, start, head, member)	\
	__list_scoped_from(list_for_each_entry_from, type, pos, start,	\
			   head, member, __UNIQUE_ID(ls_head),		\
			   __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/**
 * list_for_each_entry_safe_scoped - iterate safe against removal, cursors declared in the loop
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @n:		the name of the type * look-ahead that the loop declares.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry_safe() with @pos and @n visible in the loop only:
 * the body may remove and free @pos, and list_safe_reset_next() works on
 * @n as usual.
 */
#define list_for_each_entry_safe_scoped(type, pos, n, head, member)	\
	__list_scoped_safe(list_for_each_entry_safe, type, pos, n, head, \
			   member, __UNIQUE_ID(ls_head),		\
			   __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/**
 * list_for_each_entry_safe_reverse_scoped - backwards, safe against removal, scoped cursors
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @n:		the name of the type * look-ahead that the loop declares.
 * @head:	the head for your list.
 * @member:	the name of the list_head within the struct.
 *
 * list_for_each_entry_safe_reverse() with @pos and @n visible in the loop
 * only.
 */
#define list_for_each_entry_safe_reverse_scoped(type, pos, n, head, member) \
	__list_scoped_safe(list_for_each_entry_safe_reverse, type, pos, n, \
			   head, member, __UNIQUE_ID(ls_head),		\
			   __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/*
 * Double linked lists with a single pointer list head.
 * Mostly useful for hash tables where the two pointer list head is
 * too wasteful.
 * You lose the ability to access the tail in O(1).
 */

#define HLIST_HEAD_INIT { .first = NULL }
#define HLIST_HEAD(name) struct hlist_head name = {  .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)
static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

static inline int hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

static inline int hlist_empty(const struct hlist_head *h)
{
	return !h->first;
}

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		next->pprev = pprev;
}

static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = LIST_POISON1;
	n->pprev = LIST_POISON2;
}

static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;
	n->next = first;
	if (first)
		first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

/* next must be != NULL */
static inline void hlist_add_before(struct hlist_node *n,
					struct hlist_node *next)
{
	n->pprev = next->pprev;
	n->next = next;
	next->pprev = &n->next;
	*(n->pprev) = n;
}

static inline void hlist_add_behind(struct hlist_node *n,
				    struct hlist_node *prev)
{
	n->next = prev->next;
	prev->next = n;
	n->pprev = &prev->next;

	if (n->next)
		n->next->pprev  = &n->next;
}

/* after that we'll appear to be on some hlist and hlist_del will work */
static inline void hlist_add_fake(struct hlist_node *n)
{
	n->pprev = &n->next;
}

static inline bool hlist_fake(struct hlist_node *h)
{
	return h->pprev == &h->next;
}

/*
 * Move a list from one list head to another. Fixup the pprev
 * reference of the first entry if it exists.
 */
static inline void hlist_move_list(struct hlist_head *old,
				   struct hlist_head *new)
{
	new->first = old->first;
	if (new->first)
		new->first->pprev = &new->first;
	old->first = NULL;
}

#define hlist_entry(ptr, type, member) container_of(ptr,type,member)

#define hlist_for_each(pos, head) \
	for (pos = (head)->first; pos ; pos = pos->next)

#define hlist_for_each_safe(pos, n, head) \
	for (pos = (head)->first; pos && ({ n = pos->next; 1; }); \
	     pos = n)

/**
 * hlist_entry_safe - get the struct for this entry, or NULL
 * @ptr:	the &struct hlist_node pointer, or NULL.
 * @type:	the type of the struct this is embedded in.
 * @member:	the name of the hlist_node within the struct.
 *
 * With CONFIG_LIST_NOSPEC the choice is made by select_nospec_ne(), which
 * compares inside its asm, so that a mispredicted test of @ptr, here or in
 * the caller, cannot turn NULL into container_of(NULL).
 */
#ifdef CONFIG_LIST_NOSPEC
#define hlist_entry_safe(ptr, type, member)				\
	({ typeof(ptr) ____ptr = (ptr);					\
	   type *____entry = hlist_entry(____ptr, type, member);	\
									\
	   select_nospec_ne(____ptr, NULL, &____entry);			\
	   ____entry;							\
	})
#else
#define hlist_entry_safe(ptr, type, member) \
	({ typeof(ptr) ____ptr = (ptr); \
	   ____ptr ? hlist_entry(____ptr, type, member) : NULL; \
	})
#endif

/*
 * The walks behind the hlist entry iterators.
 *
 * __hlist_walk(pos, first, member, next) visits the entries of the nodes
 * @first, next(@first), ... up to the NULL that ends an hlist; the classic
 * loop keeps the entry in @pos and steps with next(&pos->member).
 *
 * An hlist walk ends on NULL rather than on a head, but the entry is
 * computed by hlist_entry_safe(), i.e. "node ? container_of(node) : NULL",
 * and a mispredicted test there makes container_of(NULL) the next @pos --
 * a pointer just below address zero whose fields the body then reads.
 * With CONFIG_LIST_NOSPEC the cursor is the node itself, a hidden
 * variable; before each pass and at the end @pos is set to its entry,
 * which the loop test select_nospec_ne(node, NULL, &pos) clears when the
 * node is NULL.  As for list_head walks the next node comes from the
 * hidden cursor, unless the body moved @pos.
 */
#ifdef CONFIG_LIST_NOSPEC
#define __hlist_walk(pos, first, member, next)				\
	__hlist_walk_nospec(pos, first, member, next, __UNIQUE_ID(hw_it))

#define __hlist_walk_nospec(pos, first, member, next, it)		\
	for (struct { typeof((first) + 0) node; typeof(pos) sel;	\
			bool more; } it = { (first), NULL, false };	\
	     it.sel = hlist_entry(it.node, typeof(*(pos)), member),	\
	     it.more = select_nospec_ne(it.node, NULL, &it.sel),	\
	     (pos) = it.sel, it.more;					\
	     it.node = next((pos) == it.sel ? it.node : &(pos)->member))

#define __hlist_walk_from(pos, member, next)				\
	__hlist_walk(pos, (pos) ? &(pos)->member : NULL, member, next)

#define __hlist_walk_safe(pos, n, first, member)			\
	__hlist_walk_safe_nospec(pos, n, first, member, __UNIQUE_ID(hw_node))

#define __hlist_walk_safe_nospec(pos, n, first, member, node)		\
	for (typeof(n) node = (first);					\
	     (pos) = hlist_entry(node, typeof(*(pos)), member),		\
	     select_nospec_ne(node, NULL, &(pos)) &&			\
	     ({ n = node->next; 1; });					\
	     node = (n))
#else
#define __hlist_walk(pos, first, member, next)				\
	for (pos = hlist_entry_safe(first, typeof(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe(next(&(pos)->member), typeof(*(pos)), member))

#define __hlist_walk_from(pos, member, next)				\
	for (; pos;							\
	     pos = hlist_entry_safe(next(&(pos)->member), typeof(*(pos)), member))

#define __hlist_walk_safe(pos, n, first, member)			\
	for (pos = hlist_entry_safe(first, typeof(*(pos)), member);	\
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = hlist_entry_safe(n, typeof(*(pos)), member))
#endif

/* The node after @node, for the hlist walks. */
#define __hlist_next(node)	((node)->next)

/**
 * hlist_for_each_entry	- iterate over list of given type
 * @pos:	the type * to use as a loop cursor.
 * @head:	the head for your list.
 * @member:	the name of the hlist_node within the struct.
 */
#define hlist_for_each_entry(pos, head, member)				\
	__hlist_walk(pos, (head)->first, member, __hlist_next)

/**
 * hlist_for_each_entry_continue - iterate over a hlist continuing after current point
 * @pos:	the type * to use as a loop cursor.
 * @member:	the name of the hlist_node within the struct.
 */
#define hlist_for_each_entry_continue(pos, member)			\
	__hlist_walk(pos, (pos)->member.next, member, __hlist_next)

/**
 * hlist_for_each_entry_from - iterate over a hlist continuing from current point
 * @pos:	the type * to use as a loop cursor.
 * @member:	the name of the hlist_node within the struct.
 */
#define hlist_for_each_entry_from(pos, member)				\
	__hlist_walk_from(pos, member, __hlist_next)

/**
 * hlist_for_each_entry_safe - iterate over list of given type safe against removal of list entry
 * @pos:	the type * to use as a loop cursor.
 * @n:		a &struct hlist_node to use as temporary storage
 * @head:	the head for your list.
 * @member:	the name of the hlist_node within the struct.
 */
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	__hlist_walk_safe(pos, n, (head)->first, member)

/**
 * hlist_for_each_entry_scoped - iterate over an hlist, cursor declared in the loop
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @head:	the head for your hlist.
 * @member:	the name of the hlist_node within the struct.
 *
 * hlist_for_each_entry() with @pos visible in the loop only.
 */
#define hlist_for_each_entry_scoped(type, pos, head, member)		\
	__list_scoped(hlist_for_each_entry, type, pos, head, member,	\
		      __UNIQUE_ID(ls_head),				\
		      __UNIQUE_ID(ls_hdone), __UNIQUE_ID(ls_done))

/**
 * hlist_for_each_entry_safe_scoped - iterate safe against removal, cursors declared in the loop
 * @type:	the type of the entries, e.g. struct foo.
 * @pos:	the name of the type * cursor that the loop declares.
 * @n:		the name of the struct hlist_node * look-ahead that the loop
 *		declares.
 * @head:	the head for your hlist.
 * @member:	the name of the hlist_node within the struct.
 *
 * hlist_for_each_entry_safe() with @pos and @n visible in the loop only.
 * The two have different types, so @n gets a scope of its own.
 */
#define hlist_for_each_entry_safe_scoped(type, pos, n, head, member)	\
	__hlist_scoped_safe(type, pos, n, head, member,			\
			    __UNIQUE_ID(ls_head), __UNIQUE_ID(ls_hdone),	\
			    __UNIQUE_ID(ls_done), __UNIQUE_ID(ls_ndone))

/* @n, of another type than @pos, is declared in a third once-run loop. */
#define __hlist_scoped_safe(type, pos, n, head, member, hv, hdone, done, ndone) \
	__list_scope(hv, hdone, head, type, done,			\
		     __hlist_scope_n(n, ndone)				\
			hlist_for_each_entry_safe(pos, n, hv, member),	\
		     *(pos) = NULL)

#define __hlist_scope_n(n, ndone)					\
	for (struct hlist_node *(n) = NULL, *(ndone) = NULL; !(ndone);	\
	     (ndone) = (void *)1)

/**
 * list_del_range - deletes range of entries from list.
 * @begin: first element in the range to delete from the list.
 * @end: last element in the range to delete from the list.
 * Note: list_empty on the range of entries does not return true after this,
 * the entries is in an undefined state.
 */
static inline void list_del_range(struct list_head *begin,
				  struct list_head *end)
{
	begin->prev->next = end->next;
	end->next->prev = begin->prev;
}

/**
 * list_for_each_from	-	iterate over a list from one of its nodes
 * @pos:  the &struct list_head to use as a loop cursor, from where to start
 * @head: the head for your list.
 */
#define list_for_each_from(pos, head) \
	for (; pos != (head); pos = pos->next)

#endif /* __TOOLS_LINUX_LIST_H */

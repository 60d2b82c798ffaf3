// SPDX-License-Identifier: GPL-2.0
/*
 * One function per entry iterator of the mirror's list.h (measure/include),
 * each walk nested in another, compiled with the warnings the tools build
 * uses (EXTRA_WARNINGS of tools/scripts/Makefile.include, -Wshadow and
 * -Wnested-externs among them) and -Werror: the walks must add no
 * warning, option on or off.
 */
#include <stddef.h>
#include <linux/list.h>

struct item {
	int val;
	struct list_head link;
	struct hlist_node hnode;
};

struct owner {
	int x;
	struct list_head items;
	struct hlist_head h;
};

int w_each(struct owner *o);
int w_reverse(struct owner *o);
int w_continue(struct owner *o, struct item *pos);
int w_from(struct owner *o, struct item *pos);
int w_safe(struct owner *o);
int w_safe_continue(struct owner *o, struct item *pos);
int w_safe_from(struct owner *o, struct item *pos);
int w_hlist(struct owner *o);
int w_hlist_safe(struct owner *o);

int w_each(struct owner *o)
{
	struct item *pos, *in;
	int s = 0;

	list_for_each_entry(pos, &o->items, link)
		list_for_each_entry(in, &o->items, link)
			s += pos->val * in->val;
	return s;
}

int w_reverse(struct owner *o)
{
	struct item *pos;
	int s = 0;

	list_for_each_entry_reverse(pos, &o->items, link)
		s += pos->val;
	return s;
}

int w_continue(struct owner *o, struct item *pos)
{
	struct item *in;
	int s = 0;

	list_for_each_entry_continue(pos, &o->items, link) {
		in = pos;
		list_for_each_entry_continue_reverse(in, &o->items, link)
			s += in->val;
	}
	return s;
}

int w_from(struct owner *o, struct item *pos)
{
	int s = 0;

	list_for_each_entry_from(pos, &o->items, link)
		s += pos->val;
	return s;
}

int w_safe(struct owner *o)
{
	struct item *pos, *n;
	int s = 0;

	list_for_each_entry_safe(pos, n, &o->items, link)
		s += pos->val;
	list_for_each_entry_safe_reverse(pos, n, &o->items, link)
		s += pos->val;
	return s;
}

int w_safe_continue(struct owner *o, struct item *pos)
{
	struct item *n;
	int s = 0;

	list_for_each_entry_safe_continue(pos, n, &o->items, link)
		s += pos->val;
	return s;
}

int w_safe_from(struct owner *o, struct item *pos)
{
	struct item *n;
	int s = 0;

	list_for_each_entry_safe_from(pos, n, &o->items, link)
		s += pos->val;
	return s;
}

int w_hlist(struct owner *o)
{
	struct item *pos, *in;
	int s = 0;

	hlist_for_each_entry(pos, &o->h, hnode)
		hlist_for_each_entry(in, &o->h, hnode)
			s += pos->val * in->val;
	return s;
}

int w_hlist_safe(struct owner *o)
{
	struct item *pos;
	struct hlist_node *n;
	int s = 0;

	hlist_for_each_entry_safe(pos, n, &o->h, hnode)
		s += pos->val;
	return s;
}

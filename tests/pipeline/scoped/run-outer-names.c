// run: a head or start named like the cursor is the outer variable
// The scoped forms at run time: a head or start that names an outer
// variable called like the cursor is the outer one (it is evaluated
// before the cursor exists), so list_for_each_entry_scoped(struct tree, p,
// &p->children, sib) walks the children of the outer p; a NULL start
// stands for the head; a break leaves the inner loop only.  Built and run
// by tests/pipeline/test-scoped.sh; exits 1 and says which check failed.
#include <stdio.h>
#include "scoped.h"

struct tree {
	int v;
	struct list_head sib;
	struct list_head children;
	struct hlist_node hsib;
	struct hlist_head hchildren;
};

static int failed;

#define CHECK(cond, what)						\
	do {								\
		if (!(cond)) {						\
			printf("not ok - %s (line %d)\n", what, __LINE__); \
			failed++;					\
		}							\
	} while (0)

static struct tree root, kid[4], grandkid[2];
static LIST_HEAD(top);

static void setup(void)
{
	int i;

	INIT_LIST_HEAD(&root.children);
	INIT_HLIST_HEAD(&root.hchildren);
	root.v = 100;
	list_add_tail(&root.sib, &top);
	for (i = 0; i < 4; i++) {
		kid[i].v = i + 1;
		INIT_LIST_HEAD(&kid[i].children);
		INIT_HLIST_HEAD(&kid[i].hchildren);
		list_add_tail(&kid[i].sib, &root.children);
	}
	for (i = 3; i >= 0; i--)
		hlist_add_head(&kid[i].hsib, &root.hchildren);
	for (i = 0; i < 2; i++) {
		grandkid[i].v = 10 * (i + 1);
		INIT_LIST_HEAD(&grandkid[i].children);
		list_add_tail(&grandkid[i].sib, &kid[1].children);
	}
}

/* The children of p, walked by a cursor that is called p as well. */
static int children_sum(struct tree *p)
{
	int sum = 0;

	list_for_each_entry_scoped(struct tree, p, &p->children, sib)
		sum = sum * 10 + p->v;
	return sum;
}

static int children_sum_reverse(struct tree *p)
{
	int sum = 0;

	list_for_each_entry_reverse_scoped(struct tree, p, &p->children, sib)
		sum = sum * 10 + p->v;
	return sum;
}

static int children_sum_safe(struct tree *p)
{
	int sum = 0;

	list_for_each_entry_safe_scoped(struct tree, p, n, &p->children, sib)
		sum = sum * 10 + p->v + 0 * (n == NULL);
	return sum;
}

static int children_sum_safe_reverse(struct tree *p)
{
	int sum = 0;

	list_for_each_entry_safe_reverse_scoped(struct tree, p, n, &p->children, sib)
		sum = sum * 10 + p->v + 0 * (n == NULL);
	return sum;
}

static int hchildren_sum(struct tree *p)
{
	int sum = 0;

	hlist_for_each_entry_scoped(struct tree, p, &p->hchildren, hsib)
		sum = sum * 10 + p->v;
	return sum;
}

static int hchildren_sum_safe(struct tree *p)
{
	int sum = 0;

	hlist_for_each_entry_safe_scoped(struct tree, p, n, &p->hchildren, hsib)
		sum = sum * 10 + p->v + 0 * (n == NULL);
	return sum;
}

/* The siblings after (continue) or from (from) p, the cursor called p. */
static int after(struct tree *p, struct list_head *head)
{
	int sum = 0;

	list_for_each_entry_continue_scoped(struct tree, p, p, head, sib)
		sum = sum * 10 + p->v;
	return sum;
}

static int from(struct tree *p, struct list_head *head)
{
	int sum = 0;

	list_for_each_entry_from_scoped(struct tree, p, p, head, sib)
		sum = sum * 10 + p->v;
	return sum;
}

int main(void)
{
	struct tree *p = &root, *none = NULL;
	int sum = 0, outer = 0;

	setup();
	CHECK(children_sum(&root) == 1234, "list_for_each_entry_scoped: &p->children of the outer p");
	CHECK(children_sum(&kid[1]) == 120, "... and of another outer p");
	CHECK(children_sum(&kid[0]) == 0, "... and of one without children");
	CHECK(children_sum_reverse(&root) == 4321, "list_for_each_entry_reverse_scoped: the outer p's children");
	CHECK(children_sum_safe(&root) == 1234, "list_for_each_entry_safe_scoped: the outer p's children");
	CHECK(children_sum_safe_reverse(&root) == 4321, "list_for_each_entry_safe_reverse_scoped: the outer p's children");
	CHECK(hchildren_sum(&root) == 1234, "hlist_for_each_entry_scoped: the outer p's children");
	CHECK(hchildren_sum_safe(&root) == 1234, "hlist_for_each_entry_safe_scoped: the outer p's children");
	CHECK(after(&kid[1], &root.children) == 34, "list_for_each_entry_continue_scoped: start is the outer p");
	CHECK(from(&kid[1], &root.children) == 234, "list_for_each_entry_from_scoped: start is the outer p");

	/* In place: the outer p is still the root after the loops. */
	list_for_each_entry_scoped(struct tree, p, &p->children, sib)
		list_for_each_entry_scoped(struct tree, p, &p->children, sib)
			sum = sum * 100 + p->v;
	CHECK(sum == 1020 && p == &root, "nested: each loop walks the children of the p outside it");

	/* A NULL start stands for the head (list_prepare_entry()). */
	sum = 0;
	list_for_each_entry_continue_scoped(struct tree, pos, none, &root.children, sib)
		sum = sum * 10 + pos->v;
	CHECK(sum == 1234, "list_for_each_entry_continue_scoped: NULL start walks the whole list");
	sum = 0;
	list_for_each_entry_from_scoped(struct tree, pos, none, &root.children, sib)
		sum = sum * 10 + pos->v;
	CHECK(sum == 0, "list_for_each_entry_from_scoped: NULL start walks nothing");

	/* A break leaves the inner walk only. */
	sum = 0;
	list_for_each_entry_scoped(struct tree, k, &root.children, sib) {
		outer++;
		list_for_each_entry_scoped(struct tree, g, &k->children, sib) {
			sum += g->v;
			break;
		}
	}
	CHECK(outer == 4 && sum == 10, "break in an inner scoped loop ends that loop only");

	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}

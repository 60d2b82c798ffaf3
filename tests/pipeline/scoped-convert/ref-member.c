// expect: left, the cursor is a member or a parameter
struct foo {
	int x;
	struct list_head node;
};

struct walk {
	struct foo *pos;
};

void member(struct walk *w, struct list_head *head)
{
	list_for_each_entry(w->pos, head, node)
		w->pos->x = 0;
}

void param(struct foo *pos, struct list_head *head)
{
	list_for_each_entry(pos, head, node)
		pos->x = 0;
}

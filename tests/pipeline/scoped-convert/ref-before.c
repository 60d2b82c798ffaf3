// expect: left, the cursor is read before its loop
struct foo {
	int x;
	struct list_head node;
};

int before(struct list_head *head)
{
	struct foo *pos;
	int n;

	pos = list_first_entry(head, struct foo, node);
	n = pos->x;
	list_for_each_entry(pos, head, node)
		n += pos->x;
	return n;
}

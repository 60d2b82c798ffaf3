// expect: left, an iterator without a scoped form
struct foo {
	int x;
	struct list_head node;
};

int lockless(struct list_head *head)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry_lockless(pos, head, node)
		n += pos->x;
	return n;
}

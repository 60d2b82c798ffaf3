// expect: left, the look-ahead is read after the loop
struct foo {
	int x;
	struct list_head node;
};

struct foo *cut(struct list_head *head)
{
	struct foo *pos, *n;

	list_for_each_entry_safe(pos, n, head, node) {
		if (pos->x)
			break;
		list_del(&pos->node);
	}
	return n;
}

// expect: convert; two loops share a cursor declared with NULL
struct foo {
	int x;
	struct list_head node;
};

int twice(struct list_head *a, struct list_head *b)
{
	struct foo *pos = NULL;
	int n = 0;

	list_for_each_entry(pos, a, node)
		n += pos->x;
	list_for_each_entry_reverse(pos, b, node) {
		if (pos->x < 0)
			break;
		n -= pos->x;
	}
	return n;
}

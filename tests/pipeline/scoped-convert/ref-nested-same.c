// expect: left, nested loops on one cursor
struct foo {
	int x;
	struct list_head node;
};

int nested_same(struct list_head *a, struct list_head *b)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry(pos, a, node) {
		list_for_each_entry(pos, b, node)
			n++;
	}
	return n;
}

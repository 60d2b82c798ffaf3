// expect: convert
struct foo {
	int x;
	struct list_head node;
};

int sum(struct list_head *head)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry(pos, head, node)
		n += pos->x;
	return n;
}

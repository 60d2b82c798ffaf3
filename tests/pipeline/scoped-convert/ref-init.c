// expect: left, the declaration has a value
struct foo {
	int x;
	struct list_head node;
};

int init(struct list_head *head)
{
	struct foo *pos = list_first_entry(head, struct foo, node);
	int n = 0;

	list_for_each_entry(pos, head, node)
		n += pos->x;
	return n;
}

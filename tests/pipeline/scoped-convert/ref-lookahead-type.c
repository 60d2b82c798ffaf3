// expect: left, the look-ahead is declared with another type
struct foo {
	int x;
	struct list_head node;
};

void drop_all(struct list_head *head)
{
	struct foo *pos;
	void *tmp;

	list_for_each_entry_safe(pos, tmp, head, node)
		kfree(pos);
}

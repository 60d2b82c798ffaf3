// expect: left, read after the loop
struct foo {
	int x;
	struct list_head node;
};

struct foo *find(struct list_head *head, int key)
{
	struct foo *pos;

	list_for_each_entry(pos, head, node)
		if (pos->x == key)
			break;
	if (list_entry_is_head(pos, head, node))
		return NULL;
	return pos;
}

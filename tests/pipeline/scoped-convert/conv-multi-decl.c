// expect: convert; only the cursor leaves the declaration
struct foo {
	int x;
	struct list_head node;
};

struct foo *last_big(struct list_head *head)
{
	struct foo *big = NULL, *pos;

	list_for_each_entry(pos, head, node) {
		if (pos->x > 10)
			big = pos;
	}
	return big;
}

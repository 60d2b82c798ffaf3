// expect: convert the inner loop only; the outer cursor is read after its loop
struct foo {
	int x;
	struct list_head node;
	struct list_head children;
};

struct bar {
	int y;
	struct list_head node;
};

struct foo *first_with_kids(struct list_head *head)
{
	struct foo *pos;

	list_for_each_entry(pos, head, node) {
		int n = 0;

		{
			struct bar *pos;

			list_for_each_entry(pos, &head[1], node)
				n += pos->y;
		}
		if (n)
			break;
	}
	return pos;
}

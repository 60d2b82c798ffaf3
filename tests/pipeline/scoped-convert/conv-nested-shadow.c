// expect: convert; an inner block declares its own cursor of the same name
struct foo {
	int x;
	struct list_head node;
	struct list_head children;
};

struct bar {
	int y;
	struct list_head node;
};

int nested(struct list_head *head)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry(pos, head, node) {
		struct bar *pos2;

		n += pos->x;
		list_for_each_entry(pos2, &pos->children, node)
			n += pos2->y;
		{
			struct bar *pos;

			list_for_each_entry(pos, &head[1], node)
				n += pos->y;
		}
	}
	return n;
}

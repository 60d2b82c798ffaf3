// expect: convert; a label in the body that only the body jumps to
struct foo {
	int x;
	struct list_head node;
};

int skip(struct list_head *head)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry(pos, head, node) {
		if (pos->x < 0)
			goto next;
		n += pos->x;
next:
		n++;
	}
	return n;
}

// expect: left, a goto from outside jumps into the body
struct foo {
	int x;
	struct list_head node;
};

int into(struct list_head *head, int again)
{
	struct foo *pos;
	int n = 0;

	if (again)
		goto inside;
	list_for_each_entry(pos, head, node) {
		n++;
		if (pos->x)
			continue;
inside:
		n--;
	}
	return n;
}

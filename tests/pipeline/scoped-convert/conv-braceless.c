// expect: convert; a braceless body of if/else, and const entries
struct foo {
	int x;
	struct list_head node;
};

int classify(const struct list_head *head)
{
	const struct foo *pos;
	int odd = 0;

	list_for_each_entry(pos, head, node)
		if (pos->x & 1)
			odd++;
		else
			odd--;
	return odd;
}

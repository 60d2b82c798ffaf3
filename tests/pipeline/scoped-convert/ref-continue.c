// expect: left, the cursor is shared with a _continue loop
struct foo {
	int x;
	struct list_head node;
};

int rest(struct list_head *head)
{
	struct foo *pos;
	int n = 0;

	list_for_each_entry(pos, head, node) {
		if (pos->x)
			break;
	}
	list_for_each_entry_continue(pos, head, node)
		n++;
	return n;
}

// expect: left, read after the loop through a goto
struct foo {
	int x;
	struct list_head node;
};

int find_goto(struct list_head *head, int key)
{
	struct foo *pos;

	list_for_each_entry(pos, head, node) {
		if (pos->x == key)
			goto found;
	}
	return -1;
found:
	return pos->x;
}

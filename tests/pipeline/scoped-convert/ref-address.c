// expect: left, the body takes the cursor's address
struct foo {
	int x;
	struct list_head node;
};

void visit(struct list_head *head)
{
	struct foo *pos;

	list_for_each_entry(pos, head, node)
		advance(&pos);
}

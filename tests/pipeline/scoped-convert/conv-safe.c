// expect: convert; the look-ahead goes with the cursor
struct foo {
	int x;
	struct list_head node;
};

void drop(struct list_head *head, struct list_head *back)
{
	struct foo *pos, *tmp;

	list_for_each_entry_safe(pos, tmp, head, node) {
		list_del(&pos->node);
		kfree(pos);
	}
	list_for_each_entry_safe_reverse(pos, tmp, back, node)
		list_move(&pos->node, head);
}

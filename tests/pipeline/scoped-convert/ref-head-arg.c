// expect: left, the cursor's old value names the list
struct foo {
	int x;
	struct list_head node;
	struct list_head children;
};

int descend(struct foo *root)
{
	struct foo *pos = NULL;
	int n = 0;

	list_for_each_entry(pos, &root->children, node)
		n++;
	list_for_each_entry(pos, &pos->children, node)
		n++;
	return n;
}

// expect: convert; the member has the cursor's name
struct foo {
	int x;
	struct list_head entry;
};

int count(struct list_head *head)
{
	struct foo *entry;
	int n = 0;

	list_for_each_entry(entry, head, entry)
		n += entry->x;
	return n;
}

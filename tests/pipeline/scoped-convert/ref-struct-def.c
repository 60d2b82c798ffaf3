// expect: left, the cursor's type is defined in its declaration
int lock_all(void)
{
	LIST_HEAD(list);
	struct reorder_lock {
		struct list_head link;
		int *lock;
	} locks[3], *ll;
	int n = 0;

	list_add(&locks[0].link, &list);
	list_for_each_entry(ll, &list, link)
		n += *ll->lock;
	return n;
}

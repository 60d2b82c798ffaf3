// expect: convert; hlist, its struct hlist_node look-ahead and the RCU forms
struct foo {
	int x;
	struct hlist_node hnode;
	struct list_head node;
};

void hdrop(struct hlist_head *head)
{
	struct foo *pos;
	struct hlist_node *n;

	hlist_for_each_entry_safe(pos, n, head, hnode) {
		hlist_del(&pos->hnode);
		kfree(pos);
	}
}

int hcount(struct hlist_head *head, struct list_head *lh, int key)
{
	struct foo *f;
	int n = 0;

	hlist_for_each_entry(f, head, hnode)
		n++;
	hlist_for_each_entry_rcu(f, head, hnode)
		if (f->x == key)
			n++;
	list_for_each_entry_rcu(f, lh, node, lockdep_is_held(&big_lock))
		n += f->x;
	return n;
}

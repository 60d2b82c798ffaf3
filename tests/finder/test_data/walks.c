/* Fixture for the classifier (tests/finder/test_finder.py): uses of a
 * cursor after its loop, each marked with what the classifier makes of it;
 * walks.report is the semantic patch's report on this file. */
struct item { int key; struct list_head node; struct hlist_node hnode; };
struct owner { struct list_head items; struct hlist_head hash; };
int use(void *p);

int found_flag(struct owner *o, int key)
{
	struct item *pos;
	bool found = false;

	list_for_each_entry(pos, &o->items, node) {
		if (pos->key == key) {
			found = true;
			break;
		}
	}
	if (!found)
		return -ENOENT;
	return pos->key; // expect: unaffected
}

struct item *head_test(struct owner *o, int key)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		if (pos->key == key)
			break;
	if (list_entry_is_head(pos, &o->items, node)) // expect: cat4
		return NULL;
	return pos; // expect: unaffected
}

void insert_sorted(struct owner *o, struct item *new)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		if (pos->key > new->key)
			break;
	list_add_tail(&new->node, &pos->node); // expect: cat6
}

int compare(struct owner *o, struct item *want)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		if (pos->key == want->key)
			break;
	return pos == want; // expect: cat2
}

int deref(struct owner *o)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		if (pos->key)
			break;
	return pos->key; // expect: other
}

void hash_walk(struct owner *o)
{
	struct item *pos;

	hlist_for_each_entry(pos, &o->hash, hnode)
		if (pos->key)
			break;
	use(pos); // expect: unaffected
}

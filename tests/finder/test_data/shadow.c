/* Fixture for the shadow writer: which top-level constructs it keeps. */
#define WALK_ALL(h, p) \
	{ \
		list_for_each_entry(p, h, node) { \
			use(p); \
		} \
	}

int no_walk(int a)
{
	return a + 1;
}

int walk_then_forget(struct owner *o)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		use(pos);
	return 0;
}

int walk_then_use(struct owner *o)
{
	struct item *pos;

	list_for_each_entry(pos, &o->items, node)
		if (pos->key)
			break;
	return pos->key;
}

int walk_in_outer_loop(struct owner *o, int n)
{
	struct item *pos = NULL;

	while (n--) {
		if (pos)
			use(pos);
		list_for_each_entry(pos, &o->items, node)
			use(pos);
	}
	return 0;
}

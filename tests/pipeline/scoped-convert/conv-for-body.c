// expect: convert; the loop is the braceless body of a for
struct foo {
	int x;
	struct list_head node;
};

int most(struct list_head *lists, int nr)
{
	struct foo *pos;
	int slot, m = 0;

	for (slot = 0; slot < nr; slot++)
		list_for_each_entry(pos, &lists[slot], node)
			m = max(m, pos->x);
	return m;
}

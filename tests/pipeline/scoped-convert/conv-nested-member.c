// expect: convert; the member is a nested one (a.b.c)
struct foo {
	int x;
	struct {
		struct {
			struct list_head elist;
		} cpu;
	} it;
};

void fire(struct list_head *firing)
{
	struct foo *timer, *next;

	list_for_each_entry_safe(timer, next, firing, it.cpu.elist) {
		list_del_init(&timer->it.cpu.elist);
		timer->x = 0;
	}
}

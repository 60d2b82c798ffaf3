// expect: left, a loop a macro generates is not seen
struct foo {
	int x;
	struct list_head node;
};

#define SUM(head, total)				\
	do {						\
		struct foo *__p;			\
		list_for_each_entry(__p, head, node)	\
			total += __p->x;		\
	} while (0)

int total(struct list_head *head)
{
	int t = 0;

	SUM(head, t);
	return t;
}

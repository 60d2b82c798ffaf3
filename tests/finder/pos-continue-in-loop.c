// Positive: a _continue walk inside an outer loop; the next round's header
// resumes from the cursor a complete walk left behind.
#include "corpus.h"
int batches(struct owner *o, struct item *it, int rounds)
{
	int n;

	while (rounds--) {
		n = 0;
		list_for_each_entry_continue(it, &o->items, node) { // expect: cat6
			use(it);
			if (++n >= 4)
				break;
		}
	}
	return 0;
}

/* Declarations shared by the finder corpus (spatch runs with --no-includes). */
#include <linux/list.h>
struct item { int key; int val; struct list_head node; struct list_head other; };
struct hitem { int key; struct hlist_node hnode; };
struct owner { struct list_head items; struct item *cur; };
int use(void *p);

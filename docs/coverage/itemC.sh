#!/bin/sh
# Item C: callers of klist_next()/klist_prev() and users of klist iterators.
cd /work/rfc-audit/linux-source-6.12 || exit 1
echo "# klist_next/klist_prev call sites outside lib/klist.c, include/linux/klist.h"
grep -rnw --include='*.[ch]' 'klist_next\|klist_prev' . | grep -v '^./lib/klist.c\|^./include/linux/klist.h' | grep -v '^./tools'
echo "# klist_iter_init/klist_iter_init_node call sites"
grep -rnw --include='*.[ch]' 'klist_iter_init\|klist_iter_init_node' . | grep -v '^./lib/klist.c\|^./include/linux/klist.h' | grep -v '^./tools'

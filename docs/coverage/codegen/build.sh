#!/bin/sh
# Item A: code generated for a typical caller of list_first_entry_or_null()
# and list_next_entry_circular(), 6.12 macro vs select_nospec() version.
cd "$(dirname "$0")" || exit 1
for cc in gcc clang; do
	$cc -O2 -S -fno-asynchronous-unwind-tables -o or_null.$cc.s or_null.c
done

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stands in front of tools/include/asm/barrier.h for the "generic" build
 * of tests/tools-list/selftest.c: no architecture's select_nospec*(), so
 * tools/include/linux/list.h falls back to its generic ones.
 */
#include <linux/compiler.h>

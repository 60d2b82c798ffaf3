/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The walks' other shape (#35, item 1), for measure/loops and the ktext
 * variant: the mirror's x86 selects, but the result a walk branches on is
 * a C compare of the same operands instead of the asm's flag output.  The
 * value still comes from the CMOV, whose compare the compiler cannot fold;
 * the loop's exit test becomes an ordinary compare the compiler may copy
 * and move.  Put -I measure/loops/ccmp in front of the mirror.
 */
#ifndef NOSPEC_LOOPS_CCMP_BARRIER_H
#define NOSPEC_LOOPS_CCMP_BARRIER_H
#include_next <asm/barrier.h>

#undef __select_nospec_cmp
#define __select_nospec_cmp(a, b, valp, alt)				\
({									\
	typeof(1 ? (a) : (b)) __sn_a = (a), __sn_b = (b);		\
	typeof(valp) __sn_p = (valp);					\
	unsigned long __sn_v = (unsigned long)*__sn_p;			\
									\
	asm("cmp %[sn_b], %[sn_a]\n\t"					\
	    "cmove %[sn_alt], %[v]"					\
	    : [v] "+r" (__sn_v)						\
	    : [sn_a] "r" ((unsigned long)__sn_a),			\
	      [sn_b] "rme" ((unsigned long)__sn_b),			\
	      [sn_alt] "r" ((unsigned long)(alt))			\
	    : "cc");							\
	*__sn_p = (typeof(*__sn_p))__sn_v;				\
	__sn_a != __sn_b;						\
})
#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nospec-list's user-space mirror of arch/x86/include/asm/barrier.h's
 * nospec selects: tools/arch/x86/include/asm/barrier.h of the pristine
 * kernel tree plus select_nospec_ne(), select_nospec_ne_alt() and
 * select_nospec_test(), whose logic is the kernel's (see
 * measure/include/README).  It replaces the tools file: put
 * -I measure/include/arch/x86 before the pristine tools/include.
 */
#ifndef _TOOLS_LINUX_ASM_X86_BARRIER_H
#define _TOOLS_LINUX_ASM_X86_BARRIER_H

/*
 * Copied from the Linux kernel sources, and also moving code
 * out from tools/perf/perf-sys.h so as to make it be located
 * in a place similar as in the kernel sources.
 *
 * Force strict CPU ordering.
 * And yes, this is required on UP too when we're talking
 * to devices.
 */

#if defined(__i386__)
/*
 * Some non-Intel clones support out of order store. wmb() ceases to be a
 * nop for these.
 */
#define mb()	asm volatile("lock; addl $0,0(%%esp)" ::: "memory")
#define rmb()	asm volatile("lock; addl $0,0(%%esp)" ::: "memory")
#define wmb()	asm volatile("lock; addl $0,0(%%esp)" ::: "memory")
#elif defined(__x86_64__)
#define mb()	asm volatile("mfence" ::: "memory")
#define rmb()	asm volatile("lfence" ::: "memory")
#define wmb()	asm volatile("sfence" ::: "memory")
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#define smp_mb()  asm volatile("lock; addl $0,-132(%%rsp)" ::: "memory", "cc")
#endif

#if defined(__x86_64__)
#define smp_store_release(p, v)			\
do {						\
	barrier();				\
	WRITE_ONCE(*p, v);			\
} while (0)

#define smp_load_acquire(p)			\
({						\
	typeof(*p) ___p1 = READ_ONCE(*p);	\
	barrier();				\
	___p1;					\
})
#endif /* defined(__x86_64__) */

#ifdef __x86_64__
#include <linux/types.h>	/* bool */
#include <linux/build_bug.h>	/* static_assert() */
#include <asm/asm.h>		/* CC_SET(), CC_OUT() */

/*
 * The nospec selects as a compare and a conditional move inside one asm
 * statement, as in the kernel's arch/x86/include/asm/barrier.h (there under
 * CONFIG_X86_CMOV, which every x86_64 has).  CMOV waits for the flags like
 * any other data input; unlike a branch it is never predicted, so the
 * value cannot be the one the compare rejects, not even transiently.  The
 * compare is part of the asm so that the compiler cannot decide it from a
 * branch of the caller that tested the same condition.  The flags are
 * also the result, as a flag output, so that a loop branching on it needs
 * no second compare.
 */
#define __select_nospec_cmp(a, b, valp, alt)				\
({									\
	typeof(1 ? (a) : (b)) __sn_a = (a), __sn_b = (b);		\
	typeof(valp) __sn_p = (valp);					\
	unsigned long __sn_v = (unsigned long)*__sn_p;			\
	bool __sn_ne;							\
									\
	static_assert(sizeof(*__sn_p) <= sizeof(long) &&		\
		      sizeof(__sn_a) <= sizeof(long),			\
		      "nospec selects take scalars no wider than long"); \
	asm("cmp %[sn_b], %[sn_a]\n\t"					\
	    "cmove %[sn_alt], %[v]"					\
	    CC_SET(ne)							\
	    : [v] "+r" (__sn_v), CC_OUT(ne) (__sn_ne)			\
	    : [sn_a] "r" ((unsigned long)__sn_a),			\
	      [sn_b] "rme" ((unsigned long)__sn_b),			\
	      [sn_alt] "r" ((unsigned long)(alt)));			\
	*__sn_p = (typeof(*__sn_p))__sn_v;				\
	__sn_ne;							\
})

#define select_nospec_ne(a, b, valp)	__select_nospec_cmp(a, b, valp, 0UL)
#define select_nospec_ne_alt(a, b, valp, alt)				\
	__select_nospec_cmp(a, b, valp, alt)

#define select_nospec_test(x, mask, valp)				\
({									\
	typeof(valp) __sn_p = (valp);					\
	unsigned long __sn_v = (unsigned long)*__sn_p;			\
	bool __sn_z;							\
									\
	static_assert(sizeof(*__sn_p) <= sizeof(long) &&		\
		      sizeof(x) <= sizeof(long),			\
		      "nospec selects take scalars no wider than long"); \
	asm("test %[sn_m], %[sn_x]\n\t"				\
	    "cmovnz %[z], %[v]"						\
	    CC_SET(z)							\
	    : [v] "+r" (__sn_v), CC_OUT(z) (__sn_z)			\
	    : [sn_x] "r" ((unsigned long)(x)),				\
	      [sn_m] "re" ((unsigned long)(mask)), [z] "r" (0UL));	\
	*__sn_p = (typeof(*__sn_p))__sn_v;				\
	__sn_z;								\
})
#endif /* __x86_64__ */

/*
 * Then what <asm/barrier.h> gives in the tools tree, where it is
 * tools/include/asm/barrier.h, which includes this file (here already
 * seen) and adds the generic smp_*() fallbacks.
 */
#include_next <asm/barrier.h>

#endif /* _TOOLS_LINUX_ASM_X86_BARRIER_H */

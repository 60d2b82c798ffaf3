/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nospec-list's user-space mirror of arch/arm64/include/asm/barrier.h's
 * nospec selects: tools/arch/arm64/include/asm/barrier.h of the pristine
 * kernel tree plus select_nospec_ne(), select_nospec_ne_alt() and
 * select_nospec_test(), whose logic is the kernel's (see
 * measure/include/README).  It replaces the tools file: put
 * -I measure/include/arch/arm64 before the pristine tools/include.
 */
#ifndef _TOOLS_LINUX_ASM_AARCH64_BARRIER_H
#define _TOOLS_LINUX_ASM_AARCH64_BARRIER_H

/*
 * From tools/perf/perf-sys.h, last modified in:
 * f428ebd184c82a7914b2aa7e9f868918aaf7ea78 perf tools: Fix AAAAARGH64 memory barriers
 *
 * XXX: arch/arm64/include/asm/barrier.h in the kernel sources use dsb, is this
 * a case like for arm32 where we do things differently in userspace?
 */

#define mb()		asm volatile("dmb ish" ::: "memory")
#define wmb()		asm volatile("dmb ishst" ::: "memory")
#define rmb()		asm volatile("dmb ishld" ::: "memory")

/*
 * Kernel uses dmb variants on arm64 for smp_*() barriers. Pretty much the same
 * implementation as above mb()/wmb()/rmb(), though for the latter kernel uses
 * dsb. In any case, should above mb()/wmb()/rmb() change, make sure the below
 * smp_*() don't.
 */
#define smp_mb()	asm volatile("dmb ish" ::: "memory")
#define smp_wmb()	asm volatile("dmb ishst" ::: "memory")
#define smp_rmb()	asm volatile("dmb ishld" ::: "memory")

#define smp_store_release(p, v)						\
do {									\
	union { typeof(*p) __val; char __c[1]; } __u =			\
		{ .__val = (v) }; 					\
									\
	switch (sizeof(*p)) {						\
	case 1:								\
		asm volatile ("stlrb %w1, %0"				\
				: "=Q" (*p)				\
				: "r" (*(__u8_alias_t *)__u.__c)	\
				: "memory");				\
		break;							\
	case 2:								\
		asm volatile ("stlrh %w1, %0"				\
				: "=Q" (*p)				\
				: "r" (*(__u16_alias_t *)__u.__c)	\
				: "memory");				\
		break;							\
	case 4:								\
		asm volatile ("stlr %w1, %0"				\
				: "=Q" (*p)				\
				: "r" (*(__u32_alias_t *)__u.__c)	\
				: "memory");				\
		break;							\
	case 8:								\
		asm volatile ("stlr %1, %0"				\
				: "=Q" (*p)				\
				: "r" (*(__u64_alias_t *)__u.__c)	\
				: "memory");				\
		break;							\
	default:							\
		/* Only to shut up gcc ... */				\
		mb();							\
		break;							\
	}								\
} while (0)

#define smp_load_acquire(p)						\
({									\
	union { typeof(*p) __val; char __c[1]; } __u =			\
		{ .__c = { 0 } };					\
									\
	switch (sizeof(*p)) {						\
	case 1:								\
		asm volatile ("ldarb %w0, %1"				\
			: "=r" (*(__u8_alias_t *)__u.__c)		\
			: "Q" (*p) : "memory");				\
		break;							\
	case 2:								\
		asm volatile ("ldarh %w0, %1"				\
			: "=r" (*(__u16_alias_t *)__u.__c)		\
			: "Q" (*p) : "memory");				\
		break;							\
	case 4:								\
		asm volatile ("ldar %w0, %1"				\
			: "=r" (*(__u32_alias_t *)__u.__c)		\
			: "Q" (*p) : "memory");				\
		break;							\
	case 8:								\
		asm volatile ("ldar %0, %1"				\
			: "=r" (*(__u64_alias_t *)__u.__c)		\
			: "Q" (*p) : "memory");				\
		break;							\
	default:							\
		/* Only to shut up gcc ... */				\
		mb();							\
		break;							\
	}								\
	__u.__val;							\
})

#include <linux/types.h>	/* bool */
#include <linux/build_bug.h>	/* static_assert() */

/*
 * The nospec selects as a compare, a CSEL and a CSDB inside one asm
 * statement, as in the kernel's arch/arm64/include/asm/barrier.h.  The
 * architecture allows a conditional select to execute with a predicted
 * condition; CSDB makes sure that no instruction after it uses such a
 * speculative result.  The compare is part of the asm so that the compiler
 * cannot decide it from a branch of the caller that tested the same
 * condition.  Its flags are also the result, as a flag output where the
 * compiler supports them (such an output excludes a "cc" clobber), so the
 * caller's branch needs no compare of its own; other compilers get the
 * flag through CSET.
 */
#ifdef __GCC_ASM_FLAG_OUTPUTS__
#define __SN_SET_NE	""
#define __SN_SET_EQ	""
#define __SN_OUT_NE	"=@ccne"
#define __SN_OUT_EQ	"=@cceq"
#define __SN_CLOBBER
#else
#define __SN_SET_NE	"	cset	%w[res], ne\n"
#define __SN_SET_EQ	"	cset	%w[res], eq\n"
#define __SN_OUT_NE	"=r"
#define __SN_OUT_EQ	"=r"
#define __SN_CLOBBER	"cc"
#endif

#define __select_nospec_cmp(a, b, valp, alt)				\
({									\
	typeof(1 ? (a) : (b)) __sn_a = (a), __sn_b = (b);		\
	typeof(valp) __sn_p = (valp);					\
	unsigned long __sn_v = (unsigned long)*__sn_p;			\
	unsigned int __sn_ne;						\
									\
	static_assert(sizeof(*__sn_p) <= sizeof(long) &&		\
		      sizeof(__sn_a) <= sizeof(long),			\
		      "nospec selects take scalars no wider than long"); \
	asm("	cmp	%[sn_a], %x[sn_b]\n"				\
	    "	csel	%[v], %[v], %x[sn_alt], ne\n"			\
	    "	hint	#20 // csdb\n"					\
	    __SN_SET_NE						\
	    : [v] "+r" (__sn_v), [res] __SN_OUT_NE(__sn_ne)		\
	    : [sn_a] "r" ((unsigned long)__sn_a),			\
	      [sn_b] "rZ" ((unsigned long)__sn_b),			\
	      [sn_alt] "rZ" ((unsigned long)(alt))			\
	    : __SN_CLOBBER);						\
	*__sn_p = (typeof(*__sn_p))__sn_v;				\
	(bool)__sn_ne;							\
})

#define select_nospec_ne(a, b, valp)	__select_nospec_cmp(a, b, valp, 0UL)
#define select_nospec_ne_alt(a, b, valp, alt)				\
	__select_nospec_cmp(a, b, valp, alt)

#define select_nospec_test(x, mask, valp)				\
({									\
	typeof(valp) __sn_p = (valp);					\
	unsigned long __sn_v = (unsigned long)*__sn_p;			\
	unsigned int __sn_z;						\
									\
	static_assert(sizeof(*__sn_p) <= sizeof(long) &&		\
		      sizeof(x) <= sizeof(long),			\
		      "nospec selects take scalars no wider than long"); \
	asm("	tst	%[sn_x], %[sn_m]\n"				\
	    "	csel	%[v], %[v], xzr, eq\n"				\
	    "	hint	#20 // csdb\n"					\
	    __SN_SET_EQ						\
	    : [v] "+r" (__sn_v), [res] __SN_OUT_EQ(__sn_z)		\
	    : [sn_x] "r" ((unsigned long)(x)),				\
	      [sn_m] "rL" ((unsigned long)(mask))			\
	    : __SN_CLOBBER);						\
	*__sn_p = (typeof(*__sn_p))__sn_v;				\
	(bool)__sn_z;							\
})

/*
 * Then what <asm/barrier.h> gives in the tools tree, where it is
 * tools/include/asm/barrier.h, which includes this file (here already
 * seen) and adds the generic smp_*() fallbacks.
 */
#include_next <asm/barrier.h>

#endif /* _TOOLS_LINUX_ASM_AARCH64_BARRIER_H */

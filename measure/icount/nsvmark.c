// SPDX-License-Identifier: GPL-2.0
/*
 * nsvmark: execute the marker instruction that measure/icount/insns.so
 * watches for, once.  The 'make icount' guest runs it before and after its
 * workload; the plugin prints its counters each time.  On a machine without
 * the plugin the marker is a no-op.  Built static on the host for the guest.
 */
int main(void)
{
#if defined(__x86_64__)
	/* nopl 0x3156534e(%rax): 0f 1f 80 4e 53 56 31 ("NSV1") */
	asm volatile(".byte 0x0f, 0x1f, 0x80, 0x4e, 0x53, 0x56, 0x31" ::: "memory");
	return 0;
#elif defined(__aarch64__)
	/* hint #127: d5032fff, an unallocated hint, which executes as a NOP */
	asm volatile(".inst 0xd5032fff" ::: "memory");
	return 0;
#else
	return 1;	/* no marker defined for this architecture */
#endif
}

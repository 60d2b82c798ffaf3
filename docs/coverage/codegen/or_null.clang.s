	.text
	.file	"or_null.c"
	.globl	first_old                       # -- Begin function first_old
	.p2align	4, 0x90
	.type	first_old,@function
first_old:                              # @first_old
# %bb.0:
	movq	8(%rdi), %rax
	addq	$8, %rdi
	cmpq	%rdi, %rax
	je	.LBB0_1
# %bb.2:
	movq	16(%rax), %rax
	retq
.LBB0_1:
	movq	$-1, %rax
	retq
.Lfunc_end0:
	.size	first_old, .Lfunc_end0-first_old
                                        # -- End function
	.globl	first_new                       # -- Begin function first_new
	.p2align	4, 0x90
	.type	first_new,@function
first_new:                              # @first_new
# %bb.0:
	movq	8(%rdi), %rcx
	addq	$8, %rdi
	leaq	-16(%rcx), %rdx
	xorl	%eax, %eax
	cmpq	%rdi, %rcx
	setne	%al
	negq	%rax
	#APP
	#NO_APP
	andq	%rdx, %rax
	je	.LBB1_1
# %bb.2:
	movq	32(%rax), %rax
	retq
.LBB1_1:
	movq	$-1, %rax
	retq
.Lfunc_end1:
	.size	first_new, .Lfunc_end1-first_new
                                        # -- End function
	.globl	circ_old                        # -- Begin function circ_old
	.p2align	4, 0x90
	.type	circ_old,@function
circ_old:                               # @circ_old
# %bb.0:
	movq	16(%rsi), %rax
	addq	$8, %rdi
	cmpq	%rdi, %rax
	jne	.LBB2_2
# %bb.1:
	movq	(%rax), %rax
.LBB2_2:
	addq	$-16, %rax
	movq	32(%rax), %rax
	retq
.Lfunc_end2:
	.size	circ_old, .Lfunc_end2-circ_old
                                        # -- End function
	.globl	circ_new                        # -- Begin function circ_new
	.p2align	4, 0x90
	.type	circ_new,@function
circ_new:                               # @circ_new
# %bb.0:
	movq	8(%rdi), %rax
	addq	$8, %rdi
	addq	$-16, %rax
	movq	16(%rsi), %rcx
	leaq	-16(%rcx), %rdx
	xorl	%esi, %esi
	cmpq	%rdi, %rcx
	sete	%sil
	negq	%rsi
	#APP
	#NO_APP
	xorq	%rdx, %rax
	andq	%rsi, %rax
	xorq	%rdx, %rax
	movq	32(%rax), %rax
	retq
.Lfunc_end3:
	.size	circ_new, .Lfunc_end3-circ_new
                                        # -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig

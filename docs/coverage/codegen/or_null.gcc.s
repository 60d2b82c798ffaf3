	.file	"or_null.c"
	.text
	.p2align 4
	.globl	first_old
	.type	first_old, @function
first_old:
	movq	8(%rdi), %rax
	addq	$8, %rdi
	cmpq	%rdi, %rax
	je	.L3
	movq	16(%rax), %rax
	ret
.L3:
	movq	$-1, %rax
	ret
	.size	first_old, .-first_old
	.p2align 4
	.globl	first_new
	.type	first_new, @function
first_new:
	movq	8(%rdi), %rdx
	addq	$8, %rdi
	xorl	%eax, %eax
	cmpq	%rdi, %rdx
	setne	%al
	subq	$16, %rdx
	negq	%rax
	andq	%rax, %rdx
	je	.L7
	movq	32(%rdx), %rax
	ret
.L7:
	movq	$-1, %rax
	ret
	.size	first_new, .-first_new
	.p2align 4
	.globl	circ_old
	.type	circ_old, @function
circ_old:
	movq	16(%rsi), %rax
	leaq	8(%rdi), %rcx
	leaq	-16(%rax), %rdx
	cmpq	%rcx, %rax
	je	.L11
	movq	32(%rdx), %rax
	ret
	.p2align 4,,10
	.p2align 3
.L11:
	movq	8(%rdi), %rdx
	subq	$16, %rdx
	movq	32(%rdx), %rax
	ret
	.size	circ_old, .-circ_old
	.p2align 4
	.globl	circ_new
	.type	circ_new, @function
circ_new:
	movq	16(%rsi), %rax
	leaq	8(%rdi), %rdx
	cmpq	%rdx, %rax
	leaq	-16(%rax), %rcx
	movq	8(%rdi), %rax
	sete	%dl
	subq	$16, %rax
	movzbl	%dl, %edx
	xorq	%rcx, %rax
	negq	%rdx
	andq	%rdx, %rax
	xorq	%rax, %rcx
	movq	32(%rcx), %rax
	ret
	.size	circ_new, .-circ_new
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits

/* int asm_answer(void): returns ANSWER, which the command line defines. */
#ifndef ANSWER
#error "ANSWER not defined: the preprocessor did not see -DANSWER"
#endif
#if defined(__x86_64__) || defined(__i386__)
	.text
	.globl	asm_answer
	.type	asm_answer, @function
asm_answer:
	movl	$ANSWER, %eax
	ret
	.size	asm_answer, .-asm_answer
#elif defined(__aarch64__)
	.text
	.globl	asm_answer
	.type	asm_answer, %function
asm_answer:
	mov	w0, #ANSWER
	ret
	.size	asm_answer, .-asm_answer
#else
#error "answer.S: no assembly for this machine"
#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",%progbits
#endif

/*
 * A direct-threaded bytecode interpreter, the way fast interpreters written
 * for gcc dispatch: a table of label addresses (`&&op_add`) and `goto *`
 * through it.  Every thread runs the same small stack program (the sum of the
 * squares of the elements of a shared vector it owns, then a Collatz step
 * count) and thread 0 prints the results in thread order.
 */
#include <upc.h>
#include <stdio.h>

enum { PUSH, LOAD, ADD, MUL, DUP, JNZ, DEC, SWAP, HALT, COLLATZ };

#define PER 8
shared [PER] long vec[PER * THREADS];
shared long result[THREADS];
shared long steps[THREADS];

static long run(const long *code, long *stack, int base)
{
    static void *const dispatch[] = {
        [PUSH] = &&op_push, [LOAD] = &&op_load, [ADD] = &&op_add, [MUL] = &&op_mul,
        [DUP] = &&op_dup,   [JNZ] = &&op_jnz,   [DEC] = &&op_dec, [SWAP] = &&op_swap,
        [HALT] = &&op_halt, [COLLATZ] = &&op_collatz,
    };
    const long *pc = code;
    long *sp = stack;
    void *next;

#define NEXT do { next = dispatch[*pc++]; goto *next; } while (0)
    NEXT;
op_push:
    *sp++ = *pc++;
    NEXT;
op_load:
    /* the element of the vector with this index in this thread's block */
    *sp++ = vec[base + *pc++];
    NEXT;
op_add:
    sp--; sp[-1] += sp[0];
    NEXT;
op_mul:
    sp--; sp[-1] *= sp[0];
    NEXT;
op_dup:
    *sp = sp[-1]; sp++;
    NEXT;
op_swap: {
        long t = sp[-1]; sp[-1] = sp[-2]; sp[-2] = t;
    }
    NEXT;
op_dec:
    sp[-1]--;
    NEXT;
op_jnz:
    if (*--sp) pc = code + *pc; else pc++;
    NEXT;
op_collatz:
    sp[-1] = (sp[-1] & 1) ? 3 * sp[-1] + 1 : sp[-1] / 2;
    NEXT;
op_halt:
    return sp[-1];
#undef NEXT
}

int main(void)
{
    long code[64], stack[32];
    int n = 0, i, base = MYTHREAD * PER;

    for (i = 0; i < PER; i++)
        vec[base + i] = MYTHREAD + i + 1;
    upc_barrier;

    /* sum of squares of the thread's PER elements */
    code[n++] = PUSH; code[n++] = 0;
    for (i = 0; i < PER; i++) {
        code[n++] = LOAD; code[n++] = i;
        code[n++] = DUP; code[n++] = MUL; code[n++] = ADD;
    }
    code[n++] = HALT;
    result[MYTHREAD] = run(code, stack, base);

    /* Collatz steps from 27 + MYTHREAD: stack = [count, x]; loop while x != 1 */
    n = 0;
    code[n++] = PUSH; code[n++] = 0;                    /* count */
    code[n++] = PUSH; code[n++] = 27 + MYTHREAD;        /* x */
    {
        int loop = n;
        code[n++] = COLLATZ;                            /* x' */
        code[n++] = SWAP; code[n++] = PUSH; code[n++] = 1; code[n++] = ADD; code[n++] = SWAP;
        code[n++] = DUP; code[n++] = DEC;               /* count x x-1 */
        code[n++] = JNZ; code[n++] = loop;
        code[n++] = SWAP; code[n++] = HALT;             /* count */
    }
    steps[MYTHREAD] = run(code, stack, base);
    upc_barrier;

    if (MYTHREAD == 0) {
        printf("thread 0: sum of squares %ld, collatz(27) %ld steps\n", result[0], steps[0]);
        for (i = 0; i < THREADS; i++) {
            /* the same in plain C */
            long s = 0, x = 27 + i, c = 0;
            int k;
            for (k = 0; k < PER; k++)
                s += (long)(i + k + 1) * (i + k + 1);
            do {
                x = (x & 1) ? 3 * x + 1 : x / 2;
                c++;
            } while (x != 1);
            printf("thread %d: %s\n", i, s == result[i] && c == steps[i] ? "ok" : "WRONG");
        }
    }
    return 0;
}

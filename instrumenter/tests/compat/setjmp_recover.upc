/* An expression evaluator that recovers from errors with setjmp/longjmp, as
 * C parsers do: every thread evaluates its share of the expressions (a
 * upc_forall over a shared array of results), a syntax or division error
 * longjmps out of the recursive descent, and the results are printed by
 * thread 0 in order. */
#include <upc.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#define NEXPR 12
#define MSG 40

static const char *exprs[NEXPR] = {
    "1+2*3", "(1+2)*3", "10/(5-5)", "2*(3+4)*5", "7-", "((8))",
    "100/7", "3*(2+", "42", "9-4-3", "6/2/3", "1+x",
};

shared long value[NEXPR * THREADS];        /* one row per thread, only row 0 used */
shared [] char error[NEXPR][MSG];

static jmp_buf on_error;
static const char *pos;
static const char *why;

static long expr(void);

static void fail(const char *msg)
{
    why = msg;
    longjmp(on_error, 1);
}

static long primary(void)
{
    long v = 0;
    if (*pos == '(') {
        pos++;
        v = expr();
        if (*pos != ')')
            fail("missing )");
        pos++;
        return v;
    }
    if (*pos < '0' || *pos > '9')
        fail(*pos ? "unexpected character" : "unexpected end");
    while (*pos >= '0' && *pos <= '9')
        v = v * 10 + (*pos++ - '0');
    return v;
}

static long term(void)
{
    long v = primary();
    while (*pos == '*' || *pos == '/') {
        char op = *pos++;
        long r = primary();
        if (op == '/' && r == 0)
            fail("division by zero");
        v = op == '*' ? v * r : v / r;
    }
    return v;
}

static long expr(void)
{
    long v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        long r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < NEXPR; i++; &value[i]) {
        /* volatile: modified between setjmp and longjmp */
        volatile int tries = 0;
        char msg[MSG];
        if (setjmp(on_error) == 0) {
            tries++;
            pos = exprs[i];
            value[i] = expr();
            if (*pos)
                fail("trailing input");
            msg[0] = '\0';
        } else {
            value[i] = 0;
            snprintf(msg, sizeof msg, "error: %s at %d", why, (int)(pos - exprs[i]));
        }
        upc_memput(&error[i][0], msg, MSG);
        (void)tries;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < NEXPR; i++) {
            char msg[MSG];
            upc_memget(msg, &error[i][0], MSG);
            if (msg[0])
                printf("%-10s %s\n", exprs[i], msg);
            else
                printf("%-10s = %ld\n", exprs[i], (long)value[i]);
        }
    return 0;
}

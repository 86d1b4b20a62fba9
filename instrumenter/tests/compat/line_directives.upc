/* Code generators (bison, re2c, m4-made UPC) emit #line directives that point
 * the compiler at the grammar file; __FILE__ and __LINE__ must follow them,
 * also around shared accesses, upc_forall and barriers. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

shared int cells[4 * THREADS];
shared int lines_seen[THREADS];

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

#define HERE() printf("%s:%d\n", base(__FILE__), __LINE__)

int main(void)
{
    int i;
#line 100 "calc.y"
    upc_forall (i = 0; i < 4 * THREADS; i++; &cells[i])
        cells[i] = __LINE__ + i;
    upc_barrier;
#line 200
    if (MYTHREAD == 0) {
        int bad = 0;
        for (i = 0; i < 4 * THREADS; i++)
            if (cells[i] != 101 + i)
                bad++;
        printf("cells: %s\n", bad ? "wrong" : "ok");
        HERE();
    }
#line 300 "lexer.l"
    lines_seen[MYTHREAD] =
        __LINE__;
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("%d %s\n", lines_seen[THREADS - 1], base(__FILE__));
        HERE();
    }
# 40 "line_directives.upc"
    if (MYTHREAD == 0)
        HERE();
    return 0;
}

int old_style(a, b)
    int a;
    char *b;
{
    return a + *b;
}

extern int printf();

static int counter;
register int *unused_decl(void);

void arrays(int n, int m, double matrix[n][m], int v[static 4], int w[const]) {
    int vla[n];
    long double ld = 0;
    for (int i = 0; i < n; i++)
        vla[i] = (int)matrix[i][0];
    (void)ld; (void)v; (void)w;
}

volatile sig_atomic_t flag;
const volatile unsigned short int *const port = (void *)0x40;
signed char sc = -1; unsigned char uc = 255u; long long ll = -1LL;
short s; _Bool b;

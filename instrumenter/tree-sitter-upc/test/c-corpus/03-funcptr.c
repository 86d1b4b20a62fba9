typedef int (*cmp_fn)(const void *, const void *);
typedef void (*handler_t[4])(int);

static int (*lookup(const char *name))(int, int);

int apply(int (*f)(int), int x) { return f(x); }

void (*signal_like(int sig, void (*func)(int)))(int);

static int by_value(const void *a, const void *b) {
    const int *ia = a, *ib = b;
    return (*ia > *ib) - (*ia < *ib);
}

void sort(int *v, unsigned n, cmp_fn cmp) {
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && cmp(&v[j - 1], &v[j]) > 0; j--) {
            int t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
        }
}

int call_all(void) {
    cmp_fn table[] = { by_value, &by_value };
    int v[3] = {3, 1, 2};
    sort(v, 3, table[1]);
    return (*table[0])(&v[0], &v[1]);
}

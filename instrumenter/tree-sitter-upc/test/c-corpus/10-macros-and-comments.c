// Line comment with UPC-looking words: upc_forall shared strict relaxed
/* Block comment
 * spanning lines: upc_barrier; upc_fence;
 */
#define FOREACH(i, n) for (int i = 0; i < (n); i++)
#define SWAP(T, a, b) do { T tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

enum color { C_RED, C_GREEN, C_BLUE, C_COUNT };
static const char *const color_names[C_COUNT] = {
    [C_RED] = "red", [C_GREEN] = "green", [C_BLUE] = "blue",
};

int sum(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

void reverse(int *v, int n) {
    for (int i = 0, j = n - 1; i < j; i++, j--) SWAP(int, v[i], v[j]);
}

int ternaries(int a, int b) {
    return a > b ? a : a < b ? b : -1;
}

const char *name(enum color c) {
    return (unsigned)c < C_COUNT ? color_names[c] : "?";
}

int casts(void *p, long l) {
    char *cp = (char *)p;
    int (*fp)(void) = (int (*)(void))p;
    return (int)(l + (long)sizeof(*cp)) + (fp != 0) + *(int *)(cp + 1);
}

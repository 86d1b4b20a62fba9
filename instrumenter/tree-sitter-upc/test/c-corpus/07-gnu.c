#include <stdint.h>

struct __attribute__((packed)) header { uint8_t kind; uint32_t len; };

static inline __attribute__((always_inline)) int fast(int x) { return x << 1; }

__attribute__((noreturn)) void die(const char *msg);

int weird(int *restrict a, int *__restrict b) {
    int r;
    __asm__ volatile ("nop" : "=r"(r) : "r"(*a), "r"(*b) : "memory");
    return __builtin_expect(r, 0);
}

typeof(int) t1 = 0;
__typeof__(t1) t2 = 1;

int statement_expr(void) {
    return ({ int y = 3; y * 2; });
}

_Static_assert(sizeof(int) >= 2, "int too small");
_Alignas(16) char aligned_buf[64];

#define generic_abs(x) _Generic((x), int: abs_i, double: abs_d)(x)
int abs_i(int);
double abs_d(double);
int use_generic(void) { return _Generic(1, int: 1, default: 0); }

/* long double reduction operators for the collectives (Rust has no 80-bit float).
 * a = a (op) b, a being the left operand. Operator values as in upc_collective.h. */
typedef long double (*ld_func_t)(long double, long double);

void upcr_coll_ld_combine(unsigned long op, const void *func, long double *a,
                          const long double *b)
{
    long double x = *a, y = *b;
    switch (op) {
    case 1UL << 0: *a = x + y; break;
    case 1UL << 1: *a = x * y; break;
    case 1UL << 5: *a = (x != 0 && y != 0); break;
    case 1UL << 6: *a = (x != 0 || y != 0); break;
    case 1UL << 7: *a = x < y ? x : y; break;
    case 1UL << 8: *a = x > y ? x : y; break;
    case 1UL << 16:
    case 1UL << 17: *a = ((ld_func_t)func)(x, y); break;
    default: break;
    }
}

void upcr_coll_ld_from_double(double d, long double *out) { *out = d; }
double upcr_coll_ld_to_double(const long double *a) { return (double)*a; }

/* Pointer-to-shared arithmetic for block sizes 1, 2, 3, 4 and indefinite: walks over
 * every element with ++ and --, p + k and p - k for every pair of elements (negative
 * offsets included), +=, -=, p[k], difference and all comparisons, checked against
 * &a[i] (thread, phase and address). */
#define CONF_FEATURE "ptr_arith"
#include "conf.h"

// expect-stdout: ptr_arith: walked block sizes 1 2 3 4 and indefinite

shared int a1[5 * THREADS];
struct two { int x; short y; };
shared [2] struct two a2[3 * THREADS];
shared [3] int a3[5 * THREADS];
shared [4] double a4[3 * THREADS];
shared [] int ai[23];

/* Same thread, phase and address (== ignores the phase). */
static int same_pts(shared void *x, shared void *y)
{
    return upc_threadof(x) == upc_threadof(y) && upc_phaseof(x) == upc_phaseof(y) &&
           upc_addrfield(x) == upc_addrfield(y);
}

#define VAL(i) ((int)(7 * (i) + 3))

#define WALK(arr, N, PT, GET)                                                               \
    do {                                                                                    \
        long n_ = (long)(N);                                                                \
        PT p_ = &arr[0];                                                                    \
        for (long i_ = 0; i_ < n_; i_++) {                                                  \
            CHECK_EQI(p_ == &arr[i_], 1, i_);                                               \
            CHECK_EQI(same_pts(p_, &arr[i_]), 1, i_);                                       \
            CHECK_EQI(GET(*p_), VAL(i_), i_);                                               \
            p_++;                                                                           \
        }                                                                                   \
        CHECK(p_ == &arr[0] + n_);                                                          \
        CHECK_EQ(p_ - &arr[0], n_);                                                         \
        p_ = &arr[n_ - 1];                                                                  \
        for (long i_ = n_ - 1; i_ >= 0; i_--) {                                             \
            CHECK_EQI(same_pts(p_, &arr[i_]), 1, i_);                                       \
            CHECK_EQI(GET(*p_), VAL(i_), i_);                                               \
            if (i_ > 0)                                                                     \
                --p_;                                                                       \
        }                                                                                   \
        for (long j_ = 0; j_ < n_; j_++)                                                    \
            for (long k_ = 0; k_ < n_; k_++) {                                              \
                long d_ = k_ - j_, idx_ = j_ * 1000 + k_;                                   \
                PT q_ = &arr[j_];                                                           \
                PT r_ = q_ + d_;                                                            \
                CHECK_EQI(same_pts(r_, &arr[k_]), 1, idx_);                                 \
                CHECK_EQI(same_pts(d_ + q_, &arr[k_]), 1, idx_);                            \
                CHECK_EQI(same_pts(&arr[k_] - d_, q_), 1, idx_);                            \
                CHECK_EQI(&arr[k_] - &arr[j_], d_, idx_);                                   \
                CHECK_EQI(r_ - q_, d_, idx_);                                               \
                CHECK_EQI(GET(q_[d_]), VAL(k_), idx_);                                      \
                CHECK_EQI(GET(*(q_ + d_)), VAL(k_), idx_);                                  \
                CHECK_EQI(&arr[j_] < &arr[k_], j_ < k_, idx_);                              \
                CHECK_EQI(&arr[j_] <= &arr[k_], j_ <= k_, idx_);                            \
                CHECK_EQI(&arr[j_] > &arr[k_], j_ > k_, idx_);                              \
                CHECK_EQI(&arr[j_] >= &arr[k_], j_ >= k_, idx_);                            \
                CHECK_EQI(&arr[j_] == &arr[k_], j_ == k_, idx_);                            \
                CHECK_EQI(&arr[j_] != &arr[k_], j_ != k_, idx_);                            \
                q_ += d_;                                                                   \
                CHECK_EQI(same_pts(q_, &arr[k_]), 1, idx_);                                 \
                q_ -= d_;                                                                   \
                CHECK_EQI(same_pts(q_, &arr[j_]), 1, idx_);                                 \
                if (k_ > 0)                                                                 \
                    CHECK_EQI(GET(r_[-1]), VAL(k_ - 1), idx_);                              \
            }                                                                               \
        {                                                                                   \
            PT s_ = &arr[0];                                                                \
            PT u_ = s_++;                                                                   \
            CHECK(same_pts(u_, &arr[0]) && same_pts(s_, &arr[1]));                          \
            u_ = ++s_;                                                                      \
            CHECK(same_pts(u_, &arr[2]) && same_pts(s_, &arr[2]));                          \
            u_ = s_--;                                                                      \
            CHECK(same_pts(u_, &arr[2]) && same_pts(s_, &arr[1]));                          \
            u_ = --s_;                                                                      \
            CHECK(same_pts(u_, &arr[0]) && same_pts(s_, &arr[0]));                          \
            s_ += 2u;                                                                       \
            CHECK(same_pts(s_, &arr[2]));                                                   \
            s_ = s_ - (size_t)1;                                                            \
            CHECK(same_pts(s_, &arr[1]));                                                   \
            s_ = s_ + (char)2;                                                              \
            CHECK(same_pts(s_, &arr[3]));                                                   \
        }                                                                                   \
    } while (0)

#define PLAIN(x) (x)
#define FIELD_X(v) ((v).x)
#define AS_INT(x) ((int)(x))

int main(void)
{
    long T = THREADS;
    for (long i = 0; i < 5 * T; i++)
        if (upc_threadof(&a1[i]) == MYTHREAD)
            a1[i] = VAL(i);
    for (long i = 0; i < 3 * T; i++)
        if (upc_threadof(&a2[i]) == MYTHREAD) {
            a2[i].x = VAL(i);
            a2[i].y = (short)i;
        }
    for (long i = 0; i < 5 * T; i++)
        if (upc_threadof(&a3[i]) == MYTHREAD)
            a3[i] = VAL(i);
    for (long i = 0; i < 3 * T; i++)
        if (upc_threadof(&a4[i]) == MYTHREAD)
            a4[i] = VAL(i);
    if (MYTHREAD == 0)
        for (long i = 0; i < 23; i++)
            ai[i] = VAL(i);
    upc_barrier;

    WALK(a1, 5 * T, shared int *, PLAIN);
    WALK(a2, 3 * T, shared [2] struct two *, FIELD_X);
    WALK(a3, 5 * T, shared [3] int *, PLAIN);
    WALK(a4, 3 * T, shared [4] double *, AS_INT);
    WALK(ai, 23, shared [] int *, PLAIN);

    /* The worked example of the spec with B = 3: p + k from &a3[0]. */
    {
        shared [3] int *p = &a3[0];
        for (long k = 0; k < 5 * T; k++) {
            long th = (k / 3) % T, ph = k % 3, course = k / (3 * T);
            CHECK_EQI(upc_threadof(p + k), th, k);
            CHECK_EQI(upc_phaseof(p + k), ph, k);
            CHECK_EQI(upc_addrfield(p + k) - upc_addrfield(p), (course * 3 + ph) * sizeof(int), k);
        }
    }
    /* Member access through stepped pointers. */
    {
        shared [2] struct two *p = &a2[1];
        for (long k = 1; k < 3 * T; k++, p++) {
            CHECK_EQI(p->y, k, k);
            CHECK_EQI((*p).x, VAL(k), k);
        }
    }
    if (MYTHREAD == 0)
        printf("ptr_arith: walked block sizes 1 2 3 4 and indefinite\n");
    return conf_finish();
}

/* Berkeley UPC's general extensions (bupc_extensions.h): thread distance, conversions between
 * local addresses and pointers-to-shared, sleeping, a printable pointer-to-shared.  The
 * definitions are weak, so a program that defines functions of these names itself links with
 * its own. */
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "../include/upcr.h"
#define UPCCHECK_BUPC_CONSTANTS_ONLY
#include "../include/bupc_extensions.h"

static int user_data_mapped(int t)
{
    return upcr_unmapped == NULL || upcr_unmapped[t] == 0;
}

/* The same thread; processes that share memory (every thread of the smp conduit, the threads
 * of one MPI node); or threads whose data is reached through the network. */
__attribute__((weak)) int bupc_thread_distance(int a, int b)
{
    if (a < 0 || b < 0 || a >= upcr_threads || b >= upcr_threads)
        return BUPC_THREADS_VERYFAR;
    if (a == b)
        return BUPC_THREADS_SAME;
    return user_data_mapped(a) && user_data_mapped(b) ? BUPC_THREADS_NEAR : BUPC_THREADS_FAR;
}

/* (thread, address field) of a local address inside the user part of a mapped partition. */
static int locate(const void *p, uint32_t *thread, uint64_t *addr)
{
    uintptr_t base = (uintptr_t)upcr_seg_base, x = (uintptr_t)p;
    size_t t, a;
    if (p == NULL || upcr_part_size == 0 || x < base)
        return 0;
    t = (x - base) / upcr_part_size;
    a = (x - base) % upcr_part_size;
    if (t >= (size_t)upcr_threads || !user_data_mapped((int)t) || a < UPCR_RESERVED)
        return 0;
    *thread = (uint32_t)t;
    *addr = a;
    return 1;
}

__attribute__((weak)) upcr_pshared_t bupc_local_to_shared(void *ptr, int thread, int phase)
{
    uint32_t t;
    uint64_t a;
    if (!locate(ptr, &t, &a) || (int)t != thread || phase < 0)
        return UPCR_NULL_PSHARED;
    return upcr_ps_make(t, a, (uint32_t)phase);
}

__attribute__((weak)) upcr_pshared_t bupc_inverse_cast(void *ptr)
{
    uint32_t t;
    uint64_t a;
    if (!locate(ptr, &t, &a))
        return UPCR_NULL_PSHARED;
    return upcr_ps_make(t, a, 0);
}

static void sleep_ns(unsigned long long ns)
{
    struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

__attribute__((weak)) void bupc_sleep(unsigned int secs) { sleep_ns(secs * 1000000000ull); }

__attribute__((weak)) void bupc_usleep(unsigned int usecs) { sleep_ns(usecs * 1000ull); }

__attribute__((weak)) void bupc_nanosleep(unsigned int nsecs) { sleep_ns(nsecs); }

__attribute__((weak)) void bupc_sched_yield(void) { sched_yield(); }

/* "<address=0x.. (addrfield=0x..), thread=T, phase=P>"; 0, or -1 if buf is missing or short */
__attribute__((weak)) int bupc_dump_shared(upcr_pshared_t p, char *buf, int maxlen)
{
    uintptr_t local;
    int n;
    if (buf == NULL || maxlen <= 0)
        return -1;
    local = upcr_ps_is_null(p) ? 0 : (uintptr_t)upcr_ps_local(p);
    n = snprintf(buf, (size_t)maxlen, "<address=0x%lx (addrfield=0x%llx), thread=%u, phase=%u>",
                 (unsigned long)local, (unsigned long long)p.addr, p.thread, p.phase);
    return n < 0 || n >= maxlen ? -1 : 0;
}

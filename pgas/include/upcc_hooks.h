/*
 * upcc_hooks.h — the hooks the checker (checkrt/) exports to instrumented code.
 *
 * The translator emits, around every UPC operation listed in the rules/ catalog:
 *
 *     upcc_val_t a[N] = { {.s = dst}, {.u = nbytes}, ... };   // each argument once
 *     upcc_check_entry(&site, a);     // argument checks + deadlock check (signature)
 *     <the operation, using a[i]>
 *     upcc_record_exit(&site);        // collectives and lock acquisitions only
 *
 * `site` is a static descriptor: file, line, the operation's index in the rules catalog,
 * the source text of each argument and where the variables it uses were declared.  Which
 * union member carries an argument follows the C type the catalog gives that argument.
 * check_final runs before every return from main and every exit().
 * None of these hooks is emitted when both argument and deadlock checks are disabled.
 */
#ifndef UPCC_HOOKS_H
#define UPCC_HOOKS_H

#include "upcr.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef union upcc_val {
    int64_t i;       /* signed integers, enums, upc_flag_t is unsigned -> .u */
    uint64_t u;      /* size_t, unsigned integers, upc_flag_t, upc_op_t */
    double d;        /* floating values (reduction operands are not checked) */
    const void *p;   /* pointers-to-local, function pointers, upc_file_t * */
    upcr_pshared_t s; /* pointers-to-shared, upc_lock_t * */
} upcc_val_t;

typedef struct upcc_site {
    const char *file;   /* user source file (after #line mapping) */
    int line;
    int col;
    int op;             /* index of the operation in the rules catalog */
    int nargs;
    const char *const *arg_text; /* source text of each argument (nargs entries) */
    const char *const *arg_decl; /* per argument: "n: a.upc:12; m: a.upc:14" or "" */
    const char *func;   /* enclosing function name */
    const char *source_line; /* the source line itself (for the report), may be NULL */
} upcc_site_t;

void upcc_check_entry(const upcc_site_t *site, upcc_val_t *args);
void upcc_record_exit(const upcc_site_t *site);
void upcc_check_final(const upcc_site_t *site);
/* After a call that returns a lock or a file handle (upc_global_lock_alloc,
 * upc_all_lock_alloc, upc_all_fopen): what it returned, for later reports. */
void upcc_record_result(const upcc_site_t *site, const upcc_val_t *args, upcc_val_t result);

/* The barrier statements, checked (in place of the runtime's call, hooks included):
 *     upcc_barrier(&site, has_value, value);  upcc_notify(...);  upcc_wait(...);
 * The checks, the runtime's upcr_barrier / upcr_notify / upcr_wait and what follows them,
 * in one call. */
void upcc_barrier(const upcc_site_t *site, int has_value, int value);
void upcc_notify(const upcc_site_t *site, int has_value, int value);
void upcc_wait(const upcc_site_t *site, int has_value, int value);
/* upc_lock(l), upc_lock_attempt(l) and upc_unlock(l), checked (in place of the call, hooks
 * included):  upcc_lock(&site, l);  upcc_lock_attempt(&site, l);  upcc_unlock(&site, l);
 * While upcc_lock_path is set (the checker's usual state: argument and deadlock checks on,
 * race checking off, nothing pending for the generic hooks, the locks in the node's memory)
 * they are the runtime's checked lock operations, which record where a lock was taken and call
 * back into the checker only when another thread holds it; a refusal (no live lock, a relock,
 * an unlock of a lock not held) and every other state go to the checker's generic path
 * (upcc_lock_slow, ...), which checks and reports.  A failed upc_lock_attempt feeds the
 * checker's livelock watch (upcc_lock_attempt_failed). */
extern unsigned char upcc_lock_path;
int upcr_lock_checked(upcr_pshared_t l, const void *site);
int upcr_lock_attempt_checked(upcr_pshared_t l, const void *site);
int upcr_unlock_checked(upcr_pshared_t l);
void upcc_lock_slow(const upcc_site_t *site, upcr_pshared_t l);
int upcc_lock_attempt_slow(const upcc_site_t *site, upcr_pshared_t l);
void upcc_lock_attempt_failed(const upcc_site_t *site, upcr_pshared_t l);
void upcc_unlock_slow(const upcc_site_t *site, upcr_pshared_t l);

static inline void upcc_lock(const upcc_site_t *site, upcr_pshared_t l)
{
    if (__builtin_expect(upcc_lock_path, 1) && upcr_lock_checked(l, site) == 0)
        return;
    upcc_lock_slow(site, l);
}

static inline int upcc_lock_attempt(const upcc_site_t *site, upcr_pshared_t l)
{
    if (__builtin_expect(upcc_lock_path, 1)) {
        int r = upcr_lock_attempt_checked(l, site);
        if (r > 0)
            return 1;
        if (r == 0) {
            upcc_lock_attempt_failed(site, l);
            return 0;
        }
    }
    return upcc_lock_attempt_slow(site, l);
}

static inline void upcc_unlock(const upcc_site_t *site, upcr_pshared_t l)
{
    if (__builtin_expect(upcc_lock_path, 1) && upcr_unlock_checked(l) == 0)
        return;
    upcc_unlock_slow(site, l);
}

/* The checker's counts of its ring's remote operations in this process (word operations,
 * signature gets, signature puts, polls of a word waited for), for tests and benchmarks.
 * Weak: a program built without the checker sees a null function. */
void upcc_check_ring_counts(unsigned long long out[4]) __attribute__((weak));

/* upc_forall region tracking: begin before the loop, iter with each executed iteration's
 * affinity digest input, end after the loop (single-valuedness check through the ring),
 * escape before a return/break/goto that leaves the body. */
void upcc_forall_begin(const upcc_site_t *site);
void upcc_forall_iter(uint64_t affinity);
/* Instead of upcc_forall_iter, for a loop that visits only the calling thread's iterations:
 * once, its start, bound, where its affinity's layout starts and its iteration count. */
void upcc_forall_summary(uint64_t start, uint64_t bound, uint64_t origin, uint64_t iterations);
void upcc_forall_end(const upcc_site_t *site);
void upcc_forall_escape(const upcc_site_t *site);
/* setjmp(env) and longjmp(env, v) of checked code: upcc_setjmp before the setjmp notes
 * the upc_forall loops and call frames the thread is in; upcc_longjmp before the longjmp
 * reports the loops it leaves (undefined, like a goto out of the body) and brings the
 * checker's loops, call frames and upcr_forall_depth back to those of the setjmp. */
void upcc_setjmp(const void *env);
void upcc_longjmp(const upcc_site_t *site, const void *env);
/* A controlling loop's integer affinity is negative (undefined in UPC 1.3). */
void upcc_forall_negative(const upcc_site_t *site, int64_t affinity);

/* Call-stack tracking (--upccheck:callstack): around every call of a user function. */
void upcc_push_frame(const upcc_site_t *site);
void upcc_pop_frame(void);

/* Race checking (--upccheck:-r): before every access to shared memory the translated code
 * calls this with the access's local address, its size, what it does and its site (file,
 * line, the access as written in arg_text[0], its variable's declaration in arg_decl[0]);
 * it records the access and returns `addr`. */
#define UPCC_RACE_READ   1u
#define UPCC_RACE_WRITE  2u
#define UPCC_RACE_STRICT 4u
/* With READ | WRITE: an update whose result the program goes on with (`c = n++`). */
#define UPCC_RACE_VALUE  16u
/* The checker's shadow state of 8 shared bytes (a granule; checkrt/src/race/shadow.rs):
 * the last write, the last read and an earlier unordered read, each
 * (((site << 2) | flags) << 32) | epoch (checkrt/src/race/shadow.rs, `rec`). */
#define UPCC_RACE_GRANULE 8u
/* A record's epoch: thread (6 bits) | kind (2 bits) | clock (UPCC_RACE_CLK_BITS bits); a
 * granule's `w` whose kind is 3 is no access but a marker (its bytes have cells of their own,
 * or are being given them). */
#define UPCC_RACE_CLK_BITS 24
#define UPCC_RACE_MARKER(w) ((((uint32_t)(w) >> UPCC_RACE_CLK_BITS) & 3u) == 3u)
typedef struct upcc_race_cell {
    uint64_t w, r, r2;
} upcc_race_cell_t;
/* What the inline part of upcc_race_access reads (set by the checker, per thread): the
 * segment covered (len 0: race checking off), the granule cells, and the thread's current
 * relaxed epoch (a value no cell holds while the next access must go to the checker), and
 * whether a private buffer of a non-blocking transfer is in flight (then the accesses outside
 * the segment go to the checker too). */
typedef struct upcc_race_fast {
    uintptr_t seg, len;
    const upcc_race_cell_t *cells;
    uint32_t epoch;
    uint32_t private_flight;
} upcc_race_fast_t;
extern upcc_race_fast_t upcc_race_fast;
/* The checker's part: check the access against the shadow, record it, return `addr`. */
void *upcc_race_record(void *addr, size_t nbytes, unsigned kind, const upcc_site_t *site);
/* FastTrack's same-epoch case without a call: a relaxed access within one granule whose cell
 * already holds this thread's write in the current epoch (or, for a read, its read, in r or
 * in r2 where another thread's read displaced it) adds nothing to what the shadow knows.
 * Addresses outside the segment (or race checking off) are not recorded. */
static inline void *upcc_race_access(void *addr, size_t nbytes, unsigned kind,
                                     const upcc_site_t *site)
{
    uintptr_t off = (uintptr_t)addr - upcc_race_fast.seg;
    if (off >= upcc_race_fast.len) {
        if (__builtin_expect(upcc_race_fast.private_flight != 0, 0))
            return upcc_race_record(addr, nbytes, kind, site);
        return addr;
    }
    if (!(kind & UPCC_RACE_STRICT) && nbytes <= UPCC_RACE_GRANULE &&
        (off % UPCC_RACE_GRANULE) + nbytes <= UPCC_RACE_GRANULE) {
        const upcc_race_cell_t *c = &upcc_race_fast.cells[off / UPCC_RACE_GRANULE];
        uint32_t e = upcc_race_fast.epoch;
        uint64_t w = __atomic_load_n(&c->w, __ATOMIC_RELAXED);
        if ((uint32_t)w == e)
            return addr;
        if (!(kind & UPCC_RACE_WRITE) && !UPCC_RACE_MARKER(w) &&
            ((uint32_t)__atomic_load_n(&c->r, __ATOMIC_RELAXED) == e ||
             (uint32_t)__atomic_load_n(&c->r2, __ATOMIC_RELAXED) == e))
            return addr;
    }
    return upcc_race_record(addr, nbytes, kind, site);
}
/* After a strict read: it acquires what the strict write of the value read released. */
void upcc_race_acquire(void *addr);
/* A read of n bytes at p in code built for remote data (-network=mpi), recorded as
 * upcc_race_access records it (kind: UPCC_RACE_READ, and UPCC_RACE_STRICT for a strict read,
 * which is fenced after the record and acquires after the read): upcr_rd / upcr_rd_strict
 * with the record.  The record
 * is at p's address in the segment, mapped here or not (another node's data: the checker
 * has its owner's process check it). */
static inline void *upcc_race_rd(upcr_pshared_t p, size_t n, void *tmp, unsigned kind,
                                 const upcc_site_t *site)
{
    void *a = upcc_race_access(upcr_ps_local(p), n, kind, site);
    if (kind & UPCC_RACE_STRICT) {
        /* the value read (once, into tmp) acquires what its strict write released: the
         * acquisition comes after the read, as for a strict read of mapped data */
        void *v = upcr_rd_strict(p, n, tmp);
        if (v != tmp)
            __builtin_memcpy(tmp, v, n);
        upcc_race_acquire(upcr_ps_local(p));
        return tmp;
    }
    return upcr_ps_remote(p) ? upcr_rd(p, n, tmp) : a;
}
/* A write or update of n bytes at p in code built for remote data, through `addr`: p's own
 * address, or the temporary upcr_wr staged it in (another node's data); recorded at p's
 * address as upcc_race_access records it; returns addr. */
static inline void *upcc_race_staged(upcr_pshared_t p, void *addr, size_t n, unsigned kind,
                                     const upcc_site_t *site)
{
    upcc_race_access(upcr_ps_local(p), n, kind, site);
    return addr;
}
/* A bit-field access: the structure at `base`, the field's storage unit at `range`
 * (offset | length << 32, found by the translator's code setting the field of a zeroed
 * structure: lower/expr.rs, `Place::BitField`); returns `base`. */
static inline void *upcc_race_bitfield(void *base, unsigned long range, unsigned kind,
                                       const upcc_site_t *site)
{
    upcc_race_access((char *)base + (range & 0xffffffffu), (size_t)(range >> 32), kind, site);
    return base;
}
/* The accesses of `nbytes` bytes, `elem` bytes each, from `addr` up, all of one kind at one
 * site in the current epoch: recorded as that many upcc_race_access. */
void upcc_race_range(void *addr, size_t nbytes, size_t elem, unsigned kind,
                     const upcc_site_t *site);
/* The runs of a loop's sites, after the loop: upcc_race_range for each, in order. */
typedef struct upcc_race_span {
    const char *start, *end;
    size_t elem;
    unsigned kind;
    const upcc_site_t *site;
} upcc_race_span_t;
void upcc_race_spans(const upcc_race_span_t *spans, size_t n);
/* The owned accesses of a upc_forall loop body that cannot synchronize: each site keeps the
 * run of consecutive elements it accessed, recorded when an access does not extend it (a
 * repeated access to the run's last element adds nothing in one epoch) and after the loop
 * (upcc_race_spans, all the sites at once). */
typedef struct upcc_race_run {
    char *start, *end;
} upcc_race_run_t;
static inline void upcc_race_run_end(size_t nbytes, unsigned kind, const upcc_site_t *site,
                                     upcc_race_run_t *run)
{
    if (run->end != run->start)
        upcc_race_range(run->start, (size_t)(run->end - run->start), nbytes, kind, site);
}
static inline void *upcc_race_run(void *addr, size_t nbytes, unsigned kind,
                                  const upcc_site_t *site, upcc_race_run_t *run)
{
    if (__builtin_expect((char *)addr != run->end, 0)) {
        if ((char *)addr + nbytes == run->end && run->end != run->start)
            return addr;
        upcc_race_run_end(nbytes, kind, site, run);
        run->start = (char *)addr;
    }
    run->end = (char *)addr + nbytes;
    return addr;
}

/* A dereference (`*p`, `p[i]`, `p->f`) of a pointer-to-shared that may be null, in builds
 * with argument checks: `upcc_nonnull(p, &site)` stands for `p`; a null `p` is reported as
 * null-pointer-to-shared (the site's arg_text[0] is the pointer as written) before the access. */
void upcc_null_deref(const upcc_site_t *site) __attribute__((cold));
static inline upcr_pshared_t upcc_nonnull(upcr_pshared_t p, const upcc_site_t *site)
{
    if (__builtin_expect((p.addr | (uint64_t)p.thread) == 0, 0))
        upcc_null_deref(site);
    return p;
}

/* A private buffer passed as a declared array (`arr`, `&arr[k]`) to a call whose checks bound
 * it (upc_memget, upc_memput, upc_all_fread_local, ...): its start and sizeof, stored just
 * before upcc_check_entry and cleared (len = 0) right after. */
typedef struct upcc_extent {
    const void *base;
    uint64_t len;
} upcc_extent_t;
extern upcc_extent_t upcc_private_extent;

/* Flag bits for upcc_main. */
#define UPCC_ARGS_CHECKS     1u
#define UPCC_DEADLOCK_CHECKS 2u
#define UPCC_CALLSTACK       4u
#define UPCC_RACE_CHECKS     8u

/* The generated main() of a checked build calls this instead of upcr_start. */
int upcc_main(int argc, char **argv, char **envp, upcr_user_main_t user_main,
              int static_threads, unsigned flags);

#ifdef __cplusplus
}
#endif

#endif /* UPCC_HOOKS_H */

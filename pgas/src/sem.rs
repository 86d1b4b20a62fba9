//! Berkeley UPC's semaphores (`include/bupc_sem.h`): what the header's macros cannot do with
//! UPC atomics alone — set a new semaphore up, tell its flags, sleep until its value changes
//! and wake the sleepers after a post.
//!
//! A semaphore is 16 bytes of the allocating thread's heap (`upc_alloc`): the value, a 64-bit
//! word that the macros change only by strict `upc_atomic_strict` operations of the
//! `<bupc_atomic.h>` domain of `uint64_t` (so the checks and the race checker see atomic
//! accesses that order like strict ones: a post releases, the wait's compare-and-swap
//! acquires), then a 32-bit count of sleepers and the 32-bit flags.
//!
//! Waiting: with the threads' data mapped (the smp conduit, an MPI job on one node), a waiter
//! counts itself among the sleepers, spins briefly (the runtime's spinning policy: not at all
//! when there are more threads than cores) and sleeps on the value's low 32 bits with a futex;
//! a post wakes them only when there are sleepers.  Over a conduit that reaches the value
//! only by its one-sided atomics (`UPC_MPI_NODES=rank`), the waiter tests the word through the
//! conduit between sleeps of 20 to 250 us (`rma::wait_word`, woken early when the post is
//! aimed at its own thread).  Either way a wait returns once the value differs from the one
//! the caller saw (or spuriously): the caller tests it again.

use crate::rma::{self, wait_word, word_load, word_swap};
use crate::{job, segment, status, sync, PShared};
use std::ffi::{c_char, c_int, CStr};
use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering::SeqCst};

/// Bytes of a semaphore.
pub const SEM_BYTES: usize = 16;
/// Offset of the (sleepers, flags) word.
const AUX: u64 = 8;
/// `BUPC_SEM_BOOLEAN`.
const BOOLEAN: u32 = 1;

fn check(s: PShared, op: &str) {
    rma::check(s, SEM_BYTES, op);
    if !s.addr.is_multiple_of(8) {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {op}: not a semaphore (thread {}, address {:#x})\n",
            segment::mythread(),
            s.thread,
            s.addr
        ));
    }
}

fn valid(s: PShared) -> bool {
    (s.thread as usize) < segment::threads()
        && s.addr >= segment::RESERVED as u64
        && s.addr.is_multiple_of(8)
        && s.addr + SEM_BYTES as u64 <= segment::part_size() as u64
}

fn words(s: PShared) -> (&'static AtomicU64, &'static AtomicU32, &'static AtomicU32) {
    let p = segment::local_ptr(s.thread, s.addr);
    let low = if cfg!(target_endian = "little") { 0 } else { 4 };
    // SAFETY: 16 bytes of mapped user data, 8-byte aligned (`check`), only ever accessed
    // atomically.
    unsafe {
        (
            &*(p as *const AtomicU64),
            &*(p.add(low) as *const AtomicU32),
            &*(p.add(AUX as usize) as *const AtomicU32),
        )
    }
}

fn flags_word(s: PShared) -> PShared {
    PShared::new(s.thread, s.addr + AUX, 0)
}

/// A new semaphore at `s` (just allocated, not yet seen by another thread): value 0.
#[no_mangle]
pub extern "C" fn upcc_bupc_sem_init(s: PShared, flags: c_int) {
    check(s, "bupc_sem_alloc");
    let aux = (flags as u32 as u64) << 32;
    if rma::control().is_some() {
        word_swap(s, 0);
        word_swap(flags_word(s), aux);
        return;
    }
    let (value, _, _) = words(s);
    value.store(0, SeqCst);
    // SAFETY: as in `words`.
    let aux_word = unsafe { &*(segment::local_ptr(s.thread, s.addr + AUX) as *const AtomicU64) };
    aux_word.store(aux, SeqCst);
}

fn flags(s: PShared) -> u32 {
    if rma::control().is_some() {
        (word_load(flags_word(s)) >> 32) as u32
    } else {
        // SAFETY: as in `words`.
        let aux = unsafe { &*(segment::local_ptr(s.thread, s.addr + AUX) as *const AtomicU64) };
        (aux.load(SeqCst) >> 32) as u32
    }
}

/// Whether `s` is a boolean semaphore, for an operation by `n` (`op` names it): a boolean
/// semaphore takes only operations by 1.
///
/// # Safety
/// `op` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn upcc_bupc_sem_boolean(s: PShared, n: u64, op: *const c_char) -> c_int {
    // SAFETY: the macros pass a string literal.
    let op = unsafe { CStr::from_ptr(op) }.to_string_lossy();
    if !valid(s) {
        // not a semaphore: the atomic operation that follows reports it (at the caller's line
        // when checked)
        return 0;
    }
    let boolean = flags(s) & BOOLEAN != 0;
    if boolean && n != 1 {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {op}: N = {n} on a BUPC_SEM_BOOLEAN semaphore \
             (a boolean semaphore is posted and waited for by 1)\n",
            segment::mythread()
        ));
    }
    boolean as c_int
}

/// Sleep until the value of `s` may differ from `seen` (the caller tests it again).
#[no_mangle]
pub extern "C" fn upcc_bupc_sem_block(s: PShared, seen: u64) {
    check(s, "bupc_sem_wait");
    let marked = status::begin_wait(c"bupc_sem_wait");
    if rma::control().is_some() {
        wait_word(s, |v| v != seen);
    } else {
        let (value, low, sleepers) = words(s);
        sleepers.fetch_add(1, SeqCst);
        if value.load(SeqCst) == seen {
            sync::spin_then_wait(low, |v| v != seen as u32);
        }
        sleepers.fetch_sub(1, SeqCst);
    }
    status::end_wait(marked);
}

/// After a post of `s`: wake the threads asleep on it.
#[no_mangle]
pub extern "C" fn upcc_bupc_sem_wake(s: PShared) {
    if rma::control().is_some() {
        // the conduit's atomic operation rang the thread of `s`; others test between naps
        return;
    }
    check(s, "bupc_sem_post");
    let (_, low, sleepers) = words(s);
    // SeqCst: the post's read-modify-write of the value comes before this read of the
    // sleepers, as a sleeper's increment comes before its read of the value (one of the two
    // sees the other).
    fence(SeqCst);
    if sleepers.load(SeqCst) != 0 {
        sync::futex_wake_all(low);
    }
}

//! Remote access: the data plane of a conduit whose threads do not map each other's user data
//! (the MPI conduit with every rank its own node, `UPC_MPI_NODES=rank`).
//!
//! Translated code tests `upcr_ps_remote(p)` (upcr.h) on every shared access that may be
//! remote and calls [`upcr_rma_get`] / [`upcr_rma_put`] when it holds; the shared string
//! functions (`memops.rs`) call [`get`] / [`put`] with one operation per contiguous piece.
//! Both go to the conduit ([`crate::conduit::Conduit::get`], `put`), which completes every
//! operation before it returns: a thread's remote accesses are therefore ordered among
//! themselves and complete at the next fence, strict access, barrier or lock operation, as
//! UPC's memory model requires of relaxed accesses (and strict ones are trivially ordered).
//!
//! Only user data is remote: an offset below the reserved first MiB of a partition (where the
//! null pointer-to-shared points) or past its end is a fatal error, reported in UPC terms.
//!
//! Waking the target: over a transport where the target serves remote accesses only inside
//! its own calls into the conduit, a thread that waits calls [`crate::conduit::Conduit::progress`]
//! between bounded sleeps and says on which futex word it sleeps (`ThreadRuntime::asleep_on`,
//! in the runtime's control state); the conduit calls [`ring`] once it has issued an
//! operation, which wakes the target so that it serves it at once rather than at the end of
//! its sleep.
//!
//! Counters: every process counts its remote operations and bytes ([`counts`],
//! `upcr_rma_counts`), which is how the tests prove that remote data went through the
//! conduit.

use crate::segment::{self, RESERVED};
use crate::{conduit, job, rt, sync, PShared};
use std::ffi::c_void;
use std::sync::atomic::{
    AtomicU64,
    Ordering::{Relaxed, SeqCst},
};

/// Remote operations of this process: gets, bytes got, puts, bytes put.
static GETS: AtomicU64 = AtomicU64::new(0);
static GOT: AtomicU64 = AtomicU64::new(0);
static PUTS: AtomicU64 = AtomicU64::new(0);
static PUT: AtomicU64 = AtomicU64::new(0);

/// While the calling thread sleeps on a futex word between progress calls: clears its
/// `asleep_on` when dropped.
pub(crate) struct Asleep(Option<&'static AtomicU64>);

impl Asleep {
    pub(crate) fn clear(self) {
        if let Some(a) = self.0 {
            a.store(0, SeqCst);
        }
    }
}

/// Record that the calling thread is about to sleep on `w` (a word of the segment).
pub(crate) fn asleep_on(w: &std::sync::atomic::AtomicU32) -> Asleep {
    let l = segment::layout();
    let addr = w.as_ptr() as usize;
    if !segment::is_mapped() || addr < l.map_base || addr >= l.map_base + l.map_len {
        return Asleep(None);
    }
    let a = &rt::thread(segment::mythread()).asleep_on;
    // SeqCst: the store is ordered before the futex wait's read of the word, and `ring`'s
    // read of it after the origin issued its operation.
    a.store((addr - l.map_base) as u64 + 1, SeqCst);
    Asleep(Some(a))
}

/// Wake `thread` if it sleeps between progress calls, so that it serves the remote operation
/// just issued to it (called by the conduit after issuing, before waiting for completion).
pub fn ring(thread: usize) {
    if thread >= segment::threads() {
        return;
    }
    let at = rt::thread(thread).asleep_on.load(SeqCst);
    let l = segment::layout();
    if at == 0 || at as usize > l.map_len {
        return;
    }
    let addr = l.map_base + at as usize - 1;
    // SAFETY: a 4-byte-aligned futex word inside the segment (recorded by `asleep_on`); waking
    // a word nobody sleeps on any more is harmless (the sleeper re-checks its condition).
    let w = unsafe { &*(addr as *const std::sync::atomic::AtomicU32) };
    sync::futex_wake_all(w);
}

/// Counts of this process's remote operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub gets: u64,
    pub bytes_got: u64,
    pub puts: u64,
    pub bytes_put: u64,
}

/// This process's remote operations so far.
pub fn counts() -> Counts {
    Counts {
        gets: GETS.load(Relaxed),
        bytes_got: GOT.load(Relaxed),
        puts: PUTS.load(Relaxed),
        bytes_put: PUT.load(Relaxed),
    }
}

/// Whether the user data `p` points to is not mapped in the program's view (reached through
/// the conduit).
#[inline]
pub fn is_remote(p: PShared) -> bool {
    !segment::user_data_mapped(p.thread)
}

/// Check that `n` bytes at `p` are user data of an existing thread; the fatal error otherwise.
pub(crate) fn check(p: PShared, n: usize, op: &str) {
    let bad = if p.is_null() {
        Some("the null pointer-to-shared")
    } else if p.thread as usize >= segment::threads() {
        Some("a pointer-to-shared with a thread number out of range")
    } else if p.addr < RESERVED as u64
        || p.addr.saturating_add(n as u64) > segment::part_size() as u64
    {
        Some("outside the shared objects of its thread")
    } else {
        None
    };
    if let Some(what) = bad {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {op} of {n} bytes at {what} (thread {}, address \
             {:#x})\n",
            segment::mythread(),
            p.thread,
            p.addr
        ));
    }
}

fn failed(op: &str, e: String) -> ! {
    job::fatal_error(&format!(
        "upc-check: error: thread {}: remote {op} failed: {e}\n",
        segment::mythread()
    ))
}

/// Read `dst.len()` bytes of remote user data at `src`.
pub fn get(dst: &mut [u8], src: PShared) {
    if dst.is_empty() {
        return;
    }
    check(src, dst.len(), "a remote read");
    let Some(c) = conduit::get() else {
        failed("read", "no conduit".into())
    };
    if let Err(e) = c.get(dst, src.thread as usize, src.addr) {
        failed("read", e);
    }
    GETS.fetch_add(1, Relaxed);
    GOT.fetch_add(dst.len() as u64, Relaxed);
}

/// Write `src` to remote user data at `dst`.
pub fn put(dst: PShared, src: &[u8]) {
    if src.is_empty() {
        return;
    }
    check(dst, src.len(), "a remote write");
    let Some(c) = conduit::get() else {
        failed("write", "no conduit".into())
    };
    if let Err(e) = c.put(dst.thread as usize, dst.addr, src) {
        failed("write", e);
    }
    PUTS.fetch_add(1, Relaxed);
    PUT.fetch_add(src.len() as u64, Relaxed);
}

/// Read `n` bytes at `src` (remote user data) into `dst`: translated code's remote read.
///
/// # Safety
/// `dst` must be valid for `n` bytes of writes.
#[no_mangle]
pub unsafe extern "C" fn upcr_rma_get(dst: *mut c_void, src: PShared, n: usize) {
    if n == 0 || dst.is_null() {
        return;
    }
    // SAFETY: the caller's contract.
    let d = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) };
    get(d, src);
}

/// Write `n` bytes at `src` to `dst` (remote user data): translated code's remote write.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads.
#[no_mangle]
pub unsafe extern "C" fn upcr_rma_put(dst: PShared, src: *const c_void, n: usize) {
    if n == 0 || src.is_null() {
        return;
    }
    // SAFETY: the caller's contract.
    let s = unsafe { std::slice::from_raw_parts(src as *const u8, n) };
    put(dst, s);
}

/// Let the conduit serve other threads' remote accesses to this thread's data (`upc_fence`
/// and strict reads in code built for remote data).
#[no_mangle]
pub extern "C" fn upcr_rma_progress() {
    if let Some(c) = conduit::get() {
        c.progress();
    }
}

/// This process's remote operations: `out[0..4]` = gets, bytes got, puts, bytes put.
///
/// # Safety
/// `out` must be null or valid for 4 `u64` writes.
#[no_mangle]
pub unsafe extern "C" fn upcr_rma_counts(out: *mut u64) {
    if out.is_null() {
        return;
    }
    let c = counts();
    // SAFETY: the caller's contract.
    unsafe {
        *out = c.gets;
        *out.add(1) = c.bytes_got;
        *out.add(2) = c.puts;
        *out.add(3) = c.bytes_put;
    }
}

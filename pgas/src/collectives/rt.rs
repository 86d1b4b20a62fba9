//! What the collectives take from the rest of the runtime: the pointer-to-shared type,
//! this process's team (segment, THREADS, MYTHREAD, collectives regions, internal
//! barrier) and the fatal-error exit.  The only file of `collectives/` and `io/` that
//! names runtime modules besides `sync::WaitWord`.

use super::team::{layout, Team};
use crate::segment::{self, Region};

pub use crate::PShared;

/// This process's team.
pub fn team() -> Team {
    if !segment::is_mapped() {
        fatal("a collective operation was called before the runtime started");
    }
    let threads = segment::threads();
    if segment::thread_region_size(Region::Collectives) < layout::REGION_SIZE {
        fatal("the collectives region of the segment is too small");
    }
    if threads > layout::MAX_THREADS {
        fatal(&format!(
            "THREADS = {threads} is more than the collectives support ({})",
            layout::MAX_THREADS
        ));
    }
    let regions = (0..threads)
        .map(|t| segment::thread_region(Region::Collectives, t))
        .collect();
    // SAFETY: the segment is mapped at the same address in every thread for the whole job,
    // and the collectives regions are reserved for this module and start zeroed.
    let team = unsafe {
        Team::new(
            threads,
            segment::mythread(),
            segment::runtime_base(),
            segment::part_size(),
            regions,
            Box::new(crate::barrier::barrier_internal),
        )
    };
    if segment::global_region_size(Region::Collectives) >= layout::GLOBAL_SIZE {
        team.set_global(segment::global_region(Region::Collectives));
    }
    team.set_remote(control_remote());
    team
}

/// Report an error in a library call and end the job.
pub fn fatal(msg: &str) -> ! {
    crate::job::fatal_error(&format!(
        "upc-check: error: thread {}: {msg}\n",
        segment::mythread()
    ))
}

/// Whether thread `t`'s user data is reached through the conduit (every thread its own node:
/// `rma.rs`) rather than through the team's view of the segment.
#[inline]
pub fn is_remote(t: usize) -> bool {
    !segment::user_data_mapped(t as u32)
}

/// Read `dst.len()` bytes of shared data at (`t`, `a`): one remote get when that data is
/// another node's, a copy otherwise.
pub fn read(team: &Team, t: usize, a: u64, dst: &mut [u8]) {
    if is_remote(t) {
        crate::rma::get(dst, PShared::new(t as u32, a, 0));
    } else {
        // SAFETY: valid shared storage designated by the program, mapped in the team's view.
        unsafe { std::ptr::copy(team.ptr(t, a), dst.as_mut_ptr(), dst.len()) }
    }
}

/// Write `src` to shared data at (`t`, `a`): one remote put when that data is another
/// node's, a copy otherwise.
pub fn write(team: &Team, t: usize, a: u64, src: &[u8]) {
    if is_remote(t) {
        crate::rma::put(PShared::new(t as u32, a, 0), src);
    } else {
        // SAFETY: as for `read`.
        unsafe { std::ptr::copy(src.as_ptr(), team.ptr(t, a), src.len()) }
    }
}

/// Copy `n` bytes of shared data from (`st`, `sa`) to (`dt`, `da`) where one side (at least)
/// is another node's: one get or put per contiguous piece (both remote: through a bounded
/// buffer, one get and one put per MiB).
pub fn copy_remote(team: &Team, dt: usize, da: u64, st: usize, sa: u64, n: usize) {
    const PIECE: usize = 1 << 20;
    match (is_remote(dt), is_remote(st)) {
        // SAFETY (both arms): the local side is valid storage designated by the program,
        // mapped in the team's view, for `n` bytes.
        (true, false) => write(team, dt, da, unsafe {
            std::slice::from_raw_parts(team.ptr(st, sa), n)
        }),
        (false, true) => read(team, st, sa, unsafe {
            std::slice::from_raw_parts_mut(team.ptr(dt, da), n)
        }),
        _ => {
            let mut buf = vec![0u8; n.min(PIECE)];
            for at in (0..n).step_by(PIECE) {
                let m = PIECE.min(n - at);
                read(team, st, sa + at as u64, &mut buf[..m]);
                write(team, dt, da + at as u64, &buf[..m]);
            }
        }
    }
}

// ---- the control words of other threads through the conduit -------------------------------
//
// With every thread its own node (`rma::control()`), this process maps only its own
// collectives slice (and, in thread 0, the global area): another thread's words and bytes
// are reached by the conduit's one-sided operations at the same place of its partition.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One-sided operations this process made on other threads' collectives state.
static OPS: AtomicU64 = AtomicU64::new(0);
/// Those of them that tested again a word waited for ([`poll_remote`]): how many depends on
/// timing, not on the protocol.
static POLLS: AtomicU64 = AtomicU64::new(0);

/// Whether another thread's collectives state is reached through the conduit.
#[inline]
pub fn control_remote() -> bool {
    crate::rma::control().is_some()
}

/// The name of `at` (in the runtime's view of `home`'s partition, or of the global area for
/// `home == GLOBAL`) for the conduit's operations.
fn name(home: usize, at: *const u8) -> PShared {
    if home == GLOBAL {
        crate::rma::global_addr(at)
    } else {
        crate::rma::runtime_addr(home, at)
    }
}

/// The pseudo-thread of the global area (homed at thread 0).
pub const GLOBAL: usize = segment::GLOBAL_AREA as usize;

/// Word `w` of `home`'s collectives state, read with one atomic through the conduit.
pub fn word_load(home: usize, w: &AtomicU64) -> u64 {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_load(name(home, w.as_ptr() as *const u8))
}

/// Set word `w` of `home`'s collectives state with one atomic through the conduit.
pub fn word_store(home: usize, w: &AtomicU64, v: u64) {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_swap(name(home, w.as_ptr() as *const u8), v);
}

/// Add `v` to word `w` of `home`'s collectives state through the conduit; its old value.
pub fn word_add(home: usize, w: &AtomicU64, v: u64) -> u64 {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_fetch_op(
        name(home, w.as_ptr() as *const u8),
        crate::conduit::AtomicOp::Sum,
        v,
    )
}

/// Compare-and-swap of word `w` of `home`'s collectives state through the conduit; the old
/// value.
pub fn word_cas(home: usize, w: &AtomicU64, current: u64, new: u64) -> u64 {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_cas(name(home, w.as_ptr() as *const u8), current, new)
}

/// Take the lock word `w` of `home`'s state through the conduit (the caller's own too).
pub fn word_lock(home: usize, w: &AtomicU64) {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_lock(name(home, w.as_ptr() as *const u8));
}

/// Release a lock word taken by [`word_lock`].
pub fn word_unlock(home: usize, w: &AtomicU64) {
    OPS.fetch_add(1, Relaxed);
    crate::rma::word_unlock(name(home, w.as_ptr() as *const u8));
}

/// `dst.len()` bytes at `at` of `home`'s collectives state, in one get through the conduit.
pub fn get_bytes(home: usize, at: *const u8, dst: &mut [u8]) {
    OPS.fetch_add(1, Relaxed);
    crate::rma::control_get(dst, name(home, at));
}

/// Write `src` at `at` of `home`'s collectives state, in one put through the conduit.
pub fn put_bytes(home: usize, at: *const u8, src: &[u8]) {
    OPS.fetch_add(1, Relaxed);
    crate::rma::control_put(name(home, at), src);
}

/// Wait until `pred()` holds, making progress (others' operations on this thread's words are
/// served only inside its calls into the conduit): a bounded number of tests, then sleeps of
/// 20 to 250 us between tests, woken early when another thread sends this one an operation.
pub fn wait_progress(pred: impl Fn() -> bool) {
    for _ in 0..100 + crate::sync::spin_limit() / 10 {
        if pred() {
            return;
        }
        crate::sync::progress();
    }
    let mut ns = 20_000;
    loop {
        let woken = crate::rma::nap(ns);
        if pred() {
            return;
        }
        ns = if woken { 20_000 } else { (ns * 2).min(250_000) };
    }
}

/// Wait until `pred()` (false now), which reads another thread's words through the conduit:
/// each test is a round trip, so the tests are spaced by sleeps of 20 us growing to 250 us
/// (woken early when another thread sends this one an operation), making progress.
pub fn poll_remote(pred: impl Fn() -> bool) {
    let mut ns = 20_000;
    loop {
        let woken = crate::rma::nap(ns);
        let before = OPS.load(Relaxed);
        let done = pred();
        POLLS.fetch_add(OPS.load(Relaxed) - before, Relaxed);
        if done {
            return;
        }
        ns = if woken { 20_000 } else { (ns * 2).min(250_000) };
    }
}

/// The sleep of [`poll_remote`]: at most `ns` nanoseconds, making progress; whether another
/// thread's operation woke it.
pub fn nap(ns: u64) -> bool {
    crate::rma::nap(ns)
}

/// This process's one-sided operations on other threads' collectives, Collectives 2.0 and
/// UPC-IO state (with every thread its own node): how the tests show that it went through
/// the conduit, and what a collective costs.
#[no_mangle]
pub extern "C" fn upcr_rma_coll_ops() -> u64 {
    OPS.load(Relaxed)
}

/// How many of [`upcr_rma_coll_ops`] tested again a word of another thread waited for.
#[no_mangle]
pub extern "C" fn upcr_rma_coll_polls() -> u64 {
    POLLS.load(Relaxed)
}

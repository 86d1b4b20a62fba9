//! The memory the checker's protocols run on: 32-bit words with atomic operations, a way to
//! block until a word changes, and the per-thread ring slots.
//!
//! The protocols (the collective ring in `ring.rs`) are written against [`Platform`] only, so
//! the same code runs on the shared segment of a real job (futexes, one process per UPC
//! thread) and under a model checker (the tests' platform, where every atomic access is a
//! scheduling point).  Also here: the futex-based lock used for `L[k]` and `c_L`, and the
//! "busy flag" wait used for `r_s`/`r_ds`; both spin, then yield, then block, within the
//! runtime's budgets (`pgas::sync`).

use std::sync::atomic::{AtomicU32, Ordering};

/// Blocking on a word of the shared segment: the runtime's futex calls.
pub use pgas::sync::{futex_wait, futex_wake_all};

/// A 32-bit shared word.
pub trait Word: Sync {
    fn load(&self) -> u32;
    fn store(&self, v: u32);
    /// A store ordered after this thread's earlier accesses but not before its later loads
    /// (for a caller that orders those itself, by a fence or a read-modify-write).
    fn store_release(&self, v: u32) {
        self.store(v)
    }
    fn swap(&self, v: u32) -> u32;
    fn compare_exchange(&self, current: u32, new: u32) -> Result<u32, u32>;
}

impl Word for AtomicU32 {
    #[inline]
    fn load(&self) -> u32 {
        AtomicU32::load(self, Ordering::SeqCst)
    }
    #[inline]
    fn store(&self, v: u32) {
        AtomicU32::store(self, v, Ordering::SeqCst)
    }
    #[inline]
    fn store_release(&self, v: u32) {
        AtomicU32::store(self, v, Ordering::Release)
    }
    #[inline]
    fn swap(&self, v: u32) -> u32 {
        AtomicU32::swap(self, v, Ordering::SeqCst)
    }
    #[inline]
    fn compare_exchange(&self, current: u32, new: u32) -> Result<u32, u32> {
        AtomicU32::compare_exchange(self, current, new, Ordering::SeqCst, Ordering::SeqCst)
    }
}

/// Blocking on words.
pub trait Platform: Sync {
    type W: Word;
    /// Block while `w` still holds `expected` (may return early; callers re-check).
    fn wait(&self, w: &Self::W, expected: u32);
    /// Wake every thread blocked on `w`.
    fn wake(&self, w: &Self::W);
    /// How many times to re-check a word before blocking (0 when threads outnumber cores).
    fn spin_limit(&self) -> u32;
    /// How many times to yield the CPU (re-checking the word each time) after spinning and
    /// before blocking: the runtime's current budget for this process.
    fn yield_limit(&self) -> u32 {
        pgas::sync::yield_limit()
    }
}

/// Give the CPU to another runnable thread.
#[inline]
fn yield_cpu() {
    // (with the MPI conduit: and serve other threads' remote accesses to this thread)
    pgas::sync::yield_and_progress();
}

/// Lock word states.
const FREE: u32 = 0;
const LOCKED: u32 = 1;
const CONTENDED: u32 = 2;

/// Acquire a lock word (0 free, 1 locked, 2 locked with sleepers).
#[inline]
pub fn lock<P: Platform>(p: &P, w: &P::W) {
    if w.compare_exchange(FREE, LOCKED).is_ok() {
        return;
    }
    lock_slow(p, w)
}

#[cold]
fn lock_slow<P: Platform>(p: &P, w: &P::W) {
    for _ in 0..p.spin_limit() {
        std::hint::spin_loop();
        if w.load() == FREE && w.compare_exchange(FREE, LOCKED).is_ok() {
            return;
        }
    }
    for _ in 0..p.yield_limit() {
        yield_cpu();
        if w.load() == FREE && w.compare_exchange(FREE, LOCKED).is_ok() {
            return;
        }
    }
    while w.swap(CONTENDED) != FREE {
        p.wait(w, CONTENDED);
    }
}

/// Release a lock word taken with [`lock`].
#[inline]
pub fn unlock<P: Platform>(p: &P, w: &P::W) {
    if w.swap(FREE) == CONTENDED {
        p.wake(w);
    }
}

/// Busy-flag states: 0 clear (the thesis' `r = 1`), 1 busy (`r = 0`), 2 busy and a
/// thread sleeps until it clears.
pub const CLEAR: u32 = 0;
pub const BUSY: u32 = 1;
const BUSY_WAITED: u32 = 2;

/// Mark a flag busy.  Only called while nobody can be waiting on it.
#[inline]
pub fn set_busy<W: Word>(w: &W) {
    w.store(BUSY);
}

/// Clear a flag and wake its waiter.
#[inline]
pub fn clear<P: Platform>(p: &P, w: &P::W) {
    if w.swap(CLEAR) == BUSY_WAITED {
        p.wake(w);
    }
}

/// Wait until a flag is clear: spin briefly, then block.
#[inline]
pub fn wait_clear<P: Platform>(p: &P, w: &P::W) {
    if w.load() == CLEAR {
        return;
    }
    wait_clear_slow(p, w)
}

#[cold]
fn wait_clear_slow<P: Platform>(p: &P, w: &P::W) {
    for _ in 0..p.spin_limit() {
        std::hint::spin_loop();
        if w.load() == CLEAR {
            return;
        }
    }
    for _ in 0..p.yield_limit() {
        yield_cpu();
        if w.load() == CLEAR {
            return;
        }
    }
    loop {
        match w.load() {
            CLEAR => return,
            BUSY if w.compare_exchange(BUSY, BUSY_WAITED).is_err() => {
                continue;
            }
            _ => {}
        }
        p.wait(w, BUSY_WAITED);
    }
}

/// The platform of a real job: words live in the shared segment, blocking is a shared
/// (not process-private) futex.
pub struct Futex {
    pub spin: u32,
}

impl Platform for Futex {
    type W = AtomicU32;
    fn wait(&self, w: &AtomicU32, expected: u32) {
        futex_wait(w, expected);
    }
    fn wake(&self, w: &AtomicU32) {
        futex_wake_all(w);
    }
    fn spin_limit(&self) -> u32 {
        self.spin
    }
}

//! Cross-process waiting: futex helpers on 32-bit words that live in the shared segment.
//!
//! UPC threads are processes, so every futex here is a *shared* futex (no FUTEX_PRIVATE_FLAG).
//! A wait spins briefly while there are at least as many cores as threads, then sleeps in the
//! kernel.  [`WaitWord`] pairs a futex word with a count of sleepers so that the common wake-up
//! (nobody asleep) costs no system call.  [`Mutex`] is a small futex mutex for the runtime's own
//! short critical sections (allocator, registries); UPC locks are in `lock.rs`.

use std::sync::atomic::{AtomicU32, Ordering};

static mut SPIN_LIMIT: u32 = 2000;
/// Current spin budget, adapted to how long recent waits took (per process).
static mut SPIN_BUDGET: u32 = 2000;

/// Set the spin budget for this process: spin only when every thread can have its own core.
/// `UPC_SPIN=N` overrides the maximum number of spin iterations (0: always sleep at once).
pub fn configure_spinning(threads: usize) {
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let limit = match std::env::var("UPC_SPIN")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
    {
        Some(n) => n,
        None if threads <= cores => 2000,
        None => 0,
    };
    // SAFETY: written once per process before any wait, read-only afterwards.
    unsafe {
        SPIN_LIMIT = limit;
        SPIN_BUDGET = limit;
    }
}

/// Spin iterations to try before sleeping.
#[inline]
fn spin_limit() -> u32 {
    // SAFETY: private per process, single-threaded use.
    unsafe { SPIN_BUDGET }
}

/// Adapt the budget: a wait that ended while spinning after `spun` iterations keeps the budget at
/// about twice what such waits need; a wait that had to sleep halves it (the partner was not
/// running: spinning only took the core away from it).
#[inline]
fn adapt(spun: Option<u32>) {
    // SAFETY: private per process, single-threaded use.
    unsafe {
        SPIN_BUDGET = match spun {
            Some(k) => (SPIN_BUDGET.max(2 * k + 16) + SPIN_BUDGET / 8).min(SPIN_LIMIT),
            None => SPIN_BUDGET / 2,
        }
        .max(SPIN_LIMIT.min(16));
    }
}

/// FUTEX_WAIT on a shared word: sleep while `*w == expected` (spurious wake-ups possible).
pub fn futex_wait(w: &AtomicU32, expected: u32) {
    // SAFETY: the word is a valid, aligned u32 for the whole call.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            w.as_ptr(),
            libc::FUTEX_WAIT,
            expected,
            std::ptr::null::<libc::timespec>(),
        );
    }
}

/// Wake up to `n` sleepers on a shared word.
pub fn futex_wake(w: &AtomicU32, n: i32) {
    // SAFETY: as above.
    unsafe {
        libc::syscall(libc::SYS_futex, w.as_ptr(), libc::FUTEX_WAKE, n);
    }
}

/// Wake every sleeper on a shared word.
pub fn futex_wake_all(w: &AtomicU32) {
    futex_wake(w, i32::MAX);
}

/// Wait until `cond(value)` holds: spin briefly, then FUTEX_WAIT.  Returns the value seen.
/// The waker must call [`futex_wake_all`] (or `futex_wake`) after changing the word.
pub fn spin_then_wait(w: &AtomicU32, cond: impl Fn(u32) -> bool) -> u32 {
    let mut v = w.load(Ordering::Acquire);
    if cond(v) {
        return v;
    }
    for k in 0..spin_limit() {
        std::hint::spin_loop();
        v = w.load(Ordering::Acquire);
        if cond(v) {
            adapt(Some(k));
            return v;
        }
    }
    adapt(None);
    loop {
        futex_wait(w, v);
        v = w.load(Ordering::Acquire);
        if cond(v) {
            return v;
        }
    }
}

/// A futex word plus the number of threads asleep on it (so wakers skip the system call when
/// nobody sleeps).  `#[repr(C)]`, 8 bytes, lives in the shared segment (all-zero = initial).
#[repr(C)]
pub struct WaitWord {
    pub value: AtomicU32,
    sleepers: AtomicU32,
}

impl WaitWord {
    #[inline]
    pub fn load(&self) -> u32 {
        self.value.load(Ordering::Acquire)
    }

    /// Wait until `cond(value)`; returns the value that satisfied it.
    pub fn wait_until(&self, cond: impl Fn(u32) -> bool) -> u32 {
        let mut v = self.value.load(Ordering::Acquire);
        if cond(v) {
            return v;
        }
        for k in 0..spin_limit() {
            std::hint::spin_loop();
            v = self.value.load(Ordering::Acquire);
            if cond(v) {
                adapt(Some(k));
                return v;
            }
        }
        adapt(None);
        loop {
            self.sleepers.fetch_add(1, Ordering::SeqCst);
            v = self.value.load(Ordering::SeqCst);
            if cond(v) {
                self.sleepers.fetch_sub(1, Ordering::SeqCst);
                return v;
            }
            futex_wait(&self.value, v);
            self.sleepers.fetch_sub(1, Ordering::SeqCst);
            v = self.value.load(Ordering::Acquire);
            if cond(v) {
                return v;
            }
        }
    }

    /// Wake the sleepers, if any (call after changing `value`).
    #[inline]
    pub fn wake_all(&self) {
        if self.sleepers.load(Ordering::SeqCst) != 0 {
            futex_wake_all(&self.value);
        }
    }

    #[inline]
    pub fn store_wake(&self, v: u32) {
        self.value.store(v, Ordering::SeqCst);
        self.wake_all();
    }

    #[inline]
    pub fn fetch_add_wake(&self, d: u32) -> u32 {
        let old = self.value.fetch_add(d, Ordering::SeqCst);
        self.wake_all();
        old
    }
}

/// A futex mutex in the shared segment (0 = free, 1 = locked, 2 = locked with sleepers).
/// Not fair; only for the runtime's short critical sections.
#[repr(C)]
pub struct Mutex {
    state: AtomicU32,
}

impl Mutex {
    pub fn lock(&self) {
        if self
            .state
            .compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
        {
            return;
        }
        for _ in 0..spin_limit() {
            std::hint::spin_loop();
            if self.state.load(Ordering::Relaxed) == 0
                && self
                    .state
                    .compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
            {
                return;
            }
        }
        while self.state.swap(2, Ordering::Acquire) != 0 {
            futex_wait(&self.state, 2);
        }
    }

    pub fn try_lock(&self) -> bool {
        self.state
            .compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    pub fn unlock(&self) {
        if self.state.swap(0, Ordering::Release) == 2 {
            futex_wake(&self.state, 1);
        }
    }

    /// Run `f` with the mutex held.
    pub fn with<R>(&self, f: impl FnOnce() -> R) -> R {
        self.lock();
        let r = f();
        self.unlock();
        r
    }
}

//! Cross-process waiting: futex helpers on 32-bit words that live in the shared segment.
//!
//! UPC threads are processes, so every futex here is a *shared* futex (no FUTEX_PRIVATE_FLAG).
//! Every wait goes through three bounded stages, as MPI implementations do:
//! 1. spin (re-read the word) while every thread can have its own core — the partner is running
//!    and will change the word within microseconds;
//! 2. yield (`sched_yield`, then re-read): when threads outnumber cores the thread we wait for
//!    is usually runnable on our core, and yielding hands the core to it at once instead of
//!    paying a sleep and a wake-up;
//! 3. sleep in the kernel (FUTEX_WAIT) until woken.
//!
//! Both budgets adapt per process to how recent waits ended (a wait that needed most of a stage
//! doubles its budget, one that had to sleep halves it), within limits set from THREADS against
//! the CPUs this process may run on (`sched_getaffinity`).  No wait spins or yields without
//! bound: every loop ends in a blocking wait.  [`WaitWord`] pairs a futex word with a count of
//! sleepers so that the common wake-up (nobody asleep) costs no system call.  [`Mutex`] is a
//! small futex mutex for the runtime's own short critical sections (allocator, registries);
//! UPC locks are in `lock.rs`.

use std::sync::atomic::{AtomicU32, Ordering};

/// The wait policy of this process (set before the threads start, adapted by each wait).
struct Policy {
    spin_limit: u32,
    spin_budget: u32,
    yield_limit: u32,
    yield_budget: u32,
}

static mut POLICY: Policy = Policy {
    spin_limit: 2000,
    spin_budget: 2000,
    yield_limit: 16,
    yield_budget: 16,
};

/// Spins before yielding when every thread has a core.
const SPINS: u32 = 2000;
/// Yields before sleeping when every thread has a core (other programs may hold a core).
const YIELDS: u32 = 16;
/// Yields before sleeping when threads outnumber cores.
const YIELDS_OVERSUBSCRIBED: u32 = 400;

fn policy() -> &'static mut Policy {
    // SAFETY: private per process (each UPC thread is a process), single-threaded use.
    unsafe { &mut *std::ptr::addr_of_mut!(POLICY) }
}

/// The CPUs this process may run on (its affinity mask), at least 1.
pub fn cpus() -> usize {
    // SAFETY: a zeroed cpu_set_t is valid; sched_getaffinity fills it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) == 0 {
            let n = libc::CPU_COUNT(&set);
            if n > 0 {
                return n as usize;
            }
        }
    }
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn env_u32(name: &str) -> Option<u32> {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse::<u32>().ok())
}

/// Set the wait policy for a job of `threads` threads: spin only when every thread can have
/// its own CPU; yield longer when threads outnumber CPUs.  `UPC_SPIN=N` overrides the maximum
/// number of spin iterations, `UPC_YIELD=N` the maximum number of yields (0: none).
pub fn configure_spinning(threads: usize) {
    let over = threads > cpus();
    // with a progress function every yield also serves remote accesses (and a sleep costs a
    // remote access to this thread's data up to its length): yield as long as when
    // oversubscribed
    let serving = !PROGRESS.load(Ordering::Acquire).is_null();
    let spin = env_u32("UPC_SPIN").unwrap_or(if over { 0 } else { SPINS });
    let yields = env_u32("UPC_YIELD").unwrap_or(if over || serving {
        YIELDS_OVERSUBSCRIBED
    } else {
        YIELDS
    });
    *policy() = Policy {
        spin_limit: spin,
        spin_budget: spin,
        yield_limit: yields,
        yield_budget: yields,
    };
}

/// The maximum number of spins before a wait yields or sleeps (0 when threads outnumber the
/// CPUs).
pub fn spin_limit() -> u32 {
    policy().spin_limit
}

/// The current maximum number of yields before a wait sleeps (for the checker's waits).
pub fn yield_limit() -> u32 {
    policy().yield_budget
}

/// Grow a budget after a wait that ended at step `k`, shrink it after one that had to go on.
#[inline]
fn adapt(budget: u32, limit: u32, ended_at: Option<u32>) -> u32 {
    match ended_at {
        Some(k) => (budget.max(2 * k + 16) + budget / 8).min(limit),
        None => (budget / 2).max(limit.min(16)),
    }
}

/// Stages 1 and 2 of a wait: spin, then yield, both within the current budgets.  `Ok(v)`: the
/// condition holds for `v`; `Err(v)`: it still does not (last value seen), the caller sleeps.
#[inline]
fn poll(w: &AtomicU32, cond: &impl Fn(u32) -> bool) -> Result<u32, u32> {
    let v = w.load(Ordering::Acquire);
    if cond(v) {
        return Ok(v);
    }
    poll_slow(w, cond)
}

/// Spins between two progress calls of a spinning wait (with a progress function).
const SPINS_PER_PROGRESS: u32 = 64;

#[inline(never)]
fn poll_slow(w: &AtomicU32, cond: &impl Fn(u32) -> bool) -> Result<u32, u32> {
    let p = policy();
    // Acquire: pairs with the Release in `set_progress`.
    let progress = PROGRESS.load(Ordering::Acquire);
    // With a progress function (a conduit whose remote accesses to this thread's data are
    // served only inside its calls), every stage of the wait calls it, so that the thread
    // this one waits for is never itself waiting for this one's data.
    let serve = || {
        if !progress.is_null() {
            // SAFETY: only ever set from a `fn()` in `set_progress`.
            let f: fn() = unsafe { std::mem::transmute::<*mut (), fn()>(progress) };
            f();
        }
    };
    serve();
    let mut v = w.load(Ordering::Acquire);
    if cond(v) {
        return Ok(v);
    }
    for k in 0..p.spin_budget {
        std::hint::spin_loop();
        if k % SPINS_PER_PROGRESS == SPINS_PER_PROGRESS - 1 {
            serve();
        }
        v = w.load(Ordering::Acquire);
        if cond(v) {
            p.spin_budget = adapt(p.spin_budget, p.spin_limit, Some(k));
            return Ok(v);
        }
    }
    p.spin_budget = adapt(p.spin_budget, p.spin_limit, None);
    for k in 0..p.yield_budget {
        // SAFETY: no arguments, cannot fail in a way that matters here.
        unsafe { libc::sched_yield() };
        serve();
        v = w.load(Ordering::Acquire);
        if cond(v) {
            p.yield_budget = adapt(p.yield_budget, p.yield_limit, Some(k));
            return Ok(v);
        }
    }
    p.yield_budget = adapt(p.yield_budget, p.yield_limit, None);
    Err(v)
}

/// The conduit's progress function, when other threads reach this thread's memory through a
/// transport that needs the target to make progress (MPI one-sided communication over TCP):
/// null otherwise (the smp conduit), and then a wait sleeps until it is woken.
static PROGRESS: std::sync::atomic::AtomicPtr<()> =
    std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

/// Make every wait of this process call `f` between its sleeps (start-up, once).
pub fn set_progress(f: fn()) {
    // Release: pairs with the Acquire in `futex_wait`.
    PROGRESS.store(f as *mut (), Ordering::Release);
}

/// Yield the core, then call the progress function, if any.
#[inline]
pub fn yield_and_progress() {
    // SAFETY: no arguments.
    unsafe { libc::sched_yield() };
    progress();
}

/// Call the progress function, if any (lock operations call it, so that a thread that takes
/// and releases an uncontended lock in a loop still serves the others' remote accesses).
#[inline]
pub fn progress() {
    // Acquire: pairs with the Release in `set_progress`.
    let f = PROGRESS.load(Ordering::Acquire);
    if !f.is_null() {
        // SAFETY: only ever set from a `fn()` in `set_progress`.
        let f: fn() = unsafe { std::mem::transmute::<*mut (), fn()>(f) };
        f();
    }
}

/// Shortest and longest sleep of a wait that must also make progress.
const PROGRESS_SLEEP_MIN_NS: i64 = 20_000;
const PROGRESS_SLEEP_MAX_NS: i64 = 250_000;

/// Rounds of progress and yield after a wake-up of a wait that must also make progress.
const WOKEN_ROUNDS: u32 = 200;

thread_local! {
    /// (end of the last sleep, its length in ns): consecutive sleeps of one wait back off from
    /// 20 us to 250 us (the longest a remote access to this thread's data waits for it); a
    /// wait that starts later than 2 ms after the last sleep starts short.
    static PROGRESS_SLEEP: std::cell::Cell<(Option<std::time::Instant>, i64)> =
        const { std::cell::Cell::new((None, PROGRESS_SLEEP_MIN_NS)) };
}

/// FUTEX_WAIT on a shared word: sleep while `*w == expected` (spurious wake-ups possible).
/// With a progress function (`set_progress`), call it first and sleep at most a bounded,
/// backing-off time, so that this thread keeps serving other threads' remote accesses while
/// it waits: the callers re-check their condition and wait again.
pub fn futex_wait(w: &AtomicU32, expected: u32) {
    // Acquire: pairs with the Release in `set_progress`.
    let progress = PROGRESS.load(Ordering::Acquire);
    let mut timeout = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    let timeout_ptr = if progress.is_null() {
        std::ptr::null::<libc::timespec>()
    } else {
        // SAFETY: only ever set from a `fn()` in `set_progress`.
        let f: fn() = unsafe { std::mem::transmute::<*mut (), fn()>(progress) };
        f();
        if w.load(Ordering::Acquire) != expected {
            return;
        }
        let ns = PROGRESS_SLEEP.with(|c| {
            let (last, ns) = c.get();
            let ns = match last {
                Some(t) if t.elapsed().as_nanos() < 2_000_000 => {
                    (ns * 2).min(PROGRESS_SLEEP_MAX_NS)
                }
                _ => PROGRESS_SLEEP_MIN_NS,
            };
            c.set((last, ns));
            ns
        });
        timeout.tv_nsec = ns as libc::c_long;
        &timeout as *const libc::timespec
    };
    // where this thread sleeps, for the threads that send it remote accesses (`rma::ring`)
    let asleep = (!progress.is_null()).then(|| crate::rma::asleep_on(w));
    // SAFETY: the word is a valid, aligned u32 for the whole call; the timeout (if any) is a
    // local that outlives the call.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_futex,
            w.as_ptr(),
            libc::FUTEX_WAIT,
            expected,
            timeout_ptr,
        )
    };
    if let Some(asleep) = asleep {
        asleep.clear();
        // woken (rather than timed out): the next sleep starts short again
        let woken = rc == 0;
        if woken {
            // Most wake-ups come from `rma::ring`, sent when a remote access to this thread
            // was issued, before its bytes arrive: serve it as it comes (yielding the core
            // between progress calls) rather than sleeping again; bounded.
            // SAFETY: only ever set from a `fn()` in `set_progress`.
            let f: fn() = unsafe { std::mem::transmute::<*mut (), fn()>(progress) };
            for _ in 0..WOKEN_ROUNDS {
                f();
                if w.load(Ordering::Acquire) != expected {
                    break;
                }
                // SAFETY: no arguments.
                unsafe { libc::sched_yield() };
            }
        }
        PROGRESS_SLEEP.with(|c| {
            let (_, ns) = c.get();
            let ns = if woken { PROGRESS_SLEEP_MIN_NS / 2 } else { ns };
            c.set((Some(std::time::Instant::now()), ns));
        });
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
    let mut v = match poll(w, &cond) {
        Ok(v) => return v,
        Err(v) => v,
    };
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
        self.wait_until_or(cond, || {})
    }

    /// [`wait_until`](Self::wait_until), running `before_sleep` once if the wait goes on past
    /// its spins and yields (for what only a long wait needs, such as a deadlock test).
    pub fn wait_until_or(&self, cond: impl Fn(u32) -> bool, before_sleep: impl FnOnce()) -> u32 {
        if let Ok(v) = poll(&self.value, &cond) {
            return v;
        }
        before_sleep();
        loop {
            self.sleepers.fetch_add(1, Ordering::SeqCst);
            let v = self.value.load(Ordering::SeqCst);
            if cond(v) {
                self.sleepers.fetch_sub(1, Ordering::SeqCst);
                return v;
            }
            futex_wait(&self.value, v);
            self.sleepers.fetch_sub(1, Ordering::SeqCst);
            let v = self.value.load(Ordering::Acquire);
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
        // spin and yield until the mutex looks free (then try to take it)
        if poll(&self.state, &|v| v == 0).is_ok()
            && self
                .state
                .compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        {
            return;
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

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
//! its sleep.  A target of another node (whose control state this process does not map) is
//! rung through the conduit ([`Conduit::doorbell`]), and its naps sleep where that ring
//! wakes them ([`Conduit::sleep_until_doorbell`]).
//!
//! Control words: with such a conduit the runtime's own synchronization (the locks of
//! `lock_over.rs`) and the checker reach 64-bit words of another thread's user data only by
//! the conduit's one-sided atomics: [`word_fetch_op`], [`word_cas`], [`word_load`],
//! [`word_swap`] (never counted).  A wait for such a word to change tests it a bounded number
//! of times, making progress, then sleeps between tests for 20 to 250 us ([`nap`]), woken
//! early by [`ring`].  The data window covers each partition but its guard page, so the
//! words and bytes of a thread's reserved area (runtime, checker and collectives regions)
//! are reachable as well: [`runtime_word`], [`runtime_addr`], [`control_get`],
//! [`control_put`], [`word_lock`]; and the global area, homed at thread 0, as the
//! pseudo-thread `segment::GLOBAL_AREA` ([`global_addr`]).
//!
//! Counters: every process counts its remote operations and bytes ([`counts`],
//! `upcr_rma_counts`), which is how the tests prove that remote data went through the
//! conduit.

use crate::conduit::{AtomicOp, AtomicType, Conduit};
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
/// Operations on control words ([`word_fetch_op`], [`word_cas`]) of this process.
static WORDS: AtomicU64 = AtomicU64::new(0);
/// Naps of this process's waits that another node's ring ended (the conduit's doorbell).
static DOORBELL_WAKES: AtomicU64 = AtomicU64::new(0);

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
    // the global area is homed at thread 0
    let thread = if thread == segment::GLOBAL_AREA as usize {
        0
    } else {
        thread
    };
    if thread >= segment::threads() {
        return;
    }
    // a thread whose runtime words this process does not map (another node): through the
    // conduit's doorbell
    if !segment::maps(thread as u32) {
        if let Some(c) = conduit::get() {
            c.doorbell(thread);
        }
        return;
    }
    let at = rt::thread(thread).asleep_on.load(SeqCst);
    if at == 0 {
        // not asleep in a wait of the runtime: perhaps in user code, where the conduit's
        // progress thread serves it
        wake_progress(thread);
        return;
    }
    let l = segment::layout();
    if at as usize > l.map_len {
        return;
    }
    let addr = l.map_base + at as usize - 1;
    // SAFETY: a 4-byte-aligned futex word inside the segment (recorded by `asleep_on`); waking
    // a word nobody sleeps on any more is harmless (the sleeper re-checks its condition).
    let w = unsafe { &*(addr as *const std::sync::atomic::AtomicU32) };
    sync::futex_wake_all(w);
}

/// The conduit's progress thread of thread `me` (which serves the remote operations aimed at
/// it while the thread itself is in user code): sleep at most `ns` nanoseconds, woken early by
/// [`ring`] when the thread does not sleep in a wait of the runtime; whether it was woken.
pub fn progress_nap(me: usize, ns: u64) -> bool {
    let w = &rt::thread(me).progress_nap;
    // SeqCst: as in `asleep_on`, ordered before the wait's read of the word and `ring`'s
    // read of it after its operation was issued.
    w.store(1, SeqCst);
    let t = libc::timespec {
        tv_sec: (ns / 1_000_000_000) as libc::time_t,
        tv_nsec: (ns % 1_000_000_000) as libc::c_long,
    };
    // SAFETY: a valid, aligned u32 of the segment for the whole call; the timeout is a local
    // that outlives the call.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            w.as_ptr(),
            libc::FUTEX_WAIT,
            1u32,
            &t as *const libc::timespec,
        );
    }
    // `ring` took the 1 (and woke us, or is about to): woken
    w.swap(0, SeqCst) == 0
}

/// With several nodes, where other nodes' threads ring this one through the conduit's
/// doorbell ([`Conduit::doorbell`]): sleep at most `ns` nanoseconds or until rung, and
/// whether rung; `None` elsewhere (the caller sleeps on its futex word).
fn doorbell_nap(ns: u64) -> Option<bool> {
    if !segment::isolated() {
        return None;
    }
    let woken = conduit::get()?.sleep_until_doorbell(ns)?;
    if woken {
        DOORBELL_WAKES.fetch_add(1, Relaxed);
    }
    Some(woken)
}

/// Wake `thread`'s progress thread if it sleeps in [`progress_nap`] (async-signal-safe).
pub fn wake_progress(thread: usize) {
    let p = &rt::thread(thread).progress_nap;
    if p.load(SeqCst) != 0 && p.swap(0, SeqCst) != 0 {
        sync::futex_wake_all(p);
    }
}

/// Whether thread `me` sleeps in a wait of the runtime (which serves remote operations when
/// [`ring`] wakes it): the conduit's progress thread then leaves them to it.
pub fn asleep_in_runtime(me: usize) -> bool {
    rt::thread(me).asleep_on.load(SeqCst) != 0
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

/// This process's operations on the runtime's control words through the conduit (the locks'
/// words when every thread is its own node): how the tests show that they went through it.
#[no_mangle]
pub extern "C" fn upcr_rma_word_ops() -> u64 {
    WORDS.load(Relaxed)
}

/// How many naps of this process's waits a ring from another node ended (the conduit's
/// doorbell): how the tests show that the doorbell wakes a waiting thread.
#[no_mangle]
pub extern "C" fn upcr_rma_doorbell_wakes() -> u64 {
    DOORBELL_WAKES.load(Relaxed)
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

/// The conduit that runs the runtime's control words (every thread its own node), if any.
static mut CONTROL: Option<&'static dyn Conduit> = None;

/// Run the runtime's control words (locks) of this thread through `c` (start-up, before user
/// code; a conduit that runs the atomic operations, `Conduit::runs_atomics`).
pub(crate) fn run_control_over(c: &'static dyn Conduit) {
    // SAFETY: single-threaded start-up, before user code.
    unsafe { CONTROL = Some(c) };
}

/// The conduit the control words go through, when they do (`UPC_MPI_NODES=rank`); `None`
/// for the smp conduit and an MPI job on one node (the words are then in mapped memory).
#[inline]
pub fn control() -> Option<&'static dyn Conduit> {
    // SAFETY: written once at start-up, before user code.
    unsafe { CONTROL }
}

fn control_or_fail(op: &str) -> &'static dyn Conduit {
    match control() {
        Some(c) => c,
        None => failed(op, "the control words do not go through a conduit".into()),
    }
}

fn check_word(p: PShared, op: &str) {
    // a control word may be in the reserved first MiB (past the guard page) or in user data
    check_control(p, 8, op);
    if !p.addr.is_multiple_of(8) {
        job::fatal_error(&format!(
            "upc-check: error: thread {}: {op} at an address not aligned to 8 bytes (thread {}, \
             address {:#x})\n",
            segment::mythread(),
            p.thread,
            p.addr
        ));
    }
}

/// Atomically apply `op` with `operand` to the 64-bit word of user data at `p` (any thread's,
/// the caller's own too) through the conduit; its old value.  Complete when it returns.
pub fn word_fetch_op(p: PShared, op: AtomicOp, operand: u64) -> u64 {
    word_op(
        p,
        "a remote atomic word operation",
        "atomic word operation",
        |c, old| {
            c.fetch_and_op(
                p.thread as usize,
                p.addr,
                AtomicType::U64,
                op,
                &operand.to_ne_bytes(),
                old,
            )
        },
    )
}

/// Atomically replace the 64-bit word at `p` by `new` if it is `compare`; its old value.
pub fn word_cas(p: PShared, compare: u64, new: u64) -> u64 {
    word_op(
        p,
        "a remote compare-and-swap",
        "compare-and-swap",
        |c, old| {
            c.compare_and_swap(
                p.thread as usize,
                p.addr,
                AtomicType::U64,
                &compare.to_ne_bytes(),
                &new.to_ne_bytes(),
                old,
            )
        },
    )
}

/// One counted atomic operation `f` on the 64-bit control word at `p` (`access` and `what`
/// name it in errors); the word's old value.
fn word_op(
    p: PShared,
    access: &str,
    what: &str,
    f: impl FnOnce(&dyn Conduit, &mut [u8]) -> Result<(), String>,
) -> u64 {
    check_word(p, access);
    let c = control_or_fail(what);
    WORDS.fetch_add(1, Relaxed);
    let mut old = [0u8; 8];
    if let Err(e) = f(c, &mut old) {
        failed(what, e);
    }
    u64::from_ne_bytes(old)
}

/// The 64-bit word at `p`, read atomically.
#[inline]
pub fn word_load(p: PShared) -> u64 {
    word_fetch_op(p, AtomicOp::Get, 0)
}

/// Set the 64-bit word at `p` to `v` atomically; its old value.
#[inline]
pub fn word_swap(p: PShared, v: u64) -> u64 {
    word_fetch_op(p, AtomicOp::Replace, v)
}

/// The name of thread `t`'s control word `w` (in its reserved area of the runtime's view)
/// for [`word_fetch_op`] and the others.
pub fn runtime_word(t: usize, w: &AtomicU64) -> PShared {
    runtime_addr(t, w as *const AtomicU64 as *const u8)
}

/// The name (thread, address field) of `at`, a place in thread `t`'s partition in the
/// runtime's view (e.g. in its checker or collectives region: `segment::thread_region`).
pub fn runtime_addr(t: usize, at: *const u8) -> PShared {
    let off = at as usize - segment::local_ptr(t as u32, 0) as usize;
    PShared::new(t as u32, off as u64, 0)
}

/// The name (pseudo-thread [`segment::GLOBAL_AREA`], offset) of `at`, a place in the
/// runtime's view of the global area, for the control operations below.
pub fn global_addr(at: *const u8) -> PShared {
    let off = at as usize - segment::layout().map_base;
    PShared::new(segment::GLOBAL_AREA, off as u64, 0)
}

fn check_control(p: PShared, n: usize, op: &str) {
    if p.thread == segment::GLOBAL_AREA {
        if p.addr.saturating_add(n as u64) > segment::layout().global_size as u64 {
            job::fatal_error(&format!(
                "upc-check: error: thread {}: {op} of {n} bytes past the end of the global \
                 area (address {:#x})\n",
                segment::mythread(),
                p.addr
            ));
        }
        return;
    }
    if p.thread as usize >= segment::threads()
        || p.addr < segment::GUARD_SIZE as u64
        || p.addr.saturating_add(n as u64) > segment::part_size() as u64
    {
        check(p, n, op);
    }
}

/// Read `dst.len()` bytes of control data at `p` (any thread's reserved area or user data)
/// through the conduit; complete when it returns (not counted among the program's gets).
pub fn control_get(dst: &mut [u8], p: PShared) {
    if dst.is_empty() {
        return;
    }
    check_control(p, dst.len(), "a remote read of control data");
    let c = control_or_fail("read of control data");
    if let Err(e) = c.get(dst, p.thread as usize, p.addr) {
        failed("read of control data", e);
    }
}

/// Write `src` to control data at `p` through the conduit; complete at the target when it
/// returns (not counted among the program's puts).
pub fn control_put(p: PShared, src: &[u8]) {
    if src.is_empty() {
        return;
    }
    check_control(p, src.len(), "a remote write of control data");
    let c = control_or_fail("write of control data");
    if let Err(e) = c.put(p.thread as usize, p.addr, src) {
        failed("write of control data", e);
    }
}

/// Take the spin lock word `w` (0: free; else the holder + 1) through the conduit: bounded
/// tests, then sleeps between tests (for the runtime's short critical sections on another
/// thread's data, such as the atomic operations of `UPC_PTS` domains).
pub fn word_lock(w: PShared) {
    let me = segment::mythread() as u64 + 1;
    let mut ns = NAP_MIN_NS;
    let mut tests = 0u32;
    while word_cas(w, 0, me) != 0 {
        tests += 1;
        if tests < WORD_TESTS {
            sync::progress();
            continue;
        }
        let woken = nap(ns);
        ns = if woken {
            NAP_MIN_NS
        } else {
            (ns * 2).min(NAP_MAX_NS)
        };
    }
}

/// Release a lock word taken by [`word_lock`].
pub fn word_unlock(w: PShared) {
    word_swap(w, 0);
}

/// Tests of a control word before a wait sleeps between tests.
const WORD_TESTS: u32 = 100;
/// Shortest and longest sleep between two tests of a control word.
const NAP_MIN_NS: u64 = 20_000;
const NAP_MAX_NS: u64 = 250_000;

/// Wait until the 64-bit word at `p` (usually the caller's own) satisfies `cond`, reading it
/// through the conduit and making progress: a bounded number of tests, then sleeps of 20 to
/// 250 us between tests ([`nap`]).  Returns the value seen.
pub fn wait_word(p: PShared, cond: impl Fn(u64) -> bool) -> u64 {
    for _ in 0..WORD_TESTS + sync::spin_limit() / 10 {
        let v = word_load(p);
        if cond(v) {
            return v;
        }
        sync::progress();
    }
    let mut ns = NAP_MIN_NS;
    loop {
        let woken = nap(ns);
        let v = word_load(p);
        if cond(v) {
            return v;
        }
        ns = if woken {
            NAP_MIN_NS
        } else {
            (ns * 2).min(NAP_MAX_NS)
        };
    }
}

/// Longest sleep of [`nap`] with several nodes (`segment::isolated`): what an operation
/// that does not ring (another node's message of a barrier, an operation whose ring was
/// lost) may wait for the target to serve it.
const UNRUNG_NAP_NS: u64 = 50_000;

/// Progress calls after a wake-up by [`ring`]: the operation that rang is on its way.
const WOKEN_PROGRESS: u32 = 100;

/// Sleep at most `ns` nanoseconds after making progress, woken early when another thread
/// sends this one a remote operation ([`ring`]), which it then serves (a bounded number of
/// progress calls, since the ring comes before the operation's bytes); whether it was woken.
/// With several nodes a sleep lasts at most [`UNRUNG_NAP_NS`] and the rings of other nodes
/// come through the conduit's doorbell.
pub fn nap(ns: u64) -> bool {
    sync::progress();
    let me = segment::mythread();
    let w = &rt::thread(me).nap;
    let asleep = asleep_on(w);
    let ns = if segment::isolated() {
        ns.min(UNRUNG_NAP_NS)
    } else {
        ns
    };
    let woken = doorbell_nap(ns).unwrap_or_else(|| {
        let t = libc::timespec {
            tv_sec: 0,
            tv_nsec: ns.min(999_999_999) as libc::c_long,
        };
        // SAFETY: a valid, aligned u32 of the segment for the whole call (nobody changes it);
        // the timeout is a local that outlives the call.
        let rc = unsafe {
            libc::syscall(
                libc::SYS_futex,
                w.as_ptr(),
                libc::FUTEX_WAIT,
                w.load(SeqCst),
                &t as *const libc::timespec,
            )
        };
        rc == 0
    });
    asleep.clear();
    for _ in 0..if woken { WOKEN_PROGRESS } else { 1 } {
        sync::progress();
    }
    woken
}

//! Barriers: `upc_notify` / `upc_wait` / `upc_barrier` with optional values, the implicit
//! start-up and termination barriers, and `barrier_internal` for the collectives.
//!
//! Two algorithms, selected with `UPC_BARRIER=counter|tree` (default: counter, see the bench):
//! * counter: self-scheduled — every thread increments one shared counter; the last one to arrive
//!   resets it and releases everybody.
//! * tree: combining tree of fan-in 4 — the last thread to arrive at a node carries the arrival
//!   one level up; the last one at the root releases everybody.
//!
//! Both release with a broadcast exit: one generation word (sense reversal by counting phases)
//! that the waiters sleep on.  Arrival is `upc_notify` (never blocks), release is waited for in
//! `upc_wait`, so the split phase is native.
//!
//! An arrival is one 64-bit addition: the count of threads in the low half, the sum of the
//! words the threads bring for a checker ([`agree`]) in the high half.  The last arriver
//! publishes the phase's sum with the release, so agreeing costs no operation of its own.
//!
//! Values (UPC 1.3 §6.3): each phase has a consensus word; a notify with a value installs it or,
//! if another value is there, marks the phase as mismatched.  Every wait checks the consensus and
//! its own value against it.  The phase's kinds (user, collective, start-up, termination) are
//! collected too, so a thread that reaches the end of the program while another waits at a
//! barrier is reported instead of silently matching.  Two consensus slots alternate by phase
//! parity; the last arriver of phase k clears the slot of phase k+1 (whose previous readers have
//! all passed their wait, since they all notified phase k).

use crate::conduit::{Conduit, BARRIER_WORDS};
use crate::segment;
use crate::sync::WaitWord;
use crate::{job, rt, status};
use std::ffi::{c_int, c_void, CStr};
use std::fmt::Write as _;
use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};

/// The algorithm when UPC_BARRIER is not set (chosen with pgas-bench, see the module doc).
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Counter;

/// Fan-in of the tree barrier.
const RADIX: usize = 4;

const HAS: u64 = 1 << 63;
const MISMATCH: u64 = 1 << 62;
const VALUE_MASK: u64 = HAS | 0xffff_ffff;

/// Which operation a thread is at in the current phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    User = 1,
    Collective = 2,
    Startup = 4,
    Termination = 8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    Counter,
    Tree,
}

#[repr(C, align(64))]
struct Line<T>(T);

#[repr(C)]
pub(crate) struct BarrierShared {
    gen: Line<Release>,
    count: Line<AtomicU64>,
    consensus: Line<[AtomicU64; 2]>,
    kinds: Line<[AtomicU32; 2]>,
    algorithm: AtomicU32,
}

/// The line the last arriver of a phase writes to release it.
#[repr(C)]
struct Release {
    /// Phases completed (wrapping): the waiters wait for it to move.
    gen: WaitWord,
    /// The sum of the words brought to the phase that completed last ([`agree`]).
    words: AtomicU32,
}

/// What a thread adds to an arrival word (the counter, a tree node): one arrival, and the
/// word it brings ([`agree`]) in the sum of the high half.
fn arrival(word: u32) -> u64 {
    1 | (word as u64) << 32
}

/// The sum of the words in arrival word `a`.
fn words_of(a: u64) -> u32 {
    (a >> 32) as u32
}

/// Per-thread record, for reports.
#[repr(C, align(64))]
pub(crate) struct BarrierThread {
    notify_value: AtomicU64,
    kind: AtomicU32,
}

struct Phase {
    notified: bool,
    gen: u32,
    /// The word [`agree`] was given for the coming phase.
    agree: Option<u32>,
    /// The word this thread brought to the phase it is in, compared at its end.
    word: Option<u32>,
    /// The checker's site of the statement this thread waits at next ([`wait_at`]).
    site: *const c_void,
}

static mut PHASE: Phase = Phase {
    notified: false,
    gen: 0,
    agree: None,
    word: None,
    site: std::ptr::null(),
};

/// Over a conduit that runs the barriers (`Conduit::runs_barriers`, every thread its own
/// node): the conduit, and what this thread brought to the phase it is in (its kind and
/// value), for the checks at its end.
struct Over {
    conduit: Option<&'static dyn Conduit>,
    kind: u32,
    value: Option<i32>,
}

static mut OVER: Over = Over {
    conduit: None,
    kind: 0,
    value: None,
};

fn over() -> &'static mut Over {
    // SAFETY: private per process (each UPC thread is a process), single-threaded use.
    unsafe { &mut *std::ptr::addr_of_mut!(OVER) }
}

/// Run every barrier of this thread over `c` (start-up, before the thread's first barrier).
pub(crate) fn run_over(c: &'static dyn Conduit) {
    over().conduit = Some(c);
}

/// What a checker does when this thread's [`agree`] word differs from another thread's:
/// called at the end of the phase.
static DISAGREEMENT: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

static CHECKER_PUBLISH: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Set the function by which a checker publishes what it left for later while the thread
/// did not wait long: a [`wait`] calls it before it sleeps (after its spins and yields; over
/// a conduit before it tests) and after a phase where a barrier statement met a collective
/// operation's barrier, and a barrier error before it is reported ([`barrier_error`]), so
/// that the checker's view of this thread is up to date wherever another thread could
/// need it.
pub fn on_checker_publish(f: fn()) {
    let _ = CHECKER_PUBLISH.set(f);
}

/// Let the checker publish ([`on_checker_publish`]); false without a checker.
#[cold]
fn checker_publish() -> bool {
    CHECKER_PUBLISH.get().map(|f| f()).is_some()
}

/// Set the function called at the end of a barrier phase when this thread's [`agree`] word
/// differs from another thread's.
pub fn on_disagreement(f: fn()) {
    let _ = DISAGREEMENT.set(f);
}

#[cold]
#[inline(never)]
fn disagreed() {
    if let Some(f) = DISAGREEMENT.get() {
        f();
    }
}

fn phase() -> &'static mut Phase {
    // SAFETY: private per process (each UPC thread is a process), single-threaded use.
    unsafe { &mut *std::ptr::addr_of_mut!(PHASE) }
}

fn shared() -> &'static BarrierShared {
    &rt::global().barrier
}

pub(crate) fn init() -> Result<(), String> {
    let alg = match std::env::var("UPC_BARRIER") {
        Err(_) => DEFAULT_ALGORITHM,
        Ok(s) => match s.as_str() {
            "counter" => Algorithm::Counter,
            "tree" => Algorithm::Tree,
            "" => DEFAULT_ALGORITHM,
            _ => return Err(format!("UPC_BARRIER={s}: expected `counter` or `tree`")),
        },
    };
    set_algorithm(alg);
    Ok(())
}

/// Select the algorithm (all threads must agree: call before the fork or between barriers).
pub fn set_algorithm(a: Algorithm) {
    shared().algorithm.store(a as u32, Ordering::SeqCst);
}

pub fn algorithm() -> Algorithm {
    if shared().algorithm.load(Ordering::Relaxed) == Algorithm::Tree as u32 {
        Algorithm::Tree
    } else {
        Algorithm::Counter
    }
}

fn encode(v: Option<i32>) -> u64 {
    v.map_or(0, |v| HAS | v as u32 as u64)
}

fn decode(w: u64) -> Option<i32> {
    (w & HAS != 0).then_some(w as u32 as i32)
}

fn node(i: usize) -> &'static AtomicU64 {
    // SAFETY: node lines are zero-initialized cache lines in the runtime region.
    unsafe { &*(rt::node_line(i) as *const AtomicU64) }
}

/// Release phase `g`, whose threads brought words summing to `words`.
fn release(g: u32, words: u32) {
    let b = shared();
    let next = ((g + 1) & 1) as usize;
    b.consensus.0[next].store(0, Ordering::Relaxed);
    b.kinds.0[next].store(0, Ordering::Relaxed);
    b.gen.0.words.store(words, Ordering::Relaxed);
    // (the store of `gen` orders the others before it)
    b.gen.0.gen.store_wake(g.wrapping_add(1));
}

fn arrive_counter(g: u32, mine: u64) {
    let b = shared();
    let t = segment::threads() as u32;
    let old = b.count.0.fetch_add(mine, Ordering::AcqRel);
    if old as u32 + 1 == t {
        b.count.0.store(0, Ordering::Relaxed);
        release(g, words_of(old + mine));
    }
}

fn arrive_tree(g: u32, mine: u64) {
    let mut width = segment::threads(); // entries at the current level
    let mut index = segment::mythread(); // my entry at the current level
    let mut base = 0; // first node of the current level
    let mut carry = mine; // one arrival, with the words of the subtree carried up
    loop {
        let nodes = width.div_ceil(RADIX);
        let n = index / RADIX;
        let expected = RADIX.min(width - n * RADIX) as u32;
        let c = node(base + n);
        let old = c.fetch_add(carry, Ordering::AcqRel);
        if old as u32 + 1 != expected {
            return; // somebody else carries this node up
        }
        c.store(0, Ordering::Relaxed);
        carry = arrival(words_of(old + carry));
        if nodes == 1 {
            release(g, words_of(carry));
            return;
        }
        base += nodes;
        width = nodes;
        index = n;
    }
}

/// One report per job: the first thread to find a barrier error prints it and ends the job.
/// With a checker ([`give_checker_time`]), that is after the checker had a moment to report
/// the same error with more to say (its checks of a barrier may come after the arrival that
/// completed the phase).
#[cold]
fn barrier_error(msg: String) -> ! {
    checker_publish();
    let grace = std::time::Duration::from_millis(CHECKER_GRACE_MS.load(Ordering::Relaxed) as u64);
    let t0 = std::time::Instant::now();
    while t0.elapsed() < grace {
        if job::ending() {
            // the checker reported it: the job is being ended
            job::await_end()
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    job::fatal_error(&msg)
}

/// See [`give_checker_time`].
static CHECKER_GRACE_MS: AtomicU32 = AtomicU32::new(0);

/// Make a barrier error found by the runtime wait up to `ms` milliseconds for a checker's
/// report before it is reported (a checker, at start-up).
pub fn give_checker_time(ms: u32) {
    CHECKER_GRACE_MS.store(ms, Ordering::Relaxed);
}

fn value_text(w: u64) -> String {
    match decode(w) {
        Some(v) => format!("{v}"),
        None => "(no value)".into(),
    }
}

fn kind_text(k: u32) -> &'static str {
    match k {
        1 => "upc_notify/upc_barrier",
        2 => "a collective operation",
        4 => "the start-up barrier",
        8 => "the end of the program (termination barrier)",
        _ => "?",
    }
}

fn table_of_notifies() -> String {
    let mut s = String::new();
    for t in 0..segment::threads() {
        let r = &rt::thread(t).barrier;
        let k = r.kind.load(Ordering::Relaxed);
        let _ = write!(s, "  thread {t}: {}", kind_text(k));
        if k == Kind::User as u32 {
            let _ = write!(s, " {}", value_text(r.notify_value.load(Ordering::Relaxed)));
        }
        s.push('\n');
    }
    s
}

/// Bring `word` to the coming barrier phase (the one the next [`notify`] arrives at): for a
/// checker that needs every thread to bring the same word to a barrier.  The word rides on
/// the arrival itself (in the sum of the arrival word, or over a conduit that runs the
/// barriers in its combining operation), so agreeing costs no operation of its own; a
/// thread whose word differs from another's is told at the end of the phase (the function of
/// [`on_disagreement`] is called then).  A thread that does not call it brings the word 0.
///
/// The sum of the words tells a disagreement from an agreement except when the words differ
/// only in their top `log2(THREADS)` bits and still sum to THREADS times each (never with an
/// odd number of threads).
#[inline]
pub fn agree(word: u32) {
    phase().agree = Some(word);
}

/// Post this thread's arrival (never blocks).
pub fn notify(kind: Kind, value: Option<i32>) {
    let p = phase();
    if p.notified {
        let what = match kind {
            Kind::User => "upc_notify (or upc_barrier) was executed again before upc_wait".into(),
            Kind::Collective => {
                "a collective operation was called between upc_notify and upc_wait".to_string()
            }
            _ => {
                kind_text(kind as u32).to_string() + " was reached between upc_notify and upc_wait"
            }
        };
        barrier_error(format!(
            "upc-check: error: thread {}: {what}\n",
            segment::mythread()
        ));
    }
    fence(Ordering::SeqCst);
    let o = over();
    if let Some(c) = o.conduit {
        // every value is combined by maximum: a value and its negation give the greatest and
        // the least value given; kinds say whether the termination barrier and another one
        // meet; the agreement word likewise (0 when not given, see `agree`)
        let word = p.agree.take().unwrap_or(0);
        let w = [
            value.map_or(i64::MIN, |v| v as i64),
            value.map_or(i64::MIN, |v| -(v as i64)),
            (kind == Kind::Termination) as i64,
            (kind != Kind::Termination) as i64,
            word as i64,
            -(word as i64),
        ];
        (o.kind, o.value, p.word) = (kind as u32, value, Some(word));
        c.barrier_arrive(w);
        p.notified = true;
        p.gen = p.gen.wrapping_add(1);
        return;
    }
    let b = shared();
    let g = b.gen.0.gen.load();
    let me = &rt::thread(segment::mythread()).barrier;
    me.kind.store(kind as u32, Ordering::Relaxed);
    me.notify_value.store(encode(value), Ordering::Relaxed);
    let s = (g & 1) as usize;
    if value.is_some() {
        let mine = encode(value);
        let slot = &b.consensus.0[s];
        let mut cur = slot.load(Ordering::Acquire);
        loop {
            if cur == 0 {
                match slot.compare_exchange(0, mine, Ordering::AcqRel, Ordering::Acquire) {
                    Ok(_) => break,
                    Err(c) => cur = c,
                }
            } else {
                if cur & VALUE_MASK != mine {
                    slot.fetch_or(MISMATCH, Ordering::AcqRel);
                }
                break;
            }
        }
    }
    // every thread of a phase is usually at the same kind: write the shared word only when
    // this kind is new to the phase (the arrival below orders it before the release)
    let kinds = &b.kinds.0[s];
    if kinds.load(Ordering::Acquire) & kind as u32 == 0 {
        kinds.fetch_or(kind as u32, Ordering::AcqRel);
    }
    p.word = p.agree.take();
    let mine = arrival(p.word.unwrap_or(0));
    match algorithm() {
        Algorithm::Counter => arrive_counter(g, mine),
        Algorithm::Tree => arrive_tree(g, mine),
    }
    p.notified = true;
    p.gen = g;
}

/// The checker's site (`upcc_site_t`) of the barrier statement whose [`wait`] comes next:
/// if that wait has to wait, the thread's status record shows the site while it does
/// (`status::set_waiting_at`); a wait that finds its phase complete shows nothing.  Every
/// wait forgets it.
#[inline]
pub fn wait_at(site: *const c_void) {
    phase().site = site;
}

/// Wait for the current phase to complete, then check the barrier values.
pub fn wait(kind: Kind, value: Option<i32>, op: &'static CStr) {
    let p = phase();
    let site = std::mem::replace(&mut p.site, std::ptr::null());
    if !p.notified {
        barrier_error(format!(
            "upc-check: error: thread {}: upc_wait without a preceding upc_notify\n",
            segment::mythread()
        ));
    }
    if let Some(c) = over().conduit {
        let out = match c.barrier_test() {
            Some(out) => out,
            None => {
                checker_publish();
                let marked = status::begin_wait_at(op, site);
                let out = wait_over(c);
                status::end_wait(marked);
                out
            }
        };
        fence(Ordering::SeqCst);
        p.notified = false;
        check_over(c, &out, value);
        return;
    }
    let b = shared();
    let g = p.gen;
    if b.gen.0.gen.load() == g {
        // Not complete yet: this thread may block, say where.
        let marked = status::begin_wait_at(op, site);
        b.gen.0.gen.wait_until_or(
            |v| v != g,
            || {
                checker_publish();
            },
        );
        status::end_wait(marked);
    }
    fence(Ordering::SeqCst);
    p.notified = false;
    // A thread that brought no word brought 0 (a checker's word when there is nothing to
    // compare): it finds a disagreement too, not only the threads that brought one.
    let w = p.word.take().unwrap_or(0);
    // (`words` is not written again before this thread arrives at the next phase)
    if b.gen.0.words.load(Ordering::Relaxed) != w.wrapping_mul(segment::threads() as u32) {
        disagreed();
    }
    let s = (g & 1) as usize;
    let kinds = b.kinds.0[s].load(Ordering::Acquire);
    let cons = b.consensus.0[s].load(Ordering::Acquire);
    let me = segment::mythread();
    if kinds & Kind::Termination as u32 != 0 && kinds != Kind::Termination as u32 {
        barrier_error(format!(
            "upc-check: error: some threads reached the end of the program while others wait at \
             a barrier or collective operation:\n{}",
            table_of_notifies()
        ));
    }
    const MIXED: u32 = Kind::User as u32 | Kind::Collective as u32;
    if kinds & MIXED == MIXED && checker_publish() {
        // a barrier statement met a collective operation's barrier: the threads are at
        // different collective operations, which the checker tells apart once this thread
        // has published (a neighbour's report, or this one's, comes first)
        barrier_error(format!(
            "upc-check: error: threads reached different collective operations: a barrier \
             statement and a collective operation completed one barrier phase together:\n{}",
            table_of_notifies()
        ));
    }
    let _ = kind;
    if cons & MISMATCH != 0 {
        barrier_error(format!(
            "upc-check: error: barrier value mismatch: the threads gave different values to \
             upc_notify / upc_barrier in the same synchronization phase:\n{}",
            table_of_notifies()
        ));
    }
    if cons & HAS != 0 {
        if let Some(v) = value {
            if encode(Some(v)) != cons & VALUE_MASK {
                barrier_error(format!(
                    "upc-check: error: barrier value mismatch: thread {me} waits with value {v} \
                     but the value given to upc_notify in this phase is {}:\n{}",
                    value_text(cons),
                    table_of_notifies()
                ));
            }
        }
    }
}

/// Shortest and longest sleep between two tests of a barrier run over the conduit.
const OVER_SLEEP_MIN_NS: u64 = 20_000;
const OVER_SLEEP_MAX_NS: u64 = 250_000;

/// Tests of a barrier run over the conduit before its wait sleeps, when threads outnumber the
/// CPUs; ten times the wait policy's spins more when each thread can have a CPU.
const OVER_TESTS: u32 = 200;

/// Wait for the end of the phase over the conduit: test (which makes the conduit's progress,
/// so this thread serves the others' remote accesses meanwhile) a bounded number of times, then
/// sleep between tests, backing off from 20 to 250 us.  Never spins without bound, and never
/// yields (under load, a process that calls `sched_yield` loses its core for whole time slices
/// of other processes: 30 ms a barrier at 2 threads, measured; one that sleeps gets it back
/// when it wakes).
fn wait_over(c: &'static dyn Conduit) -> [i64; BARRIER_WORDS] {
    for _ in 0..OVER_TESTS + 10 * crate::sync::spin_limit() {
        if let Some(out) = c.barrier_test() {
            return out;
        }
        // (testing the barrier's request alone does not serve remote accesses)
        c.progress();
    }
    let mut ns = OVER_SLEEP_MIN_NS;
    loop {
        // (woken early by a remote operation sent to this thread, `rma::ring`, which it then
        // serves at once)
        let woken = crate::rma::nap(ns);
        if let Some(out) = c.barrier_test() {
            return out;
        }
        ns = if woken {
            OVER_SLEEP_MIN_NS
        } else {
            (ns * 2).min(OVER_SLEEP_MAX_NS)
        };
    }
}

/// This thread's kind and value at the phase that ended, one word (for [`table_over`]).
fn gather_word(kind: u32, value: Option<i32>) -> i64 {
    (kind as i64) | (value.is_some() as i64) << 4 | (value.unwrap_or(0) as u32 as i64) << 32
}

/// Every thread's kind and value at the phase that ended (every thread calls it).
fn table_over(c: &'static dyn Conduit) -> String {
    let o = over();
    let all = c.barrier_gather(gather_word(o.kind, o.value));
    let mut s = String::new();
    for (t, w) in all.into_iter().enumerate() {
        let k = (w & 0xf) as u32;
        let _ = write!(s, "  thread {t}: {}", kind_text(k));
        if k == Kind::User as u32 {
            let v = (w & 1 << 4 != 0).then_some((w >> 32) as i32);
            let _ = write!(s, " {}", value_text(encode(v)));
        }
        s.push('\n');
    }
    s
}

/// The checks at the end of a phase run over the conduit: `out` is the maximum of every
/// thread's words (see `notify`).  The first two errors are seen by every thread alike (each
/// gathers the table, the first to report ends the job); the others are this thread's.
fn check_over(c: &'static dyn Conduit, out: &[i64; BARRIER_WORDS], value: Option<i32>) {
    if out[2] == 1 && out[3] == 1 {
        barrier_error(format!(
            "upc-check: error: some threads reached the end of the program while others wait at \
             a barrier or collective operation:\n{}",
            table_over(c)
        ));
    }
    let given = (out[0] != i64::MIN).then_some(out[0]);
    if given.is_some_and(|g| g != -out[1]) {
        barrier_error(format!(
            "upc-check: error: barrier value mismatch: the threads gave different values to \
             upc_notify / upc_barrier in the same synchronization phase:\n{}",
            table_over(c)
        ));
    }
    if let (Some(g), Some(v)) = (given, value) {
        if g != v as i64 {
            barrier_error(format!(
                "upc-check: error: barrier value mismatch: thread {} waits with value {v} but \
                 the value given to upc_notify in this phase is {g}\n",
                segment::mythread()
            ));
        }
    }
    if let Some(w) = phase().word.take() {
        // the greatest and the least word brought differ: the threads whose word is not the
        // greatest are told
        if out[4] != -out[5] && out[4] != w as i64 {
            disagreed();
        }
    }
}

/// Whether this thread is between upc_notify and upc_wait.
pub fn in_split_phase() -> bool {
    phase().notified
}

/// A full barrier without value checks, for collectives and the runtime itself.
pub fn barrier_internal() {
    notify(Kind::Collective, None);
    wait(Kind::Collective, None, c"a collective operation");
}

pub(crate) fn startup() {
    notify(Kind::Startup, None);
    wait(Kind::Startup, None, c"the start-up barrier");
}

pub(crate) fn termination() {
    if phase().notified {
        barrier_error(format!(
            "upc-check: error: thread {} reached the end of the program between upc_notify and \
             upc_wait\n",
            segment::mythread()
        ));
    }
    notify(Kind::Termination, None);
    wait(Kind::Termination, None, c"the termination barrier");
}

fn opt(has_value: c_int, value: c_int) -> Option<i32> {
    (has_value != 0).then_some(value)
}

#[no_mangle]
pub extern "C" fn upcr_notify(has_value: c_int, value: c_int) {
    notify(Kind::User, opt(has_value, value));
}

#[no_mangle]
pub extern "C" fn upcr_wait(has_value: c_int, value: c_int) {
    wait(Kind::User, opt(has_value, value), c"upc_wait");
}

#[no_mangle]
pub extern "C" fn upcr_barrier(has_value: c_int, value: c_int) {
    let v = opt(has_value, value);
    notify(Kind::User, v);
    wait(Kind::User, v, c"upc_barrier");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_encoding() {
        assert_eq!(encode(None), 0);
        assert_eq!(decode(encode(Some(-1))), Some(-1));
        assert_eq!(decode(encode(Some(0))), Some(0));
        assert_ne!(encode(Some(0)), encode(None));
        assert_eq!(decode(encode(Some(i32::MIN))), Some(i32::MIN));
        assert_eq!(encode(Some(7)) & VALUE_MASK, encode(Some(7)));
    }

    /// What the threads' arrivals add up to: their count, and the sum of their words, which
    /// is THREADS times every thread's word exactly when the words agree (odd THREADS).
    #[test]
    fn arrivals_count_threads_and_sum_words() {
        let total = |words: &[u32]| words.iter().fold(0u64, |a, &w| a.wrapping_add(arrival(w)));
        let agreed = |words: &[u32]| {
            let t = total(words);
            words
                .iter()
                .all(|&w| words_of(t) == w.wrapping_mul(words.len() as u32))
        };
        for words in [&[7u32, 7, 7][..], &[u32::MAX; 5], &[0, 0], &[1 << 31; 4]] {
            assert_eq!(total(words) as u32, words.len() as u32);
            assert!(agreed(words), "{words:?}");
        }
        for words in [
            &[7u32, 8, 7][..],
            &[0, 1],
            &[u32::MAX, 0, 0],
            &[5, 5, 5, 5, 6],
        ] {
            assert_eq!(total(words) as u32, words.len() as u32);
            assert!(!agreed(words), "{words:?}");
        }
        // a carry out of the count never reaches the words, nor one out of the words the count
        assert_eq!(words_of(arrival(u32::MAX).wrapping_add(arrival(1))), 0);
        assert_eq!(arrival(u32::MAX).wrapping_add(arrival(1)) as u32, 2);
    }
}

//! Locks: the wait-for graph (thesis §3.4.2) and the checks made with it before `upc_lock`,
//! `upc_lock_attempt`, `upc_unlock`, at collectives and at the end of execution; and the
//! livelock warning for `upc_lock_attempt` loops.
//!
//! The graph has no lock of its own and no table.  Its edges live with the threads: each
//! thread publishes, in its checker area, the lock it waits for in `upc_lock` (and where) and
//! whether it finished; a lock's holder is the runtime's own record of it
//! (`runtime_lock::owner`), and where the holder took it is in the lock's record
//! (`pgas::lock::lock_taken_at`).  A thread publishes its edge only when the lock it asks for
//! is held (the usual path, the inline `upcc_lock` of `upcc_hooks.h`, is called back by the runtime after
//! queueing behind a holder: the uncontended path shares nothing but the lock's own words),
//! then follows the chain holder -> lock that holder waits for -> its holder ...: O(length of
//! the chain).  Every store and load of the graph is sequentially consistent, so of two
//! threads closing a cycle at the same moment at least one sees the other's edge.  A chain
//! read while a thread in it changed its edge could be stale, so each thread counts its
//! changes (`version`, odd while one is in progress) and a chain is reported only when a
//! second reading finds the same threads on it, unchanged.  (A thread on a chain past its
//! first step waits in upc_lock, so the locks it holds cannot change under the reading.)

use std::sync::atomic::{fence, AtomicU64, Ordering::Release, Ordering::SeqCst};
use std::time::Instant;

use crate::ffi::{PShared, Site};
use crate::platform::Word;
use crate::report::{at, site_of, Finding, Kind};
use crate::ring::{RingMemory, SYNC_BIT};
use crate::state::{self, Private};

/// A thread's part of the wait-for graph (in its checker area; all-zero = nothing).
#[repr(C)]
pub struct ThreadLocks {
    /// Changes so far, odd while one is in progress.
    version: AtomicU64,
    /// Key of the lock this thread waits for in upc_lock (0: none), and the site.
    waiting: AtomicU64,
    wait_site: AtomicU64,
    /// The end of execution: its site (0: not finished).
    finish_site: AtomicU64,
}

/// A lock operation between check_entry and record_exit.
#[derive(Clone, Copy)]
pub struct Pending {
    pub key: u64,
    pub lock: PShared,
    pub site: &'static Site,
    pub attempt: bool,
}

/// A run of failing upc_lock_attempt calls on the same dependency, with no lock taken in
/// between (`taken`: the runtime's count of locks this thread took, when the run began).
#[derive(Clone, Copy, Debug)]
pub struct Attempt {
    key: u64,
    holder: u32,
    taken: u64,
    since: Instant,
    warned: bool,
}

/// Bits of a lock's address in its key.
const ADDR_BITS: u32 = 44;

/// The graph key of a lock: its thread and address (never 0 for a real lock).
pub fn key(l: PShared) -> u64 {
    ((l.thread as u64 + 1) << ADDR_BITS) ^ l.addr
}

/// The lock of a key.
fn lock_of(k: u64) -> PShared {
    PShared {
        addr: k & ((1 << ADDR_BITS) - 1),
        thread: ((k >> ADDR_BITS) as u32).wrapping_sub(1),
        phase: 0,
    }
}

fn locks_of(t: usize) -> &'static ThreadLocks {
    &state::area(t).locks
}

/// The thread holding the lock of key `k`, if any.
fn holder(k: u64) -> Option<usize> {
    crate::runtime_lock::owner(lock_of(k)).map(|t| t as usize)
}

/// Where the holder of the lock of key `k` took it (0: unknown), from the lock's record.
fn taken_at(k: u64) -> u64 {
    let l = lock_of(k);
    if pgas::lock_is_valid(l) == pgas::LockState::NotALock {
        return 0;
    }
    pgas::lock::lock_taken_at(l)
}

/// The lock thread `t` waits for in upc_lock, with the site: not one it already holds (it
/// has just been granted it and not yet left upc_lock).
fn waiting_of(t: usize) -> Option<(u64, u64)> {
    let r = locks_of(t);
    let k = pgas::meta::word_load(&r.waiting, t as u32);
    (k != 0 && holder(k) != Some(t)).then(|| (k, pgas::meta::word_load(&r.wait_site, t as u32)))
}

/// Start a change of this thread's part of the graph: the version is odd until
/// [`end_change`].  Only the thread writes its part, so plain stores do.
fn begin_change(r: &ThreadLocks) {
    r.version.store(r.version.load(SeqCst) | 1, Release);
    fence(Release);
}

fn end_change(r: &ThreadLocks) {
    r.version.store((r.version.load(SeqCst) | 1) + 1, Release);
}

/// Run a change of this thread's part of the graph.
fn change(me: usize, f: impl FnOnce(&ThreadLocks)) {
    let r = locks_of(me);
    begin_change(r);
    f(r);
    end_change(r);
}

/// If thread `t` waits in `upc_lock` for a lock another thread holds: (holder, site of the
/// waiting upc_lock, site where the holder took the lock).  For the team deadlock checks.
pub fn waits_for_holder(t: usize) -> Option<(usize, u64, u64)> {
    let (k, wait_site) = waiting_of(t)?;
    let h = holder(k).filter(|h| *h != t)?;
    Some((h, wait_site, taken_at(k)))
}

/// Name of a lock for messages: the source text the requesting call used.
fn lock_name(site: Option<&Site>) -> String {
    match site {
        Some(s) if s.nargs > 0 && !s.arg_text(0).is_empty() => format!("`{}`", s.arg_text(0)),
        _ => "a lock".into(),
    }
}

/// Add where the lock with graph key `k` was allocated (and the declaration of the variable
/// the call at `user` names it by).
fn with_alloc(mut f: Finding, k: u64, user: Option<&'static Site>) -> Finding {
    if let Some(r) = crate::history::lock_alloc_related(k, user) {
        f.related.push(r);
    }
    f
}

fn describe_lock(l: PShared) -> String {
    format!("(thread {}, addr {:#x})", l.thread, l.addr)
}

/// What a request found following the chain from the lock it asks for.
enum Verdict {
    Ok,
    Relock(u64),
    /// Kind, the steps of the chain, and the locks on it (key, site of the request).
    Chain(Kind, Vec<Step>, Vec<(u64, u64)>),
}

/// One step of a chain as read; put in words only for a report, so that a contended
/// `upc_lock` that finds no deadlock formats nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Thread `who` waits for the lock it requested at `want_site`, held by thread
    /// `holder`, which took it at `taken` (0: unknown).
    Waits {
        who: usize,
        want: u64,
        want_site: u64,
        holder: usize,
        taken: u64,
    },
    /// Thread `holder` reached the end of execution at `end`.
    Finished { holder: usize, end: u64 },
    /// Thread `holder` is blocked at the collective operation of site `at` (0: unknown).
    Blocked { holder: usize, at: u64 },
}

impl Step {
    /// The step as a note of the report of thread `me`.
    fn text(self, me: usize) -> String {
        match self {
            Step::Waits {
                who,
                want,
                want_site,
                holder,
                taken,
            } => {
                // the lock by the name of the request, its identity (locks kept in an
                // array are all named alike) and the name it was taken by
                let name = lock_name(site_of(want_site));
                let taken = site_of(taken)
                    .map(|s| {
                        let as_named = lock_name(Some(s));
                        if as_named != name && as_named != "a lock" {
                            format!(" (taken at {}), which names it {as_named}", at(s))
                        } else {
                            format!(" (taken at {})", at(s))
                        }
                    })
                    .unwrap_or_default();
                format!(
                    "thread {who} waits for {name} {} at {}, held by thread {holder}{taken}",
                    describe_lock(lock_of(want)),
                    site_of(want_site).map(at).unwrap_or_default()
                )
            }
            Step::Finished { holder, end } => format!(
                "thread {holder} reached the end of execution at {} without releasing it",
                site_of(end).map(at).unwrap_or_default()
            ),
            Step::Blocked { holder, at: site } => {
                let wherever = site_of(site)
                    .map(|s| {
                        format!(
                            "{} at {}",
                            s.op().map(|o| o.name).unwrap_or("a collective operation"),
                            at(s)
                        )
                    })
                    .unwrap_or_else(|| "a collective operation".into());
                format!(
                    "thread {holder} is blocked at {wherever}, which cannot complete before thread {me} gets there"
                )
            }
        }
    }
}

/// One reading of the chain from lock `k` requested by `me` at `site`: the verdict and
/// the threads read on it with their versions (for the second reading).
fn follow(st: &Private, me: usize, k: u64, site: u64) -> (Verdict, Vec<(usize, u64)>) {
    let my_phase = own_phase(me);
    let mut seen = Vec::new();
    let mut chain = Vec::new();
    let mut locks = Vec::new();
    let (mut want, mut want_site, mut who) = (k, site, me);
    for _ in 0..=st.threads {
        let Some(h) = holder(want) else { break };
        let v = pgas::meta::word_load(&locks_of(h).version, h as u32);
        seen.push((h, v));
        locks.push((want, want_site));
        chain.push(Step::Waits {
            who,
            want,
            want_site,
            holder: h,
            taken: taken_at(want),
        });
        match holder_state(st, me, my_phase, h) {
            Holder::Me => return (Verdict::Chain(Kind::LockCycle, chain, locks), seen),
            Holder::Finished(end) => {
                chain.push(Step::Finished { holder: h, end });
                return (Verdict::Chain(Kind::LockChainFinished, chain, locks), seen);
            }
            Holder::Waits(next, next_site) => {
                who = h;
                want = next;
                want_site = next_site;
            }
            Holder::Blocked(at) => {
                chain.push(Step::Blocked { holder: h, at });
                return (
                    Verdict::Chain(Kind::LockChainCollective, chain, locks),
                    seen,
                );
            }
            Holder::Runs => break,
        }
    }
    (Verdict::Ok, seen)
}

/// The phase of this thread's synchronizing collectives.
fn own_phase(me: usize) -> u32 {
    state::area(me).slot.sync_phase.load(SeqCst)
}

/// What the holder of a lock on a chain is doing, as one reading sees it.
enum Holder {
    /// The thread following the chain: a cycle.
    Me,
    /// It reached the end of execution at this site.
    Finished(u64),
    /// It waits in upc_lock for the lock of this key, asked for at this site.
    Waits(u64, u64),
    /// It is blocked at the synchronizing collective of this site, which the thread
    /// following the chain (in phase `my_phase`) has not reached.
    Blocked(u64),
    /// None of these: the chain ends, no deadlock.
    Runs,
}

fn holder_state(st: &Private, me: usize, my_phase: u32, h: usize) -> Holder {
    if h == me {
        return Holder::Me;
    }
    let end = pgas::meta::word_load(&locks_of(h).finish_site, h as u32);
    if site_of(end).is_some() {
        return Holder::Finished(end);
    }
    if let Some((next, next_site)) = waiting_of(h) {
        return Holder::Waits(next, next_site);
    }
    // (the words of its ring slot, wherever the ring is)
    let (c, phase) = state::on_ring!(st, m => {
        let s = m.slot(h);
        (Word::load(&s.coll_op), Word::load(&s.sync_phase))
    });
    if c & SYNC_BIT != 0 && phase != my_phase {
        return Holder::Blocked(shown_site(h));
    }
    Holder::Runs
}

/// The chain from lock `k`, which `me` keeps failing to take with upc_lock_attempt at
/// `site`, when it ends where no thread can move (read twice, unchanged in between).
fn dead_end(st: &Private, me: usize, k: u64, site: u64) -> Option<Vec<Step>> {
    let (v, seen) = follow(st, me, k, site);
    let Verdict::Chain(_, chain, _) = v else {
        return None;
    };
    let (again, seen_again) = follow(st, me, k, site);
    (seen == seen_again && unchanged(&seen) && matches!(again, Verdict::Chain(..))).then_some(chain)
}

/// Whether every thread read on a chain is unchanged since (and was not changing then).
fn unchanged(seen: &[(usize, u64)]) -> bool {
    seen.iter()
        .all(|&(t, v)| v % 2 == 0 && pgas::meta::word_load(&locks_of(t).version, t as u32) == v)
}

const _: () = assert!(std::mem::offset_of!(crate::signature::Signature, site) % 8 == 0);

/// The site of the collective operation thread `t` shows it is in (its `shown` signature).
fn shown_site(t: usize) -> u64 {
    let shown = state::area(t).shown.get();
    // SAFETY: `shown` is written by thread t only, `site` an aligned u64 of it; a torn read
    // only affects the text of a report.
    unsafe {
        pgas::meta::word_load(
            &*(std::ptr::addr_of!((*shown).site) as *const AtomicU64),
            t as u32,
        )
    }
}

/// Before upc_lock / upc_lock_attempt (the general path; the inline `upcc_lock` is the
/// usual one).
pub fn entry(st: &mut Private, site: &'static Site, l: PShared, attempt: bool, op: &str) {
    let me = st.me;
    let k = key(l);
    let site_addr = site as *const Site as u64;
    let verdict = if holder(k) == Some(me) {
        Verdict::Relock(taken_at(k))
    } else if attempt {
        Verdict::Ok
    } else {
        wait_for(st, k, site_addr, holder(k).is_some())
    };
    st.pending = Some(Pending {
        key: k,
        lock: l,
        site,
        attempt,
    });
    if !matches!(verdict, Verdict::Ok) {
        report_verdict(me, site, l, k, attempt, op, verdict);
    }
    if !attempt {
        // only upc_lock blocks
        pgas::status::set_waiting(c"upc_lock".as_ptr(), site.file, site.line as u32);
    }
}

/// This thread asks for the lock of key `k` at `site` in upc_lock (`held`: another thread
/// holds it): publish the wait-for edge, then follow the chain from the lock; a chain that
/// ends in a deadlock is read again until two readings agree (threads that keep changing
/// are not deadlocked).  The edge stays published unless the verdict is a deadlock.
fn wait_for(st: &Private, k: u64, site_addr: u64, held: bool) -> Verdict {
    let me = st.me;
    let r = locks_of(me);
    begin_change(r);
    r.wait_site.store(site_addr, Release);
    // the edge before any reading of the others' (of two threads closing a cycle at
    // once, one sees the other's edge): a SeqCst swap is that fence, and cheaper than one
    r.waiting.swap(k, SeqCst);
    end_change(r);
    let mut verdict = Verdict::Ok;
    // a free lock, or a holder that runs, ends the chain at once (the usual contended case:
    // the first reading of `follow`, without building the chain)
    let runs =
        || holder(k).is_none_or(|h| matches!(holder_state(st, me, own_phase(me), h), Holder::Runs));
    let rounds = if held && !runs() { 100 } else { 0 };
    for _ in 0..rounds {
        let (v, seen) = follow(st, me, k, site_addr);
        if matches!(v, Verdict::Ok) {
            verdict = v;
            break;
        }
        let (again, seen_again) = follow(st, me, k, site_addr);
        if seen == seen_again && unchanged(&seen) && !matches!(again, Verdict::Ok) {
            verdict = again;
            break;
        }
        std::thread::yield_now();
    }
    if !matches!(verdict, Verdict::Ok) {
        change(me, |r| r.waiting.store(0, Release));
    }
    verdict
}

/// upc_lock on the usual path (the inline `upcc_lock`): the lock `l` at `site` was found
/// held by another thread after this thread queued for it.  Publish the edge, look for a
/// deadlock (reported: the job ends), and mark the status record with the site.
#[cold]
#[inline(never)]
pub fn contended(st: &Private, site: &'static Site, l: PShared) {
    let k = key(l);
    let verdict = wait_for(st, k, site as *const Site as u64, true);
    if !matches!(verdict, Verdict::Ok) {
        report_verdict(st.me, site, l, k, false, "upc_lock", verdict);
    }
    pgas::status::set_waiting_at(site as *const Site as *const std::ffi::c_void);
}

/// After `contended` and the lock granted: the edge and the status record are cleared.
#[cold]
#[inline(never)]
pub fn granted_after_wait(st: &Private) {
    change(st.me, |r| r.waiting.store(0, Release));
    pgas::status::clear_waiting_at();
}

/// The report of a upc_lock/upc_lock_attempt whose verdict is not Ok: out of line, so that
/// the common path of `entry` pays nothing for it.
#[cold]
#[inline(never)]
fn report_verdict(
    me: usize,
    site: &'static Site,
    l: PShared,
    k: u64,
    attempt: bool,
    op: &str,
    verdict: Verdict,
) {
    match verdict {
        Verdict::Ok => {}
        Verdict::Relock(taken) => {
            let f = Finding::new(
                Kind::LockRelock,
                me,
                Some(site),
                op,
                format!(
                    "{op} on {} which this thread already holds",
                    lock_name(Some(site))
                ),
            )
            .note(format!(
                "the lock {} was taken{}; UPC locks are not recursive{}",
                describe_lock(l),
                site_of(taken)
                    .map(|s| format!(" at {}", at(s)))
                    .unwrap_or_default(),
                if attempt {
                    ""
                } else {
                    ": upc_lock would wait for itself forever"
                }
            ));
            let f = with_alloc(f, k, Some(site));
            crate::report::emit(f);
            if !attempt {
                // the program cannot go on: emit returned only if reports are off
                pgas::job::abort_job(3);
            }
        }
        Verdict::Chain(kind, chain, locks) => {
            let what = match kind {
                Kind::LockCycle => "deadlock: a cycle of threads holding and waiting for locks",
                Kind::LockChainFinished => "deadlock: waiting for a lock that a finished thread still holds",
                _ => "deadlock: waiting for a lock held by a thread blocked at a collective operation",
            };
            let mut f = Finding::new(
                kind,
                me,
                Some(site),
                op,
                format!("{what} ({op} {})", lock_name(Some(site))),
            );
            f.notes = chain.into_iter().map(|step| step.text(me)).collect();
            let mut seen = Vec::new();
            for (k, s) in locks {
                if !seen.contains(&k) {
                    seen.push(k);
                    let before = f.related.len();
                    f = with_alloc(f, k, site_of(s));
                    // locks of one array allocated at one line read alike: cite it once
                    if f.related.len() > before
                        && f.related[..before]
                            .iter()
                            .any(|r| r.text == f.related[before].text)
                    {
                        f.related.truncate(before);
                    }
                }
            }
            // the status table of the report shows this thread waiting here
            pgas::status::set_waiting(c"upc_lock".as_ptr(), site.file, site.line as u32);
            crate::report::emit(f);
        }
    }
}

/// After upc_lock / upc_lock_attempt.  `acquired`: whether the call took the lock.
pub fn exit(st: &mut Private, acquired: bool) {
    let Some(p) = st.pending.take() else { return };
    let site_addr = p.site as *const Site as u64;
    if !p.attempt {
        change(st.me, |r| r.waiting.store(0, Release));
        pgas::status::set_running();
    }
    if acquired {
        pgas::lock::set_lock_taken_at(p.lock, site_addr);
        return;
    }
    attempt_failed(st, p.site, p.lock, p.key);
}

/// A upc_lock_attempt of lock `l` (key `k`) at `site` failed: the livelock watch.
pub fn attempt_failed(st: &mut Private, site: &'static Site, l: PShared, k: u64) {
    let me = st.me;
    let site_addr = site as *const Site as u64;
    let h = holder(k).map_or(0, |h| h as u32 + 1);
    let now = Instant::now();
    let taken = pgas::lock::taken_count();
    match &mut st.attempt {
        Some(a) if a.key == k && a.holder == h && a.taken == taken => {
            if !a.warned && now.duration_since(a.since).as_secs_f64() >= st.cfg.livelock_timeout {
                a.warned = true;
                let secs = st.cfg.livelock_timeout;
                let taken = taken_at(k);
                let holder_text = if h == 0 {
                    "no thread holds it at the moment".to_string()
                } else {
                    format!(
                        "it is held by thread {}{}",
                        h - 1,
                        site_of(taken)
                            .map(|s| format!(", which took it at {}", at(s)))
                            .unwrap_or_default()
                    )
                };
                // the chain from the lock, as upc_lock follows it: when it ends at a thread
                // that finished, at one blocked in a collective this thread has not reached,
                // or back at this thread, nothing on it can move unless this loop gives up
                let dead_end = dead_end(st, me, k, site_addr);
                let mut f = Finding::new(
                    Kind::Livelock,
                    me,
                    Some(site),
                    "upc_lock_attempt",
                    format!(
                        "possible livelock: upc_lock_attempt on {} has kept failing for {secs} seconds",
                        lock_name(Some(site))
                    ),
                )
                .note(format!("lock {}: {holder_text}", describe_lock(l)));
                match &dead_end {
                    Some(chain) => {
                        // the first step (this thread's request) is the note above
                        for step in chain.iter().skip(1) {
                            f = f.note(step.text(me));
                        }
                        f = f.note(format!(
                            "the lock cannot be released before thread {me} stops retrying: a deadlock unless the loop gives up"
                        ));
                        f.ends_job = true;
                        // the status table shows this thread where it keeps retrying
                        pgas::status::set_waiting(
                            c"upc_lock_attempt".as_ptr(),
                            site.file,
                            site.line as u32,
                        );
                    }
                    None => {
                        f = f.note("a loop around upc_lock_attempt waits for a lock that is not released (set UPCCHECK_LIVELOCK_TIMEOUT to change the delay)");
                    }
                }
                let f = with_alloc(f, k, Some(site));
                crate::report::emit(f);
            }
        }
        _ => {
            st.attempt = Some(Attempt {
                key: k,
                holder: h,
                taken,
                since: now,
                warned: false,
            });
        }
    }
}

/// Before upc_unlock.
pub fn unlock_entry(st: &mut Private, site: &'static Site, l: PShared) {
    let me = st.me;
    let k = key(l);
    if holder(k) == Some(me) {
        return;
    }
    let holder = holder(k);
    let who = match holder {
        Some(h) => format!("it is held by thread {h}"),
        None => "it is not locked".to_string(),
    };
    let f = Finding::new(
        Kind::LockNotHeld,
        me,
        Some(site),
        "upc_unlock",
        format!(
            "upc_unlock of {} which this thread does not hold",
            lock_name(Some(site))
        ),
    )
    .note(format!("lock {}: {who}", describe_lock(l)));
    let f = with_alloc(f, k, Some(site));
    crate::report::emit(f);
}

/// Before upc_lock_free: the lock must not be one another thread is blocked on in
/// upc_lock (UPC 1.3: a call on a lock concurrent with or after its free is undefined; the
/// waiter would never be granted it).
pub fn free_awaited(st: &Private, site: &'static Site, l: PShared) {
    let k = key(l);
    // the others' edges are read after this thread's own stores (see `entry`)
    fence(SeqCst);
    let waiting: Vec<(usize, u64)> = waiters(st.threads, k)
        .into_iter()
        .filter(|(t, _)| *t != st.me)
        .collect();
    if waiting.is_empty() {
        return;
    }
    let mut f = Finding::new(
        Kind::InvalidArgument,
        st.me,
        Some(site),
        "upc_lock_free",
        format!(
            "invalid argument to upc_lock_free: {} is awaited by another thread",
            lock_name(Some(site))
        ),
    );
    f.args.push(crate::report::ArgNote {
        index: 0,
        name: "ptr".into(),
        text: site.arg_text(0).to_string(),
        value: describe_lock(l),
        decl: site.arg_decl(0).to_string(),
        rule: "ptr must not be a lock another thread is blocked on in upc_lock: that thread would wait for a freed lock".into(),
    });
    for (t, wait_site) in waiting {
        if let Some(ws) = site_of(wait_site) {
            f = f.related(
                format!("thread {t} waits for the lock in upc_lock at {}", at(ws)),
                ws,
            );
        }
    }
    let f = with_alloc(f, k, Some(site));
    crate::report::emit(f);
}

/// The threads waiting in upc_lock for the lock of key `k`: (thread, site of its upc_lock).
fn waiters(threads: usize, k: u64) -> Vec<(usize, u64)> {
    (0..threads)
        .filter_map(|t| waiting_of(t).filter(|w| w.0 == k).map(|w| (t, w.1)))
        .collect()
}

/// Before a synchronizing collective: a lock this thread holds must not be awaited by
/// another thread (that thread can never reach the collective).
#[inline]
pub fn check_collective(st: &mut Private, site: &'static Site, op: &str) {
    if pgas::lock::holds_any() {
        held_at_collective(st, site, op);
    }
}

fn held_at_collective(st: &mut Private, site: &'static Site, op: &str) {
    // `coll_op` (stored by the caller) before reading the others' edges: of this thread and
    // one asking for a lock it holds, one sees the other (see `entry`)
    fence(SeqCst);
    let me = st.me;
    let mine = own_phase(me);
    let mut waiting = Vec::new();
    for (l, taken) in pgas::lock::held() {
        let k = key(l);
        for (t, wait_site) in waiters(st.threads, k) {
            // a waiter that already did its part of this phase (its upc_notify, before it
            // asked for the lock) does not keep the collective from completing
            let phase = state::on_ring!(st, m => Word::load(&m.slot(t).sync_phase));
            if phase == mine {
                continue;
            }
            waiting.push((
                format!(
                    "thread {t} waits for {} at {}; this thread took it at {}",
                    lock_name(site_of(wait_site)),
                    site_of(wait_site).map(at).unwrap_or_default(),
                    site_of(taken).map(at).unwrap_or_default()
                ),
                k,
                taken,
            ));
        }
    }
    let waiters = waiting;
    if waiters.is_empty() {
        return;
    }
    let mut f = Finding::new(
        Kind::LockHeldInCollective,
        me,
        Some(site),
        op,
        format!("deadlock: {op} entered while holding a lock that another thread waits for"),
    );
    let mut seen = Vec::new();
    for (n, k, taken) in waiters {
        f.notes.push(n);
        if !seen.contains(&k) {
            seen.push(k);
            f = with_alloc(f, k, site_of(taken));
        }
    }
    crate::report::emit(f);
}

/// At the end of execution: locks still held.
pub fn finish(st: &mut Private, site: &'static Site) {
    let me = st.me;
    let held: Vec<(u64, u64)> = pgas::lock::held()
        .into_iter()
        .map(|(l, taken)| (key(l), taken))
        .collect();
    let site_addr = site as *const Site as u64;
    change(me, |r| r.finish_site.store(site_addr, Release));
    fence(SeqCst);
    let mut waiters = Vec::new();
    for (k, _) in &held {
        for (t, wait_site) in self::waiters(st.threads, *k) {
            waiters.push(format!(
                "thread {t} waits for {} at {}",
                lock_name(site_of(wait_site)),
                site_of(wait_site).map(at).unwrap_or_default()
            ));
        }
    }
    if !waiters.is_empty() {
        let mut f = Finding::new(
            Kind::LockChainFinished,
            me,
            Some(site),
            "end of execution",
            "deadlock: this thread reached the end of execution holding a lock that another thread waits for"
                .into(),
        );
        f.notes = waiters;
        for (k, taken) in &held {
            f = with_alloc(f, *k, site_of(*taken));
        }
        crate::report::emit(f);
    } else if !held.is_empty() {
        let mut f = Finding::new(
            Kind::LockHeldAtEnd,
            me,
            Some(site),
            "end of execution",
            format!(
                "this thread reached the end of execution holding {} lock(s)",
                held.len()
            ),
        );
        for (k, taken) in &held {
            if let Some(s) = site_of(*taken) {
                f.notes.push(format!(
                    "{} taken at {} is never released",
                    lock_name(Some(s)),
                    at(s)
                ));
            }
            f = with_alloc(f, *k, site_of(*taken));
        }
        crate::report::emit(f);
    }
}

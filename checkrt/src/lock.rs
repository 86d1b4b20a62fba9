//! Locks: the shared wait-for graph under the global lock `c_L` (thesis §3.4.2) and the
//! checks made with it before `upc_lock`, `upc_lock_attempt`, `upc_unlock`, at collectives
//! and at the end of execution; and the livelock warning for `upc_lock_attempt` loops.
//!
//! The graph lives in the checker's global region: for every thread the lock it waits for
//! (and where), whether it finished; for every lock (a hash table keyed by the lock's
//! thread and address) its holder, where it was taken, and how many threads wait for it.
//! A request follows the chain holder -> lock that holder waits for -> its holder ...:
//! O(length of the chain), and only lock operations ever take `c_L`.

use std::cell::UnsafeCell;
use std::sync::atomic::AtomicU32;
use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::ffi::{PShared, Site};
use crate::platform::{lock, unlock};
use crate::report::{at, site_of, Finding, Kind};
use crate::ring::SYNC_BIT;
use crate::state::{self, Private};

/// Threads the graph can describe (more: lock checks are off, with a note at start-up).
pub const MAX_THREADS: usize = 4096;
/// Locks the graph can hold at once (more: the further locks are not tracked, and the
/// runtime's own record of a lock's holder decides whether an unlock is valid).
const CAP: usize = 1 << 17;
const EMPTY: u64 = 0;
const TOMB: u64 = u64::MAX;

#[repr(C)]
#[derive(Clone, Copy)]
struct ThreadRec {
    /// Key of the lock this thread waits for in upc_lock (0: none).
    waiting: u64,
    /// Site of that upc_lock.
    wait_site: u64,
    finished: u64,
    finish_site: u64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    /// Holder thread + 1 (0: free).
    holder: u32,
    waiters: u32,
    /// Where the holder took it.
    site: u64,
}

/// The wait-for graph (in the segment; all-zero = empty).
#[repr(C)]
pub struct Graph {
    /// `c_L`.
    c_l: AtomicU32,
    data: UnsafeCell<GraphData>,
}

#[repr(C)]
struct GraphData {
    threads: [ThreadRec; MAX_THREADS],
    table: [Entry; CAP],
}

/// A lock operation between check_entry and record_exit.
#[derive(Clone, Copy)]
pub struct Pending {
    pub key: u64,
    pub lock: PShared,
    pub site: &'static Site,
    pub attempt: bool,
    /// upc_lock registered as waiting in the graph.
    pub waiting: bool,
}

/// A run of failing upc_lock_attempt calls on the same dependency.
#[derive(Clone, Copy, Debug)]
pub struct Attempt {
    key: u64,
    holder: u32,
    since: Instant,
    warned: bool,
}

/// The graph key of a lock: its thread and address (never 0 for a real lock).
pub fn key(l: PShared) -> u64 {
    ((l.thread as u64 + 1) << 44) ^ l.addr
}

impl GraphData {
    fn find(&self, key: u64) -> Option<usize> {
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 49) as usize % CAP;
        for _ in 0..CAP {
            match self.table[i].key {
                EMPTY => return None,
                k if k == key => return Some(i),
                _ => i = (i + 1) % CAP,
            }
        }
        None
    }

    fn insert(&mut self, key: u64) -> Option<usize> {
        if let Some(i) = self.find(key) {
            return Some(i);
        }
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 49) as usize % CAP;
        for _ in 0..CAP {
            if matches!(self.table[i].key, EMPTY | TOMB) {
                self.table[i] = Entry {
                    key,
                    holder: 0,
                    waiters: 0,
                    site: 0,
                };
                return Some(i);
            }
            i = (i + 1) % CAP;
        }
        None
    }

    fn holder(&self, key: u64) -> Option<usize> {
        self.find(key)
            .and_then(|i| (self.table[i].holder != 0).then(|| self.table[i].holder as usize - 1))
    }

    fn held_site(&self, key: u64) -> u64 {
        self.find(key).map(|i| self.table[i].site).unwrap_or(0)
    }
}

/// Run `f` on the graph under `c_L`.
fn with_graph<R>(st: &Private, f: impl FnOnce(&mut GraphData) -> R) -> R {
    let g = &state::global().graph;
    lock(&st.seg, &g.c_l);
    // SAFETY: the graph data is only accessed under c_L, which we hold.
    let r = f(unsafe { &mut *g.data.get() });
    unlock(&st.seg, &g.c_l);
    r
}

/// If thread `t` waits in `upc_lock` for a lock another thread holds: (holder, site of the
/// waiting upc_lock, site where the holder took the lock).  For the team deadlock checks.
pub fn waits_for_holder(st: &Private, t: usize) -> Option<(usize, u64, u64)> {
    if st.threads > MAX_THREADS {
        return None;
    }
    with_graph(st, |g| {
        let rec = g.threads.get(t)?;
        if rec.waiting == 0 {
            return None;
        }
        let h = g.holder(rec.waiting)?;
        Some((h, rec.wait_site, g.held_site(rec.waiting)))
    })
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

/// Before upc_lock / upc_lock_attempt.
pub fn entry(st: &mut Private, site: &'static Site, l: PShared, attempt: bool, op: &str) {
    if st.threads > MAX_THREADS {
        return;
    }
    let me = st.me;
    let k = key(l);
    enum Verdict {
        Ok,
        Relock(u64),
        Chain(Kind, Vec<String>, Vec<(u64, u64)>),
    }
    let my_phase = state::area(me).slot.sync_phase.load(Ordering::SeqCst);
    let verdict = with_graph(st, |g| {
        if g.holder(k) == Some(me) {
            return Verdict::Relock(g.held_site(k));
        }
        if attempt {
            return Verdict::Ok;
        }
        // follow the chain of hold-and-wait dependencies
        let mut chain = Vec::new();
        let mut locks = Vec::new();
        let mut want = k;
        let mut want_site = site as *const Site as u64;
        let mut who = me;
        let mut verdict = Verdict::Ok;
        for _ in 0..=st.threads {
            let Some(h) = g.holder(want) else { break };
            locks.push((want, want_site));
            let taken = site_of(g.held_site(want))
                .map(|s| format!(" (taken at {})", at(s)))
                .unwrap_or_default();
            chain.push(format!(
                "thread {who} waits for {} at {}, held by thread {h}{taken}",
                lock_name(site_of(want_site)),
                site_of(want_site).map(at).unwrap_or_default()
            ));
            if h == me {
                verdict = Verdict::Chain(
                    Kind::LockCycle,
                    std::mem::take(&mut chain),
                    std::mem::take(&mut locks),
                );
                break;
            }
            let rec = g.threads[h];
            if rec.finished != 0 {
                chain.push(format!(
                    "thread {h} reached the end of execution{} without releasing it",
                    site_of(rec.finish_site)
                        .map(|s| format!(" at {}", at(s)))
                        .unwrap_or_default()
                ));
                verdict = Verdict::Chain(
                    Kind::LockChainFinished,
                    std::mem::take(&mut chain),
                    std::mem::take(&mut locks),
                );
                break;
            }
            if rec.waiting != 0 {
                who = h;
                want = rec.waiting;
                want_site = rec.wait_site;
                continue;
            }
            let a = state::area(h);
            let c = a.slot.coll_op.load(Ordering::SeqCst);
            if c & SYNC_BIT != 0 && a.slot.sync_phase.load(Ordering::SeqCst) != my_phase {
                // SAFETY: `shown` is written by thread h only; a torn read only affects the text.
                let s = unsafe { std::ptr::read_volatile(a.shown.get()) };
                let wherever = site_of(s.site)
                    .map(|s| {
                        format!(
                            "{} at {}",
                            s.op().map(|o| o.name).unwrap_or("a collective operation"),
                            at(s)
                        )
                    })
                    .unwrap_or_else(|| "a collective operation".into());
                chain.push(format!(
                    "thread {h} is blocked at {wherever}, which cannot complete before thread {me} gets there"
                ));
                verdict = Verdict::Chain(
                    Kind::LockChainCollective,
                    std::mem::take(&mut chain),
                    std::mem::take(&mut locks),
                );
            }
            break;
        }
        if matches!(verdict, Verdict::Ok) {
            if let Some(i) = g.insert(k) {
                g.table[i].waiters += 1;
                g.threads[me].waiting = k;
                g.threads[me].wait_site = site as *const Site as u64;
            }
        }
        verdict
    });
    let registered = matches!(verdict, Verdict::Ok) && !attempt;
    st.pending = Some(Pending {
        key: k,
        lock: l,
        site,
        attempt,
        waiting: registered,
    });
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
            f.notes = chain;
            let mut seen = Vec::new();
            for (k, s) in locks {
                if !seen.contains(&k) {
                    seen.push(k);
                    f = with_alloc(f, k, site_of(s));
                }
            }
            crate::report::emit(f);
        }
    }
    if !attempt {
        pgas::status::set_waiting(st_op_name(op), site.file, site.line as u32);
    }
}

fn st_op_name(op: &str) -> *const std::ffi::c_char {
    match op {
        "upc_lock" => c"upc_lock".as_ptr(),
        _ => c"upc_lock_attempt".as_ptr(),
    }
}

/// After upc_lock / upc_lock_attempt.  `acquired`: whether the call took the lock.
pub fn exit(st: &mut Private, acquired: bool) {
    let Some(p) = st.pending.take() else { return };
    if st.threads > MAX_THREADS {
        return;
    }
    let me = st.me;
    let site_addr = p.site as *const Site as u64;
    let holder = with_graph(st, |g| {
        if p.waiting {
            g.threads[me].waiting = 0;
            if let Some(i) = g.find(p.key) {
                g.table[i].waiters = g.table[i].waiters.saturating_sub(1);
            }
        }
        if acquired {
            if let Some(i) = g.insert(p.key) {
                g.table[i].holder = me as u32 + 1;
                g.table[i].site = site_addr;
            }
            None
        } else {
            g.find(p.key).map(|i| (g.table[i].holder, g.table[i].site))
        }
    });
    if !p.attempt {
        pgas::status::set_running();
    }
    if acquired {
        st.held.push((p.key, site_addr));
        st.attempt = None;
        return;
    }
    // a failed upc_lock_attempt: the livelock watch
    let (h, taken) = holder.unwrap_or((0, 0));
    let now = Instant::now();
    match &mut st.attempt {
        Some(a) if a.key == p.key && a.holder == h => {
            if !a.warned && now.duration_since(a.since).as_secs_f64() >= st.cfg.livelock_timeout {
                a.warned = true;
                let secs = st.cfg.livelock_timeout;
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
                let f = Finding::new(
                    Kind::Livelock,
                    me,
                    Some(p.site),
                    "upc_lock_attempt",
                    format!(
                        "possible livelock: upc_lock_attempt on {} has kept failing for {secs} seconds",
                        lock_name(Some(p.site))
                    ),
                )
                .note(format!("lock {}: {holder_text}", describe_lock(p.lock)))
                .note("a loop around upc_lock_attempt waits for a lock that is not released (set UPCCHECK_LIVELOCK_TIMEOUT to change the delay)");
                let f = with_alloc(f, p.key, Some(p.site));
                crate::report::emit(f);
            }
        }
        _ => {
            st.attempt = Some(Attempt {
                key: p.key,
                holder: h,
                since: now,
                warned: false,
            });
        }
    }
}

/// Before upc_unlock.
pub fn unlock_entry(st: &mut Private, site: &'static Site, l: PShared) {
    if st.threads > MAX_THREADS {
        return;
    }
    let me = st.me;
    let k = key(l);
    let holder = with_graph(st, |g| {
        let h = g.holder(k);
        if h == Some(me) {
            if let Some(i) = g.find(k) {
                g.table[i].holder = 0;
                g.table[i].site = 0;
            }
        }
        h
    });
    // a lock the full graph could not track: the runtime knows its holder
    if holder == Some(me) || (holder.is_none() && crate::runtime_lock::owner(l) == Some(me as u32))
    {
        st.held.retain(|(x, _)| *x != k);
        return;
    }
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

/// Before upc_lock_free / upc_all_lock_free: forget the lock.
pub fn free_entry(st: &mut Private, l: PShared) {
    if st.threads > MAX_THREADS {
        return;
    }
    let k = key(l);
    with_graph(st, |g| {
        if let Some(i) = g.find(k) {
            if g.table[i].waiters == 0 {
                g.table[i].key = TOMB;
            } else {
                g.table[i].holder = 0;
            }
        }
    });
    st.held.retain(|(x, _)| *x != k);
}

/// Before a synchronizing collective: a lock this thread holds must not be awaited by
/// another thread (that thread can never reach the collective).
pub fn check_collective(st: &mut Private, site: &'static Site, op: &str) {
    if st.held.is_empty() || st.threads > MAX_THREADS {
        return;
    }
    let me = st.me;
    let held = st.held.clone();
    let threads = st.threads;
    let waiters: Vec<(String, u64, u64)> = with_graph(st, |g| {
        let mut v = Vec::new();
        for (k, taken) in &held {
            if g.find(*k).is_some_and(|i| g.table[i].waiters > 0) {
                for t in 0..threads {
                    if g.threads[t].waiting == *k {
                        v.push((
                            format!(
                                "thread {t} waits for {} at {}; this thread took it at {}",
                                lock_name(site_of(g.threads[t].wait_site)),
                                site_of(g.threads[t].wait_site).map(at).unwrap_or_default(),
                                site_of(*taken).map(at).unwrap_or_default()
                            ),
                            *k,
                            *taken,
                        ));
                    }
                }
            }
        }
        v
    });
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
    if st.threads > MAX_THREADS {
        return;
    }
    let me = st.me;
    let held = st.held.clone();
    let threads = st.threads;
    let site_addr = site as *const Site as u64;
    let waiters: Vec<String> = with_graph(st, |g| {
        g.threads[me].finished = 1;
        g.threads[me].finish_site = site_addr;
        let mut v = Vec::new();
        for (k, _) in &held {
            for t in 0..threads {
                if g.threads[t].waiting == *k {
                    v.push(format!(
                        "thread {t} waits for {} at {}",
                        lock_name(site_of(g.threads[t].wait_site)),
                        site_of(g.threads[t].wait_site).map(at).unwrap_or_default()
                    ));
                }
            }
        }
        v
    });
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

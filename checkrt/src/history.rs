//! What happened earlier to the objects a report is about, so that a finding can cite the
//! other lines that explain it: where shared memory or a lock was freed and by which
//! thread, where a lock was allocated, where a UPC-IO file was opened (and how), closed, or
//! its asynchronous operation started.
//!
//! Frees and lock allocations may be made by any thread and read by any other, so they go
//! into a ring of recent events in the checker's global region (a slot claimed with one
//! fetch-add, its fields written, then its sequence number; a reader keeps an entry only if
//! the sequence number reads the same before and after).  A report scans the ring newest
//! first.  Events older than the ring are forgotten: their notes are then missing, never
//! wrong.  File events are per thread (every thread opens, closes and starts its own part
//! of an I/O operation), kept in the thread's private state.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ffi::{PShared, Site, Val};
use crate::report::{at, site_of, Related};
use crate::state::{self, Private, GLOBAL};

/// Events kept in the shared ring.
pub const EVENTS: usize = 4096;
/// Events kept in each thread's own ring (see [`push`]).
pub const OWN_EVENTS: usize = 1024;

/// One event of the ring (all-zero: empty).
#[repr(C)]
pub struct Event {
    /// Slot number + 1 of the write that filled it (0: being written or empty).
    seq: AtomicU64,
    body: Body,
}

// SAFETY: atomics of integers only.
unsafe impl state::Plain for Body {}

/// What an event says (written between the two stores of its `seq`).
#[repr(C)]
struct Body {
    /// What happened ([`Tag`]).
    tag: AtomicU64,
    /// A lock: its key; memory: the thread of the partition (u64::MAX: every partition).
    key: AtomicU64,
    /// Memory: the freed bytes [lo, hi) in the partition.
    lo: AtomicU64,
    hi: AtomicU64,
    /// The call's site, and the thread that made it.
    site: AtomicU64,
    thread: AtomicU64,
    /// When (ns of CLOCK_REALTIME): which of two rings' events is the newer.
    at: AtomicU64,
}

/// A ring of `N` events.
#[repr(C)]
pub struct Ring<const N: usize> {
    next: AtomicU64,
    ring: [Event; N],
}

/// The ring of the checker's global region.
pub type Events = Ring<EVENTS>;

/// A thread's own ring, in its slice of the checker's region: where a thread that reaches
/// the global region only through the conduit (every thread its own node) records the
/// frees of memory of its own partition, which it makes without any remote operation (four
/// into the global ring: a loop of `upc_free` of one's own nodes paid them on every free).
pub type OwnEvents = Ring<OWN_EVENTS>;

// SAFETY: atomics of integers only.
unsafe impl state::Plain for OwnEvents {}

#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u64)]
enum Tag {
    MemFreed = 1,
    LockAlloc = 2,
    LockFreed = 3,
}

/// A recorded event, as read back.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    pub site: &'static Site,
    pub thread: usize,
}

fn push(tag: Tag, key: u64, lo: u64, hi: u64, site: &'static Site, thread: usize) {
    let at = now_ns();
    let ev = &state::global().events;
    if pgas::meta::mapped(GLOBAL) {
        return push_in(ev, tag, key, lo, hi, site, thread, at);
    }
    if tag == Tag::MemFreed && key == thread as u64 {
        let own = &state::area(thread).own_events;
        return push_in(own, tag, key, lo, hi, site, thread, at);
    }
    // in thread 0's global area, reached through the conduit: claim the slot, mark it
    // being written, write the event, then its sequence number (each complete at the
    // target when its call returns)
    let n = pgas::meta::word_fetch_add(&ev.next, GLOBAL, 1);
    let e = &ev.ring[(n % EVENTS as u64) as usize];
    pgas::meta::word_store(&e.seq, GLOBAL, 0);
    let body = Body {
        tag: (tag as u64).into(),
        key: key.into(),
        lo: lo.into(),
        hi: hi.into(),
        site: (site as *const Site as u64).into(),
        thread: (thread as u64).into(),
        at: at.into(),
    };
    state::put(GLOBAL, &e.body, &body);
    pgas::meta::word_store(&e.seq, GLOBAL, n + 1);
}

/// [`push`] into a ring this thread maps.
#[allow(clippy::too_many_arguments)]
fn push_in<const N: usize>(
    ev: &Ring<N>,
    tag: Tag,
    key: u64,
    lo: u64,
    hi: u64,
    site: &'static Site,
    thread: usize,
    at: u64,
) {
    let site = site as *const Site as u64;
    let n = ev.next.fetch_add(1, Ordering::Relaxed);
    let e = &ev.ring[(n % N as u64) as usize];
    let b = &e.body;
    e.seq.store(0, Ordering::Release);
    b.tag.store(tag as u64, Ordering::Relaxed);
    b.key.store(key, Ordering::Relaxed);
    b.lo.store(lo, Ordering::Relaxed);
    b.hi.store(hi, Ordering::Relaxed);
    b.site.store(site, Ordering::Relaxed);
    b.thread.store(thread as u64, Ordering::Relaxed);
    b.at.store(at, Ordering::Relaxed);
    e.seq.store(n + 1, Ordering::Release);
}

fn now_ns() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The newest event with `tag` that `hit(key, lo, hi)` accepts (the ring read once, through
/// the conduit where this thread does not map the global area).
fn find(tag: Tag, hit: impl Fn(u64, u64, u64) -> bool) -> Option<Seen> {
    state::seen(GLOBAL, &state::global().events, |ev| find_in(ev, tag, hit)).map(|(s, _)| s)
}

/// [`find`] of a free of memory in partition `t`, also in `t`'s own ring: the newer of the
/// two rings' matches.
fn find_freed(t: usize, hit: impl Fn(u64, u64, u64) -> bool) -> Option<Seen> {
    let global = state::seen(GLOBAL, &state::global().events, |ev| {
        find_in(ev, Tag::MemFreed, &hit)
    });
    let own = (t < pgas::segment::threads())
        .then(|| {
            state::seen(state::home(t), &state::area(t).own_events, |ev| {
                find_in(ev, Tag::MemFreed, &hit)
            })
        })
        .flatten();
    match (global, own) {
        (Some(g), Some(o)) => Some(if o.1 > g.1 { o.0 } else { g.0 }),
        (g, o) => g.or(o).map(|(s, _)| s),
    }
}

/// The newest event of `ev` with `tag` that `hit` accepts, and when it was recorded.
fn find_in<const N: usize>(
    ev: &Ring<N>,
    tag: Tag,
    hit: impl Fn(u64, u64, u64) -> bool,
) -> Option<(Seen, u64)> {
    let end = ev.next.load(Ordering::Acquire);
    let start = end.saturating_sub(N as u64);
    for n in (start..end).rev() {
        let e = &ev.ring[(n % N as u64) as usize];
        let b = &e.body;
        if e.seq.load(Ordering::Acquire) != n + 1 || b.tag.load(Ordering::Relaxed) != tag as u64 {
            continue;
        }
        let (key, lo, hi) = (
            b.key.load(Ordering::Relaxed),
            b.lo.load(Ordering::Relaxed),
            b.hi.load(Ordering::Relaxed),
        );
        let (site, thread, at) = (
            b.site.load(Ordering::Relaxed),
            b.thread.load(Ordering::Relaxed),
            b.at.load(Ordering::Relaxed),
        );
        if e.seq.load(Ordering::Acquire) != n + 1 || !hit(key, lo, hi) {
            continue;
        }
        if let Some(site) = site_of(site) {
            return Some((
                Seen {
                    site,
                    thread: thread as usize,
                },
                at,
            ));
        }
    }
    None
}

/// What a thread knows about one of its UPC-IO file handles.
#[derive(Clone, Copy, Default)]
pub struct FileRec {
    /// The upc_all_fopen that returned it, with its flags.
    pub opened: Option<(&'static Site, u64)>,
    pub closed: Option<&'static Site>,
    /// The asynchronous operation started last and not yet waited for.
    pub async_started: Option<&'static Site>,
}

/// Per-thread file records, keyed by the handle.
pub type Files = HashMap<usize, FileRec>;

/// The name of a site's operation.
fn op_name(site: &Site) -> &'static str {
    site.op().map(|o| o.name).unwrap_or("a call")
}

/// `upcc_check_entry`, after the argument checks: remember frees, closes and the start or
/// end of asynchronous I/O.  Only a call whose arguments are valid is remembered (a second
/// free must not hide the first).
pub fn on_entry(st: &mut Private, site: &'static Site, op: &rules::Op, args: &[Val]) {
    let name = op.name;
    match name {
        "upc_free" | "upc_all_free" => {
            let Some(v) = args.first() else { return };
            // SAFETY: the catalog kind of ptr is Shared.
            let p = unsafe { v.s };
            let Some(o) = pgas::alloc::object_of(p) else {
                return;
            };
            use pgas::alloc::ObjectKind as K;
            let key = match o.kind {
                K::AllAlloc | K::GlobalAlloc => u64::MAX,
                K::Alloc | K::LocalAlloc => o.base.thread as u64,
                _ => return,
            };
            if o.freed || o.base.addr != p.addr {
                return;
            }
            if name == "upc_all_free" {
                st.collective_free = Some((false, p));
            }
            push(
                Tag::MemFreed,
                key,
                o.base.addr,
                o.base.addr + o.room.max(1),
                site,
                st.me,
            );
        }
        "upc_lock_free" | "upc_all_lock_free" => {
            let Some(v) = args.first() else { return };
            // SAFETY: the catalog kind of the lock is Shared.
            let l = unsafe { v.s };
            // (a upc_lock_free has taken the valid -> freed step already: `claim_lock_free`)
            let valid = pgas::lock_is_valid(l) == pgas::LockState::Valid
                || name == "upc_lock_free" && pgas::lock::free_claimed(l);
            if l.is_null() || !valid {
                return;
            }
            if name == "upc_all_lock_free" {
                st.collective_free = Some((true, l));
            }
            push(Tag::LockFreed, crate::lock::key(l), 0, 0, site, st.me);
        }
        "upc_all_fclose" => {
            if let Some(fd) = file_arg(op, args) {
                let r = st.files.entry(fd).or_default();
                if r.closed.is_none() {
                    r.closed = Some(site);
                }
            }
        }
        "upc_all_fwait_async" | "upc_all_ftest_async" => {}
        _ if name.starts_with("upc_all_f") && name.ends_with("_async") => {
            if let Some(fd) = file_arg(op, args) {
                st.files.entry(fd).or_default().async_started = Some(site);
            }
        }
        _ => {}
    }
}

/// Whether `on_entry` remembers calls of `op` (`OpInfo::history`: most calls, upc_memget in
/// a loop, ..., leave none).
pub fn leaves_history(op: &rules::Op) -> bool {
    matches!(
        op.name,
        "upc_free" | "upc_all_free" | "upc_lock_free" | "upc_all_lock_free"
    ) || op.name.starts_with("upc_all_f")
}

/// `upcc_record_exit`: after a collective free, or an operation that completes asynchronous
/// I/O.
#[inline]
pub fn on_exit(st: &mut Private, op: &rules::Op) {
    if st.collective_free.is_some() || !st.files.is_empty() {
        after_free_or_io(st, op);
    }
}

fn after_free_or_io(st: &mut Private, op: &rules::Op) {
    if let Some((is_lock, p)) = st.collective_free.take() {
        // thread 0 frees the object after the collective's barrier, then counts it; wait
        // until it has, so that a use of it after the call is seen as a use after free on
        // every thread
        let n = st.collective_frees;
        st.collective_frees = n + 1;
        let frees = &state::area(0).steps.frees;
        if st.me == 0 {
            frees.store(n + 1, Ordering::Release);
        }
        let counted = || pgas::meta::word_load(frees, state::home(0)) > n;
        // (or the object is freed, or thread 0 is past this collective: a thread 0 that
        // ended with an error in the call never counts it)
        let freed = || {
            if is_lock {
                pgas::lock_is_valid(p) != pgas::LockState::Valid
            } else {
                pgas::alloc::object_of(p).is_none_or(|o| o.freed)
            }
        };
        let mine = st.coll_steps;
        let past = || pgas::meta::word_load(&state::area(0).steps.count, state::home(0)) > mine;
        let t0 = std::time::Instant::now();
        while !counted() && !freed() && !past() && t0.elapsed() < std::time::Duration::from_secs(2)
        {
            std::thread::yield_now();
        }
    }
    if !st.files.is_empty() && op.name == "upc_all_fwait_async" {
        // the handle is not known here: the thread has at most one outstanding operation
        // per file, and waiting completes it
        for r in st.files.values_mut() {
            r.async_started = None;
        }
    }
}

/// The handle argument `fd` of a UPC-IO call.
fn file_arg(op: &rules::Op, args: &[Val]) -> Option<usize> {
    let i = op.arg_index("fd")?;
    // SAFETY: the catalog kind of fd is Ptr.
    Some(unsafe { args.get(i)?.p } as usize)
}

/// `upcc_record_result`: what an allocating call returned.
pub fn on_result(st: &mut Private, site: &'static Site, op: &rules::Op, args: &[Val], r: Val) {
    match op.name {
        "upc_global_lock_alloc" | "upc_all_lock_alloc" => {
            // SAFETY: these return a pointer-to-shared.
            let l = unsafe { r.s };
            // every thread gets the same lock from upc_all_lock_alloc: thread 0 records it
            if !l.is_null() && (op.name == "upc_global_lock_alloc" || st.me == 0) {
                push(Tag::LockAlloc, crate::lock::key(l), 0, 0, site, st.me);
            }
        }
        "upc_all_fopen" => {
            // SAFETY: upc_all_fopen returns a pointer-to-local.
            let fd = unsafe { r.p } as usize;
            if fd == 0 {
                return;
            }
            let flags = op
                .arg_index("flags")
                .and_then(|i| args.get(i))
                // SAFETY: flags travel in .u.
                .map(|v| unsafe { v.u })
                .unwrap_or(0);
            st.files.insert(
                fd,
                FileRec {
                    opened: Some((site, flags)),
                    ..FileRec::default()
                },
            );
        }
        _ => {}
    }
}

/// Where the memory `p` points into was freed, if the ring remembers it.
pub fn mem_freed(p: PShared) -> Option<Seen> {
    find_freed(p.thread as usize, |key, lo, hi| {
        (key == u64::MAX || key == p.thread as u64) && p.addr >= lo && p.addr < hi
    })
}

/// Where lock `l` was freed.
pub fn lock_freed(l: PShared) -> Option<Seen> {
    let k = crate::lock::key(l);
    find(Tag::LockFreed, |key, _, _| key == k)
}

/// Where lock `l` was allocated.
pub fn lock_allocated(l: PShared) -> Option<Seen> {
    let k = crate::lock::key(l);
    find(Tag::LockAlloc, |key, _, _| key == k)
}

/// Where the lock with graph key `k` was allocated.
pub fn lock_allocated_key(k: u64) -> Option<Seen> {
    find(Tag::LockAlloc, |key, _, _| key == k)
}

/// " on thread 2", or ", called by every thread" for a collective call.
fn by_whom(s: &Seen) -> String {
    if s.site.op().is_some_and(|o| o.collective) {
        ", called by every thread".to_string()
    } else {
        format!(" on thread {}", s.thread)
    }
}

/// The sentence for a freed object: `what` was freed at f.upc:12 by upc_free on thread 1.
pub fn freed_related(what: &str, s: &Seen) -> Related {
    Related::new(
        format!(
            "{what} was freed at {} by {}{}",
            at(s.site),
            op_name(s.site),
            by_whom(s)
        ),
        s.site,
    )
}

/// The sentence for a lock's allocation, with the variable that holds it as the call at
/// `user` names it: lock allocated at f.upc:14 by upc_global_lock_alloc on thread 0
/// (variable 'L' declared at f.upc:5).
pub fn lock_alloc_related(k: u64, user: Option<&'static Site>) -> Option<Related> {
    let s = lock_allocated_key(k)?;
    let name = user
        .filter(|u| u.nargs > 0 && !u.arg_text(0).is_empty())
        .map(|u| format!("`{}`", u.arg_text(0)))
        .unwrap_or_default();
    let decl = user.map(|u| declared(u.arg_decl(0))).unwrap_or_default();
    Some(Related::new(
        format!(
            "lock {name}{}allocated at {} by {}{}{decl}",
            if name.is_empty() { "" } else { " " },
            at(s.site),
            op_name(s.site),
            by_whom(&s)
        ),
        s.site,
    ))
}

/// " (variable 'L' declared at f.upc:5, ...)" from a site's declaration list.
pub fn declared(decl: &str) -> String {
    let v: Vec<String> = decl
        .split(';')
        .map(str::trim)
        .filter_map(|d| d.split_once(": "))
        .map(|(var, loc)| format!("variable '{var}' declared at {loc}"))
        .collect();
    if v.is_empty() {
        String::new()
    } else {
        format!(" ({})", v.join(", "))
    }
}

/// The related lines of a broken argument rule: the history of the offending object.
pub fn for_violation(
    st: &Private,
    site: &'static Site,
    op: &rules::Op,
    args: &[Val],
    v: &crate::args::Violation,
) -> Vec<Related> {
    let mut out = Vec::new();
    let Some(i) = v.arg else { return out };
    let (Some(arg), Some(val)) = (op.args.get(i), args.get(i)) else {
        return out;
    };
    match arg.kind {
        rules::ValKind::Shared => {
            // SAFETY: the catalog kind is Shared.
            let p = unsafe { val.s };
            if p.is_null() || p.thread as usize >= st.threads {
                return out;
            }
            match pgas::lock_is_valid(p) {
                pgas::LockState::Freed | pgas::LockState::Valid => {
                    let k = crate::lock::key(p);
                    if let Some(s) =
                        lock_freed(p).filter(|_| pgas::lock_is_valid(p) == pgas::LockState::Freed)
                    {
                        let name = match site.arg_text(i) {
                            "" => "the lock".to_string(),
                            t => format!("the lock `{t}`"),
                        };
                        out.push(freed_related(&name, &s));
                    }
                    if let Some(r) = lock_alloc_related(k, Some(site).filter(|_| i == 0)) {
                        out.push(r);
                    }
                }
                pgas::LockState::NotALock => {
                    if pgas::alloc::object_of(p).is_some_and(|o| o.freed) {
                        if let Some(s) = mem_freed(p) {
                            let name = match site.arg_text(i) {
                                "" => "the memory it points into".to_string(),
                                t => format!("the memory `{t}` points into"),
                            };
                            out.push(freed_related(&name, &s));
                        }
                    }
                }
            }
        }
        rules::ValKind::Ptr if op.name.starts_with("upc_all_f") => {
            // SAFETY: the catalog kind is Ptr.
            let fd = unsafe { val.p } as usize;
            let Some(r) = st.files.get(&fd) else {
                return out;
            };
            if let Some(c) = r.closed {
                out.push(Related::new(
                    format!("the file was closed at {} by upc_all_fclose", at(c)),
                    c,
                ));
            }
            if let (Some(a), None) = (r.async_started, r.closed) {
                out.push(Related::new(
                    format!(
                        "the outstanding asynchronous operation was started at {} by {}",
                        at(a),
                        op_name(a)
                    ),
                    a,
                ));
            }
            if let Some((o, flags)) = r.opened {
                use rules::consts::{UPC_RDONLY, UPC_RDWR, UPC_WRONLY};
                let access = if flags & UPC_RDONLY != 0 {
                    " read-only (UPC_RDONLY)"
                } else if flags & UPC_WRONLY != 0 {
                    " write-only (UPC_WRONLY)"
                } else if flags & UPC_RDWR != 0 {
                    " for reading and writing (UPC_RDWR)"
                } else {
                    ""
                };
                out.push(Related::new(
                    format!("the file was opened{access} at {} by upc_all_fopen", at(o)),
                    o,
                ));
            }
        }
        _ => {}
    }
    out
}

/// Remember a ring step of this thread (a collective operation, a controlling upc_forall,
/// the end of execution): two stores on the collective path.
#[inline]
pub fn remember(st: &mut Private, site: &'static Site) {
    remember_in(st, state::area(st.me), site)
}

/// [`remember`], with this thread's shared area `a`.
#[inline(always)]
pub fn remember_in(st: &mut Private, a: &state::ThreadArea, site: &'static Site) {
    let a = &a.steps;
    let n = st.coll_steps;
    a.hist[n as usize % state::COLL_HIST].store(site as *const Site as u64, Ordering::Relaxed);
    st.coll_steps = n + 1;
    a.count.store(n + 1, Ordering::Release);
}

/// Undo the last [`remember`] (a step remembered early for a report, remembered again at its
/// usual place).
pub fn forget_last(st: &mut Private) {
    let n = st.coll_steps.saturating_sub(1);
    st.coll_steps = n;
    state::area(st.me).steps.count.store(n, Ordering::Release);
}

/// Thread t's remembered ring steps, oldest first: (step number from 1, site).
fn steps_of(t: usize) -> Vec<(u64, &'static Site)> {
    state::seen(state::home(t), &state::area(t).steps, |a| {
        let end = a.count.load(Ordering::Acquire);
        let start = end.saturating_sub(state::COLL_HIST as u64);
        (start..end)
            .filter_map(|n| {
                site_of(a.hist[n as usize % state::COLL_HIST].load(Ordering::Relaxed))
                    .map(|s| (n + 1, s))
            })
            .collect()
    })
}

/// A ring step in user words.
pub fn step_text(site: &Site) -> String {
    match site.op().map(|o| o.name) {
        Some("upc_forall") => format!("the upc_forall at {}", at(site)),
        Some(name) => format!("{name} at {}", at(site)),
        None => format!("the end of execution at {}", at(site)),
    }
}

/// Shown per thread in a divergence history.
const SHOWN_STEPS: usize = 4;

/// Where threads `a` and `b` diverged: each one's last collective operations with their
/// lines, and the first operation after which they were at different lines.
pub fn divergence(f: &mut crate::report::Finding, a: usize, b: usize) {
    let (ha, hb) = (steps_of(a), steps_of(b));
    if ha.is_empty() || hb.is_empty() {
        return;
    }
    for (t, h) in [(a, &ha), (b, &hb)] {
        let shown: Vec<String> = h[h.len().saturating_sub(SHOWN_STEPS)..]
            .iter()
            .map(|(n, s)| format!("#{n} {}", step_text(s)))
            .collect();
        f.notes.push(format!(
            "collective operations of thread {t}, oldest first: {}",
            shown.join(", ")
        ));
    }
    // steps both remember, by number
    let common: Vec<(u64, &Site, &Site)> = ha
        .iter()
        .filter_map(|(n, sa)| {
            hb.iter()
                .find(|(m, _)| m == n)
                .map(|(_, sb)| (*n, *sa, *sb))
        })
        .collect();
    // the first remembered step where they stood at different lines (later steps may
    // meet the same line again by chance)
    let same = |x: &Site, y: &Site| std::ptr::eq(x, y);
    let Some(i) = common.iter().position(|(_, x, y)| !same(x, y)) else {
        return;
    };
    let (n, sa, sb) = common[i];
    let (what, before) = match i {
        // (the steps before it are no longer remembered)
        0 if n > 1 => (
            format!("the threads were already at different collective operations in #{n}, the earliest both remember"),
            String::new(),
        ),
        0 => (format!("the threads diverged at collective operation #{n}"), String::new()),
        _ => (
            format!("the threads diverged at collective operation #{n}"),
            format!("; both were at {} in #{}", step_text(common[i - 1].1), common[i - 1].0),
        ),
    };
    let text = format!(
        "{what}: thread {a} was at {} while thread {b} was at {}{before}",
        step_text(sa),
        step_text(sb)
    );
    f.related.push(Related::new(text, sa));
    let forall = |h: &[(u64, &Site)]| {
        h.iter()
            .any(|(_, s)| s.op().is_some_and(|o| o.name == "upc_forall"))
    };
    if forall(&ha) || forall(&hb) {
        f.notes.push(crate::forall::LOOP_COUNTS.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(op: &str, line: i32) -> &'static Site {
        Box::leak(Box::new(Site {
            file: c"h.upc".as_ptr(),
            line,
            col: 1,
            op: rules::lookup(op).map(|(i, _)| i as i32).unwrap_or(-1),
            nargs: 0,
            arg_text: std::ptr::null(),
            arg_decl: std::ptr::null(),
            func: c"main".as_ptr(),
            source_line: std::ptr::null(),
        }))
    }

    #[test]
    fn only_frees_and_file_calls_leave_history() {
        for op in [
            "upc_free",
            "upc_all_lock_free",
            "upc_all_fclose",
            "upc_all_fread_local_async",
        ] {
            assert!(leaves_history(rules::lookup(op).unwrap().1), "{op}");
        }
        for op in ["upc_memget", "upc_lock", "upc_barrier"] {
            assert!(!leaves_history(rules::lookup(op).unwrap().1), "{op}");
        }
    }

    #[test]
    fn declarations_read_naturally() {
        assert_eq!(
            declared("L: a.upc:5; n: a.upc:7"),
            " (variable 'L' declared at a.upc:5, variable 'n' declared at a.upc:7)"
        );
        assert_eq!(declared(""), "");
    }

    #[test]
    fn steps_in_user_words() {
        assert_eq!(step_text(site("upc_barrier", 9)), "upc_barrier at h.upc:9");
        assert_eq!(
            step_text(site("upc_forall", 12)),
            "the upc_forall at h.upc:12"
        );
        assert_eq!(
            step_text(site("no such operation", 30)),
            "the end of execution at h.upc:30"
        );
    }

    #[test]
    fn who_freed_it() {
        let s = Seen {
            site: site("upc_free", 4),
            thread: 3,
        };
        assert_eq!(
            freed_related("the memory `p` points into", &s).text,
            "the memory `p` points into was freed at h.upc:4 by upc_free on thread 3"
        );
        let s = Seen {
            site: site("upc_all_free", 6),
            thread: 0,
        };
        let r = freed_related("the memory", &s);
        assert_eq!(
            r.text,
            "the memory was freed at h.upc:6 by upc_all_free, called by every thread"
        );
        assert_eq!((r.file.as_str(), r.line), ("h.upc", 6));
    }
}

//! The barrier statements of a checked build (`upcc_barrier`, `upcc_notify`, `upcc_wait`,
//! declared in `upcc_hooks.h`): the checks, the runtime's operation and what follows it, in
//! one call.
//!
//! They do what `upcc_check_entry` / `upcc_record_exit` do for these operations, with the
//! deadlock checks alone on (the usual checked build), in the usual state (no `upc_forall`
//! running, no lock held, no notify pending before a barrier): the collective step in the
//! thread's history, the `upc_forall` digest folded into the word the runtime's arrival
//! carries (`pgas::barrier::agree`), the signature published and the neighbours' news read
//! (`collective::after_arrival`), the split-phase state, and the site the status record shows
//! while the thread waits (`pgas::barrier::wait_at`, one store of it there, only if the wait
//! has to wait).  Only the word and a barrier value come before the arrival; the rest after
//! it, while the thread waits; after a upc_barrier's wait nothing, after a upc_wait's the
//! split phase ends.
//! Without a barrier value, with more than one thread and the ring and the locks in the
//! node's memory (the usual case), the statements take the lean path ([`lean`],
//! [`lean_notify`]): without `upc_forall` loops since the previous collective they only
//! record their site and publish later, when it is needed ([`Deferred`]); after loops they
//! do the same work in fewer instructions ([`lean_arrived`]).
//! Anything else (another check on, a state that is reported, race checking) goes to the
//! generic hooks, out of line, which check and report exactly as before.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::ffi::{Site, Val};
use crate::hooks::{upcc_check_entry, upcc_record_exit};
use crate::ring::Slot;
use crate::signature::Signature;
use crate::state::{self, Private};

/// The signature code of the barrier statements, and whether their dedicated path may run
/// (set when a thread starts, and kept true to the state by [`refresh_paths`]).
#[derive(Clone, Copy, Default)]
pub struct SyncPath {
    /// Deadlock checks on and nothing else that watches barriers (race checking), the
    /// thread running, and nothing for the generic exit hook to check (a collective's free,
    /// open UPC-IO files): the barrier statements may take their dedicated path, in the
    /// usual state (see [`plain`]).
    pub barrier: bool,
    /// `barrier`, more than one thread, the ring and the locks in the node's memory: a
    /// barrier statement without a value takes the lean path (see [`lean`]).
    lean: Option<Lean>,
    /// `upc_barrier` and `upc_notify` (one code: a barrier is a notify and a wait).
    pub notify_code: u32,
    /// The barrier statements of the lean path that this thread's shared area does not
    /// show yet (see [`lean_notify`]).
    deferred: Deferred,
}

/// Barrier statements that took the lean path without publishing anything (see
/// [`lean_notify`]).  They are published ([`publish_deferred`]) when the thread's wait goes
/// to sleep, when the runtime finds a barrier error or a phase where threads were at
/// different operations, and before any checker code that reads or writes what they
/// would have published (`state::get`; the hooks of data movement leave them deferred).
#[derive(Clone, Copy, Default)]
struct Deferred {
    /// How many (0: the shared area is up to date).
    count: u64,
    /// Their sites, the i-th (from 0) at `i % COLL_HIST`: the latest COLL_HIST are all the
    /// thread's history keeps.
    sites: [Option<&'static Site>; state::COLL_HIST],
}

/// What the lean path reaches: this thread's shared area and its right neighbour's ring
/// slot (the ring's barrier news, `ring::news_waiting`).
#[derive(Clone, Copy)]
struct Lean {
    area: &'static state::ThreadArea,
    right: &'static Slot<AtomicU32>,
}

impl SyncPath {
    /// For a thread that starts (the path is opened by [`refresh_paths`]).
    pub fn new() -> Self {
        let code = |name: &str| {
            rules::lookup(name)
                .and_then(|(id, _)| crate::optable::table().get(id))
                .map_or(0, |i| i.code)
        };
        SyncPath {
            barrier: false,
            lean: None,
            notify_code: code("upc_notify"),
            deferred: Deferred::default(),
        }
    }
}

/// A barrier statement through the generic hooks, for the cases the dedicated path leaves
/// to them: `run(has_value, value)` is the runtime's operation.
#[cold]
#[inline(never)]
unsafe fn generic(
    site: *const Site,
    has_value: c_int,
    value: c_int,
    run: extern "C" fn(c_int, c_int),
) {
    let mut a = [Val { i: value as i64 }];
    let args = if has_value != 0 {
        a.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    upcc_check_entry(site, args);
    run(has_value, value);
    upcc_record_exit(site);
}

/// Whether a barrier statement at `site` may take the dedicated path (`notified`: a
/// upc_notify is pending, as a upc_wait needs and the others must not find): the thread in
/// the usual state, no `upc_forall` running, no lock held.
#[inline(always)]
fn plain(st: &Private, site: *const Site, notified: bool) -> bool {
    st.sync.barrier
        && st.notified.is_some() == notified
        && st.forall.is_empty()
        && !pgas::lock::holds_any()
        && !site.is_null()
}

/// Whether a barrier statement at `site` may take the lean path (`notified`: a upc_notify is
/// pending, as a upc_wait needs and the others must not find): the dedicated path's usual
/// state ([`plain`]) with no barrier value, more than one thread and the ring and the locks
/// in the node's memory.  It does what the dedicated path does in that case, in fewer
/// instructions (what the rest costs: benches/README.md, `sync/`).
#[inline(always)]
fn lean(st: &Private, site: *const Site, has_value: c_int, notified: bool) -> Option<Lean> {
    let l = st.sync.lean?;
    (has_value == 0
        && st.notified.is_some() == notified
        && st.forall.is_empty()
        && !pgas::lock::holds_any_in_node()
        && !site.is_null())
    .then_some(l)
}

/// The arrival of a upc_barrier (`barrier`) or upc_notify on the lean path.
///
/// Without `upc_forall` loops since the previous collective operation (the usual case in
/// a loop of barriers), the arrival carries no word (the word of no loops is 0,
/// `ring::forall_word`, which is what an arrival without a word adds) and the statement
/// only updates the thread's private state and records its site ([`Deferred`]).  What
/// [`lean_arrived`] would publish is published when a barrier's wait goes to sleep, when
/// the runtime finds a barrier error ([`publish`]), and before any other checker code
/// runs.  A thread that does not wait long is not the one the others wait for, and no
/// comparison of the ring needs its signature before then: its neighbours that go ahead
/// leave their signatures in its mailbox, and it finds them when it publishes (see
/// `ring::held_at_barrier` and `collective::after_arrival`).  At 2 threads the thread that
/// completes a phase usually completes the next one too, and the other one waits for a
/// moment only, so the work either does between two arrivals is what a barrier costs
/// (benches/README.md, `sync/`).
///
/// With loops: the word the runtime's arrival carries, the arrival, and [`lean_arrived`].
#[inline(always)]
unsafe fn lean_notify(st: &mut Private, l: Lean, site: &'static Site, barrier: bool) {
    if st.forall_since.loops != 0 {
        return lean_notify_after_loops(st, l, site, barrier);
    }
    pgas::barrier::notify(pgas::barrier::Kind::User, None);
    lean_private(st, site, barrier);
    let d = &mut st.sync.deferred;
    d.sites[(d.count % state::COLL_HIST as u64) as usize] = Some(site);
    d.count += 1;
}

/// Publish what the lean path deferred: registered with `pgas::barrier::on_checker_publish`,
/// for a barrier's wait that goes to sleep and a barrier error the runtime found.
pub(crate) fn publish() {
    // (`state::get` publishes it)
    let _ = state::get();
}

/// [`lean_notify`] after `upc_forall` loops: the word, the arrival, [`lean_arrived`] (out
/// of line: the deferring path saves fewer registers without it).
#[inline(never)]
unsafe fn lean_notify_after_loops(st: &mut Private, l: Lean, site: &'static Site, barrier: bool) {
    publish_deferred(st);
    pgas::barrier::agree(crate::ring::forall_word(st.forall_since.digest));
    pgas::barrier::notify(pgas::barrier::Kind::User, None);
    lean_arrived(st, l, site, barrier);
}

/// The thread's private state after the arrival of a upc_barrier (`barrier`) or upc_notify
/// without a value at `site`, and the site its status record shows if the barrier's wait
/// has to wait.
#[inline(always)]
fn lean_private(st: &mut Private, site: &'static Site, barrier: bool) {
    st.phase = st.phase.wrapping_add(1).max(1);
    st.notify_value = None;
    if barrier {
        st.last_wait = Some((site, site));
        pgas::barrier::wait_at(site as *const Site as *const std::ffi::c_void);
    } else {
        st.notified = Some(site);
    }
}

/// Publish the barrier statements the lean path deferred ([`Deferred`]), if any.
#[inline(always)]
pub(crate) fn publish_deferred(st: &mut Private) {
    if st.sync.deferred.count != 0 {
        publish_now(st);
    }
}

/// What [`lean_arrived`] publishes, for all the deferred statements at once: their steps
/// in the history, `sync_phase` toggled once for each, the latest in `shown`, the count
/// and the latest two signatures in the ring's barrier slot; then, after the fence, what
/// the neighbours left (`ring::news_waiting`).
#[inline(never)]
fn publish_now(st: &mut Private) {
    let d = std::mem::take(&mut st.sync.deferred);
    let n = d.count;
    let site = |i: u64| {
        d.sites[(i % state::COLL_HIST as u64) as usize].expect("a deferred statement's site")
    };
    let a = state::area(st.me);
    let kept = n.min(state::COLL_HIST as u64);
    st.coll_steps += n - kept;
    for i in n - kept..n {
        crate::history::remember_in(st, a, site(i));
    }
    let slot = &a.slot;
    slot.sync_phase.store(
        slot.sync_phase.load(Ordering::Relaxed) ^ (n & 1) as u32,
        Ordering::Release,
    );
    let op = st.sync.notify_code;
    // (no loops since the previous collective: what `forall::take_since` gives then)
    let log = st.forall_since.log;
    // SAFETY: `shown` is written by this thread only; readers take volatile copies.
    let shown = unsafe { &mut *a.shown.get() };
    (shown.op, shown.site) = (op, site(n - 1) as *const Site as u64);
    crate::ring::barriers_publish_in(slot, n, |i, s| {
        (s.op, s.n, s.site) = (op, 0, site(i) as *const Site as u64);
        (s.forall, s.forall_loops) = (0, log);
    });
    // (see `collective::after_arrival`)
    std::sync::atomic::fence(Ordering::SeqCst);
    let right = &state::area((st.me + 1) % st.threads).slot;
    if crate::ring::news_waiting::<state::Segment>(slot, right) {
        crate::collective::barrier_news(st);
    }
}

/// The lean path after the runtime's arrival of a upc_barrier (`barrier`) or upc_notify
/// without a value at `site`: what [`after_arrival`] does, with the signature written once,
/// in place, where the ring's barrier readers find it (`ring::barrier_publish_in`), and only
/// its operation and site in `shown` (a barrier's signature has no values, and reports
/// read the rest from the published one).
#[inline(always)]
unsafe fn lean_arrived(st: &mut Private, l: Lean, site: &'static Site, barrier: bool) {
    lean_private(st, site, barrier);
    crate::history::remember_in(st, l.area, site);
    let slot = &l.area.slot;
    slot.sync_phase.store(
        slot.sync_phase.load(Ordering::Relaxed) ^ 1,
        Ordering::Release,
    );
    let op = st.sync.notify_code;
    let at = site as *const Site as u64;
    let (forall, forall_loops) = crate::forall::take_since(st);
    // SAFETY: `shown` is written by this thread only; readers take volatile copies.
    let shown = &mut *l.area.shown.get();
    (shown.op, shown.site) = (op, at);
    crate::ring::barrier_publish_in(slot, |s| {
        (s.op, s.n, s.site) = (op, 0, at);
        (s.forall, s.forall_loops) = (forall, forall_loops);
    });
    // (see `collective::after_arrival`)
    std::sync::atomic::fence(Ordering::SeqCst);
    if crate::ring::news_waiting::<state::Segment>(slot, l.right) {
        crate::collective::barrier_news(st);
    }
}

/// The checks before the runtime's arrival of upc_barrier (`barrier`) or upc_notify on the
/// dedicated path: only what the arrival needs, the word it carries (the `upc_forall`
/// digest, `pgas::barrier::agree`) and a barrier value.  Over the conduit's one-sided
/// operations the ring's step comes here too, with the signature.
#[inline(always)]
unsafe fn before_arrival(
    st: &mut Private,
    site: &'static Site,
    has_value: c_int,
    value: c_int,
    barrier: bool,
) {
    if st.remote.is_some() {
        let sig = signature(st, state::area(st.me), site);
        crate::collective::arrive(st, sig);
    } else if st.threads > 1 {
        pgas::barrier::agree(crate::ring::forall_word(st.forall_since.digest));
    }
    if has_value != 0 {
        // (a value is compared before the arrival: see `barrier::notify`)
        crate::barrier::notify(st, site, notify_op(barrier), Some(value));
    }
}

/// The signature of a barrier statement at `site`, made in place in `shown` (a barrier's
/// has no value words), with the `upc_forall` loops run since the previous collective
/// folded in.
#[inline(always)]
unsafe fn signature(
    st: &mut Private,
    a: &'static state::ThreadArea,
    site: &'static Site,
) -> &'static Signature {
    // SAFETY: `shown` is written by this thread only; readers take volatile copies.
    let sig: &mut Signature = &mut *a.shown.get();
    sig.op = st.sync.notify_code;
    sig.n = 0;
    sig.site = site as *const Site as u64;
    crate::forall::fold_into(st, sig);
    sig
}

fn notify_op(barrier: bool) -> &'static str {
    if barrier {
        "upc_barrier"
    } else {
        "upc_notify"
    }
}

/// The rest of the checks of upc_barrier or upc_notify, right after the runtime's arrival:
/// nothing of it can hold up the others (a thread that arrives first does it while it
/// waits; the last one while the others wake up).  The split-phase state (a upc_barrier's
/// is over at once), the history, `sync_phase`, the signature and the ring's part (see
/// `collective::after_arrival`), and the site the status record shows if the barrier's
/// wait has to wait (`pgas::barrier::wait_at`).
///
/// Not `coll_op`: it is read only of a thread that holds a lock (`lock::holder_state`),
/// and a thread on this path holds none.
#[inline(always)]
unsafe fn after_arrival(st: &mut Private, site: &'static Site, has_value: c_int, barrier: bool) {
    match (barrier, has_value != 0) {
        (true, false) => crate::barrier::passed(st, site),
        (true, true) => crate::barrier::waited(st, site),
        (false, false) => crate::barrier::notify(st, site, notify_op(false), None),
        (false, true) => {}
    }
    crate::history::remember(st, site);
    let a = state::area(st.me);
    // (a notify ends the thread's part in the phase: see `collective::entry`)
    a.slot.sync_phase.store(
        a.slot.sync_phase.load(Ordering::Relaxed) ^ 1,
        Ordering::Release,
    );
    if barrier {
        pgas::barrier::wait_at(site as *const Site as *const std::ffi::c_void);
    }
    if st.remote.is_none() {
        let sig = signature(st, a, site);
        crate::collective::after_arrival(st, sig);
    }
}

/// Before upc_wait on the dedicated path: the value check, and the site the status record
/// shows if the wait has to wait.
#[inline(always)]
unsafe fn before_wait(st: &mut Private, site: &'static Site, has_value: c_int, value: c_int) {
    if has_value != 0 {
        crate::barrier::before_wait(st, site, Some(value));
    }
    pgas::barrier::wait_at(site as *const Site as *const std::ffi::c_void);
}

fn value_of(has_value: c_int, value: c_int) -> Option<i32> {
    (has_value != 0).then_some(value)
}

/// `upc_barrier` (`has_value`: `upc_barrier value`) of a checked build: the checks, the
/// runtime's barrier and what follows it, in one call.
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_barrier(site: *const Site, has_value: c_int, value: c_int) {
    let Some(st) = state::get_deferring() else {
        return pgas::barrier::upcr_barrier(has_value, value);
    };
    let Some(l) = lean(st, site, has_value, false) else {
        return barrier_off_lean(st, site, has_value, value);
    };
    // SAFETY: a static upcc_site_t of the translated program (not null: `lean`).
    lean_notify(st, l, &*site, true);
    pgas::barrier::wait(pgas::barrier::Kind::User, None, c"upc_barrier");
}

/// [`upcc_barrier`] off the lean path: with a value, over the conduit's ring, or through the
/// generic hooks.
#[inline(never)]
unsafe fn barrier_off_lean(st: &mut Private, site: *const Site, has_value: c_int, value: c_int) {
    publish_deferred(st);
    if !plain(st, site, false) {
        return generic(site, has_value, value, pgas::barrier::upcr_barrier);
    }
    // SAFETY: a static upcc_site_t of the translated program (not null: `plain`).
    let site: &'static Site = &*site;
    before_arrival(st, site, has_value, value, true);
    let v = value_of(has_value, value);
    pgas::barrier::notify(pgas::barrier::Kind::User, v);
    after_arrival(st, site, has_value, true);
    pgas::barrier::wait(pgas::barrier::Kind::User, v, c"upc_barrier");
}

/// `upc_notify` of a checked build (see [`upcc_barrier`]).
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_notify(site: *const Site, has_value: c_int, value: c_int) {
    let Some(st) = state::get_deferring() else {
        return pgas::barrier::upcr_notify(has_value, value);
    };
    let Some(l) = lean(st, site, has_value, false) else {
        return notify_off_lean(st, site, has_value, value);
    };
    // SAFETY: as in `upcc_barrier`.
    lean_notify(st, l, &*site, false);
}

/// [`upcc_notify`] off the lean path (see [`barrier_off_lean`]).
#[inline(never)]
unsafe fn notify_off_lean(st: &mut Private, site: *const Site, has_value: c_int, value: c_int) {
    publish_deferred(st);
    if !plain(st, site, false) {
        return generic(site, has_value, value, pgas::barrier::upcr_notify);
    }
    // SAFETY: as in `upcc_barrier`.
    let site: &'static Site = &*site;
    before_arrival(st, site, has_value, value, false);
    pgas::barrier::notify(pgas::barrier::Kind::User, value_of(has_value, value));
    after_arrival(st, site, has_value, false);
}

/// `upc_wait` of a checked build (see [`upcc_barrier`]).
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_wait(site: *const Site, has_value: c_int, value: c_int) {
    let Some(st) = state::get_deferring() else {
        return pgas::barrier::upcr_wait(has_value, value);
    };
    if lean(st, site, has_value, true).is_some() {
        // SAFETY: as in `upcc_barrier`.
        let site: &'static Site = &*site;
        // (the split phase ends before the runtime's wait, as a upc_barrier's does: nothing
        // runs after a wait that does not wait, and nothing during one reads it)
        crate::barrier::waited(st, site);
        pgas::barrier::wait_at(site as *const Site as *const std::ffi::c_void);
        return pgas::barrier::wait(pgas::barrier::Kind::User, None, c"upc_wait");
    }
    wait_off_lean(st, site, has_value, value)
}

/// [`upcc_wait`] off the lean path (see [`barrier_off_lean`]).
#[inline(never)]
unsafe fn wait_off_lean(st: &mut Private, site: *const Site, has_value: c_int, value: c_int) {
    publish_deferred(st);
    if !plain(st, site, true) {
        return generic(site, has_value, value, pgas::barrier::upcr_wait);
    }
    // SAFETY: as in `upcc_barrier`.
    let site: &'static Site = &*site;
    before_wait(st, site, has_value, value);
    pgas::barrier::wait(
        pgas::barrier::Kind::User,
        value_of(has_value, value),
        c"upc_wait",
    );
    // (taken again: the runtime's wait may have called into the checker)
    if let Some(st) = state::get() {
        crate::barrier::waited(st, site);
    }
}

/// Whether the lock operations may take their dedicated path now (`upcc_lock_path`, read by
/// the inline `upcc_lock`, `upcc_lock_attempt` and `upcc_unlock` of `upcc_hooks.h`): argument
/// and deadlock checks on, race checking off, the thread running,
/// the locks in the node's shared memory (not over the conduit), and nothing for the generic
/// exit hook to check (a collective's free, open UPC-IO files).  Kept true to the state by
/// [`refresh_paths`] at the thread's start and end and after each generic hook, the only
/// code that changes what it depends on.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static upcc_lock_path: AtomicBool = AtomicBool::new(false);

/// Bring the dedicated paths' conditions up to date with `st`: `upcc_lock_path` and
/// [`SyncPath::barrier`].
pub(crate) fn refresh_paths(st: &mut Private) {
    let c = &st.cfg;
    let nothing_at_exit = st.collective_free.is_none() && st.files.is_empty();
    upcc_lock_path.store(
        c.args
            && c.deadlock
            && !c.race
            && st.active
            && nothing_at_exit
            && pgas::rma::control().is_none(),
        Ordering::Relaxed,
    );
    st.sync.barrier = c.deadlock && !c.race && st.active && (nothing_at_exit || !c.args);
    let in_node = st.remote.is_none() && pgas::rma::control().is_none();
    st.sync.lean = (st.sync.barrier && st.threads > 1 && in_node).then(|| Lean {
        area: state::area(st.me),
        right: &state::area((st.me + 1) % st.threads).slot,
    });
}

/// What a lock operation of the dedicated path tells the checker: another thread holds the
/// lock (the wait-for edge, the deadlock test, the status record), and it was handed over.
static CONTENTION: pgas::lock::ContentionHooks = pgas::lock::ContentionHooks {
    contended: |site, l| {
        if let Some(st) = state::get() {
            // SAFETY: the runtime passes back the static upcc_site_t of the call.
            crate::lock::contended(st, unsafe { &*(site as *const Site) }, l);
        }
    },
    granted: || {
        if let Some(st) = state::get() {
            crate::lock::granted_after_wait(st);
        }
    },
};

/// Register the dedicated lock path's hooks with the runtime (a thread's start).
pub(crate) fn register_lock_path() {
    pgas::lock::set_contention_hooks(&CONTENTION);
}

/// upc_lock / upc_unlock through the generic hooks, which check and report everything.
/// (upc_lock_attempt: `generic_lock_attempt`.)
#[cold]
#[inline(never)]
unsafe fn generic_lock(site: *const Site, l: crate::ffi::PShared, lock: bool) {
    let mut a = [Val { s: l }];
    upcc_check_entry(site, a.as_mut_ptr());
    if lock {
        pgas::lock::upc_lock(l);
    } else {
        pgas::lock::upc_unlock(l);
    }
    upcc_record_exit(site);
}

/// `upc_lock(l)` at `site` off the dedicated path, or refused by the runtime (not a live
/// lock, a relock): the generic hooks check and report; before the checker's state exists,
/// unchecked.
///
/// # Safety
/// `site` points to a static upcc_site_t (or is null).
#[no_mangle]
pub unsafe extern "C" fn upcc_lock_slow(site: *const Site, l: crate::ffi::PShared) {
    if state::get().is_none() {
        return pgas::lock::upc_lock(l);
    }
    generic_lock(site, l, true)
}

/// `upc_lock_attempt(l)` at `site` off the dedicated path, or refused (see
/// [`upcc_lock_slow`]).
///
/// # Safety
/// As for [`upcc_lock_slow`].
#[no_mangle]
pub unsafe extern "C" fn upcc_lock_attempt_slow(
    site: *const Site,
    l: crate::ffi::PShared,
) -> c_int {
    if state::get().is_none() {
        return pgas::lock::upc_lock_attempt(l);
    }
    generic_lock_attempt(site, l)
}

/// A `upc_lock_attempt(l)` at `site` of the dedicated path did not take the lock: the
/// livelock watch (`crate::lock::attempt_failed`).
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_lock_attempt_failed(site: *const Site, l: crate::ffi::PShared) {
    let Some(st) = state::get() else { return };
    if site.is_null() {
        return;
    }
    crate::lock::attempt_failed(st, &*site, l, crate::lock::key(l));
}

#[cold]
#[inline(never)]
unsafe fn generic_lock_attempt(site: *const Site, l: crate::ffi::PShared) -> c_int {
    let mut a = [Val { s: l }];
    upcc_check_entry(site, a.as_mut_ptr());
    let taken = pgas::lock::upc_lock_attempt(l);
    upcc_record_exit(site);
    taken
}

/// `upc_unlock(l)` at `site` off the dedicated path, or refused by the runtime (not a live
/// lock, not held by this thread; see [`upcc_lock_slow`]).
///
/// # Safety
/// As for [`upcc_lock_slow`].
#[no_mangle]
pub unsafe extern "C" fn upcc_unlock_slow(site: *const Site, l: crate::ffi::PShared) {
    if state::get().is_none() {
        return pgas::lock::upc_unlock(l);
    }
    generic_lock(site, l, false)
}

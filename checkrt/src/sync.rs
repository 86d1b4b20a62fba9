//! The barrier statements of a checked build (`upcc_barrier`, `upcc_notify`, `upcc_wait`,
//! declared in `upcc_hooks.h`): the checks, the runtime's operation and what follows it, in
//! one call.
//!
//! They do what `upcc_check_entry` / `upcc_record_exit` do for these operations, with the
//! deadlock checks alone on (the usual checked build), in the usual state (no `upc_forall`
//! running, no lock held, no notify pending before a barrier): the collective step in the
//! thread's history, the `upc_forall` digest folded into the word the runtime's arrival
//! carries (`pgas::barrier::agree`), the signature published and the neighbours' news read
//! (`collective::arrive_quietly` and `after_arrival`), the split-phase state, and the status
//! record by one store of the site (`pgas::status::set_waiting_at`).  Only the word and a
//! barrier value come before the arrival; the rest after it, while the thread waits.
//! Anything else (another check on, a state that is reported, race checking) goes to the
//! generic hooks, out of line, which check and report exactly as before.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ffi::{Site, Val};
use crate::hooks::{upcc_check_entry, upcc_record_exit};
use crate::ring::SYNC_BIT;
use crate::signature::Signature;
use crate::state::{self, Private};

/// Signature codes of the barrier statements, and whether their dedicated path may run
/// (set when a thread starts).
#[derive(Clone, Copy, Default)]
pub struct SyncPath {
    /// Active, deadlock checks on, nothing else that watches barriers (race checking).
    pub fast: bool,
    /// `upc_barrier` and `upc_notify` (one code: a barrier is a notify and a wait).
    pub notify_code: u32,
    pub wait_code: u32,
    /// The dedicated path of upc_lock / upc_unlock may run: argument and deadlock checks
    /// on, race checking off.
    pub lock_fast: bool,
}

impl SyncPath {
    /// For a thread that starts with configuration `st.cfg`.
    pub fn new(st: &Private) -> Self {
        let code = |name: &str| {
            rules::lookup(name)
                .and_then(|(id, _)| crate::optable::table().get(id))
                .map_or(0, |i| i.code)
        };
        SyncPath {
            fast: st.cfg.deadlock && !st.cfg.race,
            notify_code: code("upc_notify"),
            wait_code: code("upc_wait"),
            lock_fast: st.cfg.args && st.cfg.deadlock && !st.cfg.race,
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

/// The checks before upc_barrier (`barrier`) or upc_notify on the dedicated path, up to the
/// runtime's arrival: only what the arrival needs (the word it carries, a barrier value) and
/// the split-phase rules.  None if the generic hooks must run instead.
#[inline(always)]
unsafe fn notify_entry(
    st: &mut Private,
    site: *const Site,
    has_value: c_int,
    value: c_int,
    barrier: bool,
) -> Option<&'static Site> {
    if !st.sync.fast
        || !st.active
        || st.notified.is_some()
        || !st.forall.is_empty()
        || pgas::lock::holds_any()
        || site.is_null()
    {
        return None;
    }
    // SAFETY: a static upcc_site_t of the translated program.
    let site: &'static Site = &*site;
    // the signature is made in place, in `shown` (a barrier's has no value words)
    // SAFETY: `shown` is written by this thread only; readers take volatile copies.
    let sig: &mut Signature = &mut *state::area(st.me).shown.get();
    sig.op = st.sync.notify_code;
    sig.n = 0;
    sig.site = site as *const Site as u64;
    crate::forall::fold_into(st, sig);
    crate::collective::arrive_quietly(st, sig);
    if has_value != 0 {
        // (a value is compared before the arrival: see `barrier::notify`)
        crate::barrier::notify(st, site, notify_op(barrier), Some(value));
    }
    Some(site)
}

fn notify_op(barrier: bool) -> &'static str {
    if barrier {
        "upc_barrier"
    } else {
        "upc_notify"
    }
}

/// The rest of a [`notify_entry`], right after the runtime's arrival: nothing of it can hold
/// up the others (a thread that arrives first does it while it waits; the last one while
/// the others wake up).  The split-phase state (without a value), the history, the state the
/// lock checks and the reports read, and the second half of `collective::arrive_quietly`.
#[inline(always)]
unsafe fn arrived(st: &mut Private, site: &'static Site, has_value: c_int, barrier: bool) {
    if has_value == 0 {
        crate::barrier::notify(st, site, notify_op(barrier), None);
    }
    crate::history::remember(st, site);
    let a = state::area(st.me);
    let slot = &a.slot;
    if barrier {
        slot.sync_phase.store(
            slot.sync_phase.load(Ordering::Relaxed) ^ 1,
            Ordering::Release,
        );
    }
    slot.coll_op.store(
        st.sync.notify_code | if barrier { SYNC_BIT } else { 0 },
        Ordering::Release,
    );
    pgas::status::set_waiting_at(site as *const Site as *const std::ffi::c_void);
    // SAFETY: written by this thread only (`notify_entry` made the signature there).
    crate::collective::after_arrival(st, &*a.shown.get());
}

/// The checks before upc_wait on the dedicated path: false if the generic hooks must run
/// instead.
#[inline(always)]
unsafe fn wait_entry(st: &mut Private, site: *const Site, has_value: c_int, value: c_int) -> bool {
    if !st.sync.fast
        || !st.active
        || st.notified.is_none()
        || !st.forall.is_empty()
        || pgas::lock::holds_any()
        || site.is_null()
    {
        return false;
    }
    // SAFETY: a static upcc_site_t of the translated program.
    let site: &'static Site = &*site;
    if has_value != 0 {
        crate::barrier::before_wait(st, site, Some(value));
    }
    state::area(st.me)
        .slot
        .coll_op
        .store(st.sync.wait_code | SYNC_BIT, Ordering::Release);
    pgas::status::set_waiting_at(site as *const Site as *const std::ffi::c_void);
    true
}

/// After a barrier statement of the dedicated path (`waited`: its upc_wait is over).
#[inline(always)]
unsafe fn exit(site: *const Site, waited: bool) {
    // (taken again: the runtime's wait may have called into the checker)
    let Some(st) = state::get() else { return };
    pgas::status::clear_waiting_at();
    if st.cfg.args && (st.collective_free.is_some() || !st.files.is_empty()) {
        return upcc_record_exit(site);
    }
    state::area(st.me).slot.coll_op.store(0, Ordering::Release);
    if waited {
        // SAFETY: a static upcc_site_t (the entry took the dedicated path).
        crate::barrier::waited(st, &*site);
    }
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
    let Some(st) = state::get() else {
        return pgas::barrier::upcr_barrier(has_value, value);
    };
    let Some(at) = notify_entry(st, site, has_value, value, true) else {
        return generic(site, has_value, value, pgas::barrier::upcr_barrier);
    };
    let v = value_of(has_value, value);
    pgas::barrier::notify(pgas::barrier::Kind::User, v);
    arrived(st, at, has_value, true);
    pgas::barrier::wait(pgas::barrier::Kind::User, v, c"upc_barrier");
    exit(site, true)
}

/// `upc_notify` of a checked build (see [`upcc_barrier`]).
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_notify(site: *const Site, has_value: c_int, value: c_int) {
    let Some(st) = state::get() else {
        return pgas::barrier::upcr_notify(has_value, value);
    };
    let Some(at) = notify_entry(st, site, has_value, value, false) else {
        return generic(site, has_value, value, pgas::barrier::upcr_notify);
    };
    pgas::barrier::notify(pgas::barrier::Kind::User, value_of(has_value, value));
    arrived(st, at, has_value, false);
    exit(site, false)
}

/// `upc_wait` of a checked build (see [`upcc_barrier`]).
///
/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_wait(site: *const Site, has_value: c_int, value: c_int) {
    let Some(st) = state::get() else {
        return pgas::barrier::upcr_wait(has_value, value);
    };
    if !wait_entry(st, site, has_value, value) {
        return generic(site, has_value, value, pgas::barrier::upcr_wait);
    }
    pgas::barrier::wait(
        pgas::barrier::Kind::User,
        value_of(has_value, value),
        c"upc_wait",
    );
    exit(site, true)
}

/// Whether the lock operations may take their dedicated path now (`upcc_lock_path`, read by
/// the inline `upcc_lock`, `upcc_lock_attempt` and `upcc_unlock` of `upcc_hooks.h`): argument
/// and deadlock checks on, race checking off ([`SyncPath::lock_fast`]), the thread running,
/// the locks in the node's shared memory (not over the conduit), and nothing for the generic
/// exit hook to check (a collective's free, open UPC-IO files).  Kept true to the state by
/// [`refresh_lock_path`] at the thread's start and end and after each generic hook, the only
/// code that changes what it depends on.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static upcc_lock_path: AtomicBool = AtomicBool::new(false);

/// Bring `upcc_lock_path` up to date with `st`.
pub(crate) fn refresh_lock_path(st: &Private) {
    upcc_lock_path.store(
        st.sync.lock_fast
            && st.active
            && st.collective_free.is_none()
            && st.files.is_empty()
            && pgas::rma::control().is_none(),
        Ordering::Relaxed,
    );
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

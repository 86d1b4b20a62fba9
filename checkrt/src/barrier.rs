//! Split-phase barrier rules and barrier values.
//!
//! A private flag per thread (thesis §3.4.1.2): `upc_notify` and `upc_wait` must
//! alternate, starting with a notify; no collective operation between them; no end of
//! execution between them.  Since `upc_barrier` is `upc_notify; upc_wait`, barrier and
//! notify share one signature in the ring and `upc_wait` needs no ring step of its own.
//!
//! Barrier values (spec consensus rule): a notify with a value publishes it in a
//! consensus word of thread 0's checker area for the current phase (first value wins, one
//! CAS, a one-sided one where thread 0's area is not mapped: `state::Consensus`); a
//! thread whose value differs reports before notifying, so the runtime's barrier never
//! completes with mismatching values.  A wait value is compared with the consensus
//! published so far (a later different notify value is caught by its own thread); when no
//! notify value is published yet and the thread's own notify gave none, the wait value is
//! published, marked as a wait's, and the first notify value of the phase is compared with
//! it.  A second wait value of the phase that differs from that one is kept apart
//! (`Consensus::wait2`): the notify value that comes later cannot equal both, and is
//! compared with it as well.

use crate::ffi::Site;
use crate::history::declared;
use crate::report::{at, site_of, Finding, Kind};
use crate::state::{self, Private};

/// Before a collective other than upc_wait (`notify`: the op is upc_notify or
/// upc_barrier).  Reports a collective inside a split phase.
#[inline]
pub fn before_collective(st: &mut Private, site: &'static Site, op: &str, notify: bool) {
    if let Some(prev) = st.notified {
        inside_split_phase(st, site, op, notify, prev);
    }
}

#[cold]
fn inside_split_phase(
    st: &Private,
    site: &'static Site,
    op: &str,
    notify: bool,
    prev: &'static Site,
) {
    let message = if notify {
        format!("{op} executed again before the upc_wait of the previous upc_notify")
    } else {
        format!("collective operation {op} between upc_notify and upc_wait")
    };
    let f = Finding::new(Kind::SplitBarrier, st.me, Some(site), op, message)
        .note("after upc_notify, the next collective operation of a thread must be upc_wait")
        .related(
            format!(
                "the upc_notify at {} is not yet matched by a upc_wait",
                at(prev)
            ),
            prev,
        );
    crate::report::emit(f);
}

/// Before upc_wait.
pub fn before_wait(st: &mut Private, site: &'static Site, value: Option<i32>) {
    if st.notified.is_none() {
        let f = Finding::new(
            Kind::SplitBarrier,
            st.me,
            Some(site),
            "upc_wait",
            "upc_wait without a preceding upc_notify".into(),
        )
        .note("upc_notify and upc_wait must alternate, starting with upc_notify");
        let f = match st.last_wait {
            Some((w, n)) if std::ptr::eq(w, n) => f.related(
                format!(
                    "this thread's last barrier was the upc_barrier at {} (a upc_notify and its upc_wait): no upc_notify is pending",
                    at(w)
                ),
                w,
            ),
            Some((w, n)) => f.related(
                format!(
                    "the previous upc_wait, at {}, already completed the upc_notify at {}",
                    at(w),
                    at(n)
                ),
                w,
            ),
            None => f,
        };
        crate::report::emit(f);
        return;
    }
    if let Some(v) = value {
        wait_value(st, site, v);
    }
}

/// The bit of a consensus word's phase half that marks a value given to `upc_wait` by a
/// thread that found no notify value published for the phase yet (a notify value published
/// later replaces it, and is compared with it).
const WAIT_MARK: u32 = 1 << 31;

/// The phase number a consensus word is compared by (without [`WAIT_MARK`]).
fn phase_key(phase: u32) -> u32 {
    phase & !WAIT_MARK
}

/// Publish `word` (a value of this thread's phase) with this thread and `site` as its source.
fn publish_source(c: &state::Consensus, st: &Private, site: &'static Site) {
    pgas::meta::word_store(&c.thread, 0, st.me as u64);
    pgas::meta::word_store(&c.site, 0, site as *const Site as u64);
    pgas::meta::word_store(&c.site_phase, 0, st.phase as u64);
}

/// `upc_wait v`: compared with the phase's notify value if one was published; otherwise,
/// unless this thread's own notify gave one (then a different value was reported at the
/// notify of its thread), published as the phase's wait value, which the first notify value
/// published later is compared with (a thread that notified without a value may reach its
/// wait before another thread's notify with a value).
fn wait_value(st: &Private, site: &'static Site, v: i32) {
    let c = consensus();
    let key = phase_key(st.phase);
    let mut cur = pgas::meta::word_load(&c.value, 0);
    loop {
        let phase = (cur >> 32) as u32;
        if phase_key(phase) == key && phase & WAIT_MARK == 0 {
            let n = cur as u32 as i32;
            if n != v {
                let other = pgas::meta::word_load(&c.thread, 0) as u32;
                value_mismatch(
                    st,
                    site,
                    "upc_wait",
                    format!("barrier value mismatch: upc_wait {v} but thread {other} gave upc_notify {n}"),
                    WAIT_RULE,
                    other,
                );
            }
            return;
        }
        if let Some(n) = st.notify_value {
            // this thread's own notify value stands for the phase's: the others may be in
            // the next phase already (a different one was reported at its notify)
            if n != v {
                value_mismatch(
                    st,
                    site,
                    "upc_wait",
                    format!(
                        "barrier value mismatch: upc_wait {v} but thread {} gave upc_notify {n}",
                        st.me
                    ),
                    WAIT_RULE,
                    st.me as u32,
                );
            }
            return;
        }
        if phase_key(phase) == key {
            // another wait value of the phase is published (a notify value compares with
            // it); a different one is kept as the phase's second wait value, which a notify
            // value compares with too (it cannot equal both)
            if cur as u32 as i32 == v {
                return;
            }
            second_wait_value(c, st, site, key, v);
            // a notify value published meanwhile may have missed it: compare with it here
            let now = pgas::meta::word_load(&c.value, 0);
            if now == cur {
                return;
            }
            cur = now;
            continue;
        }
        if phase_key(phase) > key && phase_key(phase).wrapping_sub(key) < (1 << 30) {
            return; // a later phase already (only after an earlier reported error)
        }
        let mine = (((key | WAIT_MARK) as u64) << 32) | v as u32 as u64;
        match pgas::meta::word_cas(&c.value, 0, cur, mine) {
            Ok(_) => {
                publish_source(c, st, site);
                return;
            }
            Err(now) => cur = now,
        }
    }
}

/// Keep wait value `v` of phase `key`, which differs from the wait value published for the
/// phase, as the phase's second wait value (unless one is kept already: whatever notify
/// value comes later differs from one of the two).
fn second_wait_value(c: &state::Consensus, st: &Private, site: &'static Site, key: u32, v: i32) {
    let mine = ((key as u64) << 32) | v as u32 as u64;
    let mut cur = pgas::meta::word_load(&c.wait2, 0);
    while (cur >> 32) as u32 != key {
        match pgas::meta::word_cas(&c.wait2, 0, cur, mine) {
            Ok(_) => {
                pgas::meta::word_store(&c.wait2_thread, 0, st.me as u64);
                pgas::meta::word_store(&c.wait2_site, 0, site as *const Site as u64);
                pgas::meta::word_store(&c.wait2_site_phase, 0, st.phase as u64);
                return;
            }
            Err(now) => cur = now,
        }
    }
}

/// After this thread published notify value `v` of phase `key`: a second wait value of the
/// phase (one that differs from the wait value the notify value replaced) that differs
/// from `v` is a mismatch.
fn check_second_wait_value(st: &Private, site: &'static Site, op: &str, key: u32, v: i32) {
    let c = consensus();
    let w = pgas::meta::word_load(&c.wait2, 0);
    if (w >> 32) as u32 != key || w as u32 as i32 == v {
        return;
    }
    let (other, source) = wait_for_source(
        &c.wait2_thread,
        &c.wait2_site,
        &c.wait2_site_phase,
        st.phase,
    );
    let message = format!(
        "barrier value mismatch: thread {} gives upc_notify {v}, thread {other} waits with upc_wait {}",
        st.me, w as u32 as i32
    );
    value_mismatch_with(st, site, op, message, WAIT_RULE, other, source);
}

/// The thread and site of a published value, from its words (`thread`, `site`, and `phase`,
/// written in this order by the publishing thread just after its value: waited for a
/// moment).
fn wait_for_source(
    thread: &std::sync::atomic::AtomicU64,
    site: &std::sync::atomic::AtomicU64,
    site_phase: &std::sync::atomic::AtomicU64,
    phase: u32,
) -> (u32, Option<u64>) {
    let t0 = std::time::Instant::now();
    while pgas::meta::word_load(site_phase, 0) != phase as u64
        && t0.elapsed() < std::time::Duration::from_millis(50)
    {
        std::thread::yield_now();
    }
    let published = pgas::meta::word_load(site_phase, 0) == phase as u64;
    (
        pgas::meta::word_load(thread, 0) as u32,
        published.then(|| pgas::meta::word_load(site, 0)),
    )
}

/// The job's barrier-value consensus (in thread 0's checker area).
fn consensus() -> &'static state::Consensus {
    &state::area(0).consensus
}

/// After the ring step of upc_notify / upc_barrier: the split phase begins; publish or
/// compare the barrier value.
#[inline]
pub fn notify(st: &mut Private, site: &'static Site, op: &str, value: Option<i32>) {
    st.phase = st.phase.wrapping_add(1).max(1);
    st.notify_value = value;
    if let Some(v) = value {
        publish_value(st, site, op, v);
    }
    st.notified = Some(site);
}

/// A upc_barrier without a value at `site`, after its ring step: its notify and its wait at
/// once ([`notify`] and [`waited`]).
#[inline]
pub fn passed(st: &mut Private, site: &'static Site) {
    st.phase = st.phase.wrapping_add(1).max(1);
    st.notify_value = None;
    st.last_wait = Some((site, site));
}

/// The rule a value given to upc_wait breaks.
const WAIT_RULE: &str =
    "every value given to upc_wait must equal the value given to upc_notify in the same phase";
/// The rule a value given to upc_notify or upc_barrier breaks.
const NOTIFY_RULE: &str = "all threads that give a value to upc_notify / upc_barrier in the same phase must give the same value";

/// Report a barrier value mismatch found at `site` (in `op`) with the value published for
/// the phase: `message`, the `rule`, the source of this call's value and where thread
/// `other` gave the other one.
fn value_mismatch(
    st: &Private,
    site: &'static Site,
    op: &str,
    message: String,
    rule: &str,
    other: u32,
) {
    let c = consensus();
    let (_, source) = wait_for_source(&c.thread, &c.site, &c.site_phase, st.phase);
    value_mismatch_with(st, site, op, message, rule, other, source);
}

/// [`value_mismatch`] with the other value's site given (`source`, if known).
fn value_mismatch_with(
    st: &Private,
    site: &'static Site,
    op: &str,
    message: String,
    rule: &str,
    other: u32,
    source: Option<u64>,
) {
    let f = Finding::new(Kind::BarrierValueMismatch, st.me, Some(site), op, message).note(rule);
    crate::report::emit(value_lines(f, site, other, source));
}

/// A barrier value: published for the phase, or compared with the one published.
fn publish_value(st: &Private, site: &'static Site, op: &str, v: i32) {
    let c = consensus();
    let key = phase_key(st.phase);
    let mine = ((key as u64) << 32) | v as u32 as u64;
    let mut cur = pgas::meta::word_load(&c.value, 0);
    loop {
        let phase = (cur >> 32) as u32;
        if phase_key(phase) == key && phase & WAIT_MARK == 0 {
            if cur != mine {
                let other = pgas::meta::word_load(&c.thread, 0) as u32;
                value_mismatch(
                    st,
                    site,
                    op,
                    format!(
                        "barrier value mismatch: thread {} gives {v}, thread {other} gave {}",
                        st.me, cur as u32 as i32
                    ),
                    NOTIFY_RULE,
                    other,
                );
            }
            break;
        }
        if phase_key(phase) == key && cur as u32 as i32 != v {
            // a thread that notified without a value already waits with another value
            let other = pgas::meta::word_load(&c.thread, 0) as u32;
            value_mismatch(
                st,
                site,
                op,
                format!(
                    "barrier value mismatch: thread {} gives upc_notify {v}, thread {other} waits with upc_wait {}",
                    st.me, cur as u32 as i32
                ),
                WAIT_RULE,
                other,
            );
        }
        if phase_key(phase) != key
            && phase_key(phase) > key
            && phase_key(phase).wrapping_sub(key) < (1 << 30)
        {
            break; // a later phase already (only after an earlier reported error)
        }
        // (a wait value of the phase is replaced: later waits compare with the notify value)
        match pgas::meta::word_cas(&c.value, 0, cur, mine) {
            Ok(_) => {
                publish_source(c, st, site);
                check_second_wait_value(st, site, op, key, v);
                break;
            }
            Err(now) => cur = now,
        }
    }
}

/// After upc_wait (and at the end of upc_barrier).
pub fn waited(st: &mut Private, site: &'static Site) {
    if let Some(n) = st.notified.take() {
        st.last_wait = Some((site, n));
    }
}

/// The source text of this call's barrier value with its variables' declarations, and
/// where thread `other` gave the value it published (`source`, its site if known).
fn value_lines(mut f: Finding, site: &'static Site, other: u32, source: Option<u64>) -> Finding {
    if site.nargs > 0 && !site.arg_text(0).is_empty() {
        f = f.note(format!(
            "this thread's value is `{}`{}",
            site.arg_text(0),
            declared(site.arg_decl(0))
        ));
    }
    if let Some(o) = source.and_then(site_of) {
        let text = if o.nargs > 0 && !o.arg_text(0).is_empty() {
            format!(" `{}`{}", o.arg_text(0), declared(o.arg_decl(0)))
        } else {
            String::new()
        };
        let op = o.op().map(|x| x.name).unwrap_or("upc_notify");
        f = f.related(
            format!("thread {other} gave its value{text} at {} ({op})", at(o)),
            o,
        );
    }
    f
}

/// At the end of execution: no pending notify.
pub fn before_end(st: &mut Private, site: &'static Site) {
    if let Some(prev) = st.notified {
        let f = Finding::new(
            Kind::SplitBarrier,
            st.me,
            Some(site),
            "end of execution",
            "end of execution between upc_notify and upc_wait".into(),
        )
        .related(
            format!(
                "the upc_notify at {} is not matched by a upc_wait",
                at(prev)
            ),
            prev,
        );
        crate::report::emit(f);
    }
}

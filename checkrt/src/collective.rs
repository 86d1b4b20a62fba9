//! Collective operations: the glue between a call site and the ring of `ring.rs` —
//! lock checks at synchronizing collectives, `sync_phase`, the thread's status, the
//! signature, and the report of a mismatch (which kind, both threads' operations, every
//! thread's value of a mismatching single-valued argument).

use std::sync::atomic::Ordering;

use crate::ffi::{Site, Val};
use crate::optable::{OpInfo, Role};
use crate::report::{at, site_of, ArgNote, Finding, Kind};
use crate::ring::{self, Mismatch, SYNC_BIT};
use crate::signature::{Signature, END_OF_EXECUTION, FORALL};
use crate::state::{self, Private};

/// check_entry of a collective call (not upc_wait).
pub fn entry(st: &mut Private, site: &'static Site, info: &OpInfo, args: &[Val]) {
    let op = info.op.name;
    let sync = info.synchronizes(args);
    let me = st.me;
    let slot = &state::area(me).slot;
    // the phase moves on where the thread's part in it ends: at a upc_notify (the upc_wait
    // after it waits for the others), at the entry of every other synchronizing collective
    if sync || info.role == Role::Notify {
        slot.sync_phase.store(
            slot.sync_phase.load(Ordering::Relaxed) ^ 1,
            Ordering::Release,
        );
    }
    let mut sig = info.signature(site as *const Site as u64, args);
    crate::forall::fold_into(st, &mut sig);
    // SAFETY: `shown` is written by this thread only.
    unsafe { sig.copy_to(&mut *state::area(me).shown.get()) };
    show_contents(me, info, args);
    slot.coll_op
        .store(sig.op | if sync { SYNC_BIT } else { 0 }, Ordering::Release);
    if sync {
        // after `coll_op`: a thread asking for a lock this one holds sees one or the other
        crate::lock::check_collective(st, site, op);
    }
    pgas::status::set_waiting(info.name_ptr(), site.file, site.line as u32);
    if matches!(info.role, Role::Barrier | Role::Notify) {
        // a barrier synchronizes by itself: its signature rides on its arrival
        arrive_shown(st, &sig);
    } else {
        run(st, &sig);
    }
}

/// A barrier's arrival (upc_notify, upc_barrier): no ring step, see `ring::barrier_arrive`;
/// the `upc_forall` loops before it are compared by the runtime's barrier
/// (`ring::barrier_word`, `pgas::barrier::agree`; a disagreement is reported at the
/// barrier's end, [`barrier_disagreed`]).
///
/// This is the barrier statements' dedicated path over the conduit's ring (`sync.rs`,
/// `before_arrival`), where the history step and the status record's site come after the
/// runtime's arrival: a mismatch found here is reported with the barrier remembered and
/// shown for the report (as [`report_at_barrier`] does), so that the report names this
/// barrier in the thread's collective operations and status, not its previous collective.
pub(crate) fn arrive(st: &mut Private, sig: &Signature) {
    for m in arrival_mismatches(st, sig) {
        match site_of(sig.site) {
            Some(site) => {
                crate::history::remember(st, site);
                report_at_barrier(st, &m);
                // (remembered again after the arrival if the job goes on)
                crate::history::forget_last(st);
            }
            None => report(st, &m),
        }
    }
}

/// [`arrive`] from the generic hooks, which remembered the step and set the status record
/// before.
fn arrive_shown(st: &mut Private, sig: &Signature) {
    for m in arrival_mismatches(st, sig) {
        report(st, &m);
    }
}

fn arrival_mismatches(st: &mut Private, sig: &Signature) -> Vec<Mismatch> {
    let mut found: Vec<Mismatch> = Vec::new();
    state::on_ring!(st, m => ring::barrier_arrive(m, st.me, sig, &mut |x| found.push(*x)));
    if st.threads > 1 {
        pgas::barrier::agree(ring::barrier_word(sig));
    }
    found
}

/// The second half of [`arrive`] on the dedicated path of the barrier statements
/// (`sync.rs`), with the ring in the node's memory, right after the runtime's arrival.
/// Before that arrival the thread does only what the arrival needs: the word it carries
/// (`pgas::barrier::agree` of `ring::forall_word` of the loops' digest).  Here the signature
/// `sig` is published and, after a fence, what the neighbours left is read.  A neighbour's
/// ring step publishes its flags before it reads this thread's count, so one of the two sees
/// the other, whichever comes first.  So a barrier is held up by nothing but stores to the
/// thread's private state.
#[inline(always)]
pub(crate) fn after_arrival(st: &mut Private, sig: &Signature) {
    if st.threads == 1 {
        return;
    }
    ring::barrier_publish(&st.seg, st.me, sig);
    std::sync::atomic::fence(Ordering::SeqCst);
    let right = (st.me + 1) % st.threads;
    if ring::news_waiting::<state::Segment>(&state::area(st.me).slot, &state::area(right).slot) {
        barrier_news(st);
    }
}

/// A neighbour left something for this thread's barrier (`ring::news_waiting`, after the
/// fence that follows the barrier's publication): a signature of another thread that the
/// barrier does not match (`ring::barrier_news`) is reported.
#[cold]
#[inline(never)]
pub(crate) fn barrier_news(st: &mut Private) {
    if let Some((theirs, other)) = ring::barrier_news(&st.seg, st.me) {
        let mine = ring::own_barrier_sig(&st.seg, st.me);
        report_at_barrier(
            st,
            &Mismatch {
                mine,
                theirs,
                other,
            },
        );
    }
}

/// Report `m`, found at this thread's barrier (`m.mine`) after its arrival or at the end of
/// its wait, where the thread's status record does not show the barrier (the runtime's wait
/// shows it only while it waits, `pgas::barrier::wait_at`): it does while the report is made.
#[cold]
fn report_at_barrier(st: &mut Private, m: &Mismatch) {
    pgas::status::set_waiting_at(m.mine.site as *const std::ffi::c_void);
    report(st, m);
    pgas::status::clear_waiting_at();
}

/// At the end of a barrier whose threads did not all bring the same `upc_forall` word
/// (`pgas::barrier::agree`), registered with `pgas::barrier::on_disagreement`: this thread's
/// word differs from another's.  A thread publishes its signature right after its arrival
/// (`after_arrival`): wait a moment for it.
pub fn barrier_disagreed() {
    let Some(st) = state::get() else { return };
    if !st.active || st.threads < 2 {
        return;
    }
    let sig = state::on_ring!(st, m => ring::own_barrier_sig(m, st.me));
    let t0 = std::time::Instant::now();
    loop {
        if let Some(m) = state::on_ring!(st, m => ring::barrier_disagreement(m, st.me, &sig)) {
            return report_at_barrier(st, &m);
        }
        if t0.elapsed() > std::time::Duration::from_secs(1) {
            return;
        }
        std::thread::yield_now();
    }
}

/// Publish the contents of the arguments compared by contents, for a report.
fn show_contents(me: usize, info: &OpInfo, args: &[Val]) {
    for (slot, a) in info.by_contents().take(2).enumerate() {
        let Some(v) = args.get(a.index) else { continue };
        // SAFETY: the catalog kind of these arguments is Ptr.
        let p = unsafe { v.p } as usize;
        let text = crate::args::value::contents(a.same, p, args, &info.op.args[a.index]).1;
        // SAFETY: written by this thread only; readers only show the text.
        let buf = unsafe { &mut (*state::area(me).shown_text.get())[slot] };
        let n = text.len().min(state::SHOWN_TEXT - 1);
        buf[..n].copy_from_slice(&text.as_bytes()[..n]);
        buf[n] = 0;
    }
}

/// What thread `t` published for content slot `slot`.
fn shown_text(t: usize, slot: usize) -> String {
    // (written by thread t only; a torn read only affects the text)
    state::seen(state::home(t), &state::area(t).shown_text, |buf| {
        // SAFETY: a copy, or thread t's text read in place (volatile: it may change)
        let buf = unsafe { std::ptr::read_volatile(buf.get()) };
        let b = &buf[slot.min(1)];
        let n = b.iter().position(|&c| c == 0).unwrap_or(b.len());
        String::from_utf8_lossy(&b[..n]).into_owned()
    })
}

/// The signature thread `t` shows for its current collective operation (in place, or a copy
/// got through the conduit).
pub(crate) fn shown_of(t: usize) -> Signature {
    // SAFETY: `shown` is written by thread t only; a torn read only affects the text.
    state::seen(state::home(t), &state::area(t).shown, |s| unsafe {
        std::ptr::read_volatile(s.get())
    })
}

/// The ring step for `sig` (a call's signature, a upc_forall digest).
pub fn run(st: &mut Private, sig: &Signature) {
    let me = st.me;
    let mut found: Vec<Mismatch> = Vec::new();
    state::on_ring!(st, m => ring::enter(m, me, sig, &mut |x| found.push(*x)));
    for m in found {
        report(st, &m);
    }
}

/// record_exit of a collective.
pub fn exit(st: &mut Private) {
    state::area(st.me).slot.coll_op.store(0, Ordering::Release);
    pgas::status::set_running();
}

/// check_final: the end of execution in the ring.
pub fn finish(st: &mut Private, site: &'static Site) {
    let me = st.me;
    let mut sig = Signature::new(END_OF_EXECUTION, site as *const Site as u64);
    crate::forall::fold_into(st, &mut sig);
    // SAFETY: written by this thread only.
    unsafe { *state::area(me).shown.get() = sig };
    let mut found: Vec<Mismatch> = Vec::new();
    state::on_ring!(st, m => ring::finish(m, me, &sig, &mut |x| found.push(*x)));
    for m in found {
        report(st, &m);
    }
}

fn op_name(s: &Signature) -> String {
    match s.op {
        END_OF_EXECUTION => "end of execution".into(),
        FORALL => "upc_forall".into(),
        _ => s
            .catalog_id()
            .and_then(|id| rules::OPS.get(id))
            .map(|o| {
                if o.name == "upc_notify" {
                    "upc_notify/upc_barrier"
                } else {
                    o.name
                }
            })
            .unwrap_or("unknown operation")
            .to_string(),
    }
}

fn op_at(s: &Signature) -> String {
    let site = site_of(s.site);
    let name = match (s.op, site.and_then(|x| x.op())) {
        (END_OF_EXECUTION, _) => "the end of execution".to_string(),
        (FORALL, _) => "the upc_forall".to_string(),
        (_, Some(o)) => o.name.to_string(),
        _ => op_name(s),
    };
    match site {
        Some(x) => format!("{name} at {}", at(x)),
        None => name,
    }
}

/// Report one failed comparison.
fn report(st: &mut Private, m: &Mismatch) {
    let me = st.me;
    let (a, b) = ((me, m.mine), (m.other, m.theirs));
    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let mut count_notes = None;
    if a.1.differs_in_forall(&b.1) {
        match crate::forall::difference((a.0, &a.1), (b.0, &b.1), &op_at) {
            crate::forall::Difference::Loop(f) => {
                crate::report::emit(f);
                return;
            }
            crate::forall::Difference::Count(notes, related) => {
                count_notes = Some((notes, related))
            }
        }
    }
    let kind = if count_notes.is_some() {
        Kind::CollectiveMismatch
    } else if a.1.op == END_OF_EXECUTION || b.1.op == END_OF_EXECUTION {
        Kind::FinishedWhileWaiting
    } else if a.1.op != b.1.op {
        Kind::CollectiveMismatch
    } else {
        Kind::SingleValuedMismatch
    };
    // the location: the waiting thread's collective, else the lower thread's operation (a)
    let (primary, secondary) = match kind {
        Kind::FinishedWhileWaiting => {
            if a.1.op == END_OF_EXECUTION {
                (b, a)
            } else {
                (a, b)
            }
        }
        _ => (a, b),
    };
    let site = site_of(primary.1.site);
    let op = site
        .and_then(|s| s.op())
        .map(|o| o.name.to_string())
        .unwrap_or_else(|| op_name(&primary.1));
    let message = match kind {
        Kind::FinishedWhileWaiting => format!(
            "deadlock: thread {} reached the end of execution while thread {} waits at {}",
            secondary.0, primary.0, op
        ),
        Kind::CollectiveMismatch => {
            "deadlock: threads reached different collective operations".to_string()
        }
        _ => format!("a single-valued argument of {op} differs between threads"),
    };
    let mut f = Finding::new(kind, primary.0, site, &op, message)
        .note(format!("thread {} is at {}", primary.0, op_at(&primary.1)))
        .note(format!(
            "thread {} is at {}",
            secondary.0,
            op_at(&secondary.1)
        ));
    if let Some((notes, related)) = count_notes {
        f.notes.extend(notes);
        f.related.extend(related);
    }
    if matches!(kind, Kind::CollectiveMismatch | Kind::FinishedWhileWaiting) {
        crate::history::divergence(&mut f, primary.0, secondary.0);
    }
    if kind == Kind::SingleValuedMismatch {
        single_valued_args(st, &mut f, &primary.1, &secondary.1);
    }
    crate::report::emit(f);
}

/// Name the arguments that differ, with every thread's value.
fn single_valued_args(st: &Private, f: &mut Finding, a: &Signature, b: &Signature) {
    let Some(id) = a.catalog_id() else { return };
    let Some(info) = crate::optable::table().get(id) else {
        return;
    };
    let site = site_of(a.site);
    for (index, words) in info.words() {
        if words.end > a.n as usize || a.vals[words.clone()] == b.vals[words.clone()] {
            continue;
        }
        let arg = &info.op.args[index];
        let mut values = Vec::new();
        let mut compact = Vec::new();
        for t in 0..st.threads {
            let s = shown_of(t);
            if s.op != a.op || words.end > s.n as usize {
                values.push(format!("thread {t}: (not at this operation)"));
                compact.push(format!("(not there) on thread {t}"));
                continue;
            }
            let v = match info.by_contents().position(|a| a.index == index) {
                Some(slot) => shown_text(t, slot),
                None => show(arg.kind, &s.vals[words.clone()], arg),
            };
            let text = site_of(s.site).map(|x| x.arg_text(index)).unwrap_or("");
            values.push(format!("thread {t}: ({text}) = {v}"));
            compact.push(format!("{v} on thread {t}"));
        }
        f.notes.extend(values.iter().cloned());
        f.args.push(ArgNote {
            index,
            name: arg.name.to_string(),
            text: site
                .map(|s| s.arg_text(index).to_string())
                .unwrap_or_default(),
            value: compact.join(", "),
            decl: site
                .map(|s| s.arg_decl(index).to_string())
                .unwrap_or_default(),
            rule: match arg.same {
                rules::Same::Value => format!(
                    "{} must have the same value on every thread (single-valued)",
                    arg.name
                ),
                rules::Same::CString => format!(
                    "{} must be the same string on every thread (single-valued)",
                    arg.name
                ),
                rules::Same::SetHint { .. } => format!(
                    "the hint {} points to with UPC_SET_HINT must have the same key and value on every thread (single-valued)",
                    arg.name
                ),
                rules::Same::Hints { .. } => format!(
                    "{} must hold the same hints (keys and values) on every thread (single-valued)",
                    arg.name
                ),
            },
        });
    }
}

fn show(kind: rules::ValKind, w: &[u64], arg: &rules::Arg) -> String {
    match kind {
        rules::ValKind::Shared => format!("pointer-to-shared (thread {}, addr {:#x})", w[1], w[0]),
        rules::ValKind::Int => crate::args::value::show(arg, &Val { i: w[0] as i64 }),
        rules::ValKind::Uint => crate::args::value::show(arg, &Val { u: w[0] }),
        rules::ValKind::Float => f64::from_bits(w[0]).to_string(),
        rules::ValKind::Ptr => format!("{:#x}", w[0]),
    }
}

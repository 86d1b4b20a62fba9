//! The C entry points of `upcc_hooks.h`: `upcc_main`, `upcc_check_entry`,
//! `upcc_record_exit`, `upcc_check_final`, the upc_forall hooks and the call-stack hooks.
//! Each dispatches on the operation's role (from the rules catalog) to the concept
//! modules: `collective`, `barrier`, `lock`, `forall`, and to `args` for argument checks.

use std::ffi::{c_char, c_int, c_uint, CStr};
use std::sync::atomic::Ordering;

use crate::config::Config;
use crate::ffi::{PShared, Site, Val};
use crate::optable::{self, Role};
use crate::platform::Futex;
use crate::report::{ArgNote, Finding, Kind};
use crate::state::{self, Private, Segment, MAX_FRAMES};
use crate::{barrier, collective, forall, lock};

/// Per-thread start and end, run by the runtime in every UPC thread.
static HOOKS: pgas::job::Hooks = pgas::job::Hooks {
    thread_start,
    thread_end,
    thread_died,
    job_end,
    conduit_start,
};

/// In a job started by a conduit (no fork), every process together once the segment is
/// mapped: the race checker's shadow memory, shared by the node's processes.
fn conduit_start(c: &'static dyn pgas::conduit::Conduit) -> Result<(), String> {
    match state::get() {
        Some(st) if st.cfg.race => crate::race::reserve_on(c),
        _ => Ok(()),
    }
}

/// In the monitor, once every thread has ended.
fn job_end(status: i32) -> i32 {
    crate::race::job_end();
    crate::report::job_end(status)
}

/// In the monitor: a thread was killed by a signal; the JSON report gets a finding (the
/// monitor printed the message and the status table itself).
fn thread_died(thread: usize, signal: i32) {
    let Some(st) = state::get() else { return };
    let program = st.program.clone();
    let (mut f, place) = match pgas::sample::fault_cause(thread) {
        // a fault in a guard page: a null pointer-to-shared the translator did not see
        Ok(null) => (
            Finding::new(Kind::NullPointerToShared, thread, None, "", null.message())
                .note(null.note()),
            null.place,
        ),
        Err(place) => (
            Finding::new(
                Kind::ThreadKilled,
                thread,
                None,
                "",
                format!(
                    "thread {thread} was killed by signal {}",
                    pgas::job::signal_name(signal)
                ),
            ),
            place,
        ),
    };
    // (where the faulting instruction is, as the monitor's message says)
    f.place = place.map(|p| (p.file, p.line));
    crate::report::record_only(f, &program, pgas::segment::threads());
}

fn thread_start() {
    let Some(st) = state::get() else { return };
    st.me = pgas::segment::mythread();
    st.threads = pgas::segment::threads();
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    st.seg = Segment {
        futex: Futex {
            spin: if st.threads <= cores { 200 } else { 0 },
        },
        threads: st.threads,
    };
    if let Err(e) = state::fits() {
        eprintln!("upc-check: internal error: {e}");
        pgas::job::abort_job(2);
    }
    st.remote = crate::remote::RemoteRing::new(st.me, st.threads);
    if st.me == 0 {
        if let Some(p) = &st.cfg.report {
            crate::report::write_report(p, &st.program, st.threads);
        }
    }
    crate::race::thread_start(st.cfg.race);
    pgas::barrier::on_disagreement(crate::collective::barrier_disagreed);
    pgas::barrier::on_checker_publish(crate::sync::publish);
    // the barrier statements check after their arrival (`sync.rs`): a thread that finished
    // makes the runtime's termination barrier fail as soon as the others arrive
    pgas::barrier::give_checker_time(250);
    st.sync = crate::sync::SyncPath::new();
    st.active = true;
    crate::sync::register_lock_path();
    crate::sync::refresh_paths(st);
}

fn thread_end() {
    crate::race::thread_end();
    if let Some(st) = state::get() {
        st.active = false;
        crate::sync::refresh_paths(st);
    }
}

/// The generated `main` of a checked program.
///
/// # Safety
/// argv/envp as given to C `main`; `user_main` is the program's renamed main.
#[no_mangle]
pub unsafe extern "C" fn upcc_main(
    argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: pgas::job::UserMain,
    static_threads: c_int,
    flags: c_uint,
) -> c_int {
    let cfg = match Config::from_env(flags) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("upc-check: error: {e}");
            return 2;
        }
    };
    pgas::status::set_show_stacks(cfg.callstack);
    let program = if argc > 0 && !argv.is_null() && !(*argv).is_null() {
        CStr::from_ptr(*argv).to_string_lossy().into_owned()
    } else {
        String::new()
    };
    optable::table();
    // (a conduit's job maps it at its start: `conduit_start`)
    if cfg.race && pgas::conduit::get().is_none() {
        if let Err(e) = crate::race::reserve() {
            eprintln!("upc-check: note: race checking is off: {e}");
        }
    }
    state::install(Private {
        cfg,
        program,
        active: false,
        me: 0,
        threads: 1,
        seg: Segment {
            futex: Futex { spin: 0 },
            threads: 1,
        },
        remote: None,
        notified: None,
        last_wait: None,
        notify_value: None,
        phase: 0,
        forall: Vec::new(),
        forall_since: Default::default(),
        pending: None,
        attempt: None,
        finished: false,
        zero_alloc: None,
        files: Default::default(),
        coll_steps: 0,
        collective_free: None,
        collective_frees: 0,
        sync: Default::default(),
        jumps: Vec::new(),
    });
    pgas::job::start(argc, argv, envp, user_main, static_threads, Some(&HOOKS))
}

/// The running thread's state, with its deferred barriers published (`state::get`).
#[inline]
fn active() -> Option<&'static mut Private> {
    state::get().filter(|s| s.active)
}

/// [`active`] without publishing the deferred barriers (`sync::Deferred`): for the hooks
/// of what neither synchronizes nor takes part in the ring (data movement, a `upc_forall`
/// iteration, a call frame), which the lean barrier path's gain would otherwise go to.
#[inline]
fn active_deferring() -> Option<&'static mut Private> {
    state::get_deferring().filter(|s| s.active)
}

/// Whether the hooks of an operation publish the deferred barriers first: every operation
/// that synchronizes, takes part in the ring, touches the locks or leaves history, and the
/// Collectives 2.0 functions (not the `upc_mem*` calls whose buffers their rules watch).
fn publishes(info: &optable::OpInfo) -> bool {
    info.role != Role::Other || info.history || info.op.header == rules::coll2::COLL2
}

/// # Safety
/// `site` points to a static upcc_site_t; `args` to `site.nargs` values (or null).
#[no_mangle]
pub unsafe extern "C" fn upcc_check_entry(site: *const Site, args: *mut Val) {
    let Some(st) = active_deferring() else { return };
    let Some(site) = site.as_ref() else { return };
    let Some(info) = usize::try_from(site.op)
        .ok()
        .and_then(|i| optable::table().get(i))
    else {
        return;
    };
    if publishes(info) {
        crate::sync::publish_deferred(st);
    }
    let args: &[Val] = if args.is_null() || site.nargs <= 0 {
        &[]
    } else {
        std::slice::from_raw_parts(args, site.nargs as usize)
    };
    let op = info.op;
    if st.cfg.args && !args.is_empty() {
        if !op.checks.is_empty() {
            let found = crate::args::check(info, args);
            if !found.is_empty() {
                for v in found {
                    report_violation(st, site, op, args, &v);
                }
            } else if info.role == Role::LockFree && op.name == "upc_lock_free" {
                claim_lock_free(st, site, info, args);
            }
        }
        note_allocation(st, site, op, args);
        if info.history {
            crate::history::on_entry(st, site, op, args);
            crate::sync::refresh_paths(st);
        }
    }
    if info.teams {
        crate::teams::entry(st, site, op, args);
    }
    // after the argument checks: a call with bad arguments is reported as such, not as
    // a race of the ranges it names
    if st.cfg.race {
        crate::race::on_entry(site, info, args);
    }
    if !st.cfg.deadlock {
        return;
    }
    // SAFETY of the casts below: the catalog's value kinds say which member is set.
    match info.role {
        Role::Other | Role::Forall => {}
        Role::Collective | Role::AllLockFree | Role::Barrier | Role::Notify => {
            if let Some(looped) = forall::controlling(st) {
                forall::collective_inside(st, site, op.name, looped);
            }
            let notify = matches!(info.role, Role::Barrier | Role::Notify);
            barrier::before_collective(st, site, op.name, notify);
            crate::history::remember(st, site);
            collective::entry(st, site, info, args);
            if notify {
                let value = args.first().map(|v| v.i as i32);
                barrier::notify(st, site, op.name, value);
            }
        }
        Role::Wait => {
            if let Some(looped) = forall::controlling(st) {
                forall::collective_inside(st, site, op.name, looped);
            }
            let value = args.first().map(|v| v.i as i32);
            barrier::before_wait(st, site, value);
            let slot = &state::area(st.me).slot;
            slot.coll_op
                .store(info.code | crate::ring::SYNC_BIT, Ordering::Release);
            lock::check_collective(st, site, op.name);
            pgas::status::set_waiting(info.name_ptr(), site.file, site.line as u32);
        }
        Role::Lock | Role::LockAttempt => {
            if let Some(v) = args.first() {
                lock::entry(st, site, v.s, info.role == Role::LockAttempt, op.name);
            }
        }
        Role::Unlock => {
            if let Some(v) = args.first() {
                lock::unlock_entry(st, site, v.s);
            }
        }
        Role::LockFree => {
            if let Some(v) = args.first() {
                if st.cfg.args {
                    lock::free_awaited(st, site, v.s);
                }
            }
        }
    }
}

/// upc_lock_free(l) with a valid `l`: its valid -> freed step now (`pgas::lock::claim_free`),
/// so that another thread freeing the lock at the same moment, which found it valid as well,
/// gets this thread's report of a lock freed twice (with where it was freed) rather than the
/// runtime's error.
fn claim_lock_free(st: &Private, site: &'static Site, info: &optable::OpInfo, args: &[Val]) {
    // SAFETY: the catalog kind of the lock is Shared.
    let l = unsafe { args[0].s };
    if l.is_null() || pgas::lock_is_valid(l) != pgas::LockState::Valid {
        return;
    }
    if pgas::lock::claim_free(l) {
        return;
    }
    // another thread freed it since the check: check again, once the other thread has
    // recorded where it freed it (just after its claim)
    let t0 = std::time::Instant::now();
    while crate::history::lock_freed(l).is_none()
        && t0.elapsed() < std::time::Duration::from_millis(50)
    {
        std::thread::yield_now();
    }
    for v in crate::args::check(info, args) {
        report_violation(st, site, info.op, args, &v);
    }
}

fn report_violation(
    st: &Private,
    site: &'static Site,
    op: &rules::Op,
    args: &[Val],
    v: &crate::args::Violation,
) {
    // a warning is printed once per site and counted (report::emit)
    let mut f = violation_finding(st.me, site, op, args, v, st.zero_alloc.as_ref());
    f.related = crate::history::for_violation(st, site, op, args, v);
    crate::report::emit(f);
}

/// An argument and its value as the headline shows it: `threadid = 4`.
fn named_value(op: &rules::Op, i: usize, value: &str) -> String {
    let name = op.args.get(i).map(|a| a.name).unwrap_or("?");
    format!("{name} = {value}")
}

/// The finding of a broken argument rule: the headline names the argument and its value
/// (also when it is 0, NULL or out of range), the argument note gives its source text,
/// value, rule and declarations, the other arguments of the rule follow with their values.
/// `zero_alloc`: this thread's last zero-size allocation, cited when a null
/// pointer-to-shared is the offending value.
pub(crate) fn violation_finding(
    me: usize,
    site: &'static Site,
    op: &rules::Op,
    args: &[Val],
    v: &crate::args::Violation,
    zero_alloc: Option<&(&'static Site, String)>,
) -> Finding {
    let message = match v.arg {
        Some(i) if !v.warning => format!(
            "invalid argument to {}: {}",
            op.name,
            named_value(op, i, &v.value)
        ),
        Some(i) => format!(
            "questionable argument to {}: {}",
            op.name,
            named_value(op, i, &v.value)
        ),
        None if v.warning => format!("questionable call of {}", op.name),
        None => format!("invalid call of {}", op.name),
    };
    let mut f = Finding::new(Kind::InvalidArgument, me, Some(site), op.name, message);
    if v.warning {
        f.kind = Kind::QuestionableArgument;
    }
    let arg_note = |i: usize, value: String, rule: String| ArgNote {
        index: i,
        name: op
            .args
            .get(i)
            .map(|a| a.name.to_string())
            .unwrap_or_default(),
        text: site.arg_text(i).to_string(),
        value,
        decl: site.arg_decl(i).to_string(),
        rule,
    };
    match v.arg {
        Some(i) => f.args.push(arg_note(i, v.value.clone(), v.rule.clone())),
        None => {
            // a rule about the call itself: the rule once, then every argument's value
            f.notes.push(v.rule.clone());
            for (i, (arg, val)) in op.args.iter().zip(args).enumerate() {
                f.args.push(arg_note(
                    i,
                    crate::args::value::show(arg, val),
                    String::new(),
                ));
            }
        }
    }
    // the other arguments the rule involves, with their values and declarations
    for &i in &v.related {
        let (Some(arg), Some(val)) = (op.args.get(i), args.get(i)) else {
            continue;
        };
        let decl = site.arg_decl(i);
        let mut note = format!(
            "related argument {} `{}`: `{}` is {}",
            i + 1,
            arg.name,
            site.arg_text(i),
            crate::args::value::show(arg, val)
        );
        if !decl.is_empty() {
            let where_: Vec<String> = decl
                .split("; ")
                .map(|d| d.replacen(": ", " declared at ", 1))
                .collect();
            note.push_str(&format!(" ({})", where_.join(", ")));
        }
        f.notes.push(note);
    }
    // a null pointer-to-shared after a zero-size allocation on this thread
    if let (Some(i), Some((at, sizes))) = (v.arg, zero_alloc) {
        let null_shared = op
            .args
            .get(i)
            .is_some_and(|a| a.kind == rules::ValKind::Shared)
            && v.value == "NULL";
        if null_shared {
            let call = at.op().map(|o| o.name).unwrap_or("an allocation");
            f.notes.push(format!(
                "{call} at {} was called on this thread with a size of 0 bytes ({sizes}): it returns a null pointer-to-shared",
                crate::report::at(at),
            ));
        }
    }
    f
}

/// Remember a zero-size allocation of this thread (its null result may be passed on).
fn note_allocation(st: &mut Private, site: &'static Site, op: &rules::Op, args: &[Val]) {
    let size = |name: &str| -> Option<u64> {
        let i = op.arg_index(name)?;
        // SAFETY: sizes travel in .u (catalog kind Uint).
        Some(unsafe { args.get(i)?.u })
    };
    let bytes = match op.name {
        "upc_alloc" => size("nbytes"),
        "upc_global_alloc" | "upc_all_alloc" | "upc_local_alloc" => size("nblocks")
            .zip(size("nbytes"))
            .map(|(a, b)| a.saturating_mul(b)),
        _ => return,
    };
    if bytes == Some(0) {
        let sizes: Vec<String> = op
            .args
            .iter()
            .zip(args)
            .enumerate()
            .map(|(k, (a, v))| {
                format!(
                    "{} `{}` = {}",
                    a.name,
                    site.arg_text(k),
                    crate::args::value::show(a, v)
                )
            })
            .collect();
        st.zero_alloc = Some((site, sizes.join(", ")));
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_record_exit(site: *const Site) {
    let Some(st) = active_deferring() else { return };
    let Some(site) = site.as_ref() else { return };
    let Some(info) = usize::try_from(site.op)
        .ok()
        .and_then(|i| optable::table().get(i))
    else {
        return;
    };
    if publishes(info) {
        crate::sync::publish_deferred(st);
    }
    if st.cfg.race {
        crate::race::on_exit(site, info);
    }
    if st.cfg.args {
        crate::history::on_exit(st, info.op);
        crate::sync::refresh_paths(st);
    }
    if !st.cfg.deadlock {
        return;
    }
    match info.role {
        Role::Collective | Role::AllLockFree | Role::Notify => collective::exit(st),
        Role::Barrier | Role::Wait => {
            collective::exit(st);
            barrier::waited(st, site);
        }
        Role::Lock => lock::exit(st, true),
        Role::LockAttempt => {
            let acquired = st.pending.is_some_and(|p| held_by_me(p.lock, st.me));
            lock::exit(st, acquired);
        }
        _ => {}
    }
}

/// What an allocating call returned (a lock, a file handle), for the related lines of later
/// reports.  `args`: its arguments as given to `upcc_check_entry`.
///
/// # Safety
/// `site` points to a static upcc_site_t; `args` to `site.nargs` values (or null).
#[no_mangle]
pub unsafe extern "C" fn upcc_record_result(site: *const Site, args: *const Val, result: Val) {
    let Some(st) = active_deferring() else { return };
    let Some(site) = site.as_ref() else { return };
    let Some(op) = site.op() else { return };
    let args: &[Val] = if args.is_null() || site.nargs <= 0 {
        &[]
    } else {
        std::slice::from_raw_parts(args, site.nargs as usize)
    };
    crate::history::on_result(st, site, op, args, result);
    crate::sync::refresh_paths(st);
}

/// Whether this thread holds lock `l` in the runtime (after upc_lock_attempt).
fn held_by_me(l: PShared, me: usize) -> bool {
    crate::runtime_lock::owner(l) == Some(me as u32)
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_check_final(site: *const Site) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    if pgas::job::forked_by_user() {
        return; // a process the program forked: the thread goes on in its parent
    }
    if st.finished {
        return;
    }
    st.finished = true;
    pgas::status::set_finished(site.file, site.line as u32);
    crate::teams::finish(st, site);
    if !st.cfg.deadlock {
        return;
    }
    if let Some(f) = st.forall.last() {
        let looped = f.site;
        let f = Finding::new(
            Kind::ForallEscape,
            st.me,
            Some(site),
            "end of execution",
            "the thread ends inside the body of a upc_forall".into(),
        )
        .related(
            format!(
                "the upc_forall at {} is still running",
                crate::report::at(looped)
            ),
            looped,
        );
        st.forall.clear();
        crate::report::emit(f);
    }
    barrier::before_end(st, site);
    lock::finish(st, site);
    crate::history::remember(st, site);
    collective::finish(st, site);
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_forall_begin(site: *const Site) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    forall::begin(st, site);
}

#[no_mangle]
pub extern "C" fn upcc_forall_iter(affinity: u64) {
    if let Some(st) = active_deferring() {
        forall::iter(st, affinity);
    }
}

#[no_mangle]
pub extern "C" fn upcc_forall_summary(start: u64, bound: u64, origin: u64, iterations: u64) {
    if let Some(st) = active_deferring() {
        forall::summary(st, start, bound, origin, iterations);
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_forall_end(site: *const Site) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    // a controlling loop is compared at the thread's next collective operation
    if forall::end(st, site) && st.cfg.deadlock {
        crate::history::remember(st, site);
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_forall_negative(site: *const Site, affinity: i64) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    if st.cfg.args {
        forall::negative_affinity(st, site, affinity);
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_forall_escape(site: *const Site) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    if st.cfg.deadlock {
        forall::escape(st, site);
    }
}

/// Before `setjmp(env)`: where the thread is (its upc_forall loops, call frames).
#[no_mangle]
pub extern "C" fn upcc_setjmp(env: *const std::ffi::c_void) {
    let Some(st) = active_deferring() else { return };
    let frames = state::area(st.me).stack.depth.load(Ordering::Relaxed);
    forall::setjmp(st, env as usize, frames);
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_longjmp(site: *const Site, env: *const std::ffi::c_void) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    if let Some(frames) = forall::longjmp(st, site, env as usize) {
        state::area(st.me)
            .stack
            .depth
            .store(frames, Ordering::Release);
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_push_frame(site: *const Site) {
    let Some(st) = active_deferring() else { return };
    let a = &state::area(st.me).stack;
    let d = a.depth.load(Ordering::Relaxed) as usize;
    if d < MAX_FRAMES {
        a.frames[d].store(site as u64, Ordering::Relaxed);
    }
    a.depth.store(d as u32 + 1, Ordering::Release);
}

#[no_mangle]
pub extern "C" fn upcc_pop_frame() {
    let Some(st) = active_deferring() else { return };
    let a = &state::area(st.me).stack;
    let d = a.depth.load(Ordering::Relaxed);
    a.depth.store(d.saturating_sub(1), Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Violation;

    fn site(line: i32, op: &str, texts: &'static [&'static std::ffi::CStr]) -> &'static Site {
        let text: Vec<*const c_char> = texts.iter().map(|t| t.as_ptr()).collect();
        let decl: Vec<*const c_char> = texts.iter().map(|_| c"".as_ptr()).collect();
        Box::leak(Box::new(Site {
            file: c"v.upc".as_ptr(),
            line,
            col: 5,
            op: rules::lookup(op).unwrap().0 as c_int,
            nargs: texts.len() as c_int,
            arg_text: Box::leak(text.into_boxed_slice()).as_ptr(),
            arg_decl: Box::leak(decl.into_boxed_slice()).as_ptr(),
            func: c"main".as_ptr(),
            source_line: std::ptr::null(),
        }))
    }

    fn op(name: &str) -> &'static rules::Op {
        rules::lookup(name).unwrap().1
    }

    fn violation(arg: Option<usize>, value: &str, rule: &str, warning: bool) -> Violation {
        Violation {
            arg,
            value: value.into(),
            rule: rule.into(),
            warning,
            related: Vec::new(),
        }
    }

    #[test]
    fn the_headline_names_the_offending_value_even_zero_or_out_of_range() {
        let s = site(9, "upc_affinitysize", &[c"100", c"10", c"t"]);
        let args = [Val { u: 100 }, Val { u: 10 }, Val { u: 4 }];
        let v = violation(Some(2), "4", "threadid must be a thread index", false);
        let f = violation_finding(1, s, op("upc_affinitysize"), &args, &v, None);
        assert_eq!(
            f.message,
            "invalid argument to upc_affinitysize: threadid = 4"
        );
        assert_eq!(f.args[0].value, "4");
        assert_eq!(f.args[0].text, "t");
        let s = site(10, "upc_all_broadcast", &[c"a", c"b", c"n", c"f"]);
        let args = [Val { u: 0 }; 4];
        let v = violation(Some(2), "0", "nbytes must be > 0", false);
        let f = violation_finding(0, s, op("upc_all_broadcast"), &args, &v, None);
        assert_eq!(
            f.message,
            "invalid argument to upc_all_broadcast: nbytes = 0"
        );
        let s = site(11, "upc_all_fseek", &[c"fd", c"off", c"UPC_SEEK_CUR"]);
        let v = violation(
            Some(1),
            "-16",
            "offset must not move the file pointer before the start",
            false,
        );
        let f = violation_finding(0, s, op("upc_all_fseek"), &args, &v, None);
        assert_eq!(f.message, "invalid argument to upc_all_fseek: offset = -16");
    }

    #[test]
    fn a_null_after_a_zero_size_allocation_cites_the_allocation() {
        let alloc = site(12, "upc_alloc", &[c"count * sizeof(int)"]);
        let zero = (alloc, "nbytes `count * sizeof(int)` = 0".to_string());
        let s = site(14, "upc_memput", &[c"q", c"&h", c"sizeof h"]);
        let args = [Val { u: 0 }, Val { u: 0 }, Val { u: 8 }];
        let mut v = violation(Some(0), "NULL", "dst must not be NULL when n > 0", false);
        v.related = vec![2];
        let f = violation_finding(0, s, op("upc_memput"), &args, &v, Some(&zero));
        assert_eq!(f.message, "invalid argument to upc_memput: dst = NULL");
        assert!(
            f.notes.iter().any(|n| n
                == "upc_alloc at v.upc:12 was called on this thread with a size of 0 bytes (nbytes `count * sizeof(int)` = 0): it returns a null pointer-to-shared"),
            "{:?}",
            f.notes
        );
        assert!(f
            .notes
            .iter()
            .any(|n| n.starts_with("related argument 3 `n`: `sizeof h` is 8")));
        // a non-null offending value is not blamed on the allocation
        let v = violation(
            Some(0),
            "(thread 9, addr 0x0, phase 0)",
            "dst must be valid",
            false,
        );
        let f = violation_finding(0, s, op("upc_memput"), &args, &v, Some(&zero));
        assert!(!f.notes.iter().any(|n| n.contains("upc_alloc")));
    }

    #[test]
    fn a_rule_on_the_call_shows_every_value_and_its_text_once() {
        colored::control::set_override(false);
        let s = site(20, "upc_local_alloc", &[c"2", c"n"]);
        let args = [Val { u: 2 }, Val { u: 0 }];
        let rule =
            "upc_local_alloc was removed from UPC 1.3; use upc_alloc(nblocks * nbytes) instead";
        let v = violation(None, "", rule, true);
        let f = violation_finding(3, s, op("upc_local_alloc"), &args, &v, None);
        assert_eq!(f.kind, Kind::QuestionableArgument);
        assert_eq!(f.message, "questionable call of upc_local_alloc");
        let t = crate::report::render(&f, 4, false);
        assert!(
            t.starts_with("warning[questionable-argument]: thread 3:"),
            "{t}"
        );
        assert_eq!(t.matches("was removed from UPC 1.3").count(), 1, "{t}");
        assert!(t.contains("argument 1 `nblocks`: `2` is 2"), "{t}");
        assert!(t.contains("argument 2 `nbytes`: `n` is 0"), "{t}");
    }
}

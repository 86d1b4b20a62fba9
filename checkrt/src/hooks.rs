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
};

/// In the monitor: a thread was killed by a signal; the JSON report gets a finding (the
/// monitor printed the message and the status table itself).
fn thread_died(thread: usize, signal: i32) {
    let Some(st) = state::get() else { return };
    let program = st.program.clone();
    let f = Finding::new(
        Kind::ThreadKilled,
        thread,
        None,
        "",
        format!(
            "thread {thread} was killed by signal {}",
            pgas::job::signal_name(signal)
        ),
    );
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
    if st.me == 0 {
        if st.threads > lock::MAX_THREADS && st.cfg.deadlock {
            eprintln!(
                "upc-check: note: lock deadlock checks are off above {} threads",
                lock::MAX_THREADS
            );
        }
        if let Some(p) = &st.cfg.report {
            crate::report::write_report(p, &st.program, st.threads);
        }
    }
    st.active = true;
}

fn thread_end() {
    if let Some(st) = state::get() {
        st.active = false;
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
    let program = if argc > 0 && !argv.is_null() && !(*argv).is_null() {
        CStr::from_ptr(*argv).to_string_lossy().into_owned()
    } else {
        String::new()
    };
    optable::table();
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
        notified: None,
        phase: 0,
        forall: Vec::new(),
        held: Vec::new(),
        pending: None,
        attempt: None,
        finished: false,
    });
    pgas::job::start(argc, argv, envp, user_main, static_threads, Some(&HOOKS))
}

#[inline]
fn active() -> Option<&'static mut Private> {
    state::get().filter(|s| s.active)
}

/// # Safety
/// `site` points to a static upcc_site_t; `args` to `site.nargs` values (or null).
#[no_mangle]
pub unsafe extern "C" fn upcc_check_entry(site: *const Site, args: *mut Val) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    let Some(info) = usize::try_from(site.op)
        .ok()
        .and_then(|i| optable::table().get(i))
    else {
        return;
    };
    let args: &[Val] = if args.is_null() || site.nargs <= 0 {
        &[]
    } else {
        std::slice::from_raw_parts(args, site.nargs as usize)
    };
    let op = info.op;
    if st.cfg.args && !args.is_empty() && !op.checks.is_empty() {
        for v in crate::args::check(site, op, args) {
            report_violation(st, site, op, args, &v);
        }
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
            if info.role == Role::AllLockFree {
                if let Some(v) = args.first() {
                    lock::free_entry(st, v.s);
                }
            }
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
            lock::check_collective(st, site, op.name);
            let slot = &state::area(st.me).slot;
            slot.coll_op
                .store(info.code | crate::ring::SYNC_BIT, Ordering::SeqCst);
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
                lock::free_entry(st, v.s);
            }
        }
    }
}

fn report_violation(
    st: &Private,
    site: &'static Site,
    op: &rules::Op,
    args: &[Val],
    v: &crate::args::Violation,
) {
    let mut f = Finding::new(
        Kind::InvalidArgument,
        st.me,
        Some(site),
        op.name,
        format!("invalid argument to {}", op.name),
    );
    f.kind = Kind::InvalidArgument;
    match v.arg {
        Some(i) => f.args.push(ArgNote {
            index: i,
            name: op
                .args
                .get(i)
                .map(|a| a.name.to_string())
                .unwrap_or_default(),
            text: site.arg_text(i).to_string(),
            value: v.value.clone(),
            decl: site.arg_decl(i).to_string(),
            rule: v.rule.clone(),
        }),
        None => f.notes.push(v.rule.clone()),
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
    if v.warning {
        // an argument warning is reported, never stops
        f.message = format!("questionable argument to {}", op.name);
        f.notes.push(format!("warning: {}", v.rule));
        let text = crate::report::render(&f, st.threads, false).replacen("error[", "warning[", 1);
        if st.cfg.warnings {
            eprint!("{text}");
        }
        return;
    }
    crate::report::emit(f);
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_record_exit(site: *const Site) {
    let Some(st) = active() else { return };
    if !st.cfg.deadlock {
        return;
    }
    let Some(site) = site.as_ref() else { return };
    let Some(info) = usize::try_from(site.op)
        .ok()
        .and_then(|i| optable::table().get(i))
    else {
        return;
    };
    match info.role {
        Role::Collective | Role::AllLockFree | Role::Notify => collective::exit(st),
        Role::Barrier => {
            collective::exit(st);
            barrier::waited(st);
        }
        Role::Wait => {
            collective::exit(st);
            barrier::waited(st);
        }
        Role::Lock => lock::exit(st, true),
        Role::LockAttempt => {
            let acquired = st.pending.is_some_and(|p| held_by_me(p.lock, st.me));
            lock::exit(st, acquired);
        }
        _ => {}
    }
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
    if st.finished {
        return;
    }
    st.finished = true;
    pgas::status::set_finished(site.file, site.line as u32);
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
        .note(format!(
            "the upc_forall is at {}",
            crate::report::at(looped)
        ));
        st.forall.clear();
        crate::report::emit(f);
    }
    barrier::before_end(st, site);
    lock::finish(st, site);
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
    if let Some(st) = active() {
        forall::iter(st, affinity);
    }
}

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_forall_end(site: *const Site) {
    let Some(st) = active() else { return };
    let Some(site) = site.as_ref() else { return };
    let Some(sig) = forall::end(st, site) else {
        return;
    };
    if !st.cfg.deadlock {
        return;
    }
    barrier::before_collective(st, site, "upc_forall", false);
    // SAFETY: written by this thread only.
    *state::area(st.me).shown.get() = sig;
    collective::run(st, &sig);
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

/// # Safety
/// `site` points to a static upcc_site_t.
#[no_mangle]
pub unsafe extern "C" fn upcc_push_frame(site: *const Site) {
    let Some(st) = active() else { return };
    let a = state::area(st.me);
    let d = a.depth.load(Ordering::Relaxed) as usize;
    if d < MAX_FRAMES {
        a.frames[d].store(site as u64, Ordering::Relaxed);
    }
    a.depth.store(d as u32 + 1, Ordering::Release);
}

#[no_mangle]
pub extern "C" fn upcc_pop_frame() {
    let Some(st) = active() else { return };
    let a = state::area(st.me);
    let d = a.depth.load(Ordering::Relaxed);
    a.depth.store(d.saturating_sub(1), Ordering::Release);
}

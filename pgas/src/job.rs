//! The job: start-up (THREADS, heap size, layout of static shared objects, the segment, the fork
//! of one process per UPC thread), thread termination, `upc_global_exit`, and the monitor that the
//! launcher becomes after the fork.
//!
//! THREADS: the compile-time value (`-T N`) if any, else `UPC_THREADS` from the environment
//! (upcrun sets it).  A dynamic-THREADS program started without UPC_THREADS is an error (there is
//! no sensible default: running with 1 thread would silently hide every parallel bug), and so is a
//! UPC_THREADS that differs from the compile-time value.
//!
//! Heap size per thread: `UPC_SHARED_HEAP_SIZE` (e.g. `64MB`), else the compile-time default set
//! by `upcr_set_default_heap_size` (the driver's `-shared-heap=SIZE` defines the C macro
//! `UPCR_DEFAULT_HEAP_SIZE` to the string "SIZE"; upcr.h then registers it from a constructor),
//! else 256 MiB.
//!
//! The monitor waits for the children with every job signal blocked (sigwaitinfo): a child killed
//! by a signal, or one that exits without reaching the end of the program, ends the job with a
//! report and the status table; SIGINT prints the table and ends the job; SIGQUIT prints the table
//! and lets the job go on; SIGTERM/SIGHUP end the job.  Ending the job sends the threads
//! SIGTERM (each flushes its stdio and leaves), then SIGKILL to any still there after a short
//! grace, so `upc_global_exit` and errors lose no buffered output.  Every child has PR_SET_PDEATHSIG=SIGKILL,
//! so no thread outlives the monitor, and the segment is an anonymous mapping: nothing is left
//! behind whatever happens.
//!
//! Job exit status: `upc_global_exit`'s (or `abort_job`'s) status, else 128+signal when the job
//! was ended by a signal, else the first non-zero thread status (by thread index), else 0.
//!
//! A program linked with another conduit (`conduit.rs`; the MPI conduit) is started by that
//! conduit's launcher, one process per UPC thread: `start` then joins the job through the
//! conduit, attaches the segment it maps, lets one process initialize the shared state, and runs
//! the UPC thread in the calling process; there is no monitor.  A thread that dies of a fault
//! reports itself from its fault handler (`sample.rs`) before it dies, and the conduit's launcher
//! ends the others; `upc_global_exit` and fatal errors end the job through `Conduit::abort`; at
//! the normal end every thread leaves the conduit after the termination barrier, and thread 0
//! runs the checker's end-of-job hook (there is no monitor to do it).

use crate::conduit::{self, Conduit};
use crate::segment::{self, Layout};
use crate::{barrier, meta, rt, statics, status, sync};
use std::ffi::{c_char, c_int, CStr};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering};

/// The user's (renamed) main.
pub type UserMain = extern "C" fn(c_int, *mut *mut c_char, *mut *mut c_char) -> c_int;

/// Checker hooks run in every thread: at start (before the start-up barrier) and at the end
/// (before the termination barrier); `thread_died` runs in the monitor when a thread was
/// killed by a signal (after the monitor's own report, before the job ends); `job_end` runs in
/// the monitor once every thread is gone, with the job's exit status, and gives the status
/// the job ends with (the checker's: 3 after errors it reported, if the job would end with 0).
pub struct Hooks {
    pub thread_start: fn(),
    pub thread_end: fn(),
    pub thread_died: fn(thread: usize, signal: i32),
    pub job_end: fn(status: i32) -> i32,
    /// In a job started by a conduit: every process together, right after the segment is
    /// mapped and before any thread runs user code (the checker maps its node-shared state
    /// there: `Conduit::map_node_shared`); an error ends the start-up (every process fails
    /// alike, thread 0 says why).
    pub conduit_start: fn(c: &'static dyn Conduit) -> Result<(), String>,
}

/// Job-wide shared state (in the runtime region).
#[repr(C)]
pub(crate) struct JobShared {
    /// 0 = running; else (kind << 32) | (status as u32), kind 1 = upc_global_exit, 2 = abort_job
    /// (or, in a conduit job, a thread's death), 3 = a conduit job ended from outside.
    end: AtomicU64,
    monitor_pid: AtomicI32,
    /// Serializes fatal reports of different threads.
    pub report: sync::Mutex,
    /// When the control words go through the conduit: the lock word that replaces `report`
    /// (0: free, else the holder + 1), taken through the conduit outside thread 0.
    report_word: AtomicU64,
    /// A conduit job's status at its normal end: `(thread + 1) << 32 | status` of the
    /// thread of least index that ended with a non-zero status, 0 if none (each such thread
    /// records itself before the termination barrier; thread 0 reads it after).
    exit_first: AtomicU64,
    /// A conduit job ended from outside, on one node (the control words mapped): 1 once the
    /// thread that reports it has printed its table.  The other threads wait for it before
    /// they leave: the launcher kills every process as soon as one of them is gone, the
    /// reporter too, in the middle of its table.
    terminated_shown: AtomicU32,
}

/// The job's end word (in the global area: its one home, thread 0; every other thread
/// reaches it through the conduit when the control words go through it).
fn end_word() -> &'static AtomicU64 {
    &job().end
}

/// Set the end word to `word` if the job is not ending yet; whether this call set it.
fn take_end(word: u64) -> bool {
    meta::word_cas(end_word(), segment::GLOBAL_AREA, 0, word).is_ok()
}

/// `take_end` from a signal or fault handler: through the conduit only when the interrupted
/// code is not inside a call into it (`Conduit::in_call`); `None` when the word cannot be
/// reached.
fn take_end_in_handler(word: u64) -> Option<bool> {
    match crate::rma::control() {
        Some(c) if c.in_call() => None,
        _ => Some(take_end(word)),
    }
}

const END_GLOBAL_EXIT: u64 = 1;
const END_ABORT: u64 = 2;
/// A conduit job ended from outside (SIGTERM from its launcher).
const END_TERMINATED: u64 = 3;

static mut IS_CHILD: bool = false;
/// The process id of this UPC thread (set with `IS_CHILD`).
static mut THREAD_PID: libc::pid_t = 0;
static mut HOOKS: Option<&'static Hooks> = None;
static mut DEFAULT_HEAP: Option<Result<usize, String>> = None;
static mut CONDUIT: Option<&'static dyn Conduit> = None;

fn job() -> &'static JobShared {
    &rt::global().job
}

fn is_child() -> bool {
    // SAFETY: set once in the child right after the fork.
    unsafe { IS_CHILD }
}

/// Whether this process is one the user's program forked from a UPC thread (its `exit`
/// ends that process only: it is no thread of the job).
pub fn forked_by_user() -> bool {
    // SAFETY: set once at the thread's start; getpid has no preconditions.
    is_child() && unsafe { THREAD_PID != libc::getpid() }
}

/// Whether this process is a UPC thread (not the launcher/monitor).
pub(crate) fn in_thread() -> bool {
    is_child()
}

extern "C" {
    static mut stdout: *mut libc::FILE;
}

/// Compile-time default heap size (the driver's `-shared-heap=`), as a size string.
///
/// # Safety
/// `s` must be null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn upcr_set_default_heap_size(s: *const c_char) {
    if s.is_null() {
        return;
    }
    let text = CStr::from_ptr(s).to_string_lossy().into_owned();
    DEFAULT_HEAP = Some(
        segment::parse_size(&text)
            .filter(|&n| n > 0 && n <= MAX_HEAP)
            .ok_or_else(|| format!("invalid compile-time shared heap size `{text}`")),
    );
}

fn fatal_start(msg: &str) -> i32 {
    eprintln!("upc-check: error: {msg}");
    1
}

/// Largest heap size per thread accepted (address space, not memory).
const MAX_HEAP: usize = 1 << 44;

/// Maximum THREADS (each thread is a process).
pub const MAX_THREADS: usize = 1 << 16;

/// The compiled THREADS value of a dynamic-THREADS program whose `main` is in a unit that uses
/// nothing of UPC (a C program built by the UPC compiler, e.g. a configure script's test
/// program): one thread when UPC_THREADS is not set, instead of an error.
pub const DYNAMIC_PLAIN_MAIN: c_int = -1;

/// THREADS from the compiled value and the one asked for at run time, `env`: the value and
/// how it was given (`UPC_THREADS=`, or `-n ` of [`threads_option`]).
fn threads_from(static_threads: c_int, env: Option<(String, &str)>) -> Result<usize, String> {
    if static_threads == DYNAMIC_PLAIN_MAIN {
        return threads_from(0, env.or_else(|| Some(("1".into(), "UPC_THREADS="))));
    }
    let dynamic = match env {
        Some((s, given_as)) => {
            let n: usize = s
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or_else(|| {
                    format!("{given_as}{s} is not a thread count between 1 and {MAX_THREADS}")
                })?;
            Some(n)
        }
        None => None,
    };
    if static_threads < 0 || static_threads as usize > MAX_THREADS {
        return Err(format!("invalid compiled THREADS value {static_threads}"));
    }
    match (static_threads as usize, dynamic) {
        (0, Some(n)) => Ok(n),
        (0, None) => Err("this program was compiled for a dynamic number of threads: \
                          run it with UPC_THREADS=N, upcrun -n N or PROGRAM -n N"
            .into()),
        (s, None) => Ok(s),
        (s, Some(n)) if n == s => Ok(s),
        (s, Some(n)) => Err(format!(
            "this program was compiled for THREADS={s} (-T {s}) but UPC_THREADS={n} asks for {n} threads"
        )),
    }
}

/// A dynamic THREADS given the way GUPC's programs take it, as their first arguments:
/// `./prog -n N ...`, `./prog -fupc-threads-N ...` or `-fupc-threads=N`.  The option is taken
/// out of `argv` (the program's `main` does not see it) and its value returned.
///
/// # Safety
/// `argv` holds `*argc` pointers (and a null after them), as C main gets them.
unsafe fn threads_option(
    argc: &mut c_int,
    argv: *mut *mut c_char,
) -> Option<(String, &'static str)> {
    if argv.is_null() || *argc < 2 {
        return None;
    }
    let arg = |i: usize| std::ffi::CStr::from_ptr(*argv.add(i)).to_string_lossy();
    let first = arg(1);
    let (value, taken, given_as) = if first == "-n" && *argc >= 3 {
        (arg(2).into_owned(), 2, "-n ")
    } else if let Some(v) = first.strip_prefix("-fupc-threads-") {
        (v.to_string(), 1, "-fupc-threads-")
    } else if let Some(v) = first.strip_prefix("-fupc-threads=") {
        (v.to_string(), 1, "-fupc-threads=")
    } else {
        return None;
    };
    // (the null after the last argument moves with them)
    let n = *argc as usize;
    std::ptr::copy(argv.add(1 + taken), argv.add(1), n - taken);
    *argc -= taken as c_int;
    Some((value, given_as))
}

fn heap_size() -> Result<usize, String> {
    if let Ok(s) = std::env::var("UPC_SHARED_HEAP_SIZE") {
        return segment::parse_size(&s)
            .filter(|&n| n > 0 && n <= MAX_HEAP)
            .ok_or_else(|| {
                format!(
                    "UPC_SHARED_HEAP_SIZE={s} is not a size between 1 byte and 16TB \
                     (examples: 64MB, 1GB)"
                )
            });
    }
    // SAFETY: written by constructors before main, single-threaded.
    match unsafe { (*std::ptr::addr_of!(DEFAULT_HEAP)).clone() } {
        Some(r) => r,
        None => Ok(segment::DEFAULT_HEAP_SIZE),
    }
}

/// `upcr_start` of upcr.h: run the job without checker hooks.
///
/// # Safety
/// argv/envp as given to C main.
#[no_mangle]
pub unsafe extern "C" fn upcr_start(
    argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
    static_threads: c_int,
) -> c_int {
    start(argc, argv, envp, user_main, static_threads, None)
}

/// A panic in any thread of the job's processes (a UPC thread, the launcher, a conduit's
/// progress thread) ends that process at once, after its message, as a signal the launcher
/// reports: a runtime thread that unwound and vanished would leave its UPC thread without
/// the service it gives (the crates are built to unwind, which the tests need).
fn end_process_on_panic() {
    let message = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        message(info);
        std::process::abort();
    }));
}

/// Start the job and monitor it; returns the job's exit status (in the launcher only: the UPC
/// threads never return from here).
///
/// # Safety
/// `argv` and `envp` are as given to C `main`: `argv` holds `argc` strings.
pub unsafe fn start(
    mut argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
    static_threads: c_int,
    hooks: Option<&'static Hooks>,
) -> i32 {
    end_process_on_panic();
    if let Some(c) = conduit::get() {
        start_on(c, argc, argv, envp, user_main, static_threads, hooks)
    }
    let mut given = std::env::var("UPC_THREADS")
        .ok()
        .map(|v| (v, "UPC_THREADS="));
    if given.is_none() && static_threads == 0 {
        // SAFETY: argv as given to C main, with argc entries.
        given = unsafe { threads_option(&mut argc, argv) };
    }
    let threads = match threads_from(static_threads, given) {
        Ok(n) => n,
        Err(e) => return fatal_start(&e),
    };
    let heap = match heap_size() {
        Ok(n) => n,
        Err(e) => return fatal_start(&e),
    };
    // SAFETY: single-threaded launcher.
    unsafe {
        segment::upcr_threads = threads as c_int;
        HOOKS = hooks;
    }
    let static_bytes = statics::layout();
    let layout = Layout::compute(threads, static_bytes, heap, rt::runtime_size(threads));
    if let Err(e) = segment::map(layout) {
        return fatal_start(&e);
    }
    if let Err(e) = rt::init() {
        return fatal_start(&e);
    }
    sync::configure_spinning(threads);
    statics::run_initializers();
    run_job(argc, argv, envp, user_main)
}

/// THREADS of a job whose size the conduit decided (`actual` processes): it must agree with the
/// compiled value and with UPC_THREADS when they are given.
fn conduit_threads(
    name: &str,
    static_threads: c_int,
    env: Option<(String, &str)>,
    actual: usize,
) -> Result<usize, String> {
    let launch = format!("upcrun -n N (or the {name} launcher)");
    let procs = if actual == 1 { "process" } else { "processes" };
    if let Some((s, given_as)) = env {
        match s.trim().parse::<usize>() {
            Ok(n) if n == actual => {}
            _ => {
                return Err(format!(
                    "{given_as}{s} asks for {s} threads but the {name} job has {actual} \
                     {procs}: start it with {launch}"
                ))
            }
        }
    }
    match static_threads {
        DYNAMIC_PLAIN_MAIN => Ok(actual),
        s if s < 0 || s as usize > MAX_THREADS => {
            Err(format!("invalid compiled THREADS value {static_threads}"))
        }
        0 => Ok(actual),
        s if s as usize == actual => Ok(actual),
        s => Err(format!(
            "this program was compiled for THREADS={s} (-T {s}) but the {name} job has {actual} \
             {procs}: start it with upcrun -n {s}"
        )),
    }
}

/// Start this process as one UPC thread of a job that conduit `c` launched (never returns).
fn start_on(
    c: &'static dyn Conduit,
    mut argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
    static_threads: c_int,
    hooks: Option<&'static Hooks>,
) -> ! {
    // (before joining: an MPI singleton's initialization sets some of these itself)
    let alone = rules::launch::LAUNCHED_BY
        .iter()
        .all(|v| std::env::var_os(v).is_none());
    let m = match c.join() {
        Ok(m) => m,
        Err(e) => {
            fatal_start(&e);
            // SAFETY: plain exit: this process never joined the job.
            unsafe { libc::exit(1) }
        }
    };
    // Errors of the start-up are the same in every thread (same program, same environment):
    // thread 0 says it, every thread leaves the job cleanly with status 1.
    let fail = |e: String| -> ! {
        if m.thread == 0 {
            fatal_start(&e);
        }
        c.leave();
        // SAFETY: plain exit.
        unsafe { libc::exit(1) }
    };
    let mut given = std::env::var("UPC_THREADS")
        .ok()
        .map(|v| (v, "UPC_THREADS="));
    if given.is_none() && static_threads == 0 && alone {
        // (started without a launcher: `./prog -n 3` as in `start`; under one, the
        // arguments are the program's)
        // SAFETY: argv as given to C main, with argc entries.
        given = unsafe { threads_option(&mut argc, argv) };
    }
    let threads =
        conduit_threads(c.name(), static_threads, given, m.threads).unwrap_or_else(|e| fail(e));
    let heap = heap_size().unwrap_or_else(|e| fail(e));
    // SAFETY: single-threaded start-up, before user code.
    unsafe {
        segment::upcr_threads = threads as c_int;
        HOOKS = hooks;
    }
    let static_bytes = statics::layout();
    let layout = Layout::compute(threads, static_bytes, heap, rt::runtime_size(threads));
    let base = c.map_segment(layout.map_len).unwrap_or_else(|e| fail(e));
    segment::attach(layout, base);
    // (MYTHREAD from here on: `segment::isolate` and the runtime's own/other decisions of the
    // start-up need it)
    segment::set_mythread(m.thread);
    if let Some(h) = hooks {
        (h.conduit_start)(c).unwrap_or_else(|e| fail(e));
    }
    if c.initializes_segment() {
        if let Err(e) = rt::init() {
            fatal_start(&e);
            c.abort(1);
        }
        statics::run_shared_initializers();
    }
    c.barrier();
    // (`segment::isolate` keeps this thread's own slices)
    segment::set_mythread(m.thread);
    match c.program_view(segment::layout()) {
        Ok(None) => {}
        Ok(Some(v)) => {
            if v.isolated {
                segment::isolate(&v.unmapped).unwrap_or_else(|e| fail(e));
            }
            segment::set_program_view(v.base, v.unmapped);
            sync::set_progress(progress_conduit);
        }
        Err(e) => fail(e),
    }
    if c.runs_barriers() {
        barrier::run_over(c);
    }
    if c.runs_atomics() {
        crate::atomic::run_over(c);
        crate::rma::run_control_over(c);
    }
    if crate::rma::control().is_some() {
        // every thread's process and host, for the reports made when a thread is gone
        let pids = c.barrier_gather(std::process::id() as i64);
        let hosts = c.barrier_gather(status::this_host() as i64);
        if pids.len() == threads && hosts.len() == threads {
            status::set_peers(&pids, &hosts);
        }
    }
    sync::configure_spinning(threads);
    statics::run_private_initializers();
    // SAFETY: single-threaded start-up, before user code.
    unsafe {
        IS_CHILD = true;
        THREAD_PID = libc::getpid();
        CONDUIT = Some(c);
        libc::signal(
            libc::SIGTERM,
            end_thread as extern "C" fn(c_int) as libc::sighandler_t,
        );
        let status = status_requested as extern "C" fn(c_int) as libc::sighandler_t;
        libc::signal(libc::SIGQUIT, status);
        // (ignored elsewhere: a handled signal would cut short a sleep of the user's code)
        libc::signal(
            libc::SIGUSR2,
            if m.thread == 0 { status } else { libc::SIG_IGN },
        );
    }
    status::set_pid(m.thread, std::process::id() as i32);
    // SAFETY: plain query.
    UPC_TID.store(unsafe { libc::gettid() }, Ordering::Relaxed);
    // SAFETY: registers a plain function, run by exit().
    unsafe { on_exit(exited_early, std::ptr::null_mut()) };
    run_thread(m.thread, argc, argv, envp, user_main)
}

/// Set when this thread goes through `thread_exit` (the end of the program, `exit` of UPC
/// code): C `exit` is then expected.
static THREAD_ENDED: AtomicBool = AtomicBool::new(false);

extern "C" {
    fn on_exit(f: extern "C" fn(c_int, *mut std::ffi::c_void), arg: *mut std::ffi::c_void)
        -> c_int;
}

/// C `exit` in a thread of a conduit job that has not reached the end of the program (a
/// plain C file's `exit`, which does not go through `upcr_exit`; the program's end and
/// `upc_global_exit` never get here): the report the smp monitor makes when it reaps such a
/// thread, with every thread's state read while this process can still reach them, then the
/// job ends with the thread's status (1 for 0).  Without it the launcher ended the others,
/// and the first of them said the job was ended from outside.
extern "C" fn exited_early(code: c_int, _: *mut std::ffi::c_void) {
    if !on_conduit()
        || forked_by_user()
        || !segment::is_mapped()
        || THREAD_ENDED.load(Ordering::SeqCst)
    {
        return;
    }
    let t = segment::mythread();
    if status::is_finished(t) {
        return;
    }
    let status = if code != 0 { code } else { 1 };
    if !take_end((END_ABORT << 32) | status as u32 as u64) {
        return;
    }
    status::set_ended(t, None, code);
    report(&format!(
        "upc-check: error: thread {t} (pid {}) exited with status {code} without reaching the \
         end of the program (the other threads can never finish)\nStatus of every thread:\n{}",
        std::process::id(),
        status::format_table()
    ));
    // SAFETY: flush before the conduit ends the job.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    if let Some(c) = active_conduit() {
        c.abort(status);
    }
}

/// Let the conduit serve remote accesses while this thread waits (see `sync::set_progress`).
fn progress_conduit() {
    if let Some(c) = conduit::get() {
        c.progress();
    }
}

/// The conduit this job runs on (set in the thread when it is not the default one).
fn active_conduit() -> Option<&'static dyn Conduit> {
    // SAFETY: written once at start-up, before user code.
    unsafe { CONDUIT }
}

/// Whether this thread runs on a conduit that started it (no monitor process).
pub fn on_conduit() -> bool {
    active_conduit().is_some()
}

fn sigset(sigs: &[c_int]) -> libc::sigset_t {
    // SAFETY: plain libc set manipulation on a local.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for &s in sigs {
            libc::sigaddset(&mut set, s);
        }
        set
    }
}

const JOB_SIGNALS: [c_int; 5] = [
    libc::SIGCHLD,
    libc::SIGINT,
    libc::SIGQUIT,
    libc::SIGTERM,
    libc::SIGHUP,
];

fn run_job(
    argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
) -> i32 {
    let threads = segment::threads();
    let set = sigset(&JOB_SIGNALS);
    // SAFETY: libc calls in the single-threaded launcher.
    let old = unsafe {
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigprocmask(libc::SIG_BLOCK, &set, &mut old);
        libc::fflush(std::ptr::null_mut());
        old
    };
    let monitor = std::process::id() as i32;
    job().monitor_pid.store(monitor, Ordering::Relaxed);
    let mut pids = vec![0 as libc::pid_t; threads];
    for t in 0..threads {
        // SAFETY: fork in a single-threaded process.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            child_main(t, monitor, &old, argc, argv, envp, user_main);
        }
        if pid < 0 {
            let err = std::io::Error::last_os_error();
            for &p in &pids[..t] {
                // SAFETY: our own children.
                unsafe { libc::kill(p, libc::SIGKILL) };
            }
            for _ in 0..t {
                // SAFETY: reaping our own children.
                unsafe { libc::wait(std::ptr::null_mut()) };
            }
            return fatal_start(&format!("cannot start thread {t} of {threads}: {err}"));
        }
        pids[t] = pid;
        status::set_pid(t, pid);
    }
    let mut rc = monitor_loop(&pids, &set);
    // SAFETY: written once by the launcher before the fork.
    if let Some(h) = unsafe { HOOKS } {
        rc = (h.job_end)(rc);
    }
    // SAFETY: restore the caller's mask.
    unsafe { libc::sigprocmask(libc::SIG_SETMASK, &old, std::ptr::null_mut()) };
    rc
}

fn child_main(
    t: usize,
    monitor: i32,
    old_mask: &libc::sigset_t,
    argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
) -> ! {
    // SAFETY: libc calls in the freshly forked, single-threaded child.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if libc::getppid() != monitor {
            libc::_exit(1);
        }
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGQUIT, libc::SIG_IGN);
        libc::signal(
            libc::SIGTERM,
            end_thread as extern "C" fn(c_int) as libc::sighandler_t,
        );
        libc::sigprocmask(libc::SIG_SETMASK, old_mask, std::ptr::null_mut());
        IS_CHILD = true;
        THREAD_PID = libc::getpid();
    }
    run_thread(t, argc, argv, envp, user_main)
}

/// Run UPC thread `t` in this process: user code between the start-up and termination barriers.
fn run_thread(
    t: usize,
    argc: c_int,
    argv: *mut *mut c_char,
    envp: *mut *mut c_char,
    user_main: UserMain,
) -> ! {
    // SAFETY: stdio set-up before any output of the thread.
    unsafe { libc::setvbuf(stdout, std::ptr::null_mut(), libc::_IOLBF, 0) };
    crate::sample::install_handlers();
    segment::set_mythread(t);
    // SAFETY: read-only after start.
    if let Some(h) = unsafe { HOOKS } {
        (h.thread_start)();
    }
    barrier::startup();
    status::set_running();
    let rc = user_main(argc, argv, envp);
    thread_exit(rc)
}

/// End of this UPC thread with `status` (return from main or exit()): the termination barrier,
/// then C `exit` (flushes stdio, runs atexit handlers).
pub fn thread_exit(status: i32) -> ! {
    if !is_child() || forked_by_user() {
        // SAFETY: plain process exit (no job running, or not a thread of it).
        unsafe { libc::exit(status) };
    }
    // SAFETY: read-only after start.
    if let Some(h) = unsafe { HOOKS } {
        (h.thread_end)();
    }
    status::mark_finished_if_not();
    if let Some(c) = active_conduit() {
        // (the conduit's memory is gone after `leave`: `exited_early` must not read it)
        THREAD_ENDED.store(true, Ordering::SeqCst);
        status::set_exit_code(status);
        if status != 0 {
            record_exit_status(status);
        }
        barrier::termination();
        let status = conduit_job_end(c, status);
        // SAFETY: normal C exit of this process.
        unsafe { libc::exit(status) }
    }
    barrier::termination();
    // SAFETY: normal C exit of this process.
    unsafe { libc::exit(status) }
}

/// The normal end of a thread of a conduit job, after the termination barrier: thread 0 runs
/// the end-of-job hook (every thread is past its checks) with the job's status (the first
/// non-zero thread status), then every thread leaves the conduit.  The status this thread's
/// process ends with: `status`, or on thread 0 the hook's where `status` is 0 (the
/// launcher's status is the first non-zero one of its processes).
fn conduit_job_end(c: &'static dyn Conduit, status: i32) -> i32 {
    let mut status = status;
    if segment::mythread() == 0 {
        // (thread 0's own word: every thread recorded its status before the barrier)
        let rc = meta::word_load(&job().exit_first, segment::GLOBAL_AREA) as u32 as i32;
        // SAFETY: read-only after start.
        if let Some(h) = unsafe { HOOKS } {
            let end = (h.job_end)(rc);
            if status == 0 {
                status = end;
            }
        }
    }
    // SAFETY: flush before leaving: the conduit's launcher may end the process.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    c.leave();
    status
}

/// Before the termination barrier of a conduit job: this thread ends with `status` (not 0);
/// keep it in the job's `exit_first` unless a thread of smaller index did so.
fn record_exit_status(status: i32) {
    let t = segment::mythread() as u64 + 1;
    let mine = t << 32 | status as u32 as u64;
    let w = &job().exit_first;
    let mut cur = meta::word_load(w, segment::GLOBAL_AREA);
    while cur == 0 || cur >> 32 > t {
        match meta::word_cas(w, segment::GLOBAL_AREA, cur, mine) {
            Ok(_) => break,
            Err(c) => cur = c,
        }
    }
}

/// `exit()` from user code.
#[no_mangle]
pub extern "C" fn upcr_exit(status: c_int) -> ! {
    thread_exit(status)
}

fn request_end(kind: u64, status: i32) -> ! {
    // (once per process: a conduit that fails while the end word is taken ends up here again
    // through `fatal_error`)
    static ENTERED: AtomicU32 = AtomicU32::new(0);
    if is_child() && ENTERED.swap(1, Ordering::SeqCst) == 0 {
        take_end((kind << 32) | status as u32 as u64);
    }
    // The UPC-IO files still open are closed (IO7): remove the DELETE_ON_CLOSE ones.
    crate::io::transfer::remove_temporaries_at_exit();
    // SAFETY: flush this thread's stdio, then leave without running anything else: the monitor
    // (or the conduit) ends the other threads as soon as it reaps this one.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    if let Some(c) = active_conduit() {
        c.abort(status);
    }
    // SAFETY: see above.
    unsafe { libc::_exit(status & 0xff) }
}

/// `upc_global_exit(status)`: flush, end every thread now, the job exits with `status`.
#[no_mangle]
pub extern "C" fn upc_global_exit(status: c_int) -> ! {
    request_end(END_GLOBAL_EXIT, status)
}

/// End every thread now (after a fatal error already reported); the job exits with `status`.
pub fn abort_job(status: i32) -> ! {
    request_end(END_ABORT, status)
}

/// Whether the job is being ended (by upc_global_exit or abort_job).
pub fn ending() -> bool {
    segment::is_mapped() && meta::word_load(end_word(), segment::GLOBAL_AREA) != 0
}

/// Print a fatal report (serialized with other threads' reports).
pub fn report(msg: &str) {
    if !is_child() {
        return monitor_report(msg);
    }
    let locked = report_lock(None);
    eprint!("{msg}");
    if locked {
        report_unlock();
    }
}

/// The job's report lock, which serializes the reports of the runtime and the checker, held
/// until dropped ([`lock_reports`]).
pub struct ReportGuard(bool);

/// Take the job's report lock (not taken from a signal handler whose process reaches it only
/// through the conduit: see `report_lock`).
pub fn lock_reports() -> ReportGuard {
    ReportGuard(report_lock(None))
}

impl Drop for ReportGuard {
    fn drop(&mut self) {
        if self.0 {
            report_unlock();
        }
    }
}

/// Take the lock that serializes the reports of different threads, waiting until `deadline`
/// at most (`None`: as long as it takes); whether it was taken.  The futex mutex of the
/// global area; when the control words go through the conduit, a lock word there taken
/// through it, and none in a signal or fault handler (which makes no conduit call).
fn report_lock(deadline: Option<std::time::Instant>) -> bool {
    let j = job();
    if crate::rma::control().is_none() {
        if deadline.is_none() {
            j.report.lock();
            return true;
        }
        let mut locked = j.report.try_lock();
        while !locked && deadline.is_some_and(|d| std::time::Instant::now() < d) {
            std::thread::sleep(std::time::Duration::from_millis(5));
            locked = j.report.try_lock();
        }
        return locked;
    }
    if status::handling_signal() {
        return false;
    }
    let me = segment::mythread() as u64 + 1;
    loop {
        if meta::word_cas(&j.report_word, segment::GLOBAL_AREA, 0, me).is_ok() {
            return true;
        }
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return false;
        }
        crate::rma::nap(200_000);
    }
}

fn report_unlock() {
    let j = job();
    if crate::rma::control().is_none() {
        j.report.unlock();
    } else {
        meta::word_store(&j.report_word, segment::GLOBAL_AREA, 0);
    }
}

/// The report of thread `t` (process `pid`) killed by signal `sig` while it was doing what
/// `before` says: what happened and where, then the status of every thread.
fn killed_report(t: usize, pid: i32, sig: i32, before: &status::StatusView) -> String {
    let doing = match before.state {
        status::State::Waiting | status::State::Finished => {
            let d = before.describe();
            let d = d.split_once(' ').map(|x| x.1).unwrap_or(&d);
            let d = d.split_once(' ').map(|x| x.1).unwrap_or(d);
            format!(" while {d}")
        }
        _ => String::new(),
    };
    let head = match crate::sample::fault_cause(t) {
        Ok(null) => format!(
            "upc-check: error[null-pointer-to-shared]: thread {t} (pid {pid}): {}\n  = {}\n  = the thread was killed by signal {}\n",
            null.message(),
            null.note(),
            signal_name(sig)
        ),
        Err(place) => format!(
            "upc-check: error: thread {t} (pid {pid}) was killed by signal {}{}{doing}\n",
            signal_name(sig),
            place.map(|p| format!(" at {p}")).unwrap_or_default()
        ),
    };
    format!("{head}Status of every thread:\n{}", status::format_table())
}

/// In a thread of a conduit job (no monitor), from its fault handler: this thread is about to
/// die of `sig`; print the report the monitor would print and run the checker's hook.  The
/// thread may have faulted anywhere (inside malloc, holding the report lock), so an alarm ends
/// it if the report cannot be made within two seconds.
pub(crate) fn report_own_death(sig: i32) {
    if !on_conduit() {
        return;
    }
    static ONCE: AtomicU32 = AtomicU32::new(0);
    if ONCE.swap(1, Ordering::SeqCst) != 0 {
        return;
    }
    // The job ends with this death: the other threads, ended by the conduit's launcher, do not
    // report the end (see `conduit_terminated`).
    let _ = take_end_in_handler((END_ABORT << 32) | (128 + sig) as u32 as u64);
    // SAFETY: default action of SIGALRM (end the process) after two seconds.
    unsafe {
        libc::signal(libc::SIGALRM, libc::SIG_DFL);
        libc::alarm(2);
    }
    let t = segment::mythread();
    let before = status::snapshot(t);
    status::set_ended(t, Some(sig), 0);
    let pid = std::process::id() as i32;
    status::in_handler(|| {
        monitor_report(&killed_report(t, pid, sig, &before));
        // SAFETY: read-only after start.
        if let Some(h) = unsafe { HOOKS } {
            (h.thread_died)(t, sig);
        }
    });
    // SAFETY: cancel the alarm: the handler returns and the thread dies of `sig`.
    unsafe { libc::alarm(0) };
}

/// In a thread of a conduit job, on SIGTERM: the conduit's launcher ends the job from outside
/// (Ctrl-C at `mpirun`, a time limit).  Unless the job was already ending (`upc_global_exit`, an
/// error, a thread's death, all reported), the first thread to get here prints the status of
/// every thread, as the monitor does on Ctrl-C: why a hung job was stopped.  (The launcher
/// kills the process if the table cannot be printed in time: about a second for mpirun.)
///
/// With threads on other nodes the table is made by the progress thread, which may read their
/// records through the conduit ([`HandlerWork`]); meanwhile every other thread stays (up to
/// [`PARK_FOR`]) so that its process still serves those reads.
///
/// False when the thread was interrupted inside a call into the conduit, which no other thread
/// of the process can enter meanwhile (so the process could serve nobody): the thread then
/// goes on, and this runs again when the call returns ([`conduit_call_returned`]).
fn conduit_terminated() -> bool {
    if !on_conduit() || !segment::is_mapped() {
        return true;
    }
    if crate::rma::control().is_some_and(|c| c.in_call()) {
        END_PENDING.store(true, Ordering::SeqCst);
        return false;
    }
    let word = (END_TERMINATED << 32) | (128 + libc::SIGTERM) as u32 as u64;
    if take_end_in_handler(word) == Some(true) {
        if !HandlerWork::Terminated.leave(Some(TERMINATED_REPORT_WAIT)) {
            status::in_handler(|| monitor_report(&terminated_report()));
        }
        if crate::rma::control().is_none() {
            job().terminated_shown.store(1, Ordering::SeqCst);
        }
    } else if crate::rma::control().is_some() {
        HandlerWork::park(PARK_FOR);
    } else {
        // (one node: the reporter's word is mapped here; a thread that left at once made
        // the launcher kill the reporter before its table was out)
        nap_until(PARK_FOR, || {
            job().terminated_shown.load(Ordering::SeqCst) != 0
        });
    }
    true
}

/// A SIGTERM came while the UPC thread was inside a call into the conduit
/// ([`conduit_terminated`]).
static END_PENDING: AtomicBool = AtomicBool::new(false);
/// The UPC thread of this process (`gettid`), in a conduit job.
static UPC_TID: AtomicI32 = AtomicI32::new(0);

/// Called by the conduit when a call into it returns: the UPC thread ends now if a SIGTERM
/// came during the call.
#[inline]
pub fn conduit_call_returned() {
    // SAFETY (gettid): plain query, made only once a SIGTERM came.
    if END_PENDING.load(Ordering::Relaxed)
        && unsafe { libc::gettid() } == UPC_TID.load(Ordering::Relaxed)
        && END_PENDING.swap(false, Ordering::SeqCst)
    {
        end_thread(libc::SIGTERM);
    }
}

fn terminated_report() -> String {
    // (a thread whose process is gone made the launcher end the job: say that, as the smp
    // monitor does, not that the job was ended from outside)
    if let Some((t, pid)) = status::first_gone() {
        return format!(
            "upc-check: error: thread {t} (pid {pid}) ended without reaching the end of the \
             program: its process is gone (killed by a signal or exited; the launcher's message \
             says how), and the launcher ends the other threads\nStatus of every thread:\n{}",
            status::format_table()
        );
    }
    format!(
        "\nupc-check: the job is being ended from outside (SIGTERM from the launcher, e.g. \
         Ctrl-C); status of every thread:\n{}",
        status::format_table()
    )
}

fn status_report() -> String {
    format!(
        "upc-check: status of every thread (SIGQUIT; the program continues):\n{}",
        status::format_table()
    )
}

/// How long the thread that reports the end of a job ended from outside waits for its progress
/// thread's table, and how long the others stay to serve it (mpirun kills at about a second).
const TERMINATED_REPORT_WAIT: std::time::Duration = std::time::Duration::from_millis(800);
const PARK_FOR: std::time::Duration = std::time::Duration::from_millis(900);

/// Work a signal handler leaves to the conduit's progress thread, which may call the conduit
/// (a handler may not: the interrupted code may hold what the call needs): the status table of
/// a job with threads on other nodes, whose records only the conduit reaches.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
enum HandlerWork {
    /// Ctrl-\ (SIGQUIT, or SIGUSR2 forwarded by mpirun): the table; the program goes on.
    Status = 1,
    /// The job is ended from outside (SIGTERM): the table, then the thread leaves.
    Terminated = 2,
}

/// The pending [`HandlerWork`] (0: none; with [`CLAIMED`] once the progress thread makes it,
/// with [`PRINTING`] once it prints it), and 1 in `HANDLER_WORK_DONE` once it is printed.
static HANDLER_WORK: AtomicU32 = AtomicU32::new(0);
static HANDLER_WORK_DONE: AtomicU32 = AtomicU32::new(0);
const CLAIMED: u32 = 0x10;
const PRINTING: u32 = 0x20;
/// Set while this process's UPC thread waits in a signal handler for the job to end: its
/// progress thread then serves the other threads' operations on it (see [`parked`]).
static PARKED: AtomicBool = AtomicBool::new(false);

impl HandlerWork {
    /// From a signal handler: leave this work to the progress thread and wait up to `wait`
    /// for it to be printed (`None`: do not wait; to wait, the interrupted code must not be
    /// inside a call into the conduit, which the progress thread would wait for).  False when
    /// it cannot be left (one node: the handler reads every record itself; no progress
    /// thread) or was not made in time (it is then withdrawn: the caller prints what the
    /// handler can read).
    fn leave(self, wait: Option<std::time::Duration>) -> bool {
        let Some(c) = crate::rma::control() else {
            return false;
        };
        let w = self as u32;
        match HANDLER_WORK.compare_exchange(0, w, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => {}
            // (asked again before the progress thread printed it: once is enough)
            Err(cur) if cur & !(CLAIMED | PRINTING) == w && wait.is_none() => return true,
            Err(_) => return false,
        }
        HANDLER_WORK_DONE.store(0, Ordering::SeqCst);
        if !c.wake_progress() {
            HANDLER_WORK.store(0, Ordering::SeqCst);
            return false;
        }
        let Some(wait) = wait else { return true };
        PARKED.store(true, Ordering::SeqCst);
        let done = || HANDLER_WORK_DONE.load(Ordering::SeqCst) != 0;
        let mut printed = nap_until(wait, done);
        if !printed {
            // withdrawn unless it is being printed (then it is nearly done)
            let withdrawn = [w, w | CLAIMED].into_iter().any(|cur| {
                HANDLER_WORK
                    .compare_exchange(cur, 0, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
            });
            if !withdrawn {
                printed = nap_until(std::time::Duration::from_millis(100), done);
            }
        }
        PARKED.store(false, Ordering::SeqCst);
        printed
    }

    /// From a signal handler: stay up to `wait` while the progress thread serves this
    /// thread's memory to another thread's report; the job ends meanwhile.
    fn park(wait: std::time::Duration) {
        PARKED.store(true, Ordering::SeqCst);
        if let Some(c) = crate::rma::control() {
            c.wake_progress();
        }
        nap_until(wait, || false);
    }
}

/// Sleep in steps of a millisecond (async-signal-safe) until `done()` or `wait` has passed;
/// whether `done()` held.
fn nap_until(wait: std::time::Duration, done: impl Fn() -> bool) -> bool {
    let step = libc::timespec {
        tv_sec: 0,
        tv_nsec: 1_000_000,
    };
    for _ in 0..wait.as_millis().max(1) {
        if done() {
            return true;
        }
        // SAFETY: a local timespec; an interrupted sleep just ends the step early.
        unsafe { libc::nanosleep(&step, std::ptr::null_mut()) };
    }
    done()
}

/// Whether this process's UPC thread waits in a signal handler while another thread reads its
/// memory through the conduit (the progress thread must then serve every operation on it).
pub fn parked() -> bool {
    PARKED.load(Ordering::Relaxed)
}

/// Called by the conduit's progress thread whenever it wakes: make the report a signal
/// handler left to it ([`HandlerWork`]), if any.
pub fn serve_handler_work() {
    let w = HANDLER_WORK.load(Ordering::SeqCst);
    let make: fn() -> String = match w {
        w if w == HandlerWork::Status as u32 => status_report,
        w if w == HandlerWork::Terminated as u32 => terminated_report,
        _ => return,
    };
    if HANDLER_WORK
        .compare_exchange(w, w | CLAIMED, Ordering::SeqCst, Ordering::SeqCst)
        .is_err()
    {
        return;
    }
    let msg = make();
    // (the handler may have given up waiting and printed what it could read)
    if HANDLER_WORK
        .compare_exchange(
            w | CLAIMED,
            w | PRINTING,
            Ordering::SeqCst,
            Ordering::SeqCst,
        )
        .is_err()
    {
        return;
    }
    monitor_report(&msg);
    HANDLER_WORK_DONE.store(1, Ordering::SeqCst);
    HANDLER_WORK.store(0, Ordering::SeqCst);
}

/// SIGQUIT, or SIGUSR2 in thread 0 (what `upcrun` sends mpirun for Ctrl-\; mpirun forwards it
/// to every thread, and the others ignore it), in a thread of a conduit job: the status of
/// every thread, and the program goes on.
extern "C" fn status_requested(_: c_int) {
    if !HandlerWork::Status.leave(None) {
        status::in_handler(|| monitor_report(&status_report()));
    }
}

/// The monitor never blocks on a lock a thread may hold: a thread killed while printing would
/// keep it forever.  It waits up to a second for the report lock, then prints anyway.
fn monitor_report(msg: &str) {
    let locked = report_lock(Some(
        std::time::Instant::now() + std::time::Duration::from_secs(1),
    ));
    eprint!("{msg}");
    if locked {
        report_unlock();
    }
}

/// A signal's name, e.g. `SIGSEGV`.
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGSTKFLT => "SIGSTKFLT",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("{sig}"),
    };
    // SAFETY: strsignal returns a static (or thread-local) string.
    let desc = unsafe {
        let p = libc::strsignal(sig);
        if p.is_null() {
            String::new()
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    };
    if desc.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({desc})")
    }
}

struct Monitor<'a> {
    pids: &'a [libc::pid_t],
    alive: Vec<bool>,
    nalive: usize,
    codes: Vec<i32>,
    /// Set when the job is being ended: the status the job exits with.
    ended: Option<i32>,
    /// When the threads asked to end (SIGTERM: flush stdio, exit) get SIGKILL.
    kill_at: Option<std::time::Instant>,
}

/// How long threads asked to end may take to flush their output before they are killed.
const END_GRACE: std::time::Duration = std::time::Duration::from_millis(300);

/// SIGTERM in a thread: the job is ending; flush this thread's stdio and leave.
extern "C" fn end_thread(_: c_int) {
    if !conduit_terminated() {
        return;
    }
    // SAFETY: fflush is not async-signal-safe, but the thread is leaving anyway and the
    // monitor kills it if it does not get out within END_GRACE.
    unsafe {
        libc::fflush(std::ptr::null_mut());
        libc::_exit(0);
    }
}

impl Monitor<'_> {
    /// End the job: ask every thread to flush its output and leave (SIGTERM), kill those
    /// still there after END_GRACE.
    fn end_all(&mut self, status: i32) {
        if self.ended.is_none() {
            self.ended = Some(status);
        }
        if self.kill_at.is_none() {
            self.kill_at = Some(std::time::Instant::now() + END_GRACE);
            self.signal_alive(libc::SIGTERM);
        }
    }

    fn signal_alive(&self, sig: c_int) {
        for (t, &pid) in self.pids.iter().enumerate() {
            if self.alive[t] {
                // SAFETY: our own child (not yet reaped, so the pid is still ours).
                unsafe { libc::kill(pid, sig) };
            }
        }
    }

    fn thread_of(&self, pid: libc::pid_t) -> Option<usize> {
        self.pids.iter().position(|&p| p == pid)
    }

    fn reap(&mut self) {
        loop {
            let mut st: c_int = 0;
            // SAFETY: reaping our own children.
            let pid = unsafe { libc::waitpid(-1, &mut st, libc::WNOHANG) };
            if pid <= 0 {
                return;
            }
            let Some(t) = self.thread_of(pid) else {
                continue;
            };
            if !self.alive[t] {
                continue;
            }
            self.alive[t] = false;
            self.nalive -= 1;
            let before = status::snapshot(t);
            let finished = status::is_finished(t);
            let end = job().end.load(Ordering::SeqCst);
            if libc::WIFSIGNALED(st) {
                let sig = libc::WTERMSIG(st);
                status::set_ended(t, Some(sig), 0);
                if end != 0 {
                    self.end_all(end as u32 as i32);
                } else if sig == libc::SIGPIPE {
                    // The reader of the output went away (`./prog | head`): end quietly.
                    self.end_all(128 + sig);
                } else if self.ended.is_none() {
                    report(&killed_report(t, pid, sig, &before));
                    // SAFETY: written once by the launcher before the fork.
                    if let Some(h) = unsafe { HOOKS } {
                        (h.thread_died)(t, sig);
                    }
                    self.end_all(128 + sig);
                }
            } else {
                let code = libc::WEXITSTATUS(st);
                status::set_ended(t, None, code);
                self.codes[t] = code;
                if end != 0 {
                    self.end_all(end as u32 as i32);
                } else if !finished && self.ended.is_none() {
                    report(&format!(
                        "upc-check: error: thread {t} (pid {pid}) exited with status {code} \
                         without reaching the end of the program (the other threads can never \
                         finish)\nStatus of every thread:\n{}",
                        status::format_table()
                    ));
                    self.end_all(if code != 0 { code } else { 1 });
                }
            }
        }
    }
}

fn monitor_loop(pids: &[libc::pid_t], set: &libc::sigset_t) -> i32 {
    let n = pids.len();
    let mut m = Monitor {
        pids,
        alive: vec![true; n],
        nalive: n,
        codes: vec![0; n],
        ended: None,
        kill_at: None,
    };
    while m.nalive > 0 {
        m.reap();
        if m.nalive == 0 {
            break;
        }
        // SAFETY: waiting for one of the blocked job signals (until the kill deadline when
        // the job is ending).
        let sig = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            match m.kill_at {
                None => libc::sigwaitinfo(set, &mut info),
                Some(at) => {
                    let left = at.saturating_duration_since(std::time::Instant::now());
                    let ts = libc::timespec {
                        tv_sec: left.as_secs() as libc::time_t,
                        tv_nsec: left.subsec_nanos() as libc::c_long,
                    };
                    let r = libc::sigtimedwait(set, &mut info, &ts);
                    if r == -1 && std::time::Instant::now() >= at {
                        m.signal_alive(libc::SIGKILL);
                        m.kill_at = Some(at + END_GRACE);
                    }
                    r
                }
            }
        };
        match sig {
            libc::SIGCHLD | -1 => {}
            libc::SIGQUIT => report(&status_report()),
            libc::SIGINT => {
                if m.ended.is_none() {
                    report(&format!(
                        "\nupc-check: interrupted (SIGINT); status of every thread:\n{}",
                        status::format_table()
                    ));
                }
                m.end_all(128 + libc::SIGINT);
            }
            s => m.end_all(128 + s),
        }
    }
    let end = job().end.load(Ordering::SeqCst);
    if end != 0 {
        return end as u32 as i32;
    }
    if let Some(s) = m.ended {
        return s;
    }
    m.codes.iter().copied().find(|&c| c != 0).unwrap_or(0)
}

/// A fatal error found by the runtime: the first thread of the job to get here prints `msg` and
/// ends the job with status 1; any other thread that finds an error meanwhile just waits to be
/// ended (so one report is printed, not THREADS).
pub fn fatal_error(msg: &str) -> ! {
    if !is_child() {
        eprint!("{msg}");
        // SAFETY: plain exit.
        unsafe { libc::exit(1) };
    }
    // (a second fatal error of this process while the first is reported: the conduit failed
    // on the way, through the flag or the report lock; say it and end)
    static ENTERED: AtomicU32 = AtomicU32::new(0);
    if ENTERED.swap(1, Ordering::SeqCst) != 0 {
        eprint!("{msg}");
        abort_job(1);
    }
    if meta::word_cas(&rt::global().fatal, segment::GLOBAL_AREA, 0, 1).is_ok() {
        report(msg);
        abort_job(1);
    }
    await_end()
}

/// Sleep until the monitor ends this process (the job is being ended by another thread).
pub fn await_end() -> ! {
    loop {
        // SAFETY: no arguments; returns only when a signal is caught.
        unsafe { libc::pause() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_static_dynamic_rules() {
        assert_eq!(threads_from(4, None), Ok(4));
        assert_eq!(threads_from(4, Some(("4".into(), "UPC_THREADS="))), Ok(4));
        assert!(threads_from(4, Some(("3".into(), "UPC_THREADS=")))
            .unwrap_err()
            .contains("compiled for THREADS=4"));
        assert_eq!(
            threads_from(0, Some((" 16 ".into(), "UPC_THREADS="))),
            Ok(16)
        );
        assert!(threads_from(0, None).unwrap_err().contains("UPC_THREADS"));
        assert_eq!(threads_from(DYNAMIC_PLAIN_MAIN, None), Ok(1));
        assert_eq!(
            threads_from(DYNAMIC_PLAIN_MAIN, Some(("3".into(), "UPC_THREADS="))),
            Ok(3)
        );
        let env = |v: &str| Some((v.to_string(), "UPC_THREADS="));
        assert!(threads_from(DYNAMIC_PLAIN_MAIN, env("0")).is_err());
        assert!(threads_from(0, env("0")).is_err());
        assert!(threads_from(0, env("x")).is_err());
        assert!(threads_from(0, env("100000000")).is_err());
        // the message names the value as it was given
        assert_eq!(
            threads_from(0, Some(("zz".into(), "-n "))).unwrap_err(),
            format!("-n zz is not a thread count between 1 and {MAX_THREADS}")
        );
        assert!(threads_from(0, env("zz"))
            .unwrap_err()
            .starts_with("UPC_THREADS=zz "));
        assert!(threads_from(-2, None).is_err());
    }

    #[test]
    fn conduit_threads_follow_the_launcher() {
        assert_eq!(conduit_threads("MPI", 0, None, 3), Ok(3));
        assert_eq!(conduit_threads("MPI", 3, None, 3), Ok(3));
        let env = |s: &str| Some((s.to_string(), "UPC_THREADS="));
        assert_eq!(conduit_threads("MPI", 0, env("3"), 3), Ok(3));
        let e = conduit_threads("MPI", 4, None, 2).unwrap_err();
        assert!(
            e.contains("compiled for THREADS=4") && e.contains("has 2 processes"),
            "{e}"
        );
        let e = conduit_threads("MPI", 0, env("3"), 1).unwrap_err();
        assert!(
            e.contains("UPC_THREADS=3") && e.contains("has 1 process:"),
            "{e}"
        );
        let e = conduit_threads("MPI", 0, Some(("3".into(), "-n ")), 1).unwrap_err();
        assert!(e.starts_with("-n 3 asks for 3 threads"), "{e}");
        assert!(conduit_threads("MPI", -2, None, 1).is_err());
        assert_eq!(conduit_threads("MPI", DYNAMIC_PLAIN_MAIN, None, 3), Ok(3));
    }

    #[test]
    fn signal_names() {
        assert!(signal_name(libc::SIGSEGV).starts_with("SIGSEGV"));
        assert!(signal_name(libc::SIGKILL).starts_with("SIGKILL"));
        assert_eq!(signal_name(1000), "1000");
    }
}

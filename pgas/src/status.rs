//! Per-thread status records: what every UPC thread is doing right now (running, waiting at a
//! UPC operation at file:line, finished, exited, killed).  They live in the shared segment so the
//! monitor can print a status table when a thread dies or on Ctrl-C / Ctrl-\, and so the checker
//! can describe every thread in a deadlock report.
//!
//! Operation and file names are `*const c_char` to static strings: every thread and the monitor
//! run the same executable image (fork without exec), so the pointers are valid everywhere.

use crate::segment::{self, Region};
use std::ffi::{c_char, CStr};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, Ordering};

/// What a thread is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Has not started user code yet.
    Starting,
    /// Executing user code.
    Running,
    /// Blocked in (or checking) a UPC operation.
    Waiting,
    /// Reached the end of the program (return from main / exit), now in the termination barrier.
    Finished,
    /// The process has exited (status in `code`).
    Exited,
    /// The process was killed by a signal (number in `code`).
    Killed,
}

impl State {
    fn from_u32(v: u32) -> State {
        match v {
            1 => State::Running,
            2 => State::Waiting,
            3 => State::Finished,
            4 => State::Exited,
            5 => State::Killed,
            _ => State::Starting,
        }
    }
}

/// The shared record (one cache line per thread, at the start of its runtime region).
#[repr(C, align(64))]
pub(crate) struct StatusRecord {
    state: AtomicU32,
    line: AtomicU32,
    op: AtomicU64,
    file: AtomicU64,
    code: AtomicI32,
    /// Bumped around every update so that a reader can take a consistent snapshot.
    seq: AtomicU32,
    pid: AtomicI32,
}

/// A consistent copy of one thread's record.
#[derive(Clone, Debug)]
pub struct StatusView {
    pub thread: usize,
    pub state: State,
    pub op: Option<String>,
    pub file: Option<String>,
    pub line: u32,
    /// Exit status (Exited) or signal number (Killed).
    pub code: i32,
    pub pid: i32,
}

fn record(thread: usize) -> &'static StatusRecord {
    // SAFETY: the status record is the first object of the thread's runtime region; the region is
    // mapped for the whole job and zero-initialized (a valid StatusRecord).
    unsafe { &*(segment::thread_region(Region::Runtime, thread) as *const StatusRecord) }
}

fn me() -> Option<&'static StatusRecord> {
    segment::is_mapped().then(|| record(segment::mythread()))
}

fn update(r: &StatusRecord, f: impl FnOnce(&StatusRecord)) {
    r.seq.fetch_add(1, Ordering::AcqRel);
    f(r);
    r.seq.fetch_add(1, Ordering::Release);
}

/// This thread now waits at (or is being checked at) operation `op` of `file`:`line`.
/// `file` may be null (the operation's location is unknown to the runtime).
pub fn set_waiting(op: *const c_char, file: *const c_char, line: u32) {
    if let Some(r) = me() {
        update(r, |r| {
            r.op.store(op as u64, Ordering::Relaxed);
            r.file.store(file as u64, Ordering::Relaxed);
            r.line.store(line, Ordering::Relaxed);
            r.state.store(2, Ordering::Relaxed);
        });
    }
}

/// This thread runs user code again.
pub fn set_running() {
    if let Some(r) = me() {
        update(r, |r| r.state.store(1, Ordering::Relaxed));
    }
}

/// This thread reached the end of the program at `file`:`line` (null file: unknown).
pub fn set_finished(file: *const c_char, line: u32) {
    if let Some(r) = me() {
        update(r, |r| {
            r.op.store(0, Ordering::Relaxed);
            r.file.store(file as u64, Ordering::Relaxed);
            r.line.store(line, Ordering::Relaxed);
            r.state.store(3, Ordering::Relaxed);
        });
    }
}

/// The runtime's own blocking waits: mark "waiting at `op`" unless the checker already described
/// the operation (with its file and line).  Returns whether the caller must call `end_wait`.
pub(crate) fn begin_wait(op: &'static CStr) -> bool {
    match me() {
        Some(r) if r.state.load(Ordering::Relaxed) == 1 => {
            set_waiting(op.as_ptr(), std::ptr::null(), 0);
            true
        }
        _ => false,
    }
}

pub(crate) fn end_wait(marked: bool) {
    if marked {
        set_running();
    }
}

/// Mark the termination barrier: finished, keeping a location the checker may have recorded.
pub(crate) fn mark_finished_if_not() {
    if let Some(r) = me() {
        if r.state.load(Ordering::Relaxed) != 3 {
            set_finished(std::ptr::null(), 0);
        }
    }
}

pub(crate) fn is_finished(thread: usize) -> bool {
    record(thread).state.load(Ordering::Acquire) == 3
}

/// Monitor side: the process of `thread` is gone.
pub(crate) fn set_ended(thread: usize, killed_by: Option<i32>, exit_status: i32) {
    let r = record(thread);
    update(r, |r| match killed_by {
        Some(sig) => {
            r.code.store(sig, Ordering::Relaxed);
            r.state.store(5, Ordering::Relaxed);
        }
        None => {
            r.code.store(exit_status, Ordering::Relaxed);
            r.state.store(4, Ordering::Relaxed);
        }
    });
}

pub(crate) fn set_pid(thread: usize, pid: i32) {
    record(thread).pid.store(pid, Ordering::Relaxed);
}

fn cstr_at(p: u64) -> Option<String> {
    if p == 0 {
        return None;
    }
    // SAFETY: only pointers to static NUL-terminated strings of the (shared) executable image are
    // stored in status records.
    Some(
        unsafe { CStr::from_ptr(p as *const c_char) }
            .to_string_lossy()
            .into_owned(),
    )
}

/// A consistent copy of `thread`'s status.
pub fn snapshot(thread: usize) -> StatusView {
    let r = record(thread);
    for _ in 0..1000 {
        let s1 = r.seq.load(Ordering::Acquire);
        if s1 & 1 == 0 {
            let state = r.state.load(Ordering::Relaxed);
            let op = r.op.load(Ordering::Relaxed);
            let file = r.file.load(Ordering::Relaxed);
            let line = r.line.load(Ordering::Relaxed);
            let code = r.code.load(Ordering::Relaxed);
            if r.seq.load(Ordering::Acquire) == s1 {
                return view(thread, state, op, file, line, code, r);
            }
        }
        std::hint::spin_loop();
    }
    // The writer is stuck mid-update (killed?): take what is there.
    let (state, op, file, line, code) = (
        r.state.load(Ordering::Relaxed),
        r.op.load(Ordering::Relaxed),
        r.file.load(Ordering::Relaxed),
        r.line.load(Ordering::Relaxed),
        r.code.load(Ordering::Relaxed),
    );
    view(thread, state, op, file, line, code, r)
}

fn view(
    thread: usize,
    state: u32,
    op: u64,
    file: u64,
    line: u32,
    code: i32,
    r: &StatusRecord,
) -> StatusView {
    StatusView {
        thread,
        state: State::from_u32(state),
        op: cstr_at(op),
        file: cstr_at(file),
        line,
        code,
        pid: r.pid.load(Ordering::Relaxed),
    }
}

fn location(v: &StatusView) -> String {
    match (&v.file, v.line) {
        (Some(f), l) if l > 0 => format!(" : line {l} : file {f}"),
        (Some(f), _) => format!(" : file {f}"),
        _ => String::new(),
    }
}

impl StatusView {
    /// One line of the status table, e.g. `Thread 2 waiting at upc_barrier : line 12 : file ex.upc`.
    pub fn describe(&self) -> String {
        let t = self.thread;
        let op = self.op.as_deref().unwrap_or("a UPC operation");
        match self.state {
            State::Starting => format!("Thread {t} starting"),
            State::Running => match &self.op {
                // The record keeps the last operation the thread waited at or was checked at.
                Some(op) => format!(
                    "Thread {t} executing (last UPC operation: {op}{})",
                    location(self)
                ),
                None => format!("Thread {t} executing"),
            },
            State::Waiting => format!("Thread {t} waiting at {op}{}", location(self)),
            State::Finished => {
                if self.file.is_some() {
                    format!("Thread {t} finished{}", location(self))
                } else {
                    format!("Thread {t} finished (waiting for the other threads to finish)")
                }
            }
            State::Exited => format!("Thread {t} exited with status {}", self.code),
            State::Killed => format!(
                "Thread {t} killed by signal {}",
                crate::job::signal_name(self.code)
            ),
        }
    }
}

/// The status table of every thread, one line each (newline-terminated).
pub fn format_table() -> String {
    let mut s = String::new();
    for t in 0..segment::threads() {
        let _ = writeln!(s, "  {}", snapshot(t).describe());
    }
    s
}

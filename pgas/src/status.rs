//! Per-thread status records: what every UPC thread is doing right now (running, waiting at a
//! UPC operation at file:line, finished, exited, killed).  They live in the shared segment so the
//! monitor can print a status table when a thread dies or on Ctrl-C / Ctrl-\, and so the checker
//! can describe every thread in a deadlock report.
//!
//! Operation and file names are `*const c_char` to static strings: every thread and the monitor
//! run the same executable image (fork without exec), so the pointers are valid everywhere.
//!
//! Each thread writes only its own record (the monitor writes a record once its thread is
//! gone).  Another thread's record is read where it is mapped (smp, one MPI node), else, when
//! the control words go through the conduit (`rma::control`, every thread its own node),
//! through the conduit ([`Reach::Conduit`]: a seqlock read as one get between two reads of the
//! sequence word).  A signal or fault handler makes no conduit call ([`in_handler`]): there
//! the record of a thread whose runtime slice this process does not map is "not available".

use crate::meta::Via;
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
    /// Not known here: the record of a thread on another node, asked for in a signal or fault
    /// handler (which makes no call into the conduit).
    Unavailable,
    /// A conduit job (no monitor that reaps the threads): the thread's process, on this host,
    /// is gone although the thread had not reached the end of the program (killed by a signal
    /// it could not report, such as SIGKILL, or `_exit`); its status is the launcher's.
    Gone,
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
    /// While the thread runs: the checker's site (`upcc_site_t`) of the operation it waits at,
    /// 0 if none.  One store instead of the seqlock update (`set_waiting_at`); the operation,
    /// file and line are read from the site when the record is shown.
    at: AtomicU64,
    op: AtomicU64,
    file: AtomicU64,
    code: AtomicI32,
    /// Bumped around every update so that a reader can take a consistent snapshot.
    seq: AtomicU32,
    pid: AtomicI32,
    /// The last fault of the thread (signal 0: none), written by its fault handler.
    fault_sig: AtomicI32,
    fault_addr: AtomicU64,
    fault_pc: AtomicU64,
    /// Samples of the program counter: requests taken by reporters (a 64-bit word, which
    /// another node's reporter takes by a one-sided atomic), answered by the thread's handler
    /// (ack = the low half of the request it saw), frames innermost first.
    sample_req: AtomicU64,
    sample_ack: AtomicU32,
    sample_n: AtomicU32,
    sample_pcs: [AtomicU64; SAMPLE_FRAMES],
    /// The host the thread runs on (`host_id`): a reporter signals a thread for a sample only
    /// on its own host.
    host: AtomicU64,
}

/// Set while this process reports from a signal or fault handler (`in_handler`).
static IN_HANDLER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run `f` (a report made from a signal or fault handler) without calls into the conduit:
/// the records of threads whose runtime slice this process does not map are then shown as
/// not available.
pub(crate) fn in_handler<R>(f: impl FnOnce() -> R) -> R {
    let was = IN_HANDLER.swap(true, Ordering::SeqCst);
    let r = f();
    IN_HANDLER.store(was, Ordering::SeqCst);
    r
}

/// Whether this process reports from a signal or fault handler (`in_handler`).
pub(crate) fn handling_signal() -> bool {
    IN_HANDLER.load(Ordering::Relaxed)
}

/// How this process reads `thread`'s record.
enum Reach {
    /// In the runtime's view.
    Direct(&'static StatusRecord),
    /// Through the conduit (the control words go through it, and this is not the caller's).
    Conduit(Via),
    /// Not at all (another node's, in a signal handler).
    Unavailable,
}

fn reach(thread: usize) -> Reach {
    let own = crate::job::in_thread() && thread == segment::mythread();
    if crate::rma::control().is_none() || own {
        return Reach::Direct(record(thread));
    }
    if handling_signal() {
        return if segment::maps(thread as u32) {
            Reach::Direct(record(thread))
        } else {
            Reach::Unavailable
        };
    }
    Reach::Conduit(Via::of(thread as u32))
}

/// A copy of `thread`'s record read through the conduit in one get (not consistent by
/// itself: see `remote_snapshot`).
fn remote_copy(via: Via, thread: usize) -> Box<StatusRecord> {
    // SAFETY: all-zero is a valid StatusRecord (atomics and integers).
    let mut copy: Box<StatusRecord> = Box::new(unsafe { std::mem::zeroed() });
    // SAFETY: the bytes of the local copy, overwritten whole by the get.
    let bytes = unsafe {
        std::slice::from_raw_parts_mut(
            &mut *copy as *mut StatusRecord as *mut u8,
            std::mem::size_of::<StatusRecord>(),
        )
    };
    via.read(record(thread) as *const StatusRecord as *const u8, bytes);
    copy
}

/// A hash of this host's identity (name and boot id), the same for every process of a host.
fn host_id() -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut name = [0u8; 256];
    // SAFETY: gethostname writes at most the given length into the local buffer.
    unsafe { libc::gethostname(name.as_mut_ptr() as *mut c_char, name.len()) };
    name.hash(&mut h);
    std::fs::read_to_string("/proc/sys/kernel/random/boot_id")
        .unwrap_or_default()
        .hash(&mut h);
    h.finish() | 1
}

/// This process's host (`host_id`, computed once).
fn my_host() -> u64 {
    static HOST: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *HOST.get_or_init(host_id)
}

/// Frames kept by a sample of a thread's call stack.
pub const SAMPLE_FRAMES: usize = 24;

/// Whether the status table shows the call stacks of threads executing user code
/// (`--upccheck:-s`).  Set before the threads start.
static SHOW_STACKS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Show the call stacks of executing threads in the status table.
pub fn set_show_stacks(on: bool) {
    SHOW_STACKS.store(on, Ordering::Relaxed);
}

/// A fault recorded by a thread's handler before it died of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub signal: i32,
    /// The faulting address.
    pub addr: u64,
    /// The faulting instruction.
    pub pc: u64,
}

/// Handler side: this thread faults at `addr` (instruction `pc`).
pub(crate) fn store_fault(sig: i32, addr: u64, pc: u64) {
    if let Some(r) = me() {
        r.fault_addr.store(addr, Ordering::Relaxed);
        r.fault_pc.store(pc, Ordering::Relaxed);
        r.fault_sig.store(sig, Ordering::Release);
    }
}

/// The fault `thread` died of, if its handler saw one.
pub fn fault(thread: usize) -> Option<Fault> {
    if !segment::is_mapped() || thread >= segment::threads() {
        return None;
    }
    let copy;
    let r = match reach(thread) {
        Reach::Direct(r) => r,
        Reach::Conduit(via) => {
            copy = remote_copy(via, thread);
            &*copy
        }
        Reach::Unavailable => return None,
    };
    let signal = r.fault_sig.load(Ordering::Acquire);
    (signal != 0).then(|| Fault {
        signal,
        addr: r.fault_addr.load(Ordering::Relaxed),
        pc: r.fault_pc.load(Ordering::Relaxed),
    })
}

/// Handler side: answer the pending sample request with these frames.
pub(crate) fn store_sample(pcs: &[u64]) {
    if let Some(r) = me() {
        let req = r.sample_req.load(Ordering::Acquire);
        let n = pcs.len().min(SAMPLE_FRAMES);
        for (slot, &pc) in r.sample_pcs.iter().zip(&pcs[..n]) {
            slot.store(pc, Ordering::Relaxed);
        }
        r.sample_n.store(n as u32, Ordering::Relaxed);
        r.sample_ack.store(req as u32, Ordering::Release);
    }
}

/// Ask `thread` for a sample of its program counter, if it executes user code (and is not
/// this thread): returns the ticket to wait for.
pub(crate) fn begin_sample(thread: usize) -> Option<u32> {
    if thread >= segment::threads()
        || (crate::job::in_thread() && thread == segment::mythread())
        || process_gone(thread)
    {
        return None;
    }
    let copy;
    let (r, via) = match reach(thread) {
        Reach::Direct(r) => (r, None),
        Reach::Conduit(via) => {
            copy = remote_copy(via, thread);
            (&*copy, Some(via))
        }
        Reach::Unavailable => return None,
    };
    let pid = r.pid.load(Ordering::Relaxed);
    if pid <= 0
        || r.state.load(Ordering::Acquire) != 1
        || r.at.load(Ordering::Relaxed) != 0
        || via.is_some() && r.host.load(Ordering::Relaxed) != my_host()
        || !on_cpu(pid)
    {
        return None;
    }
    let ticket = match via {
        None => r.sample_req.fetch_add(1, Ordering::AcqRel),
        Some(_) => crate::meta::word_fetch_add(&record(thread).sample_req, thread as u32, 1),
    }
    .wrapping_add(1) as u32;
    // SAFETY: a signal to a UPC thread of this job, which handles it (installed before it
    // is marked running).
    if unsafe { libc::kill(pid, crate::sample::sample_signal()) } != 0 {
        return None;
    }
    Some(ticket)
}

/// Whether the process is running or runnable (state R), not asleep in a system call: a
/// signal handler would end a `pause`, `sleep` or `nanosleep` early, so a sleeping thread is
/// never sampled.
fn on_cpu(pid: i32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    stat.rsplit_once(") ")
        .is_some_and(|(_, rest)| rest.starts_with('R'))
}

/// Wait (until `deadline`) for the answer to `ticket`; the frames, innermost first.
pub(crate) fn finish_sample(
    thread: usize,
    ticket: u32,
    deadline: std::time::Instant,
) -> Option<Vec<u64>> {
    let mut copy;
    let mut r = record(thread);
    loop {
        if let Reach::Conduit(via) = reach(thread) {
            copy = remote_copy(via, thread);
            r = &*copy;
        }
        let ack = r.sample_ack.load(Ordering::Acquire);
        if ack.wrapping_sub(ticket) < 1 << 31 {
            if let Reach::Conduit(via) = reach(thread) {
                // (one get has no order between its bytes: the frames again, written before
                // the answer that was seen)
                copy = remote_copy(via, thread);
                r = &*copy;
            }
            let n = (r.sample_n.load(Ordering::Relaxed) as usize).min(SAMPLE_FRAMES);
            return Some(
                r.sample_pcs[..n]
                    .iter()
                    .map(|p| p.load(Ordering::Relaxed))
                    .collect(),
            );
        }
        if std::time::Instant::now() >= deadline
            || r.state.load(Ordering::Acquire) != 1
            || r.at.load(Ordering::Relaxed) != 0
        {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
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

/// A seqlock write.  One writer at a time (the thread itself, or the monitor once the thread
/// is gone), so plain stores do: the odd count is ordered before the fields by the fence.
fn update(r: &StatusRecord, f: impl FnOnce(&StatusRecord)) {
    let s = r.seq.load(Ordering::Relaxed);
    r.seq.store(s.wrapping_add(1), Ordering::Relaxed);
    std::sync::atomic::fence(Ordering::Release);
    f(r);
    r.seq.store(s.wrapping_add(2), Ordering::Release);
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

/// The head of a checker site (`upcc_site_t` of `upcc_hooks.h`): what a status record needs.
#[repr(C)]
struct SiteHead {
    file: *const c_char,
    line: i32,
    col: i32,
    op: i32,
}

/// This thread now waits at (or is being checked at) the operation of the checker site
/// `site` (a static `upcc_site_t` whose `op` indexes the rules catalog): one relaxed store,
/// no seqlock; undone by `clear_waiting_at`.  For the checker's most frequent waits
/// (barriers); the thread's state stays "running" underneath.
#[inline]
pub fn set_waiting_at(site: *const std::ffi::c_void) {
    if let Some(r) = me() {
        r.at.store(site as u64, Ordering::Relaxed);
    }
}

/// The wait of `set_waiting_at` is over.
#[inline]
pub fn clear_waiting_at() {
    if let Some(r) = me() {
        r.at.store(0, Ordering::Relaxed);
    }
}

/// A running thread's state, file, operation and line from the site of `set_waiting_at`.
fn waiting_at(at: u64) -> Option<(u32, u64, Option<&'static str>, u32)> {
    if at == 0 {
        return None;
    }
    // SAFETY: only addresses of static sites of the (shared) executable image are stored.
    let s = unsafe { &*(at as *const SiteHead) };
    let op = usize::try_from(s.op)
        .ok()
        .and_then(|i| rules::OPS.get(i))
        .map(|o| o.name);
    Some((2, s.file as u64, op, s.line.max(0) as u32))
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

/// How a wait marked this thread's status record ([`begin_wait_at`]), for [`end_wait`] to
/// undo.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marked {
    No,
    /// Waiting at the operation (`set_waiting`).
    Waiting,
    /// Waiting at a checker site (`set_waiting_at`).
    At,
}

/// Before a wait that may block at `op`: the record says so, unless it already says where
/// the thread is (the checker's hooks did).
pub(crate) fn begin_wait(op: &'static CStr) -> Marked {
    begin_wait_at(op, std::ptr::null())
}

/// [`begin_wait`] at the checker site `site`, if not null: one store of it
/// (`set_waiting_at`).
pub(crate) fn begin_wait_at(op: &'static CStr, site: *const std::ffi::c_void) -> Marked {
    match me() {
        Some(r) if r.state.load(Ordering::Relaxed) == 1 && r.at.load(Ordering::Relaxed) == 0 => {
            if site.is_null() {
                set_waiting(op.as_ptr(), std::ptr::null(), 0);
                Marked::Waiting
            } else {
                r.at.store(site as u64, Ordering::Relaxed);
                Marked::At
            }
        }
        _ => Marked::No,
    }
}

/// The wait of [`begin_wait_at`] is over.
pub(crate) fn end_wait(marked: Marked) {
    match marked {
        Marked::No => {}
        Marked::Waiting => set_running(),
        Marked::At => clear_waiting_at(),
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

/// (Monitor side: the smp conduit's.)
pub(crate) fn is_finished(thread: usize) -> bool {
    record(thread).state.load(Ordering::Acquire) == 3
}

/// This thread's exit status, recorded while it is finished (a conduit without a monitor:
/// thread 0 reads every thread's after the termination barrier to tell the job's status).
pub(crate) fn set_exit_code(code: i32) {
    if let Some(r) = me() {
        r.code.store(code, Ordering::Relaxed);
    }
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

/// `thread`'s process (written by the monitor before the thread starts, or by the thread
/// itself in a conduit job), and its host.
pub(crate) fn set_pid(thread: usize, pid: i32) {
    let r = record(thread);
    r.pid.store(pid, Ordering::Relaxed);
    r.host.store(my_host(), Ordering::Relaxed);
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

/// Every thread's (process id, host) in a conduit job whose control words go through the
/// conduit (exchanged at start-up: `set_peers`), so that a report can tell a thread whose
/// process is gone without reading its record through the conduit, which would wait for a
/// process that no longer answers.
static PEERS: std::sync::OnceLock<Vec<(i32, u64)>> = std::sync::OnceLock::new();

/// Every thread's process id and host (`host_id`), in thread order.
pub(crate) fn set_peers(pids: &[i64], hosts: &[i64]) {
    let v = pids
        .iter()
        .zip(hosts)
        .map(|(&p, &h)| (p as i32, h as u64))
        .collect();
    let _ = PEERS.set(v);
}

/// This host's id, to exchange with the other threads ([`set_peers`]).
pub(crate) fn this_host() -> u64 {
    my_host()
}

/// Whether `thread`'s process, on this host, is gone (async-signal-safe: one `kill(pid, 0)`).
fn process_gone(thread: usize) -> bool {
    if !crate::job::on_conduit() || thread == segment::mythread() {
        return false;
    }
    let (pid, host) = match PEERS.get() {
        Some(p) => match p.get(thread) {
            Some(&x) => x,
            None => return false,
        },
        None if segment::maps(thread as u32) => {
            let r = record(thread);
            (
                r.pid.load(Ordering::Relaxed),
                r.host.load(Ordering::Relaxed),
            )
        }
        None => return false,
    };
    // SAFETY: kill with signal 0 only tests whether the process exists.
    pid > 0
        && host == my_host()
        && unsafe { libc::kill(pid, 0) } == -1
        && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// The first thread (and its process id) whose process is gone before it reached the end of
/// the program ([`State::Gone`]), in a conduit job.
pub fn first_gone() -> Option<(usize, i32)> {
    // (the others' records are not read: through the conduit each costs round trips)
    (0..segment::threads()).find_map(|t| {
        if !process_gone(t) {
            return None;
        }
        let v = snapshot(t);
        (v.state == State::Gone).then_some((t, v.pid))
    })
}

/// A consistent copy of `thread`'s status.
pub fn snapshot(thread: usize) -> StatusView {
    if process_gone(thread) {
        let mapped = matches!(reach(thread), Reach::Direct(_));
        let pid = PEERS
            .get()
            .and_then(|p| p.get(thread))
            .map(|x| x.0)
            .unwrap_or_else(|| record(thread).pid.load(Ordering::Relaxed));
        // (a mapped record may say more: finished, or ended as the smp monitor saw it)
        let keep = mapped && {
            let st = record(thread).state.load(Ordering::Acquire);
            st == 3 || st == 4 || st == 5
        };
        if !keep {
            return StatusView {
                thread,
                state: State::Gone,
                op: None,
                file: None,
                line: 0,
                code: 0,
                pid,
            };
        }
    }
    let r = match reach(thread) {
        Reach::Direct(r) => r,
        Reach::Conduit(via) => return remote_snapshot(via, thread),
        Reach::Unavailable => {
            return StatusView {
                thread,
                state: State::Unavailable,
                op: None,
                file: None,
                line: 0,
                code: 0,
                pid: 0,
            }
        }
    };
    for _ in 0..1000 {
        let s1 = r.seq.load(Ordering::Acquire);
        if s1 & 1 == 0 {
            let state = r.state.load(Ordering::Relaxed);
            let op = r.op.load(Ordering::Relaxed);
            let file = r.file.load(Ordering::Relaxed);
            let line = r.line.load(Ordering::Relaxed);
            let code = r.code.load(Ordering::Relaxed);
            std::sync::atomic::fence(Ordering::Acquire);
            if r.seq.load(Ordering::Relaxed) == s1 {
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

/// `snapshot` of another thread's record through the conduit: its sequence word, the record
/// in one get, the sequence word again (three round trips), until they agree and the count is
/// even (the thread was not in an update).
fn remote_snapshot(via: Via, thread: usize) -> StatusView {
    let seq = &record(thread).seq;
    let mut copy = None;
    for _ in 0..100 {
        let s1 = via.ld32(seq);
        if s1 & 1 == 0 {
            let c = remote_copy(via, thread);
            if via.ld32(seq) == s1 {
                copy = Some(c);
                break;
            }
        }
        crate::sync::progress();
    }
    // the writer is stuck mid-update: take what is there
    let c = copy.unwrap_or_else(|| remote_copy(via, thread));
    let r = &*c;
    view(
        thread,
        r.state.load(Ordering::Relaxed),
        r.op.load(Ordering::Relaxed),
        r.file.load(Ordering::Relaxed),
        r.line.load(Ordering::Relaxed),
        r.code.load(Ordering::Relaxed),
        r,
    )
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
    let pid = r.pid.load(Ordering::Relaxed);
    if state == 1 {
        if let Some((state, file, op, line)) = waiting_at(r.at.load(Ordering::Relaxed)) {
            return StatusView {
                thread,
                state: State::from_u32(state),
                op: op.map(str::to_string),
                file: cstr_at(file),
                line,
                code,
                pid,
            };
        }
    }
    StatusView {
        thread,
        state: State::from_u32(state),
        op: cstr_at(op),
        file: cstr_at(file),
        line,
        code,
        pid,
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
    /// One line of the status table, with where an executing thread is (`places`: a sample
    /// of its call stack, innermost first), e.g. `Thread 1 executing at ex.upc:14 in spin`.
    pub fn describe_at(&self, places: Option<&[crate::sample::Place]>) -> String {
        match (self.state, places.and_then(|p| p.first())) {
            (State::Running, Some(p)) => {
                let t = self.thread;
                match &self.op {
                    Some(op) => format!(
                        "Thread {t} executing at {p} (last UPC operation: {op}{})",
                        location(self)
                    ),
                    None => format!("Thread {t} executing at {p}"),
                }
            }
            _ => self.describe(),
        }
    }

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
            State::Unavailable => {
                format!("Thread {t}: state not available here (the thread is on another node)")
            }
            State::Gone => format!(
                "Thread {t} ended without reaching the end of the program (its process is \
                 gone: killed by a signal or exited; the launcher says how)"
            ),
        }
    }
}

/// The status table of every thread, one line each (newline-terminated).  A thread that
/// executes user code is sampled: the UPC file, line and function it is at, and its call
/// stack when call-stack tracking is on.
pub fn format_table() -> String {
    let samples = crate::sample::sample_running();
    let stacks = SHOW_STACKS.load(Ordering::Relaxed);
    let mut s = String::new();
    for t in 0..segment::threads() {
        let at = samples.get(t).and_then(|p| p.as_deref());
        let _ = writeln!(s, "  {}", snapshot(t).describe_at(at));
        if stacks {
            for p in at.unwrap_or(&[]).iter().skip(1) {
                let _ = writeln!(s, "      called from {p}");
            }
        }
    }
    s
}

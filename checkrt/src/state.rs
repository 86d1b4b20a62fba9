//! Where the checker keeps its state.
//!
//! Shared (in the segment, zero-initialized, so all-zero is the initial state):
//! * [`ThreadArea`] in each thread's checker slice (affinity to that thread): its ring
//!   slot, the signature of its current collective (for reports), its call stack and its
//!   part of the lock wait-for graph; thread 0's also holds the job's barrier-value
//!   consensus ([`Consensus`]).  Another thread's words are reached with
//!   `pgas::meta::word_load`, `word_store` and `word_cas`: directly in the node's shared
//!   memory, or by one-sided atomics when the threads do not map each other's checker state
//!   (the MPI conduit with every rank its own node).
//! * [`GlobalArea`] in the checker's global region (homed at thread 0): the report lock, the
//!   findings of the JSON report, the warning table, the recent frees.
//!
//! Every access to another thread's area, or outside thread 0 to the global area, goes
//! through `pgas::meta`: [`seen`] and [`put`] for plain data (in place where this process
//! maps it, else one get or put through the conduit), `pgas::meta::word_*` for the words
//! several threads change; `pgas::job::lock_reports` takes the report lock of the job.
//!
//! Private (one UPC thread = one process): [`Private`], the configuration and what this
//! thread is doing (split-phase flag, upc_forall frames, locks held, ...).

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU32, AtomicU64};

use crate::config::Config;
use crate::ffi::Site;
use crate::forall::Frame;
use crate::lock::{Attempt, Pending, ThreadLocks};
use crate::platform::{Futex, Platform};
use crate::ring::{RingMemory, Slot};
use crate::signature::Signature;

/// Frames of the call stack kept per thread (deeper calls are counted, not kept).
pub const MAX_FRAMES: usize = 64;

#[repr(C)]
pub struct ThreadArea {
    pub slot: Slot<AtomicU32>,
    /// The signature of the collective this thread is at (written by the thread only).
    pub shown: UnsafeCell<Signature>,
    /// Its call stack (when call-stack tracking is on).
    pub stack: CallStack,
    /// The contents of the arguments of its current collective that are single-valued by
    /// contents (a file name, hints), as text, NUL-terminated (written by the thread only).
    pub shown_text: UnsafeCell<[[u8; SHOWN_TEXT]; 2]>,
    /// Its last collective operations (written by the thread only; read by reports).
    pub steps: Steps,
    /// The controlling upc_forall loops run since the previous collective operation, for a
    /// report: two logs, used in turn from one collective operation to the next, so a
    /// thread that has gone on past the operation where a difference was found does not
    /// overwrite the log being reported (written by the thread only).
    pub forall_log: [[crate::forall::LoggedLoop; FORALL_LOG]; 2],
    /// This thread's part of the lock wait-for graph.
    pub locks: ThreadLocks,
    /// Thread 0's only: the barrier-value consensus of the job.
    pub consensus: Consensus,
    /// Frees of this thread's own memory, when it reaches the global ring only through the
    /// conduit (`history::push`).
    pub own_events: crate::history::OwnEvents,
}

/// A thread's call stack: `frames[..depth]`, outermost first (written by the thread only).
#[repr(C)]
pub struct CallStack {
    pub depth: AtomicU32,
    pub frames: [AtomicU64; MAX_FRAMES],
}

/// The sites of a thread's last collective operations (ring steps: collectives, controlling
/// upc_forall loops, the end of execution), step n at `hist[n % COLL_HIST]`.
#[repr(C)]
pub struct Steps {
    pub hist: [AtomicU64; COLL_HIST],
    /// Ring steps so far.
    pub count: AtomicU64,
    /// Collective frees (upc_all_free, upc_all_lock_free) completed: thread 0's, which does
    /// the freeing, is read by the others after their own call (`history::on_exit`).
    pub frees: AtomicU64,
}

/// Barrier-value consensus (spec: every value of a phase must agree), in thread 0's area.
#[repr(C)]
pub struct Consensus {
    /// (phase number << 32) | value of the phase's first notify with a value.
    pub value: AtomicU64,
    /// The thread that published it.
    pub thread: AtomicU64,
    /// Site of the notify that published it.
    pub site: AtomicU64,
    /// The phase `site` belongs to (written after it).
    pub site_phase: AtomicU64,
    /// (phase number << 32) | value of a wait value of the phase that differs from the wait
    /// value published in `value` before any notify value (`barrier::wait_value`): whatever
    /// notify value comes later differs from one of the two.
    pub wait2: AtomicU64,
    /// The thread that gave it.
    pub wait2_thread: AtomicU64,
    /// Its site.
    pub wait2_site: AtomicU64,
    /// The phase `wait2_site` belongs to (written after it).
    pub wait2_site_phase: AtomicU64,
}

/// Loops kept per log (later ones are counted and digested, not kept).
pub const FORALL_LOG: usize = 16;

/// Collective operations remembered per thread (for the divergence history of a report).
pub const COLL_HIST: usize = 8;

/// Bytes of each argument's contents kept for a report.
pub const SHOWN_TEXT: usize = 512;

/// Bytes of JSON findings kept for the report.
pub const FINDINGS_CAP: usize = 2 << 20;

/// Distinct warning sites counted (more: each further site is reported on every hit).
pub const WARN_SITES: usize = 4096;

/// One source site that raised a warning: reported once, counted on every hit.
#[repr(C)]
pub struct WarnSite {
    /// `report::warn_key` of (kind, site); 0: free.
    pub key: AtomicU64,
    /// Times the warning was raised.
    pub calls: AtomicU64,
    /// Distinct threads that raised it.
    pub threads: AtomicU64,
    /// Index + 1 of its finding in the JSON report (0: not there).
    pub finding: AtomicU64,
    /// Which of threads 0..63 raised it.
    pub mask: AtomicU64,
}

#[repr(C)]
pub struct GlobalArea {
    /// A fatal error was reported: the job is ending.
    pub fatal: AtomicU64,
    /// An error (not a warning) was reported: the job's status is 3 if it would be 0
    /// (`UPCCHECK_STOP_ON_ERROR=FALSE` lets it run on).
    pub errors: AtomicU64,
    /// Bytes and count of the findings (changed under the report lock).
    pub head: FindingsHead,
    /// Recent frees and lock allocations, for the related lines of reports.
    pub events: crate::history::Events,
    pub warn_sites: [WarnSite; WARN_SITES],
    pub findings: UnsafeCell<[u8; FINDINGS_CAP]>,
}

/// Plain data of the checker's shared state, valid for any bytes (integers, atomics and
/// cells of them), which may be copied out of another thread's slice.
///
/// # Safety
/// Every bit pattern of `size_of::<Self>()` bytes must be a valid `Self`.
pub unsafe trait Plain {}

macro_rules! plain {
    ($($t:ty),* $(,)?) => { $(
        // SAFETY: integers, atomics of integers, cells and arrays of them.
        unsafe impl Plain for $t {}
    )* };
}
plain!(
    AtomicU64,
    AtomicU32,
    Signature,
    UnsafeCell<Signature>,
    UnsafeCell<[[u8; SHOWN_TEXT]; 2]>,
    CallStack,
    Steps,
    [crate::forall::LoggedLoop; FORALL_LOG],
    crate::history::Events,
    [WarnSite; WARN_SITES],
    FindingsHead,
);

/// The home of thread k's slice in `pgas::meta`'s terms.
#[inline(always)]
pub fn home(k: usize) -> u32 {
    k as u32
}

/// The home of the global area (thread 0's) in `pgas::meta`'s terms.
pub const GLOBAL: u32 = pgas::segment::GLOBAL_AREA;

/// `f` applied to `*at`, plain data of `home`'s checker slice (of the global area for
/// [`GLOBAL`]): the place itself where this process maps it, else a copy got in one
/// operation through the conduit (the MPI conduit with every thread its own node).  For what
/// reports read of other threads' state; the copy is not atomic as a whole (nor is a direct
/// read of data its owner changes).
pub fn seen<T: Plain, R>(home: u32, at: &T, f: impl FnOnce(&T) -> R) -> R {
    if pgas::meta::mapped(home) {
        return f(at);
    }
    let mut copy = Box::<T>::new_uninit();
    // SAFETY: the buffer is size_of::<T>() writable bytes.
    let bytes = unsafe {
        std::slice::from_raw_parts_mut(copy.as_mut_ptr() as *mut u8, std::mem::size_of::<T>())
    };
    pgas::meta::read(home, at as *const T as *const u8, bytes);
    // SAFETY: every byte was written, and any bytes are a valid T (`Plain`).
    f(unsafe { copy.assume_init_ref() })
}

/// Write `v` over `*at`, plain data of `home`'s slice or of the global area that one writer
/// at a time changes: directly where mapped, else one put through the conduit.
pub fn put<T: Plain>(home: u32, at: &T, v: &T) {
    // SAFETY: `v` is size_of::<T>() readable bytes.
    let bytes =
        unsafe { std::slice::from_raw_parts(v as *const T as *const u8, std::mem::size_of::<T>()) };
    // SAFETY: `at` is a `T` of `home`'s slice or of the global area.
    unsafe { pgas::meta::write(home, at as *const T as *mut u8, bytes) };
}

/// The head of the findings in the global area, read and written as one.
#[repr(C)]
pub struct FindingsHead {
    pub len: AtomicU32,
    pub count: AtomicU32,
}

/// The segment as the ring sees it.
pub struct Segment {
    pub futex: Futex,
    pub threads: usize,
}

impl Platform for Segment {
    type W = AtomicU32;
    #[inline]
    fn wait(&self, w: &AtomicU32, expected: u32) {
        self.futex.wait(w, expected)
    }
    #[inline]
    fn wake(&self, w: &AtomicU32) {
        self.futex.wake(w)
    }
    #[inline]
    fn spin_limit(&self) -> u32 {
        self.futex.spin
    }
}

impl RingMemory for Segment {
    #[inline]
    fn threads(&self) -> usize {
        self.threads
    }
    #[inline]
    fn slot(&self, k: usize) -> &Slot<AtomicU32> {
        &area(k).slot
    }
}

/// `$e` with `$m` the memory of the ring: the conduit's (`Private::remote`) when it has one,
/// else the shared segment (one predictable branch per ring operation).
macro_rules! on_ring {
    ($st:expr, $m:ident => $e:expr) => {
        match &$st.remote {
            Some($m) => $e,
            None => {
                let $m = &$st.seg;
                $e
            }
        }
    };
}
pub(crate) use on_ring;

/// Thread k's shared area.
#[inline]
pub fn area(k: usize) -> &'static ThreadArea {
    // SAFETY: the checker slice of every partition is mapped for the whole job,
    // zero-initialized (a valid ThreadArea: atomics and plain integers), and large enough
    // (checked in `init`).
    unsafe {
        &*(pgas::segment::thread_region(pgas::segment::Region::Checker, k) as *const ThreadArea)
    }
}

/// The shared global area.
#[inline]
pub fn global() -> &'static GlobalArea {
    // SAFETY: as for `area`, in the checker's global region.
    unsafe { &*(pgas::segment::global_region(pgas::segment::Region::Checker) as *const GlobalArea) }
}

/// Per-process state.
pub struct Private {
    pub cfg: Config,
    pub program: String,
    /// In a running job (after thread start, before the end).
    pub active: bool,
    pub me: usize,
    pub threads: usize,
    pub seg: Segment,
    /// The ring over the conduit's one-sided operations, when other threads' checker state
    /// is reached only through it (`remote.rs`); else the ring is in `seg`.
    pub remote: Option<crate::remote::RemoteRing>,
    /// The pending `upc_notify` (split-phase barrier), if any.
    pub notified: Option<&'static Site>,
    /// The last upc_wait (or upc_barrier) and the notify it completed.
    /// The value this thread gave to its latest upc_notify (for its upc_wait).
    pub notify_value: Option<i32>,
    pub last_wait: Option<(&'static Site, &'static Site)>,
    /// Number of notifies so far (the barrier phase).
    pub phase: u32,
    pub forall: Vec<Frame>,
    /// Digest and count of the controlling loops run since the previous collective
    /// operation, and which `ThreadArea::forall_log` holds them.
    pub forall_since: crate::forall::Since,
    pub pending: Option<Pending>,
    pub attempt: Option<Attempt>,
    /// Where this thread ended (for its own later reports).
    pub finished: bool,
    /// The last allocation call of this thread that asked for 0 bytes (it returned NULL),
    /// cited when a null pointer-to-shared is passed on.
    pub zero_alloc: Option<(&'static Site, String)>,
    /// This thread's UPC-IO handles: where they were opened, closed, started async I/O.
    pub files: crate::history::Files,
    /// Ring steps of this thread (mirrors `ThreadArea::coll_steps`).
    pub coll_steps: u64,
    /// The object of a upc_all_free / upc_all_lock_free in progress (true: a lock): at its
    /// exit the thread waits until thread 0 has freed it, so that a later use is seen.
    pub collective_free: Option<(bool, crate::ffi::PShared)>,
    /// Collective frees this thread called before the current one.
    pub collective_frees: u64,
    /// The dedicated path of the barrier statements (`sync.rs`).
    pub sync: crate::sync::SyncPath,
    /// The `jmp_buf`s of this thread's `setjmp` calls, with where the thread was at each
    /// (`forall::Jump`), latest last.
    pub jumps: Vec<crate::forall::Jump>,
}

struct Cell(UnsafeCell<Option<Private>>);
// SAFETY: each UPC thread is a single-threaded process; the cell is written in the
// launcher before the fork and by the owning thread afterwards.
unsafe impl Sync for Cell {}

static STATE: Cell = Cell(UnsafeCell::new(None));

/// Install the state (launcher, before the fork).
pub fn install(p: Private) {
    // SAFETY: single-threaded launcher, nobody holds a reference yet.
    unsafe { *STATE.0.get() = Some(p) };
}

/// This process's state, if the checker was started, with the barrier statements that the
/// lean path deferred published first (`sync::publish_deferred`): whatever the caller
/// reads or writes of this thread's shared state is up to date.
#[inline]
pub fn get() -> Option<&'static mut Private> {
    let st = get_deferring()?;
    crate::sync::publish_deferred(st);
    Some(st)
}

/// [`get`] without publishing what the lean path deferred: for the barrier statements
/// themselves (`sync.rs`), which publish it when they have to wait.
#[inline(always)]
pub fn get_deferring() -> Option<&'static mut Private> {
    // SAFETY: single-threaded process (see Cell); callers do not keep the reference across
    // a call that takes it again.
    unsafe { (*STATE.0.get()).as_mut() }
}

/// Check at start-up that the shared structures fit in their regions.
pub fn fits() -> Result<(), String> {
    use pgas::segment::{global_region_size, thread_region_size, Region};
    if std::mem::size_of::<ThreadArea>() > thread_region_size(Region::Checker) {
        return Err("checker per-thread state does not fit its region".into());
    }
    if std::mem::size_of::<GlobalArea>() > global_region_size(Region::Checker) {
        return Err("checker global state does not fit its region".into());
    }
    Ok(())
}

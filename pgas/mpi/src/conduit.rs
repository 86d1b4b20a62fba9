//! `Mpi`: the runtime's [`pgas::conduit::Conduit`] over MPI-3.
//!
//! Start-up: `MPI_Init`; MYTHREAD = rank and THREADS = size of `MPI_COMM_WORLD`; the node's
//! communicator from `MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)` keyed by rank.  The segment is
//! one `MPI_Win_allocate_shared` window over that communicator: the node's first process
//! allocates all of it (plus a page, to align it), the others nothing, and every process maps
//! it through `MPI_Win_shared_query` (at its own address: the runtime keeps offsets).  Memory of
//! a new window is a new shared-memory object, zero-filled and costing pages only when touched
//! (Open MPI: a file in /dev/shm, unlinked at once, so nothing is left behind).
//!
//! Several nodes (hosts, or the pseudo-nodes of `UPC_MPI_NODES=rank` or `=K`, each with a
//! node window of its own): the remote data plane.  After the shared state is initialized,
//! every process gives the translated program its own view of the
//! segment (`Conduit::program_view`): a second mapping of the node window (`mremap` with old
//! size 0: the same pages) in which the user data of every other thread (its statics and
//! heaps, past the reserved first MiB of its partition) of another node is replaced by an
//! inaccessible private reservation, so it is not mapped at all.  Each process exposes its own user data in an
//! `MPI_Win_create` window over `MPI_COMM_WORLD` (its whole partition but the guard page, so
//! that the runtime's per-thread control words are reachable as well), locked for the whole job with
//! `MPI_Win_lock_all` (one passive-target epoch), and the program reaches the others' only by
//! `MPI_Get`/`MPI_Put` (each followed by `MPI_Win_flush`) through `pgas::rma`.  The UPC
//! barriers are one `MPI_Iallreduce` each on a duplicate of `MPI_COMM_WORLD`
//! (`Conduit::runs_barriers`, `barrier_arrive`, `barrier_test`; see `pgas::barrier`).  The
//! locks run on one-sided atomics on this window (`pgas::rma::word_fetch_op`, `word_cas`), and
//! so does the rest of the control state of other threads (allocator headers, status
//! records, the checker's, the collectives'): in the runtime's view each process keeps only
//! its own part mapped (`pgas::segment::isolate`; any other access faults).  Over
//! TCP (`--mca osc pt2pt`) a target serves remote accesses only inside MPI calls, so every
//! wait of the runtime calls `MPI_Iprobe` between bounded sleeps (`Conduit::progress`), and a
//! progress thread serves them while the UPC thread is in user code (which may spin on its own
//! relaxed shared variable without ever calling the runtime): MPI runs at
//! `MPI_THREAD_SERIALIZED`, every MPI call of the process holds one lock ([`mpi_lock`]), and the
//! progress thread sleeps on a futex word that `pgas::rma::ring` wakes when an operation is
//! aimed at this thread while it does not sleep in a wait of the runtime (`pgas::rma::progress_nap`; 50 us to 2 ms without a ring), then makes
//! `MPI_Iprobe`s (back to back for 200 us, then up to 20 more 10 us apart), each when the lock
//! is free, until the UPC thread calls MPI itself (`progress_loop`).
//!
//! The global area (the job-wide control state) is reached the same way, through a second
//! window that thread 0 exposes over its view of it, named by the pseudo-thread
//! `pgas::segment::GLOBAL_AREA`.  A process alone on its node maps its segment itself (a
//! shared anonymous mapping, which the program's view can alias).
//!
//! End: `MPI_Win_free` and `MPI_Finalize` after the termination barrier; `MPI_Abort` for
//! `upc_global_exit` and fatal errors (the launcher then ends every process and exits with the
//! status).

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use pgas::conduit::{AtomicOp, AtomicType, Conduit, Membership, BARRIER_WORDS};
use pgas::segment::GLOBAL_AREA;

use crate::ffi;

/// The conduit (registered by the C shim's constructor through `upcr_mpi_register`).
pub struct Mpi;

/// Called from the C shim before `main`.
#[no_mangle]
pub extern "C" fn upcr_mpi_register() {
    pgas::conduit::register(&Mpi);
}

/// This process's place in the MPI job.
struct Joined {
    rank: usize,
    size: usize,
    /// The processes that share this process's node window (its host, or its pseudo-node).
    node: ffi::MPI_Comm,
    node_rank: usize,
    node_size: usize,
    /// Per rank, its node (host or pseudo-node): the ranks of one node map each other's
    /// user data, the others reach it through MPI.
    groups: Vec<usize>,
    /// Whether there are several nodes (real or pseudo): other nodes' data goes through
    /// MPI, and nothing of the control state is shared between nodes
    /// (`pgas::segment::isolate`).
    several_nodes: bool,
}

// SAFETY: MPI handles are plain values (pointers to library objects in Open MPI) that the
// library lets any thread of the process use; its calls are serialized by `mpi_lock`.
unsafe impl Send for Joined {}
// SAFETY: as above; never mutated after start-up.
unsafe impl Sync for Joined {}

struct Window(ffi::MPI_Win);
// SAFETY: as for `Joined`.
unsafe impl Send for Window {}

/// The remote data plane of `UPC_MPI_NODES=rank`: the window over every process's user data
/// and the program's view of the segment.
struct Rma {
    win: ffi::MPI_Win,
    /// The window over the global area: thread 0's, empty in the other processes
    /// (`pgas::segment::GLOBAL_AREA`).
    global: ffi::MPI_Win,
    /// The program's view (a second mapping of the node window) and its length.
    view: usize,
    view_len: usize,
}
// SAFETY: as for `Joined`.
unsafe impl Send for Rma {}
// SAFETY: as for `Joined`; never mutated after start-up.
unsafe impl Sync for Rma {}

/// The UPC barriers of `UPC_MPI_NODES=rank`: a communicator of their own (a duplicate of
/// `MPI_COMM_WORLD`, so that they never match another collective), and the buffers and
/// request of the phase in flight (one at a time: `upc_notify` starts it, `upc_wait` ends it).
struct Barriers {
    comm: ffi::MPI_Comm,
}
// SAFETY: as for `Joined`.
unsafe impl Send for Barriers {}
// SAFETY: as for `Joined`; never mutated after start-up.
unsafe impl Sync for Barriers {}

/// The phase in flight: the words given and combined (they must stay where they are until the
/// request completes) and the request (`None`: no phase in flight).
struct BarrierPhase {
    words: [i64; BARRIER_WORDS],
    out: [i64; BARRIER_WORDS],
    req: Option<ffi::MPI_Request>,
}

static mut PHASE: BarrierPhase = BarrierPhase {
    words: [0; BARRIER_WORDS],
    out: [0; BARRIER_WORDS],
    req: None,
};

fn phase() -> &'static mut BarrierPhase {
    // SAFETY: one UPC thread per process, the only thread that calls the conduit.
    unsafe { &mut *std::ptr::addr_of_mut!(PHASE) }
}

static BARRIERS: OnceLock<Barriers> = OnceLock::new();

/// The requests of `pgas::rpc` (with several nodes): a communicator of their own (a duplicate
/// of `MPI_COMM_WORLD`: a thread's rank in it is its number).  A request is a message of tag
/// [`TAG_REQUEST`], its answer one of tag [`TAG_ANSWER`] back; the target serves requests
/// whenever it makes progress ([`serve_requests`]) and each side rings the other's doorbell
/// once its message is sent.
struct Requests {
    comm: ffi::MPI_Comm,
}
// SAFETY: as for `Joined`.
unsafe impl Send for Requests {}
// SAFETY: as for `Joined`; never mutated after start-up.
unsafe impl Sync for Requests {}

static REQUESTS: OnceLock<Requests> = OnceLock::new();
const TAG_REQUEST: c_int = 1;
const TAG_ANSWER: c_int = 2;
/// The progress thread's longest sleep while requests may come (a checker's handler is
/// registered): a request to a thread in user code waits for it.
const PROGRESS_MAX_NS_REQUESTS: u64 = 200_000;

/// Whether requests may come to this process.
fn serves_requests() -> bool {
    REQUESTS.get().is_some() && pgas::rpc::handler().is_some()
}

/// Complete a send request (its message is small: usually at once).
fn complete(req: &mut ffi::MPI_Request) -> Result<(), String> {
    loop {
        let mut done: c_int = 0;
        // SAFETY: a request of this process, tested until it completes.
        check(unsafe { ffi::upcr_mpi_test(req, &mut done) }, "MPI_Test")?;
        if done != 0 {
            return Ok(());
        }
    }
}

/// A message of `tag` from `src` (-1: any) if one came: (source, bytes).  The MPI lock held.
fn take_message(
    comm: ffi::MPI_Comm,
    src: c_int,
    tag: c_int,
) -> Result<Option<(c_int, Vec<u8>)>, String> {
    let (mut flag, mut from, mut n): (c_int, c_int, c_int) = (0, 0, 0);
    // SAFETY: out-pointers are locals.
    check(
        unsafe { ffi::upcr_mpi_iprobe_bytes(src, tag, comm, &mut flag, &mut from, &mut n) },
        "MPI_Iprobe",
    )?;
    if flag == 0 {
        return Ok(None);
    }
    let mut buf = vec![0u8; n.max(0) as usize];
    // SAFETY: receives the message just probed into a buffer of its length.
    check(
        unsafe { ffi::upcr_mpi_recv_bytes(buf.as_mut_ptr() as *mut c_void, n, from, tag, comm) },
        "MPI_Recv",
    )?;
    Ok(Some((from, buf)))
}

/// Answers on their way: each send and its buffer, kept until the send completes (waiting
/// for it could deadlock two processes that answer each other a message too long to go at
/// once: each would wait for the other to receive).  Touched only with the MPI lock held.
struct Answers(Vec<(ffi::MPI_Request, Vec<u8>)>);
// SAFETY: as for `Joined`; used only under the MPI lock.
unsafe impl Send for Answers {}

static ANSWERS: Mutex<Answers> = Mutex::new(Answers(Vec::new()));

/// Answer the requests that came to this process (the MPI lock held): each is handed to
/// `pgas::rpc`'s handler, and its answer sent back; the answers sent before are completed
/// when they can be.
fn serve_requests() {
    let Some(q) = REQUESTS.get() else { return };
    if pgas::rpc::handler().is_none() {
        return;
    }
    let failed = |e: String| -> ! {
        pgas::job::fatal_error(&format!("upc-check: error: serving a request: {e}\n"))
    };
    let mut answers = ANSWERS.lock().unwrap_or_else(|e| e.into_inner());
    let test = |r: &mut ffi::MPI_Request| {
        let mut done: c_int = 0;
        // SAFETY: a send request of this process, tested until it completes.
        check(unsafe { ffi::upcr_mpi_test(r, &mut done) }, "MPI_Test")
            .map(|()| done != 0)
            .unwrap_or_else(|e| failed(e))
    };
    answers.0.retain_mut(|(r, _)| !test(r));
    while let Some((from, req)) =
        take_message(q.comm, -1, TAG_REQUEST).unwrap_or_else(|e| failed(e))
    {
        let ans = pgas::rpc::serve(&req);
        // SAFETY: a null request handle, filled by MPI_Isend.
        let mut r: ffi::MPI_Request = unsafe { std::mem::zeroed() };
        // SAFETY: `ans` stays in `ANSWERS` (its heap buffer does not move) until the send
        // completes.
        let sent = check(
            unsafe {
                ffi::upcr_mpi_isend_bytes(
                    ans.as_ptr() as *const c_void,
                    ans.len() as c_int,
                    from,
                    TAG_ANSWER,
                    q.comm,
                    &mut r,
                )
            },
            "MPI_Isend",
        );
        if let Err(e) = sent {
            failed(e);
        }
        if !test(&mut r) {
            answers.0.push((r, ans));
        }
        crate::doorbell::ring(from as usize);
    }
}

/// A request to `thread` and its answer (see [`Requests`]).
fn call_over(q: &Requests, thread: usize, req: &[u8]) -> Result<Vec<u8>, String> {
    // SAFETY: a null request handle, filled by MPI_Isend.
    let mut r: ffi::MPI_Request = unsafe { std::mem::zeroed() };
    {
        let _mpi = mpi_lock();
        // SAFETY: `req` outlives the send, completed before this function returns.
        check(
            unsafe {
                ffi::upcr_mpi_isend_bytes(
                    req.as_ptr() as *const c_void,
                    req.len() as c_int,
                    thread as c_int,
                    TAG_REQUEST,
                    q.comm,
                    &mut r,
                )
            },
            "MPI_Isend",
        )?;
    }
    crate::doorbell::ring(thread);
    let mut sent = false;
    let mut looks = 0;
    loop {
        {
            let _mpi = mpi_lock();
            if !sent {
                let mut done: c_int = 0;
                // SAFETY: the request above.
                check(unsafe { ffi::upcr_mpi_test(&mut r, &mut done) }, "MPI_Test")?;
                sent = done != 0;
            }
            serve_requests();
            if let Some((_, ans)) = take_message(q.comm, thread as c_int, TAG_ANSWER)? {
                if !sent {
                    complete(&mut r)?;
                }
                return Ok(ans);
            }
        }
        // a few looks first (an answer on loopback takes tens of microseconds), then sleeps
        // that the target's ring ends once it answered (not `pgas::rma::nap`, whose progress
        // calls after a ring would delay the answer's receipt)
        if looks < CALL_LOOKS {
            looks += 1;
        } else if crate::doorbell::sleep(PROGRESS_MIN_NS).is_none() {
            std::thread::yield_now();
        }
    }
}

/// Looks for its answer a request makes before it sleeps between them.
const CALL_LOOKS: u32 = 20;

static JOINED: OnceLock<Joined> = OnceLock::new();
static WINDOW: Mutex<Option<Window>> = Mutex::new(None);
static RMA: OnceLock<Rma> = OnceLock::new();

/// Serializes the MPI calls of this process (`MPI_THREAD_SERIALIZED`): the UPC thread's and the
/// progress thread's.  `MPI_OWNER` is the kernel id of the thread holding it, so that a call
/// made while the same thread holds it (a fault handler that reports through MPI) does not
/// wait for itself.
static MPI_LOCK: Mutex<()> = Mutex::new(());
static MPI_OWNER: AtomicI32 = AtomicI32::new(0);

thread_local! {
    static TID: Cell<i32> = const { Cell::new(0) };
}

fn tid() -> i32 {
    TID.with(|t| {
        if t.get() == 0 {
            // SAFETY: plain query.
            t.set(unsafe { libc::gettid() });
        }
        t.get()
    })
}

/// Held around every MPI call of the UPC thread (`mpi_lock`).
struct MpiGuard(Option<MutexGuard<'static, ()>>);

impl Drop for MpiGuard {
    fn drop(&mut self) {
        if let Some(g) = self.0.take() {
            MPI_OWNER.store(0, Ordering::Relaxed);
            drop(g);
            // (a SIGTERM that came during the call ends the thread now)
            pgas::job::conduit_call_returned();
        }
    }
}

fn mpi_lock() -> MpiGuard {
    let me = tid();
    if MPI_OWNER.load(Ordering::Relaxed) == me {
        return MpiGuard(None);
    }
    // announced before it waits: the progress thread stops its burst and leaves the lock to
    // the UPC thread (a std mutex is not fair: a spinning poller would keep retaking it)
    UPC_CALLS.fetch_add(1, Ordering::Relaxed);
    let g = MPI_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    MPI_OWNER.store(me, Ordering::Relaxed);
    MpiGuard(Some(g))
}

/// [`mpi_lock`] for an operation of the UPC thread, which first answers the requests that
/// came (a thread that keeps calling MPI, testing a barrier or taking a lock, leaves its
/// progress thread nothing to do: it serves them itself).
fn mpi_lock_serving() -> MpiGuard {
    let g = mpi_lock();
    if g.0.is_some() {
        serve_requests();
    }
    g
}

/// The environment variable that turns the progress thread off (`0`).
pub const PROGRESS_THREAD_VAR: &str = "UPC_MPI_PROGRESS_THREAD";

/// The MPI thread level granted by `MPI_Init_thread`.
static THREAD_LEVEL: AtomicI32 = AtomicI32::new(0);
/// Tells the progress thread to end (`leave`).
static PROGRESS_STOP: AtomicBool = AtomicBool::new(false);
static PROGRESS_THREAD: Mutex<Option<std::thread::JoinHandle<()>>> = Mutex::new(None);
/// Whether the progress thread runs (read by signal handlers, which may not take a lock).
static PROGRESS_RUNNING: AtomicBool = AtomicBool::new(false);

/// Shortest and longest sleep of the progress thread when no operation rang it.
const PROGRESS_MIN_NS: u64 = 50_000;
const PROGRESS_MAX_NS: u64 = 2_000_000;
/// After a ring (the operation's messages, then its flush's, are on their way): `MPI_Iprobe`s
/// back to back for 200 us, then up to 20 more 10 us apart, unless the UPC thread calls MPI
/// meanwhile (it is in the runtime then and serves the operation itself).
const WOKEN_SPIN: std::time::Duration = std::time::Duration::from_micros(200);
const WOKEN_POLLS: u32 = 20;
const WOKEN_GAP: std::time::Duration = std::time::Duration::from_micros(10);
/// MPI calls of the UPC thread (`mpi_lock`): the progress thread stands back while they grow.
static UPC_CALLS: AtomicU64 = AtomicU64::new(0);

/// Start the progress thread of UPC thread `me` (with the remote data plane, when MPI grants
/// `MPI_THREAD_SERIALIZED`).  It blocks every signal, so that the UPC thread takes them all.
fn start_progress(me: usize) {
    // SAFETY: a constant of the shim.
    if THREAD_LEVEL.load(Ordering::Relaxed) < unsafe { ffi::upcr_mpi_thread_serialized } {
        return;
    }
    // `UPC_MPI_PROGRESS_THREAD=0`: none (to measure what it costs; a thread that spins on its
    // own data in user code then stalls the others' remote operations on it)
    if std::env::var(PROGRESS_THREAD_VAR).is_ok_and(|v| v.trim() == "0") {
        return;
    }
    // SAFETY: sigset_t locals filled by the calls; the old mask is restored right after.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_BLOCK, &all, &mut old);
        let h = std::thread::Builder::new()
            .name("upc-progress".into())
            .spawn(move || progress_loop(me));
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        if let Ok(h) = h {
            *PROGRESS_THREAD.lock().unwrap_or_else(|e| e.into_inner()) = Some(h);
            PROGRESS_RUNNING.store(true, Ordering::SeqCst);
        }
    }
}

fn progress_loop(me: usize) {
    let mut ns = PROGRESS_MIN_NS;
    let mut seen = UPC_CALLS.load(Ordering::Relaxed);
    // whether the UPC thread made no MPI call over the last sleep (it is in user code, or
    // about to sleep in a wait of the runtime): only then may a ring wake this thread
    let mut idle = false;
    while !PROGRESS_STOP.load(Ordering::SeqCst) {
        let woken = if idle && serves_requests() {
            // a request rings the doorbell (the UPC thread is in user code: only this thread
            // serves it)
            crate::doorbell::sleep(ns.min(PROGRESS_MAX_NS_REQUESTS)).unwrap_or(false)
        } else if idle {
            pgas::rma::progress_nap(me, ns)
        } else {
            std::thread::sleep(std::time::Duration::from_nanos(ns));
            false
        };
        // a report a signal handler left (it reads other nodes' state), and while the UPC
        // thread waits in a handler for the job to end, every operation on this process
        pgas::job::serve_handler_work();
        if pgas::job::parked() {
            while pgas::job::parked() && !PROGRESS_STOP.load(Ordering::SeqCst) {
                pgas::job::serve_handler_work();
                poll();
                std::thread::sleep(WOKEN_GAP);
            }
            continue;
        }
        let now = UPC_CALLS.load(Ordering::Relaxed);
        // The UPC thread called MPI since the last look (it is in the runtime, whose waits make
        // progress) or sleeps in a wait of the runtime (a ring wakes it): leave the lock to
        // it, and look again later.  Taking the lock then would make it wait for the lock,
        // and being woken at each of its operations would take time slices from the
        // processes that work, on a loaded machine.
        if now != seen || pgas::rma::asleep_in_runtime(me) {
            seen = now;
            idle = false;
            ns = (ns * 2).min(PROGRESS_MAX_NS);
            continue;
        }
        if !idle {
            idle = true;
            ns = PROGRESS_MIN_NS;
        }
        poll();
        if woken {
            serve_burst(me);
            ns = PROGRESS_MIN_NS;
        } else {
            ns = (ns * 2).min(PROGRESS_MAX_NS);
        }
        seen = UPC_CALLS.load(Ordering::Relaxed);
    }
}

/// After a ring: probes back to back for [`WOKEN_SPIN`], then [`WOKEN_POLLS`] more
/// [`WOKEN_GAP`] apart, until the UPC thread makes an MPI call of its own or sleeps in a wait
/// of the runtime (a ring wakes it then, and it serves the operation itself).
fn serve_burst(me: usize) {
    let calls = UPC_CALLS.load(Ordering::Relaxed);
    let done = || {
        UPC_CALLS.load(Ordering::Relaxed) != calls
            || pgas::rma::asleep_in_runtime(me)
            || PROGRESS_STOP.load(Ordering::Relaxed)
    };
    let spin_until = std::time::Instant::now() + WOKEN_SPIN;
    while std::time::Instant::now() < spin_until {
        if done() {
            return;
        }
        poll();
    }
    for _ in 0..WOKEN_POLLS {
        std::thread::sleep(WOKEN_GAP);
        if done() {
            return;
        }
        poll();
    }
}

/// One `MPI_Iprobe` of the progress thread, when no other call is in MPI (a UPC thread in
/// MPI makes progress itself).
fn poll() {
    if let Ok(_g) = MPI_LOCK.try_lock() {
        MPI_OWNER.store(tid(), Ordering::Relaxed);
        // SAFETY: a probe that receives nothing, serialized by the lock.
        unsafe { ffi::upcr_mpi_progress(comm_world()) };
        serve_requests();
        MPI_OWNER.store(0, Ordering::Relaxed);
    }
}

/// End the progress thread (before the windows are freed).
fn stop_progress() {
    let h = PROGRESS_THREAD
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    if let Some(h) = h {
        PROGRESS_STOP.store(true, Ordering::SeqCst);
        let _ = h.join();
    }
}

/// How many pseudo-nodes the ranks of one host form for user data: `None` (`host`, the
/// default: one node, everything mapped), `Some(0)` (`rank`: every rank its own node) or
/// `Some(k)` (`k`, a number: the ranks split into k consecutive groups of about equal size,
/// the threads of a group mapping each other's data, the others' only through MPI).
fn pseudo_nodes() -> Result<Option<usize>, String> {
    match std::env::var(rules::launch::MPI_NODES) {
        Err(_) => Ok(None),
        Ok(v) => match v.trim() {
            "" | "host" => Ok(None),
            "rank" => Ok(Some(0)),
            other => match other.parse::<usize>() {
                Ok(k) if k >= 1 => Ok(Some(k)),
                _ => Err(format!(
                    "{}={other}: expected `host` (threads on one host share memory, the \
                     default), `rank` (every thread its own node: other threads' data only \
                     through MPI) or a number K of pseudo-nodes (the threads split into K \
                     groups that share memory within a group and use MPI between groups)",
                    rules::launch::MPI_NODES
                )),
            },
        },
    }
}

/// Per rank, the host it runs on: the lowest world rank of its node communicator `node`
/// (the processes that can share memory with it).
fn hosts(node: ffi::MPI_Comm, rank: usize, size: usize) -> Result<Vec<usize>, String> {
    let gather = |mine: usize, n: usize, comm: ffi::MPI_Comm| -> Result<Vec<usize>, String> {
        let mut all = vec![0i64; n];
        // SAFETY: collective over `comm`, whose size is `n`; `all` holds one integer per
        // process.
        let rc =
            unsafe { ffi::upcr_mpi_allgather_i64(mine as _, all.as_mut_ptr() as *mut _, comm) };
        check(rc, "MPI_Allgather")?;
        Ok(all.into_iter().map(|v| v as usize).collect())
    };
    let mut node_size: c_int = 0;
    // SAFETY: plain query into a local.
    check(
        unsafe { ffi::MPI_Comm_size(node, &mut node_size) },
        "MPI_Comm_size",
    )?;
    let host = gather(rank, node_size as usize, node)?
        .into_iter()
        .min()
        .unwrap_or(rank);
    gather(host, size, comm_world())
}

/// The pseudo-node of `rank` among `size` ranks split into `k` groups (`k` = 0: its own).
fn group_of(rank: usize, size: usize, k: usize) -> usize {
    if k == 0 || k >= size {
        rank
    } else {
        rank * k / size
    }
}

/// Largest piece of one MPI_Get/MPI_Put (counts are C ints).
const MAX_PIECE: usize = 1 << 30;

fn joined() -> &'static Joined {
    JOINED
        .get()
        .expect("the MPI conduit is used before it joined the job")
}

fn check(rc: c_int, what: &str) -> Result<(), String> {
    // SAFETY: a constant of the shim.
    if rc == unsafe { ffi::upcr_mpi_success } {
        Ok(())
    } else {
        Err(format!("{what} failed (MPI error {rc})"))
    }
}

fn comm_world() -> ffi::MPI_Comm {
    // SAFETY: a constant of the shim.
    unsafe { ffi::upcr_mpi_comm_world }
}

fn page_size() -> usize {
    // SAFETY: plain query.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

/// Compare this process's address-space layout (an object of the executable, a block mapped
/// among the shared libraries and the end of the heap, taken by the shim before MPI_Init) with
/// thread 0's: the checker keeps such
/// addresses in shared memory, which is right only if they are the same everywhere (see
/// shim.c).  Where they differ (randomization could not be turned off), say so once per thread.
fn check_layout(me: usize) {
    // SAFETY: a plain array of the shim, written before main.
    let mine = unsafe { ffi::upcr_mpi_layout_probe };
    let mut zero = mine;
    // SAFETY: collective broadcast of a local array of the stated size.
    let rc = unsafe {
        ffi::MPI_Bcast(
            zero.as_mut_ptr() as *mut c_void,
            std::mem::size_of_val(&zero) as c_int,
            ffi::upcr_mpi_byte,
            0,
            comm_world(),
        )
    };
    if check(rc, "MPI_Bcast").is_ok() && zero != mine {
        eprintln!(
            "upc-check: warning: thread {me}: the address-space layout differs from thread 0's \
             (address-space randomization could not be turned off): checker reports may be \
             wrong or fail"
        );
    }
}

impl Conduit for Mpi {
    fn name(&self) -> &'static str {
        "MPI"
    }

    fn join(&self) -> Result<Membership, String> {
        // (a wrong UPC_MPI_NODES is refused before MPI starts)
        pseudo_nodes()?;
        if let Some(j) = JOINED.get() {
            return Ok(Membership {
                thread: j.rank,
                threads: j.size,
            });
        }
        let (mut rank, mut size, mut node_rank, mut node_size) = (0, 0, 0, 0);
        let mut node: ffi::MPI_Comm = comm_world();
        // SAFETY: MPI calls on this process's own handles; every out-pointer is a local.
        unsafe {
            // serialized calls from a progress thread too (`start_progress`)
            let mut level: c_int = 0;
            check(
                ffi::MPI_Init_thread(
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                    ffi::upcr_mpi_thread_serialized,
                    &mut level,
                ),
                "MPI_Init_thread",
            )?;
            THREAD_LEVEL.store(level, Ordering::Relaxed);
            // whole lines of output (the launcher's stdout and stderr on its host)
            crate::stdio::direct();
            check(ffi::MPI_Comm_rank(comm_world(), &mut rank), "MPI_Comm_rank")?;
            check(ffi::MPI_Comm_size(comm_world(), &mut size), "MPI_Comm_size")?;
            check(
                ffi::MPI_Comm_split_type(
                    comm_world(),
                    ffi::upcr_mpi_comm_type_shared,
                    rank,
                    ffi::upcr_mpi_info_null,
                    &mut node,
                ),
                "MPI_Comm_split_type",
            )?;
            check(ffi::MPI_Comm_rank(node, &mut node_rank), "MPI_Comm_rank")?;
            check(ffi::MPI_Comm_size(node, &mut node_size), "MPI_Comm_size")?;
        }
        let (rank, size) = (rank as usize, size as usize);
        let hosts = hosts(node, rank, size)?;
        let several_hosts = hosts.iter().any(|&h| h != hosts[0]);
        let k = pseudo_nodes()?;
        // Several nodes, real or pseudo (UPC_MPI_NODES): nothing of the control state is
        // shared between them, and every pseudo-node has a node window of its own, as every
        // host has.
        let several_nodes = several_hosts || k.is_some();
        if several_nodes {
            // collective, as every call above
            crate::doorbell::open(rank, &hosts, |mine| {
                let mut all = vec![0i64; size];
                // SAFETY: collective over the job; `all` holds one integer per process.
                let rc = unsafe {
                    ffi::upcr_mpi_allgather_i64(mine as _, all.as_mut_ptr() as *mut _, comm_world())
                };
                check(rc, "MPI_Allgather")?;
                Ok(all)
            })?;
        }
        let groups: Vec<usize> = match (several_hosts, k) {
            (true, Some(0)) => (0..size).collect(),
            (true, _) => hosts,
            (false, k) => (0..size)
                .map(|t| group_of(t, size, k.unwrap_or(1)))
                .collect(),
        };
        if several_nodes && !several_hosts {
            // SAFETY: collective over the job; the out-pointers are locals.
            unsafe {
                check(ffi::MPI_Comm_free(&mut node), "MPI_Comm_free")?;
                check(
                    ffi::MPI_Comm_split(
                        comm_world(),
                        groups[rank] as c_int,
                        rank as c_int,
                        &mut node,
                    ),
                    "MPI_Comm_split",
                )?;
                check(ffi::MPI_Comm_rank(node, &mut node_rank), "MPI_Comm_rank")?;
                check(ffi::MPI_Comm_size(node, &mut node_size), "MPI_Comm_size")?;
            }
        }
        let j = Joined {
            rank,
            size,
            node,
            node_rank: node_rank as usize,
            node_size: node_size as usize,
            groups,
            several_nodes,
        };
        let m = Membership {
            thread: j.rank,
            threads: j.size,
        };
        let _ = JOINED.set(j);
        check_layout(m.thread);
        Ok(m)
    }

    fn map_segment(&self, len: usize) -> Result<*mut u8, String> {
        let j = joined();
        if j.node_size == 1 {
            // alone on its node: a shared anonymous mapping of its own (a window over one
            // process may be private memory, which the program's view cannot alias)
            return pgas::segment::map_shared(len)
                .map_err(|e| format!("cannot map the shared segment ({} MiB): {e}", len >> 20));
        }
        let page = page_size();
        let mine = if j.node_rank == 0 { len + page } else { 0 };
        let mut base: *mut c_void = std::ptr::null_mut();
        // SAFETY: an MPI handle (a pointer or an integer), overwritten by the call below.
        let mut win: ffi::MPI_Win = unsafe { std::mem::zeroed() };
        let (mut size, mut disp) = (0 as ffi::MPI_Aint, 0 as c_int);
        let mut first: *mut c_void = std::ptr::null_mut();
        // SAFETY: collective window creation over the node; out-pointers are locals.
        unsafe {
            check(
                ffi::MPI_Win_allocate_shared(
                    mine as ffi::MPI_Aint,
                    1,
                    ffi::upcr_mpi_info_null,
                    j.node,
                    &mut base as *mut *mut c_void as *mut c_void,
                    &mut win,
                ),
                &format!(
                    "MPI_Win_allocate_shared of {} MiB (try a smaller UPC_SHARED_HEAP_SIZE)",
                    len >> 20
                ),
            )?;
            check(
                ffi::MPI_Win_shared_query(
                    win,
                    0,
                    &mut size,
                    &mut disp,
                    &mut first as *mut *mut c_void as *mut c_void,
                ),
                "MPI_Win_shared_query",
            )?;
        }
        *WINDOW.lock().unwrap_or_else(|e| e.into_inner()) = Some(Window(win));
        if (size as usize) < len + page || first.is_null() {
            return Err(format!(
                "MPI_Win_allocate_shared gave {size} bytes, {} needed",
                len + page
            ));
        }
        let aligned = (first as usize).div_ceil(page) * page;
        Ok(aligned as *mut u8)
    }

    fn map_node_shared(&self, len: usize) -> Result<*mut u8, String> {
        node_shared(len)
    }

    fn several_nodes(&self) -> bool {
        joined().several_nodes
    }

    fn program_view(
        &self,
        layout: &pgas::segment::Layout,
    ) -> Result<Option<pgas::conduit::ProgramView>, String> {
        let j = joined();
        if !j.several_nodes || j.size == 1 {
            // (one thread: nothing is remote)
            return Ok(None);
        }
        let (global, part, len) = (layout.global_size, layout.part_size, layout.map_len);
        let user = pgas::segment::RESERVED;
        // The view: an inaccessible reservation of the segment's length, in which only this
        // thread's user data is mapped: a second mapping of the node window's pages
        // (`mremap` with old size 0), at the same offset as in the runtime's view.
        // SAFETY: a fresh anonymous reservation; failure is checked.
        let view = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if view == libc::MAP_FAILED {
            return Err(format!(
                "cannot reserve the program's view of the segment: {}",
                std::io::Error::last_os_error()
            ));
        }
        let view = view as usize;
        let own = global + j.rank * part + user;
        // SAFETY: the source is this thread's user data in the node window (one shared
        // mapping between two guard pages), the destination lies inside the reservation.
        let alias = unsafe {
            libc::mremap(
                (layout.map_base + own) as *mut c_void,
                0,
                part - user,
                libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                (view + own) as *mut c_void,
            )
        };
        if alias == libc::MAP_FAILED {
            // SAFETY: the reservation made above.
            unsafe { libc::munmap(view as *mut c_void, len) };
            return Err(format!(
                "cannot map this thread's data in the program's view of the segment: {}",
                std::io::Error::last_os_error()
            ));
        }
        // the other threads of this thread's pseudo-node: their user data mapped too, the
        // same pages at the same offsets
        let mine_group = j.groups[j.rank];
        for t in (0..j.size).filter(|&t| t != j.rank && j.groups[t] == mine_group) {
            let at = global + t * part + user;
            // SAFETY: as above, for thread t's user data.
            let alias = unsafe {
                libc::mremap(
                    (layout.map_base + at) as *mut c_void,
                    0,
                    part - user,
                    libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                    (view + at) as *mut c_void,
                )
            };
            if alias == libc::MAP_FAILED {
                // SAFETY: the reservation made above.
                unsafe { libc::munmap(view as *mut c_void, len) };
                return Err(format!(
                    "cannot map thread {t}'s data in the program's view of the segment: {}",
                    std::io::Error::last_os_error()
                ));
            }
        }
        let unmapped = (0..j.size)
            .map(|t| (j.groups[t] != mine_group) as u8)
            .collect();
        // The window: this thread's whole partition but its guard page, in the runtime's
        // view (the same pages as the program's view for the user data), so that the
        // runtime's per-thread control words in the reserved first MiB are reachable too
        // (`pgas::rma::word_fetch_op`); user accesses stay checked against that MiB.
        let mine = layout.map_base + global + j.rank * part + WINDOW_START;
        // SAFETY: an MPI handle, overwritten by the call below.
        let mut win: ffi::MPI_Win = unsafe { std::mem::zeroed() };
        // SAFETY: collective over the job (every process calls it at start-up); the memory is
        // this process's own user data, mapped until `leave`.
        unsafe {
            check(
                ffi::MPI_Win_create(
                    mine as *mut c_void,
                    (part - WINDOW_START) as ffi::MPI_Aint,
                    1,
                    ffi::upcr_mpi_info_null,
                    comm_world(),
                    &mut win,
                ),
                "MPI_Win_create",
            )?;
            check(
                ffi::MPI_Win_lock_all(ffi::upcr_mpi_mode_nocheck, win),
                "MPI_Win_lock_all",
            )?;
        }
        // The global area's window: thread 0's runtime view of it, nothing elsewhere.
        let (gbase, glen) = if j.rank == 0 {
            (layout.map_base, global)
        } else {
            (layout.map_base, 0)
        };
        // SAFETY: an MPI handle, overwritten by the call below.
        let mut gwin: ffi::MPI_Win = unsafe { std::mem::zeroed() };
        // SAFETY: collective over the job; the memory is thread 0's global area, mapped until
        // `leave`.
        unsafe {
            check(
                ffi::MPI_Win_create(
                    gbase as *mut c_void,
                    glen as ffi::MPI_Aint,
                    1,
                    ffi::upcr_mpi_info_null,
                    comm_world(),
                    &mut gwin,
                ),
                "MPI_Win_create",
            )?;
            check(
                ffi::MPI_Win_lock_all(ffi::upcr_mpi_mode_nocheck, gwin),
                "MPI_Win_lock_all",
            )?;
        }
        // the barriers' communicator (collective over the job, as the windows above)
        let mut comm: ffi::MPI_Comm = comm_world();
        // SAFETY: collective; the out-pointer is a local.
        check(
            unsafe { ffi::MPI_Comm_dup(comm_world(), &mut comm) },
            "MPI_Comm_dup",
        )?;
        let _ = BARRIERS.set(Barriers { comm });
        // the requests' communicator
        let mut rcomm: ffi::MPI_Comm = comm_world();
        // SAFETY: collective; the out-pointer is a local.
        check(
            unsafe { ffi::MPI_Comm_dup(comm_world(), &mut rcomm) },
            "MPI_Comm_dup",
        )?;
        let _ = REQUESTS.set(Requests { comm: rcomm });
        let _ = RMA.set(Rma {
            win,
            global: gwin,
            view,
            view_len: len,
        });
        start_progress(j.rank);
        Ok(Some(pgas::conduit::ProgramView {
            base: view as *mut u8,
            unmapped,
            isolated: j.several_nodes,
        }))
    }

    fn get(&self, dst: &mut [u8], thread: usize, addr: u64) -> Result<(), String> {
        let base = dst.as_mut_ptr();
        let _mpi = mpi_lock_serving();
        transfer(
            thread,
            addr,
            dst.len(),
            "MPI_Get",
            |win, rank, at, n, disp| {
                // SAFETY: `dst` is writable for these `n` bytes until the flush completes the
                // get; the target range was checked by pgas::rma.
                unsafe {
                    ffi::MPI_Get(
                        base.add(at) as *mut c_void,
                        n,
                        ffi::upcr_mpi_byte,
                        rank,
                        disp,
                        n,
                        ffi::upcr_mpi_byte,
                        win,
                    )
                }
            },
        )
    }

    fn put(&self, thread: usize, addr: u64, src: &[u8]) -> Result<(), String> {
        let _mpi = mpi_lock_serving();
        transfer(
            thread,
            addr,
            src.len(),
            "MPI_Put",
            |win, rank, at, n, disp| {
                // SAFETY: `src` stays readable for these `n` bytes until the flush completes the
                // put at the target; the target range was checked by pgas::rma.
                unsafe {
                    ffi::MPI_Put(
                        src.as_ptr().add(at) as *const c_void,
                        n,
                        ffi::upcr_mpi_byte,
                        rank,
                        disp,
                        n,
                        ffi::upcr_mpi_byte,
                        win,
                    )
                }
            },
        )
    }

    fn progress(&self) {
        let _mpi = mpi_lock();
        // SAFETY: a probe that receives nothing.
        unsafe { ffi::upcr_mpi_progress(comm_world()) };
        serve_requests();
    }

    fn call(&self, thread: usize, req: &[u8]) -> Option<Result<Vec<u8>, String>> {
        let q = REQUESTS.get()?;
        Some(call_over(q, thread, req))
    }

    fn quiet(&self, f: &mut dyn FnMut()) {
        // the progress thread serves only while it holds the lock
        let _mpi = mpi_lock();
        f()
    }

    fn in_call(&self) -> bool {
        MPI_OWNER.load(Ordering::Relaxed) == tid()
    }

    fn wake_progress(&self) -> bool {
        if !PROGRESS_RUNNING.load(Ordering::SeqCst) || PROGRESS_STOP.load(Ordering::SeqCst) {
            return false;
        }
        pgas::rma::wake_progress(pgas::segment::mythread());
        true
    }

    fn doorbell(&self, thread: usize) -> bool {
        crate::doorbell::ring_if_slow(thread)
    }

    fn sleep_until_doorbell(&self, ns: u64) -> Option<bool> {
        crate::doorbell::sleep(ns)
    }

    fn runs_barriers(&self) -> bool {
        BARRIERS.get().is_some()
    }

    fn barrier_arrive(&self, words: [i64; BARRIER_WORDS]) {
        let Some(b) = BARRIERS.get() else { return };
        let ph = phase();
        ph.words = words;
        let _mpi = mpi_lock_serving();
        // SAFETY: an MPI handle, overwritten by the call below.
        let mut req: ffi::MPI_Request = unsafe { std::mem::zeroed() };
        // SAFETY: the buffers are statics of this process, untouched until the request
        // completes (`barrier_test`); every thread starts the same phases in the same order.
        let rc = unsafe {
            ffi::upcr_mpi_iallreduce_max(
                ph.words.as_ptr() as *const _,
                ph.out.as_mut_ptr() as *mut _,
                BARRIER_WORDS as c_int,
                b.comm,
                &mut req,
            )
        };
        if let Err(e) = check(rc, "MPI_Iallreduce") {
            pgas::job::fatal_error(&format!("upc-check: error: a barrier failed: {e}\n"));
        }
        ph.req = Some(req);
    }

    fn barrier_test(&self) -> Option<[i64; BARRIER_WORDS]> {
        let ph = phase();
        let req = ph.req.as_mut()?;
        let mut done: c_int = 0;
        let _mpi = mpi_lock_serving();
        // SAFETY: the request of the phase in flight; MPI_Test frees it when complete.
        let rc = unsafe { ffi::upcr_mpi_test(req, &mut done) };
        if let Err(e) = check(rc, "MPI_Test") {
            pgas::job::fatal_error(&format!("upc-check: error: a barrier failed: {e}\n"));
        }
        if done == 0 {
            return None;
        }
        ph.req = None;
        Some(ph.out)
    }

    fn barrier_gather(&self, mine: i64) -> Vec<i64> {
        let Some(b) = BARRIERS.get() else {
            return vec![mine];
        };
        let mut all = vec![0i64; joined().size];
        let _mpi = mpi_lock();
        // SAFETY: collective over the barriers' communicator (every thread found the same
        // error); `all` holds one integer per process.
        let rc =
            unsafe { ffi::upcr_mpi_allgather_i64(mine as _, all.as_mut_ptr() as *mut _, b.comm) };
        if check(rc, "MPI_Allgather").is_err() {
            return vec![mine];
        }
        all
    }

    fn runs_atomics(&self) -> bool {
        RMA.get().is_some()
    }

    fn fetch_and_op(
        &self,
        thread: usize,
        addr: u64,
        ty: AtomicType,
        op: AtomicOp,
        operand: &[u8],
        old: &mut [u8],
    ) -> Result<(), String> {
        let (win, rank, disp) = window_at(thread, addr)?;
        let _mpi = mpi_lock_serving();
        pgas::rma::ring(thread);
        // SAFETY: operand and old hold one object of the type; the target range was checked
        // by the caller; complete (flushed) when the shim returns.
        let rc = crate::doorbell::observed(rank as usize, old.len(), || unsafe {
            ffi::upcr_mpi_fetch_and_op(
                operand.as_ptr() as *const c_void,
                old.as_mut_ptr() as *mut c_void,
                ty as c_int,
                rank,
                disp,
                op as c_int,
                win,
            )
        });
        check(rc, "MPI_Fetch_and_op")
    }

    fn compare_and_swap(
        &self,
        thread: usize,
        addr: u64,
        ty: AtomicType,
        compare: &[u8],
        new: &[u8],
        old: &mut [u8],
    ) -> Result<(), String> {
        let (win, rank, disp) = window_at(thread, addr)?;
        let _mpi = mpi_lock_serving();
        pgas::rma::ring(thread);
        // SAFETY: as for fetch_and_op.
        let rc = crate::doorbell::observed(rank as usize, old.len(), || unsafe {
            ffi::upcr_mpi_compare_and_swap(
                new.as_ptr() as *const c_void,
                compare.as_ptr() as *const c_void,
                old.as_mut_ptr() as *mut c_void,
                ty as c_int,
                rank,
                disp,
                win,
            )
        });
        check(rc, "MPI_Compare_and_swap")
    }

    fn initializes_segment(&self) -> bool {
        joined().node_rank == 0
    }

    fn barrier(&self) {
        let _mpi = mpi_lock();
        // SAFETY: collective over the job, every process calls it at start-up.
        unsafe { ffi::MPI_Barrier(comm_world()) };
    }

    fn leave(&self) {
        stop_progress();
        // the answers still on their way (every requester received its answer before the
        // termination barrier: they complete at once)
        for (mut r, _) in ANSWERS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .drain(..)
        {
            let _ = complete(&mut r);
        }
        if let Some(r) = RMA.get() {
            let (mut w, mut g) = (r.win, r.global);
            // SAFETY: collective: every thread leaves after the termination barrier; the view
            // is unmapped after the windows over it are gone.
            unsafe {
                ffi::MPI_Win_unlock_all(w);
                ffi::MPI_Win_free(&mut w);
                ffi::MPI_Win_unlock_all(g);
                ffi::MPI_Win_free(&mut g);
                libc::munmap(r.view as *mut c_void, r.view_len);
            }
        }
        if let Some(Window(mut w)) = WINDOW.lock().unwrap_or_else(|e| e.into_inner()).take() {
            // SAFETY: collective: every thread leaves after the termination barrier.
            unsafe { ffi::MPI_Win_free(&mut w) };
        }
        // SAFETY: the end of this process's MPI use.
        unsafe { ffi::MPI_Finalize() };
    }

    fn abort(&self, status: i32) -> ! {
        // SAFETY: ends every process of the job; does not return.
        unsafe { ffi::MPI_Abort(comm_world(), status) };
        // SAFETY: in case MPI_Abort returned (it must not).
        unsafe { libc::_exit(status & 0xff) }
    }
}

/// `Conduit::map_node_shared`: `len` bytes shared by the processes of the node, sparse.
///
/// The node's first process makes an anonymous memory file (`memfd_create`, sized with
/// `ftruncate`: no page is allocated until touched, and it is no file of /dev/shm, whose size
/// does not bound it), the others open it through `/proc/PID/fd/FD` (same user); every
/// process maps it shared and closes its descriptor, so the memory goes with the last
/// mapping, whatever way the job ends.  Where some process of the node cannot open it
/// (`/proc` mounted with `hidepid`, for one), every process drops it and the node's first
/// process makes a POSIX shared-memory object instead (`shm_open`, sparse too; not an
/// `MPI_Win_allocate_shared` window, which Open MPI refuses unless /dev/shm has room for all
/// of it at once), which it removes as soon as every process mapped it.  A process alone on
/// its node maps it itself.
fn node_shared(len: usize) -> Result<*mut u8, String> {
    let j = joined();
    if j.node_size == 1 {
        return pgas::segment::map_shared(len).map_err(|e| e.to_string());
    }
    let map = |fd: c_int| -> *mut u8 {
        // SAFETY: a shared mapping of a file this process holds open, at no fixed address.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_NORESERVE,
                fd,
                0,
            )
        };
        // SAFETY: our descriptor; the mapping keeps the file.
        unsafe { libc::close(fd) };
        if p == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            p as *mut u8
        }
    };
    // every process of the node: whether it mapped the memory
    let all_mapped = |p: *mut u8| -> Result<bool, String> {
        let mut all = vec![0i64; j.node_size];
        // SAFETY: collective gather of one integer per process of the node into `all`.
        let rc = unsafe {
            ffi::upcr_mpi_allgather_i64(
                i64::from(!p.is_null()) as _,
                all.as_mut_ptr() as *mut _,
                j.node,
            )
        };
        check(rc, "MPI_Allgather")?;
        Ok(all.iter().all(|&ok| ok == 1))
    };
    let bcast = |who: &mut [i64; 2]| -> Result<(), String> {
        // SAFETY: collective broadcast of a local array of the stated size over the node.
        check(
            unsafe {
                ffi::MPI_Bcast(
                    who.as_mut_ptr() as *mut c_void,
                    std::mem::size_of_val(who) as c_int,
                    ffi::upcr_mpi_byte,
                    0,
                    j.node,
                )
            },
            "MPI_Bcast",
        )
    };
    let unmap = |p: *mut u8| {
        if !p.is_null() {
            // SAFETY: a mapping made above, not used.
            unsafe { libc::munmap(p as *mut c_void, len) };
        }
    };
    // [pid, fd] of the node's first process (fd -1: it could not make the file)
    let mut who: [i64; 2] = [0, -1];
    let mut p = std::ptr::null_mut();
    if j.node_rank == 0 {
        // SAFETY: a new anonymous file of this process, sized (sparse) below.
        let fd = unsafe { libc::memfd_create(c"upc-race-shadow".as_ptr(), libc::MFD_CLOEXEC) };
        // SAFETY: the file just made.
        if fd >= 0 && unsafe { libc::ftruncate(fd, len as libc::off_t) } == 0 {
            // (kept open until every other process opened it: the gather below)
            // SAFETY: dup of our own descriptor, mapped (and closed) at once.
            p = map(unsafe { libc::dup(fd) });
            who = [i64::from(std::process::id()), i64::from(fd)];
        } else if fd >= 0 {
            // SAFETY: as above.
            unsafe { libc::close(fd) };
        }
    }
    bcast(&mut who)?;
    if j.node_rank != 0 && who[1] >= 0 {
        let path = std::ffi::CString::new(format!("/proc/{}/fd/{}", who[0], who[1]))
            .expect("no NUL in a path of numbers");
        // SAFETY: opening a path; `map` closes the descriptor.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
        if fd >= 0 {
            p = map(fd);
        }
    }
    let ok = all_mapped(p)?;
    if j.node_rank == 0 && who[1] >= 0 {
        // SAFETY: the memory file's descriptor of this process.
        unsafe { libc::close(who[1] as c_int) };
    }
    if ok {
        return Ok(p);
    }
    unmap(p);
    p = std::ptr::null_mut();
    // a named object instead: /upc-race-PID, removed once every process mapped it
    let name =
        |pid: i64| std::ffi::CString::new(format!("/upc-race-{pid}")).expect("no NUL in a name");
    let mut who: [i64; 2] = [0, -1];
    if j.node_rank == 0 {
        let n = name(i64::from(std::process::id()));
        // SAFETY: a new object of this name (an old one of a dead process of this pid is
        // replaced); sized (sparse) below.
        let fd = unsafe {
            libc::shm_unlink(n.as_ptr());
            libc::shm_open(
                n.as_ptr(),
                libc::O_RDWR | libc::O_CREAT | libc::O_EXCL,
                0o600,
            )
        };
        // SAFETY: the object just made.
        if fd >= 0 && unsafe { libc::ftruncate(fd, len as libc::off_t) } == 0 {
            p = map(fd);
            who = [i64::from(std::process::id()), 0];
        } else if fd >= 0 {
            // SAFETY: as above.
            unsafe { libc::close(fd) };
        }
    }
    bcast(&mut who)?;
    if j.node_rank != 0 && who[1] == 0 {
        // SAFETY: opening the object the node's first process made; `map` closes it.
        let fd = unsafe { libc::shm_open(name(who[0]).as_ptr(), libc::O_RDWR, 0) };
        if fd >= 0 {
            p = map(fd);
        }
    }
    let ok = all_mapped(p)?;
    if j.node_rank == 0 && who[1] == 0 {
        // SAFETY: removing the name this process made (the mappings keep the memory).
        unsafe { libc::shm_unlink(name(who[0]).as_ptr()) };
    }
    if ok {
        return Ok(p);
    }
    unmap(p);
    Err(format!(
        "the processes of a node could not share {} MiB of memory (neither an anonymous memory \
         file through /proc nor a POSIX shared-memory object)",
        len >> 20
    ))
}

/// `len` bytes at `addr` of `thread`'s part of the segment (of the global area for
/// `GLOBAL_AREA`) moved by one RMA operation per piece of at most [`MAX_PIECE`] bytes
/// (`op(window, target rank, offset in the local buffer, bytes, target displacement)`
/// returns its MPI code), then the target woken and the flush that completes them all.
fn transfer(
    thread: usize,
    addr: u64,
    len: usize,
    what: &str,
    mut op: impl FnMut(ffi::MPI_Win, c_int, usize, c_int, ffi::MPI_Aint) -> c_int,
) -> Result<(), String> {
    let (win, rank, disp) = window_at(thread, addr)?;
    crate::doorbell::observed(rank as usize, len, || {
        for at in (0..len).step_by(MAX_PIECE) {
            let n = MAX_PIECE.min(len - at) as c_int;
            check(op(win, rank, at, n, disp + at as ffi::MPI_Aint), what)?;
        }
        pgas::rma::ring(thread);
        // SAFETY: completes the operations above at the target.
        check(unsafe { ffi::MPI_Win_flush(rank, win) }, "MPI_Win_flush")
    })
}

/// Where the data window starts in each partition: past the guard page (the reserved first
/// MiB's control words and the user data).
const WINDOW_START: usize = pgas::segment::GUARD_SIZE;

/// The window, the target rank and the displacement in that window of address field `addr`
/// of `thread`'s partition: the data window; for `GLOBAL_AREA`, thread 0's window over the
/// global area.
fn window_at(thread: usize, addr: u64) -> Result<(ffi::MPI_Win, c_int, ffi::MPI_Aint), String> {
    let r = RMA.get().ok_or("no remote data plane")?;
    if thread == GLOBAL_AREA as usize {
        return Ok((r.global, 0, addr as ffi::MPI_Aint));
    }
    if addr < WINDOW_START as u64 {
        return Err(format!("address {addr:#x} is in the guard page"));
    }
    Ok((
        r.win,
        thread as c_int,
        (addr - WINDOW_START as u64) as ffi::MPI_Aint,
    ))
}

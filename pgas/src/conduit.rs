//! Conduits other than the default one: the interface through which a separately built
//! transport (the MPI conduit, crate `pgas-mpi` in `pgas/mpi/`) starts the job instead of the
//! fork-based launcher of `job.rs`, without this crate depending on it.
//!
//! The default conduit (`smp`) is not a `Conduit`: it is the launcher/monitor of `job.rs`,
//! untouched.  A program built for another conduit links that conduit's library, whose start-up
//! code calls [`register`] from a C constructor, before `main`; `job::start` then asks the
//! registered conduit for the thread's place in the job and for the shared memory, and runs the
//! UPC thread in the calling process (there is no fork and no monitor: the conduit's own launcher,
//! e.g. `mpirun`, starts one process per UPC thread).
//!
//! What a conduit provides first is one node's worth of memory: [`Conduit::map_segment`] returns
//! the whole segment (global area and every partition, contiguous) mapped in every thread, so
//! the runtime and the checker run on it unchanged.  The addresses may differ between threads;
//! everything the runtime keeps in shared memory is an offset or a pointer into the executable's
//! own image (see `status.rs`), which the conduit must keep at the same address in every
//! thread (the MPI conduit links a position-dependent executable).
//!
//! The remote data plane: a conduit may also give the translated program a view of the
//! segment in which other threads' user data (their statics and heaps, past the reserved
//! first MiB of each partition) is not mapped ([`Conduit::program_view`]); the program and
//! the shared string functions then reach that data through [`Conduit::get`] and
//! [`Conduit::put`] (`rma.rs`).  The runtime's control state (barriers, locks, allocator
//! headers, the checker, the collectives' staging) stays in the memory of `map_segment`,
//! except the barriers, which such a conduit may run itself ([`Conduit::runs_barriers`]).

use std::sync::atomic::{AtomicPtr, Ordering};

/// The type of an atomic operation of the conduit ([`Conduit::fetch_and_op`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicType {
    I32 = 0,
    U32 = 1,
    I64 = 2,
    U64 = 3,
    F32 = 4,
    F64 = 5,
}

/// The operation of [`Conduit::fetch_and_op`] (MPI's: the target's value becomes
/// `target OP operand`, `Get` leaves it, `Replace` sets it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    Get = 0,
    Replace = 1,
    Sum = 2,
    Prod = 3,
    Min = 4,
    Max = 5,
    And = 6,
    Or = 7,
    Xor = 8,
}

/// Words a barrier of the conduit combines ([`Conduit::barrier_arrive`]).
pub const BARRIER_WORDS: usize = 6;

/// A thread's place in a job started by a conduit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Membership {
    /// MYTHREAD.
    pub thread: usize,
    /// THREADS.
    pub threads: usize,
}

/// The translated program's own view of the segment (see [`Conduit::program_view`]).
#[derive(Debug)]
pub struct ProgramView {
    /// Start of the view (where the runtime's view has the global area).
    pub base: *mut u8,
    /// Per thread: 1 when its user data is not mapped in the view.
    pub unmapped: Vec<u8>,
    /// Whether nothing of the threads' control state is shared memory (`segment::isolate`):
    /// every process maps only its own part of the reserved areas, thread 0 the global
    /// area, and no user data of the threads in `unmapped` in the runtime's view either.
    pub isolated: bool,
}

/// A transport that starts the UPC threads itself (one process per thread).
pub trait Conduit: Sync {
    /// The name of the conduit as `upc-check -network=NAME` spells it.
    fn name(&self) -> &'static str;

    /// Join the job (called once per process, before anything else): MYTHREAD and THREADS.
    fn join(&self) -> Result<Membership, String>;

    /// Map `len` bytes of zero-filled memory shared by every thread of the job, page aligned,
    /// and return its address in this process.  Called once per process, by every thread
    /// together (it may synchronize).
    fn map_segment(&self, len: usize) -> Result<*mut u8, String>;

    /// Map `len` bytes of zero-filled memory shared by the processes of this process's node
    /// (every thread of the job when [`Conduit::several_nodes`] is false), page aligned,
    /// costing memory only for the pages touched, and return its address in this process
    /// (it may differ between processes).  Every process of the job calls it together, after
    /// [`Conduit::map_segment`]; nothing of it survives the job.  The checker's shadow
    /// memory for race checking.
    fn map_node_shared(&self, _len: usize) -> Result<*mut u8, String> {
        Err("this conduit has no node-shared memory".into())
    }

    /// Whether the job spans several nodes (hosts, or pseudo-nodes made for testing), whose
    /// memory is reached only through the conduit; known after [`Conduit::join`].
    fn several_nodes(&self) -> bool {
        false
    }

    /// After the shared state is initialized and every thread passed [`Conduit::barrier`]:
    /// the translated program's view of the segment, when it is not the runtime's (see the
    /// module doc): its base (the same layout as `map_segment`'s memory) and, per thread, 1
    /// when that thread's user data is not mapped in it.  `None` (the default): the program
    /// uses the runtime's view and every partition is mapped.
    fn program_view(
        &self,
        _layout: &crate::segment::Layout,
    ) -> Result<Option<ProgramView>, String> {
        Ok(None)
    }

    /// Copy `dst.len()` bytes at offset `addr` of `thread`'s partition (user data not mapped
    /// here) into `dst`; complete when it returns.
    fn get(&self, _dst: &mut [u8], _thread: usize, _addr: u64) -> Result<(), String> {
        Err("this conduit has no remote access".into())
    }

    /// Copy `src` to offset `addr` of `thread`'s partition (user data not mapped here);
    /// complete at the target when it returns (so that every remote access of a thread is
    /// ordered after its earlier ones, which is stronger than UPC's relaxed model needs).
    fn put(&self, _thread: usize, _addr: u64, _src: &[u8]) -> Result<(), String> {
        Err("this conduit has no remote access".into())
    }

    /// Let the conduit serve other threads' remote accesses to this thread's memory (called
    /// by every wait of the runtime between its sleeps; see `sync.rs`).
    fn progress(&self) {}

    /// Run `f` (an operation on this thread's own memory with CPU atomics, on words that other
    /// threads reach through the conduit's one-sided atomics) while the conduit applies no
    /// remote operation to this thread's memory from another thread of the process (a progress
    /// thread): the target side of a one-sided atomic may be plain loads and stores.
    fn quiet(&self, f: &mut dyn FnMut()) {
        f()
    }

    /// Whether the calling thread is inside a call into the conduit (a signal handler that
    /// interrupted it must then not call the conduit).
    fn in_call(&self) -> bool {
        false
    }

    /// Wake this process's progress thread for work a signal handler left to it (a report
    /// that reads other nodes' state: `job::serve_handler_work`); false when the conduit has
    /// no progress thread.  Async-signal-safe.
    fn wake_progress(&self) -> bool {
        false
    }

    /// Wake `thread` if it naps in a wait of the runtime ([`Conduit::sleep_until_doorbell`]),
    /// when this process does not map `thread`'s control state (another node): see
    /// `rma::ring`.  The conduit may leave out a ring that it judges useless; false when it
    /// sent none.
    fn doorbell(&self, _thread: usize) -> bool {
        false
    }

    /// Sleep at most `ns` nanoseconds or until another process rings this one
    /// ([`Conduit::doorbell`]), and whether it did; `None` when the conduit has no doorbell
    /// (the caller sleeps on its futex word).
    fn sleep_until_doorbell(&self, _ns: u64) -> Option<bool> {
        None
    }

    /// Send `req` to `thread`'s process, where the handler of [`crate::rpc`] answers it while
    /// that process makes progress (its waits, its progress thread, its own requests); the
    /// answer.  `None` when the conduit carries no requests (every process then maps what a
    /// request would reach).  The caller's process serves others' requests while it waits.
    fn call(&self, _thread: usize, _req: &[u8]) -> Option<Result<Vec<u8>, String>> {
        None
    }

    /// Whether the UPC barriers (`upc_notify`/`upc_wait`/`upc_barrier`, the runtime's own,
    /// the start-up and termination barriers) go through this conduit
    /// ([`Conduit::barrier_arrive`], [`Conduit::barrier_test`]) instead of the shared
    /// segment; asked once, after [`Conduit::program_view`].
    fn runs_barriers(&self) -> bool {
        false
    }

    /// Start this thread's arrival at the next barrier phase with `words`: the phase completes
    /// once every thread arrived, and its result is the element-wise maximum of every
    /// thread's words.  Never blocks.
    fn barrier_arrive(&self, _words: [i64; BARRIER_WORDS]) {}

    /// The result of the phase this thread arrived at, once it completed (`None`: not yet;
    /// the call makes progress).
    fn barrier_test(&self) -> Option<[i64; BARRIER_WORDS]> {
        None
    }

    /// Every thread's `mine`, in thread order (every thread calls it, blocking): what a
    /// barrier error reports about each thread.
    fn barrier_gather(&self, mine: i64) -> Vec<i64> {
        vec![mine]
    }

    /// Whether `upc_atomic.h` operations go through this conduit ([`Conduit::fetch_and_op`],
    /// [`Conduit::compare_and_swap`]) on every thread's data, its own included.
    fn runs_atomics(&self) -> bool {
        false
    }

    /// Atomically apply `op` with `operand` to the object of type `ty` at offset `addr` of
    /// `thread`'s partition (user data), the old value into `old`; complete when it returns.
    fn fetch_and_op(
        &self,
        _thread: usize,
        _addr: u64,
        _ty: AtomicType,
        _op: AtomicOp,
        _operand: &[u8],
        _old: &mut [u8],
    ) -> Result<(), String> {
        Err("this conduit has no remote atomics".into())
    }

    /// Atomically replace the object at `addr` of `thread`'s partition by `new` if it equals
    /// `compare` (bit for bit); its old value into `old`; complete when it returns.
    #[allow(clippy::too_many_arguments)]
    fn compare_and_swap(
        &self,
        _thread: usize,
        _addr: u64,
        _ty: AtomicType,
        _compare: &[u8],
        _new: &[u8],
        _old: &mut [u8],
    ) -> Result<(), String> {
        Err("this conduit has no remote atomics".into())
    }

    /// Whether this process initializes the shared state of the runtime (exactly one process
    /// of the segment does, before [`Conduit::barrier`]; the others only read it after).
    fn initializes_segment(&self) -> bool;

    /// Wait until every thread of the job has called it (start-up only: afterwards the
    /// runtime's own barriers run in the shared segment).
    fn barrier(&self);

    /// Leave the job normally (after the termination barrier, before the process exits).
    fn leave(&self);

    /// End every thread of the job at once, the job exiting with `status` (a fatal error
    /// already reported, or `upc_global_exit`).
    fn abort(&self, status: i32) -> !;
}

/// The registered conduit: a leaked `&'static dyn Conduit` behind a thin pointer.
static CONDUIT: AtomicPtr<&'static dyn Conduit> = AtomicPtr::new(std::ptr::null_mut());

/// Select `c` for this program (from the conduit library's start-up code, before `main`).
pub fn register(c: &'static dyn Conduit) {
    let boxed: &'static mut &'static dyn Conduit = Box::leak(Box::new(c));
    // Release: pairs with the Acquire in `get`.
    CONDUIT.store(boxed, Ordering::Release);
}

/// The conduit this program was linked with, if it is not the default one.
pub fn get() -> Option<&'static dyn Conduit> {
    // Acquire: pairs with the Release in `register`.
    let p = CONDUIT.load(Ordering::Acquire);
    // SAFETY: null or a leaked box that lives for the rest of the program.
    unsafe { p.as_ref().copied() }
}

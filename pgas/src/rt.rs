//! Layout of the runtime's own region: the job-wide part in the global area and the per-thread
//! part at the start of every partition (the first 64 KiB of the reserved MiB).

use crate::segment::{self, Region};
use crate::{alloc, barrier, job, lock, status};

/// Job-wide runtime state (start of the global runtime region), followed by the tree-barrier
/// nodes (one cache line per thread) and the stripes of the PTS atomic locks.
#[repr(C)]
pub(crate) struct RuntimeGlobal {
    pub job: job::JobShared,
    pub barrier: barrier::BarrierShared,
    pub sym_heap: alloc::HeapMeta,
    pub locks: lock::LockGlobal,
    pub bcast: Broadcast,
    /// 1 once a thread reports a fatal error (`job::fatal_error`).
    pub fatal: std::sync::atomic::AtomicU64,
    /// Heap blocks freed so far, every heap together (`alloc::frees`).
    pub frees: std::sync::atomic::AtomicU64,
}

/// Two slots that thread 0 uses to hand a value to every thread in collective allocations.
#[repr(C, align(64))]
pub(crate) struct Broadcast {
    pub slot: [[u64; 2]; 2],
}

/// Per-thread runtime state (start of each partition; the status record must stay first).
#[repr(C)]
pub(crate) struct ThreadRuntime {
    pub status: status::StatusRecord,
    pub barrier: barrier::BarrierThread,
    pub heap: alloc::HeapMeta,
    pub private_seq: std::sync::atomic::AtomicU64,
    pub mcs: [lock::McsNode; lock::MCS_NODES],
    /// Offsets (in this thread's partition) of further queue-node chunks; 0: not allocated.
    pub mcs_chunks: [std::sync::atomic::AtomicU64; lock::MCS_CHUNKS],
    /// With a conduit's remote data plane: 1 + the offset in the segment of the futex word
    /// this thread sleeps on between progress calls (0: not asleep), so that a thread that
    /// sends it a remote access can wake it to serve it (`rma::ring`).
    pub asleep_on: std::sync::atomic::AtomicU64,
    /// The futex word the waits run over the conduit sleep on between their tests (never
    /// changed: a sleep ends when its time is up or when `rma::ring` wakes it; `rma::nap`).
    pub nap: std::sync::atomic::AtomicU32,
    /// When the atomic operations run over the conduit: the lock word of the atomic
    /// operations of `UPC_PTS` domains on this thread's data (`atomic.rs`, `rma::word_lock`).
    pub pts_lock: std::sync::atomic::AtomicU64,
    /// 1 while the conduit's progress thread of this thread sleeps on it (`rma::progress_nap`),
    /// 0 otherwise; `rma::ring` clears it and wakes the sleeper.
    pub progress_nap: std::sync::atomic::AtomicU32,
}

const _: () = assert!(std::mem::size_of::<ThreadRuntime>() <= (64 << 10) - segment::GUARD_SIZE);

pub(crate) const ATOMIC_STRIPES: usize = 256;

fn nodes_offset() -> usize {
    std::mem::size_of::<RuntimeGlobal>().div_ceil(64) * 64
}

/// Bytes the global runtime region needs for `threads` threads.
pub(crate) fn runtime_size(threads: usize) -> usize {
    nodes_offset() + 64 * threads + 64 * ATOMIC_STRIPES + 4096
}

pub(crate) fn global() -> &'static RuntimeGlobal {
    // SAFETY: the region is mapped for the whole job, zero-initialized, and RuntimeGlobal is made
    // of atomics and plain integers for which all-zero is valid.
    unsafe { &*(segment::global_region(Region::Runtime) as *const RuntimeGlobal) }
}

pub(crate) fn thread(t: usize) -> &'static ThreadRuntime {
    // SAFETY: as above, in the thread's reserved runtime slice.
    unsafe { &*(segment::thread_region(Region::Runtime, t) as *const ThreadRuntime) }
}

/// Cache-line slot `i` (0 <= i < THREADS) after RuntimeGlobal (tree barrier nodes).
pub(crate) fn node_line(i: usize) -> *mut u8 {
    (segment::global_region(Region::Runtime) as usize + nodes_offset() + 64 * i) as *mut u8
}

/// Cache-line slot of atomic stripe `i`.
pub(crate) fn stripe_line(i: usize) -> *mut u8 {
    node_line(segment::threads() + i)
}

/// Initialize the runtime state after the mapping (launcher, before the fork).
pub(crate) fn init() -> Result<(), String> {
    barrier::init()?;
    alloc::init();
    Ok(())
}

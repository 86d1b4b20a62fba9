//! The bundled shared-memory PGAS runtime.
//!
//! A UPC thread is a process; one shared segment is mapped before the fork at the same address in
//! every thread (segment.rs), the launcher stays behind as the monitor (job.rs).  The C API that
//! translated programs call is declared in `include/upcr.h` and the UPC library headers of
//! `include/`; this crate implements it, plus a Rust API for the checker and the collectives.
//!
//! Pointer-to-shared (`PShared`, C `upcr_pshared_t`): 16 bytes for every block size —
//! `addr` (u64, byte offset in the partition of `thread`), `thread` (u32), `phase` (u32);
//! the all-zero value is the null pointer (offset 0 is in the reserved area, never an object).

pub mod alloc;
pub mod atomic;
pub mod barrier;
pub mod collectives;
pub mod conduit;
pub mod io;
pub mod job;
pub mod lock;
mod lock_over;
pub mod memops;
pub mod meta;
pub mod nb;
pub mod ptr;
pub mod rma;
pub mod rpc;
mod rt;
pub mod sample;
pub mod segment;
pub mod sem;
pub mod statics;
pub mod status;
pub mod sync;
pub mod tick;

pub use alloc::{is_allocation_start, object_of, ObjectInfo, ObjectKind};
pub use barrier::barrier_internal;
pub use job::{abort_job, start, Hooks};
pub use lock::{lock_id, lock_is_valid, lock_owner, LockState};
pub use segment::{global_region, local_ptr, mythread, part_size, thread_region, threads, Region};
pub use status::{format_table, set_finished, set_running, set_waiting, snapshot, StatusView};

/// `upcr_pshared_t`: a pointer-to-shared, passed by value in the C ABI.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PShared {
    pub addr: u64,
    pub thread: u32,
    pub phase: u32,
}

impl PShared {
    pub const NULL: PShared = PShared {
        addr: 0,
        thread: 0,
        phase: 0,
    };

    pub const fn new(thread: u32, addr: u64, phase: u32) -> PShared {
        PShared {
            addr,
            thread,
            phase,
        }
    }

    pub fn is_null(self) -> bool {
        self.addr == 0 && self.thread == 0
    }

    /// Local address of the designated byte (every partition is mapped in every thread).
    pub fn local(self) -> *mut u8 {
        segment::local_ptr(self.thread, self.addr)
    }
}

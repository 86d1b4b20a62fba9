//! The MPI conduit of the PGAS runtime (`upc-check -network=mpi`, DESIGN.md section 8).
//!
//! `libpgas_mpi.a` is the whole runtime of a program built for this conduit: this crate, the
//! runtime (`pgas`) and the checker (`checkrt`, linked in only to be part of the archive).
//! `mpirun` (through `upcrun`) starts one process per UPC thread; the C shim's constructor
//! registers [`conduit::Mpi`] with the runtime before `main`, and `pgas::job::start` then runs
//! the thread in the process (MYTHREAD = rank, THREADS = size of `MPI_COMM_WORLD`).
//!
//! What works so far: every thread on one host.  The segment is one `MPI_Win_allocate_shared`
//! window over the node's communicator, contiguous, so the runtime and the checker run
//! unchanged on it with direct loads and stores.  The remote data plane, tested with every
//! thread its own node (`UPC_MPI_NODES=rank`): other threads' user data is not mapped in the
//! program's view and is reached by `MPI_Get`/`MPI_Put` on an `MPI_Win_create` window (the
//! translator's remote-access path, `pgas::rma`, and the `upc_mem*` functions); the control
//! state stays in the host's window, so threads on other hosts are not supported yet.
//!
//! Built without MPI or libclang (see `build.rs`), the crate is a stub: no conduit and no
//! `upcr_mpi_conduit` marker, which is how `upc-check -network=mpi` knows it is missing.

// Part of libpgas_mpi.a: the checker's hooks are what a checked program calls.
extern crate checkrt;

#[cfg(have_mpi)]
mod ffi;

#[cfg(have_mpi)]
pub mod conduit;

#[cfg(have_mpi)]
mod doorbell;

pub mod stdio;

/// Whether this build has the MPI conduit (false: built without MPI or libclang).
pub const AVAILABLE: bool = cfg!(have_mpi);

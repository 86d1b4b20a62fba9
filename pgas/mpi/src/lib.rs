//! The MPI conduit of the PGAS runtime (`upc-check -network=mpi`, DESIGN.md section 8).
//!
//! `libpgas_mpi.a` is the whole runtime of a program built for this conduit: this crate, the
//! runtime (`pgas`) and the checker (`checkrt`, linked in only to be part of the archive).
//! `mpirun` (through `upcrun`) starts one process per UPC thread; the C shim's constructor
//! registers [`conduit::Mpi`] with the runtime before `main`, and `pgas::job::start` then runs
//! the thread in the process (MYTHREAD = rank, THREADS = size of `MPI_COMM_WORLD`).
//!
//! What works so far: every thread on one node.  The segment is one `MPI_Win_allocate_shared`
//! window over the node's communicator, contiguous, so the runtime and the checker run
//! unchanged on it with direct loads and stores.  Threads on other nodes (one-sided
//! `MPI_Get`/`MPI_Put` through the translator's access hook) are not done yet.
//!
//! Built without MPI or libclang (see `build.rs`), the crate is a stub: no conduit and no
//! `upcr_mpi_conduit` marker, which is how `upc-check -network=mpi` knows it is missing.

// Part of libpgas_mpi.a: the checker's hooks are what a checked program calls.
extern crate checkrt;

#[cfg(have_mpi)]
mod ffi;

#[cfg(have_mpi)]
pub mod conduit;

/// Whether this build has the MPI conduit (false: built without MPI or libclang).
pub const AVAILABLE: bool = cfg!(have_mpi);

//! The environment between `upcrun` (`instrumenter/src/bin/upcrun.rs`) and the MPI conduit
//! (`pgas/mpi`): the variables one side sets or reads and the other acts on.

/// Where node boundaries are: `host` (the default), `rank` (every rank its own node) or a
/// number K of pseudo-nodes; `upcrun` then forces Open MPI onto TCP.
pub const MPI_NODES: &str = "UPC_MPI_NODES";

/// `PID@HOST`: the ranks on that host write their output to the standard output and error of
/// process PID (`upcrun`) themselves, whole lines at a time (`pgas/mpi/src/stdio.rs`).
pub const STDIO: &str = "UPCRUN_STDIO";

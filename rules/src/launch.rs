//! The environment between `upcrun` (`instrumenter/src/bin/upcrun.rs`) and the MPI conduit
//! (`pgas/mpi`): the variables one side sets or reads and the other acts on.

/// Where node boundaries are: `host` (the default), `rank` (every rank its own node) or a
/// number K of pseudo-nodes; `upcrun` then forces Open MPI onto TCP.
pub const MPI_NODES: &str = "UPC_MPI_NODES";

/// `PID@HOST`: the ranks on that host write their output to the standard output and error of
/// process PID (`upcrun`) themselves, whole lines at a time (`pgas/mpi/src/stdio.rs`).
pub const STDIO: &str = "UPCRUN_STDIO";

/// Set in the environment of the processes an MPI launcher starts (Open MPI's `mpirun`, a
/// PMI or PMIx launcher such as MPICH's or Slurm's): a process without any of them was
/// started alone (an MPI singleton), and only then is a `-n N` among its arguments the
/// thread count GUPC's programs take (`pgas::job`); under a launcher it is the program's own.
pub const LAUNCHED_BY: &[&str] = &["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"];

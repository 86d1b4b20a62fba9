//! What the collectives take from the rest of the runtime: the pointer-to-shared type,
//! this process's team (segment, THREADS, MYTHREAD, collectives regions, internal
//! barrier) and the fatal-error exit.  The only file of `collectives/` and `io/` that
//! names runtime modules.

use super::team::Team;

/// Pointer-to-shared, C ABI `upcr_pshared_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PShared {
    pub addr: u64,
    pub thread: u32,
    pub phase: u32,
}

/// This process's team.
pub fn team() -> Team {
    fatal("collectives used before the runtime started")
}

/// Report an error in a library call and end the job.
pub fn fatal(msg: &str) -> ! {
    eprintln!("upc runtime error: {msg}");
    std::process::exit(1)
}

//! What the collectives take from the rest of the runtime: the pointer-to-shared type,
//! this process's team (segment, THREADS, MYTHREAD, collectives regions, internal
//! barrier) and the fatal-error exit.  The only file of `collectives/` and `io/` that
//! names runtime modules besides `sync::WaitWord`.

use super::team::{layout, Team};
use crate::segment::{self, Region};

pub use crate::PShared;

/// This process's team.
pub fn team() -> Team {
    if !segment::is_mapped() {
        fatal("a collective operation was called before the runtime started");
    }
    let threads = segment::threads();
    if segment::thread_region_size(Region::Collectives) < layout::REGION_SIZE {
        fatal("the collectives region of the segment is too small");
    }
    if threads > layout::MAX_THREADS {
        fatal(&format!(
            "THREADS = {threads} is more than the collectives support ({})",
            layout::MAX_THREADS
        ));
    }
    let regions = (0..threads)
        .map(|t| segment::thread_region(Region::Collectives, t))
        .collect();
    // SAFETY: the segment is mapped at the same address in every thread for the whole job,
    // and the collectives regions are reserved for this module and start zeroed.
    let team = unsafe {
        Team::new(
            threads,
            segment::mythread(),
            segment::runtime_base(),
            segment::part_size(),
            regions,
            Box::new(crate::barrier::barrier_internal),
        )
    };
    if segment::global_region_size(Region::Collectives) >= layout::GLOBAL_SIZE {
        team.set_global(segment::global_region(Region::Collectives));
    }
    team
}

/// Report an error in a library call and end the job.
pub fn fatal(msg: &str) -> ! {
    crate::job::fatal_error(&format!(
        "upc-check: error: thread {}: {msg}\n",
        segment::mythread()
    ))
}

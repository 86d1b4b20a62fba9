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

/// Whether thread `t`'s user data is reached through the conduit (every thread its own node:
/// `rma.rs`) rather than through the team's view of the segment.
#[inline]
pub fn is_remote(t: usize) -> bool {
    !segment::user_data_mapped(t as u32)
}

/// Read `dst.len()` bytes of shared data at (`t`, `a`): one remote get when that data is
/// another node's, a copy otherwise.
pub fn read(team: &Team, t: usize, a: u64, dst: &mut [u8]) {
    if is_remote(t) {
        crate::rma::get(dst, PShared::new(t as u32, a, 0));
    } else {
        // SAFETY: valid shared storage designated by the program, mapped in the team's view.
        unsafe { std::ptr::copy(team.ptr(t, a), dst.as_mut_ptr(), dst.len()) }
    }
}

/// Write `src` to shared data at (`t`, `a`): one remote put when that data is another
/// node's, a copy otherwise.
pub fn write(team: &Team, t: usize, a: u64, src: &[u8]) {
    if is_remote(t) {
        crate::rma::put(PShared::new(t as u32, a, 0), src);
    } else {
        // SAFETY: as for `read`.
        unsafe { std::ptr::copy(src.as_ptr(), team.ptr(t, a), src.len()) }
    }
}

/// Copy `n` bytes of shared data from (`st`, `sa`) to (`dt`, `da`) where one side (at least)
/// is another node's: one get or put per contiguous piece (both remote: through a bounded
/// buffer, one get and one put per MiB).
pub fn copy_remote(team: &Team, dt: usize, da: u64, st: usize, sa: u64, n: usize) {
    const PIECE: usize = 1 << 20;
    match (is_remote(dt), is_remote(st)) {
        // SAFETY (both arms): the local side is valid storage designated by the program,
        // mapped in the team's view, for `n` bytes.
        (true, false) => write(team, dt, da, unsafe {
            std::slice::from_raw_parts(team.ptr(st, sa), n)
        }),
        (false, true) => read(team, st, sa, unsafe {
            std::slice::from_raw_parts_mut(team.ptr(dt, da), n)
        }),
        _ => {
            let mut buf = vec![0u8; n.min(PIECE)];
            for at in (0..n).step_by(PIECE) {
                let m = PIECE.min(n - at);
                read(team, st, sa + at as u64, &mut buf[..m]);
                write(team, dt, da + at as u64, &buf[..m]);
            }
        }
    }
}

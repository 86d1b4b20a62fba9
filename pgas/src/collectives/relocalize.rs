//! The relocalization collectives (`upc_all_broadcast`, `scatter`, `gather`, `gather_all`,
//! `exchange`, `permute`): pure data movement between blocks, under any of the nine
//! synchronization modes.
//!
//! A pointer "treated as `shared [n] char[n*THREADS]`, phase ignored" designates block `j`
//! at thread `(threadof(p) + j) % THREADS`, address `addrfield(p) + ((threadof(p)+j) /
//! THREADS) * n`: with the required affinity to thread 0 that is simply the same address on
//! every thread; other affinities (undefined by the spec) are still handled consistently.
//!
//! Who copies what is chosen so that every thread writes or reads as little of other
//! threads' data as possible, which is what makes MYSYNC cheap:
//! * broadcast, scatter, gather_all, exchange pull (each thread fills its own `dst` block);
//! * gather and permute push (each thread sends its own `src` block).
//!
//! Sequencing: every call first takes the next collective sequence number `k` and
//! publishes it (`entered`).  IN_MYSYNC waits only for `entered` of the threads whose
//! data this thread touches; OUT_MYSYNC makes each thread signal `done` to the owners of
//! the data it touched and wait for the `done` of those who touched its own data.
//! ALLSYNC uses the internal barrier; NOSYNC does nothing.

use super::flags::{Mode, Sync};
use super::rt::PShared;
use super::team::Team;

/// Block `j` of `p` treated as `shared [n] char *` with phase 0: (thread, address).
#[inline]
pub(crate) fn block(team: &Team, p: PShared, j: usize, n: usize) -> (usize, u64) {
    let t = team.threads();
    let tt = p.thread as usize + j;
    (tt % t, p.addr + ((tt / t) * n) as u64)
}

/// Index of the block of `p` (treated as above) that has affinity to `thread`.
#[inline]
pub(crate) fn block_on(team: &Team, p: PShared, thread: usize) -> usize {
    let t = team.threads();
    (thread + t - (p.thread as usize % t)) % t
}

#[inline]
fn copy(team: &Team, dt: usize, da: u64, st: usize, sa: u64, n: usize) {
    if n == 0 {
        return;
    }
    if super::rt::is_remote(dt) || super::rt::is_remote(st) {
        return super::rt::copy_remote(team, dt, da, st, sa, n);
    }
    // SAFETY: both ranges were designated by the program as valid shared storage (the
    // checker validates them); `copy` tolerates overlap, which the spec leaves undefined.
    unsafe { std::ptr::copy(team.ptr(st, sa), team.ptr(dt, da), n) }
}

/// Entry half of the synchronization (ALLSYNC only; MYSYNC waits are per function).
fn entry(team: &Team, mode: Mode) -> u64 {
    let k = team.enter();
    if mode.entry == Sync::All {
        team.barrier();
    }
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
    k
}

fn exit_all(team: &Team, mode: Mode) {
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
    if mode.exit == Sync::All {
        team.barrier();
    }
}

/// One source thread, every thread reads from it into its own `dst` block.
/// `src_off(j)` is the offset inside the source of what block `j` receives.
fn one_to_all(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32, scatter: bool) {
    let mode = Mode::parse(flags);
    let k = entry(team, mode);
    let me = team.me();
    let ts = src.thread as usize % team.threads();
    if mode.entry == Sync::My {
        team.wait_entered(ts, k);
    }
    let j = block_on(team, dst, me);
    let (dt, da) = block(team, dst, j, nbytes);
    let soff = if scatter { (j * nbytes) as u64 } else { 0 };
    copy(team, dt, da, ts, src.addr + soff, nbytes);
    if mode.exit == Sync::My {
        team.signal_done(ts, k);
        if me == ts {
            for v in 0..team.threads() {
                team.wait_done_by(v, k);
            }
        }
    }
    exit_all(team, mode);
}

/// `upc_all_broadcast`: every `dst` block receives the `nbytes` at `src`.
pub fn broadcast(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    one_to_all(team, dst, src, nbytes, flags, false)
}

/// `upc_all_scatter`: `dst` block `t` receives bytes `t*nbytes..` of `src`.
pub fn scatter(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    one_to_all(team, dst, src, nbytes, flags, true)
}

/// `upc_all_gather`: block `t` of `src` goes to bytes `t*nbytes..` at `dst`.
pub fn gather(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    let mode = Mode::parse(flags);
    let k = entry(team, mode);
    let me = team.me();
    let td = dst.thread as usize % team.threads();
    if mode.entry == Sync::My {
        team.wait_entered(td, k);
    }
    let j = block_on(team, src, me);
    let (st, sa) = block(team, src, j, nbytes);
    copy(team, td, dst.addr + (j * nbytes) as u64, st, sa, nbytes);
    if mode.exit == Sync::My {
        team.signal_done(td, k);
        if me == td {
            for v in 0..team.threads() {
                team.wait_done_by(v, k);
            }
        }
    }
    exit_all(team, mode);
}

/// Pull, for every source block `j`, `nbytes` into this thread's `dst` block: the shape of
/// gather_all and exchange.  `src_off(j)`/`dst_off(j)` give the offsets inside the blocks.
fn all_to_all(
    team: &Team,
    dst: PShared,
    src: PShared,
    nbytes: usize,
    flags: i32,
    sblock: usize,
    src_off: impl Fn(usize) -> usize,
) {
    let mode = Mode::parse(flags);
    let k = entry(team, mode);
    let me = team.me();
    let nt = team.threads();
    let dblock = nbytes * nt;
    let i = block_on(team, dst, me);
    let (dt, da) = block(team, dst, i, dblock);
    let mut pending: Vec<usize> = (0..nt).collect();
    // Start with this thread's own block, then the others in rotated order so that the
    // threads do not all read from thread 0 first.
    pending.rotate_left(block_on(team, src, me));
    let do_one = |j: usize| {
        let (st, sa) = block(team, src, j, sblock);
        copy(
            team,
            dt,
            da + (j * nbytes) as u64,
            st,
            sa + src_off(i) as u64,
            nbytes,
        );
    };
    if mode.entry == Sync::My {
        // Copy in arrival order: everything already there, then block on the first missing.
        while !pending.is_empty() {
            let before = pending.len();
            pending.retain(|&j| {
                let owner = block(team, src, j, sblock).0;
                if team.has_entered(owner, k) {
                    do_one(j);
                    false
                } else {
                    true
                }
            });
            if pending.len() == before {
                let owner = block(team, src, pending[0], sblock).0;
                team.wait_entered(owner, k);
            }
        }
    } else {
        for &j in &pending {
            do_one(j);
        }
    }
    if mode.exit == Sync::My {
        for j in 0..nt {
            team.signal_done(block(team, src, j, sblock).0, k);
        }
        for v in 0..nt {
            team.wait_done_by(v, k);
        }
    }
    exit_all(team, mode);
}

/// `upc_all_gather_all`: block `t` of `src` goes to bytes `t*nbytes..` of every `dst` block.
pub fn gather_all(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    all_to_all(team, dst, src, nbytes, flags, nbytes, |_| 0)
}

/// `upc_all_exchange`: bytes `i*nbytes..` of `src` block `j` go to bytes `j*nbytes..` of
/// `dst` block `i`.
pub fn exchange(team: &Team, dst: PShared, src: PShared, nbytes: usize, flags: i32) {
    let nt = team.threads();
    all_to_all(team, dst, src, nbytes, flags, nbytes * nt, |i| i * nbytes)
}

/// `upc_all_permute`: `src` block `i` goes to `dst` block `perm[i]`.
pub fn permute(team: &Team, dst: PShared, src: PShared, perm: PShared, nbytes: usize, flags: i32) {
    let mode = Mode::parse(flags);
    let k = entry(team, mode);
    let me = team.me();
    let nt = team.threads();
    let i = block_on(team, src, me);
    // perm is `shared int *` (block size 1): element i.
    let (pt, pa) = block(team, perm, i, std::mem::size_of::<i32>());
    if mode.entry == Sync::My {
        team.wait_entered(pt, k);
    }
    let target = if super::rt::is_remote(pt) {
        let mut b = [0u8; 4];
        super::rt::read(team, pt, pa, &mut b);
        i32::from_ne_bytes(b)
    } else {
        // SAFETY: perm[i] is valid shared storage (checked by the checker).
        unsafe { (team.ptr(pt, pa) as *const i32).read_volatile() }
    };
    if target < 0 || target as usize >= nt {
        super::rt::fatal(&format!(
            "upc_all_permute: perm[{i}] = {target} is not a thread number (THREADS = {nt})"
        ));
    }
    let (dt, da) = block(team, dst, target as usize, nbytes);
    if mode.entry == Sync::My {
        team.wait_entered(dt, k);
    }
    let (st, sa) = block(team, src, i, nbytes);
    copy(team, dt, da, st, sa, nbytes);
    if mode.exit == Sync::My {
        if pt != me {
            team.signal_done(pt, k);
        }
        team.signal_recv(dt, k);
        team.wait_recv(k);
        // Our perm element may be read by another thread only if perm does not have
        // affinity to thread 0 (undefined by the spec); wait for that reader too.
        let reader = block_on(team, perm, me);
        let src_owner_of_reader = block(team, src, reader, nbytes).0;
        if src_owner_of_reader != me {
            team.wait_done_by(src_owner_of_reader, k);
        }
    }
    exit_all(team, mode);
}

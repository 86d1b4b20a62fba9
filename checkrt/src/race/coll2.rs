//! Happens-before and buffers of the Collectives 2.0 library (`<upc_collective2.h>`).
//!
//! The library's protocol (pgas `coll2::engine`): an initiation never waits; a completion
//! (the blocking call itself, `upccoll_wait`, a successful `upccoll_test`, `upccoll_fence`
//! for `UPC_ASYNC_FENCE` collectives) waits until the team members whose data it needs have
//! initiated.  So:
//!
//! * at initiation a thread releases its clock into the collective's entries (by team slot
//!   and sequence number on the team: one for every member, one the root adds to);
//! * at completion it acquires what it waited for: every member's initiation for the
//!   barrier, the all- and to-all collectives, reductions at the root and scans (and for
//!   any collective whose flags synchronize on entry); the root's alone for a broadcast or
//!   scatter; nothing for a gather or reduce at a non-root;
//! * the calling thread's send and receive buffers are in flight from initiation to
//!   completion, as accesses of its pseudo-thread: touching them in between is a race;
//! * with `UPC_OUT_ALLSYNC` a completion waits until every member's data moved (the
//!   library's `finish`): it acquires every member's initiation, which released with the
//!   member's buffers done with.
//!
//! A completion is noticed at the thread's next access or UPC operation after it (the
//! library's calls have no exit hook), like a strict atomic operation's acquisition.

use pgas::collectives::coll2::{self, HandleState, Kind};

use super::sync::{acquire_from, record_flight, release_into};
use super::{Race, MAX_THREADS, READ, WRITE};
use crate::ffi::{Site, Val};

/// Sequence numbers per team slot kept apart (more than the library lets one thread run
/// ahead of the others on a team: its ring of `RING` collectives).
const SEQS: u64 = 32;
pub(super) const TAG: u64 = 1 << 62;

/// A Collectives 2.0 operation not yet complete.
pub struct Op2 {
    /// The `upccoll_handle_t *` it returns its handle through (0: none).
    handle_ptr: usize,
    /// The handle (read after the call returned; 0 until then).
    handle: u64,
    /// Completed by `upccoll_fence`.
    fenced: bool,
    /// Its buffers' clock (pseudo-thread), 0 when it has no buffers.
    clk: u32,
    /// The entries its completion acquires.
    acquire: Option<u64>,
}

/// Per team: (uid, collectives so far).
pub type Seqs = Vec<(u64, u64)>;

fn key(slot: usize, seq: u64, root: bool) -> u64 {
    TAG | ((slot as u64) << 32) | ((seq % SEQS) << 1) | u64::from(root)
}

fn kind_of(name: &str) -> Option<Kind> {
    if name == "upccoll_team_split" {
        return Some(Kind::Split);
    }
    crate::teams::kind_of(name)
}

fn arg_u(op: &rules::Op, args: &[Val], name: &str) -> u64 {
    let Some(v) = op.arg_index(name).and_then(|i| args.get(i)) else {
        return 0;
    };
    // SAFETY: the catalog's value kind says which member is set.
    unsafe {
        match op.args[op.arg_index(name).unwrap_or(0)].kind {
            rules::ValKind::Ptr => v.p as u64,
            rules::ValKind::Int => v.i as u64,
            _ => v.u,
        }
    }
}

/// A call of the library (before it runs).
pub fn on_entry(r: &mut Race, site: &Site, op: &'static rules::Op, args: &[Val]) {
    let Some(kind) = kind_of(op.name) else {
        return;
    };
    let uid = arg_u(op, args, "team");
    let Some(team) = coll2::with_state(|s| s.team(uid)) else {
        return;
    };
    let seq = match r.coll2_seq.iter_mut().find(|(u, _)| *u == uid) {
        Some((_, n)) => {
            *n += 1;
            *n - 1
        }
        None => {
            r.coll2_seq.push((uid, 1));
            0
        }
    };
    let flags = arg_u(op, args, "flags");
    let root = arg_u(op, args, "root") as i64 as i32 as i64;
    let rooted = matches!(
        kind,
        Kind::Bcast | Kind::Scatter | Kind::Scatterv | Kind::Gather | Kind::Gatherv | Kind::Reduce
    );
    let is_root = rooted && root >= 0 && root as usize == team.rank;
    let in_sync = flags & rules::consts::UPC_IN_NOSYNC == 0;
    // UPC_OUT_ALLSYNC: a completion waits until every member's data moved
    let out_all = flags & coll2::engine::flag::OUT_ALLSYNC as u64 != 0
        && !matches!(kind, Kind::Barrier | Kind::Split);
    // what the completion waits for
    let acquire = match kind {
        _ if out_all => Some(key(team.slot, seq, false)),
        Kind::Bcast | Kind::Scatter | Kind::Scatterv if !is_root && !in_sync => {
            Some(key(team.slot, seq, true))
        }
        Kind::Gather | Kind::Gatherv | Kind::Reduce if !is_root && !in_sync => None,
        Kind::Bcast | Kind::Scatter | Kind::Scatterv if is_root && !in_sync => None,
        _ => Some(key(team.slot, seq, false)),
    };
    // the buffers, in flight until completion
    let mut clk = 0;
    if kind != Kind::Split && kind != Kind::Barrier {
        let call = crate::teams::call_of(op, args, team.members.len(), team.rank);
        let (send, recv) = coll2::with_state(|s| s.ranges(kind, uid, &call));
        let mut moves = Vec::new();
        for (rg, rw) in [(send, READ), (recv, WRITE)] {
            if let Some((t, a, n)) = rg {
                moves.push(super::sync::Move {
                    p: pgas::PShared {
                        addr: a,
                        thread: t,
                        phase: 0,
                    },
                    n: n as usize,
                    rw,
                });
            }
        }
        clk = record_flight(r, site, op.name, &moves);
    }
    // the initiation releases
    if is_root {
        release_into(r, key(team.slot, seq, true));
    }
    let me = r.me + MAX_THREADS;
    let own = r.vc[me];
    if out_all && clk > own {
        // with UPC_OUT_ALLSYNC whoever acquires this (a member's completion) waited until
        // this thread's buffers are done with
        r.vc[me] = clk;
    }
    release_into(r, key(team.slot, seq, false));
    r.vc[me] = own;
    let handle_ptr = arg_u(op, args, "handle") as usize;
    let fenced = handle_ptr == 0 && flags & coll2::engine::flag::ASYNC_FENCE as u64 != 0;
    r.coll2.push(Op2 {
        handle_ptr,
        handle: 0,
        fenced,
        clk,
        acquire,
    });
}

fn complete(r: &mut Race, o: &Op2) {
    if let Some(k) = o.acquire {
        r.unweaken();
        acquire_from(r, k);
    }
    let me = r.me + MAX_THREADS;
    if o.clk > r.vc[me] {
        r.vc[me] = o.clk;
    }
}

/// At this thread's next access or operation: the operations that completed meanwhile.
pub fn pending(r: &mut Race) {
    let mut ops = std::mem::take(&mut r.coll2);
    for o in ops.iter_mut() {
        if o.handle_ptr != 0 && o.handle == 0 {
            // SAFETY: the program passed a valid upccoll_handle_t * that the call set.
            o.handle = unsafe { *(o.handle_ptr as *const usize) } as u64;
        }
    }
    // complete: waited for, tested complete, fenced; a blocking call has returned
    let done: Vec<bool> = coll2::with_state(|s| {
        ops.iter()
            .map(|o| {
                if o.handle_ptr != 0 {
                    !matches!(s.handle_state(o.handle), HandleState::Pending)
                } else if o.fenced {
                    s.fenced_count() == 0
                } else {
                    true
                }
            })
            .collect()
    });
    let mut i = 0;
    ops.retain(|o| {
        let d = done[i];
        i += 1;
        if d {
            complete(r, o);
        }
        !d
    });
    r.coll2 = ops;
}

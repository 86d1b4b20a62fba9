//! The C entry points of `<upc_collective2.h>`.  Team handles are the team's job-wide id
//! (`UPC_TEAM_ALL` = 0), collective handles a per-thread number that is never reused.

use super::dtype::{self, UserFn};
use super::engine::{rc, Call, Kind, Started};
use super::{fatal, with_state};
use crate::PShared;
use std::ffi::{c_char, c_int, c_void};

fn ready(name: &str) {
    with_state(|s| {
        if !s.initialized {
            fatal(&format!("{name} was called before upccoll_initialize"));
        }
        if s.finalized {
            fatal(&format!("{name} was called after upccoll_finalize"));
        }
    })
}

/// Copy a private array of `n` counts (null: empty).
fn arr(p: *const usize, n: usize) -> Vec<u64> {
    if p.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller passes an array of one entry per team member.
    (0..n).map(|i| unsafe { *p.add(i) } as u64).collect()
}

fn team_size(team: usize) -> usize {
    with_state(|s| s.team(team as u64).map(|t| t.members.len()).unwrap_or(0))
}

fn start(kind: Kind, team: usize, call: Call, handle: *mut usize) -> c_int {
    ready(kind.name());
    let (e, how) = with_state(|s| s.start(kind, team as u64, call, !handle.is_null()));
    if !handle.is_null() {
        let v = match how {
            Some(Started::Handle(h)) => h as usize,
            _ => 0,
        };
        // SAFETY: the caller's handle variable.
        unsafe { *handle = v };
    }
    e
}

#[no_mangle]
pub extern "C" fn upccoll_initialize(_argc: *mut c_int, _argv: *mut *mut *mut c_char) -> c_int {
    with_state(|s| {
        if s.env.threads > super::shm::MAX_MEMBERS {
            fatal(&format!(
                "the Collectives 2.0 library supports at most {} threads",
                super::shm::MAX_MEMBERS
            ));
        }
        s.initialize()
    })
}

#[no_mangle]
pub extern "C" fn upccoll_finalize() -> c_int {
    ready("upccoll_finalize");
    with_state(|s| s.finalize())
}

#[no_mangle]
pub extern "C" fn upccoll_test(h: usize) -> c_int {
    ready("upccoll_test");
    match with_state(|s| s.test(h as u64)) {
        Some(done) => done as c_int,
        None => fatal(&format!("upccoll_test: invalid collective handle {h:#x}")),
    }
}

#[no_mangle]
pub extern "C" fn upccoll_wait(h: usize) {
    ready("upccoll_wait");
    if !with_state(|s| s.wait(h as u64)) {
        fatal(&format!("upccoll_wait: invalid collective handle {h:#x}"));
    }
}

#[no_mangle]
pub extern "C" fn upccoll_fence() {
    ready("upccoll_fence");
    with_state(|s| s.fence())
}

#[no_mangle]
pub extern "C" fn upccoll_op_create(f: Option<UserFn>, commute: c_int, op: *mut u64) -> c_int {
    let Some(f) = f else { return rc::UPC_OP };
    if op.is_null() {
        return rc::ERROR;
    }
    let id = with_state(|s| s.op_create(f, commute != 0));
    // SAFETY: the caller's variable.
    unsafe { *op = id };
    rc::SUCCESS
}

#[no_mangle]
pub extern "C" fn upccoll_op_free(op: u64) -> c_int {
    with_state(|s| s.op_free(op))
}

#[no_mangle]
pub extern "C" fn upccoll_type_size(dt: c_int, nbytes: *mut usize) -> c_int {
    match dtype::lookup(dt) {
        Some((_, n)) if !nbytes.is_null() => {
            // SAFETY: the caller's variable.
            unsafe { *nbytes = n };
            rc::SUCCESS
        }
        Some(_) => rc::ERROR,
        None => rc::DATATYPE,
    }
}

#[no_mangle]
pub extern "C" fn upccoll_team_rank(team: usize, rank: *mut c_int) -> c_int {
    ready("upccoll_team_rank");
    match with_state(|s| s.team(team as u64)) {
        Some(t) if !rank.is_null() => {
            // SAFETY: the caller's variable.
            unsafe { *rank = t.rank as c_int };
            rc::SUCCESS
        }
        Some(_) => rc::ERROR,
        None => rc::TEAM,
    }
}

#[no_mangle]
pub extern "C" fn upccoll_team_size(team: usize, size: *mut c_int) -> c_int {
    ready("upccoll_team_size");
    match with_state(|s| s.team(team as u64)) {
        Some(t) if !size.is_null() => {
            // SAFETY: the caller's variable.
            unsafe { *size = t.members.len() as c_int };
            rc::SUCCESS
        }
        Some(_) => rc::ERROR,
        None => rc::TEAM,
    }
}

#[no_mangle]
pub extern "C" fn upccoll_team_split(
    team: usize,
    color: c_int,
    key: c_int,
    newteam: *mut usize,
) -> c_int {
    ready("upccoll_team_split");
    match with_state(|s| s.split(team as u64, color as i64, key as i64)) {
        Ok(uid) => {
            if !newteam.is_null() {
                // SAFETY: the caller's variable.
                unsafe { *newteam = uid as usize };
            }
            rc::SUCCESS
        }
        Err(e) => e,
    }
}

#[no_mangle]
pub extern "C" fn upccoll_team_free(team: usize) {
    ready("upccoll_team_free");
    let e = with_state(|s| s.team_free(team as u64));
    if e != rc::SUCCESS {
        fatal(&format!("upccoll_team_free: invalid team handle {team:#x}"));
    }
}

#[no_mangle]
pub extern "C" fn upccoll_barrier(team: usize, flags: c_int, handle: *mut usize) -> c_int {
    start(
        Kind::Barrier,
        team,
        Call {
            flags,
            ..Default::default()
        },
        handle,
    )
}

#[allow(clippy::too_many_arguments)]
fn relocalize(
    kind: Kind,
    send: PShared,
    scount: usize,
    stype: c_int,
    recv: PShared,
    rcount: usize,
    rtype: c_int,
    root: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let call = Call {
        send,
        scount: scount as u64,
        stype,
        recv,
        rcount: rcount as u64,
        rtype,
        root: root as i64,
        flags,
        ..Default::default()
    };
    start(kind, team, call, handle)
}

macro_rules! fixed {
    ($name:ident, $kind:expr, root) => {
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $name(
            send: PShared,
            scount: usize,
            stype: c_int,
            recv: PShared,
            rcount: usize,
            rtype: c_int,
            root: c_int,
            team: usize,
            flags: c_int,
            handle: *mut usize,
        ) -> c_int {
            relocalize(
                $kind, send, scount, stype, recv, rcount, rtype, root, team, flags, handle,
            )
        }
    };
    ($name:ident, $kind:expr) => {
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $name(
            send: PShared,
            scount: usize,
            stype: c_int,
            recv: PShared,
            rcount: usize,
            rtype: c_int,
            team: usize,
            flags: c_int,
            handle: *mut usize,
        ) -> c_int {
            relocalize(
                $kind, send, scount, stype, recv, rcount, rtype, 0, team, flags, handle,
            )
        }
    };
}

fixed!(upccoll_bcast, Kind::Bcast, root);
fixed!(upccoll_scatter, Kind::Scatter, root);
fixed!(upccoll_gather, Kind::Gather, root);
fixed!(upccoll_allgather, Kind::Allgather);
fixed!(upccoll_alltoall, Kind::Alltoall);

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn upccoll_scatterv(
    send: PShared,
    scounts: *const usize,
    sdispls: *const usize,
    stype: c_int,
    recv: PShared,
    rcount: usize,
    rtype: c_int,
    root: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let n = team_size(team);
    let is_root = with_state(|s| s.team(team as u64).is_some_and(|t| t.rank as c_int == root));
    let (sc, sd) = if is_root {
        (arr(scounts, n), arr(sdispls, n))
    } else {
        (vec![], vec![])
    };
    let call = Call {
        send,
        scounts: sc,
        sdispls: sd,
        stype,
        recv,
        rcount: rcount as u64,
        rtype,
        root: root as i64,
        flags,
        ..Default::default()
    };
    start(Kind::Scatterv, team, call, handle)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn upccoll_gatherv(
    send: PShared,
    scount: usize,
    stype: c_int,
    recv: PShared,
    rcounts: *const usize,
    rdispls: *const usize,
    rtype: c_int,
    root: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let n = team_size(team);
    let is_root = with_state(|s| s.team(team as u64).is_some_and(|t| t.rank as c_int == root));
    let (rc_, rd) = if is_root {
        (arr(rcounts, n), arr(rdispls, n))
    } else {
        (vec![], vec![])
    };
    let call = Call {
        send,
        scount: scount as u64,
        stype,
        recv,
        rcounts: rc_,
        rdispls: rd,
        rtype,
        root: root as i64,
        flags,
        ..Default::default()
    };
    start(Kind::Gatherv, team, call, handle)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn upccoll_allgatherv(
    send: PShared,
    scount: usize,
    stype: c_int,
    recv: PShared,
    rcounts: *const usize,
    rdispls: *const usize,
    rtype: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let n = team_size(team);
    let call = Call {
        send,
        scount: scount as u64,
        stype,
        recv,
        rcounts: arr(rcounts, n),
        rdispls: arr(rdispls, n),
        rtype,
        flags,
        ..Default::default()
    };
    start(Kind::Allgatherv, team, call, handle)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn upccoll_alltoallv(
    send: PShared,
    scounts: *const usize,
    sdispls: *const usize,
    stype: c_int,
    recv: PShared,
    rcounts: *const usize,
    rdispls: *const usize,
    rtype: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let n = team_size(team);
    let call = Call {
        send,
        scounts: arr(scounts, n),
        sdispls: arr(sdispls, n),
        stype,
        recv,
        rcounts: arr(rcounts, n),
        rdispls: arr(rdispls, n),
        rtype,
        flags,
        ..Default::default()
    };
    start(Kind::Alltoallv, team, call, handle)
}

#[allow(clippy::too_many_arguments)]
fn reduction(
    kind: Kind,
    send: PShared,
    recv: PShared,
    count: usize,
    dt: c_int,
    op: u64,
    root: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    let call = Call {
        send,
        recv,
        scount: count as u64,
        rcount: count as u64,
        stype: dt,
        rtype: dt,
        op,
        root: root as i64,
        flags,
        ..Default::default()
    };
    start(kind, team, call, handle)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn upccoll_reduce(
    send: PShared,
    recv: PShared,
    count: usize,
    dt: c_int,
    op: u64,
    root: c_int,
    team: usize,
    flags: c_int,
    handle: *mut usize,
) -> c_int {
    reduction(
        Kind::Reduce,
        send,
        recv,
        count,
        dt,
        op,
        root,
        team,
        flags,
        handle,
    )
}

macro_rules! all_reduction {
    ($name:ident, $kind:expr) => {
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub extern "C" fn $name(
            send: PShared,
            recv: PShared,
            count: usize,
            dt: c_int,
            op: u64,
            team: usize,
            flags: c_int,
            handle: *mut usize,
        ) -> c_int {
            reduction($kind, send, recv, count, dt, op, 0, team, flags, handle)
        }
    };
}

all_reduction!(upccoll_allreduce, Kind::Allreduce);
all_reduction!(upccoll_reduce_scatter, Kind::ReduceScatter);
all_reduction!(upccoll_scan, Kind::Scan);

/// Keep the type of user functions visible to cbindgen-like readers.
pub type UserFunction = unsafe extern "C" fn(*mut c_void, *mut c_void, usize, c_int);

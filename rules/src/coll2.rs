//! The catalog entries of `<upc_collective2.h>` (Collectives 2.0: teams, non-blocking
//! collectives).  The checker's teams module checks them (it recognizes them by their
//! header): collectives run over a team's members only, so agreement is checked within
//! the team, not through the all-threads signature ring.

use crate::{Arg, Fmt, Op, OpKind, Role, Same, ValKind, ValKind::*};

pub const COLL2: &str = "upc_collective2.h";

pub(crate) const fn a(name: &'static str, c_type: &'static str, kind: ValKind) -> Arg {
    Arg {
        name,
        c_type,
        kind,
        single_valued: false,
        single_valued_common_fp: false,
        fmt: Fmt::Plain,
        same: Same::Value,
    }
}

pub(crate) const fn team_op(name: &'static str, ret: &'static str, args: &'static [Arg]) -> Op {
    Op {
        name,
        kind: OpKind::Function,
        header: COLL2,
        args,
        collective: false,
        synchronizing: false,
        role: Role::Other,
        ret,
        checks: &[],
    }
}

pub(crate) const RET: &str = "upccoll_return_t";
pub(crate) const TEAM: Arg = a("team", "upccoll_team_t", Ptr);
pub(crate) const FLAGS: Arg = a("flags", "upccoll_flag_t", Int);
pub(crate) const HANDLE: Arg = a("handle", "upccoll_handle_t *", Ptr);
pub(crate) const ROOT: Arg = a("root", "int", Int);

/// `sendbuf, sendcnt, sendtype, recvbuf, recvcnt, recvtype, root, team, flags, handle`.
pub(crate) const FIXED_ROOT: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnt", "size_t", Uint),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnt", "size_t", Uint),
    a("recvtype", "upccoll_dtype_t", Int),
    ROOT,
    TEAM,
    FLAGS,
    HANDLE,
];
/// `upccoll_bcast` (its send count is called `sendcount`).
pub(crate) const BCAST: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcount", "size_t", Uint),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnt", "size_t", Uint),
    a("recvtype", "upccoll_dtype_t", Int),
    ROOT,
    TEAM,
    FLAGS,
    HANDLE,
];
/// The same without `root`.
pub(crate) const FIXED: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnt", "size_t", Uint),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnt", "size_t", Uint),
    a("recvtype", "upccoll_dtype_t", Int),
    TEAM,
    FLAGS,
    HANDLE,
];
/// `sendbuf, recvbuf, count, dt, op, root, team, flags, handle`.
pub(crate) const RED_ROOT: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("recvbuf", "shared void *", Shared),
    a("count", "size_t", Uint),
    a("dt", "upccoll_dtype_t", Int),
    a("op", "upccoll_op_t", Uint),
    ROOT,
    TEAM,
    FLAGS,
    HANDLE,
];
/// The same without `root`.
pub(crate) const RED: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("recvbuf", "shared void *", Shared),
    a("count", "size_t", Uint),
    a("dt", "upccoll_dtype_t", Int),
    a("op", "upccoll_op_t", Uint),
    TEAM,
    FLAGS,
    HANDLE,
];
/// `sendbuf, recvbuf, recvcnts, rdispls` forms (gatherv with root, allgatherv without).
pub(crate) const GATHERV: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnt", "size_t", Uint),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnts", "size_t *", Ptr),
    a("rdispls", "size_t *", Ptr),
    a("recvtype", "upccoll_dtype_t", Int),
    ROOT,
    TEAM,
    FLAGS,
    HANDLE,
];
pub(crate) const ALLGATHERV: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnt", "size_t", Uint),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnts", "size_t *", Ptr),
    a("rdispls", "size_t *", Ptr),
    a("recvtype", "upccoll_dtype_t", Int),
    TEAM,
    FLAGS,
    HANDLE,
];
pub(crate) const SCATTERV: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnts", "size_t *", Ptr),
    a("sdispls", "size_t *", Ptr),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnt", "size_t", Uint),
    a("recvtype", "upccoll_dtype_t", Int),
    ROOT,
    TEAM,
    FLAGS,
    HANDLE,
];
pub(crate) const ALLTOALLV: &[Arg] = &[
    a("sendbuf", "shared void *", Shared),
    a("sendcnts", "size_t *", Ptr),
    a("sdispls", "size_t *", Ptr),
    a("sendtype", "upccoll_dtype_t", Int),
    a("recvbuf", "shared void *", Shared),
    a("recvcnts", "size_t *", Ptr),
    a("rdispls", "size_t *", Ptr),
    a("recvtype", "upccoll_dtype_t", Int),
    TEAM,
    FLAGS,
    HANDLE,
];

//! The entries of the catalog: one per UPC operation, in header order.
//!
//! Each entry gives the operation's name, header, C return type, arguments (name, C type
//! as declared, how the value travels to the checker, single-valued or not) and the
//! argument rules checked before every call.  Constraint fields are argument indices
//! (position in the argument list).  Collective functions have every argument
//! single-valued (collectives spec C2, UPC-IO IO3) except where the spec says otherwise.
//!
//! Adding a check is adding one constraint to an entry here (and a test); the checker and
//! the user guide's table follow from it.

use crate::coll2::{
    a as ca, team_op, ALLGATHERV, ALLTOALLV, BCAST, FIXED, FIXED_ROOT, FLAGS, GATHERV, HANDLE, RED,
    RED_ROOT, RET, SCATTERV, TEAM,
};
use crate::constraint::{Constraint::*, Size, Span};
use crate::{Arg, Constraint, Fmt, Op, OpKind, Role, Same, ValKind, ValKind::*};

const UPC: &str = "upc.h";
const COLL: &str = "upc_collective.h";
const IO: &str = "upc_io.h";
const NB: &str = "upc_nb.h";
const ATOMIC: &str = "upc_atomic.h";
const CAST: &str = "upc_castable.h";
const TICK: &str = "upc_tick.h";

/// An argument that may differ between threads.
const fn a(name: &'static str, c_type: &'static str, kind: ValKind) -> Arg {
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

/// A single-valued argument.
const fn sv(name: &'static str, c_type: &'static str, kind: ValKind) -> Arg {
    Arg {
        name,
        c_type,
        kind,
        single_valued: true,
        single_valued_common_fp: false,
        fmt: Fmt::Plain,
        same: Same::Value,
    }
}

/// An argument of a UPC-IO call that must be single-valued when the file uses a common
/// file pointer (it may differ between threads with individual file pointers).
const fn svc(name: &'static str, c_type: &'static str, kind: ValKind) -> Arg {
    let mut x = a(name, c_type, kind);
    x.single_valued_common_fp = true;
    x
}

/// The single-valued `upc_flag_t flags` argument of collectives and UPC-IO reads/writes.
const fn flags() -> Arg {
    sv("flags", "upc_flag_t", Uint).f(Fmt::SyncFlags)
}

/// The single-valued `upc_file_t *fd` argument of UPC-IO.
const fn fd() -> Arg {
    sv("fd", "upc_file_t *", Ptr)
}

impl Arg {
    const fn f(mut self, fmt: Fmt) -> Arg {
        self.fmt = fmt;
        self
    }
    /// Single-valued by what it points to.
    const fn same(mut self, same: Same) -> Arg {
        self.same = same;
        self
    }
}

/// A non-collective library function.
const fn func(
    name: &'static str,
    header: &'static str,
    ret: &'static str,
    args: &'static [Arg],
    checks: &'static [Constraint],
) -> Op {
    Op {
        name,
        kind: OpKind::Function,
        header,
        args,
        collective: false,
        synchronizing: false,
        role: Role::Other,
        ret,
        checks,
    }
}

/// A collective library function (every thread calls it; it may wait for the others).
const fn coll(
    name: &'static str,
    header: &'static str,
    ret: &'static str,
    args: &'static [Arg],
    checks: &'static [Constraint],
) -> Op {
    Op {
        name,
        kind: OpKind::Function,
        header,
        args,
        collective: true,
        synchronizing: true,
        role: Role::Collective,
        ret,
        checks,
    }
}

/// A UPC statement.
const fn stmt(
    name: &'static str,
    args: &'static [Arg],
    collective: bool,
    synchronizing: bool,
    role: Role,
) -> Op {
    Op {
        name,
        kind: OpKind::Statement,
        header: "",
        args,
        collective,
        synchronizing,
        role,
        ret: "",
        checks: &[],
    }
}

/// `sizeof(long)` and `sizeof(long double)` of the C ABI.
const LONG: u64 = core::mem::size_of::<core::ffi::c_long>() as u64;
const LDOUBLE: u64 = 16;

/// A shared pointer that must be usable: not null, a valid thread, not freed.
macro_rules! shared_ok {
    ($i:expr) => {
        [NonNull($i), ValidShared($i), NotFreed($i)]
    };
}

/// `upc_all_reduceT` / `upc_all_prefix_reduceT`.
macro_rules! reduction {
    ($name:literal, $t:literal, $size:expr, prefix: $prefix:tt, float: $float:tt) => {
        coll(
            $name,
            COLL,
            "void",
            &[
                sv("dst", "shared void * restrict", Shared),
                sv("src", "shared const void * restrict", Shared),
                sv("op", "upc_op_t", Uint).f(Fmt::Op),
                sv("nelems", "size_t", Uint),
                sv("blk_size", "size_t", Uint),
                sv("func", concat!($t, " (*)(", $t, ", ", $t, ")"), Ptr),
                flags(),
            ],
            &reduction!(@checks $size, $prefix, $float),
        )
    };
    (@checks $size:expr, false, $float:tt) => {
        concat_checks!(
            reduction!(@common $size, $float),
            [
                NonNull(0),
                ValidShared(0),
                NotFreed(0),
                Fits(Span::OnThread { ptr: 0, n: Size::Const($size) }),
                NoOverlap(
                    Span::Blocked { ptr: 1, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) },
                    Span::OnThread { ptr: 0, n: Size::Const($size) }
                ),
                ValidSyncFlags(6),
            ]
        )
    };
    (@checks $size:expr, true, $float:tt) => {
        concat_checks!(
            reduction!(@common $size, $float),
            [
                NonNull(0),
                ValidShared(0),
                NotFreed(0),
                SameThreadAndPhase(0, 1),
                Fits(Span::Blocked { ptr: 0, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) }),
                NoOverlap(
                    Span::Blocked { ptr: 1, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) },
                    Span::Blocked { ptr: 0, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) }
                ),
                ValidSyncFlags(6),
            ]
        )
    };
    (@common $size:expr, false) => {
        [
            ValidOp(2),
            FuncRequiredFor { op: 2, func: 5 },
            Positive(3),
            NotNegativeCast(3),
            NonNull(1),
            ValidShared(1),
            NotFreed(1),
            PhaseBelowBlock { ptr: 1, blk: 4 },
            Fits(Span::Blocked { ptr: 1, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) }),
        ]
    };
    (@common $size:expr, true) => {
        [
            ValidOp(2),
            NoBitwiseOnFloat(2),
            FuncRequiredFor { op: 2, func: 5 },
            Positive(3),
            NotNegativeCast(3),
            NonNull(1),
            ValidShared(1),
            NotFreed(1),
            PhaseBelowBlock { ptr: 1, blk: 4 },
            Fits(Span::Blocked { ptr: 1, nelems: Size::Arg(3), blk: 4, elem: Size::Const($size) }),
        ]
    };
}

/// Concatenate two constant arrays of constraints.
macro_rules! concat_checks {
    ($a:expr, $b:expr) => {{
        const A: &[Constraint] = &$a;
        const B: &[Constraint] = &$b;
        const N: usize = A.len() + B.len();
        const C: [Constraint; N] = {
            let mut out = [Positive(0); N];
            let mut i = 0;
            while i < A.len() {
                out[i] = A[i];
                i += 1;
            }
            let mut j = 0;
            while j < B.len() {
                out[A.len() + j] = B[j];
                j += 1;
            }
            out
        };
        C
    }};
}

/// The per-call checks of the `upc_mem*` family and their non-blocking forms (public: the
/// checker has a fast path for exactly these lists).
pub const MEMCPY_CHECKS: &[Constraint] = &[
    NotNegativeCast(2),
    NonNullWhen {
        ptr: 0,
        n: Size::Arg(2),
    },
    ValidShared(0),
    NotFreed(0),
    Fits(Span::OnThread {
        ptr: 0,
        n: Size::Arg(2),
    }),
    NonNullWhen {
        ptr: 1,
        n: Size::Arg(2),
    },
    ValidShared(1),
    NotFreed(1),
    Fits(Span::OnThread {
        ptr: 1,
        n: Size::Arg(2),
    }),
    NoOverlap(
        Span::OnThread {
            ptr: 0,
            n: Size::Arg(2),
        },
        Span::OnThread {
            ptr: 1,
            n: Size::Arg(2),
        },
    ),
];
pub const MEMGET_CHECKS: &[Constraint] = &[
    NotNegativeCast(2),
    NonNullWhen {
        ptr: 0,
        n: Size::Arg(2),
    },
    Fits(Span::Local {
        ptr: 0,
        n: Size::Arg(2),
    }),
    PrivateCapacity {
        ptr: 0,
        n: Size::Arg(2),
    },
    NonNullWhen {
        ptr: 1,
        n: Size::Arg(2),
    },
    ValidShared(1),
    NotFreed(1),
    Fits(Span::OnThread {
        ptr: 1,
        n: Size::Arg(2),
    }),
    NoOverlap(
        Span::Local {
            ptr: 0,
            n: Size::Arg(2),
        },
        Span::OnThread {
            ptr: 1,
            n: Size::Arg(2),
        },
    ),
];
pub const MEMPUT_CHECKS: &[Constraint] = &[
    NotNegativeCast(2),
    NonNullWhen {
        ptr: 0,
        n: Size::Arg(2),
    },
    ValidShared(0),
    NotFreed(0),
    Fits(Span::OnThread {
        ptr: 0,
        n: Size::Arg(2),
    }),
    NonNullWhen {
        ptr: 1,
        n: Size::Arg(2),
    },
    Fits(Span::Local {
        ptr: 1,
        n: Size::Arg(2),
    }),
    PrivateCapacity {
        ptr: 1,
        n: Size::Arg(2),
    },
    NoOverlap(
        Span::OnThread {
            ptr: 0,
            n: Size::Arg(2),
        },
        Span::Local {
            ptr: 1,
            n: Size::Arg(2),
        },
    ),
];
pub const MEMSET_CHECKS: &[Constraint] = &[
    NotNegativeCast(2),
    NonNullWhen {
        ptr: 0,
        n: Size::Arg(2),
    },
    ValidShared(0),
    NotFreed(0),
    Fits(Span::OnThread {
        ptr: 0,
        n: Size::Arg(2),
    }),
];

const MEMCPY_ARGS: &[Arg] = &[
    a("dst", "shared void * restrict", Shared),
    a("src", "shared const void * restrict", Shared),
    a("n", "size_t", Uint),
];
const MEMGET_ARGS: &[Arg] = &[
    a("dst", "void * restrict", Ptr),
    a("src", "shared const void * restrict", Shared),
    a("n", "size_t", Uint),
];
const MEMPUT_ARGS: &[Arg] = &[
    a("dst", "shared void * restrict", Shared),
    a("src", "const void * restrict", Ptr),
    a("n", "size_t", Uint),
];
const MEMSET_ARGS: &[Arg] = &[
    a("dst", "shared void *", Shared),
    a("c", "int", Int),
    a("n", "size_t", Uint),
];

const LOCK_ARG: &[Arg] = &[a("ptr", "upc_lock_t *", Shared)];
pub const LOCK_USE_CHECKS: &[Constraint] = &[NonNull(0), LockValid(0), LockNotFreed(0)];
const LOCK_FREE_CHECKS: &[Constraint] = &[LockValid(0), LockNotFreed(0)];

const PTS_ARG: &[Arg] = &[a("ptr", "shared void *", Shared)];

// ---- UPC-IO argument lists and checks ---------------------------------------------------

const FD_ONLY: &[Arg] = &[fd()];
/// A usable file handle with no asynchronous operation outstanding.
const FD_OK: [Constraint; 3] = [NonNull(0), FileOpen(0), NoAsyncOutstanding(0)];

const RW_LOCAL_ARGS: &[Arg] = &[
    fd(),
    a("buffer", "void *", Ptr),
    a("size", "size_t", Uint),
    a("nmemb", "size_t", Uint),
    flags(),
];
const RW_LOCAL_COMMON: [Constraint; 9] = [
    NonNull(0),
    FileOpen(0),
    NoAsyncOutstanding(0),
    IndividualFp(0),
    ValidSyncFlags(4),
    NotNegativeCast(2),
    NotNegativeCast(3),
    NoOverflow(2, 3),
    NonNullWhen {
        ptr: 1,
        n: Size::Mul(2, 3),
    },
];
const READ_LOCAL_CHECKS: &[Constraint] = &concat_checks!(
    RW_LOCAL_COMMON,
    [
        Readable(0),
        Fits(Span::Local {
            ptr: 1,
            n: Size::Mul(2, 3)
        }),
        PrivateCapacity {
            ptr: 1,
            n: Size::Mul(2, 3)
        }
    ]
);
const WRITE_LOCAL_CHECKS: &[Constraint] = &concat_checks!(
    RW_LOCAL_COMMON,
    [
        Writable(0),
        Fits(Span::Local {
            ptr: 1,
            n: Size::Mul(2, 3)
        }),
        PrivateCapacity {
            ptr: 1,
            n: Size::Mul(2, 3)
        }
    ]
);

const RW_SHARED_ARGS: &[Arg] = &[
    fd(),
    svc("buffer", "shared void *", Shared),
    svc("blocksize", "size_t", Uint),
    svc("size", "size_t", Uint),
    svc("nmemb", "size_t", Uint),
    flags(),
];
const RW_SHARED_COMMON: [Constraint; 11] = [
    NonNull(0),
    FileOpen(0),
    NoAsyncOutstanding(0),
    ValidSyncFlags(5),
    NotNegativeCast(3),
    NotNegativeCast(4),
    NoOverflow(3, 4),
    NonNullWhen {
        ptr: 1,
        n: Size::Mul(3, 4),
    },
    ValidShared(1),
    NotFreed(1),
    Fits(Span::Blocked {
        ptr: 1,
        nelems: Size::Arg(4),
        blk: 2,
        elem: Size::Arg(3),
    }),
];
const READ_SHARED_CHECKS: &[Constraint] = &concat_checks!(RW_SHARED_COMMON, [Readable(0)]);
const WRITE_SHARED_CHECKS: &[Constraint] = &concat_checks!(RW_SHARED_COMMON, [Writable(0)]);

const LIST_LOCAL_ARGS: &[Arg] = &[
    fd(),
    a("memvec_entries", "size_t", Uint),
    a("memvec", "struct upc_local_memvec const *", Ptr),
    a("filevec_entries", "size_t", Uint),
    a("filevec", "struct upc_filevec const *", Ptr),
    flags(),
];
const LIST_SHARED_ARGS: &[Arg] = &[
    fd(),
    a("memvec_entries", "size_t", Uint),
    a("memvec", "struct upc_shared_memvec const *", Ptr),
    a("filevec_entries", "size_t", Uint),
    a("filevec", "struct upc_filevec const *", Ptr),
    flags(),
];
const LIST_COMMON: [Constraint; 7] = [
    NonNull(0),
    FileOpen(0),
    NoAsyncOutstanding(0),
    ValidSyncFlags(5),
    NonNullWhen {
        ptr: 2,
        n: Size::Arg(1),
    },
    NonNullWhen {
        ptr: 4,
        n: Size::Arg(3),
    },
    FilevecSorted { n: 3, vec: 4 },
];
const READ_LIST_LOCAL_CHECKS: &[Constraint] = &concat_checks!(
    LIST_COMMON,
    [
        Readable(0),
        MemvecValid {
            n: 1,
            vec: 2,
            shared: false
        },
        ListLengthsMatch {
            mem_n: 1,
            mem: 2,
            file_n: 3,
            file: 4,
            shared: false
        },
        MemvecNoOverlap {
            n: 1,
            vec: 2,
            shared: false
        },
    ]
);
const WRITE_LIST_LOCAL_CHECKS: &[Constraint] = &concat_checks!(
    LIST_COMMON,
    [
        Writable(0),
        MemvecValid {
            n: 1,
            vec: 2,
            shared: false
        },
        ListLengthsMatch {
            mem_n: 1,
            mem: 2,
            file_n: 3,
            file: 4,
            shared: false
        },
        FilevecNoOverlap { n: 3, vec: 4 },
    ]
);
const READ_LIST_SHARED_CHECKS: &[Constraint] = &concat_checks!(
    LIST_COMMON,
    [
        Readable(0),
        MemvecValid {
            n: 1,
            vec: 2,
            shared: true
        },
        ListLengthsMatch {
            mem_n: 1,
            mem: 2,
            file_n: 3,
            file: 4,
            shared: true
        },
        MemvecNoOverlap {
            n: 1,
            vec: 2,
            shared: true
        },
    ]
);
const WRITE_LIST_SHARED_CHECKS: &[Constraint] = &concat_checks!(
    LIST_COMMON,
    [
        Writable(0),
        MemvecValid {
            n: 1,
            vec: 2,
            shared: true
        },
        ListLengthsMatch {
            mem_n: 1,
            mem: 2,
            file_n: 3,
            file: 4,
            shared: true
        },
        FilevecNoOverlap { n: 3, vec: 4 },
    ]
);

const SIZE_ARGS: &[Arg] = &[fd(), sv("size", "upc_off_t", Int)];
const SIZE_CHECKS: &[Constraint] = &concat_checks!(FD_OK, [Writable(0), NotNegative(1)]);

// ---- atomics ------------------------------------------------------------------------------

const ATOMIC_ARGS: &[Arg] = &[
    a("domain", "upc_atomicdomain_t *", Shared),
    a("fetch_ptr", "void * restrict", Ptr),
    a("op", "upc_op_t", Uint).f(Fmt::Op),
    a("target", "shared void * restrict", Shared),
    a("operand1", "const void * restrict", Ptr),
    a("operand2", "const void * restrict", Ptr),
];
const ATOMIC_CHECKS: &[Constraint] = &[
    NonNull(0),
    DomainValid(0),
    OpInDomain { domain: 0, op: 2 },
    NonNull(3),
    ValidShared(3),
    NotFreed(3),
    TargetAligned {
        domain: 0,
        target: 3,
    },
    FetchForGet { op: 2, fetch: 1 },
    Operand1Use { op: 2, operand1: 4 },
    Operand2Use { op: 2, operand2: 5 },
];

/// The catalog.  Index = operation id.
pub static OPS: &[Op] = &[
    // ---- statements ---------------------------------------------------------------------
    stmt(
        "upc_barrier",
        &[sv("value", "int", Int)],
        true,
        true,
        Role::Barrier,
    ),
    stmt(
        "upc_notify",
        &[sv("value", "int", Int)],
        true,
        false,
        Role::Notify,
    ),
    stmt(
        "upc_wait",
        &[sv("value", "int", Int)],
        true,
        true,
        Role::Wait,
    ),
    stmt("upc_fence", &[], false, false, Role::Other),
    stmt("upc_forall", &[], true, false, Role::Forall),
    // ---- upc.h: termination and allocation ----------------------------------------------
    func(
        "upc_global_exit",
        UPC,
        "void",
        &[a("status", "int", Int)],
        &[],
    ),
    func(
        "upc_global_alloc",
        UPC,
        "shared void *",
        &[a("nblocks", "size_t", Uint), a("nbytes", "size_t", Uint)],
        &[NotNegativeCast(0), NotNegativeCast(1), NoOverflow(0, 1)],
    ),
    coll(
        "upc_all_alloc",
        UPC,
        "shared void *",
        &[sv("nblocks", "size_t", Uint), sv("nbytes", "size_t", Uint)],
        &[NotNegativeCast(0), NotNegativeCast(1), NoOverflow(0, 1)],
    ),
    func(
        "upc_alloc",
        UPC,
        "shared void *",
        &[a("nbytes", "size_t", Uint)],
        &[NotNegativeCast(0)],
    ),
    func(
        "upc_local_alloc",
        UPC,
        "shared void *",
        &[a("nblocks", "size_t", Uint), a("nbytes", "size_t", Uint)],
        &[
            Removed {
                replacement: "upc_alloc(nblocks * nbytes)",
            },
            NotNegativeCast(0),
            NotNegativeCast(1),
            NoOverflow(0, 1),
        ],
    ),
    func(
        "upc_free",
        UPC,
        "void",
        PTS_ARG,
        &[ValidShared(0), NotFreed(0), AllocationStart(0)],
    ),
    coll(
        "upc_all_free",
        UPC,
        "void",
        &[sv("ptr", "shared void *", Shared)],
        &[ValidShared(0), NotFreed(0), AllocationStart(0)],
    ),
    // ---- upc.h: pointer-to-shared manipulation ------------------------------------------
    func(
        "upc_threadof",
        UPC,
        "size_t",
        PTS_ARG,
        &[ValidShared(0), NotLock(0)],
    ),
    func(
        "upc_phaseof",
        UPC,
        "size_t",
        PTS_ARG,
        &[ValidShared(0), NotLock(0)],
    ),
    func(
        "upc_resetphase",
        UPC,
        "shared void *",
        PTS_ARG,
        &[ValidShared(0)],
    ),
    func(
        "upc_addrfield",
        UPC,
        "size_t",
        PTS_ARG,
        &[ValidShared(0), NotLock(0)],
    ),
    func(
        "upc_affinitysize",
        UPC,
        "size_t",
        &[
            a("totalsize", "size_t", Uint),
            a("nbytes", "size_t", Uint),
            a("threadid", "size_t", Uint),
        ],
        &[ThreadIndex(2)],
    ),
    // ---- upc.h: locks -------------------------------------------------------------------
    func("upc_global_lock_alloc", UPC, "upc_lock_t *", &[], &[]),
    coll("upc_all_lock_alloc", UPC, "upc_lock_t *", &[], &[]),
    func("upc_lock_free", UPC, "void", LOCK_ARG, LOCK_FREE_CHECKS).with_role(Role::LockFree),
    coll(
        "upc_all_lock_free",
        UPC,
        "void",
        &[sv("ptr", "upc_lock_t *", Shared)],
        LOCK_FREE_CHECKS,
    )
    .with_role(Role::AllLockFree),
    func("upc_lock", UPC, "void", LOCK_ARG, LOCK_USE_CHECKS).with_role(Role::Lock),
    func("upc_lock_attempt", UPC, "int", LOCK_ARG, LOCK_USE_CHECKS).with_role(Role::LockAttempt),
    func("upc_unlock", UPC, "void", LOCK_ARG, LOCK_USE_CHECKS).with_role(Role::Unlock),
    // ---- upc.h: shared string functions -------------------------------------------------
    func("upc_memcpy", UPC, "void", MEMCPY_ARGS, MEMCPY_CHECKS),
    func("upc_memget", UPC, "void", MEMGET_ARGS, MEMGET_CHECKS),
    func("upc_memput", UPC, "void", MEMPUT_ARGS, MEMPUT_CHECKS),
    func("upc_memset", UPC, "void", MEMSET_ARGS, MEMSET_CHECKS),
    // ---- upc_collective.h: relocalization -----------------------------------------------
    coll(
        "upc_all_broadcast",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(2), NotNegativeCast(2)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                [
                    AffinityThread0(0),
                    Fits(Span::EveryThread {
                        ptr: 0,
                        n: Size::Arg(2)
                    }),
                    Fits(Span::OnThread {
                        ptr: 1,
                        n: Size::Arg(2)
                    }),
                    NoOverlap(
                        Span::OnThread {
                            ptr: 1,
                            n: Size::Arg(2)
                        },
                        Span::EveryThread {
                            ptr: 0,
                            n: Size::Arg(2)
                        },
                    ),
                    ValidSyncFlags(3),
                ]
            )
        ),
    ),
    coll(
        "upc_all_scatter",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(2), NotNegativeCast(2)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                [
                    AffinityThread0(0),
                    Fits(Span::EveryThread {
                        ptr: 0,
                        n: Size::Arg(2)
                    }),
                    Fits(Span::OnThread {
                        ptr: 1,
                        n: Size::ArgThreads(2)
                    }),
                    NoOverlap(
                        Span::OnThread {
                            ptr: 1,
                            n: Size::ArgThreads(2)
                        },
                        Span::EveryThread {
                            ptr: 0,
                            n: Size::Arg(2)
                        },
                    ),
                    ValidSyncFlags(3),
                ]
            )
        ),
    ),
    coll(
        "upc_all_gather",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(2), NotNegativeCast(2)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                [
                    AffinityThread0(1),
                    Fits(Span::EveryThread {
                        ptr: 1,
                        n: Size::Arg(2)
                    }),
                    Fits(Span::OnThread {
                        ptr: 0,
                        n: Size::ArgThreads(2)
                    }),
                    NoOverlap(
                        Span::EveryThread {
                            ptr: 1,
                            n: Size::Arg(2)
                        },
                        Span::OnThread {
                            ptr: 0,
                            n: Size::ArgThreads(2)
                        },
                    ),
                    ValidSyncFlags(3),
                ]
            )
        ),
    ),
    coll(
        "upc_all_gather_all",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(2), NotNegativeCast(2)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                [
                    AffinityThread0(0),
                    AffinityThread0(1),
                    Fits(Span::EveryThread {
                        ptr: 1,
                        n: Size::Arg(2)
                    }),
                    Fits(Span::EveryThread {
                        ptr: 0,
                        n: Size::ArgThreads(2)
                    }),
                    NoOverlap(
                        Span::EveryThread {
                            ptr: 1,
                            n: Size::Arg(2)
                        },
                        Span::EveryThread {
                            ptr: 0,
                            n: Size::ArgThreads(2)
                        },
                    ),
                    ValidSyncFlags(3),
                ]
            )
        ),
    ),
    coll(
        "upc_all_exchange",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(2), NotNegativeCast(2)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                [
                    AffinityThread0(0),
                    AffinityThread0(1),
                    Fits(Span::EveryThread {
                        ptr: 1,
                        n: Size::ArgThreads(2)
                    }),
                    Fits(Span::EveryThread {
                        ptr: 0,
                        n: Size::ArgThreads(2)
                    }),
                    NoOverlap(
                        Span::EveryThread {
                            ptr: 1,
                            n: Size::ArgThreads(2)
                        },
                        Span::EveryThread {
                            ptr: 0,
                            n: Size::ArgThreads(2)
                        },
                    ),
                    ValidSyncFlags(3),
                ]
            )
        ),
    ),
    coll(
        "upc_all_permute",
        COLL,
        "void",
        &[
            sv("dst", "shared void * restrict", Shared),
            sv("src", "shared const void * restrict", Shared),
            sv("perm", "shared const int * restrict", Shared),
            sv("nbytes", "size_t", Uint),
            flags(),
        ],
        &concat_checks!(
            [Positive(3), NotNegativeCast(3)],
            concat_checks!(
                concat_checks!(shared_ok!(0), shared_ok!(1)),
                concat_checks!(
                    shared_ok!(2),
                    [
                        AffinityThread0(0),
                        AffinityThread0(1),
                        AffinityThread0(2),
                        Fits(Span::EveryThread {
                            ptr: 1,
                            n: Size::Arg(3)
                        }),
                        Fits(Span::EveryThread {
                            ptr: 0,
                            n: Size::Arg(3)
                        }),
                        Fits(Span::EveryThread {
                            ptr: 2,
                            n: Size::Const(4)
                        }),
                        IsPermutation(2),
                        NoOverlap(
                            Span::EveryThread {
                                ptr: 1,
                                n: Size::Arg(3)
                            },
                            Span::EveryThread {
                                ptr: 0,
                                n: Size::Arg(3)
                            },
                        ),
                        NoOverlap(
                            Span::EveryThread {
                                ptr: 2,
                                n: Size::Const(4)
                            },
                            Span::EveryThread {
                                ptr: 0,
                                n: Size::Arg(3)
                            },
                        ),
                        ValidSyncFlags(4),
                    ]
                )
            )
        ),
    ),
    // ---- upc_collective.h: computational ------------------------------------------------
    reduction!("upc_all_reduceC", "signed char", 1, prefix: false, float: false),
    reduction!("upc_all_reduceUC", "unsigned char", 1, prefix: false, float: false),
    reduction!("upc_all_reduceS", "signed short", 2, prefix: false, float: false),
    reduction!("upc_all_reduceUS", "unsigned short", 2, prefix: false, float: false),
    reduction!("upc_all_reduceI", "signed int", 4, prefix: false, float: false),
    reduction!("upc_all_reduceUI", "unsigned int", 4, prefix: false, float: false),
    reduction!("upc_all_reduceL", "signed long", LONG, prefix: false, float: false),
    reduction!("upc_all_reduceUL", "unsigned long", LONG, prefix: false, float: false),
    reduction!("upc_all_reduceF", "float", 4, prefix: false, float: true),
    reduction!("upc_all_reduceD", "double", 8, prefix: false, float: true),
    reduction!("upc_all_reduceLD", "long double", LDOUBLE, prefix: false, float: true),
    reduction!("upc_all_prefix_reduceC", "signed char", 1, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceUC", "unsigned char", 1, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceS", "signed short", 2, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceUS", "unsigned short", 2, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceI", "signed int", 4, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceUI", "unsigned int", 4, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceL", "signed long", LONG, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceUL", "unsigned long", LONG, prefix: true, float: false),
    reduction!("upc_all_prefix_reduceF", "float", 4, prefix: true, float: true),
    reduction!("upc_all_prefix_reduceD", "double", 8, prefix: true, float: true),
    reduction!("upc_all_prefix_reduceLD", "long double", LDOUBLE, prefix: true, float: true),
    coll(
        "upc_all_sort",
        COLL,
        "void",
        &[
            sv("A", "shared void *", Shared),
            sv("elem_size", "size_t", Uint),
            sv("nelems", "size_t", Uint),
            sv("blk_size", "size_t", Uint),
            sv("func", "int (*)(shared void *, shared void *)", Ptr),
            flags(),
        ],
        &[
            Positive(1),
            Positive(2),
            NotNegativeCast(2),
            NonNull(0),
            ValidShared(0),
            NotFreed(0),
            PhaseBelowBlock { ptr: 0, blk: 3 },
            Fits(Span::Blocked {
                ptr: 0,
                nelems: Size::Arg(2),
                blk: 3,
                elem: Size::Arg(1),
            }),
            NonNull(4),
            ValidSyncFlags(5),
        ],
    ),
    // ---- upc_io.h: file operations ------------------------------------------------------
    coll(
        "upc_all_fopen",
        IO,
        "upc_file_t *",
        &[
            sv("fname", "const char *", Ptr).same(Same::CString),
            sv("flags", "int", Int).f(Fmt::IoFlags),
            sv("numhints", "size_t", Uint),
            sv("hints", "struct upc_hint const *", Ptr).same(Same::Hints { count: 2 }),
        ],
        &[
            NonNull(0),
            CString(0),
            OneAccessMode(1),
            OneFpKind(1),
            KnownIoFlags(1),
            ExclNeedsCreate(1),
            TruncNeedsWrite(1),
            NotNegativeCast(2),
            HintsAllocated {
                numhints: 2,
                hints: 3,
            },
        ],
    ),
    coll("upc_all_fclose", IO, "int", FD_ONLY, &FD_OK),
    coll("upc_all_fsync", IO, "int", FD_ONLY, &FD_OK),
    coll(
        "upc_all_fseek",
        IO,
        "upc_off_t",
        &[
            fd(),
            svc("offset", "upc_off_t", Int),
            svc("origin", "int", Int).f(Fmt::Whence),
        ],
        &concat_checks!(
            FD_OK,
            [
                ValidWhence(2),
                SeekNotNegative {
                    fd: 0,
                    offset: 1,
                    origin: 2
                }
            ]
        ),
    ),
    coll("upc_all_fset_size", IO, "int", SIZE_ARGS, SIZE_CHECKS),
    coll("upc_all_fget_size", IO, "upc_off_t", FD_ONLY, &FD_OK),
    coll("upc_all_fpreallocate", IO, "int", SIZE_ARGS, SIZE_CHECKS),
    coll(
        "upc_all_fcntl",
        IO,
        "int",
        &[
            fd(),
            sv("cmd", "int", Int).f(Fmt::FcntlCmd),
            sv("arg", "void *", Ptr).same(Same::SetHint { cmd: 1 }),
        ],
        &[
            NonNull(0),
            FileOpen(0),
            ValidFcntlCmd(1),
            FcntlDuringAsync { fd: 0, cmd: 1 },
            FcntlArgRequired { cmd: 1, arg: 2 },
            FcntlHintValid { cmd: 1, arg: 2 },
        ],
    ),
    // ---- upc_io.h: reading and writing --------------------------------------------------
    coll(
        "upc_all_fread_local",
        IO,
        "upc_off_t",
        RW_LOCAL_ARGS,
        READ_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fwrite_local",
        IO,
        "upc_off_t",
        RW_LOCAL_ARGS,
        WRITE_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fread_shared",
        IO,
        "upc_off_t",
        RW_SHARED_ARGS,
        READ_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fwrite_shared",
        IO,
        "upc_off_t",
        RW_SHARED_ARGS,
        WRITE_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fread_list_local",
        IO,
        "upc_off_t",
        LIST_LOCAL_ARGS,
        READ_LIST_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fread_list_shared",
        IO,
        "upc_off_t",
        LIST_SHARED_ARGS,
        READ_LIST_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fwrite_list_local",
        IO,
        "upc_off_t",
        LIST_LOCAL_ARGS,
        WRITE_LIST_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fwrite_list_shared",
        IO,
        "upc_off_t",
        LIST_SHARED_ARGS,
        WRITE_LIST_SHARED_CHECKS,
    ),
    // ---- upc_io.h: asynchronous I/O -----------------------------------------------------
    coll(
        "upc_all_fread_local_async",
        IO,
        "void",
        RW_LOCAL_ARGS,
        READ_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fwrite_local_async",
        IO,
        "void",
        RW_LOCAL_ARGS,
        WRITE_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fread_shared_async",
        IO,
        "void",
        RW_SHARED_ARGS,
        READ_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fwrite_shared_async",
        IO,
        "void",
        RW_SHARED_ARGS,
        WRITE_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fread_list_local_async",
        IO,
        "void",
        LIST_LOCAL_ARGS,
        READ_LIST_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fread_list_shared_async",
        IO,
        "void",
        LIST_SHARED_ARGS,
        READ_LIST_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fwrite_list_local_async",
        IO,
        "void",
        LIST_LOCAL_ARGS,
        WRITE_LIST_LOCAL_CHECKS,
    ),
    coll(
        "upc_all_fwrite_list_shared_async",
        IO,
        "void",
        LIST_SHARED_ARGS,
        WRITE_LIST_SHARED_CHECKS,
    ),
    coll(
        "upc_all_fwait_async",
        IO,
        "upc_off_t",
        FD_ONLY,
        &[NonNull(0), FileOpen(0), AsyncOutstanding(0)],
    ),
    coll(
        "upc_all_ftest_async",
        IO,
        "upc_off_t",
        &[fd(), a("flag", "int *", Ptr)],
        &[
            NonNull(0),
            FileOpen(0),
            AsyncOutstanding(0),
            NonNull(1),
            Fits(Span::Local {
                ptr: 1,
                n: Size::Const(4),
            }),
        ],
    ),
    // ---- upc_nb.h ------------------------------------------------------------------------
    func(
        "upc_memcpy_nb",
        NB,
        "upc_handle_t",
        MEMCPY_ARGS,
        MEMCPY_CHECKS,
    ),
    func(
        "upc_memget_nb",
        NB,
        "upc_handle_t",
        MEMGET_ARGS,
        MEMGET_CHECKS,
    ),
    func(
        "upc_memput_nb",
        NB,
        "upc_handle_t",
        MEMPUT_ARGS,
        MEMPUT_CHECKS,
    ),
    func(
        "upc_memset_nb",
        NB,
        "upc_handle_t",
        MEMSET_ARGS,
        MEMSET_CHECKS,
    ),
    func("upc_memcpy_nbi", NB, "void", MEMCPY_ARGS, MEMCPY_CHECKS),
    func("upc_memget_nbi", NB, "void", MEMGET_ARGS, MEMGET_CHECKS),
    func("upc_memput_nbi", NB, "void", MEMPUT_ARGS, MEMPUT_CHECKS),
    func("upc_memset_nbi", NB, "void", MEMSET_ARGS, MEMSET_CHECKS),
    func(
        "upc_sync_attempt",
        NB,
        "int",
        &[a("handle", "upc_handle_t", Uint)],
        &[HandleValid(0)],
    ),
    func(
        "upc_sync",
        NB,
        "void",
        &[a("handle", "upc_handle_t", Uint)],
        &[HandleValid(0)],
    ),
    func("upc_synci_attempt", NB, "int", &[], &[]),
    func("upc_synci", NB, "void", &[], &[]),
    // ---- upc_atomic.h --------------------------------------------------------------------
    coll(
        "upc_all_atomicdomain_alloc",
        ATOMIC,
        "upc_atomicdomain_t *",
        &[
            sv("type", "upc_type_t", Uint).f(Fmt::Type),
            sv("ops", "upc_op_t", Uint).f(Fmt::Op),
            sv("hints", "upc_atomichint_t", Int).f(Fmt::AtomicHint),
        ],
        &[
            AtomicType(0),
            AtomicOpsForType { ty: 0, ops: 1 },
            AtomicHint(2),
        ],
    ),
    coll(
        "upc_all_atomicdomain_free",
        ATOMIC,
        "void",
        &[sv("ptr", "upc_atomicdomain_t *", Shared)],
        &[DomainValid(0)],
    ),
    func(
        "upc_atomic_strict",
        ATOMIC,
        "void",
        ATOMIC_ARGS,
        ATOMIC_CHECKS,
    ),
    func(
        "upc_atomic_relaxed",
        ATOMIC,
        "void",
        ATOMIC_ARGS,
        ATOMIC_CHECKS,
    ),
    func(
        "upc_atomic_isfast",
        ATOMIC,
        "int",
        &[
            a("type", "upc_type_t", Uint).f(Fmt::Type),
            a("ops", "upc_op_t", Uint).f(Fmt::Op),
            a("addr", "shared void *", Shared),
        ],
        &[
            AtomicType(0),
            AtomicOpsForType { ty: 0, ops: 1 },
            ValidShared(2),
        ],
    ),
    // ---- upc_castable.h ------------------------------------------------------------------
    func(
        "upc_cast",
        CAST,
        "void *",
        &[a("ptr", "const shared void *", Shared)],
        &[ValidShared(0), NotFreed(0)],
    ),
    func(
        "upc_thread_info",
        CAST,
        "upc_thread_info_t",
        &[a("threadId", "size_t", Uint)],
        &[ThreadIndex(0)],
    ),
    // ---- upc_tick.h ----------------------------------------------------------------------
    func("upc_ticks_now", TICK, "upc_tick_t", &[], &[]),
    func(
        "upc_ticks_to_ns",
        TICK,
        "uint64_t",
        &[a("ticks", "upc_tick_t", Uint)],
        &[],
    ),
    // ---- upc_collective2.h (checked by the teams module) --------------------
    team_op(
        "upccoll_op_create",
        RET,
        &[
            ca("function", "upccoll_user_fun *", Ptr),
            ca("commute", "int", Int),
            ca("op", "upccoll_op_t *", Ptr),
        ],
    ),
    team_op("upccoll_op_free", RET, &[ca("op", "upccoll_op_t", Uint)]),
    team_op(
        "upccoll_type_size",
        RET,
        &[
            ca("dt", "upccoll_dtype_t", Int),
            ca("nbytes", "size_t *", Ptr),
        ],
    ),
    team_op(
        "upccoll_initialize",
        RET,
        &[ca("argc", "int *", Ptr), ca("argv", "char ***", Ptr)],
    ),
    team_op("upccoll_finalize", RET, &[]),
    team_op("upccoll_test", "int", &[ca("h", "upccoll_handle_t", Ptr)]),
    team_op("upccoll_wait", "void", &[ca("h", "upccoll_handle_t", Ptr)]),
    team_op("upccoll_fence", "void", &[]),
    team_op("upccoll_team_rank", RET, &[TEAM, ca("rank", "int *", Ptr)]),
    team_op("upccoll_team_size", RET, &[TEAM, ca("size", "int *", Ptr)]),
    team_op(
        "upccoll_team_split",
        RET,
        &[
            TEAM,
            ca("color", "int", Int),
            ca("key", "int", Int),
            ca("newteam", "upccoll_team_t *", Ptr),
        ],
    ),
    team_op("upccoll_team_free", "void", &[TEAM]),
    team_op("upccoll_barrier", RET, &[TEAM, FLAGS, HANDLE]),
    team_op("upccoll_bcast", RET, BCAST),
    team_op("upccoll_scatter", RET, FIXED_ROOT),
    team_op("upccoll_scatterv", RET, SCATTERV),
    team_op("upccoll_gather", RET, FIXED_ROOT),
    team_op("upccoll_gatherv", RET, GATHERV),
    team_op("upccoll_allgather", RET, FIXED),
    team_op("upccoll_allgatherv", RET, ALLGATHERV),
    team_op("upccoll_alltoall", RET, FIXED),
    team_op("upccoll_alltoallv", RET, ALLTOALLV),
    team_op("upccoll_reduce", RET, RED_ROOT),
    team_op("upccoll_allreduce", RET, RED),
    team_op("upccoll_reduce_scatter", RET, RED),
    team_op("upccoll_scan", RET, RED),
];

//! The reusable argument rules of the catalog.
//!
//! A [`Constraint`] names a kind of rule the UPC specification puts on the arguments of a
//! library function and the arguments it applies to (by index into `Op::args`).  The catalog
//! lists the constraints of every operation; the checker (checkrt's `args` module) evaluates
//! them before each call; [`Constraint::rule`] gives the sentence printed when one is broken
//! and listed in the user guide.

use crate::Op;

/// An amount of memory or a count computed from the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// The value of an argument.
    Arg(u8),
    /// An argument times `THREADS`.
    ArgThreads(u8),
    /// The product of two arguments.
    Mul(u8, u8),
    /// A constant (e.g. `sizeof(TYPE)` of a reduction).
    Const(u64),
}

/// A region of memory described by arguments, for validity and overlap rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span {
    /// `n` bytes on thread `upc_threadof(ptr)`, starting at the pointed-to byte, contiguous
    /// in that thread's local storage (`upc_mem*` treat pointers as `shared [] char[n]`).
    OnThread { ptr: u8, n: Size },
    /// `n` bytes at `upc_addrfield(ptr)` on every thread (a collective's
    /// `shared [n] char[n*THREADS]` with affinity to thread 0, phase ignored).
    EveryThread { ptr: u8, n: Size },
    /// `nelems` elements of `elem` bytes laid out as `shared [blk] T`, starting at `ptr`
    /// with its phase respected (`blk` 0 = indefinite block size).
    Blocked {
        ptr: u8,
        nelems: Size,
        blk: u8,
        elem: Size,
    },
    /// `n` bytes of private memory at the pointer-to-local `ptr`.
    Local { ptr: u8, n: Size },
}

/// One kind of argument rule.  Fields are argument indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    // ---- plain values -------------------------------------------------------------------
    /// The integer argument must be greater than zero.
    Positive(u8),
    /// The signed argument must not be negative.
    NotNegative(u8),
    /// The `size_t` argument must not be a negative value converted to `size_t`.
    NotNegativeCast(u8),
    /// The argument must be a thread index in `0 .. THREADS-1`.
    ThreadIndex(u8),
    /// The product of two `size_t` arguments must not overflow.
    NoOverflow(u8, u8),
    /// The function was removed from UPC 1.3 (warning).
    Removed { replacement: &'static str },

    // ---- pointers -----------------------------------------------------------------------
    /// The pointer (local or shared) must not be null.
    NonNull(u8),
    /// The pointer-to-local must point to a readable NUL-terminated string.
    CString(u8),
    /// The pointer must not be null when the size is not zero.
    NonNullWhen { ptr: u8, n: Size },
    /// The pointer-to-shared's thread component must be below THREADS.
    ValidShared(u8),
    /// The pointer-to-shared must not point into shared storage that was freed (null passes:
    /// `NonNull` is a separate rule).
    NotFreed(u8),
    /// The pointer-to-shared must have affinity to thread 0.
    AffinityThread0(u8),
    /// The memory of the span must be valid shared storage (no reading or writing past the
    /// end of the object's part on a thread) or accessible private memory.
    Fits(Span),
    /// The two memory regions must not overlap.
    NoOverlap(Span, Span),
    /// A pointer-to-shared with a definite block size must have a phase below the block size.
    PhaseBelowBlock { ptr: u8, blk: u8 },
    /// Two pointers-to-shared must have the same thread and the same phase.
    SameThreadAndPhase(u8, u8),

    // ---- allocation and locks -----------------------------------------------------------
    /// A non-null pointer must be exactly the start of a live dynamic allocation.
    AllocationStart(u8),
    /// The pointer must come from `upc_global_lock_alloc` or `upc_all_lock_alloc`.
    LockValid(u8),
    /// The lock must not have been freed.
    LockNotFreed(u8),
    /// The pointer-to-shared must not be a lock (`upc_threadof`, `upc_phaseof`,
    /// `upc_addrfield` of a `upc_lock_t *` are undefined).
    NotLock(u8),
    /// The private buffer at the pointer-to-local `ptr` must hold the `n` bytes transferred,
    /// when its size is known: a declared array (its `sizeof`, passed by the translated code)
    /// or a block of the C heap (bounded by the block's usable size).
    PrivateCapacity { ptr: u8, n: Size },

    // ---- collectives --------------------------------------------------------------------
    /// `upc_flag_t`: at most one `UPC_IN_*SYNC`, at most one `UPC_OUT_*SYNC`, no other bits.
    ValidSyncFlags(u8),
    /// `upc_op_t`: exactly one of the eleven reduction operations.
    ValidOp(u8),
    /// `UPC_AND`, `UPC_OR`, `UPC_XOR` are not defined for floating types.
    NoBitwiseOnFloat(u8),
    /// `func` must be non-null when `op` is `UPC_FUNC` or `UPC_NONCOMM_FUNC`.
    FuncRequiredFor { op: u8, func: u8 },
    /// `perm[0..THREADS-1]` (affinity to thread 0, block size 1) is a permutation of
    /// `0..THREADS-1`.
    IsPermutation(u8),

    // ---- UPC-IO -------------------------------------------------------------------------
    /// The handle must come from `upc_all_fopen` and not be closed.
    FileOpen(u8),
    /// `upc_all_fopen` flags: exactly one of `UPC_RDONLY`, `UPC_WRONLY`, `UPC_RDWR`.
    OneAccessMode(u8),
    /// `upc_all_fopen` flags: exactly one of `UPC_COMMON_FP`, `UPC_INDIVIDUAL_FP`.
    OneFpKind(u8),
    /// `upc_all_fopen` flags: no unknown bits.
    KnownIoFlags(u8),
    /// `UPC_EXCL` only together with `UPC_CREATE`.
    ExclNeedsCreate(u8),
    /// `UPC_TRUNC` only with write access.
    TruncNeedsWrite(u8),
    /// `numhints > 0` requires `hints` to point to `numhints` allocated hints whose keys and
    /// values are strings.
    HintsAllocated { numhints: u8, hints: u8 },
    /// `origin` is `UPC_SEEK_SET`, `UPC_SEEK_CUR` or `UPC_SEEK_END`.
    ValidWhence(u8),
    /// The resulting file position must not be negative.
    SeekNotNegative { fd: u8, offset: u8, origin: u8 },
    /// The file must be open for reading.
    Readable(u8),
    /// The file must be open for writing.
    Writable(u8),
    /// `*_local` reads and writes need individual file pointers.
    IndividualFp(u8),
    /// No asynchronous operation may be outstanding on the file.
    NoAsyncOutstanding(u8),
    /// An asynchronous operation must be outstanding on the file.
    AsyncOutstanding(u8),
    /// `upc_all_fcntl` command is one of the eleven defined commands.
    ValidFcntlCmd(u8),
    /// `upc_all_fcntl`: `arg` must be non-null for `UPC_GET_FN`, `UPC_GET_HINTS`, `UPC_SET_HINT`.
    FcntlArgRequired { cmd: u8, arg: u8 },
    /// `upc_all_fcntl(UPC_SET_HINT)`: `arg` points to a hint whose key and value are strings.
    FcntlHintValid { cmd: u8, arg: u8 },
    /// While an asynchronous operation is outstanding only `UPC_ASYNC_OUTSTANDING` is allowed.
    FcntlDuringAsync { fd: u8, cmd: u8 },
    /// List I/O: the total length of the memory vector equals that of the file vector.
    ListLengthsMatch {
        mem_n: u8,
        mem: u8,
        file_n: u8,
        file: u8,
        shared: bool,
    },
    /// List I/O: file vector offsets are non-negative and non-decreasing.
    FilevecSorted { n: u8, vec: u8 },
    /// List I/O reads: the memory vector's regions do not overlap.
    MemvecNoOverlap { n: u8, vec: u8, shared: bool },
    /// List I/O writes: the file vector's regions do not overlap.
    FilevecNoOverlap { n: u8, vec: u8 },
    /// List I/O: every memory vector region is valid memory.
    MemvecValid { n: u8, vec: u8, shared: bool },

    // ---- atomics ------------------------------------------------------------------------
    /// `upc_type_t` is one of the types atomic domains support.
    AtomicType(u8),
    /// Every operation in `ops` is supported for `type`.
    AtomicOpsForType { ty: u8, ops: u8 },
    /// Atomic domain hint is one of the defined hints.
    AtomicHint(u8),
    /// The domain comes from `upc_all_atomicdomain_alloc` and was not freed.
    DomainValid(u8),
    /// `op` is exactly one operation and one of the domain's operations.
    OpInDomain { domain: u8, op: u8 },
    /// `target` is aligned for the domain's type.
    TargetAligned { domain: u8, target: u8 },
    /// `operand1` must be null for `UPC_GET`, `UPC_INC`, `UPC_DEC` and non-null otherwise.
    Operand1Use { op: u8, operand1: u8 },
    /// `operand2` must be non-null for `UPC_CSWAP` and null otherwise.
    Operand2Use { op: u8, operand2: u8 },
    /// `fetch_ptr` must be non-null for `UPC_GET`.
    FetchForGet { op: u8, fetch: u8 },

    // ---- non-blocking transfers ---------------------------------------------------------
    /// The handle was returned to this thread by a `*_nb` call and not yet completed.
    HandleValid(u8),
}

fn n(op: &Op, i: u8) -> &'static str {
    op.args.get(i as usize).map_or("?", |a| a.name)
}

impl Size {
    /// The size as an expression over the argument names.
    pub fn text(&self, op: &Op) -> String {
        match *self {
            Size::Arg(i) => n(op, i).to_string(),
            Size::ArgThreads(i) => format!("{}*THREADS", n(op, i)),
            Size::Mul(a, b) => format!("{}*{}", n(op, a), n(op, b)),
            Size::Const(c) => c.to_string(),
        }
    }
}

impl Span {
    /// The pointer argument of the span.
    pub fn ptr(&self) -> u8 {
        match *self {
            Span::OnThread { ptr, .. }
            | Span::EveryThread { ptr, .. }
            | Span::Blocked { ptr, .. }
            | Span::Local { ptr, .. } => ptr,
        }
    }

    /// A description of the region, e.g. `the nbytes bytes at dst on every thread`.
    pub fn text(&self, op: &Op) -> String {
        match *self {
            Span::OnThread { ptr, n: sz } => {
                format!("the {} bytes at {} on its thread", sz.text(op), n(op, ptr))
            }
            Span::EveryThread { ptr, n: sz } => {
                format!(
                    "the {} bytes at {} on every thread",
                    sz.text(op),
                    n(op, ptr)
                )
            }
            Span::Blocked {
                ptr,
                nelems,
                blk,
                elem,
            } => format!(
                "the {} elements of {} bytes at {} (block size {})",
                nelems.text(op),
                elem.text(op),
                n(op, ptr),
                n(op, blk)
            ),
            Span::Local { ptr, n: sz } => {
                format!(
                    "the {} bytes of private memory at {}",
                    sz.text(op),
                    n(op, ptr)
                )
            }
        }
    }
}

impl Constraint {
    /// Warnings never stop the program.
    pub fn is_warning(&self) -> bool {
        matches!(self, Constraint::Removed { .. })
    }

    /// The arguments the rule is about, as a bit mask (bit i = argument i).
    pub fn arg_mask(&self) -> u32 {
        self.args().iter().fold(0, |m, &i| m | 1u32 << (i & 31))
    }

    /// The arguments the rule is about (the first one is the one reported).
    pub fn args(&self) -> Vec<u8> {
        use Constraint::*;
        match *self {
            Positive(a)
            | NotNegative(a)
            | NotNegativeCast(a)
            | ThreadIndex(a)
            | NonNull(a)
            | CString(a)
            | ValidShared(a)
            | NotFreed(a)
            | AffinityThread0(a)
            | AllocationStart(a)
            | LockValid(a)
            | LockNotFreed(a)
            | NotLock(a)
            | ValidSyncFlags(a)
            | ValidOp(a)
            | NoBitwiseOnFloat(a)
            | IsPermutation(a)
            | FileOpen(a)
            | OneAccessMode(a)
            | OneFpKind(a)
            | KnownIoFlags(a)
            | ExclNeedsCreate(a)
            | TruncNeedsWrite(a)
            | ValidWhence(a)
            | Readable(a)
            | Writable(a)
            | IndividualFp(a)
            | NoAsyncOutstanding(a)
            | AsyncOutstanding(a)
            | ValidFcntlCmd(a)
            | AtomicType(a)
            | AtomicHint(a)
            | DomainValid(a)
            | HandleValid(a) => vec![a],
            NoOverflow(a, b) | SameThreadAndPhase(a, b) => vec![a, b],
            Removed { .. } => vec![],
            NonNullWhen { ptr, n } | PrivateCapacity { ptr, n } => size_args(ptr, n),
            Fits(s) => span_args(s),
            NoOverlap(a, b) => {
                let mut v = span_args(a);
                v.extend(span_args(b));
                v
            }
            PhaseBelowBlock { ptr, blk } => vec![ptr, blk],
            FuncRequiredFor { op, func } => vec![func, op],
            HintsAllocated { numhints, hints } => vec![hints, numhints],
            SeekNotNegative { fd, offset, origin } => vec![offset, origin, fd],
            FcntlArgRequired { cmd, arg } | FcntlHintValid { cmd, arg } => vec![arg, cmd],
            FcntlDuringAsync { fd, cmd } => vec![cmd, fd],
            ListLengthsMatch {
                mem_n,
                mem,
                file_n,
                file,
                ..
            } => vec![mem, mem_n, file, file_n],
            FilevecSorted { n, vec } | FilevecNoOverlap { n, vec } => vec![vec, n],
            MemvecNoOverlap { n, vec, .. } | MemvecValid { n, vec, .. } => vec![vec, n],
            AtomicOpsForType { ty, ops } => vec![ops, ty],
            OpInDomain { domain, op } => vec![op, domain],
            TargetAligned { domain, target } => vec![target, domain],
            Operand1Use { op, operand1 } => vec![operand1, op],
            Operand2Use { op, operand2 } => vec![operand2, op],
            FetchForGet { op, fetch } => vec![fetch, op],
        }
    }

    /// The rule as one sentence, using the operation's argument names
    /// (e.g. `nbytes must be > 0`).
    pub fn rule(&self, op: &Op) -> String {
        use Constraint::*;
        let a = |i: u8| n(op, i);
        match *self {
            Positive(i) => format!("{} must be > 0", a(i)),
            NotNegative(i) => format!("{} must not be negative", a(i)),
            NotNegativeCast(i) => {
                format!("{} must not be a negative value converted to size_t", a(i))
            }
            ThreadIndex(i) => format!("{} must be a thread index in 0 .. THREADS-1", a(i)),
            NoOverflow(x, y) => format!("{} * {} must not overflow size_t", a(x), a(y)),
            Removed { replacement } => format!(
                "{} was removed from UPC 1.3; use {} instead",
                op.name, replacement
            ),
            NonNull(i) => format!("{} must not be NULL", a(i)),
            CString(i) => format!("{} must point to a NUL-terminated string", a(i)),
            NonNullWhen { ptr, n: sz } => {
                format!("{} must not be NULL when {} > 0", a(ptr), sz.text(op))
            }
            ValidShared(i) => format!(
                "{} must be a valid pointer-to-shared (thread below THREADS)",
                a(i)
            ),
            NotFreed(i) => format!(
                "{} must not point to shared storage that was already freed",
                a(i)
            ),
            AffinityThread0(i) => format!("{} must have affinity to thread 0", a(i)),
            Fits(s) => match s {
                Span::OnThread { ptr, n: sz } => format!(
                    "{} must point to {} bytes of one shared object on its thread",
                    a(ptr),
                    sz.text(op)
                ),
                Span::EveryThread { ptr, n: sz } => format!(
                    "{} must point to {} bytes of one shared object on every thread",
                    a(ptr),
                    sz.text(op)
                ),
                Span::Blocked {
                    ptr,
                    nelems,
                    blk,
                    elem,
                } => format!(
                    "{} must point to {} elements of {} bytes (block size {}) of one shared object",
                    a(ptr),
                    nelems.text(op),
                    elem.text(op),
                    a(blk)
                ),
                Span::Local { ptr, n: sz } => format!(
                    "{} must point to {} bytes of accessible memory",
                    a(ptr),
                    sz.text(op)
                ),
            },
            NoOverlap(x, y) => format!("{} must not overlap {}", x.text(op), y.text(op)),
            PhaseBelowBlock { ptr, blk } => format!(
                "the phase of {} must be below {} when {} > 0",
                a(ptr),
                a(blk),
                a(blk)
            ),
            SameThreadAndPhase(x, y) => format!(
                "{} and {} must have the same thread and the same phase",
                a(x),
                a(y)
            ),
            AllocationStart(i) => format!(
                "{} must be NULL or the start of memory returned by upc_alloc, \
                 upc_global_alloc or upc_all_alloc",
                a(i)
            ),
            LockValid(i) => format!(
                "{} must be a lock returned by upc_global_lock_alloc or upc_all_lock_alloc",
                a(i)
            ),
            LockNotFreed(i) => format!("{} must not be a lock that was already freed", a(i)),
            NotLock(i) => format!(
                "{} must not be a lock (upc_lock_t *): {} of a lock is undefined",
                a(i),
                op.name
            ),
            PrivateCapacity { ptr, n } => format!(
                "{} must point to private memory that holds the {} bytes transferred",
                a(ptr),
                n.text(op)
            ),
            ValidSyncFlags(i) => format!(
                "{} must combine at most one UPC_IN_*SYNC and at most one UPC_OUT_*SYNC flag",
                a(i)
            ),
            ValidOp(i) => format!(
                "{} must be exactly one of UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, \
                 UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX, UPC_FUNC, UPC_NONCOMM_FUNC",
                a(i)
            ),
            NoBitwiseOnFloat(i) => format!(
                "{} must not be UPC_AND, UPC_OR or UPC_XOR for a floating type",
                a(i)
            ),
            FuncRequiredFor { op: o, func } => format!(
                "{} must not be NULL when {} is UPC_FUNC or UPC_NONCOMM_FUNC",
                a(func),
                a(o)
            ),
            IsPermutation(i) => format!(
                "{}[0..THREADS-1] must be a permutation of 0..THREADS-1",
                a(i)
            ),
            FileOpen(i) => format!(
                "{} must be a file handle returned by upc_all_fopen and not yet closed",
                a(i)
            ),
            OneAccessMode(i) => format!(
                "{} must contain exactly one of UPC_RDONLY, UPC_WRONLY, UPC_RDWR",
                a(i)
            ),
            OneFpKind(i) => format!(
                "{} must contain exactly one of UPC_COMMON_FP, UPC_INDIVIDUAL_FP",
                a(i)
            ),
            KnownIoFlags(i) => format!("{} must contain only UPC-IO open flags", a(i)),
            ExclNeedsCreate(i) => format!("{}: UPC_EXCL requires UPC_CREATE", a(i)),
            TruncNeedsWrite(i) => format!("{}: UPC_TRUNC requires UPC_WRONLY or UPC_RDWR", a(i)),
            HintsAllocated { numhints, hints } => format!(
                "{} must point to {} allocated hints with non-NULL key and value when {} > 0",
                a(hints),
                a(numhints),
                a(numhints)
            ),
            ValidWhence(i) => format!(
                "{} must be UPC_SEEK_SET, UPC_SEEK_CUR or UPC_SEEK_END",
                a(i)
            ),
            SeekNotNegative { offset, .. } => format!(
                "{} must not move the file pointer before the start of the file",
                a(offset)
            ),
            Readable(i) => format!("{} must be open for reading (UPC_RDONLY or UPC_RDWR)", a(i)),
            Writable(i) => format!("{} must be open for writing (UPC_WRONLY or UPC_RDWR)", a(i)),
            IndividualFp(i) => format!(
                "{} must use individual file pointers (UPC_INDIVIDUAL_FP) for local buffers",
                a(i)
            ),
            NoAsyncOutstanding(i) => format!(
                "{} must not have an asynchronous operation outstanding",
                a(i)
            ),
            AsyncOutstanding(i) => {
                format!("{} must have an asynchronous operation outstanding", a(i))
            }
            ValidFcntlCmd(i) => format!("{} must be one of the UPC-IO fcntl commands", a(i)),
            FcntlArgRequired { cmd, arg } => format!(
                "{} must not be NULL when {} is UPC_GET_FN, UPC_GET_HINTS or UPC_SET_HINT",
                a(arg),
                a(cmd)
            ),
            FcntlHintValid { cmd, arg } => format!(
                "{} must point to a struct upc_hint with string key and value when {} is \
                 UPC_SET_HINT",
                a(arg),
                a(cmd)
            ),
            FcntlDuringAsync { fd, cmd } => format!(
                "{} must be UPC_ASYNC_OUTSTANDING while an asynchronous operation is \
                 outstanding on {}",
                a(cmd),
                a(fd)
            ),
            ListLengthsMatch { mem, file, .. } => format!(
                "the total len of {} must equal the total len of {}",
                a(mem),
                a(file)
            ),
            FilevecSorted { vec, .. } => {
                format!("{} offsets must be non-negative and non-decreasing", a(vec))
            }
            MemvecNoOverlap { vec, .. } => {
                format!("{} regions must not overlap (read into memory)", a(vec))
            }
            FilevecNoOverlap { vec, .. } => {
                format!("{} regions must not overlap (write to the file)", a(vec))
            }
            MemvecValid {
                n: cnt,
                vec,
                shared,
            } => format!(
                "each of the {} regions of {} must be valid {} memory",
                a(cnt),
                a(vec),
                if shared { "shared" } else { "private" }
            ),
            AtomicType(i) => format!(
                "{} must be one of UPC_INT, UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, \
                 UPC_UINT32, UPC_INT64, UPC_UINT64, UPC_FLOAT, UPC_DOUBLE, UPC_PTS",
                a(i)
            ),
            AtomicOpsForType { ty, ops } => format!(
                "{} must contain only operations supported for {}",
                a(ops),
                a(ty)
            ),
            AtomicHint(i) => format!(
                "{} must be UPC_ATOMIC_HINT_DEFAULT, UPC_ATOMIC_HINT_LATENCY or \
                 UPC_ATOMIC_HINT_THROUGHPUT",
                a(i)
            ),
            DomainValid(i) => format!(
                "{} must be an atomic domain returned by upc_all_atomicdomain_alloc and not freed",
                a(i)
            ),
            OpInDomain { domain, op: o } => format!(
                "{} must be exactly one of the operations {} was allocated with",
                a(o),
                a(domain)
            ),
            TargetAligned { domain, target } => format!(
                "{} must be aligned for the type of {}",
                a(target),
                a(domain)
            ),
            Operand1Use { op: o, operand1 } => format!(
                "{} must be NULL for UPC_GET, UPC_INC, UPC_DEC and non-NULL for other {}",
                a(operand1),
                a(o)
            ),
            Operand2Use { op: o, operand2 } => format!(
                "{} must be non-NULL for UPC_CSWAP and NULL for other {}",
                a(operand2),
                a(o)
            ),
            FetchForGet { op: o, fetch } => {
                format!("{} must not be NULL when {} is UPC_GET", a(fetch), a(o))
            }
            HandleValid(i) => format!(
                "{} must be a handle returned to this thread by a *_nb call and not yet synced",
                a(i)
            ),
        }
    }
}

fn size_args(ptr: u8, n: Size) -> Vec<u8> {
    let mut v = vec![ptr];
    match n {
        Size::Arg(i) | Size::ArgThreads(i) => v.push(i),
        Size::Mul(x, y) => v.extend([x, y]),
        Size::Const(_) => {}
    }
    v
}

fn span_args(s: Span) -> Vec<u8> {
    match s {
        Span::OnThread { ptr, n } | Span::EveryThread { ptr, n } | Span::Local { ptr, n } => {
            size_args(ptr, n)
        }
        Span::Blocked {
            ptr,
            nelems,
            blk,
            elem,
        } => {
            let mut v = size_args(ptr, nelems);
            v.push(blk);
            v.extend(size_args(ptr, elem).into_iter().skip(1));
            v
        }
    }
}

//! Evaluation of one constraint against the argument values of one call.

use super::layout::{self, Range};
use super::memory;
use super::value;
use super::world::{DomainState, FileState, HandleState, LockState, Obj, World};
use crate::ffi::{PShared, Val};
use rules::constraint::{Constraint, Size, Span};
use rules::consts::*;
use rules::{Op, ValKind};

/// A broken rule: the argument to report and what exactly is wrong.
pub struct Bad {
    pub arg: Option<u8>,
    pub detail: String,
}

fn bad(arg: u8, detail: impl Into<String>) -> Option<Bad> {
    Some(Bad {
        arg: Some(arg),
        detail: detail.into(),
    })
}

/// A few ranges on the stack, more on the heap.
struct Ranges {
    n: usize,
    small: [Range; 2],
    more: Vec<Range>,
}

impl Default for Ranges {
    fn default() -> Self {
        let empty = Range {
            thread: None,
            lo: 0,
            hi: 0,
        };
        Ranges {
            n: 0,
            small: [empty; 2],
            more: Vec::new(),
        }
    }
}

impl Ranges {
    fn push(&mut self, r: Range) {
        if self.n < self.small.len() && self.more.is_empty() {
            self.small[self.n] = r;
            self.n += 1;
        } else {
            if self.more.is_empty() {
                self.more.extend_from_slice(&self.small[..self.n]);
            }
            self.more.push(r);
        }
    }

    fn as_slice(&self) -> &[Range] {
        if self.more.is_empty() {
            &self.small[..self.n]
        } else {
            &self.more
        }
    }
}

/// Most shared-pointer arguments per operation the lookup cache holds.
const CACHED: usize = 4;

/// The values of one call and the state looked up so far.
pub struct Ctx<'a, W: World> {
    w: &'a W,
    op: &'static Op,
    args: &'a [Val],
    /// Shared objects of the arguments, each looked up at most once (slow path only).
    objs: Vec<(u8, Option<Obj>)>,
    /// Fast-path lookups (declared objects only) of up to CACHED arguments: the argument
    /// index (u8::MAX = free slot) and the result.
    fast_keys: [u8; CACHED],
    fast_vals: [Option<(u64, u64)>; CACHED],
}

/// Entry sizes of the UPC-IO vectors (`struct upc_local_memvec`, `upc_shared_memvec`,
/// `upc_filevec`).
const LOCAL_MEMVEC: usize = 16;
const SHARED_MEMVEC: usize = 32;
const FILEVEC: usize = 16;
/// `struct upc_hint { const char *key; const char *value; }`.
const HINT: usize = 16;
/// Vectors longer than this are checked only for what is linear in their length.
const PAIRWISE_LIMIT: usize = 4096;

impl<'a, W: World> Ctx<'a, W> {
    pub fn new(w: &'a W, op: &'static Op, args: &'a [Val]) -> Self {
        Ctx {
            w,
            op,
            args,
            objs: Vec::new(),
            fast_keys: [u8::MAX; CACHED],
            fast_vals: [None; CACHED],
        }
    }

    #[inline(always)]
    fn name(&self, i: u8) -> &'static str {
        self.op.args[i as usize].name
    }

    #[inline(always)]
    fn kind(&self, i: u8) -> ValKind {
        self.op.args[i as usize].kind
    }

    /// An integer argument as a wide signed value (size_t stays non-negative).
    #[inline(always)]
    fn int(&self, i: u8) -> i128 {
        let v = &self.args[i as usize];
        // SAFETY: the member follows the catalog's kind (translator contract).
        unsafe {
            match self.kind(i) {
                ValKind::Int => v.i as i128,
                ValKind::Uint => v.u as i128,
                ValKind::Float => v.d as i128,
                ValKind::Ptr => v.p as usize as i128,
                ValKind::Shared => v.s.addr as i128,
            }
        }
    }

    /// An integer argument as the bits the C code passed (an int flag as its unsigned bits).
    #[inline(always)]
    fn bits(&self, i: u8) -> u64 {
        let v = &self.args[i as usize];
        // SAFETY: as above.
        unsafe {
            match self.kind(i) {
                ValKind::Int => v.i as u64,
                _ => v.u,
            }
        }
    }

    #[inline(always)]
    fn s(&self, i: u8) -> PShared {
        // SAFETY: only called for Shared arguments.
        unsafe { self.args[i as usize].s }
    }

    #[inline(always)]
    fn p(&self, i: u8) -> usize {
        // SAFETY: only called for Ptr arguments.
        unsafe { self.args[i as usize].p as usize }
    }

    #[inline(always)]
    fn is_null(&self, i: u8) -> bool {
        match self.kind(i) {
            ValKind::Shared => {
                let s = self.s(i);
                s.addr == 0 && s.thread == 0
            }
            ValKind::Ptr => self.p(i) == 0,
            _ => self.int(i) == 0,
        }
    }

    #[inline(always)]
    fn size(&self, s: Size) -> u64 {
        let arg = |i: u8| self.int(i).clamp(0, u64::MAX as i128) as u64;
        match s {
            Size::Arg(i) => arg(i),
            Size::ArgThreads(i) => arg(i).saturating_mul(self.w.threads() as u64),
            Size::Mul(a, b) => arg(a).saturating_mul(arg(b)),
            Size::Const(c) => c,
        }
    }

    fn obj(&mut self, i: u8) -> Option<&Obj> {
        let k = match self.objs.iter().position(|(a, _)| *a == i) {
            Some(k) => k,
            None => {
                let o = self.w.object(self.s(i));
                self.objs.push((i, o));
                self.objs.len() - 1
            }
        };
        self.objs[k].1.as_ref()
    }

    #[inline(always)]
    fn threads(&self) -> usize {
        self.w.threads()
    }

    /// Fast path: true when the constraint surely holds and that was cheap to see (no
    /// object lookup beyond declared objects, no allocation, no system call).  False means
    /// "not sure": the caller then evaluates every constraint with [`Ctx::eval`].
    /// Invariant (tested): `quick(c)` implies `eval(c)` is None.
    #[inline(always)]
    pub fn quick(&mut self, c: &Constraint) -> bool {
        use Constraint::*;
        match *c {
            NotNegativeCast(i) => self.kind(i) != ValKind::Uint || self.bits(i) <= i64::MAX as u64,
            NonNull(i) => !self.is_null(i),
            NonNullWhen { ptr, n } => !self.is_null(ptr) || self.size(n) == 0,
            ValidShared(i) => (self.s(i).thread as usize) < self.threads(),
            Positive(_)
            | NotNegative(_)
            | ThreadIndex(_)
            | NoOverflow(..)
            | AffinityThread0(_)
            | PhaseBelowBlock { .. }
            | SameThreadAndPhase(..)
            | ValidSyncFlags(_)
            | ValidOp(_)
            | NoBitwiseOnFloat(_)
            | FuncRequiredFor { .. }
            | OneAccessMode(_)
            | OneFpKind(_)
            | KnownIoFlags(_)
            | ExclNeedsCreate(_)
            | TruncNeedsWrite(_)
            | ValidWhence(_)
            | ValidFcntlCmd(_)
            | AtomicType(_)
            | AtomicOpsForType { .. }
            | AtomicHint(_) => self.eval(c).is_none(),
            NotFreed(i) => self.is_null(i) || self.fast_static(i).is_some(),
            // locks are allocated, never declared objects
            NotLock(i) => self.is_null(i) || self.fast_static(i).is_some(),
            Fits(span) => self.quick_fits(span),
            NoOverlap(a, b) => self.quick_no_overlap(a, b),
            _ => false,
        }
    }

    #[inline(always)]
    fn fast_static(&mut self, i: u8) -> Option<(u64, u64)> {
        for k in 0..CACHED {
            if self.fast_keys[k] == i {
                return self.fast_vals[k];
            }
            if self.fast_keys[k] == u8::MAX {
                let v = self.w.fast_static(self.s(i));
                self.fast_keys[k] = i;
                self.fast_vals[k] = v;
                return v;
            }
        }
        self.w.fast_static(self.s(i))
    }

    #[inline(always)]
    fn quick_fits(&mut self, span: Span) -> bool {
        let ptr = span.ptr();
        if self.is_null(ptr) {
            return true;
        }
        match span {
            Span::Local { n, .. } => {
                let len = self.size(n);
                len == 0 || self.w.known_readable(self.p(ptr), len as usize)
            }
            Span::OnThread { n, .. } | Span::EveryThread { n, .. } => {
                let len = self.size(n);
                if len == 0 {
                    return true;
                }
                let p = self.s(ptr);
                match self.fast_static(ptr) {
                    Some((base, room)) => {
                        p.addr >= base && p.addr.checked_add(len).is_some_and(|e| e <= base + room)
                    }
                    None => false,
                }
            }
            Span::Blocked { .. } => false,
        }
    }

    #[inline(always)]
    fn quick_no_overlap(&self, a: Span, b: Span) -> bool {
        if self.is_null(a.ptr()) || self.is_null(b.ptr()) {
            return true;
        }
        let one = |s: Span| -> Option<Range> {
            match s {
                Span::OnThread { ptr, n } => Some(layout::on_thread(self.s(ptr), self.size(n))),
                Span::EveryThread { ptr, n } => {
                    Some(layout::every_thread(self.s(ptr), self.size(n)))
                }
                _ => None,
            }
        };
        match (a, b) {
            (Span::Local { ptr, .. }, _) | (_, Span::Local { ptr, .. }) => {
                !self.w.maybe_in_segment(self.p(ptr))
            }
            _ => match (one(a), one(b)) {
                (Some(x), Some(y)) => !x.overlaps(&y),
                _ => false,
            },
        }
    }

    /// Evaluate one constraint; None when it holds (or cannot be decided).
    pub fn eval(&mut self, c: &Constraint) -> Option<Bad> {
        use Constraint::*;
        match *c {
            Positive(i) => (self.int(i) <= 0).then(|| Bad {
                arg: Some(i),
                detail: String::new(),
            }),
            NotNegative(i) => (self.int(i) < 0).then(|| Bad {
                arg: Some(i),
                detail: String::new(),
            }),
            NotNegativeCast(i) => (self.kind(i) == ValKind::Uint && self.int(i) > i64::MAX as i128)
                .then(|| Bad {
                    arg: Some(i),
                    detail: format!("the value is {} converted to size_t", self.bits(i) as i64),
                }),
            ThreadIndex(i) => {
                let v = self.int(i);
                (v < 0 || v >= self.threads() as i128).then(|| Bad {
                    arg: Some(i),
                    detail: format!("THREADS is {}", self.threads()),
                })
            }
            NoOverflow(a, b) => {
                let (x, y) = (self.bits(a), self.bits(b));
                x.checked_mul(y).is_none().then(|| Bad {
                    arg: Some(a),
                    detail: format!("{x} * {y} does not fit in size_t"),
                })
            }
            Removed { .. } => Some(Bad {
                arg: None,
                detail: String::new(),
            }),
            NonNull(i) => self.is_null(i).then(|| Bad {
                arg: Some(i),
                detail: String::new(),
            }),
            NonNullWhen { ptr, n } => {
                let sz = self.size(n);
                (sz > 0 && self.is_null(ptr)).then(|| Bad {
                    arg: Some(ptr),
                    detail: format!("{} is {sz}", n.text(self.op)),
                })
            }
            ValidShared(i) => {
                let p = self.s(i);
                (p.thread as usize >= self.threads()).then(|| Bad {
                    arg: Some(i),
                    detail: format!(
                        "its thread is {} but THREADS is {}",
                        p.thread,
                        self.threads()
                    ),
                })
            }
            NotFreed(i) => {
                if self.is_null(i) {
                    return None;
                }
                let o = self.obj(i)?;
                o.freed.then(|| Bad {
                    arg: Some(i),
                    detail: format!("it points into {}", o.name()),
                })
            }
            AffinityThread0(i) => {
                let p = self.s(i);
                (p.thread != 0).then(|| Bad {
                    arg: Some(i),
                    detail: format!("it has affinity to thread {}", p.thread),
                })
            }
            Fits(span) => self.fits(span),
            NoOverlap(a, b) => self.no_overlap(a, b),
            PhaseBelowBlock { ptr, blk } => {
                let (ph, b) = (self.s(ptr).phase as u64, self.bits(blk));
                (b > 0 && ph >= b).then(|| Bad {
                    arg: Some(ptr),
                    detail: format!("its phase is {ph} and {} is {b}", self.name(blk)),
                })
            }
            SameThreadAndPhase(a, b) => {
                let (x, y) = (self.s(a), self.s(b));
                (x.thread != y.thread || x.phase != y.phase).then(|| Bad {
                    arg: Some(a),
                    detail: format!(
                        "{} is {} and {} is {}",
                        self.name(a),
                        value::pshared(x),
                        self.name(b),
                        value::pshared(y)
                    ),
                })
            }
            AllocationStart(i) => self.allocation_start(i),
            LockValid(i) => {
                if self.is_null(i) {
                    return None;
                }
                (self.w.lock(self.s(i)) == LockState::NotALock).then(|| Bad {
                    arg: Some(i),
                    detail: "it does not point to a lock".into(),
                })
            }
            NotLock(i) => {
                if self.is_null(i) {
                    return None;
                }
                let freed = match self.w.lock(self.s(i)) {
                    LockState::Valid => "",
                    LockState::Freed => " (already freed)",
                    _ => return None,
                };
                Some(Bad {
                    arg: Some(i),
                    detail: format!("it points to a lock{freed}"),
                })
            }
            PrivateCapacity { ptr, n } => {
                if self.is_null(ptr) {
                    return None;
                }
                let want = self.size(n);
                let (room, from) = self.w.private_capacity(self.p(ptr), want)?;
                let what = match from {
                    super::private::Source::Array => "the declared array",
                    super::private::Source::Heap => "its malloc block",
                };
                (want > room).then(|| Bad {
                    arg: Some(ptr),
                    detail: format!(
                        "private buffer too small: {what} holds {room} bytes from there, but {want} bytes are transferred"
                    ),
                })
            }
            LockNotFreed(i) => {
                if self.is_null(i) {
                    return None;
                }
                (self.w.lock(self.s(i)) == LockState::Freed).then(|| Bad {
                    arg: Some(i),
                    detail: "the lock was freed by upc_lock_free or upc_all_lock_free".into(),
                })
            }
            ValidSyncFlags(i) => {
                let v = self.bits(i);
                let (inp, out) = (v & SYNC_IN_MASK, v & SYNC_OUT_MASK);
                let ok = inp.count_ones() <= 1 && out.count_ones() <= 1 && inp | out == v;
                (!ok).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            ValidOp(i) => {
                let v = self.bits(i);
                (v.count_ones() != 1 || v & REDUCE_OPS == 0).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            NoBitwiseOnFloat(i) => (self.bits(i) & BITWISE_OPS != 0).then(|| Bad {
                arg: Some(i),
                detail: format!("{} reduces a floating type", self.op.name),
            }),
            FuncRequiredFor { op, func } => {
                let v = self.bits(op);
                ((v == UPC_FUNC || v == UPC_NONCOMM_FUNC) && self.is_null(func)).then(|| Bad {
                    arg: Some(func),
                    detail: String::new(),
                })
            }
            IsPermutation(i) => self.permutation(i),
            FileOpen(i) => match self.w.file(self.p(i)) {
                FileState::Closed => bad(i, "the file was closed by upc_all_fclose"),
                FileState::NotAFile => bad(i, "it is not a handle returned by upc_all_fopen"),
                _ => None,
            },
            OneAccessMode(i) => {
                let n = (self.bits(i) & IO_ACCESS_MASK).count_ones();
                (n != 1).then(|| Bad {
                    arg: Some(i),
                    detail: if n == 0 {
                        "none given"
                    } else {
                        "several given"
                    }
                    .into(),
                })
            }
            OneFpKind(i) => {
                let n = (self.bits(i) & IO_FP_MASK).count_ones();
                (n != 1).then(|| Bad {
                    arg: Some(i),
                    detail: if n == 0 { "none given" } else { "both given" }.into(),
                })
            }
            KnownIoFlags(i) => {
                let unknown = self.bits(i) & !IO_ALL_FLAGS;
                (unknown != 0).then(|| Bad {
                    arg: Some(i),
                    detail: format!("unknown bits {unknown:#x}"),
                })
            }
            ExclNeedsCreate(i) => {
                let v = self.bits(i);
                (v & UPC_EXCL != 0 && v & UPC_CREATE == 0).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            TruncNeedsWrite(i) => {
                let v = self.bits(i);
                (v & UPC_TRUNC != 0 && v & (UPC_WRONLY | UPC_RDWR) == 0).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            HintsAllocated { numhints, hints } => self.hints(numhints, hints),
            CString(i) => {
                let p = self.p(i);
                (p != 0 && memory::c_string_len(p, 1 << 16).is_none()).then(|| Bad {
                    arg: Some(i),
                    detail: "it is not readable memory holding a string".into(),
                })
            }
            FcntlHintValid { cmd, arg } => {
                let a = self.p(arg);
                if self.bits(cmd) != UPC_SET_HINT || a == 0 {
                    return None;
                }
                if !self.w.readable(a, HINT) {
                    return bad(arg, "it does not point to an allocated hint");
                }
                // SAFETY: just found readable.
                let (key, val) = unsafe {
                    let e = a as *const usize;
                    (e.read_unaligned(), e.add(1).read_unaligned())
                };
                for (what, s) in [("key", key), ("value", val)] {
                    if memory::c_string_len(s, 1 << 16).is_none() {
                        return bad(
                            arg,
                            format!("its {what} is {} (not a string)", value::ptr(s)),
                        );
                    }
                }
                None
            }
            ValidWhence(i) => {
                let v = self.int(i);
                let ok = [UPC_SEEK_SET, UPC_SEEK_CUR, UPC_SEEK_END]
                    .iter()
                    .any(|&w| w as i128 == v);
                (!ok).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            SeekNotNegative { fd, offset, origin } => {
                let off = self.int(offset);
                let o = self.bits(origin);
                let base = if o == UPC_SEEK_SET {
                    Some(0)
                } else if let FileState::Open { position, size, .. } = self.w.file(self.p(fd)) {
                    if o == UPC_SEEK_CUR {
                        position
                    } else if o == UPC_SEEK_END {
                        size
                    } else {
                        None
                    }
                } else {
                    None
                };
                let base = base? as i128;
                (base + off < 0).then(|| Bad {
                    arg: Some(offset),
                    detail: format!("the position would be {}", base + off),
                })
            }
            Readable(i) => self.open_flags(i).and_then(|f| {
                (f & (UPC_RDONLY | UPC_RDWR) == 0).then(|| Bad {
                    arg: Some(i),
                    detail: format!("it was opened with {}", bits_name(f, IO_FLAGS)),
                })
            }),
            Writable(i) => self.open_flags(i).and_then(|f| {
                (f & (UPC_WRONLY | UPC_RDWR) == 0).then(|| Bad {
                    arg: Some(i),
                    detail: format!("it was opened with {}", bits_name(f, IO_FLAGS)),
                })
            }),
            IndividualFp(i) => self.open_flags(i).and_then(|f| {
                (f & UPC_COMMON_FP != 0).then(|| Bad {
                    arg: Some(i),
                    detail: "it uses a common file pointer".into(),
                })
            }),
            NoAsyncOutstanding(i) => match self.w.file(self.p(i)) {
                FileState::Open {
                    async_outstanding: true,
                    ..
                } => bad(
                    i,
                    "complete it first with upc_all_fwait_async or upc_all_ftest_async",
                ),
                _ => None,
            },
            AsyncOutstanding(i) => match self.w.file(self.p(i)) {
                FileState::Open {
                    async_outstanding: false,
                    ..
                } => bad(i, "no asynchronous read or write was started on it"),
                _ => None,
            },
            ValidFcntlCmd(i) => {
                let v = self.int(i);
                (!FCNTL_CMDS.iter().any(|(_, c)| *c as i128 == v)).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            FcntlArgRequired { cmd, arg } => {
                let c = self.bits(cmd);
                ((c == UPC_GET_FN || c == UPC_GET_HINTS || c == UPC_SET_HINT) && self.is_null(arg))
                    .then(|| Bad {
                        arg: Some(arg),
                        detail: format!("{} is {}", self.name(cmd), value_name(c, FCNTL_CMDS)),
                    })
            }
            FcntlDuringAsync { fd, cmd } => match self.w.file(self.p(fd)) {
                FileState::Open {
                    async_outstanding: true,
                    ..
                } if self.bits(cmd) != UPC_ASYNC_OUTSTANDING => bad(cmd, ""),
                _ => None,
            },
            ListLengthsMatch {
                mem_n,
                mem,
                file_n,
                file,
                shared,
            } => self.list_lengths(mem_n, mem, file_n, file, shared),
            FilevecSorted { n, vec } => self.filevec_sorted(n, vec),
            MemvecNoOverlap { n, vec, shared } => self.memvec_no_overlap(n, vec, shared),
            FilevecNoOverlap { n, vec } => self.filevec_no_overlap(n, vec),
            MemvecValid { n, vec, shared } => self.memvec_valid(n, vec, shared),
            AtomicType(i) => atomic_type(self.bits(i)).is_none().then(|| Bad {
                arg: Some(i),
                detail: String::new(),
            }),
            AtomicOpsForType { ty, ops } => {
                let (supported, _) = atomic_type(self.bits(ty))?;
                let extra = self.bits(ops) & !supported;
                (extra != 0).then(|| Bad {
                    arg: Some(ops),
                    detail: format!(
                        "{} is not supported for {}",
                        bits_name(extra, OPS),
                        value_name(self.bits(ty), TYPES)
                    ),
                })
            }
            AtomicHint(i) => {
                let v = self.int(i);
                (!(0..=2).contains(&v)).then(|| Bad {
                    arg: Some(i),
                    detail: String::new(),
                })
            }
            DomainValid(i) => {
                if self.is_null(i) {
                    return None;
                }
                match self.w.domain(self.s(i)) {
                    DomainState::Freed => bad(i, "the domain was freed"),
                    DomainState::NotADomain => bad(i, "it does not point to an atomic domain"),
                    _ => None,
                }
            }
            OpInDomain { domain, op } => {
                let v = self.bits(op);
                let all = ATOMIC_ACCESS_OPS | ATOMIC_BITWISE_OPS | ATOMIC_NUMERIC_OPS;
                if v.count_ones() != 1 || v & all == 0 {
                    return bad(op, "it is not one atomic operation");
                }
                if self.is_null(domain) {
                    return None;
                }
                match self.w.domain(self.s(domain)) {
                    DomainState::Valid { ops, .. } if v & ops == 0 => {
                        bad(op, format!("the domain allows {}", bits_name(ops, OPS)))
                    }
                    _ => None,
                }
            }
            TargetAligned { domain, target } => {
                if self.is_null(domain) || self.is_null(target) {
                    return None;
                }
                let DomainState::Valid { ty, .. } = self.w.domain(self.s(domain)) else {
                    return None;
                };
                let (_, size) = atomic_type(ty)?;
                let align = size.min(8) as u64;
                let addr = self.s(target).addr;
                (!addr.is_multiple_of(align)).then(|| Bad {
                    arg: Some(target),
                    detail: format!(
                        "{} needs {align}-byte alignment, the address is {addr:#x}",
                        value_name(ty, TYPES)
                    ),
                })
            }
            Operand1Use { op, operand1 } => {
                let v = self.bits(op);
                if v.count_ones() != 1 {
                    return None;
                }
                let unused = v == UPC_GET || v == UPC_INC || v == UPC_DEC;
                let null = self.is_null(operand1);
                (unused != null).then(|| Bad {
                    arg: Some(operand1),
                    detail: format!("{} is {}", self.name(op), bits_name(v, OPS)),
                })
            }
            Operand2Use { op, operand2 } => {
                let v = self.bits(op);
                if v.count_ones() != 1 {
                    return None;
                }
                let needed = v == UPC_CSWAP;
                let null = self.is_null(operand2);
                (needed == null).then(|| Bad {
                    arg: Some(operand2),
                    detail: format!("{} is {}", self.name(op), bits_name(v, OPS)),
                })
            }
            FetchForGet { op, fetch } => {
                (self.bits(op) == UPC_GET && self.is_null(fetch)).then(|| Bad {
                    arg: Some(fetch),
                    detail: String::new(),
                })
            }
            HandleValid(i) => {
                let h = self.bits(i);
                if h == UPC_COMPLETE_HANDLE {
                    return None;
                }
                match self.w.handle(h) {
                    HandleState::Consumed => bad(i, "it was already completed by upc_sync"),
                    HandleState::OtherThread(t) => bad(i, format!("it belongs to thread {t}")),
                    HandleState::Invalid => bad(i, "no *_nb call returned it"),
                    _ => None,
                }
            }
        }
    }

    fn open_flags(&self, fd: u8) -> Option<u64> {
        match self.w.file(self.p(fd)) {
            FileState::Open { flags, .. } => Some(flags),
            _ => None,
        }
    }

    // ---- memory regions -------------------------------------------------------------------

    /// The per-thread ranges of a shared span (None for private spans outside the segment).
    fn ranges(&self, span: Span, mut f: impl FnMut(Range)) {
        match span {
            Span::OnThread { ptr, n } => f(layout::on_thread(self.s(ptr), self.size(n))),
            Span::EveryThread { ptr, n } => f(layout::every_thread(self.s(ptr), self.size(n))),
            Span::Blocked {
                ptr,
                nelems,
                blk,
                elem,
            } => layout::blocked(
                self.s(ptr),
                self.size(nelems),
                self.bits(blk),
                self.size(elem),
                self.threads(),
                f,
            ),
            Span::Local { ptr, n } => {
                if let Some((t, off)) = self.w.segment_pos(self.p(ptr)) {
                    f(Range {
                        thread: Some(t),
                        lo: off,
                        hi: off.saturating_add(self.size(n)),
                    })
                }
            }
        }
    }

    fn fits(&mut self, span: Span) -> Option<Bad> {
        let ptr = span.ptr();
        if self.is_null(ptr) {
            return None;
        }
        if let Span::Local { n, .. } = span {
            let (addr, len) = (self.p(ptr), self.size(n));
            return (!self.w.readable(addr, len as usize)).then(|| Bad {
                arg: Some(ptr),
                detail: format!("{len} bytes at {addr:#x} are not accessible memory"),
            });
        }
        let p = self.s(ptr);
        let threads = self.threads();
        if p.thread as usize >= threads {
            return None; // ValidShared reports it
        }
        let mut rs = Ranges::default();
        self.ranges(span, |r| rs.push(r));
        let list = rs.as_slice();
        if list.is_empty() {
            return None;
        }
        if list.iter().all(|r| r.lo >= r.hi) {
            return None; // nothing is accessed
        }
        let (part, reserved, complete) = (
            self.w.part_size(),
            self.w.reserved(),
            self.w.objects_complete(),
        );
        let obj = self.obj(ptr).copied();
        let Some(o) = obj else {
            let outside = part > 0 && (p.addr < reserved || p.addr >= part);
            return (complete || outside).then(|| Bad {
                arg: Some(ptr),
                detail: format!(
                    "{} does not point into any shared object",
                    value::pshared(p)
                ),
            });
        };
        if o.freed {
            return None; // NotFreed reports it
        }
        for r in list {
            let (t_lo, t_hi) = match r.thread {
                Some(t) => (t, t + 1),
                None => (0, threads as u32),
            };
            for t in t_lo..t_hi {
                if r.lo == r.hi {
                    continue;
                }
                let have = o.bytes_on(t, threads);
                let end = o.base.saturating_add(have);
                if r.lo < o.base || r.hi > end {
                    let detail = if have == 0 {
                        format!(
                            "{} has no bytes on thread {t}, but the call accesses {:#x}..{:#x} there",
                            o.name(), r.lo, r.hi
                        )
                    } else if r.lo < o.base {
                        format!(
                            "on thread {t} the call accesses {} bytes before the start of {}",
                            o.base - r.lo,
                            o.name()
                        )
                    } else {
                        format!(
                            "{} has {have} bytes on thread {t} ({:#x}..{:#x}); the call \
                             accesses {:#x}..{:#x}, {} bytes past its end",
                            o.name(),
                            o.base,
                            end,
                            r.lo,
                            r.hi,
                            r.hi - end
                        )
                    };
                    return bad(ptr, detail);
                }
            }
        }
        None
    }

    fn no_overlap(&self, a: Span, b: Span) -> Option<Bad> {
        if self.is_null(a.ptr()) || self.is_null(b.ptr()) {
            return None;
        }
        let mut rs = Ranges::default();
        self.ranges(a, |r| rs.push(r));
        let ra = rs.as_slice();
        if ra.is_empty() {
            return None;
        }
        let mut hit = None;
        self.ranges(b, |r| {
            if hit.is_none() {
                if let Some(x) = ra.iter().find(|x| x.overlaps(&r)) {
                    hit = Some((*x, r));
                }
            }
        });
        let (x, y) = hit?;
        let lo = x.lo.max(y.lo);
        let hi = x.hi.min(y.hi);
        let on = match x.thread.or(y.thread) {
            Some(t) => format!("on thread {t}"),
            None => "on every thread".to_string(),
        };
        bad(
            a.ptr(),
            format!(
                "{} and {} share bytes {lo:#x}..{hi:#x} {on}",
                self.name(a.ptr()),
                self.name(b.ptr())
            ),
        )
    }

    fn allocation_start(&mut self, i: u8) -> Option<Bad> {
        if self.is_null(i) {
            return None;
        }
        let p = self.s(i);
        if p.thread as usize >= self.threads() {
            return None;
        }
        let complete = self.w.objects_complete();
        let Some(o) = self.obj(i) else {
            return complete.then(|| Bad {
                arg: Some(i),
                detail: "it does not point into any shared object".into(),
            });
        };
        if o.freed {
            return None;
        }
        if !o.dynamic {
            return bad(i, format!("{} is {}", o.name(), o.what));
        }
        let start_thread = o.only_thread.unwrap_or(o.first_thread);
        (p.addr != o.base || p.thread != start_thread).then(|| Bad {
            arg: Some(i),
            detail: format!(
                "it points inside {} (which starts at {})",
                o.name(),
                value::pshared(PShared {
                    addr: o.base,
                    thread: start_thread,
                    phase: 0
                })
            ),
        })
    }

    fn permutation(&self, i: u8) -> Option<Bad> {
        let p = self.s(i);
        let threads = self.threads();
        // perm has block size 1 and affinity to thread 0: perm[t] is at the same offset on
        // thread t.  The values may still be in flight when the call does not start with
        // UPC_IN_NOSYNC, so a bad permutation is re-read for a short while before it is
        // reported.
        let deadline = std::time::Instant::now() + self.w.settle_time();
        loop {
            let mut seen = vec![usize::MAX; threads];
            let mut problem = None;
            for t in 0..threads {
                let v = self.w.read_shared_i32(t as u32, p.addr)?;
                if v < 0 || v as usize >= threads {
                    problem = Some(format!(
                        "{}[{t}] is {v}, not a thread index (THREADS is {threads})",
                        self.name(i)
                    ));
                    break;
                }
                if seen[v as usize] != usize::MAX {
                    problem = Some(format!(
                        "{}[{}] and {}[{t}] are both {v}",
                        self.name(i),
                        seen[v as usize],
                        self.name(i)
                    ));
                    break;
                }
                seen[v as usize] = t;
            }
            match problem {
                None => return None,
                Some(d) if std::time::Instant::now() >= deadline => return bad(i, d),
                Some(_) => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
    }

    // ---- UPC-IO vectors -------------------------------------------------------------------

    fn hints(&self, numhints: u8, hints: u8) -> Option<Bad> {
        let n = self.bits(numhints);
        if n == 0 {
            return None;
        }
        let h = self.p(hints);
        if h == 0 {
            return bad(
                hints,
                format!(
                    "{} is {n} and {} is NULL",
                    self.name(numhints),
                    self.name(hints)
                ),
            );
        }
        let n = n.min(1 << 16) as usize;
        if !self.w.readable(h, n * HINT) {
            return bad(
                hints,
                format!(
                    "{} is {n} but {} does not point to {n} allocated hints",
                    self.name(numhints),
                    self.name(hints)
                ),
            );
        }
        for k in 0..n {
            // SAFETY: the array was just found readable.
            let (key, val) = unsafe {
                let e = (h + k * HINT) as *const usize;
                (e.read_unaligned(), e.add(1).read_unaligned())
            };
            for (what, s) in [("key", key), ("value", val)] {
                if memory::c_string_len(s, 1 << 16).is_none() {
                    return bad(
                        hints,
                        format!(
                            "{}[{k}].{what} is {} (not a string)",
                            self.name(hints),
                            value::ptr(s)
                        ),
                    );
                }
            }
        }
        None
    }

    /// Read `n` entries of `size` bytes at the private vector argument `vec` as words.
    fn vector(&self, n: u8, vec: u8, size: usize) -> Option<Vec<[u64; 4]>> {
        let cnt = self.bits(n) as usize;
        let p = self.p(vec);
        if cnt == 0 || p == 0 {
            return Some(Vec::new());
        }
        let bytes = cnt.checked_mul(size)?;
        if !self.w.readable(p, bytes) {
            return None;
        }
        let words = size / 8;
        Some(
            (0..cnt)
                .map(|k| {
                    let mut e = [0u64; 4];
                    for (j, w) in e.iter_mut().enumerate().take(words) {
                        // SAFETY: inside the readable vector.
                        *w = unsafe { ((p + k * size + j * 8) as *const u64).read_unaligned() };
                    }
                    e
                })
                .collect(),
        )
    }

    fn unreadable(&self, n: u8, vec: u8) -> Option<Bad> {
        bad(
            vec,
            format!(
                "{} does not point to {} readable entries",
                self.name(vec),
                self.bits(n)
            ),
        )
    }

    /// (len) of each memvec entry.
    fn mem_len(e: &[u64; 4], shared: bool) -> u64 {
        if shared {
            e[3]
        } else {
            e[1]
        }
    }

    fn list_lengths(&self, mem_n: u8, mem: u8, file_n: u8, file: u8, shared: bool) -> Option<Bad> {
        let m = self.vector(
            mem_n,
            mem,
            if shared { SHARED_MEMVEC } else { LOCAL_MEMVEC },
        )?;
        let f = self.vector(file_n, file, FILEVEC)?;
        let ms: u128 = m.iter().map(|e| Self::mem_len(e, shared) as u128).sum();
        let fs: u128 = f.iter().map(|e| e[1] as u128).sum();
        (ms != fs).then(|| Bad {
            arg: Some(mem),
            detail: format!(
                "{} totals {ms} bytes, {} totals {fs} bytes",
                self.name(mem),
                self.name(file)
            ),
        })
    }

    fn filevec_sorted(&self, n: u8, vec: u8) -> Option<Bad> {
        let Some(f) = self.vector(n, vec, FILEVEC) else {
            return self.unreadable(n, vec);
        };
        let mut prev = 0i64;
        for (k, e) in f.iter().enumerate() {
            let off = e[0] as i64;
            if off < 0 {
                return bad(vec, format!("{}[{k}].offset is {off}", self.name(vec)));
            }
            if off < prev {
                return bad(
                    vec,
                    format!(
                        "{}[{k}].offset {off} is below {}[{}].offset {prev}",
                        self.name(vec),
                        self.name(vec),
                        k - 1
                    ),
                );
            }
            prev = off;
        }
        None
    }

    fn filevec_no_overlap(&self, n: u8, vec: u8) -> Option<Bad> {
        let f = self.vector(n, vec, FILEVEC)?;
        let mut end = 0u64;
        let mut who = 0;
        for (k, e) in f.iter().enumerate() {
            let (off, len) = (e[0], e[1]);
            if len == 0 {
                continue;
            }
            if k > 0 && off < end {
                return bad(
                    vec,
                    format!(
                        "{}[{who}] and {}[{k}] both cover file offset {off}",
                        self.name(vec),
                        self.name(vec)
                    ),
                );
            }
            if off.saturating_add(len) > end {
                end = off.saturating_add(len);
                who = k;
            }
        }
        None
    }

    /// The memory ranges of memvec entry `e`.
    fn memvec_ranges(&self, e: &[u64; 4], shared: bool) -> Vec<Range> {
        let mut out = Vec::new();
        if shared {
            let p = PShared {
                addr: e[0],
                thread: e[1] as u32,
                phase: 0,
            };
            layout::blocked(p, e[3], e[2], 1, self.threads(), |r| out.push(r));
        } else if let Some((t, off)) = self.w.segment_pos(e[0] as usize) {
            out.push(Range {
                thread: Some(t),
                lo: off,
                hi: off.saturating_add(e[1]),
            });
        } else {
            // Private memory outside the segment: thread u32::MAX stands for "private".
            out.push(Range {
                thread: Some(u32::MAX),
                lo: e[0],
                hi: e[0].saturating_add(e[1]),
            });
        }
        out
    }

    fn memvec_no_overlap(&self, n: u8, vec: u8, shared: bool) -> Option<Bad> {
        let m = self.vector(n, vec, if shared { SHARED_MEMVEC } else { LOCAL_MEMVEC })?;
        if m.len() > PAIRWISE_LIMIT {
            return None;
        }
        let ranges: Vec<Vec<Range>> = m.iter().map(|e| self.memvec_ranges(e, shared)).collect();
        for a in 0..ranges.len() {
            for b in a + 1..ranges.len() {
                if ranges[a]
                    .iter()
                    .any(|x| ranges[b].iter().any(|y| x.overlaps(y)))
                {
                    return bad(
                        vec,
                        format!(
                            "{}[{a}] and {}[{b}] overlap",
                            self.name(vec),
                            self.name(vec)
                        ),
                    );
                }
            }
        }
        None
    }

    fn memvec_valid(&self, n: u8, vec: u8, shared: bool) -> Option<Bad> {
        let Some(m) = self.vector(n, vec, if shared { SHARED_MEMVEC } else { LOCAL_MEMVEC }) else {
            return self.unreadable(n, vec);
        };
        let threads = self.threads();
        for (k, e) in m.iter().enumerate() {
            let len = Self::mem_len(e, shared);
            if len == 0 {
                continue;
            }
            let name = self.name(vec);
            if !shared {
                if !self.w.readable(e[0] as usize, len as usize) {
                    return bad(
                        vec,
                        format!(
                            "{name}[{k}]: {len} bytes at {} are not accessible memory",
                            value::ptr(e[0] as usize)
                        ),
                    );
                }
                continue;
            }
            let p = PShared {
                addr: e[0],
                thread: e[1] as u32,
                phase: (e[1] >> 32) as u32,
            };
            if p.addr == 0 && p.thread == 0 {
                return bad(vec, format!("{name}[{k}].baseaddr is NULL"));
            }
            if p.thread as usize >= threads {
                return bad(
                    vec,
                    format!(
                        "{name}[{k}].baseaddr has thread {} (THREADS is {threads})",
                        p.thread
                    ),
                );
            }
            let Some(o) = self.w.object(p) else {
                if self.w.objects_complete() {
                    return bad(
                        vec,
                        format!("{name}[{k}].baseaddr does not point into any shared object"),
                    );
                }
                continue;
            };
            if o.freed {
                return bad(
                    vec,
                    format!("{name}[{k}].baseaddr points into freed {}", o.name()),
                );
            }
            let mut problem = None;
            layout::blocked(PShared { phase: 0, ..p }, len, e[2], 1, threads, |r| {
                let t = r.thread.unwrap_or(0);
                let end = o.base + o.bytes_on(t, threads);
                if problem.is_none() && (r.lo < o.base || r.hi > end) {
                    problem = Some(format!(
                            "{name}[{k}]: {len} bytes (block size {}) reach past the end of {} on thread {t}",
                            e[2], o.name()
                        ));
                }
            });
            if let Some(d) = problem {
                return bad(vec, d);
            }
        }
        None
    }
}

//! `<upc_atomic.h>`: atomic domains and every operation for every supported type.
//!
//! A domain is a small record in thread 0's local heap (collective allocation, same pointer on
//! every thread).  Integer and floating operations are hardware atomics on the target's local
//! address (integers: native read-modify-write; MULT/MIN/MAX and floats: compare-and-swap loops).
//! Pointer-to-shared targets (16 bytes) go through one of 256 futex-mutex stripes chosen by
//! address.  Strict and relaxed operations are both sequentially consistent.

// `c_ulong as u64` is a no-op here but not on every target.
#![allow(clippy::unnecessary_cast)]

use crate::alloc::{self, ObjectKind};
use crate::conduit::{AtomicOp, AtomicType, Conduit};
use crate::memops;
use crate::sync::Mutex;
use crate::{barrier, job, rt, segment, PShared};
use std::ffi::{c_int, c_ulong, c_void};
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering::SeqCst};

use rules::consts as upc;
pub use rules::consts::{
    UPC_ADD, UPC_AND, UPC_CSWAP, UPC_DEC, UPC_GET, UPC_INC, UPC_MAX, UPC_MIN, UPC_MULT, UPC_OR,
    UPC_SET, UPC_SUB, UPC_XOR,
};

// `upc_type_t` is an int in the C ABI.
pub const UPC_INT: c_int = upc::UPC_INT as c_int;
pub const UPC_UINT: c_int = upc::UPC_UINT as c_int;
pub const UPC_LONG: c_int = upc::UPC_LONG as c_int;
pub const UPC_ULONG: c_int = upc::UPC_ULONG as c_int;
pub const UPC_INT32: c_int = upc::UPC_INT32 as c_int;
pub const UPC_UINT32: c_int = upc::UPC_UINT32 as c_int;
pub const UPC_INT64: c_int = upc::UPC_INT64 as c_int;
pub const UPC_UINT64: c_int = upc::UPC_UINT64 as c_int;
pub const UPC_FLOAT: c_int = upc::UPC_FLOAT as c_int;
pub const UPC_DOUBLE: c_int = upc::UPC_DOUBLE as c_int;
pub const UPC_PTS: c_int = upc::UPC_PTS as c_int;

const ACCESSORS: u64 = upc::ATOMIC_ACCESS_OPS;
const BITWISE: u64 = upc::ATOMIC_BITWISE_OPS;
const NUMERIC: u64 = upc::ATOMIC_NUMERIC_OPS;

const DOMAIN_MAGIC: u32 = 0xD0A1_D0A1;

#[repr(C)]
struct DomainRecord {
    magic: AtomicU32,
    ty: AtomicI32,
    ops: AtomicU64,
    hints: AtomicI32,
    freed: AtomicU32,
}

/// Operations allowed for a type (UPC 1.3 atomics table); 0 = unsupported type.
pub fn supported_ops(ty: c_int) -> u64 {
    match ty {
        UPC_INT | UPC_UINT | UPC_LONG | UPC_ULONG | UPC_INT32 | UPC_UINT32 | UPC_INT64
        | UPC_UINT64 => ACCESSORS | BITWISE | NUMERIC,
        UPC_FLOAT | UPC_DOUBLE => ACCESSORS | NUMERIC,
        UPC_PTS => ACCESSORS,
        _ => 0,
    }
}

/// Size in bytes of a domain type's objects.
pub fn type_size(ty: c_int) -> usize {
    match ty {
        UPC_INT | UPC_UINT | UPC_INT32 | UPC_UINT32 | UPC_FLOAT => 4,
        UPC_LONG | UPC_ULONG | UPC_INT64 | UPC_UINT64 | UPC_DOUBLE => 8,
        UPC_PTS => 16,
        _ => 0,
    }
}

/// A domain as the checker sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DomainInfo {
    pub ty: c_int,
    pub ops: u64,
    pub hints: c_int,
    pub freed: bool,
}

fn record(d: PShared) -> &'static DomainRecord {
    // SAFETY: callers checked the allocation header first.
    unsafe { &*(d.local() as *const DomainRecord) }
}

/// The domain `d` designates (None: not a domain).
pub fn domain_info(d: PShared) -> Option<DomainInfo> {
    if d.is_null() || !segment::is_mapped() {
        return None;
    }
    if let Some(ty) = bupc_domain_type(d) {
        return Some(DomainInfo {
            ty,
            ops: supported_ops(ty),
            hints: 0,
            freed: false,
        });
    }
    if let Some(i) = known_domain(d) {
        return Some(i);
    }
    match alloc::header_at(d) {
        Some((ObjectKind::AtomicDomain, _)) => {}
        _ => return None,
    }
    // another thread's record through the conduit when the control words go through it
    // (one get; `meta::Via`), else in place
    let copy;
    let r = match crate::meta::Via::of(d.thread) {
        crate::meta::Via::Mapped => record(d),
        via => {
            // SAFETY: all-zero is a valid DomainRecord (atomics).
            let mut c: DomainRecord = unsafe { std::mem::zeroed() };
            // SAFETY: the bytes of the local copy, overwritten whole by the get.
            let bytes = unsafe {
                std::slice::from_raw_parts_mut(
                    &mut c as *mut DomainRecord as *mut u8,
                    std::mem::size_of::<DomainRecord>(),
                )
            };
            via.read(record(d) as *const DomainRecord as *const u8, bytes);
            copy = c;
            &copy
        }
    };
    (r.magic.load(SeqCst) == DOMAIN_MAGIC).then(|| DomainInfo {
        ty: r.ty.load(SeqCst),
        ops: r.ops.load(SeqCst),
        hints: r.hints.load(SeqCst),
        freed: r.freed.load(SeqCst) != 0,
    })
}

/// Domains this process got from `upc_all_atomicdomain_alloc` whose record is on another
/// node (every thread its own node): (home thread, address, what it is), so that each atomic
/// operation and each check of one does not read its block header and record through the
/// conduit (four round trips).  A domain's record never changes while it lives, and it is
/// freed only by `upc_all_atomicdomain_free` (`upc_free` refuses it), which every thread
/// calls and which drops it here first: from then on this thread reads it again (and sees
/// it freed).  A few entries: a miss reads the record as before.
static KNOWN_DOMAINS: std::sync::Mutex<Vec<(u32, u64, DomainInfo)>> =
    std::sync::Mutex::new(Vec::new());
const KNOWN_DOMAINS_MAX: usize = 16;

fn known_domain(d: PShared) -> Option<DomainInfo> {
    let k = KNOWN_DOMAINS.lock().ok()?;
    k.iter()
        .find(|e| e.0 == d.thread && e.1 == d.addr && d.phase == 0)
        .map(|e| e.2)
}

fn remember_domain(d: PShared, info: DomainInfo) {
    if d.is_null() || crate::meta::mapped(d.thread) {
        return;
    }
    if let Ok(mut k) = KNOWN_DOMAINS.lock() {
        k.retain(|e| !(e.0 == d.thread && e.1 == d.addr));
        if k.len() >= KNOWN_DOMAINS_MAX {
            k.remove(0);
        }
        k.push((d.thread, d.addr, info));
    }
}

fn forget_domain(d: PShared) {
    if let Ok(mut k) = KNOWN_DOMAINS.lock() {
        k.retain(|e| !(e.0 == d.thread && e.1 == d.addr));
    }
}

fn fatal(msg: String) -> ! {
    job::fatal_error(&format!(
        "upc-check: error: thread {}: {msg}\n",
        segment::mythread()
    ))
}

#[no_mangle]
pub extern "C" fn upc_all_atomicdomain_alloc(ty: c_int, ops: c_ulong, hints: c_int) -> PShared {
    let ops = ops as u64;
    let allowed = supported_ops(ty);
    if allowed == 0 || ops == 0 || ops & !allowed != 0 {
        fatal(format!(
            "upc_all_atomicdomain_alloc: operations {ops:#x} are not supported for type {ty}"
        ));
    }
    let d = alloc::collective_pointer(|| {
        let p = alloc::local_alloc(0, 32, ObjectKind::AtomicDomain);
        if !p.is_null() {
            let r = record(p);
            r.ty.store(ty, SeqCst);
            r.ops.store(ops, SeqCst);
            r.hints.store(hints, SeqCst);
            r.freed.store(0, SeqCst);
            r.magic.store(DOMAIN_MAGIC, SeqCst);
        }
        p
    });
    // (the record as the allocating thread wrote it, read once)
    if !d.is_null() && !crate::meta::mapped(d.thread) {
        if let Some(info) = domain_info(d) {
            remember_domain(d, info);
        }
    }
    d
}

#[no_mangle]
pub extern "C" fn upc_all_atomicdomain_free(d: PShared) {
    if d.is_null() {
        return;
    }
    forget_domain(d);
    barrier::barrier_internal();
    if segment::mythread() == 0 {
        if bupc_domain_type(d).is_some() {
            fatal("upc_all_atomicdomain_free: not a live atomic domain".into());
        }
        match domain_info(d) {
            Some(i) if !i.freed => {
                record(d).freed.store(1, SeqCst);
                record(d).magic.store(0, SeqCst);
                alloc::free(d, "upc_all_atomicdomain_free");
            }
            _ => fatal("upc_all_atomicdomain_free: not a live atomic domain".into()),
        }
    }
}

/// Where the domains of `<bupc_atomic.h>` point: thread 0's partition at
/// `BUPC_DOMAINS + 16 * type`, inside the part the runtime reserves (no object is there).
const BUPC_DOMAINS: u64 = 0x100;

/// The domain of `ty` for Berkeley UPC's atomic operations: `<bupc_atomic.h>` makes each one
/// a `upc_atomic_strict`/`upc_atomic_relaxed` on it, so that the checks and the race checker
/// see them as UPC 1.3 atomics.  It has every operation of the type and is no allocation (a
/// fixed pointer that `domain_info` knows), so it takes no heap memory a freed object could
/// have had, and needs no collective call.
#[no_mangle]
pub extern "C" fn upcc_bupc_atomic_domain(ty: c_int) -> PShared {
    if supported_ops(ty) == 0 {
        fatal(format!("bupc_atomic: type {ty} has no atomic operations"));
    }
    PShared::new(0, BUPC_DOMAINS + 16 * ty as u64, 0)
}

/// The type of a `<bupc_atomic.h>` domain pointer.
fn bupc_domain_type(d: PShared) -> Option<c_int> {
    let off = d.addr.checked_sub(BUPC_DOMAINS)?;
    let ty = (off / 16) as c_int;
    (d.thread == 0 && off % 16 == 0 && off < 16 * 64 && supported_ops(ty) != 0).then_some(ty)
}

fn stripe(addr: usize) -> &'static Mutex {
    let i = (addr >> 4).wrapping_mul(0x9E37_79B9) % rt::ATOMIC_STRIPES;
    // SAFETY: stripe lines are zero-initialized cache lines of the runtime region.
    unsafe { &*(rt::stripe_line(i) as *const Mutex) }
}

macro_rules! int_op {
    ($t:ty, $at:ty, $op:expr, $target:expr, $o1:expr, $o2:expr) => {{
        // SAFETY: target is an aligned object of the domain's type in the segment (checker's
        // job); operands are private objects of that type.
        let a = unsafe { &*($target as *const $at) };
        let v1 = || unsafe { *($o1 as *const $t) };
        let old: $t = match $op {
            UPC_GET => a.load(SeqCst),
            UPC_SET => a.swap(v1(), SeqCst),
            UPC_CSWAP => {
                let new = unsafe { *($o2 as *const $t) };
                match a.compare_exchange(v1(), new, SeqCst, SeqCst) {
                    Ok(v) | Err(v) => v,
                }
            }
            UPC_ADD => a.fetch_add(v1(), SeqCst),
            UPC_SUB => a.fetch_sub(v1(), SeqCst),
            UPC_INC => a.fetch_add(1, SeqCst),
            UPC_DEC => a.fetch_sub(1, SeqCst),
            UPC_AND => a.fetch_and(v1(), SeqCst),
            UPC_OR => a.fetch_or(v1(), SeqCst),
            UPC_XOR => a.fetch_xor(v1(), SeqCst),
            UPC_MIN => a.fetch_min(v1(), SeqCst),
            UPC_MAX => a.fetch_max(v1(), SeqCst),
            UPC_MULT => {
                let m = v1();
                match a.fetch_update(SeqCst, SeqCst, |x| Some(x.wrapping_mul(m))) {
                    Ok(v) | Err(v) => v,
                }
            }
            _ => unreachable!(),
        };
        old.to_ne_bytes().to_vec()
    }};
}

macro_rules! float_op {
    ($t:ty, $at:ty, $op:expr, $target:expr, $o1:expr, $o2:expr) => {{
        // SAFETY: as for integers.
        let a = unsafe { &*($target as *const $at) };
        let v1 = || unsafe { *($o1 as *const $t) };
        let upd = |f: &dyn Fn($t) -> Option<$t>| {
            let mut cur = a.load(SeqCst);
            loop {
                let x = <$t>::from_bits(cur);
                let Some(n) = f(x) else { return x };
                match a.compare_exchange(cur, n.to_bits(), SeqCst, SeqCst) {
                    Ok(_) => return x,
                    Err(c) => cur = c,
                }
            }
        };
        let old: $t = match $op {
            UPC_GET => <$t>::from_bits(a.load(SeqCst)),
            UPC_SET => <$t>::from_bits(a.swap(v1().to_bits(), SeqCst)),
            UPC_CSWAP => {
                let (e, n) = (v1(), unsafe { *($o2 as *const $t) });
                upd(&|x| (x == e).then_some(n))
            }
            UPC_ADD => upd(&|x| Some(x + v1())),
            UPC_SUB => upd(&|x| Some(x - v1())),
            UPC_MULT => upd(&|x| Some(x * v1())),
            UPC_INC => upd(&|x| Some(x + 1.0)),
            UPC_DEC => upd(&|x| Some(x - 1.0)),
            UPC_MIN => upd(&|x| Some(if v1() < x { v1() } else { x })),
            UPC_MAX => upd(&|x| Some(if v1() > x { v1() } else { x })),
            _ => unreachable!(),
        };
        old.to_ne_bytes().to_vec()
    }};
}

/// The conduit that runs the atomic operations (every thread its own node), if any.
static mut OVER: Option<&'static dyn Conduit> = None;

/// Run every atomic operation of this thread through `c` (start-up, before user code).
pub(crate) fn run_over(c: &'static dyn Conduit) {
    // SAFETY: single-threaded start-up, before user code.
    unsafe { OVER = Some(c) };
}

fn over() -> Option<&'static dyn Conduit> {
    // SAFETY: written once at start-up.
    unsafe { OVER }
}

/// What a `UPC_PTS` operation `op` stores over the current value `now`: nothing for
/// `UPC_GET`, the operand for `UPC_SET`, the second operand for `UPC_CSWAP` when `now` is
/// the first (compared by thread and address, as pointers-to-shared compare).
fn pts_new_value(op: u64, now: PShared, o1: *const c_void, o2: *const c_void) -> Option<PShared> {
    match op {
        UPC_GET => None,
        // SAFETY: operands point to private pointers-to-shared (checked non-null).
        UPC_SET => Some(unsafe { *(o1 as *const PShared) }),
        _ => {
            // SAFETY: as above.
            let (e, n) = unsafe { (*(o1 as *const PShared), *(o2 as *const PShared)) };
            (now.thread == e.thread && now.addr == e.addr).then_some(n)
        }
    }
}

/// A target of `size` bytes of an atomic operation through the conduit: in bounds of its
/// thread's data and aligned for the domain's type (to at most 8 bytes).
fn check_target(target: PShared, size: usize, name: &str) {
    crate::rma::check(target, size, name);
    if !target.addr.is_multiple_of(size.min(8) as u64) {
        fatal(format!(
            "{name}: the target is not aligned for the domain's type"
        ));
    }
}

/// An atomic operation of a `UPC_PTS` domain through the conduit: under the lock word of the
/// target's thread (`ThreadRuntime::pts_lock`, taken by MPI compare-and-swap), one get of
/// the 16 bytes and, for `UPC_SET` and a successful `UPC_CSWAP`, one put; for the caller's
/// own data too, so that every atomic access to the object goes the same way.
fn pts_over(
    op: u64,
    target: PShared,
    fetch: *mut c_void,
    o1: *const c_void,
    o2: *const c_void,
    name: &str,
) {
    check_target(target, 16, name);
    let w = crate::rma::runtime_word(
        target.thread as usize,
        &rt::thread(target.thread as usize).pts_lock,
    );
    crate::rma::word_lock(w);
    let mut cur = [0u8; 16];
    crate::rma::get(&mut cur, target);
    // SAFETY: `cur` holds the 16 bytes of a pointer-to-shared.
    let now = unsafe { std::ptr::read_unaligned(cur.as_ptr() as *const PShared) };
    if let Some(n) = pts_new_value(op, now, o1, o2) {
        let mut b = [0u8; 16];
        // SAFETY: a 16-byte buffer for a pointer-to-shared.
        unsafe { std::ptr::write_unaligned(b.as_mut_ptr() as *mut PShared, n) };
        crate::rma::put(target, &b);
    }
    crate::rma::word_unlock(w);
    if !fetch.is_null() {
        // SAFETY: fetch_ptr points to a private pointer-to-shared.
        unsafe { std::ptr::copy_nonoverlapping(cur.as_ptr(), fetch as *mut u8, 16) };
    }
}

/// An atomic operation through the conduit (MPI one-sided atomics on the data window, for
/// the target's own thread too, so that every atomic access to an object is MPI's): one
/// `MPI_Fetch_and_op` or `MPI_Compare_and_swap`.
#[allow(clippy::too_many_arguments)]
fn atomic_over(
    c: &'static dyn Conduit,
    ty: c_int,
    op: u64,
    target: PShared,
    fetch: *mut c_void,
    o1: *const c_void,
    o2: *const c_void,
    name: &str,
) {
    let size = type_size(ty);
    check_target(target, size, name);
    let aty = match ty {
        UPC_INT | UPC_INT32 => AtomicType::I32,
        UPC_UINT | UPC_UINT32 => AtomicType::U32,
        UPC_LONG | UPC_INT64 => AtomicType::I64,
        UPC_ULONG | UPC_UINT64 => AtomicType::U64,
        UPC_FLOAT => AtomicType::F32,
        UPC_DOUBLE => AtomicType::F64,
        _ => unreachable!(),
    };
    // SAFETY: operands point to private objects of the domain's type (checked non-null where
    // the operation needs them).
    let operand = |p: *const c_void| unsafe { std::slice::from_raw_parts(p as *const u8, size) };
    let mut buf = [0u8; 8];
    // `operand1` negated (SUB) or the constant 1 / -1 (INC / DEC), in the domain's type
    let value = |x: i64, f: f64| -> [u8; 8] {
        let mut b = [0u8; 8];
        match aty {
            AtomicType::I32 | AtomicType::U32 => b[..4].copy_from_slice(&(x as i32).to_ne_bytes()),
            AtomicType::I64 | AtomicType::U64 => b.copy_from_slice(&x.to_ne_bytes()),
            AtomicType::F32 => b[..4].copy_from_slice(&(f as f32).to_ne_bytes()),
            AtomicType::F64 => b.copy_from_slice(&f.to_ne_bytes()),
        }
        b
    };
    let negated = || -> [u8; 8] {
        let src = operand(o1);
        match aty {
            AtomicType::I32 | AtomicType::U32 => value(
                i32::from_ne_bytes(src[..4].try_into().unwrap()).wrapping_neg() as i64,
                0.0,
            ),
            AtomicType::I64 | AtomicType::U64 => value(
                i64::from_ne_bytes(src[..8].try_into().unwrap()).wrapping_neg(),
                0.0,
            ),
            AtomicType::F32 => value(
                0,
                -(f32::from_ne_bytes(src[..4].try_into().unwrap()) as f64),
            ),
            AtomicType::F64 => value(0, -f64::from_ne_bytes(src[..8].try_into().unwrap())),
        }
    };
    let zero = [0u8; 8];
    let (mpi_op, arg): (AtomicOp, [u8; 8]) = match op {
        UPC_GET => (AtomicOp::Get, zero),
        UPC_SET => (AtomicOp::Replace, copy8(operand(o1))),
        UPC_ADD => (AtomicOp::Sum, copy8(operand(o1))),
        UPC_SUB => (AtomicOp::Sum, negated()),
        UPC_INC => (AtomicOp::Sum, value(1, 1.0)),
        UPC_DEC => (AtomicOp::Sum, value(-1, -1.0)),
        UPC_MULT => (AtomicOp::Prod, copy8(operand(o1))),
        UPC_MIN => (AtomicOp::Min, copy8(operand(o1))),
        UPC_MAX => (AtomicOp::Max, copy8(operand(o1))),
        UPC_AND => (AtomicOp::And, copy8(operand(o1))),
        UPC_OR => (AtomicOp::Or, copy8(operand(o1))),
        UPC_XOR => (AtomicOp::Xor, copy8(operand(o1))),
        UPC_CSWAP => {
            let r = c.compare_and_swap(
                target.thread as usize,
                target.addr,
                aty,
                operand(o1),
                operand(o2),
                &mut buf[..size],
            );
            return finish_over(r, fetch, &buf[..size], name);
        }
        _ => unreachable!(),
    };
    let r = c.fetch_and_op(
        target.thread as usize,
        target.addr,
        aty,
        mpi_op,
        &arg[..size],
        &mut buf[..size],
    );
    finish_over(r, fetch, &buf[..size], name)
}

fn copy8(b: &[u8]) -> [u8; 8] {
    let mut a = [0u8; 8];
    a[..b.len()].copy_from_slice(b);
    a
}

fn finish_over(r: Result<(), String>, fetch: *mut c_void, old: &[u8], name: &str) {
    if let Err(e) = r {
        fatal(format!("{name}: the remote atomic operation failed: {e}"));
    }
    if !fetch.is_null() {
        // SAFETY: fetch_ptr points to a private object of the domain's type.
        unsafe { std::ptr::copy_nonoverlapping(old.as_ptr(), fetch as *mut u8, old.len()) };
    }
}

fn needs_operand1(op: u64) -> bool {
    op & (UPC_GET | UPC_INC | UPC_DEC) == 0
}

fn do_atomic(
    d: PShared,
    fetch: *mut c_void,
    op: c_ulong,
    target: PShared,
    o1: *const c_void,
    o2: *const c_void,
    name: &str,
) {
    let op = op as u64;
    let Some(info) = domain_info(d).filter(|i| !i.freed) else {
        fatal(format!("{name}: the domain is not a live atomic domain"))
    };
    if op.count_ones() != 1 || info.ops & op == 0 {
        fatal(format!(
            "{name}: operation {op:#x} is not one of the domain's operations {:#x}",
            info.ops
        ));
    }
    if needs_operand1(op) && o1.is_null() {
        fatal(format!("{name}: operand1 is a null pointer"));
    }
    if op == UPC_CSWAP && o2.is_null() {
        fatal(format!("{name}: operand2 is a null pointer for UPC_CSWAP"));
    }
    if op == UPC_GET && fetch.is_null() {
        fatal(format!("{name}: fetch_ptr is a null pointer for UPC_GET"));
    }
    let size = type_size(info.ty);
    if let Some(c) = over() {
        if info.ty == UPC_PTS {
            // (16 bytes: no MPI atomic)
            return pts_over(op, target, fetch, o1, o2, name);
        }
        return atomic_over(c, info.ty, op, target, fetch, o1, o2, name);
    }
    let t = memops::target(target, size, name, "the target");
    if !(t as usize).is_multiple_of(size.min(8)) {
        fatal(format!(
            "{name}: the target is not aligned for the domain's type"
        ));
    }
    let old: Vec<u8> = match info.ty {
        UPC_INT | UPC_INT32 => int_op!(i32, AtomicI32, op, t, o1, o2),
        UPC_UINT | UPC_UINT32 => int_op!(u32, AtomicU32, op, t, o1, o2),
        UPC_LONG | UPC_INT64 => int_op!(i64, AtomicI64, op, t, o1, o2),
        UPC_ULONG | UPC_UINT64 => int_op!(u64, AtomicU64, op, t, o1, o2),
        UPC_FLOAT => float_op!(f32, AtomicU32, op, t, o1, o2),
        UPC_DOUBLE => float_op!(f64, AtomicU64, op, t, o1, o2),
        UPC_PTS => {
            let m = stripe(t as usize);
            m.lock();
            // SAFETY: a PTS object in the segment; all atomic accesses to it hold this stripe.
            let cur = unsafe { std::ptr::read_volatile(t as *const PShared) };
            if let Some(n) = pts_new_value(op, cur, o1, o2) {
                // SAFETY: as above.
                unsafe { std::ptr::write_volatile(t as *mut PShared, n) };
            }
            m.unlock();
            let mut v = cur.addr.to_ne_bytes().to_vec();
            v.extend_from_slice(&cur.thread.to_ne_bytes());
            v.extend_from_slice(&cur.phase.to_ne_bytes());
            v
        }
        _ => unreachable!(),
    };
    if !fetch.is_null() {
        // SAFETY: fetch_ptr points to a private object of the domain's type.
        unsafe { std::ptr::copy_nonoverlapping(old.as_ptr(), fetch as *mut u8, old.len()) };
    }
}

/// # Safety
/// Pointers as required by UPC 1.3 §7.4 (private objects of the domain's type or null).
#[no_mangle]
pub unsafe extern "C" fn upc_atomic_strict(
    d: PShared,
    fetch_ptr: *mut c_void,
    op: c_ulong,
    target: PShared,
    operand1: *const c_void,
    operand2: *const c_void,
) {
    do_atomic(
        d,
        fetch_ptr,
        op,
        target,
        operand1,
        operand2,
        "upc_atomic_strict",
    );
}

/// # Safety
/// As `upc_atomic_strict`.
#[no_mangle]
pub unsafe extern "C" fn upc_atomic_relaxed(
    d: PShared,
    fetch_ptr: *mut c_void,
    op: c_ulong,
    target: PShared,
    operand1: *const c_void,
    operand2: *const c_void,
) {
    do_atomic(
        d,
        fetch_ptr,
        op,
        target,
        operand1,
        operand2,
        "upc_atomic_relaxed",
    );
}

#[no_mangle]
pub extern "C" fn upc_atomic_isfast(ty: c_int, ops: c_ulong, _addr: PShared) -> c_int {
    let ops = ops as u64;
    let allowed = supported_ops(ty);
    (allowed != 0 && ops & !allowed == 0 && ty != UPC_PTS) as c_int
}

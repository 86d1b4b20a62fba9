//! How this process reaches the runtime's metadata about another thread's objects: the
//! allocator's heap descriptors and block headers of a thread's local heap (`alloc.rs`) and
//! the lock records (`lock.rs`).
//!
//! Everything is mapped in the runtime's view on one node, and the metadata is read and
//! written there directly ([`Via::Mapped`]).  When the runtime's control words go through a
//! conduit (`rma::control`, every thread its own node: `UPC_MPI_NODES=rank`), another thread's
//! metadata is reached only through the conduit's one-sided operations on the data window
//! ([`Via::Conduit`]: `rma::control_get`/`control_put` at the same place of that thread's
//! partition, `rma::word_load`/`word_cas`/`word_swap` for the words that several threads
//! change at once), and the caller's own directly.  [`Via::of`] is the one place that decides;
//! the allocator and the locks take a `Via` and never test the mode themselves.
//!
//! Every operation through the conduit is counted ([`upcr_rma_meta_ops`]), which is how the
//! tests show that the metadata came over MPI.

use crate::conduit::Conduit;
use crate::{rma, segment, PShared};
use std::sync::atomic::{
    AtomicU32, AtomicU64,
    Ordering::{Relaxed, SeqCst},
};

/// One-sided operations this process made on other threads' metadata.
static OPS: AtomicU64 = AtomicU64::new(0);

/// How the metadata in one thread's partition is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// Directly, in the runtime's view of the segment.
    Mapped,
    /// Through the conduit's one-sided operations on that thread's partition.
    Conduit(u32),
}

impl Via {
    /// How this process reaches the metadata in `home`'s partition (in the global area for
    /// [`segment::GLOBAL_AREA`], homed at thread 0).
    #[inline(always)]
    pub(crate) fn of(home: u32) -> Via {
        if rma::control().is_some() && !is_own(home) {
            Via::Conduit(home)
        } else {
            Via::Mapped
        }
    }

    /// The name (thread, offset) of `at`, a place in the runtime's view of `home`'s
    /// partition or of the global area (which is homed at thread 0: a place there is named in
    /// the global area whichever of the two `home` says, so that the symmetric heap, whose
    /// descriptor is in the global area and whose headers are in partition 0, is one `Via`).
    fn name(home: u32, at: *const u8) -> PShared {
        if home == segment::GLOBAL_AREA || (home == 0 && in_global_area(at)) {
            rma::global_addr(at)
        } else {
            rma::runtime_addr(home as usize, at)
        }
    }

    /// The 64-bit word `w` (plain: the caller excludes concurrent writers, e.g. by the heap's
    /// lock, or reads a word that does not change).
    #[inline]
    pub(crate) fn ld(self, w: &AtomicU64) -> u64 {
        match self {
            Via::Mapped => w.load(Relaxed),
            Via::Conduit(t) => {
                let mut b = [0u8; 8];
                get(&mut b, Self::name(t, w.as_ptr() as *const u8));
                u64::from_ne_bytes(b)
            }
        }
    }

    #[inline]
    pub(crate) fn st(self, w: &AtomicU64, v: u64) {
        match self {
            Via::Mapped => w.store(v, Relaxed),
            Via::Conduit(t) => put(Self::name(t, w.as_ptr() as *const u8), &v.to_ne_bytes()),
        }
    }

    #[inline]
    pub(crate) fn ld32(self, w: &AtomicU32) -> u32 {
        match self {
            Via::Mapped => w.load(Relaxed),
            Via::Conduit(t) => {
                let mut b = [0u8; 4];
                get(&mut b, Self::name(t, w.as_ptr() as *const u8));
                u32::from_ne_bytes(b)
            }
        }
    }

    #[inline]
    pub(crate) fn st32(self, w: &AtomicU32, v: u32) {
        match self {
            Via::Mapped => w.store(v, Relaxed),
            Via::Conduit(t) => put(Self::name(t, w.as_ptr() as *const u8), &v.to_ne_bytes()),
        }
    }

    /// `n` bytes at `at` (in the thread's partition) into `dst`, in one operation.
    pub(crate) fn read(self, at: *const u8, dst: &mut [u8]) {
        match self {
            // SAFETY: callers pass a place of the mapped segment valid for `dst.len()` bytes.
            Via::Mapped => unsafe {
                std::ptr::copy_nonoverlapping(at, dst.as_mut_ptr(), dst.len())
            },
            Via::Conduit(t) => get(dst, Self::name(t, at)),
        }
    }
}

/// Whether `at` is in the runtime's view of the global area (before partition 0).
#[inline]
fn in_global_area(at: *const u8) -> bool {
    let l = segment::layout();
    (at as usize) >= l.map_base && (at as usize) < l.map_base + l.global_size
}

/// Whether this thread is `home` (thread 0 for the global area).
#[inline(always)]
fn is_own(home: u32) -> bool {
    let me = segment::mythread();
    home as usize == me || (home == segment::GLOBAL_AREA && me == 0)
}

/// How this thread reaches a word of `home`'s partition (of the global area for
/// [`segment::GLOBAL_AREA`]) that several threads change at once.
enum Reach {
    /// Mapped, with no conduit applying one-sided operations to it: CPU atomics.
    Direct,
    /// Another thread's, through the conduit's one-sided atomics.
    Remote(PShared),
    /// Its own word, which others change through the conduit: CPU atomics while the conduit
    /// applies no remote operation (`Conduit::quiet`: the target side of a one-sided atomic
    /// may be plain loads and stores, whose update a CPU atomic could undo).
    Own(&'static dyn Conduit),
}

#[inline(always)]
fn reach(w: &AtomicU64, home: u32) -> Reach {
    match rma::control() {
        None => Reach::Direct,
        Some(c) if is_own(home) => Reach::Own(c),
        Some(_) => Reach::Remote(Via::name(home, w.as_ptr() as *const u8)),
    }
}

/// `f`, kept apart from conduit `c`'s serving of remote operations.
pub fn quiet<R>(c: &dyn Conduit, f: impl FnOnce() -> R) -> R {
    let (mut f, mut r) = (Some(f), None);
    c.quiet(&mut || r = f.take().map(|f| f()));
    r.expect("quiet runs its operation")
}

/// A 64-bit word of `home`'s partition (or of the global area) that several threads change
/// at once (a lock record's state, a word of the checker's lock graph), read atomically:
/// directly where mapped (an aligned load sees a one-sided atomic's result whole), else one
/// atomic through the conduit.
#[inline(always)]
pub fn word_load(w: &AtomicU64, home: u32) -> u64 {
    match reach(w, home) {
        Reach::Direct | Reach::Own(_) => w.load(SeqCst),
        Reach::Remote(p) => remote_load(p),
    }
}

#[inline(never)]
fn remote_load(p: PShared) -> u64 {
    OPS.fetch_add(1, Relaxed);
    rma::word_load(p)
}

/// Compare-and-swap of such a word: `Ok(current)` if it held `current` and now holds `new`,
/// else `Err(what it held)`.
pub fn word_cas(w: &AtomicU64, home: u32, current: u64, new: u64) -> Result<u64, u64> {
    match reach(w, home) {
        Reach::Direct => w.compare_exchange(current, new, SeqCst, SeqCst),
        Reach::Own(c) => quiet(c, || w.compare_exchange(current, new, SeqCst, SeqCst)),
        Reach::Remote(p) => {
            OPS.fetch_add(1, Relaxed);
            let old = rma::word_cas(p, current, new);
            if old == current {
                Ok(old)
            } else {
                Err(old)
            }
        }
    }
}

/// Set such a word.
pub fn word_store(w: &AtomicU64, home: u32, v: u64) {
    match reach(w, home) {
        Reach::Direct => w.store(v, SeqCst),
        Reach::Own(c) => quiet(c, || w.store(v, SeqCst)),
        Reach::Remote(p) => {
            OPS.fetch_add(1, Relaxed);
            rma::word_swap(p, v);
        }
    }
}

fn get(dst: &mut [u8], p: PShared) {
    OPS.fetch_add(1, Relaxed);
    rma::control_get(dst, p);
}

fn put(p: PShared, src: &[u8]) {
    OPS.fetch_add(1, Relaxed);
    rma::control_put(p, src);
}

/// This process's one-sided operations on other threads' metadata (lock records, heap block
/// headers): how the tests show that it came through the conduit.
#[no_mangle]
pub extern "C" fn upcr_rma_meta_ops() -> u64 {
    OPS.load(Relaxed)
}

/// Whether this process reaches the control state of `home`'s partition (of the global area
/// for [`segment::GLOBAL_AREA`]) directly in its runtime view, rather than through the
/// conduit (the same decision as [`Via::of`], for callers outside the runtime that keep a
/// reference where it is mapped and a copy otherwise).
#[inline(always)]
pub fn mapped(home: u32) -> bool {
    Via::of(home) == Via::Mapped
}

/// `dst.len()` bytes at `at`, a place of `home`'s partition (of the global area for
/// [`segment::GLOBAL_AREA`]) in the runtime's view: a copy where mapped, else one get
/// through the conduit.
pub fn read(home: u32, at: *const u8, dst: &mut [u8]) {
    if !dst.is_empty() {
        Via::of(home).read(at, dst)
    }
}

/// Write `src` at `at`, a place of `home`'s partition (or of the global area): a copy where
/// mapped, else one put through the conduit (complete at the target when it returns).  For
/// bytes that one writer at a time changes (its owner, or the holder of a lock).
///
/// # Safety
/// `at` is a place of `home`'s partition (or of the global area) valid for `src.len()` bytes.
pub unsafe fn write(home: u32, at: *mut u8, src: &[u8]) {
    if src.is_empty() {
        return;
    }
    match Via::of(home) {
        // SAFETY: callers pass a place of the mapped segment valid for `src.len()` bytes.
        Via::Mapped => unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), at, src.len()) },
        Via::Conduit(t) => put(Via::name(t, at), src),
    }
}

/// Atomically add `v` to a word several threads change (as [`word_load`]); its old value.
pub fn word_fetch_add(w: &AtomicU64, home: u32, v: u64) -> u64 {
    word_fetch_op(w, home, crate::conduit::AtomicOp::Sum, v, |w| {
        w.fetch_add(v, SeqCst)
    })
}

/// Atomically or `v` into a word several threads change; its old value.
pub fn word_fetch_or(w: &AtomicU64, home: u32, v: u64) -> u64 {
    word_fetch_op(w, home, crate::conduit::AtomicOp::Or, v, |w| {
        w.fetch_or(v, SeqCst)
    })
}

fn word_fetch_op(
    w: &AtomicU64,
    home: u32,
    op: crate::conduit::AtomicOp,
    v: u64,
    cpu: impl FnOnce(&AtomicU64) -> u64,
) -> u64 {
    match reach(w, home) {
        Reach::Direct => cpu(w),
        Reach::Own(c) => quiet(c, || cpu(w)),
        Reach::Remote(p) => {
            OPS.fetch_add(1, Relaxed);
            rma::word_fetch_op(p, op, v)
        }
    }
}

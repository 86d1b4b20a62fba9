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

use crate::{rma, segment, PShared};
use std::sync::atomic::{
    AtomicU32, AtomicU64,
    Ordering::{Acquire, Relaxed, Release},
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
    /// How this process reaches the metadata in `thread`'s partition.
    #[inline(always)]
    pub(crate) fn of(thread: u32) -> Via {
        if rma::control().is_some() && thread as usize != segment::mythread() {
            Via::Conduit(thread)
        } else {
            Via::Mapped
        }
    }

    /// The name (thread, offset) of `at`, a place in the runtime's view of the thread's
    /// partition.
    fn name(t: u32, at: *const u8) -> PShared {
        rma::runtime_addr(t as usize, at)
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

/// A 64-bit word that other threads change with atomic operations (a lock record's state),
/// read atomically: directly when mapped (an aligned load sees a one-sided atomic's result
/// whole), else one atomic through the conduit.
#[inline(always)]
pub(crate) fn word_load(w: &AtomicU64, thread: u32) -> u64 {
    match Via::of(thread) {
        Via::Mapped => w.load(Acquire),
        Via::Conduit(t) => remote_word_load(w, t),
    }
}

#[inline(never)]
fn remote_word_load(w: &AtomicU64, t: u32) -> u64 {
    OPS.fetch_add(1, Relaxed);
    rma::word_load(Via::name(t, w.as_ptr() as *const u8))
}

/// Compare-and-swap of such a word; its old value.  Changes go through the conduit whenever
/// the control words do (the caller's own words too, so that they are atomic with the other
/// threads' changes), else a direct atomic.
pub(crate) fn word_cas(w: &AtomicU64, thread: u32, compare: u64, new: u64) -> u64 {
    match rma::control() {
        None => match w.compare_exchange(compare, new, Release, Acquire) {
            Ok(v) | Err(v) => v,
        },
        Some(_) => {
            count(thread);
            rma::word_cas(Via::name(thread, w.as_ptr() as *const u8), compare, new)
        }
    }
}

/// Set such a word.
pub(crate) fn word_store(w: &AtomicU64, thread: u32, v: u64) {
    match rma::control() {
        None => w.store(v, Release),
        Some(_) => {
            count(thread);
            rma::word_swap(Via::name(thread, w.as_ptr() as *const u8), v);
        }
    }
}

fn count(thread: u32) {
    if thread as usize != segment::mythread() {
        OPS.fetch_add(1, Relaxed);
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

//! Fast paths for the hottest operations: the `upc_mem*` family (and the non-blocking
//! forms) and `upc_lock`/`upc_lock_attempt`/`upc_unlock`, called in inner loops of real
//! programs.
//!
//! For an operation whose constraint list is exactly one of the catalog's `MEM*_CHECKS`
//! lists, [`accepts`] decides in a few dozen instructions that every rule of the list holds
//! for the common case (a declared shared object, private memory already known readable,
//! outside the shared segment).  It never reports anything: when it is not sure it says so,
//! and the caller evaluates the catalog's rules one by one (which writes the messages).
//! A unit test checks on random calls that it accepts only calls the full evaluation finds
//! clean.

use super::world::LockState;
use super::world::World;
use crate::ffi::{PShared, Val};
use rules::catalog::{LOCK_USE_CHECKS, MEMCPY_CHECKS, MEMGET_CHECKS, MEMPUT_CHECKS, MEMSET_CHECKS};
use rules::Op;
use std::sync::OnceLock;

/// Which fast path an operation has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    None,
    /// `(shared dst, shared src, n)`.
    Memcpy,
    /// `(private dst, shared src, n)`.
    Memget,
    /// `(shared dst, private src, n)`.
    Memput,
    /// `(shared dst, int c, n)`.
    Memset,
    /// `(upc_lock_t *l)`: a live lock.
    Lock,
}

/// The fast path of `op` (computed once for the whole catalog).
#[inline]
pub fn shape(op: &'static Op) -> Shape {
    shape_of_id(op.id())
}

/// The fast path of the operation with catalog id `id` (`Shape::None` if out of range).
#[inline]
fn shape_of_id(id: usize) -> Shape {
    static SHAPES: OnceLock<Vec<Shape>> = OnceLock::new();
    let shapes = SHAPES.get_or_init(|| {
        rules::OPS
            .iter()
            .map(|o| {
                if o.checks == MEMCPY_CHECKS {
                    Shape::Memcpy
                } else if o.checks == MEMGET_CHECKS {
                    Shape::Memget
                } else if o.checks == MEMPUT_CHECKS {
                    Shape::Memput
                } else if o.checks == MEMSET_CHECKS {
                    Shape::Memset
                } else if o.checks == LOCK_USE_CHECKS {
                    Shape::Lock
                } else {
                    Shape::None
                }
            })
            .collect()
    });
    shapes.get(id).copied().unwrap_or(Shape::None)
}

#[inline(always)]
fn is_null(p: PShared) -> bool {
    p.addr == 0 && p.thread == 0
}

/// A shared range `[p, p+n)` (n > 0, p not null) surely inside one live declared object, or
/// inside the part of one live heap object on `p`'s thread.
#[inline(always)]
fn shared_ok<W: World>(w: &W, p: PShared, n: u64) -> bool {
    if p.thread as usize >= w.threads() {
        return false;
    }
    match w.fast_static(p).or_else(|| w.fast_heap(p)) {
        Some((base, room)) => {
            p.addr >= base && p.addr.checked_add(n).is_some_and(|e| e <= base + room)
        }
        None => false,
    }
}

/// A private range `[p, p+n)` (n > 0) surely readable, and outside the shared segment
/// or (a local pointer to shared memory) inside one live object there and apart from the
/// shared range `[s, s+n)` of the call.
#[inline(always)]
fn private_ok<W: World>(w: &W, p: usize, n: u64, s: PShared) -> bool {
    if p == 0 || !w.known_readable(p, n as usize) {
        return false;
    }
    if !w.maybe_in_segment(p) {
        // (a private buffer's capacity is known only outside the segment: a declared
        // private array or a C heap block)
        return w.private_capacity(p, n).is_none_or(|(room, _)| room >= n);
    }
    let Some((thread, addr)) = w.segment_pos(p) else {
        return false;
    };
    shared_ok(
        w,
        PShared {
            addr,
            thread,
            phase: 0,
        },
        n,
    ) && (thread != s.thread || addr + n <= s.addr || s.addr + n <= addr)
}

/// True when every rule of the operation's list surely holds.
#[inline]
pub fn accepts<W: World>(w: &W, shape: Shape, args: &[Val]) -> bool {
    if shape == Shape::Lock {
        // SAFETY: the catalog's kind for the lock argument is Shared.
        return args
            .first()
            .is_some_and(|l| unsafe { !is_null(l.s) && w.lock(l.s) == LockState::Valid });
    }
    if args.len() < 3 {
        return false;
    }
    // SAFETY: the catalog's kinds for these lists are (Shared|Ptr, Shared|Ptr|Int, Uint).
    let n = unsafe { args[2].u };
    if n == 0 || n > i64::MAX as u64 {
        return false; // rare: let the rules decide
    }
    unsafe {
        match shape {
            Shape::Memget => {
                !is_null(args[1].s)
                    && shared_ok(w, args[1].s, n)
                    && private_ok(w, args[0].p as usize, n, args[1].s)
            }
            Shape::Memput => {
                !is_null(args[0].s)
                    && shared_ok(w, args[0].s, n)
                    && private_ok(w, args[1].p as usize, n, args[0].s)
            }
            Shape::Memset => !is_null(args[0].s) && shared_ok(w, args[0].s, n),
            Shape::Memcpy => {
                let (d, s) = (args[0].s, args[1].s);
                !is_null(d)
                    && !is_null(s)
                    && shared_ok(w, d, n)
                    && shared_ok(w, s, n)
                    && (d.thread != s.thread || d.addr + n <= s.addr || s.addr + n <= d.addr)
            }
            Shape::None | Shape::Lock => false, // Lock: decided above
        }
    }
}

//! `upc_all_reduce<T>` and `upc_all_prefix_reduce<T>`: the computational collectives.
//!
//! `src` is treated as `shared [blk_size] T[nelems]` starting at `src` with its phase
//! respected ([`Span`]).  Commutative reductions: every thread folds the elements with
//! affinity to it (one contiguous local run per block) and publishes the partial; the
//! thread with affinity to `dst` folds the partials and stores the result.  Under MYSYNC no
//! thread waits for another's entry: each reads only its own data.
//! `UPC_NONCOMM_FUNC`: the `dst` thread folds all elements in index order.
//! Prefix reductions split the index range into THREADS contiguous chunks: chunk totals
//! are published, each thread folds the totals of the chunks before its own (left operand
//! = lower indices) and then writes its chunk's running results.

use super::flags::{Mode, Sync};
use super::ops::{check_op, Elem, UPC_NONCOMM_FUNC};
use super::rt::{fatal, PShared};
use super::team::Team;
use std::ffi::c_void;
use std::sync::atomic::{fence, Ordering::SeqCst};

/// A pointer-to-shared viewed as `shared [blk] T[n]` with its phase respected.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    t0: usize,
    p0: usize,
    base: u64,
    blk: usize,
    n: usize,
    esz: usize,
    nt: usize,
}

/// A set of threads: none, all, or `count` threads starting at `first` (mod THREADS).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Owners {
    None,
    All,
    Range { first: usize, count: usize },
}

impl Owners {
    pub fn contains(&self, u: usize, nt: usize) -> bool {
        match *self {
            Owners::None => false,
            Owners::All => true,
            Owners::Range { first, count } => (u + nt - first) % nt < count,
        }
    }
    pub fn iter(self, nt: usize) -> impl Iterator<Item = usize> {
        let (first, count) = match self {
            Owners::None => (0, 0),
            Owners::All => (0, nt),
            Owners::Range { first, count } => (first, count),
        };
        (0..count).map(move |i| (first + i) % nt)
    }
}

impl Span {
    pub fn new(nt: usize, p: PShared, n: usize, blk: usize, esz: usize) -> Span {
        let t0 = p.thread as usize % nt;
        if blk == 0 {
            return Span {
                t0,
                p0: 0,
                base: p.addr,
                blk,
                n,
                esz,
                nt,
            };
        }
        let p0 = p.phase as usize % blk;
        Span {
            t0,
            p0,
            base: p.addr.wrapping_sub((p0 * esz) as u64),
            blk,
            n,
            esz,
            nt,
        }
    }

    /// (thread, address) of element `k`.
    #[inline]
    pub fn at(&self, k: usize) -> (usize, u64) {
        if self.blk == 0 {
            return (self.t0, self.base + (k * self.esz) as u64);
        }
        let g = self.p0 + k;
        let tt = self.t0 + g / self.blk;
        let local = (tt / self.nt) * self.blk + g % self.blk;
        (
            tt % self.nt,
            self.base.wrapping_add((local * self.esz) as u64),
        )
    }

    /// Calls `f(first_index, count, address)` for each run of elements with affinity to
    /// `u`, in increasing index order.
    pub fn runs_on(&self, u: usize, mut f: impl FnMut(usize, usize, u64)) {
        if self.n == 0 {
            return;
        }
        if self.blk == 0 {
            if u == self.t0 {
                f(0, self.n, self.base);
            }
            return;
        }
        let end = self.p0 + self.n;
        let mut j = (u + self.nt - self.t0) % self.nt;
        loop {
            let lo = (j * self.blk).max(self.p0);
            let hi = ((j + 1) * self.blk).min(end);
            if lo >= end {
                break;
            }
            if lo < hi {
                let k0 = lo - self.p0;
                f(k0, hi - lo, self.at(k0).1);
            }
            j += self.nt;
        }
    }

    /// Threads holding some element with index in `lo..hi`.
    pub fn owners(&self, lo: usize, hi: usize) -> Owners {
        let hi = hi.min(self.n);
        if lo >= hi {
            return Owners::None;
        }
        if self.blk == 0 {
            return Owners::Range {
                first: self.t0,
                count: 1,
            };
        }
        let jlo = (self.p0 + lo) / self.blk;
        let jhi = (self.p0 + hi - 1) / self.blk;
        let count = jhi - jlo + 1;
        if count >= self.nt {
            Owners::All
        } else {
            Owners::Range {
                first: (self.t0 + jlo) % self.nt,
                count,
            }
        }
    }
}

#[inline]
fn load<E: Elem>(team: &Team, (t, a): (usize, u64)) -> E {
    if super::rt::is_remote(t) {
        return load_remote(team, t, a);
    }
    // SAFETY: the element lies in valid shared storage designated by the program.
    unsafe { (team.ptr(t, a) as *const E).read_unaligned() }
}

#[inline]
fn store<E: Elem>(team: &Team, (t, a): (usize, u64), v: E) {
    if super::rt::is_remote(t) {
        return super::rt::write(team, t, a, as_bytes(&v));
    }
    // SAFETY: as for `load`.
    unsafe { (team.ptr(t, a) as *mut E).write_unaligned(v) }
}

/// An element of another node's data (every thread its own node): one remote get.
#[inline(never)]
fn load_remote<E: Elem>(team: &Team, t: usize, a: u64) -> E {
    let mut buf = [0u8; 16];
    let n = std::mem::size_of::<E>();
    super::rt::read(team, t, a, &mut buf[..n]);
    // SAFETY: `buf` holds the bytes of an E.
    unsafe { (buf.as_ptr() as *const E).read_unaligned() }
}

fn fold<E: Elem>(op: u64, func: *const c_void, acc: Option<E>, v: E) -> Option<E> {
    Some(match acc {
        None => v,
        Some(a) => E::combine(op, func, a, v),
    })
}

fn as_bytes<E: Elem>(v: &E) -> &[u8] {
    // SAFETY: plain-old-data element of at most 16 bytes.
    unsafe { std::slice::from_raw_parts(v as *const E as *const u8, std::mem::size_of::<E>()) }
}

fn get_partial<E: Elem>(team: &Team, t: usize, k: u64, sent_to_me: bool) -> Option<E> {
    let mut buf = [0u8; 16];
    let n = std::mem::size_of::<E>();
    let got = if sent_to_me {
        team.take_partial(t, k, &mut buf[..n])
    } else {
        team.get_partial(t, k, &mut buf[..n])
    };
    if got {
        // SAFETY: `buf` holds the bytes of an E published by thread t.
        Some(unsafe { (buf.as_ptr() as *const E).read_unaligned() })
    } else {
        None
    }
}

fn validate<E: Elem>(name: &str, op: u64, func: *const c_void) {
    if let Err(e) = check_op(op, func, E::FLOATING) {
        fatal(&format!("{name}: {e}"));
    }
}

/// `upc_all_reduce<T>`.
#[allow(clippy::too_many_arguments)]
pub fn reduce<E: Elem>(
    team: &Team,
    dst: PShared,
    src: PShared,
    op: u64,
    nelems: usize,
    blk_size: usize,
    func: *const c_void,
    flags: i32,
) {
    validate::<E>("upc_all_reduce", op, func);
    let mode = Mode::parse(flags);
    let nt = team.threads();
    let me = team.me();
    let k = team.enter();
    if mode.entry == Sync::All {
        team.barrier();
    }
    fence(SeqCst);
    let span = Span::new(nt, src, nelems, blk_size, std::mem::size_of::<E>());
    let d = dst.thread as usize % nt;
    let dst_at = (d, dst.addr);
    if op == UPC_NONCOMM_FUNC {
        let owners = span.owners(0, nelems);
        if me == d {
            if mode.entry == Sync::My {
                team.wait_entered_all(owners.iter(nt), k);
            }
            let mut acc = None;
            for i in 0..nelems {
                acc = fold(op, func, acc, load::<E>(team, span.at(i)));
            }
            if let Some(v) = acc {
                store(team, dst_at, v);
            }
            if mode.exit == Sync::My {
                for u in owners.iter(nt) {
                    team.signal_done(u, k);
                }
            }
        } else if mode.exit == Sync::My && owners.contains(me, nt) {
            team.wait_done_by(d, k);
        }
    } else {
        let mut acc: Option<E> = None;
        span.runs_on(me, |_, len, addr| {
            let esz = std::mem::size_of::<E>() as u64;
            for i in 0..len as u64 {
                acc = fold(op, func, acc, load::<E>(team, (me, addr + i * esz)));
            }
        });
        if me != d {
            team.put_partial(k, Some(d), acc.as_ref().map(as_bytes));
        } else {
            let mut total: Option<E> = None;
            for t in 0..nt {
                let part = if t == me {
                    acc
                } else {
                    get_partial::<E>(team, t, k, true)
                };
                if let Some(v) = part {
                    total = fold(op, func, total, v);
                }
            }
            if let Some(v) = total {
                store(team, dst_at, v);
            }
        }
    }
    fence(SeqCst);
    if mode.exit == Sync::All {
        team.barrier();
    }
}

/// `upc_all_prefix_reduce<T>`.
#[allow(clippy::too_many_arguments)]
pub fn prefix_reduce<E: Elem>(
    team: &Team,
    dst: PShared,
    src: PShared,
    op: u64,
    nelems: usize,
    blk_size: usize,
    func: *const c_void,
    flags: i32,
) {
    validate::<E>("upc_all_prefix_reduce", op, func);
    let mode = Mode::parse(flags);
    let nt = team.threads();
    let me = team.me();
    let k = team.enter();
    if mode.entry == Sync::All {
        team.barrier();
    }
    fence(SeqCst);
    let esz = std::mem::size_of::<E>();
    let ss = Span::new(nt, src, nelems, blk_size, esz);
    let ds = Span::new(nt, dst, nelems, blk_size, esz);
    let chunk = |c: usize| (c * nelems / nt, (c + 1) * nelems / nt);
    let (lo, hi) = chunk(me);
    let mine = [ss.owners(lo, hi), ds.owners(lo, hi)];
    if mode.entry == Sync::My {
        for o in mine {
            team.wait_entered_all(o.iter(nt), k);
        }
    }
    let mut total: Option<E> = None;
    for i in lo..hi {
        total = fold(op, func, total, load::<E>(team, ss.at(i)));
    }
    team.put_partial(k, None, total.as_ref().map(as_bytes));
    let mut running: Option<E> = None;
    for c in 0..me {
        if let Some(v) = get_partial::<E>(team, c, k, false) {
            running = fold(op, func, running, v);
        }
    }
    for i in lo..hi {
        running = fold(op, func, running, load::<E>(team, ss.at(i)));
        if let Some(v) = running {
            store(team, ds.at(i), v);
        }
    }
    if mode.exit == Sync::My {
        for o in mine {
            for u in o.iter(nt) {
                team.signal_done(u, k);
            }
        }
        for v in 0..nt {
            let (vlo, vhi) = chunk(v);
            if ss.owners(vlo, vhi).contains(me, nt) || ds.owners(vlo, vhi).contains(me, nt) {
                team.wait_done_by(v, k);
            }
        }
    }
    fence(SeqCst);
    if mode.exit == Sync::All {
        team.barrier();
    }
}

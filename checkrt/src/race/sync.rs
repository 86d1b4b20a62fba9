//! Happens-before from synchronization, attached to the checker's hooks around UPC
//! operations (`upcc_check_entry` before, `upcc_record_exit` after):
//!
//! * barriers: at `upc_notify` (or `upc_barrier`) a thread publishes its clock for the
//!   phase; after the matching `upc_wait` it joins every thread's (all have notified);
//! * locks: `upc_unlock` stores the releasing thread's clock with the lock, a successful
//!   `upc_lock`/`upc_lock_attempt` joins it;
//! * strict accesses: a strict write stores its clock with the location, a strict read
//!   joins it (after the read, `upcc_race_acquire`);
//! * collectives: each publishes the caller's clock on entry; a collective that
//!   synchronizes on entry (`UPC_IN_ALLSYNC`/`MYSYNC`) or on exit (`UPC_OUT_*`) joins
//!   everyone's before returning; `UPC_IN_NOSYNC | UPC_OUT_NOSYNC` orders nothing, and then
//!   the collective's own reads and writes are recorded;
//! * library transfers (`upc_memget/put/cpy/set`) are accesses of their ranges; the
//!   non-blocking ones (`upc_nb.h`) stay in flight until their `upc_sync`/`upc_synci`.
//!
//! `upc_fence` orders nothing between threads.  Atomic operations are accesses of kind
//! atomic: they do not race with each other, and do with plain accesses.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::*};

use super::{shadow, state, Race, K_ATOMIC, K_RELAXED, MAX_THREADS, READ, WRITE};
use crate::ffi::{PShared, Site, Val};
use crate::optable::{OpInfo, Role};

const V: usize = 2 * MAX_THREADS;
const SYNC_ENTRIES: usize = 4096;
pub const REPORTED: usize = 4096;

/// A published vector clock.
#[repr(C)]
pub struct Published {
    /// Which phase or collective it belongs to (+1; 0: none yet).
    pub tag: AtomicU64,
    pub vc: [AtomicU32; V],
}

/// A clock kept with a lock or a strict location.
#[repr(C)]
pub struct SyncEntry {
    /// The lock or location (+1; 0: free).
    pub key: AtomicU64,
    pub busy: AtomicU32,
    pub vc: [AtomicU32; V],
}

#[repr(C)]
pub struct Header {
    /// Clocks at notify, by barrier phase parity and thread.
    pub barrier: [[Published; MAX_THREADS]; 2],
    /// Clocks on entry of a collective, by collective number modulo 4 and thread.
    pub coll: [[Published; MAX_THREADS]; 4],
    pub sync: [SyncEntry; SYNC_ENTRIES],
    /// Pairs of source lines already reported.
    pub reported: [AtomicU64; REPORTED],
    pub reports: AtomicU32,
}

fn publish(p: &Published, tag: u64, vc: &[u32]) {
    for (a, b) in p.vc.iter().zip(vc) {
        a.store(*b, Relaxed);
    }
    p.tag.store(tag + 1, Release);
}

fn join_published(r: &mut Race, p: &Published) {
    let _ = p.tag.load(Acquire);
    for (a, b) in r.vc.iter_mut().zip(p.vc.iter()) {
        let b = b.load(Relaxed);
        if b > *a {
            *a = b;
        }
    }
}

/// The entry for `key`, created if needed, locked; None when the table is full.
fn entry(key: u64) -> Option<&'static SyncEntry> {
    let h = shadow::header();
    let k = key.wrapping_add(1).max(1);
    let mut i = (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % SYNC_ENTRIES;
    for _ in 0..SYNC_ENTRIES {
        let e = &h.sync[i];
        let cur = e.key.load(Acquire);
        if cur == k
            || (cur == 0
                && match e.key.compare_exchange(0, k, AcqRel, Acquire) {
                    Ok(_) => true,
                    Err(v) => v == k,
                })
        {
            while e
                .busy
                .compare_exchange_weak(0, 1, Acquire, Relaxed)
                .is_err()
            {
                std::hint::spin_loop();
            }
            return Some(e);
        }
        i = (i + 1) % SYNC_ENTRIES;
    }
    None
}

/// The clock components in use: the threads' and their transfers' in flight.
fn used(r: &Race) -> impl Iterator<Item = usize> {
    (0..r.threads).chain(MAX_THREADS..MAX_THREADS + r.threads)
}

fn release_into(r: &mut Race, key: u64) {
    if let Some(e) = entry(key) {
        // the entry is held (`busy`): plain loads and stores
        for i in used(r) {
            if r.vc[i] > e.vc[i].load(Relaxed) {
                e.vc[i].store(r.vc[i], Relaxed);
            }
        }
        e.busy.store(0, Release);
    }
    r.tick();
}

fn acquire_from(r: &mut Race, key: u64) {
    if let Some(e) = entry(key) {
        for i in used(r) {
            let b = e.vc[i].load(Relaxed);
            if b > r.vc[i] {
                r.vc[i] = b;
            }
        }
        e.busy.store(0, Release);
    }
}

const LOCK_TAG: u64 = 1 << 63;

fn lock_key(l: PShared) -> u64 {
    LOCK_TAG | (u64::from(l.thread) << 40) ^ l.addr
}

pub fn strict_write(r: &mut Race, addr: usize) {
    release_into(r, addr as u64 & !LOCK_TAG);
}

pub fn strict_read(r: &mut Race, addr: usize) {
    acquire_from(r, addr as u64 & !LOCK_TAG);
}

/// A non-blocking transfer in flight.
pub struct Transfer {
    /// Its handle (by position: the n-th explicit-handle transfer), 0 for implicit ones.
    pub explicit: bool,
    pub clk: u32,
}

fn notify(r: &mut Race) {
    let h = shadow::header();
    publish(&h.barrier[(r.phase % 2) as usize][r.me], r.phase, &r.vc);
    r.tick();
}

fn wait(r: &mut Race) {
    let h = shadow::header();
    for t in 0..r.threads {
        join_published(r, &h.barrier[(r.phase % 2) as usize][t]);
    }
    r.phase += 1;
}

/// Flags of a collective: (synchronizes on entry, on exit).
fn coll_sync(info: &OpInfo, args: &[Val]) -> (bool, bool) {
    let Some(i) = info.sync_flags else {
        return (true, true);
    };
    let Some(v) = args.get(i) else {
        return (true, true);
    };
    // SAFETY: the flags argument is an unsigned value.
    let f = unsafe { v.u };
    use rules::consts::{UPC_IN_NOSYNC, UPC_OUT_NOSYNC};
    (f & UPC_IN_NOSYNC == 0, f & UPC_OUT_NOSYNC == 0)
}

fn ps(args: &[Val], i: usize) -> Option<PShared> {
    // SAFETY: the catalog says argument i is a pointer-to-shared.
    args.get(i).map(|v| unsafe { v.s })
}

fn uint(args: &[Val], i: usize) -> usize {
    // SAFETY: the catalog says argument i is an unsigned integer.
    args.get(i).map_or(0, |v| unsafe { v.u } as usize)
}

fn local(p: PShared) -> usize {
    pgas::segment::local_ptr(p.thread, p.addr) as usize
}

/// A range of shared bytes starting at `p` of `n` bytes (contiguous on p's thread).
fn record(
    r: &mut Race,
    p: PShared,
    n: usize,
    rw: u32,
    site: &Site,
    what: &str,
    inflight: Option<u32>,
) {
    if p.is_null() {
        return;
    }
    let tag = inflight.map(|clk| (r.me + MAX_THREADS, clk, what));
    let tag = tag.or(Some((r.me, r.vc[r.me], what)));
    shadow::access(r, local(p), n, rw, K_RELAXED, Some(site), tag);
}

/// The acquisition a strict atomic operation left for after it happened.
#[inline]
pub fn pending(r: &mut Race) {
    if let Some(a) = r.acquire.take() {
        strict_read(r, a);
    }
}

/// Before a UPC operation (upcc_check_entry).
pub fn on_entry(site: &'static Site, info: &OpInfo, args: &[Val]) {
    let r = state();
    if !r.on {
        return;
    }
    pending(r);
    let name = info.op.name;
    match info.role {
        Role::Barrier | Role::Notify => notify(r),
        Role::Wait | Role::Forall => {}
        Role::Unlock => {
            if let Some(l) = ps(args, 0) {
                release_into(r, lock_key(l));
            }
        }
        Role::Lock | Role::LockAttempt => r.lock = ps(args, 0),
        Role::LockFree | Role::Other => library(r, site, name, args),
        Role::Collective | Role::AllLockFree => {
            let (i, o) = coll_sync(info, args);
            let n = r.colls;
            r.colls += 1;
            let h = shadow::header();
            publish(&h.coll[(n % 4) as usize][r.me], n, &r.vc);
            let clk = r.vc[r.me];
            r.tick();
            r.coll = Some((n, clk, i, o));
            if !i && !o {
                collective_data(r, site, name, args);
            }
        }
    }
}

/// After a UPC operation that synchronizes (upcc_record_exit).
pub fn on_exit(_site: &'static Site, info: &OpInfo) {
    let r = state();
    if !r.on {
        return;
    }
    pending(r);
    match info.role {
        Role::Barrier | Role::Wait => wait(r),
        Role::Lock => {
            if let Some(l) = r.lock.take() {
                acquire_from(r, lock_key(l));
            }
        }
        Role::LockAttempt => {
            if let Some(l) = r.lock.take() {
                if crate::runtime_lock::owner(l) == Some(r.me as u32) {
                    acquire_from(r, lock_key(l));
                }
            }
        }
        Role::Collective | Role::AllLockFree => {
            if let Some((n, _, i, o)) = r.coll.take() {
                if i || o {
                    let h = shadow::header();
                    for t in 0..r.threads {
                        let p = &h.coll[(n % 4) as usize][t];
                        if p.tag.load(Acquire) > n {
                            join_published(r, p);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// `upc_mem*` and their non-blocking forms, `upc_sync`, atomics.
fn library(r: &mut Race, site: &Site, name: &str, args: &[Val]) {
    let nb = name.ends_with("_nb") || name.ends_with("_nbi");
    let base = name.trim_end_matches("_nbi").trim_end_matches("_nb");
    let inflight = if nb {
        r.nbclk += 1;
        r.inflight.push(Transfer {
            explicit: name.ends_with("_nb"),
            clk: r.nbclk,
        });
        Some(r.nbclk)
    } else {
        None
    };
    match base {
        "upc_memput" | "upc_memset" => {
            let n = uint(args, 2);
            if let Some(d) = ps(args, 0) {
                record(r, d, n, WRITE, site, name, inflight);
            }
        }
        "upc_memget" => {
            let n = uint(args, 2);
            if let Some(s) = ps(args, 1) {
                record(r, s, n, READ, site, name, inflight);
            }
        }
        "upc_memcpy" => {
            let n = uint(args, 2);
            if let Some(s) = ps(args, 1) {
                record(r, s, n, READ, site, name, inflight);
            }
            if let Some(d) = ps(args, 0) {
                record(r, d, n, WRITE, site, name, inflight);
            }
        }
        "upc_sync" => complete(r, true),
        "upc_synci" => complete(r, false),
        "upc_atomic_relaxed" | "upc_atomic_strict" => {
            let (Some(d), Some(t)) = (ps(args, 0), ps(args, 3)) else {
                return;
            };
            let size = pgas::atomic::domain_info(d).map_or(0, |i| pgas::atomic::type_size(i.ty));
            // SAFETY: argument 2 is an unsigned value (the operation).
            let op = args.get(2).map_or(0, |v| unsafe { v.u });
            // UPC_GET is a read; every other operation writes
            let rw = if op == rules::consts::UPC_GET {
                READ
            } else {
                READ | WRITE
            };
            shadow::access(
                r,
                local(t),
                size,
                rw,
                K_ATOMIC,
                Some(site),
                Some((r.me, r.vc[r.me], name)),
            );
            if name == "upc_atomic_strict" {
                // a strict atomic operation is a strict access: it releases what came
                // before it, and acquires (once it has happened: at this thread's next
                // access or operation) what the strict operations before it released
                let a = local(t);
                release_into(r, a as u64 & !LOCK_TAG);
                r.acquire = Some(a);
            }
        }
        _ => {}
    }
}

/// `upc_sync` (explicit: the oldest explicit-handle transfer) or `upc_synci` (every
/// implicit one): they are complete, ordered before what follows.
fn complete(r: &mut Race, explicit: bool) {
    let me = r.me + MAX_THREADS;
    let mut done = Vec::new();
    if explicit {
        if let Some(i) = r.inflight.iter().position(|t| t.explicit) {
            done.push(r.inflight.remove(i).clk);
        }
    } else {
        r.inflight.retain(|t| {
            if !t.explicit {
                done.push(t.clk);
            }
            t.explicit
        });
    }
    for c in done {
        if c > r.vc[me] {
            r.vc[me] = c;
        }
    }
}

/// The reads and writes of a collective that synchronizes neither on entry nor on exit
/// (they may happen at any time during the call, unordered with other threads).
fn collective_data(r: &mut Race, site: &Site, name: &str, args: &[Val]) {
    let t = r.threads;
    let me = r.me;
    let blocks = |p: PShared, nb: usize| -> Vec<PShared> {
        // block k of a pointer with affinity to thread 0, laid out one block per thread
        (0..t)
            .map(|k| PShared {
                addr: p.addr + (((p.thread as usize + k) / t) * nb) as u64,
                thread: ((p.thread as usize + k) % t) as u32,
                phase: 0,
            })
            .collect()
    };
    match name {
        "upc_all_broadcast" => {
            let (Some(d), Some(s), n) = (ps(args, 0), ps(args, 1), uint(args, 2)) else {
                return;
            };
            record(r, s, n, READ, site, name, None);
            let mine = blocks(d, n)[me];
            record(r, mine, n, WRITE, site, name, None);
        }
        "upc_all_scatter" => {
            let (Some(d), Some(s), n) = (ps(args, 0), ps(args, 1), uint(args, 2)) else {
                return;
            };
            let src = PShared {
                addr: s.addr + (me * n) as u64,
                ..s
            };
            record(r, src, n, READ, site, name, None);
            record(r, blocks(d, n)[me], n, WRITE, site, name, None);
        }
        "upc_all_gather" => {
            let (Some(d), Some(s), n) = (ps(args, 0), ps(args, 1), uint(args, 2)) else {
                return;
            };
            record(r, blocks(s, n)[me], n, READ, site, name, None);
            let dst = PShared {
                addr: d.addr + (me * n) as u64,
                ..d
            };
            record(r, dst, n, WRITE, site, name, None);
        }
        "upc_all_gather_all" => {
            let (Some(d), Some(s), n) = (ps(args, 0), ps(args, 1), uint(args, 2)) else {
                return;
            };
            record(r, blocks(s, n)[me], n, READ, site, name, None);
            let mine = blocks(d, n * t)[me];
            record(r, mine, n * t, WRITE, site, name, None);
        }
        "upc_all_exchange" => {
            let (Some(d), Some(s), n) = (ps(args, 0), ps(args, 1), uint(args, 2)) else {
                return;
            };
            record(r, blocks(s, n * t)[me], n * t, READ, site, name, None);
            record(r, blocks(d, n * t)[me], n * t, WRITE, site, name, None);
        }
        _ => {}
    }
}

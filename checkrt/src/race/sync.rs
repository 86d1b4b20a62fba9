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
//!   everyone's before returning; `UPC_IN_NOSYNC | UPC_OUT_NOSYNC` orders nothing.  When a
//!   side is not ALLSYNC the collective's own reads and writes are recorded: with NOSYNC
//!   each thread's part of the work, with MYSYNC the moves of each thread's data by that
//!   thread (ordered after its own entry; complete at its own return with OUT_MYSYNC);
//! * library transfers (`upc_memget/put/cpy/set`) are accesses of their ranges; the
//!   non-blocking ones (`upc_nb.h`) stay in flight until the `upc_sync` of their handle or
//!   `upc_synci`, their private buffers too (`private_access`).
//!
//! `upc_fence` orders nothing between threads.  Atomic operations are accesses of kind
//! atomic: they do not race with each other, and do with plain accesses.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::*};

use super::remote::{Board, Home};
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
    /// For a lock, by thread: the epoch of the thread's last acquisition (0: none yet) and
    /// its own clock at the release that followed.
    pub acq: [AtomicU32; MAX_THREADS],
    pub rel: [AtomicU32; MAX_THREADS],
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

fn join_vc(r: &mut Race, vc: &[u32; V]) {
    r.unweaken();
    for (a, b) in r.vc.iter_mut().zip(vc.iter()) {
        if *b > *a {
            *a = *b;
        }
    }
}

fn board(h: &Header, b: Board) -> &[Published; MAX_THREADS] {
    match b {
        Board::Barrier(i) => &h.barrier[i % 2],
        Board::Coll(i) => &h.coll[i % 4],
    }
}

/// At the clocks' home (`remote::Home`): publish `me`'s clock on `b`.
pub(super) fn home_publish(b: Board, me: usize, tag: u64, vc: &[u32; V]) {
    publish(&board(shadow::header(), b)[me], tag, vc);
}

/// At the clocks' home: the clocks published on `b` by the first `threads` threads, with
/// their tags (+1; 0: none yet).
pub(super) fn home_join(b: Board, threads: usize) -> Vec<(u64, [u32; V])> {
    board(shadow::header(), b)
        .iter()
        .take(threads)
        .map(|p| {
            let tag = p.tag.load(Acquire);
            let mut vc = [0u32; V];
            for (a, b) in vc.iter_mut().zip(p.vc.iter()) {
                *a = b.load(Relaxed);
            }
            (tag, vc)
        })
        .collect()
}

/// At the clocks' home: `key`'s clock joins `vc`, after its thread `me`'s release clock
/// became `rel`.
pub(super) fn home_release(key: u64, me: usize, rel: Option<u32>, vc: &[u32; V]) {
    if let Some(e) = entry(key) {
        // the entry is held (`busy`): plain loads and stores
        if let Some(c) = rel {
            e.rel[me].store(c, Relaxed);
        }
        for (a, b) in e.vc.iter().zip(vc.iter()) {
            if *b > a.load(Relaxed) {
                a.store(*b, Relaxed);
            }
        }
        e.busy.store(0, Release);
    }
}

/// At the clocks' home: `key`'s clock.
pub(super) fn home_acquire(key: u64) -> [u32; V] {
    let mut vc = [0u32; V];
    if let Some(e) = entry(key) {
        for (a, b) in vc.iter_mut().zip(e.vc.iter()) {
            *a = b.load(Relaxed);
        }
        e.busy.store(0, Release);
    }
    vc
}

/// At the clocks' home: the lock `key`'s acquisition epochs and release clocks of the first
/// `threads` threads, before `me`'s acquisition epoch becomes `acq`.
pub(super) fn home_lock_acquired(key: u64, me: usize, acq: u32, threads: usize) -> Vec<(u32, u32)> {
    let Some(e) = entry(key) else {
        return vec![(0, 0); threads];
    };
    let v = (0..threads)
        .map(|u| (e.acq[u].load(Relaxed), e.rel[u].load(Relaxed)))
        .collect();
    e.acq[me].store(acq, Relaxed);
    e.busy.store(0, Release);
    v
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

pub(crate) fn release_into(r: &mut Race, key: u64) {
    Home::release(key, r.me, None, &used_vc(r));
    r.tick();
}

pub(crate) fn acquire_from(r: &mut Race, key: u64) {
    let vc = Home::acquire(key);
    for i in used(r) {
        if vc[i] > r.vc[i] {
            r.vc[i] = vc[i];
        }
    }
}

/// The clock's components in use (the others zero).
fn used_vc(r: &Race) -> [u32; V] {
    let mut vc = [0u32; V];
    for i in used(r) {
        vc[i] = r.vc[i];
    }
    vc
}

const LOCK_TAG: u64 = 1 << 63;

/// A lock acquired: its clock joined apart from the clock without lock acquisitions
/// (`Race::wvc`), and a new epoch for the accesses under it (`shadow::IN_CS`).
///
/// A holder whose acquisition happened before this thread asked for the lock released it
/// before this acquisition whatever the timing (it held the lock, or had had it, by then: a
/// lock taken before a barrier and released after it hands over what it guards): that
/// holder's accesses up to its release count for `wvc` too.
fn lock_acquired(r: &mut Race, l: PShared) {
    let key = lock_key(l);
    r.weaken();
    let acq = super::epoch(r.me, K_RELAXED, r.vc[r.me]);
    let threads = r.threads.min(MAX_THREADS);
    for (u, (a, c)) in Home::lock_acquired(key, r.me, acq, threads)
        .into_iter()
        .enumerate()
    {
        if u != r.me && a != 0 && r.ordered(a) && c > r.wvc[u] {
            r.wvc[u] = c;
        }
    }
    acquire_from(r, key);
    r.held += 1;
    r.tick();
}

fn lock_key(l: PShared) -> u64 {
    LOCK_TAG | (u64::from(l.thread) << 40) ^ l.addr
}

/// The sync entry of the strict accesses of local address `addr`: its segment offset
/// (the segment may be mapped at a different address in each process of a conduit's job),
/// tagged apart from the locks' and the collectives' (`coll2::key`) keys; the address
/// itself outside the segment.
fn strict_key(addr: usize) -> u64 {
    const SEGMENT_TAG: u64 = 1 << 61;
    match shadow::seg_offset(addr) {
        Some(off) => SEGMENT_TAG | off as u64,
        None => addr as u64 & !(LOCK_TAG | SEGMENT_TAG | super::coll2::TAG),
    }
}

pub fn strict_write(r: &mut Race, addr: usize) {
    release_into(r, strict_key(addr));
}

pub fn strict_read(r: &mut Race, addr: usize) {
    r.unweaken();
    acquire_from(r, strict_key(addr));
}

/// What is in flight.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Flight {
    /// A non-blocking transfer with an explicit handle (`upc_memcpy_nb`...): `upc_sync`.
    Explicit,
    /// An implicit-handle one (`upc_memcpy_nbi`...): `upc_synci`.
    Implicit,
    /// A collective's data moves that go on after it returned (`UPC_OUT_NOSYNC`): complete
    /// once every thread is past the call, at the next barrier or collective that
    /// synchronizes on entry.
    Collective,
    /// An asynchronous UPC-IO transfer: `upc_all_fwait_async` (or `upc_all_ftest_async`).
    AsyncIo,
    /// The moves of this thread's data by a collective with `UPC_OUT_MYSYNC`: complete at
    /// this thread's return from it.
    MySync,
}

/// A non-blocking transfer or data move in flight (as this thread's pseudo-thread
/// `me + MAX_THREADS`, with its own clock: complete once `vc[me + MAX_THREADS]` reaches it).
pub struct Transfer {
    pub kind: Flight,
    pub clk: u32,
    /// The `upc_handle_t` of an explicit-handle transfer (0: none).
    pub handle: u64,
    /// The private buffer of a non-blocking `upc_memget_nb`/`upc_memput_nb`, in flight with it.
    pub private: Option<PrivateBuffer>,
}

/// A private buffer a non-blocking transfer reads (`upc_memput_nb`'s source) or writes
/// (`upc_memget_nb`'s destination): from its initiation to its completion, an access of the
/// initiating thread that writes it, or reads a buffer the transfer writes, is a race.
pub struct PrivateBuffer {
    pub start: usize,
    pub len: usize,
    /// The transfer writes it.
    pub write: bool,
    pub site: &'static Site,
}

/// An access of this thread's private memory at `addr` while a non-blocking transfer's
/// private buffer is in flight (translated code checks the accesses through the names of
/// such buffers: `lower/race.rs`, `race_nb_buffers`).
pub fn private_access(r: &mut Race, addr: usize, nbytes: usize, rw: u32, site: Option<&Site>) {
    let write = rw & WRITE != 0;
    let end = addr.saturating_add(nbytes.max(1));
    let hit = r.inflight.iter().find_map(|t| {
        let p = t.private.as_ref()?;
        (p.start < end && addr < p.start + p.len && (p.write || write)).then_some((t.clk, p))
    });
    let Some((clk, p)) = hit else { return };
    let prev = shadow::rec(
        Some(p.site),
        super::epoch(r.me + MAX_THREADS, K_RELAXED, clk),
        false,
    );
    // (`rw` without `VALUE`: the caller's)
    let cur = shadow::Cur::new(r.now(K_RELAXED), rw, site, None, nbytes);
    super::report::race(r, prev, p.write, &cur, addr);
}

/// A collective's data move of this thread's part: `n` bytes at `p`, read or written.
#[derive(Clone, Copy)]
pub struct Move {
    pub p: PShared,
    pub n: usize,
    pub rw: u32,
}

/// Mark what is in flight of kind `kind` complete (ordered before what follows, and before
/// what other threads do after joining this thread's clock).
fn complete_kind(r: &mut Race, kind: Flight) {
    let me = r.me + MAX_THREADS;
    let mut top = 0;
    r.inflight.retain(|t| {
        if t.kind == kind {
            top = top.max(t.clk);
            false
        } else {
            true
        }
    });
    if top > r.vc[me] {
        r.vc[me] = top;
    }
}

fn notify(r: &mut Race) {
    // every thread is past the collectives before this barrier
    complete_kind(r, Flight::Collective);
    r.gsync = r.vc[r.me];
    Home::publish(Board::Barrier((r.phase % 2) as usize), r.me, r.phase, &r.vc);
    r.tick();
}

fn wait(r: &mut Race) {
    for (_, vc) in Home::join(Board::Barrier((r.phase % 2) as usize), r.threads) {
        join_vc(r, &vc);
    }
    r.phase += 1;
}

/// One side (entry or exit) of a collective's synchronization flags.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SyncFlag {
    /// `UPC_IN_NOSYNC`/`UPC_OUT_NOSYNC`.
    No,
    /// `UPC_IN_MYSYNC`/`UPC_OUT_MYSYNC`: on entry, a thread's data is read or written only
    /// once that thread has entered; on exit, a thread returns once the reads and writes of
    /// its own data are complete.
    My,
    /// `UPC_IN_ALLSYNC`/`UPC_OUT_ALLSYNC` (and a collective without flags).
    All,
}

/// The collective a thread is in (between `on_entry` and `on_exit`).
pub struct CollInProgress {
    /// Collectives of this thread before it.
    pub n: u64,
    pub entry: SyncFlag,
    pub exit: SyncFlag,
}

/// Flags of a collective: (on entry, on exit).
fn coll_sync(info: &OpInfo, args: &[Val]) -> (SyncFlag, SyncFlag) {
    let Some(i) = info.sync_flags else {
        return (SyncFlag::All, SyncFlag::All);
    };
    let Some(v) = args.get(i) else {
        return (SyncFlag::All, SyncFlag::All);
    };
    // SAFETY: the flags argument is an unsigned value.
    let f = unsafe { v.u };
    use rules::consts::{UPC_IN_MYSYNC, UPC_IN_NOSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC};
    let side = |no: u64, my: u64| {
        if f & no != 0 {
            SyncFlag::No
        } else if f & my != 0 {
            SyncFlag::My
        } else {
            SyncFlag::All
        }
    };
    (
        side(UPC_IN_NOSYNC, UPC_IN_MYSYNC),
        side(UPC_OUT_NOSYNC, UPC_OUT_MYSYNC),
    )
}

fn ps(args: &[Val], i: usize) -> Option<PShared> {
    // SAFETY: the catalog says argument i is a pointer-to-shared.
    args.get(i).map(|v| unsafe { v.s })
}

fn uint(args: &[Val], i: usize) -> usize {
    // SAFETY: the catalog says argument i is an unsigned integer.
    args.get(i).map_or(0, |v| unsafe { v.u } as usize)
}

/// `p`'s address in the translated program's view (which the shadow covers; another
/// node's data is not mapped there).
fn local(p: PShared) -> usize {
    shadow::seg_base() + p.thread as usize * pgas::segment::part_size() + p.addr as usize
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
    // a range on one thread ends with its partition (bad arguments name more)
    let n = n.min(pgas::segment::part_size().saturating_sub(p.addr as usize));
    let tag = inflight.map(|clk| (r.me + MAX_THREADS, clk, what));
    let tag = tag.or(Some((r.me, r.vc[r.me], what)));
    shadow::access(r, local(p), n, rw, K_RELAXED, Some(site), tag);
}

/// The acquisition a strict atomic operation left for after it happened.
#[inline]
/// Whatever the last operation left for now; whether there was anything (the thread's
/// state then changed: `race::refresh`).
pub fn pending(r: &mut Race) -> bool {
    if r.acquire.is_some() || !r.coll2.is_empty() {
        // (the clocks change: the accesses made under them go first)
        super::remote::flush(r);
    }
    let mut any = false;
    if let Some(a) = r.acquire.take() {
        strict_read(r, a);
        any = true;
    }
    if !r.coll2.is_empty() {
        super::coll2::pending(r);
        any = true;
    }
    any
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
                Home::release(lock_key(l), r.me, Some(r.vc[r.me]), &used_vc(r));
                r.tick();
                r.held = r.held.saturating_sub(1);
                if !r.flags.is_empty() {
                    // a flag read under the lock told the thread to go on
                    r.unweaken();
                    r.flags.clear();
                }
                if !r.tickets.is_empty() {
                    // updates never read back: counters
                    r.tickets.clear();
                    super::refresh(r);
                }
            }
        }
        Role::Lock | Role::LockAttempt => r.lock = ps(args, 0),
        Role::LockFree | Role::Other if name.starts_with("upccoll_") => {
            super::coll2::on_entry(r, site, info.op, args)
        }
        Role::LockFree | Role::Other => library(r, site, name, args),
        Role::Collective | Role::AllLockFree => {
            let (entry, exit) = coll_sync(info, args);
            // with MYSYNC the threads synchronize only through the collective's data (see
            // `on_exit`); its data moves are modelled below
            let i = entry != SyncFlag::No;
            let mysync = entry == SyncFlag::My || exit == SyncFlag::My;
            let asynchronous = async_io(name);
            if i {
                // every thread is past the collectives before this one
                complete_kind(r, Flight::Collective);
            }
            if name == "upc_all_fwait_async" || name == "upc_all_ftest_async" {
                complete_kind(r, Flight::AsyncIo);
            }
            r.moves.clear();
            if !(entry == SyncFlag::All && exit == SyncFlag::All) || asynchronous {
                // with MYSYNC each thread records the moves of the data with affinity to it
                // (what its entry and its return order); otherwise its part of the work
                let moves = if mysync {
                    owned_moves(r, name, args)
                } else {
                    collective_moves(r, r.me, name, args)
                };
                if entry == SyncFlag::All {
                    // they begin once every thread has entered: recorded on return
                    r.moves = moves;
                } else {
                    let kind = if asynchronous {
                        Some(Flight::AsyncIo)
                    } else {
                        match exit {
                            SyncFlag::No => Some(Flight::Collective),
                            // complete at this thread's return, for this thread only
                            SyncFlag::My => Some(Flight::MySync),
                            SyncFlag::All => None,
                        }
                    };
                    // UPC_IN_NOSYNC: they may begin before this thread's call; MYSYNC: once
                    // this thread (the data's) has entered
                    record_moves(r, site, name, &moves, entry == SyncFlag::No, kind);
                }
            }
            let n = r.colls;
            r.colls += 1;
            Home::publish(Board::Coll((n % 4) as usize), r.me, n, &r.vc);
            let clk = r.vc[r.me];
            if i {
                r.gsync = clk;
            }
            r.tick();
            r.coll = Some(CollInProgress { n, entry, exit });
        }
    }
}

/// After a UPC operation that synchronizes (upcc_record_exit).
pub fn on_exit(site: &'static Site, info: &OpInfo) {
    let r = state();
    if !r.on {
        return;
    }
    pending(r);
    match info.role {
        Role::Barrier | Role::Wait => wait(r),
        Role::Lock => {
            if let Some(l) = r.lock.take() {
                lock_acquired(r, l);
            }
        }
        Role::LockAttempt => {
            if let Some(l) = r.lock.take() {
                if crate::runtime_lock::owner(l) == Some(r.me as u32) {
                    lock_acquired(r, l);
                }
            }
        }
        Role::Collective | Role::AllLockFree => {
            if let Some(CollInProgress { n, entry, exit }) = r.coll.take() {
                // ALLSYNC on either side: every thread's entry before every thread's
                // return.  MYSYNC orders only the collective's own data (its moves, recorded
                // by the data's thread): nothing else a thread did before its entry is
                // ordered before another thread's return
                if entry == SyncFlag::All || exit == SyncFlag::All {
                    for (tag, vc) in Home::join(Board::Coll((n % 4) as usize), r.threads) {
                        if tag > n {
                            join_vc(r, &vc);
                        }
                    }
                }
                let moves = std::mem::take(&mut r.moves);
                if !moves.is_empty() {
                    // after every thread entered; going on after this thread returns (with
                    // UPC_OUT_MYSYNC, complete for this thread, whose data they are)
                    let kind = if async_io(info.op.name) {
                        Some(Flight::AsyncIo)
                    } else if exit == SyncFlag::My {
                        None
                    } else {
                        Some(Flight::Collective)
                    };
                    record_moves(r, site, info.op.name, &moves, false, kind);
                }
                if exit == SyncFlag::My {
                    // the moves of this thread's data recorded on entry are complete
                    complete_kind(r, Flight::MySync);
                }
            }
        }
        _ => {}
    }
}

/// `upc_mem*` and their non-blocking forms, `upc_sync`, atomics.
fn library(r: &mut Race, site: &'static Site, name: &str, args: &[Val]) {
    let nb = name.ends_with("_nb") || name.ends_with("_nbi");
    let base = name.trim_end_matches("_nbi").trim_end_matches("_nb");
    let inflight = if nb {
        r.nbclk += 1;
        // the private side: upc_memget's destination (written), upc_memput's source (read)
        let private = match base {
            "upc_memget" => Some((0, true)),
            "upc_memput" => Some((1, false)),
            _ => None,
        }
        .and_then(|(i, write)| {
            // SAFETY: the catalog says argument i is a pointer-to-local.
            let start = args.get(i).map_or(0, |v| unsafe { v.p } as usize);
            let len = uint(args, 2);
            (start != 0 && len != 0).then_some(PrivateBuffer {
                start,
                len,
                write,
                site,
            })
        });
        let explicit = name.ends_with("_nb");
        r.inflight.push(Transfer {
            kind: if explicit {
                Flight::Explicit
            } else {
                Flight::Implicit
            },
            clk: r.nbclk,
            // the handle the call is about to return
            handle: if explicit {
                pgas::nb::next_handle() as u64
            } else {
                0
            },
            private,
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
        // the attempts always succeed with this runtime (its transfers are over at once)
        "upc_sync" | "upc_sync_attempt" => complete(r, Some(uint(args, 0) as u64)),
        "upc_synci" | "upc_synci_attempt" => complete(r, None),
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
                release_into(r, strict_key(a));
                r.acquire = Some(a);
            }
        }
        _ => {}
    }
}

/// `upc_sync(handle)` (the explicit-handle transfer that returned it) or `upc_synci` (every
/// implicit one): they are complete, ordered before what follows.  (A transfer's shared
/// range is ordered by this thread's transfer clock: completing one also orders the
/// transfers started before it and still in flight; their private buffers stay in flight.)
fn complete(r: &mut Race, handle: Option<u64>) {
    let Some(handle) = handle else {
        return complete_kind(r, Flight::Implicit);
    };
    let me = r.me + MAX_THREADS;
    let found = r
        .inflight
        .iter()
        .position(|t| t.kind == Flight::Explicit && t.handle == handle);
    if let Some(i) = found.or_else(|| {
        // a handle no transfer in flight returned (reported by the argument checks): the
        // oldest; UPC_COMPLETE_HANDLE completes nothing
        (handle != 0)
            .then(|| r.inflight.iter().position(|t| t.kind == Flight::Explicit))
            .flatten()
    }) {
        let c = r.inflight.remove(i).clk;
        if c > r.vc[me] {
            r.vc[me] = c;
        }
    }
}

/// Whether `name` is an asynchronous UPC-IO transfer (in flight until
/// `upc_all_fwait_async`, whatever its flags).
fn async_io(name: &str) -> bool {
    name.starts_with("upc_all_f") && name.ends_with("_async") && name != "upc_all_fwait_async"
}

/// Record data moves of this thread's buffers as accesses of its pseudo-thread, in flight
/// until the caller completes them (sets `vc[me + MAX_THREADS]` to the returned clock).
pub(crate) fn record_flight(r: &mut Race, site: &Site, name: &str, moves: &[Move]) -> u32 {
    if moves.is_empty() {
        return 0;
    }
    r.nbclk += 1;
    let clk = r.nbclk;
    for m in moves {
        record(r, m.p, m.n, m.rw, site, name, Some(clk));
    }
    clk
}

/// Record a collective's data moves of this thread's part as accesses of this thread's
/// pseudo-thread (they are not in its program order: another thread may make them), in
/// flight as `kind` (None: complete at once, ordered before what follows the next
/// publication of this thread's clock).  `lowered`: the moves may begin before this
/// thread's own call (`UPC_IN_NOSYNC`): only its accesses up to its last synchronization
/// with every thread are ordered before them.
fn record_moves(
    r: &mut Race,
    site: &Site,
    name: &str,
    moves: &[Move],
    lowered: bool,
    kind: Option<Flight>,
) {
    if moves.is_empty() {
        return;
    }
    r.nbclk += 1;
    let clk = r.nbclk;
    let own = r.vc[r.me];
    if lowered {
        r.vc[r.me] = r.gsync;
    }
    for m in moves {
        record(r, m.p, m.n, m.rw, site, name, Some(clk));
    }
    r.vc[r.me] = own;
    match kind {
        Some(kind) => r.inflight.push(Transfer {
            kind,
            clk,
            handle: 0,
            private: None,
        }),
        None => {
            let me = r.me + MAX_THREADS;
            if clk > r.vc[me] {
                r.vc[me] = clk;
            }
        }
    }
}

/// The runs of bytes with affinity to thread `me` of `nelems` elements of `es` bytes from
/// `p`, laid out in blocks of `blk` elements (0: indefinite block size, all on p's thread).
fn my_runs(
    p: PShared,
    nelems: usize,
    es: usize,
    blk: usize,
    me: usize,
    out: &mut Vec<Move>,
    rw: u32,
) {
    let t = pgas::segment::threads().max(1);
    let part = pgas::segment::part_size();
    if p.is_null() || es == 0 || nelems == 0 || p.thread as usize >= t {
        return;
    }
    // bad arguments (reported by the argument checks) must not make this loop long
    let nelems = nelems.min(part.saturating_mul(t) / es + 1);
    if blk == 0 || blk >= nelems.saturating_add(p.phase as usize) {
        if p.thread as usize == me {
            out.push(Move {
                p,
                n: nelems.saturating_mul(es),
                rw,
            });
        }
        return;
    }
    let phase = p.phase as usize % blk;
    let Some(base) = p.addr.checked_sub((phase * es) as u64) else {
        return;
    };
    let mut g = phase;
    let end = phase + nelems;
    while g < end {
        let b = g / blk;
        let th = (p.thread as usize + b) % t;
        if th != me {
            // the start of this thread's next block
            g = (b + (me + t - th) % t) * blk;
            continue;
        }
        let stop = end.min((b + 1) * blk);
        let course = (p.thread as usize + b) / t;
        let addr = base + ((course * blk + g % blk) * es) as u64;
        let n = (stop - g) * es;
        match out.last_mut() {
            Some(l) if l.rw == rw && l.p.thread as usize == me && l.p.addr + l.n as u64 == addr => {
                l.n += n
            }
            _ => out.push(Move {
                p: PShared {
                    addr,
                    thread: me as u32,
                    phase: 0,
                },
                n,
                rw,
            }),
        }
        g = (b + t) * blk;
    }
}

/// Element size of a `upc_all_reduceT`/`upc_all_prefix_reduceT` by its type suffix.
fn reduce_elem(name: &str) -> usize {
    let t = name
        .trim_start_matches("upc_all_prefix_reduce")
        .trim_start_matches("upc_all_reduce");
    match t {
        "C" | "UC" => 1,
        "S" | "US" => 2,
        "I" | "UI" | "F" => 4,
        "L" | "UL" => std::mem::size_of::<std::ffi::c_long>(),
        "D" => 8,
        "LD" => 16,
        _ => 0,
    }
}

/// The reads and writes a collective makes of the data with affinity to this thread, whichever
/// thread's part of the work they are.
fn owned_moves(r: &Race, name: &str, args: &[Val]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for part in 0..r.threads {
        for m in collective_moves(r, part, name, args) {
            let dup = out.iter().any(|o| o.p == m.p && o.n == m.n && o.rw == m.rw);
            if m.p.thread as usize == r.me && !dup {
                out.push(m);
            }
        }
    }
    out
}

/// The reads and writes a collective makes of thread `me`'s part of its data (the parts
/// of all threads cover the data once).
fn collective_moves(r: &Race, me: usize, name: &str, args: &[Val]) -> Vec<Move> {
    let t = r.threads;
    let mut out = Vec::new();
    // block k of n bytes of a pointer laid out one block per thread
    let block = |p: PShared, nb: usize, k: usize| -> PShared {
        PShared {
            addr: p.addr + (((p.thread as usize + k) / t) * nb) as u64,
            thread: ((p.thread as usize + k) % t) as u32,
            phase: 0,
        }
    };
    let mv = |p: PShared, n: usize, rw: u32| Move { p, n, rw };
    match name {
        "upc_all_broadcast" | "upc_all_scatter" | "upc_all_gather" | "upc_all_gather_all"
        | "upc_all_exchange" | "upc_all_permute" => {
            let (Some(d), Some(s)) = (ps(args, 0), ps(args, 1)) else {
                return out;
            };
            if d.is_null() || s.is_null() {
                return out;
            }
            let n = if name == "upc_all_permute" {
                uint(args, 3)
            } else {
                uint(args, 2)
            };
            let n = n.min(pgas::segment::part_size());
            match name {
                "upc_all_broadcast" => {
                    out.push(mv(s, n, READ));
                    out.push(mv(block(d, n, me), n, WRITE));
                }
                "upc_all_scatter" => {
                    out.push(mv(
                        PShared {
                            addr: s.addr + (me * n) as u64,
                            ..s
                        },
                        n,
                        READ,
                    ));
                    out.push(mv(block(d, n, me), n, WRITE));
                }
                "upc_all_gather" => {
                    out.push(mv(block(s, n, me), n, READ));
                    out.push(mv(
                        PShared {
                            addr: d.addr + (me * n) as u64,
                            ..d
                        },
                        n,
                        WRITE,
                    ));
                }
                "upc_all_gather_all" => {
                    out.push(mv(block(s, n, me), n, READ));
                    out.push(mv(block(d, n * t, me), n * t, WRITE));
                }
                "upc_all_exchange" => {
                    out.push(mv(block(s, n * t, me), n * t, READ));
                    out.push(mv(block(d, n * t, me), n * t, WRITE));
                }
                _ => {
                    // permute: src block me goes to dst block perm[me]
                    out.push(mv(block(s, n, me), n, READ));
                    if let Some(perm) = ps(args, 2).filter(|p| !p.is_null()) {
                        let pe = PShared {
                            addr: perm.addr + (((perm.thread as usize + me) / t) * 4) as u64,
                            thread: ((perm.thread as usize + me) % t) as u32,
                            phase: 0,
                        };
                        out.push(mv(pe, 4, READ));
                        if let Some((_, _)) = shadow::owner(local(pe)) {
                            let mut k = 0i32;
                            // SAFETY: 4 bytes of a live local; the runtime's own transfer
                            // (another node's data is not mapped here).
                            unsafe {
                                pgas::memops::upc_memget(&mut k as *mut i32 as *mut _, pe, 4)
                            };
                            if k >= 0 && (k as usize) < t {
                                out.push(mv(block(d, n, k as usize), n, WRITE));
                            }
                        }
                    }
                }
            }
        }
        _ if name.starts_with("upc_all_reduce") || name.starts_with("upc_all_prefix_reduce") => {
            let (Some(d), Some(s)) = (ps(args, 0), ps(args, 1)) else {
                return out;
            };
            let es = reduce_elem(name);
            let (nelems, blk) = (uint(args, 3), uint(args, 4));
            my_runs(s, nelems, es, blk, me, &mut out, READ);
            if name.starts_with("upc_all_prefix_reduce") {
                my_runs(d, nelems, es, blk, me, &mut out, WRITE);
            } else if d.thread as usize == me && !d.is_null() {
                out.push(mv(d, es, WRITE));
            }
        }
        _ if name.starts_with("upc_all_fread_shared")
            || name.starts_with("upc_all_fwrite_shared") =>
        {
            // (fd, buffer, blocksize, size, nmemb, flags): reading a file writes the buffer
            let Some(b) = ps(args, 1) else { return out };
            let rw = if name.starts_with("upc_all_fread") {
                WRITE
            } else {
                READ
            };
            my_runs(
                b,
                uint(args, 4),
                uint(args, 3),
                uint(args, 2),
                me,
                &mut out,
                rw,
            );
        }
        _ => {}
    }
    out
}

//! Race checking over several nodes (a conduit that carries requests, `pgas::rpc`).
//!
//! Each node keeps the shadow of the whole segment in its node-shared memory, but only the
//! cells of its own threads' data are used: an access to another node's data is checked and
//! recorded by the data owner's process, which applies it to its shadow with the same CPU
//! atomics its own threads use ([`access`]: a request carrying the segment offset, size, kind
//! and site of the access and the accessor's clocks, answered with the accesses it races
//! with and the flag read it justified).  The accessor reports, as it does for a race found
//! in its own node's shadow.
//!
//! The synchronization clocks ([`super::sync::Header`]: barrier and collective clocks, the
//! clocks kept with locks and strict locations) have one home, thread 0's node: the threads of
//! other nodes publish, release, acquire and join there through requests ([`Home`]).
//!
//! Both sides run the functions of `shadow.rs` and `sync.rs` that one node runs; only where
//! they run differs.  A request is answered inside the target's progress (its waits, its MPI
//! operations, its progress thread, its own requests), so it costs a round trip.  The relaxed accesses
//! outside critical sections are therefore sent in batches ([`defer`], [`flush`]): one
//! request per owner with the accessor's clocks and the accesses made under them.  A batch
//! goes before the clocks change (a batch holds one state of them) and before every
//! operation that may order this thread's accesses before another thread's (the checker's
//! hooks around UPC operations, strict accesses, the thread's end), so an owner always
//! applies a thread's accesses before those that synchronization orders after them; and
//! every [`BATCH_ACCESSES`] accesses, so that a thread that never synchronizes (a spin on a
//! flag) still has its accesses checked.  Its races are reported when it goes.

use std::cell::RefCell;

use super::{shadow, sync, Race, MAX_THREADS};
use crate::ffi::Site;

/// Request kinds.
const ACCESS: u8 = 1;
const RELEASE: u8 = 2;
const ACQUIRE: u8 = 3;
const LOCK_ACQUIRED: u8 = 4;
const PUBLISH: u8 = 5;
const JOIN: u8 = 6;
const BATCH: u8 = 7;

const V: usize = 2 * MAX_THREADS;

/// Whether this process shares the shadow cells of `thread`'s data (its node's threads).
#[inline]
fn shares_shadow(thread: usize) -> bool {
    pgas::segment::user_data_mapped(thread as u32)
}

/// Whether race checking runs over several nodes here (requests go to other nodes).
#[inline]
pub(super) fn several_nodes() -> bool {
    pgas::segment::isolated()
}

/// Whether the synchronization clocks live on another node (thread 0's).
#[inline]
pub(super) fn home_elsewhere() -> bool {
    several_nodes() && !shares_shadow(0)
}

/// The thread whose data segment offset `off` is, when it is on another node.
#[inline]
pub(super) fn owner_elsewhere(off: usize) -> Option<usize> {
    if !several_nodes() {
        return None;
    }
    let t = off / pgas::segment::part_size();
    (!shares_shadow(t)).then_some(t)
}

/// A request or answer being written.
#[derive(Default)]
struct Out(Vec<u8>);

impl Out {
    fn u8(&mut self, v: u8) -> &mut Self {
        self.0.push(v);
        self
    }
    fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn u64(&mut self, v: u64) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn vc(&mut self, vc: &[u32; V]) -> &mut Self {
        for v in vc {
            self.u32(*v);
        }
        self
    }
}

/// A request or answer being read (a short message reads as zeros: both sides are the same
/// executable, so it never is one).
struct In<'a>(&'a [u8]);

impl In<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut b = [0u8; N];
        let n = N.min(self.0.len());
        b[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        b
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
    fn vc(&mut self) -> [u32; V] {
        let mut vc = [0u32; V];
        for v in vc.iter_mut() {
            *v = self.u32();
        }
        vc
    }
}

fn call(thread: usize, req: &Out) -> Vec<u8> {
    // (only called where `several_nodes`: the conduit carries requests)
    pgas::rpc::call(thread, &req.0).unwrap_or_default()
}

thread_local! {
    /// While a request's access is applied here: the races it found (recorded access,
    /// whether a write, segment offset of the byte), answered instead of reported.
    static FOUND: RefCell<Option<Vec<(u64, bool, u64)>>> = const { RefCell::new(None) };
}

/// Whether a race found now is answered to another node rather than reported (and if so,
/// it is taken): see [`FOUND`].
pub(super) fn found_elsewhere(prev: u64, prev_write: bool, byte: usize) -> bool {
    FOUND.with(|f| match f.borrow_mut().as_mut() {
        Some(v) => {
            let off = shadow::seg_offset(byte).unwrap_or(0);
            v.push((prev, prev_write, off as u64));
            true
        }
        None => false,
    })
}

/// An access of `n` bytes at segment offset `off`, another node's data, `elem` bytes each:
/// checked and recorded by its owner's process (see the module doc), the races found
/// reported here.
#[allow(clippy::too_many_arguments)]
pub(super) fn access(
    r: &mut Race,
    owner: usize,
    off: usize,
    n: usize,
    elem: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
    as_tid: Option<(usize, u32, &str)>,
) {
    let mut q = Out::default();
    q.u8(ACCESS)
        .u64(off as u64)
        .u64(n as u64)
        .u64(elem as u64)
        .u32(rw)
        .u32(kind)
        // (as a cell records it: `shadow::rec`)
        .u32(shadow::encode_site(site) << 2);
    match as_tid {
        Some((t, clk, _)) => q.u8(1).u32(t as u32).u32(clk),
        None => q.u8(0).u32(0).u32(0),
    };
    clocks(&mut q, r);
    flush(r);
    let a = call(owner, &q);
    let mut a = In(&a);
    let justify = a.u64();
    if justify != 0 {
        r.justify.set(shadow::seg_base() + (justify - 1) as usize);
    }
    let found = a.u32();
    if found == 0 {
        return;
    }
    let cur = shadow::Cur::new(
        r.epoch_of(kind, as_tid),
        rw,
        site,
        as_tid.map(|t| t.2),
        elem,
    );
    for _ in 0..found {
        let prev = a.u64();
        let prev_write = a.u8() != 0;
        let byte = shadow::seg_base() + a.u64() as usize;
        super::report::race(r, prev, prev_write, &cur, byte);
    }
}

/// The accessor's clocks, as a request carries them (see [`proxy`]).
fn clocks(q: &mut Out, r: &Race) {
    q.u32(r.me as u32)
        .u32(r.threads as u32)
        .u32(r.held)
        .u8(u8::from(r.weak))
        .u8(u8::from(!r.flags.is_empty()))
        .vc(&r.vc)
        .vc(&r.wvc);
}

/// The accessor, as the owner sees it: its clocks and whether it holds locks and flags.
fn proxy(q: &mut In) -> Race {
    let mut r = Race::blank();
    r.on = true;
    r.me = q.u32() as usize;
    r.threads = q.u32() as usize;
    r.held = q.u32();
    r.weak = q.u8() != 0;
    if q.u8() != 0 {
        // (only whether there are any matters here: `shadow::conflict`)
        r.flags.push(0);
    }
    r.vc = q.vc();
    r.wvc = q.vc();
    r
}

/// Apply accesses of `elem` bytes each to `n` bytes at segment offset `off` in this node's
/// shadow for the accessor `r`, the races found collected rather than reported.
#[allow(clippy::too_many_arguments)]
fn apply(
    r: &mut Race,
    off: usize,
    n: usize,
    elem: usize,
    rw: u32,
    kind: u32,
    site: Option<&Site>,
    as_tid: Option<(usize, u32, &str)>,
) -> Vec<(u64, bool, u64)> {
    let before = FOUND.with(|f| f.replace(Some(Vec::new())));
    shadow::here_elems(r, shadow::seg_base() + off, n, elem, rw, kind, site, as_tid);
    FOUND.with(|f| f.replace(before)).unwrap_or_default()
}

/// The owner's side of [`access`].
fn serve_access(q: &mut In) -> Out {
    let off = q.u64() as usize;
    let n = q.u64() as usize;
    let elem = q.u64() as usize;
    let rw = q.u32();
    let kind = q.u32();
    let site = shadow::decode_site(q.u32());
    let tagged = q.u8() != 0;
    let (t, clk) = (q.u32() as usize, q.u32());
    let mut r = proxy(q);
    let as_tid = tagged.then_some((t, clk, ""));
    let found = apply(&mut r, off, n, elem, rw, kind, site, as_tid);
    let mut a = Out::default();
    let j = r.justify.get();
    a.u64(if j == 0 {
        0
    } else {
        shadow::seg_offset(j).map_or(0, |o| o as u64 + 1)
    });
    a.u32(found.len() as u32);
    for (prev, w, b) in found {
        a.u64(prev).u8(u8::from(w)).u64(b);
    }
    a
}

/// A relaxed access of another node's data waiting in the batch (see the module doc).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Deferred {
    owner: usize,
    off: usize,
    n: usize,
    elem: usize,
    rw: u32,
    /// As a cell records it (`shadow::rec`).
    site: u32,
}

/// The batch: its accesses, the clocks they were made under (`me`, `vc`, `wvc`, `weak`:
/// a batch is sent while no lock is held), and the accesses since it was last sent.
struct Batch {
    list: Vec<Deferred>,
    vc: [u32; V],
    wvc: [u32; V],
    weak: bool,
    count: usize,
}

/// Accesses after which a batch goes even if nothing synchronizes.
const BATCH_ACCESSES: usize = 1024;

thread_local! {
    static BATCH_STATE: RefCell<Batch> = const {
        RefCell::new(Batch { list: Vec::new(), vc: [0; V], wvc: [0; V], weak: false, count: 0 })
    };
}

/// Whether a relaxed access of another node's data by `r` may wait in the batch (no lock
/// held: a read under a lock may justify a flag, which the access's caller uses at once).
pub(super) fn deferrable(r: &Race) -> bool {
    r.held == 0 && r.flags.is_empty()
}

/// Add a relaxed access of `n` bytes at segment offset `off` (`owner`'s data, `elem`
/// bytes an access) to the batch; the batch goes first if `r`'s clocks changed since it
/// began, and after it when it is due.
#[allow(clippy::too_many_arguments)]
pub(super) fn defer(
    r: &mut Race,
    owner: usize,
    off: usize,
    n: usize,
    elem: usize,
    rw: u32,
    site: Option<&Site>,
) {
    let d = Deferred {
        owner,
        off,
        n,
        elem,
        rw,
        site: shadow::encode_site(site) << 2,
    };
    let stale = BATCH_STATE.with(|b| {
        let b = b.borrow();
        !b.list.is_empty() && (b.vc != r.vc || b.wvc != r.wvc || b.weak != r.weak)
    });
    if stale {
        flush(r);
    }
    let due = BATCH_STATE.with(|b| {
        let mut b = b.borrow_mut();
        if b.list.is_empty() {
            b.vc = r.vc;
            b.wvc = r.wvc;
            b.weak = r.weak;
        }
        // (the same access again: a loop that polls)
        if b.list.last() != Some(&d) {
            b.list.push(d);
        }
        b.count += 1;
        b.count >= BATCH_ACCESSES
    });
    if due {
        flush(r);
    }
}

/// Send the batch: one request per owner, then report the races the owners found.
pub(super) fn flush(r: &mut Race) {
    let Some(b) = BATCH_STATE.with(|b| {
        let mut b = b.borrow_mut();
        b.count = 0;
        (!b.list.is_empty()).then(|| Batch {
            list: std::mem::take(&mut b.list),
            vc: b.vc,
            wvc: b.wvc,
            weak: b.weak,
            count: 0,
        })
    }) else {
        return;
    };
    // the clocks the batch was made under, as the owners see them
    let snap = Race {
        me: r.me,
        threads: r.threads,
        vc: b.vc,
        wvc: b.wvc,
        weak: b.weak,
        ..Race::blank()
    };
    let mut owners: Vec<usize> = b.list.iter().map(|d| d.owner).collect();
    owners.sort_unstable();
    owners.dedup();
    for owner in owners {
        let mine: Vec<&Deferred> = b.list.iter().filter(|d| d.owner == owner).collect();
        let mut q = Out::default();
        q.u8(BATCH);
        clocks(&mut q, &snap);
        q.u32(mine.len() as u32);
        for d in &mine {
            q.u64(d.off as u64)
                .u64(d.n as u64)
                .u64(d.elem as u64)
                .u32(d.rw)
                .u32(d.site);
        }
        let a = call(owner, &q);
        let mut a = In(&a);
        for _ in 0..a.u32() {
            let d = mine[a.u32() as usize];
            let (prev, prev_write) = (a.u64(), a.u8() != 0);
            let byte = shadow::seg_base() + a.u64() as usize;
            let site = shadow::decode_site(d.site);
            let cur = shadow::Cur::new(snap.now(super::K_RELAXED), d.rw, site, None, d.elem);
            super::report::race(r, prev, prev_write, &cur, byte);
        }
    }
}

/// The owner's side of [`flush`]: each access applied in order; the races found, by
/// access.
fn serve_batch(q: &mut In) -> Out {
    let mut r = proxy(q);
    let mut found = Vec::new();
    for i in 0..q.u32() {
        let (off, n, elem) = (q.u64() as usize, q.u64() as usize, q.u64() as usize);
        let rw = q.u32();
        let site = shadow::decode_site(q.u32());
        for f in apply(&mut r, off, n, elem, rw, super::K_RELAXED, site, None) {
            found.push((i, f));
        }
    }
    let mut a = Out::default();
    a.u32(found.len() as u32);
    for (i, (prev, w, b)) in found {
        a.u32(i).u64(prev).u8(u8::from(w)).u64(b);
    }
    a
}

/// Which published clocks: a barrier phase's (by parity) or a collective's (by number
/// modulo 4).
#[derive(Clone, Copy)]
pub(super) enum Board {
    Barrier(usize),
    Coll(usize),
}

impl Board {
    fn code(self) -> (u8, u32) {
        match self {
            Board::Barrier(i) => (0, i as u32),
            Board::Coll(i) => (1, i as u32),
        }
    }
    fn of(code: u8, i: u32) -> Self {
        if code == 0 {
            Board::Barrier(i as usize % 2)
        } else {
            Board::Coll(i as usize % 4)
        }
    }
}

/// The synchronization clocks at their home (see the module doc): each operation runs the
/// local function of `sync.rs` here or at thread 0's node.
pub(super) struct Home;

impl Home {
    /// Join `vc` into `key`'s clock, after setting its thread `me`'s release clock to `rel`.
    pub fn release(key: u64, me: usize, rel: Option<u32>, vc: &[u32; V]) {
        if !home_elsewhere() {
            return sync::home_release(key, me, rel, vc);
        }
        let mut q = Out::default();
        q.u8(RELEASE).u64(key).u32(me as u32);
        match rel {
            Some(c) => q.u8(1).u32(c),
            None => q.u8(0).u32(0),
        };
        q.vc(vc);
        call(0, &q);
    }

    /// `key`'s clock (zeros when it has none).
    pub fn acquire(key: u64) -> [u32; V] {
        if !home_elsewhere() {
            return sync::home_acquire(key);
        }
        let mut q = Out::default();
        q.u8(ACQUIRE).u64(key);
        In(&call(0, &q)).vc()
    }

    /// A lock acquisition by `me` at epoch `acq`: the lock's acquisition epochs and release
    /// clocks by thread as they were (`threads` of each), before `me`'s is set to `acq`.
    pub fn lock_acquired(key: u64, me: usize, acq: u32, threads: usize) -> Vec<(u32, u32)> {
        if !home_elsewhere() {
            return sync::home_lock_acquired(key, me, acq, threads);
        }
        let mut q = Out::default();
        q.u8(LOCK_ACQUIRED)
            .u64(key)
            .u32(me as u32)
            .u32(acq)
            .u32(threads as u32);
        let a = call(0, &q);
        let mut a = In(&a);
        (0..threads).map(|_| (a.u32(), a.u32())).collect()
    }

    /// Publish thread `me`'s clock `vc` on `board`, tagged `tag`.
    pub fn publish(board: Board, me: usize, tag: u64, vc: &[u32; V]) {
        if !home_elsewhere() {
            return sync::home_publish(board, me, tag, vc);
        }
        let (b, i) = board.code();
        let mut q = Out::default();
        q.u8(PUBLISH).u8(b).u32(i).u32(me as u32).u64(tag).vc(vc);
        call(0, &q);
    }

    /// The clocks on `board` of the first `threads` threads, with their tags (+1; 0: none).
    pub fn join(board: Board, threads: usize) -> Vec<(u64, [u32; V])> {
        if !home_elsewhere() {
            return sync::home_join(board, threads);
        }
        let (b, i) = board.code();
        let mut q = Out::default();
        q.u8(JOIN).u8(b).u32(i).u32(threads as u32);
        let a = call(0, &q);
        let mut a = In(&a);
        (0..threads).map(|_| (a.u64(), a.vc())).collect()
    }
}

/// This process's handler of requests (`pgas::rpc`): applies them to its node's shadow and
/// clocks.
fn serve(req: &[u8]) -> Vec<u8> {
    let mut q = In(req);
    let mut a = Out::default();
    match q.u8() {
        ACCESS => a = serve_access(&mut q),
        BATCH => a = serve_batch(&mut q),
        RELEASE => {
            let key = q.u64();
            let me = q.u32() as usize;
            let has = q.u8() != 0;
            let c = q.u32();
            sync::home_release(key, me, has.then_some(c), &q.vc());
        }
        ACQUIRE => {
            a.vc(&sync::home_acquire(q.u64()));
        }
        LOCK_ACQUIRED => {
            let (key, me, acq, threads) = (q.u64(), q.u32() as usize, q.u32(), q.u32());
            for (x, y) in sync::home_lock_acquired(key, me, acq, threads as usize) {
                a.u32(x).u32(y);
            }
        }
        PUBLISH => {
            let board = Board::of(q.u8(), q.u32());
            let (me, tag) = (q.u32() as usize, q.u64());
            sync::home_publish(board, me, tag, &q.vc());
        }
        JOIN => {
            let board = Board::of(q.u8(), q.u32());
            for (tag, vc) in sync::home_join(board, q.u32() as usize) {
                a.u64(tag).vc(&vc);
            }
        }
        _ => {}
    }
    a.0
}

/// At a thread's start, with race checking on over several nodes: answer the others'
/// requests.
pub(super) fn start() {
    if several_nodes() {
        pgas::rpc::set_handler(serve);
    }
}
